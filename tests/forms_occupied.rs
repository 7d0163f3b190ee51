//! An occupied rebirth square: Relaxed, Strict, Assassin, Volcanic, Parachute: one test per rule of docs/rules.md, each a position where the
//! form changes the answer, in Popeye's notation (the positions and the
//! moves are Popeye's answers too).

mod common;

use common::form_case;

/// Strict: a capture whose rebirth square is occupied is illegal.
#[test]
fn strict() {
    form_case(
        "circe strict",
        "white kh1 qd4 black ka8 sd3 bg8",
        "~1",
        "",
        &["Qd4-d5"],
        &["Qd4*d3"],
    );
}

/// Assassin: the unit on the rebirth square is removed (not shown in the notation).
#[test]
fn assassin() {
    form_case(
        "circe assassin",
        "white kh1 qd4 sg8 black ka8 sd3",
        "~1",
        "",
        &["Qd4*d3[+bSg8]"],
        &[],
    );
}

/// Volcanic: the reborn unit goes under the unit on its square.
#[test]
fn volcanic() {
    form_case(
        "circe volcanic",
        "white kh1 qd4 sg8 black ka8 sd3",
        "~1",
        "",
        &["Qd4*d3[+bSg8->v]"],
        &[],
    );
}

/// Parachute: the unit on the square goes under the reborn unit.
#[test]
fn parachute() {
    form_case(
        "circe parachute",
        "white kh1 qd4 sg8 black ka8 sd3",
        "~1",
        "",
        &["Qd4*d3[+bSg8]"],
        &[],
    );
}

/// Volcanic: a unit under a square comes out when the square empties.
#[test]
fn volcanic_emerges() {
    form_case(
        "circe volcanic",
        "black rb1 white sb1 kh2 black kh8",
        "~1",
        "",
        &["Sb1-d2[+bRb1]"],
        &[],
    );
}
