//! Base conditions: Circe, Rex Inclusive, AntiCirce (Calvet, Cheylan, Relaxed, RexExclusive), Circe and AntiCirce together, kamikaze units: one test per rule of docs/rules.md, each a position where the
//! form changes the answer, in Popeye's notation (the positions and the
//! moves are Popeye's answers too).

mod common;

use common::form_case;

/// Circe: a knight captured on a light square is reborn on g8 (black).
#[test]
fn circe_classic() {
    form_case(
        "circe",
        "white kh1 qd4 black ka8 sd3",
        "~1",
        "",
        &["Qd4*d3[+bSg8]"],
        &[],
    );
}

/// Circe (Relaxed): the rebirth square g8 is occupied, so the knight stays off the board.
#[test]
fn circe_occupied_relaxed() {
    form_case(
        "circe",
        "white kh1 qd4 black ka8 sd3 bg8",
        "~1",
        "",
        &["1.Qd4*d3 !"],
        &["[+bSg8]"],
    );
}

/// Rex Inclusive: a captured king is reborn on e8; the capture is a move.
#[test]
fn rexinclusive_king_reborn() {
    form_case(
        "circe rexinclusive",
        "white ka1 qe4 black ke5",
        "~1",
        "",
        &["Qe4*e5[+bKe8]"],
        &[],
    );
}

/// AntiCirce Calvet: a capture on the capturer's own rebirth square is legal; it stays there.
#[test]
fn anticirce_calvet() {
    form_case(
        "anticirce",
        "white kh8 ra4 black kc8 pa1",
        "~1",
        "",
        &["Ra4*a1[wRa1->a1]"],
        &[],
    );
}

/// AntiCirce Cheylan: the same capture is illegal.
#[test]
fn anticirce_cheylan() {
    form_case(
        "anticirce cheylan",
        "white kh8 ra4 black kc8 pa1",
        "~1",
        "",
        &["Ra4-a3"],
        &["Ra4*a1"],
    );
}

/// AntiCirce: the capturer's rebirth square a1 is occupied, so the capture is illegal.
#[test]
fn anticirce_strict_default() {
    form_case(
        "anticirce",
        "white kh2 rc4 ba1 black ke8 pc7",
        "~1",
        "",
        &["Rc4-c5"],
        &["Rc4*c7"],
    );
}

/// AntiCirce Relaxed: with a1 occupied the capturer leaves the board instead.
#[test]
fn anticirce_relaxed() {
    form_case(
        "anticirce relaxed",
        "white kh2 rc4 ba1 black ke8 pc7",
        "~1",
        "",
        &["1.Rc4*c7 !"],
        &[],
    );
}

/// AntiCirce: kings take part by default; a capturing king goes to e1.
#[test]
fn anticirce_kings_reborn() {
    form_case(
        "anticirce",
        "white ke2 black kh8 pf3",
        "~1",
        "",
        &["Ke2*f3[wKf3->e1]"],
        &[],
    );
}

/// AntiCirce RexExclusive: a capturing king stays where it captured.
#[test]
fn anticirce_rexexclusive() {
    form_case(
        "anticirce rexexclusive",
        "white ke2 black kh8 pf3",
        "~1",
        "",
        &["1.Ke2*f3 !"],
        &["[wKf3->e1]"],
    );
}

/// Circe and AntiCirce together: the capturer's rebirth first, then the captured unit's.
#[test]
fn circe_and_anticirce() {
    form_case(
        "circe anticirce",
        "white ka2 rc4 black ka8 pc6",
        "~1",
        "",
        &["Rc4*c6[wRc6->h1][+bPc7]"],
        &[],
    );
}

/// A kamikaze capturer under Circe Mirror is reborn like an AntiCirce capturer with Circe's options (here Mirror: a8).
#[test]
fn kamikaze_mirror() {
    form_case(
        "circe mirror",
        "white kh1 black kh8 pd5 white kamikaze rd1",
        "~1",
        "",
        &["kRd1*d5[wkRd5->a8][+bPd2]"],
        &[],
    );
}
