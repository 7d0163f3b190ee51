//! Crashes and disagreements found by the fuzzer, the invariants, the
//! bad-input catalogue and the kill-and-resume drill, each a test named
//! after what failed.

use assert_cmd::Command;
use circe::board::{Color, Position};
use circe::movegen::legal_moves;
use circe::rules::Rules;
use std::path::Path;

fn circe() -> Command {
    Command::cargo_bin("circe").unwrap()
}

fn catalogue(file: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/bad_input")
        .join(file)
}

/// `circe solve DIR 2>&1 | head` killed the batch: `eprintln!` panics when
/// stderr is a closed pipe. Found resuming a batch with its errors piped
/// into `head`.
#[test]
fn a_closed_stderr_does_not_kill_the_batch() {
    let dir = std::env::temp_dir().join(format!("circe-closed-stderr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for i in 0..40 {
        std::fs::write(
            dir.join(format!("bad{i:02}.inp")),
            "beginproblem\nfrobnicate\n",
        )
        .unwrap();
    }
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("circe"))
        .args(["solve", "--format", "json"])
        .arg(&dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take()); // the reader of the errors goes away
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2), "a panic exits 101");
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 40);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--timeout inf` panicked (a Duration from an infinite float); `nan`
/// timed every problem out at once.
#[test]
fn any_timeout_is_taken_or_refused() {
    circe()
        .args(["solve", "--timeout", "inf"])
        .arg(catalogue("utf8-name.inp"))
        .assert()
        .success();
    circe()
        .args(["solve", "--timeout", "nan"])
        .arg(catalogue("utf8-name.inp"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "`nan` is not a number of seconds",
        ));
}

/// `h#1000000000` searched forever (Popeye crashes on it).
#[test]
fn a_huge_stipulation_is_refused_at_once() {
    circe()
        .args(["solve"])
        .arg(catalogue("huge-stipulation.inp"))
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("too many moves"));
}

/// A white pawn on a1 stepped to a2; in Popeye a pawn on its own first
/// rank neither moves nor captures nor checks (its `~1` lists only the
/// king's moves, recorded from Popeye 4.104).
#[test]
fn a_pawn_on_its_first_rank_is_inert() {
    let mut p = Position::from_piece_list("wKe1 wPa1 wPc1 bKe8 bPh8 bBb2").unwrap();
    p.turn = Color::White;
    let mut moves = Vec::new();
    legal_moves(&p, &Rules::orthodox(), &mut moves);
    assert!(
        moves
            .iter()
            .all(|m| m.piece.kind == circe::board::Kind::KING),
        "{moves:?}"
    );
    // Nor does it check: a black king on b2 beside a white pawn on a1.
    let q = Position::from_piece_list("wKe1 wPa1 bKb2").unwrap();
    assert!(!Rules::orthodox().in_check(&q, Color::Black));
    // A pawn on the second rank still does.
    let r = Position::from_piece_list("wKe1 wPa2 bKb3").unwrap();
    assert!(Rules::orthodox().in_check(&r, Color::Black));
}
