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
use crate::moves::{Effect, Motion, Move};
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
        if !holes.contains(mv.to) || matches!(mv.motion, Motion::Exchange | Motion::Null) {
            return found(*mv);
        }
        // The wormholes empty once the motion is played (castling's rook
        // included).
        let occupied = pos.play(mv).occupied();
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
            let promotion = unit
                .kind
                .def()
                .pawn
                .filter(|&p| mv.promotion.is_none() && rules.promotes_on(unit.color, p, hole));
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

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::{Bitboard, Color, Position, Square};
    use crate::rules::{Condition, Param, Rules};

    fn wormholes(squares: &[&str]) -> Rules {
        let mut holes = Bitboard::EMPTY;
        for s in squares {
            holes.set(Square::parse(s).unwrap());
        }
        Rules::orthodox().with(Condition::Wormholes).with_param(
            Condition::Wormholes,
            Param {
                squares: holes,
                ..Param::default()
            },
        )
    }

    #[test]
    fn a_unit_ending_on_a_wormhole_comes_out_of_another() {
        let got = moves(
            &wormholes(&["c3", "d8"]),
            "wKh1 wRc1 bKa8 bPa7 bPb7 bPc6",
            Color::White,
        );
        let want = sorted(
            "Rc1-a1 Rc1-b1 Rc1*c6 Rc1-c5 Rc1-c4 Rc1-c3[wRc3->d8] Rc1-c2 Rc1-g1 Rc1-f1 \
             Rc1-e1 Rc1-d1 Kh1-g2 Kh1-g1 Kh1-h2",
        );
        assert_eq!(got, want);
    }

    #[test]
    fn a_unit_on_a_wormhole_is_observed_only_when_another_is_empty() {
        let r = wormholes(&["c3", "d8"]);
        let pos = Position::from_piece_list("wKh1 wRc1 bKc3 bBd8").unwrap();
        assert!(!r.in_check(&pos, Color::Black));
        // With d8 empty the rook could take the king and come out there.
        let pos = Position::from_piece_list("wKh1 wRc1 bKc3").unwrap();
        assert!(r.in_check(&pos, Color::Black));
        // No capture of a unit on a wormhole with no way out.
        let got = moves(&r, "wKh1 wRc1 bKa8 bSc3 bBd8", Color::White);
        assert!(!got.iter().any(|m| m.starts_with("Rc1*c3")));
    }

    #[test]
    fn a_pawn_on_its_first_rank_moves_from_a_wormhole() {
        let got = moves(
            &wormholes(&["d1", "e8"]),
            "wKh1 wPd1 bKe8 bPe2 bPc2",
            Color::White,
        );
        assert_eq!(got, sorted("d1-d2 d1*e2 d1*c2 Kh1-g2 Kh1-g1 Kh1-h2"));
    }
}
