//! From where units move, capture and observe: the Mars family.
//!
//! Under MarsCirce a unit captures (and so observes) from its rebirth
//! square, as if it had been reborn there first; under AntiMarsCirce it
//! makes its non-captures from there; under PhantomChess it may make any
//! move from its own square or from its rebirth square. These conditions
//! never place a reborn unit: they only move the moving unit before its
//! move (docs/rules.md, "The Mars family").
//!
//! The rebirth square these bases, ImmunChess and GenevaChess use comes
//! from [`CirceRules::unit_rebirth_square`], and from nowhere else.

use super::rebirth::RebirthContext;
use super::{Base, CirceRules, RebirthSquare, Rules, SideOverride, SquareAdapter};
use crate::board::{attacks, Bitboard, Color, Kind, Piece, Position, Square};

/// The Mars-family conditions in force.
#[derive(Clone, Copy, Debug)]
pub struct Paths<'a> {
    /// MarsCirce: captures from the rebirth square.
    pub mars: Option<&'a CirceRules>,
    /// AntiMarsCirce: non-captures from the rebirth square.
    pub antimars: Option<&'a CirceRules>,
    /// PhantomChess: every move from either square.
    pub phantom: Option<&'a CirceRules>,
}

impl Rules {
    /// The Mars-family conditions, if any is in force.
    #[inline]
    pub fn paths(&self) -> Option<Paths<'_>> {
        let paths = Paths {
            mars: self.family(Base::MarsCirce),
            antimars: self.family(Base::AntiMarsCirce),
            phantom: self.family(Base::PhantomChess),
        };
        (paths.mars.is_some() || paths.antimars.is_some() || paths.phantom.is_some())
            .then_some(paths)
    }
}

impl Rules {
    /// Whether every unit moves from its own square with its own walk,
    /// and every unit may move: no Mars-family condition, and no condition
    /// that acts on the movers (Madrasi, DangerCirce, ...).
    #[inline]
    pub fn units_move_from_their_squares(&self) -> bool {
        self.family(Base::MarsCirce).is_none()
            && self.family(Base::AntiMarsCirce).is_none()
            && self.family(Base::PhantomChess).is_none()
            && self.conditions.all_keep(|c| c.orthodox_movers)
    }

    /// Whether the quiet moves may be generated apart from the captures:
    /// units move from their own squares, and every condition either
    /// leaves the movers alone or judges each non-capture alone
    /// (`Capabilities::quiet_moves_apart`: the half-neutral, paralysing
    /// and uncapturable attributes, Take&MakeChess).
    #[inline]
    pub fn quiet_moves_apart(&self) -> bool {
        self.family(Base::MarsCirce).is_none()
            && self.family(Base::AntiMarsCirce).is_none()
            && self.family(Base::PhantomChess).is_none()
            && self
                .conditions
                .all_keep(|c| c.orthodox_movers || c.quiet_moves_apart)
    }
}

impl CirceRules {
    /// The rebirth square of `unit` standing (or captured) on `on`, for
    /// the unit's own side: the game-array square of its kind and colour on
    /// the colour of `on` (docs/rules.md, Terms), or the other side's under
    /// Mirror. The Mars family, ImmunChess and GenevaChess ask for a square
    /// here and only here.
    #[inline]
    pub fn unit_rebirth_square(&self, unit: Piece, on: Square) -> Square {
        let color = match self.side {
            SideOverride::Mirror => unit.color.opponent(),
            _ => unit.color,
        };
        self.classic(unit.kind, color, on)
    }

    /// Whether `unit` moves or observes from its rebirth square under this
    /// condition: every unit, kings only when they take part (RexInclusive).
    #[inline]
    pub fn takes_part(&self, unit: Piece) -> bool {
        unit.kind != Kind::KING || self.rex_inclusive
    }

    /// The squares `unit`, standing on `on` in `pos`, moves from under
    /// this condition: its rebirth square as the form determines it (the
    /// unit as if captured on `on`) when that is empty in `occupied` or is
    /// `on` itself (the unit is lifted first); every empty square under
    /// Super. None for a king that does not take part, or when the form
    /// gives no square (Diagram without the unit's diagram square).
    #[inline]
    pub fn origins(&self, pos: &Position, unit: Piece, on: Square, occupied: Bitboard) -> Bitboard {
        self.origins_walking(pos, unit, unit.kind, on, occupied)
    }

    /// [`CirceRules::origins`] for `unit` moving with the walk of `walk`
    /// (a condition lent it, as AnnanChess does): the rebirth square is the
    /// walk's, as Popeye finds it; whether a king takes part is the unit's.
    #[inline]
    pub fn origins_walking(
        &self,
        pos: &Position,
        unit: Piece,
        walk: Kind,
        on: Square,
        occupied: Bitboard,
    ) -> Bitboard {
        if !self.takes_part(unit) {
            return Bitboard::EMPTY;
        }
        let unit = Piece { kind: walk, ..unit };
        if self.square == RebirthSquare::Classic && self.adapter == SquareAdapter::None {
            let r = self.unit_rebirth_square(unit, on);
            return if r == on || !occupied.contains(r) {
                Bitboard::from_square(r)
            } else {
                Bitboard::EMPTY
            };
        }
        if self.square == RebirthSquare::Super {
            return !occupied | Bitboard::from_square(on);
        }
        let ctx = RebirthContext {
            unit,
            on,
            home: unit.color,
            departure: on,
            vector: (0, 0),
            diagram: pos.diagram_square(on),
        };
        match self.rebirth_square(&ctx) {
            Some(r) if r == on || !occupied.contains(r) => Bitboard::from_square(r),
            _ => Bitboard::EMPTY,
        }
    }
}

/// The king's castling square of `color` (e1, e8): a king castles from its
/// rebirth square only when it is this square.
#[inline]
pub fn castling_square(color: Color) -> Square {
    Square::new(4, color.back_rank())
}

/// The squares `unit` on `from` attacks with `occupied` as the blockers
/// (which must hold the squares attacked, for fairy units).
#[inline]
pub fn attacks(pos: &Position, unit: Piece, from: Square, occupied: Bitboard) -> Bitboard {
    match unit.kind {
        Kind::KING => attacks::king(from),
        Kind::QUEEN => attacks::queen(from, occupied),
        Kind::ROOK => attacks::rook(from, occupied),
        Kind::BISHOP => attacks::bishop(from, occupied),
        Kind::KNIGHT => attacks::knight(from),
        Kind::PAWN => attacks::pawn(unit.color, from),
        _ => {
            let mut seen = Bitboard::EMPTY;
            for target in occupied {
                if target != from
                    && crate::board::walks::fairy::observes(pos, unit, from, target, occupied)
                {
                    seen.set(target);
                }
            }
            seen
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Base, CirceRules};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn a_unit_is_reborn_on_its_own_side_or_the_other_under_mirror() {
        let mars = CirceRules::of(Base::MarsCirce);
        let rook = Piece::new(Color::White, Kind::ROOK);
        // b3 is light: a white rook's light square is h1.
        assert_eq!(mars.unit_rebirth_square(rook, sq("b3")), sq("h1"));
        let mirror = CirceRules {
            side: SideOverride::Mirror,
            ..mars
        };
        // Black's rook on a light square is a8.
        assert_eq!(mirror.unit_rebirth_square(rook, sq("b3")), sq("a8"));
        let pawn = Piece::new(Color::White, Kind::PAWN);
        assert_eq!(mirror.unit_rebirth_square(pawn, sq("b2")), sq("b7"));
    }

    #[test]
    fn the_origin_must_be_empty_or_the_units_own_square() {
        let mars = CirceRules::of(Base::MarsCirce);
        let king = Piece::new(Color::White, Kind::KING);
        let pos = Position::empty();
        let one = |s: &str| Bitboard::from_square(sq(s));
        let mut occ = one("g2");
        assert_eq!(mars.origins(&pos, king, sq("g2"), occ), one("e1"));
        occ.set(sq("e1"));
        assert_eq!(mars.origins(&pos, king, sq("g2"), occ), Bitboard::EMPTY);
        assert_eq!(mars.origins(&pos, king, sq("e1"), occ), one("e1"));
        let exclusive = CirceRules {
            rex_inclusive: false,
            ..mars
        };
        assert_eq!(
            exclusive.origins(&pos, king, sq("e1"), occ),
            Bitboard::EMPTY
        );
    }
}
