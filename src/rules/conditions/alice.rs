//! AliceChess (AliceSchach, Alice): play on two boards, A and B. A unit
//! stands on board A unless it carries the attribute `AliceB` (which puts
//! the condition in force by itself). A unit moves on its own board, the
//! units of the other board taken off, then passes to the other board: the
//! square it arrives on must be empty there (for castling, the rook's
//! square too). A king is in check when it is attacked on its own board,
//! the other board's units taken off; a king's move must also leave it
//! out of check on the board it moved on. Popeye writes the board a unit
//! passes to after the move: `Sf3-d2A`, `0-0BB`, `d7-d8=QB`, `Sf3*g1A[+bRh8]`;
//! it tries the moves of board B's units before those of board A's.
//!
//! A Circe rebirth takes place on the whole board (one unit a square), the
//! reborn unit staying on the board it was captured on. AntiCirce and Circe
//! Rex Inclusive are refused (Popeye's answers differ, cause not found).

use super::{Capabilities, ConditionRule, ProofTraffic, UnitTraffic};
use crate::board::{Attrs, Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::{Effect, Motion, Move, Shown};
use crate::rules::{Base, Condition, Rules};

pub struct AliceChess;

impl ConditionRule for AliceChess {
    const ID: &'static str = "alice";
    /// A unit moves by its walk on its board and passes to the other: one
    /// unit a move, one capture, the orthodox castling (both units pass).
    const PROOF: ProofTraffic = ProofTraffic::Moves(UnitTraffic {
        routes: Some(super::Routes::AliceBoards),
        ..UnitTraffic::ONE_UNIT
    });
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        orthodox_legality: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::ALICE_B, 0));

    fn decides_check(rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
        let Some(king) = pos.king(color) else {
            return Some(false);
        };
        let alone = board_alone(pos, pos.on_board_b().contains(king));
        Some(rules.in_check_as_attacked(&alone, color))
    }

    fn legal_after(rules: &Rules, before: &Position, mv: &Move, after: &Position) -> bool {
        if mv.piece.kind != Kind::KING && !mv.piece.attrs.contains(Attrs::ROYAL) {
            return true;
        }
        // The king must be safe on the board it moved on too.
        let us = before.turn;
        let Some(king) = after.king(us) else {
            return true;
        };
        let mut back = *after;
        if let Some(unit) = back.piece_at(king) {
            back.put(king, other_board(unit));
        }
        !rules.in_check(&back, us)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        if let Some(c) = rules
            .conditions
            .iter()
            .find(|&c| c != Condition::AliceChess)
        {
            return Some(format!("AliceChess with {} is not played", c.popeye_id()));
        }
        // Under AntiCirce Popeye's answers differ from these rules (a king
        // beside the other king, a castling across a square whose capture
        // could not be played), cause not found; Rex Inclusive judges
        // check by playing the capture as AntiCirce does (not compared).
        let family = rules
            .families()
            .find(|c| c.base != Base::Circe || c.rex_inclusive);
        family.map(|c| match c.base {
            Base::Circe => "AliceChess with Circe RexInclusive is not played".to_string(),
            b => format!("AliceChess with {b:?} is not played"),
        })
    }
}

/// Puts AliceChess in force where a unit stands on board B and the
/// problem does not name it (Popeye names it under the diagram then).
pub(crate) fn put_in_force(rules: &mut Rules, pos: &Position) {
    if pos.on_board_b().nonempty() && !rules.has(Condition::AliceChess) {
        rules.conditions.insert(Condition::AliceChess);
    }
}

/// `unit` passed to the other board.
pub(crate) fn other_board(unit: Piece) -> Piece {
    let attrs = if unit.attrs.contains(Attrs::ALICE_B) {
        unit.attrs.without(Attrs::ALICE_B)
    } else {
        unit.attrs.with(Attrs::ALICE_B)
    };
    Piece { attrs, ..unit }
}

/// The units of board B (`b`) or A.
fn units_on(pos: &Position, b: bool) -> Bitboard {
    if b {
        pos.on_board_b()
    } else {
        pos.unit_squares() & !pos.on_board_b()
    }
}

/// `pos` with only the units of board B (`b`) or A on it. A pawn that has
/// just made its double step can be taken en passant only on its board.
pub(crate) fn board_alone(pos: &Position, b: bool) -> Position {
    let mut alone = *pos;
    for sq in units_on(pos, !b) {
        alone.clear(sq);
    }
    alone.unmoved = pos.unmoved & units_on(pos, b);
    if pos.ep_square.is_some() && !units_on(pos, b).contains(pos.ep_victim) {
        alone.ep_square = None;
    }
    alone
}

/// `alone` (board B's units if `b`, else A's) with the side to move's
/// unmoved rooks of the other board put back on their corners, where its
/// king may castle with them: Popeye lets a king castle with a rook of
/// either board (the rook passes to the other board too). `None` where
/// there is no such rook. Only the castlings of this position are moves.
pub(crate) fn with_castling_rooks(pos: &Position, b: bool, alone: &Position) -> Option<Position> {
    let us = pos.turn;
    let rank = us.back_rank();
    let king = Square::new(4, rank);
    if !alone.unmoved.contains(king) || !alone.pieces(us, Kind::KING).contains(king) {
        return None;
    }
    let rooks = pos.pieces(us, Kind::ROOK) & pos.unmoved & units_on(pos, !b);
    let corners = [Square::new(0, rank), Square::new(7, rank)];
    let mut with = *alone;
    let mut any = false;
    for sq in corners.into_iter().filter(|&sq| rooks.contains(sq)) {
        with.put(sq, pos.piece_at(sq)?);
        with.unmoved.set(sq);
        any = true;
    }
    any.then_some(with)
}

/// Whether `mv`, generated on board B (`b`) or A alone, may be played: the
/// squares its units arrive on are empty on the other board.
pub(crate) fn playable(pos: &Position, b: bool, mv: &Move) -> bool {
    let other = units_on(pos, !b);
    if other.contains(mv.to) {
        return false;
    }
    match castling_rook(mv) {
        Some((_, rook_to)) => !other.contains(rook_to),
        None => true,
    }
}

/// The rook's squares of a castling: from its corner to the square the
/// king passed.
fn castling_rook(mv: &Move) -> Option<(Square, Square)> {
    let file = match mv.motion {
        Motion::CastleShort => 7,
        Motion::CastleLong => 0,
        _ => return None,
    };
    let rank = mv.from.rank();
    let passed = Square::new((mv.from.file() + mv.to.file()) / 2, rank);
    Some((Square::new(file, rank), passed))
}

/// Adds to `mv` (its capture resolved) the units' passing to the other
/// board, before any rebirth, as Popeye records it: the mover (and a
/// castling rook) change boards where they arrive.
pub(crate) fn pass_over(pos: &Position, mv: &mut Move) {
    let mut at = 0;
    mv.effects.insert(
        at,
        Effect::Changed {
            on: mv.to,
            unit: other_board(mv.arriving_piece()),
            shown: Shown::Board,
        },
    );
    at += 1;
    if let Some((rook_from, rook_to)) = castling_rook(mv) {
        if let Some(rook) = pos.piece_at(rook_from) {
            mv.effects.insert(
                at,
                Effect::Changed {
                    on: rook_to,
                    unit: other_board(rook),
                    shown: Shown::Board,
                },
            );
        }
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`, `+1`).
    use super::super::testing::{moves_of, sorted};
    use crate::board::{Attrs, Color, Position, Square};
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn alice() -> Rules {
        Rules::orthodox().with(Condition::AliceChess)
    }

    /// The units of `a` on board A, those of `b` on board B.
    fn boards(a: &str, b: &str, turn: Color) -> Position {
        let mut pos = Position::from_piece_list(&format!("{a} {b}")).unwrap();
        let on_b = Position::from_piece_list(b).unwrap();
        for sq in on_b.unit_squares() {
            let unit = pos.piece_at(sq).unwrap();
            pos.put(sq, unit.with(Attrs::ALICE_B));
        }
        pos.set_unmoved_from_placement();
        pos.turn = turn;
        pos
    }

    #[test]
    fn each_unit_moves_on_its_board_and_passes_to_the_other() {
        // The bishop takes g3 on A (the pawn g5 is on B); the pawn f4 on
        // B takes g5 there; Bh4-g5 is no move: g5 is taken on B.
        let pos = boards("wKd1 wBh4 bPg3", "wPf4 bPg5", Color::White);
        assert_eq!(
            moves_of(&alice(), &pos),
            sorted(
                "f4-f5A f4*g5A Kd1-e2B Kd1-c2B Kd1-c1B Kd1-d2B Kd1-e1B Bh4*g3B Bh4-d8B \
                 Bh4-e7B Bh4-f6B"
            )
        );
    }

    #[test]
    fn a_king_is_checked_only_from_its_board() {
        let rules = alice();
        // The pawn e4 checks from A, not from B.
        assert!(rules.in_check(&boards("wPe4 bKd5", "", Color::White), Color::Black));
        assert!(!rules.in_check(&boards("bKd5", "wPe4", Color::White), Color::Black));
        // A unit of the other board does not shield it.
        assert!(rules.in_check(&boards("wRa5 bKd5", "bPc5", Color::White), Color::Black));
    }

    #[test]
    fn a_king_must_be_safe_on_the_board_it_leaves() {
        // Ka1-b2 would stand attacked on A by the pawn a3.
        let pos = boards("wKa1 bPa3", "", Color::White);
        assert_eq!(moves_of(&alice(), &pos), sorted("Ka1-a2B Ka1-b1B"));
    }

    #[test]
    fn castling_needs_the_squares_free_on_the_other_board_too() {
        let pos = boards(
            "wKe1 wRa1 wRh1 wPe7 bKe8 bPa7",
            "wPb5 wSf3 bPc7 bPg4 bQb8",
            Color::White,
        );
        let found = moves_of(&alice(), &pos);
        assert!(found.contains(&"0-0BB".to_string()));
        assert!(found.contains(&"0-0-0BB".to_string()));
        // With a unit on f1 of board B, the rook cannot arrive there.
        let pos = boards("wKe1 wRh1 bKe8", "wBf1", Color::White);
        assert!(!moves_of(&alice(), &pos).contains(&"0-0BB".to_string()));
    }

    #[test]
    fn en_passant_only_of_a_pawn_on_the_same_board() {
        // e7-e5 passes to B: f5 on B takes it; d5 on A cannot.
        let mut pos = boards("bPe7 wPd5", "wPf5", Color::Black);
        let mut out = Vec::new();
        crate::movegen::legal_moves(&pos, &alice(), &mut out);
        let step = out
            .iter()
            .find(|m| m.to == Square::new(4, 4))
            .copied()
            .unwrap();
        pos = pos.play(&step);
        let mut want = sorted("d5-d6B f5-f6A");
        want.push("f5*e6 ep.A".to_string());
        want.sort();
        assert_eq!(moves_of(&alice(), &pos), want);
    }

    #[test]
    fn circe_rebirths_keep_the_board_of_capture() {
        let pos = boards("wKe1 wRd1 bKa8 bPd5 bSd8", "wSf3 bBe4 bRg1", Color::White);
        let circe = Rules::with_circe(CirceRules::of(Base::Circe)).with(Condition::AliceChess);
        let found = moves_of(&circe, &pos);
        assert!(found.contains(&"Sf3*g1A[+bRh8]".to_string()));
        assert!(found.contains(&"Rd1*d5B[+bPd7]".to_string()));
        // The rook reborn on h8 stays on B.
        let mut out = Vec::new();
        crate::movegen::legal_moves(&pos, &circe, &mut out);
        let take = out.iter().find(|m| m.to == Square::new(6, 0)).unwrap();
        assert!(pos.play(take).on_board_b().contains(Square::new(7, 7)));
    }

    #[test]
    fn refuses_the_conditions_it_is_not_compared_beside() {
        let rules = alice().with(Condition::Madrasi);
        assert!(rules.conditions.refusal(&rules).is_some());
        for base in [Base::MarsCirce, Base::AntiCirce] {
            let r = Rules::with_circe(CirceRules::of(base)).with(Condition::AliceChess);
            assert!(r.conditions.refusal(&r).is_some());
        }
        assert!(alice().conditions.refusal(&alice()).is_none());
    }
}
