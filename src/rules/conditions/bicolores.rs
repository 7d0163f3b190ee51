//! Bicolores: a king is in check when a unit of either side observes it,
//! its own side's units as well as the enemy's.
//!
//! A unit of the king's side observes with its own walk and direction (a
//! white pawn checks a white king from the square diagonally below it), as
//! it would capture. So a move may not leave its own units observing its
//! king, nor may a king castle across a square its own units observe.
//!
//! Refused, as by Popeye, beside neutral units ("too much fairy chess for
//! neutral pieces"), beside MarsCirce, AntiMarsCirce, PlusChess,
//! PhantomChess and Make&TakeChess, and beside Circe Assassin. Not played
//! where a check is judged by playing the capture out (AntiCirce,
//! ImmunChess, GenevaChess, Circe RexInclusive, Take&MakeChess, SingleBox,
//! ExtinctionChess): Popeye's checks by the king's own units there follow
//! a rule not found (under AntiCirce and RexInclusive none in its answers).

use super::{Capabilities, ConditionRule};
use crate::board::{Color, Position, Square};
use crate::rules::{Base, Condition, OnOccupied, Rules};

pub struct Bicolores;

impl ConditionRule for Bicolores {
    const ID: &'static str = "bicolores";
    /// Check is no longer the enemy's attack: a quiet move that opens no
    /// line may still check its own king (by the unit moved).
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_legality: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    fn checks(rules: &Rules, pos: &Position, king: Square, color: Color) -> bool {
        rules.any_observer(pos, king, color, None, true, |_| true)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        let assassin = rules
            .family(Base::Circe)
            .is_some_and(|c| c.on_occupied == OnOccupied::Assassin);
        if assassin {
            return Some(
                "Circe Assassin is incompatible with several fairy conditions and fairy pieces"
                    .into(),
            );
        }
        if let Some(m) = super::kings_beside_mars_refusal(rules) {
            return Some(m);
        }
        // Where Popeye judges a check by playing the capture out, its
        // checks by the king's own units follow a rule not found here
        // (under AntiCirce and Circe RexInclusive they are never checks
        // in its answers, whatever the rebirth squares).
        let played_out = rules.families().any(|c| match c.base {
            Base::Circe => c.rex_inclusive,
            Base::AntiCirce | Base::ImmunChess | Base::GenevaChess => true,
            _ => false,
        }) || [
            Condition::TakeMakeChess,
            Condition::SingleBox,
            Condition::ExtinctionChess,
        ]
        .into_iter()
        .any(|c| rules.has(c));
        played_out.then(|| {
            "Bicolores is not played where a check is judged by playing the capture out \
             (AntiCirce, ImmunChess, GenevaChess, Circe RexInclusive, Take&MakeChess, SingleBox, \
             ExtinctionChess): the checks by the king's own units there are not Popeye's"
                .into()
        })
    }

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        pos.neutral()
            .nonempty()
            .then(|| "too much fairy chess for neutral pieces".into())
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    #[test]
    fn a_king_is_in_check_from_its_own_units() {
        let r = Rules::orthodox().with(Condition::Bicolores);
        assert_eq!(
            moves(&r, "wKe1 wRa4 wPc2 bKh8 bSh1", Color::White),
            sorted(
                "Ke1-d2 Ke1-d1 Ke1-e2 Ke1-f1 c2-c4 c2-c3 Ra4-a2 Ra4-a3 Ra4-a8 Ra4-a7 Ra4-a6 \
                 Ra4-a5 Ra4-h4 Ra4-g4 Ra4-f4 Ra4-d4 Ra4-c4 Ra4-b4"
            )
        );
    }

    #[test]
    fn refused_where_check_is_played_out() {
        let r = Rules::with_circe(CirceRules::of(Base::AntiCirce)).with(Condition::Bicolores);
        assert!(r.conditions.refusal(&r).is_some());
        let r = Rules::with_circe(CirceRules::of(Base::Circe)).with(Condition::Bicolores);
        assert!(r.conditions.refusal(&r).is_none());
    }
}
