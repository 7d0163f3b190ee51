//! The guard over Popeye's own example and regression problems
//! (`../shared/corpus/popeye`, tiers 1 to 4; skipped when absent): every
//! problem circe plays to the end must print Popeye's solution. Refusals
//! (features not played yet) and time-outs are counted, not failures; it
//! is `circe check --played-only`, one thread, a short time per problem
//! (`CIRCE_EXAMPLES_TIMEOUT` seconds, 1 by default).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// Problems that still disagree, each with its cause: listed here, counted
/// in the output, until fixed (then the test asks for the line to go).
/// These came with the fairy conditions of issue 19 (part 1), which made
/// them playable; each is a wrong answer to fix next.
const KNOWN_DISAGREEMENTS: &[(&str, &str)] = &[
    // Issue 20, second round of part 2: played since, disagreeing.
    ("TESTS_fuddled_men__002", "FuddledMen with MessignyChess under movenum: the same moves and solution, numbered in another order: Popeye generates a unit's Messigny exchange before its other moves, circe after (MessignyChess alone numbers them so too)"),
    ("EXAMPLES_mooseim__001", "Imitator with the moose family: one solution too many (the imitators' hurdles for a moose's turn not as Popeye's), and the twin word written ZeroPosition where Popeye writes zeroposition"),
    // Issue 20 (part 2): played since, disagreeing, each to be fixed.
    // Part 2, group "change" (magic, NorskSjakk, Influencer).
    ("TESTS_influencer__010", "Influencer with PlatzwechselCirce's exchange and neutral units: the exchanged units' influence ([c4=P][b3=nP]...) is not played"),
    ("REGRESSIONS_4_61_to_4_63__037", "magic with SingleBox Type1: the condition line's spacing and a missing line (not examined)"),
    ("EXAMPLES_circetakemake__010", "CirceTake&Make beside the Take&Make condition (issue 20): three solutions too many; Popeye's interpretation of the two together not yet read"),
    ("REGRESSIONS_knownbugs__001", "one of Popeye's own known-bug regressions: Popeye prints 1 solution, circe more; which is right not yet settled"),
    ("EXAMPLES_sat__001", "SAT, s#56 with set play and `nontrivial 0 1`: circe misses set-play lines Popeye writes (1...Rh3-h1 2.Sc7*b5+ ...) and its main line leaves Popeye's at move 10; cause not found yet (400 random SAT positions agree)"),
    ("BEISPIEL_sat__001", "the German file of EXAMPLES_sat__001 (SAT, s#56 with set play and `nichttriv 0 1`): the same set-play lines missing; cause not found yet"),
    ("TESTS_exclusive__002", "ExclusiveChess: a move whose mate cannot be decided within the 6-ply horizon is, when Popeye plays it while writing (its line and tree writers at every move), written 'Can't decide whether this move is refuted' and not played on, even as the only candidate (legal in tests); circe has no solving/testing split for it and plays it as a mate"),
    ("TESTS_exclusive__005", "ExclusiveChess: a move whose mate cannot be decided within the 6-ply horizon is, when Popeye plays it while writing (its line and tree writers at every move), written 'Can't decide whether this move is refuted' and not played on, even as the only candidate (legal in tests); circe has no solving/testing split for it and plays it as a mate"),
    ("BEISPIEL_exklohne__094", "ChecklessChess anomaly: Popeye's mate test recurses to its ply limit (maxply-3), a check met there counts as a mate but marks the move undecidable, the mark climbs back through the mates, and a goal move so marked is written 'kann nicht entscheiden, ob dieser Zug legal ist.' and not played; circe stops at 48 half-moves (the stack) with no undecidable verdict"),
    ("BEISPIEL_hpint__117", "ser-h=11 with Hole, intelligent (Hole is on Popeye's list, now played): Popeye's intelligent mode takes 8 s; circe's ordinary search passes the test's time limit"),
    // Issue 21 (stipulations): semi-r played since.
    ("TESTS_pad__002", "PADChess Strict: Popeye marks a check (1.Kd8-c8 Qd6*f8 +) that the queen, having captured, does not give: it writes the check marks of a solution's earlier moves with what the units have done by the solution's end (the queen captured and reborn in move 2 has its capture forgotten); circe marks the checks given"),
    ("TESTS_pepo__001", "Pepo #1 with `movenumbers`: Popeye numbers only the moves its orthodox mating-move generator makes (the same in orthodox #1, e.g. `ka1 ra8 bb8 / kh8`); circe numbers every move; the solution agrees"),
    ("BEISPIEL_intell__107", "h#7 with Hole, 12 twins, intelligent (Hole is on Popeye's list, now played): Popeye's intelligent mode takes 0.2 s; circe's ordinary search takes minutes a twin"),
];

#[test]
fn popeye_examples_that_circe_plays_agree() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/popeye");
    if !corpus.is_dir() {
        eprintln!("corpus not found: skipped");
        return;
    }
    let timeout = std::env::var("CIRCE_EXAMPLES_TIMEOUT").unwrap_or_else(|_| "1".into());
    let out = Command::new(env!("CARGO_BIN_EXE_circe"))
        .args(["--threads", "1", "check", "--played-only", "--quiet"])
        .args(["--format", "json", "--timeout", &timeout])
        .arg(&corpus)
        .output()
        .expect("circe runs");
    let mut verdicts: BTreeMap<String, usize> = BTreeMap::new();
    let mut failing = Vec::new();
    let mut passing = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let record: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let verdict = record["verdict"].as_str().unwrap_or("?").to_string();
        let name = Path::new(record["file"].as_str().unwrap_or(""))
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        match verdict.as_str() {
            "fail" => failing.push(name),
            "pass" => passing.push(name),
            _ => {}
        }
        *verdicts.entry(verdict).or_default() += 1;
    }
    println!("Popeye's examples, one thread, {timeout} s each: {verdicts:?}");
    let known = |n: &str| KNOWN_DISAGREEMENTS.iter().any(|(k, _)| *k == n);
    for (name, cause) in KNOWN_DISAGREEMENTS {
        println!("  KNOWN DISAGREEMENT {name}: {cause}");
    }
    let new: Vec<&String> = failing.iter().filter(|n| !known(n)).collect();
    let fixed: Vec<&String> = passing.iter().filter(|n| known(n)).collect();
    assert!(
        verdicts.values().sum::<usize>() > 2000,
        "too few problems: {verdicts:?}"
    );
    assert!(new.is_empty(), "disagree with Popeye: {new:?}");
    assert!(
        fixed.is_empty(),
        "agree now, take them off the known list: {fixed:?}"
    );
}
