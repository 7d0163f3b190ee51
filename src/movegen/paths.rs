//! Moves under the conditions that change where units move from or
//! whether they may move: the Mars family (MarsCirce, AntiMarsCirce,
//! PhantomChess), Madrasi's paralysed units and DangerCirce's extra move.
//!
//! A unit that moves from its rebirth square is lifted and put there
//! first; its moves are generated on that board, as any unit's, and carry
//! the lift as a [`Effect::Premove`] (Popeye's `Rb3-h1*g1`). The problems
//! that use none of these conditions never come here.

use super::{generate, Gen};
use crate::board::{Bitboard, Kind, Piece, Position, Square};
use crate::moves::{Effect, Effects, Motion, Move};
use crate::rules::paths::castling_square;
use crate::rules::{rebirth, CirceRules, Condition, Paths, Rules};

/// Appends the pseudo-legal moves of the side to move.
pub(super) fn pseudo_legal_moves(pos: &Position, rules: &Rules, out: &mut Vec<Move>) {
    let us = pos.turn;
    let movers = pos.by_color(us) & !rules.paralysed(pos, us);
    match rules.paths() {
        None => generate(pos, rules, movers, out),
        Some(paths) => {
            for from in movers {
                unit_moves(pos, rules, &paths, from, out);
            }
        }
    }
    if rules.has(Condition::DangerCirce) {
        for from in movers {
            danger_move(pos, rules, from, out);
        }
    }
}

/// What a path keeps of the moves generated from its square.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    Captures,
    NonCaptures,
    All,
}

impl Keep {
    /// Castling is neither a capture nor a non-capture to these filters
    /// (Popeye's): every path keeps it.
    #[inline]
    fn keeps(self, mv: &Move) -> bool {
        match self {
            Keep::All => true,
            _ if mv.is_castling() => true,
            Keep::Captures => mv.is_capture(),
            Keep::NonCaptures => !mv.is_capture(),
        }
    }
}

/// The moves of the unit on `from` under the Mars family.
fn unit_moves(pos: &Position, rules: &Rules, paths: &Paths<'_>, from: Square, out: &mut Vec<Move>) {
    let unit = pos.piece_as(from, pos.turn).expect("own unit");
    let mut lifted = pos.occupied();
    lifted.clear(from);
    if let Some(phantom) = paths.phantom {
        phantom_moves(pos, rules, &phantom, unit, from, lifted, out);
        return;
    }
    // Non-captures from the AntiMars square, captures from the Mars
    // square; each from the unit's own square when that base is not in
    // force. A unit whose rebirth square is occupied (or a king that does
    // not take part) has no moves of that kind.
    match paths.antimars {
        None => from_square(pos, rules, from, Keep::NonCaptures, out),
        Some(am) => {
            if let Some(r) = am.origin(unit, from, lifted) {
                let start = out.len();
                from_rebirth_square(pos, rules, unit, from, r, Keep::NonCaptures, out);
                // A move back onto the unit's own square is no move;
                // Popeye keeps it when it is a double step or castling.
                retain_from(out, start, |mv| {
                    mv.to != from || mv.is_castling() || mv.motion == Motion::DoubleStep
                });
                if unit.kind == Kind::KING && r == castling_square(unit.color) {
                    castling_with_reborn_rooks(pos, rules, unit, from, r, out);
                }
            }
        }
    }
    match paths.mars {
        None => from_square(pos, rules, from, Keep::Captures, out),
        Some(mars) => {
            if let Some(r) = mars.origin(unit, from, lifted) {
                from_rebirth_square(pos, rules, unit, from, r, Keep::Captures, out);
            }
        }
    }
}

/// PhantomChess: every move from the unit's square, then every move from
/// its rebirth square that arrives neither on the unit's square nor where
/// a move from its square arrives, castling excepted.
fn phantom_moves(
    pos: &Position,
    rules: &Rules,
    phantom: &CirceRules,
    unit: Piece,
    from: Square,
    lifted: Bitboard,
    out: &mut Vec<Move>,
) {
    let start = out.len();
    from_square(pos, rules, from, Keep::All, out);
    let mut arrivals = Bitboard::from_square(from);
    for mv in &out[start..] {
        arrivals.set(mv.to);
    }
    if let Some(r) = phantom.origin(unit, from, lifted).filter(|&r| r != from) {
        let start = out.len();
        from_rebirth_square(pos, rules, unit, from, r, Keep::All, out);
        // Popeye's phantom king does not castle from its rebirth square.
        retain_from(out, start, |mv| {
            !arrivals.contains(mv.to) && !mv.is_castling()
        });
    }
}

/// The moves of the unit on `from` of the kind `keep` says.
fn from_square(pos: &Position, rules: &Rules, from: Square, keep: Keep, out: &mut Vec<Move>) {
    let start = out.len();
    generate(pos, rules, Bitboard::from_square(from), out);
    retain_from(out, start, |mv| keep.keeps(mv));
}

/// The moves of `unit`, lifted from `from` and put on `r`, of the kind
/// `keep` says. A king put on its castling square may castle from there,
/// its own right taken as granted (the rooks' rights are not).
fn from_rebirth_square(
    pos: &Position,
    rules: &Rules,
    unit: Piece,
    from: Square,
    r: Square,
    keep: Keep,
    out: &mut Vec<Move>,
) {
    let moved = lift(pos, unit, from, r);
    let start = out.len();
    generate(&moved, rules, Bitboard::from_square(r), out);
    retain_from(out, start, |mv| keep.keeps(mv));
    if r != from {
        for mv in &mut out[start..] {
            mv.effects = premoved(&[Effect::Premove { from, to: r, unit }], mv.effects);
        }
    }
}

/// The position with `unit` moved from `from` to `r` (which is empty or
/// `from`); a king put on its castling square may castle.
fn lift(pos: &Position, unit: Piece, from: Square, r: Square) -> Position {
    let mut moved = *pos;
    let on_board = moved.remove(from).expect("the moving unit");
    moved.put(r, on_board);
    if unit.kind == Kind::KING && r == castling_square(unit.color) {
        moved.unmoved.set(r);
    }
    moved
}

/// AntiMarsCirce: the king, put on its castling square `r`, may also
/// castle with a rook put first on the rook's own rebirth square (a1 or
/// h1 by the colour of its square, a8 or h8 for Black) when that square is
/// empty; the rook then has the right to castle. Popeye generates every
/// castling of that board and gives the rook's move to the first one
/// generated only (the short castling first): the others are written and
/// played without it, as Popeye does.
fn castling_with_reborn_rooks(
    pos: &Position,
    rules: &Rules,
    king: Piece,
    from: Square,
    r: Square,
    out: &mut Vec<Move>,
) {
    let us = pos.turn;
    let with_king = lift(pos, king, from, r);
    for rook_from in with_king.pieces(us, Kind::ROOK) {
        let rook = with_king.piece_as(rook_from, us).expect("a rook");
        let corner = rebirth::classic(Kind::ROOK, us, rook_from);
        if with_king.occupied().contains(corner) {
            continue;
        }
        let mut board = with_king;
        let on_board = board.remove(rook_from).expect("the rook");
        board.put(corner, on_board);
        board.unmoved.set(corner);
        let start = out.len();
        generate(&board, rules, Bitboard::from_square(r), out);
        retain_from(out, start, Move::is_castling);
        for (i, mv) in out[start..].iter_mut().enumerate() {
            let king_premove = Effect::Premove {
                from,
                to: r,
                unit: king,
            };
            let rook_premove = Effect::Premove {
                from: rook_from,
                to: corner,
                unit: rook,
            };
            let lifts: &[Effect] = match (r != from, i == 0) {
                (true, true) => &[king_premove, rook_premove],
                (false, true) => &[rook_premove],
                (true, false) => &[king_premove],
                (false, false) => &[],
            };
            mv.effects = premoved(lifts, mv.effects);
        }
    }
}

/// `lifts` followed by `effects`.
fn premoved(lifts: &[Effect], effects: Effects) -> Effects {
    let mut all = Effects::NONE;
    for e in lifts.iter().chain(effects.iter()) {
        all.push(*e);
    }
    all
}

/// Keeps the moves from `start` on that `keep` accepts.
fn retain_from(out: &mut Vec<Move>, start: usize, mut keep: impl FnMut(&Move) -> bool) {
    let mut kept = start;
    for i in start..out.len() {
        if keep(&out[i]) {
            out[kept] = out[i];
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// DangerCirce: a unit observed by the other side may also move straight
/// to its rebirth square (its own side's, the classic one): a non-capture
/// when the square is empty, a capture of an enemy unit standing there.
/// Popeye does not merge it with an ordinary move to the same square: both
/// are written.
fn danger_move(pos: &Position, rules: &Rules, from: Square, out: &mut Vec<Move>) {
    let us = pos.turn;
    let them = us.opponent();
    let unit = pos.piece_as(from, us).expect("own unit");
    let r = rebirth::classic(unit.kind, unit.color, from);
    let occ = pos.occupied();
    if r == from || !rules.observes(pos, from, them) {
        return;
    }
    if !occ.contains(r) {
        out.push(Move::quiet(unit, from, r, Motion::Normal));
        return;
    }
    let capturable = pos.by_color(them) & !super::king_shield(pos, rules, them);
    if capturable.contains(r) {
        let gen = Gen {
            pos,
            rules,
            occ,
            capturable,
        };
        gen.push(out, unit, from, r, Motion::Normal, None);
    }
}
