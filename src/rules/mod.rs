//! The rules in force: the Circe-family conditions as data, and the
//! further conditions as hooks.
//!
//! A Circe form is a base condition (Circe, AntiCirce, MarsCirce, ...) and
//! a value on each of a few independent axes (the axes Popeye's sources
//! use too): whose unit is reborn, which capture counts, how the rebirth
//! square is found and adapted, what becomes of the reborn unit's walk,
//! what happens on an occupied square, whether kings take part. Several
//! base conditions may be in force at once, each with its own options
//! (Circe and AntiCirce together), as in Popeye.
//!
//! The move generator and the check test ask the rules at a few named
//! points, and only there: [`Rules::resolve_capture`] (what a capture
//! does, `capture.rs`), [`Rules::in_check`] (observation, `check.rs`),
//! [`Rules::is_legal_after`] (legality after the move, `legality.rs`) and
//! the per-unit paths of the generator. Adding a form means adding a value
//! to an axis; adding a condition means adding a [`Condition`] and its
//! code at the points it acts on.

pub mod capture;
pub mod check;
pub mod conditions;
mod immunity;
pub mod observation;
pub mod paths;
pub mod rebirth;
pub mod repertoire;

use crate::board::Kind;

pub use capture::{captured_unit_back, Capture};
pub use conditions::{Condition, Conditions, Param, Params, Walks};
pub use observation::Observer;
pub use paths::Paths;
pub use repertoire::Repertoire;

/// The base conditions of the Circe family, in the order Popeye's move
/// pipeline runs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Base {
    /// The captured unit is reborn.
    Circe,
    /// The capturing unit is reborn; the captured one vanishes.
    AntiCirce,
    /// A unit captures from its rebirth square, as if reborn there.
    MarsCirce,
    /// A unit moves without capturing from its rebirth square.
    AntiMarsCirce,
    /// A unit may move from its square or from its rebirth square.
    PhantomChess,
    /// A unit whose rebirth square is occupied cannot be captured.
    ImmunChess,
    /// A unit may capture only when its own rebirth square is free.
    GenevaChess,
}

impl Base {
    pub const ALL: [Base; 7] = [
        Base::Circe,
        Base::AntiCirce,
        Base::MarsCirce,
        Base::AntiMarsCirce,
        Base::PhantomChess,
        Base::ImmunChess,
        Base::GenevaChess,
    ];
    pub const COUNT: usize = Base::ALL.len();

    fn index(self) -> usize {
        self as usize
    }
}

/// Whose unit is reborn after a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Reborn {
    /// Circe: the captured unit.
    Captured,
    /// Anticirce: the capturing unit.
    Capturer,
    /// The moving unit, before it moves (the Mars family), or nobody (the
    /// immunity tests).
    Mover,
}

/// Which capture brings a rebirth now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum RelevantCapture {
    /// The capture of this move.
    ThisMove,
    /// The capture of the previous move (LastMove, Parrain).
    LastMove,
    /// The previous capture of the play, whenever this move captures
    /// (WaitCapture).
    WaitCapture,
}

/// Whose home squares the rebirth square is taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum SideOverride {
    /// The reborn unit's own.
    None,
    /// The other side's (Mirror).
    Mirror,
    /// Rank Circe: the side that puts the square on the capture square's colour.
    Rank,
}

/// How the rebirth square is determined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum RebirthSquare {
    /// The game-array square of the unit's type and colour matching the
    /// colour of the capture square; pawns on the capture file, fairy
    /// pieces on the promotion square of the capture file.
    Classic,
    /// The capture square plus the move's vector (minus it with Mirror).
    Equipollents,
    File,
    Symmetry,
    VerticalSymmetry,
    HorizontalSymmetry,
    /// The unit's square in the diagram.
    Diagram,
    /// The capturer's departure square (Platzwechsel).
    Pwc,
    Antipodes,
    /// Any square, chosen by the mover.
    Super,
    /// A square the reborn unit could reach from the capture square.
    TakeMake,
    /// Any square where the reborn unit is caged.
    Cage,
    CaptureSquare,
}

/// A change made to the determined square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum SquareAdapter {
    None,
    Diametral,
    VerticalMirror,
    /// Rank Circe: onto the capture rank.
    RankProjection,
    /// Units marked Frischauf go to the promotion square of the capture file.
    Frischauf,
}

/// What becomes of the reborn unit's walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum RebornWalk {
    Same,
    /// The other party's walk.
    Clone,
    /// The next walk in the chameleon sequence.
    Chameleon,
    /// One step down Q R B S P.
    Einstein,
    /// One step up P S B R Q.
    ReversalEinstein,
}

/// What happens when the rebirth square is occupied (or off the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum OnOccupied {
    /// The unit is not reborn: it simply disappears (Circe's default).
    Relaxed,
    /// The capture is illegal (the default of every other base).
    Strict,
    /// The occupant is removed and the unit reborn.
    Assassin,
    /// The reborn unit waits under the occupant.
    Volcanic,
    /// The occupant waits under the reborn unit.
    Parachute,
}

/// For the capturer's rebirth (Anticirce): may it be reborn on the square
/// where it captured, i.e. stay put?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum AntiCirceType {
    /// Legal, the unit stays there.
    Calvet,
    /// Illegal.
    Cheylan,
}

/// A set of piece kinds (April Circe's list).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct KindSet([u64; 4]);

impl KindSet {
    pub fn insert(&mut self, k: Kind) {
        self.0[k.index() / 64] |= 1 << (k.index() % 64);
    }
    pub fn contains(&self, k: Kind) -> bool {
        self.0[k.index() / 64] & (1 << (k.index() % 64)) != 0
    }
    /// The kinds in the set, in index order.
    pub fn iter(&self) -> impl Iterator<Item = Kind> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                let b = bits.trailing_zeros() as usize;
                (bits != 0).then(|| {
                    bits &= bits - 1;
                    Kind::from_index(w * 64 + b).expect("a kind in the set")
                })
            })
        })
    }
}

/// An explicit chameleon sequence: each listed kind becomes the next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct ChameleonSequence {
    /// (kind, successor) pairs.
    pairs: [Option<(Kind, Kind)>; 12],
}

impl ChameleonSequence {
    /// The successor of `k` (itself when not listed).
    pub fn next(&self, k: Kind) -> Kind {
        self.pairs
            .iter()
            .flatten()
            .find(|(a, _)| *a == k)
            .map_or(k, |(_, b)| *b)
    }
    /// Sets `a`'s successor; false when the sequence is full.
    pub fn set(&mut self, a: Kind, b: Kind) -> bool {
        if let Some(slot) = self
            .pairs
            .iter_mut()
            .find(|p| p.is_none_or(|(x, _)| x == a))
        {
            *slot = Some((a, b));
            true
        } else {
            false
        }
    }
    /// The (kind, successor) pairs set.
    pub fn pairs(&self) -> impl Iterator<Item = (Kind, Kind)> + '_ {
        self.pairs.iter().flatten().copied()
    }
}

/// One Circe-family condition: a base and its value on each axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct CirceRules {
    pub base: Base,
    /// Kings take part (are reborn, or capture from their rebirth square).
    pub rex_inclusive: bool,
    pub relevant_capture: RelevantCapture,
    /// The square is computed for the other party of the capture.
    pub couscous: bool,
    pub side: SideOverride,
    /// Only units of these kinds are reborn (April).
    pub april: Option<KindSet>,
    pub square: RebirthSquare,
    pub adapter: SquareAdapter,
    pub reborn_walk: RebornWalk,
    /// The explicit chameleon sequence, if one was given.
    pub chameleon: Option<ChameleonSequence>,
    /// The reborn unit changes sides.
    pub turncoats: bool,
    pub on_occupied: OnOccupied,
    /// Whether the occupancy rule was written (Popeye prints it then only).
    pub on_occupied_written: bool,
    pub anticirce_type: AntiCirceType,
    /// A reborn pawn on its promotion rank promotes.
    pub promotion: bool,
    /// GlasgowChess: a unit reborn on its classic square is reborn a rank
    /// further when that square is the other side's promotion rank.
    pub glasgow: bool,
    /// The walks in the orthodox pieces' places (MarineChess,
    /// UltramarineChess, ArgentinianChess): they have the orthodox pieces'
    /// squares, and the orthodox pieces a fairy piece's.
    pub standard_walks: conditions::StandardWalks,
}

impl CirceRules {
    /// `base` with the defaults Popeye gives it.
    pub const fn of(base: Base) -> CirceRules {
        let circe = matches!(base, Base::Circe);
        CirceRules {
            base,
            rex_inclusive: matches!(
                base,
                Base::AntiCirce | Base::MarsCirce | Base::AntiMarsCirce
            ),
            relevant_capture: RelevantCapture::ThisMove,
            couscous: false,
            side: SideOverride::None,
            april: None,
            square: RebirthSquare::Classic,
            adapter: SquareAdapter::None,
            reborn_walk: RebornWalk::Same,
            chameleon: None,
            turncoats: false,
            on_occupied: if circe {
                OnOccupied::Relaxed
            } else {
                OnOccupied::Strict
            },
            on_occupied_written: false,
            anticirce_type: AntiCirceType::Calvet,
            promotion: false,
            glasgow: false,
            standard_walks: conditions::StandardWalks::Orthodox,
        }
    }

    /// Circe, rex exclusive.
    pub const CIRCE: CirceRules = CirceRules::of(Base::Circe);
    /// Circe Rex Inclusive.
    pub const CIRCE_REX_INCLUSIVE: CirceRules = CirceRules {
        rex_inclusive: true,
        ..CirceRules::CIRCE
    };
    /// Anticirce, type Calvet (the default).
    pub const ANTICIRCE_CALVET: CirceRules = CirceRules::of(Base::AntiCirce);
    /// Anticirce, type Cheylan.
    pub const ANTICIRCE_CHEYLAN: CirceRules = CirceRules {
        anticirce_type: AntiCirceType::Cheylan,
        ..CirceRules::ANTICIRCE_CALVET
    };

    /// Whose unit this condition brings back.
    #[inline]
    pub fn reborn(&self) -> Reborn {
        match self.base {
            Base::Circe => Reborn::Captured,
            Base::AntiCirce => Reborn::Capturer,
            _ => Reborn::Mover,
        }
    }

    /// Whether the solver plays this condition.
    pub fn is_supported(&self) -> bool {
        /// The rebirth squares ImmunChess is played with (compared with
        /// Popeye on random positions), PWC last.
        const IMMUN_SQUARES: [RebirthSquare; 9] = [
            RebirthSquare::Classic,
            RebirthSquare::File,
            RebirthSquare::Symmetry,
            RebirthSquare::VerticalSymmetry,
            RebirthSquare::HorizontalSymmetry,
            RebirthSquare::Antipodes,
            RebirthSquare::Diagram,
            RebirthSquare::Equipollents,
            RebirthSquare::Pwc,
        ];
        match self.base {
            Base::Circe | Base::AntiCirce => self.refusal().is_none(),
            // Popeye crashes on AntiMarsCirce RexExclusive.
            Base::AntiMarsCirce => self.has_only_mars_options() && self.rex_inclusive,
            // Popeye's PhantomChess generates moves from the classic square
            // whatever the options, and tests check with the options'.
            Base::PhantomChess => self.has_only_mover_options() && self.side == SideOverride::None,
            Base::MarsCirce => self.has_only_mars_options(),
            Base::ImmunChess => self.has_only_immun_options(&IMMUN_SQUARES),
            // Equipollents and PWC (the last two) are not established
            // under GenevaChess.
            Base::GenevaChess => self.has_only_immun_options(&IMMUN_SQUARES[..7]),
        }
    }

    /// Why this condition is refused for good: where Popeye's own rule for
    /// it is incoherent, refused or crashes (docs/rules.md, "What is
    /// refused", "Popeye's defects").
    pub fn refusal(&self) -> Option<String> {
        use RebirthSquare as S;
        let mover_base = matches!(
            self.base,
            Base::MarsCirce | Base::AntiMarsCirce | Base::PhantomChess | Base::GenevaChess
        );
        if mover_base && !self.mover_options_consistent() {
            return Some("Popeye refuses this combination as nonsense".into());
        }
        match self.base {
            Base::MarsCirce | Base::AntiMarsCirce if self.on_occupied != OnOccupied::Strict => {
                return Some(
                    "with an occupied-square option Popeye's MarsCirce loses ordinary moves".into(),
                )
            }
            Base::AntiMarsCirce if !self.rex_inclusive || self.square == S::Antipodes => {
                return Some("Popeye crashes on it".into())
            }
            Base::PhantomChess
                if !self.has_only_mover_options() || self.side != SideOverride::None =>
            {
                return Some(
                    "Popeye generates PhantomChess moves from the classic square \
                     whatever the options, and tests check with the options'"
                        .into(),
                )
            }
            Base::Circe | Base::AntiCirce => {}
            _ => return None,
        }
        let choice_by_square = matches!(self.square, S::Super | S::Cage);
        if choice_by_square && self.adapter != SquareAdapter::None {
            return Some(
                "a square adapter (Diametral, VerticalMirror, Frischauf) with Super or Cage: \
                 Popeye adapts the square it is counting through, so its choices are not the \
                 squares of the board"
                    .into(),
            );
        }
        if self.relevant_capture != RelevantCapture::ThisMove
            && matches!(
                self.square,
                S::File | S::Antipodes | S::VerticalSymmetry | S::HorizontalSymmetry | S::Pwc
            )
        {
            return Some(
                "LastMove or WaitCapture with File, Antipodes, Vertical- or HorizontalSymmetry \
                 or PWC: Popeye computes these squares from the current move, not from the \
                 capture whose unit is reborn"
                    .into(),
            );
        }
        None
    }

    /// Whether this is a form of the first solver, which the generator
    /// resolves on its fast path: Circe (Relaxed, either rex) or AntiCirce
    /// (Strict, rex inclusive, Calvet or Cheylan), classic squares.
    pub fn is_tier1(&self) -> bool {
        self.is_classic()
            && match self.base {
                Base::Circe => self.on_occupied == OnOccupied::Relaxed,
                Base::AntiCirce => self.on_occupied == OnOccupied::Strict && self.rex_inclusive,
                _ => false,
            }
    }

    /// Popeye's consistency test of the Mars family and GenevaChess: no
    /// walk or side change of the reborn unit, no Couscous, no LastMove or
    /// WaitCapture, no PWC, Equipollents or Take&Make.
    fn mover_options_consistent(&self) -> bool {
        self.reborn_walk == RebornWalk::Same
            && !self.turncoats
            && !self.couscous
            && self.relevant_capture == RelevantCapture::ThisMove
            && !matches!(
                self.square,
                RebirthSquare::Pwc | RebirthSquare::Equipollents | RebirthSquare::TakeMake
            )
    }

    /// Whether the options are those MarsCirce and AntiMarsCirce are played
    /// with: the mover options, the Super and Diagram squares, and the
    /// Diametral, VerticalMirror and Rank adapters of the classic and
    /// diagram squares. With the squares read from the place of the capture
    /// (File, Symmetry, Antipodes...) Popeye's moves and checks do not
    /// follow its own rebirth squares (and it crashes on some), so they are
    /// not established.
    fn has_only_mars_options(&self) -> bool {
        let square = match self.adapter {
            SquareAdapter::None => matches!(
                self.square,
                RebirthSquare::Classic | RebirthSquare::Super | RebirthSquare::Diagram
            ),
            SquareAdapter::Diametral
            | SquareAdapter::VerticalMirror
            | SquareAdapter::RankProjection => {
                matches!(self.square, RebirthSquare::Classic | RebirthSquare::Diagram)
            }
            SquareAdapter::Frischauf => false,
        };
        self.has_only_square_options() && square && self.side_is_played()
    }

    /// Whether no option is given beside the kings' inclusion, the side,
    /// the occupancy word as written, the square and its adapter (and the
    /// promotion of a reborn pawn, moot where nothing is reborn): the
    /// options the movers' bases may take.
    fn has_only_square_options(&self) -> bool {
        let plain = CirceRules {
            rex_inclusive: self.rex_inclusive,
            side: self.side,
            on_occupied_written: self.on_occupied_written,
            square: self.square,
            adapter: self.adapter,
            promotion: self.promotion,
            glasgow: self.glasgow,
            ..CirceRules::of(self.base)
        };
        *self == plain
    }

    /// Whether the side option is one the movers are played with: none,
    /// Mirror, or Rank's own (RankCirce without Mirror).
    fn side_is_played(&self) -> bool {
        match self.side {
            SideOverride::None | SideOverride::Mirror => true,
            SideOverride::Rank => self.adapter == SquareAdapter::RankProjection,
        }
    }

    /// Whether the options are those ImmunChess and GenevaChess are played
    /// with: the mover options, a square of `squares` and the Diametral,
    /// VerticalMirror and Rank adapters (compared with Popeye on random
    /// positions; Super and Cage are not, nor Equipollents and PWC under
    /// GenevaChess).
    fn has_only_immun_options(&self, squares: &[RebirthSquare]) -> bool {
        self.has_only_square_options()
            && squares.contains(&self.square)
            && self.adapter != SquareAdapter::Frischauf
            && self.side_is_played()
    }

    /// Whether the options are those the Mars family, ImmunChess and
    /// GenevaChess are played with: the kings' inclusion, Mirror, and the
    /// default Strict (Popeye's MarsCirce with another occupancy word loses
    /// ordinary moves or all moves; the other square options come with the
    /// general rebirth function).
    fn has_only_mover_options(&self) -> bool {
        let plain = CirceRules {
            rex_inclusive: self.rex_inclusive,
            side: self.side,
            on_occupied_written: self.on_occupied_written,
            ..CirceRules::of(self.base)
        };
        *self == plain && matches!(self.side, SideOverride::None | SideOverride::Mirror)
    }

    /// Whether captured (Circe) or capturing (AntiCirce) kings are reborn.
    #[inline]
    pub fn kings_reborn(&self) -> bool {
        self.rex_inclusive
    }

    /// Whether a reborn pawn on its own first rank, which normally stands
    /// still, may step (and capture) to its second rank (Popeye's rule for
    /// Parrain-like forms and Cage).
    pub fn first_rank_pawns_move(&self) -> bool {
        (self.square == RebirthSquare::Equipollents
            && self.relevant_capture == RelevantCapture::LastMove)
            || self.square == RebirthSquare::Cage
    }

    /// Whether a pawn on its own first rank observes its second rank
    /// (Equipollents of any kind, Cage).
    pub fn first_rank_pawns_observe(&self) -> bool {
        matches!(
            self.square,
            RebirthSquare::Equipollents | RebirthSquare::Cage
        )
    }

    /// Whether this is the form of the tier-1 solver: Circe or AntiCirce
    /// with the classic square and no other option but rex, Strict/Relaxed
    /// and Calvet/Cheylan.
    pub fn is_classic(&self) -> bool {
        let plain = CirceRules {
            rex_inclusive: self.rex_inclusive,
            on_occupied: self.on_occupied,
            on_occupied_written: self.on_occupied_written,
            anticirce_type: self.anticirce_type,
            ..CirceRules::of(self.base)
        };
        *self == plain
            && matches!(self.base, Base::Circe | Base::AntiCirce)
            && matches!(self.on_occupied, OnOccupied::Relaxed | OnOccupied::Strict)
    }
}

/// What the Circe-family conditions decide of check, derived once from
/// them (all false: orthodox chess).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct FamilyChecks {
    /// Some attack on the king may fail to be a check (see
    /// [`Rules::attack_is_always_check`]).
    attack_may_miss: bool,
    /// A rebirth may remove a unit from its square (Assassin).
    assassin: bool,
    /// A unit observes from elsewhere than its square (MarsCirce,
    /// PhantomChess).
    moved_observation: bool,
    /// A pawn on its own first rank observes its second rank.
    first_rank_pawns_observe: bool,
    /// A capture is judged before any rebirth (ImmunChess, GenevaChess).
    capture_judged: bool,
}

impl FamilyChecks {
    fn of(rules: &Rules) -> FamilyChecks {
        FamilyChecks {
            attack_may_miss: !rules.families().all(|c| match c.base {
                Base::Circe | Base::AntiCirce => match c.reborn() {
                    Reborn::Captured => !c.rex_inclusive && c.on_occupied != OnOccupied::Assassin,
                    // AntiCirce Super: some square always takes the capturer.
                    Reborn::Capturer => c.square == RebirthSquare::Super,
                    Reborn::Mover => false,
                },
                // They move the observer, they do not judge the capture.
                Base::MarsCirce | Base::AntiMarsCirce | Base::PhantomChess => true,
                // Kings are never immune under RexExclusive.
                Base::ImmunChess => !c.rex_inclusive,
                Base::GenevaChess => false,
            }),
            assassin: rules.families().any(|c| {
                c.on_occupied == OnOccupied::Assassin
                    && matches!(c.base, Base::Circe | Base::AntiCirce)
            }),
            moved_observation: rules.family(Base::MarsCirce).is_some()
                || rules.family(Base::PhantomChess).is_some(),
            first_rank_pawns_observe: rules
                .family(Base::Circe)
                .is_some_and(CirceRules::first_rank_pawns_observe),
            capture_judged: rules.family(Base::ImmunChess).is_some()
                || rules.family(Base::GenevaChess).is_some(),
        }
    }
}

/// The conditions in force for a problem.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Rules {
    /// The Circe-family conditions, at most one per base, indexed by
    /// [`Base`] (none: orthodox chess, where kamikaze units still vanish
    /// when they capture).
    families: [Option<CirceRules>; Base::COUNT],
    /// The further conditions.
    pub conditions: Conditions,
    /// The parameters of those that take one.
    pub params: Params,
    /// Whether moves go through the general rebirth pipeline
    /// ([`Rules::resolve_move`]) rather than the fast path of the tier-1
    /// forms; kept up to date by [`Rules::set_family`].
    #[serde(skip)]
    general: bool,
    /// What the Circe-family conditions decide of check, asked at every
    /// check test; kept up to date by [`Rules::set_family`].
    #[serde(skip)]
    family_checks: FamilyChecks,
    /// What the walks of the twin's diagram decide (promotions, the order
    /// of moves); set when the twin is solved.
    pub repertoire: Repertoire,
}

impl Rules {
    /// Whether the orthodox attack is always a check under these rules: no
    /// rebirth of the king, and nothing that could make the capture illegal
    /// or remove the king otherwise.
    #[inline]
    pub fn attack_is_always_check(&self) -> bool {
        !self.family_checks.attack_may_miss
    }

    /// Whether some rebirth may remove a unit from its square (Assassin).
    #[inline]
    pub(crate) fn assassin(&self) -> bool {
        self.family_checks.assassin
    }

    /// Whether a capture is judged before any rebirth (ImmunChess,
    /// GenevaChess).
    #[inline]
    pub(crate) fn capture_judged(&self) -> bool {
        self.family_checks.capture_judged
    }

    /// Whether some unit observes from elsewhere than its square (MarsCirce,
    /// PhantomChess).
    #[inline]
    pub(crate) fn observation_moved(&self) -> bool {
        self.family_checks.moved_observation
    }

    pub fn orthodox() -> Rules {
        Rules::default()
    }

    /// The rules of one Circe-family condition alone.
    pub fn with_circe(circe: CirceRules) -> Rules {
        let mut r = Rules::default();
        r.set_family(circe);
        r
    }

    /// These rules without their Circe-family conditions: captures for
    /// good (HalfInChess resolves its captures apart, movegen).
    pub(crate) fn without_families(&self) -> Rules {
        let mut bare = *self;
        bare.families = [None; Base::COUNT];
        bare.general = false;
        bare.family_checks = FamilyChecks::of(&bare);
        bare
    }

    /// Puts `circe` in force, replacing any condition of the same base.
    pub fn set_family(&mut self, circe: CirceRules) {
        self.families[circe.base.index()] = Some(circe);
        // The Mars family, ImmunChess and GenevaChess keep the fast path
        // (they go with the classic Circe and AntiCirce forms only).
        let general = {
            let mut families = self
                .families()
                .filter(|c| matches!(c.base, Base::Circe | Base::AntiCirce));
            match (families.next(), families.next()) {
                (None, _) => false,
                (Some(one), None) => !one.is_tier1(),
                _ => true,
            }
        };
        self.general = general;
        self.family_checks = FamilyChecks::of(self);
    }

    /// Whether moves go through the general pipeline (a Circe or AntiCirce
    /// form beyond the tier-1 ones, or both at once); the tier-1 forms and
    /// the Mars family keep their fast path.
    #[inline]
    pub fn is_general(&self) -> bool {
        self.general || self.conditions.change_units()
    }

    /// [`Rules::is_general`] for a move or capture of `unit`: under the bul
    /// and dob attributes, when they alone change units, only their
    /// carriers' moves need the pipeline (their hurdles move on).
    #[inline]
    pub fn is_general_for(&self, unit: crate::board::Piece) -> bool {
        self.is_general()
            && (self.general
                || !conditions::hurdle_moves_alone(self)
                || conditions::carries_hurdle_moves(unit))
    }

    /// Whether the rebirth squares of these rules read the units' squares
    /// in the diagram (Diagram Circe), so the solver must track them.
    pub fn needs_identities(&self) -> bool {
        self.families().any(|c| c.square == RebirthSquare::Diagram)
    }

    /// Whether a pawn on its own first rank may step to its second rank.
    #[inline]
    pub fn first_rank_pawns_move(&self) -> bool {
        self.family(Base::Circe)
            .is_some_and(CirceRules::first_rank_pawns_move)
            || conditions::einstein::in_force(self)
            || conditions::normal_pawn::in_force(self)
    }

    /// Whether a pawn on its own first rank standing on `from` may step
    /// (and capture) to its second rank: where the Circe form lets every
    /// such pawn, or on a wormhole (Popeye's rule).
    #[inline]
    pub fn first_rank_pawn_moves_from(&self, from: crate::board::Square) -> bool {
        self.first_rank_pawns_move()
            || (self.conditions.contains(Condition::Wormholes)
                && self.param(Condition::Wormholes).squares.contains(from))
    }

    /// Whether a pawn on its own first rank observes its second rank
    /// (Equipollents of any kind, Cage; under Wormholes too).
    #[inline]
    pub fn first_rank_pawns_observe(&self) -> bool {
        self.family_checks.first_rank_pawns_observe
            || (!self.conditions.is_empty()
                && (self.conditions.contains(Condition::Wormholes)
                    || conditions::einstein::in_force(self)
                    || self.conditions.contains(Condition::NormalPawn)))
    }

    /// Whether a kamikaze capturer leaves the board with its victim before
    /// anything else happens (no Circe or Anticirce to bring it back): a
    /// kamikaze pawn that captures on its last rank does not promote.
    #[inline]
    pub fn kamikaze_capturer_vanishes(&self) -> bool {
        self.family(Base::Circe).is_none() && self.family(Base::AntiCirce).is_none()
    }

    /// The condition of `base`, if in force.
    #[inline]
    pub fn family(&self, base: Base) -> Option<&CirceRules> {
        self.families[base.index()].as_ref()
    }

    /// The Circe-family conditions in force, in pipeline order.
    pub fn families(&self) -> impl Iterator<Item = &CirceRules> {
        self.families.iter().flatten()
    }

    /// Whether any Circe-family condition is in force.
    #[inline]
    pub fn has_families(&self) -> bool {
        self.families.iter().any(Option::is_some)
    }

    /// Whether any condition is in force (orthodox chess otherwise).
    pub fn has_any_condition(&self) -> bool {
        self.has_families() || !self.conditions.is_empty()
    }

    /// The only Circe-family condition in force, if there is exactly one
    /// (for the writers of the forms that have one name).
    pub fn single_family(&self) -> Option<&CirceRules> {
        let mut it = self.families();
        let first = it.next()?;
        it.next().is_none().then_some(first)
    }

    /// Whether `condition` is in force.
    #[inline]
    pub fn has(&self, condition: Condition) -> bool {
        self.conditions.contains(condition)
    }

    /// The squares `color`'s pawns promote on: the last rank, the one
    /// before it under GlasgowChess, none under the Einstein family, those
    /// given under WhitePromSquares or BlackPromSquares.
    #[inline]
    pub fn promotion_squares(&self, color: crate::board::Color) -> crate::board::Bitboard {
        if self.conditions.is_empty() {
            crate::board::Bitboard::rank(color.promotion_rank())
        } else {
            conditions::prom_squares::promotion_squares(self, color)
        }
    }

    /// Whether a pawn of `color` that promotes as `promotion` says does so
    /// on `sq`: a reverse pawn on the other side's promotion squares.
    #[inline]
    pub fn promotes_on(
        &self,
        color: crate::board::Color,
        promotion: crate::pieces::Promotion,
        sq: crate::board::Square,
    ) -> bool {
        let side = match promotion {
            crate::pieces::Promotion::OwnFirstRank => color.opponent(),
            _ => color,
        };
        self.promotion_squares(side).contains(sq)
    }

    /// The rank `color`'s pawns promote on: the last, or the one before
    /// it under GlasgowChess (SingleBox's latent pawns, which refuses the
    /// promotion squares of a condition).
    #[inline]
    pub fn promotion_rank(&self, color: crate::board::Color) -> u8 {
        let last = color.promotion_rank();
        if !self.conditions.is_empty() && self.has(Condition::GlasgowChess) {
            conditions::glasgow::promotion_rank(color)
        } else if conditions::einstein::in_force(self) {
            // No promotion: a rank no pawn reaches.
            8
        } else {
            last
        }
    }

    /// What the solver cannot play yet in these rules as a whole, if
    /// anything (each condition is checked on its own by
    /// [`CirceRules::is_supported`] and [`Condition::is_supported`]).
    pub fn unsupported(&self) -> Option<String> {
        let has = |b: Base| self.family(b).is_some();
        // The Mars family, ImmunChess and GenevaChess go with every Circe
        // and AntiCirce form (the general pipeline resolves the captures
        // made from a rebirth square as any capture).
        let movers = self
            .families()
            .any(|c| !matches!(c.base, Base::Circe | Base::AntiCirce));
        if !movers {
            return self.circe_and_anticirce_unsupported();
        }
        if let Some(why) = self.circe_and_anticirce_unsupported() {
            return Some(why);
        }
        if let Some(why) = self.movers_beside_circe_unsupported() {
            return Some(why);
        }
        // Popeye refuses these together.
        if has(Base::PhantomChess) && (has(Base::MarsCirce) || has(Base::AntiMarsCirce)) {
            return Some("PhantomChess with MarsCirce or AntiMarsCirce (Popeye refuses it)".into());
        }
        if has(Base::AntiCirce) && has(Base::GenevaChess) {
            return Some("AntiCirce with GenevaChess (Popeye refuses it)".into());
        }
        let rex = |b: Base| self.family(b).is_some_and(|c| c.rex_inclusive);
        if rex(Base::ImmunChess) && (rex(Base::Circe) || has(Base::AntiCirce)) {
            return Some(
                "ImmunChess RexInclusive with Circe RexInclusive or AntiCirce (Popeye refuses it)"
                    .into(),
            );
        }
        None
    }

    /// The Mars family beside Circe or AntiCirce: what is not established
    /// (Popeye's answers were compared on random positions; these differ).
    fn movers_beside_circe_unsupported(&self) -> Option<String> {
        let has = |b: Base| self.family(b).is_some();
        let circe = self.family(Base::Circe);
        let anti = self.family(Base::AntiCirce);
        if circe.is_none() && anti.is_none() {
            return None;
        }
        let paths = [Base::MarsCirce, Base::AntiMarsCirce, Base::PhantomChess];
        let path = paths.into_iter().find(|&b| has(b))?;
        let name = match path {
            Base::MarsCirce => "MarsCirce",
            Base::AntiMarsCirce => "AntiMarsCirce",
            _ => "PhantomChess",
        };
        if circe.is_some() && anti.is_some() {
            return Some(format!(
                "Circe and AntiCirce with {name} (Popeye finds no mate where it should)"
            ));
        }
        // Popeye's king moves from its rebirth square beside another Circe
        // form even under RexExclusive.
        let default = CirceRules::of(path).rex_inclusive;
        if self
            .family(path)
            .is_some_and(|c| !c.rex_inclusive && default)
        {
            return Some(format!(
                "{name} RexExclusive beside Circe or AntiCirce (Popeye's king then moves from \
                 its rebirth square)"
            ));
        }
        // Volcanic and Parachute Circe go with MarsCirce alone (random
        // positions agree); beside AntiCirce, AntiMarsCirce or PhantomChess
        // Popeye's answers differ.
        let waits =
            |c: &CirceRules| matches!(c.on_occupied, OnOccupied::Volcanic | OnOccupied::Parachute);
        let only_mars = paths.into_iter().all(|b| b == Base::MarsCirce || !has(b));
        if anti.is_some_and(waits) || (circe.is_some_and(waits) && !only_mars) {
            return Some(format!("Volcanic or Parachute Circe with {name}"));
        }
        // Kings reborn beside units that move from their rebirth squares:
        // Popeye's help play misses mates its direct play finds in the very
        // same position (PhantomChess, whose units also move from their own
        // squares, agrees).
        if circe.is_some_and(|c| c.rex_inclusive) && path != Base::PhantomChess {
            return Some(format!(
                "Circe RexInclusive with {name}: Popeye's play is incoherent there (its help \
                 play misses mates that its direct play finds in the same position)"
            ));
        }
        // Popeye then plays a unit with no walk (`2..f6-d8`).
        if anti.is_some_and(|a| a.on_occupied != OnOccupied::Strict) {
            return Some(format!(
                "AntiCirce Relaxed with {name} (Popeye then moves a unit without its walk)"
            ));
        }
        None
    }

    /// Circe and AntiCirce at once: not both with a delayed rebirth.
    fn circe_and_anticirce_unsupported(&self) -> Option<String> {
        let circe = self.family(Base::Circe);
        let anti = self.family(Base::AntiCirce);
        if let (Some(c), Some(a)) = (circe, anti) {
            if c.relevant_capture != RelevantCapture::ThisMove
                && a.relevant_capture != RelevantCapture::ThisMove
            {
                return Some(
                    "Circe and AntiCirce both with a delayed rebirth (LastMove, WaitCapture)"
                        .into(),
                );
            }
        }
        None
    }

    /// What Popeye refuses in these rules as a whole, with its reason
    /// (it prints the diagram and "problem ignored"): combinations of
    /// conditions that its checks reject.
    pub fn popeye_refusal(&self) -> Option<&'static str> {
        let circe = self.family(Base::Circe);
        let anti = self.family(Base::AntiCirce);
        let choices = circe.is_some_and(|c| matches!(c.square, RebirthSquare::Super)) as u8
            + circe.is_some_and(|c| c.square == RebirthSquare::Cage) as u8
            + anti.is_some_and(|a| a.square == RebirthSquare::Super) as u8;
        if choices > 1 {
            return Some("supercirce incompatible with some fairy conditions");
        }
        if anti.is_some() && circe.is_some_and(|c| c.couscous) {
            return Some("anticirce incompatible with some fairy conditions");
        }
        None
    }

    /// What Popeye refuses for these rules in this diagram and with this
    /// goal, with its reason: units the rules cannot take (neutral units
    /// with Circe Assassin, kamikaze units with AntiCirce), Win-a-piece
    /// with a delayed rebirth; and what the solver refuses (kamikaze units
    /// with a choice of rebirth squares).
    pub fn refusal_for(
        &self,
        pos: &crate::board::Position,
        goal: crate::stipulation::Goal,
    ) -> Option<String> {
        if let Some(why) = self.popeye_refusal() {
            return Some(why.into());
        }
        if let Some(why) = self.conditions.refusal(self) {
            return Some(why);
        }
        if let Some(why) = self.conditions.refusal_in(self, pos) {
            return Some(why);
        }
        let circe = self.family(Base::Circe);
        if pos.neutral().nonempty()
            && self
                .families()
                .any(|c| c.on_occupied == OnOccupied::Assassin && c.base == Base::Circe)
        {
            return Some(
                "Circe Assassin is incompatible with several fairy conditions and fairy pieces"
                    .into(),
            );
        }
        if pos.kamikaze().nonempty() && self.family(Base::AntiCirce).is_some() {
            return Some("anticirce incompatible with some fairy conditions".into());
        }
        if matches!(
            goal,
            crate::stipulation::Goal::DoubleMate | crate::stipulation::Goal::CounterMate
        ) && self.conditions.define_immobility()
        {
            // The double mate's king en prise is circe's own test of
            // immobility; not matched with a condition that defines it.
            return Some(
                "MAFF, OWU or MultiCaptures with a double mate or counter-mate (not played)".into(),
            );
        }
        if goal == crate::stipulation::Goal::WinPiece
            && circe.is_some_and(|c| c.relevant_capture == RelevantCapture::LastMove)
        {
            return Some("Win_a_Piece and Circe Parrain not allowed".into());
        }
        if pos.kamikaze().nonempty() && circe.is_some_and(|c| c.offers_choice()) {
            return Some(
                "kamikaze units with Circe Super, Cage, Take&Make or April are not supported \
                 (Popeye's kamikaze rebirth offers the same square twice)"
                    .into(),
            );
        }
        None
    }

    /// Alsatian Circe: every position must also be orthodox-legal.
    #[inline]
    pub fn alsatian(&self) -> bool {
        self.has(Condition::Alsatian)
    }

    /// The same rules with `condition` in force too.
    pub fn with(mut self, condition: Condition) -> Rules {
        self.conditions.insert(condition);
        self
    }

    /// The same rules with `condition` in force with `param`.
    pub fn with_param(mut self, condition: Condition, param: Param) -> Rules {
        self.conditions.insert(condition);
        assert!(self.params.set(condition, param), "room for the parameter");
        self
    }

    /// The parameter of `condition` (its default if none was given).
    #[inline]
    pub fn param(&self, condition: Condition) -> &Param {
        self.params.get(condition)
    }

    /// Whether a move's legality is the king's safety alone: no condition
    /// tests the move once played or filters the list.
    #[inline]
    /// Puts in place of the conditions written without a side
    /// (UltraSchachZwang, Maximummer) their form for `restricted`, the
    /// side the stipulation restricts.
    pub fn resolve_sides(&mut self, restricted: crate::board::Color) {
        conditions::resolve_sides(self, restricted);
    }

    pub fn legality_is_orthodox(&self) -> bool {
        self.all_keep_given(|c| c.orthodox_legality && c.moves_judged_alone)
    }

    /// Whether every condition, with its parameter, keeps `keeps`.
    #[inline]
    fn all_keep_given(&self, keeps: impl Fn(conditions::Capabilities) -> bool) -> bool {
        self.conditions.is_empty()
            || self
                .conditions
                .iter()
                .all(|c| keeps(c.capabilities_given(self.param(c))))
    }

    /// Whether a side with a legal move keeps one once the conditions
    /// have filtered its list (not so under ExclusiveChess).
    #[inline]
    pub fn filter_keeps_a_move(&self) -> bool {
        self.all_keep_given(|c| c.filter_keeps_a_move)
    }

    /// Whether a move's legality can be judged without the other moves:
    /// no condition filters the legal list as a whole (Maximummer).
    #[inline]
    pub fn moves_judged_alone(&self) -> bool {
        self.all_keep_given(|c| c.moves_judged_alone)
    }
}
