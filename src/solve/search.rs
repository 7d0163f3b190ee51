//! The searches: help and series play (every line), and direct, self and
//! reflex play (the keys).

use super::goal::Judge;
use super::{Layout, Mark, Node, PlayedMove, Solution};
use crate::board::Position;
use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::rules::Rules;
use crate::stipulation::Goal;

/// What ends a series.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesEnd {
    /// ser-#n: the series' last move reaches the goal.
    Direct,
    /// ser-h#n: the other side then reaches the goal in one move.
    Help,
    /// ser-s#n: the other side is then forced to reach the goal.
    SelfPlay,
}

/// Who must reach the goal in play with defence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attack {
    /// #n: the attacker reaches it.
    Direct,
    /// s#n: the attacker forces the defender to reach it.
    SelfPlay,
    /// r#n: as self play, and either side must reach it when it can.
    Reflex,
}

/// A solver for one stipulation; owns its move buffers (one per ply).
pub struct Searcher {
    judge: Judge,
    buffers: Vec<Vec<Move>>,
}

impl Searcher {
    pub fn new(rules: Rules, goal: Goal) -> Searcher {
        Searcher {
            judge: Judge::new(rules, goal),
            buffers: Vec::new(),
        }
    }

    /// The legal moves in `pos`, in the buffer of `depth`, taken out so the
    /// caller can recurse; give it back with [`Searcher::put_back`].
    fn moves(&mut self, pos: &Position, depth: usize) -> Vec<Move> {
        while self.buffers.len() <= depth {
            self.buffers.push(Vec::with_capacity(128));
        }
        let mut buf = std::mem::take(&mut self.buffers[depth]);
        buf.clear();
        legal_moves(pos, &self.judge.rules, &mut buf);
        buf
    }

    fn put_back(&mut self, depth: usize, buf: Vec<Move>) {
        self.buffers[depth] = buf;
    }

    fn played(&mut self, pos: &Position, mv: Move, after: &Position, goal: bool) -> PlayedMove {
        PlayedMove {
            mv,
            before: *pos,
            number: 0,
            ellipsis: false,
            suffix: self.judge.suffix(&mv, after, goal),
            mark: Mark::None,
            remark: super::Remark::None,
        }
    }

    // ---- help play ----

    /// h#n: all lines of `plies` half-moves, the last reaching the goal,
    /// and (unless `exact`) the shorter ones of the same parity, shortest
    /// first, as Popeye reports them.
    pub fn help(&mut self, pos: &Position, plies: u32, exact: bool) -> Solution {
        let shortest = if exact { plies } else { 2 - plies % 2 };
        let mut roots = Vec::new();
        for len in (shortest..=plies).step_by(2) {
            let mut found = self.help_lines(pos, len, 0);
            number_help(&mut found, len);
            roots.extend(found);
        }
        Solution {
            roots,
            layout: Layout::Lines,
        }
    }

    fn help_lines(&mut self, pos: &Position, plies: u32, depth: usize) -> Vec<Node> {
        let moves = self.moves(pos, depth);
        let mut nodes = Vec::new();
        for &mv in &moves {
            let after = pos.play(&mv);
            if plies == 1 {
                if self.judge.reached(&mv, &after) {
                    let played = self.played(pos, mv, &after, true);
                    nodes.push(Node {
                        played,
                        children: Vec::new(),
                    });
                }
            } else {
                let children = self.help_lines(&after, plies - 1, depth + 1);
                if !children.is_empty() {
                    let played = self.played(pos, mv, &after, false);
                    nodes.push(Node { played, children });
                }
            }
        }
        self.put_back(depth, moves);
        nodes
    }

    // ---- series play ----

    /// ser-...n: for each length 1..=n (only n when `exact`), every series.
    pub fn series(&mut self, pos: &Position, n: u32, exact: bool, end: SeriesEnd) -> Solution {
        let mut roots = Vec::new();
        let first = if exact { n } else { 1 };
        for len in first..=n {
            let mut found = self.series_lines(pos, len, end, 0);
            number_series(&mut found, 1);
            roots.extend(found);
        }
        Solution {
            roots,
            layout: Layout::Lines,
        }
    }

    /// Series moves left: `left`. The series side may not check the other
    /// side before its last move; in ser-# the last move reaches the goal.
    fn series_lines(
        &mut self,
        pos: &Position,
        left: u32,
        end: SeriesEnd,
        depth: usize,
    ) -> Vec<Node> {
        let moves = self.moves(pos, depth);
        let mut nodes = Vec::new();
        for &mv in &moves {
            let after = pos.play(&mv);
            if left == 1 {
                match end {
                    SeriesEnd::Direct => {
                        if self.judge.reached(&mv, &after) {
                            let played = self.played(pos, mv, &after, true);
                            nodes.push(Node {
                                played,
                                children: Vec::new(),
                            });
                        }
                    }
                    SeriesEnd::Help => {
                        if self.judge.in_check(&after) {
                            continue;
                        }
                        let children = self.help_lines(&after, 1, depth + 1);
                        if !children.is_empty() {
                            let played = self.played(pos, mv, &after, false);
                            nodes.push(Node { played, children });
                        }
                    }
                    SeriesEnd::SelfPlay => {
                        if self.judge.in_check(&after) {
                            continue;
                        }
                        if self.forced_to_goal(&after, depth + 1) {
                            let played = self.played(pos, mv, &after, false);
                            let children = self.forced_goal_moves(&after, depth + 1);
                            nodes.push(Node { played, children });
                        }
                    }
                }
            } else {
                if self.judge.in_check(&after) {
                    continue;
                }
                // The other side passes: the series side moves again.
                let mut again = after;
                again.turn = pos.turn;
                again.ep_square = None;
                let children = self.series_lines(&again, left - 1, end, depth + 1);
                if !children.is_empty() {
                    let played = self.played(pos, mv, &after, false);
                    nodes.push(Node { played, children });
                }
            }
        }
        self.put_back(depth, moves);
        nodes
    }

    /// Whether the side to move has moves and every one reaches the goal.
    fn forced_to_goal(&mut self, pos: &Position, depth: usize) -> bool {
        let moves = self.moves(pos, depth);
        let ok = !moves.is_empty()
            && moves.iter().all(|mv| {
                let after = pos.play(mv);
                self.judge.reached(mv, &after)
            });
        self.put_back(depth, moves);
        ok
    }

    fn forced_goal_moves(&mut self, pos: &Position, depth: usize) -> Vec<Node> {
        let moves = self.moves(pos, depth);
        let nodes = moves
            .iter()
            .map(|&mv| {
                let after = pos.play(&mv);
                Node {
                    played: self.played(pos, mv, &after, true),
                    children: Vec::new(),
                }
            })
            .collect();
        self.put_back(depth, moves);
        nodes
    }

    // ---- play with defence ----

    /// The keys of #n, s#n or r#n: first moves that force the stipulation
    /// in at most n moves.
    pub fn keys(&mut self, pos: &Position, n: u32, attack: Attack) -> Solution {
        let moves = self.moves(pos, 0);
        let mut roots = Vec::new();
        let reflex_blocked = attack == Attack::Reflex && self.can_reach_goal(pos, 1);
        for &mv in &moves {
            let after = pos.play(&mv);
            let (wins, goal) = match attack {
                Attack::Direct => {
                    let goal = self.judge.reached(&mv, &after);
                    (
                        goal || (n > 1 && self.defender_loses(&after, n - 1, 1)),
                        goal,
                    )
                }
                Attack::SelfPlay => (self.self_defender_loses(&after, n, 1), false),
                Attack::Reflex => (
                    !reflex_blocked && self.reflex_defender_loses(&after, n, 1),
                    false,
                ),
            };
            if wins {
                let mut played = self.played(pos, mv, &after, goal);
                played.number = 1;
                played.mark = Mark::Key;
                roots.push(Node {
                    played,
                    children: Vec::new(),
                });
            }
        }
        self.put_back(0, moves);
        Solution {
            roots,
            layout: Layout::Tree,
        }
    }

    /// Direct play: can the side to move reach the goal within `n` moves?
    fn attacker_wins(&mut self, pos: &Position, n: u32, depth: usize) -> bool {
        let moves = self.moves(pos, depth);
        let mut wins = false;
        for mv in &moves {
            let after = pos.play(mv);
            if self.judge.reached(mv, &after)
                || (n > 1 && self.defender_loses(&after, n - 1, depth + 1))
            {
                wins = true;
                break;
            }
        }
        self.put_back(depth, moves);
        wins
    }

    /// Direct play, defender to move: does every defence lose within `n`?
    fn defender_loses(&mut self, pos: &Position, n: u32, depth: usize) -> bool {
        let moves = self.moves(pos, depth);
        let mut loses = !moves.is_empty();
        for mv in &moves {
            let after = pos.play(mv);
            if !self.attacker_wins(&after, n, depth + 1) {
                loses = false;
                break;
            }
        }
        self.put_back(depth, moves);
        loses
    }

    /// Self play, defender to move with `n` of its moves left: is it forced
    /// to reach the goal?
    fn self_defender_loses(&mut self, pos: &Position, n: u32, depth: usize) -> bool {
        let moves = self.moves(pos, depth);
        let mut loses = !moves.is_empty();
        for mv in &moves {
            let after = pos.play(mv);
            if self.judge.reached(mv, &after) {
                continue;
            }
            if n == 1 || !self.self_attacker_wins(&after, n - 1, depth + 1) {
                loses = false;
                break;
            }
        }
        self.put_back(depth, moves);
        loses
    }

    fn self_attacker_wins(&mut self, pos: &Position, n: u32, depth: usize) -> bool {
        let moves = self.moves(pos, depth);
        let mut wins = false;
        for mv in &moves {
            let after = pos.play(mv);
            if self.self_defender_loses(&after, n, depth + 1) {
                wins = true;
                break;
            }
        }
        self.put_back(depth, moves);
        wins
    }

    /// Whether the side to move can reach the goal within `n` moves of its own
    /// with one move (n = 1 only is used: reflex obligations).
    fn can_reach_goal(&mut self, pos: &Position, depth: usize) -> bool {
        let moves = self.moves(pos, depth);
        let found = moves.iter().any(|mv| {
            let after = pos.play(mv);
            self.judge.reached(mv, &after)
        });
        self.put_back(depth, moves);
        found
    }

    /// Reflex play, defender to move: it must reach the goal when it can.
    fn reflex_defender_loses(&mut self, pos: &Position, n: u32, depth: usize) -> bool {
        if self.can_reach_goal(pos, depth) {
            return true;
        }
        if n == 1 {
            return false;
        }
        let moves = self.moves(pos, depth);
        let mut loses = !moves.is_empty();
        for mv in &moves {
            let after = pos.play(mv);
            if !self.reflex_attacker_wins(&after, n - 1, depth + 1) {
                loses = false;
                break;
            }
        }
        self.put_back(depth, moves);
        loses
    }

    fn reflex_attacker_wins(&mut self, pos: &Position, n: u32, depth: usize) -> bool {
        if self.can_reach_goal(pos, depth) {
            // The attacker would have to reach the goal itself.
            return false;
        }
        let moves = self.moves(pos, depth);
        let mut wins = false;
        for mv in &moves {
            let after = pos.play(mv);
            if self.reflex_defender_loses(&after, n, depth + 1) {
                wins = true;
                break;
            }
        }
        self.put_back(depth, moves);
        wins
    }

    /// Direct play from outside: whether the side to move forces the goal.
    pub fn forces_goal(&mut self, pos: &Position, n: u32) -> bool {
        self.attacker_wins(pos, n, 0)
    }
}

/// Numbers help-play lines: pairs counted so that the last pair ends the
/// line; an odd first half-move is printed `1...`.
fn number_help(nodes: &mut [Node], plies: u32) {
    fn walk(nodes: &mut [Node], ply: u32, offset: u32) {
        for node in nodes {
            let k = ply + offset; // index within pairs
            if k.is_multiple_of(2) {
                node.played.number = k / 2 + 1;
                node.played.ellipsis = false;
            } else if ply == 0 {
                node.played.number = 1;
                node.played.ellipsis = true;
            } else {
                node.played.number = 0;
            }
            walk(&mut node.children, ply + 1, offset);
        }
    }
    walk(nodes, 0, plies % 2);
}

/// Numbers series lines: each series move gets its number; the closing
/// move of the other side shares the last number.
fn number_series(nodes: &mut [Node], number: u32) {
    for node in nodes {
        node.played.number = number;
        let series_side = node.played.before.turn;
        for child in &mut node.children {
            if child.played.before.turn == series_side {
                number_series(std::slice::from_mut(child), number + 1);
            } else {
                unnumber(std::slice::from_mut(child));
            }
        }
    }
}

fn unnumber(nodes: &mut [Node]) {
    for node in nodes {
        node.played.number = 0;
        unnumber(&mut node.children);
    }
}
