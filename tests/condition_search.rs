//! How the search meets the conditions: what a filter over the legal list
//! weighs at a double mate, and which conditions Popeye's intelligent mode
//! takes; each answer is Popeye 4.104's.

mod common;

#[test]
fn a_maximummer_weighs_the_self_check_that_gives_a_double_mate() {
    // 1...c2-c4 leaves the white king in check, and mates both kings: it
    // is the longest of White's moves (d4-d5 is legal, and shorter).
    let out = common::solved_popeye(
        "beginproblem\npieces black kb5 rh1h8 bb4 pa6a5c6 white kb2 pb3c5c2d4\n\
         stipulation h##1\ncond whitemaxi\nendproblem\n",
    );
    assert!(out.contains("  1.Rh8-h2 c2-c4 ##\n"), "{out}");
}

#[test]
fn intelligent_mode_takes_hole() {
    // Hole is on Popeye's short list of conditions for its intelligent
    // mode: the problem is solved, without "Intelligent Mode only ...".
    let out = common::solved_popeye(
        "beginproblem\nstip ser-h=2\npieces white ke2 black kh1 bh2 pf2h3\n\
         option intelligent\ncondition hole a8b8c8d8e8f8g8h8\nendproblem\n",
    );
    assert!(out.contains("  1.Bh2-g1   2.h3-h2 Ke2-f1 =\n"), "{out}");
    assert!(!out.contains("Intelligent Mode"), "{out}");
}

#[test]
fn koeko_judges_a_check_with_the_rebirth_that_waits() {
    // Circe Parrain: after 1.d7-d5 Ke5*e4 the pawn taken on e4 waits; were
    // Black to take the king (d5*e4), it would be reborn on f3, beside
    // e4: the capture is in contact, so the king stands in check and
    // Ke5*e4 is illegal there.
    let out = common::solved_popeye(
        "beginproblem\nPieces White Ke5 Pe6 Gh4\n       Black Pd7 Pe4 Kh3\n\
         Stipulation hze41\nCondition koeko parrain\nendproblem\n",
    );
    assert!(out.contains("  1.d7*e6 Ke5*e4[+wPe5] z\n"), "{out}");
    assert!(!out.contains("1.d7-d5"), "{out}");
}

#[test]
fn a_series_of_hundreds_of_moves_fits_the_stacks_of_the_search_threads() {
    // ser-h#277: every half-move is a level of the search's recursion, on
    // whichever thread takes the work (here one of two).
    let dir = std::env::temp_dir().join(format!("circe-long-series-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ser-h277.inp");
    std::fs::write(
        &file,
        "beginproblem\nstipulation ser-h#277\npiece white ph7 black kf8 bh8\n\
         cond blackedge circe pwc\noption nowk\nendproblem\n",
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_circe"))
        .args(["--threads", "2", "solve", "--format", "popeye"])
        .arg(&file)
        .output()
        .expect("circe runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("276.Ka1*b1[+wPa1] 277.Bh8*a1[+wPh8=Q] Qh8-b2 #"),
        "{text}"
    );
}
