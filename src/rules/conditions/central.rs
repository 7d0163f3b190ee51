//! CentralChess: a unit may move, and observe (so check), only when it is
//! supported: observed by a unit of its own side that may itself observe,
//! and so on along a chain that reaches the king (kings are always
//! supported; a chain that comes back on itself supports nothing).

use super::{Capabilities, ConditionRule};
use crate::board::{Bitboard, Color, Kind, Position, Square};
use crate::rules::{Observer, Rules};

pub struct Central;

/// Whether the unit on `on`, of `side`, is supported, the units of
/// `chain` being already on the way.
fn supported(rules: &Rules, pos: &Position, on: Square, side: Color, chain: Bitboard) -> bool {
    if chain.contains(on) {
        return false;
    }
    if pos.pieces(side, Kind::KING).contains(on) {
        return true;
    }
    let mut chain = chain;
    chain.set(on);
    rules.any_observer(pos, on, side, None, false, |o| {
        supported(rules, pos, o.on, side, chain)
    })
}

impl ConditionRule for Central {
    const ID: &'static str = "central";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: true,
        ..Capabilities::ORTHODOX
    };

    fn immobile(rules: &Rules, pos: &Position, side: Color) -> Bitboard {
        super::units_where(pos, side, |on| {
            !supported(rules, pos, on, side, Bitboard::EMPTY)
        })
    }

    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        supported(
            rules,
            pos,
            observer.on,
            observer.unit.color,
            Bitboard::EMPTY,
        )
    }
}

#[cfg(test)]
mod tests {
    //! Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    #[test]
    fn only_supported_units_move() {
        // The queen is supported by the king, the knight by the queen; the
        // rook d4 (cut off by the rook d2) and the pawn are not.
        let r = Rules::orthodox().with(Condition::CentralChess);
        assert_eq!(
            moves(&r, "wKe1 wRd4 wSb1 wQd1 wPb7 bKh8 bRd2", Color::White),
            sorted(
                "Sb1*d2 Sb1-c3 Sb1-a3 Qd1-h5 Qd1-g4 Qd1-f3 Qd1-e2 Qd1-a4 Qd1-b3 Qd1-c2 \
                 Qd1-c1 Qd1*d2 Ke1-f2 Ke1*d2 Ke1-e2 Ke1-f1"
            )
        );
    }
}
