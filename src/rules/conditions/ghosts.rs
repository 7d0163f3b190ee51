//! GhostChess and HauntedChess: a captured unit becomes a ghost that waits
//! under its capture square and comes back when the square is empty.
//!
//! As a move is played (its motion made, before any promotion of the
//! mover is settled by other conditions and before any rebirth), the unit
//! it captured goes under the square it was captured on (the square the
//! pawn taken en passant stood on), as it was, with its attributes; under
//! GhostChess it comes back uncapturable. Then every ghost whose square
//! is empty comes back onto it, the latest ghost first: a square
//! that a ghost refills keeps the older ghosts under it. Under HauntedChess
//! a square holds one ghost: the latest capture there replaces the ghost
//! already waiting (it is forgotten).
//!
//! The units the diagram puts under others (a unit placed on an occupied
//! square goes to the underworld) are ghosts too, and come back, the last
//! placed first, after the ghosts of captures.
//!
//! Popeye writes a ghost's return as an addition, with the attributes it
//! comes back with: `Kf5*e4[+wuRf5]`, `d5*e6 ep.[+buPe5]`. A ghost going
//! under its square is not written. Popeye plays neither condition with
//! Circe or AntiCirce (any form), HaanerChess or kamikaze units, nor the
//! two together; MarsCirce, PhantomChess, ImmunChess and GenevaChess it
//! plays. Under both, Popeye names the uncapturable attribute under the
//! diagram.

use super::{Capabilities, ConditionRule, Stage};
use crate::board::{Attrs, Bitboard, Position, MAX_BURIED};
use crate::moves::{Effect, Effects, Move};
use crate::rules::{Base, Condition, Rules};

pub struct GhostChess;
pub struct HauntedChess;

/// A ghost changes no unit but by coming back, which may block a line or
/// check the mover's king: a quiet move is played out to judge it.
const GHOSTS: Capabilities = Capabilities {
    orthodox_legality: false,
    keeps_units: false,
    ..Capabilities::ORTHODOX
};

/// Whether ghosts walk under these rules (GhostChess or HauntedChess).
pub fn in_force(rules: &Rules) -> bool {
    rules.has(Condition::GhostChess) || rules.has(Condition::HauntedChess)
}

/// Popeye's refusal, for both conditions.
fn refusal(rules: &Rules) -> Option<String> {
    let circe = rules.family(Base::Circe).is_some() || rules.family(Base::AntiCirce).is_some();
    let both = rules.has(Condition::GhostChess) && rules.has(Condition::HauntedChess);
    (circe || both || rules.has(Condition::HaanerChess)).then(|| REFUSAL.into())
}

const REFUSAL: &str =
    "GhostChess and HauntedChess incompatible with Circe, Anticirce, Kamikaze, Haaner Chess";

fn refusal_in(pos: &Position) -> Option<String> {
    (!pos.with_attrs(Attrs::KAMIKAZE).is_empty()
        || pos.waiting.buried().any(|(_, u)| u.is_kamikaze()))
    .then(|| REFUSAL.into())
}

/// Whether a capture still finds room under its square (the underworld
/// holds [`MAX_BURIED`] units; a capture beyond is not played rather than
/// lose its ghost).
fn room_for(pos: &Position, mv: &Move) -> bool {
    !mv.is_capture() || pos.waiting.buried().count() < MAX_BURIED
}

/// The ghost of the capture of `mv` goes under its square (HauntedChess:
/// in place of the ghost waiting there), then the ghosts of the empty
/// squares come back, the latest first.
fn haunt(mv: &Move, now: &Position, haunted: bool, out: &mut Effects) {
    let mut waiting = now.waiting;
    if let Some(victim) = mv.captured {
        let on = mv.capture_square;
        if haunted {
            if let Some(unit) = waiting.unbury(on) {
                out.push(Effect::GhostForgotten { on, unit });
            }
        }
        let unit = if haunted {
            victim
        } else {
            victim.with(Attrs::UNCAPTURABLE)
        };
        if waiting.bury_first(on, unit) {
            out.push(Effect::GhostRemembered { on, unit });
        }
    }
    let mut filled = Bitboard::EMPTY;
    for (on, unit) in waiting.buried() {
        if now.is_empty_square(on) && !filled.contains(on) {
            filled.set(on);
            out.push(Effect::Emerges { on, unit });
        }
    }
}

impl ConditionRule for GhostChess {
    const ID: &'static str = "ghostchess";
    const CAPABILITIES: Capabilities = GHOSTS;

    fn allows(_rules: &Rules, pos: &Position, mv: &Move) -> bool {
        room_for(pos, mv)
    }

    fn changes(
        _rules: &Rules,
        stage: Stage,
        _before: &Position,
        mv: &Move,
        now: &Position,
        _so_far: &Effects,
        out: &mut Effects,
    ) {
        if stage == Stage::BeforeRebirths {
            haunt(mv, now, false, out);
        }
    }

    fn prepare(_rules: &Rules, pos: &mut Position) {
        pos.waiting.reverse_buried();
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules)
    }

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        refusal_in(pos)
    }
}

impl ConditionRule for HauntedChess {
    const ID: &'static str = "hauntedchess";
    const CAPABILITIES: Capabilities = GHOSTS;

    fn allows(_rules: &Rules, pos: &Position, mv: &Move) -> bool {
        room_for(pos, mv)
    }

    fn changes(
        _rules: &Rules,
        stage: Stage,
        _before: &Position,
        mv: &Move,
        now: &Position,
        _so_far: &Effects,
        out: &mut Effects,
    ) {
        if stage == Stage::BeforeRebirths {
            haunt(mv, now, true, out);
        }
    }

    fn prepare(_rules: &Rules, pos: &mut Position) {
        pos.waiting.reverse_buried();
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules)
    }

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        refusal_in(pos)
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`); the units
    //! waiting under a square are placed as the diagram places them, a
    //! unit put on an occupied square sending the one there under it.
    use super::super::testing::{moves_of, sorted};
    use crate::board::{Attrs, Color, Kind, Piece, Position, Square};
    use crate::rules::{Condition, Rules};

    /// The position of `pieces` with `under` waiting under their squares,
    /// in the order the diagram placed them, prepared for `rules`.
    fn haunted(rules: &Rules, pieces: &str, under: &[(&str, Piece)], turn: Color) -> Position {
        let mut pos = Position::from_piece_list(pieces).unwrap();
        for &(sq, unit) in under {
            assert!(pos.waiting.bury(Square::parse(sq).unwrap(), unit));
        }
        pos.turn = turn;
        rules.conditions.prepare(rules, &mut pos);
        pos
    }

    fn uncapturable(color: Color, kind: Kind) -> Piece {
        Piece::new(color, kind).with(Attrs::UNCAPTURABLE)
    }

    #[test]
    fn a_capture_is_written_alone_the_ghost_waiting_unseen() {
        let r = Rules::default().with(Condition::GhostChess);
        let pos = haunted(&r, "wKh1 wRa1 wBc2 bKh8 bSa4 bPb5", &[], Color::White);
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "Ra1*a4 Ra1-a3 Ra1-a2 Ra1-g1 Ra1-f1 Ra1-e1 Ra1-d1 Ra1-c1 Ra1-b1 \
                 Kh1-g2 Kh1-g1 Kh1-h2 Bc2-b1 Bc2-d1 Bc2-h7 Bc2-g6 Bc2-f5 Bc2-e4 \
                 Bc2-d3 Bc2*a4 Bc2-b3"
            )
        );
    }

    #[test]
    fn a_ghost_comes_back_when_its_square_empties() {
        let r = Rules::default().with(Condition::GhostChess);
        let ghost = uncapturable(Color::Black, Kind::KNIGHT);
        let pos = haunted(
            &r,
            "wKh1 wRa4 wBc2 bKh8 bPb5",
            &[("a4", ghost)],
            Color::White,
        );
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "Kh1-g2 Kh1-g1 Kh1-h2 Bc2-b1 Bc2-d1 Bc2-h7 Bc2-g6 Bc2-f5 Bc2-e4 \
                 Bc2-d3 Bc2-b3 Ra4-a1[+buSa4] Ra4-a2[+buSa4] Ra4-a3[+buSa4] \
                 Ra4-a8[+buSa4] Ra4-a7[+buSa4] Ra4-a6[+buSa4] Ra4-a5[+buSa4] \
                 Ra4-h4[+buSa4] Ra4-g4[+buSa4] Ra4-f4[+buSa4] Ra4-e4[+buSa4] \
                 Ra4-d4[+buSa4] Ra4-c4[+buSa4] Ra4-b4[+buSa4]"
            )
        );
    }

    #[test]
    fn a_ghost_back_on_the_board_cannot_be_captured() {
        let r = Rules::default().with(Condition::GhostChess);
        let mut pos = haunted(&r, "wKh1 wRb4 wBc2 bKh8 bPb5", &[], Color::White);
        let a4 = Square::parse("a4").unwrap();
        pos.put(a4, uncapturable(Color::Black, Kind::KNIGHT));
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "Kh1-g2 Kh1-g1 Kh1-h2 Bc2-b1 Bc2-d1 Bc2-h7 Bc2-g6 Bc2-f5 Bc2-e4 \
                 Bc2-d3 Bc2-b3 Rb4-b1 Rb4-b2 Rb4-b3 Rb4*b5 Rb4-h4 Rb4-g4 Rb4-f4 \
                 Rb4-e4 Rb4-d4 Rb4-c4"
            )
        );
    }

    #[test]
    fn the_latest_ghost_of_a_square_comes_back_first() {
        // Under a4: a black knight, then an uncapturable white rook.
        let r = Rules::default().with(Condition::GhostChess);
        let under = [
            ("a4", Piece::new(Color::Black, Kind::KNIGHT)),
            ("a4", uncapturable(Color::White, Kind::ROOK)),
        ];
        let pos = haunted(&r, "wKh1 wBc2 bKh8 bRa4", &under, Color::Black);
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "Ra4-a1[+wuRa4] Ra4-a2[+wuRa4] Ra4-a3[+wuRa4] Ra4-a8[+wuRa4] \
                 Ra4-a7[+wuRa4] Ra4-a6[+wuRa4] Ra4-a5[+wuRa4] Ra4-h4[+wuRa4] \
                 Ra4-g4[+wuRa4] Ra4-f4[+wuRa4] Ra4-e4[+wuRa4] Ra4-d4[+wuRa4] \
                 Ra4-c4[+wuRa4] Ra4-b4[+wuRa4] Kh8-g7 Kh8-g8"
            )
        );
    }

    #[test]
    fn haunted_ghosts_come_back_as_they_were() {
        let r = Rules::default().with(Condition::HauntedChess);
        let under = [("a4", Piece::new(Color::White, Kind::ROOK))];
        let pos = haunted(&r, "wKh1 wBc2 bKh8 bRa4", &under, Color::Black);
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "Ra4-a1[+wRa4] Ra4-a2[+wRa4] Ra4-a3[+wRa4] Ra4-a8[+wRa4] \
                 Ra4-a7[+wRa4] Ra4-a6[+wRa4] Ra4-a5[+wRa4] Ra4-h4[+wRa4] \
                 Ra4-g4[+wRa4] Ra4-f4[+wRa4] Ra4-e4[+wRa4] Ra4-d4[+wRa4] \
                 Ra4-c4[+wRa4] Ra4-b4[+wRa4] Kh8-g7 Kh8-g8"
            )
        );
    }

    #[test]
    fn popeye_refuses_ghosts_with_circe_and_anticirce() {
        use crate::rules::{Base, CirceRules};
        for base in [Base::Circe, Base::AntiCirce] {
            let r = Rules::with_circe(CirceRules::of(base)).with(Condition::GhostChess);
            assert_eq!(super::refusal(&r).as_deref(), Some(super::REFUSAL));
        }
        let both = Rules::default()
            .with(Condition::GhostChess)
            .with(Condition::HauntedChess);
        assert!(super::refusal(&both).is_some());
        assert!(super::refusal(&Rules::default().with(Condition::GhostChess)).is_none());
    }
}
