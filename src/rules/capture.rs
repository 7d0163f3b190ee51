//! What a capture does under the rules in force: who is reborn where, who
//! vanishes, or whether the capture is illegal.

use super::{AntiCirceType, CirceRules, OnOccupied, Reborn, Rules};
use crate::board::{Bitboard, Kind, Piece, Position, Square};
use crate::moves::{Effect, Effects};

/// Everything a capture's resolution may look at.
#[derive(Clone, Copy, Debug)]
pub struct Capture<'a> {
    /// The position before the move.
    pub pos: &'a Position,
    /// The capturing unit as it arrives on `to` (promoted already).
    pub capturer: Piece,
    pub from: Square,
    pub to: Square,
    /// The captured unit, as the capturer's opponent (a neutral unit
    /// counts as the opponent's).
    pub victim: Piece,
    /// Where the victim stood: `to`, except for en passant.
    pub capture_square: Square,
    /// The board after the capturer has arrived on `to` and the victim has
    /// been removed.
    pub occupied: Bitboard,
}

impl Rules {
    /// Resolves a capture: calls `outcome` once for each way it may end
    /// (each a move of its own), with the effects the rules add; not at all
    /// when the rules forbid the capture.
    ///
    /// Rebirths happen in Popeye's order: the capturer's first (a kamikaze
    /// or Anticirce capturer leaves the capture square), then the captured
    /// unit's, on the board as the first left it.
    #[inline]
    pub fn resolve_capture(&self, c: &Capture, mut outcome: impl FnMut(Effects)) {
        if let Some(effects) = self.single_outcome(c) {
            outcome(effects);
        }
    }

    #[inline]
    fn single_outcome(&self, c: &Capture) -> Option<Effects> {
        let mut effects = Effects::NONE;
        let capturer = c.capturer;
        let to = c.to;
        let Some(circe) = self.families().next().copied() else {
            // Orthodox chess: a kamikaze capturer is removed with its victim.
            if capturer.is_kamikaze() && capturer.kind != Kind::KING {
                effects.push(Effect::CapturerVanishes);
            }
            return Some(effects);
        };
        let mut occupied = c.occupied;
        match circe.reborn() {
            Reborn::Capturer if capturer.kind != Kind::KING || circe.rex_inclusive => {
                let sq = circe.capturer_rebirth(capturer, c.capture_square, to, occupied)?;
                occupied.clear(to);
                occupied.set(sq);
                effects.push(Effect::CapturerReborn {
                    to: sq,
                    unit: capturer,
                });
            }
            Reborn::Captured if capturer.is_kamikaze() && capturer.kind != Kind::KING => {
                // The kamikaze unit is captured by its own capture, on `to`.
                occupied.clear(to);
                match circe.captured_rebirth(capturer, to, occupied)? {
                    Some(sq) => {
                        occupied.set(sq);
                        effects.push(Effect::CapturerReborn {
                            to: sq,
                            unit: capturer,
                        });
                    }
                    None => effects.push(Effect::CapturerVanishes),
                }
            }
            _ => {}
        }
        let victim = c.victim;
        if circe.reborn() == Reborn::Captured && (victim.kind != Kind::KING || circe.rex_inclusive)
        {
            if let Some(sq) = circe.captured_rebirth(victim, c.capture_square, occupied)? {
                effects.push(Effect::CapturedReborn {
                    on: sq,
                    unit: victim,
                });
            }
        }
        Some(effects)
    }
}

impl CirceRules {
    /// The rebirth of a unit captured on `on` (Circe): Some(square) when it
    /// is reborn, None when it vanishes; an illegal capture is None outside.
    #[inline]
    fn captured_rebirth(
        &self,
        unit: Piece,
        on: Square,
        occupied: Bitboard,
    ) -> Option<Option<Square>> {
        self.land(self.square.of(unit.kind, unit.color, on), occupied)
    }

    /// Rebirth on `square`: reborn when it is free, else as `on_occupied` says.
    #[inline]
    fn land(&self, square: Square, occupied: Bitboard) -> Option<Option<Square>> {
        if !occupied.contains(square) {
            Some(Some(square))
        } else {
            match self.on_occupied {
                OnOccupied::Relaxed => Some(None),
                _ => None,
            }
        }
    }

    /// The rebirth square of the capturing unit (Anticirce), which stands
    /// on `to` after capturing on `on` (another square for a locust: the
    /// square is found from `on`); None when the capture is illegal.
    #[inline]
    fn capturer_rebirth(
        &self,
        unit: Piece,
        on: Square,
        to: Square,
        occupied: Bitboard,
    ) -> Option<Square> {
        let square = self.square.of(unit.kind, unit.color, on);
        if square == to {
            return match self.anticirce_type {
                AntiCirceType::Calvet => Some(to),
                AntiCirceType::Cheylan => None,
            };
        }
        // Anticirce has no "vanish" on an occupied square: it forbids.
        self.land(square, occupied).flatten()
    }
}
