//! What a capture does under the rules in force: who is reborn where, who
//! vanishes, or whether the capture is illegal.

use super::{CaptureOnRebirthSquare, CirceRules, OnOccupied, Reborn, Rules};
use crate::board::{Bitboard, Kind, Piece, Square};
use crate::moves::Fate;

/// The effects of one capture: the capturer's fate, then the captured
/// unit's. `None` from [`Rules::resolve_capture`] means the capture is
/// illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaptureOutcome {
    pub capturer: Fate,
    pub captured: Fate,
}

impl Rules {
    /// Decides a capture. `capturer` is the unit as it arrives on `to`
    /// (promoted already); `captured` stood on `capture_square` (differs
    /// from `to` only for en passant); `occupied` is the board after the
    /// capturer has arrived on `to` and the captured unit has been removed.
    ///
    /// Rebirths happen in Popeye's order: the capturer's first (a kamikaze
    /// or Anticirce capturer leaves the capture square), then the captured
    /// unit's, on the board as the first left it.
    #[inline]
    pub fn resolve_capture(
        &self,
        capturer: Piece,
        to: Square,
        captured: Piece,
        capture_square: Square,
        occupied: Bitboard,
    ) -> Option<CaptureOutcome> {
        let Some(circe) = self.circe else {
            // Orthodox chess: a kamikaze capturer is removed with its victim.
            let capturer = if capturer.is_kamikaze() && capturer.kind != Kind::KING {
                Fate::Vanishes
            } else {
                Fate::Stays
            };
            return Some(CaptureOutcome {
                capturer,
                captured: Fate::Vanishes,
            });
        };
        let mut occupied = occupied;
        let capturer_fate = match circe.reborn {
            Reborn::Capturer if capturer.kind != Kind::KING || circe.rex_inclusive => {
                circe.capturer_rebirth(capturer, to, occupied)?
            }
            Reborn::Captured if capturer.is_kamikaze() && capturer.kind != Kind::KING => {
                // The kamikaze unit is captured by its own capture, on `to`.
                occupied.clear(to);
                circe.captured_rebirth(capturer, to, occupied)?
            }
            _ => Fate::Stays,
        };
        match capturer_fate {
            Fate::Reborn(sq) => {
                occupied.clear(to);
                occupied.set(sq);
            }
            Fate::Vanishes => occupied.clear(to),
            Fate::Stays => {}
        }
        let captured_fate = match circe.reborn {
            Reborn::Captured if captured.kind != Kind::KING || circe.rex_inclusive => {
                circe.captured_rebirth(captured, capture_square, occupied)?
            }
            _ => Fate::Vanishes,
        };
        Some(CaptureOutcome {
            capturer: capturer_fate,
            captured: captured_fate,
        })
    }
}

impl CirceRules {
    /// The rebirth of a unit captured on `on` (Circe): reborn if its square
    /// is free, else it vanishes or the capture is forbidden.
    #[inline]
    fn captured_rebirth(&self, unit: Piece, on: Square, occupied: Bitboard) -> Option<Fate> {
        self.land(self.square.of(unit.kind, unit.color, on), occupied)
    }

    /// Rebirth on `square`: reborn when it is free, else as `on_occupied` says.
    #[inline]
    fn land(&self, square: Square, occupied: Bitboard) -> Option<Fate> {
        if !occupied.contains(square) {
            Some(Fate::Reborn(square))
        } else {
            match self.on_occupied {
                OnOccupied::Vanish => Some(Fate::Vanishes),
                OnOccupied::Forbid => None,
            }
        }
    }

    /// The rebirth of the capturing unit (Anticirce), which stands on `to`.
    #[inline]
    fn capturer_rebirth(&self, unit: Piece, to: Square, occupied: Bitboard) -> Option<Fate> {
        let square = self.square.of(unit.kind, unit.color, to);
        if square == to {
            return match self.capture_on_rebirth_square {
                CaptureOnRebirthSquare::Allowed => Some(Fate::Reborn(to)),
                CaptureOnRebirthSquare::Forbidden => None,
            };
        }
        self.land(square, occupied)
    }
}
