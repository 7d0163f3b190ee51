//! Solving many problems at once: `circe solve DIR` and `circe check`.
//!
//! The runner collects the problem files (directories are walked), reads
//! every problem (a Popeye file may hold several, each counted on its own),
//! and solves them in parallel on a rayon pool. Each problem gets its own
//! [`Cancel`] flag; one watchdog thread sets it when the problem's time is
//! up or when Ctrl-C was pressed. Results are handed back one by one, as
//! each problem finishes, to the caller's `done` callback, so nothing that
//! was solved is lost when the batch stops early.

use crate::io::load_problems;
use crate::problem::{InputError, Problem};
use crate::report::{render_problem, Format, ProblemWriter, ReportOptions};
use crate::solve::{
    solve_problem_into, solve_problem_with, Cancel, Solution, SolveError, TwinSolution,
};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Set by the SIGINT handler (or by [`interrupt`]).
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// Stops the running batch as Ctrl-C does.
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

/// Makes Ctrl-C (SIGINT) stop the batch cleanly instead of killing the
/// process: problems being solved are cancelled, no new one starts, and the
/// caller writes its partial summary. A second Ctrl-C kills at once.
/// Uses the C library's `signal`, which std links anyway: no dependency.
pub fn install_sigint_handler() {
    #[cfg(unix)]
    {
        extern "C" fn on_sigint(_: i32) {
            // Only an atomic store: async-signal-safe.
            if INTERRUPTED.swap(true, Ordering::Relaxed) {
                // Second Ctrl-C: restore the default action and die with it.
                unsafe {
                    signal(SIGINT, SIG_DFL);
                    raise(SIGINT);
                }
            }
        }
        extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
            fn raise(signum: i32) -> i32;
        }
        const SIGINT: i32 = 2;
        const SIG_DFL: usize = 0;
        // SAFETY: the handler only touches an atomic and async-signal-safe
        // C functions.
        unsafe {
            signal(SIGINT, on_sigint as extern "C" fn(i32) as usize);
        }
    }
}

/// The files a list of command-line paths names: files as given,
/// directories walked for `.toml` and `.inp` files, in name order.
pub fn collect_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found);
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        // Unreadable: let the reader report it, with its name.
        out.push(dir.to_path_buf());
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            walk(&path, out);
        } else if is_problem_file(&path) {
            out.push(path);
        }
    }
}

/// `.toml` and `.inp` files are problems when found in a directory.
pub fn is_problem_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml") || e.eq_ignore_ascii_case("inp"))
}

/// One unit of work: a problem, or a file that could not be read.
pub struct Item {
    /// Position in the batch, from 0.
    pub index: usize,
    pub file: PathBuf,
    /// 1-based number of the problem within its file.
    pub number: usize,
    /// How many problems the file holds.
    pub of: usize,
    pub problem: Result<Problem, InputError>,
}

/// Reads every file; a file that fails to read is one item with its error.
pub fn load_items(files: &[PathBuf]) -> Vec<Item> {
    let mut items = Vec::new();
    for file in files {
        match load_problems(file) {
            Ok(problems) => {
                let of = problems.len();
                for (i, problem) in problems.into_iter().enumerate() {
                    items.push(Item {
                        index: items.len(),
                        file: file.clone(),
                        number: i + 1,
                        of,
                        problem: Ok(problem),
                    });
                }
            }
            Err(e) => items.push(Item {
                index: items.len(),
                file: file.clone(),
                number: 1,
                of: 1,
                problem: Err(e),
            }),
        }
    }
    items
}

/// How a problem ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Solutions found: their number.
    Solved(usize),
    NoSolution,
    /// The file or the problem could not be handled: `file:line: message`.
    Error(String),
    TimedOut,
    /// Stopped by Ctrl-C while it was being solved.
    Interrupted,
}

impl Outcome {
    /// The name used in the summary and in JSON.
    pub fn name(&self) -> &'static str {
        match self {
            Outcome::Solved(_) => "solved",
            Outcome::NoSolution => "no-solution",
            Outcome::Error(_) => "error",
            Outcome::TimedOut => "timeout",
            Outcome::Interrupted => "interrupted",
        }
    }
}

/// The number of solutions: keys in a tree, complete lines otherwise.
/// The outcome of a problem from its twins': cancelled or failed when any
/// twin was, else the number of solutions of all twins together.
fn twins_outcome(
    problem: &crate::problem::Problem,
    twins: Vec<TwinSolution>,
) -> (Outcome, Option<Vec<TwinSolution>>) {
    let mut n = 0;
    for t in &twins {
        match &t.result {
            Err(SolveError::Cancelled) if interrupted() => return (Outcome::Interrupted, None),
            Err(SolveError::Cancelled) => return (Outcome::TimedOut, None),
            Err(e) => return (Outcome::Error(solve_error_message(problem, e)), None),
            Ok(phases) => n += phases.iter().map(count_solutions).sum::<usize>(),
        }
    }
    let outcome = if n == 0 {
        Outcome::NoSolution
    } else {
        Outcome::Solved(n)
    };
    (outcome, Some(twins))
}

pub fn count_solutions(solution: &Solution) -> usize {
    solution.solutions
}

/// `FILE:LINE: message` for a solver error: the line the error names, or
/// the problem's first line.
pub fn solve_error_message(problem: &Problem, e: &SolveError) -> String {
    let text = e.to_string();
    // SolveError's messages start with "line N: " when they know the line.
    if let Some(rest) = text.strip_prefix("line ") {
        if let Some((n, msg)) = rest.split_once(": ") {
            if let Ok(line) = n.parse::<usize>() {
                return format!("{}:{line}: {msg}", problem.source.file.display());
            }
        }
    }
    format!("{}: {text}", problem.source)
}

/// What one solve produced, for the caller to render.
pub struct Solved<'a> {
    pub item: &'a Item,
    pub outcome: Outcome,
    /// The solutions of the twins, when the solver finished.
    pub solution: Option<Vec<TwinSolution>>,
    pub seconds: f64,
}

/// How to run a batch.
#[derive(Clone, Debug, Default)]
pub struct BatchOptions {
    /// Worker threads; rayon's default (one per core) when `None`.
    pub jobs: Option<usize>,
    /// Time allowed for each problem.
    pub timeout: Option<Duration>,
    /// Show a progress bar on stderr (only when it is a terminal).
    pub progress: bool,
}

/// The watchdog's list: deadline and flag of each problem being solved.
type Watched = Arc<Mutex<Vec<(usize, Option<Instant>, Cancel)>>>;

/// Solves every item, `opts.jobs` at a time, and calls `done` (under a
/// lock, so it may write to stdout) as each finishes. `work` turns a
/// finished solve into the caller's record; it runs on the worker thread.
/// Items not started because of Ctrl-C are not reported. Returns whether
/// the batch was interrupted.
pub fn run<T, W, D>(items: &[Item], opts: &BatchOptions, work: W, done: D) -> bool
where
    T: Send,
    W: Fn(Solved) -> T + Sync,
    D: FnMut(&Item, T, &ProgressBar) + Send,
{
    run_with(
        items,
        opts,
        |_, problem, cancel, _| solve_problem_with(problem, cancel),
        work,
        done,
    )
}

/// [`run`] with the solving itself given: `solve` solves an item's problem
/// under its cancel flag (it may write as it goes, through the progress
/// bar it is given).
pub fn run_with<T, S, W, D>(items: &[Item], opts: &BatchOptions, solve: S, work: W, done: D) -> bool
where
    T: Send,
    S: Fn(&Item, &Problem, &Cancel, &ProgressBar) -> Vec<TwinSolution> + Sync,
    W: Fn(Solved) -> T + Sync,
    D: FnMut(&Item, T, &ProgressBar) + Send,
{
    let bar = if opts.progress && std::io::stderr().is_terminal() {
        let bar =
            ProgressBar::with_draw_target(Some(items.len() as u64), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} {msg}",
        ) {
            bar.set_style(style);
        }
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    } else {
        ProgressBar::hidden()
    };

    // With one problem the bar follows its search at the root instead.
    let single = items.len() == 1;
    if single {
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} first moves {msg}",
        ) {
            bar.set_style(style);
        }
    }
    let watched: Watched = Arc::new(Mutex::new(Vec::new()));
    let finished = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let watched = Arc::clone(&watched);
        let finished = Arc::clone(&finished);
        let bar = bar.clone();
        std::thread::spawn(move || {
            while !finished.load(Ordering::Relaxed) {
                let now = Instant::now();
                let stop_all = interrupted();
                if single {
                    if let Some((_, _, cancel)) = watched.lock().unwrap().first() {
                        let p = cancel.progress();
                        bar.set_length(u64::from(p.total.load(Ordering::Relaxed)));
                        bar.set_position(u64::from(p.done.load(Ordering::Relaxed)));
                        bar.set_message(format!("(length {})", p.length.load(Ordering::Relaxed)));
                    }
                }
                for (_, deadline, cancel) in watched.lock().unwrap().iter() {
                    if stop_all || deadline.is_some_and(|d| now >= d) {
                        cancel.cancel();
                    }
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        })
    };

    let done = Mutex::new(done);
    let solve_item = |item: &Item| {
        if interrupted() {
            return;
        }
        let started = Instant::now();
        let (outcome, solution) = match &item.problem {
            Err(e) => (Outcome::Error(e.to_string()), None),
            Ok(problem) => {
                let cancel = Cancel::default();
                let deadline = opts.timeout.map(|t| started + t);
                watched
                    .lock()
                    .unwrap()
                    .push((item.index, deadline, cancel.clone()));
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    solve(item, problem, &cancel, &bar)
                }));
                watched.lock().unwrap().retain(|(i, _, _)| *i != item.index);
                match result {
                    Ok(twins) => twins_outcome(problem, twins),
                    Err(panic) => {
                        let what = panic
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| panic.downcast_ref::<String>().cloned())
                            .unwrap_or_default();
                        (
                            Outcome::Error(format!(
                                "{}: internal error: the solver panicked: {what}",
                                problem.source
                            )),
                            None,
                        )
                    }
                }
            }
        };
        let record = work(Solved {
            item,
            outcome,
            solution,
            seconds: started.elapsed().as_secs_f64(),
        });
        let mut done = done.lock().unwrap();
        (done)(item, record, &bar);
        bar.inc(1);
    };

    // Problems solved at once share the memory budget of `--hash`.
    let jobs = opts
        .jobs
        .unwrap_or_else(rayon::current_num_threads)
        .clamp(1, items.len().max(1));
    let whole_hash = crate::solve::hash_mb();
    crate::solve::set_hash_mb(whole_hash / jobs);
    // `jobs` lanes on the current pool (the one `--threads` sized) take
    // the problems in order; each search shares out its own work on the
    // same pool, so a lone problem gets every thread.
    let next = std::sync::atomic::AtomicUsize::new(0);
    rayon::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|_| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                solve_item(item);
            });
        }
    });
    crate::solve::set_hash_mb(whole_hash);
    finished.store(true, Ordering::Relaxed);
    let _ = watchdog.join();
    bar.finish_and_clear();
    interrupted()
}

/// One row of the summary.
pub struct Row {
    /// Position in the batch.
    pub index: usize,
    pub label: String,
    pub outcome: Outcome,
    pub seconds: f64,
}

/// Counts of each outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Totals {
    pub problems: usize,
    pub solved: usize,
    pub no_solution: usize,
    pub error: usize,
    pub timeout: usize,
    pub interrupted: usize,
    /// Not started because the batch was interrupted.
    pub not_run: usize,
}

impl Totals {
    pub fn of(rows: &[Row], total: usize) -> Totals {
        let mut t = Totals {
            problems: total,
            ..Totals::default()
        };
        for r in rows {
            match r.outcome {
                Outcome::Solved(_) => t.solved += 1,
                Outcome::NoSolution => t.no_solution += 1,
                Outcome::Error(_) => t.error += 1,
                Outcome::TimedOut => t.timeout += 1,
                Outcome::Interrupted => t.interrupted += 1,
            }
        }
        t.not_run = total - rows.len();
        t
    }
}

/// The summary table: one row per problem in batch order, then the totals.
pub fn summary_table(rows: &[Row], totals: &Totals, seconds: f64) -> String {
    let width = rows.iter().map(|r| r.label.len()).max().unwrap_or(7).max(7);
    let mut out = format!(
        "{:<width$}  {:<12} {:>9} {:>9}\n",
        "problem", "status", "solutions", "time"
    );
    for r in rows {
        let n = match r.outcome {
            Outcome::Solved(n) => n.to_string(),
            Outcome::NoSolution => "0".into(),
            _ => "-".into(),
        };
        out.push_str(&format!(
            "{:<width$}  {:<12} {:>9} {:>8.3}s\n",
            r.label,
            r.outcome.name(),
            n,
            r.seconds
        ));
    }
    out.push_str(&totals_line(totals, seconds));
    out
}

/// `87 problems: 20 solved, 3 no solution, 60 errors, 4 time-outs in 12.3 s`.
pub fn totals_line(t: &Totals, seconds: f64) -> String {
    let mut parts = vec![
        format!("{} solved", t.solved),
        format!("{} no solution", t.no_solution),
        format!("{} errors", t.error),
        format!("{} time-outs", t.timeout),
    ];
    if t.interrupted > 0 || t.not_run > 0 {
        parts.push(format!("{} interrupted", t.interrupted));
        parts.push(format!("{} not run", t.not_run));
    }
    format!(
        "{} problems: {} in {:.1} s\n",
        t.problems,
        parts.join(", "),
        seconds
    )
}

/// A problem's label in messages and tables: `file`, or `file:line` when
/// the file holds several problems.
pub fn label(item: &Item) -> String {
    match &item.problem {
        Ok(p) if item.of > 1 => p.source.to_string(),
        _ => item.file.display().to_string(),
    }
}

/// What `circe solve` was asked for.
#[derive(Clone, Debug)]
pub struct SolveSettings {
    pub report: ReportOptions,
    pub batch: BatchOptions,
    /// No progress bar and no summary table (errors are still shown).
    pub quiet: bool,
}

/// `circe solve FILES|DIRS`: solves every problem, writes each solution as
/// it is found (JSON: at once; text and Popeye: in input order), then the
/// summary table on stderr when there was more than one problem. Returns
/// the exit status: 0 all solved, 1 some without solution or timed out,
/// 2 some errors, 130 interrupted.
pub fn solve_files(paths: &[PathBuf], settings: &SolveSettings) -> u8 {
    let started = Instant::now();
    let items = load_items(&collect_files(paths));
    let json = settings.report.format == Format::Json;
    let mut batch = settings.batch.clone();
    batch.progress = !settings.quiet && !json;

    let report = settings.report;
    // JSON is written whole, as each problem finishes; the other formats
    // as the search goes, problems in input order.
    let work = |s: Solved| -> (Outcome, f64, Option<String>) {
        let text = match (&s.item.problem, &s.solution) {
            (Ok(problem), Some(solution)) if json => {
                let text = render_problem(&report, problem, solution, s.seconds);
                Some(json_record(s.item, &s.outcome, s.seconds, Some(&text)))
            }
            _ if json => Some(json_record(s.item, &s.outcome, s.seconds, None)),
            _ => None,
        };
        (s.outcome, s.seconds, text)
    };
    let ordered = Mutex::new(OrderedOutput::default());
    let solve = |item: &Item, problem: &Problem, cancel: &Cancel, bar: &ProgressBar| {
        if json {
            return solve_problem_with(problem, cancel);
        }
        let started = Instant::now();
        let write = |text: &str| {
            ordered
                .lock()
                .expect("output lock")
                .write(item.index, text, bar)
        };
        let mut writer = ProblemWriter::new(&report, problem, write);
        let twins = solve_problem_into(problem, cancel, &mut writer);
        writer.finish(started.elapsed().as_secs_f64());
        twins
    };

    let mut rows: Vec<Row> = Vec::new();
    let mut broken_pipe = false;
    let mut write = |text: &str, bar: &ProgressBar| {
        if broken_pipe {
            return;
        }
        let ok = bar.suspend(|| {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes()).and_then(|_| out.flush())
        });
        if ok.is_err() {
            // The reader has gone: stop writing, finish quietly.
            broken_pipe = true;
        }
    };
    let interrupted = run_with(
        &items,
        &batch,
        solve,
        work,
        |item, (outcome, seconds, text), bar| {
            match &outcome {
                Outcome::Error(msg) => bar.suspend(|| eprintln!("circe: error: {msg}")),
                Outcome::TimedOut if !json => bar
                    .suspend(|| eprintln!("circe: {}: time-out after {seconds:.1} s", label(item))),
                _ => {}
            }
            if json {
                if let Some(t) = &text {
                    write(t, bar);
                }
            } else {
                ordered.lock().expect("output lock").finish(item.index, bar);
            }
            rows.push(Row {
                index: item.index,
                label: label(item),
                outcome,
                seconds,
            });
        },
    );
    // Interrupted: what was solved but waits for an earlier problem.
    ordered
        .into_inner()
        .expect("output lock")
        .flush_all(&ProgressBar::hidden());

    rows.sort_by_key(|r| r.index);
    let totals = Totals::of(&rows, items.len());
    let seconds = started.elapsed().as_secs_f64();
    if interrupted {
        eprintln!("circe: interrupted");
    }
    if !settings.quiet && (items.len() > 1 || interrupted) {
        eprint!("{}", summary_table(&rows, &totals, seconds));
    }
    exit_status(&totals, interrupted)
}

/// The text of problems solved at once, written in input order: the
/// problem first in that order writes straight through, the others are
/// held until their turn.
#[derive(Default)]
struct OrderedOutput {
    /// The first problem not finished yet.
    next: usize,
    held: BTreeMap<usize, String>,
    finished: std::collections::BTreeSet<usize>,
    broken_pipe: bool,
}

impl OrderedOutput {
    fn write(&mut self, index: usize, text: &str, bar: &ProgressBar) {
        if index == self.next {
            self.out(text, bar);
        } else {
            self.held.entry(index).or_default().push_str(text);
        }
    }

    /// Problem `index` is done: the next ones in order write what they
    /// hold, up to the first still running, which then writes straight.
    fn finish(&mut self, index: usize, bar: &ProgressBar) {
        self.finished.insert(index);
        while self.finished.remove(&self.next) {
            self.next += 1;
            if let Some(text) = self.held.remove(&self.next) {
                self.out(&text, bar);
            }
        }
    }

    fn flush_all(mut self, bar: &ProgressBar) {
        for text in std::mem::take(&mut self.held).into_values() {
            self.out(&text, bar);
        }
    }

    fn out(&mut self, text: &str, bar: &ProgressBar) {
        if self.broken_pipe {
            return;
        }
        let ok = bar.suspend(|| {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes()).and_then(|_| out.flush())
        });
        // The reader has gone: stop writing, finish quietly.
        self.broken_pipe = ok.is_err();
    }
}

/// 0 all solved, 1 some without solution or timed out, 2 some errors,
/// 130 interrupted.
pub fn exit_status(t: &Totals, interrupted: bool) -> u8 {
    if interrupted {
        130
    } else if t.error > 0 {
        2
    } else if t.no_solution > 0 || t.timeout > 0 {
        1
    } else {
        0
    }
}

/// One JSON line for a problem: the report's object (when it was solved)
/// with `number`, `status`, `solutions` and `error` added.
fn json_record(item: &Item, outcome: &Outcome, seconds: f64, rendered: Option<&str>) -> String {
    use serde_json::{json, Map, Value};
    let mut obj: Map<String, Value> = rendered
        .and_then(|t| serde_json::from_str::<Value>(t.trim()).ok())
        .and_then(|v| match v {
            Value::Object(m) => Some(m),
            _ => None,
        })
        .unwrap_or_default();
    let (file, line) = match &item.problem {
        Ok(p) => (p.source.file.display().to_string(), p.source.line),
        Err(e) => (e.file.display().to_string(), e.line),
    };
    obj.entry("file").or_insert(json!(file));
    obj.entry("line").or_insert(json!(line));
    obj.insert("number".into(), json!(item.number));
    obj.insert("status".into(), json!(outcome.name()));
    let solutions = match outcome {
        Outcome::Solved(n) => Some(*n),
        Outcome::NoSolution => Some(0),
        _ => None,
    };
    obj.insert("solutions".into(), json!(solutions));
    if let Outcome::Error(msg) = outcome {
        obj.insert("error".into(), json!(msg));
    }
    obj.entry("seconds").or_insert(json!(seconds));
    let mut text = Value::Object(obj).to_string();
    text.push('\n');
    text
}
