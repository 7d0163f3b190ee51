//! The orphan and the friend: walks with no moves of their own. An orphan
//! moves, captures and observes as every walk of the other side that
//! observes it, directly or through a chain of orphans of alternate sides
//! (an orphan observed, moving as a rook, by an enemy orphan that a rook of
//! the orphan's own side observes moves as a rook). A friend does the same with
//! the walks of its own side, through chains of friends. The walks are
//! tried in Popeye's order of walks, each lent walk's moves in its own
//! order; the kind's `sorts` flag drops the repeats.

use super::{generate_for, square, Board, Reach, Walker};
use crate::board::walks::fairy;
use crate::board::{Bitboard, Color, Piece, Position, Square};
use crate::pieces::Kind;

impl<F: FnMut(Reach)> Walker<'_, '_, F> {
    /// Every move the walks linked to the unit lend it.
    pub(super) fn orphan(&mut self, friend: bool) {
        let Some(from) = square(self.from) else {
            return;
        };
        let pos = self.board.pos;
        let side = self.board.side;
        let occupied = self.board.occupied;
        // An orphan borrows from either side's walks (a chain alternates
        // sides), a friend from its own side's alone.
        let lenders = if friend {
            pos.by_color(side)
        } else {
            pos.unit_squares()
        };
        for walk in lending_walks(pos, lenders) {
            let chain = Chain {
                pos,
                occupied,
                walk,
                friend,
            };
            if !chain.links(from, side, Bitboard::EMPTY) {
                continue;
            }
            // Popeye's exceptions for the pawns lent to an orphan (a
            // friend moves as a plain pawn).
            let lent = std::mem::replace(&mut self.for_orphan, !friend);
            for step in walk.walk().steps {
                self.step(step);
            }
            self.for_orphan = lent;
        }
    }
}

/// The walks on `lenders`' squares, in Popeye's order of walks (king, pawn,
/// queen, knight, rook, bishop, then the fairy walks in table order); the
/// orphan, the friend, the dummy and the hamster lend nothing.
fn lending_walks(pos: &Position, lenders: Bitboard) -> Vec<Kind> {
    let mut walks: Vec<Kind> = Kind::POPEYE_ORDER
        .into_iter()
        .filter(|&k| (pos.by_kind(k) & lenders).nonempty())
        .collect();
    let mut fairy: Vec<Kind> = (lenders & pos.fairy())
        .into_iter()
        .filter_map(|sq| pos.kind_at(sq))
        .filter(|&k| !matches!(k, Kind::ORPHAN | Kind::FRIEND | Kind::DUMMY | Kind::HAMSTER))
        .collect();
    fairy.sort();
    fairy.dedup();
    walks.extend(fairy);
    walks
}

/// The chains of one lent walk.
struct Chain<'p> {
    pos: &'p Position,
    occupied: Bitboard,
    walk: Kind,
    friend: bool,
}

impl Chain<'_> {
    /// Whether the orphan (friend) of `side` on `on` is linked to a unit
    /// of the walk: observed by one of the lending side, or by an orphan
    /// (friend) of that side, not yet on the chain (`visited`), that is
    /// linked in turn.
    fn links(&self, on: Square, side: Color, visited: Bitboard) -> bool {
        let lender = if self.friend { side } else { side.opponent() };
        let observer = Piece::new(lender, self.walk);
        let observed = (self.pos.pieces(lender, self.walk) & self.occupied)
            .into_iter()
            .any(|s| s != on && fairy::observes(self.pos, observer, s, on, self.occupied));
        if observed {
            return true;
        }
        let mut visited = visited;
        visited.set(on);
        let own = if self.friend {
            Kind::FRIEND
        } else {
            Kind::ORPHAN
        };
        let next = self.pos.pieces(lender, own) & self.occupied & !visited;
        next.into_iter()
            .any(|o| self.lent_observes(lender, o, on) && self.links(o, lender, visited))
    }

    /// Whether an orphan (friend) of `side` on `from`, moving as the walk,
    /// observes `target` (an orphan as a pawn from any rank).
    fn lent_observes(&self, side: Color, from: Square, target: Square) -> bool {
        let steps = self.walk.walk().steps;
        if !super::may_capture_on(steps, from, target) {
            return false;
        }
        let mut enemies = self.pos.by_color(side.opponent()) & self.occupied;
        enemies.set(target);
        let board = Board {
            pos: self.pos,
            occupied: self.occupied,
            enemies,
            side,
            ep: None,
        };
        let mut seen = false;
        generate_for(steps, from, &board, true, !self.friend, |r| {
            seen |= r.capture == Some(target)
        });
        seen
    }
}
