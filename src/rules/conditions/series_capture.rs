//! SeriesCapture (Popeye's `SeriesCapture`, German `SerienSchlag`): a unit
//! that has captured may move on, and on again as long as it captures.
//!
//! Once a capture is played (its rebirths and changes made), if the move
//! so far is legal, neither king is in check and the capturer is still
//! its side's unit where it ended, the capture may stop there or the
//! capturer may make any of its moves from that square: a quiet move ends
//! the series, a capture may again stop or go on. Each step is a move of
//! its own in Popeye's sense (a pawn promotes on its promotion rank, Circe
//! reborn the unit it takes), so the steps are generated as the unit's
//! moves in the position the capture left, their own captures resolved by
//! the rules, and appended to the capture as effects
//! ([`Effect::SeriesCapture`], [`Effect::SeriesMove`]) with those of the
//! step.
//!
//! Each series is a move of its own, listed right after the capture it
//! goes on from, the steps in Popeye's order. Popeye writes the steps
//! after the capture and its brackets: `Bb1*d3[+bPd7]*f5[+bPf7]*d7-e8`.
//! Check stays the orthodox one (observation), and the units move as
//! ever: the capabilities are the orthodox ones, the hook `settle` alone
//! adds the series.

use super::ConditionRule;
use crate::board::Position;
use crate::movegen::{is_legal_after, unit_pseudo_legal_moves};
use crate::moves::{Effect, Effects, Move, Rebirth, MAX_EFFECTS};
use crate::rules::{Base, Condition, Rules};

/// SeriesCapture.
pub struct SeriesCapture;

impl ConditionRule for SeriesCapture {
    const ID: &'static str = "series_capture";

    fn settle(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        if !moves[start..].iter().any(Move::is_capture) {
            return;
        }
        let listed: Vec<Move> = moves.drain(start..).collect();
        for mv in listed {
            moves.push(mv);
            go_on(rules, pos, &mv, moves);
        }
    }

    /// The Mars family moves units from elsewhere than their squares,
    /// Popeye's steps escape NorskSjakk's rule of captures, and under
    /// AntiCirce Popeye 4.104 goes on from the capturer's departure square
    /// once it is reborn elsewhere (`Rd6*e6[wRe6->h1]*d3[.d3->d8]`): none
    /// of them is played with it.
    fn refusal(rules: &Rules) -> Option<String> {
        if rules.family(Base::AntiCirce).is_some() {
            return Some(
                "SeriesCapture with AntiCirce is not played (Popeye 4.104 goes on from the square the capturer left)"
                    .into(),
            );
        }
        if rules.paths().is_some() {
            return Some(
                "SeriesCapture with MarsCirce, AntiMarsCirce or PhantomChess is not played yet"
                    .into(),
            );
        }
        rules.has(Condition::NorskSjakk).then(|| {
            "SeriesCapture with NorskSjakk is not played yet (Popeye's steps escape its rule of captures)".into()
        })
    }

    /// A walk that makes Popeye sort its moves (the rose and its kin)
    /// reaches a square on several paths: Popeye lists such a step once
    /// per path, which is not played.
    fn refusal_in(rules: &Rules, _pos: &Position) -> Option<String> {
        rules.repertoire.sorts_moves().then(|| {
            "SeriesCapture with the rose and the walks that make Popeye sort its moves is not played yet (Popeye lists a step once per path)".into()
        })
    }
}

/// The square the mover of `mv` stands on once its effects are played
/// (an Anticirce capturer is reborn, a step takes it on); `None` when it
/// leaves the board.
fn mover_square(mv: &Move) -> Option<crate::board::Square> {
    let mut at = Some(mv.to);
    for e in &crate::moves::expanded(mv.effects.as_slice()) {
        match *e {
            Effect::Transfer { to, .. }
            | Effect::SeriesMove { to, .. }
            | Effect::SeriesCapture { to, .. } => at = Some(to),
            Effect::CapturerReborn { to, how, .. } if !how.has(Rebirth::DELAYED) => at = Some(to),
            Effect::CapturerVanishes | Effect::CapturerRemoved { .. } => at = None,
            _ => {}
        }
    }
    at
}

/// Whether a Circe rebirth of `mv` put a rook back on a corner of its
/// side's first rank (where it gets its castling right back). Popeye 4.104
/// then promotes no pawn on the series' next step (`e3*d2[+wRa1]-d1`: the
/// pawn stays one on d1), as its answers show.
fn restores_a_corner_rook(mv: &Move) -> bool {
    crate::moves::expanded(mv.effects.as_slice())
        .iter()
        .any(|e| match *e {
            Effect::CapturedReborn { on, unit, .. } => {
                unit.kind == crate::board::Kind::ROOK
                    && on.rank() == unit.color.back_rank()
                    && (on.file() == 0 || on.file() == 7)
            }
            _ => false,
        })
}

/// Appends the series that go on from the capture `mv` of `pos`'s side to
/// move, each as one move, in Popeye's order.
fn go_on(rules: &Rules, pos: &Position, mv: &Move, out: &mut Vec<Move>) {
    if !mv.is_capture() || mv.is_castling_or_exchange() {
        return;
    }
    let side = pos.turn;
    let Some(on) = mover_square(mv) else {
        return;
    };
    let after = pos.play(mv);
    match after.piece_at(on) {
        Some(unit) if unit.color == side && !unit.is_neutral() => {}
        _ => return,
    }
    if !is_legal_after(pos, rules, mv, &after) || rules.in_check(&after, side.opponent()) {
        return;
    }
    let mut board = after;
    board.turn = side;
    board.ep_square = None;
    let mut steps = Vec::new();
    // The steps' own series come with them (this hook, asked again).
    unit_pseudo_legal_moves(&board, rules, on, &mut steps);
    crate::solve::popeye_order::sort(&mut steps, rules, side);
    let promotes = !restores_a_corner_rook(mv);
    for step in &steps {
        if step.is_castling_or_exchange() || step.is_locust_capture() {
            continue;
        }
        let mut step = *step;
        if !promotes && step.promotion.is_some() {
            // The pawn stays a pawn on its last rank: the first promotion
            // stands for the step, the others are no moves.
            let first = step
                .piece
                .kind
                .def()
                .pawn
                .and_then(|p| rules.repertoire.promotions(p).next());
            // Its own series went on from the promoted unit: none.
            let goes_on = step.effects.iter().any(|e| {
                matches!(
                    e,
                    Effect::SeriesMove { .. }
                        | Effect::SeriesCapture { .. }
                        | Effect::SeriesTail { .. }
                )
            });
            if step.promotion != first || goes_on {
                continue;
            }
            step.promotion = None;
        }
        let unit = step.arriving_piece();
        let (from, to, was) = (step.from, step.to, step.piece.kind);
        let mut series = *mv;
        let mut all = crate::moves::expanded(mv.effects.as_slice());
        all.push(if step.is_capture() {
            Effect::SeriesCapture {
                from,
                to,
                unit,
                was,
            }
        } else {
            Effect::SeriesMove {
                from,
                to,
                unit,
                was,
            }
        });
        all.extend(crate::moves::expanded(step.effects.as_slice()));
        // What the move has no room for waits in the shared store.
        let mut effects = Effects::NONE;
        let room = if all.len() > MAX_EFFECTS {
            MAX_EFFECTS - 1
        } else {
            all.len()
        };
        for e in &all[..room] {
            effects.push(*e);
        }
        if room < all.len() {
            effects.push(crate::moves::series_tail_of(&all[room..]));
        }
        series.effects = effects;
        out.push(series);
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn series() -> Rules {
        Rules::orthodox().with(Condition::SeriesCapture)
    }

    #[test]
    fn a_capturer_goes_on_while_it_captures() {
        let got = moves(&series(), "wBb1 bPc2 bPd3", Color::White);
        let want = sorted(
            "Bb1*c2 Bb1*c2-b1 Bb1*c2-d1 Bb1*c2*d3 Bb1*c2*d3-b1 Bb1*c2*d3-c2 Bb1*c2*d3-f1 \
             Bb1*c2*d3-e2 Bb1*c2*d3-h7 Bb1*c2*d3-g6 Bb1*c2*d3-f5 Bb1*c2*d3-e4 Bb1*c2*d3-a6 \
             Bb1*c2*d3-b5 Bb1*c2*d3-c4 Bb1*c2-a4 Bb1*c2-b3 Bb1-a2",
        );
        assert_eq!(got, want);
    }

    #[test]
    fn the_series_stops_at_a_check() {
        // The pawn promotes as it takes on a8; a queen or rook there checks
        // and goes no further.
        let got = moves(&series(), "wKa1 wPa6 bKb8 bPb7 bSa8", Color::White);
        let want = sorted(
            "Ka1-b2 Ka1-a2 Ka1-b1 a6-a7 a6*b7 a6*b7*a8=Q a6*b7*a8=S a6*b7*a8=S-b6 \
             a6*b7*a8=S-c7 a6*b7*a8=R a6*b7*a8=B a6*b7*a8=B-h1 a6*b7*a8=B-g2 a6*b7*a8=B-f3 \
             a6*b7*a8=B-e4 a6*b7*a8=B-d5 a6*b7*a8=B-c6 a6*b7*a8=B-b7",
        );
        assert_eq!(got, want);
    }

    #[test]
    fn each_step_brings_its_rebirths() {
        // Each captured unit is reborn before the capturer goes on; the
        // series ends on e8 (Popeye's answer to `ze81`).
        let r = Rules::with_circe(CirceRules::of(Base::Circe)).with(Condition::SeriesCapture);
        let got = moves(&r, "wBb1 bPd3 bPf5", Color::White);
        assert!(got.contains(&"Bb1*d3[+bPd7]*f5[+bPf7]*d7-e8".to_string()));
        assert!(got.contains(&"Bb1*d3[+bPd7]".to_string()));
        assert!(!got.iter().any(|m| m.starts_with("Bb1*d3-f5")));
    }

    #[test]
    fn no_promotion_after_a_rook_reborn_on_its_corner() {
        // Popeye 4.104: the rook reborn on a1 leaves the pawn one on d1;
        // the knight reborn on g1 does not.
        let r = Rules::with_circe(CirceRules::of(Base::Circe)).with(Condition::SeriesCapture);
        let got = moves(&r, "wRd2 wKe5 bPe3 bKh8", Color::Black);
        assert!(got.contains(&"e3*d2[+wRa1]-d1".to_string()));
        assert!(!got.iter().any(|m| m.starts_with("e3*d2[+wRa1]-d1=")));
        let got = moves(&r, "wSd2 wKe5 bPe3 bKh8", Color::Black);
        assert!(got.contains(&"e3*d2[+wSg1]-d1=S".to_string()));
    }

    #[test]
    fn a_series_longer_than_a_move_has_room_for_is_played_whole() {
        // Seven captures in a row.
        let got = moves(
            &series(),
            "wRa1 bPa2 bPa3 bPa4 bPa5 bPa6 bPa7 bPa8",
            Color::White,
        );
        assert!(got.contains(&"Ra1*a2*a3*a4*a5*a6*a7*a8".to_string()));
        assert!(got.contains(&"Ra1*a2*a3*a4*a5*a6*a7*a8-h8".to_string()));
    }

    #[test]
    fn refused_with_anticirce_norsk_and_the_mars_family() {
        for base in [Base::AntiCirce, Base::MarsCirce, Base::PhantomChess] {
            let r = Rules::with_circe(CirceRules::of(base)).with(Condition::SeriesCapture);
            assert!(r.conditions.refusal(&r).is_some());
        }
        let norsk = series().with(Condition::NorskSjakk);
        assert!(norsk.conditions.refusal(&norsk).is_some());
        assert!(series().conditions.refusal(&series()).is_none());
    }
}
