//! DisparateChess: a side may not move, and does not observe (check)
//! with, a unit of the walk the other side has just moved. Before the
//! first move played and after a null move (a threat) nothing is barred,
//! and a side's own last move bars nothing of its own. The position keeps
//! the last move's side and walk (`Position::history`, set going by
//! `prepare`).

use super::{Capabilities, ConditionRule};
use crate::board::{Bitboard, Color, Position, Square};
use crate::rules::{Observer, Rules};

pub struct Disparate;

/// Whether `side`'s unit on `on` is of the walk the other side just moved.
#[inline]
fn barred(pos: &Position, side: Color, on: Square) -> bool {
    pos.history.last.is_some_and(|last| {
        last.side != side && pos.piece_at(on).is_some_and(|p| p.kind == last.walk)
    })
}

impl ConditionRule for Disparate {
    const ID: &'static str = "disparate";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    fn prepare(_rules: &Rules, pos: &mut Position) {
        pos.history.tracked = true;
    }

    #[inline]
    fn immobile(_rules: &Rules, pos: &Position, side: Color) -> Bitboard {
        if pos.history.last.is_none() {
            return Bitboard::EMPTY;
        }
        super::units_where(pos, side, |on| barred(pos, side, on))
    }

    #[inline]
    fn observes(_rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        !barred(pos, observer.unit.color, observer.on)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{after_line, moves, moves_of};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    #[test]
    fn the_walk_just_moved_is_barred_to_the_other_side() {
        // Popeye (~2 after 1.Rd1-d2): Black's rook a8 may not move; the
        // king and the bishop may.
        let rules = Rules::orthodox().with(Condition::Disparate);
        let pos = after_line(
            &rules,
            "wKh1 wRd1 bKe8 bRa8 bBc8",
            Color::White,
            &["Rd1-d2"],
        );
        let found = moves_of(&rules, &pos);
        assert!(found.iter().all(|m| !m.starts_with("Ra8")));
        assert!(found.iter().any(|m| m.starts_with("Bc8")));
    }

    #[test]
    fn a_barred_unit_gives_no_check() {
        // Popeye (~1): the rook d1, pinned in chess, may leave the first
        // rank, since the black rook a1 does not observe once a rook has
        // moved: 16 moves, Rd1-d2 among them.
        let rules = Rules::orthodox().with(Condition::Disparate);
        let pos = after_line(&rules, "wKh1 wRd1 bKe8 bRa1", Color::White, &[]);
        let found = moves_of(&rules, &pos);
        assert_eq!(found.len(), 16);
        assert!(found.contains(&"Rd1-d2".to_string()));
        let plain = moves(&Rules::orthodox(), "wKh1 wRd1 bKe8 bRa1", Color::White);
        assert!(!plain.contains(&"Rd1-d2".to_string()));
    }
}
