//! Fairy units: their moves and their observations, read from their walks
//! by the generic generators of [`super`]. The orthodox kinds have
//! bitboard fast paths elsewhere; every other kind comes here.

use super::{generate, Board, Reach};
use crate::board::{Bitboard, Kind, Piece, Position, Square};
use crate::pieces::walk::{Rose, Step};

/// Reports every move of `piece` (a unit of the side it acts for) on
/// `from`, in Popeye's generation order: empty squares reached, and
/// captures of the units in `enemies`. A walk that may reach the same move
/// twice reports it once.
pub fn moves(
    pos: &Position,
    piece: Piece,
    from: Square,
    enemies: Bitboard,
    found: impl FnMut(Reach),
) {
    moves_as(pos, piece, piece.kind, from, enemies, found)
}

/// [`moves`] with the walk of `walk` (which a condition gave the unit).
pub fn moves_as(
    pos: &Position,
    piece: Piece,
    walk: Kind,
    from: Square,
    enemies: Bitboard,
    mut found: impl FnMut(Reach),
) {
    let def = walk.def();
    let board = Board {
        pos,
        occupied: pos.occupied(),
        enemies,
        side: piece.color,
        ep: pos.ep_square.map(|passed| (passed, pos.ep_victim)),
    };
    if !def.drops_repeats() {
        generate(def.walk.steps, from, &board, false, found);
        return;
    }
    let mut seen: Vec<Reach> = Vec::new();
    generate(def.walk.steps, from, &board, false, |r| {
        if !seen.contains(&r) {
            seen.push(r);
            found(r);
        }
    });
}

/// Calls `found` with the arrival square of each capture `piece` on
/// `from` could make of a unit on `target` (the target counts as an
/// enemy; `occupied` holds the other units).
pub fn captures_of(
    pos: &Position,
    piece: Piece,
    from: Square,
    target: Square,
    occupied: Bitboard,
    mut found: impl FnMut(Square),
) {
    let steps = piece.kind.walk().steps;
    let mut with_target = occupied;
    with_target.set(target);
    // Leaps and rides: only the lines through the target are walked.
    if let Some(n) = super::line_captures(steps, from, target, with_target) {
        for _ in 0..n {
            found(target);
        }
        return;
    }
    if !super::may_capture_on(steps, from, target) {
        return;
    }
    // The rose's circles through the target alone: check tests meet it
    // often, and its sixteen circles are long.
    if let [Step::Rose(Rose::Rider)] = steps {
        for _ in 0..super::rose_rider_captures(from, target, occupied) {
            found(target);
        }
        return;
    }
    let occupied = with_target;
    let mut enemies = pos.by_color(piece.color.opponent()) & occupied;
    enemies.set(target);
    let board = Board {
        pos,
        occupied,
        enemies,
        side: piece.color,
        ep: None,
    };
    generate(steps, from, &board, true, |r| {
        if r.capture == Some(target) {
            found(r.to);
        }
    });
}

/// Whether `piece` on `from` observes `target`: could capture a unit of
/// the other side there. This is what check is made of.
pub fn observes(
    pos: &Position,
    piece: Piece,
    from: Square,
    target: Square,
    occupied: Bitboard,
) -> bool {
    let mut seen = false;
    captures_of(pos, piece, from, target, occupied, |_| seen = true);
    seen
}

/// The squares `piece` on `from` observes among the occupied ones: where
/// it could capture if a unit of the other side stood there.
pub fn observed(pos: &Position, piece: Piece, from: Square) -> Bitboard {
    let occupied = pos.occupied();
    let mut seen = Bitboard::EMPTY;
    for target in occupied {
        if target != from && observes(pos, piece, from, target, occupied) {
            seen.set(target);
        }
    }
    seen
}
