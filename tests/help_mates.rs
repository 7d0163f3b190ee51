//! Orthodox help mates, which the search cuts with the mate bound
//! (`src/solve/mate_bound.rs`): the solutions are those Popeye 4.104
//! recorded.

mod common;

#[test]
fn a_long_orthodox_help_mate_keeps_its_one_solution() {
    // Saletic, Buletin Problemistic 1972 (Popeye's BEISPIEL_hpint__045):
    // both pawns promote, the black rook blocks b1.
    let out = common::solved_popeye(
        "beginproblem\npieces white ka8 pf2 black pd7 ka1\nstipulation h#6\n\
         option noboard\nendproblem\n",
    );
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("  1.")).collect();
    assert_eq!(
        lines,
        [
            "  1.d7-d5 f2-f4   2.d5-d4 f4-f5   3.d4-d3 f5-f6   4.d3-d2 f6-f7   \
          5.d2-d1=R f7-f8=Q   6.Rd1-b1 Qf8-a3 #"
        ],
        "in\n{out}"
    );
}

#[test]
fn a_parry_series_help_mate_keeps_its_one_solution() {
    // Meinking, StrateGems 2009 (Popeye's EXAMPLES_pseries__004): the
    // series asks the bound with White's parries and mating move counted.
    let out = common::solved_popeye(
        "beginproblem\npieces white kh6 sd5 black kg1 pg2g3h2h3\n\
         stipulation pser-h#6\noption noboard\nendproblem\n",
    );
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("  1.")).collect();
    assert_eq!(
        lines,
        [
            "  1.h2-h1=Q   2.Kg1-h2   3.Qh1-c1 + Sd5-f4   4.Qc1-c6 + Sf4-e6   \
          5.Qc6-c1 + Se6-g5   6.Qc1-h1 Sg5-f3 #"
        ],
        "in\n{out}"
    );
}
