//! The output does not depend on the number of threads: the same
//! solutions, in the same order (Popeye's), whether the search runs on one
//! thread or shares its work out among several.

mod common;

use common::solved_popeye_on as solved_on;

fn same_on_any_number_of_threads(text: &str, at_least: usize, threads: &[usize]) {
    let one = solved_on(1, text);
    let lines = one
        .lines()
        .filter(|l| l.starts_with("  1.") || l.starts_with("   1."))
        .count();
    assert!(lines >= at_least, "only {lines} solution lines:\n{one}");
    for &n in threads {
        assert_eq!(solved_on(n, text), one, "{n} threads");
    }
}

#[test]
fn help_play() {
    // h#3 with 35,520 solutions: the root and the nodes below it share
    // their moves out.
    same_on_any_number_of_threads(
        "beginproblem\nstipulation h#3\ncondition circe\n\
         pieces white ka1 qh1 rd1 black ke5 rf8 pe6 pd5\nendproblem\n",
        30_000,
        &[4],
    );
}

#[test]
fn help_play_with_set_play_and_shorter_solutions() {
    same_on_any_number_of_threads(
        "beginproblem\nstipulation h#2.5\ncondition anticirce\noption setplay\n\
         pieces white ka1 qh1 rd1 black ke5 rf8 pe6 pd5\nendproblem\n",
        500,
        &[2, 3, 8],
    );
}

#[test]
fn series_play() {
    same_on_any_number_of_threads(
        "beginproblem\nstipulation ser-h#5\ncondition circe\n\
         pieces white ke1 pa6 pd6 qc3 sb3 sf8 black kc6 pg5 ph6\nendproblem\n",
        200,
        &[2, 3, 8],
    );
}

#[test]
fn play_with_defence() {
    same_on_any_number_of_threads(
        "beginproblem\nstipulation #2\ncondition circe\noption variation try setplay\n\
         pieces white kb1 qd1 rh4 bf1 sc3 pe2 black ke5 rd8 bc8 pd7 pf6\nendproblem\n",
        1,
        &[2, 3, 8],
    );
}
