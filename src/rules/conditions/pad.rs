//! PADChess: a unit that has captured once is removed from the board when
//! it captures a second time, after its capture (`Bc4*d5[-wBd5]`). Under
//! PADChess Strict it may not capture a second time at all. Kings are left
//! out unless RexInclusive is given; a king that has captured once may
//! then not capture again (in either form).
//!
//! As Popeye plays it:
//! - a unit is known by its identity: it keeps its capture as it moves,
//!   and when it is captured and reborn (Circe) it comes back with it, but
//!   under Strict with none ("after Circe rebirth, the PAD count is
//!   reset");
//! - the removal comes after an Anticirce capturer's rebirth (the unit is
//!   removed from its rebirth square) and before the captured unit's
//!   Circe rebirth;
//! - a check is a capture of the king that may be played: under Strict a
//!   unit that has captured gives none, nor does a king under
//!   RexInclusive that has. (Popeye writes the check marks of a
//!   solution's earlier moves with what the units have done by its end:
//!   `1.Kd8-c8 Qd6*f8 + 2.Sd7*f8[+wQd1]` marks a check the queen, which
//!   had captured, did not give; circe marks the checks given.)
//!
//! What each unit has done is kept in the position's history
//! (`History::captured_once`), so that a problem without PAD pays nothing.

use super::volage::{mover_change_index, mover_end};
use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Attrs, Bitboard, Piece, Position, Square};
use crate::moves::{Effect, Move, Rebirth};
use crate::rules::{Condition, Observer, Rules};

pub struct Pad;

/// `History::pad`'s bits.
const IN_FORCE: u8 = 1;
const STRICT: u8 = 2;
const REX_INCLUSIVE: u8 = 4;

/// Whether `unit` is a king (a royal unit).
#[inline]
fn royal(unit: Piece) -> bool {
    unit.kind.is_royal() || unit.attrs.contains(Attrs::ROYAL)
}

/// The form in force, as `History::pad`'s bits.
fn form(rules: &Rules) -> u8 {
    let number = rules.param(Condition::PadChess).number;
    IN_FORCE
        | if number & 1 != 0 { STRICT } else { 0 }
        | if number & 2 != 0 { REX_INCLUSIVE } else { 0 }
}

/// Whether a capture by the unit on `from`, `unit`, may be played.
#[inline]
fn may_capture(pos: &Position, form: u8, from: Square, unit: Piece) -> bool {
    if !pos.history.captured_once.contains(from) {
        return true;
    }
    if royal(unit) {
        form & REX_INCLUSIVE == 0
    } else {
        form & STRICT == 0
    }
}

/// The units that have captured once after `mv` (`before` those before
/// it), under the form `form` (`History::pad`).
pub(crate) fn captured_once_after(before: Bitboard, form: u8, mv: &Move) -> Bitboard {
    let mut set = before;
    let from = mv.departure();
    let had = set.contains(from);
    set.clear(from);
    let end = mv.capturer_square();
    if mv.captured.is_some() {
        let victim_had = set.contains(mv.capture_square);
        set.clear(mv.capture_square);
        let counts = !royal(mv.piece) || form & REX_INCLUSIVE != 0;
        if let Some(end) = end.filter(|_| counts || had) {
            set.set(end);
        }
        // The captured unit reborn keeps its capture, but under Strict.
        if victim_had && form & STRICT == 0 {
            for e in &mv.effects {
                if let Effect::CapturedReborn { on, how, .. } = *e {
                    if !how.has(Rebirth::DELAYED) {
                        set.set(on);
                    }
                }
            }
        }
    } else if let Some(end) = end.filter(|_| had) {
        set.set(end);
    }
    set
}

impl ConditionRule for Pad {
    const ID: &'static str = "pad";
    const PARAMETER: Parameter = Parameter::PadForms;
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        keeps_units: false,
        ..Capabilities::ORTHODOX
    };

    fn prepare(rules: &Rules, pos: &mut Position) {
        pos.history.tracked = true;
        pos.history.pad = form(rules);
    }

    #[inline]
    fn allows(rules: &Rules, pos: &Position, mv: &Move) -> bool {
        mv.captured.is_none() || may_capture(pos, form(rules), mv.from, mv.piece)
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        may_capture(pos, form(rules), observer.on, observer.unit)
    }

    /// A second capture removes its unit where the move leaves it.
    fn settle(_rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        for mv in &mut moves[start..] {
            if mv.captured.is_none()
                || royal(mv.piece)
                || !pos.history.captured_once.contains(mv.from)
            {
                continue;
            }
            let Some((on, unit, _)) = mover_end(mv) else {
                continue;
            };
            let at = mover_change_index(mv);
            mv.effects.insert(at, Effect::CapturerRemoved { on, unit });
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        use crate::rules::Base;
        if let Some(other) = rules
            .conditions
            .iter()
            .find(|&c| c != Condition::PadChess && !c.capabilities().keeps_units)
        {
            return Some(format!("PADChess with {other:?} (not played yet)"));
        }
        // The removal frees the capture square before the captured unit's
        // rebirth, which circe decides as the capture is generated.
        if rules.param(Condition::PadChess).number & 1 == 0
            && (rules.family(Base::Circe).is_some()
                || rules.family(Base::ImmunChess).is_some()
                || rules.family(Base::GenevaChess).is_some())
        {
            return Some(
                "PADChess (not Strict) with a Circe form that rebirths the captured unit (not played yet)"
                    .into(),
            );
        }
        super::not_played_beside_mars(rules, "PADChess")
    }
}

#[cfg(test)]
mod tests {
    //! Checked against Popeye 4.104.
    use super::*;
    use crate::movegen::legal_moves;
    use crate::rules::conditions::Param;

    fn pad(number: u8) -> Rules {
        Rules::orthodox().with_param(
            Condition::PadChess,
            Param {
                number,
                ..Default::default()
            },
        )
    }

    /// `list` with the units on `captured` having captured once.
    fn position(rules: &Rules, list: &str, captured: &[&str]) -> Position {
        let mut pos = Position::from_piece_list(list).unwrap();
        Pad::prepare(rules, &mut pos);
        for s in captured {
            pos.history.captured_once.set(Square::parse(s).unwrap());
        }
        pos
    }

    fn capture_of(rules: &Rules, pos: &Position, to: &str) -> Option<Move> {
        let mut list = Vec::new();
        legal_moves(pos, rules, &mut list);
        let to = Square::parse(to).unwrap();
        list.into_iter()
            .find(|m| m.to == to && m.captured.is_some())
    }

    #[test]
    fn a_second_capture_removes_its_unit() {
        let r = pad(0);
        let pos = position(&r, "wKa1 wBd3 bKh8 bPc4", &["d3"]);
        let mv = capture_of(&r, &pos, "c4").expect("Bd3*c4");
        let after = pos.play(&mv);
        assert!(after.piece_at(Square::parse("c4").unwrap()).is_none());
        // A first capture marks the unit where it arrives.
        let pos = position(&r, "wKa1 wBd3 bKh8 bPc4", &[]);
        let mv = capture_of(&r, &pos, "c4").expect("Bd3*c4");
        assert!(pos
            .play(&mv)
            .history
            .captured_once
            .contains(Square::parse("c4").unwrap()));
    }

    #[test]
    fn strict_forbids_a_second_capture_and_the_check_it_would_give() {
        let r = pad(1);
        let pos = position(&r, "wKa1 wBd3 bKh8 bPc4", &["d3"]);
        assert!(capture_of(&r, &pos, "c4").is_none());
        // The queen b8 has captured: under Strict it does not check h8.
        let pos = position(&r, "wKa1 wQb8 bKh8 bPg7 bPh7", &["b8"]);
        assert!(!r.in_check(&pos, crate::board::Color::Black));
        assert!(pad(0).in_check(&pos, crate::board::Color::Black));
    }
}
