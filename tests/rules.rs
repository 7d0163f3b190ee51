//! One or more tests per rule of ../shared/docs/rules.md sections 1-4,
//! each written from the rule's text: a position, and the moves the rule
//! allows or forbids, in Popeye's notation.

mod common;

use circe::board::{Color, Square};
use circe::io::notation::{popeye_move, Alphabet};
use circe::movegen::legal_moves;
use circe::rules::{CirceRules, Rules};

fn circe() -> Rules {
    Rules::with_circe(CirceRules::CIRCE)
}
fn rex() -> Rules {
    Rules::with_circe(CirceRules::CIRCE_REX_INCLUSIVE)
}
fn calvet() -> Rules {
    Rules::with_circe(CirceRules::ANTICIRCE_CALVET)
}
fn cheylan() -> Rules {
    Rules::with_circe(CirceRules::ANTICIRCE_CHEYLAN)
}

fn has(ms: &[String], m: &str) -> bool {
    ms.iter().any(|x| x == m)
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

// --- 1. Circe ---

#[test]
fn captured_units_are_reborn_on_their_rebirth_squares() {
    let p = common::position("wKa1 wQd4 bKh8 bSd3 bBc5 bRe5 bPd5", Color::White);
    let ms = common::legal_moves_text(&p, &circe());
    // d3 is light: black knight to g8; c5 dark: black bishop to f8;
    // e5 dark: black rook to h8 is occupied by the king (see below).
    assert!(has(&ms, "Qd4*d3[+bSg8]"), "{ms:?}");
    assert!(has(&ms, "Qd4*c5[+bBf8]"), "{ms:?}");
    assert!(has(&ms, "Qd4*d5[+bPd7]"), "{ms:?}");
}

#[test]
fn unit_vanishes_when_its_rebirth_square_is_occupied() {
    // e5 is dark: the black rook's rebirth square h8 holds the black king.
    let p = common::position("wKa1 wQd4 bKh8 bRe5", Color::White);
    let ms = common::legal_moves_text(&p, &circe());
    assert!(has(&ms, "Qd4*e5"), "{ms:?}");
    let after = p.play(
        &{
            let mut v = Vec::new();
            legal_moves(&p, &circe(), &mut v);
            v
        }
        .into_iter()
        .find(|m| m.to == sq("e5"))
        .unwrap(),
    );
    assert_eq!(after.count(Color::Black), 1);
}

#[test]
fn capture_on_the_rebirth_square_removes_the_unit() {
    // The black queen captured on d8, its own rebirth square.
    let p = common::position("wKa1 wRd2 bKh7 bQd8", Color::White);
    let ms = common::legal_moves_text(&p, &circe());
    assert!(has(&ms, "Rd2*d8"), "{ms:?}");
}

#[test]
fn promoted_unit_is_reborn_as_what_it_is_now() {
    // A black queen (promoted or not) goes to d8.
    let p = common::position("wKa1 wRh2 bKf8 bQh5", Color::White);
    assert!(has(
        &common::legal_moves_text(&p, &circe()),
        "Rh2*h5[+bQd8]"
    ));
}

#[test]
fn en_passant_victim_is_reborn_on_its_file() {
    let mut p = common::position("wKa1 wPe5 bKh8 bPd5", Color::White);
    p.ep_square = Some(sq("d6"));
    p.ep_victim = sq("d5");
    assert!(has(
        &common::legal_moves_text(&p, &circe()),
        "e5*d6 ep.[+bPd7]"
    ));
}

#[test]
fn capture_is_illegal_when_the_reborn_unit_checks_the_capturer() {
    // c5 is dark: the black rook is reborn on h8 and would check Kh1.
    let p = common::position("wKh1 wQc3 bKa8 bRc5", Color::White);
    let ms = common::legal_moves_text(&p, &circe());
    assert!(!ms.iter().any(|m| m.starts_with("Qc3*c5")), "{ms:?}");
    // With h8 occupied the rook vanishes and the capture is fine.
    let p = common::position("wKh1 wQc3 bKa8 bRc5 bBh8", Color::White);
    assert!(has(&common::legal_moves_text(&p, &circe()), "Qc3*c5"));
}

#[test]
fn reborn_pawn_may_double_step_again() {
    let p = common::position("wKa1 wRe2 bKh8 bPe4", Color::White);
    let mut v = Vec::new();
    legal_moves(&p, &circe(), &mut v);
    let capture = v.iter().find(|m| m.to == sq("e4")).unwrap();
    assert_eq!(popeye_move(capture, Alphabet::English), "Re2*e4[+bPe7]");
    let after = p.play(capture);
    assert!(has(&common::legal_moves_text(&after, &circe()), "e7-e5"));
}

#[test]
fn rook_reborn_on_its_game_array_square_may_castle() {
    // White's rook captured on c3 (dark) is reborn on a1, unmoved.
    let p = common::position("wKe1 wRc3 bKh8 bBa5", Color::Black);
    let mut v = Vec::new();
    legal_moves(&p, &circe(), &mut v);
    let capture = v.iter().find(|m| m.to == sq("c3")).unwrap();
    assert_eq!(popeye_move(capture, Alphabet::English), "Ba5*c3[+wRa1]");
    let after = p.play(capture);
    // Bc3 attacks e1: the king is in check, so move the bishop out of the way first.
    assert!(!has(&common::legal_moves_text(&after, &circe()), "0-0-0"));
    let quiet = common::position("wKe1 wRc4 wPd3 bKa8 bBa6", Color::Black);
    let mut v = Vec::new();
    legal_moves(&quiet, &circe(), &mut v);
    let capture = v.iter().find(|m| m.to == sq("c4")).unwrap();
    // c4 is light: the rook goes to h1 and may castle short.
    let after = quiet.play(capture);
    assert!(
        has(&common::legal_moves_text(&after, &circe()), "0-0"),
        "{:?}",
        common::legal_moves_text(&after, &circe())
    );
}

#[test]
fn kings_are_not_reborn_in_plain_circe() {
    // Adjacent kings are illegal: the white king may not step next to the black one.
    let p = common::position("wKe4 bKe6", Color::White);
    let ms = common::legal_moves_text(&p, &circe());
    assert!(!has(&ms, "Ke4-e5"));
    assert!(!has(&ms, "Ke4-d5"));
}

// --- 2. Circe Rex Inclusive ---

#[test]
fn rex_inclusive_king_capture_is_an_ordinary_move() {
    let p = common::position("wKa1 wQe4 bKe5", Color::White);
    assert!(has(&common::legal_moves_text(&p, &rex()), "Qe4*e5[+bKe8]"));
}

#[test]
fn rex_inclusive_king_is_in_check_only_when_captured_for_good() {
    let r = rex();
    // Rebirth square free: not in check.
    let p = common::position("wKa1 wQe4 bKe5", Color::Black);
    assert!(!r.in_check(&p, Color::Black));
    // Rebirth square occupied: check.
    let p = common::position("wKa1 wQe4 bKe5 bPe8", Color::Black);
    assert!(r.in_check(&p, Color::Black));
    // Capture on the rebirth square itself: check.
    let p = common::position("wKa1 wQe4 bKe8", Color::Black);
    assert!(r.in_check(&p, Color::Black));
}

#[test]
fn rex_inclusive_adjacent_kings_are_legal() {
    let p = common::position("wKe4 bKe6", Color::White);
    let ms = common::legal_moves_text(&p, &rex());
    assert!(has(&ms, "Ke4-e5"), "{ms:?}");
}

// --- 3. Anticirce ---

#[test]
fn anticirce_capturer_is_reborn_and_captured_vanishes() {
    // b1 is light: a white rook capturing there goes to h1.
    let p = common::position("wKa3 wRb4 bKh8 bSb1", Color::White);
    assert!(has(
        &common::legal_moves_text(&p, &calvet()),
        "Rb4*b1[wRb1->h1]"
    ));
}

#[test]
fn anticirce_capture_is_illegal_when_the_capturer_cannot_be_reborn() {
    let p = common::position("wKa3 wRb4 wBh1 bKh8 bSb1", Color::White);
    assert!(!common::legal_moves_text(&p, &calvet())
        .iter()
        .any(|m| m.starts_with("Rb4*b1")));
}

#[test]
fn calvet_allows_and_cheylan_forbids_capture_on_own_rebirth_square() {
    let p = common::position("wKc3 wRa4 bKh8 bSa1", Color::White);
    assert!(has(
        &common::legal_moves_text(&p, &calvet()),
        "Ra4*a1[wRa1->a1]"
    ));
    assert!(!common::legal_moves_text(&p, &cheylan())
        .iter()
        .any(|m| m.starts_with("Ra4*a1")));
}

#[test]
fn anticirce_promotion_capture_promotes_then_is_reborn() {
    let p = common::position("wKc4 wPb7 bKh8 bRa8", Color::White);
    let ms = common::legal_moves_text(&p, &calvet());
    for m in [
        "b7*a8=Q[wQa8->d1]",
        "b7*a8=S[wSa8->b1]",
        "b7*a8=R[wRa8->h1]",
        "b7*a8=B[wBa8->f1]",
    ] {
        assert!(has(&ms, m), "{m} in {ms:?}");
    }
}

#[test]
fn anticirce_kings_take_part() {
    let p = common::position("wKd2 bKh8 bSd1", Color::White);
    assert!(has(
        &common::legal_moves_text(&p, &calvet()),
        "Kd2*d1[wKd1->e1]"
    ));
}

#[test]
fn anticirce_check_needs_a_legal_capture() {
    // The white rook attacks the black king on e8 (light): it would be reborn on h1.
    let p = common::position("wKa1 wRe2 bKe8", Color::Black);
    assert!(calvet().in_check(&p, Color::Black));
    // With h1 occupied the capture is illegal, so no check.
    let p = common::position("wKa1 wRe2 wBh1 bKe8", Color::Black);
    assert!(!calvet().in_check(&p, Color::Black));
}

// --- 4. Kamikaze Circe ---

#[test]
fn kamikaze_capture_rebirths_both_units() {
    let p = common::position("wKh1 wkSf3 bKa8 bkPd4", Color::White);
    assert!(has(
        &common::legal_moves_text(&p, &circe()),
        "kSf3*d4[wkSd4->g1][+bkPd7]"
    ));
}

#[test]
fn kamikaze_capturer_vanishes_when_its_square_is_occupied() {
    let p = common::position("wKh1 wkSf3 wBg1 bKa8 bkPd4", Color::White);
    assert!(has(
        &common::legal_moves_text(&p, &circe()),
        "kSf3*d4[+bkPd7]"
    ));
}

// Kamikaze units without Circe, and kamikaze kings (Popeye's reading,
// checked against Popeye 4.104).

#[test]
fn without_circe_a_kamikaze_capturer_leaves_with_its_victim_unpromoted() {
    let p = common::position("wKh1 wkPa7 bSb8 bKh8", Color::White);
    let ms = common::legal_moves_text(&p, &Rules::orthodox());
    let captures: Vec<&String> = ms.iter().filter(|m| m.contains('*')).collect();
    assert_eq!(captures, ["kPa7*b8[-wkPb8]"], "{ms:?}");
    // A move that does not capture promotes as usual.
    assert!(has(&ms, "kPa7-a8=kQ"), "{ms:?}");
}

#[test]
fn a_kamikaze_king_never_captures_without_circe() {
    let p = common::position("wkKa8 bSb8 bKh1", Color::White);
    let ms = common::legal_moves_text(&p, &Rules::orthodox());
    assert!(!ms.iter().any(|m| m.contains('*')), "{ms:?}");
    assert!(has(&ms, "kKa8-b7"), "{ms:?}");
}

#[test]
fn under_circe_a_kamikaze_king_is_reborn_like_any_kamikaze_unit() {
    // Not Rex Inclusive: the king is reborn all the same, as a captured king
    // would be (e1).
    let p = common::position("wkKa8 bSb8 bKh1", Color::White);
    assert!(has(
        &common::legal_moves_text(&p, &circe()),
        "kKa8*b8[wkKb8->e1][+bSb8]"
    ));
    // With e1 occupied it would leave the board: it may not capture.
    let p = common::position("wkKa8 wBe1 bSb8 bKh1", Color::White);
    let ms = common::legal_moves_text(&p, &circe());
    assert!(!ms.iter().any(|m| m.starts_with("kKa8*")), "{ms:?}");
}

#[test]
fn kings_are_never_kamikaze() {
    let p = common::position("wKe4 bKa8 bPe5", Color::White);
    assert!(has(
        &common::legal_moves_text(&p, &circe()),
        "Ke4*e5[+bPe7]"
    ));
}

#[test]
fn a_castling_takes_the_right_of_the_one_it_excludes() {
    // `castlingmutuallyexclusive h1a8`: after White's 0-0 Black may not
    // castle long, still short; without the option both.
    let orthodox = circe::rules::Rules::orthodox();
    let play = |exclusive: u8| {
        let mut p = common::position("wKe1 wRh1 bKe8 bRa8 bRh8 bPf7", Color::White);
        p.castling_exclusive = exclusive;
        let mut v = Vec::new();
        legal_moves(&p, &orthodox, &mut v);
        let castling = v
            .iter()
            .find(|m| popeye_move(m, Alphabet::English) == "0-0")
            .unwrap();
        common::legal_moves_text(&p.play(castling), &orthodox)
    };
    let h1a8 = circe::board::Position::exclusive_castling_bit(sq("h1"), sq("a8")).unwrap();
    let excluded = play(h1a8);
    assert!(
        !has(&excluded, "0-0-0") && has(&excluded, "0-0"),
        "{excluded:?}"
    );
    let free = play(0);
    assert!(has(&free, "0-0-0") && has(&free, "0-0"));
    // Another pair leaves these castlings alone.
    let a1a8 = circe::board::Position::exclusive_castling_bit(sq("a1"), sq("a8")).unwrap();
    assert!(has(&play(a1a8), "0-0-0"));
}
