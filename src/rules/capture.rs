//! What a move does under the rules in force: who is reborn where and as
//! what, who vanishes, who waits under a square or for a later move, or
//! whether the move is illegal.
//!
//! The tier-1 forms (Circe, Circe Rex Inclusive, AntiCirce Calvet and
//! Cheylan, kamikaze units) keep a fast path, [`Rules::resolve_capture`].
//! Every other form goes through one pipeline, [`Rules::resolve_move`],
//! whose stages are Popeye's, in Popeye's order:
//!
//! 1. Frischauf marks a unit that promotes;
//! 2. the capturer's rebirth (AntiCirce; a kamikaze capturer under Circe);
//! 3. the captured unit's rebirth (Circe), or the rebirth of the unit
//!    captured earlier (LastMove, Parrain, WaitCapture);
//! 4. units waiting under a square that the move left empty come out
//!    (Volcanic, Parachute).
//!
//! Within a rebirth: the reborn walk (Clone, Chameleon, Einstein), the
//! unit whose walk decides the square (Couscous), what avoids the rebirth
//! (a royal unit under RexExclusive, April's kinds), the square or the
//! squares to choose from (`rebirth.rs`; Super, Cage, Take&Make), what an
//! occupied square does (Relaxed, Strict, Assassin, Volcanic, Parachute),
//! then the placing, the promotion of a reborn pawn, Turncoats, the cage
//! test. Every choice is a move of its own, in the order Popeye prints them.

use super::conditions::Stage;
use super::rebirth::RebirthContext;
use super::{
    AntiCirceType, Base, CirceRules, OnOccupied, RebirthSquare, Reborn, RelevantCapture, Rules,
    SquareAdapter,
};
use crate::board::{attacks, Attrs, Bitboard, Color, Kind, Piece, Position, Square};
use crate::make::Identities;
use crate::moves::{Effect, Effects, Motion, Move, PendingKind, Rebirth};
use crate::pieces::walk::vectors;
use std::cell::Cell;

/// Everything a capture's resolution may look at (the fast path).
#[derive(Clone, Copy, Debug)]
pub struct Capture<'a> {
    /// The position before the move.
    pub pos: &'a Position,
    /// The capturing unit as it arrives on `to` (promoted already).
    pub capturer: Piece,
    /// The capturing unit as it moved (before any promotion).
    pub mover: Piece,
    pub from: Square,
    pub to: Square,
    /// The captured unit, as the capturer's opponent (a neutral unit
    /// counts as the opponent's).
    pub victim: Piece,
    /// Where the victim stood: `to`, except for en passant.
    pub capture_square: Square,
    /// The board after the capturer has arrived on `to` and the victim has
    /// been removed.
    pub occupied: Bitboard,
}

impl<'a> Capture<'a> {
    /// The capture `mv` makes of `victim` in `pos`.
    pub fn of_move(pos: &'a Position, mv: &Move, victim: Piece) -> Capture<'a> {
        let mut occupied = pos.occupied();
        // HaanerChess: the squares left are holes before any rebirth.
        if !pos.vacated_become_holes {
            occupied.clear(mv.from);
            occupied.clear(mv.capture_square);
        }
        occupied.set(mv.to);
        for e in &mv.effects {
            if let Effect::Transfer { from, to, .. } | Effect::PartnerMove { from, to, .. } = *e {
                occupied.clear(from);
                occupied.set(to);
            }
        }
        Capture {
            pos,
            capturer: mv.arriving_piece(),
            mover: mv.piece,
            from: mv.from,
            // Where the capturer stands once a second motion is done.
            to: mv.final_square(),
            victim,
            capture_square: mv.capture_square,
            occupied,
        }
    }
}

impl Rules {
    /// Whether the further conditions let a rebirth take place on `sq`,
    /// `occupied` the squares then taken.
    #[inline]
    fn allows_rebirth(&self, occupied: Bitboard, sq: Square) -> bool {
        self.conditions.is_empty() || self.conditions.allows_rebirth(self, occupied, sq)
    }

    /// Resolves a capture of the tier-1 forms: calls `outcome` once with the
    /// effects the rules add, or not at all when the rules forbid the
    /// capture. (The other forms: [`Rules::resolve_move`].)
    ///
    /// Rebirths happen in Popeye's order: the capturer's first (a kamikaze
    /// or Anticirce capturer leaves the capture square), then the captured
    /// unit's, on the board as the first left it.
    #[inline]
    pub fn resolve_capture(&self, c: &Capture, mut outcome: impl FnMut(Effects)) {
        if let Some(effects) = self.single_outcome(c) {
            outcome(effects);
        }
    }

    #[inline]
    fn single_outcome(&self, c: &Capture) -> Option<Effects> {
        if !self.capture_allowed(c) {
            return None;
        }
        let mut effects = Effects::NONE;
        let capturer = c.capturer;
        let to = c.to;
        let Some(circe) = self
            .family(Base::Circe)
            .or(self.family(Base::AntiCirce))
            .copied()
        else {
            // Orthodox chess: a kamikaze capturer is removed with its
            // victim; a kamikaze king may not capture, its side would lose
            // its king.
            if capturer.is_kamikaze() {
                if capturer.kind == Kind::KING {
                    return None;
                }
                effects.push(Effect::CapturerRemoved {
                    on: to,
                    unit: capturer,
                });
            }
            return Some(effects);
        };
        let mut occupied = c.occupied;
        match circe.reborn() {
            Reborn::Capturer
                if capturer.kind != Kind::KING || circe.rex_inclusive || !self.kings_royal() =>
            {
                let sq = circe.capturer_rebirth(capturer, c.capture_square, to, occupied)?;
                occupied.clear(to);
                occupied.set(sq);
                effects.push(Effect::CapturerReborn {
                    from: to,
                    to: sq,
                    unit: capturer,
                    was: capturer.kind,
                    how: Rebirth::PLAIN,
                });
            }
            Reborn::Captured if capturer.is_kamikaze() => {
                // The kamikaze unit is captured by its own capture, on `to`:
                // reborn, a king too (Rex Inclusive or not), or gone, which
                // a king may not be.
                occupied.clear(to);
                match circe.captured_rebirth(capturer, to, occupied)? {
                    Some(sq) => {
                        occupied.set(sq);
                        effects.push(Effect::CapturerReborn {
                            from: to,
                            to: sq,
                            unit: capturer,
                            was: capturer.kind,
                            how: Rebirth::PLAIN,
                        });
                    }
                    None if capturer.kind == Kind::KING => return None,
                    None => effects.push(Effect::CapturerVanishes),
                }
            }
            _ => {}
        }
        let victim = c.victim;
        if circe.reborn() == Reborn::Captured
            && (victim.kind != Kind::KING || circe.rex_inclusive || !self.kings_royal())
        {
            let square = circe.classic(
                victim.kind,
                home_of(victim, c.mover.color),
                c.capture_square,
            );
            let land = if self.allows_rebirth(occupied & !c.pos.holes, square) {
                circe.land(square, occupied)?
            } else {
                None
            };
            if let Some(sq) = land {
                effects.push(Effect::CapturedReborn {
                    on: sq,
                    unit: victim,
                    how: Rebirth::PLAIN,
                });
            }
        }
        Some(effects)
    }

    /// Resolves any move under any rules: calls `outcome` once for each
    /// way the move may end (each a move of its own, in Popeye's order),
    /// with the effects the rules add after those `mv` already carries;
    /// not at all when the rules forbid it. A capture of the tier-1 forms
    /// takes the fast path.
    pub fn resolve_move(&self, pos: &Position, mv: &Move, outcome: impl FnMut(Effects)) {
        self.resolve_move_while(pos, mv, &Cell::new(false), outcome);
    }

    /// Whether some way the move may end satisfies `found`: as
    /// [`Rules::resolve_move`], but the ways left are not worked out once
    /// one is found (a rebirth on any of 64 squares tested for a cage costs
    /// a search each).
    pub fn some_outcome(
        &self,
        pos: &Position,
        mv: &Move,
        mut found: impl FnMut(Effects) -> bool,
    ) -> bool {
        let stop = Cell::new(false);
        self.resolve_move_while(pos, mv, &stop, |effects| {
            if !stop.get() && found(effects) {
                stop.set(true);
            }
        });
        stop.get()
    }

    /// [`Rules::resolve_move`], with the choices of squares left off once
    /// `stop` is set.
    fn resolve_move_while(
        &self,
        pos: &Position,
        mv: &Move,
        stop: &Cell<bool>,
        mut outcome: impl FnMut(Effects),
    ) {
        if !self.is_general_for(mv.piece) {
            if let Some(victim) = mv.captured {
                let capture = Capture::of_move(pos, mv, victim);
                self.resolve_capture(&capture, |e| {
                    let mut all = mv.effects;
                    for x in &e {
                        all.push(*x);
                    }
                    outcome(all)
                });
            } else {
                outcome(mv.effects);
            }
            return;
        }
        // ImmunChess and GenevaChess judge the capture before any rebirth.
        if let Some(victim) = mv.captured {
            if !self.capture_allowed(&Capture::of_move(pos, mv, victim)) {
                return;
            }
        }
        let ctx = Ctx {
            before: pos,
            mv,
            ids: pos.identities_for(mv),
            vector: move_vector(mv),
            mover: pos.turn,
            stop,
        };
        let mut start = Partial {
            pos: pos.play(mv),
            effects: mv.effects,
        };
        if mv.promotion.is_some()
            && self
                .families()
                .any(|c| c.adapter == SquareAdapter::Frischauf)
        {
            start.push(
                &ctx,
                Effect::Mark {
                    attrs: Attrs::PROMOTED,
                },
            );
        }
        let changing = self.conditions.change_units();
        if changing {
            self.units_changed(&ctx, Stage::BeforeRebirths, &mut start);
            let mut choices = Vec::new();
            self.conditions
                .choices(self, pos, mv, &start.pos, &mut choices);
            if !choices.is_empty() {
                for e in choices {
                    let mut p = start;
                    p.push(&ctx, e);
                    self.rebirths(&ctx, &p, changing, &mut outcome);
                }
                return;
            }
        }
        self.rebirths(&ctx, &start, changing, &mut outcome);
    }

    /// The rest of a move's resolution once its changes before any rebirth
    /// are made: the rebirths, and the changes after them. The stages
    /// pass the move resolved so far by reference (a position and its
    /// effects, some 600 bytes): it is copied only where a stage adds to
    /// it.
    fn rebirths(
        &self,
        ctx: &Ctx,
        start: &Partial,
        changing: bool,
        outcome: &mut dyn FnMut(Effects),
    ) {
        let buried = self.brings_back_buried();
        let mut last = |p: &Partial| {
            if !buried && !changing {
                return outcome(p.effects);
            }
            let mut p = *p;
            if buried {
                emergences(ctx, &mut p);
            }
            if changing {
                self.units_changed(ctx, Stage::AfterRebirths, &mut p);
            }
            outcome(p.effects)
        };
        self.capturer_stage(ctx, start, &mut |p| {
            if changing {
                let mut p = *p;
                self.units_changed(ctx, Stage::AfterCapturerRebirth, &mut p);
                // Bul, Dob: one move per motion that goes on, none if it
                // must go on and cannot.
                let mut next = Vec::new();
                let circe = self.family(Base::Circe).is_some();
                if self
                    .conditions
                    .goes_on(self, ctx.before, ctx.mv, &p.pos, &mut next)
                {
                    // A motion whose promotion is skipped is one move, not
                    // one per promotion.
                    let mut unpromoted: Option<Effect> = None;
                    for (e, then) in next {
                        let mut q = p;
                        q.push(ctx, e);
                        self.captured_stage(ctx, &q, &mut |r| {
                            if let Some(t) = then {
                                if !rebirth_failed(circe, ctx.mv, r) {
                                    let mut r = *r;
                                    r.push(ctx, t);
                                    return last(&r);
                                } else if unpromoted == Some(e) {
                                    return;
                                } else {
                                    unpromoted = Some(e);
                                }
                            }
                            last(r)
                        });
                    }
                    return;
                }
                return self.captured_stage(ctx, &p, &mut last);
            }
            self.captured_stage(ctx, p, &mut last)
        });
    }

    /// The changes the conditions make to units at `stage` (MagicSquares),
    /// played on the move resolved so far.
    fn units_changed(&self, c: &Ctx, stage: Stage, p: &mut Partial) {
        let mut changes = Effects::NONE;
        self.conditions.changes(
            self,
            stage,
            c.before,
            c.mv,
            &p.pos,
            &p.effects,
            &mut changes,
        );
        for e in &changes {
            p.push(c, *e);
        }
    }

    /// Whether units under a square come out when it empties (Volcanic,
    /// Parachute); otherwise units put under others in the diagram stay.
    fn brings_back_buried(&self) -> bool {
        self.families()
            .any(|c| matches!(c.on_occupied, OnOccupied::Volcanic | OnOccupied::Parachute))
    }

    /// The capturer's rebirth: AntiCirce, or a kamikaze capturer under
    /// Circe.
    fn capturer_stage(&self, c: &Ctx, p: &Partial, next: &mut dyn FnMut(&Partial)) {
        let mv = c.mv;
        if let Some(anti) = self.family(Base::AntiCirce) {
            if anti.relevant_capture == RelevantCapture::ThisMove {
                match mv.captured {
                    Some(victim) => {
                        let job = Job::capturer(anti, c, p, victim);
                        self.rebirth(c, &job, p, next);
                    }
                    None => next(p),
                }
                return;
            }
            // LastMove: the capturer of the previous move is reborn now; the
            // capturer of this move waits where it captured.
            let mut then = |q: &Partial| {
                if mv.captured.is_some() {
                    if let Some(unit) = q.pos.piece_as(mv.to, c.mover) {
                        let mut q = *q;
                        q.push(
                            c,
                            Effect::Pending {
                                on: mv.to,
                                unit,
                                kind: PendingKind::Capturer,
                            },
                        );
                        return next(&q);
                    }
                }
                next(q)
            };
            match c.before.waiting.pending {
                Some(pending) if pending.kind == PendingKind::Capturer => {
                    // The unit must still stand where it captured.
                    match p.pos.piece_as(pending.on, pending.unit.color) {
                        Some(unit) if unit == pending.unit => {
                            let job =
                                Job::delayed_capturer(anti, c, p, pending.on, unit, pending.id);
                            self.rebirth(c, &job, p, &mut then);
                        }
                        _ => then(p),
                    }
                }
                _ => then(p),
            }
            return;
        }
        if let (Some(circe), Some(_)) = (self.family(Base::Circe), mv.captured) {
            let capturer = p.pos.piece_as(mv.to, c.mover);
            if let Some(capturer) = capturer.filter(|u| u.is_kamikaze()) {
                let rules = kamikaze_rules(circe);
                let job = Job {
                    rules,
                    ..Job::capturer(&rules, c, p, mv.captured.expect("a capture"))
                };
                debug_assert_eq!(job.unit, capturer);
                self.rebirth(c, &job, p, next);
                return;
            }
        }
        next(p)
    }

    /// The captured unit's rebirth (Circe): this move's, or that of the unit
    /// captured earlier.
    fn captured_stage(&self, c: &Ctx, p: &Partial, next: &mut dyn FnMut(&Partial)) {
        let Some(circe) = self.family(Base::Circe) else {
            return next(p);
        };
        let mv = c.mv;
        let kind = match circe.relevant_capture {
            RelevantCapture::ThisMove => {
                return match mv.captured {
                    Some(victim) => {
                        let job = Job::captured(circe, c, p, victim);
                        self.rebirth(c, &job, p, next)
                    }
                    None => next(p),
                };
            }
            RelevantCapture::LastMove => PendingKind::Captured,
            RelevantCapture::WaitCapture if mv.is_capture() => PendingKind::UntilCapture,
            RelevantCapture::WaitCapture => return next(p),
        };
        let mut then = |q: &Partial| {
            if let Some(victim) = mv.captured {
                let mut q = *q;
                q.push(
                    c,
                    Effect::Pending {
                        on: mv.capture_square,
                        unit: victim,
                        kind,
                    },
                );
                return next(&q);
            }
            next(q)
        };
        match c.before.waiting.pending.filter(|w| w.kind == kind) {
            Some(pending) => {
                let job = Job::delayed_captured(circe, c, p, pending);
                self.rebirth(c, &job, p, &mut then);
            }
            None => then(p),
        }
    }

    /// One rebirth, from the reborn walk to the placing (module doc).
    fn rebirth(&self, c: &Ctx, j: &Job, p: &Partial, next: &mut dyn FnMut(&Partial)) {
        let r = &j.rules;
        let kind = r.reborn_kind(j.unit.kind, j.clone_kind, j.capturer);
        let mut unit = Piece { kind, ..j.unit };
        // A king reborn with another walk (Clone) stays royal.
        if j.unit.kind == Kind::KING && kind != Kind::KING {
            unit.attrs = unit.attrs.with(Attrs::ROYAL);
        }
        let (relevant, home) = if r.couscous {
            (j.couscous, j.home.opponent())
        } else {
            (unit, j.home)
        };
        if !r.rex_inclusive && self.royal_here(j.unit) {
            return next(p);
        }
        if r.april.is_some_and(|set| !set.contains(relevant.kind)) {
            return next(p);
        }
        // With a choice of squares an occupied one is never chosen
        // (Relaxed then acts as Strict).
        let strict = r.on_occupied == OnOccupied::Strict
            || (r.on_occupied == OnOccupied::Relaxed && r.offers_choice());
        let ctx = RebirthContext {
            unit: relevant,
            on: j.on,
            home,
            departure: move_departure(c.mv),
            vector: c.vector,
            diagram: j.diagram,
        };
        // The board the square is tested on: the capturer lifted (a
        // copy only where there is one to lift).
        let lifted_capturer;
        let lifted = match j.from {
            Some(from) => {
                let mut board = p.pos;
                board.remove(from);
                lifted_capturer = board;
                &lifted_capturer
            }
            None => &p.pos,
        };
        let place = Place {
            unit,
            strict,
            lifted,
        };
        match r.square {
            RebirthSquare::Super => {
                if r.on_occupied != OnOccupied::Strict {
                    next(p);
                }
                for sq in Square::all().take_while(|_| !c.stop.get()) {
                    self.place(c, j, &place, Some(sq), p, next);
                }
            }
            RebirthSquare::Cage => {
                let mut caged = false;
                for sq in Square::all().take_while(|_| !c.stop.get()) {
                    self.place(c, j, &place, Some(sq), p, &mut |q| {
                        caged = true;
                        next(q)
                    });
                }
                if !caged && r.on_occupied != OnOccupied::Strict {
                    next(p);
                }
            }
            RebirthSquare::TakeMake => {
                for sq in take_make_squares(lifted, c, j.on, relevant, self.first_rank_pawns_move())
                {
                    if c.stop.get() {
                        break;
                    }
                    self.place(c, j, &place, Some(sq), p, next);
                }
            }
            _ => {
                let sq = r.rebirth_square(&ctx);
                self.place(c, j, &place, sq, p, next);
            }
        }
    }

    /// The rebirth on `sq` (None: off the board), as the occupancy rule,
    /// promotion, Turncoats and the cage test make it: each way is an
    /// outcome.
    fn place(
        &self,
        c: &Ctx,
        j: &Job,
        place: &Place,
        sq: Option<Square>,
        p: &Partial,
        next: &mut dyn FnMut(&Partial),
    ) {
        let r = &j.rules;
        if j.from.is_some() && r.anticirce_type == AntiCirceType::Cheylan && sq == j.from {
            return;
        }
        // A hole takes no unit: a rebirth there is one off the board.
        let holes = place.lifted.holes;
        let sq = sq.filter(|s| {
            !holes.contains(*s) && self.allows_rebirth(place.lifted.occupied() & !holes, *s)
        });
        let occupant = sq.and_then(|s| place.lifted.piece_at(s));
        let mut how = if j.delayed {
            Rebirth::DELAYED
        } else {
            Rebirth::PLAIN
        };
        // Off the board (Equipollents) a unit is not reborn, whatever the
        // occupancy rule (Popeye puts it on a square outside the board,
        // where it plays no part).
        let off_board = sq.is_none()
            && matches!(
                r.on_occupied,
                OnOccupied::Assassin | OnOccupied::Volcanic | OnOccupied::Parachute
            );
        if sq.is_none() || occupant.is_some() {
            match r.on_occupied {
                _ if off_board || (r.on_occupied == OnOccupied::Relaxed && !place.strict) => {
                    // Not reborn: a captured unit stays off the board, a
                    // capturer leaves it, unless it is royal (its side
                    // would lose its king).
                    let mut q = *p;
                    if let Some(from) = j.from {
                        if from == c.mv.to && self.royal_here(j.unit) {
                            return;
                        }
                        let vanish = if from == c.mv.to {
                            Effect::CapturerVanishes
                        } else {
                            Effect::Removed {
                                on: from,
                                unit: j.unit,
                            }
                        };
                        q.push(c, vanish);
                    }
                    return next(&q);
                }
                OnOccupied::Relaxed | OnOccupied::Strict => return,
                OnOccupied::Assassin => {
                    let Some(victim) = occupant else { return };
                    if self.royal_here(victim) && !victim.is_neutral() && victim.color == c.mover {
                        return;
                    }
                    how = how.with(Rebirth::ASSASSIN);
                }
                OnOccupied::Volcanic => how = how.with(Rebirth::VOLCANO),
                OnOccupied::Parachute => how = how.with(Rebirth::PARACHUTE),
            }
        }
        let Some(sq) = sq else { return };
        let unit = place.unit;
        let promotes =
            r.promotion && unit.kind.is_pawn() && self.promotion_squares(j.side).contains(sq);
        let promotions: &[Option<Kind>] = if promotes {
            &[
                Some(Kind::QUEEN),
                Some(Kind::KNIGHT),
                Some(Kind::ROOK),
                Some(Kind::BISHOP),
            ]
        } else {
            &[None]
        };
        for &promotion in promotions {
            let mut placed = unit;
            let mut how = how;
            if let Some(k) = promotion {
                placed.kind = k;
                how = how.with(Rebirth::PROMOTED);
            }
            let mut final_unit = placed;
            if r.turncoats && !placed.is_neutral() {
                final_unit.color = placed.color.opponent();
                how = how.with(Rebirth::TURNCOAT);
            }
            let effect = |how: Rebirth, unit: Piece| match j.from {
                Some(from) => Effect::CapturerReborn {
                    from,
                    to: sq,
                    unit,
                    was: j.unit.kind,
                    how,
                },
                None => Effect::CapturedReborn { on: sq, unit, how },
            };
            if r.square == RebirthSquare::Cage {
                // The cage is tested with the unit on the square (before it
                // would go into a volcano), moving for the side it was
                // reborn for.
                let mut test = *p;
                test.push(
                    c,
                    effect(
                        how.without(Rebirth::VOLCANO),
                        Piece {
                            color: j.side,
                            ..placed
                        },
                    ),
                );
                if !self.caged(&test.pos, sq, j.side) {
                    continue;
                }
            }
            let mut q = *p;
            q.push(c, effect(how, final_unit));
            next(&q);
        }
    }

    /// Whether the unit on `sq` has no legal move that is not a capture,
    /// moving for `side` (Cage Circe).
    fn caged(&self, pos: &Position, sq: Square, side: Color) -> bool {
        let Some(unit) = pos.piece_as(sq, side) else {
            return false;
        };
        let mut board = *pos;
        board.turn = side;
        board.ep_square = None;
        let mut free = false;
        unit_moves(&board, self, unit, sq, &mut |to, motion, capture| {
            if free || capture {
                return;
            }
            let mv = Move::quiet(unit, sq, to, motion);
            let after = board.play(&mv);
            if !self.in_check(&after, side) {
                free = true;
            }
        });
        !free
    }
}

/// Whether a captured unit is back on the board after a move with these
/// effects: reborn with this move, not into a volcano (a captured king
/// that is not is captured for good).
pub fn captured_unit_back(effects: &Effects) -> bool {
    effects.iter().any(|e| {
        matches!(e, Effect::CapturedReborn { how, .. }
            if !how.has(Rebirth::DELAYED) && !how.has(Rebirth::VOLCANO))
    })
}

/// A move being resolved.
struct Ctx<'a> {
    /// The position before the move.
    before: &'a Position,
    mv: &'a Move,
    ids: Identities,
    /// The move's vector (Equipollents).
    vector: (i8, i8),
    /// The side making the move.
    mover: Color,
    /// Set once the caller has the outcome it looked for: the choices
    /// left are not tried.
    stop: &'a Cell<bool>,
}

/// A move resolved so far: the position it has led to, and its effects.
#[derive(Clone, Copy)]
struct Partial {
    pos: Position,
    effects: Effects,
}

/// Whether `mv`, a capture under Circe (`circe`), left its captured unit
/// unreborn (its square taken): Popeye then skips what follows the rebirth
/// (a Bul or Dob hurdle's promotion).
fn rebirth_failed(circe: bool, mv: &Move, p: &Partial) -> bool {
    circe
        && mv.captured.is_some()
        && !p
            .effects
            .iter()
            .any(|e| matches!(e, Effect::CapturedReborn { .. }))
}

impl Partial {
    fn push(&mut self, c: &Ctx, e: Effect) {
        if self.effects.len() < crate::moves::MAX_EFFECTS {
            self.effects.push(e);
            self.pos.apply_effect(c.mv, &e, c.ids);
        } else {
            debug_assert!(false, "more effects than a move holds");
        }
    }
}

/// What a placing needs beyond the job.
struct Place<'a> {
    /// The unit to be placed, with its reborn walk.
    unit: Piece,
    /// Whether an occupied square forbids the rebirth.
    strict: bool,
    /// The board with the reborn unit lifted.
    lifted: &'a Position,
}

/// One rebirth to resolve: Popeye's rebirth context.
/// Whose home squares a captured unit is reborn on: its side's, but a
/// unit its own side took (Bicaptures) is reborn on the other side's,
/// Popeye reckoning them from the side that moved.
#[inline]
fn home_of(victim: Piece, mover: Color) -> Color {
    if victim.color == mover {
        mover.opponent()
    } else {
        victim.color
    }
}

#[derive(Clone, Copy)]
struct Job {
    rules: CirceRules,
    /// The unit to be reborn, before its walk is adapted (a neutral unit as
    /// the side it plays for).
    unit: Piece,
    /// Where it stands, to be lifted (a capturer); None for a captured
    /// unit, already off the board.
    from: Option<Square>,
    /// The side it is reborn for: whose promotion rank promotes it.
    side: Color,
    /// Whether it is the capturer (Einstein steps the other way).
    capturer: bool,
    /// The other party's kind for Clone, None when that party is royal.
    clone_kind: Option<Kind>,
    /// The other party, for Couscous.
    couscous: Piece,
    /// The relevant square: where the capture happened.
    on: Square,
    /// Whose home squares count (before Mirror and Couscous).
    home: Color,
    diagram: Option<Square>,
    /// Captured on an earlier move.
    delayed: bool,
}

impl Job {
    /// Circe: the unit this move captured.
    fn captured(rules: &CirceRules, c: &Ctx, p: &Partial, victim: Piece) -> Job {
        let mv = c.mv;
        Job {
            rules: *rules,
            unit: victim,
            from: None,
            side: victim.color,
            capturer: false,
            clone_kind: (!is_royal(mv.piece)).then_some(mv.piece.kind),
            couscous: current_capturer(c, p),
            on: mv.capture_square,
            home: home_of(victim, c.mover),
            diagram: c.before.diagram_square(mv.capture_square),
            delayed: false,
        }
    }

    /// Circe LastMove, WaitCapture: the unit captured earlier. The other
    /// party (Clone, Couscous) is this move's mover, as in Popeye.
    fn delayed_captured(
        rules: &CirceRules,
        c: &Ctx,
        p: &Partial,
        pending: crate::board::Pending,
    ) -> Job {
        Job {
            rules: *rules,
            unit: pending.unit,
            from: None,
            side: pending.unit.color,
            capturer: false,
            clone_kind: (!is_royal(c.mv.piece)).then_some(c.mv.piece.kind),
            couscous: current_capturer(c, p),
            on: pending.on,
            home: pending.unit.color,
            diagram: (pending.id > 0).then(|| Square(pending.id - 1)),
            delayed: true,
        }
    }

    /// AntiCirce (or a kamikaze capturer): the capturer of this move,
    /// standing where it arrived.
    fn capturer(rules: &CirceRules, c: &Ctx, p: &Partial, victim: Piece) -> Job {
        let mv = c.mv;
        let at = mv.final_square();
        let unit = p.pos.piece_as(at, c.mover).unwrap_or(mv.arriving_piece());
        // A capturer that changed sides on arriving (MagicSquares type 2)
        // is reborn for its new side.
        Job {
            rules: *rules,
            unit,
            from: Some(at),
            side: unit.color,
            capturer: true,
            clone_kind: (!is_royal(victim)).then_some(victim.kind),
            couscous: victim,
            on: mv.capture_square,
            // A unit moved by the other side (HalfInChess) is reborn on
            // the mover's squares, as Popeye reckons them.
            home: if mv.piece.color == c.mover {
                unit.color
            } else {
                c.mover
            },
            diagram: c.before.diagram_square(mv.from),
            delayed: false,
        }
    }

    /// AntiCirce LastMove: the capturer of the previous move, still where
    /// it captured.
    fn delayed_capturer(
        rules: &CirceRules,
        c: &Ctx,
        _p: &Partial,
        on: Square,
        unit: Piece,
        id: u8,
    ) -> Job {
        let victim = c.mv.captured;
        Job {
            rules: *rules,
            unit,
            from: Some(on),
            side: unit.color,
            capturer: true,
            clone_kind: victim.filter(|v| !is_royal(*v)).map(|v| v.kind),
            couscous: victim.unwrap_or(unit),
            on,
            home: unit.color,
            diagram: (id > 0).then(|| Square(id - 1)),
            delayed: true,
        }
    }
}

/// The capturer of this move as it stands now (promoted, marked), for
/// Couscous.
fn current_capturer(c: &Ctx, p: &Partial) -> Piece {
    p.pos
        .piece_as(c.mv.to, c.mover)
        .unwrap_or(c.mv.arriving_piece())
}

/// The record a kamikaze capturer is reborn by under Circe: AntiCirce's
/// defaults with Circe's side override, square, adapter, reborn walk,
/// Turncoats and promotion, Relaxed (Popeye's kamikaze rule).
fn kamikaze_rules(circe: &CirceRules) -> CirceRules {
    CirceRules {
        side: circe.side,
        square: circe.square,
        adapter: circe.adapter,
        reborn_walk: circe.reborn_walk,
        chameleon: circe.chameleon,
        turncoats: circe.turncoats,
        promotion: circe.promotion,
        on_occupied: OnOccupied::Relaxed,
        ..CirceRules::of(Base::AntiCirce)
    }
}

impl Rules {
    /// Whether kings are their sides' royal units (not so under
    /// ExtinctionChess and RoyalDynasty: `Capabilities::royal_kings`).
    #[inline]
    pub fn kings_royal(&self) -> bool {
        self.conditions.is_empty() || self.conditions.all_keep(|c| c.royal_kings)
    }

    /// Whether `p` is a royal unit under these rules: a unit with the
    /// royal attribute, or a king where kings are royal.
    #[inline]
    fn royal_here(&self, p: Piece) -> bool {
        p.attrs.contains(Attrs::ROYAL) || (p.kind == Kind::KING && self.kings_royal())
    }
}

/// A king, or a unit with the royal attribute.
fn is_royal(p: Piece) -> bool {
    p.kind == Kind::KING || p.attrs.contains(Attrs::ROYAL)
}

/// The vector of a move: the sum of its units' movements (castling: the
/// king's and the rook's; Mars: the premove's too).
/// The square the moving unit left: the one it stood on before a move
/// from its rebirth square (the Mars family) put it there first.
fn move_departure(mv: &Move) -> Square {
    mv.effects
        .iter()
        .find_map(|e| match *e {
            Effect::Premove { from, .. } => Some(from),
            _ => None,
        })
        .unwrap_or(mv.from)
}

fn move_vector(mv: &Move) -> (i8, i8) {
    let d = |a: Square, b: Square| {
        (
            b.file() as i8 - a.file() as i8,
            b.rank() as i8 - a.rank() as i8,
        )
    };
    let (mut df, mut dr) = d(mv.from, mv.to);
    match mv.motion {
        Motion::CastleShort => df -= 2,
        Motion::CastleLong => df += 3,
        _ => {}
    }
    for e in &mv.effects {
        if let Effect::Premove { from, to, .. } = *e {
            let (f, r) = d(from, to);
            df += f;
            dr += r;
        }
    }
    (df, dr)
}

/// Units waiting under squares that are empty now come out, in the order
/// they wait.
fn emergences(c: &Ctx, p: &mut Partial) {
    if !p.pos.waiting.has_buried() {
        return;
    }
    let waiting = p.pos.waiting;
    for (on, unit) in waiting.buried() {
        if p.pos.is_empty_square(on) {
            p.push(c, Effect::Emerges { on, unit });
        }
    }
}

/// The squares a unit of `relevant`'s walk placed on `on` could move to,
/// moving for the side that did not make the move (Take&Make): in the
/// order Popeye generates them.
fn take_make_squares(
    lifted: &Position,
    c: &Ctx,
    on: Square,
    relevant: Piece,
    first_rank_steps: bool,
) -> Vec<Square> {
    let side = c.mover.opponent();
    let unit = Piece {
        color: side,
        ..relevant
    };
    let mut board = *lifted;
    board.put(on, unit);
    board.turn = side;
    board.ep_square = None;
    let mut squares = Vec::new();
    unit_moves_in_popeye_order(&board, unit, on, first_rank_steps, &mut |to| {
        squares.push(to)
    });
    squares
}

/// Popeye's order of lines for the orthodox kinds is the walk data's: rook
/// east, north, west, south; bishop north-west, north-east, south-east,
/// south-west; queen and king both, rook's first.
const ROOK_LINES: [(i8, i8); 4] = vectors::W;
const BISHOP_LINES: [(i8, i8); 4] = vectors::F;
const KNIGHT_LEAPS: [(i8, i8); 8] = vectors::N;

/// The arrival squares of every move (captures included) of `unit` on
/// `from`, for the side to move of `pos`, in the order Popeye generates
/// them.
pub(crate) fn unit_moves_in_popeye_order(
    pos: &Position,
    unit: Piece,
    from: Square,
    first_rank_steps: bool,
    found: &mut dyn FnMut(Square),
) {
    if unit.kind.is_orthodox() {
        let sight = Sight::of(pos, unit.color);
        orthodox_moves_in_popeye_order(sight, unit, from, first_rank_steps, found);
    } else {
        let enemies = pos.occupied() & !pos.by_color(unit.color);
        crate::board::walks::fairy::moves(pos, unit, from, enemies, |r| found(r.to));
    }
}

/// What an orthodox unit's lines see of a board: what stops them, and
/// whose units stand where (a neutral unit is on both sides).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sight {
    /// The units and the holes.
    pub occupied: Bitboard,
    /// The mover's side's units: not taken.
    pub own: Bitboard,
    /// The other side's units: a pawn takes them.
    pub theirs: Bitboard,
}

impl Sight {
    /// The board `pos` as a unit of `color` sees it.
    pub(crate) fn of(pos: &Position, color: Color) -> Sight {
        Sight {
            occupied: pos.occupied(),
            own: pos.by_color(color),
            theirs: pos.by_color(color.opponent()),
        }
    }
}

/// `unit_moves_in_popeye_order` for an orthodox `unit`, on the board as
/// `sight` gives it (a board that need not be built).
pub(crate) fn orthodox_moves_in_popeye_order(
    sight: Sight,
    unit: Piece,
    from: Square,
    first_rank_steps: bool,
    found: &mut dyn FnMut(Square),
) {
    let Sight { occupied, own, .. } = sight;
    let line = |d: (i8, i8), ride: bool, found: &mut dyn FnMut(Square)| {
        let mut sq = from;
        while let Some(to) = sq.offset(d.0, d.1) {
            if own.contains(to) {
                break;
            }
            found(to);
            if occupied.contains(to) || !ride {
                break;
            }
            sq = to;
        }
    };
    match unit.kind {
        Kind::ROOK => ROOK_LINES.iter().for_each(|&d| line(d, true, found)),
        Kind::BISHOP => BISHOP_LINES.iter().for_each(|&d| line(d, true, found)),
        Kind::QUEEN | Kind::KING => {
            let ride = unit.kind == Kind::QUEEN;
            for &d in ROOK_LINES.iter().chain(BISHOP_LINES.iter()) {
                line(d, ride, found);
            }
        }
        Kind::KNIGHT => KNIGHT_LEAPS.iter().for_each(|&d| line(d, false, found)),
        Kind::PAWN => pawn_moves(sight, unit, from, first_rank_steps, &mut |to, _, _| {
            found(to)
        }),
        // Only the orthodox walks come here (`unit_moves_in_popeye_order`).
        _ => debug_assert!(false, "an orthodox walk"),
    }
}

/// The pseudo-legal moves of one unit (`unit` on `from`, moving for
/// `unit.color`): `found(to, motion, capture)`. Pawns in Popeye's order
/// (captures towards the a-file and the h-file, step, double step).
pub(crate) fn unit_moves(
    pos: &Position,
    rules: &Rules,
    unit: Piece,
    from: Square,
    found: &mut dyn FnMut(Square, Motion, bool),
) {
    let occ = pos.occupied();
    let own = pos.by_color(unit.color);
    match unit.kind {
        Kind::PAWN => {
            let sight = Sight::of(pos, unit.color);
            pawn_moves(sight, unit, from, rules.first_rank_pawns_move(), found)
        }
        k if k.is_orthodox() => {
            for to in pos.attacks_from(from, unit) & !own {
                found(to, Motion::Normal, occ.contains(to));
            }
        }
        _ => crate::board::walks::fairy::moves(pos, unit, from, occ & !own, |r| {
            found(r.to, r.motion, r.capture.is_some())
        }),
    }
}

/// A pawn's moves: captures (towards the a-file, then the h-file), step,
/// double step. A pawn on its own first rank makes none, unless
/// `first_rank_steps`: then one step and its captures.
fn pawn_moves(
    sight: Sight,
    unit: Piece,
    from: Square,
    first_rank_steps: bool,
    found: &mut dyn FnMut(Square, Motion, bool),
) {
    let us = unit.color;
    let on_first_rank = from.rank() == us.back_rank();
    if on_first_rank && !first_rank_steps {
        return;
    }
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    let Sight {
        occupied: occ,
        theirs,
        ..
    } = sight;
    let attacked = attacks::pawn(us, from);
    for df in [-1, 1] {
        if let Some(to) = from.offset(df, forward) {
            if attacked.contains(to) && theirs.contains(to) {
                found(to, Motion::Normal, true);
            }
        }
    }
    if let Some(one) = from.offset(0, forward) {
        if !occ.contains(one) {
            found(one, Motion::Normal, false);
            if from.rank() == us.pawn_rank() {
                if let Some(two) = one.offset(0, forward) {
                    if !occ.contains(two) {
                        found(two, Motion::DoubleStep, false);
                    }
                }
            }
        }
    }
}

impl CirceRules {
    /// The rebirth of a unit captured on `on` (Circe, classic square, the
    /// fast path): Some(square) when it is reborn, None when it vanishes;
    /// an illegal capture is None outside.
    #[inline]
    fn captured_rebirth(
        &self,
        unit: Piece,
        on: Square,
        occupied: Bitboard,
    ) -> Option<Option<Square>> {
        self.land(self.classic(unit.kind, unit.color, on), occupied)
    }

    /// Rebirth on `square`: reborn when it is free, else as `on_occupied` says.
    #[inline]
    fn land(&self, square: Square, occupied: Bitboard) -> Option<Option<Square>> {
        if !occupied.contains(square) {
            Some(Some(square))
        } else {
            match self.on_occupied {
                OnOccupied::Relaxed => Some(None),
                _ => None,
            }
        }
    }

    /// The rebirth square of the capturing unit (Anticirce), which stands
    /// on `to` after capturing on `on` (another square for a locust: the
    /// square is found from `on`); None when the capture is illegal.
    #[inline]
    fn capturer_rebirth(
        &self,
        unit: Piece,
        on: Square,
        to: Square,
        occupied: Bitboard,
    ) -> Option<Square> {
        let square = self.classic(unit.kind, unit.color, on);
        if square == to {
            return match self.anticirce_type {
                AntiCirceType::Calvet => Some(to),
                AntiCirceType::Cheylan => None,
            };
        }
        // Anticirce has no "vanish" on an occupied square: it forbids.
        self.land(square, occupied).flatten()
    }
}
