//! Observation under the rules in force: which units of a side observe a
//! square, and from where. A unit observes what it could capture: from its
//! own square, from its rebirth square under MarsCirce, from either under
//! PhantomChess (the `paths` module). Observation is *validated* when the
//! conditions' observation hook has its say (Madrasi leaves paralysed
//! units out): that is what check is made of; paralysis itself rests on
//! the unvalidated geometry.

use super::Rules;
use crate::board::{attacks, Bitboard, Color, Kind, Piece, Position, Square};

/// A unit that observes a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Observer {
    /// The unit, as the observing side plays it.
    pub unit: Piece,
    /// Where it stands.
    pub on: Square,
    /// Where it would capture from: `on`, or its rebirth square.
    pub from: Square,
}

impl Rules {
    /// Whether observation is the orthodox attack: no unit observes from
    /// elsewhere than its square and none is paralysed.
    #[inline]
    pub fn observation_is_orthodox(&self) -> bool {
        !self.observation_moved() && self.conditions.all_keep(|c| c.orthodox_observation)
    }

    /// The Mars-family conditions that move observation: MarsCirce (and
    /// PhantomChess), not AntiMarsCirce, whose captures are ordinary.
    #[inline]
    fn observation_paths(&self) -> Option<super::Paths<'_>> {
        self.paths()
            .filter(|p| p.mars.is_some() || p.phantom.is_some())
    }

    /// Calls `found` for each unit of `by` (of `kind`, if given) that
    /// observes `target`, until it returns true; returns whether it did.
    /// When `validated`, paralysed units do not observe.
    pub fn any_observer(
        &self,
        pos: &Position,
        target: Square,
        by: Color,
        kind: Option<Kind>,
        validated: bool,
        mut found: impl FnMut(Observer) -> bool,
    ) -> bool {
        let validate = validated && !self.conditions.is_empty();
        let mut report = |o: Observer| {
            if validate && !self.conditions.observes(self, pos, &o, target) {
                return false;
            }
            found(o)
        };
        let occupied = pos.occupied();
        // PlusChess: the units on the centre squares observe from the
        // other centre squares too.
        if !self.conditions.is_empty()
            && self.conditions.contains(super::Condition::PlusChess)
            && super::conditions::plus_observers(pos, target, by, kind, &mut report)
        {
            return true;
        }
        if !self.conditions.own_walks() {
            return self.walk_observers(pos, target, by, kind, occupied, &mut report);
        }
        let Some(paths) = self.observation_paths() else {
            return self
                .orthodox_observers(pos, target, by, kind, occupied)
                .into_iter()
                .any(|on| report(own_square(pos, on, by)));
        };
        // PhantomChess: from the unit's square too.
        if paths.phantom.is_some()
            && self
                .orthodox_observers(pos, target, by, kind, occupied)
                .into_iter()
                .any(|on| report(own_square(pos, on, by)))
        {
            return true;
        }
        let rebirth = paths.mars.or(paths.phantom).expect("a path");
        let mut units = pos.by_color(by);
        units.clear(target);
        if let Some(k) = kind {
            units &= pos.by_kind(k);
        }
        units.into_iter().any(|on| {
            let unit = pos.piece_as(on, by).expect("a unit");
            let mut lifted = occupied;
            lifted.clear(on);
            rebirth
                .origins(pos, unit, on, lifted)
                .into_iter()
                .any(|from| {
                    // Phantom: the unit's own square was tried above.
                    !(paths.phantom.is_some() && from == on)
                        && super::paths::attacks(pos, unit, from, lifted).contains(target)
                        && report(Observer { unit, on, from })
                })
        })
    }

    /// The units of `by` (of `kind`, if given) that attack `target` from
    /// their own squares.
    #[inline]
    fn orthodox_observers(
        &self,
        pos: &Position,
        target: Square,
        by: Color,
        kind: Option<Kind>,
        occupied: Bitboard,
    ) -> Bitboard {
        // A pawn on its own first rank observes its second rank only in some
        // forms (Popeye's rule, as in `Rules::observes_with`).
        let mut pawns_off = Bitboard::EMPTY;
        if target.rank() == by.pawn_rank() && !self.first_rank_pawns_observe() {
            pawns_off = pos.pieces(by, Kind::PAWN) & Bitboard::rank(by.back_rank());
        }
        let Some(kind) = kind else {
            return pos.attackers(target, by, occupied) & !pawns_off
                | en_passant_observers(pos, target, by);
        };
        let ours = pos.pieces(by, kind);
        if ours.is_empty() {
            return ours;
        }
        if kind == Kind::PAWN {
            return attacks::pawn(by.opponent(), target) & ours & !pawns_off
                | en_passant_observers(pos, target, by);
        }
        let reach = match kind {
            Kind::KING => attacks::king(target),
            Kind::QUEEN => attacks::queen(target, occupied),
            Kind::ROOK => attacks::rook(target, occupied),
            Kind::BISHOP => attacks::bishop(target, occupied),
            Kind::KNIGHT => attacks::knight(target),
            _ => return pos.attackers(target, by, occupied) & ours,
        };
        reach & ours
    }

    /// [`Rules::any_observer`] when a condition may change the walks: each
    /// unit of `by` observes from its square with each walk the conditions
    /// give it (of `kind`, if given, for Madrasi), and only with those.
    fn walk_observers(
        &self,
        pos: &Position,
        target: Square,
        by: Color,
        kind: Option<Kind>,
        occupied: Bitboard,
        report: &mut impl FnMut(Observer) -> bool,
    ) -> bool {
        let paths = self.observation_paths();
        let mut units = pos.by_color(by);
        units.clear(target);
        units.into_iter().any(|on| {
            let unit = pos.piece_as(on, by).expect("a unit");
            let walks = self.conditions.walks(self, pos, on, unit, true);
            let found = walks.iter().any(|walk| {
                if kind.is_some_and(|k| k != walk) {
                    return false;
                }
                let Some(paths) = paths else {
                    return self.observes_with(pos, unit, walk, on, target, occupied)
                        && report(Observer { unit, on, from: on });
                };
                // Under the Mars family a unit observes from its rebirth
                // square with its own walk, and only when the conditions
                // leave it that walk on its own square (Popeye places the
                // unit's own walk on the rebirth square, then validates the
                // observation with the unit back on its square); under
                // PhantomChess it observes from its square too, as there.
                if paths.phantom.is_some()
                    && self.observes_with(pos, unit, walk, on, target, occupied)
                    && report(Observer { unit, on, from: on })
                {
                    return true;
                }
                if walk != unit.kind {
                    return false;
                }
                let rebirth = paths.mars.or(paths.phantom).expect("a path");
                let mut lifted = occupied;
                lifted.clear(on);
                rebirth
                    .origins_walking(pos, unit, walk, on, lifted)
                    .into_iter()
                    .any(|from| {
                        !(paths.phantom.is_some() && from == on)
                            && self.observes_with(pos, unit, walk, from, target, lifted)
                            && report(Observer { unit, on, from })
                    })
            });
            found
        })
    }

    /// Whether `unit` on `on`, with the walk of `walk`, observes `target`
    /// (`occupied` holds the units). A pawn's walk on its first rank
    /// observes its second rank only in some forms (Popeye's rule).
    pub fn observes_with(
        &self,
        pos: &Position,
        unit: Piece,
        walk: Kind,
        on: Square,
        target: Square,
        occupied: Bitboard,
    ) -> bool {
        let as_walk = Piece { kind: walk, ..unit };
        match walk {
            Kind::KING => attacks::king(on).contains(target),
            Kind::QUEEN => attacks::queen(on, occupied).contains(target),
            Kind::ROOK => attacks::rook(on, occupied).contains(target),
            Kind::BISHOP => attacks::bishop(on, occupied).contains(target),
            Kind::KNIGHT => attacks::knight(on).contains(target),
            Kind::PAWN => {
                attacks::pawn(unit.color, on).contains(target)
                    && (on.rank() != unit.color.back_rank() || self.first_rank_pawns_observe())
            }
            _ => crate::board::walks::fairy::observes(pos, as_walk, on, target, occupied),
        }
    }

    /// Whether some unit of `by` observes `target` (validated).
    #[inline]
    pub fn observes(&self, pos: &Position, target: Square, by: Color) -> bool {
        self.any_observer(pos, target, by, None, true, |_| true)
    }
}

fn own_square(pos: &Position, on: Square, by: Color) -> Observer {
    Observer {
        unit: pos.piece_as(on, by).expect("an observer"),
        on,
        from: on,
    }
}

/// The pawns of `by` that could take the pawn on `target` en passant: a
/// pawn that has just made a double step is observed by them (Popeye's
/// Madrasi paralyses it so).
#[inline]
fn en_passant_observers(pos: &Position, target: Square, by: Color) -> Bitboard {
    let Some(ep) = pos.ep_square else {
        return Bitboard::EMPTY;
    };
    let beyond = if ep.rank() == 2 { 3 } else { 4 };
    if target != Square::new(ep.file(), beyond)
        || !pos.pieces(by.opponent(), Kind::PAWN).contains(target)
    {
        return Bitboard::EMPTY;
    }
    attacks::pawn(by.opponent(), ep) & pos.pieces(by, Kind::PAWN)
}
