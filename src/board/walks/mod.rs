//! The generic generators: every family of [`Step`] followed from a unit's
//! square, in Popeye's generation order, reporting each square reached.
//!
//! The unit still stands on its square while its moves are generated: it
//! blocks its own lines and may serve as a hurdle, as in Popeye. A
//! generator reports empty squares as moves and enemy units as captures
//! (with the victim's square, which differs from the arrival for locusts
//! and en passant); what the rules make of a capture is decided later.
//! Observation (check) is the same generation with only the captures
//! reported.

mod chinese;
mod curved;
pub mod fairy;
mod hoppers;
mod locusts;
mod orphans;
mod others;
mod pawns;

use crate::board::{Bitboard, Color, Position, Square};
use crate::moves::Motion;
use crate::pieces::walk::{Lame, Step, Vector};

/// A square reached by a walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Where the unit arrives.
    pub to: Square,
    /// Where the captured unit stands, for a capture.
    pub capture: Option<Square>,
    /// `DoubleStep` and `EnPassant` for the pawns' moves of those names;
    /// `Normal` otherwise.
    pub motion: Motion,
}

/// The board as a generator sees it.
#[derive(Clone, Copy)]
pub struct Board<'a> {
    pub pos: &'a Position,
    /// Squares holding a unit (the moving unit's own square included).
    pub occupied: Bitboard,
    /// Units the moving side may capture.
    pub enemies: Bitboard,
    /// The side the unit moves for: the pawns' direction.
    pub side: Color,
    /// The square the last double step passed over and the unit that made
    /// it, when that unit may be taken en passant.
    pub ep: Option<(Square, Square)>,
}

/// Coordinates (file, rank) that may lie off the board.
/// A square's (file, rank), off the board too.
pub(crate) type At = (i8, i8);

#[inline]
fn add(a: At, v: Vector) -> At {
    (a.0 + v.0, a.1 + v.1)
}

#[inline]
fn sub(a: At, v: Vector) -> At {
    (a.0 - v.0, a.1 - v.1)
}

#[inline]
fn times(v: Vector, k: i8) -> Vector {
    (v.0 * k, v.1 * k)
}

/// Steps from `a` to `b` along a line (the larger coordinate difference).
#[inline]
fn dist(a: At, b: At) -> i8 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

#[inline]
fn square(a: At) -> Option<Square> {
    ((0..8).contains(&a.0) && (0..8).contains(&a.1)).then(|| Square::new(a.0 as u8, a.1 as u8))
}

#[inline]
fn at(sq: Square) -> At {
    (sq.file() as i8, sq.rank() as i8)
}

/// One unit's generation: the board, its square, and where results go.
struct Walker<'b, 'p, F: FnMut(Reach)> {
    board: &'b Board<'p>,
    from: At,
    /// Observation: report captures only.
    captures_only: bool,
    /// The walk is lent to an orphan: Popeye's pawns then move from their
    /// first rank too and never take en passant.
    for_orphan: bool,
    found: F,
}

/// Reports to `found` every square the steps reach from `from`, in
/// generation order: every move and capture when `captures_only` is false,
/// the captures alone when it is true.
pub fn generate(
    steps: &[Step],
    from: Square,
    board: &Board,
    captures_only: bool,
    found: impl FnMut(Reach),
) {
    generate_for(steps, from, board, captures_only, false, found);
}

/// [`generate`] for a walk lent to an orphan when `for_orphan`.
fn generate_for(
    steps: &[Step],
    from: Square,
    board: &Board,
    captures_only: bool,
    for_orphan: bool,
    found: impl FnMut(Reach),
) {
    let mut w = Walker {
        board,
        from: at(from),
        captures_only,
        for_orphan,
        found,
    };
    for step in steps {
        w.step(step);
    }
}

/// Whether `steps` could capture a unit on `target` from `from` on some
/// board: geometry alone, so that observation skips the units whose walk
/// never reaches the target, whatever stands between. The families that
/// capture along lines are tested line by line; the others answer yes.
pub fn may_capture_on(steps: &[Step], from: Square, target: Square) -> bool {
    let d = sub(at(target), at(from));
    let on_a_line = |vs: &[Vector]| vs.iter().any(|&v| on_ray(d, v));
    steps.iter().any(|step| match *step {
        Step::Leap(vs) => vs.contains(&d),
        Step::Ride(vs)
        | Step::Hop { vectors: vs, .. }
        | Step::LeapHop(vs)
        | Step::ContraHop(vs)
        | Step::Chinese(vs)
        | Step::ChineseLeap(vs)
        | Step::Argentinian(vs)
        | Step::Locust(vs)
        | Step::Marine(vs)
        | Step::MarineLeap(vs) => on_a_line(vs),
        Step::Lame(_)
        | Step::LameHop(_)
        | Step::LameRider(_)
        | Step::LameRiderLion(_)
        | Step::Saltador => on_a_line(&crate::pieces::walk::vectors::N),
        // Every unit of the family captures a unit on one of its circles.
        Step::Rose(_) => curved::rose_circle_meets(at(from), at(target)),
        _ => true,
    })
}

/// How many captures of a unit on `target` a walk made only of leaps and
/// rides has from `from` over `occupied`: one per leap and per line that
/// reaches it over empty squares, what the generator would report, without
/// walking the lines that miss it (a nightrider's or an elephant's check
/// test). None for the other walks.
pub(crate) fn line_captures(
    steps: &[Step],
    from: Square,
    target: Square,
    occupied: Bitboard,
) -> Option<usize> {
    let (from, target) = (at(from), at(target));
    let d = sub(target, from);
    let mut n = 0;
    for step in steps {
        match *step {
            Step::Leap(vs) => n += vs.iter().filter(|&&v| v == d).count(),
            Step::Ride(vs) => {
                for &v in vs.iter().filter(|&&v| on_ray(d, v)) {
                    let mut s = add(from, v);
                    while s != target && empty_at(s, occupied) {
                        s = add(s, v);
                    }
                    n += usize::from(s == target);
                }
            }
            _ => return None,
        }
    }
    Some(n)
}

/// How many of a rose's circles from `from` reach a unit on `target` over
/// empty squares (`occupied`): the captures its generator would report.
pub(crate) fn rose_rider_captures(from: Square, target: Square, occupied: Bitboard) -> usize {
    curved::rose_rider_captures(from, target, occupied)
}

/// The lines along which a unit of the single step `steps` on `from`
/// observes a unit on `target` over `occupied`, one per path, each told as
/// Popeye tells the paths of curved, zigzag and turning walks (for magic
/// units): the rose family's circles (`curved::rose_lines`), zigzags
/// (`curved::zigzag_lines`), angle hops and double hops
/// (`hoppers::angle_hop_lines`, `hoppers::double_hop_lines`). None for the
/// other walks.
pub(crate) fn path_lines(
    steps: &[Step],
    from: Square,
    target: Square,
    occupied: Bitboard,
) -> Option<Vec<(At, At)>> {
    let (from, target) = (at(from), at(target));
    Some(match steps {
        [Step::Rose(rose)] => curved::rose_lines(*rose, from, target, occupied),
        [Step::Zigzag(pairs)] => curved::zigzag_lines(pairs, from, target, occupied),
        [Step::AngleHop(vectors, angle)] => {
            hoppers::angle_hop_lines(vectors, *angle, from, target, occupied)
        }
        [Step::DoubleHop(vectors)] => hoppers::double_hop_lines(vectors, from, target, occupied),
        _ => return None,
    })
}

/// Whether `a` is an empty square of the board.
#[inline]
fn empty_at(a: At, occupied: Bitboard) -> bool {
    square(a).is_some_and(|s| !occupied.contains(s))
}

/// Whether `a` is a square of the board that holds a unit.
#[inline]
fn holds(a: At, occupied: Bitboard) -> bool {
    square(a).is_some_and(|s| occupied.contains(s))
}

/// Whether `d` is a positive multiple of `v`. Without a division (the
/// check test asks it for every line of every fairy unit): `d` lies on
/// `v`'s half-line when their cross product is 0 and their dot product
/// positive; it is then a whole multiple when `v` is a step of one square
/// in each direction, else when `v`'s larger component divides `d`'s.
#[inline]
fn on_ray(d: Vector, v: Vector) -> bool {
    let (dx, dy) = (i32::from(d.0), i32::from(d.1));
    let (x, y) = (i32::from(v.0), i32::from(v.1));
    if dx * y != dy * x || dx * x + dy * y <= 0 {
        return false;
    }
    if x.abs() <= 1 && y.abs() <= 1 {
        return true;
    }
    let (m, dm) = if x.abs() >= y.abs() { (x, dx) } else { (y, dy) };
    dm % m == 0
}

impl<F: FnMut(Reach)> Walker<'_, '_, F> {
    fn step(&mut self, step: &Step) {
        let d = self.from;
        match *step {
            Step::Leap(vs) => {
                for &v in vs {
                    self.try_to(add(d, v));
                }
            }
            Step::Ride(vs) => {
                for &v in vs {
                    let t = self.line(d, v);
                    self.capture_if_enemy(t);
                }
            }
            Step::Hop {
                vectors,
                hurdles,
                land,
            } => self.hop(vectors, hurdles, land),
            Step::LeapHop(vs) => self.leap_hop(vs),
            Step::ContraHop(vs) => self.contra_hop(vs),
            Step::DoubleHop(vs) => self.double_hop(vs),
            Step::Equi(e) => self.equi(e),
            Step::AngleHop(vs, angle) => self.angle_hop(vs, angle),
            Step::Hamster => self.hamster(),
            Step::ContraHamster => self.contra_hamster(),
            Step::LameHop(l) => self.lame_hop(l, true, true),
            Step::Lame(l) => self.lame(l, true, true),
            Step::LameRider(l) => self.lame_rider(l),
            Step::LameRiderLion(l) => self.lame_rider_lion(l),
            Step::Saltador => {
                // Moves as the mao and moa hoppers, captures as mao and moa.
                self.lame_hop(Lame::Mao, true, false);
                self.lame_hop(Lame::Moa, true, false);
                self.lame(Lame::Mao, false, true);
                self.lame(Lame::Moa, false, true);
            }
            Step::Chinese(vs) => self.chinese(vs),
            Step::ChineseLeap(vs) => self.chinese_leap(vs),
            Step::Argentinian(vs) => self.argentinian(vs),
            Step::Locust(vs) => self.locusts(vs),
            Step::Marine(vs) => self.marine(vs),
            Step::MarineLeap(vs) => self.marine_leap(vs),
            Step::BentLocust(pairs) => self.bent_locust(pairs),
            Step::Rose(r) => self.rose(r),
            Step::Zigzag(pairs) => self.zigzag(pairs),
            Step::Reflect(n) => self.reflect(n),
            Step::Cardinal => self.cardinal(),
            Step::Bouncer(vs) => self.bouncer(vs),
            Step::BouncyKnight => self.bouncy_knight(d, 2),
            Step::BouncyNightrider => self.bouncy_nightrider(),
            Step::UbiUbi => self.ubiubi(),
            Step::Edgehog => self.edgehog(),
            Step::Cat => self.cat(),
            Step::Pawn(p) => self.pawn(p),
            Step::Radial(r, classes) => self.radial(r, classes),
            Step::Querquisite => self.querquisite(),
            Step::Hunter(down, up) => self.hunter(down, up),
            Step::Orphan { friend } => self.orphan(friend),
        }
    }

    // The board.

    #[inline]
    fn is_empty(&self, a: At) -> bool {
        square(a).is_some_and(|s| !self.board.occupied.contains(s))
    }

    /// A unit stands there (of either side, the moving one included).
    #[inline]
    fn is_piece(&self, a: At) -> bool {
        square(a).is_some_and(|s| self.board.occupied.contains(s))
    }

    #[inline]
    fn is_enemy(&self, a: At) -> bool {
        square(a).is_some_and(|s| self.board.enemies.contains(s))
    }

    // What is reported.

    /// A move to the empty square `a`.
    #[inline]
    fn quiet(&mut self, a: At) {
        if !self.captures_only {
            if let Some(to) = square(a) {
                (self.found)(Reach {
                    to,
                    capture: None,
                    motion: Motion::Normal,
                });
            }
        }
    }

    /// A capture of the unit on `victim`, arriving on `to`.
    #[inline]
    fn capture(&mut self, to: At, victim: At) {
        if let (Some(to), Some(victim)) = (square(to), square(victim)) {
            (self.found)(Reach {
                to,
                capture: Some(victim),
                motion: Motion::Normal,
            });
        }
    }

    // Popeye's primitives.

    /// A move to `a` if empty, a capture there if an enemy stands on it.
    #[inline]
    fn try_to(&mut self, a: At) {
        if self.is_empty(a) {
            self.quiet(a);
        } else {
            self.capture_if_enemy(a);
        }
    }

    #[inline]
    fn capture_if_enemy(&mut self, a: At) {
        if self.is_enemy(a) {
            self.capture(a, a);
        }
    }

    /// Moves to the empty squares from `a` along `v`, nearest first; the
    /// first square that is not empty (a unit, or off the board).
    #[inline]
    fn line(&mut self, a: At, v: Vector) -> At {
        let mut s = add(a, v);
        while self.is_empty(s) {
            self.quiet(s);
            s = add(s, v);
        }
        s
    }

    /// The first square from `a` along `v` that is not empty.
    #[inline]
    fn next(&self, a: At, v: Vector) -> At {
        let mut s = add(a, v);
        while self.is_empty(s) {
            s = add(s, v);
        }
        s
    }

    /// A locust's capture of the enemy on `c`, landing on the empty square
    /// behind it along `v`.
    #[inline]
    fn locust(&mut self, c: At, v: Vector) {
        let land = add(c, v);
        if self.is_enemy(c) && self.is_empty(land) {
            self.capture(land, c);
        }
    }
}

#[cfg(test)]
mod tests;
