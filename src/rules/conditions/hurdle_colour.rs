//! Part 2, group A: the hurdle-colour-changing attribute (Popeye's
//! HurdleColourChanging, for hoppers only). When a unit that carries it
//! hops over a hurdle, the hurdle changes sides once the move is played,
//! unless it is a king or a neutral unit. The change comes after an
//! AntiCirce capturer's rebirth and before a Circe rebirth; Popeye writes
//! it in brackets of its own, `hccGd1-g4[f3=w]`.
//!
//! A pawn's promotion, once the attribute is on the board, is Popeye's
//! "hopper-specific": into a walk of the units of the diagram that carry
//! the attribute it may promote with it (`=G=hcc`), into a walk of those
//! that do not, or an orthodox one, without it (`=G`); into a walk that
//! only carriers of the attribute have, only with it.
//!
//! The hurdle is found from the move's departure and arrival, as each of
//! the walks played hops: Popeye also accepts the attribute on the angle
//! hoppers (moose, eagle, sparrow), the equistoppers and the Chinese
//! pieces, whose hurdle it does not tell from the move alone; those are
//! refused (not played).

use super::{Capabilities, Condition, ConditionRule, Param, Stage};
use crate::board::{Attrs, Kind, Piece, Position, Square};
use crate::moves::{Effect, Effects, Move, Shown};
use crate::pieces::walk::{Equi, Land, Step};
use crate::rules::Rules;

pub struct HurdleColourChanging;

/// The walks Popeye lets carry the attribute (its simple hoppers, Chinese
/// pieces, lions and the contra grasshopper), by English code.
pub(super) const HOPPERS: [&str; 35] = [
    "G", "NH", "CH", "ZH", "GH", "RH", "BH", "EQ", "NE", "G2", "G3", "KH", "OR", "NO", "M", "RM",
    "BM", "EA", "RE", "BE", "SW", "RW", "BW", "KP", "QE", "QF", "LE", "PA", "VA", "NA", "LI", "RL",
    "BL", "NL", "CG",
];

/// Where a walk's hurdle stands, its move's departure and arrival known.
#[derive(Clone, Copy)]
pub(super) enum Hurdle {
    /// `n` squares before the arrival (grasshopper: 1, grasshopper-2: 2).
    Behind(i8),
    /// The first unit on the line from the departure (lions).
    FirstOnLine,
    /// Half-way (equihoppers, orixes, king and knight hoppers).
    Midway,
    /// Next to the departure (contra grasshopper).
    NextToDeparture,
}

pub(super) fn hurdle_rule(kind: Kind) -> Option<Hurdle> {
    let steps = kind.def().walk.steps;
    let mut rule = None;
    for step in steps {
        let this = match *step {
            Step::Hop {
                hurdles: 1,
                land: Land::Behind(n),
                ..
            } => Hurdle::Behind(n as i8),
            Step::Hop {
                hurdles: 1,
                land: Land::Line,
                ..
            } => Hurdle::FirstOnLine,
            Step::LeapHop(_)
            | Step::Equi(Equi::Hopper | Equi::Orix | Equi::NonstopHopper | Equi::NonstopOrix) => {
                Hurdle::Midway
            }
            Step::ContraHop(_) => Hurdle::NextToDeparture,
            _ => return None,
        };
        // The gnurider hopper's two hops find their hurdle alike.
        match (rule, this) {
            (None, _) => rule = Some(this),
            (Some(Hurdle::Behind(a)), Hurdle::Behind(b)) if a == b => {}
            _ => return None,
        }
    }
    rule
}

fn gcd(a: i8, b: i8) -> i8 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// The hurdle of the hop of a `kind` from `from` to `to` in `pos` (the
/// position before the move).
pub(super) fn hurdle_of(pos: &Position, kind: Kind, from: Square, to: Square) -> Option<Square> {
    let (df, dr) = (
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    );
    let g = gcd(df, dr);
    if g == 0 {
        return None;
    }
    let (vf, vr) = (df / g, dr / g);
    let at = |f: i8, r: i8| Square::new(f as u8, r as u8);
    let (ff, fr) = (from.file() as i8, from.rank() as i8);
    match hurdle_rule(kind)? {
        Hurdle::Behind(n) => Some(at(to.file() as i8 - n * vf, to.rank() as i8 - n * vr)),
        Hurdle::FirstOnLine => (1..g)
            .map(|k| at(ff + k * vf, fr + k * vr))
            .find(|&sq| pos.piece_at(sq).is_some()),
        Hurdle::Midway => (df % 2 == 0 && dr % 2 == 0).then(|| at(ff + df / 2, fr + dr / 2)),
        Hurdle::NextToDeparture => Some(at(ff + vf, fr + vr)),
    }
}

/// The attributes of Popeye's hopper-specific promotions, each with the
/// condition that carries it, in the order Popeye tries them.
pub(super) const HOPPER_ATTRS: [(Attrs, Condition); 3] = [
    (
        Attrs::HURDLE_COLOUR_CHANGING,
        Condition::HurdleColourChanging,
    ),
    (Attrs::BUL, Condition::BulUnits),
    (Attrs::DOB, Condition::DobUnits),
];

/// Reads, before solving, which walks a promotion may give each of the
/// hopper attributes to (the walks of the diagram's carriers, kept in its
/// condition's walk list) and which it may leave without (the fairy walks
/// of the diagram's other units, in each one's set of walks).
pub(super) fn remember_promotion_walks(rules: &mut Rules, pos: &Position) {
    let mut plain = crate::rules::KindSet::default();
    for (unit, _) in pos.units() {
        if !HOPPER_ATTRS.iter().any(|(a, _)| unit.attrs.contains(*a)) && !unit.kind.is_orthodox() {
            plain.insert(unit.kind);
        }
    }
    for (attr, condition) in HOPPER_ATTRS {
        if !rules.has(condition) {
            continue;
        }
        let mut param = Param {
            number: rules.param(condition).number,
            kinds: plain,
            ..Param::default()
        };
        let mut carried = Vec::new();
        for (unit, _) in pos.units() {
            if unit.attrs.contains(attr) && !carried.contains(&unit.kind) {
                carried.push(unit.kind);
            }
        }
        for (slot, kind) in param.walk_list.iter_mut().zip(&carried) {
            *slot = kind.index() as u8 + 1;
        }
        rules.params.set(condition, param);
    }
}

/// The hopper attributes a promotion into `kind` may be made with, in
/// Popeye's order (`None`: without any).
pub(super) fn promotion_variants(
    rules: &Rules,
    kind: Kind,
) -> impl Iterator<Item = Option<Attrs>> + '_ {
    let first = HOPPER_ATTRS
        .iter()
        .find(|(_, c)| rules.has(*c))
        .map(|(_, c)| *c);
    let plain = first.is_none_or(|c| kind.is_orthodox() || rules.param(c).kinds.contains(kind));
    plain.then_some(None).into_iter().chain(
        HOPPER_ATTRS
            .iter()
            .filter(move |(_, c)| rules.has(*c) && rules.param(*c).walk_list().any(|k| k == kind))
            .map(|(a, _)| Some(*a)),
    )
}

/// Whether `condition` is the first of the hopper attributes' conditions
/// in force: it alone makes the promotions' variants.
fn makes_variants(rules: &Rules, condition: Condition) -> bool {
    HOPPER_ATTRS
        .iter()
        .find(|(_, c)| rules.has(*c))
        .map(|(_, c)| *c)
        == Some(condition)
}

/// Popeye's hopper-specific promotions of the moves `moves[start..]`: a
/// promotion becomes one move per attribute variant, in order.
pub(super) fn settle_promotions(
    rules: &Rules,
    condition: Condition,
    moves: &mut Vec<Move>,
    start: usize,
) {
    if !makes_variants(rules, condition) {
        return;
    }
    let mut i = start;
    while i < moves.len() {
        let mv = moves[i];
        let Some(kind) = mv.promotion.filter(|_| mv.piece.kind.is_pawn()) else {
            i += 1;
            continue;
        };
        // Under HurdleColourChanging the attribute comes with the
        // promotion; under Bul or Dob alone, after the rebirths, and not
        // at all when a Circe capture's unit is not reborn (Popeye skips
        // it then).
        let late = condition != Condition::HurdleColourChanging;
        if late && unreborn(rules, &mv) {
            i += 1;
            continue;
        }
        let variants: Vec<Move> = promotion_variants(rules, kind)
            .map(|v| {
                v.map_or(mv, |attr| {
                    if late {
                        carrying_late(mv, attr)
                    } else {
                        carrying(mv, attr)
                    }
                })
            })
            .collect();
        let n = variants.len();
        moves.splice(i..=i, variants);
        i += n;
    }
}

impl ConditionRule for HurdleColourChanging {
    const ID: &'static str = "attribute hurdlecolourchanging";
    const WRITTEN: bool = false;
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::HURDLE_COLOUR_CHANGING, 0));
    /// A hurdle that changes sides may leave the mover's king in check,
    /// and a promotion may become two moves.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_legality: false,
        keeps_units: false,
        ..Capabilities::ORTHODOX
    };

    fn changes(
        _rules: &Rules,
        stage: Stage,
        before: &Position,
        mv: &Move,
        now: &Position,
        _so_far: &Effects,
        out: &mut Effects,
    ) {
        if stage != Stage::AfterCapturerRebirth
            || !mv.piece.attrs.contains(Attrs::HURDLE_COLOUR_CHANGING)
        {
            return;
        }
        let Some(on) = hurdle_of(before, mv.piece.kind, mv.from, mv.to) else {
            return;
        };
        let Some(hurdle) = now.piece_at(on) else {
            return;
        };
        if hurdle.kind == Kind::KING || hurdle.is_neutral() {
            return;
        }
        let unit = Piece {
            color: hurdle.color.opponent(),
            ..hurdle
        };
        out.push(Effect::Recoloured { on, unit });
    }

    fn settle(rules: &Rules, _pos: &Position, moves: &mut Vec<Move>, start: usize) {
        settle_promotions(rules, Condition::HurdleColourChanging, moves, start);
    }

    fn refusal(rules: &Rules) -> Option<String> {
        // Not compared with Popeye beside the Mars family.
        super::not_played_beside(
            rules,
            "the hurdle-colour-changing attribute",
            &super::MARS_FAMILY,
        )
    }

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        let mut carried = Vec::new();
        for sq in pos.with_attrs(Attrs::HURDLE_COLOUR_CHANGING) {
            let Some(unit) = pos.piece_at(sq) else {
                continue;
            };
            if !HOPPERS.contains(&unit.kind.def().codes[0]) {
                return Some(
                    "HurdleColourChanging, Bul and Dob only allowed with certain hoppers".into(),
                );
            }
            if hurdle_rule(unit.kind).is_none() {
                return Some(format!(
                    "the hurdle-colour-changing attribute on a {} (not played yet)",
                    unit.kind.def().names[0]
                ));
            }
            if !carried.contains(&unit.kind) {
                carried.push(unit.kind);
            }
        }
        (carried.len() > Param::default().walk_list.len()).then(|| {
            "the hurdle-colour-changing attribute on more than 12 walks (not played yet)".into()
        })
    }
}

/// `mv`, a promotion, made into a carrier of the hopper attribute `attr`:
/// the promoted unit takes it where it promotes, before any rebirth
/// (`=G=hcc`), and an AntiCirce capturer is reborn with it
/// (`[whccGc8->c8]`).
fn carrying(mut mv: Move, attr: Attrs) -> Move {
    let unit = mv.arriving_piece().with(attr);
    let at = mv
        .effects
        .iter()
        .position(|e| !matches!(e, Effect::Premove { .. } | Effect::Mark { .. }))
        .unwrap_or(mv.effects.len());
    let mut effects = Effects::NONE;
    for (i, e) in mv.effects.iter().enumerate() {
        if i == at {
            effects.push(Effect::Changed {
                on: mv.to,
                unit,
                shown: Shown::Attrs,
            });
        }
        let mut e = *e;
        if let Effect::CapturerReborn { from, unit: u, .. } = &mut e {
            if *from == mv.to {
                *u = u.with(attr);
            }
        }
        effects.push(e);
    }
    if at == mv.effects.len() {
        effects.push(Effect::Changed {
            on: mv.to,
            unit,
            shown: Shown::Attrs,
        });
    }
    mv.effects = effects;
    mv
}

/// Whether `mv` is a capture under Circe whose captured unit is not
/// reborn.
fn unreborn(rules: &Rules, mv: &Move) -> bool {
    rules.family(crate::rules::Base::Circe).is_some()
        && mv.is_capture()
        && !mv
            .effects
            .iter()
            .any(|e| matches!(e, Effect::CapturedReborn { .. }))
}

/// `mv`, a promotion, made into a carrier of `attr` once every rebirth is
/// made (Popeye's order under Bul and Dob without HurdleColourChanging):
/// `b7*c8=G[+bRa8=d]`, `b7*c8=G[wGc8->c8=b]`.
fn carrying_late(mut mv: Move, attr: Attrs) -> Move {
    let mut on = mv.to;
    let mut unit = mv.arriving_piece();
    for e in &mv.effects {
        if let Effect::CapturerReborn {
            from, to, unit: u, ..
        } = *e
        {
            if from == mv.to {
                on = to;
                unit = u;
            }
        }
    }
    mv.effects.push(Effect::Changed {
        on,
        unit: unit.with(attr),
        shown: Shown::Attrs,
    });
    mv
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer (`~1`).
    use super::super::testing::moves_of;
    use crate::board::{Attrs, Color, Kind, Piece, Position, Square};
    use crate::rules::{CirceRules, Condition, Rules};

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn with_carriers(rules: Rules, pieces: &str, carriers: &[(&str, Piece)]) -> (Rules, Position) {
        let mut pos = Position::from_piece_list(pieces).unwrap();
        for (on, unit) in carriers {
            pos.put(sq(on), unit.with(Attrs::HURDLE_COLOUR_CHANGING));
        }
        pos.turn = Color::White;
        let mut r = rules;
        super::super::put_carried_in_force(&mut r, &pos);
        assert!(r.has(Condition::HurdleColourChanging));
        (r, pos)
    }

    /// problems/conditions/attr-hurdlecolourchanging.inp: the grasshopper
    /// turns the pawn b6 and the rook d4 white; over its own bishop b2 it
    /// would turn it black, checking its king.
    #[test]
    fn the_hurdle_changes_sides() {
        let (r, pos) = with_carriers(
            Rules::orthodox(),
            "wKa1 wBb2 bKh8 bPb6 bRd4",
            &[
                ("b4", Piece::new(Color::White, Kind::GRASSHOPPER)),
                ("h4", Piece::new(Color::Black, Kind::LION)),
            ],
        );
        let got = moves_of(&r, &pos);
        assert_eq!(got.len(), 8, "{got:?}");
        for m in ["hccGb4-b7[b6=w]", "hccGb4-e4[d4=w]", "Bb2*d4"] {
            assert!(got.contains(&m.to_string()), "{m}: {got:?}");
        }
        assert!(!got.iter().any(|m| m.starts_with("hccGb4-b1")), "{got:?}");
    }

    /// Kings and neutral units stay as they are (Popeye 4.104:
    /// `1.hccGd1-g4[f3=w]`, `1.hccGd1-a1`, `1.hccGd1-d5`).
    #[test]
    fn kings_and_neutral_hurdles_stay() {
        let (r, pos) = with_carriers(
            Rules::orthodox(),
            "wKb1 bKh8 bRf3 nSd4",
            &[("d1", Piece::new(Color::White, Kind::GRASSHOPPER))],
        );
        let got = moves_of(&r, &pos);
        let hops: Vec<&String> = got.iter().filter(|m| m.starts_with("hcc")).collect();
        assert_eq!(
            hops,
            ["hccGd1-a1", "hccGd1-d5", "hccGd1-g4[f3=w]"],
            "{got:?}"
        );
    }

    /// A promotion into the grasshopper, which the diagram has with the
    /// attribute and without, is made both ways; under AntiCirce the
    /// capturer is reborn with it (Popeye 4.104).
    #[test]
    fn a_pawn_promotes_into_a_carrier_too() {
        let pieces = "wKa1 wPb7 wPe7 bKh6 bSc8";
        let carrier = [("d6", Piece::new(Color::Black, Kind::GRASSHOPPER))];
        let plain = |rules: Rules| {
            let (r, mut pos) = with_carriers(rules, pieces, &carrier);
            pos.put(sq("h1"), Piece::new(Color::Black, Kind::GRASSHOPPER));
            let mut r = r;
            super::super::put_carried_in_force(&mut r, &pos);
            // The fairy walks of the diagram are promotion choices.
            r.repertoire = crate::rules::Repertoire::for_rules(&pos, &r);
            (r, pos)
        };
        let (r, pos) = plain(Rules::with_circe(CirceRules::CIRCE));
        let got = moves_of(&r, &pos);
        for m in ["e7-e8=G", "e7-e8=G=hcc", "b7*c8=G=hcc[+bSg8]"] {
            assert!(got.contains(&m.to_string()), "{m}: {got:?}");
        }
        let anti = Rules::with_circe(CirceRules::of(crate::rules::Base::AntiCirce));
        let (r, pos) = plain(anti);
        let got = moves_of(&r, &pos);
        assert!(
            got.contains(&"b7*c8=G=hcc[whccGc8->c8]".to_string()),
            "{got:?}"
        );
    }

    #[test]
    fn only_hoppers_carry_it() {
        let mut pos = Position::from_piece_list("wKa1 bKh8").unwrap();
        pos.put(
            sq("d1"),
            Piece::new(Color::White, Kind::QUEEN).with(Attrs::HURDLE_COLOUR_CHANGING),
        );
        let mut r = Rules::orthodox();
        super::super::put_carried_in_force(&mut r, &pos);
        assert!(r.conditions.refusal_in(&r, &pos).is_some());
    }
}
