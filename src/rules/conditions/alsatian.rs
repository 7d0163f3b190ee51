//! Alsatian Circe's extra rule: every position must be legal in orthodox
//! chess (docs/alsatian.md). Only captures are tested: a quiet move is an
//! orthodox move, so it extends an orthodox game to the diagram and keeps
//! the position legal; a capture's rebirth is what can break that.

use super::{Capabilities, ConditionRule};
use crate::board::Position;
use crate::legality::orthodox_violation;
use crate::moves::Move;
use crate::rules::Rules;

pub struct Alsatian;

impl ConditionRule for Alsatian {
    /// Not a Popeye condition: the project's own (Popeye has no Alsatian
    /// Circe); the vocabulary reads it by its own names.
    const ID: &'static str = "alsatian";
    /// Named in front of the Circe form by the writers themselves.
    const WRITTEN: bool = false;
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn legal_after(_rules: &Rules, _before: &Position, mv: &Move, after: &Position) -> bool {
        !(mv.is_capture() && orthodox_violation(after).is_some())
    }

    fn refusal(rules: &Rules) -> Option<String> {
        use crate::rules::{OnOccupied, RelevantCapture};
        rules
            .families()
            .any(|c| {
                c.relevant_capture != RelevantCapture::ThisMove
                    || matches!(c.on_occupied, OnOccupied::Volcanic | OnOccupied::Parachute)
            })
            .then(|| {
                "Alsatian Circe with LastMove, Parrain, ContraParrain, WaitCapture, Volcanic or \
                 Parachute: units off the board or under others have no place in the orthodox \
                 legality test"
                    .into()
            })
    }
}
