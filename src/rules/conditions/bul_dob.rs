//! Issue 20: the bul and dob attributes (Popeye's Bul and Dob, for hoppers
//! only). When a unit that carries one hops over a hurdle, the hurdle
//! moves on within the same move, to an empty square: under Bul with the
//! hopper's walk, for the mover's side; under Dob with its own walk, for
//! its own side (a neutral hurdle for the mover's). Each such motion is a
//! move of its own; a hop after which the hurdle cannot move is none. The
//! motion comes after an AntiCirce capturer's rebirth and the changes of
//! sides made then, before a Circe rebirth, which it may block; Popeye
//! writes it `[wPc6->c8=S]` (a pawn reaching its last rank promotes,
//! whoever moved it). A capture of the king counts as check only when the
//! hurdle could then move (Popeye plays the capture to judge it).
//!
//! The hurdle is found as for the hurdle-colour-changing attribute, from
//! the move's departure and arrival (the Chinese pieces' on their captures
//! only); the walks whose hurdle the move does not tell (the angle hoppers,
//! the equistoppers) are refused (not played). The hurdle's motion is its
//! walk's geometry alone: its castling and en passant are not played.

use super::hurdle_colour::{hurdle_of, promotion_variants, settle_promotions, HOPPERS};
use super::{Capabilities, Condition, ConditionRule};
use crate::board::{Attrs, Color, Piece, Position, Square};
use crate::moves::{Effect, Motion, Move};
use crate::pieces::walk::Step;
use crate::pieces::Promotion;
use crate::rules::observation::Observer;
use crate::rules::Rules;

pub struct BulUnits;
pub struct DobUnits;

/// The units' rules: they lose the shortcuts of the orthodox move (a move
/// may become several, may move the king), of observation (a capture of
/// the king needs the hurdle's motion) and of legality.
const CAPABILITIES: Capabilities = Capabilities {
    orthodox_movers: false,
    orthodox_observation: false,
    orthodox_legality: false,
    keeps_units: false,
    ..Capabilities::ORTHODOX
};

/// The square of the hurdle `mv`'s hopper hops over, in `before`.
fn hurdle(before: &Position, mv: &Move) -> Option<Square> {
    let kind = mv.piece.kind;
    if matches!(kind.def().walk.steps, [Step::Chinese(_)]) {
        // A Chinese piece hops only when it captures: over the one unit
        // between its squares.
        mv.captured?;
        return first_between(before, mv.from, mv.to);
    }
    hurdle_of(before, kind, mv.from, mv.to)
}

/// The first unit on the line (a rider's, a nightrider's) from `from`
/// towards `to`, before `to`.
fn first_between(pos: &Position, from: Square, to: Square) -> Option<Square> {
    let (df, dr) = (
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    );
    let g = gcd(df, dr);
    let (vf, vr) = (df / g.max(1), dr / g.max(1));
    (1..g)
        .map(|k| {
            Square::new(
                (from.file() as i8 + k * vf) as u8,
                (from.rank() as i8 + k * vr) as u8,
            )
        })
        .find(|&sq| pos.piece_at(sq).is_some())
}

fn gcd(a: i8, b: i8) -> i8 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// The moves of the hurdle after `mv`'s hop (the bul attribute: `bul`),
/// `now` the position once the capturer is reborn, as effects in
/// Popeye's order; `true` when `mv` is a hop of a carrier, which then
/// goes on with one of them or is none.
fn hurdle_moves(
    rules: &Rules,
    bul: bool,
    before: &Position,
    mv: &Move,
    now: &Position,
    out: &mut Vec<(Effect, Option<Effect>)>,
) -> bool {
    let attr = if bul { Attrs::BUL } else { Attrs::DOB };
    if !mv.piece.attrs.contains(attr) {
        return false;
    }
    let Some(on) = hurdle(before, mv) else {
        return false;
    };
    let Some(unit) = now.piece_at(on) else {
        return true;
    };
    let mover = before.turn;
    let side = if bul || unit.is_neutral() {
        mover
    } else {
        unit.color
    };
    let walk = if bul { mv.piece.kind } else { unit.kind };
    let mut board = *now;
    board.turn = side;
    board.ep_square = None;
    board.put(on, Piece::new(side, walk));
    let mut steps = Vec::new();
    let geometry = orthodox();
    crate::movegen::unit_pseudo_legal_moves(&board, geometry, on, &mut steps);
    crate::solve::popeye_order::sort(&mut steps, geometry, side);
    let mut seen = crate::board::Bitboard::EMPTY;
    for step in &steps {
        let quiet = matches!(step.motion, Motion::Normal | Motion::DoubleStep)
            && !step.is_capture()
            && now.piece_at(step.to).is_none();
        if !quiet || step.from != on || seen.contains(step.to) {
            continue;
        }
        seen.set(step.to);
        let to = step.to;
        let moved = Effect::HurdleMoved {
            from: on,
            to,
            unit,
            was: unit.kind,
        };
        let Some(p) = promotion(rules, unit, to) else {
            out.push((moved, None));
            continue;
        };
        // It promotes once the captured unit is reborn, with Popeye's
        // hopper-specific choices (`=G=b`).
        for kind in rules.repertoire.promotions(p) {
            for variant in promotion_variants(rules, kind) {
                let attrs = variant.map_or(unit.attrs, |a| unit.attrs.with(a));
                let promoted = Effect::HurdlePromoted {
                    on: to,
                    unit: Piece {
                        kind,
                        attrs,
                        ..unit
                    },
                };
                out.push((moved, Some(promoted)));
            }
        }
    }
    true
}

/// The rules the hurdle's motions are found under: its walk's geometry
/// alone (built once).
fn orthodox() -> &'static Rules {
    static RULES: std::sync::OnceLock<Rules> = std::sync::OnceLock::new();
    RULES.get_or_init(Rules::orthodox)
}

/// How the hurdle `unit` promotes on `to`, if it does: a pawn on its own
/// side's last rank, whoever moved it (Popeye: a unit of the side whose
/// promotion square it reached).
fn promotion(rules: &Rules, unit: Piece, to: Square) -> Option<Promotion> {
    let p = unit.kind.def().pawn?;
    if p == Promotion::OwnFirstRank {
        return None;
    }
    let side = if to.rank() == Color::White.promotion_rank() {
        Color::White
    } else {
        Color::Black
    };
    let of_side = unit.is_neutral() || unit.color == side;
    (of_side && rules.promotion_squares(side).contains(to)).then_some(p)
}

/// Whether a carrier's capture of the king on `target` counts: the
/// capture played has an outcome (its hurdle moves on).
fn observes(
    rules: &Rules,
    pos: &Position,
    observer: &Observer,
    target: Square,
    attr: Attrs,
) -> bool {
    if !observer.unit.attrs.contains(attr) {
        return true;
    }
    match pos.piece_at(target) {
        Some(victim) => rules.some_capture_played(
            pos,
            observer.unit,
            observer.from,
            target,
            victim,
            &mut |_, _| true,
        ),
        None => true,
    }
}

/// Why a diagram's carriers of `attr` cannot be played.
fn refusal_in(pos: &Position, attr: Attrs, name: &str) -> Option<String> {
    for sq in pos.with_attrs(attr) {
        let Some(unit) = pos.piece_at(sq) else {
            continue;
        };
        if !HOPPERS.contains(&unit.kind.def().codes[0]) {
            return Some(
                "HurdleColourChanging, Bul and Dob only allowed with certain hoppers".into(),
            );
        }
        let chinese = matches!(unit.kind.def().walk.steps, [Step::Chinese(_)]);
        if !chinese && super::hurdle_colour::hurdle_rule(unit.kind).is_none() {
            return Some(format!(
                "the {name} attribute on a {} (not played yet)",
                unit.kind.def().names[0]
            ));
        }
    }
    None
}

/// Why the attribute `name` cannot be played beside the other rules: only
/// plain Circe, AntiCirce (Calvet, Cheylan) and the hopper attributes were
/// compared with Popeye.
fn refusal(rules: &Rules, name: &str) -> Option<String> {
    use crate::rules::CirceRules;
    let compared = [
        CirceRules::CIRCE,
        CirceRules::CIRCE_REX_INCLUSIVE,
        CirceRules::ANTICIRCE_CALVET,
        CirceRules::ANTICIRCE_CHEYLAN,
    ];
    if rules.families().count() > 1 || rules.families().any(|c| !compared.contains(c)) {
        return Some(format!(
            "the {name} attribute with a Circe form other than Circe or AntiCirce (not played yet)"
        ));
    }
    let allowed = [
        Condition::BulUnits,
        Condition::DobUnits,
        Condition::HurdleColourChanging,
    ];
    rules
        .conditions
        .iter()
        .find(|c| !allowed.contains(c))
        .map(|c| {
            format!(
                "the {name} attribute with {} (not played yet)",
                c.popeye_id()
            )
        })
}

impl ConditionRule for BulUnits {
    const ID: &'static str = "attribute bul";
    const WRITTEN: bool = false;
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::BUL, 0));
    const CAPABILITIES: Capabilities = CAPABILITIES;

    fn goes_on(
        rules: &Rules,
        before: &Position,
        mv: &Move,
        now: &Position,
        out: &mut Vec<(Effect, Option<Effect>)>,
    ) -> bool {
        hurdle_moves(rules, true, before, mv, now, out)
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        observes(rules, pos, observer, target, Attrs::BUL)
    }

    fn settle(rules: &Rules, _pos: &Position, moves: &mut Vec<Move>, start: usize) {
        settle_promotions(rules, Condition::BulUnits, moves, start);
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "bul")
    }

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        refusal_in(pos, Attrs::BUL, "bul")
    }
}

impl ConditionRule for DobUnits {
    const ID: &'static str = "attribute dob";
    const WRITTEN: bool = false;
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::DOB, 0));
    const CAPABILITIES: Capabilities = CAPABILITIES;

    fn goes_on(
        rules: &Rules,
        before: &Position,
        mv: &Move,
        now: &Position,
        out: &mut Vec<(Effect, Option<Effect>)>,
    ) -> bool {
        hurdle_moves(rules, false, before, mv, now, out)
    }

    #[inline]
    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        observes(rules, pos, observer, target, Attrs::DOB)
    }

    fn settle(rules: &Rules, _pos: &Position, moves: &mut Vec<Move>, start: usize) {
        settle_promotions(rules, Condition::DobUnits, moves, start);
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "dob")
    }

    /// A hurdle of a walk that makes Popeye sort its moves (the rose and
    /// its kin) reaches a square on several paths, and Popeye lists its
    /// motion once per path: not played.
    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        refusal_in(pos, Attrs::DOB, "dob").or_else(|| {
            rules.repertoire.sorts_moves().then(|| {
                "the dob attribute with the rose and the walks that make Popeye sort its moves \
                 (not played yet: Popeye lists a hurdle's motion once per path)"
                    .into()
            })
        })
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer (`~1`).
    use super::super::testing::{moves_of, sorted};
    use crate::board::{Attrs, Color, Kind, Piece, Position, Square};
    use crate::rules::{CirceRules, Condition, Rules};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    /// `pieces`, White to play, with a white grasshopper carrying `attr` on
    /// `on` and the attribute's rule in force.
    fn with_carrier(rules: Rules, pieces: &str, on: &str, attr: Attrs) -> (Rules, Position) {
        let mut pos = Position::from_piece_list(pieces).unwrap();
        pos.put(
            sq(on),
            Piece::new(Color::White, Kind::GRASSHOPPER).with(attr),
        );
        pos.turn = Color::White;
        let mut r = rules;
        super::super::put_carried_in_force(&mut r, &pos);
        // The diagram's fairy walks are promotion choices.
        r.repertoire = crate::rules::Repertoire::for_rules(&pos, &r);
        (r, pos)
    }

    fn hops(rules: &Rules, pos: &Position, prefix: &str) -> Vec<String> {
        moves_of(rules, pos)
            .into_iter()
            .filter(|m| m.starts_with(prefix))
            .collect()
    }

    /// Under Bul the hurdle hops on as a grasshopper for White, over the
    /// hopper; under Dob it steps as the black pawn it is.
    #[test]
    fn the_hurdle_moves_on() {
        let pieces = "wKa1 bKh8 bPd4";
        let (r, pos) = with_carrier(Rules::orthodox(), pieces, "d2", Attrs::BUL);
        assert!(r.has(Condition::BulUnits));
        assert_eq!(hops(&r, &pos, "bG"), ["bGd2-d5[bPd4->d6]"]);
        let (r, pos) = with_carrier(Rules::orthodox(), pieces, "d2", Attrs::DOB);
        assert!(r.has(Condition::DobUnits));
        assert_eq!(hops(&r, &pos, "dG"), ["dGd2-d5[bPd4->d3]"]);
    }

    /// Each motion of the hurdle is a move of its own; one that leaves the
    /// mover's king in check (the rook to b1) is none.
    #[test]
    fn each_motion_is_a_move() {
        let (r, pos) = with_carrier(Rules::orthodox(), "wKh1 bKa8 bRb3", "b1", Attrs::DOB);
        let want = sorted(
            "dGb1-b4[bRb3->b2] dGb1-b4[bRb3->a3] dGb1-b4[bRb3->g3] dGb1-b4[bRb3->f3] \
             dGb1-b4[bRb3->e3] dGb1-b4[bRb3->d3] dGb1-b4[bRb3->c3]",
        );
        assert_eq!(hops(&r, &pos, "dG"), want);
    }

    /// A pawn hurdle on its last rank promotes, once the captured unit is
    /// reborn, into a grasshopper with the attribute too (the diagram has
    /// one); with nothing between, in the hurdle's brackets.
    #[test]
    fn a_pawn_hurdle_promotes() {
        let pieces = "wKh1 wPb7 bKh6 bRc8";
        let (r, pos) = with_carrier(Rules::orthodox(), pieces, "a6", Attrs::DOB);
        let want = sorted(
            "dGa6*c8[wPb7->b8=Q] dGa6*c8[wPb7->b8=S] dGa6*c8[wPb7->b8=R] \
             dGa6*c8[wPb7->b8=B] dGa6*c8[wPb7->b8=G=d]",
        );
        assert_eq!(hops(&r, &pos, "dG"), want);
        let (r, pos) = with_carrier(
            Rules::with_circe(CirceRules::CIRCE),
            pieces,
            "a6",
            Attrs::DOB,
        );
        let got = hops(&r, &pos, "dG");
        for m in [
            "dGa6*c8[wPb7->b8][+bRa8][b8=Q]",
            "dGa6*c8[wPb7->b8][+bRa8][b8=dG=d]",
        ] {
            assert!(got.contains(&m.to_string()), "{m}: {got:?}");
        }
        // The pawn's own promotion takes the attribute after the rebirth.
        let got = moves_of(&r, &pos);
        assert!(got.contains(&"b7*c8=G[+bRa8=d]".to_string()), "{got:?}");
    }

    /// A carrier's capture of the king is check only when its hurdle
    /// could then move: here the pawn a2 cannot (the knight may leave h1
    /// for g3), until a black pawn on b3 lets it hop to c4. The knight's
    /// f2 would let it hop to g2.
    #[test]
    fn check_needs_the_hurdle_to_move() {
        let black_bul = |pieces: &str| {
            let mut pos = Position::from_piece_list(pieces).unwrap();
            pos.put(
                sq("a4"),
                Piece::new(Color::Black, Kind::GRASSHOPPER).with(Attrs::BUL),
            );
            pos.turn = Color::White;
            let mut r = Rules::orthodox();
            super::super::put_carried_in_force(&mut r, &pos);
            moves_of(&r, &pos)
        };
        assert_eq!(
            black_bul("wKa1 wPa2 wSh1 bKh8"),
            sorted("Ka1-b2 Ka1-b1 Sh1-g3 a2-a3")
        );
        assert_eq!(
            black_bul("wKa1 wPa2 wSh1 bKh8 bPb3"),
            sorted("Ka1-b2 Ka1-b1 a2-a3 a2*b3")
        );
    }

    #[test]
    fn only_hoppers_carry_them() {
        let mut pos = Position::from_piece_list("wKa1 bKh8").unwrap();
        pos.put(
            sq("d1"),
            Piece::new(Color::White, Kind::ROOK).with(Attrs::BUL),
        );
        let mut r = Rules::orthodox();
        super::super::put_carried_in_force(&mut r, &pos);
        assert_eq!(
            r.conditions.refusal_in(&r, &pos).as_deref(),
            Some("HurdleColourChanging, Bul and Dob only allowed with certain hoppers")
        );
    }
}
