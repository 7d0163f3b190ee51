//! Which capture, which unit and which side decide the rebirth: LastMove, WaitCapture, Couscous, Mirror, April: one test per rule of docs/rules.md, each a position where the
//! form changes the answer, in Popeye's notation (the positions and the
//! moves are Popeye's answers too).

mod common;

use common::form_case;

/// LastMove: the unit captured on the previous move is reborn during this one.
#[test]
fn lastmove() {
    form_case(
        "circe lastmove",
        "white kh1 rd1 sa1 black kh8 pd5",
        "ser-zb32",
        "",
        &["1.Rd1*d5   2.Sa1-b3[+bPd7] z"],
        &[],
    );
}

/// WaitCapture: a captured unit waits for the next capture, which brings it back.
#[test]
fn waitcapture() {
    form_case(
        "circe waitcapture",
        "white kh1 pb5 black ka8 pc6 pd7",
        "ser-zd72",
        "",
        &["1.b5*c6   2.c6*d7[+bPc7] z"],
        &[],
    );
}

/// WaitCapture with CaptureSquare: the waiting unit returns to the square where it was captured.
#[test]
fn memory_circe() {
    form_case(
        "circe capturesquare waitcapture",
        "white kh1 pb5 black ka8 pc6 pd7",
        "ser-zd72",
        "",
        &["1.b5*c6   2.c6*d7[+bPc6] z"],
        &[],
    );
}

/// Couscous: the square is the capturer's (a queen's: d1); the pawn promotes there, except into a piece checking its own king.
#[test]
fn couscous() {
    form_case(
        "circe couscous",
        "white ka1 qd3 black kh8 pf5",
        "~1",
        "",
        &["Qd3*f5[+bPd1=S]", "Qd3*f5[+bPd1=B]"],
        &["Qd3*f5[+bPd1=Q]"],
    );
}

/// Mirror: a unit goes to the other side's home squares (a black pawn to f2).
#[test]
fn mirror() {
    form_case(
        "circe mirror",
        "white kh1 pg2 black ka8 pf3",
        "~1",
        "",
        &["g2*f3[+bPf2]"],
        &[],
    );
}

/// April: only the listed kinds are reborn (a knight yes, a pawn no).
#[test]
fn april() {
    form_case(
        "circe april s",
        "white kh1 pb2 black kh8 sa3 pc3",
        "~1",
        "",
        &["b2*a3[+bSb8]", "1.b2*c3 !"],
        &["[+bPc7]"],
    );
}

/// AprilChess: Super and Strict for the listed kinds: the knight must go to some free square.
#[test]
fn aprilchess() {
    form_case(
        "aprilchess s",
        "white kh1 pb2 black kh8 sa3",
        "~1",
        "",
        &["b2*a3[+bSa1]", "b2*a3[+bSg8]"],
        &["1.b2*a3 !"],
    );
}
