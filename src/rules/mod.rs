//! The rules in force: the Circe-family conditions as data, and the
//! further conditions as hooks.
//!
//! A Circe form is a base condition (Circe, AntiCirce, MarsCirce, ...) and
//! a value on each of a few independent axes (the axes Popeye's sources
//! use too): whose unit is reborn, which capture counts, how the rebirth
//! square is found and adapted, what becomes of the reborn unit's walk,
//! what happens on an occupied square, whether kings take part. Several
//! base conditions may be in force at once, each with its own options
//! (Circe and AntiCirce together), as in Popeye.
//!
//! The move generator and the check test ask the rules at a few named
//! points, and only there: [`Rules::resolve_capture`] (what a capture
//! does, `capture.rs`), [`Rules::in_check`] (observation, `check.rs`),
//! [`Rules::is_legal_after`] (legality after the move, `legality.rs`) and
//! the per-unit paths of the generator. Adding a form means adding a value
//! to an axis; adding a condition means adding a [`Condition`] and its
//! code at the points it acts on.

pub mod capture;
pub mod check;
pub mod conditions;
pub mod rebirth;

pub use capture::Capture;
pub use conditions::{Condition, Conditions};

/// The base conditions of the Circe family, in the order Popeye's move
/// pipeline runs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Base {
    /// The captured unit is reborn.
    Circe,
    /// The capturing unit is reborn; the captured one vanishes.
    AntiCirce,
}

impl Base {
    pub const ALL: [Base; 2] = [Base::Circe, Base::AntiCirce];
    pub const COUNT: usize = Base::ALL.len();

    fn index(self) -> usize {
        self as usize
    }
}

/// Whose unit is reborn after a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Reborn {
    /// Circe: the captured unit.
    Captured,
    /// Anticirce: the capturing unit.
    Capturer,
}

/// How the rebirth square is computed from the unit and the capture square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum RebirthSquare {
    /// The game-array square of the unit's type and colour matching the
    /// colour of the capture square; pawns on the capture file, fairy
    /// pieces on the promotion square of the capture file.
    Classic,
}

/// What happens when the rebirth square is occupied by another unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum OnOccupied {
    /// The unit is not reborn: it simply disappears (Circe's default,
    /// Popeye's Relaxed).
    Vanish,
    /// The capture is illegal (Anticirce's default, Strict Circe).
    Forbid,
}

/// For the capturer's rebirth (Anticirce): may it be reborn on the square
/// where it captured, i.e. stay put?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum CaptureOnRebirthSquare {
    /// Calvet: legal, the unit stays there.
    Allowed,
    /// Cheylan: illegal.
    Forbidden,
}

/// One Circe-family condition: a base and its value on each axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct CirceRules {
    pub base: Base,
    pub square: RebirthSquare,
    pub on_occupied: OnOccupied,
    pub capture_on_rebirth_square: CaptureOnRebirthSquare,
    /// Kings are reborn too (and so are only in check when they could be
    /// captured for good).
    pub rex_inclusive: bool,
}

impl CirceRules {
    /// Circe, rex exclusive.
    pub const CIRCE: CirceRules = CirceRules {
        base: Base::Circe,
        square: RebirthSquare::Classic,
        on_occupied: OnOccupied::Vanish,
        capture_on_rebirth_square: CaptureOnRebirthSquare::Allowed,
        rex_inclusive: false,
    };
    /// Circe Rex Inclusive.
    pub const CIRCE_REX_INCLUSIVE: CirceRules = CirceRules {
        rex_inclusive: true,
        ..CirceRules::CIRCE
    };
    /// Anticirce, type Calvet (the default).
    pub const ANTICIRCE_CALVET: CirceRules = CirceRules {
        base: Base::AntiCirce,
        square: RebirthSquare::Classic,
        on_occupied: OnOccupied::Forbid,
        capture_on_rebirth_square: CaptureOnRebirthSquare::Allowed,
        rex_inclusive: true,
    };
    /// Anticirce, type Cheylan.
    pub const ANTICIRCE_CHEYLAN: CirceRules = CirceRules {
        capture_on_rebirth_square: CaptureOnRebirthSquare::Forbidden,
        ..CirceRules::ANTICIRCE_CALVET
    };

    /// Whose unit this condition brings back.
    #[inline]
    pub fn reborn(&self) -> Reborn {
        match self.base {
            Base::Circe => Reborn::Captured,
            Base::AntiCirce => Reborn::Capturer,
        }
    }
}

/// The conditions in force for a problem.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Rules {
    /// The Circe-family conditions, at most one per base, indexed by
    /// [`Base`] (none: orthodox chess, where kamikaze units still vanish
    /// when they capture).
    families: [Option<CirceRules>; Base::COUNT],
    /// The further conditions.
    pub conditions: Conditions,
}

impl Rules {
    pub fn orthodox() -> Rules {
        Rules::default()
    }

    /// The rules of one Circe-family condition alone.
    pub fn with_circe(circe: CirceRules) -> Rules {
        let mut r = Rules::default();
        r.set_family(circe);
        r
    }

    /// Puts `circe` in force, replacing any condition of the same base.
    pub fn set_family(&mut self, circe: CirceRules) {
        self.families[circe.base.index()] = Some(circe);
    }

    /// The condition of `base`, if in force.
    #[inline]
    pub fn family(&self, base: Base) -> Option<&CirceRules> {
        self.families[base.index()].as_ref()
    }

    /// The Circe-family conditions in force, in pipeline order.
    pub fn families(&self) -> impl Iterator<Item = &CirceRules> {
        self.families.iter().flatten()
    }

    /// Whether any Circe-family condition is in force.
    #[inline]
    pub fn has_families(&self) -> bool {
        self.families.iter().any(Option::is_some)
    }

    /// The only Circe-family condition in force, if there is exactly one
    /// (for the writers of the forms that have one name).
    pub fn single_family(&self) -> Option<&CirceRules> {
        let mut it = self.families();
        let first = it.next()?;
        it.next().is_none().then_some(first)
    }

    /// Whether `condition` is in force.
    #[inline]
    pub fn has(&self, condition: Condition) -> bool {
        self.conditions.contains(condition)
    }

    /// Alsatian Circe: every position must also be orthodox-legal.
    #[inline]
    pub fn alsatian(&self) -> bool {
        self.has(Condition::Alsatian)
    }

    /// The same rules with `condition` in force too.
    pub fn with(mut self, condition: Condition) -> Rules {
        self.conditions.insert(condition);
        self
    }
}
