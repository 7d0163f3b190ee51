//! DangerCirce: a unit observed by an enemy unit may also move to its
//! rebirth square (the classic Circe square), capturing what stands there;
//! so a king standing on the rebirth square of an observed enemy unit is
//! in check.

use super::{Capabilities, ConditionRule};
use crate::board::{Color, Position, Square};
use crate::moves::{Motion, Move};
use crate::rules::{rebirth, Rules};

pub struct DangerCirce;

impl ConditionRule for DangerCirce {
    const ID: &'static str = "danger_circe";
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };

    fn extra_moves(rules: &Rules, pos: &Position, from: Square, out: &mut Vec<Move>) {
        let us = pos.turn;
        let them = us.opponent();
        let unit = pos.piece_as(from, us).expect("own unit");
        let r = rebirth::classic(unit.kind, unit.color, from);
        if r == from || !rules.observes(pos, from, them) {
            return;
        }
        if !pos.occupied().contains(r) {
            out.push(Move::quiet(unit, from, r, Motion::Normal));
            return;
        }
        crate::movegen::push_capture(pos, rules, unit, from, r, out);
    }

    fn checks(rules: &Rules, pos: &Position, king: Square, color: Color) -> bool {
        let them = color.opponent();
        pos.by_color(them).into_iter().any(|on| {
            let unit = pos.piece_as(on, them).expect("a unit");
            rebirth::classic(unit.kind, unit.color, on) == king
                && rules.observes(pos, on, color)
                && rules.captures_king_for_good(pos, king, on, on)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Color, Position};
    use crate::rules::{Condition, Rules};

    #[test]
    fn a_king_on_an_observed_units_rebirth_square_is_in_check() {
        // The black queen, observed by the rook h1, may go to d8.
        let pos = Position::from_piece_list("wKd8 wRh1 bKa2 bQh3").unwrap();
        let r = Rules::orthodox().with(Condition::DangerCirce);
        assert!(r.in_check(&pos, Color::White));
        let unobserved = Position::from_piece_list("wKd8 wRg1 bKa2 bQh3").unwrap();
        assert!(!r.in_check(&unobserved, Color::White));
    }
}
