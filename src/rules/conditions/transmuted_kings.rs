//! TransmutedKings and ReflectiveKings, for both sides or for one. A king
//! observed by enemy units takes their walks: under TransmutedKings it
//! moves, captures and observes with the walk of each kind of enemy unit
//! observing it, and no longer as a king; under ReflectiveKings it keeps
//! the king's walk beside them. A king observed by none moves as a king.
//! Whether an enemy unit observes the king is judged with the walks the
//! conditions give that unit (AnnanChess's among them) and as the
//! conditions validate observation (ShieldedKings: a king does not observe
//! a guarded king), and the walk taken is the one it observes with; a king of the other side observes as a
//! king there, even if it is itself transmuted. A reflective king moves
//! and captures with the walks it takes but observes (so checks) as a king
//! only, as in Popeye. A transmuted king castles only with its king's walk,
//! so not while in check.

use super::{Capabilities, ConditionRule, ProofTraffic, UnitTraffic, Walks};
use crate::board::{Color, Kind, Piece, Position, Square};
use crate::moves::Move;
use crate::rules::{Observer, Rules};
use std::cell::Cell;

/// The kings of the sides given, keeping their own walk (Reflective) or
/// not (Transmuted).
pub struct KingWalks<const WHITE: bool, const BLACK: bool, const KEEPS: bool>;

pub type TransmutedKings = KingWalks<true, true, false>;
pub type WhiteTransmutedKing = KingWalks<true, false, false>;
pub type BlackTransmutedKing = KingWalks<false, true, false>;
pub type ReflectiveKings = KingWalks<true, true, true>;
pub type WhiteReflectiveKing = KingWalks<true, false, true>;
pub type BlackReflectiveKing = KingWalks<false, true, true>;

thread_local! {
    /// Set while a king's walks are being found: the other side's king
    /// then observes as it would without this condition (Popeye's rule,
    /// which also keeps the search finite).
    static FINDING: Cell<bool> = const { Cell::new(false) };
}

/// The walks with which enemy units observe the king of `color` on `king`
/// (each unit's walks as the conditions give them, the enemy king's
/// without transmutation).
fn observers_walks(rules: &Rules, pos: &Position, king: Square, color: Color) -> Walks {
    let them = color.opponent();
    let occupied = pos.occupied();
    let mut walks = Walks::NONE;
    FINDING.set(true);
    for on in pos.by_color(them) {
        let unit = pos.piece_as(on, them).expect("a unit");
        for walk in rules.conditions.walks(rules, pos, on, unit, true).iter() {
            if walks.contains(walk) || matches!(walk, Kind::DUMMY | Kind::HAMSTER) {
                continue;
            }
            if rules.observes_with(pos, unit, walk, on, king, occupied)
                && (rules.conditions.is_empty()
                    || rules.conditions.observes(
                        rules,
                        pos,
                        &Observer { unit, on, from: on },
                        king,
                    ))
            {
                walks.push(walk);
            }
        }
    }
    FINDING.set(false);
    walks
}

impl<const WHITE: bool, const BLACK: bool, const KEEPS: bool> ConditionRule
    for KingWalks<WHITE, BLACK, KEEPS>
{
    const ID: &'static str = match (WHITE, BLACK, KEEPS) {
        (true, true, false) => "trans_king",
        (true, false, false) => "whtrans_king",
        (false, true, false) => "bltrans_king",
        (true, true, true) => "refl_king",
        (true, false, true) => "whrefl_king",
        _ => "blrefl_king",
    };
    const CAPABILITIES: Capabilities = super::annan::WALKS;
    /// A king moves with other walks, still one unit a move, one capture;
    /// it castles only as a king. The other units keep their walks.
    const PROOF: ProofTraffic = ProofTraffic::Moves(UnitTraffic {
        routes: Some(super::Routes::ButKings),
        ..UnitTraffic::ONE_UNIT
    });

    #[inline]
    fn walks(rules: &Rules, pos: &Position, on: Square, unit: Piece, observing: bool) -> Walks {
        let concerned = match unit.color {
            Color::White => WHITE,
            Color::Black => BLACK,
        };
        let royal = pos
            .piece_as(on, unit.color)
            .is_some_and(|u| u.kind.is_royal());
        if !concerned || !royal || pos.king(unit.color) != Some(on) || FINDING.get() {
            return Walks::one(unit.kind);
        }
        // Popeye's reflective king observes as a king only.
        if KEEPS && observing {
            return Walks::one(Kind::KING);
        }
        // Reflective kings keep the king's walk itself.
        let mut walks = if KEEPS {
            Walks::one(Kind::KING)
        } else {
            Walks::NONE
        };
        for w in observers_walks(rules, pos, on, unit.color).iter() {
            walks.push(w);
        }
        if walks.iter().next().is_none() {
            return Walks::one(unit.kind);
        }
        walks
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::kings_beside_mars_refusal(rules)
    }
}

// Part 2, group Kings: the super-transmuting kings.
/// WhiteSuperTransmutingKing / BlackSuperTransmutingKing: the side's king,
/// observed by enemy units, moves (and observes) only with their walks, as
/// a transmuted king, and its side may then move nothing else. The move
/// turns it for good into a unit of the walk it moved with, no longer
/// royal (Popeye's `Ka5-a6=P`): its side has no king from then on. A king
/// observed by none moves as a king.
pub struct SuperTransmuting<const WHITE: bool>;

/// The walks the king of `color` on `on` transmutes to, if it is its
/// side's king and observed (none otherwise).
fn super_walks(rules: &Rules, pos: &Position, color: Color) -> Option<(Square, Walks)> {
    // Asked for every move of a list: the answer for the position last
    // asked about is kept (the units' squares and sides as the key).
    type Key = ([u64; 8], u8);
    type Found = Option<(Square, Walks)>;
    thread_local! {
        static LAST: Cell<Option<(Key, Found)>> = const { Cell::new(None) };
    }
    let key: Key = (
        [
            pos.occupied().0,
            pos.by_color(Color::White).0,
            pos.by_kind(Kind::KING).0,
            pos.by_kind(Kind::QUEEN).0,
            pos.by_kind(Kind::ROOK).0,
            pos.by_kind(Kind::BISHOP).0,
            pos.by_kind(Kind::KNIGHT).0,
            pos.fairy().0 ^ pos.attributed().0.rotate_left(32),
        ],
        color as u8,
    );
    if let Some((k, found)) = LAST.get() {
        if k == key {
            return found;
        }
    }
    let found = super_walks_now(rules, pos, color);
    LAST.set(Some((key, found)));
    found
}

fn super_walks_now(rules: &Rules, pos: &Position, color: Color) -> Option<(Square, Walks)> {
    let on = pos.king(color)?;
    let unit = pos.piece_as(on, color)?;
    if !unit.kind.is_royal() {
        return None;
    }
    let walks = observers_walks(rules, pos, on, color);
    let some = walks.iter().next().is_some();
    some.then_some((on, walks))
}

impl<const WHITE: bool> ConditionRule for SuperTransmuting<WHITE> {
    const ARRIVING: bool = true;
    const ID: &'static str = if WHITE {
        "whsupertrans_king"
    } else {
        "blsupertrans_king"
    };
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        moves_judged_alone: true,
        ..super::annan::WALKS
    };

    #[inline]
    fn walks(rules: &Rules, pos: &Position, on: Square, unit: Piece, observing: bool) -> Walks {
        if WHITE {
            WhiteTransmutedKing::walks(rules, pos, on, unit, observing)
        } else {
            BlackTransmutedKing::walks(rules, pos, on, unit, observing)
        }
    }

    /// The side of a transmuting king moves nothing else.
    fn allows(rules: &Rules, pos: &Position, mv: &Move) -> bool {
        let side = if WHITE { Color::White } else { Color::Black };
        if mv.piece.color != side || FINDING.get() {
            return true;
        }
        match super_walks(rules, pos, side) {
            Some((on, _)) => mv.from == on && !mv.is_castling_or_exchange(),
            None => true,
        }
    }

    /// The king's move turns it into a unit of the walk it moved with.
    fn arriving(rules: &Rules, pos: &Position, mv: &mut Move) {
        let side = if WHITE { Color::White } else { Color::Black };
        if mv.piece.color != side || mv.is_castling_or_exchange() {
            return;
        }
        let Some((on, walks)) = super_walks(rules, pos, side) else {
            return;
        };
        if mv.from != on {
            return;
        }
        // The walk the move was made with: the first that reaches the
        // arrival, or the first of all.
        let occupied = pos.occupied();
        let unit = mv.piece;
        let walk = walks
            .iter()
            .find(|&w| rules.observes_with(pos, unit, w, on, mv.to, occupied))
            .or_else(|| walks.iter().next());
        if let Some(w) = walk {
            mv.promotion = Some(w);
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::kings_beside_mars_refusal(rules)
    }
}

#[cfg(test)]
mod tests {
    //! Each list is checked against Popeye 4.104's `~1`.
    use super::super::annan::tests::moves;
    use crate::rules::{Condition, Rules};

    #[test]
    fn a_checked_king_moves_only_as_the_checking_units() {
        let r = Rules::orthodox().with(Condition::TransmutedKings);
        let got = moves(&r, "wKd4 wPa2 bKh8 bRd8 bBf8");
        assert_eq!(
            got,
            ["Kd4*d8", "Kd4-a4", "Kd4-c4", "Kd4-e4", "Kd4-f4", "Kd4-g4", "Kd4-h4"]
        );
    }

    #[test]
    fn a_transmuted_king_observes_with_the_walk_it_took() {
        // Once checked by the rook, the black king observes d1 as a rook.
        let r = Rules::orthodox().with(Condition::BlackTransmutedKing);
        let list = "wKd1 wRh5 bKd8 bPa7";
        assert!(!moves(&r, list).contains(&"Rh5-h8".to_string()));
        assert!(moves(&Rules::orthodox(), list).contains(&"Rh5-h8".to_string()));
    }

    #[test]
    fn a_reflective_king_keeps_its_walk_and_checks_as_a_king_only() {
        let r = Rules::orthodox().with(Condition::WhiteReflectiveKing);
        let got = moves(&r, "wKd4 wPa2 bKh8 bSc6");
        assert!(got.contains(&"Kd4-f5".to_string()));
        assert!(got.contains(&"Kd4-d5".to_string()));
        assert_eq!(got.len(), 15);
        let r = Rules::orthodox().with(Condition::BlackReflectiveKing);
        assert!(moves(&r, "wKa5 wBc1 bKd8 bPh7").contains(&"Bc1-g5".to_string()));
    }

    #[test]
    fn a_shielded_king_does_not_lend_its_walk() {
        // The white king, guarded by its knight, is not observed by the
        // black king beside it (ShieldedKings): observed by the knight on
        // g3 only, it moves as a knight only (Popeye: Ke4-g5, -c5, *g3,
        // -f2, -d2 and h2*g3).
        let r = Rules::orthodox()
            .with(Condition::TransmutedKings)
            .with(Condition::ShieldedKings);
        let got = moves(&r, "wKe4 wSc3 wPh2 bKe5 bSg3 bPa7");
        let king: Vec<&String> = got.iter().filter(|m| m.starts_with('K')).collect();
        assert_eq!(king, ["Ke4*g3", "Ke4-c5", "Ke4-d2", "Ke4-f2", "Ke4-g5"]);
    }

    #[test]
    fn reflective_kings_put_each_sides_in_force() {
        let r = Rules::orthodox().with(Condition::ReflectiveKings);
        assert!(r.has(Condition::WhiteReflectiveKing) && r.has(Condition::BlackReflectiveKing));
    }
}
