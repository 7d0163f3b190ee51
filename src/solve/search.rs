//! Help and series play, with or without an intro: every line, reported as
//! it is found, in Popeye's order (shorter lines first, moves in the order
//! Popeye tries them).
//!
//! The search walks the lines depth first. The moves on the way down are a
//! chain of [`Step`]s on the call stack, read back only when a line is
//! complete, so a line costs nothing until it is found. The transposition
//! table remembers where nothing is to be found, at every length, the last
//! half-move included (a help play meets the same positions again and
//! again through other move orders).

use super::buffers::MoveBuffers;
use super::checks::retain_checking_candidates;
use super::goal::Judge;
use super::mate_bound::Ending;
use super::numbering;
use super::parallel::{each_move, Out, Worker};
use super::play::{Event, Played, Remark, Role};
use super::popeye_order;
use super::proof::ProofTarget;
use super::stats::{count, Counter};
use super::table::{Question, Table};
use crate::board::{Color, Kind, Position};
use crate::movegen::{is_legal_after, pseudo_legal_moves};
use crate::moves::Move;
use crate::rules::conditions::bicaptures;
use crate::rules::Rules;
use crate::stipulation::{Goal, Parry};
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
    /// `Ns[>1a[G]d]`: as ser-r#n with the other side's obligation alone:
    /// the series ends as soon as that side can reach the goal.
    SemiReflex,
    /// ser-reci-h#n: the series side then moves again, to a reciprocal
    /// end (see [`HelpEnd::Reciprocal`]).
    Reciprocal,
    /// `Ns[1s{P}[-1s[G]]]`: the other side then makes two moves, the
    /// series side passing between them: the first reaching P where given
    /// (the searcher's `penultimate`), the second the goal.
    TwoReplies,
}

/// What ends help play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpEnd {
    /// h#n: the last help move reaches the goal.
    Goal,
    /// hs#n: after the last help move every move of the other side
    /// reaches the goal (a s#1 at the end).
    SelfPlay,
    /// reci-h#n: after the last help move the side to move (Black) can
    /// both reach its own goal at once and help the other side reach the
    /// stipulation's goal in one move; the lines of both are the solution.
    Reciprocal,
    /// hr#n: after the last help move the other side can reach the goal,
    /// and every goal move it has is written. The side that makes the last
    /// help move may never be able to reach the goal itself, and a line
    /// ends where the other side can reach it before the end.
    Reflex,
    /// `Nh[>1a[G]d]h`: as hr#n, but only the other side is bound: a line
    /// ends where it can reach the goal before the end.
    SemiReflex,
    /// `Nh[1a[G]d]h`: after the last help move the other side's moves that
    /// reach the goal (each written); no side is bound before, and a line
    /// goes on past a goal reached before its end.
    Attack,
}

/// Help or series play, as [`super::solve_with`] starts it from the
/// diagram (or after an intro).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MainPlay {
    /// Help play of `plies` help half-moves.
    Help {
        plies: u32,
        exact: bool,
        /// The fewest half-moves of a line (a structured stipulation's
        /// `m:n`), 0 where any length counts.
        shortest: u32,
        end: HelpEnd,
    },
    /// Series play of `moves` moves.
    Series {
        moves: u32,
        exact: bool,
        end: SeriesEnd,
    },
}

/// What a line search plays: the main play, or an intro of `moves` moves
/// before it (`pass`: the other side passes after it too, and the intro's
/// side begins the main play).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinePlay {
    Main(MainPlay),
    Intro {
        moves: u32,
        main: MainPlay,
        pass: bool,
    },
}

impl LinePlay {
    /// The lengths searched, in the order their lines are printed:
    /// shortest first, only the full length under `exact-`. Help play
    /// counts half-moves and keeps the parity of its length; series and
    /// intros count moves.
    fn lengths(self) -> impl Iterator<Item = u32> {
        let (first, last, step) = match self {
            // A reciprocal end is reached after no help move at all too.
            LinePlay::Main(MainPlay::Help {
                plies,
                exact,
                end: HelpEnd::Reciprocal,
                ..
            }) => (if exact { plies } else { plies % 2 }, plies, 2),
            // `m:n`: from m half-moves, or m+1 to keep the parity.
            LinePlay::Main(MainPlay::Help {
                plies,
                exact,
                shortest,
                ..
            }) => {
                let first = if exact { plies } else { 2 - plies % 2 };
                let from = shortest + (plies - shortest.min(plies)) % 2;
                (first.max(from), plies, 2)
            }
            LinePlay::Main(MainPlay::Series { moves, exact, .. }) => {
                (if exact { moves } else { 1 }, moves, 1)
            }
            LinePlay::Intro { moves, .. } => (1, moves, 1),
        };
        (first..=last).step_by(step)
    }
}

/// Who must reach the goal in play with defence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Attack {
    /// #n: the attacker reaches it.
    Direct,
    /// s#n: the attacker forces the defender to reach it.
    SelfPlay,
    /// r#n: as self play, and either side must reach it when it can.
    Reflex,
    /// semi-r#n: as self play, and the defender must reach it when it can.
    SemiReflex { defender: Color },
}

/// A move on the way from the first move to the node being searched: the
/// position it was played in, the move and its part, linked to the moves
/// before it.
#[derive(Clone, Copy)]
pub(crate) struct Step<'a> {
    before: &'a Position,
    mv: Move,
    role: Role,
    parent: Option<&'a Step<'a>>,
}

/// Below this many half-moves (help) or moves (series) left, a node's moves
/// stay on one thread: the work is too small to share.
const SPLIT_MIN_PLIES: u32 = 5;
const SPLIT_MIN_MOVES: u32 = 3;

/// Up to this many half-moves left, a help node searches its moves in the
/// generator's order and puts what it found in Popeye's order afterwards
/// (see [`Searcher::each_move_reordered`]).
const REORDER_MAX_PLIES: u32 = 3;

/// A solver for help and series play; owns its move buffers (one per ply)
/// and shares the transposition table with the other threads.
pub(crate) struct Searcher<'s> {
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
    /// Whether nodes deep enough share out their moves among threads.
    parallel: bool,
    /// The lines found are set play.
    set_play: bool,
    /// `keepmatingpiece`: the side that must keep a unit besides its king
    /// (the side that makes the last move); a move leaving it none fails.
    keep_mating: Option<Color>,
    /// `goalisend`: the side whose moves end the play (the line fails)
    /// when they reach the goal.
    goal_is_end: Option<Color>,
    /// `stoponshortsolutions`: the play stops after the first shorter
    /// length that has solutions.
    stop_on_short: bool,
    /// `reci-h`: the judge of the reciprocal goal.
    reciprocal: Option<Box<Judge>>,
    /// `reci-h`: the reciprocal goal's moves are written before the help
    /// lines.
    reciprocal_own_first: bool,
    /// Help play: the judge of the goal the last move but one must reach
    /// (`Stipulation::penultimate`).
    penultimate: Option<Box<Judge>>,
    /// Help play: the judge of the goal of the other side's moves
    /// (`Stipulation::other_goal`).
    other_goal: Option<Box<Judge>>,
    /// Help play: the goal the goal side's moves before the last may not
    /// reach (`Stipulation::goal_side_avoids`).
    goal_side_avoids: Option<Box<Judge>>,
    /// `pser-`, `phser-`: how a series move's check is parried.
    parry: Option<Parry>,
    /// How help moves are numbered (`Role::Help`, `Role::Proof`,
    /// `Role::Answer`).
    help_role: Role,
    /// Help mates: nodes where no mate is within the moves left are cut
    /// (`mate_bound.rs`), under the rules the relaxation stands for.
    mate_bound: Option<super::mate_relax::Relaxation>,
    /// `start 27:11`: the path followed below a numbered first move (the
    /// searcher of the root only: the numbered levels are searched in
    /// order, never shared out).
    path_walk: Option<numbering::PathWalk>,
    out: Out<'s>,
}

/// What a searcher for another thread is made from.
pub(crate) struct Recipe {
    rules: Rules,
    goal: Goal,
    proof: Option<Arc<ProofTarget>>,
    table: Arc<Table>,
    salt: u64,
    node_total: Arc<AtomicU64>,
    root_skip: Arc<[Move]>,
    parallel: bool,
    set_play: bool,
    keep_mating: Option<Color>,
    goal_is_end: Option<Color>,
    reciprocal: Option<Goal>,
    reciprocal_own_first: bool,
    penultimate: Option<Goal>,
    other_goal: Option<Goal>,
    goal_side_avoids: Option<Goal>,
    parry: Option<Parry>,
    help_role: Role,
    mate_bound: Option<super::mate_relax::Relaxation>,
    /// The judge's goal self-checks in lists (`with_forced_self_checks`).
    self_checks: (bool, Option<Color>),
}

impl<'s> Worker<'s> for Searcher<'s> {
    type Recipe = Recipe;

    fn recipe(&self) -> Recipe {
        Recipe {
            rules: self.judge.rules,
            goal: self.judge.goal,
            proof: self.judge.proof.clone(),
            table: Arc::clone(&self.table),
            salt: self.salt,
            node_total: Arc::clone(&self.node_total),
            root_skip: Arc::clone(&self.root_skip),
            parallel: self.parallel,
            set_play: self.set_play,
            keep_mating: self.keep_mating,
            goal_is_end: self.goal_is_end,
            reciprocal: self.reciprocal.as_ref().map(|j| j.goal),
            reciprocal_own_first: self.reciprocal_own_first,
            penultimate: self.penultimate.as_ref().map(|j| j.goal),
            other_goal: self.other_goal.as_ref().map(|j| j.goal),
            goal_side_avoids: self.goal_side_avoids.as_ref().map(|j| j.goal),
            parry: self.parry,
            help_role: self.help_role,
            mate_bound: self.mate_bound.clone(),
            self_checks: (self.judge.self_checks_in_lists, self.judge.self_checks_side),
        }
    }

    fn fork(r: &Recipe, cancel: super::Cancel, out: Out<'s>) -> Searcher<'s> {
        let mut judge = Judge::for_lines(r.rules, r.goal);
        judge.proof = r.proof.clone();
        (judge.self_checks_in_lists, judge.self_checks_side) = r.self_checks;
        Searcher {
            judge,
            buffers: MoveBuffers::default(),
            table: Arc::clone(&r.table),
            salt: r.salt,
            nodes: 0,
            node_total: Arc::clone(&r.node_total),
            cancel,
            root_skip: Arc::clone(&r.root_skip),
            parallel: r.parallel,
            set_play: r.set_play,
            keep_mating: r.keep_mating,
            goal_is_end: r.goal_is_end,
            // Only the root's search stops short.
            stop_on_short: false,
            reciprocal: r
                .reciprocal
                .map(|goal| Box::new(Judge::for_lines(r.rules, goal))),
            reciprocal_own_first: r.reciprocal_own_first,
            penultimate: r
                .penultimate
                .map(|goal| Box::new(Judge::for_lines(r.rules, goal))),
            other_goal: r
                .other_goal
                .map(|goal| Box::new(Judge::for_lines(r.rules, goal))),
            goal_side_avoids: r
                .goal_side_avoids
                .map(|goal| Box::new(Judge::for_lines(r.rules, goal))),
            parry: r.parry,
            help_role: r.help_role,
            mate_bound: r.mate_bound.clone(),
            path_walk: None,
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

impl Drop for Searcher<'_> {
    fn drop(&mut self) {
        self.node_total.fetch_add(self.nodes, Ordering::Relaxed);
    }
}

impl<'s> Searcher<'s> {
    /// A searcher reporting to `out`.
    pub fn new(rules: Rules, goal: Goal, table: Arc<Table>, out: Out<'s>) -> Searcher<'s> {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (rules, goal).hash(&mut h);
        Searcher {
            judge: Judge::for_lines(rules, goal),
            buffers: MoveBuffers::default(),
            table,
            salt: h.finish(),
            nodes: 0,
            node_total: Arc::new(AtomicU64::new(0)),
            cancel: super::Cancel::default(),
            root_skip: Arc::from([]),
            parallel: rayon::current_num_threads() > 1,
            set_play: false,
            keep_mating: None,
            goal_is_end: None,
            stop_on_short: false,
            reciprocal: None,
            reciprocal_own_first: false,
            penultimate: None,
            other_goal: None,
            goal_side_avoids: None,
            parry: None,
            help_role: Role::Help,
            mate_bound: None,
            path_walk: None,
            out,
        }
    }

    /// Positions expanded so far by this searcher and the forks already
    /// finished.
    pub fn nodes(&self) -> u64 {
        self.nodes + self.node_total.load(Ordering::Relaxed)
    }

    /// Stops the search early when `cancel` is set: every node then has no
    /// moves, so the searches unwind at once (their result is meaningless,
    /// and [`super::solve_with`] reports [`super::SolveError::Cancelled`]).
    pub fn with_cancel(mut self, cancel: super::Cancel) -> Searcher<'s> {
        self.cancel = cancel;
        self
    }

    /// How help moves are numbered (`super::help_role`).
    pub fn with_help_role(mut self, role: Role) -> Searcher<'s> {
        self.help_role = role;
        self
    }

    /// `start` or `upto` with a move path: the moves of the levels below
    /// the first move that the paths reach are numbered as they are tried.
    pub fn with_path_walk(mut self, walk: Option<numbering::PathWalk>) -> Searcher<'s> {
        self.path_walk = walk;
        self
    }

    /// The lines that follow are those of the first move numbered `n`
    /// (`None`: not numbered).
    pub fn number_first(&mut self, n: Option<u32>) {
        if let Some(walk) = &mut self.path_walk {
            walk.first(n);
        }
    }

    /// Whether the moves at `depth` are numbered (a move path's level):
    /// such a node is searched in Popeye's order, its moves numbered and
    /// written as they are tried.
    fn numbers_at(&self, depth: usize) -> bool {
        self.path_walk.as_ref().is_some_and(|w| w.numbers_at(depth))
    }

    /// A node of a numbered level: every pseudo-legal move of `pos` in
    /// Popeye's order numbered (at the goal move those Popeye generates
    /// there), those the paths leave out skipped, the others written where
    /// their level is, and `f` called for each legal one. `role`: the part
    /// the moves play. Returns whether a line was found, and whether the
    /// node was searched whole (no move left out, here or below): only
    /// then is its failure one the table may keep.
    fn numbered_moves<F>(
        &mut self,
        pos: &Position,
        depth: usize,
        goal_move: bool,
        role: Role,
        mut f: F,
    ) -> (bool, bool)
    where
        F: FnMut(&mut Searcher<'s>, Move) -> bool,
    {
        let rules = self.judge.rules;
        let mut tried = numbering::first_moves_in_order(pos, &rules);
        if goal_move {
            numbering::keep_goal_reachers(self.judge.goal, &mut tried);
        }
        let legal = self.moves(pos, depth);
        let left_out = self.path_walk.as_ref().map_or(0, |w| w.left_out());
        let mut found = false;
        for (n, &mv) in (1..).zip(&tried) {
            if self.cancel.should_stop() {
                break;
            }
            let Some(walk) = self.path_walk.as_mut() else {
                break;
            };
            let (skipped, written) = walk.try_move(depth, n);
            if skipped {
                continue;
            }
            if let Some(numbers) = written {
                let seconds = walk.seconds();
                self.report(Event::tried(pos, mv, role, &rules, numbers, seconds));
            }
            if legal.contains(&mv) {
                found |= f(self, mv);
            }
        }
        self.put_back(depth, legal);
        let whole = self.path_walk.as_ref().map_or(0, |w| w.left_out()) == left_out;
        (found, whole)
    }

    /// Help mates: cut the nodes from which no mate is within the moves
    /// left, under the rules `relax` stands for (the caller decides that
    /// the bound holds).
    pub fn with_mate_bound(mut self, relax: Option<super::mate_relax::Relaxation>) -> Searcher<'s> {
        self.mate_bound = relax;
        self
    }

    /// Whether the last move, the side to move's in `pos`, is to stalemate
    /// and no move can (`stalemate_bound.rs`).
    fn stalemate_out_of_reach(&self, pos: &Position) -> bool {
        let rules = &self.judge.rules;
        self.judge.goal == Goal::Stalemate
            && super::stalemate_bound::applies(rules, pos)
            && super::stalemate_bound::out_of_reach_in_one(pos, rules)
    }

    /// Whether, the goal a stalemate of `stalemated`, its units cannot all
    /// be left without a move in `own` moves of its own and `other` of the
    /// other side (`immobility_bound.rs`). Asked where the mate bound is
    /// (no option that ends a line elsewhere), in orthodox chess.
    fn immobility_out_of_reach(
        &self,
        pos: &Position,
        stalemated: Color,
        own: u32,
        other: u32,
    ) -> bool {
        self.judge.goal == Goal::Stalemate
            && self.mate_bound.is_some()
            && super::stalemate_bound::applies(&self.judge.rules, pos)
            && super::immobility_bound::out_of_reach(pos, stalemated, own, other)
    }

    /// Whether no mate can end the help play from `pos` in `plies`
    /// half-moves (the side that makes the last one mates).
    fn mate_out_of_reach(
        &self,
        pos: &Position,
        relax: &super::mate_relax::Relaxation,
        plies: u32,
        ending: Ending,
    ) -> bool {
        let mating = if plies % 2 == 1 {
            pos.turn
        } else {
            pos.turn.opponent()
        };
        !super::mate_bound::may_end(pos, relax, ending, mating, plies.div_ceil(2), plies / 2)
    }

    /// Help and series play to a mate or stalemate in orthodox chess, the
    /// side to be mated to move in `pos` with `mated_after` moves of its
    /// own left after this one and the other side `mating_moves`: where
    /// the bound finds no end even if it passed, drops the moves that
    /// cannot matter (`mate_bound::moves_that_matter`) before they are
    /// played. Their lines have no end, so the output is the same.
    fn keep_moves_that_matter(
        &self,
        pos: &Position,
        mating_moves: u32,
        mated_after: u32,
        moves: &mut Vec<Move>,
    ) {
        let Some(relax) = self.mate_bound.as_ref() else {
            return;
        };
        let keep = super::mate_bound::moves_that_matter(
            pos,
            relax,
            self.bound_ending(),
            pos.turn.opponent(),
            mating_moves,
            mated_after,
        );
        if let Some(keep) = keep {
            moves.retain(|mv| keep.matters(mv));
            let ending = (self.bound_ending(), mating_moves, mated_after);
            keep.drop_idle_units(pos, relax, ending, moves);
        }
    }

    /// What the bound of `mate_bound.rs` asks of the last move: the goal's
    /// mate, or its stalemate.
    fn bound_ending(&self) -> Ending {
        if self.judge.goal == Goal::Stalemate {
            Ending::Stalemate
        } else {
            Ending::Mate
        }
    }

    /// Whether the help play from `pos`, `plies` help moves to come, can
    /// reach no mate it needs: the last help move's (h#), or at the
    /// reciprocal end (reci-h) the other side's after the side to move
    /// helps, and that side's own where its goal is a mate too.
    fn help_mate_out_of_reach(&self, pos: &Position, plies: u32, end: HelpEnd) -> bool {
        self.help_king_out_of_reach(pos, plies, end)
            || end == HelpEnd::Goal && {
                let stalemated = if plies % 2 == 1 {
                    pos.turn.opponent()
                } else {
                    pos.turn
                };
                self.immobility_out_of_reach(pos, stalemated, plies / 2, plies.div_ceil(2))
            }
    }

    /// The part of [`Self::help_mate_out_of_reach`] the mate bound
    /// answers: the king's end.
    fn help_king_out_of_reach(&self, pos: &Position, plies: u32, end: HelpEnd) -> bool {
        let Some(relax) = self.mate_bound.as_ref() else {
            return false;
        };
        count(Counter::Bounds, plies, 1);
        let ending = self.bound_ending();
        match end {
            HelpEnd::Goal => self.mate_out_of_reach(pos, relax, plies, ending),
            HelpEnd::Reciprocal => {
                self.mate_out_of_reach(pos, relax, plies + 2, ending)
                    || self
                        .reciprocal
                        .as_ref()
                        .is_some_and(|own| own.goal == Goal::Mate)
                        && self.mate_out_of_reach(pos, relax, plies + 1, Ending::Mate)
            }
            _ => false,
        }
    }

    /// Whether no mate can end the series from `pos`, `left` series moves
    /// to come and at most `other` moves of the other side (its parries,
    /// and in ser-h its move that mates). Asked only where the series side
    /// (ser-#) or the other side (ser-h#) mates; the bound counts each
    /// side's moves, not their order, so the series is a help play to it.
    fn series_mate_out_of_reach(
        &self,
        pos: &Position,
        left: u32,
        end: SeriesEnd,
        other: u32,
    ) -> bool {
        self.series_king_out_of_reach(pos, left, end, other)
            || end == SeriesEnd::Help && self.immobility_out_of_reach(pos, pos.turn, left, other)
    }

    /// The part of [`Self::series_mate_out_of_reach`] the mate bound
    /// answers: the king's end.
    fn series_king_out_of_reach(
        &self,
        pos: &Position,
        left: u32,
        end: SeriesEnd,
        other: u32,
    ) -> bool {
        let Some(relax) = self.mate_bound.as_ref() else {
            return false;
        };
        count(Counter::Bounds, left, 1);
        let (mating, mating_moves, mated_moves) = match end {
            SeriesEnd::Direct => (pos.turn, left, other),
            SeriesEnd::Help => (pos.turn.opponent(), other, left),
            _ => return false,
        };
        !super::mate_bound::may_end(
            pos,
            relax,
            self.bound_ending(),
            mating,
            mating_moves,
            mated_moves,
        )
    }

    /// A proof game or `a=>b`: the position to reach.
    pub fn with_proof(mut self, target: Option<Arc<ProofTarget>>) -> Searcher<'s> {
        self.judge.proof = target;
        self
    }

    /// The part a help move plays: a proof game's moves are numbered
    /// otherwise.
    fn help_role(&self) -> Role {
        if self.judge.proof.is_some() {
            Role::Proof
        } else {
            self.help_role
        }
    }

    /// Whether the proof game's target is out of reach from `pos` with
    /// `own` moves left to the side to move and `other` to the other.
    #[inline]
    fn out_of_reach(&self, pos: &Position, own: u32, other: u32) -> bool {
        self.judge
            .proof
            .as_ref()
            .is_some_and(|t| !t.may_reach(pos, own, other))
    }

    /// `goalisend`: `side`'s moves end the play when they reach the goal.
    pub fn with_goal_is_end(mut self, side: Option<Color>) -> Searcher<'s> {
        self.goal_is_end = side;
        self.salt ^= Judge::goal_is_end_salt(side);
        self
    }

    fn ends_play(&mut self, pos: &Position, mv: &Move, after: &Position) -> bool {
        self.judge.ends_play(self.goal_is_end, pos, mv, after)
    }

    /// `keepmatingpiece`: a line fails once `side` has no unit but its
    /// king.
    pub fn with_keep_mating(mut self, side: Option<Color>) -> Searcher<'s> {
        self.keep_mating = side;
        self
    }

    /// `reci-h`: the reciprocal goal, mixed into the table's keys;
    /// `own_first`: its goal moves are written before the help lines.
    pub fn with_reciprocal(mut self, goal: Option<Goal>, own_first: bool) -> Searcher<'s> {
        self.reciprocal_own_first = own_first;
        if let Some(goal) = goal {
            self.salt = super::table::mix_salt(self.salt, goal);
            self.reciprocal = Some(Box::new(Judge::for_lines(self.judge.rules, goal)));
        }
        self
    }

    /// Help play: the goal the last move but one must reach, mixed into
    /// the table's keys.
    pub fn with_penultimate(mut self, goal: Option<Goal>) -> Searcher<'s> {
        if let Some(goal) = goal {
            self.salt = super::table::mix_salt(self.salt, (goal, "penultimate"));
            self.penultimate = Some(Box::new(Judge::for_lines(self.judge.rules, goal)));
        }
        self
    }

    /// Help play: the goal of the moves of the side that does not make
    /// the last move, mixed into the table's keys.
    pub fn with_other_goal(mut self, goal: Option<Goal>) -> Searcher<'s> {
        if let Some(goal) = goal {
            self.salt = super::table::mix_salt(self.salt, (goal, "other goal"));
            self.other_goal = Some(Box::new(Judge::for_lines(self.judge.rules, goal)));
        }
        self
    }

    /// Help play: the goal the goal side's moves before the last may not
    /// reach, mixed into the table's keys.
    pub fn with_goal_side_avoids(mut self, goal: Option<Goal>) -> Searcher<'s> {
        if let Some(goal) = goal {
            self.salt = super::table::mix_salt(self.salt, (goal, "goal side avoids"));
            self.goal_side_avoids = Some(Box::new(Judge::for_lines(self.judge.rules, goal)));
        }
        self
    }

    /// The side whose forced last move may reach a goal that leaves its
    /// own king in check (`ser-s##!`: the counter-mate the other side is
    /// forced into): its lists then hold those self-checks, as in play
    /// with defence.
    pub fn with_forced_self_checks(mut self, side: Option<Color>) -> Searcher<'s> {
        if let Some(side) = side.filter(|_| self.judge.goal.allows_self_check()) {
            self.judge.self_checks_in_lists = true;
            self.judge.self_checks_side = Some(side);
        }
        self
    }

    /// `pser-`, `phser-`: the parries, mixed into the table's keys.
    pub fn with_parry(mut self, parry: Option<Parry>) -> Searcher<'s> {
        if let Some(parry) = parry {
            self.salt = super::table::mix_salt(self.salt, parry);
            self.parry = Some(parry);
        }
        self
    }

    /// `stoponshortsolutions`.
    pub fn with_stop_on_short(mut self, stop: bool) -> Searcher<'s> {
        self.stop_on_short = stop;
        self
    }

    /// With `stoponshortsolutions`, after the lines of length `len`:
    /// whether the play stops (a shorter length had solutions), said as
    /// Popeye's "Partial solution".
    fn stops_short(&mut self, play: LinePlay, len: u32, found: bool) -> bool {
        let stops = self.stop_on_short && found && play.lengths().last() != Some(len);
        if stops {
            self.report(Event::Incomplete(super::play::Incompleteness::Partial));
        }
        stops
    }

    /// Leaves out these first moves (option `start`: Popeye never tries
    /// the moves numbered before it).
    pub fn with_root_skip(mut self, skip: Arc<[Move]>) -> Searcher<'s> {
        self.root_skip = skip;
        self
    }

    /// Reports `event` where the lines go, in its place among them.
    pub fn report(&mut self, event: Event) {
        self.out.push(event);
    }

    /// Whether the lines found from now on are set play.
    pub fn set_play(&mut self, set_play: bool) {
        self.set_play = set_play;
    }

    /// Whether the table knows that `question` fails for `n` from `hash`.
    #[inline]
    fn known_to_fail(&self, hash: u64, question: Question, n: u32) -> bool {
        self.table.probe(hash, question, n, self.salt).is_some()
    }

    /// Remembers that `question` fails for `n` from `hash`, unless the
    /// search was stopped: then the failure may only be that of a search
    /// cut short (a stolen half given back is searched again, through the
    /// same table).
    #[inline]
    fn record_failure(&self, hash: u64, question: Question, n: u32) {
        self.remember(hash, question, n, 1);
    }

    #[inline]
    fn remember(&self, hash: u64, question: Question, n: u32, value: u64) {
        if !self.cancel.should_stop() {
            self.table.store(hash, question, n, self.salt, value);
        }
    }

    /// The legal moves in `pos`, in the buffer of `depth`, taken out so the
    /// caller can recurse; give it back with [`Searcher::put_back`].
    fn moves(&mut self, pos: &Position, depth: usize) -> Vec<Move> {
        self.nodes += 1;
        let mut buf = self.buffers.take(depth);
        self.judge.moves_unless_stopped(pos, &self.cancel, &mut buf);
        buf
    }

    /// [`Searcher::moves`] in the order Popeye tries them: the order in
    /// which the lines below them are reported.
    fn moves_in_order(&mut self, pos: &Position, depth: usize) -> Vec<Move> {
        let mut moves = self.moves(pos, depth);
        popeye_order::sort(&mut moves, &self.judge.rules, pos.turn);
        moves
    }

    fn put_back(&mut self, depth: usize, buf: Vec<Move>) {
        self.buffers.put_back(depth, buf);
    }

    /// Calls `f` for each of `moves` in the generator's order, and reports
    /// what they find in Popeye's order of the moves. For the nodes next to
    /// the leaves, where little is found and sorting every node's moves
    /// would cost more than the search: what a move finds is held until
    /// the node is done (a few lines at most), then passed on in order.
    /// `turn`: the side the moves are played by.
    fn each_move_reordered<F>(&mut self, moves: &[Move], turn: Color, mut f: F) -> bool
    where
        F: FnMut(&mut Searcher<'s>, Move) -> bool,
    {
        let outer = std::mem::replace(&mut self.out, Out::Buffer(Vec::new()));
        let mut found_by: Vec<(Move, usize)> = Vec::new();
        let mut found = false;
        for &mv in moves {
            if f(self, mv) {
                found = true;
                let held = match &self.out {
                    Out::Buffer(events) => events.len(),
                    _ => unreachable!("the output was swapped for a buffer"),
                };
                found_by.push((mv, held));
            }
        }
        let held = std::mem::replace(&mut self.out, outer).take_buffer();
        // Each move's events are the run since the previous one's end.
        let mut runs: Vec<(Move, std::ops::Range<usize>)> = found_by
            .iter()
            .scan(0, |start, &(mv, end)| {
                let run = (mv, *start..end);
                *start = end;
                Some(run)
            })
            .collect();
        let mut moves_found: Vec<Move> = runs.iter().map(|(mv, _)| *mv).collect();
        popeye_order::sort(&mut moves_found, &self.judge.rules, turn);
        let mut held: Vec<Option<Event>> = held.into_iter().map(Some).collect();
        for mv in moves_found {
            let i = runs
                .iter()
                .position(|(m, _)| *m == mv)
                .expect("a run per move");
            let (_, run) = runs.swap_remove(i);
            for e in &mut held[run] {
                self.out.push(e.take().expect("each event once"));
            }
        }
        found
    }

    /// Reports the line that ends with `last`.
    fn report_line(&mut self, last: &Step) {
        self.report_line_reaching(last, None, false);
    }

    /// Reports the line that ends with `last`, which reaches `own_goal`
    /// where that is not the stipulation's goal: Black's own goal of
    /// `reci-h`, the second part of a solution, or the other side's goal
    /// of a structured help play, a solution of its own (`solves`).
    fn report_line_reaching(&mut self, last: &Step, own_goal: Option<Goal>, solves: bool) {
        let mut steps = Vec::new();
        let mut step = Some(last);
        while let Some(s) = step {
            steps.push(s);
            step = s.parent;
        }
        let rules = self.judge.rules;
        // FuddledMen: Popeye judges each check mark with the units fuddled
        // at the line's end.
        let end = rules
            .has(crate::rules::Condition::FuddledMen)
            .then(|| last.before.play(&last.mv));
        let moves = steps
            .iter()
            .rev()
            .enumerate()
            .map(|(i, s)| Played {
                mv: s.mv,
                before: *s.before,
                role: s.role,
                goal: i + 1 == steps.len(),
                own_goal: own_goal.filter(|_| i + 1 == steps.len()),
                own_goal_solves: solves && i + 1 == steps.len(),
                check: {
                    let after = s.before.play(&s.mv);
                    let after = match &end {
                        Some(end) => {
                            crate::rules::conditions::fuddled_men::as_at_line_end(after, end)
                        }
                        None => after,
                    };
                    rules.in_check(&after, s.before.turn.opponent())
                },
                remark: Remark::None,
            })
            .collect();
        let set_play = self.set_play;
        self.out.push(Event::Line { moves, set_play });
    }

    // ---- the plays ----

    /// Every line of `play` from `pos`, shortest first; `path` leads to
    /// `pos` (an intro before the main play). At the top (`depth` 0, no
    /// path) the first moves are shared out among threads and counted for
    /// the progress bar. Returns whether any line was found.
    pub fn lines(
        &mut self,
        pos: &Position,
        play: LinePlay,
        depth: usize,
        path: Option<&Step>,
    ) -> bool {
        if self.series_blocked(pos, play, depth) {
            // In the diagram Popeye writes the goal moves that break the
            // obligation, marked, as it does in r# and hr#.
            if depth == 0 && path.is_none() {
                self.reflex_goal_lines(pos, depth, path, Role::Obliged);
            }
            return false;
        }
        // hs#n.5 begins where the other side may already be forced to
        // reach the goal: that is its shortest line (hs#0.5), and as after
        // any help move of the side that makes the last one, nothing goes
        // on from there (nothing at all under exact-).
        if let LinePlay::Main(MainPlay::Help {
            plies,
            exact,
            end: HelpEnd::SelfPlay,
            ..
        }) = play
        {
            if plies.is_multiple_of(2) && self.forced_to_goal(pos, depth) {
                return !exact && self.forced_goal_lines_after(pos, depth, path);
            }
        }
        // hr#: likewise where the other side can already reach the goal
        // (hr#0.5); and no line begins where the side that makes the last
        // help move could reach it.
        if let LinePlay::Main(MainPlay::Help {
            plies,
            exact,
            end: HelpEnd::Reflex,
            ..
        }) = play
        {
            if self.can_reach_goal(pos, depth) {
                if plies.is_multiple_of(2) {
                    return !exact && self.reflex_goal_lines(pos, depth, path, Role::Forced);
                }
                // Popeye writes the goal moves that break the obligation,
                // marked, as it does in r#.
                self.reflex_goal_lines(pos, depth, path, Role::Obliged);
                return false;
            }
        }
        let top = depth == 0 && path.is_none();
        let mut found = false;
        for len in play.lengths() {
            if len == 0 {
                let roles = reciprocal_roles(play);
                let whole = play.lengths().last() == Some(0);
                found |= self.reciprocal_end(pos, depth, path, roles, whole);
                if top && self.stops_short(play, len, found) {
                    break;
                }
                continue;
            }
            let mut moves = self.moves_in_order(pos, depth);
            self.add_last_series_self_checks(pos, play, len, &mut moves);
            if top {
                moves.retain(|m| !self.root_skip.contains(m));
                self.cancel.root_started(len, moves.len());
            }
            let parallel = self.parallel && top;
            found |= each_move(self, &moves, parallel, &|s: &mut Searcher<'s>, mv| {
                let found = s.first_move(pos, mv, play, len, depth, path);
                if top {
                    s.out.root_moves_done(1, &s.cancel);
                }
                found
            });
            self.put_back(depth, moves);
            if top && self.stops_short(play, len, found) {
                break;
            }
        }
        found
    }

    /// The shorter lines of `play` from `pos`, every first move, shortest
    /// first: with `movenumbers` Popeye finds these before it numbers the
    /// first moves of the full length. Returns whether the play stops
    /// there (`stoponshortsolutions`).
    pub fn shorter_lines(&mut self, pos: &Position, play: LinePlay) -> bool {
        if self.series_blocked(pos, play, 0) {
            return false;
        }
        let full = play.lengths().last();
        let mut found = false;
        for len in play.lengths().filter(|&len| Some(len) != full) {
            if len == 0 {
                found |= self.reciprocal_end(pos, 0, None, reciprocal_roles(play), false);
                if self.stops_short(play, len, found) {
                    return true;
                }
                continue;
            }
            let mut moves = self.moves_in_order(pos, 0);
            self.add_last_series_self_checks(pos, play, len, &mut moves);
            for &mv in &moves {
                found |= self.first_move(pos, mv, play, len, 0, None);
            }
            self.put_back(0, moves);
            if self.stops_short(play, len, found) {
                return true;
            }
        }
        false
    }

    /// The lines of `play` of its full length from `pos` that start with
    /// `mv` (option `movenumbers`, which reports by first move). `mv` must
    /// be one of the legal moves.
    pub fn lines_from(&mut self, pos: &Position, mv: Move, play: LinePlay) -> bool {
        if self.series_blocked(pos, play, 0) {
            return false;
        }
        match play.lengths().last() {
            // A reciprocal end with no move before it has no first move to
            // number (`reci-h#1` refuses `movenumbers`).
            Some(0) | None => false,
            Some(len) => self.first_move(pos, mv, play, len, 0, None),
        }
    }

    /// The lines of `play` of length `len` that start with `mv` from `pos`.
    fn first_move(
        &mut self,
        pos: &Position,
        mv: Move,
        play: LinePlay,
        len: u32,
        depth: usize,
        path: Option<&Step>,
    ) -> bool {
        match play {
            LinePlay::Main(MainPlay::Help { end, .. }) => {
                self.help_move(pos, mv, len, end, depth, path)
            }
            LinePlay::Main(MainPlay::Series { end, .. }) => {
                self.series_move(pos, mv, len, end, depth, path)
            }
            LinePlay::Intro { main, pass, .. } => {
                self.intro_move(pos, mv, len, (main, pass), depth, path)
            }
        }
    }

    /// A play of one move that reaches the goal at once: the goal's
    /// self-checks (`ser-##!1`, `h##!0.5`), which the lists of help and
    /// series play lack.
    fn add_last_series_self_checks(
        &mut self,
        pos: &Position,
        play: LinePlay,
        len: u32,
        moves: &mut Vec<Move>,
    ) {
        let last = matches!(
            play,
            LinePlay::Main(
                MainPlay::Series {
                    end: SeriesEnd::Direct,
                    ..
                } | MainPlay::Help {
                    end: HelpEnd::Goal,
                    ..
                }
            )
        );
        if last && len == 1 && !self.judge.self_checks_in_lists {
            self.judge.add_goal_self_checks(pos, moves);
            popeye_order::sort(moves, &self.judge.rules, pos.turn);
        }
    }

    /// ser-r: the series side may not begin a series while it could reach
    /// the goal at once.
    fn series_blocked(&mut self, pos: &Position, play: LinePlay, depth: usize) -> bool {
        matches!(play, LinePlay::Main(MainPlay::Series { end, .. }) if self.reflex_blocked(pos, end, depth))
    }

    // ---- help play ----

    /// The lines of `plies` half-moves that start with the help move `mv`.
    fn help_move(
        &mut self,
        pos: &Position,
        mv: Move,
        plies: u32,
        end: HelpEnd,
        depth: usize,
        path: Option<&Step>,
    ) -> bool {
        let after = pos.play(&mv);
        if self.ends_play(pos, &mv, &after) {
            return false;
        }
        if let Some(side) = self.keep_mating {
            if (after.by_color(side) & !after.by_kind(Kind::KING)).is_empty() {
                return false;
            }
        }
        let step = Step {
            before: pos,
            mv,
            role: self.help_role(),
            parent: path,
        };
        if plies == 1 {
            return self.last_help_move(&after, &step, end, depth + 1);
        }
        // The constraint on the goal side's letter holds after each of its
        // moves that the other side answers.
        if end == HelpEnd::Goal && (plies - 1).is_multiple_of(2) {
            if let Some(judge) = self.goal_side_avoids.as_mut() {
                if judge.reached(pos, &mv, &after) {
                    return false;
                }
            }
        }
        // A move of the other side reaching its own goal ends the line:
        // a solution where it is the last move but one (the lines of the
        // length a half-move shorter), else one that a shorter length
        // holds.
        if !(plies - 1).is_multiple_of(2) {
            let reached = self
                .other_goal
                .as_mut()
                .and_then(|judge| judge.reached(pos, &mv, &after).then_some(judge.goal));
            if let Some(goal) = reached {
                if plies == 2 {
                    self.report_line_reaching(&step, Some(goal), true);
                }
                return plies == 2;
            }
        }
        if plies == 2 {
            if let Some(judge) = self.penultimate.as_mut() {
                if !judge.reached(pos, &mv, &after) {
                    return false;
                }
            }
        }
        // A move of the side that makes the last move ends the line when
        // it reaches the goal already (a check in h+, a capture in hx);
        // Popeye goes no further. (A goal that leaves no move ends it of
        // itself.) Not where the goal is a nested branch's after a
        // constrained move (`Stipulation::penultimate`): Popeye tests it
        // there only.
        if end == HelpEnd::Goal
            && self.penultimate.is_none()
            && (plies - 1).is_multiple_of(2)
            && !self.judge.leaves_no_move()
            && self.judge.reached(pos, &mv, &after)
        {
            return false;
        }
        // Likewise in hs: a move of the side that makes the last help move
        // after which the other side is already forced to reach the goal
        // ends the line (Popeye's forced end is tested there too).
        if end == HelpEnd::SelfPlay
            && (plies - 1).is_multiple_of(2)
            && self.forced_to_goal(&after, depth + 1)
        {
            return false;
        }
        // In hr neither side may be able to reach the goal before the end:
        // the other side would have to, the side that makes the last help
        // move must not be able to.
        if end == HelpEnd::Reflex && self.can_reach_goal(&after, depth + 1) {
            return false;
        }
        // With `>` the other side must reach it where it can: the line
        // ends after a move of the side that makes the last help move (a
        // shorter line holds that end).
        if end == HelpEnd::SemiReflex
            && (plies - 1).is_multiple_of(2)
            && self.can_reach_goal(&after, depth + 1)
        {
            return false;
        }
        self.help_lines(&after, plies - 1, end, depth + 1, &step)
    }

    fn help_lines(
        &mut self,
        pos: &Position,
        plies: u32,
        end: HelpEnd,
        depth: usize,
        path: &Step,
    ) -> bool {
        // A numbered level (a move path's) uses the table as Popeye's
        // search does: a position known to fail is not searched again, and
        // nothing is written under it. It keeps a failure only where the
        // paths left no move out (else it is no failure).
        let numbered = self.numbers_at(depth);
        let self_end = plies == 1 && end == HelpEnd::SelfPlay;
        if self_end && !numbered {
            return self.self_moves(pos, depth, path, Role::Help);
        }
        if self.out_of_reach(pos, plies.div_ceil(2), plies / 2) {
            return false;
        }
        let (question, n) = if self_end {
            (Question::HelpSelfFails, 1)
        } else {
            (help_question(end), plies)
        };
        // Cheaper than the probe, and never stored.
        if plies == 1 && end == HelpEnd::Goal && !numbered && self.stalemate_out_of_reach(pos) {
            return false;
        }
        let hash = pos.zobrist();
        count(Counter::Probes, plies, 1);
        if self.known_to_fail(hash, question, n) {
            count(Counter::Hits, plies, 1);
            return false;
        }
        // The table keeps the cut too: the bound costs more than a probe.
        if !numbered && self.help_mate_out_of_reach(pos, plies, end) {
            count(Counter::Cuts, plies, 1);
            self.record_failure(hash, question, n);
            return false;
        }
        let mut whole = true;
        let found = if numbered {
            let role = self.help_role();
            let goal_move = plies == 1 && end == HelpEnd::Goal;
            let found;
            (found, whole) = self.numbered_moves(pos, depth, goal_move, role, |s, mv| {
                s.help_move(pos, mv, plies, end, depth, Some(path))
            });
            found
        } else if plies == 1 && end == HelpEnd::Goal {
            let role = self.help_role();
            self.goal_moves(pos, depth, path, role)
        } else if plies <= REORDER_MAX_PLIES {
            let mut moves = self.moves(pos, depth);
            if end == HelpEnd::Goal && plies.is_multiple_of(2) {
                self.keep_moves_that_matter(pos, plies / 2, plies / 2 - 1, &mut moves);
            }
            count(Counter::Nodes, plies, 1);
            count(Counter::Moves, plies, moves.len() as u64);
            let found = self.each_move_reordered(&moves, pos.turn, |s, mv| {
                s.help_move(pos, mv, plies, end, depth, Some(path))
            });
            self.put_back(depth, moves);
            found
        } else {
            let mut moves = self.moves_in_order(pos, depth);
            if end == HelpEnd::Goal && plies.is_multiple_of(2) {
                self.keep_moves_that_matter(pos, plies / 2, plies / 2 - 1, &mut moves);
            }
            count(Counter::Nodes, plies, 1);
            count(Counter::Moves, plies, moves.len() as u64);
            let parallel = self.parallel && plies >= SPLIT_MIN_PLIES;
            let found = each_move(self, &moves, parallel, &|s: &mut Searcher<'s>, mv| {
                s.help_move(pos, mv, plies, end, depth, Some(path))
            });
            self.put_back(depth, moves);
            found
        };
        if !found && whole {
            count(Counter::Stores, plies, 1);
            self.record_failure(hash, question, n);
        }
        found
    }

    /// After the last help move (`last`, which led to `after`): the line
    /// if it reached the goal (h#), or the other side's forced goal moves
    /// (hs#).
    fn last_help_move(
        &mut self,
        after: &Position,
        last: &Step,
        end: HelpEnd,
        depth: usize,
    ) -> bool {
        match end {
            HelpEnd::Goal => {
                let reached = self.judge.reached(last.before, &last.mv, after);
                if reached {
                    self.report_line(last);
                }
                reached
            }
            HelpEnd::SelfPlay => self.forced_goal_lines(after, depth, last),
            HelpEnd::Reciprocal => {
                self.reciprocal_end(after, depth, Some(last), (Role::Help, Role::Help), false)
            }
            HelpEnd::Reflex | HelpEnd::SemiReflex | HelpEnd::Attack => {
                self.reflex_goal_lines(after, depth, Some(last), Role::Forced)
            }
        }
    }

    /// The reciprocal end of `reci-h` (and `ser-reci-h`) in `pos`, which
    /// `path` leads to: when the side to move both reaches the reciprocal
    /// goal at once and helps the other side reach the stipulation's goal
    /// in one move, the lines of the help (`roles.0` for its move,
    /// `roles.1` for the goal move), then its own goal moves. Popeye tests
    /// the second part before it writes the first. `whole`: the end is
    /// the whole play (`reci-h#1`).
    fn reciprocal_end(
        &mut self,
        pos: &Position,
        depth: usize,
        path: Option<&Step>,
        roles: (Role, Role),
        whole: bool,
    ) -> bool {
        let Some(mut judge) = self.reciprocal.take() else {
            return false;
        };
        // The goal-move search asks `self.judge`: lend it the reciprocal
        // goal's judge for this one question.
        std::mem::swap(&mut self.judge, &mut judge);
        let list = self.goal_move_list(pos, depth);
        std::mem::swap(&mut self.judge, &mut judge);
        self.reciprocal = Some(judge);
        let mut own: Vec<Move> = list.to_vec();
        self.put_back(depth, list);
        if own.is_empty() {
            return false;
        }
        // reci-h#1: Popeye opens the play with a blank line once Black's
        // own goal move is found, before it looks for the help.
        if path.is_none() && whole {
            self.report(Event::Gap);
        }
        let moves = self.moves_in_order(pos, depth);
        let helped = if self.reciprocal_own_first {
            // The help is tested first, then written after the own goal
            // moves.
            let helped = moves.iter().any(|mv| {
                let list = self.goal_move_list(&pos.play(mv), depth + 1);
                let any = !list.is_empty();
                self.put_back(depth + 1, list);
                any
            });
            if helped {
                self.own_goal_lines(pos, path, &mut own, roles.0);
                self.help_goal_lines(pos, depth, path, &moves, roles);
            }
            helped
        } else {
            let helped = self.help_goal_lines(pos, depth, path, &moves, roles);
            if helped {
                // reci-h#1: Popeye writes the two parts as two solutions.
                if path.is_none() && whole {
                    self.report(Event::Gap);
                }
                self.own_goal_lines(pos, path, &mut own, roles.0);
            }
            helped
        };
        self.put_back(depth, moves);
        helped
    }

    /// The help lines of a reciprocal end: each of `moves` followed by the
    /// other side's moves to the stipulation's goal; whether there is one.
    fn help_goal_lines(
        &mut self,
        pos: &Position,
        depth: usize,
        path: Option<&Step>,
        moves: &[Move],
        roles: (Role, Role),
    ) -> bool {
        let mut helped = false;
        for &mv in moves {
            let after = pos.play(&mv);
            let step = Step {
                before: pos,
                mv,
                role: roles.0,
                parent: path,
            };
            helped |= self.goal_moves_remembered(&after, depth + 1, &step, roles.1);
        }
        helped
    }

    /// The reciprocal goal's own lines of a reciprocal end: each of `own`
    /// (the side to move's moves reaching it), in Popeye's order.
    fn own_goal_lines(
        &mut self,
        pos: &Position,
        path: Option<&Step>,
        own: &mut [Move],
        role: Role,
    ) {
        let goal = self.reciprocal.as_ref().map(|j| j.goal);
        popeye_order::sort(own, &self.judge.rules, pos.turn);
        for &mv in own.iter() {
            let step = Step {
                before: pos,
                mv,
                role,
                parent: path,
            };
            self.report_line_reaching(&step, goal, false);
        }
    }

    /// The end of hr#: every move of the side to move that reaches the
    /// goal, after `path` (none: the goal moves are the whole line), in
    /// the part `role`.
    fn reflex_goal_lines(
        &mut self,
        pos: &Position,
        depth: usize,
        path: Option<&Step>,
        role: Role,
    ) -> bool {
        let mut found = self.goal_move_list(pos, depth);
        popeye_order::sort(&mut found, &self.judge.rules, pos.turn);
        for &mv in &found {
            let step = Step {
                before: pos,
                mv,
                role,
                parent: path,
            };
            self.report_line(&step);
        }
        let any = !found.is_empty();
        self.put_back(depth, found);
        any
    }

    /// The moves after which the other side is forced to reach the goal
    /// (the keys of a s#1), each followed by those forced moves: the end of
    /// hs# and ser-hs#. Each candidate costs a full move generation of the
    /// other side, so the answer is always remembered.
    fn self_moves(&mut self, pos: &Position, depth: usize, path: &Step, role: Role) -> bool {
        let hash = pos.zobrist();
        if self.known_to_fail(hash, Question::HelpSelfFails, 1) {
            return false;
        }
        // Most positions have no such move: that is decided on the moves as
        // generated, each played once; the legal list in Popeye's order is
        // made only where one is found, for the lines.
        if self.judge.lists_judged_alone() && !self.any_self_move(pos, depth) {
            self.record_failure(hash, Question::HelpSelfFails, 1);
            return false;
        }
        let moves = self.moves_in_order(pos, depth);
        let mut found = false;
        for &mv in &moves {
            let after = pos.play(&mv);
            if self.ends_play(pos, &mv, &after) {
                continue;
            }
            let step = Step {
                before: pos,
                mv,
                role,
                parent: Some(path),
            };
            found |= self.forced_goal_lines(&after, depth + 1, &step);
        }
        self.put_back(depth, moves);
        if !found {
            self.record_failure(hash, Question::HelpSelfFails, 1);
        }
        found
    }

    /// Whether some move of the side to move in `pos` leaves the other
    /// side forced to reach the goal, the moves tried as generated (where
    /// the lists are judged move by move, `Judge::lists_judged_alone`).
    /// Where none does, the nodes are counted as the search in order
    /// counts them (the list, and each forced-goal test); where one does,
    /// that search counts them.
    fn any_self_move(&mut self, pos: &Position, depth: usize) -> bool {
        if self.cancel.should_stop() {
            return false;
        }
        let nodes = self.nodes;
        self.nodes += 1;
        let rules = self.judge.rules;
        let mut moves = self.buffers.take(depth);
        crate::movegen::pseudo_legal_moves(pos, &rules, &mut moves);
        let mut found = false;
        for mv in &moves {
            let after = pos.play(mv);
            if !crate::movegen::is_legal_after(pos, &rules, mv, &after)
                || self.ends_play(pos, mv, &after)
            {
                continue;
            }
            if self.forced_to_goal(&after, depth + 1) {
                found = true;
                break;
            }
        }
        self.put_back(depth, moves);
        if found {
            self.nodes = nodes;
        }
        found
    }

    /// When every move of the side to move in `pos` reaches the goal (and
    /// it has one), the lines `path` + each of them.
    fn forced_goal_lines(&mut self, pos: &Position, depth: usize, path: &Step) -> bool {
        self.forced_goal_lines_after(pos, depth, Some(path))
    }

    /// [`Searcher::forced_goal_lines`], `path` None where the forced moves
    /// are the first of the line.
    fn forced_goal_lines_after(
        &mut self,
        pos: &Position,
        depth: usize,
        path: Option<&Step>,
    ) -> bool {
        if !self.forced_to_goal(pos, depth) {
            return false;
        }
        let moves = self.moves_in_order(pos, depth);
        for &mv in &moves {
            let step = Step {
                before: pos,
                mv,
                role: Role::Forced,
                parent: path,
            };
            self.report_line(&step);
        }
        self.put_back(depth, moves);
        true
    }

    /// Whether the side to move can reach the goal at once, through the
    /// table (the entry the last half-move of help play uses too).
    fn can_reach_goal(&mut self, pos: &Position, depth: usize) -> bool {
        let hash = pos.zobrist();
        if self.known_to_fail(hash, Question::HelpFails, 1) {
            return false;
        }
        let found = !self.goal_move_list(pos, depth).is_empty();
        if !found {
            self.record_failure(hash, Question::HelpFails, 1);
        }
        found
    }

    /// The lines `path` + each move reaching the goal from `pos`, through
    /// the table: the ends of lines meet the same positions over and over.
    fn goal_moves_remembered(
        &mut self,
        pos: &Position,
        depth: usize,
        path: &Step,
        role: Role,
    ) -> bool {
        let hash = pos.zobrist();
        if self.known_to_fail(hash, Question::HelpFails, 1) {
            return false;
        }
        let found = self.goal_moves(pos, depth, path, role);
        if !found {
            self.record_failure(hash, Question::HelpFails, 1);
        }
        found
    }

    /// The set play of series play: its end alone, from `pos` (the
    /// diagram with the other side to move): that side's goal moves after
    /// ser-h (and, reflex-bound, ser-r), its forced goal moves after
    /// ser-s; each written as a move of the other side (`1...`). False
    /// where there is none, and for the ends that have no such set play.
    pub fn series_set_play(&mut self, pos: &Position, end: SeriesEnd) -> bool {
        match end {
            SeriesEnd::Help | SeriesEnd::Reflex => {
                let mut found = self.goal_move_list(pos, 0);
                popeye_order::sort(&mut found, &self.judge.rules, pos.turn);
                for &mv in &found {
                    self.report_line(&Step {
                        before: pos,
                        mv,
                        role: Role::Help,
                        parent: None,
                    });
                }
                let any = !found.is_empty();
                self.put_back(0, found);
                any
            }
            SeriesEnd::SelfPlay => self.forced_goal_lines_after(pos, 0, None),
            _ => false,
        }
    }

    /// The lines `path` + each move reaching the goal from `pos`.
    fn goal_moves(&mut self, pos: &Position, depth: usize, path: &Step, role: Role) -> bool {
        let mut found = self.goal_move_list(pos, depth);
        popeye_order::sort(&mut found, &self.judge.rules, pos.turn);
        for &mv in &found {
            let step = Step {
                before: pos,
                mv,
                role,
                parent: Some(path),
            };
            self.report_line(&step);
        }
        let any = !found.is_empty();
        self.put_back(depth, found);
        any
    }

    /// The moves that reach the goal at once, in the buffer of `depth`.
    /// The commonest question of all (every help and series line ends with
    /// it), so it is asked cheaply: for goals that need check, only the
    /// moves that could check are played, and their legality is tested
    /// only when they do check.
    fn goal_move_list(&mut self, pos: &Position, depth: usize) -> Vec<Move> {
        let needs_check = matches!(
            self.judge.goal,
            Goal::Mate | Goal::Check | Goal::DoubleMate | Goal::CounterMate
        );
        let self_check = self.judge.goal.allows_self_check();
        self.nodes += 1;
        let mut moves = self.buffers.take(depth);
        // A double mate needs a side that could move before giving it, a
        // counter-mate a side that is mated.
        if self.cancel.should_stop()
            || self_check && {
                let stuck = !self.judge.can_move(pos);
                !self.judge.prerequisite_met(pos, stuck)
            }
        {
            return moves;
        }
        // Under a condition that filters the legal list as a whole
        // (Maximummer), a move is legal only among all the others.
        let alone = self.judge.goal_rules.moves_judged_alone();
        if alone {
            pseudo_legal_moves(pos, &self.judge.goal_rules, &mut moves);
        } else if self_check {
            // The filter weighs a move that gives the double mate among the
            // legal ones, though it leaves its own king in check (Popeye's
            // Maximummer plays the longest move when it mates both kings);
            // so too the other goals a self-check may reach.
            pseudo_legal_moves(pos, &self.judge.rules, &mut moves);
            let judge = &mut self.judge;
            moves.retain(|mv| {
                let after = pos.play(mv);
                if is_legal_after(pos, &judge.rules, mv, &after) {
                    return true;
                }
                let rules = &judge.rules;
                (rules.conditions.is_empty()
                    || rules.conditions.legal_after(rules, pos, mv, &after))
                    && judge.reached(pos, mv, &after)
            });
            let rules = &self.judge.rules;
            if !rules.conditions.is_empty() {
                rules.conditions.filter(rules, pos, &mut moves, 0);
            }
        } else {
            crate::movegen::legal_moves(pos, &self.judge.goal_rules, &mut moves);
        }
        if needs_check {
            retain_checking_candidates(pos, &self.judge.goal_rules, &mut moves);
        }
        let (rules, goal) = (&self.judge.rules, self.judge.goal);
        if !rules.conditions.is_empty() {
            moves.retain(|mv| bicaptures::may_end_with(rules, goal, pos, mv));
        }
        // A proof game's last move must arrive where the target differs.
        let proof = matches!(self.judge.goal, Goal::ProofGame | Goal::AToB);
        if let Some(arrivals) = self
            .judge
            .proof
            .as_ref()
            .filter(|_| proof)
            .and_then(|t| t.last_arrivals(pos))
        {
            moves.retain(|mv| arrivals.contains(mv.to));
        }
        count(Counter::Nodes, 1, 1);
        count(Counter::Moves, 1, moves.len() as u64);
        let judge = &mut self.judge;
        moves.retain(|mv| {
            let after = pos.play(mv);
            if needs_check && !judge.in_check(&after) {
                return false;
            }
            // A double mate's final move leaves its own king in check.
            let legal = !alone || self_check || is_legal_after(pos, &judge.goal_rules, mv, &after);
            legal && judge.reached(pos, mv, &after)
        });
        moves
    }

    // ---- series play ----

    /// The series of exactly `left` moves that start with `mv`: the last
    /// one ends the series (followed by the other side's goal move in
    /// ser-h#, its forced moves in ser-s#...), the others lead on.
    fn series_move(
        &mut self,
        pos: &Position,
        mv: Move,
        left: u32,
        end: SeriesEnd,
        depth: usize,
        path: Option<&Step>,
    ) -> bool {
        let after = pos.play(&mv);
        // Under `goalisend` a series move before the last that reaches the
        // goal ends the play whichever side makes the goal move (ser-hs
        // too, where the series side does).
        let early = left > 1 && self.goal_is_end.is_some();
        if (early || self.goal_is_end == Some(pos.turn)) && self.judge.reached(pos, &mv, &after) {
            return false;
        }
        let step = Step {
            before: pos,
            mv,
            role: Role::Series,
            parent: path,
        };
        let checks = self.judge.in_check(&after);
        if left == 1 {
            return match end {
                SeriesEnd::Direct => {
                    let reached = self.judge.reached(pos, &mv, &after);
                    if reached {
                        self.report_line(&step);
                    }
                    reached
                }
                // The last series move may check: the other side answers it
                // (Popeye's `8.Db6-b8 + c7*b8=L =`).
                SeriesEnd::Help if self.stalemate_out_of_reach(&after) => false,
                SeriesEnd::Help | SeriesEnd::Reflex | SeriesEnd::SemiReflex => {
                    self.goal_moves_remembered(&after, depth + 1, &step, Role::Reply)
                }
                SeriesEnd::TwoReplies => self.two_replies(&after, depth + 1, &step),
                SeriesEnd::SelfPlay => self.forced_goal_lines(&after, depth + 1, &step),
                SeriesEnd::HelpSelf => self.self_moves(&after, depth + 1, &step, Role::Reply),
                // The series side moves once more: the other side cannot
                // pass while in check.
                SeriesEnd::Reciprocal => {
                    !checks
                        && self.reciprocal_end(
                            &hand_over(&after),
                            depth + 1,
                            Some(&step),
                            (Role::Series, Role::Reply),
                            false,
                        )
                }
            };
        }
        // The series side may not check before its last move (the other
        // side could not pass); a series that reaches its goal ends there
        // (ser-x), unless the goal is an immobility (ser-=: Popeye goes on
        // through a stalemate before the last move), as does one after
        // which the other side is already forced to reach it (ser-s); and
        // in ser-r (and with `>` alone) the series stops where the other
        // side can reach the goal, which it must.
        if checks && self.parry.is_none()
            || end == SeriesEnd::Direct
                && !self.judge.goal.implies_immobility()
                && self.judge.reached(pos, &mv, &after)
            || end == SeriesEnd::SelfPlay && self.forced_to_goal(&after, depth + 1)
            || matches!(end, SeriesEnd::Reflex | SeriesEnd::SemiReflex)
                && self.can_reach_goal(&after, depth + 1)
        {
            return false;
        }
        if let (true, Some(parry)) = (checks, self.parry) {
            return self.parries(&after, parry, left - 1, end, depth + 1, &step);
        }
        // The other side does not move: the series side moves again.
        let again = hand_over(&after);
        self.series_lines(&again, left - 1, end, depth + 1, &step)
    }

    /// The end of `Ns[1s{P}[-1s[G]]]` in `pos`, the other side to move:
    /// each of its moves that reaches P (where given) and leaves the
    /// series side able to pass (not in check), then its goal moves.
    fn two_replies(&mut self, pos: &Position, depth: usize, path: &Step) -> bool {
        let moves = self.moves_in_order(pos, depth);
        let mut found = false;
        for &mv in &moves {
            let after = pos.play(&mv);
            if self.judge.in_check(&after) {
                continue;
            }
            if let Some(judge) = self.penultimate.as_mut() {
                if !judge.reached(pos, &mv, &after) {
                    continue;
                }
            }
            let step = Step {
                before: pos,
                mv,
                role: Role::Reply,
                parent: Some(path),
            };
            found |= self.goal_moves_remembered(&hand_over(&after), depth + 1, &step, Role::Reply);
        }
        self.put_back(depth, moves);
        found
    }

    /// A parry series: the other side, in check in `pos`, parries; then the
    /// series of `left` moves goes on. With `Parry::Defence` every parry
    /// must be met (the lines are written only then), with `Parry::Help`
    /// one is enough. A check nothing parries ends the series early: not
    /// a line of this length.
    fn parries(
        &mut self,
        pos: &Position,
        parry: Parry,
        left: u32,
        end: SeriesEnd,
        depth: usize,
        path: &Step,
    ) -> bool {
        let replies = self.moves_in_order(pos, depth);
        let step = |mv| Step {
            before: pos,
            mv,
            role: Role::Reply,
            parent: Some(path),
        };
        let found = match parry {
            Parry::Help => {
                let mut any = false;
                for &mv in &replies {
                    let next = pos.play(&mv);
                    any |= self.series_lines(&next, left, end, depth + 1, &step(mv));
                }
                any
            }
            Parry::Defence => {
                let outer = std::mem::replace(&mut self.out, Out::Buffer(Vec::new()));
                let every = !replies.is_empty()
                    && replies.iter().all(|&mv| {
                        let next = pos.play(&mv);
                        // pser-s: a parry that itself reaches the goal
                        // does what the series is for; Popeye writes it
                        // as a line of its own (`1.Qg6-c6 + Kc7*c6 =`).
                        if end == SeriesEnd::SelfPlay && self.judge.reached(pos, &mv, &next) {
                            self.report_line(&step(mv));
                            return true;
                        }
                        self.series_lines(&next, left, end, depth + 1, &step(mv))
                    });
                let held = std::mem::replace(&mut self.out, outer).take_buffer();
                if every {
                    for event in held {
                        self.out.push(event);
                    }
                }
                every
            }
        };
        self.put_back(depth, replies);
        found
    }

    /// The series of exactly `left` moves from `pos`.
    ///
    /// The table remembers "no series of exactly k moves from here", and
    /// "none of at most k" once every length up to k has failed, which
    /// answers for every shorter length later.
    fn series_lines(
        &mut self,
        pos: &Position,
        left: u32,
        end: SeriesEnd,
        depth: usize,
        path: &Step,
    ) -> bool {
        let hash = pos.zobrist();
        let exact_n = left * 8 + end as u32;
        let up_to_n = end as u32;
        count(Counter::Probes, left, 1);
        let up_to = self
            .table
            .probe(hash, Question::SeriesUpToFails, up_to_n, self.salt)
            .unwrap_or(0);
        if up_to >= u64::from(left) || self.known_to_fail(hash, Question::SeriesFails, exact_n) {
            count(Counter::Hits, left, 1);
            return false;
        }
        if self.reflex_blocked(pos, end, depth) {
            return false;
        }
        if left == 1
            && end == SeriesEnd::Direct
            && !self.numbers_at(depth)
            && self.stalemate_out_of_reach(pos)
        {
            return false;
        }
        // Towards a position (ser-dia, ser-ha=>b): the series side's moves
        // left, and the other side's one move that ends a ser-h, and in a
        // parry series a parry after each series move but the last.
        let parries = if self.parry.is_some() { left - 1 } else { 0 };
        let other = parries + u32::from(end == SeriesEnd::Help);
        if self.out_of_reach(pos, left, other) {
            return false;
        }
        // The table keeps the cut too: the bound costs more than a probe.
        if !self.numbers_at(depth) && self.series_mate_out_of_reach(pos, left, end, other) {
            count(Counter::Cuts, left, 1);
            self.record_failure(hash, Question::SeriesFails, exact_n);
            return false;
        }
        count(Counter::Nodes, left, 1);
        let mut whole = true;
        let found = if self.numbers_at(depth) {
            // A numbered level (a move path's): as in help play.
            let goal_move = left == 1 && end == SeriesEnd::Direct;
            let found;
            (found, whole) = self.numbered_moves(pos, depth, goal_move, Role::Series, |s, mv| {
                s.series_move(pos, mv, left, end, depth, Some(path))
            });
            found
        } else if left == 1 {
            let mut moves = self.moves(pos, depth);
            if end == SeriesEnd::Direct && !self.judge.self_checks_in_lists {
                self.judge.add_goal_self_checks(pos, &mut moves);
            }
            if end == SeriesEnd::Help && self.parry.is_none() {
                self.keep_moves_that_matter(pos, other, 0, &mut moves);
            }
            count(Counter::Moves, left, moves.len() as u64);
            let found = self.each_move_reordered(&moves, pos.turn, |s, mv| {
                s.series_move(pos, mv, left, end, depth, Some(path))
            });
            self.put_back(depth, moves);
            found
        } else {
            let mut moves = self.moves_in_order(pos, depth);
            // ser-h: the series side is the one to be mated.
            if end == SeriesEnd::Help && self.parry.is_none() {
                self.keep_moves_that_matter(pos, other, left - 1, &mut moves);
            }
            count(Counter::Moves, left, moves.len() as u64);
            let parallel = self.parallel && left >= SPLIT_MIN_MOVES;
            let found = each_move(self, &moves, parallel, &|s: &mut Searcher<'s>, mv| {
                s.series_move(pos, mv, left, end, depth, Some(path))
            });
            self.put_back(depth, moves);
            found
        };
        if !found && whole {
            count(Counter::Stores, left, 1);
            self.record_failure(hash, Question::SeriesFails, exact_n);
            if up_to + 1 == u64::from(left) {
                self.remember(hash, Question::SeriesUpToFails, up_to_n, u64::from(left));
            }
        }
        found
    }

    /// ser-r: whether the series side, to move in `pos`, could reach the
    /// goal at once, which the reflex obligation forbids before every
    /// series move, the first included.
    pub fn reflex_blocked(&mut self, pos: &Position, end: SeriesEnd, depth: usize) -> bool {
        end == SeriesEnd::Reflex && self.can_reach_goal(pos, depth)
    }

    /// Whether the side to move has moves and every one reaches the goal.
    fn forced_to_goal(&mut self, pos: &Position, depth: usize) -> bool {
        self.nodes += 1;
        let mut buf = self.buffers.take(depth);
        let ok = self.judge.forced_to_goal(pos, &self.cancel, &mut buf);
        self.put_back(depth, buf);
        ok
    }

    // ---- intro (`n->`) ----

    /// The intros of exactly `left` moves that start with `mv` from `pos`,
    /// each followed by the main play (whose side then moves, or after
    /// `pass` the intro's side again). The other side cannot pass while in
    /// check, nor would the main play start from check, so no intro move
    /// checks.
    fn intro_move(
        &mut self,
        pos: &Position,
        mv: Move,
        left: u32,
        (main, pass): (MainPlay, bool),
        depth: usize,
        path: Option<&Step>,
    ) -> bool {
        let after = pos.play(&mv);
        if self.judge.in_check(&after) || self.ends_play(pos, &mv, &after) {
            return false;
        }
        let step = Step {
            before: pos,
            mv,
            role: Role::Intro,
            parent: path,
        };
        if left == 1 {
            let start = if pass { hand_over(&after) } else { after };
            return self.lines(&start, LinePlay::Main(main), depth + 1, Some(&step));
        }
        let again = hand_over(&after);
        let hash = again.zobrist();
        if self.known_to_fail(hash, Question::IntroFails, left - 1) {
            return false;
        }
        let mut found = false;
        let mut whole = true;
        if self.numbers_at(depth + 1) {
            // A numbered level (a move path's): as in help play.
            (found, whole) =
                self.numbered_moves(&again, depth + 1, false, Role::Intro, |s, next| {
                    s.intro_move(&again, next, left - 1, (main, pass), depth + 1, Some(&step))
                });
        } else {
            let moves = self.moves_in_order(&again, depth + 1);
            for &next in &moves {
                found |=
                    self.intro_move(&again, next, left - 1, (main, pass), depth + 1, Some(&step));
            }
            self.put_back(depth + 1, moves);
        }
        if !found && whole {
            self.record_failure(hash, Question::IntroFails, left - 1);
        }
        found
    }
}

/// `pos` with the other side to move and no move played in between: the
/// last move stays the one just played, so its double step may still be
/// taken en passant and is still observed so (Madrasi). Popeye plays no
/// half-move for the other side in set play (it begins with that side)
/// nor between the moves of a series or an intro (they follow each other
/// at once).
pub(crate) fn hand_over(pos: &Position) -> Position {
    let mut next = *pos;
    next.turn = pos.turn.opponent();
    next
}

/// The table question that help play with `end` asks.
/// The parts of the moves of a reciprocal end reached with no move of
/// `play` before it.
fn reciprocal_roles(play: LinePlay) -> (Role, Role) {
    match play {
        LinePlay::Main(MainPlay::Series { .. }) => (Role::Series, Role::Reply),
        _ => (Role::Help, Role::Help),
    }
}

fn help_question(end: HelpEnd) -> Question {
    match end {
        HelpEnd::Goal => Question::HelpFails,
        HelpEnd::SelfPlay => Question::HelpSelfFails,
        HelpEnd::Reciprocal => Question::ReciprocalFails,
        HelpEnd::Reflex => Question::HelpReflexFails,
        HelpEnd::SemiReflex => Question::HelpSemiReflexFails,
        HelpEnd::Attack => Question::HelpAttackFails,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::CirceRules;
    use crate::solve::parallel::Held;
    use crate::solve::Cancel;

    /// The lines of h#2 found by a searcher on `table` stopping with
    /// `cancel` and reporting to `out`.
    fn h2_lines(table: &Arc<Table>, cancel: Cancel, out: Out<'static>) -> usize {
        let mut pos =
            Position::from_piece_list("wka1 wqh1 wrd1 bke5 brf8 bpe6 bpd5").expect("diagram");
        pos.turn = crate::board::Color::Black;
        let play = LinePlay::Main(MainPlay::Help {
            plies: 4,
            exact: true,
            shortest: 0,
            end: HelpEnd::Goal,
        });
        let rules = Rules::with_circe(CirceRules::CIRCE);
        let mut s = Searcher::new(rules, Goal::Mate, Arc::clone(table), out).with_cancel(cancel);
        s.lines(&pos, play, 0, None);
        s.out.take_buffer().len()
    }

    #[test]
    fn a_half_given_back_leaves_no_false_failure_in_the_table() {
        let all = h2_lines(
            &Arc::new(Table::new(1)),
            Cancel::default(),
            Out::Buffer(Vec::new()),
        );
        assert!(all > 10, "{all} lines");
        // A worker on a stolen half that may hold nothing gives its half
        // back at the first line and unwinds: every node after that fails.
        let table = Arc::new(Table::new(1));
        let stolen = Cancel::default().for_stolen_half();
        let out = Out::Held(Held::new(0, stolen.clone(), &[]));
        assert_eq!(h2_lines(&table, stolen.clone(), out), 0);
        assert!(stolen.should_stop());
        // The owner then searches through the same table and finds all.
        let again = h2_lines(&table, Cancel::default(), Out::Buffer(Vec::new()));
        assert_eq!(again, all);
    }
}
