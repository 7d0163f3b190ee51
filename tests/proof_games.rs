//! Proof games (`dia`, `a=>b`, their series and parry series forms): the
//! play from the game array (or `a=>b`'s first position) to the diagram,
//! on problems whose solutions Popeye 4.104 printed.

mod common;

fn lines(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.ends_with(" dia")).collect()
}

#[test]
fn the_shortest_games_come_first_and_a_line_stops_where_it_reaches_the_diagram() {
    // dia3 with a game of one move: Popeye prints it, then the games of
    // three moves (none of two), none going on from the diagram reached.
    let out = common::solved_popeye(
        "beginproblem\nstipulation dia3\n\
         pieces white ra1 sb1 bc1 qd1 ke1 bf1 sg1 rh1 pa2 pb2 pc2 pd2 pf2 pg2 ph2 pe3\n\
         black pa7 pb7 pc7 pd7 pf7 pg7 ph7 pe6 ra8 sb8 bc8 qd8 ke8 bf8 sg8 rh8\nendproblem\n",
    );
    let found = lines(&out);
    assert_eq!(found.len(), 302, "{out}");
    assert_eq!(found[0], "  1.e2-e3 e7-e6 dia");
    assert!(!out.contains("1.e2-e3 e7-e6   2."), "{out}");
}

#[test]
fn a_half_move_game_is_numbered_from_whites_first_move() {
    let out = common::solved_popeye(
        "beginproblem\nstipulation dia2.5\ncondition circe\n\
         pieces white ra1 sb1 bc1 qd1 ke1 bf1 sg1 rh1 pb2 pe2 pf2 pg2 ph2 pa3 pc3 pd4\n\
         black pb5 pf6 pa7 pc7 pd7 pe7 pg7 ph7 ra8 sb8 bc8 qd8 ke8 bf8 sg8 rh8\nendproblem\n",
    );
    let found = lines(&out);
    assert_eq!(found.len(), 12, "{out}");
    assert!(found.contains(&"  1.a2-a3 b7-b5   2.c2-c3 f7-f6   3.d2-d4 dia"));
}

#[test]
fn a_captured_unit_reborn_at_home_is_in_place_again() {
    let out = common::solved_popeye(
        "beginproblem\nstipulation dia2\ncondition circe\n\
         pieces white ra1 sb1 bc1 qd1 ke1 bf1 sg1 rh1 pa2 pb2 pc2 pd2 pf2 pg2 ph2 pd5\n\
         black pa7 pb7 pc7 pd7 pe7 pf7 pg7 ph7 ra8 bc8 qd8 ke8 bf8 sg8 rh8 sc6\nendproblem\n",
    );
    assert_eq!(
        lines(&out),
        ["  1.e2-e4 d7-d5   2.e4*d5[+bPd7] Sb8-c6 dia"],
        "{out}"
    );
}

#[test]
fn an_anticirce_capturer_goes_home_with_the_capture() {
    let out = common::solved_popeye(
        "beginproblem\nstipulation dia2\ncondition anticirce\n\
         pieces white ra1 sb1 bc1 qd1 ke1 bf1 sg1 rh1 pa2 pb2 pc2 pd2 pe2 pf2 pg2 ph2\n\
         black pa7 pb7 pc7 pe7 pf7 pg7 ph7 ra8 bc8 qd8 ke8 bf8 sg8 rh8 sc6\nendproblem\n",
    );
    assert_eq!(
        lines(&out),
        ["  1.Sb1-c3 d7-d5   2.Sc3*d5[wSd5->b1] Sb8-c6 dia"],
        "{out}"
    );
}

#[test]
fn a_parrain_rebirth_waits_for_the_next_move_and_the_unit_still_counts() {
    // Popeye's regression (4.41): the black pawn taken on d5 comes back
    // on d7 with the queen's move back, a move later.
    let out = common::solved_popeye(
        "beginproblem\nstip dia3.5\ncond parr\n\
         fors rsbqkbsr/pppppppp/1S6/24/PPPPPPPP/RSBQKB1R/\nendproblem\n",
    );
    assert_eq!(
        lines(&out),
        ["  1.Sg1-h3 d7-d5   2.Sh3-f4 Qd8-d6   3.Sf4*d5 Qd6-d8[+bPd7]   4.Sd5-b6 dia"],
        "{out}"
    );
}

#[test]
fn an_a_to_b_starts_from_the_first_position_black_first_unless_white_begins() {
    // Answers of Popeye 4.104.
    let out = common::solved_popeye(
        "beginproblem\npieces white ke1 rh1 black ke8\nstipulation a=>b1\n\
         pieces white ke2 rh1 black kd8\nendproblem\n",
    );
    assert!(out.contains("=> (Black ->)"), "{out}");
    let found: Vec<&str> = out.lines().filter(|l| l.ends_with(" a=>b")).collect();
    assert_eq!(found, ["  1.Ke8-d8 Ke1-e2 a=>b"], "{out}");
    let out = common::solved_popeye(
        "beginproblem\npieces white Kb3 Rb6 Re8 Pc3 black Kc7 Rg3 Ba6\nstipulation a=>b2\n\
         option white\npieces white Kb3 Rh6 Re2 Pc3 black Kc7 Rg6 Bf1\nendproblem\n",
    );
    assert!(out.contains("=> (White ->)"), "{out}");
    assert!(!out.contains("not applicable"), "{out}");
    let found: Vec<&str> = out.lines().filter(|l| l.ends_with(" a=>b")).collect();
    assert_eq!(found, ["  1.Rb6-h6 Ba6-f1   2.Re8-e2 Rg3-g6 a=>b"], "{out}");
}

#[test]
fn a_series_proof_game_is_whites_alone() {
    let out = common::solved_popeye(
        "beginproblem\nstipulation ser-dia2\n\
         pieces white ra1 sb1 bc1 qd1 ke1 bf1 sg1 rh1 pa2 pb2 pc2 pd2 pf2 pg2 ph2 pe5\n\
         black pa7 pb7 pc7 pd7 pe7 pf7 pg7 ph7 ra8 sb8 bc8 qd8 ke8 bf8 sg8 rh8\nendproblem\n",
    );
    assert_eq!(lines(&out), ["  1.e2-e4   2.e4-e5 dia"], "{out}");
}

#[test]
fn a_parry_series_meets_every_parry_and_a_help_parry_series_one() {
    // Dan Meinking, StrateGems 2009: Popeye 4.104's answers to pser-#3
    // (every black parry met: three lines) and phser-#3 (one parry
    // chosen: five); ser-#3 has none.
    let problem = |stip: &str| {
        format!(
            "beginproblem\npieces white kg1 qe1 ba6 black ke5 sg7g8 pa3c5d5e3e4f6\n\
             stipulation {stip}\nendproblem\n"
        )
    };
    let mates = |out: &str| out.lines().filter(|l| l.ends_with(" #")).count();
    let out = common::solved_popeye(&problem("pser-#3"));
    assert_eq!(mates(&out), 3, "{out}");
    assert!(
        out.contains("  1.Qe1-g3 + Ke5-d4   2.Qg3-e1   3.Qe1-a1 #"),
        "{out}"
    );
    let out = common::solved_popeye(&problem("phser-#3"));
    assert_eq!(mates(&out), 5, "{out}");
    assert!(
        out.contains("  1.Qe1-a5   2.Qa5-c7 + Ke5-e6   3.Ba6-c8 #"),
        "{out}"
    );
    assert_eq!(mates(&common::solved_popeye(&problem("ser-#3"))), 0);
}

#[test]
fn twins_of_an_a_to_b_and_set_play_of_a_proof_game_are_refused_by_name() {
    let twinned = "beginproblem\npieces white ke1 black ke8\nstipulation a=>b1\n\
                   pieces white ke2 black kd8\ntwin move e2 e3\nendproblem\n";
    let err = circe::io::popeye_input::parse_popeye(twinned, std::path::Path::new("t.inp"))
        .expect_err("refused");
    assert!(
        err.to_string().contains("t.inp:5: twins of an a=>b"),
        "{err}"
    );
    let set_play = "beginproblem\nstipulation dia2\noption setplay\n\
                    pieces white ke1 black ke8\nendproblem\n";
    let problem = circe::io::popeye_input::parse_popeye(set_play, std::path::Path::new("t.inp"))
        .expect("input parses")
        .remove(0);
    let twins = circe::solve::solve_problem(&problem);
    let err = twins[0].result.as_ref().expect_err("refused");
    assert!(err.to_string().contains("setplay"), "{err}");
}
