//! `circe solve` on a batch: every problem solved, its text written to the
//! writer the caller gives as soon as it may be (batch order for text and
//! Popeye's format, one JSON line per problem as each finishes), flushed
//! per problem, so that a batch killed at any moment keeps every problem
//! already written.

use super::ordered::{Order, Ordered};
use super::parts::PartWriter;
use super::{label, run, twins_outcome, BatchOptions, Item, Monitor, Outcome, Totals};
use crate::audit::Auditor;
use crate::io::notation::Alphabet;
use crate::output::json::JsonWriter;
use crate::output::verdict::{verdict_json, verdict_words};
use crate::output::{html, Format, ProblemOutput, ReportOptions, Stop};
use crate::solve::{solve_problem_into, solve_problem_part_into, RootPart};
use std::io::{self, Write};
use std::sync::Mutex;
use std::time::Instant;

/// What `circe solve` was asked for.
#[derive(Clone, Debug)]
pub struct SolveSettings {
    pub report: ReportOptions,
    pub batch: BatchOptions,
    /// `--first-moves K/N`: each problem's part of the first moves, written
    /// as a part record for `circe merge` ([`super::parts`]).
    pub first_moves: Option<RootPart>,
    /// Whether the text and HTML formats show the diagram (`--no-board`
    /// clears it).
    pub board: bool,
}

/// One problem's line in the summary.
#[derive(Clone, Debug)]
pub struct Row {
    /// Position in the batch.
    pub index: usize,
    pub label: String,
    pub outcome: Outcome,
    pub seconds: f64,
}

/// What a batch did.
#[derive(Debug)]
pub struct BatchReport {
    /// The problems that ran, in batch order.
    pub rows: Vec<Row>,
    pub totals: Totals,
    /// Whether the batch was stopped before the end.
    pub stopped: bool,
    pub seconds: f64,
    /// Writing the output failed (the reader went away): the batch stopped
    /// at the first error.
    pub write_error: Option<io::Error>,
}

/// Solves `items` and writes their solutions to `out`; `on_finished` hears
/// of each problem as it finishes (for the caller to show its error or
/// time-out). A write error stops the batch.
pub fn solve_batch(
    items: &[Item],
    settings: &SolveSettings,
    out: &mut (dyn Write + Send),
    monitor: &dyn Monitor,
    on_finished: &mut (dyn FnMut(&Item, &Row) + Send),
) -> BatchReport {
    let started = Instant::now();
    let report = settings.report;
    let json = report.format == Format::Json || settings.first_moves.is_some();
    let first = items.first().map_or(0, |i| i.index);
    // Held output takes at most a quarter of `--hash` in memory.
    let budget = (crate::solve::hash_mb() << 20) / 4;
    let order = if json {
        Order::Completion
    } else {
        Order::Batch
    };
    // The HTML booklet is one page around the problems' sections.
    let html = report.format == Format::Html && !json;
    if html {
        if let Err(e) = out.write_all(html::page_start(&page_title(items)).as_bytes()) {
            return BatchReport {
                rows: Vec::new(),
                totals: Totals::of(std::iter::empty(), items.len()),
                stopped: false,
                seconds: 0.0,
                write_error: Some(e),
            };
        }
    }
    let ordered = Mutex::new(Ordered::new(&mut *out, first, order, budget));
    let write = |index: usize, text: &str| {
        let mut o = ordered.lock().unwrap_or_else(|e| e.into_inner());
        monitor.suspend(&mut || o.write(index, text.as_bytes()));
        if o.error().is_some() {
            settings
                .batch
                .stop
                .store(true, std::sync::atomic::Ordering::Relaxed);
        }
    };

    // The worker solves and writes what it finds as it comes: the text, or
    // the JSON record (held until the problem is done).
    let work = |item: &Item, cancel: &crate::solve::Cancel| -> Outcome {
        let problem = match &item.problem {
            Ok(p) => p,
            Err(e) => return Outcome::Error(e.to_string()),
        };
        let started = Instant::now();
        let write = |text: &str| write(item.index, text);
        if let Some(part) = settings.first_moves {
            let mut writer = PartWriter::new(&report, problem);
            let twins = solve_problem_part_into(problem, Some(part), cancel, &mut writer);
            let outcome = twins_outcome(problem, &twins, settings.batch.stopped());
            if finished(&outcome) {
                let fields = format!(
                    "{},\"first_moves\":{},\"nodes\":{}",
                    record_fields(item, &outcome),
                    serde_json::json!({"part": part.k, "of": part.n}),
                    nodes(&twins)
                );
                write(&writer.finish(started.elapsed().as_secs_f64(), &fields));
                write("\n");
            }
            return outcome;
        }
        if json {
            let mut writer = JsonWriter::new(&report, problem, write);
            // The verdict of what the search shows (duals and short
            // solutions where the play is shown: `circe audit` shows it).
            let mut auditor = Auditor::new(problem, Some(&mut writer));
            let twins = solve_problem_into(problem, cancel, &mut auditor);
            let stopped = settings.batch.stopped();
            let verdict = auditor.finish(problem, &twins, stopped);
            let outcome = twins_outcome(problem, &twins, stopped);
            // Only a finished solve is recorded whole: a time-out, a stop or
            // an error gets the short record.
            if finished(&outcome) {
                let alphabet = report
                    .alphabet
                    .unwrap_or_else(|| Alphabet::from(problem.language));
                let fields = format!(
                    "{},\"nodes\":{},\"verdict\":{}",
                    record_fields(item, &outcome),
                    nodes(&twins),
                    verdict_json(&verdict, alphabet)
                );
                writer.finish(started.elapsed().as_secs_f64(), &fields);
                write("\n");
            }
            return outcome;
        }
        let mut writer = ProblemOutput::with_board(&report, problem, write, settings.board);
        let (twins, verdict) = if report.format == Format::Html {
            // The booklet says under each solution what it shows of the
            // problem's soundness (`circe audit` shows every variation).
            let mut auditor = Auditor::new(problem, Some(&mut writer));
            let twins = solve_problem_into(problem, cancel, &mut auditor);
            let verdict = auditor.finish(problem, &twins, settings.batch.stopped());
            (twins, Some(verdict))
        } else {
            (solve_problem_into(problem, cancel, &mut writer), None)
        };
        if let Some(verdict) = verdict {
            let alphabet = report
                .alphabet
                .unwrap_or_else(|| Alphabet::from(problem.language));
            writer.set_verdict(Some(verdict_words(&verdict, alphabet)));
        }
        let outcome = twins_outcome(problem, &twins, settings.batch.stopped());
        match outcome {
            Outcome::TimedOut => {
                let limit = settings.batch.timeout.map_or(0.0, |t| t.as_secs_f64());
                writer.stopped(Stop::TimeOut(limit));
            }
            Outcome::Interrupted => writer.stopped(Stop::Interrupted),
            _ => {}
        }
        // The footer, when every twin was solved; what the text says of a
        // search cut short.
        writer.finish(started.elapsed().as_secs_f64(), "");
        outcome
    };

    let mut rows: Vec<Row> = Vec::new();
    let stopped = run(items, &settings.batch, monitor, work, |item, done| {
        let outcome = done.record.unwrap_or_else(Outcome::Error);
        let row = Row {
            index: item.index,
            label: label(item),
            outcome,
            seconds: done.seconds,
        };
        let mut o = ordered.lock().unwrap_or_else(|e| e.into_inner());
        if json && !finished(&row.outcome) {
            let line = short_record(item, &row.outcome, row.seconds, settings.first_moves);
            o.discard(item.index);
            monitor.suspend(&mut || o.write_now(line.as_bytes()));
        } else {
            monitor.suspend(&mut || o.finish(item.index));
        }
        if o.error().is_some() {
            settings
                .batch
                .stop
                .store(true, std::sync::atomic::Ordering::Relaxed);
        }
        drop(o);
        on_finished(item, &row);
        rows.push(row);
    });
    let mut ordered = ordered.into_inner().unwrap_or_else(|e| e.into_inner());
    // Stopped: what was solved but waits for an earlier problem.
    monitor.suspend(&mut || ordered.drain());
    let mut write_error = ordered.take_error();
    drop(ordered);
    if html && write_error.is_none() {
        write_error = out
            .write_all(html::page_end().as_bytes())
            .and_then(|()| out.flush())
            .err();
    }
    rows.sort_by_key(|r| r.index);
    let totals = Totals::of(rows.iter().map(|r| &r.outcome), items.len());
    BatchReport {
        rows,
        totals,
        stopped,
        seconds: started.elapsed().as_secs_f64(),
        write_error,
    }
}

/// The booklet's title: the file its problems come from, or their number.
fn page_title(items: &[Item]) -> String {
    match items.first() {
        Some(first) if items.iter().all(|i| i.file == first.file) => {
            format!("circe: {}", first.file.display())
        }
        _ => format!("circe: {} problems", items.len()),
    }
}

/// The positions searched for every twin (all threads; with several
/// threads the count varies a little from run to run).
pub fn nodes(twins: &[crate::solve::TwinSolution]) -> u64 {
    twins
        .iter()
        .filter_map(|t| t.result.as_ref().ok())
        .flatten()
        .map(|s| s.nodes)
        .sum()
}

/// Whether the solver finished: the problem's JSON record is whole.
fn finished(outcome: &Outcome) -> bool {
    matches!(outcome, Outcome::Solved(_) | Outcome::NoSolution)
}

/// The keys a batch adds to a problem's JSON object: `number`, `status`,
/// `solutions` and, with an error, `error`.
fn record_fields(item: &Item, outcome: &Outcome) -> String {
    use serde_json::json;
    let solutions = match outcome {
        Outcome::Solved(n) => Some(*n),
        Outcome::NoSolution => Some(0),
        _ => None,
    };
    let mut text = format!(
        "\"number\":{},\"index\":{},\"total\":{},\"status\":{},\"solutions\":{}",
        item.number,
        item.position,
        item.batch_len,
        json!(outcome.name()),
        json!(solutions)
    );
    if let Outcome::Error(msg) = outcome {
        text.push_str(&format!(",\"error\":{}", json!(msg)));
    }
    text
}

/// The JSON line of a problem the solver did not finish (an error, a
/// time-out, a stop): where it is, what happened, the time it took.
fn short_record(item: &Item, outcome: &Outcome, seconds: f64, part: Option<RootPart>) -> String {
    use serde_json::json;
    let (file, line) = item.source();
    format!(
        "{{\"file\":{},\"line\":{},{}{},\"seconds\":{}}}\n",
        json!(file),
        json!(line),
        record_fields(item, outcome),
        part.map_or(String::new(), |p| format!(
            ",\"first_moves\":{}",
            json!({"part": p.k, "of": p.n})
        )),
        json!(seconds)
    )
}
