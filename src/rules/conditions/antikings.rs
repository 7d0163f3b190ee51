//! AntiKings: a side is in check when its king is not attacked (as attack
//! is otherwise defined). So every move must leave the mover's king
//! attacked, and a side is mated when its king stands unattacked and no
//! move puts it under attack. A king is never captured.

use super::check_rules::keeps_the_enemy_king;
use super::{Capabilities, ConditionRule};
use crate::board::{Color, Position};
use crate::moves::Move;
use crate::rules::{Condition, Rules};

pub struct AntiKings;

impl ConditionRule for AntiKings {
    const ID: &'static str = "antikings";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    fn decides_check(rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
        let mut plain = *rules;
        plain.conditions.remove(Condition::AntiKings);
        Some(!plain.in_check(pos, color))
    }

    #[inline]
    fn legal_after(_rules: &Rules, before: &Position, mv: &Move, after: &Position) -> bool {
        keeps_the_enemy_king(before, mv, after)
    }
}

#[cfg(test)]
mod tests {
    //! Each answer is checked against Popeye 4.104.
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};

    #[test]
    fn a_king_is_in_check_when_unattacked() {
        let r = Rules::orthodox().with(Condition::AntiKings);
        let pos = Position::from_piece_list("wKa1 wRh1 bKh8").unwrap();
        assert!(!r.in_check(&pos, Color::Black));
        assert!(r.in_check(&pos, Color::White));
    }

    #[test]
    fn every_move_leaves_the_king_attacked() {
        // problems/conditions/antikings.inp: the king a1 keeps to the
        // rook's rank, and the knight c3 may not block the rank.
        let r = Rules::orthodox().with(Condition::AntiKings);
        let got = super::super::testing::moves(&r, "wKa1 wSc3 wSf7 bKh8 bRh1", Color::White);
        let want = super::super::testing::sorted(
            "Ka1-b1 Sc3-a2 Sc3-e2 Sc3-e4 Sc3-d5 Sc3-b5 Sc3-a4 Sf7-d6 Sf7-e5 Sf7-g5 Sf7-h6 Sf7-d8",
        );
        assert_eq!(got, want);
    }
}
