//! Make&TakeChess (Popeye's `Make&TakeChess`): a unit captures in two
//! motions. First the "make": a move, capturing nothing, with the walk of
//! the unit it is going to capture (and in that unit's direction: a pawn's
//! make goes the way the victim's pawns go). Then the "take": from the
//! make's square, a capture with the unit's own walk of a unit of that
//! walk. A capture without a make before it is no move; moves without
//! capture are the unit's own. The move is written as the capture it
//! amounts to, from the unit's square to the victim's (`Bg6*d2`): two
//! makes leading to one capture are one move. A pawn whose take ends on
//! its promotion rank promotes; Circe's rebirth follows the take.
//!
//! A unit standing on the home square of the victim's king (e8 for a
//! black victim) whose victim is a king may make the castling of the
//! victim's side as its make, with a rook of that side that may still
//! castle and the squares between them empty (the king's own right and
//! check are not asked): it goes to g8 (c8), the rook to f8 (d8), and the
//! take follows from there. Popeye writes it `0-0*e6`
//! ([`Effect::PartnerMove`]).
//!
//! Check is what a move does: a king is in check when an enemy unit could
//! capture it so, a make with the king's walk and a take of the king (for
//! good, under Circe Rex Inclusive). So neither observation nor the
//! check-only shortcuts are the orthodox ones.

use super::{Capabilities, ConditionRule, ProofTraffic, UnitTraffic};
use crate::board::{attacks, Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::{Effect, Motion, Move};
use crate::rules::capture::{orthodox_moves_in_popeye_order, Sight};
use crate::rules::{Condition, Rules};

/// Make&TakeChess.
pub struct MakeTakeChess;

impl ConditionRule for MakeTakeChess {
    const ID: &'static str = "maketake";
    /// The capturer makes and takes; a make that castles for the victim's
    /// side moves one of its rooks too.
    const PROOF: ProofTraffic = ProofTraffic::Moves(UnitTraffic {
        other_arrivals: 1,
        other_departures: 2,
        fills: 2,
        ..UnitTraffic::ONE_UNIT
    });
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        check_implies_attack: false,
        ..Capabilities::ORTHODOX
    };
    const SECOND_MOTION: bool = true;

    /// With Take&MakeChess, and with the Mars family (not played).
    fn refusal(rules: &Rules) -> Option<String> {
        if rules.has(Condition::TakeMakeChess) {
            return Some("Make&TakeChess with Take&MakeChess (not played)".into());
        }
        use crate::rules::Base;
        let family = [Base::MarsCirce, Base::AntiMarsCirce, Base::PhantomChess];
        super::not_played_beside(rules, "Make&TakeChess", &family)
    }

    /// The unit's own captures are no moves: only its quiet moves stay.
    fn second_motions(_rules: &Rules, _pos: &Position, mv: &Move, found: &mut dyn FnMut(Move)) {
        if !mv.is_capture() {
            found(*mv);
        }
    }

    fn extra_moves(rules: &Rules, pos: &Position, from: Square, out: &mut Vec<Move>) {
        let us = pos.turn;
        let Some(unit) = pos.piece_as(from, us) else {
            return;
        };
        let mut order = 0u8;
        for_each_take(
            rules,
            pos,
            unit,
            from,
            None,
            &mut |to, victim_on, motion, partner| {
                let mut mv = Move::quiet(unit, from, to, motion);
                mv.capture_square = victim_on;
                if let Some(e) = partner {
                    mv.effects.push(e);
                }
                order = order.saturating_add(1);
                mv.sequence = order;
                let start = out.len();
                crate::movegen::push_built_capture(pos, rules, mv, out);
                for m in &mut out[start..] {
                    m.sequence = order;
                }
                false
            },
        );
    }

    fn decides_check(rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
        let Some(king) = pos.king(color) else {
            return Some(false);
        };
        let Some(royal) = pos.piece_at(king) else {
            return Some(false);
        };
        let them = color.opponent();
        // The units that may not move (Madrasi) do not check either.
        let stuck = rules.conditions.immobile(rules, pos, them);
        let may_check = may_take_king(pos, them, royal.kind, king);
        for on in pos.by_color(them) & !stuck & may_check {
            let Some(unit) = pos.piece_as(on, them) else {
                continue;
            };
            let check = match takes_king_by_lines(rules, pos, unit, on, royal.kind, king) {
                Some(check) => check,
                None => {
                    let mut check = false;
                    for_each_take(
                        rules,
                        pos,
                        unit,
                        on,
                        Some(royal.kind),
                        &mut |_, victim_on, _, _| {
                            check = victim_on == king;
                            check
                        },
                    );
                    check
                }
            };
            if check && (rules.attack_is_always_check() || capture_for_good(rules, pos, on, king)) {
                return Some(true);
            }
        }
        Some(false)
    }
}

/// Whether the unit on `on` taking the king on `king` removes it for good.
fn capture_for_good(rules: &Rules, pos: &Position, on: Square, king: Square) -> bool {
    rules.captures_king_for_good(pos, king, on, on)
}

/// The units of `side` that may take the king of walk `royal` on `king`
/// by a make and a take: a superset, from bitboards. An orthodox unit
/// needs an empty square next to it (its make, a king's step) from which
/// its walk reaches the king over the board without its side's units of
/// that walk (one of them is the unit, lifted). Every fairy unit, and a
/// unit on the home square of the king's side (its make may castle),
/// may.
fn may_take_king(pos: &Position, side: Color, royal: Kind, king: Square) -> Bitboard {
    let theirs = pos.by_color(side);
    if royal != Kind::KING {
        return theirs;
    }
    let occupied = pos.occupied();
    let home = Bitboard::from_square(king_home(side.opponent()));
    let mut may = theirs & (pos.fairy() | home);
    for kind in Kind::POPEYE_ORDER {
        let units = theirs & pos.by_kind(kind);
        if units.is_empty() {
            continue;
        }
        let clear = occupied & !units;
        let Some(takes_from) = orthodox_reach(kind, side.opponent(), king, clear) else {
            continue;
        };
        let mut next_to_makes = Bitboard::EMPTY;
        for make in takes_from & !occupied {
            next_to_makes |= attacks::king(make);
        }
        may |= units & next_to_makes;
    }
    may
}

/// Whether `unit` on `on` takes the king of walk `royal` on `king` by a
/// make and a take, found by lines rather than by playing the makes (the
/// check test runs once per move searched): a king's step to an empty
/// square, then an attack from there with the square `on` left empty.
/// None where the lines do not say it: a fairy walk on either side, or
/// the unit on the home square of the king's side, where the make may be
/// that side's castling.
fn takes_king_by_lines(
    rules: &Rules,
    pos: &Position,
    unit: Piece,
    on: Square,
    royal: Kind,
    king: Square,
) -> Option<bool> {
    let victims = unit.color.opponent();
    if royal != Kind::KING || !unit.kind.is_orthodox() || on == king_home(victims) {
        return None;
    }
    let mut lifted = pos.occupied();
    lifted.clear(on);
    let makes = attacks::king(on) & !lifted;
    let mut takes_from = orthodox_reach(unit.kind, victims, king, lifted)?;
    if unit.kind == Kind::PAWN && !rules.first_rank_pawns_move() {
        takes_from &= !Bitboard::rank(unit.color.back_rank());
    }
    Some((makes & takes_from).nonempty())
}

/// The home square of `side`'s king: a unit there whose victim is that
/// king may make the castling of `side` as its make.
fn king_home(side: Color) -> Square {
    Square::new(4, side.back_rank())
}

/// The squares a unit of the orthodox walk `kind` on `on` reaches by
/// capture over `occupied` (a pawn of side `color`); None for a fairy
/// walk. Each reach but a pawn's is also the set of squares from which
/// the walk reaches `on`; a pawn's is the other side's pawn's reversed.
fn orthodox_reach(kind: Kind, color: Color, on: Square, occupied: Bitboard) -> Option<Bitboard> {
    Some(match kind {
        Kind::KING => attacks::king(on),
        Kind::KNIGHT => attacks::knight(on),
        Kind::ROOK => attacks::rook(on, occupied),
        Kind::BISHOP => attacks::bishop(on, occupied),
        Kind::QUEEN => attacks::queen(on, occupied),
        Kind::PAWN => attacks::pawn(color, on),
        _ => return None,
    })
}

/// The walks of the victims, in Popeye's order: the king, the pawn, the
/// queen, the knight, the rook, the bishop, then the fairy walks.
fn victim_walks(pos: &Position, side: Color) -> impl Iterator<Item = Kind> + '_ {
    let mut fairy: Vec<Kind> = Vec::new();
    for on in pos.by_color(side) & pos.fairy() {
        if let Some(p) = pos.piece_at(on) {
            if !fairy.contains(&p.kind) {
                fairy.push(p.kind);
            }
        }
    }
    fairy.sort_by_key(|k| k.index());
    Kind::POPEYE_ORDER
        .into_iter()
        .filter(move |&k| pos.pieces(side, k).nonempty())
        .chain(fairy)
}

/// Calls `found(to, victim's square, motion, partner)` for each take of `unit` on `from`
/// (victims of walk `only`, or of every walk), once per arrival and walk,
/// the castling made as a make first (with its rook's motion); stops when
/// `found` says true.
fn for_each_take(
    rules: &Rules,
    pos: &Position,
    unit: Piece,
    from: Square,
    only: Option<Kind>,
    found: &mut dyn FnMut(Square, Square, Motion, Option<Effect>) -> bool,
) {
    let them = unit.color.opponent();
    let lifted = Layout {
        pos,
        from,
        rook: None,
    };
    let first_rank_steps = rules.first_rank_pawns_move();
    let mut occupied = pos.occupied();
    occupied.clear(from);
    // The takes of victims of `walk`; true when `found` stops them.
    let takes_of =
        |walk: Kind, found: &mut dyn FnMut(Square, Square, Motion, Option<Effect>) -> bool| {
            let castles = walk == Kind::KING && from == king_home(them);
            if !castles && !may_take_by(pos, unit, from, occupied, walk) {
                return false;
            }
            // The makes: the victim's walk, for the victim's side.
            let walker = Piece {
                color: them,
                kind: walk,
                attrs: unit.attrs,
            };
            let mut makes = Arrivals::default();
            lifted.reaches(
                (from, walker),
                false,
                first_rank_steps,
                &mut |to, capture, _| {
                    if capture.is_none() {
                        makes.add(to);
                    }
                },
            );
            // The takes from a make's square, in Popeye's order.
            let take =
                |board: Layout,
                 on: Square,
                 seen: &mut Bitboard,
                 found: &mut dyn FnMut(Square, Square, Motion) -> bool| {
                    let mut stop = false;
                    board.reaches(
                        (on, unit),
                        true,
                        first_rank_steps,
                        &mut |to, capture, motion| {
                            let Some(victim_on) = capture else {
                                return;
                            };
                            let is_victim = board
                                .piece_at(victim_on)
                                .is_some_and(|v| v.acting_for(them).kind == walk);
                            if !stop && is_victim && !seen.contains(to) {
                                seen.set(to);
                                stop = found(to, victim_on, motion);
                            }
                        },
                    );
                    stop
                };
            if castles {
                // Popeye takes after the long castling first.
                for (rook_file, king_file, rook_to) in [(0u8, 2u8, 3u8), (7, 6, 5)] {
                    let rank = them.back_rank();
                    let rook_from = Square::new(rook_file, rank);
                    let between = attacks::between(from, rook_from) & pos.occupied();
                    if !pos.unmoved.contains(rook_from)
                        || !pos.pieces(them, Kind::ROOK).contains(rook_from)
                        || between.nonempty()
                    {
                        continue;
                    }
                    let rook = pos.piece_at(rook_from).expect("the rook");
                    let rook_to = Square::new(rook_to, rank);
                    let castled = Layout {
                        rook: Some((rook_from, rook_to, rook)),
                        ..lifted
                    };
                    let partner = Effect::PartnerMove {
                        from: rook_from,
                        to: rook_to,
                        unit: rook,
                    };
                    let mut seen = Bitboard::EMPTY;
                    if take(
                        castled,
                        Square::new(king_file, rank),
                        &mut seen,
                        &mut |to, victim_on, motion| found(to, victim_on, motion, Some(partner)),
                    ) {
                        return true;
                    }
                }
            }
            let mut seen = Bitboard::EMPTY;
            let victims = pos.by_kind(walk) & pos.by_color(them);
            // Popeye takes from the last make's square first.
            for &on in makes.in_order().iter().rev() {
                if !may_take_from(pos, unit, on, occupied, victims) {
                    continue;
                }
                if take(lifted, on, &mut seen, &mut |to, victim_on, motion| {
                    found(to, victim_on, motion, None)
                }) {
                    return true;
                }
            }
            false
        };
    match only {
        Some(walk) => {
            takes_of(walk, found);
        }
        None => {
            for walk in victim_walks(pos, them) {
                if takes_of(walk, found) {
                    return;
                }
            }
        }
    }
}

/// Whether `unit` on `from` may take a unit of walk `walk` by a make and
/// a take (a castling make aside): a superset from bitboards, the makes
/// its walk's moves to empty squares (a pawn's steps, blocked or not),
/// the takes the squares from which its own walk reaches a victim, over
/// `occupied` (the board without the unit).
fn may_take_by(pos: &Position, unit: Piece, from: Square, occupied: Bitboard, walk: Kind) -> bool {
    let them = unit.color.opponent();
    let victims = pos.by_kind(walk) & pos.by_color(them);
    if victims.is_empty() {
        return false;
    }
    if !walk.is_orthodox() || !unit.kind.is_orthodox() {
        return true;
    }
    let makes = if walk == Kind::PAWN {
        let forward = if them == Color::White { 1 } else { -1 };
        [1, 2]
            .into_iter()
            .filter_map(|n| from.offset(0, n * forward))
            .fold(Bitboard::EMPTY, |b, sq| b | Bitboard::from_square(sq))
    } else {
        orthodox_reach(walk, them, from, occupied).unwrap_or(Bitboard::EMPTY)
    } & !occupied;
    if unit.kind == Kind::PAWN && pos.ep_square.is_some() {
        return makes.nonempty();
    }
    let mut takes_from = Bitboard::EMPTY;
    for victim in victims {
        // A pawn's reach reversed is the other side's pawn's.
        takes_from |= orthodox_reach(unit.kind, them, victim, occupied).unwrap_or(Bitboard::EMPTY);
    }
    (makes & takes_from).nonempty()
}

/// Whether `unit`, lifted (the board `occupied` without it) and placed on
/// `on`, may take one of `victims`: its attacks seen as bitboards, a superset of
/// its takes (every one for a fairy walk), so that the takes are
/// enumerated in order only from the few makes that lead to one.
fn may_take_from(
    pos: &Position,
    unit: Piece,
    on: Square,
    occupied: Bitboard,
    victims: Bitboard,
) -> bool {
    // A pawn's capture en passant takes a unit beside the square it goes to.
    if unit.kind == Kind::PAWN && pos.ep_square.is_some() {
        return true;
    }
    let Some(reach) = orthodox_reach(unit.kind, unit.color, on, occupied) else {
        return true;
    };
    (reach & victims).nonempty()
}

/// Squares in the order they were first reached.
struct Arrivals {
    order: [Square; 64],
    len: usize,
    reached: Bitboard,
}

impl Default for Arrivals {
    fn default() -> Self {
        Arrivals {
            order: [Square(0); 64],
            len: 0,
            reached: Bitboard::EMPTY,
        }
    }
}

impl Arrivals {
    fn add(&mut self, sq: Square) {
        if !self.reached.contains(sq) {
            self.reached.set(sq);
            self.order[self.len] = sq;
            self.len += 1;
        }
    }

    fn in_order(&self) -> &[Square] {
        &self.order[..self.len]
    }
}

/// The board a make or a take is played on: `pos` with the capturer
/// lifted from `from`, and the rook moved where the make castles. A
/// position is built from it only for a fairy walk; the orthodox lines
/// read its `Sight` alone (the check test and the generator run these
/// for every unit of every position searched).
#[derive(Clone, Copy)]
struct Layout<'a> {
    pos: &'a Position,
    from: Square,
    /// The castling rook's square, arrival and unit.
    rook: Option<(Square, Square, Piece)>,
}

impl Layout<'_> {
    /// The unit on `sq` (the unit placed on the board aside).
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        match self.rook {
            Some((_, to, rook)) if sq == to => Some(rook),
            Some((rook_from, _, _)) if sq == rook_from => None,
            _ if sq == self.from => None,
            _ => self.pos.piece_at(sq),
        }
    }

    /// The board with `placed` on it, as a unit of `mover`'s side sees it.
    fn sight(&self, placed: (Square, Piece), mover: Color) -> Sight {
        let mut vacated = Bitboard::from_square(self.from);
        let mut arrivals = [placed, placed];
        if let Some((rook_from, rook_to, rook)) = self.rook {
            vacated.set(rook_from);
            arrivals[1] = (rook_to, rook);
        }
        let mut by_color = [Color::White, Color::Black].map(|c| self.pos.by_color(c) & !vacated);
        for (sq, piece) in arrivals {
            for (side, units) in by_color.iter_mut().enumerate() {
                if piece.is_neutral() || piece.color.index() == side {
                    units.set(sq);
                }
            }
        }
        Sight {
            occupied: by_color[0] | by_color[1] | self.pos.holes,
            own: by_color[mover.index()],
            theirs: by_color[mover.opponent().index()],
        }
    }

    /// The board built, with `placed` on it and its side to move; the
    /// en passant square kept where `en_passant`.
    fn position(&self, placed: (Square, Piece), en_passant: bool) -> Position {
        let mut board = *self.pos;
        board.remove(self.from);
        if let Some((rook_from, rook_to, rook)) = self.rook {
            board.remove(rook_from);
            board.put(rook_to, rook);
        }
        board.put(placed.0, placed.1);
        board.turn = placed.1.color;
        if !en_passant {
            board.ep_square = None;
        }
        board
    }

    /// The moves of the unit `placed` (moving for its side):
    /// `found(to, the victim's square, motion)`, in Popeye's order for the
    /// orthodox walks; its capture en passant where `en_passant`.
    fn reaches(
        &self,
        placed: (Square, Piece),
        en_passant: bool,
        first_rank_steps: bool,
        found: &mut dyn FnMut(Square, Option<Square>, Motion),
    ) {
        let (on, unit) = placed;
        if !unit.kind.is_orthodox() {
            let board = self.position(placed, en_passant);
            let own = board.by_color(unit.color);
            let enemies = board.occupied() & !own;
            crate::board::walks::fairy::moves(&board, unit, on, enemies, |r| {
                found(r.to, r.capture, r.motion)
            });
            return;
        }
        let sight = self.sight(placed, unit.color);
        orthodox_moves_in_popeye_order(sight, unit, on, first_rank_steps, &mut |to| {
            found(
                to,
                sight.occupied.contains(to).then_some(to),
                Motion::Normal,
            )
        });
        // A pawn's capture en passant.
        let ep = self
            .pos
            .ep_square
            .filter(|_| en_passant && unit.kind == Kind::PAWN);
        if let Some(ep) = ep {
            if attacks::pawn(unit.color, on).contains(ep) && !sight.occupied.contains(ep) {
                found(ep, Some(self.pos.ep_victim), Motion::EnPassant);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use super::{king_home, MakeTakeChess};
    use crate::board::{attacks, Color, Kind, Piece, Position, Square};
    use crate::rules::conditions::ConditionRule;
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn make_take() -> Rules {
        Rules::orthodox().with(Condition::MakeTakeChess)
    }

    #[test]
    fn a_capture_needs_a_make_with_the_victims_walk() {
        // The bishop steps as the black pawn (g6-g5), then takes on d2; it
        // has no capture of its own walk's geometry alone.
        let got = moves(&make_take(), "wKd7 wBg6 bKe1 bPd2", Color::White);
        let want = sorted(
            "Bg6*d2 Bg6-b1 Bg6-c2 Bg6-d3 Bg6-e4 Bg6-f5 Bg6-h5 Bg6-h7 Bg6-e8 Bg6-f7 \
             Kd7-c6 Kd7-e6 Kd7-e8 Kd7-c8 Kd7-d6 Kd7-c7 Kd7-d8 Kd7-e7",
        );
        assert_eq!(got, want);
    }

    #[test]
    fn castling_of_the_victims_side_is_a_make() {
        // The queen on e8 castles as the black king, the black rook going
        // with it, and takes the king from g8 or c8; the king h1 makes as a
        // rook (h1-h7) and takes h8.
        let mut circe = CirceRules::of(Base::Circe);
        circe.rex_inclusive = true;
        let r = Rules::with_circe(circe).with(Condition::MakeTakeChess);
        let got = moves(&r, "wQe8 wKh1 bKe6 bRa8 bRh8", Color::White);
        let want = sorted(
            "Kh1*h8 Kh1-g2 Kh1-g1 Kh1-h2 Qe8*a8 Qe8*h8 Qe8*e6[+bKe8] 0-0*e6[+bKe8] \
             0-0-0*e6[+bKe8] Qe8-a4 Qe8-b5 Qe8-c6 Qe8-d7 Qe8-h5 Qe8-g6 Qe8-f7 Qe8-e7 \
             Qe8-b8 Qe8-c8 Qe8-d8 Qe8-g8 Qe8-f8",
        );
        assert_eq!(got, want);
    }

    /// The arrivals of `unit` put on `on` in `pos` (without the unit on
    /// `lifted`), moving for its side: the board built and walked, as a
    /// reference for the generator's bitboard short cuts.
    fn arrivals_on_built_board(
        pos: &Position,
        lifted: Square,
        unit: Piece,
        on: Square,
    ) -> Vec<Square> {
        let mut board = *pos;
        board.remove(lifted);
        board.put(on, unit);
        board.turn = unit.color;
        board.ep_square = None;
        let mut all = Vec::new();
        crate::rules::capture::unit_moves_in_popeye_order(&board, unit, on, false, &mut |to| {
            all.push(to)
        });
        all
    }

    /// Random positions (no unit on a king's home square, where a make
    /// may castle): each side is in check exactly where some enemy unit
    /// steps as a king to an empty square and takes the king from there,
    /// the boards built and walked one by one.
    #[test]
    fn check_found_by_lines_is_check_by_a_make_and_a_take() {
        let rules = make_take();
        let mut rng = crate::test_rng::XorShift::new(0x51f1_5eed_0bad_cafe_u64);
        let (mut positions, mut checks) = (0, 0);
        while positions < 3000 {
            let per_side = 2 + rng.below(7) as usize;
            let list = rng.piece_list(per_side, &["Q", "R", "B", "S", "P", "K"]);
            let Ok(pos) = Position::from_piece_list(&list) else {
                continue;
            };
            let homes = [king_home(Color::White), king_home(Color::Black)];
            if homes.iter().any(|&h| pos.piece_at(h).is_some()) || pos.king(Color::White).is_none()
            {
                continue;
            }
            positions += 1;
            for color in [Color::White, Color::Black] {
                let king = pos.king(color).expect("a king");
                let them = color.opponent();
                let by_building = pos.by_color(them).into_iter().any(|on| {
                    let unit = pos.piece_at(on).expect("a unit");
                    let mut board = pos;
                    board.remove(on);
                    (attacks::king(on) & !board.occupied())
                        .into_iter()
                        .any(|make| arrivals_on_built_board(&pos, on, unit, make).contains(&king))
                });
                checks += usize::from(by_building);
                assert_eq!(rules.in_check(&pos, color), by_building, "{list} {color:?}");
            }
        }
        assert!(checks > 300, "too few checks: {checks}");
    }

    /// Random positions: the captures generated, with the short cuts that
    /// skip walks and makes leading to no take, are every (from, to) of a
    /// make with a victim's walk followed by a take of such a victim,
    /// each board built and walked.
    #[test]
    fn the_short_cuts_keep_every_take() {
        let rules = make_take();
        let mut rng = crate::test_rng::XorShift::new(0x7a3e_90c1_d2b4_4e65_u64);
        let mut takes = 0;
        for _ in 0..1500 {
            let per_side = 2 + rng.below(9) as usize;
            let list = rng.piece_list(per_side, &["Q", "R", "B", "S", "P"]);
            let Ok(mut pos) = Position::from_piece_list(&list) else {
                continue;
            };
            for color in [Color::White, Color::Black] {
                pos.turn = color;
                let them = color.opponent();
                let mut generated = Vec::new();
                let mut by_building = Vec::new();
                for from in pos.by_color(color) {
                    let unit = pos.piece_at(from).expect("a unit");
                    let mut out = Vec::new();
                    MakeTakeChess::extra_moves(&rules, &pos, from, &mut out);
                    generated.extend(out.iter().map(|m| (m.from, m.to)));
                    // A king is not taken: that is check.
                    for victim_on in pos.by_color(them) & !pos.by_kind(Kind::KING) {
                        let victim = pos.piece_at(victim_on).expect("a victim");
                        let walker = Piece {
                            color: them,
                            ..victim
                        };
                        let mut lifted = pos;
                        lifted.remove(from);
                        let makes = arrivals_on_built_board(&pos, from, walker, from);
                        let by_take = makes.into_iter().any(|make| {
                            !lifted.occupied().contains(make)
                                && arrivals_on_built_board(&pos, from, unit, make)
                                    .contains(&victim_on)
                        });
                        if by_take && from != king_home(them) {
                            by_building.push((from, victim_on));
                        }
                    }
                }
                // A unit on the victims' king's home square may castle as
                // its make: those takes are the generator's alone.
                generated.retain(|&(from, _)| from != king_home(them));
                generated.sort();
                generated.dedup();
                by_building.sort();
                by_building.dedup();
                takes += by_building.len();
                assert_eq!(generated, by_building, "{list} {color:?}");
            }
        }
        assert!(takes > 1000, "too few takes: {takes}");
    }

    #[test]
    fn check_is_a_capture_by_make_and_take() {
        // The rook makes as the king (a1-a2) and takes e2 along the rank.
        let r = make_take();
        let pos = Position::from_piece_list("wKe2 bKh8 bRa1").unwrap();
        assert!(r.in_check(&pos, Color::White));
        // The knight attacks a8, but its make to c7, the one square it
        // takes a8 from, is blocked.
        let pos = Position::from_piece_list("wKa8 bKh8 bSb6 bPc7").unwrap();
        assert!(!r.in_check(&pos, Color::White));
        let pos = Position::from_piece_list("wKa8 bKh8 bSb6").unwrap();
        assert!(r.in_check(&pos, Color::White));
    }
}
