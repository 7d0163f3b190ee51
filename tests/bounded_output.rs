//! Solutions found on a stolen half of a node's moves wait in a bounded
//! buffer: past the cap the half is given back and searched again in turn.
//! With caps so small that nearly every stolen half is given back, the
//! output is still the same, in the same order, as on one thread.
//!
//! The cap is global (`set_held_bytes`), so these tests live in a test
//! binary of their own.

mod common;

use circe::solve::{halves_given_back, set_held_bytes};
use common::solved_popeye_on;

/// The problem solved and written in Popeye's format on `threads` threads,
/// a stolen half holding at most `held` bytes.
fn solved_on(threads: usize, held: usize, text: &str) -> String {
    set_held_bytes(held);
    solved_popeye_on(threads, text)
}

/// One byte: a stolen half is given back at its first solution. A few
/// kilobytes: some halves are passed on, others given back.
const CAPS: [usize; 2] = [1, 4096];

/// Returns how many stolen halves were given back.
fn same_with_tiny_caps(text: &str, at_least: usize) -> u64 {
    let one = solved_on(1, 0, text);
    let lines = one
        .lines()
        .filter(|l| l.starts_with("  1.") || l.starts_with("   1."))
        .count();
    assert!(lines >= at_least, "only {lines} solution lines:\n{one}");
    let before = halves_given_back();
    for threads in [2, 4] {
        for held in CAPS {
            assert_eq!(
                solved_on(threads, held, text),
                one,
                "{threads} threads, {held} bytes held"
            );
        }
    }
    halves_given_back() - before
}

// One test: the cap is global, and the cases must not set it under each
// other.
#[test]
fn tiny_caps_give_the_output_of_one_thread() {
    // h#3 with 35,520 solutions: with several threads the root's moves and
    // those of the nodes below are stolen, and the halves given back.
    let given_back = same_with_tiny_caps(
        "beginproblem\nstipulation h#3\ncondition circe\n\
         pieces white ka1 qh1 rd1 black ke5 rf8 pe6 pd5\nendproblem\n",
        30_000,
    );
    assert!(given_back > 0, "no stolen half was given back");
    same_with_tiny_caps(
        "beginproblem\nstipulation h#2.5\ncondition anticirce\noption setplay\n\
         pieces white ka1 qh1 rd1 black ke5 rf8 pe6 pd5\nendproblem\n",
        500,
    );
    same_with_tiny_caps(
        "beginproblem\nstipulation ser-h#5\ncondition circe\n\
         pieces white ke1 pa6 pd6 qc3 sb3 sf8 black kc6 pg5 ph6\nendproblem\n",
        200,
    );
    same_with_tiny_caps(
        "beginproblem\nstipulation #2\ncondition circe\noption variation try setplay\n\
         pieces white kb1 qd1 rh4 bf1 sc3 pe2 black ke5 rd8 bc8 pd7 pf6\nendproblem\n",
        1,
    );
    set_held_bytes(0);
}
