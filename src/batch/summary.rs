//! `circe report FILE.jsonl`: what a database editor wants to know of a
//! finished batch, from its JSON Lines (of `solve`, `merge` or `check`).

use super::merge::{problem_name, MergeError};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::PathBuf;

/// The summary of some records.
#[derive(Debug, Default)]
pub struct Summary {
    pub records: usize,
    /// `status` of `solve` records, `verdict` of `check` records.
    pub by_status: BTreeMap<String, usize>,
    pub by_verdict: BTreeMap<String, usize>,
    /// The slowest problems, slowest first: seconds, name.
    pub slowest: Vec<(f64, String)>,
    /// `name: message` of every error; the time-outs.
    pub errors: Vec<String>,
    pub timeouts: Vec<String>,
    /// Check failures (with the start of their diff), and problems recorded
    /// twice with different solutions.
    pub disagreements: Vec<String>,
    pub seconds: f64,
    pub nodes: u64,
    pub solutions: u64,
    /// Lines skipped: a last line cut short.
    pub skipped: Vec<String>,
}

/// The record without what changes from run to run (times, positions
/// searched), to tell two solutions apart.
pub fn without_times(v: &Value) -> Value {
    match v {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| !matches!(k.as_str(), "seconds" | "nodes"))
                .map(|(k, v)| (k.clone(), without_times(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_times).collect()),
        other => other.clone(),
    }
}

/// Summarises the records of `inputs` (file name, contents).
pub fn summarise(inputs: &[(PathBuf, String)], slowest: usize) -> Result<Summary, MergeError> {
    let mut s = Summary::default();
    let mut seen: HashMap<String, Value> = HashMap::new();
    let mut times = Vec::new();
    for (file, text) in inputs {
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        for (i, raw) in lines.iter().enumerate() {
            if raw.trim().is_empty() {
                continue;
            }
            let v: Value = match super::merge::parse_record(raw.trim()) {
                Ok(v) if raw.ends_with('\n') => v,
                _ if i + 1 == lines.len() => {
                    s.skipped
                        .push(format!("{}:{}: cut short", file.display(), i + 1));
                    continue;
                }
                Ok(_) => unreachable!("only the last line may lack its newline"),
                Err(e) => {
                    return Err(MergeError::Bad {
                        file: file.clone(),
                        line: i + 1,
                        message: format!("not a JSON record: {e}"),
                    })
                }
            };
            if !v.is_object() || v.get("file").is_none() {
                return Err(MergeError::Bad {
                    file: file.clone(),
                    line: i + 1,
                    message: "not a record of circe (no `file`)".into(),
                });
            }
            s.records += 1;
            let mut name = problem_name(&v);
            if let Some(fm) = v.get("first_moves") {
                name += &format!(
                    " (first moves {}/{})",
                    fm.get("part").unwrap_or(&Value::Null),
                    fm.get("of").unwrap_or(&Value::Null)
                );
            }
            let str_of = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
            if let Some(status) = str_of("status") {
                *s.by_status.entry(status.clone()).or_default() += 1;
                if status == "timeout" {
                    s.timeouts.push(name.clone());
                }
            }
            if let Some(verdict) = str_of("verdict") {
                *s.by_verdict.entry(verdict.clone()).or_default() += 1;
                if verdict == "fail" {
                    let diff = str_of("diff").unwrap_or_default();
                    let head: Vec<&str> = diff.lines().take(6).collect();
                    let mut d = format!("{name}: differs from its recorded solution");
                    for l in head {
                        d.push_str("\n      ");
                        d.push_str(l);
                    }
                    s.disagreements.push(d);
                }
                if verdict == "timeout" {
                    s.timeouts.push(name.clone());
                }
            }
            if let Some(e) = str_of("error") {
                s.errors.push(e);
            }
            let seconds = v.get("seconds").and_then(Value::as_f64).unwrap_or(0.0);
            s.seconds += seconds;
            s.nodes += v.get("nodes").and_then(Value::as_u64).unwrap_or(0);
            s.solutions += v.get("solutions").and_then(Value::as_u64).unwrap_or(0);
            times.push((seconds, name.clone()));
            // The same problem twice: do the records agree?
            if v.get("status").is_some() {
                let key = name;
                let body = without_times(&v);
                match seen.get(&key) {
                    Some(before) if *before != body => s.disagreements.push(format!(
                        "{key}: recorded twice with different results ({}:{} and an earlier one)",
                        file.display(),
                        i + 1
                    )),
                    Some(_) => {}
                    None => {
                        seen.insert(key, body);
                    }
                }
            }
        }
    }
    times.sort_by(|a, b| b.0.total_cmp(&a.0));
    times.truncate(slowest);
    s.slowest = times;
    Ok(s)
}

/// The summary as text.
pub fn table(s: &Summary) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} records", s.records);
    let counts = |out: &mut String, title: &str, map: &BTreeMap<String, usize>| {
        if !map.is_empty() {
            let _ = writeln!(out, "\n{title}:");
            for (k, n) in map {
                let _ = writeln!(out, "  {k:<16} {n:>8}");
            }
        }
    };
    counts(&mut out, "status", &s.by_status);
    counts(&mut out, "verdict", &s.by_verdict);
    if !s.slowest.is_empty() {
        let _ = writeln!(out, "\nslowest:");
        for (secs, name) in &s.slowest {
            let _ = writeln!(out, "  {secs:>10.3} s  {name}");
        }
    }
    let list = |out: &mut String, title: &str, items: &[String]| {
        let _ = writeln!(out, "\n{title}: {}", items.len());
        for i in items {
            let _ = writeln!(out, "  {i}");
        }
    };
    list(&mut out, "errors", &s.errors);
    list(&mut out, "time-outs", &s.timeouts);
    list(&mut out, "disagreements", &s.disagreements);
    if !s.skipped.is_empty() {
        list(&mut out, "skipped", &s.skipped);
    }
    let _ = writeln!(
        out,
        "\ntotal: {:.3} s, {} positions searched, {} solutions",
        s.seconds, s.nodes, s.solutions
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_lists_and_totals() {
        let text = concat!(
            "{\"file\":\"a\",\"number\":1,\"status\":\"solved\",\"solutions\":2,\"seconds\":1.5,\"nodes\":10}\n",
            "{\"file\":\"b\",\"number\":1,\"status\":\"error\",\"error\":\"b:3: bad\",\"seconds\":0.0}\n",
            "{\"file\":\"c\",\"number\":1,\"status\":\"timeout\",\"seconds\":9.0}\n",
            "{\"file\":\"a\",\"number\":1,\"status\":\"solved\",\"solutions\":3,\"seconds\":1.0,\"nodes\":5}\n",
            "{\"file\":\"d\",\"number\":1,\"verdict\":\"fail\",\"diff\":\"-1.Qa1\\n+1.Qb1\",\"seconds\":0.5}\n",
        );
        let s = summarise(&[(PathBuf::from("x"), text.to_string())], 2).unwrap();
        assert_eq!(s.records, 5);
        assert_eq!(s.by_status["solved"], 2);
        assert_eq!(s.by_verdict["fail"], 1);
        assert_eq!(s.errors, ["b:3: bad"]);
        assert_eq!(s.timeouts, ["c"]);
        assert_eq!(s.disagreements.len(), 2, "{:?}", s.disagreements);
        assert_eq!(s.slowest[0], (9.0, "c".to_string()));
        assert_eq!(s.slowest.len(), 2);
        assert_eq!((s.nodes, s.solutions), (15, 5));
        assert!((s.seconds - 12.0).abs() < 1e-9);
        let t = table(&s);
        assert!(t.contains("errors: 1\n  b:3: bad"), "{t}");
    }

    #[test]
    fn a_bad_line_is_named() {
        let e = summarise(&[(PathBuf::from("x.jsonl"), "[1]\n".into())], 1).unwrap_err();
        assert_eq!(
            e.to_string(),
            "x.jsonl:1: not a record of circe (no `file`)"
        );
    }
}
