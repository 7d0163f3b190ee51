//! GridChess: lines cut the board into cells (normally the 16 blocks of
//! 2×2 squares); a move, and an observation, must cross at least one line:
//! it may not end in the cell it started from. The variants shift the
//! normal grid by a rank, a file, or both, or draw lines after the files
//! and ranks given (`Orthogonal`). Castling is the king's move (e1-g1 and
//! e1-c1 both leave the king's cell in the normal grid).

use super::{Capabilities, ConditionRule, Param, Parameter};
use crate::board::{Position, Square};
use crate::moves::Move;
use crate::rules::{Condition, Observer, Rules};

pub struct Grid;

/// The normal grid: lines after the files b, d, f and the ranks 2, 4, 6.
const NORMAL: [u8; 2] = [0b0010_1010, 0b0010_1010];

/// Whether some line of `lines` lies between the coordinates `a` and `b`.
#[inline]
fn crosses(lines: u8, a: u8, b: u8) -> bool {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    // The lines after lo, ..., hi - 1.
    let between = ((1u16 << hi) - (1u16 << lo)) as u8;
    lines & between != 0
}

/// The grid lines in force.
#[inline]
fn lines(param: Param) -> [u8; 2] {
    if param.lines == [0, 0] {
        NORMAL
    } else {
        param.lines
    }
}

/// Whether a move from `from` to `to` leaves its cell.
#[inline]
pub fn leaves_cell(rules: &Rules, from: Square, to: Square) -> bool {
    let [files, ranks] = lines(rules.param(Condition::GridChess));
    crosses(files, from.file(), to.file()) || crosses(ranks, from.rank(), to.rank())
}

impl ConditionRule for Grid {
    const ID: &'static str = "gridchess";
    /// Popeye's intelligent mode takes the condition.
    const INTELLIGENT: bool = true;
    const OBSERVATION_GEOMETRY: bool = true;
    const PARAMETER: Parameter = Parameter::Grid;
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn allows(rules: &Rules, _pos: &Position, mv: &Move) -> bool {
        leaves_cell(rules, mv.from, mv.to)
    }

    #[inline]
    fn observes(rules: &Rules, _pos: &Position, observer: &Observer, target: Square) -> bool {
        leaves_cell(rules, observer.from, target)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        (rules.param(Condition::GridChess).number != 0)
            .then(|| "GridChess with an irregular grid or extra grid lines is not played".into())
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::conditions::Param;
    use crate::rules::{Condition, Rules};

    #[test]
    fn moves_must_leave_their_cell() {
        let r = Rules::orthodox().with(Condition::GridChess);
        assert_eq!(
            moves(&r, "wKe1 wRd4 wSb1 bKh8", Color::White),
            sorted(
                "Sb1-d2 Sb1-c3 Sb1-a3 Ke1-d2 Ke1-d1 Rd4-d1 Rd4-d2 Rd4-a4 Rd4-b4 Rd4-d8 \
                 Rd4-d7 Rd4-d6 Rd4-d5 Rd4-h4 Rd4-g4 Rd4-f4 Rd4-e4"
            )
        );
    }

    #[test]
    fn check_must_cross_a_line() {
        // The rook e1 and the king e2 share a cell; the king h1 is beyond one.
        let pos = crate::board::Position::from_piece_list("wRe1 bKe2 wKh8").unwrap();
        let r = Rules::orthodox().with(Condition::GridChess);
        assert!(!r.in_check(&pos, Color::Black));
        let pos = crate::board::Position::from_piece_list("wRe1 bKe3 wKh8").unwrap();
        assert!(r.in_check(&pos, Color::Black));
    }

    #[test]
    fn a_shifted_grid_moves_the_cells() {
        // VerticalShift: the cells of the first rank are a1b1, c1d1, ...;
        // Ke1-e2 and Ke1-d2 cross a line, Ke1-f1 does not.
        let shifted = Rules::orthodox().with_param(
            Condition::GridChess,
            Param {
                lines: [0b0010_1010, 0b0101_0101],
                ..Default::default()
            },
        );
        assert_eq!(
            moves(&shifted, "wKe1 bKh8", Color::White),
            sorted("Ke1-d1 Ke1-d2 Ke1-e2 Ke1-f2")
        );
    }
}
