//! ExtinctionChess: no unit is royal; a side loses when the last of its
//! units of some walk is captured. A side is in check when the other side
//! has a capture (played out, with its rebirths) after which the side has
//! no unit left of the captured unit's walk; a move that leaves its side
//! so is illegal, and mate is check with no legal move. Kings are units
//! as others: captured, and reborn by Circe. Pawns may promote to kings
//! (the king comes first among the promotions).

use super::{Capabilities, ConditionRule};
use crate::board::{Bitboard, Color, Position};
use crate::movegen::pseudo_legal_moves;
use crate::rules::Rules;

pub struct ExtinctionChess;

/// Whether the other side has a capture after which `color` has no unit
/// left of the captured walk.
pub(super) fn extinction_threatened(rules: &Rules, pos: &Position, color: Color) -> bool {
    let mut p = *pos;
    let them = color.opponent();
    if p.turn != them {
        p.turn = them;
        p.ep_square = None;
    }
    // Castling captures nothing (and asks for check again).
    p.unmoved = Bitboard::EMPTY;
    let mut moves = Vec::new();
    pseudo_legal_moves(&p, rules, &mut moves);
    moves.iter().any(|mv| {
        mv.captured.is_some_and(|victim| {
            let after = p.play(mv);
            after.pieces(color, victim.kind).is_empty()
        })
    })
}

impl ConditionRule for ExtinctionChess {
    const ID: &'static str = "extinction";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        check_implies_attack: false,
        orthodox_observation: false,
        royal_kings: false,
        ..Capabilities::ORTHODOX
    };

    fn decides_check(rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
        Some(extinction_threatened(rules, pos, color))
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::dynasty::royal_settings_refusal(rules)
    }

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        super::dynasty::royal_units_refusal(pos)
    }
}

#[cfg(test)]
mod tests {
    //! Each answer is Popeye 4.104's (`~1`).
    use super::super::testing::moves;
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    #[test]
    fn a_move_that_lets_the_last_unit_of_a_walk_be_taken_is_illegal() {
        let mut r = Rules::default();
        r.conditions.insert(Condition::ExtinctionChess);
        // The white knight is White's only one: it may not stand where the
        // black rook takes it; the king may stand in the rook's line.
        let got = moves(&r, "wKa1 wSd4 wPa2 bKh8 bRe8 bPh7", Color::White);
        assert!(!got.contains(&"Sd4-e6".to_string()), "{got:?}");
        assert!(got.contains(&"Sd4-f5".to_string()), "{got:?}");
        assert!(got.contains(&"Ka1-b1".to_string()), "{got:?}");
    }
}
