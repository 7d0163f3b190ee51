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
/// condition of the side the stipulation restricts.
pub struct UltraSchachZwang;

impl ConditionRule for UltraSchachZwang {
    const ID: &'static str = "ultraschachzwang";
    const CAPABILITIES: Capabilities = CHECKING;

    fn refusal(_rules: &Rules) -> Option<String> {
        // Still in force at play: the side could not be decided.
        Some("Can't decide whether condition applies to White or Black".into())
    }
}

/// Puts the one-sided form of plain UltraSchachZwang in its place, for
/// the side `restricted` (Popeye: the defender in direct and self play,
/// the side that moves first in a help play of whole moves): None leaves
/// it, to be refused.
pub fn resolve_side(rules: &mut Rules, restricted: Option<Color>) {
    if !rules.has(Condition::UltraSchachZwang) {
        return;
    }
    if let Some(side) = restricted {
        rules.conditions.remove(Condition::UltraSchachZwang);
        rules.conditions.insert(match side {
            Color::White => Condition::WhiteUltraSchachZwang,
            Color::Black => Condition::BlackUltraSchachZwang,
        });
    }
}
