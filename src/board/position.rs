//! The position: where the units stand, whose move it is, and the state
//! that castling and en passant need.

use super::attacks;
use super::bitboard::Bitboard;
use super::history::History;
use super::types::{Attrs, Color, Kind, Piece, Square};
use super::waiting::Waiting;

/// A position. It need not be reachable in a game: problem diagrams often
/// are not. Cheap to copy: moves are played on a copy (copy-make).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// Units of each side; a neutral unit is in both.
    by_color: [Bitboard; 2],
    /// Units of each orthodox kind, for the generator's fast paths.
    by_kind: [Bitboard; Kind::ORTHODOX_COUNT],
    /// Units of every other kind (fairy units).
    fairy: Bitboard,
    /// Units carrying any attribute ([`Attrs`]).
    attributed: Bitboard,
    /// Units with an attribute the mailbox has no bit for (functionary,
    /// uncapturable: bits 8 on), among `attributed`.
    high_any: Bitboard,
    /// The units with each of those attributes (`high[i]`: bit 8 + i).
    high: [Bitboard; Attrs::HIGH_COUNT],
    /// The unit on each square, for O(1) look-up: its kind's index + 1 in
    /// the low byte (0: empty), its attributes in the high byte. The colour
    /// is read from `by_color` (both colours: neutral). Kept small: every
    /// move played copies the position.
    mailbox: [u16; 64],
    /// Kings on e1/e8 and rooks on a1/h1/a8/h8 that count as unmoved, so may
    /// castle. A rook or king reborn on its game-array square joins this set.
    pub unmoved: Bitboard,
    /// The square a pawn has just passed over with its double step.
    pub ep_square: Option<Square>,
    /// Where that pawn stands (the arrival of its double step: beside the
    /// passed square for a Berolina pawn); read only with `ep_square`.
    pub ep_victim: Square,
    /// The other square passed over by an EinsteinChess pawn's triple step
    /// from its first rank (next to its start; `ep_square` is next to its
    /// arrival): it may be taken en passant on either. Read only with
    /// `ep_square`.
    pub ep_also: Option<Square>,
    pub turn: Color,
    /// Units waiting under squares, a rebirth pending until the next move.
    pub waiting: Waiting,
    /// Holes: squares no unit may enter or cross (Hole, HaanerChess). They
    /// count as occupied, by nobody.
    pub holes: Bitboard,
    /// Whether each square a unit leaves becomes a hole (HaanerChess).
    pub vacated_become_holes: bool,
    /// Imitators (Imitator): neutral blocking units that stand on no
    /// square of the board but shift with every move's vector; a move is
    /// possible only where each can follow (conditions/imitator.rs).
    pub imitators: Bitboard,
    /// The two squares of the exchange the last move made (MessignyChess),
    /// or none.
    pub exchanged: Bitboard,
    /// The sides (bit = colour index) that have castled by exchange in
    /// the play so far (ExchangeCastling: once a side).
    pub exchange_castled: u8,
    /// The role exchanges White has made in the play so far, counted only
    /// where their number is limited (RoleExchange).
    pub role_exchanges: u8,
    /// `castlingmutuallyexclusive`: pairs of castlings of which the first
    /// played takes the other's right (bit 0: a1 with a8, 1: a1 with h8,
    /// 2: h1 with a8, 3: h1 with h8; [`Position::exclusive_castling_bit`]).
    pub castling_exclusive: u8,
    /// The previous move, for the conditions that read it (kept only while
    /// `history.tracked`).
    pub history: History,
    /// What each side may still travel (BGL).
    pub allowance: super::Allowance,
    /// Whether `ids` is kept up to date: only for goals about units'
    /// identity (circuit, exchange), so other problems pay nothing for it.
    tracks_ids: bool,
    /// Identity of the unit on each square when `tracks_ids`: its square in
    /// the diagram + 1 (0 for an empty square). A reborn unit keeps it.
    ids: [u8; 64],
}

/// The squares where a unit counts as unmoved for castling.
pub const CASTLING_SQUARES: Bitboard =
    Bitboard((1 << 0) | (1 << 4) | (1 << 7) | (1 << 56) | (1 << 60) | (1 << 63));

impl Default for Position {
    fn default() -> Self {
        Position::empty()
    }
}

impl Position {
    pub const fn empty() -> Position {
        Position {
            by_color: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; Kind::ORTHODOX_COUNT],
            fairy: Bitboard::EMPTY,
            attributed: Bitboard::EMPTY,
            high_any: Bitboard::EMPTY,
            high: [Bitboard::EMPTY; Attrs::HIGH_COUNT],
            mailbox: [0; 64],
            unmoved: Bitboard::EMPTY,
            ep_square: None,
            ep_victim: Square(0),
            ep_also: None,
            turn: Color::White,
            waiting: Waiting::EMPTY,
            holes: Bitboard::EMPTY,
            vacated_become_holes: false,
            imitators: Bitboard::EMPTY,
            exchanged: Bitboard::EMPTY,
            exchange_castled: 0,
            role_exchanges: 0,
            castling_exclusive: 0,
            history: History::NONE,
            allowance: super::Allowance::NONE,
            tracks_ids: false,
            ids: [0; 64],
        }
    }

    /// The game array: each side's pieces on its first rank and its pawns
    /// on its second, White to move, every king and rook able to castle.
    pub fn game_array() -> Position {
        let mut pos = Position::empty();
        let back = [
            Kind::ROOK,
            Kind::KNIGHT,
            Kind::BISHOP,
            Kind::QUEEN,
            Kind::KING,
            Kind::BISHOP,
            Kind::KNIGHT,
            Kind::ROOK,
        ];
        for color in Color::ALL {
            for (file, kind) in back.iter().enumerate() {
                let f = file as u8;
                pos.put(Square::new(f, color.back_rank()), Piece::new(color, *kind));
                pos.put(
                    Square::new(f, color.pawn_rank()),
                    Piece::new(color, Kind::PAWN),
                );
            }
        }
        pos.set_unmoved_from_placement();
        pos
    }

    /// Whether both positions hold the same units on the same squares
    /// (walk, side and attributes; imitators too): what a proof game
    /// compares. The side to move, castling rights, en passant and
    /// pending rebirths are not compared (Popeye's test of a proof game's
    /// end looks at the units alone).
    pub fn same_units(&self, other: &Position) -> bool {
        self.by_color == other.by_color
            && self.mailbox == other.mailbox
            && self.high == other.high
            && self.imitators == other.imitators
    }

    /// The squares whose occupant differs between the two positions (walk,
    /// side or attributes), from the bitboards: a proof game's bound asks
    /// it at every node. Only a fairy or attributed unit needs its code
    /// compared.
    pub fn differing_squares(&self, other: &Position) -> Bitboard {
        let mut diff = (self.by_color[0] ^ other.by_color[0])
            | (self.by_color[1] ^ other.by_color[1])
            | (self.fairy ^ other.fairy)
            | (self.attributed ^ other.attributed);
        for (a, b) in self.by_kind.iter().zip(&other.by_kind) {
            diff |= *a ^ *b;
        }
        for (a, b) in self.high.iter().zip(&other.high) {
            diff |= *a ^ *b;
        }
        for sq in (self.fairy | self.attributed) & !diff {
            if self.mailbox[sq.index()] != other.mailbox[sq.index()] {
                diff.set(sq);
            }
        }
        diff
    }

    /// Starts tracking units' identities, taking this position as the
    /// diagram: each unit is named after the square it stands on now.
    pub fn track_identities(&mut self) {
        self.tracks_ids = true;
        self.ids = [0; 64];
        for sq in self.unit_squares() {
            self.ids[sq.index()] = sq.index() as u8 + 1;
        }
    }

    /// A copy to play a move on. Identities are copied only when tracked:
    /// the rest of the position is small enough to copy fast, and most
    /// problems track none.
    #[inline(always)]
    pub(crate) fn copy_for_move(&self) -> Position {
        Position {
            ids: if self.tracks_ids { self.ids } else { [0; 64] },
            ..*self
        }
    }

    /// What says which unit stands where, for hashing: the mailbox (kind
    /// and attributes of each square's unit), Black's units and the units
    /// with the attributes the mailbox has no bit for (`high`).
    #[inline(always)]
    pub(super) fn unit_arrays(&self) -> (&[u16; 64], Bitboard, &[Bitboard; Attrs::HIGH_COUNT]) {
        (&self.mailbox, self.by_color[1], &self.high)
    }

    /// Whether units' identities are tracked (see `track_identities`).
    #[inline]
    pub fn tracks_identities(&self) -> bool {
        self.tracks_ids
    }

    /// The diagram square of the unit on `sq`, when identities are tracked
    /// and that unit comes from the diagram.
    #[inline]
    pub fn diagram_square(&self, sq: Square) -> Option<Square> {
        match self.ids[sq.index()] {
            0 => None,
            id => Some(Square(id - 1)),
        }
    }

    /// Raw identity code of the unit on `sq` (diagram square + 1, or 0).
    #[inline]
    pub(crate) fn id_code(&self, sq: Square) -> u8 {
        self.ids[sq.index()]
    }

    #[inline]
    pub(crate) fn set_id_code(&mut self, sq: Square, code: u8) {
        self.ids[sq.index()] = code;
    }

    /// The squares units stand on, and the holes: what blocks a move.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1] | self.holes
    }
    /// The squares units stand on.
    #[inline]
    pub fn unit_squares(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }
    #[inline]
    pub fn by_color(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }
    /// Units of `kind` (either colour).
    #[inline]
    pub fn by_kind(&self, kind: Kind) -> Bitboard {
        if kind.is_orthodox() {
            self.by_kind[kind.index()]
        } else {
            self.fairy_of(kind)
        }
    }
    #[inline]
    pub fn pieces(&self, c: Color, kind: Kind) -> Bitboard {
        self.by_color[c.index()] & self.by_kind(kind)
    }
    /// Units of the non-orthodox kinds.
    #[inline]
    pub fn fairy(&self) -> Bitboard {
        self.fairy
    }
    fn fairy_of(&self, kind: Kind) -> Bitboard {
        let code = kind.index() as u16 + 1;
        let mut b = Bitboard::EMPTY;
        for sq in self.fairy {
            if self.mailbox[sq.index()] & 0xff == code {
                b.set(sq);
            }
        }
        b
    }
    /// Units that carry every attribute of `attrs`.
    pub fn with_attrs(&self, attrs: Attrs) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for sq in self.attributed {
            if self.attrs_of(sq, self.mailbox[sq.index()]).contains(attrs) {
                b.set(sq);
            }
        }
        b
    }
    /// The units on AliceChess's board B (attribute `AliceB`).
    #[inline]
    pub fn on_board_b(&self) -> Bitboard {
        self.high[(Attrs::ALICE_B.bits() >> 8).trailing_zeros() as usize]
    }
    /// The attributes of the unit on `sq`, whose mailbox code is `code`.
    #[inline(always)]
    fn attrs_of(&self, sq: Square, code: u16) -> Attrs {
        let attrs = Attrs::from_bits(code >> 8);
        if self.high_any.contains(sq) {
            let mut bits = attrs.bits();
            for (i, b) in self.high.iter().enumerate() {
                if b.contains(sq) {
                    bits |= 1 << (8 + i);
                }
            }
            Attrs::from_bits(bits)
        } else {
            attrs
        }
    }
    /// Units that carry some attribute.
    #[inline]
    pub fn attributed(&self) -> Bitboard {
        self.attributed
    }
    /// Units with the kamikaze attribute.
    #[inline]
    pub fn kamikaze(&self) -> Bitboard {
        if self.attributed.is_empty() {
            return Bitboard::EMPTY;
        }
        self.with_attrs(Attrs::KAMIKAZE)
    }
    /// Neutral units: those in both colours' sets.
    #[inline]
    pub fn neutral(&self) -> Bitboard {
        self.by_color[0] & self.by_color[1]
    }
    #[inline]
    pub fn is_empty_square(&self, sq: Square) -> bool {
        !self.occupied().contains(sq)
    }

    /// The king of `c`, if there is exactly one... or the first one found;
    /// without a king, a royal unit of another kind (one Clone Circe made).
    #[inline]
    pub fn king(&self, c: Color) -> Option<Square> {
        match self.pieces(c, Kind::KING).first() {
            Some(k) => Some(k),
            None if self.attributed.nonempty() => self.royal_units(c).first(),
            None => None,
        }
    }

    /// The royal units of `c` that are not kings.
    pub fn royal_units(&self, c: Color) -> Bitboard {
        if self.attributed.is_empty() {
            return Bitboard::EMPTY;
        }
        self.with_attrs(Attrs::ROYAL) & self.by_color(c)
    }

    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        self.piece_at(sq).map(|p| p.color)
    }

    #[inline]
    pub fn kind_at(&self, sq: Square) -> Option<Kind> {
        self.piece_at(sq).map(|p| p.kind)
    }

    /// Every unit with its square, a1 to h8.
    pub fn units(&self) -> impl Iterator<Item = (Piece, Square)> + '_ {
        self.occupied()
            .into_iter()
            .filter_map(|sq| Some((self.piece_at(sq)?, sq)))
    }

    /// The unit on `sq`; a neutral one reads as White (see [`Piece::color`]).
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let code = self.mailbox[sq.index()];
        if code == 0 {
            return None;
        }
        let black = self.by_color[1].contains(sq) && !self.by_color[0].contains(sq);
        Some(Piece {
            color: if black { Color::Black } else { Color::White },
            kind: Kind::from_code((code & 0xff) as u8 - 1),
            attrs: self.attrs_of(sq, code),
        })
    }

    /// The unit on `sq` as `side` plays it: a neutral unit takes `side`'s colour.
    #[inline]
    pub fn piece_as(&self, sq: Square, side: Color) -> Option<Piece> {
        self.piece_at(sq).map(|p| p.acting_for(side))
    }

    /// Puts `piece` on `sq`, replacing whatever stood there. Inlined: it
    /// is on the path of every move played.
    #[inline]
    pub fn put(&mut self, sq: Square, mut piece: Piece) {
        self.clear(sq);
        // A royal walk (sting, poseidon) is its side's king: it carries the
        // royal attribute, as a royal unit of another kind does.
        if !piece.kind.is_orthodox() && piece.kind.def().royal {
            piece.attrs = piece.attrs.with(Attrs::ROYAL);
        }
        self.mailbox[sq.index()] =
            (piece.kind.index() as u16 + 1) | (piece.attrs.bits() & 0xff) << 8;
        if piece.is_neutral() {
            self.by_color[0].set(sq);
            self.by_color[1].set(sq);
        } else {
            self.by_color[piece.color.index()].set(sq);
        }
        if piece.kind.is_orthodox() {
            self.by_kind[piece.kind.index()].set(sq);
        } else {
            self.fairy.set(sq);
        }
        if !piece.attrs.is_empty() {
            self.attributed.set(sq);
            let high = piece.attrs.bits() >> 8;
            if high != 0 {
                self.high_any.set(sq);
                for (i, b) in self.high.iter_mut().enumerate() {
                    if high & (1 << i) != 0 {
                        b.set(sq);
                    }
                }
            }
        }
    }

    /// Moves every unit standing on `squares` to `map` of its square, `map`
    /// taking `squares` onto themselves (the turning conditions). The
    /// castling rights of the squares units left go, as with [`Position::clear`];
    /// identities are the caller's. Works on the sets and the mailbox
    /// directly: a whole board turns after every move there.
    pub fn permute_units(&mut self, squares: Bitboard, map: fn(Square) -> Square) {
        let moved = squares & self.unit_squares();
        // Sparse sets: a bit at a time beats a whole-set transform.
        let turn = |bb: Bitboard| {
            let mut out = bb & !squares;
            for sq in bb & moved {
                out.set(map(sq));
            }
            out
        };
        for bb in self
            .by_color
            .iter_mut()
            .chain(self.by_kind.iter_mut())
            .chain(self.high.iter_mut())
            .chain([&mut self.fairy, &mut self.attributed, &mut self.high_any])
        {
            *bb = turn(*bb);
        }
        let before = self.mailbox;
        for sq in moved {
            self.mailbox[sq.index()] = 0;
        }
        for sq in moved {
            self.mailbox[map(sq).index()] = before[sq.index()];
        }
        self.unmoved &= !moved;
    }

    /// The bit of `castling_exclusive` for the castlings with the rooks
    /// of `white` (a1 or h1) and `black` (a8 or h8); None for other
    /// squares.
    pub fn exclusive_castling_bit(white: Square, black: Square) -> Option<u8> {
        let side = |sq: Square, rank: u8| match (sq.file(), sq.rank()) {
            (0, r) if r == rank => Some(0),
            (7, r) if r == rank => Some(1),
            _ => None,
        };
        Some(1 << (side(white, 0)? * 2 + side(black, 7)?))
    }

    /// After a castling with the rook of `rook` (a1, h1, a8 or h8): the
    /// castlings it excludes lose their rights.
    pub(crate) fn exclude_castlings(&mut self, rook: Square) {
        for white in [Square::new(0, 0), Square::new(7, 0)] {
            for black in [Square::new(0, 7), Square::new(7, 7)] {
                let pair = Self::exclusive_castling_bit(white, black).unwrap_or(0);
                if self.castling_exclusive & pair != 0 {
                    if rook == white {
                        self.unmoved.clear(black);
                    } else if rook == black {
                        self.unmoved.clear(white);
                    }
                }
            }
        }
    }

    /// Removes and returns the unit on `sq`. The square loses its castling right.
    #[inline]
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let p = self.piece_at(sq)?;
        self.clear(sq);
        Some(p)
    }

    /// Empties `sq` (it loses its castling right). Cheaper than
    /// [`Position::remove`]: the unit is not decoded.
    #[inline]
    pub fn clear(&mut self, sq: Square) {
        let code = self.mailbox[sq.index()];
        if code == 0 {
            return;
        }
        self.by_color[0].clear(sq);
        self.by_color[1].clear(sq);
        let kind = usize::from(code & 0xff) - 1;
        if kind < Kind::ORTHODOX_COUNT {
            self.by_kind[kind].clear(sq);
        } else {
            self.fairy.clear(sq);
        }
        self.attributed.clear(sq);
        if self.high_any.contains(sq) {
            self.high_any.clear(sq);
            for b in self.high.iter_mut() {
                b.clear(sq);
            }
        }
        self.unmoved.clear(sq);
        self.mailbox[sq.index()] = 0;
    }

    /// Marks as unmoved every king and rook standing on its game-array
    /// square, as Popeye does for a diagram.
    pub fn set_unmoved_from_placement(&mut self) {
        self.unmoved = Bitboard::EMPTY;
        for sq in CASTLING_SQUARES {
            if self.is_on_home_castling_square(sq) {
                self.unmoved.set(sq);
            }
        }
    }

    /// Whether the unit on `sq` is a king or rook of the right colour for
    /// that castling square (e1: white king, a8: black rook ...). A neutral
    /// rook is one of each side, so on a1 and h1 White's, on a8 and h8
    /// Black's (Popeye castles with it); a neutral king never castles.
    pub fn is_on_home_castling_square(&self, sq: Square) -> bool {
        let Some(p) = self
            .piece_at(sq)
            .filter(|p| !p.is_neutral() || p.kind == Kind::ROOK)
        else {
            return false;
        };
        let home_rank = if p.is_neutral() {
            if sq.rank() == Color::White.back_rank() {
                Color::White.back_rank()
            } else {
                Color::Black.back_rank()
            }
        } else {
            p.color.back_rank()
        };
        if sq.rank() != home_rank {
            return false;
        }
        match p.kind {
            Kind::KING => sq.file() == 4,
            Kind::ROOK => sq.file() == 0 || sq.file() == 7,
            _ => false,
        }
    }

    /// Units of `by` that attack `sq` in the orthodox sense (would capture
    /// there if the rules allowed), with `occupied` as the blockers; pawns
    /// on their own first rank too (whether they observe is the rules'
    /// question, `Rules::in_check`). Neutral
    /// units count, acting for `by` (their pawns capture in `by`'s direction).
    pub fn attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(by);
        let rq = self.by_kind[Kind::ROOK.index()] | self.by_kind[Kind::QUEEN.index()];
        let bq = self.by_kind[Kind::BISHOP.index()] | self.by_kind[Kind::QUEEN.index()];
        let orthodox = (attacks::rook(sq, occupied) & rq
            | attacks::bishop(sq, occupied) & bq
            | attacks::knight(sq) & self.by_kind[Kind::KNIGHT.index()]
            | attacks::king(sq) & self.by_kind[Kind::KING.index()]
            | attacks::pawn(by.opponent(), sq) & self.by_kind[Kind::PAWN.index()])
            & them;
        let fairy = self.fairy & them & occupied;
        if fairy.is_empty() {
            return orthodox;
        }
        let mut found = orthodox;
        for from in fairy {
            let unit = self.piece_as(from, by).expect("fairy unit");
            if crate::board::walks::fairy::observes(self, unit, from, sq, occupied) {
                found.set(from);
            }
        }
        found
    }

    /// The squares the unit `p` standing on `sq` attacks: where it would
    /// capture (a neutral pawn's as `p.color` plays it). For orthodox kinds
    /// every square of the attack set; for fairy kinds the occupied ones
    /// (what a hopper attacks depends on its hurdle).
    pub fn attacks_from(&self, sq: Square, p: Piece) -> Bitboard {
        let occ = self.occupied();
        match p.kind {
            Kind::KING => attacks::king(sq),
            Kind::QUEEN => attacks::queen(sq, occ),
            Kind::ROOK => attacks::rook(sq, occ),
            Kind::BISHOP => attacks::bishop(sq, occ),
            Kind::KNIGHT => attacks::knight(sq),
            Kind::PAWN => attacks::pawn(p.color, sq),
            _ => crate::board::walks::fairy::observed(self, p, sq),
        }
    }

    /// Number of units of colour `c`, neutral units left out.
    pub fn count(&self, c: Color) -> u32 {
        (self.by_color(c) & !self.neutral()).count()
    }
}

impl Position {
    /// Builds a position from a compact list such as `"wKe1 wRh1 bKe8 bkPd7 nPb7"`
    /// (colour `w`/`b`/`n` for neutral, optional `k` for kamikaze, piece letter K Q R B S/N P,
    /// square), with White to move and castling rights for every king and
    /// rook on its game-array square. Handy in tests and twins.
    pub fn from_piece_list(list: &str) -> Result<Position, String> {
        let mut pos = Position::empty();
        for token in list.split_whitespace() {
            let (piece, sq) = parse_placed_piece(token)?;
            if pos.piece_at(sq).is_some() {
                return Err(format!("two units on {sq}"));
            }
            pos.put(sq, piece);
        }
        pos.set_unmoved_from_placement();
        Ok(pos)
    }
}

/// Parses `wKe1`, `bkPd7` (kamikaze), `nPb7` (neutral), `wNf3` or `wSf3`.
pub fn parse_placed_piece(token: &str) -> Result<(Piece, Square), String> {
    let bad = || format!("cannot read unit '{token}' (expected e.g. wKe1, bkPd7 or nPb7)");
    let mut chars = token.chars();
    let (color, neutral) = match chars.next() {
        Some('w') | Some('W') => (Color::White, false),
        Some('b') | Some('B') => (Color::Black, false),
        Some('n') | Some('N') => (Color::White, true),
        _ => return Err(bad()),
    };
    let rest: String = chars.collect();
    let (kamikaze, rest) = match rest.strip_prefix('k') {
        Some(r) if r.len() == 3 => (true, r.to_string()),
        _ => (false, rest),
    };
    if rest.len() != 3 {
        return Err(bad());
    }
    let kind = match rest.as_bytes()[0].to_ascii_uppercase() {
        b'K' => Kind::KING,
        b'Q' => Kind::QUEEN,
        b'R' => Kind::ROOK,
        b'B' => Kind::BISHOP,
        b'S' | b'N' => Kind::KNIGHT,
        b'P' => Kind::PAWN,
        _ => return Err(bad()),
    };
    let sq = Square::parse(&rest[1..]).ok_or_else(bad)?;
    Ok((
        Piece {
            color,
            kind,
            attrs: Attrs::NONE
                .with_if(Attrs::KAMIKAZE, kamikaze)
                .with_if(Attrs::NEUTRAL, neutral),
        },
        sq,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The turning conditions' permutation, against the rule said unit by
    /// unit: each unit on the turning squares stands on `map` of its
    /// square, the others stay, and the squares units left lose their
    /// castling rights. Random units: orthodox and fairy kinds, neutral,
    /// attributes in the mailbox's byte and beyond it.
    #[test]
    fn permuting_units_moves_each_unit_with_its_attributes() {
        let mut rng = crate::test_rng::XorShift::new(0x7e41);
        use crate::rules::conditions::revolving::{board_turned, centre_turned, CENTRE};
        type Turn = (Bitboard, fn(Square) -> Square);
        let turns: [Turn; 2] = [(Bitboard(!0), board_turned), (CENTRE, centre_turned)];
        for _ in 0..500 {
            let mut units = Vec::new();
            for _ in 0..rng.below(20) {
                let sq = Square(rng.below(64) as u8);
                // Kinds spread over the table: the orthodox ones and fairy.
                let kind = Kind::from_code(rng.below(12) as u8 * 13 % 150);
                // Any flags of bits 1-11 (bits 12-15 are one field, the rare
                // attribute), neutral one time in four.
                let attrs = Attrs::from_bits(
                    rng.below(1 << 12) as u16 & 0x0ffe | (rng.below(4) == 0) as u16,
                );
                let color = if rng.below(2) == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                units.retain(|&(s, _)| s != sq);
                units.push((sq, Piece { color, kind, attrs }));
            }
            let mut pos = Position::empty();
            for &(sq, unit) in &units {
                pos.put(sq, unit);
            }
            pos.unmoved = Bitboard(rng.below(u64::MAX) ^ rng.below(u64::MAX) << 7);
            for &(squares, map) in &turns {
                let mut turned = pos;
                turned.permute_units(squares, map);
                let mut expected = Position::empty();
                for &(sq, _) in &units {
                    let unit = pos.piece_at(sq).unwrap();
                    expected.put(if squares.contains(sq) { map(sq) } else { sq }, unit);
                }
                expected.unmoved = pos.unmoved & !(squares & pos.unit_squares());
                assert_eq!(turned, expected, "units {units:?}");
            }
        }
    }

    #[test]
    fn put_and_remove() {
        let mut p = Position::empty();
        let e1 = Square::parse("e1").unwrap();
        p.put(e1, Piece::new(Color::White, Kind::KING));
        p.set_unmoved_from_placement();
        assert!(p.unmoved.contains(e1));
        assert_eq!(p.king(Color::White), Some(e1));
        assert_eq!(p.remove(e1).unwrap().kind, Kind::KING);
        assert!(!p.unmoved.contains(e1));
        assert!(p.occupied().is_empty());
    }

    #[test]
    fn differing_squares_are_those_whose_units_differ() {
        let unit = |color, kind, attrs| Piece { color, kind, attrs };
        let (w, b, none) = (Color::White, Color::Black, Attrs::NONE);
        // Pairs of occupants, one square each: the same, then differing
        // by walk, side, an attribute in the mailbox, one beyond it, a
        // fairy walk, or presence.
        let pairs = [
            (
                Some(unit(w, Kind::ROOK, none)),
                Some(unit(w, Kind::ROOK, none)),
            ),
            (
                Some(unit(w, Kind::ROOK, none)),
                Some(unit(w, Kind::BISHOP, none)),
            ),
            (
                Some(unit(w, Kind::ROOK, none)),
                Some(unit(b, Kind::ROOK, none)),
            ),
            (
                Some(unit(w, Kind::ROOK, Attrs::KAMIKAZE)),
                Some(unit(w, Kind::ROOK, none)),
            ),
            (
                Some(unit(b, Kind::PAWN, Attrs::KAMIKAZE)),
                Some(unit(b, Kind::PAWN, Attrs::KAMIKAZE)),
            ),
            (
                Some(unit(w, Kind::KNIGHT, Attrs::FUNCTIONARY)),
                Some(unit(w, Kind::KNIGHT, none)),
            ),
            (
                Some(unit(w, Kind::GRASSHOPPER, none)),
                Some(unit(w, Kind::NIGHTRIDER, none)),
            ),
            (
                Some(unit(b, Kind::GRASSHOPPER, none)),
                Some(unit(b, Kind::GRASSHOPPER, none)),
            ),
            (Some(unit(b, Kind::QUEEN, none)), None),
            (None, None),
        ];
        let (mut a, mut c) = (Position::empty(), Position::empty());
        for (i, (x, y)) in pairs.iter().enumerate() {
            let sq = Square::new(i as u8 % 8, i as u8 / 8);
            if let Some(x) = x {
                a.put(sq, *x);
            }
            if let Some(y) = y {
                c.put(sq, *y);
            }
        }
        let expected: Vec<Square> = (0..64u8)
            .map(|i| Square::new(i % 8, i / 8))
            .filter(|sq| a.piece_at(*sq) != c.piece_at(*sq))
            .collect();
        assert_eq!(expected.len(), 6);
        assert_eq!(
            a.differing_squares(&c).into_iter().collect::<Vec<_>>(),
            expected
        );
        assert_eq!(
            c.differing_squares(&a).into_iter().collect::<Vec<_>>(),
            expected
        );
    }
}
