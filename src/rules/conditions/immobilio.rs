//! Immobilio: a unit whose classic Circe rebirth square is occupied (by
//! any unit, itself included, or a hole) is paralysed: it neither moves
//! nor observes, so gives no check. Kings too: a king on e1 never moves
//! (nor castles). Followed by a list of walks, only the units of those
//! walks are paralysed. The square is the one the unit would be reborn on
//! were it captured where it stands, by its own walk and side (a neutral
//! unit's as the side playing it), whatever Circe form is in force.
//!
//! Popeye 4.104 makes the last move of a mate, check or double mate in
//! attack, help and series play from its orthodox mating-move generator
//! where no fairy walk stands in the diagram and no Circe form turns it
//! off (AntiCirce, Rex Inclusive, LastMove): that generator never asks
//! Immobilio, so there a paralysed unit may give the mate, by the moves
//! the generator's orthodox geometry lists (not a king's move next to the
//! enemy king, not a rook's along the line it already holds). Those
//! stipulations are refused; self play, whose mating move is the
//! defender's, is played.

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Bitboard, Color, Position, Square};
use crate::rules::{rebirth, Base, Condition, Observer, OnOccupied, RelevantCapture, Rules};
use crate::stipulation::{Goal, Play, Stipulation};

pub struct Immobilio;

impl ConditionRule for Immobilio {
    const ID: &'static str = "immobilio";
    const OBSERVER: bool = true;
    const PARAMETER: Parameter = Parameter::WalksUnwritten;
    // Check is still an orthodox attack, of fewer units.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn immobile(rules: &Rules, pos: &Position, side: Color) -> Bitboard {
        super::units_where(pos, side, |on| paralysed(rules, pos, on, side))
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        !paralysed(rules, pos, observer.on, observer.unit.color)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        let param = rules.param(Condition::Immobilio);
        if param.number & 1 != 0 {
            return Some("Immobilio with a hunter is not supported".into());
        }
        // Whether Popeye's mating-move generator is in force depends on
        // the other conditions: only Immobilio's own rule is compared.
        if let Some(c) = rules.conditions.iter().find(|&c| c != Condition::Immobilio) {
            return Some(format!("Immobilio with {} is not played", c.popeye_id()));
        }
        let odd = rules.families().any(|c| {
            !matches!(c.base, Base::Circe | Base::AntiCirce)
                || c.relevant_capture == RelevantCapture::WaitCapture
                || matches!(c.on_occupied, OnOccupied::Volcanic | OnOccupied::Parachute)
        });
        odd.then(|| "Immobilio with this circe form is not played".into())
    }

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        // Attributes turn Popeye's mating-move generator off, some of them.
        pos.attributed()
            .nonempty()
            .then(|| "Immobilio with unit attributes is not played".into())
    }
}

/// Whether Popeye makes the goal moves of `rules` from its orthodox
/// mating-move generator (no fairy walk in the diagram, no AntiCirce, no
/// Circe Rex Inclusive nor LastMove).
fn mating_generator(rules: &Rules) -> bool {
    !rules.repertoire.has_fairy()
        && rules.families().all(|c| {
            c.base == Base::Circe
                && !c.rex_inclusive
                && c.relevant_capture == RelevantCapture::ThisMove
        })
}

/// Why `stip` is not played under `rules`: a goal move Popeye makes
/// without asking Immobilio (all but the defender's mating move of self
/// play).
pub fn play_refusal(rules: &Rules, stip: &Stipulation) -> Option<String> {
    if !matches!(stip.goal, Goal::Mate | Goal::Check | Goal::DoubleMate) || !mating_generator(rules)
    {
        return None;
    }
    let played =
        stip.intro.is_none() && stip.parry.is_none() && stip.play == Play::SelfPlay && !stip.series;
    (!played).then(|| {
        "Immobilio with this stipulation is not played: Popeye 4.104 makes its mating move \
         without Immobilio, by an orthodox geometry of its own"
            .into()
    })
}

/// Whether the unit on `on`, playing for `side`, is paralysed.
#[inline]
fn paralysed(rules: &Rules, pos: &Position, on: Square, side: Color) -> bool {
    let Some(unit) = pos.piece_as(on, side) else {
        return false;
    };
    let walks = rules.param(Condition::Immobilio).kinds;
    // Unlisted walks are free.
    if walks.iter().next().is_some() && !walks.contains(unit.kind) {
        return false;
    }
    pos.occupied()
        .contains(rebirth::classic(unit.kind, side, on))
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use super::super::Param;
    use crate::board::{Color, Kind, Position};
    use crate::rules::{Condition, KindSet, Rules};

    const POSITION: &str = "wKe1 wRh1 wSb1 wQd2 wPc2 wPe4 wBf8 bKe8 bRb8 bQd8 bSg6";

    fn immobilio(codes: &[&str]) -> Rules {
        let mut kinds = KindSet::default();
        for code in codes {
            kinds.insert(Kind::all().find(|k| k.def().codes[0] == *code).unwrap());
        }
        Rules::orthodox().with_param(
            Condition::Immobilio,
            Param {
                kinds,
                ..Default::default()
            },
        )
    }

    #[test]
    fn a_unit_whose_rebirth_square_is_occupied_does_not_move() {
        // The king e1, the knight b1, the rook h1 and the pawn c2 stand on
        // their own rebirth squares; the queen's d1 and the pawn e4's e2
        // are free.
        assert_eq!(
            moves(&immobilio(&[]), POSITION, Color::White),
            sorted(
                "Qd2-c1 Qd2-h6 Qd2-g5 Qd2-f4 Qd2-e3 Qd2-a5 Qd2-b4 Qd2-c3 Qd2-d1 Qd2*d8 \
                 Qd2-d7 Qd2-d6 Qd2-d5 Qd2-d4 Qd2-d3 Qd2-h2 Qd2-g2 Qd2-f2 Qd2-e2 e4-e5 \
                 Bf8-a3 Bf8-b4 Bf8-c5 Bf8-d6 Bf8-e7 Bf8-h6 Bf8-g7"
            )
        );
    }

    #[test]
    fn with_walks_listed_only_their_units_are_paralysed() {
        // The king and the rook are not listed: they move, and castle.
        let list = moves(&immobilio(&["Q", "S", "P"]), POSITION, Color::White);
        for m in ["0-0", "Ke1-f2", "Rh1-h8"] {
            assert!(list.contains(&m.to_string()), "{m}");
        }
        assert!(!list
            .iter()
            .any(|m| m.starts_with("Sb1") || m.starts_with("c2")));
    }

    #[test]
    fn a_paralysed_unit_gives_no_check() {
        // The black king on e8, its own rebirth square, observes nothing;
        // the white king d7 (e1 free) does.
        let r = immobilio(&[]);
        let pos = Position::from_piece_list("wKd7 bKe8").unwrap();
        assert!(r.in_check(&pos, Color::Black));
        assert!(!r.in_check(&pos, Color::White));
        // The rook h8 stands on its own rebirth square: no check.
        let pos = Position::from_piece_list("wKh2 bRh8 bKa8").unwrap();
        assert!(!r.in_check(&pos, Color::White));
        assert!(Rules::orthodox().in_check(&pos, Color::White));
    }

    #[test]
    fn mates_popeye_makes_without_immobilio_are_refused() {
        use crate::rules::{Base, CirceRules, Repertoire};
        use crate::stipulation::Stipulation;
        let stip = |t: &str| Stipulation::parse(t).unwrap();
        let orthodox = Position::from_piece_list("wKa1 wRh8 bKe7").unwrap();
        let mut r = immobilio(&[]);
        r.repertoire = Repertoire::for_rules(&orthodox, &r);
        for t in ["#2", "h#2", "ser-#3", "r#2", "h##2"] {
            assert!(super::play_refusal(&r, &stip(t)).is_some(), "{t}");
        }
        for t in ["s#2", "h=2", "~1"] {
            assert_eq!(super::play_refusal(&r, &stip(t)), None, "{t}");
        }
        // A fairy walk in the diagram, or AntiCirce, turns the generator off.
        let mut fairy = orthodox;
        fairy.put(
            crate::board::Square::parse("h8").unwrap(),
            crate::board::Piece::new(Color::White, Kind::GRASSHOPPER),
        );
        let mut f = immobilio(&[]);
        f.repertoire = Repertoire::for_rules(&fairy, &f);
        assert_eq!(super::play_refusal(&f, &stip("h#2")), None);
        let mut anti = immobilio(&[]);
        anti.set_family(CirceRules::of(Base::AntiCirce));
        anti.repertoire = Repertoire::for_rules(&orthodox, &anti);
        assert_eq!(super::play_refusal(&anti, &stip("#2")), None);
    }
}
