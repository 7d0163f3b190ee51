//! Hole and HaanerChess: squares that no unit may enter or cross, as if
//! they were off the board (`Position::holes`; they count as occupied, by
//! nobody, so every walk stops in front of them and no rebirth lands on
//! them). Hole names them once for all (Popeye writes nothing under the
//! diagram and leaves them blank on the board; a unit the diagram puts on
//! one fills it). Under HaanerChess every square a unit leaves becomes a
//! hole (both the king's and the rook's in castling, and the square of a
//! pawn taken en passant), before any rebirth: a unit cannot be reborn on
//! the square its capturer left (`Position::play` makes the holes).

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::Position;
use crate::rules::{Condition, Rules};

pub struct Hole;

impl ConditionRule for Hole {
    const ID: &'static str = "holes";
    /// Popeye's intelligent mode takes the condition.
    const INTELLIGENT: bool = true;
    const PARAMETER: Parameter = Parameter::Squares;
    const WRITTEN: bool = false;

    fn prepare(rules: &Rules, pos: &mut Position) {
        pos.holes |= rules.param(Condition::Hole).squares & !pos.unit_squares();
    }
}

pub struct Haaner;

impl ConditionRule for Haaner {
    const ID: &'static str = "haanerchess";
    /// Popeye's intelligent mode takes the condition.
    const INTELLIGENT: bool = true;
    /// A move leaves a hole behind: the quiet move of a unit that is not
    /// pinned may still uncover nothing, and check stays orthodox attack
    /// (holes block lines as units do).
    const CAPABILITIES: Capabilities = Capabilities::ORTHODOX;

    fn prepare(_rules: &Rules, pos: &mut Position) {
        pos.vacated_become_holes = true;
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves_of, sorted};
    use crate::board::{Position, Square};
    use crate::rules::conditions::Param;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn prepared(rules: &Rules, pieces: &str) -> Position {
        let mut pos = Position::from_piece_list(pieces).unwrap();
        rules.conditions.prepare(rules, &mut pos);
        pos
    }

    #[test]
    fn holes_stop_every_walk_and_take_no_rebirth() {
        let mut squares = crate::board::Bitboard::EMPTY;
        squares.set(sq("e4"));
        squares.set(sq("d5"));
        let r = Rules::with_circe(CirceRules::of(Base::Circe)).with_param(
            Condition::Hole,
            Param {
                squares,
                ..Default::default()
            },
        );
        // Popeye: the pawn d5 fills its hole; e4 stays one.
        let pos = prepared(&r, "wBc5 wBd1 wKe5 wPa2 wPa3 wPf2 wSe6 bKe8 bPd4 bPd5 bRg3");
        assert_eq!(pos.holes, crate::board::Bitboard::from_square(sq("e4")));
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "Bd1-h5 Bd1-g4 Bd1-f3 Bd1-e2 Bd1-a4 Bd1-b3 Bd1-c2 f2-f4 f2-f3 f2*g3[+bRh8] \
                 a3-a4 Bc5-b4 Bc5*d4[+bPd7] Bc5-f8 Bc5-e7 Bc5-d6 Bc5-a7 Bc5-b6 Ke5*d4[+bPd7] \
                 Ke5-f4 Ke5-f6 Ke5-d6 Ke5*d5[+bPd7] Ke5-f5 Se6*d4[+bPd7] Se6-f4 Se6-g5 \
                 Se6-g7 Se6-f8 Se6-d8 Se6-c7"
            )
        );
    }

    #[test]
    fn a_square_left_becomes_a_hole_before_the_rebirth() {
        let r = Rules::with_circe(CirceRules::of(Base::Circe)).with(Condition::HaanerChess);
        // The black rook h6, taken on a dark square, would be reborn on
        // h8, which its capturer has just left: a hole now (Popeye).
        let pos = prepared(&r, "wKe1 wRh8 bKa1 bRh6");
        assert!(moves_of(&r, &pos).contains(&"Rh8*h6".to_string()));
        let mut out = Vec::new();
        crate::movegen::legal_moves(&pos, &r, &mut out);
        let mv = out.iter().find(|m| m.to == sq("h6")).unwrap();
        let after = pos.play(mv);
        assert!(after.holes.contains(sq("h8")));
        assert!(after.piece_at(sq("h8")).is_none());
        // The hole blocks the rook's way back and the king's.
        let mut back = after;
        back.turn = crate::board::Color::White;
        let list = moves_of(&r, &back);
        assert!(!list.contains(&"Rh6-h8".to_string()));
        assert_ne!(after.zobrist(), {
            let mut q = after;
            q.holes = crate::board::Bitboard::EMPTY;
            q.zobrist()
        });
    }

    #[test]
    fn castling_leaves_two_holes() {
        let r = Rules::orthodox().with(Condition::HaanerChess);
        let pos = prepared(&r, "wKe1 wRh1 bKa8");
        let mut out = Vec::new();
        crate::movegen::legal_moves(&pos, &r, &mut out);
        let castle = out.iter().find(|m| m.is_castling()).unwrap();
        let after = pos.play(castle);
        assert!(after.holes.contains(sq("e1")) && after.holes.contains(sq("h1")));
        assert_eq!(after.holes.count(), 2);
    }
}
