//! State that lives across moves: units waiting under a square (Volcanic
//! and Parachute Circe) and a rebirth left pending until a later move
//! (Parrain, WaitCapture, AntiCirce LastMove). Part of the position, of its
//! hash key and of what a move prints.

use super::types::{Piece, Square};
use crate::moves::PendingKind;

/// How many units may wait under squares at once.
pub const MAX_BURIED: usize = 8;

/// A rebirth that waits for a later move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    /// The unit to be reborn, as the capture left it (a neutral unit as the
    /// side it was captured from): the captured unit, off the board, or
    /// (AntiCirce) the capturer, standing on `on`.
    pub unit: Piece,
    /// The capture square.
    pub on: Square,
    /// The unit's identity when identities are tracked (0 otherwise).
    pub id: u8,
    pub kind: PendingKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Waiting {
    pub pending: Option<Pending>,
    /// Units under squares, in the order they come out: the first unit
    /// listed for a square that is empty after a move comes out.
    buried: [(Square, Piece); MAX_BURIED],
    len: u8,
}

impl Default for Waiting {
    fn default() -> Waiting {
        Waiting::EMPTY
    }
}

impl Waiting {
    pub const EMPTY: Waiting = Waiting {
        pending: None,
        buried: [(
            Square(0),
            Piece::new(crate::board::Color::White, crate::board::Kind::PAWN),
        ); MAX_BURIED],
        len: 0,
    };

    /// Whether nothing waits.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.pending.is_none() && self.len == 0
    }

    /// Whether some unit waits under a square.
    #[inline]
    pub fn has_buried(&self) -> bool {
        self.len > 0
    }

    /// Units under squares, in the order they come out.
    pub fn buried(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.buried[..self.len as usize].iter().copied()
    }

    /// The units waiting under `sq`, in the order they come out.
    pub fn under(&self, sq: Square) -> impl Iterator<Item = Piece> + '_ {
        self.buried().filter(move |(s, _)| *s == sq).map(|(_, p)| p)
    }

    /// Puts `unit` under `sq`, to come out after every unit already
    /// waiting (Volcanic: the oldest comes out first). Returns false when
    /// there is no room (the caller refuses such a position rather than
    /// lose a unit).
    pub fn bury(&mut self, sq: Square, unit: Piece) -> bool {
        if self.len as usize == MAX_BURIED {
            return false;
        }
        self.buried[self.len as usize] = (sq, unit);
        self.len += 1;
        true
    }

    /// Puts `unit` under `sq`, to come out before every unit already
    /// waiting (Parachute: the last buried comes out first).
    pub fn bury_first(&mut self, sq: Square, unit: Piece) -> bool {
        if self.len as usize == MAX_BURIED {
            return false;
        }
        self.buried.copy_within(0..self.len as usize, 1);
        self.buried[0] = (sq, unit);
        self.len += 1;
        true
    }

    /// Turns the order units come out in around (GhostChess: the units the
    /// diagram puts under others come out the last placed first).
    pub fn reverse_buried(&mut self) {
        self.buried[..self.len as usize].reverse();
    }

    /// Takes the first unit waiting under `sq` out.
    pub fn unbury(&mut self, sq: Square) -> Option<Piece> {
        let n = self.len as usize;
        let i = self.buried[..n].iter().position(|(s, _)| *s == sq)?;
        let (_, unit) = self.buried[i];
        self.buried.copy_within(i + 1..n, i);
        // Unused slots stay as in EMPTY, so that equal states compare equal.
        self.buried[n - 1] = Waiting::EMPTY.buried[0];
        self.len -= 1;
        Some(unit)
    }

    /// A key for the position's hash (0 when nothing waits).
    pub fn key(&self, mix: impl Fn(u64) -> u64) -> u64 {
        let unit = |p: Piece| {
            u64::from(p.attrs.bits()) << 16 | (p.kind.index() as u64) << 8 | p.color.index() as u64
        };
        let mut h = 0;
        if let Some(p) = self.pending {
            h ^= mix(0xfeed << 44
                | (p.kind as u64) << 40
                | u64::from(p.id) << 32
                | unit(p.unit) << 8
                | p.on.index() as u64);
        }
        for (i, (sq, p)) in self.buried().enumerate() {
            h ^= mix((0xbeef + i as u64) << 40 | unit(p) << 8 | sq.index() as u64);
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, Kind};

    #[test]
    fn volcanic_units_come_out_oldest_first_parachute_last_first() {
        let sq = Square::parse("h1").unwrap();
        let a = Piece::new(Color::White, Kind::ROOK);
        let b = Piece::new(Color::Black, Kind::KNIGHT);
        let mut w = Waiting::EMPTY;
        assert!(w.bury(sq, a) && w.bury(sq, b));
        assert_eq!(w.unbury(sq), Some(a));
        let mut w = Waiting::EMPTY;
        assert!(w.bury_first(sq, a) && w.bury_first(sq, b));
        assert_eq!(w.unbury(sq), Some(b));
        assert_eq!(w.unbury(sq), Some(a));
        assert!(w.is_empty());
    }
}
