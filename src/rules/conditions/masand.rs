//! Masand and MasandGeneralised: a unit that gives check turns the units
//! it observes to the other side.
//!
//! - Masand: once the move is played (with its rebirths), if the enemy
//!   king is in check and the moved unit (where it ends, an AntiCirce
//!   capturer where it is reborn) observes it, every unit that unit
//!   observes changes sides, of either side, kings, royal and neutral
//!   units aside.
//! - MasandGeneralised: once the move is played, if the enemy king is in
//!   check, every unit of the moving side that observes it (the mover or
//!   not) turns the units it observes, each unit at most once a move. The
//!   checking units are taken in the order of their squares as the changes
//!   go: a unit just turned to the moving side checks and turns in its
//!   turn, one turned away no longer does.
//! - The units change in the order of their squares (a1, b1, ... h8), each
//!   observation judged on the board as the earlier changes left it. The
//!   change is part of the move: a move whose changes leave its side's king
//!   in check is illegal. Popeye writes each change in brackets of its
//!   own after the move: `Ra4-d4[d2=w][f4=b]`.
//!
//! Popeye refuses Masand (not MasandGeneralised) beside neutral units and
//! beside AnnanChess and Nanna, whose walks follow the units' sides.

use super::{Capabilities, ConditionRule, Stage};
use crate::board::{Attrs, Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::{Effect, Effects, Move, MAX_EFFECTS};
use crate::rules::{Condition, Rules};

/// What both forms leave of orthodox chess: a move changes units, so it is
/// played out (its legality too).
const CHANGING: Capabilities = Capabilities {
    orthodox_legality: false,
    keeps_units: false,
    ..Capabilities::ORTHODOX
};

/// Whether the unit on `target` is observed by the unit of `side` on `on`.
fn observed_by(rules: &Rules, pos: &Position, target: Square, on: Square, side: Color) -> bool {
    rules.any_observer(pos, target, side, None, true, |o| o.on == on)
}

/// Whether the unit may be turned: not a king, royal or neutral unit.
fn turnable(unit: Piece) -> bool {
    unit.kind != Kind::KING && !unit.attrs.contains(Attrs::ROYAL) && !unit.is_neutral()
}

/// Turns, on `board`, the units observed by the unit of `side` on `on`
/// that are not in `done`, recording each change in `out` and `done`.
fn turn_observed(
    rules: &Rules,
    board: &mut Position,
    on: Square,
    side: Color,
    done: &mut Bitboard,
    room: usize,
    out: &mut Effects,
) {
    let mut units = board.unit_squares();
    units.clear(on);
    for sq in units {
        let Some(unit) = board.piece_at(sq) else {
            continue;
        };
        if done.contains(sq) || !turnable(unit) || !observed_by(rules, board, sq, on, side) {
            continue;
        }
        let turned = Piece {
            color: unit.color.opponent(),
            ..unit
        };
        board.put(sq, turned);
        done.set(sq);
        record(out, room, sq, turned.color);
    }
}

/// Records the change of the unit on `sq` to `side`: in the last
/// [`Effect::Turned`] when it holds the same band and only earlier squares
/// (so that the order of the squares written is the order of the
/// changes), else in a new one while there is room; with none left, in an
/// earlier one of the band (the position stays right, only the order
/// written may differ).
pub(super) fn record(out: &mut Effects, room: usize, sq: Square, side: Color) {
    let band = sq.0 / 16;
    let bit = 1u16 << (sq.0 % 16);
    let add = |squares: &mut [u8; 2], white: &mut [u8; 2]| {
        let s = u16::from_le_bytes(*squares) | bit;
        let mut w = u16::from_le_bytes(*white) & !bit;
        if side == Color::White {
            w |= bit;
        }
        *squares = s.to_le_bytes();
        *white = w.to_le_bytes();
    };
    let n = out.len();
    if let Some(Effect::Turned {
        band: b,
        squares,
        white,
    }) = out.iter_mut_slice().last_mut()
    {
        if *b == band && u16::from_le_bytes(*squares) < bit {
            add(squares, white);
            return;
        }
    }
    if n < room {
        let mut squares = [0; 2];
        let mut white = [0; 2];
        add(&mut squares, &mut white);
        out.push(Effect::Turned {
            band,
            squares,
            white,
        });
        return;
    }
    for e in out.iter_mut_slice() {
        if let Effect::Turned {
            band: b,
            squares,
            white,
        } = e
        {
            if *b == band {
                add(squares, white);
                return;
            }
        }
    }
}

/// A unit that gives check by its move turns the units it observes.
pub struct Masand;

impl ConditionRule for Masand {
    const ID: &'static str = "masand";
    const CAPABILITIES: Capabilities = CHANGING;

    fn changes(
        rules: &Rules,
        stage: Stage,
        before: &Position,
        mv: &Move,
        now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        if stage != Stage::AfterRebirths {
            return;
        }
        let Some(at) = super::anda::mover_square(mv, so_far) else {
            return;
        };
        let side = before.turn;
        let enemy = side.opponent();
        let Some(king) = now.king(enemy) else {
            return;
        };
        if now.piece_at(at).is_none()
            || !rules.in_check(now, enemy)
            || !observed_by(rules, now, king, at, side)
        {
            return;
        }
        let mut board = *now;
        let mut done = Bitboard::EMPTY;
        let room = MAX_EFFECTS.saturating_sub(so_far.len());
        turn_observed(rules, &mut board, at, side, &mut done, room, out);
    }

    fn refusal(rules: &Rules) -> Option<String> {
        [
            Condition::AnnanChess,
            Condition::Nanna,
            Condition::PointReflection,
        ]
        .into_iter()
        .any(|c| rules.has(c))
        .then(|| "Annan Chess and conditions that recolour pieces not allowed".into())
    }

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        pos.neutral()
            .nonempty()
            .then(|| "too much fairy chess for neutral pieces".into())
    }
}

/// Every unit of the side that gives check turns the units it observes.
pub struct MasandGeneralised;

impl ConditionRule for MasandGeneralised {
    const ID: &'static str = "masand_generalised";
    const CAPABILITIES: Capabilities = CHANGING;

    fn changes(
        rules: &Rules,
        stage: Stage,
        before: &Position,
        _mv: &Move,
        now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        if stage != Stage::AfterRebirths {
            return;
        }
        let side = before.turn;
        let enemy = side.opponent();
        let Some(king) = now.king(enemy) else {
            return;
        };
        if !rules.in_check(now, enemy) {
            return;
        }
        let mut board = *now;
        let mut done = Bitboard::EMPTY;
        let room = MAX_EFFECTS.saturating_sub(so_far.len());
        for on in now.unit_squares() {
            // The unit's side as the changes so far left it (a neutral
            // unit is of both).
            let Some(unit) = board.piece_at(on) else {
                continue;
            };
            if (unit.color == side || unit.is_neutral())
                && observed_by(rules, &board, king, on, side)
            {
                turn_observed(rules, &mut board, on, side, &mut done, room, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    #[test]
    fn masand_the_checking_unit_turns_the_units_it_observes_of_either_side() {
        let r = Rules::orthodox().with(Condition::Masand);
        let got = moves(&r, "wKh1 wRa4 wBf4 bKd8 bSd2 bPg4 bPa7", Color::White);
        assert!(got.contains(&"Ra4-d4[d2=w][f4=b]".to_string()), "{got:?}");
        assert!(got.contains(&"Bf4-g5[d2=w]".to_string()), "{got:?}");
        // A check that observes no unit turns none; no check, no change.
        assert!(got.contains(&"Bf4-c7".to_string()), "{got:?}");
        assert!(got.contains(&"Ra4-c4".to_string()), "{got:?}");
    }

    #[test]
    fn masand_a_turned_unit_may_not_check_its_old_sides_king() {
        let r = Rules::orthodox().with(Condition::Masand);
        assert_eq!(
            moves(&r, "wKa1 wBb2 wPh2 bKd6 bQh8 bPg3", Color::White),
            sorted("Ka1-a2 Ka1-b1 Bb2*h8 Bb2-g7 Bb2-f6 Bb2-e5[g3=w][h8=w] Bb2-d4 Bb2-c3 h2-h4 h2-h3 h2*g3")
        );
        // The knight turned black on d3 would check the white king.
        let got = moves(&r, "wKe1 wRa4 wSd3 bKd8 bPa7", Color::White);
        assert!(!got.iter().any(|m| m.starts_with("Ra4-d4")), "{got:?}");
    }

    #[test]
    fn masand_generalised_every_checker_turns_and_a_unit_turned_checks_in_its_turn() {
        let r = Rules::orthodox().with(Condition::MasandGeneralised);
        let got = moves(
            &r,
            "wKg7 wRf4 wQe1 wRe6 wBd1 wQa5 wRh1 bKg2 bQb3 bPd7 bBa3 bBd5",
            Color::White,
        );
        // The queen on d2 turns d1, e1, f4 and d5; the bishop turned white
        // on d5 then checks and turns b3 and e6.
        assert!(
            got.contains(&"Qa5-d2[d1=b][e1=b][f4=b][d5=w][b3=w][e6=b]".to_string()),
            "{got:?}"
        );
        assert!(got.contains(&"Qe1-g1[d1=b][h1=b]".to_string()), "{got:?}");
    }

    #[test]
    fn masand_generalised_a_unit_is_turned_once() {
        let r = Rules::orthodox().with(Condition::MasandGeneralised);
        let got = moves(&r, "wBb1 wSc2 wPa2 bKd3", Color::White);
        assert!(got.contains(&"Sc2-b4[a2=b]".to_string()), "{got:?}");
        assert!(got.contains(&"Sc2-e1[a2=b]".to_string()), "{got:?}");
    }
}
