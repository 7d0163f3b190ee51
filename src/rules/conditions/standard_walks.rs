//! The standard walks: which walk stands for "the queen, rook, bishop,
//! knight" (and under UltramarineChess the king and pawn) where the rules
//! ask for them by name. MarineChess and ArgentinianChess put fairy walks
//! in the orthodox pieces' places, as Popeye's standard walks; the units
//! of the diagram keep their own walks. What changes is:
//! - a pawn promotes to the standard pieces, and to an orthodox piece
//!   only when one stands in the diagram (as to any fairy piece there);
//! - Circe's game-array squares are the standard pieces' (a sirene or a
//!   senora is reborn on d1/d8), an orthodox piece is reborn as a fairy
//!   piece is;
//! - the standard rook castles, the orthodox rook does not.

use crate::board::{Kind, Piece, Position};
use crate::rules::{Condition, Rules};

/// The walks in the orthodox pieces' places.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub enum StandardWalks {
    #[default]
    Orthodox,
    /// MarineChess: sirene, triton, nereide, marine knight.
    Marine,
    /// UltramarineChess: MarineChess, with the poseidon as the king.
    Ultramarine,
    /// ArgentinianChess: senora, faro, loco, saltador.
    Argentinian,
}

impl StandardWalks {
    /// The standard walks `rules` put in force.
    pub fn of(rules: &Rules) -> StandardWalks {
        if rules.conditions.is_empty() {
            StandardWalks::Orthodox
        } else if rules.has(Condition::UltramarineChess) {
            StandardWalks::Ultramarine
        } else if rules.has(Condition::MarineChess) {
            StandardWalks::Marine
        } else if rules.has(Condition::ArgentinianChess) {
            StandardWalks::Argentinian
        } else {
            StandardWalks::Orthodox
        }
    }

    /// The standard queen, knight, rook and bishop, in that order.
    pub fn officers(self) -> [Kind; 4] {
        match self {
            StandardWalks::Orthodox => [Kind::QUEEN, Kind::KNIGHT, Kind::ROOK, Kind::BISHOP],
            StandardWalks::Marine | StandardWalks::Ultramarine => [
                Kind::SIRENE,
                Kind::MARINE_KNIGHT,
                Kind::TRITON,
                Kind::NEREIDE,
            ],
            StandardWalks::Argentinian => [Kind::SENORA, Kind::SALTADOR, Kind::FARO, Kind::LOCO],
        }
    }

    /// The game array, its officers of these walks.
    pub fn game_array(self) -> Position {
        let mut pos = Position::game_array();
        if self != StandardWalks::Orthodox {
            for (piece, on) in pos.units().collect::<Vec<_>>() {
                if let Some(i) = StandardWalks::Orthodox
                    .officers()
                    .iter()
                    .position(|&k| k == piece.kind)
                {
                    pos.put(on, Piece::new(piece.color, self.officers()[i]));
                }
            }
        }
        pos
    }

    /// The game array a proof game starts from under `rules`: Popeye's
    /// array of the standard walks, which beside these also puts the
    /// Chinese pieces in the officers' places under Leofamily, the
    /// nightrider in the knight's under CavalierMajeur, and under
    /// UltramarineChess the poseidon and the marine pawns in the king's
    /// and pawns' (Popeye checks the diagram's pieces against those
    /// conditions on this array, not on the position to reach).
    pub fn proof_game_array(rules: &Rules) -> Position {
        let walks = StandardWalks::of(rules);
        let mut pos = walks.game_array();
        if rules.conditions.is_empty() {
            return pos;
        }
        // Popeye's order: Leofamily, the marine walks, CavalierMajeur,
        // ArgentinianChess, each overriding the one before.
        let leo = rules.has(Condition::Leofamily) && walks == StandardWalks::Orthodox;
        let nightrider =
            rules.has(Condition::CavalierMajeur) && walks != StandardWalks::Argentinian;
        for (piece, on) in Position::game_array().units().collect::<Vec<_>>() {
            let kind = match piece.kind {
                Kind::KNIGHT if nightrider => Kind::NIGHTRIDER,
                Kind::QUEEN if leo => Kind::LEO,
                Kind::ROOK if leo => Kind::PAO,
                Kind::BISHOP if leo => Kind::VAO,
                Kind::KNIGHT if leo => Kind::MAO,
                Kind::KING if walks == StandardWalks::Ultramarine => Kind::POSEIDON,
                Kind::PAWN if walks == StandardWalks::Ultramarine => Kind::MARINE_PAWN,
                _ => continue,
            };
            pos.put(on, Piece::new(piece.color, kind));
        }
        pos
    }

    /// The standard rook, which castles.
    pub fn rook(self) -> Kind {
        self.officers()[2]
    }

    /// The kind whose game-array squares `kind`'s unit is reborn on: a
    /// standard piece's orthodox counterpart; None for an orthodox officer
    /// that is not standard (and under UltramarineChess the orthodox
    /// king), which is reborn as a fairy piece is.
    pub fn counterpart(self, kind: Kind) -> Option<Kind> {
        let orthodox = StandardWalks::Orthodox.officers();
        if let Some(i) = self.officers().iter().position(|&k| k == kind) {
            return Some(orthodox[i]);
        }
        match kind {
            Kind::POSEIDON if self == StandardWalks::Ultramarine => Some(Kind::KING),
            Kind::KING if self == StandardWalks::Ultramarine => None,
            k if orthodox.contains(&k) && self != StandardWalks::Orthodox => None,
            other => Some(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    fn kinds_on(rules: &Rules, squares: &[&str]) -> Vec<Kind> {
        let pos = StandardWalks::proof_game_array(rules);
        squares
            .iter()
            .map(|s| pos.piece_at(Square::parse(s).unwrap()).unwrap().kind)
            .collect()
    }

    #[test]
    fn the_proof_game_array_holds_the_conditions_standard_walks() {
        let sq = ["d1", "a1", "c1", "b1", "e1", "a2"];
        assert_eq!(
            kinds_on(&Rules::orthodox(), &sq),
            [
                Kind::QUEEN,
                Kind::ROOK,
                Kind::BISHOP,
                Kind::KNIGHT,
                Kind::KING,
                Kind::PAWN
            ]
        );
        let leo = Rules::orthodox().with(Condition::Leofamily);
        assert_eq!(
            kinds_on(&leo, &sq),
            [
                Kind::LEO,
                Kind::PAO,
                Kind::VAO,
                Kind::MAO,
                Kind::KING,
                Kind::PAWN
            ]
        );
        let cav = Rules::orthodox().with(Condition::CavalierMajeur);
        assert_eq!(
            kinds_on(&cav, &["b8", "g1", "d8"]),
            [Kind::NIGHTRIDER, Kind::NIGHTRIDER, Kind::QUEEN]
        );
        let ultra = Rules::orthodox().with(Condition::UltramarineChess);
        assert_eq!(
            kinds_on(&ultra, &sq),
            [
                Kind::SIRENE,
                Kind::TRITON,
                Kind::NEREIDE,
                Kind::MARINE_KNIGHT,
                Kind::POSEIDON,
                Kind::MARINE_PAWN
            ]
        );
    }
}
