//! The pawn family: walks that go forward for their side, take en passant
//! where a pawn would, and (most of them) do nothing on their first rank.

use super::{add, square, At, Reach, Walker};
use crate::board::Color;
use crate::moves::Motion;
use crate::pieces::walk::{Pawn, Vector};

/// The rank (0-based) a side's pawns cannot move from, and the one they
/// double-step from.
fn ranks(side: Color) -> (i8, i8) {
    match side {
        Color::White => (0, 1),
        Color::Black => (7, 6),
    }
}

impl<F: FnMut(Reach)> Walker<'_, '_, F> {
    pub(super) fn pawn(&mut self, pawn: Pawn) {
        let side = self.board.side;
        let f: i8 = if side == Color::White { 1 } else { -1 };
        let d = self.from;
        let (base, double) = ranks(side);
        // A pawn's walk lent to an orphan steps from the first rank too.
        let on_base = d.1 == base && !self.for_orphan;
        match pawn {
            Pawn::Pawn if !on_base => {
                self.pawn_capture((-1, f));
                self.pawn_capture((1, f));
                self.pawn_steps((0, f), d.1 == double);
            }
            Pawn::Berolina if !on_base => {
                self.pawn_capture((0, f));
                self.pawn_steps((-1, f), d.1 == double);
                self.pawn_steps((1, f), d.1 == double);
            }
            Pawn::Super => {
                self.line(d, (0, f));
                for u in [(-1, f), (1, f)] {
                    let t = self.next(d, u);
                    self.capture_if_enemy(t);
                }
            }
            Pawn::SuperBerolina => {
                self.line(d, (-1, f));
                self.line(d, (1, f));
                let t = self.next(d, (0, f));
                self.capture_if_enemy(t);
            }
            Pawn::Reverse => {
                // Backwards, with the other side's ranks.
                let (base, double) = ranks(side.opponent());
                if d.1 != base || self.for_orphan {
                    self.pawn_capture((1, -f));
                    self.pawn_capture((-1, -f));
                    self.pawn_steps((0, -f), d.1 == double);
                }
            }
            Pawn::Chinese => {
                self.try_to(add(d, (0, f)));
                let past_river = if side == Color::White {
                    d.1 >= 4
                } else {
                    d.1 <= 3
                };
                if past_river {
                    self.try_to(add(d, (1, 0)));
                    self.try_to(add(d, (-1, 0)));
                }
            }
            Pawn::Marine if !on_base => {
                self.pawn_steps((0, f), d.1 == double);
                self.marine_pawn_capture((1, f));
                self.marine_pawn_capture((-1, f));
            }
            Pawn::Captures if !on_base => {
                self.pawn_capture((-1, f));
                self.pawn_capture((1, f));
            }
            Pawn::Steps if !on_base => self.pawn_steps((0, f), d.1 == double),
            Pawn::MarineCaptures => {
                self.marine_pawn_capture((1, f));
                self.marine_pawn_capture((-1, f));
            }
            _ => {}
        }
    }

    /// A pawn's capture along `u`, or its capture en passant there.
    fn pawn_capture(&mut self, u: Vector) {
        let a = add(self.from, u);
        if self.is_enemy(a) {
            self.capture(a, a);
        } else if self.is_en_passant(a) {
            self.en_passant(a);
        }
    }

    /// A marine pawn's capture along `u`: over the victim, or over the
    /// square a double step passed, onto the empty square behind.
    fn marine_pawn_capture(&mut self, u: Vector) {
        let x = add(self.from, u);
        let a = add(x, u);
        if !self.is_empty(a) {
            return;
        }
        if self.is_enemy(x) {
            self.capture(a, x);
        } else if self.is_en_passant(x) {
            self.en_passant(a);
        }
    }

    /// Whether `a` is the square the opponent's last double step passed
    /// over, its unit still there to be taken.
    fn is_en_passant(&self, a: At) -> bool {
        if self.for_orphan {
            return false;
        }
        match (self.board.ep, square(a)) {
            (Some((passed, victim)), Some(s)) => s == passed && self.board.enemies.contains(victim),
            _ => false,
        }
    }

    fn en_passant(&mut self, to: At) {
        if self.captures_only {
            return;
        }
        if let (Some(to), Some((_, victim))) = (square(to), self.board.ep) {
            (self.found)(Reach {
                to,
                capture: Some(victim),
                motion: Motion::EnPassant,
            });
        }
    }

    /// A step along `u` to an empty square and, when `double`, a second
    /// one beyond it.
    fn pawn_steps(&mut self, u: Vector, double: bool) {
        let one = add(self.from, u);
        if !self.is_empty(one) {
            return;
        }
        self.quiet(one);
        let two = add(one, u);
        if double && self.is_empty(two) && !self.captures_only {
            (self.found)(Reach {
                to: square(two).expect("an empty square is on the board"),
                capture: None,
                motion: Motion::DoubleStep,
            });
        }
    }
}
