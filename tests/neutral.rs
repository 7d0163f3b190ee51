//! Neutral units, one test per rule (Popeye's neutral pieces): positions
//! composed for the test, their moves worked out by hand.

mod common;

use circe::board::Color;
use circe::io::popeye_input::parse_popeye;
use circe::io::toml_input::parse_toml;
use circe::rules::{CirceRules, Rules};
use std::path::Path;

fn circe() -> Rules {
    Rules::with_circe(CirceRules::CIRCE)
}

#[track_caller]
fn assert_has(ms: &[String], yes: &[&str], no: &[&str]) {
    for m in yes {
        assert!(ms.iter().any(|x| x == m), "{m} missing from {ms:?}");
    }
    for m in no {
        assert!(!ms.iter().any(|x| x == m), "{m} should not be in {ms:?}");
    }
}

#[test]
fn a_neutral_pawn_moves_in_the_direction_of_the_side_moving_it() {
    let list = "wKa1 bKa8 nPd4 nPe2 nPg7";
    let white = common::legal_moves_text(&common::position(list, Color::White), &circe());
    assert_has(
        &white,
        &["nPd4-d5", "nPe2-e3", "nPe2-e4", "nPg7-g8=nQ", "nPg7-g8=nS"],
        &["nPd4-d3", "nPe2-e1=nQ", "nPg7-g6", "nPg7-g5"],
    );
    let black = common::legal_moves_text(&common::position(list, Color::Black), &circe());
    assert_has(
        &black,
        &["nPd4-d3", "nPe2-e1=nR", "nPg7-g6", "nPg7-g5"],
        &["nPd4-d5", "nPe2-e3", "nPe2-e4", "nPg7-g8=nQ"],
    );
}

#[test]
fn a_neutral_pawn_captures_the_other_sides_units_in_its_movers_direction() {
    // c5 and e3 are dark squares: a black knight goes back to b8, a white
    // one to g1.
    let list = "wKa1 bKh8 nPd4 bSc5 wSe3";
    let white = common::legal_moves_text(&common::position(list, Color::White), &circe());
    assert_has(&white, &["nPd4*c5[+bSb8]"], &["nPd4*e3[+wSg1]"]);
    let black = common::legal_moves_text(&common::position(list, Color::Black), &circe());
    assert_has(&black, &["nPd4*e3[+wSg1]"], &["nPd4*c5[+bSb8]"]);
}

#[test]
fn a_captured_neutral_unit_is_reborn_neutral_as_the_side_that_did_not_capture_it() {
    // b8 is dark. White captures: reborn as a black bishop, on f8. Black
    // captures: reborn as a white bishop, on c1.
    let white = common::legal_moves_text(
        &common::position("wKd4 bKh5 nPa7 nBb8", Color::White),
        &circe(),
    );
    assert_has(&white, &["nPa7*b8=nS[+nBf8]", "nPa7*b8=nQ[+nBf8]"], &[]);
    let black = common::legal_moves_text(
        &common::position("wKd4 bKh5 bRb1 nBb8", Color::Black),
        &circe(),
    );
    assert_has(&black, &["Rb1*b8[+nBc1]"], &["Rb1*b8[+nBf8]"]);
}

#[test]
fn a_neutral_unit_may_capture_another() {
    // a5 is dark. White capturing: the rook reborn as Black's, on h8.
    // Black capturing: as White's, on a1, which the capturer has just left.
    let list = "wKe3 bKe6 nRa1 nRa5";
    let white = common::legal_moves_text(&common::position(list, Color::White), &circe());
    assert_has(&white, &["nRa1*a5[+nRh8]", "nRa5*a1[+nRh8]"], &[]);
    let black = common::legal_moves_text(&common::position(list, Color::Black), &circe());
    assert_has(&black, &["nRa1*a5[+nRa1]"], &["nRa1*a5[+nRh8]"]);
}

#[test]
fn a_king_is_in_check_from_a_neutral_unit_acting_for_the_opponent() {
    // The neutral pawn on d6 captures downwards as Black's, upwards as White's.
    let rules = circe();
    assert!(rules.in_check(
        &common::position("wKe5 bKa8 nPd6", Color::White),
        Color::White
    ));
    assert!(rules.in_check(
        &common::position("wKa1 bKe7 nPd6", Color::Black),
        Color::Black
    ));
    assert!(!rules.in_check(
        &common::position("wKc7 bKa1 nPd6", Color::White),
        Color::White
    ));
    assert!(!rules.in_check(
        &common::position("wKa1 bKc5 nPd6", Color::Black),
        Color::Black
    ));
    // A neutral rook on the king's line checks it whichever side moved it.
    assert!(rules.in_check(
        &common::position("wKe1 bKa8 nRe5", Color::White),
        Color::White
    ));
}

#[test]
fn no_move_may_leave_a_neutral_unit_attacking_the_movers_king() {
    let list = "wKe1 bKh8 nRd2";
    // White may not put the neutral rook next to its own king on e2 or d1.
    let white = common::legal_moves_text(&common::position(list, Color::White), &circe());
    assert_has(&white, &["nRd2-d5", "nRd2-h2"], &["nRd2-e2", "nRd2-d1"]);
    // Black may (it checks White) but not move it to the h-file.
    let black = common::legal_moves_text(&common::position(list, Color::Black), &circe());
    assert_has(&black, &["nRd2-e2", "nRd2-d1"], &["nRd2-h2"]);
}

#[test]
fn a_neutral_kamikaze_capturer_is_reborn_as_the_movers_unit() {
    // a8 is light: the kamikaze rook is reborn as White's, on h1; the
    // captured bishop as Black's, on c8.
    let ms = common::legal_moves_text(
        &common::position("wKd4 bKf5 nkPb7 nBa8", Color::White),
        &circe(),
    );
    assert_has(&ms, &["nkPb7*a8=nkR[nkRa8->h1][+nBc8]"], &[]);
}

#[test]
fn a_neutral_anticirce_capturer_is_reborn_as_the_movers_unit() {
    // d5 is light: White's rook goes to h1, Black's to a8.
    let calvet = Rules::with_circe(CirceRules::ANTICIRCE_CALVET);
    let white = common::legal_moves_text(
        &common::position("wKa3 bKf7 nRd1 bRd5", Color::White),
        &calvet,
    );
    assert_has(&white, &["nRd1*d5[nRd5->h1]"], &[]);
    let black = common::legal_moves_text(
        &common::position("wKa3 bKf7 nRd1 wRd5", Color::Black),
        &calvet,
    );
    assert_has(&black, &["nRd1*d5[nRd5->a8]"], &[]);
}

#[test]
fn neutrality_is_part_of_the_zobrist_key() {
    let n = common::position("wKa1 bKh8 nPd4", Color::White);
    let w = common::position("wKa1 bKh8 wPd4", Color::White);
    let b = common::position("wKa1 bKh8 bPd4", Color::White);
    assert_ne!(n.zobrist(), w.zobrist());
    assert_ne!(n.zobrist(), b.zobrist());
}

#[test]
fn popeye_output_writes_neutral_units_with_n_and_equals() {
    // White's moves: the king's three, and the pawn's promotions on b8 and
    // with capture on a8, where the bishop, captured by White, is reborn as
    // a black bishop on the light square c8. A queen or rook on a8 would
    // check White's own king along the a-file; a queen on b8 checks Black's.
    let out = common::solved_popeye(
        "beginproblem\npieces white ka1 black kh8 neutral pb7 ba8\n\
         stipulation ~1\ncondition circe\nendproblem\n",
    );
    for line in [
        "8  =B   .   .   .   .   .   .  -K   8",
        "7   .  =P   .   .   .   .   .   .   7",
        "  ~1                     1 + 1 + 2n",
        "1.nPb7-b8=nQ +",
        "1.nPb7-b8=nB",
        "1.nPb7*a8=nS[+nBc8]",
        "1.nPb7*a8=nB[+nBc8]",
        "1.Ka1-b2",
    ] {
        assert!(out.contains(line), "missing {line:?} in\n{out}");
    }
    for line in ["1.nPb7*a8=nQ", "1.nPb7*a8=nR"] {
        assert!(!out.contains(line), "{line:?} in\n{out}");
    }
}

#[test]
fn the_readers_take_neutral_units_and_refuse_neutral_kings() {
    let p = parse_popeye(
        "beginproblem\npieces white ka1 black kh8 neutral pb7 sa8\n\
         stipulation ~1\nendproblem\n",
        Path::new("t.inp"),
    )
    .unwrap()
    .remove(0);
    assert_eq!(p.position.neutral().count(), 2);
    assert_eq!(p.position.count(Color::White), 1);
    let e = parse_popeye(
        "beginproblem\npieces white ka1 neutral ke4\nstipulation ~1\nendproblem\n",
        Path::new("t.inp"),
    )
    .unwrap_err();
    // A neutral king is both sides' king: beside White's own, one too many.
    assert!(e.message.contains("one king at most"), "{e}");
    assert_eq!(e.line, 2);
    // Popeye's forsyth marks a neutral unit with '='.
    let p = parse_popeye(
        "beginproblem\nforsyth 7k/=P7/8/8/8/8/8/K7\nstipulation ~1\nendproblem\n",
        Path::new("t.inp"),
    )
    .unwrap()
    .remove(0);
    assert_eq!(p.position.neutral().count(), 1);

    let toml = "fen = \"7k/P7/8/8/8/8/8/K7\"\nstipulation = \"~1\"\nneutral = [\"a7\"]\n";
    let p = parse_toml(toml, Path::new("t.toml")).unwrap();
    assert_eq!(p.position.neutral().count(), 1);
    assert_eq!(p.position.count(Color::White), 1);
    let e = parse_toml(
        "fen = \"7k/P7/8/8/8/8/8/K7\"\nstipulation = \"~1\"\nneutral = [\"h8\"]\n",
        Path::new("t.toml"),
    )
    .unwrap_err();
    assert!(e.message.contains("one king at most"), "{e}");
}
