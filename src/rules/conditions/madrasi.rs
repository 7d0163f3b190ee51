//! Madrasi: a unit observed by an enemy unit of its own kind is paralysed.
//! It cannot move and does not observe (so gives no check), but it still
//! paralyses: paralysis rests on the geometry of observation alone (with
//! the conditions that judge that geometry: GridChess, MonochromChess,
//! BichromChess, the edge movers). Kings
//! are never paralysed, except under Madrasi RexInclusive.

use super::{Capabilities, ConditionRule, Parameter, ProofTraffic};
use crate::board::{Bitboard, Color, Kind, Position, Square};
use crate::rules::{Condition, Observer, Rules};

pub struct Madrasi;

impl ConditionRule for Madrasi {
    const ID: &'static str = "madras";
    const OBSERVER: bool = true;
    /// Paralysis only takes moves away.
    const PROOF: ProofTraffic = ProofTraffic::Restricts;
    const PARAMETER: Parameter = Parameter::RexInclusive;
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn immobile(rules: &Rules, pos: &Position, side: Color) -> Bitboard {
        super::units_where(pos, side, |on| rules.is_paralysed(pos, on, side))
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        !rules.is_paralysed(pos, observer.on, observer.unit.color)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::judged_apart_beside_phantom(rules, "Madrasi", "1.Rd4-a1*f1")
    }
}

impl Rules {
    /// Whether the unit on `on`, playing for `side`, is paralysed (by
    /// Madrasi).
    pub fn is_paralysed(&self, pos: &Position, on: Square, side: Color) -> bool {
        let Some(unit) = pos.piece_as(on, side) else {
            return false;
        };
        // A royal unit of any walk is exempt as a king is (Popeye tests the
        // royal flag).
        let royal = unit.kind == Kind::KING || unit.attrs.contains(crate::board::Attrs::ROYAL);
        if royal && !self.param(Condition::Madrasi).rex_inclusive {
            return false;
        }
        // Only the conditions that judge where a line may go have their
        // say (Popeye's observation geometry): GridChess's grid, say.
        self.any_observer(pos, on, side.opponent(), Some(unit.kind), false, |o| {
            self.conditions.observes_geometry(self, pos, &o, on)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Color, Position, Square};
    use crate::rules::{Condition, Rules};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn madrasi() -> Rules {
        Rules::orthodox().with(Condition::Madrasi)
    }

    #[test]
    fn beside_phantom_the_conditions_judged_where_a_unit_stands_are_refused() {
        // Popeye 4.104 lets a king be taken there (docs/evidence/phantom-*):
        // the rook d4 moves from a1 judged on d4 but checks from a1 judged
        // lifted onto a1.
        use crate::rules::{Base, CirceRules};
        for c in [
            Condition::Madrasi,
            Condition::Eiffel,
            Condition::Functionary,
            Condition::SuperGuards,
            Condition::Patrol,
            Condition::UltraPatrol,
            Condition::Lortap,
            Condition::Woozles,
            Condition::Heffalumps,
        ] {
            let r = Rules::with_circe(CirceRules::of(Base::PhantomChess)).with(c);
            let why = r.conditions.refusal(&r).expect("refused");
            assert!(
                why.contains("incoherent") && why.contains("king be taken"),
                "{why}"
            );
            // Beside MarsCirce (which judges both on the unit's own
            // square) they are played, but the locks (not yet).
            let mars = Rules::with_circe(CirceRules::of(Base::MarsCirce)).with(c);
            if !matches!(c, Condition::Woozles | Condition::Heffalumps) {
                assert_eq!(mars.conditions.refusal(&mars), None, "{c:?}");
            }
        }
    }

    #[test]
    fn units_of_one_kind_that_observe_each_other_are_paralysed() {
        let pos = Position::from_piece_list("wKa1 wRd4 wBc1 bKh8 bRd7 bBg6").unwrap();
        let r = madrasi();
        assert!(r.is_paralysed(&pos, sq("d4"), Color::White));
        assert!(r.is_paralysed(&pos, sq("d7"), Color::Black));
        // Bishops on c1 and g6 do not see each other.
        assert!(!r.is_paralysed(&pos, sq("c1"), Color::White));
        // A unit of another kind does not paralyse.
        assert!(!r.is_paralysed(&pos, sq("g6"), Color::Black));
    }

    #[test]
    fn pawns_paralyse_only_along_their_captures() {
        let pos = Position::from_piece_list("wKa1 wPd4 wPg4 bKh8 bPe5 bPg5").unwrap();
        let r = madrasi();
        // d4 and e5 attack each other; g4 and g5 only block each other.
        assert!(r.is_paralysed(&pos, sq("d4"), Color::White));
        assert!(r.is_paralysed(&pos, sq("e5"), Color::Black));
        assert!(!r.is_paralysed(&pos, sq("g4"), Color::White));
    }

    #[test]
    fn a_pawn_that_may_be_taken_en_passant_is_observed_by_the_taker() {
        // After e2-e4 the black pawn d4 may take on e3: the white pawn is
        // paralysed and does not check the king on f5.
        let mut pos = Position::from_piece_list("wKa1 wPe4 bKf5 bPd4").unwrap();
        pos.ep_square = Some(sq("e3"));
        let r = madrasi();
        assert!(r.is_paralysed(&pos, sq("e4"), Color::White));
        assert!(!r.in_check(&pos, Color::Black));
        // The taker itself is not observed by the white pawn.
        assert!(!r.is_paralysed(&pos, sq("d4"), Color::Black));
        pos.ep_square = None;
        assert!(!r.is_paralysed(&pos, sq("e4"), Color::White));
        assert!(r.in_check(&pos, Color::Black));
    }

    #[test]
    fn kings_are_paralysed_only_under_rex_inclusive() {
        let pos = Position::from_piece_list("wKd4 bKd6 wQa1 bQh8").unwrap();
        assert!(!madrasi().is_paralysed(&pos, sq("d4"), Color::White));
        // Kings two squares apart do not observe each other.
        let rex = madrasi().with_param(
            Condition::Madrasi,
            crate::rules::conditions::Param {
                rex_inclusive: true,
                ..Default::default()
            },
        );
        assert!(!rex.is_paralysed(&pos, sq("d4"), Color::White));
        let close = Position::from_piece_list("wKd4 bKd5").unwrap();
        assert!(rex.is_paralysed(&close, sq("d4"), Color::White));
        assert!(!madrasi().is_paralysed(&close, sq("d4"), Color::White));
    }

    #[test]
    fn a_paralysed_unit_gives_no_check() {
        // The black queen checks e1 but is paralysed by the white queen.
        let pos = Position::from_piece_list("wKe1 wQa4 bKh8 bQe4").unwrap();
        assert!(Rules::orthodox().in_check(&pos, Color::White));
        assert!(!madrasi().in_check(&pos, Color::White));
    }

    #[test]
    fn a_paralysed_unit_still_paralyses() {
        // White's rook d1 is paralysed by the rook d8, which is itself
        // paralysed by the rook h8; d1 stays paralysed.
        let pos = Position::from_piece_list("wKa1 wRd1 wRh8 bKa8 bRd8").unwrap();
        let r = madrasi();
        assert!(r.is_paralysed(&pos, sq("d8"), Color::Black));
        assert!(r.is_paralysed(&pos, sq("d1"), Color::White));
    }

    #[test]
    fn under_gridchess_a_unit_in_the_same_cell_does_not_paralyse() {
        // The rooks a1 and a2 share a cell of the grid: neither observes
        // the other, so neither is paralysed (Popeye: Ra1-c1 ... Ra1-h1+).
        let pos = Position::from_piece_list("wKe4 wRa1 bKh8 bRa2").unwrap();
        assert!(madrasi().is_paralysed(&pos, sq("a1"), Color::White));
        let r = madrasi().with(Condition::GridChess);
        assert!(!r.is_paralysed(&pos, sq("a1"), Color::White));
        assert!(!r.is_paralysed(&pos, sq("a2"), Color::Black));
    }
}
