//! A real Slurm: scripts/slurm/e2e.sh starts a one-node cluster on this
//! machine (installing Debian's slurm-wlm and munge when they are missing),
//! submits the shard array over `problems/`, requeues one task halfway,
//! merges in a dependent job, and splits a long helpmate's first moves in
//! three tasks. Here the results are compared with one run on one machine:
//! the same problems, the same solutions, the same text.
//!
//! It needs root (apt-get, slurmd) and fails when it cannot run: a test
//! that passes without Slurm would prove nothing. `CIRCE_SLURM_TEST=skip`
//! skips it, saying so.

use assert_cmd::Command;
use circe::batch::merge::parse_record;
use circe::batch::summary::without_times;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn no_times(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("Time = ") {
            Some(at) => format!("{}Time = -", &l[..at]),
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn records(text: &str) -> Vec<Value> {
    let mut r: Vec<Value> = text
        .lines()
        .map(|l| without_times(&parse_record(l).unwrap_or_else(|e| panic!("{e}: {l}"))))
        .collect();
    r.sort_by_key(|v| v["index"].as_u64());
    r
}

#[test]
fn a_slurm_job_array_solves_what_one_machine_solves() {
    if std::env::var("CIRCE_SLURM_TEST").as_deref() == Ok("skip") {
        eprintln!("skipped: CIRCE_SLURM_TEST=skip");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_circe"));
    let problems = root.join("problems");
    let long = root.join("tests/distributed/bl_h5_circe.inp");
    let work = std::env::temp_dir().join(format!("circe-slurm-{}", std::process::id()));
    let started = std::time::Instant::now();
    let out = std::process::Command::new("bash")
        .arg(root.join("scripts/slurm/e2e.sh"))
        .arg(&bin)
        .arg(&problems)
        .arg(&long)
        .arg(&work)
        .output()
        .expect("bash runs");
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("{log}");
    assert!(
        out.status.success(),
        "scripts/slurm/e2e.sh failed (it needs root and apt-get or slurm-wlm \
         and munge installed; CIRCE_SLURM_TEST=skip skips it):\n{log}"
    );
    let o = work.join("out");
    let read = |p: &str| std::fs::read_to_string(o.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));

    // The requeued task: killed after some records, and more came after.
    let jobs = read("jobs");
    let first: Vec<&str> = jobs.lines().next().unwrap().split(' ').collect();
    let (victim, at_kill): (&str, usize) = (first[1], first[2].parse().unwrap());
    let victim_records = read(&format!("shards/shard-{victim}.jsonl"))
        .lines()
        .count();
    assert!(
        victim_records > at_kill,
        "task {victim} was requeued after it finished ({at_kill} of {victim_records} records)"
    );

    // The same problems, the same solutions as one run on one machine.
    let single = Command::new(&bin)
        .args(["solve", "-q", "--format", "json"])
        .arg(&problems)
        .output()
        .unwrap();
    let single = records(&String::from_utf8(single.stdout).unwrap());
    let merged = records(&read("shards/merged.jsonl"));
    assert_eq!(merged.len(), single.len());
    for (m, s) in merged.iter().zip(&single) {
        assert_eq!(m, s, "{} differs", m["file"]);
    }

    // The long helpmate, its first moves in three tasks, merged.
    let whole = Command::new(&bin)
        .args(["solve", "-q", "--format", "popeye"])
        .arg(&long)
        .output()
        .unwrap();
    let whole = String::from_utf8(whole.stdout).unwrap();
    assert!(whole.lines().count() > 1000);
    assert_eq!(no_times(&read("parts/merged.popeye")), no_times(&whole));
    eprintln!(
        "slurm: {} problems in 4 shards and 3 first-move parts agree with one machine, {:.0} s",
        merged.len(),
        started.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&work);
}
