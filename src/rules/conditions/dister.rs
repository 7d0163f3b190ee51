//! The Dister conditions: two units are named by their squares in the
//! diagram (the parameter, two squares), and the side bound plays, of its
//! legal moves, only those that leave them farthest apart (MaxDister) or
//! closest together (MinDister). The distance is the square of the
//! Euclidean distance between their squares once the move is played, where
//! the moving unit stands on its arrival square (a rebirth aside); a move
//! that takes one of the two scores lowest under both. One of the mummer
//! conditions of `mummer.rs` (only legal moves compete). The position
//! tracks the units' identities (set going by `prepare`).

use super::mummer::keep_best;
use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Position, Square};
use crate::moves::{Effect, Move};
use crate::rules::{Condition, Rules};

/// The square of the unit of identity `id` (its diagram square + 1).
#[inline]
fn square_of(pos: &Position, id: u8) -> Option<Square> {
    pos.unit_squares()
        .into_iter()
        .find(|&s| pos.id_code(s) == id)
}

/// The square the unit of `mv` stands on before it (before a Mars premove).
#[inline]
fn departure(mv: &Move) -> Square {
    mv.effects
        .iter()
        .find_map(|e| match *e {
            Effect::Premove { from, unit, .. } if unit == mv.piece => Some(from),
            _ => None,
        })
        .unwrap_or(mv.from)
}

/// The squared distance between the two units after `mv`, None when one
/// is gone (or was never there).
fn distance_after(pos: &Position, ids: [u8; 2], mv: &Move) -> Option<u32> {
    let from = departure(mv);
    let mut at = [None; 2];
    for (i, &id) in ids.iter().enumerate() {
        at[i] = square_of(pos, id);
        if pos.id_code(from) == id {
            at[i] = Some(mv.to);
        }
        if mv.is_capture() && pos.id_code(mv.capture_square) == id {
            at[i] = None;
        }
    }
    let (a, b) = (at[0]?, at[1]?);
    let dx = a.file() as i32 - b.file() as i32;
    let dy = a.rank() as i32 - b.rank() as i32;
    Some((dx * dx + dy * dy) as u32)
}

/// The identities of the two units named by `c`'s squares.
fn named(rules: &Rules, c: Condition) -> [u8; 2] {
    let mut ids = [0; 2];
    for (i, sq) in rules.param(c).squares.into_iter().take(2).enumerate() {
        ids[i] = sq.index() as u8 + 1;
    }
    ids
}

/// The Dister condition of side `SIDE` (0 White, 1 Black), `MAX` for
/// MaxDister.
pub struct Dister<const SIDE: u8, const MAX: bool>;

impl<const SIDE: u8, const MAX: bool> Dister<SIDE, MAX> {
    const CONDITION: Condition = match (SIDE, MAX) {
        (0, true) => Condition::WhiteMaxDister,
        (0, false) => Condition::WhiteMinDister,
        (_, true) => Condition::BlackMaxDister,
        (_, false) => Condition::BlackMinDister,
    };
}

impl<const SIDE: u8, const MAX: bool> ConditionRule for Dister<SIDE, MAX> {
    const ID: &'static str = match (SIDE, MAX) {
        (0, true) => "whmaxdister",
        (0, false) => "whmindister",
        (_, true) => "blmaxdister",
        (_, false) => "blmindister",
    };
    const CAPABILITIES: Capabilities = Capabilities {
        moves_judged_alone: false,
        ..Capabilities::ORTHODOX
    };
    const PARAMETER: Parameter = Parameter::SquarePair;

    fn prepare(_rules: &Rules, pos: &mut Position) {
        if !pos.tracks_identities() {
            pos.track_identities();
        }
    }

    #[inline]
    fn filter(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        if pos.turn as u8 != SIDE {
            return;
        }
        let ids = named(rules, Self::CONDITION);
        keep_best(moves, start, |mv| match distance_after(pos, ids, mv) {
            None => 0,
            Some(d) if MAX => d,
            Some(d) => 1000 - d,
        });
    }

    fn refusal(rules: &Rules) -> Option<String> {
        let p = rules.param(Self::CONDITION);
        // (`rex_inclusive` marks a square given twice.)
        if p.squares.count() != 2 || p.rex_inclusive {
            return Some(format!(
                "{} with other than two squares is not played",
                Self::ID
            ));
        }
        super::mummer::two_selectors(rules)
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        let squares = rules.param(Self::CONDITION).squares;
        (squares & !pos.unit_squares())
            .nonempty()
            .then(|| format!("{} with an empty square is not played", Self::ID))
    }
}

/// White keeps the two units as far apart as it can.
pub type WhiteMaxDister = Dister<0, true>;
/// White keeps the two units as close together as it can.
pub type WhiteMinDister = Dister<0, false>;
/// Black keeps the two units as far apart as it can.
pub type BlackMaxDister = Dister<1, true>;
/// Black keeps the two units as close together as it can.
pub type BlackMinDister = Dister<1, false>;

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{after_line, moves_of, sorted};
    use super::super::Param;
    use crate::board::{Bitboard, Color, Square};
    use crate::rules::{Condition, Rules};

    fn dister(c: Condition, first: &str, second: &str) -> Rules {
        let (a, b) = (
            Square::parse(first).unwrap(),
            Square::parse(second).unwrap(),
        );
        let mut squares = Bitboard::EMPTY;
        squares.set(a);
        squares.set(b);
        Rules::orthodox().with_param(
            c,
            Param {
                squares,
                number: a.index() as u8 + 1,
                ..Default::default()
            },
        )
    }

    const PIECES: &str = "wKe1 wQd1 bKe8 bPa7";

    #[test]
    fn the_two_units_end_farthest_apart_or_closest() {
        let max = dister(Condition::WhiteMaxDister, "d1", "e8");
        let pos = after_line(&max, PIECES, Color::White, &[]);
        assert_eq!(moves_of(&max, &pos), sorted("Qd1-a1"));
        let min = dister(Condition::WhiteMinDister, "d1", "e8");
        let pos = after_line(&min, PIECES, Color::White, &[]);
        assert_eq!(moves_of(&min, &pos), sorted("Qd1-d8"));
    }

    #[test]
    fn a_unit_that_does_not_move_keeps_its_distance() {
        // Black's pawn moves would bring a7 closer to e1: only the king
        // moves (Kd8 and Kd7 are illegal).
        let r = dister(Condition::BlackMaxDister, "a7", "e1");
        let pos = after_line(&r, PIECES, Color::Black, &[]);
        assert_eq!(moves_of(&r, &pos), sorted("Ke8-f7 Ke8-e7 Ke8-f8"));
    }
}
