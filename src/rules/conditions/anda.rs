//! Anda and AndaInverse: a unit that moves changes colour when its move,
//! with its rebirths, leaves it checking the enemy king (Anda), or when it
//! does not (AndaInverse).
//!
//! - The change: a white or black unit becomes neutral, a neutral unit
//!   becomes a unit of the side that moved it. Popeye writes it after the
//!   move in brackets of its own: `Re4-d4[=n]`, `nRa4-a8[=w]`.
//! - "Checking": the enemy king is in check once the move is played, and
//!   the moved unit (where it ends, an AntiCirce capturer where it is
//!   reborn) is one of its observers.
//! - Kings never change. The change comes before the move's legality is
//!   judged (a unit made neutral may then check its own king).
//!
//! The `anda` and `andainverse` unit attributes put the rule in force for
//! the units that carry them alone (`ATTRIBUTE_ONLY`); the unit keeps its
//! attribute through the change, which Popeye writes with the unit's
//! attribute letters: `aPc6-c7[=na]`. Popeye changes a king that carries
//! one too (a king made neutral): refused, as is an attribute beside a
//! condition of the two (Popeye then hides the attribute's letters).
//! Beside AntiCirce Popeye crashes (a segmentation fault on a third of
//! random positions): refused there.

use super::{Capabilities, ConditionRule, Stage};
use crate::board::{Attrs, Color, Kind, Piece, Position, Square};
use crate::moves::{Effect, Effects, Motion, Move, Shown, MAX_EFFECTS};
use crate::rules::{Base, Condition, Rules};

/// The parameter number under which only the units with the attribute
/// change.
const ATTRIBUTE_ONLY: u8 = 1;

/// Why Anda or AndaInverse (`name`) is not played with the rest of `rules`.
fn refusal(rules: &Rules, name: &str) -> Option<String> {
    rules
        .family(Base::AntiCirce)
        .map(|_| format!("{name} with AntiCirce: Popeye's play is incoherent there (it crashes)"))
}

/// Why the attributes anda and andainverse cannot be played in `pos`.
fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
    let carriers = pos.with_attrs(Attrs::ANDA) | pos.with_attrs(Attrs::ANDA_INVERSE);
    if carriers.is_empty() {
        return None;
    }
    let named = [Condition::Anda, Condition::AndaInverse]
        .into_iter()
        .find(|&c| rules.has(c) && rules.param(c).number != ATTRIBUTE_ONLY);
    if let Some(c) = named {
        return Some(format!(
            "the anda or andainverse attribute beside the {} condition (not played)",
            if c == Condition::Anda {
                "Anda"
            } else {
                "AndaInverse"
            }
        ));
    }
    carriers
        .into_iter()
        .find(|&on| {
            pos.piece_at(on)
                .is_some_and(|u| u.kind.is_royal() || u.attrs.contains(Attrs::ROYAL))
        })
        .map(|on| {
            format!(
                "the anda or andainverse attribute on the royal unit on {on}: Popeye makes it \
                 change sides, a king circe does not play"
            )
        })
}

/// Where the moving unit of `mv` stands once the effects `so_far` are
/// played: its arrival, or its AntiCirce rebirth; `None` once it is gone.
pub(super) fn mover_square(mv: &Move, so_far: &Effects) -> Option<Square> {
    let mut at = mv.final_square();
    for e in so_far {
        match *e {
            Effect::CapturerReborn { from, to, .. } if from == at => at = to,
            Effect::CapturerVanishes | Effect::CapturerRemoved { .. } => return None,
            _ => {}
        }
    }
    Some(at)
}

/// Whether the unit on `at`, of `side`, checks the king of the other
/// side in `now`.
fn checks(rules: &Rules, now: &Position, at: Square, side: Color) -> bool {
    let enemy = side.opponent();
    let Some(king) = now.king(enemy) else {
        return false;
    };
    rules.in_check(now, enemy) && rules.any_observer(now, king, side, None, true, |o| o.on == at)
}

/// The change of the moving unit under `condition`: Anda changes it when
/// it checks, AndaInverse when it does not; where an attribute put the
/// condition in force, only a unit that carries the attribute changes.
fn recolour(
    rules: &Rules,
    before: &Position,
    mv: &Move,
    now: &Position,
    so_far: &Effects,
    out: &mut Effects,
    condition: Condition,
) {
    let (when_checking, attr) = if condition == Condition::Anda {
        (true, Attrs::ANDA)
    } else {
        (false, Attrs::ANDA_INVERSE)
    };
    let only = (rules.param(condition).number == ATTRIBUTE_ONLY).then_some(attr);
    if mv.motion == Motion::Null {
        return;
    }
    let Some(at) = mover_square(mv, so_far) else {
        return;
    };
    let Some(unit) = now.piece_at(at) else {
        return;
    };
    if unit.kind == Kind::KING
        || unit.attrs.contains(Attrs::ROYAL)
        || only.is_some_and(|attr| !unit.attrs.contains(attr))
    {
        return;
    }
    let side = before.turn;
    if checks(rules, now, at, side) != when_checking {
        return;
    }
    let changed = if unit.is_neutral() {
        Piece {
            color: side,
            attrs: unit.attrs.without(Attrs::NEUTRAL),
            ..unit
        }
    } else {
        Piece {
            color: Color::White,
            attrs: unit.attrs.with(Attrs::NEUTRAL),
            ..unit
        }
    };
    if out.len() + so_far.len() < MAX_EFFECTS {
        out.push(Effect::Changed {
            on: at,
            unit: changed,
            shown: Shown::SideApart,
        });
    }
}

/// A unit changes colour when its move leaves it checking the enemy king.
pub struct Anda;

/// What Anda and AndaInverse leave of orthodox chess: a move changes its
/// unit, and so is played out (its legality too).
const CHANGING: Capabilities = Capabilities {
    orthodox_legality: false,
    keeps_units: false,
    ..Capabilities::ORTHODOX
};

impl ConditionRule for Anda {
    const ID: &'static str = "anda";
    const CAPABILITIES: Capabilities = CHANGING;
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::ANDA, ATTRIBUTE_ONLY));

    fn changes(
        rules: &Rules,
        stage: Stage,
        before: &Position,
        mv: &Move,
        now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        if stage == Stage::AfterRebirths {
            recolour(rules, before, mv, now, so_far, out, Condition::Anda);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "Anda")
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        refusal_in(rules, pos)
    }
}

/// A unit changes colour when its move leaves it not checking the enemy
/// king.
pub struct AndaInverse;

impl ConditionRule for AndaInverse {
    const ID: &'static str = "andainverse";
    const CAPABILITIES: Capabilities = CHANGING;
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::ANDA_INVERSE, ATTRIBUTE_ONLY));

    fn changes(
        rules: &Rules,
        stage: Stage,
        before: &Position,
        mv: &Move,
        now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        if stage == Stage::AfterRebirths {
            recolour(rules, before, mv, now, so_far, out, Condition::AndaInverse);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "AndaInverse")
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        refusal_in(rules, pos)
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, moves_of, sorted};
    use crate::board::{Attrs, Color, Kind, Piece, Position, Square};
    use crate::rules::{Base, CirceRules, Condition, Rules};

    #[test]
    fn anda_a_unit_that_checks_becomes_neutral() {
        let r = Rules::orthodox().with(Condition::Anda);
        assert_eq!(
            moves(&r, "wKa1 wRh2 bKe8 bPd7", Color::White),
            sorted(
                "Ka1-b2 Ka1-a2 Ka1-b1 Rh2-h1 Rh2-a2 Rh2-b2 Rh2-c2 Rh2-d2 Rh2-e2[=n] Rh2-f2 \
                 Rh2-g2 Rh2-h8[=n] Rh2-h7 Rh2-h6 Rh2-h5 Rh2-h4 Rh2-h3"
            )
        );
    }

    #[test]
    fn anda_inverse_a_neutral_unit_that_does_not_check_becomes_its_movers() {
        let r = Rules::orthodox().with(Condition::AndaInverse);
        assert_eq!(
            moves(&r, "wKe1 wRh2 bKe8 bSd5 nBc3", Color::White),
            sorted(
                "Ke1-d1 Ke1-e2 Ke1-f1 Ke1-f2 Rh2-d2[=n] nBc3-a1[=w] nBc3-a5[=w] nBc3-b2[=w] \
                 nBc3-b4[=w] nBc3-d2[=w] nBc3-d4[=w] nBc3-e5[=w] nBc3-f6[=w] nBc3-g7[=w] \
                 nBc3-h8[=w]"
            )
        );
    }

    #[test]
    fn anda_with_circe_the_change_makes_checks_on_the_own_king() {
        // The neutral bishop checks the white king: only moves that end
        // the check, none of them a check that would make a unit neutral
        // next to its own king.
        let r = Rules::with_circe(CirceRules::of(Base::Circe)).with(Condition::Anda);
        assert_eq!(
            moves(&r, "wKe1 wRh2 bKe8 bSd5 nBc3", Color::White),
            sorted(
                "Ke1-d1 Ke1-e2 Ke1-f1 Ke1-f2 Rh2-d2 nBc3-a1 nBc3-b2 nBc3-d4 nBc3-e5 nBc3-f6 \
                 nBc3-g7 nBc3-h8"
            )
        );
    }

    #[test]
    fn anda_the_change_is_written_with_the_units_attributes() {
        let rook = Piece::new(Color::White, Kind::ROOK).with(Attrs::CHAMELEON);
        let (r, pos) = with_unit(
            Rules::orthodox().with(Condition::Anda),
            "wKa1 bKe8 bPd7",
            "h2",
            rook,
        );
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "Ka1-b2 Ka1-a2 Ka1-b1 cRh2-h1=cQ cRh2-a2=cQ cRh2-b2=cQ cRh2-c2=cQ \
                 cRh2-d2=cQ cRh2-e2=cQ[=nc] cRh2-f2=cQ cRh2-g2=cQ cRh2-h7=cQ cRh2-h6=cQ \
                 cRh2-h5=cQ[=nc] cRh2-h4=cQ cRh2-h3=cQ"
            )
        );
    }

    /// The position of `pieces` with the unit `unit` on `on`, white to
    /// play, and the rules the attributes carry put in force.
    fn with_unit(rules: Rules, pieces: &str, on: &str, unit: Piece) -> (Rules, Position) {
        let mut pos = Position::from_piece_list(pieces).unwrap();
        pos.put(Square::parse(on).unwrap(), unit);
        pos.turn = Color::White;
        let mut r = rules;
        super::super::put_carried_in_force(&mut r, &pos);
        (r, pos)
    }

    #[test]
    fn the_anda_attribute_changes_its_unit_alone() {
        let rook = Piece::new(Color::White, Kind::ROOK).with(Attrs::ANDA);
        let (r, pos) = with_unit(Rules::orthodox(), "wKa1 wRb2 bKh8 bPd7", "g2", rook);
        assert!(r.has(Condition::Anda));
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "Ka1-a2 Ka1-b1 Rb2-b1 Rb2-a2 Rb2-b8 Rb2-b7 Rb2-b6 Rb2-b5 Rb2-b4 Rb2-b3 \
                 Rb2-f2 Rb2-e2 Rb2-d2 Rb2-c2 aRg2-g1 aRg2-c2 aRg2-d2 aRg2-e2 aRg2-f2 \
                 aRg2-g8[=na] aRg2-g7 aRg2-g6 aRg2-g5 aRg2-g4 aRg2-g3 aRg2-h2[=na]"
            )
        );
    }

    #[test]
    fn the_andainverse_attribute_changes_a_neutral_unit_that_does_not_check() {
        let bishop = Piece::new(Color::White, Kind::BISHOP)
            .with(Attrs::NEUTRAL)
            .with(Attrs::ANDA_INVERSE);
        let circe = Rules::with_circe(CirceRules::of(Base::Circe));
        let (r, pos) = with_unit(circe, "wKa1 wRb2 bKh8 bPd7", "c2", bishop);
        assert!(r.has(Condition::AndaInverse));
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "Ka1-a2 Rb2-b1 Rb2-a2 Rb2-b8 Rb2-b7 Rb2-b6 Rb2-b5 Rb2-b4 Rb2-b3 \
                 Rb2*c2[+naiBc8] naiBc2-b1[=wai] naiBc2-d1[=wai] naiBc2-h7[=wai] \
                 naiBc2-g6[=wai] naiBc2-f5[=wai] naiBc2-e4[=wai] naiBc2-d3[=wai] \
                 naiBc2-a4[=wai] naiBc2-b3[=wai]"
            )
        );
    }

    #[test]
    fn the_attributes_are_refused_on_a_king_and_beside_the_conditions() {
        let king = Piece::new(Color::White, Kind::KING).with(Attrs::ANDA_INVERSE);
        let (r, pos) = with_unit(Rules::orthodox(), "wRb2 bKh8", "c1", king);
        assert!(super::refusal_in(&r, &pos).is_some());
        let rook = Piece::new(Color::White, Kind::ROOK).with(Attrs::ANDA);
        let (r, pos) = with_unit(
            Rules::orthodox().with(Condition::Anda),
            "wKa1 bKh8",
            "g2",
            rook,
        );
        assert!(super::refusal_in(&r, &pos).is_some());
        let (r, pos) = with_unit(Rules::orthodox(), "wKa1 bKh8", "g2", rook);
        assert_eq!(super::refusal_in(&r, &pos), None);
    }
}
