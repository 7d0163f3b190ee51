//! Take&MakeChess (Popeye's `Take&MakeChess`): a unit that captures does
//! not stop on the victim's square; it goes on at once with a move the
//! victim could have made from there, by the victim's walk and in the
//! victim's direction (a pawn's make goes the way the captured pawn went),
//! and that second motion, the "make", captures nothing. A capture with
//! no make is no move. A pawn may not end its make on its own first rank
//! (Popeye's extra rule; it lifts it only under NormalPawn, which the
//! solver does not play), and a pawn that ends its make on its promotion
//! rank promotes there.
//!
//! The move is written as a locust's: `Sc1*b3-a2`, the departure, the
//! victim's square, the final square. Circe's rebirth follows the make
//! (the victim is reborn as it was captured on its square, the make's
//! final square being taken).
//!
//! Check stays the orthodox one: a unit that could capture the king checks
//! it whether or not a make would follow (Popeye's Absolute variant, where
//! it must, is not played). So observation, legality and the check-only
//! shortcuts hold; only the generator changes (`orthodox_movers`).

use super::{Capabilities, ConditionRule};
use crate::board::{Piece, Position};
use crate::moves::{Motion, Move};
use crate::rules::capture::unit_moves;
use crate::rules::{Base, Condition, Rules};

/// Take&MakeChess.
pub struct TakeMakeChess;

impl ConditionRule for TakeMakeChess {
    const ID: &'static str = "takemake";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        ..Capabilities::ORTHODOX
    };
    const SECOND_MOTION: bool = true;

    /// Popeye refuses it with AntiCirce and with NoCapture (and with
    /// Sentinelles, which the solver does not play).
    fn refusal(rules: &Rules) -> Option<String> {
        (rules.family(Base::AntiCirce).is_some() || rules.has(Condition::NoCapture))
            .then(|| "Take&MakeChess is incompatible with some fairy conditions".into())
    }

    fn second_motions(rules: &Rules, pos: &Position, take: &Move, found: &mut dyn FnMut(Move)) {
        let Some(victim) = take.captured else {
            return found(*take);
        };
        let mover = take.piece;
        // The make is played on the board with the victim gone and the
        // capturer on the square the take brought it to, for the victim's
        // side with the victim's walk.
        let mut board = *pos;
        board.remove(take.capture_square);
        board.remove(take.from);
        board.put(take.to, mover);
        let side = mover.color.opponent();
        board.turn = side;
        board.ep_square = None;
        let walker = Piece {
            color: side,
            kind: victim.kind,
            attrs: mover.attrs,
        };
        let base_rank = mover.color.back_rank();
        let pawn = mover.kind.def().pawn.is_some();
        unit_moves(&board, rules, walker, take.to, &mut |to, _, capture| {
            if capture || (pawn && to.rank() == base_rank) {
                return;
            }
            let motion = match take.motion {
                Motion::EnPassant => Motion::EnPassant,
                _ => Motion::Normal,
            };
            found(Move {
                to,
                motion,
                promotion: None,
                ..*take
            });
        });
    }
}
