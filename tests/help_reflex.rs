//! Help-reflex play (`hr#`) and semi-reflex play (`semi-r#`): the reflex
//! obligation at the end of help play, and on the defender alone in play
//! with defence. The expected lines are Popeye 4.104's answers to these
//! positions (Popeye's own examples and regression tests).

mod common;

fn solution(out: &str) -> &str {
    let start = out.find("\n\n ").map_or(out.len(), |i| i + 2);
    let end = out.rfind("\nsolution finished").unwrap_or(out.len());
    &out[start.min(end)..end]
}

#[test]
fn help_reflex_ends_with_every_goal_move_of_the_other_side() {
    // hr#2: White, Black, White, then Black must mate. Not 1.Kc2: after
    // it White could mate itself (2.Qxa5#), which the obligation forbids.
    let out = common::solved_popeye(
        "beginproblem\npieces white kd1 pd2 qa8 black ka3 pa5e3\nstipulation hr#2\nendproblem\n",
    );
    assert_eq!(
        solution(&out),
        "  1.Kd1-c1 e3*d2 +   2.Kc1-b1 d2-d1=Q #\n",
        "{out}"
    );
    // hr#2.5: Black starts.
    let out = common::solved_popeye(
        "beginproblem\npieces white kd1 pd2 qa8 black ka3 pa5e4\nstipulation hr#2.5\nendproblem\n",
    );
    assert_eq!(
        solution(&out),
        "  1...e4-e3   2.Kd1-c1 e3*d2 +   3.Kc1-b1 d2-d1=Q #\n",
        "{out}"
    );
}

#[test]
fn help_reflex_stops_where_a_side_can_reach_the_goal() {
    // hr#1.5, Black to move able to mate: the play ends there, at once.
    let out = common::solved_popeye(
        "beginproblem\npieces white ka1 ph3 black ka3 pa2b3h6\nstipulation hr#1.5\nendproblem\n",
    );
    assert_eq!(solution(&out), "  1...b3-b2 #\n", "{out}");
    // hr#1, White to move able to mate: no solution; the mates that break
    // the obligation are written, marked.
    let out = common::solved_popeye(
        "beginproblem\npieces white ka6 qf6 black kb8 rg4h5\nstipulation hr#1\nendproblem\n",
    );
    assert_eq!(solution(&out), "  1.Qf6-d8 # ?!?\n", "{out}");
    assert!(out.contains("solution finished"), "{out}");
}

#[test]
fn semi_reflex_binds_the_defender_only() {
    let position = "pieces white ka1 bg7 black ka3 pa2a4b3\noption variation\n";
    // In r#1 White, able to mate, must, and fails.
    let out = common::solved_popeye(&format!(
        "beginproblem\n{position}stipulation r#1\nendproblem\n"
    ));
    assert_eq!(solution(&out), "   1.Bg7-f8 # ?!?\n", "{out}");
    // In semi-r#1 White may leave the mate: Black, able to mate, must.
    let out = common::solved_popeye(&format!(
        "beginproblem\n{position}stipulation semi-r#1\nendproblem\n"
    ));
    assert_eq!(
        solution(&out),
        "   1.Bg7-h6 !\n      1...b3-b2 #\n\n",
        "{out}"
    );
}

#[test]
fn semi_reflex_with_quodlibet_lets_the_attacker_mate_too() {
    // H.P. Rehm & Th. Steudel, Schwalbe 1968.
    let out = common::solved_popeye(
        "beginproblem\nstipulation semi-r#2\noption variation quodlibet\n\
         pieces white kh5 ra8 bg8 sg6 pc6h6 black ke8 bd8 sh8\nendproblem\n",
    );
    assert_eq!(
        solution(&out),
        "   1.Bg8-e6 ! zugzwang.\n      1...Sh8-f7\n          2.Be6-d7 #\n      \
         1...Sh8*g6\n          2.Be6-g4\n              2...Sg6-f4 #\n\n",
        "{out}"
    );
}
