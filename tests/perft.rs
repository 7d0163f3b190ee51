//! Perft: counts of move sequences from well-known positions, checking the
//! orthodox move generator (castling, en passant, promotion, pins, checks)
//! that every Circe form builds on.

use circe::board::Position;
use circe::io::fen::parse_fen;
use circe::movegen::legal_moves;
use circe::rules::Rules;

fn perft(pos: &Position, rules: &Rules, depth: u32) -> u64 {
    let mut moves = Vec::new();
    legal_moves(pos, rules, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| perft(&pos.play(m), rules, depth - 1))
        .sum()
}

fn check(fen: &str, expected: &[u64]) {
    let pos = parse_fen(fen).unwrap();
    for (i, &n) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(
            perft(&pos, &Rules::orthodox(), depth),
            n,
            "{fen} depth {depth}"
        );
    }
}

#[test]
fn initial_position() {
    check(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8902, 197_281],
    );
}

#[test]
fn kiwipete() {
    check(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2039, 97_862],
    );
}

#[test]
fn endgame_with_en_passant_pins() {
    check(
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2812, 43_238],
    );
}

#[test]
fn promotions_and_castling() {
    check(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9467],
    );
    check(
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1486, 62_379],
    );
}
