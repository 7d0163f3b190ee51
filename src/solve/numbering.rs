//! Option `movenumbers` (and `start n`): the first moves numbered in the
//! order Popeye tries them, each printed before the solutions it begins.

use super::{popeye_order, Mark, PlayedMove, Remark, Solution, TriedMove};
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
    let numbered = problem.has_option(|o| *o == ProblemOption::MoveNumbers);
    start.or(numbered.then_some(1))
}

/// The first moves Popeye numbers: every pseudo-legal move, in its order.
pub(super) fn first_moves_in_order(pos: &Position, rules: &crate::rules::Rules) -> Vec<Move> {
    let mut moves = Vec::new();
    crate::movegen::pseudo_legal_moves(pos, rules, &mut moves);
    moves.sort_by_key(|mv| popeye_order::key_in(mv, rules.repertoire.sorts_moves()));
    moves
}

/// Numbers the first moves `moves` (from [`first_moves_in_order`]) from
/// `start` on, each marked ` +` when it attacks the other king. The search
/// never tried those numbered before `start`.
pub(super) fn number_first_moves(
    solution: &mut Solution,
    pos: &Position,
    rules: &crate::rules::Rules,
    moves: Vec<Move>,
    start: u32,
    elapsed: std::time::Duration,
) {
    solution.tried = (start..)
        .zip(moves.into_iter().skip(start as usize - 1))
        .map(|(number, mv)| {
            let after = pos.play(&mv);
            let checks = rules.in_check(&after, pos.turn.opponent());
            TriedMove {
                played: PlayedMove {
                    mv,
                    before: *pos,
                    number,
                    ellipsis: false,
                    suffix: if checks { " +" } else { "" },
                    mark: Mark::None,
                    remark: Remark::None,
                },
                seconds: elapsed.as_secs_f64(),
            }
        })
        .collect();
}
