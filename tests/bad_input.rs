//! The bad-input catalogue: one file per mistake in `tests/bad_input/`, and
//! the exact message and exit status each gets. Errors name the file and
//! the line and exit 2; where Popeye warns and solves on, `circe` warns
//! (`FILE:LINE: warning: ...`) and solves on. tests/bad_input/README.md
//! says what Popeye does with each.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn catalogue() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad_input")
}

/// Runs `circe solve FILE` in the catalogue and returns (exit, stderr).
fn solve(file: &str) -> (i32, String) {
    let out = Command::cargo_bin("circe")
        .unwrap()
        .current_dir(catalogue())
        .args(["solve", "--timeout", "30", file])
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).replace("\r\n", "\n"),
    )
}

/// (file, exit status, stderr exactly).
const CASES: &[(&str, i32, &str)] = &[
    (
        "two-white-kings.inp",
        2,
        "circe: error: two-white-kings.inp:3: White has 2 kings (d1, e1): a side has one king at most\n",
    ),
    (
        "eight-kings.toml",
        2,
        "circe: error: eight-kings.toml:1: White has 8 kings (a1, b1, c1, d1, e1, f1, g1, h1): a side has one king at most\n",
    ),
    (
        "no-kings.toml",
        1,
        "no-kings.toml:1: warning: White has no king; solving on without it (option `nowk` says that is meant)\n\
         no-kings.toml:1: warning: Black has no king; solving on without it (option `nobk` says that is meant)\n",
    ),
    ("no-black-king-meant.inp", 0, ""),
    (
        "two-units-on-one-square.inp",
        0,
        "two-units-on-one-square.inp:3: warning: a1 is already occupied: the unit placed there before goes to the underworld\n",
    ),
    ("pawns-on-their-first-rank.inp", 0, ""),
    ("pawns-on-their-last-rank.toml", 0, ""),
    (
        "unknown-keyword.inp",
        0,
        "unknown-keyword.inp:3: warning: offending item 'frobnicate' - ignored\n\
         unknown-keyword.inp:3: warning: offending item '3' - ignored\n",
    ),
    (
        "unknown-walk.inp",
        2,
        "circe: error: unknown-walk.inp:3: unknown piece 'xy' in 'xya1'\n",
    ),
    (
        "unknown-condition.toml",
        2,
        "circe: error: unknown-condition.toml:3: unknown condition 'frobnicate'\n",
    ),
    (
        "unknown-twin.inp",
        2,
        "circe: error: unknown-twin.inp:4: unknown twinning command 'frobnicate'\n",
    ),
    (
        "pieces-without-colour.inp",
        2,
        "circe: error: pieces-without-colour.inp:3: piece 'ke1' before a colour (white or black)\n",
    ),
    (
        "bad-square.inp",
        2,
        "circe: error: bad-square.inp:3: bad square list 'a9' in 'ra9'\n",
    ),
    (
        "bad-fen.toml",
        2,
        "circe: error: bad-fen.toml:1: fen: FEN board: rank 1: `X` is not a piece letter (KQRBNSP, black in lower case) or a digit\n",
    ),
    (
        "toml-syntax.toml",
        2,
        "circe: error: toml-syntax.toml:2: invalid string; expected `\"`, `'`\n",
    ),
    (
        "truncated.inp",
        2,
        "circe: error: truncated.inp:3: file ends where a stipulation was expected\n",
    ),
    (
        "truncated.toml",
        2,
        "circe: error: truncated.toml:2: invalid basic string\n",
    ),
    (
        "no-endproblem.inp",
        2,
        "circe: error: no-endproblem.inp:4: file ends before endproblem\n",
    ),
    (
        "no-stipulation.inp",
        2,
        "circe: error: no-stipulation.inp:1: the problem has no stipulation\n",
    ),
    (
        "not-text.inp",
        2,
        "circe: error: not-text.inp: not a text file (it holds NUL bytes)\n",
    ),
    (
        "utf16.inp",
        2,
        "circe: error: utf16.inp: the file is UTF-16 text: save it as UTF-8 (or Latin-1)\n",
    ),
    ("utf8-byte-order-mark.inp", 0, ""),
    ("latin1-name.inp", 0, ""),
    ("latin1-name.toml", 0, ""),
    ("utf8-name.inp", 0, ""),
    ("utf8-name.toml", 0, ""),
    (
        "huge-stipulation.inp",
        2,
        "circe: error: huge-stipulation.inp:2: cannot read stipulation 'h#1000000000': too many moves: 2000000000 half-moves, the solver plays at most 998\n",
    ),
    (
        "huge-stipulation.toml",
        2,
        "circe: error: huge-stipulation.toml:2: cannot read stipulation 'ser-h#1000000000': too many moves: 1000000001 half-moves, the solver plays at most 998\n",
    ),
    (
        "empty.inp",
        2,
        "circe: error: empty.inp:1: no problem: the file is empty\n",
    ),
    (
        "empty.toml",
        2,
        "circe: error: empty.toml:1: missing key `fen`: every problem needs its diagram, e.g. `fen = \"4k3/8/8/8/8/8/8/4K3\"` (or `pieces` for fairy pieces)\n",
    ),
];

#[test]
fn every_mistake_gets_its_message() {
    let mut wrong = Vec::new();
    for (file, code, stderr) in CASES {
        let (got_code, got) = solve(file);
        if (got_code, got.as_str()) != (*code, *stderr) {
            wrong.push(format!(
                "{file}: expected exit {code} and\n{stderr}got exit {got_code} and\n{got}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_file_of_the_catalogue_is_a_case() {
    let mut files: Vec<String> = std::fs::read_dir(catalogue())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "README.md")
        .collect();
    files.sort();
    let mut cases: Vec<String> = CASES.iter().map(|c| c.0.to_string()).collect();
    cases.sort();
    assert_eq!(files, cases);
}

#[test]
fn names_survive_in_either_encoding() {
    for file in ["latin1-name.inp", "utf8-name.inp"] {
        let out = Command::cargo_bin("circe")
            .unwrap()
            .current_dir(catalogue())
            .args(["solve", file])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        // The text format centres the author over the diagram.
        assert_eq!(
            text.lines().next().map(str::trim),
            Some("Jürgen Müller"),
            "{file}: {text}"
        );
    }
}

#[test]
fn a_missing_file_is_named() {
    let (code, err) = solve("no-such-file.inp");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("circe: error: no-such-file.inp: cannot read the file: "),
        "{err}"
    );
}

/// A directory that cannot be read: named, exit 2. Unix permissions; the
/// test says so and passes when they cannot be taken away (run as root).
#[cfg(unix)]
#[test]
fn an_unreadable_directory_is_named() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("circe-unreadable-{}", std::process::id()));
    let locked = dir.join("locked");
    std::fs::create_dir_all(&locked).unwrap();
    std::fs::write(locked.join("a.inp"), "beginproblem\nendproblem\n").unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::read_dir(&locked).is_ok() {
        eprintln!("skipped: permissions do not apply to this user");
    } else {
        let out = Command::cargo_bin("circe")
            .unwrap()
            .current_dir(&dir)
            .args(["solve", "locked"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.starts_with("circe: error: locked: cannot read the directory: "),
            "{err}"
        );
    }
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
