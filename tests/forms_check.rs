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
