//! Option `movenumbers` (and `start n`): the first moves numbered in the
//! order Popeye tries them, each printed before the solutions it begins.

use super::popeye_order;
use crate::board::Position;
use crate::moves::Move;
use crate::problem::{Problem, ProblemOption};
use std::sync::Arc;

/// The first move number to solve from, when the first moves are numbered
/// (`movenumbers`, or `start n`, which skips the moves before the n-th).
pub(super) fn start(problem: &Problem) -> Option<u32> {
    let numbered = problem.has_option(|o| {
        matches!(
            o,
            ProblemOption::MoveNumbers | ProblemOption::Start(_) | ProblemOption::UpTo(_)
        )
    });
    numbered.then(|| Bounds::of(problem).start(0).max(1))
}

/// Options `start` and `upto` with their move paths: which moves Popeye
/// tries and numbers at each level of a line (the first move is level 0,
/// the move after it level 1, and so on). A move is numbered among every
/// pseudo-legal move at its level, in Popeye's order. At a level beyond
/// a path's end, the path bounds nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bounds {
    start: Vec<u32>,
    upto: Vec<u32>,
}

impl Bounds {
    /// The bounds `problem`'s options give (none: every move is tried).
    pub(crate) fn of(problem: &Problem) -> Bounds {
        let mut bounds = Bounds::default();
        for o in &problem.options {
            match &o.value {
                ProblemOption::Start(path) => bounds.start.clone_from(&path.0),
                ProblemOption::UpTo(path) => bounds.upto.clone_from(&path.0),
                _ => {}
            }
        }
        bounds
    }

    /// The first number tried at `level` (0: no bound).
    pub(crate) fn start(&self, level: usize) -> u32 {
        self.start.get(level).copied().unwrap_or(0)
    }

    /// The last number tried at `level` (`u32::MAX`: no bound).
    pub(crate) fn upto(&self, level: usize) -> u32 {
        self.upto.get(level).copied().unwrap_or(u32::MAX)
    }

    /// How many levels the paths reach: the moves of these levels are
    /// numbered as they are tried.
    pub(crate) fn levels(&self) -> usize {
        self.start.len().max(self.upto.len()).max(1)
    }

    /// Whether the moves of `level` are written with their numbers as
    /// they are tried: the first moves always, a later level's where a
    /// path bounds it.
    pub(crate) fn writes(&self, level: usize) -> bool {
        level == 0 || self.start(level) > 0 || self.upto(level) < u32::MAX
    }

    /// Whether the move numbered `numbers` (the last number the move's, the
    /// others those of the moves before it, the first move's first) is
    /// left out. Popeye's rule: a move outside its level's bounds is left
    /// out, unless a move before it lies strictly inside its own level's
    /// bounds (then the path is passed, and nothing below is bounded).
    pub(crate) fn skips(&self, numbers: &[u32]) -> bool {
        let Some((&n, before)) = numbers.split_last() else {
            return false;
        };
        let level = before.len();
        let outside = n < self.start(level) || n > self.upto(level);
        outside
            && !before
                .iter()
                .enumerate()
                .any(|(l, &m)| self.start(l) < m && m < self.upto(l))
    }
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
    use crate::stipulation::Play;
    let first_is_goal = stip.intro.is_none()
        && match stip.play {
            Play::Direct => stip.moves == 1,
            Play::Help => stip.moves == 0 && stip.half_move,
            _ => false,
        };
    if first_is_goal {
        keep_goal_reachers(stip.goal, moves);
    }
}

/// The moves Popeye numbers at the goal move of `goal`: for a goal "reach
/// a square" only those arriving there; for the other goals a path may
/// number (the proof games) every move.
pub(super) fn keep_goal_reachers(goal: crate::stipulation::Goal, moves: &mut Vec<Move>) {
    if let crate::stipulation::Goal::Target(sq) = goal {
        moves.retain(|mv| mv.to == sq);
    }
}

/// A search following the paths of `start` and `upto` below the first
/// move: the numbers of the moves played so far, and when solving began
/// (the moves are written with the time they are tried at).
#[derive(Clone, Debug)]
pub(crate) struct PathWalk {
    bounds: Arc<Bounds>,
    /// The first move's number first; empty outside a numbered first
    /// move's lines (the shorter lines of `movenumbers` are not numbered).
    numbers: Vec<u32>,
    started: std::time::Instant,
    /// Moves left out so far: a node under which none was left out was
    /// searched whole.
    left_out: u64,
}

impl PathWalk {
    pub(crate) fn new(bounds: Arc<Bounds>, started: std::time::Instant) -> PathWalk {
        PathWalk {
            bounds,
            numbers: Vec::new(),
            started,
            left_out: 0,
        }
    }

    /// The lines of the first move numbered `n` follow (`None`: lines
    /// not numbered).
    pub(crate) fn first(&mut self, n: Option<u32>) {
        self.numbers.clear();
        self.numbers.extend(n);
    }

    /// Whether the moves at `depth` (the first move's 0) are numbered.
    pub(crate) fn numbers_at(&self, depth: usize) -> bool {
        !self.numbers.is_empty() && depth >= 1 && depth < self.bounds.levels()
    }

    /// The move numbered `n` at `depth` is tried: whether it is left out,
    /// and its numbers if it is written.
    pub(crate) fn try_move(&mut self, depth: usize, n: u32) -> (bool, Option<(u32, Vec<u32>)>) {
        self.numbers.truncate(depth);
        self.numbers.push(n);
        if self.bounds.skips(&self.numbers) {
            self.left_out += 1;
            return (true, None);
        }
        let written = self
            .bounds
            .writes(depth)
            .then(|| (self.numbers[0], self.numbers[1..].to_vec()));
        (false, written)
    }

    /// How many moves the paths left out so far.
    pub(crate) fn left_out(&self) -> u64 {
        self.left_out
    }

    /// Seconds since solving began.
    pub(crate) fn seconds(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }
}

#[cfg(test)]
mod tests {
    use super::Bounds;

    fn bounds(start: &[u32], upto: &[u32]) -> Bounds {
        Bounds {
            start: start.to_vec(),
            upto: upto.to_vec(),
        }
    }

    #[test]
    fn a_path_bounds_each_level_from_below_and_above() {
        let b = bounds(&[27, 11], &[27, 11]);
        assert!(b.skips(&[26]) && b.skips(&[28]) && !b.skips(&[27]));
        assert!(b.skips(&[27, 10]) && b.skips(&[27, 12]) && !b.skips(&[27, 11]));
        // Beyond the paths nothing is bounded.
        assert!(!b.skips(&[27, 11, 1]) && !b.skips(&[27, 11, 99]));
        assert_eq!(b.levels(), 2);
    }

    #[test]
    fn a_move_strictly_inside_its_bounds_frees_the_levels_below() {
        // `start 5:3`: after the fifth first move the second moves are
        // bounded, after the sixth they are not.
        let b = bounds(&[5, 3], &[]);
        assert!(b.skips(&[5, 2]) && !b.skips(&[5, 3]));
        assert!(!b.skips(&[6, 1]));
        // `upto 2:40`, `start 1:1`: the first move on the lower bound is
        // bounded above at the next level too.
        let b = bounds(&[1, 1], &[2, 40]);
        assert!(b.skips(&[1, 41]) && !b.skips(&[1, 40]) && b.skips(&[3]));
    }

    #[test]
    fn bounds_that_cross_leave_every_move_out_at_their_level() {
        // `start 5:3 upto 6:2`: Popeye's rule bounds each level alone, so
        // after the fifth first move no second move lies in 3..=2, nor
        // after the sixth.
        let b = bounds(&[5, 3], &[6, 2]);
        assert!((1..10).all(|n| b.skips(&[5, n]) && b.skips(&[6, n])));
    }

    #[test]
    fn the_levels_a_path_bounds_are_written() {
        let b = bounds(&[1, 1], &[2, 40]);
        assert!(b.writes(0) && b.writes(1) && !b.writes(2));
        // A level the paths give as 0 and no upper bound is not written.
        let b = bounds(&[3, 0, 2], &[]);
        assert!(b.writes(0) && !b.writes(1) && b.writes(2));
    }
}
