//! Solving: turning a problem and its stipulation into a solution tree.

mod direct;
pub mod goal;
mod search;

use crate::board::{Color, Position};
use crate::moves::Move;
use crate::problem::{Problem, ProblemOption};
use crate::stipulation::{Play, Stipulation};

pub use direct::{Battle, TreeOptions};
pub use search::Searcher;

/// The mark Popeye puts after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Mark {
    None,
    /// ` !`: a key.
    Key,
    /// ` ?`: a try.
    Try,
    /// ` !` after a defence: it refutes a try (listed after "but").
    Refutation,
}

/// The word Popeye prints after an attacker's move in play with defence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Remark {
    None,
    /// `threat:`; the threats are the children played by the same side.
    Threat,
    /// `zugzwang.`: no threat.
    Zugzwang,
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
    pub remark: Remark,
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

/// Solves `problem`.
pub fn solve(problem: &Problem) -> Result<Solution, SolveError> {
    let stip = Stipulation::parse(&problem.stipulation.value).map_err(|source| {
        SolveError::Stipulation {
            line: problem.stipulation.line,
            source,
        }
    })?;
    let battle = matches!(stip.play, Play::Direct | Play::SelfPlay | Play::Reflex) && !stip.series;
    let mut tree = TreeOptions::default();
    let mut max_solutions = None;
    for opt in &problem.options {
        match &opt.value {
            ProblemOption::HalfDuplex
            | ProblemOption::WhiteBegins
            | ProblemOption::Cosmetic(_)
            | ProblemOption::NoBoard
            | ProblemOption::Intelligent => {}
            ProblemOption::Variation if battle => tree.variations = true,
            ProblemOption::Try if battle => tree.tries = true,
            ProblemOption::Defence(n) if battle => {
                tree.tries = true;
                tree.max_refutations = *n;
            }
            ProblemOption::SetPlay if battle => tree.set_play = true,
            ProblemOption::NoThreat if battle => tree.no_threat = true,
            ProblemOption::Threat(n) if battle => tree.max_threat = Some(*n),
            ProblemOption::Quodlibet if battle && stip.play == Play::SelfPlay => {
                tree.quodlibet = true
            }
            ProblemOption::MaxSolutions(n) if battle => max_solutions = Some((*n, opt.line)),
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
        (Play::Direct | Play::SelfPlay | Play::Reflex, false) => {
            // exact- is known in direct play only, and how Popeye looks for
            // threats there is not.
            if stip.exact && (stip.play != Play::Direct || (tree.variations && !tree.no_threat)) {
                return Err(unsupported());
            }
            tree.exact = stip.exact;
            let attack = match stip.play {
                Play::Direct => search::Attack::Direct,
                Play::SelfPlay => search::Attack::SelfPlay,
                _ => search::Attack::Reflex,
            };
            let solution = Battle::new(rules, stip.goal, attack, tree).solve(&pos, stip.moves);
            // Which keys Popeye prints when there are more than it may
            // print depends on its move order, which is not ours.
            if let Some((n, line)) = max_solutions {
                let keys = solution
                    .roots
                    .iter()
                    .filter(|r| r.played.mark == Mark::Key)
                    .count();
                if keys > n as usize {
                    return Err(SolveError::UnsupportedOption {
                        line,
                        name: format!("maxsolutions {n} with {keys} solutions"),
                    });
                }
            }
            solution
        }
        _ => return Err(unsupported()),
    };
    Ok(solution)
}
