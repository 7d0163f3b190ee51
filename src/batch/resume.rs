//! `circe solve --resume OUT.jsonl DIR`: go on with a batch that stopped.
//!
//! The JSON Lines file of the earlier run says which problems are done
//! (one line each, `file` and `number`); those are skipped, the others
//! solved and appended. A line cut short (the batch was killed while
//! writing it) and the records of problems that were interrupted are not
//! done: they are removed from the file before the rest is appended, so
//! that every problem ends up in it exactly once.
//!
//! A file that is not circe's JSON Lines (a complete line that is not a
//! record, a last line that does not begin like one) is refused as it is:
//! `--resume` given the wrong name must not rewrite someone's notes.

use super::Item;
use std::collections::HashSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What an earlier run recorded.
#[derive(Debug, Default)]
pub struct Recorded {
    /// The finished problems: file (canonical when it exists) and number.
    done: HashSet<(PathBuf, usize)>,
    /// The lines to keep, each with its newline.
    kept: Vec<String>,
    /// Lines dropped: cut short, not JSON, or an interrupted problem.
    pub dropped: usize,
}

impl Recorded {
    /// How many problems are recorded as finished.
    pub fn len(&self) -> usize {
        self.done.len()
    }

    pub fn is_empty(&self) -> bool {
        self.done.is_empty()
    }

    /// Whether `item` was finished by the earlier run.
    pub fn contains(&self, item: &Item) -> bool {
        self.done.contains(&(key_path(&item.file), item.number))
    }
}

/// A path as a key: canonical when it can be, so that `dir/a.inp` and
/// `./dir/a.inp` are the same problem.
fn key_path(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

/// Why the file of `--resume` was not read.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    #[error("cannot read: {0}")]
    Read(io::Error),
    /// Not a file circe wrote: left untouched.
    #[error(
        "{why}: this is not circe's JSON Lines, so it is left as it is \
         (--resume takes the file an earlier `circe solve --format json` or \
         `--resume` wrote, or a new name)"
    )]
    NotOurs { line: usize, why: &'static str },
}

/// How circe's records begin (a solved problem's with its sorted keys, a
/// short record with `file`): a last line cut short by a kill is
/// recognised by it.
const RECORD_STARTS: [&str; 2] = ["{\"condition\":", "{\"file\":"];

/// Reads the JSON Lines file of an earlier run; a missing file records
/// nothing. A file that holds anything but circe's records is refused.
pub fn read_recorded(path: &Path) -> Result<Recorded, ResumeError> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Recorded::default()),
        Err(e) => return Err(ResumeError::Read(e)),
    };
    let Ok(text) = String::from_utf8(bytes) else {
        return Err(ResumeError::NotOurs {
            line: 1,
            why: "not UTF-8 text",
        });
    };
    let mut recorded = Recorded::default();
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let cut_short = !line.ends_with('\n');
        match record_of(line) {
            Some(Some(key)) if !cut_short && !recorded.done.contains(&key) => {
                recorded.done.insert(key);
                recorded.kept.push(line.to_string());
            }
            // A record repeated, or of an interrupted problem.
            Some(_) if !cut_short => recorded.dropped += 1,
            _ if cut_short && begins_like_a_record(line) => recorded.dropped += 1,
            _ => {
                return Err(ResumeError::NotOurs {
                    line: i + 1,
                    why: if cut_short {
                        "the last line does not begin like a record"
                    } else {
                        "the line is not a record of a problem"
                    },
                })
            }
        }
    }
    Ok(recorded)
}

/// Whether a line cut short by a kill was one of circe's records: it
/// begins as they do, or is the beginning of how they begin.
pub fn begins_like_a_record(line: &str) -> bool {
    !line.is_empty()
        && RECORD_STARTS
            .iter()
            .any(|s| line.starts_with(s) || s.starts_with(line))
}

/// `None` when the line is no record of circe's; else the problem it
/// names when it finished.
fn record_of(line: &str) -> Option<Option<(PathBuf, usize)>> {
    let v = super::merge::parse_record(line.trim()).ok()?;
    let file = v.get("file")?.as_str()?;
    let number = v.get("number")?.as_u64()?;
    let status = v.get("status")?.as_str()?;
    Some((status != "interrupted").then(|| (key_path(Path::new(file)), number as usize)))
}

/// Makes the file hold exactly the finished records, rewriting it (through
/// a file beside it, renamed over it) when some line must go, and opens it
/// for appending.
pub fn open_for_append(path: &Path, recorded: &Recorded) -> io::Result<std::fs::File> {
    if recorded.dropped > 0 {
        let mut tmp_name = path.as_os_str().to_owned();
        tmp_name.push(".resume-tmp");
        let tmp = PathBuf::from(tmp_name);
        {
            let mut f = std::fs::File::create(&tmp)?;
            for line in &recorded.kept {
                f.write_all(line.as_bytes())?;
            }
            f.sync_all()?;
        }
        std::fs::rename(&tmp, path)?;
    }
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_lines_and_interrupted_problems_are_not_done() {
        let dir = std::env::temp_dir().join(format!("circe-resume-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("out.jsonl");
        std::fs::write(
            &out,
            concat!(
                "{\"file\":\"a.inp\",\"number\":1,\"status\":\"solved\"}\n",
                "{\"file\":\"a.inp\",\"number\":2,\"status\":\"interrupted\"}\n",
                "{\"file\":\"b.inp\",\"number\":1,\"status\":\"timeout\"}\n",
                "{\"file\":\"c.inp\",\"num"
            ),
        )
        .unwrap();
        let r = read_recorded(&out).unwrap();
        assert_eq!((r.len(), r.dropped), (2, 2));
        let item = |file: &str, number| Item {
            index: 0,
            position: 0,
            batch_len: 1,
            key: file.to_string(),
            file: PathBuf::from(file),
            number,
            of: 2,
            problem: Err(crate::problem::InputError {
                file: PathBuf::new(),
                line: 0,
                message: String::new(),
            }),
        };
        assert!(r.contains(&item("a.inp", 1)));
        assert!(!r.contains(&item("a.inp", 2)));
        assert!(r.contains(&item("b.inp", 1)));
        assert!(!r.contains(&item("c.inp", 1)));
        let mut f = open_for_append(&out, &r).unwrap();
        f.write_all(b"{\"file\":\"c.inp\",\"number\":1,\"status\":\"solved\"}\n")
            .unwrap();
        drop(f);
        let text = std::fs::read_to_string(&out).unwrap();
        assert_eq!(text.lines().count(), 3, "{text}");
        assert!(!text.contains("interrupted"), "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_that_is_not_ours_is_refused_and_kept() {
        let dir = std::env::temp_dir().join(format!("circe-resume-notes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (text, line) in [
            ("my notes\nmore\n", 1),
            (
                "{\"file\":\"a.inp\",\"number\":1,\"status\":\"solved\"}\nnotes",
                2,
            ),
            (
                "{\"file\":\"a.inp\",\"number\":1,\"status\":\"solved\"}\n[1,2]\n",
                2,
            ),
        ] {
            let notes = dir.join("notes.txt");
            std::fs::write(&notes, text).unwrap();
            match read_recorded(&notes) {
                Err(ResumeError::NotOurs { line: l, .. }) => assert_eq!(l, line, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
            assert_eq!(std::fs::read_to_string(&notes).unwrap(), text);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missing_file_records_nothing() {
        let r = read_recorded(Path::new("no/such/file.jsonl")).unwrap();
        assert!(r.is_empty());
    }
}
