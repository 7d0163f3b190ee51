//! The fewest moves that bring a side's units onto the squares a proof
//! game's target gives them, with the orthodox walks on an empty board.
//!
//! Each move of a side moves one of its units (a castling two: the
//! rook's part is then free), and each target square needs a unit of its
//! own; so the sum, over the target squares a side has not filled yet, of
//! the fewest moves any unit of that side needs to get there is a lower
//! bound of the side's moves. A unit can get there as itself, or as a pawn
//! that promotes on the way. It holds only where units move by their walk
//! alone: no rebirth (a Circe form takes a unit home in no move of its
//! own), no fairy walk, no attribute.

use crate::board::{Color, Kind, Piece, Position, Square};
use std::sync::OnceLock;

/// More moves than any game has: the square cannot be reached.
pub const UNREACHABLE: u32 = 1000;

/// The fewest moves `side` needs to fill the squares where `target` has
/// its units and `pos` has not the same unit, each square by the unit of
/// the side nearest to it (the squares one at a time: a unit may be
/// counted for several), and the fewest captures among them (a pawn
/// changes file only by capturing). Only for orthodox units without
/// attributes in both positions, found by their bitboards.
fn squares_needs(pos: &Position, target: &Position, side: Color) -> (u32, u32) {
    let (mut total, mut captures) = (0, 0);
    let pawns = pos.pieces(side, Kind::PAWN);
    for kind in ORTHODOX_KINDS {
        let walkers = pos.pieces(side, kind);
        for t in target.pieces(side, kind) & !walkers {
            let mut best = UNREACHABLE;
            let mut fewest_captures = UNREACHABLE;
            for from in walkers {
                let moves = if kind == Kind::PAWN {
                    pawn_moves(side, from, t)
                } else if kind == Kind::KING {
                    king_moves(side, from, t, pos.unmoved.contains(from))
                } else {
                    walk_moves(kind, from, t)
                };
                if moves < best {
                    best = moves;
                }
                if kind == Kind::PAWN && moves < UNREACHABLE {
                    let files = u32::from(from.file().abs_diff(t.file()));
                    fewest_captures = fewest_captures.min(files);
                }
            }
            if kind != Kind::PAWN {
                if best < UNREACHABLE {
                    fewest_captures = 0;
                }
                if let Some(row) = promoted_row(kind) {
                    for from in pawns {
                        let moves = u32::from(
                            promotion_moves()[side.index()][row][from.index()][t.index()],
                        );
                        if moves < best {
                            best = moves;
                        }
                        if moves < UNREACHABLE {
                            fewest_captures = 0;
                        }
                    }
                }
            }
            if best >= UNREACHABLE {
                return (UNREACHABLE, UNREACHABLE);
            }
            total += best;
            captures += fewest_captures;
        }
    }
    (total, captures)
}

/// The fewest moves `side` needs to fill the squares where `target` has
/// its units and `pos` has not the same unit, and the fewest captures
/// among them; a castling moves the rook in the king's move.
pub fn side_moves_needed(pos: &Position, target: &Position, side: Color) -> (u32, u32) {
    let (total, captures) = squares_needs(pos, target, side);
    if total >= UNREACHABLE {
        return (UNREACHABLE, UNREACHABLE);
    }
    let home = Square::new(4, side.back_rank());
    let corners = [
        Square::new(0, side.back_rank()),
        Square::new(7, side.back_rank()),
    ];
    let may_castle = pos.unmoved.contains(home)
        && pos.kind_at(home) == Some(Kind::KING)
        && corners.iter().any(|c| pos.unmoved.contains(*c));
    (total.saturating_sub(u32::from(may_castle)), captures)
}

/// The orthodox kinds, pawn first.
pub(super) const ORTHODOX_KINDS: [Kind; 6] = [
    Kind::PAWN,
    Kind::KNIGHT,
    Kind::BISHOP,
    Kind::ROOK,
    Kind::QUEEN,
    Kind::KING,
];

/// The row of `promotion_moves` for a kind a pawn promotes to.
fn promoted_row(kind: Kind) -> Option<usize> {
    [Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT]
        .iter()
        .position(|k| *k == kind)
}

/// A king's fewest moves; from its home square, unmoved, a castling
/// takes it two files in one move.
fn king_moves(side: Color, from: Square, to: Square, unmoved: bool) -> u32 {
    let rank = side.back_rank();
    let direct = walk_moves(Kind::KING, from, to);
    if !unmoved || from != Square::new(4, rank) {
        return direct;
    }
    [Square::new(2, rank), Square::new(6, rank)]
        .map(|k| 1 + walk_moves(Kind::KING, k, to))
        .into_iter()
        .fold(direct, u32::min)
}

/// Indexed by side, promoted kind (`promoted_row`), pawn square, target
/// square.
type PromotionTable = [[[[u16; 64]; 64]; 4]; 2];

/// For each side, each kind a pawn promotes to (`promoted_row`), each
/// square of a pawn and each target square: the fewest moves of the pawn
/// to its last rank and of the promoted unit from there (made once).
fn promotion_moves() -> &'static PromotionTable {
    static TABLE: OnceLock<Box<PromotionTable>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([[[[0u16; 64]; 64]; 4]; 2]);
        for side in Color::ALL {
            let pawn = Piece::new(side, Kind::PAWN);
            for (row, kind) in [Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT]
                .into_iter()
                .enumerate()
            {
                for from in 0..64u8 {
                    for to in 0..64u8 {
                        let from_sq = Square::new(from % 8, from / 8);
                        let to_sq = Square::new(to % 8, to / 8);
                        table[side.index()][row][usize::from(from)][usize::from(to)] =
                            moves_between(pawn, from_sq, kind, to_sq, false) as u16;
                    }
                }
            }
        }
        table
    })
}

/// The fewest moves that take `have`, on `from`, to `to` as a unit of
/// `want`'s kind. `unmoved`: a king on its home square may castle there.
fn moves_between(have: Piece, from: Square, want: Kind, to: Square, unmoved: bool) -> u32 {
    let side = have.color;
    if have.kind == want {
        if want == Kind::PAWN {
            return pawn_moves(side, from, to);
        }
        if want == Kind::KING && unmoved && from == Square::new(4, side.back_rank()) {
            // Castling takes the king two files in one move.
            let rank = side.back_rank();
            let castled = [Square::new(2, rank), Square::new(6, rank)]
                .map(|k| 1 + walk_moves(Kind::KING, k, to))
                .into_iter()
                .min()
                .unwrap_or(UNREACHABLE);
            return walk_moves(Kind::KING, from, to).min(castled);
        }
        return walk_moves(want, from, to);
    }
    if have.kind != Kind::PAWN || !promotes_to(want) {
        return UNREACHABLE;
    }
    // A pawn promoting on some square of its last rank, then moving on.
    let last = side.opponent().back_rank();
    (0..8u8)
        .map(|file| {
            let promotion = Square::new(file, last);
            pawn_moves(side, from, promotion).saturating_add(walk_moves(want, promotion, to))
        })
        .min()
        .unwrap_or(UNREACHABLE)
        .min(UNREACHABLE)
}

fn promotes_to(kind: Kind) -> bool {
    [Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT].contains(&kind)
}

/// A pawn's fewest moves forward, a capture for each file it changes; a
/// pawn on its first two ranks may make a double step.
fn pawn_moves(side: Color, from: Square, to: Square) -> u32 {
    let (r0, r1) = match side {
        Color::White => (from.rank(), to.rank()),
        Color::Black => (7 - from.rank(), 7 - to.rank()),
    };
    if from == to {
        return 0;
    }
    if r1 <= r0 {
        return UNREACHABLE;
    }
    let ranks = u32::from(r1 - r0);
    let files = u32::from(from.file().abs_diff(to.file()));
    if files > ranks {
        return UNREACHABLE;
    }
    if r0 <= 1 && ranks - files >= 2 {
        ranks - 1
    } else {
        ranks
    }
}

/// The fewest moves of an orthodox piece (not a pawn) on an empty board.
fn walk_moves(kind: Kind, from: Square, to: Square) -> u32 {
    if from == to {
        return 0;
    }
    let df = from.file().abs_diff(to.file());
    let dr = from.rank().abs_diff(to.rank());
    let line = df == 0 || dr == 0;
    let diagonal = df == dr;
    match kind {
        Kind::KING => u32::from(df.max(dr)),
        Kind::QUEEN => 1 + u32::from(!line && !diagonal),
        Kind::ROOK => 1 + u32::from(!line),
        Kind::BISHOP if from.is_dark() != to.is_dark() => UNREACHABLE,
        Kind::BISHOP => 1 + u32::from(!diagonal),
        Kind::KNIGHT => u32::from(knight_moves()[from.index()][to.index()]),
        _ => UNREACHABLE,
    }
}

/// The knight's fewest moves between any two squares (a search from
/// each square, made once).
fn knight_moves() -> &'static [[u8; 64]; 64] {
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [[u8::MAX; 64]; 64];
        for start in 0..64u8 {
            let row = &mut table[usize::from(start)];
            let from = Square::new(start % 8, start / 8);
            row[from.index()] = 0;
            let mut queue = std::collections::VecDeque::from([from]);
            while let Some(sq) = queue.pop_front() {
                let d = row[sq.index()];
                for next in crate::board::attacks::knight(sq) {
                    if row[next.index()] == u8::MAX {
                        row[next.index()] = d + 1;
                        queue.push_back(next);
                    }
                }
            }
        }
        table
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn the_walks_count_their_moves_on_an_empty_board() {
        assert_eq!(walk_moves(Kind::KNIGHT, sq("a1"), sq("b1")), 3);
        assert_eq!(walk_moves(Kind::KNIGHT, sq("a1"), sq("h8")), 6);
        assert_eq!(walk_moves(Kind::KNIGHT, sq("g1"), sq("f3")), 1);
        assert_eq!(walk_moves(Kind::BISHOP, sq("c1"), sq("h6")), 1);
        assert_eq!(walk_moves(Kind::BISHOP, sq("c1"), sq("c3")), 2);
        assert_eq!(walk_moves(Kind::BISHOP, sq("c1"), sq("c2")), UNREACHABLE);
        assert_eq!(walk_moves(Kind::ROOK, sq("a1"), sq("h8")), 2);
        assert_eq!(walk_moves(Kind::QUEEN, sq("d1"), sq("e3")), 2);
        assert_eq!(walk_moves(Kind::KING, sq("e1"), sq("e4")), 3);
    }

    #[test]
    fn a_pawn_goes_forward_a_file_aside_for_each_capture() {
        assert_eq!(pawn_moves(Color::White, sq("e2"), sq("e4")), 1);
        assert_eq!(pawn_moves(Color::White, sq("e2"), sq("d3")), 1);
        // Two captures leave no double step.
        assert_eq!(pawn_moves(Color::White, sq("e2"), sq("c4")), 2);
        assert_eq!(pawn_moves(Color::White, sq("e3"), sq("e5")), 2);
        assert_eq!(pawn_moves(Color::White, sq("e4"), sq("e3")), UNREACHABLE);
        assert_eq!(pawn_moves(Color::White, sq("a2"), sq("d4")), UNREACHABLE);
        assert_eq!(pawn_moves(Color::Black, sq("e7"), sq("e5")), 1);
        assert_eq!(pawn_moves(Color::Black, sq("e7"), sq("e1")), 5);
    }

    #[test]
    fn a_pawn_may_become_the_unit_a_square_wants() {
        let pawn = Piece::new(Color::White, Kind::PAWN);
        // e2-e4-e5-e6-e7-e8=N, then Nf6.
        assert_eq!(
            moves_between(pawn, sq("e2"), Kind::KNIGHT, sq("f6"), false),
            6
        );
        let knight = Piece::new(Color::White, Kind::KNIGHT);
        assert_eq!(
            moves_between(knight, sq("g1"), Kind::PAWN, sq("e4"), false),
            UNREACHABLE
        );
    }

    #[test]
    fn a_castling_king_crosses_two_files_and_moves_its_rook_for_free() {
        let king = Piece::new(Color::White, Kind::KING);
        assert_eq!(moves_between(king, sq("e1"), Kind::KING, sq("g1"), true), 1);
        assert_eq!(
            moves_between(king, sq("e1"), Kind::KING, sq("g1"), false),
            2
        );
        let mut pos = Position::empty();
        pos.put(sq("e1"), king);
        pos.put(sq("h1"), Piece::new(Color::White, Kind::ROOK));
        pos.set_unmoved_from_placement();
        let mut target = Position::empty();
        target.put(sq("g1"), king);
        target.put(sq("f1"), Piece::new(Color::White, Kind::ROOK));
        assert_eq!(side_moves_needed(&pos, &target, Color::White), (1, 0));
        pos.unmoved = crate::board::Bitboard::EMPTY;
        assert_eq!(side_moves_needed(&pos, &target, Color::White), (3, 0));
    }

    #[test]
    fn a_pawn_that_changes_file_needs_a_capture_for_each() {
        let pawn = Piece::new(Color::White, Kind::PAWN);
        let mut pos = Position::empty();
        pos.put(sq("e2"), pawn);
        pos.put(sq("c2"), pawn);
        let mut target = Position::empty();
        target.put(sq("c4"), pawn);
        target.put(sq("d4"), pawn);
        // c2-c4 and e2*d3-d4 (or e2*d3*c4 and c2-c3*d4: more captures).
        assert_eq!(side_moves_needed(&pos, &target, Color::White), (3, 1));
    }
}
