//! AMU: a move mates only when the unit that makes it was observed, on the
//! square it leaves, by exactly one enemy unit. The count is Popeye's: the
//! bare geometry of observation (no condition judges the observers), each
//! observing unit once however many lines it has to the square. Only the
//! goal mate is concerned; check, and every other goal, are as in chess.

use super::ConditionRule;
use crate::board::{Bitboard, Position};
use crate::moves::Move;
use crate::rules::Rules;

pub struct Amu;

impl ConditionRule for Amu {
    const ID: &'static str = "amu";

    fn mating_move_refused(rules: &Rules, before: &Position, mv: &Move) -> bool {
        !observed_once(rules, before, mv)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::not_played_beside(
            rules,
            "AMU",
            &[
                crate::rules::Base::MarsCirce,
                crate::rules::Base::AntiMarsCirce,
                crate::rules::Base::PhantomChess,
            ],
        )
    }
}

/// Whether the unit `mv` moves stood observed by exactly one enemy unit.
fn observed_once(rules: &Rules, before: &Position, mv: &Move) -> bool {
    let from = mv.departure();
    let side = mv.piece.color;
    if before.piece_as(from, side).is_none() {
        return false;
    }
    let mut seen = Bitboard::EMPTY;
    rules.any_observer(before, from, side.opponent(), None, false, |o| {
        seen.set(o.on);
        seen.count() > 1
    });
    seen.count() == 1
}

#[cfg(test)]
mod tests {
    //! Each answer is checked against Popeye 4.104.
    use crate::board::{Color, Position};
    use crate::moves::Move;
    use crate::rules::{Condition, Rules};
    use crate::solve::goal::Judge;
    use crate::stipulation::Goal;

    fn mates(list: &str, from: &str, to: &str) -> bool {
        let rules = Rules::orthodox().with(Condition::Amu);
        let mut pos = Position::from_piece_list(list).unwrap();
        pos.turn = Color::White;
        let mut moves: Vec<Move> = Vec::new();
        crate::movegen::legal_moves(&pos, &rules, &mut moves);
        let sq = |s| crate::board::Square::parse(s).unwrap();
        let mv = *moves
            .iter()
            .find(|m| m.from == sq(from) && m.to == sq(to))
            .expect("the move");
        let after = pos.play(&mv);
        Judge::new(rules, Goal::Mate).reached(&pos, &mv, &after)
    }

    #[test]
    fn the_mating_unit_must_be_observed_exactly_once() {
        // Ra1-a8 mates the king h8 in chess.
        let board = "wKg6 wRa1 bKh8";
        // Not observed at all: no mate.
        assert!(!mates(board, "a1", "a8"));
        // Observed by the knight b3 alone: mate.
        assert!(mates("wKg6 wRa1 bKh8 bSb3", "a1", "a8"));
        // Observed by the knight b3 and the pawn b2: no mate.
        assert!(!mates("wKg6 wRa1 bKh8 bSb3 bPb2", "a1", "a8"));
    }
}
