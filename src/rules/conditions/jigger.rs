//! The jigger attribute: a move of a jigger unit is legal only when,
//! where the unit ends (its arrival square, or the square an Anticirce
//! rebirth puts it on), it touches another unit (stands next to it, on
//! any of the eight squares around it), once the move and its rebirths
//! are played: KoeKo for the jigger units alone.
//!
//! Popeye judges every observation by playing the capture (its
//! `observation_play_move_to_validate`), so a jigger unit checks a king
//! only when its capture of the king would be legal by this rule: the
//! king gone, the jigger standing where it ends must touch a unit. The
//! other units observe as they would without the attribute.

use super::{Capabilities, ConditionRule};
use crate::board::{attacks, Attrs, Bitboard, Position, Square};
use crate::moves::Move;
use crate::rules::{Observer, Rules};

/// The parameter number of the rule the attribute puts in force.
const CARRIED: u8 = 0;

/// The jigger attribute's rule.
pub struct Jigger;

/// Whether a unit on `sq` touches one of `others`.
#[inline]
fn touches(sq: Square, others: Bitboard) -> bool {
    (attacks::king(sq) & others).nonempty()
}

/// Whether the unit that moves in `mv`, played into `after`, ends in
/// contact (a unit gone from the board is judged by nothing).
#[inline]
fn ends_in_contact(mv: &Move, after: &Position) -> bool {
    super::volage::mover_end(mv).is_none_or(|(sq, _, _)| touches(sq, after.unit_squares()))
}

impl ConditionRule for Jigger {
    const ID: &'static str = "attribute jigger";
    const WRITTEN: bool = false;
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::JIGGER, CARRIED));
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_observation: false,
        orthodox_legality: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn legal_after(_rules: &Rules, _before: &Position, mv: &Move, after: &Position) -> bool {
        !mv.piece.attrs.contains(Attrs::JIGGER) || ends_in_contact(mv, after)
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        if !observer.unit.attrs.contains(Attrs::JIGGER) {
            return true;
        }
        match pos.piece_at(target) {
            Some(victim) => rules.some_capture_played(
                pos,
                observer.unit,
                observer.from,
                target,
                victim,
                &mut ends_in_contact,
            ),
            None => {
                let mut others = pos.unit_squares();
                others.clear(observer.on);
                touches(target, others)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer (`~1`).
    use super::super::testing::{moves_of, sorted};
    use crate::board::{Attrs, Color, Position, Square};
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    /// `pieces` with the units on `jiggers` made jiggers, `turn` to play,
    /// and the rule the attribute carries in force.
    fn position(rules: Rules, pieces: &str, jiggers: &[&str], turn: Color) -> (Rules, Position) {
        let mut pos = Position::from_piece_list(pieces).unwrap();
        for s in jiggers {
            let p = pos.piece_at(sq(s)).unwrap();
            // `put` clears the square's castling right: keep it.
            let unmoved = pos.unmoved;
            pos.put(sq(s), p.with(Attrs::JIGGER));
            pos.unmoved = unmoved;
        }
        pos.turn = turn;
        let mut r = rules;
        super::super::put_carried_in_force(&mut r, &pos);
        (r, pos)
    }

    #[test]
    fn a_jigger_moves_only_into_contact() {
        let (r, pos) = position(
            Rules::orthodox(),
            "wKe1 wPb2 wQd4 wRh1 bKe8 bSf6",
            &["d4", "h1", "f6"],
            Color::White,
        );
        assert!(r.has(Condition::Jigger));
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "0-0 Ke1-f2 Ke1-d2 Ke1-d1 Ke1-e2 Ke1-f1 jRh1-f1 b2-b4 b2-b3 jQd4-c3 \
                 jQd4-g1 jQd4-f2 jQd4-e5 jQd4-d1 jQd4-d2 jQd4-d8 jQd4-d7"
            )
        );
    }

    #[test]
    fn a_jigger_checks_only_where_its_capture_ends_in_contact() {
        // The rook a8 would take the king h8 with nothing around it: no
        // check. With a pawn on g7 beside h8, check (Popeye, h~1: only
        // the pawn's moves and Kh8-h7 are left).
        let (r, pos) = position(Rules::orthodox(), "wKa1 wRa8 bKh8", &["a8"], Color::Black);
        assert!(!r.in_check(&pos, Color::Black));
        let (r, pos) = position(
            Rules::orthodox(),
            "wKa1 wRa8 bKh8 bPg7",
            &["a8"],
            Color::Black,
        );
        assert!(r.in_check(&pos, Color::Black));
        // Without the attribute, the rook checks alone.
        let pos = Position::from_piece_list("wKa1 wRa8 bKh8").unwrap();
        assert!(Rules::orthodox().in_check(&pos, Color::Black));
    }

    #[test]
    fn under_circe_the_reborn_victim_gives_contact() {
        // Bc3*f6 ends alone on f6; under Circe the pawn reborn on f7
        // touches it.
        let pieces = "wKa1 wBc3 bKa8 bPf6";
        let (r, pos) = position(Rules::orthodox(), pieces, &["c3"], Color::White);
        assert_eq!(
            moves_of(&r, &pos),
            sorted("Ka1-b2 Ka1-a2 Ka1-b1 jBc3-b2 jBc3-e5")
        );
        let circe = Rules::with_circe(CirceRules::of(Base::Circe));
        let (r, pos) = position(circe, pieces, &["c3"], Color::White);
        assert_eq!(
            moves_of(&r, &pos),
            sorted("Ka1-b2 Ka1-a2 Ka1-b1 jBc3-b2 jBc3*f6[+bPf7] jBc3-e5")
        );
    }
}
