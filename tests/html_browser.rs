//! The HTML booklet in a real browser: `circe solve --format html` over
//! `problems/examples/`, rendered by Debian's `chromium` in headless mode
//! (installed with apt-get when it is missing, as tests/slurm.rs installs
//! Slurm). The rendered DOM must hold one SVG diagram per problem with
//! every unit of the problem on it, and the screenshot must be a PNG that
//! is not blank.
//!
//! It needs root to install chromium and fails when it cannot: a test that
//! passes without a browser would prove nothing. `CIRCE_BROWSER_TEST=skip`
//! skips it, saying so. The page and the screenshot stay in
//! `target/html-browser/` for a person to look at.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The browser's command, installing Debian's package when none is there.
fn chromium() -> String {
    let found = |name: &str| {
        Command::new("sh")
            .args(["-c", &format!("command -v {name}")])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    for name in ["chromium", "chromium-browser"] {
        if found(name) {
            return name.to_string();
        }
    }
    let install = "apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
                   apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core";
    let out = Command::new("sh")
        .args(["-c", install])
        .output()
        .expect("sh runs");
    assert!(
        out.status.success() && found("chromium"),
        "chromium is missing and could not be installed (root and apt-get are needed; \
         CIRCE_BROWSER_TEST=skip skips this test):\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    "chromium".to_string()
}

/// Runs the headless browser on `page` with `args`; its stdout.
fn browse(browser: &str, page: &Path, args: &[&str]) -> String {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
        ])
        .args(args)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("the browser runs");
    assert!(
        out.status.success(),
        "{browser} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The units a problem of the booklet says it has (`data-units`), and the
/// units its diagram draws, per section of the rendered DOM.
fn sections(dom: &str) -> Vec<(usize, usize, usize)> {
    dom.split("<section class=\"problem\"")
        .skip(1)
        .map(|s| {
            let s = &s[..s.find("</section>").expect("a section ends")];
            let units = s
                .split("data-units=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .and_then(|n| n.parse().ok())
                .expect("data-units");
            (
                s.matches("<svg class=\"diagram\"").count(),
                units,
                s.matches("<g class=\"piece ").count(),
            )
        })
        .collect()
}

/// The width, height and, decoded, whether the pixels differ: a PNG read
/// with Python's zlib (the standard library has no inflate).
fn png_is_not_blank(png: &Path) -> (u32, u32, bool) {
    let bytes = std::fs::read(png).expect("the screenshot is written");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    let (width, height) = (be(16), be(20));
    // Distinct values among the decompressed scanlines: a blank page has
    // one colour (and the filter bytes).
    let script = [
        "import sys, zlib",
        "data = open(sys.argv[1], 'rb').read()",
        "at, idat = 8, b''",
        "while at < len(data):",
        "    n = int.from_bytes(data[at:at + 4], 'big')",
        "    if data[at + 4:at + 8] == b'IDAT':",
        "        idat += data[at + 8:at + 8 + n]",
        "    at += 12 + n",
        "print(len(set(zlib.decompress(idat))))",
    ]
    .join("\n");
    let out = Command::new("python3")
        .args(["-c", &script])
        .arg(png)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let distinct: usize = String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .expect("a count");
    (width, height, distinct > 16)
}

#[test]
fn the_booklet_renders_every_diagram_in_a_browser() {
    if std::env::var("CIRCE_BROWSER_TEST").as_deref() == Ok("skip") {
        eprintln!("skipped: CIRCE_BROWSER_TEST=skip");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let examples = root.join("problems/examples");
    let problems = std::fs::read_dir(&examples)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "toml")
        })
        .count();
    assert!(problems > 10, "{problems}");
    let out = Command::new(env!("CARGO_BIN_EXE_circe"))
        .args(["solve", "-q", "--format", "html", "--timeout", "60"])
        .arg(&examples)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let work: PathBuf = root.join("target/html-browser");
    std::fs::create_dir_all(&work).unwrap();
    let page = work.join("examples.html");
    std::fs::write(&page, &out.stdout).unwrap();

    let browser = chromium();
    let dom = browse(&browser, &page, &["--dump-dom"]);
    let found = sections(&dom);
    assert_eq!(found.len(), problems, "one section per problem");
    for (i, (diagrams, units, pieces)) in found.iter().enumerate() {
        assert_eq!(*diagrams, 1, "problem {}: one diagram", i + 1);
        assert!(*units >= 2, "problem {}: {units} units", i + 1);
        assert_eq!(pieces, units, "problem {}: every unit drawn", i + 1);
    }
    // The solutions are there, in Circe notation: Linß's key.
    assert!(dom.contains("1.Bb3 ! threat:"), "the solutions are shown");
    assert!(dom.contains("Torsten Linß"), "names are shown as letters");

    let shot = work.join("examples.png");
    let _ = std::fs::remove_file(&shot);
    browse(
        &browser,
        &page,
        &[
            "--window-size=1100,2400",
            &format!("--screenshot={}", shot.display()),
        ],
    );
    let (width, height, drawn) = png_is_not_blank(&shot);
    assert_eq!((width, height), (1100, 2400));
    assert!(drawn, "the screenshot is blank");
}
