//! Breton: a capture takes with it a unit of the captured unit's walk.
//!
//! When a unit is captured, a unit of the capturing side (Adverse: of the
//! captured side) with the walk of the captured unit leaves the board too
//! (Chromatic: changes sides instead). Where several units could, each is
//! one move, in the order of their squares (a1, b1 ... h8); where none can,
//! the capture is played alone. The capturing unit itself may be the one:
//! `Rd6*d4[-wRd4]`.
//!
//! The unit is chosen once the motion is played, before a pawn's
//! promotion and before any rebirth (the capturing pawn counts as a
//! pawn), and neutral units are never chosen. With the form PY
//! (Popeye's own), the unit is chosen after the promotion (a pawn
//! capturing a bishop and promoting to one may take itself:
//! `c2*d1=B[-bBd1]`), and neutral units, which belong to both sides, may
//! be chosen.
//!
//! Popeye writes the removal as `[-wBg4]`, the change of sides as
//! `[c4=b]`, before the rebirths and (but with PY) before the promotion of
//! the capturing pawn, which is then written in brackets of its own:
//! `c2*d1[-bBb2][d1=Q]`, `c2*d1=Q[-bBb2]` with PY; the Circe notation
//! `(-wBg4)`, `(c4=b)`, `(d1=Q)`.

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Color, Kind, Piece, Position};
use crate::moves::{Effect, Move};
use crate::rules::{Base, Condition, Rules};

pub struct Breton;

/// `Param::number`'s bits: the forms given after the name.
pub const ADVERSE: u8 = 1;
pub const CHROMATIC: u8 = 1 << 1;
pub const POPEYE: u8 = 1 << 2;

/// Whether `unit` may be chosen for `side`: one of its units (a neutral
/// one belongs to both sides; only the form PY chooses it).
fn chosen_for(unit: Piece, side: Color, forms: u8) -> bool {
    if unit.is_neutral() {
        forms & POPEYE != 0
    } else {
        unit.color == side
    }
}

/// The first walk `pawn` may promote to (the moves of a promotion come
/// in this order).
fn first_promotion(rules: &Rules, pawn: Piece) -> Option<Kind> {
    let p = pawn.kind.def().pawn?;
    rules.repertoire.promotions(p).next()
}

impl ConditionRule for Breton {
    const ID: &'static str = "breton";
    const PARAMETER: Parameter = Parameter::BretonForms;
    /// The unit that goes may have shielded the mover's king (a capture is
    /// played out to judge it); the general pipeline plays the removal
    /// before the rebirths.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        keeps_units: false,
        ..Capabilities::ORTHODOX
    };
    const SECOND_MOTION: bool = true;

    fn second_motions(rules: &Rules, pos: &Position, take: &Move, found: &mut dyn FnMut(Move)) {
        let Some(victim) = take.captured else {
            return found(*take);
        };
        let forms = rules.param(Condition::Breton).number;
        let side = if forms & ADVERSE != 0 {
            pos.turn.opponent()
        } else {
            pos.turn
        };
        // The board once the motion is played: the capturer on its square,
        // a pawn still (PY: promoted), the victim gone.
        let mut board = *pos;
        board.clear(take.departure());
        board.clear(take.capture_square);
        let mover = if forms & POPEYE != 0 {
            take.arriving_piece()
        } else {
            take.piece
        };
        board.put(take.to, mover);
        let mut any = false;
        for on in board.unit_squares() {
            let Some(unit) = board.piece_at(on) else {
                continue;
            };
            if unit.kind != victim.kind || !chosen_for(unit, side, forms) {
                continue;
            }
            any = true;
            let mut with = *take;
            // A pawn taken along (or turned) before it promotes does not
            // promote: the move is there once, for the first promotion.
            let itself = on == take.to && forms & POPEYE == 0;
            if itself && take.promotion.is_some() {
                if take.promotion != first_promotion(rules, take.piece) {
                    continue;
                }
                with.promotion = None;
            }
            let effect = if forms & CHROMATIC != 0 {
                let turned = Piece {
                    color: unit.color.opponent(),
                    ..unit
                };
                Effect::Recoloured { on, unit: turned }
            } else {
                Effect::TakenAlong { on, unit }
            };
            with.effects.push(effect);
            // Before the promotion: Popeye writes it after the unit taken
            // along (`c2*d1[-bBb2][d1=Q]`).
            if forms & POPEYE == 0 && with.promotion.is_some() {
                with.effects.push(Effect::LatePromotion {
                    on: take.to,
                    unit: take.arriving_piece(),
                });
            }
            found(with);
        }
        if !any {
            found(*take);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        // Popeye stops in the middle of its answer to many positions
        // under the two: there is no answer to agree with.
        rules.family(Base::AntiCirce).is_some().then(|| {
            "Breton with AntiCirce is not played yet (Popeye 4.104 breaks off some of its answers)".into()
        })
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        let forms = rules.param(Condition::Breton).number;
        (forms & (POPEYE | CHROMATIC) == POPEYE | CHROMATIC && pos.neutral().nonempty())
            .then(|| "Breton PY Chromatic with neutral units is not played (Popeye turns a neutral unit incoherently)".into())
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use super::{ADVERSE, CHROMATIC, POPEYE};
    use crate::board::Color;
    use crate::rules::{Condition, Param, Rules};

    fn breton(forms: u8) -> Rules {
        let param = Param {
            number: forms,
            ..Param::default()
        };
        Rules::default().with_param(Condition::Breton, param)
    }

    /// White's king stands checked by the bishop f3: only its captures
    /// and a flight are left.
    const CHECKED: &str = "wKh1 wRd6 wRh3 wBg4 wBa7 bKe3 bRd4 bRb2 bBf3 bBe1 bPd3";

    #[test]
    fn a_unit_of_the_capturing_side_goes_with_the_capture() {
        assert_eq!(
            moves(&breton(0), CHECKED, Color::White),
            sorted("Kh1-g1 Rh3*f3[-wBg4] Rh3*f3[-wBa7] Bg4*f3[-wBf3] Bg4*f3[-wBa7]")
        );
    }

    #[test]
    fn adverse_a_unit_of_the_captured_side_goes() {
        assert_eq!(
            moves(&breton(ADVERSE), CHECKED, Color::White),
            sorted("Kh1-g1 Rh3*f3[-bBe1] Bg4*f3[-bBe1]")
        );
    }

    #[test]
    fn chromatic_the_unit_changes_sides_and_may_not_check_its_king() {
        // Bg4*f3[f3=b] would leave a black bishop checking from f3.
        assert_eq!(
            moves(&breton(CHROMATIC), CHECKED, Color::White),
            sorted("Kh1-g1 Rh3*f3[g4=b] Rh3*f3[a7=b] Bg4*f3[a7=b]")
        );
    }

    const PROMOTING: &str = "wPe2 wKh1 wSb1 wBd1 wRa5 wRf4 bQh6 bRc3 bBb2 bPc2 bKc1 bSh2";

    const BLACK_QUIET: &str = "Bb2-a1 Bb2-a3 Sh2-f1 Sh2-g4 Sh2-f3 Rc3-a3 Rc3-b3 Rc3-c8 \
        Rc3-c7 Rc3-c6 Rc3-c5 Rc3-c4 Rc3-h3 Rc3-g3 Rc3-f3 Rc3-e3 Rc3-d3 Qh6-g5 Qh6-f8 \
        Qh6-g7 Qh6-h3 Qh6-h4 Qh6-h5 Qh6-a6 Qh6-b6 Qh6-c6 Qh6-d6 Qh6-e6 Qh6-f6 Qh6-g6 \
        Qh6-h8 Qh6-h7";

    #[test]
    fn the_unit_goes_before_the_capturing_pawn_promotes() {
        assert_eq!(
            moves(&breton(0), PROMOTING, Color::Black),
            sorted(&format!(
                "{BLACK_QUIET} Kc1*b1[-bSh2] Kc1*d1[-bBb2] c2*d1[-bBb2][d1=Q] \
                 c2*d1[-bBb2][d1=S] c2*d1[-bBb2][d1=R] c2*d1[-bBb2][d1=B] \
                 c2*b1[-bSh2][b1=Q] c2*b1[-bSh2][b1=S] c2*b1[-bSh2][b1=R] \
                 c2*b1[-bSh2][b1=B] Qh6*f4[-bRc3]"
            ))
        );
    }

    #[test]
    fn py_the_promoted_pawn_may_take_itself_along() {
        assert_eq!(
            moves(&breton(POPEYE), PROMOTING, Color::Black),
            sorted(&format!(
                "{BLACK_QUIET} Kc1*b1[-bSh2] Kc1*d1[-bBb2] c2*d1=Q[-bBb2] c2*d1=S[-bBb2] \
                 c2*d1=R[-bBb2] c2*d1=B[-bBd1] c2*d1=B[-bBb2] c2*b1=Q[-bSh2] \
                 c2*b1=S[-bSb1] c2*b1=S[-bSh2] c2*b1=R[-bSh2] c2*b1=B[-bSh2] \
                 Qh6*f4[-bRc3]"
            ))
        );
    }
}
