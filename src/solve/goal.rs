//! Whether a move reaches the stipulation's goal, and the mark Popeye puts
//! after a move.

use crate::board::{Position, Square};
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
    scratch: Vec<crate::moves::Move>,
}

impl Judge {
    pub fn new(rules: Rules, goal: Goal) -> Judge {
        let mut mate_rules = rules;
        mate_rules.conditions = rules.conditions.for_mate_test(&rules);
        let mut stalemate_rules = rules;
        stalemate_rules.conditions = rules.conditions.for_stalemate_test(&rules);
        Judge {
            rules,
            goal,
            mate_rules,
            stalemate_rules,
            scratch: Vec::with_capacity(256),
        }
    }

    /// Whether `goal` is about units' identity, so the solver must track
    /// where each diagram unit goes (and key its tables on that).
    pub fn needs_identities(goal: Goal) -> bool {
        matches!(
            goal,
            Goal::Circuit | Goal::Exchange | Goal::CircuitByRebirth | Goal::ExchangeByRebirth
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
            self.add_goal_self_checks(pos, out);
        }
    }

    /// Appends to the legal moves `out` of `pos` the moves that reach a
    /// double mate (`##`) while leaving the mover's own king in check: after
    /// the final move both sides must be in check and unable to move, so
    /// that move may be a self-check (Popeye's rule).
    /// `out` holds exactly the legal moves of `pos` when this is called.
    pub fn add_goal_self_checks(&mut self, pos: &Position, out: &mut Vec<Move>) {
        // Popeye's prerequisite: the side giving the double mate is not
        // immobile before its move.
        if self.goal != Goal::DoubleMate || out.is_empty() {
            return;
        }
        let mut pseudo = Vec::new();
        pseudo_legal_moves(pos, &self.rules, &mut pseudo);
        for mv in pseudo {
            let after = pos.play(&mv);
            if self.rules.in_check(&after, pos.turn) && self.reached(&mv, &after) {
                out.push(mv);
            }
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
    pub fn leaves_no_move(&self) -> bool {
        matches!(
            self.goal,
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
        has_legal_move(pos, &self.stalemate_rules, &mut self.scratch)
    }

    /// Whether `mv`, which led to `after`, reaches the goal.
    pub fn reached(&mut self, mv: &Move, after: &Position) -> bool {
        match self.goal {
            Goal::Any => true,
            Goal::Check => self.in_check(after),
            Goal::Capture => mv.is_capture(),
            // The arriving unit counts where it ends up: an Anticirce
            // capturer on its rebirth square,
            // a kamikaze capturer nowhere.
            Goal::Target(sq) => match mv.capturer_fate() {
                crate::moves::Fate::Reborn(r) => r == sq,
                crate::moves::Fate::Vanishes => false,
                crate::moves::Fate::Stays => mv.final_square() == sq,
            },
            Goal::Castling => mv.is_castling(),
            Goal::EnPassant => mv.motion == Motion::EnPassant,
            Goal::Mate => {
                self.in_check(after)
                    && !has_legal_move(after, &self.mate_rules, &mut self.scratch)
                    && (self.rules.conditions.is_empty()
                        || !self
                            .rules
                            .conditions
                            .mate_refused(&self.rules, after, after.turn))
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
            Goal::DoubleMate => {
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
            // A capture whose victim stays off the board: not reborn.
            Goal::WinPiece => {
                mv.is_capture() && !matches!(mv.captured_fate(), crate::moves::Fate::Reborn(_))
            }
        }
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
