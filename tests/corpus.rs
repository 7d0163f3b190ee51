//! Agreement with Popeye's recorded outputs on the shared corpus
//! (`../shared/corpus`, beside the repository; skipped when absent).
//!
//! Every disagreement is listed in the test output; the assertions hold the
//! agreement figures the issues ask for, so a regression fails the build.

use circe::io::load_problems;
use circe::io::popeye_compare::canonical;
use circe::output::{render_problem, Format, ReportOptions};
use circe::solve::solve_problem;
use rayon::prelude::*;
use std::path::{Path, PathBuf};

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    dir.is_dir().then_some(dir)
}

/// Solves every `.inp` of `dir` and compares with its `.out`. Returns the
/// number of files and the list of disagreements (name and reason).
fn agreement(dir: &Path) -> (usize, Vec<String>) {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "inp") && p.with_extension("out").exists())
        .collect();
    files.sort();
    let opts = ReportOptions {
        format: Format::Popeye,
        alphabet: None,
    };
    let failures: Vec<String> = files
        .par_iter()
        .filter_map(|inp| {
            let want = std::fs::read(inp.with_extension("out")).unwrap();
            let want: String = want.iter().map(|&b| b as char).collect();
            let mut got = String::new();
            match load_problems(inp) {
                Err(e) => return Some(format!("{}: {e}", inp.display())),
                Ok(problems) => {
                    for p in &problems {
                        let twins = solve_problem(p);
                        if let Some(Err(e)) = twins.iter().map(|t| &t.result).find(|r| r.is_err()) {
                            return Some(format!("{}: {e}", inp.display()));
                        }
                        got.push_str(&render_problem(&opts, p, &twins, 0.0));
                    }
                }
            }
            if canonical(&want) != canonical(&got) {
                return Some(format!("{}: solution differs", inp.display()));
            }
            (move_lines(&want) != move_lines(&got))
                .then(|| format!("{}: moves in another order than Popeye's", inp.display()))
        })
        .collect();
    (files.len(), failures)
}

/// The move lines of a Popeye output (after its last diagram), in order:
/// the comparison above ignores the order, this does not.
fn move_lines(text: &str) -> Vec<&str> {
    let start = text.rfind("+---a---b").unwrap_or(0);
    text[start..]
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(str::trim_end)
        .collect()
}

const TIER1: [&str; 5] = [
    "circe",
    "circe-rexinclusive",
    "anticirce",
    "anticirce-cheylan",
    "kamikaze-circe",
];

/// The forms that move units from elsewhere or forbid captures and moves:
/// the Mars family, ImmunChess, Madrasi.
const MOVERS: [&str; 7] = [
    "marscirce",
    "marscirce-mirror",
    "antimarscirce",
    "phantomchess",
    "immunchess",
    "madrasi",
    "madrasi-circe",
];

fn require(set: &str, forms: &[&str], min_percent: f64) {
    let Some(root) = corpus() else {
        eprintln!("corpus not found: skipped");
        return;
    };
    for cond in forms {
        let (n, failures) = agreement(&root.join(set).join(cond));
        let agreed = n - failures.len();
        let percent = 100.0 * agreed as f64 / n.max(1) as f64;
        println!("{set}/{cond}: {agreed}/{n} ({percent:.1}%)");
        for f in &failures {
            println!("  DISAGREES {f}");
        }
        assert!(n > 0, "{set}/{cond}: no problems found");
        assert!(
            percent >= min_percent,
            "{set}/{cond}: {percent:.1}% < {min_percent}%"
        );
    }
}

#[test]
fn random_moves_agree_with_popeye() {
    require("random/moves", &TIER1, 99.5);
}

#[test]
fn random_solve_agree_with_popeye() {
    require("random/solve", &TIER1, 99.0);
}

#[test]
fn random_moves_of_the_mars_family_immun_and_madrasi_agree_with_popeye() {
    // Two AntiMarsCirce move lists (r125_1_antimarscirce_0006, _0059) still
    // list Popeye's moves in another order: listed above, not yet fixed.
    require("random/moves", &MOVERS, 97.5);
}

#[test]
fn random_solve_of_the_mars_family_immun_and_madrasi_agree_with_popeye() {
    require("random/solve", &MOVERS, 99.0);
}

/// Random positions with fairy pieces (the forms that wait for Mirror
/// Circe are left out).
const FAIRY_FORMS: [&str; 3] = ["circe", "circe-rexinclusive", "anticirce"];

#[test]
fn random_fairy_moves_agree_with_popeye() {
    require("random-fairy/moves", &FAIRY_FORMS, 99.5);
    require("random-fairy-pilot/moves", &["circe", "anticirce"], 99.5);
}

#[test]
fn random_fairy_solve_agree_with_popeye() {
    require("random-fairy/solve", &FAIRY_FORMS, 99.5);
    require("random-fairy-pilot/solve", &["circe", "anticirce"], 99.5);
}
