//! Make&TakeChess (Popeye's `Make&TakeChess`): a unit captures in two
//! motions. First the "make": a move, capturing nothing, with the walk of
//! the unit it is going to capture (and in that unit's direction: a pawn's
//! make goes the way the victim's pawns go). Then the "take": from the
//! make's square, a capture with the unit's own walk of a unit of that
//! walk. A capture without a make before it is no move; moves without
//! capture are the unit's own. The move is written as the capture it
//! amounts to, from the unit's square to the victim's (`Bg6*d2`): two
//! makes leading to one capture are one move. A pawn whose take ends on
//! its promotion rank promotes; Circe's rebirth follows the take.
//!
//! A unit standing on the home square of the victim's king (e8 for a
//! black victim) whose victim is a king may make the castling of the
//! victim's side as its make, with a rook of that side that may still
//! castle and the squares between them empty (the king's own right and
//! check are not asked): it goes to g8 (c8), the rook to f8 (d8), and the
//! take follows from there. Popeye writes it `0-0*e6`
//! ([`Effect::PartnerMove`]).
//!
//! Check is what a move does: a king is in check when an enemy unit could
//! capture it so, a make with the king's walk and a take of the king (for
//! good, under Circe Rex Inclusive). So neither observation nor the
//! check-only shortcuts are the orthodox ones.

use super::{Capabilities, ConditionRule, ProofTraffic, UnitTraffic};
use crate::board::{attacks, Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::{Effect, Motion, Move};
use crate::rules::capture::unit_moves_in_popeye_order;
use crate::rules::{Condition, Rules};

/// Make&TakeChess.
pub struct MakeTakeChess;

impl ConditionRule for MakeTakeChess {
    const ID: &'static str = "maketake";
    /// The capturer makes and takes; a make that castles for the victim's
    /// side moves one of its rooks too.
    const PROOF: ProofTraffic = ProofTraffic::Moves(UnitTraffic {
        other_arrivals: 1,
        other_departures: 2,
        fills: 2,
        ..UnitTraffic::ONE_UNIT
    });
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };
    const SECOND_MOTION: bool = true;

    /// With Take&MakeChess, and with the Mars family (not played).
    fn refusal(rules: &Rules) -> Option<String> {
        if rules.has(Condition::TakeMakeChess) {
            return Some("Make&TakeChess with Take&MakeChess (not played)".into());
        }
        use crate::rules::Base;
        let family = [Base::MarsCirce, Base::AntiMarsCirce, Base::PhantomChess];
        super::not_played_beside(rules, "Make&TakeChess", &family)
    }

    /// The unit's own captures are no moves: only its quiet moves stay.
    fn second_motions(_rules: &Rules, _pos: &Position, mv: &Move, found: &mut dyn FnMut(Move)) {
        if !mv.is_capture() {
            found(*mv);
        }
    }

    fn extra_moves(rules: &Rules, pos: &Position, from: Square, out: &mut Vec<Move>) {
        let us = pos.turn;
        let Some(unit) = pos.piece_as(from, us) else {
            return;
        };
        let mut order = 0u8;
        for_each_take(
            rules,
            pos,
            unit,
            from,
            None,
            &mut |to, victim_on, motion, partner| {
                let mut mv = Move::quiet(unit, from, to, motion);
                mv.capture_square = victim_on;
                if let Some(e) = partner {
                    mv.effects.push(e);
                }
                order = order.saturating_add(1);
                mv.sequence = order;
                let start = out.len();
                crate::movegen::push_built_capture(pos, rules, mv, out);
                for m in &mut out[start..] {
                    m.sequence = order;
                }
                false
            },
        );
    }

    fn decides_check(rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
        let Some(king) = pos.king(color) else {
            return Some(false);
        };
        let Some(royal) = pos.piece_at(king) else {
            return Some(false);
        };
        let them = color.opponent();
        // The units that may not move (Madrasi) do not check either.
        let stuck = rules.conditions.immobile(rules, pos, them);
        for on in pos.by_color(them) & !stuck {
            let Some(unit) = pos.piece_as(on, them) else {
                continue;
            };
            let mut check = false;
            for_each_take(
                rules,
                pos,
                unit,
                on,
                Some(royal.kind),
                &mut |_, victim_on, _, _| {
                    check = victim_on == king;
                    check
                },
            );
            if check && (rules.attack_is_always_check() || capture_for_good(rules, pos, on, king)) {
                return Some(true);
            }
        }
        Some(false)
    }
}

/// Whether the unit on `on` taking the king on `king` removes it for good.
fn capture_for_good(rules: &Rules, pos: &Position, on: Square, king: Square) -> bool {
    rules.captures_king_for_good(pos, king, on, on)
}

/// The walks of the victims, in Popeye's order: the king, the pawn, the
/// queen, the knight, the rook, the bishop, then the fairy walks.
fn victim_walks(pos: &Position, side: Color) -> impl Iterator<Item = Kind> + '_ {
    let mut fairy: Vec<Kind> = Vec::new();
    for on in pos.by_color(side) & pos.fairy() {
        if let Some(p) = pos.piece_at(on) {
            if !fairy.contains(&p.kind) {
                fairy.push(p.kind);
            }
        }
    }
    fairy.sort_by_key(|k| k.index());
    Kind::POPEYE_ORDER
        .into_iter()
        .filter(move |&k| pos.pieces(side, k).nonempty())
        .chain(fairy)
}

/// Calls `found(to, victim's square, motion, partner)` for each take of `unit` on `from`
/// (victims of walk `only`, or of every walk), once per arrival and walk,
/// the castling made as a make first (with its rook's motion); stops when
/// `found` says true.
fn for_each_take(
    rules: &Rules,
    pos: &Position,
    unit: Piece,
    from: Square,
    only: Option<Kind>,
    found: &mut dyn FnMut(Square, Square, Motion, Option<Effect>) -> bool,
) {
    let us = unit.color;
    let them = us.opponent();
    let mut lifted = *pos;
    lifted.remove(from);
    let walks: Vec<Kind> = match only {
        Some(k) => vec![k],
        None => victim_walks(pos, them).collect(),
    };
    for walk in walks {
        // The makes: the victim's walk, for the victim's side.
        let walker = Piece {
            color: them,
            kind: walk,
            attrs: unit.attrs,
        };
        let mut board = lifted;
        board.put(from, walker);
        board.turn = them;
        board.ep_square = None;
        let first_rank_steps = rules.first_rank_pawns_move();
        let mut makes: Vec<Square> = Vec::new();
        reaches(
            &board,
            walker,
            from,
            first_rank_steps,
            &mut |to, capture, _| {
                if capture.is_none() && !makes.contains(&to) {
                    makes.push(to);
                }
            },
        );
        // The takes from a make's square, in Popeye's order.
        let take = |board: &Position,
                    on: Square,
                    seen: &mut Bitboard,
                    found: &mut dyn FnMut(Square, Square, Motion) -> bool| {
            let mut taker = *board;
            taker.put(on, unit);
            taker.turn = us;
            let mut stop = false;
            reaches(
                &taker,
                unit,
                on,
                first_rank_steps,
                &mut |to, capture, motion| {
                    let Some(victim_on) = capture else {
                        return;
                    };
                    let is_victim = taker
                        .piece_as(victim_on, them)
                        .is_some_and(|v| v.kind == walk);
                    if !stop && is_victim && !seen.contains(to) {
                        seen.set(to);
                        stop = found(to, victim_on, motion);
                    }
                },
            );
            stop
        };
        if walk == Kind::KING && from == Square::new(4, them.back_rank()) {
            // Popeye takes after the long castling first.
            for (rook_file, king_file, rook_to) in [(0u8, 2u8, 3u8), (7, 6, 5)] {
                let rank = them.back_rank();
                let rook_from = Square::new(rook_file, rank);
                if !pos.unmoved.contains(rook_from)
                    || !pos.pieces(them, Kind::ROOK).contains(rook_from)
                    || (attacks::between(from, rook_from) & lifted.occupied()).nonempty()
                {
                    continue;
                }
                let rook = pos.piece_at(rook_from).expect("the rook");
                let rook_to = Square::new(rook_to, rank);
                let mut board = lifted;
                board.remove(rook_from);
                board.put(rook_to, rook);
                board.ep_square = pos.ep_square;
                let partner = Effect::PartnerMove {
                    from: rook_from,
                    to: rook_to,
                    unit: rook,
                };
                let mut seen = Bitboard::EMPTY;
                if take(
                    &board,
                    Square::new(king_file, rank),
                    &mut seen,
                    &mut |to, victim_on, motion| found(to, victim_on, motion, Some(partner)),
                ) {
                    return;
                }
            }
        }
        let mut seen = Bitboard::EMPTY;
        // Popeye takes from the last make's square first.
        for &on in makes.iter().rev() {
            if take(&lifted, on, &mut seen, &mut |to, victim_on, motion| {
                found(to, victim_on, motion, None)
            }) {
                return;
            }
        }
    }
}

/// The moves of `unit` on `on` in `board` (moving for `board.turn`):
/// `found(to, the victim's square, motion)`, in Popeye's order for the
/// orthodox walks.
fn reaches(
    board: &Position,
    unit: Piece,
    on: Square,
    first_rank_steps: bool,
    found: &mut dyn FnMut(Square, Option<Square>, Motion),
) {
    if !unit.kind.is_orthodox() {
        let own = board.by_color(unit.color);
        let enemies = board.occupied() & !own;
        crate::board::walks::fairy::moves(board, unit, on, enemies, |r| {
            found(r.to, r.capture, r.motion)
        });
        return;
    }
    let occupied = board.occupied();
    let pawn = unit.kind == Kind::PAWN;
    unit_moves_in_popeye_order(board, unit, on, first_rank_steps, &mut |to| {
        if occupied.contains(to) {
            found(to, Some(to), Motion::Normal);
        } else {
            found(to, None, Motion::Normal);
        }
    });
    // A pawn's capture en passant.
    if let Some(ep) = board.ep_square.filter(|_| pawn) {
        if attacks::pawn(unit.color, on).contains(ep) && !occupied.contains(ep) {
            found(ep, Some(board.ep_victim), Motion::EnPassant);
        }
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::{Color, Position};
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn make_take() -> Rules {
        Rules::orthodox().with(Condition::MakeTakeChess)
    }

    #[test]
    fn a_capture_needs_a_make_with_the_victims_walk() {
        // The bishop steps as the black pawn (g6-g5), then takes on d2; it
        // has no capture of its own walk's geometry alone.
        let got = moves(&make_take(), "wKd7 wBg6 bKe1 bPd2", Color::White);
        let want = sorted(
            "Bg6*d2 Bg6-b1 Bg6-c2 Bg6-d3 Bg6-e4 Bg6-f5 Bg6-h5 Bg6-h7 Bg6-e8 Bg6-f7 \
             Kd7-c6 Kd7-e6 Kd7-e8 Kd7-c8 Kd7-d6 Kd7-c7 Kd7-d8 Kd7-e7",
        );
        assert_eq!(got, want);
    }

    #[test]
    fn castling_of_the_victims_side_is_a_make() {
        // The queen on e8 castles as the black king, the black rook going
        // with it, and takes the king from g8 or c8; the king h1 makes as a
        // rook (h1-h7) and takes h8.
        let mut circe = CirceRules::of(Base::Circe);
        circe.rex_inclusive = true;
        let r = Rules::with_circe(circe).with(Condition::MakeTakeChess);
        let got = moves(&r, "wQe8 wKh1 bKe6 bRa8 bRh8", Color::White);
        let want = sorted(
            "Kh1*h8 Kh1-g2 Kh1-g1 Kh1-h2 Qe8*a8 Qe8*h8 Qe8*e6[+bKe8] 0-0*e6[+bKe8] \
             0-0-0*e6[+bKe8] Qe8-a4 Qe8-b5 Qe8-c6 Qe8-d7 Qe8-h5 Qe8-g6 Qe8-f7 Qe8-e7 \
             Qe8-b8 Qe8-c8 Qe8-d8 Qe8-g8 Qe8-f8",
        );
        assert_eq!(got, want);
    }

    #[test]
    fn check_is_a_capture_by_make_and_take() {
        // The rook makes as the king (a1-a2) and takes e2 along the rank.
        let r = make_take();
        let pos = Position::from_piece_list("wKe2 bKh8 bRa1").unwrap();
        assert!(r.in_check(&pos, Color::White));
        // The knight attacks a8, but its make to c7, the one square it
        // takes a8 from, is blocked.
        let pos = Position::from_piece_list("wKa8 bKh8 bSb6 bPc7").unwrap();
        assert!(!r.in_check(&pos, Color::White));
        let pos = Position::from_piece_list("wKa8 bKh8 bSb6").unwrap();
        assert!(r.in_check(&pos, Color::White));
    }
}
