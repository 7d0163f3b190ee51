//! Playing a move on a copy of the position.

use crate::board::{Kind, Piece, Position, Square};
use crate::moves::{Fate, Motion, Move};

impl Position {
    /// The position after `mv`, which must have come from this position's
    /// move generator. Rebirths are applied in Popeye's order: the capturer's,
    /// then the captured unit's.
    #[inline]
    pub fn play(&self, mv: &Move) -> Position {
        let mut p = *self;
        p.ep_square = None;
        p.turn = self.turn.opponent();
        match mv.motion {
            Motion::CastleShort | Motion::CastleLong => {
                let rank = mv.from.rank();
                let (rook_from, rook_to) = if mv.motion == Motion::CastleShort {
                    (Square::new(7, rank), Square::new(5, rank))
                } else {
                    (Square::new(0, rank), Square::new(3, rank))
                };
                let king = p.remove(mv.from).expect("castling king");
                let rook = p.remove(rook_from).expect("castling rook");
                p.put(mv.to, king);
                p.put(rook_to, rook);
                if p.tracks_identities() {
                    let (k, r) = (self.id_code(mv.from), self.id_code(rook_from));
                    p.set_id_code(mv.from, 0);
                    p.set_id_code(rook_from, 0);
                    p.set_id_code(mv.to, k);
                    p.set_id_code(rook_to, r);
                }
                return p;
            }
            _ => {}
        }
        if mv.captured.is_some() {
            p.remove(mv.capture_square);
        }
        p.remove(mv.from);
        let arriving = mv.arriving_piece();
        p.put(mv.to, arriving);
        if mv.motion == Motion::DoubleStep {
            p.ep_square = Some(Square::new(
                mv.from.file(),
                (mv.from.rank() + mv.to.rank()) / 2,
            ));
        }
        match mv.capturer_fate {
            Fate::Stays => {}
            Fate::Vanishes => {
                p.remove(mv.to);
            }
            Fate::Reborn(sq) => {
                p.remove(mv.to);
                p.put_reborn(sq, arriving);
            }
        }
        if let (Some(captured), Fate::Reborn(sq)) = (mv.captured, mv.captured_fate) {
            p.put_reborn(sq, captured);
        }
        if p.tracks_identities() {
            p.move_identities(self, mv);
        }
        p
    }

    /// Carries units' identities along with `mv`, played from `before`.
    fn move_identities(&mut self, before: &Position, mv: &Move) {
        let moving = before.id_code(mv.from);
        let captured = before.id_code(mv.capture_square);
        self.set_id_code(mv.from, 0);
        if mv.captured.is_some() {
            self.set_id_code(mv.capture_square, 0);
        }
        match mv.capturer_fate {
            Fate::Stays => self.set_id_code(mv.to, moving),
            Fate::Vanishes => self.set_id_code(mv.to, 0),
            Fate::Reborn(sq) => {
                self.set_id_code(mv.to, 0);
                self.set_id_code(sq, moving);
            }
        }
        if let (Some(_), Fate::Reborn(sq)) = (mv.captured, mv.captured_fate) {
            self.set_id_code(sq, captured);
        }
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
