//! `circe check`: solve each problem and compare with its recorded
//! solution, ignoring the order of sibling moves
//! ([`crate::io::popeye_compare::canonical`] of the Popeye-format output).
//!
//! The recorded solution is the TOML file's `[expected] solution`, or for a
//! Popeye input file the `.out` file beside it. A TOML problem marked
//! `[expected] status = "known-failure"` that does not match is counted as
//! a known failure and does not fail the check; one that matches does
//! fail, so that the mark is removed when the bug is fixed.

use crate::batch::{self, label, twins_outcome, BatchOptions, Item, Monitor, Outcome};
use crate::io::popeye_compare::canonical;
use crate::io::read_text;
use crate::io::toml_input::{read_expected_status, ExpectedStatus};
use crate::output::toml_problem::{multiline, recorded_output_path, solution_part, split_outputs};
use crate::output::{render_problem, Format, ReportOptions};
use crate::solve::{solve_problem_with, Cancel};
use std::path::Path;
use std::time::Instant;

/// The verdict on one problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    /// The solution differs: the diff, expected against got.
    Fail(String),
    /// Marked as a known failure and still failing: why.
    KnownFailure(String),
    /// Marked as a known failure but it matches now.
    Fixed,
    /// The problem could not be read or solved.
    Error(String),
    TimedOut,
    /// Stopped by Ctrl-C.
    Interrupted,
    /// Nothing recorded to compare with: why.
    Unchecked(String),
}

impl Verdict {
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Fail(_) => "fail",
            Verdict::KnownFailure(_) => "known-failure",
            Verdict::Fixed => "fixed",
            Verdict::Error(_) => "error",
            Verdict::TimedOut => "timeout",
            Verdict::Interrupted => "interrupted",
            Verdict::Unchecked(_) => "unchecked",
        }
    }
}

/// The recorded solution of an item and its status.
struct Expected {
    text: Option<String>,
    status: ExpectedStatus,
    /// Why there is none, when `text` is `None`.
    missing: String,
}

/// Whether `path` names a TOML problem file (what `--bless` and
/// `--mark-known-failures` edit).
pub fn is_toml(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
}

fn expected_of(item: &Item) -> Result<Expected, String> {
    let Ok(problem) = &item.problem else {
        return Err(String::new());
    };
    if is_toml(&item.file) {
        let text = read_text(&item.file).map_err(|e| format!("{}: {e}", item.file.display()))?;
        let status = read_expected_status(&text, &item.file).map_err(|e| e.to_string())?;
        return Ok(Expected {
            text: problem.expected.clone(),
            status,
            missing: "no [expected] solution".into(),
        });
    }
    let out = recorded_output_path(&item.file);
    let Ok(text) = read_text(&out) else {
        return Ok(Expected {
            text: None,
            status: ExpectedStatus::default(),
            missing: format!("no recorded output {}", out.display()),
        });
    };
    let parts = split_outputs(&text);
    if parts.len() != item.of {
        return Err(format!(
            "{}: holds {} solutions for the {} problems of {}",
            out.display(),
            parts.len(),
            item.of,
            item.file.display()
        ));
    }
    Ok(Expected {
        text: Some(solution_part(&parts[item.number - 1])),
        status: ExpectedStatus::default(),
        missing: String::new(),
    })
}

/// What the worker found for one problem.
pub struct Checked {
    pub verdict: Verdict,
    pub seconds: f64,
    /// The solution part of our Popeye-format output, when solved.
    pub got: Option<String>,
    known_failure: bool,
}

/// Solves one item and compares. `stopped` says whether the batch was
/// stopped (a cancelled search is then an interruption, not a time-out).
fn check_one(item: &Item, cancel: &Cancel, stopped: &dyn Fn() -> bool) -> Checked {
    let started = Instant::now();
    let problem = match &item.problem {
        Ok(p) => p,
        Err(e) => {
            return Checked {
                verdict: Verdict::Error(e.to_string()),
                seconds: 0.0,
                got: None,
                known_failure: false,
            }
        }
    };
    let twins = solve_problem_with(problem, cancel);
    let outcome = twins_outcome(problem, &twins, stopped());
    let seconds = started.elapsed().as_secs_f64();
    let done = |verdict, got, known_failure| Checked {
        verdict,
        seconds,
        got,
        known_failure,
    };
    let expected = match expected_of(item) {
        Ok(e) => e,
        Err(msg) => return done(Verdict::Error(msg), None, false),
    };
    let kf = expected.status.known_failure;
    let reason = || {
        expected
            .status
            .reason
            .clone()
            .unwrap_or_else(|| "no reason given".into())
    };
    let got = match &outcome {
        Outcome::Solved(_) | Outcome::NoSolution => {
            let opts = ReportOptions {
                format: Format::Popeye,
                alphabet: None,
            };
            Some(render_problem(&opts, problem, &twins, seconds))
        }
        _ => None,
    };
    let got_part = got.as_deref().map(solution_part);
    let verdict = match (&outcome, &got, &expected.text) {
        (Outcome::Interrupted, ..) => Verdict::Interrupted,
        (Outcome::Error(msg), ..) if kf => {
            if msg.ends_with(&reason()) {
                Verdict::KnownFailure(reason())
            } else {
                Verdict::KnownFailure(format!("{} (now: {msg})", reason()))
            }
        }
        (Outcome::Error(msg), ..) => Verdict::Error(msg.clone()),
        (Outcome::TimedOut, ..) if kf => {
            Verdict::KnownFailure(format!("{} (now: time-out)", reason()))
        }
        (Outcome::TimedOut, ..) => Verdict::TimedOut,
        (_, _, None) => Verdict::Unchecked(expected.missing.clone()),
        (_, Some(got), Some(want)) => {
            let (want, got) = (canonical(want), canonical(got));
            match (want == got, kf) {
                (true, false) => Verdict::Pass,
                (true, true) => Verdict::Fixed,
                (false, true) => Verdict::KnownFailure(reason()),
                (false, false) => Verdict::Fail(diff(&want, &got)),
            }
        }
        (_, None, Some(_)) => Verdict::Error(format!("{}: no solution to compare", label(item))),
    };
    done(verdict, got_part, kf)
}

/// A line diff of two texts, `-` expected and `+` got, with two lines of
/// context around each change.
pub fn diff(expected: &str, got: &str) -> String {
    let a: Vec<&str> = expected.lines().collect();
    let b: Vec<&str> = got.lines().collect();
    // Longest common subsequence table, from the ends.
    let mut lcs = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let mut ops: Vec<(char, &str)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            ops.push((' ', a[i]));
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            ops.push(('+', b[j]));
            j += 1;
        } else {
            ops.push(('-', a[i]));
            i += 1;
        }
    }
    let near = |k: usize| {
        let lo = k.saturating_sub(2);
        let hi = (k + 2).min(ops.len() - 1);
        ops[lo..=hi].iter().any(|(c, _)| *c != ' ')
    };
    let mut out = String::from("--- expected\n+++ got\n");
    let mut skipped = false;
    for (k, (c, line)) in ops.iter().enumerate() {
        if near(k) {
            if skipped {
                out.push_str("  ...\n");
                skipped = false;
            }
            out.push_str(&format!("{c} {line}\n"));
        } else {
            skipped = true;
        }
    }
    if skipped {
        out.push_str("  ...\n");
    }
    out
}

/// Counts of each verdict.
#[derive(Clone, Copy, Debug, Default, serde::Serialize)]
pub struct CheckTotals {
    pub problems: usize,
    pub pass: usize,
    pub fail: usize,
    pub known_failure: usize,
    pub fixed: usize,
    pub error: usize,
    pub timeout: usize,
    pub unchecked: usize,
    pub interrupted: usize,
    pub not_run: usize,
}

impl CheckTotals {
    fn count(&mut self, verdict: &Verdict) {
        match verdict {
            Verdict::Pass => self.pass += 1,
            Verdict::Fail(_) => self.fail += 1,
            Verdict::KnownFailure(_) => self.known_failure += 1,
            Verdict::Fixed => self.fixed += 1,
            Verdict::Error(_) => self.error += 1,
            Verdict::TimedOut => self.timeout += 1,
            Verdict::Unchecked(_) => self.unchecked += 1,
            Verdict::Interrupted => self.interrupted += 1,
        }
    }

    /// A problem `--bless` recorded (or freed of its known-failure mark)
    /// passes now: counted as a pass instead of its `verdict`.
    pub fn recorded(&mut self, verdict: &Verdict) {
        let counter = match verdict {
            Verdict::Fail(_) => &mut self.fail,
            Verdict::Fixed => &mut self.fixed,
            Verdict::Unchecked(_) => &mut self.unchecked,
            _ => return,
        };
        *counter = counter.saturating_sub(1);
        self.pass += 1;
    }
}

/// What a check did.
pub struct CheckReport {
    /// The items checked, by batch index, in batch order.
    pub results: Vec<(usize, Checked)>,
    pub totals: CheckTotals,
    /// Whether the batch was stopped before the end.
    pub stopped: bool,
    pub seconds: f64,
}

/// `circe check` on a batch: solves each item and compares; `on_checked`
/// hears of each as it finishes (for the caller to show it).
pub fn check_batch(
    items: &[Item],
    opts: &BatchOptions,
    monitor: &dyn Monitor,
    on_checked: &mut (dyn FnMut(&Item, &Checked) + Send),
) -> CheckReport {
    let started = Instant::now();
    let stopped = || opts.stopped();
    let mut results: Vec<(usize, Checked)> = Vec::new();
    let stopped = batch::run(
        items,
        opts,
        monitor,
        |item, cancel| check_one(item, cancel, &stopped),
        |item, finished| {
            let checked = finished.record.unwrap_or_else(|panic| Checked {
                verdict: Verdict::Error(panic),
                seconds: finished.seconds,
                got: None,
                known_failure: false,
            });
            on_checked(item, &checked);
            results.push((item.index, checked));
        },
    );
    results.sort_by_key(|(i, _)| *i);
    let mut totals = CheckTotals {
        problems: items.len(),
        not_run: items.len() - results.len(),
        ..CheckTotals::default()
    };
    for (_, c) in &results {
        totals.count(&c.verdict);
    }
    CheckReport {
        results,
        totals,
        stopped,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// The report of one item for people: nothing for a pass, else a line
/// (and the diff of a failure).
pub fn text_report(item: &Item, v: &Verdict) -> String {
    let name = label(item);
    match v {
        Verdict::Pass | Verdict::Interrupted => String::new(),
        Verdict::Fail(diff) => {
            let body: String = diff.lines().map(|l| format!("    {l}\n")).collect();
            format!("FAIL {name}: the solution differs\n{body}")
        }
        Verdict::KnownFailure(why) => format!("known failure {name}: {why}\n"),
        Verdict::Fixed => format!(
            "FIXED {name}: matches now; remove `status = \"known-failure\"` from [expected] (or run `circe check --bless`)\n"
        ),
        Verdict::Error(msg) => format!("ERROR {msg}\n"),
        Verdict::TimedOut => format!("TIME-OUT {name}\n"),
        Verdict::Unchecked(why) => format!("unchecked {name}: {why}\n"),
    }
}

/// The JSON line of one item (docs/json.md).
pub fn json_line(item: &Item, c: &Checked) -> String {
    use serde_json::json;
    let (file, line) = item.source();
    let mut obj = json!({
        "file": file,
        "line": line,
        "number": item.number,
        "verdict": c.verdict.name(),
        "seconds": c.seconds,
    });
    match &c.verdict {
        Verdict::Fail(d) => obj["diff"] = json!(d),
        Verdict::KnownFailure(why) | Verdict::Unchecked(why) => obj["reason"] = json!(why),
        Verdict::Error(msg) => obj["error"] = json!(msg),
        _ => {}
    }
    let mut s = obj.to_string();
    s.push('\n');
    s
}

fn edit_file(path: &Path, f: impl FnOnce(&mut toml_edit::Table)) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut doc: toml_edit::DocumentMut = text.parse().map_err(|e| format!("{e}"))?;
    if !doc.contains_table("expected") {
        doc.insert("expected", toml_edit::Item::Table(toml_edit::Table::new()));
    }
    let table = doc["expected"]
        .as_table_mut()
        .ok_or("`expected` is not a table")?;
    f(table);
    std::fs::write(path, doc.to_string()).map_err(|e| e.to_string())
}

fn set_solution(table: &mut toml_edit::Table, text: &str) -> Result<(), String> {
    let value: toml_edit::Value = multiline(text).parse().map_err(|e| format!("{e}"))?;
    table["solution"] = toml_edit::Item::Value(value);
    Ok(())
}

/// `--bless`: records our solution where it differs or none is recorded,
/// and removes the known-failure mark where the problem matches now.
/// Known failures that still fail are left alone: recording a wrong
/// solution would hide the bug. Returns what was done, if anything.
pub fn bless(item: &Item, c: &Checked) -> Result<Option<String>, String> {
    match (&c.verdict, &c.got) {
        (Verdict::Fixed, _) => {
            edit_file(&item.file, |t| {
                t.remove("status");
                t.remove("reason");
            })?;
            Ok(Some("known-failure mark removed: it matches now".into()))
        }
        (Verdict::Fail(_) | Verdict::Unchecked(_), Some(got)) if !c.known_failure => {
            let mut result = Ok(());
            edit_file(&item.file, |t| result = set_solution(t, got))?;
            result?;
            Ok(Some("expected solution recorded".into()))
        }
        _ => Ok(None),
    }
}

/// `--mark-known-failures`: marks what fails, with the reason. Returns
/// what was done, if anything.
pub fn mark(item: &Item, c: &Checked) -> Result<Option<String>, String> {
    let reason = match &c.verdict {
        Verdict::Fail(_) => match &item.problem {
            Ok(p) if !p.twins.is_empty() => "twins: only the diagram is solved so far".to_string(),
            _ => "the solution differs from the expected one".to_string(),
        },
        Verdict::Error(msg) => match &item.problem {
            Ok(_) => msg
                .split_once(": ")
                .map_or(msg.as_str(), |(_, m)| m)
                .to_string(),
            Err(_) => return Ok(None),
        },
        Verdict::TimedOut => format!("time-out after {:.0} s", c.seconds),
        _ => return Ok(None),
    };
    edit_file(&item.file, |t| {
        t["status"] = toml_edit::value("known-failure");
        t["reason"] = toml_edit::value(reason.as_str());
    })?;
    Ok(Some(format!("marked as a known failure: {reason}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_shows_changes_with_context() {
        let d = diff("a\nb\nc\nd\ne\nf\ng\n", "a\nb\nc\nX\ne\nf\ng\n");
        assert_eq!(
            d,
            "--- expected\n+++ got\n  ...\n  b\n  c\n+ X\n- d\n  e\n  f\n  ...\n"
        );
    }
}
