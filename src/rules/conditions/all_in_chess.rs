//! HalfInChess, AllInChess and MainlyInChess: a side moves the other
//! side's units.
//!
//! Under HalfInChess the side to move moves the other side's units only,
//! each as its own side would (a pawn forward, promoting on its own side's
//! last rank, castling with its own rights); under AllInChess and
//! MainlyInChess it moves its own units too, and Popeye tries its own
//! moves first. A move is legal when it leaves the mover's king unattacked;
//! no unit takes a king. AllInChess forbids taking the previous move back:
//! a non-capture after a non-capture, by the unit that made it, from the
//! square it reached to the square it left. MainlyInChess forbids moving
//! the unit that moved last, whichever side it belongs to. The diagram's
//! first move is free of both, and so is the move after a null move (a
//! threat). Popeye takes one of the three at a time.

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Color, Kind, Position, Square};
use crate::moves::Move;
use crate::rules::{Base, CirceRules, Condition, Observer, Rules};

pub struct HalfInChess;
pub struct AllInChess;
pub struct MainlyInChess;

/// Which units the side to move moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Movers {
    /// The other side's units alone (HalfInChess).
    Foreign,
    /// Its own, then the other side's (AllInChess, MainlyInChess).
    Both,
}

/// Which units the side to move moves under the conditions in force: None
/// when only its own (none of the three in force).
#[inline]
pub fn movers(rules: &Rules) -> Option<Movers> {
    if rules.has(Condition::HalfInChess) {
        Some(Movers::Foreign)
    } else if rules.has(Condition::AllInChess) || rules.has(Condition::MainlyInChess) {
        Some(Movers::Both)
    } else {
        None
    }
}

/// The generator moves units that are not the mover's, the check-only
/// shortcut looks for checks by the mover's units, the quiet moves of the
/// mover's units are not always legal (the last two), and a capture's
/// rebirth is reckoned from the side that moves, which the general
/// pipeline knows.
const CAPABILITIES: Capabilities = Capabilities {
    orthodox_movers: false,
    orthodox_legality: false,
    check_implies_attack: false,
    keeps_units: false,
    ..Capabilities::ORTHODOX
};

const FAMILY: [Condition; 3] = [
    Condition::HalfInChess,
    Condition::AllInChess,
    Condition::MainlyInChess,
];

/// What is refused beside any of the three: a second of them (Popeye's
/// refusal), and what is not played with them: other conditions and the
/// Mars family (which move units from elsewhere).
fn refusal(rules: &Rules, name: &str) -> Option<String> {
    if FAMILY.iter().filter(|&&c| rules.has(c)).count() > 1 {
        return Some("nonsense combination".into());
    }
    if let Some(other) = rules.conditions.iter().find(|c| !FAMILY.contains(c)) {
        return Some(format!(
            "{name} with {} (not played yet)",
            other.popeye_id()
        ));
    }
    let mars = [Base::MarsCirce, Base::AntiMarsCirce, Base::PhantomChess];
    if rules.families().any(|f| mars.contains(&f.base)) {
        return Some(format!("{name} with the Mars family (not played yet)"));
    }
    // Cage and Rex Inclusive Circe were seen to disagree with Popeye (the
    // rebirth side); only plain Circe and AntiCirce were compared.
    let compared = [CirceRules::CIRCE, CirceRules::ANTICIRCE_CALVET];
    if rules.families().any(|f| !compared.contains(f)) {
        return Some(format!(
            "{name} with this Circe form is not played (plain Circe and AntiCirce are)"
        ));
    }
    None
}

/// Neutral units belong to both sides: not played with these. A king
/// that may castle Popeye moves as no unit (`1..e1-f2`), its square then
/// forgotten, so that it may step into check: refused where a king stands
/// unmoved on its square with a rook unmoved on its corner, or where a
/// Circe rebirth may bring the rook there.
fn refusal_in(rules: &Rules, pos: &Position, name: &str) -> Option<String> {
    if pos.neutral().nonempty() {
        return Some(format!("{name} with neutral units (not played yet)"));
    }
    let circe = rules.families().next().is_some();
    for side in [Color::White, Color::Black] {
        let rank = side.back_rank();
        let king = Square::new(4, rank);
        if !pos.unmoved.contains(king) || !pos.pieces(side, Kind::KING).contains(king) {
            continue;
        }
        let rooks = [Square::new(0, rank), Square::new(7, rank)];
        let rook = rooks
            .iter()
            .any(|&r| pos.unmoved.contains(r) && pos.pieces(side, Kind::ROOK).contains(r));
        if rook || circe {
            return Some(format!(
                "{name} with a king that may castle: Popeye's play is incoherent there (it moves \
                 the king as no unit, `1..e1-f2`, and forgets its square, so the king may step \
                 into check)"
            ));
        }
    }
    None
}

impl ConditionRule for HalfInChess {
    const ID: &'static str = "halfinchess";
    const PARAMETER: Parameter = Parameter::None;
    const CAPABILITIES: Capabilities = CAPABILITIES;

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "HalfInChess")
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        refusal_in(rules, pos, "HalfInChess")
    }
}

impl ConditionRule for AllInChess {
    const ID: &'static str = "allinchess";
    const PARAMETER: Parameter = Parameter::None;
    const CAPABILITIES: Capabilities = CAPABILITIES;

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "AllInChess")
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        refusal_in(rules, pos, "AllInChess")
    }

    fn prepare(_rules: &Rules, pos: &mut Position) {
        pos.history.tracked = true;
    }

    /// Not the previous move taken back.
    fn legal_after(_rules: &Rules, before: &Position, mv: &Move, _after: &Position) -> bool {
        let Some(last) = before.history.last else {
            return true;
        };
        last.captured
            || mv.is_capture()
            || mv.from != last.arrival
            || mv.to != last.moved_from
            || mv.piece.kind != last.walk
    }
}

impl ConditionRule for MainlyInChess {
    const ID: &'static str = "mainlyinchess";
    const PARAMETER: Parameter = Parameter::None;
    /// Under AntiCirce the unit that moved last gives no check.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_observation: false,
        ..CAPABILITIES
    };

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "MainlyInChess")
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        refusal_in(rules, pos, "MainlyInChess")
    }

    fn prepare(_rules: &Rules, pos: &mut Position) {
        pos.history.tracked = true;
    }

    /// Not the unit that moved last (it stands where the last move's
    /// record follows it, through an AntiCirce rebirth).
    fn legal_after(_rules: &Rules, before: &Position, mv: &Move, _after: &Position) -> bool {
        let Some(last) = before.history.last else {
            return true;
        };
        before.history.duellists[last.side.index()] != Some(mv.departure())
    }

    /// Under AntiCirce a check is a capture of the king that may be
    /// played (Popeye plays it to judge it): the unit that moved last may
    /// not move, so gives none.
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, _target: Square) -> bool {
        rules.family(Base::AntiCirce).is_none()
            || pos
                .history
                .last
                .is_none_or(|last| pos.history.duellists[last.side.index()] != Some(observer.on))
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`), or the
    //! rule on a line of EXAMPLES_all_in_chess (tier 4).
    use super::super::testing::{after_line, moves, moves_of, sorted};
    use crate::board::{Color, Position};
    use crate::rules::{Base, CirceRules, Condition, Rules};

    #[test]
    fn halfin_moves_the_other_sides_units_only_and_guards_the_movers_king() {
        let r = Rules::default().with(Condition::HalfInChess);
        // White is in check from the bishop: only black moves that end it.
        assert_eq!(
            moves(&r, "wKh1 wPb2 wRd4 bKa8 bPg7 bBc6", Color::White),
            sorted("Bc6-a4 Bc6-b5 Bc6-e8 Bc6-d7")
        );
    }

    #[test]
    fn halfin_rebirths_are_reckoned_from_the_side_that_moves() {
        let pieces = "wKh1 wQd5 wPc3 bKa7 bRa5";
        // Circe: the white queen taken by White's move is reborn on d8.
        let circe = Rules::with_circe(CirceRules::of(Base::Circe)).with(Condition::HalfInChess);
        assert_eq!(
            moves(&circe, pieces, Color::White),
            sorted(
                "Ra5-a2 Ra5-a3 Ra5-a4 Ra5-a6 Ra5*d5[+wQd8] Ra5-c5 Ra5-b5 Ka7-b6 Ka7-b8 \
                 Ka7-a6 Ka7-a8 Ka7-b7"
            )
        );
        // AntiCirce: the black rook would be reborn on White's h1, taken.
        let anti = Rules::with_circe(CirceRules::of(Base::AntiCirce)).with(Condition::HalfInChess);
        assert_eq!(
            moves(&anti, pieces, Color::White),
            sorted(
                "Ra5-a2 Ra5-a3 Ra5-a4 Ra5-a6 Ra5-c5 Ra5-b5 Ka7-b6 Ka7-b8 Ka7-a6 Ka7-a8 \
                 Ka7-b7"
            )
        );
    }

    #[test]
    fn allin_tries_the_movers_own_units_first() {
        let r = Rules::default().with(Condition::AllInChess);
        let mut pos = Position::from_piece_list("wKh1 wRd4 bKa8 bBc6").unwrap();
        pos.turn = Color::White;
        let mut out = Vec::new();
        crate::movegen::legal_moves(&pos, &r, &mut out);
        crate::solve::popeye_order::sort(&mut out, &r, pos.turn);
        let got: Vec<String> = out
            .iter()
            .map(|m| crate::io::notation::popeye_move(m, crate::io::notation::Alphabet::English))
            .collect();
        assert_eq!(
            got,
            ["Kh1-g1", "Kh1-h2", "Rd4-d5", "Rd4-e4", "Bc6-a4", "Bc6-b5", "Bc6-e8", "Bc6-d7"]
        );
    }

    #[test]
    fn allin_forbids_taking_the_last_move_back() {
        let r = Rules::default().with(Condition::AllInChess);
        let pieces = "wKh1 wRd4 bKa8 bPg6";
        let pos = after_line(&r, pieces, Color::White, &["Rd4-d5"]);
        let replies = moves_of(&r, &pos);
        assert!(!replies.contains(&"Rd5-d4".to_string()));
        assert!(replies.contains(&"Rd5-d6".to_string()));
        // A capture is taken back freely.
        let pos = after_line(&r, "wKh1 wRd4 bKa8 bPd6", Color::White, &["Rd4*d6"]);
        assert!(moves_of(&r, &pos).contains(&"Rd6-d4".to_string()));
    }

    #[test]
    fn mainlyin_forbids_moving_the_unit_that_moved_last() {
        // EXAMPLES_all_in_chess__007: 1.Bd7-c6 Kh5-g4 2.Bc6-h1 Kg4-f3#.
        let r = Rules::default().with(Condition::MainlyInChess);
        let pieces = "wKb1 wBd7 bKh5 bPb7";
        let pos = after_line(&r, pieces, Color::Black, &["Bd7-c6"]);
        assert!(moves_of(&r, &pos).iter().all(|m| !m.starts_with("Bc6")));
        let pos = after_line(&r, pieces, Color::Black, &["Bd7-c6", "Kh5-g4"]);
        let moves = moves_of(&r, &pos);
        assert!(moves.contains(&"Bc6-h1".to_string()));
        assert!(moves.iter().all(|m| !m.starts_with("Kg4")));
    }

    #[test]
    fn mainlyin_anticirce_the_unit_that_moved_last_gives_no_check() {
        // Popeye: 1.Qa1-a6 gives no check; 1.Ke2-d1+, next to the white
        // king, is legal: the black king may not take it.
        let r = Rules::with_circe(CirceRules::of(Base::AntiCirce)).with(Condition::MainlyInChess);
        let pieces = "wKc2 wSa7 wQa1 wSh4 bKe2 bSg4 bRa8 bSb6 bSg1";
        let pos = after_line(&r, pieces, Color::White, &["Qa1-a6"]);
        assert!(!r.in_check(&pos, Color::Black));
        let pos = after_line(&r, pieces, Color::White, &["Ke2-d1"]);
        assert!(r.in_check(&pos, Color::Black));
        assert!(!r.in_check(&pos, Color::White));
    }

    #[test]
    fn one_of_the_three_at_a_time_and_no_king_that_may_castle() {
        let r = Rules::default()
            .with(Condition::AllInChess)
            .with(Condition::HalfInChess);
        assert_eq!(
            r.conditions.refusal(&r).as_deref(),
            Some("nonsense combination")
        );
        let r = Rules::default().with(Condition::HalfInChess);
        let pos = Position::from_piece_list("wKe1 wRh1 bKe8").unwrap();
        assert!(r.conditions.refusal_in(&r, &pos).is_some());
        let pos = Position::from_piece_list("wKe1 bKe8").unwrap();
        assert!(r.conditions.refusal_in(&r, &pos).is_none());
    }
}
