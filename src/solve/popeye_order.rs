//! The order in which Popeye tries (and so prints) the moves of a position.
//!
//! Output in this order reads like Popeye's, and `movenumbers`, `start` and
//! `maxsolutions` depend on it. Popeye tries the units from a1 to h8 (rank
//! by rank); for each unit the directions in a fixed order, a rider's
//! squares from the farthest back to the nearest, promotions as queen,
//! knight, rook, bishop. Established against the recorded `~1` outputs of
//! the corpus, which list every move in Popeye's order.

use super::{Layout, Node, Solution};
use crate::board::Kind;
use crate::moves::{Motion, Move};

/// King, queen, rook and bishop lines, in the order Popeye tries them.
const LINES: [(i8, i8); 8] = [
    (-1, -1),
    (1, -1),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (0, 1),
    (1, 0),
];

/// Knight leaps, in the order Popeye tries them.
const LEAPS: [(i8, i8); 8] = [
    (-2, -1),
    (-1, -2),
    (1, -2),
    (2, -1),
    (2, 1),
    (1, 2),
    (-1, 2),
    (-2, 1),
];

/// A sort key: moves with smaller keys are tried first. `sorted`: the
/// twin is in Popeye's sorting mode (a rose or its kin in the diagram),
/// where every move list is tried by departure, arrival and capture
/// square, the highest first.
pub fn key_in(mv: &Move, sorted: bool) -> (u8, u8, u8, u8) {
    if !sorted {
        return key(mv);
    }
    // Captured square, then en passant, double step, castling short and
    // long, a move without capture; the order is reversed below.
    let capture = match mv.motion {
        Motion::EnPassant => 64,
        Motion::DoubleStep => 65,
        Motion::CastleShort => 66,
        Motion::CastleLong => 67,
        Motion::Normal if mv.is_capture() => mv.capture_square.0,
        Motion::Normal => 68,
    };
    (
        63 - mv.from.0,
        63 - mv.to.0,
        68 - capture,
        promotion_rank(mv),
    )
}

/// The place of a move's promotion in the chain: Q, S, R, B, then the
/// fairy pieces in the kinds' order.
fn promotion_rank(mv: &Move) -> u8 {
    mv.promotion.map_or(0, |kind| {
        Kind::PROMOTIONS
            .iter()
            .position(|&p| p == kind)
            .unwrap_or(kind.index()) as u8
    })
}

/// A sort key outside sorting mode: moves with smaller keys are tried
/// first.
pub fn key(mv: &Move) -> (u8, u8, u8, u8) {
    let df = mv.to.file() as i8 - mv.from.file() as i8;
    let dr = mv.to.rank() as i8 - mv.from.rank() as i8;
    let promotion = promotion_rank(mv);
    let (direction, distance) = match (mv.piece.kind, mv.motion) {
        // A fairy unit: the last move its walk generated first.
        (kind, _) if !kind.is_orthodox() => (u8::MAX - mv.sequence, 0),
        // Castling, long then short, before the king's steps.
        (_, Motion::CastleLong) => (0, 0),
        (_, Motion::CastleShort) => (1, 0),
        (Kind::PAWN, _) => (pawn_rank(mv, df), 0),
        (Kind::KNIGHT, _) => (index_of(&LEAPS, (df, dr)), 0),
        _ => {
            let line = (df.signum(), dr.signum());
            let far_first = 8 - df.abs().max(dr.abs()) as u8;
            (2 + index_of(&LINES, line), far_first)
        }
    };
    (mv.from.0, direction, distance, promotion)
}

/// A pawn's double step, then its step, then its captures towards the
/// h-file and towards the a-file (for either side).
fn pawn_rank(mv: &Move, df: i8) -> u8 {
    match (mv.motion, df) {
        (Motion::DoubleStep, _) => 0,
        (_, 0) => 1,
        (_, d) if d > 0 => 2,
        _ => 3,
    }
}

fn index_of(list: &[(i8, i8)], d: (i8, i8)) -> u8 {
    list.iter().position(|&x| x == d).unwrap_or(list.len()) as u8
}

/// Puts the moves of every level of `solution` in Popeye's order. Moves
/// of different standing keep their places relative to each other: set
/// play before the first moves; threats, then variations, then
/// refutations after an attacking move.
pub fn sort_solution(solution: &mut Solution, sorted: bool) {
    let set = solution.set_play_roots.min(solution.roots.len());
    let (set_play, play) = solution.roots.split_at_mut(set);
    match solution.layout {
        // After the key (postkeyplay): the threats, then the defences, as
        // under an attacking move.
        Layout::Tree if solution.post_key.is_some() => {
            play.sort_by_key(|n| n.played.ellipsis);
            sort_groups(play, sorted);
        }
        Layout::Tree => {
            sort_level(set_play, sorted);
            sort_level(play, sorted);
        }
        Layout::Lines => {
            sort_lines(set_play, sorted);
            sort_lines(play, sorted);
        }
    }
}

/// Help and series play: Popeye prints the shorter lines first.
fn sort_lines(nodes: &mut [Node], sorted: bool) {
    nodes.sort_by_cached_key(|n| (height(n), key_in(&n.played.mv, sorted)));
    for n in nodes.iter_mut() {
        sort_lines(&mut n.children, sorted);
    }
}

fn height(n: &Node) -> usize {
    1 + n.children.iter().map(height).max().unwrap_or(0)
}

fn sort_level(nodes: &mut [Node], sorted: bool) {
    nodes.sort_by_key(|n| (standing(n), key_in(&n.played.mv, sorted)));
    for n in nodes.iter_mut() {
        let mover = n.played.mv.piece.color;
        let children = &mut n.children;
        // Threats are the children played by the same side.
        children.sort_by_key(|c| {
            let threat = c.played.mv.piece.color == mover;
            (u8::from(!threat), standing(c))
        });
        sort_groups(children, sorted);
    }
}

/// Sorts each run of children of the same standing.
fn sort_groups(children: &mut [Node], sorted: bool) {
    let mut start = 0;
    while start < children.len() {
        let group = group_of(&children[start], &children[0]);
        let end = (start..children.len())
            .find(|&i| group_of(&children[i], &children[0]) != group)
            .unwrap_or(children.len());
        sort_level(&mut children[start..end], sorted);
        start = end;
    }
}

fn group_of(n: &Node, first: &Node) -> (bool, u8) {
    (
        n.played.mv.piece.color == first.played.mv.piece.color,
        standing(n),
    )
}

/// Refutations of a try come after the other moves.
fn standing(n: &Node) -> u8 {
    u8::from(n.played.mark == super::Mark::Refutation)
}
