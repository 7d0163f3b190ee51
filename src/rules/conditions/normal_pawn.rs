//! NormalPawn (NormalBauern): a pawn on its own first rank moves as on
//! any other rank but its second: one step forward, and it captures (and
//! so observes) diagonally onto its second rank. Without the condition
//! Popeye lets such a pawn stand still. The generator and the check test
//! read it through `Rules::first_rank_pawns_move` and
//! `Rules::first_rank_pawns_observe`.

use super::ConditionRule;
use crate::board::Position;
use crate::rules::{Condition, Rules};

pub struct NormalPawn;

impl ConditionRule for NormalPawn {
    const ID: &'static str = "normalp";

    fn refusal(rules: &Rules) -> Option<String> {
        // Popeye lifts Take&MakeChess's ban on a make to the first rank
        // under NormalPawn: not compared.
        rules
            .has(Condition::TakeMakeChess)
            .then(|| "NormalPawn with Take&MakeChess is not played".into())
    }

    /// The fairy pawns (Berolina, reversed pawns, ...) step from their
    /// first rank too in Popeye: not played here.
    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        pos.fairy()
            .into_iter()
            .filter_map(|sq| pos.piece_at(sq))
            .any(|unit| unit.kind.is_pawn())
            .then(|| "NormalPawn with fairy pawns is not played".into())
    }
}

/// Whether NormalPawn is in force.
#[inline]
pub fn in_force(rules: &Rules) -> bool {
    !rules.conditions.is_empty() && rules.has(Condition::NormalPawn)
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    #[test]
    fn a_pawn_on_its_first_rank_steps_and_captures_onto_its_second() {
        let r = Rules::orthodox().with(Condition::NormalPawn);
        assert_eq!(
            moves(&r, "wKh1 wPc1 bKa8 bSd2 bPf8", Color::White),
            sorted("Kh1-g1 Kh1-g2 Kh1-h2 c1-c2 c1*d2")
        );
        assert_eq!(
            moves(&r, "wKh1 wSe7 bKa8 bPf8", Color::Black),
            sorted("Ka8-a7 Ka8-b7 Ka8-b8 f8-f7 f8*e7")
        );
    }

    #[test]
    fn a_pawn_on_its_first_rank_checks_onto_its_second() {
        let r = Rules::orthodox().with(Condition::NormalPawn);
        // The king may not step next to the pawn b1's diagonal.
        let got = moves(&r, "wKh1 wPb1 bKa3", Color::Black);
        assert_eq!(got, sorted("Ka3-a4 Ka3-b4 Ka3-b3 Ka3-b2"));
    }
}
