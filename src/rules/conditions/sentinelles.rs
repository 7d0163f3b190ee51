//! Sentinelles: a unit that is no pawn leaves a pawn, the sentinel, on
//! the square it left, once its move is played with its rebirths; Popeye
//! writes it as a unit put on the board (`Rh1-h5[+wPh1]`).
//!
//! - No sentinel on the first or last rank, nor where the square is
//!   occupied again (a unit reborn there).
//! - The sentinel is the mover's side's pawn; PionAdvers: the other
//!   side's; PionNeutre: a neutral pawn where the mover is neutral (its
//!   side's otherwise). Berolina: a Berolina pawn instead.
//! - Maxima: no sentinel of a side that already has as many pawns (of the
//!   sentinels' walk) as its maximum (MaximumWhite, MaximumBlack, 8 by
//!   default), nor when both sides together have MaximumTotal (16).
//! - ParaSentinelles: no sentinel for a side that has more such pawns
//!   than the other side had before the move's capture.
//!
//! The pawns counted are those on the board after the move and its
//! rebirths (a pawn reborn counts). Popeye's PionPropre, the default, is
//! not read. The Mars family is refused (the square a unit leaves there is
//! not one Popeye's rule was checked for).

use super::{Capabilities, ConditionRule, Parameter, Stage};
use crate::board::{Attrs, Color, Kind, Piece, Position};
use crate::moves::{Effect, Effects, Move, MAX_EFFECTS};
use crate::rules::{Condition, Rules};

/// The sentinels' side (`Param::number`, the two low bits; 0: the mover's).
pub const ADVERSE: u8 = 1;
pub const NEUTRAL: u8 = 2;
/// ParaSentinelles (a bit of `Param::number`).
pub const PARA: u8 = 4;
/// Berolina pawns as sentinels (a bit of `Param::number`).
pub const BEROLINA: u8 = 8;

pub struct Sentinelles;

/// The limits of the condition, read from its parameter.
struct Limits {
    mode: u8,
    para: bool,
    walk: Kind,
    /// Each side's maximum (White, Black).
    most: [u32; 2],
    total: u32,
}

impl Limits {
    fn of(rules: &Rules) -> Limits {
        let p = rules.param(Condition::Sentinelles);
        let given = |n: u8, default: u32| {
            if n == 0 {
                default
            } else {
                u32::from(n - 1)
            }
        };
        Limits {
            mode: p.number & 3,
            para: p.number & PARA != 0,
            walk: if p.number & BEROLINA != 0 {
                Kind::BEROLINA_PAWN
            } else {
                Kind::PAWN
            },
            most: [given(p.counts[0], 8), given(p.counts[1], 8)],
            total: given(p.total, 16),
        }
    }
}

impl ConditionRule for Sentinelles {
    const ID: &'static str = "sentinelles";
    const PARAMETER: Parameter = Parameter::Sentinelles;
    /// A move adds a unit (a pawn of the other side may give check), so
    /// it is played out to place it, quiet moves too.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        keeps_units: false,
        ..Capabilities::ORTHODOX
    };

    fn changes(
        rules: &Rules,
        stage: Stage,
        before: &Position,
        mv: &Move,
        now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        if stage != Stage::AfterRebirths
            || mv.piece.kind.is_pawn()
            || mv.motion == crate::moves::Motion::Null
        {
            return;
        }
        let from = mv.from;
        if from.rank() == 0 || from.rank() == 7 || now.piece_at(from).is_some() {
            return;
        }
        if now.holes.contains(from) {
            return;
        }
        let limits = Limits::of(rules);
        let mover = before.turn;
        let count = |side: Color| now.pieces(side, limits.walk).count();
        let unit = if limits.mode == NEUTRAL && mv.piece.is_neutral() {
            Piece {
                kind: limits.walk,
                color: Color::White,
                attrs: Attrs::NEUTRAL,
            }
        } else {
            let side = if limits.mode == ADVERSE {
                mover.opponent()
            } else {
                mover
            };
            if limits.para {
                let mut others = count(side.opponent());
                if mv.captured.is_some_and(|v| v.kind == limits.walk) {
                    others += 1;
                }
                if count(side) > others {
                    return;
                }
            }
            if count(side) + 1 > limits.most[side.index()]
                || count(Color::White) + count(Color::Black) + 1 > limits.total
            {
                return;
            }
            Piece {
                kind: limits.walk,
                color: side,
                attrs: Attrs::NONE,
            }
        };
        if out.len() + so_far.len() < MAX_EFFECTS {
            out.push(Effect::Added { on: from, unit });
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        use crate::rules::Base;
        super::not_played_beside(
            rules,
            "Sentinelles",
            &[Base::MarsCirce, Base::AntiMarsCirce, Base::PhantomChess],
        )
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use super::super::Param;
    use super::{ADVERSE, BEROLINA, PARA};
    use crate::board::Color;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn sentinelles(rules: Rules, number: u8, counts: [u8; 2]) -> Rules {
        rules.with_param(
            Condition::Sentinelles,
            Param {
                number,
                counts,
                ..Default::default()
            },
        )
    }

    #[test]
    fn a_piece_leaves_a_pawn_off_the_first_and_last_ranks() {
        let r = sentinelles(Rules::orthodox(), 0, [0, 0]);
        assert_eq!(
            moves(&r, "wKe1 wRh2 wSb1 wPc2 bKe8 bQd4 bBf6 bPh7", Color::White),
            sorted(
                "Sb1-d2 Sb1-c3 Sb1-a3 Ke1-e2 Ke1-f1 c2-c4 c2-c3 Rh2-h1[+wPh2] Rh2-d2[+wPh2] \
                 Rh2-e2[+wPh2] Rh2-f2[+wPh2] Rh2-g2[+wPh2] Rh2*h7[+wPh2] Rh2-h6[+wPh2] \
                 Rh2-h5[+wPh2] Rh2-h4[+wPh2] Rh2-h3[+wPh2]"
            )
        );
    }

    #[test]
    fn pion_advers_gives_the_other_side_a_pawn_up_to_its_maximum() {
        // Black may have 3 pawns: the knight's moves give White one.
        let r = sentinelles(
            Rules::with_circe(CirceRules::of(Base::Circe)),
            ADVERSE,
            [0, 4],
        );
        let got = moves(&r, "wKe1 wRh2 bKe8 bPa7 bPb7 bSd5", Color::Black);
        assert!(got.contains(&"Sd5-b4[+wPd5]".to_string()), "{got:?}");
        // With White's maximum 0, none.
        let r = sentinelles(
            Rules::with_circe(CirceRules::of(Base::Circe)),
            ADVERSE,
            [1, 4],
        );
        let got = moves(&r, "wKe1 wRh2 bKe8 bPa7 bPb7 bSd5", Color::Black);
        assert!(got.contains(&"Sd5-b4".to_string()), "{got:?}");
    }

    #[test]
    fn berolina_sentinels() {
        let r = sentinelles(Rules::orthodox(), BEROLINA | PARA, [0, 0]);
        let got = moves(&r, "wKe1 wRd2 wPf2 bKe8 bPa7 bSd5", Color::White);
        assert!(got.contains(&"Rd2-d3[+wBPd2]".to_string()), "{got:?}");
    }

    #[test]
    fn para_sentinels_count_the_pawn_just_taken() {
        let r = sentinelles(Rules::orthodox(), PARA, [0, 0]);
        // Three pawns each: a sentinel, after a capture of a pawn too.
        let got = moves(
            &r,
            "wKe1 wRd2 wPf2 wPg2 wPh2 bKe8 bPa7 bPb7 bPd5",
            Color::White,
        );
        assert!(got.contains(&"Rd2*d5[+wPd2]".to_string()), "{got:?}");
        assert!(got.contains(&"Rd2-d3[+wPd2]".to_string()), "{got:?}");
        // Three against two: none.
        let got = moves(&r, "wKe1 wRd2 wPf2 wPg2 wPh2 bKe8 bPa7 bPd5", Color::White);
        assert!(got.contains(&"Rd2*d5".to_string()), "{got:?}");
        assert!(got.contains(&"Rd2-d3".to_string()), "{got:?}");
    }
}
