//! BlackChecks: every move Black makes must give check. A Black move that
//! does not is illegal; when Black has no checking move, and is not in
//! check itself, it passes (a null move, Popeye's `...`). White plays as in
//! chess.
//!
//! Where check is proved by playing the capture of the king out (AntiCirce,
//! Circe Rex Inclusive, ImmunChess...), that capture is a Black move that
//! gives no check: Black never checks White there, so it always passes.
//!
//! Popeye makes this a move selector for Black (its mummer mechanism: a
//! real move before the null move), so BlackChecks is refused beside
//! another selector for Black. Its goal tests do not obey the condition: a
//! Black king in check is mated only when no move at all, checking or not,
//! gets it out, and Black is stalemated only when it has no move at all
//! (the null move is no move there).

use super::{Capabilities, ConditionRule, Selects};
use crate::board::{Color, Kind, Piece, Position, Square};
use crate::moves::{Motion, Move};
use crate::rules::{Base, Condition, OnOccupied, RebirthSquare, Rules};

pub struct BlackChecks;

/// Whether the rules prove a check by playing the capture of the king out
/// (Popeye's forms that validate check so: AntiCirce but Super, ImmunChess,
/// GenevaChess, Circe Rex Inclusive, SingleBox type 1).
fn check_played_out(rules: &Rules) -> bool {
    let forms = rules.families().any(|c| match c.base {
        Base::AntiCirce => c.square != RebirthSquare::Super,
        Base::ImmunChess | Base::GenevaChess => true,
        Base::Circe => c.rex_inclusive,
        Base::MarsCirce | Base::AntiMarsCirce | Base::PhantomChess => false,
    });
    forms || (rules.has(Condition::SingleBox) && rules.param(Condition::SingleBox).number <= 1)
}

impl ConditionRule for BlackChecks {
    const ID: &'static str = "schwarzschacher";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        moves_judged_alone: false,
        filter_keeps_a_move: false,
        binds_mate_test: false,
        binds_stalemate_test: false,
        ..Capabilities::ORTHODOX
    };
    const SELECTS: Selects = Selects::Side(Color::Black);

    /// Where a check is proved by playing the capture of the king out
    /// (AntiCirce, Rex Inclusive, ImmunChess...), Black's capture of the
    /// White king is a Black move too, and it leaves no White king in
    /// check: so it is illegal, and Black never checks White (Popeye
    /// plays the capture through the same rule).
    fn decides_check(rules: &Rules, _pos: &Position, color: Color) -> Option<bool> {
        (color == Color::White && check_played_out(rules)).then_some(false)
    }

    #[inline]
    fn legal_after(rules: &Rules, before: &Position, mv: &Move, after: &Position) -> bool {
        before.turn != Color::Black
            || mv.motion == Motion::Null
            || rules.in_check(after, Color::White)
    }

    fn filter(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        if pos.turn != Color::Black || moves.len() > start || rules.in_check(pos, Color::Black) {
            return;
        }
        let on = pos.king(Color::Black).unwrap_or(Square(0));
        let unit = pos
            .piece_at(on)
            .unwrap_or(Piece::new(Color::Black, Kind::KING));
        moves.push(Move::null(unit, on));
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::mummer::two_selectors(rules).or_else(|| unsettled_beside(rules))
    }
}

/// The forms beside which Popeye's answers differ from these rules on
/// random positions, and circe cannot match them (docs/conditions.md,
/// BlackChecks): Circe Assassin (cause not found), ImmunChess Rex
/// Exclusive and SingleBox type 1 (Popeye's verdict on a king's move
/// depends on a unit that does not bear on it).
fn unsettled_beside(rules: &Rules) -> Option<String> {
    let circe = rules.family(Base::Circe);
    if circe.is_some_and(|c| c.on_occupied == OnOccupied::Assassin) {
        return Some(
            "BlackChecks with Circe Assassin (Popeye's answers differ, cause not found)".into(),
        );
    }
    let immun = rules.family(Base::ImmunChess);
    let single = rules.has(Condition::SingleBox) && rules.param(Condition::SingleBox).number <= 1;
    if immun.is_some_and(|c| !c.rex_inclusive) || single {
        return Some(
            "BlackChecks with ImmunChess RexExclusive or SingleBox type 1 (Popeye's play is \
             incoherent there: whether the king may step onto a square a rook observes depends on \
             a unit that does not bear on it)"
                .into(),
        );
    }
    None
}

#[cfg(test)]
mod tests {
    //! Each answer is Popeye 4.104's (`h~1`, `#1`, `=1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    fn rules() -> Rules {
        Rules::orthodox().with(Condition::BlackChecks)
    }

    #[test]
    fn black_plays_only_its_checking_moves() {
        assert_eq!(
            moves(&rules(), "wKc1 wRb3 bKh8 bPb5 bSd4", Color::Black),
            sorted("Sd4*b3 Sd4-e2")
        );
        // White is free.
        assert_eq!(
            moves(&rules(), "wKc1 wRb3 bKh8 bPb5 bSd4", Color::White).len(),
            15
        );
    }

    #[test]
    fn without_a_checking_move_black_passes_unless_in_check() {
        assert_eq!(
            moves(&rules(), "wKc1 wRb3 bKh8 bPb5 bSe4", Color::Black),
            vec![" ...".to_string()]
        );
        // In check (the rook h3) with no checking move: no move at all.
        assert!(moves(&rules(), "wKc1 wRh3 bKh8 bPb5 bSe4", Color::Black).is_empty());
    }

    /// Refused where Popeye's answers differ (its `~1`): with Circe
    /// Assassin, White Kf8, Black Kc6 Rd8, Popeye lets the king go to e8
    /// and g8; under ImmunChess Rex Exclusive and SingleBox type 1 it does
    /// not, yet it does once a Black queen stands on h8.
    #[test]
    fn refused_beside_the_forms_where_popeye_differs() {
        use super::super::Param;
        use crate::rules::{Base, CirceRules, OnOccupied};
        let refused = |r: Rules| r.conditions.refusal(&r).is_some();
        let mut assassin = CirceRules::of(Base::Circe);
        assassin.on_occupied = OnOccupied::Assassin;
        assert!(refused(
            Rules::with_circe(assassin).with(Condition::BlackChecks)
        ));
        let immun = CirceRules::of(Base::ImmunChess);
        assert!(refused(
            Rules::with_circe(immun).with(Condition::BlackChecks)
        ));
        let mut immun_rex = immun;
        immun_rex.rex_inclusive = true;
        assert!(!refused(
            Rules::with_circe(immun_rex).with(Condition::BlackChecks)
        ));
        let single = |n: u8| {
            let p = Param {
                number: n,
                ..Param::default()
            };
            rules().with_param(Condition::SingleBox, p)
        };
        assert!(refused(single(1)));
        assert!(!refused(single(2)));
        assert!(!refused(single(3)));
    }
}
