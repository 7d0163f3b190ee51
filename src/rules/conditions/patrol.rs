//! Patrouille (Patrol Chess) and UltraPatrouille. A unit is supported when
//! a unit of its own side observes its square. Under Patrouille a unit
//! captures, and observes (so gives check), only when supported; it moves
//! freely otherwise. Under UltraPatrouille an unsupported unit does not
//! move at all and observes nothing. Kings obey the rule like the rest.
//! Support itself is plain observation: a supporter need not be supported.

use super::{Capabilities, ConditionRule};
use crate::board::{Bitboard, Color, Position, Square};
use crate::moves::Move;
use crate::rules::{Observer, Rules};

pub struct Patrol;
pub struct UltraPatrol;

impl Rules {
    /// Whether the unit on `on`, playing for `side`, is observed by a unit
    /// of its side (Patrouille's support).
    pub fn is_supported(&self, pos: &Position, on: Square, side: Color) -> bool {
        self.any_observer(pos, on, side, None, false, |o| o.on != on)
    }
}

impl ConditionRule for Patrol {
    const ID: &'static str = "patrouille";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn allows(rules: &Rules, pos: &Position, mv: &Move) -> bool {
        !mv.is_capture() || rules.is_supported(pos, mv.departure(), mv.piece.color)
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        rules.is_supported(pos, observer.on, observer.unit.color)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        // AntiMarsCirce agrees with Popeye on random positions (a unit
        // needs support on the square it stands on, not on its rebirth
        // square). Under MarsCirce Popeye sees check by an unsupported unit
        // (a rook on b4 beside pawns on c3 and f2), under PhantomChess it
        // differs in the moves too.
        use crate::rules::Base;
        [Base::MarsCirce, Base::PhantomChess]
            .into_iter()
            .any(|b| rules.family(b).is_some())
            .then(|| "Patrouille with MarsCirce or PhantomChess (not played yet)".to_string())
    }
}

impl ConditionRule for UltraPatrol {
    const ID: &'static str = "ultrapatrouille";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn immobile(rules: &Rules, pos: &Position, side: Color) -> Bitboard {
        super::units_where(pos, side, |on| !rules.is_supported(pos, on, side))
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        rules.is_supported(pos, observer.on, observer.unit.color)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::mars_family_refusal(rules, "UltraPatrouille")
    }
}

#[cfg(test)]
mod tests {
    //! Each list is checked against Popeye 4.104's `~1`.
    use super::super::annan::tests::moves;
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};

    #[test]
    fn only_supported_units_capture() {
        let r = Rules::orthodox().with(Condition::Patrol);
        let list = "wKa1 wRd4 wBf4 wSh3 bKh8 bPd7 bPf7 bPh6";
        let got = moves(&r, list);
        assert!(got.contains(&"Bf4*h6".to_string()));
        assert!(!got.contains(&"Rd4*d7".to_string()));
        assert!(got.contains(&"Rd4-d6".to_string()));
        assert_eq!(got.len(), 26);
        assert!(moves(&Rules::orthodox(), list).contains(&"Rd4*d7".to_string()));
    }

    #[test]
    fn an_unsupported_unit_gives_no_check() {
        let r = Rules::orthodox().with(Condition::Patrol);
        let pos = Position::from_piece_list("wKa1 wRh1 bKh8").unwrap();
        assert!(!r.in_check(&pos, Color::Black));
        let pos = Position::from_piece_list("wKa1 wRb1 bKb8").unwrap();
        assert!(r.in_check(&pos, Color::Black));
    }

    /// AntiMarsCirce: a unit needs support where it stands (its captures
    /// are ordinary), and its moves from the rebirth square need none.
    /// Popeye 4.104: with wBf6 `1.Rd4*d7` and `1.Rd4-a1-a6 +` (the bishop,
    /// now supported by the rook, checks); with wBg6 neither.
    #[test]
    fn under_antimars_support_is_judged_on_the_units_square() {
        use crate::rules::{Base, CirceRules};
        let r = Rules::with_circe(CirceRules::of(Base::AntiMarsCirce)).with(Condition::Patrol);
        assert!(r.unsupported().is_none() && r.conditions.refusal(&r).is_none());
        let got = moves(&r, "wKh1 wRd4 wBf6 bKh8 bPd7");
        assert!(got.contains(&"Rd4*d7".to_string()));
        assert_eq!(got.len(), 27);
        let pos = Position::from_piece_list("wKh1 wRa6 wBf6 bKh8 bPd7").unwrap();
        assert!(r.in_check(&pos, Color::Black));
        let got = moves(&r, "wKh1 wRd4 wBg6 bKh8 bPd7");
        assert!(!got.contains(&"Rd4*d7".to_string()));
        assert!(got.contains(&"Rd4-a1-a6".to_string()));
        assert_eq!(got.len(), 26);
        let pos = Position::from_piece_list("wKh1 wRa6 wBg6 bKh8 bPd7").unwrap();
        assert!(!r.in_check(&pos, Color::Black));
    }

    #[test]
    fn patrouille_is_refused_with_marscirce_and_phantomchess() {
        use crate::rules::{Base, CirceRules};
        for b in [Base::MarsCirce, Base::PhantomChess] {
            let r = Rules::with_circe(CirceRules::of(b)).with(Condition::Patrol);
            assert!(r.conditions.refusal(&r).is_some());
        }
    }

    #[test]
    fn under_ultrapatrol_unsupported_units_do_not_move() {
        let r = Rules::orthodox().with(Condition::UltraPatrol);
        let got = moves(&r, "wKa1 wRb1 wBh3 wSc3 bKh8 bPa7");
        assert!(got.iter().all(|m| m.starts_with('K') || m.starts_with('R')));
        assert_eq!(got.len(), 15);
    }
}
