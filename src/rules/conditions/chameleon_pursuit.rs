//! ChameleonPursuit: a unit that ends its move on the square the other
//! side's last move started from goes over to the other side.
//!
//! The square is the arrival of the move's motion, compared with the
//! departure of the move before it (none in the diagram, nor after a null
//! move). The change is AndernachChess's: the moving unit where the rules
//! leave it (an Anticirce capturer on its rebirth square), unless it is
//! royal or neutral, written `=w` / `=b` after the move (`Nd3-c1=w`).

use super::volage::{mover_changes_sides, mover_end};
use super::{Capabilities, ConditionRule};
use crate::board::{Attrs, Kind, Position};
use crate::moves::{Move, Shown};
use crate::rules::Rules;

pub struct ChameleonPursuit;

impl ConditionRule for ChameleonPursuit {
    const ID: &'static str = "champursue";
    /// A unit that turns may check its former king: moves are played out.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        ..Capabilities::ORTHODOX
    };

    fn settle(_rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        let Some(last) = pos.history.last else {
            return;
        };
        for mv in &mut moves[start..] {
            if mv.to != last.departure
                || mv.is_castling_or_exchange()
                || mv.piece.kind == Kind::KING
                || mv.piece.attrs.contains(Attrs::ROYAL)
            {
                continue;
            }
            let Some((on, unit, _)) = mover_end(mv) else {
                continue;
            };
            if unit.color != pos.turn || unit.is_neutral() {
                continue;
            }
            mover_changes_sides(mv, on, unit, Shown::Side);
        }
    }

    fn prepare(_rules: &Rules, pos: &mut Position) {
        pos.history.tracked = true;
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`h~1`).
    use super::super::testing::{after_line, moves_of, sorted};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    #[test]
    fn a_unit_arriving_where_the_last_move_started_turns() {
        let r = Rules::orthodox().with(Condition::ChameleonPursuit);
        let pos = after_line(&r, "wKb5 wSb4 bKa8 bSc6", Color::Black, &["Sc6-e5"]);
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "Sb4-a2 Sb4-c2 Sb4-d3 Sb4-d5 Sb4-c6=b Sb4-a6 Kb5-a4 Kb5-a6 Kb5-a5 Kb5-b6 Kb5-c5"
            )
        );
    }

    #[test]
    fn a_king_does_not_turn() {
        let r = Rules::orthodox().with(Condition::ChameleonPursuit);
        let pos = after_line(&r, "wKd7 wSb4 bKa8 bPc6", Color::Black, &["c6-c5"]);
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "Sb4-a2 Sb4-c2 Sb4-d3 Sb4-d5 Sb4-c6=b Sb4-a6 Kd7-c6 Kd7-e6 Kd7-e8 Kd7-c8 \
                 Kd7-d6 Kd7-c7 Kd7-d8 Kd7-e7"
            )
        );
    }

    #[test]
    fn the_first_move_follows_no_move() {
        let r = Rules::orthodox().with(Condition::ChameleonPursuit);
        let pos = after_line(&r, "wKb5 wSb4 bKa8 bSc6", Color::Black, &[]);
        assert!(moves_of(&r, &pos).iter().all(|m| !m.contains('=')));
    }
}
