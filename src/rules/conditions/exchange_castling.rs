//! ExchangeCastling (PlatzwechselRochade): once in the play, a side's
//! king may change places with any unit of its own side that is not a
//! pawn, anywhere on the board, in check or not; the exchange is legal
//! when it leaves the king out of check. Orthodox castling is not played.
//!
//! Popeye writes the partner first: `Qa4<->Ke4`. The side's castling
//! spent is kept in the position (`Position::exchange_castled`), which
//! the key includes.

use super::{Capabilities, ConditionRule};
use crate::board::{Kind, Position, Square};
use crate::moves::{Effect, Motion, Move};
use crate::rules::{Base, Condition, Rules};

pub struct ExchangeCastling;

impl ConditionRule for ExchangeCastling {
    const ID: &'static str = "platzwechselrochade";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        ..Capabilities::ORTHODOX
    };

    fn extra_moves(_rules: &Rules, pos: &Position, from: Square, out: &mut Vec<Move>) {
        let us = pos.turn;
        if pos.exchange_castled & (1 << us.index()) != 0 {
            return;
        }
        let Some(king) = pos.piece_as(from, us) else {
            return;
        };
        if king.kind != Kind::KING {
            return;
        }
        for to in pos.by_color(us) {
            let Some(partner) = pos.piece_at(to) else {
                continue;
            };
            if to == from || partner.kind.is_pawn() {
                continue;
            }
            let mut mv = Move::quiet(king, from, to, Motion::Exchange);
            mv.effects.push(Effect::ExchangeCastled {
                partner: partner.kind,
            });
            out.push(mv);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        if rules.has(Condition::HaanerChess) {
            // Popeye's word.
            return Some("nonsense combination".into());
        }
        let mars = [Base::MarsCirce, Base::AntiMarsCirce, Base::PhantomChess];
        if let Some(base) = rules.families().map(|c| c.base).find(|b| mars.contains(b)) {
            return Some(format!("ExchangeCastling with {base:?} is not played"));
        }
        // Conditions that change walks or units, give moves a second
        // motion, or read exchanges, not compared with Popeye beside it.
        let other = rules.conditions.iter().find(|&c| {
            let caps = c.capabilities();
            c != Condition::ExchangeCastling
                && (!caps.own_walks
                    || !caps.keeps_units
                    || c.second_motion()
                    || matches!(
                        c,
                        Condition::MakeTakeChess
                            | Condition::Imitator
                            | Condition::Influencer
                            | Condition::Messigny
                    ))
        });
        other.map(|c| format!("ExchangeCastling with {} is not played", c.popeye_id()))
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{after_line, moves, moves_of};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    #[test]
    fn the_king_changes_places_with_a_unit_of_its_side_but_a_pawn() {
        let r = Rules::orthodox().with(Condition::ExchangeCastling);
        let got = moves(&r, "wKe4 wQa4 wSh4 wPb2 bKh8 bPe7 bSb1", Color::White);
        let exchanges: Vec<_> = got.iter().filter(|m| m.contains("<->")).collect();
        assert_eq!(exchanges, ["Qa4<->Ke4", "Sh4<->Ke4"]);
    }

    #[test]
    fn a_side_castles_once() {
        let r = Rules::orthodox().with(Condition::ExchangeCastling);
        let pos = after_line(
            &r,
            "wKa1 wRa5 bKh8 bRh4",
            Color::White,
            &["Ra5<->Ka1", "Rh4<->Kh8"],
        );
        assert!(!moves_of(&r, &pos).iter().any(|m| m.contains("<->")));
        let mut black = pos;
        black.turn = Color::Black;
        assert!(!moves_of(&r, &black).iter().any(|m| m.contains("<->")));
    }

    #[test]
    fn with_haanerchess_it_is_refused_as_popeye_does() {
        let r = Rules::orthodox()
            .with(Condition::ExchangeCastling)
            .with(Condition::HaanerChess);
        assert_eq!(
            r.conditions.refusal(&r).as_deref(),
            Some("nonsense combination")
        );
    }
}
