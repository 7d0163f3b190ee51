//! Check as the rules define it: a king is in check when the opponent (or a
//! neutral unit, acting for the opponent) could capture it *for good* — legally under the rules in force, and without the
//! king being reborn (rules.md sections 2 and 3). This is the one place where
//! Rex Inclusive and Anticirce redefine check.

use super::{Capture, OnOccupied, Reborn, Rules};
use crate::board::{Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::Effect;

impl Rules {
    /// Is the king of `color` in check?
    #[inline]
    pub fn in_check(&self, pos: &Position, color: Color) -> bool {
        let Some(king) = pos.king(color) else {
            return false;
        };
        let attackers = pos.attackers(king, color.opponent(), pos.occupied());
        attackers.nonempty() && self.any_capture_for_good(pos, king, attackers)
    }

    /// Whether the orthodox attack is always a check under these rules: no
    /// rebirth of the king, and nothing that could make the capture illegal.
    #[inline]
    pub fn attack_is_always_check(&self) -> bool {
        self.families().all(|c| {
            c.reborn() == Reborn::Captured
                && !c.rex_inclusive
                && c.on_occupied == OnOccupied::Vanish
        })
    }

    fn any_capture_for_good(&self, pos: &Position, king: Square, attackers: Bitboard) -> bool {
        if self.attack_is_always_check() {
            return attackers.nonempty();
        }
        let Some(victim) = pos.piece_at(king) else {
            return false;
        };
        let occupied = pos.occupied();
        // A neutral attacker acts for the king's opponent.
        let them = victim.color.opponent();
        attackers.into_iter().any(|from| {
            let Some(attacker) = pos.piece_as(from, them) else {
                return false;
            };
            let mut after = occupied;
            after.clear(from);
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
        })
    }
}
