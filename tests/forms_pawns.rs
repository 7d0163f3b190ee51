//! Reborn pawns, pawns on their first rank, castling, en passant: one test per rule of docs/rules.md, each a position where the
//! form changes the answer, in Popeye's notation (the positions and the
//! moves are Popeye's answers too).

mod common;

use common::form_case;

/// A pawn reborn on its promotion rank promotes (PWC), except into a checking piece.
#[test]
fn pwc_promotion() {
    form_case(
        "circe pwc",
        "white kh1 pb5 black kh8 rb8",
        "~1",
        "halfduplex",
        &["Rb8*b5[+wPb8=S]", "Rb8*b5[+wPb8=B]"],
        &["Rb8*b5[+wPb8=Q]"],
    );
}

/// A pawn on its own first rank does not move.
#[test]
fn first_rank_pawn_stands() {
    form_case(
        "circe",
        "white kh1 pb1 black ka8",
        "~1",
        "",
        &["Kh1-g1"],
        &["b1-b2"],
    );
}

/// Under Parrain it steps one square.
#[test]
fn first_rank_pawn_parrain() {
    form_case(
        "circe parrain",
        "white kh1 pb1 black ka8",
        "~1",
        "",
        &["b1-b2"],
        &["b1-b3"],
    );
}

/// A rook reborn on its home corner may castle.
#[test]
fn rebirth_gives_castling() {
    form_case(
        "circe",
        "white ke1 rf3 black kg8 bg4",
        "h001",
        "",
        &["1.Bg4*f3[+wRh1] 0-0"],
        &[],
    );
}

/// En passant: the capture square is the captured pawn's square (PWC: the capturer's departure e5).
#[test]
fn pwc_en_passant() {
    form_case(
        "circe pwc",
        "white kh1 pe5 black ka8 pd5",
        "~1",
        "enpassant d7d6d5",
        &["e5*d6 ep.[+bPe5]"],
        &[],
    );
}
