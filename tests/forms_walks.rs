//! The reborn unit's walk and side: Clone, Chameleon, Einstein, ReversalEinstein, Turncoats: one test per rule of docs/rules.md, each a position where the
//! form changes the answer, in Popeye's notation (the positions and the
//! moves are Popeye's answers too).

mod common;

use common::form_case;

/// Clone: the captured unit is reborn with the capturer's walk (a queen as a rook).
#[test]
fn clone() {
    form_case(
        "circe clone",
        "white kh1 rd1 black kh7 qd5",
        "~1",
        "",
        &["Rd1*d5[+bRa8]"],
        &[],
    );
}

/// Chameleon: the reborn unit takes the next walk of knight, bishop, rook, queen (a queen as a knight).
#[test]
fn chameleon() {
    form_case(
        "circe chameleon",
        "white kh1 rd1 black ka7 qd5",
        "~1",
        "",
        &["Rd1*d5[+bSg8]"],
        &[],
    );
}

/// Chameleon with a sequence: queen to rook, here.
#[test]
fn chameleon_sequence() {
    form_case(
        "circe chameleon q r b s q",
        "white kh1 rd1 black ka7 qd5",
        "~1",
        "",
        &["Rd1*d5[+bRa8]"],
        &[],
    );
}

/// Einstein: one step down queen, rook, bishop, knight, pawn (a rook as a bishop).
#[test]
fn einstein() {
    form_case(
        "circe einstein",
        "white kh1 qd1 black ka7 rd5",
        "~1",
        "",
        &["Qd1*d5[+bBc8]"],
        &[],
    );
}

/// ReversalEinstein: one step up (a rook as a queen).
#[test]
fn reversaleinstein() {
    form_case(
        "circe reversaleinstein",
        "white kh1 qd1 black ka7 rd5",
        "~1",
        "",
        &["Qd1*d5[+bQd8]"],
        &[],
    );
}

/// AntiCirce Einstein: the capturer steps up (a rook becomes a queen on d1).
#[test]
fn anticirce_einstein() {
    form_case(
        "anticirce einstein",
        "white kh1 rd1 black ka8 pd5",
        "~1",
        "",
        &["Rd1*d5[wRd5->Qd1]"],
        &[],
    );
}

/// AntiCirce Clone: the capturer takes the captured unit's walk (a rook as a knight).
#[test]
fn anticirce_clone() {
    form_case(
        "anticirce clone",
        "white kh1 rd1 black ka8 sd5",
        "~1",
        "",
        &["Rd1*d5[wRd5->Sb1]"],
        &[],
    );
}

/// AntiCirce Clone: a capturing king becomes a royal unit of the captured walk.
#[test]
fn anticirce_clone_king() {
    form_case(
        "anticirce clone",
        "white ka1 be3 black kd4",
        "~1",
        "halfduplex",
        &["Kd4*e3[bKe3->rBf8]"],
        &[],
    );
}

/// Turncoats: the reborn unit changes sides.
#[test]
fn turncoats() {
    form_case(
        "circe turncoats",
        "white kh1 qc8 black ka1 pc2",
        "~1",
        "",
        &["Qc8*c2[+bPc7=w]"],
        &[],
    );
}

/// DoubleAgents: Mirror and Turncoats.
#[test]
fn doubleagents() {
    form_case(
        "circedoubleagents",
        "white kh1 pg2 black ka8 pf3",
        "~1",
        "",
        &["g2*f3[+bPf2=w]"],
        &[],
    );
}

/// AntiCirce Turncoats: the reborn capturer changes sides.
#[test]
fn anticirce_turncoats() {
    form_case(
        "anticirce turncoats",
        "white ka1 sd3 black kh8 pe5",
        "~1",
        "",
        &["Sd3*e5[wSe5->g1=b]"],
        &[],
    );
}
