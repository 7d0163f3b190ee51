//! The verdict rules on small orthodox positions whose solutions can be
//! counted by hand.

use super::*;
use crate::io::toml_input::parse_toml;
use crate::solve::Cancel;
use std::path::Path;

fn problem(text: &str) -> Problem {
    parse_toml(text, Path::new("t.toml")).unwrap_or_else(|e| panic!("{e}"))
}

fn verdict_of(p: &Problem) -> Verdict {
    audit(p, &Cancel::default(), &|| false)
}

/// White Kg6, Ra1, Rb1 (pawn c2), Black Kh8 (pawn c3, blocked): Black's
/// only move is Kg8, and on the eighth rank either rook mates (g7, h7 and
/// f7 are the king's).
const TWO_ROOKS: &str = "7k/8/6K1/8/8/2p5/2P5/RR6";

/// White Kg6, Ra1 (pawn c2), Black Kh8, pawns c3 (blocked) and d7: Black
/// plays Kg8, d6 or d5, and Ra8 mates after each.
const ONE_ROOK_D7: &str = "7k/3p4/6K1/8/8/2p5/2P5/R7";

fn toml(fen: &str, side: char, stipulation: &str, more: &str) -> String {
    format!("fen = \"{fen} {side} - - 0 1\"\nstipulation = \"{stipulation}\"\n{more}")
}

/// The moves of a line, as the squares they arrive on.
fn arrivals(line: &[Played]) -> Vec<String> {
    line.iter().map(|p| p.mv.to.to_string()).collect()
}

#[test]
fn two_keys_cook_a_direct_mate() {
    let v = verdict_of(&problem(&toml(TWO_ROOKS, 'w', "#1", "")));
    assert_eq!(v.class(), Class::Cooked);
    let part = &v.twins[0].parts[0];
    assert_eq!((part.found, part.intended), (2, 1));
    let Finding::Cooked { solutions, .. } = &part.findings[0] else {
        panic!("{:?}", part.findings)
    };
    let mut keys: Vec<Vec<String>> = solutions.iter().map(|s| arrivals(s)).collect();
    keys.sort();
    assert_eq!(keys, [["a8"], ["b8"]]);
}

#[test]
fn two_keys_intended_are_sound() {
    let v = verdict_of(&problem(&toml(TWO_ROOKS, 'w', "#1", "intended = 2\n")));
    assert_eq!(v.class(), Class::Sound, "{v:?}");
}

#[test]
fn a_mate_in_one_is_a_short_solution_of_a_mate_in_two() {
    let v = verdict_of(&problem(&toml(TWO_ROOKS, 'w', "#2", "")));
    let short = v
        .all_findings()
        .find_map(|f| match f {
            Finding::Short {
                length, solutions, ..
            } => Some((*length, solutions.clone())),
            _ => None,
        })
        .expect("a short solution");
    assert_eq!(short.0, Length::Moves(1));
    let keys: Vec<Vec<String>> = short.1.iter().map(|s| arrivals(s)).collect();
    assert!(keys.contains(&vec!["a8".to_string()]), "{keys:?}");
    assert!(keys.contains(&vec!["b8".to_string()]), "{keys:?}");
}

#[test]
fn a_second_mate_after_the_same_moves_is_a_dual_in_help_play() {
    let v = verdict_of(&problem(&toml(TWO_ROOKS, 'b', "h#1", "")));
    assert_eq!(v.class(), Class::Dual);
    let part = &v.twins[0].parts[0];
    assert_eq!(part.found, 2);
    let Finding::Dual {
        after,
        moves,
        count,
        ..
    } = &part.findings[0]
    else {
        panic!("{:?}", part.findings)
    };
    assert_eq!(arrivals(after), ["g8"]);
    assert_eq!(*count, 2);
    let mut mates = arrivals(moves);
    mates.sort();
    assert_eq!(mates, ["a8", "b8"]);
    assert_eq!(part.findings.len(), 1, "no cook: one first move");
}

#[test]
fn the_intended_shape_decides_between_dual_and_sound() {
    for (intended, class) in [
        ("\"1.2\"", Class::Sound),
        ("2", Class::Sound),
        ("\"1.1\"", Class::Dual),
        ("3", Class::Unsound),
    ] {
        let more = format!("intended = {intended}\n");
        let v = verdict_of(&problem(&toml(TWO_ROOKS, 'b', "h#1", &more)));
        assert_eq!(v.class(), class, "intended {intended}: {v:?}");
    }
}

#[test]
fn more_first_moves_than_intended_cook_a_helpmate() {
    let v = verdict_of(&problem(&toml(ONE_ROOK_D7, 'b', "h#1", "")));
    assert_eq!(v.class(), Class::Cooked);
    let Finding::Cooked {
        found, solutions, ..
    } = &v.twins[0].parts[0].findings[0]
    else {
        panic!("{v:?}")
    };
    assert_eq!(*found, 3);
    let mut firsts: Vec<String> = solutions.iter().map(|s| arrivals(s)[0].clone()).collect();
    firsts.sort();
    assert_eq!(firsts, ["d5", "d6", "g8"]);
}

#[test]
fn each_twin_is_judged_on_its_own() {
    let text = toml(ONE_ROOK_D7, 'b', "h#1", "[[twin]]\nremove = \"d7\"\n");
    let v = verdict_of(&problem(&text));
    assert_eq!(v.twins.len(), 2);
    assert_eq!(v.twins[0].parts[0].findings[0].class(), Class::Cooked);
    assert!(v.twins[1].parts[0].findings.is_empty(), "{v:?}");
    assert_eq!(v.twins[1].parts[0].found, 1);
    assert_eq!(v.class(), Class::Cooked);
}

#[test]
fn no_solution_is_unsound() {
    // A rook alone, its king far away on h1, mates no lone king.
    let v = verdict_of(&problem(&toml("k7/8/8/8/8/8/7R/7K", 'b', "h#1", "")));
    assert!(
        v.twins[0].parts[0].findings.contains(&Finding::NoSolution),
        "{v:?}"
    );
    assert_eq!(v.class(), Class::Unsound);
}

#[test]
fn a_time_out_is_incomplete_and_names_the_twins_not_searched() {
    let text = toml(ONE_ROOK_D7, 'b', "h#1", "[[twin]]\nremove = \"d7\"\n");
    let cancel = Cancel::default();
    cancel.cancel();
    let v = audit(&problem(&text), &cancel, &|| false);
    assert_eq!(v.class(), Class::Incomplete);
    assert!(matches!(
        v.twins[0].findings[..],
        [Finding::Incomplete(Unsearched::TimedOut { .. })]
    ));
    assert_eq!(
        v.twins[1].findings,
        [Finding::Incomplete(Unsearched::NotReached)]
    );
    // A stop (Ctrl-C) is an interruption.
    let v = audit(&problem(&text), &cancel, &|| true);
    assert_eq!(
        v.twins[0].findings,
        [Finding::Incomplete(Unsearched::Interrupted)]
    );
}

#[test]
fn maxsolutions_proves_no_absence_but_keeps_what_it_found() {
    // One solution shown: the cook is not proved, the play is incomplete.
    let more = "options = [\"maxsolutions 1\"]\n";
    let v = verdict_of(&problem(&toml(ONE_ROOK_D7, 'b', "h#1", more)));
    assert_eq!(v.class(), Class::Incomplete, "{v:?}");
    // Two solutions shown: the cook is proved.
    let more = "options = [\"maxsolutions 2\"]\n";
    let v = verdict_of(&problem(&toml(ONE_ROOK_D7, 'b', "h#1", more)));
    assert_eq!(v.class(), Class::Cooked, "{v:?}");
}

#[test]
fn the_authors_first_move_must_solve() {
    let mut p = problem(&toml(TWO_ROOKS, 'w', "#1", "intended = 2\n"));
    p.meta.solution_text = Some("1.Ra8#! (1.Rb8#!)".into());
    assert_eq!(verdict_of(&p).class(), Class::Sound);
    p.meta.solution_text = Some("1.Rb7! Kg8 2.Ra8#".into());
    let v = verdict_of(&p);
    assert_eq!(v.class(), Class::Unsound);
    assert!(matches!(&v.findings[..], [Finding::AuthorMoveFails(m)] if m.text == "Rb7"));
}
