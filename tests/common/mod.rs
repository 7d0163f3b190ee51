//! Helpers shared by the integration tests. Each test file uses some of
//! them, so the others would be dead code there.
#![allow(dead_code)]

use circe::board::{Color, Position};
use circe::io::notation::{popeye_move, Alphabet};
use circe::io::popeye_input::parse_popeye;
use circe::movegen::legal_moves;
use circe::report::{render_problem, Format, ReportOptions};
use circe::rules::Rules;
use circe::solve::solve_problem;
use std::path::Path;

/// The first problem of a Popeye input `text`, solved and rendered in
/// Popeye's format, as `circe solve --format popeye` prints it.
pub fn solved_popeye(text: &str) -> String {
    let problem = parse_popeye(text, Path::new("test.inp"))
        .expect("input parses")
        .remove(0);
    let twins = solve_problem(&problem);
    let opts = ReportOptions {
        format: Format::Popeye,
        alphabet: None,
    };
    render_problem(&opts, &problem, &twins, 0.0)
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
