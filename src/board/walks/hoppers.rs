//! Hoppers: over a hurdle (or several) and on, in every way Popeye knows.

use super::{add, dist, empty_at, holds, square, sub, times, At, Reach, Walker};
use crate::board::Bitboard;
use crate::pieces::walk::{right_angle_turns, turns, vectors as v, Angle, Equi, Land, Vector};

impl<F: FnMut(Reach)> Walker<'_, '_, F> {
    /// Over `hurdles` units along each vector (each at any distance from
    /// the one before), then landing as `land` says.
    pub(super) fn hop(&mut self, vectors: &[Vector], hurdles: u8, land: Land) {
        let d = self.from;
        'vectors: for &v in vectors {
            let mut h = self.next(d, v);
            for _ in 1..hurdles {
                if !self.is_piece(h) {
                    continue 'vectors;
                }
                h = self.next(h, v);
            }
            if !self.is_piece(h) {
                continue;
            }
            match land {
                Land::Behind(n) => {
                    if (1..n as i8).all(|i| self.is_empty(add(h, times(v, i)))) {
                        self.try_to(add(h, times(v, n as i8)));
                    }
                }
                Land::Line => {
                    let t = self.line(h, v);
                    self.capture_if_enemy(t);
                }
            }
        }
    }

    /// The hurdle adjacent, landing right behind it.
    pub(super) fn leap_hop(&mut self, vectors: &[Vector]) {
        for &v in vectors {
            let h = add(self.from, v);
            if self.is_piece(h) {
                self.try_to(add(h, v));
            }
        }
    }

    /// The hurdle adjacent, then on as a rider.
    pub(super) fn contra_hop(&mut self, vectors: &[Vector]) {
        for &v in vectors {
            let h = add(self.from, v);
            if self.is_piece(h) {
                let t = self.line(h, v);
                self.capture_if_enemy(t);
            }
        }
    }

    /// A grasshopper hop to an empty square, then a second from there
    /// (the unit's own square may be the second hurdle, never the
    /// arrival).
    pub(super) fn double_hop(&mut self, vectors: &[Vector]) {
        let d = self.from;
        for &v in vectors {
            let h1 = self.next(d, v);
            let p = add(h1, v);
            if !self.is_piece(h1) || !self.is_empty(p) {
                continue;
            }
            for &w in vectors {
                let h2 = self.next(p, w);
                let a = add(h2, w);
                if self.is_piece(h2) && a != d {
                    self.try_to(a);
                }
            }
        }
    }

    pub(super) fn equi(&mut self, e: Equi) {
        match e {
            Equi::Hopper => {
                self.equi_lines();
                self.equi_leaps();
            }
            Equi::Orix => self.equi_lines(),
            Equi::Stopper => self.equi_stopper(),
            Equi::NonstopHopper | Equi::NonstopOrix => {
                let lines_only = e == Equi::NonstopOrix;
                let d = self.from;
                for h in box_of(d) {
                    let (x, y) = (h.0 - d.0, h.1 - d.1);
                    let on_line = x == 0 || y == 0 || x.abs() == y.abs();
                    if h != d && self.is_piece(h) && (on_line || !lines_only) {
                        self.try_to(add(h, (x, y)));
                    }
                }
            }
            Equi::NonstopStopper => {
                let d = self.from;
                for a in box_of(d) {
                    if a != d && self.is_piece(add(a, sub(a, d))) {
                        self.try_to(a);
                    }
                }
            }
            Equi::EagleHopper => self.eagle_equihopper(),
            Equi::EagleNonstopHopper => {
                let d = self.from;
                for &v in v::Q.iter().chain(&v::EQUI_LEAPS) {
                    let mut h = add(d, v);
                    while super::square(h).is_some() {
                        if self.is_piece(h) {
                            let (x, y) = sub(h, d);
                            self.try_to(add(h, (-y, x)));
                            self.try_to(add(h, (y, -x)));
                        }
                        h = add(h, v);
                    }
                }
            }
        }
    }

    /// The equihopper on queen lines: as far behind the hurdle as it
    /// stands before it, the squares between empty.
    fn equi_lines(&mut self) {
        let d = self.from;
        for &v in &v::Q_REV {
            let h = self.next(d, v);
            if !self.is_piece(h) {
                continue;
            }
            let k = dist(d, h);
            let e = self.next(h, v);
            let m = dist(h, e);
            if m > k {
                self.quiet(add(h, times(v, k)));
            } else if m == k && self.is_enemy(e) {
                self.capture(e, e);
            }
        }
    }

    /// The equihopper's short leaps: over the square half-way.
    fn equi_leaps(&mut self) {
        let d = self.from;
        for &v in &v::EQUI_LEAPS {
            if self.is_piece(add(d, v)) {
                self.try_to(add(d, times(v, 2)));
            }
        }
    }

    fn equi_stopper(&mut self) {
        let d = self.from;
        for &v in &v::Q_REV {
            let h1 = self.next(d, v);
            if !self.is_piece(h1) {
                continue;
            }
            let (x, y) = sub(h1, d);
            if x % 2 == 0 && y % 2 == 0 {
                self.quiet(add(d, (x / 2, y / 2)));
            }
            let h2 = self.next(h1, v);
            if self.is_piece(h2) && dist(h1, h2) == dist(d, h1) && self.is_enemy(h1) {
                self.capture(h1, h1);
            }
        }
        for &v in &v::EQUI_LEAPS {
            if self.is_piece(add(d, times(v, 2))) {
                self.try_to(add(d, v));
            }
        }
    }

    fn eagle_equihopper(&mut self) {
        let d = self.from;
        for &v in &v::Q_REV {
            let h = self.next(d, v);
            if !self.is_piece(h) {
                continue;
            }
            let k = dist(d, h);
            let (w1, w2) = right_angle_turns(v);
            for w in [w1, w2] {
                let a = add(h, times(w, k));
                if super::square(a).is_none() {
                    continue;
                }
                let m = dist(h, self.next(h, w));
                if m > k {
                    self.quiet(a);
                } else if m == k && self.is_enemy(a) {
                    self.capture(a, a);
                }
            }
        }
        for &v in &v::EQUI_LEAPS {
            let h = add(d, v);
            if self.is_piece(h) {
                self.try_to(add(h, (-v.1, v.0)));
                self.try_to(add(h, (v.1, -v.0)));
            }
        }
    }

    /// Over the first unit of each line, turning by `angle` there.
    pub(super) fn angle_hop(&mut self, vectors: &[Vector], angle: Angle) {
        for &v in vectors {
            let h = self.next(self.from, v);
            if self.is_piece(h) {
                let (t1, t2) = turns(v, angle);
                self.try_to(add(h, t1));
                self.try_to(add(h, t2));
            }
        }
    }

    /// To the square before the first unit of each line; never captures.
    pub(super) fn hamster(&mut self) {
        let d = self.from;
        for &v in &v::Q_REV {
            let h = self.next(d, v);
            let back = sub(h, v);
            if self.is_piece(h) && back != d {
                self.quiet(back);
            }
        }
    }

    /// Away from an adjacent unit, as a rider.
    pub(super) fn contra_hamster(&mut self) {
        let d = self.from;
        for &v in &v::Q_REV {
            if self.is_piece(sub(d, v)) {
                let t = self.line(d, v);
                self.capture_if_enemy(t);
            }
        }
    }
}

/// The squares `h` for which `2h - d` is on the board, in the order the
/// non-stop equihoppers try them.
fn box_of(d: At) -> impl Iterator<Item = At> {
    let (bx, by) = ((d.0 + 1) / 2, (d.1 + 1) / 2);
    (0..4)
        .rev()
        .flat_map(move |i| (0..4).rev().map(move |j| (bx + i, by + j)))
}

/// The first square from `a` along `v` that is not an empty square of the
/// board.
fn first_met(a: At, v: Vector, occupied: Bitboard) -> At {
    let mut s = add(a, v);
    while empty_at(s, occupied) {
        s = add(s, v);
    }
    s
}

/// The first square off the board from `a` along `v`.
fn off_board(a: At, v: Vector) -> At {
    let mut s = add(a, v);
    while square(s).is_some() {
        s = add(s, v);
    }
    s
}

/// The lines along which an angle hopper (eagle, moose, sparrow) on `from`
/// observes a unit on `target`, one per hurdle and turn, as Popeye tells
/// them for magic units: by the squares off the board beyond `from` going
/// away from the hurdle, and beyond `target` going the way `from` went to
/// the hurdle (two parallel lines, not the hop's).
pub(super) fn angle_hop_lines(
    vectors: &[Vector],
    angle: Angle,
    from: At,
    target: At,
    occupied: Bitboard,
) -> Vec<(At, At)> {
    let mut lines = Vec::new();
    for &v in vectors {
        let h = first_met(from, v, occupied);
        if !holds(h, occupied) {
            continue;
        }
        let (t1, t2) = turns(v, angle);
        for t in [t1, t2] {
            if add(h, t) == target {
                lines.push((off_board(from, (-v.0, -v.1)), off_board(target, v)));
            }
        }
    }
    lines
}

/// The lines along which a double hopper on `from` observes a unit on
/// `target`, one per pair of hops, as Popeye tells them for magic units:
/// by the square between the hops and the first square off the board
/// from there going back along the first hop.
pub(super) fn double_hop_lines(
    vectors: &[Vector],
    from: At,
    target: At,
    occupied: Bitboard,
) -> Vec<(At, At)> {
    let mut lines = Vec::new();
    for &v in vectors {
        let h1 = first_met(from, v, occupied);
        let p = add(h1, v);
        if !holds(h1, occupied) || !empty_at(p, occupied) {
            continue;
        }
        for &w in vectors {
            let h2 = first_met(p, w, occupied);
            if holds(h2, occupied) && add(h2, w) == target && target != from {
                lines.push((off_board(p, (-v.0, -v.1)), p));
            }
        }
    }
    lines
}
