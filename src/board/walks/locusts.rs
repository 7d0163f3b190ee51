//! Locusts and the marine pieces: they capture by hopping over the victim
//! onto the empty square behind it.

use super::{add, Reach, Walker};
use crate::pieces::walk::Vector;

impl<F: FnMut(Reach)> Walker<'_, '_, F> {
    /// Only captures: the first unit of each line.
    pub(super) fn locusts(&mut self, vectors: &[Vector]) {
        for &v in vectors {
            let c = self.next(self.from, v);
            self.locust(c, v);
        }
    }

    /// Moves as a rider, captures as a locust.
    pub(super) fn marine(&mut self, vectors: &[Vector]) {
        for &v in vectors {
            let c = self.line(self.from, v);
            self.locust(c, v);
        }
    }

    /// Moves as a leaper, captures as a locust over the square leapt to.
    pub(super) fn marine_leap(&mut self, vectors: &[Vector]) {
        for &v in vectors {
            let s = add(self.from, v);
            if self.is_empty(s) {
                self.quiet(s);
            } else {
                self.locust(s, v);
            }
        }
    }

    /// Skylla and Charybdis: for each (to the victim, on to the landing)
    /// pair, a move when both squares are empty, a locust capture when the
    /// first holds the victim.
    pub(super) fn bent_locust(&mut self, pairs: &[(Vector, Vector)]) {
        for &(c, s) in pairs {
            let x = add(self.from, c);
            let a = add(x, s);
            if !self.is_empty(a) {
                continue;
            }
            if self.is_empty(x) {
                self.quiet(a);
            } else {
                self.locust(x, s);
            }
        }
    }
}
