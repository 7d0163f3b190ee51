//! Attack tables for the orthodox pieces, computed at compile time.
//!
//! Sliders use the classical ray method: the ray from a square in one
//! direction, cut at the first blocker found by a bit scan.

use super::bitboard::Bitboard;
use super::types::{Color, Square};

const fn leaper_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let f = (sq % 8) as i8;
        let r = (sq / 8) as i8;
        let mut i = 0;
        while i < deltas.len() {
            let nf = f + deltas[i].0;
            let nr = r + deltas[i].1;
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                t[sq] |= 1u64 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

const KNIGHT: [u64; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
const KING: [u64; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
const WHITE_PAWN: [u64; 64] = leaper_table(&[(-1, 1), (1, 1)]);
const BLACK_PAWN: [u64; 64] = leaper_table(&[(-1, -1), (1, -1)]);

/// The eight ray directions; the first four run towards higher square indices.
const DIRS: [(i8, i8); 8] = [
    (1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
    (-1, -1),
    (1, -1),
];

const fn ray_table() -> [[u64; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut f = (sq % 8) as i8 + DIRS[d].0;
            let mut r = (sq / 8) as i8 + DIRS[d].1;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                t[d][sq] |= 1u64 << (r * 8 + f);
                f += DIRS[d].0;
                r += DIRS[d].1;
            }
            sq += 1;
        }
        d += 1;
    }
    t
}

const RAYS: [[u64; 64]; 8] = ray_table();

#[inline]
fn ray_attacks(dir: usize, sq: Square, occupied: Bitboard) -> u64 {
    let ray = RAYS[dir][sq.index()];
    let blockers = ray & occupied.0;
    if blockers == 0 {
        return ray;
    }
    let first = if dir < 4 {
        blockers.trailing_zeros() as usize
    } else {
        63 - blockers.leading_zeros() as usize
    };
    ray ^ RAYS[dir][first]
}

#[inline]
pub fn knight(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

#[inline]
pub fn king(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// The squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    match color {
        Color::White => Bitboard(WHITE_PAWN[sq.index()]),
        Color::Black => Bitboard(BLACK_PAWN[sq.index()]),
    }
}

#[inline]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(
        ray_attacks(0, sq, occupied)
            | ray_attacks(1, sq, occupied)
            | ray_attacks(4, sq, occupied)
            | ray_attacks(5, sq, occupied),
    )
}

#[inline]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(
        ray_attacks(2, sq, occupied)
            | ray_attacks(3, sq, occupied)
            | ray_attacks(6, sq, occupied)
            | ray_attacks(7, sq, occupied),
    )
}

#[inline]
pub fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
    rook(sq, occupied) | bishop(sq, occupied)
}

/// Squares strictly between `a` and `b` when they share a line, else empty.
pub fn between(a: Square, b: Square) -> Bitboard {
    for ray in &RAYS {
        if ray[a.index()] & (1u64 << b.0) != 0 {
            return Bitboard(ray[a.index()] & !ray[b.index()] & !(1u64 << b.0));
        }
    }
    Bitboard::EMPTY
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn rook_stops_at_blockers() {
        let occ = Bitboard::from_square(sq("d6")) | Bitboard::from_square(sq("f4"));
        let a = rook(sq("d4"), occ);
        assert!(a.contains(sq("d6")));
        assert!(!a.contains(sq("d7")));
        assert!(a.contains(sq("f4")));
        assert!(!a.contains(sq("g4")));
        assert!(a.contains(sq("a4")) && a.contains(sq("d1")));
        assert_eq!(a.count(), 2 + 2 + 3 + 3);
    }

    #[test]
    fn leapers() {
        assert_eq!(knight(sq("a1")).count(), 2);
        assert_eq!(king(sq("e4")).count(), 8);
        assert!(pawn(Color::White, sq("e4")).contains(sq("d5")));
        assert!(pawn(Color::Black, sq("e4")).contains(sq("f3")));
        assert_eq!(pawn(Color::White, sq("a2")).count(), 1);
    }

    #[test]
    fn between_squares() {
        assert_eq!(between(sq("a1"), sq("d4")).count(), 2);
        assert_eq!(between(sq("a1"), sq("b3")).count(), 0);
        assert_eq!(between(sq("e1"), sq("h1")).count(), 2);
    }
}
