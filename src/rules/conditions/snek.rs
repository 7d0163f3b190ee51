//! SnekChess and SnekCircleChess: a capture makes a unit of the side that
//! lost one take the captured walk.
//!
//! Under SnekChess the walks go in a line, king, knight, bishop, rook,
//! queen: a queen captured makes a rook of its side a queen, a rook a
//! bishop a rook, a bishop a knight a bishop, a knight its king (of the
//! king's walk) a royal knight. A pawn captured gives the side's royal unit
//! back the king's walk. Under SnekCircleChess they go round, queen, rook,
//! bishop, knight, queen: a knight captured makes a queen a knight, and a
//! pawn or a king captured changes nothing.
//!
//! Where several units of the walk may change, the move is there once per
//! unit, in the order of their squares (a1, b1, ... h8); where none may, it
//! is played as it is. Neutral units belong to the side that lost one too,
//! a neutral mover among them. The change is made as the capture is played,
//! before any rebirth, and Popeye writes it with the unit's attributes:
//! `Ba1*b2[c4=R]`, `Rc7*c3[a3=rS]`, `Qd1*d5[c2=nQ]`.

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Attrs, Color, Kind, Piece, Position};
use crate::moves::{Effect, Move};
use crate::rules::{Condition, Rules};

pub struct SnekChess;
pub struct SnekCircleChess;

/// Popeye takes one condition at most that changes the walks of units
/// other than the mover.
const WALK_CHANGERS: [Condition; 5] = [
    Condition::SnekChess,
    Condition::SnekCircleChess,
    Condition::KobulKings,
    Condition::SingleBox,
    Condition::Influencer,
];

/// The refusal both share: a second condition changing walks.
fn refusal(rules: &Rules) -> Option<String> {
    if rules.has(Condition::SnekChess) && rules.has(Condition::SnekCircleChess) {
        return Some("nonsense combination".into());
    }
    let n = WALK_CHANGERS.iter().filter(|&&c| rules.has(c)).count();
    (n > 1).then(|| "Incompatible fairy elements changing piece types".into())
}

/// A snek change makes units the mover's king may then be attacked by,
/// and changes units beyond the motion.
const CAPABILITIES: Capabilities = Capabilities {
    orthodox_legality: false,
    check_implies_attack: false,
    keeps_units: false,
    ..Capabilities::ORTHODOX
};

/// `unit` with the walk `kind`, royal still if it was (a king made a
/// knight is a royal knight; a royal unit made a king is a king).
fn rewalked(unit: Piece, kind: Kind) -> Piece {
    let royal = unit.kind == Kind::KING || unit.attrs.contains(Attrs::ROYAL);
    let attrs = if kind == Kind::KING {
        unit.attrs.without(Attrs::ROYAL)
    } else if royal {
        unit.attrs.with(Attrs::ROYAL)
    } else {
        unit.attrs
    };
    Piece {
        kind,
        attrs,
        ..unit
    }
}

/// Each unit of `walk` of the side that lost one, in `now`, made `kind`.
fn each_of_walk(before: &Position, now: &Position, walk: Kind, kind: Kind, out: &mut Vec<Effect>) {
    let side = before.turn.opponent();
    for on in now.by_kind(walk) {
        let Some(unit) = now.piece_at(on) else {
            continue;
        };
        if unit.color == side || unit.is_neutral() {
            out.push(Effect::Rewalked {
                on,
                unit: rewalked(unit, kind),
            });
        }
    }
}

impl ConditionRule for SnekChess {
    const ID: &'static str = "snekchess";
    const PARAMETER: Parameter = Parameter::None;
    const CAPABILITIES: Capabilities = CAPABILITIES;

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules)
    }

    /// Popeye reads its table of walks past its end for a fairy unit
    /// captured, and stops on a pawn captured from a side without a king:
    /// circe cannot match it there.
    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        if pos.units().any(|(u, _)| !u.kind.is_orthodox()) {
            return Some("SnekChess with fairy pieces is not supported".into());
        }
        [Color::White, Color::Black]
            .into_iter()
            .any(|c| pos.king(c).is_none() && pos.pieces(c, Kind::PAWN).nonempty())
            .then(|| "SnekChess with pawns of a side without a king is not supported".into())
    }

    fn choices(
        _rules: &Rules,
        before: &Position,
        mv: &Move,
        now: &Position,
        out: &mut Vec<Effect>,
    ) {
        let Some(victim) = mv.captured else {
            return;
        };
        let walk = match victim.kind {
            Kind::QUEEN => Kind::ROOK,
            Kind::ROOK => Kind::BISHOP,
            Kind::BISHOP => Kind::KNIGHT,
            Kind::KNIGHT => Kind::KING,
            Kind::PAWN => {
                // The royal unit takes the king's walk back.
                let Some(on) = now.king(before.turn.opponent()) else {
                    return;
                };
                if let Some(royal) = now.piece_at(on).filter(|u| u.kind != Kind::KING) {
                    out.push(Effect::Rewalked {
                        on,
                        unit: rewalked(royal, Kind::KING),
                    });
                }
                return;
            }
            _ => return,
        };
        each_of_walk(before, now, walk, victim.kind, out);
    }
}

impl ConditionRule for SnekCircleChess {
    const ID: &'static str = "snekcirclechess";
    const PARAMETER: Parameter = Parameter::None;
    const CAPABILITIES: Capabilities = CAPABILITIES;

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules)
    }

    fn choices(
        _rules: &Rules,
        before: &Position,
        mv: &Move,
        now: &Position,
        out: &mut Vec<Effect>,
    ) {
        let Some(victim) = mv.captured else {
            return;
        };
        let walk = match victim.kind {
            Kind::QUEEN => Kind::ROOK,
            Kind::ROOK => Kind::BISHOP,
            Kind::BISHOP => Kind::KNIGHT,
            Kind::KNIGHT => Kind::QUEEN,
            _ => return,
        };
        each_of_walk(before, now, walk, victim.kind, out);
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`), its
    //! captures alone, sorted.
    use super::super::testing::moves;
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    fn captures(c: Condition, list: &str) -> Vec<String> {
        let r = Rules::default().with(c);
        moves(&r, list, Color::White)
            .into_iter()
            .filter(|m| m.contains('*'))
            .collect()
    }

    #[test]
    fn each_unit_of_the_walk_below_may_take_the_captured_walk() {
        // EXAMPLES_snek__001 a), with a white king.
        let got = captures(Condition::SnekChess, "wKe1 wBa1 bRb2 bBc4 bBf8 bBh7 bKh5");
        assert_eq!(got, ["Ba1*b2[c4=R]", "Ba1*b2[f8=R]", "Ba1*b2[h7=R]"]);
    }

    #[test]
    fn a_knight_captured_makes_the_king_a_royal_knight_and_a_pawn_undoes_it() {
        let got = captures(Condition::SnekChess, "wKa1 wBa3 bSb2 bKh5");
        assert_eq!(got, ["Ba3*b2[h5=rS]", "Ka1*b2[h5=rS]"]);
        let got = captures(Condition::SnekChess, "wKa1 wBa3 bPb2 bKh5");
        assert_eq!(got, ["Ba3*b2", "Ka1*b2"]);
    }

    #[test]
    fn a_neutral_mover_may_take_the_walk_itself() {
        let got = captures(Condition::SnekChess, "wKe1 wQd1 bKa8 bQd5 nRh5 nRc2");
        assert!(got.contains(&"nRh5*d5[d5=nQ]".to_string()), "{got:?}");
        assert!(got.contains(&"Qd1*d5[c2=nQ]".to_string()), "{got:?}");
    }

    #[test]
    fn snek_circle_goes_round_and_ignores_pawns() {
        let got = captures(Condition::SnekCircleChess, "wKa1 wBa3 bSb2 bQh5 bKh8");
        assert_eq!(got, ["Ba3*b2[h5=S]", "Ka1*b2[h5=S]"]);
        let got = captures(Condition::SnekCircleChess, "wKa1 wBa3 bPb2 bQh5 bKh8");
        assert_eq!(got, ["Ba3*b2", "Ka1*b2"]);
    }
}
