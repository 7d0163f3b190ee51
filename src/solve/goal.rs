//! Whether a move reaches the stipulation's goal, and the mark Popeye puts
//! after a move.

use crate::board::Position;
use crate::movegen::has_legal_move;
use crate::moves::{Move, MoveKind};
use crate::rules::Rules;
use crate::stipulation::Goal;

/// Decides goals; owns a scratch buffer so that no test allocates.
pub struct Judge {
    pub rules: Rules,
    pub goal: Goal,
    scratch: Vec<crate::moves::Move>,
}

impl Judge {
    pub fn new(rules: Rules, goal: Goal) -> Judge {
        Judge {
            rules,
            goal,
            scratch: Vec::with_capacity(256),
        }
    }

    /// Whether the goals this solver knows how to test include `goal`.
    pub fn supports(goal: Goal) -> bool {
        !matches!(
            goal,
            Goal::WinPiece
                | Goal::Circuit
                | Goal::Exchange
                | Goal::CircuitByRebirth
                | Goal::ExchangeByRebirth
        )
    }

    pub fn in_check(&self, pos: &Position) -> bool {
        self.rules.in_check(pos, pos.turn)
    }

    pub fn can_move(&mut self, pos: &Position) -> bool {
        has_legal_move(pos, &self.rules, &mut self.scratch)
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
            Goal::Target(sq) => match mv.capturer_fate {
                crate::moves::Fate::Reborn(r) => r == sq,
                crate::moves::Fate::Vanishes => false,
                crate::moves::Fate::Stays => mv.to == sq,
            },
            Goal::Castling => mv.is_castling(),
            Goal::EnPassant => mv.kind == MoveKind::EnPassant,
            Goal::Mate => self.in_check(after) && !self.can_move(after),
            Goal::Stalemate => !self.in_check(after) && !self.can_move(after),
            Goal::MateOrStalemate => !self.can_move(after),
            Goal::DoubleStalemate => {
                !self.in_check(after) && !self.can_move(after) && self.mover_also_stuck(after)
            }
            Goal::DoubleMate => {
                self.in_check(after) && !self.can_move(after) && self.mover_also_mated(after)
            }
            Goal::WinPiece
            | Goal::Circuit
            | Goal::Exchange
            | Goal::CircuitByRebirth
            | Goal::ExchangeByRebirth => false,
        }
    }

    fn mover_also_stuck(&mut self, after: &Position) -> bool {
        let mut other = *after;
        other.turn = after.turn.opponent();
        other.ep_square = None;
        !self.in_check(&other) && !self.can_move(&other)
    }

    fn mover_also_mated(&mut self, after: &Position) -> bool {
        let mut other = *after;
        other.turn = after.turn.opponent();
        other.ep_square = None;
        self.in_check(&other) && !self.can_move(&other)
    }

    /// The suffix Popeye prints after a move: the goal's symbol when the
    /// move reaches a goal that has one, else ` +` for a check.
    pub fn suffix(&mut self, mv: &Move, after: &Position, is_goal: bool) -> &'static str {
        if is_goal {
            match self.goal {
                Goal::Mate => return " #",
                Goal::Stalemate => return " =",
                Goal::DoubleStalemate => return " ==",
                Goal::DoubleMate => return " ##",
                Goal::MateOrStalemate => {
                    return if self.in_check(after) { " #" } else { " =" };
                }
                // As Popeye writes `+ %`: a check comes before the symbol.
                Goal::Target(_) => {
                    return if self.in_check(after) { " + z" } else { " z" };
                }
                Goal::Capture => {
                    return if self.in_check(after) { " + x" } else { " x" };
                }
                _ => {}
            }
        }
        let _ = mv;
        if self.in_check(after) {
            " +"
        } else {
            ""
        }
    }
}
