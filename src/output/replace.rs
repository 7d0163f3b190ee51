//! Whether an output file may be replaced: only when it is missing, empty,
//! or holds what circe itself wrote there before. Whatever else a file
//! holds (someone's notes, a problem given by mistake as the output) is
//! never truncated.

use std::path::Path;

/// What circe writes into a file, as far as it can be recognised again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// JSON Lines of `solve`, `merge` or `check`: every line an object with
    /// a `file` key (a last line cut short by a kill is allowed).
    JsonLines,
    /// A problem written by `circe convert`: its first line says so.
    Converted,
}

/// The first line of a file `circe convert` writes begins so.
pub const CONVERTED_MARK: &str = "# Converted from ";

/// `Ok` when `path` may be replaced by circe's output of kind `kind`;
/// else why not, for the caller to name the file.
pub fn may_replace(path: &Path, kind: Written) -> Result<(), String> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) if path.is_dir() => return Err(format!("is a directory ({e})")),
        Err(e) => return Err(format!("cannot read it to see what it holds: {e}")),
    };
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(());
    }
    let text = String::from_utf8_lossy(&bytes);
    let ours = match kind {
        Written::JsonLines => {
            let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
            let last_cut = !text.ends_with('\n');
            lines.iter().enumerate().all(|(i, l)| {
                let record = crate::batch::merge::parse_record(l.trim())
                    .ok()
                    .is_some_and(|v| v.get("file").is_some());
                record
                    || (last_cut
                        && i + 1 == lines.len()
                        && crate::batch::resume::begins_like_a_record(l))
            })
        }
        Written::Converted => text.starts_with(CONVERTED_MARK),
    };
    if ours {
        Ok(())
    } else {
        Err(match kind {
            Written::JsonLines => "holds something other than circe's JSON Lines".into(),
            Written::Converted => "exists and was not written by `circe convert`".into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_circes_own_files_are_replaced() {
        let dir = std::env::temp_dir().join(format!("circe-replace-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("f");
        let cases = [
            ("", Written::JsonLines, true),
            (
                "{\"file\":\"a.inp\",\"number\":1}\n",
                Written::JsonLines,
                true,
            ),
            ("{\"file\":\"a.inp\"}\n{\"condit", Written::JsonLines, true),
            ("my notes\n", Written::JsonLines, false),
            ("{\"name\":1}\n", Written::JsonLines, false),
            (
                "# Converted from a.inp by `circe convert`.\n",
                Written::Converted,
                true,
            ),
            ("fen = \"8/8/8/8/8/8/8/8\"\n", Written::Converted, false),
        ];
        for (text, kind, ok) in cases {
            std::fs::write(&file, text).unwrap();
            assert_eq!(may_replace(&file, kind).is_ok(), ok, "{text:?}");
        }
        assert!(may_replace(&dir.join("missing"), Written::JsonLines).is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
