//! AndernachChess and AntiAndernachChess: a unit changes sides as it
//! captures (Andernach), or as it moves without capturing (AntiAndernach).
//!
//! The unit that moves, unless it is a king (a royal unit), goes over to
//! the other side once its move is played: under AndernachChess when the
//! move captures (en passant included), under AntiAndernachChess when it
//! does not (castling is the king's move: nothing changes). It changes
//! where the rules leave it: on its arrival square, or on the square an
//! Anticirce capturer is reborn on; a unit that leaves the board does not
//! change. A pawn promotes first, then changes sides.
//!
//! Popeye writes the change as `=b` after the move (`Sd8*c6=b[+bSg8]`:
//! before the captured unit's Circe rebirth), inside the brackets of an
//! Anticirce rebirth (`Rc1*c5[wRc5->a1=b]`). Every Circe form goes with it.
//! The orthodox shortcuts still hold: a move that changes its unit carries
//! the change as an effect and is played out.

use super::volage::{mover_changes_sides, mover_end};
use super::ConditionRule;
use crate::board::{Attrs, Kind, Position};
use crate::moves::{Move, Shown};
use crate::rules::Rules;

/// AndernachChess (`ON_CAPTURE` true) and AntiAndernachChess.
pub struct Andernach<const ON_CAPTURE: bool>;

impl<const ON_CAPTURE: bool> ConditionRule for Andernach<ON_CAPTURE> {
    const ID: &'static str = if ON_CAPTURE {
        "andernach"
    } else {
        "antiandernach"
    };

    fn settle(_rules: &Rules, _pos: &Position, moves: &mut Vec<Move>, start: usize) {
        for mv in &mut moves[start..] {
            if mv.is_capture() != ON_CAPTURE
                || mv.is_castling_or_exchange()
                || mv.piece.kind == Kind::KING
                || mv.piece.attrs.contains(Attrs::ROYAL)
            {
                continue;
            }
            let Some((on, unit, _)) = mover_end(mv) else {
                continue;
            };
            if unit.color != mv.piece.color || unit.is_neutral() {
                continue;
            }
            mover_changes_sides(mv, on, unit, Shown::Side);
        }
    }
}

/// AndernachChess: a capturing unit changes sides.
pub type AndernachChess = Andernach<true>;
/// AntiAndernachChess: a unit moving without capturing changes sides.
pub type AntiAndernachChess = Andernach<false>;

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    #[test]
    fn anticirce_andernach_the_capturer_changes_where_it_is_reborn() {
        let r = Rules::with_circe(CirceRules::of(Base::AntiCirce)).with(Condition::AndernachChess);
        assert_eq!(
            moves(&r, "wKe1 wRc1 wPh2 wSb1 bKe8 bPc5 bBh7", Color::White),
            sorted(
                "Sb1-d2 Sb1-c3 Sb1-a3 Rc1*c5[wRc5->a1=b] Rc1-c4 Rc1-c3 Rc1-c2 Rc1-d1 \
                 Ke1-f2 Ke1-d2 Ke1-d1 Ke1-e2 Ke1-f1 h2-h4 h2-h3"
            )
        );
    }

    #[test]
    fn anticirce_antiandernach_a_quiet_move_changes_and_may_check_its_own_king() {
        let r =
            Rules::with_circe(CirceRules::of(Base::AntiCirce)).with(Condition::AntiAndernachChess);
        assert_eq!(
            moves(
                &r,
                "wKe1 wRc1 wPh2 wSb1 wRh1 wPe7 bKe8 bPc5 bBh7 bRf8",
                Color::White
            ),
            sorted(
                "Sb1-d2=b Sb1-c3=b Sb1-a3=b Rc1*c5[wRc5->a1] Rc1-c4=b Rc1-c3=b Rc1-c2=b \
                 Ke1-d2 Ke1-d1 Ke1-e2 h2-h4=b h2-h3=b e7*f8=Q[wQf8->d1] e7*f8=S[wSf8->g1] \
                 e7*f8=R[wRf8->a1]"
            )
        );
    }
}
