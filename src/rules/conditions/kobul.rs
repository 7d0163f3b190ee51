//! KobulKings: when a unit is captured, its side's king takes the captured
//! unit's walk (a pawn captured gives the king back its own walk). The
//! king stays royal: it is its side's king with the new walk, in check
//! when that square is observed, moving (and observing) with the walk.
//! It takes the captured unit's attributes too, all but its side and its
//! royalty. The change is made as the capture is played, before any
//! rebirth (so the captured unit is reborn after it, and an AntiCirce
//! capturer after it too), and Popeye writes it `[d6=rS]` (a king's walk
//! again: `[e1=K]`). With the word White or Black only that side's king
//! changes.

use super::{Capabilities, ConditionRule, Stage};
use crate::board::{Attrs, Color, Kind, Piece, Position};
use crate::moves::{Effect, Effects, Move};
use crate::rules::{Condition, Rules};

pub struct KobulKings;

/// The attributes a king does not take from the captured unit (its side,
/// and its royalty, which the king keeps as it is).
const KEPT: Attrs = Attrs::NEUTRAL.with(Attrs::ROYAL);

/// The king `king` once it has taken the walk and attributes of `victim`.
pub(super) fn substitute(king: Piece, victim: Piece) -> Piece {
    let kind = if victim.kind.is_pawn() {
        Kind::KING
    } else {
        victim.kind
    };
    let mut attrs =
        Attrs::from_bits((king.attrs.bits() & KEPT.bits()) | (victim.attrs.bits() & !KEPT.bits()));
    attrs = if kind == Kind::KING {
        attrs.without(Attrs::ROYAL)
    } else {
        attrs.with(Attrs::ROYAL)
    };
    Piece {
        kind,
        attrs,
        ..king
    }
}

impl ConditionRule for KobulKings {
    const ID: &'static str = "kobulkings";
    const PARAMETER: super::Parameter = super::Parameter::Side;
    /// The king's new walk may check the mover's king (so a capture is
    /// played out to judge it), and a capture may leave the other king
    /// attacked by a unit that did not attack its square before.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        check_implies_attack: false,
        keeps_units: false,
        ..Capabilities::ORTHODOX
    };

    /// Popeye takes one condition at most that changes walks as units are
    /// captured or moved.
    fn refusal(rules: &Rules) -> Option<String> {
        rules
            .has(Condition::SingleBox)
            .then(|| "Incompatible fairy elements changing piece types".into())
    }

    fn changes(
        rules: &Rules,
        stage: Stage,
        before: &Position,
        mv: &Move,
        now: &Position,
        so_far: &Effects,
        out: &mut Effects,
    ) {
        if stage != Stage::BeforeRebirths {
            return;
        }
        let Some(victim) = mv.captured else {
            return;
        };
        let side = before.turn.opponent();
        match rules.param(Condition::KobulKings).number {
            1 if side != Color::White => return,
            2 if side != Color::Black => return,
            _ => {}
        }
        let Some(on) = now.king(side) else {
            return;
        };
        let Some(king) = now.piece_at(on) else {
            return;
        };
        let changed = substitute(king, victim);
        if changed != king && out.len() + so_far.len() < crate::moves::MAX_EFFECTS {
            out.push(Effect::KingChange {
                on,
                unit: changed,
                full: changed.attrs.without(Attrs::ROYAL) != king.attrs.without(Attrs::ROYAL),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::moves;
    use crate::board::Color;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn kobul(base: Option<Base>) -> Rules {
        let mut r = match base {
            Some(b) => Rules::with_circe(CirceRules::of(b)),
            None => Rules::default(),
        };
        r.conditions.insert(Condition::KobulKings);
        r
    }

    #[test]
    fn the_king_takes_the_captured_walk() {
        let got = moves(&kobul(None), "wKa1 wRd1 bKh8 bSd5", Color::White);
        assert!(got.contains(&"Rd1*d5[h8=rS]".to_string()), "{got:?}");
        // A pawn captured: the king keeps (or takes back) its walk.
        let got = moves(&kobul(None), "wKa1 wRd1 bKh8 bPd5", Color::White);
        assert!(got.contains(&"Rd1*d5".to_string()), "{got:?}");
    }

    #[test]
    fn under_anticirce_the_change_comes_before_the_rebirth() {
        // EXAMPLES_kobul__008's first move.
        let r = kobul(Some(Base::AntiCirce));
        let got = moves(&r, "wKc1 wBd4 wRb7 bKd6 bPh6 bSc2", Color::White);
        assert!(
            got.contains(&"Kc1*c2[d6=rS][wKc2->e1]".to_string()),
            "{got:?}"
        );
    }
}
