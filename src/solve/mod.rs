//! Solving: turning a problem and its stipulation into a solution tree.

mod buffers;
mod direct;
pub mod goal;
mod numbering;
pub mod popeye_order;
mod search;
pub mod table;

use crate::board::{Color, Kind, Position};
use crate::moves::Move;
use crate::problem::{Problem, ProblemOption};
use crate::stipulation::{Play, Stipulation};

pub use direct::{Battle, TreeOptions};
pub use search::Searcher;
use search::{HelpEnd, MainPlay, SeriesEnd};

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;

/// A cancellation flag shared between a running search and whoever may
/// stop it (a time-out watchdog, a Ctrl-C handler). Cloning shares the flag.
/// The search looks at it once per node, before generating moves.
/// It also carries the search's progress at the root, for a progress bar.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    stop: Arc<AtomicBool>,
    progress: Arc<RootProgress>,
}

/// How far the search has got at the root: the length being searched (in
/// moves or half-moves, as the play type counts), and the root moves done.
#[derive(Debug, Default)]
pub struct RootProgress {
    pub length: AtomicU32,
    pub done: AtomicU32,
    pub total: AtomicU32,
}

impl Cancel {
    /// Asks the search to stop.
    pub fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The progress the search reports.
    pub fn progress(&self) -> &RootProgress {
        &self.progress
    }

    /// A root search of `length` with `total` root moves begins.
    pub(crate) fn root_started(&self, length: u32, total: usize) {
        self.progress.length.store(length, Ordering::Relaxed);
        self.progress.done.store(0, Ordering::Relaxed);
        self.progress.total.store(total as u32, Ordering::Relaxed);
    }

    /// One more root move is done.
    pub(crate) fn root_move_done(&self) {
        self.progress.done.fetch_add(1, Ordering::Relaxed);
    }
}

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
    /// `refutes.` under a defence: it refutes the position after the key
    /// (`postkeyplay`), listed among the variations.
    Refutes,
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
    /// Positions whose moves were generated while solving (all threads).
    pub nodes: u64,
    /// In help play with `setplay`: how many of the first roots are set
    /// play (printed first, then a blank line).
    pub set_play_roots: usize,
    /// With `postkeyplay`: the word said of the position after the key
    /// (threat, zugzwang or none), printed before the defences.
    pub post_key: Option<Remark>,
    /// With `movenumbers`: every first move Popeye tries, numbered in its
    /// order (from `start`), each printed before the solutions it begins.
    pub tried: Vec<TriedMove>,
}

/// A numbered first move (option `movenumbers`).
#[derive(Clone, Debug)]
pub struct TriedMove {
    /// The move, its number and whether it checks (` +`).
    pub played: PlayedMove,
    /// Seconds since solving began.
    pub seconds: f64,
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
    #[error("{0} is not supported yet")]
    Unsupported(String),
    /// A case of a stipulation that is otherwise supported.
    #[error("line {line}: {what} is not supported yet")]
    UnsupportedCase { line: usize, what: String },
    #[error("the side not to move is in check: the diagram is illegal")]
    OpponentInCheck,
    /// A combination Popeye refuses to solve.
    #[error("{0} are not allowed together (as in Popeye)")]
    NotAllowed(&'static str),
    #[error("line {line}: {source}")]
    Twin {
        line: usize,
        source: crate::twin::TwinError,
    },
    /// The search was stopped through its [`Cancel`] flag.
    #[error("cancelled")]
    Cancelled,
    /// Alsatian Circe: the diagram itself must be orthodox-legal.
    #[error("the diagram is illegal in orthodox chess, as Alsatian Circe requires: {0}")]
    IllegalDiagram(crate::legality::Violation),
}

/// The side that makes the first move.
pub fn starting_side(problem: &Problem, stip: &Stipulation) -> Color {
    let white_begins = problem.has_option(|o| *o == ProblemOption::WhiteBegins);
    let mut side = match (stip.play, stip.series) {
        (Play::Help, false) if !stip.half_move && !white_begins => Color::Black,
        (Play::HelpSelf, false) if stip.half_move => Color::Black,
        (Play::Help | Play::HelpSelf, true) => Color::Black,
        _ => Color::White,
    };
    // The intro is played by the side that does not begin the main play.
    if stip.intro.is_some() {
        side = side.opponent();
    }
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

/// The default size of the transposition table, in MiB.
pub const DEFAULT_HASH_MB: usize = 64;

static HASH_MB: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(DEFAULT_HASH_MB);

/// Sets the size of the transposition table each solve allocates (MiB;
/// `--hash`). A batch solving several problems at once divides its budget.
pub fn set_hash_mb(megabytes: usize) {
    HASH_MB.store(megabytes.max(1), Ordering::Relaxed);
}

/// The size of the transposition table each solve allocates, in MiB.
pub fn hash_mb() -> usize {
    HASH_MB.load(Ordering::Relaxed)
}

/// Solves `problem`.
pub fn solve(problem: &Problem) -> Result<Solution, SolveError> {
    solve_with(problem, &Cancel::default())
}

/// Solves `problem`, giving up with [`SolveError::Cancelled`] as soon as
/// `cancel` is set.
pub fn solve_with(problem: &Problem, cancel: &Cancel) -> Result<Solution, SolveError> {
    let started = std::time::Instant::now();
    let stip = parse_stipulation(problem)?;
    let (mut tree, help_set_play) = play_options(problem, &stip)?;
    let unsupported = || SolveError::UnsupportedStipulation {
        line: problem.stipulation.line,
        text: stip.text.clone(),
    };
    let white_begins = problem.has_option(|o| *o == ProblemOption::WhiteBegins);
    // `whitebegins` shortens plain help play by a half-move; what it would
    // do to help-self play or an intro is not established.
    let shifts_unknown_play = stip.play == Play::HelpSelf || stip.intro.is_some();
    if let Some(o) = problem
        .options
        .iter()
        .find(|o| shifts_unknown_play && o.value == ProblemOption::WhiteBegins)
    {
        return Err(SolveError::UnsupportedOption {
            line: o.line,
            name: "whitebegins".to_string(),
        });
    }
    if stip.intro.is_some() && help_set_play {
        return Err(unsupported());
    }
    let mut pos = problem.position;
    pos.turn = starting_side(problem, &stip);
    if goal::Judge::needs_identities(stip.goal) {
        pos.track_identities();
    }
    let mut rules = problem.rules;
    rules.repertoire = crate::rules::Repertoire::of(&problem.position);
    if rules.family(crate::rules::Base::Circe).is_some() {
        // A kamikaze capturer and its victim could be reborn on one square.
        if pos.kamikaze().nonempty() && pos.fairy().nonempty() {
            return Err(SolveError::NotAllowed(
                "kamikaze units, Circe and fairy pieces",
            ));
        }
        if pos.by_kind(Kind::DUMMY).nonempty() {
            return Err(SolveError::NotAllowed("dummies and Circe"));
        }
    }
    if pos.neutral().nonempty() {
        if rules.alsatian() {
            return Err(SolveError::Unsupported(
                "Alsatian Circe with neutral units".into(),
            ));
        }
        if (pos.neutral() & pos.by_kind(Kind::KING)).nonempty() {
            return Err(SolveError::Unsupported("a neutral king".into()));
        }
    }
    if rules.in_check(&pos, pos.turn.opponent()) {
        return Err(SolveError::OpponentInCheck);
    }
    if rules.alsatian() {
        if let Some(v) = crate::legality::orthodox_violation(&pos) {
            return Err(SolveError::IllegalDiagram(v));
        }
    }
    let table = std::sync::Arc::new(table::Table::new(hash_mb()));
    // `movenumbers` / `start n`: the first moves in Popeye's order (none
    // to number with postkeyplay); those numbered before n are never tried.
    let numbered = numbering::start(problem)
        .filter(|_| !tree.post_key)
        .map(|start| (start, numbering::first_moves_in_order(&pos, &rules)));
    let root_skip: Vec<Move> = numbered.as_ref().map_or(Vec::new(), |(start, moves)| {
        moves.iter().take(*start as usize - 1).copied().collect()
    });
    let mut searcher = Searcher::new(rules, stip.goal, std::sync::Arc::clone(&table))
        .with_cancel(cancel.clone())
        .with_root_skip(root_skip.clone().into());
    let main = main_play(&stip, white_begins);
    // ser-r: Popeye prints the goal move that breaks the reflex obligation
    // when the diagram already breaks it; that output is not established.
    if let (Some(MainPlay::Series { end, .. }), None) = (main, stip.intro) {
        if searcher.reflex_blocked(&pos, end, 0) {
            return Err(SolveError::UnsupportedCase {
                line: problem.stipulation.line,
                what: format!(
                    "'{}' where the series side can reach the goal in the diagram",
                    stip.text
                ),
            });
        }
    }
    let solution = match (main, stip.intro) {
        (Some(main), Some(n)) => searcher.intro(&pos, n, main),
        (Some(main @ MainPlay::Help { plies, exact, end }), None) => {
            let mut solution = searcher.main_play(&pos, main);
            // Set play: the other side starts, one half-move shorter; not
            // when the side to move in the diagram is in check (the set
            // position would be illegal).
            if help_set_play && plies > 1 && !rules.in_check(&pos, pos.turn) {
                let mut set_pos = pos;
                set_pos.turn = pos.turn.opponent();
                set_pos.ep_square = None;
                let set = searcher.help(&set_pos, plies - 1, exact, end);
                solution.set_play_roots = set.roots.len();
                solution.roots.splice(0..0, set.roots);
            }
            solution
        }
        (Some(main), None) => searcher.main_play(&pos, main),
        (None, None) if !stip.series => {
            // exact- in reflex play: the obligations hold before every
            // move, and a goal the defender must reach early refutes.
            // How Popeye prints tries and set play there is not
            // established.
            if stip.exact && stip.play == Play::Reflex {
                if let Some(o) = problem.options.iter().find(|o| {
                    matches!(
                        o.value,
                        ProblemOption::Try | ProblemOption::Defence(_) | ProblemOption::SetPlay
                    )
                }) {
                    return Err(SolveError::UnsupportedOption {
                        line: o.line,
                        name: format!("{:?}", o.value).to_lowercase(),
                    });
                }
            }
            tree.exact = stip.exact;
            let attack = match stip.play {
                Play::Direct => search::Attack::Direct,
                Play::SelfPlay => search::Attack::SelfPlay,
                _ => search::Attack::Reflex,
            };
            let mut battle = Battle::new(
                rules,
                stip.goal,
                attack,
                tree,
                std::sync::Arc::clone(&table),
                cancel.clone(),
            )
            .with_root_skip(root_skip.clone());
            let mut solution = battle.solve(&pos, stip.moves);
            solution.nodes = battle.nodes();
            solution
        }
        // An intro before play with defence: Popeye prints the whole
        // solution in the intro's line mode (the outermost output mode
        // wins), and what its line writer prints for the play with defence
        // (which defences, threats) is not established.
        _ => return Err(unsupported()),
    };
    if cancel.is_cancelled() {
        return Err(SolveError::Cancelled);
    }
    let mut solution = solution;
    solution.nodes += searcher.nodes();
    popeye_order::sort_solution(&mut solution, rules.repertoire.sorts_moves());
    if let Some((start, moves)) = numbered {
        numbering::number_first_moves(&mut solution, &pos, &rules, moves, start, started.elapsed());
    }
    Ok(match max_solutions(problem) {
        Some(n) => limit_solutions(solution, n),
        None => solution,
    })
}

/// The options that shape the search and its printed tree: the tree
/// options of play with defence and whether help play shows set play.
/// An option this play type cannot honour is an error.
fn play_options(problem: &Problem, stip: &Stipulation) -> Result<(TreeOptions, bool), SolveError> {
    let battle = matches!(stip.play, Play::Direct | Play::SelfPlay | Play::Reflex) && !stip.series;
    let mut tree = TreeOptions::default();
    let mut help_set_play = false;
    for opt in &problem.options {
        match &opt.value {
            ProblemOption::HalfDuplex
            | ProblemOption::Duplex
            | ProblemOption::MaxSolutions(_)
            | ProblemOption::WhiteBegins
            | ProblemOption::Cosmetic(_)
            | ProblemOption::NoBoard
            | ProblemOption::Intelligent
            | ProblemOption::MoveNumbers
            | ProblemOption::Start(_)
            // Positions without a king need no special treatment: such a
            // side is never in check.
            | ProblemOption::NoWhiteKing
            | ProblemOption::NoBlackKing => {}
            ProblemOption::Variation if battle => tree.variations = true,
            ProblemOption::Try if battle => tree.tries = true,
            ProblemOption::Defence(n) if battle => {
                tree.tries = true;
                tree.max_refutations = *n;
            }
            ProblemOption::SetPlay if battle => tree.set_play = true,
            ProblemOption::SetPlay if stip.play == Play::Help && !stip.series => {
                help_set_play = true
            }
            ProblemOption::NoThreat if battle => tree.no_threat = true,
            ProblemOption::Threat(n) if battle => {
                tree.max_threat = Some(*n);
                tree.short_first = Some(*n);
            }
            ProblemOption::NonTrivial(m, n) if battle => {
                tree.nontrivial = Some((*m, *n));
                tree.short_first = Some(*n);
            }
            ProblemOption::MaxFlights(n) if battle => tree.max_flights = Some(*n),
            // After the key Popeye prints the threat and every variation.
            ProblemOption::PostKeyPlay if battle => {
                tree.post_key = true;
                tree.variations = true;
            }
            // Popeye ignores it in help and series play ("not applicable").
            ProblemOption::PostKeyPlay => {}
            // Popeye guards only the defender's moves of play with defence
            // with these; help and series play have none to guard.
            ProblemOption::NonTrivial(..) | ProblemOption::MaxFlights(_) => {}
            ProblemOption::Quodlibet if battle && stip.play == Play::SelfPlay => {
                tree.quodlibet = true
            }
            other => {
                return Err(SolveError::UnsupportedOption {
                    line: opt.line,
                    name: format!("{other:?}").to_lowercase(),
                })
            }
        }
    }
    Ok((tree, help_set_play))
}

/// The help or series play `stip` asks for (after its intro, if any);
/// None for play with defence and what is not supported.
fn main_play(stip: &Stipulation, white_begins: bool) -> Option<MainPlay> {
    let half = u32::from(stip.half_move);
    let exact = stip.exact;
    let series = |end| {
        Some(MainPlay::Series {
            moves: stip.moves,
            exact,
            end,
        })
    };
    match (stip.play, stip.series) {
        (Play::Help, false) => Some(MainPlay::Help {
            plies: 2 * stip.moves + half - u32::from(white_begins),
            exact,
            end: HelpEnd::Goal,
        }),
        // The last of the 2n half-moves is the forced one, so 2n-1 (or 2n
        // in hs#n.5) are help moves.
        (Play::HelpSelf, false) => Some(MainPlay::Help {
            plies: 2 * stip.moves + half - 1,
            exact,
            end: HelpEnd::SelfPlay,
        }),
        (Play::Help, true) => series(SeriesEnd::Help),
        (Play::Direct, true) => series(SeriesEnd::Direct),
        (Play::SelfPlay, true) => series(SeriesEnd::SelfPlay),
        (Play::HelpSelf, true) => series(SeriesEnd::HelpSelf),
        // Where Popeye's forced end meets a minimum length is not
        // established, so exact-ser-r stays refused.
        (Play::Reflex, true) if !exact => series(SeriesEnd::Reflex),
        _ => None,
    }
}

/// `option maxsolutions n`.
fn max_solutions(problem: &Problem) -> Option<usize> {
    problem.options.iter().find_map(|o| match o.value {
        ProblemOption::MaxSolutions(n) => Some(n as usize),
        _ => None,
    })
}

/// Keeps the first `n` solutions, as Popeye stops after the n-th: in help
/// and series play a solution is a line (a path to a leaf), in play with
/// defence a key. Tries are a phase of their own and stay.
pub fn limit_solutions(mut solution: Solution, n: usize) -> Solution {
    match solution.layout {
        Layout::Lines => {
            let mut left = n;
            solution.roots = keep_leaves(std::mem::take(&mut solution.roots), &mut left);
        }
        Layout::Tree => {
            // First moves come in Popeye's order, tries among the keys;
            // Popeye stops trying them at the n-th key. Set play stays.
            let mut keys = 0;
            solution.roots.retain(|node| {
                if node.played.ellipsis {
                    return true;
                }
                let kept = keys < n;
                if node.played.mark == Mark::Key {
                    keys += 1;
                }
                kept
            });
        }
    }
    solution
}

/// The nodes with at most `left` leaves below them, in order.
fn keep_leaves(nodes: Vec<Node>, left: &mut usize) -> Vec<Node> {
    let mut kept = Vec::new();
    for mut node in nodes {
        if *left == 0 {
            break;
        }
        if node.children.is_empty() {
            *left -= 1;
        } else {
            node.children = keep_leaves(std::mem::take(&mut node.children), left);
            if node.children.is_empty() {
                continue;
            }
        }
        kept.push(node);
    }
    kept
}

/// What was found for one twin: one solution, or two with `duplex` (the
/// second with the sides' kinds swapped).
#[derive(Debug)]
pub struct TwinSolution {
    pub instance: crate::twin::TwinInstance,
    pub result: Result<Vec<Solution>, SolveError>,
    /// Seconds spent on this twin.
    pub seconds: f64,
}

impl TwinSolution {
    /// Whether any phase of this twin has a solution.
    pub fn is_solved(&self) -> bool {
        matches!(&self.result, Ok(phases) if phases.iter().any(|s| !s.roots.is_empty()))
    }
}

/// Solves every twin of `problem` (the diagram itself unless
/// `zeroposition`), each with `duplex` if asked.
pub fn solve_problem(problem: &Problem) -> Vec<TwinSolution> {
    solve_problem_with(problem, &Cancel::default())
}

/// [`solve_problem`], giving up (each remaining twin reports
/// [`SolveError::Cancelled`]) as soon as `cancel` is set.
pub fn solve_problem_with(problem: &Problem, cancel: &Cancel) -> Vec<TwinSolution> {
    crate::twin::instances(problem)
        .into_iter()
        .map(|instance| {
            let started = std::time::Instant::now();
            let result = solve_instance(&instance, cancel);
            TwinSolution {
                instance,
                result,
                seconds: started.elapsed().as_secs_f64(),
            }
        })
        .collect()
}

fn solve_instance(
    instance: &crate::twin::TwinInstance,
    cancel: &Cancel,
) -> Result<Vec<Solution>, SolveError> {
    if let Some(e) = &instance.error {
        return Err(SolveError::Twin {
            line: instance.twin.as_ref().map_or(0, |t| t.line),
            source: e.clone(),
        });
    }
    let p = &instance.problem;
    let mut phases = vec![solve_with(p, cancel)?];
    if p.has_option(|o| *o == ProblemOption::Duplex) {
        phases.push(solve_with(&crate::twin::duplex_half(p), cancel)?);
    }
    Ok(phases)
}
