//! FaceToFace, BackToBack and CheekToCheek: a unit confronted by an enemy
//! unit moves, captures and observes with that unit's walk instead of its
//! own. Confronted means, under FaceToFace, an enemy unit directly in front
//! of it (one rank higher for White); under BackToBack directly behind it;
//! under CheekToCheek directly beside it, on the left or on the right.
//!
//! As Popeye plays them:
//! - under CheekToCheek a unit with an enemy unit on each side moves with
//!   both walks, each walk's moves apart: a move both make (the same walk
//!   twice, say) is listed twice;
//! - under CheekToCheek a unit observes with the walk of either side's
//!   confronter, that side standing for the unit's own walk when no enemy
//!   unit is there: a unit with one enemy neighbour moves only with the
//!   lent walk but observes (and checks) with its own walk too.
//!
//! The move stays the unit's own, as under AnnanChess (a pawn promotes on
//! its last rank whatever walk brought it there).

use super::{annan::WALKS, ConditionRule, Walks};
use crate::board::{Color, Kind, Piece, Position, Square};
use crate::rules::Rules;

pub struct FaceToFace;
pub struct BackToBack;
pub struct CheekToCheek;

/// The walk of the enemy unit `files` files and `ahead` ranks (forward
/// for the unit's side) from `on`, if one stands there.
#[inline]
fn confronter(pos: &Position, on: Square, unit: Piece, files: i8, ahead: i8) -> Option<Kind> {
    let forward = if unit.color == Color::White {
        ahead
    } else {
        -ahead
    };
    let enemy = unit.color.opponent();
    on.offset(files, forward)
        .filter(|&s| pos.by_color(enemy).contains(s))
        .and_then(|s| pos.piece_as(s, enemy))
        .map(|p| p.kind)
}

impl ConditionRule for FaceToFace {
    const ID: &'static str = "facetoface";
    /// A unit moves with a lent walk: still one unit a move, one capture.
    const PROOF: super::ProofTraffic = super::ProofTraffic::Moves(super::UnitTraffic::ONE_UNIT);
    const CAPABILITIES: super::Capabilities = WALKS;

    #[inline]
    fn walks(_rules: &Rules, pos: &Position, on: Square, unit: Piece, _observing: bool) -> Walks {
        Walks::one(confronter(pos, on, unit, 0, 1).unwrap_or(unit.kind))
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "FaceToFace")
    }
}

impl ConditionRule for BackToBack {
    const ID: &'static str = "backtoback";
    /// A unit moves with a lent walk: still one unit a move, one capture.
    const PROOF: super::ProofTraffic = super::ProofTraffic::Moves(super::UnitTraffic::ONE_UNIT);
    const CAPABILITIES: super::Capabilities = WALKS;

    #[inline]
    fn walks(_rules: &Rules, pos: &Position, on: Square, unit: Piece, _observing: bool) -> Walks {
        Walks::one(confronter(pos, on, unit, 0, -1).unwrap_or(unit.kind))
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "BackToBack")
    }
}

impl ConditionRule for CheekToCheek {
    const ID: &'static str = "cheektocheek";
    /// A unit moves with a lent walk: still one unit a move, one capture.
    const PROOF: super::ProofTraffic = super::ProofTraffic::Moves(super::UnitTraffic::ONE_UNIT);
    const CAPABILITIES: super::Capabilities = WALKS;

    #[inline]
    fn walks(_rules: &Rules, pos: &Position, on: Square, unit: Piece, observing: bool) -> Walks {
        let left = confronter(pos, on, unit, -1, 0);
        let right = confronter(pos, on, unit, 1, 0);
        if observing {
            // Either side's walk, the own one standing for an empty side.
            let mut walks = Walks::one(left.unwrap_or(unit.kind));
            walks.push(right.unwrap_or(unit.kind));
            return walks;
        }
        match (left, right) {
            (None, None) => Walks::one(unit.kind),
            (Some(k), None) | (None, Some(k)) => Walks::one(k),
            (Some(l), Some(r)) => {
                let mut walks = Walks::one(l);
                walks.push_again(r);
                walks.kept_apart()
            }
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "CheekToCheek")
    }
}

/// The three are not played beside the Mars family (not compared with
/// Popeye there), nor beside the conditions that ask who observes or
/// which lines observe (Madrasi's paralysis, Patrol's support...): Popeye
/// judges those with the units' own walks, confronted or not, which
/// circe's observers do not yet tell apart from a check.
fn refusal(rules: &Rules, name: &str) -> Option<String> {
    use crate::rules::Condition as C;
    const JUDGING_OBSERVERS: [C; 21] = [
        C::Madrasi,
        C::Eiffel,
        C::Paralysing,
        C::Isardam,
        C::Patrol,
        C::UltraPatrol,
        C::Lortap,
        C::SuperGuards,
        C::ShieldedKings,
        C::AntiGuards,
        C::Woozles,
        C::BiWoozles,
        C::Heffalumps,
        C::BiHeffalumps,
        C::Functionary,
        C::DangerCirce,
        C::CentralChess,
        C::Masand,
        C::MasandGeneralised,
        C::Disparate,
        C::Brunner,
    ];
    if let Some(other) = JUDGING_OBSERVERS.iter().find(|&&c| rules.has(c)) {
        return Some(format!(
            "{name} with {other:?} (not played yet: Popeye judges its observers with the units' own walks)"
        ));
    }
    super::not_played_beside_mars(rules, name)
}

#[cfg(test)]
mod tests {
    //! Each list is checked against Popeye 4.104's `~1`.
    use super::super::annan::tests::moves;
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};

    #[test]
    fn face_to_face_lends_the_walk_of_the_enemy_unit_in_front() {
        let r = Rules::orthodox().with(Condition::FaceToFace);
        // The rook d4 faces the black knight d5: it moves as a knight.
        let got = moves(&r, "wKa1 wRd4 bSd5 bKh8");
        let rook: Vec<&String> = got.iter().filter(|m| m.starts_with("Rd4")).collect();
        assert_eq!(rook.len(), 8);
        assert!(rook.iter().all(|m| !m.contains("d4-d")));
        // Black's knight faces the rook (one rank lower for Black): it
        // observes as a rook, and checks the king a5.
        let pos = Position::from_piece_list("wKa5 wRd4 bSd5 bKh8").unwrap();
        assert!(r.in_check(&pos, Color::White));
        assert!(!Rules::orthodox().in_check(&pos, Color::White));
    }

    #[test]
    fn back_to_back_lends_the_walk_of_the_enemy_unit_behind() {
        let r = Rules::orthodox().with(Condition::BackToBack);
        // The rook d4 has the black bishop d3 behind it: it moves as a
        // bishop (and captures nothing on the d-file).
        let got = moves(&r, "wKa1 wRd4 bBd3 bKh7");
        let rook: Vec<&String> = got.iter().filter(|m| m.starts_with("Rd4")).collect();
        assert_eq!(rook.len(), 12);
        assert!(rook
            .iter()
            .all(|m| !m.contains("d4-d") && !m.contains("*d")));
    }

    #[test]
    fn cheek_to_cheek_lists_a_move_once_per_confronter() {
        let r = Rules::orthodox().with(Condition::CheekToCheek);
        // Two black pawns beside the rook: it moves as a (white) pawn,
        // once for each of them.
        let got = moves(&r, "wKa1 wRd4 bPc4 bPe4 bSc5 bKh8");
        let rook: Vec<&String> = got.iter().filter(|m| m.starts_with("Rd4")).collect();
        assert_eq!(rook, ["Rd4*c5", "Rd4*c5", "Rd4-d5", "Rd4-d5"]);
    }

    #[test]
    fn cheek_to_cheek_observes_with_the_own_walk_beside_one_confronter() {
        let r = Rules::orthodox().with(Condition::CheekToCheek);
        // The rook d4, beside the black pawn c4 only, moves as a pawn but
        // still checks the king on d8 as a rook.
        let pos = Position::from_piece_list("wKa1 wRd4 bPc4 bKd8").unwrap();
        assert!(r.in_check(&pos, Color::Black));
        // With a black pawn on each side it does not.
        let pos = Position::from_piece_list("wKa1 wRd4 bPc4 bPe4 bKd8").unwrap();
        assert!(!r.in_check(&pos, Color::Black));
    }
}
