//! WhitePromSquares and BlackPromSquares (Popeye's `WhitePromSquares` and
//! `BlackPromSquares`, with a list of squares): a side's pawns promote on
//! the squares given, in place of its last rank, wherever those squares
//! are. A pawn that comes to one of them (by any move, a rebirth that
//! promotes, a wormhole) promotes there; a pawn that comes to its last
//! rank elsewhere stays a pawn. A reverse pawn promotes on the other
//! side's squares, as it does on the other side's last rank. A pawn that
//! stands on one of the squares in the diagram does not promote.
//!
//! The squares are the rules' own (`Rules::promotion_squares`), which the
//! generator, the check test and a reborn pawn's promotion ask.
//!
//! Popeye reads the squares of its promotion flags in a few more
//! conditions (GlasgowChess's rebirth squares, SingleBox's latent pawns,
//! Sentinelles' squares, Influencer's); circe reads ranks there, so it does not
//! play those conditions with these yet. Nor the Einstein family, whose
//! promotee changes its walk again as it arrives (Popeye: `g4-g5=Q=R`).

use super::{ConditionRule, Parameter};
use crate::board::{Bitboard, Color};
use crate::rules::{Condition, Rules};

/// The promotion squares of White (`WHITE`) or Black.
pub struct PromSquares<const WHITE: bool>;

/// The conditions circe does not play with these squares yet: it reads
/// promotion ranks in the first four.
const NOT_WITH: [Condition; 7] = [
    Condition::GlasgowChess,
    Condition::SingleBox,
    Condition::Sentinelles,
    Condition::Influencer,
    // Popeye writes the walk a promotee changes to after its promotion.
    Condition::EinsteinChess,
    Condition::ReversalEinsteinChess,
    Condition::AntiEinsteinChess,
];

impl<const WHITE: bool> ConditionRule for PromSquares<WHITE> {
    const ID: &'static str = if WHITE { "whprom_sq" } else { "blprom_sq" };
    const PARAMETER: Parameter = Parameter::Squares;

    fn refusal(rules: &Rules) -> Option<String> {
        let name = if WHITE {
            "WhitePromSquares"
        } else {
            "BlackPromSquares"
        };
        let other = NOT_WITH.iter().find(|&&c| rules.has(c))?;
        Some(format!(
            "{name} with {} (not played yet)",
            other.popeye_id()
        ))
    }
}

/// The squares `color`'s pawns promote on under the conditions in force
/// (some condition is).
pub(crate) fn promotion_squares(rules: &Rules, color: Color) -> Bitboard {
    let given = match color {
        Color::White => Condition::WhitePromSquares,
        Color::Black => Condition::BlackPromSquares,
    };
    if rules.has(given) {
        rules.param(given).squares
    } else if rules.has(Condition::GlasgowChess) {
        Bitboard::rank(super::glasgow::promotion_rank(color))
    } else if super::einstein::in_force(rules) {
        Bitboard::EMPTY
    } else {
        Bitboard::rank(color.promotion_rank())
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, moves_of, sorted};
    use crate::board::{Attrs, Bitboard, Color, Kind, Piece, Position, Square};
    use crate::rules::{Condition, Param, Rules};

    fn with(mut rules: Rules, condition: Condition, squares: &[&str]) -> Rules {
        let mut set = Bitboard::EMPTY;
        for s in squares {
            set.set(Square::parse(s).unwrap());
        }
        rules = rules.with(condition).with_param(
            condition,
            Param {
                squares: set,
                ..Param::default()
            },
        );
        rules
    }

    #[test]
    fn a_white_pawn_promotes_on_the_squares_given_and_not_on_its_last_rank() {
        let r = with(
            Rules::orthodox(),
            Condition::WhitePromSquares,
            &["e5", "d5"],
        );
        let got = moves(&r, "wKa1 wPe4 wPg7 bKh1 bRd5", Color::White);
        let want = sorted(
            "Ka1-b2 Ka1-a2 Ka1-b1 e4-e5=Q e4-e5=S e4-e5=R e4-e5=B e4*d5=Q e4*d5=S e4*d5=R \
             e4*d5=B g7-g8",
        );
        assert_eq!(got, want);
    }

    #[test]
    fn a_black_pawn_promotes_on_the_squares_given_for_black() {
        let r = with(
            Rules::orthodox(),
            Condition::BlackPromSquares,
            &["c2", "e2"],
        );
        // The pawn on c2 stands on a promotion square: it stays a pawn.
        let got = moves(&r, "wKa8 wRf1 bKh8 bPb2 bPe3 bPc2", Color::Black);
        let want = sorted("b2-b1 c2-c1 e3-e2=Q e3-e2=S e3-e2=R e3-e2=B Kh8-g7 Kh8-h7 Kh8-g8");
        assert_eq!(got, want);
    }

    #[test]
    fn a_reverse_pawn_promotes_on_the_other_sides_squares() {
        let r = with(
            Rules::orthodox(),
            Condition::BlackPromSquares,
            &["c2", "e2"],
        );
        let mut pos = Position::from_piece_list("wKa8 bKh8 bPb2").unwrap();
        let reverse = Piece {
            color: Color::White,
            kind: Kind::REVERSE_PAWN,
            attrs: Attrs::NONE,
        };
        pos.put(Square::parse("c3").unwrap(), reverse);
        pos.turn = Color::White;
        let want = sorted("PPc3-c2=Q PPc3-c2=S PPc3-c2=R PPc3-c2=B PPc3*b2 Ka8-b7 Ka8-a7 Ka8-b8");
        assert_eq!(moves_of(&r, &pos), want);
    }
}
