//! Check under the forms: one test per rule of docs/rules.md, each a position where the
//! form changes the answer, in Popeye's notation (the positions and the
//! moves are Popeye's answers too).

mod common;

use common::form_case;

/// Assassin: a king is in check when a unit whose rebirth square it occupies is attacked.
#[test]
fn assassin_check() {
    form_case(
        "circe assassin",
        "white kh1 rh2 black kd8 qa4",
        "~1",
        "",
        &["Rh2-h4 +"],
        &["Rh2-a2"],
    );
}

/// Assassin: a mate by assassination, a king move that attacks no king
/// (Kxa5 would rebirth the pawn on a7, where the black king stands); the
/// search must not pass over it as a move that cannot check.
#[test]
fn assassin_mate_without_attack_on_the_king() {
    form_case(
        "circe assassin",
        "white kc6 black ka7 pa5b4 ra4 se6",
        "h#1",
        "",
        &["1.Se6-c5 Kc6-b5 #"],
        &[],
    );
}

/// Circe Strict RexInclusive: a king is never in check.
#[test]
fn strict_rexinclusive_no_check() {
    form_case(
        "circe strict rexinclusive",
        "white kh1 qa1 black kd5 re8",
        "~1",
        "",
        &["1.Qa1-a5 !"],
        &["Qa1-a5 +"],
    );
}

/// Circe RexInclusive: a king whose rebirth square is occupied is in check.
#[test]
fn rexinclusive_check() {
    form_case(
        "circe rexinclusive",
        "white kh1 qa1 black kd5 re8",
        "~1",
        "",
        &["1.Qa1-a5 +"],
        &[],
    );
}
