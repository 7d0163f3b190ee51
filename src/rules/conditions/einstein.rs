//! EinsteinChess, ReversalEinsteinChess and AntiEinsteinChess: a unit
//! changes its walk with every move it plays, along the ladder pawn,
//! knight, bishop, rook, queen.
//!
//! - EinsteinChess: a unit that captures goes one step up the ladder
//!   (a pawn becomes a knight, ..., a rook a queen; a queen stays a queen),
//!   a unit that moves without capturing one step down (a queen becomes a
//!   rook, ..., a knight a pawn; a pawn stays a pawn).
//! - ReversalEinsteinChess: the other way round (a capture down, a quiet
//!   move up).
//! - AntiEinsteinChess: a quiet move goes down; a capture changes nothing.
//!
//! Kings never change. In castling the rook changes as a quiet move does
//! (`0-0=B`). Pawns do not promote: a pawn that reaches its last rank
//! stays there a pawn; a pawn on its own first rank (a knight come down)
//! moves one, two or three squares forward and captures onto the second
//! rank (Popeye's rule; the two squares a triple step passes are not kept
//! for en passant here).
//!
//! The new walk is the walk the unit arrives with, so an Anticirce
//! capturer is reborn as what it became; Popeye writes it as a promotion
//! (`Rh1*h7=Q[+bBc8]`, `Sb1-c3=P`). Popeye refuses fairy walks with these
//! conditions ("einsteinchess not allowed with fairy pieces").

use super::ConditionRule;
use crate::board::{Kind, Piece, Position, Square};
use crate::moves::{Effect, Motion, Move, Shown};
use crate::rules::{Condition, Rules};

/// One step down the ladder.
pub(super) fn down(kind: Kind) -> Kind {
    match kind {
        Kind::QUEEN => Kind::ROOK,
        Kind::ROOK => Kind::BISHOP,
        Kind::BISHOP => Kind::KNIGHT,
        Kind::KNIGHT => Kind::PAWN,
        other => other,
    }
}

/// One step up the ladder.
pub(super) fn up(kind: Kind) -> Kind {
    match kind {
        Kind::PAWN => Kind::KNIGHT,
        Kind::KNIGHT => Kind::BISHOP,
        Kind::BISHOP => Kind::ROOK,
        Kind::ROOK => Kind::QUEEN,
        other => other,
    }
}

/// The Einstein conditions: 0 EinsteinChess, 1 ReversalEinsteinChess,
/// 2 AntiEinsteinChess.
pub struct Einstein<const FORM: u8>;

impl<const FORM: u8> Einstein<FORM> {
    /// The walk a unit of `kind` takes after a capture or a quiet move.
    #[inline]
    fn after(kind: Kind, capture: bool) -> Kind {
        match (FORM, capture) {
            (0, true) | (1, false) => up(kind),
            (2, true) => kind,
            _ => down(kind),
        }
    }
}

impl<const FORM: u8> ConditionRule for Einstein<FORM> {
    const ARRIVING: bool = true;
    const ID: &'static str = match FORM {
        0 => "einstein",
        1 => "reveinstein",
        _ => "antieinstein",
    };

    #[inline]
    fn arriving(_rules: &Rules, _pos: &Position, mv: &mut Move) {
        if mv.is_castling_or_exchange() {
            return;
        }
        let walk = mv.arriving_piece().kind;
        let next = Self::after(walk, mv.is_capture());
        if next != walk {
            mv.promotion = Some(next);
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
                kind: Self::after(Kind::ROOK, false),
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

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        pos.fairy()
            .nonempty()
            .then(|| "einsteinchess not allowed with fairy pieces".into())
    }
}

/// EinsteinChess.
pub type EinsteinChess = Einstein<0>;
/// ReversalEinsteinChess.
pub type ReversalEinsteinChess = Einstein<1>;
/// AntiEinsteinChess.
pub type AntiEinsteinChess = Einstein<2>;

/// Whether one of the Einstein conditions is in force (no promotion, pawns
/// on their first rank step up to three squares).
#[inline]
pub fn in_force(rules: &Rules) -> bool {
    !rules.conditions.is_empty()
        && (rules.has(Condition::EinsteinChess)
            || rules.has(Condition::ReversalEinsteinChess)
            || rules.has(Condition::AntiEinsteinChess))
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`, Circe).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    const PIECES: &str = "wKe1 wRh1 wSb1 wPe7 wPd2 wQd4 wBf4 bKe8 bPc5 bBh7 bRf8";

    fn circe_with(c: Condition) -> Rules {
        Rules::with_circe(CirceRules::of(Base::Circe)).with(c)
    }

    #[test]
    fn einstein_capture_up_quiet_move_down() {
        assert_eq!(
            moves(&circe_with(Condition::EinsteinChess), PIECES, Color::White),
            sorted(
                "Sb1-c3=P Sb1-a3=P 0-0=B Ke1-f2 Ke1-d1 Ke1-e2 Ke1-f1 Rh1-f1=B Rh1-g1=B \
                 Rh1*h7=Q[+bBc8] Rh1-h6=B Rh1-h5=B Rh1-h4=B Rh1-h3=B Rh1-h2=B d2-d3 \
                 Qd4-a1=R Qd4-b2=R Qd4-c3=R Qd4-g1=R Qd4-f2=R Qd4-e3=R Qd4-h8=R Qd4-g7=R \
                 Qd4-f6=R Qd4-e5=R Qd4*c5[+bPc7] Qd4-d3=R Qd4-a4=R Qd4-b4=R Qd4-c4=R \
                 Qd4-d8=R Qd4-d7=R Qd4-d6=R Qd4-d5=R Qd4-e4=R Bf4-e3=S Bf4-h2=S Bf4-g3=S \
                 Bf4-h6=S Bf4-g5=S Bf4-b8=S Bf4-c7=S Bf4-d6=S Bf4-e5=S e7*f8=S[+bRh8]"
            )
        );
    }

    /// A pawn on its first rank steps one, two or three squares; the two-
    /// and three-square steps may be taken en passant on every square
    /// passed (Popeye, `BEISPIEL_einstein__007`: after 1.d1-d4, `c3*d2 ep.=S`
    /// and `c4*d3 ep.=S`).
    #[test]
    fn a_multistep_from_the_first_rank_is_taken_en_passant_on_each_square_passed() {
        use super::super::testing::after_line;
        let r = Rules::orthodox().with(Condition::EinsteinChess);
        let pieces = "wKh1 wPd1 bKa8 bPc3 bPc4 bPe3";
        let first = moves(&r, pieces, Color::White);
        for m in ["d1-d2", "d1-d3", "d1-d4"] {
            assert!(first.contains(&m.to_string()), "{m}: {first:?}");
        }
        let ep = |line: &[&str]| -> Vec<String> {
            let pos = after_line(&r, pieces, Color::White, line);
            super::super::testing::moves_of(&r, &pos)
                .into_iter()
                .filter(|m| m.contains("ep."))
                .collect()
        };
        // A capturing pawn rises to a knight.
        let named = |v: &[&str]| v.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        assert_eq!(
            ep(&["d1-d4"]),
            named(&["c3*d2 ep.=S", "c4*d3 ep.=S", "e3*d2 ep.=S"])
        );
        assert_eq!(ep(&["d1-d3"]), named(&["c3*d2 ep.=S", "e3*d2 ep.=S"]));
        assert!(ep(&["d1-d2"]).is_empty());
    }

    #[test]
    fn reversal_and_anti_einstein() {
        let rev = moves(
            &circe_with(Condition::ReversalEinsteinChess),
            PIECES,
            Color::White,
        );
        for m in [
            "0-0=Q",
            "d2-d3=S",
            "Qd4-a1",
            "Qd4*c5=R[+bPc7]",
            "e7*f8[+bRh8]",
        ] {
            assert!(rev.contains(&m.to_string()), "{m}");
        }
        let anti = moves(
            &circe_with(Condition::AntiEinsteinChess),
            PIECES,
            Color::White,
        );
        for m in ["0-0=B", "Sb1-c3=P", "Rh1*h7[+bBc8]", "e7*f8[+bRh8]"] {
            assert!(anti.contains(&m.to_string()), "{m}");
        }
    }
}
