//! The conditions that define immobility, on which mate and stalemate
//! (and their kin) rest, by the king's moves: under MAFF a side is
//! immobile when its king has exactly one legal move and no other unit
//! has any; under OWU when its king has no legal move but exactly one
//! capture that is no more than pseudo-legal, and no other unit has a
//! legal move. A mated or stalemated side may so have a move, and a side
//! with none is neither. Popeye counts the king's moves apart from the
//! others' (a filter over the whole list would see other lists) and drops
//! the definition beside ChecklessChess and ExclusiveChess, whose mate
//! tests are their own: those combinations are refused.

use super::{Capabilities, ConditionRule};
use crate::board::Position;
use crate::movegen::{legal_moves, pseudo_legal_moves};
use crate::rules::{Condition, Rules};

pub struct Maff;

impl ConditionRule for Maff {
    const ID: &'static str = "MAFF";
    const CAPABILITIES: Capabilities = Capabilities::ORTHODOX;
    const DEFINES_IMMOBILITY: bool = true;

    fn decides_immobility(rules: &Rules, pos: &Position) -> Option<bool> {
        let (king_moves, others) = legal_counts(rules, pos);
        Some(king_moves == 1 && others == 0)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal("MAFF", rules)
    }
}

pub struct Owu;

impl ConditionRule for Owu {
    const ID: &'static str = "OWU";
    const CAPABILITIES: Capabilities = Capabilities::ORTHODOX;
    const DEFINES_IMMOBILITY: bool = true;

    fn decides_immobility(rules: &Rules, pos: &Position) -> Option<bool> {
        let (king_moves, others) = legal_counts(rules, pos);
        if king_moves != 0 || others != 0 {
            return Some(false);
        }
        // The king's captures as generated, before their legality.
        let mut moves = Vec::new();
        pseudo_legal_moves(pos, rules, &mut moves);
        let king = pos.king(pos.turn);
        let captures = moves
            .iter()
            .filter(|m| Some(m.departure()) == king && m.is_capture())
            .count();
        Some(captures == 1)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal("OWU", rules)
    }
}

/// The legal moves of the side to move in `pos`: its king's, and the
/// other units'.
fn legal_counts(rules: &Rules, pos: &Position) -> (usize, usize) {
    let mut moves = Vec::new();
    legal_moves(pos, rules, &mut moves);
    let king = pos.king(pos.turn);
    let king_moves = moves.iter().filter(|m| Some(m.departure()) == king).count();
    (king_moves, moves.len() - king_moves)
}

/// Why `name` cannot be played with the rest of `rules`.
fn refusal(name: &str, rules: &Rules) -> Option<String> {
    for (other, other_name) in [
        (Condition::Checkless, "ChecklessChess"),
        (Condition::Exclusive, "ExclusiveChess"),
    ] {
        if rules.has(other) {
            return Some(format!(
                "{name} with {other_name} (Popeye drops {name}'s immobility there; not played)"
            ));
        }
    }
    if !rules.moves_judged_alone() {
        return Some(format!(
            "{name} with a condition that filters the move list (Popeye filters the king's \
             moves apart from the others'; not played)"
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};

    fn immobile(rules: &Rules, pieces: &str, turn: Color) -> Option<bool> {
        let mut pos = Position::from_piece_list(pieces).unwrap();
        pos.turn = turn;
        rules.conditions.decides_immobility(rules, &pos)
    }

    #[test]
    fn maff_immobility_is_one_king_move_and_no_other() {
        let maff = Rules::orthodox().with(Condition::Maff);
        // Rook a8 checks h8: the king's one move is Kh8-h7 (g-file
        // guarded by the rook g1). Popeye: 1.Rb1-a1 # under MAFF.
        assert_eq!(
            immobile(&maff, "wKa1 wRa8 wRg1 bKh8", Color::Black),
            Some(true)
        );
        // Orthodox mate, no flight: not immobile under MAFF.
        assert_eq!(
            immobile(&maff, "wKa1 wRa8 wRg1 wRh1 bKh8", Color::Black),
            Some(false)
        );
        // Another unit that can block: not immobile; a pawn whose move
        // leaves the check has no legal move (Popeye: Rb1-b8 # with a
        // black pawn a5, none with a black rook c6).
        assert_eq!(
            immobile(&maff, "wKa1 wRa8 wRg1 bKh8 bRc6", Color::Black),
            Some(false)
        );
        assert_eq!(
            immobile(&maff, "wKa1 wRa8 wRg1 bKh8 bPa5", Color::Black),
            Some(true)
        );
    }

    #[test]
    fn owu_immobility_is_one_illegal_king_capture_and_no_move() {
        let owu = Rules::orthodox().with(Condition::Owu);
        // Ra8 checks h8; g8, g7 and h7 are guarded but for the rook g7,
        // which the king may take only into check (Rg1).
        let list = "wKa1 wRa8 wRg7 wRg1 wBd3 bKh8";
        assert_eq!(immobile(&owu, list, Color::Black), Some(true));
        // With the guard gone the capture is legal: not immobile.
        assert_eq!(
            immobile(&owu, "wKa1 wRa8 wRg7 wBd3 bKh8", Color::Black),
            Some(false)
        );
        // An orthodox mate with no capture to try: not immobile.
        assert_eq!(
            immobile(&owu, "wKa1 wRa8 wRg1 wRh1 bKh8", Color::Black),
            Some(false)
        );
    }

    #[test]
    fn maff_is_refused_beside_checkless() {
        let r = Rules::orthodox()
            .with(Condition::Maff)
            .with(Condition::Checkless);
        assert!(r.conditions.refusal(&r).is_some());
    }
}
