//! WhiteForcedSquare and BlackForcedSquare (Zwangsfeld): squares given
//! with the condition; the side must end its move on one of them when a
//! legal move does so (its other moves are then out), and moves freely
//! when none can. A move's end is its arrival (the king's in castling; a
//! rebirth after it aside). Popeye plays them through its mummer
//! mechanism, as Maximummer: only legal moves compete, check is not
//! affected.
//!
//! The consequent forms (WhiteConsequentForcedSquare,
//! BlackConsequentForcedSquare: Popeye's "Ultra" mummer strictness) let
//! the illegal moves compete too: when a pseudo-legal move of the side
//! ends on a forced square, its moves are those that do, legal or not (so
//! it may be left without a move); and a unit of the side observes (and
//! checks) a square that is not forced only when no pseudo-legal move of
//! the side ends on a forced square.

use super::mummer::keep_best;
use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Bitboard, Color, Position, Square};
use crate::moves::Move;
use crate::rules::{Condition, Observer, Rules};

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
    const SELECTS: super::Selects = super::Selects::Side(if SIDE == 0 {
        crate::board::Color::White
    } else {
        crate::board::Color::Black
    });

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

/// The consequent forced squares of the side `SIDE` (0 White, 1 Black).
pub struct ConsequentForcedSquares<const SIDE: u8>;

impl<const SIDE: u8> ConsequentForcedSquares<SIDE> {
    const CONDITION: Condition = if SIDE == 0 {
        Condition::WhiteConsequentForcedSquare
    } else {
        Condition::BlackConsequentForcedSquare
    };
    const COLOR: Color = if SIDE == 0 {
        Color::White
    } else {
        Color::Black
    };

    /// Whether a pseudo-legal move of the side, in `pos` with the side to
    /// move, ends on one of `forced`.
    fn can_reach(rules: &Rules, pos: &Position, forced: Bitboard) -> bool {
        let mut turned = *pos;
        turned.turn = Self::COLOR;
        let mut moves = Vec::new();
        crate::movegen::pseudo_legal_moves(&turned, rules, &mut moves);
        moves.iter().any(|mv| forced.contains(mv.to))
    }
}

impl<const SIDE: u8> ConditionRule for ConsequentForcedSquares<SIDE> {
    const ID: &'static str = if SIDE == 0 {
        "whconforsqu"
    } else {
        "blconforsqu"
    };
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_observation: false,
        check_implies_attack: false,
        moves_judged_alone: false,
        filter_keeps_a_move: false,
        ..Capabilities::ORTHODOX
    };
    const PARAMETER: Parameter = Parameter::Squares;
    const SELECTS: super::Selects = super::Selects::Side(Self::COLOR);

    fn filter(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        if pos.turn != Self::COLOR {
            return;
        }
        let forced = rules.param(Self::CONDITION).squares;
        if Self::can_reach(rules, pos, forced) {
            let mut keep = start;
            for i in start..moves.len() {
                if forced.contains(moves[i].to) {
                    moves[keep] = moves[i];
                    keep += 1;
                }
            }
            moves.truncate(keep);
        }
    }

    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        if observer.unit.color != Self::COLOR {
            return true;
        }
        let forced = rules.param(Self::CONDITION).squares;
        forced.contains(target) || !Self::can_reach(rules, pos, forced)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::mummer::two_selectors(rules)
    }
}

/// White's consequent forced squares.
pub type WhiteConsequentForcedSquare = ConsequentForcedSquares<0>;
/// Black's consequent forced squares.
pub type BlackConsequentForcedSquare = ConsequentForcedSquares<1>;

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

    #[test]
    fn consequent_an_illegal_move_to_a_forced_square_leaves_no_move() {
        // The white king, in check from b4, could go away; Rh5-d5 ends
        // on the forced square but is illegal: White has no move.
        let r = forced(Condition::WhiteConsequentForcedSquare, &["d5"]);
        assert!(moves(&r, "wKc3 wRh5 bKe8 bBb4", Color::White).is_empty());
        let r = forced(Condition::WhiteForcedSquare, &["d5"]);
        assert_eq!(moves(&r, "wKc3 wRh5 bKe8 bBb4", Color::White).len(), 7);
    }

    #[test]
    fn consequent_a_unit_checks_only_when_no_move_reaches_a_forced_square() {
        // The rook e2 attacks the king e8, but Sb4-d5 reaches d5: no check
        // (with e8 forced, check).
        let pos = crate::board::Position::from_piece_list("wKa1 wRe2 wSb4 bKe8").unwrap();
        let r = forced(Condition::WhiteConsequentForcedSquare, &["d5"]);
        assert!(!r.in_check(&pos, Color::Black));
        let r = forced(Condition::WhiteConsequentForcedSquare, &["e8"]);
        assert!(r.in_check(&pos, Color::Black));
        let r = forced(Condition::WhiteConsequentForcedSquare, &["d5"]);
        assert_eq!(
            moves(&r, "wKa1 wRe2 wSb4 bKe8", Color::White),
            sorted("Sb4-d5")
        );
    }
}
