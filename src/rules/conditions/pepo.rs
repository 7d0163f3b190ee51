//! Pepo: a king is in check only when two enemy units observe it (a double
//! check), and a king that any enemy unit observes cannot move.
//!
//! As Popeye plays it:
//! - in the check test the checking side's king stands as a blocker that
//!   observes nothing (its king never checks), and the first observer found
//!   is replaced by such a blocker while a second is sought: two distinct
//!   units, each observation validated by the other rules in force;
//! - a royal unit is paralysed by one observation of the geometry alone,
//!   the enemy king's included (so kings may stand side by side, each
//!   paralysing the other); a paralysed king does not castle either;
//! - a move never captures a king (the generator's rule);
//! - the last move of a `#n`'s attacker or of help play to mate (or check,
//!   or double mate) comes from Popeye's orthodox mating-move generator
//!   where that is in force (no fairy walk in the diagram, no AntiCirce):
//!   that generator knows no paralysis, so a king observed may give that
//!   move (uncovering a check), but, as in chess, it never steps next to
//!   the other king.

use super::{Capabilities, ConditionRule};
use crate::board::{Bitboard, Color, Kind, Position, Square};
use crate::rules::{Base, CirceRules, Condition, Observer, Rules};
use crate::stipulation::Goal;

pub struct Pepo;

/// `Param::number`: Popeye's orthodox mating-move generator makes the last
/// move of mate play (set before play from the diagram).
const MATING_GENERATOR: u8 = 1;
/// `Param::number`: the rules of that last move, where no king is
/// paralysed.
const LAST_MOVE: u8 = 2;

/// Pepo with a play whose last move Popeye makes otherwise than this
/// module knows (reflex ends, reciprocal help play, parry series) is not
/// played: those were not compared with Popeye.
pub fn play_refusal(stip: &crate::stipulation::Stipulation) -> Option<String> {
    use crate::stipulation::Play;
    let reflex = matches!(
        stip.play,
        Play::Reflex | Play::SemiReflex | Play::HelpReflex
    );
    (reflex || stip.reciprocal.is_some() || stip.parry.is_some()).then(|| {
        format!(
            "Pepo with the stipulation {} is not played (not compared with Popeye)",
            stip.text
        )
    })
}

/// Notes, before play, whether Popeye makes the mating move with its
/// orthodox generator: not with a fairy walk in the diagram (Popeye then
/// generates it as every other move; nor under AntiCirce, refused).
pub fn note_mating_generator(rules: &mut Rules, diagram: &Position) {
    if !rules.has(Condition::Pepo) || diagram.fairy().nonempty() {
        return;
    }
    let mut param = *rules.param(Condition::Pepo);
    param.number = MATING_GENERATOR;
    *rules = rules.with_param(Condition::Pepo, param);
}

/// The rules of the last move that reaches `goal` (the attacker's in
/// direct play, the helper's in help and series play): no king paralysed
/// where Popeye's orthodox generator makes it.
pub fn for_last_move(rules: Rules, goal: Goal) -> Rules {
    if rules.conditions.is_empty()
        || !rules.has(Condition::Pepo)
        || rules.param(Condition::Pepo).number != MATING_GENERATOR
        || !matches!(goal, Goal::Mate | Goal::Check | Goal::DoubleMate)
    {
        return rules;
    }
    let mut param = *rules.param(Condition::Pepo);
    param.number = LAST_MOVE;
    rules.with_param(Condition::Pepo, param)
}

impl ConditionRule for Pepo {
    const ID: &'static str = "pepo";
    /// Kings may be paralysed; check needs two observers.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        ..Capabilities::ORTHODOX
    };

    fn immobile(rules: &Rules, pos: &Position, side: Color) -> Bitboard {
        if rules.param(Condition::Pepo).number == LAST_MOVE {
            return Bitboard::EMPTY;
        }
        let royals = pos.pieces(side, Kind::KING) | pos.royal_units(side);
        let mut stuck = Bitboard::EMPTY;
        for on in royals {
            if is_observed(rules, pos, on, side.opponent()) {
                stuck.set(on);
            }
        }
        stuck
    }

    /// Popeye's mating-move generator steps a king only where it does not
    /// touch the other king (castling aside).
    fn allows(rules: &Rules, pos: &Position, mv: &crate::moves::Move) -> bool {
        if rules.param(Condition::Pepo).number != LAST_MOVE
            || mv.piece.kind != Kind::KING
            || !matches!(mv.motion, crate::moves::Motion::Normal)
        {
            return true;
        }
        pos.king(mv.piece.color.opponent())
            .is_none_or(|k| !crate::board::attacks::king(k).contains(mv.to))
    }

    fn decides_check(rules: &Rules, pos: &Position, color: Color) -> Option<bool> {
        let Some(king) = pos.king(color) else {
            return Some(false);
        };
        let them = color.opponent();
        // The checking king is a blocker without a walk.
        let their_king = pos.king(them);
        let mut count = 0;
        rules.any_observer(pos, king, them, None, true, |o| {
            if Some(o.on) != their_king && rules.captures_king_for_good(pos, king, o.on, o.from) {
                count += 1;
            }
            count > 1
        });
        Some(count > 1)
    }

    /// Popeye's paralysis and its mating-move generator were compared with
    /// units of no attribute.
    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        pos.attributed().nonempty().then(|| {
            "Pepo with unit attributes is not played (its play with neutral units differs \
             from Popeye's, the cause not found; the others not compared with Popeye)"
                .to_string()
        })
    }

    fn refusal(rules: &Rules) -> Option<String> {
        if let Some(other) = rules.conditions.iter().find(|&c| c != Condition::Pepo) {
            return Some(format!(
                "Pepo with {} is not played (not compared with Popeye)",
                other.popeye_id()
            ));
        }
        rules
            .families()
            .find(|&&f| f != CirceRules::CIRCE)
            .map(|f| match f.base {
                // Popeye validates a check by playing the capture there; where
                // the capture of the king would promote, its count of the
                // observers goes astray (the cause not found).
                Base::AntiCirce => "Pepo with AntiCirce is not played (its checks differ from \
                                Popeye's where a pawn's capture of the king would promote)"
                    .to_string(),
                base => format!(
                    "Pepo with this {base:?} form is not played (not compared with Popeye; plain \
                 Circe is)"
                ),
            })
    }
}

/// Whether a unit of `by` observes `target` by the geometry alone (Popeye
/// asks only its observation geometry there).
fn is_observed(rules: &Rules, pos: &Position, target: Square, by: Color) -> bool {
    rules.any_observer(pos, target, by, None, false, |o: Observer| {
        rules.conditions.observes_geometry(rules, pos, &o, target)
    })
}

#[cfg(test)]
mod tests {
    //! Each answer is Popeye 4.104's (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::{Color, Position};
    use crate::rules::{CirceRules, Condition, Rules};
    use crate::stipulation::Goal;

    fn rules() -> Rules {
        Rules::orthodox().with(Condition::Pepo)
    }

    #[test]
    fn a_king_is_in_check_only_when_two_units_observe_it() {
        // The rook a8 alone observes h8; with the bishop on e5 as well the
        // king is in check.
        let single = Position::from_piece_list("wRa8 wBb8 bKh8").unwrap();
        assert!(!rules().in_check(&single, Color::Black));
        let double = Position::from_piece_list("wRa8 wBe5 bKh8").unwrap();
        assert!(rules().in_check(&double, Color::Black));
    }

    #[test]
    fn the_checking_king_never_counts() {
        let pos = Position::from_piece_list("wKg6 wRa8 bKh8").unwrap();
        assert!(!rules().in_check(&pos, Color::Black));
    }

    #[test]
    fn an_observed_king_cannot_move_nor_castle() {
        // The bishop h4 observes e1: the king neither steps nor castles,
        // the rooks move.
        assert_eq!(
            moves(&rules(), "wKe1 wRh1 wRa1 bKe8 bRa8 bRh8 bBh4", Color::White),
            sorted(
                "Ra1*a8 Ra1-a7 Ra1-a6 Ra1-a5 Ra1-a4 Ra1-a3 Ra1-a2 Ra1-d1 Ra1-c1 Ra1-b1 \
                 Rh1-f1 Rh1-g1 Rh1*h4 Rh1-h3 Rh1-h2"
            )
        );
    }

    #[test]
    fn kings_may_stand_side_by_side() {
        // The white king may step next to the black one (one observer is
        // no check); there each paralyses the other.
        let all = moves(&rules(), "wKe4 wRh1 bKe6 bPa7", Color::White);
        assert!(all.contains(&"Ke4-e5".to_string()));
        assert!(all.contains(&"Ke4-d5".to_string()));
        let free = moves(&rules(), "wKe5 wRh1 bKe7 bPa7", Color::Black);
        assert_eq!(free.len(), 10, "{free:?}");
        let stuck = moves(&rules(), "wKe6 wRh1 bKe7 bPa7", Color::Black);
        assert_eq!(stuck, sorted("a7-a6 a7-a5"));
    }

    #[test]
    fn the_mating_move_knows_no_paralysis() {
        // The black king e3 paralyses the white king f2, which has no move;
        // but Popeye's mating-move generator lets it uncover the bishop
        // g1's check (the knight c4's is the other): 1.Ke1, Kf1, Kg2, Kg3
        // mate, never onto e2 or f3, next to the black king.
        let list = "wKf2 wBg1 wSc4 wPc7 wBd1 wRa7 bKe3 bBb1 bSa1";
        let all = moves(&rules(), list, Color::White);
        assert!(!all.iter().any(|m| m.starts_with('K')), "{all:?}");
        let mut r = rules();
        super::note_mating_generator(&mut r, &Position::from_piece_list(list).unwrap());
        let last = super::for_last_move(r, Goal::Mate);
        let kings: Vec<String> = moves(&last, list, Color::White)
            .into_iter()
            .filter(|m| m.starts_with('K'))
            .collect();
        assert_eq!(kings, sorted("Kf2-e1 Kf2-f1 Kf2-g2 Kf2-g3"));
        // Not for a goal Popeye's generator does not make, nor with a
        // fairy walk in the diagram.
        assert_eq!(super::for_last_move(r, Goal::Stalemate), r);
        let mut fairy = rules();
        let mut with_fairy = Position::from_piece_list("wKf2 bKe3").unwrap();
        with_fairy.put(
            crate::board::Square::parse("g1").unwrap(),
            crate::board::Piece::new(Color::White, crate::board::Kind::GRASSHOPPER),
        );
        super::note_mating_generator(&mut fairy, &with_fairy);
        assert_eq!(super::for_last_move(fairy, Goal::Mate), fairy);
    }

    #[test]
    fn other_conditions_anticirce_and_other_circe_forms_are_refused() {
        let r = rules().with(Condition::Madrasi);
        assert!(r.conditions.refusal(&r).is_some());
        let anti = Rules::with_circe(CirceRules::ANTICIRCE_CALVET).with(Condition::Pepo);
        assert!(anti.conditions.refusal(&anti).is_some());
        let circe = Rules::with_circe(CirceRules::CIRCE).with(Condition::Pepo);
        assert_eq!(circe.conditions.refusal(&circe), None);
    }
}
