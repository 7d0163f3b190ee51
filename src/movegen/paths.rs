//! Moves under the conditions that change where units move from or
//! whether they may move: the Mars family (MarsCirce, AntiMarsCirce,
//! PhantomChess), Madrasi's paralysed units and DangerCirce's extra move.
//!
//! A unit that moves from its rebirth square is lifted and put there
//! first; its moves are generated on that board, as any unit's, and carry
//! the lift as a [`Effect::Premove`] (Popeye's `Rb3-h1*g1`). The problems
//! that use none of these conditions never come here.

use super::{generate, generate_lifted};
use crate::board::{Bitboard, Kind, Piece, Position, Square};
use crate::moves::{Effect, Effects, Motion, Move};
use crate::rules::paths::castling_square;
use crate::rules::{rebirth, CirceRules, Paths, Rules, Walks};

/// Appends the pseudo-legal moves of the side to move.
pub(super) fn pseudo_legal_moves(pos: &Position, rules: &Rules, out: &mut Vec<Move>) {
    pseudo_legal_moves_of(pos, rules, pos.by_color(pos.turn), out);
}

/// [`pseudo_legal_moves`] of the units on `units` alone.
pub(super) fn pseudo_legal_moves_of(
    pos: &Position,
    rules: &Rules,
    units: Bitboard,
    out: &mut Vec<Move>,
) {
    let us = pos.turn;
    let movers = units & pos.by_color(us) & !rules.conditions.immobile(rules, pos, us);
    match rules.paths() {
        None => generate(pos, rules, movers, out),
        Some(paths) => {
            for from in movers {
                unit_moves(pos, rules, &paths, from, out);
            }
        }
    }
    if !rules.conditions.is_empty() {
        for from in movers {
            rules.conditions.extra_moves(rules, pos, from, out);
        }
    }
}

/// What a path keeps of the moves generated from its square.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    Captures,
    NonCaptures,
    All,
}

impl Keep {
    /// Castling is neither a capture nor a non-capture to these filters
    /// (Popeye's): every path keeps it.
    #[inline]
    fn keeps(self, mv: &Move) -> bool {
        match self {
            Keep::All => true,
            _ if mv.is_castling() => true,
            Keep::Captures => mv.is_capture(),
            Keep::NonCaptures => !mv.is_capture(),
        }
    }
}

/// The moves of the unit on `from` under the Mars family.
fn unit_moves(pos: &Position, rules: &Rules, paths: &Paths<'_>, from: Square, out: &mut Vec<Move>) {
    let unit = pos.piece_as(from, pos.turn).expect("own unit");
    let mut lifted = pos.occupied();
    lifted.clear(from);
    if let Some(phantom) = &paths.phantom {
        phantom_moves(pos, rules, phantom, unit, from, lifted, out);
        return;
    }
    let walks = lent_walks(pos, rules, unit, from);
    // Non-captures from the AntiMars square, captures from the Mars
    // square; each from the unit's own square when that base is not in
    // force. A unit whose rebirth square is occupied (or a king that does
    // not take part) has no moves of that kind.
    match paths.antimars {
        None => from_square(pos, rules, from, Keep::NonCaptures, out),
        Some(am) => {
            for (r, walks) in origins(am, pos, unit, walks, from, lifted) {
                let start = out.len();
                from_rebirth_square(pos, rules, unit, walks, from, r, Keep::NonCaptures, out);
                // A move back onto the unit's own square is no move;
                // Popeye keeps it when it is a double step or castling.
                retain_from(out, start, |mv| {
                    mv.to != from || mv.is_castling() || mv.motion == Motion::DoubleStep
                });
                if unit.kind == Kind::KING && r == castling_square(unit.color) {
                    castling_with_reborn_rooks(pos, rules, unit, from, r, out);
                }
            }
        }
    }
    match paths.mars {
        None => from_square(pos, rules, from, Keep::Captures, out),
        Some(mars) => {
            for (r, walks) in origins(mars, pos, unit, walks, from, lifted) {
                from_rebirth_square(pos, rules, unit, walks, from, r, Keep::Captures, out);
            }
        }
    }
}

/// The walks the conditions lend `unit` on `from`, before it is lifted;
/// None when every unit keeps its own walk.
fn lent_walks(pos: &Position, rules: &Rules, unit: Piece, from: Square) -> Option<Walks> {
    (!rules.conditions.own_walks()).then(|| rules.conditions.walks(rules, pos, from, unit, false))
}

/// The squares `unit` on `from` moves from under `path`, each with the
/// walks it moves with there. A condition that lends walks (AnnanChess,
/// TransmutedKings) lends them on the unit's own square, before it is
/// lifted: each walk has the rebirth square of its own kind and is played
/// from there (Popeye's order); `walks` is None when every unit has its
/// own walk, and the squares are then the unit's own, found with no
/// allocation.
fn origins(
    path: &CirceRules,
    pos: &Position,
    unit: Piece,
    walks: Option<Walks>,
    from: Square,
    lifted: Bitboard,
) -> Origins {
    let Some(walks) = walks else {
        return Origins::Own(path.origins(pos, unit, from, lifted));
    };
    let mut found: Vec<(Square, Walks)> = Vec::new();
    for walk in walks.iter() {
        for r in path.origins_walking(pos, unit, walk, from, lifted) {
            match found.iter_mut().find(|(s, _)| *s == r) {
                Some((_, ws)) => ws.push(walk),
                None => {
                    let mut ws = Walks::NONE;
                    ws.push(walk);
                    if walks.are_apart() {
                        ws = ws.kept_apart();
                    }
                    found.push((r, ws));
                }
            }
        }
    }
    Origins::Lent(found.into_iter())
}

/// What [`origins`] finds: the unit's own rebirth squares, or squares each
/// with the walks lent for it.
enum Origins {
    Own(Bitboard),
    Lent(std::vec::IntoIter<(Square, Walks)>),
}

impl Iterator for Origins {
    type Item = (Square, Option<Walks>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Origins::Own(squares) => squares.next().map(|r| (r, None)),
            Origins::Lent(found) => found.next().map(|(r, ws)| (r, Some(ws))),
        }
    }
}

/// PhantomChess: every move from the unit's square, then every move from
/// its rebirth square that arrives neither on the unit's square nor where
/// a move from its square arrives, castling excepted.
fn phantom_moves(
    pos: &Position,
    rules: &Rules,
    phantom: &CirceRules,
    unit: Piece,
    from: Square,
    lifted: Bitboard,
    out: &mut Vec<Move>,
) {
    let walks = lent_walks(pos, rules, unit, from);
    let start = out.len();
    from_square(pos, rules, from, Keep::All, out);
    let mut arrivals = Bitboard::from_square(from);
    for mv in &out[start..] {
        arrivals.set(mv.to);
    }
    // PhantomChess has the classic square only: one origin at most.
    for (r, walks) in origins(phantom, pos, unit, walks, from, lifted) {
        if r == from {
            continue;
        }
        let start = out.len();
        from_rebirth_square(pos, rules, unit, walks, from, r, Keep::All, out);
        // Popeye's phantom king does not castle from its rebirth square.
        retain_from(out, start, |mv| {
            !arrivals.contains(mv.to) && !mv.is_castling()
        });
    }
}

/// The moves of the unit on `from` of the kind `keep` says.
fn from_square(pos: &Position, rules: &Rules, from: Square, keep: Keep, out: &mut Vec<Move>) {
    let start = out.len();
    generate(pos, rules, Bitboard::from_square(from), out);
    retain_from(out, start, |mv| keep.keeps(mv));
}

/// The moves of `unit`, lifted from `from` and put on `r`, of the kind
/// `keep` says, with `walks` when a condition lent them on `from`. A king
/// put on its castling square may castle from there, its own right taken
/// as granted (the rooks' rights are not).
#[allow(clippy::too_many_arguments)]
fn from_rebirth_square(
    pos: &Position,
    rules: &Rules,
    unit: Piece,
    walks: Option<Walks>,
    from: Square,
    r: Square,
    keep: Keep,
    out: &mut Vec<Move>,
) {
    let moved = lift(pos, unit, from, r);
    let start = out.len();
    let lifts = [Effect::Premove { from, to: r, unit }];
    generate_lifted(&moved, rules, Bitboard::from_square(r), &lifts, walks, out);
    retain_from(out, start, |mv| keep.keeps(mv));
    // Recorded even when the unit stands on its rebirth square (as
    // Popeye's journal does): it says which path the move came from. The
    // general pipeline has recorded it already.
    for mv in &mut out[start..] {
        if mv.effects.iter().next() != Some(&lifts[0]) {
            mv.effects = premoved(&lifts, mv.effects);
        }
    }
}

/// The captures of `unit`, lifted from `from` and put on the empty square
/// `r` (PlusChess's captures from the other centre squares).
pub(crate) fn captures_lifted(
    pos: &Position,
    rules: &Rules,
    unit: Piece,
    from: Square,
    r: Square,
    out: &mut Vec<Move>,
) {
    from_rebirth_square(pos, rules, unit, None, from, r, Keep::Captures, out);
}

/// The position with `unit` moved from `from` to `r` (which is empty or
/// `from`); a king put on its castling square may castle.
fn lift(pos: &Position, unit: Piece, from: Square, r: Square) -> Position {
    let mut moved = *pos;
    let on_board = moved.remove(from).expect("the moving unit");
    moved.put(r, on_board);
    // The unit keeps its identity (Diagram Circe reads it).
    let id = pos.id_code(from);
    moved.set_id_code(from, 0);
    moved.set_id_code(r, id);
    if unit.kind == Kind::KING && r == castling_square(unit.color) {
        moved.unmoved.set(r);
    }
    moved
}

/// AntiMarsCirce: the king, put on its castling square `r`, may also
/// castle with a rook put first on the rook's own rebirth square (a1 or
/// h1 by the colour of its square, a8 or h8 for Black) when that square is
/// empty; the rook then has the right to castle. Popeye generates every
/// castling of that board and gives the rook's move to the first one
/// generated only (the short castling first): the others are written and
/// played without it, as Popeye does.
fn castling_with_reborn_rooks(
    pos: &Position,
    rules: &Rules,
    king: Piece,
    from: Square,
    r: Square,
    out: &mut Vec<Move>,
) {
    let us = pos.turn;
    let with_king = lift(pos, king, from, r);
    for rook_from in with_king.pieces(us, Kind::ROOK) {
        let rook = with_king.piece_as(rook_from, us).expect("a rook");
        let corner = rebirth::classic(Kind::ROOK, us, rook_from);
        if with_king.occupied().contains(corner) {
            continue;
        }
        let mut board = with_king;
        let on_board = board.remove(rook_from).expect("the rook");
        board.put(corner, on_board);
        board.unmoved.set(corner);
        let start = out.len();
        generate(&board, rules, Bitboard::from_square(r), out);
        retain_from(out, start, Move::is_castling);
        for (i, mv) in out[start..].iter_mut().enumerate() {
            let king_premove = Effect::Premove {
                from,
                to: r,
                unit: king,
            };
            let rook_premove = Effect::Premove {
                from: rook_from,
                to: corner,
                unit: rook,
            };
            let lifts: &[Effect] = if i == 0 {
                &[king_premove, rook_premove]
            } else {
                &[king_premove]
            };
            mv.effects = premoved(lifts, mv.effects);
        }
    }
}

/// `lifts` followed by `effects`.
fn premoved(lifts: &[Effect], effects: Effects) -> Effects {
    let mut all = Effects::NONE;
    for e in lifts.iter().chain(effects.iter()) {
        all.push(*e);
    }
    all
}

/// Keeps the moves from `start` on that `keep` accepts.
fn retain_from(out: &mut Vec<Move>, start: usize, mut keep: impl FnMut(&Move) -> bool) {
    let mut kept = start;
    for i in start..out.len() {
        if keep(&out[i]) {
            out[kept] = out[i];
            kept += 1;
        }
    }
    out.truncate(kept);
}

#[cfg(test)]
mod tests {
    //! Each list is what Popeye 4.104 prints for the position (`~1`).
    use super::super::legal_moves;
    use crate::board::{Color, Position};
    use crate::io::notation::{popeye_move, Alphabet};
    use crate::rules::{Base, CirceRules, Condition, Rules, SideOverride};

    fn base(b: Base) -> Rules {
        Rules::with_circe(CirceRules::of(b))
    }

    /// The legal moves of White in Popeye's notation, sorted.
    fn moves(rules: &Rules, list: &str) -> Vec<String> {
        let pos = Position::from_piece_list(list).unwrap();
        assert_eq!(pos.turn, Color::White);
        let mut out = Vec::new();
        legal_moves(&pos, rules, &mut out);
        let mut found: Vec<String> = out
            .iter()
            .map(|m| popeye_move(m, Alphabet::English))
            .collect();
        found.sort();
        found
    }

    fn sorted(list: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn mars_captures_from_the_rebirth_square_and_moves_from_its_own() {
        // The rook on e1 (dark) captures from a1, passing over e1, which
        // it has left; its non-captures start from e1.
        let got = moves(&base(Base::MarsCirce), "wKh3 wRe1 bKc8 bBh1");
        assert!(got.contains(&"Re1-a1*h1".to_string()));
        assert!(got.contains(&"Re1-a1".to_string()));
        assert!(!got.iter().any(|m| m.starts_with("Re1*")));
        // With a1 occupied the rook captures nothing.
        let got = moves(&base(Base::MarsCirce), "wKh3 wRe1 wSa1 bKc8 bBh1");
        assert!(!got.iter().any(|m| m.contains('*')));
    }

    #[test]
    fn mars_pawns_capture_from_their_second_rank() {
        let got = moves(&base(Base::MarsCirce), "wKh3 wPf3 bKc8 bPe3 bPg4");
        assert_eq!(
            got,
            sorted(&["f3-f2*e3", "f3-f4", "Kh3-g2", "Kh3-h2", "Kh3-g3", "Kh3-h4"])
        );
    }

    #[test]
    fn mars_mirror_pawns_capture_from_the_other_sides_second_rank() {
        let rules = Rules::with_circe(CirceRules {
            side: SideOverride::Mirror,
            ..CirceRules::of(Base::MarsCirce)
        });
        let got = moves(&rules, "wKh1 wPb2 bKh8 bRa8");
        assert_eq!(
            got,
            sorted(&[
                "Kh1-g2",
                "b2-b7*a8=Q",
                "b2-b7*a8=S",
                "b2-b7*a8=R",
                "b2-b7*a8=B",
                "b2-b4",
                "b2-b3",
            ])
        );
    }

    #[test]
    fn mars_a_king_castles_from_its_rebirth_square_and_twice_from_e1() {
        // The king on f7 is in check from e8 (the black king's rebirth
        // square); it may still castle from e1, its own right granted.
        let got = moves(&base(Base::MarsCirce), "wKf7 wPh4 wRa1 bKb5 bRa8 bSa2");
        assert_eq!(
            got,
            sorted(&["[wKf7->e1]0-0-0", "Kf7-e6", "Kf7-g6", "Kf7-g7"])
        );
        // On e1 it castles once from each path, as Popeye does.
        let got = moves(&base(Base::MarsCirce), "wKe1 wRh1 bKa8");
        assert_eq!(got.iter().filter(|m| *m == "0-0").count(), 2);
    }

    #[test]
    fn antimars_non_captures_start_from_the_rebirth_square() {
        // A pawn's double step from h2 back to h4 is kept, as Popeye does.
        let got = moves(&base(Base::AntiMarsCirce), "wKa1 wPh4 bKh8");
        assert_eq!(
            got,
            sorted(&[
                "Ka1-e1-f2",
                "Ka1-e1-d2",
                "Ka1-e1-d1",
                "Ka1-e1-e2",
                "Ka1-e1-f1",
                "h4-h2-h4",
                "h4-h2-h3",
            ])
        );
    }

    #[test]
    fn antimars_castling_with_a_rook_moved_to_its_rebirth_square() {
        // The rook b2 goes to a1 for the first castling generated (the
        // short one, with the h1 rook), Popeye's quirk; the long castling
        // is then made without it.
        let got = moves(&base(Base::AntiMarsCirce), "wKf3 wRh1 wRb2 bKc8");
        let castlings: Vec<&String> = got.iter().filter(|m| m.contains("0-0")).collect();
        assert_eq!(
            castlings,
            [
                "[wKf3->e1]0-0",
                "[wKf3->e1]0-0-0",
                "[wKf3->e1][wRb2->a1]0-0"
            ]
        );
    }

    #[test]
    fn phantom_chess_moves_from_either_square_without_repeating_an_arrival() {
        let got = moves(&base(Base::PhantomChess), "wKd3 wRc4 bKa7 bPd6");
        let from_h1: Vec<&String> = got.iter().filter(|m| m.starts_with("Rc4-h1")).collect();
        // h4 is reached from c4 too: only the move from c4 is kept.
        assert_eq!(
            from_h1,
            [
                "Rc4-h1-a1",
                "Rc4-h1-b1",
                "Rc4-h1-d1",
                "Rc4-h1-e1",
                "Rc4-h1-f1",
                "Rc4-h1-g1",
                "Rc4-h1-h2",
                "Rc4-h1-h3",
                "Rc4-h1-h5",
                "Rc4-h1-h6",
                "Rc4-h1-h7",
                "Rc4-h1-h8"
            ]
        );
        assert_eq!(got.len(), 7 + 12 + 14);
    }

    #[test]
    fn danger_circe_an_observed_unit_may_go_to_its_rebirth_square() {
        // The rook a5 is observed by the bishop d8: it may also go to a1,
        // a move Popeye lists beside the ordinary Ra5-a1.
        let rules = Rules::orthodox().with(Condition::DangerCirce);
        let got = moves(&rules, "wKh2 wRa5 bKh8 bBd8");
        assert_eq!(got.iter().filter(|m| *m == "Ra5-a1").count(), 2);
        let got = moves(&Rules::orthodox(), "wKh2 wRa5 bKh8 bBd8");
        assert_eq!(got.iter().filter(|m| *m == "Ra5-a1").count(), 1);
    }

    #[test]
    fn madrasi_paralysed_units_do_not_move() {
        // Queens d1/d8 and rooks h2/h4 paralyse each other.
        let rules = Rules::orthodox().with(Condition::Madrasi);
        let got = moves(&rules, "wKa1 wQd1 wRh2 bKh8 bQd8 bRh4");
        assert_eq!(got, sorted(&["Ka1-b2", "Ka1-a2", "Ka1-b1"]));
    }

    #[test]
    fn mars_super_a_unit_captures_from_any_empty_square() {
        // Popeye: the knight h8 takes b6 from each empty square a knight
        // takes b6 from (BEISPIEL_mars__024).
        let rules = Rules::with_circe(CirceRules {
            square: crate::rules::RebirthSquare::Super,
            ..CirceRules::of(Base::MarsCirce)
        });
        // No kings: under Super a king observes from everywhere.
        let got = moves(&rules, "wSh8 bBb6");
        let captures: Vec<&String> = got.iter().filter(|m| m.contains('*')).collect();
        assert_eq!(
            captures,
            [
                "Sh8-a4*b6",
                "Sh8-a8*b6",
                "Sh8-c4*b6",
                "Sh8-c8*b6",
                "Sh8-d5*b6",
                "Sh8-d7*b6"
            ]
        );
    }

    /// `first` and `second` in force together.
    fn both(first: CirceRules, second: CirceRules) -> Rules {
        let mut rules = Rules::with_circe(first);
        rules.set_family(second);
        assert!(rules.unsupported().is_none());
        rules
    }

    fn captures(rules: &Rules, pos: &Position) -> Vec<String> {
        let mut out = Vec::new();
        legal_moves(pos, rules, &mut out);
        let mut found: Vec<String> = out
            .iter()
            .filter(|m| m.is_capture())
            .map(|m| popeye_move(m, Alphabet::English))
            .collect();
        found.sort();
        found
    }

    #[test]
    fn mars_beside_circe_pwc_the_captured_unit_is_reborn_where_the_capturer_stood() {
        // The rook leaves d3 for h1 and captures on d1 from there: the
        // square it departed from is d3 (Popeye: Rd3-h1*d1[+bBd3]).
        let rules = both(
            CirceRules::of(Base::MarsCirce),
            CirceRules {
                square: crate::rules::RebirthSquare::Pwc,
                ..CirceRules::CIRCE
            },
        );
        let pos = Position::from_piece_list("wKh8 wRd3 bKa8 bBd1").unwrap();
        assert_eq!(
            captures(&rules, &pos),
            sorted(&["Kh8-e1*d1[+bBh8]", "Rd3-h1*d1[+bBd3]"])
        );
    }

    #[test]
    fn mars_mirror_beside_anticirce_diagram_the_capturer_goes_to_its_diagram_square() {
        // The white queen captures from d8 (Black's queen square under
        // Mirror) and is reborn on a7, where it stood in the diagram.
        let rules = both(
            CirceRules {
                side: SideOverride::Mirror,
                ..CirceRules::of(Base::MarsCirce)
            },
            CirceRules {
                square: crate::rules::RebirthSquare::Diagram,
                ..CirceRules::ANTICIRCE_CALVET
            },
        );
        let mut pos = Position::from_piece_list("wKh8 wQa7 bKc4 bBd5").unwrap();
        pos.track_identities();
        assert_eq!(captures(&rules, &pos), sorted(&["Qa7-d8*d5[wQd5->a7]"]));
    }

    #[test]
    fn immun_chess_beside_circe_cage_a_unit_with_its_square_occupied_is_immune() {
        // The black rook on b5 (light) has a8 for its square: with the
        // black king there it cannot be captured; with a8 empty it can.
        let rules = both(
            CirceRules::of(Base::ImmunChess),
            CirceRules {
                square: crate::rules::RebirthSquare::Cage,
                ..CirceRules::CIRCE
            },
        );
        let held = Position::from_piece_list("wKh1 wRb1 bKa8 bRb5").unwrap();
        assert!(captures(&rules, &held).is_empty());
        let free = Position::from_piece_list("wKh1 wRb1 bKh8 bRb5").unwrap();
        assert_eq!(captures(&rules, &free), sorted(&["Rb1*b5"]));
    }
}
