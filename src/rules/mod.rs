//! The Circe family as data.
//!
//! A Circe form is a combination of a few independent choices (the axes
//! Popeye's sources use too): whose rebirth it is, how the rebirth square is
//! found, what happens when that square is occupied, whether kings take
//! part, and whether a capturer may be reborn on the square it captured on.
//! The move generator asks one question of these rules per capture
//! ([`CirceRules::resolve_capture`] in `capture.rs`) and one per check test
//! ([`crate::rules::check`]); adding a form means adding a value to an axis.

pub mod capture;
pub mod check;
pub mod rebirth;

pub use capture::Capture;

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
    /// colour of the capture square; pawns on the capture file.
    Classic,
}

/// What happens when the rebirth square is occupied by another unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum OnOccupied {
    /// The unit is not reborn: it simply disappears (Circe).
    Vanish,
    /// The capture is illegal (Anticirce, Strict Circe).
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

/// One Circe form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct CirceRules {
    pub reborn: Reborn,
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
        reborn: Reborn::Captured,
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
        reborn: Reborn::Capturer,
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
}

/// The conditions in force for a problem.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Rules {
    /// The Circe form, if any (none: orthodox chess, where kamikaze units
    /// still vanish when they capture).
    pub circe: Option<CirceRules>,
    /// Alsatian Circe: every position must also be orthodox-legal.
    /// (The legality filter has an issue of its own; the flag is the hook.)
    pub alsatian: bool,
}

impl Rules {
    pub fn orthodox() -> Rules {
        Rules::default()
    }
    pub fn with_circe(circe: CirceRules) -> Rules {
        Rules {
            circe: Some(circe),
            alsatian: false,
        }
    }
}
