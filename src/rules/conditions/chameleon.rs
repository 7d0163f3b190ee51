//! ChameleonChess, the `chameleon` attribute, and LineChameleonChess: a
//! unit changes its walk with every move it plays.
//!
//! - A chameleon unit (under ChameleonChess every unit; otherwise the units
//!   with the `chameleon` attribute) becomes, once it has moved, the next
//!   walk of the sequence knight, bishop, rook, queen, knight; other walks
//!   (kings, pawns, fairy walks) stay. A pawn promotes as usual: the
//!   promoted unit changes on its next move. Castling is the king's move:
//!   the rook stays.
//! - With the attribute, a pawn that is no chameleon may promote into a
//!   chameleon too: each promotion into a walk of the sequence is there
//!   twice, the second written `=Q=c`; a chameleon pawn promotes into a
//!   chameleon (`=cQ`). Popeye refuses ChameleonChess beside chameleon
//!   units.
//! - LineChameleonChess: a queen, rook, bishop or knight that moves takes
//!   the walk of the file it arrives on: the rook's on the a and h files,
//!   the knight's on b and g, the bishop's on c and f, the queen's on d;
//!   on the e file it keeps its walk. A pawn promoting takes it after its
//!   promotion (`e7*f8=Q=B`).
//!
//! The new walk is the walk the unit arrives with (an Anticirce capturer
//! is reborn as it); Popeye writes it as a promotion (`Sb1-d2=B`,
//! `cSd3-b2=cB`).

use super::volage::mover_change_index;
use super::ConditionRule;
use crate::board::{Attrs, Kind, Piece, Position};
use crate::moves::{Effect, Move, Shown};
use crate::rules::{Condition, Rules};

/// The parameter number under which only the units with the `chameleon`
/// attribute are chameleons.
pub(super) const ATTRIBUTE_ONLY: u8 = 1;

/// The walk after `kind` in the chameleon sequence.
#[inline]
fn next(kind: Kind) -> Kind {
    match kind {
        Kind::KNIGHT => Kind::BISHOP,
        Kind::BISHOP => Kind::ROOK,
        Kind::ROOK => Kind::QUEEN,
        Kind::QUEEN => Kind::KNIGHT,
        other => other,
    }
}

/// ChameleonChess (and, carried by the attribute, the chameleon units).
pub struct ChameleonChess;

impl ChameleonChess {
    #[inline]
    fn attribute_only(rules: &Rules) -> bool {
        rules.param(Condition::ChameleonChess).number == ATTRIBUTE_ONLY
    }
}

impl ConditionRule for ChameleonChess {
    const ID: &'static str = "chamchess";
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::CHAMELEON, ATTRIBUTE_ONLY));

    #[inline]
    fn arriving(rules: &Rules, _pos: &Position, mv: &mut Move) {
        if mv.promotion.is_some() || mv.is_castling_or_exchange() {
            return;
        }
        if Self::attribute_only(rules) && !mv.piece.attrs.contains(Attrs::CHAMELEON) {
            return;
        }
        let walk = mv.piece.kind;
        let then = next(walk);
        if then != walk {
            mv.promotion = Some(then);
        }
    }

    fn settle(rules: &Rules, _pos: &Position, moves: &mut Vec<Move>, start: usize) {
        if !Self::attribute_only(rules) {
            return;
        }
        // A promotion into a chameleon beside each into a walk of the
        // sequence, right after it.
        let mut i = start;
        while i < moves.len() {
            let mv = moves[i];
            i += 1;
            let Some(kind) = mv.promotion else { continue };
            if !mv.piece.kind.is_pawn()
                || mv.piece.attrs.contains(Attrs::CHAMELEON)
                || next(kind) == kind
            {
                continue;
            }
            let mut into = mv;
            let unit: Piece = mv.arriving_piece().with(Attrs::CHAMELEON);
            into.effects.insert(
                mover_change_index(&mv),
                Effect::Changed {
                    on: mv.to,
                    unit,
                    shown: Shown::Attrs,
                },
            );
            moves.insert(i, into);
            i += 1;
        }
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        (!Self::attribute_only(rules) && pos.with_attrs(Attrs::CHAMELEON).nonempty())
            .then(|| "ChameleonChess and ChameleonPieces not allowed together".into())
    }
}

/// The walk a unit of `kind` takes on arriving on file `file` under
/// LineChameleonChess.
#[inline]
fn by_file(kind: Kind, file: u8) -> Kind {
    if !matches!(kind, Kind::QUEEN | Kind::ROOK | Kind::BISHOP | Kind::KNIGHT) {
        return kind;
    }
    match file {
        0 | 7 => Kind::ROOK,
        1 | 6 => Kind::KNIGHT,
        2 | 5 => Kind::BISHOP,
        3 => Kind::QUEEN,
        _ => kind,
    }
}

/// LineChameleonChess.
pub struct LineChameleonChess;

impl ConditionRule for LineChameleonChess {
    const ID: &'static str = "linechamchess";

    #[inline]
    fn arriving(_rules: &Rules, _pos: &Position, mv: &mut Move) {
        if mv.promotion.is_some() || mv.is_castling_or_exchange() {
            return;
        }
        let walk = mv.piece.kind;
        let then = by_file(walk, mv.to.file());
        if then != walk {
            mv.promotion = Some(then);
        }
    }

    fn settle(_rules: &Rules, _pos: &Position, moves: &mut Vec<Move>, start: usize) {
        for mv in &mut moves[start..] {
            let Some(kind) = mv.promotion else { continue };
            if !mv.piece.kind.is_pawn() {
                continue;
            }
            let then = by_file(kind, mv.to.file());
            if then != kind {
                let at = mover_change_index(mv);
                mv.effects.insert(
                    at,
                    Effect::Changed {
                        on: mv.to,
                        unit: Piece {
                            kind: then,
                            ..mv.arriving_piece()
                        },
                        shown: Shown::Walk,
                    },
                );
            }
        }
    }

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        pos.with_attrs(Attrs::CHAMELEON)
            .nonempty()
            .then(|| "ChameleonChess and ChameleonPieces not allowed together".into())
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::moves;
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    const PIECES: &str = "wKe1 wRh1 wSb1 wPe7 wQd4 wBf4 bKe8 bPc5 bBh7 bRf8";

    #[test]
    fn chameleon_chess_the_mover_takes_the_next_walk() {
        let m = moves(
            &Rules::orthodox().with(Condition::ChameleonChess),
            PIECES,
            Color::White,
        );
        for want in [
            "Sb1-d2=B", "0-0", "Rh1*h7=Q", "Qd4*c5=S", "Bf4-c1=R", "e7*f8=Q", "e7*f8=B",
        ] {
            assert!(m.contains(&want.to_string()), "{want}: {m:?}");
        }
        assert_eq!(m.len(), 54);
    }

    #[test]
    fn line_chameleon_chess_the_file_decides() {
        let m = moves(
            &Rules::orthodox().with(Condition::LineChameleonChess),
            PIECES,
            Color::White,
        );
        for want in [
            "Sb1-d2=Q",
            "Sb1-c3=B",
            "Sb1-a3=R",
            "Rh1-g1=S",
            "Rh1*h7",
            "Qd4-e3",
            "e7*f8=Q=B",
            "e7*f8=B",
        ] {
            assert!(m.contains(&want.to_string()), "{want}: {m:?}");
        }
    }
}
