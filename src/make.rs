//! Playing a move on a copy of the position: its motion, then its effects
//! in order (those marked as coming before the motion first).

use crate::board::{Bitboard, Kind, Piece, Position, Square};
use crate::moves::{Effect, Effects, Motion, Move, PendingKind, Rebirth};

/// The identities (see [`Position::track_identities`]) the effects of a
/// move hand on, read in the position before it: the captured unit's, and
/// the identity of a unit whose rebirth was pending.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Identities {
    captured: u8,
    pending: u8,
}

impl Position {
    /// The position after the side to move passes (a null move: the threat
    /// in play with defence). It ends what the last move allowed (a double
    /// step taken en passant, MessignyChess's ban on exchanging the units
    /// just exchanged) and is no last move for the conditions that read it.
    pub fn pass(&self) -> Position {
        let mut null = *self;
        null.turn = self.turn.opponent();
        null.ep_square = None;
        null.ep_victim = Square(0);
        null.ep_also = None;
        null.exchanged = Bitboard::EMPTY;
        null.history.last = None;
        if self.history.watch_attacks {
            null.history.attacked_before = self.attacked_kings();
        }
        null
    }

    /// The position after the side to move passes under `rules`, and the
    /// units the conditions remove with the pass (LostPieces: the other
    /// side's units mated as kings), as Popeye plays its null move.
    pub fn pass_under(&self, rules: &crate::rules::Rules) -> (Position, Effects) {
        let mut null = self.pass();
        let mut removed = Effects::NONE;
        if !rules.conditions.is_empty() {
            rules.conditions.pass_changes(rules, &null, &mut removed);
            for e in &removed {
                if let Effect::Removed { on, .. } = *e {
                    null.remove(on);
                }
            }
        }
        (null, removed)
    }

    /// The position turned half round, every unit but the neutral ones
    /// changing sides (RoleExchange, played after White's pass). The
    /// castling rights stay with their squares, as Popeye's flags do;
    /// holes, imitators and identities turn with the board.
    pub fn role_exchanged(&self, counted: bool) -> Position {
        let turn = |sq: Square| Square(63 - sq.0);
        let mut p = *self;
        for sq in self.unit_squares() {
            p.clear(sq);
        }
        for (unit, sq) in self.units() {
            let unit = if unit.is_neutral() {
                unit
            } else {
                Piece {
                    color: unit.color.opponent(),
                    ..unit
                }
            };
            p.put(turn(sq), unit);
        }
        if self.tracks_identities() {
            for sq in Square::all() {
                p.set_id_code(turn(sq), self.id_code(sq));
            }
        }
        p.unmoved = self.unmoved;
        p.holes = Bitboard(self.holes.0.reverse_bits());
        p.imitators = Bitboard(self.imitators.0.reverse_bits());
        if counted {
            p.role_exchanges = self.role_exchanges.saturating_add(1);
        }
        p
    }

    /// The units on `squares` moved each to `map` of its square (the
    /// revolving board and centre); identities go along, the en passant
    /// square and its victim too where they turn, the castling rights stay
    /// with their squares, as Popeye's flags do.
    fn turn_units(&mut self, squares: Bitboard, map: fn(Square) -> Square) {
        if self.tracks_identities() {
            let before = *self;
            for sq in squares {
                self.set_id_code(map(sq), before.id_code(sq));
            }
        }
        self.permute_units(squares, map);
        if squares.contains(self.ep_victim) {
            self.ep_victim = map(self.ep_victim);
        }
        if let Some(ep) = self.ep_square.filter(|&ep| squares.contains(ep)) {
            self.ep_square = Some(map(ep));
        }
        if let Some(ep) = self.ep_also.filter(|&ep| squares.contains(ep)) {
            self.ep_also = Some(map(ep));
        }
    }

    /// StrictSAT's record: which sides' kings stood attacked (orthodox
    /// attack) here or before.
    fn attacked_kings(&self) -> [bool; 2] {
        let mut seen = self.history.attacked_before;
        for c in crate::board::Color::ALL {
            if let Some(king) = self.king(c) {
                seen[c.index()] |= self
                    .attackers(king, c.opponent(), self.occupied())
                    .nonempty();
            }
        }
        seen
    }

    /// The position after `mv`, which must have come from this position's
    /// move generator.
    #[inline]
    pub fn play(&self, mv: &Move) -> Position {
        let mut p = self.copy_for_move();
        p.ep_square = None;
        // Read only with `ep_square`, but reset so equal positions compare equal.
        p.ep_victim = Square(0);
        p.ep_also = None;
        p.exchanged = Bitboard::EMPTY;
        p.turn = self.turn.opponent();
        let ids = self.identities_for(mv);
        // A pending rebirth happens with this move (WaitCapture: with this
        // capture) or not at all.
        if let Some(pending) = p.waiting.pending {
            if pending.kind != PendingKind::UntilCapture || mv.is_capture() {
                p.waiting.pending = None;
            }
        }
        let tracking = p.tracks_identities();
        // The common case: a plain move or capture, nothing more to do.
        if mv.effects.is_empty() && !tracking && !mv.is_castling_or_exchange() {
            p.move_unit(mv);
            if p.imitators.nonempty() {
                p.imitators = crate::rules::conditions::imitator::after_shift(p.imitators, mv);
            }
            p.keep_what_conditions_track(self, mv);
            return p;
        }
        if mv.motion == Motion::Null {
            return match mv.effects.iter().next() {
                Some(&Effect::RoleExchange { counted }) => self.pass().role_exchanged(counted),
                _ => self.pass(),
            };
        }
        for e in &mv.effects {
            if let Effect::Premove { from, to, unit } = *e {
                if from == to {
                    continue;
                }
                p.clear(from);
                p.put(to, unit);
                if tracking {
                    p.carry_identity(from, to);
                }
            }
        }
        if mv.is_castling() {
            p.castle(mv);
        } else if mv.motion == Motion::Exchange {
            p.exchange(mv);
        } else {
            let moving = tracking.then(|| p.id_code(mv.from));
            p.move_unit(mv);
            if let Some(code) = moving {
                p.set_id_code(mv.from, 0);
                p.set_id_code(mv.capture_square, 0);
                p.set_id_code(mv.to, code);
            }
        }
        if p.imitators.nonempty() {
            p.imitators = crate::rules::conditions::imitator::after_shift(p.imitators, mv);
        }
        for e in &mv.effects {
            p.apply_effect(mv, e, ids);
        }
        p.keep_what_conditions_track(self, mv);
        p
    }

    /// What some conditions keep of `mv`, played in `before`: the holes
    /// it leaves (HaanerChess), the move itself (the conditions reading the
    /// previous move), its length (BGL). One test each when none is kept.
    #[inline]
    fn keep_what_conditions_track(&mut self, before: &Position, mv: &Move) {
        if self.vacated_become_holes {
            self.leave_holes(mv);
        }
        if self.history.tracked {
            self.record(before, mv);
        }
        if self.allowance.limited() {
            self.spend_allowance(before.turn, mv);
        }
        if self.history.counts_kings {
            self.drop_castling_of_dynasties();
        }
    }

    /// RoyalDynasty: a side with more kings than one, or none, loses its
    /// king's castling right, and a return to one king does not bring it
    /// back (Popeye takes the right from the royal king and gives none to a
    /// king made royal).
    pub fn drop_castling_of_dynasties(&mut self) {
        for side in [crate::board::Color::White, crate::board::Color::Black] {
            if self.pieces(side, Kind::KING).count() != 1 {
                self.unmoved.clear(Square::new(4, side.back_rank()));
            }
        }
    }

    /// BGL: `mover` travels the length of `mv`, from the square it starts
    /// from (the rebirth square under the Mars family, though the move was
    /// allowed by its length from the unit's square: Popeye's rule) to the
    /// square it reached.
    fn spend_allowance(&mut self, mover: crate::board::Color, mv: &Move) {
        let length = crate::board::allowance::length(mv.from, mv.to);
        self.allowance.spend(mover, length);
    }

    /// Keeps what the conditions reading the previous move need of `mv`,
    /// played in `before` (see [`crate::board::History`]).
    fn record(&mut self, before: &Position, mv: &Move) {
        let mover = before.turn;
        if self.history.watch_attacks {
            self.history.attacked_before = before.attacked_kings();
        }
        let departure = mv.departure();
        self.history.last = Some(crate::board::LastMove {
            departure,
            moved_from: mv.from,
            arrival: mv.to,
            side: mover,
            captured: mv.is_capture(),
            walk: mv.piece.kind,
        });
        self.history.duellists[mover.index()] = mv.capturer_square();
        self.history.moved[mover.index()] = self.moved_by(mover, mv);
        if self.history.pad != 0 {
            self.history.captured_once = crate::rules::conditions::pad::captured_once_after(
                before.history.captured_once,
                self.history.pad,
                mv,
            );
        }
    }

    /// FuddledMen: where the units of `mover` that `mv` moved stand once
    /// it is played here: the mover (through its rebirth), a castling's
    /// rook or partner, an exchange's partner of the mover's side.
    fn moved_by(&self, mover: crate::board::Color, mv: &Move) -> Bitboard {
        let mut moved = mv
            .capturer_square()
            .map_or(Bitboard::EMPTY, Bitboard::from_square);
        let rank = mv.from.rank();
        match mv.motion {
            Motion::CastleShort => moved.set(Square::new(5, rank)),
            Motion::CastleLong => moved.set(Square::new(3, rank)),
            Motion::Exchange if self.color_at(mv.from) == Some(mover) => moved.set(mv.from),
            _ => {}
        }
        if let Some(&Effect::CastlingPartner { to, .. }) = mv.effects.iter().next() {
            moved.set(to);
        }
        moved
    }

    /// HaanerChess: the squares the move's units left (the king's and the
    /// rook's in castling) and the square of a pawn taken en passant
    /// become holes. They do so before any rebirth, so the generator has
    /// kept rebirths off them.
    fn leave_holes(&mut self, mv: &Move) {
        // A unit moved first to its rebirth square (the Mars family) left
        // its own square, not the one it moved on from.
        let from = mv.departure();
        let mut left = Bitboard::from_square(from);
        match mv.motion {
            Motion::CastleShort => left.set(Square::new(7, mv.from.rank())),
            Motion::CastleLong => left.set(Square::new(0, mv.from.rank())),
            Motion::EnPassant => left.set(mv.capture_square),
            _ => {}
        }
        // CastlingChess: the partner's square too.
        if let Some(&Effect::CastlingPartner { from, .. }) = mv.effects.iter().next() {
            left.set(from);
        }
        self.holes |= left & !self.unit_squares();
    }

    /// The identities the effects of `mv`, played in this position, hand on.
    #[inline]
    pub(crate) fn identities_for(&self, mv: &Move) -> Identities {
        if !self.tracks_identities() {
            return Identities::default();
        }
        Identities {
            captured: if mv.is_capture() {
                self.id_code(mv.capture_square)
            } else {
                0
            },
            pending: self.waiting.pending.map_or(0, |p| p.id),
        }
    }

    /// The motion itself: the victim taken off, the unit from its square to
    /// its arrival (promoted), the en passant square after a double step.
    #[inline(always)]
    fn move_unit(&mut self, mv: &Move) {
        if mv.captured.is_some() {
            self.clear(mv.capture_square);
        }
        self.clear(mv.from);
        self.put(mv.to, mv.arriving_piece());
        // A unit whose walk changes on arrival into its side's rook on its
        // corner (a promotion, FrankfurtChess) may castle with its king,
        // as Popeye's walk change enables the right there.
        if mv.promotion == Some(Kind::ROOK) && self.is_on_home_castling_square(mv.to) {
            self.unmoved.set(mv.to);
        }
        if mv.motion == Motion::DoubleStep {
            self.double_step(mv);
        }
    }

    /// A pawn's double step (not a dragon's or a gryphon's) may be taken
    /// en passant on the square it passed (beside its file for a Berolina
    /// pawn); an EinsteinChess pawn's triple step from its first rank on
    /// either square it passed.
    #[inline]
    fn double_step(&mut self, mv: &Move) {
        if mv.piece.kind.is_pawn() {
            let (from, to) = (mv.from.rank(), mv.to.rank());
            if from.abs_diff(to) == 3 {
                // The squares a third and two thirds of the way.
                self.ep_square = Some(Square::new(mv.from.file(), (from + 2 * to) / 3));
                self.ep_also = Some(Square::new(mv.from.file(), (2 * from + to) / 3));
            } else {
                self.ep_square = Some(Square::new(
                    (mv.from.file() + mv.to.file()) / 2,
                    (mv.from.rank() + mv.to.rank()) / 2,
                ));
            }
            self.ep_victim = mv.to;
        }
    }

    /// MessignyChess's exchange: the unit and the enemy unit on `mv.to`
    /// change places.
    fn exchange(&mut self, mv: &Move) {
        let unit = self.remove(mv.from).expect("exchanging unit");
        let other = self.remove(mv.to).expect("exchanged unit");
        self.put(mv.to, unit);
        self.put(mv.from, other);
        self.exchanged = Bitboard::from_square(mv.from) | Bitboard::from_square(mv.to);
        if self.tracks_identities() {
            let (a, b) = (self.id_code(mv.from), self.id_code(mv.to));
            self.set_id_code(mv.from, b);
            self.set_id_code(mv.to, a);
        }
    }

    /// Castling: the king goes to `mv.to`, the rook over it.
    fn castle(&mut self, mv: &Move) {
        let rank = mv.from.rank();
        let (rook_from, rook_to) = if mv.motion == Motion::CastleShort {
            (Square::new(7, rank), Square::new(5, rank))
        } else {
            (Square::new(0, rank), Square::new(3, rank))
        };
        let king = self.remove(mv.from).expect("castling king");
        // Under AntiMarsCirce Popeye may castle without the rook it moved
        // to the corner for another castling (movegen/paths.rs): the king
        // alone moves then.
        let rook = self.remove(rook_from);
        if self.castling_exclusive != 0 {
            self.exclude_castlings(rook_from);
        }
        self.put(mv.to, king);
        if let Some(rook) = rook {
            self.put(rook_to, rook);
        }
        if self.tracks_identities() {
            self.carry_identity(mv.from, mv.to);
            if rook.is_some() {
                self.carry_identity(rook_from, rook_to);
            }
        }
    }

    /// One effect after the motion (premoves are played before it).
    #[inline]
    pub(crate) fn apply_effect(&mut self, mv: &Move, e: &Effect, ids: Identities) {
        match *e {
            Effect::Mark { attrs } => {
                if let Some(p) = self.piece_at(mv.to) {
                    self.put(mv.to, p.with(attrs));
                }
            }
            Effect::CapturerReborn {
                from,
                to,
                unit,
                how,
                ..
            } => {
                let id = self.id_code(from);
                self.clear(from);
                if self.tracks_identities() {
                    self.set_id_code(from, 0);
                }
                self.place_reborn(to, unit, how, id);
            }
            Effect::CapturerVanishes => {
                self.clear(mv.to);
                if self.tracks_identities() {
                    self.set_id_code(mv.to, 0);
                }
            }
            // Where the capturer stands then (PADChess: on its Anticirce
            // rebirth square).
            Effect::CapturerRemoved { on, .. } => {
                self.clear(on);
                if self.tracks_identities() {
                    self.set_id_code(on, 0);
                }
            }
            Effect::CapturedReborn { on, unit, how } => {
                let id = if how.has(Rebirth::DELAYED) {
                    ids.pending
                } else {
                    ids.captured
                };
                self.place_reborn(on, unit, how, id);
            }
            Effect::Transfer { from, to, unit, .. } => {
                self.shift_unit(from, to, unit.kind);
                // Popeye takes the unit off and puts it back where it
                // comes out: a king or rook put back on its game-array
                // square may castle, as a reborn one may.
                self.mark_unmoved_if_home(to, unit.kind);
                // A pawn's double step through a wormhole is taken en
                // passant where it came out (Popeye), as a royal pawn's is
                // a check.
                if mv.motion == Motion::DoubleStep && self.ep_victim == from {
                    self.ep_victim = to;
                }
            }
            Effect::SeriesTail { id } => {
                for e in crate::moves::series_tail(u32::from_le_bytes(id)).iter() {
                    self.apply_effect(mv, e, ids);
                }
            }
            Effect::SeriesMove { from, to, unit, .. }
            | Effect::SeriesCapture { from, to, unit, .. }
            | Effect::HurdleMoved { from, to, unit, .. } => self.shift_unit(from, to, unit.kind),
            Effect::PartnerMove { from, to, unit } | Effect::CastlingPartner { from, to, unit } => {
                let id = self.id_code(from);
                self.clear(from);
                self.put(to, unit);
                if self.tracks_identities() {
                    self.set_id_code(from, 0);
                    self.set_id_code(to, id);
                }
            }
            Effect::Removed { on, .. } | Effect::TakenAlong { on, .. } => {
                self.clear(on);
                if self.tracks_identities() {
                    self.set_id_code(on, 0);
                }
            }
            Effect::Added { on, unit } | Effect::Emerges { on, unit } => {
                if matches!(e, Effect::Emerges { .. }) {
                    self.waiting.unbury(on);
                }
                self.put_reborn(on, unit);
            }
            Effect::Buried { on, unit } => {
                // The generator never buries more units than there is room for.
                let buried = self.waiting.bury(on, unit);
                debug_assert!(buried);
            }
            Effect::GhostRemembered { on, unit } => {
                // The generator buries no ghost beyond the room there is.
                let buried = self.waiting.bury_first(on, unit);
                debug_assert!(buried);
            }
            // `Move::promotion` made it.
            Effect::LatePromotion { .. } => {}
            Effect::GhostForgotten { on, .. } => {
                self.waiting.unbury(on);
            }
            Effect::Pending { on, unit, kind } => {
                let id = match kind {
                    PendingKind::Capturer => self.id_code(on),
                    _ => ids.captured,
                };
                self.waiting.pending = Some(crate::board::Pending { unit, on, id, kind });
            }
            Effect::LatentFirst { on, .. } if on == mv.from => {}
            Effect::HurdlePromoted { on, unit } => self.replace_keeping_identity(on, unit),
            Effect::WalkChange { on, unit }
            | Effect::ColourChange { on, unit }
            | Effect::Recoloured { on, unit } => {
                self.replace_keeping_identity(on, unit);
                // Popeye's castling rights follow a change of walk or of
                // side on a castling square: a unit made its side's rook
                // on a corner may castle (with its king unmoved), one made
                // another walk or side may not.
                if crate::board::position::CASTLING_SQUARES.contains(on) {
                    if unit.kind == Kind::ROOK && self.is_on_home_castling_square(on) {
                        self.unmoved.set(on);
                    } else {
                        self.unmoved.clear(on);
                    }
                }
            }
            Effect::LatentFirst { on, unit }
            | Effect::KingChange { on, unit, .. }
            | Effect::Rewalked { on, unit }
            | Effect::Changed { on, unit, .. } => self.replace_keeping_identity(on, unit),
            Effect::Turned {
                band,
                squares,
                white,
            } => {
                for (on, side) in crate::moves::turned_units(band, squares, white) {
                    if let Some(unit) = self.piece_at(on) {
                        let id = self.id_code(on);
                        self.put(
                            on,
                            Piece {
                                color: side,
                                ..unit
                            },
                        );
                        if self.tracks_identities() {
                            self.set_id_code(on, id);
                        }
                    }
                }
            }
            Effect::KingsSwapped { white, black, .. } => {
                if let (Some(w), Some(b)) = (self.piece_at(white), self.piece_at(black)) {
                    let (wid, bid) = (self.id_code(white), self.id_code(black));
                    self.put(white, b);
                    self.put(black, w);
                    if self.tracks_identities() {
                        self.set_id_code(white, bid);
                        self.set_id_code(black, wid);
                    }
                    // Kings that have left their squares may not castle.
                    self.unmoved.clear(white);
                    self.unmoved.clear(black);
                }
            }
            Effect::Premove { .. } => {}
            Effect::ExchangeCastled { .. } => self.exchange_castled |= 1 << mv.piece.color.index(),
            // Played with the null move (`play`).
            Effect::RoleExchange { .. } => {}
            Effect::BoardTurned => self.turn_units(
                Bitboard(!0),
                crate::rules::conditions::revolving::board_turned,
            ),
            Effect::CentreTurned => self.turn_units(
                crate::rules::conditions::revolving::CENTRE,
                crate::rules::conditions::revolving::centre_turned,
            ),
            Effect::ImitatorPromotion { on } => {
                self.clear(on);
                if self.tracks_identities() {
                    self.set_id_code(on, 0);
                }
                self.imitators.set(on);
            }
            Effect::SideChange { on, to } => {
                if let Some(unit) = self.piece_at(on) {
                    let id = self.id_code(on);
                    self.put(on, crate::rules::conditions::changed_side(unit, to));
                    if self.tracks_identities() {
                        self.set_id_code(on, id);
                    }
                }
            }
        }
    }

    /// Puts a reborn unit on `on`, dealing with the unit standing there as
    /// `how` says: it goes under the reborn unit (Parachute), the reborn
    /// unit goes under it (Volcanic), or it is replaced (Assassin).
    fn place_reborn(&mut self, on: Square, unit: Piece, how: Rebirth, id: u8) {
        if how.has(Rebirth::VOLCANO) {
            let buried = self.waiting.bury(on, unit);
            debug_assert!(buried);
            return;
        }
        if how.has(Rebirth::PARACHUTE) {
            if let Some(occupant) = self.remove(on) {
                let buried = self.waiting.bury_first(on, occupant);
                debug_assert!(buried);
            }
        }
        self.put_reborn(on, unit);
        if self.tracks_identities() {
            self.set_id_code(on, id);
        }
    }

    /// Moves the unit on `from`, if any, to `to` (taking off what stood
    /// there) as a unit of `kind`, its side, attributes and identity kept:
    /// a wormhole's transfer, a series step.
    fn shift_unit(&mut self, from: Square, to: Square, kind: Kind) {
        if let Some(there) = self.piece_at(from) {
            let id = self.id_code(from);
            self.clear(from);
            // `put` clears `to` first.
            self.put(to, Piece { kind, ..there });
            if self.tracks_identities() {
                self.set_id_code(from, 0);
                self.set_id_code(to, id);
            }
        }
    }

    /// Moves the identity of the unit on `from` to `to` (identities are
    /// tracked).
    fn carry_identity(&mut self, from: Square, to: Square) {
        let id = self.id_code(from);
        self.set_id_code(from, 0);
        self.set_id_code(to, id);
    }

    /// Puts `unit` in the place of the unit on `on`, which it stays (it
    /// keeps its identity: `put` clears the square).
    fn replace_keeping_identity(&mut self, on: Square, unit: Piece) {
        let id = self.id_code(on);
        self.put(on, unit);
        if self.tracks_identities() {
            self.set_id_code(on, id);
        }
    }

    /// Places a reborn unit; a king or rook reborn on its game-array square
    /// counts as unmoved (docs/rules.md, section 9).
    fn put_reborn(&mut self, sq: Square, piece: Piece) {
        self.put(sq, piece);
        self.mark_unmoved_if_home(sq, piece.kind);
    }

    /// A king or rook just put on `sq` counts as unmoved if `sq` is its
    /// game-array square (Popeye enables castling rights for a unit added
    /// there).
    fn mark_unmoved_if_home(&mut self, sq: Square, kind: Kind) {
        if matches!(kind, Kind::KING | Kind::ROOK) && self.is_on_home_castling_square(sq) {
            self.unmoved.set(sq);
        }
    }
}
