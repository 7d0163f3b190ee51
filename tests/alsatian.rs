//! Alsatian Circe (docs/rules.md section 11): a capture whose resulting position,
//! rebirth included, fails the orthodox legality test is illegal; check and
//! mate follow from the moves that remain.

use circe::io::fen::parse_fen;
use circe::io::notation::{popeye_move, Alphabet};
use circe::movegen::legal_moves;
use circe::rules::{CirceRules, Condition, Rules};

fn moves(fen: &str, rules: &Rules) -> Vec<String> {
    let p = parse_fen(fen).unwrap();
    let mut out = Vec::new();
    legal_moves(&p, rules, &mut out);
    out.iter()
        .map(|m| popeye_move(m, Alphabet::English))
        .collect()
}

fn circe() -> Rules {
    Rules::with_circe(CirceRules::CIRCE)
}

fn alsatian() -> Rules {
    circe().with(Condition::Alsatian)
}

#[test]
fn zellers_bishop_forbids_the_kings_capture() {
    // Black Kc8 in check from Pb7; Kxb7 would put a white pawn on b2,
    // walling in the bishop on a1.
    let fen = "2k5/1P6/8/8/8/8/8/B6K b - -";
    let plain = moves(fen, &circe());
    assert!(plain.iter().any(|m| m == "Kc8*b7[+wPb2]"), "{plain:?}");
    let als = moves(fen, &alsatian());
    assert!(!als.iter().any(|m| m.starts_with("Kc8*b7")), "{als:?}");
    // Everything else is the same.
    assert_eq!(als.len() + 1, plain.len());
    // With the bishop on c3 instead, the capture is fine.
    let fen = "2k5/1P6/8/8/8/2B5/8/7K b - -";
    assert!(moves(fen, &alsatian()).iter().any(|m| m == "Kc8*b7[+wPb2]"));
}

#[test]
fn quiet_moves_are_not_filtered() {
    // No capture: the same moves under Circe and Alsatian Circe.
    let fen = "4k3/8/8/8/8/8/1P6/4K3 w - -";
    assert_eq!(moves(fen, &circe()), moves(fen, &alsatian()));
}

#[test]
fn a_rebirth_that_walls_in_a_bishop_is_illegal() {
    // Rxg5 would rebirth the black pawn on g7, in front of the bishop on h8.
    let fen = "4k2b/8/8/6p1/8/8/8/4K1R1 w - -";
    let plain = moves(fen, &circe());
    assert!(plain.iter().any(|m| m == "Rg1*g5[+bPg7]"), "{plain:?}");
    let als = moves(fen, &alsatian());
    assert!(!als.iter().any(|m| m.starts_with("Rg1*g5")), "{als:?}");
}

/// A capture whose rebirth would give a check no orthodox move could give
/// is forbidden. Found by solving the corpus's random kamikaze positions
/// under Alsatian Circe (random/moves/kamikaze-circe r106_1_..._0046 and
/// _0049), checked by hand.
#[test]
fn a_rebirth_may_not_give_an_impossible_check() {
    use circe::board::{Color, Position};
    let solve = |list: &str, rules: &Rules| -> Vec<String> {
        let mut p = Position::from_piece_list(list).unwrap();
        p.turn = Color::White;
        let mut out = Vec::new();
        legal_moves(&p, rules, &mut out);
        out.iter()
            .map(|m| popeye_move(m, Alphabet::English))
            .collect()
    };
    // kBe4*g2: the bishop is reborn on f1 and the rook on e7 is uncovered:
    // a double check on Ke2 that no single orthodox move produces.
    let list = "wKg3 wkBe4 wkPb2 wkPb6 wkPc3 wkPc6 wkPf4 wkPf5 wkRe7 \
                bKe2 bkBb8 bkPa5 bkPg2 bkSa2";
    let capture = "kBe4*g2[wkBg2->f1][+bkPg7]";
    assert!(solve(list, &circe()).iter().any(|m| m == capture));
    assert!(!solve(list, &alsatian()).iter().any(|m| m == capture));
    // kPc2*d3: the pawn is reborn on d2 and checks Ke3 from its initial
    // rank, which no pawn move can do.
    let list = "wKg8 wkPc2 bKe3 bkBd3 bkBd8 bkRh4 bkSc5";
    let capture = "kPc2*d3[wkPd3->d2][+bkBc8]";
    assert!(solve(list, &circe()).iter().any(|m| m == capture));
    assert!(!solve(list, &alsatian()).iter().any(|m| m == capture));
}
