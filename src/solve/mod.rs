//! Solving: turning a problem and its stipulation into what it says (see
//! [`play`]), reported move by move as it is found.

mod buffers;
mod checks;
mod direct;
pub mod goal;
mod immobility_bound;
pub mod intelligent;
pub mod join;
mod mate_bound;
mod mate_relax;
mod max_time;
mod numbering;
mod parallel;
pub mod play;
pub mod popeye_order;
pub mod proof;
mod routes;
mod search;
mod stalemate_bound;
pub mod stats;
pub mod table;
mod task;

use crate::board::Position;
use crate::moves::Move;
use crate::problem::{Problem, ProblemOption};
use crate::stipulation::Play;

use direct::Battle;
pub use parallel::halves_given_back;
pub use play::{
    Collector, Event, Incompleteness, Layout, Node, Notice, Played, Remark, Role, Sink, Solution,
    TriedMove,
};
use search::Searcher;
use search::{LinePlay, MainPlay};
pub use task::{full_line, starting_position, starting_side, white_begins, Prepared, Task};

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;

/// A cancellation flag shared between a running search and whoever may
/// stop it (a time-out watchdog, a Ctrl-C handler). Cloning shares the flag.
/// The search looks at it at every node, before generating moves.
/// It also carries the search's progress at the root, for a progress bar.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    stop: Arc<AtomicBool>,
    /// `maxsolutions` reached: the play stops, but this is no error.
    enough: Arc<AtomicBool>,
    progress: Arc<RootProgress>,
    /// For a worker that searches a stolen half of a node's moves: the
    /// flag it raises when it gives its half back (its held output grew
    /// past the cap), linked to the flags of the halves it works inside.
    given_back: Option<Arc<GivenBack>>,
}

/// A stolen half's give-back flag, and the one of the half it runs inside
/// (a worker inside a half given back stops too).
#[derive(Debug, Default)]
struct GivenBack {
    flag: AtomicBool,
    outer: Option<Arc<GivenBack>>,
}

impl GivenBack {
    /// Whether this half or one it runs inside was given back.
    fn any(mut link: Option<&Arc<GivenBack>>) -> bool {
        while let Some(g) = link {
            if g.flag.load(Ordering::Relaxed) {
                return true;
            }
            link = g.outer.as_ref();
        }
        false
    }
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

    /// Whether the search should unwind: cancelled, enough found, or (for
    /// a worker on a stolen half) the half given back. The flags are only
    /// ever raised, so a search that saw one raised sees it still when it
    /// would store a result: what a stopped search found is never stored.
    #[inline]
    pub(crate) fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.enough.load(Ordering::Relaxed)
            || GivenBack::any(self.given_back.as_ref())
    }

    /// The flags of a worker for a stolen half of a node's moves whose
    /// owner stops with `self`: it stops too when it gives its half back.
    pub(crate) fn for_stolen_half(&self) -> Cancel {
        Cancel {
            given_back: Some(Arc::new(GivenBack {
                flag: AtomicBool::new(false),
                outer: self.given_back.clone(),
            })),
            ..self.clone()
        }
    }

    /// Gives this worker's stolen half back: its search stops, and the
    /// owner of the half searches it again.
    pub(crate) fn give_back(&self) {
        if let Some(g) = &self.given_back {
            g.flag.store(true, Ordering::Relaxed);
        }
    }

    /// The same flag and progress, with an `enough` of its own for one
    /// play.
    fn for_one_play(&self) -> Cancel {
        Cancel {
            stop: Arc::clone(&self.stop),
            enough: Arc::default(),
            progress: Arc::clone(&self.progress),
            given_back: None,
        }
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

    /// `n` more root moves are done.
    pub(crate) fn root_moves_done(&self, n: u32) {
        self.progress.done.fetch_add(n, Ordering::Relaxed);
    }
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
    /// Rules the solver refuses for this diagram or goal (Popeye's
    /// refusals, and combinations Popeye plays incoherently).
    #[error("line {line}: refused: {why}")]
    Refused { line: usize, why: String },
    /// A case of a stipulation that is otherwise supported.
    #[error("line {line}: {what} is not supported yet")]
    UnsupportedCase { line: usize, what: String },
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

/// What a stolen half of a node's moves may hold back, in bytes, when set
/// (0: derived from the table's size).
static HELD_BYTES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Sets what the worker on a stolen half of a node's moves may hold back
/// (its solutions wait until the half before it is done) before it gives
/// its half back to be searched again in turn; 0 derives it from `--hash`.
pub fn set_held_bytes(bytes: usize) {
    HELD_BYTES.store(bytes, Ordering::Relaxed);
}

/// What a stolen half may hold back, in bytes: as set, else a sixteenth of
/// the table (4 MiB with the default `--hash` of 64 MiB).
pub fn held_bytes() -> usize {
    match HELD_BYTES.load(Ordering::Relaxed) {
        0 => (hash_mb() << 20) / 16,
        set => set,
    }
}

/// Solves `problem`, keeping the whole solution.
pub fn solve(problem: &Problem) -> Result<Solution, SolveError> {
    solve_with(problem, &Cancel::default())
}

/// Solves `problem`, giving up with [`SolveError::Cancelled`] as soon as
/// `cancel` is set; the whole solution is kept.
pub fn solve_with(problem: &Problem, cancel: &Cancel) -> Result<Solution, SolveError> {
    let mut collector = Collector::default();
    let nodes = solve_into(problem, cancel, &mut collector)?;
    let mut solution = collector.into_solution();
    solution.nodes = nodes;
    Ok(solution)
}

/// Passes on what a search reports until `maxsolutions` are found, then
/// stops the search (Popeye stops after the n-th: in help and series play
/// a line, in play with defence a key; set play and tries before the n-th
/// key stay). Set play and the play proper each have their n (Popeye
/// counts per phase): `set_play_full` says when the set play's are found.
struct Limiter<'a> {
    sink: &'a mut (dyn Sink + 'a),
    /// Solutions still to find: of set play, of the play proper.
    left: [Option<usize>; 2],
    cancel: Cancel,
    set_play_full: Arc<AtomicBool>,
}

impl Limiter<'_> {
    /// The phase of `event`: 0 set play, 1 the play proper.
    fn phase(event: &Event) -> usize {
        match event {
            Event::Line { set_play, .. } | Event::Tree { set_play, .. } => usize::from(!set_play),
            _ => 1,
        }
    }
}

impl Sink for Limiter<'_> {
    fn event(&mut self, event: Event) {
        let phase = Limiter::phase(&event);
        if self.left[phase] == Some(0) && !matches!(event, Event::End) {
            return;
        }
        let found = event.solutions();
        self.sink.event(event);
        if let Some(left) = &mut self.left[phase] {
            let was = *left;
            *left -= found.min(*left);
            if *left == 0 && was > 0 {
                self.cancel.enough.store(true, Ordering::Relaxed);
                if phase == 0 {
                    self.set_play_full.store(true, Ordering::Relaxed);
                }
                self.sink.event(Event::Incomplete(Incompleteness::Partial));
            }
        }
    }
}

/// Solves `problem` and reports to `sink` what the search finds, in the
/// order Popeye prints it, as soon as its place in that order is settled.
/// Returns the positions searched; stops with [`SolveError::Cancelled`] as
/// soon as `cancel` is set (what was reported stays reported).
pub fn solve_into(
    problem: &Problem,
    cancel: &Cancel,
    sink: &mut dyn Sink,
) -> Result<u64, SolveError> {
    solve_part_into(problem, None, cancel, sink)
}

/// One part of the first moves (`--first-moves K/N`): the root moves whose
/// index in Popeye's order ([`root_moves`]), counted from 0, is K-1 modulo
/// N. The parts of a problem share its first moves round-robin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootPart {
    /// From 1.
    pub k: u32,
    pub n: u32,
}

impl RootPart {
    /// Whether the root move of `index` (from 0) is this part's.
    pub fn owns(&self, index: usize) -> bool {
        index % self.n as usize == (self.k - 1) as usize
    }
}

/// The first moves of `pos` in the order Popeye tries them (every
/// pseudo-legal move, as `movenumbers` counts them): what [`RootPart`]
/// indexes.
pub fn root_moves(pos: &Position, rules: &crate::rules::Rules) -> Vec<Move> {
    let mut rules = *rules;
    crate::rules::conditions::put_carried_in_force(&mut rules, pos);
    rules.repertoire = crate::rules::Repertoire::for_rules(pos, &rules);
    numbering::first_moves_in_order(pos, &rules)
}

/// [`solve_into`] of the root moves of `part` only (all when `None`): the
/// others are never tried. What does not hang on a first move (set play, a
/// reflex side's forced goal moves) is searched whole by every part.
pub fn solve_part_into(
    problem: &Problem,
    part: Option<RootPart>,
    cancel: &Cancel,
    sink: &mut dyn Sink,
) -> Result<u64, SolveError> {
    match Task::prepare(problem, part)? {
        Prepared::Answer(notice) => {
            sink.event(Event::Notice(notice));
            Ok(0)
        }
        Prepared::Search(task) => solve_task_into(&task, cancel, sink),
    }
}

/// Whether the help mate bound (`mate_bound.rs`) holds for the task's
/// play, and under which relaxation: a mate, orthodox chess or a Circe
/// form the bound knows (`mate_relax.rs`), orthodox units without
/// attributes, and none of the options that change what ends a line. The
/// environment variable `CIRCE_NO_MATE_BOUND` turns it off (to compare the
/// outputs).
fn mate_bound_holds(task: &Task) -> Option<mate_relax::Relaxation> {
    use crate::stipulation::Goal;
    let holds = matches!(task.stip.goal, Goal::Mate | Goal::Stalemate)
        && crate::board::Color::ALL
            .iter()
            .any(|&c| mate_bound::applies(&task.pos, c))
        && task.proof.is_none()
        && task.goal_is_end.is_none()
        && !task.stip.numbered_from_start
        && !task.stip.numbered_as_answer
        && task.stip.penultimate.is_none()
        && task.stip.other_goal.is_none()
        && !task.stip.two_replies
        && std::env::var_os("CIRCE_NO_MATE_BOUND").is_none();
    holds
        .then(|| mate_relax::Relaxation::of(&task.rules))
        .flatten()
        .filter(mate_relax::Relaxation::pays)
        // A stalemate's bound is made for orthodox chess alone: a rebirth
        // may stick a unit or free it.
        .filter(|relax| task.stip.goal == Goal::Mate || relax.is_orthodox())
}

/// The part the moves of help play take, which tells how they are
/// numbered: from White's first move (a proof game, `white 5h[#]h`), as
/// the answer to the other side's move (`white -4hh[#]`), or by the
/// line's length.
pub(crate) fn help_role(stip: &crate::stipulation::Stipulation) -> Role {
    if stip.goal.is_proof() || stip.numbered_from_start {
        Role::Proof
    } else if stip.numbered_as_answer {
        Role::Answer
    } else {
        Role::Help
    }
}

/// The side forced into the goal at the end of series self play
/// (`ser-s`): the other side than the series side.
fn forced_self_checks(task: &Task) -> Option<crate::board::Color> {
    let Some(MainPlay::Series {
        end: search::SeriesEnd::SelfPlay,
        ..
    }) = task.main
    else {
        return None;
    };
    // After an intro (refused with `##!` in `Task::prepare`) the series
    // side is not told by the diagram alone.
    task.stip.intro.is_none().then(|| task.pos.turn.opponent())
}

/// Searches `task` and reports to `sink` what it finds, in the order
/// Popeye prints it, as soon as its place in that order is settled.
/// Returns the positions searched; stops with [`SolveError::Cancelled`] as
/// soon as `cancel` is set (what was reported stays reported).
pub fn solve_task_into(
    task: &Task,
    cancel: &Cancel,
    sink: &mut dyn Sink,
) -> Result<u64, SolveError> {
    let started = std::time::Instant::now();
    let (pos, rules, stip) = (&task.pos, task.rules, &task.stip);
    let mut notices = task.notices.iter().copied();
    // Popeye's remark on `intelligent` comes before anything else.
    if let Some(n) = task
        .notices
        .first()
        .filter(|n| matches!(n, Notice::IntelligentRestricted { .. }))
    {
        sink.event(Event::Notice(*n));
        notices.next();
    }
    let table = Arc::new(table::Table::new(hash_mb()));
    let cancel = cancel.for_one_play();
    let set_play_full = Arc::new(AtomicBool::new(false));
    let mut limiter = Limiter {
        sink,
        left: [task.max_solutions; 2],
        cancel: cancel.clone(),
        set_play_full: Arc::clone(&set_play_full),
    };
    let max_time = task.max_time.map(|n| max_time::MaxTime::start(n, &cancel));
    for notice in notices {
        limiter.event(Event::Notice(notice));
    }
    let battle = task.main.is_none();
    limiter.event(Event::Begin {
        goal: stip.goal,
        layout: if battle { Layout::Tree } else { Layout::Lines },
        numbered: task.numbered.is_some(),
        set_play_searched: task.help_set.is_some()
            || task.series_set.is_some()
            || battle
                && task.tree.set_play
                && !task.tree.post_key
                && !rules.in_check(pos, pos.turn),
        post_key_check: battle && task.tree.post_key && rules.in_check(pos, pos.turn.opponent()),
        defence_first: battle && task.tree.post_key && stip.numbered_from_start,
    });
    // The first moves tried, numbered, each reported before its solutions.
    let tried = |pos: &Position, number: u32, mv: Move, role: Role| {
        let seconds = started.elapsed().as_secs_f64();
        Event::tried(pos, mv, role, &rules, (number, Vec::new()), seconds)
    };
    let nodes = if let Some(main) = task.main {
        let play = match stip.intro {
            Some(moves) => LinePlay::Intro {
                moves,
                main,
                pass: stip.intro_then_pass,
            },
            None => LinePlay::Main(main),
        };
        let mut searcher = Searcher::new(
            rules,
            stip.goal,
            Arc::clone(&table),
            parallel::Out::Sink(&mut limiter),
        )
        .with_cancel(cancel.clone())
        .with_root_skip(Arc::clone(&task.root_skip))
        .with_keep_mating(task.keep_mating)
        .with_goal_is_end(task.goal_is_end)
        .with_stop_on_short(task.stop_on_short)
        .with_proof(task.proof.clone())
        .with_mate_bound(mate_bound_holds(task))
        .with_help_role(help_role(stip))
        .with_reciprocal(stip.reciprocal, stip.reciprocal_own_first)
        .with_penultimate(stip.penultimate)
        .with_other_goal(stip.other_goal)
        .with_goal_side_avoids(stip.goal_side_avoids)
        .with_parry(stip.parry)
        .with_forced_self_checks(forced_self_checks(task))
        .with_path_walk(
            task.deep
                .clone()
                .map(|bounds| numbering::PathWalk::new(bounds, started)),
        );
        if task.help_set.is_some() || task.series_set.is_some() {
            let set_pos = search::hand_over(pos);
            searcher.set_play(true);
            if let Some(set) = task.help_set {
                searcher.lines(&set_pos, LinePlay::Main(set), 0, None);
            }
            if let Some(end) = task.series_set {
                searcher.series_set_play(&set_pos, end);
            }
            searcher.set_play(false);
            // The play proper has its own maxsolutions.
            if set_play_full.load(Ordering::Relaxed)
                && !max_time.as_ref().is_some_and(max_time::MaxTime::ran_out)
            {
                cancel.enough.store(false, Ordering::Relaxed);
            }
        }
        match &task.numbered {
            None => {
                searcher.lines(pos, play, 0, None);
            }
            Some((start, first)) => {
                // `movenumbers` finds the shorter lines first, unnumbered;
                // a restart (`start n`, even 1) plays the full length only.
                let stopped = !task.restart && searcher.shorter_lines(pos, play);
                let mut legal = Vec::new();
                crate::movegen::legal_moves(pos, &rules, &mut legal);
                let role = match play {
                    LinePlay::Intro { .. } => Role::Intro,
                    LinePlay::Main(MainPlay::Help { .. }) => help_role(stip),
                    LinePlay::Main(MainPlay::Series { .. }) => Role::Series,
                };
                for (number, &mv) in (*start..).zip(first.iter().skip(*start as usize - 1)) {
                    if stopped || cancel.should_stop() {
                        break;
                    }
                    // `upto n`: the moves after the n-th are not tried.
                    if task.root_skip.contains(&mv) {
                        continue;
                    }
                    searcher.report(tried(pos, number, mv, role));
                    if legal.contains(&mv) {
                        searcher.number_first(Some(number));
                        searcher.lines_from(pos, mv, play);
                        searcher.number_first(None);
                    }
                }
            }
        }
        searcher.nodes()
    } else {
        let attack = match stip.play {
            Play::Direct => search::Attack::Direct,
            Play::SelfPlay => search::Attack::SelfPlay,
            Play::SemiReflex => search::Attack::SemiReflex {
                defender: pos.turn.opponent(),
            },
            _ => search::Attack::Reflex,
        };
        let numbered_moves = task.numbered.as_ref().map(|(start, first)| {
            (*start..)
                .zip(first.iter().skip(*start as usize - 1))
                .filter(|(_, mv)| !task.root_skip.contains(mv))
                .map(|(number, &mv)| (mv, tried(pos, number, mv, Role::Attack)))
                .collect::<Vec<_>>()
        });
        let mut battle = Battle::new(
            rules,
            stip.goal,
            attack,
            task.tree,
            Arc::clone(&table),
            cancel.clone(),
            parallel::Out::Sink(&mut limiter),
        )
        .with_root_skip(Arc::clone(&task.root_skip))
        .with_goal_is_end(task.goal_is_end)
        .with_defence_goal(stip.defence_goal);
        battle.solve(pos, stip.moves, numbered_moves);
        battle.nodes()
    };
    if cancel.is_cancelled() {
        return Err(SolveError::Cancelled);
    }
    if max_time.is_some_and(max_time::MaxTime::finish) {
        limiter.event(Event::Incomplete(Incompleteness::Interrupted));
    }
    limiter.event(Event::End);
    Ok(nodes)
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
        matches!(&self.result, Ok(phases) if phases.iter().any(|s| s.solutions > 0))
    }
}

/// Solves every twin of `problem` (the diagram itself unless
/// `zeroposition`), each with `duplex` if asked, keeping the solutions.
pub fn solve_problem(problem: &Problem) -> Vec<TwinSolution> {
    solve_problem_with(problem, &Cancel::default())
}

/// [`solve_problem`], giving up (each remaining twin reports
/// [`SolveError::Cancelled`]) as soon as `cancel` is set.
pub fn solve_problem_with(problem: &Problem, cancel: &Cancel) -> Vec<TwinSolution> {
    let mut numbers = MoveNumbers::of(problem);
    let mut twins = Vec::new();
    for instance in crate::twin::instances(problem) {
        let started = std::time::Instant::now();
        let result = solve_instance(&instance, cancel, &mut |p| {
            let mut collector = Collector::default();
            let nodes = solve_into(p, cancel, &mut numbers.counting(&mut collector))?;
            let mut solution = collector.into_solution();
            solution.nodes = nodes;
            Ok(solution)
        });
        twins.push(TwinSolution {
            instance,
            result,
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    twins
}

/// Where [`solve_problem_into`] reports: what a search reports, and where
/// each twin begins and how it ends.
pub trait ProblemSink: Sink {
    /// A twin (the diagram itself too) is about to be solved.
    fn twin(&mut self, instance: &crate::twin::TwinInstance);
    /// The twin could not be solved (what it found before stays reported).
    fn twin_failed(&mut self, error: &SolveError);
}

/// Solves every twin of `problem` like [`solve_problem_with`], reporting to
/// `sink` as the search goes instead of keeping the solutions: the
/// [`Solution`]s returned hold the counts only.
pub fn solve_problem_into(
    problem: &Problem,
    cancel: &Cancel,
    sink: &mut dyn ProblemSink,
) -> Vec<TwinSolution> {
    solve_problem_part_into(problem, None, cancel, sink)
}

/// [`solve_problem_into`] of one part of the first moves of every twin
/// and play ([`solve_part_into`]).
pub fn solve_problem_part_into(
    problem: &Problem,
    part: Option<RootPart>,
    cancel: &Cancel,
    sink: &mut dyn ProblemSink,
) -> Vec<TwinSolution> {
    let mut numbers = MoveNumbers::of(problem);
    let mut twins = Vec::new();
    for instance in crate::twin::instances(problem) {
        let started = std::time::Instant::now();
        sink.twin(&instance);
        let result = solve_instance(&instance, cancel, &mut |p| {
            let mut counter = Counter {
                sink: &mut *sink,
                solutions: 0,
            };
            let nodes = solve_part_into(p, part, cancel, &mut numbers.counting(&mut counter))?;
            Ok(Solution {
                nodes,
                solutions: counter.solutions,
                ..Solution::default()
            })
        });
        if let Err(e) = &result {
            sink.twin_failed(e);
        }
        twins.push(TwinSolution {
            instance,
            result,
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    twins
}

/// `movenumbers` counts on through the twins and duplex halves, as
/// Popeye's counter does (`start n` numbers each on its own): the first
/// moves of each play are numbered after the last one of the play before.
struct MoveNumbers {
    counts_on: bool,
    last: u32,
}

impl MoveNumbers {
    fn of(problem: &Problem) -> MoveNumbers {
        MoveNumbers {
            counts_on: !problem.has_option(|o| matches!(o, ProblemOption::Start(_))),
            last: 0,
        }
    }

    /// `sink`, with the numbers of the moves tried counted on.
    fn counting<'a>(&'a mut self, sink: &'a mut dyn Sink) -> CountOn<'a> {
        let offset = if self.counts_on { self.last } else { 0 };
        CountOn {
            sink,
            offset,
            numbers: self,
        }
    }
}

/// Passes events on, the numbers of the moves tried raised by `offset`.
struct CountOn<'a> {
    sink: &'a mut dyn Sink,
    offset: u32,
    numbers: &'a mut MoveNumbers,
}

impl Sink for CountOn<'_> {
    fn event(&mut self, mut event: Event) {
        if let Event::Tried { number, .. } = &mut event {
            *number += self.offset;
            self.numbers.last = *number;
        }
        self.sink.event(event);
    }
}

/// Passes events on, counting the solutions.
struct Counter<'a> {
    sink: &'a mut dyn ProblemSink,
    solutions: usize,
}

impl Sink for Counter<'_> {
    fn event(&mut self, event: Event) {
        self.solutions += event.solutions();
        self.sink.event(event);
    }
}

fn solve_instance(
    instance: &crate::twin::TwinInstance,
    cancel: &Cancel,
    solve: &mut dyn FnMut(&Problem) -> Result<Solution, SolveError>,
) -> Result<Vec<Solution>, SolveError> {
    if let Some(e) = &instance.error {
        return Err(SolveError::Twin {
            line: instance.twin.as_ref().map_or(0, |t| t.line),
            source: e.clone(),
        });
    }
    let p = &instance.problem;
    if join::is_joined(p) {
        // Each operand is a play of its own (`join.rs`); what the duplex
        // half would add to them is not established.
        if let Some(o) = p.options.iter().find(|o| o.value == ProblemOption::Duplex) {
            return Err(SolveError::UnsupportedOption {
                line: o.line,
                name: "duplex with expressions joined at the root".into(),
            });
        }
        let mut phases = Vec::new();
        join::solve_joined(p, cancel, solve, &mut phases)?;
        return Ok(phases);
    }
    let mut phases = vec![solve(p)?];
    if p.has_option(|o| *o == ProblemOption::Duplex) {
        phases.push(solve(&crate::twin::duplex_half(p))?);
    }
    Ok(phases)
}
