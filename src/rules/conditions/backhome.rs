//! BackHome (NachHause, Retour): a side that has a legal move bringing a
//! unit back to its home square must play such a move. A unit's home is
//! the square it stands on in the diagram (the game array in a proof
//! game); a unit the play brings in has none. The position tracks the
//! units' identities for it (set going by `prepare`).
//!
//! Popeye judges observation by the same rule: a unit observes (and
//! checks) a square other than its home only when its side has no legal
//! move home. Since legality asks for check, the test recurses, each
//! level a move home further.

use super::{Capabilities, ConditionRule, ProofTraffic};
use crate::board::{Color, Position, Square};
use crate::moves::Move;
use crate::rules::{Observer, Rules};

pub struct BackHome;

/// Whether `mv`, played in `pos`, brings its unit back home.
#[inline]
fn goes_home(pos: &Position, mv: &Move) -> bool {
    pos.diagram_square(mv.departure()) == Some(mv.to)
}

/// Whether `side` has, in `pos`, a legal move home (whoever is to move).
fn can_go_home(rules: &Rules, pos: &Position, side: Color) -> bool {
    // No unit of the side away from a home: no move home to look for.
    let away = pos
        .by_color(side)
        .into_iter()
        .any(|sq| pos.diagram_square(sq).is_some_and(|home| home != sq));
    if !away {
        return false;
    }
    let mut turned = *pos;
    turned.turn = side;
    let mut moves = Vec::new();
    crate::movegen::pseudo_legal_moves(&turned, rules, &mut moves);
    moves.iter().any(|mv| {
        goes_home(&turned, mv)
            && crate::movegen::is_legal_after(&turned, rules, mv, &turned.play(mv))
    })
}

impl ConditionRule for BackHome {
    const ID: &'static str = "backhome";
    /// It only takes moves away.
    const PROOF: ProofTraffic = ProofTraffic::Restricts;
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_observation: false,
        orthodox_legality: false,
        moves_judged_alone: false,
        ..Capabilities::ORTHODOX
    };

    fn filter(_rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        if moves[start..].iter().any(|mv| goes_home(pos, mv)) {
            let mut keep = start;
            for i in start..moves.len() {
                if goes_home(pos, &moves[i]) {
                    moves[keep] = moves[i];
                    keep += 1;
                }
            }
            moves.truncate(keep);
        }
    }

    fn observes(rules: &Rules, pos: &Position, observer: &Observer, target: Square) -> bool {
        pos.diagram_square(observer.on) == Some(target)
            || !can_go_home(rules, pos, observer.unit.color)
    }

    fn prepare(_rules: &Rules, pos: &mut Position) {
        if !pos.tracks_identities() {
            pos.track_identities();
        }
    }
}

#[cfg(test)]
mod tests {
    //! Positions and lines from Popeye 4.104's answers.
    use super::super::testing::{after_line, moves_of, sorted};
    use crate::board::{Color, Position};
    use crate::io::notation::{popeye_move, Alphabet};
    use crate::movegen::legal_moves;
    use crate::rules::{Condition, Rules};

    fn backhome() -> Rules {
        Rules::orthodox().with(Condition::BackHome)
    }

    /// `pos` after White's moves `line`, played in series.
    fn series(r: &Rules, pieces: &str, line: &[&str]) -> Position {
        let mut pos = Position::from_piece_list(pieces).unwrap();
        pos.turn = Color::White;
        r.conditions.prepare(r, &mut pos);
        for want in line {
            let mut out = Vec::new();
            legal_moves(&pos, r, &mut out);
            let mv = out
                .iter()
                .find(|m| popeye_move(m, Alphabet::English) == *want)
                .unwrap();
            pos = pos.play(mv);
            pos.turn = Color::White;
        }
        pos
    }

    #[test]
    fn a_side_that_can_go_home_must() {
        // Popeye (exact-ser-#4): after 1.Kd6-e5 2.Bh4*f6 the king and the
        // bishop may each go home, and White may do nothing else.
        let r = backhome();
        let pos = series(
            &r,
            "wKd6 wBh4 wPd5 bKd8 bQc8 bBe8 bRf6",
            &["Kd6-e5", "Bh4*f6"],
        );
        assert_eq!(moves_of(&r, &pos), sorted("Ke5-d6 Bf6-h4"));
    }

    #[test]
    fn a_unit_that_can_go_home_checks_only_from_home() {
        // Popeye (hzf21.5): 1...a3-a4 2.Rh8-h1 Ke1-f2 z, the rook's move
        // no check: Black could bring it home instead of taking the king.
        let r = backhome();
        let pos = after_line(
            &r,
            "wKe1 wPa3 bKa8 bRh8",
            Color::White,
            &["a3-a4", "Rh8-h1"],
        );
        assert!(!r.in_check(&pos, Color::White));
        assert!(Rules::orthodox().in_check(&pos, Color::White));
        assert!(moves_of(&r, &pos).contains(&"Ke1-f2".to_string()));
    }

    #[test]
    fn a_move_home_that_leaves_the_king_in_check_binds_nobody() {
        // Popeye (EXAMPLES_backhome__005, dia4.5): in check from e5, White
        // answers Sg1-e2; Ba6-f1 would go home but leaves the king in check.
        let r = backhome();
        let line = [
            "e2-e4", "a7-a5", "e4-e5", "a5-a4", "e5-e6", "Ra8-a5", "Bf1-a6", "Ra5-e5",
        ];
        let mut pos = Position::game_array();
        pos.turn = Color::White;
        r.conditions.prepare(&r, &mut pos);
        for want in line {
            let mut out = Vec::new();
            legal_moves(&pos, &r, &mut out);
            let mv = out
                .iter()
                .find(|m| popeye_move(m, Alphabet::English) == want)
                .unwrap();
            pos = pos.play(mv);
        }
        assert!(r.in_check(&pos, Color::White));
        let got = moves_of(&r, &pos);
        assert!(got.contains(&"Sg1-e2".to_string()));
        assert!(!got.contains(&"Ba6-f1".to_string()));
    }
}
