//! A batch over many machines: `solve --shard K/N` parts are disjoint and
//! together the batch, `circe merge` of them is one run's records;
//! `solve --first-moves K/N` parts merged give the whole run's text, byte
//! for byte but for the footer's time; bad input is named, exit 2.

use assert_cmd::Command;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn circe() -> Command {
    let mut c = Command::cargo_bin("circe").expect("the binary");
    c.env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("SLURM_ARRAY_TASK_MIN")
        .env_remove("JOB_COMPLETION_INDEX");
    c
}

fn stdout(cmd: &mut Command) -> String {
    let out = cmd.output().expect("runs");
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("circe-dist-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A record without what changes from run to run.
fn strip(v: &Value) -> Value {
    circe::batch::summary::without_times(v)
}

fn records(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| circe::batch::merge::parse_record(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// `Time = 0.012 s` (and German, French) without the time.
fn no_times(text: &str) -> String {
    text.lines()
        .map(|l| {
            for word in ["Time = ", "Zeit = ", "Temps = "] {
                if let Some(at) = l.find(word) {
                    return format!("{}{word}-", &l[..at]);
                }
            }
            l.to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn shards_are_disjoint_and_merge_to_one_run() {
    let dir = temp_dir("shards");
    let problems = "problems/examples";
    let whole = stdout(circe().args(["solve", "-q", "--format", "json", problems]));
    let whole = records(&whole);
    assert!(whole.len() > 10);
    let mut files = Vec::new();
    let mut seen = BTreeSet::new();
    for k in 1..=4 {
        let text = stdout(circe().args([
            "solve",
            "-q",
            "--format",
            "json",
            "--shard",
            &format!("{k}/4"),
            problems,
        ]));
        for r in records(&text) {
            let key = (r["file"].to_string(), r["number"].as_u64().unwrap());
            assert!(seen.insert(key.clone()), "{key:?} in two shards");
        }
        let f = dir.join(format!("s{k}.jsonl"));
        std::fs::write(&f, text).unwrap();
        files.push(f);
    }
    assert_eq!(seen.len(), whole.len(), "the shards hold every problem");
    let merged = stdout(circe().arg("merge").args(&files));
    let merged = records(&merged);
    let mut want: Vec<Value> = whole.iter().map(strip).collect();
    want.sort_by_key(|r| r["index"].as_u64());
    let got: Vec<Value> = merged.iter().map(strip).collect();
    assert_eq!(got, want);
    // Without one shard: the problems it held are named, exit 2.
    let out = circe()
        .arg("merge")
        .args(["--problems", problems])
        .args(&files[..3])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let s4 = std::fs::read_to_string(&files[3]).unwrap();
    let lost = records(&s4);
    assert!(!lost.is_empty());
    for r in &lost {
        assert!(err.contains(r["file"].as_str().unwrap()), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_shard_resumes_and_merge_keeps_the_newest() {
    let dir = temp_dir("resume");
    let problems = "problems/examples";
    let out = dir.join("s2.jsonl");
    circe()
        .args(["solve", "-q", "--shard", "2/3", "--resume"])
        .arg(&out)
        .arg(problems)
        .assert()
        .success();
    let full = std::fs::read_to_string(&out).unwrap();
    let n = full.lines().count();
    assert!(n >= 2, "{full}");
    // Killed halfway: one line kept, the next cut short.
    let first = full.lines().next().unwrap();
    let second = full.lines().nth(1).unwrap();
    std::fs::write(&out, format!("{first}\n{}", &second[..second.len() / 2])).unwrap();
    circe()
        .args(["solve", "-q", "--shard", "2/3", "--resume"])
        .arg(&out)
        .arg(problems)
        .assert()
        .success();
    let resumed = std::fs::read_to_string(&out).unwrap();
    assert_eq!(resumed.lines().count(), n, "{resumed}");
    // The same shard twice still misses the others' problems.
    let again = circe().arg("merge").arg(&out).arg(&out).output().unwrap();
    assert_eq!(again.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_shards_and_bad_records_are_named() {
    for bad in ["0/4", "5/4", "2", "a/b", "1/0"] {
        let out = circe()
            .args(["solve", "--shard", bad, "problems/examples"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--shard"));
    }
    let out = circe()
        .args(["solve", "--shard", "auto/4", "problems/examples"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("SLURM_ARRAY_TASK_ID"));
    let out = circe()
        .args(["solve", "--first-moves", "4/3", "problems/examples"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let dir = temp_dir("bad");
    let f = dir.join("bad.jsonl");
    std::fs::write(
        &f,
        "{\"file\":\"a\",\"index\":0,\"total\":1,\"status\":\"solved\"}\n{oops\n{}\n",
    )
    .unwrap();
    for cmd in ["merge", "report"] {
        let out = circe().arg(cmd).arg(&f).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("bad.jsonl:2: not a JSON record"),
            "{cmd}: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each part's records (files in `dir`).
fn solve_parts(dir: &Path, paths: &[String], n: u32) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for k in 1..=n {
        let text = stdout(
            circe()
                .args(["solve", "-q", "--first-moves", &format!("{k}/{n}")])
                .args(paths),
        );
        let f = dir.join(format!("p{k}.jsonl"));
        std::fs::write(&f, text).unwrap();
        files.push(f);
    }
    files
}

fn merge_parts(files: &[PathBuf], format: &str) -> String {
    stdout(circe().args(["merge", "--format", format]).args(files))
}

/// The problem files that a part refused, by the records of part 1.
fn played_files(part1: &Path) -> Vec<String> {
    let mut recs = records(&std::fs::read_to_string(part1).unwrap());
    recs.sort_by_key(|r| r["index"].as_u64());
    let refused: BTreeSet<String> = recs
        .iter()
        .filter(|r| {
            r["error"]
                .as_str()
                .is_some_and(|e| e.contains("--first-moves"))
        })
        .map(|r| r["file"].as_str().unwrap().to_string())
        .collect();
    let mut files: Vec<String> = Vec::new();
    for r in &recs {
        let f = r["file"].as_str().unwrap().to_string();
        if !refused.contains(&f) && files.last() != Some(&f) {
            files.push(f);
        }
    }
    files
}

#[test]
fn first_moves_parts_merge_to_the_whole_run() {
    let dir = temp_dir("parts");
    // Help play with set play and twins, direct play with tries and
    // variations, series play, duplex, several conditions.
    let all = [
        "problems/examples".to_string(),
        "problems/popeye-tier1".to_string(),
    ];
    let first = solve_parts(&dir, &all, 3);
    // What --first-moves refuses (movenumbers, ...) is left out of both.
    let paths = played_files(&first[0]);
    assert!(paths.len() > 90, "{}", paths.len());
    for n in [2, 3] {
        let files = solve_parts(&dir, &paths, n);
        for format in ["popeye", "text"] {
            let whole = stdout(
                circe()
                    .args(["solve", "-q", "--format", format])
                    .args(&paths),
            );
            assert!(whole.lines().count() > 1000);
            let merged = merge_parts(&files, format);
            let (w, m) = (no_times(&whole), no_times(&merged));
            if w != m {
                let at = w
                    .lines()
                    .zip(m.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                panic!(
                    "{format}, {n} parts: line {} differs:\n whole: {:?}\nmerged: {:?}",
                    at + 1,
                    w.lines().nth(at),
                    m.lines().nth(at)
                );
            }
        }
        // JSON: the records of a whole run, but for the times.
        let whole = stdout(
            circe()
                .args(["solve", "-q", "--format", "json"])
                .args(&paths),
        );
        // The merge gives no verdict: none of the parts holds the whole
        // solution tree it is drawn from (docs/json.md).
        let mut whole: Vec<Value> = records(&whole)
            .iter()
            .map(|r| {
                let mut r = strip(r);
                if let Some(o) = r.as_object_mut() {
                    o.remove("verdict");
                }
                r
            })
            .collect();
        whole.sort_by_key(|r| r["index"].as_u64());
        let merged: Vec<Value> = records(&merge_parts(&files, "json"))
            .iter()
            .map(strip)
            .collect();
        assert_eq!(merged.len(), whole.len());
        assert!(merged.iter().all(|m| m.get("verdict").is_none()));
        for (m, w) in merged.iter().zip(&whole) {
            assert_eq!(m, w, "json, {n} parts: {} differs", w["file"]);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn first_moves_refuse_what_hangs_on_every_first_move() {
    let out = circe()
        .args([
            "solve",
            "--first-moves",
            "1/2",
            "problems/popeye-tier1/BEISPIEL_stip__044.toml",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("movenumbers with --first-moves"));
}

/// The long helpmate of the corpus (`bench-long/bl_h5_circe.inp`, copied
/// here): 11 000 lines of Popeye's output.
#[test]
fn first_moves_of_a_long_helpmate() {
    let p = "tests/distributed/bl_h5_circe.inp";
    let dir = temp_dir("long");
    let whole = stdout(circe().args(["solve", "-q", "--format", "popeye", p]));
    let merged = merge_parts(&solve_parts(&dir, &[p.to_string()], 3), "popeye");
    assert!(whole.lines().count() > 1000);
    assert_eq!(no_times(&whole), no_times(&merged));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn report_counts_the_merged_batch() {
    let text = stdout(circe().args(["solve", "-q", "--format", "json", "problems/examples"]));
    let dir = temp_dir("report");
    let f = dir.join("all.jsonl");
    std::fs::write(&f, &text).unwrap();
    let report = stdout(circe().args(["report", "--slowest", "3"]).arg(&f));
    let n = text.lines().count();
    assert!(report.starts_with(&format!("{n} records\n")), "{report}");
    assert!(report.contains(&format!("solved{n:>19}")), "{report}");
    assert!(report.contains("errors: 0"), "{report}");
    assert!(report.contains("positions searched"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}
