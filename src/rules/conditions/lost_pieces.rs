//! LostPieces: after each move, every unit of the other side (its king
//! aside) that would stand mated if it were that side's king is lost and
//! leaves the board (Popeye's `[-bPf5]`). "Mated" as Popeye tests it: the
//! unit is attacked, a capture of it by the mover's side being possible
//! (as it would be for a king: under Circe a royal unit is not reborn,
//! under AntiCirce the capturer must have its rebirth square), and no move
//! of its side, legal or not for its real king (which is no king during
//! the test), takes it out of attack. Every such unit is found on the
//! position the move (with its rebirths) leaves, and all of them are
//! removed together, before the move's legality is judged. A removed unit
//! is not reborn.

use super::{Capabilities, ConditionRule, Stage};
use crate::board::{Bitboard, Color, Kind, Position, Square};
use crate::moves::{Effect, Effects, Move};
use crate::rules::{Base, Condition, Rules};

pub struct LostPieces;

/// The rules of the test: the same without LostPieces itself.
fn inner(rules: &Rules) -> Rules {
    let mut r = *rules;
    r.conditions.remove(Condition::LostPieces);
    r
}

/// The squares of `victims` (units of `side`'s opponent) that `side`
/// attacks in `pos` as it would attack a king there.
fn attacked(rules: &Rules, pos: &Position, side: Color, victims: Bitboard) -> Bitboard {
    let mut board = *pos;
    board.turn = side;
    board.ep_square = None;
    let mut moves = Vec::new();
    crate::movegen::pseudo_legal_moves(&board, rules, &mut moves);
    let rex_inclusive = rules.family(Base::Circe).is_some_and(|c| c.rex_inclusive);
    let mut hit = Bitboard::EMPTY;
    for mv in &moves {
        if mv.captured.is_none() || !victims.contains(mv.capture_square) {
            continue;
        }
        // A royal unit is not reborn without Rex Inclusive.
        if !rex_inclusive || !crate::rules::captured_unit_back(&mv.effects) {
            hit.set(mv.capture_square);
        }
    }
    hit
}

/// Where the unit on `on` stands after `mv` (its own move, its rebirth),
/// if it is still on the board.
fn followed(mv: &Move, on: Square, after: &Position) -> Option<Square> {
    let mut at = if mv.from == on { mv.to } else { on };
    for e in &mv.effects {
        if let Effect::CapturerReborn { from, to, .. } = *e {
            if from == at {
                at = to;
            }
        }
    }
    after.piece_at(at).map(|_| at)
}

/// The units of `losing` that stand mated as kings in `pos`, `remover`
/// the other side.
fn lost(rules: &Rules, pos: &Position, losing: Color) -> Bitboard {
    let remover = losing.opponent();
    let candidates =
        pos.by_color(losing) & !pos.by_color(remover) & !pos.pieces(losing, Kind::KING);
    let threatened = attacked(rules, pos, remover, candidates);
    if threatened.is_empty() {
        return Bitboard::EMPTY;
    }
    let mut board = *pos;
    board.turn = losing;
    let mut replies = Vec::new();
    crate::movegen::pseudo_legal_moves(&board, rules, &mut replies);
    // The remover's king is no king during the test: it may be taken, and
    // is reborn as any unit would be (the rules' Rex Inclusive).
    let mut kings_as_units = *rules;
    for base in [Base::Circe, Base::AntiCirce] {
        if let Some(mut circe) = rules.family(base).copied() {
            circe.rex_inclusive = true;
            kings_as_units.set_family(circe);
        }
    }
    for king in pos.pieces(remover, Kind::KING) {
        let victim = pos.piece_at(king).expect("a king");
        for from in board.by_color(losing) & !board.by_color(remover) {
            let unit = board.piece_at(from).expect("a unit");
            if board.attacks_from(from, unit).contains(king) {
                let mut mv = Move::quiet(unit, from, king, crate::moves::Motion::Normal);
                mv.captured = Some(victim);
                mv.capture_square = king;
                let promotes =
                    unit.kind == Kind::PAWN && rules.promotion_squares(losing).contains(king);
                let kinds: Vec<Option<Kind>> = if promotes {
                    rules
                        .repertoire
                        .promotions(crate::pieces::Promotion::LastRank)
                        .map(Some)
                        .collect()
                } else {
                    vec![None]
                };
                for promotion in kinds {
                    let mv = Move { promotion, ..mv };
                    kings_as_units.resolve_move(&board, &mv, |effects| {
                        replies.push(Move { effects, ..mv });
                    });
                }
            }
        }
    }
    let mut gone = Bitboard::EMPTY;
    for on in threatened {
        let saved = replies.iter().any(|mv| {
            let after = board.play(mv);
            followed(mv, on, &after).is_some_and(|sq| {
                attacked(rules, &after, remover, Bitboard::from_square(sq)).is_empty()
            })
        });
        if !saved {
            gone.set(on);
        }
    }
    gone
}

impl ConditionRule for LostPieces {
    const ID: &'static str = "lostpieces";
    /// A move removes units of the other side: the quiet move of an
    /// unpinned unit may still be illegal (a unit removed uncovers
    /// nothing of the mover's, but check is judged on the final position),
    /// and a move is played out to find its removals.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        keeps_units: false,
        ..Capabilities::ORTHODOX
    };

    fn changes(
        rules: &Rules,
        stage: Stage,
        before: &Position,
        mv: &Move,
        now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        // A king captured ends the play: nothing more is looked at (the
        // check test plays such captures).
        if stage != Stage::AfterRebirths || mv.captured.is_some_and(|v| v.kind == Kind::KING) {
            return;
        }
        let losing = before.turn.opponent();
        for on in lost(&inner(rules), now, losing) {
            if let Some(unit) = now.piece_at(on) {
                if out.len() + so_far.len() < crate::moves::MAX_EFFECTS {
                    out.push(Effect::Removed { on, unit });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn lost(rules: Rules) -> Rules {
        let mut r = rules;
        r.conditions.insert(Condition::LostPieces);
        r
    }

    #[test]
    fn a_unit_mated_as_a_king_is_removed_and_not_reborn() {
        let r = lost(Rules::with_circe(CirceRules::of(Base::Circe)));
        let got = moves(&r, "wPa6 wKf4 bPf5", Color::White);
        assert!(got.contains(&"a6-a7[-bPf5]".to_string()), "{got:?}");
        // The king takes it: nothing is left to lose.
        assert!(got.contains(&"Kf4*f5[+bPf7]".to_string()), "{got:?}");
    }

    #[test]
    fn anticirce_a_capture_that_saves_needs_its_rebirth_square() {
        let r = lost(Rules::with_circe(CirceRules::of(Base::AntiCirce)));
        // b5*a4 saves the pawn, reborn on a7...
        assert_eq!(moves(&r, "wPa3 wPb4 bPb5", Color::White), sorted("a3-a4"));
        // ... unless a7 is taken.
        assert_eq!(
            moves(&r, "wPa3 wPb4 bPb5 bPa7", Color::White),
            sorted("a3-a4[-bPb5]")
        );
    }
}
