//! The further conditions: those that are not a Circe form but change
//! what may move, what observes, or what is legal. Each acts only at the
//! named points of [`super::Rules`]; a problem with none pays one test of
//! an empty set at each point.

/// A further condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[repr(u8)]
pub enum Condition {
    /// Alsatian Circe's extra rule: every position must be legal in
    /// orthodox chess (docs/alsatian.md). Acts after the move.
    Alsatian = 0,
    /// A unit observed by an enemy unit of the same kind is paralysed: it
    /// neither moves nor observes. Acts on who may move and on observation.
    Madrasi = 1,
    /// Madrasi with kings paralysed too.
    MadrasiRexInclusive = 2,
    /// A unit observed by the enemy may also move to its rebirth square.
    DangerCirce = 3,
}

impl Condition {
    pub const ALL: [Condition; 4] = [
        Condition::Alsatian,
        Condition::Madrasi,
        Condition::MadrasiRexInclusive,
        Condition::DangerCirce,
    ];

    /// Whether the solver plays this condition.
    pub fn is_supported(self) -> bool {
        true
    }
}

/// A set of [`Condition`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Conditions(u32);

impl Conditions {
    #[inline]
    pub fn contains(self, c: Condition) -> bool {
        self.0 & (1 << c as u8) != 0
    }
    #[inline]
    pub fn insert(&mut self, c: Condition) {
        self.0 |= 1 << c as u8;
    }
    #[inline]
    pub fn remove(&mut self, c: Condition) {
        self.0 &= !(1 << c as u8);
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}
