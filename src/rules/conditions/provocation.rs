//! ProvocationChess (Provocateurs): a unit captures, and observes (so
//! gives check), only while an enemy unit observes it; it makes its other
//! moves freely. Kings too. The provoking observation is plain observation
//! (as Patrouille's support, with the enemy's units).

use super::{Capabilities, ConditionRule};
use crate::board::{Color, Position, Square};
use crate::moves::Move;
use crate::rules::{Observer, Rules};

pub struct Provocation;

impl Rules {
    /// Whether the unit on `on`, playing for `side`, is observed by an
    /// enemy unit (ProvocationChess's provocation).
    fn is_provoked(&self, pos: &Position, on: Square, side: Color) -> bool {
        self.is_observed_by(pos, on, side.opponent())
    }
}

impl ConditionRule for Provocation {
    const ID: &'static str = "provocateurs";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn allows(rules: &Rules, pos: &Position, mv: &Move) -> bool {
        !mv.is_capture() || rules.is_provoked(pos, mv.departure(), mv.piece.color)
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        rules.is_provoked(pos, observer.on, observer.unit.color)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::judged_apart_beside_phantom(rules, "ProvocationChess", "1.Rd4-a1*f1")
    }
}

#[cfg(test)]
mod tests {
    //! Each list is checked against Popeye 4.104's `~1`.
    use super::super::annan::tests::moves;
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};

    #[test]
    fn only_provoked_units_capture() {
        let r = Rules::orthodox().with(Condition::Provocation);
        // The knight g6 provokes the bishop f4, nothing the rook d4.
        let list = "wKa1 wRd4 wBf4 bKh8 bPd7 bPh6 bSg6";
        let got = moves(&r, list);
        assert!(got.contains(&"Bf4*h6".to_string()), "{got:?}");
        assert!(!got.contains(&"Rd4*d7".to_string()), "{got:?}");
        assert!(got.contains(&"Rd4-d6".to_string()), "{got:?}");
        assert_eq!(got.len(), 23);
    }

    #[test]
    fn an_unprovoked_unit_gives_no_check() {
        // The rook a8 checks h8 in chess; nothing black observes it, until
        // the knight b6 does (Popeye: "the side to play can capture the
        // king").
        let pos = Position::from_piece_list("wKa1 wRa8 bKh8").unwrap();
        let r = Rules::orthodox().with(Condition::Provocation);
        assert!(!r.in_check(&pos, Color::Black));
        let pos = Position::from_piece_list("wKa1 wRa8 bKh8 bSb6").unwrap();
        assert!(r.in_check(&pos, Color::Black));
    }
}
