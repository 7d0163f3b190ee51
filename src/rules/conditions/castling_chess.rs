//! CastlingChess (RochadeSchach) and Rokagogo: a king not in check may
//! castle along any of the eight lines with the first unit beyond two
//! empty squares, whatever its side, walk and history: the king goes two
//! squares, the partner to the square it passed, which must not be
//! attacked. Rokagogo keeps the castlings with a rook along a rank or
//! file. Orthodox castling is not played.
//!
//! Popeye writes the king by its walk and the partner as a unit:
//! `Ke4-g4/bSh4-f4`.

use super::{Capabilities, ConditionRule, ProofTraffic, UnitTraffic};
use crate::board::{Kind, Position, Square};
use crate::moves::{Effect, Motion, Move};
use crate::pieces::walk::vectors;
use crate::rules::{Base, Condition, Rules};

pub struct CastlingChess;

/// A castling moves the king and its partner, which may be the other
/// side's (then no unit of that side is taken); any other move is
/// orthodox.
const CASTLING_TRAFFIC: UnitTraffic = UnitTraffic {
    own: 2,
    other_arrivals: 1,
    other_departures: 1,
    removed: 1,
    fills: 2,
    routes: None,
};

impl ConditionRule for CastlingChess {
    const ID: &'static str = "castlingchess";
    /// `CASTLING_TRAFFIC`: the partner may be any unit, which no route
    /// follows.
    const PROOF: ProofTraffic = ProofTraffic::Moves(CASTLING_TRAFFIC);
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        ..Capabilities::ORTHODOX
    };

    fn extra_moves(rules: &Rules, pos: &Position, from: Square, out: &mut Vec<Move>) {
        castlings(rules, pos, from, rules.has(Condition::Rokagogo), out);
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "CastlingChess")
    }
}

pub struct Rokagogo;

impl ConditionRule for Rokagogo {
    const ID: &'static str = "rokagogo";
    /// As CastlingChess (its castlings are some of those), but the
    /// partner is a rook moving along the king's line: the other units
    /// keep their walks, the king steps or castles two squares along a
    /// rank or file.
    const PROOF: ProofTraffic = ProofTraffic::Moves(UnitTraffic {
        routes: Some(super::Routes::CastlingRooks),
        ..CASTLING_TRAFFIC
    });
    const CAPABILITIES: Capabilities = CastlingChess::CAPABILITIES;

    fn extra_moves(rules: &Rules, pos: &Position, from: Square, out: &mut Vec<Move>) {
        // Under both, Popeye plays Rokagogo's filter over CastlingChess's
        // castlings: those of Rokagogo alone.
        if !rules.has(Condition::CastlingChess) {
            castlings(rules, pos, from, true, out);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "Rokagogo")
    }
}

/// Appends the castlings of the king on `from` (none for another unit),
/// in the order Popeye tries them: the lines in the order of its vectors.
/// `rokagogo`: only with a rook along a rank or file.
fn castlings(rules: &Rules, pos: &Position, from: Square, rokagogo: bool, out: &mut Vec<Move>) {
    let us = pos.turn;
    let Some(king) = pos.piece_as(from, us) else {
        return;
    };
    if king.kind != Kind::KING {
        return;
    }
    let occupied = pos.occupied();
    let mut in_check = None;
    for (i, &(df, dr)) in vectors::Q.iter().enumerate() {
        if rokagogo && i >= 4 {
            break;
        }
        let (Some(passed), Some(arrival)) = (from.offset(df, dr), from.offset(2 * df, 2 * dr))
        else {
            continue;
        };
        if occupied.contains(passed) || occupied.contains(arrival) {
            continue;
        }
        let mut partner = arrival;
        let found = loop {
            match partner.offset(df, dr) {
                None => break None,
                Some(next) if occupied.contains(next) => break Some(next),
                Some(next) => partner = next,
            }
        };
        // A hole ends the line as the edge does.
        let Some(partner) = found.filter(|&sq| !pos.holes.contains(sq)) else {
            continue;
        };
        let Some(unit) = pos.piece_at(partner) else {
            continue;
        };
        if rokagogo && unit.kind != Kind::ROOK {
            continue;
        }
        if *in_check.get_or_insert_with(|| rules.in_check(pos, us)) {
            return;
        }
        // The king may not pass through check (its partner still home).
        let mut crossing = *pos;
        crossing.remove(from);
        crossing.put(passed, king);
        if rules.in_check(&crossing, us) {
            continue;
        }
        let mut mv = Move::quiet(king, from, arrival, Motion::Normal);
        mv.effects.push(Effect::CastlingPartner {
            from: partner,
            to: passed,
            unit,
        });
        out.push(mv);
    }
}

/// Whether a condition in force disables orthodox castling (CastlingChess,
/// Rokagogo and ExchangeCastling play their own).
pub(crate) fn castling_disabled(rules: &Rules) -> bool {
    !rules.conditions.is_empty()
        && (rules.has(Condition::CastlingChess)
            || rules.has(Condition::Rokagogo)
            || rules.has(Condition::ExchangeCastling))
}

/// The combinations not played: the Mars family moves units from other
/// squares; conditions that change walks or units, or give moves a
/// second motion, were not compared with Popeye beside these castlings.
fn refusal(rules: &Rules, name: &str) -> Option<String> {
    let mars = [Base::MarsCirce, Base::AntiMarsCirce, Base::PhantomChess];
    if let Some(base) = rules.families().map(|c| c.base).find(|b| mars.contains(b)) {
        return Some(format!("{name} with {base:?} is not played"));
    }
    let other = rules.conditions.iter().find(|&c| {
        let caps = c.capabilities();
        !matches!(c, Condition::CastlingChess | Condition::Rokagogo)
            && (!caps.own_walks
                || !caps.keeps_units
                || c.second_motion()
                || matches!(
                    c,
                    Condition::MakeTakeChess | Condition::Imitator | Condition::Influencer
                ))
    });
    other.map(|c| format!("{name} with {} is not played", c.popeye_id()))
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    #[test]
    fn the_king_castles_with_the_first_unit_of_either_side_on_a_line() {
        let r = Rules::orthodox().with(Condition::CastlingChess);
        assert_eq!(
            moves(&r, "wKe4 wQa4 bKh8 bSh4 bPe7 bSb1", Color::White),
            sorted(
                "Qa4-d1 Qa4-c2 Qa4-b3 Qa4-e8 Qa4-d7 Qa4-c6 Qa4-b5 Qa4-a1 Qa4-a2 Qa4-a3 \
                 Qa4-a8 Qa4-a7 Qa4-a6 Qa4-a5 Qa4-d4 Qa4-c4 Qa4-b4 Ke4-g4/bSh4-f4 \
                 Ke4-e6/bPe7-e5 Ke4-c4/wQa4-d4 Ke4-c2/bSb1-d3 Ke4-d3 Ke4-d5 Ke4-e3 \
                 Ke4-d4 Ke4-e5 Ke4-f4"
            )
        );
    }

    #[test]
    fn rokagogo_castles_with_a_rook_along_a_rank_or_file() {
        let r = Rules::orthodox().with(Condition::Rokagogo);
        let got = moves(&r, "wKe4 wQa4 bKh8 bSh4 bPe7 bSb1", Color::White);
        assert!(!got.iter().any(|m| m.contains('/')));
    }

    #[test]
    fn the_king_neither_castles_in_check_nor_through_an_attacked_square() {
        let r = Rules::orthodox().with(Condition::CastlingChess);
        // The rook h3 guards e3 (the arrival up) and the king castles only
        // with the pawn b1; attacked by the bishop it castles no more.
        let got = moves(&r, "wKe1 wPb1 bKa8 bRh3 bPe7", Color::White);
        let castlings: Vec<_> = got.iter().filter(|m| m.contains('/')).collect();
        assert_eq!(castlings, ["Ke1-c1/wPb1-d1"]);
        let got = moves(&r, "wKe4 wPb4 bKa8 bRh3 bPe7 bBb7", Color::White);
        assert!(!got.iter().any(|m| m.contains('/')));
    }
}
