//! MagicSquares: squares given where a unit arriving changes sides. A unit
//! that a move puts on a magic square (the mover, the rook in castling, a
//! unit reborn there) becomes a unit of the other side, at once: it is
//! the other side's for the rest of the move (its check, its rebirth) and
//! after. A king or royal unit and a neutral unit never change; nor does a
//! unit that has left the square again before the change is made.
//!
//! The two types differ only with AntiCirce, in when the change comes.
//! Type 1: after the capturer's rebirth, so a capturer arriving on a magic
//! square is reborn first (unchanged, the square left empty), and changes
//! when it is reborn on a magic square. Type 2: before any rebirth, so the
//! capturer changes on the magic square it captured on and is reborn as a
//! unit of its new side, on that side's rebirth square. Under Circe both
//! types make the change before the captured unit's rebirth, which never
//! changes it.
//!
//! In MessignyChess's exchange, Popeye looks only at the square the mover
//! left (the unit now standing there changes when it is magic), not at
//! the square the mover reached; this is played so.

use super::{Capabilities, ConditionRule, Parameter, Stage};
use crate::board::{Attrs, Bitboard, Kind, Piece, Position, Square};
use crate::moves::{Effect, Effects, Motion, Move};
use crate::rules::{Base, Condition, Rules};

pub struct MagicSquares;

/// The squares given.
#[inline]
fn magic(rules: &Rules) -> Bitboard {
    rules.param(Condition::MagicSquares).squares
}

/// Whether the change comes before the capturer's rebirth (type 2).
fn early(rules: &Rules) -> bool {
    rules.param(Condition::MagicSquares).number == 2
}

/// A unit that never changes sides: royal, or neutral.
fn unchanging(unit: Piece) -> bool {
    unit.kind == Kind::KING || unit.attrs.contains(Attrs::ROYAL) || unit.is_neutral()
}

impl ConditionRule for MagicSquares {
    const ID: &'static str = "magicsquare";
    const PARAMETER: Parameter = Parameter::TypedSquares;
    /// A unit that changes sides may leave its old side's king in check
    /// (a quiet move must be played out), and check follows the units'
    /// sides as they stand.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        keeps_units: false,
        ..Capabilities::ORTHODOX
    };

    fn changes(
        rules: &Rules,
        stage: Stage,
        _before: &Position,
        mv: &Move,
        now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        // Type 1 changes after AntiCirce's rebirth, type 2 before it; both
        // before Circe's (with no AntiCirce the two stages are one).
        let wanted = if early(rules) || rules.family(Base::AntiCirce).is_none() {
            Stage::BeforeRebirths
        } else {
            Stage::AfterCapturerRebirth
        };
        if stage != wanted {
            return;
        }
        let squares = magic(rules);
        // The units that arrived, in Popeye's record: the motion, then the
        // units the rules' effects put down so far.
        let mut arrivals: [Option<(Square, Piece)>; 8] = [None; 8];
        let mut n = 0;
        let mut note = |sq: Square, unit: Piece| {
            if n < arrivals.len() {
                arrivals[n] = Some((sq, unit));
                n += 1;
            }
        };
        match mv.motion {
            Motion::CastleShort | Motion::CastleLong => {
                let rank = mv.from.rank();
                let rook_to = if mv.motion == Motion::CastleShort {
                    Square::new(5, rank)
                } else {
                    Square::new(3, rank)
                };
                note(mv.to, mv.piece);
                if let Some(rook) = now.piece_at(rook_to) {
                    note(rook_to, rook);
                }
            }
            // Popeye asks about the square the mover left only.
            Motion::Exchange => {
                if let Some(unit) = now.piece_at(mv.from) {
                    note(mv.from, unit);
                }
            }
            Motion::Null => {}
            _ => note(mv.to, mv.arriving_piece()),
        }
        for e in so_far {
            match *e {
                Effect::CapturerReborn { to, unit, .. } => note(to, unit),
                Effect::CapturedReborn { on, unit, .. }
                | Effect::Added { on, unit }
                | Effect::Emerges { on, unit } => note(on, unit),
                _ => {}
            }
        }
        let mut board = *now;
        for &(sq, unit) in arrivals[..n].iter().flatten() {
            if !squares.contains(sq) || unchanging(unit) {
                continue;
            }
            // The unit must still stand there (with its side as it is now).
            let Some(there) = board.piece_at(sq) else {
                continue;
            };
            if there.kind != unit.kind {
                continue;
            }
            let turned = Piece {
                color: there.color.opponent(),
                ..there
            };
            board.put(sq, turned);
            if out.len() + so_far.len() < crate::moves::MAX_EFFECTS {
                out.push(Effect::ColourChange {
                    on: sq,
                    unit: turned,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::{Bitboard, Color, Square};
    use crate::rules::conditions::Param;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn magic(rules: Rules, squares: &[&str], number: u8) -> Rules {
        let mut set = Bitboard::EMPTY;
        for s in squares {
            set.set(Square::parse(s).unwrap());
        }
        rules.with_param(
            Condition::MagicSquares,
            Param {
                squares: set,
                number,
                ..Default::default()
            },
        )
    }

    #[test]
    fn a_unit_arriving_changes_sides_before_circe_rebirth() {
        let r = magic(Rules::with_circe(CirceRules::of(Base::Circe)), &["e4"], 0);
        let got = moves(&r, "wKa1 wPd3 wSc3 bKh8 bSe4", Color::White);
        assert!(got.contains(&"d3*e4=b[+bSg8]".to_string()), "{got:?}");
        assert!(got.contains(&"Sc3*e4=b[+bSg8]".to_string()), "{got:?}");
        // The king does not change.
        let got = moves(&r, "wKd4 bKh8", Color::White);
        assert!(got.contains(&"Kd4-e4".to_string()), "{got:?}");
    }

    #[test]
    fn a_unit_that_changes_may_not_leave_its_king_in_check() {
        // The rook turned black on e2 would check the white king.
        let r = magic(Rules::default(), &["e2"], 0);
        let got = moves(&r, "wKe1 wRa2 bKh8", Color::White);
        assert!(!got.iter().any(|m| m.starts_with("Ra2-e2")), "{got:?}");
        assert!(got.contains(&"Ra2-d2".to_string()), "{got:?}");
    }

    #[test]
    fn anticirce_types() {
        // Type 1: the capturer is reborn first; on a magic rebirth square
        // it changes there.
        let r = magic(
            Rules::with_circe(CirceRules::of(Base::AntiCirce)),
            &["c2"],
            0,
        );
        assert_eq!(
            moves(&r, "wSa1 bPc2", Color::White),
            sorted("Sa1*c2[wSc2->b1] Sa1-b3")
        );
        let r = magic(
            Rules::with_circe(CirceRules::of(Base::AntiCirce)),
            &["b1"],
            0,
        );
        assert_eq!(
            moves(&r, "wSa1 bPc2", Color::White),
            sorted("Sa1*c2[wSc2->b1=b] Sa1-b3")
        );
        // Type 2: the capturer changes first and is reborn for Black.
        let r = magic(
            Rules::with_circe(CirceRules::of(Base::AntiCirce)),
            &["c2"],
            2,
        );
        assert_eq!(
            moves(&r, "wSa1 bPc2", Color::White),
            sorted("Sa1*c2=b[bSc2->g8] Sa1-b3")
        );
    }
}
