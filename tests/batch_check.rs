//! `circe solve DIR`, `circe check`, `circe convert`: the command line.

mod common;
use common::{circe, write};

use predicates::prelude::*;
use std::path::Path;

fn scratch(name: &str) -> common::Scratch {
    common::scratch("test", name)
}

const THREAT: &str = r##"fen = "8/8/8/8/4NK2/8/1bP1k3/7R w - - 0 1"
stipulation = "#1"
condition = "circe"

[expected]
solution = '''
   1.Rh1-e1 # !
'''
"##;

const NO_MATE: &str = r##"fen = "8/8/8/8/4NK2/8/2P1k3/b6R w - - 0 1"
stipulation = "#1"
condition = "circe"
"##;

const POPEYE_TWO: &str = "beginproblem\nstipulation #1\ncondition circe\npieces white kf4 rh1 se4 pc2 black ke2 bb2\nnext\nstipulation #1\ncondition circe\npieces white kf4 rh1 se4 pc2 black ke2 ba1\nendproblem\n";

#[test]
fn solve_dir_json_one_line_per_problem() {
    let dir = scratch("json");
    write(&dir, "a.toml", THREAT);
    write(&dir, "b.toml", NO_MATE);
    write(&dir, "c.inp", POPEYE_TWO);
    write(&dir, "notes.txt", "not a problem");
    let out = circe()
        .args(["solve", "--format", "json", "--timeout", "20"])
        .arg(&dir)
        .assert()
        .code(1) // b.toml and the second problem of c.inp have no solution
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "{text}");
    let solved = lines.iter().filter(|v| v["status"] == "solved").count();
    let none = lines
        .iter()
        .filter(|v| v["status"] == "no-solution")
        .count();
    assert_eq!((solved, none), (2, 2), "{text}");
    assert!(lines
        .iter()
        .any(|v| v["file"].as_str().unwrap().ends_with("c.inp") && v["number"] == 2));
}

#[test]
fn solve_summary_table_and_jobs() {
    let dir = scratch("summary");
    write(&dir, "a.toml", THREAT);
    write(&dir, "b.toml", NO_MATE);
    circe()
        .args(["solve", "--jobs", "1"])
        .arg(&dir)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("1.Re1 #"))
        .stderr(predicate::str::contains("no-solution"))
        .stderr(predicate::str::contains(
            "2 problems: 1 solved, 1 no solution, 0 errors, 0 time-outs",
        ));
}

#[test]
fn bad_input_names_file_and_line_and_others_still_run() {
    let dir = scratch("bad");
    write(&dir, "a.toml", THREAT);
    let bad = write(
        &dir,
        "bad.toml",
        "fen = \"4k3/8/8/8/8/8/8/4K3\"\nstipulation = \"#2\"\ncolour = \"red\"\n",
    );
    circe()
        .args(["solve", "--format", "json"])
        .arg(&dir)
        .assert()
        .code(2)
        .stdout(predicate::str::contains("\"status\":\"solved\""))
        .stdout(predicate::str::contains("\"status\":\"error\""))
        .stderr(predicate::str::contains(format!("{}:3:", bad.display())));
}

#[test]
fn check_passes_on_matching_solutions() {
    let dir = scratch("pass");
    write(&dir, "a.toml", THREAT);
    circe()
        .arg("check")
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicate::str::contains("1 problems: 1 pass, 0 fail"));
}

#[test]
fn check_fails_with_a_diff_and_bless_records() {
    let dir = scratch("fail");
    let file = write(&dir, "a.toml", &THREAT.replace("Rh1-e1", "Rh1-g1"));
    circe()
        .arg("check")
        .arg(&dir)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("FAIL"))
        .stdout(predicate::str::contains("- 1.Rh1-g1 # !"))
        .stdout(predicate::str::contains("+ 1.Rh1-e1 # !"));
    // Recorded: it passes now, and the check says so.
    circe()
        .args(["check", "--bless"])
        .arg(&dir)
        .assert()
        .success()
        .stderr(predicate::str::contains("expected solution recorded"))
        .stdout(predicate::str::contains("1 problems: 1 pass, 0 fail"));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("1.Rh1-e1 # !"), "{text}");
    assert!(
        text.starts_with("fen = "),
        "the rest of the file is kept: {text}"
    );
    circe().arg("check").arg(&dir).assert().success();
}

#[test]
fn known_failures_count_but_do_not_fail_and_must_be_flipped_back() {
    let dir = scratch("known");
    let wrong =
        THREAT.replace("Rh1-e1", "Rh1-g1") + "status = \"known-failure\"\nreason = \"a test\"\n";
    write(&dir, "a.toml", &wrong);
    circe()
        .arg("check")
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicate::str::contains("known failure"))
        .stdout(predicate::str::contains("a test"))
        .stdout(predicate::str::contains("1 known failures"));
    // It matches: the mark must go.
    let fixed = THREAT.to_string() + "status = \"known-failure\"\nreason = \"a test\"\n";
    let file = write(&dir, "a.toml", &fixed);
    circe()
        .arg("check")
        .arg(&dir)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("FIXED"));
    circe()
        .args(["check", "--bless"])
        .arg(&dir)
        .assert()
        .success()
        .stderr(predicate::str::contains("known-failure mark removed"));
    assert!(!std::fs::read_to_string(&file)
        .unwrap()
        .contains("known-failure"));
    circe().arg("check").arg(&dir).assert().success();
}

#[test]
fn check_popeye_input_against_its_out_file() {
    let dir = scratch("popeye");
    let inp = write(
        &dir,
        "p.inp",
        "beginproblem\nstipulation #1\ncondition circe\npieces white kf4 rh1 se4 pc2 black ke2 bb2\nendproblem\n",
    );
    write(
        &dir,
        "p.out",
        "+---a---b---c---d---e---f---g---h---+\n  #1                         4 + 2\n              Circe\n\n   1.Rh1-e1 # !\n\nsolution finished. Time = 0.001 s\n",
    );
    circe().arg("check").arg(&inp).assert().success();
    // convert: TOML with the .out as [expected], which check then passes.
    let toml = circe()
        .arg("convert")
        .arg(&inp)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let toml = String::from_utf8(toml).unwrap();
    assert!(toml.contains("condition = \"circe\""), "{toml}");
    assert!(toml.contains("[expected]"), "{toml}");
    let converted = write(&dir, "p.toml", &toml);
    circe().arg("check").arg(&converted).assert().success();
    // --output-dir writes NAME.toml.
    let outdir = dir.join("out");
    circe()
        .args(["convert", "-o"])
        .arg(&outdir)
        .arg(&inp)
        .assert()
        .success();
    assert!(outdir.join("p.toml").exists());
}

#[test]
fn convert_bad_input_exit_2_with_file_and_line() {
    let dir = scratch("convert-bad");
    let inp = write(
        &dir,
        "bad.inp",
        "beginproblem\nstipulation #1\npieces white kf4 zz9\nendproblem\n",
    );
    circe()
        .arg("convert")
        .arg(&inp)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!("{}:3", inp.display())));
}

/// A problem that runs until its time-out: the batch below takes as long
/// as its time-outs add up to, whatever the machine.
const SLOW: &str =
    "fen = \"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1\"\nstipulation = \"#9\"\n";

fn records(path: &Path) -> Vec<(String, u64)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a whole JSON line");
            (
                v["file"].as_str().unwrap().to_string(),
                v["number"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// A batch killed (SIGKILL on Unix) keeps every problem written so far;
/// `--resume` solves the others and appends them: every problem once.
#[test]
fn a_killed_batch_resumes_where_it_stopped() {
    let dir = scratch("resume");
    let problems = dir.join("problems");
    std::fs::create_dir_all(&problems).unwrap();
    for i in 0..16 {
        write(&problems, &format!("p{i:02}.toml"), SLOW);
    }
    let out = dir.join("out.jsonl");
    let args = ["--jobs", "1", "--timeout", "0.25"];
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("circe"))
        .current_dir(&dir)
        .args(["solve", "--format", "json"])
        .args(args)
        .arg("problems")
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while std::fs::read_to_string(&out).unwrap().lines().count() < 4 {
        assert!(started.elapsed().as_secs() < 60, "the batch writes nothing");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = records(&out).len();
    assert!((4..16).contains(&before), "{before} lines before the kill");

    circe()
        .current_dir(&dir)
        .args(["solve", "--resume", "out.jsonl"])
        .args(args)
        .arg("problems")
        .assert()
        .code(1) // time-outs
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "{before} problem(s) already solved, {} to go",
            16 - before
        )));
    let mut after = records(&out);
    assert_eq!(after.len(), 16);
    after.sort();
    after.dedup();
    assert_eq!(after.len(), 16, "a problem recorded twice");
}

#[test]
fn lang_sets_the_words_of_every_format() {
    // A German problem with a threat.
    let german = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems/popeye-tier1/BEISPIEL_anticir__001.toml");
    let text = |args: &[&str]| {
        let out = circe()
            .arg("solve")
            .args(args)
            .arg(&german)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let popeye = text(&["--format", "popeye"]);
    assert!(popeye.contains("Loesung beendet."), "{popeye}");
    let english = text(&["--format", "popeye", "--lang", "en"]);
    assert!(english.contains("solution finished."), "{english}");
    assert!(!english.contains("Loesung"), "{english}");
    let french = text(&["--lang", "fr"]);
    assert!(
        !french.contains("Drohung") && !french.contains("Zugzwang."),
        "{french}"
    );
    circe()
        .args(["solve", "--format", "popeye", "--lang", "lv"])
        .arg(&german)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Popeye's output has no Latvian"));
}
