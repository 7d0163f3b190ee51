//! Goals: those about units' identity (circuit `ct`, exchange `<>`, circuit by
//! rebirth `ctr`, exchange by rebirth `<>r`) and goals reached before the last
//! move, on problems whose solutions
//! Popeye 4.104 recorded.

mod common;

fn assert_lines(out: &str, lines: &[&str]) {
    for l in lines {
        assert!(out.contains(l), "missing {l:?} in\n{out}");
    }
}

#[test]
fn circuit_counts_the_unit_where_it_ends_and_follows_it_through_twins() {
    // Anticirce: the king reborn on its diagram square completes a circuit.
    let out = common::solved_popeye(
        "beginproblem\npieces white kd2 black pd3e3\nstipulation ct2\n\
         condition anticirce\noption vari nobk\ntwin move d2 e1\nendproblem\n",
    );
    assert_lines(
        &out,
        &[
            "   1.Kd2*d3[wKd3->e1] ! zugzwang.\n      1...e3-e2\n          2.Ke1-d2\n",
            "   1.Ke1-d1 ! threat:\n          2.Kd1-e1\n      1...d3-d2\n          2.Kd1*d2[wKd2->e1]\n",
        ],
    );
}

#[test]
fn exchange_needs_two_units_of_the_mover_on_each_others_diagram_squares() {
    let out = common::solved_popeye(
        "beginproblem\npieces white kc1 re1 black rd3\ncondition anticirce\n\
         stipulation ser-<>3\noption nobk\nendproblem\n",
    );
    assert_lines(&out, &["  1.Kc1-c2   2.Re1-c1   3.Kc2*d3[wKd3->e1]\n"]);
    // A kamikaze capturer reborn on its partner's diagram square.
    let out = common::solved_popeye(
        "beginproblem\npieces white kamikaze rb1\n       white rh1\n       black pb5\n\
         condition circe\nstipulation <>3\noption nowk nobk vari nothreat\nendproblem\n",
    );
    assert_lines(
        &out,
        &["   1.kRb1-b2 !\n      1...b5-b4\n          2.Rh1-b1\n              2...b4-b3\n                  3.kRb2*b3[wkRb3->h1][+bPb7]\n"],
    );
}

#[test]
fn circuit_by_rebirth_is_the_reborn_unit_back_on_its_diagram_square() {
    let out = common::solved_popeye(
        "beginproblem\npieces white bc1 pg6 black pg7\nstipulation sctr1\n\
         condition circe\noption nobk nowk vari\nendproblem\n",
    );
    assert_lines(&out, &["   1.Bc1-h6 !\n      1...g7*h6[+wBc1]\n"]);
}

#[test]
fn exchange_by_rebirth_swaps_the_reborn_unit_with_one_of_its_side() {
    let out = common::solved_popeye(
        "beginproblem\npieces white kf1 be2 pd4 black pd6\nstipulation s<>r2\n\
         condition circe\noption nobk vari\nendproblem\n",
    );
    assert_lines(
        &out,
        &["   1.Be2-c4 ! zugzwang.\n      1...d6-d5\n          2.Kf1-e2\n              2...d5*c4[+wBf1]\n"],
    );
}

/// The solution lines (those starting with a move number) of an output.
fn solution_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.trim_start().starts_with("1."))
        .collect()
}

#[test]
fn a_help_line_ends_where_its_goal_is_reached_early() {
    // h+2: White's first move already checking ends the line there (a
    // solution of h+1); Popeye 4.104 prints 4388 lines, and none goes on
    // after a check by White.
    let out = common::solved_popeye(
        "beginproblem\nstipulation h+2\ncondition circe\n\
         pieces white ka1 rg2 black kh8 rb5\nendproblem\n",
    );
    let lines = solution_lines(&out);
    assert_eq!(lines.len(), 4388);
    assert!(lines.contains(&"  1.Kh8-h7 Rg2-g7 +"));
    assert!(lines.contains(&"  1.Rb5-b1 + Ka1-a2   2.Kh8-h7 Rg2-g7 +"));
    assert!(!lines
        .iter()
        .any(|l| l.starts_with("  1.Kh8-h7 Rg2-g7 +   2.")));
}

#[test]
fn a_series_ends_where_its_goal_is_reached_early() {
    // ser-x3: a capture on the second move ends the series (Popeye 4.104:
    // 78 lines).
    let out = common::solved_popeye(
        "beginproblem\nstipulation ser-x3\ncondition circe\n\
         pieces white ka1 rg2 black kh8 pb5 pc6\nendproblem\n",
    );
    let lines = solution_lines(&out);
    assert_eq!(lines.len(), 78);
    assert!(lines.contains(&"  1.Rg2-b2   2.Rb2*b5[+bPb7] x"));
    assert!(!lines.contains(&"  1.Rg2-b2   2.Rb2*b5[+bPb7]   3.Rb5*b7 x"));
}

#[test]
fn a_help_self_line_ends_where_the_other_side_is_forced_to_the_goal_early() {
    // hsx2: after 1.h4 Black's only move a5xb4 captures (hsx1); Popeye
    // 4.104 goes no further from there, so 1.h4 axb4 2.h5 bxc3 is no line.
    let out = common::solved_popeye(
        "beginproblem\nstipulation hsx2\npieces white dua4b3b4c3 ph3 black pa5\n\
         option nowk nobk\nendproblem\n",
    );
    assert_eq!(solution_lines(&out), ["  1.h3-h4 a5*b4 x"]);
}

#[test]
fn a_self_series_ends_where_the_other_side_is_forced_to_the_goal_early() {
    // ser-sx2: after 1.h4 Black must take on a7 already (ser-sx1); the
    // series 1.h4 2.h5 Kxa7 does not count (Popeye 4.104).
    let out = common::solved_popeye(
        "beginproblem\nstipulation ser-sx2\npieces white ph3a6a7 black ka8\n\
         option nowk\nendproblem\n",
    );
    assert_eq!(solution_lines(&out), ["  1.h3-h4 Ka8*a7 x"]);
}

#[test]
fn a_help_self_play_of_half_moves_may_end_before_its_first_help_move() {
    // hsx2.5: Black begins, and its only move a5xb4 already captures: the
    // forced move alone is the line (hsx0.5, numbered 1...), and nothing
    // goes on from the diagram; under exact- there is nothing (Popeye 4.104).
    let body = "pieces white dua4b3b4c3 ph3 black pa5\noption nowk nobk\nendproblem\n";
    let out = common::solved_popeye(&format!("beginproblem\nstipulation hsx2.5\n{body}"));
    assert_eq!(solution_lines(&out), ["  1...a5*b4 x"]);
    let out = common::solved_popeye(&format!("beginproblem\nstipulation exact-hsx2.5\n{body}"));
    assert!(solution_lines(&out).is_empty(), "{out}");
    assert!(out.contains("\n  exact-hsx2.5     "), "{out}");
}

#[test]
fn a_series_goes_on_through_a_stalemate_before_its_last_move() {
    // ser-=2: 1.Qb5-b6 stalemates already, yet Popeye plays on to a second
    // stalemate (a goal of immobility does not end a series early, unlike
    // a capture: ser-x2 stops at 1.Ra1*a3).
    let out = common::solved_popeye(
        "beginproblem\npieces white kc6 qb5 pe2 black ka8\nstipulation ser-=2\nendproblem\n",
    );
    assert_lines(
        &out,
        &[
            "  1.Qb5-b6 =\n",
            "  1.Qb5-b6   2.Kc6-b5 =\n",
            "  1.Qb5-b6   2.Qb6-c7 =\n",
        ],
    );
    let out = common::solved_popeye(
        "beginproblem\npieces white kc1 ra1 black kh8 pa3a5\nstipulation ser-x2\nendproblem\n",
    );
    assert_lines(&out, &["  1.Ra1*a3 x\n", "  1.Ra1-a2   2.Ra2*a3 x\n"]);
    assert!(!out.contains("2.Ra3*a5"), "{out}");
}

#[test]
fn a_self_series_may_end_in_a_counter_mate_that_leaves_the_mover_in_check() {
    // ser-s##!: Black, mated and forced to move, answers the last series
    // move with the counter-mate Kc8-b7, its own king then in check (Popeye
    // 4.104 lists 106 lines of up to three moves). Each thread lists it.
    let text = "beginproblem\ncondition hole d7d8\npieces black kc8 rb8\n       white ka7 qa3\n\
                stipulation ser-s##!3\nendproblem\n";
    for threads in [1, 2] {
        let out = common::solved_popeye_on(threads, text);
        assert_lines(
            &out,
            &[
                "  1.Qa3-c5 + Kc8-b7 ##!\n",
                "  1.Qa3-a5   2.Qa5-c5 + Kc8-b7 ##!\n",
                "  1.Qa3-d6   2.Qd6-d4   3.Qd4-c5 + Kc8-b7 ##!\n",
            ],
        );
        assert_eq!(
            out.matches(" ##!\n").count(),
            106,
            "{threads} threads:\n{out}"
        );
    }
}
