//! `circe check problems/`: the project's library of known problems must
//! agree with its recorded solutions (known failures are counted, listed,
//! and do not fail; a known failure that starts to pass does).

use assert_cmd::Command;

#[test]
fn the_problem_library_checks() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::cargo_bin("circe")
        .unwrap()
        .current_dir(root)
        // The limit guards against a hang, not a slow machine: the test
        // build is less optimised than a release one, and CI may share
        // its cores (speed is measured by `circe bench`).
        .args(["check", "--quiet", "--timeout", "120", "problems/"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("{stdout}\n{stderr}");
    assert!(
        out.status.success(),
        "circe check problems/ failed:\n{stdout}\n{stderr}"
    );
}
