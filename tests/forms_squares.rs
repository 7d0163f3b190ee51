//! Rebirth squares and their adapters: one test per rule of docs/rules.md, each a position where the
//! form changes the answer, in Popeye's notation (the positions and the
//! moves are Popeye's answers too).

mod common;

use common::form_case;

/// Equipollents: capture square plus the move's vector (c6 + (-2,-1) = a5).
#[test]
fn equipollents() {
    form_case(
        "circe equipollents",
        "white kh1 rc6 black kh8 se7",
        "~1",
        "halfduplex",
        &["Se7*c6[+wRa5]"],
        &[],
    );
}

/// Parrain: the unit captured on the last move returns displaced by this move's vector (d5 + (1,2) = e7).
#[test]
fn parrain() {
    form_case(
        "circe parrain",
        "white kh1 rd1 sa1 black kh8 pd5",
        "ser-zb32",
        "",
        &["1.Rd1*d5   2.Sa1-b3[+bPe7] z"],
        &[],
    );
}

/// ContraParrain: the same with the vector taken backwards (d5 - (1,2) = c3).
#[test]
fn contraparrain() {
    form_case(
        "circe contraparrain",
        "white kh1 rd1 sa1 black kh8 pd5",
        "ser-zb32",
        "",
        &["1.Rd1*d5   2.Sa1-b3[+bPc3] z"],
        &[],
    );
}

/// File: the home rank on the capture file (a rook to h1).
#[test]
fn file() {
    form_case(
        "circe file",
        "white ka2 rh6 black kd8 rb6",
        "~1",
        "halfduplex",
        &["Rb6*h6[+wRh1]"],
        &[],
    );
}

/// Rank: on the capture rank, on the file of the home square of the capture square's colour (f1).
#[test]
fn rank() {
    form_case(
        "circe rank",
        "white kh8 sa3 black ka8 bb1",
        "~1",
        "",
        &["Sa3*b1[+bBf1]"],
        &[],
    );
}

/// Symmetry: the square symmetrical through the centre (a2 -> h7).
#[test]
fn symmetry() {
    form_case(
        "circe symmetry",
        "white kd1 pa2 black kf8 bb1",
        "~1",
        "halfduplex",
        &["Bb1*a2[+wPh7]"],
        &[],
    );
}

/// VerticalSymmetry: the square mirrored across the board's vertical axis (a2 -> h2).
#[test]
fn verticalsymmetry() {
    form_case(
        "circe verticalsymmetry",
        "white kd1 pa2 black kf8 bb1",
        "~1",
        "halfduplex",
        &["Bb1*a2[+wPh2]"],
        &[],
    );
}

/// HorizontalSymmetry: the square mirrored across the horizontal axis (a2 -> a7).
#[test]
fn horizontalsymmetry() {
    form_case(
        "circe horizontalsymmetry",
        "white kd1 pa2 black kf8 bb1",
        "~1",
        "halfduplex",
        &["Bb1*a2[+wPa7]"],
        &[],
    );
}

/// Diagram: a unit returns to its square in the diagram (the rook to d7).
#[test]
fn diagram() {
    form_case(
        "circe diagram",
        "white kh1 qd1 black ka8 rd7",
        "ser-hx1",
        "",
        &["1.Rd7-d2 Qd1*d2[+bRd7] x"],
        &[],
    );
}

/// PWC: the captured unit takes the capturer's departure square.
#[test]
fn pwc() {
    form_case(
        "circe pwc",
        "white kh1 pd4 black ka8 bc5",
        "~1",
        "",
        &["d4*c5[+bBd4]"],
        &[],
    );
}

/// Antipodes: four files and four ranks away (b4 -> f8).
#[test]
fn antipodes() {
    form_case(
        "circe antipodes",
        "white kh1 rb4 black ka7 sd5",
        "~1",
        "halfduplex",
        &["Sd5*b4[+wRf8]"],
        &[],
    );
}

/// Super: no rebirth, or any free square, chosen by the capturer; a reborn pawn on its last rank promotes.
#[test]
fn super_circe() {
    form_case(
        "circe super",
        "white kh1 rd1 black ka8 pd5",
        "~1",
        "",
        &[
            "1.Rd1*d5 !",
            "Rd1*d5[+bPb2]",
            "Rd1*d5[+bPa1=S]",
            "Rd1*d5[+bPh8]",
        ],
        &[],
    );
}

/// Super Strict: the rebirth is compulsory.
#[test]
fn super_strict() {
    form_case(
        "circe super strict",
        "white kh1 rd1 black ka8 pd5",
        "~1",
        "",
        &["Rd1*d5[+bPb2]"],
        &["1.Rd1*d5 !"],
    );
}

/// Take&Make: a square the captured unit could move to from the capture square.
#[test]
fn takemake() {
    form_case(
        "circe take&make",
        "white kh1 pb6 black kh8 qc7",
        "~1",
        "",
        &["b6*c7[+bQd7]", "b6*c7[+bQb6]", "b6*c7[+bQd8]"],
        &["b6*c7[+bQa1]", "1.b6*c7 !"],
    );
}

/// Cage: a free square where the reborn unit has no move; a rebirth must be chosen when one exists.
#[test]
fn cage() {
    form_case(
        "circe cage",
        "white kh1 rd1 pe4 black ka8 pd5",
        "~1",
        "",
        &["Rd1*d5[+bPe5]", "Rd1*d5[+bPd6]"],
        &["Rd1*d5[+bPe6]", "1.Rd1*d5 !"],
    );
}

/// CaptureSquare: the capture square itself, which only an en passant capture leaves empty.
#[test]
fn capturesquare_en_passant() {
    form_case(
        "circe capturesquare",
        "white kh1 pe5 pf5 black ka8 pd5 pg6",
        "~1",
        "enpassant d7d6d5",
        &["e5*d6 ep.[+bPd5]", "1.f5*g6 !"],
        &[],
    );
}

/// Diametral: the classic square reflected through the centre (h2 -> a7).
#[test]
fn diametral() {
    form_case(
        "circe diametral",
        "white ka1 ph2 black kc8 rh8",
        "~1",
        "halfduplex",
        &["Rh8*h2[+wPa7]"],
        &[],
    );
}

/// VerticalMirror: the classic square mirrored across the vertical axis (d8 -> e8).
#[test]
fn verticalmirror() {
    form_case(
        "circe verticalmirror",
        "white ka1 qb2 black kh7 qa3",
        "~1",
        "",
        &["Qb2*a3[+bQe8]"],
        &[],
    );
}

/// Frischauf: a promoted unit goes to the promotion square of the capture file.
#[test]
fn frischauf_circe() {
    form_case(
        "circe frischauf",
        "white kh2 rd1 black ka8 black frischauf qd5",
        "~1",
        "",
        &["Rd1*d5[+bfQd1]"],
        &[],
    );
}

/// Frischauf with AntiCirce: a pawn promoting by capture is marked at once and reborn on the promotion square.
#[test]
fn frischauf_anticirce() {
    form_case(
        "anticirce frischauf",
        "white kh1 pc7 black kh8 rd8",
        "~1",
        "",
        &["c7*d8=Q[wfQd8->d8]"],
        &[],
    );
}
