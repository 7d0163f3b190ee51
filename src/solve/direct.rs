//! Play with defence (#n, s#n, r#n and the other goals in direct form) as
//! Popeye prints it: keys and tries, threats, variations, set play.
//!
//! The searches that decide "does the attacker win" are boolean and reuse
//! one move buffer per ply; the printed tree is built only for the lines
//! that are printed, one first move at a time, and reported as soon as it
//! is complete and its turn has come.

use super::buffers::MoveBuffers;
use super::checks::{retain_checking_candidates, CheckFilter};
use super::goal::Judge;
use super::parallel::{each_move, Out, Worker};
use super::play::{Event, Node, Played, Remark, Role};
use super::popeye_order;
use super::search::{hand_over, Attack};
use super::table::{Question, Table};
use crate::board::{Color, Kind, Position, Square};
use crate::moves::Move;
use crate::rules::conditions::{bicaptures, republican};
use crate::rules::{Condition, Rules};
use crate::stipulation::Goal;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// What to print besides the keys (Popeye's options).
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeOptions {
    /// `variation`: threats and variations after keys and tries.
    pub variations: bool,
    /// `try`: first moves refuted by at most `max_refutations` defences.
    pub tries: bool,
    /// `defence n`; 1 by default.
    pub max_refutations: u32,
    /// `setplay`: the defender's moves before the key.
    pub set_play: bool,
    /// `nothreat`: threats are not looked for.
    pub no_threat: bool,
    /// `threat n`: the defender has defended when the attacker's last move
    /// threatens nothing in at most n moves.
    pub max_threat: Option<u32>,
    /// `quodlibet` (self play only): the attacker may also reach the goal
    /// itself.
    pub quodlibet: bool,
    /// `postkeyplay`: the diagram is the position after the key.
    pub post_key: bool,
    /// `exact-`: the goal counts only on the last move.
    pub exact: bool,
    /// `maxflightsquares n`: the defender has defended when its king has
    /// more than n flights, at nodes with at least two attacker moves to
    /// come.
    pub max_flights: Option<u32>,
    /// `nontrivial m n`: the defender has defended when it has more
    /// non-trivial moves (not met within n moves) than the budget allows;
    /// the budget starts at m and shrinks along a line by each node's extra
    /// non-trivial moves.
    pub nontrivial: Option<(u32, u32)>,
    /// The n of `threat n` or `nontrivial m n`, whichever came last: Popeye
    /// then tests wins of at most n moves before the full length only,
    /// skipping the lengths between (which matters under the guards above).
    pub short_first: Option<u32>,
    /// `noshortvariations`: a defence that allows a win in fewer moves
    /// than remain is not printed (the threat is no defence).
    pub no_short_variations: bool,
    /// The set play alone: the attacker could take the defender's king in
    /// the diagram, so there is no play proper (Popeye still writes the
    /// set play, where the defender moves first).
    pub set_play_only: bool,
}

impl Default for TreeOptions {
    fn default() -> Self {
        TreeOptions {
            variations: false,
            tries: false,
            max_refutations: 1,
            set_play: false,
            no_threat: false,
            max_threat: None,
            quodlibet: false,
            exact: false,
            post_key: false,
            max_flights: None,
            nontrivial: None,
            set_play_only: false,
            short_first: None,
            no_short_variations: false,
        }
    }
}

impl Drop for Battle<'_> {
    fn drop(&mut self) {
        self.node_total.fetch_add(self.nodes, Ordering::Relaxed);
    }
}

/// What the table knows of a position where results are monotone in the
/// length (`Battle::monotone`): from which length on the side to move is
/// known to win (attacker) or lose (defender), and below which length it is
/// known not to; 0 where nothing is known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct LengthBounds {
    /// One more than the fewest moves known to win.
    wins_past: u32,
    /// One more than the most moves known to fail.
    fails_below: u32,
}

impl LengthBounds {
    /// Lengths from this one on are left to the table keyed by length.
    const MAX: u32 = 0x7fff;

    /// The answer at `k` these bounds give.
    fn answer(self, k: u32) -> Option<bool> {
        if self.wins_past != 0 && k + 1 >= self.wins_past {
            Some(true)
        } else if k < self.fails_below {
            Some(false)
        } else {
            None
        }
    }

    /// The bounds with the result at `k` added.
    fn with(self, k: u32, result: bool) -> LengthBounds {
        if result {
            let past = k + 1;
            LengthBounds {
                wins_past: match self.wins_past {
                    0 => past,
                    known => known.min(past),
                },
                ..self
            }
        } else {
            LengthBounds {
                fails_below: self.fails_below.max(k + 1),
                ..self
            }
        }
    }

    /// Never 0: the table's values are not.
    fn encode(self) -> u64 {
        1 << 40 | u64::from(self.wins_past) << 16 | u64::from(self.fails_below)
    }

    fn decode(v: u64) -> LengthBounds {
        LengthBounds {
            wins_past: (v >> 16 & 0xffff) as u32,
            fails_below: (v & 0xffff) as u32,
        }
    }
}

/// The solver of play with defence.
pub(crate) struct Battle<'s> {
    judge: Judge,
    attack: Attack,
    opts: TreeOptions,
    buffers: MoveBuffers,
    /// Results of the boolean searches, (position, moves left) -> whether
    /// the side to move (attacker: wins; defender: loses), in the table all
    /// searches share (bounded by `--hash`).
    table: Arc<Table>,
    /// Mixed into the table keys: rules, goal, play and the options that
    /// change the answers.
    salt: u64,
    cancel: super::Cancel,
    /// Positions expanded by this solver; added to `node_total` (shared
    /// with its forks) when it is dropped.
    nodes: u64,
    node_total: Arc<AtomicU64>,
    /// Per ply, the move that last decided a node (a win or a refutation):
    /// tried first at the next node of that ply.
    killers: Vec<Option<(Square, Square)>>,
    /// Under `nontrivial`, how many more non-trivial defences than one per
    /// node the line being searched may still grant (part of table keys).
    budget: u64,
    /// First moves not to try (option `start`).
    root_skip: Arc<[Move]>,
    /// Whether the first moves are shared out among threads.
    parallel: bool,
    /// `goalisend`: the side whose moves end the play when they reach the
    /// goal: a defence that does refutes, an attack that does fails.
    goal_is_end: Option<crate::board::Color>,
    /// The goal each defence before the attacker's last move must reach,
    /// or it refutes (`Stipulation::defence_goal`).
    defence_goal: Option<Box<Judge>>,
    out: Out<'s>,
}

/// What a solver for another thread is made from.
pub(crate) struct Recipe {
    rules: Rules,
    goal: Goal,
    attack: Attack,
    opts: TreeOptions,
    table: Arc<Table>,
    salt: u64,
    node_total: Arc<AtomicU64>,
    budget: u64,
    parallel: bool,
    self_checks_side: Option<crate::board::Color>,
    goal_is_end: Option<crate::board::Color>,
    defence_goal: Option<Goal>,
}

impl<'s> Worker<'s> for Battle<'s> {
    type Recipe = Recipe;

    fn recipe(&self) -> Recipe {
        Recipe {
            rules: self.judge.rules,
            goal: self.judge.goal,
            attack: self.attack,
            opts: self.opts,
            table: Arc::clone(&self.table),
            salt: self.salt,
            node_total: Arc::clone(&self.node_total),
            budget: self.budget,
            parallel: self.parallel,
            self_checks_side: self.judge.self_checks_side,
            goal_is_end: self.goal_is_end,
            defence_goal: self.defence_goal.as_ref().map(|j| j.goal),
        }
    }

    /// Another solver for the same problem, for another thread: it shares
    /// the table, the cancel flags and the node count.
    fn fork(r: &Recipe, cancel: super::Cancel, out: Out<'s>) -> Battle<'s> {
        let mut judge = Judge::new(r.rules, r.goal);
        judge.self_checks_side = r.self_checks_side;
        Battle {
            judge,
            attack: r.attack,
            opts: r.opts,
            buffers: MoveBuffers::default(),
            table: Arc::clone(&r.table),
            salt: r.salt,
            cancel,
            nodes: 0,
            node_total: Arc::clone(&r.node_total),
            killers: Vec::new(),
            budget: r.budget,
            root_skip: Arc::from([]),
            parallel: r.parallel,
            goal_is_end: r.goal_is_end,
            defence_goal: r.defence_goal.map(|g| Box::new(Judge::new(r.rules, g))),
            out,
        }
    }

    fn out(&mut self) -> &mut Out<'s> {
        &mut self.out
    }

    fn cancel(&self) -> &super::Cancel {
        &self.cancel
    }
}

impl<'s> Battle<'s> {
    pub fn new(
        rules: Rules,
        goal: Goal,
        attack: Attack,
        opts: TreeOptions,
        table: Arc<Table>,
        cancel: super::Cancel,
        out: Out<'s>,
    ) -> Battle<'s> {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (
            rules,
            goal,
            attack,
            opts.exact,
            opts.quodlibet,
            opts.max_threat,
            opts.max_flights,
            opts.nontrivial,
            opts.short_first,
        )
            .hash(&mut h);
        Battle {
            judge: Judge::new(rules, goal),
            attack,
            opts,
            buffers: MoveBuffers::default(),
            table,
            salt: h.finish(),
            cancel,
            nodes: 0,
            node_total: Arc::new(AtomicU64::new(0)),
            killers: Vec::new(),
            budget: opts.nontrivial.map_or(0, |(m, _)| u64::from(m)),
            root_skip: Arc::from([]),
            parallel: rayon::current_num_threads() > 1,
            goal_is_end: None,
            defence_goal: None,
            out,
        }
    }

    /// Whether `side`'s defences away from the attacker's last move are
    /// tried in the order of the attacker's replies, fewest first: those
    /// most often refute, and Popeye tries them so. Not where a condition
    /// selects the defender's moves (a mummer): it leaves few, and the
    /// killer orders them better.
    fn orders_by_replies(&self, side: Color) -> bool {
        !self.judge.rules.conditions.select_for(side)
    }

    /// The goal each defence before the attacker's last move must reach,
    /// mixed into the table's keys.
    pub fn with_defence_goal(mut self, goal: Option<Goal>) -> Battle<'s> {
        if let Some(goal) = goal {
            self.salt = super::table::mix_salt(self.salt, (goal, "defence goal"));
            self.defence_goal = Some(Box::new(Judge::new(self.judge.rules, goal)));
        }
        self
    }

    /// Whether the defence `d`, the attacker having `k` moves left after
    /// it, fails the defence goal: then it refutes.
    fn misses_defence_goal(&mut self, pos: &Position, d: &Move, after: &Position, k: u32) -> bool {
        k == 1
            && self
                .defence_goal
                .as_mut()
                .is_some_and(|judge| !judge.reached(pos, d, after))
    }

    /// `goalisend`: `side`'s moves end the play when they reach the goal.
    pub fn with_goal_is_end(mut self, side: Option<crate::board::Color>) -> Battle<'s> {
        self.goal_is_end = side;
        self.salt ^= Judge::goal_is_end_salt(side);
        self
    }

    fn ends_play(&mut self, pos: &Position, mv: &Move, after: &Position) -> bool {
        self.judge.ends_play(self.goal_is_end, pos, mv, after)
    }

    /// Leaves out these first moves (option `start`: Popeye never tries
    /// the moves numbered before it).
    pub fn with_root_skip(mut self, skip: Arc<[Move]>) -> Battle<'s> {
        self.root_skip = skip;
        self
    }

    /// Positions expanded by this solver and its finished forks.
    pub fn nodes(&self) -> u64 {
        self.nodes + self.node_total.load(Ordering::Relaxed)
    }

    /// What the table knows of (`hash`, `k`).
    #[inline]
    fn recall(&self, hash: u64, k: u32) -> Option<bool> {
        if self.monotone(k) {
            let bounds = self.bounds(hash)?;
            return bounds.answer(k);
        }
        self.table
            .probe(hash, Question::BattleResult, k, self.node_salt())
            .map(|v| v == 2)
    }

    /// Stores a result, unless the search was stopped (a search cut short
    /// proves nothing, and a stolen half given back is searched again).
    #[inline]
    fn remember(&self, hash: u64, k: u32, result: bool) {
        if self.cancel.should_stop() {
            return;
        }
        if self.monotone(k) {
            let bounds = self.bounds(hash).unwrap_or_default().with(k, result);
            self.table
                .store(hash, Question::BattleBounds, 0, self.salt, bounds.encode());
            return;
        }
        let value = if result { 2 } else { 1 };
        self.table
            .store(hash, Question::BattleResult, k, self.node_salt(), value);
    }

    /// The bounds the table holds for `hash`.
    #[inline]
    fn bounds(&self, hash: u64) -> Option<LengthBounds> {
        self.table
            .probe(hash, Question::BattleBounds, 0, self.salt)
            .map(LengthBounds::decode)
    }

    /// Whether a result at `k` holds for the lengths around it: the side
    /// to move wins (attacker) or loses (defender) within `k` then within
    /// every longer length, and fails at every shorter one when it fails
    /// at `k`. Options that make a defence out of a long length (`threat`,
    /// the guards) or count the goal at the end alone (`exact-`) break it,
    /// as does a goal each defence must reach before the last move.
    #[inline]
    fn monotone(&self, k: u32) -> bool {
        !self.opts.exact
            && !self.guarded()
            && self.opts.max_threat.is_none()
            && self.defence_goal.is_none()
            && k < LengthBounds::MAX
    }

    /// The salt of the current node: under `nontrivial` the answers depend
    /// on the budget left, as in Popeye's hash encoding.
    #[inline]
    fn node_salt(&self) -> u64 {
        if self.opts.nontrivial.is_some() {
            self.salt ^ (self.budget + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        } else {
            self.salt
        }
    }

    /// Whether a guard (`maxflightsquares`, `nontrivial`) can make a longer
    /// search fail where a shorter one wins.
    fn guarded(&self) -> bool {
        self.opts.max_flights.is_some() || self.opts.nontrivial.is_some()
    }

    /// The lengths at which an attacker node with `k` moves is tried, as
    /// Popeye does: shortest first. Without guards a win within fewer moves
    /// is a win within `k`, so `k` alone is enough.
    fn lengths(
        &self,
        k: u32,
    ) -> std::iter::Chain<std::ops::RangeInclusive<u32>, std::option::IntoIter<u32>> {
        if !self.guarded() || self.opts.exact {
            return (k..=k).chain(None);
        }
        match self.opts.short_first {
            Some(s) if k > s => (1..=s).chain(Some(k)),
            _ => (1..=k).chain(None),
        }
    }

    /// `maxflightsquares n`: whether the defender to move at `pos` (the
    /// attacker having `k` moves after its move) has more than n flights,
    /// i.e. moves after which its king has left its square. Popeye checks
    /// only where at least four half-moves remain.
    fn too_many_flights(&mut self, pos: &Position, k: u32, depth: usize) -> bool {
        let Some(max) = self.opts.max_flights else {
            return false;
        };
        if k < 2 {
            return false;
        }
        let fleeing = pos.turn;
        // Without a king every move counts, as in Popeye.
        let king = pos.king(fleeing);
        let moves = self.moves(pos, depth);
        let mut flights = 0;
        for mv in &moves {
            let after = pos.play(mv);
            let stayed = king.is_some_and(|sq| after.pieces(fleeing, Kind::KING).contains(sq));
            if !stayed {
                flights += 1;
                if flights > max {
                    break;
                }
            }
        }
        self.put_back(depth, moves);
        flights > max
    }

    /// `nontrivial m n` at a defender node (attacker left with `k` moves):
    /// None when the defender has defended by having more non-trivial moves
    /// than one plus the budget, else the budget for the play below (less
    /// the extra ones). Popeye counts only where more than n attacker moves
    /// remain; a defence is trivial when the attacker wins within n after it
    /// (n+1 in direct play, by its half-move parity).
    fn nontrivial_budget(&mut self, pos: &Position, k: u32, depth: usize) -> Option<u64> {
        let Some((_, n)) = self.opts.nontrivial else {
            return Some(self.budget);
        };
        if k <= n {
            return Some(self.budget);
        }
        let allowed = self.budget + 1;
        // A defender forced to reach the goal makes no move of its own.
        if self.obliged(pos, depth) {
            return Some(allowed);
        }
        let kt = if self.attack == Attack::Direct {
            n + 1
        } else {
            n
        };
        let moves = self.moves(pos, depth);
        let mut count = 0;
        for d in &moves {
            let after = pos.play(d);
            if self.defender_goal(pos, d, &after, kt) {
                continue;
            }
            if kt == 0 || !self.att_wins(&after, kt, depth + 1) {
                count += 1;
                if count > allowed {
                    break;
                }
            }
        }
        self.put_back(depth, moves);
        (count <= allowed).then(|| allowed - count)
    }

    /// The guards at a defender node: None when the defender has defended
    /// by them, else the `nontrivial` budget for the play below.
    fn guard(&mut self, pos: &Position, k: u32, depth: usize) -> Option<u64> {
        if self.too_many_flights(pos, k, depth) {
            return None;
        }
        self.nontrivial_budget(pos, k, depth)
    }

    fn moves(&mut self, pos: &Position, depth: usize) -> Vec<Move> {
        let mut buf = self.buffers.take(depth);
        self.nodes += 1;
        self.judge.moves_unless_stopped(pos, &self.cancel, &mut buf);
        buf
    }

    /// The attacker's moves at a node where it wins in `m` moves: its last
    /// move in direct play (`m` 1) has rules of its own (Judge's
    /// `last_move_rules`).
    /// Popeye tries the shorter lengths first, so a longer node's list
    /// also holds the last-move list's moves that reach the goal at once.
    fn attack_moves(&mut self, pos: &Position, depth: usize, m: u32) -> Vec<Move> {
        if self.attack != Attack::Direct || !self.judge.last_move_differs() {
            return self.moves(pos, depth);
        }
        let mut last = Vec::new();
        self.judge
            .last_moves_unless_stopped(pos, &self.cancel, &mut last);
        if m == 1 {
            let mut buf = self.buffers.take(depth);
            self.nodes += 1;
            buf.extend_from_slice(&last);
            return buf;
        }
        let mut moves = self.moves(pos, depth);
        for mv in last {
            if !moves.contains(&mv) && self.judge.reached(pos, &mv, &pos.play(&mv)) {
                moves.push(mv);
            }
        }
        moves
    }

    /// Whether the attacker's last move may be told from the moves that
    /// cannot check before legality is tested: no condition is in force,
    /// the list is the legal moves alone (none added for the goal's
    /// self-checks), and the last move has no rules of its own.
    fn filters_checks_before_legality(&self) -> bool {
        self.judge.rules.conditions.is_empty()
            && self.judge.goal_rules.conditions.is_empty()
            && self.judge.lists_judged_alone()
            && !self.judge.last_move_differs()
    }

    /// [`Battle::moves`] less the moves that cannot check (see
    /// [`Battle::filters_checks_before_legality`]): those are never tested for
    /// legality, the leaves' most frequent work.
    fn checking_moves(&mut self, pos: &Position, depth: usize) -> Vec<Move> {
        let mut buf = self.buffers.take(depth);
        self.nodes += 1;
        if !self.cancel.should_stop() {
            let rules = &self.judge.rules;
            match CheckFilter::new(pos, rules) {
                Some(filter) => crate::movegen::legal_moves_among(pos, rules, &mut buf, |mv| {
                    filter.may_check(mv)
                }),
                None => crate::movegen::legal_moves(pos, rules, &mut buf),
            }
        }
        buf
    }

    /// [`Battle::moves`] in the order Popeye tries them, for the printed
    /// tree.
    fn moves_in_order(&mut self, pos: &Position, depth: usize) -> Vec<Move> {
        let mut moves = self.moves(pos, depth);
        popeye_order::sort(&mut moves, &self.judge.rules, pos.turn);
        moves
    }

    /// `mv`, played from `pos` to `after`, as the solution shows it.
    fn played(&self, pos: &Position, mv: Move, after: &Position, role: Role, goal: bool) -> Played {
        Played {
            mv,
            before: *pos,
            role,
            goal,
            own_goal: None,
            own_goal_solves: false,
            check: self.judge.in_check(after),
            remark: Remark::None,
        }
    }

    fn put_back(&mut self, depth: usize, buf: Vec<Move>) {
        self.buffers.put_back(depth, buf);
    }

    /// Moves the killer of `depth`, if legal here, to the front.
    fn killer_first(&mut self, moves: &mut [Move], depth: usize) {
        if let Some(Some((from, to))) = self.killers.get(depth) {
            if let Some(i) = moves.iter().position(|m| m.from == *from && m.to == *to) {
                moves.swap(0, i);
            }
        }
    }

    fn set_killer(&mut self, depth: usize, mv: &Move) {
        if self.killers.len() <= depth {
            self.killers.resize(depth + 1, None);
        }
        self.killers[depth] = Some((mv.from, mv.to));
    }

    /// The reflex obligation: in reflex play the side to move, attacker or
    /// defender, must reach the goal when it can, and then has no other
    /// move. Every node of the search asks it here.
    fn obliged(&mut self, pos: &Position, depth: usize) -> bool {
        let bound = match self.attack {
            Attack::Reflex => true,
            Attack::SemiReflex { defender } => pos.turn == defender,
            Attack::Direct | Attack::SelfPlay => false,
        };
        bound && self.can_reach_goal(pos, depth)
    }

    /// Whether the side to move has a move reaching the goal.
    fn can_reach_goal(&mut self, pos: &Position, depth: usize) -> bool {
        let moves = self.moves(pos, depth);
        let found = moves.iter().any(|mv| {
            let after = pos.play(mv);
            self.judge.reached(pos, mv, &after)
        });
        self.put_back(depth, moves);
        found
    }

    // ---- the boolean searches ----

    /// Attacker to move: does it win within `k` of its moves?
    fn att_wins(&mut self, pos: &Position, k: u32, depth: usize) -> bool {
        let hash = pos.zobrist();
        if let Some(known) = self.recall(hash, k) {
            return known;
        }
        let result = self.att_wins_search(pos, k, depth);
        self.remember(hash, k, result);
        result
    }

    fn att_wins_search(&mut self, pos: &Position, k: u32, depth: usize) -> bool {
        // A reflex attacker obliged to reach the goal loses.
        if self.obliged(pos, depth) {
            return false;
        }
        // A last move that must check need not be played when it cannot.
        let moves_that_may_check =
            k == 1 && self.attack == Attack::Direct && self.goal_needs_check();
        let mut moves = if moves_that_may_check && self.filters_checks_before_legality() {
            self.checking_moves(pos, depth)
        } else {
            let mut moves = self.attack_moves(pos, depth, k);
            if moves_that_may_check {
                retain_checking_candidates(pos, &self.judge.rules, &mut moves);
            }
            moves
        };
        self.killer_first(&mut moves, depth);
        let mut wins = false;
        'lengths: for m in self.lengths(k) {
            for mv in &moves {
                if self.move_wins(pos, mv, m, depth) {
                    self.set_killer(depth, mv);
                    wins = true;
                    break 'lengths;
                }
            }
        }
        self.put_back(depth, moves);
        wins
    }

    /// Whether the attacker's `mv` wins within `k` moves (this one
    /// included). In reflex play the caller has made sure that the attacker
    /// could not reach the goal.
    fn move_wins(&mut self, pos: &Position, mv: &Move, k: u32, depth: usize) -> bool {
        let after = pos.play(mv);
        if self.attacker_goal(pos, mv, &after, k) {
            return true;
        }
        if self.ends_play(pos, mv, &after) {
            return false;
        }
        match self.attack {
            Attack::Direct => k > 1 && self.def_loses(&after, k - 1, depth + 1),
            Attack::SelfPlay | Attack::Reflex | Attack::SemiReflex { .. } => {
                self.def_loses(&after, k - 1, depth + 1)
            }
        }
    }

    /// Whether the attacker's `mv`, with `k` moves left (this one
    /// included), reaches a goal that wins for it.
    fn attacker_goal(&mut self, pos: &Position, mv: &Move, after: &Position, k: u32) -> bool {
        let counts = match self.attack {
            Attack::Direct => true,
            Attack::SelfPlay | Attack::SemiReflex { .. } => self.opts.quodlibet,
            Attack::Reflex => false,
        };
        counts
            && self.goal_counts(k)
            && (k > 1 || bicaptures::may_end_with(&self.judge.rules, self.judge.goal, pos, mv))
            && self.judge.reached(pos, mv, after)
    }

    /// Whether the defender's `d` reaches a goal that ends play (self and
    /// reflex play), the attacker having `k` moves left after it.
    fn defender_goal(&mut self, pos: &Position, d: &Move, after: &Position, k: u32) -> bool {
        self.attack != Attack::Direct
            && self.goal_counts(k + 1)
            && self.judge.reached(pos, d, after)
    }

    /// Whether every move reaching the goal checks.
    fn goal_needs_check(&self) -> bool {
        matches!(
            self.judge.goal,
            Goal::Mate | Goal::Check | Goal::DoubleMate | Goal::CounterMate
        )
    }

    /// Whether a goal reached with `k` attacker moves left (the one just
    /// played included) counts: under `exact-` only at the end, before
    /// which a goal move is a move like any other.
    fn goal_counts(&self, k: u32) -> bool {
        !self.opts.exact || k <= 1
    }

    /// Defender to move, the attacker having `k` moves left after this
    /// defence: does every defence lose?
    fn def_loses(&mut self, pos: &Position, k: u32, depth: usize) -> bool {
        let hash = pos.zobrist();
        if let Some(known) = self.recall(hash, k) {
            return known;
        }
        let result = self.def_loses_search(pos, k, depth);
        self.remember(hash, k, result);
        result
    }

    fn def_loses_search(&mut self, pos: &Position, k: u32, depth: usize) -> bool {
        let Some(budget) = self.guard(pos, k, depth) else {
            return false;
        };
        let saved = std::mem::replace(&mut self.budget, budget);
        let result = self.def_loses_body(pos, k, depth);
        self.budget = saved;
        result
    }

    fn def_loses_body(&mut self, pos: &Position, k: u32, depth: usize) -> bool {
        self.refutations_at(pos, k, 0, depth) == Some(0)
    }

    /// Defender to move in `pos`, the attacker having `k` moves left after
    /// the defence: how many defences refute, when at most `limit`; None
    /// when more do, or when the defender defends otherwise (no move at
    /// all, a threat that fails under `threat n`, a goal it must reach too
    /// early under `exact-`).
    fn refutations_at(&mut self, pos: &Position, k: u32, limit: u32, depth: usize) -> Option<u32> {
        // A reflex defender obliged to reach the goal loses (under `exact-`
        // that ends play too early, which defends).
        if self.obliged(pos, depth) {
            return self.goal_counts(k + 1).then_some(0);
        }
        if k == 0 && self.attack == Attack::Direct {
            return None;
        }
        if let Some(t) = self.opts.max_threat {
            if k > t && !self.judge.in_check(pos) && !self.threatens(pos, t, depth) {
                return None;
            }
        }
        let mut moves = self.moves(pos, depth);
        if k >= 2 && self.orders_by_replies(pos.turn) {
            moves.sort_by_cached_key(|d| self.moves_count(&pos.play(d), depth + 1));
        } else {
            // Captures first: they most often refute.
            moves.sort_by_key(|m| !m.is_capture());
            self.killer_first(&mut moves, depth);
        }
        let mut count = 0;
        // A move that leaves the defender no move at all wins nothing.
        let mut any = !moves.is_empty();
        for d in &moves {
            let after = pos.play(d);
            if self.defender_goal(pos, d, &after, k) {
                continue;
            }
            if k == 0
                || self.dead_end(pos, d)
                || self.ends_play(pos, d, &after)
                || self.misses_defence_goal(pos, d, &after, k)
                || !self.att_wins(&after, k, depth + 1)
            {
                self.set_killer(depth, d);
                count += 1;
                if count > limit {
                    any = false;
                    break;
                }
            }
        }
        self.put_back(depth, moves);
        any.then_some(count)
    }

    /// Whether the defence `d` from `pos` ends the attacker's play
    /// (RepublicanChess Type1: the defence refutes).
    #[inline]
    fn dead_end(&self, pos: &Position, d: &Move) -> bool {
        let rules = &self.judge.rules;
        !rules.conditions.is_empty()
            && rules.has(Condition::Republican)
            && republican::type1_dead_end(rules, pos, d)
    }

    /// Defender to move: would the attacker win within `t` if the
    /// defender passed?
    fn threatens(&mut self, pos: &Position, t: u32, depth: usize) -> bool {
        let (null, _) = pos.pass_under(&self.judge.rules);
        (1..=t).any(|m| self.att_wins(&null, m, depth + 1))
    }

    /// The fewest moves, at most `k`, in which the attacker to move wins.
    fn win_len(&mut self, pos: &Position, k: u32, depth: usize) -> Option<u32> {
        if self.opts.exact {
            return self.att_wins(pos, k, depth).then_some(k);
        }
        (1..=k).find(|&m| self.att_wins(pos, m, depth))
    }

    // ---- the printed tree ----

    /// Solves from `pos`, the attacker to move, in `n` moves, and reports
    /// set play (the trees of the defences in the diagram), then the tree
    /// of each key and try, first moves in Popeye's order. With
    /// `numbered` (`movenumbers`) the first moves are those, each reported
    /// (its event) before its tree.
    pub fn solve(&mut self, pos: &Position, n: u32, numbered: Option<Vec<(Move, Event)>>) {
        // The goal's self-checks (`##!`, `!#`) are moves of the side that
        // must reach the goal only.
        self.judge.self_checks_side = match self.attack {
            Attack::Direct => Some(pos.turn),
            Attack::SelfPlay | Attack::SemiReflex { .. } => Some(pos.turn.opponent()),
            Attack::Reflex => None,
        };
        if self.opts.post_key {
            return self.solve_post_key(pos, n);
        }
        // No set play when the attacker is in check: the defender would
        // be to move with the attacker's king en prise.
        if self.opts.set_play && !self.judge.in_check(pos) {
            let set = hand_over(pos);
            // Guards that let the defender defend leave no set play.
            if let Some(budget) = self.guard(&set, n - 1, 0) {
                let saved = std::mem::replace(&mut self.budget, budget);
                // Popeye writes set play in full even without `variation`:
                // every defence, with no threats.
                let opts = self.opts;
                if !opts.variations {
                    self.opts.variations = true;
                    self.opts.no_threat = true;
                }
                let variations = self.set_play(&set, n);
                self.opts = opts;
                self.budget = saved;
                for node in variations {
                    self.out.push(Event::Tree {
                        node,
                        set_play: true,
                    });
                }
            }
        }
        if self.opts.set_play_only {
            return;
        }
        // The attacker must reach the goal at once, which fails; Popeye
        // shows those moves, unmarked.
        let obliged = self
            .obliged(pos, 0)
            .then(|| self.goal_moves(pos, Role::Obliged, 0));
        let limit = if self.opts.tries {
            self.opts.max_refutations
        } else {
            0
        };
        match (numbered, obliged) {
            (None, Some(goal_moves)) => {
                for node in goal_moves {
                    self.report(node);
                }
            }
            (None, None) => {
                let mut moves = self.attack_moves(pos, 0, n);
                popeye_order::sort(&mut moves, &self.judge.rules, pos.turn);
                moves.retain(|m| !self.root_skip.contains(m));
                let parallel = self.parallel;
                each_move(self, &moves, parallel, &|battle: &mut Battle<'s>, mv| {
                    battle.first_move(pos, mv, n, limit)
                });
                self.put_back(0, moves);
            }
            (Some(numbered), obliged) => {
                let legal = self.attack_moves(pos, 0, n);
                for (mv, tried) in numbered {
                    if self.cancel.should_stop() {
                        break;
                    }
                    self.out.push(tried);
                    match &obliged {
                        Some(goal_moves) => {
                            for node in goal_moves.iter().filter(|n| n.played.mv == mv) {
                                self.report(node.clone());
                            }
                        }
                        None if legal.contains(&mv) => {
                            self.first_move(pos, mv, n, limit);
                        }
                        None => {}
                    }
                }
                self.put_back(0, legal);
            }
        }
    }

    /// The set play's variations from `set` (the attacker having passed),
    /// in play of `n` moves. In self and reflex play it is shown at its
    /// shortest length when that is complete: every defence reaches the
    /// goal at once (a reflex defender that can reach it must); else at the
    /// full length, where, as under a key, a defence reaching the goal
    /// before the last move is not shown, and s#1 has none.
    fn set_play(&mut self, set: &Position, n: u32) -> Vec<Node> {
        let kd = n - 1;
        if self.attack != Attack::Direct && (kd == 0 || !self.opts.exact) {
            let at_once = self.goal_moves(set, Role::Defence, 0);
            let complete = !at_once.is_empty()
                && (self.obliged(set, 0) || at_once.len() == self.moves_count(set, 0));
            if complete {
                return at_once;
            }
            if kd == 0 {
                return Vec::new();
            }
        }
        self.defences(set, kd, None, false, 0).0
    }

    /// How many legal moves the side to move has in `pos`.
    fn moves_count(&mut self, pos: &Position, depth: usize) -> usize {
        let moves = self.moves(pos, depth);
        let count = moves.len();
        self.put_back(depth, moves);
        count
    }

    /// The tree of the first move `mv` (`limit` refutations allowed for a
    /// try), reported when it is a key or a try. Returns whether it is a
    /// key.
    fn first_move(&mut self, pos: &Position, mv: Move, n: u32, limit: u32) -> bool {
        let after = pos.play(&mv);
        let (role, len) = match self.root_refutations(pos, &mv, &after, n, limit) {
            Some((0, len)) => (Role::Key, len),
            Some((_, len)) => (Role::Try, len),
            None => return false,
        };
        let node = self.attack_tree(pos, mv, len, 1, role);
        self.report(node);
        role == Role::Key
    }

    fn report(&mut self, node: Node) {
        self.out.push(Event::Tree {
            node,
            set_play: false,
        });
    }

    /// `postkeyplay`: the diagram is the position after the key, the
    /// defender to move; what follows the key is solved as under a key,
    /// refutations in their place among the variations.
    fn solve_post_key(&mut self, pos: &Position, n: u32) {
        let after = hand_over(pos);
        let kd = n - 1;
        let (remark, children) = match self.guard(&after, kd, 0) {
            Some(budget) => {
                let saved = std::mem::replace(&mut self.budget, budget);
                let tree = self.defence_tree(&after, kd, 0, true, true);
                self.budget = saved;
                tree
            }
            None => (Remark::None, Vec::new()),
        };
        self.out.push(Event::PostKey(remark));
        for node in children {
            self.report(node);
        }
    }

    /// Like `refutations`, with the length at which the first move is
    /// judged. Under the guards a shorter win may hold where the full
    /// length fails, and Popeye tries the lengths shortest first.
    fn root_refutations(
        &mut self,
        pos: &Position,
        mv: &Move,
        after: &Position,
        n: u32,
        limit: u32,
    ) -> Option<(u32, u32)> {
        if self.guarded() && !self.opts.exact {
            for m in 1..n {
                if self.refutations(pos, mv, after, m, 0) == Some(0) {
                    return Some((0, m));
                }
            }
        }
        let result = self.refutations(pos, mv, after, n, limit);
        // A key of self or reflex play is printed at its shortest length,
        // where the defences that reach the goal at once are its
        // variations (`1.Rb2+ ! 1...a3*b2 #`); in direct play a shorter
        // win prints the same tree.
        if result == Some(0) && self.attack != Attack::Direct && !self.opts.exact {
            if let Some(m) = (1..n).find(|&m| self.refutations(pos, mv, after, m, 0) == Some(0)) {
                return Some((0, m));
            }
        }
        result.map(|c| (c, n))
    }

    /// How many defences refute the first move `mv` (which led to
    /// `after`), when at most `limit`; None when it wins nothing or more
    /// defences refute it.
    fn refutations(
        &mut self,
        pos: &Position,
        mv: &Move,
        after: &Position,
        n: u32,
        limit: u32,
    ) -> Option<u32> {
        let depth = 1;
        if self.attacker_goal(pos, mv, after, n) {
            return Some(0);
        }
        if self.ends_play(pos, mv, after) {
            return None;
        }
        if self.attack == Attack::Direct && n == 1 {
            return None;
        }
        let k = n - 1;
        let budget = self.guard(after, k, depth)?;
        let saved = std::mem::replace(&mut self.budget, budget);
        let result = self.refutations_at(after, k, limit, depth);
        self.budget = saved;
        result
    }

    /// The printed tree of the attacker's `mv` from `pos`, which has `k`
    /// moves to win (this one included), in the part `role`. A try lists
    /// its refutations too.
    fn attack_tree(&mut self, pos: &Position, mv: Move, k: u32, depth: usize, role: Role) -> Node {
        let after = pos.play(&mv);
        let goal = self.attacker_goal(pos, &mv, &after, k);
        let mut node = Node {
            played: self.played(pos, mv, &after, role, goal),
            children: Vec::new(),
        };
        if goal {
            return node;
        }
        // The printed line passed the guards; the play below has the
        // budget they leave.
        let budget = self.guard(&after, k - 1, depth).unwrap_or(self.budget);
        let saved = std::mem::replace(&mut self.budget, budget);
        let (remark, children) = self.defence_tree(&after, k - 1, depth, role == Role::Try, false);
        node.played.remark = remark;
        node.children = children;
        self.budget = saved;
        node
    }

    /// What follows an attacker's move that led to `after`, the attacker
    /// having `kd` moves after the defence: the word after the move
    /// (threat, zugzwang) and the children (threats, variations and, when
    /// `refuted`, refutations; with `post_key` a refutation is listed among
    /// the variations as refuting the key).
    fn defence_tree(
        &mut self,
        after: &Position,
        kd: u32,
        depth: usize,
        refuted: bool,
        post_key: bool,
    ) -> (Remark, Vec<Node>) {
        let after = *after;
        if !self.opts.variations {
            let refutations = if refuted {
                self.defences(&after, kd, None, true, depth).1
            } else {
                Vec::new()
            };
            return (Remark::None, refutations);
        }
        // A reflex defender obliged to reach the goal has only those moves.
        if self.obliged(&after, depth) {
            return (Remark::None, self.goal_moves(&after, Role::Defence, depth));
        }
        let mut remark = Remark::None;
        let mut children = Vec::new();
        let mut threat = None;
        if kd >= 1 && !self.opts.no_threat && !self.judge.in_check(&after) {
            let (null, pass_effects) = after.pass_under(&self.judge.rules);
            let limit = self.opts.max_threat.map_or(kd, |t| t.min(kd));
            match self.win_len(&null, limit, depth + 1) {
                Some(t) => {
                    let threats = self.winning_moves(&null, t, depth + 1, Role::Threat);
                    let moves: Vec<Move> = threats.iter().map(|n| n.played.mv).collect();
                    children.extend(threats);
                    remark = Remark::Threat(pass_effects);
                    threat = Some((moves, t));
                }
                None => remark = Remark::Zugzwang,
            }
        }
        let (variations, refutations) = self.defences(&after, kd, threat.as_ref(), refuted, depth);
        children.extend(variations);
        if post_key {
            // Refuting the key, they take their place among the variations.
            let mut defences: Vec<Node> = children
                .drain(..)
                .chain(refutations.into_iter().map(|mut n| {
                    n.played.role = Role::Refutes;
                    n
                }))
                .collect();
            let threats: Vec<Node> = defences
                .iter()
                .filter(|n| n.played.role == Role::Threat)
                .cloned()
                .collect();
            defences.retain(|n| n.played.role != Role::Threat);
            defences.sort_by_cached_key(|n| {
                popeye_order::key_for(&self.judge.rules, after.turn, &n.played.mv)
            });
            children = threats;
            children.append(&mut defences);
        } else if refuted {
            children.extend(refutations);
        }
        (remark, children)
    }

    /// The defender's moves from `pos` (attacker left with `kd` moves
    /// after them), in Popeye's order: the variations (those that lose,
    /// with the attacker's shortest wins, except those the threat still
    /// beats), and, with `want_refutations`, the refutations.
    fn defences(
        &mut self,
        pos: &Position,
        kd: u32,
        threat: Option<&(Vec<Move>, u32)>,
        want_refutations: bool,
        depth: usize,
    ) -> (Vec<Node>, Vec<Node>) {
        let mut variations = Vec::new();
        let mut refutations = Vec::new();
        let moves = self.moves_in_order(pos, depth);
        for &d in &moves {
            let after = pos.play(&d);
            // A goal reached too early (exact-) still shows its sign.
            let reached = self.attack != Attack::Direct && self.judge.reached(pos, &d, &after);
            let goal = reached && self.goal_counts(kd + 1);
            let played = self.played(pos, d, &after, Role::Defence, reached);
            if goal {
                // Popeye shows no defence that reaches the goal before the
                // last move.
                if kd > 0 {
                    continue;
                }
                variations.push(Node {
                    played,
                    children: Vec::new(),
                });
                continue;
            }
            let len = if kd == 0
                || self.dead_end(pos, &d)
                || self.ends_play(pos, &d, &after)
                || self.misses_defence_goal(pos, &d, &after, kd)
            {
                None
            } else {
                self.win_len(&after, kd, depth + 1)
            };
            let Some(m) = len else {
                if want_refutations {
                    // A refutation that obliges a reflex attacker to reach
                    // the goal shows those moves.
                    let children = if self.obliged(&after, depth + 1) {
                        self.goal_moves(&after, Role::Obliged, depth + 1)
                    } else {
                        Vec::new()
                    };
                    refutations.push(Node {
                        played: Played {
                            role: Role::Refutation,
                            ..played
                        },
                        children,
                    });
                }
                continue;
            };
            if !self.opts.variations || self.opts.no_short_variations && m < kd {
                continue;
            }
            // A defence that allows a quicker win than the threat, or lets
            // every threat through, defeats nothing: Popeye leaves it out.
            if let Some((threats, t)) = threat {
                if m < *t || self.threats_still_work(&after, threats, *t, depth + 1) {
                    continue;
                }
            }
            let children = self.winning_moves(&after, m, depth + 1, Role::Attack);
            variations.push(Node { played, children });
        }
        if refutations.iter().any(|r| r.played.mv.rewalks()) {
            self.refuting_alike(pos, &moves, &mut variations, &mut refutations);
        }
        self.put_back(depth, moves);
        (variations, refutations)
    }

    /// Popeye knows a refutation by its move without its snek change: every
    /// defence that differs from one only by it is a refutation too, and no
    /// variation; the refutations in the order of the moves.
    fn refuting_alike(
        &self,
        pos: &Position,
        moves: &[Move],
        variations: &mut Vec<Node>,
        refutations: &mut Vec<Node>,
    ) {
        let alike = |m: &Move, list: &[Node]| list.iter().any(|r| r.played.mv.same_but_rewalked(m));
        variations.retain(|v| !alike(&v.played.mv, refutations));
        let mut all = Vec::new();
        for d in moves {
            if let Some(i) = refutations.iter().position(|r| r.played.mv == *d) {
                all.push(refutations[i].clone());
            } else if alike(d, refutations) {
                let after = pos.play(d);
                let played = self.played(pos, *d, &after, Role::Refutation, false);
                all.push(Node {
                    played,
                    children: Vec::new(),
                });
            }
        }
        *refutations = all;
    }

    /// Whether every threat move still wins within `t` after a defence.
    fn threats_still_work(
        &mut self,
        pos: &Position,
        threats: &[Move],
        t: u32,
        depth: usize,
    ) -> bool {
        if self.obliged(pos, depth) {
            return false;
        }
        let moves = self.attack_moves(pos, depth, t);
        let mut all = true;
        for th in threats {
            let same = moves.iter().find(|m| m.same_for_threats(th)).copied();
            match same {
                Some(mv) if self.move_wins(pos, &mv, t, depth) => {}
                _ => {
                    all = false;
                    break;
                }
            }
        }
        self.put_back(depth, moves);
        all
    }

    /// The attacker's moves from `pos` that win within `m` (the fewest
    /// possible), each with its tree, in Popeye's order.
    fn winning_moves(&mut self, pos: &Position, m: u32, depth: usize, role: Role) -> Vec<Node> {
        let mut moves = self.attack_moves(pos, depth, m);
        popeye_order::sort(&mut moves, &self.judge.rules, pos.turn);
        let mut nodes = Vec::new();
        for mv in &moves {
            if self.move_wins(pos, mv, m, depth) {
                nodes.push(self.attack_tree(pos, *mv, m, depth + 1, role));
            }
        }
        self.put_back(depth, moves);
        nodes
    }

    /// The moves from `pos` that reach the goal, in Popeye's order, in the
    /// part `role` (a reflex side obliged to reach it).
    fn goal_moves(&mut self, pos: &Position, role: Role, depth: usize) -> Vec<Node> {
        let moves = self.moves_in_order(pos, depth);
        let mut nodes = Vec::new();
        for &d in &moves {
            let after = pos.play(&d);
            if self.judge.reached(pos, &d, &after) {
                nodes.push(Node {
                    played: self.played(pos, d, &after, role, true),
                    children: Vec::new(),
                });
            }
        }
        self.put_back(depth, moves);
        nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::CirceRules;
    use crate::solve::Cancel;

    /// Whether White wins a #2 under Circe, asked of a solver on `table`
    /// stopping with `cancel`.
    fn wins(table: &Arc<Table>, cancel: Cancel) -> bool {
        let pos =
            Position::from_piece_list("wkb1 wqd1 wrh4 wbf1 wsc3 wpe2 bke5 brd8 bbc8 bpd7 bpf6")
                .expect("diagram");
        let rules = Rules::with_circe(CirceRules::CIRCE);
        let mut battle = Battle::new(
            rules,
            Goal::Mate,
            Attack::Direct,
            TreeOptions::default(),
            Arc::clone(table),
            cancel,
            Out::Buffer(Vec::new()),
        );
        battle.att_wins(&pos, 2, 0)
    }

    /// Facts drawn from a result monotone in the length (a win from some
    /// length on, or none) and merged in any order never give an answer
    /// the result contradicts, and always give the answer for a length
    /// recorded.
    #[test]
    fn length_bounds_answer_only_what_the_facts_imply() {
        let mut rng = crate::test_rng::XorShift::new(0x5eed_1e57);
        for _ in 0..2_000 {
            // Wins from `from` on; 20 or more: never within the lengths asked.
            let from = rng.below(24) as u32;
            let truth = |k: u32| k >= from;
            let mut bounds = LengthBounds::default();
            for _ in 0..rng.below(6) {
                let k = rng.below(20) as u32;
                bounds = LengthBounds::decode(bounds.with(k, truth(k)).encode());
                assert_eq!(bounds.answer(k), Some(truth(k)));
                for asked in 0..20 {
                    if let Some(answer) = bounds.answer(asked) {
                        assert_eq!(answer, truth(asked), "{bounds:?} at {asked}");
                    }
                }
            }
        }
    }

    /// One table asked for several lengths of the same play, in any order,
    /// answers as a fresh table for each length does.
    #[test]
    fn lengths_asked_of_one_table_answer_as_fresh_tables() {
        let rules = Rules::with_circe(CirceRules::CIRCE);
        let mut rng = crate::test_rng::XorShift::new(0xb0_0b5);
        let battle = |table: &Arc<Table>| {
            Battle::new(
                rules,
                Goal::Mate,
                Attack::Direct,
                TreeOptions::default(),
                Arc::clone(table),
                Cancel::default(),
                Out::Buffer(Vec::new()),
            )
        };
        // Positions won in 2 and not in 1: where a wrong bound would show.
        let mut longer = 0;
        for _ in 0..400 {
            let list = rng.piece_list(3, &["Q", "R", "B", "S", "P"]);
            let Ok(pos) = Position::from_piece_list(&list) else {
                continue;
            };
            if rules.in_check(&pos, pos.turn.opponent()) {
                continue;
            }
            let shared = Arc::new(Table::new(1));
            let mut fresh_answers = Vec::new();
            for k in [2, 1, 3, 2, 1] {
                let fresh = battle(&Arc::new(Table::new(1))).att_wins(&pos, k, 0);
                let known = battle(&shared).att_wins(&pos, k, 0);
                assert_eq!(known, fresh, "{list} in {k}");
                fresh_answers.push(fresh);
            }
            longer += usize::from(fresh_answers[0] && !fresh_answers[1]);
        }
        assert!(
            longer > 0,
            "no position won in 2 alone: the test asks nothing"
        );
    }

    #[test]
    fn a_stopped_search_stores_no_result() {
        let table = Arc::new(Table::new(1));
        assert!(wins(&Arc::new(Table::new(1)), Cancel::default()));
        // Stopped, the search finds no move and so no win: it must not say
        // so to the table.
        let stopped = Cancel::default().for_stolen_half();
        stopped.give_back();
        assert!(!wins(&table, stopped));
        assert!(wins(&table, Cancel::default()));
    }
}
