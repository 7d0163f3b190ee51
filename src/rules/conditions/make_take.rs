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

use super::{Capabilities, ConditionRule};
use crate::board::{attacks, Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::{Effect, Motion, Move};
use crate::rules::capture::unit_moves_in_popeye_order;
use crate::rules::{Base, Condition, Rules};

/// Make&TakeChess.
pub struct MakeTakeChess;

impl ConditionRule for MakeTakeChess {
    const ID: &'static str = "maketake";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };
    const SECOND_MOTION: bool = true;

    /// Popeye refuses Make&Take with Take&Make.
    fn refusal(rules: &Rules) -> Option<String> {
        (rules.has(Condition::TakeMakeChess) || rules.family(Base::AntiCirce).is_some())
            .then(|| "Make&TakeChess is incompatible with some fairy conditions".into())
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
        for_each_take(rules, pos, unit, from, None, &mut |to, motion, partner| {
            let mut mv = Move::quiet(unit, from, to, motion);
            mv.capture_square = if motion == Motion::EnPassant {
                pos.ep_victim
            } else {
                to
            };
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
        });
    }

    fn decides_check(rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
        let Some(king) = pos.king(color) else {
            return Some(false);
        };
        let Some(royal) = pos.piece_at(king) else {
            return Some(false);
        };
        let them = color.opponent();
        for on in pos.by_color(them) {
            let Some(unit) = pos.piece_as(on, them) else {
                continue;
            };
            let mut check = false;
            for_each_take(rules, pos, unit, on, Some(royal.kind), &mut |to, _, _| {
                check = to == king;
                check
            });
            if check && (rules.attack_is_always_check() || capture_for_good(rules, pos, on, king))
            {
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
    const ORTHODOX: [Kind; 6] = [
        Kind::KING,
        Kind::PAWN,
        Kind::QUEEN,
        Kind::KNIGHT,
        Kind::ROOK,
        Kind::BISHOP,
    ];
    let mut fairy: Vec<Kind> = Vec::new();
    for on in pos.by_color(side) & pos.fairy() {
        if let Some(p) = pos.piece_at(on) {
            if !fairy.contains(&p.kind) {
                fairy.push(p.kind);
            }
        }
    }
    fairy.sort_by_key(|k| k.index());
    ORTHODOX
        .into_iter()
        .filter(move |&k| pos.pieces(side, k).nonempty())
        .chain(fairy)
}

/// Calls `found(to, motion, partner)` for each take of `unit` on `from`
/// (victims of walk `only`, or of every walk), once per arrival and walk,
/// the castling made as a make first (with its rook's motion); stops when
/// `found` says true.
fn for_each_take(
    rules: &Rules,
    pos: &Position,
    unit: Piece,
    from: Square,
    only: Option<Kind>,
    found: &mut dyn FnMut(Square, Motion, Option<Effect>) -> bool,
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
        unit_moves_in_popeye_order(&board, walker, from, first_rank_steps, &mut |to| {
            if !board.occupied().contains(to) && !makes.contains(&to) {
                makes.push(to);
            }
        });
        // The takes from a make's square, in Popeye's order.
        let take = |board: &Position,
                    on: Square,
                    seen: &mut Bitboard,
                    found: &mut dyn FnMut(Square, Motion) -> bool| {
            let mut taker = *board;
            taker.put(on, unit);
            taker.turn = us;
            let mut stop = false;
            unit_moves_in_popeye_order(&taker, unit, on, first_rank_steps, &mut |to| {
                let en_passant = unit.kind.def().pawn.is_some()
                    && taker.ep_square == Some(to)
                    && to.file() != on.file();
                let victim_on = if en_passant { taker.ep_victim } else { to };
                if stop || (!taker.occupied().contains(to) && !en_passant) {
                    return;
                }
                let is_victim = taker
                    .piece_as(victim_on, them)
                    .is_some_and(|v| v.kind == walk);
                if is_victim && !seen.contains(to) {
                    seen.set(to);
                    let motion = if en_passant {
                        Motion::EnPassant
                    } else {
                        Motion::Normal
                    };
                    stop = found(to, motion);
                }
            });
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
                if take(&board, Square::new(king_file, rank), &mut seen, &mut |to, motion| {
                    found(to, motion, Some(partner))
                }) {
                    return;
                }
            }
        }
        let mut seen = Bitboard::EMPTY;
        // Popeye takes from the last make's square first.
        for &on in makes.iter().rev() {
            if take(&lifted, on, &mut seen, &mut |to, motion| found(to, motion, None)) {
                return;
            }
        }
    }
}
