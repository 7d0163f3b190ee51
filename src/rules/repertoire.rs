//! What the walks standing in a twin's diagram decide for its whole play,
//! as Popeye sets it up with each twin: the pieces a pawn may promote to,
//! and whether the moves are tried in the order of their squares.

use super::{Condition, Conditions, KindSet};
use crate::board::{Color, Kind, Position, Square};
use crate::pieces::Promotion;

/// The walks of a twin's diagram, as the play needs them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Repertoire {
    /// The fairy pieces a pawn may promote to, besides Q, S, R and B.
    choices: KindSet,
    /// The marine pawn's choices: the marine pieces and every piece in
    /// the diagram (the orthodox ones too, only when present).
    marine: KindSet,
    /// A unit of a walk that makes Popeye sort every move list stands in
    /// the diagram.
    sorted: bool,
    /// Which of Q, S, R, B a pawn may become: all of them, or Q, R, B
    /// (CavalierMajeur's nightrider takes the knight's place), or none
    /// (Leofamily's Chinese pieces take their places).
    standard: Standard,
    /// PromOnly: the walks a pawn may promote to, and no other.
    only: Option<KindSet>,
    /// A pawn may promote to a king, tried first (RoyalDynasty,
    /// ExtinctionChess, LosingChess).
    king_first: bool,
    /// A unit of a fairy walk stands in the diagram (Popeye then makes no
    /// mating move from its orthodox mating-move generator).
    fairy: bool,
    /// The walks of the units standing in the diagram (Popeye's only
    /// walks that TransmissionMenace lends).
    present: KindSet,
    /// The diagram's units (their [`units_key`]), and each side's first
    /// unit in Popeye's order of generation (from h8 down to a1): Popeye's
    /// TransmissionMenace searches the queen's walk in full for that unit
    /// when it first generates the diagram's moves.
    diagram: u64,
    first: [Option<Square>; 2],
}

/// A key of the units standing in `pos`.
pub fn units_key(pos: &Position) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for (piece, on) in pos.units() {
        (piece, on.0).hash(&mut h);
    }
    h.finish()
}

/// The orthodox pieces a pawn may promote to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
enum Standard {
    #[default]
    All,
    NoKnight,
    None,
    /// Those standing in the diagram (MarineChess: the marine pieces take
    /// their places).
    Present,
}

impl Repertoire {
    /// The repertoire of the diagram `pos` under `conditions`: Leofamily
    /// and ChineseChess add the Chinese pieces to the choices (Leofamily in
    /// place of Q, S, R, B), CavalierMajeur the nightrider in place of S.
    pub fn for_rules(pos: &Position, rules: &super::Rules) -> Repertoire {
        let mut r = Repertoire::of(pos, rules.conditions);
        if rules.has(Condition::PromOnly) {
            r.only = Some(rules.param(Condition::PromOnly).kinds);
        }
        r
    }

    /// The repertoire of the diagram `pos` under `conditions` (PromOnly's
    /// list aside: see [`Repertoire::for_rules`]).
    pub fn of(pos: &Position, conditions: Conditions) -> Repertoire {
        let mut r = Repertoire::default();
        if conditions.contains(Condition::Leofamily) || conditions.contains(Condition::ChineseChess)
        {
            for kind in [Kind::LEO, Kind::MAO, Kind::PAO, Kind::VAO] {
                r.choices.insert(kind);
            }
        }
        if conditions.contains(Condition::CavalierMajeur) {
            r.standard = Standard::NoKnight;
            r.choices.insert(Kind::NIGHTRIDER);
        }
        if conditions.contains(Condition::Leofamily) {
            r.standard = Standard::None;
        }
        let marine_chess = conditions.contains(Condition::MarineChess)
            || conditions.contains(Condition::UltramarineChess);
        // The standard pieces of MarineChess or ArgentinianChess take the
        // orthodox pieces' places.
        if marine_chess || conditions.contains(Condition::ArgentinianChess) {
            r.standard = Standard::Present;
        }
        if conditions.contains(Condition::ArgentinianChess) {
            // A standard walk may appear: the saltador sorts the moves.
            for kind in [Kind::SENORA, Kind::FARO, Kind::LOCO, Kind::SALTADOR] {
                r.choices.insert(kind);
                r.sorted |= kind.def().sorts;
            }
        }
        r.king_first = conditions.contains(Condition::RoyalDynasty)
            || conditions.contains(Condition::ExtinctionChess)
            || conditions.contains(Condition::LosingChess);
        for kind in [
            Kind::SIRENE,
            Kind::TRITON,
            Kind::NEREIDE,
            Kind::MARINE_KNIGHT,
        ] {
            r.marine.insert(kind);
            if marine_chess {
                r.choices.insert(kind);
            }
        }
        r.diagram = units_key(pos);
        for color in [Color::White, Color::Black] {
            r.first[color as usize] = pos.by_color(color).into_iter().max_by_key(|s| s.0);
        }
        for (piece, _) in pos.units() {
            let kind = piece.kind;
            r.sorted |= kind.def().sorts;
            r.fairy |= !kind.is_orthodox();
            r.present.insert(kind);
            if kind.is_promotion_choice() {
                r.marine.insert(kind);
                if !kind.is_orthodox() {
                    r.choices.insert(kind);
                }
            }
        }
        r
    }

    /// Whether a unit of a fairy walk stands in the diagram.
    #[inline]
    pub fn has_fairy(&self) -> bool {
        self.fairy
    }

    /// What a pawn promoting as `promotion` says may become, in the order
    /// Popeye tries them: the orthodox pieces Q, S, R, B, then the fairy
    /// pieces of the diagram in Popeye's order of walks.
    #[inline]
    pub fn promotions(&self, promotion: Promotion) -> impl Iterator<Item = Kind> + '_ {
        let marine = promotion == Promotion::Marine;
        let only = if marine { None } else { self.only.as_ref() };
        let set = if marine { &self.marine } else { &self.choices };
        let standard = if marine { Standard::All } else { self.standard };
        let present = &self.marine;
        let king = self.king_first && !marine && only.is_none();
        king.then_some(Kind::KING)
            .into_iter()
            .chain(Kind::PROMOTIONS.into_iter().filter(move |&k| {
                only.is_none()
                    && match standard {
                        Standard::All => !marine || set.contains(k),
                        Standard::NoKnight => k != Kind::KNIGHT,
                        Standard::None => false,
                        Standard::Present => present.contains(k),
                    }
            }))
            .chain(
                set.iter()
                    .filter(move |k| only.is_none() && !k.is_orthodox()),
            )
            .chain(
                Kind::PROMOTIONS
                    .into_iter()
                    .chain(Kind::all().filter(|k| !k.is_orthodox()))
                    .filter(move |&k| only.is_some_and(|o| o.contains(k))),
            )
    }

    /// Whether units of the fairy walk `kind` may stand on the board in
    /// the play: it is in the diagram, or a pawn may promote to it (the
    /// walks Popeye looks for when it tests observation).
    #[inline]
    pub fn may_appear(&self, kind: Kind) -> bool {
        self.choices.contains(kind) || self.only.is_some_and(|o| o.contains(kind))
    }

    /// Whether a unit of the walk `kind` stands in the diagram.
    #[inline]
    pub fn in_diagram(&self, kind: Kind) -> bool {
        self.present.contains(kind)
    }

    /// Whether the unit on `on` is the first unit of the side to move,
    /// `color`, that Popeye generates in the diagram, `pos` being it.
    pub fn first_in_diagram(&self, pos: &Position, on: Square, color: Color) -> bool {
        pos.turn == color
            && self.first[color as usize] == Some(on)
            && units_key(pos) == self.diagram
    }

    /// Whether every move list is tried in the order of the moves'
    /// squares (Popeye's sorting mode, set by the rose and its kin).
    #[inline]
    pub fn sorts_moves(&self) -> bool {
        self.sorted
    }
}
