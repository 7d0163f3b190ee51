//! WhiteOscillatingKings and BlackOscillatingKings: after a move of the
//! side named, the two kings exchange their squares.
//!
//! - Type A (the default): after every move of the side.
//! - Type B: likewise, but a move that leaves the side's own king in check
//!   before the exchange is illegal.
//! - Type C: only after a move that gives check.
//!
//! The exchange comes at SwappingKings' place: once the move is played with
//! the capturer's rebirth (AntiCirce), before the captured unit's (Circe).
//! It is part of the move, so a move whose exchange leaves the side's king
//! in check is illegal; Popeye writes it as SwappingKings' exchange,
//! `Qa4-e8[Ka6<->Ka8]`. Both sides' type C is SwappingKings, and Popeye
//! names it so (the reader puts SwappingKings in their place,
//! [`settle_swapping`]). Popeye plays neither condition where a side has no
//! king in the diagram; circe exchanges nothing while a side has no king.

use super::{Capabilities, ConditionRule, Parameter, Stage};
use crate::board::{Color, Position};
use crate::moves::{Effect, Effects, Move, MAX_EFFECTS};
use crate::rules::{Base, Condition, Rules};

/// The oscillating kings of White's moves (`WHITE`) or Black's.
pub struct Oscillating<const WHITE: bool>;

/// The types, as the parameter's number (0: none read, type A).
const TYPE_B: u8 = 2;
const TYPE_C: u8 = 3;

impl<const WHITE: bool> Oscillating<WHITE> {
    const SIDE: Color = if WHITE { Color::White } else { Color::Black };
    const CONDITION: Condition = if WHITE {
        Condition::WhiteOscillatingKings
    } else {
        Condition::BlackOscillatingKings
    };

    fn kind(rules: &Rules) -> u8 {
        rules.param(Self::CONDITION).number
    }
}

impl<const WHITE: bool> ConditionRule for Oscillating<WHITE> {
    const ID: &'static str = if WHITE {
        "white_oscillatingKs"
    } else {
        "black_oscillatingKs"
    };
    /// A move moves the kings: it is played out, its legality too.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        keeps_units: false,
        ..Capabilities::ORTHODOX
    };
    const PARAMETER: Parameter = Parameter::Lettered(3);

    fn changes(
        rules: &Rules,
        stage: Stage,
        before: &Position,
        _mv: &Move,
        now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        if stage != Stage::AfterCapturerRebirth || before.turn != Self::SIDE {
            return;
        }
        let (Some(white), Some(black)) = (now.king(Color::White), now.king(Color::Black)) else {
            return;
        };
        let swaps = match Self::kind(rules) {
            TYPE_B => !rules.in_check(now, Self::SIDE),
            TYPE_C => rules.in_check(now, Self::SIDE.opponent()),
            _ => true,
        };
        if !swaps || so_far.len() + out.len() >= MAX_EFFECTS {
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

    /// Type B: a move that left its king in check made no exchange.
    fn legal_after(rules: &Rules, before: &Position, mv: &Move, _after: &Position) -> bool {
        if before.turn != Self::SIDE || Self::kind(rules) != TYPE_B {
            return true;
        }
        let kings = before.king(Color::White).is_some() && before.king(Color::Black).is_some();
        !kings
            || mv
                .effects
                .iter()
                .any(|e| matches!(e, Effect::KingsSwapped { .. }))
    }

    fn refusal(rules: &Rules) -> Option<String> {
        let name = if WHITE {
            "WhiteOscillatingKings"
        } else {
            "BlackOscillatingKings"
        };
        if rules.has(Condition::SwappingKings) {
            return Some(format!("{name} with SwappingKings (not played)"));
        }
        // Compared with Popeye, type B disagrees where check is judged by
        // playing the capture of the king; the cause is not found.
        let played_out = !rules.attack_is_always_check()
            || rules.family(Base::ImmunChess).is_some()
            || rules.family(Base::GenevaChess).is_some();
        if Self::kind(rules) == TYPE_B && played_out {
            return Some(format!(
                "{name} TypeB where check is judged by playing the capture of the king \
                 (AntiCirce, Rex Inclusive, ImmunChess, GenevaChess): not played"
            ));
        }
        super::not_played_beside_mars(rules, name)
    }
}

/// Both sides' type C is SwappingKings: put in their place, as Popeye
/// names it (the reader, once the conditions are read).
pub fn settle_swapping(rules: &mut Rules) -> bool {
    let white = Condition::WhiteOscillatingKings;
    let black = Condition::BlackOscillatingKings;
    if rules.has(white)
        && rules.has(black)
        && rules.param(white).number == TYPE_C
        && rules.param(black).number == TYPE_C
    {
        rules.conditions.remove(white);
        rules.conditions.remove(black);
        rules.conditions.insert(Condition::SwappingKings);
        return true;
    }
    false
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::conditions::Param;
    use crate::rules::{Condition, Rules};

    fn white(kind: u8) -> Rules {
        let mut r = Rules::orthodox().with(Condition::WhiteOscillatingKings);
        r.params.set(
            Condition::WhiteOscillatingKings,
            Param {
                number: kind,
                ..Param::default()
            },
        );
        r
    }

    #[test]
    fn type_a_exchanges_after_every_move_of_its_side() {
        assert_eq!(
            moves(&white(1), "wKe1 wRa4 bKh8 bRe6", Color::White),
            sorted(
                "Ke1-f2[Kh8<->Kf2] Ke1-d2[Kh8<->Kd2] Ke1-d1[Kh8<->Kd1] Ke1-e2[Kh8<->Ke2] \
                 Ke1-f1[Kh8<->Kf1] Ra4-a1[Kh8<->Ke1] Ra4-a2[Kh8<->Ke1] Ra4-a3[Kh8<->Ke1] \
                 Ra4-a8[Kh8<->Ke1] Ra4-a7[Kh8<->Ke1] Ra4-a6[Kh8<->Ke1] Ra4-a5[Kh8<->Ke1] \
                 Ra4-h4[Kh8<->Ke1] Ra4-g4[Kh8<->Ke1] Ra4-f4[Kh8<->Ke1] Ra4-e4[Kh8<->Ke1] \
                 Ra4-d4[Kh8<->Ke1] Ra4-c4[Kh8<->Ke1] Ra4-b4[Kh8<->Ke1]"
            )
        );
        // Black's moves exchange nothing.
        assert!(moves(&white(1), "wKe1 wRa4 bKh8 bRe6", Color::Black)
            .iter()
            .all(|m| !m.contains("<->")));
    }

    #[test]
    fn type_b_refuses_a_move_that_leaves_the_king_in_check_before_the_exchange() {
        assert_eq!(
            moves(&white(2), "wKe1 wRa4 bKh8 bRe6", Color::White),
            sorted(
                "Ke1-f2[Kh8<->Kf2] Ke1-d2[Kh8<->Kd2] Ke1-d1[Kh8<->Kd1] Ke1-f1[Kh8<->Kf1] \
                 Ra4-e4[Kh8<->Ke1]"
            )
        );
    }

    #[test]
    fn type_c_exchanges_after_a_check() {
        assert_eq!(
            moves(&white(3), "wKe1 wRa4 wPc2 bKh8 bSf6 bPb3", Color::White),
            sorted(
                "Ke1-f2 Ke1-d2 Ke1-d1 Ke1-e2 Ke1-f1 c2-c4 c2-c3 c2*b3 Ra4-a1 Ra4-a2 Ra4-a3 \
                 Ra4-a8[Kh8<->Ke1] Ra4-a7 Ra4-a6 Ra4-a5 Ra4-h4[Kh8<->Ke1] Ra4-g4 Ra4-f4 \
                 Ra4-e4 Ra4-d4 Ra4-c4 Ra4-b4"
            )
        );
    }
}
