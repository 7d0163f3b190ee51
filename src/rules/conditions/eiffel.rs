//! EiffelChess and FunctionaryChess: two paralyses by observation.
//!
//! EiffelChess: a unit is paralysed while an enemy unit of the kind that
//! "freezes" it observes it: a pawn is frozen by a queen, a queen by a
//! rook, a rook by a bishop, a bishop by a knight, a knight by a pawn.
//! Kings and fairy units are never frozen. A frozen unit cannot move and
//! observes nothing (so gives no check); it still freezes others, for
//! freezing rests on the geometry of observation alone.
//!
//! FunctionaryChess (Beamtenschach): every unit, kings too, is a
//! functionary, which moves, captures and observes only while an enemy
//! unit observes it (geometrically: the observer need not itself be able
//! to move). Without the condition, the units given the functionary
//! attribute (Popeye's `beamtet`) are functionaries: the solver puts the
//! condition in force for them alone (`ConditionRule::CARRIED_BY`), not
//! written under the diagram.

use super::{Capabilities, ConditionRule};
use crate::board::Attrs;
use crate::board::{Bitboard, Color, Kind, Position, Square};
use crate::rules::{Condition, Observer, Rules};

/// Functionary's parameter number when only the attributed units are.
const ATTRIBUTE_ONLY: u8 = 1;

/// Whether the unit on `on` is a functionary.
fn is_functionary(rules: &Rules, pos: &Position, on: Square) -> bool {
    rules.param(Condition::Functionary).number != ATTRIBUTE_ONLY
        || pos
            .piece_at(on)
            .is_some_and(|u| u.attrs.contains(Attrs::FUNCTIONARY))
}

pub struct Eiffel;
pub struct Functionary;

/// The capabilities of a condition that stops units from moving and
/// observing.
const PARALYSIS: Capabilities = Capabilities {
    orthodox_movers: false,
    orthodox_observation: false,
    check_implies_attack: false,
    ..Capabilities::ORTHODOX
};

/// The enemy kind that freezes a unit of `kind` under EiffelChess.
fn freezer(kind: Kind) -> Option<Kind> {
    Some(match kind {
        Kind::PAWN => Kind::QUEEN,
        Kind::QUEEN => Kind::ROOK,
        Kind::ROOK => Kind::BISHOP,
        Kind::BISHOP => Kind::KNIGHT,
        Kind::KNIGHT => Kind::PAWN,
        _ => return None,
    })
}

impl Rules {
    /// Whether the unit on `on`, playing for `side`, is frozen (Eiffel).
    pub fn is_frozen(&self, pos: &Position, on: Square, side: Color) -> bool {
        let Some(kind) = pos.piece_as(on, side).and_then(|unit| freezer(unit.kind)) else {
            return false;
        };
        self.any_observer(pos, on, side.opponent(), Some(kind), false, |_| true)
    }

    /// Whether the unit on `on`, playing for `side`, is observed by the
    /// other side, so may act as a functionary.
    pub fn is_on_duty(&self, pos: &Position, on: Square, side: Color) -> bool {
        self.is_observed_by(pos, on, side.opponent())
    }
}

impl ConditionRule for Eiffel {
    const ID: &'static str = "eiffel";
    const OBSERVER: bool = true;
    const CAPABILITIES: Capabilities = PARALYSIS;

    #[inline]
    fn immobile(rules: &Rules, pos: &Position, side: Color) -> Bitboard {
        super::units_where(pos, side, |on| rules.is_frozen(pos, on, side))
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        !rules.is_frozen(pos, observer.on, observer.unit.color)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        if rules.has(Condition::Madrasi) || rules.has(Condition::Isardam) {
            return Some("Isardam and Madrasi/Eiffel not allowed".into());
        }
        super::judged_apart_beside_phantom(rules, "EiffelChess", "1.Rd4-a1*f1")
    }
}

impl ConditionRule for Functionary {
    const ID: &'static str = "beamten";
    const CAPABILITIES: Capabilities = PARALYSIS;
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::FUNCTIONARY, ATTRIBUTE_ONLY));

    #[inline]
    fn immobile(rules: &Rules, pos: &Position, side: Color) -> Bitboard {
        super::units_where(pos, side, |on| {
            is_functionary(rules, pos, on) && !rules.is_on_duty(pos, on, side)
        })
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        !is_functionary(rules, pos, observer.on)
            || rules.is_on_duty(pos, observer.on, observer.unit.color)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::judged_apart_beside_phantom(rules, "FunctionaryChess", "1.Rd4-a1*f1")
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};

    #[test]
    fn eiffel_a_rook_observed_by_a_bishop_is_frozen() {
        let r = Rules::orthodox().with(Condition::Eiffel);
        let pieces = "wKa1 wRd4 bKh8 bBb6";
        assert_eq!(
            moves(&r, pieces, Color::White),
            sorted("Ka1-a2 Ka1-b1 Ka1-b2")
        );
    }

    #[test]
    fn eiffel_a_frozen_unit_gives_no_check() {
        // The rook h1 checks h8, but the bishop e4 freezes it (and checks
        // b1, so the king has two moves).
        let pieces = "wKa1 wRh1 bKh8 bBe4";
        let pos = Position::from_piece_list(pieces).unwrap();
        let r = Rules::orthodox().with(Condition::Eiffel);
        assert!(Rules::orthodox().in_check(&pos, Color::Black));
        assert!(!r.in_check(&pos, Color::Black));
        assert_eq!(moves(&r, pieces, Color::White), sorted("Ka1-a2 Ka1-b2"));
    }

    #[test]
    fn functionary_units_alone_obey_the_rule() {
        use crate::board::{Attrs, Kind, Piece, Square};
        // Popeye's r3129 case 0000 with the rook a7 and pawn b7 as
        // functionaries: the rook is observed by nothing, so stays.
        let mut pos = Position::from_piece_list("wKe1 wPc2 wRc5 wPf4 wSf7 bKe8 bPh4 bSh7").unwrap();
        let sq = |s: &str| Square::parse(s).unwrap();
        pos.put(
            sq("a7"),
            Piece::new(Color::White, Kind::ROOK).with(Attrs::FUNCTIONARY),
        );
        pos.put(
            sq("b7"),
            Piece::new(Color::Black, Kind::PAWN).with(Attrs::FUNCTIONARY),
        );
        let mut r = Rules::orthodox();
        super::super::put_carried_in_force(&mut r, &pos);
        assert!(r.has(Condition::Functionary));
        pos.turn = Color::White;
        let got = super::super::testing::moves_of(&r, &pos);
        assert!(!got.iter().any(|m| m.starts_with("fRa7")));
        assert!(got.contains(&"Rc5-c8".to_string()));
        // Without the attribute the rook moves.
        pos.put(sq("a7"), Piece::new(Color::White, Kind::ROOK));
        let got = super::super::testing::moves_of(&r, &pos);
        assert!(got.contains(&"Ra7-a1".to_string()));
    }

    #[test]
    fn functionaries_move_only_while_observed() {
        let r = Rules::orthodox().with(Condition::Functionary);
        // The rook a4 is observed by the black rook h4, the knight b1 by
        // nothing.
        let pieces = "wKa1 wRa4 wSb1 bKh8 bRh4";
        assert_eq!(
            moves(&r, pieces, Color::White),
            sorted("Ra4-a2 Ra4-a3 Ra4-a5 Ra4-a6 Ra4-a7 Ra4-a8 Ra4-b4 Ra4-c4 Ra4-d4 Ra4-e4 Ra4-f4 Ra4-g4 Ra4*h4")
        );
    }

    #[test]
    fn under_mars_a_freezer_observes_from_its_rebirth_square() {
        // The rook c2 sees the queen a5 from a8, its rebirth square: the
        // queen is frozen. The rook e5 sees it from e5 only: it is not.
        use crate::rules::{Base, CirceRules};
        let r = Rules::with_circe(CirceRules::of(Base::MarsCirce)).with(Condition::Eiffel);
        let kings = sorted("Kh1-g1 Kh1-g2 Kh1-h2");
        assert_eq!(moves(&r, "wKh1 wQa5 bKh7 bRc2", Color::White), kings);
        let free = moves(&r, "wKh1 wQa5 bKh7 bRe5", Color::White);
        assert_eq!(free.len(), 20);
        assert!(free.contains(&"Qa5-e1".to_string()));
    }

    #[test]
    fn under_mars_a_functionary_is_observed_as_popeye_tests_it() {
        // Popeye lifts each black unit onto its rebirth square and then
        // looks for any unit of its kind observing g2: with the pawn c6
        // lifted, the pawn h3 observes g2 from h3, so the knight is on
        // duty; with the pawn h3 alone (lifted itself) it is not.
        use crate::rules::{Base, CirceRules};
        let r = Rules::with_circe(CirceRules::of(Base::MarsCirce)).with(Condition::Functionary);
        assert_eq!(
            moves(&r, "wKh1 wSg2 bKb8 bPh3 bPc6", Color::White),
            sorted("Sg2-e1 Sg2-e3 Sg2-f4 Sg2-h4")
        );
        assert!(moves(&r, "wKh1 wSg2 bKb8 bPh3", Color::White).is_empty());
    }
}
