//! A small deterministic random source for the tests that draw random
//! positions: the same seed gives the same positions on every machine, so
//! a failure can be replayed.

/// Marsaglia's xorshift64 generator.
pub(crate) struct XorShift(u64);

impl XorShift {
    /// A generator started from `seed` (never zero: xorshift stays at zero).
    pub(crate) fn new(seed: u64) -> Self {
        assert_ne!(seed, 0, "xorshift needs a non-zero seed");
        XorShift(seed)
    }

    /// A number in `0..n`.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    /// A piece list (`wKe1 bKh8 wQd4 ...`): both kings, then `per_side`
    /// more units of each side, alternately white and black, of `kinds`
    /// (letters), on distinct squares, no pawn on the first or last rank.
    pub(crate) fn piece_list(&mut self, per_side: usize, kinds: &[&str]) -> String {
        let mut list = PieceList::default();
        for (i, color) in ["w", "b"].iter().cycle().take(2 + 2 * per_side).enumerate() {
            let piece = if i < 2 {
                "K"
            } else {
                kinds[self.below(kinds.len() as u64) as usize]
            };
            list.place_anywhere(self, &format!("{color}{piece}"));
        }
        list.text
    }
}

/// A piece list being built: units on distinct squares, no pawn on the
/// first or last rank.
#[derive(Default)]
pub(crate) struct PieceList {
    taken: Vec<u8>,
    /// The list so far (`wKe1 bKh8 `).
    pub(crate) text: String,
}

impl PieceList {
    /// Puts `piece` (`wK`, `bP`) on `sq` (0 a1 .. 63 h8), unless the square
    /// is taken or a pawn may not stand there.
    pub(crate) fn place(&mut self, piece: &str, sq: u8) -> bool {
        if self.taken.contains(&sq) || (piece.ends_with('P') && !(8..56).contains(&sq)) {
            return false;
        }
        self.taken.push(sq);
        self.text.push_str(&format!(
            "{piece}{}{} ",
            (b'a' + sq % 8) as char,
            sq / 8 + 1
        ));
        true
    }

    /// Puts `piece` on a square drawn from `rng` until one takes it.
    pub(crate) fn place_anywhere(&mut self, rng: &mut XorShift, piece: &str) {
        while !self.place(piece, rng.below(64) as u8) {}
    }
}
