//! docs/rules.md quotes moves from its examples in both notations; the
//! examples are `problems/rules/*.inp` with Popeye's answers beside them.
//! Every quoted move in Popeye's notation must be in one of those answers,
//! and every quoted move in the Circe notation must be in what `circe
//! solve` prints for them, so the page cannot drift from the solver.

use assert_cmd::Command;
use std::path::Path;

/// Quotes that are illustrations, not moves of an example: Zeller's
/// forbidden capture (Alsatian Circe, no Popeye), the Latvian letters, an
/// elided Popeye move in the notation table, and the goal `c81`.
const ILLUSTRATIONS: [&str; 4] = ["Kxb7(+wPb2)", "Dxd3(+mZg8)", "kRd1*...", "c81"];

fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn has_square(s: &str) -> bool {
    let b = s.as_bytes();
    b.windows(2)
        .any(|w| (b'a'..=b'h').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]))
}

/// The code spans of the page that are moves: they name a square and hold
/// no word of four letters or more (condition phrases, piece lists).
fn quoted_moves(page: &str) -> Vec<String> {
    page.split('`')
        .skip(1)
        .step_by(2)
        .filter(|q| has_square(q))
        .filter(|q| {
            !q.split_whitespace()
                .any(|w| w.len() >= 4 && w.chars().all(|c| c.is_ascii_alphabetic()))
        })
        .filter(|q| !q.contains("ser-") && !ILLUSTRATIONS.contains(q))
        .map(squeeze)
        .collect()
}

/// Popeye's notation: `*` for a capture, effects in brackets, or a move
/// written with its departure square (`Sc3-g1-e2`, `b1-b2`).
fn is_popeye(q: &str) -> bool {
    q.contains('*') || q.contains('[') || (q.contains('-') && !q.contains('x') && !q.contains('('))
}

#[test]
fn every_move_quoted_in_rules_md_is_an_answer_of_its_example() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/rules.md")).unwrap();
    // The examples of docs/rules.md, and those of docs/conditions.md, whose
    // effects (a condition's) the notation table quotes too.
    let mut popeye = String::new();
    let mut solved = Vec::new();
    // docs/evidence/ holds Popeye's answers to the positions where its play
    // is incoherent, which the page quotes (circe refuses them).
    for entry in std::fs::read_dir(root.join("docs/evidence")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "out") {
            popeye.push_str(&squeeze(&String::from_utf8_lossy(
                &std::fs::read(&path).unwrap(),
            )));
            popeye.push(' ');
        }
    }
    for folder in ["problems/rules", "problems/conditions"] {
        for entry in std::fs::read_dir(root.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "out") {
                popeye.push_str(&squeeze(&String::from_utf8_lossy(
                    &std::fs::read(&path).unwrap(),
                )));
                popeye.push(' ');
            }
        }
        let out = Command::cargo_bin("circe")
            .unwrap()
            .current_dir(root)
            .args(["solve", "--threads", "1", folder])
            .output()
            .unwrap();
        solved.extend_from_slice(&out.stdout);
    }
    let out = std::process::Output {
        status: std::process::ExitStatus::default(),
        stdout: solved,
        stderr: Vec::new(),
    };
    let text = squeeze(&String::from_utf8_lossy(&out.stdout));
    let moves = quoted_moves(&page);
    assert!(moves.len() > 50, "only {} quoted moves found", moves.len());
    let missing: Vec<&String> = moves
        .iter()
        .filter(|m| {
            if is_popeye(m) {
                !popeye.contains(m.as_str())
            } else {
                !text.contains(m.as_str())
            }
        })
        .collect();
    assert!(
        missing.is_empty(),
        "quoted in docs/rules.md but not an answer of problems/rules/: {missing:?}"
    );
}
