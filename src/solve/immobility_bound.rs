//! Help stalemates over several moves: every unit of the stalemated side
//! but its king must end without a move, and the moves left may not
//! suffice to take them all away (orthodox chess only, where
//! `stalemate_bound::applies`).
//!
//! At a stalemate the stalemated side is not in check, so a unit of it
//! that is not pinned may go to every square of its walk that is empty or
//! holds a unit of the other side (that unit is never the king: the other
//! side would have left its king in check). Such a square is an *exit*:
//! for a rider the first square along each line, for a leaper each
//! target, for a pawn the square in front when empty and each square it
//! takes on. An exit stays one until a unit of the unit's own side lands
//! on it (for the pawn's square in front, any unit; for a square it takes
//! on, also the other side's unit leaving it). So a unit with exits now
//! ends without a move only in one of four ways:
//!
//! - it is taken: one move of the other side for each unit taken;
//! - it is pinned at the end: a pinned queen still moves along the pin
//!   (toward the king, or onto the pinner), a rook is stuck only by a
//!   diagonal pin, a bishop only by a rank or file pin; and a rider of
//!   the other side pins one unit at most (on its one line through the
//!   king);
//! - it moves, at least once (one move of its own side each), to a square
//!   whose exits its side's other moves then fill;
//! - it stays, and its side's moves land on each of its exits (a pawn's:
//!   either side's moves, one move of the other side able to leave one
//!   square it takes on and land on its square in front).
//!
//! A unit for which the last way is too dear needs one of the first three.
//! A pawn that stays with the square in front of it empty needs a landing
//! there, and no other pawn's square in front is the same: every move
//! lands once (a castling twice), so the landings are a fourth means. The
//! cut is where the units needing them outnumber what the moves left give
//! (Hall's condition over the kinds of means). A move may give two means
//! at once (a pawn's move lands, a capture lands), so each kind is
//! counted in full: the cut stays sound.

use super::routes;
use crate::board::{attacks, Bitboard, Color, Kind, Position, Square};

/// The three means of the cut, as bits of a unit's allowed set.
const MOVES: usize = 1;
const TAKEN: usize = 2;
const PINNED: usize = 4;
/// A landing on the square in front of a pawn: each pawn's is its own.
const FILLED: usize = 8;

/// Whether no play of `own_moves` moves of `stalemated` and `other_moves`
/// of the other side (in any order) can leave every unit of `stalemated`
/// but its king without a move. False says nothing.
pub fn out_of_reach(pos: &Position, stalemated: Color, own_moves: u32, other_moves: u32) -> bool {
    let other = stalemated.opponent();
    let kings = pos.pieces(stalemated, Kind::KING);
    if kings.count() != 1 {
        return false;
    }
    let own = pos.by_color(stalemated);
    // Every unit may be taken (where it may still move to the taker): no
    // cut while the other side has a move for each of them.
    if own_moves > 0 && other_moves > 0 && (own & !kings).count() <= other_moves {
        return false;
    }
    let theirs = pos.by_color(other);
    // Landings of each side: a castling lands twice.
    let own_landings =
        own_moves + u32::from(own_moves > 0 && super::mate_bound::may_castle(pos, stalemated));
    let other_castles = u32::from(other_moves > 0 && super::mate_bound::may_castle(pos, other));
    let pinners = Pinners::of(pos, other, other_moves);
    // Each unit that needs a means: the means sure to be allowed, and
    // those allowed only where some unit reaches its square in time
    // (asked only if the sure means alone cut).
    let mut units = [(Square(0), 0, 0); 64];
    let mut count = 0;
    for from in own & !kings {
        let kind = pos.kind_at(from).expect("own unit");
        let (mut sure, mut reach) = (0, 0);
        if kind == Kind::PAWN {
            let (front, takes) = pawn_exits(pos, stalemated, from, theirs);
            let events = u32::from(front.is_some()) + takes;
            if events <= own_landings + 2 * (other_moves + other_castles) {
                if front.is_none() {
                    continue;
                }
                reach |= FILLED;
            }
            if own_moves > 0 {
                sure |= MOVES;
            }
            if pinners.any > 0 {
                sure |= PINNED;
            }
        } else {
            let others = own & !Bitboard::from_square(from);
            let exits = (neighbours(kind, from) & !others).count();
            if exits <= own_landings {
                continue;
            }
            if may_move_to_a_stop(pos, from, kind, others, own_moves, own_landings) {
                sure |= MOVES;
            }
            if pinners.stick(kind) {
                sure |= PINNED;
            }
        }
        if other_moves > 0 {
            // A unit that cannot move is taken where it stands.
            if own_moves > 0 {
                sure |= TAKEN;
            } else {
                reach |= TAKEN;
            }
        }
        units[count] = (from, sure, reach);
        count += 1;
    }
    let capacity = |means: usize| {
        let mut cap = 0;
        if means & MOVES != 0 {
            cap += own_moves;
        }
        if means & TAKEN != 0 {
            cap += other_moves;
        }
        if means & PINNED != 0 {
            cap += pinners.any;
        }
        if means & FILLED != 0 {
            cap += own_landings + other_moves + other_castles;
        }
        cap
    };
    let hall_fails = |needing: &[u32; 16]| {
        needing[0] > 0
            || (1..16).any(|means: usize| {
                let units: u32 = (1..16)
                    .filter(|allowed| allowed & !means == 0)
                    .map(|allowed| needing[allowed])
                    .sum();
                units > capacity(means)
            })
    };
    let mut needing = [0u32; 16];
    for &(_, sure, _) in &units[..count] {
        needing[sure] += 1;
    }
    if !hall_fails(&needing) {
        return false;
    }
    let mut needing = [0u32; 16];
    for &(from, sure, reach) in &units[..count] {
        let mut means = sure;
        if reach & FILLED != 0 {
            let front = pawn_exits(pos, stalemated, from, theirs)
                .0
                .expect("an empty square in front");
            if may_land(pos, other, front, other_moves, None)
                || may_land(pos, stalemated, front, own_moves, Some(from))
            {
                means |= FILLED;
            }
        }
        if reach & TAKEN != 0 && may_land(pos, other, from, other_moves, None) {
            means |= TAKEN;
        }
        needing[means] += 1;
    }
    hall_fails(&needing)
}

/// The first square of each line of a rider of `kind` on `sq`, or each
/// target of a knight: where its exits lie.
fn neighbours(kind: Kind, sq: Square) -> Bitboard {
    let all = Bitboard(!0);
    match kind {
        Kind::QUEEN => attacks::king(sq),
        Kind::ROOK => attacks::rook(sq, all),
        Kind::BISHOP => attacks::bishop(sq, all),
        _ => attacks::knight(sq),
    }
}

/// A pawn's exits: whether the square in front is empty, and how many
/// squares it takes on hold a unit of the other side (an en passant
/// capture lasts one move and needs nothing to go).
fn pawn_exits(
    pos: &Position,
    side: Color,
    from: Square,
    theirs: Bitboard,
) -> (Option<Square>, u32) {
    // A pawn on its last rank (a problem may set one there) has none.
    let front = match side {
        Color::White => from.0.checked_add(8).filter(|&sq| sq < 64),
        Color::Black => from.0.checked_sub(8),
    }
    .map(Square);
    (
        front.filter(|sq| !pos.occupied().contains(*sq)),
        (attacks::pawn(side, from) & theirs).count(),
    )
}

/// Whether a unit of `side` (but the one on `except`) may land on `to` in
/// `moves` moves: its fewest moves on the empty board, a pawn's promoting
/// on the way, a king's castling.
fn may_land(pos: &Position, side: Color, to: Square, moves: u32, except: Option<Square>) -> bool {
    if moves == 0 {
        return false;
    }
    pos.by_color(side).into_iter().any(|from| {
        if Some(from) == except {
            return false;
        }
        let kind = pos.kind_at(from).expect("a unit");
        let fewest = if kind == Kind::PAWN {
            (0..4).fold(routes::pawn_moves(side, from, to), |best, row| {
                best.min(u32::from(
                    routes::promotion_moves()[side.index()][row][from.index()][to.index()],
                ))
            })
        } else if kind == Kind::KING {
            routes::king_moves(side, from, to, pos.unmoved.contains(from))
        } else {
            routes::walk_moves(kind, from, to)
        };
        fewest <= moves
    })
}

/// Whether the unit on `from` may move and end on a square whose exits the
/// rest of its side's landings fill: with one move, one of the squares it
/// goes to now; with more, any square (it may take several moves).
fn may_move_to_a_stop(
    pos: &Position,
    from: Square,
    kind: Kind,
    others: Bitboard,
    own_moves: u32,
    own_landings: u32,
) -> bool {
    if own_moves == 0 {
        return false;
    }
    let spare = own_landings - 1;
    // A square hemmed in on all sides but `spare`: a corner has three
    // neighbours for a queen, two for a rook or knight, one for a bishop.
    let corner = match kind {
        Kind::QUEEN => 3,
        Kind::BISHOP => 1,
        _ => 2,
    };
    if own_moves >= 2 && spare >= corner {
        return true;
    }
    let stops = |squares: Bitboard| {
        squares
            .into_iter()
            .any(|to| (neighbours(kind, to) & !others).count() <= spare)
    };
    if own_moves >= 2 {
        return stops(Bitboard(!0) & !Bitboard::from_square(from));
    }
    // A castling rook lands beside its king.
    if kind == Kind::ROOK && own_landings > own_moves {
        return true;
    }
    let piece = pos.piece_at(from).expect("own unit");
    stops(pos.attacks_from(from, piece) & !others)
}

/// The other side's riders that may pin a unit at the end, by line: each
/// pins one unit at most. A pawn that may promote in the moves left counts
/// as a rider of either kind.
struct Pinners {
    diagonal: u32,
    straight: u32,
    any: u32,
}

impl Pinners {
    fn of(pos: &Position, side: Color, moves: u32) -> Pinners {
        let queens = pos.pieces(side, Kind::QUEEN).count();
        let promoting = pos
            .pieces(side, Kind::PAWN)
            .into_iter()
            .filter(|sq| {
                let distance = u32::from(side.promotion_rank().abs_diff(sq.rank()));
                let double = u32::from(sq.rank() == side.pawn_rank());
                distance - double <= moves
            })
            .count() as u32;
        let diagonal = pos.pieces(side, Kind::BISHOP).count() + queens + promoting;
        let straight = pos.pieces(side, Kind::ROOK).count() + queens + promoting;
        Pinners {
            diagonal,
            straight,
            any: diagonal + straight - queens - promoting,
        }
    }

    /// Whether a pin may leave a unit of `kind` without a move.
    fn stick(&self, kind: Kind) -> bool {
        match kind {
            Kind::QUEEN => false,
            Kind::ROOK => self.diagonal > 0,
            Kind::BISHOP => self.straight > 0,
            _ => self.any > 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::solve::mate_bound::tests::help_stalemates;

    /// The cut for Black stalemated at the end of `plies` half-moves from
    /// `pos`, whichever side is to move.
    fn cut(pos: &Position, plies: u32) -> bool {
        let (own, other) = if pos.turn == Color::Black {
            (plies.div_ceil(2), plies / 2)
        } else {
            (plies / 2, plies.div_ceil(2))
        };
        out_of_reach(pos, Color::Black, own, other)
    }

    #[test]
    fn each_way_to_stick_a_unit_is_counted() {
        let rules = Rules::orthodox();
        let cases = [
            // (pieces, side to move, half-moves, a help stalemate, cut)
            // A free queen and a free bishop, White to take one of them
            // in its one move: the other still moves.
            ("wKa3 wSg3 bKh1 bQd4 bBb7", Color::Black, 2, false, true),
            // One move cannot stick a moving rider or knight: the square
            // it leaves, or passes next to its stop, stays open. Here the
            // queen would need to go to a1, among its own units.
            (
                "wKe6 wSh6 bKh8 bQa4 bRb1 bPa2 bPb2",
                Color::Black,
                2,
                false,
                true,
            ),
            // The rook, stuck by a diagonal pin, and the queen taken.
            (
                "wKd3 wBc3 wRd8 bKh8 bRf6 bQd7",
                Color::White,
                1,
                false,
                false,
            ),
            // The same with the pinner a knight: the rook keeps its move.
            (
                "wKd3 wSc3 wRd8 bKh8 bRf6 bQd7",
                Color::White,
                1,
                false,
                true,
            ),
            // Pawns whose squares in front no unit reaches in the moves
            // left, nor takes them, the last move White's: both need a
            // pin, and White has one rider.
            (
                "wKd3 wSc3 wRd8 bKh8 bPh7 bPg7",
                Color::White,
                1,
                false,
                true,
            ),
            // Pawns on their last rank (a problem may set them there)
            // never move: the bishop's move keeps the stalemate.
            ("wKf7 wBe4 bKh8 bPa1 bPb1", Color::White, 1, true, false),
            // With Black's move before it, one may push.
            (
                "wKd3 wBc3 wRd8 bKh8 bPh7 bPb7",
                Color::Black,
                2,
                false,
                false,
            ),
        ];
        for (list, turn, plies, stalemate, cut_there) in cases {
            let mut pos = Position::from_piece_list(list).unwrap();
            pos.turn = turn;
            assert_eq!(
                help_stalemates(&pos, &rules, Color::Black, plies),
                stalemate,
                "{list}"
            );
            assert_eq!(cut(&pos, plies), cut_there, "{list}");
        }
    }

    /// Random positions, Black with several units and its king mostly on
    /// an edge: wherever help play stalemates Black in two to four
    /// half-moves, the cut lets it be.
    #[test]
    fn no_help_stalemate_of_random_positions_is_cut() {
        let rules = Rules::orthodox();
        let mut rng = crate::test_rng::XorShift::new(0x3c6e_f372_fe94_f82b);
        let (mut stalemates, mut cuts, mut tried) = (0, 0, 0);
        while tried < 1500 {
            let plies = 2 + (tried % 3) as u32;
            let mut units = crate::test_rng::PieceList::default();
            if rng.below(4) == 0 {
                units.place("wK", 4);
                units.place("wR", 0);
            } else {
                units.place_anywhere(&mut rng, "wK");
            }
            let edge = [0u8, 7, 56, 63, 60, 39, 23][rng.below(7) as usize];
            if !units.place("bK", edge) {
                units.place_anywhere(&mut rng, "bK");
            }
            for _ in 0..1 + rng.below(2) {
                let piece = ["wQ", "wR", "wB", "wS", "wP", "wP"][rng.below(6) as usize];
                units.place_anywhere(&mut rng, piece);
            }
            let black = if plies == 4 { 3 } else { 5 };
            for _ in 0..1 + rng.below(black) {
                let piece = ["bP", "bP", "bP", "bQ", "bS", "bB", "bR"][rng.below(7) as usize];
                units.place_anywhere(&mut rng, piece);
            }
            let Ok(mut pos) = Position::from_piece_list(&units.text) else {
                continue;
            };
            let (Some(wk), Some(bk)) = (pos.king(Color::White), pos.king(Color::Black)) else {
                continue;
            };
            if attacks::king(wk).contains(bk) {
                continue;
            }
            pos.turn = if rng.below(2) == 0 {
                Color::Black
            } else {
                Color::White
            };
            if rules.in_check(&pos, pos.turn.opponent()) {
                continue;
            }
            tried += 1;
            let cut_here = cut(&pos, plies);
            if help_stalemates(&pos, &rules, Color::Black, plies) {
                stalemates += 1;
                assert!(
                    !cut_here,
                    "{} ({plies} half-moves): a stalemate cut",
                    units.text
                );
            }
            cuts += u32::from(cut_here);
        }
        assert!(stalemates >= 30, "only {stalemates} stalemates");
        assert!(cuts >= 150, "only {cuts} cuts");
    }
}
