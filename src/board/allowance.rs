//! BGL: how far each side may still travel. Every move costs its length
//! as the crow flies, from the square the unit left to the square it
//! reached, in hundredths of a square (rounded); a side may make only the
//! moves its allowance still covers. Kept in the position (and hashed)
//! only when some side has a limit, so other problems pay one comparison
//! per move. What is left may fall below nothing: under the Mars family a
//! move is allowed by its length from the unit's square and spends its
//! length from the rebirth square it starts from (Popeye's rule, which
//! prints `-4.-57`).

use super::{Color, Square};

/// What each side has left to travel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Allowance {
    /// Hundredths of a square left, by colour index; [`Allowance::UNLIMITED`]
    /// for a side without a limit.
    pub left: [i32; 2],
    /// One allowance that both sides spend (a single number was given):
    /// every move is taken from both.
    pub shared: bool,
    /// Some side has a limit (read at every move played, so a flag).
    limited: bool,
}

/// The length of a move of `df` files and `dr` ranks, in hundredths of a
/// square: `round(100 * sqrt(df² + dr²))`, by `[df][dr]`.
const LENGTH: [[u16; 8]; 8] = [
    [0, 100, 200, 300, 400, 500, 600, 700],
    [100, 141, 224, 316, 412, 510, 608, 707],
    [200, 224, 283, 361, 447, 539, 632, 728],
    [300, 316, 361, 424, 500, 583, 671, 762],
    [400, 412, 447, 500, 566, 640, 721, 806],
    [500, 510, 539, 583, 640, 707, 781, 860],
    [600, 608, 632, 671, 721, 781, 849, 922],
    [700, 707, 728, 762, 806, 860, 922, 990],
];

/// The length of the move from `from` to `to`, in hundredths of a square.
#[inline]
pub fn length(from: Square, to: Square) -> u32 {
    let df = from.file().abs_diff(to.file());
    let dr = from.rank().abs_diff(to.rank());
    u32::from(LENGTH[usize::from(df)][usize::from(dr)])
}

impl Allowance {
    /// No limit, as a side's allowance.
    pub const UNLIMITED: i32 = i32::MAX;
    /// No limit, as an allowance given to [`Allowance::new`].
    pub const NO_LIMIT: u32 = u32::MAX;
    pub const NONE: Allowance = Allowance {
        left: [Allowance::UNLIMITED; 2],
        shared: false,
        limited: false,
    };

    /// What is left to White and Black (`NO_LIMIT` for no limit; a limit
    /// beyond `i32` is as good as none and is kept just below it).
    pub fn new(given: [u32; 2], shared: bool) -> Allowance {
        let left = given.map(|d| match d {
            Allowance::NO_LIMIT => Allowance::UNLIMITED,
            d => i32::try_from(d).unwrap_or(i32::MAX - 1).min(i32::MAX - 1),
        });
        Allowance {
            left,
            shared,
            limited: left != [Allowance::UNLIMITED; 2],
        }
    }

    /// Whether some side has a limit.
    #[inline(always)]
    pub fn limited(&self) -> bool {
        self.limited
    }

    /// What `color` has left, if it has a limit.
    #[inline]
    pub fn left(&self, color: Color) -> Option<i32> {
        let left = self.left[color.index()];
        (left != Allowance::UNLIMITED).then_some(left)
    }

    /// Whether `color` may still travel `length`.
    #[inline]
    pub fn covers(&self, color: Color, length: u32) -> bool {
        i64::from(length) <= i64::from(self.left[color.index()])
    }

    /// `color` travels `length` (taken from both sides when shared; a
    /// side without a limit keeps none).
    #[inline]
    pub fn spend(&mut self, color: Color, length: u32) {
        if self.left[color.index()] == Allowance::UNLIMITED {
            return;
        }
        if self.shared {
            for left in &mut self.left {
                *left = left.saturating_sub(length as i32);
            }
        } else {
            let left = &mut self.left[color.index()];
            *left = left.saturating_sub(length as i32);
        }
    }

    /// A key for the Zobrist hash.
    pub fn key(&self) -> u64 {
        0xb91 << 52
            ^ u64::from(self.left[0] as u32) << 26
            ^ u64::from(self.left[1] as u32)
            ^ u64::from(self.shared)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_the_rounded_distance_between_centres() {
        for df in 0..8u8 {
            for dr in 0..8u8 {
                let exact = 100.0 * f64::from(df * df + dr * dr).sqrt();
                let from = Square::new(0, 0);
                let to = Square::new(df, dr);
                assert_eq!(length(from, to), exact.round() as u32, "{df} {dr}");
                assert_eq!(length(to, from), length(from, to));
            }
        }
    }

    #[test]
    fn a_shared_allowance_is_spent_by_both_sides() {
        let mut own = Allowance::new([500, 400], false);
        own.spend(Color::White, 141);
        assert_eq!(own.left, [359, 400]);
        let mut shared = Allowance::new([500, 500], true);
        shared.spend(Color::Black, 224);
        assert_eq!(shared.left, [276, 276]);
        let mut one = Allowance::new([Allowance::NO_LIMIT, 300], false);
        one.spend(Color::White, 700);
        assert_eq!(one.left(Color::White), None);
        assert!(one.covers(Color::White, 990));
        assert!(!one.covers(Color::Black, 316));
    }

    #[test]
    fn an_allowance_may_fall_below_nothing() {
        let mut own = Allowance::new([100, 400], false);
        own.spend(Color::White, 141);
        assert_eq!(own.left(Color::White), Some(-41));
        assert!(!own.covers(Color::White, 0));
    }
}
