//! The JSON output against Popeye's format of the same solve: every line of
//! help and series play is one path in the JSON tree, from a first move to
//! a leaf, in the same order; the JSON is streamed as the search reports,
//! and a record larger than the memory held output may take comes back
//! whole from the disk.

mod common;

use assert_cmd::Command;
use circe::io::popeye_input::parse_popeye;
use circe::output::json::JsonWriter;
use circe::output::{render_problem, Format, ReportOptions};
use circe::problem::Problem;
use circe::solve::{solve_problem, solve_problem_into, Cancel};
use serde_json::Value;
use std::path::Path;

fn problem(text: &str) -> Problem {
    parse_popeye(text, Path::new("test.inp"))
        .expect("input parses")
        .remove(0)
}

fn options(format: Format) -> ReportOptions {
    ReportOptions {
        format,
        alphabet: None,
    }
}

/// The problem's JSON object as the search streams it.
fn streamed_json(p: &Problem) -> Value {
    let mut text = String::new();
    {
        let mut w = JsonWriter::new(&options(Format::Json), p, |t: &str| text.push_str(t));
        solve_problem_into(p, &Cancel::default(), &mut w);
        w.finish(0.0, "");
    }
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Every path from a first move to a leaf, as Popeye writes the moves.
fn json_lines(v: &Value) -> Vec<Vec<String>> {
    fn walk(moves: &Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
        for m in moves.as_array().into_iter().flatten() {
            path.push(m["popeye"].as_str().unwrap().to_string());
            let children = &m["children"];
            if children.as_array().is_some_and(|c| c.is_empty()) {
                out.push(path.clone());
            } else {
                walk(children, path, out);
            }
            path.pop();
        }
    }
    let mut out = Vec::new();
    for twin in v["twins"].as_array().unwrap() {
        for play in ["solution", "duplex"] {
            walk(&twin[play], &mut Vec::new(), &mut out);
        }
    }
    out
}

/// The lines of Popeye's format: each solution line's moves without their
/// numbers and signs.
fn popeye_lines(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| {
            let t = l.trim_start();
            l.starts_with("  ") && t.starts_with(|c: char| c.is_ascii_digit())
        })
        .map(|l| {
            l.split_whitespace()
                .map(|t| t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
                .filter(|t| !t.is_empty() && !matches!(*t, "#" | "+" | "=" | "==" | "##" | "!"))
                .map(str::to_string)
                .collect()
        })
        .collect()
}

fn same_lines_as_popeye(text: &str) {
    let p = problem(text);
    let json = streamed_json(&p);
    let popeye = render_problem(&options(Format::Popeye), &p, &solve_problem(&p), 0.0);
    let want = popeye_lines(&popeye);
    assert!(!want.is_empty(), "{popeye}");
    assert_eq!(json_lines(&json), want, "{popeye}");
    assert_merged(&json);
}

/// Lines are merged where they start alike: no move is followed by a
/// sibling that is the same move, unless it ends a line (a line never grows
/// out of another's last move).
fn assert_merged(v: &Value) {
    fn walk(moves: &Value) {
        let list = moves.as_array().map(Vec::as_slice).unwrap_or(&[]);
        for pair in list.windows(2) {
            let ends = pair[0]["children"].as_array().is_some_and(|c| c.is_empty());
            assert!(
                ends || pair[0]["popeye"] != pair[1]["popeye"],
                "{} twice in a row",
                pair[0]["popeye"]
            );
        }
        list.iter().for_each(|m| walk(&m["children"]));
    }
    for twin in v["twins"].as_array().unwrap() {
        walk(&twin["solution"]);
        walk(&twin["duplex"]);
    }
}

#[test]
fn help_lines_sharing_their_first_moves() {
    // Hundreds of lines, most of them sharing their first moves with the
    // line before.
    for stipulation in ["h#2", "ser-h#4"] {
        same_lines_as_popeye(&format!(
            "beginproblem\nstipulation {stipulation}\ncondition circe\n\
             pieces white ke1 ra1 sg1 rh1 black ka8 rh8 bh6 qd4\nendproblem\n"
        ));
    }
}

#[test]
fn duplex_twins_and_set_play() {
    same_lines_as_popeye(
        "beginproblem\nstipulation h#2\noption duplex\ncondition circe\n\
         pieces white ke1 ra1 sg1 black ke8 qd8 pe7\ntwin move a1 a2\nendproblem\n",
    );
    // Y. Cheylan, diagrammes-TT 1993: set play, then the play.
    same_lines_as_popeye(
        "beginproblem\nstipulation h=2\ncondition anticirce\noption set\n\
         pieces white ke3 ra1 rc4 black ke1 sc1 pa2 pb4\nendproblem\n",
    );
    same_lines_as_popeye(
        "beginproblem\nstipulation ser-h#3\ncondition circe\n\
         pieces white kc6 rh1 black ka8 pa7 bb8\nendproblem\n",
    );
}

#[test]
fn streamed_and_kept_solutions_give_the_same_object() {
    // Play with defence: a key, threats, defences.
    let p = problem(
        "beginproblem\nstipulation #2\noption try\ncondition circe\n\
         pieces white kb1 qd1 rh4 sg5 black ke5 pe6 pd5\nendproblem\n",
    );
    let kept: Value = serde_json::from_str(&render_problem(
        &options(Format::Json),
        &p,
        &solve_problem(&p),
        0.0,
    ))
    .unwrap();
    let mut streamed = streamed_json(&p);
    let mut kept = kept;
    without_seconds(&mut streamed);
    without_seconds(&mut kept);
    assert_eq!(streamed, kept);
    assert!(!streamed["twins"][0]["solution"]
        .as_array()
        .unwrap()
        .is_empty());
}

fn circe() -> Command {
    Command::cargo_bin("circe").unwrap()
}

/// Removes the times, which differ from run to run.
/// Without the times, and the positions searched (which the size of the
/// transposition table changes).
fn without_seconds(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.remove("seconds");
            m.remove("nodes");
            m.values_mut().for_each(without_seconds);
        }
        Value::Array(a) => a.iter_mut().for_each(without_seconds),
        _ => {}
    }
}

#[test]
fn a_record_larger_than_held_memory_is_written_whole() {
    let dir = std::env::temp_dir().join(format!("circe-json-held-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("flood.toml");
    // About 2 MB of JSON: with `--hash 1` held output may keep a quarter of
    // a MiB in memory, so the rest goes to the disk and back.
    std::fs::write(
        &file,
        "fen = \"k6r/8/7b/8/3q4/8/8/R3K1NR\"\nstipulation = \"ser-h004\"\ncondition = \"circe\"\n",
    )
    .unwrap();
    let record = |hash: &str| -> Value {
        let out = circe()
            .args(["--hash", hash, "solve", "--format", "json"])
            .arg(&file)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 1);
        assert!(text.len() > 1 << 20, "{} bytes", text.len());
        let mut v: Value = serde_json::from_str(&text).unwrap();
        without_seconds(&mut v);
        v
    };
    let spilled = record("1");
    assert_eq!(spilled["status"], "solved");
    assert_eq!(
        spilled["solutions"].as_u64().unwrap() as usize,
        json_lines(&spilled).len()
    );
    assert_eq!(spilled, record("64"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_kamikaze_capturer_without_circe_is_a_removal() {
    let p = problem(
        "beginproblem\nstipulation ~1\npieces white kh1 kamikaze pa7 black sb8 kh8\nendproblem\n",
    );
    let v = streamed_json(&p);
    let moves = v["twins"][0]["solution"].as_array().unwrap();
    let capture = moves
        .iter()
        .find(|m| m["popeye"] == "kPa7*b8[-wkPb8]")
        .unwrap_or_else(|| panic!("{v}"));
    assert_eq!(capture["removals"][0]["unit"], "wP");
    assert_eq!(capture["removals"][0]["square"], "b8");
    assert_eq!(capture["promotion"], Value::Null);
}

#[test]
fn a_notice_is_a_key_of_its_twin_and_the_object_stays_json() {
    // The side not to move is in check (the pawn a2 attacks b3): Popeye
    // notes the capturable king and solves nothing. The notice came inside
    // the open list of the play once (`"solution":["notice":...]`).
    let p = problem(
        "beginproblem\npieces white Kd1 pa2 black Kb3\nstipulation h=1\noption set duplex\nendproblem\n",
    );
    let v = streamed_json(&p);
    let twin = &v["twins"][0];
    assert_eq!(twin["notice"], "king-capturable", "{v}");
    assert!(
        twin["solution"].as_array().is_none_or(|s| s.is_empty()),
        "{v}"
    );
    let rendered = render_problem(&options(Format::Json), &p, &solve_problem(&p), 0.0);
    let again: Value = serde_json::from_str(rendered.trim_end()).expect("rendered JSON parses");
    assert_eq!(again["twins"][0]["notice"], "king-capturable");
}
