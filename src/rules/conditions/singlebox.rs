//! SingleBox, type 1: the units of each side come from one box of
//! orthodox men, the game array's: one king, one queen, two rooks, two
//! bishops, two knights, eight pawns. A move is illegal when, once
//! played, a side has more units of an orthodox kind than that (so a pawn
//! promotes only to a kind the box still holds). A king is in check only
//! where its capture would be legal too: a pawn taking it on its
//! promotion rank must have some kind to promote to, and a diagram out of
//! the box has no check and no legal move. Types 2 and 3
//! (latent promotions of the opponent's pawns) are not played.

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Color, Kind, Position, Square};
use crate::moves::Move;
use crate::pieces::Promotion;
use crate::rules::{Condition, Observer, Rules};

pub struct SingleBox;

/// The game array's units of each orthodox kind, per side.
const BOX: [(Kind, u32); 6] = [
    (Kind::KING, 1),
    (Kind::QUEEN, 1),
    (Kind::ROOK, 2),
    (Kind::BISHOP, 2),
    (Kind::KNIGHT, 2),
    (Kind::PAWN, 8),
];

/// Whether some side has more units of a kind than the box holds.
fn out_of_box(pos: &Position) -> bool {
    Color::ALL.iter().any(|&side| {
        BOX.iter()
            .any(|&(kind, n)| pos.pieces(side, kind).count() > n)
    })
}

impl ConditionRule for SingleBox {
    const ID: &'static str = "singlebox";
    const PARAMETER: Parameter = Parameter::Type(3);
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_observation: false,
        orthodox_legality: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn legal_after(_rules: &Rules, _before: &Position, _mv: &Move, after: &Position) -> bool {
        !out_of_box(after)
    }

    /// The capture of the king, played, must leave the position in the
    /// box (a pawn taking it on its promotion rank with some kind the box
    /// still holds).
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        let unit = observer.unit;
        let mut after = *pos;
        after.remove(observer.on);
        after.remove(target);
        let legal_as = |kind: Kind| {
            let mut board = after;
            board.put(target, crate::board::Piece { kind, ..unit });
            !out_of_box(&board)
        };
        let promotion = unit.kind.def().pawn.filter(|p| {
            target.rank()
                == match p {
                    Promotion::OwnFirstRank => unit.color.back_rank(),
                    _ => unit.color.promotion_rank(),
                }
        });
        match promotion {
            Some(p) => rules.repertoire.promotions(p).any(legal_as),
            None => legal_as(unit.kind),
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        if rules.param(Condition::SingleBox).number > 1 {
            return Some(
                "SingleBox types 2 and 3 are not played (the opponent's latent promotions)".into(),
            );
        }
        rules
            .family(crate::rules::Base::AntiCirce)
            .map(|_| "anticirce incompatible with some fairy conditions".into())
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Repertoire, Rules};

    fn singlebox(pieces: &str) -> Rules {
        let mut r = Rules::orthodox().with(Condition::SingleBox);
        r.repertoire = Repertoire::of(&Position::from_piece_list(pieces).unwrap(), r.conditions);
        r
    }

    #[test]
    fn a_pawn_promotes_only_to_a_kind_left_in_the_box() {
        let pieces = "wKa1 wPe7 wPb2 wRh1 wBc1 wBf1 bKh8 bRd8 bSb8 bSg8 bPh3";
        assert_eq!(
            moves(&singlebox(pieces), pieces, Color::White),
            sorted(
                "Ka1-a2 Ka1-b1 Bc1-h6 Bc1-g5 Bc1-f4 Bc1-e3 Bc1-d2 Bf1*h3 Bf1-g2 Bf1-a6 \
                 Bf1-b5 Bf1-c4 Bf1-d3 Bf1-e2 Rh1-g1 Rh1*h3 Rh1-h2 b2-b4 b2-b3 e7-e8=Q \
                 e7-e8=S e7-e8=R e7*d8=Q e7*d8=S e7*d8=R"
            )
        );
    }

    #[test]
    fn out_of_the_box_nothing_checks_and_nothing_moves() {
        // Three black bishops: the knight f3 does not check g5 (Popeye
        // finds no move and no illegal diagram).
        let pieces = "wBb8 wBh5 wKh8 wRf4 wSd7 wSf3 bBc3 bBf2 bBh3 bKg5 bQa3 bSe4";
        let pos = Position::from_piece_list(pieces).unwrap();
        assert!(!singlebox(pieces).in_check(&pos, Color::Black));
        assert!(moves(&singlebox(pieces), pieces, Color::White).is_empty());
    }

    #[test]
    fn a_pawn_checks_on_its_last_rank_only_with_a_kind_to_become() {
        let full = "wKa1 wQa2 wRa3 wRa4 wBa5 wBb5 wSa6 wSb6 wPg7 bKh8";
        let pos = Position::from_piece_list(full).unwrap();
        assert!(!singlebox(full).in_check(&pos, Color::Black));
        let room = "wKa1 wQa2 wRa3 wRa4 wBa5 wBb5 wSa6 wPg7 bKh8";
        let pos = Position::from_piece_list(room).unwrap();
        assert!(singlebox(room).in_check(&pos, Color::Black));
    }
}
