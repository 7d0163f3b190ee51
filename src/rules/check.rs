//! Check as the rules define it: a king is in check when the opponent (or a
//! neutral unit, acting for the opponent) could capture it *for good* — legally under the rules in force, and without the
//! king being reborn (rules.md sections 2 and 3). This is the one place where
//! Rex Inclusive, Anticirce, ImmunChess and GenevaChess redefine check; which
//! units observe the king (Mars, Phantom, Madrasi) is `observation.rs`'s.

use super::{Base, Capture, Condition, OnOccupied, Reborn, Rules};
use crate::board::{Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::Effect;

impl Rules {
    /// Is the king of `color` in check?
    #[inline]
    pub fn in_check(&self, pos: &Position, color: Color) -> bool {
        let Some(king) = pos.king(color) else {
            return false;
        };
        if !self.observation_is_orthodox() || self.has(Condition::DangerCirce) {
            return self.in_check_by_observers(pos, king, color);
        }
        let attackers = pos.attackers(king, color.opponent(), pos.occupied());
        attackers.nonempty() && self.any_capture_for_good(pos, king, attackers)
    }

    /// Whether the orthodox attack is always a check under these rules: no
    /// rebirth of the king, and nothing that could make the capture illegal.
    #[inline]
    pub fn attack_is_always_check(&self) -> bool {
        self.families().all(|c| match c.base {
            Base::Circe => {
                c.reborn() == Reborn::Captured
                    && !c.rex_inclusive
                    && c.on_occupied == OnOccupied::Relaxed
            }
            // They move the observer, they do not judge the capture.
            Base::MarsCirce | Base::AntiMarsCirce | Base::PhantomChess => true,
            // Kings are never immune under RexExclusive.
            Base::ImmunChess => !c.rex_inclusive,
            Base::AntiCirce | Base::GenevaChess => false,
        })
    }

    /// Whether check is the orthodox attack on the king, so that a quiet
    /// move that neither is a king's nor opens a line cannot check its own
    /// king (the generator's shortcut).
    #[inline]
    pub fn check_is_orthodox_attack(&self) -> bool {
        self.attack_is_always_check() && self.units_move_from_their_squares()
    }

    fn in_check_by_observers(&self, pos: &Position, king: Square, color: Color) -> bool {
        let always = self.attack_is_always_check();
        let them = color.opponent();
        self.any_observer(pos, king, them, None, true, |o| {
            always || self.captures_for_good(pos, king, o.on, o.from)
        }) || (self.has(Condition::DangerCirce) && self.danger_check(pos, king, color, always))
    }

    /// DangerCirce: a unit observed by the other side may move to its
    /// rebirth square, capturing what stands there, so a king standing on
    /// the rebirth square of an observed enemy unit is in check.
    fn danger_check(&self, pos: &Position, king: Square, color: Color, always: bool) -> bool {
        let them = color.opponent();
        pos.by_color(them).into_iter().any(|on| {
            let unit = pos.piece_as(on, them).expect("a unit");
            super::rebirth::classic(unit.kind, unit.color, on) == king
                && self.observes(pos, on, color)
                && (always || self.captures_for_good(pos, king, on, on))
        })
    }

    fn any_capture_for_good(&self, pos: &Position, king: Square, attackers: Bitboard) -> bool {
        if self.attack_is_always_check() {
            return attackers.nonempty();
        }
        attackers
            .into_iter()
            .any(|from| self.captures_for_good(pos, king, from, from))
    }

    /// Whether the unit on `on`, capturing the king on `king` from `from`
    /// (its square, or the square it moves to first), removes it for good:
    /// legally, and without the king being reborn.
    fn captures_for_good(&self, pos: &Position, king: Square, on: Square, from: Square) -> bool {
        let Some(victim) = pos.piece_at(king) else {
            return false;
        };
        // A neutral attacker acts for the king's opponent.
        let them = victim.color.opponent();
        let Some(attacker) = pos.piece_as(on, them) else {
            return false;
        };
        let mut after = pos.occupied();
        after.clear(on);
        let promotes =
            attacker.kind == Kind::PAWN && king.rank() == attacker.color.promotion_rank();
        let kinds: &[Kind] = if promotes {
            &Kind::PROMOTIONS
        } else {
            std::slice::from_ref(&attacker.kind)
        };
        kinds.iter().any(|&kind| {
            let capture = Capture {
                pos,
                capturer: Piece { kind, ..attacker },
                mover: attacker,
                from,
                to: king,
                victim,
                capture_square: king,
                occupied: after,
            };
            let mut for_good = false;
            self.resolve_capture(&capture, |effects| {
                for_good |= !effects
                    .iter()
                    .any(|e| matches!(e, Effect::CapturedReborn { .. }));
            });
            for_good
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Color, Position};
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn with(base: Base) -> Rules {
        Rules::with_circe(CirceRules::of(base))
    }

    #[test]
    fn under_mars_a_unit_checks_from_its_rebirth_square() {
        // The rook on b2 stands on a dark square: it observes from a1,
        // along the a-file; from b2 it would check nothing.
        let pos = Position::from_piece_list("wKh1 wRb2 bKa8").unwrap();
        assert!(!Rules::orthodox().in_check(&pos, Color::Black));
        assert!(with(Base::MarsCirce).in_check(&pos, Color::Black));
        // A rook on b1 checks along the b-file only in orthodox chess.
        let pos = Position::from_piece_list("wKh2 wRb1 bKb8").unwrap();
        assert!(Rules::orthodox().in_check(&pos, Color::Black));
        // b1 is light: the rook observes from h1, not along the b-file.
        assert!(!with(Base::MarsCirce).in_check(&pos, Color::Black));
    }

    #[test]
    fn under_mars_an_occupied_rebirth_square_observes_nothing() {
        // The rook's rebirth square a1 holds a knight.
        let pos = Position::from_piece_list("wKh1 wRb2 wSa1 bKa8").unwrap();
        assert!(!with(Base::MarsCirce).in_check(&pos, Color::Black));
    }

    #[test]
    fn under_mars_kings_check_from_their_rebirth_square() {
        // The black king observes from e8: f7 is next to it.
        let pos = Position::from_piece_list("wKf7 bKb5").unwrap();
        assert!(with(Base::MarsCirce).in_check(&pos, Color::White));
        let exclusive = Rules::with_circe(CirceRules {
            rex_inclusive: false,
            ..CirceRules::of(Base::MarsCirce)
        });
        assert!(!exclusive.in_check(&pos, Color::White));
    }

    #[test]
    fn under_antimars_observation_is_orthodox() {
        let pos = Position::from_piece_list("wKh1 wRb1 bKb8").unwrap();
        assert!(with(Base::AntiMarsCirce).in_check(&pos, Color::Black));
    }

    #[test]
    fn under_phantom_chess_a_unit_checks_from_either_square() {
        let from_rebirth = Position::from_piece_list("wKh2 wRb2 bKa8").unwrap();
        let from_square = Position::from_piece_list("wKh2 wRb2 bKb8").unwrap();
        let r = with(Base::PhantomChess);
        assert!(r.in_check(&from_rebirth, Color::Black));
        assert!(r.in_check(&from_square, Color::Black));
        // Kings only from their square unless RexInclusive.
        let kings = Position::from_piece_list("wKf7 bKb5").unwrap();
        assert!(!r.in_check(&kings, Color::White));
        let rex = Rules::with_circe(CirceRules {
            rex_inclusive: true,
            ..CirceRules::of(Base::PhantomChess)
        });
        assert!(rex.in_check(&kings, Color::White));
    }

    #[test]
    fn under_immun_chess_rex_inclusive_a_king_with_its_square_occupied_is_not_in_check() {
        let rex = Rules::with_circe(CirceRules {
            rex_inclusive: true,
            ..CirceRules::of(Base::ImmunChess)
        });
        let free = Position::from_piece_list("wKh1 wQa5 bKd5").unwrap();
        let held = Position::from_piece_list("wKh1 wQa5 bKd5 bRe8").unwrap();
        assert!(rex.in_check(&free, Color::Black));
        assert!(!rex.in_check(&held, Color::Black));
        // RexExclusive: kings are never immune.
        assert!(with(Base::ImmunChess).in_check(&held, Color::Black));
    }

    #[test]
    fn under_geneva_chess_an_attacker_whose_square_is_occupied_gives_no_check() {
        // The rook on b5 (light) would need h1 free.
        let free = Position::from_piece_list("wKa2 wRb5 bKd5").unwrap();
        let held = Position::from_piece_list("wKh1 wRb5 bKd5").unwrap();
        let r = with(Base::GenevaChess);
        assert!(r.in_check(&free, Color::Black));
        assert!(!r.in_check(&held, Color::Black));
    }

    #[test]
    fn under_danger_circe_a_king_on_an_observed_units_rebirth_square_is_in_check() {
        // The black queen, observed by the rook h1, may go to d8.
        let pos = Position::from_piece_list("wKd8 wRh1 bKa2 bQh3").unwrap();
        let r = Rules::orthodox().with(Condition::DangerCirce);
        assert!(r.in_check(&pos, Color::White));
        let unobserved = Position::from_piece_list("wKd8 wRg1 bKa2 bQh3").unwrap();
        assert!(!r.in_check(&unobserved, Color::White));
    }
}
