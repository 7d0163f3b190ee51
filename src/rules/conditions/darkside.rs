//! DarkSide (Popeye's `DarkSide`): a unit that ends its move on the other
//! side's half of the board goes over to that side. A white unit other
//! than a king (a royal unit) that arrives on the fifth to eighth ranks
//! turns black; a black one that arrives on the first to fourth ranks
//! turns white. Only the moving unit changes, whatever its move (a
//! capture, a promotion: the promoted unit changes); a castling moves a
//! king, and its rook does not change.
//!
//! Popeye changes the unit on the square the move arrives on, after the
//! rebirths, and writes the change as `=w` or `=b` right after the move,
//! before a Circe rebirth: `Rb5*b3=w[+wRh1]`. A unit that does not stand
//! on its arrival square once the move is played (an AntiCirce capturer,
//! a kamikaze unit) or a neutral unit has no side to change to there:
//! Popeye then changes an empty square or both colours, so those are
//! refused; so are the other fairy conditions (not played together yet:
//! several change units as the move is played).

use super::volage::mover_changes_sides;
use super::{ConditionRule, Parameter};
use crate::board::{Attrs, Color, Kind, Position};
use crate::moves::{Move, Shown};
use crate::rules::{Base, Condition, Rules};

/// DarkSide.
pub struct DarkSide;

/// Whether a unit of `side` arriving on `rank` goes over.
#[inline]
fn crosses(side: Color, rank: u8) -> bool {
    match side {
        Color::White => rank >= 4,
        Color::Black => rank < 4,
    }
}

impl ConditionRule for DarkSide {
    const ID: &'static str = "darkside";
    const PARAMETER: Parameter = Parameter::None;

    fn settle(_rules: &Rules, _pos: &Position, moves: &mut Vec<Move>, start: usize) {
        for mv in &mut moves[start..] {
            let unit = mv.arriving_piece();
            if mv.piece.kind == Kind::KING
                || mv.piece.attrs.contains(Attrs::ROYAL)
                || mv.is_castling_or_exchange()
                || !crosses(mv.piece.color, mv.to.rank())
            {
                continue;
            }
            mover_changes_sides(mv, mv.to, unit, Shown::Side);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        if rules.family(Base::AntiCirce).is_some() {
            return Some(
                "DarkSide with AntiCirce (not played: the capturer leaves its square)".into(),
            );
        }
        let other = rules
            .conditions
            .iter()
            .find(|&c| c != Condition::DarkSide)?;
        Some(format!(
            "DarkSide with {} (not played yet)",
            other.popeye_id()
        ))
    }

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        if pos.neutral().nonempty() {
            return Some("DarkSide with neutral units (not played)".into());
        }
        if pos.kamikaze().nonempty() {
            return Some("DarkSide with kamikaze units (not played)".into());
        }
        None
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    #[test]
    fn a_white_unit_arriving_on_the_fifth_rank_or_beyond_turns_black() {
        let r = Rules::orthodox().with(Condition::DarkSide);
        // The king and the castling rook stay White's; the promoted unit
        // turns.
        let got = moves(&r, "wKe1 wRh1 wPb7 wSd3 bKa5 bRc8", Color::White);
        let want = sorted(
            "0-0 Ke1-f2 Ke1-d2 Ke1-d1 Ke1-e2 Ke1-f1 Rh1-f1 Rh1-g1 Rh1-h8=b Rh1-h7=b \
             Rh1-h6=b Rh1-h5=b Rh1-h4 Rh1-h3 Rh1-h2 Sd3-b2 Sd3-c1 Sd3-f2 Sd3-f4 Sd3-e5=b \
             Sd3-c5=b Sd3-b4 b7-b8=Q=b b7-b8=S=b b7-b8=R=b b7-b8=B=b b7*c8=Q=b b7*c8=S=b \
             b7*c8=R=b b7*c8=B=b",
        );
        assert_eq!(got, want);
    }

    #[test]
    fn with_circe_the_change_is_written_before_the_rebirth() {
        let r = Rules::with_circe(CirceRules::of(Base::Circe)).with(Condition::DarkSide);
        let got = moves(&r, "wKa8 wRb3 bKg7 bRb5 bSd4", Color::Black);
        let want = sorted(
            "Sd4*b3=w[+wRh1] Sd4-c2=w Sd4-e2=w Sd4-f3=w Sd4-f5 Sd4-e6 Sd4-c6 \
             Rb5*b3=w[+wRh1] Rb5-b4=w Rb5-a5 Rb5-b8 Rb5-b7 Rb5-b6 Rb5-h5 Rb5-g5 Rb5-f5 \
             Rb5-e5 Rb5-d5 Rb5-c5 Kg7-f6 Kg7-h6 Kg7-h8 Kg7-f8 Kg7-g6 Kg7-f7 Kg7-g8 Kg7-h7",
        );
        assert_eq!(got, want);
    }
}
