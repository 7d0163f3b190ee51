//! Woozles, BiWoozles, Heffalumps and BiHeffalumps: a unit may not
//! capture, nor observe (so check), while it is locked with another unit
//! in mutual observation. Under Woozles the other unit is one of its own
//! side, under BiWoozles one of the enemy's (the one it would capture
//! among them): some unit observes it, with its own walk, and it observes
//! that unit back (under AnnanChess, the other with a walk it has on its
//! square, the unit only with its own walk). Heffalumps and BiHeffalumps lock only when the other
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
            if LINE {
                let (f, r) = direction(on, there);
                if (f, r) != line && (-f, -r) != line {
                    return false;
                }
            }
            // The other unit observes with a walk it has there (AnnanChess
            // lends walks) that a unit of its side has on the board, never
            // a king's walk unless kings take part, nor a dummy's or a
            // hamster's; the unit observes it back only with its own walk,
            // and only when that is the walk it has there.
            let seen_by_other = rules
                .conditions
                .walks(rules, pos, there, other, true)
                .iter()
                .filter(|&w| {
                    (kings || w != Kind::KING)
                        && !matches!(w, Kind::DUMMY | Kind::HAMSTER)
                        && !pos.pieces(side, w).is_empty()
                })
                .any(|w| rules.observes_with(pos, other, w, there, on, occupied));
            seen_by_other
                && rules
                    .conditions
                    .walks(rules, pos, on, unit, true)
                    .contains(unit.kind)
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
    const OBSERVER: bool = true;
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
        use crate::rules::Base;
        let name = match (BI, LINE) {
            (false, false) => "Woozles",
            (true, false) => "BiWoozles",
            (false, true) => "Heffalumps",
            (true, true) => "BiHeffalumps",
        };
        // Beside AntiMarsCirce Popeye's help play moves units it has lost
        // (docs/rules.md, "What is refused").
        if !LINE {
            let why = "it writes moves of no unit, `1..f2-h8-f8`, and moves another unit \
                       through that square, `2.Rg7-h8-e8`";
            if let Some(refused) =
                super::incoherent_beside(rules, name, &[Base::AntiMarsCirce], why)
            {
                return Some(refused);
            }
        }
        // Beside PhantomChess Popeye judges a move from the rebirth square
        // with the unit on its own square, a check from there lifted.
        if !BI {
            let example = if LINE { "1.Qa8-d1*g1" } else { "1.Rd4-a1*f1" };
            if let Some(refused) = super::judged_apart_beside_phantom(rules, name, example) {
                return Some(refused);
            }
        }
        let bases: &[Base] = if LINE {
            &[Base::MarsCirce, Base::AntiMarsCirce, Base::PhantomChess]
        } else {
            &[Base::MarsCirce, Base::PhantomChess]
        };
        super::not_played_beside(rules, name, bases)
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
    fn beside_antimars_woozles_is_refused_for_popeyes_incoherence() {
        // Popeye's help play writes moves of no unit there (h#2, White Kh6
        // Re8 Ra1 Pa2, Black Kg2 Sa5 Rg7 Rf2: `1..f2-h8-f8 a2-a4
        // 2.Rg7-h8-e8 Ra1-a2 #`); Heffalumps there is not played yet.
        use crate::rules::{Base, CirceRules};
        for c in [Condition::Woozles, Condition::BiWoozles] {
            let r = Rules::with_circe(CirceRules::of(Base::AntiMarsCirce)).with(c);
            let why = r.conditions.refusal(&r).expect("refused");
            assert!(why.contains("incoherent"), "{why}");
        }
        let r = Rules::with_circe(CirceRules::of(Base::AntiMarsCirce)).with(Condition::Heffalumps);
        let why = r.conditions.refusal(&r).expect("refused");
        assert!(why.contains("not played yet"), "{why}");
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
    fn under_annan_a_lent_walk_locks_the_checker() {
        // Bd1-b3 lends the pawn b4 a bishop's walk: it and the bishop d6
        // observe each other, and the check of b8 is gone.
        let r = Rules::orthodox()
            .with(Condition::AnnanChess)
            .with(Condition::BiWoozles);
        let got = moves(&r, "wKb8 wBd1 wPb4 bBd6", Color::White);
        assert!(got.contains(&"Bd1-b3".to_string()), "{got:?}");
        assert_eq!(got.len(), 6);
    }

    #[test]
    fn under_annan_a_unit_sees_back_only_with_its_own_walk() {
        // Qg3-a3 lends the knight a4 a queen's walk: it checks b5, and the
        // queen a3 that observes it does not lock it (the knight's own
        // walk does not reach a3).
        let r = Rules::orthodox()
            .with(Condition::AnnanChess)
            .with(Condition::Woozles);
        let after = super::super::testing::after_line(
            &r,
            "wKh3 wQg3 wSa4 bKb5 bRc8 bBd6",
            Color::White,
            &["Qg3-a3"],
        );
        assert!(r.in_check(&after, Color::Black));
    }

    #[test]
    fn directions_are_reduced() {
        assert_eq!(direction(sq("a1"), sq("c3")), (1, 1));
        assert_eq!(direction(sq("a1"), sq("a5")), (0, 1));
        assert_eq!(direction(sq("c3"), sq("a2")), (-2, -1));
        assert_eq!(direction(sq("a1"), sq("e3")), (2, 1));
    }
}
