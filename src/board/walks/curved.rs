//! Curved, bent, reflected and bouncing walks: the rose family, the
//! zigzag riders, the reflecting bishops, the bouncers and the bouncy
//! knights, the ubiubi.

use super::{add, dist, empty_at, holds, square, sub, times, At, Reach, Walker};
use crate::board::Bitboard;
use crate::pieces::walk::{right_angle_turns, vectors as v, Rose, Vector};

/// The knight's circle starting with leap `k` (0-based in the order of
/// [`v::N`], which goes round clockwise), clockwise or not.
fn circle(k: usize, clockwise: bool) -> [Vector; 8] {
    let mut c = [(0, 0); 8];
    for (i, slot) in c.iter_mut().enumerate() {
        let j = if clockwise { k + i } else { k + 8 - i };
        *slot = v::N[j % 8];
    }
    c
}

/// Per displacement (`dx`, `dy` each in -7..=7, row-major): whether some
/// knight's circle from the origin passes over it (at most seven leaps;
/// the eighth is back home).
fn circle_displacements() -> &'static [bool; 15 * 15] {
    static TABLE: std::sync::OnceLock<[bool; 15 * 15]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [false; 15 * 15];
        for k in 0..8 {
            for clockwise in [true, false] {
                let mut s = (0, 0);
                for &leap in circle(k, clockwise).iter().take(7) {
                    s = add(s, leap);
                    table[displacement_index(s)] = true;
                }
            }
        }
        table
    })
}

/// `d`'s index among the displacements of -7..=7 by -7..=7.
fn displacement_index(d: Vector) -> usize {
    (d.0 as i32 + 7) as usize * 15 + (d.1 as i32 + 7) as usize
}

/// Per pair of squares (from × 64 + to): the squares each circle from
/// `from` passes over before it reaches `to`, for the circles that reach
/// it without leaving the board.
fn circle_paths() -> &'static [Vec<Bitboard>] {
    static TABLE: std::sync::OnceLock<Vec<Vec<Bitboard>>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![Vec::new(); 64 * 64];
        for from in crate::board::Square::all() {
            for k in 0..8 {
                for clockwise in [true, false] {
                    let mut s = super::at(from);
                    let mut over = Bitboard::EMPTY;
                    for &leap in circle(k, clockwise).iter().take(7) {
                        s = add(s, leap);
                        let Some(to) = square(s) else { break };
                        table[from.index() * 64 + to.index()].push(over);
                        over.set(to);
                    }
                }
            }
        }
        table
    })
}

/// Whether some knight's circle from `from` passes over `to` on an empty
/// board: where any unit of the rose family can capture.
pub(super) fn rose_circle_meets(from: At, to: At) -> bool {
    let d = sub(to, from);
    circle_displacements()[displacement_index(d)]
}

/// The captures a rose on `from` makes of a unit on `target`, one per
/// circle that reaches it over empty squares (`occupied`), as the rose's
/// generator finds them, without walking the other circles.
pub(super) fn rose_rider_captures(
    from: crate::board::Square,
    target: crate::board::Square,
    occupied: Bitboard,
) -> usize {
    circle_paths()[from.index() * 64 + target.index()]
        .iter()
        .filter(|over| (**over & occupied).is_empty())
        .count()
}

/// Popeye's order of squares, off the board too: by rank, then file.
fn popeye_order(a: At) -> i32 {
    a.1 as i32 * 24 + a.0 as i32
}

/// The first square after `a` along the circle `c` (from its leap `i` on)
/// that is not an empty square of the board, and the index of the leap
/// after it.
fn circle_end(a: At, c: &[Vector; 8], mut i: usize, occupied: Bitboard) -> (At, usize) {
    let mut s = a;
    loop {
        s = add(s, c[i % 8]);
        i += 1;
        if !empty_at(s, occupied) {
            return (s, i);
        }
    }
}

/// The lines along which a unit of the rose family on `from` observes a
/// unit on `target`: one per circle along which Popeye, going from
/// `target` towards the observer, finds it (the rose over empty squares,
/// the lion and the rao over one unit, the hopper over a unit next to
/// `target`, the locust with an empty square to land on behind it).
/// Popeye tells a circle (for magic units) by its first square in its
/// order of squares and the square after it, going round from `target`
/// the way it went; for the hopper, the circle that starts with the leap
/// after its hurdle, as Popeye does.
pub(super) fn rose_lines(rose: Rose, from: At, target: At, occupied: Bitboard) -> Vec<(At, At)> {
    let mut lines = Vec::new();
    for k in 0..8 {
        for clockwise in [true, false] {
            // The circle from `target` towards the observer.
            let c = circle(k, clockwise);
            let (observer, told) = match rose {
                Rose::Rider => (circle_end(target, &c, 0, occupied).0, c),
                Rose::Lion | Rose::Chinese => {
                    let (hurdle, i) = circle_end(target, &c, 0, occupied);
                    if hurdle == target || !holds(hurdle, occupied) {
                        continue;
                    }
                    (circle_end(hurdle, &c, i, occupied).0, c)
                }
                Rose::Hopper => {
                    let hurdle = add(target, c[0]);
                    if !holds(hurdle, occupied) {
                        continue;
                    }
                    let mut after = c;
                    after.rotate_left(1);
                    (circle_end(hurdle, &c, 1, occupied).0, after)
                }
                Rose::Locust => {
                    if !empty_at(sub(target, c[7]), occupied) {
                        continue;
                    }
                    (circle_end(target, &c, 0, occupied).0, c)
                }
            };
            if observer != from || observer == target {
                continue;
            }
            let (mut first, mut next) = (target, add(target, told[0]));
            let mut s = target;
            for j in 0..8 {
                s = add(s, told[j]);
                if popeye_order(s) < popeye_order(first) {
                    first = s;
                    next = add(s, told[(j + 1) % 8]);
                }
            }
            lines.push((first, next));
        }
    }
    lines
}

/// The lines along which a zigzag rider of `pairs` on `from` observes a
/// unit on `target`: one per pair whose zigzag leads from `target` over
/// empty squares to `from`, the first leg from `target`, as Popeye looks
/// for the observer. Popeye tells a zigzag (for magic units) by the first
/// square off the board it leads to from `target`, beyond `from`, and the
/// square the other leg would lead to from there.
pub(super) fn zigzag_lines(
    pairs: &[(Vector, Vector)],
    from: At,
    target: At,
    occupied: Bitboard,
) -> Vec<(At, At)> {
    let mut lines = Vec::new();
    for &(zig, zag) in pairs {
        let mut s = add(target, zig);
        while empty_at(s, occupied) {
            s = add(s, zag);
            if empty_at(s, occupied) {
                s = add(s, zig);
            } else {
                break;
            }
        }
        if s != from {
            continue;
        }
        let mut s = add(target, zig);
        let line = loop {
            if square(s).is_none() {
                break (add(s, zag), s);
            }
            s = add(s, zag);
            if square(s).is_none() {
                break (add(s, zig), s);
            }
            s = add(s, zig);
        };
        lines.push(line);
    }
    lines
}

/// Whether `a` is on the edge of the board.
fn is_edge(a: At) -> bool {
    a.0 == 0 || a.0 == 7 || a.1 == 0 || a.1 == 7
}

impl<F: FnMut(Reach)> Walker<'_, '_, F> {
    /// Every circle from every leap, clockwise then anticlockwise.
    pub(super) fn rose(&mut self, rose: Rose) {
        let d = self.from;
        for k in 0..8 {
            for clockwise in [true, false] {
                let c = circle(k, clockwise);
                // The first square of the circle that is not empty (the
                // unit's own square at the latest, after eight leaps).
                let moves_before = matches!(rose, Rose::Rider | Rose::Chinese);
                let (mut s, mut i) = (d, 0);
                loop {
                    s = add(s, c[i]);
                    i += 1;
                    if !self.is_empty(s) {
                        break;
                    }
                    if moves_before {
                        self.quiet(s);
                    }
                }
                // Back home, or off the board: nothing further.
                if s == d || !self.is_piece(s) {
                    continue;
                }
                match rose {
                    Rose::Rider => self.capture_if_enemy(s),
                    Rose::Chinese | Rose::Lion => {
                        loop {
                            s = add(s, c[i]);
                            i += 1;
                            if !self.is_empty(s) {
                                break;
                            }
                            if rose == Rose::Lion {
                                self.quiet(s);
                            }
                        }
                        if s != d {
                            self.capture_if_enemy(s);
                        }
                    }
                    Rose::Hopper => {
                        let a = add(s, c[i]);
                        if a != d {
                            self.try_to(a);
                        }
                    }
                    Rose::Locust => self.locust(s, c[i]),
                }
            }
        }
    }

    /// Alternating the two legs of each pair while the squares are empty.
    pub(super) fn zigzag(&mut self, pairs: &[(Vector, Vector)]) {
        for &(z1, z2) in pairs {
            let mut a = add(self.from, z1);
            loop {
                if !self.is_empty(a) {
                    break;
                }
                self.quiet(a);
                a = add(a, z2);
                if !self.is_empty(a) {
                    break;
                }
                self.quiet(a);
                a = add(a, z1);
            }
            self.capture_if_enemy(a);
        }
    }

    /// A bishop reflected by the edges up to `n` times.
    pub(super) fn reflect(&mut self, n: u8) {
        for &v in &v::F {
            self.reflected(self.from, v, n);
        }
    }

    fn reflected(&mut self, s: At, v: Vector, n: u8) {
        let mut a = add(s, v);
        if square(a).is_none() {
            return;
        }
        while self.is_empty(a) {
            self.quiet(a);
            a = add(a, v);
        }
        if self.is_enemy(a) {
            self.capture(a, a);
        } else if n > 0 && square(a).is_none() {
            let r = sub(a, v);
            let (t1, t2) = right_angle_turns(v);
            self.reflected(r, t1, n - 1);
            self.reflected(r, t2, n - 1);
        }
    }

    /// A bishop reflected once by an edge, onto the edge square beside the
    /// one it would have left the board from.
    pub(super) fn cardinal(&mut self) {
        for &v in &v::F {
            self.cardinal_line(self.from, v, true);
        }
    }

    fn cardinal_line(&mut self, s: At, v: Vector, may_reflect: bool) {
        let a = self.line(s, v);
        if self.is_enemy(a) {
            self.capture(a, a);
            return;
        }
        if !may_reflect || square(a).is_some() {
            return;
        }
        let Some(u) = v::W.iter().find(|&&u| square(add(a, u)).is_some()) else {
            return;
        };
        let edge = add(a, *u);
        if self.is_enemy(edge) {
            self.capture(edge, edge);
        } else if self.is_empty(edge) {
            self.quiet(edge);
            let (t1, t2) = right_angle_turns(v);
            let t = if square(add(edge, t1)).is_some() {
                t1
            } else {
                t2
            };
            self.cardinal_line(edge, t, false);
        }
    }

    /// Back off the first unit (or the edge) of each line, as far as it
    /// went, the squares on the way back empty.
    pub(super) fn bouncer(&mut self, vectors: &[Vector]) {
        let d = self.from;
        for &v in vectors {
            let k = dist(d, self.next(d, v));
            if (1..k).all(|i| self.is_empty(sub(d, times(v, i)))) {
                self.try_to(sub(d, times(v, k)));
            }
        }
    }

    /// Knight leaps, bouncing off the edge for up to `bounces` more.
    pub(super) fn bouncy_knight(&mut self, s: At, bounces: u8) {
        for &v in &v::N {
            let a = add(s, v);
            if self.is_empty(a) {
                self.quiet(a);
                if bounces > 0 && is_edge(a) {
                    self.bouncy_knight(a, bounces - 1);
                }
            } else {
                self.capture_if_enemy(a);
            }
        }
    }

    /// Nightrider lines that bounce off each edge square once.
    pub(super) fn bouncy_nightrider(&mut self) {
        let mut traversed = Bitboard::EMPTY;
        self.bouncy_nightrider_from(self.from, &mut traversed);
    }

    fn bouncy_nightrider_from(&mut self, s: At, traversed: &mut Bitboard) {
        if is_edge(s) {
            traversed.set(square(s).expect("on the board"));
        }
        for &v in &v::N {
            let mut a = add(s, v);
            let mut bounced = false;
            while self.is_empty(a) {
                self.quiet(a);
                let sq = square(a).expect("an empty square is on the board");
                if is_edge(a) && !traversed.contains(sq) {
                    self.bouncy_nightrider_from(a, traversed);
                    bounced = true;
                    break;
                }
                a = add(a, v);
            }
            if !bounced {
                self.capture_if_enemy(a);
            }
        }
    }

    /// Every square reachable by a chain of knight leaps over empty
    /// squares, each once, and every enemy a leap from the chain.
    pub(super) fn ubiubi(&mut self) {
        let mut visited = Bitboard::EMPTY;
        self.ubiubi_from(self.from, &mut visited);
    }

    fn ubiubi_from(&mut self, s: At, visited: &mut Bitboard) {
        for &v in &v::N {
            let a = add(s, v);
            let Some(sq) = square(a) else { continue };
            if visited.contains(sq) {
                continue;
            }
            if self.is_empty(a) {
                self.quiet(a);
                visited.set(sq);
                self.ubiubi_from(a, visited);
            } else if self.is_enemy(a) {
                self.capture(a, a);
                visited.set(sq);
            }
        }
    }
}
