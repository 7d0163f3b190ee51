//! The conditions that take moves out of the list, each for one side or
//! both:
//! - NoCapture (both sides), NoWhiteCapture, NoBlackCapture: the side
//!   plays no capture (en passant included).
//! - NoWhitePromotion, NoBlackPromotion: the side's pawns do not promote,
//!   so no pawn of that side moves to a square where it would.
//!
//! Observation, and so check, stays what it was: a unit still checks a
//! king it could not take by a move (Popeye leaves the captures of a king
//! alone). So the orthodox shortcuts of the generator and the check test
//! all hold (the `allows` hook is asked for every move list whatever the
//! capabilities say), and these conditions go with every Circe form.

use super::{Capabilities, ConditionRule};
use crate::board::{Color, Position};
use crate::moves::Move;
use crate::rules::Rules;

/// Removes `side`'s captures (None: both sides').
pub struct NoCaptures<const SIDE: u8>;

/// Whether the condition for `side` (0 White, 1 Black, 2 both) binds `turn`.
#[inline]
const fn binds(side: u8, turn: Color) -> bool {
    side == 2 || side == turn as u8
}

impl<const SIDE: u8> ConditionRule for NoCaptures<SIDE> {
    const ID: &'static str = match SIDE {
        0 => "nowhcapture",
        1 => "noblcapture",
        _ => "nocapture",
    };
    const CAPABILITIES: Capabilities = Capabilities::ORTHODOX;

    #[inline]
    fn allows(_rules: &Rules, pos: &Position, mv: &Move) -> bool {
        !mv.is_capture() || !binds(SIDE, pos.turn)
    }
}

/// NoCapture: neither side captures.
pub type NoCapture = NoCaptures<2>;
/// NoWhiteCapture: White does not capture.
pub type NoWhiteCapture = NoCaptures<0>;
/// NoBlackCapture: Black does not capture.
pub type NoBlackCapture = NoCaptures<1>;

/// Forbids `side`'s promotions.
pub struct NoPromotions<const SIDE: u8>;

impl<const SIDE: u8> ConditionRule for NoPromotions<SIDE> {
    const ID: &'static str = match SIDE {
        0 => "nowhiteprom",
        _ => "noblackprom",
    };
    const CAPABILITIES: Capabilities = Capabilities::ORTHODOX;

    #[inline]
    fn allows(_rules: &Rules, pos: &Position, mv: &Move) -> bool {
        mv.promotion.is_none() || !binds(SIDE, pos.turn)
    }
}

/// NoWhitePromotion: White's pawns do not promote.
pub type NoWhitePromotion = NoPromotions<0>;
/// NoBlackPromotion: Black's pawns do not promote.
pub type NoBlackPromotion = NoPromotions<1>;

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`, Circe).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    const PIECES: &str = "wKe1 wQd1 wPb7 wPe5 bKe8 bRd8 bPd7 bPf5 bSa8";
    const QUIET: &str = "Qd1-h5 Qd1-g4 Qd1-f3 Qd1-e2 Qd1-a4 Qd1-b3 Qd1-c2 Qd1-a1 Qd1-b1 \
                         Qd1-c1 Qd1-d6 Qd1-d5 Qd1-d4 Qd1-d3 Qd1-d2 Ke1-f2 Ke1-d2 Ke1-e2 \
                         Ke1-f1 e5-e6";
    const PROMOTIONS: &str = "b7-b8=Q b7-b8=S b7-b8=R b7-b8=B";

    fn circe_with(c: Condition) -> Rules {
        Rules::with_circe(CirceRules::of(Base::Circe)).with(c)
    }

    #[test]
    fn white_plays_no_capture() {
        let r = circe_with(Condition::NoWhiteCapture);
        assert_eq!(
            moves(&r, PIECES, Color::White),
            sorted(&format!("{QUIET} {PROMOTIONS}"))
        );
        // Black's captures stay.
        assert!(moves(&r, "wKe1 wRd1 bKe8 bRd8", Color::Black).contains(&"Rd8*d1[+wRh1]".into()));
    }

    #[test]
    fn no_capture_binds_both_sides_and_black_alone_binds_black() {
        let both = circe_with(Condition::NoCapture);
        assert_eq!(
            moves(&both, PIECES, Color::White),
            sorted(&format!("{QUIET} {PROMOTIONS}"))
        );
        assert!(
            !moves(&both, "wKe1 wRd1 bKe8 bRd8", Color::Black).contains(&"Rd8*d1[+wRh1]".into())
        );
        let black = circe_with(Condition::NoBlackCapture);
        assert_eq!(
            moves(&black, PIECES, Color::White),
            sorted(&format!(
                "{QUIET} Qd1*d7 {PROMOTIONS} b7*a8=Q[+bSg8] b7*a8=S[+bSg8] b7*a8=R[+bSg8] \
                 b7*a8=B[+bSg8]"
            ))
        );
    }

    #[test]
    fn white_pawns_do_not_promote() {
        let r = circe_with(Condition::NoWhitePromotion);
        assert_eq!(
            moves(&r, PIECES, Color::White),
            sorted(&format!("{QUIET} Qd1*d7"))
        );
        let black = circe_with(Condition::NoBlackPromotion);
        assert_eq!(moves(&black, PIECES, Color::White).len(), 29);
    }
}
