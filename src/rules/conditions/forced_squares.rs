//! WhiteForcedSquare and BlackForcedSquare (Zwangsfeld): squares given
//! with the condition; the side must end its move on one of them when a
//! legal move does so (its other moves are then out), and moves freely
//! when none can. A move's end is its arrival (the king's in castling; a
//! rebirth after it aside). Popeye plays them through its mummer
//! mechanism, as Maximummer: only legal moves compete, check is not
//! affected. The consequent forms (WhiteConsequentForcedSquare, where the
//! illegal moves compete too) are not played.

use super::mummer::keep_best;
use super::{Capabilities, ConditionRule, Parameter};
use crate::board::Position;
use crate::moves::Move;
use crate::rules::{Condition, Rules};

/// The forced squares of the side `SIDE` (0 White, 1 Black).
pub struct ForcedSquares<const SIDE: u8>;

impl<const SIDE: u8> ForcedSquares<SIDE> {
    const CONDITION: Condition = if SIDE == 0 {
        Condition::WhiteForcedSquare
    } else {
        Condition::BlackForcedSquare
    };
}

impl<const SIDE: u8> ConditionRule for ForcedSquares<SIDE> {
    const ID: &'static str = if SIDE == 0 { "whforsqu" } else { "blforsqu" };
    const CAPABILITIES: Capabilities = Capabilities {
        moves_judged_alone: false,
        ..Capabilities::ORTHODOX
    };
    const PARAMETER: Parameter = Parameter::Squares;
    const INTELLIGENT: bool = true;

    #[inline]
    fn filter(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        if pos.turn as u8 == SIDE {
            let forced = rules.param(Self::CONDITION).squares;
            keep_best(moves, start, |mv| forced.contains(mv.to) as u32);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::mummer::two_selectors(rules)
    }
}

/// White's forced squares.
pub type WhiteForcedSquare = ForcedSquares<0>;
/// Black's forced squares.
pub type BlackForcedSquare = ForcedSquares<1>;

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use super::super::Param;
    use crate::board::{Bitboard, Color, Square};
    use crate::rules::{Condition, Rules};

    fn forced(c: Condition, squares: &[&str]) -> Rules {
        let mut set = Bitboard::EMPTY;
        for s in squares {
            set.set(Square::parse(s).unwrap());
        }
        Rules::orthodox().with_param(
            c,
            Param {
                squares: set,
                ..Default::default()
            },
        )
    }

    #[test]
    fn a_forced_square_that_can_be_reached_must_be() {
        let r = forced(Condition::WhiteForcedSquare, &["d5", "h8"]);
        assert_eq!(
            moves(&r, "wKa1 wRd1 wSf4 bKe8 bPd5", Color::White),
            sorted("Rd1*d5 Sf4*d5")
        );
        // Black is free.
        assert_eq!(moves(&r, "wKa1 wRd1 wSf4 bKe8 bPd5", Color::Black).len(), 6);
    }

    #[test]
    fn when_none_can_be_reached_every_move_stays() {
        let r = forced(Condition::BlackForcedSquare, &["a4"]);
        assert_eq!(
            moves(&r, "wKa1 bKe8 bPd5", Color::Black),
            sorted("d5-d4 Ke8-d8 Ke8-f8 Ke8-d7 Ke8-e7 Ke8-f7")
        );
    }
}
