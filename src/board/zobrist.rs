//! Zobrist hashing: a 64-bit key for a position, covering everything the
//! rules make relevant — units with their attributes, the side to move,
//! castling rights (which rebirth can give back) and the en-passant square.

use super::position::Position;
use super::types::{Color, Kind};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

/// Keys: [colour][kind][square] for the orthodox kinds, unmoved[square],
/// en passant square, side to move; fairy units and attributes are keyed
/// by [`mix`], so that no table is sized by the number of kinds.
const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, v) = splitmix(state);
        state = s;
        t[i] = v;
        i += 1;
    }
    t
}

const UNITS: [u64; 2 * Kind::ORTHODOX_COUNT * 64] = table(1);
const UNMOVED: [u64; 64] = table(3);
const EP: [u64; 64] = table(4);
const BLACK_TO_MOVE: u64 = table::<1>(5)[0];

/// A well-mixed key for any small value.
#[inline]
fn mix(value: u64) -> u64 {
    splitmix(value.wrapping_mul(0x2545_f491_4f6c_dd1d)).1
}

impl Position {
    /// The Zobrist key of this position.
    pub fn zobrist(&self) -> u64 {
        let mut h = 0;
        for color in Color::ALL {
            for kind in Kind::ORTHODOX {
                let base = (color.index() * Kind::ORTHODOX_COUNT + kind.index()) * 64;
                for sq in self.pieces(color, kind) {
                    h ^= UNITS[base + sq.index()];
                }
            }
        }
        for sq in self.fairy() {
            let p = self.piece_at(sq).expect("fairy unit");
            // Each field in bits of its own (the kind index needs eight), under
            // a tag no other key uses.
            h ^= mix(0xfa1 << 48
                | (p.kind.index() as u64) << 8
                | (p.color.index() as u64) << 7
                | sq.index() as u64);
        }
        // Attributes (neutral included: a neutral unit is also in both
        // colours' sets, and its attribute key tells it from a white and a
        // black unit on the same square).
        for sq in self.attributed() {
            let p = self.piece_at(sq).expect("attributed unit");
            h ^= mix((u64::from(p.attrs.bits()) << 8 | sq.index() as u64) ^ 0x5bd1_e995 << 32);
        }
        for sq in self.unmoved {
            h ^= UNMOVED[sq.index()];
        }
        if !self.waiting.is_empty() {
            h ^= self.waiting.key(mix);
        }
        if let Some(ep) = self.ep_square {
            h ^= EP[ep.index()] ^ mix(0x2000 | self.ep_victim.index() as u64);
        }
        if self.turn == Color::Black {
            h ^= BLACK_TO_MOVE;
        }
        if self.exchanged.nonempty() {
            h ^= mix(self.exchanged.0 ^ 0x3e5c_0000_0000_0000);
        }
        if self.holes.nonempty() {
            h ^= mix(self.holes.0 ^ 0x401e_5000_0000_0000);
        }
        if self.history.tracked {
            h ^= mix(self.history.key());
        }
        if self.allowance.limited() {
            h ^= mix(self.allowance.key());
        }
        if self.tracks_identities() {
            for sq in self.unit_squares() {
                let key = ((sq.index() as u64) << 8) | u64::from(self.id_code(sq));
                h ^= splitmix(key.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0x6a09_e667).1;
            }
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    /// Two fairy units of any two kinds exchanging their squares make
    /// another key (the kind's bits once ran into the key's tag).
    #[test]
    fn fairy_units_exchanged_change_the_key() {
        let (a, b) = (Square::parse("b4").unwrap(), Square::parse("d8").unwrap());
        let kinds: Vec<Kind> = Kind::all().filter(|k| !k.is_orthodox()).collect();
        for (i, &k1) in kinds.iter().enumerate() {
            for &k2 in &kinds[i + 1..] {
                let mut p = Position::empty();
                p.put(a, crate::board::Piece::new(Color::Black, k1));
                p.put(b, crate::board::Piece::new(Color::Black, k2));
                let mut q = Position::empty();
                q.put(a, crate::board::Piece::new(Color::Black, k2));
                q.put(b, crate::board::Piece::new(Color::Black, k1));
                assert_ne!(p.zobrist(), q.zobrist(), "{k1:?} and {k2:?}");
            }
        }
    }

    #[test]
    fn keys_tell_apart_what_the_rules_care_about() {
        let a = Position::from_piece_list("wKe1 wRh1 bKe8").unwrap();
        let mut b = a;
        assert_eq!(a.zobrist(), b.zobrist());
        b.turn = Color::Black;
        assert_ne!(a.zobrist(), b.zobrist());
        let mut c = a;
        c.unmoved.clear(Square::parse("h1").unwrap());
        assert_ne!(a.zobrist(), c.zobrist());
        let mut d = a;
        d.ep_square = Some(Square::parse("e3").unwrap());
        assert_ne!(a.zobrist(), d.zobrist());
        let k = Position::from_piece_list("wKe1 wkRh1 bKe8").unwrap();
        assert_ne!(a.zobrist(), k.zobrist());
        let w = Position::from_piece_list("wKe1 bKe8 wPb7").unwrap();
        let n = Position::from_piece_list("wKe1 bKe8 nPb7").unwrap();
        let b = Position::from_piece_list("wKe1 bKe8 bPb7").unwrap();
        assert_ne!(w.zobrist(), n.zobrist());
        assert_ne!(b.zobrist(), n.zobrist());
    }
}
