//! Conditions that change what check is.
//!
//! VogtlaenderChess: a side is in check when it checks the other side's
//! king (as check is otherwise defined). So a move is illegal when, once
//! played, the mover's units check the enemy king; a side is mated when
//! its units check the enemy king and it has no move that stops it. A
//! side may leave its own king attacked, but a king is never captured.
//!
//! LeseMajeste: a king is never captured. The diagram may show the side to
//! play checking the enemy king (it is not illegal); everything else is
//! as in orthodox chess.
//!
//! BrunnerChess: a unit checks the king only when capturing the king
//! would be a legal move: a unit pinned against its own king gives no
//! check.

use super::{Capabilities, ConditionRule};
use crate::board::{Color, Position, Square};
use crate::moves::Move;

use crate::rules::{Condition, Observer, Rules};

pub struct Vogtlaender;
pub struct LeseMajeste;
pub struct Brunner;

/// Whether `mv`, played from `before` to `after`, left the enemy king on
/// the board (a king is never captured).
pub(super) fn keeps_the_enemy_king(before: &Position, mv: &Move, after: &Position) -> bool {
    let them = mv.piece.color.opponent();
    before.king(them).is_none() || after.king(them).is_some()
}

impl ConditionRule for Vogtlaender {
    const ID: &'static str = "vogt";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    fn decides_check(rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
        let mut plain = *rules;
        plain.conditions.remove(Condition::Vogtlaender);
        Some(plain.in_check(pos, color.opponent()))
    }

    #[inline]
    fn legal_after(_rules: &Rules, before: &Position, mv: &Move, after: &Position) -> bool {
        keeps_the_enemy_king(before, mv, after)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        let isardam_a =
            rules.has(Condition::Isardam) && rules.param(Condition::Isardam).number <= 1;
        (isardam_a || rules.has(Condition::Brunner)).then(|| {
            "VogtlanderChess not allowed in combination with Isardam or BrunnerChess".into()
        })
    }
}

impl ConditionRule for LeseMajeste {
    const ID: &'static str = "lesemajeste";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        diagram_check_illegal: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn legal_after(_rules: &Rules, before: &Position, mv: &Move, after: &Position) -> bool {
        keeps_the_enemy_king(before, mv, after)
    }
}

impl ConditionRule for Brunner {
    const ID: &'static str = "brunner";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    /// An observation of the enemy king counts only when its capture,
    /// played, leaves the capturer's king safe.
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        let side = observer.unit.color;
        if pos.king(side.opponent()) != Some(target) {
            return true;
        }
        // The king is taken for good: the capturer stands on its square.
        let mut after = *pos;
        after.clear(observer.on);
        after.put(target, observer.unit);
        after.turn = side.opponent();
        !rules.in_check(&after, side)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        use crate::rules::Base;
        super::incoherent_beside(
            rules,
            "BrunnerChess",
            &[Base::MarsCirce, Base::AntiMarsCirce],
            "it writes moves of no unit, `1..a1-b1`",
        )
    }
}

#[cfg(test)]
mod tests {
    //! Each answer is Popeye 4.104's.
    use super::super::testing::{moves, sorted};
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};

    #[test]
    fn vogtlaender_a_side_that_checks_is_in_check() {
        let r = Rules::orthodox().with(Condition::Vogtlaender);
        let pieces = "wKa1 wRd1 wSf3 bKd8 bPa7 bBh5";
        let pos = Position::from_piece_list(pieces).unwrap();
        assert!(r.in_check(&pos, Color::White));
        assert!(!r.in_check(&pos, Color::Black));
        assert_eq!(
            moves(&r, pieces, Color::White),
            sorted("Rd1-b1 Rd1-c1 Rd1-e1 Rd1-f1 Rd1-g1 Rd1-h1 Sf3-d2 Sf3-d4")
        );
    }

    #[test]
    fn brunner_a_check_whose_capture_is_illegal_is_none() {
        let r = Rules::orthodox().with(Condition::Brunner);
        assert_eq!(
            moves(&r, "wKe1 wRd1 wQe2 bKh8 bBb4 bRe8", Color::White),
            sorted("Ke1-f1 Ke1-f2 Qe2*e8 Qe2-b2 Qe2-e5 Qe2-h2 Qe2-h5 Rd1-d2")
        );
    }

    #[test]
    fn brunner_a_move_elsewhere_may_make_a_check_real() {
        // The rook h5 is no check while the rook d2 guards f2 (its capture
        // of the king would leave the black king taken): a move of the
        // rook off the second rank, no pin in the orthodox sense, makes
        // the check real, so is illegal.
        let r = Rules::orthodox().with(Condition::Brunner);
        assert_eq!(
            moves(&r, "wKh1 wRd2 bKf2 bRh5", Color::White),
            sorted("Kh1-g2 Kh1-h2 Rd2-a2 Rd2-b2 Rd2-c2 Rd2-e2")
        );
    }

    #[test]
    fn lese_majeste_a_checked_king_is_not_taken() {
        let r = Rules::orthodox().with(Condition::LeseMajeste);
        let got = moves(&r, "wKa1 wRd1 bKd8 bPa7", Color::White);
        assert!(!got.contains(&"Rd1*d8".to_string()));
        assert_eq!(got.len(), 15);
    }
}
