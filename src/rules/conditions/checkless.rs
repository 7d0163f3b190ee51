//! ChecklessChess: a move that gives check is legal only when it mates.
//! Mate is judged under the condition itself: the checked side is mated
//! when none of its moves is legal, and a move of its that checks back is
//! legal only when that check mates in turn (Popeye's recursion). Popeye
//! applies the rule to every move, the moves that reach the goal too, so a
//! stalemate or a move to a target square may not check either. With a
//! check goal (`+`) Popeye lets the goal move check without mating: that
//! is refused for now (`Rules::refusal_for`).

use super::{Capabilities, ConditionRule, ProofTraffic};
use crate::board::Position;
use crate::moves::Move;
use crate::rules::Rules;

pub struct Checkless;

impl ConditionRule for Checkless {
    const ID: &'static str = "ohneschach";
    /// It only makes checks that do not mate illegal.
    const PROOF: ProofTraffic = ProofTraffic::Restricts;
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        ..Capabilities::ORTHODOX
    };

    fn legal_after(rules: &Rules, _before: &Position, _mv: &Move, after: &Position) -> bool {
        if !rules.in_check(after, after.turn) {
            return true;
        }
        // Checks may answer checks without end (Popeye's "Ohneschach
        // anomaly"): past the horizon the answer is taken as no way out.
        // Popeye calls such a move undecidable and says so; that is not
        // written yet (tests/popeye_examples.rs lists the problem).
        DEPTH.with(|d| {
            if d.get() >= HORIZON {
                return true;
            }
            d.set(d.get() + 1);
            let legal = !has_legal_move_checks_last(after, rules);
            d.set(d.get() - 1);
            legal
        })
    }
}

/// Whether the side to move in `pos` has a legal move, the moves that
/// give no check tried first: one of them that is legal answers at once,
/// where a checking move needs a mate test of its own (and those nest).
/// The answer is that of `movegen::has_legal_move`, only found sooner.
fn has_legal_move_checks_last(pos: &Position, rules: &Rules) -> bool {
    use crate::movegen::{has_legal_move, is_legal_after, pseudo_legal_moves};
    if !rules.filter_keeps_a_move() {
        return has_legal_move(pos, rules, &mut Vec::new());
    }
    let mut moves = Vec::new();
    pseudo_legal_moves(pos, rules, &mut moves);
    let mut checking = Vec::new();
    for mv in &moves {
        let after = pos.play(mv);
        if rules.in_check(&after, pos.turn) {
            continue;
        }
        if rules.in_check(&after, after.turn) {
            checking.push((mv, after));
        } else if is_legal_after(pos, rules, mv, &after) {
            return true;
        }
    }
    checking
        .iter()
        .any(|(mv, after)| is_legal_after(pos, rules, mv, after))
}

/// How deep the mate tests may nest: far beyond any composed problem,
/// well within the stack.
const HORIZON: u32 = 48;

thread_local! {
    static DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

#[cfg(test)]
mod tests {
    use crate::board::Position;
    use crate::movegen::legal_moves;
    use crate::rules::{Condition, Rules};

    fn moves(list: &str, rules: &Rules) -> Vec<String> {
        let pos = Position::from_piece_list(list).unwrap();
        let mut out = Vec::new();
        legal_moves(&pos, rules, &mut out);
        out.iter().map(|m| format!("{}{}", m.from, m.to)).collect()
    }

    #[test]
    fn a_check_that_does_not_mate_is_illegal() {
        // Popeye: Rh1-h8 mates and is played; Qd1xd7 checks (Kxd7) and is
        // not; without the condition both are moves.
        let list = "wKe1 wQd1 wRh1 bKe8 bPe7 bPd7 bPf7";
        let checkless = moves(list, &Rules::orthodox().with(Condition::Checkless));
        assert!(checkless.contains(&"h1h8".to_string()));
        assert!(!checkless.contains(&"d1d7".to_string()));
        let plain = moves(list, &Rules::orthodox());
        assert!(plain.contains(&"d1d7".to_string()));
        assert_eq!(plain.len(), checkless.len() + 1);
    }

    #[test]
    fn a_reply_that_checks_without_mating_is_no_way_out() {
        // Rd1-d8+: Black's only answer, Bh4xd8, checks the king on a5
        // without mating it, so it is illegal and the check mates (Popeye:
        // 1.Rd1-d8 + among 17 moves). With the king on h1 the capture is a
        // way out and the check is illegal (15 moves).
        let r = Rules::orthodox().with(Condition::Checkless);
        let mated = moves("wKa5 wRd1 bKa8 bPa7 bPb7 bBh4", &r);
        assert!(mated.contains(&"d1d8".to_string()));
        assert_eq!(mated.len(), 17);
        let escapes = moves("wKh1 wRd1 bKa8 bPa7 bPb7 bBh4", &r);
        assert!(!escapes.contains(&"d1d8".to_string()));
        assert_eq!(escapes.len(), 15);
    }

    #[test]
    fn trying_the_checks_last_finds_the_same_answer() {
        // Positions with checks to give and to answer, either side to
        // move, with and without NoCapture.
        let lists = [
            "wKa5 wRd1 bKa8 bPa7 bPb7 bBh4",
            "wKh1 wRd1 bKa8 bPa7 bPb7 bBh4",
            "wKh6 wPe7 wPh7 bKc8 nPc2 nPd2",
            "wKe1 wQd1 wRh1 bKe8 bPe7 bPd7 bPf7",
            "wKb1 wQc3 wSe5 bKe8 bQd4 bRa8 bSg6",
        ];
        for rules in [
            Rules::orthodox().with(Condition::Checkless),
            Rules::orthodox()
                .with(Condition::Checkless)
                .with(Condition::NoCapture),
        ] {
            for list in lists {
                for turn in [crate::board::Color::White, crate::board::Color::Black] {
                    let mut pos = Position::from_piece_list(list).unwrap();
                    pos.turn = turn;
                    let mut scratch = Vec::new();
                    assert_eq!(
                        super::has_legal_move_checks_last(&pos, &rules),
                        crate::movegen::has_legal_move(&pos, &rules, &mut scratch),
                        "{list}, {turn:?} to move"
                    );
                }
            }
        }
    }
}
