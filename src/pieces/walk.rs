//! Walks as data: a walk is a list of steps, each a family (how a vector
//! is followed) and its vectors, kept apart for moves and for captures.
//! The generic generators in `movegen/fairy.rs` read them; nothing else
//! needs to know which walk a unit has.

/// How the vectors of a [`Step`] are followed from the unit's square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// One jump along each vector (knight, zebra, camel ...).
    Leaper,
    /// Repeated jumps along each vector while the squares are empty; the
    /// first occupied square may be captured (rook, nightrider ...).
    Rider,
    /// Rides to the first unit (the hurdle) and lands on the next square
    /// along the vector, capturing there if it holds an enemy
    /// (grasshopper).
    Hopper,
    /// The orthodox pawn's moves (for pawn-like kinds the generator
    /// handles them on its own).
    Pawn,
}

/// One family with its vectors, listed in the order Popeye tries them.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    pub family: Family,
    pub vectors: &'static [(i8, i8)],
}

/// How a kind moves and captures.
#[derive(Clone, Copy, Debug)]
pub struct Walk {
    /// Moves to empty squares.
    pub moves: &'static [Step],
    /// Captures (and so observation: check).
    pub captures: &'static [Step],
}

impl Walk {
    /// A walk that moves and captures alike.
    pub const fn uniform(steps: &'static [Step]) -> Walk {
        Walk {
            moves: steps,
            captures: steps,
        }
    }

    /// Whether moves and captures follow the same steps.
    pub fn is_uniform(&self) -> bool {
        std::ptr::eq(self.moves, self.captures)
    }
}

/// Vectors, each list in the order Popeye tries them.
pub mod vectors {
    /// The rook's and the bishop's lines, as Popeye tries the queen's.
    pub const QUEEN: [(i8, i8); 8] = [
        (-1, -1),
        (1, -1),
        (1, 1),
        (-1, 1),
        (0, -1),
        (-1, 0),
        (0, 1),
        (1, 0),
    ];
    pub const ROOK: [(i8, i8); 4] = [(0, -1), (-1, 0), (0, 1), (1, 0)];
    pub const BISHOP: [(i8, i8); 4] = [(-1, -1), (1, -1), (1, 1), (-1, 1)];
    /// The knight's leaps.
    pub const KNIGHT: [(i8, i8); 8] = [
        (-2, -1),
        (-1, -2),
        (1, -2),
        (2, -1),
        (2, 1),
        (1, 2),
        (-1, 2),
        (-2, 1),
    ];
    pub const ZEBRA: [(i8, i8); 8] = [
        (-3, -2),
        (-2, -3),
        (2, -3),
        (3, -2),
        (3, 2),
        (2, 3),
        (-2, 3),
        (-3, 2),
    ];
    pub const CAMEL: [(i8, i8); 8] = [
        (-3, -1),
        (-1, -3),
        (1, -3),
        (3, -1),
        (3, 1),
        (1, 3),
        (-1, 3),
        (-3, 1),
    ];
}
