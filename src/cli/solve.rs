//! `circe solve FILES|DIRS`: solutions on stdout (or appended to the file
//! of `--resume`), errors and the summary on stderr, the exit status.

use super::progress::Bar;
use super::{Format, Lang, SolveArgs};
use circe::batch::resume::{open_for_append, read_recorded, ResumeError};
use circe::batch::shard::Shard;
use circe::batch::solving::{solve_batch, BatchReport, Row, SolveSettings};
use circe::batch::{label, Item, Outcome, Totals};
use circe::io::notation::Alphabet;
use circe::output::{self as report, ReportOptions};
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub fn run(args: &SolveArgs, stop: Arc<AtomicBool>) -> anyhow::Result<ExitCode> {
    let report = report_options(args)?;
    let shard = args
        .shard
        .as_deref()
        .map(|s| Shard::parse(s, &|var| std::env::var(var).ok()))
        .transpose()
        .map_err(|e| anyhow::anyhow!("--shard {e}"))?;
    let mut items = if args.fen.fen.is_some() {
        super::inputs::fen_items(&args.fen)?
    } else {
        super::inputs::load(&args.files)?
    };
    if let Some(shard) = shard {
        items.retain(|i| shard.owns(&i.key, i.number));
        for (index, item) in items.iter_mut().enumerate() {
            item.index = index;
        }
    }
    super::print_item_warnings(&items);
    let json = report.format == report::Format::Json;

    let (mut out, skipped): (Box<dyn Write + Send>, usize) = match &args.resume {
        Some(path) => {
            let recorded = read_recorded(path).map_err(|e| match &e {
                ResumeError::NotOurs { line, .. } => {
                    anyhow::anyhow!("{}:{line}: {e}", path.display())
                }
                ResumeError::Read(_) => anyhow::anyhow!("{}: {e}", path.display()),
            })?;
            if recorded.dropped > 0 {
                errln!(
                    "circe: {}: {} unfinished record(s) dropped; their problems are solved again",
                    path.display(),
                    recorded.dropped
                );
            }
            let before = items.len();
            items.retain(|i| !recorded.contains(i));
            for (index, item) in items.iter_mut().enumerate() {
                item.index = index;
            }
            let file = open_for_append(path, &recorded)
                .map_err(|e| anyhow::anyhow!("{}: cannot write: {e}", path.display()))?;
            (Box::new(file), before - items.len())
        }
        None => (Box::new(std::io::stdout()), 0),
    };
    if skipped > 0 {
        errln!(
            "circe: {skipped} problem(s) already solved, {} to go",
            items.len()
        );
    }

    let settings = SolveSettings {
        report,
        batch: super::batch_options(&args.batch, stop),
        first_moves: args.first_moves,
    };
    let bar = Bar::new(items.len(), !args.batch.quiet && !json);
    let mut on_finished = |item: &Item, row: &Row| match &row.outcome {
        Outcome::Error(msg) => bar_eprint(&bar, &format!("circe: error: {msg}")),
        Outcome::TimedOut if !json => bar_eprint(
            &bar,
            &format!(
                "circe: {}: time-out after {:.1} s",
                label(item),
                row.seconds
            ),
        ),
        _ => {}
    };
    let result = solve_batch(&items, &settings, &mut out, &bar, &mut on_finished);
    bar.finish();
    drop(out);
    finish(&result, items.len(), args.batch.quiet)
}

fn bar_eprint(bar: &Bar, line: &str) {
    use circe::batch::Monitor;
    bar.suspend(&mut || errln!("{line}"));
}

/// The end of a batch: its interruption, its summary, its exit status.
fn finish(result: &BatchReport, problems: usize, quiet: bool) -> anyhow::Result<ExitCode> {
    if let Some(e) = &result.write_error {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            return Err(anyhow::anyhow!("writing the solutions: {e}"));
        }
        // The reader went away (`| head`): stop quietly.
        return Ok(ExitCode::from(exit_status(&result.totals, false)));
    }
    if result.stopped {
        errln!("circe: interrupted");
    }
    if !quiet && (problems > 1 || result.stopped) {
        err!(
            "{}",
            summary_table(&result.rows, &result.totals, result.seconds)
        );
    }
    Ok(ExitCode::from(exit_status(&result.totals, result.stopped)))
}

/// 0 all solved, 1 some without solution or timed out, 2 some errors,
/// 130 interrupted.
fn exit_status(t: &Totals, stopped: bool) -> u8 {
    if stopped {
        130
    } else if t.error > 0 {
        2
    } else if t.no_solution > 0 || t.timeout > 0 {
        1
    } else {
        0
    }
}

/// The summary table: one row per problem in batch order, then the totals.
fn summary_table(rows: &[Row], totals: &Totals, seconds: f64) -> String {
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
fn totals_line(t: &Totals, seconds: f64) -> String {
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

/// The report options of the command line; `--resume` writes JSON Lines.
fn report_options(args: &SolveArgs) -> anyhow::Result<ReportOptions> {
    let json_only = args.resume.is_some() || args.first_moves.is_some();
    let format = match (args.format, json_only) {
        (None | Some(Format::Json), true) => report::Format::Json,
        (Some(_), true) => anyhow::bail!(
            "--resume and --first-moves write JSON Lines: they need --format json \
             (`circe merge --format` gives the text)"
        ),
        (None | Some(Format::Text), false) => report::Format::Text,
        (Some(Format::Popeye), false) => report::Format::Popeye,
        (Some(Format::Json), false) => report::Format::Json,
    };
    let options = ReportOptions {
        format,
        alphabet: args.lang.map(|l| match l {
            Lang::En => Alphabet::English,
            Lang::Lv => Alphabet::Latvian,
            Lang::De => Alphabet::German,
            Lang::Fr => Alphabet::French,
        }),
    };
    options.check().map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(options)
}
