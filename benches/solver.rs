//! Criterion benchmarks: the move generator on the shipped example
//! positions under their own rules, solving a few shipped problems, and a
//! long helpmate.
//! `cargo bench`; `circe bench FILES` times whole problems.

use circe::io::load_problems;
use circe::movegen::legal_moves;
use circe::problem::Problem;
use circe::solve::solve_problem;
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use std::path::Path;

fn examples() -> Vec<Problem> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/examples");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
        .iter()
        .flat_map(|f| load_problems(f).unwrap())
        .collect()
}

fn movegen(c: &mut Criterion) {
    let problems = examples();
    let mut buf = Vec::with_capacity(256);
    c.bench_function("legal moves, every example position", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &problems {
                buf.clear();
                legal_moves(black_box(&p.position), &p.rules, &mut buf);
                n += buf.len();
            }
            n
        })
    });
}

fn solving(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    for p in examples() {
        let name = p
            .source
            .file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !name.contains("helpmate") && !name.contains("2mover") {
            continue;
        }
        group.bench_function(name, |b| b.iter(|| solve_problem(black_box(&p))));
    }
    group.finish();
}

/// A long helpmate: h#6 under Circe with 1,436 solutions, the kind of
/// problem whose search time once grew thirty-fold from h#5 to h#6 (issue
/// 14). Solved on one thread, then on every thread.
fn long_helpmate(c: &mut Criterion) {
    let text = "beginproblem\nstipulation h#6\ncondition circe\n\
                pieces white ke1 pf2 black kh7 pc7 pg7\nendproblem\n";
    let p = circe::io::popeye_input::parse_popeye(text, Path::new("long-helpmate.inp"))
        .unwrap()
        .remove(0);
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let mut group = c.benchmark_group("long helpmate");
    group.sample_size(10);
    group.bench_function("h#6 circe, 1 thread", |b| {
        b.iter(|| one.install(|| solve_problem(black_box(&p))))
    });
    group.bench_function("h#6 circe, all threads", |b| {
        b.iter(|| solve_problem(black_box(&p)))
    });
    group.finish();
}

criterion_group!(benches, movegen, solving, long_helpmate);
criterion_main!(benches);
