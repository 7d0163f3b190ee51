//! `circe check`: verdicts on stdout (text or JSON Lines), the totals, the
//! edits of `--bless` and `--mark-known-failures`, the exit status.

use super::progress::Bar;
use super::{CheckArgs, CheckFormat};
use circe::batch::{collect_files, load_items, Monitor};
use circe::check::{bless, check_batch, is_toml, json_line, mark, text_report, CheckTotals};
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub fn run(args: &CheckArgs, stop: Arc<AtomicBool>) -> anyhow::Result<ExitCode> {
    let items = load_items(&collect_files(&args.files));
    super::print_item_warnings(&items);
    let json = args.format == CheckFormat::Json;
    let opts = super::batch_options(&args.batch, stop);
    let bar = Bar::new(items.len(), !args.batch.quiet && !json && items.len() > 1);
    // The problems `--bless` recorded as each was checked: they pass.
    let mut blessed: Vec<usize> = Vec::new();
    let mut on_checked = |item: &circe::batch::Item, checked: &circe::check::Checked| {
        if args.bless && is_toml(&item.file) {
            let done = bless(item, checked);
            bar.suspend(&mut || match &done {
                Ok(Some(what)) => errln!("circe: {}: {what}", item.file.display()),
                Ok(None) => {}
                Err(e) => errln!("circe: error: {}: {e}", item.file.display()),
            });
            if let Ok(Some(_)) = done {
                blessed.push(item.index);
                if !json {
                    return;
                }
            }
        }
        let text = if json {
            json_line(item, checked)
        } else {
            text_report(item, &checked.verdict)
        };
        if !text.is_empty() {
            bar.suspend(&mut || {
                let mut out = std::io::stdout().lock();
                let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
            });
        }
    };
    let mut report = check_batch(&items, &opts, &bar, &mut on_checked);
    bar.finish();
    for (index, checked) in &report.results {
        if blessed.contains(index) {
            report.totals.recorded(&checked.verdict);
        }
    }

    if args.mark_known_failures {
        for (index, checked) in &report.results {
            let item = &items[*index];
            if !is_toml(&item.file) {
                continue;
            }
            match mark(item, checked) {
                Ok(Some(what)) => errln!("circe: {}: {what}", item.file.display()),
                Ok(None) => {}
                Err(e) => errln!("circe: error: {}: {e}", item.file.display()),
            }
        }
    }

    let line = totals_line(&report.totals, report.stopped, report.seconds);
    if report.stopped {
        errln!("circe: interrupted");
    }
    if json {
        err!("{line}");
    } else {
        out!("{line}");
    }
    Ok(ExitCode::from(exit_status(
        &report.totals,
        report.stopped,
        args.played_only,
    )))
}

fn totals_line(t: &CheckTotals, stopped: bool, seconds: f64) -> String {
    format!(
        "{} problems: {} pass, {} fail, {} known failures, {} fixed (remove their known-failure mark), {} errors, {} time-outs, {} unchecked{} in {seconds:.1} s\n",
        t.problems,
        t.pass,
        t.fail,
        t.known_failure,
        t.fixed,
        t.error,
        t.timeout,
        t.unchecked,
        if stopped {
            format!(", {} interrupted, {} not run", t.interrupted, t.not_run)
        } else {
            String::new()
        }
    )
}

/// 0 every problem passes (or is a known failure, or has nothing to
/// compare with), 1 some fail, time out or were fixed while marked as known
/// failures, 2 some could not be read or solved, 130 interrupted. With
/// `played_only` errors and time-outs do not count.
fn exit_status(t: &CheckTotals, stopped: bool, played_only: bool) -> u8 {
    if stopped {
        130
    } else if played_only {
        u8::from(t.fail > 0 || t.fixed > 0)
    } else if t.error > 0 {
        2
    } else if t.fail > 0 || t.timeout > 0 || t.fixed > 0 {
        1
    } else {
        0
    }
}
