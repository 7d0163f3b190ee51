//! Help-self play (`hs#n`, `hs#n.5`, `ser-hs#n`) and intros (`n->`), on
//! positions composed for these tests and solved by hand. In all of them a
//! black bishop on a8 mates the white king on h1 along the long diagonal
//! once a black pawn leaves b7 (White's units on g1 and h2 take the flights,
//! none can interpose, and the black king on h8 and its h7 pawn are shut in
//! by the white pawns on f7 and h6); Circe rebirths put the pawns where the
//! play needs them, so without Circe none has a solution.

mod common;

use circe::io::popeye_input::parse_popeye;
use circe::problem::Problem;
use circe::solve::solve_problem;
use std::path::Path;

/// The solution lines (those starting with a move number), in order.
fn lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| {
            l.strip_prefix("  ")
                .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()) && r.contains('.'))
        })
        .collect()
}

fn problem(stip: &str, condition: &str, pieces: &str) -> String {
    format!("beginproblem\nstipulation {stip}\n{condition}\npieces {pieces}\nendproblem\n")
}

/// White is in check from a8 and escapes only by capturing on b5: the
/// black pawn reborn on b7 shuts the diagonal, and b7-b6 opens it again
/// (b5 is taken, so no double step).
const HS1: &str = "white kh1 bg1 sa3 ph2 ph6 pf7 pe2 black kh8 ba8 ph7 pb5 pe3";

#[test]
fn hs1_is_a_self_mate_in_one_printed_as_a_line() {
    let out = common::solved_popeye(&problem("hs#1", "condition circe", HS1));
    assert_eq!(lines(&out), ["  1.Sa3*b5[+bPb7] b7-b6 #"]);
    // Without the rebirth White cannot leave check at all.
    let out = common::solved_popeye(&problem("hs#1", "", HS1));
    assert!(lines(&out).is_empty(), "{out}");
}

/// The c6 pawn shuts the diagonal until Black opens it.
const HS2: &str = "white kh1 bg1 sb1 ph2 ph6 pf7 pe2 pc4 black kh8 ba8 ph7 pb5 pe3 pc6";

#[test]
fn hs2_white_starts_and_the_last_black_move_is_forced() {
    let out = common::solved_popeye(&problem("hs#2", "condition circe", HS2));
    assert_eq!(
        lines(&out),
        [
            "  1.Sb1-c3 c6-c5 +   2.Sc3*b5[+bPb7] b7-b6 #",
            "  1.Sb1-a3 c6-c5 +   2.Sa3*b5[+bPb7] b7-b6 #",
            // Two rebirths: the black pawn to b7, the white one to b2,
            // whose double step then stops b5-b4.
            "  1.c4*b5[+bPb7] c6*b5[+wPb2]   2.b2-b4 b7-b6 #",
        ]
    );
    let out = common::solved_popeye(&problem("hs#2", "", HS2));
    assert!(lines(&out).is_empty(), "{out}");
}

/// After c6*b5 (a white pawn reborn on b2) White's b2-b4 leaves Black only
/// b7-b6.
const SHS: &str = "white kh1 bg1 sb1 ph2 ph6 pf7 pe2 pb5 black kh8 ba8 ph7 pb7 pe3 pc7";

#[test]
fn half_move_help_self_is_begun_by_black_and_shorter_lines_come_first() {
    let pieces = SHS.replace("pc7", "pc6");
    let out = common::solved_popeye(&problem("hs#1.5", "condition circe", &pieces));
    assert_eq!(lines(&out), ["  1...c6*b5[+wPb2]   2.b2-b4 b7-b6 #"]);
    let out = common::solved_popeye(&problem("hs#2.5", "condition circe", &pieces));
    assert_eq!(
        lines(&out),
        [
            "  1...c6*b5[+wPb2]   2.b2-b4 b7-b6 #",
            // Both pawn steps mate: the knight on b3 stops b4-b3.
            "  1...c6*b5[+wPb2]   2.Sb1-d2 b5-b4   3.Sd2-b3 b7-b5 #",
            "  1...c6*b5[+wPb2]   2.Sb1-d2 b5-b4   3.Sd2-b3 b7-b6 #",
        ]
    );
    let out = common::solved_popeye(&problem("exact-hs#2.5", "condition circe", &pieces));
    assert_eq!(lines(&out).len(), 2, "{out}");
}

#[test]
fn series_help_self_numbers_the_forced_move_after_the_series() {
    let out = common::solved_popeye(&problem("ser-hs#2", "condition circe", SHS));
    assert_eq!(
        lines(&out),
        ["  1.c7-c6   2.c6*b5[+wPb2] b2-b4   3.b7-b6 #"]
    );
    let out = common::solved_popeye(&problem("ser-hs#2", "", SHS));
    assert!(lines(&out).is_empty(), "{out}");
}

#[test]
fn an_intro_is_played_by_the_other_side_and_numbered_on_its_own() {
    // Black's intro, then White's hs#1: 1.b2-b4 forces 1...b7-b6#.
    let out = common::solved_popeye(&problem("2->hs#1", "condition circe", SHS));
    assert_eq!(
        lines(&out),
        ["  1.c7-c6   2.c6*b5[+wPb2]   1.b2-b4 b7-b6 #"]
    );
    // One intro move is not enough.
    let out = common::solved_popeye(&problem("1->hs#1", "condition circe", SHS));
    assert!(lines(&out).is_empty(), "{out}");
    // The intro may be shorter than n; shortest first. After 3.b5-b4 the
    // pawn is stopped by b2-b3 and both steps of b7 mate.
    let out = common::solved_popeye(&problem("3->hs#1", "condition circe", SHS));
    assert_eq!(
        lines(&out),
        [
            "  1.c7-c6   2.c6*b5[+wPb2]   1.b2-b4 b7-b6 #",
            "  1.c7-c6   2.c6*b5[+wPb2]   3.b5-b4   1.b2-b3 b7-b5 #",
            "  1.c7-c6   2.c6*b5[+wPb2]   3.b5-b4   1.b2-b3 b7-b6 #",
        ]
    );
}

#[test]
fn an_intro_before_play_with_defence_is_refused_clearly() {
    let p: Problem = parse_popeye(
        &problem("2->#2", "condition circe", SHS),
        Path::new("test.inp"),
    )
    .unwrap()
    .remove(0);
    let twins = solve_problem(&p);
    let err = twins[0].result.as_ref().unwrap_err().to_string();
    assert!(
        err.contains("stipulation '2->#2' is not supported yet"),
        "{err}"
    );
}

#[test]
fn defender_guards_change_nothing_in_help_play() {
    // nontrivial and maxflightsquares guard the defender's moves of play
    // with defence; help play has none, so the solutions stay.
    let plain = common::solved_popeye(&problem("hs#2", "condition circe", HS2));
    for option in ["option nontrivial 0 1", "option maxflightsquares 0"] {
        let guarded =
            common::solved_popeye(&problem("hs#2", &format!("condition circe\n{option}"), HS2));
        assert_eq!(lines(&guarded), lines(&plain), "{option}");
    }
}
