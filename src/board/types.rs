//! Colours, piece kinds, pieces and squares: the vocabulary of the board.

use std::fmt;

/// The two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Rank index (0-based) of this side's back rank.
    #[inline]
    pub fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }

    /// Rank index of this side's pawns in the game array.
    #[inline]
    pub fn pawn_rank(self) -> u8 {
        match self {
            Color::White => 1,
            Color::Black => 6,
        }
    }

    /// Rank index on which this side's pawns promote.
    #[inline]
    pub fn promotion_rank(self) -> u8 {
        self.opponent().back_rank()
    }
}

pub use crate::pieces::Kind;

/// The attributes Popeye lets a problem give a unit, as one set of flags.
// Two bytes rather than a `u16`: alignment 1 keeps `Piece`, and with it
// every `Effect` and `Move`, free of padding.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Attrs([u8; 2]);

impl Attrs {
    pub const NONE: Attrs = Attrs::from_bits(0);
    /// A neutral unit: either side may move it, and either may capture it.
    pub const NEUTRAL: Attrs = Attrs::from_bits(1);
    /// Popeye's `kamikaze`: the unit is itself removed when it captures.
    pub const KAMIKAZE: Attrs = Attrs::from_bits(1 << 1);
    /// Popeye's `royal`: the unit is a king for check and mate.
    pub const ROYAL: Attrs = Attrs::from_bits(1 << 2);
    /// Popeye's `chameleon`: the unit changes its kind after each move.
    pub const CHAMELEON: Attrs = Attrs::from_bits(1 << 3);
    /// Popeye's `paralysing`: units it observes cannot move.
    pub const PARALYSING: Attrs = Attrs::from_bits(1 << 4);
    /// Popeye's `volage`: the unit changes colour when it first reaches a
    /// square of the other colour.
    pub const VOLAGE: Attrs = Attrs::from_bits(1 << 5);
    /// Popeye's `halfneutral`.
    pub const HALF_NEUTRAL: Attrs = Attrs::from_bits(1 << 6);
    /// A unit that was promoted (Frischauf Circe reads it).
    pub const PROMOTED: Attrs = Attrs::from_bits(1 << 7);
    /// Popeye's `functionary` (Beamtet): the unit moves and observes only
    /// while the other side observes it. Kept out of the board's mailbox
    /// (see `Position::high`).
    pub const FUNCTIONARY: Attrs = Attrs::from_bits(1 << 8);
    // Group A (unit attributes): the attributes beyond the mailbox's byte,
    // kept like the functionary in bitboards of their own
    // (`Position::high`, one per bit from 8 on, `HIGH_COUNT` of them).
    /// Popeye's `uncapturable`: the unit cannot be captured.
    pub const UNCAPTURABLE: Attrs = Attrs::from_bits(1 << 9);
    /// Popeye's `magic`: a unit the magic unit newly observes as a move
    /// is played changes sides (`rules/conditions/magic.rs`).
    pub const MAGIC: Attrs = Attrs::from_bits(1 << 10);
    /// Popeye's `AliceB` (AliceChess): the unit stands on the second
    /// board, B; a unit without it stands on board A.
    pub const ALICE_B: Attrs = Attrs::from_bits(1 << 11);
    // Bits 12 to 15 hold one field, not four flags: the rare attribute a
    // unit carries, one at most (Popeye's flags would need more than two
    // bytes, and `Piece`, with every `Effect`, must stay small). The
    // readers refuse a unit given two of them. `contains`, `with` and
    // `without` read the field as one value.
    /// Popeye's `jigger`: the unit may end a move only in contact with
    /// another unit.
    pub const JIGGER: Attrs = Attrs::rare(1);
    /// Popeye's `protean`: the unit takes the walk of the unit it captures.
    pub const PROTEAN: Attrs = Attrs::rare(2);
    /// Popeye's `patrol`: the unit captures and gives check only while a
    /// unit of its side observes it.
    pub const PATROL: Attrs = Attrs::rare(3);
    /// Popeye's `hurdlecolourchanging` (hoppers): the hurdle it hops over
    /// changes sides.
    pub const HURDLE_COLOUR_CHANGING: Attrs = Attrs::rare(4);
    /// Popeye's `bul` (hoppers): after its hop, the hurdle moves as the
    /// hopper would, for the mover.
    pub const BUL: Attrs = Attrs::rare(5);
    /// Popeye's `dob` (hoppers): after its hop, the hurdle moves with its
    /// own walk, for its own side.
    pub const DOB: Attrs = Attrs::rare(6);
    /// Popeye's `anda`: the Anda rule for this unit alone.
    pub const ANDA: Attrs = Attrs::rare(7);
    /// Popeye's `andainverse`: the AndaInverse rule for this unit alone.
    pub const ANDA_INVERSE: Attrs = Attrs::rare(8);
    /// The bits of the rare-attribute field.
    const RARE_FIELD: u16 = 0xf000;
    /// How many attributes the position keeps beyond the mailbox (bits 8
    /// on: functionary, uncapturable, magic, AliceB, and the four bits of
    /// the rare-attribute field). Each costs a bitboard in every position
    /// copied.
    pub const HIGH_COUNT: usize = 8;

    /// The rare attribute numbered `n` (1 to 15) in the field.
    const fn rare(n: u16) -> Attrs {
        Attrs::from_bits(n << 12)
    }

    /// Whether these attributes and `other` cannot be one unit's: two
    /// different rare attributes.
    #[inline]
    pub const fn conflicts_with(self, other: Attrs) -> bool {
        let (a, b) = (
            self.bits() & Self::RARE_FIELD,
            other.bits() & Self::RARE_FIELD,
        );
        a != 0 && b != 0 && a != b
    }

    /// The attributes with these bits.
    #[inline]
    pub const fn from_bits(bits: u16) -> Attrs {
        Attrs(bits.to_le_bytes())
    }

    #[inline]
    pub const fn bits(self) -> u16 {
        u16::from_le_bytes(self.0)
    }
    #[inline]
    pub const fn contains(self, other: Attrs) -> bool {
        let flags = other.bits() & !Self::RARE_FIELD;
        let rare = other.bits() & Self::RARE_FIELD;
        self.bits() & flags == flags && (rare == 0 || self.bits() & Self::RARE_FIELD == rare)
    }
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.bits() == 0
    }
    #[inline]
    pub const fn with(self, other: Attrs) -> Attrs {
        if other.bits() & Self::RARE_FIELD != 0 {
            // A rare attribute replaces the one the field held.
            Attrs::from_bits((self.bits() & !Self::RARE_FIELD) | other.bits())
        } else {
            Attrs::from_bits(self.bits() | other.bits())
        }
    }
    /// These attributes, with `other` added when `yes`.
    #[inline]
    pub const fn with_if(self, other: Attrs, yes: bool) -> Attrs {
        if yes {
            self.with(other)
        } else {
            self
        }
    }
    #[inline]
    pub const fn without(self, other: Attrs) -> Attrs {
        let rare = other.bits() & Self::RARE_FIELD;
        let mut bits = self.bits() & !(other.bits() & !Self::RARE_FIELD);
        if rare != 0 && self.bits() & Self::RARE_FIELD == rare {
            bits &= !Self::RARE_FIELD;
        }
        Attrs::from_bits(bits)
    }
}

impl std::fmt::Debug for Attrs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Attrs").field(&self.bits()).finish()
    }
}

impl std::ops::BitOr for Attrs {
    type Output = Attrs;
    fn bitor(self, rhs: Attrs) -> Attrs {
        self.with(rhs)
    }
}

/// A coloured unit, with the attributes Popeye lets a problem give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side the unit belongs to. A neutral unit belongs to both: here
    /// `color` is the side it acts for (the mover for a moving unit, the
    /// other side for a captured one); read from the board it is White.
    pub color: Color,
    pub kind: Kind,
    pub attrs: Attrs,
}

impl Piece {
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece {
            color,
            kind,
            attrs: Attrs::NONE,
        }
    }

    /// A neutral unit of `kind`.
    pub const fn neutral(kind: Kind) -> Piece {
        Piece {
            color: Color::White,
            kind,
            attrs: Attrs::NEUTRAL,
        }
    }

    /// The same unit with `attrs` added.
    pub const fn with(self, attrs: Attrs) -> Piece {
        Piece {
            attrs: self.attrs.with(attrs),
            ..self
        }
    }

    #[inline]
    pub const fn is_neutral(self) -> bool {
        self.attrs.contains(Attrs::NEUTRAL)
    }

    #[inline]
    pub const fn is_kamikaze(self) -> bool {
        self.attrs.contains(Attrs::KAMIKAZE)
    }

    /// The unit as seen by `side`'s play: a neutral unit takes that colour,
    /// any other keeps its own.
    #[inline]
    pub fn acting_for(self, side: Color) -> Piece {
        if self.is_neutral() {
            Piece {
                color: side,
                ..self
            }
        } else {
            self
        }
    }
}

/// A square, 0 = a1, 7 = h1, 63 = h8.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        Square(rank * 8 + file)
    }
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Dark squares are a1, c1, ..., b2: (file + rank) even counting from 1,
    /// which is the same as even counting from 0.
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()).is_multiple_of(2)
    }
    /// The square `df` files and `dr` ranks away, if on the board.
    #[inline]
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if (0..8).contains(&f) && (0..8).contains(&r) {
            Some(Square::new(f as u8, r as u8))
        } else {
            None
        }
    }
    /// Parses `a1`..`h8` (case-insensitive).
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].to_ascii_lowercase();
        let r = b[1];
        if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r) {
            Some(Square::new(f - b'a', r - b'1'))
        } else {
            None
        }
    }
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rare_attributes_are_one_field_read_as_one_value() {
        // Patrol's code has the bits of jigger and protean: it is neither.
        let patrol = Attrs::ROYAL.with(Attrs::PATROL);
        assert!(patrol.contains(Attrs::PATROL) && patrol.contains(Attrs::ROYAL));
        assert!(!patrol.contains(Attrs::JIGGER) && !patrol.contains(Attrs::PROTEAN));
        // One rare attribute replaces another, and only its own goes.
        assert_eq!(patrol.with(Attrs::DOB), Attrs::ROYAL.with(Attrs::DOB));
        assert_eq!(patrol.without(Attrs::JIGGER), patrol);
        assert_eq!(patrol.without(Attrs::PATROL), Attrs::ROYAL);
        assert!(Attrs::BUL.conflicts_with(Attrs::DOB));
        assert!(!Attrs::BUL.conflicts_with(Attrs::BUL.with(Attrs::ROYAL)));
        assert!(!Attrs::ROYAL.conflicts_with(Attrs::DOB));
    }

    #[test]
    fn square_colours_follow_the_rules() {
        // docs/rules.md, Terms: a1, c1, e1, g1, b2 dark; b1, d1, f1, h1, a2 light.
        for s in ["a1", "c1", "e1", "g1", "b2", "h8"] {
            assert!(Square::parse(s).unwrap().is_dark(), "{s}");
        }
        for s in ["b1", "d1", "f1", "h1", "a2", "a8"] {
            assert!(!Square::parse(s).unwrap().is_dark(), "{s}");
        }
    }

    #[test]
    fn squares_parse_and_print() {
        assert_eq!(Square::parse("e4").unwrap().to_string(), "e4");
        assert_eq!(Square::parse("H8"), Some(Square(63)));
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
    }
}
