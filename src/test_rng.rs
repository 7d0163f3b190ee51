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
}
