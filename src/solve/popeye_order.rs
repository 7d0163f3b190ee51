//! The order in which Popeye tries (and so prints) the moves of a position.
//!
//! Output in this order reads like Popeye's, and `movenumbers`, `start` and
//! `maxsolutions` depend on it. Popeye tries the units from a1 to h8 (rank
//! by rank); for each unit the directions in a fixed order, a rider's
//! squares from the farthest back to the nearest, promotions as queen,
//! knight, rook, bishop. Established against the recorded `~1` outputs of
//! the corpus, which list every move in Popeye's order.

use crate::board::{Attrs, Color, Kind};
use crate::moves::{Effect, Motion, Move};
use crate::pieces::walk::vectors;
use crate::rules::conditions::all_in_chess;
use crate::rules::Rules;

/// King, queen, rook and bishop lines, and knight leaps, in the reverse
/// of the order Popeye generates them (the walk data of `pieces::walk`):
/// Popeye tries the moves it generated last first.
const LINES: [(i8, i8); 8] = vectors::Q_REV;
const LEAPS: [(i8, i8); 8] = vectors::N_REV;

/// A sort key: moves with smaller keys are tried first. `sorted`: the
/// twin is in Popeye's sorting mode (a rose or its kin in the diagram),
/// where every move list is tried by departure, arrival and capture
/// square, the highest first.
pub fn key_in(mv: &Move, sorted: bool) -> (u8, u8, u8, u8) {
    if !sorted {
        return key(mv);
    }
    // Captured square, then en passant, double step, castling short and
    // long, a move without capture, an exchange castling, a castling of
    // CastlingChess by its partner's square (Popeye's codes, above every
    // square); the order is reversed below.
    let capture = match (mv.motion, mv.effects.iter().next()) {
        (_, Some(&Effect::CastlingPartner { from, .. })) => 70 + from.0,
        (_, Some(Effect::ExchangeCastled { .. })) => 69,
        (Motion::EnPassant, _) => 64,
        (Motion::DoubleStep, _) => 65,
        (Motion::CastleShort, _) => 66,
        (Motion::CastleLong, _) => 67,
        (Motion::Normal, _) if mv.is_capture() => mv.capture_square.0,
        (Motion::Normal | Motion::Exchange | Motion::Null, _) => 68,
    };
    (
        63 - mv.from.0,
        63 - mv.to.0,
        133 - capture,
        promotion_rank(mv),
    )
}

/// The place of a move's promotion in the chain: Q, S, R, B, then the
/// fairy pieces in the kinds' order.
fn promotion_rank(mv: &Move) -> u8 {
    mv.promotion.map_or(0, |kind| {
        Kind::PROMOTIONS
            .iter()
            .position(|&p| p == kind)
            .unwrap_or(kind.index()) as u8
    })
}

/// A sort key outside sorting mode: moves with smaller keys are tried
/// first.
pub fn key(mv: &Move) -> (u8, u8, u8, u8) {
    let df = mv.to.file() as i8 - mv.from.file() as i8;
    let dr = mv.to.rank() as i8 - mv.from.rank() as i8;
    let promotion = promotion_rank(mv);
    let (direction, distance) = match (mv.piece.kind, mv.motion) {
        // MessignyChess's exchanges after the unit's moves, by the square
        // of the unit exchanged with.
        (_, Motion::Exchange) => (u8::MAX, mv.to.0),
        // A fairy unit: the last move its walk generated first; an
        // orthodox one's moves with walks beside its own kept apart
        // (numbered from 1, see `movegen`) after its own, the same way.
        (kind, _) if !kind.is_orthodox() || mv.sequence != 0 => (u8::MAX - mv.sequence, 0),
        // Castling, long then short, before the king's steps.
        (_, Motion::CastleLong) => (0, 0),
        (_, Motion::CastleShort) => (1, 0),
        (Kind::PAWN, _) => (pawn_rank(mv, df), 0),
        (Kind::KNIGHT, _) => (index_of(&LEAPS, (df, dr)), 0),
        _ => {
            let line = (df.signum(), dr.signum());
            let far_first = 8 - df.abs().max(dr.abs()) as u8;
            (2 + index_of(&LINES, line), far_first)
        }
    };
    (mv.from.0, direction, distance, promotion)
}

/// [`key`] under the rules in force: the Mars family moves units from
/// their rebirth squares, and Popeye tries each unit's moves of its
/// "alternative path" before the others: under MarsCirce and PhantomChess
/// those from its rebirth square, under AntiMarsCirce those from its own
/// square. Units keep the order of the squares they stand on.
/// In Popeye's sorting mode, [`key_in`].
pub fn key_under(rules: &Rules, mv: &Move) -> (u8, u8, u8, u8, u8) {
    // RoleExchange: generated before the others, so tried last.
    if let Some(Effect::RoleExchange { .. }) = mv.effects.iter().next() {
        return (u8::MAX, u8::MAX, u8::MAX, u8::MAX, u8::MAX);
    }
    if rules.repertoire.sorts_moves() {
        let (from, to, capture, promotion) = key_in(mv, true);
        return (from, to, capture, promotion, 0);
    }
    // The castlings of CastlingChess and ExchangeCastling, generated after
    // the king's steps, are tried before them: the exchanges first, from
    // h8 down, then the castlings in the order of the lines.
    match mv.effects.iter().next() {
        Some(&Effect::CastlingPartner { to, .. }) => {
            let line = (
                (to.file() as i8 - mv.from.file() as i8),
                (to.rank() as i8 - mv.from.rank() as i8),
            );
            let rank = vectors::Q.iter().position(|&v| v == line).unwrap_or(8) as u8;
            return (mv.from.0, 4, 0, 1 + rank, 0);
        }
        Some(Effect::ExchangeCastled { .. }) => return (mv.from.0, 4, 0, 0, 63 - mv.to.0),
        _ => {}
    }
    let (_, direction, distance, promotion) = key(mv);
    // Make&TakeChess: a unit's captures are tried in the reverse of the
    // order the condition builds them (`sequence`), before its quiet moves.
    if mv.is_capture() && rules.has(crate::rules::Condition::MakeTakeChess) {
        return (mv.from.0, 0, u8::MAX - mv.sequence, 0, promotion);
    }
    // The mover's lift, if its move comes from its rebirth square.
    let lifted_from = mv.effects.iter().find_map(|e| match *e {
        Effect::Premove { from, to, unit } if to == mv.from && unit == mv.piece => Some(from),
        _ => None,
    });
    let from_rebirth_square = lifted_from.is_some();
    let path = match rules.paths() {
        // PlusChess: the captures from the other centre squares first,
        // from e5, e4, d5, then d4; then the unit's own moves.
        None => match lifted_from {
            Some(_) => {
                let centre = crate::rules::conditions::CENTRE;
                3 - centre.iter().position(|&c| c == mv.from).unwrap_or(3) as u8
            }
            None => 4,
        },
        Some(p) => match (p.mars.is_some(), p.antimars.is_some()) {
            (true, true) => u8::from(!mv.is_capture()),
            (false, true) => u8::from(from_rebirth_square),
            _ => u8::from(!from_rebirth_square),
        },
    };
    let unit = lifted_from.unwrap_or(mv.from);
    (unit.0, path, direction, distance, promotion)
}

/// [`key_under`] for a move of the side `turn`: under AllInChess and
/// MainlyInChess Popeye generates the other side's units' moves first, so
/// tries them after the mover's own (the same under every other rule).
/// Under AliceChess Popeye generates board A's units' moves, then board
/// B's: it tries board B's first.
pub fn key_for(rules: &Rules, turn: Color, mv: &Move) -> (bool, bool, (u8, u8, u8, u8, u8)) {
    let foreign =
        all_in_chess::movers(rules) == Some(all_in_chess::Movers::Both) && mv.piece.color != turn;
    let board_a = !mv.piece.attrs.contains(Attrs::ALICE_B);
    (foreign, board_a, key_under(rules, mv))
}

/// A pawn's double step, then its step, then its captures towards the
/// h-file and towards the a-file (for either side).
fn pawn_rank(mv: &Move, df: i8) -> u8 {
    match (mv.motion, df) {
        (Motion::DoubleStep, _) => 0,
        (_, 0) => 1,
        (_, d) if d > 0 => 2,
        _ => 3,
    }
}

fn index_of(list: &[(i8, i8)], d: (i8, i8)) -> u8 {
    list.iter().position(|&x| x == d).unwrap_or(list.len()) as u8
}

/// Puts `moves` in the order Popeye tries them. The generator's order is
/// close to it already (units a1 to h8), and often equal; each key is
/// computed once, and moves with equal keys (the outcomes of one capture)
/// keep the generator's order.
pub fn sort(moves: &mut [Move], rules: &Rules, turn: Color) {
    let n = moves.len();
    if n < 2 {
        return;
    }
    // The Mars family (each unit's paths in Popeye's order) and the
    // sorting mode.
    // The Mars family, PlusChess and the walks kept apart (VaultingKings)
    // need `key_under`'s view of the move.
    if rules.paths().is_some()
        || rules.repertoire.sorts_moves()
        || !rules.conditions.all_keep(|c| c.orthodox_movers)
    {
        moves.sort_by_cached_key(|mv| key_for(rules, turn, mv));
        return;
    }
    if n > 256 {
        moves.sort_by_cached_key(key);
        return;
    }
    // Key and index in one number: all distinct, so an unstable sort keeps
    // equal keys in the generator's order.
    let mut order = [0u32; 256];
    let mut sorted = true;
    for (i, mv) in moves.iter().enumerate() {
        // The packed key knows the orthodox walks only.
        if !mv.piece.kind.is_orthodox() || mv.promotion.is_some_and(|k| !k.is_orthodox()) {
            moves.sort_by_cached_key(key);
            return;
        }
        order[i] = packed(mv) << 8 | i as u32;
        sorted &= i == 0 || order[i] > order[i - 1];
    }
    if sorted {
        return;
    }
    let order = &mut order[..n];
    order.sort_unstable();
    // Apply the permutation in place, cycle by cycle; a done place gets
    // the top bit.
    const DONE: u32 = 1 << 31;
    for start in 0..n {
        if order[start] & DONE != 0 {
            continue;
        }
        let first = moves[start];
        let mut at = start;
        loop {
            let from = (order[at] & 0xff) as usize;
            order[at] |= DONE;
            if from == start {
                moves[at] = first;
                break;
            }
            moves[at] = moves[from];
            at = from;
        }
    }
}

/// [`key`] in one number (below 2^23), computed with tables.
#[inline]
fn packed(mv: &Move) -> u32 {
    let df = mv.to.file() as i32 - mv.from.file() as i32;
    let dr = mv.to.rank() as i32 - mv.from.rank() as i32;
    let promotion = match mv.promotion {
        None => 0,
        Some(k) => Kind::PROMOTIONS.iter().position(|&p| p == k).unwrap_or(0) as u32,
    };
    let (direction, distance) = match (mv.piece.kind, mv.motion) {
        (_, Motion::CastleLong) => (0, 0),
        (_, Motion::CastleShort) => (1, 0),
        (Kind::PAWN, _) => (u32::from(pawn_rank(mv, df as i8)), 0),
        (Kind::KNIGHT, _) => {
            let i = (df + 2) * 5 + (dr + 2);
            let d = if (0..25).contains(&i) {
                LEAP_INDEX[i as usize]
            } else {
                LEAPS.len() as u8
            };
            (u32::from(d), 0)
        }
        _ => {
            let line = LINE_INDEX[((df.signum() + 1) * 3 + dr.signum() + 1) as usize];
            let far_first = 8 - df.abs().max(dr.abs()) as u32;
            (2 + u32::from(line), far_first)
        }
    };
    u32::from(mv.from.0) << 15 | direction << 10 | distance << 5 | promotion
}

/// The index in [`LINES`] of each direction (file sign, rank sign), by
/// `(sign_f + 1) * 3 + sign_r + 1`; 8 for no direction.
const LINE_INDEX: [u8; 9] = {
    let mut t = [LINES.len() as u8; 9];
    let mut i = 0;
    while i < LINES.len() {
        let (f, r) = LINES[i];
        t[((f + 1) * 3 + r + 1) as usize] = i as u8;
        i += 1;
    }
    t
};

/// The index in [`LEAPS`] of each leap, by `(df + 2) * 5 + dr + 2`; 8 for
/// none.
const LEAP_INDEX: [u8; 25] = {
    let mut t = [LEAPS.len() as u8; 25];
    let mut i = 0;
    while i < LEAPS.len() {
        let (f, r) = LEAPS[i];
        t[((f + 2) * 5 + r + 2) as usize] = i as u8;
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, Position};
    use crate::rules::Rules;

    #[test]
    fn sorting_agrees_with_the_key() {
        let lists = [
            "wKe1 wQd1 wRa1 wRh1 wBc1 wSb1 wPe2 wPd5 wPg7 bKe8 bPc6 bSh8 bRf8",
            "wKh1 wSd4 wPb7 wPa2 bKa8 bQc8 bRb8",
        ];
        for list in lists {
            for turn in Color::ALL {
                let mut pos = Position::from_piece_list(list).unwrap();
                pos.turn = turn;
                let mut moves = Vec::new();
                crate::movegen::pseudo_legal_moves(&pos, &Rules::orthodox(), &mut moves);
                let mut by_key = moves.clone();
                by_key.sort_by_key(key);
                sort(&mut moves, &Rules::orthodox(), turn);
                assert_eq!(moves, by_key, "{list}");
                for w in moves.windows(2) {
                    assert_eq!(key(&w[0]) <= key(&w[1]), packed(&w[0]) <= packed(&w[1]));
                }
            }
        }
    }
}
