//! Solving many problems at once: the scheduling shared by `circe solve`,
//! `circe check` and `circe bench`.
//!
//! The runner collects the problem files (directories are walked), reads
//! every problem (a Popeye file may hold several, each counted on its own),
//! and solves them in parallel on a rayon pool. Each problem gets its own
//! [`Cancel`] flag; one watchdog thread sets it when the problem's time is
//! up or when the batch's stop flag is raised (the binary raises it on
//! Ctrl-C). Results are handed back one by one, as each problem finishes,
//! so nothing that was solved is lost when the batch stops early.
//!
//! Nothing here prints: what a batch shows goes through a [`Monitor`] and
//! the callbacks of its caller, what it writes goes to a writer it is given
//! ([`solving`], [`ordered`]).

pub mod held;
pub mod merge;
pub mod ordered;
pub mod parts;
pub mod resume;
pub mod shard;
pub mod solving;
pub mod summary;

use crate::io::load_each;
use crate::problem::{InputError, Problem};
use crate::solve::{Cancel, Solution, SolveError, TwinSolution};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The files a list of command-line paths names: files as given,
/// directories walked for problem files ([`is_problem_file`]), in name
/// order. A folder that holds none is kept as it is, for the reader to
/// report (so every command that walks folders says the same). Shared by
/// every command that takes folders.
pub fn collect_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    collect_keyed_files(paths)
        .into_iter()
        .map(|(file, _)| file)
        .collect()
}

/// [`collect_files`], each file with its key: its path relative to the
/// folder named on the command line (`/` between the parts), or the path
/// as given for a file named itself. The key is what [`shard`] splits on.
pub fn collect_keyed_files(paths: &[PathBuf]) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found);
            if found.is_empty() {
                found.push(p.clone());
            }
            found.sort();
            out.extend(found.into_iter().map(|f| {
                let key = shard::key_of(f.strip_prefix(p).unwrap_or(&f));
                (f, key)
            }));
        } else {
            out.push((p.clone(), shard::key_of(p)));
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
        // Hidden files and folders (`.git`, `.github`) are not problems.
        if e.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        if path.is_dir() {
            walk(&path, out);
        } else if is_problem_file(&path) {
            out.push(path);
        }
    }
}

/// The extensions of problem files found in a folder: circe's TOML,
/// Popeye's input, YACPDB's YAML and Olive's collections.
pub const PROBLEM_EXTENSIONS: [&str; 6] = ["toml", "inp", "pop", "yaml", "yml", "olv"];

/// Whether a file found in a folder is a problem file, by its extension.
pub fn is_problem_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| PROBLEM_EXTENSIONS.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

/// One unit of work: a problem, or a file that could not be read.
pub struct Item {
    /// Position among the items being run, from 0 (renumbered when some
    /// are left out: `--resume`, `--shard`).
    pub index: usize,
    /// Position in the whole batch as read, from 0, and the batch's size:
    /// kept when items are left out, recorded in JSON (`index`, `total`)
    /// for `circe merge`.
    pub position: usize,
    pub batch_len: usize,
    /// The file's key ([`collect_keyed_files`]).
    pub key: String,
    pub file: PathBuf,
    /// 1-based number of the problem within its file.
    pub number: usize,
    /// How many problems the file holds.
    pub of: usize,
    pub problem: Result<Problem, InputError>,
}

impl Item {
    /// Where the problem is (its file and first line), or where reading it
    /// failed: what the JSON records name it by.
    pub fn source(&self) -> (String, usize) {
        match &self.problem {
            Ok(p) => (p.source.file.display().to_string(), p.source.line),
            Err(e) => (e.file.display().to_string(), e.line),
        }
    }
}

/// Reads every file; a file that fails to read is one item with its error.
pub fn load_items(files: &[PathBuf]) -> Vec<Item> {
    let keyed: Vec<(PathBuf, String)> = files
        .iter()
        .map(|f| (f.clone(), shard::key_of(f)))
        .collect();
    load_keyed_items(&keyed)
}

/// [`load_items`] of files with their keys ([`collect_keyed_files`]).
pub fn load_keyed_items(files: &[(PathBuf, String)]) -> Vec<Item> {
    // An Olive collection's entries are read each on its own.
    items_of_each(
        files
            .iter()
            .map(|(file, key)| (file.clone(), key.clone(), load_each(file)))
            .collect(),
    )
}

/// The problems of each source (a file, or a text read elsewhere:
/// standard input, the command line), with its name and key, or the error
/// of reading it, as the items of one batch.
pub fn items_of(sources: Vec<(PathBuf, String, Result<Vec<Problem>, InputError>)>) -> Vec<Item> {
    items_of_each(
        sources
            .into_iter()
            .map(|(file, key, read)| {
                let each = match read {
                    Ok(problems) => problems.into_iter().map(Ok).collect(),
                    Err(e) => vec![Err(e)],
                };
                (file, key, each)
            })
            .collect(),
    )
}

/// A source of problems: its file, its key in the batch, and each of its
/// problems read or refused on its own ([`crate::io::load_each`]).
pub type EachSource = (PathBuf, String, Vec<Result<Problem, InputError>>);

/// [`items_of`] with each problem of a source read or refused on its own.
pub fn items_of_each(sources: Vec<EachSource>) -> Vec<Item> {
    let mut items = Vec::new();
    for (file, key, read) in sources {
        let mut push = |number, of, problem| {
            items.push(Item {
                index: items.len(),
                position: items.len(),
                batch_len: 0,
                key: key.clone(),
                file: file.clone(),
                number,
                of,
                problem,
            })
        };
        let of = read.len();
        for (i, problem) in read.into_iter().enumerate() {
            push(i + 1, of, problem);
        }
    }
    let len = items.len();
    for item in &mut items {
        item.batch_len = len;
    }
    items
}

/// A problem's label in messages and tables: `file`, or `file:line` when
/// the file holds several problems.
pub fn label(item: &Item) -> String {
    match &item.problem {
        Ok(p) if item.of > 1 => p.source.to_string(),
        _ => item.file.display().to_string(),
    }
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
    /// Stopped (Ctrl-C) while it was being solved.
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

/// The outcome of a problem from its twins': stopped or failed when any
/// twin was, else the number of solutions of all twins together.
/// `stopped` tells an interruption from a time-out.
pub fn twins_outcome(problem: &Problem, twins: &[TwinSolution], stopped: bool) -> Outcome {
    let mut n = 0;
    for t in twins {
        match &t.result {
            Err(SolveError::Cancelled) if stopped => return Outcome::Interrupted,
            Err(SolveError::Cancelled) => return Outcome::TimedOut,
            Err(e) => return Outcome::Error(solve_error_message(problem, e)),
            Ok(phases) => n += phases.iter().map(count_solutions).sum::<usize>(),
        }
    }
    if n == 0 {
        Outcome::NoSolution
    } else {
        Outcome::Solved(n)
    }
}

/// The number of solutions: keys in a tree, complete lines otherwise
/// (counted as the search reports them, since a streamed solution is not
/// kept).
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

/// How to run a batch.
#[derive(Clone, Debug, Default)]
pub struct BatchOptions {
    /// Problems solved at once; rayon's default (one per core) when `None`.
    pub jobs: Option<usize>,
    /// Time allowed for each problem.
    pub timeout: Option<Duration>,
    /// Raised to stop the batch (the binary raises it on Ctrl-C): problems
    /// being solved are cancelled, no new one starts.
    pub stop: Arc<AtomicBool>,
}

impl BatchOptions {
    /// Whether the batch was asked to stop.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// How far a lone problem's search has got: the length being searched and
/// the first moves done out of all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchProgress {
    pub length: u32,
    pub done: u32,
    pub total: u32,
}

/// What a batch shows while it runs, for a display to follow (the binary's
/// progress bar). Every method has a default that shows nothing.
pub trait Monitor: Sync {
    /// Called a few times a second: problems finished out of all, and, when
    /// the batch holds one problem, its search's progress.
    fn progress(&self, _finished: usize, _total: usize, _search: Option<SearchProgress>) {}

    /// Runs `write`, which writes output, so that the display does not mix
    /// with it.
    fn suspend(&self, write: &mut dyn FnMut()) {
        write()
    }
}

/// A monitor that shows nothing.
pub struct Silent;

impl Monitor for Silent {}

/// What a worker reports for one item.
pub struct Finished<T> {
    /// The worker's record, or the message of a panic it raised.
    pub record: Result<T, String>,
    pub seconds: f64,
    /// Whether the batch was stopped when the item finished (its
    /// cancellation was an interruption, not a time-out).
    pub stopped: bool,
}

/// The watchdog's list: deadline and flag of each problem being solved.
type Watched = Arc<Mutex<Vec<(usize, Option<Instant>, Cancel)>>>;

/// Solves every item, `opts.jobs` at a time. `work` runs on a worker
/// thread for each item with the flag that cancels it (on time-out or
/// stop) and returns the caller's record; a panic in it becomes an error
/// record naming the problem. `done` is called (under a lock) as each item
/// finishes. Items not started because of a stop are not reported. Returns
/// whether the batch was stopped.
pub fn run<T, W, D>(
    items: &[Item],
    opts: &BatchOptions,
    monitor: &dyn Monitor,
    work: W,
    done: D,
) -> bool
where
    T: Send,
    W: Fn(&Item, &Cancel) -> T + Sync,
    D: FnMut(&Item, Finished<T>) + Send,
{
    let single = items.len() == 1;
    let finished_count = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let watched: Watched = Arc::new(Mutex::new(Vec::new()));
    let finished = Arc::new(AtomicBool::new(false));
    let total = items.len();
    std::thread::scope(|scope| {
        // The watchdog: deadlines, the stop flag, the display.
        {
            let watched = Arc::clone(&watched);
            let finished = Arc::clone(&finished);
            let finished_count = Arc::clone(&finished_count);
            let stop = Arc::clone(&opts.stop);
            scope.spawn(move || {
                let mut ticks = 0u32;
                while !finished.load(Ordering::Relaxed) {
                    let now = Instant::now();
                    let stop_all = stop.load(Ordering::Relaxed);
                    let list = watched.lock().unwrap_or_else(|e| e.into_inner());
                    for (_, deadline, cancel) in list.iter() {
                        if stop_all || deadline.is_some_and(|d| now >= d) {
                            cancel.cancel();
                        }
                    }
                    if ticks.is_multiple_of(10) {
                        let search = list.first().filter(|_| single).map(|(_, _, c)| {
                            let p = c.progress();
                            SearchProgress {
                                length: p.length.load(Ordering::Relaxed),
                                done: p.done.load(Ordering::Relaxed),
                                total: p.total.load(Ordering::Relaxed),
                            }
                        });
                        drop(list);
                        monitor.progress(finished_count.load(Ordering::Relaxed), total, search);
                    } else {
                        drop(list);
                    }
                    ticks = ticks.wrapping_add(1);
                    std::thread::sleep(Duration::from_millis(20));
                }
            });
        }

        let done = Mutex::new(done);
        let solve_item = |item: &Item| {
            if opts.stopped() {
                return;
            }
            let started = Instant::now();
            let cancel = Cancel::default();
            let deadline = opts.timeout.map(|t| started + t);
            let lock = || watched.lock().unwrap_or_else(|e| e.into_inner());
            lock().push((item.index, deadline, cancel.clone()));
            let record =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(item, &cancel)))
                    .map_err(|panic| {
                        let what = panic
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| panic.downcast_ref::<String>().cloned())
                            .unwrap_or_default();
                        let whence = match &item.problem {
                            Ok(p) => p.source.to_string(),
                            Err(_) => item.file.display().to_string(),
                        };
                        format!("{whence}: internal error: the solver panicked: {what}")
                    });
            lock().retain(|(i, _, _)| *i != item.index);
            let finished = Finished {
                record,
                seconds: started.elapsed().as_secs_f64(),
                stopped: opts.stopped(),
            };
            let mut done = done.lock().unwrap_or_else(|e| e.into_inner());
            (done)(item, finished);
            finished_count.fetch_add(1, Ordering::Relaxed);
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
    });
    monitor.progress(finished_count.load(Ordering::Relaxed), total, None);
    opts.stopped()
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
    /// Not started because the batch was stopped.
    pub not_run: usize,
}

impl Totals {
    /// The counts of `outcomes` in a batch of `total` problems.
    pub fn of<'a>(outcomes: impl IntoIterator<Item = &'a Outcome>, total: usize) -> Totals {
        let mut t = Totals {
            problems: total,
            ..Totals::default()
        };
        let mut run = 0;
        for o in outcomes {
            run += 1;
            match o {
                Outcome::Solved(_) => t.solved += 1,
                Outcome::NoSolution => t.no_solution += 1,
                Outcome::Error(_) => t.error += 1,
                Outcome::TimedOut => t.timeout += 1,
                Outcome::Interrupted => t.interrupted += 1,
            }
        }
        t.not_run = total.saturating_sub(run);
        t
    }
}
