//! SwappingKings: once a move gives check, the two kings exchange their
//! squares.
//!
//! The check is judged once the move is played with the capturer's
//! rebirth (AntiCirce), before the captured unit's (Circe), which comes
//! after the exchange, as in Popeye; the
//! exchange is part of the move, so a move whose exchange leaves its own
//! king in check is illegal, and the check shown is that of the position
//! after the exchange. Popeye writes the exchange after the move, the black
//! king first: `Ra4-a8[Kh8<->Ke1]`. Nothing is exchanged while a side has
//! no king.

use super::{Capabilities, ConditionRule, Stage};
use crate::board::Position;
use crate::moves::{Effect, Effects, Move, MAX_EFFECTS};
use crate::rules::Rules;

pub struct SwappingKings;

impl ConditionRule for SwappingKings {
    const ID: &'static str = "swappingkings";
    /// A move moves the kings: it is played out, its legality too.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        keeps_units: false,
        ..Capabilities::ORTHODOX
    };

    fn changes(
        rules: &Rules,
        stage: Stage,
        before: &Position,
        _mv: &Move,
        now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        if stage != Stage::AfterCapturerRebirth {
            return;
        }
        let side = before.turn;
        let (Some(white), Some(black)) = (
            now.king(crate::board::Color::White),
            now.king(crate::board::Color::Black),
        ) else {
            return;
        };
        if !rules.in_check(now, side.opponent()) || so_far.len() + out.len() >= MAX_EFFECTS {
            return;
        }
        let (Some(w), Some(b)) = (now.piece_at(white), now.piece_at(black)) else {
            return;
        };
        out.push(Effect::KingsSwapped {
            white,
            black,
            white_kind: w.kind,
            black_kind: b.kind,
        });
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    #[test]
    fn a_checking_move_exchanges_the_kings() {
        let r = Rules::orthodox().with(Condition::SwappingKings);
        assert_eq!(
            moves(&r, "wKe1 wRa4 wPc2 bKh8 bSh1", Color::White),
            sorted(
                "Ke1-d2 Ke1-d1 Ke1-e2 Ke1-f1 c2-c4 c2-c3 Ra4-a1 Ra4-a2 Ra4-a3 \
                 Ra4-a8[Kh8<->Ke1] Ra4-a7 Ra4-a6 Ra4-a5 Ra4-h4[Kh8<->Ke1] Ra4-g4 Ra4-f4 \
                 Ra4-e4 Ra4-d4 Ra4-c4 Ra4-b4"
            )
        );
    }

    #[test]
    fn under_circe_the_exchange_comes_before_the_rebirth() {
        let r = Rules::with_circe(CirceRules::of(Base::Circe)).with(Condition::SwappingKings);
        let got = moves(&r, "wKc8 wRh2 bKg3 bPg2", Color::White);
        assert!(
            got.contains(&"Rh2*g2[Kg3<->Kc8][+bPg7]".to_string()),
            "{got:?}"
        );
    }
}
