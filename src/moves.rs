//! A move with all its effects, so that playing it and printing it need no
//! recomputation.
//!
//! A move is its primary motion (a unit goes from one square to another,
//! perhaps capturing, perhaps promoting), which every move has and which is
//! kept in plain fields, and a short list of further [`Effect`]s that the
//! rules in force add: rebirths, removals, units waiting under a square,
//! a rebirth left pending until the next move. The list is modelled on
//! Popeye's move-effect journal and is kept in the order Popeye records
//! (and prints) the effects.

use crate::board::{Kind, Piece, Square};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Motion {
    Normal,
    /// A pawn's two-square step; leaves an en-passant square behind.
    DoubleStep,
    EnPassant,
    /// Castling; `from`/`to` are the king's squares.
    CastleShort,
    CastleLong,
}

/// One consequence of a move beyond its motion, as the rules decide it
/// when the move is generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// The capturing unit leaves the square it captured on for `to`, as
    /// `unit` (Anticirce; a kamikaze capturer reborn under Circe):
    /// Popeye's `[wRa4->a1]`. `to` may be the capture square itself.
    CapturerReborn { to: Square, unit: Piece },
    /// The capturing unit leaves the board (a kamikaze capturer that is
    /// not reborn).
    CapturerVanishes,
    /// The captured unit comes back on `on` as `unit` (its kind or colour
    /// changed where the rules say so): Popeye's `[+bSg8]`.
    CapturedReborn { on: Square, unit: Piece },
    /// The unit on `on` leaves the board (Circe Assassin: the unit on the
    /// rebirth square).
    Removed { on: Square, unit: Piece },
    /// `unit` is put on `on` (a delayed rebirth, a unit coming out from
    /// under a square).
    Added { on: Square, unit: Piece },
    /// `unit` goes under the unit on `on`, to wait there (Volcanic and
    /// Parachute Circe).
    Buried { on: Square, unit: Piece },
    /// `unit`, waiting under `on`, comes out onto it (Volcanic and
    /// Parachute Circe).
    Emerges { on: Square, unit: Piece },
    /// Before the motion: the moving unit goes from `from` to `to` (Mars
    /// Circe: it moves and captures from its rebirth square).
    Premove {
        from: Square,
        to: Square,
        unit: Piece,
    },
    /// `unit`, captured on `on`, waits to be reborn after the next move
    /// (Parrain Circe).
    Pending { on: Square, unit: Piece },
}

/// The most effects one move can have.
pub const MAX_EFFECTS: usize = 4;

/// A move's effects beyond its motion, in order; kept inline so that a move
/// stays `Copy` and a move list never allocates per move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Effects {
    len: u8,
    items: [Effect; MAX_EFFECTS],
}

impl Default for Effects {
    fn default() -> Effects {
        Effects::NONE
    }
}

impl Effects {
    pub const NONE: Effects = Effects {
        len: 0,
        items: [Effect::CapturerVanishes; MAX_EFFECTS],
    };

    /// Appends an effect. The rules never produce more than
    /// [`MAX_EFFECTS`]; more is a bug in a rule.
    #[inline]
    pub fn push(&mut self, e: Effect) {
        self.items[self.len as usize] = e;
        self.len += 1;
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[Effect] {
        &self.items[..self.len as usize]
    }

    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, Effect> {
        self.as_slice().iter()
    }
}

impl std::fmt::Debug for Effects {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a Effects {
    type Item = &'a Effect;
    type IntoIter = std::slice::Iter<'a, Effect>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// What becomes of a unit involved in a capture: a summary of a move's
/// effects, for the goals and notations that ask only that.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fate {
    /// It stays where the move put it (the ordinary capturer).
    Stays,
    /// It leaves the board.
    Vanishes,
    /// It is reborn on this square (possibly the one it stands on).
    Reborn(Square),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The moving unit as it was before the move.
    pub piece: Piece,
    pub from: Square,
    pub to: Square,
    pub motion: Motion,
    pub promotion: Option<Kind>,
    /// The captured unit, if any; it stood on `capture_square`.
    pub captured: Option<Piece>,
    pub capture_square: Square,
    /// What the rules add, decided when the move is generated.
    pub effects: Effects,
    /// For a fairy unit: the move's place among the moves its walk
    /// generated, which decides Popeye's order of trying them.
    pub sequence: u8,
}

impl Move {
    pub fn quiet(piece: Piece, from: Square, to: Square, motion: Motion) -> Move {
        Move {
            piece,
            from,
            to,
            motion,
            promotion: None,
            captured: None,
            capture_square: to,
            effects: Effects::NONE,
            sequence: 0,
        }
    }

    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured.is_some()
    }

    /// A capture whose victim does not stand on the arrival square, other
    /// than en passant: a locust's (`Lb6*c7-d8`).
    #[inline]
    pub fn is_locust_capture(&self) -> bool {
        self.is_capture() && self.capture_square != self.to && self.motion != Motion::EnPassant
    }

    #[inline]
    pub fn is_castling(&self) -> bool {
        matches!(self.motion, Motion::CastleShort | Motion::CastleLong)
    }

    /// The moving unit after the move's own promotion.
    #[inline]
    pub fn arriving_piece(&self) -> Piece {
        Piece {
            kind: self.promotion.unwrap_or(self.piece.kind),
            ..self.piece
        }
    }

    /// What becomes of the capturing (or moving) unit.
    #[inline]
    pub fn capturer_fate(&self) -> Fate {
        for e in &self.effects {
            match *e {
                Effect::CapturerReborn { to, .. } => return Fate::Reborn(to),
                Effect::CapturerVanishes => return Fate::Vanishes,
                _ => {}
            }
        }
        Fate::Stays
    }

    /// What becomes of the captured unit (it vanishes when there is none).
    #[inline]
    pub fn captured_fate(&self) -> Fate {
        for e in &self.effects {
            if let Effect::CapturedReborn { on, .. } = *e {
                return Fate::Reborn(on);
            }
        }
        Fate::Vanishes
    }

    /// The captured unit's rebirth: the square and the unit as reborn.
    #[inline]
    pub fn captured_rebirth(&self) -> Option<(Square, Piece)> {
        self.effects.iter().find_map(|e| match *e {
            Effect::CapturedReborn { on, unit } => Some((on, unit)),
            _ => None,
        })
    }

    /// The capturer's rebirth: the square and the unit as reborn.
    #[inline]
    pub fn capturer_rebirth(&self) -> Option<(Square, Piece)> {
        self.effects.iter().find_map(|e| match *e {
            Effect::CapturerReborn { to, unit } => Some((to, unit)),
            _ => None,
        })
    }
}
