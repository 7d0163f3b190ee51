//! AnnanChess and Nanna: a unit with a unit of its own side right behind
//! it (AnnanChess; right in front of it under Nanna) moves, captures and
//! observes with that unit's walk, and with that walk only; otherwise with
//! its own. Behind and in front are by the unit's side: for White the
//! square one rank lower is behind. The move stays the unit's own: a pawn
//! that moves with a rook's walk onto its last rank promotes, a rook that
//! moves with a pawn's walk does not (it may still make the double step
//! from its second rank). A king castles only when it moves with a king's
//! walk. Popeye's types B, C and D (which leave kings out) are not played.

use super::{Capabilities, ConditionRule, Walks};
use crate::board::{Color, Piece, Position, Square};
use crate::rules::Rules;

/// The capabilities of a condition that changes the walks.
pub(super) const WALKS: Capabilities = Capabilities {
    orthodox_movers: false,
    orthodox_observation: false,
    check_implies_attack: false,
    own_walks: false,
    ..Capabilities::ORTHODOX
};

pub struct Annan;
pub struct Nanna;

/// The walk the unit on `on` takes from the unit of its side `ahead`
/// ranks in front of it (for its side), if there is one.
#[inline]
fn lent_walk(pos: &Position, on: Square, unit: Piece, ahead: i8) -> Walks {
    let forward = if unit.color == Color::White { ahead } else { -ahead };
    let lender = on.offset(0, forward).filter(|&s| pos.by_color(unit.color).contains(s));
    match lender.and_then(|s| pos.piece_as(s, unit.color)) {
        Some(lender) => Walks::one(lender.kind),
        None => Walks::one(unit.kind),
    }
}

impl ConditionRule for Annan {
    const ID: &'static str = "annan";
    const CAPABILITIES: Capabilities = WALKS;

    #[inline]
    fn walks(_rules: &Rules, pos: &Position, on: Square, unit: Piece, _observing: bool) -> Walks {
        lent_walk(pos, on, unit, -1)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::walk_refusal(rules, "AnnanChess")
    }
}

impl ConditionRule for Nanna {
    const ID: &'static str = "nanna";
    const CAPABILITIES: Capabilities = WALKS;

    #[inline]
    fn walks(_rules: &Rules, pos: &Position, on: Square, unit: Piece, _observing: bool) -> Walks {
        lent_walk(pos, on, unit, 1)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::walk_refusal(rules, "Nanna")
    }
}
