//! ExclusiveChess: a move that mates is legal only when it is the side's
//! only mating move; when a side has two or more, none of them may be
//! played. Mate is judged under the condition itself (a mated side's
//! mating answers are no way out when it has several), so the test
//! recurses through the checks, as Popeye does, to a horizon of six
//! half-moves: a move whose mate cannot be decided within it is
//! undecidable. Popeye counts the undecidable moves with the mating ones
//! (more than one in all makes both kinds illegal) and makes a move
//! undecidable in turn when the answers it leaves are all undecidable
//! or mate, one at most, and more than one of them in all. The goal is
//! always mate, whatever the stipulation's. Check is not affected.

use super::{Capabilities, ConditionRule};
use crate::board::Position;
use crate::movegen::{is_legal_after, pseudo_legal_moves};
use crate::moves::Move;
use crate::rules::Rules;

pub struct Exclusive;

/// Half-moves the test may look ahead before a mate is undecidable.
const HORIZON: u32 = 6;

impl ConditionRule for Exclusive {
    const ID: &'static str = "exclusive";
    const CAPABILITIES: Capabilities = Capabilities {
        moves_judged_alone: false,
        filter_keeps_a_move: false,
        ..Capabilities::ORTHODOX
    };

    fn filter(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        let d = count(rules, pos, 0);
        if d.total() <= 1 {
            return;
        }
        let mut keep = start;
        for i in start..moves.len() {
            let mv = moves[i];
            if d.allows(rules, pos, &mv, 0) {
                moves[keep] = mv;
                keep += 1;
            }
        }
        moves.truncate(keep);
    }
}

/// What counting a side's mating moves found.
#[derive(Default)]
struct Count {
    /// Mating moves found (the count stops at two).
    mating: Vec<Move>,
    /// Moves whose mate could not be decided.
    undecidable: Vec<Move>,
    /// Moves found not to mate.
    not_mating: Vec<Move>,
}

impl Count {
    fn total(&self) -> usize {
        self.mating.len() + self.undecidable.len()
    }

    /// Whether `mv` (legal in chess) may be played, once counted at
    /// `level`.
    fn allows(&self, rules: &Rules, pos: &Position, mv: &Move, level: u32) -> bool {
        if self.total() <= 1 {
            return true;
        }
        if self.undecidable.contains(mv) || self.mating.contains(mv) {
            return false;
        }
        if self.not_mating.contains(mv) {
            return true;
        }
        !mates(rules, pos, mv, level, &mut Vec::new())
    }
}

/// The legal moves (in chess, and under the other conditions) of `pos`.
fn plain_legal(rules: &Rules, pos: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pseudo_legal_moves(pos, rules, &mut moves);
    moves.retain(|mv| is_legal_after(pos, rules, mv, &pos.play(mv)));
    moves
}

/// Counts the mating moves of the side to move in `pos`, `level`
/// half-moves below the position where counting began.
fn count(rules: &Rules, pos: &Position, level: u32) -> Count {
    let mut c = Count::default();
    for mv in plain_legal(rules, pos) {
        let before = c.undecidable.len();
        let mate = mates(rules, pos, &mv, level, &mut c.undecidable);
        if c.undecidable.len() != before {
            continue;
        }
        if mate {
            c.mating.push(mv);
            if c.mating.len() == 2 {
                break;
            }
        } else {
            c.not_mating.push(mv);
        }
    }
    c
}

/// Whether `mv`, played in `pos` at `level`, mates under the condition;
/// a move whose mate is undecidable goes into `undecidable` (and does not
/// mate).
fn mates(
    rules: &Rules,
    pos: &Position,
    mv: &Move,
    level: u32,
    undecidable: &mut Vec<Move>,
) -> bool {
    let after = pos.play(mv);
    if !rules.in_check(&after, after.turn) {
        return false;
    }
    let next = level + 1;
    if next > HORIZON {
        undecidable.push(*mv);
        return false;
    }
    let answers = count(rules, &after, next);
    let immobile = !plain_legal(rules, &after)
        .iter()
        .any(|r| answers.allows(rules, &after, r, next));
    if answers.not_mating.is_empty() && answers.mating.len() <= 1 && answers.total() > 1 {
        undecidable.push(*mv);
    }
    immobile
}

#[cfg(test)]
mod tests {
    use crate::board::Position;
    use crate::movegen::legal_moves;
    use crate::rules::{Condition, Rules};

    fn moves(list: &str, rules: &Rules) -> Vec<String> {
        let pos = Position::from_piece_list(list).unwrap();
        let mut out = Vec::new();
        legal_moves(&pos, rules, &mut out);
        out.iter().map(|m| format!("{}{}", m.from, m.to)).collect()
    }

    #[test]
    fn two_mating_moves_are_both_illegal() {
        // Popeye: Ra1-a8 and Rb1-b8 mate; neither is among the 21 moves.
        let r = Rules::orthodox().with(Condition::Exclusive);
        let got = moves("wKg1 wRa1 wRb1 bKh8 bPh7 bPg7", &r);
        assert_eq!(got.len(), 21);
        assert!(!got.contains(&"a1a8".to_string()) && !got.contains(&"b1b8".to_string()));
        assert_eq!(
            moves("wKg1 wRa1 wRb1 bKh8 bPh7 bPg7", &Rules::orthodox()).len(),
            23
        );
    }

    #[test]
    fn a_single_mating_move_is_legal() {
        // Popeye: 1.Ra1-a8 # is the only mate, and is played.
        let r = Rules::orthodox().with(Condition::Exclusive);
        assert!(moves("wKg1 wRa1 wPb2 bKh8 bPh7 bPg7", &r).contains(&"a1a8".to_string()));
    }
}
