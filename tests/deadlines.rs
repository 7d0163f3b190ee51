//! `--timeout` and Ctrl-C stop every kind of search at once: each problem
//! here takes far longer than its time limit (minutes at least), and must
//! be given up within a small fraction of a second of the deadline. The
//! bound asserted (2 s for a 0.2 s limit) leaves room for a busy machine.

mod common;

use assert_cmd::Command;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Every piece in the game array: long play with defence takes forever.
const FULL_BOARD: &str =
    "pieces white ke1 qd1 ra1 rh1 bc1 bf1 sb1 sg1 pa2 pb2 pc2 pd2 pe2 pf2 pg2 ph2 \
     black ke8 qd8 ra8 rh8 bc8 bf8 sb8 sg8 pa7 pb7 pc7 pd7 pe7 pf7 pg7 ph7";

fn problem(stipulation: &str, pieces: &str) -> String {
    format!("beginproblem\nstipulation {stipulation}\ncondition circe\n{pieces}\nendproblem\n")
}

/// `text` written to `name` in a scratch folder of its own (removed with
/// the guard).
fn file(name: &str, text: &str) -> (common::Scratch, PathBuf) {
    let dir = common::scratch("deadlines", name);
    let p = common::write(&dir, name, text);
    (dir, p)
}

/// Solves `text` with a 0.2 s time-out and checks that it is given up in
/// time.
fn stops_in_time(name: &str, text: &str) {
    let (_dir, path) = file(name, text);
    let started = Instant::now();
    let out = Command::cargo_bin("circe")
        .unwrap()
        .args(["solve", "--timeout", "0.2", "--format", "popeye"])
        .arg(&path)
        .timeout(Duration::from_secs(30))
        .output()
        .unwrap();
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("time-out"), "{name}: {stderr}");
    assert_eq!(out.status.code(), Some(1), "{name}");
    assert!(
        took < Duration::from_secs(2),
        "{name}: stopped after {took:?}"
    );
}

#[test]
fn help_play_stops_at_the_deadline() {
    stops_in_time(
        "help.inp",
        &problem("h#8", "pieces white ke1 pf2 black kh7 pc7 pg7"),
    );
}

#[test]
fn help_self_play_stops_at_the_deadline() {
    stops_in_time("helpself.inp", &problem("hs#6", FULL_BOARD));
}

#[test]
fn series_play_stops_at_the_deadline() {
    stops_in_time(
        "series.inp",
        &problem("ser-h#14", "pieces white kc6 black kg3 re1 re4"),
    );
}

#[test]
fn an_intro_stops_at_the_deadline() {
    stops_in_time(
        "intro.inp",
        &problem("3->ser-h#10", "pieces white kc6 black kg3 re1 re4"),
    );
}

#[test]
fn direct_play_stops_at_the_deadline() {
    stops_in_time("direct.inp", &problem("#6", FULL_BOARD));
}

#[test]
fn self_play_stops_at_the_deadline() {
    stops_in_time("self.inp", &problem("s#6", FULL_BOARD));
}

#[test]
fn reflex_play_stops_at_the_deadline() {
    stops_in_time("reflex.inp", &problem("r#6", FULL_BOARD));
}

/// Ctrl-C during a long search: the solver stops at once, exit 130.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_long_search() {
    let (_dir, path) = file(
        "interrupted.inp",
        &problem("h#8", "pieces white ke1 pf2 black kh7 pc7 pg7"),
    );
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("circe"))
        .args(["solve", "--format", "popeye"])
        .arg(&path)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let sent = Instant::now();
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if sent.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("still running 10 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let took = sent.elapsed();
    assert_eq!(status.code(), Some(130));
    assert!(took < Duration::from_secs(2), "stopped after {took:?}");
}
