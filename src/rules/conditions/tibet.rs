//! Tibet and DoubleTibet: a capture of a unit of another walk changes the
//! capturer's side. Under Tibet only Black's captures do so (the black
//! capturer becomes white); under DoubleTibet both sides' captures do. A
//! capture of a unit of the same walk changes nothing; a king never
//! changes, nor does a neutral unit. The walk compared is that of the unit
//! standing on the arrival square when the change is made (a promoted
//! pawn's new walk; under AntiCirce, which has lifted the capturer away by
//! then, no walk at all, so the capturer always changes where it is
//! reborn). The change comes where Popeye makes it: after AntiCirce's
//! rebirth and before Circe's, written `=w` (`=b`) as MagicSquares' is.

use super::{Capabilities, ConditionRule, Stage};
use crate::board::{Attrs, Color, Kind, Piece, Position};
use crate::moves::{Effect, Effects, Move};
use crate::rules::{Base, Rules};

pub struct Tibet;
pub struct DoubleTibet;

/// The capturer's change of side, if `mv` (of `mover`) makes one.
fn change(
    rules: &Rules,
    stage: Stage,
    mv: &Move,
    now: &Position,
    so_far: &Effects,
    out: &mut Effects,
) {
    let wanted = if rules.family(Base::AntiCirce).is_none() {
        Stage::BeforeRebirths
    } else {
        Stage::AfterCapturerRebirth
    };
    let Some(victim) = mv.captured else {
        return;
    };
    if stage != wanted || mv.piece.kind == Kind::KING || mv.piece.attrs.contains(Attrs::ROYAL) {
        return;
    }
    if now.piece_at(mv.to).map(|p| p.kind) == Some(victim.kind) {
        return;
    }
    // The capturer, followed through its rebirth.
    let mut at = Some(mv.to);
    for e in so_far {
        match *e {
            Effect::CapturerReborn { from, to, .. } if Some(from) == at => at = Some(to),
            Effect::CapturerVanishes | Effect::CapturerRemoved { .. } => at = None,
            _ => {}
        }
    }
    let Some(at) = at else {
        return;
    };
    let Some(unit) = now.piece_at(at) else {
        return;
    };
    let side = mv.piece.color.opponent();
    if unit.is_neutral() || unit.color == side {
        return;
    }
    if out.len() + so_far.len() < crate::moves::MAX_EFFECTS {
        out.push(Effect::ColourChange {
            on: at,
            unit: Piece {
                color: side,
                ..unit
            },
        });
    }
}

/// The capture may turn the capturer against its own king (a quiet move
/// never changes anything, but captures are played out anyway).
const CAPABILITIES: Capabilities = Capabilities {
    orthodox_legality: false,
    keeps_units: false,
    ..Capabilities::ORTHODOX
};

impl ConditionRule for Tibet {
    const ID: &'static str = "tibet";
    const CAPABILITIES: Capabilities = CAPABILITIES;

    fn changes(
        rules: &Rules,
        stage: Stage,
        before: &Position,
        mv: &Move,
        now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        if before.turn == Color::Black {
            change(rules, stage, mv, now, so_far, out);
        }
    }
}

impl ConditionRule for DoubleTibet {
    const ID: &'static str = "dbltibet";
    const CAPABILITIES: Capabilities = CAPABILITIES;

    fn changes(
        rules: &Rules,
        stage: Stage,
        _before: &Position,
        mv: &Move,
        now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        change(rules, stage, mv, now, so_far, out);
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::moves;
    use crate::board::Color;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn with(c: Condition) -> Rules {
        let mut r = Rules::with_circe(CirceRules::of(Base::Circe));
        r.conditions.insert(c);
        r
    }

    #[test]
    fn a_black_capture_of_another_walk_turns_the_capturer_white() {
        let r = with(Condition::Tibet);
        let got = moves(&r, "wKa1 wSd4 wBf4 bKa8 bBe5", Color::Black);
        assert!(got.contains(&"Be5*d4=w[+wSg1]".to_string()), "{got:?}");
        assert!(got.contains(&"Be5*f4[+wBc1]".to_string()), "{got:?}");
        // The bishop turned white would check its king on h8.
        let got = moves(&r, "wKa1 wSd4 wBf4 bKh8 bBe5", Color::Black);
        assert!(!got.iter().any(|m| m.starts_with("Be5*d4")), "{got:?}");
        // White's captures change nothing under Tibet...
        let got = moves(&r, "wKa1 wSd4 bKh8 bBe6", Color::White);
        assert!(got.contains(&"Sd4*e6[+bBc8]".to_string()), "{got:?}");
        // ... and do under DoubleTibet.
        let r = with(Condition::DoubleTibet);
        let got = moves(&r, "wKa1 wSd4 bKh8 bBe6", Color::White);
        assert!(got.contains(&"Sd4*e6=b[+bBc8]".to_string()), "{got:?}");
    }
}
