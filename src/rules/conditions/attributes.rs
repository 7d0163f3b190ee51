//! Part 2, group A: the rules that unit attributes carry. They are no
//! conditions of Popeye's: each is put in force by the attribute, for the
//! units that carry it (`ConditionRule::CARRIED_BY`), is never named under
//! the diagram, and has no name a problem could give as a condition (its
//! identifier is `attribute NAME`, in no table of names).
//!
//! - **Paralysing**: a unit observed by an enemy paralysing unit may not
//!   move and observes nothing (gives no check); the observation that
//!   paralyses is its geometry alone (the conditions that judge it have
//!   their say), and a paralysed paralysing unit still paralyses. A
//!   paralysing unit never captures and observes nothing itself. A mate
//!   where the mated side's units that could move (its king in check
//!   aside) are all paralysed is no mate (Popeye's "suffocation by
//!   paralysis"): see [`Paralysing`]'s `mate_refused`.
//! - **Uncapturable**: the unit may not be captured (it still observes and
//!   is observed: a royal uncapturable unit can be in check).

use super::{Capabilities, ConditionRule};
use crate::board::{Attrs, Bitboard, Color, Position, Square};
use crate::moves::Move;
use crate::rules::{Observer, Rules};

/// The parameter number of a rule the attribute alone puts in force.
const CARRIED: u8 = 0;

/// The paralysing attribute's rule.
pub struct Paralysing;

/// The uncapturable attribute's rule.
pub struct Uncapturable;

impl Rules {
    /// Whether the unit on `on`, playing for `side`, is observed by an
    /// enemy paralysing unit (observation geometry only).
    pub fn is_paralysed_by_attribute(&self, pos: &Position, on: Square, side: Color) -> bool {
        let paralysers = pos.with_attrs(Attrs::PARALYSING) & pos.by_color(side.opponent());
        if paralysers.is_empty() {
            return false;
        }
        self.any_observer(pos, on, side.opponent(), None, false, |o| {
            paralysers.contains(o.on) && self.conditions.observes_geometry(self, pos, &o, on)
        })
    }
}

impl ConditionRule for Paralysing {
    const ID: &'static str = "attribute paralysing";
    const WRITTEN: bool = false;
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::PARALYSING, CARRIED));
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn immobile(rules: &Rules, pos: &Position, side: Color) -> Bitboard {
        super::units_where(pos, side, |on| {
            rules.is_paralysed_by_attribute(pos, on, side)
        })
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        !observer.unit.attrs.contains(Attrs::PARALYSING)
            && !rules.is_paralysed_by_attribute(pos, observer.on, observer.unit.color)
    }

    #[inline]
    fn allows(_rules: &Rules, _pos: &Position, mv: &Move) -> bool {
        !(mv.is_capture() && mv.piece.attrs.contains(Attrs::PARALYSING))
    }

    fn mate_refused(rules: &Rules, pos: &Position, side: Color) -> bool {
        suffocated(rules, pos, side)
    }
}

/// Whether `side` is "suffocated by paralysis": of its units with a move
/// (pseudo-legal, paralysis set aside), none is free.
pub fn suffocated(rules: &Rules, pos: &Position, side: Color) -> bool {
    let mut free = rules.clone();
    free.conditions.remove(super::Condition::Paralysing);
    let mut turned = *pos;
    turned.turn = side;
    let mut moves = Vec::new();
    crate::movegen::pseudo_legal_moves(&turned, &free, &mut moves);
    let mut any = false;
    let mut last = None;
    for mv in &moves {
        if mv.is_capture() && mv.piece.attrs.contains(Attrs::PARALYSING) {
            continue;
        }
        if last == Some(mv.from) {
            continue;
        }
        last = Some(mv.from);
        if !rules.is_paralysed_by_attribute(pos, mv.from, side) {
            return false;
        }
        any = true;
    }
    any
}

impl ConditionRule for Uncapturable {
    const ID: &'static str = "attribute uncapturable";
    const WRITTEN: bool = false;
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::UNCAPTURABLE, CARRIED));
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn allows(_rules: &Rules, _pos: &Position, mv: &Move) -> bool {
        !mv.captured
            .is_some_and(|v| v.attrs.contains(Attrs::UNCAPTURABLE))
    }
}
