//! ActuatedRevolvingBoard: once a move is played (its rebirths too), the
//! board turns a quarter, a1 going to a8, a8 to h8, h8 to h1 and h1 to a1,
//! every unit with its square; the en passant square turns too, the
//! castling rights stay with their squares (Popeye's flags).
//! ActuatedRevolvingCentre: once a move that leaves or reaches a centre
//! square is played, the four centre units turn: e4's to d4, d4's to d5,
//! d5's to e5, e5's to e4 (a pawn taken en passant is followed there).
//! Popeye writes neither turn; the check shown is the turned position's.

use super::{Capabilities, ConditionRule, Stage};
use crate::board::{Bitboard, Position, Square};
use crate::moves::{Effect, Effects, Move, MAX_EFFECTS};
use crate::rules::{Base, Condition, Rules};
use crate::stipulation::Goal;

/// The centre squares d4, d5, e4, e5.
pub const CENTRE: Bitboard = Bitboard(1 << 27 | 1 << 28 | 1 << 35 | 1 << 36);

/// Where the board's quarter turn takes `sq`.
pub fn board_turned(sq: Square) -> Square {
    Square::new(sq.rank(), 7 - sq.file())
}

/// Where the centre's turn takes `sq` (a centre square).
pub fn centre_turned(sq: Square) -> Square {
    let (file, rank) = match (sq.file(), sq.rank()) {
        (4, 3) => (3, 3),
        (3, 3) => (3, 4),
        (3, 4) => (4, 4),
        _ => (4, 3),
    };
    Square::new(file, rank)
}

/// Where the unit on `sq` once `mv`'s motion and rebirths are played
/// stands after its turns, as Popeye follows it (for the target goal):
/// None where Popeye loses it, a unit off the centre when the centre
/// turns (its follower knows only the centre squares).
pub fn followed(mv: &Move, sq: Square) -> Option<Square> {
    let mut sq = sq;
    for e in &mv.effects {
        match e {
            Effect::BoardTurned => sq = board_turned(sq),
            Effect::CentreTurned if CENTRE.contains(sq) => sq = centre_turned(sq),
            Effect::CentreTurned => return None,
            _ => {}
        }
    }
    Some(sq)
}

/// Why the turns are not played with the rest of `rules`: only alone,
/// under Circe or AntiCirce, compared with Popeye.
fn refusal(rules: &Rules, own: Condition) -> Option<String> {
    if let Some(c) = rules.conditions.iter().find(|&c| c != own) {
        return Some(format!(
            "{} with {} is not played",
            own.popeye_id(),
            c.popeye_id()
        ));
    }
    rules
        .families()
        .any(|c| !matches!(c.base, Base::Circe | Base::AntiCirce))
        .then(|| format!("{} with this circe form is not played", own.popeye_id()))
}

/// Why `goal` is not played with a turn in force: the goals that follow
/// units by identity (not compared with Popeye).
pub fn goal_refusal(rules: &Rules, goal: Goal) -> Option<String> {
    let turning = [
        Condition::ActuatedRevolvingBoard,
        Condition::ActuatedRevolvingCentre,
    ];
    let c = turning.into_iter().find(|&c| rules.has(c))?;
    crate::solve::goal::Judge::needs_identities(goal)
        .then(|| format!("{} with this goal is not played", c.popeye_id()))
}

const TURNING: Capabilities = Capabilities {
    orthodox_legality: false,
    keeps_units: false,
    ..Capabilities::ORTHODOX
};

pub struct ActuatedRevolvingBoard;

impl ConditionRule for ActuatedRevolvingBoard {
    const ID: &'static str = "actrevolving";
    const CAPABILITIES: Capabilities = TURNING;

    fn changes(
        _rules: &Rules,
        stage: Stage,
        _before: &Position,
        _mv: &Move,
        _now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        if stage == Stage::AfterRebirths && so_far.len() + out.len() < MAX_EFFECTS {
            out.push(Effect::BoardTurned);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, Condition::ActuatedRevolvingBoard)
    }
}

pub struct ActuatedRevolvingCentre;

impl ConditionRule for ActuatedRevolvingCentre {
    const ID: &'static str = "arc";
    const CAPABILITIES: Capabilities = TURNING;

    fn changes(
        _rules: &Rules,
        stage: Stage,
        _before: &Position,
        mv: &Move,
        _now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        if stage == Stage::AfterRebirths
            && (CENTRE.contains(mv.from) || CENTRE.contains(mv.to))
            && so_far.len() + out.len() < MAX_EFFECTS
        {
            out.push(Effect::CentreTurned);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, Condition::ActuatedRevolvingCentre)
    }
}

#[cfg(test)]
mod tests {
    //! The lines are Popeye 4.104's (its examples of the two conditions).
    use super::super::testing::{after_line, moves_of};
    use super::{board_turned, centre_turned};
    use crate::board::{Color, Square};
    use crate::rules::{Condition, Rules};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn the_board_turns_a_quarter() {
        assert_eq!(board_turned(sq("h1")), sq("a1"));
        assert_eq!(board_turned(sq("a1")), sq("a8"));
        assert_eq!(board_turned(sq("e4")), sq("d4"));
        // `1.nPh2-h1=nQ nQa1-a5` (Black first): the queen promoted on h1
        // stands on a1.
        let r = Rules::orthodox().with(Condition::ActuatedRevolvingBoard);
        let pos = after_line(&r, "nPh2", Color::Black, &["nPh2-h1=nQ"]);
        assert!(pos.piece_at(sq("h1")).is_none());
        assert!(moves_of(&r, &pos).contains(&"nQa1-a5".to_string()));
    }

    #[test]
    fn the_centre_turns_after_a_move_to_or_from_it() {
        assert_eq!(centre_turned(sq("e4")), sq("d4"));
        assert_eq!(centre_turned(sq("d4")), sq("d5"));
        assert_eq!(centre_turned(sq("d5")), sq("e5"));
        assert_eq!(centre_turned(sq("e5")), sq("e4"));
        // `2.kSd2-e4 kSc3-e4`: the knight come to e4 stands on d4.
        let r = Rules::orthodox().with(Condition::ActuatedRevolvingCentre);
        let pos = after_line(&r, "wKa1 wSc3 bKh8", Color::White, &["Sc3-e4"]);
        assert!(pos.piece_at(sq("e4")).is_none());
        assert!(pos.piece_at(sq("d4")).is_some());
        // A move elsewhere turns nothing.
        let pos = after_line(&r, "wKa1 wSc3 bKh8 bPe5", Color::White, &["Sc3-b5"]);
        assert!(pos.piece_at(sq("e5")).is_some());
    }
}
