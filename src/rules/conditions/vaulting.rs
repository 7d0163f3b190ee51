//! VaultingKings, WhiteVaultingKing and BlackVaultingKing: a king in check
//! (observed by an enemy unit) moves, captures and observes also with the
//! walks given after the condition (the equihopper's when none is given),
//! beside its own. A king not in check is an ordinary king.
//!
//! As Popeye plays it:
//! - each walk's moves are the king's apart: a move that its own walk and
//!   a vaulting walk make (or two vaulting walks) is listed, and tried,
//!   once per walk; the king's own moves are tried first, then those of
//!   the walks given, the last one's first;
//! - whether a king is observed is judged with the other king moving as
//!   a plain king;
//! - the default equihopper moves but does not observe (nor check) unless
//!   an equihopper may stand on the board (one is in the diagram, or a
//!   pawn may promote to one): Popeye adds it after it has listed the
//!   walks it looks for in observation;
//! - a walk that does not observe may reach the other king: the king
//!   takes it (Popeye lists the move);
//! - the word `Transmuting` (the king would lose its own walk when in
//!   check) makes Popeye 4.104 loop for ever while reading it: refused.

use super::{Capabilities, ConditionRule, Parameter, Walks};
use crate::board::{Color, Kind, Piece, Position, Square};
use crate::rules::{Condition, Rules};
use std::cell::Cell;

/// The vaulting king of the side given.
pub struct Vaulting<const WHITE: bool>;
/// Both kings vault: the two conditions above, put in force together.
pub struct VaultingKings;

thread_local! {
    /// Set while it is found whether the king of that side (White, Black)
    /// is observed: both kings then move as plain kings (Popeye's rule,
    /// which also keeps the test finite).
    static FINDING: [Cell<bool>; 2] = const { [Cell::new(false), Cell::new(false)] };
}

/// The refusal of the three conditions.
fn refusal(rules: &Rules, source: Condition) -> Option<String> {
    if rules.param(source).number == 1 {
        return Some(
            "VaultingKings Transmuting (Popeye 4.104 does not finish reading it)".to_string(),
        );
    }
    super::kings_beside_mars_refusal(rules)
}

/// Whether a vaulting king observes with the walk `kind` given to it:
/// Popeye looks for observers only with some walks. The orthodox ones
/// but the queen (its test is left out, rook and bishop lines standing
/// for it, unless a condition that changes observation is in force); a
/// fairy walk when a unit of it may stand on the board, or when it is, of
/// a side's walks given, the first that may not and that no side's list
/// has put among them before (White's list looked at first).
fn observes_with(rules: &Rules, kind: Kind) -> bool {
    if kind.is_orthodox() {
        return kind != Kind::QUEEN || !queen_left_out(rules);
    }
    if rules.repertoire.may_appear(kind) {
        return true;
    }
    let mut added: [Option<Kind>; 2] = [None, None];
    for (i, side) in [Condition::WhiteVaultingKing, Condition::BlackVaultingKing]
        .into_iter()
        .enumerate()
    {
        if !rules.has(side) {
            continue;
        }
        let source = if rules.has(Condition::VaultingKings) {
            Condition::VaultingKings
        } else {
            side
        };
        added[i] = rules.param(source).walk_list().find(|&k| {
            !k.is_orthodox() && !rules.repertoire.may_appear(k) && !added.contains(&Some(k))
        });
    }
    added.contains(&Some(kind))
}

/// Whether Popeye leaves out its test of observation by a queen's walk:
/// unless a condition in force changes how units observe.
fn queen_left_out(rules: &Rules) -> bool {
    use Condition as C;
    ![
        C::Madrasi,
        C::Isardam,
        C::TransmutedKings,
        C::WhiteTransmutedKing,
        C::BlackTransmutedKing,
        C::ReflectiveKings,
        C::WhiteReflectiveKing,
        C::BlackReflectiveKing,
        C::Eiffel,
        C::AnnanChess,
        C::Woozles,
        C::BiWoozles,
        C::Heffalumps,
        C::BiHeffalumps,
    ]
    .into_iter()
    .any(|c| rules.has(c))
}

impl ConditionRule for VaultingKings {
    const ID: &'static str = "vault_king";
    const PARAMETER: Parameter = Parameter::WalkList;

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, Condition::VaultingKings)
    }
}

impl<const WHITE: bool> Vaulting<WHITE> {
    const SIDE: Color = if WHITE { Color::White } else { Color::Black };
    const CONDITION: Condition = if WHITE {
        Condition::WhiteVaultingKing
    } else {
        Condition::BlackVaultingKing
    };

    /// The condition whose parameter gives the walks.
    fn source(rules: &Rules) -> Condition {
        if rules.has(Condition::VaultingKings) {
            Condition::VaultingKings
        } else {
            Self::CONDITION
        }
    }
}

impl<const WHITE: bool> ConditionRule for Vaulting<WHITE> {
    const ID: &'static str = if WHITE {
        "whvault_king"
    } else {
        "blvault_king"
    };
    const PARAMETER: Parameter = Parameter::WalkList;
    const CAPABILITIES: Capabilities = super::annan::WALKS;

    fn walks(rules: &Rules, pos: &Position, on: Square, unit: Piece, observing: bool) -> Walks {
        let side = Self::SIDE;
        if unit.color != side
            || pos.king(side) != Some(on)
            || !unit.kind.is_royal()
            || FINDING.with(|f| f[0].get() || f[1].get())
        {
            return Walks::one(unit.kind);
        }
        FINDING.with(|f| f[side.index()].set(true));
        let observed = rules.observes(pos, on, side.opponent());
        FINDING.with(|f| f[side.index()].set(false));
        if !observed {
            return Walks::one(unit.kind);
        }
        let param = rules.param(Self::source(rules));
        let mut walks = Walks::one(unit.kind);
        let mut given = false;
        for kind in param.walk_list() {
            walks.push(kind);
            given = true;
        }
        if !given && (!observing || rules.repertoire.may_appear(Kind::EQUIHOPPER)) {
            walks.push(Kind::EQUIHOPPER);
        }
        if observing {
            let mut seen = Walks::NONE;
            for kind in walks.iter() {
                if kind == unit.kind || observes_with(rules, kind) {
                    seen.push(kind);
                }
            }
            walks = seen;
        }
        walks.kept_apart()
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, Self::source(rules))
    }
}

#[cfg(test)]
mod tests {
    //! Each answer is Popeye 4.104's to the position (`~1` or `#1`).
    use super::super::testing::{moves, moves_of, sorted};
    use super::super::Param;
    use crate::board::{Color, Kind, Piece, Position, Square};
    use crate::io::notation::{popeye_move, Alphabet};
    use crate::rules::{Condition, Repertoire, Rules};

    /// The rules with `condition` and its walks `codes`, for `pieces`.
    fn vaulting(condition: Condition, codes: &[&str], pieces: &str) -> (Rules, Position) {
        let mut param = Param::default();
        for (slot, code) in param.walk_list.iter_mut().zip(codes) {
            let kind = Kind::all().find(|k| k.def().codes[0] == *code).unwrap();
            *slot = kind.index() as u8 + 1;
        }
        let mut r = Rules::orthodox().with_param(condition, param);
        let mut pos = Position::from_piece_list(pieces).unwrap();
        pos.turn = Color::White;
        r.repertoire = Repertoire::for_rules(&pos, &r);
        (r, pos)
    }

    #[test]
    fn a_king_out_of_check_is_a_plain_king() {
        let r = Rules::orthodox().with(Condition::WhiteVaultingKing);
        let got = moves(&r, "wKd4 wPa2 wPf6 bKh8 bRd8 bSd6", Color::White);
        assert_eq!(
            got,
            sorted("a2-a4 a2-a3 Kd4-c3 Kd4-e3 Kd4-e5 Kd4-c5 Kd4-d3 Kd4-d5 f6-f7")
        );
    }

    #[test]
    fn a_move_both_walks_make_is_there_twice() {
        let (r, pos) = vaulting(Condition::VaultingKings, &["R"], "wKd4 wPe5 wPa2 bKh8 bBa7");
        assert_eq!(
            moves_of(&r, &pos),
            sorted(
                "Kd4-c3 Kd4-d3 Kd4-c4 Kd4-d5 Kd4-e4 Kd4-d1 Kd4-d2 Kd4-d3 Kd4-a4 Kd4-b4 \
                 Kd4-c4 Kd4-d8 Kd4-d7 Kd4-d6 Kd4-d5 Kd4-h4 Kd4-g4 Kd4-f4 Kd4-e4"
            )
        );
    }

    #[test]
    fn the_kings_own_moves_are_tried_first_then_each_walks_the_last_first() {
        let (r, pos) = vaulting(
            Condition::WhiteVaultingKing,
            &["B", "S"],
            "wKd4 wPe5 wPf2 wSb3 bKh8 bBa7 bPd6",
        );
        let mut out = Vec::new();
        crate::movegen::legal_moves(&pos, &r, &mut out);
        crate::solve::popeye_order::sort(&mut out, &r, pos.turn);
        let got: Vec<String> = out
            .iter()
            .map(|m| popeye_move(m, Alphabet::English))
            .collect();
        let want = "Sb3-c5 Kd4-c3 Kd4-d3 Kd4-c4 Kd4-d5 Kd4-e4 Kd4-c2 Kd4-e2 Kd4-f3 \
                    Kd4-f5 Kd4-e6 Kd4-c6 Kd4-b5 Kd4-a1 Kd4-b2 Kd4-c3 Kd4*a7";
        assert_eq!(got, want.split_whitespace().collect::<Vec<_>>());
    }

    #[test]
    fn the_default_equihopper_observes_only_when_one_may_stand_on_the_board() {
        // After Ke5-f4 the black king, in check, would take f4 as an
        // equihopper over g6.
        let pieces = "wBa1 wKe5 bKh8 bPg6";
        let f4 = "Ke5-f4".to_string();
        let (r, pos) = vaulting(Condition::VaultingKings, &[], pieces);
        assert!(moves_of(&r, &pos).contains(&f4));
        // An equihopper in the diagram (put on a8).
        let (mut r, mut pos) = vaulting(Condition::VaultingKings, &[], pieces);
        let a8 = Square::new(0, 7);
        pos.put(a8, Piece::new(Color::Black, Kind::EQUIHOPPER));
        r.repertoire = Repertoire::for_rules(&pos, &r);
        assert!(!moves_of(&r, &pos).contains(&f4));
        let (r, pos) = vaulting(Condition::VaultingKings, &["EQ"], pieces);
        assert!(!moves_of(&r, &pos).contains(&f4));
    }

    #[test]
    fn a_vaulting_queens_walk_does_not_check() {
        // The white king, in check from c5, reaches h8 along the diagonal:
        // as a bishop it checks, as a queen not.
        let pieces = "wKd4 wBa1 wPe3 bKh8 bBg8 bPh7 bPc5 bRc8";
        let (r, pos) = vaulting(Condition::VaultingKings, &["B"], pieces);
        assert!(r.in_check(&pos, Color::Black));
        let (r, pos) = vaulting(Condition::VaultingKings, &["R", "Q"], pieces);
        assert!(!r.in_check(&pos, Color::Black));
    }

    #[test]
    fn a_walk_that_does_not_observe_takes_the_other_king() {
        // The white king, in check, reaches g5 as a queen: that walk does
        // not check, so the position is legal, and Popeye lists the capture.
        let (r, pos) = vaulting(
            Condition::WhiteVaultingKing,
            &["Q"],
            "wKg7 wPh3 wSf4 bKg5 bBc1 bQd2 bBb2 bQe3",
        );
        assert!(moves_of(&r, &pos).contains(&"Kg7*g5".to_string()));
    }
}
