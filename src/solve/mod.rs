//! Solving: turning a problem and its stipulation into a solution tree.

use crate::board::{Color, Position};
use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::problem::{Problem, ProblemOption};
use crate::rules::Rules;
use crate::stipulation::{Goal, Play, Stipulation};

/// The mark Popeye puts after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Mark {
    None,
    /// ` !`: a key.
    Key,
    /// ` ?`: a try.
    Try,
}

/// Whether a move gives check or reaches a goal, for the ` +` / ` #` suffix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Suffix {
    None,
    Check,
}

/// One move of a solution, with its place in the play.
#[derive(Clone, Debug)]
pub struct PlayedMove {
    pub mv: Move,
    /// The position the move was played in (for notation that needs it).
    pub before: Position,
    /// Move number as printed (`1.`, `1...`).
    pub number: u32,
    /// Whether the move is printed with `...` (a Black move in direct play).
    pub ellipsis: bool,
    pub suffix: Suffix,
    pub mark: Mark,
}

/// A solution tree node: a move and what follows it.
#[derive(Clone, Debug)]
pub struct Node {
    pub played: PlayedMove,
    pub children: Vec<Node>,
}

/// The solution of one problem (or one twin).
#[derive(Clone, Debug, Default)]
pub struct Solution {
    pub roots: Vec<Node>,
}

/// Why a problem could not be solved.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    #[error("line {line}: {source}")]
    Stipulation {
        line: usize,
        source: crate::stipulation::StipulationError,
    },
    #[error("line {line}: stipulation '{text}' is not supported yet")]
    UnsupportedStipulation { line: usize, text: String },
    #[error("line {line}: option '{name}' is not supported yet")]
    UnsupportedOption { line: usize, name: String },
    #[error("the side not to move is in check: the diagram is illegal")]
    OpponentInCheck,
}

/// The side that makes the first move.
pub fn starting_side(problem: &Problem, stip: &Stipulation) -> Color {
    let mut side = match stip.play {
        Play::Help if !problem.has_option(|o| *o == ProblemOption::WhiteBegins) => {
            if stip.half_move {
                Color::White
            } else {
                Color::Black
            }
        }
        _ => Color::White,
    };
    if problem.has_option(|o| *o == ProblemOption::HalfDuplex) {
        side = side.opponent();
    }
    side
}

/// Solves `problem`.
pub fn solve(problem: &Problem) -> Result<Solution, SolveError> {
    let stip = Stipulation::parse(&problem.stipulation.value).map_err(|source| {
        SolveError::Stipulation {
            line: problem.stipulation.line,
            source,
        }
    })?;
    for opt in &problem.options {
        match &opt.value {
            ProblemOption::HalfDuplex | ProblemOption::Cosmetic(_) | ProblemOption::NoBoard => {}
            other => {
                return Err(SolveError::UnsupportedOption {
                    line: opt.line,
                    name: format!("{other:?}").to_lowercase(),
                })
            }
        }
    }
    let mut pos = problem.position;
    pos.turn = starting_side(problem, &stip);
    let rules = problem.rules;
    if rules.in_check(&pos, pos.turn.opponent()) {
        return Err(SolveError::OpponentInCheck);
    }
    match (stip.play, stip.series, stip.goal, stip.moves, stip.intro) {
        (Play::Direct, false, Goal::Any, 1, None) if !stip.half_move => {
            Ok(any_move(&pos, &rules))
        }
        _ => Err(SolveError::UnsupportedStipulation {
            line: problem.stipulation.line,
            text: stip.text.clone(),
        }),
    }
}

/// `~1`: every legal move is a key.
fn any_move(pos: &Position, rules: &Rules) -> Solution {
    let mut moves = Vec::new();
    legal_moves(pos, rules, &mut moves);
    let roots = moves
        .into_iter()
        .map(|mv| {
            let after = pos.play(&mv);
            Node {
                played: PlayedMove {
                    mv,
                    before: *pos,
                    number: 1,
                    ellipsis: false,
                    suffix: if rules.in_check(&after, after.turn) {
                        Suffix::Check
                    } else {
                        Suffix::None
                    },
                    mark: Mark::Key,
                },
                children: Vec::new(),
            }
        })
        .collect();
    Solution { roots }
}
