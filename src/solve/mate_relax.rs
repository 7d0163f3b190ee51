//! What the Circe forms in force let a move do beyond the orthodox walk,
//! for the help mate bound (`mate_bound.rs`, issue 24): the relaxation
//! that keeps the bound sound under them, or none where nothing sound is
//! cheap to derive (the bound then stays off).
//!
//! - Circe (the captured unit is reborn): a capture puts a unit of the
//!   other side on a rebirth square for none of that side's moves, so a
//!   side's unit reaches a square in the fewest moves from where it stands
//!   or from any of its rebirth squares, the latter only where the other
//!   side has a move left to capture it. A pawn may promote, then be
//!   captured: its rebirth squares are a pawn's and each promoted piece's.
//!   Kings only under Rex Inclusive.
//! - Anticirce (the capturer is reborn): a capture takes the capturer to
//!   its rebirth square, one move of its own; from there it walks on.
//! - The squares: Classic, File, the symmetries, Antipodes and the
//!   adapters give the union of the squares over every capture square
//!   (computed through the rules' own function); Diagram the unit's
//!   diagram square. A pawn reborn on a first or last rank counts as
//!   standing anywhere (its walk from there is not the routes' table's).
//! - Under every form of the family (ImmunChess and GenevaChess too) a
//!   capture may be illegal or bring back a unit that guards: a unit of
//!   the mating side standing on a flight keeps the king off it (the
//!   king's capture there may be refused, or its rebirth check the king),
//!   and the mating king may give check (its capture by the mated king
//!   may be refused).
//! - A reborn king or rook on its home square may castle again: a side
//!   whose units may be reborn keeps the castling move of slack while its
//!   king may stand unmoved at home.
//!
//! Off: the forms whose square hangs on the move (PWC, Equipollents), on
//! a choice (Super, Cage, Take&Make, April) or on the other party
//! (Couscous): a unit reborn anywhere for no move of its side leaves the
//! bound nothing to cut and a costly search (CirceTake&Make's
//! `EXAMPLES_circetakemake__006`: 758,182 nodes to 531,782, 2.1 s to
//! 26 s); the Mars family and PhantomChess (units observe from their
//! rebirth squares), a reborn walk or side change (Chameleon, Einstein,
//! Clone, Turncoats), Parrain and WaitCapture (a rebirth waits), Assassin
//! (a rebirth removes a unit, a king too), Volcanic and Parachute (units
//! wait under squares), and every further condition.

use super::mate_bound::RebornCosts;
use crate::board::{Attrs, Bitboard, Color, Kind, Piece, Square};
use crate::rules::rebirth::RebirthContext;
use crate::rules::{
    Base, CirceRules, OnOccupied, RebirthSquare, RebornWalk, RelevantCapture, Rules, SquareAdapter,
};
use std::sync::Arc;

/// Where a reborn unit may stand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// On one of these squares, by side and kind, with the fewest moves
    /// from them.
    Squares(Arc<RebornCosts>),
    /// On its diagram square.
    Diagram,
}

/// The rebirths of one form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rebirths {
    pub place: Place,
    /// Kings are reborn too (Rex Inclusive).
    pub kings: bool,
}

/// What the forms in force let a move do beyond the orthodox walk.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Relaxation {
    /// The captured unit is reborn (Circe).
    pub captured: Option<Rebirths>,
    /// The capturing unit is reborn (Anticirce).
    pub capturer: Option<Rebirths>,
    /// A capture may be refused or its rebirth guard: a unit of the mating
    /// side on a flight keeps the king off it, and the mating king may
    /// check.
    pub judged: bool,
}

impl Relaxation {
    /// The relaxation the rules need, or None where the bound is not sound
    /// under them (see the module comment).
    pub fn of(rules: &Rules) -> Option<Relaxation> {
        // Fixed holes only take squares away (`mate_bound::applies`).
        let mut conditions = rules.conditions;
        conditions.remove(crate::rules::Condition::Hole);
        if !conditions.is_empty() {
            return None;
        }
        let mut relax = Relaxation::default();
        for c in rules.families() {
            if !moves_units_alone(c) {
                return None;
            }
            relax.judged = true;
            match c.base {
                Base::Circe => relax.captured = Some(rebirths(c)?),
                Base::AntiCirce => relax.capturer = Some(rebirths(c)?),
                Base::ImmunChess | Base::GenevaChess => {}
                Base::MarsCirce | Base::AntiMarsCirce | Base::PhantomChess => return None,
            }
        }
        Some(relax)
    }

    /// Whether it stands for orthodox chess (holes aside): no rebirth.
    pub fn is_orthodox(&self) -> bool {
        self.captured.is_none() && self.capturer.is_none() && !self.judged
    }

    /// Whether the bound under this relaxation saves time, measured: with
    /// rebirths on the forms' squares the cover search from every rebirth
    /// square costs more than the positions it saves. Under Anticirce it
    /// cut BEISPIEL_anticir__051's positions from 522,725 to 107,928 and
    /// took longer (0.91 s to 1.13 s); under Circe bench's
    /// r705_h5_circe_0005 took 2.4 times as long, bench-long's bl_h6_circe
    /// 2.6 times. Diagram Circe (one square a unit) gains.
    pub fn pays(&self) -> bool {
        self.capturer.is_none()
            && self
                .captured
                .as_ref()
                .is_none_or(|r| r.place == Place::Diagram)
    }
}

/// Whether a capture under `c` moves at most the two units of the capture,
/// each keeping its walk and side, its rebirth decided by this move.
fn moves_units_alone(c: &CirceRules) -> bool {
    c.reborn_walk == RebornWalk::Same
        && !c.turncoats
        && c.relevant_capture == RelevantCapture::ThisMove
        && matches!(c.on_occupied, OnOccupied::Relaxed | OnOccupied::Strict)
}

/// Where `c` may put a reborn unit; None where that may be anywhere.
fn rebirths(c: &CirceRules) -> Option<Rebirths> {
    let anywhere = c.couscous
        || c.offers_choice()
        || matches!(c.square, RebirthSquare::Equipollents | RebirthSquare::Pwc);
    if anywhere {
        return None;
    }
    let place = if c.square == RebirthSquare::Diagram {
        if c.adapter != SquareAdapter::None {
            return None;
        }
        Place::Diagram
    } else {
        Place::Squares(Arc::new(RebornCosts::new(squares(c))))
    };
    Some(Rebirths {
        place,
        kings: c.rex_inclusive,
    })
}

/// The union of `c`'s rebirth squares over every capture square, by side
/// and orthodox kind (a promoted unit's too: Frischauf reads it).
fn squares(c: &CirceRules) -> [[Bitboard; 6]; 2] {
    let mut all = [[Bitboard::EMPTY; 6]; 2];
    for color in Color::ALL {
        for (i, kind) in Kind::ORTHODOX.into_iter().enumerate() {
            for on in Square::all() {
                for attrs in [Attrs::NONE, Attrs::PROMOTED] {
                    let ctx = RebirthContext {
                        unit: Piece::new(color, kind).with(attrs),
                        on,
                        home: color,
                        departure: on,
                        vector: (0, 0),
                        diagram: None,
                    };
                    if let Some(sq) = c.rebirth_square(&ctx) {
                        all[color.index()][i].set(sq);
                    }
                }
            }
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn orthodox_chess_needs_no_relaxation() {
        assert_eq!(
            Relaxation::of(&Rules::orthodox()),
            Some(Relaxation::default())
        );
    }

    #[test]
    fn classic_circe_reborn_squares_are_the_game_array() {
        let relax = Relaxation::of(&Rules::with_circe(CirceRules::CIRCE)).unwrap();
        let Some(Rebirths {
            place: Place::Squares(t),
            kings: false,
        }) = &relax.captured
        else {
            panic!("classic squares expected: {relax:?}");
        };
        let s = t.squares;
        let black = Color::Black.index();
        assert_eq!(
            s[black][Kind::ROOK.index()],
            Bitboard::from_square(sq("a8")) | Bitboard::from_square(sq("h8"))
        );
        assert_eq!(
            s[black][Kind::QUEEN.index()],
            Bitboard::from_square(sq("d8"))
        );
        assert_eq!(s[black][Kind::PAWN.index()].count(), 8);
        assert!(s[black][Kind::PAWN.index()].contains(sq("c7")));
        assert!(relax.capturer.is_none() && relax.judged);
    }

    #[test]
    fn anticirce_reborns_the_capturer_kings_included() {
        let relax = Relaxation::of(&Rules::with_circe(CirceRules::ANTICIRCE_CHEYLAN)).unwrap();
        let rebirths = relax.capturer.as_ref().expect("the capturer is reborn");
        assert!(rebirths.kings);
        let Place::Squares(t) = &rebirths.place else {
            panic!("classic squares expected");
        };
        let s = t.squares;
        assert_eq!(
            s[Color::White.index()][Kind::KING.index()],
            Bitboard::from_square(sq("e1"))
        );
        assert!(relax.captured.is_none());
    }

    #[test]
    fn the_mars_family_and_reborn_walks_turn_the_bound_off() {
        assert!(Relaxation::of(&Rules::with_circe(CirceRules::of(Base::MarsCirce))).is_none());
        let chameleon = CirceRules {
            reborn_walk: RebornWalk::Chameleon,
            ..CirceRules::CIRCE
        };
        assert!(Relaxation::of(&Rules::with_circe(chameleon)).is_none());
        let assassin = CirceRules {
            on_occupied: OnOccupied::Assassin,
            ..CirceRules::CIRCE
        };
        assert!(Relaxation::of(&Rules::with_circe(assassin)).is_none());
    }

    #[test]
    fn super_circe_turns_the_bound_off_and_diagram_circe_keeps_it() {
        let sup = CirceRules {
            square: RebirthSquare::Super,
            ..CirceRules::CIRCE
        };
        assert!(Relaxation::of(&Rules::with_circe(sup)).is_none());
        let diagram = CirceRules {
            square: RebirthSquare::Diagram,
            ..CirceRules::CIRCE
        };
        let relax = Relaxation::of(&Rules::with_circe(diagram)).unwrap();
        assert_eq!(relax.captured.unwrap().place, Place::Diagram);
    }
}
