//! RoleExchange (Rollentausch): White may, instead of a move, exchange
//! roles — a null move after which the board is turned half round and
//! every unit but the neutral ones changes sides. Black then plays on with
//! the units that were White's. A number after the name limits how many
//! times White may do so in one line of play (none: no limit).
//!
//! The exchange is a move of White's play only: Popeye adds it where the
//! solution's moves are generated, not to the goal tests, so a White king
//! in check is mated, or White stalemated, whatever an exchange would do.
//! It is legal when White's king (the unit that was Black's) is not in
//! check afterwards, and it is tried after every other move. The exchanges
//! made are counted in the position (`Position::role_exchanges`) only
//! where their number is limited; the castling rights stay with their
//! squares, as Popeye's flags do.

use super::{Capabilities, ConditionRule, Parameter, Selects};
use crate::board::{Color, Kind, Piece, Position, Square};
use crate::moves::{Effect, Move};
use crate::problem::Language;
use crate::rules::{Condition, Rules};
use crate::vocabulary::{column, CONDITION_NAMES};

pub struct RoleExchange;

/// The condition's name in `lang`: Popeye writes it as the move.
pub fn name(lang: Language) -> &'static str {
    CONDITION_NAMES
        .iter()
        .find(|c| c.id == RoleExchange::ID)
        .map_or("RoleExchange", |c| c.names[column(lang)])
}

impl ConditionRule for RoleExchange {
    const ID: &'static str = "role_exchange";
    const PARAMETER: Parameter = Parameter::Limit;
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        moves_judged_alone: false,
        filter_keeps_a_move: false,
        binds_mate_test: false,
        binds_stalemate_test: false,
        ..Capabilities::ORTHODOX
    };

    fn filter(rules: &Rules, pos: &Position, moves: &mut Vec<Move>, _start: usize) {
        if pos.turn != Color::White {
            return;
        }
        let limit = rules.param(Condition::RoleExchange).limit;
        if limit.is_some_and(|n| u32::from(pos.role_exchanges) >= n) {
            return;
        }
        let on = pos.king(Color::White).unwrap_or(Square(0));
        let unit = pos
            .piece_at(on)
            .unwrap_or(Piece::new(Color::White, Kind::KING));
        let mut mv = Move::null(unit, on);
        mv.effects.push(Effect::RoleExchange {
            counted: limit.is_some(),
        });
        if crate::movegen::is_legal_after(pos, rules, &mv, &pos.play(&mv)) {
            moves.push(mv);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        if let Some(why) = super::not_played_beside_mars(rules, "RoleExchange") {
            return Some(why);
        }
        // The conditions that choose among the legal moves would weigh
        // the exchange: not compared with Popeye.
        let other = rules.conditions.iter().find(|&c| {
            c != Condition::RoleExchange
                && (c.selects() != Selects::Nobody || !c.capabilities().moves_judged_alone)
        });
        other.map(|c| format!("RoleExchange with {} is not played", c.popeye_id()))
    }
}

#[cfg(test)]
mod tests {
    //! Each answer is Popeye 4.104's.
    use super::super::testing::{after_line, moves};
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    fn rules() -> Rules {
        Rules::orthodox().with(Condition::RoleExchange)
    }

    #[test]
    fn white_may_exchange_roles_black_may_not() {
        let pieces = "wKb8 bKb6 bRc5";
        assert!(moves(&rules(), pieces, Color::White).contains(&" RoleExchange".to_string()));
        assert!(!moves(&rules(), pieces, Color::Black).contains(&" RoleExchange".to_string()));
    }

    #[test]
    fn the_board_turns_and_the_units_change_sides() {
        let pos = after_line(&rules(), "wKb8 bKb6 bRc5", Color::White, &[" RoleExchange"]);
        let want = crate::board::Position::from_piece_list("bKg1 wKg3 wRf4").unwrap();
        for sq in crate::board::Square::all() {
            assert_eq!(pos.piece_at(sq), want.piece_at(sq), "{sq}");
        }
        assert_eq!(pos.turn, Color::Black);
    }

    #[test]
    fn white_in_check_may_exchange() {
        // Turned, the black king a8 is White's, out of check.
        let pieces = "wKg1 bKa8 bPf2";
        assert!(moves(&rules(), pieces, Color::White).contains(&" RoleExchange".to_string()));
    }

    #[test]
    fn a_limit_counts_the_exchanges_of_the_line() {
        let limited = rules().with_param(
            Condition::RoleExchange,
            crate::rules::conditions::Param {
                limit: Some(1),
                ..Default::default()
            },
        );
        let pieces = "wKb8 bKb6 bRc5";
        let pos = after_line(&limited, pieces, Color::White, &[" RoleExchange", "Kg1-h1"]);
        let left = super::super::testing::moves_of(&limited, &pos);
        assert!(!left.contains(&" RoleExchange".to_string()));
        let pos = after_line(&rules(), pieces, Color::White, &[" RoleExchange", "Kg1-h1"]);
        let left = super::super::testing::moves_of(&rules(), &pos);
        assert!(left.contains(&" RoleExchange".to_string()));
    }
}
