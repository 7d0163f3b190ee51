//! Volage and HyperVolage: a unit that moves from a square of one colour
//! to a square of the other changes sides.
//!
//! Every unit but the kings is volage (it carries `Attrs::VOLAGE`, set in
//! `prepare`; the `volage` attribute alone makes only its units so, and is
//! then written before them, `vRh1-h2=b`, as the condition's is not). When a
//! volage unit of the side to move ends its move on a square of the other
//! colour than the one it left, it goes over to the other side; under
//! Volage it then stops being volage (it changes once), under HyperVolage
//! it stays volage and may change again on a later move. Where the unit
//! ends is where the rules leave it: the square of its move, or the square
//! an Anticirce capturer is reborn on. A promoted pawn keeps its
//! volage-ness.
//!
//! With Circe, a reborn volage unit (the captured unit, or the capturer
//! under Anticirce) also changes sides when it is reborn on a square of the
//! other colour than the one it was captured on (or captured from), and
//! stops being volage under Volage. A unit changes sides at most once a
//! move.
//!
//! Popeye writes the change as `=b` after the move (`Sb1-d2=b`), inside the
//! brackets of the Anticirce rebirth it follows (`Rc2*c5[wRc5->a1=b]`), and
//! a reborn unit's change as Turncoats' is written (`[+bPc7=w]`). The
//! orthodox shortcuts still hold (a move that changes a unit carries the
//! change as an effect, and is played out); Popeye refuses neutral units
//! with it.

use super::{ConditionRule, Parameter};
use crate::board::{Attrs, Kind, Piece, Position, Square};
use crate::moves::{Effect, Move, Rebirth, Shown};
use crate::rules::{Condition, Rules};

/// The parameter number under which only the units with the `volage`
/// attribute are volage (the attribute without the condition).
pub(super) const ATTRIBUTE_ONLY: u8 = 1;

/// Volage (`HYPER` false) and HyperVolage.
pub struct Volage<const HYPER: bool>;

/// Whether squares `a` and `b` are of different colours.
#[inline]
fn other_colour(a: Square, b: Square) -> bool {
    a.is_dark() != b.is_dark()
}

/// `unit` gone over to the other side, volage still under HyperVolage.
#[inline]
fn turned(unit: Piece, hyper: bool) -> Piece {
    Piece {
        color: unit.color.opponent(),
        attrs: if hyper {
            unit.attrs
        } else {
            unit.attrs.without(Attrs::VOLAGE)
        },
        ..unit
    }
}

/// Where effects of the move's own unit go among `mv`'s effects: after
/// those before the motion and the marks, and after the rebirth of the
/// capturer (Anticirce), before the captured unit's rebirth (Circe).
pub(super) fn mover_change_index(mv: &Move) -> usize {
    let effects = mv.effects.as_slice();
    if let Some(i) = effects
        .iter()
        .position(|e| matches!(e, Effect::CapturerReborn { how, .. } if !how.has(Rebirth::DELAYED)))
    {
        return i + 1;
    }
    effects
        .iter()
        .position(|e| {
            !matches!(
                e,
                Effect::Premove { .. } | Effect::Mark { .. } | Effect::LatentFirst { .. }
            )
        })
        .unwrap_or(effects.len())
}

/// Records that the moving unit, `unit` on `on`, goes over to the other
/// side (written as `shown` says), at its place among `mv`'s effects.
pub(super) fn mover_changes_sides(mv: &mut Move, on: Square, unit: Piece, shown: Shown) {
    let at = mover_change_index(mv);
    mv.effects.insert(
        at,
        Effect::Changed {
            on,
            unit: Piece {
                color: unit.color.opponent(),
                ..unit
            },
            shown,
        },
    );
}

/// Where the moving unit of `mv` ends, and as what: its arrival square,
/// or an Anticirce rebirth; `None` when it leaves the board. The bool says
/// whether it was reborn, and from where.
pub(super) fn mover_end(mv: &Move) -> Option<(Square, Piece, Option<Square>)> {
    let mut end = Some((mv.to, mv.arriving_piece(), None));
    for e in &mv.effects {
        match *e {
            Effect::CapturerReborn {
                from,
                to,
                unit,
                how,
                ..
            } if !how.has(Rebirth::DELAYED) => end = Some((to, unit, Some(from))),
            Effect::CapturerVanishes | Effect::CapturerRemoved { .. } => end = None,
            _ => {}
        }
    }
    end
}

impl<const HYPER: bool> Volage<HYPER> {
    /// `written`: the volage letter is written (the attribute alone), so
    /// a reborn unit that spends it is written with it.
    fn settle_move(pos: &Position, mv: &mut Move, written: bool) {
        // The captured unit reborn on a square of the other colour than
        // the square it was captured on: this move's, or for a rebirth
        // that waited (Parrain, LastMove) the earlier capture's.
        let capture_square = mv.capture_square;
        let waited_on = pos.waiting.pending.map(|p| p.on);
        for e in mv.effects.iter_mut_slice() {
            if let Effect::CapturedReborn { on, unit, how } = e {
                let captured_on = if how.has(Rebirth::DELAYED) {
                    waited_on
                } else {
                    Some(capture_square)
                };
                if unit.attrs.contains(Attrs::VOLAGE)
                    && !unit.is_neutral()
                    && captured_on.is_some_and(|from| other_colour(*on, from))
                {
                    *unit = turned(*unit, HYPER);
                    *how = if how.has(Rebirth::TURNCOAT) {
                        how.without(Rebirth::TURNCOAT)
                    } else {
                        how.with(Rebirth::TURNCOAT)
                    };
                    if written {
                        *how = how.with(Rebirth::VOLAGE_SPENT);
                    }
                }
            }
        }
        if mv.is_castling_or_exchange() {
            return;
        }
        let Some((on, unit, reborn_from)) = mover_end(mv) else {
            return;
        };
        // A neutral unit is already of the side it would go over to.
        if !unit.attrs.contains(Attrs::VOLAGE) || unit.color != mv.piece.color || unit.is_neutral()
        {
            return;
        }
        let by_rebirth = reborn_from.is_some_and(|from| other_colour(from, on));
        if by_rebirth || other_colour(mv.departure(), on) {
            let now = turned(unit, HYPER);
            let at = mover_change_index(mv);
            mv.effects.insert(
                at,
                Effect::Changed {
                    on,
                    unit: now,
                    shown: Shown::Side,
                },
            );
        }
    }
}

impl<const HYPER: bool> ConditionRule for Volage<HYPER> {
    const ID: &'static str = if HYPER { "hypervolage" } else { "volage" };
    const PARAMETER: Parameter = Parameter::None;
    const CARRIED_BY: Option<(Attrs, u8)> = if HYPER {
        None
    } else {
        Some((Attrs::VOLAGE, ATTRIBUTE_ONLY))
    };

    fn settle(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        // The attribute beside HyperVolage: HyperVolage plays every unit.
        if !HYPER && rules.has(Condition::HyperVolage) {
            return;
        }
        let written = !HYPER && rules.param(Condition::Volage).number == ATTRIBUTE_ONLY;
        for mv in &mut moves[start..] {
            Self::settle_move(pos, mv, written);
        }
    }

    fn prepare(rules: &Rules, pos: &mut Position) {
        if !HYPER && rules.param(Condition::Volage).number == ATTRIBUTE_ONLY {
            return;
        }
        // Volage and HyperVolage both in force: mark once (the attribute
        // alone beside HyperVolage marks nothing).
        if HYPER
            && rules.has(Condition::Volage)
            && rules.param(Condition::Volage).number != ATTRIBUTE_ONLY
        {
            return;
        }
        // Marking a unit keeps its castling right.
        let unmoved = pos.unmoved;
        for sq in pos.unit_squares() {
            if let Some(p) = pos.piece_at(sq) {
                if p.kind != Kind::KING && !p.attrs.contains(Attrs::ROYAL) {
                    pos.put(sq, p.with(Attrs::VOLAGE));
                }
            }
        }
        pos.unmoved = unmoved;
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        if !HYPER && rules.param(Condition::Volage).number == ATTRIBUTE_ONLY {
            // The attribute alone: Popeye takes neutral and kamikaze units
            // with it, and lets a volage king go over to the other side,
            // which circe does not play.
            let royal = pos.with_attrs(Attrs::VOLAGE).into_iter().any(|sq| {
                pos.piece_at(sq)
                    .is_some_and(|p| p.kind.is_royal() || p.attrs.contains(Attrs::ROYAL))
            });
            return royal.then(|| "a royal unit with the volage attribute is not played".into());
        }
        if pos.neutral().nonempty() {
            return Some("too much fairy chess for neutral pieces".into());
        }
        if pos.kamikaze().nonempty() {
            return Some(
                "kamikaze pieces + neutral pieces or kamikaze pieces + circe + fairy pieces not \
                 allowed"
                    .into(),
            );
        }
        None
    }
}

/// Volage: a unit changes sides once, on its first move to a square of the
/// other colour.
pub type VolageOnce = Volage<false>;
/// HyperVolage: a unit changes sides on every such move.
pub type HyperVolage = Volage<true>;

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{after_line, moves_of, sorted};
    use crate::board::{Color, Position};
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn prepared(rules: &Rules, pieces: &str) -> Position {
        let mut pos = Position::from_piece_list(pieces).unwrap();
        rules.conditions.prepare(rules, &mut pos);
        pos
    }

    #[test]
    fn anticirce_volage_the_reborn_capturer_changes_inside_its_brackets() {
        let r = Rules::with_circe(CirceRules::of(Base::AntiCirce)).with(Condition::Volage);
        let pos = prepared(&r, "wKe1 wRc2 wPh2 wSb1 bKe8 bPc5 bBh7");
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "Sb1-d2=b Sb1-c3=b Sb1-a3=b Ke1-f2 Ke1-d2 Ke1-d1 Ke1-e2 Ke1-f1 Rc2-a2 \
                 Rc2-b2=b Rc2*c5[wRc5->a1=b] Rc2-c4 Rc2-c3=b Rc2-g2 Rc2-f2=b Rc2-e2 \
                 Rc2-d2=b h2-h4 h2-h3=b"
            )
        );
    }

    #[test]
    fn volage_changes_once_hypervolage_again() {
        let once = Rules::with_circe(CirceRules::of(Base::Circe)).with(Condition::Volage);
        let pos = after_line(
            &once,
            "wKa1 wSb1 bKh8 bPa7",
            Color::White,
            &["Sb1-c3=b", "Sc3-d5"],
        );
        // The knight, Black's now, stays Black's after its second move.
        assert_eq!(
            pos.piece_at(crate::board::Square::new(3, 4))
                .map(|p| p.color),
            Some(Color::Black)
        );
        let hyper = Rules::with_circe(CirceRules::of(Base::Circe)).with(Condition::HyperVolage);
        let pos = after_line(
            &hyper,
            "wKa1 wSb1 bKh8 bPa7",
            Color::White,
            &["Sb1-c3=b", "Sc3-d5=w"],
        );
        assert_eq!(
            pos.piece_at(crate::board::Square::new(3, 4))
                .map(|p| p.color),
            Some(Color::White)
        );
    }

    #[test]
    fn a_unit_reborn_after_waiting_changes_by_the_square_it_was_captured_on() {
        // Circe Parrain: the pawn b7 taken by the bishop is reborn after
        // White's next move, moved by its vector: Rh8-h3 puts it on b2, a
        // square of the other colour than b7, so it changes too (Popeye:
        // `Rh8-h3=b[+wPb2=b]`).
        use crate::rules::{RebirthSquare, RelevantCapture};
        let mut circe = CirceRules::of(Base::Circe);
        circe.square = RebirthSquare::Equipollents;
        circe.relevant_capture = RelevantCapture::LastMove;
        circe.promotion = true;
        let r = Rules::with_circe(circe).with(Condition::Volage);
        let after = after_line(&r, "bBa8 wPb7 wRh8", Color::Black, &["Ba8*b7"]);
        let got = moves_of(&r, &after);
        assert!(got.contains(&"Rh8-h3=b[+wPb2=b]".to_string()), "{got:?}");
        // Rh8-h4 (a square of h8's colour) puts the pawn on b3, of b7's
        // colour: neither changes.
        assert!(got.contains(&"Rh8-h4[+wPb3]".to_string()), "{got:?}");
    }

    /// `pieces` with the units on `volage` given the attribute, White to
    /// play, and the rule the attribute carries in force beside `rules`.
    fn with_attribute(rules: Rules, pieces: &str, volage: &[&str]) -> (Rules, Position) {
        use crate::board::{Attrs, Square};
        let mut pos = Position::from_piece_list(pieces).unwrap();
        for s in volage {
            let sq = Square::parse(s).unwrap();
            let p = pos.piece_at(sq).unwrap();
            // `put` clears the square's castling right: keep it.
            let unmoved = pos.unmoved;
            pos.put(sq, p.with(Attrs::VOLAGE));
            pos.unmoved = unmoved;
        }
        pos.turn = Color::White;
        let mut r = rules;
        crate::rules::conditions::put_carried_in_force(&mut r, &pos);
        (r, pos)
    }

    #[test]
    fn the_attribute_makes_its_units_alone_volage_and_is_written() {
        // problems/conditions/attr-volage.inp: the queen d4 is no volage
        // unit; the pawn reborn on d7 is written with its `v`.
        let circe = Rules::with_circe(CirceRules::of(Base::Circe));
        let (r, pos) = with_attribute(circe, "wKe1 wPb2 wQd4 wRh1 bKe8 bPd6", &["h1", "d6"]);
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "0-0 Ke1-f2 Ke1-d2 Ke1-d1 Ke1-e2 Ke1-f1 vRh1-f1 vRh1-h8=b vRh1-h7 vRh1-h6=b \
                 vRh1-h5 vRh1-h4=b vRh1-h3 vRh1-h2=b b2-b4 b2-b3 Qd4-c3 Qd4-g1 Qd4-f2 Qd4-e3 \
                 Qd4-h8 Qd4-g7 Qd4-f6 Qd4-e5 Qd4-a7 Qd4-b6 Qd4-c5 Qd4-d1 Qd4-d2 Qd4-d3 \
                 Qd4-a4 Qd4-b4 Qd4-c4 Qd4*d6[+bvPd7=w] Qd4-d5 Qd4-h4 Qd4-g4 Qd4-f4 Qd4-e4"
            )
        );
    }

    #[test]
    fn a_volage_king_is_refused() {
        let (r, pos) = with_attribute(Rules::orthodox(), "wKe1 wPb2 bKe8", &["e1"]);
        assert!(r.conditions.refusal_in(&r, &pos).is_some());
        let (r, pos) = with_attribute(Rules::orthodox(), "wKe1 wPb2 bKe8", &["b2"]);
        assert!(r.conditions.refusal_in(&r, &pos).is_none());
    }
}
