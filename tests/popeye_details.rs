//! Details of play as Popeye prints them, on the small orthodox positions
//! of Popeye's own battle-play and help-play regression tests (their
//! recorded solutions are the oracle): `postkeyplay`, a refutation that
//! reaches the goal too early under `exact-`, the mate a reflex attacker is
//! forced into, the self-play defences that reach the goal early, set play
//! that an illegal set position rules out, and the double mate `##`.

mod common;

/// The lines from the first move (or the word after the key) up to the
/// footer, blank lines left out.
fn solution(body: &str) -> String {
    let out = common::solved_popeye(&format!("beginproblem\n{body}\nendproblem\n"));
    let start = out.rfind("+---a---b").expect("diagram");
    out[start..]
        .lines()
        .skip(2)
        .filter(|l| !l.trim().is_empty() && !l.starts_with("solution finished"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn postkeyplay_starts_after_the_key_with_zugzwang_and_the_variations() {
    // #1.5: without option variation, the variations are shown.
    let got = solution("pieces white kb6 sd5 pa7 black ka8 se8\nstipulation #2\noption postkey");
    let want = " zugzwang.
      1...Se8-c7
          2.Sd5*c7 #
      1...Se8-d6
          2.Sd5-c7 #
      1...Se8-f6
          2.Sd5-c7 #
      1...Se8-g7
          2.Sd5-c7 #";
    assert_eq!(got, want);
}

#[test]
fn postkeyplay_says_which_defence_refutes_in_its_place() {
    let got =
        solution("pieces white kb6 sd5 pa7 black ka8 se8 ph5\nstipulation #2\noption postkey");
    let want = " zugzwang.
      1...h5-h4
        refutes.
      1...Se8-c7
          2.Sd5*c7 #
      1...Se8-d6
          2.Sd5-c7 #
      1...Se8-f6
          2.Sd5-c7 #
      1...Se8-g7
          2.Sd5-c7 #";
    assert_eq!(got, want);
    // German: "Widerlegt."
    let de = common::solved_popeye(
        "anfangproblem\nsteine weiss kb6 sd5 ba7 schwarz ka8 se8 bh5\nforderung #2\noption nachschluessel\nendeproblem\n",
    );
    assert!(de.contains("      1...h5-h4\n        Widerlegt.\n"), "{de}");
}

#[test]
fn postkeyplay_prints_the_threat_first() {
    let got = solution(
        "stipulation #4\noption postkey variation threat 1\n\
         pieces white ke2 ra1h5 bc5f5 sg3 black ke8 ra4 ba5 pa3b3b7c7e5f7g7",
    );
    let want = " threat:
          2.Rh5-h8 #
      1...Ra4-h4
          2.Rh5*h4 threat:
                  3.Rh4-h8 #
              2...f7-f6
                  3.Rh4-h8 +
                      3...Ke8-f7
                          4.Rh8-f8 #
                  3.Bf5-e6 threat:
                          4.Rh4-h8 #
      1...Ra4-e4 +
          2.Sg3*e4 threat:
                  3.Rh5-h8 #
              2...f7-f6
                  3.Bf5-e6 threat:
                          4.Rh5-h8 #
                  3.Rh5-h8 +
                      3...Ke8-f7
                          4.Rh8-f8 #
      1...f7-f6
          2.Rh5-h8 +
              2...Ke8-f7
                  3.Rh8-f8 #";
    assert_eq!(got, want);
}

#[test]
fn postkeyplay_in_self_and_reflex_play() {
    assert_eq!(
        solution("pieces white ka1 rh4 black ka3 pa2b3\nstipulation s#1\noption postkey vari"),
        "      1...b3-b2 #"
    );
    assert_eq!(
        solution("pieces white ka1 qd1 black ka3 pa2b4\nstipulation s#2\noption postkey vari"),
        " zugzwang.\n      1...b4-b3\n          2.Qd1-g4\n              2...b3-b2 #"
    );
    assert_eq!(
        solution("pieces white ka1 black ka3 se1 pa2\nstipulation r#1\noption postkey"),
        "      1...Se1-c2 #"
    );
}

#[test]
fn exact_self_play_refuted_by_a_goal_reached_too_early_shows_its_sign() {
    let got = solution(
        "pieces white ka1 qe1 sd1 pc3e2 black kc2 bb1 pa2b3a4\n\
         stipulation exact-s#2\noption try vari",
    );
    assert!(got.contains("   1.Sd1-f2 ? zugzwang.\n"), "{got}");
    assert!(got.contains("    but\n      1...b3-b2 # !"), "{got}");
    assert!(got.contains("   1.Sd1-b2 ! zugzwang.\n"), "{got}");
    assert!(
        got.contains("   1.Qe1-d2 + ?\n    but\n      1...Kc2*d2 !"),
        "{got}"
    );
}

#[test]
fn a_reflex_attacker_that_can_mate_must_and_popeye_shows_that_mate() {
    for stip in ["r#1", "r#2"] {
        assert_eq!(
            solution(&format!(
                "pieces white ka1 bg7 black ka3 pa2a4b3\nstip {stip}"
            )),
            "   1.Bg7-f8 # ?!?",
            "{stip}"
        );
    }
}

#[test]
fn a_forced_goal_move_is_marked_and_no_blank_line_follows_it() {
    // Popeye's constraint mark ` ?!?`: the lines follow each other, one
    // blank line before the footer.
    let out = common::solved_popeye(
        "beginproblem\npieces white ka6 pc7 black ka8 pa5\nstip r#2\noption vari\nendproblem\n",
    );
    assert!(
        out.contains("\n   1.c7-c8=Q # ?!?\n   1.c7-c8=R # ?!?\n\nsolution finished."),
        "{out}"
    );
}

#[test]
fn a_refutation_that_forces_a_reflex_attacker_to_mate_shows_that_mate() {
    let got = solution("pieces white kg7 qh7 rf4 black ka1 pf3\nstip r#2\noption try");
    let want = "   1.Rf4-a4 + ?
    but
      1...Ka1-b2 !
   1.Qh7-b1 + ?
    but
      1...Ka1*b1 !
   1.Qh7-c2 ?
    but
      1...f3-f2 !
          2.Rf4-a4 # ?!?";
    assert_eq!(got, want);
}

#[test]
fn reflex_set_play_obliges_the_defender_to_reach_the_goal() {
    // Black can mate at once, so in set play it must: no longer line.
    let got = solution("pieces white ka1 ph3 black ka3 pa2a4b3b4f6\nstip r#2\noption set vari");
    let want = "      1...b3-b2 #
   1.h3-h4 !
      1...b3-b2 #";
    assert_eq!(got, want);
}

#[test]
fn a_mate_or_stalemate_goal_is_marked_as_written() {
    let got = solution("pieces white ka3 rc3 black ka1\nstip #=2");
    assert_eq!(got, "   1.Rc3-c1 #= !\n   1.Rc3-b3 #= !");
}

#[test]
fn a_self_play_key_is_shown_at_its_shortest_length() {
    // The key forces the goal at once: its defences are the goal moves.
    let got = solution("pieces white ka1 rh2 cab1 black kb3 pa3c3\nstip s#=2\noption vari");
    assert_eq!(
        got,
        "   1.Rh2-b2 + !\n      1...a3*b2 #=\n      1...c3*b2 #="
    );
    let got = solution("pieces white ka1 rc3 black ka3 pa2b3c5\nstip s#2\noption vari");
    assert!(got.starts_with("   1.Rc3-c4 !\n      1...b3-b2 #"), "{got}");
}

#[test]
fn self_play_set_play_at_the_last_move_is_shown_only_when_complete() {
    // s#1: one black move mates, the others do not: no set play.
    assert_eq!(
        solution("pieces white ka1 rc3 black ka3 pa2b3c5\nstip s#1\noption set vari"),
        "   1.Rc3-c4 !\n      1...b3-b2 #"
    );
    // Every black move mates at once: the set play is that, even in s#2.
    let got = solution("pieces white ka1 rc4 pg4 black ka3 pa2b3c5g5\nstip s#2\noption set vari");
    assert!(got.starts_with("      1...b3-b2 #\n   1.Rc4-e4 !"), "{got}");
}

#[test]
fn noshortvariations_leaves_out_defences_met_in_fewer_moves() {
    let got = solution(
        "pieces white ka6 se6 pa7c3 black ka8 se8 pc6\nstip #3\noption postkey vari noshortvariations",
    );
    let want = " zugzwang.
      1...c6-c5
          2.c3-c4 zugzwang.
              2...Se8-c7 +
                  3.Se6*c7 #
              2...Se8-d6
                  3.Se6-c7 #
              2...Se8-f6
                  3.Se6-c7 #
              2...Se8-g7
                  3.Se6-c7 #";
    assert_eq!(got, want);
}

#[test]
fn intelligent_mode_where_popeye_restricts_it() {
    let notice = "Intelligent Mode only with h#/=, ser-#/= and ser-h#/=, with a limited set of fairy conditions and without fairy pieces.";
    // With a condition Popeye solves nothing: the notice takes the place
    // of the blank line that opens the play.
    let out = common::solved_popeye(
        "beginproblem\npieces white kc6 qd1 black ka8 pa7\nstipulation h#2\noption intelligent\ncondition circe\nendproblem\n",
    );
    assert!(
        out.contains(&format!("Circe\n{notice}\n\nsolution finished.")),
        "{out}"
    );
    assert!(!out.contains("1.Ka8-b8"), "{out}");
    // Not a help or series mate: the notice, then the play as without the
    // option, move numbers included.
    let out = common::solved_popeye(
        "beginproblem\npieces white kc6 qd1 black ka8 pa7\nstipulation #2\noption intelligent movenumbers\nendproblem\n",
    );
    assert!(
        out.contains(&format!("2 + 2\n{notice}\n\n  1  (Qd1-h5")),
        "{out}"
    );
    // In intelligent mode Popeye prints no move numbers.
    let out = common::solved_popeye(
        "beginproblem\npieces white kc6 qd1 black ka8 pa7\nstipulation h#2\noption intelligent movenumbers\nendproblem\n",
    );
    assert!(!out.contains("(Ka8-b8"), "{out}");
    assert!(out.contains("  1.Ka8-b8 Qd1-d8 #\n"), "{out}");
}

#[test]
fn under_a_key_a_self_play_defence_that_mates_early_is_not_shown() {
    // Set play shows 1...b3-b2#; under the key only the full-length line.
    let got = solution(
        "pieces white ka1 rc4 pg4 black ka3 pa2b3c5g5\nstip s#2\noption set vari nothreat",
    );
    let want = "      1...b3-b2 #
   1.Rc4-e4 !
      1...c5-c4
          2.Re4*c4
              2...b3-b2 #";
    assert_eq!(got, want);
}

#[test]
fn no_set_play_when_the_side_to_move_is_in_check() {
    // Black in check in a h#1: the set position (White to move) would be
    // illegal, so only the play is shown.
    assert_eq!(
        solution("pieces white ka6 bh2 sc4 black kb8\nstip h#1\noption set"),
        "  1.Kb8-a8 Sc4-b6 #"
    );
    // White in check in a #2: likewise.
    assert_eq!(
        solution("pieces white ka6 rc6 black kb8 sc5\nstipulation #2\noption set vari"),
        "   1.Rc6*c5 ! zugzwang.\n      1...Kb8-a8\n          2.Rc5-c8 #"
    );
}

#[test]
fn set_play_of_help_play_in_n_5_moves_keeps_the_plays_numbers() {
    // h#1.5: the play is 1...W 2.B W; its set play leaves out White's
    // first move, written `...`, and keeps the number 2. (Checked with
    // Popeye 4.104.)
    let got = solution("pieces white kc6 rh2 black ka8 pa7\nstip h#1.5\noption set");
    assert!(
        got.starts_with("  1...  ...  2.Ka8-b8 Rh2-h8 #\n  1...Rh2-h8 #\n"),
        "{got}"
    );
    // h#2.5: the same before each set line, short ones too.
    let got = solution("pieces white kc6 rh1 black ka8 pa7 pg5\nstip h#2.5\noption set");
    assert!(
        got.starts_with(
            "  1...  ...  2.g5-g4 Rh1-h8 #\n  1...  ...  2.Ka8-b8 Rh1-h8 #\n  \
             1...  ...  2.g5-g4 Rh1-d1   3.g4-g3 Rd1-d8 #\n"
        ),
        "{got}"
    );
}

#[test]
fn a_double_mate_leaves_both_kings_in_check_and_neither_side_a_move() {
    // The final move is a self-check. Capturing the king in check counts
    // as a way out: 1.Qh2-g1 Sh4-f3 2.Qg1-d4+ Ke4-f4 is no double mate,
    // as Black's queen could then take the white king.
    assert_eq!(
        solution("pieces white ke4 rh1 sh4 pg3 black kg4 qh2 pe2g2g5\nstip h##2"),
        "  1.Kg4-h3 Ke4-f3   2.g5-g4 + Kf3*g2 ##"
    );
    // A side that cannot move before its move gives no double mate.
    assert_eq!(
        solution("pieces white kc8 rb8 black ka7 qc5 rd5\nstip ##2"),
        ""
    );
}

#[test]
fn maxsolutions_reached_ends_with_popeye_s_partial_solution() {
    let out = common::solved_popeye(
        "beginproblem\npieces white kc6 qd1 black ka8 pa7\nstipulation h#2\noption maxsolutions 2\nendproblem\n",
    );
    assert!(
        out.contains(
            "  1.Ka8-b8 Qd1-d8 #\n  1.a7-a5 Qd1-b3   2.a5-a4 Qb3-b7 #\nPartial solution Time = "
        ),
        "{out}"
    );
}

#[test]
fn whitetoplay_is_ignored_where_help_play_already_begins_with_a_half_move() {
    // Popeye's WhiteToPlay shortens a help play of whole moves by its first
    // half-move; h+1.5 has none to lose: the option is ignored, said so
    // before the diagram, and the stipulation stays as written.
    let body = "pieces white ka3 pb4 black ka6\nstipulation h+1.5\noption whitetoplay";
    let out = common::solved_popeye(&format!("beginproblem\n{body}\nendproblem\n"));
    assert!(
        out.starts_with("WhiteToPlay not applicable - ignored\n\n\n+---a"),
        "{out}"
    );
    assert!(out.contains("\n  h+1.5    "), "{out}");
    assert_eq!(solution(body), "  1...b4-b5 +");
    // h+2 is shortened to h+1.5 and says nothing.
    let out = common::solved_popeye(
        "beginproblem\npieces white ka3 pb4 black ka6\nstipulation h+2\noption whitetoplay\nendproblem\n",
    );
    assert!(out.starts_with("\n\n+---a"), "{out}");
    assert!(out.contains("\n  h+1.5    "), "{out}");
    // Popeye shortens ser-#2 to a ser-#1 of its own making: refused.
    let p = circe::io::popeye_input::parse_popeye(
        "beginproblem\npieces white kc1 rh2 black ka1\nstipulation ser-#2\n\
         option whitetoplay\nendproblem\n",
        std::path::Path::new("test.inp"),
    )
    .expect("input parses")
    .remove(0);
    assert!(matches!(
        circe::solve::solve(&p),
        Err(circe::solve::SolveError::UnsupportedOption { .. })
    ));
}

#[test]
fn set_play_begins_right_after_the_diagrams_last_move() {
    // Option enpassant: Black's last move was d7-d5. Popeye's set play
    // begins with White instead of after a passed move, so the capture en
    // passant is there; the play proper (Black first) has no line, and the
    // blank line after the set play still comes.
    let out = common::solved_popeye(
        "beginproblem\npieces white pe5 black pc7d5\noption enpassant d7d6d5 set nowk nobk\n\
         stipulation hx1\nendproblem\n",
    );
    assert!(
        out.contains(
            "\n  hx1                         1 + 2\n\n  1...e5*d6 ep. x\n\n\nsolution finished"
        ),
        "{out}"
    );
}

#[test]
fn maxtime_stops_the_play_and_popeye_says_it_was_interrupted() {
    // An h#5 that takes far longer than a second: what was found stays,
    // and the footer says the solving was interrupted.
    let out = common::solved_popeye(
        "beginproblem\nstipulation h#5\ncondition anticirce cheylan\noption whitebegins maxtime 1\n\
         pieces white kd6 rg3 bc1 black kf2 qc8 rg7 pd2\nendproblem\n",
    );
    assert!(out.contains("\nsolving interrupted. Time = "), "{out}");
    assert!(!out.contains("solution finished"), "{out}");
}

#[test]
fn set_play_of_play_with_defence_keeps_the_diagrams_last_move() {
    // White's last move was e2-e4: Black's set defence may take en passant.
    let got = solution(
        "pieces white kc7 rb1 pe4h2 black ka8 pd4\nstipulation #2\n\
         option enpassant e2e3e4 set vari",
    );
    assert!(
        got.starts_with(
            "      1...d4-d3\n          2.Rb1-a1 #\n      1...d4*e3 ep.\n          2.Rb1-a1 #\n"
        ),
        "{got}"
    );
}

#[test]
fn a_series_double_step_stays_observed_en_passant_at_the_next_series_move() {
    // Madrasi: after d2-d4 the black pawn e4 could take en passant, so it
    // observes d4 and paralyses it. Black does not move between White's
    // series moves: at White's next move d4 is still paralysed; one move
    // later (2.h4) the double step is no longer the last move.
    let got = solution(
        "pieces white pd2h3 black pe4\nstipulation ser-zd53\ncondition madrasi\n\
         option nowk nobk",
    );
    assert_eq!(
        got,
        "               Madrasi\n  1.d2-d4   2.h3-h4   3.d4-d5 z"
    );
}

#[test]
fn maxsolutions_counts_set_play_and_play_apart() {
    let out = common::solved_popeye(
        "beginproblem\npieces white kc6 qd1 black ka8 pa7\nstipulation h#2\noption maxsolutions 1 setplay\nendproblem\n",
    );
    assert!(
        out.contains("\n  1...Qd1-d8 #\n\n  1.Ka8-b8 Qd1-d8 #\nPartial solution Time = "),
        "{out}"
    );
}

#[test]
fn movenumbers_find_the_shorter_lines_first_and_a_restart_plays_the_full_length() {
    let body = "pieces white kc6 qd1 black ka8 pa7\nstipulation ser-h#3";
    let out = common::solved_popeye(&format!(
        "beginproblem\n{body}\noption movenumbers\nendproblem\n"
    ));
    assert!(
        out.contains(
            "\n  1.Ka8-b8 Qd1-d8 #\n  1.Ka8-b8   2.Kb8-a8 Qd1-d8 #\n  1  (a7-a5    Time = "
        ),
        "{out}"
    );
    let out = common::solved_popeye(&format!(
        "beginproblem\n{body}\noption startmovenumber 3\nendproblem\n"
    ));
    let from = out.find("  3  (Ka8-b7 +").expect("numbered from 3");
    let lines: Vec<&str> = out[from..]
        .lines()
        .filter(|l| l.starts_with("  1."))
        .collect();
    assert_eq!(
        lines,
        [
            "  1.Ka8-b8   2.Kb8-a8   3.Ka8-b8 Qd1-d8 #",
            "  1.Ka8-b8   2.Kb8-c8   3.Kc8-b8 Qd1-d8 #"
        ]
    );
    assert!(!out.contains("Qd1-d8 #\n  3  ("), "{out}");
}

#[test]
fn keepmatingpiece_drops_the_lines_where_the_last_mover_keeps_only_its_king() {
    // hx2: White makes the last move; a line where Black takes the pawn f7
    // leaves White only its king and fails (Popeye: 62 lines, 65 without).
    let body = "pieces white ke6 pf7 black kg6 pe4\nstipulation hx2";
    let count = |opt: &str| {
        let out = common::solved_popeye(&format!("beginproblem\n{body}\n{opt}\nendproblem\n"));
        let lines: Vec<String> = out
            .lines()
            .filter(|l| l.starts_with("  1."))
            .map(str::to_string)
            .collect();
        lines
    };
    let kept = count("option keepmatingpiece");
    let all = count("");
    assert_eq!((kept.len(), all.len()), (62, 65));
    assert!(kept.iter().all(|l| !l.contains("*f7")), "{kept:?}");
}
