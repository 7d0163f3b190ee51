//! Check as the rules define it: a king is in check when the opponent (or a
//! neutral unit, acting for the opponent) could capture it *for good* —
//! legally under the rules in force, and without the king coming back onto
//! the board. Where nothing can make such a capture illegal or bring the
//! king back, that is plain observation; otherwise the capture is played
//! out through the rules (Rex Inclusive, AntiCirce). Under Circe Assassin a
//! king is also in check when a capture of any unit of its side would
//! remove it from its square (the unit reborn there). A side without a king
//! on the board is never in check. This is the one place where check is
//! defined.

use super::{Base, Capture, OnOccupied, RebirthSquare, Reborn, Rules};
use crate::board::{Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::{Effect, Effects, Motion, Move, Rebirth};

impl Rules {
    /// Is the king of `color` in check?
    #[inline]
    pub fn in_check(&self, pos: &Position, color: Color) -> bool {
        let Some(king) = pos.king(color) else {
            return false;
        };
        let them = color.opponent();
        let mut attackers = pos.attackers(king, them, pos.occupied());
        // A pawn on its own first rank observes its second rank only in
        // some forms (Popeye's rule).
        if attackers.nonempty()
            && king.rank() == them.pawn_rank()
            && !self.first_rank_pawns_observe()
        {
            attackers &= !(pos.pieces(them, Kind::PAWN) & Bitboard::rank(them.back_rank()));
        }
        if self.attack_is_always_check() {
            return attackers.nonempty();
        }
        (attackers.nonempty() && self.any_capture_for_good(pos, king, attackers))
            || (self.assassin() && self.assassination(pos, color, king))
    }

    /// Whether the orthodox attack is always a check under these rules: no
    /// rebirth of the king, and nothing that could make the capture illegal
    /// or remove the king otherwise.
    #[inline]
    pub fn attack_is_always_check(&self) -> bool {
        self.families().all(|c| match c.reborn() {
            Reborn::Captured => !c.rex_inclusive && c.on_occupied != OnOccupied::Assassin,
            // AntiCirce Super: some square always takes the capturer.
            Reborn::Capturer => c.square == RebirthSquare::Super,
            Reborn::Mover => false,
        })
    }

    /// Whether some rebirth may remove a unit from its square (Assassin).
    fn assassin(&self) -> bool {
        self.families().any(|c| {
            c.on_occupied == OnOccupied::Assassin && matches!(c.base, Base::Circe | Base::AntiCirce)
        })
    }

    fn any_capture_for_good(&self, pos: &Position, king: Square, attackers: Bitboard) -> bool {
        let Some(victim) = pos.piece_at(king) else {
            return false;
        };
        // A neutral attacker acts for the king's opponent.
        let them = victim.color.opponent();
        attackers.into_iter().any(|from| {
            let Some(attacker) = pos.piece_as(from, them) else {
                return false;
            };
            if self.is_general() {
                return self.some_capture(pos, attacker, from, king, victim, &mut |e| {
                    !super::captured_unit_back(e)
                });
            }
            let mut after = pos.occupied();
            after.clear(from);
            let (kinds, n, _) = capture_kinds(attacker, king);
            kinds[..n].iter().any(|&kind| {
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

    /// Whether `attacker` on `from` can capture `victim` on `to` (played
    /// out in `pos`, whoever is to move there) with an outcome whose
    /// effects satisfy `test`.
    fn some_capture(
        &self,
        pos: &Position,
        attacker: Piece,
        from: Square,
        to: Square,
        victim: Piece,
        test: &mut dyn FnMut(&Effects) -> bool,
    ) -> bool {
        let mut board = *pos;
        board.turn = attacker.color;
        board.ep_square = None;
        let (kinds, n, promotes) = capture_kinds(attacker, to);
        kinds[..n].iter().any(|&kind| {
            let mv = Move {
                piece: attacker,
                from,
                to,
                motion: Motion::Normal,
                promotion: promotes.then_some(kind),
                captured: Some(victim),
                capture_square: to,
                effects: Effects::NONE,
            };
            let mut found = false;
            self.resolve_move(&board, &mv, |e| found |= test(&e));
            found
        })
    }

    /// Circe Assassin: whether some capture of a unit of `color` would
    /// remove its king, standing on `king`, from the board (the captured
    /// unit, or the capturer under AntiCirce, reborn on the king's square).
    fn assassination(&self, pos: &Position, color: Color, king: Square) -> bool {
        let them = color.opponent();
        let mut targets = pos.by_color(color);
        targets.clear(king);
        targets.into_iter().any(|target| {
            let Some(victim) = pos.piece_as(target, color) else {
                return false;
            };
            let attackers = pos.attackers(target, them, pos.occupied());
            attackers.into_iter().any(|from| {
                let Some(attacker) = pos.piece_as(from, them) else {
                    return false;
                };
                self.some_capture(pos, attacker, from, target, victim, &mut |effects| {
                    effects.iter().any(|e| match *e {
                        Effect::CapturedReborn { on, how, .. }
                        | Effect::CapturerReborn { to: on, how, .. } => {
                            on == king && how.has(Rebirth::ASSASSIN)
                        }
                        _ => false,
                    })
                })
            })
        })
    }
}

/// The kinds `attacker` captures on `to` as (the first `n`): a pawn
/// reaching its last rank as each promotion kind, promoting.
fn capture_kinds(attacker: Piece, to: Square) -> ([Kind; 4], usize, bool) {
    if attacker.kind == Kind::PAWN && to.rank() == attacker.color.promotion_rank() {
        (Kind::PROMOTIONS, 4, true)
    } else {
        ([attacker.kind; 4], 1, false)
    }
}
