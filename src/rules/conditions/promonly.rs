//! PromOnly: a pawn promotes only to the walks listed with the condition
//! (in Popeye's order of walks), whether or not they stand in the
//! diagram, and to no other. The list is read into the rules'
//! repertoire (`Repertoire::for_rules`), which the generator asks for a
//! pawn's promotions; check follows (a pawn on the seventh rank checks as
//! the walks it may become). Goes with every Circe form.

use super::{ConditionRule, Parameter};
use crate::rules::{Condition, Rules};

pub struct PromOnly;

impl ConditionRule for PromOnly {
    const ID: &'static str = "promotiononly";
    const PARAMETER: Parameter = Parameter::Walks;
    const INTELLIGENT: bool = true;

    fn refusal(rules: &Rules) -> Option<String> {
        if rules.param(Condition::PromOnly).number == 1 {
            return Some("PromOnly with a hunter is not supported".into());
        }
        // Popeye reads no walk and drops the condition; not played so.
        rules
            .param(Condition::PromOnly)
            .kinds
            .iter()
            .next()
            .is_none()
            .then(|| "PromOnly without a piece name is not played".into())
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::sorted;
    use super::super::Param;
    use crate::board::{Color, Kind, Position};
    use crate::rules::{Condition, KindSet, Repertoire, Rules};

    #[test]
    fn a_pawn_promotes_only_to_the_walks_listed() {
        let mut kinds = KindSet::default();
        for code in ["G", "B", "S"] {
            kinds.insert(Kind::all().find(|k| k.def().codes[0] == code).unwrap());
        }
        let mut r = Rules::orthodox().with_param(
            Condition::PromOnly,
            Param {
                kinds,
                ..Default::default()
            },
        );
        let mut pos = Position::from_piece_list("wKe1 wPb7 bKe8 bSa8").unwrap();
        pos.turn = Color::White;
        r.repertoire = Repertoire::for_rules(&pos, &r);
        assert_eq!(
            super::super::testing::moves_of(&r, &pos),
            sorted(
                "Ke1-f2 Ke1-d2 Ke1-d1 Ke1-e2 Ke1-f1 b7-b8=S b7-b8=B b7-b8=G b7*a8=S b7*a8=B \
                 b7*a8=G"
            )
        );
    }
}
