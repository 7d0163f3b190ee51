//! `circe legal FILE`: exit 0 when the diagram passes the orthodox
//! legality test, 1 when it fails (naming the condition), 2 on bad input.

mod common;

use assert_cmd::Command;
use predicates::str::contains;

/// `text` written to `name` in a scratch folder of its own (removed with
/// the guard).
fn write(name: &str, text: &str) -> (common::Scratch, std::path::PathBuf) {
    let dir = common::scratch("legal", name);
    let path = common::write(&dir, name, text);
    (dir, path)
}

#[test]
fn legal_diagram_passes() {
    let (_dir, f) = write(
        "ok.toml",
        "fen = \"4k3/8/8/8/8/1P6/8/B3K3\"\nstipulation = \"#2\"\n",
    );
    Command::cargo_bin("circe")
        .unwrap()
        .args(["legal", f.to_str().unwrap()])
        .assert()
        .code(0)
        .stdout(contains("passes"));
}

#[test]
fn illegal_diagram_names_the_condition() {
    let (_dir, f) = write(
        "bad.toml",
        "fen = \"4k3/8/8/8/8/8/1P6/B3K3\"\nstipulation = \"#2\"\n",
    );
    Command::cargo_bin("circe")
        .unwrap()
        .args(["legal", f.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(contains("caged-unit: the white bishop on a1"));
}

#[test]
fn bad_input_is_status_2() {
    let (_dir, f) = write("broken.toml", "fen = \"4k3/8\"\nstipulation = \"#2\"\n");
    Command::cargo_bin("circe")
        .unwrap()
        .args(["legal", f.to_str().unwrap()])
        .assert()
        .code(2);
}

#[test]
fn alsatian_solve_rejects_an_illegal_diagram() {
    let (_dir, f) = write(
        "bad-als.toml",
        "fen = \"4k3/8/8/8/8/8/1P6/B3K3\"\nstipulation = \"#2\"\ncondition = \"alsatian circe\"\n",
    );
    Command::cargo_bin("circe")
        .unwrap()
        .args(["solve", f.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(contains("caged-unit"));
}
