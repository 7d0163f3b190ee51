//! Bolero and BoleroInverse: a unit's file names a walk, that of the
//! orthodox piece of the game array on that file (rook on a and h, knight
//! on b and g, bishop on c and f, queen on d, king on e). Under Bolero a
//! unit makes its non-captures with its file's walk and its captures with
//! its own; under BoleroInverse its non-captures with its own walk and its
//! captures, and so its observation, with its file's. Pawns keep their
//! walk, and so do royal units unless RexInclusive is given (Popeye reads
//! the word after either condition into one setting for both).

use super::annan::WALKS;
use super::{Capabilities, ConditionRule, Parameter, Walks};
use crate::board::{Attrs, Kind, Piece, Position, Square};
use crate::rules::{Condition, Rules};

/// The capabilities of Bolero: its captures, so its observation, are the
/// units' own.
const QUIET_WALKS: Capabilities = Capabilities {
    orthodox_movers: false,
    own_walks: false,
    ..Capabilities::ORTHODOX
};

pub struct Bolero;
pub struct BoleroInverse;

/// The walk of the orthodox game array's piece on `sq`'s file.
fn file_walk(sq: Square) -> Kind {
    match sq.file() {
        0 | 7 => Kind::ROOK,
        1 | 6 => Kind::KNIGHT,
        2 | 5 => Kind::BISHOP,
        3 => Kind::QUEEN,
        _ => Kind::KING,
    }
}

/// Whether `unit` keeps its walk: a pawn, or a royal unit unless
/// RexInclusive is given to `condition`.
fn keeps_walk(rules: &Rules, condition: Condition, unit: Piece) -> bool {
    unit.kind.is_pawn()
        || (!rules.param(condition).rex_inclusive
            && (unit.kind == Kind::KING || unit.attrs.contains(Attrs::ROYAL)))
}

/// What Bolero and BoleroInverse refuse beside them.
fn refusal(rules: &Rules, name: &str) -> Option<String> {
    if rules.has(Condition::Bolero) && rules.has(Condition::BoleroInverse) {
        return Some("Bolero with BoleroInverse (not played)".into());
    }
    let other_walks = rules.conditions.iter().any(|c| {
        !c.capabilities().own_walks && !matches!(c, Condition::Bolero | Condition::BoleroInverse)
    });
    if other_walks || super::mars_family(rules) {
        return Some(format!(
            "{name} with another condition that changes walks, or with the Mars family (not played)"
        ));
    }
    None
}

impl ConditionRule for Bolero {
    const ID: &'static str = "bolero";
    const CAPABILITIES: Capabilities = QUIET_WALKS;
    const PARAMETER: Parameter = Parameter::RexInclusive;

    #[inline]
    fn walks(rules: &Rules, _pos: &Position, on: Square, unit: Piece, observing: bool) -> Walks {
        if observing || keeps_walk(rules, Condition::Bolero, unit) {
            return Walks::one(unit.kind);
        }
        Walks::one(unit.kind).with_quiet(file_walk(on))
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "Bolero")
    }
}

impl ConditionRule for BoleroInverse {
    const ID: &'static str = "bolero_inverse";
    const CAPABILITIES: Capabilities = WALKS;
    const PARAMETER: Parameter = Parameter::RexInclusive;

    #[inline]
    fn walks(rules: &Rules, _pos: &Position, on: Square, unit: Piece, observing: bool) -> Walks {
        if keeps_walk(rules, Condition::BoleroInverse, unit) {
            return Walks::one(unit.kind);
        }
        let captures = Walks::one(file_walk(on));
        if observing {
            captures
        } else {
            captures.with_quiet(unit.kind)
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "BoleroInverse")
    }
}

#[cfg(test)]
mod tests {
    //! Each list is checked against Popeye 4.104's `~1`.
    use super::super::annan::tests::moves;
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};

    #[test]
    fn bolero_moves_with_the_files_walk_and_captures_with_its_own() {
        let r = Rules::orthodox().with(Condition::Bolero);
        // The rook b3 moves as a knight (file b) and captures as a rook.
        let got = moves(&r, "wKh1 wRb3 bKh8 bSb6");
        let rook: Vec<&String> = got.iter().filter(|m| m.starts_with("Rb3")).collect();
        assert_eq!(
            rook,
            ["Rb3*b6", "Rb3-a1", "Rb3-a5", "Rb3-c1", "Rb3-c5", "Rb3-d2", "Rb3-d4"]
        );
    }

    #[test]
    fn bolero_inverse_captures_and_observes_with_the_files_walk() {
        let r = Rules::orthodox().with(Condition::BoleroInverse);
        // The rook b3 captures as a knight (file b): c5, not b6.
        let got = moves(&r, "wKh1 wRb3 bKh8 bSb6 bPc5");
        assert!(got.contains(&"Rb3*c5".to_string()));
        assert!(!got.contains(&"Rb3*b6".to_string()));
        assert!(got.contains(&"Rb3-b5".to_string()));
        // It checks as a knight.
        let pos = Position::from_piece_list("wKh1 wRb3 bKc5").unwrap();
        assert!(r.in_check(&pos, Color::Black));
        let pos = Position::from_piece_list("wKh1 wRb3 bKb7").unwrap();
        assert!(!r.in_check(&pos, Color::Black));
    }

    #[test]
    fn kings_keep_their_walk_unless_rex_inclusive() {
        let r = Rules::orthodox().with(Condition::Bolero);
        let got = moves(&r, "wKd4 bKh8");
        assert_eq!(got.len(), 8);
        let r = r.with_param(
            Condition::Bolero,
            crate::rules::conditions::Param {
                rex_inclusive: true,
                ..Default::default()
            },
        );
        // On the d-file the king moves as a queen (g7 and h8 excepted).
        assert_eq!(moves(&r, "wKd4 bKh8").len(), 25);
    }
}
