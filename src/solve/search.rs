//! The searches: help and series play (every line), and direct, self and
//! reflex play (the keys).

use super::buffers::MoveBuffers;
use super::goal::Judge;
use super::table::{Question, Table};
use super::{Layout, Node, Solution};
use crate::board::Position;
use crate::movegen::{is_legal_after, legal_moves, pseudo_legal_moves};
use crate::moves::Move;
use crate::rules::Rules;
use crate::stipulation::Goal;
use rayon::prelude::*;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// What ends a series.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesEnd {
    /// ser-#n: the series' last move reaches the goal.
    Direct,
    /// ser-h#n: the other side then reaches the goal in one move.
    Help,
    /// ser-s#n: the other side is then forced to reach the goal.
    SelfPlay,
    /// ser-hs#n: the other side then makes a move that forces the series
    /// side to reach the goal.
    HelpSelf,
    /// ser-r#n: as ser-s#n, with the reflex obligations: the series side
    /// may not start a move able to reach the goal at once, and the series
    /// ends as soon as the other side can reach the goal, which it must.
    Reflex,
}

/// What ends help play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpEnd {
    /// h#n: the last help move reaches the goal.
    Goal,
    /// hs#n: after the last help move every move of the other side
    /// reaches the goal (a s#1 at the end).
    SelfPlay,
}

/// The play that follows an intro (`n->`), as [`super::solve_with`] would
/// start it from the diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MainPlay {
    /// Help play of `plies` help half-moves.
    Help {
        plies: u32,
        exact: bool,
        end: HelpEnd,
    },
    /// Series play of `moves` moves.
    Series {
        moves: u32,
        exact: bool,
        end: SeriesEnd,
    },
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

/// A solver for one stipulation; owns its move buffers (one per ply) and
/// shares the transposition table with the other threads.
pub struct Searcher {
    judge: Judge,
    buffers: MoveBuffers,
    table: Arc<Table>,
    /// Mixed into every table key: the rules and goal this search is for.
    salt: u64,
    /// Positions expanded by this searcher, added to `node_total` when it is dropped.
    nodes: u64,
    node_total: Arc<AtomicU64>,
    cancel: super::Cancel,
    /// First moves not to try (option `start`).
    root_skip: Arc<[Move]>,
}

/// Counts a root move as done when it goes out of scope.
struct RootMoveDone(super::Cancel);

impl Drop for RootMoveDone {
    fn drop(&mut self) {
        self.0.root_move_done();
    }
}

impl Drop for Searcher {
    fn drop(&mut self) {
        self.node_total.fetch_add(self.nodes, Ordering::Relaxed);
    }
}

/// Below this many half-moves left a subtree is cheaper to search than to
/// look up.
const TABLE_MIN_PLIES: u32 = 2;

impl Searcher {
    pub fn new(rules: Rules, goal: Goal, table: Arc<Table>) -> Searcher {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (rules, goal).hash(&mut h);
        Searcher {
            judge: Judge::new(rules, goal),
            buffers: MoveBuffers::default(),
            table,
            salt: h.finish(),
            nodes: 0,
            node_total: Arc::new(AtomicU64::new(0)),
            cancel: super::Cancel::default(),
            root_skip: Arc::from([]),
        }
    }

    /// Another searcher for the same question, for another thread.
    pub fn fork(&self) -> Searcher {
        Searcher {
            judge: Judge::new(self.judge.rules, self.judge.goal),
            buffers: MoveBuffers::default(),
            table: Arc::clone(&self.table),
            salt: self.salt,
            nodes: 0,
            node_total: Arc::clone(&self.node_total),
            cancel: self.cancel.clone(),
            root_skip: Arc::clone(&self.root_skip),
        }
    }

    /// Positions expanded so far by this searcher and the forks already
    /// finished.
    pub fn nodes(&self) -> u64 {
        self.nodes + self.node_total.load(Ordering::Relaxed)
    }

    /// Whether the table knows that `question` fails for `n` from `hash`.
    #[inline]
    fn known_to_fail(&self, hash: u64, question: Question, n: u32) -> bool {
        self.table.probe(hash, question, n, self.salt).is_some()
    }

    #[inline]
    fn record_failure(&self, hash: u64, question: Question, n: u32) {
        self.table.store(hash, question, n, self.salt, 1);
    }

    /// Stops the search early when `cancel` is set: every node then has no
    /// moves, so the searches unwind at once (their result is meaningless,
    /// and [`super::solve_with`] reports [`super::SolveError::Cancelled`]).
    pub fn with_cancel(mut self, cancel: super::Cancel) -> Searcher {
        self.cancel = cancel;
        self
    }

    /// Leaves out these first moves (option `start`: Popeye never tries
    /// the moves numbered before it).
    pub fn with_root_skip(mut self, skip: Arc<[Move]>) -> Searcher {
        self.root_skip = skip;
        self
    }

    /// The legal moves in `pos`, in the buffer of `depth`, taken out so the
    /// caller can recurse; give it back with [`Searcher::put_back`].
    fn moves(&mut self, pos: &Position, depth: usize) -> Vec<Move> {
        self.nodes += 1;
        let mut buf = self.buffers.take(depth);
        if !self.cancel.is_cancelled() {
            legal_moves(pos, &self.judge.rules, &mut buf);
            self.judge.add_goal_self_checks(pos, &mut buf);
            if depth == 0 && !self.root_skip.is_empty() {
                buf.retain(|m| !self.root_skip.contains(m));
            }
        }
        buf
    }

    fn put_back(&mut self, depth: usize, buf: Vec<Move>) {
        self.buffers.put_back(depth, buf);
    }

    // ---- help play ----

    /// h#n: all lines of `plies` half-moves, the last reaching the goal,
    /// and (unless `exact`) the shorter ones of the same parity, shortest
    /// first, as Popeye reports them. hs#n the same, the last help move
    /// followed by the other side's forced moves.
    pub fn help(&mut self, pos: &Position, plies: u32, exact: bool, end: HelpEnd) -> Solution {
        let shortest = if exact { plies } else { 2 - plies % 2 };
        // The forced move of hs# is numbered as one more half-move.
        let forced = u32::from(end == HelpEnd::SelfPlay);
        let mut roots = Vec::new();
        for len in (shortest..=plies).step_by(2) {
            let mut found = self.help_root(pos, len, end);
            number_help(&mut found, len + forced);
            roots.extend(found);
        }
        Solution {
            roots,
            layout: Layout::Lines,
            ..Solution::default()
        }
    }

    /// The first moves from `pos`, shared out among threads, each turned
    /// into its tree by `tree`; the trees come back in generation order
    /// whatever the number of threads. `length` is for the progress bar.
    fn each_root_move<F>(&mut self, pos: &Position, length: u32, tree: F) -> Vec<Node>
    where
        F: Fn(&mut Searcher, Move) -> Option<Node> + Sync,
    {
        let moves = self.moves(pos, 0);
        self.cancel.root_started(length, moves.len());
        let found: Vec<Option<Node>> = moves
            .par_iter()
            .map_init(
                || self.fork(),
                |searcher, &mv| {
                    let _done = RootMoveDone(searcher.cancel.clone());
                    tree(searcher, mv)
                },
            )
            .collect();
        self.put_back(0, moves);
        found.into_iter().flatten().collect()
    }

    fn help_root(&mut self, pos: &Position, plies: u32, end: HelpEnd) -> Vec<Node> {
        self.each_root_move(pos, plies, |searcher, mv| {
            let after = pos.play(&mv);
            if plies == 1 {
                searcher.last_help_move(pos, mv, &after, end, 1)
            } else {
                let children = searcher.help_lines(&after, plies - 1, end, 1);
                (!children.is_empty()).then(|| Node {
                    played: searcher.judge.played(pos, mv, &after, false),
                    children,
                })
            }
        })
    }

    fn help_lines(&mut self, pos: &Position, plies: u32, end: HelpEnd, depth: usize) -> Vec<Node> {
        if plies == 1 && end == HelpEnd::SelfPlay {
            return self.self_moves(pos, depth);
        }
        let question = help_question(end);
        let hash = (plies >= TABLE_MIN_PLIES).then(|| pos.zobrist());
        if let Some(h) = hash {
            if self.known_to_fail(h, question, plies) {
                return Vec::new();
            }
        }
        let nodes = if plies == 1 {
            self.goal_moves(pos, depth)
        } else {
            let moves = self.moves(pos, depth);
            let mut nodes = Vec::new();
            for &mv in &moves {
                let after = pos.play(&mv);
                let children = self.help_lines(&after, plies - 1, end, depth + 1);
                if !children.is_empty() {
                    let played = self.judge.played(pos, mv, &after, false);
                    nodes.push(Node { played, children });
                }
            }
            self.put_back(depth, moves);
            nodes
        };
        if let (Some(h), true) = (hash, nodes.is_empty()) {
            self.record_failure(h, question, plies);
        }
        nodes
    }

    /// The line ending with `mv`, the last help move, if it is one: it
    /// reaches the goal (h#), or it forces the other side to (hs#).
    fn last_help_move(
        &mut self,
        pos: &Position,
        mv: Move,
        after: &Position,
        end: HelpEnd,
        depth: usize,
    ) -> Option<Node> {
        match end {
            HelpEnd::Goal => self.judge.reached(&mv, after).then(|| Node {
                played: self.judge.played(pos, mv, after, true),
                children: Vec::new(),
            }),
            HelpEnd::SelfPlay => self.forced_to_goal(after, depth).then(|| Node {
                played: self.judge.played(pos, mv, after, false),
                children: self.forced_goal_moves(after, depth),
            }),
        }
    }

    /// The moves after which the other side is forced to reach the goal
    /// (the keys of a s#1), each with those forced moves: the end of hs#
    /// and ser-hs#. Each candidate costs a full move generation of the
    /// other side, so the answer is always remembered.
    fn self_moves(&mut self, pos: &Position, depth: usize) -> Vec<Node> {
        let hash = pos.zobrist();
        if self.known_to_fail(hash, Question::HelpSelfFails, 1) {
            return Vec::new();
        }
        let moves = self.moves(pos, depth);
        let mut nodes = Vec::new();
        for &mv in &moves {
            let after = pos.play(&mv);
            if let Some(node) = self.last_help_move(pos, mv, &after, HelpEnd::SelfPlay, depth + 1) {
                nodes.push(node);
            }
        }
        self.put_back(depth, moves);
        if nodes.is_empty() {
            self.record_failure(hash, Question::HelpSelfFails, 1);
        }
        nodes
    }

    /// [`Searcher::goal_moves`] through the table. Series ends meet the same
    /// positions over and over, so there a look-up pays; in help play it
    /// costs more than it saves.
    fn goal_moves_remembered(&mut self, pos: &Position, depth: usize) -> Vec<Node> {
        let hash = pos.zobrist();
        if self.known_to_fail(hash, Question::HelpFails, 1) {
            return Vec::new();
        }
        let nodes = self.goal_moves(pos, depth);
        if nodes.is_empty() {
            self.record_failure(hash, Question::HelpFails, 1);
        }
        nodes
    }

    /// The moves that reach the goal at once. The commonest question of all
    /// (every help and series line ends with it), so it is asked cheaply:
    /// for goals that need check, a move that gives none is dropped before
    /// its own legality is tested.
    fn goal_moves(&mut self, pos: &Position, depth: usize) -> Vec<Node> {
        let needs_check = matches!(self.judge.goal, Goal::Mate | Goal::Check | Goal::DoubleMate);
        // A double mate needs a side that could move before giving it.
        if self.judge.goal == Goal::DoubleMate && !self.judge.can_move(pos) {
            return Vec::new();
        }
        self.nodes += 1;
        let mut moves = self.buffers.take(depth);
        if !self.cancel.is_cancelled() {
            pseudo_legal_moves(pos, &self.judge.rules, &mut moves);
        }
        let mut nodes = Vec::new();
        for &mv in &moves {
            let after = pos.play(&mv);
            if needs_check && !self.judge.in_check(&after) {
                continue;
            }
            // A double mate's final move leaves its own king in check.
            let legal = self.judge.goal == Goal::DoubleMate
                || is_legal_after(pos, &self.judge.rules, &mv, &after);
            if legal && self.judge.reached(&mv, &after) {
                let played = self.judge.played(pos, mv, &after, true);
                nodes.push(Node {
                    played,
                    children: Vec::new(),
                });
            }
        }
        self.put_back(depth, moves);
        nodes
    }

    // ---- series play ----

    /// ser-...n: every series of at most n moves (exactly n when `exact`),
    /// printed by length, shortest first, as Popeye reports them.
    pub fn series(&mut self, pos: &Position, n: u32, exact: bool, end: SeriesEnd) -> Solution {
        let tree = self.series_root(pos, n, exact, end);
        let series_side = pos.turn;
        let first = if exact { n } else { 1 };
        let mut roots = Vec::new();
        for len in first..=n {
            let mut found = series_of_length(&tree, len, end, series_side);
            number_lines(&mut found, series_side, 1);
            roots.extend(found);
        }
        Solution {
            roots,
            layout: Layout::Lines,
            ..Solution::default()
        }
    }

    fn series_root(&mut self, pos: &Position, n: u32, exact: bool, end: SeriesEnd) -> Vec<Node> {
        if self.reflex_blocked(pos, end, 0) {
            return Vec::new();
        }
        self.each_root_move(pos, n, |searcher, mv| {
            searcher.series_move(pos, mv, n, exact, end, 1)
        })
    }

    /// All series from `pos` with at most `left` moves (exactly `left` when
    /// `exact`). The series side may not check the other side except with a
    /// move that ends the series in ser-#.
    ///
    /// The table remembers "no series of at most k moves from here" as k, so
    /// a position reached again with fewer moves left is not searched again.
    fn series_lines(
        &mut self,
        pos: &Position,
        left: u32,
        exact: bool,
        end: SeriesEnd,
        depth: usize,
    ) -> Vec<Node> {
        let hash = pos.zobrist();
        let (question, n) = if exact {
            (Question::SeriesFails, left * 8 + end as u32)
        } else {
            (Question::SeriesUpToFails, end as u32)
        };
        if let Some(k) = self.table.probe(hash, question, n, self.salt) {
            if exact || k >= u64::from(left) {
                return Vec::new();
            }
        }
        if self.reflex_blocked(pos, end, depth) {
            return Vec::new();
        }
        let moves = self.moves(pos, depth);
        let mut nodes = Vec::new();
        for &mv in &moves {
            if let Some(node) = self.series_move(pos, mv, left, exact, end, depth + 1) {
                nodes.push(node);
            }
        }
        self.put_back(depth, moves);
        if nodes.is_empty() {
            let value = if exact { 1 } else { u64::from(left) };
            self.table.store(hash, question, n, self.salt, value);
        }
        nodes
    }

    /// The series that start with `mv`: it may end the series (followed by
    /// the other side's goal move in ser-h# and ser-s#), or the series goes
    /// on after it.
    fn series_move(
        &mut self,
        pos: &Position,
        mv: Move,
        left: u32,
        exact: bool,
        end: SeriesEnd,
        depth: usize,
    ) -> Option<Node> {
        let after = pos.play(&mv);
        let may_end = !exact || left == 1;
        let checks = self.judge.in_check(&after);
        let mut children = Vec::new();
        let mut goal = false;
        if may_end {
            match end {
                SeriesEnd::Direct if self.judge.reached(&mv, &after) => {
                    let played = self.judge.played(pos, mv, &after, true);
                    return Some(Node {
                        played,
                        children: Vec::new(),
                    });
                }
                // The last series move may check: the other side answers it
                // with its goal move (Popeye's `8.Db6-b8 + c7*b8=L =`).
                SeriesEnd::Help => {
                    children = self.goal_moves_remembered(&after, depth);
                }
                SeriesEnd::SelfPlay if self.forced_to_goal(&after, depth) => {
                    children = self.forced_goal_moves(&after, depth);
                }
                SeriesEnd::HelpSelf => {
                    children = self.self_moves(&after, depth);
                }
                SeriesEnd::Reflex => {
                    children = self.goal_moves_remembered(&after, depth);
                }
                _ => {}
            }
            goal = !children.is_empty() && end == SeriesEnd::Direct;
        }
        // ser-r: once the other side can reach the goal it must, so the
        // series cannot go on past that point.
        let forced_end = end == SeriesEnd::Reflex && !children.is_empty();
        if left > 1 && !checks && !forced_end {
            // The other side passes: the series side moves again.
            let mut again = after;
            again.turn = pos.turn;
            again.ep_square = None;
            children.extend(self.series_lines(&again, left - 1, exact, end, depth));
        }
        if children.is_empty() {
            return None;
        }
        let played = self.judge.played(pos, mv, &after, goal);
        Some(Node { played, children })
    }

    /// ser-r: whether the series side, to move in `pos`, could reach the
    /// goal at once, which the reflex obligation forbids before every
    /// series move, the first included.
    pub fn reflex_blocked(&mut self, pos: &Position, end: SeriesEnd, depth: usize) -> bool {
        end == SeriesEnd::Reflex && !self.goal_moves_remembered(pos, depth).is_empty()
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
                    played: self.judge.played(pos, mv, &after, true),
                    children: Vec::new(),
                }
            })
            .collect();
        self.put_back(depth, moves);
        nodes
    }
}

impl Searcher {
    // ---- intro (`n->`) ----

    /// n->...: every intro of at most `n` moves by the side to move, none
    /// giving check, followed by the lines of `main` (whose side then
    /// moves), by intro length, shortest first. As Popeye prints them, the
    /// intro's moves are numbered 1 to n and the main play's from 1 again.
    pub fn intro(&mut self, pos: &Position, n: u32, main: MainPlay) -> Solution {
        let mut roots = Vec::new();
        for len in 1..=n {
            let mut found = self.intro_lines(pos, len, main, 0);
            number_intro(&mut found, pos.turn, 1);
            roots.extend(found);
        }
        Solution {
            roots,
            layout: Layout::Lines,
            ..Solution::default()
        }
    }

    /// The main play from `pos`, as if from the diagram.
    pub fn main_play(&mut self, pos: &Position, main: MainPlay) -> Solution {
        match main {
            MainPlay::Help { plies, exact, end } => self.help(pos, plies, exact, end),
            MainPlay::Series { moves, exact, end } => self.series(pos, moves, exact, end),
        }
    }

    /// The intros of exactly `left` moves from `pos`, each followed by the
    /// main play.
    fn intro_lines(
        &mut self,
        pos: &Position,
        left: u32,
        main: MainPlay,
        depth: usize,
    ) -> Vec<Node> {
        let hash = pos.zobrist();
        if self.known_to_fail(hash, Question::IntroFails, left) {
            return Vec::new();
        }
        let moves = self.moves(pos, depth);
        let mut nodes = Vec::new();
        for &mv in &moves {
            let after = pos.play(&mv);
            // The other side cannot pass while in check, nor would the
            // main play start from check.
            if self.judge.in_check(&after) {
                continue;
            }
            let children = if left == 1 {
                let mut lines = self.main_play(&after, main).roots;
                number_lines(&mut lines, after.turn, 1);
                lines
            } else {
                let mut again = after;
                again.turn = pos.turn;
                again.ep_square = None;
                self.intro_lines(&again, left - 1, main, depth + 1)
            };
            if !children.is_empty() {
                let played = self.judge.played(pos, mv, &after, false);
                nodes.push(Node { played, children });
            }
        }
        self.put_back(depth, moves);
        if nodes.is_empty() {
            self.record_failure(hash, Question::IntroFails, left);
        }
        nodes
    }
}

/// Numbers the intro's moves (those of `side`, from the root down to where
/// the main play begins) 1, 2, ...; the main play keeps its own numbers.
fn number_intro(nodes: &mut [Node], side: crate::board::Color, number: u32) {
    for node in nodes {
        if node.played.before.turn != side {
            continue;
        }
        node.played.number = number;
        node.played.ellipsis = false;
        number_intro(&mut node.children, side, number + 1);
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

/// The series of exactly `len` moves in a tree of series of mixed lengths.
/// A node ends a series when it is a goal move of ser-# (a leaf) or when
/// the other side's moves follow it.
fn series_of_length(
    nodes: &[Node],
    len: u32,
    end: SeriesEnd,
    side: crate::board::Color,
) -> Vec<Node> {
    let mut kept = Vec::new();
    for node in nodes {
        let (ends, goes_on): (Vec<&Node>, Vec<&Node>) = node
            .children
            .iter()
            .partition(|c| c.played.before.turn != side);
        if len == 1 {
            let is_end = match end {
                SeriesEnd::Direct => node.children.is_empty(),
                _ => !ends.is_empty(),
            };
            if is_end {
                kept.push(Node {
                    played: node.played.clone(),
                    children: ends.into_iter().cloned().collect(),
                });
            }
        } else {
            let goes_on: Vec<Node> = goes_on.into_iter().cloned().collect();
            let children = series_of_length(&goes_on, len - 1, end, side);
            if !children.is_empty() {
                kept.push(Node {
                    played: node.played.clone(),
                    children,
                });
            }
        }
    }
    kept
}

/// Numbers lines as Popeye's line writer does: each move of `side` gets
/// the next number, the other side's moves none. So a series counts its
/// moves, the other side's reply shares the last number, and in ser-hs#
/// the forced move that follows gets the next.
fn number_lines(nodes: &mut [Node], side: crate::board::Color, number: u32) {
    for node in nodes {
        node.played.ellipsis = false;
        let next = if node.played.before.turn == side {
            node.played.number = number;
            number + 1
        } else {
            node.played.number = 0;
            number
        };
        number_lines(&mut node.children, side, next);
    }
}

/// The table question that help play with `end` asks.
fn help_question(end: HelpEnd) -> Question {
    match end {
        HelpEnd::Goal => Question::HelpFails,
        HelpEnd::SelfPlay => Question::HelpSelfFails,
    }
}
