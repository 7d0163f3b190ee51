//! Patrouille (Patrol Chess) and UltraPatrouille. A unit is supported when
//! a unit of its own side observes its square. Under Patrouille a unit
//! captures, and observes (so gives check), only when supported; it moves
//! freely otherwise. Under UltraPatrouille an unsupported unit does not
//! move at all and observes nothing. Kings obey the rule like the rest.
//! Support itself is plain observation: a supporter need not be supported.
//!
//! The patrol attribute puts Patrouille's rule in force for the units that
//! carry it alone (`PatrolUnits`); the others capture and observe freely,
//! and may still support.

use super::{Capabilities, ConditionRule};
use crate::board::{Attrs, Bitboard, Color, Position, Square};
use crate::moves::Move;
use crate::rules::{Observer, Rules};

pub struct Patrol;
pub struct UltraPatrol;
/// The patrol attribute's rule: Patrouille for its units only.
pub struct PatrolUnits;

impl Rules {
    /// Whether the unit on `on`, playing for `side`, is observed by a unit
    /// of its side (Patrouille's support).
    pub fn is_supported(&self, pos: &Position, on: Square, side: Color) -> bool {
        self.is_observed_by(pos, on, side)
    }

    /// Whether a unit of `by` (not the one on `on`) observes `on`, as
    /// Popeye's conditions that ask who observes a unit test it
    /// (Patrouille's support, Lortap's guard, a functionary's duty).
    pub fn is_observed_by(&self, pos: &Position, on: Square, by: Color) -> bool {
        if let Some(mars) = self.family(crate::rules::Base::MarsCirce) {
            return mars_observed(mars, pos, on, by);
        }
        // The observer validators only (Popeye's `EVALUATE(observer)`): a
        // paralysed unit supports nothing; Patrouille's own rule is not
        // asked of the supporter.
        self.any_observer(pos, on, by, None, false, |o| {
            o.on != on
                && (self.conditions.is_empty()
                    || self.conditions.observer_may_observe(self, pos, &o, on))
        })
    }
}

/// Observation by `side` under MarsCirce, as Popeye tests it for these
/// conditions: for each unit `u` of the side (not on `target`) whose rebirth square is free, `u` is lifted and
/// put on that square; the target is then supported when a unit of `u`'s
/// kind observes it: `u` from its rebirth square, or another unit of that
/// kind from its own square (Popeye looks back from the target for any unit
/// of the kind, and its Mars test of the observer is not made here).
fn mars_observed(
    mars: &crate::rules::CirceRules,
    pos: &Position,
    target: Square,
    side: Color,
) -> bool {
    use crate::board::{attacks, Kind};
    use crate::rules::paths::attacks as walk_attacks;
    let occupied = pos.occupied();
    let mut units = pos.by_color(side);
    units.clear(target);
    units.into_iter().any(|on| {
        let Some(unit) = pos.piece_as(on, side) else {
            return false;
        };
        let mut lifted = occupied;
        lifted.clear(on);
        mars.origins(pos, unit, on, lifted).into_iter().any(|from| {
            // Popeye tries the orthodox queen, knight, rook and bishop only
            // where the target lies on one of their lines from the rebirth
            // square (blocked or not).
            let e = Bitboard::EMPTY;
            let aligned = match unit.kind {
                Kind::QUEEN => attacks::queen(from, e),
                Kind::ROOK => attacks::rook(from, e),
                Kind::BISHOP => attacks::bishop(from, e),
                Kind::KNIGHT => attacks::knight(from),
                _ => Bitboard(!0),
            };
            if !aligned.contains(target) {
                return false;
            }
            let mut occ = lifted;
            occ.set(from);
            if walk_attacks(pos, unit, from, occ).contains(target) {
                return true;
            }
            let mut others = pos.by_color(side) & pos.by_kind(unit.kind);
            others.clear(on);
            others.clear(target);
            others.into_iter().any(|v| {
                pos.piece_as(v, side).is_some_and(|w| {
                    w.kind == unit.kind && walk_attacks(pos, w, v, occ).contains(target)
                })
            })
        })
    })
}

/// What Patrouille, UltraPatrol and the patrol attribute take from the
/// orthodox rules: a unit's moves and observations hang on its support, so
/// neither the movers, the observation nor check as attack are orthodox.
const SUPPORT_JUDGED: Capabilities = Capabilities {
    orthodox_movers: false,
    orthodox_observation: false,
    check_implies_attack: false,
    ..Capabilities::ORTHODOX
};

impl ConditionRule for Patrol {
    const ID: &'static str = "patrouille";
    const CAPABILITIES: Capabilities = SUPPORT_JUDGED;

    #[inline]
    fn allows(rules: &Rules, pos: &Position, mv: &Move) -> bool {
        !mv.is_capture() || rules.is_supported(pos, mv.departure(), mv.piece.color)
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        rules.is_supported(pos, observer.on, observer.unit.color)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        // MarsCirce and AntiMarsCirce agree with Popeye on random
        // positions.
        super::judged_apart_beside_phantom(rules, "Patrouille", "1.Rd4-a1*f1")
    }
}

impl ConditionRule for PatrolUnits {
    const ID: &'static str = "attribute patrol";
    const WRITTEN: bool = false;
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::PATROL, 0));
    const CAPABILITIES: Capabilities = SUPPORT_JUDGED;

    #[inline]
    fn allows(rules: &Rules, pos: &Position, mv: &Move) -> bool {
        !mv.is_capture()
            || !mv.piece.attrs.contains(Attrs::PATROL)
            || rules.is_supported(pos, mv.departure(), mv.piece.color)
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        !observer.unit.attrs.contains(Attrs::PATROL)
            || rules.is_supported(pos, observer.on, observer.unit.color)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        // Not compared with Popeye beside the Mars family.
        super::not_played_beside(rules, "the patrol attribute", &super::MARS_FAMILY)
    }
}

impl ConditionRule for UltraPatrol {
    const ID: &'static str = "ultrapatrouille";
    const CAPABILITIES: Capabilities = SUPPORT_JUDGED;

    #[inline]
    fn immobile(rules: &Rules, pos: &Position, side: Color) -> Bitboard {
        super::units_where(pos, side, |on| !rules.is_supported(pos, on, side))
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        rules.is_supported(pos, observer.on, observer.unit.color)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::judged_apart_beside_phantom(rules, "UltraPatrol", "1.Rd4-a1*f1")
    }
}

#[cfg(test)]
mod tests {
    //! Each list is checked against Popeye 4.104's `~1`.
    use super::super::annan::tests::moves;
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};

    #[test]
    fn only_supported_units_capture() {
        let r = Rules::orthodox().with(Condition::Patrol);
        let list = "wKa1 wRd4 wBf4 wSh3 bKh8 bPd7 bPf7 bPh6";
        let got = moves(&r, list);
        assert!(got.contains(&"Bf4*h6".to_string()));
        assert!(!got.contains(&"Rd4*d7".to_string()));
        assert!(got.contains(&"Rd4-d6".to_string()));
        assert_eq!(got.len(), 26);
        assert!(moves(&Rules::orthodox(), list).contains(&"Rd4*d7".to_string()));
    }

    #[test]
    fn an_unsupported_unit_gives_no_check() {
        let r = Rules::orthodox().with(Condition::Patrol);
        let pos = Position::from_piece_list("wKa1 wRh1 bKh8").unwrap();
        assert!(!r.in_check(&pos, Color::Black));
        let pos = Position::from_piece_list("wKa1 wRb1 bKb8").unwrap();
        assert!(r.in_check(&pos, Color::Black));
    }

    /// A paralysed unit supports nothing (Popeye asks its observer
    /// validators of the supporter): the pawn b2 supports a3, whose pawn
    /// then checks b4, unless a paralysing rook h2 or, under Madrasi, a
    /// black bishop c1 (the supporter a bishop b2) paralyses it (Popeye
    /// 4.104: `+1` from a2 unsolvable with the rook h2, and with the
    /// bishops b2 and c1 under Madrasi).
    #[test]
    fn a_paralysed_unit_gives_no_support() {
        use crate::board::{Attrs, Kind, Piece, Square};
        let patrol = Rules::orthodox().with(Condition::Patrol);
        let sq = |s: &str| Square::parse(s).unwrap();
        let pawns = Position::from_piece_list("wPa3 wPb2 bKb4").unwrap();
        assert!(patrol.in_check(&pawns, Color::Black));
        let mut paralysed = pawns;
        paralysed.put(
            sq("h2"),
            Piece::new(Color::Black, Kind::ROOK).with(Attrs::PARALYSING),
        );
        let mut r = patrol;
        super::super::put_carried_in_force(&mut r, &paralysed);
        assert!(!r.in_check(&paralysed, Color::Black));
        let madrasi = patrol.with(Condition::Madrasi);
        let bishop = Position::from_piece_list("wPa3 wBb2 bKb4").unwrap();
        assert!(madrasi.in_check(&bishop, Color::Black));
        let watched = Position::from_piece_list("wPa3 wBb2 bBc1 bKb4").unwrap();
        assert!(!madrasi.in_check(&watched, Color::Black));
    }

    /// AntiMarsCirce: a unit needs support where it stands (its captures
    /// are ordinary), and its moves from the rebirth square need none.
    /// Popeye 4.104: with wBf6 `1.Rd4*d7` and `1.Rd4-a1-a6 +` (the bishop,
    /// now supported by the rook, checks); with wBg6 neither.
    #[test]
    fn under_antimars_support_is_judged_on_the_units_square() {
        use crate::rules::{Base, CirceRules};
        let r = Rules::with_circe(CirceRules::of(Base::AntiMarsCirce)).with(Condition::Patrol);
        assert!(r.unsupported().is_none() && r.conditions.refusal(&r).is_none());
        let got = moves(&r, "wKh1 wRd4 wBf6 bKh8 bPd7");
        assert!(got.contains(&"Rd4*d7".to_string()));
        assert_eq!(got.len(), 27);
        let pos = Position::from_piece_list("wKh1 wRa6 wBf6 bKh8 bPd7").unwrap();
        assert!(r.in_check(&pos, Color::Black));
        let got = moves(&r, "wKh1 wRd4 wBg6 bKh8 bPd7");
        assert!(!got.contains(&"Rd4*d7".to_string()));
        assert!(got.contains(&"Rd4-a1-a6".to_string()));
        assert_eq!(got.len(), 26);
        let pos = Position::from_piece_list("wKh1 wRa6 wBg6 bKh8 bPd7").unwrap();
        assert!(!r.in_check(&pos, Color::Black));
    }

    #[test]
    fn patrouille_is_refused_with_phantomchess() {
        use crate::rules::{Base, CirceRules};
        let r = Rules::with_circe(CirceRules::of(Base::PhantomChess)).with(Condition::Patrol);
        assert!(r.conditions.refusal(&r).is_some());
    }

    /// MarsCirce: support is Popeye's look back from the supported square
    /// while one unit stands on its rebirth square. Popeye 4.104: with wPc3
    /// and wPf2 the rook on b4 checks a7 from a1 (the pawn c3 counts from
    /// its own square while the pawn f2 is tried); with wPc3 alone it does
    /// not.
    #[test]
    fn under_mars_a_second_unit_of_the_kind_lets_a_unit_support_from_its_square() {
        use crate::rules::{Base, CirceRules};
        let r = Rules::with_circe(CirceRules::of(Base::MarsCirce)).with(Condition::Patrol);
        assert!(r.conditions.refusal(&r).is_none());
        let pos = Position::from_piece_list("wKe2 wRb4 wPc3 wPf2 bKa7").unwrap();
        assert!(r.in_check(&pos, Color::Black));
        let pos = Position::from_piece_list("wKe2 wRb4 wPc3 bKa7").unwrap();
        assert!(!r.in_check(&pos, Color::Black));
        let pos = Position::from_piece_list("wKe2 wRb4 wSd3 wPf2 bKa7").unwrap();
        assert!(!r.in_check(&pos, Color::Black));
    }

    #[test]
    fn under_ultrapatrol_unsupported_units_do_not_move() {
        let r = Rules::orthodox().with(Condition::UltraPatrol);
        let got = moves(&r, "wKa1 wRb1 wBh3 wSc3 bKh8 bPa7");
        assert!(got.iter().all(|m| m.starts_with('K') || m.starts_with('R')));
        assert_eq!(got.len(), 15);
    }

    /// The patrol attribute: Popeye 4.104's `~1` for problems/conditions/
    /// attr-patrol.inp. The patrol rook d4 (unsupported) does not take d7;
    /// the plain bishop f4 takes h6 and checks from e5 unsupported; the
    /// patrol queen b7 (unsupported) does not guard b2.
    #[test]
    fn the_patrol_attribute_binds_its_units_alone() {
        use crate::board::{Attrs, Kind, Piece, Square};
        let mut pos = Position::from_piece_list("wKa1 wBf4 wSh3 bKh8 bPd7 bPf7 bPh6").unwrap();
        let sq = |s: &str| Square::parse(s).unwrap();
        pos.put(
            sq("d4"),
            Piece::new(Color::White, Kind::ROOK).with(Attrs::PATROL),
        );
        pos.put(
            sq("b7"),
            Piece::new(Color::Black, Kind::QUEEN).with(Attrs::PATROL),
        );
        pos.turn = Color::White;
        let mut r = Rules::orthodox();
        super::super::put_carried_in_force(&mut r, &pos);
        assert!(r.has(Condition::PatrolUnits) && !r.has(Condition::Patrol));
        let got = super::super::testing::moves_of(&r, &pos);
        assert_eq!(got.len(), 26, "{got:?}");
        for m in ["Ka1-b2", "pRd4-d6", "Bf4*h6"] {
            assert!(got.contains(&m.to_string()), "{m}: {got:?}");
        }
        assert!(!got.iter().any(|m| m.contains("Rd4*")), "{got:?}");
        let mut checking = pos;
        checking.remove(sq("f4"));
        checking.put(sq("e5"), Piece::new(Color::White, Kind::BISHOP));
        assert!(r.in_check(&checking, Color::Black));
        // With a white rook on d1 the rook d4 is supported and takes d7.
        let mut supported = pos;
        supported.put(sq("d1"), Piece::new(Color::White, Kind::ROOK));
        let got = super::super::testing::moves_of(&r, &supported);
        assert!(got.contains(&"pRd4*d7".to_string()), "{got:?}");
    }
}
