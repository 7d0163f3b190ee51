//! The Chinese and Argentinian pieces, which move one way and capture
//! another, and the lame leapers of the mao family.

use super::{add, At, Reach, Walker};
use crate::pieces::walk::{vectors as v, Lame, Vector};

/// The square a lame leaper passes on its way along the knight's leap `v`.
fn intermediate(lame: Lame, v: Vector) -> Vector {
    match lame {
        Lame::Mao if v.0.abs() == 2 => (v.0.signum(), 0),
        Lame::Mao => (0, v.1.signum()),
        Lame::Moa => (v.0.signum(), v.1.signum()),
    }
}

impl<F: FnMut(Reach)> Walker<'_, '_, F> {
    /// Moves as a rider; captures by hopping the first unit to the first
    /// unit behind it.
    pub(super) fn chinese(&mut self, vectors: &[Vector]) {
        for &v in vectors {
            let h = self.line(self.from, v);
            if self.is_piece(h) {
                let t = self.next(h, v);
                self.capture_if_enemy(t);
            }
        }
    }

    /// Moves as a leaper; captures by leaping over a unit.
    pub(super) fn chinese_leap(&mut self, vectors: &[Vector]) {
        for &v in vectors {
            let s = add(self.from, v);
            if self.is_empty(s) {
                self.quiet(s);
            } else if self.is_piece(s) {
                self.capture_if_enemy(add(s, v));
            }
        }
    }

    /// Captures as a rider; moves only past the first unit of a line.
    pub(super) fn argentinian(&mut self, vectors: &[Vector]) {
        for &v in vectors {
            let t = self.next(self.from, v);
            self.capture_if_enemy(t);
            self.line(t, v);
        }
    }

    /// The lame knight: its leap when the intermediate square is empty.
    pub(super) fn lame(&mut self, lame: Lame, moves: bool, captures: bool) {
        let d = self.from;
        for &v in &v::N {
            if self.is_empty(add(d, intermediate(lame, v))) {
                self.leap_filtered(add(d, v), moves, captures);
            }
        }
    }

    /// The lame hopper: the knight's leap when the intermediate square is
    /// occupied.
    pub(super) fn lame_hop(&mut self, lame: Lame, moves: bool, captures: bool) {
        let d = self.from;
        for &v in &v::N {
            if self.is_piece(add(d, intermediate(lame, v))) {
                self.leap_filtered(add(d, v), moves, captures);
            }
        }
    }

    fn leap_filtered(&mut self, a: At, moves: bool, captures: bool) {
        if self.is_empty(a) {
            if moves {
                self.quiet(a);
            }
        } else if captures {
            self.capture_if_enemy(a);
        }
    }

    /// Repeated lame leaps in one direction.
    pub(super) fn lame_rider(&mut self, lame: Lame) {
        for &v in &v::N {
            let mut p = add(self.from, intermediate(lame, v));
            let mut a = add(self.from, v);
            while self.is_empty(p) && self.is_empty(a) {
                self.quiet(a);
                p = add(p, v);
                a = add(a, v);
            }
            if self.is_empty(p) {
                self.capture_if_enemy(a);
            }
        }
    }

    /// The lame rider that must pass one unit (on an intermediate or a
    /// landing square) before it may stop.
    pub(super) fn lame_rider_lion(&mut self, lame: Lame) {
        for &v in &v::N {
            let mut p = add(self.from, intermediate(lame, v));
            let mut a = add(self.from, v);
            while self.is_empty(p) && self.is_empty(a) {
                p = add(p, v);
                a = add(a, v);
            }
            if super::square(p).is_none() || super::square(a).is_none() {
                continue;
            }
            if self.is_piece(p) {
                self.try_to(a);
            }
            if self.is_empty(p) || self.is_empty(a) {
                p = add(p, v);
                a = add(a, v);
                while self.is_empty(p) && self.is_empty(a) {
                    self.quiet(a);
                    p = add(p, v);
                    a = add(a, v);
                }
            }
            if self.is_empty(p) {
                self.capture_if_enemy(a);
            }
        }
    }
}
