//! The text format for people: the header shows the diagram (every unit,
//! the attributes, the conditions in full), the names as letters, not TeX;
//! a problem or twin without solution, a time-out and an interruption are
//! said in words in every `--lang`; problems are set apart by a blank
//! line; `--no-board` leaves the diagram out. Popeye's format is left as
//! Popeye writes it.

mod common;

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn example(name: &str) -> PathBuf {
    root().join("problems/examples").join(name)
}

/// `circe solve ARGS`: exit status and stdout.
fn solve(args: &[&str], files: &[&Path]) -> (i32, String) {
    let out = Command::cargo_bin("circe")
        .unwrap()
        .arg("solve")
        .args(args)
        .args(files)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

fn scratch(name: &str) -> common::Scratch {
    common::scratch("text", name)
}

/// Mate in one that is not there, in the diagram and in its twin.
const NO_MATE: &str = "beginproblem\nauthor Rom\\'eo B\\'edoni\nstipulation #1\n\
                       condition circe\npieces white ke1 qd1 black ke8 pe7\n\
                       twin move d1 d2\nendproblem\n";

#[test]
fn the_header_shows_the_diagram_the_names_and_the_source() {
    let file = example("circe-linss-twins.toml");
    let (code, text) = solve(&[], &[&file]);
    assert_eq!(code, 0, "{text}");
    for line in [
        "Torsten Linß",
        "+---a---b---c---d---e---f---g---h---+",
        "5   .   .   S   B   .   .   R   K   5",
        "  #2                          7 + 7",
        "Circe",
        "a) ",
        "   1.Bb3 ! threat:",
    ] {
        assert!(
            text.lines().any(|l| l.trim() == line.trim()),
            "{line:?} in\n{text}"
        );
    }
    assert!(text.contains("circe-linss-twins.toml:1)\n"), "{text}");
    // The board comes before the solution.
    assert!(text.find("+---a").unwrap() < text.find("1.Bb3").unwrap());
}

#[test]
fn attributes_and_fairy_walks_are_shown() {
    let (_, text) = solve(&[], &[&example("kamikaze-circe-list-ott.toml")]);
    assert!(
        text.contains("Kamikaze a8 c8 a7 c6 e6 e5 b4 g4 a3 b3 d3 d2 e2 h1"),
        "{text}"
    );
    let dir = scratch("fairy");
    let file = dir.join("g.inp");
    std::fs::write(
        &file,
        "beginproblem\nstipulation ~1\npieces white ke1 gd1 black ke8 nc6\nendproblem\n",
    )
    .unwrap();
    let (_, text) = solve(&[], &[&file]);
    assert!(text.contains("G grasshopper, N nightrider"), "{text}");
    assert!(text.contains("  -N  "), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tex_escapes_become_letters_but_not_in_popeyes_format() {
    let file = example("circe-parachute-bedoni.toml");
    let (_, text) = solve(&[], &[&file]);
    assert!(text.contains("Roméo Bédoni"), "{text}");
    assert!(!text.contains('\\'), "{text}");
    let (_, popeye) = solve(&["--format", "popeye"], &[&file]);
    assert!(popeye.contains(r"Rom\'eo B\'edoni"), "{popeye}");
}

#[test]
fn no_solution_is_said_under_each_twin_in_every_language() {
    let dir = scratch("nomate");
    let file = dir.join("nomate.inp");
    std::fs::write(&file, NO_MATE).unwrap();
    for (lang, words) in [
        ("en", "no solution"),
        ("lv", "no solution"),
        ("de", "keine Lösung"),
        ("fr", "pas de solution"),
    ] {
        let (code, text) = solve(&["--lang", lang], &[&file]);
        assert_eq!(code, 1, "{text}");
        assert_eq!(text.matches(words).count(), 2, "{lang}:\n{text}");
        let a = text.find("a) ").unwrap();
        let b = text.find("b) ").unwrap();
        assert!(text[a..b].contains(words), "{lang}: twin a:\n{text}");
        assert!(text[b..].contains(words), "{lang}: twin b:\n{text}");
        assert!(text.ends_with(&format!("{words}\n\n")), "{lang}:\n{text}");
    }
    // Popeye's format says nothing of the kind.
    let (_, popeye) = solve(&["--format", "popeye"], &[&file]);
    assert!(!popeye.contains("no solution"), "{popeye}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A helpmate that takes minutes: the long helpmate of
/// tests/distributed/, four moves longer.
fn long_problem(dir: &Path) -> PathBuf {
    let file = dir.join("long.inp");
    std::fs::write(
        &file,
        "beginproblem\nstipulation h#9\ncondition circe\n\
         pieces white bc3 kg5 black kh8 ph5 sc4\nendproblem\n",
    )
    .unwrap();
    file
}

#[test]
fn a_time_out_is_said_in_words() {
    let dir = scratch("timeout");
    let long = long_problem(&dir);
    for (lang, words) in [
        ("en", "time-out after 0.5 s: incomplete"),
        ("de", "Zeitüberschreitung nach 0.5 s: unvollständig"),
        ("fr", "temps dépassé après 0.5 s : incomplet"),
    ] {
        let (code, text) = solve(&["-q", "--timeout", "0.5", "--lang", lang], &[&long]);
        assert_eq!(code, 1, "{text}");
        assert!(text.contains(&format!("\n{words}\n")), "{lang}:\n{text}");
        assert!(!text.contains("cancelled"), "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn an_interruption_is_said_in_words() {
    let dir = scratch("interrupt");
    let long = long_problem(&dir);
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("circe"))
        .args(["solve", "-q"])
        .arg(&long)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(130), "{text}");
    assert!(text.contains("\ninterrupted: incomplete\n"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn problems_are_set_apart_by_a_blank_line_and_no_board_drops_the_diagram() {
    let dir = scratch("two");
    std::fs::write(dir.join("a.inp"), NO_MATE).unwrap();
    std::fs::copy(example("circe-linss-twins.toml"), dir.join("b.toml")).unwrap();
    let (_, text) = solve(&["-q", "--jobs", "1"], &[&dir]);
    let second = text.find("Circe, Chameleon Circe").expect("b's title");
    assert!(text[..second].ends_with("no solution\n\n"), "{text}");
    let (_, text) = solve(&["-q", "--no-board"], &[&dir]);
    assert!(!text.contains("+---a"), "{text}");
    assert!(text.contains("#2  Circe\n"), "{text}");
    assert!(text.contains("Roméo Bédoni\n#1  Circe\n"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
