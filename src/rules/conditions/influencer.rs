//! Influencer: a unit that moves changes the walk of the enemy units next
//! to the square it ends on.
//!
//! Once the move is played and its rebirths made, each enemy unit (not a
//! king or a royal unit) on the eight squares around the moved unit
//! (where it ends up: an Anticirce capturer on its rebirth square; the
//! rook of a castling too; a king influences nothing) becomes a pawn, or,
//! standing on the first or the last rank, a unit of the mover's walk (as
//! it stands after its promotion). The neighbours change in Popeye's
//! order of directions: east, north, west, south, north-west, north-east,
//! south-east, south-west. A unit made a pawn on its promotion rank (by a
//! pawn's influence) promotes at once, into each walk a pawn may promote
//! to: the move is there once per choice (for two such units, once per
//! pair, the first unit's choice varying slowest).
//!
//! Popeye writes each change with its square, after the rebirths, even a
//! pawn that stays a pawn: `Rb2-b3[c4=P]`, `d7-d8=Q[c8=Q]`,
//! `e5*f6[wPf6->f2][g1=P][g1=Q]`.

use super::volage::mover_end;
use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Attrs, Color, Kind, Piece, Position, Square};
use crate::moves::{Effect, Motion, Move, MAX_EFFECTS};
use crate::pieces::Promotion;
use crate::rules::Rules;

pub struct Influencer;

/// Popeye's order of the eight directions around a square.
const AROUND: [(i8, i8); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (-1, 1),
    (1, 1),
    (1, -1),
    (-1, -1),
];

/// Whether `unit` is royal in `pos` (the position the move is played
/// in): a king is no royal unit under RoyalDynasty while its side has more
/// kings than one (Popeye's royal flag, which the dynasty's updater sets
/// once the move is played).
#[inline]
fn royal(rules: &Rules, pos: &Position, unit: Piece) -> bool {
    if unit.attrs.contains(Attrs::ROYAL) {
        return true;
    }
    unit.kind.is_royal()
        && !(rules.has(crate::rules::Condition::RoyalDynasty)
            && unit.kind == Kind::KING
            && pos.pieces(unit.color, Kind::KING).count() != 1)
}

/// The squares the moved units (royal units aside) end on, in Popeye's
/// order.
fn influencers(rules: &Rules, pos: &Position, mv: &Move) -> [Option<Square>; 2] {
    match mv.motion {
        Motion::CastleShort | Motion::CastleLong => {
            let rank = mv.from.rank();
            let file = if mv.motion == Motion::CastleShort {
                5
            } else {
                3
            };
            [Some(Square::new(file, rank)), None]
        }
        Motion::Null | Motion::Exchange => [None, None],
        _ if royal(rules, pos, mv.piece) => [None, None],
        _ => [mover_end(mv).map(|(sq, _, _)| sq), None],
    }
}

impl Influencer {
    /// The moves `mv` becomes: its changes added, once per choice of the
    /// promotions they bring.
    fn influenced(rules: &Rules, pos: &Position, mv: &Move, out: &mut Vec<Move>) {
        let mut board = pos.play(mv);
        let influenced = pos.turn.opponent();
        let mut changed = *mv;
        let mut promoting: [Option<Square>; 8] = [None; 8];
        let mut n = 0;
        for from in influencers(rules, pos, mv).into_iter().flatten() {
            let Some(influencer) = board.piece_at(from) else {
                continue;
            };
            for (df, dr) in AROUND {
                let (f, r) = (from.file() as i8 + df, from.rank() as i8 + dr);
                if !(0..8).contains(&f) || !(0..8).contains(&r) {
                    continue;
                }
                let sq = Square::new(f as u8, r as u8);
                let Some(unit) = board.piece_at(sq) else {
                    continue;
                };
                if unit.color != influenced || unit.is_neutral() || royal(rules, pos, unit) {
                    continue;
                }
                let edge = r == 0 || r == 7;
                let kind = if edge { influencer.kind } else { Kind::PAWN };
                let now = Piece { kind, ..unit };
                if changed.effects.len() >= MAX_EFFECTS {
                    break;
                }
                changed
                    .effects
                    .push(Effect::WalkChange { on: sq, unit: now });
                board.put(sq, now);
                let last = match influenced {
                    Color::White => 7,
                    Color::Black => 0,
                };
                if kind == Kind::PAWN && r == last && n < promoting.len() {
                    promoting[n] = Some(sq);
                    n += 1;
                }
            }
        }
        Self::promote(rules, &board, changed, &promoting[..n], out);
    }

    /// `mv` once per choice of promotion of the pawns on `squares`.
    fn promote(
        rules: &Rules,
        board: &Position,
        mv: Move,
        squares: &[Option<Square>],
        out: &mut Vec<Move>,
    ) {
        let Some((&Some(sq), rest)) = squares.split_first() else {
            out.push(mv);
            return;
        };
        let Some(pawn) = board.piece_at(sq) else {
            return Self::promote(rules, board, mv, rest, out);
        };
        for kind in rules.repertoire.promotions(Promotion::LastRank) {
            let mut next = mv;
            if next.effects.len() < MAX_EFFECTS {
                next.effects.push(Effect::WalkChange {
                    on: sq,
                    unit: Piece { kind, ..pawn },
                });
            }
            Self::promote(rules, board, next, rest, out);
        }
    }
}

impl ConditionRule for Influencer {
    const ID: &'static str = "influencer";
    const PARAMETER: Parameter = Parameter::None;
    /// A unit changed may check the mover's king: even a quiet move is
    /// played out to judge it.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        ..Capabilities::ORTHODOX
    };

    fn settle(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        let mut all = Vec::with_capacity(moves.len() - start);
        for mv in &moves[start..] {
            Self::influenced(rules, pos, mv, &mut all);
        }
        moves.truncate(start);
        moves.extend(all);
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{after_line, moves, moves_of, sorted};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    /// Under RoyalDynasty a side's kings are royal only while it has one:
    /// with two kings each, the king a4 influences and the king c5 is made
    /// a pawn, leaving Black one king, h3, checked by the king h4 (Popeye,
    /// `TESTS_influencer__011`: `1.Ka4-b5[c5=P] +`).
    #[test]
    fn kings_of_a_dynasty_with_more_kings_than_one_influence_and_change() {
        let r = Rules::default()
            .with(Condition::Influencer)
            .with(Condition::RoyalDynasty);
        let got = moves(&r, "wKa4 wKh4 bKc5 bKh3", Color::White);
        assert!(got.contains(&"Ka4-b5[c5=P]".to_string()), "{got:?}");
        let after = after_line(&r, "wKa4 wKh4 bKc5 bKh3", Color::White, &["Ka4-b5[c5=P]"]);
        assert!(r.in_check(&after, Color::Black));
        // White's one king is royal and influences nothing; one of two
        // influences.
        let royal = moves(&r, "wKa1 bSb3 bKh8 bKh6", Color::White);
        assert!(royal.contains(&"Ka1-a2".to_string()), "{royal:?}");
        let two = moves(&r, "wKa1 wKg1 bSb3 bKh8 bKh6", Color::White);
        assert!(two.contains(&"Ka1-a2[b3=P]".to_string()), "{two:?}");
    }

    #[test]
    fn the_enemy_units_around_the_moved_unit_change_walk() {
        let r = Rules::default().with(Condition::Influencer);
        assert_eq!(
            moves(
                &r,
                "wKe1 wRh1 wRb2 wPd7 bKa8 bPc4 bSd4 bBh3 bRc8 bQg8 bPg2",
                Color::White
            ),
            sorted(
                "Ke1-f2 Ke1-d2 Ke1-d1 Rh1-f1[g2=P] Rh1-g1[g2=P] Rh1*h3[g2=P] \
                 Rh1-h2[h3=P][g2=P] Rb2-b1 Rb2-a2 Rb2-b8[c8=R] Rb2-b7[c8=R] Rb2-b6 \
                 Rb2-b5[c4=P] Rb2-b4[c4=P] Rb2-b3[c4=P] Rb2*g2[h3=P] Rb2-f2[g2=P] Rb2-e2 \
                 Rb2-d2 Rb2-c2 d7-d8=Q[c8=Q] d7-d8=S[c8=S] d7-d8=R[c8=R] d7-d8=B[c8=B] \
                 d7*c8=Q d7*c8=S d7*c8=R d7*c8=B"
            )
        );
    }

    #[test]
    fn a_unit_made_a_rook_on_its_corner_may_castle() {
        // Popeye 4.104 (its regression 4.85-4.87 no. 1): the queen made a
        // rook on a8 castles with the unmoved king.
        let r = Rules::default().with(Condition::Influencer);
        let pos = after_line(
            &r,
            "wKc6 wRd7 bKe8 bQa1",
            Color::Black,
            &["Qa1-a8", "Rd7-a7[a8=R]"],
        );
        assert!(moves_of(&r, &pos).contains(&"0-0-0".to_string()));
    }
}
