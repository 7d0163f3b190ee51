//! Set play in series play, the parries of `pser-s` that reach the goal,
//! and the tree options that line play ignores; each position with
//! Popeye 4.104's answer.

use circe::io::popeye_input::parse_popeye;
use circe::output::{render_problem, Format, ReportOptions};
use std::path::Path;

/// What circe prints after the diagram, in Popeye's format, without the
/// closing line: the notices and the move lines.
fn solved(stip: &str, option: &str, pieces: &str) -> Vec<String> {
    let text = format!(
        "beginproblem\nstipulation {stip}\noption noboard {option}\npieces {pieces}\nendproblem\n"
    );
    let p = parse_popeye(&text, Path::new("t.inp")).unwrap().remove(0);
    let twins = circe::solve::solve_problem(&p);
    let out = render_problem(
        &ReportOptions {
            format: Format::Popeye,
            alphabet: None,
        },
        &p,
        &twins,
        0.0,
    );
    out.lines()
        .filter(|l| !l.trim().is_empty() && !l.contains("solution finished"))
        .map(|l| l.trim_end().to_string())
        .collect()
}

#[test]
fn the_set_play_of_ser_s_is_the_forced_goal_move_alone() {
    // Popeye 4.104 (its regression 4.55-4.57 no. 16).
    assert_eq!(
        solved(
            "ser-s#2",
            "setplay",
            "white kb1 sa2 pb4 pc3 black ka3 ba1 ba4 pb2 pb3 pb5 pc4"
        ),
        ["  1...b3*a2 #", "  1.Sa2-c1   2.Sc1-a2 b3*a2 #"]
    );
}

#[test]
fn the_set_play_of_pser_h_is_the_goal_move_alone() {
    // Popeye 4.104 (its regression 4.55-4.57 no. 30).
    assert_eq!(
        solved("pser-h#2", "setplay", "white ke6 sh7 bh4 pd6 black ke8 pg6"),
        ["  1...d6-d7 #", "  1.g6-g5   2.g5-g4 d6-d7 #"]
    );
}

#[test]
fn ser_direct_play_has_no_set_play_and_says_so() {
    assert_eq!(
        solved("ser-#2", "setplay", "white kd1 qg4 rh1 black ke8 ba7 pb7"),
        [
            "SetPlay not applicable - ignored",
            "  1.Rh1-h7   2.Qg4-c8 #",
            "  1.Rh1-h7   2.Qg4-g8 #",
            "  1.Qg4-g7   2.Rh1-h8 #"
        ]
    );
}

#[test]
fn a_parry_of_pser_s_that_reaches_the_goal_is_a_line() {
    // Popeye 4.104 (its regression 4.87-4.89 no. 10): the capture of the
    // queen stalemates White at once.
    assert_eq!(
        solved("pser-s=2", "nowk", "white qg6 black kc7"),
        [
            "  1.Qg6-c6 + Kc7-d8   2.Qc6-d7 + Kd8*d7 =",
            "  1.Qg6-c6 + Kc7-b8   2.Qc6-b7 + Kb8*b7 =",
            "  1.Qg6-c6 + Kc7*c6 ="
        ]
    );
}

#[test]
fn help_play_ignores_the_options_of_the_tree() {
    // Popeye writes help play as lines and ignores variations, tries and
    // threats there without a word (Myllyniemi's twin b), h#2).
    let pieces = "white kd3 rf6 ba4 sc4 pc6 pe2 pe7 pg5 \
                  black kd5 sh8 pc5 pc7 pd4 pd6 pe3 pe6 pf7 pg6";
    assert_eq!(
        solved("h#2", "variation try defence 2 nothreat", pieces),
        ["  1.e6-e5 e7-e8=Q   2.e5-e4 + Qe8*e4 #"]
    );
}
