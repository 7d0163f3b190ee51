//! The conditions that make a capture (and an observation, so a check)
//! depend on who guards whom, a unit guarding a square when a unit of its
//! side observes it (plain observation):
//! - Lortap: a unit captures and observes only while *not* guarded by its
//!   own side (Patrouille turned round).
//! - SuperGuards: a unit guarded by its own side cannot be captured nor
//!   observed; a guarded king is not in check.
//! - AntiGuards: SuperGuards turned round: a unit can be captured, and
//!   observed, only while its own side guards it; an unguarded king is not
//!   in check.
//! - ShieldedKings: a king does not observe the enemy king while that king
//!   is guarded by its own side (so kings may stand side by side).

use super::{Capabilities, ConditionRule};
use crate::board::{Position, Square};
use crate::moves::Move;
use crate::rules::{Observer, Rules};

pub struct Lortap;
pub struct SuperGuards;
pub struct AntiGuards;
pub struct ShieldedKings;

/// Capabilities of a condition that judges captures and observations.
const JUDGES_CAPTURES: Capabilities = Capabilities {
    orthodox_movers: false,
    orthodox_observation: false,
    check_implies_attack: false,
    ..Capabilities::ORTHODOX
};

impl ConditionRule for Lortap {
    const ID: &'static str = "lortap";
    const CAPABILITIES: Capabilities = JUDGES_CAPTURES;

    #[inline]
    fn allows(rules: &Rules, pos: &Position, mv: &Move) -> bool {
        // Guarded where it stands: on its own square under the Mars family.
        !mv.is_capture() || !rules.is_supported(pos, mv.departure(), mv.piece.color)
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        !rules.is_supported(pos, observer.on, observer.unit.color)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::judged_apart_beside_phantom(rules, "Lortap", "1.Rd4-a1*f1")
    }
}

impl ConditionRule for SuperGuards {
    const ID: &'static str = "superguards";
    const CAPABILITIES: Capabilities = JUDGES_CAPTURES;

    fn refusal(rules: &Rules) -> Option<String> {
        super::judged_apart_beside_phantom(rules, "SuperGuards", "1.Re2-h1*f1")
    }

    #[inline]
    fn allows(rules: &Rules, pos: &Position, mv: &Move) -> bool {
        !mv.is_capture() || !rules.is_supported(pos, mv.capture_square, mv.piece.color.opponent())
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        !rules.is_supported(pos, target, observer.unit.color.opponent())
    }
}

impl ConditionRule for AntiGuards {
    const ID: &'static str = "antiguards";
    const CAPABILITIES: Capabilities = JUDGES_CAPTURES;

    fn refusal(rules: &Rules) -> Option<String> {
        super::judged_apart_beside_phantom(rules, "AntiGuards", "1.Re2-h1*f1")
    }

    #[inline]
    fn allows(rules: &Rules, pos: &Position, mv: &Move) -> bool {
        !mv.is_capture() || rules.is_supported(pos, mv.capture_square, mv.piece.color.opponent())
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        rules.is_supported(pos, target, observer.unit.color.opponent())
    }
}

impl ConditionRule for ShieldedKings {
    const ID: &'static str = "shieldedkings";
    const CAPABILITIES: Capabilities = JUDGES_CAPTURES;

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        let us = observer.unit.color;
        let them = us.opponent();
        !(pos.king(us) == Some(observer.on)
            && pos.king(them) == Some(target)
            && rules.is_supported(pos, target, them))
    }
}

#[cfg(test)]
mod tests {
    //! Each answer is checked against Popeye 4.104.
    use super::super::annan::tests::moves;
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};

    #[test]
    fn under_mars_lortap_judges_the_guard_on_the_units_own_square() {
        // The queen b7 takes d6 from d1, which the rook h1 guards; b7 is
        // not guarded, so it may (as Popeye finds).
        use crate::rules::{Base, CirceRules};
        let r = Rules::with_circe(CirceRules::of(Base::MarsCirce)).with(Condition::Lortap);
        let got = moves(&r, "wKh4 wQb7 wRh1 bKa8 bPd6");
        assert!(got.contains(&"Qb7-d1*d6".to_string()));
        assert_eq!(got.len(), 37);
    }

    #[test]
    fn lortap_only_unguarded_units_capture() {
        let r = Rules::orthodox().with(Condition::Lortap);
        let got = moves(&r, "wKa1 wRd4 wBf4 wSh3 bKh8 bPd7 bPf7 bPh6");
        assert!(got.contains(&"Rd4*d7".to_string()));
        assert!(!got.contains(&"Bf4*h6".to_string()));
    }

    #[test]
    fn superguards_a_guarded_unit_cannot_be_taken_nor_checked() {
        let r = Rules::orthodox().with(Condition::SuperGuards);
        let got = moves(&r, "wKa1 wRd1 bKh8 bPd5 bPe6 bPa5");
        assert!(!got.contains(&"Rd1*d5".to_string()));
        assert!(got.contains(&"Rd1-d4".to_string()));
        // The black king, guarded by its rook, is not in check.
        let pos = Position::from_piece_list("wKa1 wRh1 bKh8 bRg8").unwrap();
        assert!(!r.in_check(&pos, Color::Black));
        assert!(Rules::orthodox().in_check(&pos, Color::Black));
    }

    #[test]
    fn antiguards_only_a_guarded_unit_can_be_taken_or_checked() {
        // Popeye (~1): the rook takes d5, guarded by e6, not a5.
        let r = Rules::orthodox().with(Condition::AntiGuards);
        let got = moves(&r, "wKa1 wRd1 bKh8 bPd5 bPe6 bPa5");
        assert!(got.contains(&"Rd1*d5".to_string()));
        let got = moves(&r, "wKa1 wRa4 bKh8 bPa5");
        assert!(!got.contains(&"Ra4*a5".to_string()));
        // The black king, unguarded, is not in check; guarded by its
        // rook, it is.
        let pos = Position::from_piece_list("wKa1 wRh1 bKh8 bPa7").unwrap();
        assert!(!r.in_check(&pos, Color::Black));
        let pos = Position::from_piece_list("wKa1 wRh1 bKh8 bRg8").unwrap();
        assert!(r.in_check(&pos, Color::Black));
    }

    #[test]
    fn shielded_kings_a_guarded_king_may_stand_by_the_other() {
        let r = Rules::orthodox().with(Condition::ShieldedKings);
        // The white king goes next to the black king onto e5, which the
        // queen guards.
        let got = moves(&r, "wKe4 wQa1 bKe6 bPh7");
        assert!(got.contains(&"Ke4-e5".to_string()));
        assert!(!moves(&Rules::orthodox(), "wKe4 wQa1 bKe6 bPh7").contains(&"Ke4-e5".to_string()));
    }
}
