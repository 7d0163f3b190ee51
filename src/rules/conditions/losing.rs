//! LosingChess: no unit is royal and there is no check (a side may have
//! no king, kings are taken as other units and reborn by Circe); a side
//! that can capture must capture (MustCapture for both sides); a pawn
//! may promote to a king, first. A king castles only from its own game
//! array square, through squares the enemy observes. Popeye refuses the
//! stipulations ending in mate, check or mate-or-stalemate, and a second
//! condition that selects the moves.

use super::mummer::{keep_best, two_selectors};
use super::{Capabilities, ConditionRule, ProofTraffic, Selects, UnitTraffic};
use crate::board::{Color, Position};
use crate::moves::Move;
use crate::rules::Rules;
use crate::stipulation::{Goal, Stipulation};

pub struct LosingChess;

/// A capture scores above a move that captures nothing.
#[inline]
fn captures(mv: &Move) -> u32 {
    mv.is_capture() as u32
}

impl ConditionRule for LosingChess {
    const ID: &'static str = "losingchess";
    /// One unit a move, one capture; kings are taken as any unit and a
    /// pawn may promote to one: the routes hold for the other units, a
    /// king's counted as one move and a pawn's way to its last rank.
    const PROOF: ProofTraffic = ProofTraffic::Moves(UnitTraffic {
        routes: Some(super::Routes::ButKings),
        ..UnitTraffic::ONE_UNIT
    });
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        check_implies_attack: false,
        orthodox_observation: false,
        royal_kings: false,
        moves_judged_alone: false,
        ..Capabilities::ORTHODOX
    };
    const INTELLIGENT: bool = true;
    const SELECTS: Selects = Selects::Both;

    /// No side is ever in check.
    fn decides_check(_rules: &Rules, _pos: &Position, _color: Color) -> Option<bool> {
        Some(false)
    }

    #[inline]
    fn filter(_rules: &Rules, _pos: &Position, moves: &mut Vec<Move>, start: usize) {
        keep_best(moves, start, captures);
    }

    /// Every pseudo-legal move is legal: the numbered ones are the filter's.
    fn numbered(_rules: &Rules, _pos: &Position, moves: &mut Vec<Move>) {
        keep_best(moves, 0, captures);
    }

    fn refusal(rules: &Rules) -> Option<String> {
        // Football's bench takes the king under LosingChess in Popeye:
        // circe's bench does not.
        if rules.has(crate::rules::Condition::Football) {
            return Some("losingchess with football is not played".into());
        }
        two_selectors(rules).or_else(|| super::dynasty::royal_settings_refusal(rules))
    }

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        super::dynasty::royal_units_refusal(pos)
    }
}

/// Popeye's refusal of a stipulation that ends in mate, check or
/// mate-or-stalemate (the self and reflex forms, and the reciprocal goal,
/// included).
pub fn play_refusal(stip: &Stipulation) -> Option<String> {
    let refused = |g: Goal| matches!(g, Goal::Mate | Goal::Check | Goal::MateOrStalemate);
    (refused(stip.goal) || stip.reciprocal.is_some_and(refused))
        .then(|| "LosingChess incompatible with check or mate stipulations".into())
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Condition, Repertoire, Rules};

    fn losing(pieces: &str) -> Vec<String> {
        let mut r = Rules::default();
        r.conditions.insert(Condition::LosingChess);
        let pos = crate::board::Position::from_piece_list(pieces).unwrap();
        r.repertoire = Repertoire::for_rules(&pos, &r);
        moves(&r, pieces, Color::White)
    }

    #[test]
    fn a_side_that_can_capture_must_and_a_pawn_may_become_a_king() {
        let got = losing("wKe1 wQa4 wPb7 bKe8 bRc8 bPd7");
        let want = sorted("Qa4*d7 b7*c8=K b7*c8=Q b7*c8=S b7*c8=R b7*c8=B");
        assert_eq!(got, want);
    }

    #[test]
    fn there_is_no_check_and_kings_are_taken() {
        // The king may step into the rook's line, and the rook takes it.
        let got = losing("wKe1 wPa2 bKh8 bRd8");
        assert!(got.contains(&"Ke1-d1".to_string()), "{got:?}");
        let got = losing("wKe1 wRd1 bKd8");
        assert_eq!(got, sorted("Rd1*d8"));
    }

    #[test]
    fn the_king_castles_through_attacked_squares() {
        // The rook on f8 observes f1: 0-0 all the same.
        let got = losing("wKe1 wRh1 bKe8 bRf8 bPb5");
        assert!(got.contains(&"0-0".to_string()), "{got:?}");
    }

    #[test]
    fn refused_with_mate_and_check_stipulations() {
        use crate::stipulation::Stipulation;
        for (s, refused) in [
            ("#2", true),
            ("s#1", true),
            ("h+1", true),
            ("h=2", false),
            ("~1", false),
        ] {
            let stip = Stipulation::parse(s).unwrap();
            assert_eq!(super::play_refusal(&stip).is_some(), refused, "{s}");
        }
    }
}
