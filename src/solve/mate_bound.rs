//! Orthodox help mates: whether a mate can still be reached in the moves
//! left, judged on an empty board (issue 24, the intelligent mode's bound).
//!
//! In the final position the mated king stands on some square `k` it
//! reaches in its side's moves; a unit of the mating side other than its
//! king attacks `k`; and each square next to `k` is either held by a unit
//! of the mated side or attacked by the mating side (else the king steps
//! there). Every attack in the final position is an attack on the empty
//! board from the same square, so these conditions hold with the empty
//! board's attacks too. Each move moves one unit (a castling two: one
//! move of slack where a side may still castle), so a side's moves are at
//! least the sum, over the units it moves, of each unit's fewest moves to
//! its final square (as itself, or as a pawn that promotes on the way).
//!
//! Units are never taken away here (a captured unit would only attack or
//! block less), a unit may count both on its square and on the one it goes
//! to, and each block is costed by the nearest unit, shared: each of these
//! only widens what is allowed, so a position judged out of reach has no
//! mate in the moves left. The answer depends only on the position and
//! the moves left, as the transposition table needs.

use super::routes::{king_moves, pawn_moves, promotion_moves, walk_moves, UNREACHABLE};
use crate::board::{attacks, Bitboard, Color, Kind, Position, Square};
use std::sync::OnceLock;

/// Steps of the search for the mating side's units before it gives up
/// and allows the mate (never a wrong "out of reach").
const WORK: u32 = 600;

/// The kinds a pawn may be at the end: itself or a promoted piece, with
/// its row in [`promotion_moves`].
const PAWN_FORMS: [(Kind, usize); 5] = [
    (Kind::PAWN, usize::MAX),
    (Kind::QUEEN, 0),
    (Kind::ROOK, 1),
    (Kind::BISHOP, 2),
    (Kind::KNIGHT, 3),
];

/// Whether the position is one the bound is made for: orthodox units
/// without attributes, holes or imitators, and one king of the side to be
/// mated.
pub fn applies(pos: &Position, mated: Color) -> bool {
    pos.fairy().is_empty()
        && pos.attributed().is_empty()
        && pos.neutral().is_empty()
        && pos.holes.is_empty()
        && pos.imitators.is_empty()
        && pos.pieces(mated, Kind::KING).count() == 1
}

/// The empty board's attacks of a `kind` of `color` on `sq`.
fn attacks_of(kind: Kind, color: Color, sq: Square) -> Bitboard {
    match kind {
        Kind::PAWN => attacks::pawn(color, sq),
        Kind::KNIGHT => attacks::knight(sq),
        Kind::BISHOP => attacks::bishop(sq, Bitboard::EMPTY),
        Kind::ROOK => attacks::rook(sq, Bitboard::EMPTY),
        Kind::QUEEN => attacks::queen(sq, Bitboard::EMPTY),
        _ => attacks::king(sq),
    }
}

/// The squares from which a `kind` of `color` attacks `sq` on the empty
/// board.
fn attackers_of(kind: Kind, color: Color, sq: Square) -> Bitboard {
    match kind {
        Kind::PAWN => attacks::pawn(color.opponent(), sq),
        _ => attacks_of(kind, color, sq),
    }
}

/// Whether `side` may still castle: its king and a rook unmoved at home.
fn may_castle(pos: &Position, side: Color) -> bool {
    let rank = side.back_rank();
    let home = Square::new(4, rank);
    pos.unmoved.contains(home)
        && pos.pieces(side, Kind::KING).contains(home)
        && [0, 7].into_iter().any(|f| {
            let corner = Square::new(f, rank);
            pos.unmoved.contains(corner) && pos.pieces(side, Kind::ROOK).contains(corner)
        })
}

/// The row of [`piece_moves`] for a piece (not a pawn, not a king).
fn piece_row(kind: Kind) -> usize {
    match kind {
        Kind::QUEEN => 0,
        Kind::ROOK => 1,
        Kind::BISHOP => 2,
        _ => 3,
    }
}

/// The fewest moves of a queen, rook, bishop and knight between any two
/// squares on the empty board ([`walk_moves`], made once).
fn piece_moves() -> &'static [[[u8; 64]; 64]; 4] {
    static TABLE: OnceLock<Box<[[[u8; 64]; 64]; 4]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([[[0u8; 64]; 64]; 4]);
        for (row, kind) in [Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT]
            .into_iter()
            .enumerate()
        {
            for from in Square::all() {
                for to in Square::all() {
                    table[row][from.index()][to.index()] =
                        walk_moves(kind, from, to).min(255) as u8;
                }
            }
        }
        table
    })
}

/// A unit of the mating side.
#[derive(Clone, Copy)]
struct Unit {
    sq: Square,
    kind: Kind,
}

/// The mating side's units and what they may do in the moves left.
struct Mating {
    color: Color,
    units: [Unit; 16],
    count: usize,
    /// Whether its king may castle (a castling counts as one king move).
    king_unmoved: bool,
    work: u32,
}

impl Mating {
    /// The fewest moves of unit `u` to stand on `to` as a `kind`.
    fn cost(&self, u: Unit, kind: Kind, row: usize, to: Square) -> u32 {
        if u.kind == Kind::PAWN && kind != Kind::PAWN {
            u32::from(promotion_moves()[self.color.index()][row][u.sq.index()][to.index()])
        } else if kind == Kind::PAWN {
            pawn_moves(self.color, u.sq, to)
        } else if kind == Kind::KING {
            king_moves(self.color, u.sq, to, self.king_unmoved)
        } else {
            u32::from(piece_moves()[piece_row(kind)][u.sq.index()][to.index()])
        }
    }

    /// Whether units not in `used`, moving at most `left` moves in all,
    /// can attack every square of `need` (`check`, the mated king's square,
    /// not by the king). Gives up (yes) after [`WORK`] steps.
    fn cover(&mut self, need: Bitboard, check: Square, left: u32, used: u32) -> bool {
        let Some(r) = need.first() else {
            return true;
        };
        if left == 0 {
            return false;
        }
        self.work += 1;
        if self.work > WORK {
            return true;
        }
        for i in 0..self.count {
            if used & (1 << i) != 0 {
                continue;
            }
            let u = self.units[i];
            if u.kind == Kind::KING && r == check {
                continue;
            }
            let forms: &[(Kind, usize)] = if u.kind == Kind::PAWN {
                &PAWN_FORMS
            } else {
                &[(u.kind, usize::MAX)][..]
            };
            // A unit's choices with the same cover and cost are alike:
            // each is searched once.
            let mut seen: [(Bitboard, u32); 24] = [(Bitboard::EMPTY, 0); 24];
            let mut seen_count = 0;
            for &(kind, row) in forms {
                for s in attackers_of(kind, self.color, r) {
                    let c = self.cost(u, kind, row, s);
                    if c > left || c == 0 {
                        continue;
                    }
                    let mut hit = attacks_of(kind, self.color, s);
                    if kind == Kind::KING {
                        hit.clear(check);
                    }
                    let rest = need & !hit;
                    if rest.is_empty() {
                        return true;
                    }
                    if c == left {
                        continue;
                    }
                    if seen[..seen_count]
                        .iter()
                        .any(|&(b, sc)| sc <= c && (b & !rest).is_empty())
                    {
                        continue;
                    }
                    if seen_count < seen.len() {
                        seen[seen_count] = (rest, c);
                        seen_count += 1;
                    }
                    if self.cover(rest, check, left - c, used | (1 << i)) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Whether `mating` may still mate in `pos` with `mating_moves` moves of
/// its own and `mated_moves` of the other side's (orthodox units only:
/// [`applies`]).
pub fn may_mate(pos: &Position, mating: Color, mating_moves: u32, mated_moves: u32) -> bool {
    let mated = mating.opponent();
    let Some(king) = pos.pieces(mated, Kind::KING).first() else {
        return true;
    };
    let mut m = Mating {
        color: mating,
        units: [Unit {
            sq: Square(0),
            kind: Kind::PAWN,
        }; 16],
        count: 0,
        king_unmoved: pos.unmoved.contains(Square::new(4, mating.back_rank())),
        work: 0,
    };
    // What the mating side attacks where it stands: the king's square
    // (not by its king) and the flights.
    let mut checks = Bitboard::EMPTY;
    let mut guards = Bitboard::EMPTY;
    for sq in pos.by_color(mating) {
        let Some(kind) = pos.kind_at(sq) else {
            continue;
        };
        let hit = attacks_of(kind, mating, sq);
        guards |= hit;
        if kind != Kind::KING {
            checks |= hit;
        }
        if m.count < m.units.len() {
            m.units[m.count] = Unit { sq, kind };
            m.count += 1;
        } else {
            return true;
        }
    }
    let own = mating_moves + u32::from(may_castle(pos, mating));
    let other = mated_moves + u32::from(may_castle(pos, mated));
    let blockers = pos.by_color(mated) & !Bitboard::from_square(king);
    let mut block_cost = [u8::MAX; 64];
    let king_unmoved = pos.unmoved.contains(king);
    for k in king_region(king, mated, mated_moves, king_unmoved) {
        let walk = king_moves(mated, king, k, king_unmoved);
        if walk > mated_moves {
            continue;
        }
        let flights = attacks::king(k);
        let mut need = Bitboard::EMPTY;
        if !checks.contains(k) {
            need.set(k);
        }
        // Flights neither held by a unit of the mated side nor guarded.
        let open = flights & !blockers & !guards;
        let spare = other - walk;
        if blocks_then_cover(
            pos,
            &mut m,
            &mut block_cost,
            (mated, blockers),
            open,
            need,
            k,
            spare,
            own,
        ) {
            return true;
        }
    }
    false
}

/// The squares a king on `from` may reach in `moves` moves (a castling
/// from its home square, unmoved, among them), and a few more.
fn king_region(from: Square, side: Color, moves: u32, unmoved: bool) -> Bitboard {
    let grow = |mut b: Bitboard, n: u32| {
        for _ in 0..n.min(7) {
            let mut next = b;
            for sq in b {
                next |= attacks::king(sq);
            }
            b = next;
        }
        b
    };
    let mut region = grow(Bitboard::from_square(from), moves);
    if unmoved && moves > 0 && from == Square::new(4, side.back_rank()) {
        let rank = side.back_rank();
        let castled = Bitboard::from_square(Square::new(2, rank))
            | Bitboard::from_square(Square::new(6, rank));
        region |= grow(castled, moves - 1);
    }
    region
}

/// Whether some flights of `open` can be blocked by the mated side
/// (`spare` moves, each block at least its nearest unit's fewest moves)
/// so that the mating side covers `need` and the rest in `own` moves.
#[allow(clippy::too_many_arguments)]
fn blocks_then_cover(
    pos: &Position,
    m: &mut Mating,
    block_cost: &mut [u8; 64],
    (mated, blockers): (Color, Bitboard),
    open: Bitboard,
    need: Bitboard,
    k: Square,
    spare: u32,
    own: u32,
) -> bool {
    let Some(f) = open.first() else {
        return m.cover(need, k, own, 0);
    };
    let rest = open & !Bitboard::from_square(f);
    if spare > 0 {
        let c = u32::from(nearest(pos, mated, blockers, f, block_cost));
        if c <= spare
            && blocks_then_cover(
                pos,
                m,
                block_cost,
                (mated, blockers),
                rest,
                need,
                k,
                spare - c,
                own,
            )
        {
            return true;
        }
    }
    let mut guarded = need;
    guarded.set(f);
    blocks_then_cover(
        pos,
        m,
        block_cost,
        (mated, blockers),
        rest,
        guarded,
        k,
        spare,
        own,
    )
}

/// The fewest moves a unit of `blockers` (the mated side's, not its king)
/// needs to stand on `to`, in any kind; kept in `cache`.
fn nearest(
    pos: &Position,
    side: Color,
    blockers: Bitboard,
    to: Square,
    cache: &mut [u8; 64],
) -> u8 {
    if cache[to.index()] != u8::MAX {
        return cache[to.index()];
    }
    let mut best = UNREACHABLE;
    for sq in blockers {
        let c = match pos.kind_at(sq) {
            Some(Kind::PAWN) => (0..4)
                .map(|row| u32::from(promotion_moves()[side.index()][row][sq.index()][to.index()]))
                .fold(pawn_moves(side, sq, to), u32::min),
            Some(Kind::KING) | None => UNREACHABLE,
            Some(kind) => u32::from(piece_moves()[piece_row(kind)][sq.index()][to.index()]),
        };
        best = best.min(c);
    }
    let c = best.min(254) as u8;
    cache[to.index()] = c;
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(list: &str) -> Position {
        Position::from_piece_list(list).unwrap()
    }

    #[test]
    fn a_mate_one_move_away_is_allowed() {
        // Black Kh8, pawns g7 h7; White Ra1: 1...Ra8# (back rank).
        let p = pos("wKg1 wRa1 bKh8 bPg7 bPh7");
        assert!(applies(&p, Color::Black));
        assert!(may_mate(&p, Color::White, 1, 0));
    }

    #[test]
    fn a_lone_rook_far_away_cannot_mate_in_one() {
        // The black king in the middle of the board: its flights are
        // neither held nor guarded, and one rook move covers few of them.
        let p = pos("wKa1 wRh1 bKe5");
        assert!(!may_mate(&p, Color::White, 1, 0));
        assert!(!may_mate(&p, Color::White, 1, 1));
    }

    #[test]
    fn blocks_of_the_mated_side_count_against_its_moves() {
        // Black Kh8; a white rook mates on the back rank only where g7 and
        // h7 are blocked: two black moves are needed for the blocks.
        let p = pos("wKa1 wRb1 bKh8 bPf7 bPe6");
        assert!(!may_mate(&p, Color::White, 1, 0));
    }

    #[test]
    fn a_pawn_that_promotes_counts_as_the_new_piece() {
        // 1.e8=Q# (or =R#): the black pawns hold g7 and h7, the new piece
        // checks along the last rank and guards g8.
        let near = pos("wKa1 wPe7 bKh8 bPg7 bPh7");
        assert!(may_mate(&near, Color::White, 1, 0));
        // Three moves from e5: out of reach in one or two, not in three.
        let far = pos("wKa1 wPe5 bKh8 bPg7 bPh7");
        assert!(!may_mate(&far, Color::White, 1, 0));
        assert!(!may_mate(&far, Color::White, 2, 0));
        assert!(may_mate(&far, Color::White, 3, 0));
    }

    #[test]
    fn the_moves_of_the_mating_side_are_shared_among_its_units() {
        // Kh8 with g8, g7 and h7 open: no square a unit reaches in one
        // move attacks all four; the queen on h6 (check, g7, h7) and the
        // rook on b8 (g8) do it in two moves, one each.
        let p = pos("wKa1 wRb1 wQc1 bKh8");
        assert!(!may_mate(&p, Color::White, 1, 0));
        assert!(may_mate(&p, Color::White, 2, 0));
    }
}
