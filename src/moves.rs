//! A move with all its side effects, so that playing it and printing it
//! need no recomputation.

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

/// What becomes of a unit involved in a capture.
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
    /// Rebirth effects, decided by the rules when the move is generated.
    pub capturer_fate: Fate,
    pub captured_fate: Fate,
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
            capturer_fate: Fate::Stays,
            captured_fate: Fate::Vanishes,
        }
    }

    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured.is_some()
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
}
