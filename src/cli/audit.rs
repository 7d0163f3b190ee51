//! `circe audit FILES|DIRS`: a verdict per problem on stdout (a line of
//! words, or a JSON object with `--format json`), in batch order, then the
//! tester's table of counts; the exit status.

use super::progress::Bar;
use super::{AuditArgs, CheckFormat};
use circe::audit::{audit, Class, Verdict};
use circe::batch::ordered::{Order, Ordered};
use circe::batch::{self, collect_keyed_files, label, load_keyed_items, Item, Monitor};
use circe::io::notation::Alphabet;
use circe::output::verdict::{verdict_json, verdict_words};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The classes of the table, in its order, with their words.
const ROWS: [(Class, &str); 7] = [
    (Class::Sound, "sound (fully tested)"),
    (Class::Cooked, "cooked"),
    (Class::ShortSolution, "short solution"),
    (Class::Dual, "duals"),
    (Class::Unsound, "unsound, no solution"),
    (Class::Incomplete, "not tested: incomplete"),
    (Class::Error, "not tested: errors"),
];

pub fn run(args: &AuditArgs, stop: Arc<AtomicBool>) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let items = load_keyed_items(&collect_keyed_files(&args.files));
    super::print_item_warnings(&items);
    let json = args.format == CheckFormat::Json;
    let opts = super::batch_options(&args.batch, stop);
    let bar = Bar::new(items.len(), !args.batch.quiet && !json && items.len() > 1);
    let order = if json {
        Order::Completion
    } else {
        Order::Batch
    };
    let budget = (circe::solve::hash_mb() << 20) / 4;
    let out = Mutex::new(Ordered::new(std::io::stdout(), 0, order, budget));
    let mut classes: Vec<Class> = Vec::new();
    let stopped = batch::run(
        &items,
        &opts,
        &bar,
        |item, cancel| -> Result<Verdict, String> {
            match &item.problem {
                Ok(p) => Ok(audit(p, cancel, &|| opts.stopped())),
                Err(e) => Err(e.to_string()),
            }
        },
        |item, finished| {
            let verdict = finished.record.and_then(|r| r);
            let class = verdict.as_ref().map_or(Class::Error, Verdict::class);
            classes.push(class);
            let text = if json {
                json_line(item, &verdict, finished.seconds)
            } else {
                text_line(item, &verdict)
            };
            let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
            bar.suspend(&mut || {
                o.write(item.index, text.as_bytes());
                o.finish(item.index);
            });
        },
    );
    bar.finish();
    let mut o = out.into_inner().unwrap_or_else(|e| e.into_inner());
    o.drain();
    if let Some(e) = o.take_error() {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            return Err(anyhow::anyhow!("writing the verdicts: {e}"));
        }
    }
    drop(o);
    if stopped {
        errln!("circe: interrupted");
    }
    if !args.batch.quiet {
        let table = table(&classes, items.len(), started.elapsed().as_secs_f64());
        if json {
            err!("{table}");
        } else {
            out!("{table}");
        }
    }
    let status = if stopped {
        130
    } else if classes.contains(&Class::Error) {
        2
    } else if classes.iter().any(|&c| c != Class::Sound) {
        1
    } else {
        0
    };
    Ok(ExitCode::from(status))
}

fn alphabet(item: &Item) -> Alphabet {
    item.problem
        .as_ref()
        .map_or(Alphabet::English, |p| Alphabet::from(p.language))
}

/// `FILE: verdict`, or `FILE: error: ...`.
fn text_line(item: &Item, verdict: &Result<Verdict, String>) -> String {
    match verdict {
        Ok(v) => format!("{}: {}\n", label(item), verdict_words(v, alphabet(item))),
        Err(msg) => format!("{}: error: {msg}\n", label(item)),
    }
}

/// One JSON object per problem (docs/json.md): where it is, its class,
/// the verdict.
fn json_line(item: &Item, verdict: &Result<Verdict, String>, seconds: f64) -> String {
    use serde_json::json;
    let (file, line) = item.source();
    let mut obj = json!({
        "file": file,
        "line": line,
        "number": item.number,
        "seconds": seconds,
    });
    match verdict {
        Ok(v) => obj["verdict"] = verdict_json(v, alphabet(item)),
        Err(msg) => {
            obj["verdict"] =
                json!({"class": Class::Error.name(), "words": format!("error: {msg}")});
            obj["error"] = json!(msg);
        }
    }
    format!("{obj}\n")
}

/// The tester's report: how many problems in each class, and those not
/// run when the batch was stopped.
fn table(classes: &[Class], total: usize, seconds: f64) -> String {
    let problems = if total == 1 { "problem" } else { "problems" };
    let mut out = format!("{total} {problems} audited in {seconds:.1} s:\n");
    for (class, words) in ROWS {
        let n = classes.iter().filter(|&&c| c == class).count();
        out.push_str(&format!("  {words:<26}{n:>6}\n"));
    }
    let not_run = total.saturating_sub(classes.len());
    if not_run > 0 {
        out.push_str(&format!("  {:<26}{not_run:>6}\n", "not run (stopped)"));
    }
    out
}
