//! BGL: each side may travel only as far as it is given (`BGL 4.5 4`:
//! White 4.5 squares, Black 4; `-` for no limit; one number alone is one
//! allowance both sides spend). A move costs its length as the crow flies,
//! from the square its unit left to the square it reached (castling: the
//! king's two squares; a rebirth costs nothing), and exists only while the
//! mover's allowance covers it. An observation, and so a check, counts only
//! when the observer's side could still travel to the square observed.
//! What is left is kept in `Position::allowance` and written after each
//! move of a side with a limit: `Qd1-d3 (2/4)`. Not with the Mars family.

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::allowance::length;
use crate::board::{Allowance, Position, Square};
use crate::moves::Move;
use crate::rules::{Condition, Observer, Rules};

pub struct Bgl;

impl ConditionRule for Bgl {
    const ID: &'static str = "BGL";
    const PARAMETER: Parameter = Parameter::Distances;
    /// Moves and observations too long are left out: what remains is
    /// orthodox attack, so a check is still an attack.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        ..Capabilities::ORTHODOX
    };

    fn prepare(rules: &Rules, pos: &mut Position) {
        let param = rules.param(Condition::Bgl);
        let left = param.distances.map(|d| d.unwrap_or(Allowance::NO_LIMIT));
        pos.allowance = Allowance::new(left, param.number == 1);
    }

    /// Under the Mars family a move is allowed by its length from the
    /// unit's square and spends its length from its rebirth square (see
    /// `Position::play`), as Popeye does.
    #[inline]
    fn allows(_rules: &Rules, pos: &Position, mv: &Move) -> bool {
        pos.allowance
            .covers(pos.turn, length(mv.departure(), mv.to))
    }

    /// Beside PhantomChess, Popeye allows a move by its length from the
    /// unit's square and judges check from the rebirth square, so that a
    /// king may be taken (refused for good); beside MarsCirce it measures
    /// a fairy unit's observation otherwise than an orthodox unit's (not
    /// followed yet).
    fn refusal(rules: &Rules) -> Option<String> {
        super::judged_apart_beside_phantom(rules, "BGL", "1.Rd4-a1*f1 (-1/5)")
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        if pos.fairy().is_empty() {
            return None;
        }
        super::not_played_beside(
            rules,
            "BGL with fairy units",
            &[crate::rules::Base::MarsCirce],
        )
    }

    #[inline]
    fn observes(_rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        pos.allowance
            .covers(observer.unit.color, length(observer.on, target))
    }
}

#[cfg(test)]
mod tests {
    //! Each answer is Popeye 4.104's.
    use super::super::testing::{after_line, moves_of, sorted};
    use crate::board::{Color, Position};
    use crate::rules::conditions::Param;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn bgl(rules: Rules, white: Option<u32>, black: Option<u32>, shared: bool) -> Rules {
        rules.with_param(
            Condition::Bgl,
            Param {
                distances: [white, black],
                number: u8::from(shared),
                ..Default::default()
            },
        )
    }

    fn prepared(rules: &Rules, pieces: &str) -> Position {
        let mut pos = Position::from_piece_list(pieces).unwrap();
        rules.conditions.prepare(rules, &mut pos);
        pos
    }

    #[test]
    fn a_move_longer_than_the_allowance_does_not_exist() {
        // BGL 5/4: the queen reaches d6 (5 squares), not d7 (6); castling
        // costs the king's two squares.
        let r = bgl(
            Rules::with_circe(CirceRules::of(Base::Circe)),
            Some(500),
            Some(400),
            false,
        );
        let pos = prepared(&r, "wKe1 wQd1 wRh1 bKe8 bRd3 bSh8 bPb2");
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "Qd1-g4 Qd1-f3 Qd1-e2 Qd1-a4 Qd1-b3 Qd1-c2 Qd1-a1 Qd1-b1 Qd1-c1 \
                 Qd1*d3[+bRa8] Qd1-d2 0-0 Ke1-f2 Ke1-e2 Ke1-f1 Rh1-f1 Rh1-g1 Rh1-h6 \
                 Rh1-h5 Rh1-h4 Rh1-h3 Rh1-h2"
            )
        );
    }

    #[test]
    fn the_allowance_is_spent_move_by_move() {
        let r = bgl(Rules::orthodox(), Some(500), Some(400), false);
        let after = after_line(
            &r,
            "wKe1 wQd1 bKe8 bRd3",
            Color::White,
            &["Qd1-g4", "Rd3-d1"],
        );
        assert_eq!(after.allowance.left, [76, 200]);
        let shared = bgl(Rules::orthodox(), Some(500), Some(500), true);
        let after = after_line(&shared, "wKe1 wQd1 bKe8 bRd3", Color::White, &["Qd1-g4"]);
        assert_eq!(after.allowance.left, [76, 76]);
    }

    #[test]
    fn under_mars_a_move_is_allowed_from_its_square_and_spent_from_its_rebirth_square() {
        // BGL 2.5/3: the bishop a4 takes a6 from f1, two squares from its
        // own square, seven from f1: allowed, it leaves -4.57
        // (`Ba4-f1*a6 (-4.-57/3)`), and White may move no more.
        let r = bgl(
            Rules::with_circe(CirceRules::of(Base::MarsCirce)),
            Some(250),
            Some(300),
            false,
        );
        let pos = prepared(&r, "wKh1 wBa4 bKa8 bPa6");
        assert_eq!(
            moves_of(&r, &pos),
            sorted("Kh1-g2 Kh1-g1 Kh1-h2 Ba4-f1*a6 Ba4-b3 Ba4-b5")
        );
        let after = after_line(&r, "wKh1 wBa4 bKa8 bPa6", Color::White, &["Ba4-f1*a6"]);
        assert_eq!(after.allowance.left(Color::White), Some(-457));
        assert_eq!(
            crate::vocabulary::conditions::distance_text(Some(-457)),
            "-4.-57"
        );
        assert!(!after.allowance.covers(Color::White, 0));
    }

    #[test]
    fn beside_phantom_chess_and_with_fairy_units_beside_mars_it_is_refused() {
        let phantom = bgl(
            Rules::with_circe(CirceRules::of(Base::PhantomChess)),
            Some(300),
            Some(300),
            false,
        );
        let why = phantom.conditions.refusal(&phantom).expect("refused");
        assert!(why.contains("king be taken"), "{why}");
        let mars = bgl(
            Rules::with_circe(CirceRules::of(Base::MarsCirce)),
            Some(300),
            Some(300),
            false,
        );
        assert!(mars.conditions.refusal(&mars).is_none());
        let orthodox = Position::from_piece_list("wKh1 wBa4 bKa8").unwrap();
        assert!(mars.conditions.refusal_in(&mars, &orthodox).is_none());
        let mut fairy = Position::from_piece_list("wKh1 bKa8").unwrap();
        fairy.put(
            crate::board::Square::parse("a4").unwrap(),
            crate::board::Piece::new(Color::White, crate::board::Kind::GRASSHOPPER),
        );
        assert!(mars.conditions.refusal_in(&mars, &fairy).is_some());
    }

    #[test]
    fn a_check_counts_only_within_the_allowance() {
        // The rook h1 is seven squares from the king on a1: no check with
        // BGL 6 for White, check with 7.
        let short = bgl(Rules::orthodox(), Some(600), None, false);
        let pos = prepared(&short, "wRh1 bKa1 wKh8");
        assert!(!short.in_check(&pos, Color::Black));
        let long = bgl(Rules::orthodox(), Some(700), None, false);
        let pos = prepared(&long, "wRh1 bKa1 wKh8");
        assert!(long.in_check(&pos, Color::Black));
    }
}
