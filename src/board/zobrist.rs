//! Hashing: a 64-bit key for a position, covering everything the rules
//! make relevant — units with their attributes, the side to move,
//! castling rights (which rebirth can give back) and the en-passant square.
//! The units are keyed by mixing the board's arrays word by word (no walk
//! over the units), the rest by Zobrist keys.

use super::position::Position;
use super::types::Color;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

/// Keys: unmoved[square], en passant square, side to move, the units'
/// words; anything else is keyed by [`mix`].
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

const UNMOVED: [u64; 64] = table(3);
const EP: [u64; 64] = table(4);
const BLACK_TO_MOVE: u64 = table::<1>(5)[0];

/// A well-mixed key for any small value.
#[inline]
fn mix(value: u64) -> u64 {
    splitmix(value.wrapping_mul(0x2545_f491_4f6c_dd1d)).1
}

/// Keys for the words of the units' arrays ([`Position::units_key`]).
const WORDS: [u64; 17 + super::Attrs::HIGH_COUNT] = table(6);

/// Folded 128-bit product: the mixing step of the wyhash family.
#[inline(always)]
fn mum(a: u64, b: u64) -> u64 {
    let r = u128::from(a) * u128::from(b);
    r as u64 ^ (r >> 64) as u64
}

impl Position {
    /// The key of the units: the mailbox, read as sixteen words, mixed in
    /// independent pairs, and the sets of Black's units and of the
    /// attributes outside the mailbox. It costs the
    /// same for any number of units and reads no table per unit.
    #[inline]
    fn units_key(&self) -> u64 {
        let (mailbox, black, high) = self.unit_arrays();
        let word = |i: usize| {
            let m = &mailbox[4 * i..4 * i + 4];
            u64::from(m[0]) | u64::from(m[1]) << 16 | u64::from(m[2]) << 32 | u64::from(m[3]) << 48
        };
        let mut h = black.0 ^ WORDS[16];
        for (i, set) in high.iter().enumerate() {
            // Most problems have none of these attributes: no mixing then.
            if set.0 != 0 {
                h = mum(h, set.0 ^ WORDS[17 + i]);
            }
        }
        for i in 0..8 {
            h ^= mum(
                word(2 * i) ^ WORDS[2 * i],
                word(2 * i + 1) ^ WORDS[2 * i + 1],
            );
        }
        h
    }

    /// The key of this position.
    pub fn zobrist(&self) -> u64 {
        let mut h = self.units_key();
        for sq in self.unmoved {
            h ^= UNMOVED[sq.index()];
        }
        if !self.waiting.is_empty() {
            h ^= self.waiting.key(mix);
        }
        if let Some(ep) = self.ep_square {
            h ^= EP[ep.index()] ^ mix(0x2000 | self.ep_victim.index() as u64);
            if let Some(also) = self.ep_also {
                h ^= mix(0x4000 | also.index() as u64);
            }
        }
        if self.turn == Color::Black {
            h ^= BLACK_TO_MOVE;
        }
        if self.exchanged.nonempty() {
            h ^= mix(self.exchanged.0 ^ 0x3e5c_0000_0000_0000);
        }
        if self.exchange_castled != 0 {
            h ^= mix(u64::from(self.exchange_castled) ^ 0x7c45_7100_0000_0000);
        }
        if self.role_exchanges != 0 {
            h ^= mix(u64::from(self.role_exchanges) ^ 0x5b1f_0e00_0000_0000);
        }
        if self.imitators.nonempty() {
            h ^= mix(self.imitators.0 ^ 0x1317_a700_0000_0000);
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
    use crate::board::{Attrs, Kind, Piece, Square};

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

    /// The same units reached in another order make the same key; one unit
    /// changed in colour, walk, square or attribute (the functionary one
    /// included, which the mailbox does not hold) makes another.
    #[test]
    fn units_are_keyed_by_what_stands_where_not_by_how_it_came_there() {
        let a = Position::from_piece_list("wKe1 bKe8 wQd4 bSg6").unwrap();
        let mut b = Position::from_piece_list("wKe1 bKe8 wQa1 bSg6 wPh2").unwrap();
        b.clear(Square::parse("h2").unwrap());
        b.remove(Square::parse("a1").unwrap());
        b.put(
            Square::parse("d4").unwrap(),
            Piece::new(Color::White, Kind::QUEEN),
        );
        b.unmoved = a.unmoved;
        assert_eq!(a, b);
        assert_eq!(a.zobrist(), b.zobrist());
        let g6 = Square::parse("g6").unwrap();
        let changed = [
            Piece::new(Color::White, Kind::KNIGHT),
            Piece::new(Color::Black, Kind::BISHOP),
            Piece::new(Color::Black, Kind::KNIGHT).with(Attrs::FUNCTIONARY),
            Piece::new(Color::Black, Kind::KNIGHT).with(Attrs::KAMIKAZE),
            Piece::neutral(Kind::KNIGHT),
        ];
        let mut keys = vec![a.zobrist()];
        for unit in changed {
            let mut c = a;
            c.put(g6, unit);
            keys.push(c.zobrist());
        }
        let mut moved = a;
        moved.remove(g6);
        moved.put(
            Square::parse("g7").unwrap(),
            Piece::new(Color::Black, Kind::KNIGHT),
        );
        keys.push(moved.zobrist());
        let all = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), all);
    }
}
