//! VaultingKings, WhiteVaultingKing and BlackVaultingKing: a king in check
//! (observed by an enemy unit) moves, captures and observes also with the
//! walks given after the condition (the equihopper's when none is given),
//! beside its own. A king not in check is an ordinary king. Whether the
//! king is observed is judged with the other king moving as a plain king.
//! Popeye's `Transmuting` variant (the king would move with the walks
//! given only) makes Popeye 4.104 hang, and is not read.

use super::{Capabilities, ConditionRule, Parameter, Walks};
use crate::board::{Color, Kind, Piece, Position, Square};
use crate::rules::{Condition, Rules};
use std::cell::Cell;

/// The vaulting king of the side given.
pub struct Vaulting<const WHITE: bool>;
/// Both kings vault: the two conditions above, put in force together.
pub struct VaultingKings;

thread_local! {
    /// Set while it is found whether a king of that side (White, Black)
    /// vaults: a king of that side then moves as a plain king (Popeye's
    /// rule, which also keeps the search finite).
    static FINDING: [Cell<bool>; 2] = const { [Cell::new(false), Cell::new(false)] };
}

impl ConditionRule for VaultingKings {
    const ID: &'static str = "vault_king";
    const PARAMETER: Parameter = Parameter::WalkList;

    fn refusal(rules: &Rules) -> Option<String> {
        super::mars_family_refusal(rules, "VaultingKings")
    }
}

impl<const WHITE: bool> Vaulting<WHITE> {
    const SIDE: Color = if WHITE { Color::White } else { Color::Black };
    const CONDITION: Condition = if WHITE {
        Condition::WhiteVaultingKing
    } else {
        Condition::BlackVaultingKing
    };
}

impl<const WHITE: bool> ConditionRule for Vaulting<WHITE> {
    const ID: &'static str = if WHITE { "whvault_king" } else { "blvault_king" };
    const PARAMETER: Parameter = Parameter::WalkList;
    const CAPABILITIES: Capabilities = super::annan::WALKS;

    fn walks(rules: &Rules, pos: &Position, on: Square, unit: Piece, _observing: bool) -> Walks {
        let side = Self::SIDE;
        if unit.color != side
            || pos.king(side) != Some(on)
            || !unit.kind.is_royal()
            || FINDING.with(|f| f[side.index()].get())
        {
            return Walks::one(unit.kind);
        }
        FINDING.with(|f| f[side.index()].set(true));
        let observed = rules.observes(pos, on, side.opponent());
        FINDING.with(|f| f[side.index()].set(false));
        if !observed {
            return Walks::one(unit.kind);
        }
        let source = if rules.has(Condition::VaultingKings) {
            Condition::VaultingKings
        } else {
            Self::CONDITION
        };
        let param = rules.param(source);
        let mut walks = Walks::one(unit.kind);
        let mut any = false;
        for kind in param.walk_list() {
            walks.push(kind);
            any = true;
        }
        if !any {
            walks.push(Kind::EQUIHOPPER);
        }
        walks
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::mars_family_refusal(rules, "VaultingKings")
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    #[test]
    fn a_king_out_of_check_is_a_plain_king() {
        let r = Rules::orthodox().with(Condition::WhiteVaultingKing);
        let got = moves(&r, "wKd4 wPa2 wPf6 bKh8 bRd8 bSd6", Color::White);
        assert_eq!(
            got,
            sorted("a2-a4 a2-a3 Kd4-c3 Kd4-e3 Kd4-e5 Kd4-c5 Kd4-d3 Kd4-d5 f6-f7")
        );
    }
}
