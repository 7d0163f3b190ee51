//! A structured stipulation whose root joins two expressions
//! (`sstipulation white 3a[#]d|4hh[#]`, `&`). Popeye solves the operands
//! one after the other, each a play of its own written in turn: `A|B`
//! plays `B` only where `A` had no solution (its `or_solve`); `A&B` first
//! tests `B` without writing anything (the constraint its shortcut logic
//! puts before `A`), plays `A` where `B` has a solution, then `B` where
//! `A` had one (`and_solve`). Popeye reads `A&B|C` as `A&(B|C)`.

use super::{Cancel, Event, Sink, Solution, SolveError};
use crate::problem::Problem;
use crate::stipulation::structured::{root_join_of, Join};

/// The join at the root of `problem`'s stipulation, each operand as the
/// problem with that stipulation.
fn split(problem: &Problem) -> Option<(Join, Problem, Problem)> {
    let (join, a, b) = root_join_of(&problem.stipulation.value)?;
    let with = |text: String| {
        let mut p = problem.clone();
        p.stipulation.value = text;
        p
    };
    Some((join, with(a), with(b)))
}

/// Whether `problem`'s stipulation joins expressions at its root.
pub fn is_joined(problem: &Problem) -> bool {
    root_join_of(&problem.stipulation.value).is_some()
}

/// Plays `problem` through `solve`, each operand of a join as its own
/// play (its solution pushed to `phases`) where the join asks for it.
/// Returns whether the expression is solved.
pub(super) fn solve_joined(
    problem: &Problem,
    cancel: &Cancel,
    solve: &mut dyn FnMut(&Problem) -> Result<Solution, SolveError>,
    phases: &mut Vec<Solution>,
) -> Result<bool, SolveError> {
    match split(problem) {
        None => {
            let solution = solve(problem)?;
            let solved = solution.solutions > 0;
            phases.push(solution);
            Ok(solved)
        }
        Some((Join::Or, a, b)) => Ok(
            solve_joined(&a, cancel, solve, phases)? || solve_joined(&b, cancel, solve, phases)?
        ),
        Some((Join::And, a, b)) => Ok(has_solution(&b, cancel)?
            && solve_joined(&a, cancel, solve, phases)?
            && solve_joined(&b, cancel, solve, phases)?),
    }
}

/// Whether `problem` has a solution, found without writing anything.
fn has_solution(problem: &Problem, cancel: &Cancel) -> Result<bool, SolveError> {
    match split(problem) {
        None => {
            let mut quiet = Quiet { solutions: 0 };
            super::solve_into(problem, cancel, &mut quiet)?;
            Ok(quiet.solutions > 0)
        }
        Some((Join::Or, a, b)) => Ok(has_solution(&a, cancel)? || has_solution(&b, cancel)?),
        Some((Join::And, a, b)) => Ok(has_solution(&b, cancel)? && has_solution(&a, cancel)?),
    }
}

/// Counts the solutions of a search and keeps nothing else.
struct Quiet {
    solutions: usize,
}

impl Sink for Quiet {
    fn event(&mut self, event: Event) {
        self.solutions += event.solutions();
    }
}
