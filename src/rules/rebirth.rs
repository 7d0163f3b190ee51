//! Rebirth squares.

use super::RebirthSquare;
use crate::board::{Color, Role, Square};

/// The classic Circe rebirth square of a unit of `role` and `color`
/// captured on `on` (rules.md section 1): the game-array square of that type
/// and colour whose square colour equals that of `on`; pawns go to their
/// initial rank on the capture file, kings to e1/e8.
pub fn classic(role: Role, color: Color, on: Square) -> Square {
    let dark = on.is_dark();
    let rank = color.back_rank();
    // Files for white; black's game array mirrors white's files for the
    // same square colour (a1 dark, h8 dark), so black's dark-square rook is h8.
    let file = match (role, color, dark) {
        (Role::King, _, _) => 4,
        (Role::Queen, _, _) => 3,
        (Role::Rook, Color::White, true) | (Role::Rook, Color::Black, false) => 0,
        (Role::Rook, _, _) => 7,
        (Role::Bishop, Color::White, true) | (Role::Bishop, Color::Black, false) => 2,
        (Role::Bishop, _, _) => 5,
        (Role::Knight, Color::White, true) | (Role::Knight, Color::Black, false) => 6,
        (Role::Knight, _, _) => 1,
        (Role::Pawn, _, _) => return Square::new(on.file(), color.pawn_rank()),
    };
    Square::new(file, rank)
}

impl RebirthSquare {
    #[inline]
    pub fn of(self, role: Role, color: Color, on: Square) -> Square {
        match self {
            RebirthSquare::Classic => classic(role, color, on),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn reborn(role: Role, color: Color, on: &str) -> String {
        classic(role, color, sq(on)).to_string()
    }

    #[test]
    fn table_of_rules_md_section_1() {
        use Color::*;
        use Role::*;
        // queen: d1 / d8 wherever captured
        assert_eq!(reborn(Queen, White, "h5"), "d1");
        assert_eq!(reborn(Queen, Black, "a2"), "d8");
        // rook: white a1 dark / h1 light; black h8 dark / a8 light
        assert_eq!(reborn(Rook, White, "c3"), "a1");
        assert_eq!(reborn(Rook, White, "b1"), "h1");
        assert_eq!(reborn(Rook, Black, "c3"), "h8");
        assert_eq!(reborn(Rook, Black, "b1"), "a8");
        // bishop: white c1 dark / f1 light; black f8 dark / c8 light
        assert_eq!(reborn(Bishop, White, "e5"), "c1");
        assert_eq!(reborn(Bishop, White, "e4"), "f1");
        assert_eq!(reborn(Bishop, Black, "e5"), "f8");
        assert_eq!(reborn(Bishop, Black, "e4"), "c8");
        // knight: white g1 dark / b1 light; black b8 dark / g8 light
        assert_eq!(reborn(Knight, White, "d4"), "g1");
        assert_eq!(reborn(Knight, White, "g4"), "b1");
        assert_eq!(reborn(Knight, Black, "d4"), "b8");
        assert_eq!(reborn(Knight, Black, "d3"), "g8");
        // pawns by file
        assert_eq!(reborn(Pawn, White, "f6"), "f2");
        assert_eq!(reborn(Pawn, Black, "c3"), "c7");
        // kings (rex inclusive, anticirce)
        assert_eq!(reborn(King, White, "a8"), "e1");
        assert_eq!(reborn(King, Black, "h1"), "e8");
    }

    #[test]
    fn rebirth_square_has_the_colour_of_the_capture_square() {
        for role in [Role::Rook, Role::Bishop, Role::Knight] {
            for color in Color::ALL {
                for on in Square::all() {
                    assert_eq!(classic(role, color, on).is_dark(), on.is_dark());
                }
            }
        }
    }
}
