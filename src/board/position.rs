//! The position: where the units stand, whose move it is, and the state
//! that castling and en passant need.

use super::attacks;
use super::bitboard::Bitboard;
use super::types::{Color, Piece, Role, Square};

/// A position. It need not be reachable in a game: problem diagrams often
/// are not. Cheap to copy: moves are played on a copy (copy-make).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// Units of each side; a neutral unit is in both.
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    /// Units carrying Popeye's `kamikaze` attribute.
    kamikaze: Bitboard,
    /// Neutral units (also in both colours' sets).
    neutral: Bitboard,
    /// The unit on each square, encoded (see `encode`), for O(1) look-up.
    mailbox: [u8; 64],
    /// Kings on e1/e8 and rooks on a1/h1/a8/h8 that count as unmoved, so may
    /// castle. A rook or king reborn on its game-array square joins this set.
    pub unmoved: Bitboard,
    /// The square a pawn has just passed over with its double step.
    pub ep_square: Option<Square>,
    pub turn: Color,
    /// Whether `ids` is kept up to date: only for goals about units'
    /// identity (circuit, exchange), so other problems pay nothing for it.
    tracks_ids: bool,
    /// Identity of the unit on each square when `tracks_ids`: its square in
    /// the diagram + 1 (0 for an empty square). A reborn unit keeps it.
    ids: [u8; 64],
}

/// Mailbox code of a unit: 0 for an empty square, else role + 1 in bits
/// 0-2, colour in bit 3, kamikaze in bit 4, neutral in bit 5. A neutral
/// unit is stored as White, so one unit has one code whoever moved it.
#[inline]
fn encode(p: Piece) -> u8 {
    let color = p.color as u8 & u8::from(!p.neutral);
    (p.role as u8 + 1) | (color << 3) | (u8::from(p.kamikaze) << 4) | (u8::from(p.neutral) << 5)
}

/// The unit of each mailbox code, looked up rather than computed: reading
/// a square is on the path of every move generated.
static DECODED: [Option<Piece>; 64] = {
    let mut table = [None; 64];
    let mut code = 0;
    while code < 64 {
        let role = code & 7;
        if role != 0 && role != 7 {
            table[code] = Some(Piece {
                role: Role::ALL[role - 1],
                color: if code & 8 == 0 {
                    Color::White
                } else {
                    Color::Black
                },
                kamikaze: code & 16 != 0,
                neutral: code & 32 != 0,
            });
        }
        code += 1;
    }
    table
};

#[inline]
fn decode(code: u8) -> Option<Piece> {
    DECODED[usize::from(code & 63)]
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
            by_role: [Bitboard::EMPTY; 6],
            kamikaze: Bitboard::EMPTY,
            neutral: Bitboard::EMPTY,
            mailbox: [0; 64],
            unmoved: Bitboard::EMPTY,
            ep_square: None,
            turn: Color::White,
            tracks_ids: false,
            ids: [0; 64],
        }
    }

    /// Starts tracking units' identities, taking this position as the
    /// diagram: each unit is named after the square it stands on now.
    pub fn track_identities(&mut self) {
        self.tracks_ids = true;
        self.ids = [0; 64];
        for sq in self.occupied() {
            self.ids[sq.index()] = sq.index() as u8 + 1;
        }
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

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }
    #[inline]
    pub fn by_color(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }
    #[inline]
    pub fn by_role(&self, r: Role) -> Bitboard {
        self.by_role[r.index()]
    }
    #[inline]
    pub fn pieces(&self, c: Color, r: Role) -> Bitboard {
        self.by_color[c.index()] & self.by_role[r.index()]
    }
    #[inline]
    pub fn kamikaze(&self) -> Bitboard {
        self.kamikaze
    }
    #[inline]
    pub fn neutral(&self) -> Bitboard {
        self.neutral
    }
    #[inline]
    pub fn is_empty_square(&self, sq: Square) -> bool {
        !self.occupied().contains(sq)
    }

    /// The king of `c`, if there is exactly one... or the first one found.
    #[inline]
    pub fn king(&self, c: Color) -> Option<Square> {
        self.pieces(c, Role::King).first()
    }

    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        self.piece_at(sq).map(|p| p.color)
    }

    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.piece_at(sq).map(|p| p.role)
    }

    /// The unit on `sq`; a neutral one reads as White (see [`Piece::color`]).
    #[inline]
    /// Every unit with its square, a1 to h8.
    pub fn units(&self) -> impl Iterator<Item = (Piece, Square)> + '_ {
        self.occupied()
            .into_iter()
            .filter_map(|sq| Some((self.piece_at(sq)?, sq)))
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        decode(self.mailbox[sq.index()])
    }

    /// The unit on `sq` as `side` plays it: a neutral unit takes `side`'s colour.
    #[inline]
    pub fn piece_as(&self, sq: Square, side: Color) -> Option<Piece> {
        self.piece_at(sq).map(|p| p.acting_for(side))
    }

    /// Puts `piece` on `sq`, replacing whatever stood there. Inlined: it
    /// is on the path of every move played.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.mailbox[sq.index()] = encode(piece);
        if piece.neutral {
            self.by_color[0].set(sq);
            self.by_color[1].set(sq);
            self.neutral.set(sq);
        } else {
            self.by_color[piece.color.index()].set(sq);
        }
        self.by_role[piece.role.index()].set(sq);
        if piece.kamikaze {
            self.kamikaze.set(sq);
        }
    }

    /// Removes and returns the unit on `sq`. The square loses its castling right.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let p = self.piece_at(sq)?;
        self.by_color[0].clear(sq);
        self.by_color[1].clear(sq);
        self.by_role[p.role.index()].clear(sq);
        self.kamikaze.clear(sq);
        self.neutral.clear(sq);
        self.unmoved.clear(sq);
        self.mailbox[sq.index()] = 0;
        Some(p)
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
    /// that castling square (e1: white king, a8: black rook ...). Neutral
    /// units never castle.
    pub fn is_on_home_castling_square(&self, sq: Square) -> bool {
        let Some(p) = self.piece_at(sq).filter(|p| !p.neutral) else {
            return false;
        };
        let home_rank = p.color.back_rank();
        if sq.rank() != home_rank {
            return false;
        }
        match p.role {
            Role::King => sq.file() == 4,
            Role::Rook => sq.file() == 0 || sq.file() == 7,
            _ => false,
        }
    }

    /// Units of `by` that attack `sq` in the orthodox sense (would capture
    /// there if the rules allowed), with `occupied` as the blockers. Neutral
    /// units count, acting for `by` (their pawns capture in `by`'s direction).
    pub fn attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color(by);
        let rq = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let bq = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        (attacks::rook(sq, occupied) & rq
            | attacks::bishop(sq, occupied) & bq
            | attacks::knight(sq) & self.by_role(Role::Knight)
            | attacks::king(sq) & self.by_role(Role::King)
            | attacks::pawn(by.opponent(), sq) & self.by_role(Role::Pawn))
            & them
    }

    /// The orthodox attack set of the unit `p` standing on `sq` (a neutral
    /// pawn's as `p.color` plays it).
    pub fn attacks_from(&self, sq: Square, p: Piece) -> Bitboard {
        let occ = self.occupied();
        match p.role {
            Role::King => attacks::king(sq),
            Role::Queen => attacks::queen(sq, occ),
            Role::Rook => attacks::rook(sq, occ),
            Role::Bishop => attacks::bishop(sq, occ),
            Role::Knight => attacks::knight(sq),
            Role::Pawn => attacks::pawn(p.color, sq),
        }
    }

    /// Number of units of colour `c`, neutral units left out.
    pub fn count(&self, c: Color) -> u32 {
        (self.by_color(c) & !self.neutral).count()
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
    let role = match rest.as_bytes()[0].to_ascii_uppercase() {
        b'K' => Role::King,
        b'Q' => Role::Queen,
        b'R' => Role::Rook,
        b'B' => Role::Bishop,
        b'S' | b'N' => Role::Knight,
        b'P' => Role::Pawn,
        _ => return Err(bad()),
    };
    let sq = Square::parse(&rest[1..]).ok_or_else(bad)?;
    Ok((
        Piece {
            color,
            role,
            kamikaze,
            neutral,
        },
        sq,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_and_remove() {
        let mut p = Position::empty();
        let e1 = Square::parse("e1").unwrap();
        p.put(e1, Piece::new(Color::White, Role::King));
        p.set_unmoved_from_placement();
        assert!(p.unmoved.contains(e1));
        assert_eq!(p.king(Color::White), Some(e1));
        assert_eq!(p.remove(e1).unwrap().role, Role::King);
        assert!(!p.unmoved.contains(e1));
        assert!(p.occupied().is_empty());
    }
}
