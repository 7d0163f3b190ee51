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
use crate::moves::{Effect, Motion, Move};
use crate::rules::Rules;

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

/// A sort key: moves with smaller keys are tried first.
pub fn key(mv: &Move) -> (u8, u8, u8, u8) {
    let df = mv.to.file() as i8 - mv.from.file() as i8;
    let dr = mv.to.rank() as i8 - mv.from.rank() as i8;
    let promotion = mv
        .promotion
        .and_then(|r| Kind::PROMOTIONS.iter().position(|&p| p == r))
        .unwrap_or(0) as u8;
    let (direction, distance) = match (mv.piece.kind, mv.motion) {
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

/// [`key`] under the rules in force: the Mars family moves units from
/// their rebirth squares, and Popeye tries each unit's moves of its
/// "alternative path" before the others: under MarsCirce and PhantomChess
/// those from its rebirth square, under AntiMarsCirce those from its own
/// square. Units keep the order of the squares they stand on.
pub fn key_under(rules: &Rules, mv: &Move) -> (u8, u8, u8, u8, u8) {
    let (_, direction, distance, promotion) = key(mv);
    // The mover's lift, if its move comes from its rebirth square.
    let lifted_from = mv.effects.iter().find_map(|e| match *e {
        Effect::Premove { from, to, unit } if to == mv.from && unit == mv.piece => Some(from),
        _ => None,
    });
    let from_rebirth_square = lifted_from.is_some();
    let path = match rules.paths() {
        None => 0,
        Some(p) => match (p.mars.is_some(), p.antimars.is_some()) {
            (true, true) => u8::from(!mv.is_capture()),
            (false, true) => u8::from(from_rebirth_square),
            _ => u8::from(!from_rebirth_square),
        },
    };
    let unit = lifted_from.unwrap_or(mv.from);
    (unit.0, path, direction, distance, promotion)
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
pub fn sort_solution(solution: &mut Solution, rules: &Rules) {
    let set = solution.set_play_roots.min(solution.roots.len());
    let (set_play, play) = solution.roots.split_at_mut(set);
    match solution.layout {
        // After the key (postkeyplay): the threats, then the defences, as
        // under an attacking move.
        Layout::Tree if solution.post_key.is_some() => {
            play.sort_by_key(|n| n.played.ellipsis);
            sort_groups(play, rules);
        }
        Layout::Tree => {
            sort_level(set_play, rules);
            sort_level(play, rules);
        }
        Layout::Lines => {
            sort_lines(set_play, rules);
            sort_lines(play, rules);
        }
    }
}

/// Help and series play: Popeye prints the shorter lines first.
fn sort_lines(nodes: &mut [Node], rules: &Rules) {
    nodes.sort_by_cached_key(|n| (height(n), key_under(rules, &n.played.mv)));
    for n in nodes.iter_mut() {
        sort_lines(&mut n.children, rules);
    }
}

fn height(n: &Node) -> usize {
    1 + n.children.iter().map(height).max().unwrap_or(0)
}

fn sort_level(nodes: &mut [Node], rules: &Rules) {
    nodes.sort_by_key(|n| (standing(n), key_under(rules, &n.played.mv)));
    for n in nodes.iter_mut() {
        let mover = n.played.mv.piece.color;
        let children = &mut n.children;
        // Threats are the children played by the same side.
        children.sort_by_key(|c| {
            let threat = c.played.mv.piece.color == mover;
            (u8::from(!threat), standing(c))
        });
        sort_groups(children, rules);
    }
}

/// Sorts each run of children of the same standing.
fn sort_groups(children: &mut [Node], rules: &Rules) {
    let mut start = 0;
    while start < children.len() {
        let group = group_of(&children[start], &children[0]);
        let end = (start..children.len())
            .find(|&i| group_of(&children[i], &children[0]) != group)
            .unwrap_or(children.len());
        sort_level(&mut children[start..end], rules);
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
