//! UltraSchachZwang: every move of the side bound must give check (a move
//! that does not is illegal). WhiteUltraSchachZwang binds White,
//! BlackUltraSchachZwang Black; plain UltraSchachZwang binds the side the
//! stipulation restricts (Popeye's rule for its one-sided conditions
//! written without a side), resolved before play by
//! [`resolve_side`].
//!
//! The mate test does not obey it: a side in check is mated only when no
//! move at all, checking or not, gets it out (Popeye leaves its mate
//! tester alone); the stalemate test does (a side whose moves all fail to
//! check is stalemated). Check itself is not changed.

use super::{Capabilities, ConditionRule};
use crate::board::{Color, Position};
use crate::moves::Move;
use crate::rules::{Condition, Rules};

/// What the condition changes: legality after the move, but not the mate
/// test.
const CHECKING: Capabilities = Capabilities {
    orthodox_legality: false,
    binds_mate_test: false,
    ..Capabilities::ORTHODOX
};

/// The moves of side `SIDE` (0 White, 1 Black) must check.
pub struct MustCheck<const SIDE: u8>;

impl<const SIDE: u8> ConditionRule for MustCheck<SIDE> {
    const ID: &'static str = if SIDE == 0 {
        "whiteultraschachzwang"
    } else {
        "blackultraschachzwang"
    };
    const CAPABILITIES: Capabilities = CHECKING;
    const INTELLIGENT: bool = true;

    #[inline]
    fn legal_after(rules: &Rules, before: &Position, _mv: &Move, after: &Position) -> bool {
        before.turn as u8 != SIDE || rules.in_check(after, before.turn.opponent())
    }
}

/// White's moves must check.
pub type WhiteUltraSchachZwang = MustCheck<0>;
/// Black's moves must check.
pub type BlackUltraSchachZwang = MustCheck<1>;

/// UltraSchachZwang without a side: replaced before play by the one-sided
/// condition of the side the stipulation restricts ([`resolve_side`]).
pub struct UltraSchachZwang;

impl ConditionRule for UltraSchachZwang {
    const ID: &'static str = "ultraschachzwang";
    const CAPABILITIES: Capabilities = CHECKING;
}

/// Puts the one-sided form of plain UltraSchachZwang in its place, for
/// the side `restricted` (Popeye: the defender in direct and self play,
/// the side that moves first in a help play of whole moves, the side that
/// does not play the series).
pub fn resolve_side(rules: &mut Rules, restricted: Color) {
    if !rules.has(Condition::UltraSchachZwang) {
        return;
    }
    rules.conditions.remove(Condition::UltraSchachZwang);
    rules.conditions.insert(match restricted {
        Color::White => Condition::WhiteUltraSchachZwang,
        Color::Black => Condition::BlackUltraSchachZwang,
    });
}

#[cfg(test)]
mod tests {
    //! Each answer is Popeye 4.104's (`~1`, `h~1`, `#1`).
    use super::super::testing::{moves, sorted};
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};
    use crate::solve::goal::Judge;
    use crate::stipulation::Goal;

    #[test]
    fn every_move_of_the_side_bound_checks() {
        let white = Rules::orthodox().with(Condition::WhiteUltraSchachZwang);
        assert_eq!(
            moves(&white, "wKc1 wRa7 bKh8", Color::White),
            sorted("Ra7-a8 Ra7-h7")
        );
        let black = Rules::orthodox().with(Condition::BlackUltraSchachZwang);
        assert_eq!(
            moves(&black, "wKa2 bSe2", Color::Black),
            sorted("Se2-c1 Se2-c3")
        );
        // White is free under Black's condition; Black has no checking
        // move against a king on b2: it is stalemated.
        assert_eq!(moves(&black, "wKa2 bSe2", Color::White).len(), 5);
        assert!(moves(&black, "wKb2 bSe2", Color::Black).is_empty());
    }

    #[test]
    fn the_mate_test_ignores_the_condition() {
        // 1.Ra8+ is no mate: Kg7 and Kh7 get out, though neither checks.
        let black = Rules::orthodox().with(Condition::BlackUltraSchachZwang);
        let mut pos = Position::from_piece_list("wKc1 wRa7 bKh8").unwrap();
        pos.turn = Color::White;
        let mut out = Vec::new();
        crate::movegen::legal_moves(&pos, &black, &mut out);
        let mv = out
            .iter()
            .find(|m| m.to == crate::board::Square::parse("a8").unwrap())
            .unwrap();
        let after = pos.play(mv);
        assert!(moves(&black, "wKc1 wRa8 bKh8", Color::Black).is_empty());
        assert!(!Judge::new(black, Goal::Mate).reached(&pos, mv, &after));
    }

    #[test]
    fn without_a_side_it_binds_the_side_the_stipulation_restricts() {
        let mut r = Rules::orthodox().with(Condition::UltraSchachZwang);
        r.resolve_sides(Color::Black);
        assert!(r.has(Condition::BlackUltraSchachZwang));
        assert!(!r.has(Condition::UltraSchachZwang));
        let mut r = Rules::orthodox().with(Condition::UltraSchachZwang);
        r.resolve_sides(Color::White);
        assert!(r.has(Condition::WhiteUltraSchachZwang));
        assert!(!r.has(Condition::BlackUltraSchachZwang));
    }
}
