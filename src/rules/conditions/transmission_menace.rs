//! TransmissionMenace: a unit observed by enemy units moves, captures and
//! so checks also with their walks, beside its own.
//!
//! As Popeye plays it:
//! - whether an enemy unit observes is judged with its own walk and the
//!   geometry of the line alone (what it would make of the capture is not
//!   asked);
//! - only the walks of units standing in the diagram are lent (a unit
//!   promoted to a walk that is not there lends none);
//! - the walks taken are those of the observers, each once, in Popeye's
//!   order of walks (king, pawn, queen, knight, rook, bishop, then the
//!   fairy walks); an observer's walk moves as the moving unit's side's
//!   (a black pawn's walk lent to a white unit moves up);
//! - the unit's moves are its own walk's, then each lent walk's, and a
//!   square reached by an earlier move is not reached again (one move to
//!   each square: the first generated; Popeye tries the last generated
//!   first);
//! - a pawn that reaches its promotion rank with a lent walk promotes; a
//!   unit that is not a pawn does not, even moving with a pawn's walk;
//! - check is a capture of the king by any of these moves (Popeye tests it
//!   by playing the moves): a king beside an enemy unit it observes is in
//!   check, that unit taking the king's walk.

use super::{Capabilities, ConditionRule, Walks};
use crate::board::{Color, Kind, Piece, Position, Square};
use crate::rules::{Condition, Observer, Rules};
use std::cell::Cell;

pub struct TransmissionMenace;

thread_local! {
    /// Set while the observers of a unit are found: they observe with
    /// their own walks (Popeye's rule, which keeps the test finite).
    static FINDING: Cell<bool> = const { Cell::new(false) };
}

/// Whether a unit of `them` of one of `kinds` observes `on` with
/// the walk `walk`, as the geometry of its line validates it.
fn observed_by(
    rules: &Rules,
    pos: &Position,
    on: Square,
    them: Color,
    kinds: &[Kind],
    walk: Kind,
) -> bool {
    let occupied = pos.occupied();
    pos.by_color(them).into_iter().any(|at| {
        let Some(unit) = pos.piece_as(at, them) else {
            return false;
        };
        at != on
            && kinds.contains(&unit.kind)
            && rules.observes_with(pos, unit, walk, at, on, occupied)
            && rules.conditions.observes_geometry(
                rules,
                pos,
                &Observer {
                    unit,
                    on: at,
                    from: at,
                },
                on,
            )
    })
}

/// Whether Popeye finds an observer of `on` for the walk `walk`. Its
/// search for a rook's or a bishop's walk finds queens on those lines
/// too, and, once it has searched for them, its search for a queen's
/// walk searches only the lines not searched (none when a rook and a
/// bishop stand in the diagram): Popeye's optimisation of the queen's
/// observation, whose record of the lines searched, kept for each ply, is
/// never reset where TransmissionMenace searches. So the first search at
/// a ply is a full one: `first`, the first unit whose moves the play
/// generates (the diagram's first unit of the side to move; the first
/// searches at the later plies are not followed).
fn lends(rules: &Rules, pos: &Position, on: Square, them: Color, walk: Kind, first: bool) -> bool {
    use Kind as K;
    let searched = |k: Kind| !first && rules.repertoire.in_diagram(k);
    match walk {
        K::ROOK => observed_by(rules, pos, on, them, &[K::ROOK, K::QUEEN], K::ROOK),
        K::BISHOP => observed_by(rules, pos, on, them, &[K::BISHOP, K::QUEEN], K::BISHOP),
        K::QUEEN => match (searched(K::ROOK), searched(K::BISHOP)) {
            (true, true) => false,
            (true, false) => observed_by(rules, pos, on, them, &[K::BISHOP, K::QUEEN], K::BISHOP),
            (false, true) => observed_by(rules, pos, on, them, &[K::ROOK, K::QUEEN], K::ROOK),
            (false, false) => observed_by(rules, pos, on, them, &[K::QUEEN], K::QUEEN),
        },
        _ => observed_by(rules, pos, on, them, &[walk], walk),
    }
}

impl ConditionRule for TransmissionMenace {
    const ID: &'static str = "transmissionmenace";
    const CAPABILITIES: Capabilities = super::annan::WALKS;

    fn walks(rules: &Rules, pos: &Position, on: Square, unit: Piece, observing: bool) -> Walks {
        if FINDING.get() {
            return Walks::one(unit.kind);
        }
        let first = !observing && rules.repertoire.first_in_diagram(pos, on, unit.color);
        let mut walks = Walks::one(unit.kind);
        FINDING.set(true);
        for walk in Kind::popeye_order() {
            if walk != unit.kind
                && rules.repertoire.in_diagram(walk)
                && lends(rules, pos, on, unit.color.opponent(), walk, first)
            {
                walks.push(walk);
            }
        }
        FINDING.set(false);
        if walks.is_just(unit.kind) {
            return walks;
        }
        walks.once_per_arrival()
    }

    /// Played alone or with Circe, which random problems measured against
    /// Popeye. Beside another condition, not supported; beside the other
    /// Circe forms refused too: with AntiCirce some checks differ from
    /// Popeye's (cause not found), the others were not measured.
    fn refusal(rules: &Rules) -> Option<String> {
        if let Some(form) = rules
            .families()
            .find(|f| f.base != crate::rules::Base::Circe)
        {
            return Some(format!(
                "TransmissionMenace is not played with {:?} (not supported together)",
                form.base
            ));
        }
        let other = rules
            .conditions
            .iter()
            .find(|&c| c != Condition::TransmissionMenace)?;
        let name = crate::vocabulary::CONDITION_NAMES
            .iter()
            .find(|n| n.id == other.popeye_id())
            .map_or(other.popeye_id(), |n| n.names[0]);
        Some(format!(
            "TransmissionMenace is not played with {name} (not supported together)"
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Color, Position};
    use crate::io::notation::{popeye_move, Alphabet};
    use crate::rules::conditions::testing::{moves_of, sorted};
    use crate::rules::{Condition, Repertoire, Rules};

    /// The rules and the position of `pieces`, `turn` to move.
    fn setup(pieces: &str, turn: Color) -> (Rules, Position) {
        let mut r = Rules::orthodox().with(Condition::TransmissionMenace);
        let mut pos = Position::from_piece_list(pieces).unwrap();
        pos.turn = turn;
        r.repertoire = Repertoire::for_rules(&pos, &r);
        (r, pos)
    }

    /// The legal moves in the order Popeye tries them.
    fn tried(r: &Rules, pos: &Position) -> Vec<String> {
        let mut out = Vec::new();
        crate::movegen::legal_moves(pos, r, &mut out);
        crate::solve::popeye_order::sort(&mut out, r, pos.turn);
        out.iter()
            .map(|m| popeye_move(m, Alphabet::English))
            .collect()
    }

    #[test]
    fn a_unit_moves_also_as_its_observers_each_square_once_the_last_generated_first() {
        // Popeye's own example: the rook's walk lent to the pawn, which
        // promotes on c8; c4-c5, its own move, generated first, comes last.
        let (r, pos) = setup("wPc4 bRh4", Color::White);
        let want = "c4-c1 c4-c2 c4-c3 c4-a4 c4-b4 c4-c8=Q c4-c8=S c4-c8=R c4-c8=B c4-c7 \
                    c4-c6 c4*h4 c4-g4 c4-f4 c4-e4 c4-d4 c4-c5";
        assert_eq!(tried(&r, &pos), want.split_whitespace().collect::<Vec<_>>());
    }

    #[test]
    fn a_check_by_a_lent_walk_is_a_check() {
        // The knight b3 observes c5: the pawn there moves as a knight.
        let (r, pos) = setup("wPc5 bKd7 bSb3", Color::Black);
        assert!(r.in_check(&pos, Color::Black));
        let (r, pos) = setup("wPc4 bKd7 bSb3", Color::Black);
        assert!(!r.in_check(&pos, Color::Black));
    }

    #[test]
    fn a_walk_not_in_the_diagram_is_not_lent() {
        // The queen promoted on c8 observes the rook a8, which takes no
        // queen's walk: no check on f3 (Popeye lists c7*c8=Q).
        let (r, pos) = setup(
            "wKf3 wRg7 wPc7 wRd6 bKb1 bPf5 bPe6 bSc1 bRc8 bRa8 bSh8",
            Color::White,
        );
        assert!(moves_of(&r, &pos).contains(&"c7*c8=Q".to_string()));
    }

    #[test]
    fn the_queens_walk_is_searched_in_full_only_first() {
        // The queen a3 observes d3 on a rank: it lends the rook's walk. The
        // queen's walk is searched in full only for the first unit the
        // play generates (d3 here, before a2: Kd3-b1, -f1, -g6); with the
        // knight h8 generated first, the search for it is left out, a
        // rook and a bishop standing in the diagram.
        let pieces = "wKd3 wPa2 bKa4 bPd5 bQa3 bPe6 bPe5 bRc6 bRh4";
        let (r, pos) = setup(pieces, Color::White);
        let king = |v: Vec<String>| {
            v.into_iter()
                .filter(|m| m.starts_with("Kd3"))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            king(moves_of(&r, &pos)),
            sorted("Kd3-b1 Kd3-f1 Kd3-g6 Kd3-d1 Kd3-e2 Kd3-d2")
        );
        let (r, pos) = setup(&format!("{pieces} wSh8"), Color::White);
        assert_eq!(king(moves_of(&r, &pos)), sorted("Kd3-d1 Kd3-e2 Kd3-d2"));
        let (r, pos) = setup(&format!("{pieces} wSa1"), Color::White);
        assert_eq!(
            king(moves_of(&r, &pos)),
            sorted("Kd3-b1 Kd3-f1 Kd3-g6 Kd3-d1 Kd3-e2 Kd3-d2")
        );
    }

    #[test]
    fn other_conditions_are_refused() {
        let r = Rules::orthodox()
            .with(Condition::TransmissionMenace)
            .with(Condition::Madrasi);
        let why = <super::TransmissionMenace as super::ConditionRule>::refusal(&r).unwrap();
        assert!(
            why.contains("TransmissionMenace is not played with Madrasi"),
            "{why}"
        );
    }
}
