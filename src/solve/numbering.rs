//! Option `movenumbers` (and `start n`): the first moves numbered in the
//! order Popeye tries them, each printed before the solutions it begins.

use super::popeye_order;
use crate::board::Position;
use crate::moves::Move;
use crate::problem::{Problem, ProblemOption};

/// The first move number to solve from, when the first moves are numbered
/// (`movenumbers`, or `start n`, which skips the moves before the n-th).
pub(super) fn start(problem: &Problem) -> Option<u32> {
    let start = problem.options.iter().find_map(|o| match o.value {
        ProblemOption::Start(n) => Some(n.max(1)),
        _ => None,
    });
    let numbered =
        problem.has_option(|o| matches!(o, ProblemOption::MoveNumbers | ProblemOption::UpTo(_)));
    start.or(numbered.then_some(1))
}

/// The last first move number to solve (`upto n`), if given.
pub(super) fn upto(problem: &Problem) -> Option<u32> {
    problem.options.iter().find_map(|o| match o.value {
        ProblemOption::UpTo(n) => Some(n),
        _ => None,
    })
}

/// The first moves Popeye numbers: every pseudo-legal move, in its order,
/// but those a condition's measure leaves out first (the mummers).
pub(super) fn first_moves_in_order(pos: &Position, rules: &crate::rules::Rules) -> Vec<Move> {
    let mut moves = Vec::new();
    crate::movegen::pseudo_legal_moves(pos, rules, &mut moves);
    moves.sort_by_key(|mv| popeye_order::key_for(rules, pos.turn, mv));
    if !rules.conditions.is_empty() {
        rules.conditions.numbered(rules, pos, &mut moves);
    }
    moves
}

/// Where the first move is the goal move of a goal "reach a square"
/// (`z`), Popeye generates only the moves arriving there: the others are
/// neither tried nor numbered.
pub(super) fn keep_target_reachers(stip: &crate::stipulation::Stipulation, moves: &mut Vec<Move>) {
    use crate::stipulation::{Goal, Play};
    let Goal::Target(sq) = stip.goal else {
        return;
    };
    let first_is_goal = stip.intro.is_none()
        && match stip.play {
            Play::Direct => stip.moves == 1,
            Play::Help => stip.moves == 0 && stip.half_move,
            _ => false,
        };
    if first_is_goal {
        moves.retain(|mv| mv.to == sq);
    }
}
