//! MessignyChess: instead of moving, a unit may change places with an
//! enemy unit of its own kind. Neither of the two units just exchanged
//! may take part in an exchange on the next move (neither square of the
//! last exchange is the start or the end of one). Kings exchange too,
//! except with `RexExclusive`. An exchange captures nothing and is legal
//! when it leaves the mover's king out of check.

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Position, Square};
use crate::moves::{Motion, Move};
use crate::rules::{Condition, Rules};

pub struct Messigny;

impl ConditionRule for Messigny {
    const ID: &'static str = "messigny";
    const PARAMETER: Parameter = Parameter::RexExclusive;
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        ..Capabilities::ORTHODOX
    };

    fn extra_moves(rules: &Rules, pos: &Position, from: Square, out: &mut Vec<Move>) {
        let us = pos.turn;
        let Some(unit) = pos.piece_as(from, us) else {
            return;
        };
        let kings = rules.param(Condition::Messigny).number != 1;
        if (!kings && pos.king(us) == Some(from)) || pos.exchanged.contains(from) {
            return;
        }
        for to in pos.by_color(us.opponent()) {
            if to == from || pos.exchanged.contains(to) {
                continue;
            }
            if pos
                .piece_at(to)
                .is_some_and(|other| other.kind == unit.kind)
            {
                out.push(Move::quiet(unit, from, to, Motion::Exchange));
            }
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        use crate::rules::Base;
        let family = [Base::MarsCirce, Base::AntiMarsCirce, Base::PhantomChess];
        // Popeye writes moves of no unit there (`1..a3-f8-b4`) and
        // exchanges from a rebirth square (`Kc6Ke1<->Kg8`).
        super::incoherent_beside(
            rules,
            "MessignyChess",
            &family,
            "it writes moves of no unit, `1..a3-f8-b4`",
        )
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, moves_of, sorted};
    use crate::board::{Bitboard, Color, Position, Square};
    use crate::rules::conditions::Param;
    use crate::rules::{Condition, Rules};

    #[test]
    fn beside_the_mars_family_it_is_refused_for_popeyes_incoherence() {
        // Popeye writes moves of no unit there; BrunnerChess beside
        // MarsCirce and AntiMarsCirce likewise.
        use crate::rules::{Base, CirceRules};
        for base in [Base::MarsCirce, Base::AntiMarsCirce, Base::PhantomChess] {
            let mut circe = CirceRules::of(base);
            circe.rex_inclusive = true;
            let r = Rules::with_circe(circe).with(Condition::Messigny);
            let why = r.conditions.refusal(&r).expect("refused");
            assert!(why.contains("incoherent"), "{why}");
        }
        let r = Rules::with_circe(CirceRules::of(Base::MarsCirce)).with(Condition::Brunner);
        assert!(r
            .conditions
            .refusal(&r)
            .is_some_and(|w| w.contains("incoherent")));
        let r = Rules::with_circe(CirceRules::of(Base::PhantomChess)).with(Condition::Brunner);
        assert!(r.conditions.refusal(&r).is_none());
        let r = Rules::orthodox().with(Condition::Messigny);
        assert!(r.conditions.refusal(&r).is_none());
    }

    #[test]
    fn rex_exclusive_keeps_the_kings_out() {
        let r = Rules::orthodox().with(Condition::Messigny).with_param(
            Condition::Messigny,
            Param {
                number: 1,
                ..Param::default()
            },
        );
        assert_eq!(
            moves(&r, "wKa1 wSb1 wPc2 bKh8 bSg8 bBc8 bPd7", Color::White),
            sorted("Ka1-a2 Ka1-b2 Pc2<->Pd7 Sb1-a3 Sb1-c3 Sb1-d2 Sb1<->Sg8 c2-c3 c2-c4")
        );
    }

    #[test]
    fn the_units_just_exchanged_do_not_exchange_again() {
        let r = Rules::orthodox().with(Condition::Messigny);
        let mut pos = Position::from_piece_list("wKa1 wSb1 wSc1 bKh8 bSg8").unwrap();
        pos.turn = Color::Black;
        pos.exchanged = Bitboard::from_square(Square::parse("b1").unwrap())
            | Bitboard::from_square(Square::parse("g8").unwrap());
        let got = moves_of(&r, &pos);
        assert!(!got.iter().any(|m| m.starts_with("Sg8<->")));
        assert!(got.contains(&"Kh8<->Ka1".to_string()));
        pos.exchanged = Default::default();
        assert!(moves_of(&r, &pos).contains(&"Sg8<->Sc1".to_string()));
    }

    #[test]
    fn a_unit_changes_places_with_an_enemy_unit_of_its_kind() {
        let r = Rules::orthodox().with(Condition::Messigny);
        let got = moves(&r, "wKa1 wSb1 bKh8 bSg8 bBc8", Color::White);
        assert!(got.contains(&"Sb1<->Sg8".to_string()));
        assert!(got.contains(&"Ka1<->Kh8".to_string()));
        assert!(!got.iter().any(|m| m.contains("<->B")));
    }

    #[test]
    fn a_null_move_ends_the_ban() {
        // The threat of 1.Be8<->Bh6 in REGRESSIONS_4_63_to_4_65__001:
        // after Black passes, the bishop h6 exchanges again.
        let r = Rules::orthodox().with(Condition::Messigny);
        let pos = super::super::testing::after_line(
            &r,
            "wKh8 wRf8 wBe8 wSd7 wSa5 bKa8 bBh1 bBh6 bPa6 bPa7",
            Color::White,
            &["Be8<->Bh6"],
        );
        let mut again = pos;
        again.turn = Color::White;
        assert!(!moves_of(&r, &again).contains(&"Bh6<->Bh1".to_string()));
        assert!(moves_of(&r, &pos.pass()).contains(&"Bh6<->Bh1".to_string()));
    }
}
