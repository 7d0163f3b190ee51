//! Isardam: a move is illegal when, once played, some unit is observed by
//! an enemy unit of its own kind (the observation Madrasi paralyses by;
//! kings take no part unless RexInclusive is given). Under type A (the
//! default) a king is in check only when the capture of it would be
//! legal by that rule too; under type B check is plain observation.
//!
//! Leffie: the same with EiffelChess's freezing kinds in place of a
//! unit's own kind (always as type A).

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Color, Kind, Piece, Position, Square};
use crate::moves::Move;
use crate::rules::{Condition, Observer, Rules};

pub struct Isardam;

/// Whether some unit of `pos` is observed by an enemy unit of its kind.
fn some_unit_observed(rules: &Rules, pos: &Position) -> bool {
    let kings = rules.param(Condition::Isardam).rex_inclusive;
    for side in Color::ALL {
        let mut units = pos.by_color(side);
        if !kings {
            units &= !pos.by_kind(Kind::KING);
        }
        for on in units {
            let unit = pos.piece_as(on, side).expect("a unit");
            if pos.pieces(side.opponent(), unit.kind).is_empty() {
                continue;
            }
            if rules.any_observer(pos, on, side.opponent(), Some(unit.kind), false, |_| true) {
                return true;
            }
        }
    }
    false
}

impl ConditionRule for Isardam {
    const ID: &'static str = "isardam";
    const PARAMETER: Parameter = Parameter::Lettered(2);
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_observation: false,
        orthodox_legality: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn legal_after(rules: &Rules, _before: &Position, _mv: &Move, after: &Position) -> bool {
        !some_unit_observed(rules, after)
    }

    /// Type A: the capture of the king, played, must leave no unit
    /// observed by an enemy unit of its kind.
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        if rules.param(Condition::Isardam).number >= 2 {
            return true;
        }
        capture_played_leaves_no(rules, pos, observer, target, some_unit_observed)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        (rules.has(Condition::Madrasi) || rules.has(Condition::Eiffel))
            .then(|| "Isardam and Madrasi/Eiffel not allowed".into())
    }
}

/// Leffie: Isardam with EiffelChess's paralysis: a move is illegal when,
/// once played, some unit stands observed by an enemy unit of the kind
/// that freezes it (a pawn by a queen, a queen by a rook, a rook by a
/// bishop, a bishop by a knight, a knight by a pawn); a unit observes
/// (checks) only where its capture, played, would be legal so.
pub struct Leffie;

/// Whether some unit of `pos` stands frozen as EiffelChess freezes.
fn some_unit_frozen(rules: &Rules, pos: &Position) -> bool {
    Color::ALL.into_iter().any(|side| {
        pos.by_color(side)
            .into_iter()
            .any(|on| rules.is_frozen(pos, on, side))
    })
}

impl ConditionRule for Leffie {
    const ID: &'static str = "leffie";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_observation: false,
        orthodox_legality: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn legal_after(rules: &Rules, _before: &Position, _mv: &Move, after: &Position) -> bool {
        !some_unit_frozen(rules, after)
    }

    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        capture_played_leaves_no(rules, pos, observer, target, some_unit_frozen)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        [Condition::Madrasi, Condition::Eiffel, Condition::Isardam]
            .into_iter()
            .any(|c| rules.has(c))
            .then(|| "Leffie with Madrasi, Eiffel or Isardam (not played)".into())
            .or_else(|| super::not_played_beside_mars(rules, "Leffie"))
    }
}

/// [`capture_leaves_no`], the capture played with its rebirths where a
/// Circe form is in force (AntiCirce's capturer reborn elsewhere stands
/// there, not where it took).
fn capture_played_leaves_no(
    rules: &Rules,
    pos: &Position,
    observer: &Observer,
    target: Square,
    illegal: fn(&Rules, &Position) -> bool,
) -> bool {
    if rules.families().next().is_none() {
        return capture_leaves_no(rules, pos, observer, target, illegal);
    }
    let Some(victim) = pos.piece_at(target) else {
        return true;
    };
    rules.some_capture_played(
        pos,
        observer.unit,
        observer.on,
        target,
        victim,
        &mut |_, after| !illegal(rules, after),
    )
}

/// Whether `observer`'s capture on `target`, played, leaves a position
/// where `illegal` does not hold (for a pawn taking on its promotion
/// rank: some promotion does).
fn capture_leaves_no(
    rules: &Rules,
    pos: &Position,
    observer: &Observer,
    target: Square,
    illegal: fn(&Rules, &Position) -> bool,
) -> bool {
    let mut after = *pos;
    let Some(unit) = after.remove(observer.on) else {
        return true;
    };
    after.remove(target);
    after.ep_square = None;
    let legal_as = |kind: Kind| {
        let mut board = after;
        board.put(target, Piece { kind, ..unit });
        !illegal(rules, &board)
    };
    // A pawn taking on its promotion rank: any promotion will do.
    let def = observer.unit.kind.def();
    match def.pawn {
        Some(p) if rules.promotes_on(observer.unit.color, p, target) => {
            rules.repertoire.promotions(p).any(legal_as)
        }
        _ => legal_as(unit.kind),
    }
}

#[cfg(test)]
mod tests {
    //! Each answer is Popeye 4.104's (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::{Color, Position};
    use crate::rules::conditions::Param;
    use crate::rules::{Condition, Rules};

    #[test]
    fn leffie_bars_the_moves_that_leave_a_unit_frozen() {
        // Popeye: Rd1-d7 (the bishop e8 observes d7) and Sc3-a4 (the pawn
        // b5) are not among White's 21 moves; without the condition they
        // are.
        let r = Rules::orthodox().with(Condition::Leffie);
        let list = "wKa1 wRd1 wSc3 bKh8 bBe8 bPb5";
        let found = moves(&r, list, Color::White);
        assert_eq!(found.len(), 21);
        assert!(!found.contains(&"Rd1-d7".to_string()));
        assert!(!found.contains(&"Sc3-a4".to_string()));
        let plain = moves(&Rules::orthodox(), list, Color::White);
        assert!(plain.contains(&"Rd1-d7".to_string()));
    }

    #[test]
    fn no_move_may_leave_two_enemy_units_of_a_kind_observing() {
        let r = Rules::orthodox().with(Condition::Isardam);
        assert_eq!(
            moves(&r, "wKa1 wRd1 bKh8 bRe8 bSf3", Color::White),
            sorted(ISARDAM)
        );
    }

    #[test]
    fn type_a_check_needs_a_legal_capture_type_b_does_not() {
        // The rook a8 attacks h8, but taking the king it would stand
        // observed by the rook h1.
        let pos = Position::from_piece_list("wKa1 wRa8 bKh8 bRh1").unwrap();
        let a = Rules::orthodox().with(Condition::Isardam);
        assert!(!a.in_check(&pos, Color::Black));
        let b = Rules::orthodox().with_param(
            Condition::Isardam,
            Param {
                number: 2,
                ..Default::default()
            },
        );
        assert!(b.in_check(&pos, Color::Black));
    }

    // Rd1-e1 and Rd1-d8 would leave two rooks observing each other.
    #[test]
    fn under_anticirce_the_capture_of_the_king_is_judged_after_the_rebirth() {
        // Rc4xc3 reborn on a1 stands observed by the rook g1: no check
        // (Popeye lets Black's rook leave the first rank). Without
        // AntiCirce the rook stays on c3, observed by nothing: check.
        let pos = Position::from_piece_list("wKe5 wRc4 bKc3 bRg1").unwrap();
        let anti =
            Rules::with_circe(crate::rules::CirceRules::ANTICIRCE_CALVET).with(Condition::Isardam);
        assert!(!anti.in_check(&pos, Color::Black));
        assert!(Rules::orthodox()
            .with(Condition::Isardam)
            .in_check(&pos, Color::Black));
    }

    #[test]
    fn a_pawn_checks_when_some_promotion_may_take_the_king() {
        // f7 attacks e8, but a queen, rook, bishop or knight on e8 would
        // stand observed by its black fellow (Popeye: 1.f6-f7 is no mate
        // in BEISPIEL isardam 14 for the queen).
        let pos = Position::from_piece_list("wKa1 wPf7 bKe8 bQe5 bRh8 bBh5 bSd6").unwrap();
        let r = Rules::orthodox().with(Condition::Isardam);
        assert!(!r.in_check(&pos, Color::Black));
        let pos = Position::from_piece_list("wKa1 wPf7 bKe8 bQe5 bRh8 bBh5").unwrap();
        assert!(r.in_check(&pos, Color::Black));
    }

    #[test]
    fn under_glasgow_a_pawn_promotes_taking_the_king_on_the_seventh() {
        // b6 attacks c7, where under GlasgowChess it would promote, and
        // every promoted unit would stand observed by its black fellow
        // (Popeye: 1.b5-b6 gives no check); without GlasgowChess the pawn
        // stays a pawn there and checks.
        let pos = Position::from_piece_list("wKh1 wPb6 bKc7 bQc5 bRa7 bBa5 bSe8").unwrap();
        let r = Rules::orthodox().with(Condition::Isardam);
        assert!(r.in_check(&pos, Color::Black));
        let glasgow = r.with(Condition::GlasgowChess);
        assert!(!glasgow.in_check(&pos, Color::Black));
    }

    const ISARDAM: &str = "Ka1-b2 Ka1-a2 Ka1-b1 Rd1-b1 Rd1-c1 Rd1-d7 Rd1-d6 Rd1-d5 Rd1-d4 \
                           Rd1-d3 Rd1-d2 Rd1-h1 Rd1-g1 Rd1-f1";
}
