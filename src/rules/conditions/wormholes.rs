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

use super::{Capabilities, ConditionRule, Parameter, ProofTraffic, UnitTraffic};
use crate::board::{Piece, Position, Square};
use crate::moves::{Effect, Motion, Move};
use crate::rules::{Condition, Observer, Rules};

/// Wormholes.
pub struct Wormholes;

impl ConditionRule for Wormholes {
    const ID: &'static str = "wormholes";
    /// The mover goes on through a wormhole, still one unit; a king and a
    /// rook that come out on their home squares may castle again, so
    /// every move may be a castling.
    const PROOF: ProofTraffic = ProofTraffic::Moves(UnitTraffic {
        own: 2,
        fills: 2,
        ..UnitTraffic::ONE_UNIT
    });
    const PARAMETER: Parameter = Parameter::Squares;

    /// Where no wormhole is a king's home square, no king comes back
    /// there to castle again: one unit a move, the orthodox castling
    /// once.
    fn proof(rules: &Rules) -> ProofTraffic {
        let holes = rules.param(Condition::Wormholes).squares;
        let homes = [Square::new(4, 0), Square::new(4, 7)];
        if homes.iter().any(|&home| holes.contains(home)) {
            Self::PROOF
        } else {
            ProofTraffic::Moves(UnitTraffic::ONE_UNIT)
        }
    }
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };
    const SECOND_MOTION: bool = true;
    const SECOND_MOTION_IN_CHECK: bool = true;

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
            if hole == mv.to || occupied.contains(hole) || (hole == mv.departure() && !changes) {
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

    /// The pawn moves of `pieces` (White to move) under Wormholes on
    /// `squares`, with a black chameleon pawn on h5.
    fn pawn_moves_beside_a_chameleon(squares: &[&str], pieces: &str) -> Vec<String> {
        use crate::board::Attrs;
        let mut pos = Position::from_piece_list(pieces).unwrap();
        let h5 = Square::parse("h5").unwrap();
        pos.put(h5, pos.piece_at(h5).unwrap().with(Attrs::CHAMELEON));
        pos.turn = Color::White;
        let mut r = wormholes(squares);
        super::super::put_carried_in_force(&mut r, &pos);
        r.repertoire = crate::rules::Repertoire::for_rules(&pos, &r);
        super::super::testing::moves_of(&r, &pos)
            .into_iter()
            .filter(|m| m.starts_with('b'))
            .collect()
    }

    #[test]
    fn a_pawn_out_on_its_last_rank_may_promote_into_a_chameleon() {
        // Popeye 4.104: each promotion out of the wormhole has its
        // chameleon twin while a chameleon is on the board.
        let got = pawn_moves_beside_a_chameleon(&["b4", "f8"], "wKa1 wPb3 bKh1 bPh5");
        let want = sorted(
            "b3-b4[wPb4->f8=Q] b3-b4[wPb4->f8=Q=c] b3-b4[wPb4->f8=S] b3-b4[wPb4->f8=S=c] \
             b3-b4[wPb4->f8=R] b3-b4[wPb4->f8=R=c] b3-b4[wPb4->f8=B] b3-b4[wPb4->f8=B=c]",
        );
        assert_eq!(got, want);
    }

    #[test]
    fn a_unit_promoted_on_a_wormhole_comes_out_no_chameleon() {
        // Popeye changes the unit on the promotion square, left empty.
        let got = pawn_moves_beside_a_chameleon(&["b8", "f4"], "wKa1 wPb7 bKh1 bPh5");
        let want =
            sorted("b7-b8=Q[wQb8->f4] b7-b8=S[wSb8->f4] b7-b8=R[wRb8->f4] b7-b8=B[wBb8->f4]");
        assert_eq!(got, want);
    }

    #[test]
    fn a_double_step_through_a_wormhole_is_taken_en_passant_where_it_came_out() {
        // Popeye 4.104: after 1.e7-e5[bPe5->f3] the white pawn takes
        // en passant on e6 and the pawn on f3 goes.
        use crate::movegen::legal_moves;
        let r = wormholes(&["e5", "f3"]);
        let mut pos = Position::from_piece_list("wKa1 wBd1 wPd5 bKh5 bPe7").unwrap();
        pos.turn = Color::Black;
        let play = |pos: &Position, written: &str| {
            let mut out = Vec::new();
            legal_moves(pos, &r, &mut out);
            let mv = out
                .iter()
                .find(|m| {
                    crate::io::notation::popeye_move(m, crate::io::notation::Alphabet::English)
                        == written
                })
                .unwrap_or_else(|| panic!("{written} not among the moves"));
            pos.play(mv)
        };
        let after = play(&pos, "e7-e5[bPe5->f3]");
        let taken = play(&after, "d5*e6 ep.");
        assert!(taken.piece_at(Square::parse("f3").unwrap()).is_none());
        assert!(r.in_check(&taken, Color::Black));
    }

    #[test]
    fn a_king_out_of_a_wormhole_on_its_square_may_castle() {
        // Popeye 4.104, ser-002: 1.Ke7-f8[wKf8->e1] 2.0-0; with the king
        // walking to e1 (Kf2-e1) there is no castling.
        use super::super::testing::{after_line, moves_of};
        let r = wormholes(&["f8", "e1"]);
        let mut after = after_line(&r, "wKe7 wRh1 bKa8", Color::White, &["Ke7-f8[wKf8->e1]"]);
        after.turn = Color::White;
        assert!(moves_of(&r, &after).contains(&"0-0".to_string()));
        let orthodox = Rules::orthodox();
        let mut after = after_line(&orthodox, "wKf2 wRh1 bKa8", Color::White, &["Kf2-e1"]);
        after.turn = Color::White;
        assert!(!moves_of(&orthodox, &after).contains(&"0-0".to_string()));
    }

    #[test]
    fn a_mars_unit_does_not_come_back_to_its_square_by_a_quiet_move() {
        // AntiMarsCirce: a6-a2-a3 would bring the pawn back to a6 through
        // the wormhole; Popeye allows no such move.
        let mut r = Rules::with_circe(crate::rules::CirceRules::of(
            crate::rules::Base::AntiMarsCirce,
        ));
        let holes = wormholes(&["a6", "a3"]);
        r = r
            .with(Condition::Wormholes)
            .with_param(Condition::Wormholes, *holes.param(Condition::Wormholes));
        let got = moves(&r, "wKh1 wPa6 bKh8 bPa4", Color::White);
        assert!(!got.iter().any(|m| m.starts_with("a6")), "{got:?}");
    }

    #[test]
    fn a_king_is_in_check_where_its_capturer_comes_out_on_its_rebirth_square() {
        // Circe Rex Inclusive: the knight taking e6 comes out on e8, the
        // black king's rebirth square, so the king goes for good (Popeye).
        let circe = Rules::with_circe(crate::rules::CirceRules {
            rex_inclusive: true,
            ..crate::rules::CirceRules::of(crate::rules::Base::Circe)
        });
        let pos = Position::from_piece_list("wSf4 bKe6").unwrap();
        assert!(!circe.in_check(&pos, Color::Black));
        let holes = wormholes(&["e6", "e8"]);
        let r = circe
            .with(Condition::Wormholes)
            .with_param(Condition::Wormholes, *holes.param(Condition::Wormholes));
        assert!(r.in_check(&pos, Color::Black));
        // Only the first wormhole out counts: out on a1 the capturer
        // leaves e8 to the king, though it might come out on e8 (with
        // e8 and h8, e8 comes first).
        for (holes, check) in [(["a1", "e6", "e8"], false), (["e6", "e8", "h8"], true)] {
            let holes = wormholes(&holes);
            let r = circe
                .with(Condition::Wormholes)
                .with_param(Condition::Wormholes, *holes.param(Condition::Wormholes));
            assert_eq!(r.in_check(&pos, Color::Black), check, "{holes:?}");
        }
    }
}
