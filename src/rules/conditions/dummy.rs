//! Dummy: a condition with no rule. Popeye reads it and names it under
//! the diagram, and nothing in its play asks for it: the problem is
//! solved as without it.

use super::ConditionRule;

pub struct Dummy;

impl ConditionRule for Dummy {
    const ID: &'static str = "dummy";
}

#[cfg(test)]
mod tests {
    //! Popeye 4.104 gives the same answers with and without Dummy.
    use super::super::testing::moves_of;
    use crate::board::{Color, Position};
    use crate::rules::{Base, CirceRules, Condition, Rules};

    const DIAGRAM: &str = "wKe1 wRh1 wPb7 wQd4 bKe8 bRc8 bSe5";

    /// The moves of the diagram under `rules`, with Dummy and without.
    fn with_and_without(rules: Rules) -> (Vec<String>, Vec<String>) {
        let pos = Position::from_piece_list(DIAGRAM).unwrap();
        let mut dummy = rules.with(Condition::Dummy);
        dummy.resolve_sides(Color::Black);
        (moves_of(&dummy, &pos), moves_of(&rules, &pos))
    }

    #[test]
    fn the_moves_are_those_without_it() {
        let (dummy, plain) = with_and_without(Rules::orthodox());
        assert_eq!(dummy, plain);
        assert!(dummy.contains(&"0-0".to_string()));
        assert!(dummy.contains(&"b7*c8=Q".to_string()));
        let (dummy, plain) = with_and_without(Rules::with_circe(CirceRules::of(Base::Circe)));
        assert_eq!(dummy, plain);
        assert!(dummy.contains(&"Qd4*e5[+bSb8]".to_string()));
    }
}
