//! The command line's own behaviour: problems without a file (`--fen`,
//! `-`), files never lost (`--resume`, `-o`), "did you mean", `--hash`,
//! folders, exit statuses, completions and the manual page.

mod common;
use common::{circe, write};

use assert_cmd::Command;
use predicates::prelude::*;

fn scratch(name: &str) -> common::Scratch {
    common::scratch("cli", name)
}

/// A Circe mate in one and its twin, in Popeye's input and in TOML.
const POPEYE: &str = "beginproblem\npieces white kf4 rh1 se4 pc2 black ke2 bb2\n\
                      stipulation #1\ncondition circe\ntwin move h1 g1\nendproblem\n";
const TOML: &str =
    "fen = \"8/8/8/8/4NK2/8/1bP1k3/7R\"\nstipulation = \"#1\"\ncondition = \"circe\"\n";
const BOARD: &str = "8/8/8/8/4NK2/8/1bP1k3/7R";

fn stdout_of(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_problem_on_the_command_line_is_solved_as_its_file_is() {
    let dir = scratch("fen");
    let file = write(&dir, "p.inp", POPEYE);
    let from_file = stdout_of(circe().args(["solve", "--format", "popeye"]).arg(&file));
    let from_flags = stdout_of(circe().args([
        "solve",
        "--format",
        "popeye",
        "--fen",
        BOARD,
        "--stipulation",
        "#1",
        "--condition",
        "circe",
        "--twin",
        "move h1 g1",
    ]));
    // The same but the time Popeye's footer gives.
    let untimed = |text: &str| {
        text.lines()
            .map(|l| match l.find("Time = ") {
                Some(at) => &l[..at],
                None => l,
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(untimed(&from_flags), untimed(&from_file));
    assert!(from_flags.contains("1.Rh1-e1 #"), "{from_flags}");
}

#[test]
fn a_mistake_on_the_command_line_names_its_flag() {
    let fen = ["solve", "--fen", BOARD, "--stipulation", "#1"];
    circe()
        .args(fen)
        .args(["--condition", "cirse"])
        .assert()
        .code(2)
        .stderr(
            "circe: error: --condition 'cirse': unknown condition 'cirse'; did you mean 'Circe'?\n",
        );
    circe()
        .args([
            "solve",
            "--fen",
            "8/8/8/8/8/8/8/k1K6",
            "--stipulation",
            "#1",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "circe: error: --fen '8/8/8/8/8/8/8/k1K6': FEN board: rank 1",
        ));
    circe()
        .args(["solve", "--fen", BOARD, "--stipulation", "x#1"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "circe: error: --stipulation 'x#1': cannot read stipulation",
        ));
    circe()
        .args(fen)
        .args(["--twin", "frobnicate 90"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "circe: error: --twin 'frobnicate 90': ",
        ));
    // Knights are `N` in a FEN (Popeye's `N` is the nightrider).
    circe()
        .args([
            "solve",
            "--fen",
            "k7/8/1K6/8/8/8/8/N7",
            "--stipulation",
            "~1",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("1.Sb3"));
}

#[test]
fn standard_input_is_read_in_the_format_its_text_shows() {
    for text in [POPEYE, TOML] {
        circe()
            .args(["solve", "-"])
            .write_stdin(text)
            .assert()
            .success()
            .stdout(predicate::str::contains("(<stdin>:1)"))
            .stdout(predicate::str::contains("1.Re1 # !"));
    }
    circe()
        .args(["solve", "-"])
        .write_stdin(POPEYE.replace("circe", "cirse"))
        .assert()
        .code(2)
        .stderr("circe: error: <stdin>:4: unknown condition 'cirse'; did you mean 'Circe'?\n");
    circe()
        .args(["solve", "-"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("<stdin>: standard input is empty"));
    circe()
        .args(["legal", "-"])
        .write_stdin(TOML)
        .assert()
        .success()
        .stdout("<stdin>:1: passes the orthodox legality test\n");
}

#[test]
fn resume_refuses_a_file_that_is_not_its_own_and_leaves_it_untouched() {
    let dir = scratch("resume");
    write(&dir, "p.toml", TOML);
    let notes = write(&dir, "notes.txt", "my notes\nmore notes\n");
    circe()
        .current_dir(&dir)
        .args(["solve", "--resume", "notes.txt", "p.toml"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "circe: error: notes.txt:1: the line is not a record of a problem: \
             this is not circe's JSON Lines, so it is left as it is",
        ));
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        "my notes\nmore notes\n"
    );
    // Its own file it goes on with.
    circe()
        .current_dir(&dir)
        .args(["solve", "-q", "--resume", "out.jsonl", "p.toml"])
        .assert()
        .success();
    circe()
        .current_dir(&dir)
        .args(["solve", "-q", "--resume", "out.jsonl", "p.toml"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "1 problem(s) already solved, 0 to go",
        ));
}

#[test]
fn output_files_replace_only_what_circe_wrote() {
    let dir = scratch("replace");
    write(&dir, "p.toml", TOML);
    circe()
        .current_dir(&dir)
        .args(["solve", "-q", "--resume", "out.jsonl", "p.toml"])
        .assert()
        .success();
    let notes = write(&dir, "notes.txt", "keep me\n");
    circe()
        .current_dir(&dir)
        .args(["merge", "out.jsonl", "-o", "notes.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "notes.txt: holds something other than circe's JSON Lines: not overwritten",
        ));
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "keep me\n");
    circe()
        .current_dir(&dir)
        .args(["merge", "out.jsonl", "-o", "merged.jsonl"])
        .assert()
        .success();
    circe()
        .current_dir(&dir)
        .args(["merge", "out.jsonl", "-o", "merged.jsonl"])
        .assert()
        .success();

    // convert -o: a TOML problem of someone's is not replaced; its own
    // converted file is.
    write(&dir, "q.inp", POPEYE);
    std::fs::create_dir_all(dir.join("out")).unwrap();
    let mine = write(&dir, "out/q.toml", TOML);
    circe()
        .current_dir(&dir)
        .args(["convert", "q.inp", "-o", "out"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "q.toml: exists and was not written by `circe convert`: not overwritten",
        ));
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), TOML);
    std::fs::remove_file(&mine).unwrap();
    for _ in 0..2 {
        circe()
            .current_dir(&dir)
            .args(["convert", "q.inp", "-o", "out"])
            .assert()
            .success();
    }
}

#[test]
fn slips_get_a_suggestion() {
    let dir = scratch("slips");
    let keyword = write(
        &dir,
        "k.inp",
        &POPEYE.replace("beginproblem\n", "beginproblem\nstipulaton #1\n"),
    );
    circe()
        .arg("solve")
        .arg(&keyword)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "k.inp:2: warning: offending item 'stipulaton' - ignored; did you mean 'stipulation'?",
        ));
    // After a list of pieces, where a piece is looked for.
    let after = write(
        &dir,
        "a.inp",
        &POPEYE.replace("stipulation #1", "stipulaton #1"),
    );
    circe()
        .arg("solve")
        .arg(&after)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a.inp:3: unknown piece or word 'stipulaton'; did you mean 'stipulation'?",
        ));
    let option = write(&dir, "o.toml", &format!("{TOML}options = [\"variaton\"]\n"));
    circe()
        .arg("solve")
        .arg(&option)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown option; did you mean 'variation'?",
        ));
    let walk = write(&dir, "w.inp", &POPEYE.replace("se4", "grashoppere4"));
    circe()
        .arg("solve")
        .arg(&walk)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "bad square list 'ashoppere4' in 'grashoppere4'; did you mean the grasshopper (G)?",
        ));
}

#[test]
fn a_table_larger_than_the_machine_is_refused() {
    circe()
        .args(["--hash", "1073741824", "solve", "-"])
        .write_stdin(TOML)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("1073741824 MiB is more than"));
}

#[test]
fn folders_hold_every_kind_of_problem_file_and_an_empty_one_is_an_error() {
    let dir = scratch("folders");
    let pop = dir.join("pop");
    std::fs::create_dir_all(pop.join(".hidden")).unwrap();
    write(&pop, "a.pop", POPEYE);
    write(&pop, ".hidden/b.inp", "not a problem");
    circe()
        .arg("solve")
        .arg(&pop)
        .assert()
        .success()
        .stdout(predicate::str::contains("1.Re1 # !"));
    circe()
        .arg("legal")
        .arg(&pop)
        .assert()
        .success()
        .stdout(predicate::str::contains("a.pop:1: passes"));
    circe()
        .arg("convert")
        .arg(&pop)
        .assert()
        .success()
        .stdout(predicate::str::contains("stipulation = \"#1\""));
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    write(&empty, "notes.txt", "no problem here");
    // `check` and `bench` report on stdout, the others on stderr.
    for command in ["solve", "check", "legal", "convert", "bench"] {
        let out = circe()
            .current_dir(&dir)
            .args([command, "empty"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {text}");
        assert!(
            text.contains(
                "empty: the folder holds no problem files (.toml, .inp, .pop, .yaml, .yml, .olv)"
            ),
            "{command}: {text}"
        );
    }
}

#[test]
fn bench_fails_on_a_missing_file() {
    circe()
        .args(["bench", "no-such-folder/"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("cannot read the file"));
}

#[test]
fn completions_and_the_manual_page_are_printed() {
    circe()
        .args(["completions", "bash"])
        .assert()
        .success()
        .stdout(predicate::str::contains("_circe()"));
    circe()
        .arg("manpage")
        .assert()
        .success()
        .stdout(predicate::str::contains(".TH circe 1"));
    circe().args(["completions", "tcsh"]).assert().code(2);
}

#[test]
fn help_names_no_paths_of_the_repository() {
    for args in [&["--help"][..], &["solve", "--help"], &["legal", "--help"]] {
        circe()
            .args(args)
            .assert()
            .success()
            .stdout(predicate::str::contains("docs/").not());
    }
}
