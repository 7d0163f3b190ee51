//! Proof games (`dia`) and `a=>b`: the position to reach, and the bound
//! that prunes the search where it cannot be reached in the moves left.
//!
//! The bound counts, for each side, the squares where one of its units
//! must arrive (the target has it there, the position has something
//! else) and the squares one of its units must leave. Each move of a side
//! brings at most one of its units somewhere and takes at most one away,
//! but for a castling (two) and for what the rules add to a move:
//! - Circe (the captured unit reborn, now, after the next move as in
//!   Parrain, or with the next capture of either side as in WaitCapture):
//!   each move of the other side may take one of the side's units away by
//!   capturing it, and each unit so taken (or waiting) comes back once;
//! - Anticirce, orthodox chess, Madrasi and BackHome: a captured unit is gone, so
//!   a side loses no more units than it has beyond the target's count;
//! - Assassin: a rebirth may remove the unit on the rebirth square, one
//!   more departure on any move;
//! - Rex inclusive: a king reborn at home may castle again.
//!
//! Both sides together: a square a side must leave and is taken from by
//! a capture brings the other side's capturer there, a move beyond that
//! side's own arrivals unless the target has its unit there (where the
//! capturer stays on the capture square); under PWC a rebirth on a square
//! needs the capturer to stand there first (`rebirths_suffice`).
//!
//! No form lets a side gain units, so a side with fewer units than the
//! target has lost. Where units move by their walks alone, the routes
//! (`super::routes`) bound each side's moves and captures.
//!
//! A condition that changes the mover's walk as it arrives (NorskSjakk,
//! ChameleonChess) keeps every count, but not the routes.
//!
//! A condition declares what one move may do to the units
//! (`ProofTraffic`): one that only takes moves away keeps all of the
//! above; one that moves units otherwise says how many units of each side
//! a move may bring onto squares, take from them and take off the board
//! (`UnitTraffic`), and without a Circe form the same counts, per move,
//! bound the squares to fill and to leave (`traffic_allows`). Under the
//! forms and conditions whose effects on units this does not cover, no
//! bound is used: the search is then exhaustive (the transposition table
//! still remembers where nothing was found).

use crate::board::{Attrs, Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::PendingKind;
use crate::rules::conditions::{ProofTraffic, Routes, UnitTraffic};
use crate::rules::rebirth::RebirthContext;
use crate::rules::{
    Base, CirceRules, OnOccupied, RebirthSquare, RebornWalk, RelevantCapture, Rules, SquareAdapter,
};

/// What each move may do to a side's units, beyond one arrival and one
/// departure of the mover's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Capacity {
    /// The other side's capture of a unit brings it back (Circe).
    victim_reborn: bool,
    /// Where each side's units may be reborn (the whole board where the
    /// square depends on the move).
    rebirth_squares: [Bitboard; 2],
    /// A rebirth may remove the occupant of its square (Assassin).
    assassin: bool,
    /// A king may be reborn at home and castle again (Rex inclusive Circe).
    king_reborn: bool,
    /// Kings move by their own steps and castlings alone, or are reborn
    /// (Rex inclusive) on `king_rebirth_squares`: each side needs its
    /// king's fewest moves to the target's square (Circe forms but
    /// Assassin, whose rebirth may remove a unit).
    kings_walk: bool,
    /// Where each side's king may be reborn (empty but under Rex
    /// inclusive; the whole board where the square depends on the move).
    king_rebirth_squares: [Bitboard; 2],
    /// The captured unit is reborn on the square its capturer left (PWC):
    /// a rebirth there needs a unit of the other side on it first.
    reborn_where_capturer_stood: bool,
    /// A capture puts the capturer on the capture square and removes no
    /// other unit (not Anticirce, not Assassin).
    capturer_stays: bool,
    /// Units move by their walk alone (no Circe form): the routes to the
    /// target squares bound each side's moves (`super::routes`).
    by_walk: bool,
    /// A condition moves units otherwise than by their walks (no Circe
    /// form): what one move may do, its declaration.
    traffic: Option<UnitTraffic>,
    /// A condition hands units over to the other side where they stand
    /// (no Circe form, `ProofTraffic::Recolours`): only what stands on
    /// each square, whatever its side, is counted.
    recolours: bool,
}

impl Capacity {
    /// How far the routes hold (`super::routes`).
    fn routes(&self) -> Option<Routes> {
        if self.by_walk {
            return Some(Routes::Walks);
        }
        self.traffic.and_then(|t| t.routes)
    }

    /// The capacity under `rules`, or None where the bound would not be
    /// sound.
    fn of(rules: &Rules) -> Option<Capacity> {
        // The conditions that only take moves away keep the bound; one
        // that moves units otherwise has its own (`UnitTraffic`).
        let mut traffic = None;
        let mut recolours = false;
        let mut walks_change = false;
        for c in rules.conditions.iter() {
            match c.proof_traffic_in(rules) {
                ProofTraffic::Restricts => {}
                ProofTraffic::ChangesWalks => walks_change = true,
                ProofTraffic::Moves(t) if traffic.is_none() && !recolours => traffic = Some(t),
                ProofTraffic::Recolours if traffic.is_none() && !recolours => recolours = true,
                ProofTraffic::Moves(_) | ProofTraffic::Recolours | ProofTraffic::Unknown => {
                    return None
                }
            }
        }
        let mut families = rules.families();
        let Some(circe) = families.next() else {
            // Units move by their walks unless a declaration says otherwise.
            let by_walk = traffic.is_none() && !recolours && !walks_change;
            // A walk changed on arrival: still one unit to one square, the
            // capturer where it captured, kings by their steps.
            let as_orthodox = traffic.is_none() && !recolours;
            return Some(Capacity {
                victim_reborn: false,
                rebirth_squares: [Bitboard::EMPTY; 2],
                assassin: false,
                king_reborn: false,
                kings_walk: as_orthodox && walks_change,
                king_rebirth_squares: [Bitboard::EMPTY; 2],
                reborn_where_capturer_stood: false,
                capturer_stays: as_orthodox,
                by_walk,
                traffic,
                recolours,
            });
        };
        // The declarations say what a move does without a Circe form.
        if traffic.is_some() || recolours {
            return None;
        }
        if families.next().is_some() || circe.turncoats {
            return None;
        }
        if !matches!(
            circe.on_occupied,
            OnOccupied::Relaxed | OnOccupied::Strict | OnOccupied::Assassin
        ) {
            return None;
        }
        match circe.base {
            Base::Circe
                if matches!(
                    circe.relevant_capture,
                    RelevantCapture::ThisMove
                        | RelevantCapture::LastMove
                        | RelevantCapture::WaitCapture
                ) =>
            {
                Some(Capacity {
                    victim_reborn: true,
                    rebirth_squares: Color::ALL
                        .map(|c| rebirth_squares(circe, c, &super::routes::ORTHODOX_KINDS)),
                    assassin: circe.on_occupied == OnOccupied::Assassin,
                    king_reborn: circe.rex_inclusive,
                    kings_walk: circe.on_occupied != OnOccupied::Assassin,
                    king_rebirth_squares: Color::ALL.map(|c| {
                        if !circe.rex_inclusive {
                            Bitboard::EMPTY
                        } else if circe.reborn_walk == RebornWalk::Same {
                            rebirth_squares(circe, c, &[Kind::KING])
                        } else {
                            // The king may come back as another walk
                            // (Clone) and later be a king again anywhere.
                            Bitboard(u64::MAX)
                        }
                    }),
                    reborn_where_capturer_stood: circe.square == RebirthSquare::Pwc
                        && circe.adapter == SquareAdapter::None
                        && circe.relevant_capture == RelevantCapture::ThisMove,
                    capturer_stays: circe.on_occupied != OnOccupied::Assassin,
                    by_walk: false,
                    traffic: None,
                    recolours: false,
                })
            }
            // The capturer comes home on its own move: one arrival, as
            // any move; the captured unit is gone.
            Base::AntiCirce => Some(Capacity {
                victim_reborn: false,
                rebirth_squares: [Bitboard::EMPTY; 2],
                assassin: circe.on_occupied == OnOccupied::Assassin,
                king_reborn: false,
                kings_walk: false,
                king_rebirth_squares: [Bitboard::EMPTY; 2],
                reborn_where_capturer_stood: false,
                capturer_stays: false,
                by_walk: false,
                traffic: None,
                recolours: false,
            }),
            _ => None,
        }
    }
}

/// Whether the routes may read `pos`: orthodox units, with no attribute
/// but AliceChess's board where the routes count the boards.
fn routed_units(pos: &Position, routes: Routes) -> bool {
    if pos.fairy().nonempty() {
        return false;
    }
    let attributed = pos.attributed();
    attributed.is_empty()
        || (routes == Routes::AliceBoards
            && attributed == pos.on_board_b()
            && attributed
                .into_iter()
                .all(|sq| pos.piece_at(sq).is_some_and(|p| p.attrs == Attrs::ALICE_B)))
}

/// The squares where a unit of `side` of one of `kinds` may be reborn
/// under `circe`: those of each walk captured anywhere where the square
/// depends on the capture square alone, else the whole board.
fn rebirth_squares(circe: &CirceRules, side: Color, kinds: &[Kind]) -> Bitboard {
    let by_capture_square = matches!(
        circe.square,
        RebirthSquare::Classic
            | RebirthSquare::File
            | RebirthSquare::Symmetry
            | RebirthSquare::VerticalSymmetry
            | RebirthSquare::HorizontalSymmetry
            | RebirthSquare::Antipodes
            | RebirthSquare::CaptureSquare
    );
    if !by_capture_square
        || circe.couscous
        || circe.relevant_capture != RelevantCapture::ThisMove
        || circe.adapter == SquareAdapter::RankProjection
    {
        return Bitboard(u64::MAX);
    }
    let mut squares = Bitboard::EMPTY;
    for &kind in kinds {
        for on in Bitboard(u64::MAX) {
            let ctx = RebirthContext {
                unit: Piece::new(side, kind),
                on,
                home: side,
                departure: on,
                vector: (0, 0),
                diagram: None,
            };
            match circe.rebirth_square(&ctx) {
                Some(sq) => squares.set(sq),
                None => return Bitboard(u64::MAX),
            }
        }
    }
    squares
}

/// A king's fewest moves to its target square (`king_moves_needed`).
struct KingWalk {
    moves: u32,
    /// 1 where the king is not on its target square yet: that square is
    /// one of its side's arrivals.
    arrival: u32,
}

/// The position a proof game or an `a=>b` must reach.
#[derive(Clone, Debug)]
pub struct ProofTarget {
    target: Position,
    /// The units of each side in the target.
    counts: [u32; 2],
    capacity: Option<Capacity>,
    /// The target's units all orthodox and units moving by their walk
    /// alone (as far as the rules say): the routes bound the moves too.
    routes: Option<Routes>,
}

impl ProofTarget {
    pub fn new(target: Position, rules: &Rules) -> ProofTarget {
        // A neutral unit belongs to both sides: the count per side no
        // longer says what a move does.
        let capacity = Capacity::of(rules).filter(|_| target.neutral().is_empty());
        let routes = capacity
            .and_then(|c| c.routes())
            .filter(|&r| routed_units(&target, r));
        ProofTarget {
            counts: [target.count(Color::White), target.count(Color::Black)],
            target,
            capacity,
            routes,
        }
    }

    /// The position to reach.
    pub fn position(&self) -> &Position {
        &self.target
    }

    /// Whether `pos` is the target, as Popeye compares them.
    #[inline]
    pub fn reached(&self, pos: &Position) -> bool {
        pos.same_units(&self.target)
    }

    /// The squares one move from `pos` must arrive on to reach the target,
    /// where the rules say so: under the forms the bound covers, with no
    /// neutral or attributed unit, a move always changes its arrival
    /// square (the mover arrives, or the unit taken there is gone), so the
    /// target must differ from `pos` there. None: any move may.
    pub fn last_arrivals(&self, pos: &Position) -> Option<Bitboard> {
        // A condition's move may end elsewhere than its arrival square
        // (Wormholes) or change a square without a unit arriving there
        // (#C: a unit handed over where it stands).
        let cap = self.capacity?;
        if cap.traffic.is_some() || cap.recolours {
            return None;
        }
        if pos.neutral().nonempty() || pos.attributed().nonempty() {
            return None;
        }
        Some(pos.differing_squares(&self.target))
    }

    /// Whether the target may still be reached from `pos` when the side
    /// to move has `own` moves left and the other side `other` (false:
    /// it cannot).
    pub fn may_reach(&self, pos: &Position, own: u32, other: u32) -> bool {
        let Some(cap) = self.capacity else {
            return true;
        };
        if pos.neutral().nonempty() {
            return true;
        }
        let mut arrivals = [0u32; 2];
        // Of those, the arrivals a rebirth may make.
        let mut at_rebirth_squares = [0u32; 2];
        let mut departures = [0u32; 2];
        // The castlings each side may still make (each one more arrival).
        let mut castlings_left = [0u32; 2];
        // The departures castlings may make, and the arrivals rebirths may.
        let mut castled_away = [0u32; 2];
        let mut reborn_at_most = [0u32; 2];
        if cap.recolours {
            return self.recolouring_allows(pos, own + other);
        }
        let diff = pos.differing_squares(&self.target);
        if let Some(traffic) = cap.traffic {
            return self.traffic_allows(pos, diff, traffic, own, other)
                && self.routes_allow(pos, own, other);
        }
        // Neither position has a neutral unit: a unit's side is the one
        // colour set that holds it.
        for side in Color::ALL {
            let i = side.index();
            let wanted = diff & self.target.by_color(side);
            arrivals[i] = wanted.count();
            at_rebirth_squares[i] = (wanted & cap.rebirth_squares[i]).count();
            departures[i] = (diff & pos.by_color(side)).count();
        }
        for side in Color::ALL {
            let i = side.index();
            let (mine, theirs) = if side == pos.turn {
                (own, other)
            } else {
                (other, own)
            };
            // A unit waiting for its rebirth (Parrain) is still the side's.
            let pending = pos
                .waiting
                .pending
                .is_some_and(|p| p.unit.color == side && p.kind != PendingKind::Capturer);
            let count = pos.count(side) + u32::from(pending);
            if count < self.counts[i] {
                return false;
            }
            // Where no unit comes back, each one lost is taken by a move
            // of the other side (a kamikaze unit goes with its own).
            if !cap.victim_reborn
                && !cap.assassin
                && count - self.counts[i] > theirs
                && pos.kamikaze().is_empty()
            {
                return false;
            }
            // A castling brings two units where the target has its king
            // castled, and takes two away where it has not its king at
            // home.
            let home = king_square(side);
            // A king reborn at home may castle again: one taken by the
            // other side, or one waiting for its rebirth.
            let castlings = u32::from(pos.unmoved.contains(home))
                + if cap.king_reborn {
                    theirs + u32::from(pending)
                } else {
                    0
                };
            let castlings = castlings.min(mine);
            castlings_left[i] = castlings;
            let target_king = self.target.king(side);
            let castled =
                target_king.is_some_and(|k| k.rank() == home.rank() && matches!(k.file(), 2 | 6));
            let castling_arrivals = if castled { castlings } else { 0 };
            let castling_departures = if target_king == Some(home) {
                0
            } else {
                castlings
            };
            // Captures of this side's units: any number where they come
            // back, else no more than it has to spare.
            let captured = if cap.victim_reborn {
                theirs
            } else {
                theirs.min(count - self.counts[i])
            };
            let reborn = if cap.victim_reborn {
                theirs + u32::from(pending)
            } else {
                0
            };
            let assassinated = if cap.assassin { mine + theirs } else { 0 };
            castled_away[i] = castling_departures;
            reborn_at_most[i] = reborn.min(at_rebirth_squares[i]);
            let moved = mine + castling_arrivals;
            if arrivals[i] > moved + reborn.min(at_rebirth_squares[i]) {
                return false;
            }
            // The king's own moves fill its target square; each of the
            // side's other squares needs another move, a castling's rook
            // or a rebirth.
            if let Some(king) = self.king_moves_needed(pos, side, theirs, &cap) {
                let others = arrivals[i].saturating_sub(king.arrival);
                if others + king.moves > mine + castlings + reborn.min(at_rebirth_squares[i]) {
                    return false;
                }
            }
            if departures[i] > mine + castling_departures + captured + assassinated {
                return false;
            }
        }
        let moves = if pos.turn == Color::White {
            [own, other]
        } else {
            [other, own]
        };
        if cap.capturer_stays && pos.attributed().is_empty() {
            // En passant takes a unit from a square the capturer does not
            // arrive on: only the pawn that has just made its double step.
            let en_passant = u32::from(pos.ep_square.is_some());
            for side in Color::ALL {
                let (x, o) = (side.index(), side.opponent().index());
                // A square a unit of this side must leave is left by one of
                // its moves or by a capture, which brings a unit of the other
                // side there: one of that side's arrivals where the target
                // has one of its units, else a move beyond those it needs
                // to make its own arrivals (fewer those rebirths and
                // castlings make).
                let for_other =
                    (diff & pos.by_color(side) & self.target.by_color(side.opponent())).count();
                let taken_elsewhere = departures[x]
                    .saturating_sub(moves[x] + castled_away[x] + for_other + en_passant);
                let other_arrivals =
                    arrivals[o].saturating_sub(reborn_at_most[o] + castlings_left[o]);
                if other_arrivals + taken_elsewhere > moves[o] {
                    return false;
                }
            }
        }
        if cap.reborn_where_capturer_stood {
            // The squares a side must arrive on that hold a unit of the
            // other side now, which may capture from there.
            let occupied = Color::ALL.map(|side| {
                (diff & self.target.by_color(side) & pos.by_color(side.opponent())).count()
            });
            if !rebirths_suffice(arrivals, occupied, moves, castlings_left) {
                return false;
            }
        }
        self.routes_allow(pos, own, other)
    }

    /// Where kings move by their own steps and castlings alone (or are
    /// reborn, Rex inclusive, which needs a capture by the other side,
    /// `theirs` moves left), the fewest moves of `side`'s king to its
    /// square in the target, and whether that square is one of the side's
    /// arrivals. None where a side has no single orthodox king in both
    /// positions (a royal unit, a king waiting for its rebirth).
    fn king_moves_needed(
        &self,
        pos: &Position,
        side: Color,
        theirs: u32,
        cap: &Capacity,
    ) -> Option<KingWalk> {
        if !cap.kings_walk || pos.attributed().nonempty() || self.target.attributed().nonempty() {
            return None;
        }
        let single = |p: &Position| {
            let kings = p.pieces(side, Kind::KING);
            (kings.count() == 1).then(|| kings.first()).flatten()
        };
        let (from, to) = (single(pos)?, single(&self.target)?);
        // A king on its square asks nothing the count of arrivals does
        // not ask already.
        if from == to {
            return None;
        }
        let mut moves = super::routes::king_moves(side, from, to, pos.unmoved.contains(from));
        if theirs > 0 {
            // A king reborn at home counts as unmoved and may castle.
            for home in cap.king_rebirth_squares[side.index()] {
                moves = moves.min(super::routes::king_moves(side, home, to, true));
            }
        }
        Some(KingWalk {
            moves,
            arrival: u32::from(from != to),
        })
    }

    /// Whether each side's routes (`super::routes`) fit its moves, and
    /// their captures the units the other side has to lose.
    fn routes_allow(&self, pos: &Position, own: u32, other: u32) -> bool {
        let Some(routes) = self.routes else {
            return true;
        };
        if !routed_units(pos, routes) {
            return true;
        }
        for side in Color::ALL {
            let mine = if side == pos.turn { own } else { other };
            let (moves, captures) =
                super::routes::side_moves_needed(pos, &self.target, side, mine, routes);
            // The units a side may capture: those the other side has
            // beyond the target's (none comes back).
            let opponent = side.opponent();
            let victims = pos
                .count(opponent)
                .saturating_sub(self.counts[opponent.index()]);
            if moves > mine || captures > victims {
                return false;
            }
        }
        true
    }
}

impl ProofTarget {
    /// The bound where units move as in orthodox chess but a move may
    /// hand units over to the other side where they stand (#C), with
    /// `moves` left to both sides together. Sides aside, no unit is
    /// created and none becomes a pawn, so the position needs at least
    /// the target's units and pawns, and each unit beyond the target's
    /// is taken by a move. Each square where the target has a unit whose
    /// walk and attributes (whatever its side) `pos` has not there is
    /// filled by some move's arrival: one per move, a castling two
    /// (once per side whose king has not moved).
    fn recolouring_allows(&self, pos: &Position, moves: u32) -> bool {
        if pos.attributed().nonempty() || self.target.attributed().nonempty() {
            return true;
        }
        let units = pos.unit_squares().count();
        let wanted = self.target.unit_squares().count();
        let pawns = |p: &Position| Color::ALL.map(|c| p.pieces(c, Kind::PAWN).count());
        let (now, then) = (pawns(pos), pawns(&self.target));
        if units < wanted || units - wanted > moves || now[0] + now[1] < then[0] + then[1] {
            return false;
        }
        let castlings: u32 = Color::ALL
            .iter()
            .map(|&side| u32::from(pos.unmoved.contains(king_square(side))))
            .sum();
        let mut to_fill = 0;
        for (unit, on) in self.target.units() {
            if pos.piece_at(on).is_none_or(|p| p.kind != unit.kind) {
                to_fill += 1;
            }
        }
        to_fill <= moves + castlings.min(moves)
    }

    /// The bound where a condition moves units otherwise than by their
    /// walks and no Circe form is in force (`UnitTraffic`): `diff`, the
    /// squares where `pos` and the target differ.
    ///
    /// No unit is created or becomes a pawn, so a side needs at least the
    /// target's units and pawns, and loses units only to the other side's
    /// moves, `removed` each. Each square where the target has a unit of
    /// a side and `pos` has not that unit must be filled by some move:
    /// `own` per move of the side, `other_arrivals` per move of the other
    /// side, `fills` per move in all, and the orthodox castling once more
    /// where the king has not moved. Each square where `pos` has a unit of
    /// the side that the target has not there must be left: `own` per
    /// move of the side, `other_departures` per move of the other, the
    /// castling once more.
    fn traffic_allows(
        &self,
        pos: &Position,
        diff: Bitboard,
        t: UnitTraffic,
        own: u32,
        other: u32,
    ) -> bool {
        let moves = if pos.turn == Color::White {
            [own, other]
        } else {
            [other, own]
        };
        let mut filled = 0;
        let mut castlings = 0;
        for side in Color::ALL {
            let (x, o) = (side.index(), side.opponent().index());
            let count = pos.count(side);
            let lost_at_most = if pos.kamikaze().is_empty() {
                u32::from(t.removed) * moves[o]
            } else {
                // A kamikaze unit goes with its own capture.
                u32::MAX
            };
            if count < self.counts[x]
                || count - self.counts[x] > lost_at_most
                || pos.pieces(side, Kind::PAWN).count()
                    < self.target.pieces(side, Kind::PAWN).count()
            {
                return false;
            }
            let castling = u32::from(pos.unmoved.contains(king_square(side))).min(moves[x]);
            castlings += castling;
            let arrivals = (diff & self.target.by_color(side)).count();
            let departures = (diff & pos.by_color(side)).count();
            filled += arrivals;
            if arrivals
                > u32::from(t.own) * moves[x] + u32::from(t.other_arrivals) * moves[o] + castling
                || departures
                    > u32::from(t.own) * moves[x]
                        + u32::from(t.other_departures) * moves[o]
                        + castling
            {
                return false;
            }
        }
        filled <= u32::from(t.fills) * (moves[0] + moves[1]) + castlings
    }
}

/// Whether each side can make its arrivals when a captured unit is reborn
/// on the square its capturer left (PWC). Indexed by side: `arrivals`,
/// the squares where a unit of the side must arrive; `occupied`, those
/// of them where a unit of the other side stands now; `moves`, the moves
/// left; `castlings`, the castlings left (each one more arrival).
///
/// Each of those squares is filled last by a move of the side (an
/// arrival) or by a rebirth, that is a capture by the other side from
/// that square: the other side's unit stood there now, or one of its
/// moves arrived there (a square where the target has none of its
/// units, so not one of its own arrivals). With `e[o]` such moves of the
/// other side `o`, side `x` may have at most `min(occupied[x] + e[o],
/// moves[o], arrivals[x])` squares filled by rebirth, and needs
/// `arrivals[x] - reborn[x] + e[x] <= moves[x] + castlings[x]`; some
/// pair `e` must satisfy both sides.
fn rebirths_suffice(
    arrivals: [u32; 2],
    occupied: [u32; 2],
    moves: [u32; 2],
    castlings: [u32; 2],
) -> bool {
    let fits = |e: [u32; 2]| {
        (0..2).all(|x| {
            let o = 1 - x;
            let reborn = (occupied[x] + e[o]).min(moves[o]).min(arrivals[x]);
            arrivals[x] + e[x] <= moves[x] + castlings[x] + reborn
        })
    };
    (0..=moves[0]).any(|w| (0..=moves[1]).any(|b| fits([w, b])))
}

/// The square of `side`'s king in the game array.
fn king_square(side: Color) -> Square {
    Square::new(4, side.back_rank())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Pending;
    use crate::rules::CirceRules;

    /// The game array after 1.e2-e4 d7-d5 2.e4*d5: a black pawn missing.
    fn after_capture() -> Position {
        let mut pos = Position::game_array();
        let e2 = Square::parse("e2").unwrap();
        let d7 = Square::parse("d7").unwrap();
        let d5 = Square::parse("d5").unwrap();
        pos.remove(d7);
        let pawn = pos.remove(e2).unwrap();
        pos.put(d5, pawn);
        pos.turn = Color::Black;
        pos
    }

    #[test]
    fn the_game_array_is_reached_only_by_the_same_units() {
        let target = ProofTarget::new(Position::game_array(), &Rules::orthodox());
        let mut pos = Position::game_array();
        assert!(target.reached(&pos));
        // Castling rights and the side to move are not compared.
        pos.unmoved = Bitboard::EMPTY;
        pos.turn = Color::Black;
        assert!(target.reached(&pos));
        assert!(!target.reached(&after_capture()));
    }

    #[test]
    fn orthodox_chess_gives_back_no_unit_taken() {
        // The black pawn is gone for good: no number of moves brings the
        // game array back.
        let target = ProofTarget::new(Position::game_array(), &Rules::orthodox());
        assert!(!target.may_reach(&after_capture(), 10, 10));
    }

    #[test]
    fn circe_gives_it_back_on_a_rebirth_square_with_the_other_sides_move() {
        // The target lacks Black's b8 knight; the position has the other
        // one on f5, from where a capture brings it back to g8.
        let sq = |s: &str| Square::parse(s).unwrap();
        let mut target = Position::game_array();
        target.remove(sq("b8"));
        let mut pos = target;
        let knight = pos.remove(sq("g8")).unwrap();
        pos.put(sq("f5"), knight);
        pos.turn = Color::Black;
        let circe = ProofTarget::new(target, &Rules::with_circe(CirceRules::CIRCE));
        // Black has no move left: White's one capture must bring it home.
        assert!(circe.may_reach(&pos, 0, 1));
        assert!(!circe.may_reach(&pos, 0, 0));
        // Under Anticirce the taken unit stays off the board.
        let anti = Rules::with_circe(CirceRules::of(Base::AntiCirce));
        assert!(!ProofTarget::new(target, &anti).may_reach(&pos, 0, 1));
        assert!(ProofTarget::new(target, &anti).may_reach(&pos, 1, 0));
    }

    fn pos(list: &str, turn: Color) -> Position {
        let mut pos = Position::from_piece_list(list).unwrap();
        pos.turn = turn;
        pos
    }

    #[test]
    fn under_circe_a_king_walks_to_its_square_step_by_step() {
        // No Circe form but Rex inclusive captures a king: White's king
        // needs its four steps to e5, whatever rebirths do to the others.
        let target = pos("wKe5 bKe8", Color::White);
        let now = pos("wKd1 bKe8", Color::White);
        let circe = ProofTarget::new(target, &Rules::with_circe(CirceRules::CIRCE));
        assert!(!circe.may_reach(&now, 3, 3));
        assert!(circe.may_reach(&now, 4, 3));
    }

    #[test]
    fn a_castling_takes_the_king_two_files_and_brings_the_rook() {
        let target = pos("wKg1 wRf1 bKe8", Color::White);
        let now = pos("wKe1 wRh1 bKe8", Color::White);
        let circe = ProofTarget::new(target, &Rules::with_circe(CirceRules::CIRCE));
        assert!(circe.may_reach(&now, 1, 0));
    }

    #[test]
    fn under_rex_inclusive_a_king_captured_is_reborn_at_home() {
        // White's king on e4 must be back on e1. Black's capture brings
        // it home for none of White's moves; without one, three steps.
        let target = pos("wKe1 bKe8", Color::Black);
        let now = pos("wKe4 bKe8", Color::Black);
        let rex = ProofTarget::new(target, &Rules::with_circe(CirceRules::CIRCE_REX_INCLUSIVE));
        assert!(rex.may_reach(&now, 1, 0));
        assert!(!rex.may_reach(&now, 0, 2));
        assert!(rex.may_reach(&now, 0, 3));
        let circe = ProofTarget::new(target, &Rules::with_circe(CirceRules::CIRCE));
        assert!(!circe.may_reach(&now, 1, 0));
    }

    #[test]
    fn a_square_left_by_a_capture_costs_the_capturer_a_move_of_its_own() {
        // White's knight must leave f3 and come back on g1, Black's go
        // from f6 to g8. Black alone has a move: a Circe capture on f3
        // would bring the knight home, but Black's one move is the one its
        // own knight needs.
        let target = pos("wKe2 wSg1 bKe7 bSg8", Color::White);
        let now = pos("wKe2 wSf3 bKe7 bSf6", Color::Black);
        let circe = ProofTarget::new(target, &Rules::with_circe(CirceRules::CIRCE));
        assert!(!circe.may_reach(&now, 1, 0));
        // With two, the count no longer forbids it.
        assert!(circe.may_reach(&now, 2, 0));
        // Where the target has Black's unit on the square, the capture is
        // one of Black's own arrivals.
        // Sg4xe3 brings the knight home to g1 (a dark square).
        let target = pos("wKe2 wSg1 bKe7 bSe3", Color::White);
        let now = pos("wKe2 wSe3 bKe7 bSg4", Color::Black);
        assert!(
            ProofTarget::new(target, &Rules::with_circe(CirceRules::CIRCE)).may_reach(&now, 1, 0)
        );
    }

    #[test]
    fn under_mate_c_a_unit_handed_over_fills_its_square_but_moves_fill_the_others() {
        use crate::rules::Condition;
        let rules = Rules::orthodox().with(Condition::MateC);
        // The target has White's rook c6 where Black's stands: a mate may
        // hand it over with no move of its own.
        let target = ProofTarget::new(pos("wKe1 wRc6 bKe8", Color::White), &rules);
        assert!(target.may_reach(&pos("wKe1 bRc6 bKe8", Color::White), 1, 0));
        // A rook to bring to c6 needs a move; the sides may change, but
        // a unit never comes from nowhere.
        let now = pos("wKe1 wRc4 bKe8", Color::White);
        assert!(!target.may_reach(&now, 0, 0));
        assert!(target.may_reach(&now, 0, 1));
        // No unit becomes a pawn, whatever its side.
        let pawn = ProofTarget::new(pos("wKe1 wPc6 bKe8", Color::White), &rules);
        assert!(!pawn.may_reach(&pos("wKe1 wRc4 bKe8", Color::White), 5, 5));
        assert!(pawn.may_reach(&pos("wKe1 bPc7 bKe8", Color::White), 5, 5));
        // Each unit beyond the target's is taken by a move.
        let crowded = pos("wKe1 wRc6 bKe8 bPa7 bPb7", Color::White);
        assert!(!target.may_reach(&crowded, 1, 0));
        assert!(target.may_reach(&crowded, 1, 1));
        // A handed-over unit may be what the last move arrives by: no
        // square is ruled out for it.
        assert!(target.last_arrivals(&crowded).is_none());
    }

    #[test]
    fn under_losing_chess_the_routes_bound_the_moves_and_a_pawn_may_become_a_king() {
        use crate::rules::Condition;
        let rules = Rules::orthodox().with(Condition::LosingChess);
        // The knight b1 needs three moves to e5: two are too few, though
        // one arrival per move would allow them.
        let target = ProofTarget::new(pos("wKe1 wSe5 bKe8", Color::White), &rules);
        let now = pos("wKe1 wSb1 bKe8", Color::White);
        assert!(!target.may_reach(&now, 2, 2));
        assert!(target.may_reach(&now, 3, 2));
        // A second white king comes from the pawn a2, five moves to a8.
        let kings = ProofTarget::new(pos("wKe1 wKb8 bKe6", Color::White), &rules);
        let now = pos("wKe1 wPa2 bKe6", Color::White);
        assert!(!kings.may_reach(&now, 4, 6));
        assert!(kings.may_reach(&now, 6, 6));
    }

    #[test]
    fn under_marine_chess_each_move_still_brings_one_unit() {
        use crate::rules::Condition;
        let rules = Rules::orthodox().with(Condition::MarineChess);
        // Two white units to bring, whatever their walks: two moves.
        let marine = |triton: &str, sirene: &str| {
            let mut p = pos("wKe2 bKe8", Color::White);
            let sq = |s: &str| Square::parse(s).unwrap();
            p.put(sq(triton), Piece::new(Color::White, Kind::TRITON));
            p.put(sq(sirene), Piece::new(Color::White, Kind::SIRENE));
            p
        };
        let target = ProofTarget::new(marine("a4", "h5"), &rules);
        let now = marine("a1", "d1");
        assert!(!target.may_reach(&now, 1, 1));
        assert!(target.may_reach(&now, 2, 1));
    }

    #[test]
    fn the_conditions_that_change_only_promotions_keep_the_bound() {
        use crate::rules::Condition;
        // Two nightriders to bring: two moves.
        let riders = |a: &str, b: &str| {
            let mut p = pos("wKe2 bKe8", Color::White);
            for on in [a, b] {
                let on = Square::parse(on).unwrap();
                p.put(on, Piece::new(Color::White, Kind::NIGHTRIDER));
            }
            p
        };
        for c in [
            Condition::CavalierMajeur,
            Condition::Leofamily,
            Condition::ChineseChess,
        ] {
            let target = ProofTarget::new(riders("e5", "f4"), &Rules::orthodox().with(c));
            assert!(!target.may_reach(&riders("b1", "g1"), 1, 1), "{c:?}");
            assert!(target.may_reach(&riders("b1", "g1"), 2, 1), "{c:?}");
        }
    }

    #[test]
    fn a_pwc_rebirth_needs_the_capturer_on_the_rebirth_square() {
        let mut pwc = CirceRules::CIRCE;
        pwc.square = RebirthSquare::Pwc;
        let rules = Rules::with_circe(pwc);
        // Bh1xf3 puts the knight back on h1; from g2 it would land on g2.
        let target = pos("wKe2 wSh1 bKe7 bSg8 bBf3", Color::White);
        let from_h1 = pos("wKe2 wSf3 bKe7 bSg8 bBh1", Color::Black);
        let from_g2 = pos("wKe2 wSf3 bKe7 bSg8 bBg2", Color::Black);
        let target = ProofTarget::new(target, &rules);
        assert!(target.may_reach(&from_h1, 1, 0));
        assert!(!target.may_reach(&from_g2, 1, 0));
        // Under Circe the knight's square does not depend on the capturer's.
        let circe = ProofTarget::new(*target.position(), &Rules::with_circe(CirceRules::CIRCE));
        assert!(circe.may_reach(&from_g2, 1, 0));
    }

    #[test]
    fn a_pwc_rebirth_square_is_reached_by_the_capturer_first() {
        // White must fill one square with no move of its own, Black one
        // with its one move. A black unit standing on White's square may
        // capture from there as it arrives on its own.
        assert!(rebirths_suffice([1, 1], [1, 0], [0, 1], [0, 0]));
        // None does: Black's one move cannot both arrive there and make
        // its own arrival, unless a castling makes two arrivals.
        assert!(!rebirths_suffice([1, 1], [0, 0], [0, 1], [0, 0]));
        assert!(rebirths_suffice([1, 1], [0, 0], [0, 1], [0, 1]));
        // One capture, one rebirth.
        assert!(!rebirths_suffice([2, 0], [2, 0], [0, 1], [0, 0]));
    }

    #[test]
    fn a_unit_waiting_for_its_parrain_rebirth_still_counts() {
        let mut rules = Rules::with_circe(CirceRules::CIRCE);
        let mut parrain = CirceRules::CIRCE;
        parrain.relevant_capture = RelevantCapture::LastMove;
        parrain.square = RebirthSquare::Equipollents;
        rules.set_family(parrain);
        let target = ProofTarget::new(Position::game_array(), &rules);
        let mut pos = after_capture();
        assert!(!target.may_reach(&pos, 3, 3), "a unit short");
        pos.waiting.pending = Some(black_pawn_waiting_on_d5(PendingKind::Captured));
        assert!(target.may_reach(&pos, 3, 3));
    }

    /// The black pawn taken on d5 (by `after_capture`), waiting as `kind`.
    fn black_pawn_waiting_on_d5(kind: PendingKind) -> Pending {
        Pending {
            unit: crate::board::Piece::new(Color::Black, crate::board::Kind::PAWN),
            on: Square::parse("d5").unwrap(),
            id: 0,
            kind,
        }
    }

    #[test]
    fn a_castling_condition_fills_two_squares_a_move_at_most() {
        // White's rooks a1 and h1 and its king must each reach another
        // square: three arrivals, which one Rokagogo castling cannot make
        // (the king and one rook).
        let target = pos("wKd1 wRc1 wRg1 bKe8", Color::White);
        let mut now = pos("wKe1 wRa1 wRh1 bKe8", Color::White);
        // No orthodox castling right, which the bound counts apart.
        now.unmoved = Bitboard::EMPTY;
        let rules = Rules::orthodox().with(crate::rules::Condition::Rokagogo);
        let bound = ProofTarget::new(target, &rules);
        assert!(!bound.may_reach(&now, 1, 0));
        assert!(bound.may_reach(&now, 2, 0));
    }

    #[test]
    fn a_condition_that_moves_units_gives_none_back() {
        // Under RoyalDynasty a captured unit is gone and no pawn comes
        // back: the game array is not reached after a pawn is taken.
        let rules = Rules::orthodox().with(crate::rules::Condition::RoyalDynasty);
        let target = ProofTarget::new(Position::game_array(), &rules);
        assert!(!target.may_reach(&after_capture(), 10, 10));
        // A knight out needs a move back.
        let mut out = Position::game_array();
        let knight = out.remove(Square::parse("g1").unwrap()).unwrap();
        out.put(Square::parse("f3").unwrap(), knight);
        assert!(!target.may_reach(&out, 0, 5));
        assert!(target.may_reach(&out, 1, 0));
    }

    #[test]
    fn lost_pieces_may_take_many_units_in_one_move() {
        // Black has two units more than the target: one White move may
        // lose them both under LostPieces, not in orthodox chess.
        let target = pos("wKe1 wQd1 bKe8", Color::White);
        let now = pos("wKe1 wQd1 bKe8 bPa7 bPh7", Color::White);
        let lost = Rules::orthodox().with(crate::rules::Condition::LostPieces);
        assert!(ProofTarget::new(target, &lost).may_reach(&now, 1, 0));
        let rokagogo = Rules::orthodox().with(crate::rules::Condition::Rokagogo);
        assert!(!ProofTarget::new(target, &rokagogo).may_reach(&now, 1, 0));
    }

    #[test]
    fn a_condition_that_declares_nothing_keeps_no_bound() {
        let rules = Rules::orthodox().with(crate::rules::Condition::AndernachChess);
        let target = ProofTarget::new(Position::game_array(), &rules);
        assert!(target.may_reach(&after_capture(), 0, 0));
    }

    #[test]
    fn a_condition_that_only_takes_moves_away_keeps_the_routes() {
        // KoeKo: the knight g1 needs two moves of its walk to f4, which
        // one move does not make.
        let target = pos("wKe1 wSf4 bKe8", Color::White);
        let now = pos("wKe1 wSg1 bKe8", Color::White);
        let rules = Rules::orthodox().with(crate::rules::Condition::KoeKo);
        let bound = ProofTarget::new(target, &rules);
        assert!(!bound.may_reach(&now, 1, 1));
        assert!(bound.may_reach(&now, 2, 1));
    }

    #[test]
    fn each_unit_lost_is_a_move_of_the_other_side() {
        // Two black pawns are to go: White needs a capture for each,
        // whatever Black's moves.
        let sq = |s: &str| Square::parse(s).unwrap();
        let mut target = Position::game_array();
        target.remove(sq("a7"));
        target.remove(sq("h7"));
        let bound = ProofTarget::new(target, &Rules::orthodox());
        let pos = Position::game_array();
        assert!(!bound.may_reach(&pos, 1, 5));
        assert!(bound.may_reach(&pos, 2, 5));
    }

    #[test]
    fn transmuted_kings_leave_the_other_units_their_routes() {
        // The knight g1 needs two moves to f4; the kings, which may move
        // with other walks, one each to change square.
        let target = pos("wKe2 wSf4 bKe8", Color::White);
        let now = pos("wKe1 wSg1 bKe8", Color::White);
        let rules = Rules::orthodox().with(crate::rules::Condition::TransmutedKings);
        let bound = ProofTarget::new(target, &rules);
        assert!(!bound.may_reach(&now, 2, 1));
        assert!(bound.may_reach(&now, 3, 1));
    }

    #[test]
    fn transmuted_kings_do_not_cross_the_pawns_that_never_move() {
        // The king e1 goes to e8 in one move as a queen on an empty board;
        // the pawns d2, e2 and f2, on their first squares in both
        // positions, never move: three moves (e1-a1-a4-e8, e1-d3-d6-e8).
        let rules = Rules::orthodox().with(crate::rules::Condition::TransmutedKings);
        let target = ProofTarget::new(pos("wKe8 wPd2 wPe2 wPf2 bKh6", Color::White), &rules);
        let now = pos("wKe1 wPd2 wPe2 wPf2 bKh6", Color::White);
        assert!(!target.may_reach(&now, 2, 2));
        assert!(target.may_reach(&now, 3, 2));
        // A pawn the target has elsewhere may still move out of the way.
        let open = ProofTarget::new(pos("wKe8 wPd2 wPe3 wPf2 bKh6", Color::White), &rules);
        assert!(open.may_reach(&now, 2, 2));
    }

    #[test]
    fn under_alice_chess_a_unit_changes_board_with_each_move() {
        let rules = Rules::orthodox().with(crate::rules::Condition::AliceChess);
        let with_rook = |on: &str, board_b: bool| {
            let mut p = pos("wKe1 bKe8", Color::White);
            let mut rook = Piece::new(Color::White, Kind::ROOK);
            if board_b {
                rook.attrs = Attrs::ALICE_B;
            }
            p.put(Square::parse(on).unwrap(), rook);
            p.unmoved = Bitboard::EMPTY;
            p
        };
        let now = with_rook("a1", false);
        // Ra1-a5 ends on board B: one move where the target has the rook
        // there, two where it has it on board A (Ra1-a3-a5).
        let on_b = ProofTarget::new(with_rook("a5", true), &rules);
        assert!(on_b.may_reach(&now, 1, 0));
        let on_a = ProofTarget::new(with_rook("a5", false), &rules);
        assert!(!on_a.may_reach(&now, 1, 5));
        assert!(on_a.may_reach(&now, 2, 5));
        // A unit on its square but on the other board must move.
        let stays = ProofTarget::new(with_rook("a1", true), &rules);
        assert!(!stays.may_reach(&now, 0, 5));
    }

    #[test]
    fn under_rokagogo_the_routes_leave_the_rooks_out() {
        let rules = Rules::orthodox().with(crate::rules::Condition::Rokagogo);
        // The knight g1 needs two moves to f4.
        let knight = ProofTarget::new(pos("wKe1 wSf4 bKe8", Color::White), &rules);
        let mut now = pos("wKe1 wSg1 bKe8", Color::White);
        now.unmoved = Bitboard::EMPTY;
        assert!(!knight.may_reach(&now, 1, 1));
        assert!(knight.may_reach(&now, 2, 1));
        // 1.Ra1-e1 and 2.Ke4-e2 castling (the rook to e3): the rook's two
        // moves of its walk come with one move of White's.
        let castled = ProofTarget::new(pos("wKe2 wRe3 bKh8", Color::White), &rules);
        let mut now = pos("wKe4 wRa1 bKh8", Color::White);
        now.unmoved = Bitboard::EMPTY;
        assert!(castled.may_reach(&now, 2, 1));
        // The king's castling is one of its moves: two squares in one.
        let far = ProofTarget::new(pos("wKe1 bKh8", Color::White), &rules);
        let mut now = pos("wKe5 bKh8", Color::White);
        now.unmoved = Bitboard::EMPTY;
        assert!(!far.may_reach(&now, 1, 1));
        assert!(far.may_reach(&now, 2, 1));
    }

    #[test]
    fn a_unit_waiting_for_the_next_capture_still_counts_and_comes_back_once() {
        let mut wait = CirceRules::CIRCE;
        wait.relevant_capture = RelevantCapture::WaitCapture;
        wait.square = RebirthSquare::CaptureSquare;
        let target = ProofTarget::new(Position::game_array(), &Rules::with_circe(wait));
        // A knight out comes home by its own moves or by a rebirth, which
        // needs one of White's units taken by Black first.
        let mut out = Position::game_array();
        let knight = out.remove(Square::parse("g1").unwrap()).unwrap();
        out.put(Square::parse("f3").unwrap(), knight);
        assert!(!target.may_reach(&out, 0, 0));
        assert!(target.may_reach(&out, 1, 0));
        // The pawn taken on d5 waits for the next capture: still Black's.
        let mut pos = after_capture();
        assert!(!target.may_reach(&pos, 3, 3), "a unit short");
        pos.waiting.pending = Some(black_pawn_waiting_on_d5(PendingKind::UntilCapture));
        assert!(target.may_reach(&pos, 3, 3));
    }

    #[test]
    fn wormholes_away_from_the_kings_homes_move_one_unit_a_move() {
        use crate::rules::{Condition, Param};
        let rules = |holes: &[&str]| {
            let mut squares = Bitboard::EMPTY;
            for h in holes {
                squares.set(Square::parse(h).unwrap());
            }
            let param = Param {
                squares,
                ..Param::default()
            };
            Rules::orthodox()
                .with(Condition::Wormholes)
                .with_param(Condition::Wormholes, param)
        };
        // Two white units to bring: two moves, unless a king comes out of
        // a wormhole at home and castles again.
        let target = pos("wKe1 wSc3 wSf3 bKe8", Color::White);
        let mut now = pos("wKe1 wSb1 wSg1 bKe8", Color::White);
        now.unmoved = Bitboard::EMPTY;
        let away = ProofTarget::new(target, &rules(&["b8", "c6"]));
        assert!(!away.may_reach(&now, 1, 1));
        assert!(away.may_reach(&now, 2, 1));
        let home = ProofTarget::new(target, &rules(&["e1", "d4"]));
        assert!(home.may_reach(&now, 1, 1));
    }
}
