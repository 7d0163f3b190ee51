//! Counters of the search per length left (half-moves in help play, moves
//! in series play): positions expanded, moves generated, table look-ups,
//! hits and stores, goal bounds asked and cuts. Compiled in with the `search-stats` feature only
//! (`cargo build --release --features search-stats`); `circe bench` then
//! prints them under each problem. Without the feature every count is an
//! empty inline function.

/// What is counted.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Counter {
    /// Positions whose moves were generated.
    Nodes = 0,
    /// Moves generated there (at the last half-move: those that could
    /// reach the goal).
    Moves,
    /// Table look-ups.
    Probes,
    /// Look-ups that found the answer.
    Hits,
    /// Answers stored.
    Stores,
    /// Positions the goal bound (`mate_bound.rs`) was asked about.
    Bounds,
    /// Positions it cut.
    Cuts,
}

#[cfg(feature = "search-stats")]
mod imp {
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    pub(super) const LENGTHS: usize = 64;
    pub(super) const COUNTERS: usize = 7;
    pub(super) static COUNTS: [[AtomicU64; LENGTHS]; COUNTERS] =
        [const { [const { AtomicU64::new(0) }; LENGTHS] }; COUNTERS];

    pub(super) fn add(counter: usize, left: u32, by: u64) {
        COUNTS[counter][(left as usize).min(LENGTHS - 1)].fetch_add(by, Relaxed);
    }

    pub(super) fn take(counter: usize, left: usize) -> u64 {
        COUNTS[counter][left].swap(0, Relaxed)
    }
}

/// Adds `by` to `counter` at `left`.
#[inline(always)]
pub(crate) fn count(counter: Counter, left: u32, by: u64) {
    #[cfg(feature = "search-stats")]
    imp::add(counter as usize, left, by);
    #[cfg(not(feature = "search-stats"))]
    let _ = (counter, left, by);
}

/// The counts since the last call, one line per length, and resets them;
/// None without the `search-stats` feature.
pub fn take_report() -> Option<String> {
    #[cfg(feature = "search-stats")]
    {
        let mut out = String::from(
            "  left        nodes        moves       probes         hits       stores       bounds         cuts\n",
        );
        for left in 0..imp::LENGTHS {
            let row: Vec<u64> = (0..imp::COUNTERS).map(|c| imp::take(c, left)).collect();
            if row.iter().any(|&v| v > 0) {
                out.push_str(&format!(
                    "  {left:4} {:12} {:12} {:12} {:12} {:12} {:12} {:12}\n",
                    row[0], row[1], row[2], row[3], row[4], row[5], row[6]
                ));
            }
        }
        Some(out)
    }
    #[cfg(not(feature = "search-stats"))]
    None
}
