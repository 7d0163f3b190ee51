//! RepublicanChess: a side whose opponent has no king on the board may,
//! with a move after which that king would stand mated on a square, put
//! the king there as part of the move; Popeye writes it as a unit put on
//! the board (`Ra1-h1[+bKh3]`).
//!
//! - Every move of such a side is played once per mating square, the
//!   squares from a1 to h8 (rank by rank), then once without a king:
//!   putting the king is a choice, never an obligation.
//! - The king is put once the move is played with its rebirths; whether
//!   it would be mated is judged by the chess of the other rules, without
//!   this condition (no king is put in the mated side's answers).
//! - A move is legal when, the king put, the mover's king is safe: the
//!   king put may shield it.
//! - Type2 (the default): the goal tests play the side to move's answers
//!   with their own kings put, so a king put mated may escape by putting
//!   the other king where it shields it. Type1: the goal tests play chess
//!   without this condition, and in play with defence a defence that puts
//!   the attacker's king ends the attacker's play (it refutes). Popeye
//!   reads the defence's record of a king put, which is written only when
//!   the attacker had no king before it: where it had one, every defence
//!   refutes alike.
//!
//! The conditions unit attributes carry (chameleon, volage, magic ...) are
//! played beside it; other conditions are not yet.
//!
//! Popeye refuses it beside RoyalDynasty, LosingChess and ExtinctionChess
//! (the kings), and Masand (a condition that depends on check).

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Color, Kind, Piece, Position, Square};
use crate::movegen::has_legal_move;
use crate::moves::{Effect, Move, MAX_EFFECTS};
use crate::rules::{Condition, Rules};

pub struct Republican;

/// Popeye's Type1 (`Param::number`; 0 and 2 are Type2, the default).
pub const TYPE1: u8 = 1;

impl ConditionRule for Republican {
    const ID: &'static str = "republican";
    const PARAMETER: Parameter = Parameter::Type(2, 2);
    /// A move may put a king, which may shield the mover's own: moves are
    /// played out.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        ..Capabilities::ORTHODOX
    };

    /// Type1's goal tests play chess without the condition.
    fn capabilities_given(param: &super::Param) -> Capabilities {
        if param.number == TYPE1 {
            Capabilities {
                binds_mate_test: false,
                binds_stalemate_test: false,
                ..Self::CAPABILITIES
            }
        } else {
            Self::CAPABILITIES
        }
    }

    fn settle(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        let them = pos.turn.opponent();
        if pos.king(them).is_some() || moves.len() == start {
            return;
        }
        let plain = without(rules);
        let mut scratch = Vec::new();
        let mut squares = Vec::new();
        let tail = moves.split_off(start);
        for mv in tail {
            let after = pos.play(&mv);
            squares.clear();
            if after.king(them).is_none() && mv.effects.len() < MAX_EFFECTS {
                mating_squares(&plain, &after, them, &mut scratch, &mut squares);
            }
            for &on in &squares {
                let mut with_king = mv;
                with_king.effects.push(Effect::Added {
                    on,
                    unit: Piece::new(them, Kind::KING),
                });
                moves.push(with_king);
            }
            moves.push(mv);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        const KINGS: [Condition; 3] = [
            Condition::RoyalDynasty,
            Condition::ExtinctionChess,
            Condition::LosingChess,
        ];
        if KINGS.iter().any(|&c| rules.has(c)) {
            return Some(
                "RepublicanChess with RoyalDynasty, ExtinctionChess or LosingChess: \
                 incompatible royal settings (Popeye refuses it)"
                    .into(),
            );
        }
        if rules.has(Condition::Masand) || rules.has(Condition::MasandGeneralised) {
            return Some(
                "RepublicanChess is incompatible with conditions that depend on whether a \
                 certain move delivers check (Popeye refuses it)"
                    .into(),
            );
        }
        if let Some(other) = rules
            .conditions
            .iter()
            .find(|&c| c != Condition::Republican && c.carried_by().is_none())
        {
            return Some(format!(
                "RepublicanChess with {} (not played yet)",
                other.popeye_id()
            ));
        }
        // Compared with Popeye on random problems, Type1 with AntiCirce
        // differs in self-play (`s#2`), cause not found.
        if rules.param(Condition::Republican).number == TYPE1
            && rules.family(crate::rules::Base::AntiCirce).is_some()
        {
            return Some("RepublicanChess Type1 with AntiCirce (not played yet)".into());
        }
        let others = rules.families().any(|c| {
            !matches!(
                c.base,
                crate::rules::Base::Circe | crate::rules::Base::AntiCirce
            )
        });
        others.then(|| {
            "RepublicanChess with a Circe form other than Circe and AntiCirce (not played yet)"
                .into()
        })
    }
}

/// `rules` without this condition: the chess a king put is judged mated
/// by.
pub fn without(rules: &Rules) -> Rules {
    let mut plain = *rules;
    plain.conditions.remove(Condition::Republican);
    plain
}

/// Appends to `out` the empty squares, from a1 to h8, where a king of
/// `them` put in `after` (`them` to move) would stand mated under `plain`.
fn mating_squares(
    plain: &Rules,
    after: &Position,
    them: Color,
    scratch: &mut Vec<Move>,
    out: &mut Vec<Square>,
) {
    let empty = !after.occupied();
    for on in empty {
        let mut placed = *after;
        placed.put(on, Piece::new(them, Kind::KING));
        if plain.in_check(&placed, them) && !has_legal_move(&placed, plain, scratch) {
            out.push(on);
        }
    }
}

/// Whether, under Type1, the defence `d` played from `before` ends the
/// attacker's play (see the module's notes): it put the attacker's king,
/// or the attacker had one before it.
pub fn type1_dead_end(rules: &Rules, before: &Position, d: &Move) -> bool {
    let attacker = before.turn.opponent();
    rules.param(Condition::Republican).number == TYPE1
        && (before.king(attacker).is_some() || puts_king(d))
}

/// Whether `mv` puts a king on the board.
fn puts_king(mv: &Move) -> bool {
    mv.effects.iter().any(|e| {
        matches!(
            e,
            Effect::Added {
                unit: Piece {
                    kind: Kind::KING,
                    ..
                },
                ..
            }
        )
    })
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use super::super::Param;
    use super::TYPE1;
    use crate::board::{Color, Position};
    use crate::io::notation::{popeye_move, Alphabet};
    use crate::movegen::legal_moves;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn republican(rules: Rules, number: u8) -> Rules {
        rules.with_param(
            Condition::Republican,
            Param {
                number,
                ..Default::default()
            },
        )
    }

    #[test]
    fn a_move_puts_the_king_where_it_would_be_mated_or_not() {
        let r = republican(Rules::orthodox(), 0);
        let got = moves(&r, "wRa1 wBe6 bRg2 bRg3", Color::White);
        assert!(got.contains(&"Ra1-h1[+bKh3]".to_string()), "{got:?}");
        assert!(got.contains(&"Ra1-h1".to_string()), "{got:?}");
        assert_eq!(
            got.iter().filter(|m| m.contains("[+")).count(),
            1,
            "{got:?}"
        );
    }

    #[test]
    fn no_king_is_put_while_the_other_side_has_one() {
        let r = republican(Rules::orthodox(), 0);
        assert_eq!(
            moves(&r, "wRa1 bKh8 bPg7 bPh7", Color::White),
            sorted(
                "Ra1-a2 Ra1-a3 Ra1-a4 Ra1-a5 Ra1-a6 Ra1-a7 Ra1-a8 Ra1-b1 Ra1-c1 Ra1-d1 \
                 Ra1-e1 Ra1-f1 Ra1-g1 Ra1-h1"
            )
        );
    }

    #[test]
    fn the_king_put_may_shield_the_movers_own() {
        // Type2 ist Vorgabe (Popeye's example): White's king on h3, mated,
        // escapes to h4 with Black's king put on h2 across the rook's file.
        let r = republican(Rules::orthodox(), 0);
        let got = moves(&r, "bRh1 bBe6 bPh5 wRg2 wRg3 wKh3", Color::White);
        assert_eq!(got, sorted("Kh3-h4[+bKh2]"));
    }

    #[test]
    fn the_squares_come_from_a1_to_h8_then_no_king() {
        // Van Gool's #2 after 1.Ra7*a6 (Popeye's example, Type1).
        let r = republican(Rules::orthodox(), TYPE1);
        let mut pos =
            Position::from_piece_list("wRa6 wSa8 wPh6 bSa1 bPb4 bPb5 bPb7 bPd6 bPe6 bPe7 bPh7")
                .unwrap();
        pos.turn = Color::White;
        let mut out = Vec::new();
        legal_moves(&pos, &r, &mut out);
        let takes: Vec<String> = out
            .iter()
            .map(|m| popeye_move(m, Alphabet::English))
            .filter(|m| m.starts_with("Ra6*a1"))
            .collect();
        assert_eq!(takes, ["Ra6*a1[+bKa5]", "Ra6*a1[+bKa6]", "Ra6*a1"]);
        let put = moves(
            &r,
            "wRa6 wSa8 wPh6 bSa1 bPb4 bPb5 bPb7 bPd6 bPe6 bPe7 bPh7",
            Color::White,
        );
        let put: Vec<&String> = put.iter().filter(|m| m.contains("[+")).collect();
        assert_eq!(
            put,
            [
                "Ra6*a1[+bKa5]",
                "Ra6*a1[+bKa6]",
                "Ra6-a2[+bKa5]",
                "Ra6-a2[+bKa6]",
                "Ra6-a7[+bKa5]"
            ]
        );
    }

    #[test]
    fn under_circe_the_king_is_put_after_the_rebirth() {
        let r = republican(Rules::with_circe(CirceRules::of(Base::Circe)), 0);
        let got = moves(&r, "wRa1 wBe6 bRg2 bRg3 bPh1", Color::White);
        assert!(got.contains(&"Ra1*h1[+bPh7][+bKh3]".to_string()), "{got:?}");
        assert!(got.contains(&"Ra1*h1[+bPh7]".to_string()), "{got:?}");
    }

    #[test]
    fn under_anticirce_the_king_is_put_after_the_capturers_rebirth() {
        let r = republican(Rules::with_circe(CirceRules::of(Base::AntiCirce)), 0);
        let got = moves(&r, "wRa1 wBe6 bRg2 bRg3 bPh1", Color::White);
        assert!(
            got.contains(&"Ra1*h1[wRh1->h1][+bKh3]".to_string()),
            "{got:?}"
        );
    }

    #[test]
    fn type1_goal_tests_play_chess_without_the_condition() {
        let t1 = Condition::Republican.capabilities_given(&Param {
            number: TYPE1,
            ..Default::default()
        });
        assert!(!t1.binds_mate_test && !t1.binds_stalemate_test);
        let t2 = Condition::Republican.capabilities_given(&Param::default());
        assert!(t2.binds_mate_test && t2.binds_stalemate_test);
    }

    #[test]
    fn refused_beside_the_royal_conditions_and_masand() {
        for c in [
            Condition::RoyalDynasty,
            Condition::ExtinctionChess,
            Condition::Masand,
        ] {
            let r = republican(Rules::orthodox(), 0).with(c);
            assert!(r.conditions.refusal(&r).is_some(), "{c:?}");
        }
        let r = republican(Rules::with_circe(CirceRules::of(Base::MarsCirce)), 0);
        assert!(r.conditions.refusal(&r).is_some());
        let r = republican(Rules::with_circe(CirceRules::of(Base::Circe)), TYPE1);
        assert!(r.conditions.refusal(&r).is_none());
        let r = republican(Rules::with_circe(CirceRules::of(Base::AntiCirce)), TYPE1);
        assert!(r.conditions.refusal(&r).is_some());
    }
}
