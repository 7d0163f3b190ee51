//! SAT: a king is in check when it has a flight, a square next to it,
//! empty or held by an enemy unit, where it would not stand in (orthodox)
//! check; attack alone is no check. A royal unit's flights are the
//! squares its own walk reaches (Popeye generates the royal unit's moves). With a number (`SAT 3`, or one for
//! each side: `SAT 3 2`) a king is in check when it has that many flights
//! plus one, one fewer when it stands attacked (Popeye's "SAT xy"). A
//! king is never captured: a king attacked but without a flight is not in
//! check, and the other side may not take it.
//!
//! StrictSAT: as SAT with a number, but the flights needed fall by one
//! for a king that does not stand attacked only once that side's king has
//! stood attacked (orthodox attack) in the diagram or some later position
//! of the play: before, it is in check with as many flights as SAT asks
//! (one, when no number is given); after, with one flight fewer (none,
//! when no number is given: a king not attacked is then always in check).

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::walks::fairy;
use crate::board::{attacks, Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::Move;
use crate::rules::{Condition, Rules};

pub struct Sat;

/// The number of flights that puts `color` in check, as Popeye counts it
/// (the number given plus one; one when none is given), and whether any
/// side was given a number.
fn flights_that_check(rules: &Rules, color: Color) -> (u8, bool) {
    flights_given(rules, Condition::Sat, color)
}

/// The number of flights `condition`'s numbers say put `color` in check,
/// and whether any side was given a number.
fn flights_given(rules: &Rules, condition: Condition, color: Color) -> (u8, bool) {
    let counts = rules.param(condition).counts;
    let n = |c: u8| c.max(1);
    let numbered = n(counts[0]) > 1 || n(counts[1]) > 1;
    (n(counts[color as usize]), numbered)
}

/// Whether the king of `color` on `king` has `enough` flights under
/// `plain` (the rules without SAT).
fn has_flights(plain: &Rules, pos: &Position, color: Color, king: Square, enough: u8) -> bool {
    let Some(unit) = pos.piece_at(king) else {
        return false;
    };
    let other_king = pos.king(color.opponent());
    let mut found = 0;
    for to in flight_squares(pos, unit, king) {
        if Some(to) == other_king || pos.color_at(to) == Some(color) {
            continue;
        }
        let mut there = *pos;
        there.remove(king);
        there.remove(to);
        there.put(to, unit);
        if !plain.in_check(&there, color) {
            found += 1;
            if found >= enough {
                return true;
            }
        }
    }
    false
}

/// The squares the royal `unit` on `from` could move to by its walk: a
/// king's steps, or a royal fairy or orthodox unit's own moves (empty
/// squares and enemy units).
fn flight_squares(pos: &Position, unit: Piece, from: Square) -> Bitboard {
    if unit.kind == Kind::KING {
        return attacks::king(from);
    }
    let mut squares = Bitboard::EMPTY;
    fairy::moves(pos, unit, from, pos.by_color(unit.color.opponent()), |r| {
        squares.set(r.to)
    });
    squares
}

impl ConditionRule for Sat {
    const ID: &'static str = "SAT";
    const PARAMETER: Parameter = Parameter::Flights;
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    fn decides_check(rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
        // Named with StrictSAT, SAT is StrictSAT (Popeye plays the strict
        // rule alone).
        if rules.has(Condition::StrictSat) {
            return None;
        }
        let Some(king) = pos.king(color) else {
            return Some(false);
        };
        let mut plain = *rules;
        plain.conditions.remove(Condition::Sat);
        let (mut enough, numbered) = flights_that_check(rules, color);
        if numbered && !plain.in_check(pos, color) {
            enough -= 1;
        }
        Some(enough == 0 || has_flights(&plain, pos, color, king, enough))
    }

    #[inline]
    fn legal_after(_rules: &Rules, before: &Position, mv: &Move, after: &Position) -> bool {
        super::check_rules::keeps_the_enemy_king(before, mv, after)
    }
}

pub struct StrictSat;

impl ConditionRule for StrictSat {
    const ID: &'static str = "strictSAT";
    const PARAMETER: Parameter = Parameter::Flights;
    const CAPABILITIES: Capabilities = Sat::CAPABILITIES;

    fn decides_check(rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
        let Some(king) = pos.king(color) else {
            return Some(false);
        };
        let mut plain = *rules;
        plain.conditions.remove(Condition::StrictSat);
        plain.conditions.remove(Condition::Sat);
        let (mut enough, _) = flights_given(rules, Condition::StrictSat, color);
        if pos.history.attacked_before[color.index()] && !plain.in_check(pos, color) {
            enough -= 1;
        }
        Some(enough == 0 || has_flights(&plain, pos, color, king, enough))
    }

    /// The play keeps which kings have stood attacked.
    fn prepare(_rules: &Rules, pos: &mut Position) {
        pos.history.tracked = true;
        pos.history.watch_attacks = true;
    }

    #[inline]
    fn legal_after(_rules: &Rules, before: &Position, mv: &Move, after: &Position) -> bool {
        super::check_rules::keeps_the_enemy_king(before, mv, after)
    }
}

#[cfg(test)]
mod tests {
    //! Each answer is Popeye 4.104's for the position (with White to
    //! play, "the side to play can capture the king" when Black is in check).
    use crate::board::{Color, Position};
    use crate::rules::conditions::Param;
    use crate::rules::{Condition, Rules};

    #[test]
    fn a_king_with_a_flight_is_in_check_and_attack_alone_is_none() {
        let r = Rules::orthodox().with(Condition::Sat);
        // The black king h8 may go to g8: in check, though nothing attacks it.
        let free = Position::from_piece_list("wKa1 wRa7 bKh8").unwrap();
        assert!(r.in_check(&free, Color::Black));
        // Attacked by the rook a8, with no flight (g7, h7 held by the rook
        // a7): no check.
        let stuck = Position::from_piece_list("wKa1 wRa8 wRb7 bKh8").unwrap();
        assert!(!r.in_check(&stuck, Color::Black));
    }

    #[test]
    fn a_royal_units_flights_are_its_own_moves() {
        use crate::board::{Kind, Piece, Square};
        let r = Rules::orthodox().with(Condition::Sat);
        let royal_rook = Piece::new(Color::Black, Kind::ROOK).with(crate::board::Attrs::ROYAL);
        let sq = |s: &str| Square::parse(s).unwrap();
        // A royal rook h8 shut in by its own knight g8 and pawn h7: no move,
        // so no flight, though g7 (a king's step) is free and unattacked.
        let mut shut = Position::from_piece_list("wKa1 bSg8 bPh7").unwrap();
        shut.put(sq("h8"), royal_rook);
        assert!(!r.in_check(&shut, Color::Black));
        // With the pawn gone the rook reaches h7..h1, far from any king's
        // step; h5 is unguarded: a flight, so check.
        let mut open = Position::from_piece_list("wKa1 wRa7 bSg8").unwrap();
        open.put(sq("h8"), royal_rook);
        assert!(r.in_check(&open, Color::Black));
        // Every square of the h-file guarded (h7..h2 by the queen h1, the
        // queen's own square, taken, by the rook a1): no flight, no check.
        let mut guarded = Position::from_piece_list("wKa2 wRa1 wQh1 bSg8").unwrap();
        guarded.put(sq("h8"), royal_rook);
        assert!(!r.in_check(&guarded, Color::Black));
    }

    #[test]
    fn with_a_number_the_flights_needed_grow() {
        let r = Rules::orthodox().with(Condition::Sat).with_param(
            Condition::Sat,
            Param {
                counts: [3, 3],
                ..Param::default()
            },
        );
        // SAT 2: a king not attacked is in check with two flights (h8 has
        // g8, g7 and h7; with the rook a7 only g8). Popeye: the first
        // diagram lets White take the king, the second does not.
        let three = Position::from_piece_list("wKa1 bKh8").unwrap();
        assert!(r.in_check(&three, Color::Black));
        let one = Position::from_piece_list("wKa1 wRa7 bKh8").unwrap();
        assert!(!r.in_check(&one, Color::Black));
    }

    #[test]
    fn strict_sat_lowers_the_count_once_the_king_has_stood_attacked() {
        use crate::rules::conditions::testing::after_line;
        // The black king h8 stands attacked by the rook a8 with no flight
        // (g8, g7, h7 held): in check under neither. Once the rook leaves
        // the rank the king, unattacked and without a flight, is in check
        // under StrictSAT (it has stood attacked) and not under SAT
        // (Popeye: `1.d5-d4 Ra8-a6 +` under StrictSAT only).
        let pieces = "wKa1 wPa2 wPb2 wBb1 wRa8 wRg1 wRb7 bKh8 bPd5";
        let line = ["d5-d4", "Ra8-a6"];
        let strict = Rules::orthodox().with(Condition::StrictSat);
        let sat = Rules::orthodox().with(Condition::Sat);
        let diagram = Position::from_piece_list(pieces).unwrap();
        assert!(!strict.in_check(&diagram, Color::Black));
        assert!(strict.in_check(
            &after_line(&strict, pieces, Color::Black, &line),
            Color::Black
        ));
        assert!(!sat.in_check(&after_line(&sat, pieces, Color::Black, &line), Color::Black));
        // Never attacked: as under SAT, a flight is check.
        let free = Position::from_piece_list("wKa1 wRa7 bKh8").unwrap();
        assert!(strict.in_check(&free, Color::Black));
        // SAT named beside StrictSAT changes nothing (Popeye plays the strict
        // rule alone).
        let both = strict.with(Condition::Sat);
        assert!(both.in_check(
            &after_line(&both, pieces, Color::Black, &line),
            Color::Black
        ));
    }
}
