//! `caged-unit`: units that could only have reached their square through a
//! square held, all game long, by a pawn that has never moved.
//!
//! A white pawn on rank 2 (a black one on rank 7) has never moved: pawns
//! only go forward. Its square has been occupied since the first move, so
//! no unit ever stood on it or passed over it. Every other unit started on
//! a game-array square of its kind, or (a promoted pawn) appeared on the
//! last rank; from there it moved step by step (sliders pass every square
//! of their path, knights only land). A unit whose square cannot be reached
//! that way from any such start without crossing a never-moved pawn cannot
//! be there.
//!
//! Everything else is ignored on purpose (other units move out of the way;
//! pawns no longer on their initial rank were once behind), so the test
//! only rejects what certainly cannot be.
//!
//! Rejected: `4k3/8/8/8/8/8/1P6/B3K3 w` (Zeller's bishop: a1 is reached only
//! through b2); accepted: `4k3/8/8/8/8/1P6/8/B3K3 w` (the pawn has moved on).
//! Rejected: `4k3/8/8/8/4R3/8/PPPPPPPP/4K3 w` (with all eight pawns unmoved
//! no rook leaves rank 1, and none can have promoted); accepted:
//! `4k3/8/8/8/4R2P/8/PPPPPPP1/4K3 w`.
//! Rejected: `8/pppppppp/8/4k3/8/8/8/4K3 w` (the black king could not have
//! left rank 8); accepted: `8/ppppppp1/8/4k2p/8/8/8/4K3 w`.

use super::material::{color_name, role_name, square_list};
use crate::board::{Bitboard, Color, Kind, Position, Square};

const FILE_A: Bitboard = Bitboard::file(0);
const FILE_H: Bitboard = Bitboard::file(7);
const FILE_AB: Bitboard = Bitboard(FILE_A.0 | Bitboard::file(1).0);
const FILE_GH: Bitboard = Bitboard(FILE_H.0 | Bitboard::file(6).0);

fn orthogonal_steps(b: Bitboard) -> Bitboard {
    let b = b.0;
    Bitboard(b << 8 | b >> 8 | (b & !FILE_H.0) << 1 | (b & !FILE_A.0) >> 1)
}

fn diagonal_steps(b: Bitboard) -> Bitboard {
    let (a, h) = (!FILE_A.0, !FILE_H.0);
    let b = b.0;
    Bitboard((b & h) << 9 | (b & a) << 7 | (b & h) >> 7 | (b & a) >> 9)
}

fn knight_jumps(b: Bitboard) -> Bitboard {
    let b = b.0;
    let (a, h, ab, gh) = (!FILE_A.0, !FILE_H.0, !FILE_AB.0, !FILE_GH.0);
    Bitboard(
        (b & h) << 17
            | (b & a) << 15
            | (b & gh) << 10
            | (b & ab) << 6
            | (b & a) >> 17
            | (b & h) >> 15
            | (b & ab) >> 10
            | (b & gh) >> 6,
    )
}

/// The single steps a unit of `kind` can make (for sliders: one square of
/// a slide).
fn steps(kind: Kind, b: Bitboard) -> Bitboard {
    match kind {
        Kind::KING | Kind::QUEEN => orthogonal_steps(b) | diagonal_steps(b),
        Kind::ROOK => orthogonal_steps(b),
        Kind::BISHOP => diagonal_steps(b),
        Kind::KNIGHT => knight_jumps(b),
        // Alsatian Circe is orthodox legality: no fairy kinds get here.
        _ => Bitboard::EMPTY,
    }
}

/// Every square reachable from `from` by steps of `kind`, never entering
/// `blocked`.
fn fill(kind: Kind, from: Bitboard, blocked: Bitboard) -> Bitboard {
    let mut reach = from & !blocked;
    loop {
        let next = reach | (steps(kind, reach) & !blocked);
        if next == reach {
            return reach;
        }
        reach = next;
    }
}

/// Squares held by pawns that have never moved: white pawns on rank 2,
/// black pawns on rank 7.
pub(super) fn unmoved_pawns(pos: &Position) -> Bitboard {
    pos.pieces(Color::White, Kind::PAWN) & Bitboard::rank(1)
        | pos.pieces(Color::Black, Kind::PAWN) & Bitboard::rank(6)
}

/// Where a unit of `kind` and colour `c` may have started: its game-array
/// squares, and (when a pawn of `c` is missing) the promotion squares a
/// pawn could have reached: not those whose every approach (straight, or
/// capturing from either side) is held by a never-moved enemy pawn.
fn starts(pos: &Position, c: Color, kind: Kind, blocked: Bitboard) -> Bitboard {
    let rank = c.back_rank();
    let files: &[u8] = match kind {
        Kind::KING => &[4],
        Kind::QUEEN => &[3],
        Kind::ROOK => &[0, 7],
        Kind::BISHOP => &[2, 5],
        Kind::KNIGHT => &[1, 6],
        _ => &[],
    };
    let mut out = Bitboard::EMPTY;
    for &f in files {
        out.set(Square::new(f, rank));
    }
    if kind != Kind::KING && pos.pieces(c, Kind::PAWN).count() < 8 {
        let last = c.promotion_rank();
        let before = c.opponent().pawn_rank();
        for f in 0..8u8 {
            let approach = (f.saturating_sub(1)..=(f + 1).min(7))
                .any(|af| !blocked.contains(Square::new(af, before)));
            if approach {
                out.set(Square::new(f, last));
            }
        }
    }
    out
}

pub(super) fn caged_units(pos: &Position) -> Option<String> {
    let blocked = unmoved_pawns(pos);
    if blocked.is_empty() {
        // Nothing walls anything in: every square is reachable.
        return None;
    }
    for c in Color::ALL {
        for kind in [
            Kind::KING,
            Kind::QUEEN,
            Kind::ROOK,
            Kind::BISHOP,
            Kind::KNIGHT,
        ] {
            let units = pos.pieces(c, kind);
            if units.is_empty() {
                continue;
            }
            let reach = fill(kind, starts(pos, c, kind, blocked), blocked);
            if let Some(sq) = (units & !reach).first() {
                // The pawns walling the unit in: the border of the region
                // it can reach from where it stands.
                let region = fill(kind, Bitboard::from_square(sq), blocked);
                let wall = steps(kind, region) & blocked;
                let promotions = if pos.pieces(c, Kind::PAWN).count() >= 8 {
                    " (and, with 8 pawns, it is no promoted pawn)"
                } else {
                    ""
                };
                return Some(format!(
                    "the {} {} on {sq} could only have come through {}, held by \
                     {} that never moved{promotions}",
                    color_name(c),
                    role_name(kind),
                    square_list(wall),
                    if wall.count() == 1 { "a pawn" } else { "pawns" },
                ));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn steps_stay_on_the_board() {
        let a1 = Bitboard::from_square(sq("a1"));
        assert_eq!(orthogonal_steps(a1).count(), 2);
        assert_eq!(diagonal_steps(a1), Bitboard::from_square(sq("b2")));
        assert_eq!(knight_jumps(a1).count(), 2);
        let h8 = Bitboard::from_square(sq("h8"));
        assert_eq!(diagonal_steps(h8), Bitboard::from_square(sq("g7")));
        assert_eq!(knight_jumps(Bitboard::from_square(sq("e4"))).count(), 8);
        assert_eq!(knight_jumps(Bitboard::from_square(sq("h4"))).count(), 4);
    }
}
