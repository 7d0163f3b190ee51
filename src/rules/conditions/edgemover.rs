//! WhiteEdgeMover and BlackEdgeMover: the units of that side move, and
//! observe (so check), only to the edge of the board: the files a and h,
//! the ranks 1 and 8.

use super::{Capabilities, ConditionRule};
use crate::board::{Color, Position, Square};
use crate::moves::Move;
use crate::rules::{Observer, Rules};

const GEOMETRY: Capabilities = Capabilities {
    orthodox_movers: false,
    orthodox_observation: false,
    ..Capabilities::ORTHODOX
};

#[inline]
fn on_edge(sq: Square) -> bool {
    matches!(sq.file(), 0 | 7) || matches!(sq.rank(), 0 | 7)
}

pub struct EdgeMover<const BLACK: bool>;

impl<const BLACK: bool> EdgeMover<BLACK> {
    const SIDE: Color = if BLACK { Color::Black } else { Color::White };
}

impl<const BLACK: bool> ConditionRule for EdgeMover<BLACK> {
    const ID: &'static str = if BLACK { "blackedge" } else { "whiteedge" };
    /// Popeye's intelligent mode takes the condition.
    const INTELLIGENT: bool = true;
    const OBSERVATION_GEOMETRY: bool = true;
    const CAPABILITIES: Capabilities = GEOMETRY;

    #[inline]
    fn allows(_rules: &Rules, pos: &Position, mv: &Move) -> bool {
        pos.turn != Self::SIDE || on_edge(mv.to)
    }

    #[inline]
    fn observes(_rules: &Rules, _pos: &Position, observer: &Observer, target: Square) -> bool {
        observer.unit.color != Self::SIDE || observer.unit.is_neutral() || on_edge(target)
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    const POS: &str = "wKe1 wRd4 wSb1 wPb7 bKh8 bRd2";

    #[test]
    fn a_pawn_on_its_first_rank_does_not_observe() {
        // The black pawn on b8 does not guard a7 (Popeye's rule for a pawn
        // on its own first rank): the king goes there.
        let r = Rules::orthodox().with(Condition::WhiteEdgeMover);
        assert_eq!(
            moves(&r, "wKa6 wBh1 bKh4 bPb8", Color::White),
            sorted("Bh1-a8 Ka6-a5 Ka6-a7")
        );
    }

    #[test]
    fn white_moves_to_the_edge_only() {
        let r = Rules::orthodox().with(Condition::WhiteEdgeMover);
        assert_eq!(
            moves(&r, POS, Color::White),
            sorted("Sb1-a3 Ke1-f1 Rd4-a4 Rd4-d8 Rd4-h4 b7-b8=Q b7-b8=S b7-b8=R b7-b8=B")
        );
    }

    #[test]
    fn black_observes_the_edge_only() {
        // The rook d2 guards no square of the second rank.
        let r = Rules::orthodox().with(Condition::BlackEdgeMover);
        assert_eq!(
            moves(&r, POS, Color::White),
            sorted(
                "Sb1*d2 Sb1-c3 Sb1-a3 Ke1-f2 Ke1*d2 Ke1-e2 Ke1-f1 Rd4*d2 Rd4-d3 Rd4-a4 \
                 Rd4-b4 Rd4-c4 Rd4-d8 Rd4-d7 Rd4-d6 Rd4-d5 Rd4-h4 Rd4-g4 Rd4-f4 Rd4-e4 \
                 b7-b8=Q b7-b8=S b7-b8=R b7-b8=B"
            )
        );
    }
}
