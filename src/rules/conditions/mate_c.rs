//! #C (Popeye's mate_C): a move that mates hands the mating units over.
//!
//! - Once the move is played (with its rebirths and every other change),
//!   if it mates the other side — in check, with no legal answer, judged by
//!   the other rules without this condition — every unit of the moving
//!   side that observes the enemy king changes sides, kings, royal and
//!   neutral units aside. The units are taken in the order of their squares
//!   (a1, b1, ... h8), each observation judged on the board as the earlier
//!   changes left it, and only the unit tested counts as observing.
//! - If the changes leave the mover's king in check (a unit handed over
//!   checks it), they are all taken back: the move stays, mating.
//! - Popeye writes each change in brackets of its own after the move
//!   (`Sg4-f6[f6=b]`), as under Masand. The goals (`#`, `+`, `=`) are
//!   judged on the board the changes leave: a mate (`#`) stands where its
//!   check survives them (taken back, or a neutral unit checking).
//! - Refused beside any other condition (not compared with Popeye yet).

use super::{Capabilities, ConditionRule};
use crate::board::{Attrs, Bitboard, Kind, Piece, Position, Square};
use crate::movegen::has_legal_move;
use crate::moves::{Effects, Move, MAX_EFFECTS};
use crate::rules::{Base, Condition, Rules};

pub struct MateC;

impl ConditionRule for MateC {
    const ID: &'static str = "mate_C";
    /// A mating move changes units, so moves are played out.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        keeps_units: false,
        ..Capabilities::ORTHODOX
    };
    /// A mating move hands units over where they stand.
    const PROOF: super::ProofTraffic = super::ProofTraffic::Recolours;

    fn changes(
        rules: &Rules,
        stage: super::Stage,
        before: &Position,
        _mv: &Move,
        now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        if stage != super::Stage::AfterRebirths {
            return;
        }
        let side = before.turn;
        let enemy = side.opponent();
        let Some(king) = now.king(enemy) else {
            return;
        };
        if !mates(rules, now) {
            return;
        }
        let mut board = *now;
        let mut turned = Bitboard::EMPTY;
        for on in now.by_color(side) {
            let Some(unit) = board.piece_at(on) else {
                continue;
            };
            if !turnable(unit) || !observes(rules, &board, king, on) {
                continue;
            }
            board.put(
                on,
                Piece {
                    color: enemy,
                    ..unit
                },
            );
            turned.set(on);
        }
        if turned.is_empty() || rules.in_check(&board, side) {
            return;
        }
        let room = MAX_EFFECTS.saturating_sub(so_far.len() + out.len());
        let mut changes = Effects::NONE;
        for on in turned {
            super::masand::record(&mut changes, room, on, enemy);
        }
        for e in &changes {
            out.push(*e);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        // Compared with Popeye alone and beside the Circe forms only.
        let other = rules.conditions.iter().find(|&c| c != Condition::MateC);
        other.map(|c| format!("#C with {} (not played yet)", english_name(c)))
    }
}

/// Popeye's English name of `c`, or its identifier (an attribute's rule).
fn english_name(c: Condition) -> &'static str {
    crate::vocabulary::CONDITION_NAMES
        .iter()
        .chain(crate::vocabulary::EXTRA_CONDITION_NAMES.iter())
        .find(|n| n.id == c.popeye_id())
        .map_or(c.popeye_id(), |n| n.names[0])
}

/// Whether the side to move in `now` is mated by the rules without #C
/// (its answers hand nothing over).
fn mates(rules: &Rules, now: &Position) -> bool {
    let mut plain = *rules;
    plain.conditions.remove(Condition::MateC);
    plain.in_check(now, now.turn) && !has_legal_move(now, &plain, &mut Vec::new())
}

/// Whether the unit may change sides: not a king, royal or neutral unit.
fn turnable(unit: Piece) -> bool {
    unit.kind != Kind::KING && !unit.attrs.contains(Attrs::ROYAL) && !unit.is_neutral()
}

/// Whether the unit on `on` observes the enemy king on `king`. Popeye
/// holds the observation to the square the observing move leaves: under
/// PhantomChess an observation from the unit's rebirth square does not
/// count; MarsCirce's, made only from there, is taken back to the unit's
/// square before it is judged, and counts.
fn observes(rules: &Rules, pos: &Position, king: Square, on: Square) -> bool {
    let side = pos.color_at(on).expect("a unit");
    let mars = rules.family(Base::MarsCirce).is_some();
    rules.any_observer(pos, king, side, None, true, |o| {
        o.on == on && (o.from == on || mars)
    })
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::moves;
    use crate::board::Color;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn mate_c() -> Rules {
        Rules::orthodox().with(Condition::MateC)
    }

    #[test]
    fn a_mating_move_hands_the_unit_observing_the_king_over() {
        let got = moves(&mate_c(), "wKg6 wRa1 wPb2 bKh8", Color::White);
        assert!(got.contains(&"Ra1-a8[a8=b]".to_string()), "{got:?}");
        // A check that does not mate changes nothing.
        assert!(got.contains(&"Ra1-h1".to_string()), "{got:?}");
    }

    #[test]
    fn every_observing_unit_changes_in_the_order_of_the_squares() {
        let got = moves(&mate_c(), "wKa2 wRh1 wSh6 bKh8 bRg8 bPg7", Color::White);
        // The rook's discovered mate: the rook alone observes h8.
        assert!(got.contains(&"Sh6-f5[h1=b]".to_string()), "{got:?}");
        assert!(got.contains(&"Sh6-f7[h1=b][f7=b]".to_string()), "{got:?}");
    }

    #[test]
    fn the_changes_are_taken_back_when_they_would_check_the_mover() {
        // The rook turned black on h1 would check the king on a1.
        let got = moves(&mate_c(), "wKa1 wRh1 wSh6 bKh8 bRg8 bPg7", Color::White);
        assert!(got.contains(&"Sh6-f7".to_string()), "{got:?}");
        assert!(!got.iter().any(|m| m.contains('[')), "{got:?}");
    }

    #[test]
    fn an_observation_from_a_rebirth_square_counts_under_marscirce_only() {
        // The queen on g3 checks e1 from its rebirth square d1.
        let mars = Rules::with_circe(CirceRules::of(Base::MarsCirce)).with(Condition::MateC);
        let got = moves(
            &mars,
            "wKd3 wPe6 wPd2 wQg3 wPg4 wSd1 bKe1 bRd6",
            Color::White,
        );
        assert!(got.contains(&"Sd1-f2[g3=b]".to_string()), "{got:?}");
        // The rook on b2 mates from its rebirth square a1, and stays.
        let phantom = Rules::with_circe(CirceRules::of(Base::PhantomChess)).with(Condition::MateC);
        let got = moves(&phantom, "wKh1 wSg2 wRf1 wRb1 wBh7 bKa4 bSf8", Color::White);
        assert!(got.contains(&"Rb1-b2".to_string()), "{got:?}");
        assert!(!got.iter().any(|m| m.starts_with("Rb1-b2[")), "{got:?}");
    }

    #[test]
    fn other_conditions_are_not_played_yet() {
        assert!(mate_c().conditions.refusal(&mate_c()).is_none());
        let r = Rules::with_circe(CirceRules::of(Base::AntiCirce)).with(Condition::MateC);
        assert!(r.conditions.refusal(&r).is_none());
        for c in [Condition::Madrasi, Condition::Masand, Condition::Paralysing] {
            let r = mate_c().with(c);
            assert!(r.conditions.refusal(&r).is_some(), "{c:?}");
        }
    }

    #[test]
    fn a_neutral_unit_stays_and_keeps_its_check() {
        // Black's answer nSf7-h6 shields the king: no mate, no change.
        let got = moves(&mate_c(), "wKa2 wRh1 nSh6 bKh8 bRg8 bPg7", Color::White);
        assert!(got.contains(&"nSh6-f7".to_string()), "{got:?}");
        assert!(!got.iter().any(|m| m.contains('[')), "{got:?}");
    }
}
