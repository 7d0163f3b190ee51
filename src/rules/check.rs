//! Check as the rules define it: a king is in check when the opponent (or a
//! neutral unit, acting for the opponent) could capture it *for good* — legally under the rules in force, and without the
//! king being reborn (rules.md sections 2 and 3). This is the one place where
//! Rex Inclusive and Anticirce redefine check.

use super::{Capture, OnOccupied, Reborn, Rules};
use crate::board::{Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::Effect;
use crate::pieces::Promotion;

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
                && c.on_occupied == OnOccupied::Relaxed
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
            if attacker.kind.is_orthodox() {
                return self.captures_for_good(pos, attacker, from, king, king, victim);
            }
            // A locust lands beyond the king: each landing square counts.
            let mut arrivals = Bitboard::EMPTY;
            crate::movegen::fairy::captures_of(pos, attacker, from, king, occupied, |to| {
                arrivals.set(to)
            });
            arrivals
                .into_iter()
                .any(|to| self.captures_for_good(pos, attacker, from, to, king, victim))
        })
    }

    /// Whether `attacker` on `from`, capturing `victim` on `on` and
    /// arriving on `to` (promoting if it may), removes it for good.
    fn captures_for_good(
        &self,
        pos: &Position,
        attacker: Piece,
        from: Square,
        to: Square,
        on: Square,
        victim: Piece,
    ) -> bool {
        let mut after = pos.occupied();
        after.clear(from);
        after.clear(on);
        after.set(to);
        let promotion = attacker.kind.def().pawn;
        let promotion_rank = match promotion {
            Some(Promotion::OwnFirstRank) => attacker.color.back_rank(),
            _ => attacker.color.promotion_rank(),
        };
        let for_good = |kind: Kind| {
            let capture = Capture {
                pos,
                capturer: Piece { kind, ..attacker },
                from,
                to,
                victim,
                capture_square: on,
                occupied: after,
            };
            let mut for_good = false;
            self.resolve_capture(&capture, |effects| {
                for_good |= !effects
                    .iter()
                    .any(|e| matches!(e, Effect::CapturedReborn { .. }));
            });
            for_good
        };
        match promotion {
            Some(p) if to.rank() == promotion_rank => self.repertoire.promotions(p).any(for_good),
            _ => for_good(attacker.kind),
        }
    }
}
