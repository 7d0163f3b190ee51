//! The "mummer" conditions: of its legal moves, a side may play only those
//! that score highest on some measure. Maximummer scores a move by its
//! length, Minimummer by its shortness, MustCapture by whether it
//! captures; each applies to one side.
//!
//! The length of a move is the square of the distance its unit travels
//! (departure to arrival, a capture's rebirth aside), except that castling
//! scores 16 on the king's side and 25 on the queen's side, and every move
//! of a Mao or a Moa scores 6 (Popeye's measure). Only the legal moves
//! compete: a longer move that would leave the king in check does not shut
//! out the others. Check is not affected: a unit checks with every move
//! it has, the short ones too.
//!
//! With `Exact` the measure is taken over the pseudo-legal moves, those
//! leaving the king in check included (the `pseudo_filter` hook); of the
//! best, those leaving the king in check are then dropped, and a side may
//! be left without a move: its mate and stalemate are those of chess.
//! `Ultra` is Exact, and a unit checks (observes) only where the capture
//! would score as high as the side's best pseudo-legal move, measured with
//! that side to move; its mate test obeys the condition. Under Ultra a
//! move scoring nothing is never played (Popeye's best score starts at
//! 1): with MustCapture Ultra a side that cannot capture has no move.
//!
//! Popeye plays these through one mechanism, and refuses two of them for
//! one side (with DuellistChess, AlphabeticChess, FollowMyLeader and the
//! Synchron movers, which use it too).

use super::{Capabilities, ConditionRule, Parameter, Selects};
use crate::board::{Color, Kind, Position};
use crate::moves::{Motion, Move};
use crate::rules::{Condition, Rules};

/// What the legal list of a filtering condition is measured by.
const FILTERS: Capabilities = Capabilities {
    moves_judged_alone: false,
    ..Capabilities::ORTHODOX
};

/// Popeye's length of a move: the squared distance its unit travels;
/// castling 16 (short) and 25 (long); a Mao's or Moa's move 6.
pub(crate) fn length(mv: &Move) -> u32 {
    match mv.motion {
        Motion::CastleShort => return 16,
        Motion::CastleLong => return 25,
        _ => {}
    }
    if matches!(mv.piece.kind, Kind::MAO | Kind::MOA) {
        return 6;
    }
    let dx = mv.from.file() as i32 - mv.to.file() as i32;
    let dy = mv.from.rank() as i32 - mv.to.rank() as i32;
    (dx * dx + dy * dy) as u32
}

/// Keeps of `moves[start..]` those of the highest `score`, in their order.
pub(crate) fn keep_best(moves: &mut Vec<Move>, start: usize, score: impl Fn(&Move) -> u32) {
    let Some(best) = moves[start..].iter().map(&score).max() else {
        return;
    };
    let mut keep = start;
    for i in start..moves.len() {
        if score(&moves[i]) == best {
            moves[keep] = moves[i];
            keep += 1;
        }
    }
    moves.truncate(keep);
}

/// The first moves Popeye numbers under a mummer (`c`) without Exact or
/// Ultra: it measures the moves last to first, and a move longer than
/// the best so far counts only if legal, while one as long as the best is
/// kept untested. So the moves of the best score are numbered, legal or
/// not, except an illegal one that no legal move of that score follows.
fn keep_numbered(
    rules: &Rules,
    pos: &Position,
    moves: &mut Vec<Move>,
    c: Condition,
    score: impl Fn(&Move) -> u32,
) {
    let mut measuring = *rules;
    measuring.conditions.remove(c);
    let mut legal = Vec::new();
    crate::movegen::legal_moves(pos, &measuring, &mut legal);
    let mut best = None;
    let mut kept = Vec::new();
    for (i, mv) in moves.iter().enumerate().rev() {
        let s = score(mv);
        match best {
            Some(b) if s < b => {}
            Some(b) if s == b => kept.push(i),
            _ if legal.contains(mv) => {
                best = Some(s);
                kept.clear();
                kept.push(i);
            }
            _ => {}
        }
    }
    kept.reverse();
    *moves = kept.into_iter().map(|i| moves[i]).collect();
}

/// Popeye's refusal of two selecting conditions for one side.
pub(super) fn two_selectors(rules: &Rules) -> Option<String> {
    for side in Color::ALL {
        let n = rules
            .conditions
            .iter()
            .filter(|c| c.selects().includes(side))
            .count();
        if n > 1 {
            return Some(
                "maxi-/minimummer/mustcapture/duellistchess/alphabeticchess at the same time \
                 for the same side not allowed"
                    .into(),
            );
        }
    }
    None
}

/// AlphabeticChess's score: the earlier the departure square in the order
/// a1, a2, ..., a8, b1, ..., h8, the higher.
fn alphabetic(mv: &Move) -> u32 {
    255 - (mv.from.file() as u32 * 8 + mv.from.rank() as u32)
}

/// With Exact: the measure is taken over the pseudo-legal moves, those
/// leaving the king in check too, and the mate test is that of chess.
const EXACT: Capabilities = Capabilities {
    filter_keeps_a_move: false,
    binds_mate_test: false,
    ..FILTERS
};

/// With Ultra: as Exact, and a unit checks only with a best move; the mate
/// test obeys the condition.
const ULTRA: Capabilities = Capabilities {
    filter_keeps_a_move: false,
    orthodox_observation: false,
    check_implies_attack: false,
    ..FILTERS
};

/// The strictness given: 0 none, 1 Exact, 2 Ultra.
#[inline]
fn strictness(rules: &Rules, c: Condition) -> u8 {
    rules.param(c).number
}

/// Ultra: whether `observer` taking on `target` scores as high as the best
/// pseudo-legal move of its side (measured with that side to move, without
/// this condition: the measure does not recurse).
fn best_observation(
    rules: &Rules,
    pos: &Position,
    observer: &crate::rules::Observer,
    target: crate::board::Square,
    c: Condition,
    score: impl Fn(&Move) -> u32,
) -> bool {
    let side = observer.unit.color;
    let mut measured = *pos;
    if measured.turn != side {
        measured.turn = side;
        measured.ep_square = None;
    }
    let mut measuring = *rules;
    measuring.conditions.remove(c);
    let mut taking = Move::quiet(observer.unit, observer.on, target, Motion::Normal);
    taking.captured = pos.piece_at(target);
    let own = score(&taking);
    // Only a move scoring more matters: those scoring no more are left
    // unresolved.
    own == u32::MAX
        || !crate::movegen::scores_at_least(&measured, &measuring, &score, own + 1, &mut Vec::new())
}

macro_rules! mummer {
    ($(#[$doc:meta])* $name:ident, $id:literal, $side:expr, $score:expr) => {
        mummer!($(#[$doc])* $name, $id, |turn| turn == $side, $score, Selects::Side($side));
    };
    ($(#[$doc:meta])* $name:ident, $id:literal, $applies:expr, $score:expr, $selects:expr) => {
        $(#[$doc])*
        pub struct $name;

        impl ConditionRule for $name {
            const ID: &'static str = $id;
            /// The weakest of the three forms.
            const CAPABILITIES: Capabilities = Capabilities {
                binds_mate_test: true,
                ..ULTRA
            };
            const PARAMETER: Parameter = Parameter::Strictness;
            const INTELLIGENT: bool = true;
            const SELECTS: Selects = $selects;

            fn capabilities_given(param: &super::Param) -> Capabilities {
                match param.number {
                    0 => FILTERS,
                    1 => EXACT,
                    _ => ULTRA,
                }
            }

            #[inline]
            fn pseudo_filter(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
                #[allow(clippy::redundant_closure_call)]
                let strict = strictness(rules, Condition::$name);
                if strict != 0 && ($applies)(pos.turn) {
                    keep_best(moves, start, $score);
                    if strict == 2 {
                        drop_scoring_nothing(moves, start, $score);
                    }
                }
            }

            fn measure(rules: &Rules, pos: &Position) -> Option<fn(&Move) -> u32> {
                #[allow(clippy::redundant_closure_call)]
                (strictness(rules, Condition::$name) != 0 && ($applies)(pos.turn)).then_some($score)
            }

            #[inline]
            fn filter(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
                #[allow(clippy::redundant_closure_call)]
                if strictness(rules, Condition::$name) == 0 && ($applies)(pos.turn) {
                    keep_best(moves, start, $score);
                }
            }

            fn numbered(rules: &Rules, pos: &Position, moves: &mut Vec<Move>) {
                #[allow(clippy::redundant_closure_call)]
                if strictness(rules, Condition::$name) == 0 && ($applies)(pos.turn) {
                    keep_numbered(rules, pos, moves, Condition::$name, $score);
                }
            }

            fn observes(
                rules: &Rules,
                pos: &Position,
                observer: &crate::rules::Observer,
                target: crate::board::Square,
            ) -> bool {
                #[allow(clippy::redundant_closure_call)]
                if strictness(rules, Condition::$name) < 2 || !($applies)(observer.unit.color) {
                    return true;
                }
                best_observation(rules, pos, observer, target, Condition::$name, $score)
            }

            fn refusal(rules: &Rules) -> Option<String> {
                two_selectors(rules)
            }
        }
    };
}

/// Ultra: Popeye's best score starts at 1, not 0, so a move scoring
/// nothing is never played, even where nothing scores more. Only
/// MustCapture scores 0 (a move that captures nothing): under MustCapture
/// Ultra a side with no capture has no move at all (Popeye's
/// `REGRESSIONS_4_81_to_4_83__002`, where the black king in check with a
/// capture that does not help is mated, and `REGRESSIONS_4_79_to_4_81__009`).
fn drop_scoring_nothing(moves: &mut Vec<Move>, start: usize, score: impl Fn(&Move) -> u32) {
    if moves[start..].first().is_some_and(|mv| score(mv) == 0) {
        moves.truncate(start);
    }
}

mummer!(
    /// White plays only its longest legal moves.
    WhiteMaximummer, "whmax", Color::White, length
);
mummer!(
    /// Black plays only its longest legal moves.
    BlackMaximummer, "blmax", Color::Black, length
);
mummer!(
    /// White plays only its shortest legal moves.
    WhiteMinimummer, "whmin", Color::White, |mv: &Move| u32::MAX - length(mv)
);
mummer!(
    /// Black plays only its shortest legal moves.
    BlackMinimummer, "blmin", Color::Black, |mv: &Move| u32::MAX - length(mv)
);
mummer!(
    /// White must capture when it can.
    WhiteMustCapture, "whcapt", Color::White, |mv: &Move| mv.is_capture() as u32
);
mummer!(
    /// Black must capture when it can.
    BlackMustCapture, "blcapt", Color::Black, |mv: &Move| mv.is_capture() as u32
);
mummer!(
    /// White moves only its unit on the first square, in the order a1,
    /// a2, ..., h8, that has a legal move.
    WhiteAlphabetic, "whitealphabetic", Color::White, alphabetic
);
mummer!(
    /// Black moves only its unit on the first square that has a legal move.
    BlackAlphabetic, "blackalphabetic", Color::Black, alphabetic
);
mummer!(
    /// Both sides move only their unit on the first square that has a
    /// legal move.
    Alphabetic, "alphabetic", |_: Color| true, alphabetic, Selects::Both
);

/// Maximummer without a side: replaced before play by the Maximummer of
/// the side the stipulation restricts, as UltraSchachZwang is
/// ([`resolve_side`]). Beside a Maximummer with its side it stays, and is
/// refused as Popeye refuses the pair.
pub struct Maximummer;

impl ConditionRule for Maximummer {
    const ID: &'static str = "maxi";
    const CAPABILITIES: Capabilities = FILTERS;
    const PARAMETER: Parameter = Parameter::Strictness;

    fn refusal(rules: &Rules) -> Option<String> {
        sided_maximummer(rules).then(|| "nonsense combination".into())
    }
}

/// Whether a Maximummer with its side is in force.
fn sided_maximummer(rules: &Rules) -> bool {
    rules.has(Condition::WhiteMaximummer) || rules.has(Condition::BlackMaximummer)
}

/// Puts the Maximummer of `restricted`, with the strictness read, in the
/// place of a sideless Maximummer.
pub fn resolve_side(rules: &mut Rules, restricted: Color) {
    if !rules.has(Condition::Maximummer) || sided_maximummer(rules) {
        return;
    }
    let sided = match restricted {
        Color::White => Condition::WhiteMaximummer,
        Color::Black => Condition::BlackMaximummer,
    };
    rules.conditions.remove(Condition::Maximummer);
    rules.conditions.insert(sided);
    rules.params.rename(Condition::Maximummer, sided);
}

#[cfg(test)]
mod tests {
    use crate::board::{Color, Position};
    use crate::movegen::legal_moves;
    use crate::rules::{Condition, Rules};

    fn moves(list: &str, turn: Color, rules: &Rules) -> Vec<String> {
        let mut pos = Position::from_piece_list(list).unwrap();
        pos.turn = turn;
        let mut out = Vec::new();
        legal_moves(&pos, rules, &mut out);
        let mut v: Vec<String> = out.iter().map(|m| format!("{}{}", m.from, m.to)).collect();
        v.sort();
        v.dedup();
        v
    }

    fn strs(v: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    /// Every move of a Mao or a Moa measures 6, whatever its distance
    /// (Popeye's measure); another unit's, the square of the distance.
    #[test]
    fn a_mao_or_moa_move_measures_six() {
        use crate::board::{Kind, Piece, Square};
        use crate::moves::{Motion, Move};
        let sq = |s: &str| Square::parse(s).unwrap();
        let step = |kind| {
            super::length(&Move::quiet(
                Piece::new(Color::White, kind),
                sq("b1"),
                sq("c3"),
                Motion::Normal,
            ))
        };
        assert_eq!(step(Kind::MAO), 6);
        assert_eq!(step(Kind::MOA), 6);
        assert_eq!(step(Kind::KNIGHT), 5);
    }

    fn strict(c: Condition, number: u8) -> Rules {
        Rules::orthodox().with_param(
            c,
            crate::rules::conditions::Param {
                number,
                ..Default::default()
            },
        )
    }

    #[test]
    fn exact_measures_the_moves_that_leave_the_king_in_check_too() {
        // White, in check from a3, has one legal move under Maximummer;
        // under Exact its longest moves leave the king in check, and it
        // has none (Popeye 4.104).
        let list = "wKd3 wRa7 wBe5 wBh3 wPe2 bKf2 bSg2 bQb2 bRa3 bPa5";
        assert_eq!(
            moves(
                list,
                Color::White,
                &Rules::orthodox().with(Condition::WhiteMaximummer)
            )
            .len(),
            1
        );
        assert!(moves(list, Color::White, &strict(Condition::WhiteMaximummer, 1)).is_empty());
    }

    #[test]
    fn ultra_checks_only_with_a_longest_move() {
        // The rook b3 next to the white king: under Black Maximummer
        // Ultra it does not check, Black having longer moves; White may
        // play as if it were not in check (Popeye 4.104: 22 moves, 3
        // under plain Maximummer).
        let list = "wKa3 wRe3 wRc2 wPc6 bKg1 bSb5 bSe2 bRb3";
        let pos = Position::from_piece_list(list).unwrap();
        let plain = Rules::orthodox().with(Condition::BlackMaximummer);
        let ultra = strict(Condition::BlackMaximummer, 2);
        assert!(plain.in_check(&pos, Color::White));
        assert!(!ultra.in_check(&pos, Color::White));
        assert_eq!(moves(list, Color::White, &plain).len(), 3);
        assert_eq!(moves(list, Color::White, &ultra).len(), 22);
    }

    #[test]
    fn must_capture_ultra_leaves_a_side_without_a_capture_no_move() {
        // Popeye 4.104, `~1`: no move under WhiteMustCapture Ultra, White
        // having no capture; 18 under Exact (and plain), every move free.
        let list = "wKe1 wRa1 wPb2 bKe8 bPb7";
        let exact = moves(list, Color::White, &strict(Condition::WhiteMustCapture, 1));
        assert_eq!(exact.len(), 18, "{exact:?}");
        assert!(moves(list, Color::White, &strict(Condition::WhiteMustCapture, 2)).is_empty());
    }

    #[test]
    fn must_capture_ultra_mates_a_king_whose_captures_do_not_help() {
        // Popeye's REGRESSIONS_4_81_to_4_83__002 (h#1, BlackMustCapture
        // Ultra): after 1.Sb6*a4 Rh1-h8 the black king, in check, has
        // only the capture Ba6*e2, which leaves it in check: mate (under
        // Exact too, the capture shutting the king's moves out). Without
        // the bishops Black has no capture at all and, under Ultra, still
        // no move; under plain MustCapture the king escapes (Popeye 4.104).
        let list = "wKe1 wRa1 wRh8 wBe2 bKe8 bBa6 bSa4";
        let ultra = strict(Condition::BlackMustCapture, 2);
        assert!(moves(list, Color::Black, &ultra).is_empty());
        let pos = Position::from_piece_list(list).unwrap();
        assert!(ultra.in_check(&pos, Color::Black));
        assert!(moves("wKe1 wRa1 wRh8 bKe8 bSa4", Color::Black, &ultra).is_empty());
        let plain = Rules::orthodox().with(Condition::BlackMustCapture);
        assert_eq!(
            moves("wKe1 wRa1 wRh8 bKe8 bSa4", Color::Black, &plain),
            strs(&["e8d7", "e8e7", "e8f7"])
        );
    }

    #[test]
    fn castling_scores_16_and_25() {
        // Popeye: 1.0-0-0 ! alone (25 beats a1-d1's 9 and the king's 4
        // of 0-0's 16); with the h-rook alone 1.0-0 ! (16 beats h2-h4's 4).
        let r = Rules::orthodox().with(Condition::WhiteMaximummer);
        let w = Color::White;
        assert_eq!(
            moves("wKe1 wRa1 wRh1 wPa2 wPh2 bKe8", w, &r),
            strs(&["e1c1"])
        );
        assert_eq!(moves("wKe1 wRh1 wPh2 bKe8", w, &r), strs(&["e1g1"]));
    }

    #[test]
    fn only_the_legal_moves_compete() {
        // The pinned bishop's long moves do not count: the knight's are
        // the longest (Popeye: Sg1-h3, Sg1-f3).
        let r = Rules::orthodox().with(Condition::WhiteMaximummer);
        let got = moves("wKe1 wBe2 wSg1 bKa8 bRe8", Color::White, &r);
        assert_eq!(got, strs(&["g1f3", "g1h3"]));
        // The condition binds White only.
        let black = moves("wKe1 wBe2 wSg1 bKa8 bRe8", Color::Black, &r);
        assert!(black.len() > 2);
    }

    #[test]
    fn minimummer_plays_the_shortest_moves() {
        // Popeye: Ke1-d1, Ke1-e2, Ke1-f1, a2-a3, h2-h3.
        let r = Rules::orthodox().with(Condition::WhiteMinimummer);
        let got = moves("wKe1 wRa1 wRh1 wPa2 wPh2 wSb1 wSg1 bKe8", Color::White, &r);
        assert_eq!(got, strs(&["e1d1", "e1e2", "e1f1", "a2a3", "h2h3"]));
    }

    #[test]
    fn must_capture_when_a_legal_capture_exists() {
        let r = Rules::orthodox().with(Condition::WhiteMustCapture);
        let w = Color::White;
        // Popeye: Rh2*h8 +, d4*e5.
        assert_eq!(
            moves("wKe1 wPd4 wRh2 bKa8 bPe5 bRh8", w, &r),
            strs(&["h2h8", "d4e5"])
        );
        // The pinned bishop's captures are illegal: every move is free
        // (Popeye: the king's four moves, h2-h3, h2-h4).
        let free = moves("wKe1 wBe2 wPh2 bKa8 bRe8 bPd3 bPf3", w, &r);
        assert_eq!(
            free,
            strs(&["e1d1", "e1d2", "e1f1", "e1f2", "h2h3", "h2h4"])
        );
    }

    #[test]
    fn alphabetic_moves_the_unit_on_the_first_square() {
        let w = Color::White;
        // Popeye: Sa1-c2, Sa1-b3.
        let r = Rules::orthodox().with(Condition::WhiteAlphabetic);
        assert_eq!(
            moves("wKe1 wRa2 wPb2 wSa1 bKe8 bPa3", w, &r),
            strs(&["a1b3", "a1c2"])
        );
        // The pawn a4 is blocked: the rook b1 moves (Popeye: its 9 moves).
        let r = Rules::orthodox().with(Condition::Alphabetic);
        let got = moves("wKd1 wRb1 wPa4 bKa8 bRa5 bQh2", w, &r);
        assert_eq!(got.len(), 9);
        assert!(got.iter().all(|m| m.starts_with("b1")));
    }

    #[test]
    fn maximummer_without_a_side_becomes_that_of_the_side_restricted() {
        // The strictness read (Exact) carries over.
        let mut r = strict(Condition::Maximummer, 1);
        r.resolve_sides(Color::White);
        assert!(r.has(Condition::WhiteMaximummer) && !r.has(Condition::Maximummer));
        assert_eq!(r.param(Condition::WhiteMaximummer).number, 1);
        let mut r = Rules::orthodox().with(Condition::Maximummer);
        r.resolve_sides(Color::Black);
        assert_eq!(moves("wKa1 bKh8 bRd1", Color::Black, &r), strs(&["d1d8"]));
    }

    #[test]
    fn maximummer_without_a_side_beside_a_sided_one_is_refused() {
        let mut r = Rules::orthodox()
            .with(Condition::Maximummer)
            .with(Condition::BlackMaximummer);
        r.resolve_sides(Color::Black);
        assert!(r.has(Condition::Maximummer));
        assert_eq!(
            r.conditions.refusal(&r).as_deref(),
            Some("nonsense combination")
        );
    }

    #[test]
    fn two_selecting_conditions_for_one_side_are_refused() {
        let r = Rules::orthodox()
            .with(Condition::WhiteMaximummer)
            .with(Condition::WhiteMustCapture);
        assert!(r.conditions.refusal(&r).is_some());
        let r = Rules::orthodox()
            .with(Condition::WhiteMaximummer)
            .with(Condition::BlackMustCapture);
        assert!(r.conditions.refusal(&r).is_none());
    }

    #[test]
    fn movenumbers_numbers_an_untested_move_as_long_as_a_legal_best_after_it() {
        // The rook b2 is pinned by the bishop h8: its moves of length 36
        // are illegal, the rook c1's c7 is legal. Measured last to first,
        // Rb2-h2 comes before any legal move of 36 and is tested (out),
        // Rb2-b8 after Rc1-c7 and is kept untested.
        use crate::io::notation::{popeye_move, Alphabet};
        let mut pos = Position::from_piece_list("wKa1 wRb2 wRc1 bKe8 bBh8").unwrap();
        pos.turn = Color::White;
        let r = Rules::orthodox().with(Condition::WhiteMaximummer);
        let mut all = Vec::new();
        crate::movegen::pseudo_legal_moves(&pos, &r, &mut all);
        let pick = |name: &str| {
            *all.iter()
                .find(|m| popeye_move(m, Alphabet::English) == name)
                .unwrap_or_else(|| panic!("{name}"))
        };
        let mut moves = vec![
            pick("Rb2-b8"),
            pick("Rc1-c7"),
            pick("Rb2-h2"),
            pick("Ka1-b1"),
        ];
        super::keep_numbered(
            &r,
            &pos,
            &mut moves,
            Condition::WhiteMaximummer,
            super::length,
        );
        let got: Vec<String> = moves
            .iter()
            .map(|m| popeye_move(m, Alphabet::English))
            .collect();
        assert_eq!(got, ["Rb2-b8", "Rc1-c7"]);
    }
}
