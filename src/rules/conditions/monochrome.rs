//! MonochromChess and BichromChess: a move exists only when it leaves its
//! unit on a square of the colour it started from (Monochrom) or of the
//! other colour (Bichrom); observation, and so check, obeys the same
//! rule. Castling counts as the king's move: the short one is monochrome,
//! the long one (e1-c1 joins two squares of one colour) is neither — Popeye
//! rules it out under both.

use super::{Capabilities, ConditionRule};
use crate::board::{Position, Square};
use crate::moves::{Motion, Move};
use crate::rules::{Observer, Rules};

/// What the two conditions change: which moves and observations exist.
const GEOMETRY: Capabilities = Capabilities {
    orthodox_movers: false,
    orthodox_observation: false,
    ..Capabilities::ORTHODOX
};

#[inline]
fn same_colour(a: Square, b: Square) -> bool {
    a.is_dark() == b.is_dark()
}

pub struct Monochrome;

impl ConditionRule for Monochrome {
    const ID: &'static str = "monochro";
    /// Popeye's intelligent mode takes the condition.
    const INTELLIGENT: bool = true;
    const OBSERVATION_GEOMETRY: bool = true;
    const CAPABILITIES: Capabilities = GEOMETRY;

    #[inline]
    fn allows(_rules: &Rules, _pos: &Position, mv: &Move) -> bool {
        mv.motion != Motion::CastleLong && same_colour(mv.from, mv.to)
    }

    #[inline]
    fn observes(_rules: &Rules, _pos: &Position, observer: &Observer, target: Square) -> bool {
        same_colour(observer.from, target)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        rules
            .has(crate::rules::Condition::BichromChess)
            .then(|| "monochrom + bichrom chess gives no sense".into())
    }
}

pub struct Bichrome;

impl ConditionRule for Bichrome {
    const ID: &'static str = "bichro";
    /// Popeye's intelligent mode takes the condition.
    const INTELLIGENT: bool = true;
    const OBSERVATION_GEOMETRY: bool = true;
    const CAPABILITIES: Capabilities = GEOMETRY;

    #[inline]
    fn allows(_rules: &Rules, _pos: &Position, mv: &Move) -> bool {
        !same_colour(mv.from, mv.to)
    }

    #[inline]
    fn observes(_rules: &Rules, _pos: &Position, observer: &Observer, target: Square) -> bool {
        !same_colour(observer.from, target)
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    const POS: &str = "wKe1 wRa1 wRh1 wPe2 wSb1 wPd5 wPg2 bKb4 bPc6 bRb2 bPf3";

    #[test]
    fn monochrome_keeps_the_moves_within_one_colour() {
        let r = Rules::orthodox().with(Condition::MonochromChess);
        assert_eq!(
            moves(&r, POS, Color::White),
            sorted(
                "Ra1-a7 Ra1-a5 Ra1-a3 0-0 Ke1-f2 Rh1-f1 Rh1-h7 Rh1-h5 Rh1-h3 \
                 e2-e4 e2*f3 g2-g4 g2*f3 d5*c6"
            )
        );
    }

    #[test]
    fn bichrome_keeps_the_moves_that_change_colour() {
        let r = Rules::orthodox().with(Condition::BichromChess);
        assert_eq!(
            moves(&r, POS, Color::White),
            sorted(
                "Ra1-a8 Ra1-a6 Ra1-a4 Ra1-a2 Sb1-d2 Sb1-c3 Sb1-a3 Ke1-d1 Ke1-f1 \
                 Rh1-g1 Rh1-h8 Rh1-h6 Rh1-h4 Rh1-h2 e2-e3 g2-g3 d5-d6"
            )
        );
    }

    #[test]
    fn check_obeys_the_colours() {
        // The rook b2 attacks d2 along one colour: check under Monochrom
        // only; the knight b1 attacks a3 across the colours.
        let pos = crate::board::Position::from_piece_list("wKd2 wSb1 bKa3 bRb2").unwrap();
        let mono = Rules::orthodox().with(Condition::MonochromChess);
        let bi = Rules::orthodox().with(Condition::BichromChess);
        assert!(mono.in_check(&pos, Color::White));
        assert!(!bi.in_check(&pos, Color::White));
        assert!(!mono.in_check(&pos, Color::Black));
        assert!(bi.in_check(&pos, Color::Black));
    }
}
