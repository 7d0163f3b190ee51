//! Helpers shared by the integration tests. Each test file uses some of
//! them, so the others would be dead code there.
#![allow(dead_code)]

use circe::board::{Color, Position};
use circe::io::notation::{popeye_move, Alphabet};
use circe::io::popeye_input::parse_popeye;
use circe::movegen::legal_moves;
use circe::output::{render_problem, Format, ReportOptions};
use circe::rules::Rules;
use circe::solve::solve_problem;
use std::path::{Path, PathBuf};

/// The first problem of a Popeye input `text`, solved and rendered in
/// Popeye's format, as `circe solve --format popeye` prints it.
pub fn solved_popeye(text: &str) -> String {
    let problem = parse_popeye(text, Path::new("test.inp"))
        .expect("input parses")
        .remove(0);
    render_popeye(&problem, &solve_problem(&problem))
}

/// The problem `stipulation stip`, `option noboard options`, `pieces
/// pieces`, solved in Popeye's format: its non-blank lines but the
/// closing one (notices and moves), right-trimmed.
pub fn solution_lines(stip: &str, options: &str, pieces: &str) -> Vec<String> {
    let text = format!(
        "beginproblem\nstipulation {stip}\noption noboard {options}\npieces {pieces}\nendproblem\n"
    );
    solved_popeye(&text)
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.contains("solution finished"))
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// [`solved_popeye`] on a pool of `threads` threads.
pub fn solved_popeye_on(threads: usize, text: &str) -> String {
    let problem = parse_popeye(text, Path::new("test.inp"))
        .expect("input parses")
        .remove(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    let twins = pool.install(|| solve_problem(&problem));
    render_popeye(&problem, &twins)
}

fn render_popeye(
    problem: &circe::problem::Problem,
    twins: &[circe::solve::TwinSolution],
) -> String {
    let opts = ReportOptions {
        format: Format::Popeye,
        alphabet: None,
    };
    render_problem(&opts, problem, twins, 0.0)
}

/// A position from a piece list (`wKe1 bKe8 ...`) with `turn` to move.
pub fn position(list: &str, turn: Color) -> Position {
    let mut p = Position::from_piece_list(list).expect("piece list");
    p.turn = turn;
    p
}

/// The legal moves of `p` in Popeye's notation.
pub fn legal_moves_text(p: &Position, rules: &Rules) -> Vec<String> {
    let mut out = Vec::new();
    legal_moves(p, rules, &mut out);
    out.iter()
        .map(|m| popeye_move(m, Alphabet::English))
        .collect()
}

/// A test of a Circe form from docs/rules.md: the problem (Popeye's
/// `condition`, `pieces`, stipulation and options) solved in Popeye's
/// format; every string of `present` must be in the solution, none of
/// `absent`.
pub fn form_case(
    condition: &str,
    pieces: &str,
    stipulation: &str,
    options: &str,
    present: &[&str],
    absent: &[&str],
) {
    let option = if options.is_empty() {
        String::new()
    } else {
        format!("option {options}\n")
    };
    let text = format!(
        "beginproblem\nstipulation {stipulation}\ncondition {condition}\npieces {pieces}\n{option}endproblem\n"
    );
    let out = solved_popeye(&text);
    for m in present {
        assert!(out.contains(m), "`{m}` missing under {condition}:\n{out}");
    }
    for m in absent {
        assert!(!out.contains(m), "`{m}` present under {condition}:\n{out}");
    }
}

/// SplitMix64: small, fast, and the same on every platform, so a seed
/// names a run (the fuzzer and the invariant checks).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    pub fn square(&mut self) -> circe::board::Square {
        circe::board::Square::new(self.below(8) as u8, self.below(8) as u8)
    }
}

/// A count from the environment variable `name` (a long run a command
/// away), `short` when it is not set.
pub fn count_from_env(name: &str, short: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(short)
}

/// A fresh scratch directory for one test, named after its test file
/// (`file`) and the test (`name`); removed when the guard is dropped, so
/// a run leaves nothing in the temporary directory.
pub fn scratch(file: &str, name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("circe-{file}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// A scratch directory that is removed with everything in it when it goes
/// out of scope (a failed test's too: its assertion message says what
/// went wrong).
pub struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

/// The `circe` binary, ready for arguments.
pub fn circe() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("circe").unwrap()
}

/// Writes `text` to `dir/name`; the path.
pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}
