//! PlusChess: a unit standing on one of the four centre squares (d4, d5,
//! e4, e5) may also capture, and so observe and check, as if it stood on
//! any other of them that is empty (lifted from its square first, as the
//! Mars family's units are: Popeye writes `Rd4-e5*e6`). Its other moves
//! are its own. A capture from another centre square that arrives where a
//! move from the unit's own square arrives is no further move (Popeye's
//! rule, as PhantomChess's). Popeye tries the captures from the other
//! centre squares first, e5's, then e4's, d5's, d4's, then the unit's own
//! moves.

use super::{Capabilities, ConditionRule};
use crate::board::{Bitboard, Color, Kind, Position, Square};
use crate::moves::Move;
use crate::rules::{Observer, Rules};

pub struct PlusChess;

/// The centre squares, in Popeye's order: d4, d5, e4, e5.
pub const CENTRE: [Square; 4] = [Square(27), Square(35), Square(28), Square(36)];

/// Calls `report` for each unit of `by` (of `kind`, if given) on a centre
/// square that observes `target` from another, empty, centre square (the
/// unit lifted from its own), until it returns true; returns whether it
/// did. A unit does not observe its own square.
pub fn plus_observers(
    pos: &Position,
    target: Square,
    by: Color,
    kind: Option<Kind>,
    report: &mut impl FnMut(Observer) -> bool,
) -> bool {
    CENTRE.into_iter().any(|on| {
        let Some(unit) = pos.piece_as(on, by).filter(|_| on != target) else {
            return false;
        };
        if kind.is_some_and(|k| k != unit.kind) || !pos.by_color(by).contains(on) {
            return false;
        }
        let mut lifted = pos.occupied();
        lifted.clear(on);
        CENTRE.into_iter().any(|from| {
            from != on
                && !lifted.contains(from)
                && crate::rules::paths::attacks(pos, unit, from, lifted).contains(target)
                && report(Observer { unit, on, from })
        })
    })
}

impl ConditionRule for PlusChess {
    const ID: &'static str = "plus";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    fn extra_moves(rules: &Rules, pos: &Position, from: Square, out: &mut Vec<Move>) {
        if !CENTRE.contains(&from) {
            return;
        }
        let us = pos.turn;
        let unit = pos.piece_as(from, us).expect("own unit");
        let mut arrivals = Bitboard::from_square(from);
        for mv in out
            .iter()
            .filter(|m| m.from == from && m.effects.is_empty())
        {
            arrivals.set(mv.to);
        }
        // Moves from `from` with effects (a Circe rebirth) are its own too.
        for mv in out
            .iter()
            .filter(|m| m.departure() == from && m.from == from)
        {
            arrivals.set(mv.to);
        }
        let occupied = pos.occupied();
        for r in CENTRE {
            if r == from || occupied.contains(r) {
                continue;
            }
            let start = out.len();
            crate::movegen::captures_lifted(pos, rules, unit, from, r, out);
            let mut keep = start;
            for i in start..out.len() {
                if !arrivals.contains(out[i].to) {
                    out[keep] = out[i];
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::mars_family(rules).then(|| super::MARS_AND_OTHERS.to_string())
    }
}

#[cfg(test)]
mod tests {
    //! Each answer is Popeye 4.104's to the position.
    use super::super::testing::{moves, sorted};
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};

    #[test]
    fn a_centre_unit_captures_from_the_other_centre_squares_too() {
        // `~1`: the rook takes e6 from e5 and from e4, g4 only from d4
        // (the same arrival); the knight takes g4 and d7 from e5.
        let r = Rules::orthodox().with(Condition::PlusChess);
        let got = moves(
            &r,
            "wKa1 wRd4 wSd5 wPa2 bKh7 bPd7 bPa5 bPg4 bBb6 bPe6",
            Color::White,
        );
        let want = "Ka1-b2 Ka1-b1 a2-a4 a2-a3 Rd4-e5*e6 Rd4-e4*e6 Rd4-d1 Rd4-d2 Rd4-d3 \
                    Rd4-a4 Rd4-b4 Rd4-c4 Rd4*g4 Rd4-f4 Rd4-e4 Sd5-e5*g4 Sd5-e5*d7 Sd5-b4 \
                    Sd5-c3 Sd5-e3 Sd5-f4 Sd5-f6 Sd5-e7 Sd5-c7 Sd5*b6";
        assert_eq!(got, sorted(want));
    }

    #[test]
    fn a_centre_unit_checks_from_an_empty_centre_square() {
        let r = Rules::orthodox().with(Condition::PlusChess);
        let pos = Position::from_piece_list("wKa1 wRd4 bKe8").unwrap();
        assert!(r.in_check(&pos, Color::Black));
        let blocked = Position::from_piece_list("wKa1 wRd4 wPe4 wPe5 bKe8").unwrap();
        assert!(!r.in_check(&blocked, Color::Black));
    }
}
