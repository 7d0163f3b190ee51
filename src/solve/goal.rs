//! Whether a move reaches the stipulation's goal, and the mark Popeye puts
//! after a move.

use crate::board::{Color, Position, Square};
use crate::movegen::{has_legal_move, pseudo_legal_moves};
use crate::moves::{Fate, Motion, Move};
use crate::rules::Rules;
use crate::stipulation::Goal;

/// Decides goals; owns a scratch buffer so that no test allocates.
pub struct Judge {
    pub rules: Rules,
    pub goal: Goal,
    /// The rules the mate test asks for moves under: `rules` less the
    /// conditions it does not obey (UltraSchachZwang).
    mate_rules: Rules,
    /// The rules the stalemate test asks for moves under: `rules` less the
    /// conditions it does not obey (BlackChecks).
    stalemate_rules: Rules,
    /// The rules a goal move obeys: `rules`, but for ChecklessChess with
    /// the goal check (`+`), where Popeye lets the goal move check without
    /// mating (its check guard stops only the moves that do not end play).
    pub goal_rules: Rules,
    /// The rules of the attacker's last move in direct play: `rules`, but
    /// where Popeye makes that move with its orthodox mating-move
    /// generator, which knows no Pepo paralysis.
    last_move_rules: Rules,
    /// Help and series play with those rules: a move before the goal move
    /// may not check at all, even to mate (Popeye's help play stops at any
    /// check there, a mate leaving the goal move no turn).
    checks_stop: bool,
    scratch: Vec<crate::moves::Move>,
    /// Whether every list of moves gets the goal's self-checks (play with
    /// defence, where a goal move ends play); help and series play add them
    /// only where the goal move is played, but for `##`.
    pub self_checks_in_lists: bool,
    /// The side whose lists get them, if only one side's: in play with
    /// defence the side that must reach the goal.
    pub self_checks_side: Option<crate::board::Color>,
    /// The position a proof game or `a=>b` must reach.
    pub proof: Option<std::sync::Arc<super::proof::ProofTarget>>,
    /// Whether a condition defines immobility (MAFF, OWU): a mated or
    /// stalemated side may then have a move.
    immobility_defined: bool,
    /// `Goal::Zugzwang`, `Goal::Allows`: the judge of the goal inside
    /// (the one forced, the one the reply reaches), kept for every test.
    nested: Option<Box<Forced>>,
    /// The move that last missed the goal in [`Judge::forced_to_goal`]
    /// (from, to): asked first at the next test, where it mostly misses
    /// again (the positions tested are siblings).
    killer: Option<(crate::board::Square, crate::board::Square)>,
    /// The move that last reached a mate in [`Judge::reachable`]: asked
    /// first at the next test.
    mating: Option<(crate::board::Square, crate::board::Square)>,
}

/// The judge of the goal inside a zugzwang or an allowed reply, with its
/// own list and stop flag (the test is short; the search's flag is not needed).
struct Forced {
    judge: Judge,
    cancel: super::Cancel,
    moves: Vec<Move>,
}

impl Judge {
    pub fn new(rules: Rules, goal: Goal) -> Judge {
        let mut mate_rules = rules;
        mate_rules.conditions = rules.conditions.for_mate_test(&rules);
        let mut stalemate_rules = rules;
        stalemate_rules.conditions = rules.conditions.for_stalemate_test(&rules);
        let last_move_rules = crate::rules::conditions::pepo::for_last_move(rules, goal);
        let mut goal_rules = last_move_rules;
        if goal == Goal::Check {
            goal_rules
                .conditions
                .remove(crate::rules::Condition::Checkless);
        }
        Judge {
            rules,
            goal,
            mate_rules,
            stalemate_rules,
            goal_rules,
            last_move_rules,
            checks_stop: false,
            scratch: Vec::with_capacity(256),
            self_checks_in_lists: true,
            self_checks_side: None,
            proof: None,
            immobility_defined: rules.conditions.define_immobility(),
            nested: match goal {
                Goal::Zugzwang(forced) | Goal::Allows(forced) => Some(Box::new(Forced {
                    judge: Judge::new(rules, *forced),
                    cancel: super::Cancel::default(),
                    moves: Vec::new(),
                })),
                _ => None,
            },
            killer: None,
            mating: None,
        }
    }

    /// The judge of help and series play: the goal's self-checks only
    /// where the goal move is played (a self-check elsewhere is illegal),
    /// but for `##`, whose lists keep them as before.
    pub fn for_lines(rules: Rules, goal: Goal) -> Judge {
        let mut judge = Judge::new(rules, goal);
        judge.self_checks_in_lists = goal == Goal::DoubleMate;
        judge.checks_stop = judge.goal_rules.conditions != judge.rules.conditions;
        judge
    }

    /// `goalisend`: whether `mv` from `pos`, leading to `after`, ends the
    /// play: a move of `side` (the side that does not make the goal move)
    /// that reaches the goal.
    pub fn ends_play(
        &mut self,
        side: Option<Color>,
        pos: &Position,
        mv: &Move,
        after: &Position,
    ) -> bool {
        side == Some(pos.turn) && self.reached(pos, mv, after)
    }

    /// What `goalisend` for `side` mixes into a search table's keys: the
    /// table's results hold under the option only.
    pub fn goal_is_end_salt(side: Option<Color>) -> u64 {
        side.map_or(0, |side| {
            0x9e37_79b9_7f4a_7c15_u64.rotate_left(side as u32 + 1)
        })
    }

    /// Whether `goal` is about units' identity, so the solver must track
    /// where each diagram unit goes (and key its tables on that).
    pub fn needs_identities(goal: Goal) -> bool {
        if let Goal::Not(_) | Goal::And(..) = goal {
            return goal.leaves().into_iter().any(Judge::needs_identities);
        }
        matches!(
            goal,
            Goal::Circuit
                | Goal::Exchange
                | Goal::CircuitByRebirth
                | Goal::ExchangeByRebirth
                | Goal::Kiss(_)
        )
    }

    /// The moves a node of the search tries from `pos`: the legal moves
    /// and the self-checks its goal allows; none once the search is
    /// stopped, so that it unwinds.
    pub fn moves_unless_stopped(
        &mut self,
        pos: &Position,
        cancel: &super::Cancel,
        out: &mut Vec<Move>,
    ) {
        if !cancel.should_stop() {
            crate::movegen::legal_moves(pos, &self.rules, out);
            if self.checks_stop {
                let rules = &self.rules;
                out.retain(|mv| !rules.in_check(&pos.play(mv), pos.turn.opponent()));
            }
            if self.self_checks_in_lists && self.self_checks_side.is_none_or(|c| c == pos.turn) {
                self.add_goal_self_checks(pos, out);
            }
        }
    }

    /// Whether the attacker's last move in direct play has rules of its
    /// own.
    pub fn last_move_differs(&self) -> bool {
        self.last_move_rules != self.rules
    }

    /// [`Judge::moves_unless_stopped`] for the attacker's last move in
    /// direct play (see `last_move_rules`).
    pub fn last_moves_unless_stopped(
        &mut self,
        pos: &Position,
        cancel: &super::Cancel,
        out: &mut Vec<Move>,
    ) {
        if self.last_move_rules == self.rules {
            return self.moves_unless_stopped(pos, cancel, out);
        }
        let rules = std::mem::replace(&mut self.rules, self.last_move_rules);
        self.moves_unless_stopped(pos, cancel, out);
        self.rules = rules;
    }

    /// Whether the lists of [`Judge::moves_unless_stopped`] are the legal
    /// moves alone, each judged without the others: no condition filters
    /// the list as a whole (before or after legality), no check stops
    /// play, no self-check is added. A list's moves may then be played
    /// and judged one at a time, as generated.
    pub fn lists_judged_alone(&self) -> bool {
        (self.rules.conditions.is_empty()
            || (self.rules.moves_judged_alone() && self.rules.filter_keeps_a_move()))
            && !self.checks_stop
            && !(self.self_checks_in_lists && self.goal.allows_self_check())
    }

    /// Whether the side to move has a move (of those `moves_unless_stopped`
    /// lists) and every one reaches the goal. Where the lists are the legal
    /// moves alone, each pseudo-legal move is played once, for its legality
    /// and its goal together, and the first legal move that misses the goal
    /// ends the test, the rest never played out (nor, for the captures,
    /// resolved: `movegen::all_pseudo_legal`). `out` is a scratch buffer.
    pub fn forced_to_goal(
        &mut self,
        pos: &Position,
        cancel: &super::Cancel,
        out: &mut Vec<Move>,
    ) -> bool {
        if !self.lists_judged_alone() {
            out.clear();
            self.moves_unless_stopped(pos, cancel, out);
            return !out.is_empty()
                && out.iter().all(|mv| {
                    let after = pos.play(mv);
                    self.reached(pos, mv, &after)
                });
        }
        if cancel.should_stop() {
            return false;
        }
        let rules = self.rules;
        let mut any = false;
        let mut missed = None;
        let forced = crate::movegen::all_pseudo_legal(pos, &rules, out, self.killer, |mv| {
            let after = pos.play(mv);
            if !crate::movegen::is_legal_after(pos, &rules, mv, &after) {
                return true;
            }
            any = true;
            let reached = self.reached(pos, mv, &after);
            if !reached {
                missed = Some((mv.from, mv.to));
            }
            reached
        });
        if missed.is_some() {
            self.killer = missed;
        }
        forced && any
    }

    /// Whether the side to move has a move (of those `moves_unless_stopped`
    /// lists) that reaches the goal. `out` is a scratch buffer.
    pub fn reachable(
        &mut self,
        pos: &Position,
        cancel: &super::Cancel,
        out: &mut Vec<Move>,
    ) -> bool {
        if self.goal == Goal::Mate && self.rules.conditions.is_empty() && self.lists_judged_alone()
        {
            if let Some(filter) = super::checks::CheckFilter::new(pos, &self.rules) {
                return !cancel.should_stop() && self.mate_reachable(pos, &filter, out);
            }
        }
        out.clear();
        self.moves_unless_stopped(pos, cancel, out);
        out.iter().any(|mv| {
            let after = pos.play(mv);
            self.reached(pos, mv, &after)
        })
    }

    /// [`Judge::reachable`] for a mate where `filter` tells the moves that
    /// may check: only those are played, the one that mated at the last
    /// test first (the positions tested are siblings, and one mate often
    /// serves them all), and legality is asked only of a move that checks.
    fn mate_reachable(
        &mut self,
        pos: &Position,
        filter: &super::checks::CheckFilter,
        out: &mut Vec<Move>,
    ) -> bool {
        out.clear();
        crate::movegen::pseudo_legal_moves(pos, &self.rules, out);
        out.retain(|mv| filter.may_check(mv));
        if let Some(i) = self
            .mating
            .and_then(|(from, to)| out.iter().position(|m| m.from == from && m.to == to))
        {
            out.swap(0, i);
        }
        for mv in out.iter() {
            let after = pos.play(mv);
            if self.in_check(&after)
                && crate::movegen::is_legal_after(pos, &self.rules, mv, &after)
                && self.reached(pos, mv, &after)
            {
                self.mating = Some((mv.from, mv.to));
                return true;
            }
        }
        false
    }

    /// Appends to the legal moves `out` of `pos` the moves that reach a
    /// double mate (`##`) while leaving the mover's own king in check: after
    /// the final move both sides must be in check and unable to move, so
    /// that move may be a self-check (Popeye's rule).
    /// With ChecklessChess and the goal check, the goal moves are also
    /// the checks the condition forbids elsewhere (`goal_rules`).
    /// `out` holds exactly the legal moves of `pos` when this is called.
    pub fn add_goal_self_checks(&mut self, pos: &Position, out: &mut Vec<Move>) {
        if self.goal == Goal::Check && self.goal_rules.conditions != self.rules.conditions {
            let mut checks = Vec::new();
            crate::movegen::legal_moves(pos, &self.goal_rules, &mut checks);
            for mv in checks {
                let after = pos.play(&mv);
                if self.in_check(&after) && !out.contains(&mv) {
                    out.push(mv);
                }
            }
            return;
        }
        if !self.goal.allows_self_check() || !self.prerequisite_met(pos, out.is_empty()) {
            return;
        }
        let mut pseudo = Vec::new();
        pseudo_legal_moves(pos, &self.rules, &mut pseudo);
        for mv in pseudo {
            let after = pos.play(&mv);
            if self.rules.in_check(&after, pos.turn) && self.reached(pos, &mv, &after) {
                out.push(mv);
            }
        }
    }

    /// Popeye's prerequisites of the goals that allow a self-check, in
    /// `pos` before the goal move, `stuck` saying whether the side to move
    /// has no legal move: the side giving a double mate is not immobile
    /// before its move; the side giving a counter-mate is mated.
    pub fn prerequisite_met(&self, pos: &Position, stuck: bool) -> bool {
        match self.goal {
            Goal::DoubleMate => !stuck,
            Goal::CounterMate => stuck && self.in_check(pos),
            _ => true,
        }
    }

    /// In a double mate both kings stand in check, so a side may also
    /// "move" by capturing the other king: it is immobile only when it
    /// has no legal move and no capture of that king that leaves its own
    /// king safe.
    fn immobile_with_king_en_prise(&mut self, pos: &Position) -> bool {
        if self.can_move(pos) {
            return false;
        }
        let us = pos.turn;
        let Some(their_king) = pos.king(us.opponent()) else {
            return true;
        };
        // A neutral king is both kings: taking it takes one's own king,
        // which no move may do (Popeye's own king capture avoider).
        if pos.king(us) == Some(their_king) {
            return true;
        }
        // No unit takes a king the rules do not let it check.
        if !self.rules.in_check(pos, us.opponent()) {
            return true;
        }
        let attackers = pos.attackers(their_king, us, pos.occupied());
        !attackers.into_iter().any(|from| {
            let mut after = *pos;
            let Some(capturer) = after.remove(from) else {
                return false;
            };
            after.remove(their_king);
            after.put(their_king, capturer);
            !self.rules.in_check(&after, us)
        })
    }

    /// Whether reaching the goal leaves the side to move without a move
    /// (mate, stalemate and their kin): play cannot go on past it anyway.
    /// (Under MAFF and OWU a mated side may have a move: help play then
    /// goes on past the mate, as Popeye's does.)
    pub fn leaves_no_move(&self) -> bool {
        Judge::goal_leaves_no_move(self.goal)
    }

    fn goal_leaves_no_move(goal: Goal) -> bool {
        if let Goal::And(a, b) = goal {
            return Judge::goal_leaves_no_move(*a) || Judge::goal_leaves_no_move(*b);
        }
        matches!(
            goal,
            Goal::Mate
                | Goal::Stalemate
                | Goal::MateOrStalemate
                | Goal::DoubleMate
                | Goal::DoubleStalemate
        )
    }

    pub fn in_check(&self, pos: &Position) -> bool {
        self.rules.in_check(pos, pos.turn)
    }

    pub fn can_move(&mut self, pos: &Position) -> bool {
        if self.immobility_defined {
            return !self.stuck_as_defined(pos, self.stalemate_rules);
        }
        has_legal_move(pos, &self.stalemate_rules, &mut self.scratch)
    }

    /// Whether the side to move in `pos` has no way out of check (the
    /// immobility of mate).
    fn cannot_escape(&mut self, pos: &Position) -> bool {
        if self.immobility_defined {
            return self.stuck_as_defined(pos, self.mate_rules);
        }
        !has_legal_move(pos, &self.mate_rules, &mut self.scratch)
    }

    /// Immobility as a condition defines it (MAFF, OWU).
    fn stuck_as_defined(&self, pos: &Position, rules: Rules) -> bool {
        rules
            .conditions
            .decides_immobility(&rules, pos)
            .unwrap_or(false)
    }

    /// Whether `mv`, which led to `after`, reaches the goal.
    pub fn reached(&mut self, before: &Position, mv: &Move, after: &Position) -> bool {
        self.reaches(self.goal, before, mv, after)
    }

    /// Whether `mv` reaches `goal`, one of the judge's goal or its
    /// operands.
    fn reaches(&mut self, goal: Goal, before: &Position, mv: &Move, after: &Position) -> bool {
        match goal {
            Goal::Not(g) => !self.reaches(*g, before, mv, after),
            Goal::And(a, b) => {
                self.reaches(*a, before, mv, after) && self.reaches(*b, before, mv, after)
            }
            Goal::Any => true,
            Goal::Check => self.in_check(after),
            Goal::Capture => mv.is_capture(),
            // The arriving unit counts where it ends up: an Anticirce
            // capturer on its rebirth square,
            // a kamikaze capturer nowhere.
            Goal::Target(sq) => {
                let at = match mv.capturer_fate() {
                    crate::moves::Fate::Reborn(r) => r,
                    crate::moves::Fate::Vanishes => return false,
                    crate::moves::Fate::Stays => mv.final_square(),
                };
                // The revolving board and centre take the unit on.
                if self.rules.conditions.is_empty() {
                    at == sq
                } else {
                    crate::rules::conditions::revolving::followed(mv, at) == Some(sq)
                }
            }
            Goal::Castling => mv.is_castling(),
            Goal::EnPassant => mv.motion == Motion::EnPassant,
            Goal::Mate => {
                self.in_check(after)
                    && self.cannot_escape(after)
                    && (self.rules.conditions.is_empty()
                        || !self
                            .rules
                            .conditions
                            .mate_refused(&self.rules, after, after.turn)
                            && !self
                                .rules
                                .conditions
                                .mating_move_refused(&self.rules, before, mv))
            }
            Goal::Stalemate => {
                (!self.in_check(after) && !self.can_move(after))
                    || (!self.rules.conditions.is_empty()
                        && self
                            .rules
                            .conditions
                            .stalemate_forced(&self.rules, after, after.turn))
            }
            Goal::MateOrStalemate => !self.can_move(after),
            Goal::DoubleStalemate => {
                !self.in_check(after) && !self.can_move(after) && self.mover_also_stuck(after)
            }
            Goal::DoubleMate | Goal::CounterMate => {
                self.in_check(after)
                    && self.mover_in_check(after)
                    && self.immobile_with_king_en_prise(after)
                    && self.mover_also_mated(after)
            }
            Goal::Circuit => {
                moved_unit_square(mv).is_some_and(|sq| after.diagram_square(sq) == Some(sq))
            }
            Goal::Exchange => {
                moved_unit_square(mv).is_some_and(|sq| exchanged(after, sq, after.turn.opponent()))
            }
            Goal::CircuitByRebirth => {
                rebirth_square(mv).is_some_and(|sq| after.diagram_square(sq) == Some(sq))
            }
            Goal::ExchangeByRebirth => rebirth_square(mv).is_some_and(|sq| {
                after
                    .color_at(sq)
                    .is_some_and(|color| exchanged(after, sq, color))
            }),
            Goal::AutoMate => self.mover_in_check(after) && self.mover_also_mated(after),
            // A self-check counts only where the rules force the stalemate
            // (the paralysing attribute's suffocation, which Popeye tests
            // before it tests the move's legality).
            Goal::AutoStalemate => {
                let mover = after.turn.opponent();
                if self.mover_in_check(after) {
                    !self.rules.conditions.is_empty()
                        && self
                            .rules
                            .conditions
                            .stalemate_forced(&self.rules, after, mover)
                } else {
                    (!self.in_check(after) && !self.mover_can_move(after))
                        || (!self.rules.conditions.is_empty()
                            && self
                                .rules
                                .conditions
                                .stalemate_forced(&self.rules, after, mover))
                }
            }
            Goal::Kiss(target) => moved_unit_square(mv).is_some_and(|sq| kisses(after, sq, target)),
            Goal::ProofGame | Goal::AToB => self.proof.as_ref().is_some_and(|t| t.reached(after)),
            Goal::Chess81 => moved_unit_square(mv).is_some_and(|sq| {
                let far = match after.turn.opponent() {
                    crate::board::Color::White => 7,
                    crate::board::Color::Black => 0,
                };
                sq.rank() == far
            }),
            // A capture whose victim stays off the board: not reborn.
            Goal::WinPiece => {
                mv.is_capture() && !matches!(mv.captured_fate(), crate::moves::Fate::Reborn(_))
            }
            Goal::Zugzwang(_) => {
                !self.in_check(after)
                    && self.nested.as_mut().is_some_and(|f| {
                        let Forced {
                            judge,
                            cancel,
                            moves,
                        } = &mut **f;
                        judge.forced_to_goal(after, cancel, moves)
                    })
            }
            Goal::Allows(_) => self.nested.as_mut().is_some_and(|f| {
                let Forced {
                    judge,
                    cancel,
                    moves,
                } = &mut **f;
                judge.reachable(after, cancel, moves)
            }),
        }
    }

    /// Whether the side that just moved would have a move if it were its
    /// turn.
    fn mover_can_move(&mut self, after: &Position) -> bool {
        let mut other = *after;
        other.turn = after.turn.opponent();
        other.ep_square = None;
        self.can_move(&other)
    }

    fn mover_also_stuck(&mut self, after: &Position) -> bool {
        let mut other = *after;
        other.turn = after.turn.opponent();
        other.ep_square = None;
        !self.in_check(&other) && !self.can_move(&other)
    }

    /// For `##`: the side that just moved cannot move either.
    fn mover_also_mated(&mut self, after: &Position) -> bool {
        let mut other = *after;
        other.turn = after.turn.opponent();
        other.ep_square = None;
        self.immobile_with_king_en_prise(&other)
    }

    fn mover_in_check(&self, after: &Position) -> bool {
        self.rules.in_check(after, after.turn.opponent())
    }
}

/// Where the unit that made `mv` ends up: its arrival square, or its
/// rebirth square (Anticirce, Kamikaze Circe); none if it vanished.
fn moved_unit_square(mv: &Move) -> Option<Square> {
    match mv.capturer_fate() {
        Fate::Stays => Some(mv.final_square()),
        Fate::Vanishes => None,
        Fate::Reborn(sq) => Some(sq),
    }
}

/// Whether the unit on `kisser` stands beside the unit that stood on
/// `target` in the diagram, with no other unit beside that one.
fn kisses(after: &Position, kisser: Square, target: Square) -> bool {
    neighbours(kisser).any(|kissed| {
        after.diagram_square(kissed) == Some(target)
            && neighbours(kissed).all(|sq| sq == kisser || after.color_at(sq).is_none())
    })
}

/// The up to eight squares beside `sq`.
fn neighbours(sq: Square) -> impl Iterator<Item = Square> {
    let (file, rank) = (sq.file() as i8, sq.rank() as i8);
    (-1i8..=1)
        .flat_map(move |df| (-1i8..=1).map(move |dr| (df, dr)))
        .filter(|&d| d != (0, 0))
        .filter_map(move |(df, dr)| {
            let (f, r) = (file + df, rank + dr);
            ((0..8).contains(&f) && (0..8).contains(&r)).then(|| Square::new(f as u8, r as u8))
        })
}

/// The square where `mv` brought a unit back (its last rebirth).
fn rebirth_square(mv: &Move) -> Option<Square> {
    mv.rebirth_square()
}

/// Whether the unit on `sq` stands on the diagram square of another unit
/// of `color`, which in turn stands on this unit's diagram square.
fn exchanged(after: &Position, sq: Square, color: crate::board::Color) -> bool {
    let Some(home) = after.diagram_square(sq) else {
        return false;
    };
    home != sq && after.color_at(home) == Some(color) && after.diagram_square(home) == Some(sq)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    /// The position after `from`-`to` played by `turn` in `list`, with
    /// the move (self-checks included).
    fn after(list: &str, turn: Color, from: &str, to: &str) -> (Position, Move, Position) {
        let mut pos = Position::from_piece_list(list).unwrap();
        pos.turn = turn;
        pos.track_identities();
        let mut moves = Vec::new();
        pseudo_legal_moves(&pos, &Rules::orthodox(), &mut moves);
        let mv = *moves
            .iter()
            .find(|m| m.from == sq(from) && m.to == sq(to))
            .expect("the move");
        let after = pos.play(&mv);
        (pos, mv, after)
    }

    fn reached(goal: Goal, list: &str, turn: Color, from: &str, to: &str) -> bool {
        let (before, mv, after) = after(list, turn, from, to);
        Judge::new(Rules::orthodox(), goal).reached(&before, &mv, &after)
    }

    #[test]
    fn checkless_lets_the_goal_move_of_a_check_goal_check_without_mating() {
        // Popeye 4.104, `+1` under ChecklessChess (White Ke1 Ra1, Black
        // Ke8 Pb7): 1.Ra1-a8 + !, though the king escapes to d7. With the
        // goal mate the move is not played: it checks without mating.
        use crate::rules::Condition;
        let rules = Rules::orthodox().with(Condition::Checkless);
        let pos = Position::from_piece_list("wKe1 wRa1 bKe8 bPb7").unwrap();
        let listed = |goal| {
            let mut judge = Judge::new(rules, goal);
            let mut moves = Vec::new();
            judge.moves_unless_stopped(&pos, &crate::solve::Cancel::default(), &mut moves);
            moves.iter().any(|m| m.from == sq("a1") && m.to == sq("a8"))
        };
        assert!(listed(Goal::Check));
        assert!(!listed(Goal::Mate));
        let (before, mv, after) = after("wKe1 wRa1 bKe8 bPb7", Color::White, "a1", "a8");
        assert!(Judge::new(rules, Goal::Check).reached(&before, &mv, &after));
    }

    #[test]
    fn checkless_help_play_toward_a_check_goal_stops_at_every_earlier_check() {
        // White Kc6 Rc7 Sh3, Black Kc1 Rd2 Rg3 Pb5 Rh7 Qb8, Black to
        // move: Qb8-b6+ mates under ChecklessChess (Kc6*b6 would check
        // without mating), so Popeye lists it for `~1`; its `h+1` has no
        // 1.Qb8-b6 + Kc6*b6 +: before the goal move no check is played.
        use crate::rules::Condition;
        let rules = Rules::orthodox().with(Condition::Checkless);
        let mut pos =
            Position::from_piece_list("wKc6 wRc7 wSh3 bKc1 bRd2 bRg3 bPb5 bRh7 bQb8").unwrap();
        pos.turn = Color::Black;
        let listed = |mut judge: Judge| {
            let mut moves = Vec::new();
            judge.moves_unless_stopped(&pos, &crate::solve::Cancel::default(), &mut moves);
            moves.iter().any(|m| m.from == sq("b8") && m.to == sq("b6"))
        };
        assert!(listed(Judge::for_lines(rules, Goal::Mate)));
        assert!(!listed(Judge::for_lines(rules, Goal::Check)));
    }

    #[test]
    fn auto_mate_is_a_self_mate_of_the_mover() {
        // g2-g4 opens the second rank: the white king is mated.
        let list = "wKh2 wPg2 bRa1 bRa2 bRa3 bKh8";
        assert!(reached(Goal::AutoMate, list, Color::White, "g2", "g4"));
        // g2-g3 keeps the rank closed.
        assert!(!reached(Goal::AutoMate, list, Color::White, "g2", "g3"));
        // Without the rook on a1 the king escapes to g1.
        let open = "wKh2 wPg2 bRa2 bRa3 bKh8";
        assert!(!reached(Goal::AutoMate, open, Color::White, "g2", "g4"));
    }

    #[test]
    fn auto_stalemate_leaves_the_mover_without_a_move_and_no_check() {
        // g2-g3 is White's last free move: a7 is blocked, b7 and b8 are
        // the black king's.
        let list = "wKa8 wPa7 wPg2 bKc7 bPg4";
        assert!(reached(Goal::AutoStalemate, list, Color::White, "g2", "g3"));
        // With the black pawn on g5 the white pawn can go on.
        let free = "wKa8 wPa7 wPg2 bKc7 bPg5";
        assert!(!reached(
            Goal::AutoStalemate,
            free,
            Color::White,
            "g2",
            "g3"
        ));
        // A self-check is no auto-stalemate, though the mover is stuck.
        let self_check = "wKh2 wPg2 bRa1 bRa2 bRa3 bKh8";
        assert!(!reached(
            Goal::AutoStalemate,
            self_check,
            Color::White,
            "g2",
            "g4"
        ));
    }

    #[test]
    fn kiss_needs_the_diagram_unit_alone_beside_the_mover() {
        // Sb4-c6 ends beside d5, whose other neighbours are empty.
        let list = "wKh1 wSb4 bKa8 bPd5";
        assert!(reached(
            Goal::Kiss(sq("d5")),
            list,
            Color::White,
            "b4",
            "c6"
        ));
        // Sb4-a6 is not beside d5.
        assert!(!reached(
            Goal::Kiss(sq("d5")),
            list,
            Color::White,
            "b4",
            "a6"
        ));
        // e6 next to d5 "clothes" it.
        let clothed = "wKh1 wSb4 bKa8 bPd5 bPe6";
        assert!(!reached(
            Goal::Kiss(sq("d5")),
            clothed,
            Color::White,
            "b4",
            "c6"
        ));
        // The unit kissed is the one of the diagram square, not another.
        assert!(!reached(
            Goal::Kiss(sq("e5")),
            list,
            Color::White,
            "b4",
            "c6"
        ));
    }

    #[test]
    fn chess81_is_the_far_rank_of_the_side_that_moved() {
        let list = "wKe1 wRb2 bKh8 bRa7";
        assert!(reached(Goal::Chess81, list, Color::White, "b2", "b8"));
        assert!(!reached(Goal::Chess81, list, Color::White, "b2", "b7"));
        assert!(reached(Goal::Chess81, list, Color::Black, "a7", "a1"));
        assert!(!reached(Goal::Chess81, list, Color::Black, "a7", "a8"));
    }

    #[test]
    fn a_zugzwang_each_of_whose_moves_allows_the_goal() {
        let list = "wKf6 wRa1 bKh8 bPa5";
        let unblockable = Goal::Zugzwang(Goal::Allows(&Goal::Mate).interned());
        // After Kf6-f7 each move of Black lets the rook mate.
        assert!(reached(unblockable, list, Color::White, "f6", "f7"));
        // After Kf6-e6 the king escapes to g7 or g8.
        assert!(!reached(unblockable, list, Color::White, "f6", "e6"));
        // A side in check is in no zugzwang.
        assert!(!reached(unblockable, list, Color::White, "a1", "h1"));
        // Allows alone: after Kf6-f7 Black's Kh8-h7 lets Ra1-h1 mate.
        let allows = Goal::Allows(&Goal::Mate);
        assert!(reached(
            allows,
            "wKf7 wRa1 bKh8 bPa5",
            Color::Black,
            "h8",
            "h7"
        ));
        assert!(!reached(
            allows,
            "wKe6 wRa1 bKh8 bPa5",
            Color::Black,
            "h8",
            "g8"
        ));
    }

    #[test]
    fn negation_and_conjunction_of_goals() {
        let list = "wKh6 wQb1 bKh8 bPh7";
        let not_x = Goal::Not(&Goal::Capture);
        let quiet_mate = Goal::And(not_x.interned(), &Goal::Mate);
        // Qb1-b8 mates without capturing; Qb1*h7 mates by a capture.
        assert!(reached(quiet_mate, list, Color::White, "b1", "b8"));
        assert!(!reached(quiet_mate, list, Color::White, "b1", "h7"));
        assert!(reached(Goal::Mate, list, Color::White, "b1", "h7"));
        // Qb1-b2 neither mates nor captures.
        assert!(!reached(quiet_mate, list, Color::White, "b1", "b2"));
        assert!(reached(not_x, list, Color::White, "b1", "b2"));
        assert!(reached(
            Goal::Not(&Goal::Mate),
            list,
            Color::White,
            "b1",
            "b2"
        ));
        assert!(!reached(
            Goal::Not(&Goal::Mate),
            list,
            Color::White,
            "b1",
            "b8"
        ));
        // Interned operands are the same goal whoever asks.
        assert_eq!(Goal::Capture.interned(), Goal::Capture.interned());
        assert!(std::ptr::eq(not_x.interned(), not_x.interned()));
    }

    #[test]
    fn a_neutral_king_is_not_taken_to_escape_a_double_mate() {
        // After 1...nKa5*a4 (Popeye's h##!0.5 of 4.57): Black's only
        // "escape" would be Qa6*a4, taking the neutral king, its own too.
        let mut judge = Judge::new(Rules::orthodox(), Goal::CounterMate);
        let mut pos = Position::from_piece_list("wQa3 wPb2 wPc4 bQa6 bSa1 bPb7 bPc5 nKa4").unwrap();
        pos.turn = Color::Black;
        assert!(judge.immobile_with_king_en_prise(&pos));
    }

    #[test]
    fn counter_mate_needs_the_mover_mated_before() {
        let judge = Judge::new(Rules::orthodox(), Goal::CounterMate);
        let mut pos = Position::from_piece_list("wKc8 wRb8 bKa7 bQc5").unwrap();
        pos.turn = Color::White;
        // White is in check and has moves: no counter-mate may follow.
        assert!(!judge.prerequisite_met(&pos, false));
        assert!(judge.prerequisite_met(&pos, true));
        let dm = Judge::new(Rules::orthodox(), Goal::DoubleMate);
        assert!(dm.prerequisite_met(&pos, false));
        assert!(!dm.prerequisite_met(&pos, true));
    }
}
