//! The conditions that read the previous move. Each keeps, of a side's
//! legal moves, those that best fit a measure of the move before (Popeye
//! plays them through its "mummer" mechanism, with Maximummer and the
//! others of `mummer.rs`: only legal moves compete, and when none fits,
//! every legal move stays):
//! - DuellistChess: each side moves again the unit it moved last (its
//!   "duellist", where that unit ended, rebirths included), if it can.
//! - WhiteFollowMyLeader / BlackFollowMyLeader: the side's move ends on
//!   the square the opponent's last move started from, if one can.
//! - WhiteSynchronMover / BlackSynchronMover: the side's move goes the
//!   same way and distance (the same vector from departure to arrival) as
//!   the opponent's last move, if one can.
//! - WhiteAntiSynchronMover / BlackAntiSynchronMover: the opposite vector.
//!
//! Before the first move played (the diagram, the start of set play) and
//! after a null move there is no previous move: every move fits. A Mars
//! move starts, for the vector, from the unit's own square; FollowMyLeader
//! reads where its movement started (the rebirth square). Check is not
//! affected. The position keeps the previous move (`Position::history`,
//! set going by `prepare`).

use super::mummer::keep_best;
use super::{Capabilities, ConditionRule};
use crate::board::{Color, LastMove, Position, Square};
use crate::moves::Move;
use crate::rules::Rules;

/// A filter over the whole legal list.
const FILTERS: Capabilities = Capabilities {
    moves_judged_alone: false,
    ..Capabilities::ORTHODOX
};

/// The vector of a move from `from` to `to`, in files and ranks.
#[inline]
fn vector(from: Square, to: Square) -> (i8, i8) {
    (
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    )
}

/// Keeps the moves for which `fits` holds, when the previous move is known
/// and `applies` to the side to move.
#[inline]
fn keep_fitting(
    pos: &Position,
    applies: bool,
    moves: &mut Vec<Move>,
    start: usize,
    fits: impl Fn(&LastMove, &Move) -> bool,
) {
    if !applies {
        return;
    }
    if let Some(last) = pos.history.last {
        keep_best(moves, start, |mv| fits(&last, mv) as u32);
    }
}

/// Starts the position keeping the previous move.
#[inline]
fn track(pos: &mut Position) {
    pos.history.tracked = true;
}

pub struct Duellist;

impl ConditionRule for Duellist {
    const ID: &'static str = "duellist";
    const CAPABILITIES: Capabilities = FILTERS;
    const SELECTS: super::Selects = super::Selects::Both;

    fn prepare(_rules: &Rules, pos: &mut Position) {
        track(pos);
    }

    #[inline]
    fn filter(_rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        if let Some(duellist) = pos.history.duellists[pos.turn.index()] {
            keep_best(moves, start, |mv| (mv.departure() == duellist) as u32);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::mummer::two_selectors(rules)
    }
}

macro_rules! reader {
    ($(#[$doc:meta])* $name:ident, $id:literal, $side:expr, $fits:expr) => {
        $(#[$doc])*
        pub struct $name;

        impl ConditionRule for $name {
            const ID: &'static str = $id;
            const CAPABILITIES: Capabilities = FILTERS;
            const SELECTS: super::Selects = super::Selects::Side($side);

            fn prepare(_rules: &Rules, pos: &mut Position) {
                track(pos);
            }

            #[inline]
            fn filter(_rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
                keep_fitting(pos, pos.turn == $side, moves, start, $fits);
            }

            fn refusal(rules: &Rules) -> Option<String> {
                super::mummer::two_selectors(rules)
            }
        }
    };
}

/// FollowMyLeader: the move ends where the last one started.
fn follows(last: &LastMove, mv: &Move) -> bool {
    mv.to == last.moved_from
}

/// Synchron: the same vector as the last move.
fn synchron(last: &LastMove, mv: &Move) -> bool {
    vector(mv.departure(), mv.to) == vector(last.departure, last.arrival)
}

/// AntiSynchron: the opposite vector.
fn antisynchron(last: &LastMove, mv: &Move) -> bool {
    let (f, r) = vector(last.departure, last.arrival);
    vector(mv.departure(), mv.to) == (-f, -r)
}

reader!(
    /// White's move ends where Black's last move started, if one can.
    WhiteFollowMyLeader, "whfollow", Color::White, follows
);
reader!(
    /// Black's move ends where White's last move started, if one can.
    BlackFollowMyLeader, "blfollow", Color::Black, follows
);
reader!(
    /// White moves by the vector of Black's last move, if it can.
    WhiteSynchron, "whitesynchron", Color::White, synchron
);
reader!(
    /// Black moves by the vector of White's last move, if it can.
    BlackSynchron, "blacksynchron", Color::Black, synchron
);
reader!(
    /// White moves by the opposite of Black's last vector, if it can.
    WhiteAntiSynchron, "whiteantisynchron", Color::White, antisynchron
);
reader!(
    /// Black moves by the opposite of White's last vector, if it can.
    BlackAntiSynchron, "blackantisynchron", Color::Black, antisynchron
);

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer (its `h~1`, or `hzh42` for the
    //! duellists, lists the replies to each first move).
    use super::super::testing::{after_line, moves_of, sorted};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    const PIECES: &str = "wKe1 wBd4 wRf4 wSg4 bKe8 bPa7 bPh7";

    fn replies(c: Condition, pieces: &str, line: &[&str]) -> Vec<String> {
        let r = Rules::orthodox().with(c);
        moves_of(&r, &after_line(&r, pieces, Color::Black, line))
    }

    fn all_replies(pieces: &str, line: &[&str]) -> Vec<String> {
        let r = Rules::orthodox();
        moves_of(&r, &after_line(&r, pieces, Color::Black, line))
    }

    #[test]
    fn synchron_moves_copy_the_last_vector() {
        let c = Condition::WhiteSynchron;
        assert_eq!(replies(c, PIECES, &["Ke8-d8"]), sorted("Ke1-d1 Rf4-e4"));
        assert_eq!(replies(c, PIECES, &["a7-a5"]), sorted("Rf4-f2"));
        assert_eq!(replies(c, PIECES, &["Ke8-d7"]), sorted("Bd4-c3"));
        // Black is not bound: its moves are all there, first move or not.
        let r = Rules::orthodox().with(c);
        let pos = after_line(&r, PIECES, Color::Black, &["a7-a5", "Rf4-f2"]);
        assert_eq!(moves_of(&r, &pos).len(), 6);
    }

    #[test]
    fn antisynchron_moves_reverse_the_last_vector() {
        let c = Condition::WhiteAntiSynchron;
        assert_eq!(replies(c, PIECES, &["a7-a6"]), sorted("Ke1-e2 Rf4-f5"));
        assert_eq!(replies(c, PIECES, &["Ke8-d7"]), sorted("Ke1-f2 Bd4-e5"));
        assert_eq!(replies(c, PIECES, &["Ke8-d8"]), sorted("Ke1-f1"));
    }

    #[test]
    fn a_leader_is_followed_to_the_square_it_left_when_one_can() {
        let c = Condition::WhiteFollowMyLeader;
        let pieces = "wKe1 wBd4 wRf4 wSg4 bKe8 bPa7 bPh7 bRb8";
        assert_eq!(replies(c, pieces, &["a7-a5"]), sorted("Bd4-a7"));
        // No white unit reaches h7: every move stays.
        assert_eq!(
            replies(c, pieces, &["h7-h5"]),
            all_replies(pieces, &["h7-h5"])
        );
    }

    #[test]
    fn a_duellist_moves_again_while_it_can() {
        let c = Condition::Duellist;
        let pieces = "wKa1 wRd4 wBh1 bKh8 bRb8 bPa7";
        assert_eq!(
            replies(c, pieces, &["Rb8-b5", "Rd4-a4"]),
            sorted(
                "Rb5-a5 Rb5-b1 Rb5-b2 Rb5-b3 Rb5-b4 Rb5-b6 Rb5-b7 Rb5-b8 Rb5-c5 Rb5-d5 \
                 Rb5-e5 Rb5-f5 Rb5-g5 Rb5-h5"
            )
        );
        assert_eq!(
            replies(c, pieces, &["a7-a5", "Rd4-b4"]),
            sorted("a5-a4 a5*b4")
        );
        // The duellist taken, every move is free again.
        assert_eq!(
            replies(c, pieces, &["Rb8-b4", "Rd4*b4"]),
            sorted("a7-a5 a7-a6 Kh8-g7 Kh8-h7 Kh8-g8")
        );
        // White's first move is free, its second bound to its duellist.
        let r = Rules::orthodox().with(c);
        let pos = after_line(&r, pieces, Color::Black, &["a7-a5", "Rd4-b4", "a5-a4"]);
        assert!(moves_of(&r, &pos).iter().all(|m| m.starts_with("Rb4")));
    }
}
