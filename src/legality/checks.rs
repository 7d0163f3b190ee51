//! Conditions on checks: the side not to move is never in check, and every
//! check on the side to move was given by the other side's last move.

use super::material::{color_name, role_name, side_name, square_list};
use crate::board::attacks;
use crate::board::{Bitboard, Color, Kind, Position, Square};

/// `opponent-in-check`: the side that has just moved cannot have left its
/// own king in check.
///
/// Rejected: `4k3/4R3/8/8/8/8/8/4K3 w` (Black's king on e8 attacked with White to move); accepted:
/// `4k3/4R3/8/8/8/8/8/4K3 b`.
pub(super) fn opponent_in_check(pos: &Position) -> Option<String> {
    let mover = pos.turn.opponent();
    let king = pos.king(mover)?;
    let attackers = pos.attackers(king, pos.turn, pos.occupied());
    attackers.nonempty().then(|| {
        format!(
            "{} is to move, but the {} king on {king} is in check from {}",
            side_name(pos.turn),
            color_name(mover),
            describe(pos, attackers)
        )
    })
}

/// "the rook on e7", "the knight on f6 and the bishop on b5".
fn describe(pos: &Position, units: Bitboard) -> String {
    units
        .map(|s| {
            let kind = pos.kind_at(s).expect("unit");
            format!("the {} on {s}", role_name(kind))
        })
        .collect::<Vec<_>>()
        .join(" and ")
}

/// One possible last move, as far as checks care: the squares its units
/// stand on now, and the squares it emptied.
#[derive(Clone, Copy)]
struct Retro {
    arrived: Bitboard,
    vacated: Bitboard,
}

/// Every last move the side `s` could have made, by geometry alone (a
/// superset of the real possibilities: captures may have been made on
/// the arrival square, so it tells nothing about what stood there).
fn retro_moves(pos: &Position, s: Color, out: &mut Vec<Retro>) {
    let occ = pos.occupied();
    let empty = !occ;
    let back = if s == Color::White { -1i8 } else { 1 };
    let single = |arrived: Square, from: Square| Retro {
        arrived: Bitboard::from_square(arrived),
        vacated: Bitboard::from_square(from),
    };
    for t in pos.by_color(s) {
        let kind = pos.kind_at(t).expect("unit");
        let from: Bitboard = match kind {
            Kind::KING => attacks::king(t),
            Kind::QUEEN => attacks::queen(t, occ),
            Kind::ROOK => attacks::rook(t, occ),
            Kind::BISHOP => attacks::bishop(t, occ),
            Kind::KNIGHT => attacks::knight(t),
            _ => Bitboard::EMPTY,
        } & empty;
        out.extend(from.map(|f| single(t, f)));
        // A promoted unit came from the rank before, straight or capturing.
        if kind != Kind::KING && kind != Kind::PAWN && t.rank() == s.promotion_rank() {
            for df in [-1, 0, 1] {
                if let Some(f) = t.offset(df, back).filter(|f| empty.contains(*f)) {
                    out.push(single(t, f));
                }
            }
        }
        if kind == Kind::PAWN && t.rank() != s.pawn_rank() {
            let Some(one) = t.offset(0, back) else {
                continue;
            };
            if empty.contains(one) && one.rank() != s.back_rank() {
                out.push(single(t, one));
                if one.rank() != s.pawn_rank() {
                    if let Some(two) = one.offset(0, back) {
                        if two.rank() == s.pawn_rank() && empty.contains(two) {
                            out.push(single(t, two));
                        }
                    }
                }
            }
            for df in [-1, 1] {
                let Some(f) = t.offset(df, back) else {
                    continue;
                };
                if !empty.contains(f) || f.rank() == s.back_rank() {
                    continue;
                }
                out.push(single(t, f));
                // En passant: the captured pawn's square was emptied too.
                let ep_rank = s.opponent().pawn_rank() as i8 + back;
                if t.rank() as i8 == ep_rank && empty.contains(one) {
                    out.push(Retro {
                        arrived: Bitboard::from_square(t),
                        vacated: Bitboard::from_square(f) | Bitboard::from_square(one),
                    });
                }
            }
        }
        // Castling: the rook arrives beside the king and both corners empty.
        if kind == Kind::KING && t.rank() == s.back_rank() {
            let rank = s.back_rank();
            for (king_file, rook_file, corner) in [(6u8, 5u8, 7u8), (2, 3, 0)] {
                let rook = Square::new(rook_file, rank);
                let (e, c) = (Square::new(4, rank), Square::new(corner, rank));
                if t.file() == king_file
                    && pos.pieces(s, Kind::ROOK).contains(rook)
                    && empty.contains(e)
                    && empty.contains(c)
                {
                    out.push(Retro {
                        arrived: Bitboard::from_square(t) | Bitboard::from_square(rook),
                        vacated: Bitboard::from_square(e) | Bitboard::from_square(c),
                    });
                }
            }
        }
    }
}

/// `impossible-check`: before the last move the side to move was not in
/// check (its own previous move would have been illegal), so the last move
/// gave every check there is now: each checking unit either made that move
/// or had its line to the king opened by a square the move emptied. At
/// most two lines open at once (en passant empties two squares), so this
/// rejects triple checks, double checks no single move gives (two
/// knights, knight and pawn, two rooks along the rank and file ...), and
/// checks by units that cannot have just moved, such as a pawn on its
/// initial rank.
///
/// Rejected: `4k3/3p4/4K3/8/8/8/8/8 w` (a black pawn on d7 has never moved,
/// so it did not just give check); accepted: `4k3/8/3p4/4K3/8/8/8/8 w`.
/// Rejected: `4k3/8/3N1N2/8/8/8/8/4K3 b` (two knights); accepted:
/// `4k3/8/3N4/8/8/8/8/4RK2 b` (the knight on d6 moved from e4 and opened
/// the rook's file).
pub(super) fn impossible_check(pos: &Position) -> Option<String> {
    let victim = pos.turn;
    let king = pos.king(victim)?;
    let s = victim.opponent();
    let occ = pos.occupied();
    let checkers = pos.attackers(king, s, occ);
    if checkers.is_empty() {
        return None;
    }
    let mut retros = Vec::new();
    retro_moves(pos, s, &mut retros);
    let explained = |r: &Retro| {
        checkers
            .into_iter()
            .all(|x| r.arrived.contains(x) || (attacks::between(x, king) & r.vacated).nonempty())
    };
    if retros.iter().any(explained) {
        return None;
    }
    let what = if checkers.count() > 2 {
        "no move gives a triple check"
    } else if checkers.count() == 2 {
        "no single move could have given both checks"
    } else {
        "no move could have given this check"
    };
    Some(format!(
        "the {} king on {king} is in check from {} ({}): {what}",
        color_name(victim),
        describe(pos, checkers),
        square_list(checkers),
    ))
}
