//! Proof games (`dia`): the play from the game array to the diagram,
//! White first, on problems whose solutions Popeye 4.104 printed.

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
fn a_to_b_and_series_proof_games_are_refused_by_name() {
    for stip in ["ser-dia3", "a=>b2"] {
        let text =
            format!("beginproblem\nstipulation {stip}\npieces white ke1 black ke8\nendproblem\n");
        let problem = circe::io::popeye_input::parse_popeye(&text, std::path::Path::new("t.inp"))
            .expect("input parses")
            .remove(0);
        let twins = circe::solve::solve_problem(&problem);
        let err = twins[0].result.as_ref().expect_err("refused");
        assert!(err.to_string().contains(stip), "{err}");
    }
}
