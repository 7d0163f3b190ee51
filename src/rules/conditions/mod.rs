//! The further conditions: those that are not a Circe form but decide
//! which moves exist, which are legal, and what observes.
//!
//! A condition is one module here. Its rule is a type implementing
//! [`ConditionRule`]: its Popeye identifier, the parameters it takes, its
//! capabilities (which orthodox shortcuts it keeps), and the hook points
//! it acts at, every one with a do-nothing default. The module also holds
//! the combinations it refuses and its unit tests. The registry below is
//! the one line that makes a condition known; it generates the
//! [`Condition`] enum and the dispatchers, which call the active
//! conditions' hooks through a `match` (no dynamic call), so a problem with
//! no condition pays one test of an empty set at each point.
//!
//! The hook points, in the order a move meets them:
//! 1. [`ConditionRule::immobile`]: units that may not move (Madrasi).
//! 2. [`ConditionRule::walks`]: the walks a unit moves and observes with
//!    (Annan, TransmutedKings): the move keeps the unit, only its walk
//!    changes; a capability (`own_walks`) says whether a condition uses it.
//!    A move two walks make is one move, unless the walks are
//!    [`Walks::kept_apart`] (VaultingKings): then it is there once per walk,
//!    the unit's own walk's moves tried first.
//! 3. [`ConditionRule::extra_moves`]: moves beside the walk's (DangerCirce).
//!    [`ConditionRule::second_motions`]: what a move becomes when its unit
//!    moves on (Take&MakeChess, Wormholes).
//! 4. [`ConditionRule::allows`]: whether one pseudo-legal move exists
//!    (MonochromChess, GridChess, Hole); [`ConditionRule::amend`] adds to
//!    a pseudo-legal move the effects the condition gives it (the
//!    half-neutral attribute's change of side).
//! 5. [`ConditionRule::observes`]: whether an observation counts, for
//!    check and for the conditions that read observation (Madrasi, Patrol).
//!    A condition whose hook judges only the geometry of a line (GridChess,
//!    MonochromChess, BichromChess, the edge movers) says so
//!    ([`ConditionRule::OBSERVATION_GEOMETRY`]): Madrasi's paralysis, which
//!    rests on the geometry alone, asks those too. One whose hook judges
//!    whether the observing unit may observe at all (the paralyses)
//!    says so ([`ConditionRule::OBSERVER`]): the questions "who observes
//!    this unit" (Patrouille's support) ask those alone.
//!    [`ConditionRule::checks`] adds checks observation does not show
//!    (DangerCirce); [`ConditionRule::decides_check`] says alone what
//!    check is (VogtlaenderChess).
//! 6. [`ConditionRule::legal_after`]: legality once the move is played
//!    (Alsatian, KoeKo, Isardam, ChecklessChess).
//! 7. [`ConditionRule::allows_rebirth`]: whether a Circe rebirth may take
//!    place on its square (ContactGridChess); [`ConditionRule::changes`]:
//!    the units a move changes as it is resolved, at each [`Stage`]
//!    (MagicSquares), for the conditions that say no to `keeps_units`.
//! 8. [`ConditionRule::arriving`]: the walk a moving unit arrives with,
//!    before its capture is resolved (EinsteinChess, ChameleonChess), and
//!    [`ConditionRule::settle`]: what the moves, their captures resolved,
//!    do to units beyond their motion (Volage, AndernachChess: a change of
//!    side, an `Effect::Changed`).
//! 9. [`ConditionRule::filter`]: the whole legal move list at once
//!    (Maximummer, MustCapture, Exclusive); [`ConditionRule::pseudo_filter`]
//!    the whole pseudo-legal list, before legality (Maximummer Exact,
//!    whose measure takes in the moves that leave the king in check).
//!
//! Beside them, [`ConditionRule::refusal`] (with the other rules) and
//! [`ConditionRule::refusal_in`] (with the diagram) say what is not played.
//! Before play, [`ConditionRule::prepare`] sets the state a condition
//! keeps in the position (Hole's holes; HaanerChess's squares that become
//! holes once left: `Position::holes`, which count as occupied by
//! nobody).
//!    (Maximummer, MustCapture, Exclusive). A filter that may leave a
//!    side with no move (Exclusive) says so in its capabilities
//!    (`filter_keeps_a_move`), and the test "has a legal move" then makes
//!    and filters the whole list.
//!
//! Beside the hooks, a condition says whether Popeye's intelligent mode
//! takes it ([`ConditionRule::INTELLIGENT`]).
//!
//! The goal tests ask two hooks: [`ConditionRule::mate_refused`] (a mate
//! that is none) and [`ConditionRule::stalemate_forced`] (a stalemate
//! whatever the usual test says): the paralysing attribute's
//! "suffocation by paralysis". The rules unit attributes carry (paralysing,
//! uncapturable, half-neutral: `attributes.rs`) are registered as
//! conditions put in force by the attribute (`CARRIED_BY`), never named.
//!
//! The conditions that read the previous move keep it in
//! `Position::history`, started by `prepare`; a condition the mate test
//! does not obey (UltraSchachZwang) says so in its capabilities
//! (`binds_mate_test`), and one the stalemate test does not obey
//! (BlackChecks) too (`binds_stalemate_test`). A filter may add a move
//! where none is left: BlackChecks's null move (`Motion::Null`).

mod alsatian;
mod backhome;
mod checkless;
mod danger_circe;
mod exclusive;
pub(super) mod madrasi;
// Group C: walks and observation.
pub(crate) mod annan;
mod bolero;
mod bul_dob;
mod cast;
mod confronted;
mod frankfurt;
mod guards;
mod hurdle_colour;
mod leofamily;
pub(crate) mod pad;
mod patrol;
pub(crate) mod point_reflection;
mod power_transfer;
mod transmission_menace;
mod transmuted_kings;
// Group B: the geometry of moves, and legality after the move.
mod central;
mod edgemover;
pub(crate) mod grid;
mod holes;
mod isardam;
mod jigger;
mod koeko;
mod lastcapture;
mod monochrome;
mod multicaptures;
pub(crate) mod mummer;
pub(crate) mod pepo;
mod singlebox;
// Group gen: which moves exist and what observes (part 1, the rest).
mod attributes;
pub(crate) use attributes::changed as changed_side;
mod bgl;
mod blackchecks;
mod check_rules;
pub(crate) mod eiffel;
mod messigny;
mod plus;
mod sat;
#[cfg(test)]
mod testing;
mod vaulting;
pub use plus::{plus_observers, CENTRE};
mod woozles;
// Group H: the previous move, and the filters of the move list.
mod dister;
mod forced_squares;
mod nocapture;
mod previous_move;
mod promonly;
mod ultraschachzwang;
// The promotion rank, and captures from the centre.
pub(crate) mod glasgow;
// Part 2, group P: units that change colour or walk as moves are played.
mod andernach;
mod chameleon;
pub(crate) mod einstein;
mod volage;
// Part 2, group M: moves with a second motion.
pub(crate) mod imitator;
mod take_make;
mod wormholes;
// Part 2, group M (second round): moves with a second motion.
mod make_take;
// Part 2, group K: kings, squares and captures that change units.
mod lost_pieces;
mod magic_squares;
mod tibet;
// Part 2, group Kings: the conditions on kings.
pub(crate) mod bicaptures;
mod dynasty;
mod extinction;
pub(crate) mod fuddled_men;
mod kobul;
pub(crate) mod losing;
pub(crate) mod role_exchange;
mod snek;
// Part 2, group "change": units that change colour or walk as moves are
// played (the rest), and the attributes that do so.
mod breton;
// Issue 20, part 2: moves that go on.
mod ghosts;
pub(crate) mod marine;
mod standard_walks;
pub(crate) use standard_walks::StandardWalks;
mod argentinian;
mod series_capture;
pub use ghosts::in_force as ghosts_in_force;
mod influencer;
mod magic;
mod norsk;
// Issue 20 (fairy conditions, part 2): the conditions of the tier-3 problems.
mod anda;
pub(crate) mod football;
pub(crate) mod sentinelles;
// Issue 19 (fairy conditions, part 1): legality, observation, goals.
pub(crate) mod all_in_chess;
mod disparate;
pub(crate) mod immobilio;
mod immobility;
mod patience;
pub(crate) mod revolving;
// Issue 20 (fairy conditions, part 2): conditions that change units as
// moves are played.
mod bicolores;
mod masand;
mod mate_c;
mod swapping_kings;
// Units that change side or walk by where, or after whom, they move.
pub(crate) mod traitor;
// Kings that exchange their squares after a side's moves.
pub(crate) mod oscillating_kings;
// Units that go over to the other side on the square its last move left.
mod chameleon_pursuit;
// Castling along any line.
pub(crate) mod castling_chess;
mod exchange_castling;
// Pawns on their first rank.
pub(crate) mod normal_pawn;
// Observation counted, provoked and paralysing; royal squares.
mod amu;
mod antikings;
mod darkside;
mod partial_paralysis;
pub(crate) mod prom_squares;
mod provocation;
pub(crate) mod royal_square;
// Kings put on the board where they would be mated.
pub(crate) mod republican;
// Two boards, A and B.
pub(crate) mod alice;
// A condition with no rule.
mod dummy;

use super::{Observer, Rules};
use crate::board::{Attrs, Bitboard, Color, Kind, Piece, Position, Square};
use crate::moves::{Effects, Move};

/// What a condition leaves of orthodox chess: each `true` is an orthodox
/// shortcut of the generator or the check test that still holds under it.
/// The "is it orthodox?" tests of [`Rules`] are derived from these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capabilities {
    /// Every unit may move, from its own square, with its own walk, and
    /// has no move beside its walk's (hooks 1 to 4 unused).
    pub orthodox_movers: bool,
    /// Observation is the orthodox attack of every unit from its square
    /// (hooks 2 and 5 unused).
    pub orthodox_observation: bool,
    /// A move is legal when it leaves the mover's king safe (hooks 6 and 7
    /// unused).
    pub orthodox_legality: bool,
    /// A king in check is always attacked, in the orthodox sense, by a
    /// unit from its square (the search's check-only shortcut).
    pub check_implies_attack: bool,
    /// Every move legal on its own stays legal: no filter over the whole
    /// list (hook 7 unused), so a move can be judged without the others.
    pub moves_judged_alone: bool,
    /// Every unit moves and observes with its own walk (hook 2 unused).
    /// A condition that says no must also say no to `orthodox_movers`,
    /// `orthodox_observation` and `check_implies_attack`.
    pub own_walks: bool,
    /// The filter (hook 7), if any, keeps a move of a list that has one,
    /// so a side with a legal move is never left without one.
    pub filter_keeps_a_move: bool,
    /// A diagram where the side to play could capture the king is
    /// illegal (not so under LeseMajeste, where kings are never captured).
    pub diagram_check_illegal: bool,
    /// The mate test obeys the condition: a side in check is mated when
    /// it has no move the condition allows. Where false (UltraSchachZwang)
    /// the mate test asks for a move without the condition.
    pub binds_mate_test: bool,
    /// The stalemate test obeys the condition (as `binds_mate_test`, for
    /// a side not in check). Where false (BlackChecks) it asks for a move
    /// without the condition.
    pub binds_stalemate_test: bool,
    /// A move changes no unit but by its motion and the Circe rebirths
    /// (hook [`ConditionRule::changes`] unused). Where false, every move
    /// goes through the general pipeline of `rules/capture.rs`, quiet
    /// moves and castling too.
    pub keeps_units: bool,
    /// A king is its side's royal unit: never reborn by Circe without Rex
    /// Inclusive. Where false (ExtinctionChess, RoyalDynasty: kings that
    /// are units as others), a captured king is reborn as any unit.
    pub royal_kings: bool,
    /// Where `orthodox_movers` is false: the units still move from their
    /// squares with their own walks and no move beside them, and the
    /// condition judges and amends each non-capture alone (hooks 1 and 3:
    /// `immobile`, `allows`, `amend`; no `settle` or `extra_moves`; a
    /// second motion for captures only), so the quiet moves are those of
    /// the whole list and may be generated without the captures. False
    /// unless the condition says so: it is read only beside
    /// `orthodox_movers`.
    pub quiet_moves_apart: bool,
}

impl Capabilities {
    /// A condition that changes nothing the shortcuts rest on.
    pub const ORTHODOX: Capabilities = Capabilities {
        orthodox_movers: true,
        orthodox_observation: true,
        orthodox_legality: true,
        check_implies_attack: true,
        moves_judged_alone: true,
        own_walks: true,
        filter_keeps_a_move: true,
        diagram_check_illegal: true,
        binds_mate_test: true,
        binds_stalemate_test: true,
        keeps_units: true,
        royal_kings: true,
        quiet_moves_apart: false,
    };
}

/// What one move may do to the units on the board under a condition, as
/// the proof games' bound reads it (`src/solve/proof.rs`). Each
/// declaration must follow from the condition's rule; a condition that
/// declares nothing leaves proof games without a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofTraffic {
    /// Not declared: no bound.
    Unknown,
    /// The condition only takes moves away or changes which are legal:
    /// each move that remains is one orthodox chess (or the Circe form in
    /// force) has, with the same motion and the same effects on units, so
    /// every bound of those forms holds (Madrasi, KoeKo, FuddledMen).
    Restricts,
    /// Each move moves and takes units as orthodox chess (or the Circe
    /// form in force) does, but the mover may arrive with another walk:
    /// a queen's, rook's, bishop's or knight's, never a king's or a
    /// pawn's, and kings keep theirs (NorskSjakk, ChameleonChess). Every
    /// count of those forms holds; the routes, which follow walks, do not.
    ChangesWalks,
    /// Units may move otherwise than by their walks, but no move creates
    /// a unit, makes one a pawn or changes a unit's side, and each moves
    /// at most the units counted here.
    Moves(UnitTraffic),
    /// Units move as in orthodox chess (one unit to one square, the
    /// castling two), no unit is created or becomes a pawn, but a move
    /// may hand any number of units other than the kings over to the
    /// other side, never changing their walks or squares (#C).
    Recolours,
}

/// The most units one move brings onto squares or takes from them, for
/// [`ProofTraffic::Moves`]. The orthodox castling (once per side, by the
/// king on its home square that has not moved) is counted apart; where
/// the condition may let it come back, `own` counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitTraffic {
    /// Units of the mover's side brought onto squares, and taken from
    /// squares (by moving them).
    pub own: u8,
    /// Units of the other side brought onto squares.
    pub other_arrivals: u8,
    /// Units of the other side taken from squares (captured, moved or
    /// removed).
    pub other_departures: u8,
    /// Units of the other side taken off the board.
    pub removed: u8,
    /// Units of both sides brought onto squares in all.
    pub fills: u8,
    /// How far units move by their walks alone, so that the routes to
    /// the target squares bound the moves (`src/solve/routes.rs`); None:
    /// the routes do not hold.
    pub routes: Option<Routes>,
}

/// How units move, as the routes to a proof game's target read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Routes {
    /// Every unit moves by its own walk alone, as in orthodox chess.
    Walks,
    /// Every unit but the kings moves by its own walk alone, as in
    /// orthodox chess, and a capture takes the unit it lands on; a king
    /// moves at most as a queen or a knight would (TransmutedKings,
    /// ReflectiveKings, LosingChess), and a pawn may become one.
    ButKings,
    /// Every unit moves by its own walk alone on its board (kings too), a
    /// capture takes the unit it lands on, and each move takes the units
    /// it moves to the other board (AliceChess): a unit's number of moves
    /// is odd exactly where its board changes.
    AliceBoards,
    /// Every unit moves by its own walk alone, but a castling takes the
    /// king two squares along a rank or file and a rook of either side
    /// along the same line (Rokagogo): the routes hold for the units
    /// that are not rooks, a king's step counting up to two squares
    /// along a rank or file.
    CastlingRooks,
}

impl UnitTraffic {
    /// One unit of the mover's moves, and may capture one.
    pub const ONE_UNIT: UnitTraffic = UnitTraffic {
        own: 1,
        other_arrivals: 0,
        other_departures: 1,
        removed: 1,
        fills: 1,
        routes: None,
    };
}

/// Where, in the resolution of a move, the [`ConditionRule::changes`] hook
/// is asked: Popeye's order of the changes a move brings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Once the motion is played, before any rebirth.
    BeforeRebirths,
    /// After the capturer's rebirth (AntiCirce), before the captured
    /// unit's (Circe).
    AfterCapturerRebirth,
    /// Once every rebirth is made (LostPieces' removals).
    AfterRebirths,
}

/// The walks a unit moves and observes with: one, or several (a king that
/// takes the walks of the units checking it), none repeated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walks {
    kinds: [Kind; Walks::ROOM],
    len: u8,
    /// Each walk's moves are the unit's apart (VaultingKings): a move two
    /// walks make is listed once per walk, the first walk's (the unit's
    /// own) tried first, then the others' (the last generated first).
    apart: bool,
    /// The walk the unit's non-captures are made with instead (Bolero):
    /// the walks above then make its captures only.
    quiet: Option<Kind>,
    /// A square the unit reaches is reached once, by the first walk that
    /// reaches it (TransmissionMenace: Popeye's unit's own walk first,
    /// then the others in its order of walks, the last generated tried
    /// first).
    once_per_arrival: bool,
}

impl Walks {
    const ROOM: usize = 16;

    /// No walk.
    pub const NONE: Walks = Walks {
        kinds: [Kind::KING; Walks::ROOM],
        len: 0,
        apart: false,
        quiet: None,
        once_per_arrival: false,
    };

    /// The one walk `kind`.
    #[inline]
    pub fn one(kind: Kind) -> Walks {
        let mut w = Walks::NONE;
        w.push(kind);
        w
    }

    /// Adds `kind` unless it is there (or there is no room left).
    #[inline]
    pub fn push(&mut self, kind: Kind) {
        if !self.contains(kind) && (self.len as usize) < Walks::ROOM {
            self.kinds[self.len as usize] = kind;
            self.len += 1;
        }
    }

    /// Adds `kind` even when it is there (a walk a unit moves with twice,
    /// its moves kept apart), unless there is no room left.
    #[inline]
    pub fn push_again(&mut self, kind: Kind) {
        if (self.len as usize) < Walks::ROOM {
            self.kinds[self.len as usize] = kind;
            self.len += 1;
        }
    }

    /// These walks, each walk's moves kept apart (see `apart`).
    #[inline]
    pub fn kept_apart(self) -> Walks {
        Walks {
            apart: true,
            ..self
        }
    }

    /// These walks for the captures, and `kind` for the non-captures
    /// (Bolero).
    #[inline]
    pub fn with_quiet(self, kind: Kind) -> Walks {
        Walks {
            quiet: Some(kind),
            ..self
        }
    }

    /// The walk of the non-captures, when it is not the captures' walks.
    #[inline]
    pub fn quiet(&self) -> Option<Kind> {
        self.quiet
    }

    /// Whether each walk's moves are kept apart.
    #[inline]
    pub fn are_apart(&self) -> bool {
        self.apart
    }

    /// These walks, a square reached once (see `once_per_arrival`).
    #[inline]
    pub fn once_per_arrival(self) -> Walks {
        Walks {
            once_per_arrival: true,
            ..self
        }
    }

    /// Whether a square is reached once, by the first walk reaching it.
    #[inline]
    pub fn is_once_per_arrival(&self) -> bool {
        self.once_per_arrival
    }

    #[inline]
    pub fn contains(&self, kind: Kind) -> bool {
        self.kinds[..self.len as usize].contains(&kind)
    }

    /// Whether the walks are `kind` alone.
    #[inline]
    pub fn is_just(&self, kind: Kind) -> bool {
        self.len == 1 && self.kinds[0] == kind
    }

    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Kind> + '_ {
        self.kinds[..self.len as usize].iter().copied()
    }
}

/// The parameter a condition takes after its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parameter {
    /// None.
    None,
    /// The word RexInclusive, optionally (Madrasi).
    RexInclusive,
    /// The word RexExclusive, optionally (Woozles, MessignyChess, whose
    /// kings take part by default): number 1 when given. Popeye does not
    /// write it under the diagram.
    RexExclusive,
    /// A list of squares (Hole, ForcedSquares).
    Squares,
    /// A list of squares, then `Type1` or `Type2` optionally, the type kept
    /// as its number (MagicSquares); Popeye writes `Type2` before the
    /// squares, and no type for the first.
    TypedSquares,
    /// The word RexExclusive, optionally, written under the diagram when
    /// given (FrankfurtChess, whose kings take part by default): number 1.
    RexExclusiveWritten,
    /// PAD's words `Strict` and `RexInclusive`, in any order: the bits 1
    /// and 2 of `Param::number`.
    PadForms,
    /// The word `Inverse`, optionally (CASTChess): number 1 when given.
    Inverse,
    /// `Type1` ... `TypeN` (the first number), the second number by
    /// default (SingleBox: the first; RepublicanChess: the second).
    Type(u8, u8),
    /// `TypeA` ... up to the letter given (`TypeA` by default, kept as
    /// number 1), then the word RexInclusive, optionally (Isardam).
    Lettered(u8),
    /// `Neighbour` and a leaper whose squares count as contact (KoeKo,
    /// AntiKoeko); read, and kept as number 1 when given.
    Neighbour,
    /// The cells of the board (GridChess): the normal grid, shifted by a
    /// file or a rank or both, given by the files and ranks its lines pass
    /// after (`Orthogonal bdf246`) or cell by cell (`Irregular a1a2 ...`),
    /// with extra partial lines (`GridLine Ha24 ...`); in `Param::grid`.
    Grid,
    /// The word `Exact` or `Ultra`, optionally (the mummer conditions):
    /// number 1 for Exact, 2 for Ultra.
    Strictness,
    /// A list of walks, by their codes (PromOnly).
    Walks,
    /// A list of walks, optionally, that Popeye does not write under the
    /// diagram (Immobilio); in `Param::kinds` as `Walks`.
    WalksUnwritten,
    /// Squares in the order given, the first kept as number (index + 1):
    /// the Dister conditions' two units.
    SquarePair,
    /// A number, optionally, and a second for Black (SAT: the flights a
    /// king may have), kept plus one in `Param::counts`.
    Flights,
    /// A list of walks in the order given, optionally (VaultingKings), in
    /// `Param::walk_list`; `Param::number` 1 when the word `Transmuting`
    /// is among them.
    WalkList,
    /// A distance for White and one for Black, in squares with up to two
    /// decimals (`4.5`, `4,45`) or `-` for none, in `Param::distances`;
    /// one number alone is one allowance both share (`Param::number` 1).
    Distances,
    /// Breton's forms, the words Adverse, Chromatic and PY (in the
    /// language of the input), in any order: the bits 1, 2 and 4 of
    /// `Param::number`.
    BretonForms,
    /// The word White or Black (in the language of the input),
    /// optionally: number 1 for White, 2 for Black (KobulKings). Popeye
    /// writes it in English under the diagram.
    Side,
    /// Sentinelles' words, in any order: `PionAdvers` or `PionNeutre` (the
    /// sentinels' side, number 1 or 2), `ParaSentinelles` (bit 4),
    /// `Berolina` (bit 8), and the maxima `MaximumWhite N`, `MaximumBlack
    /// N` (in `Param::counts`) and `MaximumTotal N` (`Param::total`).
    Sentinelles,
    /// A number, optionally: how many times a move may be made
    /// (RoleExchange), in `Param::limit`; none given, no limit.
    Limit,
    /// A list of walks, each becoming the next, the last the first
    /// (ChameleonSequence), in `Param::walk_list` (number 1 when more were
    /// given than it holds); Popeye writes it as cycles, `Q->R->B->S->Q`.
    WalkSequence,
    /// A side (White or Black, in the language of the input: number 1 or
    /// 2), then a walk's code and a square, together or apart (`white
    /// bg4`): a unit, its walk in `Param::walk_list`, its square in
    /// `Param::squares` (LastCapture). Popeye writes none of it under the
    /// diagram.
    CapturedUnit,
}

/// For which side a condition selects among the legal moves by a measure
/// (Popeye's mummer mechanism).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selects {
    /// It is no selector.
    Nobody,
    /// It selects for both sides.
    Both,
    /// It selects for one side.
    Side(Color),
}

impl Selects {
    /// Whether it selects among `side`'s moves.
    pub fn includes(self, side: Color) -> bool {
        match self {
            Selects::Nobody => false,
            Selects::Both => true,
            Selects::Side(s) => s == side,
        }
    }
}

/// A condition's parameter as read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Param {
    /// RexInclusive was given.
    pub rex_inclusive: bool,
    /// The squares given.
    pub squares: Bitboard,
    /// The type given (0: none written).
    pub number: u8,
    /// The grid, when it is not the normal one (GridChess's variants).
    pub grid: Option<&'static grid::GridMap>,
    /// The walks given (PromOnly).
    pub kinds: super::KindSet,
    /// Numbers given for each side (White, Black), each plus one; 0 when
    /// none is given (SAT's flights).
    pub counts: [u8; 2],
    /// The walks given in order (each kind's index + 1; 0: no more).
    pub walk_list: [u8; 12],
    /// Distances given for each side (White, Black) in hundredths of a
    /// square; `None`: no limit (BGL).
    pub distances: [Option<u32>; 2],
    /// A number for both sides together, plus one; 0 when none is given
    /// (Sentinelles' MaximumTotal).
    pub total: u8,
    /// The number given (`Parameter::Limit`); `None`: no limit.
    pub limit: Option<u32>,
}

impl Param {
    /// Nothing given: the parameter of a condition none was read for.
    pub const NONE: Param = Param {
        rex_inclusive: false,
        squares: Bitboard::EMPTY,
        number: 0,
        grid: None,
        kinds: super::KindSet([0; 4]),
        counts: [0; 2],
        walk_list: [0; 12],
        distances: [None; 2],
        total: 0,
        limit: None,
    };
}

impl Param {
    /// The walks given in order (`Parameter::WalkList`).
    pub fn walk_list(&self) -> impl Iterator<Item = Kind> + '_ {
        self.walk_list
            .iter()
            .take_while(|&&k| k != 0)
            .filter_map(|&k| Kind::from_index(usize::from(k) - 1))
    }

    /// The walk after `kind` in the sequence given (`Param::sequence`),
    /// read off the list without building it (asked at every move of a
    /// chameleon).
    #[inline]
    pub fn next_in_sequence(&self, kind: Kind) -> Kind {
        let code = kind.index() as u8 + 1;
        let list = &self.walk_list;
        let n = list.iter().take_while(|&&k| k != 0).count();
        let mut to = code;
        for pair in list[..n].windows(2) {
            if pair[0] == code {
                to = pair[1];
            }
        }
        if n > 1 && list[0] != list[n - 1] && list[n - 1] == code {
            to = list[0];
        }
        Kind::from_index(usize::from(to) - 1).unwrap_or(kind)
    }

    /// The walks given as a sequence (`Parameter::WalkSequence`): each
    /// becomes the next, and a list that does not end where it began is
    /// closed from its last walk to its first; a later pair replaces an
    /// earlier one for the same walk (Popeye's reading).
    pub fn sequence(&self) -> super::ChameleonSequence {
        let kinds: Vec<Kind> = self.walk_list().collect();
        let mut seq = super::ChameleonSequence::default();
        for pair in kinds.windows(2) {
            seq.set(pair[0], pair[1]);
        }
        if let (Some(&first), Some(&last)) = (kinds.first(), kinds.last()) {
            if kinds.len() > 1 && first != last {
                seq.set(last, first);
            }
        }
        seq
    }
}

/// The rule of one condition: its hooks, each with a default that
/// changes nothing. `rules` is the whole of the rules in force, for the
/// conditions that read observation or check.
pub trait ConditionRule {
    /// Popeye's identifier (`crate::vocabulary::CONDITION_NAMES`).
    const ID: &'static str;
    const CAPABILITIES: Capabilities = Capabilities::ORTHODOX;
    /// The capabilities with the parameter given, where a type keeps more
    /// shortcuts than another (SingleBox type 1 judges moves alone, type 2
    /// filters the list); never more than [`ConditionRule::CAPABILITIES`]
    /// promise to the readers of the set alone.
    fn capabilities_given(_param: &Param) -> Capabilities {
        Self::CAPABILITIES
    }
    const PARAMETER: Parameter = Parameter::None;
    /// Whether Popeye names it under the diagram (Hole it does not).
    const WRITTEN: bool = true;
    /// Whether Popeye's intelligent mode takes it (its short list).
    const INTELLIGENT: bool = false;
    /// The unit attribute that puts the condition in force where the
    /// problem does not name it, for the units that carry it, and the
    /// parameter number that says so (the functionary attribute:
    /// FunctionaryChess).
    const CARRIED_BY: Option<(Attrs, u8)> = None;
    /// Whether it is one of Popeye's move selectors (its mummer mechanism:
    /// Maximummer, MustCapture, Duellist, FollowMyLeader...), of which a
    /// side may have only one, and for which side.
    const SELECTS: Selects = Selects::Nobody;
    /// Whether its `observes` hook judges only the geometry of an
    /// observation (which squares a line may join: GridChess, MonochromChess,
    /// BichromChess, the edge movers), so that it bears on Madrasi's
    /// paralysis too, as Popeye's observation geometry validators do.
    const OBSERVATION_GEOMETRY: bool = false;
    /// Whether its `observes` hook judges whether the observing unit may
    /// observe at all (paralysis: Madrasi, Eiffel, Immobilio, the
    /// paralysing attribute; the Woozles' locks), so that it bears on the
    /// conditions that ask who observes a unit (Patrouille's support,
    /// Lortap's guard, a functionary's duty), as Popeye's observer
    /// validators do.
    const OBSERVER: bool = false;
    /// Whether it gives captures a second motion
    /// ([`ConditionRule::second_motions`]: Take&MakeChess).
    const SECOND_MOTION: bool = false;
    /// Whether a capture of the king is judged once its first second
    /// motion is played (Wormholes: the capturer comes out of the first
    /// other wormhole before the king's rebirth, and may stand on its
    /// square). Take&Make's check stays the capture alone.
    const SECOND_MOTION_IN_CHECK: bool = false;
    /// Whether it defines immobility for the goals
    /// ([`ConditionRule::decides_immobility`]: MAFF, OWU).
    const DEFINES_IMMOBILITY: bool = false;
    /// What one move may do to the units, for the proof games' bound.
    const PROOF: ProofTraffic = ProofTraffic::Unknown;

    /// `PROOF` under `rules`, where the condition's parameter allows less.
    fn proof(_rules: &Rules) -> ProofTraffic {
        Self::PROOF
    }

    /// The units of `side` that may not move.
    #[inline(always)]
    fn immobile(_rules: &Rules, _pos: &Position, _side: Color) -> Bitboard {
        Bitboard::EMPTY
    }

    /// The walks `unit`, standing on `on`, moves and observes with (its
    /// own unless the condition changes it; `unit.kind` is the walk the
    /// conditions before this one gave it); `observing` when they are
    /// asked for observation rather than for moves.
    #[inline(always)]
    fn walks(_rules: &Rules, _pos: &Position, _on: Square, unit: Piece, _observing: bool) -> Walks {
        Walks::one(unit.kind)
    }

    /// Appends the moves the condition gives `from`'s unit beside its walk.
    #[inline(always)]
    fn extra_moves(_rules: &Rules, _pos: &Position, _from: Square, _out: &mut Vec<Move>) {}

    /// The moves the pseudo-legal move `take` becomes (a condition with
    /// [`ConditionRule::SECOND_MOTION`]): each is `found`, in Popeye's
    /// order, with its unit's square after the motion as `to`, the victim's
    /// square as `capture_square` and a second motion as an effect; the
    /// generator adds the promotions of one left without promotion that
    /// brings a pawn to its promotion rank, then the rules resolve the
    /// capture. By default the move itself.
    #[inline(always)]
    fn second_motions(_rules: &Rules, _pos: &Position, take: &Move, found: &mut dyn FnMut(Move)) {
        found(*take)
    }

    /// Whether a pseudo-legal move exists under the condition.
    #[inline(always)]
    fn allows(_rules: &Rules, _pos: &Position, _mv: &Move) -> bool {
        true
    }

    /// Adds to a pseudo-legal move the effects the condition gives it
    /// (the half-neutral attribute: the mover changes side), after the
    /// effects the rules gave it.
    #[inline(always)]
    fn amend(_rules: &Rules, _pos: &Position, _mv: &mut Move) {}

    /// Whether `observer` observing `target` counts (is validated).
    #[inline(always)]
    fn observes(_rules: &Rules, _pos: &Position, _observer: &Observer, _target: Square) -> bool {
        true
    }

    /// Whether the side `color` is in check, when the condition decides
    /// it alone (VogtlaenderChess: a side is in check when it checks the
    /// other); `None` leaves check to the hooks below and to observation.
    #[inline(always)]
    fn decides_check(_rules: &Rules, _pos: &Position, _color: Color) -> Option<bool> {
        None
    }

    /// Whether the king of `color` on `king` is in check in a way
    /// observation does not show.
    #[inline(always)]
    fn checks(_rules: &Rules, _pos: &Position, _king: Square, _color: Color) -> bool {
        false
    }

    /// Whether a mate of `side` in `pos` (in check, no legal move) is
    /// none under the condition (the paralysing attribute: a side whose
    /// movable units are all paralysed is not mated).
    #[inline(always)]
    fn mate_refused(_rules: &Rules, _pos: &Position, _side: Color) -> bool {
        false
    }

    /// Whether `mv`, played from `before`, mates in no case under the
    /// condition (AMU: its unit must have been observed exactly once).
    #[inline(always)]
    fn mating_move_refused(_rules: &Rules, _before: &Position, _mv: &Move) -> bool {
        false
    }

    /// Whether the side to move in `pos` is immobile for the goals (mate,
    /// stalemate and their kin), when the condition defines immobility
    /// alone (MAFF: exactly one king move); `None`: it has no legal move.
    /// `rules` are those the goal test asks for moves under.
    #[inline(always)]
    fn decides_immobility(_rules: &Rules, _pos: &Position) -> Option<bool> {
        None
    }

    /// Whether `side` is stalemated in `pos` whatever the usual test says
    /// (the paralysing attribute: a side whose movable units are all
    /// paralysed is stalemated, in check or not).
    #[inline(always)]
    fn stalemate_forced(_rules: &Rules, _pos: &Position, _side: Color) -> bool {
        false
    }

    /// Whether `mv`, played from `before` to `after`, is legal (the
    /// mover's king is already known to be safe).
    #[inline(always)]
    fn legal_after(_rules: &Rules, _before: &Position, _mv: &Move, _after: &Position) -> bool {
        true
    }

    /// Whether a Circe rebirth on `sq` may take place, `occupied` the
    /// squares then taken (ContactGridChess: only next to a unit across a
    /// grid line); a rebirth refused is none, as on a hole.
    #[inline(always)]
    fn allows_rebirth(_rules: &Rules, _occupied: Bitboard, _sq: Square) -> bool {
        true
    }

    /// The changes the condition makes to units once `mv` (played from
    /// `before`) has come to `now` at `stage`, its effects so far `so_far`
    /// (the move's own ones, then the rules'), appended to `out` in the
    /// order Popeye records them (MagicSquares: a unit arriving on a magic
    /// square changes sides). A condition using it says `keeps_units:
    /// false`.
    #[inline(always)]
    fn changes(
        _rules: &Rules,
        _stage: Stage,
        _before: &Position,
        _mv: &Move,
        _now: &Position,
        _so_far: &Effects,
        _out: &mut Effects,
    ) {
    }

    /// The units the condition removes when a side passes (the null move
    /// of a threat), `passed` the position after the pass, appended to
    /// `out` (LostPieces: Popeye's null move is a move like any other, and
    /// the waiting side's units mated as kings are lost: `threat:[-wPd7]`).
    #[inline(always)]
    fn pass_changes(_rules: &Rules, _passed: &Position, _out: &mut Effects) {}

    /// The changes of which the move takes one, each a move of its own in
    /// this order, once `mv` (played from `before`) has come to `now`
    /// before any rebirth (SnekChess: each unit that may take the walk of
    /// the unit captured); none: the move as it is. A condition using it
    /// says `keeps_units: false`.
    #[inline(always)]
    fn choices(
        _rules: &Rules,
        _before: &Position,
        _mv: &Move,
        _now: &Position,
        _out: &mut Vec<crate::moves::Effect>,
    ) {
    }

    /// The motions that go on from `mv` (played from `before`) once it has
    /// come to `now` after the capturer's rebirth and the changes made
    /// then, of which the move takes one, each a move of its own in this
    /// order, before the captured unit's rebirth (the bul and dob
    /// attributes: the hurdle's moves), each with what follows it once the
    /// captured unit is reborn (the hurdle's promotion). `true` when the
    /// move must go on: with `out` left empty it is not played. A
    /// condition using it says `keeps_units: false`.
    #[inline(always)]
    fn goes_on(
        _rules: &Rules,
        _before: &Position,
        _mv: &Move,
        _now: &Position,
        _out: &mut Vec<(crate::moves::Effect, Option<crate::moves::Effect>)>,
    ) -> bool {
        false
    }

    /// Keeps of the legal moves `moves[start..]` those the condition
    /// allows, in their order.
    #[inline(always)]
    fn filter(_rules: &Rules, _pos: &Position, _moves: &mut Vec<Move>, _start: usize) {}

    /// Keeps of the pseudo-legal moves `moves[start..]`, before their
    /// legality is judged, those the condition allows, in their order
    /// (a measure taken over the moves illegal ones included: Maximummer
    /// Exact). A condition using it says `filter_keeps_a_move: false`.
    #[inline(always)]
    fn pseudo_filter(_rules: &Rules, _pos: &Position, _moves: &mut Vec<Move>, _start: usize) {}

    /// Where the pseudo-filter keeps the pseudo-legal moves of the side to
    /// move that score highest and nothing else (the mummers' Exact and
    /// Ultra forms): the score, so that the generator need resolve only
    /// the moves that may score highest.
    #[inline(always)]
    fn measure(_rules: &Rules, _pos: &Position) -> Option<fn(&Move) -> u32> {
        None
    }

    /// `movenumbers`: keeps of `moves` (pseudo-legal, in Popeye's order)
    /// those Popeye numbers as first moves, where the condition's filter
    /// runs before the numbering (the mummers' measure).
    #[inline(always)]
    fn numbered(_rules: &Rules, _pos: &Position, _moves: &mut Vec<Move>) {}

    /// Changes the walk the moving unit of `mv` arrives with, before its
    /// capture is resolved (a rebirth of the capturer then goes by the new
    /// walk): sets `mv.promotion` (EinsteinChess, ChameleonChess). Asked
    /// for every pseudo-legal move as it is made.
    #[inline(always)]
    fn arriving(_rules: &Rules, _pos: &Position, _mv: &mut Move) {}

    /// Whether the condition has an [`ConditionRule::arriving`] or
    /// [`ConditionRule::arrival_walks`] hook: only then does the generator
    /// ask them, once per move.
    const ARRIVING: bool = false;

    /// The walks the moving unit of `mv` may end its move with, each
    /// choice a move of its own, in this order (FootballChess's
    /// substitutes); `None`: only the walk it arrives with. Asked after
    /// [`ConditionRule::arriving`], before the capture is resolved.
    #[inline(always)]
    fn arrival_walks(_rules: &Rules, _pos: &Position, _mv: &Move) -> Option<Walks> {
        None
    }

    /// Adds to the pseudo-legal moves `moves[start..]`, their captures
    /// resolved, what they do to units beyond their motion (a change of
    /// side: Volage, AndernachChess), keeping their order; a move may
    /// become several in its place (a promotion into a chameleon or not).
    #[inline(always)]
    fn settle(_rules: &Rules, _pos: &Position, _moves: &mut Vec<Move>, _start: usize) {}

    /// Prepares the diagram's position for play under the condition (the
    /// state it keeps there: Hole's holes, HaanerChess's rule that squares
    /// left become holes). Called once, before solving.
    #[inline(always)]
    fn prepare(_rules: &Rules, _pos: &mut Position) {}

    /// Why the condition cannot be played with the rest of `rules`.
    fn refusal(_rules: &Rules) -> Option<String> {
        None
    }

    /// Why the condition cannot be played in the diagram `pos` (units it
    /// has no place for).
    fn refusal_in(_rules: &Rules, _pos: &Position) -> Option<String> {
        None
    }
}

/// The registry: each condition the solver plays and its module's rule.
/// Generates [`Condition`] and the dispatchers of [`Conditions`].
macro_rules! registry {
    ($($(#[$doc:meta])* $variant:ident => $rule:ty,)*) => {
        /// A further condition.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
        #[repr(u8)]
        pub enum Condition {
            $($(#[$doc])* $variant,)*
        }

        impl Condition {
            /// Every condition, in registry order.
            pub const ALL: &'static [Condition] = &[$(Condition::$variant,)*];

            /// The set of the conditions that change units beyond the
            /// motion (`Capabilities::keeps_units` false).
            const CHANGING_UNITS: [u64; CONDITION_WORDS] = {
                let mut set = [0u64; CONDITION_WORDS];
                let mut i = 0;
                while i < Condition::ALL.len() {
                    if !Condition::ALL[i].capabilities().keeps_units {
                        set[i / 64] |= 1 << (i % 64);
                    }
                    i += 1;
                }
                set
            };

            /// The set of the conditions with an `arriving` or
            /// `arrival_walks` hook ([`ConditionRule::ARRIVING`]).
            const ARRIVING: [u64; CONDITION_WORDS] = {
                let mut set = [0u64; CONDITION_WORDS];
                let mut i = 0;
                while i < Condition::ALL.len() {
                    if Condition::ALL[i].arrives() {
                        set[i / 64] |= 1 << (i % 64);
                    }
                    i += 1;
                }
                set
            };

            /// Whether the condition may change the walk a mover arrives
            /// with ([`ConditionRule::ARRIVING`]).
            pub const fn arrives(self) -> bool {
                match self {
                    $(Condition::$variant => <$rule as ConditionRule>::ARRIVING,)*
                }
            }

            /// Each condition's capabilities, in registry order: asked at
            /// every move, so read from a table rather than through a match
            /// that builds the whole struct.
            const CAPABILITIES: [Capabilities; Condition::ALL.len()] =
                [$(<$rule as ConditionRule>::CAPABILITIES,)*];

            /// What the condition leaves of orthodox chess.
            #[inline]
            pub const fn capabilities(self) -> Capabilities {
                Condition::CAPABILITIES[self as usize]
            }

            /// Popeye's identifier of the condition.
            pub const fn popeye_id(self) -> &'static str {
                match self {
                    $(Condition::$variant => <$rule as ConditionRule>::ID,)*
                }
            }

            /// The parameter the condition takes.
            pub const fn parameter(self) -> Parameter {
                match self {
                    $(Condition::$variant => <$rule as ConditionRule>::PARAMETER,)*
                }
            }

            /// What the condition leaves of orthodox chess with the
            /// parameter given.
            pub fn capabilities_given(self, param: &Param) -> Capabilities {
                match self {
                    $(Condition::$variant => <$rule as ConditionRule>::capabilities_given(param),)*
                }
            }

            /// For which side the condition is a move selector.
            pub const fn selects(self) -> Selects {
                match self {
                    $(Condition::$variant => <$rule as ConditionRule>::SELECTS,)*
                }
            }

            /// Whether the condition is named under the diagram.
            pub const fn written_under_diagram(self) -> bool {
                match self {
                    $(Condition::$variant => <$rule as ConditionRule>::WRITTEN,)*
                }
            }

            /// The attribute that puts the condition in force for the
            /// units that carry it, and its parameter number then.
            pub const fn carried_by(self) -> Option<(Attrs, u8)> {
                match self {
                    $(Condition::$variant => <$rule as ConditionRule>::CARRIED_BY,)*
                }
            }

            /// Whether the condition gives captures a second motion.
            pub const fn second_motion(self) -> bool {
                match self {
                    $(Condition::$variant => <$rule as ConditionRule>::SECOND_MOTION,)*
                }
            }

            /// Whether a capture of the king is judged after its second
            /// motion.
            pub const fn second_motion_in_check(self) -> bool {
                match self {
                    $(Condition::$variant => <$rule as ConditionRule>::SECOND_MOTION_IN_CHECK,)*
                }
            }

            /// What one move may do to the units under the condition, for
            /// the proof games' bound.
            pub const fn proof_traffic(self) -> ProofTraffic {
                match self {
                    $(Condition::$variant => <$rule as ConditionRule>::PROOF,)*
                }
            }

            /// `proof_traffic` under `rules` (the condition's parameter).
            pub fn proof_traffic_in(self, rules: &Rules) -> ProofTraffic {
                match self {
                    $(Condition::$variant => <$rule as ConditionRule>::proof(rules),)*
                }
            }

            /// Whether the condition defines immobility for the goals.
            pub const fn defines_immobility(self) -> bool {
                match self {
                    $(Condition::$variant => <$rule as ConditionRule>::DEFINES_IMMOBILITY,)*
                }
            }

            /// Whether Popeye's intelligent mode takes the condition.
            pub const fn allows_intelligent(self) -> bool {
                match self {
                    $(Condition::$variant => <$rule as ConditionRule>::INTELLIGENT,)*
                }
            }

            /// The condition of Popeye's identifier `id`, if the solver
            /// plays it.
            pub fn by_popeye_id(id: &str) -> Option<Condition> {
                Condition::ALL.iter().copied().find(|c| c.popeye_id() == id)
            }

            fn refusal(self, rules: &Rules) -> Option<String> {
                match self {
                    $(Condition::$variant => <$rule as ConditionRule>::refusal(rules),)*
                }
            }

            fn refusal_in(self, rules: &Rules, pos: &Position) -> Option<String> {
                match self {
                    $(Condition::$variant => <$rule as ConditionRule>::refusal_in(rules, pos),)*
                }
            }
        }

        impl Conditions {
            /// The units of `side` that may not move.
            #[inline]
            pub fn immobile(self, rules: &Rules, pos: &Position, side: Color) -> Bitboard {
                let mut stuck = Bitboard::EMPTY;
                for c in self.iter() {
                    stuck |= match c {
                        $(Condition::$variant => <$rule as ConditionRule>::immobile(rules, pos, side),)*
                    };
                }
                stuck
            }

            /// The walks the unit on `on` moves and observes with: each
            /// condition in turn maps each walk the ones before it gave.
            #[inline]
            pub fn walks(self, rules: &Rules, pos: &Position, on: Square, unit: Piece, observing: bool) -> Walks {
                let mut walks = Walks::one(unit.kind);
                for c in self.iter() {
                    if c.capabilities().own_walks {
                        continue;
                    }
                    let mut next = Walks::NONE;
                    for kind in walks.iter() {
                        let as_now = Piece { kind, ..unit };
                        let mapped = match c {
                            $(Condition::$variant => <$rule as ConditionRule>::walks(rules, pos, on, as_now, observing),)*
                        };
                        if mapped.are_apart() {
                            // Walks kept apart may hold a walk twice
                            // (CheekToCheek): kept, but not one that an
                            // earlier walk's mapping gave.
                            let before = next;
                            for k in mapped.iter() {
                                if before.contains(k) {
                                    next.push(k);
                                } else {
                                    next.push_again(k);
                                }
                            }
                            next = next.kept_apart();
                        } else {
                            for k in mapped.iter() {
                                next.push(k);
                            }
                        }
                        if let Some(quiet) = mapped.quiet() {
                            next = next.with_quiet(quiet);
                        }
                        if mapped.is_once_per_arrival() {
                            next = next.once_per_arrival();
                        }
                    }
                    if walks.are_apart() {
                        next = next.kept_apart();
                    }
                    walks = next;
                }
                walks
            }

            /// Appends the moves beside the walk's of `from`'s unit.
            #[inline]
            pub fn extra_moves(self, rules: &Rules, pos: &Position, from: Square, out: &mut Vec<Move>) {
                for c in self.iter() {
                    match c {
                        $(Condition::$variant => <$rule as ConditionRule>::extra_moves(rules, pos, from, out),)*
                    }
                }
            }

            /// The moves the capture `take` becomes under the (first)
            /// condition that gives captures a second motion.
            pub fn second_motions(self, rules: &Rules, pos: &Position, take: &Move, found: &mut dyn FnMut(Move)) {
                match self.iter().find(|c| c.second_motion()) {
                    $(Some(Condition::$variant) => <$rule as ConditionRule>::second_motions(rules, pos, take, found),)*
                    None => found(*take),
                }
            }

            /// Keeps of the pseudo-legal moves `moves[start..]` those every
            /// condition lets exist, and adds to each the effects the
            /// conditions give it (`ConditionRule::allows` and `amend`),
            /// with the set walked once per list, not twice per move (each
            /// condition's test is the move's alone, so asking them
            /// condition by condition keeps the same moves, amended in the
            /// same order).
            pub fn allow_and_amend(self, rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
                for c in self.iter() {
                    let mut keep = start;
                    match c {
                        $(Condition::$variant => {
                            for i in start..moves.len() {
                                if <$rule as ConditionRule>::allows(rules, pos, &moves[i]) {
                                    if keep != i {
                                        moves[keep] = moves[i];
                                    }
                                    keep += 1;
                                }
                            }
                        })*
                    }
                    moves.truncate(keep);
                }
                for c in self.iter() {
                    match c {
                        $(Condition::$variant => {
                            for mv in &mut moves[start..] {
                                <$rule as ConditionRule>::amend(rules, pos, mv);
                            }
                        })*
                    }
                }
            }


            /// Whether every condition validates the observation.
            #[inline]
            pub fn observes(self, rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
                self.iter().all(|c| match c {
                    $(Condition::$variant => <$rule as ConditionRule>::observes(rules, pos, observer, target),)*
                })
            }

            /// Whether `color` is in check, when some condition decides
            /// it alone.
            #[inline]
            pub fn decides_check(self, rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
                self.iter().find_map(|c| match c {
                    $(Condition::$variant => <$rule as ConditionRule>::decides_check(rules, pos, color),)*
                })
            }

            /// Whether every condition that judges the geometry of
            /// observation ([`ConditionRule::OBSERVATION_GEOMETRY`])
            /// validates it.
            #[inline]
            pub fn observes_geometry(self, rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
                self.iter().all(|c| match c {
                    $(Condition::$variant => !<$rule as ConditionRule>::OBSERVATION_GEOMETRY
                        || <$rule as ConditionRule>::observes(rules, pos, observer, target),)*
                })
            }

            /// Whether every condition that judges the observing unit
            /// ([`ConditionRule::OBSERVER`]) lets it observe.
            #[inline]
            pub fn observer_may_observe(self, rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
                self.iter().all(|c| match c {
                    $(Condition::$variant => !<$rule as ConditionRule>::OBSERVER
                        || <$rule as ConditionRule>::observes(rules, pos, observer, target),)*
                })
            }

            /// Whether the side to move is immobile, when some condition
            /// defines immobility alone (see
            /// [`ConditionRule::decides_immobility`]).
            pub fn decides_immobility(self, rules: &Rules, pos: &Position) -> Option<bool> {
                self.iter().find_map(|c| match c {
                    $(Condition::$variant => <$rule as ConditionRule>::decides_immobility(rules, pos),)*
                })
            }

            /// Whether some condition says `side` is stalemated.
            pub fn stalemate_forced(self, rules: &Rules, pos: &Position, side: Color) -> bool {
                self.iter().any(|c| match c {
                    $(Condition::$variant => <$rule as ConditionRule>::stalemate_forced(rules, pos, side),)*
                })
            }

            /// Whether some condition says a mate of `side` is none.
            pub fn mate_refused(self, rules: &Rules, pos: &Position, side: Color) -> bool {
                self.iter().any(|c| match c {
                    $(Condition::$variant => <$rule as ConditionRule>::mate_refused(rules, pos, side),)*
                })
            }

            /// Whether some condition says `mv`, played from `before`,
            /// mates in no case.
            pub fn mating_move_refused(self, rules: &Rules, before: &Position, mv: &Move) -> bool {
                self.iter().any(|c| match c {
                    $(Condition::$variant => <$rule as ConditionRule>::mating_move_refused(rules, before, mv),)*
                })
            }

            /// Whether some condition puts the king of `color` in check
            /// beyond observation.
            #[inline]
            pub fn checks(self, rules: &Rules, pos: &Position, king: Square, color: Color) -> bool {
                self.iter().any(|c| match c {
                    $(Condition::$variant => <$rule as ConditionRule>::checks(rules, pos, king, color),)*
                })
            }

            /// Whether every condition lets a rebirth take place on `sq`.
            #[inline]
            pub fn allows_rebirth(self, rules: &Rules, occupied: Bitboard, sq: Square) -> bool {
                self.iter().all(|c| match c {
                    $(Condition::$variant => <$rule as ConditionRule>::allows_rebirth(rules, occupied, sq),)*
                })
            }

            /// Whether every condition finds the played move legal.
            #[inline]
            pub fn legal_after(self, rules: &Rules, before: &Position, mv: &Move, after: &Position) -> bool {
                self.iter().all(|c| match c {
                    $(Condition::$variant => <$rule as ConditionRule>::legal_after(rules, before, mv, after),)*
                })
            }

            /// Lets each condition change the walk `mv`'s unit arrives
            /// with (see [`ConditionRule::arriving`]).
            #[inline]
            pub fn arriving(self, rules: &Rules, pos: &Position, mv: &mut Move) {
                for c in self.iter() {
                    match c {
                        $(Condition::$variant => <$rule as ConditionRule>::arriving(rules, pos, mv),)*
                    }
                }
            }

            /// The walks the moving unit of `mv` may end its move with
            /// (the first condition's that gives them; see
            /// [`ConditionRule::arrival_walks`]).
            #[inline]
            pub fn arrival_walks(self, rules: &Rules, pos: &Position, mv: &Move) -> Option<Walks> {
                self.iter().find_map(|c| match c {
                    $(Condition::$variant => <$rule as ConditionRule>::arrival_walks(rules, pos, mv),)*
                })
            }

            /// Lets each condition add what the moves `moves[start..]` do
            /// to units (see [`ConditionRule::settle`]).
            #[inline]
            pub fn settle(self, rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
                for c in self.iter() {
                    match c {
                        $(Condition::$variant => <$rule as ConditionRule>::settle(rules, pos, moves, start),)*
                    }
                }
            }

            /// Prepares the diagram's position for play (see
            /// [`ConditionRule::prepare`]).
            pub fn prepare(self, rules: &Rules, pos: &mut Position) {
                for c in self.iter() {
                    match c {
                        $(Condition::$variant => <$rule as ConditionRule>::prepare(rules, pos),)*
                    }
                }
            }

            /// The changes the conditions make to units at `stage` of the
            /// resolution of `mv` (see [`ConditionRule::changes`]).
            #[inline]
            #[allow(clippy::too_many_arguments)]
            pub fn changes(self, rules: &Rules, stage: Stage, before: &Position, mv: &Move, now: &Position, so_far: &Effects, out: &mut Effects) {
                for c in self.iter() {
                    if c.capabilities().keeps_units {
                        continue;
                    }
                    match c {
                        $(Condition::$variant => <$rule as ConditionRule>::changes(rules, stage, before, mv, now, so_far, out),)*
                    }
                }
            }

            /// The units the conditions remove when a side passes (see
            /// [`ConditionRule::pass_changes`]).
            pub fn pass_changes(self, rules: &Rules, passed: &Position, out: &mut Effects) {
                for c in self.iter() {
                    match c {
                        $(Condition::$variant => <$rule as ConditionRule>::pass_changes(rules, passed, out),)*
                    }
                }
            }

            /// The changes of which the move takes one (see
            /// [`ConditionRule::choices`]).
            #[inline]
            pub fn choices(self, rules: &Rules, before: &Position, mv: &Move, now: &Position, out: &mut Vec<crate::moves::Effect>) {
                for c in self.iter() {
                    if c.capabilities().keeps_units {
                        continue;
                    }
                    match c {
                        $(Condition::$variant => <$rule as ConditionRule>::choices(rules, before, mv, now, out),)*
                    }
                }
            }

            /// The motions of which the move takes one after the
            /// capturer's rebirth (see [`ConditionRule::goes_on`]).
            #[inline]
            pub fn goes_on(self, rules: &Rules, before: &Position, mv: &Move, now: &Position, out: &mut Vec<(crate::moves::Effect, Option<crate::moves::Effect>)>) -> bool {
                let mut must = false;
                for c in self.iter() {
                    if c.capabilities().keeps_units {
                        continue;
                    }
                    must |= match c {
                        $(Condition::$variant => <$rule as ConditionRule>::goes_on(rules, before, mv, now, out),)*
                    };
                }
                must
            }

            /// Filters the pseudo-legal moves `moves[start..]` by each
            /// condition, before legality.
            #[inline]
            pub fn pseudo_filter(self, rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
                for c in self.iter() {
                    match c {
                        $(Condition::$variant => <$rule as ConditionRule>::pseudo_filter(rules, pos, moves, start),)*
                    }
                }
            }

            /// The score by which a condition keeps the best pseudo-legal
            /// moves of the side to move ([`ConditionRule::measure`]), where
            /// no other condition in force filters the list: each of the
            /// others judges its moves alone, or selects the other side's
            /// (two selectors for one side are refused).
            pub fn measure(self, rules: &Rules, pos: &Position) -> Option<fn(&Move) -> u32> {
                let mut found = None;
                for c in self.iter() {
                    let measure = match c {
                        $(Condition::$variant => <$rule as ConditionRule>::measure(rules, pos),)*
                    };
                    match measure {
                        Some(score) => found = Some(score),
                        None if !c.capabilities().moves_judged_alone
                            && c.selects() == Selects::Nobody => return None,
                        None => {}
                    }
                }
                found
            }

            /// Keeps of the first moves `moves` those Popeye numbers.
            pub fn numbered(self, rules: &Rules, pos: &Position, moves: &mut Vec<Move>) {
                for c in self.iter() {
                    match c {
                        $(Condition::$variant => <$rule as ConditionRule>::numbered(rules, pos, moves),)*
                    }
                }
            }

            /// Filters the legal moves `moves[start..]` by each condition.
            #[inline]
            pub fn filter(self, rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
                for c in self.iter() {
                    match c {
                        $(Condition::$variant => <$rule as ConditionRule>::filter(rules, pos, moves, start),)*
                    }
                }
            }
        }
    };
}

registry! {
    /// Alsatian Circe's extra rule: every position must be legal in
    /// orthodox chess (docs/alsatian.md).
    Alsatian => alsatian::Alsatian,
    /// A unit observed by an enemy unit of its own kind is paralysed.
    Madrasi => madrasi::Madrasi,
    /// A unit observed by the enemy may also move to its rebirth square.
    DangerCirce => danger_circe::DangerCirce,
    // Group C: the walk a unit moves and observes with, what observation
    // counts.
    /// A unit with a unit of its side behind it takes that unit's walk.
    AnnanChess => annan::Annan,
    /// A unit with a unit of its side in front of it takes that unit's walk.
    Nanna => annan::Nanna,
    /// A unit with an enemy unit in front of it takes that unit's walk.
    FaceToFace => confronted::FaceToFace,
    /// A unit with an enemy unit behind it takes that unit's walk.
    BackToBack => confronted::BackToBack,
    /// A unit with enemy units beside it takes their walks.
    CheekToCheek => confronted::CheekToCheek,
    /// A unit that could make more than one capture makes none (Inverse:
    /// one that could make only one makes none).
    CastChess => cast::Cast,
    /// A unit is captured only where it could be captured in two ways; a
    /// king is in check only when observed twice.
    MultiCaptures => multicaptures::MultiCaptures,
    /// A king is in check only when two enemy units observe it; a king
    /// that one observes cannot move.
    Pepo => pepo::Pepo,
    /// The move that led to the diagram captured the unit given.
    LastCapture => lastcapture::LastCapture,
    /// A unit that captures takes the walk of the unit it captures.
    FrankfurtChess => frankfurt::Frankfurt<false>,
    /// FrankfurtChess where a pawn's walk is taken as a reverse pawn's.
    ProteanChess => frankfurt::Frankfurt<true>,
    /// A unit capturing a second time is removed (Strict: may not).
    PadChess => pad::Pad,
    /// A unit captures and observes only when a unit of its side observes it.
    Patrol => patrol::Patrol,
    /// A unit moves and observes only when a unit of its side observes it.
    UltraPatrol => patrol::UltraPatrol,
    /// A unit moves also with the walks of the enemy units observing it.
    TransmissionMenace => transmission_menace::TransmissionMenace,
    /// Kings move only with the walks of the enemy units observing them.
    TransmutedKings => transmuted_kings::TransmutedKings,
    /// White's king moves only with the walks of the units observing it.
    WhiteTransmutedKing => transmuted_kings::WhiteTransmutedKing,
    /// Black's king moves only with the walks of the units observing it.
    BlackTransmutedKing => transmuted_kings::BlackTransmutedKing,
    /// Kings move as kings and with the walks of the units observing them.
    ReflectiveKings => transmuted_kings::ReflectiveKings,
    /// White's king moves also with the walks of the units observing it.
    WhiteReflectiveKing => transmuted_kings::WhiteReflectiveKing,
    /// Black's king moves also with the walks of the units observing it.
    BlackReflectiveKing => transmuted_kings::BlackReflectiveKing,
    /// The pieces are the Chinese ones (the promotions).
    Leofamily => leofamily::Leofamily,
    /// Pawns may promote to the Chinese pieces too.
    ChineseChess => leofamily::ChineseChess,
    /// The knight is a nightrider (the promotions).
    CavalierMajeur => leofamily::CavalierMajeur,
    /// A unit captures and observes only when no unit of its side guards it.
    Lortap => guards::Lortap,
    /// A unit its side guards cannot be captured nor observed.
    SuperGuards => guards::SuperGuards,
    /// A king does not observe the enemy king while that king is guarded.
    ShieldedKings => guards::ShieldedKings,
    // Group B: the geometry of moves, and legality after the move.
    /// A move stays on the colour of its departure square.
    MonochromChess => monochrome::Monochrome,
    /// A move changes the colour of its square.
    BichromChess => monochrome::Bichrome,
    /// A move leaves the grid cell it starts in.
    GridChess => grid::Grid,
    /// Holes: squares given that no unit may enter or cross.
    Hole => holes::Hole,
    /// Every square a unit leaves becomes a hole.
    HaanerChess => holes::Haaner,
    /// A move ends next to some unit.
    KoeKo => koeko::KoeKo,
    /// A move ends next to no unit.
    AntiKoeko => koeko::AntiKoeko,
    /// A move keeps the contact (or its lack) its unit had.
    NewKoeko => koeko::NewKoeko,
    /// GridChess where a move ends next to a unit across a grid line.
    ContactGridChess => koeko::ContactGrid,
    /// No move may leave a unit observed by an enemy unit of its kind.
    Isardam => isardam::Isardam,
    /// Each side's units come from one box of orthodox men (type 1).
    SingleBox => singlebox::SingleBox,
    /// White's units move, and observe, only to the edge of the board.
    WhiteEdgeMover => edgemover::EdgeMover<false>,
    /// Black's units move, and observe, only to the edge of the board.
    BlackEdgeMover => edgemover::EdgeMover<true>,
    /// Only units supported along a chain to their king move and observe.
    CentralChess => central::Central,
    // Group A: conditions that filter the legal list or judge a move by
    // what follows it.
    /// A check that does not mate is illegal.
    Checkless => checkless::Checkless,
    /// White plays only its longest legal moves.
    WhiteMaximummer => mummer::WhiteMaximummer,
    /// Black plays only its longest legal moves.
    BlackMaximummer => mummer::BlackMaximummer,
    /// The side the stipulation restricts plays only its longest legal
    /// moves.
    Maximummer => mummer::Maximummer,
    /// White plays only its shortest legal moves.
    WhiteMinimummer => mummer::WhiteMinimummer,
    /// Black plays only its shortest legal moves.
    BlackMinimummer => mummer::BlackMinimummer,
    /// White must capture when it can.
    WhiteMustCapture => mummer::WhiteMustCapture,
    /// Black must capture when it can.
    BlackMustCapture => mummer::BlackMustCapture,
    /// White moves the unit on the first square (a1, a2, ...) that can.
    WhiteAlphabetic => mummer::WhiteAlphabetic,
    /// Black moves the unit on the first square (a1, a2, ...) that can.
    BlackAlphabetic => mummer::BlackAlphabetic,
    /// Both sides move the unit on the first square that can.
    Alphabetic => mummer::Alphabetic,
    /// A mating move is legal only when it is the only one.
    Exclusive => exclusive::Exclusive,
    // Group gen: which moves exist and what observes (the rest of part 1).
    /// A unit observed by the enemy kind that freezes it cannot move.
    Eiffel => eiffel::Eiffel,
    /// Units move and observe only while the enemy observes them.
    Functionary => eiffel::Functionary,
    /// A unit locked in mutual observation with one of its side's cannot
    /// capture nor observe.
    Woozles => woozles::Woozles,
    /// A unit locked in mutual observation with an enemy unit cannot
    /// capture nor observe.
    BiWoozles => woozles::BiWoozles,
    /// Woozles, locked only along the line of the capture.
    Heffalumps => woozles::Heffalumps,
    /// BiWoozles, locked only along the line of the capture.
    BiHeffalumps => woozles::BiHeffalumps,
    /// A unit may change places with an enemy unit of its kind.
    Messigny => messigny::Messigny,
    /// A king castles along any line with the first unit beyond two
    /// empty squares.
    CastlingChess => castling_chess::CastlingChess,
    /// CastlingChess's castlings with a rook along a rank or file alone.
    Rokagogo => castling_chess::Rokagogo,
    /// Once in the play, a king may change places with a unit of its side.
    ExchangeCastling => exchange_castling::ExchangeCastling,
    /// A pawn on its own first rank steps and captures onto its second.
    NormalPawn => normal_pawn::NormalPawn,
    /// A side is in check when it checks the other side's king.
    Vogtlaender => check_rules::Vogtlaender,
    /// A king is never captured.
    LeseMajeste => check_rules::LeseMajeste,
    /// A unit checks only when taking the king would be legal.
    Brunner => check_rules::Brunner,
    /// A king is in check when it has a flight (or as many as given).
    Sat => sat::Sat,
    /// SAT where the flights needed fall by one only once the king has
    /// stood attacked.
    StrictSat => sat::StrictSat,
    /// Black's moves must check; Black passes when it has no such move.
    BlackChecks => blackchecks::BlackChecks,
    /// Each side may travel only as far as given, its moves' lengths added.
    Bgl => bgl::Bgl,
    // Group H: conditions that read the previous move, and further filters
    // of the move list.
    /// Each side moves again the unit it moved last, if it can.
    Duellist => previous_move::Duellist,
    /// White's move ends where Black's last move started, if one can.
    WhiteFollowMyLeader => previous_move::WhiteFollowMyLeader,
    /// Black's move ends where White's last move started, if one can.
    BlackFollowMyLeader => previous_move::BlackFollowMyLeader,
    /// White moves by the vector of Black's last move, if it can.
    WhiteSynchron => previous_move::WhiteSynchron,
    /// Black moves by the vector of White's last move, if it can.
    BlackSynchron => previous_move::BlackSynchron,
    /// White moves by the opposite of Black's last move's vector, if it can.
    WhiteAntiSynchron => previous_move::WhiteAntiSynchron,
    /// Black moves by the opposite of White's last move's vector, if it can.
    BlackAntiSynchron => previous_move::BlackAntiSynchron,
    /// Neither side captures.
    NoCapture => nocapture::NoCapture,
    /// White does not capture.
    NoWhiteCapture => nocapture::NoWhiteCapture,
    /// Black does not capture.
    NoBlackCapture => nocapture::NoBlackCapture,
    /// White's pawns do not promote.
    NoWhitePromotion => nocapture::NoWhitePromotion,
    /// Black's pawns do not promote.
    NoBlackPromotion => nocapture::NoBlackPromotion,
    /// White ends its move on one of the squares given, when it can.
    WhiteForcedSquare => forced_squares::WhiteForcedSquare,
    /// Black ends its move on one of the squares given, when it can.
    BlackForcedSquare => forced_squares::BlackForcedSquare,
    /// A side that can bring a unit back to its diagram square must.
    BackHome => backhome::BackHome,
    /// Every move of White must give check.
    WhiteUltraSchachZwang => ultraschachzwang::WhiteUltraSchachZwang,
    /// Every move of Black must give check.
    BlackUltraSchachZwang => ultraschachzwang::BlackUltraSchachZwang,
    /// Every move of the side the stipulation restricts must give check.
    UltraSchachZwang => ultraschachzwang::UltraSchachZwang,
    /// Pawns promote only to the walks given.
    PromOnly => promonly::PromOnly,
    /// White keeps the two units named as far apart as it can.
    WhiteMaxDister => dister::WhiteMaxDister,
    /// White keeps the two units named as close together as it can.
    WhiteMinDister => dister::WhiteMinDister,
    /// Black keeps the two units named as far apart as it can.
    BlackMaxDister => dister::BlackMaxDister,
    /// Black keeps the two units named as close together as it can.
    BlackMinDister => dister::BlackMinDister,
    // Where pawns promote.
    /// Pawns promote on the rank before the last; Circe's officers are
    /// reborn a rank further.
    GlasgowChess => glasgow::GlasgowChess,
    // Kings that vault, centre captures, consequent forced squares.
    /// A king in check moves also with the walks given (both kings).
    VaultingKings => vaulting::VaultingKings,
    /// White's king in check moves also with the walks given.
    WhiteVaultingKing => vaulting::Vaulting<true>,
    /// Black's king in check moves also with the walks given.
    BlackVaultingKing => vaulting::Vaulting<false>,
    /// A unit on a centre square captures also from the other centre squares.
    PlusChess => plus::PlusChess,
    /// White ends its move on one of the squares given when a move, legal
    /// or not, does.
    WhiteConsequentForcedSquare => forced_squares::WhiteConsequentForcedSquare,
    /// Black ends its move on one of the squares given when a move, legal
    /// or not, does.
    BlackConsequentForcedSquare => forced_squares::BlackConsequentForcedSquare,
    // Part 2, group A: the rules unit attributes carry (never named as
    // conditions; put in force by the attribute, `attributes.rs`).
    /// The paralysing attribute: what its unit observes may not move.
    Paralysing => attributes::Paralysing,
    /// The uncapturable attribute: its unit may not be captured.
    Uncapturable => attributes::Uncapturable,
    /// The half-neutral attribute: its unit changes side as it moves.
    HalfNeutral => attributes::HalfNeutral,
    /// The patrol attribute: its unit captures and observes only when a
    /// unit of its side observes it.
    PatrolUnits => patrol::PatrolUnits,
    /// The hurdle-colour-changing attribute: the hurdle its unit hops
    /// over changes sides.
    HurdleColourChanging => hurdle_colour::HurdleColourChanging,
    /// The bul attribute: the hurdle its unit hops over moves on as the
    /// hopper, for the mover.
    BulUnits => bul_dob::BulUnits,
    /// The dob attribute: the hurdle its unit hops over moves on with its
    /// own walk, for its own side.
    DobUnits => bul_dob::DobUnits,
    /// The jigger attribute: its unit ends every move, and captures only
    /// to end, in contact with another unit.
    Jigger => jigger::Jigger,
    // Part 2, group "change": units that change colour or walk as moves
    // are played (the rest), and the attributes that do so.
    /// The magic attribute: a unit its unit newly observes changes sides.
    Magic => magic::Magic,
    /// A moving queen becomes a knight and back, a rook a bishop and
    /// back; a unit captures only a unit of its walk.
    NorskSjakk => norsk::NorskSjakk,
    /// A unit arriving on its side's second rank becomes a pawn.
    RelegationChess => norsk::RelegationChess,
    /// The enemy units around a unit that moves become pawns (on the
    /// first and last ranks, units of its walk).
    Influencer => influencer::Influencer,
    // Part 2, group P: units that change colour or walk as moves are played.
    /// A unit moving to a square of the other colour changes sides, once.
    Volage => volage::VolageOnce,
    /// A unit moving to a square of the other colour changes sides.
    HyperVolage => volage::HyperVolage,
    /// A capturing unit (not a king) changes sides.
    AndernachChess => andernach::AndernachChess,
    /// A unit (not a king) moving without capturing changes sides.
    AntiAndernachChess => andernach::AntiAndernachChess,
    /// A capturing unit goes a step up the ladder P-S-B-R-Q, a quiet
    /// move a step down.
    EinsteinChess => einstein::EinsteinChess,
    /// A capturing unit goes a step down the ladder, a quiet move up.
    ReversalEinsteinChess => einstein::ReversalEinsteinChess,
    /// A unit moving without capturing goes a step down the ladder.
    AntiEinsteinChess => einstein::AntiEinsteinChess,
    /// A moving unit takes the next walk of the sequence S-B-R-Q-S (every
    /// unit, or the units with the chameleon attribute).
    ChameleonChess => chameleon::ChameleonChess,
    /// A moving unit takes the walk of the file it arrives on.
    LineChameleonChess => chameleon::LineChameleonChess,
    // Part 2, group M: moves with a second motion.
    /// A capturing unit goes on with a move of its victim's walk.
    TakeMakeChess => take_make::TakeMakeChess,
    /// A unit whose move ends on a wormhole goes on to another one.
    Wormholes => wormholes::Wormholes,
    // Part 2, group M (second round): moves with a second motion.
    /// A unit captures after a make with its victim's walk.
    MakeTakeChess => make_take::MakeTakeChess,
    // Part 2, group K: kings, squares and captures that change units.
    /// A unit arriving on one of the squares given changes sides.
    MagicSquares => magic_squares::MagicSquares,
    /// A unit of the other side that would stand mated as a king is lost.
    LostPieces => lost_pieces::LostPieces,
    /// A black capture of a unit of another walk turns the capturer white.
    Tibet => tibet::Tibet,
    /// A capture of a unit of another walk changes the capturer's side.
    DoubleTibet => tibet::DoubleTibet,
    // Part 2, group M: imitators.
    /// Neutral blocking units that shift with every move's vector.
    Imitator => imitator::Imitator,
    /// No pawn promotes into an imitator.
    NoIProm => imitator::NoIProm,
    // Part 2, group Kings: the conditions on kings.
    /// A side's king takes the walk of its unit just captured.
    KobulKings => kobul::KobulKings,
    /// A capture makes a unit of the walk below the captured one take
    /// its walk (queen, rook, bishop, knight, king).
    SnekChess => snek::SnekChess,
    /// As SnekChess, the walks going round (queen, rook, bishop, knight).
    SnekCircleChess => snek::SnekCircleChess,
    /// The units a side moved on its last move neither move nor check
    /// until it moves again.
    FuddledMen => fuddled_men::FuddledMen,
    /// A side's king is royal only while it is its one king.
    RoyalDynasty => dynasty::RoyalDynasty,
    /// A side loses when its last unit of a walk is taken; no unit is royal.
    ExtinctionChess => extinction::ExtinctionChess,
    /// No royal unit, no check; a side that can capture must.
    LosingChess => losing::LosingChess,
    /// White's king, observed, moves only with the observers' walks and
    /// becomes a unit of the walk it moved with.
    WhiteSuperTransmutingKing => transmuted_kings::SuperTransmuting<true>,
    /// Black's king, likewise.
    BlackSuperTransmutingKing => transmuted_kings::SuperTransmuting<false>,
    // Issue 20 (fairy conditions, part 2).
    /// A unit ending its move on the a or h file may become a walk of the
    /// bench given.
    Football => football::Football,
    /// A unit that is no pawn leaves a pawn on the square it left.
    Sentinelles => sentinelles::Sentinelles,
    /// White may pass, the board then turned half round and the units
    /// changing sides.
    RoleExchange => role_exchange::RoleExchange,
    /// A unit may capture its own side's units, kings excepted.
    Bicaptures => bicaptures::Bicaptures,
    /// A unit whose move leaves it checking the enemy king changes colour
    /// (white or black to neutral, neutral to its mover's).
    Anda => anda::Anda,
    /// A unit whose move leaves it not checking the enemy king changes
    /// colour.
    AndaInverse => anda::AndaInverse,
    // Part 2, group "change" (second round): units that change as moves
    // are played.
    /// A captured unit waits under its square as an uncapturable ghost
    /// and comes back when the square is empty.
    GhostChess => ghosts::GhostChess,
    /// A captured unit waits under its square as a ghost (the latest one
    /// only) and comes back when the square is empty.
    HauntedChess => ghosts::HauntedChess,
    /// A capture takes with it a unit of the capturing side (Adverse: the
    /// captured side) of the captured unit's walk (Chromatic: turns it).
    Breton => breton::Breton,
    // Issue 19 (fairy conditions, part 1).
    /// A side is immobile (mated, stalemated) when its king has exactly
    /// one legal move and no other unit has any.
    Maff => immobility::Maff,
    /// A side is immobile (mated, stalemated) when its king has no legal
    /// move but exactly one capture that leaves it in check, and no other
    /// unit has a move.
    Owu => immobility::Owu,
    /// A side may not move, nor check with, a unit of the walk the other
    /// side has just moved.
    Disparate => disparate::Disparate,
    /// No move may leave a unit observed by an enemy unit of the kind
    /// that freezes it under EiffelChess.
    Leffie => isardam::Leffie,
    /// A unit can be captured, and observed, only while its side guards
    /// it.
    AntiGuards => guards::AntiGuards,
    /// The side to move moves the other side's units only.
    HalfInChess => all_in_chess::HalfInChess,
    /// The side to move moves either side's units, but never takes the
    /// last move back.
    AllInChess => all_in_chess::AllInChess,
    /// The side to move moves either side's units, but never the unit
    /// that moved last.
    MainlyInChess => all_in_chess::MainlyInChess,
    // Issue 20 (fairy conditions, part 2): moves that go on.
    /// A unit that has captured may move on, and on while it captures.
    SeriesCapture => series_capture::SeriesCapture,
    // Issue 20: conditions that change units as moves are played.
    /// A unit that gives check by its move turns the units it observes.
    Masand => masand::Masand,
    /// Every unit of the side giving check that observes the king turns
    /// the units it observes.
    MasandGeneralised => masand::MasandGeneralised,
    /// A king is in check when a unit of either side observes it.
    Bicolores => bicolores::Bicolores,
    /// Once a move gives check, the two kings exchange their squares.
    SwappingKings => swapping_kings::SwappingKings,
    /// The marine pieces stand in the orthodox pieces' places (promotion,
    /// Circe's squares, castling).
    MarineChess => marine::MarineChess,
    /// MarineChess with the poseidon and the marine pawn as the standard
    /// king and pawn.
    UltramarineChess => marine::UltramarineChess,
    /// The Argentinian pieces stand in the orthodox pieces' places
    /// (promotion, Circe's squares, castling).
    ArgentinianChess => argentinian::ArgentinianChess,
    // Walk substitutions.
    /// A unit moves and observes with the walk of the unit on its
    /// point-reflected square.
    PointReflection => point_reflection::PointReflection,
    /// A unit moves and observes with the walk of the unit on its Circe
    /// rebirth square.
    PowerTransfer => power_transfer::PowerTransfer,
    /// A unit makes its non-captures with the walk its file names.
    Bolero => bolero::Bolero,
    /// A unit makes its captures, and observes, with the walk its file
    /// names.
    BoleroInverse => bolero::BoleroInverse,
    /// A move mates only when its unit was observed by exactly one enemy
    /// unit.
    Amu => amu::Amu,
    /// A unit captures, and checks, only while an enemy unit observes it.
    Provocation => provocation::Provocation,
    /// A side is in check when its king is not attacked.
    AntiKings => antikings::AntiKings,
    /// A unit observed by an enemy unit of some walk loses that walk's
    /// moves and observations.
    PartialParalysis => partial_paralysis::PartialParalysis,
    /// White has a square in place of its king.
    WhiteRoyalSquare => royal_square::RoyalSquare<true>,
    /// Black has a square in place of its king.
    BlackRoyalSquare => royal_square::RoyalSquare<false>,
    /// White's pawns promote on the squares given.
    WhitePromSquares => prom_squares::PromSquares<true>,
    /// Black's pawns promote on the squares given.
    BlackPromSquares => prom_squares::PromSquares<false>,
    /// A unit that arrives on the other side's half changes sides.
    DarkSide => darkside::DarkSide,
    /// The sequence of walks the chameleons go through.
    ChameleonSequence => chameleon::ChameleonSequence,
    /// A unit whose classic Circe rebirth square is occupied neither moves
    /// nor observes (only the units of the walks given, if any).
    Immobilio => immobilio::Immobilio,
    /// Popeye names it and plays no rule of it: every move as in chess.
    PatienceChess => patience::PatienceChess,
    /// The board turns a quarter after every move.
    ActuatedRevolvingBoard => revolving::ActuatedRevolvingBoard,
    /// The centre squares' units turn after a move that leaves or reaches
    /// one.
    ActuatedRevolvingCentre => revolving::ActuatedRevolvingCentre,
    /// A black unit ending its move on the first four ranks goes over to
    /// White.
    TraitorChess => traitor::TraitorChess,
    /// After White's moves (all, those that leave White's king safe before
    /// it, or those that check: types A, B, C) the kings exchange squares.
    WhiteOscillatingKings => oscillating_kings::Oscillating<true>,
    /// After Black's moves, likewise.
    BlackOscillatingKings => oscillating_kings::Oscillating<false>,
    /// A unit ending its move where the other side's last move started
    /// goes over to the other side.
    ChameleonPursuit => chameleon_pursuit::ChameleonPursuit,
    /// A side whose opponent has no king may put it where it would be
    /// mated, as part of a move.
    Republican => republican::Republican,
    /// Two boards: a unit moves on its own, then passes to the other.
    AliceChess => alice::AliceChess,
    /// A move that mates hands the units observing the mated king over to
    /// the mated side, unless they would then check the mover's king.
    MateC => mate_c::MateC,
    /// No rule: played as without it, named under the diagram.
    Dummy => dummy::Dummy,
}

impl Condition {
    /// The conditions `self` puts in force beside itself: Popeye's
    /// ReflectiveKings is each side's (and names the three).
    pub fn implies(self) -> &'static [Condition] {
        match self {
            Condition::ReflectiveKings => &[
                Condition::WhiteReflectiveKing,
                Condition::BlackReflectiveKing,
            ],
            // Ghosts come back uncapturable.
            Condition::GhostChess => &[Condition::Uncapturable],
            Condition::VaultingKings => {
                &[Condition::WhiteVaultingKing, Condition::BlackVaultingKing]
            }
            _ => &[],
        }
    }
}

/// Puts in place of the conditions written without a side their form for
/// `restricted` (see [`crate::rules::Rules::resolve_sides`]).
pub(super) fn resolve_sides(rules: &mut Rules, restricted: Color) {
    ultraschachzwang::resolve_side(rules, restricted);
    mummer::resolve_side(rules, restricted);
    glasgow::settle(rules);
    marine::settle(rules);
}

impl Condition {
    /// The condition that, in force, stands for this one under the
    /// diagram (Popeye names VaultingKings alone, not the two it implies).
    pub fn named_by(self) -> Option<Condition> {
        match self {
            Condition::WhiteVaultingKing | Condition::BlackVaultingKing => {
                Some(Condition::VaultingKings)
            }
            _ => None,
        }
    }
}

/// The units of `side` for which `stuck` holds (for the `immobile` hooks).
#[inline]
fn units_where(pos: &Position, side: Color, stuck: impl Fn(Square) -> bool) -> Bitboard {
    let mut found = Bitboard::EMPTY;
    for on in pos.by_color(side) {
        if stuck(on) {
            found.set(on);
        }
    }
    found
}

/// The attributes a condition gives every unit, which Popeye does not
/// write before a unit: volage under Volage and HyperVolage (not when the
/// attribute alone brings the rule in).
pub fn unwritten_attrs(rules: &Rules) -> Attrs {
    let every_unit_volage = rules.has(Condition::HyperVolage)
        || (rules.has(Condition::Volage)
            && rules.param(Condition::Volage).number != volage::ATTRIBUTE_ONLY);
    Attrs::NONE.with_if(Attrs::VOLAGE, every_unit_volage)
}

/// Puts in force, for the units that carry them, the conditions the
/// attributes of the diagram's units carry (`ConditionRule::CARRIED_BY`),
/// where the problem does not name them.
pub fn put_carried_in_force(rules: &mut Rules, pos: &Position) {
    if pos.attributed().is_empty() {
        return;
    }
    for &c in Condition::ALL {
        let Some((attr, number)) = c.carried_by() else {
            continue;
        };
        if !rules.has(c) && pos.with_attrs(attr).nonempty() {
            rules.conditions.insert(c);
            rules.params.set(
                c,
                Param {
                    number,
                    ..Param::default()
                },
            );
        }
    }
    if hurdle_colour::HOPPER_ATTRS
        .iter()
        .any(|&(_, c)| rules.has(c))
    {
        hurdle_colour::remember_promotion_walks(rules, pos);
    }
}

/// Whether the bul and dob attributes are the only rules in force that
/// change units as moves are played.
pub(crate) fn hurdle_moves_alone(rules: &Rules) -> bool {
    let mut rest = rules.conditions;
    rest.remove(Condition::BulUnits);
    rest.remove(Condition::DobUnits);
    !rest.change_units()
}

/// Whether `unit` carries the bul or dob attribute.
#[inline]
pub(crate) fn carries_hurdle_moves(unit: Piece) -> bool {
    unit.attrs.contains(Attrs::BUL) || unit.attrs.contains(Attrs::DOB)
}

/// Why `name` is not played beside those of the Mars family's `bases` that
/// are in force: compared with Popeye on random positions, the answers
/// differ there (docs/conditions.md, "The Mars family").
fn not_played_beside(rules: &Rules, name: &str, bases: &[super::Base]) -> Option<String> {
    mars_bases_in_force(rules, bases).map(|found| format!("{name} with {found} (not played yet)"))
}

/// Why `name` is refused for good beside those of the Mars family's
/// `bases` that are in force: Popeye's own play there is incoherent, as
/// `why` says (docs/rules.md, "What is refused").
fn incoherent_beside(
    rules: &Rules,
    name: &str,
    bases: &[super::Base],
    why: &str,
) -> Option<String> {
    mars_bases_in_force(rules, bases)
        .map(|found| format!("{name} with {found}: Popeye's play is incoherent there ({why})"))
}

/// Why `name`, a condition that judges a unit where it stands, is refused
/// for good beside PhantomChess: Popeye judges a move from the rebirth
/// square with the unit on its own square, but a check from there with
/// the unit lifted onto it, so a unit that gives no check may take the
/// king (`example`, docs/evidence/phantom-*).
fn judged_apart_beside_phantom(rules: &Rules, name: &str, example: &str) -> Option<String> {
    let why = format!(
        "it judges a move from the rebirth square with the unit on its own square and a \
         check from there with the unit lifted, so lets a king be taken: `{example}`"
    );
    incoherent_beside(rules, name, &[super::Base::PhantomChess], &why)
}

/// The names of those of `bases` in force, joined by "or".
fn mars_bases_in_force(rules: &Rules, bases: &[super::Base]) -> Option<String> {
    use super::Base;
    let found: Vec<&str> = bases
        .iter()
        .filter(|&&b| rules.family(b).is_some())
        .map(|b| match b {
            Base::MarsCirce => "MarsCirce",
            Base::AntiMarsCirce => "AntiMarsCirce",
            _ => "PhantomChess",
        })
        .collect();
    (!found.is_empty()).then(|| found.join(" or "))
}

/// The Mars family: the bases whose units move from their rebirth squares.
const MARS_FAMILY: [super::Base; 3] = [
    super::Base::MarsCirce,
    super::Base::AntiMarsCirce,
    super::Base::PhantomChess,
];

/// Why `name` is refused beside the Mars family, if one of it is in
/// force: not played yet (not compared with Popeye there).
fn not_played_beside_mars(rules: &Rules, name: &str) -> Option<String> {
    not_played_beside(rules, name, &MARS_FAMILY)
}

/// Whether MarsCirce, AntiMarsCirce or PhantomChess is in force.
pub(super) fn mars_family(rules: &Rules) -> bool {
    MARS_FAMILY.into_iter().any(|b| rules.family(b).is_some())
}

/// Popeye's refusal of the kings that take other walks (TransmutedKings,
/// ReflectiveKings, VaultingKings, the super-transmuting kings) beside the
/// Mars family, PlusChess or Make&TakeChess, and of two of these together.
const MARS_AND_OTHERS: &str = "MarsCirce, PlusChess, PhantomChess or Make&Take are incompatible \
                               with several fairy conditions and fairy pieces (Popeye refuses it)";

/// [`MARS_AND_OTHERS`] for a king condition.
fn kings_beside_mars_refusal(rules: &Rules) -> Option<String> {
    (mars_family(rules) || rules.has(Condition::PlusChess) || rules.has(Condition::MakeTakeChess))
        .then(|| MARS_AND_OTHERS.to_string())
}

/// How many 64-bit words a [`Conditions`] set has: room for 256
/// conditions (Popeye knows some 240).
const CONDITION_WORDS: usize = 4;

/// A set of [`Condition`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Conditions {
    words: [u64; CONDITION_WORDS],
    /// Whether some word is not zero: the test every move asks, kept apart
    /// so that it is one load.
    some: bool,
}

impl Conditions {
    #[inline]
    fn word_bit(c: Condition) -> (usize, u64) {
        let i = c as usize;
        (i / 64, 1 << (i % 64))
    }
    #[inline]
    pub fn contains(self, c: Condition) -> bool {
        let (w, b) = Self::word_bit(c);
        self.words[w] & b != 0
    }
    /// Puts `c` in force, with the conditions it implies.
    #[inline]
    pub fn insert(&mut self, c: Condition) {
        let (w, b) = Self::word_bit(c);
        self.words[w] |= b;
        for &also in c.implies() {
            let (w, b) = Self::word_bit(also);
            self.words[w] |= b;
        }
        self.some = true;
    }
    #[inline]
    pub fn remove(&mut self, c: Condition) {
        let (w, b) = Self::word_bit(c);
        self.words[w] &= !b;
        self.some = self.words.iter().any(|&w| w != 0);
    }
    #[inline]
    pub fn is_empty(self) -> bool {
        !self.some
    }

    /// Whether some condition in the set changes units beyond the motion
    /// (`Capabilities::keeps_units` false): one test of a mask.
    #[inline]
    pub fn change_units(self) -> bool {
        self.words
            .iter()
            .zip(Condition::CHANGING_UNITS)
            .any(|(&w, m)| w & m != 0)
    }

    /// Whether some condition in the set may change the walk a mover
    /// arrives with ([`ConditionRule::ARRIVING`]): one test of a mask.
    #[inline]
    pub fn arriving_walks(self) -> bool {
        self.words
            .iter()
            .zip(Condition::ARRIVING)
            .any(|(&w, m)| w & m != 0)
    }

    /// Whether some condition in the set selects `side`'s moves by a
    /// measure (a mummer: Maximummer, MustCapture, ...).
    pub fn select_for(self, side: crate::board::Color) -> bool {
        self.iter().any(|c| c.selects().includes(side))
    }

    /// The conditions in the set, in registry order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Condition> {
        let words = self.words;
        let mut word = 0;
        let mut bits = words[0];
        std::iter::from_fn(move || loop {
            if bits != 0 {
                let i = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                return Some(Condition::ALL[i]);
            }
            word += 1;
            if word == CONDITION_WORDS {
                return None;
            }
            bits = words[word];
        })
    }

    /// Whether every condition in the set keeps the capability `keeps`.
    #[inline]
    pub fn all_keep(self, keeps: impl Fn(Capabilities) -> bool) -> bool {
        self.is_empty() || self.iter().all(|c| keeps(c.capabilities()))
    }

    /// The conditions, less those the mate test does not obey
    /// (`Capabilities::binds_mate_test`, with the parameters of `rules`).
    pub fn for_mate_test(self, rules: &Rules) -> Conditions {
        let mut kept = self;
        for c in self.iter() {
            if !c.capabilities_given(rules.param(c)).binds_mate_test {
                kept.remove(c);
            }
        }
        kept
    }

    /// The conditions, less those the stalemate test does not obey
    /// (`Capabilities::binds_stalemate_test`).
    pub fn for_stalemate_test(self, rules: &Rules) -> Conditions {
        let mut kept = self;
        for c in self.iter() {
            if !c.capabilities_given(rules.param(c)).binds_stalemate_test {
                kept.remove(c);
            }
        }
        kept
    }

    /// Whether some condition defines immobility for the goals.
    pub fn define_immobility(self) -> bool {
        !self.is_empty() && self.iter().any(Condition::defines_immobility)
    }

    /// Whether some condition gives captures a second motion.
    #[inline]
    pub fn second_motion(self) -> bool {
        !self.is_empty() && self.iter().any(Condition::second_motion)
    }

    /// Whether some condition judges a capture of the king after its
    /// second motion.
    #[inline]
    pub fn second_motion_in_check(self) -> bool {
        !self.is_empty() && self.iter().any(Condition::second_motion_in_check)
    }

    /// Whether every unit moves and observes with its own walk.
    #[inline]
    pub fn own_walks(self) -> bool {
        self.is_empty() || self.all_keep(|c| c.own_walks)
    }

    /// Why the conditions cannot be played with the rest of `rules`, if
    /// one of them says so.
    pub fn refusal(self, rules: &Rules) -> Option<String> {
        self.iter().find_map(|c| c.refusal(rules))
    }

    /// Why the conditions cannot be played in the diagram `pos`, if one of
    /// them says so.
    pub fn refusal_in(self, rules: &Rules, pos: &Position) -> Option<String> {
        self.iter().find_map(|c| c.refusal_in(rules, pos))
    }
}

/// The parameters of the conditions in force that take one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Params {
    entries: [Option<(Condition, Param)>; 4],
}

impl Params {
    /// The parameter of `c` (the default when none was read). By
    /// reference: rules ask it at every move, and a parameter is large.
    #[inline]
    pub fn get(&self, c: Condition) -> &Param {
        self.entries
            .iter()
            .flatten()
            .find(|(x, _)| *x == c)
            .map_or(&Param::NONE, |(_, p)| p)
    }

    /// Sets the parameter of `c`; false when there is no room left.
    pub fn set(&mut self, c: Condition, p: Param) -> bool {
        match self
            .entries
            .iter_mut()
            .find(|e| e.is_none_or(|(x, _)| x == c))
        {
            Some(slot) => {
                *slot = Some((c, p));
                true
            }
            None => false,
        }
    }

    /// Hands the parameter of `from` to `to` (a condition put in the
    /// place of another, with what was read for it).
    pub fn rename(&mut self, from: Condition, to: Condition) {
        for (c, _) in self.entries.iter_mut().flatten() {
            if *c == from {
                *c = to;
            }
        }
    }
}

const _: () = assert!(Condition::ALL.len() <= CONDITION_WORDS * 64);

#[cfg(test)]
mod param_tests {
    use super::*;

    #[test]
    fn a_parameter_never_read_is_the_default_one() {
        // `Params::get` answers `Param::NONE` for a condition without a
        // parameter; the readers start from `Param::default()`.
        assert_eq!(Param::NONE, Param::default());
        assert_eq!(
            *Params::default().get(Condition::GridChess),
            Param::default()
        );
    }
}
