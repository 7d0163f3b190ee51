//! PowerTransfer (KraftTransfer, TransfertPouvoir): a unit whose Circe
//! rebirth square is occupied moves, captures and observes with the walk
//! of the unit there, of either side; otherwise with its own. The square
//! is classic Circe's for the unit as it stands (its walk, its side, the
//! colour of its square), whatever Circe form is in force. Royal units keep
//! their walk unless the parameter RexInclusive is given. The move stays
//! the unit's own (a pawn that moves as a knight promotes on its last
//! rank).

use super::annan::WALKS;
use super::{ConditionRule, Parameter, Walks};
use crate::board::{Attrs, Piece, Position, Square};
use crate::pieces::Kind;
use crate::rules::rebirth::classic;
use crate::rules::{Condition, Rules};

pub struct PowerTransfer;

impl ConditionRule for PowerTransfer {
    const ID: &'static str = "powertransfer";
    const CAPABILITIES: super::Capabilities = WALKS;
    const PARAMETER: Parameter = Parameter::RexInclusive;

    #[inline]
    fn walks(rules: &Rules, pos: &Position, on: Square, unit: Piece, _observing: bool) -> Walks {
        let royal = unit.kind == Kind::KING || unit.attrs.contains(Attrs::ROYAL);
        if royal && !rules.param(Condition::PowerTransfer).rex_inclusive {
            return Walks::one(unit.kind);
        }
        match pos.piece_at(classic(unit.kind, unit.color, on)) {
            Some(lender) => Walks::one(lender.kind),
            None => Walks::one(unit.kind),
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        if rules
            .conditions
            .iter()
            .any(|c| c != Condition::PowerTransfer && !c.capabilities().own_walks)
        {
            return Some(
                "PowerTransfer beside another condition that changes walks (not played)".into(),
            );
        }
        // Popeye's rebirth square follows the standard walks these change.
        let standard = [
            Condition::Leofamily,
            Condition::CavalierMajeur,
            Condition::MarineChess,
            Condition::UltramarineChess,
        ];
        if let Some(c) = standard.into_iter().find(|&c| rules.has(c)) {
            return Some(format!(
                "PowerTransfer with {} is not played",
                c.popeye_id()
            ));
        }
        super::mars_family(rules).then(|| {
            "PowerTransfer with MarsCirce, AntiMarsCirce or PhantomChess (not played)".into()
        })
    }
}

#[cfg(test)]
mod tests {
    //! Each list is checked against Popeye 4.104's `~1`.
    use super::super::testing::{moves, sorted};
    use super::super::Param;
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};

    fn rules(rex_inclusive: bool) -> Rules {
        Rules::orthodox().with_param(
            Condition::PowerTransfer,
            Param {
                rex_inclusive,
                ..Default::default()
            },
        )
    }

    #[test]
    fn a_unit_takes_the_walk_of_the_unit_on_its_rebirth_square() {
        // The pawn d4 is reborn on d2, where the black knight stands: it
        // moves as a knight. The rook h5 (h1) and the king keep theirs.
        let got = moves(&rules(false), "wKc1 wRh5 wPd4 bKa8 bSd2 bBf8", Color::White);
        let pawn: Vec<String> = got
            .iter()
            .filter(|m| m.starts_with("d4"))
            .cloned()
            .collect();
        assert_eq!(
            pawn,
            sorted("d4-b3 d4-c2 d4-e2 d4-f3 d4-f5 d4-e6 d4-c6 d4-b5")
        );
        assert_eq!(got.len(), 26);
    }

    #[test]
    fn the_king_takes_a_walk_only_under_rex_inclusive() {
        // The king e2 is reborn on e1, where its knight stands.
        let pieces = "wKe2 wSe1 bKa8";
        let king = |r: &Rules| -> Vec<String> {
            let got = moves(r, pieces, Color::White);
            got.into_iter().filter(|m| m.starts_with('K')).collect()
        };
        assert_eq!(
            king(&rules(false)),
            sorted("Ke2-d1 Ke2-f1 Ke2-f3 Ke2-d3 Ke2-d2 Ke2-e3 Ke2-f2")
        );
        assert_eq!(
            king(&rules(true)),
            sorted("Ke2-c1 Ke2-g1 Ke2-g3 Ke2-f4 Ke2-d4 Ke2-c3")
        );
    }

    #[test]
    fn a_unit_checks_with_the_walk_it_takes() {
        // Popeye (REGRESSIONS_4_101_105__001): 1.Bb6-a7#, the bishop
        // reborn on c1, where its king stands, observes as a king.
        let pos = Position::from_piece_list("wKc1 wSc6 wBa7 bKa8").unwrap();
        assert!(rules(false).in_check(&pos, Color::Black));
        assert!(!Rules::orthodox().in_check(&pos, Color::Black));
    }
}
