//! Woozles, BiWoozles, Heffalumps and BiHeffalumps: a unit may not
//! capture, nor observe (so check), while it is locked with another unit
//! in mutual observation. Under Woozles the other unit is one of its own
//! side, under BiWoozles one of the enemy's (the one it would capture
//! among them): some unit observes it, with its own walk, and it observes
//! that unit back. Heffalumps and BiHeffalumps lock only when the other
//! unit stands on the line of the capture or observation (either side of
//! the unit). Observation here is geometric. By default kings take part
//! on both sides of the lock; with `RexExclusive` a king is never locked
//! and never locks.

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Attrs, Kind, Piece, Position, Square};
use crate::moves::Move;
use crate::rules::{Condition, Observer, Rules};

/// The lock of the side given (`BI`: the enemy's), on a line (`LINE`) or
/// anywhere.
pub struct Lock<const BI: bool, const LINE: bool>;

pub type Woozles = Lock<false, false>;
pub type BiWoozles = Lock<true, false>;
pub type Heffalumps = Lock<false, true>;
pub type BiHeffalumps = Lock<true, true>;

/// The direction from `a` to `b`, reduced (the files and ranks crossed
/// divided by their greatest common divisor).
fn direction(a: Square, b: Square) -> (i8, i8) {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    let mut g = df.unsigned_abs().max(dr.unsigned_abs());
    let (mut x, mut y) = (df.unsigned_abs(), dr.unsigned_abs());
    while y != 0 {
        (x, y) = (y, x % y);
    }
    if x != 0 {
        g = x;
    }
    if g == 0 {
        return (0, 0);
    }
    (df / g as i8, dr / g as i8)
}

impl<const BI: bool, const LINE: bool> Lock<BI, LINE> {
    const CONDITION: Condition = match (BI, LINE) {
        (false, false) => Condition::Woozles,
        (true, false) => Condition::BiWoozles,
        (false, true) => Condition::Heffalumps,
        (true, true) => Condition::BiHeffalumps,
    };

    /// Whether `unit` on `on` may capture or observe on `target`.
    fn may_act(rules: &Rules, pos: &Position, on: Square, unit: Piece, target: Square) -> bool {
        let kings = rules.param(Self::CONDITION).number != 1;
        if !kings && (unit.kind.is_royal() || unit.attrs.contains(Attrs::ROYAL)) {
            return true;
        }
        let side = if BI {
            unit.color.opponent()
        } else {
            unit.color
        };
        let occupied = pos.occupied();
        let line = direction(on, target);
        !pos.by_color(side).into_iter().any(|there| {
            if there == on {
                return false;
            }
            let Some(other) = pos.piece_as(there, side) else {
                return false;
            };
            if (other.kind == Kind::KING && !kings)
                || matches!(other.kind, Kind::DUMMY | Kind::HAMSTER)
            {
                return false;
            }
            if LINE {
                let (f, r) = direction(on, there);
                if (f, r) != line && (-f, -r) != line {
                    return false;
                }
            }
            rules.observes_with(pos, other, other.kind, there, on, occupied)
                && rules.observes_with(pos, unit, unit.kind, on, there, occupied)
        })
    }
}

impl<const BI: bool, const LINE: bool> ConditionRule for Lock<BI, LINE> {
    const ID: &'static str = match (BI, LINE) {
        (false, false) => "woozles",
        (true, false) => "biwoozles",
        (false, true) => "heffalumps",
        (true, true) => "biheffalumps",
    };
    const PARAMETER: Parameter = Parameter::RexExclusive;
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn allows(rules: &Rules, pos: &Position, mv: &Move) -> bool {
        !mv.is_capture() || Self::may_act(rules, pos, mv.from, mv.piece, mv.to)
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        Self::may_act(rules, pos, observer.on, observer.unit, target)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::mars_family_refusal(rules, "Woozles or Heffalumps")
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use super::direction;
    use crate::board::{Color, Square};
    use crate::rules::{Condition, Rules};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn woozles_rooks_that_see_each_other_do_not_capture() {
        let r = Rules::orthodox().with(Condition::Woozles);
        assert_eq!(
            moves(&r, "wKa1 wRd1 wRd4 bKh8 bSd8 bSa4", Color::White),
            sorted(
                "Ka1-a2 Ka1-b1 Rd1-b1 Rd1-c1 Rd1-d2 Rd1-d3 Rd1-e1 Rd1-f1 Rd1-g1 Rd1-h1 \
                 Rd4-b4 Rd4-c4 Rd4-d2 Rd4-d3 Rd4-d5 Rd4-d6 Rd4-d7 Rd4-e4 Rd4-f4 Rd4-g4 Rd4-h4"
            )
        );
    }

    #[test]
    fn biwoozles_a_unit_does_not_take_its_attacker() {
        let r = Rules::orthodox().with(Condition::BiWoozles);
        let got = moves(&r, "wKa1 wRd1 bKh8 bRd8 bSa2", Color::White);
        assert!(!got.contains(&"Rd1*d8".to_string()));
        // The knight a2 does not attack the king: it is taken.
        assert!(got.contains(&"Ka1*a2".to_string()));
        assert_eq!(got.len(), 15);
    }

    #[test]
    fn heffalumps_lock_only_along_the_line() {
        let r = Rules::orthodox().with(Condition::Heffalumps);
        let got = moves(&r, "wKa1 wRd1 wRd4 bKh8 bSd8 bSh4", Color::White);
        assert!(got.contains(&"Rd4*h4".to_string()));
        assert!(!got.contains(&"Rd4*d8".to_string()));
        assert_eq!(got.len(), 23);
        let r = Rules::orthodox().with(Condition::BiHeffalumps);
        let got = moves(&r, "wKa1 wRd1 wBf3 bKh8 bRd8 bQh5", Color::White);
        assert!(!got.contains(&"Bf3*h5".to_string()) && !got.contains(&"Rd1*d8".to_string()));
        assert_eq!(got.len(), 24);
    }

    #[test]
    fn directions_are_reduced() {
        assert_eq!(direction(sq("a1"), sq("c3")), (1, 1));
        assert_eq!(direction(sq("a1"), sq("a5")), (0, 1));
        assert_eq!(direction(sq("c3"), sq("a2")), (-2, -1));
        assert_eq!(direction(sq("a1"), sq("e3")), (2, 1));
    }
}
