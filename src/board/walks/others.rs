//! The walks that are families of their own: edgehog, CAT, the radial
//! walks, the querquisite, the hunters (the orphan and the friend are in
//! `orphans.rs`).

use super::{add, Reach, Walker};
use crate::pieces::walk::{vectors as v, Radial, Step, Vector};

impl<F: FnMut(Reach)> Walker<'_, '_, F> {
    /// A queen that goes only from an edge square to an inner one or back.
    pub(super) fn edgehog(&mut self) {
        let d = self.from;
        let edge = |a: (i8, i8)| a.0 == 0 || a.0 == 7 || a.1 == 0 || a.1 == 7;
        for &v in &v::Q_REV {
            let mut s = add(d, v);
            while self.is_empty(s) {
                if edge(s) != edge(d) {
                    self.quiet(s);
                }
                s = add(s, v);
            }
            if edge(s) != edge(d) {
                self.capture_if_enemy(s);
            }
        }
    }

    /// A knight's leap, then on by dabbaba steps along its long leg.
    pub(super) fn cat(&mut self) {
        for &v in &v::N {
            let on = if v.0.abs() == 2 {
                (2 * v.0.signum(), 0)
            } else {
                (0, 2 * v.1.signum())
            };
            let mut a = add(self.from, v);
            while self.is_empty(a) {
                self.quiet(a);
                a = add(a, on);
            }
            self.capture_if_enemy(a);
        }
    }

    pub(super) fn radial(&mut self, radial: Radial, classes: &[&[Vector]]) {
        let d = self.from;
        for class in classes {
            for &v in class.iter() {
                let h = add(d, v);
                let hurdle = match radial {
                    Radial::Knight => self.is_enemy(h),
                    Radial::Tree | Radial::Leaf => self.is_piece(h),
                };
                if !hurdle {
                    continue;
                }
                for &w in class.iter() {
                    match radial {
                        Radial::Tree | Radial::Knight => self.try_to(add(h, w)),
                        Radial::Leaf if w != v => self.try_to(add(d, w)),
                        Radial::Leaf => {}
                    }
                }
            }
        }
    }

    /// As the orthodox piece whose game-array square is on its file (the
    /// king's as a plain leaper).
    pub(super) fn querquisite(&mut self) {
        let step = match self.from.0 {
            0 | 7 => Step::Ride(&v::W),
            1 | 6 => Step::Leap(&v::N),
            2 | 5 => Step::Ride(&v::F),
            3 => Step::Ride(&v::Q),
            _ => Step::Leap(&v::Q),
        };
        self.step(&step);
    }

    /// The first rider's moves down the board, then the second's up.
    pub(super) fn hunter(&mut self, down: &[Vector], up: &[Vector]) {
        let d = self.from;
        for (vectors, going) in [(down, -1), (up, 1)] {
            for &v in vectors.iter().filter(|v| v.1.signum() == going) {
                let t = self.line(d, v);
                self.capture_if_enemy(t);
            }
        }
    }
}
