//! SingleBox, type 1: the units of each side come from one box of
//! orthodox men, the game array's: one king, one queen, two rooks, two
//! bishops, two knights, eight pawns. A move is illegal when, once
//! played, a side has more units of an orthodox kind than that (so a pawn
//! promotes only to a kind the box still holds). A king is in check only
//! where its capture would be legal too: a pawn taking it on its
//! promotion rank must have some kind to promote to, and a diagram out of
//! the box has no check and no legal move.
//!
//! SingleBox, type 2: the same box, and a pawn reaching its promotion
//! rank may also stay a pawn there, a "latent" pawn. After each move the
//! mover promotes one latent pawn of the other side to a kind of that
//! side missing from the box (Popeye's `[h1=S]`), when there is one and a
//! kind is missing: every such choice is a move of its own (the pawns in
//! Popeye's order, White's from h8 to a8, Black's from a1 to h1; the
//! kinds queen, knight, rook, bishop). A move is illegal when, once it and
//! its latent promotion are played, a side is out of the box, or a side
//! has a latent pawn while a kind of its own is missing (so a pawn stays a
//! pawn only when its side lacks no queen, rook, bishop or knight), or
//! the mover's king is in check (the promoted unit may give it). Check is
//! orthodox: a pawn on its seventh rank may always take as a pawn. With
//! a Circe form the latent promotion is played after the move and before
//! the rebirth, on the position of that moment (Popeye's order).
//!
//! SingleBox, type 3: the same box, and latent pawns as in type 2, but a
//! side promotes its own: while the mover has a latent pawn and misses a
//! kind, each of its moves is made with one latent pawn become one missing
//! kind first (Popeye's `[c8=S]Sc8-b6`, `[a8=S]Rg6*g1`; every pawn and
//! kind a move of its own, the pawn itself may move as that kind). A move
//! is illegal when, once played, a side is out of the box or the mover
//! keeps a latent pawn while a kind of its own is missing. A latent pawn
//! checks as every kind its side misses. Under GlasgowChess Popeye's three
//! tests part: no pawn becomes a kind before a move (it seeks latent
//! pawns on its promotion squares of the last rank, and there are none),
//! a pawn on the seventh rank (Black's second), where it may stay a pawn,
//! checks as every missing kind, and a pawn on the last rank makes its
//! side's move illegal while a kind is missing.

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Bitboard, Color, Kind, Position, Square};
use crate::moves::{Effect, Move};
use crate::rules::{Condition, Observer, Rules};

pub struct SingleBox;

/// The game array's units of each orthodox kind, per side.
const BOX: [(Kind, u32); 6] = [
    (Kind::KING, 1),
    (Kind::QUEEN, 1),
    (Kind::ROOK, 2),
    (Kind::BISHOP, 2),
    (Kind::KNIGHT, 2),
    (Kind::PAWN, 8),
];

/// The kinds a latent pawn may become, in Popeye's order, with the number
/// of each the box holds.
const PROMOTEES: [(Kind, u32); 4] = [
    (Kind::QUEEN, 1),
    (Kind::KNIGHT, 2),
    (Kind::ROOK, 2),
    (Kind::BISHOP, 2),
];

/// The SingleBox type in force (1, 2 or 3).
#[inline]
fn box_type(rules: &Rules) -> u8 {
    rules.param(Condition::SingleBox).number.max(1)
}

/// The kinds of `side` missing from the box, in Popeye's order.
fn missing(pos: &Position, side: Color) -> impl Iterator<Item = Kind> + '_ {
    PROMOTEES
        .iter()
        .filter(move |&&(kind, n)| pos.pieces(side, kind).count() < n)
        .map(|&(kind, _)| kind)
}

/// The latent pawns of `side` (its pawns on its promotion rank), in
/// Popeye's order: White's from h8 to a8, Black's from a1 to h1.
fn latent_pawns(pos: &Position, side: Color) -> Vec<Square> {
    let rank = side.promotion_rank();
    let mut squares: Vec<Square> = pos
        .pieces(side, Kind::PAWN)
        .into_iter()
        .filter(|sq| sq.rank() == rank)
        .collect();
    squares.sort_by_key(|sq| sq.file());
    if side == Color::White {
        squares.reverse();
    }
    squares
}

/// The pawns of `side` on `rank`.
fn pawns_on_rank(pos: &Position, side: Color, rank: u8) -> Vec<Square> {
    pos.pieces(side, Kind::PAWN)
        .into_iter()
        .filter(|sq| sq.rank() == rank)
        .collect()
}

/// Whether `side` has a latent pawn while a kind of its own is missing.
fn illegal_latent(pos: &Position, side: Color) -> bool {
    let rank = side.promotion_rank();
    pos.pieces(side, Kind::PAWN)
        .into_iter()
        .any(|sq| sq.rank() == rank)
        && missing(pos, side).next().is_some()
}

/// Where in `mv`'s effects the latent promotion goes: after those that
/// belong to the move itself (a Mars premove, a kamikaze capturer
/// leaving), before any rebirth.
fn before_rebirth(mv: &Move) -> usize {
    mv.effects
        .iter()
        .position(|e| {
            !matches!(
                e,
                Effect::Mark { .. }
                    | Effect::Premove { .. }
                    | Effect::CapturerVanishes
                    | Effect::CapturerRemoved { .. }
            )
        })
        .unwrap_or(mv.effects.len())
}

/// `moves` with, before the first promotion of each pawn move, the same
/// move with the pawn staying a pawn (types 2 and 3).
fn with_pawns_staying(moves: &[Move]) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        if mv.promotion.is_some() {
            let first = i == 0 || {
                let prev = &moves[i - 1];
                prev.promotion.is_none()
                    || prev.from != mv.from
                    || prev.to != mv.to
                    || prev.capture_square != mv.capture_square
                    || prev.effects != mv.effects
            };
            if first {
                out.push(Move {
                    promotion: None,
                    ..mv
                });
            }
        }
        out.push(mv);
    }
    out
}

/// Type 3: while the mover has a latent pawn and misses a kind, each of
/// its moves is made with one latent pawn first become one missing kind
/// (the pawn itself may then move as that kind); each pawn and kind is a
/// move of its own. Without such a promotion the moves are the legal
/// ones, a pawn reaching its last rank may also stay a pawn.
fn type3(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
    let us = pos.turn;
    // Popeye looks for them on the last rank among its promotion squares:
    // under GlasgowChess, which moves those a rank back, it finds none.
    let latent = if rules.promotion_rank(us) == us.promotion_rank() {
        latent_pawns(pos, us)
    } else {
        Vec::new()
    };
    let kinds: Vec<Kind> = missing(pos, us).collect();
    let legal = |mv: &Move| {
        let after = pos.play(mv);
        crate::movegen::is_legal_after(pos, rules, mv, &after)
            && !out_of_box(&after)
            && !illegal_latent(&after, us)
    };
    if latent.is_empty() || kinds.is_empty() {
        let candidates = with_pawns_staying(&moves[start..]);
        moves.truncate(start);
        for mv in candidates {
            // The others were judged with the list.
            let pawn_arriving =
                mv.piece.kind == Kind::PAWN && mv.to.rank() == rules.promotion_rank(us);
            if !pawn_arriving || legal(&mv) {
                moves.push(mv);
            }
        }
        return;
    }
    moves.truncate(start);
    let mut pseudo = Vec::new();
    for &on in &latent {
        let pawn = pos.piece_at(on).expect("latent pawn");
        for &kind in &kinds {
            let unit = crate::board::Piece { kind, ..pawn };
            let mut board = *pos;
            board.put(on, unit);
            pseudo.clear();
            crate::movegen::pseudo_legal_moves(&board, rules, &mut pseudo);
            for mv in with_pawns_staying(&pseudo) {
                let mut variant = mv;
                variant.effects.insert(0, Effect::LatentFirst { on, unit });
                if legal(&variant) {
                    moves.push(variant);
                }
            }
        }
    }
}

/// Type 1 as the only condition, with orthodox units and one king: check
/// without playing the king's capture out ([`SingleBox::observes`] does).
/// Such a capture takes no unit from the capturing side and adds none to
/// it unless a pawn promotes: it leaves the position in the box when the
/// position is in it, and a pawn taking on its promotion rank needs a kind
/// its side misses. None where this does not hold.
fn check_alone(rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
    if box_type(rules) != 1
        || rules.conditions.iter().nth(1).is_some()
        || rules.has_families()
        || (pos.fairy() | pos.attributed()).nonempty()
        || pos.pieces(color, Kind::KING).count() != 1
    {
        return None;
    }
    let king = pos.pieces(color, Kind::KING).first()?;
    if out_of_box(pos) {
        return Some(false);
    }
    let them = color.opponent();
    let attackers = rules.orthodox_attackers(pos, king, them);
    let promoting = if king.rank() == them.promotion_rank() {
        attackers & pos.pieces(them, Kind::PAWN)
    } else {
        Bitboard::EMPTY
    };
    Some(
        (attackers & !promoting).nonempty()
            || (promoting.nonempty() && missing(pos, them).next().is_some()),
    )
}

/// Whether some side has more units of a kind than the box holds.
fn out_of_box(pos: &Position) -> bool {
    Color::ALL.iter().any(|&side| {
        BOX.iter()
            .any(|&(kind, n)| more_than(pos.pieces(side, kind), n))
    })
}

/// Whether `units` holds more than `n` squares: asked of every move, so
/// without counting them all.
#[inline(always)]
fn more_than(units: Bitboard, n: u32) -> bool {
    let mut rest = units.0;
    for _ in 0..n {
        rest &= rest.wrapping_sub(1);
    }
    rest != 0
}

impl ConditionRule for SingleBox {
    const ID: &'static str = "singlebox";
    const PARAMETER: Parameter = Parameter::Type(3, 1);
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_observation: false,
        orthodox_legality: false,
        // Type 3: a latent pawn checks as a missing kind.
        check_implies_attack: false,
        // Type 2: the filter makes the latent promotions and may leave no
        // move.
        moves_judged_alone: false,
        filter_keeps_a_move: false,
        ..Capabilities::ORTHODOX
    };

    /// Type 1 has no filter: its moves are judged alone.
    fn capabilities_given(param: &super::Param) -> Capabilities {
        match param.number {
            0 | 1 => Capabilities {
                moves_judged_alone: true,
                filter_keeps_a_move: true,
                check_implies_attack: true,
                ..Self::CAPABILITIES
            },
            2 => Capabilities {
                check_implies_attack: true,
                ..Self::CAPABILITIES
            },
            _ => Self::CAPABILITIES,
        }
    }

    #[inline]
    fn legal_after(rules: &Rules, before: &Position, mv: &Move, after: &Position) -> bool {
        match box_type(rules) {
            // Types 2 and 3 judge a promotion in the filter, where the
            // pawn may also stay a pawn.
            2 => mv.promotion.is_some() || !out_of_box(after),
            3 if mv.promotion.is_some() => true,
            // Type 3: nor may the mover keep a latent pawn while a kind of
            // its own is missing.
            3 => !out_of_box(after) && !illegal_latent(after, before.turn),
            _ => !out_of_box(after),
        }
    }

    /// Type 3: a latent pawn checks as every kind its side misses. Popeye
    /// takes for latent here every pawn on its side's promotion rank: the
    /// last one, or under GlasgowChess the one before, where a pawn may
    /// have stayed a pawn.
    fn checks(rules: &Rules, pos: &Position, king: Square, color: Color) -> bool {
        if box_type(rules) != 3 {
            return false;
        }
        let them = color.opponent();
        let latent = pawns_on_rank(pos, them, rules.promotion_rank(them));
        if latent.is_empty() {
            return false;
        }
        missing(pos, them).any(|kind| {
            latent.iter().any(|&on| {
                let unit = crate::board::Piece {
                    kind,
                    ..pos.piece_at(on).expect("latent pawn")
                };
                pos.attacks_from(on, unit).contains(king)
            })
        })
    }

    /// Type 2: a pawn may stay a pawn on its promotion rank, and each move
    /// is followed by a latent promotion of the other side's pawns.
    fn filter(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        match box_type(rules) {
            2 => {}
            3 => return type3(rules, pos, moves, start),
            _ => return,
        }
        let us = pos.turn;
        let them = us.opponent();
        let candidates = with_pawns_staying(&moves[start..]);
        moves.truncate(start);
        for mv in candidates {
            // Popeye promotes after the move and before any rebirth: the
            // latent pawns and the missing kinds are those of that moment.
            let at = before_rebirth(&mv);
            let mut bare = mv;
            bare.effects.truncate(at);
            let early = pos.play(&bare);
            let latent = latent_pawns(&early, them);
            let kinds: Vec<Kind> = missing(&early, them).collect();
            if latent.is_empty() || kinds.is_empty() {
                let after = pos.play(&mv);
                if !out_of_box(&after)
                    && !illegal_latent(&after, us)
                    && !illegal_latent(&after, them)
                {
                    moves.push(mv);
                }
                continue;
            }
            for &on in &latent {
                let pawn = early.piece_at(on).expect("latent pawn");
                for &kind in &kinds {
                    let unit = crate::board::Piece { kind, ..pawn };
                    let mut variant = mv;
                    variant.effects.insert(at, Effect::WalkChange { on, unit });
                    let after = pos.play(&variant);
                    if out_of_box(&after)
                        || illegal_latent(&after, us)
                        || illegal_latent(&after, them)
                        || rules.in_check(&after, us)
                    {
                        continue;
                    }
                    moves.push(variant);
                }
            }
        }
    }

    fn decides_check(rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
        check_alone(rules, pos, color)
    }

    /// The capture of the king, played, must leave the position in the
    /// box (a pawn taking it on its promotion rank with some kind the box
    /// still holds). Popeye asks this of check alone (other observations,
    /// a magic unit's views, are not judged), and plays the capture with
    /// all it does where a condition changes units (magic's changes of
    /// side).
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        if box_type(rules) != 1 {
            return true;
        }
        let Some(victim) = pos.piece_at(target) else {
            return true;
        };
        if !victim.kind.is_royal() && !victim.attrs.contains(crate::board::Attrs::ROYAL) {
            return true;
        }
        rules.some_capture_played(
            pos,
            observer.unit,
            observer.on,
            target,
            victim,
            &mut |_, after| !out_of_box(after),
        )
    }

    fn refusal(rules: &Rules) -> Option<String> {
        if rules.family(crate::rules::Base::AntiCirce).is_some() {
            return Some("anticirce incompatible with some fairy conditions".into());
        }
        None
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Repertoire, Rules};

    fn singlebox(pieces: &str) -> Rules {
        let mut r = Rules::orthodox().with(Condition::SingleBox);
        r.repertoire = Repertoire::of(&Position::from_piece_list(pieces).unwrap(), r.conditions);
        r
    }

    fn type2(rules: Rules, pieces: &str) -> Rules {
        let mut r = rules.with_param(
            Condition::SingleBox,
            crate::rules::conditions::Param {
                number: 2,
                ..Default::default()
            },
        );
        r.repertoire = Repertoire::of(&Position::from_piece_list(pieces).unwrap(), r.conditions);
        r
    }

    fn circe() -> Rules {
        Rules::with_circe(crate::rules::CirceRules::of(crate::rules::Base::Circe))
    }

    #[test]
    fn type1_check_without_the_capture_played_is_check_with_it() {
        // Random positions, some out of the box, many with a pawn next to
        // a king on the pawn's promotion rank and a side whose box is full
        // or not: the check found without playing the king's capture out
        // must be the one found by playing it.
        let mut rng = crate::test_rng::XorShift::new(0x2545_f491_4f6c_dd1d);
        let full = ["Q", "R", "R", "B", "B", "S", "S"];
        let (mut checks, mut promoting, mut out) = (0, 0, 0);
        for _ in 0..3000 {
            let mut units = crate::test_rng::PieceList::default();
            // The black king on the last rank, a white pawn below it.
            let bk = 56 + rng.below(8) as u8;
            units.place("bK", bk);
            let file = bk % 8;
            let beside = if file == 0 || (file < 7 && rng.below(2) == 0) {
                bk - 7
            } else {
                bk - 9
            };
            if rng.below(4) != 0 {
                units.place("wP", beside);
            }
            units.place_anywhere(&mut rng, "wK");
            // White's box full (no kind to promote to) or not, and now and
            // then a unit too many.
            let white: Vec<&str> = if rng.below(2) == 0 {
                full.to_vec()
            } else {
                (0..rng.below(5))
                    .map(|_| ["Q", "R", "B", "S"][rng.below(4) as usize])
                    .collect()
            };
            for kind in white {
                units.place_anywhere(&mut rng, &format!("w{kind}"));
            }
            for _ in 0..rng.below(5) {
                let kind = ["Q", "R", "B", "S", "P"][rng.below(5) as usize];
                units.place_anywhere(&mut rng, &format!("b{kind}"));
            }
            let list = units.text;
            let Ok(pos) = Position::from_piece_list(&list) else {
                continue;
            };
            let rules = singlebox(&list);
            for color in [Color::White, Color::Black] {
                let fast = super::check_alone(&rules, &pos, color).expect("type 1 alone");
                let played = rules.in_check_as_attacked(&pos, color);
                assert_eq!(fast, played, "{list}: {color:?} in check");
                checks += usize::from(played);
            }
            let pawn = pos.piece_at(crate::board::Square(beside));
            promoting += usize::from(pawn.is_some_and(|p| p.kind == crate::board::Kind::PAWN));
            out += usize::from(super::out_of_box(&pos));
        }
        assert!(
            checks > 300 && promoting > 1000 && out > 100,
            "{checks} {promoting} {out}"
        );
    }

    /// The moves of `turn` whose text starts with `start`.
    fn moves_from(rules: &Rules, pieces: &str, turn: Color, start: &str) -> Vec<String> {
        let mut v = moves(rules, pieces, turn);
        v.retain(|m| m.starts_with(start));
        v
    }

    #[test]
    fn type2_a_pawn_stays_a_pawn_only_when_its_side_lacks_no_kind() {
        // White lacks a bishop: its pawns must promote, to a bishop.
        let lacking = "wKa1 wQd1 wRa2 wRb2 wBc1 wSc3 wSg1 wPe7 wPg7 bKf5 bPh4 bRf8";
        let r = type2(Rules::orthodox(), lacking);
        assert_eq!(
            moves_from(&r, lacking, Color::White, "e7"),
            sorted("e7-e8=B e7*f8=B")
        );
        // With both bishops nothing is missing: they stay pawns.
        let full = "wKa1 wQd1 wRa2 wRb2 wBc1 wBf1 wSc3 wSg1 wPe7 wPg7 bKf5 bPh4 bRf8";
        let r = type2(Rules::orthodox(), full);
        assert_eq!(
            moves(&r, full, Color::White)
                .into_iter()
                .filter(|m| m.starts_with("e7") || m.starts_with("g7"))
                .collect::<Vec<_>>(),
            sorted("e7-e8 e7*f8 g7-g8 g7*f8")
        );
    }

    #[test]
    fn type2_the_mover_promotes_a_latent_pawn_of_the_other_side() {
        // Both black latent pawns are illegal while Black lacks kinds: only
        // taking one and promoting the other is legal, and neither to a
        // queen nor a rook, which would check h1.
        let pieces = "wKh1 wRa2 wBa4 wSa6 wSc6 wPe7 bKh8 bRd8 bPh6 bPa1 bPb1";
        let r = type2(Rules::orthodox(), pieces);
        assert_eq!(
            moves(&r, pieces, Color::White),
            sorted("Ra2*a1[b1=S] Ra2*a1[b1=B]")
        );
        // With Circe the promotion comes before the rebirth.
        let r = type2(circe(), pieces);
        assert_eq!(
            moves(&r, pieces, Color::White),
            sorted("Ra2*a1[b1=S][+bPa7] Ra2*a1[b1=B][+bPa7]")
        );
    }

    #[test]
    fn type2_with_circe_the_missing_kinds_are_counted_before_the_rebirth() {
        // Re8*e4 takes a knight: without Circe h8 becomes it; with Circe
        // it becomes it too, before the knight is reborn on b1, and White
        // then has three knights.
        let pieces = "wKa1 wQd1 wRa2 wRb2 wBc1 wBf1 wSe4 wSc3 wPh8 bKc7 bRe8";
        let r = type2(Rules::orthodox(), pieces);
        assert_eq!(
            moves_from(&r, pieces, Color::Black, "Re8*e4"),
            sorted("Re8*e4[h8=S]")
        );
        let r = type2(circe(), pieces);
        assert!(moves_from(&r, pieces, Color::Black, "Re8*e4").is_empty());
    }

    fn type3(pieces: &str) -> Rules {
        let mut r = Rules::orthodox().with_param(
            Condition::SingleBox,
            crate::rules::conditions::Param {
                number: 3,
                ..Default::default()
            },
        );
        r.repertoire = Repertoire::of(&Position::from_piece_list(pieces).unwrap(), r.conditions);
        r
    }

    #[test]
    fn type3_every_move_comes_with_a_latent_promotion_first() {
        // White lacks a knight: the latent pawn c8 becomes one before each
        // move, and may itself move as one (Popeye: 52 moves, each
        // `[c8=S]...`).
        let pieces = "wKa1 wQd1 wRh1 wRh2 wBc1 wBf1 wSg1 wPc8 bKe5 bPa4";
        let all = moves(&type3(pieces), pieces, Color::White);
        assert_eq!(all.len(), 52);
        assert!(all.iter().all(|m| m.starts_with("[c8=S]")));
        assert_eq!(
            moves_from(&type3(pieces), pieces, Color::White, "[c8=S]Sc8"),
            sorted("[c8=S]Sc8-a7 [c8=S]Sc8-b6 [c8=S]Sc8-d6 [c8=S]Sc8-e7")
        );
    }

    #[test]
    fn type3_a_latent_pawn_checks_as_a_missing_kind() {
        // The black pawn e1 checks f3 as a knight (Popeye: only Kf3-g4
        // and Kf3-f4 escape it as every missing kind).
        let pieces = "wKf3 wPa2 bKh8 bPe1 bPa7";
        let pos = Position::from_piece_list(pieces).unwrap();
        assert!(type3(pieces).in_check(&pos, Color::White));
        assert!(!singlebox(pieces).in_check(&pos, Color::White));
        assert_eq!(
            moves(&type3(pieces), pieces, Color::White),
            sorted("Kf3-g4 Kf3-f4")
        );
    }

    #[test]
    fn type3_under_glasgow_a_pawn_checks_from_the_seventh_and_stops_its_side_on_the_eighth() {
        // Popeye 4.104, SingleBox type 3 with GlasgowChess. The white pawn
        // c7 stands on its promotion rank and checks as every missing
        // kind: the black king e8 escapes to f8 only (to four squares
        // without GlasgowChess).
        let glasgow = |pieces: &str| {
            let mut r = type3(pieces).with(Condition::GlasgowChess);
            r.repertoire =
                Repertoire::of(&Position::from_piece_list(pieces).unwrap(), r.conditions);
            r
        };
        let pieces = "wKa1 wPc7 bKe8";
        assert_eq!(
            moves(&glasgow(pieces), pieces, Color::Black),
            sorted("Ke8-f8")
        );
        assert_eq!(moves(&type3(pieces), pieces, Color::Black).len(), 4);
        // The pawn c8 becomes no kind before a move (Popeye seeks latent
        // pawns among its promotion squares, the seventh rank's), and
        // White may not keep it while it misses kinds: no move at all.
        // Without GlasgowChess every move comes with [c8=Q], [c8=S]...
        let pieces = "wKa1 wPc8 wRh2 bKe5";
        assert!(moves(&glasgow(pieces), pieces, Color::White).is_empty());
        assert!(!moves(&type3(pieces), pieces, Color::White).is_empty());
    }

    #[test]
    fn a_pawn_promotes_only_to_a_kind_left_in_the_box() {
        let pieces = "wKa1 wPe7 wPb2 wRh1 wBc1 wBf1 bKh8 bRd8 bSb8 bSg8 bPh3";
        assert_eq!(
            moves(&singlebox(pieces), pieces, Color::White),
            sorted(
                "Ka1-a2 Ka1-b1 Bc1-h6 Bc1-g5 Bc1-f4 Bc1-e3 Bc1-d2 Bf1*h3 Bf1-g2 Bf1-a6 \
                 Bf1-b5 Bf1-c4 Bf1-d3 Bf1-e2 Rh1-g1 Rh1*h3 Rh1-h2 b2-b4 b2-b3 e7-e8=Q \
                 e7-e8=S e7-e8=R e7*d8=Q e7*d8=S e7*d8=R"
            )
        );
    }

    #[test]
    fn out_of_the_box_nothing_checks_and_nothing_moves() {
        // Three black bishops: the knight f3 does not check g5 (Popeye
        // finds no move and no illegal diagram).
        let pieces = "wBb8 wBh5 wKh8 wRf4 wSd7 wSf3 bBc3 bBf2 bBh3 bKg5 bQa3 bSe4";
        let pos = Position::from_piece_list(pieces).unwrap();
        assert!(!singlebox(pieces).in_check(&pos, Color::Black));
        assert!(moves(&singlebox(pieces), pieces, Color::White).is_empty());
    }

    #[test]
    fn a_pawn_checks_on_its_last_rank_only_with_a_kind_to_become() {
        let full = "wKa1 wQa2 wRa3 wRa4 wBa5 wBb5 wSa6 wSb6 wPg7 bKh8";
        let pos = Position::from_piece_list(full).unwrap();
        assert!(!singlebox(full).in_check(&pos, Color::Black));
        let room = "wKa1 wQa2 wRa3 wRa4 wBa5 wBb5 wSa6 wPg7 bKh8";
        let pos = Position::from_piece_list(room).unwrap();
        assert!(singlebox(room).in_check(&pos, Color::Black));
    }
}
