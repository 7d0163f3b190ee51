//! PointReflection (Punktspiegelung): a unit whose point-reflected square
//! (the board turned by 180°: a1 and h8, e1 and d8) is occupied moves,
//! captures and observes with the walk of the unit there, of either side;
//! otherwise with its own. The move stays the unit's own (a pawn that
//! moves as a rook promotes on its last rank; a knight that moves as a
//! pawn may take en passant).
//!
//! Castling, as Popeye plays it: the king castles only when it moves with
//! a king's walk, and neither way unless each square reflecting one of
//! its side's corners is empty or holds a rook. Popeye tests the king's squares for check
//! while the walks are exchanged on its board, which exchanges them back
//! for the observers: there the units observe with their own walks.

use super::annan::WALKS;
use super::{Capabilities, ConditionRule, Walks};
use crate::board::{Color, Piece, Position, Square};
use crate::pieces::Kind;
use crate::rules::{Condition, Rules};
use crate::stipulation::Play;

pub struct PointReflection;

/// `sq` turned by 180° about the board's centre.
#[inline]
pub(crate) fn reflected(sq: Square) -> Square {
    Square::new(7 - sq.file(), 7 - sq.rank())
}

impl ConditionRule for PointReflection {
    const ID: &'static str = "pointreflection";
    const CAPABILITIES: Capabilities = WALKS;

    #[inline]
    fn walks(_rules: &Rules, pos: &Position, on: Square, unit: Piece, _observing: bool) -> Walks {
        match pos.piece_at(reflected(on)) {
            Some(mirror) => Walks::one(mirror.kind),
            None => Walks::one(unit.kind),
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        if [Condition::AnnanChess, Condition::Nanna]
            .into_iter()
            .any(|c| rules.has(c))
        {
            return Some("Popeye refuses this combination as nonsense".into());
        }
        if rules
            .conditions
            .iter()
            .any(|c| c != Condition::PointReflection && !c.capabilities().own_walks)
        {
            return Some(
                "PointReflection beside another condition that changes walks (not played)".into(),
            );
        }
        super::mars_family(rules).then(|| {
            "PointReflection with MarsCirce, AntiMarsCirce or PhantomChess (not played)".into()
        })
    }
}

/// Why PointReflection is not played with this play: below the first
/// move, Popeye generates the last move of the side bound to reach the
/// goal (self and reflex play) for the killer move it tries first with
/// the units' own walks (its killer-move generator stands after the
/// reflection is undone), so it misses solutions the rule gives.
pub(crate) fn play_refusal(play: Play, moves: u32) -> Option<String> {
    let bound_defender = match play {
        Play::SelfPlay | Play::Reflex | Play::SemiReflex => moves > 1,
        Play::HelpSelf | Play::HelpReflex => true,
        Play::Direct | Play::Help => false,
    };
    bound_defender.then(|| {
        "PointReflection in self or reflex play beyond one move: Popeye generates the \
         defender's last move with the units' own walks there (not played)"
            .into()
    })
}

/// Whether `side` may castle at all: each square reflecting one of its
/// corners is empty or holds a rook (of either side). Popeye clears the
/// king's right with the rook's when one of them does not.
pub(crate) fn may_castle(pos: &Position, side: Color) -> bool {
    let rank = side.back_rank();
    [0, 7].into_iter().all(|file| {
        pos.piece_at(reflected(Square::new(file, rank)))
            .is_none_or(|mirror| mirror.kind == Kind::ROOK)
    })
}

/// The rules the king's squares are tested for check with while castling:
/// the units observe with their own walks there (see the module's note).
pub(crate) fn castling_check_rules(rules: &Rules) -> Rules {
    let mut own = *rules;
    own.conditions.remove(Condition::PointReflection);
    own
}

#[cfg(test)]
mod tests {
    //! Each list is checked against Popeye 4.104's `~1`.
    use super::super::annan::tests::moves;
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};

    fn rules() -> Rules {
        Rules::orthodox().with(Condition::PointReflection)
    }

    #[test]
    fn a_unit_takes_the_walk_of_the_unit_on_its_reflected_square() {
        // The rook b2 reflects g7, the black knight's square: it moves as a
        // knight. The king a1 reflects h8, empty: it moves as a king.
        let got = moves(&rules(), "wKa1 wRb2 bSg7 bKe5");
        let rook: Vec<&String> = got.iter().filter(|m| m.starts_with("Rb2")).collect();
        assert_eq!(rook, ["Rb2-a4", "Rb2-c4", "Rb2-d1", "Rb2-d3"]);
        assert_eq!(got.len(), 6);
    }

    #[test]
    fn a_unit_observes_with_the_reflected_walk() {
        // The rook a2 reflects h7, the black bishop's square: it observes
        // as a bishop, b3 and not a8.
        let pos = Position::from_piece_list("wKd1 wRa2 bBh7 bKa8").unwrap();
        assert!(!rules().in_check(&pos, Color::Black));
        assert!(Rules::orthodox().in_check(&pos, Color::Black));
        let pos = Position::from_piece_list("wKd1 wRa2 bBh7 bKb3").unwrap();
        assert!(rules().in_check(&pos, Color::Black));
    }

    #[test]
    fn a_pawn_moving_as_a_rook_promotes() {
        // The pawn c7 reflects f2, the white rook's square.
        // The rook moves as the pawn.
        let got = moves(&rules(), "wKa1 wPc7 wRf2 bKh5");
        assert!(got.contains(&"c7-c8=Q".to_string()));
        assert!(got.contains(&"c7-a7".to_string()));
        assert!(got.contains(&"Rf2-f4".to_string()));
        assert_eq!(got.len(), 22);
    }

    #[test]
    fn castling_needs_a_king_and_a_rook_moving_as_such() {
        // Alone, the king and rook castle.
        assert!(moves(&rules(), "wKe1 wRh1 bKa5").contains(&"0-0".to_string()));
        // A knight on a8 makes the rook h1 a knight: no castling.
        assert!(!moves(&rules(), "wKe1 wRh1 bKa5 bSa8").contains(&"0-0".to_string()));
        // A rook on a8 leaves it a rook.
        assert!(moves(&rules(), "wKe1 wRh1 bKa5 bRa8").contains(&"0-0".to_string()));
        // A knight on d8 makes the king a knight.
        assert!(!moves(&rules(), "wKe1 wRh1 bKa5 bSd8").contains(&"0-0".to_string()));
        // A knight on h8, reflecting a1 where no rook stands: no castling.
        assert!(!moves(&rules(), "wKe1 wRh1 bKa5 bSh8").contains(&"0-0".to_string()));
    }
}
