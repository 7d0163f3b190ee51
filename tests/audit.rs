//! `circe audit`: a verdict per problem, the tester's table, the exit
//! status; the `verdict` of `circe solve --format json`. The positions are
//! counted by hand in their comments.

mod common;
use common::{circe, write};

fn scratch(name: &str) -> common::Scratch {
    common::scratch("audit", name)
}

/// Black Kh8 (pawn c3, blocked by c2), White Kg6, Ra1: Black's one move
/// is Kg8, and Ra8 mates. One solution.
const SOUND: &str = "fen = \"7k/8/6K1/8/8/2p5/2P5/R7 b - - 0 1\"\nstipulation = \"h#1\"\n";

/// The same with a second rook on b1 and White to play: Ra8 and Rb8 both
/// mate at once. Two keys.
const COOKED: &str = "fen = \"7k/8/6K1/8/8/2p5/2P5/RR6 w - - 0 1\"\nstipulation = \"#1\"\n";

/// The two rooks in h#1: 1.Kg8, then Ra8 or Rb8. One first move, two
/// mates.
const DUAL: &str = "fen = \"7k/8/6K1/8/8/2p5/2P5/RR6 b - - 0 1\"\nstipulation = \"h#1\"\n";

/// A rook alone, its king far away, mates no lone king.
const NO_SOLUTION: &str = "fen = \"k7/8/8/8/8/8/7R/7K b - - 0 1\"\nstipulation = \"h#1\"\n";

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The count of a row of the table (`  cooked     2`).
fn row(text: &str, words: &str) -> usize {
    text.lines()
        .find(|l| l.trim_start().starts_with(words))
        .and_then(|l| l.split_whitespace().last())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no row {words:?} in\n{text}"))
}

#[test]
fn a_sound_problem_exits_0() {
    let dir = scratch("sound");
    let file = write(&dir, "sound.toml", SOUND);
    let out = circe().arg("audit").arg(&file).assert().code(0);
    let text = stdout(out.get_output());
    assert!(text.contains("sound.toml: sound\n"), "{text}");
    assert_eq!(row(&text, "sound (fully tested)"), 1);
}

#[test]
fn a_batch_gives_each_verdict_in_words_and_the_table() {
    let dir = scratch("batch");
    write(&dir, "a-sound.toml", SOUND);
    write(&dir, "b-cooked.toml", COOKED);
    write(&dir, "c-dual.toml", DUAL);
    write(&dir, "d-none.toml", NO_SOLUTION);
    let out = circe()
        .args(["--threads", "2", "audit", "-j", "2"])
        .arg(&dir)
        .assert()
        .code(1);
    let text = stdout(out.get_output());
    let lines: Vec<&str> = text.lines().collect();
    // Batch order, whatever the order of completion.
    assert!(lines[0].ends_with("a-sound.toml: sound"), "{text}");
    assert!(
        lines[1].ends_with(
            "b-cooked.toml: cooked: 2 keys, 1 expected (none stated) (1.Ra8#!, 1.Rb8#!)"
        ),
        "{text}"
    );
    assert!(
        lines[2].ends_with("c-dual.toml: dual after 1.Kg8: Ra8#, Rb8#"),
        "{text}"
    );
    assert!(lines[3].ends_with("d-none.toml: no solution"), "{text}");
    assert!(lines[4].starts_with("4 problems audited"), "{text}");
    for (words, n) in [
        ("sound (fully tested)", 1),
        ("cooked", 1),
        ("short solution", 0),
        ("duals", 1),
        ("unsound, no solution", 1),
        ("not tested: incomplete", 0),
        ("not tested: errors", 0),
    ] {
        assert_eq!(row(&text, words), n, "{words}");
    }
}

#[test]
fn bad_input_exits_2_and_the_others_are_audited() {
    let dir = scratch("bad");
    write(&dir, "a.toml", SOUND);
    write(
        &dir,
        "b.toml",
        "fen = \"7k/8/6K1/8/8/2p5/2P5/R7 b - - 0 1\"\nstipulation = \"h#1\"\nintended = \"two\"\n",
    );
    let out = circe().arg("audit").arg(&dir).assert().code(2);
    let text = stdout(out.get_output());
    assert!(text.contains("a.toml: sound"), "{text}");
    assert!(
        text.contains("b.toml:3: intended: `two` is not a number of solutions"),
        "{text}"
    );
    assert_eq!(row(&text, "not tested: errors"), 1);
}

#[test]
fn the_intention_makes_two_solutions_sound() {
    let dir = scratch("intended");
    let file = write(&dir, "dual.toml", &format!("{DUAL}intended = \"1.2\"\n"));
    circe().arg("audit").arg(&file).assert().code(0);
}

#[test]
fn json_gives_one_object_per_problem_with_its_verdict() {
    let dir = scratch("json");
    write(&dir, "a.toml", SOUND);
    write(&dir, "b.toml", COOKED);
    let out = circe()
        .args(["audit", "--format", "json"])
        .arg(&dir)
        .assert()
        .code(1);
    let text = stdout(out.get_output());
    let mut classes: Vec<(String, String)> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let file = v["file"]
                .as_str()
                .unwrap()
                .rsplit('/')
                .next()
                .unwrap()
                .to_string();
            (file, v["verdict"]["class"].as_str().unwrap().to_string())
        })
        .collect();
    classes.sort();
    assert_eq!(
        classes,
        [
            ("a.toml".to_string(), "sound".to_string()),
            ("b.toml".to_string(), "cooked".to_string())
        ]
    );
}

#[test]
fn solve_json_records_the_verdict() {
    let dir = scratch("solve");
    let file = write(&dir, "b.toml", COOKED);
    let out = circe()
        .args(["solve", "--format", "json"])
        .arg(&file)
        .assert()
        .code(0);
    let v: serde_json::Value = serde_json::from_str(stdout(out.get_output()).trim()).unwrap();
    assert_eq!(v["verdict"]["class"], "cooked");
    let finding = &v["verdict"]["twins"][0]["findings"][0];
    assert_eq!(
        (finding["found"].as_u64(), finding["intended"].as_u64()),
        (Some(2), Some(1))
    );
}
