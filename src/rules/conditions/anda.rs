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
//! The `anda` unit attribute (the rule for some units only) is not read.
//! Beside AntiCirce Popeye crashes (a segmentation fault on a third of
//! random positions): refused there.

use super::{Capabilities, ConditionRule, Stage};
use crate::board::{Attrs, Color, Kind, Piece, Position, Square};
use crate::moves::{Effect, Effects, Motion, Move, Shown, MAX_EFFECTS};
use crate::rules::{Base, Rules};

/// Why Anda or AndaInverse (`name`) is not played with the rest of `rules`.
fn refusal(rules: &Rules, name: &str) -> Option<String> {
    rules
        .family(Base::AntiCirce)
        .map(|_| format!("{name} with AntiCirce: Popeye's play is incoherent there (it crashes)"))
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

/// The change of the moving unit where `when_checking` says whether it
/// changes when it checks (Anda) or when it does not (AndaInverse).
fn recolour(
    rules: &Rules,
    before: &Position,
    mv: &Move,
    now: &Position,
    so_far: &Effects,
    out: &mut Effects,
    when_checking: bool,
) {
    if mv.motion == Motion::Null {
        return;
    }
    let Some(at) = mover_square(mv, so_far) else {
        return;
    };
    let Some(unit) = now.piece_at(at) else {
        return;
    };
    if unit.kind == Kind::KING || unit.attrs.contains(Attrs::ROYAL) {
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
            recolour(rules, before, mv, now, so_far, out, true);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "Anda")
    }
}

/// A unit changes colour when its move leaves it not checking the enemy
/// king.
pub struct AndaInverse;

impl ConditionRule for AndaInverse {
    const ID: &'static str = "andainverse";
    const CAPABILITIES: Capabilities = CHANGING;

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
            recolour(rules, before, mv, now, so_far, out, false);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "AndaInverse")
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
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
}
