//! `circe merge OUT.jsonl...`: the JSON Lines of the shards of a batch (or
//! of the parts of one problem, `--first-moves`) put back together.
//!
//! Every record a batch writes carries `index` (the problem's position in
//! the whole batch, from 0) and `total` (the batch's size, before any
//! `--shard` or `--resume` left problems out), so the records alone say
//! which problems there are and in which order: no folder needs to be
//! named. Each problem is kept once, with its newest complete record (the
//! last one, files read in the order given and each from its start; an
//! interrupted record or a last line cut short is not complete). A problem
//! without a record is an error that names it.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A JSON line read back: without serde_json's limit of 128 levels, which
/// a record of a long line of play goes past (each move is an object in the
/// `children` of the one before).
pub fn parse_record(line: &str) -> Result<Value, serde_json::Error> {
    use serde::Deserialize;
    let mut de = serde_json::Deserializer::from_str(line);
    de.disable_recursion_limit();
    let value = Value::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// One JSON line as read.
#[derive(Clone, Debug)]
pub struct Record {
    /// Where it was read: file and line (from 1).
    pub source: PathBuf,
    pub line: usize,
    /// The line, with its newline.
    pub text: String,
    pub value: Value,
    pub index: usize,
    pub total: usize,
    /// `--first-moves K/N`: the part of the root moves this record holds.
    pub part: Option<(u32, u32)>,
    /// Its place among all records read, oldest first.
    pub seq: usize,
}

impl Record {
    /// `file#number`: the problem the record is about.
    pub fn problem(&self) -> String {
        problem_name(&self.value)
    }
}

/// The name of the problem of a record: `file` (with `:line` when the
/// file holds several, as the batch prints it) or `file#number`.
pub fn problem_name(v: &Value) -> String {
    let file = v.get("file").and_then(Value::as_str).unwrap_or("?");
    match v.get("number").and_then(Value::as_u64) {
        Some(n) if n > 1 => format!("{file}#{n}"),
        _ => file.to_string(),
    }
}

/// What one problem's place holds after merging.
#[derive(Clone, Debug)]
pub enum Entry {
    /// A whole record (a problem solved by one task).
    Whole(Record),
    /// The parts 1..N of a problem solved `--first-moves K/N`, in order.
    Parts(Vec<Record>),
}

/// The merged batch.
#[derive(Debug)]
pub struct Merged {
    /// One entry per problem, in the batch's order.
    pub entries: Vec<Entry>,
    /// Older records of a problem left out for a newer one.
    pub replaced: usize,
    /// Records that are no record: cut short at a file's end, or of an
    /// interrupted problem (`FILE:LINE: why`).
    pub skipped: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// A line that is no record of a batch.
    #[error("{}:{line}: {message}", file.display())]
    Bad {
        file: PathBuf,
        line: usize,
        message: String,
    },
    #[error("no record of a problem in the files given")]
    Empty,
    /// Problems that no file holds: their names.
    #[error("{} problem(s) of {total} missing from every file: {}", missing.len(), missing.join(", "))]
    Missing { missing: Vec<String>, total: usize },
}

/// Reads the records of `file`.
pub fn read_records(file: &Path, text: &str) -> Result<(Vec<Record>, Vec<String>), MergeError> {
    let mut records = Vec::new();
    let mut skipped = Vec::new();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    for (i, raw) in lines.iter().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let bad = |message: String| MergeError::Bad {
            file: file.to_path_buf(),
            line,
            message,
        };
        let last = i + 1 == lines.len();
        let value: Value = match parse_record(raw.trim()) {
            Ok(v) if raw.ends_with('\n') => v,
            // A kill while the line was written: not a record.
            _ if last => {
                skipped.push(format!("{}:{line}: cut short", file.display()));
                continue;
            }
            Ok(_) => unreachable!("only the last line may lack its newline"),
            Err(e) => return Err(bad(format!("not a JSON record: {e}"))),
        };
        let field = |name: &str| value.get(name).and_then(Value::as_u64);
        let (Some(index), Some(total)) = (field("index"), field("total")) else {
            return Err(bad(
                "no `index` and `total`: not written by `circe solve --format json` \
                 of this version (solve again)"
                    .into(),
            ));
        };
        if index >= total {
            return Err(bad(format!("index {index} is not below total {total}")));
        }
        if value.get("status").and_then(Value::as_str) == Some("interrupted") {
            skipped.push(format!("{}:{line}: interrupted", file.display()));
            continue;
        }
        let part = value.get("first_moves").map(|fm| {
            let n = |k| fm.get(k).and_then(Value::as_u64).unwrap_or(0) as u32;
            (n("part"), n("of"))
        });
        if let Some((k, n)) = part {
            if k == 0 || k > n {
                return Err(bad(format!("`first_moves` is not a part K/N: {k}/{n}")));
            }
        }
        records.push(Record {
            source: file.to_path_buf(),
            line,
            text: raw.to_string(),
            value,
            index: index as usize,
            total: total as usize,
            part,
            seq: 0,
        });
    }
    Ok((records, skipped))
}

/// The newest record of each problem (its position) and part.
type Newest = BTreeMap<(usize, Option<(u32, u32)>), Record>;

/// Merges the records of `inputs` (file name and contents, oldest first).
/// `names`, when given, names each problem of the batch by its position
/// (for the error on a missing one); else a missing problem is named by
/// its position and its neighbours.
pub fn merge(inputs: &[(PathBuf, String)], names: Option<&[String]>) -> Result<Merged, MergeError> {
    let mut all = Vec::new();
    let mut skipped = Vec::new();
    for (file, text) in inputs {
        let (records, s) = read_records(file, text)?;
        for mut r in records {
            r.seq = all.len();
            all.push(r);
        }
        skipped.extend(s);
    }
    let Some(first) = all.first().cloned() else {
        return Err(MergeError::Empty);
    };
    let total = first.total;
    // Newest record of each (problem, part).
    let mut newest: Newest = BTreeMap::new();
    let mut replaced = 0;
    for r in all {
        let bad = |message: String| MergeError::Bad {
            file: r.source.clone(),
            line: r.line,
            message,
        };
        if r.total != total {
            return Err(bad(format!(
                "a batch of {} problems, where {}:{} is of {total}: records of different batches",
                r.total,
                first.source.display(),
                first.line
            )));
        }
        if let Some(((_, _), other)) = newest.range((r.index, None)..).next() {
            if other.index == r.index && other.problem() != r.problem() {
                return Err(bad(format!(
                    "problem {} is at position {}, where {}:{} has {}: records of different batches",
                    r.problem(),
                    r.index,
                    other.source.display(),
                    other.line,
                    other.problem()
                )));
            }
        }
        if newest.insert((r.index, r.part), r).is_some() {
            replaced += 1;
        }
    }
    let mut entries = Vec::with_capacity(total);
    let mut missing = Vec::new();
    let name = |index: usize, newest: &Newest| {
        if let Some(name) = names.and_then(|n| n.get(index)) {
            return name.clone();
        }
        let before = newest.range(..(index, None)).next_back().map(|(_, r)| r);
        let after = newest.range((index + 1, None)..).next().map(|(_, r)| r);
        let mut s = format!("the problem at position {} of {total}", index + 1);
        match (before, after) {
            (Some(b), Some(a)) => s += &format!(" (after {}, before {})", b.problem(), a.problem()),
            (Some(b), None) => s += &format!(" (after {})", b.problem()),
            (None, Some(a)) => s += &format!(" (before {})", a.problem()),
            (None, None) => {}
        }
        s
    };
    for index in 0..total {
        let here: Vec<&Record> = newest
            .range((index, None)..(index + 1, None))
            .map(|(_, r)| r)
            .collect();
        if let Some(whole) = here.iter().find(|r| r.part.is_none()) {
            entries.push(Entry::Whole((*whole).clone()));
            continue;
        }
        let Some(first) = here.first() else {
            missing.push(name(index, &newest));
            continue;
        };
        // Parts: one of each K of the newest N.
        let n = here
            .iter()
            .max_by_key(|r| r.seq)
            .and_then(|r| r.part)
            .map_or(0, |p| p.1);
        let mut parts = Vec::new();
        for k in 1..=n {
            match here.iter().find(|r| r.part == Some((k, n))) {
                Some(r) => parts.push((*r).clone()),
                None => missing.push(format!("part {k}/{n} of {}", first.problem())),
            }
        }
        entries.push(Entry::Parts(parts));
    }
    if !missing.is_empty() {
        return Err(MergeError::Missing { missing, total });
    }
    Ok(Merged {
        entries,
        replaced,
        skipped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(file: &str, index: usize, total: usize, status: &str, extra: &str) -> String {
        format!(
            "{{\"file\":\"{file}\",\"line\":1,\"number\":1,\"index\":{index},\"total\":{total},\
             \"status\":\"{status}\",\"seconds\":0.1{extra}}}\n"
        )
    }

    fn input(name: &str, lines: &[String]) -> (PathBuf, String) {
        (PathBuf::from(name), lines.concat())
    }

    #[test]
    fn batch_order_once_each_newest_wins() {
        let a = input(
            "a.jsonl",
            &[
                rec("p2", 2, 3, "timeout", ""),
                rec("p0", 0, 3, "solved", ""),
            ],
        );
        let b = input(
            "b.jsonl",
            &[
                rec("p1", 1, 3, "interrupted", ""),
                rec("p1", 1, 3, "solved", ""),
                rec("p2", 2, 3, "solved", ",\"new\":1"),
            ],
        );
        let m = merge(&[a, b], None).unwrap();
        let files: Vec<String> = m
            .entries
            .iter()
            .map(|e| match e {
                Entry::Whole(r) => r.problem(),
                Entry::Parts(_) => unreachable!(),
            })
            .collect();
        assert_eq!(files, ["p0", "p1", "p2"]);
        assert_eq!(m.replaced, 1);
        assert_eq!(m.skipped.len(), 1);
        match &m.entries[2] {
            Entry::Whole(r) => assert!(r.text.contains("\"new\":1")),
            _ => unreachable!(),
        }
    }

    #[test]
    fn a_missing_problem_is_named() {
        let a = input(
            "a.jsonl",
            &[rec("p0", 0, 3, "solved", ""), rec("p2", 2, 3, "solved", "")],
        );
        let e = merge(std::slice::from_ref(&a), None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("position 2 of 3 (after p0, before p2)"), "{e}");
        let names = ["p0".to_string(), "p1.inp".to_string(), "p2".to_string()];
        let e = merge(&[a], Some(&names)).unwrap_err().to_string();
        assert!(e.contains("missing from every file: p1.inp"), "{e}");
    }

    #[test]
    fn bad_lines_name_file_and_line() {
        let a = (
            PathBuf::from("a.jsonl"),
            format!(
                "{}{{oops\n{}",
                rec("p0", 0, 2, "solved", ""),
                rec("p1", 1, 2, "solved", "")
            ),
        );
        let e = merge(&[a], None).unwrap_err().to_string();
        assert!(e.starts_with("a.jsonl:2: not a JSON record"), "{e}");
        let mixed = input(
            "m.jsonl",
            &[rec("p0", 0, 2, "solved", ""), rec("p1", 1, 3, "solved", "")],
        );
        let e = merge(&[mixed], None).unwrap_err().to_string();
        assert!(e.contains("m.jsonl:2: a batch of 3 problems"), "{e}");
        let old = (PathBuf::from("o.jsonl"), "{\"file\":\"x\"}\n".to_string());
        let e = merge(&[old], None).unwrap_err().to_string();
        assert!(e.starts_with("o.jsonl:1: no `index`"), "{e}");
    }

    #[test]
    fn a_last_line_cut_short_is_skipped() {
        let mut text = rec("p0", 0, 1, "solved", "");
        text.push_str("{\"file\":\"p0\",\"ind");
        let m = merge(&[(PathBuf::from("a"), text)], None).unwrap();
        assert_eq!(m.entries.len(), 1);
        assert_eq!(m.skipped, ["a:2: cut short"]);
    }
}
