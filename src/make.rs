//! Playing a move on a copy of the position: its motion, then its effects
//! in order (those marked as coming before the motion first).

use crate::board::{Kind, Piece, Position, Square};
use crate::moves::{Effect, Motion, Move};

impl Position {
    /// The position after `mv`, which must have come from this position's
    /// move generator.
    #[inline]
    pub fn play(&self, mv: &Move) -> Position {
        let mut p = self.copy_for_move();
        p.ep_square = None;
        p.turn = self.turn.opponent();
        // A pending rebirth happens with this move or not at all.
        p.waiting.pending = None;
        let tracking = p.tracks_identities();
        // The common case: a plain move or capture, nothing more to do.
        if mv.effects.is_empty() && !tracking && !mv.is_castling() {
            if mv.captured.is_some() {
                p.clear(mv.capture_square);
            }
            p.clear(mv.from);
            p.put(mv.to, mv.arriving_piece());
            if mv.motion == Motion::DoubleStep {
                p.double_step(mv);
            }
            return p;
        }
        for e in &mv.effects {
            if let Effect::Premove { from, to, unit } = *e {
                p.clear(from);
                p.put(to, unit);
                if tracking {
                    p.carry_identity(from, to);
                }
            }
        }
        if mv.is_castling() {
            p.castle(mv);
        } else {
            let moving = tracking.then(|| p.id_code(mv.from));
            let captured = (tracking && mv.is_capture()).then(|| p.id_code(mv.capture_square));
            if mv.captured.is_some() {
                p.clear(mv.capture_square);
            }
            p.clear(mv.from);
            p.put(mv.to, mv.arriving_piece());
            if mv.motion == Motion::DoubleStep {
                p.double_step(mv);
            }
            if let Some(code) = moving {
                p.set_id_code(mv.from, 0);
                p.set_id_code(mv.capture_square, 0);
                p.set_id_code(mv.to, code);
            }
            for e in &mv.effects {
                p.apply(mv, e, captured);
            }
        }
        p
    }

    /// A pawn's double step (not a dragon's or a gryphon's) may be taken
    /// en passant on the square it passed (beside its file for a Berolina
    /// pawn).
    #[inline]
    fn double_step(&mut self, mv: &Move) {
        if mv.piece.kind.is_pawn() {
            self.ep_square = Some(Square::new(
                (mv.from.file() + mv.to.file()) / 2,
                (mv.from.rank() + mv.to.rank()) / 2,
            ));
            self.ep_victim = mv.to;
        }
    }

    /// Castling: the king goes to `mv.to`, the rook over it.
    fn castle(&mut self, mv: &Move) {
        let rank = mv.from.rank();
        let (rook_from, rook_to) = if mv.motion == Motion::CastleShort {
            (Square::new(7, rank), Square::new(5, rank))
        } else {
            (Square::new(0, rank), Square::new(3, rank))
        };
        let king = self.remove(mv.from).expect("castling king");
        let rook = self.remove(rook_from).expect("castling rook");
        self.put(mv.to, king);
        self.put(rook_to, rook);
        if self.tracks_identities() {
            self.carry_identity(mv.from, mv.to);
            self.carry_identity(rook_from, rook_to);
        }
    }

    /// One effect after the motion. `captured_id` is the identity of the
    /// captured unit when identities are tracked.
    #[inline]
    fn apply(&mut self, mv: &Move, e: &Effect, captured_id: Option<u8>) {
        match *e {
            Effect::CapturerReborn { to, unit } => {
                self.clear(mv.to);
                self.put_reborn(to, unit);
                if self.tracks_identities() {
                    self.carry_identity(mv.to, to);
                }
            }
            Effect::CapturerVanishes => {
                self.clear(mv.to);
                if self.tracks_identities() {
                    self.set_id_code(mv.to, 0);
                }
            }
            Effect::CapturedReborn { on, unit } => {
                self.put_reborn(on, unit);
                if let Some(id) = captured_id {
                    self.set_id_code(on, id);
                }
            }
            Effect::Removed { on, .. } => {
                self.clear(on);
                if self.tracks_identities() {
                    self.set_id_code(on, 0);
                }
            }
            Effect::Added { on, unit } | Effect::Emerges { on, unit } => {
                if matches!(e, Effect::Emerges { .. }) {
                    self.waiting.unbury(on);
                }
                self.put_reborn(on, unit);
            }
            Effect::Buried { on, unit } => {
                // The generator never buries more units than there is room for.
                let buried = self.waiting.bury(on, unit);
                debug_assert!(buried);
            }
            Effect::Pending { on, unit } => self.waiting.pending = Some((unit, on)),
            Effect::Premove { .. } => {}
        }
    }

    /// Moves the identity of the unit on `from` to `to` (identities are
    /// tracked).
    fn carry_identity(&mut self, from: Square, to: Square) {
        let id = self.id_code(from);
        self.set_id_code(from, 0);
        self.set_id_code(to, id);
    }

    /// Places a reborn unit; a king or rook reborn on its game-array square
    /// counts as unmoved (rules.md section 1).
    fn put_reborn(&mut self, sq: Square, piece: Piece) {
        self.put(sq, piece);
        if matches!(piece.kind, Kind::KING | Kind::ROOK) && self.is_on_home_castling_square(sq) {
            self.unmoved.set(sq);
        }
    }
}
