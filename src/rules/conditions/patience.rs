//! PatienceChess: in its inventor's rule a unit may not move to a square
//! its side or the other side has just left. Popeye 4.104 plays none of
//! it: its test reads the squares left from a record its move player never
//! fills (that code is compiled out), so every move passes, and its ban on
//! castling is put in before the castling machinery exists and removes
//! nothing. The condition is named under the diagram and changes no move;
//! circe plays it so, as Popeye does.

use super::ConditionRule;

pub struct PatienceChess;

impl ConditionRule for PatienceChess {
    const ID: &'static str = "patience";
}

#[cfg(test)]
mod tests {
    //! Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{after_line, moves_of};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    #[test]
    fn a_square_just_left_may_be_entered_and_castling_stays() {
        let r = Rules::orthodox().with(Condition::PatienceChess);
        let pieces = "wKe1 wRh1 wRa1 wPd2 bKe8 bRh8 bPd7";
        let pos = after_line(&r, pieces, Color::White, &["d2-d4", "Rh8-h7"]);
        let list = moves_of(&r, &pos);
        for m in ["0-0", "0-0-0", "Ke1-d2"] {
            assert!(list.contains(&m.to_string()), "{m}");
        }
        let orthodox = moves_of(&Rules::orthodox(), &pos);
        assert_eq!(list, orthodox);
    }
}
