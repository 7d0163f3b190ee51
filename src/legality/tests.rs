//! Each condition: a position it rejects and a near-identical one it
//! accepts; then positions from real games (promotions, castling, en
//! passant, discovered double checks) that every condition must accept.

use super::*;
use crate::io::fen::parse_fen;

fn pos(fen: &str) -> Position {
    parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn violation(fen: &str) -> Option<Violation> {
    orthodox_violation(&pos(fen))
}

/// `rejected` fails exactly `id` (the first failing condition) and
/// `accepted` passes every condition.
fn pair(id: &str, rejected: &str, accepted: &str) {
    match violation(rejected) {
        Some(v) => assert_eq!(v.condition, id, "{rejected}: {v}"),
        None => panic!("{rejected}: accepted, expected {id}"),
    }
    if let Some(v) = violation(accepted) {
        panic!("{accepted}: rejected: {v}");
    }
}

#[test]
fn each_condition_example_fails_that_condition() {
    for c in CONDITIONS {
        let v = violation(c.example).unwrap_or_else(|| panic!("{}: accepted", c.id));
        assert_eq!(v.condition, c.id, "{}: {v}", c.example);
    }
}

#[test]
fn kings() {
    pair("kings", "4k3/8/8/8/8/8/8/8 w", "4k3/8/8/8/8/8/8/4K3 w");
    pair("kings", "4k3/8/8/8/8/8/8/3KK3 w", "4k3/8/8/8/8/8/8/3K4 w");
}

#[test]
fn pawn_on_back_rank() {
    pair(
        "pawn-on-back-rank",
        "4k3/8/8/8/8/8/8/P3K3 w",
        "4k3/8/8/8/8/8/P7/4K3 w",
    );
    pair(
        "pawn-on-back-rank",
        "p3k3/8/8/8/8/8/8/4K3 w",
        "4k3/p7/8/8/8/8/8/4K3 w",
    );
}

#[test]
fn pawn_count() {
    pair(
        "pawn-count",
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w",
        "4k3/8/8/8/8/P7/1PPPPPPP/4K3 w",
    );
}

#[test]
fn promoted_units() {
    // Two light bishops with no pawn missing; one pawn gone, one promotion.
    pair(
        "promoted-units",
        "B3k3/1B6/8/8/8/8/PPPPPPPP/4K3 w",
        "B3k3/1B6/8/8/8/8/1PPPPPPP/4K3 w",
    );
    // A light and a dark bishop are the game array's pair: no promotion.
    assert_eq!(violation("B3k3/8/1B6/8/8/PPPPPPPP/8/4K3 w"), None);
    // Two black queens and three knights need two promotions: 7 pawns
    // leave one missing, 6 leave two.
    pair(
        "promoted-units",
        "qq2k3/nnn5/ppppppp1/8/8/8/8/4K3 w",
        "qq2k3/nnn5/pppppp2/8/8/8/8/4K3 w",
    );
}

#[test]
fn pawn_captures() {
    // Doubled a-pawns need one capture; Black has all 16 units.
    pair(
        "pawn-captures",
        "rnbqkbnr/pppppppp/8/8/P7/P7/2PPPPPP/RNBQKBNR w",
        "rnbqkbnr/ppppppp1/8/8/P7/P7/2PPPPPP/RNBQKBNR w",
    );
    // A pawn on a3 beside unmoved a2 and b2 pawns has no file to come from.
    pair(
        "pawn-captures",
        "4k3/8/8/8/8/P7/PP6/4K3 w",
        "4k3/8/8/8/8/P7/P1P5/4K3 w",
    );
    // A pawn on h4 beside g2 and h2 came from the f-file: two captures,
    // against one black unit missing; from g4 it needs only one.
    pair(
        "pawn-captures",
        "rnbqkbn1/pppppppp/8/8/7P/8/PPPPP1PP/RNBQKBNR w",
        "rnbqkbn1/pppppppp/8/8/6P1/8/PPPPP1PP/RNBQKBNR w",
    );
    // A pawn on h3 has made one move: it cannot come from the a-file, even
    // with every black unit but the king gone.
    pair(
        "pawn-captures",
        "4k3/8/8/8/8/7P/1PPPPPPP/4K3 w",
        "4k3/8/8/8/8/7P/PPPPPPP1/4K3 w",
    );
}

#[test]
fn caged_units() {
    // Zeller's bishop: a1 only through b2.
    pair(
        "caged-unit",
        "4k3/8/8/8/8/8/1P6/B3K3 w",
        "4k3/8/8/8/8/1P6/8/B3K3 w",
    );
    // A bishop still on c1 behind b2 and d2 never moved: fine.
    assert_eq!(violation("4k3/8/8/8/8/8/1P1P4/2B1K3 w"), None);
    // Black bishop on h8 behind g7.
    pair(
        "caged-unit",
        "4k2b/6p1/8/8/8/8/8/4K3 w",
        "4k2b/8/6p1/8/8/8/8/4K3 w",
    );
    // Rook shut in by eight unmoved pawns (and none promoted).
    pair(
        "caged-unit",
        "7k/8/8/8/4R3/8/PPPPPPPP/4K3 w",
        "7k/8/8/8/4R2P/8/PPPPPPP1/4K3 w",
    );
    // Black king shut in on rank 8.
    pair(
        "caged-unit",
        "8/pppppppp/8/4k3/8/8/8/4K3 w",
        "8/ppppppp1/8/4k2p/8/8/8/4K3 w",
    );
    // A white king beyond a wall of black pawns on rank 7.
    pair(
        "caged-unit",
        "2K5/pppppppp/8/8/8/8/8/4k3 w",
        "2K5/ppppppp1/7p/8/8/8/8/4k3 w",
    );
    // A white bishop on f8 behind e7/g7: not even a promoted one, since the
    // pawn to promote on f8 had to come past e7, f7 or g7.
    pair(
        "caged-unit",
        "4kB2/4ppp1/8/8/8/8/1PPPPPPP/4K3 w",
        "4kB2/4p1p1/5p2/8/8/8/1PPPPPPP/4K3 w",
    );
}

#[test]
fn opponent_in_check() {
    pair(
        "opponent-in-check",
        "4k3/4R3/8/8/8/8/8/4K3 w",
        "4k3/4R3/8/8/8/8/8/4K3 b",
    );
    // Adjacent kings: both in check, whoever is to move.
    pair(
        "opponent-in-check",
        "8/8/8/3kK3/8/8/8/8 w",
        "8/8/8/3k1K2/8/8/8/8 w",
    );
}

#[test]
fn impossible_checks() {
    // A pawn on its initial rank cannot just have given check.
    pair(
        "impossible-check",
        "4k3/3p4/4K3/8/8/8/8/8 w",
        "4k3/8/3p4/4K3/8/8/8/8 w",
    );
    // Two knights: no discovered check from a knight.
    pair(
        "impossible-check",
        "4k3/8/3N1N2/8/8/8/8/4K3 b",
        "4k3/8/3N4/8/8/8/8/4RK2 b",
    );
    // Rook on e1 and bishop on a4: the bishop cannot have come off the
    // e-file, nor the rook off the a4-e8 diagonal. From b5 it can (Be2-b5).
    pair(
        "impossible-check",
        "4k3/8/8/8/B7/8/8/4R1K1 b",
        "4k3/8/8/1B6/8/8/8/4R1K1 b",
    );
    // Knight and pawn.
    pair(
        "impossible-check",
        "4k3/3P4/5N2/8/8/8/8/4K3 b",
        "4k3/3P4/8/8/8/8/8/4K3 b",
    );
    // Triple check.
    pair(
        "impossible-check",
        "4k3/3P4/5N2/8/8/8/8/4R1K1 b",
        "4k3/3P4/8/8/8/8/8/4R1K1 b",
    );
}

/// Positions that can arise in a game: no condition may reject them.
#[test]
fn legal_positions_pass() {
    for fen in [
        // The game array, either side to move (with Black to move it is in
        // fact illegal, but no condition here can tell: accepting is sound).
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b",
        // 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.O-O.
        "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b",
        // Double check by en passant: exd6 e.p. with the rook behind e5.
        "8/4k3/3P4/8/8/8/8/4R1K1 b",
        // Double check by a promotion capture: fxe8=R, rook h7 discovered.
        "4R3/4k2R/8/8/8/8/8/6K1 b",
        // Discovered check by castling's rook.
        "5k2/8/8/8/8/8/8/5RK1 b",
        // A promoted knight pair beside the original ones, pawns missing.
        "4k3/8/8/8/8/8/PPPPPP2/NNNNK3 w",
        // Bishops on their own squares behind unmoved pawns.
        "rn1qk1nr/pppppppp/8/8/8/8/PPPPPPPP/RN1QK1NR w",
        // With the b-pawn gone the bishop can have reached a1.
        "4k3/8/8/8/8/8/2P5/B3K3 w",
        // Pawn captures paid for by missing black units.
        "4k3/8/8/8/8/P1P5/P1P5/4K3 w",
    ] {
        if let Some(v) = violation(fen) {
            panic!("{fen}: {v}");
        }
    }
}

#[test]
fn explanations_name_the_squares() {
    let v = violation("4k3/8/8/8/8/8/1P6/B3K3 w").unwrap();
    assert_eq!(
        v.to_string(),
        "caged-unit: the white bishop on a1 could only have come through b2, \
         held by a pawn that never moved"
    );
    let v = violation("4k3/3p4/4K3/8/8/8/8/8 w").unwrap();
    assert!(v.detail.contains("pawn on d7"), "{v}");
}
