//! Conditions on material: kings, pawns, promoted units, and the captures
//! the pawn structure requires.

use crate::board::{Bitboard, Color, Kind, Position};

pub(super) fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

pub(super) fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

pub(super) fn role_name(r: Kind) -> &'static str {
    r.def().names[0]
}

pub(super) fn square_list(b: Bitboard) -> String {
    b.map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}

/// Light squares (b1, a2, ...): a1 is dark.
const LIGHT: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);

/// `kings`: exactly one king a side. Kings are never captured, nor can a
/// pawn promote to one.
///
/// Rejected: `4k3/8/8/8/8/8/8/8 w` (no white king);
/// accepted: `4k3/8/8/8/8/8/8/4K3 w`.
pub(super) fn kings(pos: &Position) -> Option<String> {
    Color::ALL.into_iter().find_map(|c| {
        let n = pos.pieces(c, Kind::KING).count();
        (n != 1).then(|| format!("{} has {n} kings", side_name(c)))
    })
}

/// `pawn-on-back-rank`: pawns start on rank 2 (7), only move forward and
/// promote on reaching the last rank, so none stands on rank 1 or 8.
///
/// Rejected: `4k3/8/8/8/8/8/8/P3K3 w` (white pawn on a1);
/// accepted: `4k3/8/8/8/8/8/P7/4K3 w`.
pub(super) fn pawns_on_back_rank(pos: &Position) -> Option<String> {
    let bad = pos.by_kind(Kind::PAWN) & (Bitboard::rank(0) | Bitboard::rank(7));
    let sq = bad.first()?;
    let c = pos.color_at(sq).expect("pawn");
    Some(format!(
        "the {} pawn on {sq} stands on rank {}",
        color_name(c),
        sq.rank() + 1
    ))
}

/// `pawn-count`: at most 8 pawns a side (nothing turns into a pawn).
///
/// Rejected: nine white pawns, `4k3/8/8/8/8/P7/PPPPPPPP/4K3 w`;
/// accepted: eight, `4k3/8/8/8/8/P7/1PPPPPPP/4K3 w`.
pub(super) fn pawn_count(pos: &Position) -> Option<String> {
    Color::ALL.into_iter().find_map(|c| {
        let n = pos.pieces(c, Kind::PAWN).count();
        (n > 8).then(|| format!("{} has {n} pawns", side_name(c)))
    })
}

/// The units of `c` beyond the game array (1 queen, 2 rooks, 1 bishop per
/// square colour, 2 knights): each must be a promoted pawn.
pub(super) fn promoted_count(pos: &Position, c: Color) -> u32 {
    let excess = |n: u32, base: u32| n.saturating_sub(base);
    let bishops = pos.pieces(c, Kind::BISHOP);
    excess(pos.pieces(c, Kind::QUEEN).count(), 1)
        + excess(pos.pieces(c, Kind::ROOK).count(), 2)
        + excess((bishops & LIGHT).count(), 1)
        + excess((bishops & !LIGHT).count(), 1)
        + excess(pos.pieces(c, Kind::KNIGHT).count(), 2)
}

/// `promoted-units`: every unit beyond the game array is a promoted pawn,
/// so there are no more of them than the side's missing pawns. Bishops are
/// counted by square colour: two bishops on light squares mean a promotion.
///
/// Rejected: `B3k3/1B6/8/8/8/8/PPPPPPPP/4K3 w` (two light bishops, no pawn
/// missing); accepted: `B3k3/1B6/8/8/8/8/1PPPPPPP/4K3 w`.
pub(super) fn promoted_units(pos: &Position) -> Option<String> {
    Color::ALL.into_iter().find_map(|c| {
        let promoted = promoted_count(pos, c);
        let missing = 8 - pos.pieces(c, Kind::PAWN).count().min(8);
        (promoted > missing).then(|| {
            format!(
                "{} has {promoted} unit(s) beyond the game array, which must be \
                 promoted pawns, but only {missing} pawn(s) missing",
                side_name(c)
            )
        })
    })
}

/// The least number of captures `c`'s pawns have made: each pawn comes from
/// its own file of the game array, changes file only by capturing (one
/// file per capture) and has made at most as many moves as ranks it has
/// advanced. `None` when no assignment of pawns to starting files exists.
pub(super) fn pawn_captures_needed(pos: &Position, c: Color) -> Option<u32> {
    const NONE: u32 = u32::MAX;
    // dp[mask]: least captures for the pawns seen so far, using the starting
    // files in `mask`.
    let mut dp = vec![NONE; 256];
    dp[0] = 0;
    for sq in pos.pieces(c, Kind::PAWN) {
        let advanced = (sq.rank() as i32 - c.pawn_rank() as i32).unsigned_abs();
        let mut next = vec![NONE; 256];
        for (mask, &cost) in dp.iter().enumerate() {
            if cost == NONE {
                continue;
            }
            for start in 0..8u32 {
                let shift = (sq.file() as i32 - start as i32).unsigned_abs();
                if mask & (1 << start) != 0 || shift > advanced {
                    continue;
                }
                let m = mask | (1 << start);
                next[m] = next[m].min(cost + shift);
            }
        }
        dp = next;
    }
    dp.into_iter().min().filter(|&n| n != NONE)
}

/// `pawn-captures`: a pawn changes file only by capturing an enemy unit, so
/// the captures the pawn structure needs (pawns off their file, doubled
/// pawns: the least over all ways of giving each pawn its own starting
/// file) are no more than the opponent's missing units. A pawn that has
/// advanced k ranks can be at most k files from its starting file.
///
/// Rejected: `rnbqkbnr/pppppppp/8/8/P7/P7/2PPPPPP/RNBQKBNR w` (doubled
/// a-pawns need a capture, Black has all 16 units); accepted with one black
/// unit gone: `rnbqkbnr/ppppppp1/8/8/P7/P7/2PPPPPP/RNBQKBNR w`.
pub(super) fn pawn_captures(pos: &Position) -> Option<String> {
    Color::ALL.into_iter().find_map(|c| {
        let them = c.opponent();
        let missing = 16u32.saturating_sub(pos.by_color(them).count());
        let pawns = square_list(pos.pieces(c, Kind::PAWN));
        match pawn_captures_needed(pos, c) {
            None => Some(format!(
                "{}'s pawns on {pawns} cannot each have come from a file of its own",
                side_name(c)
            )),
            Some(n) if n > missing => Some(format!(
                "{}'s pawns on {pawns} need at least {n} capture(s), but {} has only \
                 {missing} unit(s) missing",
                side_name(c),
                side_name(them)
            )),
            Some(_) => None,
        }
    })
}
