//! Bicaptures: a unit may capture the units of its own side as well as
//! the enemy's; kings excepted (no king, no royal unit, is taken by its
//! own side). Check is as usual: a unit never checks its own king, but a
//! king in check may escape by taking one of its own units.
//!
//! Popeye lends every unit of the side to move the other side's colour
//! while that side's moves are generated, and forbids a move that takes
//! its own king: the generator here adds the side's own units, less its
//! royal units, to those its moves may capture (`own_capturable`). A unit
//! taken by its own side is reborn (Circe) as a unit of its side.

use super::{Capabilities, ConditionRule};
use crate::board::{Bitboard, Color, Kind, Position};
use crate::moves::{Effects, Move};
use crate::rules::{Base, Condition, Rules};
use crate::stipulation::Goal;

pub struct Bicaptures;

/// The units of `us` that `us` may capture: none but under Bicaptures.
#[inline]
pub fn own_capturable(pos: &Position, rules: &Rules, us: Color) -> Bitboard {
    if rules.conditions.is_empty() || !rules.has(Condition::Bicaptures) {
        return Bitboard::EMPTY;
    }
    pos.by_color(us) & !pos.neutral() & !pos.pieces(us, Kind::KING) & !pos.royal_units(us)
}

/// Whether `mv` may be the last move that reaches `goal` (the mating
/// move of a `#n`'s attacker, of a `h#n`'s helper), for mate, check and
/// double mate. Popeye makes that move from its orthodox mating-move
/// generator, which lists only the moves whose motion could give check:
/// a capture of the mover's own unit whose check comes from the Circe
/// rebirth alone (the reborn unit checks) is not among them. (Before the
/// last move such a capture counts; under AntiCirce, whose reborn
/// capturer checks, Popeye plays every move last.)
pub fn may_end_with(rules: &Rules, goal: Goal, pos: &Position, mv: &Move) -> bool {
    if rules.conditions.is_empty()
        || !rules.has(Condition::Bicaptures)
        || !matches!(goal, Goal::Mate | Goal::Check | Goal::DoubleMate)
        // Popeye plays every move last under AntiCirce.
        || rules.family(Base::AntiCirce).is_some()
        || !mv
            .captured
            .is_some_and(|victim| victim.color == mv.piece.color && !victim.is_neutral())
        || mv.effects.is_empty()
    {
        return true;
    }
    let bare = Move {
        effects: Effects::NONE,
        ..*mv
    };
    Rules::orthodox().in_check(&pos.play(&bare), mv.piece.color.opponent())
}

impl ConditionRule for Bicaptures {
    const ID: &'static str = "bicaptures";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        ..Capabilities::ORTHODOX
    };

    fn refusal(rules: &Rules) -> Option<String> {
        if let Some(why) = super::not_played_beside_mars(rules, "Bicaptures") {
            return Some(why);
        }
        // The other conditions were not compared with Popeye beside it.
        let other = rules
            .conditions
            .iter()
            .find(|&c| c != Condition::Bicaptures);
        other.map(|c| format!("Bicaptures with {} is not played", c.popeye_id()))
    }
}

#[cfg(test)]
mod tests {
    //! Each answer is Popeye 4.104's (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    fn rules() -> Rules {
        Rules::orthodox().with(Condition::Bicaptures)
    }

    #[test]
    fn units_take_their_own_side_but_its_king() {
        assert_eq!(
            moves(&rules(), "wKe1 wRh1 wRa1 wPa2 wPh2 bKe8 bPe7", Color::White),
            sorted(
                "Ra1*a2 Ra1-d1 Ra1-c1 Ra1-b1 0-0-0 0-0 Ke1-f2 Ke1-d2 Ke1-d1 Ke1-e2 \
                 Ke1-f1 Rh1-f1 Rh1-g1 Rh1*h2 a2-a3 a2-a4 h2-h3 h2-h4"
            )
        );
    }

    #[test]
    fn under_circe_an_own_unit_is_reborn_on_the_other_sides_square() {
        let circe = Rules::with_circe(crate::rules::CirceRules::CIRCE).with(Condition::Bicaptures);
        let all = moves(&circe, "wKc3 wQh3 wRf1 wPd3 bKa7", Color::White);
        let captures: Vec<String> = all.into_iter().filter(|m| m.contains('*')).collect();
        assert_eq!(
            captures,
            sorted("Kc3*d3[+wPd7] Qh3*f1[+wRa8] Qh3*d3[+wPd7]")
        );
    }
}
