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
        let mut taken = Vec::new();
        let mut list = String::new();
        for (i, color) in ["w", "b"].iter().cycle().take(2 + 2 * per_side).enumerate() {
            let piece = if i < 2 {
                "K"
            } else {
                kinds[self.below(kinds.len() as u64) as usize]
            };
            let sq = loop {
                let sq = self.below(64) as u8;
                if !taken.contains(&sq) && (piece != "P" || (8..56).contains(&sq)) {
                    break sq;
                }
            };
            taken.push(sq);
            list.push_str(&format!(
                "{color}{piece}{}{} ",
                (b'a' + sq % 8) as char,
                sq / 8 + 1
            ));
        }
        list
    }
}
