//! `circe bench`: solve problems one after the other and report, per
//! problem, the time, the positions searched, the speed and whether the
//! solution agrees with a recorded Popeye output beside the input; at the
//! end the totals and the peak memory. When the folder has an `index.tsv`
//! with a `popeye_s` column (as the shared corpus's `bench/` has), Popeye's
//! time is shown beside ours.

use crate::batch::{collect_files, load_items};
use crate::io::popeye_compare::canonical;
use crate::output::{render_problem, Format, ReportOptions};
use crate::solve::{solve_problem, SolveError};
use std::collections::HashMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One problem's measurement.
#[derive(Clone, Debug)]
pub struct Measurement {
    pub name: String,
    pub seconds: f64,
    /// Processor time used (all threads), when the system tells: on a
    /// machine shared with other work it shows what the wall time hides.
    pub cpu_seconds: Option<f64>,
    pub nodes: u64,
    pub popeye_seconds: Option<f64>,
    /// `Some(true)` when a recorded `.out` exists and agrees.
    pub agrees: Option<bool>,
    pub error: Option<String>,
    /// The search's counters per length (feature `search-stats`).
    pub stats: Option<String>,
}

impl Measurement {
    /// Our time over Popeye's, when Popeye's is known.
    pub fn ratio(&self) -> Option<f64> {
        self.popeye_seconds
            .filter(|&p| p > 0.0)
            .map(|p| self.seconds / p)
    }
}

/// Popeye's recorded times from an `index.tsv` (columns `name`, `popeye_s`).
fn popeye_times(dir: &Path) -> HashMap<String, f64> {
    let Ok(text) = std::fs::read_to_string(dir.join("index.tsv")) else {
        return HashMap::new();
    };
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    let (Some(name), Some(secs)) = (
        header.iter().position(|h| *h == "name"),
        header.iter().position(|h| *h == "popeye_s"),
    ) else {
        return HashMap::new();
    };
    lines
        .filter_map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            Some((cols.get(name)?.to_string(), cols.get(secs)?.parse().ok()?))
        })
        .collect()
}

/// The peak resident memory of this process so far, in KiB (Linux).
pub fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The processor time this process has used so far, user and system, in
/// seconds (Linux: `/proc/self/stat`, in clock ticks of 1/100 s).
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 here.
    Some((ticks(11)? + ticks(12)?) / 100.0)
}

/// Measures every problem below `paths`.
pub fn measure(paths: &[PathBuf]) -> Vec<Measurement> {
    let files = collect_files(paths);
    let mut times: HashMap<PathBuf, HashMap<String, f64>> = HashMap::new();
    let opts = ReportOptions {
        format: Format::Popeye,
        alphabet: None,
    };
    let mut out = Vec::new();
    for item in load_items(&files) {
        let dir = item.file.parent().unwrap_or(Path::new(".")).to_path_buf();
        let stem = item
            .file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let popeye_seconds = times
            .entry(dir.clone())
            .or_insert_with(|| popeye_times(&dir))
            .get(&stem)
            .copied();
        let name = if item.of > 1 {
            format!("{stem}#{}", item.number)
        } else {
            stem
        };
        let problem = match item.problem {
            Ok(p) => p,
            Err(e) => {
                out.push(Measurement {
                    name,
                    seconds: 0.0,
                    cpu_seconds: None,
                    nodes: 0,
                    popeye_seconds,
                    agrees: None,
                    error: Some(e.to_string()),
                    stats: None,
                });
                continue;
            }
        };
        let _ = crate::solve::stats::take_report();
        let cpu_started = cpu_seconds();
        let started = Instant::now();
        let twins = solve_problem(&problem);
        let seconds = started.elapsed().as_secs_f64();
        let cpu = cpu_seconds()
            .zip(cpu_started)
            .map(|(end, start)| end - start);
        let nodes = twins
            .iter()
            .filter_map(|t| t.result.as_ref().ok())
            .flatten()
            .map(|s| s.nodes)
            .sum();
        let error = twins.iter().find_map(|t| match &t.result {
            Err(e @ SolveError::Cancelled) | Err(e) => Some(e.to_string()),
            Ok(_) => None,
        });
        let recorded = item.file.with_extension("out");
        let agrees = (item.of == 1 && recorded.exists()).then(|| {
            let want = crate::io::read_text(&recorded).unwrap_or_default();
            canonical(&want) == canonical(&render_problem(&opts, &problem, &twins, seconds))
        });
        out.push(Measurement {
            name,
            seconds,
            cpu_seconds: cpu,
            nodes,
            popeye_seconds,
            agrees,
            error,
            stats: crate::solve::stats::take_report(),
        });
    }
    out
}

/// The report table: per problem its time, positions, speed, Popeye's
/// time and our ratio to it; then the totals, with the worst ratio, since a
/// total can hide one problem far behind.
pub fn table(rows: &[Measurement], threads: usize, hash_mb: usize) -> String {
    let mut s = String::new();
    let width = rows.iter().map(|r| r.name.len()).max().unwrap_or(7).max(7);
    let _ = writeln!(
        s,
        "{:width$}  {:>9}  {:>8}  {:>12}  {:>10}  {:>9}  {:>6}  agrees",
        "problem", "time (s)", "cpu (s)", "nodes", "nodes/s", "popeye(s)", "ratio"
    );
    let (mut total, mut popeye_total, mut agreed, mut recorded) = (0.0, 0.0, 0, 0);
    let mut worst: Option<&Measurement> = None;
    for r in rows {
        total += r.seconds;
        popeye_total += r.popeye_seconds.unwrap_or(0.0);
        if let Some(a) = r.agrees {
            recorded += 1;
            agreed += usize::from(a);
        }
        if r.ratio() > worst.and_then(Measurement::ratio) {
            worst = Some(r);
        }
        let rate = if r.seconds > 0.0 {
            format!("{:.0}", r.nodes as f64 / r.seconds)
        } else {
            "-".into()
        };
        let _ = writeln!(
            s,
            "{:width$}  {:>9.3}  {:>8}  {:>12}  {:>10}  {:>9}  {:>6}  {}",
            r.name,
            r.seconds,
            r.cpu_seconds.map_or("-".to_string(), |c| format!("{c:.2}")),
            r.nodes,
            rate,
            r.popeye_seconds
                .map_or("-".to_string(), |p| format!("{p:.3}")),
            r.ratio().map_or("-".to_string(), |x| format!("{x:.2}")),
            match (&r.error, r.agrees) {
                (Some(e), _) => format!("error: {e}"),
                (None, Some(true)) => "yes".into(),
                (None, Some(false)) => "NO".into(),
                (None, None) => "-".into(),
            }
        );
        if let Some(stats) = &r.stats {
            s.push_str(stats);
        }
    }
    let against_popeye = if popeye_total > 0.0 {
        let worst = worst
            .and_then(|w| Some((w, w.ratio()?)))
            .map_or(String::new(), |(w, x)| {
                format!(", worst {x:.2}x ({})", w.name)
            });
        format!(
            " against Popeye's {popeye_total:.3} s ({:.2}x{worst})",
            total / popeye_total
        )
    } else {
        String::new()
    };
    let _ = writeln!(
        s,
        "\n{} problems, {threads} thread(s), hash {hash_mb} MiB: total {total:.3} s{against_popeye}; {agreed}/{recorded} agree with the recorded solutions; peak memory {}",
        rows.len(),
        peak_memory_kib().map_or("unknown".into(), |k| format!("{:.1} MiB", k as f64 / 1024.0)),
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, seconds: f64, popeye: Option<f64>) -> Measurement {
        Measurement {
            name: name.into(),
            seconds,
            cpu_seconds: None,
            nodes: 10,
            popeye_seconds: popeye,
            agrees: Some(true),
            error: None,
            stats: None,
        }
    }

    #[test]
    fn the_worst_ratio_is_named_beside_the_total() {
        let rows = [
            row("fast", 1.0, Some(10.0)),
            row("slow", 3.0, Some(2.0)),
            row("unknown", 5.0, None),
        ];
        let t = table(&rows, 1, 64);
        assert!(t.contains("against Popeye's 12.000 s"), "{t}");
        assert!(t.contains("worst 1.50x (slow)"), "{t}");
        assert!(
            t.lines()
                .any(|l| l.starts_with("fast") && l.contains(" 0.10 ")),
            "{t}"
        );
    }
}
