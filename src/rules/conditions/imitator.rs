//! Imitator and NoIProm. Imitators are neutral blocking units that stand
//! on no square of the board (`Position::imitators`): every move shifts
//! them all by its vector, the vector from the moving unit's departure to
//! its arrival (nothing for castling, where king and rook cancel out). A
//! move is possible only if every imitator can follow it: a leaper's (a
//! king's, a knight's, a pawn's capture) onto an empty square, a rider's
//! (a pawn's step, its double step) step by step, each square on the way
//! empty. The square the moving unit leaves counts as empty, the square it
//! arrives on does not, and a square off the board is never empty. Once
//! the move is played (rebirths too), no imitator may stand where a unit
//! stands: a unit reborn where an imitator arrives makes the capture
//! illegal. Check obeys the same rule: a unit checks only if the
//! imitators could follow its capture of the king.
//!
//! Castling: the king's two steps (and, castling long, the rook's three
//! back with the king on its square) must each leave the imitators free;
//! the imitators shift by the king's and the rook's vectors together:
//! not at all castling short, a file towards the h-file castling long.
//!
//! A pawn reaching its promotion rank may become an imitator (listed
//! first, `=I`), unless NoIProm is in force: the pawn leaves the board
//! and an imitator appears on its square, after the others have shifted.
//! A pawn reborn on its promotion rank may become one too.
//!
//! The walks Popeye has no rule for (hoppers and the rest, beyond the
//! leapers and riders) move without the imitators' leave, but the
//! imitators shift with them all the same, and may not land on a unit.

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Bitboard, Kind, Position, Square};
use crate::moves::{Effect, Effects, Motion, Move};
use crate::pieces::Step;
use crate::rules::{Capture, Condition, Observer, Rules};

pub struct Imitator;

impl ConditionRule for Imitator {
    const ID: &'static str = "imitators";
    const PARAMETER: Parameter = Parameter::Squares;
    /// A move needs the imitators' leave (`allows`), observation too
    /// (`observes`), and a move is illegal when a unit ends on an
    /// imitator (`legal_after`). A check is still an orthodox attack.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        orthodox_legality: false,
        ..Capabilities::ORTHODOX
    };

    fn prepare(rules: &Rules, pos: &mut Position) {
        pos.imitators = rules.param(Condition::Imitator).squares;
    }

    #[inline]
    fn allows(_rules: &Rules, pos: &Position, mv: &Move) -> bool {
        if pos.imitators.is_empty() {
            return true;
        }
        let occupied = pos.occupied();
        match mv.motion {
            Motion::Null => true,
            Motion::CastleShort | Motion::CastleLong => castling_free(pos, mv, occupied),
            _ => follow(
                pos.imitators,
                mv.piece.kind,
                mv.from,
                mv.to,
                occupied,
                false,
            ),
        }
    }

    #[inline]
    fn observes(_rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        pos.imitators.is_empty()
            || follow(
                pos.imitators,
                observer.unit.kind,
                observer.from,
                target,
                pos.occupied(),
                true,
            )
    }

    #[inline]
    fn legal_after(_rules: &Rules, before: &Position, mv: &Move, after: &Position) -> bool {
        if before.imitators.is_empty() {
            return true;
        }
        let (df, dr) = vector(mv);
        shifted(before.imitators, df, dr).is_some()
            && (after.imitators & after.occupied()).is_empty()
    }

    fn settle(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        if rules.has(Condition::NoIProm) {
            return;
        }
        let mut i = start;
        while i < moves.len() {
            let mv = moves[i];
            let run_start = mv.promotion.is_some()
                && mv.piece.kind.is_pawn()
                && !(i > start && {
                    let prev = moves[i - 1];
                    prev.promotion.is_some() && prev.from == mv.from && prev.to == mv.to
                });
            if !run_start {
                i += 1;
                continue;
            }
            // The run of this arrival's promotions; those into its first
            // walk stand for the outcomes of the capture (a rebirth decided
            // before the move, Parrain's, may promote in turn).
            let mut end = i + 1;
            while end < moves.len()
                && moves[end].promotion.is_some()
                && moves[end].from == mv.from
                && moves[end].to == mv.to
            {
                end += 1;
            }
            let mut added = Vec::new();
            if kept_effects(&mv) {
                for m in &moves[i..end] {
                    if m.promotion == mv.promotion {
                        into_imitator(rules, pos, m, &mut added);
                    }
                }
            } else {
                into_imitator(rules, pos, &mv, &mut added);
            }
            let n = added.len();
            moves.splice(i..i, added);
            i = end + n;
        }
        // A pawn reborn on its promotion rank: into an imitator first.
        let mut i = start;
        while i < moves.len() {
            let mv = moves[i];
            if let Some(at) = first_reborn_promotion(&mv, i > start, &moves[i.saturating_sub(1)]) {
                let mut into = mv;
                if let Effect::CapturedReborn { on, .. } | Effect::CapturerReborn { to: on, .. } =
                    mv.effects.as_slice()[at]
                {
                    into.effects
                        .insert(at + 1, Effect::ImitatorPromotion { on });
                    moves.insert(i, into);
                    i += 1;
                }
            }
            i += 1;
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        use crate::rules::Base;
        if rules.param(Condition::Imitator).squares.count() > 10 {
            // Popeye keeps the first ten given, in the order given, which
            // the parameter does not keep.
            return Some("more than ten imitators (Popeye keeps the first ten given)".into());
        }
        let too_fairy = [
            Condition::AnnanChess,
            Condition::Nanna,
            Condition::PointReflection,
            Condition::GridChess,
            Condition::KoeKo,
            Condition::AntiKoeko,
            Condition::NewKoeko,
            Condition::WhiteEdgeMover,
            Condition::BlackEdgeMover,
            Condition::HaanerChess,
        ]
        .iter()
        .any(|&c| rules.has(c))
            || rules.family(Base::GenevaChess).is_some()
            || rules.family(Base::ImmunChess).is_some();
        if too_fairy {
            return Some("conditions too fairy for imitator".into());
        }
        // Popeye's imitators judge an observation from a rebirth square
        // along the line from the unit's own square (mostly none), and
        // its moves from the rebirth square by another rule.
        if [Base::MarsCirce, Base::AntiMarsCirce, Base::PhantomChess]
            .iter()
            .any(|&b| rules.family(b).is_some())
        {
            return Some(
                "Imitator with MarsCirce, AntiMarsCirce or PhantomChess (Popeye's imitators \
                 follow a unit moving from its rebirth square by a rule not reproduced here)"
                    .into(),
            );
        }
        [Condition::Madrasi, Condition::Eiffel, Condition::Isardam]
            .iter()
            .any(|&c| rules.has(c))
            .then(|| {
                "eiffel, madrasi, isardam, woozles or paralysing pieces incompatible with \
                 some fairy conditions"
                    .into()
            })
    }
}

/// NoIProm: no pawn promotes into an imitator.
pub struct NoIProm;

impl ConditionRule for NoIProm {
    const ID: &'static str = "noiprom";
}

/// The vector the imitators shift by with `mv`: the king's and the
/// rook's together for castling (none short, a file east long), none for
/// an exchange or a null move.
#[inline]
pub(crate) fn vector(mv: &Move) -> (i8, i8) {
    match mv.motion {
        Motion::Normal | Motion::DoubleStep | Motion::EnPassant => (
            mv.to.file() as i8 - mv.from.file() as i8,
            mv.to.rank() as i8 - mv.from.rank() as i8,
        ),
        Motion::CastleLong => (1, 0),
        _ => (0, 0),
    }
}

/// The imitators moved by `df` files and `dr` ranks, or `None` when one
/// would leave the board.
#[inline]
pub(crate) fn shifted(imitators: Bitboard, df: i8, dr: i8) -> Option<Bitboard> {
    let mut out = Bitboard::EMPTY;
    for sq in imitators {
        out.set(sq.offset(df, dr)?);
    }
    Some(out)
}

/// The imitators after `mv` has shifted them (before any promotion into
/// an imitator), those leaving the board left out.
#[inline]
pub(crate) fn after_shift(imitators: Bitboard, mv: &Move) -> Bitboard {
    let (df, dr) = vector(mv);
    let mut out = Bitboard::EMPTY;
    for sq in imitators {
        if let Some(to) = sq.offset(df, dr) {
            out.set(to);
        }
    }
    out
}

/// Whether every imitator can make `n` steps of (`sf`, `sr`), each onto a
/// square off `blocking` and on the board.
#[inline]
fn steps_free(imitators: Bitboard, blocking: Bitboard, sf: i8, sr: i8, n: i8) -> bool {
    (1..=n).all(|j| shifted(imitators, sf * j, sr * j).is_some_and(|b| (b & blocking).is_empty()))
}

/// Whether the imitators can follow a unit of walk `kind` from `from` to
/// `to`, `occupied` the board before the move; `observing` when the unit
/// observes `to` rather than moves there (it is lifted from its square
/// then, for a hopper's lines and hurdles too).
#[inline]
fn follow(
    imitators: Bitboard,
    kind: Kind,
    from: Square,
    to: Square,
    occupied: Bitboard,
    observing: bool,
) -> bool {
    let mut blocking = occupied;
    blocking.clear(from);
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    match path(kind, df, dr) {
        Some((sf, sr, n)) => steps_free(imitators, blocking, sf, sr, n),
        None => {
            let lines = if observing { blocking } else { occupied };
            hop_free(
                imitators, kind, from, to, occupied, lines, blocking, observing,
            )
        }
    }
}

/// Whether every imitator, moved by (`df`, `dr`), lands off `blocking`
/// and on the board.
#[inline]
fn lands_free(imitators: Bitboard, blocking: Bitboard, df: i8, dr: i8) -> bool {
    shifted(imitators, df, dr).is_some_and(|b| (b & blocking).is_empty())
}

/// Whether every imitator, moved by (`df`, `dr`), finds a unit there (a
/// hurdle of its own).
#[inline]
fn hurdles_there(imitators: Bitboard, units: Bitboard, df: i8, dr: i8) -> bool {
    shifted(imitators, df, dr).is_some_and(|b| (b & units) == b)
}

/// Whether every imitator can make the steps `from..to` (counted in
/// steps of (`sf`, `sr`), `to` excluded) onto squares off `blocking`.
#[inline]
fn line_free(imitators: Bitboard, blocking: Bitboard, sf: i8, sr: i8, from: i8, to: i8) -> bool {
    (from..to).all(|j| lands_free(imitators, blocking, sf * j, sr * j))
}

/// The imitators' leave for the hoppers and lame leapers Popeye has a rule
/// for: each imitator needs a hurdle where the unit's is, the squares of
/// its line before it free (`lines`), the squares after it too for the
/// hoppers landing further (the grasshopper-2, the equihoppers), and its
/// arrival free (`arrival`: the mover's square counts as free). The other
/// walks (`path` gives none) need no leave, but for the contragrasshopper
/// observing.
#[allow(clippy::too_many_arguments)]
fn hop_free(
    imitators: Bitboard,
    kind: Kind,
    from: Square,
    to: Square,
    units: Bitboard,
    lines: Bitboard,
    arrival: Bitboard,
    observing: bool,
) -> bool {
    use crate::pieces::walk::{Angle, Equi, Lame, Land};
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    // The hurdle's units: the board, the observer lifted when observing.
    let hurdles = if observing { arrival } else { units };
    let steps = kind.def().walk.steps;
    let [step] = steps else {
        return true;
    };
    let multiple =
        |vf: i8, vr: i8| -> Option<i8> { (1..15i8).find(|&m| vf * m == df && vr * m == dr) };
    match *step {
        Step::Hop {
            vectors,
            hurdles: 1,
            land: Land::Behind(n),
        } => {
            let n = n as i8;
            for &(vf, vr) in vectors.iter() {
                if let Some(m) = multiple(vf, vr) {
                    let k = m - n;
                    if k < 1 {
                        return true;
                    }
                    let after = n < 2 || line_free(imitators, lines, vf, vr, k + 1, m + 1);
                    return line_free(imitators, lines, vf, vr, 1, k)
                        && hurdles_there(imitators, hurdles, vf * k, vr * k)
                        && after
                        && lands_free(imitators, arrival, df, dr);
                }
            }
            true
        }
        Step::LeapHop(_) => {
            hurdles_there(imitators, hurdles, df / 2, dr / 2)
                && lands_free(imitators, arrival, df, dr)
        }
        Step::ContraHop(_) if observing => {
            let len = df.abs().max(dr.abs());
            let (sf, sr) = (df / len, dr / len);
            hurdles_there(imitators, hurdles, sf, sr)
                && line_free(imitators, lines, sf, sr, 2, len + 1)
        }
        Step::Equi(Equi::Hopper | Equi::Orix) => {
            let g = gcd(df.unsigned_abs(), dr.unsigned_abs()) as i8;
            if g % 2 != 0 {
                return true;
            }
            let (sf, sr, k) = (df / g, dr / g, g / 2);
            line_free(imitators, lines, sf, sr, 1, k)
                && hurdles_there(imitators, hurdles, sf * k, sr * k)
                && line_free(imitators, lines, sf, sr, k + 1, g + 1)
                && lands_free(imitators, arrival, df, dr)
        }
        Step::Equi(Equi::NonstopHopper | Equi::NonstopOrix) => {
            df % 2 != 0
                || dr % 2 != 0
                || (hurdles_there(imitators, hurdles, df / 2, dr / 2)
                    && lands_free(imitators, arrival, df, dr))
        }
        Step::Lame(lame @ (Lame::Mao | Lame::Moa)) => {
            // The square passed: a step orthogonal (mao) or diagonal (moa)
            // towards the arrival.
            let (pf, pr) = match lame {
                Lame::Mao if df.abs() == 2 => (df / 2, 0),
                Lame::Mao => (0, dr / 2),
                _ if df.abs() == 2 => (df / 2, dr),
                _ => (df, dr / 2),
            };
            lands_free(imitators, arrival, pf, pr) && lands_free(imitators, arrival, df, dr)
        }
        Step::AngleHop(vectors, Angle::A45 | Angle::A90 | Angle::A135) => {
            // The first leg: the line from `from` to the first unit on it,
            // from which one step turned reaches `to`.
            for &(vf, vr) in vectors.iter() {
                for k in 1..8i8 {
                    let Some(h) = from.offset(vf * k, vr * k) else {
                        break;
                    };
                    if !units.contains(h) {
                        continue;
                    }
                    let (wf, wr) = (
                        to.file() as i8 - h.file() as i8,
                        to.rank() as i8 - h.rank() as i8,
                    );
                    let turned = (wf, wr) != (vf, vr)
                        && (wf, wr) != (-vf, -vr)
                        && wf.abs().max(wr.abs()) == vf.abs().max(vr.abs())
                        && wf.abs().min(wr.abs()) <= vf.abs().max(vr.abs());
                    if turned {
                        return line_free(imitators, lines, vf, vr, 1, k)
                            && hurdles_there(imitators, hurdles, vf * k, vr * k)
                            && lands_free(imitators, arrival, df, dr);
                    }
                    break;
                }
            }
            true
        }
        _ => true,
    }
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// How the imitators follow a unit of walk `kind` moving by (`df`, `dr`):
/// `n` steps of (`sf`, `sr`); `None` for a walk Popeye gives no rule
/// (hoppers and the rest), whose moves the imitators never stop.
fn path(kind: Kind, df: i8, dr: i8) -> Option<(i8, i8, i8)> {
    let len = df.abs().max(dr.abs());
    match kind {
        Kind::KING | Kind::KNIGHT => Some((df, dr, 1)),
        Kind::QUEEN | Kind::ROOK | Kind::BISHOP => Some((df / len, dr / len, len)),
        _ if kind.is_pawn() => {
            // A double step goes square by square.
            if len == 2 && (df == 0 || df.abs() == 2) {
                Some((df / 2, dr / 2, 2))
            } else {
                Some((df, dr, 1))
            }
        }
        _ => {
            let steps = kind.def().walk.steps;
            if !steps
                .iter()
                .all(|s| matches!(s, Step::Leap(_) | Step::Ride(_)))
            {
                return None;
            }
            for s in steps {
                if let Step::Ride(vectors) = s {
                    for &(vf, vr) in vectors.iter() {
                        for k in 1..8i8 {
                            if vf * k == df && vr * k == dr {
                                return Some((vf, vr, k));
                            }
                        }
                    }
                }
            }
            Some((df, dr, 1))
        }
    }
}

/// Castling under imitators: the king's two steps, the king lifted, must
/// leave them free (the rook still on its corner); castling long, the
/// rook's three steps back with the king on its arrival too.
fn castling_free(pos: &Position, mv: &Move, occupied: Bitboard) -> bool {
    let im = pos.imitators;
    let mut blocking = occupied;
    blocking.clear(mv.from);
    if mv.motion == Motion::CastleShort {
        return steps_free(im, blocking, 1, 0, 2);
    }
    if !steps_free(im, blocking, -1, 0, 2) {
        return false;
    }
    blocking.set(mv.to);
    [-1i8, 0, 1]
        .iter()
        .all(|&d| shifted(im, d, 0).is_some_and(|b| (b & blocking).is_empty()))
}

/// Whether the promotion into an imitator keeps the effects of `mv` as
/// they are: a rebirth decided before the move (Parrain) is.
fn kept_effects(mv: &Move) -> bool {
    mv.effects.iter().any(|e| {
        matches!(e, Effect::CapturedReborn { how, .. } | Effect::CapturerReborn { how, .. }
            if how.has(crate::moves::Rebirth::DELAYED))
            || matches!(e, Effect::Pending { .. })
    })
}

/// Adds the promotions of `mv` (a pawn's first promotion on its square)
/// into an imitator: the pawn leaves the board, an imitator takes its
/// square, and a capture is resolved again with that square empty.
fn into_imitator(rules: &Rules, pos: &Position, mv: &Move, out: &mut Vec<Move>) {
    let base = Move {
        promotion: None,
        effects: Effects::NONE,
        ..*mv
    };
    let mut first = Effects::NONE;
    first.push(Effect::ImitatorPromotion { on: mv.to });
    let victim = mv.captured.filter(|_| !kept_effects(mv));
    let Some(victim) = victim else {
        let mut effects = first;
        for e in mv.effects.iter() {
            effects.push(*e);
        }
        out.push(Move { effects, ..base });
        return;
    };
    // The capturer gone, AntiCirce has no capturer to rebirth and
    // Couscous no capturer to take the rebirth square from: Popeye makes
    // no such move.
    if rules.family(crate::rules::Base::AntiCirce).is_some() || rules.families().any(|c| c.couscous)
    {
        return;
    }
    if rules.is_general() {
        // The general pipeline plays the effects so far: the arrival
        // square is empty for the rebirths.
        let with = Move {
            effects: first,
            ..base
        };
        rules.resolve_move(pos, &with, |effects| {
            out.push(Move { effects, ..base });
        });
        return;
    }
    let mut occupied = pos.occupied();
    occupied.clear(mv.from);
    occupied.clear(mv.capture_square);
    let capture = Capture {
        pos,
        capturer: mv.piece,
        mover: mv.piece,
        from: mv.from,
        to: mv.to,
        victim,
        capture_square: mv.capture_square,
        occupied,
    };
    rules.resolve_capture(&capture, |effects| {
        let mut all = first;
        for e in effects.iter() {
            all.push(*e);
        }
        out.push(Move {
            effects: all,
            ..base
        });
    });
}

/// Where in `mv`'s effects a pawn reborn on its promotion rank (the
/// captured unit, or the capturer under AntiCirce) promotes
/// into the first walk of a series (the move before, `prev`, is not the
/// same with another walk), if it does.
fn first_reborn_promotion(mv: &Move, has_prev: bool, prev: &Move) -> Option<usize> {
    let promoted = |e: &Effect| {
        matches!(e, Effect::CapturedReborn { how, .. } | Effect::CapturerReborn { how, .. }
            if how.has(crate::moves::Rebirth::PROMOTED))
    };
    let at = mv.effects.iter().position(promoted)?;
    let same = |m: &Move| {
        m.from == mv.from
            && m.to == mv.to
            && m.promotion == mv.promotion
            && m.effects.len() == mv.effects.len()
            && m.effects.as_slice()[..at] == mv.effects.as_slice()[..at]
            && promoted(&m.effects.as_slice()[at])
    };
    if has_prev && same(prev) {
        return None;
    }
    Some(at)
}

/// Whether a capture from `from` to `to` with the rebirths `effects`
/// leaves every imitator of `pos` free once played: none leaves the board,
/// none stands where a unit is reborn (the check test's capture of a king,
/// played out under AntiCirce or Rex Inclusive).
pub(crate) fn capture_leaves_free(
    pos: &Position,
    from: Square,
    to: Square,
    effects: &Effects,
) -> bool {
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    let Some(after) = shifted(pos.imitators, df, dr) else {
        return false;
    };
    effects.iter().all(|e| match *e {
        Effect::CapturerReborn { to: on, .. }
        | Effect::CapturedReborn { on, .. }
        | Effect::Added { on, .. } => !after.contains(on),
        _ => true,
    })
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::sorted;
    use crate::board::{Bitboard, Color, Position, Square};
    use crate::io::notation::{popeye_move_with, Alphabet};
    use crate::movegen::legal_moves;
    use crate::rules::conditions::Param;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn imitators(rules: Rules, squares: &[&str]) -> Rules {
        let mut bb = Bitboard::EMPTY;
        for s in squares {
            bb.set(Square::parse(s).unwrap());
        }
        rules.with_param(
            Condition::Imitator,
            Param {
                squares: bb,
                ..Default::default()
            },
        )
    }

    fn prepared(rules: &Rules, pieces: &str, turn: Color) -> Position {
        let mut pos = Position::from_piece_list(pieces).unwrap();
        pos.turn = turn;
        rules.conditions.prepare(rules, &mut pos);
        pos
    }

    /// The legal moves, with the imitators' squares, sorted.
    fn moves(rules: &Rules, pieces: &str, turn: Color) -> Vec<String> {
        let pos = prepared(rules, pieces, turn);
        let mut out = Vec::new();
        legal_moves(&pos, rules, &mut out);
        let mut v: Vec<String> = out
            .iter()
            .map(|m| popeye_move_with(m, pos.imitators, Alphabet::English))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn riders_go_step_by_step_and_leapers_jump() {
        let r = imitators(Rules::with_circe(CirceRules::of(Base::Circe)), &["d4"]);
        assert_eq!(
            moves(&r, "wKc8 wPh3 wRd1 wSg5 bKa2 bPc4 bPh4 bSh5", Color::White),
            sorted(
                "Rd1-d5[Id8] Rd1-d4[Id7] Rd1-d3[Id6] Rd1-d2[Id5] Rd1-g1[Ig4] Rd1-f1[If4] \
                 Rd1-e1[Ie4] Sg5-e4[Ib3] Sg5-f3[Ic2] Sg5-h7[Ie6] Sg5-f7[Ic6] Sg5-e6[Ib5] \
                 Kc8-b7[Ic3] Kc8-d7[Ie3] Kc8-c7[Id3] Kc8-d8[Ie4]"
            )
        );
    }

    #[test]
    fn castling_and_the_pawn_double_step_need_every_square_free() {
        let r = imitators(Rules::orthodox(), &["b3"]);
        assert_eq!(
            moves(
                &r,
                "wKe1 wRh1 wRa1 wPe2 wPc5 bKa8 bPb4 bPd7 bPd5",
                Color::White
            ),
            sorted(
                "Ra1-d1[Ie3] Ra1-c1[Id3] Ra1-b1[Ic3] 0-0[Ib3] Ke1-f2[Ic4] Ke1-d2[Ia4] \
                 Ke1-d1[Ia3] Ke1-f1[Ic3] Rh1-g1[Ia3]"
            )
        );
        // Castling long shifts the imitators a file towards h.
        let r = imitators(Rules::orthodox(), &["d4"]);
        let black = moves(&r, "wKa5 wPa6 wPe6 bKe8 bRa8 bPa7", Color::Black);
        assert!(black.contains(&"0-0-0[Ie4]".to_string()), "{black:?}");
    }

    #[test]
    fn a_pawn_promotes_into_an_imitator_and_no_unit_is_reborn_on_one() {
        let r = imitators(Rules::with_circe(CirceRules::of(Base::Circe)), &["d6"]);
        // f7*g8=I is none: the knight would be reborn on g8, under the
        // new imitator.
        assert_eq!(
            moves(&r, "wKa1 wPf7 bKh1 bSg8", Color::White),
            sorted(
                "Ka1-b2[Ie7] Ka1-a2[Id7] Ka1-b1[Ie6] f7-f8[Id7]=I f7-f8[Id7]=Q f7-f8[Id7]=S \
                 f7-f8[Id7]=R f7-f8[Id7]=B f7*g8[Ie7]=Q f7*g8[Ie7]=S f7*g8[Ie7]=R f7*g8[Ie7]=B"
            )
        );
        let r = r.with(Condition::NoIProm);
        let list = moves(&r, "wKa1 wPf7 bKh1 bSg8", Color::White);
        assert!(!list.iter().any(|m| m.ends_with("=I")), "{list:?}");
    }

    #[test]
    fn an_anticirce_check_needs_the_imitators_free_after_the_rebirth() {
        // Sc6 would take e5 and be reborn on g1, where the imitator (c3,
        // shifted to e2 by the move, then to g1) arrives: no check.
        let r = imitators(Rules::with_circe(CirceRules::of(Base::AntiCirce)), &["c3"]);
        assert_eq!(
            moves(&r, "wKa1 wSa7 bKe5", Color::White)
                .into_iter()
                .filter(|m| m.starts_with('S'))
                .collect::<Vec<_>>(),
            sorted("Sa7-b5[Id1] Sa7-c6[Ie2] Sa7-c8[Ie4]")
        );
        let pos =
            super::super::testing::after_line(&r, "wKa1 wSa7 bKe5", Color::White, &["Sa7-c6"]);
        assert!(!r.in_check(&pos, Color::Black));
    }
}
