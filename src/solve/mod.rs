//! Solving: turning a problem and its stipulation into a solution tree.

pub mod goal;
mod search;

use crate::board::{Color, Position};
use crate::moves::Move;
use crate::problem::{Problem, ProblemOption};
use crate::stipulation::{Play, Stipulation};

pub use search::Searcher;

/// The mark Popeye puts after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Mark {
    None,
    /// ` !`: a key.
    Key,
    /// ` ?`: a try.
    Try,
}

/// One move of a solution, with its place in the play.
#[derive(Clone, Debug)]
pub struct PlayedMove {
    pub mv: Move,
    /// The position the move was played in (for notation that needs it).
    pub before: Position,
    /// Move number as printed (`1.`, `1...`); 0 when none is printed (the
    /// second move of a pair in help play).
    pub number: u32,
    /// Whether the number is printed with `...`.
    pub ellipsis: bool,
    /// ` +`, ` #`, ` =` ... or nothing.
    pub suffix: &'static str,
    pub mark: Mark,
}

/// A solution tree node: a move and what follows it.
#[derive(Clone, Debug)]
pub struct Node {
    pub played: PlayedMove,
    pub children: Vec<Node>,
}

/// How a solution is laid out: a tree (direct, self, reflex play) or one
/// line per path (help and series play).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    #[default]
    Tree,
    Lines,
}

/// The solution of one problem (or one twin).
#[derive(Clone, Debug, Default)]
pub struct Solution {
    pub roots: Vec<Node>,
    pub layout: Layout,
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
    /// Alsatian Circe: the diagram itself must be orthodox-legal.
    #[error("the diagram is illegal in orthodox chess, as Alsatian Circe requires: {0}")]
    IllegalDiagram(crate::legality::Violation),
}

/// The side that makes the first move.
pub fn starting_side(problem: &Problem, stip: &Stipulation) -> Color {
    let white_begins = problem.has_option(|o| *o == ProblemOption::WhiteBegins);
    let mut side = match (stip.play, stip.series) {
        (Play::Help, false) if !stip.half_move && !white_begins => Color::Black,
        (Play::Help, true) => Color::Black,
        _ => Color::White,
    };
    if problem.has_option(|o| *o == ProblemOption::HalfDuplex) {
        side = side.opponent();
    }
    side
}

fn parse_stipulation(problem: &Problem) -> Result<Stipulation, SolveError> {
    Stipulation::parse(&problem.stipulation.value).map_err(|source| SolveError::Stipulation {
        line: problem.stipulation.line,
        source,
    })
}

/// The diagram as the solver starts from it: the side to move is the one
/// the stipulation (and `halfduplex`, `whitebegins`) makes begin.
pub fn starting_position(problem: &Problem) -> Result<Position, SolveError> {
    let stip = parse_stipulation(problem)?;
    let mut pos = problem.position;
    pos.turn = starting_side(problem, &stip);
    Ok(pos)
}

/// Solves `problem`.
pub fn solve(problem: &Problem) -> Result<Solution, SolveError> {
    let stip = parse_stipulation(problem)?;
    for opt in &problem.options {
        match &opt.value {
            ProblemOption::HalfDuplex
            | ProblemOption::WhiteBegins
            | ProblemOption::Cosmetic(_)
            | ProblemOption::NoBoard
            | ProblemOption::Intelligent => {}
            other => {
                return Err(SolveError::UnsupportedOption {
                    line: opt.line,
                    name: format!("{other:?}").to_lowercase(),
                })
            }
        }
    }
    let unsupported = || SolveError::UnsupportedStipulation {
        line: problem.stipulation.line,
        text: stip.text.clone(),
    };
    if !goal::Judge::supports(stip.goal) || stip.intro.is_some() {
        return Err(unsupported());
    }
    let mut pos = problem.position;
    pos.turn = starting_side(problem, &stip);
    let rules = problem.rules;
    if rules.in_check(&pos, pos.turn.opponent()) {
        return Err(SolveError::OpponentInCheck);
    }
    if rules.alsatian {
        if let Some(v) = crate::legality::orthodox_violation(&pos) {
            return Err(SolveError::IllegalDiagram(v));
        }
    }
    let white_begins = problem.has_option(|o| *o == ProblemOption::WhiteBegins);
    let mut searcher = Searcher::new(rules, stip.goal);
    let solution = match (stip.play, stip.series) {
        (Play::Help, false) => {
            let plies = 2 * stip.moves + u32::from(stip.half_move) - u32::from(white_begins);
            searcher.help(&pos, plies, stip.exact)
        }
        (Play::Help, true) => {
            searcher.series(&pos, stip.moves, stip.exact, search::SeriesEnd::Help)
        }
        (Play::Direct, true) => {
            searcher.series(&pos, stip.moves, stip.exact, search::SeriesEnd::Direct)
        }
        (Play::SelfPlay, true) => {
            searcher.series(&pos, stip.moves, stip.exact, search::SeriesEnd::SelfPlay)
        }
        (Play::Direct, false) => searcher.keys(&pos, stip.moves, search::Attack::Direct),
        (Play::SelfPlay, false) => searcher.keys(&pos, stip.moves, search::Attack::SelfPlay),
        (Play::Reflex, false) => searcher.keys(&pos, stip.moves, search::Attack::Reflex),
        _ => return Err(unsupported()),
    };
    Ok(solution)
}
