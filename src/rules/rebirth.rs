//! Rebirth squares.

use super::RebirthSquare;
use crate::board::{Color, Kind, Square};

/// The classic Circe rebirth square of a unit of `kind` and `color`
/// captured on `on` (rules.md section 1): the game-array square of that type
/// and colour whose square colour equals that of `on`; pawns go to their
/// initial rank on the capture file, kings to e1/e8, and every other kind
/// (a fairy piece) to its promotion square: the capture file on the last
/// rank of its side (the seed's rule, and Popeye's).
pub fn classic(kind: Kind, color: Color, on: Square) -> Square {
    if kind.is_pawn() {
        return Square::new(on.file(), color.pawn_rank());
    }
    let dark = on.is_dark();
    let rank = color.back_rank();
    // Files for white; black's game array mirrors white's files for the
    // same square colour (a1 dark, h8 dark), so black's dark-square rook is h8.
    let file = match (kind, color, dark) {
        (Kind::KING, _, _) => 4,
        (Kind::QUEEN, _, _) => 3,
        (Kind::ROOK, Color::White, true) | (Kind::ROOK, Color::Black, false) => 0,
        (Kind::ROOK, _, _) => 7,
        (Kind::BISHOP, Color::White, true) | (Kind::BISHOP, Color::Black, false) => 2,
        (Kind::BISHOP, _, _) => 5,
        (Kind::KNIGHT, Color::White, true) | (Kind::KNIGHT, Color::Black, false) => 6,
        (Kind::KNIGHT, _, _) => 1,
        _ => return Square::new(on.file(), color.promotion_rank()),
    };
    Square::new(file, rank)
}

impl RebirthSquare {
    #[inline]
    pub fn of(self, kind: Kind, color: Color, on: Square) -> Square {
        match self {
            RebirthSquare::Classic => classic(kind, color, on),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn reborn(kind: Kind, color: Color, on: &str) -> String {
        classic(kind, color, sq(on)).to_string()
    }

    #[test]
    fn table_of_rules_md_section_1() {
        use Color::*;
        // queen: d1 / d8 wherever captured
        assert_eq!(reborn(Kind::QUEEN, White, "h5"), "d1");
        assert_eq!(reborn(Kind::QUEEN, Black, "a2"), "d8");
        // rook: white a1 dark / h1 light; black h8 dark / a8 light
        assert_eq!(reborn(Kind::ROOK, White, "c3"), "a1");
        assert_eq!(reborn(Kind::ROOK, White, "b1"), "h1");
        assert_eq!(reborn(Kind::ROOK, Black, "c3"), "h8");
        assert_eq!(reborn(Kind::ROOK, Black, "b1"), "a8");
        // bishop: white c1 dark / f1 light; black f8 dark / c8 light
        assert_eq!(reborn(Kind::BISHOP, White, "e5"), "c1");
        assert_eq!(reborn(Kind::BISHOP, White, "e4"), "f1");
        assert_eq!(reborn(Kind::BISHOP, Black, "e5"), "f8");
        assert_eq!(reborn(Kind::BISHOP, Black, "e4"), "c8");
        // knight: white g1 dark / b1 light; black b8 dark / g8 light
        assert_eq!(reborn(Kind::KNIGHT, White, "d4"), "g1");
        assert_eq!(reborn(Kind::KNIGHT, White, "g4"), "b1");
        assert_eq!(reborn(Kind::KNIGHT, Black, "d4"), "b8");
        assert_eq!(reborn(Kind::KNIGHT, Black, "d3"), "g8");
        // pawns by file
        assert_eq!(reborn(Kind::PAWN, White, "f6"), "f2");
        assert_eq!(reborn(Kind::PAWN, Black, "c3"), "c7");
        // kings (rex inclusive, anticirce)
        assert_eq!(reborn(Kind::KING, White, "a8"), "e1");
        assert_eq!(reborn(Kind::KING, Black, "h1"), "e8");
    }

    #[test]
    fn rebirth_square_has_the_colour_of_the_capture_square() {
        for kind in [Kind::ROOK, Kind::BISHOP, Kind::KNIGHT] {
            for color in Color::ALL {
                for on in Square::all() {
                    assert_eq!(classic(kind, color, on).is_dark(), on.is_dark());
                }
            }
        }
    }
}
