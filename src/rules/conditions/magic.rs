//! The magic attribute: a unit that a magic unit newly observes when a
//! move is played changes sides.
//!
//! A magic unit "views" every unit it observes (of either side), except
//! the magic units, the kings and royal units, and the neutral units. A
//! view is told apart by the unit viewed, the magic unit, and the line it
//! runs along: for a rider or a hopper the whole line across the board
//! together with the side of the viewed unit the magic unit stands on
//! (sliding along the line toward or away from the viewed unit is the same
//! view), for a leaper, a pawn or a king its two squares (any move of
//! either unit makes a new view). A walk made of riding and leaping parts
//! (the amazon) views by a leap as a leaper and along a line as a rider.
//! Popeye tells the other paths its own way, one view per path: a circle
//! of the rose family (the hopper's shifted by a leap) by its first square in Popeye's order of squares and the next
//! going round from the viewed unit; a zigzag (scouts, spiral springers)
//! by where it leaves the board beyond the magic unit; an angle hopper's
//! (eagle, moose, sparrow) by the line from its hurdle through it and the
//! parallel through the viewed unit; a double hopper's by the square
//! between its hops and its first hop's line.
//!
//! Once the move is played, its rebirths made, the views of the new
//! position are compared with those of the position before: a unit with an
//! odd number of views that did not exist before changes sides (an even
//! number cancels out). The units change in the order of their squares
//! (a1, b1, ... h8). The change is part of the move, so the move is
//! illegal when a unit changed leaves its old side's king in check, and
//! the next move's views are compared with this position's.
//!
//! Popeye writes each change with its square after the rebirths:
//! `Qb3*b4[wQb4->d1][+bmQd8][d1=b]`. It refuses magic units with neutral
//! units, with the conditions that change walks by the units around
//! (AnnanChess and its kin) and with fairy walks whose lines it cannot
//! tell (the reflecting bishops, the bouncy knight, the hunters ...).
//! Walks combining these paths with others are still told here as
//! leapers, which may differ. The walks Popeye's list leaves out (the
//! saltador, the Argentinian and Mao hoppers, the eagle equihoppers ...)
//! view nothing there, nor here.

use super::{Capabilities, ConditionRule, Stage};
use crate::board::walks::{path_lines, At};
use crate::board::{Attrs, Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::{Effect, Effects, Move};
use crate::pieces::walk::{Equi, Pawn, Step};
use crate::rules::{Condition, Rules};

/// The parameter number of a rule the attribute alone puts in force.
const CARRIED: u8 = 0;

/// The magic attribute's rule.
pub struct Magic;

/// What tells one view's line apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// A leaper's: the two squares.
    Leap(Square, Square),
    /// A rider's: the direction from the viewed unit to the magic unit
    /// and the last square of the board beyond the magic unit that way.
    Straight((i8, i8), Square),
    /// A rose's circle or a zigzag, as Popeye tells them: two squares, off
    /// the board too (`walks::path_lines`).
    Path(At, At),
}

/// One view: the viewed unit's identity, the magic unit's, the line, and
/// where the viewed unit stands.
#[derive(Clone, Copy, Debug)]
struct View {
    viewed: u8,
    magic: u8,
    line: Line,
    on: Square,
}

fn gcd(a: i8, b: i8) -> i8 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1) as i8
}

/// Whether the walk `kind` observes along `d` (from the magic unit to the
/// viewed one) by a leap rather than along a line.
fn by_leap(kind: Kind, d: (i8, i8)) -> bool {
    match kind {
        Kind::KING | Kind::KNIGHT | Kind::PAWN => return true,
        Kind::QUEEN | Kind::ROOK | Kind::BISHOP => return false,
        _ => {}
    }
    let knight = matches!((d.0.abs(), d.1.abs()), (1, 2) | (2, 1));
    kind.walk().steps.iter().any(|step| match *step {
        Step::Leap(vs) | Step::LeapHop(vs) | Step::MarineLeap(vs) => vs.contains(&d),
        Step::Lame(_) => knight,
        Step::Pawn(p) => {
            !matches!(p, Pawn::Super | Pawn::SuperBerolina) && d.0.abs() <= 1 && d.1.abs() <= 2
        }
        Step::Equi(e) => matches!(
            e,
            Equi::NonstopHopper
                | Equi::NonstopOrix
                | Equi::NonstopStopper
                | Equi::EagleNonstopHopper
        ),
        // Alone, these walks' paths are told otherwise (`lines_by_path`);
        // within a combined walk they count as leaps.
        Step::BentLocust(_)
        | Step::Radial(..)
        | Step::Rose(_)
        | Step::Zigzag(_)
        | Step::DoubleHop(_) => true,
        _ => false,
    })
}

/// Whether Popeye tells the lines of the walk `kind` (magic units are
/// refused beside the others).
fn line_told(kind: Kind) -> bool {
    kind.walk().steps.iter().all(|step| {
        !matches!(
            step,
            Step::Reflect(_)
                | Step::Cardinal
                | Step::BouncyKnight
                | Step::BouncyNightrider
                | Step::UbiUbi
                | Step::Cat
                | Step::Hunter(..)
                | Step::Orphan { .. }
        )
    })
}

/// The line of the view of `target` by the magic unit on `from`.
fn line_of(kind: Kind, from: Square, target: Square) -> Line {
    let d = (
        target.file() as i8 - from.file() as i8,
        target.rank() as i8 - from.rank() as i8,
    );
    if by_leap(kind, d) {
        return Line::Leap(from, target);
    }
    let g = gcd(d.0, d.1);
    let back = (-d.0 / g, -d.1 / g);
    let (mut f, mut r) = (from.file() as i8, from.rank() as i8);
    while (0..8).contains(&(f + back.0)) && (0..8).contains(&(r + back.1)) {
        f += back.0;
        r += back.1;
    }
    Line::Straight(back, Square::new(f as u8, r as u8))
}

/// Whether the unit may be viewed.
fn viewable(unit: Piece) -> bool {
    !unit.attrs.contains(Attrs::MAGIC)
        && !unit.attrs.contains(Attrs::ROYAL)
        && !unit.kind.is_royal()
        && !unit.is_neutral()
}

/// The walks Popeye has no way to tell the lines of (its list of walks
/// has no case for them): a magic unit of these views nothing.
const UNTOLD: [Kind; 14] = [
    Kind::HAMSTER,
    Kind::DUMMY,
    Kind::QUINTESSENCE,
    Kind::STING,
    Kind::SENORA,
    Kind::FARO,
    Kind::LOCO,
    Kind::SALTADOR,
    Kind::MAO_HOPPER,
    Kind::MOA_HOPPER,
    Kind::CONTRAHAMSTER,
    Kind::EAGLE_EQUIHOPPER,
    Kind::EAGLE_NONSTOP_EQUIHOPPER,
    Kind::SCARABEUS,
];

/// The lines along which a unit of the rose family, a zigzag rider, an
/// angle hopper or a double hopper on `from` views `target`, one per path
/// (Popeye tells each apart, in its own way for each), and none for the
/// walks Popeye tells no line of; None for the other walks.
fn lines_by_path(pos: &Position, kind: Kind, from: Square, target: Square) -> Option<Vec<Line>> {
    if UNTOLD.contains(&kind) {
        return Some(Vec::new());
    }
    let lines = path_lines(kind.walk().steps, from, target, pos.occupied())?;
    Some(lines.into_iter().map(|(a, b)| Line::Path(a, b)).collect())
}

/// The views of `pos`, appended to `out`.
fn views(rules: &Rules, pos: &Position, magic: Bitboard, out: &mut Vec<View>) {
    for target in pos.unit_squares() {
        let Some(unit) = pos.piece_at(target) else {
            continue;
        };
        if !viewable(unit) {
            continue;
        }
        // The magic units whose views of the unit were counted by path.
        let mut by_path = Bitboard::EMPTY;
        for side in Color::ALL {
            rules.any_observer(pos, target, side, None, true, |o| {
                if !magic.contains(o.on) || by_path.contains(o.on) {
                    return false;
                }
                let view = |line| View {
                    viewed: pos.id_code(target),
                    magic: pos.id_code(o.on),
                    line,
                    on: target,
                };
                match lines_by_path(pos, o.unit.kind, o.from, target) {
                    Some(lines) => {
                        by_path.set(o.on);
                        out.extend(lines.into_iter().map(view));
                    }
                    None => out.push(view(line_of(o.unit.kind, o.from, target))),
                }
                false
            });
        }
    }
}

impl ConditionRule for Magic {
    const ID: &'static str = "attribute magic";
    const WRITTEN: bool = false;
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::MAGIC, CARRIED));
    /// A unit that changes sides may leave its old side's king in check,
    /// so even a quiet move is played out.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        keeps_units: false,
        ..Capabilities::ORTHODOX
    };

    fn changes(
        rules: &Rules,
        stage: Stage,
        before: &Position,
        _mv: &Move,
        now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        if stage != Stage::AfterRebirths {
            return;
        }
        let magic_now = now.with_attrs(Attrs::MAGIC);
        if magic_now.is_empty() {
            return;
        }
        let mut old = Vec::new();
        views(rules, before, before.with_attrs(Attrs::MAGIC), &mut old);
        let mut new = Vec::new();
        views(rules, now, magic_now, &mut new);
        let mut odd = Bitboard::EMPTY;
        for v in &new {
            let seen = old
                .iter()
                .any(|o| o.viewed == v.viewed && o.magic == v.magic && o.line == v.line);
            if !seen {
                if odd.contains(v.on) {
                    odd.clear(v.on);
                } else {
                    odd.set(v.on);
                }
            }
        }
        for sq in odd {
            let Some(unit) = now.piece_at(sq) else {
                continue;
            };
            if out.len() + so_far.len() < crate::moves::MAX_EFFECTS {
                out.push(Effect::Recoloured {
                    on: sq,
                    unit: Piece {
                        color: unit.color.opponent(),
                        ..unit
                    },
                });
            }
        }
    }

    fn prepare(_rules: &Rules, pos: &mut Position) {
        if !pos.tracks_identities() {
            pos.track_identities();
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        [
            Condition::AnnanChess,
            Condition::Nanna,
            Condition::PointReflection,
        ]
        .into_iter()
        .any(|c| rules.has(c))
        .then(|| "Annan Chess and conditions that recolour pieces not allowed".into())
    }

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        if pos.neutral().nonempty() {
            return Some("too much fairy chess for neutral pieces".into());
        }
        let all_told = pos
            .unit_squares()
            .into_iter()
            .filter_map(|sq| pos.piece_at(sq))
            .all(|p| line_told(p.kind));
        if !all_told {
            return Some("Magic pieces incompatible with some fairy pieces".into());
        }
        None
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves_of, sorted};
    use crate::board::{Attrs, Bitboard, Color, Kind, Piece, Position, Square};
    use crate::rules::conditions::put_carried_in_force;
    use crate::rules::{Base, CirceRules, Rules};

    /// The position of `pieces` with a magic unit `kind` of `color` on
    /// `on`, White to move, and the rules it carries.
    fn with_magic(
        pieces: &str,
        on: Square,
        color: Color,
        kind: Kind,
        circe: bool,
    ) -> (Rules, Position) {
        let mut pos = Position::from_piece_list(pieces).unwrap();
        // `put` clears the square's castling right: a rook on a1 keeps it.
        let unmoved =
            pos.unmoved | (crate::board::position::CASTLING_SQUARES & Bitboard::from_square(on));
        pos.put(on, Piece::new(color, kind).with(Attrs::MAGIC));
        pos.unmoved = unmoved;
        let mut rules = if circe {
            Rules::with_circe(CirceRules::of(Base::Circe))
        } else {
            Rules::default()
        };
        put_carried_in_force(&mut rules, &pos);
        rules.conditions.prepare(&rules, &mut pos);
        (rules, pos)
    }

    #[test]
    fn a_magic_rook_turns_the_units_it_newly_views_of_either_side() {
        let (rules, pos) = with_magic(
            "wKe1 wSd4 wPb6 bKh8 bPf7",
            Square::new(0, 0),
            Color::White,
            Kind::ROOK,
            false,
        );
        assert_eq!(
            moves_of(&rules, &pos),
            sorted(
                "mRa1-a8 mRa1-a7[f7=w] mRa1-a6[b6=b] mRa1-a5 mRa1-a4[d4=b] mRa1-a3 mRa1-a2 \
                 mRa1-d1[d4=b] mRa1-c1 mRa1-b1[b6=b] 0-0-0[d4=b] Ke1-f2 Ke1-d2 Ke1-d1 Ke1-e2 \
                 Ke1-f1 Sd4-b3 Sd4-c2 Sd4-e2 Sd4-f3 Sd4-f5 Sd4-e6 Sd4-c6 Sd4-b5 b6-b7"
            )
        );
    }

    /// A black rook on a1 made White's by a magic unit may castle with the
    /// white king e1, as a rook put there would (Popeye,
    /// `EXAMPLES_magicpieces__006`: `1.mGd1-d4[a1=w] 0-0-0 +`).
    #[test]
    fn a_rook_turned_on_its_corner_castles_for_its_new_side() {
        let (rules, mut pos) = with_magic(
            "wKe1 wPb2 bKd3 bRa1",
            Square::new(3, 0),
            Color::Black,
            Kind::GRASSHOPPER,
            false,
        );
        pos.turn = Color::Black;
        let mut black = Vec::new();
        crate::movegen::legal_moves(&pos, &rules, &mut black);
        let turn = black
            .iter()
            .find(|m| m.from == Square::new(3, 0) && m.to == Square::new(3, 3))
            .expect("mGd1-d4");
        let after = pos.play(turn);
        assert!(moves_of(&rules, &after).contains(&"0-0-0".to_string()));
        // Not before: the rook is Black's.
        let mut white = pos;
        white.turn = Color::White;
        assert!(!moves_of(&rules, &white).contains(&"0-0-0".to_string()));
    }

    #[test]
    fn the_reborn_magic_unit_views_after_its_rebirth() {
        let (rules, pos) = with_magic(
            "wKa1 wRb3 wSd6 wPe7 bKh1",
            Square::new(1, 5),
            Color::Black,
            Kind::BISHOP,
            true,
        );
        assert_eq!(
            moves_of(&rules, &pos),
            sorted(
                "Ka1-b2 Ka1-a2 Ka1-b1 Rb3-b1 Rb3-b2 Rb3-a3 Rb3*b6[+bmBf8][e7=b] Rb3-b5 \
                 Rb3-b4 Rb3-h3 Rb3-g3 Rb3-f3 Rb3-e3[e3=b] Rb3-d3 Rb3-c3 Sd6-b5 Sd6-c4 \
                 Sd6-e4 Sd6-f5 Sd6-f7 Sd6-e8 Sd6-c8 Sd6-b7 e7-e8=Q e7-e8=S e7-e8=R e7-e8=B"
            )
        );
    }
}
