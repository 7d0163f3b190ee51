//! Walks as data: a walk is a list of steps, each a family (how vectors are
//! followed from the unit's square) and its data, in the order Popeye
//! generates them. The generic generators in `board/walks/` read them;
//! nothing else needs to know which walk a unit has.
//!
//! Each family keeps moves and captures apart where the walk does: a
//! Chinese piece rides to move and hops to capture, a locust only
//! captures, a hamster never does, a pawn captures aside and moves ahead.
//! Check is the capture part of every family (`board::walks::fairy::observes`).

/// A vector (files, ranks); ranks count towards rank 8 for both colours,
/// except in the pawn families, which turn with the unit's colour.
pub type Vector = (i8, i8);

/// What follows the last hurdle of a [`Step::Hop`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Land {
    /// On the `n`-th square behind it, the squares before that empty
    /// (grasshopper: 1; grasshopper-2: 2).
    Behind(u8),
    /// On every empty square behind it, capturing the first unit (lions).
    Line,
}

/// How a hurdle is found before the square a unit lands on, for the
/// Chinese lame leapers (mao: orthogonal step first; moa: diagonal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lame {
    Mao,
    Moa,
}

/// The equihopper family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Equi {
    /// Symmetric hop over the hurdle on a queen line, then the short leaps.
    Hopper,
    /// The queen-line part of the equihopper only.
    Orix,
    /// Stops half-way to the hurdle; captures the hurdle.
    Stopper,
    /// Symmetric hop over any unit, the squares between not looked at.
    NonstopHopper,
    NonstopOrix,
    NonstopStopper,
    /// Equihops turned by 90 degrees at the hurdle.
    EagleHopper,
    EagleNonstopHopper,
}

/// The angle a hopper turns by at its hurdle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Angle {
    /// Moose: 45 degrees.
    A45,
    /// Eagle: 90 degrees.
    A90,
    /// Sparrow: 135 degrees.
    A135,
    /// Scarabeus: on to a knight-like square.
    Knightwise,
}

/// The rose family: the knight's circles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rose {
    /// Moves along the circle, captures the first unit.
    Rider,
    /// Moves along the circle, captures by hopping one unit on it (rao).
    Chinese,
    /// Over the first unit of the circle, then on along it (rose lion).
    Lion,
    /// Over the first unit, to the next square of the circle.
    Hopper,
    /// Captures the first unit by landing on the next square.
    Locust,
}

/// The pawn family, each following its colour's forward direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pawn {
    /// Orthodox: captures diagonally forward (and en passant), steps
    /// forward, double step from its second rank.
    Pawn,
    /// Captures straight forward, steps diagonally forward.
    Berolina,
    /// Moves forward any distance, captures diagonally forward at any
    /// distance.
    Super,
    /// Moves diagonally forward any distance, captures straight forward at
    /// any distance.
    SuperBerolina,
    /// A pawn going backwards, towards its own first rank.
    Reverse,
    /// One step forward; past the middle of the board also sideways.
    Chinese,
    /// Steps as a pawn, captures as a locust diagonally forward.
    Marine,
    /// The pawn's captures only (ship).
    Captures,
    /// The pawn's steps only (gryphon).
    Steps,
    /// The marine pawn's captures only (marine ship).
    MarineCaptures,
}

/// The radial hoppers and leapers: leaps grouped by length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Radial {
    /// Over a unit at one leap of a length, on by a leap of that length.
    Tree,
    /// With a unit at one leap of a length, to the other leaps of that length.
    Leaf,
    /// Over an enemy at one leap of a length, on by a leap of that length.
    Knight,
}

/// One family with its data. Vectors are listed in the order Popeye
/// generates them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// One jump along each vector (knight, zebra, camel ...).
    Leap(&'static [Vector]),
    /// Jumps along each vector while the squares are empty; the first unit
    /// met may be captured (rook, nightrider ...).
    Ride(&'static [Vector]),
    /// Along each vector over `hurdles` units (at any distance), then as
    /// `land` says (grasshopper, kangaroo, lion, rabbit, bob ...).
    Hop {
        vectors: &'static [Vector],
        hurdles: u8,
        land: Land,
    },
    /// The hurdle on the adjacent square, landing right behind it (king
    /// hopper, knight hopper).
    LeapHop(&'static [Vector]),
    /// The hurdle on the adjacent square, then on like a rider (contra
    /// grasshopper).
    ContraHop(&'static [Vector]),
    /// Two grasshopper hops in a row (double grasshopper ...).
    DoubleHop(&'static [Vector]),
    Equi(Equi),
    /// Hops, turning at the hurdle.
    AngleHop(&'static [Vector], Angle),
    /// Hops back off the first unit of each queen line, never capturing.
    Hamster,
    /// Moves away from an adjacent unit, as a rider.
    ContraHamster,
    /// A knight's leap over its intermediate square when that is occupied.
    LameHop(Lame),
    /// A knight's leap when the intermediate square is empty.
    Lame(Lame),
    LameRider(Lame),
    LameRiderLion(Lame),
    /// Moves as a mao or moa hopper, captures as a mao or moa.
    Saltador,
    /// Moves as a rider, captures by hopping one unit to the first unit
    /// behind it (leo, pao, vao, nao).
    Chinese(&'static [Vector]),
    /// Moves as a leaper, captures by leaping over a unit (kao).
    ChineseLeap(&'static [Vector]),
    /// Captures as a rider, moves only past a first unit (senora, faro,
    /// loco).
    Argentinian(&'static [Vector]),
    /// Captures the first unit of a line by landing right behind it.
    Locust(&'static [Vector]),
    /// A rider that captures as a locust (sirene, triton, nereide).
    Marine(&'static [Vector]),
    /// A leaper that captures as a locust (marine knight, poseidon).
    MarineLeap(&'static [Vector]),
    /// Pairs (to the victim, on to the landing square): one leap to an
    /// empty square or a locust capture (skylla, charybdis).
    BentLocust(&'static [(Vector, Vector)]),
    Rose(Rose),
    /// Alternating the two vectors of each pair (spiral springers, scouts).
    Zigzag(&'static [(Vector, Vector)]),
    /// A bishop reflected by the board's edges up to `n` times.
    Reflect(u8),
    /// A bishop reflected once by an edge, on its edge square.
    Cardinal,
    /// Back off the first unit or the edge, as far as it went.
    Bouncer(&'static [Vector]),
    BouncyKnight,
    BouncyNightrider,
    /// Every square reachable by knight leaps over empty squares.
    UbiUbi,
    /// A queen that moves only between edge and inner squares.
    Edgehog,
    /// A knight's leap, then dabbaba steps along its long leg.
    Cat,
    Pawn(Pawn),
    /// Classes of leaps of equal length, in order.
    Radial(Radial, &'static [&'static [Vector]]),
    /// Moves as the orthodox piece of its file's game-array square.
    Querquisite,
    /// The first walk's moves down the board, the second's up.
    Hunter(&'static [Vector], &'static [Vector]),
    /// Moves as every walk that observes it (orphan) or observes it from
    /// its own side (friend).
    Orphan {
        friend: bool,
    },
}

/// How a kind moves and captures: its steps, in generation order.
#[derive(Clone, Copy, Debug)]
pub struct Walk {
    pub steps: &'static [Step],
}

/// Vector sets, each in Popeye's generation order.
pub mod vectors {
    use super::Vector;

    /// (n,0) (0,n) (-n,0) (0,-n).
    const fn orthogonal(n: i8) -> [Vector; 4] {
        [(n, 0), (0, n), (-n, 0), (0, -n)]
    }

    /// (-n,n) (n,n) (n,-n) (-n,-n).
    const fn diagonal(n: i8) -> [Vector; 4] {
        [(-n, n), (n, n), (n, -n), (-n, -n)]
    }

    /// The eight leaps {m,n}, 0 < m < n, clockwise from the one furthest
    /// to the west of north-west.
    const fn leaps(m: i8, n: i8) -> [Vector; 8] {
        [
            (-n, m),
            (-m, n),
            (m, n),
            (n, m),
            (n, -m),
            (m, -n),
            (-m, -n),
            (-n, -m),
        ]
    }

    /// `a` then `b`.
    const fn cat<const A: usize, const B: usize, const C: usize>(
        a: [Vector; A],
        b: [Vector; B],
    ) -> [Vector; C] {
        assert!(A + B == C);
        let mut out = [(0, 0); C];
        let mut i = 0;
        while i < A {
            out[i] = a[i];
            i += 1;
        }
        while i < C {
            out[i] = b[i - A];
            i += 1;
        }
        out
    }

    /// `a` in reverse order.
    const fn rev<const A: usize>(a: [Vector; A]) -> [Vector; A] {
        let mut out = a;
        let mut i = 0;
        while i < A {
            out[i] = a[A - 1 - i];
            i += 1;
        }
        out
    }

    pub const W: [Vector; 4] = orthogonal(1);
    pub const F: [Vector; 4] = diagonal(1);
    pub const Q: [Vector; 8] = cat(W, F);
    pub const N: [Vector; 8] = leaps(1, 2);
    pub const W_REV: [Vector; 4] = rev(W);
    pub const F_REV: [Vector; 4] = rev(F);
    pub const Q_REV: [Vector; 8] = rev(Q);
    pub const N_REV: [Vector; 8] = rev(N);
    pub const Q_N: [Vector; 16] = cat(Q, N);

    pub const L02: [Vector; 4] = orthogonal(2);
    pub const L03: [Vector; 4] = orthogonal(3);
    pub const L04: [Vector; 4] = orthogonal(4);
    pub const L05: [Vector; 4] = orthogonal(5);
    pub const L06: [Vector; 4] = orthogonal(6);
    pub const L07: [Vector; 4] = orthogonal(7);
    pub const L22: [Vector; 4] = diagonal(2);
    pub const L33: [Vector; 4] = diagonal(3);
    pub const L44: [Vector; 4] = diagonal(4);
    pub const L55: [Vector; 4] = diagonal(5);
    pub const L66: [Vector; 4] = diagonal(6);
    pub const L77: [Vector; 4] = diagonal(7);
    pub const L13: [Vector; 8] = leaps(1, 3);
    pub const L14: [Vector; 8] = leaps(1, 4);
    pub const L15: [Vector; 8] = leaps(1, 5);
    pub const L16: [Vector; 8] = leaps(1, 6);
    pub const L17: [Vector; 8] = leaps(1, 7);
    pub const L23: [Vector; 8] = leaps(2, 3);
    pub const L24: [Vector; 8] = leaps(2, 4);
    pub const L25: [Vector; 8] = leaps(2, 5);
    pub const L26: [Vector; 8] = leaps(2, 6);
    pub const L27: [Vector; 8] = leaps(2, 7);
    pub const L34: [Vector; 8] = leaps(3, 4);
    pub const L35: [Vector; 8] = leaps(3, 5);
    pub const L36: [Vector; 8] = leaps(3, 6);
    pub const L37: [Vector; 8] = leaps(3, 7);
    pub const L45: [Vector; 8] = leaps(4, 5);
    pub const L46: [Vector; 8] = leaps(4, 6);
    pub const L47: [Vector; 8] = leaps(4, 7);
    pub const L56: [Vector; 8] = leaps(5, 6);
    pub const L57: [Vector; 8] = leaps(5, 7);
    pub const L67: [Vector; 8] = leaps(6, 7);

    /// Compounds of leaps, in the order their parts are generated.
    pub const L02_L22: [Vector; 8] = cat(L02, L22);
    pub const L13_L14: [Vector; 16] = cat(L13, L14);
    pub const L17_L55: [Vector; 12] = cat(L17, L55);
    pub const L23_L13: [Vector; 16] = cat(L23, L13);
    pub const L34_L05: [Vector; 12] = cat(L34, L05);
    pub const N_L23: [Vector; 16] = cat(N, L23);

    /// The leaps of the equihoppers' second part: knight, zebra, camel.
    pub const EQUI_LEAPS: [Vector; 24] = cat::<16, 8, 24>(cat(N, L23), L13);

    /// Leaps grouped by length, shortest first, for the radial walks:
    /// the queen's (tree and leaf hoppers) ...
    pub const RADIAL_QUEEN: [&[Vector]; 14] = [
        &W, &L02, &L03, &L04, &L05, &L06, &L07, &F, &L22, &L33, &L44, &L55, &L66, &L77,
    ];
    /// ... and every leap on the board (greater hoppers, radial knight).
    pub const RADIAL_ALL: [&[Vector]; 33] = [
        &W, &L02, &L03, &L04, &L34_L05, &L06, &L07, &F, &N, &L13, &L14, &L15, &L16, &L17_L55, &L22,
        &L23, &L24, &L25, &L26, &L27, &L33, &L35, &L36, &L37, &L44, &L45, &L46, &L47, &L56, &L57,
        &L66, &L67, &L77,
    ];

    /// Skylla: to the orthogonal neighbour, on diagonally.
    pub const SKYLLA: [(Vector, Vector); 8] = [
        ((1, 0), (1, 1)),
        ((0, 1), (1, 1)),
        ((0, 1), (-1, 1)),
        ((-1, 0), (-1, 1)),
        ((-1, 0), (-1, -1)),
        ((0, -1), (-1, -1)),
        ((0, -1), (1, -1)),
        ((1, 0), (1, -1)),
    ];
    /// Charybdis: to the diagonal neighbour, on orthogonally.
    pub const CHARYBDIS: [(Vector, Vector); 8] = [
        ((1, 1), (1, 0)),
        ((1, 1), (0, 1)),
        ((-1, 1), (0, 1)),
        ((-1, 1), (-1, 0)),
        ((-1, -1), (-1, 0)),
        ((-1, -1), (0, -1)),
        ((1, -1), (0, -1)),
        ((1, -1), (1, 0)),
    ];

    /// The zigzag pairs (first leg, second leg) of the spiral springers
    /// and scouts.
    pub const SPIRAL: [(Vector, Vector); 16] = [
        ((-2, 1), (-2, -1)),
        ((-2, 1), (2, 1)),
        ((-1, 2), (-1, -2)),
        ((-1, 2), (1, 2)),
        ((1, 2), (1, -2)),
        ((1, 2), (-1, 2)),
        ((2, 1), (2, -1)),
        ((2, 1), (-2, 1)),
        ((2, -1), (2, 1)),
        ((2, -1), (-2, -1)),
        ((1, -2), (1, 2)),
        ((1, -2), (-1, -2)),
        ((-1, -2), (-1, 2)),
        ((-1, -2), (1, -2)),
        ((-2, -1), (-2, 1)),
        ((-2, -1), (2, -1)),
    ];
    pub const DIAGONAL_SPIRAL: [(Vector, Vector); 16] = [
        ((-2, 1), (-1, 2)),
        ((-2, 1), (1, -2)),
        ((-1, 2), (-2, 1)),
        ((-1, 2), (2, -1)),
        ((1, 2), (2, 1)),
        ((1, 2), (-2, -1)),
        ((2, 1), (1, 2)),
        ((2, 1), (-1, -2)),
        ((2, -1), (1, -2)),
        ((2, -1), (-1, 2)),
        ((1, -2), (2, -1)),
        ((1, -2), (-2, 1)),
        ((-1, -2), (-2, -1)),
        ((-1, -2), (2, 1)),
        ((-2, -1), (-1, -2)),
        ((-2, -1), (1, 2)),
    ];
    pub const BOY_SCOUT: [(Vector, Vector); 8] = [
        ((-1, 1), (-1, -1)),
        ((-1, 1), (1, 1)),
        ((1, 1), (1, -1)),
        ((1, 1), (-1, 1)),
        ((1, -1), (1, 1)),
        ((1, -1), (-1, -1)),
        ((-1, -1), (-1, 1)),
        ((-1, -1), (1, -1)),
    ];
    pub const GIRL_SCOUT: [(Vector, Vector); 8] = [
        ((0, -1), (1, 0)),
        ((0, -1), (-1, 0)),
        ((-1, 0), (0, 1)),
        ((-1, 0), (0, -1)),
        ((0, 1), (-1, 0)),
        ((0, 1), (1, 0)),
        ((1, 0), (0, -1)),
        ((1, 0), (0, 1)),
    ];
    pub const ZIGZAG_20: [(Vector, Vector); 8] = [
        ((-2, 1), (2, 1)),
        ((2, 1), (-2, 1)),
        ((1, 2), (1, -2)),
        ((1, -2), (1, 2)),
        ((2, -1), (-2, -1)),
        ((-2, -1), (2, -1)),
        ((-1, -2), (-1, 2)),
        ((-1, 2), (-1, -2)),
    ];
    pub const ZIGZAG_40: [(Vector, Vector); 8] = [
        ((-2, 1), (-2, -1)),
        ((-2, -1), (-2, 1)),
        ((1, 2), (-1, 2)),
        ((-1, 2), (1, 2)),
        ((2, -1), (2, 1)),
        ((2, 1), (2, -1)),
        ((-1, -2), (1, -2)),
        ((1, -2), (-1, -2)),
    ];
    pub const ZIGZAG_11: [(Vector, Vector); 8] = [
        ((-2, 1), (1, -2)),
        ((1, -2), (-2, 1)),
        ((1, 2), (-2, -1)),
        ((-2, -1), (1, 2)),
        ((2, -1), (-1, 2)),
        ((-1, 2), (2, -1)),
        ((-1, -2), (2, 1)),
        ((2, 1), (-1, -2)),
    ];
    pub const ZIGZAG_33: [(Vector, Vector); 8] = [
        ((-2, 1), (-1, 2)),
        ((-1, 2), (-2, 1)),
        ((1, 2), (2, 1)),
        ((2, 1), (1, 2)),
        ((2, -1), (1, -2)),
        ((1, -2), (2, -1)),
        ((-1, -2), (-2, -1)),
        ((-2, -1), (-1, -2)),
    ];
    pub const QUINTESSENCE: [(Vector, Vector); 16] = [
        ((-2, 1), (1, 2)),
        ((1, 2), (-2, 1)),
        ((-1, 2), (2, 1)),
        ((2, 1), (-1, 2)),
        ((1, 2), (2, -1)),
        ((2, -1), (1, 2)),
        ((2, 1), (1, -2)),
        ((1, -2), (2, 1)),
        ((2, -1), (-1, -2)),
        ((-1, -2), (2, -1)),
        ((1, -2), (-2, -1)),
        ((-2, -1), (1, -2)),
        ((-1, -2), (-2, 1)),
        ((-2, 1), (-1, -2)),
        ((-2, -1), (-1, 2)),
        ((-1, 2), (-2, -1)),
    ];
}

/// The two vectors a unit going along `v` turns to at a right angle, in
/// Popeye's order (the eagle's turns, the reflecting bishops' bounces).
pub fn right_angle_turns(v: Vector) -> (Vector, Vector) {
    turns(v, Angle::A90)
}

/// The two vectors a hopper arriving along `v` turns to at its hurdle.
pub fn turns(v: Vector, angle: Angle) -> (Vector, Vector) {
    // Rows: (1,0) (0,1) (-1,0) (0,-1) (-1,1) (1,1) (1,-1) (-1,-1).
    const ROWS: [Vector; 8] = vectors::Q;
    const A45: [(Vector, Vector); 8] = [
        ((1, 1), (1, -1)),
        ((1, 1), (-1, 1)),
        ((-1, -1), (-1, 1)),
        ((-1, -1), (1, -1)),
        ((0, 1), (-1, 0)),
        ((0, 1), (1, 0)),
        ((0, -1), (1, 0)),
        ((0, -1), (-1, 0)),
    ];
    const A90: [(Vector, Vector); 8] = [
        ((0, -1), (0, 1)),
        ((-1, 0), (1, 0)),
        ((0, -1), (0, 1)),
        ((-1, 0), (1, 0)),
        ((-1, -1), (1, 1)),
        ((1, -1), (-1, 1)),
        ((-1, -1), (1, 1)),
        ((1, -1), (-1, 1)),
    ];
    const A135: [(Vector, Vector); 8] = [
        ((-1, -1), (-1, 1)),
        ((-1, -1), (1, -1)),
        ((1, 1), (1, -1)),
        ((1, 1), (-1, 1)),
        ((0, -1), (1, 0)),
        ((0, -1), (-1, 0)),
        ((0, 1), (-1, 0)),
        ((0, 1), (1, 0)),
    ];
    const KNIGHTWISE: [(Vector, Vector); 8] = [
        ((2, 1), (2, -1)),
        ((1, 2), (-1, 2)),
        ((-2, -1), (-2, 1)),
        ((-1, -2), (1, -2)),
        ((-1, 2), (-2, 1)),
        ((1, 2), (2, 1)),
        ((1, -2), (2, -1)),
        ((-1, -2), (-2, -1)),
    ];
    let row = ROWS.iter().position(|&r| r == v).expect("a queen vector");
    match angle {
        Angle::A45 => A45[row],
        Angle::A90 => A90[row],
        Angle::A135 => A135[row],
        Angle::Knightwise => KNIGHTWISE[row],
    }
}

#[cfg(test)]
mod tests {
    use super::vectors::*;
    use super::*;

    #[test]
    fn vector_sets_in_generation_order() {
        assert_eq!(
            Q,
            [
                (1, 0),
                (0, 1),
                (-1, 0),
                (0, -1),
                (-1, 1),
                (1, 1),
                (1, -1),
                (-1, -1)
            ]
        );
        assert_eq!(N[0], (-2, 1));
        assert_eq!(N[7], (-2, -1));
        assert_eq!(L23[0], (-3, 2));
        assert_eq!(Q_REV[0], (-1, -1));
        assert_eq!(EQUI_LEAPS[8], (-3, 2));
        assert_eq!(EQUI_LEAPS[16], (-3, 1));
    }

    #[test]
    fn every_radial_leap_is_on_the_board_once() {
        let mut all: Vec<Vector> = RADIAL_ALL.iter().flat_map(|c| c.iter().copied()).collect();
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n);
        // Every (dx, dy) with |dx|,|dy| <= 7 but (0,0).
        assert_eq!(n, 15 * 15 - 1);
    }

    #[test]
    fn turns_are_at_the_right_angle() {
        for v in Q {
            let (a, b) = right_angle_turns(v);
            assert_eq!(a.0 * v.0 + a.1 * v.1, 0);
            assert_eq!(b.0 * v.0 + b.1 * v.1, 0);
            let (a, b) = turns(v, Angle::A135);
            assert!(a.0 * v.0 + a.1 * v.1 < 0 && b.0 * v.0 + b.1 * v.1 < 0);
        }
    }
}
