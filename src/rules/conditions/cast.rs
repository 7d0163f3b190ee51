//! CASTChess ("capture alone such that"): a unit that could make more than
//! one capture makes none; it captures only when it has exactly one
//! capture. CASTChess Inverse turns it round: a unit with exactly one
//! capture makes none, one with more captures any of them.
//!
//! As Popeye plays it:
//! - the captures are counted as its generator lists them, before any
//!   rule refuses one (AntiCirce's occupied rebirth square) and with the
//!   enemy king among the victims: a pawn capturing onto its last rank
//!   counts once (the promotions are chosen after the generator), a
//!   capture en passant counts, a locust counts once per square it may
//!   land on;
//! - a check is a check only when the checking unit may capture the king
//!   under the condition: under CASTChess it has no other capture, under
//!   the Inverse at least one other.

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{attacks, Kind, Piece, Position, Square};
use crate::moves::Move;
use crate::rules::{Condition, Observer, Rules};

pub struct Cast;

/// Whether the inverse form is in force.
fn inverse(rules: &Rules) -> bool {
    rules.param(Condition::CastChess).number == 1
}

/// Whether the unit `unit` on `on`, with this many captures, may capture.
fn may_capture(rules: &Rules, captures: u32) -> bool {
    if inverse(rules) {
        captures > 1
    } else {
        captures <= 1
    }
}

/// The captures `unit` on `on` could make, as Popeye's generator lists
/// them, counted up to two (all that matters).
fn captures(rules: &Rules, pos: &Position, on: Square, unit: Piece) -> u32 {
    let walks = if rules.conditions.own_walks() {
        super::Walks::one(unit.kind)
    } else {
        rules.conditions.walks(rules, pos, on, unit, false)
    };
    let mut count = 0;
    for walk in walks.iter() {
        count += captures_with(pos, on, Piece { kind: walk, ..unit });
        if count > 1 {
            return 2;
        }
    }
    count
}

/// [`captures`] for the one walk of `unit`.
fn captures_with(pos: &Position, on: Square, unit: Piece) -> u32 {
    let occupied = pos.occupied();
    let enemies = pos.by_color(unit.color.opponent());
    let mut count = 0;
    match unit.kind {
        Kind::PAWN => {
            let reach = attacks::pawn(unit.color, on);
            count = (reach & enemies).count();
            if let Some(ep) = pos.ep_square {
                if reach.contains(ep) && enemies.contains(pos.ep_victim) {
                    count += 1;
                }
            }
        }
        k if k.is_orthodox() => {
            count = (crate::rules::paths::attacks(pos, unit, on, occupied) & enemies).count();
        }
        _ => {
            for target in enemies {
                crate::board::walks::fairy::captures_of(pos, unit, on, target, occupied, |_| {
                    count += 1
                });
            }
        }
    }
    count
}

impl ConditionRule for Cast {
    const ID: &'static str = "cast";
    const PARAMETER: Parameter = Parameter::Inverse;
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn allows(rules: &Rules, pos: &Position, mv: &Move) -> bool {
        if mv.captured.is_none() {
            return true;
        }
        may_capture(rules, captures(rules, pos, mv.from, mv.piece))
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        may_capture(rules, captures(rules, pos, observer.on, observer.unit))
    }

    fn refusal(rules: &Rules) -> Option<String> {
        if let Some(other) = rules
            .conditions
            .iter()
            .find(|&c| c != Condition::CastChess && !c.capabilities().orthodox_movers)
        {
            return Some(format!(
                "CASTChess with {other:?} (not played yet: Popeye counts the captures the other condition leaves)"
            ));
        }
        super::not_played_beside_mars(rules, "CASTChess")
    }
}

#[cfg(test)]
mod tests {
    //! Each position is checked against Popeye 4.104.
    use super::super::annan::tests::moves;
    use crate::board::{Color, Position};
    use crate::rules::conditions::Param;
    use crate::rules::{Condition, Rules};

    fn cast(inverse: bool) -> Rules {
        let param = Param {
            number: u8::from(inverse),
            ..Default::default()
        };
        Rules::orthodox().with_param(Condition::CastChess, param)
    }

    #[test]
    fn a_unit_with_two_captures_captures_nothing() {
        // The rook d4 could take d6 and f4: it takes neither; the knight
        // b1 takes its one victim, a3.
        let got = moves(&cast(false), "wKa1 wRd4 wSb1 bKh8 bPd6 bPf4 bPa3");
        assert!(!got.iter().any(|m| m.starts_with("Rd4*")));
        assert!(got.contains(&"Sb1*a3".to_string()));
    }

    #[test]
    fn inverse_a_unit_with_one_capture_captures_nothing() {
        let got = moves(&cast(true), "wKa1 wRd4 wSb1 bKh8 bPd6 bPf4 bPa3");
        assert!(got.contains(&"Rd4*d6".to_string()));
        assert!(got.contains(&"Rd4*f4".to_string()));
        assert!(!got.iter().any(|m| m.starts_with("Sb1*")));
    }

    #[test]
    fn a_checking_unit_with_another_capture_gives_no_check() {
        // The rook d1 sees the king d8, and in the second position the
        // black pawn a1 too.
        let pos = Position::from_piece_list("wKh1 wRd1 wPa1 bKd8 bPa5").unwrap();
        let both = Position::from_piece_list("wKh1 wRd1 bPa1 bKd8").unwrap();
        assert!(cast(false).in_check(&pos, Color::Black));
        assert!(!cast(false).in_check(&both, Color::Black));
        assert!(!cast(true).in_check(&pos, Color::Black));
        assert!(cast(true).in_check(&both, Color::Black));
    }
}
