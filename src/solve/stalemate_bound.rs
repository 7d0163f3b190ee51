//! Help stalemates: a node where the last move is to stalemate the other
//! side, cut when no single move can (orthodox chess only).
//!
//! Take a unit of the side to be stalemated that is neither king nor pawn,
//! not pinned, with a square to go to now (empty or held by the other
//! side), its side not in check. One move of the other side leaves it a
//! move unless it captures the unit or pins it: a unit landing on one of
//! its squares can be taken, a square vacated stays open, and the mover
//! adds no blocker of the unit's side. A pin runs along a line through the
//! king, so a unit on no rank, file or diagonal of its king cannot be
//! pinned at all, and a move pins along at most four lines (one for each
//! square it empties or fills: a castling). So with two such units off
//! the king's lines, or six in all, no move stalemates.
//!
//! A pawn of that side with the square in front of it empty may push
//! unless the move lands on that square, takes the pawn, or pins it along
//! the king's rank or a diagonal (a pin along the file lets it push). A
//! move lands on one square (a castling on two, taking nothing) and takes
//! what stands there (en passant: a pawn that just passed the square it
//! lands on, so no pawn stood behind it). So such a pawn off those lines
//! beside a free unit off the king's lines, two of them where the mover
//! cannot castle, three in all, or seven free units and pawns in all
//! (a move lands twice at most and pins along four lines) leave a move.
//!
//! Only where that reasoning is the rules': no condition, no Circe form
//! (a rebirth adds a blocker), no attribute, no fairy unit.

use crate::board::{attacks, Bitboard, Color, Kind, Position};
use crate::movegen::pinned_by_sliders;
use crate::rules::Rules;

/// Whether the bound may be asked under `rules` in `pos`.
pub fn applies(rules: &Rules, pos: &Position) -> bool {
    rules.conditions.is_empty()
        && !rules.has_families()
        && pos.attributed().is_empty()
        && pos.fairy().is_empty()
        && pos.neutral().is_empty()
}

/// Whether no move of the side to move in `pos` stalemates the other side
/// (where [`applies`]). False says nothing.
pub fn out_of_reach_in_one(pos: &Position, rules: &Rules) -> bool {
    let stalemated = pos.turn.opponent();
    let kings = pos.pieces(stalemated, Kind::KING);
    let Some(king) = kings.first() else {
        return false;
    };
    if kings.count() > 1 || rules.in_check(pos, stalemated) {
        return false;
    }
    let own = pos.by_color(stalemated);
    let free = own
        & !kings
        & !pos.pieces(stalemated, Kind::PAWN)
        & !pinned_by_sliders(pos, king, stalemated);
    let other_king = pos.pieces(pos.turn, Kind::KING);
    let lines = attacks::queen(king, Bitboard::EMPTY);
    let (mut off_lines, mut all) = (0, 0);
    for from in free {
        let piece = pos.piece_as(from, stalemated).expect("own unit");
        if (pos.attacks_from(from, piece) & !own & !other_king).nonempty() {
            all += 1;
            if !lines.contains(from) {
                off_lines += 1;
            }
        }
    }
    // Pawns that may push, off the king's rank and diagonals.
    let push_pins = lines & !Bitboard::file(king.file());
    let pawns = pos.pieces(stalemated, Kind::PAWN);
    let ahead = match stalemated {
        Color::White => Bitboard(pawns.0 << 8),
        Color::Black => Bitboard(pawns.0 >> 8),
    };
    let pushes = ahead & !pos.occupied();
    let pushers = match stalemated {
        Color::White => Bitboard(pushes.0 >> 8),
        Color::Black => Bitboard(pushes.0 << 8),
    };
    let off_pawns = (pushers & !push_pins).count();
    let landings = if super::mate_bound::may_castle(pos, pos.turn) {
        2
    } else {
        1
    };
    off_lines >= 2
        || all >= 6
        || (off_lines >= 1 && off_pawns >= 1)
        || off_pawns > landings
        || all + pushers.count() >= 7
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::movegen::legal_moves;

    /// Whether some legal move of the side to move stalemates the other.
    fn stalemates_in_one(pos: &Position, rules: &Rules) -> bool {
        let mut moves = Vec::new();
        legal_moves(pos, rules, &mut moves);
        moves.iter().any(|mv| {
            let after = pos.play(mv);
            let mut replies = Vec::new();
            legal_moves(&after, rules, &mut replies);
            replies.is_empty() && !rules.in_check(&after, after.turn)
        })
    }

    /// Every cut is a position with no stalemate in one; the positions
    /// that have one (by a capture, a pin, a capture that pins) are never
    /// cut.
    #[test]
    fn a_cut_position_has_no_stalemate_in_one() {
        let rules = Rules::orthodox();
        let cases = [
            // (pieces, White to stalemate Black in one, cut)
            // Two free knights off the king's lines: no single move.
            ("wKf6 wQa1 bKh8 bSb5 bSc5", false, true),
            // One free knight, which White takes: stalemate.
            ("wKf7 wBd3 wRb1 bKh8 bSb2", true, false),
            // A free rook on the king's diagonal, pinned by the move.
            ("wKf7 wSf8 wBd2 bKh8 bRe5", true, false),
            // A knight off the lines and that rook: the rook is pinned,
            // the knight still moves.
            ("wKf7 wSf8 wBd2 bKh8 bRe5 bSb5", false, false),
            // The rook takes one knight and pins the other: both stood
            // on the king's file.
            ("wKf7 wSf8 wRa1 bKh8 bSh4 bSh1", true, false),
            // A pawn that may push, off the king's rank and diagonals,
            // beside a free knight: the move that takes the knight leaves
            // the push.
            ("wKf7 wQb1 bKh8 bSa3 bPc5", false, true),
            // Two such pawns: one move blocks one of them.
            ("wKf6 wRa1 bKh8 bPb5 bPc5", false, true),
            // The rook lands in front of the one pawn that may push.
            ("wKf7 wRb1 wBf5 bKh8 bPb5 bPb4", true, false),
            // Two such pawns where White may castle: a castling lands
            // twice, so the bound lets it be.
            ("wKe1 wRa1 wQb4 bKh8 bPb6 bPc6", false, false),
            // The same without the castling: cut.
            ("wKd1 wRa1 wQb4 bKh8 bPb6 bPc6", false, true),
        ];
        for (list, stalemate, cut) in cases {
            let mut pos = Position::from_piece_list(list).unwrap();
            pos.turn = Color::White;
            assert!(applies(&rules, &pos));
            assert_eq!(stalemates_in_one(&pos, &rules), stalemate, "{list}");
            assert_eq!(out_of_reach_in_one(&pos, &rules), cut, "{list}");
        }
    }

    /// Random positions, many black pawns and now and then White able to
    /// castle: no position with a stalemate in one is cut.
    #[test]
    fn no_stalemate_in_one_of_random_positions_is_cut() {
        let rules = Rules::orthodox();
        let mut rng = crate::test_rng::XorShift::new(0x6a09_e667_f3bc_c908);
        let (mut stalemates, mut cuts, mut tried) = (0, 0, 0);
        while tried < 3000 {
            let mut units = crate::test_rng::PieceList::default();
            if rng.below(3) == 0 {
                units.place("wK", 4);
                units.place("wR", 7);
            } else {
                units.place_anywhere(&mut rng, "wK");
            }
            let corner = [0u8, 7, 56, 63, 60][rng.below(5) as usize];
            if !units.place("bK", corner) {
                units.place_anywhere(&mut rng, "bK");
            }
            for _ in 0..1 + rng.below(2) {
                let piece = ["wQ", "wR", "wB", "wS", "wP"][rng.below(5) as usize];
                units.place_anywhere(&mut rng, piece);
            }
            for _ in 0..rng.below(5) {
                let piece = ["bP", "bP", "bP", "bS", "bB", "bR"][rng.below(6) as usize];
                units.place_anywhere(&mut rng, piece);
            }
            let Ok(mut pos) = Position::from_piece_list(&units.text) else {
                continue;
            };
            pos.turn = Color::White;
            if rules.in_check(&pos, Color::Black) {
                continue;
            }
            tried += 1;
            let cut = out_of_reach_in_one(&pos, &rules);
            if stalemates_in_one(&pos, &rules) {
                stalemates += 1;
                assert!(!cut, "{}: a stalemate in one cut", units.text);
            }
            cuts += u32::from(cut);
        }
        assert!(stalemates >= 20, "only {stalemates} stalemates");
        assert!(cuts >= 300, "only {cuts} cuts");
    }
}
