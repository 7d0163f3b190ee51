//! Wormholes (Popeye's `Wormholes`, with the squares of the wormholes): a
//! unit whose motion ends on a wormhole goes on through it to another
//! wormhole, one that is empty once the motion is played; each such
//! wormhole is one move, in the order of the squares (a1, b1 ... h8). A
//! move to a wormhole with no empty wormhole to go on to is no move, and
//! a unit that moved from a wormhole to a wormhole does not come back to
//! its own square unless the move captured or promoted (it would be no
//! move at all). The transfer is written after the move, as Popeye writes
//! it: `Re3-c3[wRc3->f6]`; Circe's rebirth comes after it.
//!
//! Observation (and so check) follows: a unit observes a unit on a
//! wormhole only when it stands on a wormhole itself or some other
//! wormhole is empty. So observation is not the orthodox attack.

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Piece, Position, Square};
use crate::moves::{Effect, Move};
use crate::pieces::Promotion;
use crate::rules::{Condition, Observer, Rules};

/// Wormholes.
pub struct Wormholes;

impl ConditionRule for Wormholes {
    const ID: &'static str = "wormholes";
    const PARAMETER: Parameter = Parameter::Squares;
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };
    const SECOND_MOTION: bool = true;

    fn second_motions(rules: &Rules, pos: &Position, mv: &Move, found: &mut dyn FnMut(Move)) {
        let holes = rules.param(Condition::Wormholes).squares;
        if !holes.contains(mv.to) || mv.is_castling_or_exchange() {
            return found(*mv);
        }
        let mut occupied = pos.occupied();
        occupied.clear(mv.from);
        occupied.clear(mv.capture_square);
        occupied.set(mv.to);
        let unit = mv.arriving_piece();
        let changes = mv.is_capture() || mv.promotion.is_some();
        for hole in holes {
            if hole == mv.to || occupied.contains(hole) || (hole == mv.from && !changes) {
                continue;
            }
            let mut go = |arriving: Piece| {
                let mut through = *mv;
                through.effects.push(Effect::Transfer {
                    from: mv.to,
                    to: hole,
                    unit: arriving,
                    was: unit.kind,
                });
                found(through);
            };
            // A pawn that comes out on its promotion rank promotes there.
            let promotion = unit.kind.def().pawn.filter(|&p| {
                let rank = match p {
                    Promotion::OwnFirstRank => unit.color.back_rank(),
                    _ => rules.promotion_rank(unit.color),
                };
                mv.promotion.is_none() && hole.rank() == rank
            });
            match promotion {
                Some(p) => {
                    for kind in rules.repertoire.promotions(p) {
                        go(Piece { kind, ..unit });
                    }
                }
                None => go(unit),
            }
        }
    }

    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        let holes = rules.param(Condition::Wormholes).squares;
        if holes.contains(observer.from) || !holes.contains(target) {
            return true;
        }
        holes
            .into_iter()
            .any(|hole| hole != target && pos.is_empty_square(hole))
    }
}
