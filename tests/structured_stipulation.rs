//! Structured stipulations (`sstipulation`) that are ordinary
//! stipulations or CapZug's zugzwang goal: each position with Popeye
//! 4.104's answer (its header's stipulation line, then the solution).

mod common;

use common::solved_popeye;

/// The stipulation line of the solved problem and the lines after it,
/// blank lines and the closing line left out, right-trimmed.
fn from_stipulation_line(text: &str) -> Vec<String> {
    solved_popeye(text)
        .lines()
        .skip_while(|l| !l.starts_with("  White") && !l.starts_with("  Black"))
        .filter(|l| !l.trim().is_empty() && !l.contains("solution finished"))
        .map(|l| l.trim_end().to_string())
        .collect()
}

#[test]
fn capzug_in_direct_play_the_keys_leave_only_captures() {
    // CapZug in direct play (Popeye's `/1d[x]a{!+}`): after White's move
    // Black, not in check, has moves and each one captures. The forced
    // captures are not written, nor is a goal sign.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kf3 qb5 re2g1 bf5 sf2 pd2g3h2 black kc2 re4 pg2\nsstip white 3a[/1d[x]a{!+}]d\noption vari\nendproblem\n"
        ),
        [
            "  White 3a[/1d[x]a{!+}]d      9 + 3",
            "   1.d2-d4 + !",
            "      1...Kc2-c3",
            "          2.Bf5*e4",
            "   1.Re2-e1 !",
            "   1.Re2*e4 !",
            "   1.Re2-e3 !",
            "   1.Sf2-h1 !",
        ]
    );
}

#[test]
fn white_begins_a_help_play_of_odd_length_numbered_from_its_first_move() {
    // The stated side begins and its moves are numbered (`h#1.5` would
    // write `1...Rb1-a1`); the shorter solution is written too.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kf6 rb1 black kh8 ph7\nsstip white 3h[#]h\nendproblem\n"
        ),
        [
            "  White 3h[#]h                2 + 2",
            "  1.Rb1-b8 #",
            "  1.Rb1-a1 Kh8-g8   2.Ra1-a8 #",
            "  1.Rb1-b7 Kh8-g8   2.Rb7-b8 #",
            "  1.Rb1-b6 Kh8-g8   2.Rb6-b8 #",
            "  1.Rb1-b5 Kh8-g8   2.Rb5-b8 #",
            "  1.Rb1-b4 Kh8-g8   2.Rb4-b8 #",
            "  1.Rb1-b3 Kh8-g8   2.Rb3-b8 #",
            "  1.Rb1-b2 Kh8-g8   2.Rb2-b8 #",
            "  1.Rb1-e1 Kh8-g8   2.Re1-e8 #",
            "  1.Rb1-d1 Kh8-g8   2.Rd1-d8 #",
            "  1.Rb1-c1 Kh8-g8   2.Rc1-c8 #",
        ]
    );
}

#[test]
fn capzug_in_series_help_play() {
    // `Ns[1a[G]d]`: Black's series, then White's move to the zugzwang;
    // the shorter series are solutions too.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kc8 pb6 black ka8 pa7\nsstip black 9s[1a[/1d[+]a{!+}]d]\nendproblem\n"
        ),
        [
            "  Black 9s[1a[/1d[+]a{!+}]d]  2 + 2",
            "  1.a7-a5   2.a5-a4   3.a4-a3   4.a3-a2   5.a2-a1=B   6.Ba1-e5   7.Be5-b8   8.Bb8-a7 Kc8-c7",
            "  1.a7-a5   2.a5-a4   3.a4-a3   4.a3-a2   5.a2-a1=B   6.Ba1-h8   7.Bh8-e5   8.Be5-b8   9.Bb8-a7 Kc8-c7",
            "  1.a7-a5   2.a5-a4   3.a4-a3   4.a3-a2   5.a2-a1=B   6.Ba1-g7   7.Bg7-e5   8.Be5-b8   9.Bb8-a7 Kc8-c7",
            "  1.a7-a5   2.a5-a4   3.a4-a3   4.a3-a2   5.a2-a1=B   6.Ba1-f6   7.Bf6-e5   8.Be5-b8   9.Bb8-a7 Kc8-c7",
            "  1.a7-a5   2.a5-a4   3.a4-a3   4.a3-a2   5.a2-a1=B   6.Ba1-e5   7.Be5-h2   8.Bh2-b8   9.Bb8-a7 Kc8-c7",
            "  1.a7-a5   2.a5-a4   3.a4-a3   4.a3-a2   5.a2-a1=B   6.Ba1-e5   7.Be5-g3   8.Bg3-b8   9.Bb8-a7 Kc8-c7",
            "  1.a7-a5   2.a5-a4   3.a4-a3   4.a3-a2   5.a2-a1=B   6.Ba1-e5   7.Be5-f4   8.Bf4-b8   9.Bb8-a7 Kc8-c7",
            "  1.a7-a5   2.a5-a4   3.a4-a3   4.a3-a2   5.a2-a1=B   6.Ba1-e5   7.Be5-c7   8.Bc7-b8   9.Bb8-a7 Kc8-c7",
            "  1.a7-a5   2.a5-a4   3.a4-a3   4.a3-a2   5.a2-a1=B   6.Ba1-e5   7.Be5-d6   8.Bd6-b8   9.Bb8-a7 Kc8-c7",
            "  1.a7-a5   2.a5-a4   3.a4-a3   4.a3-a2   5.a2-a1=B   6.Ba1-d4   7.Bd4-e5   8.Be5-b8   9.Bb8-a7 Kc8-c7",
            "  1.a7-a5   2.a5-a4   3.a4-a3   4.a3-a2   5.a2-a1=B   6.Ba1-c3   7.Bc3-e5   8.Be5-b8   9.Bb8-a7 Kc8-c7",
            "  1.a7-a5   2.a5-a4   3.a4-a3   4.a3-a2   5.a2-a1=B   6.Ba1-b2   7.Bb2-e5   8.Be5-b8   9.Bb8-a7 Kc8-c7",
            "  1.a7-a6   2.a6-a5   3.a5-a4   4.a4-a3   5.a3-a2   6.a2-a1=B   7.Ba1-e5   8.Be5-b8   9.Bb8-a7 Kc8-c7",
        ]
    );
}

#[test]
fn the_trees_no_solver_plays_yet_are_refused_with_their_line() {
    // Goals joined by `&` reached below the key (Popeye writes such a
    // move once per goal, its marks not reproduced yet).
    let dir = common::scratch("structured_stipulation", "refused");
    let file = common::write(
        &dir,
        "and.inp",
        "beginproblem\npieces white kh6 qb1 rd1 black kh8 ph7 bd8\nsstipulation white 3a[x&!#]d\nendproblem\n",
    );
    let out = common::circe().arg("solve").arg(&file).assert().code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(stderr.contains("and.inp:3:"), "{stderr}");
    let bad = common::write(
        &dir,
        "bad.inp",
        "beginproblem\npieces white kb5 black kb8\nsstipulation black 4hh[x\nendproblem\n",
    );
    let out = common::circe().arg("solve").arg(&bad).assert().code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        stderr.contains("bad.inp:3:") && stderr.contains("']' expected at the end"),
        "{stderr}"
    );
}

#[test]
fn a_stalemated_side_is_in_no_capzug_zugzwang() {
    // 1.Qg1-g6 stalemates Black, who has no capture to make: Popeye finds
    // no solution.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kf7 qg1 black kh8\nsstip white 1a[/1d[x]a{!+}]d\nendproblem\n"
        ),
        ["  White 1a[/1d[x]a{!+}]d      2 + 1"]
    );
}

#[test]
fn attack_then_defence_to_the_goal_is_self_play() {
    // `4ad[x]` is `sx2`: Popeye's answer is sx2's under its own header.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kh2 pe2 pf7 bb5 qc3 black kg4 pf6 pb2 sd7 pd5\nsstip white 4ad[x]\nendproblem\n"
        ),
        ["  White 4ad[x]                5 + 5", "   1.Qc3*f6 !"]
    );
}

#[test]
fn not_mate_is_every_move_but_the_mates() {
    // Each of White's moves mates but one (with `1a[#]d` Popeye finds 13
    // keys): `!#` keeps that one, its check written as after any move.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kg8 rg6h8 ba8h7 sd1f1 pb2c4e2e3g4h2 black ke4 rb7 bh6 pb3c5e5g5h3\nsstipulation white 1a[!#]d\nendproblem\n"
        ),
        ["  White 1a[!#]d              13 + 8", "   1.Rg6-c6 + !"]
    );
}

#[test]
fn a_conjunction_needs_both_goals_and_writes_both_signs() {
    // 1.Qb1*h7 mates too, but captures: only the quiet mate is `!x&#`.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kh6 qb1 black kh8 ph7\nsstipulation white 1a[!x&#]d\nendproblem\n"
        ),
        ["  White 1a[!x&#]d             2 + 2", "   1.Qb1-b8 # !"]
    );
    // Both marks in the operands' order, the check given to the goal `+`
    // alone (no check is written for `x&!#`).
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kh6 qb1 rd1 black kh8 ph7 bd8\nsstipulation white 1a[+&x]d\nendproblem\n"
        ),
        [
            "  White 1a[+&x]d              3 + 3",
            "   1.Qb1*h7 + x !",
            "   1.Rd1*d8 + x !",
        ]
    );
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white ka1 rd1 black kd8 pd5\nsstipulation white 1a[x&!#]d\nendproblem\n"
        ),
        ["  White 1a[x&!#]d             2 + 2", "   1.Rd1*d5 x !"]
    );
}

#[test]
fn a_help_line_reaching_a_conjunction_is_written_once_per_goal() {
    // Kb5*b6 both captures and stalemates; Popeye solves the goals one
    // after the other and each writes the line with its sign.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kb5 be7 pb4 black kb8 pb6\nsstipulation black 4hh[x&=]\nendproblem\n"
        ),
        [
            "  Black 4hh[x&=]              3 + 2",
            "  1.Kb8-a7 Be7-d6   2.Ka7-a8 Kb5*b6 x",
            "  1.Kb8-a7 Be7-d6   2.Ka7-a8 Kb5*b6 =",
            "  1.Kb8-b7 Be7-d6   2.Kb7-a8 Kb5*b6 x",
            "  1.Kb8-b7 Be7-d6   2.Kb7-a8 Kb5*b6 =",
        ]
    );
    // A negated goal writes no sign: the quiet move to stalemate.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kb5 be7 pb4 black kb8 pb6\nsstipulation black 4hh[!x&=]\nendproblem\n"
        ),
        [
            "  Black 4hh[!x&=]             3 + 2",
            "  1.Kb8-a8 Kb5-a6   2.b6-b5 Be7-d6",
            "  1.Kb8-a8 Kb5-a6   2.b6-b5 Be7-d6 =",
        ]
    );
}

#[test]
fn a_minimum_length_leaves_out_the_shorter_lines() {
    // `4:6hh[x]`: the lines of two and three moves; Popeye's `6hh[x]`
    // begins with 1.Kb8-a8 Kb5*b6 x, one move.
    let lines = from_stipulation_line(
        "beginproblem\npieces white kb5 be7 pb4 black kb8 pb6\nsstipulation black 4:6hh[x]\nendproblem\n",
    );
    assert_eq!(lines[0], "  Black 4:6hh[x]              3 + 2");
    assert_eq!(lines[1], "  1.Kb8-a7 Kb5-a4   2.b6-b5 + Ka4*b5 x");
    assert!(lines[1..].iter().all(|l| l.contains("  2.")));
    assert!(lines.iter().any(|l| l.contains("  3.")));
    assert_eq!(lines.len(), 7213);
}

/// Four pawns against four, no kings: captures to reach (Popeye's
/// answers to the help plays that end in an attack `1a[x]d`).
const PAWNS: &str = "pieces white pf3 pg3 pg2 ph4 black pa6 pf4 ph5 pg6\noption nowk nobk";

fn pawns(stipulation: &str) -> Vec<String> {
    from_stipulation_line(&format!(
        "beginproblem\nsstipulation {stipulation}\n{PAWNS}\nendproblem\n"
    ))
}

#[test]
fn a_help_play_ending_in_the_other_sides_attack_goes_on_past_the_goal() {
    // `3h[1a[x]d]h`: Black, White, Black help, then White's capture.
    // A line goes on after White captured on the way (1...g3*f4), which
    // ends the lines of `hx2`.
    let lines = pawns("black 3h[1a[x]d]h");
    assert_eq!(lines[0], "  Black 3h[1a[x]d]h           4 + 4");
    assert_eq!(lines.len(), 23);
    assert!(lines.contains(&"  1.a6-a5 g3*f4   2.g6-g5 f4*g5 x".to_string()));
    assert!(lines.contains(&"  1.g6-g5 h4*g5   2.h5-h4 g3*h4 x".to_string()));
}

#[test]
fn a_forced_attack_ends_the_help_play_where_it_can_be_made() {
    // `>`: White must capture as soon as it can, so the only longer
    // lines begin with 1.f4*g3, after which White has no capture.
    assert_eq!(
        pawns("black 3h[>1a[x]d]h"),
        [
            "  Black 3h[>1a[x]d]h          4 + 4",
            "  1.a6-a5 g3*f4 x",
            "  1.g6-g5 g3*f4 x",
            "  1.g6-g5 h4*g5 x",
            "  1.f4*g3 f3-f4   2.g6-g5 f4*g5 x",
            "  1.f4*g3 f3-f4   2.g6-g5 h4*g5 x",
        ]
    );
    // hr: Black, who makes the help moves, may never be able to capture
    // either; it can in the diagram, which Popeye marks.
    assert_eq!(
        pawns("black 3h[>1a[x]d]h{!1a[x]d}"),
        ["  Black 3h[>1a[x]d]h{!1a[x]d} 4 + 4", "  1.f4*g3 x ?!?"]
    );
}

#[test]
fn a_constraint_not_to_reach_the_goal_binds_the_other_sides_help_moves() {
    // `4h{!x}h[x]`: Black's help moves may not capture (as hx2 with
    // `goalisend`): the lines through 1.f4*g3 and 2.h5*g4 go.
    assert_eq!(
        pawns("black 4h{!x}h[x]"),
        [
            "  Black 4h{!x}h[x]            4 + 4",
            "  1.a6-a5 g3*f4 x",
            "  1.g6-g5 g3*f4 x",
            "  1.g6-g5 h4*g5 x",
            "  1.a6-a5 g3-g4   2.a5-a4 g4*h5 x",
            "  1.a6-a5 g3-g4   2.g6-g5 g4*h5 x",
            "  1.a6-a5 g3-g4   2.g6-g5 h4*g5 x",
            "  1.g6-g5 g3-g4   2.a6-a5 g4*h5 x",
            "  1.g6-g5 g3-g4   2.a6-a5 h4*g5 x",
        ]
    );
}

#[test]
fn a_series_of_the_side_that_usually_ends_it_swaps_the_roles() {
    // `white 2s[1a[x]d]`: White's series, then Black's capture (ser-hx2
    // with the sides' roles swapped).
    assert_eq!(
        from_stipulation_line(
            "beginproblem\nsstipulation white 2s[1a[x]d]\npieces white pf3 pg2 ph4 black pa6 pf4 ph5\noption nowk nobk\nendproblem\n"
        ),
        [
            "  White 2s[1a[x]d]            3 + 3",
            "  1.g2-g4 f4*g3 ep. x",
            "  1.g2-g4 h5*g4 x",
            "  1.g2-g3 f4*g3 x",
            "  1.g2-g3   2.g3-g4 h5*g4 x",
        ]
    );
    // ser-rx2: White may not capture before its last move, and Black
    // must capture where it can, which ends the series at 1.g2-g3.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\nsstipulation white 2s[1a[x]d]{!1a[x]d}\npieces white pf3 pg2 ph4 black pa6 pf4 ph5\noption nowk nobk\nendproblem\n"
        ),
        [
            "  White 2s[1a[x]d]{!1a[x]d}   3 + 3",
            "  1.g2-g4 f4*g3 ep. x",
            "  1.g2-g4 h5*g4 x",
            "  1.g2-g3 f4*g3 x",
        ]
    );
    // Black's series to mate.
    let lines = from_stipulation_line(
        "beginproblem\nsstipulation black 3s[#]\npieces white kh1 ph2 pg2 black kf3 rb8\nendproblem\n",
    );
    assert_eq!(lines[1], "  1.Kf3-e2   2.Rb8-b1 #");
    assert_eq!(lines[6], "  1.Kf3-f4   2.Rb8-b1 #");
    assert_eq!(lines[7], "  1.Kf3-e2   2.Ke2-d3   3.Rb8-b1 #");
    assert_eq!(lines.len(), 99);
}

#[test]
fn a_series_leading_into_the_other_sides_series_is_its_intro() {
    // `black 1s[2s[#]]` is `1->ser-#2`.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\nsstipulation black 1s[2s[#]]\npieces white kc7 rh1 black ka8 pa7\nendproblem\n"
        ),
        [
            "  Black 1s[2s[#]]             2 + 2",
            "  1.a7-a5   1.Rh1-a1   2.Ra1*a5 #",
            "  1.a7-a5   1.Rh1-h6   2.Rh6-a6 #",
            "  1.a7-a5   1.Rh1-h5   2.Rh5*a5 #",
            "  1.a7-a5   1.Kc7-b6   2.Rh1-h8 #",
            "  1.a7-a6   1.Rh1-a1   2.Ra1*a6 #",
            "  1.a7-a6   1.Rh1-h6   2.Rh6*a6 #",
            "  1.a7-a6   1.Kc7-b6   2.Rh1-h8 #",
        ]
    );
}

#[test]
fn a_defence_root_of_the_defenders_side_numbers_its_moves_from_one() {
    // `black 1d[#]a` is `white - 1d[#]a` (s#1 after the key) with Black's
    // moves numbered as first moves, `refutes.` a column nearer.
    let lines = from_stipulation_line(
        "beginproblem\nsstipulation black 1d[#]a\npieces white ka1 black kc2 rb8\noption variation\nendproblem\n",
    );
    assert_eq!(
        &lines[..3],
        [
            "  Black 1d[#]a                1 + 2",
            "   1.Kc2-d1",
            "    refutes."
        ]
    );
    assert!(lines.contains(&"   1.Rb8-a8 #".to_string()));
    assert_eq!(lines.len(), 40);
    let lines = from_stipulation_line(
        "beginproblem\nsstipulation white - 1d[#]a\npieces white ka1 black kc2 rb8\noption variation\nendproblem\n",
    );
    assert_eq!(&lines[1..3], ["      1...Kc2-d1", "        refutes."]);
}

#[test]
fn a_series_into_a_forced_attack_binds_only_the_other_side() {
    // `2s[>1a[x]d]`: the series ends where Black can capture, but White
    // may capture on the way (1.Sb8*a6); ser-rx2 forbids White a series
    // move while it could capture, which it can in the diagram.
    let pieces = "pieces white pf3 pg2 ph4 sb8 black pa6 pf4 ph5\noption nowk nobk";
    let lines = from_stipulation_line(&format!(
        "beginproblem\nsstipulation white 2s[>1a[x]d]\n{pieces}\nendproblem\n"
    ));
    assert_eq!(
        &lines[..5],
        [
            "  White 2s[>1a[x]d]           4 + 3",
            "  1.g2-g4 f4*g3 ep. x",
            "  1.g2-g4 h5*g4 x",
            "  1.g2-g3 f4*g3 x",
            "  1.Sb8*a6   2.g2-g4 f4*g3 ep. x",
        ]
    );
    assert_eq!(lines.len(), 13);
    assert_eq!(
        from_stipulation_line(&format!(
            "beginproblem\nsstipulation white 2s[1a[x]d]{{!1a[x]d}}\n{pieces}\nendproblem\n"
        )),
        ["  White 2s[1a[x]d]{!1a[x]d}   4 + 3", "  1.Sb8*a6 x ?!?"]
    );
}

#[test]
fn set_play_of_a_help_play_ending_in_an_attack_is_refused() {
    // Popeye's set play there is the attacker's goal moves alone
    // (`1...f4*g3 x`), not the shorter help play: not played.
    let dir = common::scratch("structured_stipulation", "set_play");
    let file = common::write(
        &dir,
        "set.inp",
        &format!("beginproblem\nsstipulation white 3h[1a[x]d]h\n{PAWNS} setplay\nendproblem\n"),
    );
    let out = common::circe().arg("solve").arg(&file).assert().code(2);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(stderr.contains("set.inp:4:"), "{stderr}");
    // Help play numbered from the stated side's first move, or as the
    // answer to it: Popeye numbers its set play with one inversion more
    // (`white 5h[#]h`: `1...e6-e5   2.e7-e8=Q`), not written so yet.
    for stip in ["white 3h[#]h", "black -2hh[#]"] {
        let file = common::write(
            &dir,
            "numbered.inp",
            &format!("beginproblem\nsstipulation {stip}\npieces white kh1 pg2h2 black kf2 rb8\noption setplay\nendproblem\n"),
        );
        let out = common::circe().arg("solve").arg(&file).assert().code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert!(stderr.contains("numbered.inp:4:"), "{stip}: {stderr}");
    }
}

#[test]
fn a_help_play_the_other_side_begins_swaps_the_roles() {
    // White's help play of whole moves (Black mates), and Black's help
    // play inverted at the root: the stated side's moves are numbered,
    // the other side's first move written as the answer to one (`1...`).
    let text = |stip: &str| {
        format!(
            "beginproblem\npieces white kh1 pg2h2 black kf2 rb8\nsstipulation {stip}\nendproblem\n"
        )
    };
    assert_eq!(
        from_stipulation_line(&text("white 2hh[#]")),
        [
            "  White 2hh[#]                3 + 2",
            "  1.g2-g4 Rb8-b1 #",
            "  1.g2-g3 Rb8-b1 #",
        ]
    );
    assert_eq!(
        from_stipulation_line(&text("black -2hh[#]")),
        [
            "  Black -2hh[#]               3 + 2",
            "  1...g2-g4   2.Rb8-b1 #",
            "  1...g2-g3   2.Rb8-b1 #",
        ]
    );
}

/// The position of a rook's mate in one and in help play.
fn rook_mates(stip: &str) -> Vec<String> {
    from_stipulation_line(&format!(
        "beginproblem\npieces white kf6 rb1 black kh8 ph7\nsstipulation {stip}\nendproblem\n"
    ))
}

const HELP_MATES: [&str; 11] = [
    "  1.Rb1-b8 #",
    "  1.Rb1-a1 Kh8-g8   2.Ra1-a8 #",
    "  1.Rb1-b7 Kh8-g8   2.Rb7-b8 #",
    "  1.Rb1-b6 Kh8-g8   2.Rb6-b8 #",
    "  1.Rb1-b5 Kh8-g8   2.Rb5-b8 #",
    "  1.Rb1-b4 Kh8-g8   2.Rb4-b8 #",
    "  1.Rb1-b3 Kh8-g8   2.Rb3-b8 #",
    "  1.Rb1-b2 Kh8-g8   2.Rb2-b8 #",
    "  1.Rb1-e1 Kh8-g8   2.Re1-e8 #",
    "  1.Rb1-d1 Kh8-g8   2.Rd1-d8 #",
    "  1.Rb1-c1 Kh8-g8   2.Rc1-c8 #",
];

#[test]
fn an_or_at_the_root_plays_its_second_operand_where_the_first_has_no_solution() {
    assert_eq!(
        rook_mates("white 1a[#]d | 3h[#]h"),
        ["  White 1a[#]d|3h[#]h         2 + 2", "   1.Rb1-b8 # !"]
    );
    let mut expected = vec!["  White 1a[=]d|3h[#]h         2 + 2"];
    expected.extend(HELP_MATES);
    assert_eq!(rook_mates("white 1a[=]d | 3h[#]h"), expected);
}

#[test]
fn an_and_at_the_root_plays_both_operands_where_both_have_solutions() {
    let mut expected = vec!["  White 1a[#]d&3h[#]h         2 + 2", "   1.Rb1-b8 # !"];
    expected.extend(HELP_MATES);
    assert_eq!(rook_mates("white 1a[#]d & 3h[#]h"), expected);
    // The second operand is tested first: without a solution nothing is
    // played; the first played without one, the second is not.
    assert_eq!(
        rook_mates("white 1a[#]d & 1a[=]d"),
        ["  White 1a[#]d&1a[=]d         2 + 2"]
    );
    assert_eq!(
        rook_mates("white 1a[=]d & 1a[#]d"),
        ["  White 1a[=]d&1a[#]d         2 + 2"]
    );
    // `A|B&C` is `A|(B&C)`: the check of `B` played, then `C`.
    let mut expected = vec!["  White 1a[=]d|1a[+]d&3h[#]h  2 + 2", "   1.Rb1-b8 + !"];
    expected.extend(HELP_MATES);
    assert_eq!(rook_mates("white 1a[=]d | 1a[+]d & 3h[#]h"), expected);
}

#[test]
fn a_help_play_ending_in_a_goal_constrained_move_and_a_goal_move() {
    // `4hh[1s{+}[1s[#]]]`: after the help moves Black's move must check,
    // then White mates: h#3 whose third black move checks.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\nsstipulation black 4hh[1s{+}[1s[#]]]\npieces white kd2 rc8 black kg3 pf3h2\nendproblem\n"
        ),
        [
            "  Black 4hh[1s{+}[1s[#]]]     2 + 3",
            "  1.Kg3-g2 Kd2-e1   2.Kg2-h1 Rc8-c1   3.f3-f2 + Ke1*f2 #",
        ]
    );
    // White first in a half-move more: a check reached before the last
    // move does not end the line (the goal is the nested branch's), and
    // one help move at least comes before the last two.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\nsstipulation white 3h[1s{+}[1s[+]]]h\npieces white kf6 rb1 black kh8 ph7\nendproblem\n"
        ),
        [
            "  White 3h[1s{+}[1s[+]]]h     2 + 2",
            "  1.Kf6-g5 Kh8-g7   2.Rb1-g1 h7-h6 +   3.Kg5-f4 +",
            "  1.Kf6-g5 Kh8-g7   2.Rb1-g1 h7-h6 +   3.Kg5-h4 +",
            "  1.Kf6-g5 Kh8-g7   2.Rb1-g1 h7-h6 +   3.Kg5-f5 +",
            "  1.Kf6-g5 Kh8-g7   2.Rb1-g1 h7-h6 +   3.Kg5-h5 +",
            "  1.Kf6-g5 Kh8-g8   2.Rb1-g1 h7-h6 +   3.Kg5-f4 +",
            "  1.Kf6-g5 Kh8-g8   2.Rb1-g1 h7-h6 +   3.Kg5-h4 +",
            "  1.Kf6-g5 Kh8-g8   2.Rb1-g1 h7-h6 +   3.Kg5*h6 +",
            "  1.Kf6-g5 Kh8-g8   2.Rb1-g1 h7-h6 +   3.Kg5-f6 +",
            "  1.Kf6-g5 Kh8-g8   2.Rb1-g1 h7-h6 +   3.Kg5-f5 +",
            "  1.Kf6-g5 Kh8-g8   2.Rb1-g1 h7-h6 +   3.Kg5-h5 +",
        ]
    );
}

#[test]
fn the_json_solution_of_a_joined_root_holds_each_operands_play_in_turn() {
    let dir = common::scratch("structured_stipulation", "joined_json");
    let file = common::write(
        &dir,
        "and.inp",
        "beginproblem\npieces white kf6 rb1 black kh8 ph7\nsstipulation white 1a[#]d & 3h[#]h\nendproblem\n",
    );
    let out = common::circe()
        .args(["solve", "--format", "json"])
        .arg(&file)
        .assert()
        .code(0);
    let line = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    let value: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    let twin = &value["twins"][0];
    // The key of `1a[#]d`, then the eleven lines of `3h[#]h`; no duplex.
    let solution = twin["solution"].as_array().unwrap();
    assert_eq!(solution.len(), 12, "{line}");
    assert_eq!(solution[0]["mark"], "key");
    assert_eq!(solution[1]["mark"], serde_json::Value::Null);
    assert!(twin["duplex"].is_null(), "{line}");
}

#[test]
fn a_goal_on_each_letter_ends_a_line_at_the_move_that_reaches_it() {
    // Popeye's example: Black's help moves may stalemate, White's mate.
    // A move reaching its side's goal ends the line: written where it is
    // the last move or the last but one of a length tried (2, then 4).
    assert_eq!(
        from_stipulation_line(
            "beginproblem\nsstip black 4h[=]h[#]\npieces white ka6 rg7 black ka4 sd8b3 pa2\nendproblem\n"
        ),
        [
            "  Black 4h[=]h[#]             2 + 4",
            "  1.a2-a1=Q Rg7-g1   2.Qa1*g1 =",
            "  1.a2-a1=R Rg7-c7   2.Ra1-a3 Rc7-c4 #",
        ]
    );
    // Odd length: the lengths 1 and 3, the lines of two and three
    // half-moves of the second in the order of their moves.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\nsstip black 3h[x]h[#]\npieces white kf7 rg1 black kh8 ph7 pa7\nendproblem\n"
        ),
        [
            "  Black 3h[x]h[#]             2 + 3",
            "  1.a7-a5 Rg1-g8 #",
            "  1.a7-a5 Rg1-g6   2.h7*g6 x",
            "  1.a7-a6 Rg1-g8 #",
            "  1.a7-a6 Rg1-g6   2.h7*g6 x",
            "  1.h7-h5 Rg1-g4   2.h5*g4 x",
            "  1.h7-h6 Rg1-g5   2.h6*g5 x",
        ]
    );
}

#[test]
fn a_goal_on_each_letter_with_white_first_and_a_negated_goal() {
    // White begins: its moves mate, Black's capture.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\nsstip white 3h[#]h[x]\npieces white ka6 rg7 black ka4 sd8b3 pa2\nendproblem\n"
        ),
        [
            "  White 3h[#]h[x]             2 + 4",
            "  1.Rg7-b7 Sd8*b7 x",
            "  1.Rg7-f7 Sd8*f7 x",
        ]
    );
    // `!x`: every Black move that captures nothing ends the line at once.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\nsstip black 4h[!x]h[#]\npieces white kf7 rg1 black kh8 ph7 pa7\nendproblem\n"
        ),
        [
            "  Black 4h[!x]h[#]            2 + 3",
            "  1.a7-a5",
            "  1.a7-a6",
            "  1.h7-h5",
            "  1.h7-h6",
        ]
    );
}

#[test]
fn a_goal_on_the_other_letter_alone_is_the_branch_a_half_move_shorter() {
    // `black 4h[x]h`: Black's moves capture, so the lines end with them.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\nsstip black 4h[x]h\npieces white kf7 rg1 black kh8 ph7 pa7\nendproblem\n"
        ),
        [
            "  Black 4h[x]h                2 + 3",
            "  1.a7-a5 Rg1-g6   2.h7*g6 x",
            "  1.a7-a6 Rg1-g6   2.h7*g6 x",
            "  1.h7-h5 Rg1-g4   2.h5*g4 x",
            "  1.h7-h6 Rg1-g5   2.h6*g5 x",
        ]
    );
}

#[test]
fn a_constraint_on_the_nested_defence_makes_each_defence_reach_its_goal() {
    // Popeye's example: a cross-check. The key checks, every defence
    // checks back and White answers each with a check; no threat is
    // looked for.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kh1 ra2 black kh7 gh8 pg4\nsstip white 2ad[1a[+]d{+}]\noption vari\nendproblem\n"
        ),
        [
            "  White 2ad[1a[+]d{+}]        2 + 3",
            "   1.Ra2-h2 + !",
            "      1...Kh7-g6 +",
            "          2.Rh2-h6 +",
            "      1...Kh7-g8 +",
            "          2.Rh2*h8 +",
            "      1...Kh7-g7 +",
            "          2.Rh2-h7 +",
            "      1...Gh8-h6 +",
            "          2.Rh2*h6 +",
        ]
    );
    // `{!+}`: a defence that checks refutes.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kf7 rg1 pb2 black kh8 ph7 pa7 bf6\nsstip white 2ad[1a[+]d{!+}]\noption vari\nendproblem\n"
        ),
        [
            "  White 2ad[1a[+]d{!+}]       3 + 4",
            "   1.Kf7*f6 !",
            "      1...a7-a5",
            "          2.Rg1-g8 +",
            "      1...a7-a6",
            "          2.Rg1-g8 +",
            "      1...h7-h5",
            "          2.Rg1-g8 +",
            "      1...h7-h6",
            "          2.Rg1-g8 +",
        ]
    );
}

#[test]
fn a_nested_attack_after_the_defence_is_exact_direct_play_without_threats() {
    // A check at once (`1.Rg1-g8 +`) is no solution, and the key that
    // lets every defence be met writes no threat.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kf7 rg1 pb2 black kh8 ph7 pa7 bf6\nsstip white 2ad[1a[+]d]\noption vari\nendproblem\n"
        ),
        [
            "  White 2ad[1a[+]d]           3 + 4",
            "   1.Kf7*f6 !",
            "      1...a7-a5",
            "          2.Rg1-g8 +",
            "      1...a7-a6",
            "          2.Rg1-g8 +",
            "      1...h7-h5",
            "          2.Rg1-g8 +",
            "      1...h7-h6",
            "          2.Rg1-g8 +",
        ]
    );
    // Another goal with the constraint: a check before the goal's sign
    // where the move gives one.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kh1 ra2 bc1 black kh7 gh8 pa7 pb7\nsstip white 2ad[1a[x]d{+}]\noption vari\nendproblem\n"
        ),
        [
            "  White 2ad[1a[x]d{+}]        3 + 4",
            "   1.Ra2-h2 + !",
            "      1...Kh7-g6 +",
            "          2.Rh2*h8 x",
            "      1...Kh7-g8 +",
            "          2.Rh2*h8 + x",
            "      1...Kh7-g7 +",
            "          2.Rh2*h8 x",
            "      1...Gh8-h6 +",
            "          2.Bc1*h6 x",
            "          2.Rh2*h6 + x",
        ]
    );
}

#[test]
fn a_series_into_two_moves_of_the_other_side_the_first_goal_constrained() {
    // Popeye's regression test: Black's series, then White captures and,
    // Black passing, checks. The series is as long as needed (its shorter
    // lengths are tried first), White's moves are not numbered.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\nsstip black 3s[1s[-1s[+]]{x}]\npieces white sb4 black kh1 pa6\nendproblem\n"
        ),
        [
            "  Black 3s[1s{x}[-1s[+]]]     1 + 2",
            "  1.Kh1-g2   2.Kg2-f3   3.Kf3-e4 Sb4*a6 Sa6-c5 +",
        ]
    );
    assert_eq!(
        from_stipulation_line(
            "beginproblem\nsstip black 2s[1s[-1s[#]]{x}]\npieces white kf6 rg1 sb4 black kh8 ph7 pa7 bc8\nendproblem\n"
        ),
        [
            "  Black 2s[1s{x}[-1s[#]]]     3 + 4",
            "  1.Bc8-g4   2.Bg4-d1 Rg1*d1 Rd1-d8 #",
            "  1.Bc8-e6   2.Be6-f7 Kf6*f7 Rg1-g8 #",
        ]
    );
}

#[test]
fn halfduplex_names_the_other_side_in_the_header() {
    // Popeye gives the stated side's part to the other side and names it.
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kf7 rg1 black kh8 ph7 pa7\nsstip black 4hh[#]\noption halfduplex\nendproblem\n"
        ),
        ["  White 4hh[#]                2 + 3", "             HalfDuplex"]
    );
    assert_eq!(
        from_stipulation_line(
            "beginproblem\npieces white kf7 rg1 black kh8 ph7 pa7\nsstip white 3h[#]h\noption halfduplex\nendproblem\n"
        ),
        ["  Black 3h[#]h                2 + 3", "             HalfDuplex"]
    );
}
