//! A move with all its effects, so that playing it and printing it need no
//! recomputation.
//!
//! A move is its primary motion (a unit goes from one square to another,
//! perhaps capturing, perhaps promoting), which every move has and which is
//! kept in plain fields, and a short list of further [`Effect`]s that the
//! rules in force add: rebirths, removals, units waiting under a square,
//! a rebirth left pending until the next move. The list is modelled on
//! Popeye's move-effect journal and is kept in the order Popeye records
//! (and prints) the effects.

use crate::board::{Color, Kind, Piece, Square};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Motion {
    Normal,
    /// A pawn's two-square step; leaves an en-passant square behind.
    DoubleStep,
    EnPassant,
    /// Castling; `from`/`to` are the king's squares.
    CastleShort,
    CastleLong,
    /// The unit changes places with the enemy unit on `to` (MessignyChess).
    Exchange,
    /// No unit moves: the side passes (BlackChecks, where Black passes
    /// when it has no checking move). `from` and `to` are one square.
    Null,
}

/// How a rebirth went, beyond putting the unit on its square: what Popeye
/// prints inside the rebirth's brackets, and what playing it must do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rebirth(u8);

impl Rebirth {
    pub const PLAIN: Rebirth = Rebirth(0);
    /// A reborn pawn promoted, on its promotion rank, to the unit's kind
    /// (`[+wPe8=Q]`).
    pub const PROMOTED: Rebirth = Rebirth(1);
    /// The reborn unit changed sides after it was placed (Turncoats:
    /// `[+bPc7=w]`); the effect's unit has its new colour.
    pub const TURNCOAT: Rebirth = Rebirth(1 << 1);
    /// The square was occupied: the reborn unit went under the occupant
    /// (Volcanic: `[+bRh8->v]`).
    pub const VOLCANO: Rebirth = Rebirth(1 << 2);
    /// The square was occupied: the occupant went under the reborn unit
    /// (Parachute).
    pub const PARACHUTE: Rebirth = Rebirth(1 << 3);
    /// The square was occupied: the occupant was removed (Assassin).
    pub const ASSASSIN: Rebirth = Rebirth(1 << 4);
    /// The unit was captured on an earlier move (Parrain, WaitCapture).
    pub const DELAYED: Rebirth = Rebirth(1 << 5);
    /// The reborn unit was volage until its change of sides (Volage): it
    /// is written as placed, with its `v` (`[+bvPh7=w]`).
    pub const VOLAGE_SPENT: Rebirth = Rebirth(1 << 6);

    #[inline]
    pub const fn has(self, other: Rebirth) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }
    #[inline]
    pub const fn with(self, other: Rebirth) -> Rebirth {
        Rebirth(self.0 | other.0)
    }
    #[inline]
    pub const fn without(self, other: Rebirth) -> Rebirth {
        Rebirth(self.0 & !other.0)
    }
}

/// A rebirth left pending until a later move: whose, and how long it waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PendingKind {
    /// The unit captured by this move, reborn with the next move (LastMove,
    /// Parrain, ContraParrain), off the board meanwhile.
    Captured,
    /// The unit captured by this move, reborn with the next capture
    /// (WaitCapture), off the board meanwhile.
    UntilCapture,
    /// The capturer, which stays where it captured until the next move
    /// transfers it (AntiCirce LastMove).
    Capturer,
}

/// One consequence of a move beyond its motion, as the rules decide it
/// when the move is generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// The arriving unit gains `attrs` (Frischauf Circe marks promoted
    /// units); before every rebirth, never printed.
    Mark { attrs: crate::board::Attrs },
    /// The unit on `from` (the capturing unit; under AntiCirce LastMove the
    /// capturer of the previous move) is lifted and reborn on `to` as
    /// `unit`, which was a `was` before: Popeye's `[wRa4->a1]`,
    /// `[wSc5->Bc1]`. `to` may be `from` itself (Calvet).
    CapturerReborn {
        from: Square,
        to: Square,
        unit: Piece,
        was: Kind,
        how: Rebirth,
    },
    /// The capturing unit leaves the board (a kamikaze capturer that is
    /// not reborn; an Anticirce Relaxed capturer whose square is occupied).
    CapturerVanishes,
    /// The capturing unit, `unit` on `on`, is removed with its victim: a
    /// kamikaze unit without Circe. Popeye's `[-wkPb8]`.
    CapturerRemoved { on: Square, unit: Piece },
    /// A captured unit comes back on `on` as `unit` (its kind or colour
    /// changed where the rules say so): Popeye's `[+bSg8]`. The unit
    /// captured by this move, unless `how` says DELAYED.
    CapturedReborn {
        on: Square,
        unit: Piece,
        how: Rebirth,
    },
    /// The unit on `on` leaves the board (Circe Assassin: the unit on the
    /// rebirth square).
    Removed { on: Square, unit: Piece },
    /// `unit` is put on `on` (a delayed rebirth, a unit coming out from
    /// under a square).
    Added { on: Square, unit: Piece },
    /// `unit` goes under the unit on `on`, to wait there (Volcanic and
    /// Parachute Circe).
    Buried { on: Square, unit: Piece },
    /// `unit`, waiting under `on`, comes out onto it (Volcanic and
    /// Parachute Circe): Popeye's `[+wBf1]`.
    Emerges { on: Square, unit: Piece },
    /// Before the motion: the moving unit goes from `from` to `to` (Mars
    /// Circe: it moves and captures from its rebirth square). `from` and
    /// `to` are the same when the unit stands on its rebirth square: the
    /// move still comes from that path (Popeye's journal records it too).
    Premove {
        from: Square,
        to: Square,
        unit: Piece,
    },
    /// After the move, the unit on `on` changes its walk and becomes `unit`
    /// (SingleBox type 2: the mover promotes a pawn of the other side that
    /// stands on its promotion rank): Popeye's `[h1=S]`.
    WalkChange { on: Square, unit: Piece },
    /// A latent pawn of the mover becomes `unit` before the move
    /// (SingleBox type 3): Popeye's `[a8=S]`, written before the move.
    /// Where it is the moving unit itself (`on` is the departure), the
    /// move's unit is already `unit` and playing this does nothing.
    LatentFirst { on: Square, unit: Piece },
    /// The rebirth of `unit`, captured on `on`, waits (Parrain, WaitCapture,
    /// AntiCirce LastMove); never printed.
    Pending {
        on: Square,
        unit: Piece,
        kind: PendingKind,
    },
    // Part 2, group M: moves with a second motion.
    /// The moving unit, a `was` on `from` where the motion brought it, goes
    /// on to `to` (Wormholes: from one wormhole to another) and is `unit`
    /// there (a pawn promotes on its promotion rank), before any rebirth:
    /// Popeye's `[wRc3->f6]`, `[wPd4->a8=Q]`.
    Transfer {
        from: Square,
        to: Square,
        unit: Piece,
        was: Kind,
    },
    // Part 2, group M (second round): another unit moves with the move.
    /// `unit`, a unit of the other side, goes from `from` to `to` as the
    /// move's first motion is played (Make&TakeChess: the castling of the
    /// victim's side a unit on the victim king's square makes as its make,
    /// the victim's rook moving too). Popeye writes the move as that
    /// castling, then the take: `0-0*e6`; the Circe notation `0-0xe6`.
    PartnerMove {
        from: Square,
        to: Square,
        unit: Piece,
    },
    /// `unit`, of either side, the first unit on the king's line beyond
    /// its arrival, goes from `from` to `to`, the square the king passed
    /// (CastlingChess, Rokagogo): Popeye's `Ke4-g4/bSh4-f4`.
    CastlingPartner {
        from: Square,
        to: Square,
        unit: Piece,
    },
    /// The exchange is a castling with a unit of the mover's side whose
    /// walk is `partner` (ExchangeCastling), which uses up the side's
    /// castling: Popeye writes the partner first, `Qa4<->Ke4`.
    ExchangeCastled { partner: Kind },
    /// White's null move turns the board half round and every unit but the
    /// neutral ones changes sides (RoleExchange); `counted`: the move
    /// spends one of a limited number. Popeye writes the condition's name.
    RoleExchange { counted: bool },
    /// The board turned a quarter once the move is played, a1 going to
    /// a8 and h1 to a1 (ActuatedRevolvingBoard); not written.
    BoardTurned,
    /// The centre turned once the move is played, e4 going to d4, e5 to
    /// e4, d5 to e5 and d4 to d5 (ActuatedRevolvingCentre); not written.
    CentreTurned,
    /// The unit on `on` (a pawn on its promotion rank, promoted or
    /// reborn there) leaves the board and an imitator takes its square
    /// (Imitator): Popeye's `=I`, after the imitators' shift `[Id5]`.
    ImitatorPromotion { on: Square },
    // Part 2, group K: kings, squares and captures that change units.
    /// The unit on `on` changes sides and becomes `unit` (MagicSquares: a
    /// unit arriving on a magic square). Popeye writes `=b` (`=w`) where
    /// the text stands, inside the brackets of a rebirth just written:
    /// `d3*e4=b[+bSg8]`, `Sa1*c2[wSc2->b1=b]`.
    ColourChange { on: Square, unit: Piece },
    // Part 2, group P: units that change colour or walk as moves are played.
    /// The unit on `on` becomes `unit`: its side, its walk or its
    /// attributes changed by a condition as the move is played (Volage,
    /// AndernachChess, a castling rook under EinsteinChess, a promotion
    /// into a chameleon). Popeye writes `=b` (side), `=B` (walk), `=c`
    /// (attributes) after the move, inside the brackets of a rebirth it
    /// follows.
    Changed {
        on: Square,
        unit: Piece,
        shown: Shown,
    },
    // Part 2, group "change" (second round): ghosts.
    /// The unit captured on `on` goes under it as a ghost, `unit` as it
    /// will come back, to come out before the units already there
    /// (GhostChess, HauntedChess); never printed.
    GhostRemembered { on: Square, unit: Piece },
    /// The ghost `unit` waiting under `on` is forgotten: a capture there
    /// brings a new one (HauntedChess); never printed.
    GhostForgotten { on: Square, unit: Piece },
    /// The unit on `on` leaves the board with the captured unit (Breton):
    /// Popeye's `[-wBg4]`, the Circe notation's `(-wBg4)`. Part of what
    /// tells a move from another of the same motion (a threat's).
    TakenAlong { on: Square, unit: Piece },
    /// The move's promotion (`Move::promotion`, which plays it), made
    /// after the effects before this one (Breton: after the unit the
    /// capture takes with it): Popeye writes it in brackets of its own,
    /// `c2*d1[-bBb2][d1=Q]`, not after the motion; the Circe notation
    /// `(d1=Q)`. Playing it does nothing.
    LatePromotion { on: Square, unit: Piece },
    // Group A (unit attributes):
    /// After the move, the unit on `on` (the half-neutral mover, where it
    /// ends up) changes side: to `Some(side)` from neutral, to neutral
    /// from `None`. Popeye's `=wh` / `=nh`, written right after the move,
    /// before its brackets; the Circe notation's `=w` / `=n`.
    SideChange { on: Square, to: Option<Color> },
    // Part 2, group Kings: kings, squares and captures that change units.
    /// The royal unit on `on` (its side's king) takes a new walk and
    /// attributes and becomes `unit` (KobulKings: the walk of the unit of
    /// its side just captured). Popeye's `[d6=rS]`, `[e1=K]`; the Circe
    /// notation's `(d6=S)`. Popeye writes the unit's attributes only where
    /// they changed (`full`); else the royal mark alone.
    KingChange { on: Square, unit: Piece, full: bool },
    // Part 2, group "change" (colour or walk changed as moves are played):
    /// The unit on `on` changes sides and becomes `unit` (the magic
    /// attribute: a unit, not the mover, newly observed by a magic unit;
    /// Breton Chromatic: the unit of the captured walk, the mover too).
    /// Popeye writes it with its square in brackets of its own, after the
    /// rebirths: `Qb3*b4[wQb4->d1][+bmQd8][d1=b]`; the Circe notation
    /// `(d1=b)`.
    Recoloured { on: Square, unit: Piece },
    /// The unit on `on`, of the side that lost a unit, takes a new walk
    /// and becomes `unit` (SnekChess, SnekCircleChess: the walk of the
    /// unit captured). Popeye writes it in brackets of its own with the
    /// unit's attributes, before the rebirths: `[a3=rS]`, `[c2=nQ]`; the
    /// Circe notation `(a3=S)`.
    Rewalked { on: Square, unit: Piece },
    // Issue 20 (fairy conditions, part 2): moves that go on.
    /// The mover, a `was` on `from`, goes on to the empty square `to` and
    /// is `unit` there (a pawn promotes): SeriesCapture's last step after
    /// a capture. Popeye writes `-e4`, `-e8=Q` after the step before it.
    SeriesMove {
        from: Square,
        to: Square,
        unit: Piece,
        was: Kind,
    },
    /// As [`Effect::SeriesMove`], capturing the unit on `to`: Popeye's
    /// `*d3`; its rebirth, if any, follows as an effect of its own.
    SeriesCapture {
        from: Square,
        to: Square,
        unit: Piece,
        was: Kind,
    },
    /// The effects beyond the room of one move (a long series of
    /// SeriesCapture), kept once in a shared store ([`series_tail`]),
    /// played and written as if they stood here.
    SeriesTail { id: [u8; 4] },
    // Issue 20: conditions that change units as moves are played.
    /// The units on `squares` of a band of two ranks (`band` 0 holds
    /// ranks 1 and 2, bit 0 its a1) change sides, those in `white`
    /// becoming white, the others black (Masand: the many units a checking
    /// unit observes, kept in one word). Popeye writes each change in
    /// brackets of its own in the order of the squares, `[d2=w][f4=b]`;
    /// the Circe notation `(d2=w)`. (Bytes, not `u16`s: a move's effects
    /// stay byte-aligned, so a move keeps to one cache line.)
    Turned {
        band: u8,
        squares: [u8; 2],
        white: [u8; 2],
    },
    /// The two kings exchange their squares, the white king's `white` and
    /// the black king's `black` (SwappingKings: after a move that gives
    /// check). Popeye writes the black king's walk and square, then the
    /// white king's: `[Kh8<->Ke1]`.
    KingsSwapped {
        white: Square,
        black: Square,
        white_kind: Kind,
        black_kind: Kind,
    },
    // Issue 20: the bul and dob attributes.
    /// The hurdle the mover hopped over, a `was` on `from`, moves on to the
    /// empty square `to` and is `unit` there, after the capturer's rebirth
    /// and before the captured unit's: Popeye's `[wPc6->c8]`; the Circe
    /// notation `(Pc6>c8)`.
    HurdleMoved {
        from: Square,
        to: Square,
        unit: Piece,
        was: Kind,
    },
    /// The hurdle just moved, a pawn on its last rank on `on`, promotes and
    /// becomes `unit`, after the captured unit's rebirth: Popeye writes it
    /// in the hurdle's brackets when nothing came between, `[wPc6->c8=S]`,
    /// else in brackets of its own, `[+bRa8][b8=Q]`; a promotion with a
    /// hopper attribute `=G=b`, `[b8=bG=b]`. The Circe notation `(c8=S)`.
    HurdlePromoted { on: Square, unit: Piece },
}

// Issue 20: the effects of a series longer than a move has room for.
/// The store of effect lists too long for a move, each kept once: equal
/// lists have one id, so moves that carry them compare as their effects.
struct TailStore {
    lists: Vec<std::sync::Arc<[Effect]>>,
    ids: std::collections::HashMap<std::sync::Arc<[Effect]>, u32>,
}

static TAILS: std::sync::OnceLock<std::sync::RwLock<TailStore>> = std::sync::OnceLock::new();

fn tails() -> &'static std::sync::RwLock<TailStore> {
    TAILS.get_or_init(|| {
        std::sync::RwLock::new(TailStore {
            lists: Vec::new(),
            ids: std::collections::HashMap::new(),
        })
    })
}

/// The effects an [`Effect::SeriesTail`] stands for.
pub fn series_tail(id: u32) -> std::sync::Arc<[Effect]> {
    let store = tails().read().unwrap_or_else(|e| e.into_inner());
    store.lists[id as usize].clone()
}

/// The [`Effect::SeriesTail`] that stands for `list`.
pub fn series_tail_of(list: &[Effect]) -> Effect {
    {
        let store = tails().read().unwrap_or_else(|e| e.into_inner());
        if let Some(&id) = store.ids.get(list) {
            return Effect::SeriesTail {
                id: id.to_le_bytes(),
            };
        }
    }
    let mut store = tails().write().unwrap_or_else(|e| e.into_inner());
    if let Some(&id) = store.ids.get(list) {
        return Effect::SeriesTail {
            id: id.to_le_bytes(),
        };
    }
    let id = store.lists.len() as u32;
    let shared: std::sync::Arc<[Effect]> = list.into();
    store.lists.push(shared.clone());
    store.ids.insert(shared, id);
    Effect::SeriesTail {
        id: id.to_le_bytes(),
    }
}

/// `effects` with the lists that [`Effect::SeriesTail`]s stand for put in
/// their place.
pub fn expanded(effects: &[Effect]) -> Vec<Effect> {
    let mut out = Vec::with_capacity(effects.len());
    for e in effects {
        match *e {
            Effect::SeriesTail { id } => out.extend(expanded(&series_tail(u32::from_le_bytes(id)))),
            _ => out.push(*e),
        }
    }
    out
}

/// The squares of an [`Effect::Turned`] and the side each unit there
/// becomes, in the order of the squares.
pub fn turned_units(
    band: u8,
    squares: [u8; 2],
    white: [u8; 2],
) -> impl Iterator<Item = (Square, Color)> {
    let squares = u16::from_le_bytes(squares);
    let white = u16::from_le_bytes(white);
    (0..16u8)
        .filter(move |i| squares & (1 << i) != 0)
        .map(move |i| {
            let side = if white & (1 << i) != 0 {
                Color::White
            } else {
                Color::Black
            };
            (Square(band * 16 + i), side)
        })
}

// Part 2, group P: what a [`Effect::Changed`] shows.
/// Which change of a unit an [`Effect::Changed`] shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shown {
    /// Its side: `=b`.
    Side,
    /// Its walk (with its attributes): `=B`, `=cB`.
    Walk,
    /// Its attributes: `=c`.
    Attrs,
    /// Its side, written in brackets of its own after the move (Anda: a
    /// unit made neutral, or a neutral unit made its mover's): `[=n]`,
    /// `[=w]`.
    SideApart,
    /// Its side, which Popeye does not write (TraitorChess); circe's own
    /// notation writes it as `Side`.
    Silent,
    /// The board it passes to (AliceChess), written right after the move
    /// or the castling: `A`, `B`.
    Board,
}

/// The most effects one move can have.
pub const MAX_EFFECTS: usize = 6;

/// A move's effects beyond its motion, in order; kept inline so that a move
/// stays `Copy` and a move list never allocates per move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Effects {
    len: u8,
    items: [Effect; MAX_EFFECTS],
}

impl Default for Effects {
    fn default() -> Effects {
        Effects::NONE
    }
}

impl Effects {
    pub const NONE: Effects = Effects {
        len: 0,
        items: [Effect::CapturerVanishes; MAX_EFFECTS],
    };

    /// Appends an effect. The rules never produce more than
    /// [`MAX_EFFECTS`]; more is a bug in a rule.
    #[inline]
    pub fn push(&mut self, e: Effect) {
        self.items[self.len as usize] = e;
        self.len += 1;
    }

    /// Puts an effect at `index`, the later ones moving one place on.
    pub fn insert(&mut self, index: usize, e: Effect) {
        let len = self.len as usize;
        self.items.copy_within(index..len, index + 1);
        self.items[index] = e;
        self.len += 1;
    }

    /// Keeps the first `len` effects.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len as u8);
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    pub fn as_slice(&self) -> &[Effect] {
        &self.items[..self.len as usize]
    }

    /// The effects, to be changed in place.
    #[inline]
    pub fn iter_mut_slice(&mut self) -> &mut [Effect] {
        &mut self.items[..self.len as usize]
    }

    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, Effect> {
        self.as_slice().iter()
    }
}

impl std::fmt::Debug for Effects {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a Effects {
    type Item = &'a Effect;
    type IntoIter = std::slice::Iter<'a, Effect>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// What becomes of a unit involved in a capture: a summary of a move's
/// effects, for the goals and notations that ask only that.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fate {
    /// It stays where the move put it (the ordinary capturer).
    Stays,
    /// It leaves the board.
    Vanishes,
    /// It is reborn on this square (possibly the one it stands on).
    Reborn(Square),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The moving unit as it was before the move.
    pub piece: Piece,
    pub from: Square,
    pub to: Square,
    pub motion: Motion,
    pub promotion: Option<Kind>,
    /// The captured unit, if any; it stood on `capture_square`.
    pub captured: Option<Piece>,
    pub capture_square: Square,
    /// What the rules add, decided when the move is generated.
    pub effects: Effects,
    /// For a fairy unit: the move's place among the moves its walk
    /// generated, which decides Popeye's order of trying them.
    pub sequence: u8,
}

// A move is copied into every move list: one cache line, and an effect
// one word, keep the copies cheap (grown past these, wall time rose by a
// tenth on the bench sets with no more instructions).
const _: () = assert!(std::mem::size_of::<Effect>() <= 8);
const _: () = assert!(std::mem::size_of::<Move>() <= 64);

impl Effect {
    /// The unit the effect places, moves or names, if it names one.
    fn unit_mut(&mut self) -> Option<&mut Piece> {
        match self {
            Effect::CapturerReborn { unit, .. }
            | Effect::CapturerRemoved { unit, .. }
            | Effect::CapturedReborn { unit, .. }
            | Effect::Removed { unit, .. }
            | Effect::Added { unit, .. }
            | Effect::Buried { unit, .. }
            | Effect::Emerges { unit, .. }
            | Effect::Premove { unit, .. }
            | Effect::WalkChange { unit, .. }
            | Effect::LatentFirst { unit, .. }
            | Effect::Pending { unit, .. }
            | Effect::Transfer { unit, .. }
            | Effect::PartnerMove { unit, .. }
            | Effect::CastlingPartner { unit, .. }
            | Effect::ColourChange { unit, .. }
            | Effect::Changed { unit, .. }
            | Effect::GhostRemembered { unit, .. }
            | Effect::GhostForgotten { unit, .. }
            | Effect::TakenAlong { unit, .. }
            | Effect::LatePromotion { unit, .. }
            | Effect::KingChange { unit, .. }
            | Effect::Recoloured { unit, .. }
            | Effect::Rewalked { unit, .. }
            | Effect::SeriesMove { unit, .. }
            | Effect::SeriesCapture { unit, .. }
            | Effect::HurdleMoved { unit, .. }
            | Effect::HurdlePromoted { unit, .. } => Some(unit),
            _ => None,
        }
    }
}

impl Move {
    /// The square the moving unit left: its own, even when the Mars
    /// family moved it first to its rebirth square (a `Premove`).
    pub fn departure(&self) -> Square {
        self.effects
            .iter()
            .find_map(|e| match *e {
                Effect::Premove { from, unit, .. } if unit == self.piece => Some(from),
                _ => None,
            })
            .unwrap_or(self.from)
    }

    /// The move with the attributes `hidden` taken from every unit it
    /// names (for writing: an attribute a condition gives every unit goes
    /// unwritten, as Popeye writes no `v` under Volage).
    pub fn without_attrs(&self, hidden: crate::board::Attrs) -> Move {
        let strip = |p: &mut Piece| p.attrs = p.attrs.without(hidden);
        let mut mv = *self;
        strip(&mut mv.piece);
        if let Some(v) = mv.captured.as_mut() {
            strip(v);
        }
        for e in mv.effects.iter_mut_slice() {
            if let Some(u) = e.unit_mut() {
                strip(u);
            }
        }
        mv
    }

    /// The square the moving unit stands on once the move's motions are
    /// done: `to`, or where a second motion took it (a wormhole's
    /// transfer).
    #[inline]
    pub fn final_square(&self) -> Square {
        fn last(effects: &[Effect]) -> Option<Square> {
            effects.iter().rev().find_map(|e| match *e {
                Effect::Transfer { to, .. }
                | Effect::SeriesMove { to, .. }
                | Effect::SeriesCapture { to, .. } => Some(to),
                Effect::SeriesTail { id } => last(&series_tail(u32::from_le_bytes(id))),
                _ => None,
            })
        }
        last(self.effects.as_slice()).unwrap_or(self.to)
    }

    pub fn quiet(piece: Piece, from: Square, to: Square, motion: Motion) -> Move {
        Move {
            piece,
            from,
            to,
            motion,
            promotion: None,
            captured: None,
            capture_square: to,
            effects: Effects::NONE,
            sequence: 0,
        }
    }

    /// Whether the capture takes its own mover along or turns it before
    /// its promotion (Breton): a pawn so gone or turned does not promote.
    pub fn takes_its_mover_along(&self) -> bool {
        self.effects.iter().any(|e| {
            matches!(*e, Effect::TakenAlong { on, .. } | Effect::Recoloured { on, .. } if on == self.to)
        })
    }

    /// Whether `other` is this move for Popeye's tables of moves (its
    /// refutations): they differ at most by the units a snek change gives
    /// a new walk, which those tables do not see.
    pub fn same_but_rewalked(&self, other: &Move) -> bool {
        fn kept(m: &Move) -> impl Iterator<Item = &Effect> + '_ {
            m.effects
                .iter()
                .filter(|e| !matches!(e, Effect::Rewalked { .. }))
        }
        Move {
            effects: Effects::NONE,
            ..*self
        } == Move {
            effects: Effects::NONE,
            ..*other
        } && kept(self).eq(kept(other))
    }

    /// Whether a snek change gives a unit a new walk.
    pub fn rewalks(&self) -> bool {
        self.effects
            .iter()
            .any(|e| matches!(e, Effect::Rewalked { .. }))
    }

    /// Whether `other` is this move for Popeye's test of a threat after a
    /// defence: the same motion and promotion, taking the same units
    /// along (Breton), putting the same king (RepublicanChess); rebirths
    /// and other effects may differ.
    pub fn same_for_threats(&self, other: &Move) -> bool {
        fn along(m: &Move) -> impl Iterator<Item = Square> + '_ {
            m.effects.iter().filter_map(|e| match *e {
                Effect::TakenAlong { on, .. } => Some(on),
                _ => None,
            })
        }
        fn king_put(m: &Move) -> impl Iterator<Item = Square> + '_ {
            m.effects.iter().filter_map(|e| match *e {
                Effect::Added { on, unit } if unit.kind == crate::board::Kind::KING => Some(on),
                _ => None,
            })
        }
        self.from == other.from
            && self.to == other.to
            && self.promotion == other.promotion
            && along(self).eq(along(other))
            && king_put(self).eq(king_put(other))
    }

    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured.is_some()
    }

    /// A capture whose victim does not stand on the arrival square, other
    /// than en passant: a locust's (`Lb6*c7-d8`).
    #[inline]
    pub fn is_locust_capture(&self) -> bool {
        self.is_capture() && self.capture_square != self.to && self.motion != Motion::EnPassant
    }

    /// Whether the move is castling, an exchange or a null move: one
    /// whose motion is not one unit going from `from` to `to`.
    #[inline]
    pub fn is_castling_or_exchange(&self) -> bool {
        matches!(
            self.motion,
            Motion::CastleShort | Motion::CastleLong | Motion::Exchange | Motion::Null
        )
    }

    /// The null move of the side whose `piece` stands on `on` (a pass).
    pub fn null(piece: Piece, on: Square) -> Move {
        Move::quiet(piece, on, on, Motion::Null)
    }

    #[inline]
    pub fn is_castling(&self) -> bool {
        matches!(self.motion, Motion::CastleShort | Motion::CastleLong)
    }

    /// The moving unit after the move's own promotion.
    #[inline]
    pub fn arriving_piece(&self) -> Piece {
        Piece {
            kind: self.promotion.unwrap_or(self.piece.kind),
            ..self.piece
        }
    }

    /// Where the capturing (or moving) unit stands after the move, if it
    /// is still on the board.
    #[inline]
    pub fn capturer_square(&self) -> Option<Square> {
        match self.capturer_fate() {
            Fate::Stays => Some(self.to),
            Fate::Reborn(sq) => Some(sq),
            Fate::Vanishes => None,
        }
    }

    /// What becomes of the capturing (or moving) unit.
    #[inline]
    pub fn capturer_fate(&self) -> Fate {
        // The first rebirth or removal decides, unless a series step
        // (SeriesCapture) takes the unit on from where it was reborn.
        let mut fate = Fate::Stays;
        let mut open = true;
        let long;
        let effects = if self
            .effects
            .iter()
            .any(|e| matches!(e, Effect::SeriesTail { .. }))
        {
            long = expanded(self.effects.as_slice());
            &long[..]
        } else {
            self.effects.as_slice()
        };
        for e in effects {
            match *e {
                Effect::CapturerReborn { to, how, .. } if open && !how.has(Rebirth::DELAYED) => {
                    fate = Fate::Reborn(to);
                    open = false;
                }
                Effect::CapturerVanishes | Effect::CapturerRemoved { .. } if open => {
                    return Fate::Vanishes
                }
                Effect::SeriesMove { .. } | Effect::SeriesCapture { .. } => {
                    fate = Fate::Stays;
                    open = true;
                }
                _ => {}
            }
        }
        fate
    }

    /// What becomes of the captured unit (it vanishes when there is none).
    #[inline]
    pub fn captured_fate(&self) -> Fate {
        for e in &self.effects {
            if let Effect::CapturedReborn { on, how, .. } = *e {
                if !how.has(Rebirth::DELAYED) {
                    return Fate::Reborn(on);
                }
            }
        }
        Fate::Vanishes
    }

    /// The captured unit's rebirth: the square and the unit as reborn.
    #[inline]
    pub fn captured_rebirth(&self) -> Option<(Square, Piece)> {
        self.effects.iter().find_map(|e| match *e {
            Effect::CapturedReborn { on, unit, how } if !how.has(Rebirth::DELAYED) => {
                Some((on, unit))
            }
            _ => None,
        })
    }

    /// The square of the move's last rebirth, whoever was reborn: the
    /// captured unit, one captured on an earlier move (Parrain), or the
    /// capturer (Popeye's "current rebirth", which the goals by rebirth
    /// read).
    pub fn rebirth_square(&self) -> Option<Square> {
        self.effects.iter().rev().find_map(|e| match *e {
            Effect::CapturedReborn { on, how, .. } | Effect::CapturerReborn { to: on, how, .. }
                if !how.has(Rebirth::VOLCANO) =>
            {
                Some(on)
            }
            _ => None,
        })
    }

    /// The capturer's rebirth: the square and the unit as reborn.
    #[inline]
    pub fn capturer_rebirth(&self) -> Option<(Square, Piece)> {
        self.effects.iter().find_map(|e| match *e {
            Effect::CapturerReborn { to, unit, how, .. } if !how.has(Rebirth::DELAYED) => {
                Some((to, unit))
            }
            _ => None,
        })
    }
}
