//! Reciprocal help play (`reci-h`): help play to a position where Black,
//! to move, can both help White reach the goal in one move and reach its
//! own goal at once. The lines of both are the solution: the help lines
//! first, then Black's own goal moves. The expected lines are Popeye
//! 4.104's answers to these positions.

mod common;

fn solution(out: &str) -> &str {
    let start = out.find("\n\n  1.").map_or(out.len(), |i| i + 2);
    let end = out.rfind("\nsolution finished").unwrap_or(out.len());
    &out[start.min(end)..end]
}

const RECI_H1: &str = "beginproblem\nstipulation reci-h#1\npieces\n\
    white kg2 rg1h5 bh1e5 sa4h3 pd4h4\nblack ke8 ra8h8 bb7e3 sf1g3 pe4e6f7h2h7\n";

#[test]
fn both_parts_are_needed_and_reci_h1_writes_them_as_two_solutions() {
    // The pawn d4 has just made its double step: Black mates with e4*d3
    // en passant, and helps with 0-0-0 (Sa4-b6 mates).
    let out = common::solved_popeye(&format!("{RECI_H1}option enpassant d2d3d4\nendproblem\n"));
    assert_eq!(
        solution(&out),
        "  1.0-0-0 Sa4-b6 #\n\n  1.e4*d3 ep. #\n",
        "{out}"
    );
    // Without the double step Black has no mate of its own: no solution,
    // though the help alone is still there.
    let out = common::solved_popeye(&format!("{RECI_H1}endproblem\n"));
    assert!(!out.contains("1."), "{out}");
}

#[test]
fn shorter_solutions_come_first_and_each_end_gives_its_help_then_its_own_goal() {
    let out = common::solved_popeye(
        "beginproblem\nstipulation reci-h#2\npieces\n\
         white kg2 rg1h5 bh1e5 sa4h3 pd4h4\nblack ke8 ra8h8 bb7e3 sf1g3 pe4e6f7h2h7\n\
         option enpassant d2d3d4\nendproblem\n",
    );
    let lines: Vec<&str> = solution(&out).lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(
        &lines[..4],
        &[
            "  1.0-0-0 Sa4-b6 #",
            "  1.e4*d3 ep. #",
            "  1.Be3-d2 Kg2-f2   2.0-0-0 Sa4-b6 #",
            "  1.Be3-d2 Kg2-f2   2.e4-e3 #",
        ],
        "{out}"
    );
    assert_eq!(lines.len(), 10, "{out}");
    // exact-: only the full length.
    let out = common::solved_popeye(
        "beginproblem\nstipulation exact-reci-h#2\npieces\n\
         white kg2 rg1h5 bh1e5 sa4h3 pd4h4\nblack ke8 ra8h8 bb7e3 sf1g3 pe4e6f7h2h7\n\
         option enpassant d2d3d4\nendproblem\n",
    );
    assert_eq!(
        solution(&out).lines().filter(|l| !l.is_empty()).count(),
        8,
        "{out}"
    );
}

#[test]
fn the_goal_in_parentheses_is_blacks_own() {
    // reci-h(#)=2 (Th. Steudel, Problemkiste 1994): Black mates, or lets
    // itself be stalemated.
    let out = common::solved_popeye(
        "beginproblem\nstipulation reci-h(#)=2\npieces white kh1 pe7 black kf1 pe2\nendproblem\n",
    );
    assert_eq!(
        solution(&out),
        "  1.e2-e1=Q e7-e8=Q   2.Qe1-e3 Qe8*e3 =\n  1.e2-e1=Q e7-e8=Q   2.Qe1-h4 #\n",
        "{out}"
    );
}

#[test]
fn series_reciprocal_help_numbers_the_series_moves() {
    // ser-reci-h(#)=7 (L. Azemard, M. Muñoz, RIFACE 1991).
    let out = common::solved_popeye(
        "beginproblem\nstipulation ser-reci-h(#)=7\npieces white ka8 qh7 black kc8 pd7\nendproblem\n",
    );
    assert_eq!(
        solution(&out),
        "  1.d7-d5   2.d5-d4   3.d4-d3   4.d3-d2   5.d2-d1=Q   6.Qd1-d6   7.Qd6-e7 Qh7*e7 =\n\
         \x20 1.d7-d5   2.d5-d4   3.d4-d3   4.d3-d2   5.d2-d1=Q   6.Qd1-d6   7.Qd6-b8 #\n",
        "{out}"
    );
}

/// What comes between the stipulation line and `solution finished`.
fn after_stipulation(out: &str) -> &str {
    let start = out
        .find("reci-h#1")
        .map_or(0, |i| i + out[i..].find('\n').unwrap() + 1);
    let end = out.rfind("solution finished").unwrap_or(out.len());
    &out[start..end]
}

#[test]
fn reci_h1_opens_with_a_blank_line_only_where_black_has_its_own_goal_move() {
    // Popeye writes the blank line before the play once Black's own goal
    // move is found, before it looks for the help: with no own mate the
    // footer's blank line alone follows the stipulation.
    let none = common::solved_popeye(
        "beginproblem\nstipulation reci-h#1\npieces white ke1 ra1 black ke8 pa7\nendproblem\n",
    );
    assert_eq!(after_stipulation(&none), "\n", "{none}");
    // Black's own mate (e4*d3 ep.) is there, the help (0-0-0 Sa4-b6#) is
    // not without the knight: no line, and both blank lines.
    let own_only = common::solved_popeye(&format!(
        "{}option enpassant d2d3d4\nendproblem\n",
        RECI_H1.replace(" sa4h3", " sh3")
    ));
    assert_eq!(after_stipulation(&own_only), "\n\n", "{own_only}");
    let both = common::solved_popeye(&format!("{RECI_H1}option enpassant d2d3d4\nendproblem\n"));
    assert_eq!(
        after_stipulation(&both),
        "\n  1.0-0-0 Sa4-b6 #\n\n  1.e4*d3 ep. #\n\n",
        "{both}"
    );
}

#[test]
fn set_play_of_one_half_move_help_play_is_not_applicable() {
    let out = common::solved_popeye(
        "beginproblem\nstipulation h#0.5\noption setplay\n\
         pieces white ke1 qd1 black kh8 ph7 pg7\nendproblem\n",
    );
    assert!(
        out.contains("h#0.5                       2 + 3\nSetPlay not applicable - ignored\n\n  1...Qd1-d8 #\n"),
        "{out}"
    );
}
