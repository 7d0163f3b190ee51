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

use super::{Capabilities, ConditionRule, ProofTraffic, Stage, UnitTraffic};
use crate::board::{Bitboard, Color, Kind, Position, Square};
use crate::moves::{Effect, Effects, Motion, Move};
use crate::rules::{Base, Condition, Rules};

pub struct LostPieces;

/// The rules of the test: the same without LostPieces itself.
fn inner(rules: &Rules) -> Rules {
    let mut r = *rules;
    r.conditions.remove(Condition::LostPieces);
    r
}

/// The squares of `victims` (units of `side`'s opponent) that `side`
/// attacks in `pos` as it would attack a king there. `pos` keeps its en
/// passant square: a pawn that has just stepped two squares is in check
/// from a pawn that may take it en passant.
fn attacked(
    rules: &Rules,
    pos: &Position,
    side: Color,
    victims: Bitboard,
    moves: &mut Vec<Move>,
) -> Bitboard {
    attacked_but_from(rules, pos, side, victims, Bitboard::EMPTY, moves)
}

/// As `attacked`, the units on `silent` not counted (they still stand and
/// block lines). `moves` is scratch space.
fn attacked_but_from(
    rules: &Rules,
    pos: &Position,
    side: Color,
    victims: Bitboard,
    silent: Bitboard,
    moves: &mut Vec<Move>,
) -> Bitboard {
    let mut board = *pos;
    board.turn = side;
    moves.clear();
    if rules.observation_is_orthodox() && rules.units_move_from_their_squares() {
        // Only the units that observe a victim (or the square an en
        // passant capture takes it on) can take it: their moves only.
        let mut targets = victims;
        if let Some(ep) = board.ep_square {
            if victims.contains(board.ep_victim) {
                targets.set(ep);
            }
        }
        let mut takers = Bitboard::EMPTY;
        for target in targets {
            rules.any_observer(&board, target, side, None, false, |o| {
                takers.set(o.on);
                false
            });
        }
        // A pawn on its first rank observes in some forms only, and may
        // still take.
        takers |= board.pieces(side, Kind::PAWN) & Bitboard::rank(side.back_rank());
        for on in takers & board.by_color(side) {
            crate::movegen::unit_pseudo_legal_moves(&board, rules, on, moves);
        }
    } else {
        crate::movegen::pseudo_legal_moves(&board, rules, moves);
    }
    let rex_inclusive = rules.family(Base::Circe).is_some_and(|c| c.rex_inclusive);
    let mut hit = Bitboard::EMPTY;
    for mv in moves.iter() {
        if mv.captured.is_none() || !victims.contains(mv.capture_square) || silent.contains(mv.from)
        {
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
    // The move just played gives the losing side, not the remover, an en
    // passant capture.
    let mut played = *pos;
    played.ep_square = None;
    let mut scratch = Vec::new();
    let threatened = attacked(rules, &played, remover, candidates, &mut scratch);
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
    // Where an attack is a capture, by orthodox units, a quiet reply saves
    // a unit only by moving it or by standing in a line that attacks it.
    let attack_is_capture = rules.observation_is_orthodox()
        && rules.attack_is_always_check()
        && !rules.assassin()
        && rules.units_move_from_their_squares()
        && board.units().all(|(unit, _)| unit.kind.is_orthodox());
    let mut gone = Bitboard::EMPTY;
    for on in threatened {
        let lines = if attack_is_capture {
            let occupied = board.occupied();
            let mut lines = Bitboard::EMPTY;
            for by in board.attackers(on, remover, occupied) {
                lines |= crate::board::attacks::between(by, on);
            }
            Some(lines)
        } else {
            None
        };
        let saved = replies.iter().any(|mv| {
            if let Some(lines) = lines {
                let may_save = mv.from == on
                    || mv.captured.is_some()
                    || !mv.effects.is_empty()
                    || !matches!(mv.motion, Motion::Normal | Motion::DoubleStep)
                    || lines.contains(mv.to);
                if !may_save {
                    return false;
                }
            }
            let after = board.play(mv);
            // The mover's king taken and reborn blocks lines but gives no
            // check (as Popeye counts it).
            let mut silent = Bitboard::EMPTY;
            if mv.captured.is_some_and(|v| v.kind == Kind::KING) {
                for e in &mv.effects {
                    if let Effect::CapturedReborn { on, .. } = *e {
                        silent.set(on);
                    }
                }
            }
            followed(mv, on, &after).is_some_and(|sq| {
                attacked_but_from(
                    rules,
                    &after,
                    remover,
                    Bitboard::from_square(sq),
                    silent,
                    &mut scratch,
                )
                .is_empty()
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
    /// The mover's unit moves and may capture; any number of the other
    /// side's units may then be lost, none comes back.
    const PROOF: ProofTraffic = ProofTraffic::Moves(UnitTraffic {
        other_departures: 15,
        removed: 15,
        ..UnitTraffic::ONE_UNIT
    });
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

    /// The side that passes loses nothing; the other side, now to move,
    /// loses its units mated as kings, as after any move.
    fn pass_changes(rules: &Rules, passed: &Position, out: &mut Effects) {
        for on in lost(&inner(rules), passed, passed.turn) {
            if let Some(unit) = passed.piece_at(on) {
                if out.len() < crate::moves::MAX_EFFECTS {
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

    /// A pass loses the waiting side nothing and costs the other side its
    /// units mated as kings (Popeye's `1.Rd4-b4[-bPb5] ! threat:[-wPd7]`):
    /// the pawn d7, attacked by the king d8, cannot step or take; with the
    /// king on f8 it is not attacked, and stays.
    #[test]
    fn a_pass_loses_the_other_sides_units_mated_as_kings() {
        use crate::board::{Kind, Position, Square};
        use crate::moves::Effect;
        let r = lost(Rules::orthodox());
        let mut pos = Position::from_piece_list("wKd6 wRb4 wPd7 bKd8 bPe4").unwrap();
        pos.turn = Color::Black;
        let (after, removed) = pos.pass_under(&r);
        let d7 = Square::parse("d7").unwrap();
        assert_eq!(after.turn, Color::White);
        assert!(after.piece_at(d7).is_none());
        assert!(matches!(
            removed.iter().next(),
            Some(&Effect::Removed { on, unit }) if on == d7 && unit.kind == Kind::PAWN
        ));
        assert_eq!(removed.len(), 1);
        let mut free = Position::from_piece_list("wKd6 wRb4 wPd7 bKf8 bPe4").unwrap();
        free.turn = Color::Black;
        let (kept, none) = free.pass_under(&r);
        assert!(kept.piece_at(d7).is_some() && none.is_empty());
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

    #[test]
    fn a_pawn_that_steps_two_squares_into_an_en_passant_capture_is_not_saved() {
        // c7 is attacked by the rook; c7-c6 and c7-c5 (b5*c6 e.p.) both
        // leave it attacked, so every move that keeps the attack takes it.
        let r = lost(Rules::orthodox());
        let got = moves(&r, "wKh1 wRb7 wPb5 bKh8 bPc7", Color::White);
        assert!(got.contains(&"Kh1-g1[-bPc7]".to_string()), "{got:?}");
        assert!(got.contains(&"Rb7-a7[-bPc7]".to_string()), "{got:?}");
        // b5-b6 guards c7's escape no more: c7-c5 is safe.
        assert!(got.contains(&"b5-b6".to_string()), "{got:?}");
    }

    #[test]
    fn circe_the_movers_king_taken_during_the_test_is_reborn_and_gives_no_check() {
        // g3*f2 saves the pawn (the king reborn on e1 does not guard f2),
        // so the pawn stays and Kf2 is in check.
        let r = lost(Rules::with_circe(CirceRules::of(Base::Circe)));
        assert_eq!(
            moves(&r, "wKe1 bKe8 bPg3", Color::White),
            sorted("Ke1-d1 Ke1-d2 Ke1-e2 Ke1-f1")
        );
    }

    #[test]
    fn circe_the_movers_king_reborn_during_the_test_blocks_a_line() {
        // b2*c1 brings the king back on e1, between the rook on f1 and c1:
        // the pawn is saved, and 1.Rf1 leaves the king in check.
        let r = lost(Rules::with_circe(CirceRules::of(Base::Circe)));
        let got = moves(&r, "wKc1 wRh1 bKe5 bPb2", Color::White);
        assert!(got.contains(&"Rh1-d1[-bPb2]".to_string()), "{got:?}");
        assert!(!got.iter().any(|m| m.starts_with("Rh1-f1")), "{got:?}");
    }
}
