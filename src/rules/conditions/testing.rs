//! Helpers for the conditions' unit tests: the legal moves of a position
//! under given rules, written as Popeye writes them (without the
//! attributes a condition gives every unit).

use crate::board::{Color, Kind, Piece, Position, Square};
use crate::io::notation::{popeye_move, Alphabet};
use crate::movegen::legal_moves;
use crate::output::solution::written;
use crate::rules::{Condition, Repertoire, Rules};

/// The legal moves of `turn` in the position of `pieces` (a piece list
/// such as `wKe1 bKe8`), sorted, in Popeye's notation.
pub fn moves(rules: &Rules, pieces: &str, turn: Color) -> Vec<String> {
    let mut pos = Position::from_piece_list(pieces).unwrap();
    pos.turn = turn;
    moves_of(rules, &pos)
}

/// The legal moves of the side to move in `pos`, sorted.
pub fn moves_of(rules: &Rules, pos: &Position) -> Vec<String> {
    let mut out = Vec::new();
    legal_moves(pos, rules, &mut out);
    let mut v: Vec<String> = out
        .iter()
        .map(|m| popeye_move(&written(m, rules), Alphabet::English))
        .collect();
    v.sort();
    v
}

/// `list` split into words and sorted (an expected move list).
pub fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// The position of `pieces`, prepared for the conditions of `rules`, after
/// the moves `line` (in Popeye's notation, `turn` moving first) are played.
pub fn after_line(rules: &Rules, pieces: &str, turn: Color, line: &[&str]) -> Position {
    let mut pos = Position::from_piece_list(pieces).unwrap();
    pos.turn = turn;
    rules.conditions.prepare(rules, &mut pos);
    for want in line {
        let mut out = Vec::new();
        legal_moves(&pos, rules, &mut out);
        let mv = out
            .iter()
            .find(|m| popeye_move(&written(m, rules), Alphabet::English) == *want)
            .unwrap_or_else(|| panic!("{want} is not legal"));
        pos = pos.play(mv);
    }
    pos
}

/// The moves of the diagram `orthodox` with the units `fairy` (colour,
/// kind, square) under `rules` and `condition`, the rules settled for the
/// diagram (sides, promotion choices, the condition's preparation).
pub fn moves_under(
    rules: Rules,
    condition: Condition,
    orthodox: &str,
    fairy: &[(Color, Kind, &str)],
) -> Vec<String> {
    let mut pos = Position::from_piece_list(orthodox).unwrap();
    for &(c, k, s) in fairy {
        pos.put(Square::parse(s).unwrap(), Piece::new(c, k));
    }
    let mut r = rules.with(condition);
    r.resolve_sides(Color::Black);
    r.repertoire = Repertoire::for_rules(&pos, &r);
    r.conditions.prepare(&r, &mut pos);
    moves_of(&r, &pos)
}
