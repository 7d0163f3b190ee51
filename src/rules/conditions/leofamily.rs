//! The conditions that change what the orthodox pieces are, which Popeye
//! plays through the pieces a pawn may promote to (the units of the
//! diagram are given with their own walks):
//! - Leofamily: the pieces are the Chinese ones (leo, mao, pao, vao); a
//!   pawn promotes to those, and the diagram may hold no queen, rook,
//!   bishop or knight.
//! - ChineseChess: a pawn may promote to the Chinese pieces too.
//! - CavalierMajeur: the knight is a nightrider; a pawn promotes to it in
//!   the knight's place, and the diagram may hold no knight.
//!
//! The choices themselves are made in `rules::Repertoire`.

use super::ConditionRule;
use crate::board::{Bitboard, Kind, Position};
use crate::rules::Rules;

pub struct Leofamily;
pub struct ChineseChess;
pub struct CavalierMajeur;

/// The units of `kinds` in the diagram.
fn units_of(pos: &Position, kinds: &[Kind]) -> Bitboard {
    kinds
        .iter()
        .fold(Bitboard::EMPTY, |all, &k| all | pos.by_kind(k))
}

impl ConditionRule for Leofamily {
    const ID: &'static str = "leofamily";
    /// It changes only what a pawn promotes to: each unit moves by its
    /// own walk.
    const PROOF: super::ProofTraffic = super::ProofTraffic::Restricts;

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        let orthodox = [Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT];
        units_of(pos, &orthodox)
            .nonempty()
            .then(|| "leofamily with orthodox pieces ?".into())
    }
}

impl ConditionRule for ChineseChess {
    const ID: &'static str = "chinoises";
    /// It changes only what a pawn promotes to: each unit moves by its
    /// own walk.
    const PROOF: super::ProofTraffic = super::ProofTraffic::Restricts;
}

impl ConditionRule for CavalierMajeur {
    const ID: &'static str = "cavaliermajeur";
    /// It changes only what a pawn promotes to: each unit moves by its
    /// own walk.
    const PROOF: super::ProofTraffic = super::ProofTraffic::Restricts;

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        units_of(pos, &[Kind::KNIGHT])
            .nonempty()
            .then(|| "knight + cavalier majeur not allowed".into())
    }
}

#[cfg(test)]
mod tests {
    use super::super::annan::tests::moves;
    use crate::board::Position;
    use crate::rules::{Condition, Repertoire, Rules};

    fn promotions(c: Condition, list: &str) -> Vec<String> {
        let pos = Position::from_piece_list(list).unwrap();
        let mut rules = Rules::orthodox().with(c);
        rules.repertoire = Repertoire::of(&pos, rules.conditions);
        moves(&rules, list)
            .into_iter()
            .filter(|m| m.starts_with("b7"))
            .collect()
    }

    #[test]
    fn pawns_promote_to_the_pieces_the_condition_names() {
        let list = "wKa1 wPb7 bKh8";
        assert_eq!(
            promotions(Condition::Leofamily, list),
            ["b7-b8=LE", "b7-b8=MA", "b7-b8=PA", "b7-b8=VA"]
        );
        assert_eq!(promotions(Condition::ChineseChess, list).len(), 8);
        assert_eq!(
            promotions(Condition::CavalierMajeur, list),
            ["b7-b8=B", "b7-b8=N", "b7-b8=Q", "b7-b8=R"]
        );
    }

    #[test]
    fn orthodox_pieces_are_refused_where_the_condition_replaces_them() {
        let pos = Position::from_piece_list("wKa1 wSb1 bKh8").unwrap();
        let leo = Rules::orthodox().with(Condition::Leofamily);
        assert!(leo.conditions.refusal_in(&leo, &pos).is_some());
        let cm = Rules::orthodox().with(Condition::CavalierMajeur);
        assert!(cm.conditions.refusal_in(&cm, &pos).is_some());
        let pos = Position::from_piece_list("wKa1 wPb2 bKh8").unwrap();
        assert!(leo.conditions.refusal_in(&leo, &pos).is_none());
    }
}
