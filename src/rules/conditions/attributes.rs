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
//!   paralysis"), it is stalemated, in check or not (`mate_refused`,
//!   `stalemate_forced`).
//! - **Uncapturable**: the unit may not be captured (it still observes and
//!   is observed: a royal uncapturable unit can be in check).
//! - **HalfNeutral**: a half-neutral unit of a side becomes neutral when it
//!   moves, and a neutral one becomes the mover's: the move carries an
//!   [`Effect::SideChange`] of the unit where it ends up (reborn, it
//!   changes there; gone, it changes nothing).

use super::{Capabilities, ConditionRule};
use crate::board::{Attrs, Bitboard, Color, Piece, Position, Square};
use crate::moves::{Effect, Fate, Move};
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
    const OBSERVER: bool = true;
    const WRITTEN: bool = false;
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::PARALYSING, CARRIED));
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        quiet_moves_apart: true,
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

    fn stalemate_forced(rules: &Rules, pos: &Position, side: Color) -> bool {
        suffocated(rules, pos, side)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        use super::Condition;
        [Condition::Madrasi, Condition::Eiffel, Condition::Isardam]
            .into_iter()
            .any(|c| rules.has(c))
            .then(|| {
                "eiffel, madrasi, isardam, woozles or paralysing pieces incompatible with some \
                 fairy conditions"
                    .into()
            })
    }
}

/// Whether `side` is "suffocated by paralysis": of its units with a move
/// (pseudo-legal, paralysis set aside), none is free.
pub fn suffocated(rules: &Rules, pos: &Position, side: Color) -> bool {
    let mut free = *rules;
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
        quiet_moves_apart: true,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn allows(_rules: &Rules, _pos: &Position, mv: &Move) -> bool {
        !mv.captured
            .is_some_and(|v| v.attrs.contains(Attrs::UNCAPTURABLE))
    }
}

/// The half-neutral attribute's rule.
pub struct HalfNeutral;

/// `unit` after its change of side: to `Some(side)`, or to neutral.
pub(crate) fn changed(unit: Piece, to: Option<Color>) -> Piece {
    match to {
        None => Piece::neutral(unit.kind).with(unit.attrs),
        Some(side) => Piece {
            color: side,
            attrs: unit.attrs.without(Attrs::NEUTRAL),
            ..unit
        },
    }
}

impl ConditionRule for HalfNeutral {
    const ID: &'static str = "attribute halfneutral";
    const WRITTEN: bool = false;
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::HALF_NEUTRAL, CARRIED));
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        quiet_moves_apart: true,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn amend(_rules: &Rules, pos: &Position, mv: &mut Move) {
        if !mv.piece.attrs.contains(Attrs::HALF_NEUTRAL)
            || mv.effects.len() >= crate::moves::MAX_EFFECTS
        {
            return;
        }
        let to = mv.piece.is_neutral().then_some(pos.turn);
        match mv.capturer_fate() {
            Fate::Stays => mv.effects.push(Effect::SideChange { on: mv.to, to }),
            Fate::Vanishes => {}
            // Reborn (Anticirce): it changes on its arrival square, before
            // its rebirth, and is reborn changed (Popeye's `=nh[nhnRe1->a1]`).
            Fate::Reborn(_) => {
                let Some(at) = mv.effects.iter().position(|e| {
                    matches!(e, Effect::CapturerReborn { how, .. }
                        if !how.has(crate::moves::Rebirth::DELAYED))
                }) else {
                    return;
                };
                let mut effects = crate::moves::Effects::NONE;
                for (i, e) in mv.effects.iter().enumerate() {
                    let mut e = *e;
                    if i == at {
                        effects.push(Effect::SideChange { on: mv.to, to });
                        if let Effect::CapturerReborn { unit, .. } = &mut e {
                            *unit = changed(*unit, to);
                        }
                    }
                    effects.push(e);
                }
                mv.effects = effects;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer (`~1`), from the examples of
    //! docs/conditions.md (problems/conditions/attr-*.inp).
    use super::super::testing::{moves_of, sorted};
    use crate::board::{Attrs, Color, Kind, Piece, Position, Square};
    use crate::rules::{CirceRules, Condition, Rules};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    /// The position of `pieces` with the unit `unit` on `on`, white to
    /// play, and the rules the attributes carry put in force.
    fn with_unit(rules: Rules, pieces: &str, on: &str, unit: Piece) -> (Rules, Position) {
        let mut pos = Position::from_piece_list(pieces).unwrap();
        pos.put(sq(on), unit);
        pos.turn = Color::White;
        let mut r = rules;
        super::super::put_carried_in_force(&mut r, &pos);
        (r, pos)
    }

    #[test]
    fn a_paralysed_unit_stands_still_and_a_paralysing_one_gives_no_check() {
        let knight = Piece::new(Color::Black, Kind::KNIGHT).with(Attrs::PARALYSING);
        let (r, pos) = with_unit(Rules::orthodox(), "wKa3 wRb2 wBe4 bKh8", "c4", knight);
        assert!(r.has(Condition::Paralysing));
        // The knight c4 would check a3: it does not, and b2 is paralysed.
        assert!(!r.in_check(&pos, Color::White));
        let got = moves_of(&r, &pos);
        // The king a3 is paralysed too: the bishop's 13 moves alone.
        assert!(!got.iter().any(|m| !m.starts_with("Be4")), "{got:?}");
        assert_eq!(got.len(), 13, "{got:?}");
        // Without the attribute the king is in check.
        let (r, pos) = with_unit(
            Rules::orthodox(),
            "wKa3 wRb2 wBe4 bKh8",
            "c4",
            Piece::new(Color::Black, Kind::KNIGHT),
        );
        assert!(!r.has(Condition::Paralysing));
        assert!(r.in_check(&pos, Color::White));
    }

    #[test]
    fn an_uncapturable_unit_is_not_taken() {
        let bishop = Piece::new(Color::Black, Kind::BISHOP).with(Attrs::UNCAPTURABLE);
        let circe = Rules::with_circe(CirceRules::CIRCE);
        let (r, pos) = with_unit(circe, "wKa1 wRd1 bKh8", "d5", bishop);
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "Ka1-b1 Ka1-b2 Rd1-c1 Rd1-b1 Rd1-d2 Rd1-d3 Rd1-d4 Rd1-e1 Rd1-f1 \
                 Rd1-g1 Rd1-h1"
            )
        );
    }

    #[test]
    fn a_half_neutral_unit_changes_side_as_it_moves() {
        let rook = Piece::new(Color::White, Kind::ROOK).with(Attrs::HALF_NEUTRAL);
        let circe = Rules::with_circe(CirceRules::CIRCE);
        let (r, pos) = with_unit(circe, "wKa1 bKh8 bPd5", "d1", rook);
        let got = moves_of(&r, &pos);
        for m in ["hnRd1*d5=nh[+bPd7]", "hnRd1-d4=nh", "Ka1-b2"] {
            assert!(got.contains(&m.to_string()), "{m}: {got:?}");
        }
        // Neutral on the first rank, it would check its own king.
        assert!(!got.contains(&"hnRd1-h1=nh".to_string()), "{got:?}");
        // Played, the rook is neutral on d4; moved again by Black, it is
        // Black's.
        let mut out = Vec::new();
        crate::movegen::legal_moves(&pos, &r, &mut out);
        let mv = out.iter().find(|m| m.to == sq("d4")).unwrap();
        let after = pos.play(mv);
        assert!(after.piece_at(sq("d4")).unwrap().is_neutral());
        let mut out = Vec::new();
        crate::movegen::legal_moves(&after, &r, &mut out);
        let mv = out
            .iter()
            .find(|m| m.from == sq("d4") && m.to == sq("d2"))
            .unwrap();
        let again = after.play(mv);
        let rook = again.piece_at(sq("d2")).unwrap();
        assert!(!rook.is_neutral());
        assert_eq!(rook.color, Color::Black);
        assert!(rook.attrs.contains(Attrs::HALF_NEUTRAL));
    }

    #[test]
    fn a_royal_unit_is_its_sides_king() {
        let queen = Piece::new(Color::Black, Kind::QUEEN).with(Attrs::ROYAL);
        let (r, pos) = with_unit(Rules::orthodox(), "wKa3 wRb1 bPe7", "d5", queen);
        let mut black = pos;
        black.turn = Color::Black;
        assert_eq!(pos.king(Color::Black), Some(sq("d5")));
        // Rb5 and Rd1 check the queen (Popeye's `+`); it may not stay in check.
        let mut out = Vec::new();
        crate::movegen::legal_moves(&pos, &r, &mut out);
        let mut checks: Vec<String> = out
            .iter()
            .filter(|m| r.in_check(&pos.play(m), Color::Black))
            .map(|m| crate::io::notation::popeye_move(m, crate::io::notation::Alphabet::English))
            .collect();
        checks.sort();
        assert_eq!(checks, sorted("Rb1-b5 Rb1-d1"));
        let mut checked = black;
        checked.put(sq("d1"), Piece::new(Color::White, Kind::ROOK));
        assert!(r.in_check(&checked, Color::Black));
        let got = moves_of(&r, &checked);
        // The rook b1 guards d1: the queen leaves the file or stays checked.
        assert!(!got.contains(&"rQd5*d1".to_string()), "{got:?}");
        assert!(!got.contains(&"rQd5-d4".to_string()), "{got:?}");
        assert!(got.contains(&"rQd5-c5".to_string()), "{got:?}");
        assert!(!got.contains(&"e7-e6".to_string()), "{got:?}");
    }
}
