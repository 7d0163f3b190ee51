//! The contact conditions: a move is legal by whether the unit that moved
//! touches another unit (stands next to it, on any of the eight squares
//! around it; holes touch nothing) where it ends, once the move and its
//! rebirths are played.
//! - KoeKo: it must touch some unit (in castling, the rook too).
//! - AntiKoeko: it must touch none.
//! - NewKoeko: it must touch some unit after the move exactly when it
//!   touched some before it.
//! - ContactGridChess: GridChess (moves must leave their cell) where the
//!   unit must touch some unit across a grid line; under Circe a unit is
//!   reborn only on a square with such a contact.
//!
//! Check is an observation of the king by a unit that could capture it
//! legally by these rules: the capture played, the capturer, standing on
//! the king's square, must meet the condition.

use super::grid::leaves_cell;
use super::{Capabilities, ConditionRule, Parameter, ProofTraffic};
use crate::board::{attacks, Bitboard, Kind, Position, Square};
use crate::moves::{Fate, Motion, Move};
use crate::rules::{Base, Condition, Observer, OnOccupied, RebirthSquare, Rules};

/// What the contact conditions change: legality after the move, and so
/// which observations are checks (a subset of the attacks).
const CONTACT: Capabilities = Capabilities {
    orthodox_observation: false,
    orthodox_legality: false,
    ..Capabilities::ORTHODOX
};

/// Whether the unit on `sq` touches a unit standing on `others`.
#[inline]
fn touches(sq: Square, others: Bitboard) -> bool {
    (attacks::king(sq) & others).nonempty()
}

/// The leap `(m, n)` of a contact leaper given with `Neighbour` (its
/// index + 1 in `Param.number`; 0 is the king): the leapers Popeye takes.
fn contact_leap(number: u8) -> Option<(i8, i8)> {
    let kind = Kind::from_index(usize::from(number).checked_sub(1)?)?;
    Some(match kind {
        Kind::KNIGHT => (1, 2),
        Kind::WAZIR => (0, 1),
        Kind::FERS => (1, 1),
        Kind::CAMEL => (1, 3),
        Kind::ALFIL => (2, 2),
        Kind::ZEBRA => (2, 3),
        Kind::DABBABA => (0, 2),
        Kind::GIRAFFE => (1, 4),
        Kind::ANTELOPE => (3, 4),
        _ => return None,
    })
}

/// The squares a `(m, n)` leaper on `sq` reaches.
fn leap_squares(sq: Square, (m, n): (i8, i8)) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    let (f, r) = (sq.file() as i8, sq.rank() as i8);
    for (a, c) in [(m, n), (n, m)] {
        for (sa, sc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (x, y) = (f + sa * a, r + sc * c);
            if (0..8).contains(&x) && (0..8).contains(&y) {
                b.set(Square::new(x as u8, y as u8));
            }
        }
    }
    b
}

/// Whether the unit on `sq` is in contact, by the leaper of `number`
/// (`Neighbour`; 0: the king), with a unit on `others`.
#[inline]
fn touches_by(number: u8, sq: Square, others: Bitboard) -> bool {
    if number == 0 {
        return touches(sq, others);
    }
    contact_leap(number).is_some_and(|leap| (leap_squares(sq, leap) & others).nonempty())
}

/// Where the unit that moved stands once the move is played (None: it
/// left the board).
#[inline]
fn arrival(mv: &Move) -> Option<Square> {
    match mv.capturer_fate() {
        Fate::Stays => Some(mv.to),
        Fate::Reborn(sq) => Some(sq),
        Fate::Vanishes => None,
    }
}

/// The rook's arrival in castling.
#[inline]
fn castling_rook(mv: &Move) -> Option<Square> {
    match mv.motion {
        Motion::CastleShort => Some(Square::new(5, mv.from.rank())),
        Motion::CastleLong => Some(Square::new(3, mv.from.rank())),
        _ => None,
    }
}

/// Whether an observer capturing on `target` meets `contact` (of the square
/// it stands on after the capture, and of the squares of the units then):
/// the units it would touch are the others, the square it leaves now empty;
/// where a rebirth waits for the next move (Parrain), the capture is played
/// out, the unit reborn then touching it too, as Popeye's check test does.
#[inline]
fn capture_contact(
    rules: &Rules,
    pos: &Position,
    observer: &Observer,
    target: Square,
    contact: impl Fn(Square, Bitboard) -> bool,
) -> bool {
    if pos.waiting.pending.is_some() {
        if let Some(victim) = pos.piece_at(target) {
            return rules.some_capture_played(
                pos,
                observer.unit,
                observer.from,
                target,
                victim,
                &mut |mv, after| arrival(mv).is_none_or(|sq| contact(sq, after.unit_squares())),
            );
        }
    }
    let mut others = pos.unit_squares();
    others.clear(observer.on);
    contact(target, others)
}

/// Popeye refuses the contact conditions with AntiCirce and with a choice
/// of rebirth squares, and a `Neighbour` that is not one of its leapers
/// (K, S, W, F, CA, AL, Z, DA, GI, AN).
fn contact_refusal(rules: &Rules) -> Option<String> {
    if [Condition::KoeKo, Condition::AntiKoeko].iter().any(|&c| {
        let n = rules.param(c).number;
        rules.has(c) && n != 0 && contact_leap(n).is_none()
    }) {
        return Some("wrong piece name after Neighbour (KoeKo, AntiKoeko)".into());
    }
    if rules.family(Base::AntiCirce).is_some() {
        return Some("anticirce incompatible with some fairy conditions".into());
    }
    let choice = rules
        .family(Base::Circe)
        .is_some_and(|c| matches!(c.square, RebirthSquare::Super | RebirthSquare::Cage));
    choice.then(|| "supercirce incompatible with some fairy conditions".into())
}

pub struct KoeKo;

impl ConditionRule for KoeKo {
    const ID: &'static str = "koeko";
    /// The contact only judges which moves are legal.
    const PROOF: ProofTraffic = ProofTraffic::Restricts;
    const PARAMETER: Parameter = Parameter::Neighbour;
    const CAPABILITIES: Capabilities = CONTACT;

    #[inline]
    fn legal_after(rules: &Rules, _before: &Position, mv: &Move, after: &Position) -> bool {
        let n = rules.param(Condition::KoeKo).number;
        let units = after.unit_squares();
        arrival(mv).is_none_or(|sq| touches_by(n, sq, units))
            && castling_rook(mv).is_none_or(|sq| touches_by(n, sq, units))
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        let n = rules.param(Condition::KoeKo).number;
        capture_contact(rules, pos, observer, target, |sq, others| {
            touches_by(n, sq, others)
        })
    }

    fn refusal(rules: &Rules) -> Option<String> {
        contact_refusal(rules)
    }
}

pub struct AntiKoeko;

impl ConditionRule for AntiKoeko {
    const ID: &'static str = "antikoeko";
    /// The contact only judges which moves are legal.
    const PROOF: ProofTraffic = ProofTraffic::Restricts;
    const PARAMETER: Parameter = Parameter::Neighbour;
    const CAPABILITIES: Capabilities = CONTACT;

    #[inline]
    fn legal_after(rules: &Rules, _before: &Position, mv: &Move, after: &Position) -> bool {
        let n = rules.param(Condition::AntiKoeko).number;
        arrival(mv).is_none_or(|sq| !touches_by(n, sq, after.unit_squares()))
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        let n = rules.param(Condition::AntiKoeko).number;
        capture_contact(rules, pos, observer, target, |sq, others| {
            !touches_by(n, sq, others)
        })
    }

    fn refusal(rules: &Rules) -> Option<String> {
        contact_refusal(rules)
    }
}

pub struct NewKoeko;

impl ConditionRule for NewKoeko {
    const ID: &'static str = "newkoeko";
    /// The contact only judges which moves are legal.
    const PROOF: ProofTraffic = ProofTraffic::Restricts;
    const CAPABILITIES: Capabilities = CONTACT;

    #[inline]
    fn legal_after(_rules: &Rules, before: &Position, mv: &Move, after: &Position) -> bool {
        let was = touches(mv.from, before.unit_squares());
        arrival(mv).is_none_or(|sq| touches(sq, after.unit_squares()) == was)
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        let was = touches(observer.on, pos.unit_squares());
        capture_contact(rules, pos, observer, target, |sq, others| {
            touches(sq, others) == was
        })
    }

    fn refusal(rules: &Rules) -> Option<String> {
        contact_refusal(rules)
    }
}

pub struct ContactGrid;

/// Whether the unit on `sq` touches a unit on `others` across a grid line.
#[inline]
fn touches_across(rules: &Rules, sq: Square, others: Bitboard) -> bool {
    (attacks::king(sq) & others)
        .into_iter()
        .any(|n| leaves_cell(rules, n, sq))
}

impl ConditionRule for ContactGrid {
    const ID: &'static str = "contactgrid";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        ..CONTACT
    };

    #[inline]
    fn allows(rules: &Rules, _pos: &Position, mv: &Move) -> bool {
        leaves_cell(rules, mv.from, mv.to)
    }

    #[inline]
    fn legal_after(rules: &Rules, _before: &Position, mv: &Move, after: &Position) -> bool {
        arrival(mv).is_none_or(|sq| touches_across(rules, sq, after.unit_squares()))
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        leaves_cell(rules, observer.from, target)
            && capture_contact(rules, pos, observer, target, |sq, others| {
                touches_across(rules, sq, others)
            })
    }

    /// Popeye keeps a Circe rebirth off a square with no unit next to it
    /// across a grid line (the unit is not reborn).
    #[inline]
    fn allows_rebirth(rules: &Rules, occupied: Bitboard, sq: Square) -> bool {
        touches_across(rules, sq, occupied)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        // Popeye puts KoeKo in force with it, and refuses its combinations.
        contact_refusal(rules).or_else(|| {
            // Popeye 4.104 ends with a segmentation fault when it keeps a
            // unit from a rebirth square under these forms.
            let crashes = rules.families().any(|c| {
                matches!(
                    c.on_occupied,
                    OnOccupied::Assassin | OnOccupied::Volcanic | OnOccupied::Parachute
                )
            });
            crashes.then(|| {
                "ContactGridChess with Circe Assassin, Volcanic or Parachute is not played \
                 (Popeye 4.104 crashes when it keeps a unit from its rebirth square)"
                    .into()
            })
        })
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};

    const POS: &str = "wKa1 wRd4 wSg1 bKh8 bPe6 bPb2";

    #[test]
    fn a_neutral_rook_castles_with_the_king_of_its_rank() {
        // The neutral rooks attack e1 only without contact (no check under
        // KoeKo): the white king castles with either, the rook landing next
        // to it (Popeye: 0-0 and 0-0-0 only).
        let r = Rules::orthodox().with(Condition::KoeKo);
        assert_eq!(
            moves(&r, "wKe1 bKe5 nRa1 nRh1 nPe6", Color::White),
            sorted("0-0 0-0-0")
        );
    }

    #[test]
    fn koeko_moves_end_next_to_a_unit() {
        let r = Rules::orthodox().with(Condition::KoeKo);
        assert_eq!(moves(&r, POS, Color::White), sorted(KOEKO));
    }

    #[test]
    fn antikoeko_moves_end_next_to_none() {
        let r = Rules::orthodox().with(Condition::AntiKoeko);
        assert_eq!(moves(&r, POS, Color::White), sorted(ANTIKOEKO));
    }

    #[test]
    fn newkoeko_moves_keep_the_contact_as_it_was() {
        let r = Rules::orthodox().with(Condition::NewKoeko);
        assert_eq!(moves(&r, POS, Color::White), sorted(NEWKOEKO));
    }

    #[test]
    fn contact_grid_moves_leave_their_cell_and_touch_across_a_line() {
        let r = Rules::orthodox().with(Condition::ContactGridChess);
        assert_eq!(moves(&r, POS, Color::White), sorted("Rd4-d7 Rd4-d6 Rd4-d5"));
    }

    #[test]
    fn with_circe_a_rebirth_needs_a_contact_across_a_line() {
        // problems/conditions/contactgrid-circe.inp: the bishop taken on d6
        // is reborn on f8 only with a unit on g8, across the grid line.
        let r =
            Rules::with_circe(crate::rules::CirceRules::CIRCE).with(Condition::ContactGridChess);
        assert_eq!(
            moves(&r, "wKh1 wRd4 bKa8 bBd6 bPe7", Color::White),
            sorted("Rd4*d6")
        );
        assert_eq!(
            moves(&r, "wKh1 wRd4 bKa8 bBd6 bPe7 bSg8", Color::White),
            sorted("Rd4*d6[+bBf8]")
        );
    }

    #[test]
    fn koeko_check_needs_a_contact_after_the_capture() {
        // The rook a8 attacks h8; after Rxh8 it would touch g7 only.
        let r = Rules::orthodox().with(Condition::KoeKo);
        let alone = Position::from_piece_list("wKa1 wRa8 bKh8").unwrap();
        assert!(!r.in_check(&alone, Color::Black));
        let near = Position::from_piece_list("wKa1 wRa8 bKh8 bPg7").unwrap();
        assert!(r.in_check(&near, Color::Black));
    }

    /// The rules with `c` and contact by the knight (`Neighbour S`).
    fn by_knight(c: Condition) -> Rules {
        let param = crate::rules::conditions::Param {
            number: (crate::board::Kind::KNIGHT.index() + 1) as u8,
            ..Default::default()
        };
        Rules::orthodox().with(c).with_param(c, param)
    }

    #[test]
    fn knight_koeko_moves_end_a_knight_leap_from_a_unit() {
        // Popeye: `KoeKo Neighbour S`.
        assert_eq!(
            moves(&by_knight(Condition::KoeKo), POS, Color::White),
            sorted("Sg1-f3 Sg1-e2 Rd4-d1 Rd4-d3 Rd4-a4 Rd4-c4 Rd4-d8 Rd4-f4")
        );
    }

    #[test]
    fn knight_antikoeko_check_by_a_pawn_with_no_knight_contact() {
        // Popeye: `AntiKoeko Neighbour S`; bxa1 would leave the pawn with
        // no unit a knight leap away: check, met by the king alone.
        assert_eq!(
            moves(&by_knight(Condition::AntiKoeko), POS, Color::White),
            sorted("Ka1*b2 Ka1-a2 Ka1-b1")
        );
    }

    #[test]
    fn knight_koeko_check_needs_a_knight_contact_after_the_capture() {
        let r = by_knight(Condition::KoeKo);
        let f7 = Position::from_piece_list("wKa1 wRa8 bKh8 bPf7").unwrap();
        assert!(r.in_check(&f7, Color::Black));
        let g7 = Position::from_piece_list("wKa1 wRa8 bKh8 bPg7").unwrap();
        assert!(!r.in_check(&g7, Color::Black));
        assert_eq!(
            moves(&r, "wKa1 wRa8 bKh8 bPg7", Color::White),
            sorted("Ra8-e8")
        );
    }

    // The pawn b2 checks a1 only under AntiKoeko: taking the king, it
    // would touch no unit.
    const KOEKO: &str = "Ka1-a2 Ka1-b1 Rd4-d7 Rd4-d6 Rd4-d5";
    const ANTIKOEKO: &str = "Ka1*b2";
    const NEWKOEKO: &str = "Ka1-a2 Ka1-b1 Sg1-h3 Sg1-f3 Sg1-e2 Rd4-d1 Rd4-d2 Rd4-d3 Rd4-a4 \
                            Rd4-b4 Rd4-c4 Rd4-d8 Rd4-h4 Rd4-g4 Rd4-f4 Rd4-e4";
}
