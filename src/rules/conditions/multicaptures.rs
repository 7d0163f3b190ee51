//! MultiCaptures: a unit may be captured only by a side that could capture
//! it in more than one way (two units, or one unit from two squares); a
//! king is in check only when two of the enemy's units (two observations)
//! attack it. With the word White or Black, only that side's captures and
//! checks are so restricted.
//!
//! As Popeye plays it:
//! - the captures are counted over the side's pseudo-legal moves, by the
//!   square of the unit captured (en passant: the pawn's square), a pawn's
//!   capture with promotion once (the promotions are chosen after the
//!   generator);
//! - Popeye sorts the list (captures first, by that square) and drops a
//!   lone capture as it walks it, but never looks at the last move: where
//!   the side has no move that captures nothing, the lone capture of the
//!   highest square (a1 lowest, h8 highest) stays;
//! - check counts the observations that every other rule validates;
//! - its test of immobility (mate, stalemate) generates the king's moves,
//!   then each other unit's, and filters each list alone.

use super::{Capabilities, ConditionRule, Parameter, ProofTraffic};
use crate::board::{Color, Position, Square};
use crate::moves::Move;
use crate::rules::{Base, CirceRules, Condition, Rules};

pub struct MultiCaptures;

/// Whether the condition binds `side` (both sides, or the side named).
fn binds(rules: &Rules, side: Color) -> bool {
    match rules.param(Condition::MultiCaptures).number {
        1 => side == Color::White,
        2 => side == Color::Black,
        _ => true,
    }
}

/// The moves Popeye counts captures over, `moves` being the pseudo-legal
/// ones: it counts them before any rebirth is judged, so under a Circe
/// form they are those generated without it.
fn counted(rules: &Rules, pos: &Position, moves: &[Move]) -> Vec<Move> {
    if rules.families().next().is_none() {
        return moves.to_vec();
    }
    let mut bare = Rules::orthodox();
    bare.conditions = rules.conditions;
    bare.params = rules.params;
    bare.repertoire = rules.repertoire;
    let mut generated = Vec::new();
    crate::movegen::pseudo_legal_moves(pos, &bare, &mut generated);
    generated
}

/// The captures of a list of pseudo-legal moves, by the square of the
/// unit captured.
struct Census {
    /// Whether more than one (from, to) captures on the square.
    several: [bool; 64],
    /// The lone capture Popeye's walk keeps: the last of its sorted list.
    kept_last: Option<Square>,
}

impl Census {
    fn of(moves: &[Move]) -> Census {
        let mut first: [Option<(Square, Square)>; 64] = [None; 64];
        let mut several = [false; 64];
        let mut quiet = false;
        let mut highest: Option<Square> = None;
        for mv in moves {
            if mv.captured.is_none() {
                quiet = true;
                continue;
            }
            let sq = mv.capture_square;
            let i = usize::from(sq.0);
            // A promotion, a choice of rebirth, is one capture to Popeye.
            match first[i] {
                None => first[i] = Some((mv.from, mv.to)),
                Some(seen) if seen != (mv.from, mv.to) => several[i] = true,
                Some(_) => {}
            }
            if highest.is_none_or(|h| h.0 < sq.0) {
                highest = Some(sq);
            }
        }
        // Popeye's walk never judges the last move of its sorted list: a
        // capture only where no move captures nothing.
        let kept_last = if quiet { None } else { highest };
        Census { several, kept_last }
    }

    fn keeps(&self, mv: &Move) -> bool {
        mv.captured.is_none()
            || self.several[usize::from(mv.capture_square.0)]
            || Some(mv.capture_square) == self.kept_last
    }
}

impl ConditionRule for MultiCaptures {
    const ID: &'static str = "multicaptures";
    /// It only takes captures away and judges check.
    const PROOF: ProofTraffic = ProofTraffic::Restricts;
    const PARAMETER: Parameter = Parameter::Side;
    /// The filter judges a capture by the other captures, and may leave a
    /// side with no move; check needs two observers.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_observation: false,
        moves_judged_alone: false,
        filter_keeps_a_move: false,
        ..Capabilities::ORTHODOX
    };
    const DEFINES_IMMOBILITY: bool = true;

    fn pseudo_filter(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        if !binds(rules, pos.turn) {
            return;
        }
        let census = Census::of(&counted(rules, pos, &moves[start..]));
        let mut keep = start;
        for i in start..moves.len() {
            let mv = moves[i];
            if census.keeps(&mv) {
                moves[keep] = mv;
                keep += 1;
            }
        }
        moves.truncate(keep);
    }

    /// Popeye's immobility test generates the king's moves, then each
    /// other unit's in turn, and filters each list alone: a capture is
    /// kept there only when the same unit has another capture onto that
    /// square (or by the last-move rule of its own list).
    fn decides_immobility(rules: &Rules, pos: &Position) -> Option<bool> {
        let mut moves = Vec::new();
        if !binds(rules, pos.turn) {
            crate::movegen::legal_moves(pos, rules, &mut moves);
            return Some(moves.is_empty());
        }
        crate::movegen::pseudo_legal_moves(pos, rules, &mut moves);
        let generated = counted(rules, pos, &moves);
        let mobile = moves.iter().any(|mv| {
            let own: Vec<Move> = generated
                .iter()
                .filter(|g| g.from == mv.from)
                .copied()
                .collect();
            Census::of(&own).keeps(mv)
                && crate::movegen::is_legal_after(pos, rules, mv, &pos.play(mv))
        });
        Some(!mobile)
    }

    fn decides_check(rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
        let them = color.opponent();
        if !binds(rules, them) {
            return None;
        }
        let Some(king) = pos.king(color) else {
            return Some(false);
        };
        let mut count = 0;
        rules.any_observer(pos, king, them, None, true, |o| {
            if rules.captures_king_for_good(pos, king, o.on, o.from) {
                count += 1;
            }
            count > 1
        });
        Some(count > 1)
    }

    /// Popeye counts each line on which a unit observes the king (a rose
    /// may observe it twice); the observers here are units.
    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        pos.fairy().nonempty().then(|| {
            "MultiCaptures with fairy pieces is not played (Popeye counts each line a unit \
             observes the king on)"
                .to_string()
        })
    }

    fn refusal(rules: &Rules) -> Option<String> {
        if let Some(other) = rules
            .conditions
            .iter()
            .find(|&c| c != Condition::MultiCaptures)
        {
            return Some(format!(
                "MultiCaptures with {} is not played (not compared with Popeye)",
                other.popeye_id()
            ));
        }
        rules
            .families()
            .find(|&&f| f != CirceRules::CIRCE)
            .map(|f| match f.base {
                // Its checks differ from Popeye's, the cause not found.
                Base::AntiCirce => "MultiCaptures with AntiCirce is not played (its checks \
                                    differ from Popeye's)"
                    .to_string(),
                base => format!(
                    "MultiCaptures with this {base:?} form is not played (not compared with \
                     Popeye; plain Circe is)"
                ),
            })
    }
}

#[cfg(test)]
mod tests {
    //! Each answer is Popeye 4.104's (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::conditions::Param;
    use crate::rules::{CirceRules, Condition, Rules};

    fn rules() -> Rules {
        Rules::orthodox().with(Condition::MultiCaptures)
    }

    fn captures(rules: &Rules, pieces: &str) -> Vec<String> {
        let all = moves(rules, pieces, Color::White);
        all.into_iter().filter(|m| m.contains('*')).collect()
    }

    #[test]
    fn a_unit_is_taken_only_where_two_moves_take_it() {
        // Both rooks take d4; the king alone takes b2.
        assert_eq!(
            captures(&rules(), "wKa1 wRd1 wRh4 bKh8 bPd4 bPa5 bBb2"),
            sorted("Rd1*d4 Rh4*d4")
        );
        assert!(captures(&rules(), "wKa1 wRd1 bKh8 bPd4 bPe5").is_empty());
    }

    #[test]
    fn a_king_is_in_check_only_when_observed_twice() {
        // The king may stand where one rook observes it; the rook d1 may
        // not take d8 alone.
        assert_eq!(
            moves(&rules(), "wKe1 wRd1 bKe8 bRd8 bRe6", Color::White),
            sorted(
                "Ke1-f2 Ke1-e2 Ke1-d2 Ke1-f1 Rd1-d7 Rd1-d6 Rd1-d5 Rd1-d4 \
                 Rd1-d3 Rd1-d2 Rd1-c1 Rd1-b1 Rd1-a1"
            )
        );
    }

    #[test]
    fn with_no_move_that_captures_nothing_the_highest_lone_capture_stays() {
        // Ka1*b1, b2*a3 and a2*b3 are lone captures and nothing else is
        // generated: b3 is the highest square, its capture stays.
        assert_eq!(
            moves(&rules(), "wKa1 wPa2 wPb2 bKh8 bPa3 bPb3 bSb1", Color::White),
            sorted("a2*b3")
        );
        // The king's step to b1 captures nothing: every lone capture goes.
        assert!(moves(
            &rules(),
            "wKa1 wPa2 wPb2 bKh8 bPa3 bPb3 bBd3 bRh1",
            Color::White
        )
        .is_empty());
    }

    #[test]
    fn the_word_black_leaves_white_free() {
        let black = Param {
            number: 2,
            ..Default::default()
        };
        let rules = Rules::orthodox().with_param(Condition::MultiCaptures, black);
        assert_eq!(
            moves(
                &rules,
                "wKa1 wPa2 wPb2 bKh8 bPa3 bPb3 bBd3 bRh1",
                Color::White
            ),
            sorted("a2*b3 b2*a3")
        );
    }

    #[test]
    fn anticirce_is_refused() {
        let anti = Rules::with_circe(CirceRules::ANTICIRCE_CALVET).with(Condition::MultiCaptures);
        assert!(<super::MultiCaptures as super::ConditionRule>::refusal(&anti).is_some());
        let circe = Rules::with_circe(CirceRules::CIRCE).with(Condition::MultiCaptures);
        assert!(<super::MultiCaptures as super::ConditionRule>::refusal(&circe).is_none());
    }

    #[test]
    fn a_mate_is_judged_one_unit_at_a_time() {
        // 1.Kc3-b2 mates: the rook a7 and the king a1 both take a2, but
        // Popeye's mate test filters each unit's moves alone, where each
        // capture is a lone one.
        let pos = "wKb2 wPe4 wRe8 wQa2 wPc4 wPc2 wRh2 bKa1 bPh7 bRd1 bRa7";
        let mut p = crate::board::Position::from_piece_list(pos).unwrap();
        p.turn = Color::Black;
        assert!(rules().in_check(&p, Color::Black));
        assert_eq!(
            rules().conditions.decides_immobility(&rules(), &p),
            Some(true)
        );
        // In play the rook's capture is one of two onto a2, and legal.
        assert!(moves(&rules(), pos, Color::Black).contains(&"Ra7*a2".to_string()));
    }
}
