//! NorskSjakk and RelegationChess (Degradierung): conditions that change
//! the walk of the moving unit as it arrives.
//!
//! - **NorskSjakk**: a queen that moves becomes a knight and a knight a
//!   queen, a rook becomes a bishop and a bishop a rook (other walks stay;
//!   a pawn's promotion is no move of this kind: the promoted unit keeps
//!   its walk until it moves again). The rook of a castling changes too
//!   (`0-0=B`). A unit captures only a unit of its own walk (the walk it
//!   moves from), and a king (a royal unit) never captures; check is
//!   observation as usual, every unit observing as its walk does, but
//!   with AntiCirce, where Popeye tests check by the captures of the king
//!   that the rules allow, no side is ever in check.
//! - **RelegationChess**: a unit other than a pawn or a king that arrives
//!   on its side's second rank (where its pawns make their double step)
//!   becomes a pawn, and may double-step from there.
//!
//! Both changes come before the capture is resolved: a capturer reborn
//! under AntiCirce is reborn with its new walk. Popeye writes them as a
//! promotion (`Sb1-d2=Q`, `Rh1*h2=P[wPh2->h2]`).

use super::{Capabilities, ConditionRule, Parameter, ProofTraffic};
use crate::board::{Attrs, Color, Kind, Piece, Position, Square};
use crate::moves::{Effect, Motion, Move, Shown};
use crate::rules::{Base, Rules};

/// NorskSjakk.
pub struct NorskSjakk;

/// The walk a unit of `kind` takes under NorskSjakk once it has moved.
#[inline]
fn norsk(kind: Kind) -> Kind {
    match kind {
        Kind::QUEEN => Kind::KNIGHT,
        Kind::KNIGHT => Kind::QUEEN,
        Kind::ROOK => Kind::BISHOP,
        Kind::BISHOP => Kind::ROOK,
        other => other,
    }
}

/// Whether the unit is royal (a king, or the royal attribute).
#[inline]
fn royal(unit: Piece) -> bool {
    unit.kind.is_royal() || unit.attrs.contains(Attrs::ROYAL)
}

impl ConditionRule for NorskSjakk {
    const ARRIVING: bool = true;
    const ID: &'static str = "norsk";
    const PARAMETER: Parameter = Parameter::None;
    const PROOF: ProofTraffic = ProofTraffic::ChangesWalks;
    /// With AntiCirce no unit checks (below): legality is not the orthodox
    /// king's safety.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        ..Capabilities::ORTHODOX
    };

    /// With AntiCirce, Popeye finds check by the captures of the king the
    /// rules allow, and NorskSjakk allows none (a king is captured only by
    /// a unit of its walk that is not royal): no side is ever in check.
    #[inline]
    fn decides_check(rules: &Rules, _pos: &Position, _color: Color) -> Option<bool> {
        rules.family(Base::AntiCirce).map(|_| false)
    }

    #[inline]
    fn arriving(_rules: &Rules, _pos: &Position, mv: &mut Move) {
        if mv.is_castling_or_exchange() || mv.promotion.is_some() {
            return;
        }
        let next = norsk(mv.piece.kind);
        if next != mv.piece.kind {
            mv.promotion = Some(next);
        }
    }

    #[inline]
    fn allows(_rules: &Rules, _pos: &Position, mv: &Move) -> bool {
        match mv.captured {
            Some(victim) => !royal(mv.piece) && victim.kind == mv.piece.kind,
            None => true,
        }
    }

    fn settle(_rules: &Rules, _pos: &Position, moves: &mut Vec<Move>, start: usize) {
        for mv in &mut moves[start..] {
            if !mv.is_castling() {
                continue;
            }
            let rank = mv.from.rank();
            let rook_to = if mv.motion == Motion::CastleShort {
                Square::new(5, rank)
            } else {
                Square::new(3, rank)
            };
            let rook = Piece {
                kind: norsk(Kind::ROOK),
                ..mv.piece
            };
            mv.effects.insert(
                0,
                Effect::Changed {
                    on: rook_to,
                    unit: rook,
                    shown: Shown::Walk,
                },
            );
        }
    }
}

/// RelegationChess (Degradierung).
pub struct RelegationChess;

impl ConditionRule for RelegationChess {
    const ARRIVING: bool = true;
    const ID: &'static str = "degradierung";
    const PARAMETER: Parameter = Parameter::None;

    #[inline]
    fn arriving(_rules: &Rules, _pos: &Position, mv: &mut Move) {
        if mv.is_castling_or_exchange() || mv.piece.kind.is_pawn() || royal(mv.piece) {
            return;
        }
        let second = match mv.piece.color {
            Color::White => 1,
            Color::Black => 6,
        };
        if mv.to.rank() == second && !mv.piece.is_neutral() {
            mv.promotion = Some(Kind::PAWN);
        }
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    #[test]
    fn norsk_walks_swap_and_captures_only_of_the_same_walk() {
        let r = Rules::default().with(Condition::NorskSjakk);
        assert_eq!(
            moves(
                &r,
                "wKe1 wRh1 wQd1 wSb1 wPb7 bKe8 bRd3 bSd4 bPa2 bBc8",
                Color::White
            ),
            sorted(
                "Sb1-d2=Q Sb1-c3=Q Sb1-a3=Q Qd1-h5=S Qd1-g4=S Qd1-f3=S Qd1-e2=S Qd1-a4=S \
                 Qd1-b3=S Qd1-c2=S Qd1-c1=S Qd1-d2=S 0-0=B Ke1-f2 Ke1-f1 Rh1-f1=B Rh1-g1=B \
                 Rh1-h8=B Rh1-h7=B Rh1-h6=B Rh1-h5=B Rh1-h4=B Rh1-h3=B Rh1-h2=B b7-b8=Q \
                 b7-b8=S b7-b8=R b7-b8=B"
            )
        );
        let c = Rules::with_circe(CirceRules::of(Base::Circe)).with(Condition::NorskSjakk);
        assert_eq!(
            moves(
                &c,
                "wKe1 wRd1 wSb1 wPb2 bKe8 bRd3 bSc3 bPa3 bBc8",
                Color::White
            ),
            sorted(
                "Sb1-d2=Q Sb1*c3=Q[+bSb8] Rd1-c1=B Rd1*d3=B[+bRa8] Rd1-d2=B Ke1-f2 \
                 Ke1-f1 b2-b4 b2-b3 b2*a3[+bPa7]"
            )
        );
    }

    #[test]
    fn relegation_a_unit_on_its_second_rank_becomes_a_pawn() {
        let r = Rules::with_circe(CirceRules::of(Base::AntiCirce)).with(Condition::RelegationChess);
        assert_eq!(
            moves(&r, "wKe1 wRh1 wQd1 wSb1 bKe8 bRh2 bBc8 bSd7", Color::White),
            sorted(
                "Sb1-d2=P Sb1-c3 Sb1-a3 Qd1-h5 Qd1-g4 Qd1-f3 Qd1-e2=P Qd1-a4 Qd1-b3 \
                 Qd1-c2=P Qd1-c1 Qd1*d7[wQd7->d1] Qd1-d6 Qd1-d5 Qd1-d4 Qd1-d3 Qd1-d2=P 0-0 \
                 Ke1-f1 Rh1-f1 Rh1-g1 Rh1*h2=P[wPh2->h2]"
            )
        );
    }
}
