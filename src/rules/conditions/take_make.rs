//! Take&MakeChess (Popeye's `Take&MakeChess`): a unit that captures does
//! not stop on the victim's square; it goes on at once with a move the
//! victim could have made from there, by the victim's walk and in the
//! victim's direction (a pawn's make goes the way the captured pawn went),
//! and that second motion, the "make", captures nothing. A capture with
//! no make is no move. A pawn may not end its make on its own first rank
//! (Popeye's extra rule; it lifts it only under NormalPawn, refused beside
//! it), and a pawn that ends its make on its promotion
//! rank promotes there.
//!
//! The move is written as a locust's: `Sc1*b3-a2`, the departure, the
//! victim's square, the final square. Circe's rebirth follows the make
//! (the victim is reborn as it was captured on its square, the make's
//! final square being taken).
//!
//! Check stays the orthodox one: a unit that could capture the king checks
//! it whether or not a make would follow (Popeye's Absolute variant, where
//! it must, is not played). So observation, legality and the check-only
//! shortcuts hold; only the generator changes (`orthodox_movers`).

use super::{Capabilities, ConditionRule};
use crate::board::{Piece, Position};
use crate::moves::{Motion, Move};
use crate::rules::capture::unit_moves;
use crate::rules::{Base, Condition, Rules};

/// Take&MakeChess.
pub struct TakeMakeChess;

impl ConditionRule for TakeMakeChess {
    const ID: &'static str = "takemake";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        // The make follows captures alone.
        quiet_moves_apart: true,
        ..Capabilities::ORTHODOX
    };
    const SECOND_MOTION: bool = true;

    /// Popeye refuses it with AntiCirce and with NoCapture (and with
    /// Sentinelles, which the solver does not play).
    fn refusal(rules: &Rules) -> Option<String> {
        (rules.family(Base::AntiCirce).is_some() || rules.has(Condition::NoCapture))
            .then(|| "Take&MakeChess is incompatible with some fairy conditions".into())
    }

    fn second_motions(rules: &Rules, pos: &Position, take: &Move, found: &mut dyn FnMut(Move)) {
        let Some(victim) = take.captured else {
            return found(*take);
        };
        let mover = take.piece;
        // A capture that promotes is listed once per promotion: the first
        // stands for them all, the make deciding where the pawn ends.
        if let Some(kind) = take.promotion {
            let first = mover
                .kind
                .def()
                .pawn
                .and_then(|p| rules.repertoire.promotions(p).next());
            if first != Some(kind) {
                return;
            }
        }
        // The make is played on the board with the victim gone and the
        // capturer on the square the take brought it to, for the victim's
        // side with the victim's walk.
        let mut board = *pos;
        board.remove(take.capture_square);
        board.remove(take.from);
        board.put(take.to, mover);
        let side = mover.color.opponent();
        board.turn = side;
        board.ep_square = None;
        let walker = Piece {
            color: side,
            kind: victim.kind,
            attrs: mover.attrs,
        };
        let base_rank = mover.color.back_rank();
        let pawn = mover.kind.def().pawn.is_some();
        unit_moves(&board, rules, walker, take.to, &mut |to, _, capture| {
            if capture || (pawn && to.rank() == base_rank) {
                return;
            }
            let motion = match take.motion {
                Motion::EnPassant => Motion::EnPassant,
                _ => Motion::Normal,
            };
            found(Move {
                to,
                motion,
                promotion: None,
                ..*take
            });
        });
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn take_make() -> Rules {
        Rules::orthodox().with(Condition::TakeMakeChess)
    }

    #[test]
    fn the_capturer_goes_on_with_the_victims_walk() {
        // The pawn d6 takes the rook e7 and goes on as a rook, promoting
        // on e8 and never ending on its first rank; the rook h7 cannot take
        // the pawn h2 (its make, h2-h1, is blocked by the king).
        let got = moves(&take_make(), "wKa1 wPd6 wRh7 bKh1 bRe7 bPh2", Color::White);
        let want = sorted(
            "Ka1-b2 Ka1-a2 Ka1-b1 d6-d7 d6*e7-e2 d6*e7-e3 d6*e7-e4 d6*e7-e5 d6*e7-e6 \
             d6*e7-a7 d6*e7-b7 d6*e7-c7 d6*e7-d7 d6*e7-e8=Q d6*e7-e8=S d6*e7-e8=R d6*e7-e8=B \
             d6*e7-g7 d6*e7-f7 Rh7-h3 Rh7-h4 Rh7-h5 Rh7-h6 Rh7*e7-e1 Rh7*e7-e2 Rh7*e7-e3 \
             Rh7*e7-e4 Rh7*e7-e5 Rh7*e7-e6 Rh7*e7-a7 Rh7*e7-b7 Rh7*e7-c7 Rh7*e7-d7 Rh7*e7-e8 \
             Rh7*e7-h7 Rh7*e7-g7 Rh7*e7-f7 Rh7-f7 Rh7-g7 Rh7-h8",
        );
        assert_eq!(got, want);
    }

    #[test]
    fn a_pawns_make_goes_the_victims_way() {
        // The knight takes the black pawn e5 and steps on to e4.
        let got = moves(&take_make(), "wKa1 wSf3 bKh8 bPe5", Color::White);
        assert!(got.contains(&"Sf3*e5-e4".to_string()));
        assert!(!got.iter().any(|m| m.starts_with("Sf3*e5-e6")));
    }

    #[test]
    fn circe_rebirth_follows_the_make() {
        // The queen taken on d5 is reborn on d8 unless the make ends there.
        let r = Rules::with_circe(CirceRules::of(Base::Circe)).with(Condition::TakeMakeChess);
        let got = moves(&r, "wKb1 wRd1 wSg3 bKh7 bQd5 bPe5", Color::White);
        assert!(got.contains(&"Rd1*d5-d8".to_string()));
        assert!(got.contains(&"Rd1*d5-d7[+bQd8]".to_string()));
        assert!(got.contains(&"Rd1*d5-a2[+bQd8]".to_string()));
        assert!(!got.iter().any(|m| m == "Rd1*d5[+bQd8]"));
        assert_eq!(got.len(), 41);
    }

    #[test]
    fn refused_with_anticirce_and_nocapture() {
        let anti =
            Rules::with_circe(CirceRules::of(Base::AntiCirce)).with(Condition::TakeMakeChess);
        assert!(anti.conditions.refusal(&anti).is_some());
        let none = take_make().with(Condition::NoCapture);
        assert!(none.conditions.refusal(&none).is_some());
        assert!(take_make().conditions.refusal(&take_make()).is_none());
    }
}
