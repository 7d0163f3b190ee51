//! docs/popeye-conditions.md lists every condition Popeye 4.104 knows
//! (`vocabulary::CONDITION_NAMES`, and the two written without a side,
//! `EXTRA_CONDITION_NAMES`) with what circe does with it: played, or
//! refused and why. The list is made here by asking the solver itself (a
//! one-move problem under each condition alone), so the document cannot
//! drift from the code: a condition that becomes playable, or a refusal
//! that changes, fails this test until the document is regenerated
//! (`CIRCE_BLESS=1 cargo test --test popeye_conditions_list`).

use circe::vocabulary::{CONDITION_NAMES, EXTRA_CONDITION_NAMES};
use std::path::Path;
use std::process::Command;

fn status(name: &str, dir: &Path, file_stem: &str) -> String {
    let file = dir.join(format!("{file_stem}.inp"));
    std::fs::write(
        &file,
        format!(
            "begin\npieces white ke1 qd1 black ke8 rh8\nstipulation ~1\ncondition {name}\nend\n"
        ),
    )
    .expect("temporary problem written");
    let out = Command::new(env!("CARGO_BIN_EXE_circe"))
        .args(["--threads", "1", "solve", "--format", "popeye"])
        .arg(&file)
        .output()
        .expect("circe runs");
    match out.status.code() {
        // Solved (0), or no solution (1): the condition is played.
        Some(0) | Some(1) => "played".into(),
        _ => {
            let err = String::from_utf8_lossy(&out.stderr);
            let last = err.lines().last().unwrap_or("").trim();
            // The message after "FILE:LINE: ".
            let why = last.split_once(".inp:4: ").map_or(last, |(_, why)| why);
            // circe's message already begins with "refused: ".
            let why = why
                .strip_prefix("refused: ")
                .unwrap_or(why)
                .replace('|', "\\|");
            format!("refused: {why}")
        }
    }
}

#[test]
fn the_list_of_popeye_conditions_says_what_circe_plays() {
    let dir = std::env::temp_dir().join(format!("circe-condition-list-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let mut doc = String::from(
        "# Popeye's conditions in circe\n\n\
         Every condition Popeye 4.104 knows, in its English, German and French\n\
         names, with what circe does with it alone on a one-move problem:\n\
         played, or refused with circe's message. A condition with a parameter\n\
         it cannot go without (squares, a piece name) is refused for want of\n\
         it here and played with it; see docs/conditions.md for each played\n\
         condition's rules and the forms it goes with. The unit attributes are\n\
         in docs/conditions.md, \"Unit attributes\". This file is checked by\n\
         `tests/popeye_conditions_list.rs` (regenerate it with\n\
         `CIRCE_BLESS=1 cargo test --test popeye_conditions_list`).\n\n\
         | English | German | French | circe |\n|---|---|---|---|\n",
    );
    let mut played = 0;
    let all = || CONDITION_NAMES.iter().chain(EXTRA_CONDITION_NAMES.iter());
    for (i, c) in all().enumerate() {
        let s = status(c.names[0], &dir, &format!("c{i}"));
        if s == "played" {
            played += 1;
        }
        let [en, de, fr] = c.names;
        doc.push_str(&format!("| {en} | {de} | {fr} | {s} |\n"));
    }
    doc.push_str(&format!("\n{played} of {} played.\n", all().count()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/popeye-conditions.md");
    if std::env::var_os("CIRCE_BLESS").is_some() {
        std::fs::write(&path, &doc).expect("docs/popeye-conditions.md written");
        return;
    }
    let recorded = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        recorded == doc,
        "docs/popeye-conditions.md is not what circe does now; regenerate it with \
         CIRCE_BLESS=1 cargo test --test popeye_conditions_list"
    );
}
