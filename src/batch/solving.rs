//! `circe solve` on a batch: every problem solved, its text written to the
//! writer the caller gives as soon as it may be (batch order for text and
//! Popeye's format, one JSON line per problem as each finishes), flushed
//! per problem, so that a batch killed at any moment keeps every problem
//! already written.

use super::ordered::Ordered;
use super::{label, run, twins_outcome, BatchOptions, Item, Monitor, Outcome, Totals};
use crate::report::{render_problem, Format, ProblemWriter, ReportOptions};
use crate::solve::{solve_problem_into, solve_problem_with};
use std::io::{self, Write};
use std::sync::Mutex;
use std::time::Instant;

/// What `circe solve` was asked for.
#[derive(Clone, Debug)]
pub struct SolveSettings {
    pub report: ReportOptions,
    pub batch: BatchOptions,
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
    let json = report.format == Format::Json;
    let first = items.first().map_or(0, |i| i.index);
    let ordered = Mutex::new(Ordered::new(out, first));
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

    // The worker solves and, outside JSON, writes the text as it comes.
    let work = |item: &Item, cancel: &crate::solve::Cancel| -> (Outcome, Option<String>) {
        let problem = match &item.problem {
            Ok(p) => p,
            Err(e) => return (Outcome::Error(e.to_string()), None),
        };
        let started = Instant::now();
        if json {
            let twins = solve_problem_with(problem, cancel);
            let outcome = twins_outcome(problem, &twins, settings.batch.stopped());
            // Only a finished solve is shown: a time-out, a stop or an
            // error has no solution to show.
            if !matches!(outcome, Outcome::Solved(_) | Outcome::NoSolution) {
                return (outcome, None);
            }
            let text = render_problem(&report, problem, &twins, started.elapsed().as_secs_f64());
            return (outcome, Some(text));
        }
        // Text and Popeye's format: each solution as the search finds it.
        let mut writer = ProblemWriter::new(&report, problem, |text: &str| write(item.index, text));
        let twins = solve_problem_into(problem, cancel, &mut writer);
        let outcome = twins_outcome(problem, &twins, settings.batch.stopped());
        // The footer, when every twin was solved.
        writer.finish(started.elapsed().as_secs_f64());
        (outcome, None)
    };

    let mut rows: Vec<Row> = Vec::new();
    let stopped = run(items, &settings.batch, monitor, work, |item, finished| {
        let (outcome, rendered) = finished
            .record
            .unwrap_or_else(|panic| (Outcome::Error(panic), None));
        let row = Row {
            index: item.index,
            label: label(item),
            outcome,
            seconds: finished.seconds,
        };
        if json {
            let line = json_record(item, &row.outcome, row.seconds, rendered.as_deref());
            // Lines go out as problems finish: the writer's order is
            // the order of completion.
            let mut o = ordered.lock().unwrap_or_else(|e| e.into_inner());
            monitor.suspend(&mut || o.write_now(line.as_bytes()));
            if o.error().is_some() {
                settings
                    .batch
                    .stop
                    .store(true, std::sync::atomic::Ordering::Relaxed);
            }
        } else {
            ordered
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .finish(item.index);
        }
        on_finished(item, &row);
        rows.push(row);
    });
    let mut ordered = ordered.into_inner().unwrap_or_else(|e| e.into_inner());
    // Stopped: what was solved but waits for an earlier problem.
    monitor.suspend(&mut || ordered.drain());
    rows.sort_by_key(|r| r.index);
    let totals = Totals::of(rows.iter().map(|r| &r.outcome), items.len());
    BatchReport {
        rows,
        totals,
        stopped,
        seconds: started.elapsed().as_secs_f64(),
        write_error: ordered.take_error(),
    }
}

/// One JSON line for a problem: the report's object (when it was solved)
/// with `number`, `status`, `solutions` and `error` added.
pub fn json_record(item: &Item, outcome: &Outcome, seconds: f64, rendered: Option<&str>) -> String {
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
