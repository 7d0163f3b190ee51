//! FrankfurtChess and ProteanChess: a unit that captures takes the walk
//! of the unit it captures. A king does too, and stays royal (Popeye's
//! `Ka1*b1=rS`), unless the word RexExclusive follows the condition.
//! Under ProteanChess a unit capturing a pawn becomes a reverse pawn
//! (`=PP`), one capturing a reverse pawn a pawn.
//!
//! As Popeye plays it:
//! - the walk changes before the capture is resolved (a capturer reborn
//!   under AntiCirce is reborn as its new walk) and before a pawn's
//!   promotion: a pawn capturing onto its last rank becomes the captured
//!   walk, and promotes only when that walk is a pawn's (one move
//!   `f7*g8=Q`, not one per promotion);
//! - a unit capturing a unit of its own walk shows no change.
//!
//! The protean attribute, in Popeye, puts ProteanChess in force
//! (RexInclusive) for every unit, not only for its own: the walk adjuster
//! it installs asks no unit for it. Without the condition named, though,
//! Popeye still finds mates with its orthodox mating-move generator (it
//! misses mates by a capture that changes the capturer's walk) and lets
//! no reverse pawn give check (it knows of none in the diagram): circe
//! refuses the attribute there. Beside ProteanChess the attribute is its
//! letter alone, written before its units (`pBh1*e4=pPP`).

use super::{ConditionRule, Parameter};
use crate::board::{Attrs, Kind, Position};
use crate::moves::Move;
use crate::rules::{Condition, Rules};

/// FrankfurtChess, or ProteanChess when `PROTEAN`.
pub struct Frankfurt<const PROTEAN: bool>;

/// The parameter number of ProteanChess put in force by the protean
/// attribute alone (1 is RexExclusive).
const ATTRIBUTE_ONLY: u8 = 2;

impl<const PROTEAN: bool> Frankfurt<PROTEAN> {
    const CONDITION: Condition = if PROTEAN {
        Condition::ProteanChess
    } else {
        Condition::FrankfurtChess
    };

    /// The walk a unit capturing a unit of `victim`'s walk takes.
    #[inline]
    fn taken(victim: Kind) -> Kind {
        match victim {
            Kind::PAWN if PROTEAN => Kind::REVERSE_PAWN,
            Kind::REVERSE_PAWN if PROTEAN => Kind::PAWN,
            other => other,
        }
    }
}

impl<const PROTEAN: bool> ConditionRule for Frankfurt<PROTEAN> {
    const ARRIVING: bool = true;
    const ID: &'static str = if PROTEAN { "protean" } else { "frankfurt" };
    const PARAMETER: Parameter = Parameter::RexExclusiveWritten;
    const CARRIED_BY: Option<(Attrs, u8)> = if PROTEAN {
        Some((Attrs::PROTEAN, ATTRIBUTE_ONLY))
    } else {
        None
    };

    #[inline]
    fn arriving(rules: &Rules, _pos: &Position, mv: &mut Move) {
        let Some(victim) = mv.captured else {
            return;
        };
        if mv.is_castling_or_exchange() {
            return;
        }
        let royal = mv.piece.kind.is_royal() || mv.piece.attrs.contains(Attrs::ROYAL);
        if royal && rules.param(Self::CONDITION).number == 1 {
            return;
        }
        let walk = Self::taken(victim.kind);
        if mv.promotion.is_some() {
            // A pawn capturing onto its last rank: it promotes only when
            // the captured walk is a pawn's too.
            if !walk.is_pawn() {
                mv.promotion = Some(walk);
            }
        } else if walk != mv.piece.kind {
            mv.promotion = Some(walk);
        }
        if mv.piece.kind == Kind::KING && walk != Kind::KING {
            // The king's royalty goes with it into its new walk.
            mv.piece.attrs = mv.piece.attrs.with(Attrs::ROYAL);
        }
    }

    /// The promotions of a pawn capturing onto its last rank, all turned
    /// into the captured walk, are one move.
    fn settle(_rules: &Rules, _pos: &Position, moves: &mut Vec<Move>, start: usize) {
        let mut keep = start;
        for i in start..moves.len() {
            if keep > start && moves[i].promotion.is_some() && moves[i] == moves[keep - 1] {
                continue;
            }
            moves[keep] = moves[i];
            keep += 1;
        }
        moves.truncate(keep);
    }

    fn refusal(rules: &Rules) -> Option<String> {
        use crate::rules::Base;
        if PROTEAN && rules.param(Condition::ProteanChess).number == ATTRIBUTE_ONLY {
            return Some(
                "the protean attribute is played only beside ProteanChess (alone, Popeye plays \
                 ProteanChess for every unit but keeps its orthodox mating-move shortcut and \
                 gives reverse pawns no check)"
                    .into(),
            );
        }
        super::not_played_beside(
            rules,
            if PROTEAN {
                "ProteanChess"
            } else {
                "FrankfurtChess"
            },
            &[Base::MarsCirce, Base::AntiMarsCirce, Base::PhantomChess],
        )
    }
}

#[cfg(test)]
mod tests {
    //! Each list is checked against Popeye 4.104's `~1`.
    use super::super::annan::tests::moves;
    use crate::rules::conditions::Param;
    use crate::rules::{Condition, Rules};

    #[test]
    fn the_capturer_takes_the_walk_of_its_victim() {
        let r = Rules::orthodox().with(Condition::FrankfurtChess);
        let got = moves(&r, "wKa1 wRd4 wPb7 wPf7 bKh8 bRd6 bBc8 bPe5 bQg8");
        // The rook takes the rook: no change; the pawns capturing onto
        // their last rank become the bishop and the queen, once each.
        assert!(got.contains(&"Rd4*d6".to_string()));
        assert!(got.contains(&"b7*c8=B".to_string()));
        assert_eq!(got.iter().filter(|m| m.starts_with("f7*g8")).count(), 1);
        assert_eq!(got.len(), 25);
    }

    #[test]
    fn a_king_stays_royal_unless_rex_exclusive() {
        let r = Rules::orthodox().with(Condition::FrankfurtChess);
        let got = moves(&r, "wKa1 wRd4 bKh8 bSb1 bPa3");
        assert!(got.contains(&"Ka1*b1=rS".to_string()));
        let exclusive = Rules::orthodox().with_param(
            Condition::FrankfurtChess,
            Param {
                number: 1,
                ..Default::default()
            },
        );
        assert!(moves(&exclusive, "wKa1 wRd4 bKh8 bSb1 bPa3").contains(&"Ka1*b1".to_string()));
    }

    #[test]
    fn protean_a_unit_taking_a_pawn_becomes_a_reverse_pawn() {
        let r = Rules::orthodox().with(Condition::ProteanChess);
        let got = moves(&r, "wKa1 wRd2 bKh8 bPd5 bPa3");
        assert!(got.contains(&"Rd2*d5=PP".to_string()));
    }

    /// The position of `pieces` with the unit on `on` made protean, and
    /// the rules the attribute carries put in force beside `rules`.
    fn with_protean(rules: Rules, pieces: &str, on: &str) -> (Rules, crate::board::Position) {
        use crate::board::{Attrs, Color, Position, Square};
        let mut pos = Position::from_piece_list(pieces).unwrap();
        let sq = Square::parse(on).unwrap();
        let p = pos.piece_at(sq).unwrap();
        pos.put(sq, p.with(Attrs::PROTEAN));
        pos.turn = Color::White;
        let mut r = rules;
        crate::rules::conditions::put_carried_in_force(&mut r, &pos);
        (r, pos)
    }

    #[test]
    fn the_protean_attribute_is_its_letter_beside_proteanchess() {
        // Popeye 4.104, `~1` under ProteanChess with a protean bishop h1.
        use super::super::testing::{moves_of, sorted};
        let pieces = "wKa1 wPc2 wBh1 bKh8 bSb1 bPd3 bPe4";
        let (r, pos) = with_protean(
            Rules::orthodox().with(Condition::ProteanChess),
            pieces,
            "h1",
        );
        assert_eq!(r.param(Condition::ProteanChess).number, 0);
        assert_eq!(
            moves_of(&r, &pos),
            sorted("Ka1-b2 Ka1-a2 Ka1*b1=rS pBh1*e4=pPP pBh1-f3 pBh1-g2 c2-c4 c2-c3 c2*d3=PP")
        );
        // Alone, it is refused (Popeye's answers follow its shortcuts).
        let (r, _) = with_protean(Rules::orthodox(), pieces, "h1");
        assert!(r.has(Condition::ProteanChess));
        assert!(r.conditions.refusal(&r).is_some());
    }
}
