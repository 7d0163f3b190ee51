//! Check as the rules define it: a king is in check when the opponent (or a
//! neutral unit, acting for the opponent) could capture it *for good* —
//! legally under the rules in force, and without the king coming back onto
//! the board. Where nothing can make such a capture illegal or bring the
//! king back, that is plain observation; otherwise the capture is played
//! out through the rules (Rex Inclusive, AntiCirce, ImmunChess,
//! GenevaChess). Under Circe Assassin a king is also in check when a
//! capture of any unit of its side would remove it from its square (the
//! unit reborn there). A side without a king on the board is never in
//! check. Which units observe the king (Mars, Phantom, Madrasi) is
//! `observation.rs`'s. This is the one place where check is defined.

use super::{Base, Capture, Rules};
use crate::board::{Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::{Effect, Effects, Motion, Move, Rebirth};

impl Rules {
    /// Is the king of `color` in check?
    #[inline]
    pub fn in_check(&self, pos: &Position, color: Color) -> bool {
        if !self.conditions.is_empty() {
            return self.in_check_under_conditions(pos, color);
        }
        let Some(king) = pos.king(color) else {
            return false;
        };
        if pos.ep_square.is_some() && pos.ep_victim == king && self.royal_pawn_en_prise(pos, color)
        {
            return true;
        }
        self.in_check_by_attack(pos, king, color)
    }

    /// [`Rules::in_check`] where some condition is in force: it may decide
    /// check itself, or add checks of its own.
    #[inline(never)]
    fn in_check_under_conditions(&self, pos: &Position, color: Color) -> bool {
        if let Some(check) = self.conditions.decides_check(self, pos, color) {
            return check;
        }
        self.in_check_as_attacked(pos, color)
    }

    /// [`Rules::in_check_under_conditions`] without the conditions that
    /// decide check alone: for those that judge it in a position of their
    /// own making (AliceChess: the king's board alone).
    pub(crate) fn in_check_as_attacked(&self, pos: &Position, color: Color) -> bool {
        let Some(king) = pos.king(color) else {
            return false;
        };
        // A royal pawn that has just made its double step is in check where
        // an enemy pawn could take it en passant (Popeye).
        if pos.ep_square.is_some() && pos.ep_victim == king && self.royal_pawn_en_prise(pos, color)
        {
            return true;
        }
        self.conditions.checks(self, pos, king, color) || self.in_check_by_attack(pos, king, color)
    }

    /// Whether the king of `color` on `king` can be captured for good.
    #[inline(always)]
    fn in_check_by_attack(&self, pos: &Position, king: Square, color: Color) -> bool {
        if !self.observation_is_orthodox() {
            return self.in_check_by_observers(pos, king, color)
                || (self.assassin() && self.assassination(pos, color, king));
        }
        let them = color.opponent();
        let attackers = self.orthodox_attackers(pos, king, them);
        if self.attack_is_always_check() {
            return attackers.nonempty();
        }
        (attackers.nonempty() && self.any_capture_for_good(pos, king, attackers))
            || (self.assassin() && self.assassination(pos, color, king))
    }

    /// The units of `them` that attack `king` in the orthodox sense.
    #[inline(always)]
    pub(crate) fn orthodox_attackers(&self, pos: &Position, king: Square, them: Color) -> Bitboard {
        let attackers = pos.attackers(king, them, pos.occupied());
        // A pawn on its own first rank observes its second rank only in
        // some forms (Popeye's rule).
        if attackers.nonempty()
            && king.rank() == them.pawn_rank()
            && !self.first_rank_pawns_observe()
        {
            return attackers & !(pos.pieces(them, Kind::PAWN) & Bitboard::rank(them.back_rank()));
        }
        attackers
    }

    /// Whether an enemy pawn could take `color`'s royal pawn, which has just
    /// made its double step, en passant.
    #[cold]
    fn royal_pawn_en_prise(&self, pos: &Position, color: Color) -> bool {
        let Some(ep) = pos.ep_square else {
            return false;
        };
        // An enemy unit with a pawn's capture (a pawn of any walk but the
        // Chinese, a dragon, a ship) that captures onto the square passed
        // over.
        let them = color.opponent();
        pos.attackers(ep, them, pos.occupied())
            .into_iter()
            .any(|sq| {
                pos.kind_at(sq).is_some_and(|k| {
                    k.def()
                        .walk
                        .steps
                        .iter()
                        .any(|s| {
                            use crate::pieces::walk::Pawn;
                            matches!(s, crate::pieces::Step::Pawn(p) if !matches!(p, Pawn::Steps | Pawn::Chinese))
                        })
                })
            })
    }

    /// Whether check is the orthodox attack on the king, so that a quiet
    /// move that neither is a king's nor opens a line cannot check its own
    /// king (the generator's shortcut). Not where a condition makes
    /// observation more than attack (BrunnerChess: a checker that was no
    /// check, its capture of the king illegal, becomes one when a unit
    /// elsewhere moves).
    #[inline]
    pub fn check_is_orthodox_attack(&self) -> bool {
        self.attack_is_always_check()
            && self.units_move_from_their_squares()
            && self.conditions.all_keep(|c| c.orthodox_observation)
    }

    /// Whether a king in check is always attacked, in the orthodox sense,
    /// by a unit from the square it stands on (the search's check-only
    /// shortcut rests on it). True of Circe and AntiCirce in every form but
    /// Assassin (a king is in check when a unit of its side could be reborn
    /// on its square, which no attack shows) and of Alsatian Circe; a base
    /// or condition that changes what observes (the Mars family's rebirth
    /// before the capture, Madrasi's paralysis) says no. The match is
    /// exhaustive so that a new base must be decided here; a condition
    /// decides by its capabilities.
    pub fn check_implies_orthodox_attack(&self) -> bool {
        let bases = self.families().all(|c| match c.base {
            Base::Circe | Base::AntiCirce => true,
            Base::MarsCirce
            | Base::AntiMarsCirce
            | Base::PhantomChess
            | Base::ImmunChess
            | Base::GenevaChess => false,
        });
        let conditions = self.conditions.all_keep(|c| c.check_implies_attack);
        bases && conditions && !self.assassin()
    }

    fn in_check_by_observers(&self, pos: &Position, king: Square, color: Color) -> bool {
        let always = self.attack_is_always_check();
        let them = color.opponent();
        self.any_observer(pos, king, them, None, true, |o| {
            always || self.captures_for_good(pos, king, o.on, o.from)
        })
    }

    /// Whether the unit on `on`, capturing from `from`, would remove the
    /// king on `king` for good (for the conditions' checks).
    pub fn captures_king_for_good(
        &self,
        pos: &Position,
        king: Square,
        on: Square,
        from: Square,
    ) -> bool {
        self.attack_is_always_check() || self.captures_for_good(pos, king, on, from)
    }

    fn any_capture_for_good(&self, pos: &Position, king: Square, attackers: Bitboard) -> bool {
        attackers
            .into_iter()
            .any(|from| self.captures_for_good(pos, king, from, from))
    }

    /// Whether the unit on `on`, capturing the king on `king` from `from`
    /// (its square, or the square it moves to first), removes it for good:
    /// legally, and without the king coming back. The general pipeline
    /// (forms beyond tier 1) plays the capture
    /// out as a move; the fast path resolves it as a capture.
    fn captures_for_good(&self, pos: &Position, king: Square, on: Square, from: Square) -> bool {
        let Some(victim) = pos.piece_at(king) else {
            return false;
        };
        // A neutral attacker acts for the king's opponent.
        let them = victim.color.opponent();
        let Some(attacker) = pos.piece_as(on, them) else {
            return false;
        };
        // An orphan's check is never judged by what its capture would do
        // (Popeye's orphan observes without the observation's validation).
        if attacker.kind == Kind::ORPHAN {
            return true;
        }
        if self.is_general_for(attacker) || self.conditions.second_motion_in_check() {
            // A unit capturing from its rebirth square is put there first.
            let mut lifted;
            let board = if on == from {
                pos
            } else {
                lifted = *pos;
                let unit = lifted.remove(on).expect("the attacker");
                lifted.put(from, unit);
                let id = pos.id_code(on);
                lifted.set_id_code(on, 0);
                lifted.set_id_code(from, id);
                &lifted
            };
            // A locust-like capturer lands beyond the king: each landing
            // square is an outcome (Rex Inclusive: the landing may block
            // the king's rebirth square).
            return self
                .capture_landings(pos, board, attacker, on, from, king)
                .into_iter()
                .any(|to| {
                    self.some_capture(board, attacker, from, to, king, victim, &mut |e| {
                        !super::captured_unit_back(e)
                    })
                });
        }
        if self.conditions.own_walks() {
            return self.captures_with_walk(pos, attacker, attacker.kind, on, from, king, victim);
        }
        // A walk a condition lends (AnnanChess, FaceToFace) captures as
        // that walk, the unit staying itself.
        self.conditions
            .walks(self, pos, on, attacker, true)
            .iter()
            .any(|walk| self.captures_with_walk(pos, attacker, walk, on, from, king, victim))
    }

    /// The squares `attacker` (standing on `on` in `pos`, moved to `from`
    /// in `board`) lands on when it captures on `king`: the king's square
    /// for an orthodox walk, the landings its walks find otherwise (a
    /// locust's, a marine unit's beyond the king); the king's square when
    /// no walk finds the capture (the observation came from elsewhere).
    fn capture_landings(
        &self,
        pos: &Position,
        board: &Position,
        attacker: Piece,
        on: Square,
        from: Square,
        king: Square,
    ) -> Bitboard {
        let mut arrivals = Bitboard::EMPTY;
        let mut add = |walk: Kind| {
            if walk.is_orthodox() {
                arrivals.set(king);
                return;
            }
            let walker = Piece {
                kind: walk,
                ..attacker
            };
            crate::board::walks::fairy::captures_of(
                board,
                walker,
                from,
                king,
                board.occupied(),
                |to| arrivals.set(to),
            );
        };
        if self.conditions.own_walks() {
            add(attacker.kind);
        } else {
            self.conditions
                .walks(self, pos, on, attacker, true)
                .iter()
                .for_each(&mut add);
        }
        if arrivals.is_empty() {
            arrivals.set(king);
        }
        arrivals
    }

    /// [`Rules::captures_for_good`] on the fast path, `attacker` capturing
    /// with the walk of `walk`.
    #[allow(clippy::too_many_arguments)]
    fn captures_with_walk(
        &self,
        pos: &Position,
        attacker: Piece,
        walk: Kind,
        on: Square,
        from: Square,
        king: Square,
        victim: Piece,
    ) -> bool {
        if walk.is_orthodox() {
            return self.lands_for_good(pos, attacker, on, from, king, king, victim);
        }
        // A locust lands beyond the king: each landing square counts.
        let mut arrivals = Bitboard::EMPTY;
        let walker = Piece {
            kind: walk,
            ..attacker
        };
        crate::board::walks::fairy::captures_of(pos, walker, from, king, pos.occupied(), |to| {
            arrivals.set(to)
        });
        arrivals
            .into_iter()
            .any(|to| self.lands_for_good(pos, attacker, on, from, to, king, victim))
    }

    /// Whether `attacker`, standing on `on` and moving from `from`,
    /// capturing `victim` on `capture_square` and arriving on `to`
    /// (promoting if it may), removes it for good (the fast path).
    #[allow(clippy::too_many_arguments)]
    fn lands_for_good(
        &self,
        pos: &Position,
        attacker: Piece,
        on: Square,
        from: Square,
        to: Square,
        capture_square: Square,
        victim: Piece,
    ) -> bool {
        let mut after = pos.occupied();
        // HaanerChess: the squares left are holes before any rebirth.
        if !pos.vacated_become_holes {
            after.clear(on);
            after.clear(capture_square);
        }
        after.set(to);
        let promotion = attacker.kind.def().pawn;
        let for_good = |kind: Kind| {
            let capture = Capture {
                pos,
                capturer: Piece {
                    kind: self.arriving_kind(pos, attacker, from, to, kind, victim, capture_square),
                    ..attacker
                },
                mover: attacker,
                from,
                to,
                victim,
                capture_square,
                occupied: after,
            };
            let mut for_good = false;
            self.resolve_capture(&capture, |effects| {
                for_good |= !effects
                    .iter()
                    .any(|e| matches!(e, Effect::CapturedReborn { .. }))
                    && (pos.imitators.is_empty()
                        || super::conditions::imitator::capture_leaves_free(
                            pos, from, to, &effects,
                        ));
            });
            for_good
        };
        match promotion {
            Some(p) if self.promotes_on(attacker.color, p, to) => {
                self.repertoire.promotions(p).any(for_good)
            }
            _ => for_good(attacker.kind),
        }
    }

    /// The walk `attacker`, capturing from `from` as a `kind` (its own
    /// or a promotion's), arrives with once the conditions have changed it
    /// (EinsteinChess: a rebirth of the capturer goes by it).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn arriving_kind(
        &self,
        pos: &Position,
        attacker: Piece,
        from: Square,
        to: Square,
        kind: Kind,
        victim: Piece,
        capture_square: Square,
    ) -> Kind {
        if self.conditions.is_empty() {
            return kind;
        }
        self.arriving_kind_under_conditions(pos, attacker, from, to, kind, victim, capture_square)
    }

    /// [`Rules::arriving_kind`] where some condition is in force: out of
    /// line, so that the check test of the other problems stays small.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn arriving_kind_under_conditions(
        &self,
        pos: &Position,
        attacker: Piece,
        from: Square,
        to: Square,
        kind: Kind,
        victim: Piece,
        capture_square: Square,
    ) -> Kind {
        let mut mv = Move::quiet(attacker, from, to, Motion::Normal);
        mv.promotion = (kind != attacker.kind).then_some(kind);
        mv.captured = Some(victim);
        mv.capture_square = capture_square;
        self.conditions.arriving(self, pos, &mut mv);
        mv.arriving_piece().kind
    }

    /// Whether `attacker` on `from` can capture `victim` on
    /// `capture_square`, landing on `to` (played out in `pos`, whoever is
    /// to move there), with an outcome whose effects satisfy `test`.
    #[allow(clippy::too_many_arguments)]
    fn some_capture(
        &self,
        pos: &Position,
        attacker: Piece,
        from: Square,
        to: Square,
        capture_square: Square,
        victim: Piece,
        test: &mut dyn FnMut(&Effects) -> bool,
    ) -> bool {
        self.some_capture_outcome(
            pos,
            attacker,
            from,
            to,
            capture_square,
            victim,
            &mut |_, mv| {
                test(&mv.effects)
                    && (pos.imitators.is_empty()
                        || super::conditions::imitator::capture_leaves_free(
                            pos,
                            mv.from,
                            mv.to,
                            &mv.effects,
                        ))
            },
        )
    }

    /// Whether `attacker` on `from`, capturing `victim` on `to` (played out
    /// in `pos`, whoever is to move there, with the rebirths it brings,
    /// a pending one among them), has an outcome for which `test` holds
    /// of the move and the position after it (for the conditions that
    /// judge a check by the capture played: the contact conditions).
    pub fn some_capture_played(
        &self,
        pos: &Position,
        attacker: Piece,
        from: Square,
        to: Square,
        victim: Piece,
        test: &mut dyn FnMut(&Move, &Position) -> bool,
    ) -> bool {
        self.some_capture_outcome(pos, attacker, from, to, to, victim, &mut |board, mv| {
            test(mv, &board.play(mv))
        })
    }

    /// Whether some outcome of the capture (each promotion, each rebirth),
    /// as a move with its effects in the position it is played in,
    /// satisfies `test`; the victim stands on `capture_square`, the
    /// attacker lands on `to`.
    #[allow(clippy::too_many_arguments)]
    fn some_capture_outcome(
        &self,
        pos: &Position,
        attacker: Piece,
        from: Square,
        to: Square,
        capture_square: Square,
        victim: Piece,
        test: &mut dyn FnMut(&Position, &Move) -> bool,
    ) -> bool {
        let mut board = *pos;
        board.turn = attacker.color;
        board.ep_square = None;
        let (kinds, n, promotes) =
            capture_kinds(attacker, to, self.promotion_squares(attacker.color));
        kinds[..n].iter().any(|&kind| {
            let mut mv = Move {
                piece: attacker,
                from,
                to,
                motion: Motion::Normal,
                promotion: promotes.then_some(kind),
                captured: Some(victim),
                capture_square,
                effects: Effects::NONE,
                sequence: 0,
            };
            if !self.conditions.is_empty() {
                self.conditions.arriving(self, &board, &mut mv);
            }
            if self.conditions.second_motion_in_check() {
                // Popeye judges the capture by its first second motion
                // alone (the first wormhole, in the order of the squares).
                let mut first = None;
                self.conditions
                    .second_motions(self, &board, &mv, &mut |through| {
                        first = first.or(Some(through));
                    });
                return first.is_some_and(|through| {
                    self.some_outcome(&board, &through, |effects| {
                        test(&board, &Move { effects, ..through })
                    })
                });
            }
            self.some_outcome(&board, &mv, |effects| test(&board, &Move { effects, ..mv }))
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
            let assassinates = |attacker: Piece, from: Square| {
                self.some_capture(
                    pos,
                    attacker,
                    from,
                    target,
                    target,
                    victim,
                    &mut |effects| {
                        effects.iter().any(|e| match *e {
                            Effect::CapturedReborn { on, how, .. }
                            | Effect::CapturerReborn { to: on, how, .. } => {
                                on == king && how.has(Rebirth::ASSASSIN)
                            }
                            _ => false,
                        })
                    },
                )
            };
            if !self.conditions.own_walks() {
                // The walks the conditions lend (FaceToFace) capture.
                return self.any_observer(pos, target, them, None, true, |o| {
                    assassinates(o.unit, o.from)
                });
            }
            let attackers = pos.attackers(target, them, pos.occupied());
            attackers.into_iter().any(|from| {
                let Some(attacker) = pos.piece_as(from, them) else {
                    return false;
                };
                let observer = super::Observer {
                    unit: attacker,
                    on: from,
                    from,
                };
                if !self.conditions.is_empty()
                    && !self.conditions.observes(self, pos, &observer, target)
                {
                    return false;
                }
                assassinates(attacker, from)
            })
        })
    }
}

/// The kinds `attacker` captures on `to` as (the first `n`): a pawn
/// reaching its last rank as each promotion kind, promoting.
fn capture_kinds(attacker: Piece, to: Square, promotes: Bitboard) -> ([Kind; 4], usize, bool) {
    if attacker.kind == Kind::PAWN && promotes.contains(to) {
        (Kind::PROMOTIONS, 4, true)
    } else {
        ([attacker.kind; 4], 1, false)
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Color, Position};
    use crate::rules::{Base, CirceRules, Rules};

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
}
