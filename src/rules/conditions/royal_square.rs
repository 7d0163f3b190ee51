//! WhiteRoyalSquare and BlackRoyalSquare: a side has a square in place of
//! its king. The square is fixed; whatever stands on it is no royal unit.
//! The side is in check when an enemy unit observes the square, whoever
//! stands there (a unit of its own, an enemy unit, or nobody), so it is
//! mated when every move leaves the square observed. Popeye keeps the
//! square as the side's king square: a side may not have a king (or a
//! royal unit) beside it ("only one king allowed"), and where check is
//! judged by playing the capture of the king (Rex Inclusive, AntiCirce,
//! ImmunChess, GenevaChess) no capture removes a square, so the side is
//! never in check there.

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Color, Position, Square};
use crate::rules::{Base, Condition, Rules};

/// The royal square of `SIDE` (White when `WHITE`).
pub struct RoyalSquare<const WHITE: bool>;

impl<const WHITE: bool> RoyalSquare<WHITE> {
    const SIDE: Color = if WHITE { Color::White } else { Color::Black };
    const CONDITION: Condition = if WHITE {
        Condition::WhiteRoyalSquare
    } else {
        Condition::BlackRoyalSquare
    };
}

/// The royal square of `side` under `rules`, if it has one.
pub fn of(rules: &Rules, side: Color) -> Option<Square> {
    let c = match side {
        Color::White => Condition::WhiteRoyalSquare,
        Color::Black => Condition::BlackRoyalSquare,
    };
    if !rules.has(c) {
        return None;
    }
    rules.param(c).squares.first()
}

/// Whether check is judged by playing the capture of the king (Popeye's
/// check validation by a capture): a square is never captured, so it is
/// never in check.
fn check_played_out(rules: &Rules) -> bool {
    !rules.attack_is_always_check()
        || rules.family(Base::ImmunChess).is_some()
        || rules.family(Base::GenevaChess).is_some()
}

impl<const WHITE: bool> ConditionRule for RoyalSquare<WHITE> {
    const ID: &'static str = if WHITE { "whroyalsq" } else { "blroyalsq" };
    // No king to pin units to: every move is played to judge it, and a
    // check is an observation of the square, not an attack on a king.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };
    const PARAMETER: Parameter = Parameter::Squares;

    fn decides_check(rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
        if color != Self::SIDE {
            return None;
        }
        if check_played_out(rules) {
            return Some(false);
        }
        let square = rules.param(Self::CONDITION).squares.first()?;
        Some(rules.any_observer(pos, square, color.opponent(), None, true, |_| true))
    }

    fn refusal(rules: &Rules) -> Option<String> {
        let name = if WHITE {
            "WhiteRoyalSquare"
        } else {
            "BlackRoyalSquare"
        };
        if rules.param(Self::CONDITION).squares.count() != 1 {
            return Some(format!("{name} takes one square"));
        }
        if rules.observation_moved() || rules.family(Base::AntiMarsCirce).is_some() {
            return Some(format!(
                "{name} is not played with MarsCirce, AntiMarsCirce or PhantomChess"
            ));
        }
        if rules.assassin() {
            return Some(format!("{name} is not played with Circe Assassin"));
        }
        let other = rules
            .conditions
            .iter()
            .find(|&c| c != Condition::WhiteRoyalSquare && c != Condition::BlackRoyalSquare);
        other.map(|c| {
            let other = crate::vocabulary::CONDITION_NAMES
                .iter()
                .find(|n| n.id == c.popeye_id())
                .map_or(c.popeye_id(), |n| n.names[0]);
            format!("{name} is not played with {other} (not supported together)")
        })
    }

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        // Popeye: "only one king allowed".
        pos.king(Self::SIDE).map(|k| {
            format!(
                "only one king allowed: {} has a royal square and a king on {k}",
                if WHITE { "White" } else { "Black" }
            )
        })
    }
}

#[cfg(test)]
mod tests {
    //! Each answer is checked against Popeye 4.104.
    use super::super::testing::{moves, sorted};
    use super::super::Param;
    use crate::board::{Bitboard, Color, Position, Square};
    use crate::rules::{Base, CirceRules, Condition, Rules};
    use crate::stipulation::Goal;

    fn black_on(rules: Rules, sq: &str) -> Rules {
        let square = Square::parse(sq).unwrap();
        rules.with_param(
            Condition::BlackRoyalSquare,
            Param {
                squares: Bitboard::from_square(square),
                ..Param::default()
            },
        )
    }

    #[test]
    fn the_square_is_in_check_when_observed_whoever_stands_there() {
        let r = black_on(Rules::orthodox(), "e4");
        for (list, check) in [
            ("wKh2 wRh4 bPb7", true),
            ("wKh2 wRh4 bBe4", true),
            ("wKh2 wSe4 wRh4 bPf5", true),
            ("wKh2 wSe4 bPf5", false),
            ("wKh2 wRh5 bPb7", false),
        ] {
            let pos = Position::from_piece_list(list).unwrap();
            assert_eq!(r.in_check(&pos, Color::Black), check, "{list}");
        }
    }

    #[test]
    fn a_move_must_leave_the_square_unobserved() {
        // Popeye: only f5-f4 closes the rook's rank.
        let r = black_on(Rules::orthodox(), "e4");
        let got = moves(&r, "wKh2 wRh4 bQa8 bRb7 bPe5 bPf5", Color::Black);
        assert_eq!(got, sorted("f5-f4"));
    }

    #[test]
    fn a_unit_on_the_square_does_not_move_it() {
        // The bishop leaves e4; the square stays observed by the rook.
        let r = black_on(Rules::orthodox(), "e4");
        let got = moves(&r, "wKh2 wRh4 bBe4 bPb7", Color::Black);
        assert!(got.is_empty());
    }

    #[test]
    fn never_in_check_where_check_is_a_capture_played() {
        // Popeye: under AntiCirce and Circe Rex Inclusive every move of
        // Black stays legal with e4 observed.
        let anti = black_on(Rules::with_circe(CirceRules::of(Base::AntiCirce)), "e4");
        let pos = Position::from_piece_list("wKh2 wRh4 wRa3 bPb7 bPe6").unwrap();
        assert!(!anti.in_check(&pos, Color::Black));
        let mut rex = CirceRules::of(Base::Circe);
        rex.rex_inclusive = true;
        let rex = black_on(Rules::with_circe(rex), "e4");
        assert!(!rex.in_check(&pos, Color::Black));
        let circe = black_on(Rules::with_circe(CirceRules::of(Base::Circe)), "e4");
        assert!(circe.in_check(&pos, Color::Black));
    }

    #[test]
    fn a_king_beside_the_square_is_refused() {
        let r = black_on(Rules::orthodox(), "e4");
        let pos = Position::from_piece_list("wKh2 bKa8").unwrap();
        assert!(r.refusal_for(&pos, Goal::Mate).is_some());
        let pos = Position::from_piece_list("wKh2 bQa8").unwrap();
        assert!(r.refusal_for(&pos, Goal::Mate).is_none());
    }
}
