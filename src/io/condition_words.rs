//! The words that name the conditions in force, as Popeye writes them
//! in its condition lines (`Circe RexInclusive`, `AntiCirce Cheylan`): for
//! the Popeye writer's header and twin lines, and for the condition text a
//! twin's `condition` command gives the problem.

use crate::io::language::{self, circe_variant, condition_name, CirceVariant, ConditionName};
use crate::problem::Language;
use crate::rules::{CaptureOnRebirthSquare, CirceRules, OnOccupied, RebirthSquare, Reborn, Rules};

/// The condition lines, uncentred: `Circe RexInclusive`, `AntiCirce Cheylan`.
pub fn condition_lines(lang: Language, rules: &Rules) -> Vec<String> {
    rules
        .families()
        .map(|c| circe_condition_line(lang, c))
        .collect()
}

/// A Circe form as its condition name and variant words. Popeye leaves out
/// what is the default of the base condition: Calvet, Anticirce's
/// forbidden capture onto an occupied rebirth square, and the default rex
/// rule (exclusive for Circe, inclusive for Anticirce).
fn circe_condition_line(lang: Language, c: &CirceRules) -> String {
    let (base, rex_default_inclusive) = match c.reborn() {
        Reborn::Captured => (ConditionName::Circe, false),
        Reborn::Capturer => (ConditionName::AntiCirce, true),
    };
    let mut variants = Vec::new();
    // New rebirth-square forms add their word here (Mirror, PWC, ...).
    match c.square {
        RebirthSquare::Classic => {}
    }
    if c.reborn() == Reborn::Captured && c.on_occupied == OnOccupied::Forbid {
        variants.push(CirceVariant::Strict);
    }
    if c.reborn() == Reborn::Capturer
        && c.capture_on_rebirth_square == CaptureOnRebirthSquare::Forbidden
    {
        variants.push(CirceVariant::Cheylan);
    }
    if c.rex_inclusive != rex_default_inclusive {
        variants.push(if c.rex_inclusive {
            CirceVariant::RexInclusive
        } else {
            CirceVariant::RexExclusive
        });
    }
    variants.sort_by_key(|v| {
        language::CIRCE_VARIANT_ORDER
            .iter()
            .position(|o| o == v)
            .unwrap_or(usize::MAX)
    });
    let mut line = condition_name(lang, base).to_string();
    for v in variants {
        line.push(' ');
        line.push_str(circe_variant(lang, v));
    }
    line
}
