//! Option `goalisend`: a move of the side that does not make the goal
//! move ends the play when it reaches the goal, so the line fails there.
//! Each position with Popeye 4.104's answer; without the option each has
//! other solutions.

mod common;

use common::solution_lines;

#[test]
fn a_defence_that_reaches_the_goal_refutes() {
    // Without the option 1.Kg6-g5 ! and 1.Kg6-g7 ! are keys: every black
    // capture now ends the play.
    assert!(solution_lines(
        "x2",
        "goalisend",
        "white kg6 qh3 bb1 qc8 sd1 bh6 black ka7 bf1 sd5 bh7 bd3 be8"
    )
    .is_empty());
}

#[test]
fn in_self_play_an_attack_that_reaches_the_goal_fails() {
    assert!(solution_lines(
        "sx2",
        "goalisend",
        "white kh2 pe2 pf7 bb5 qc3 black kg4 pf6 pb2 sd7 pd5"
    )
    .is_empty());
}

#[test]
fn in_help_play_the_side_that_does_not_end_may_not_reach_the_goal() {
    // Popeye's own test: Black's a2-a1 would reach the goal (c81) before
    // White's last move.
    assert_eq!(
        solution_lines("hc815", "nowk nobk goalisend", "white ph2 black pa7"),
        [
            "  1.a7-a6 h2-h4   2.a6-a5 h4-h5   3.a5-a4 h5-h6   4.a4-a3 h6-h7   5.a3-a2 h7-h8=Q c81",
            "  1.a7-a6 h2-h4   2.a6-a5 h4-h5   3.a5-a4 h5-h6   4.a4-a3 h6-h7   5.a3-a2 h7-h8=S c81",
            "  1.a7-a6 h2-h4   2.a6-a5 h4-h5   3.a5-a4 h5-h6   4.a4-a3 h6-h7   5.a3-a2 h7-h8=R c81",
            "  1.a7-a6 h2-h4   2.a6-a5 h4-h5   3.a5-a4 h5-h6   4.a4-a3 h6-h7   5.a3-a2 h7-h8=B c81",
        ]
    );
}

#[test]
fn in_help_self_play_the_self_move_may_not_reach_the_goal() {
    assert_eq!(
        solution_lines(
            "hsx2",
            "goalisend",
            "white ke4 qc5 rd4 sc4 pc7 bd1 black kf7 sa5 se1 qf3"
        ),
        [
            "  1.Ke4-e5 Kf7-e8   2.Qc5-f8 + Qf3*f8 x",
            "  1.Ke4-e5 Kf7-e8   2.Qc5-f8 + Ke8*f8 x",
            "  1.Ke4-e5 Kf7-e8   2.Qc5-e7 + Ke8*e7 x",
        ]
    );
}

#[test]
fn in_ser_hs_neither_the_series_nor_the_self_move_may_reach_the_goal() {
    // Without the option 1.Kg3*h4 begins lines too.
    let lines = solution_lines(
        "ser-hsx2",
        "goalisend",
        "white ka7 rf7 se5 pc4 rg7 ph4 re3 black kg3 rf4 rb3 pe2 bg1",
    );
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        [
            "  1.Kg3-h2   2.Rb3-b6 Re3-h3 +   3.Kh2*h3 x",
            "  1.Kg3-h2   2.Rf4-d4 Re3-h3 +   3.Kh2*h3 x",
            "  1.Kg3-h2   2.Rf4-d4 Re3-h3 +   3.Rb3*h3 x",
            "  1.Kg3-h2   2.Rf4-f2 Re3-h3 +   3.Kh2*h3 x",
            "  1.Kg3-h2   2.Rf4-f2 Re3-h3 +   3.Rb3*h3 x",
        ]
    );
}

#[test]
fn semi_reflex_play_has_one_goal_and_takes_the_option() {
    assert_eq!(
        solution_lines(
            "semi-rx2",
            "goalisend",
            "white ka4 sc4 sa7 rd8 sa8 black kb7 pf5 qh1 pa6 qa5 se1"
        ),
        ["   1.Ka4-b3 !"]
    );
}

#[test]
fn reflex_play_has_a_goal_for_each_side_and_ignores_the_option() {
    assert_eq!(
        solution_lines(
            "r+2",
            "goalisend",
            "white kb1 bb8 pf6 rd7 sf2 pb4 pb7 se1 black ka6 bb6"
        ),
        ["GoalIsEnd not applicable - ignored", "   1.b4-b5 + ?!?"]
    );
}
