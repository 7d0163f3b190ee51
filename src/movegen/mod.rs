//! Move generation under the rules in force.
//!
//! Pseudo-legal moves are generated in the orthodox way; each capture is
//! then resolved by the rules (rebirths, or illegal), and a move is legal
//! when, played on a copy, it leaves the mover's king out of check as the
//! rules define check. Moves go into a caller-owned buffer: no allocation
//! per node once the buffer has grown.

mod paths;
pub(crate) use paths::captures_lifted;

use crate::board::walks::fairy;
use crate::board::{attacks, Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::{Effect, Effects, Motion, Move};
use crate::pieces::Promotion;
use crate::rules::conditions::{alice, all_in_chess, bicaptures, point_reflection, republican};
use crate::rules::{Capture, Condition, Rules, Walks};

/// Appends every legal move of the side to move to `out`.
pub fn legal_moves(pos: &Position, rules: &Rules, out: &mut Vec<Move>) {
    let start = out.len();
    let measure = if rules.conditions.is_empty() {
        None
    } else {
        rules.conditions.measure(rules, pos)
    };
    match measure {
        // The mummers' Exact and Ultra forms: only the moves that may
        // score highest are resolved (the pseudo-filter then keeps them).
        Some(score) => best_pseudo_legal(pos, rules, &score, out),
        None => pseudo_legal_moves(pos, rules, out),
    }
    if !rules.conditions.is_empty() {
        rules.conditions.pseudo_filter(rules, pos, out, start);
    }
    keep_legal(pos, rules, out, start);
    if !rules.conditions.is_empty() {
        rules.conditions.filter(rules, pos, out, start);
    }
}

/// The legal moves that `wanted` keeps, where no condition is in force (so
/// that each move's legality is its own): the moves `wanted` drops are
/// never tested for legality. The same list, in the same order, as
/// [`legal_moves`] filtered by `wanted`.
pub fn legal_moves_among(
    pos: &Position,
    rules: &Rules,
    out: &mut Vec<Move>,
    mut wanted: impl FnMut(&Move) -> bool,
) {
    debug_assert!(rules.conditions.is_empty());
    let start = out.len();
    pseudo_legal_moves(pos, rules, out);
    let mut keep = start;
    for i in start..out.len() {
        if wanted(&out[i]) {
            out[keep] = out[i];
            keep += 1;
        }
    }
    out.truncate(keep);
    keep_legal(pos, rules, out, start);
}

/// Keeps of `out[start..]` the moves that are legal, in their order.
fn keep_legal(pos: &Position, rules: &Rules, out: &mut Vec<Move>, start: usize) {
    let safe = surely_legal_from(pos, rules);
    let mut keep = start;
    for i in start..out.len() {
        let mv = out[i];
        let quiet = mv.effects.is_empty()
            && (!mv.is_capture() && mv.motion == Motion::Normal || mv.motion == Motion::DoubleStep);
        if (quiet && safe.contains(mv.from)) || is_legal(pos, rules, &mv) {
            out[keep] = mv;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// Squares from which a quiet move (no capture, no castling, no en passant)
/// is legal without playing it: when check is orthodox attack (Circe, plain
/// or kamikaze), the mover is not in check, and the unit is neither the
/// king, nor pinned, nor neutral (a neutral unit may check its own side's
/// king from where it lands). Captures are always played out: a rebirth may check the
/// capturer's king. Empty when the rules make check depend on more than
/// attack (Rex Inclusive, Anticirce) or a condition judges the move once
/// played (Alsatian's orthodox legality).
fn surely_legal_from(pos: &Position, rules: &Rules) -> Bitboard {
    if !rules.check_is_orthodox_attack() || !rules.legality_is_orthodox() {
        return Bitboard::EMPTY;
    }
    let us = pos.turn;
    let Some(king) = pos.king(us) else {
        return pos.by_color(us);
    };
    if pos.pieces(us, Kind::KING).count() > 1 || rules.in_check(pos, us) {
        return Bitboard::EMPTY;
    }
    // Only sliders pin here; a fairy unit (a hopper pins by its hurdle)
    // makes every move be played out.
    if (pos.fairy() & pos.by_color(us.opponent())).nonempty() {
        return Bitboard::EMPTY;
    }
    let pinned = pinned_by_sliders(pos, king, us);
    // `king` may be a royal unit of another kind (the royal attribute).
    let mut movers = pos.by_color(us) & !pinned & !pos.pieces(us, Kind::KING) & !pos.neutral();
    movers.clear(king);
    movers
}

/// The units standing alone between `king` (of `us`) and an orthodox
/// rook, bishop or queen of the other side on its line: those the
/// sliders pin (of any side: a unit of the other side there blocks a
/// discovered check instead).
pub fn pinned_by_sliders(pos: &Position, king: Square, us: Color) -> Bitboard {
    let them = us.opponent();
    let occ = pos.occupied();
    let mut pinned = Bitboard::EMPTY;
    let rq = (pos.pieces(them, Kind::ROOK) | pos.pieces(them, Kind::QUEEN))
        & attacks::rook(king, Bitboard::EMPTY);
    let bq = (pos.pieces(them, Kind::BISHOP) | pos.pieces(them, Kind::QUEEN))
        & attacks::bishop(king, Bitboard::EMPTY);
    for slider in rq | bq {
        let between = attacks::between(king, slider) & occ;
        if between.count() == 1 {
            pinned |= between;
        }
    }
    pinned
}

/// Whether the side to move has at least one legal move. (Most conditions
/// that filter the legal list keep some move of a list that has one; under
/// the others, ExclusiveChess, the list is made and filtered.)
pub fn has_legal_move(pos: &Position, rules: &Rules, scratch: &mut Vec<Move>) -> bool {
    scratch.clear();
    // RepublicanChess: a move that puts no king is a move too, and most
    // sides have one; the kings put are sought only when none is legal.
    if !rules.conditions.is_empty()
        && rules.has(Condition::Republican)
        && has_legal_move(pos, &republican::without(rules), scratch)
    {
        return true;
    }
    if !rules.conditions.is_empty() && !rules.filter_keeps_a_move() {
        legal_moves(pos, rules, scratch);
        return !scratch.is_empty();
    }
    if has_surely_legal_quiet_move(pos, rules) {
        return true;
    }
    let evasions = Evasions::of(pos, rules);
    !all_pseudo_legal(pos, rules, scratch, None, |mv| {
        evasions.as_ref().is_some_and(|e| !e.may_evade(mv)) || !is_legal(pos, rules, mv)
    })
}

/// The moves that may lift a check, decided before they are played: where
/// check is orthodox attack and no unit attacks otherwise, a move that only
/// takes a unit other than the king from one square to another lifts the
/// check only by standing between the king and its one checker, a line
/// piece (leaving a square only opens lines). Captures, promotions,
/// castling, en passant and moves with effects are always played out.
struct Evasions {
    king: Square,
    /// Where a unit may stand between the king and its checker.
    block: Bitboard,
}

impl Evasions {
    /// The filter for the side to move in `pos`, when it is in check and
    /// the rules let geometry decide.
    fn of(pos: &Position, rules: &Rules) -> Option<Evasions> {
        if !rules.conditions.is_empty()
            || !rules.check_is_orthodox_attack()
            || pos.fairy().nonempty()
            || pos.attributed().nonempty()
        {
            return None;
        }
        let us = pos.turn;
        let kings = pos.pieces(us, Kind::KING);
        let king = kings.first()?;
        if kings.count() != 1 {
            return None;
        }
        let occ = pos.occupied();
        let checkers = pos.attackers(king, us.opponent(), occ);
        let checker = checkers.first()?;
        let line = (pos.by_kind(Kind::ROOK) | pos.by_kind(Kind::BISHOP) | pos.by_kind(Kind::QUEEN))
            .contains(checker);
        let block = if checkers.count() == 1 && line {
            attacks::between(king, checker)
        } else {
            Bitboard::EMPTY
        };
        Some(Evasions { king, block })
    }

    /// Whether `mv` (pseudo-legal, of the side in check) may lift the
    /// check; false only when it surely does not.
    #[inline]
    fn may_evade(&self, mv: &Move) -> bool {
        let plain = matches!(mv.motion, Motion::Normal | Motion::DoubleStep)
            && !mv.is_capture()
            && mv.promotion.is_none()
            && mv.effects.is_empty();
        !plain || mv.from == self.king || self.block.contains(mv.to)
    }
}

/// Whether a unit of the side to move surely has a legal quiet move, seen
/// on the bitboards alone: a stalemate test mostly ends at the first unit
/// free to step, with no move generated or played. Only where a quiet
/// move is the unit's walk onto an empty square and nothing else (no
/// condition, no attribute, units moving from their own squares, no
/// effect on a quiet move); the units [`surely_legal_from`] clears
/// (neither king nor pinned, the side not in check). A pawn counts for a
/// step that neither starts on its first rank nor promotes: those hang
/// on more rules. False says nothing.
fn has_surely_legal_quiet_move(pos: &Position, rules: &Rules) -> bool {
    if !rules.conditions.is_empty()
        || pos.attributed().nonempty()
        || !rules.units_move_from_their_squares()
        || !Route::of(rules).plain
    {
        return false;
    }
    let us = pos.turn;
    let safe = surely_legal_from(pos, rules) & !pos.fairy();
    if safe.is_empty() {
        return false;
    }
    let empty = !pos.occupied();
    let pawns = pos.pieces(us, Kind::PAWN);
    for from in safe & !pawns {
        let piece = pos.piece_as(from, us).expect("own unit");
        if (pos.attacks_from(from, piece) & empty).nonempty() {
            return true;
        }
    }
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    let promotes = rules.promotion_squares(us);
    for from in safe & pawns {
        let Some(to) = from.offset(0, forward) else {
            continue;
        };
        if from.rank() != us.back_rank() && !promotes.contains(to) && empty.contains(to) {
            return true;
        }
    }
    false
}

/// Whether `each` holds for every pseudo-legal move of `pos`, asked until
/// it first fails; `out` is a scratch buffer. Where a capture may have
/// many outcomes (Cage, Super, Take&Make Circe) the quiet moves are asked
/// first and the captures resolved only when all of them pass: the mate
/// test and a forced goal mostly stop at a quiet move. (A capture en
/// passant may be asked twice.) So too under Take&MakeChess, whose
/// captures go on with a make, and under the conditions that judge the
/// quiet moves alone (`Rules::quiet_moves_apart`: the half-neutral
/// attribute).
pub fn all_pseudo_legal(
    pos: &Position,
    rules: &Rules,
    out: &mut Vec<Move>,
    first: Option<(Square, Square)>,
    mut each: impl FnMut(&Move) -> bool,
) -> bool {
    out.clear();
    let many_outcomes = rules.is_general() || rules.conditions.second_motion();
    if many_outcomes && rules.quiet_moves_apart() {
        if !all_quiet(pos, rules, out, first, &mut each) {
            return false;
        }
        out.clear();
        pseudo_legal_moves(pos, rules, out);
        out.retain(|mv| mv.captured.is_some());
        return all_first(out, first, each);
    }
    pseudo_legal_moves(pos, rules, out);
    all_first(out, first, each)
}

/// Whether `each` holds for every move of `moves`, the move from
/// `first.0` to `first.1` (where there is one) asked first and then its
/// unit's others: the move that failed at a sibling node most often fails
/// here too.
fn all_first(
    moves: &[Move],
    first: Option<(Square, Square)>,
    mut each: impl FnMut(&Move) -> bool,
) -> bool {
    let Some((from, to)) = first else {
        return moves.iter().all(each);
    };
    let Some(at) = moves.iter().position(|m| m.from == from && m.to == to) else {
        return moves.iter().all(each);
    };
    each(&moves[at])
        && moves
            .iter()
            .enumerate()
            .all(|(i, m)| i == at || m.from != from || each(m))
        && moves.iter().all(|m| m.from == from || each(m))
}

/// Whether `each` holds for every pseudo-legal move of `pos` that
/// captures nothing (and every capture en passant), as
/// [`pseudo_legal_moves`] lists them, where `Rules::quiet_moves_apart`:
/// the same units move, each quiet move made and judged by the conditions
/// as in the whole list. The units are asked one at a time, the unit on
/// `first.0` first, so that the first move that fails spares the others'
/// generation.
fn all_quiet(
    pos: &Position,
    rules: &Rules,
    out: &mut Vec<Move>,
    first: Option<(Square, Square)>,
    each: &mut impl FnMut(&Move) -> bool,
) -> bool {
    let us = pos.turn;
    let mut movers = pos.by_color(us);
    if !rules.conditions.is_empty() {
        movers &= !rules.conditions.immobile(rules, pos, us);
    }
    let lead = first
        .map(|(from, _)| from)
        .filter(|&from| movers.contains(from));
    for from in lead
        .into_iter()
        .chain(movers.into_iter().filter(|&sq| Some(sq) != lead))
    {
        out.clear();
        generate_own_of(
            pos,
            rules,
            Bitboard::from_square(from),
            &[],
            false,
            None,
            out,
        );
        if !rules.conditions.is_empty() {
            conditions_on(pos, rules, out, 0);
        }
        if !all_first(out, first, &mut *each) {
            return false;
        }
    }
    true
}

/// Whether a pseudo-legal move is legal: it leaves the mover's king out of
/// check and every condition finds it legal once played.
#[inline]
fn is_legal(pos: &Position, rules: &Rules, mv: &Move) -> bool {
    is_legal_after(pos, rules, mv, &pos.play(mv))
}

/// [`is_legal`] for a move already played: `after` is `pos.play(mv)`.
#[inline]
pub fn is_legal_after(pos: &Position, rules: &Rules, mv: &Move, after: &Position) -> bool {
    if rules.in_check(after, pos.turn) {
        return false;
    }
    rules.conditions.is_empty() || rules.conditions.legal_after(rules, pos, mv, after)
}

/// Appends the pseudo-legal moves: moves that obey the rules except,
/// perhaps, for leaving the mover's king in check. Captures carry their
/// rebirths; captures the rules forbid are left out.
pub fn pseudo_legal_moves(pos: &Position, rules: &Rules, out: &mut Vec<Move>) {
    let start = out.len();
    if !rules.conditions.is_empty() && rules.has(Condition::AliceChess) {
        alice_moves(pos, rules, out);
    } else if rules.units_move_from_their_squares() {
        generate(pos, rules, pos.by_color(pos.turn), out);
    } else if let Some(movers) = all_in_chess::movers(rules) {
        foreign_moves(pos, rules, movers, out);
    } else {
        paths::pseudo_legal_moves(pos, rules, out);
    }
    if !rules.conditions.is_empty() {
        conditions_on(pos, rules, out, start);
    }
}

/// Appends the pseudo-legal moves of `pos` as [`pseudo_legal_moves`]
/// lists them, less some of those `score` puts below `floor`: where the
/// units move from their squares with their own walks, a move scoring
/// less is left out before its rebirths and changes are resolved (a
/// capture under SuperCirce has some sixty outcomes; the measure of the
/// mummers' Exact and Ultra forms reads none of them). Returns the
/// highest score of the moves left out, if any.
pub fn pseudo_legal_scoring(
    pos: &Position,
    rules: &Rules,
    score: &dyn Fn(&Move) -> u32,
    floor: u32,
    out: &mut Vec<Move>,
) -> Option<u32> {
    scoring(pos, rules, score, floor, false, out).0
}

/// Whether some pseudo-legal move of `pos` scores `floor` or more: as
/// [`pseudo_legal_scoring`], and once one is found the others are left
/// unresolved.
pub fn scores_at_least(
    pos: &Position,
    rules: &Rules,
    score: &dyn Fn(&Move) -> u32,
    floor: u32,
    scratch: &mut Vec<Move>,
) -> bool {
    scratch.clear();
    let (_, cut) = scoring(pos, rules, score, floor, true, scratch);
    if scratch.iter().any(|mv| score(mv) >= floor) {
        return true;
    }
    if !cut {
        return false;
    }
    // The move found was one a condition then refused: the others are
    // asked too.
    scratch.clear();
    scoring(pos, rules, score, floor, false, scratch);
    scratch.iter().any(|mv| score(mv) >= floor)
}

/// [`pseudo_legal_scoring`]; with `one`, every move is left out once
/// the list holds one scoring `floor` or more, and the second value says
/// whether some move was so left out.
fn scoring(
    pos: &Position,
    rules: &Rules,
    score: &dyn Fn(&Move) -> u32,
    floor: u32,
    one: bool,
    out: &mut Vec<Move>,
) -> (Option<u32>, bool) {
    let alice = !rules.conditions.is_empty() && rules.has(Condition::AliceChess);
    if alice || !rules.units_move_from_their_squares() || !rules.conditions.own_walks() {
        pseudo_legal_moves(pos, rules, out);
        return (None, false);
    }
    let start = out.len();
    let below = std::cell::Cell::new(None);
    // With `one`: how far the list is known to hold no move scoring
    // `floor`, and whether one is found.
    let seen = std::cell::Cell::new(start);
    let found = std::cell::Cell::new(false);
    let skip = |mv: &Move, listed: &[Move]| {
        if one && !found.get() {
            found.set(listed[seen.get()..].iter().any(|m| score(m) >= floor));
            seen.set(listed.len());
        }
        if found.get() {
            return true;
        }
        let s = score(mv);
        if s >= floor {
            return false;
        }
        below.set(below.get().max(Some(s)));
        true
    };
    generate_own_of(
        pos,
        rules,
        pos.by_color(pos.turn),
        &[],
        true,
        Some(&skip),
        out,
    );
    if !rules.conditions.is_empty() {
        conditions_on(pos, rules, out, start);
    }
    (below.get(), found.get())
}

/// Appends the pseudo-legal moves of `pos` that `score` puts highest, in
/// their order; a move is resolved only where it may score highest
/// ([`pseudo_legal_scoring`]): the highest score is looked for from the
/// top down.
pub fn best_pseudo_legal(
    pos: &Position,
    rules: &Rules,
    score: &dyn Fn(&Move) -> u32,
    out: &mut Vec<Move>,
) {
    let start = out.len();
    let mut floor = u32::MAX;
    loop {
        out.truncate(start);
        let left_out = pseudo_legal_scoring(pos, rules, score, floor, out);
        let best = out[start..].iter().map(score).max();
        match left_out {
            // A move left out may score as high as those listed: it is
            // resolved at the next try.
            Some(below) if best.is_none_or(|b| b <= below) => floor = below,
            _ => break,
        }
    }
    crate::rules::conditions::mummer::keep_best(out, start, score);
}

/// AliceChess: the units of each board, A then B (as Popeye generates
/// them), move on their board alone; the moves whose units arrive on
/// squares the other board holds are dropped; the captures are resolved on
/// the whole board, then the units pass to the other board.
fn alice_moves(pos: &Position, rules: &Rules, out: &mut Vec<Move>) {
    let bare_rules = rules.without_families();
    for b in [false, true] {
        let alone = alice::board_alone(pos, b);
        let start = out.len();
        generate(&alone, &bare_rules, alone.by_color(pos.turn), out);
        if let Some(with_rooks) = alice::with_castling_rooks(pos, b, &alone) {
            let castlings = out.len();
            generate(&with_rooks, &bare_rules, with_rooks.by_color(pos.turn), out);
            let mut keep = castlings;
            for i in castlings..out.len() {
                let mv = out[i];
                let rook_back = matches!(mv.motion, Motion::CastleShort | Motion::CastleLong)
                    && alone.unmoved.contains(mv.from)
                    && !out[start..castlings].iter().any(|m| m.motion == mv.motion);
                if rook_back {
                    out[keep] = mv;
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
        let raw = out.split_off(start);
        for mv in raw {
            if !alice::playable(pos, b, &mv) {
                continue;
            }
            let bare = Move {
                effects: Effects::NONE,
                ..mv
            };
            rules.resolve_move(pos, &bare, |effects| {
                let mut played = Move { effects, ..bare };
                alice::pass_over(pos, &mut played);
                out.push(played);
            });
        }
    }
}

/// HalfInChess and its kin: the other side's units moved as that side
/// moves them (generated with the turn given to it, as Popeye does), after
/// the mover's own under AllInChess and MainlyInChess. The mover's king is
/// never taken: the generator spares the kings of the side it moves for.
fn foreign_moves(pos: &Position, rules: &Rules, movers: all_in_chess::Movers, out: &mut Vec<Move>) {
    if movers == all_in_chess::Movers::Both {
        paths::pseudo_legal_moves(pos, rules, out);
    }
    let mut other = *pos;
    other.turn = pos.turn.opponent();
    if rules.families().next().is_none() {
        return paths::pseudo_legal_moves(&other, rules, out);
    }
    // Popeye reckons a rebirth from the side that moves (the captured
    // unit's home is the mover's opponent's, an AntiCirce capturer's the
    // mover's): the captures are made for good, then resolved in `pos`.
    let start = out.len();
    paths::pseudo_legal_moves(&other, &rules.without_families(), out);
    let raw = out.split_off(start);
    for mv in raw {
        let bare = Move {
            effects: Effects::NONE,
            ..mv
        };
        rules.resolve_move(pos, &bare, |effects| out.push(Move { effects, ..bare }));
    }
}

// Issue 20: SeriesCapture's steps after a capture.
/// Appends the pseudo-legal moves of the unit of the side to move on
/// `on`, from its square, the conditions' hooks asked as for every move.
pub fn unit_pseudo_legal_moves(pos: &Position, rules: &Rules, on: Square, out: &mut Vec<Move>) {
    let start = out.len();
    if rules.units_move_from_their_squares() {
        generate(pos, rules, Bitboard::from_square(on), out);
    } else {
        paths::pseudo_legal_moves_of(pos, rules, Bitboard::from_square(on), out);
    }
    if !rules.conditions.is_empty() {
        conditions_on(pos, rules, out, start);
    }
}

/// The conditions' say on the pseudo-legal moves `out[start..]`: what
/// they settle, which they allow, what they add.
fn conditions_on(pos: &Position, rules: &Rules, out: &mut Vec<Move>, start: usize) {
    rules.conditions.settle(rules, pos, out, start);
    rules.conditions.allow_and_amend(rules, pos, out, start);
}

/// Appends the capture of the unit on `to` by `unit` from `from`, resolved
/// by the rules (for the conditions' extra moves).
pub fn push_capture(
    pos: &Position,
    rules: &Rules,
    unit: Piece,
    from: Square,
    to: Square,
    out: &mut Vec<Move>,
) {
    let them = unit.color.opponent();
    let capturable = pos.by_color(them) & !king_shield(pos, rules, them);
    if capturable.contains(to) {
        let gen = Gen {
            pos,
            rules,
            occ: pos.occupied(),
            capturable,
            lifts: &[],
            takes_kings: false,
            route: Route::of(rules),
            skip: None,
        };
        gen.push(out, unit, from, to, Motion::Normal, None);
    }
}

// Part 2, group M (second round).
/// Appends `mv`, a capture a condition built whole (Make&TakeChess: the
/// unit's make and take as one move from its square to the victim's),
/// resolved by the rules without the conditions' second motions; a pawn
/// arriving on its promotion rank promotes (each promotion one move).
pub fn push_built_capture(pos: &Position, rules: &Rules, mv: Move, out: &mut Vec<Move>) {
    let them = mv.piece.color.opponent();
    let capturable = pos.by_color(them) & !king_shield(pos, rules, them);
    if !capturable.contains(mv.capture_square) {
        return;
    }
    let gen = Gen {
        pos,
        rules,
        occ: pos.occupied(),
        capturable,
        lifts: &[],
        takes_kings: false,
        route: Route::of(rules).without_second_motion(),
        skip: None,
    };
    match mv.piece.kind.def().pawn {
        Some(p) if mv.promotion.is_none() && rules.promotes_on(mv.piece.color, p, mv.to) => {
            for kind in rules.repertoire.promotions(p) {
                gen.push_move(
                    out,
                    Move {
                        promotion: Some(kind),
                        ..mv
                    },
                );
            }
        }
        _ => gen.push_move(out, mv),
    }
}

/// The pseudo-legal moves of the units of the side to move on `movers`,
/// each from its own square.
fn generate(pos: &Position, rules: &Rules, movers: Bitboard, out: &mut Vec<Move>) {
    if !rules.conditions.own_walks() {
        return generate_with_walks(pos, rules, movers, &[], None, out);
    }
    generate_own(pos, rules, movers, &[], out);
}

/// [`generate`] for units put on their squares first by `lifts` (the
/// Mars family's [`Effect::Premove`]s): the general pipeline resolves the
/// moves with the lifts in their effects, as the rebirth squares that read
/// the move's departure or vector need. `walks`, when given, are the walks
/// the movers move with (lent where they stood before the lift).
fn generate_lifted(
    pos: &Position,
    rules: &Rules,
    movers: Bitboard,
    lifts: &[Effect],
    walks: Option<Walks>,
    out: &mut Vec<Move>,
) {
    if walks.is_some() || !rules.conditions.own_walks() {
        return generate_with_walks(pos, rules, movers, lifts, walks, out);
    }
    generate_own(pos, rules, movers, lifts, out);
}

/// [`generate`] when a condition may change the walks units move with
/// (Annan, TransmutedKings): a unit with a walk not its own moves with it
/// (each, when it has several), the move keeping the unit; it promotes when
/// it is a pawn that reaches its promotion rank, and castles when one of
/// its walks is the king's and it is the king.
fn generate_with_walks(
    pos: &Position,
    rules: &Rules,
    movers: Bitboard,
    lifts: &[Effect],
    lent: Option<Walks>,
    out: &mut Vec<Move>,
) {
    let us = pos.turn;
    let capturable = pos.by_color(us.opponent()) & !king_shield(pos, rules, us.opponent())
        | bicaptures::own_capturable(pos, rules, us);
    let gen = Gen {
        pos,
        rules,
        occ: pos.occupied(),
        capturable,
        lifts,
        takes_kings: false,
        route: Route::of(rules),
        skip: None,
    };
    let mut own = Bitboard::EMPTY;
    for from in movers {
        let piece = pos.piece_as(from, us).expect("own unit");
        let walks = lent.unwrap_or_else(|| rules.conditions.walks(rules, pos, from, piece, false));
        if walks.is_just(piece.kind) && walks.quiet().is_none_or(|q| q == piece.kind) {
            own.set(from);
            continue;
        }
        let start = out.len();
        if let Some(quiet) = walks.quiet() {
            // Bolero: the non-captures with one walk, then the captures
            // with the others (Popeye's two paths, in its order).
            let quiet_gen = Gen {
                capturable: Bitboard::EMPTY,
                ..gen
            };
            quiet_gen.walk_moves(out, from, piece, quiet);
            if quiet == Kind::KING && from == Square::new(4, us.back_rank()) {
                gen.castling(out, us);
            }
            let captures = out.len();
            for walk in walks.iter() {
                gen.walk_moves(out, from, piece, walk);
            }
            let mut kept = captures;
            for i in captures..out.len() {
                if out[i].is_capture() {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
            if piece.kind.is_orthodox() {
                for mv in &mut out[start..] {
                    mv.sequence = 0;
                }
            }
            continue;
        }
        if walks.is_once_per_arrival() {
            gen.moves_once_per_arrival(out, from, piece, walks);
            continue;
        }
        if walks.are_apart() {
            // Each walk's moves apart, the same move twice when two walks
            // make it: the first walk's numbered 0, the others' from 1 in
            // the order generated (see `popeye_order::key`).
            // The other king too: no walk that observes reaches it (the
            // position would be illegal), but one that does not (the
            // queen's, the default equihopper's) takes it, as in Popeye.
            let gen = Gen {
                capturable: pos.by_color(us.opponent())
                    | bicaptures::own_capturable(pos, rules, us),
                takes_kings: true,
                ..gen
            };
            let mut number = 0u8;
            for (i, walk) in walks.iter().enumerate() {
                let first = out.len();
                gen.walk_moves(out, from, piece, walk);
                if walk == Kind::KING && from == Square::new(4, us.back_rank()) {
                    gen.castling(out, us);
                }
                for mv in &mut out[first..] {
                    if i > 0 {
                        number = number.saturating_add(1);
                    }
                    mv.sequence = number;
                }
            }
            continue;
        }
        // A unit that observes nothing under NannaChess takes the king
        // too (Popeye's queen shortcut, `annan::nanna_blind`).
        let blind = crate::rules::conditions::annan::nanna_blind(rules, pos, from, piece, &walks);
        let gen = if blind {
            Gen {
                capturable: gen.capturable | pos.pieces(us.opponent(), Kind::KING),
                takes_kings: true,
                ..gen
            }
        } else {
            Gen { ..gen }
        };
        for walk in walks.iter() {
            gen.walk_moves(out, from, piece, walk);
            if walk == Kind::KING && from == Square::new(4, us.back_rank()) {
                gen.castling(out, us);
            }
        }
        if piece.kind.is_orthodox() {
            // An orthodox unit's moves are ordered by their geometry.
            for mv in &mut out[start..] {
                mv.sequence = 0;
            }
        }
        // A move two walks make is one move (as Popeye lists it).
        let mut keep = start;
        for i in start..out.len() {
            let mv = out[i];
            let same = |m: &Move| {
                m.to == mv.to
                    && m.capture_square == mv.capture_square
                    && m.promotion == mv.promotion
                    && m.motion == mv.motion
                    && m.effects == mv.effects
            };
            if !out[start..keep].iter().any(same) {
                out[keep] = mv;
                keep += 1;
            }
        }
        out.truncate(keep);
    }
    if own.nonempty() {
        generate_own(pos, rules, own, lifts, out);
    }
}

/// [`generate`] with every unit's own walk.
fn generate_own(
    pos: &Position,
    rules: &Rules,
    movers: Bitboard,
    lifts: &[Effect],
    out: &mut Vec<Move>,
) {
    generate_own_of(pos, rules, movers, lifts, true, None, out);
}

/// [`generate_own`], the captures left out unless `captures` (en passant
/// excepted: it is always listed), and the moves `skip` holds for left
/// out before they are resolved.
fn generate_own_of(
    pos: &Position,
    rules: &Rules,
    movers: Bitboard,
    lifts: &[Effect],
    captures: bool,
    skip: Option<Skip>,
    out: &mut Vec<Move>,
) {
    let us = pos.turn;
    let occ = pos.occupied();
    let ours = movers;
    // Kings may be captured only where the rules can bring them back.
    // Neutral units are in both sides' sets: movable and capturable.
    let capturable = if captures {
        pos.by_color(us.opponent()) & !king_shield(pos, rules, us.opponent())
            | bicaptures::own_capturable(pos, rules, us)
    } else {
        Bitboard::EMPTY
    };
    let gen = Gen {
        pos,
        rules,
        occ,
        capturable,
        lifts,
        takes_kings: false,
        route: Route::of(rules),
        skip,
    };
    for from in ours & !pos.by_kind(Kind::PAWN) & !pos.fairy() {
        let piece = pos.piece_as(from, us).expect("own unit");
        let targets = pos.attacks_from(from, piece) & (capturable | !occ);
        for to in targets {
            gen.push(out, piece, from, to, Motion::Normal, None);
        }
    }
    for from in ours & pos.fairy() {
        gen.fairy_moves(out, from);
    }
    gen.pawn_moves(out, us, ours);
    if ours.contains(Square::new(4, us.back_rank())) {
        gen.castling(out, us);
    }
}

/// The opponent's kings that may not be captured: all of them unless the
/// rules rebirth kings as captured units (Circe Rex Inclusive).
fn king_shield(pos: &Position, rules: &Rules, them: Color) -> Bitboard {
    let kings = pos.pieces(them, Kind::KING) | pos.royal_units(them);
    // Kings that are units as others (RoyalDynasty: but a side's one
    // king; ExtinctionChess, LosingChess: every king) may be captured.
    if !rules.kings_royal() {
        let lone = pos.pieces(them, Kind::KING).count() == 1
            && !rules.has(crate::rules::Condition::ExtinctionChess)
            && !rules.has(crate::rules::Condition::LosingChess);
        return pos.royal_units(them) | if lone { kings } else { Bitboard::EMPTY };
    }
    match rules.family(crate::rules::Base::Circe) {
        Some(c) if c.rex_inclusive => Bitboard::EMPTY,
        _ => kings,
    }
}

/// Whether a move is left out before its resolution, the list made so far
/// seen ([`pseudo_legal_scoring`]).
type Skip<'a> = &'a dyn Fn(&Move, &[Move]) -> bool;

struct Gen<'a> {
    pos: &'a Position,
    rules: &'a Rules,
    occ: Bitboard,
    capturable: Bitboard,
    /// The lifts that put the mover on its square first (the Mars family).
    lifts: &'a [Effect],
    /// Whether a king may be captured for good (a vaulting king's walk
    /// that does not observe reaches the other king: Popeye lists it).
    takes_kings: bool,
    /// The way each move goes, asked once per list, not once per move.
    route: Route,
    /// Moves left out before their resolution: those whose measure
    /// ([`pseudo_legal_scoring`]) cannot count.
    /// (It sees the list made so far.)
    skip: Option<Skip<'a>>,
}

/// What a generated move goes through before it joins the list.
#[derive(Clone, Copy)]
struct Route {
    /// Whether a condition gives captures a second motion
    /// (Take&MakeChess): each capture becomes the moves it goes on with.
    second_motion: bool,
    /// [`Rules::is_general`].
    general: bool,
    /// Whether a condition may change the walk a mover arrives with
    /// (`ConditionRule::arriving`).
    arriving: bool,
    /// None of these: the move is the tier-1 forms' (one test a move).
    plain: bool,
}

impl Route {
    fn of(rules: &Rules) -> Route {
        let second_motion = rules.conditions.second_motion();
        let general = rules.is_general();
        let arriving = rules.conditions.arriving_walks();
        Route {
            second_motion,
            general,
            arriving,
            plain: !(second_motion || general || arriving),
        }
    }

    /// The route of a move whose second motion is already made.
    fn without_second_motion(self) -> Route {
        Route {
            second_motion: false,
            plain: !(self.general || self.arriving),
            ..self
        }
    }
}

impl Gen<'_> {
    /// Adds one move, resolving a capture through the rules. Always
    /// inlined: it runs for every move generated.
    #[inline(always)]
    fn push(
        &self,
        out: &mut Vec<Move>,
        piece: Piece,
        from: Square,
        to: Square,
        motion: Motion,
        promotion: Option<Kind>,
    ) {
        let capture_square = if motion == Motion::EnPassant {
            self.pos.ep_victim
        } else {
            to
        };
        // A captured neutral unit counts as the opponent's (its rebirth square).
        let victim = self.pos.piece_as(capture_square, piece.color.opponent());
        // A quiet move on the plain route is written straight into the
        // list: built in a local first, its field-by-field stores and the
        // list's wide copy of it stall the processor on every move.
        if victim.is_none() && self.route.plain {
            out.push(Move {
                promotion,
                capture_square,
                ..Move::quiet(piece, from, to, motion)
            });
            return;
        }
        self.push_found(
            out,
            Move {
                promotion,
                captured: victim,
                capture_square,
                ..Move::quiet(piece, from, to, motion)
            },
        );
    }

    /// Adds one move whose motion is set (`capture_square` holds the
    /// victim's square for a capture), resolving a capture through the
    /// rules.
    #[inline(always)]
    fn push_move(&self, out: &mut Vec<Move>, mut mv: Move) {
        // A captured neutral unit counts as the opponent's (its rebirth square).
        let victim = self
            .pos
            .piece_as(mv.capture_square, mv.piece.color.opponent());
        if victim.is_some() {
            mv.captured = victim;
        }
        self.push_found(out, mv);
    }

    /// [`Gen::push_move`] once the victim is looked up.
    #[inline(always)]
    fn push_found(&self, out: &mut Vec<Move>, mv: Move) {
        if self.route.plain {
            return self.push_classic(out, mv);
        }
        self.push_routed(out, mv);
    }

    /// [`Gen::push_move`] off the plain route. Apart, so that the move of
    /// the common path is never lent out to be changed.
    #[inline(never)]
    fn push_routed(&self, out: &mut Vec<Move>, mv: Move) {
        if self.route.arriving {
            return self.push_arriving(out, mv);
        }
        self.push_arrived(out, mv);
    }

    /// [`Gen::push_move`] where a condition may change the walk the mover
    /// arrives with (reached only through [`Gen::push_routed`], which keeps
    /// it off the plain route).
    #[inline]
    fn push_arriving(&self, out: &mut Vec<Move>, mut mv: Move) {
        self.rules
            .conditions
            .arriving(self.rules, self.pos, &mut mv);
        match self
            .rules
            .conditions
            .arrival_walks(self.rules, self.pos, &mv)
        {
            None => self.push_arrived(out, mv),
            // FootballChess: each substitute a move of its own.
            Some(walks) => {
                for kind in walks.iter() {
                    crate::rules::conditions::football::substitute(mv, kind, out, |out, m| {
                        self.push_arrived(out, m)
                    });
                }
            }
        }
    }

    /// Adds a move whose arrival is settled: its second motions, or the
    /// move judged as it is.
    #[inline(always)]
    fn push_arrived(&self, out: &mut Vec<Move>, mv: Move) {
        if self.route.second_motion {
            return self.push_second_motions(out, mv);
        }
        self.push_judged(out, mv);
    }

    /// Adds a move whose capture (if any) is set, resolving it through
    /// the rules.
    #[inline(always)]
    fn push_judged(&self, out: &mut Vec<Move>, mv: Move) {
        if self.route.general {
            return self.push_resolved(out, mv);
        }
        self.push_classic(out, mv);
    }

    /// Adds a move whose capture (if any) is set, under the tier-1 forms'
    /// rules (or none).
    #[inline(always)]
    fn push_classic(&self, out: &mut Vec<Move>, mv: Move) {
        let (piece, from, to, capture_square) = (mv.piece, mv.from, mv.to, mv.capture_square);
        let victim = mv.captured;
        let Some(victim) = victim else {
            out.push(mv);
            return;
        };
        // A second motion (a wormhole's transfer) comes before the rebirths.
        if !mv.effects.is_empty() {
            return self.push_resolved(out, mv);
        }
        let mut after = self.occ;
        // HaanerChess: the squares left are holes before any rebirth.
        if !self.pos.vacated_become_holes {
            after.clear(from);
            after.clear(capture_square);
        }
        after.set(to);
        let capture = Capture {
            pos: self.pos,
            capturer: mv.arriving_piece(),
            mover: piece,
            from,
            to,
            victim,
            capture_square,
            occupied: after,
        };
        self.rules.resolve_capture(&capture, |effects| {
            // A king captured for good ends the game; it is never a move.
            if victim.kind == Kind::KING
                && !self.takes_kings
                && self.rules.kings_royal()
                && !effects
                    .iter()
                    .any(|e| matches!(e, Effect::CapturedReborn { .. }))
            {
                return;
            }
            out.push(Move { effects, ..mv });
        });
    }

    /// Adds the moves a move becomes under a condition that gives it a
    /// second motion (Take&MakeChess, Wormholes), each resolved through the
    /// rules; one that the condition leaves without promotion promotes
    /// when it brings a pawn to its promotion rank.
    #[inline(never)]
    fn push_second_motions(&self, out: &mut Vec<Move>, mv: Move) {
        let promotion = mv.piece.kind.def().pawn;
        // The condition sees the lifts (a Mars unit's square of departure);
        // the moves it makes go on without them, as every move here does.
        let lifted = self.lifts.len();
        let seen = if lifted == 0 {
            mv
        } else {
            let mut all = Effects::NONE;
            for e in self.lifts.iter().chain(mv.effects.iter()) {
                all.push(*e);
            }
            Move { effects: all, ..mv }
        };
        let unlifted = |m: Move| {
            if lifted == 0 {
                return m;
            }
            let mut effects = Effects::NONE;
            for e in m.effects.iter().skip(lifted) {
                effects.push(*e);
            }
            Move { effects, ..m }
        };
        self.rules
            .conditions
            .second_motions(
                self.rules,
                self.pos,
                &seen,
                &mut |m| match (unlifted(m), promotion) {
                    (m, Some(p))
                        if m.promotion.is_none()
                            && self.rules.promotes_on(mv.piece.color, p, m.to)
                            && !m.takes_its_mover_along() =>
                    {
                        for kind in self.rules.repertoire.promotions(p) {
                            self.push_judged(
                                out,
                                Move {
                                    promotion: Some(kind),
                                    ..m
                                },
                            );
                        }
                    }
                    (m, _) => self.push_judged(out, m),
                },
            );
    }

    /// Adds the outcomes of a move under rules beyond the tier-1 forms
    /// (the general pipeline); a quiet move goes through it only when it
    /// can have effects (something waits, a promotion under Frischauf).
    #[inline(never)]
    fn push_resolved(&self, out: &mut Vec<Move>, mv: Move) {
        if self.skip.is_some_and(|skip| skip(&mv, out)) {
            return;
        }
        if self.lifts.is_empty() {
            self.resolve_into(out, &mv);
        } else {
            let mut all = Effects::NONE;
            for e in self.lifts.iter().chain(mv.effects.iter()) {
                all.push(*e);
            }
            self.resolve_into(out, &Move { effects: all, ..mv });
        }
    }

    /// [`Gen::push_resolved`] once the lifts are in `mv`'s effects. The move
    /// is read in place: copying it once more as a value to change cost
    /// a tenth of the time of a Volcanic series stalemate.
    #[inline(always)]
    fn resolve_into(&self, out: &mut Vec<Move>, mv: &Move) {
        if !mv.is_capture()
            && self.pos.waiting.is_empty()
            && mv.promotion.is_none()
            && !self.rules.conditions.change_units()
        {
            out.push(*mv);
            return;
        }
        let king = mv.captured.is_some_and(|v| v.kind == Kind::KING);
        self.rules.resolve_move(self.pos, mv, |effects| {
            // A king captured for good ends the game; it is never a move.
            if king
                && !self.takes_kings
                && self.rules.kings_royal()
                && !crate::rules::captured_unit_back(&effects)
            {
                return;
            }
            out.push(Move { effects, ..*mv });
        });
    }

    fn pawn_moves(&self, out: &mut Vec<Move>, us: Color, movers: Bitboard) {
        let pos = self.pos;
        let forward: i8 = if us == Color::White { 1 } else { -1 };
        let promotes = self.rules.promotion_squares(us);
        for from in pos.pieces(us, Kind::PAWN) & movers {
            let piece = pos.piece_as(from, us).expect("own pawn");
            // A pawn on its own first rank stands still, except where the
            // rules let it step (Parrain, Cage; Popeye's rule).
            let first_rank = from.rank() == us.back_rank();
            if first_rank && !self.rules.first_rank_pawn_moves_from(from) {
                continue;
            }
            // A kamikaze pawn that vanishes as it captures never promotes.
            let vanishes = piece.is_kamikaze() && self.rules.kamikaze_capturer_vanishes();
            let mut push = |to: Square, motion: Motion| {
                if promotes.contains(to) && !(vanishes && self.occ.contains(to)) {
                    for kind in self.rules.repertoire.promotions(Promotion::LastRank) {
                        self.push(out, piece, from, to, motion, Some(kind));
                    }
                } else {
                    self.push(out, piece, from, to, motion, None);
                }
            };
            if let Some(one) = from.offset(0, forward) {
                if !self.occ.contains(one) {
                    push(one, Motion::Normal);
                    if first_rank && crate::rules::conditions::einstein::in_force(self.rules) {
                        // EinsteinChess: two or three squares from the first
                        // rank, each a multistep that may be taken en passant.
                        let mut at = one;
                        for _ in 0..2 {
                            match at.offset(0, forward) {
                                Some(next) if !self.occ.contains(next) => {
                                    push(next, Motion::DoubleStep);
                                    at = next;
                                }
                                _ => break,
                            }
                        }
                    } else if from.rank() == us.pawn_rank() {
                        if let Some(two) = one.offset(0, forward) {
                            if !self.occ.contains(two) {
                                push(two, Motion::DoubleStep);
                            }
                        }
                    }
                }
            }
            let attacked = attacks::pawn(us, from);
            for to in attacked & self.capturable {
                push(to, Motion::Normal);
            }
            if let Some(ep) = pos.ep_square {
                for ep in std::iter::once(ep).chain(pos.ep_also) {
                    if attacked.contains(ep)
                        && !self.occ.contains(ep)
                        && pos.by_color(us.opponent()).contains(pos.ep_victim)
                    {
                        push(ep, Motion::EnPassant);
                    }
                }
            }
        }
    }

    /// The moves of the fairy unit on `from`, numbered in their walk's
    /// order; a pawn's moves to its promotion rank once per promotion.
    fn fairy_moves(&self, out: &mut Vec<Move>, from: Square) {
        let piece = self.pos.piece_as(from, self.pos.turn).expect("own unit");
        self.walk_moves(out, from, piece, piece.kind);
    }

    /// The moves of `piece` on `from` with the walk of `walk`, through the
    /// walks' generic generators; it promotes as the unit it is.
    fn walk_moves(&self, out: &mut Vec<Move>, from: Square, piece: Piece, walk: Kind) {
        let pos = self.pos;
        // Bicaptures: the side's own units are enemies too.
        let enemies = pos.by_color(piece.color.opponent())
            | bicaptures::own_capturable(pos, self.rules, piece.color);
        let promotion = piece.kind.def().pawn;
        let promotes = match promotion {
            Some(Promotion::OwnFirstRank) => self.rules.promotion_squares(piece.color.opponent()),
            Some(_) => self.rules.promotion_squares(piece.color),
            None => Bitboard::EMPTY,
        };
        // A kamikaze pawn that vanishes as it captures never promotes.
        let vanishes = piece.is_kamikaze() && self.rules.kamikaze_capturer_vanishes();
        let mut sequence = 0u8;
        fairy::moves_as(pos, piece, walk, from, enemies, |reach| {
            if reach.capture.is_some_and(|c| !self.capturable.contains(c)) {
                return;
            }
            let mut mv = Move::quiet(piece, from, reach.to, reach.motion);
            mv.sequence = sequence;
            sequence = sequence.saturating_add(1);
            if let Some(c) = reach.capture {
                mv.capture_square = c;
            }
            match promotion {
                Some(p)
                    if promotes.contains(reach.to) && !(vanishes && reach.capture.is_some()) =>
                {
                    for kind in self.rules.repertoire.promotions(p) {
                        self.push_move(
                            out,
                            Move {
                                promotion: Some(kind),
                                ..mv
                            },
                        );
                    }
                }
                _ => self.push_move(out, mv),
            }
        });
    }

    /// The moves of `piece` with `walks` when a square is reached once
    /// (TransmissionMenace): each walk's moves in Popeye's order of
    /// generation (the reverse of the order tried), the walks in their
    /// order, a move to a square an earlier move reaches left out; then
    /// numbered in that order, so that the last generated is tried first.
    fn moves_once_per_arrival(
        &self,
        out: &mut Vec<Move>,
        from: Square,
        piece: Piece,
        walks: Walks,
    ) {
        let mut batch = Vec::new();
        let mut reached = Bitboard::EMPTY;
        let mut number = 0u8;
        for walk in walks.iter() {
            batch.clear();
            self.walk_moves(&mut batch, from, piece, walk);
            if walk == Kind::KING && from == Square::new(4, piece.color.back_rank()) {
                self.castling(&mut batch, piece.color);
            }
            // A move's place in its walk's order: an orthodox walk's by its
            // geometry, a fairy one's as generated (`sequence`).
            let place = |mv: &Move| {
                let as_walk = Move {
                    piece: Piece {
                        kind: walk,
                        ..mv.piece
                    },
                    sequence: if walk.is_orthodox() { 0 } else { mv.sequence },
                    ..*mv
                };
                let (from, direction, distance, _) = crate::solve::popeye_order::key(&as_walk);
                std::cmp::Reverse((from, direction, distance))
            };
            batch.sort_by_key(place);
            // The promotions of one move share its number.
            let mut last: Option<(Square, u8)> = None;
            for mv in batch.drain(..) {
                let group = (mv.to, mv.sequence);
                if reached.contains(mv.to) && last != Some(group) {
                    continue;
                }
                if last != Some(group) {
                    number = number.saturating_add(1);
                    last = Some(group);
                }
                reached.set(mv.to);
                out.push(Move {
                    sequence: number,
                    ..mv
                });
            }
        }
    }

    fn castling(&self, out: &mut Vec<Move>, us: Color) {
        let pos = self.pos;
        let rank = us.back_rank();
        let king_from = Square::new(4, rank);
        // UltramarineChess castles with the poseidon, the standard king.
        let king_kind = if !self.rules.conditions.is_empty()
            && self.rules.has(crate::rules::Condition::UltramarineChess)
        {
            Kind::POSEIDON
        } else {
            Kind::KING
        };
        if !pos.unmoved.contains(king_from) || !pos.pieces(us, king_kind).contains(king_from) {
            return;
        }
        if crate::rules::conditions::castling_chess::castling_disabled(self.rules) {
            return;
        }
        let mut in_check = None;
        // PointReflection: the rooks castle as rooks, and the king's squares
        // are tested with the units' own walks (as Popeye does).
        let reflecting = !self.rules.conditions.is_empty()
            && self.rules.has(crate::rules::Condition::PointReflection);
        let own_walks;
        if reflecting && !point_reflection::may_castle(pos, us) {
            return;
        }
        let check_rules = if reflecting {
            own_walks = point_reflection::castling_check_rules(self.rules);
            &own_walks
        } else {
            self.rules
        };
        // MarineChess castles with the triton, ArgentinianChess with the
        // faro: the standard rook there.
        let rook_kind = crate::rules::conditions::StandardWalks::of(self.rules).rook();
        for (rook_file, king_file, kind) in
            [(7u8, 6u8, Motion::CastleShort), (0, 2, Motion::CastleLong)]
        {
            let rook_from = Square::new(rook_file, rank);
            if !pos.unmoved.contains(rook_from) || !pos.pieces(us, rook_kind).contains(rook_from) {
                continue;
            }
            if (attacks::between(king_from, rook_from) & self.occ).nonempty() {
                continue;
            }
            if *in_check.get_or_insert_with(|| check_rules.in_check(pos, us)) {
                return;
            }
            // The king may not pass through check: try it on the square it crosses.
            let passed = Square::new((4 + king_file) / 2, rank);
            let mut crossing = *pos;
            let king = crossing.remove(king_from).expect("king");
            crossing.put(passed, king);
            if check_rules.in_check(&crossing, us) {
                continue;
            }
            let king_piece = pos.piece_at(king_from).expect("king");
            let mv = Move::quiet(king_piece, king_from, Square::new(king_file, rank), kind);
            if self.route.second_motion {
                self.push_second_motions(out, mv);
            } else if self.route.general {
                self.push_resolved(out, mv);
            } else {
                out.push(mv);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Attrs;
    use crate::rules::{Base, CirceRules, RebirthSquare};

    /// The legal moves a filter keeps, asked before legality, are the
    /// legal moves filtered: the same moves in the same order, on
    /// positions with pins, checks and rebirths.
    #[test]
    fn legal_moves_among_is_the_legal_list_filtered() {
        let lists = [
            "wKe1 wQd1 wRa1 wRh1 wBc4 wSg5 wPe5 bKe8 bQh4 bRa8 bBb4 bPd7 bPf7",
            "wKa1 wRa4 wBb2 bKh8 bQa8 bRh1 bBe5 bSc3",
            "wKe4 wPd5 wPf5 bKe6 bPe5 bRa4 bBh7 bSg3",
        ];
        for rules in [Rules::orthodox(), Rules::with_circe(CirceRules::CIRCE)] {
            for list in lists {
                let mut pos = Position::from_piece_list(list).unwrap();
                for turn in Color::ALL {
                    pos.turn = turn;
                    // Keep every other move, and the captures.
                    let wanted = |mv: &Move| {
                        mv.is_capture() || (mv.from.index() + mv.to.index()).is_multiple_of(2)
                    };
                    let mut all = Vec::new();
                    legal_moves(&pos, &rules, &mut all);
                    all.retain(wanted);
                    let mut among = Vec::new();
                    legal_moves_among(&pos, &rules, &mut among, wanted);
                    assert_eq!(among, all, "{list}, {turn:?}");
                }
            }
        }
    }

    /// A move the evasion filter drops never lifts the check, on random
    /// positions with the side to move in check, in orthodox chess and
    /// under Circe forms (Anticirce: no filter, check there is more than
    /// attack); and the answer of [`has_legal_move`] stays the legal
    /// list's.
    #[test]
    fn a_move_the_evasion_filter_drops_never_lifts_the_check() {
        let mut rng = crate::test_rng::XorShift::new(0x2545_f491_4f6c_dd1d_u64);
        let all_rules = [
            Rules::orthodox(),
            Rules::with_circe(CirceRules::CIRCE),
            Rules::with_circe(CirceRules::of(Base::AntiCirce)),
        ];
        let kinds = ["Q", "R", "B", "S", "P"];
        let (mut checks, mut dropped) = (0, 0);
        while checks < 600 {
            let per_side = 3 + rng.below(6) as usize;
            let list = rng.piece_list(per_side, &kinds);
            let Ok(mut pos) = Position::from_piece_list(&list) else {
                continue;
            };
            pos.turn = if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            let rules = &all_rules[rng.below(3) as usize];
            if !rules.in_check(&pos, pos.turn) || rules.in_check(&pos, pos.turn.opponent()) {
                continue;
            }
            checks += 1;
            let mut pseudo = Vec::new();
            pseudo_legal_moves(&pos, rules, &mut pseudo);
            if let Some(evasions) = Evasions::of(&pos, rules) {
                for mv in pseudo.iter().filter(|mv| !evasions.may_evade(mv)) {
                    dropped += 1;
                    assert!(
                        !is_legal(&pos, rules, mv),
                        "{list} {:?}: {mv:?} lifts the check",
                        pos.turn
                    );
                }
            }
            let mut legal = Vec::new();
            legal_moves(&pos, rules, &mut legal);
            assert_eq!(
                has_legal_move(&pos, rules, &mut Vec::new()),
                !legal.is_empty(),
                "{list}"
            );
        }
        assert!(dropped > 1000, "too few moves dropped: {dropped}");
    }

    /// Where captures have many outcomes the quiet moves are asked first;
    /// the answer stays the whole list's, an escape by capture included.
    #[test]
    fn quiet_moves_first_answer_as_the_whole_list() {
        let lists = [
            "wKf6 wQg7 bKh8",
            "wKa1 wQg7 bKh8",
            "wKa1 wRa8 wRb7 bKh8 bSg8",
            "wKe1 wRa1 wRh1 wPd2 bKe8 bQd8 bSg8 bPe7 bBf5",
            "wKh1 wBc4 wSf7 bKh7 bRg8 bPh6 bPg6",
        ];
        for square in [
            RebirthSquare::Cage,
            RebirthSquare::Super,
            RebirthSquare::TakeMake,
        ] {
            let mut circe = CirceRules::of(Base::Circe);
            circe.square = square;
            let rules = Rules::with_circe(circe);
            assert!(rules.is_general());
            for list in lists {
                for turn in [Color::White, Color::Black] {
                    let mut pos = Position::from_piece_list(list).unwrap();
                    pos.turn = turn;
                    let mut legal = Vec::new();
                    legal_moves(&pos, &rules, &mut legal);
                    let has = has_legal_move(&pos, &rules, &mut Vec::new());
                    assert_eq!(has, !legal.is_empty(), "{square:?} {list} {turn:?}");
                }
            }
        }
    }

    /// The quiet move seen on the bitboards is a legal move of the whole
    /// list; where none is seen, the list answers. The positions are
    /// stalemates but for one unit: a pinned knight, a pinned rook whose
    /// pin line is its own, blocked and promoting pawns, a pawn on its
    /// first rank (which Circe's rebirth puts there).
    #[test]
    fn a_quiet_move_seen_on_the_bitboards_is_legal() {
        let cases = [
            // (pieces, black to move has a legal move, a quiet one seen)
            ("wKf7 wBd3 bKh8", false, false),
            ("wKf7 wBd3 wRa8 bKh8 bSg8", false, false),
            ("wKf7 wBd3 bKh8 bSb1", true, true),
            ("wKf7 wBd3 wRa8 bKh8 bRg8", true, false),
            ("wKc7 wSb5 wBh1 bKa8 bRb7", false, false),
            ("wKf7 wBd3 bKh8 bPc3 wPc2", false, false),
            ("wKf7 wBd3 bKh8 bPa4", true, true),
            ("wKf7 wBd3 bKh8 bPa2", true, false),
            ("wKf7 wBd3 bKh8 bPa8", false, false),
        ];
        let circe = Rules::with_circe(CirceRules::of(Base::Circe));
        for rules in [Rules::orthodox(), circe] {
            for (list, has, seen) in cases {
                let mut pos = Position::from_piece_list(list).unwrap();
                pos.turn = Color::Black;
                let mut legal = Vec::new();
                legal_moves(&pos, &rules, &mut legal);
                assert_eq!(legal.is_empty(), !has, "{list}");
                assert_eq!(has_surely_legal_quiet_move(&pos, &rules), seen, "{list}");
                assert_eq!(has_legal_move(&pos, &rules, &mut Vec::new()), has, "{list}");
            }
        }
        // An attribute may take a unit's moves away: nothing is seen.
        let mut pos = Position::from_piece_list("wKf7 wBd3 bKh8 bSd4").unwrap();
        pos.turn = Color::Black;
        assert!(has_surely_legal_quiet_move(&pos, &Rules::orthodox()));
        let knight = pos.remove(Square::new(3, 3)).unwrap();
        pos.put(Square::new(3, 3), knight.with(Attrs::PARALYSING));
        assert!(!has_surely_legal_quiet_move(&pos, &Rules::orthodox()));
    }

    /// The moves that score highest, each resolved only where it may
    /// score highest, are those the whole list keeps; whether a move
    /// scores a floor or more is answered as the whole list answers it.
    /// Under SuperCirce with Sentinelles every move has outcomes to
    /// resolve; under AntiCirce a capture whose rebirth square is taken
    /// has none, so the longest move may not be one.
    #[test]
    fn the_best_moves_resolved_alone_are_the_whole_lists_best() {
        use crate::rules::conditions::mummer::{keep_best, length};
        let lists = [
            "wKe1 wQh2 wRa1 bKe8 bQc4 bPc7 bPd6",
            "wKd8 wQh2 bQc4 bPc7",
            "wKa1 wRa8 wBb7 bKh8 bSg8 bPb2",
            "wKe1 wRa1 wRh1 wPd2 bKe8 bQd8 bSg8 bPe7 bBf5",
        ];
        let scores: [fn(&Move) -> u32; 3] = [
            length,
            |mv| u32::MAX - length(mv),
            |mv| mv.is_capture() as u32,
        ];
        for (base, square, sentinelles) in [
            (Base::Circe, RebirthSquare::Super, true),
            (Base::Circe, RebirthSquare::Super, false),
            (Base::AntiCirce, RebirthSquare::Classic, false),
            (Base::Circe, RebirthSquare::Classic, true),
        ] {
            let mut circe = CirceRules::of(base);
            circe.square = square;
            let mut rules = Rules::with_circe(circe);
            if sentinelles {
                rules.conditions.insert(Condition::Sentinelles);
            }
            for list in lists {
                for turn in [Color::White, Color::Black] {
                    let mut pos = Position::from_piece_list(list).unwrap();
                    pos.turn = turn;
                    let mut whole = Vec::new();
                    pseudo_legal_moves(&pos, &rules, &mut whole);
                    for score in scores {
                        let mut kept = whole.clone();
                        keep_best(&mut kept, 0, score);
                        let mut best = Vec::new();
                        best_pseudo_legal(&pos, &rules, &score, &mut best);
                        assert_eq!(best, kept, "{base:?} {square:?} {list} {turn:?}");
                        let mut floors: Vec<u32> = whole.iter().map(score).collect();
                        floors.extend([0, 1, 3, 50, 100, u32::MAX]);
                        for floor in floors.iter().flat_map(|&f| [f, f.saturating_add(1)]) {
                            assert_eq!(
                                scores_at_least(&pos, &rules, &score, floor, &mut Vec::new()),
                                whole.iter().any(|mv| score(mv) >= floor),
                                "{base:?} {square:?} {list} {turn:?} {floor}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// Each pseudo-legal move as `all_pseudo_legal` asks it: a move is
    /// told by its text and its effects.
    fn asked(pos: &Position, rules: &Rules, first: Option<(Square, Square)>) -> Vec<String> {
        let mut seen = Vec::new();
        all_pseudo_legal(pos, rules, &mut Vec::new(), first, |mv| {
            seen.push(format!("{mv:?}"));
            true
        });
        seen.sort();
        seen
    }

    /// Under the attributes that judge each quiet move alone (half-neutral,
    /// paralysing, uncapturable) beside a Circe form whose captures have
    /// many outcomes, or Take&MakeChess (whose captures go on with a make)
    /// beside Circe, the quiet moves are asked unit by unit apart from the
    /// captures, any move first: every pseudo-legal move is asked, once,
    /// and no other; the first move that fails ends the test.
    #[test]
    fn quiet_moves_apart_ask_every_move_once() {
        let sq = |s: &str| Square::parse(s).unwrap();
        let units = [
            (Attrs::HALF_NEUTRAL, Color::White, Kind::ROOK, "c6"),
            (Attrs::HALF_NEUTRAL, Color::White, Kind::BISHOP, "e4"),
            (Attrs::PARALYSING, Color::Black, Kind::KNIGHT, "d6"),
            (Attrs::UNCAPTURABLE, Color::Black, Kind::BISHOP, "b8"),
        ];
        for (base, square, take_make) in [
            (Base::AntiCirce, RebirthSquare::Super, false),
            (Base::Circe, RebirthSquare::Cage, false),
            (Base::Circe, RebirthSquare::Super, false),
            (Base::Circe, RebirthSquare::Classic, true),
        ] {
            let mut circe = CirceRules::of(base);
            circe.square = square;
            for (attrs, color, kind, on) in units {
                let mut pos =
                    Position::from_piece_list("wKh1 wSb7 bKd7 bRc3 bRg4 bBf1 bSa1 bPe6 bPg7 bPh7")
                        .unwrap();
                pos.put(sq(on), Piece::new(color, kind).with(attrs));
                let mut rules = Rules::with_circe(circe);
                if take_make {
                    rules.conditions.insert(Condition::TakeMakeChess);
                }
                crate::rules::conditions::put_carried_in_force(&mut rules, &pos);
                assert!(rules.is_general() || rules.conditions.second_motion());
                assert!(rules.quiet_moves_apart());
                assert!(!rules.units_move_from_their_squares());
                for turn in [Color::White, Color::Black] {
                    pos.turn = turn;
                    let mut whole = Vec::new();
                    pseudo_legal_moves(&pos, &rules, &mut whole);
                    let mut whole: Vec<String> = whole.iter().map(|m| format!("{m:?}")).collect();
                    whole.sort();
                    for first in [None, Some((sq(on), sq("d5"))), Some((sq("a1"), sq("b3")))] {
                        let mut got = asked(&pos, &rules, first);
                        // A capture en passant is asked twice (none here).
                        got.dedup();
                        assert_eq!(got, whole, "{base:?} {square:?} {on} {turn:?} {first:?}");
                    }
                    // The first move that fails is the last asked.
                    let mut n = 0;
                    let all = all_pseudo_legal(&pos, &rules, &mut Vec::new(), None, |_| {
                        n += 1;
                        n < 3
                    });
                    assert!(!all && n == 3);
                }
            }
        }
    }
}
