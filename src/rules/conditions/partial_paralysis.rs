//! PartialParalysis: a unit observed by an enemy unit of some walk loses
//! the moves, and the observations (so the checks), that a unit of that
//! walk would make from its square: a queen observed by a rook keeps only
//! its diagonal moves. Observation here is its geometry alone (as
//! Madrasi's), and the walk's moves are those the walk makes, for the
//! observed unit's side, from that square. Kings are no exception.

use super::{Capabilities, ConditionRule};
use crate::board::{Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::Move;
use crate::rules::{Observer, Rules};

pub struct PartialParalysis;

impl ConditionRule for PartialParalysis {
    const ID: &'static str = "partialparalysis";
    const OBSERVER: bool = true;
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn allows(rules: &Rules, pos: &Position, mv: &Move) -> bool {
        !forbidden(rules, pos, mv.departure(), mv.piece.color).contains(mv.to)
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        !forbidden(rules, pos, observer.on, observer.unit.color).contains(target)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        use crate::rules::Condition;
        if [Condition::Madrasi, Condition::Eiffel, Condition::Isardam]
            .into_iter()
            .any(|c| rules.has(c))
        {
            return Some("Isardam and Madrasi/Eiffel not allowed".into());
        }
        if rules.has(Condition::Imitator) || rules.has(Condition::Paralysing) {
            return Some(
                "eiffel, madrasi, isardam, woozles or paralysing pieces incompatible with some \
                 fairy conditions"
                    .into(),
            );
        }
        super::not_played_beside(
            rules,
            "PartialParalysis",
            &[
                crate::rules::Base::MarsCirce,
                crate::rules::Base::AntiMarsCirce,
                crate::rules::Base::PhantomChess,
            ],
        )
    }
}

/// The squares the unit on `on`, playing for `side`, may not move to nor
/// observe: those a unit of each walk that observes it would reach from
/// there.
fn forbidden(rules: &Rules, pos: &Position, on: Square, side: Color) -> Bitboard {
    let Some(unit) = pos.piece_as(on, side) else {
        return Bitboard::EMPTY;
    };
    let mut seen_kinds: Vec<Kind> = Vec::new();
    let mut found = Bitboard::EMPTY;
    for from in pos.by_color(side.opponent()) {
        let Some(enemy) = pos.piece_as(from, side.opponent()) else {
            continue;
        };
        if seen_kinds.contains(&enemy.kind) {
            continue;
        }
        seen_kinds.push(enemy.kind);
        let observed = rules.any_observer(pos, on, side.opponent(), Some(enemy.kind), false, |o| {
            rules.conditions.observes_geometry(rules, pos, &o, on)
        });
        if observed {
            found |= reach(pos, on, unit, enemy.kind);
        }
    }
    found
}

/// The squares a unit of `kind`, standing for `unit` on `on`, would move
/// or capture to (its walk alone: no condition has its say).
fn reach(pos: &Position, on: Square, unit: Piece, kind: Kind) -> Bitboard {
    // A pawn on its side's first rank has no move at all (Popeye's).
    if kind.is_pawn() && on.rank() == unit.color.back_rank() {
        return Bitboard::EMPTY;
    }
    let mut there = *pos;
    there.put(on, Piece { kind, ..unit });
    there.turn = unit.color;
    let mut moves = Vec::new();
    crate::movegen::unit_pseudo_legal_moves(&there, &Rules::orthodox(), on, &mut moves);
    // The generator leaves out the captures of a king, which the walk makes
    // as any other.
    let walker = Piece { kind, ..unit };
    let kings = crate::rules::paths::attacks(&there, walker, on, there.occupied())
        & there.by_color(unit.color.opponent());
    moves
        .iter()
        .fold(kings, |b, m| b | Bitboard::from_square(m.to))
}

#[cfg(test)]
mod tests {
    //! Each list is checked against Popeye 4.104's `~1`.
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    #[test]
    fn a_queen_observed_by_a_rook_keeps_its_diagonals() {
        let r = Rules::orthodox().with(Condition::PartialParalysis);
        let got = moves(&r, "wKa1 wQd4 bKh7 bRd8", Color::White);
        let want = sorted(
            "Ka1-b2 Ka1-a2 Ka1-b1 Qd4-b2 Qd4-c3 Qd4-g1 Qd4-f2 Qd4-e3 Qd4-h8 Qd4-g7 Qd4-f6 \
             Qd4-e5 Qd4-a7 Qd4-b6 Qd4-c5",
        );
        assert_eq!(got, want);
    }

    #[test]
    fn a_rook_observed_by_a_queen_gives_no_check() {
        // problems/conditions/partialparalysis.inp: the queen holds the
        // rook d8 from every square it observes it from.
        let r = Rules::orthodox().with(Condition::PartialParalysis);
        let got = moves(&r, "wKd1 wQa5 bKg6 bRd8", Color::White);
        let want = sorted("Kd1-e2 Kd1-c2 Qa5-d2 Qa5*d8 Qa5-c7 Qa5-b6 Qa5-a8 Qa5-g5 Qa5-d5");
        assert_eq!(got, want);
    }

    #[test]
    fn a_pawn_on_its_first_rank_reaches_nothing() {
        // The black pawn g2 observes the queen f1, but a white pawn on f1
        // would have no move: the queen takes on g2 (Popeye: 1.Qf1*g2).
        let r = Rules::orthodox().with(Condition::PartialParalysis);
        let got = moves(&r, "wKa8 wQf1 bKh4 bPg2", Color::White);
        assert!(got.contains(&"Qf1*g2".to_string()), "{got:?}");
    }
}
