//! Help mates: whether a mate can still be reached in the moves left,
//! judged on an empty board (issue 24, the intelligent mode's bound), in
//! orthodox chess and under the Circe forms of `mate_relax.rs`; and help
//! stalemates in orthodox chess, where the same flights must be held or
//! guarded and the king's square is not attacked ([`Ending::Stalemate`]).
//!
//! In the final position the mated king stands on some square `k` it
//! reaches in its side's moves; a unit of the mating side other than its
//! king attacks `k`; and each square next to `k` is either held by a unit
//! of the mated side or attacked by the mating side (else the king steps
//! there). Every attack in the final position is an attack on the empty
//! board from the same square, so these conditions hold with the empty
//! board's attacks too. Each move moves one unit (a castling two: one
//! move of slack where a side may still castle), so a side's moves are at
//! least the sum, over the units it moves, of each unit's fewest moves to
//! its final square (as itself, or as a pawn that promotes on the way).
//!
//! Units are never taken away here (a captured unit would only attack or
//! block less), and each block is costed by the nearest unit, shared (one
//! unit a flight): each of these only widens what is allowed, so a
//! position judged out of reach has no mate in the moves left. In
//! orthodox chess a unit that moves leaves the cover it alone gave where
//! it stands (blocked or covered again), no unit stands on the mated
//! king's square and the kings never stand side by side; under the Circe
//! forms a unit may count both on its square and on the one it goes to. The answer depends only on the position and
//! the moves left, as the transposition table needs.
//!
//! Under the Circe forms `mate_relax.rs` takes, a unit's fewest moves to a
//! square are the cheaper of its walk and a route through its rebirth
//! squares (for none of its side's moves under Circe, where the other side
//! may still capture; one under Anticirce), a king's region grows from its
//! rebirth squares too, a unit of the mating side on a flight covers it,
//! the mating king may check, and a side whose units may be reborn keeps
//! the castling slack while its king may stand unmoved at home. There a
//! quick test comes first: the squares each unit may stand on and attack
//! in each number of moves ([`Levels`]) must cover what is needed.

use super::mate_relax::{Place, Rebirths, Relaxation};
use super::routes::{king_moves, pawn_moves, promotion_moves, walk_moves, UNREACHABLE};
use crate::board::{attacks, Bitboard, Color, Kind, Position, Square};
use std::sync::OnceLock;

/// Steps of the search for the mating side's units before it gives up
/// and allows the mate (never a wrong "out of reach").
const WORK: u32 = 600;

/// The choices of one unit kept at one step of the cover search, against
/// which its further choices are compared.
const SEEN: usize = 24;

/// The kinds a pawn may be at the end: itself or a promoted piece.
const PAWN_FORMS: [Kind; 5] = [
    Kind::PAWN,
    Kind::QUEEN,
    Kind::ROOK,
    Kind::BISHOP,
    Kind::KNIGHT,
];

/// Whether the position is one the bound is made for: orthodox units
/// without attributes or imitators, and one king of the side to be mated.
/// Holes only take away: a unit's routes and attacks on the board without
/// them are a bound of those with them; a hole is no flight.
pub fn applies(pos: &Position, mated: Color) -> bool {
    pos.fairy().is_empty()
        && pos.attributed().is_empty()
        && pos.neutral().is_empty()
        && pos.imitators.is_empty()
        && pos.waiting.is_empty()
        && pos.pieces(mated, Kind::KING).count() == 1
}

/// The empty board's attacks of a `kind` of `color` on `sq`.
fn attacks_of(kind: Kind, color: Color, sq: Square) -> Bitboard {
    match kind {
        Kind::PAWN => attacks::pawn(color, sq),
        Kind::KNIGHT => attacks::knight(sq),
        Kind::BISHOP => attacks::bishop(sq, Bitboard::EMPTY),
        Kind::ROOK => attacks::rook(sq, Bitboard::EMPTY),
        Kind::QUEEN => attacks::queen(sq, Bitboard::EMPTY),
        _ => attacks::king(sq),
    }
}

/// The squares from which a `kind` of `color` attacks `sq` on the empty
/// board.
fn attackers_of(kind: Kind, color: Color, sq: Square) -> Bitboard {
    match kind {
        Kind::PAWN => attacks::pawn(color.opponent(), sq),
        _ => attacks_of(kind, color, sq),
    }
}

/// Whether `side` may still castle: its king and a rook unmoved at home.
pub(crate) fn may_castle(pos: &Position, side: Color) -> bool {
    let rank = side.back_rank();
    let home = Square::new(4, rank);
    pos.unmoved.contains(home)
        && pos.pieces(side, Kind::KING).contains(home)
        && [0, 7].into_iter().any(|f| {
            let corner = Square::new(f, rank);
            pos.unmoved.contains(corner) && pos.pieces(side, Kind::ROOK).contains(corner)
        })
}

/// The castling move of slack for `side`: it may castle now, or its king
/// may stand unmoved at home while rebirths may put a rook (or the king)
/// back unmoved (`Position::unmoved` marks a reborn king or rook at home).
fn castling_slack(pos: &Position, side: Color, reach: &Reach<'_>) -> u32 {
    if may_castle(pos, side) {
        return 1;
    }
    let mut ways = reach.ways.iter().flatten().peekable();
    if ways.peek().is_none() {
        return 0;
    }
    let home = Square::new(4, side.back_rank());
    let king_home = pos.unmoved.contains(home) && pos.pieces(side, Kind::KING).contains(home);
    u32::from(king_home || ways.any(|(_, r)| r.kings))
}

/// The fewest moves of a reborn unit to each square, by side, kind when
/// captured, kind wanted and square (from the nearest of its rebirth
/// squares; a pawn as itself or as the piece it promoted to), made once
/// per task from a form's squares.
#[derive(Debug, PartialEq, Eq)]
pub struct RebornCosts {
    /// The rebirth squares, by side and kind (`Kind::index`).
    pub squares: [[Bitboard; 6]; 2],
    moves: Box<[[[[u8; 64]; 6]; 6]; 2]>,
    /// What a reborn unit reaches and attacks, by side and kind.
    levels: Box<[[Levels; 6]; 2]>,
}

impl RebornCosts {
    pub fn new(squares: [[Bitboard; 6]; 2]) -> RebornCosts {
        let mut moves = Box::new([[[[0u8; 64]; 6]; 6]; 2]);
        for color in Color::ALL {
            for have in Kind::ORTHODOX {
                for want in Kind::ORTHODOX {
                    for to in Square::all() {
                        let c = reborn_cost(color, have, want, to, |k| {
                            squares[color.index()][k.index()]
                        });
                        moves[color.index()][have.index()][want.index()][to.index()] =
                            c.min(255) as u8;
                    }
                }
            }
        }
        let mut levels = Box::new([[Levels::default(); 6]; 2]);
        for color in Color::ALL {
            for have in Kind::ORTHODOX {
                let row = &moves[color.index()][have.index()];
                levels[color.index()][have.index()] = Levels::of(color, have, |want, to| {
                    u32::from(row[want.index()][to.index()])
                });
            }
        }
        RebornCosts {
            squares,
            moves,
            levels,
        }
    }
}

/// The moves up to which [`Levels`] are kept; beyond, nothing is pruned.
const LEVELS: usize = 8;

/// What a unit may do in `c` moves, for each `c` below [`LEVELS`]: the
/// squares it may stand on, and those it may attack from there (the
/// prune of [`Mating::cover`]: a square no unit attacks in the moves left
/// cannot be covered).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Levels {
    stand: [Bitboard; LEVELS],
    hit: [Bitboard; LEVELS],
}

impl Levels {
    /// The levels of a unit `have` of `color` whose fewest moves to stand
    /// on a square as a kind are `cost`.
    fn of(color: Color, have: Kind, cost: impl Fn(Kind, Square) -> u32) -> Levels {
        let mut l = Levels::default();
        let forms: &[Kind] = if have == Kind::PAWN {
            &PAWN_FORMS
        } else {
            &[have][..]
        };
        for &want in forms {
            for to in Square::all() {
                let c = cost(want, to) as usize;
                for level in c..LEVELS {
                    l.stand[level].set(to);
                    l.hit[level] |= attacks_of(want, color, to);
                }
            }
        }
        l
    }

    /// Adds `other`, `extra` moves later.
    fn join(&mut self, other: &Levels, extra: usize) {
        for level in extra..LEVELS {
            self.stand[level] |= other.stand[level - extra];
            self.hit[level] |= other.hit[level - extra];
        }
    }
}

/// The levels of a unit of each side and kind on each square, by its walk
/// (a king as if it could castle: a wider set), made once.
fn walk_levels() -> &'static [[[Levels; 64]; 6]; 2] {
    static TABLE: OnceLock<Box<[[[Levels; 64]; 6]; 2]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([[[Levels::default(); 64]; 6]; 2]);
        for color in Color::ALL {
            for have in Kind::ORTHODOX {
                for from in Square::all() {
                    table[color.index()][have.index()][from.index()] =
                        Levels::of(color, have, |want, to| {
                            let own = walk_cost(color, from, have, want, to, true);
                            if have == Kind::KING {
                                // The other side's castling too: its table
                                // serves a king on either home square.
                                own.min(king_moves(color.opponent(), from, to, true))
                            } else {
                                own
                            }
                        });
                }
            }
        }
        table
    })
}

/// The fewest moves of a unit `have`, reborn on one of `squares` (of the
/// kind it has when captured: itself, or a pawn the piece it promoted
/// to), to stand on `to` as a `want`.
fn reborn_cost(
    color: Color,
    have: Kind,
    want: Kind,
    to: Square,
    squares: impl Fn(Kind) -> Bitboard,
) -> u32 {
    let pair = [have, want];
    let kinds = if have == Kind::PAWN && want != Kind::PAWN {
        &pair[..]
    } else {
        &pair[..1]
    };
    let mut best = UNREACHABLE;
    for &k in kinds {
        for r in squares(k) {
            // A pawn on a first or last rank: the routes do not say how it
            // walks from there.
            if k == Kind::PAWN && (r.rank() == 0 || r.rank() == 7) {
                return 0;
            }
            best = best.min(walk_cost(color, r, k, want, to, true));
        }
    }
    best
}

/// How a side's units may reach squares: their walks, and the rebirths
/// of the forms in force that the moves left allow (`mate_relax.rs`).
#[derive(Clone, Copy)]
struct Reach<'r> {
    color: Color,
    /// Circe's rebirths (for none of the side's moves, where the other
    /// side has a move left to capture) and Anticirce's (one move of its
    /// own), each with the moves it costs.
    ways: [Option<(u32, &'r Rebirths)>; 2],
}

impl<'r> Reach<'r> {
    /// `color`'s reach with `own` moves of its own and `other` of the
    /// other side's left.
    fn new(relax: &'r Relaxation, color: Color, own: u32, other: u32) -> Reach<'r> {
        Reach {
            color,
            ways: [
                relax
                    .captured
                    .as_ref()
                    .filter(|_| other > 0)
                    .map(|r| (0, r)),
                relax.capturer.as_ref().filter(|_| own > 0).map(|r| (1, r)),
            ],
        }
    }

    /// Whether a unit may reach a square for none of the side's moves.
    fn free(&self) -> bool {
        self.ways[0].is_some()
    }

    /// What a unit `have` on `from` (its diagram square `diagram`) may do
    /// in each number of moves.
    fn levels(&self, from: Square, have: Kind, diagram: Option<Square>) -> Levels {
        let walks = &walk_levels()[self.color.index()];
        let mut l = walks[have.index()][from.index()];
        for &(extra, rebirths) in self.ways.iter().flatten() {
            if have == Kind::KING && !rebirths.kings {
                continue;
            }
            let reborn = match (&rebirths.place, diagram) {
                (Place::Squares(t), _) => t.levels[self.color.index()][have.index()],
                (Place::Diagram, Some(d))
                    if have != Kind::PAWN || (d.rank() != 0 && d.rank() != 7) =>
                {
                    walks[have.index()][d.index()]
                }
                (Place::Diagram, _) => Levels {
                    stand: [Bitboard(u64::MAX); LEVELS],
                    hit: [Bitboard(u64::MAX); LEVELS],
                },
            };
            l.join(&reborn, extra as usize);
        }
        l
    }

    /// The fewest moves of a unit `have` on `from` (its diagram square
    /// `diagram`) to stand on `to` as a `want` (`unmoved`: a king at home
    /// that may castle).
    #[inline(always)]
    fn cost(
        &self,
        from: Square,
        have: Kind,
        diagram: Option<Square>,
        want: Kind,
        to: Square,
        unmoved: bool,
    ) -> u32 {
        let mut best = walk_cost(self.color, from, have, want, to, unmoved);
        for &(extra, rebirths) in self.ways.iter().flatten() {
            if best <= extra || (have == Kind::KING && !rebirths.kings) {
                continue;
            }
            let c = match &rebirths.place {
                Place::Squares(t) => {
                    u32::from(t.moves[self.color.index()][have.index()][want.index()][to.index()])
                }
                Place::Diagram => match diagram {
                    Some(d) => {
                        reborn_cost(self.color, have, want, to, |_| Bitboard::from_square(d))
                    }
                    None => 0,
                },
            };
            best = best.min(extra + c);
        }
        best
    }
}

/// The fewest moves of a `have` on `from` to stand on `to` as a `want`
/// on the empty board (a pawn may promote on the way).
#[inline(always)]
fn walk_cost(color: Color, from: Square, have: Kind, want: Kind, to: Square, unmoved: bool) -> u32 {
    if have == Kind::PAWN && want != Kind::PAWN {
        u32::from(promotion_moves()[color.index()][piece_row(want)][from.index()][to.index()])
    } else if want == Kind::PAWN {
        if have == Kind::PAWN {
            pawn_moves(color, from, to)
        } else {
            UNREACHABLE
        }
    } else if have != want {
        UNREACHABLE
    } else if want == Kind::KING {
        king_moves(color, from, to, unmoved)
    } else {
        u32::from(piece_moves()[piece_row(want)][from.index()][to.index()])
    }
}

/// The row of [`piece_moves`] for a piece (not a pawn, not a king).
fn piece_row(kind: Kind) -> usize {
    match kind {
        Kind::QUEEN => 0,
        Kind::ROOK => 1,
        Kind::BISHOP => 2,
        _ => 3,
    }
}

/// The fewest moves of a queen, rook, bishop and knight between any two
/// squares on the empty board ([`walk_moves`], made once).
fn piece_moves() -> &'static [[[u8; 64]; 64]; 4] {
    static TABLE: OnceLock<Box<[[[u8; 64]; 64]; 4]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([[[0u8; 64]; 64]; 4]);
        for (row, kind) in [Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT]
            .into_iter()
            .enumerate()
        {
            for from in Square::all() {
                for to in Square::all() {
                    table[row][from.index()][to.index()] =
                        walk_moves(kind, from, to).min(255) as u8;
                }
            }
        }
        table
    })
}

/// A unit of the mating side.
#[derive(Clone, Copy)]
struct Unit {
    sq: Square,
    kind: Kind,
    /// Its diagram square (Diagram Circe's rebirth square).
    diagram: Option<Square>,
}

/// The mating side's units and what they may do in the moves left.
struct Mating<'r> {
    color: Color,
    units: [Unit; 16],
    count: usize,
    /// Whether its king may castle (a castling counts as one king move).
    king_unmoved: bool,
    /// Its rebirths.
    reach: Reach<'r>,
    /// A unit on a flight keeps the king off it, and the king may check
    /// ([`Relaxation::judged`]).
    judged: bool,
    /// The costs found, by unit, kind and square (`u8::MAX` not yet),
    /// where rebirths make them more than a look-up; empty otherwise.
    costs: Vec<u8>,
    /// The squares some unit may cover (attack, or stand on where that
    /// keeps the king off) in each number of moves.
    cover_at: [Bitboard; LEVELS],
    /// The squares some unit that may check attacks in each number of
    /// moves.
    check_at: [Bitboard; LEVELS],
    /// What each unit may do in each number of moves.
    levels: [Levels; 16],
    /// The squares each unit alone attacks where it stands, and those it
    /// alone checks from there (not the king).
    sole: [Bitboard; 16],
    sole_check: [Bitboard; 16],
    /// The squares a unit's move may leave uncovered (the flights not
    /// held by the mated side, and the king's square), which must then be
    /// blocked or covered again. Empty under rebirths, which may stand in.
    exposed: Bitboard,
    /// The fewest moves of the mated side to block each flight
    /// ([`UNREACHABLE`] where it has none to spare), and its units that
    /// may block.
    block: [u8; 64],
    blockers: u32,
    work: u32,
    /// The choices seen at each step of the cover search, a stack: each
    /// step's above those of the steps it is called from.
    seen: Vec<Choice>,
}

/// Where the cover search stands: the units used, the squares they cover
/// where they go, and the moves and units the mated side has left for
/// blocks.
#[derive(Clone, Copy)]
struct Path {
    used: u32,
    placed: Bitboard,
    spare: u32,
    blocks: u32,
}

/// One unit's choice in the cover search: what is left to cover, what it
/// cost, what the unit covers where it goes, and the mated side's moves
/// and units left for blocks.
#[derive(Clone, Copy)]
struct Choice {
    rest: Bitboard,
    cost: u32,
    hit: Bitboard,
    spare: u32,
    blocks: u32,
}

impl Choice {
    /// Whether every way on from `other` is open from `self` too, at no
    /// more cost: `other` need not be searched.
    fn dominates(&self, other: &Choice) -> bool {
        self.cost <= other.cost
            && (self.rest & !other.rest).is_empty()
            && (other.hit & !self.hit).is_empty()
            && self.spare >= other.spare
            && self.blocks <= other.blocks
    }
}

impl Mating<'_> {
    /// The fewest moves of unit `i` to stand on `to` as a `kind`.
    #[inline(always)]
    fn cost(&mut self, i: usize, kind: Kind, to: Square) -> u32 {
        let u = self.units[i];
        if self.costs.is_empty() {
            // No rebirth: the walk alone, a look-up.
            return walk_cost(self.color, u.sq, u.kind, kind, to, self.king_unmoved);
        }
        let slot = (i * 6 + kind.index()) * 64 + to.index();
        if self.costs[slot] == u8::MAX {
            let c = self
                .reach
                .cost(u.sq, u.kind, u.diagram, kind, to, self.king_unmoved);
            self.costs[slot] = c.min(254) as u8;
        }
        u32::from(self.costs[slot])
    }

    /// Whether units not in `used`, moving at most `left` moves in all,
    /// can attack every square of `need` (`check`, the mated king's square,
    /// not by the king unless [`Mating::judged`]). Gives up (yes) after
    /// [`WORK`] steps.
    fn cover(&mut self, need: Bitboard, check: Square, left: u32, path: Path) -> bool {
        let used = path.used;
        let Some(mut r) = need.first() else {
            return true;
        };
        if let Some(&cover) = self.cover_at.get(left as usize) {
            let check = Bitboard::from_square(check) & need;
            if (need & !cover).nonempty() || (check & !self.check_at[left as usize]).nonempty() {
                return false;
            }
            // The squares the units still free may cover in the moves
            // left: by one of them at least, by two, by three.
            let (mut one, mut two, mut three) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
            for i in 0..self.count {
                if used & (1 << i) == 0 {
                    let l = &self.levels[i];
                    let mut c = l.hit[left as usize];
                    if self.judged {
                        c |= l.stand[left as usize];
                    }
                    three |= two & c;
                    two |= one & c;
                    one |= c;
                }
            }
            if (need & !one).nonempty() {
                return false;
            }
            // The square fewest units may cover first: a search that
            // fails, fails sooner (a third of the steps on the h#6 of
            // intell__110).
            for fewest in [one & !two, two & !three] {
                if let Some(sq) = (need & fewest).first() {
                    r = sq;
                    break;
                }
            }
        }
        // A rebirth may place a unit for none of the side's moves.
        let free = self.reach.free();
        if left == 0 && !free {
            return false;
        }
        self.work += 1;
        if self.work > WORK {
            return true;
        }
        for i in 0..self.count {
            if used & (1 << i) != 0 {
                continue;
            }
            let u = self.units[i];
            if u.kind == Kind::KING && r == check && !self.judged {
                continue;
            }
            let forms: &[Kind] = if u.kind == Kind::PAWN {
                &PAWN_FORMS
            } else {
                &[u.kind][..]
            };
            // A unit's choices with the same cover and cost are alike:
            // each is searched once.
            let seen_from = self.seen.len();
            // What it covered where it stands and no other unit did.
            let left_behind = (self.exposed & self.sole[i])
                | (self.exposed & self.sole_check[i] & Bitboard::from_square(check));
            // Only squares the unit may stand on in the moves left.
            let reach = self.levels[i]
                .stand
                .get(left as usize)
                .copied()
                .unwrap_or(Bitboard(u64::MAX));
            for &kind in forms {
                let mut squares = attackers_of(kind, self.color, r);
                if self.judged && r != check {
                    squares.set(r);
                }
                squares &= reach;
                if !self.judged {
                    // Nothing stands on the mated king's square, and the
                    // mating king not next to it.
                    squares.clear(check);
                    if kind == Kind::KING {
                        squares &= !attacks::king(check);
                    }
                }
                for s in squares {
                    let c = self.cost(i, kind, s);
                    // Where it stands its cover is counted already.
                    if c > left || (c == 0 && (!free || (s == u.sq && kind == u.kind))) {
                        continue;
                    }
                    let mut hit = attacks_of(kind, self.color, s);
                    if kind == Kind::KING && !self.judged {
                        hit.clear(check);
                    }
                    if self.judged && s != check {
                        hit.set(s);
                    }
                    // A unit that moves leaves its old square's cover: the
                    // flights it uncovers are blocked or covered again.
                    let uncovered = left_behind & !path.placed & !hit;
                    let flights = uncovered & !Bitboard::from_square(check);
                    let mut blocked = flights.0;
                    loop {
                        let b = Bitboard(blocked);
                        let n = b.count();
                        let cost: u32 = b
                            .into_iter()
                            .map(|f| u32::from(self.block[f.index()]))
                            .sum();
                        if cost <= path.spare && path.blocks + n <= self.blockers {
                            let rest = (need | (uncovered & !b)) & !hit;
                            if rest.is_empty() {
                                return true;
                            }
                            let next = Path {
                                used: used | (1 << i),
                                placed: path.placed | hit,
                                spare: path.spare - cost,
                                blocks: path.blocks + n,
                            };
                            let choice = Choice {
                                rest,
                                cost: c,
                                hit,
                                spare: next.spare,
                                blocks: next.blocks,
                            };
                            let dominated =
                                self.seen[seen_from..].iter().any(|s| s.dominates(&choice));
                            if (c < left || free) && !dominated {
                                if self.seen.len() - seen_from < SEEN {
                                    self.seen.push(choice);
                                }
                                if self.cover(rest, check, left - c, next) {
                                    return true;
                                }
                            }
                        }
                        if blocked == 0 {
                            break;
                        }
                        blocked = (blocked - 1) & flights.0;
                    }
                }
            }
            self.seen.truncate(seen_from);
        }
        false
    }
}

/// What the last move does to the other side's king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Mates it: the king's square is attacked too.
    Mate,
    /// Stalemates it: the king's square is not attacked, its flights are
    /// held or guarded as for a mate (its other units must be stuck too,
    /// which the bound does not ask).
    Stalemate,
}

/// Whether `mating` may still end the play by `ending` in `pos` with
/// `mating_moves` moves of its own and `mated_moves` of the other side's
/// (orthodox units only: [`applies`]), under the rules `relax` stands for
/// (a stalemate in orthodox chess only: the caller's part).
pub fn may_end(
    pos: &Position,
    relax: &Relaxation,
    ending: Ending,
    mating: Color,
    mating_moves: u32,
    mated_moves: u32,
) -> bool {
    let mated = mating.opponent();
    let Some(king) = pos.pieces(mated, Kind::KING).first() else {
        return true;
    };
    let mut m = Mating {
        color: mating,
        units: [Unit {
            sq: Square(0),
            kind: Kind::PAWN,
            diagram: None,
        }; 16],
        count: 0,
        king_unmoved: pos.unmoved.contains(Square::new(4, mating.back_rank())),
        reach: Reach::new(relax, mating, mating_moves, mated_moves),
        judged: relax.judged,
        costs: Vec::new(),
        cover_at: [Bitboard::EMPTY; LEVELS],
        check_at: [Bitboard::EMPTY; LEVELS],
        levels: [Levels::default(); 16],
        sole: [Bitboard::EMPTY; 16],
        sole_check: [Bitboard::EMPTY; 16],
        exposed: Bitboard::EMPTY,
        block: [UNREACHABLE.min(255) as u8; 64],
        blockers: 0,
        work: 0,
        seen: Vec::new(),
    };
    if m.reach.ways.iter().any(Option::is_some) {
        m.costs = vec![u8::MAX; 16 * 6 * 64];
    }
    let mated_reach = Reach::new(relax, mated, mated_moves, mating_moves);
    // What the mating side attacks where it stands: the king's square
    // (not by its king, unless a capture may be refused) and the flights.
    let mut checks = Bitboard::EMPTY;
    let mut guards = Bitboard::EMPTY;
    // What the units other than the mating king attack.
    let mut others_guard = Bitboard::EMPTY;
    for sq in pos.by_color(mating) {
        let Some(kind) = pos.kind_at(sq) else {
            continue;
        };
        let hit = attacks_of(kind, mating, sq);
        guards |= hit;
        if kind != Kind::KING || relax.judged {
            checks |= hit;
            others_guard |= hit;
        }
        if m.count < m.units.len() {
            let diagram = pos.diagram_square(sq);
            m.units[m.count] = Unit { sq, kind, diagram };
            let l = m.reach.levels(sq, kind, diagram);
            m.levels[m.count] = l;
            m.count += 1;
            for level in 0..LEVELS {
                m.cover_at[level] |= l.hit[level];
                if relax.judged {
                    m.cover_at[level] |= l.stand[level];
                }
                if kind != Kind::KING || relax.judged {
                    m.check_at[level] |= l.hit[level];
                }
            }
        } else {
            return true;
        }
    }
    // Each unit's sole cover, for the squares a move of it leaves.
    let strict_possible = !relax.judged && m.costs.is_empty();
    if strict_possible {
        let mut hits = [(Bitboard::EMPTY, false); 16];
        for (h, u) in hits.iter_mut().zip(&m.units[..m.count]) {
            *h = (attacks_of(u.kind, mating, u.sq), u.kind != Kind::KING);
        }
        let hits = &hits[..m.count];
        for (i, &(hit, checks_too)) in hits.iter().enumerate() {
            let mut others = Bitboard::EMPTY;
            let mut other_checks = Bitboard::EMPTY;
            for (j, &(h, c)) in hits.iter().enumerate() {
                if j != i {
                    others |= h;
                    if c {
                        other_checks |= h;
                    }
                }
            }
            m.sole[i] = hit & !others;
            if checks_too {
                m.sole_check[i] = hit & !other_checks;
            }
        }
    }
    if relax.judged {
        // A unit of the mating side on a flight keeps the king off it.
        guards |= pos.by_color(mating);
    }
    let own = mating_moves + castling_slack(pos, mating, &m.reach);
    let other = mated_moves + castling_slack(pos, mated, &mated_reach);
    let blockers = pos.by_color(mated) & !Bitboard::from_square(king);
    let mut block_cost = BlockCosts::new();
    let king_unmoved = pos.unmoved.contains(king);
    let king_diagram = pos.diagram_square(king);
    let mut region = king_region(king, mated, mated_moves, king_unmoved);
    // A reborn king walks on from its rebirth square (unmoved at home).
    for &(extra, rebirths) in mated_reach.ways.iter().flatten() {
        if !rebirths.kings || extra > mated_moves {
            continue;
        }
        let homes = match &rebirths.place {
            Place::Squares(t) => t.squares[mated.index()][Kind::KING.index()],
            Place::Diagram => king_diagram.map_or(Bitboard(u64::MAX), Bitboard::from_square),
        };
        for home in homes {
            region |= king_region(home, mated, mated_moves - extra, true);
        }
    }
    for k in region & !pos.holes {
        let walk = mated_reach.cost(king, Kind::KING, king_diagram, Kind::KING, k, king_unmoved);
        if walk > mated_moves {
            continue;
        }
        let flights = attacks::king(k) & !pos.holes;
        let mut need = Bitboard::EMPTY;
        if ending == Ending::Mate && !checks.contains(k) {
            // No unit may check there in the moves left.
            if m.check_at.get(own as usize).is_some_and(|c| !c.contains(k)) {
                continue;
            }
            need.set(k);
        }
        // The kings never stand side by side: a mating king there now
        // moves, and its cover there is gone.
        let mut guards = guards;
        if !relax.judged
            && pos
                .pieces(mating, Kind::KING)
                .first()
                .is_some_and(|wk| wk == k || flights.contains(wk))
        {
            if own == 0 {
                continue;
            }
            guards = others_guard;
        }
        // Flights neither held by a unit of the mated side nor guarded.
        let open = flights & !blockers & !guards;
        let spare = other - walk;
        m.exposed = Bitboard::EMPTY;
        m.blockers = blockers.count();
        if strict_possible {
            m.exposed = flights & !blockers;
            if ending == Ending::Mate {
                m.exposed.set(k);
            }
            for f in flights & !blockers {
                m.block[f.index()] = if spare > 0 {
                    nearest(pos, &mated_reach, blockers, f, &mut block_cost)
                } else {
                    u8::MAX
                };
            }
        }
        if blocks_then_cover(
            pos,
            &mut m,
            (&mut block_cost, &mated_reach),
            blockers,
            open,
            need,
            k,
            (spare, 0),
            own,
        ) {
            return true;
        }
    }
    false
}

/// Which moves of the side to be mated may still lead to the end, where
/// the bound finds none would if it passed ([`moves_that_matter`]).
pub struct MovesThatMatter {
    color: Color,
    /// The flights of every square its king may stand on at the end.
    flights: Bitboard,
    /// Its moves left after the move.
    budget: u32,
}

impl MovesThatMatter {
    /// Whether `mv` (of a unit of the side to be mated) may matter: a
    /// king's move, or one that brings its unit nearer to some flight,
    /// within the moves left.
    pub fn matters(&self, mv: &crate::moves::Move) -> bool {
        let kind = mv.piece.kind;
        if kind == Kind::KING {
            return true;
        }
        let after = mv.promotion.unwrap_or(kind);
        self.flights.into_iter().any(|f| {
            let near = block_cost(self.color, after, mv.to, f);
            near <= self.budget && near < block_cost(self.color, kind, mv.from, f)
        })
    }

    /// Drops from `moves` (the side to be mated's, in `pos`) the quiet
    /// moves of each unit other than the king where the bound finds no
    /// end even with the unit on all their squares at once: a position
    /// with more units of the side to be mated only holds or blocks more,
    /// so none of those moves leads to the end. A unit that may promote is
    /// left alone (one square, several kinds).
    pub fn drop_idle_units(
        &self,
        pos: &Position,
        relax: &Relaxation,
        (ending, mating_moves, mated_after): (Ending, u32, u32),
        moves: &mut Vec<crate::moves::Move>,
    ) {
        let quiet = |mv: &crate::moves::Move| mv.captured.is_none() && mv.piece.kind != Kind::KING;
        let (mut seen, mut idle) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for mv in moves.iter().filter(|mv| quiet(mv)) {
            if seen.contains(mv.from) {
                continue;
            }
            seen.set(mv.from);
            let group = || moves.iter().filter(|m| m.from == mv.from && quiet(m));
            if group().nth(1).is_none() || group().any(|m| m.promotion.is_some()) {
                continue;
            }
            let mut spread = *pos;
            spread.clear(mv.from);
            for m in group() {
                spread.put(m.to, m.piece);
            }
            let mating = self.color.opponent();
            if !may_end(&spread, relax, ending, mating, mating_moves, mated_after) {
                idle.set(mv.from);
            }
        }
        if idle.nonempty() {
            moves.retain(|mv| !(idle.contains(mv.from) && quiet(mv)));
        }
    }
}

/// The fewest moves of a unit `kind` of `color` on `from` to stand on
/// `to` in any kind it may take (a pawn may promote on the way), as
/// [`nearest`] counts a block in orthodox chess.
fn block_cost(color: Color, kind: Kind, from: Square, to: Square) -> u32 {
    if kind == Kind::PAWN {
        PAWN_FORMS
            .iter()
            .map(|&want| walk_cost(color, from, kind, want, to, false))
            .fold(UNREACHABLE, u32::min)
    } else {
        walk_cost(color, from, kind, kind, to, false)
    }
}

/// The side `mating.opponent()` to move in `pos`, in orthodox chess: if
/// the bound finds no end were it to pass (`mating_moves` of the mating
/// side's moves left, `mated_after` of its own after this one), then after
/// a move of a unit other than its king the bound differs from that
/// answer only where the unit now stands nearer to a flight of a square
/// its king may end on: its block costs are the only part of the bound
/// its units other than the king take part in (a square it leaves may only
/// open, a unit it takes only covers less). So only those moves and the
/// king's may lead to the end; None where every move may.
pub fn moves_that_matter(
    pos: &Position,
    relax: &Relaxation,
    ending: Ending,
    mating: Color,
    mating_moves: u32,
    mated_after: u32,
) -> Option<MovesThatMatter> {
    let mated = mating.opponent();
    if !relax.is_orthodox() || !applies(pos, mated) {
        return None;
    }
    if may_end(pos, relax, ending, mating, mating_moves, mated_after) {
        return None;
    }
    let king = pos.pieces(mated, Kind::KING).first()?;
    let unmoved = pos.unmoved.contains(king);
    // A block may use the castling's move of slack too.
    let budget = mated_after + u32::from(may_castle(pos, mated));
    let mut flights = Bitboard::EMPTY;
    for k in king_region(king, mated, mated_after, unmoved) & !pos.holes {
        if king_moves(mated, king, k, unmoved) <= mated_after {
            flights |= attacks::king(k);
        }
    }
    Some(MovesThatMatter {
        color: mated,
        flights: flights & !pos.holes,
        budget,
    })
}

/// The squares a king on `from` may reach in `moves` moves (a castling
/// from its home square, unmoved, among them), and a few more.
fn king_region(from: Square, side: Color, moves: u32, unmoved: bool) -> Bitboard {
    let grow = |mut b: Bitboard, n: u32| {
        for _ in 0..n.min(7) {
            let mut next = b;
            for sq in b {
                next |= attacks::king(sq);
            }
            b = next;
        }
        b
    };
    let mut region = grow(Bitboard::from_square(from), moves);
    if unmoved && moves > 0 && from == Square::new(4, side.back_rank()) {
        let rank = side.back_rank();
        let castled = Bitboard::from_square(Square::new(2, rank))
            | Bitboard::from_square(Square::new(6, rank));
        region |= grow(castled, moves - 1);
    }
    region
}

/// Whether some flights of `open` can be blocked by the mated side
/// (`spare` moves, each block at least its nearest unit's fewest moves)
/// so that the mating side covers `need` and the rest in `own` moves.
#[allow(clippy::too_many_arguments)]
fn blocks_then_cover(
    pos: &Position,
    m: &mut Mating<'_>,
    (block_cost, reach): (&mut BlockCosts, &Reach<'_>),
    blockers: Bitboard,
    open: Bitboard,
    need: Bitboard,
    k: Square,
    (spare, blocks_done): (u32, u32),
    own: u32,
) -> bool {
    let Some(f) = open.first() else {
        let path = Path {
            used: 0,
            placed: Bitboard::EMPTY,
            spare,
            blocks: blocks_done,
        };
        m.seen.clear();
        return m.cover(need, k, own, path);
    };
    let rest = open & !Bitboard::from_square(f);
    // Each unit blocks one flight.
    let c = if blocks_done >= blockers.count() {
        UNREACHABLE
    } else if spare > 0 || reach.free() {
        u32::from(nearest(pos, reach, blockers, f, block_cost))
    } else {
        UNREACHABLE
    };
    if c <= spare
        && blocks_then_cover(
            pos,
            m,
            (block_cost, reach),
            blockers,
            rest,
            need,
            k,
            (spare - c, blocks_done + 1),
            own,
        )
    {
        return true;
    }
    // A flight no unit may cover in the moves left must be blocked.
    if m.cover_at
        .get(own as usize)
        .is_some_and(|cover| !cover.contains(f))
    {
        return false;
    }
    let mut guarded = need;
    guarded.set(f);
    blocks_then_cover(
        pos,
        m,
        (block_cost, reach),
        blockers,
        rest,
        guarded,
        k,
        (spare, blocks_done),
        own,
    )
}

/// The fewest moves of the mated side's units to block each square,
/// found as they are asked for within one question.
struct BlockCosts {
    /// By square; `u8::MAX` not yet found.
    by_square: [u8; 64],
    /// The squares some unit may stand on in each number of moves below
    /// [`LEVELS`], once made.
    within: Option<[Bitboard; LEVELS]>,
}

impl BlockCosts {
    fn new() -> BlockCosts {
        BlockCosts {
            by_square: [u8::MAX; 64],
            within: None,
        }
    }
}

/// The fewest moves a unit of `blockers` (the mated side's, not its king)
/// needs to stand on `to`, in any kind; kept in `cache`.
fn nearest(
    pos: &Position,
    reach: &Reach<'_>,
    blockers: Bitboard,
    to: Square,
    cache: &mut BlockCosts,
) -> u8 {
    if cache.by_square[to.index()] != u8::MAX {
        return cache.by_square[to.index()];
    }
    // The units' levels answer the near squares of every question at once
    // (the same fewest moves as the search below).
    let within = cache.within.get_or_insert_with(|| {
        let mut within = [Bitboard::EMPTY; LEVELS];
        for sq in blockers {
            let Some(kind) = pos.kind_at(sq).filter(|&k| k != Kind::KING) else {
                continue;
            };
            let l = reach.levels(sq, kind, pos.diagram_square(sq));
            for (w, s) in within.iter_mut().zip(l.stand) {
                *w |= s;
            }
        }
        within
    });
    if let Some(c) = within.iter().position(|w| w.contains(to)) {
        cache.by_square[to.index()] = c as u8;
        return c as u8;
    }
    let mut best = UNREACHABLE;
    for sq in blockers {
        let diagram = pos.diagram_square(sq);
        let c = match pos.kind_at(sq) {
            Some(Kind::PAWN) => PAWN_FORMS
                .iter()
                .map(|&want| reach.cost(sq, Kind::PAWN, diagram, want, to, false))
                .fold(UNREACHABLE, u32::min),
            Some(Kind::KING) | None => UNREACHABLE,
            Some(kind) => reach.cost(sq, kind, diagram, kind, to, false),
        };
        best = best.min(c);
    }
    let c = best.min(254) as u8;
    cache.by_square[to.index()] = c;
    c
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    const ORTHODOX: Relaxation = Relaxation {
        captured: None,
        capturer: None,
        judged: false,
    };

    fn may_mate(
        pos: &Position,
        relax: &Relaxation,
        mating: Color,
        mating_moves: u32,
        mated_moves: u32,
    ) -> bool {
        may_end(pos, relax, Ending::Mate, mating, mating_moves, mated_moves)
    }

    fn pos(list: &str) -> Position {
        Position::from_piece_list(list).unwrap()
    }

    #[test]
    fn a_mate_one_move_away_is_allowed() {
        // Black Kh8, pawns g7 h7; White Ra1: 1...Ra8# (back rank).
        let p = pos("wKg1 wRa1 bKh8 bPg7 bPh7");
        assert!(applies(&p, Color::Black));
        assert!(may_mate(&p, &ORTHODOX, Color::White, 1, 0));
    }

    #[test]
    fn a_lone_rook_far_away_cannot_mate_in_one() {
        // The black king in the middle of the board: its flights are
        // neither held nor guarded, and one rook move covers few of them.
        let p = pos("wKa1 wRh1 bKe5");
        assert!(!may_mate(&p, &ORTHODOX, Color::White, 1, 0));
        assert!(!may_mate(&p, &ORTHODOX, Color::White, 1, 1));
    }

    #[test]
    fn blocks_of_the_mated_side_count_against_its_moves() {
        // Black Kh8; a white rook mates on the back rank only where g7 and
        // h7 are blocked: two black moves are needed for the blocks.
        let p = pos("wKa1 wRb1 bKh8 bPf7 bPe6");
        assert!(!may_mate(&p, &ORTHODOX, Color::White, 1, 0));
    }

    #[test]
    fn a_pawn_that_promotes_counts_as_the_new_piece() {
        // 1.e8=Q# (or =R#): the black pawns hold g7 and h7, the new piece
        // checks along the last rank and guards g8.
        let near = pos("wKa1 wPe7 bKh8 bPg7 bPh7");
        assert!(may_mate(&near, &ORTHODOX, Color::White, 1, 0));
        // Three moves from e5: out of reach in one or two, not in three.
        let far = pos("wKa1 wPe5 bKh8 bPg7 bPh7");
        assert!(!may_mate(&far, &ORTHODOX, Color::White, 1, 0));
        assert!(!may_mate(&far, &ORTHODOX, Color::White, 2, 0));
        assert!(may_mate(&far, &ORTHODOX, Color::White, 3, 0));
    }

    #[test]
    fn the_moves_of_the_mating_side_are_shared_among_its_units() {
        // Kh8 with g8, g7 and h7 open: no square a unit reaches in one
        // move attacks all four; the queen on h6 (check, g7, h7) and the
        // rook on b8 (g8) do it in two moves, one each.
        let p = pos("wKa1 wRb1 wQc1 bKh8");
        assert!(!may_mate(&p, &ORTHODOX, Color::White, 1, 0));
        assert!(may_mate(&p, &ORTHODOX, Color::White, 2, 0));
    }

    #[test]
    fn the_kings_never_stand_side_by_side() {
        // Black Kb3 to move, then White mates: the black king may step to
        // c3 only next to the white king on d2, which must then move, its
        // guard there gone; and no white unit may take the square the
        // black king stands on.
        let p = pos("wKd2 wNh4 wPb2 bKb3 bPe2 bPh2");
        assert!(!may_mate(&p, &ORTHODOX, Color::White, 1, 1));
    }

    #[test]
    fn a_unit_that_moves_leaves_the_cover_of_its_old_square() {
        // Black Kh8 walled in by its pawns, g8 guarded by the knight on e7
        // alone: the knight's checks from f7 and g6 leave g8 open, and no
        // black move is left to block it.
        let p = pos("wKa1 wNe7 bKh8 bPg7 bPh7");
        assert!(!may_mate(&p, &ORTHODOX, Color::White, 1, 0));
        // With a rook on g1 to guard g8 (on the empty board) the knight
        // may check.
        let q = pos("wKa1 wNe7 wRg1 bKh8 bPg7 bPh7");
        assert!(may_mate(&q, &ORTHODOX, Color::White, 1, 0));
    }

    /// Whether the help play from `pos` mates the side `mated` in exactly
    /// `plies` half-moves, the last one the other side's (orthodox).
    fn help_mates(pos: &Position, rules: &crate::rules::Rules, mated: Color, plies: u32) -> bool {
        let mut moves = Vec::new();
        crate::movegen::legal_moves(pos, rules, &mut moves);
        if plies == 0 {
            return pos.turn == mated && moves.is_empty() && rules.in_check(pos, mated);
        }
        moves
            .iter()
            .any(|mv| help_mates(&pos.play(mv), rules, mated, plies - 1))
    }

    #[test]
    fn the_bound_never_cuts_a_help_mate_of_random_positions() {
        // Random orthodox positions, a few units each side, some with
        // holes: wherever the help play reaches a mate, the bound must
        // allow it (it may allow more). One and two half-moves for the mating side, none or one
        // for the mated side before it.
        let rules = crate::rules::Rules::orthodox();
        let mut rng = crate::test_rng::XorShift::new(0x9e37_79b9_7f4a_7c15_u64);
        let mut next = move |n: u64| rng.below(n);
        let kinds = ["Q", "R", "B", "S", "P", "P"];
        let (mut tried, mut mates) = (0, 0);
        while tried < 400 {
            let mut list = String::new();
            let mut taken = Vec::new();
            let mut place = |list: &mut String, piece: &str, next: &mut dyn FnMut(u64) -> u64| loop {
                let sq = next(64) as u8;
                let rank = sq / 8;
                if taken.contains(&sq) || (piece.ends_with('P') && (rank == 0 || rank == 7)) {
                    continue;
                }
                taken.push(sq);
                let file = (b'a' + sq % 8) as char;
                list.push_str(&format!("{piece}{file}{} ", rank + 1));
                return;
            };
            place(&mut list, "wK", &mut next);
            place(&mut list, "bK", &mut next);
            for _ in 0..1 + next(3) {
                let piece = format!("w{}", kinds[next(6) as usize]);
                place(&mut list, &piece, &mut next);
            }
            for _ in 0..next(4) {
                let piece = format!("b{}", kinds[next(6) as usize]);
                place(&mut list, &piece, &mut next);
            }
            let Ok(mut p) = Position::from_piece_list(&list) else {
                continue;
            };
            let (wk, bk) = (p.king(Color::White).unwrap(), p.king(Color::Black).unwrap());
            if attacks::king(wk).contains(bk) {
                continue;
            }
            // Now and then a few holes (the condition Hole).
            if next(3) == 0 {
                for _ in 0..1 + next(4) {
                    let sq = Square(next(64) as u8);
                    if p.piece_at(sq).is_none() {
                        p.holes.set(sq);
                    }
                }
            }
            let black_first = next(2) == 0;
            p.turn = if black_first {
                Color::Black
            } else {
                Color::White
            };
            // The side not to move is not in check.
            if rules.in_check(&p, p.turn.opponent()) {
                continue;
            }
            tried += 1;
            let cases: &[(u32, u32)] = if black_first {
                &[(1, 1)]
            } else {
                &[(1, 0), (2, 1)]
            };
            for &(own, other) in cases {
                let plies = own + other;
                if help_mates(&p, &rules, Color::Black, plies) {
                    mates += 1;
                    assert!(
                        may_mate(&p, &ORTHODOX, Color::White, own, other),
                        "{list}({:?} to move, holes {:?}): a mate in {plies} half-moves cut",
                        p.turn,
                        p.holes
                    );
                }
            }
        }
        // The positions hold mates enough for the test to say something.
        assert!(mates >= 20, "only {mates} mates");
    }

    /// Whether the help play from `pos` stalemates the side `stalemated`
    /// in exactly `plies` half-moves, the last one the other side's.
    pub(in crate::solve) fn help_stalemates(
        pos: &Position,
        rules: &crate::rules::Rules,
        stalemated: Color,
        plies: u32,
    ) -> bool {
        let mut moves = Vec::new();
        crate::movegen::legal_moves(pos, rules, &mut moves);
        if plies == 0 {
            return pos.turn == stalemated && moves.is_empty() && !rules.in_check(pos, stalemated);
        }
        moves
            .iter()
            .any(|mv| help_stalemates(&pos.play(mv), rules, stalemated, plies - 1))
    }

    #[test]
    fn the_bound_never_cuts_a_help_stalemate_of_random_positions() {
        // Random orthodox positions, the black king in a corner or on an
        // edge now and then (where stalemates are many): wherever the help
        // play stalemates Black, the stalemate bound must allow it.
        let rules = crate::rules::Rules::orthodox();
        let mut rng = crate::test_rng::XorShift::new(0x2545_f491_4f6c_dd1d);
        let (mut tried, mut stalemates, mut cut) = (0, 0, 0);
        while tried < 600 {
            let kinds = ["Q", "R", "B", "S", "P", "P"];
            let mut units = crate::test_rng::PieceList::default();
            units.place_anywhere(&mut rng, "wK");
            // The black king on an edge most of the time.
            let edge = [0u8, 7, 56, 63, 3, 4, 24, 31, 59, 60][rng.below(10) as usize];
            if rng.below(4) == 0 || !units.place("bK", edge) {
                units.place_anywhere(&mut rng, "bK");
            }
            for _ in 0..1 + rng.below(2) {
                let piece = format!("w{}", kinds[rng.below(6) as usize]);
                units.place_anywhere(&mut rng, &piece);
            }
            for _ in 0..rng.below(4) {
                let piece = format!("b{}", kinds[rng.below(6) as usize]);
                units.place_anywhere(&mut rng, &piece);
            }
            let list = units.text;
            let Ok(mut p) = Position::from_piece_list(&list) else {
                continue;
            };
            let (Some(wk), Some(bk)) = (p.king(Color::White), p.king(Color::Black)) else {
                continue;
            };
            if attacks::king(wk).contains(bk) {
                continue;
            }
            let black_first = rng.below(2) == 0;
            p.turn = if black_first {
                Color::Black
            } else {
                Color::White
            };
            if rules.in_check(&p, p.turn.opponent()) {
                continue;
            }
            tried += 1;
            let cases: &[(u32, u32)] = if black_first {
                &[(1, 1)]
            } else {
                &[(1, 0), (2, 1)]
            };
            for &(own, other) in cases {
                let allowed = may_end(&p, &ORTHODOX, Ending::Stalemate, Color::White, own, other);
                if help_stalemates(&p, &rules, Color::Black, own + other) {
                    stalemates += 1;
                    assert!(allowed, "{list}({:?} to move): a stalemate cut", p.turn);
                } else if !allowed {
                    cut += 1;
                }
            }
        }
        // Enough of both for the test to say something.
        assert!(stalemates >= 10, "only {stalemates} stalemates");
        assert!(cut >= 50, "only {cut} positions cut");
    }

    #[test]
    fn a_move_that_does_not_matter_leaves_no_end() {
        // Random orthodox positions, Black to move: where Black could not
        // be mated (or stalemated) even if it passed, each move it drops
        // must leave a position the bound cuts, with the same moves left.
        let rules = crate::rules::Rules::orthodox();
        let mut rng = crate::test_rng::XorShift::new(0x3c6e_f372_fe94_f82b);
        let (mut dropped, mut kept) = (0, 0);
        for round in 0..1500 {
            let mut units = crate::test_rng::PieceList::default();
            units.place_anywhere(&mut rng, "wK");
            units.place_anywhere(&mut rng, "bK");
            for _ in 0..1 + rng.below(3) {
                let piece = ["wQ", "wR", "wB", "wS", "wP"][rng.below(5) as usize];
                units.place_anywhere(&mut rng, piece);
            }
            for _ in 0..1 + rng.below(6) {
                let piece = ["bQ", "bR", "bB", "bS", "bP", "bP"][rng.below(6) as usize];
                units.place_anywhere(&mut rng, piece);
            }
            let Ok(mut p) = Position::from_piece_list(&units.text) else {
                continue;
            };
            p.turn = Color::Black;
            if rules.in_check(&p, Color::White) {
                continue;
            }
            let ending = [Ending::Mate, Ending::Stalemate][round % 2];
            let (mating_moves, mated_after) =
                [(1, 0), (2, 1), (3, 2), (1, 2)][rng.below(4) as usize];
            let Some(keep) = moves_that_matter(
                &p,
                &ORTHODOX,
                ending,
                Color::White,
                mating_moves,
                mated_after,
            ) else {
                continue;
            };
            let mut moves = Vec::new();
            crate::movegen::legal_moves(&p, &rules, &mut moves);
            let mut matter = moves.clone();
            matter.retain(|mv| keep.matters(mv));
            let left = (ending, mating_moves, mated_after);
            keep.drop_idle_units(&p, &ORTHODOX, left, &mut matter);
            for mv in &moves {
                if matter.contains(mv) {
                    kept += 1;
                    continue;
                }
                dropped += 1;
                let after = p.play(mv);
                assert!(
                    !may_end(
                        &after,
                        &ORTHODOX,
                        ending,
                        Color::White,
                        mating_moves,
                        mated_after
                    ),
                    "{}: {ending:?}, {mv:?} dropped but the bound allows the end after it",
                    units.text
                );
            }
        }
        assert!(
            dropped >= 1000 && kept >= 100,
            "dropped {dropped}, kept {kept}"
        );
    }

    #[test]
    fn block_costs_from_the_levels_are_the_fewest_moves() {
        // The near squares' costs read from the units' levels must be the
        // fewest moves the units' routes give, orthodox and with rebirths.
        let mut rng = crate::test_rng::XorShift::new(0x51ed_2701_aa43_9c1d);
        let circe = relaxation(crate::rules::CirceRules::CIRCE);
        let anticirce = relaxation(crate::rules::CirceRules::ANTICIRCE_CALVET);
        for round in 0..200 {
            let list = rng.piece_list(5, &["Q", "R", "B", "S", "P"]);
            let Ok(p) = Position::from_piece_list(&list) else {
                continue;
            };
            let relax = [&ORTHODOX, &circe, &anticirce][round % 3];
            for (own, other) in [(0, 1), (2, 3)] {
                let reach = Reach::new(relax, Color::Black, own, other);
                let blockers = p.by_color(Color::Black);
                let mut cache = BlockCosts::new();
                for to in Square::all() {
                    let fast = nearest(&p, &reach, blockers, to, &mut cache);
                    let mut slow = BlockCosts::new();
                    slow.within = Some([Bitboard::EMPTY; LEVELS]);
                    let exact = nearest(&p, &reach, blockers, to, &mut slow);
                    assert_eq!(fast, exact, "{list}: block on {to:?}");
                }
            }
        }
    }

    fn relaxation(circe: crate::rules::CirceRules) -> Relaxation {
        Relaxation::of(&crate::rules::Rules::with_circe(circe)).expect("a form the bound takes")
    }

    #[test]
    fn circe_a_captured_unit_reborn_blocks_a_flight() {
        // 1.Nxf7#: the black knight, taken on a light square, is reborn on
        // g8, the flight the knight's check leaves open. Without the
        // rebirth no white move both checks h8 and guards g8.
        let p = pos("wKa1 wNg5 bKh8 bPg7 bPh7 bNf7");
        let circe = relaxation(crate::rules::CirceRules::CIRCE);
        assert!(may_mate(&p, &circe, Color::White, 1, 0));
        let walks_only = Relaxation {
            captured: None,
            ..circe.clone()
        };
        assert!(!may_mate(&p, &walks_only, Color::White, 1, 0));
    }

    #[test]
    fn circe_a_unit_of_the_mating_side_reborn_guards_flights() {
        // Black takes the white rook on c4 (a light square), reborn on h1,
        // which guards the h-file; then Nf5+ checks g7 (the other flights
        // held by black). Without the rebirth one white move cannot check
        // and guard h7 and h8, and no black unit can block them.
        let p = pos("wKa1 wNd4 wRc4 bKg7 bPf6 bPf7 bPg6 bBf8 bNg8");
        let circe = relaxation(crate::rules::CirceRules::CIRCE);
        assert!(may_mate(&p, &circe, Color::White, 1, 1));
        let walks_only = Relaxation {
            captured: None,
            ..circe.clone()
        };
        assert!(!may_mate(&p, &walks_only, Color::White, 1, 1));
    }

    #[test]
    fn anticirce_a_king_that_captures_goes_home() {
        // The black king takes on b2 and is reborn on e8, where its flights
        // are held and Nc7 mates; walking, it stays near a1.
        let p = pos("wKh1 wPb2 wNb5 bKa1 bQd8 bBf8 bPd7 bPe7 bPf7");
        let anti = relaxation(crate::rules::CirceRules::ANTICIRCE_CALVET);
        assert!(may_mate(&p, &anti, Color::White, 1, 1));
        let walks_only = Relaxation {
            capturer: None,
            ..anti.clone()
        };
        assert!(!may_mate(&p, &walks_only, Color::White, 1, 1));
    }

    #[test]
    fn a_capture_refused_keeps_the_king_off_a_flight() {
        // Anticirce: 1.g7+ and the king may not take the pawn, its rebirth
        // square e8 being occupied; in orthodox chess g7 is a flight no
        // white unit guards after the move.
        let p = pos("wKa1 wPg6 bKh8 bBg8 bPh7 bRe8");
        let anti = relaxation(crate::rules::CirceRules::ANTICIRCE_CALVET);
        assert!(may_mate(&p, &anti, Color::White, 1, 0));
        // (Anticirce's rebirths alone give White a move of slack: a king
        // reborn at home may castle.)
        assert!(!may_mate(&p, &ORTHODOX, Color::White, 1, 0));
    }

    #[test]
    fn diagram_circe_reborns_a_unit_on_its_diagram_square() {
        // The position of the first test, the black knight's diagram square
        // g8 (it moved to f7): taken there, it goes back to g8.
        let mut q = pos("wKa1 wNg5 bKh8 bPg7 bPh7 bNg8");
        q.track_identities();
        let (g8, f7) = (Square::parse("g8").unwrap(), Square::parse("f7").unwrap());
        let code = q.id_code(g8);
        let knight = q.remove(g8).unwrap();
        q.put(f7, knight);
        q.set_id_code(f7, code);
        assert_eq!(q.diagram_square(f7), Some(g8));
        let diagram = relaxation(crate::rules::CirceRules {
            square: crate::rules::RebirthSquare::Diagram,
            ..crate::rules::CirceRules::CIRCE
        });
        assert!(may_mate(&q, &diagram, Color::White, 1, 0));
        let walks_only = Relaxation {
            captured: None,
            ..diagram.clone()
        };
        assert!(!may_mate(&q, &walks_only, Color::White, 1, 0));
    }
}
