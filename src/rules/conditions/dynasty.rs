//! RoyalDynasty: a side may have several kings. Its king is royal (in
//! check where observed) only while it is the side's one king; with more
//! kings than one, or none, the side is never in check, and its kings are
//! units as others: captured, and reborn by Circe. A side castles only
//! with one king, and never again once it has had more kings than one (or
//! none), in the diagram or later. Pawns may promote to kings (the king comes first among
//! the promotions).

use super::{Capabilities, ConditionRule, ProofTraffic, UnitTraffic};
use crate::board::{Attrs, Color, Kind, Position};
use crate::moves::{Motion, Move};
use crate::rules::{Base, Rules};

pub struct RoyalDynasty;

/// Popeye's refusal of royal settings beside the conditions that make
/// kings units as others (RoyalDynasty, ExtinctionChess).
pub(super) fn royal_settings_refusal(rules: &Rules) -> Option<String> {
    let rex = rules
        .families()
        .any(|c| c.rex_inclusive && matches!(c.base, Base::Circe | Base::ImmunChess));
    rex.then(|| "Incompatible royal pieces and/or squares".into())
}

/// The same refusal for a diagram with royal units.
pub(super) fn royal_units_refusal(pos: &Position) -> Option<String> {
    pos.with_attrs(Attrs::ROYAL)
        .nonempty()
        .then(|| "Incompatible royal pieces and/or squares".into())
}

/// Whether `color` has exactly one king (then royal).
#[inline]
fn one_king(pos: &Position, color: Color) -> bool {
    pos.pieces(color, Kind::KING).count() == 1
}

impl ConditionRule for RoyalDynasty {
    const ID: &'static str = "dynasty";
    /// Kings are units as others, a pawn may promote to one: still one
    /// unit a move, one capture.
    const PROOF: ProofTraffic = ProofTraffic::Moves(UnitTraffic::ONE_UNIT);
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        check_implies_attack: false,
        orthodox_movers: false,
        royal_kings: false,
        ..Capabilities::ORTHODOX
    };

    /// The castling rights follow the number of kings from the diagram on.
    fn prepare(_rules: &Rules, pos: &mut Position) {
        pos.history.counts_kings = true;
        pos.drop_castling_of_dynasties();
    }

    fn decides_check(_rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
        (!one_king(pos, color)).then_some(false)
    }

    fn allows(_rules: &Rules, pos: &Position, mv: &Move) -> bool {
        !matches!(mv.motion, Motion::CastleShort | Motion::CastleLong)
            || one_king(pos, mv.piece.color)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        royal_settings_refusal(rules)
    }

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        royal_units_refusal(pos).or_else(|| {
            pos.neutral()
                .nonempty()
                .then(|| "too much fairy chess for neutral pieces".into())
        })
    }
}

#[cfg(test)]
mod tests {
    //! Each answer is Popeye 4.104's (`~1`).
    use super::super::testing::moves;
    use crate::board::Color;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    #[test]
    fn two_kings_are_never_in_check_and_a_captured_one_is_reborn() {
        let mut r = Rules::with_circe(CirceRules::of(Base::Circe));
        r.conditions.insert(Condition::RoyalDynasty);
        // Two white kings: the rook takes one, which is reborn on e1.
        let got = moves(&r, "wKa1 wKd4 bKh8 bRd8", Color::Black);
        assert!(got.contains(&"Rd8*d4[+wKe1]".to_string()), "{got:?}");
    }

    /// A side that has had more kings than one castles no more, even once
    /// it is back to one (Popeye, `h002`: with the kings e1 and f1 no
    /// `0-0-0` after `Sh2*f1`; with the king e1 alone none after
    /// `b7-b8=K` and `Ra8*b8`, but `0-0-0` at once).
    #[test]
    fn more_kings_than_one_take_the_castling_right_for_good() {
        use super::super::testing::after_line;
        let mut r = Rules::orthodox();
        r.conditions.insert(Condition::RoyalDynasty);
        let castles = |pieces: &str, line: &[&str]| {
            // The repertoire of the diagram: pawns may promote to kings.
            let mut r = r;
            let diagram = crate::board::Position::from_piece_list(pieces).unwrap();
            r.repertoire = crate::rules::Repertoire::for_rules(&diagram, &r);
            let pos = after_line(&r, pieces, Color::Black, line);
            super::super::testing::moves_of(&r, &pos).contains(&"0-0-0".to_string())
        };
        assert!(!castles("wRa1 wKe1 wKf1 bSh2 bKh8", &["Sh2*f1"]));
        let one = "wRa1 wKe1 wPb7 bRa8 bKh7";
        assert!(castles(one, &["Kh7-g7"]));
        assert!(!castles(one, &["Kh7-g7", "b7-b8=K", "Ra8*b8"]));
    }
}
