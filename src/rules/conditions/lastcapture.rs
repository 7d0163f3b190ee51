//! LastCapture: the move that led to the diagram captured the unit given
//! (its side, walk and square; the capturer stands on that square).
//!
//! Popeye plays that capture as the move before the diagram's first move:
//! a Circe form whose rebirth follows the next move (Parrain,
//! ContraParrain) rebirths the unit with the first move, and the capture
//! takes the place of the double step that `option EnPassant` gives (no
//! capture en passant is then possible).

use super::{ConditionRule, Parameter};
use crate::board::{Color, Kind, Pending, Piece, Position, Square};
use crate::moves::PendingKind;
use crate::rules::{Base, Condition, RelevantCapture, Rules};

pub struct LastCapture;

/// The unit captured and its square, when the parameter names them.
fn captured(rules: &Rules) -> Option<(Piece, Square)> {
    let param = rules.param(Condition::LastCapture);
    let color = match param.number {
        1 => Color::White,
        2 => Color::Black,
        _ => return None,
    };
    let kind = Kind::from_index(usize::from(param.walk_list[0].checked_sub(1)?))?;
    let on = param.squares.first()?;
    Some((Piece::new(color, kind), on))
}

impl ConditionRule for LastCapture {
    const ID: &'static str = "lastcapture";
    const PARAMETER: Parameter = Parameter::CapturedUnit;

    fn prepare(rules: &Rules, pos: &mut Position) {
        let Some((unit, on)) = captured(rules) else {
            return;
        };
        pos.ep_square = None;
        let delayed = rules
            .families()
            .any(|f| f.base == Base::Circe && f.relevant_capture == RelevantCapture::LastMove);
        if delayed {
            pos.waiting.pending = Some(Pending {
                unit,
                on,
                id: 0,
                kind: PendingKind::Captured,
            });
        }
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        let (unit, on) = captured(rules)?;
        if pos.piece_at(on).is_none() {
            return Some(format!(
                "LastCapture on {on}, an empty square, is not played (no unit captured there)"
            ));
        }
        // Popeye rebirths that unit for the side moving first, so a pawn of
        // the other side never promotes; the solver's rebirths do not know
        // that exception.
        (unit.kind == Kind::PAWN && unit.color != pos.turn).then(|| {
            "LastCapture of a pawn of the side not moving first is not played (Popeye \
             rebirths it for the side moving, without promotion)"
                .to_string()
        })
    }

    fn refusal(rules: &Rules) -> Option<String> {
        if captured(rules).is_none() {
            return Some(
                "LastCapture needs the side (White or Black), the walk and the square of the \
                 unit captured"
                    .to_string(),
            );
        }
        if let Some(other) = rules
            .conditions
            .iter()
            .find(|&c| c != Condition::LastCapture)
        {
            return Some(format!(
                "LastCapture with {} is not played (not compared with Popeye)",
                other.popeye_id()
            ));
        }
        rules.families().find(|f| f.base != Base::Circe).map(|f| {
            format!(
                "LastCapture with {:?} is not played (not compared with Popeye; the Circe \
                 forms are)",
                f.base
            )
        })
    }
}

#[cfg(test)]
mod tests {
    //! Each answer is Popeye 4.104's (`~1`).
    use super::super::testing::{moves_of, sorted};
    use crate::board::{Bitboard, Kind, Position, Square};
    use crate::rules::conditions::Param;
    use crate::rules::{CirceRules, Condition, RelevantCapture, Rules};

    fn last_capture(color: u8, kind: Kind, on: &str) -> Param {
        let mut param = Param {
            number: color,
            squares: Bitboard::from_square(Square::parse(on).unwrap()),
            ..Default::default()
        };
        param.walk_list[0] = kind.index() as u8 + 1;
        param
    }

    fn parrain() -> Rules {
        let mut circe = CirceRules::CIRCE;
        circe.relevant_capture = RelevantCapture::LastMove;
        circe.square = crate::rules::RebirthSquare::Equipollents;
        Rules::with_circe(circe)
    }

    #[test]
    fn under_parrain_the_unit_is_reborn_with_the_first_move() {
        // A white bishop was taken on h1: the king's step a1-a2 puts it on
        // h2; the steps to b1 and b2 would put it off the board.
        let rules =
            parrain().with_param(Condition::LastCapture, last_capture(1, Kind::BISHOP, "h1"));
        let mut pos = Position::from_piece_list("wKa1 bKh1").unwrap();
        rules.conditions.prepare(&rules, &mut pos);
        assert_eq!(
            moves_of(&rules, &pos),
            sorted("Ka1-a2[+wBh2] Ka1-b1 Ka1-b2")
        );
    }

    #[test]
    fn without_a_delayed_rebirth_nothing_waits() {
        let rules = Rules::with_circe(CirceRules::CIRCE)
            .with_param(Condition::LastCapture, last_capture(1, Kind::BISHOP, "h1"));
        let mut pos = Position::from_piece_list("wKa1 bKh1").unwrap();
        rules.conditions.prepare(&rules, &mut pos);
        assert!(pos.waiting.is_empty());
    }

    #[test]
    fn an_incomplete_parameter_or_an_empty_square_is_refused() {
        let bare = parrain().with(Condition::LastCapture);
        assert!(bare.conditions.refusal(&bare).is_some());
        let rules = parrain().with_param(Condition::LastCapture, last_capture(2, Kind::ROOK, "d4"));
        assert_eq!(rules.conditions.refusal(&rules), None);
        let pos = Position::from_piece_list("wKa1 bKh1").unwrap();
        assert!(rules
            .refusal_for(&pos, crate::stipulation::Goal::Mate)
            .is_some());
        // A black pawn taken with White to move first: Popeye would rebirth
        // it for White, never promoting it.
        let mate = crate::stipulation::Goal::Mate;
        let pawn = parrain().with_param(Condition::LastCapture, last_capture(2, Kind::PAWN, "h1"));
        assert!(pawn.refusal_for(&pos, mate).is_some());
        let white = parrain().with_param(Condition::LastCapture, last_capture(1, Kind::PAWN, "h1"));
        assert_eq!(white.refusal_for(&pos, mate), None);
    }
}
