//! FuddledMen: a unit that moved on its side's last move may not move on
//! the side's next one, and gives no check meanwhile.
//!
//! The units a move moves are the mover (where it ends, its rebirth
//! included: an AntiCirce capturer on its rebirth square), the rook of a
//! castling (a CastlingChess partner too) and the unit of the mover's side
//! an exchange brings to the mover's square (ExchangeCastling; a
//! Messigny exchange with an enemy unit fuddles the mover alone). They
//! stay fuddled until their side moves again: they neither move nor check
//! (so they do not stop the other king from standing next to them, and a
//! unit pinned by them is free); the diagram's units are fresh.

use super::{Capabilities, ConditionRule, Parameter, ProofTraffic};
use crate::board::{Bitboard, Color, Position, Square};
use crate::rules::{Observer, Rules};

pub struct FuddledMen;

impl ConditionRule for FuddledMen {
    const ID: &'static str = "fuddled_men";
    /// It only takes the fuddled units' moves and checks away.
    const PROOF: ProofTraffic = ProofTraffic::Restricts;
    const PARAMETER: Parameter = Parameter::None;
    /// Units that may not move, observers that do not check: a pinned
    /// unit may be free, a king's neighbour square safe.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        orthodox_legality: false,
        ..Capabilities::ORTHODOX
    };

    fn prepare(_rules: &Rules, pos: &mut Position) {
        pos.history.tracked = true;
    }

    #[inline]
    fn immobile(_rules: &Rules, pos: &Position, side: Color) -> Bitboard {
        pos.history.moved[side.index()]
    }

    #[inline]
    fn observes(_rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        !pos.history.moved[observer.unit.color.index()].contains(observer.on)
    }
}

/// The position `after` a move of a line as Popeye judges its check mark:
/// it writes a line at its end, replaying the moves without their record
/// of moved units, so each move's check is judged with the units fuddled
/// at the line's `end`.
pub fn as_at_line_end(mut after: Position, end: &Position) -> Position {
    after.history.moved = end.history.moved;
    after
}

#[cfg(test)]
mod tests {
    //! The positions of EXAMPLES_fuddled_men__001 (Popeye 4.104: 1.Qc7-b6!
    //! Ka8-b7 2.Kh1-g1#) and TESTS_fuddled_men__001 (h#1: 1.Kh1-g1
    //! Ke1-e2#, the rook that castled gives no check).
    use super::super::testing::{after_line, moves_of};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    fn fuddled() -> Rules {
        Rules::default().with(Condition::FuddledMen)
    }

    #[test]
    fn a_unit_that_just_moved_gives_no_check_and_may_not_move_next() {
        let r = fuddled();
        let pieces = "wKh1 wQc7 wPh2 bKa8 bPh3";
        // The black king may step next to the queen that has just moved.
        let pos = after_line(&r, pieces, Color::White, &["Qc7-b6"]);
        assert!(moves_of(&r, &pos).contains(&"Ka8-b7".to_string()));
        // The queen, moved last, may not move: the king alone does.
        let pos = after_line(&r, pieces, Color::White, &["Qc7-b6", "Ka8-b7"]);
        assert_eq!(moves_of(&r, &pos), ["Kh1-g1"]);
        // Then the queen checks, and the black king, moved last, is stuck.
        let pos = after_line(&r, pieces, Color::White, &["Qc7-b6", "Ka8-b7", "Kh1-g1"]);
        assert!(r.in_check(&pos, Color::Black));
        assert!(moves_of(&r, &pos).is_empty());
    }

    #[test]
    fn a_castling_fuddles_the_rook_too() {
        let r = fuddled();
        let pos = after_line(&r, "wKe1 wRa1 bKh1 bPe3", Color::White, &["0-0-0"]);
        assert!(!r.in_check(&pos, Color::Black));
        let pos = after_line(
            &r,
            "wKe1 wRa1 bKh1 bPe3",
            Color::Black,
            &["Kh1-g1", "Ke1-e2"],
        );
        assert!(r.in_check(&pos, Color::Black));
    }
}
