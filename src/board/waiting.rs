//! State that lives across moves: units waiting under a square (Volcanic
//! and Parachute Circe) and a rebirth left pending until the next move
//! (Parrain Circe). Part of the position, of its hash key and of what a
//! move prints.

use super::types::{Piece, Square};

/// How many units may wait under squares at once.
pub const MAX_BURIED: usize = 6;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Waiting {
    /// The unit captured by the last move and the square it was captured
    /// on, when its rebirth waits for the next move.
    pub pending: Option<(Piece, Square)>,
    /// Units under squares, oldest first.
    buried: [Option<(Square, Piece)>; MAX_BURIED],
}

impl Waiting {
    pub const EMPTY: Waiting = Waiting {
        pending: None,
        buried: [None; MAX_BURIED],
    };

    /// Whether nothing waits.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.pending.is_none() && self.buried[0].is_none()
    }

    /// Units under squares, oldest first.
    pub fn buried(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.buried.iter().map_while(|b| *b)
    }

    /// The units waiting under `sq`, oldest first.
    pub fn under(&self, sq: Square) -> impl Iterator<Item = Piece> + '_ {
        self.buried().filter(move |(s, _)| *s == sq).map(|(_, p)| p)
    }

    /// Puts `unit` under `sq`. Returns false when there is no room (the
    /// caller refuses such a position rather than lose a unit).
    pub fn bury(&mut self, sq: Square, unit: Piece) -> bool {
        match self.buried.iter_mut().find(|b| b.is_none()) {
            Some(slot) => {
                *slot = Some((sq, unit));
                true
            }
            None => false,
        }
    }

    /// Takes the oldest unit waiting under `sq` out.
    pub fn unbury(&mut self, sq: Square) -> Option<Piece> {
        let i = self
            .buried
            .iter()
            .position(|b| matches!(b, Some((s, _)) if *s == sq))?;
        let (_, unit) = self.buried[i].expect("found");
        self.buried.copy_within(i + 1.., i);
        self.buried[MAX_BURIED - 1] = None;
        Some(unit)
    }

    /// A key for the position's hash (0 when nothing waits).
    pub fn key(&self, mix: impl Fn(u64) -> u64) -> u64 {
        let unit = |p: Piece| {
            u64::from(p.attrs.bits()) << 16 | (p.kind.index() as u64) << 8 | p.color.index() as u64
        };
        let mut h = 0;
        if let Some((p, sq)) = self.pending {
            h ^= mix(0xfeed << 40 | unit(p) << 8 | sq.index() as u64);
        }
        for (i, (sq, p)) in self.buried().enumerate() {
            h ^= mix((0xbeef + i as u64) << 40 | unit(p) << 8 | sq.index() as u64);
        }
        h
    }
}
