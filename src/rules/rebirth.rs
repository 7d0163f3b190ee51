//! Rebirth squares and reborn walks: where a unit is reborn and as what.
//!
//! One entry point computes the square of every form with a single
//! square: [`CirceRules::rebirth_square`], from a [`RebirthContext`] (the
//! unit whose walk decides, the square the computation starts from, whose
//! home squares count, the move's departure square and vector, the unit's
//! diagram square). The forms that offer a choice (Super, Cage,
//! Take&Make) list their candidates elsewhere ([`CirceRules::offers_choice`]
//! tells them apart). The walk a reborn unit takes (Clone, Chameleon,
//! Einstein) is [`CirceRules::reborn_kind`].

use super::{CirceRules, RebirthSquare, RebornWalk, SideOverride, SquareAdapter};
use crate::board::{Attrs, Color, Kind, Piece, Square};

/// The classic Circe rebirth square of a unit of `kind` and `color`
/// captured on `on`: the game-array square of that type and colour whose
/// square colour equals that of `on`; pawns go to their initial rank on
/// the capture file, kings to e1/e8, and every other kind (a fairy piece)
/// to its promotion square: the capture file on the last rank of its side.
pub fn classic(kind: Kind, color: Color, on: Square) -> Square {
    if kind.is_pawn() {
        return Square::new(on.file(), color.pawn_rank());
    }
    let dark = on.is_dark();
    let rank = color.back_rank();
    // Files for white; black's game array mirrors white's files for the
    // same square colour (a1 dark, h8 dark), so black's dark-square rook is h8.
    let file = match (kind, color, dark) {
        (Kind::KING, _, _) => 4,
        (Kind::QUEEN, _, _) => 3,
        (Kind::ROOK, Color::White, true) | (Kind::ROOK, Color::Black, false) => 0,
        (Kind::ROOK, _, _) => 7,
        (Kind::BISHOP, Color::White, true) | (Kind::BISHOP, Color::Black, false) => 2,
        (Kind::BISHOP, _, _) => 5,
        (Kind::KNIGHT, Color::White, true) | (Kind::KNIGHT, Color::Black, false) => 6,
        (Kind::KNIGHT, _, _) => 1,
        _ => return Square::new(on.file(), color.promotion_rank()),
    };
    Square::new(file, rank)
}

/// What a rebirth square is computed from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RebirthContext {
    /// The unit whose walk (and attributes: Frischauf) decides the square:
    /// the reborn unit, or under Couscous the other party of the capture.
    /// Its colour is not read (`home` says whose squares count).
    pub unit: Piece,
    /// The square the computation starts from: where the relevant capture
    /// happened (the captured pawn's square after en passant); for the
    /// Mars family, the square the unit stands on.
    pub on: Square,
    /// Whose home squares (game array, first ranks) count before Mirror:
    /// the reborn unit's own side in Circe and Anticirce (the capturer's
    /// under Couscous), the moving side in the Mars family.
    pub home: Color,
    /// Where the moving unit came from (PWC).
    pub departure: Square,
    /// The vector of the move being played, summed over the units it
    /// moves, in (files, ranks) (Equipollents, Parrain).
    pub vector: (i8, i8),
    /// The unit's square in the diagram (Diagram Circe), if known.
    pub diagram: Option<Square>,
}

impl CirceRules {
    /// The kind whose game-array squares `kind` is reborn on: itself, or
    /// under MarineChess or ArgentinianChess the standard pieces'
    /// counterparts (None: an orthodox officer there, reborn as a fairy
    /// piece; under UltramarineChess the orthodox king too).
    #[inline]
    pub fn standard(&self, kind: Kind) -> Option<Kind> {
        if self.standard_walks != super::conditions::StandardWalks::Orthodox {
            self.standard_walks.counterpart(kind)
        } else {
            Some(kind)
        }
    }

    /// [`classic`] for the standard walks in force (MarineChess).
    #[inline]
    pub fn classic(&self, kind: Kind, color: Color, on: Square) -> Square {
        match self.standard(kind) {
            Some(k) => classic(k, color, on),
            None => Square::new(on.file(), color.promotion_rank()),
        }
    }

    /// Whether the rebirth square is chosen by the mover among several
    /// (Super, Cage, Take&Make; April's kinds too) rather than computed.
    pub fn offers_choice(&self) -> bool {
        matches!(
            self.square,
            RebirthSquare::Super | RebirthSquare::Cage | RebirthSquare::TakeMake
        ) || self.april.is_some()
    }

    /// The home squares' side after the side override (Mirror: the other
    /// side's; Rank: whichever puts the square on the capture square's
    /// colour, which is White's on the odd ranks 1, 3, 5, 7).
    fn home_side(&self, ctx: &RebirthContext) -> Color {
        match self.side {
            SideOverride::None => ctx.home,
            SideOverride::Mirror => ctx.home.opponent(),
            SideOverride::Rank => {
                if ctx.on.rank().is_multiple_of(2) {
                    Color::White
                } else {
                    Color::Black
                }
            }
        }
    }

    /// The rebirth square the determiner and the adapter give; None when
    /// it falls off the board (Equipollents), when the unit has no
    /// diagram square (Diagram), and for the forms with a choice, whose
    /// squares are not one ([`CirceRules::offers_choice`]).
    pub fn rebirth_square(&self, ctx: &RebirthContext) -> Option<Square> {
        let home = self.home_side(ctx);
        let on = ctx.on;
        let mirror = |sq: Square| Square::new(7 - sq.file(), 7 - sq.rank());
        let square = match self.square {
            RebirthSquare::Classic => self.classic(ctx.unit.kind, home, on),
            RebirthSquare::Equipollents => {
                let (df, dr) = ctx.vector;
                // With Mirror (ContraParrain): the vector taken backwards.
                let (df, dr) = if self.side == SideOverride::Mirror {
                    (-df, -dr)
                } else {
                    (df, dr)
                };
                on.offset(df, dr)?
            }
            RebirthSquare::File => {
                let kind = ctx.unit.kind;
                let rank = if kind.is_pawn() {
                    home.pawn_rank()
                } else if self.standard(kind).is_some_and(|k| k.is_orthodox()) {
                    home.back_rank()
                } else {
                    home.promotion_rank()
                };
                Square::new(on.file(), rank)
            }
            RebirthSquare::Symmetry => mirror(on),
            RebirthSquare::VerticalSymmetry => Square::new(7 - on.file(), on.rank()),
            RebirthSquare::HorizontalSymmetry => Square::new(on.file(), 7 - on.rank()),
            RebirthSquare::Diagram => ctx.diagram?,
            RebirthSquare::Pwc => ctx.departure,
            RebirthSquare::Antipodes => {
                let f = if on.file() < 4 {
                    on.file() + 4
                } else {
                    on.file() - 4
                };
                let r = if on.rank() < 4 {
                    on.rank() + 4
                } else {
                    on.rank() - 4
                };
                Square::new(f, r)
            }
            RebirthSquare::CaptureSquare => on,
            RebirthSquare::Super | RebirthSquare::TakeMake | RebirthSquare::Cage => return None,
        };
        if self.glasgow {
            // GlasgowChess moves the square after Frischauf's adapter and
            // before the others.
            let glasgow = |sq| super::conditions::glasgow::rebirth_square(sq, home);
            return Some(match self.adapter {
                SquareAdapter::Frischauf => glasgow(self.adapt(square, ctx, home)),
                _ => self.adapt(glasgow(square), ctx, home),
            });
        }
        Some(self.adapt(square, ctx, home))
    }

    /// The square adapter applied to a determined square.
    pub fn adapt(&self, square: Square, ctx: &RebirthContext, home: Color) -> Square {
        match self.adapter {
            SquareAdapter::None => square,
            SquareAdapter::Diametral => Square::new(7 - square.file(), 7 - square.rank()),
            SquareAdapter::VerticalMirror => Square::new(7 - square.file(), square.rank()),
            SquareAdapter::RankProjection => Square::new(square.file(), ctx.on.rank()),
            SquareAdapter::Frischauf if ctx.unit.attrs.contains(Attrs::PROMOTED) => {
                Square::new(ctx.on.file(), home.promotion_rank())
            }
            SquareAdapter::Frischauf => square,
        }
    }

    /// The kind a unit of kind `own` is reborn as. `other` is the other
    /// party's kind (the capturer's as it moved, when the captured unit is
    /// reborn; the captured unit's, when the capturer is), or None when
    /// that party is royal (a royal unit is not cloned). `capturer`: the
    /// reborn unit is the capturer, which turns Einstein around.
    pub fn reborn_kind(&self, own: Kind, other: Option<Kind>, capturer: bool) -> Kind {
        match self.reborn_walk {
            RebornWalk::Same => own,
            RebornWalk::Clone => other.unwrap_or(own),
            RebornWalk::Chameleon => match &self.chameleon {
                Some(seq) => seq.next(own),
                None => chameleon_default(own),
            },
            RebornWalk::Einstein if capturer => einstein_up(own),
            RebornWalk::Einstein => einstein_down(own),
            RebornWalk::ReversalEinstein if capturer => einstein_down(own),
            RebornWalk::ReversalEinstein => einstein_up(own),
        }
    }
}

/// The chameleon sequence knight, bishop, rook, queen, knight; other kinds
/// stay.
fn chameleon_default(k: Kind) -> Kind {
    match k {
        Kind::KNIGHT => Kind::BISHOP,
        Kind::BISHOP => Kind::ROOK,
        Kind::ROOK => Kind::QUEEN,
        Kind::QUEEN => Kind::KNIGHT,
        other => other,
    }
}

/// One step down queen, rook, bishop, knight, pawn.
fn einstein_down(k: Kind) -> Kind {
    match k {
        Kind::QUEEN => Kind::ROOK,
        Kind::ROOK => Kind::BISHOP,
        Kind::BISHOP => Kind::KNIGHT,
        Kind::KNIGHT => Kind::PAWN,
        other => other,
    }
}

/// One step up pawn, knight, bishop, rook, queen.
fn einstein_up(k: Kind) -> Kind {
    match k {
        Kind::PAWN => Kind::KNIGHT,
        Kind::KNIGHT => Kind::BISHOP,
        Kind::BISHOP => Kind::ROOK,
        Kind::ROOK => Kind::QUEEN,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Base;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn reborn(kind: Kind, color: Color, on: &str) -> String {
        classic(kind, color, sq(on)).to_string()
    }

    #[test]
    fn table_of_the_classic_squares() {
        use Color::*;
        // queen: d1 / d8 wherever captured
        assert_eq!(reborn(Kind::QUEEN, White, "h5"), "d1");
        assert_eq!(reborn(Kind::QUEEN, Black, "a2"), "d8");
        // rook: white a1 dark / h1 light; black h8 dark / a8 light
        assert_eq!(reborn(Kind::ROOK, White, "c3"), "a1");
        assert_eq!(reborn(Kind::ROOK, White, "b1"), "h1");
        assert_eq!(reborn(Kind::ROOK, Black, "c3"), "h8");
        assert_eq!(reborn(Kind::ROOK, Black, "b1"), "a8");
        // bishop: white c1 dark / f1 light; black f8 dark / c8 light
        assert_eq!(reborn(Kind::BISHOP, White, "e5"), "c1");
        assert_eq!(reborn(Kind::BISHOP, White, "e4"), "f1");
        assert_eq!(reborn(Kind::BISHOP, Black, "e5"), "f8");
        assert_eq!(reborn(Kind::BISHOP, Black, "e4"), "c8");
        // knight: white g1 dark / b1 light; black b8 dark / g8 light
        assert_eq!(reborn(Kind::KNIGHT, White, "d4"), "g1");
        assert_eq!(reborn(Kind::KNIGHT, White, "g4"), "b1");
        assert_eq!(reborn(Kind::KNIGHT, Black, "d4"), "b8");
        assert_eq!(reborn(Kind::KNIGHT, Black, "d3"), "g8");
        // pawns by file
        assert_eq!(reborn(Kind::PAWN, White, "f6"), "f2");
        assert_eq!(reborn(Kind::PAWN, Black, "c3"), "c7");
        // kings (rex inclusive, anticirce)
        assert_eq!(reborn(Kind::KING, White, "a8"), "e1");
        assert_eq!(reborn(Kind::KING, Black, "h1"), "e8");
    }

    #[test]
    fn rebirth_square_has_the_colour_of_the_capture_square() {
        for kind in [Kind::ROOK, Kind::BISHOP, Kind::KNIGHT] {
            for color in Color::ALL {
                for on in Square::all() {
                    assert_eq!(classic(kind, color, on).is_dark(), on.is_dark());
                }
            }
        }
    }

    fn ctx(kind: Kind, home: Color, on: &str) -> RebirthContext {
        RebirthContext {
            unit: Piece::new(home, kind),
            on: sq(on),
            home,
            departure: sq(on),
            vector: (0, 0),
            diagram: None,
        }
    }

    fn with(square: RebirthSquare) -> CirceRules {
        CirceRules {
            square,
            ..CirceRules::of(Base::Circe)
        }
    }

    fn at(rules: &CirceRules, c: RebirthContext) -> String {
        rules
            .rebirth_square(&c)
            .map_or("off".into(), |s| s.to_string())
    }

    #[test]
    fn determiners() {
        use Color::*;
        let file = with(RebirthSquare::File);
        assert_eq!(at(&file, ctx(Kind::ROOK, White, "h6")), "h1");
        assert_eq!(at(&file, ctx(Kind::BISHOP, Black, "a3")), "a8");
        assert_eq!(at(&file, ctx(Kind::PAWN, Black, "g3")), "g7");
        let sym = with(RebirthSquare::Symmetry);
        assert_eq!(at(&sym, ctx(Kind::PAWN, White, "a2")), "h7");
        assert_eq!(
            at(
                &with(RebirthSquare::VerticalSymmetry),
                ctx(Kind::PAWN, White, "a2")
            ),
            "h2"
        );
        assert_eq!(
            at(
                &with(RebirthSquare::HorizontalSymmetry),
                ctx(Kind::PAWN, White, "a2")
            ),
            "a7"
        );
        let anti = with(RebirthSquare::Antipodes);
        assert_eq!(at(&anti, ctx(Kind::ROOK, White, "b4")), "f8");
        assert_eq!(at(&anti, ctx(Kind::KNIGHT, Black, "d8")), "h4");
        let equi = with(RebirthSquare::Equipollents);
        let mut c = ctx(Kind::ROOK, White, "c6");
        c.vector = (-2, -1);
        assert_eq!(at(&equi, c), "a5");
        c.vector = (-3, 0);
        assert_eq!(at(&equi, c), "off");
        let contra = CirceRules {
            side: SideOverride::Mirror,
            ..equi
        };
        c.vector = (1, 1);
        assert_eq!(at(&contra, c), "b5");
        let mut p = ctx(Kind::PAWN, Black, "d4");
        p.departure = sq("e5");
        assert_eq!(at(&with(RebirthSquare::Pwc), p), "e5");
        let mut d = ctx(Kind::QUEEN, White, "d4");
        assert_eq!(at(&with(RebirthSquare::Diagram), d), "off");
        d.diagram = Some(sq("b7"));
        assert_eq!(at(&with(RebirthSquare::Diagram), d), "b7");
    }

    #[test]
    fn side_overrides_and_adapters() {
        use Color::*;
        let mirror = CirceRules {
            side: SideOverride::Mirror,
            ..CirceRules::CIRCE
        };
        assert_eq!(at(&mirror, ctx(Kind::PAWN, Black, "f3")), "f2");
        assert_eq!(at(&mirror, ctx(Kind::QUEEN, White, "h8")), "d8");
        let rank = CirceRules {
            side: SideOverride::Rank,
            adapter: SquareAdapter::RankProjection,
            ..CirceRules::CIRCE
        };
        assert_eq!(at(&rank, ctx(Kind::BISHOP, Black, "b1")), "f1");
        assert_eq!(at(&rank, ctx(Kind::BISHOP, Black, "h2")), "f2");
        assert_eq!(at(&rank, ctx(Kind::ROOK, Black, "b7")), "h7");
        assert_eq!(at(&rank, ctx(Kind::PAWN, Black, "b7")), "b7");
        let diametral = CirceRules {
            adapter: SquareAdapter::Diametral,
            ..CirceRules::CIRCE
        };
        assert_eq!(at(&diametral, ctx(Kind::PAWN, White, "h8")), "a7");
        let vertical = CirceRules {
            adapter: SquareAdapter::VerticalMirror,
            ..CirceRules::CIRCE
        };
        assert_eq!(at(&vertical, ctx(Kind::QUEEN, Black, "a3")), "e8");
        assert_eq!(at(&vertical, ctx(Kind::KING, Black, "b1")), "d8");
        let frischauf = CirceRules {
            adapter: SquareAdapter::Frischauf,
            ..CirceRules::CIRCE
        };
        let mut f = ctx(Kind::QUEEN, White, "d5");
        assert_eq!(at(&frischauf, f), "d1");
        f.unit = f.unit.with(Attrs::PROMOTED);
        assert_eq!(at(&frischauf, f), "d8");
    }

    #[test]
    fn reborn_walks() {
        let r = |w| CirceRules {
            reborn_walk: w,
            ..CirceRules::CIRCE
        };
        let q = Kind::QUEEN;
        assert_eq!(
            r(RebornWalk::Chameleon).reborn_kind(q, None, false),
            Kind::KNIGHT
        );
        assert_eq!(
            r(RebornWalk::Einstein).reborn_kind(q, None, false),
            Kind::ROOK
        );
        assert_eq!(
            r(RebornWalk::Einstein).reborn_kind(Kind::ROOK, None, true),
            q
        );
        assert_eq!(
            r(RebornWalk::ReversalEinstein).reborn_kind(Kind::PAWN, None, false),
            Kind::KNIGHT
        );
        assert_eq!(
            r(RebornWalk::Clone).reborn_kind(q, Some(Kind::PAWN), false),
            Kind::PAWN
        );
        assert_eq!(r(RebornWalk::Clone).reborn_kind(q, None, false), q);
        assert_eq!(
            r(RebornWalk::Same).reborn_kind(q, Some(Kind::PAWN), false),
            q
        );
    }
}
