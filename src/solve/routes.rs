//! The fewest moves that bring a side's units onto the squares a proof
//! game's target gives them, with the orthodox walks on an empty board.
//!
//! Each move of a side moves one of its units (a castling two: the
//! rook's part is then free), and each target square needs a unit of its
//! own; so the sum, over the target squares a side has not filled yet, of
//! the fewest moves any unit of that side needs to get there is a lower
//! bound of the side's moves. A unit can get there as itself, or as a pawn
//! that promotes on the way. It holds only where units move by their walk
//! alone: no rebirth (a Circe form takes a unit home in no move of its
//! own), no fairy walk, no attribute, but for what a condition declares
//! (`Routes`): a king with other walks (at most a queen's or a knight's
//! move, never across a pawn that stays on its first square), Alice's
//! boards (a unit's moves odd exactly where its board changes), Rokagogo's
//! castlings (the rooks left out, the king two squares along a line).

use crate::board::{attacks, Bitboard, Color, Kind, Piece, Position, Square};
use crate::rules::conditions::Routes;
use std::sync::OnceLock;

/// More moves than any game has: the square cannot be reached.
pub const UNREACHABLE: u32 = 1000;

/// The most units a side has.
const MOST_UNITS: usize = 16;

/// The fewest moves `side` needs to fill the squares where `target` has
/// its units and `pos` has not the same unit, and the fewest captures
/// among them (a pawn changes file only by capturing). Only for orthodox
/// units without attributes in both positions, found by their bitboards.
///
/// Each such square is filled, at the end, by a unit of the side that is
/// not on a square of its own in both positions (a unit already in place
/// may be left there: any other unit that would take its square could
/// follow its route instead, at no more cost), and no unit fills two: the
/// least cost of an assignment of units to squares bounds the moves and
/// the captures. First each square alone (its nearest unit, which may be
/// counted for several); where that fits within `budget` moves, the
/// assignment.
fn squares_needs(
    pos: &Position,
    target: &Position,
    side: Color,
    budget: u32,
    routes: Routes,
) -> (u32, u32) {
    let mut placed = Bitboard::EMPTY;
    for kind in ORTHODOX_KINDS {
        placed |= pos.pieces(side, kind) & target.pieces(side, kind);
    }
    // Under AliceChess a unit is in place only on its board.
    let boards = (routes == Routes::AliceBoards).then(|| (pos.on_board_b(), target.on_board_b()));
    let blocked = if routes == Routes::ButKings {
        fixed_pawns(pos, target)
    } else {
        Bitboard::EMPTY
    };
    if let Some((now, then)) = boards {
        placed &= !(now ^ then);
    }
    // The units free to move, with their kinds.
    let mut units = [(Square::new(0, 0), Kind::PAWN); MOST_UNITS];
    let mut n = 0;
    for kind in ORTHODOX_KINDS {
        for from in pos.pieces(side, kind) & !placed {
            if n == MOST_UNITS {
                return (0, 0);
            }
            units[n] = (from, kind);
            n += 1;
        }
    }
    let mut moves = [[UNREACHABLE; MOST_UNITS]; MOST_UNITS];
    let mut captures = [[UNREACHABLE; MOST_UNITS]; MOST_UNITS];
    let (mut rows, mut total, mut fewest) = (0, 0, 0);
    for kind in ORTHODOX_KINDS {
        // Under Rokagogo any castling may move a rook: rooks are left out.
        if kind == Kind::ROOK && routes == Routes::CastlingRooks {
            continue;
        }
        for t in target.pieces(side, kind) & !placed {
            if rows == MOST_UNITS || rows == n {
                return (UNREACHABLE, UNREACHABLE);
            }
            let (mut best, mut fewest_captures) = (UNREACHABLE, UNREACHABLE);
            for (j, &(from, have)) in units[..n].iter().enumerate() {
                let (mut m, c) = unit_cost(pos, side, (from, have), kind, t, routes, blocked);
                // Each move takes the unit to the other board: the number
                // of its moves is odd exactly where its board changes.
                if let Some((now, then)) = boards {
                    if m < UNREACHABLE && (m % 2 == 1) != (now.contains(from) != then.contains(t)) {
                        m += 1;
                    }
                }
                moves[rows][j] = m;
                captures[rows][j] = c;
                best = best.min(m);
                fewest_captures = fewest_captures.min(c);
            }
            if best >= UNREACHABLE {
                return (UNREACHABLE, UNREACHABLE);
            }
            total += best;
            fewest += fewest_captures;
            rows += 1;
        }
    }
    if rows < 2 || total > budget {
        return (total, fewest);
    }
    let total = least_assignment(&moves, rows, n).max(total);
    let fewest = least_assignment(&captures, rows, n).max(fewest);
    (total, fewest)
}

/// The fewest moves by which the unit `have` on `from` becomes a unit of
/// `want` on `to`, and the fewest captures among them (UNREACHABLE both
/// where it cannot).
fn unit_cost(
    pos: &Position,
    side: Color,
    (from, have): (Square, Kind),
    want: Kind,
    to: Square,
    routes: Routes,
    blocked: Bitboard,
) -> (u32, u32) {
    let free_kings = routes == Routes::ButKings;
    let moves = if have == want {
        match want {
            Kind::PAWN => pawn_moves(side, from, to),
            Kind::KING if free_kings => amazon_moves(from, to, blocked),
            Kind::KING if routes == Routes::CastlingRooks => {
                u32::from(rokagogo_king_moves()[from.index()][to.index()])
            }
            Kind::KING => king_moves(side, from, to, pos.unmoved.contains(from)),
            _ => walk_moves(want, from, to),
        }
    } else if let (Kind::PAWN, Some(row)) = (have, promoted_row(want)) {
        u32::from(promotion_moves()[side.index()][row][from.index()][to.index()])
    } else if have == Kind::PAWN && want == Kind::KING && free_kings {
        // A pawn may become a king (LosingChess): at least its steps to
        // the last rank, straight ahead.
        let last = Square::new(from.file(), side.opponent().back_rank());
        pawn_moves(side, from, last)
    } else {
        UNREACHABLE
    };
    if moves >= UNREACHABLE {
        return (UNREACHABLE, UNREACHABLE);
    }
    // A pawn that stays one captures once per file it changes; a promoted
    // one may promote where it needs no capture.
    let captures = if want == Kind::PAWN {
        u32::from(from.file().abs_diff(to.file()))
    } else {
        0
    };
    (moves, captures)
}

/// The least total cost of giving each of the first `rows` rows of `cost`
/// its own column among the first `cols` (`rows <= cols`): the Hungarian
/// method with potentials, `rows` augmenting searches of `cols` steps.
fn least_assignment(cost: &[[u32; MOST_UNITS]; MOST_UNITS], rows: usize, cols: usize) -> u32 {
    const INF: i64 = i64::MAX / 4;
    // Rows and columns numbered from 1; column 0 is the search's root.
    let mut u = [0i64; MOST_UNITS + 1];
    let mut v = [0i64; MOST_UNITS + 1];
    let mut row_of = [0usize; MOST_UNITS + 1];
    for i in 1..=rows {
        row_of[0] = i;
        let mut j0 = 0;
        let mut min_to = [INF; MOST_UNITS + 1];
        let mut used = [false; MOST_UNITS + 1];
        let mut way = [0usize; MOST_UNITS + 1];
        loop {
            used[j0] = true;
            let i0 = row_of[j0];
            let (mut delta, mut j1) = (INF, 0);
            for j in 1..=cols {
                if used[j] {
                    continue;
                }
                let reduced = i64::from(cost[i0 - 1][j - 1]) - u[i0] - v[j];
                if reduced < min_to[j] {
                    min_to[j] = reduced;
                    way[j] = j0;
                }
                if min_to[j] < delta {
                    delta = min_to[j];
                    j1 = j;
                }
            }
            for j in 0..=cols {
                if used[j] {
                    u[row_of[j]] += delta;
                    v[j] -= delta;
                } else {
                    min_to[j] -= delta;
                }
            }
            j0 = j1;
            if row_of[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            row_of[j0] = row_of[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let total: u64 = (1..=cols)
        .filter(|&j| row_of[j] != 0)
        .map(|j| u64::from(cost[row_of[j] - 1][j - 1]))
        .sum();
    total.min(u64::from(UNREACHABLE)) as u32
}

/// The fewest moves `side` needs to fill the squares where `target` has
/// its units and `pos` has not the same unit, and the fewest captures
/// among them; a castling moves the rook in the king's move.
/// `budget`: the moves the side has; beyond it the cheaper bound is
/// given.
pub fn side_moves_needed(
    pos: &Position,
    target: &Position,
    side: Color,
    budget: u32,
    routes: Routes,
) -> (u32, u32) {
    let (total, captures) = squares_needs(pos, target, side, budget + 1, routes);
    if total >= UNREACHABLE {
        return (UNREACHABLE, UNREACHABLE);
    }
    let home = Square::new(4, side.back_rank());
    let corners = [
        Square::new(0, side.back_rank()),
        Square::new(7, side.back_rank()),
    ];
    // Under Rokagogo the rooks are not counted, and the king's castling
    // is one of its moves.
    let may_castle = routes != Routes::CastlingRooks
        && pos.unmoved.contains(home)
        && pos.kind_at(home) == Some(Kind::KING)
        && corners.iter().any(|c| pos.unmoved.contains(*c));
    (total.saturating_sub(u32::from(may_castle)), captures)
}

/// The pawns on their first square in both positions: they never move
/// again (no pawn comes back to its first rank), so no unit passes
/// through their squares nor lands there.
fn fixed_pawns(pos: &Position, target: &Position) -> Bitboard {
    Color::ALL
        .into_iter()
        .map(|c| {
            let first = Bitboard::rank(if c == Color::White { 1 } else { 6 });
            pos.pieces(c, Kind::PAWN) & target.pieces(c, Kind::PAWN) & first
        })
        .fold(Bitboard::EMPTY, |a, b| a | b)
}

/// The fewest moves from `from` to `to` of a unit that moves at most as
/// a queen or a knight (a king that takes other walks), the `blocked`
/// squares neither crossed nor reached.
fn amazon_moves(from: Square, to: Square, blocked: Bitboard) -> u32 {
    let mut reached = Bitboard::from_square(from);
    let mut frontier = reached;
    let mut moves = 0;
    while !reached.contains(to) {
        let mut next = Bitboard::EMPTY;
        for sq in frontier {
            next |= attacks::queen(sq, blocked) | attacks::knight(sq);
        }
        frontier = next & !blocked & !reached;
        if frontier.is_empty() {
            return UNREACHABLE;
        }
        reached |= frontier;
        moves += 1;
    }
    moves
}

/// A Rokagogo king's fewest moves between any two squares on an empty
/// board: a step, or two squares along a rank or file (a castling).
fn rokagogo_king_moves() -> &'static [[u8; 64]; 64] {
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    TABLE.get_or_init(|| {
        fewest_moves(|sq| {
            let (f, r) = (i16::from(sq.file()), i16::from(sq.rank()));
            let jumps = [(2, 0), (-2, 0), (0, 2), (0, -2)]
                .into_iter()
                .filter(|(df, dr)| (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)))
                .map(|(df, dr)| Square::new((f + df) as u8, (r + dr) as u8));
            attacks::king(sq).into_iter().chain(jumps).collect()
        })
    })
}

/// The fewest moves between any two squares of a unit that goes from a
/// square to `next`'s (a search from each square).
fn fewest_moves(next: impl Fn(Square) -> Vec<Square>) -> [[u8; 64]; 64] {
    let mut table = [[u8::MAX; 64]; 64];
    for start in 0..64u8 {
        let row = &mut table[usize::from(start)];
        let from = Square::new(start % 8, start / 8);
        row[from.index()] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(sq) = queue.pop_front() {
            let d = row[sq.index()];
            for to in next(sq) {
                if row[to.index()] == u8::MAX {
                    row[to.index()] = d + 1;
                    queue.push_back(to);
                }
            }
        }
    }
    table
}

/// The orthodox kinds, pawn first.
pub(super) const ORTHODOX_KINDS: [Kind; 6] = [
    Kind::PAWN,
    Kind::KNIGHT,
    Kind::BISHOP,
    Kind::ROOK,
    Kind::QUEEN,
    Kind::KING,
];

/// The row of `promotion_moves` for a kind a pawn promotes to.
fn promoted_row(kind: Kind) -> Option<usize> {
    [Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT]
        .iter()
        .position(|k| *k == kind)
}

/// A king's fewest moves; from its home square, unmoved, a castling
/// takes it two files in one move.
pub(super) fn king_moves(side: Color, from: Square, to: Square, unmoved: bool) -> u32 {
    let rank = side.back_rank();
    let direct = walk_moves(Kind::KING, from, to);
    if !unmoved || from != Square::new(4, rank) {
        return direct;
    }
    [Square::new(2, rank), Square::new(6, rank)]
        .map(|k| 1 + walk_moves(Kind::KING, k, to))
        .into_iter()
        .fold(direct, u32::min)
}

/// Indexed by side, promoted kind (`promoted_row`), pawn square, target
/// square.
pub(super) type PromotionTable = [[[[u16; 64]; 64]; 4]; 2];

/// For each side, each kind a pawn promotes to (`promoted_row`), each
/// square of a pawn and each target square: the fewest moves of the pawn
/// to its last rank and of the promoted unit from there (made once).
pub(super) fn promotion_moves() -> &'static PromotionTable {
    static TABLE: OnceLock<Box<PromotionTable>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([[[[0u16; 64]; 64]; 4]; 2]);
        for side in Color::ALL {
            let pawn = Piece::new(side, Kind::PAWN);
            for (row, kind) in [Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT]
                .into_iter()
                .enumerate()
            {
                for from in 0..64u8 {
                    for to in 0..64u8 {
                        let from_sq = Square::new(from % 8, from / 8);
                        let to_sq = Square::new(to % 8, to / 8);
                        table[side.index()][row][usize::from(from)][usize::from(to)] =
                            moves_between(pawn, from_sq, kind, to_sq, false) as u16;
                    }
                }
            }
        }
        table
    })
}

/// The fewest moves that take `have`, on `from`, to `to` as a unit of
/// `want`'s kind. `unmoved`: a king on its home square may castle there.
fn moves_between(have: Piece, from: Square, want: Kind, to: Square, unmoved: bool) -> u32 {
    let side = have.color;
    if have.kind == want {
        if want == Kind::PAWN {
            return pawn_moves(side, from, to);
        }
        if want == Kind::KING && unmoved && from == Square::new(4, side.back_rank()) {
            // Castling takes the king two files in one move.
            let rank = side.back_rank();
            let castled = [Square::new(2, rank), Square::new(6, rank)]
                .map(|k| 1 + walk_moves(Kind::KING, k, to))
                .into_iter()
                .min()
                .unwrap_or(UNREACHABLE);
            return walk_moves(Kind::KING, from, to).min(castled);
        }
        return walk_moves(want, from, to);
    }
    if have.kind != Kind::PAWN || !promotes_to(want) {
        return UNREACHABLE;
    }
    // A pawn promoting on some square of its last rank, then moving on.
    let last = side.opponent().back_rank();
    (0..8u8)
        .map(|file| {
            let promotion = Square::new(file, last);
            pawn_moves(side, from, promotion).saturating_add(walk_moves(want, promotion, to))
        })
        .min()
        .unwrap_or(UNREACHABLE)
        .min(UNREACHABLE)
}

fn promotes_to(kind: Kind) -> bool {
    [Kind::QUEEN, Kind::ROOK, Kind::BISHOP, Kind::KNIGHT].contains(&kind)
}

/// A pawn's fewest moves forward, a capture for each file it changes; a
/// pawn on its first two ranks may make a double step.
pub(super) fn pawn_moves(side: Color, from: Square, to: Square) -> u32 {
    let (r0, r1) = match side {
        Color::White => (from.rank(), to.rank()),
        Color::Black => (7 - from.rank(), 7 - to.rank()),
    };
    if from == to {
        return 0;
    }
    if r1 <= r0 {
        return UNREACHABLE;
    }
    let ranks = u32::from(r1 - r0);
    let files = u32::from(from.file().abs_diff(to.file()));
    if files > ranks {
        return UNREACHABLE;
    }
    if r0 <= 1 && ranks - files >= 2 {
        ranks - 1
    } else {
        ranks
    }
}

/// The fewest moves of an orthodox piece (not a pawn) on an empty board.
pub(super) fn walk_moves(kind: Kind, from: Square, to: Square) -> u32 {
    if from == to {
        return 0;
    }
    let df = from.file().abs_diff(to.file());
    let dr = from.rank().abs_diff(to.rank());
    let line = df == 0 || dr == 0;
    let diagonal = df == dr;
    match kind {
        Kind::KING => u32::from(df.max(dr)),
        Kind::QUEEN => 1 + u32::from(!line && !diagonal),
        Kind::ROOK => 1 + u32::from(!line),
        Kind::BISHOP if from.is_dark() != to.is_dark() => UNREACHABLE,
        Kind::BISHOP => 1 + u32::from(!diagonal),
        Kind::KNIGHT => u32::from(knight_moves()[from.index()][to.index()]),
        _ => UNREACHABLE,
    }
}

/// The knight's fewest moves between any two squares (a search from
/// each square, made once).
fn knight_moves() -> &'static [[u8; 64]; 64] {
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    TABLE.get_or_init(|| fewest_moves(|sq| crate::board::attacks::knight(sq).into_iter().collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn the_walks_count_their_moves_on_an_empty_board() {
        assert_eq!(walk_moves(Kind::KNIGHT, sq("a1"), sq("b1")), 3);
        assert_eq!(walk_moves(Kind::KNIGHT, sq("a1"), sq("h8")), 6);
        assert_eq!(walk_moves(Kind::KNIGHT, sq("g1"), sq("f3")), 1);
        assert_eq!(walk_moves(Kind::BISHOP, sq("c1"), sq("h6")), 1);
        assert_eq!(walk_moves(Kind::BISHOP, sq("c1"), sq("c3")), 2);
        assert_eq!(walk_moves(Kind::BISHOP, sq("c1"), sq("c2")), UNREACHABLE);
        assert_eq!(walk_moves(Kind::ROOK, sq("a1"), sq("h8")), 2);
        assert_eq!(walk_moves(Kind::QUEEN, sq("d1"), sq("e3")), 2);
        assert_eq!(walk_moves(Kind::KING, sq("e1"), sq("e4")), 3);
    }

    #[test]
    fn a_pawn_goes_forward_a_file_aside_for_each_capture() {
        assert_eq!(pawn_moves(Color::White, sq("e2"), sq("e4")), 1);
        assert_eq!(pawn_moves(Color::White, sq("e2"), sq("d3")), 1);
        // Two captures leave no double step.
        assert_eq!(pawn_moves(Color::White, sq("e2"), sq("c4")), 2);
        assert_eq!(pawn_moves(Color::White, sq("e3"), sq("e5")), 2);
        assert_eq!(pawn_moves(Color::White, sq("e4"), sq("e3")), UNREACHABLE);
        assert_eq!(pawn_moves(Color::White, sq("a2"), sq("d4")), UNREACHABLE);
        assert_eq!(pawn_moves(Color::Black, sq("e7"), sq("e5")), 1);
        assert_eq!(pawn_moves(Color::Black, sq("e7"), sq("e1")), 5);
    }

    #[test]
    fn a_pawn_may_become_the_unit_a_square_wants() {
        let pawn = Piece::new(Color::White, Kind::PAWN);
        // e2-e4-e5-e6-e7-e8=N, then Nf6.
        assert_eq!(
            moves_between(pawn, sq("e2"), Kind::KNIGHT, sq("f6"), false),
            6
        );
        let knight = Piece::new(Color::White, Kind::KNIGHT);
        assert_eq!(
            moves_between(knight, sq("g1"), Kind::PAWN, sq("e4"), false),
            UNREACHABLE
        );
    }

    #[test]
    fn a_castling_king_crosses_two_files_and_moves_its_rook_for_free() {
        let king = Piece::new(Color::White, Kind::KING);
        assert_eq!(moves_between(king, sq("e1"), Kind::KING, sq("g1"), true), 1);
        assert_eq!(
            moves_between(king, sq("e1"), Kind::KING, sq("g1"), false),
            2
        );
        let mut pos = Position::empty();
        pos.put(sq("e1"), king);
        pos.put(sq("h1"), Piece::new(Color::White, Kind::ROOK));
        pos.set_unmoved_from_placement();
        let mut target = Position::empty();
        target.put(sq("g1"), king);
        target.put(sq("f1"), Piece::new(Color::White, Kind::ROOK));
        assert_eq!(
            side_moves_needed(&pos, &target, Color::White, 20, Routes::Walks),
            (1, 0)
        );
        pos.unmoved = Bitboard::EMPTY;
        assert_eq!(
            side_moves_needed(&pos, &target, Color::White, 20, Routes::Walks),
            (3, 0)
        );
    }

    #[test]
    fn a_pawn_that_changes_file_needs_a_capture_for_each() {
        let pawn = Piece::new(Color::White, Kind::PAWN);
        let mut pos = Position::empty();
        pos.put(sq("e2"), pawn);
        pos.put(sq("c2"), pawn);
        let mut target = Position::empty();
        target.put(sq("c4"), pawn);
        target.put(sq("d4"), pawn);
        // c2-c4 and e2*d3-d4 (or e2*d3*c4 and c2-c3*d4: more captures).
        assert_eq!(
            side_moves_needed(&pos, &target, Color::White, 20, Routes::Walks),
            (3, 1)
        );
    }

    #[test]
    fn no_unit_fills_two_squares() {
        let knight = Piece::new(Color::White, Kind::KNIGHT);
        let mut pos = Position::empty();
        pos.put(sq("g1"), knight);
        pos.put(sq("b1"), knight);
        let mut target = Position::empty();
        target.put(sq("f3"), knight);
        target.put(sq("h3"), knight);
        // g1 is one move from both, b1 two from f3 (d2, f3): Sg1-h3 and
        // Sb1-d2-f3, three moves, not the two of each square alone.
        assert_eq!(
            side_moves_needed(&pos, &target, Color::White, 20, Routes::Walks),
            (3, 0)
        );
        // Beyond the budget the squares alone are counted.
        assert_eq!(
            side_moves_needed(&pos, &target, Color::White, 0, Routes::Walks),
            (2, 0)
        );
    }

    #[test]
    fn no_pawn_changes_file_for_two_squares() {
        let pawn = Piece::new(Color::White, Kind::PAWN);
        let mut pos = Position::empty();
        pos.put(sq("d2"), pawn);
        pos.put(sq("h2"), pawn);
        let mut target = Position::empty();
        target.put(sq("c3"), pawn);
        target.put(sq("e3"), pawn);
        // d2 takes to either with one capture; h2 reaches neither: no
        // assignment.
        assert_eq!(
            side_moves_needed(&pos, &target, Color::White, 20, Routes::Walks),
            (UNREACHABLE, UNREACHABLE)
        );
        pos.put(sq("f2"), pawn);
        // d2*c3, f2*e3: one capture each.
        assert_eq!(
            side_moves_needed(&pos, &target, Color::White, 20, Routes::Walks),
            (2, 2)
        );
    }

    #[test]
    fn the_assignment_is_the_least_one() {
        let mut cost = [[UNREACHABLE; MOST_UNITS]; MOST_UNITS];
        let rows = [[4, 1, 3], [2, 0, 5], [3, 2, 2]];
        for (i, row) in rows.iter().enumerate() {
            cost[i][..3].copy_from_slice(row);
        }
        assert_eq!(least_assignment(&cost, 3, 3), 5);
        // Two rows, three columns.
        assert_eq!(least_assignment(&cost, 2, 3), 3);
    }
}
