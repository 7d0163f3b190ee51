//! Fuzzing on stable Rust: every reader (TOML, Popeye input, FEN,
//! stipulation, condition phrases) and the solver get inputs made by
//! mutating real problems (`problems/` and the shared corpus beside the
//! repository) and inputs generated from their grammars. A panic anywhere,
//! or an input that does not return, is a crash: its input is printed and
//! written to `target/fuzz-crashes/`, and it becomes a test in
//! `tests/regression.rs`.
//!
//! `cargo test` runs a short, deterministic pass. The long run is one
//! command away:
//!
//! ```sh
//! CIRCE_FUZZ_INPUTS=1000000 cargo test --test fuzz -- --nocapture
//! ```
//!
//! (the test profile is optimised and keeps overflow checks, which a
//! fuzzer should trip over).
//!
//! `CIRCE_FUZZ_INPUTS` is the number of inputs per reader (the solver gets
//! one in a hundred of them), `CIRCE_FUZZ_SEED` another seed, and a test
//! name filter (`fuzz_fen`) runs one target.

mod common;

use circe::io::fen::{parse_fen, to_fen};
use circe::io::popeye_input::parse_popeye;
use circe::io::toml_input::parse_toml;
use circe::output::toml_problem::problem_to_toml;
use circe::output::{render_problem, Format, ReportOptions};
use circe::problem::{Language, Problem};
use circe::solve::{solve_problem_with, Cancel};
use circe::stipulation::Stipulation;
use circe::vocabulary::conditions::{Word, Words};
use circe::vocabulary::{
    condition_lines, parse_conditions, Strictness, CIRCE_OPTION_WORDS, CONDITION_NAMES,
};
use common::{count_from_env, Rng};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Once};
use std::time::{Duration, Instant};

fn seed() -> u64 {
    std::env::var("CIRCE_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x0000_c1ce_5eed)
}

/// Inputs per reader: a short run unless the environment asks for more.
fn inputs(short: usize) -> usize {
    count_from_env("CIRCE_FUZZ_INPUTS", short)
}

// ---- the seeds: real problems ----

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn files_under(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_under(&p, ext, out);
        } else if p.extension().is_some_and(|e| e == ext) {
            out.push(p);
        }
    }
}

/// Up to `max` files of a kind, spread over the corpus and `problems/`.
fn seed_files(ext: &str, max: usize) -> Vec<Vec<u8>> {
    let mut paths = Vec::new();
    files_under(&repo().join("problems"), ext, &mut paths);
    files_under(&repo().join("tests/bad_input"), ext, &mut paths);
    files_under(&repo().join("../shared/corpus"), ext, &mut paths);
    let step = paths.len().div_ceil(max.max(1)).max(1);
    paths
        .iter()
        .step_by(step)
        .filter_map(|p| std::fs::read(p).ok())
        .collect()
}

// ---- mutation ----

/// Words the readers know, and values at the edges.
const DICTIONARY: &[&str] = &[
    "beginproblem",
    "endproblem",
    "nextproblem",
    "anfangproblem",
    "endeproblem",
    "debutprobleme",
    "finprobleme",
    "pieces",
    "steine",
    "pieces",
    "white",
    "black",
    "neutral",
    "weiss",
    "schwarz",
    "blanc",
    "noir",
    "kamikaze",
    "stipulation",
    "sstipulation",
    "condition",
    "bedingung",
    "option",
    "twin",
    "zwilling",
    "jumeau",
    "zeroposition",
    "forsyth",
    "move",
    "exchange",
    "add",
    "remove",
    "rotate",
    "mirror",
    "shift",
    "polish",
    "substitute",
    "a1<-->h8",
    "==>",
    "-->",
    "<-->",
    "circe",
    "anticirce",
    "cheylan",
    "calvet",
    "rexinclusive",
    "rexexclusive",
    "mirror",
    "couscous",
    "parrain",
    "kamikaze",
    "h#",
    "ser-",
    "exact-",
    "hs#",
    "s#",
    "r#",
    "#",
    "=",
    "==",
    "##",
    "~",
    "%",
    "x",
    "+",
    "ct",
    "<>",
    "ctr",
    "<>r",
    "00",
    "ep",
    "->",
    ".5",
    "z",
    "a1",
    "h8",
    "e4",
    "i9",
    "a0",
    "ke1",
    "ke8",
    "qd1",
    "pa7",
    "sb1",
    "ba1",
    "ra1",
    "gh1",
    "nrb1",
    "0",
    "1",
    "2",
    "9",
    "99",
    "255",
    "256",
    "65535",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "99999999999999999999999",
    "-1",
    "\n",
    " ",
    "\t",
    "\r\n",
    "\"",
    "'",
    "'''",
    "[",
    "]",
    "{",
    "}",
    "=",
    "[[twin]]",
    "[expected]",
    "fen = ",
    "stipulation = ",
    "condition = ",
    "options = ",
    "kamikaze = ",
    "neutral = ",
    "language = ",
    "defence",
    "threat",
    "setplay",
    "try",
    "variation",
    "nowk",
    "nobk",
    "maxsolutions",
    "movenumbers",
    "start",
    "nontrivial",
    "maxflightsquares",
    "halfduplex",
    "duplex",
    "whitebegins",
    "postkeyplay",
    "quodlibet",
    "enpassant",
    "nocastling",
    "ü",
    "é",
    "\u{feff}",
    "\u{0}",
    "\u{7f}",
    "ß",
    "€",
    "\u{10ffff}",
];

const EDGE_NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "7",
    "9",
    "10",
    "63",
    "64",
    "99",
    "255",
    "256",
    "499",
    "500",
    "998",
    "999",
    "1000",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "-1",
    "1e9",
    "0.5",
];

/// One or two stacked mutations of `input` (at times up to eight);
/// `others` are spliced in.
fn mutate(rng: &mut Rng, input: &[u8], others: &[Vec<u8>]) -> Vec<u8> {
    let mut out = input.to_vec();
    let n = if rng.chance(4) {
        1 + rng.below(8)
    } else {
        1 + rng.below(2)
    };
    for _ in 0..n {
        let len = out.len();
        let at = rng.below(len + 1);
        match rng.below(11) {
            0 if len > 0 => {
                let i = rng.below(len);
                out[i] ^= 1 << rng.below(8);
            }
            1 => out.insert(at, rng.next() as u8),
            2 if len > 0 => {
                let start = at.min(len - 1);
                let n = 1 + rng.below(16);
                out.drain(start..(start + n).min(len));
            }
            3 if len > 0 => {
                let start = at.min(len - 1);
                let n = 1 + rng.below(64);
                let chunk: Vec<u8> = out[start..(start + n).min(len)].to_vec();
                let to = rng.below(out.len() + 1);
                out.splice(to..to, chunk);
            }
            4 | 5 => {
                let word = rng.pick(DICTIONARY).as_bytes();
                out.splice(at..at, word.iter().copied());
            }
            6 => {
                // A number replaced by one at the edges.
                let digits: Vec<usize> = (0..len).filter(|&i| out[i].is_ascii_digit()).collect();
                if let Some(&i) = digits.get(rng.below(digits.len())) {
                    let mut j = i;
                    while j < out.len() && out[j].is_ascii_digit() {
                        j += 1;
                    }
                    let mut s = i;
                    while s > 0 && out[s - 1].is_ascii_digit() {
                        s -= 1;
                    }
                    out.splice(s..j, rng.pick(EDGE_NUMBERS).bytes());
                }
            }
            7 if !others.is_empty() => {
                // Splice: a piece of another seed.
                let other = rng.pick(others);
                if !other.is_empty() {
                    let s = rng.below(other.len());
                    let n = 1 + rng.below(200);
                    let piece = &other[s..(s + n).min(other.len())];
                    let end = (at + rng.below(200)).min(out.len());
                    out.splice(at.min(end)..end, piece.iter().copied());
                }
            }
            8 => out.truncate(at),
            9 if len > 0 => {
                // A whole line repeated, or dropped.
                let lines: Vec<usize> = std::iter::once(0)
                    .chain((0..len).filter(|&i| out[i] == b'\n').map(|i| i + 1))
                    .filter(|&i| i < len)
                    .collect();
                let s = *rng.pick(&lines);
                let e = out[s..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(len, |p| s + p + 1);
                if rng.chance(2) {
                    let line = out[s..e].to_vec();
                    out.splice(s..s, line);
                } else {
                    out.drain(s..e);
                }
            }
            _ => {
                // A letter's case changed, or a blank put in a word.
                if len > 0 {
                    let i = rng.below(len);
                    if out[i].is_ascii_alphabetic() {
                        out[i] ^= 0x20;
                    } else {
                        out.insert(i, b' ');
                    }
                }
            }
        }
        if out.len() > 1 << 16 {
            out.truncate(1 << 16);
        }
    }
    out
}

// ---- crash capture ----

thread_local! {
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// A panic hook that keeps the message (and its place) for the fuzzer
/// instead of printing it for each of a million inputs.
fn quiet_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let fuzzing = LAST_PANIC.with(|p| p.borrow().is_some());
            if fuzzing {
                let place = info
                    .location()
                    .map(|l| format!("{}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                let msg = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{place}: {msg}")));
            } else {
                default(info);
            }
        }));
    });
}

/// The input being tried and since when, for the watchdog.
type Current = Arc<Mutex<Option<(Instant, Vec<u8>)>>>;

/// Ends the process, showing the input, when one input takes longer than
/// `limit`: a hang cannot be caught like a panic.
fn watchdog(
    target: &'static str,
    limit: Duration,
) -> (Current, Arc<std::sync::atomic::AtomicBool>) {
    let current: Current = Arc::new(Mutex::new(None));
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (c, d) = (Arc::clone(&current), Arc::clone(&done));
    std::thread::spawn(move || {
        while !d.load(std::sync::atomic::Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(100));
            let slot = c.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((since, input)) = slot.as_ref() {
                if since.elapsed() > limit {
                    let path = save_crash(target, "hang", input);
                    eprintln!(
                        "fuzz {target}: an input took more than {limit:?}: {}\n{}",
                        path.display(),
                        String::from_utf8_lossy(input)
                    );
                    std::process::exit(3);
                }
            }
        }
    });
    (current, done)
}

fn save_crash(target: &str, kind: &str, input: &[u8]) -> PathBuf {
    let dir = repo().join("target/fuzz-crashes");
    let _ = std::fs::create_dir_all(&dir);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in input {
        h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
    let path = dir.join(format!("{target}-{kind}-{h:016x}.txt"));
    let _ = std::fs::write(&path, input);
    path
}

/// Runs `check` on `n` inputs, each made by `make`; fails the test with
/// every distinct panic found (one input each, saved). `check` says
/// whether the reader accepted the input, for the figures.
fn fuzz(
    target: &'static str,
    n: usize,
    limit: Duration,
    mut make: impl FnMut(&mut Rng) -> Vec<u8>,
    check: impl Fn(&[u8]) -> bool,
) {
    quiet_panics();
    let mut rng = Rng(seed() ^ fxhash(target));
    let (current, done) = watchdog(target, limit);
    let mut crashes: Vec<(String, Vec<u8>)> = Vec::new();
    let started = Instant::now();
    let mut accepted = 0usize;
    for _ in 0..n {
        let input = make(&mut rng);
        *current.lock().unwrap() = Some((Instant::now(), input.clone()));
        LAST_PANIC.with(|p| *p.borrow_mut() = Some(String::new()));
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&input)));
        let message = LAST_PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_default();
        match result {
            Ok(true) => accepted += 1,
            Ok(false) => {}
            Err(_) if !crashes.iter().any(|(m, _)| *m == message) => crashes.push((message, input)),
            Err(_) => {}
        }
    }
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    *current.lock().unwrap() = None;
    eprintln!(
        "fuzz {target}: {n} inputs ({accepted} accepted) in {:.1} s, {} distinct panics",
        started.elapsed().as_secs_f64(),
        crashes.len()
    );
    let report: Vec<String> = crashes
        .iter()
        .map(|(m, input)| {
            let path = save_crash(target, "panic", input);
            format!(
                "{m}\n  input: {} {:?}",
                path.display(),
                String::from_utf8_lossy(input)
            )
        })
        .collect();
    assert!(report.is_empty(), "fuzz {target}:\n{}", report.join("\n"));
}

fn fxhash(s: &str) -> u64 {
    s.bytes().fold(0u64, |h, b| {
        (h.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x517c_c1b7_2722_0a95)
    })
}

/// The text a reader sees of `bytes`, as `circe` decodes a file.
fn text(bytes: &[u8]) -> String {
    circe::io::decode_text(bytes.to_vec())
}

const PARSE_LIMIT: Duration = Duration::from_secs(10);

// ---- the readers ----

/// A mutated seed most of the time, else a generated input.
fn mutated_or(rng: &mut Rng, seeds: &[Vec<u8>], generate: &dyn Fn(&mut Rng) -> String) -> Vec<u8> {
    if seeds.is_empty() || rng.chance(4) {
        let g = generate(rng).into_bytes();
        if rng.chance(2) {
            g
        } else {
            mutate(rng, &g, seeds)
        }
    } else {
        let s = rng.pick(seeds).clone();
        mutate(rng, &s, seeds)
    }
}

/// The seeds a reader accepts (mutations of them reach deeper than
/// mutations of what it refuses at once), and a few it refuses.
fn accepted(seeds: Vec<Vec<u8>>, reads: impl Fn(&str) -> bool) -> Vec<Vec<u8>> {
    let (good, bad): (Vec<_>, Vec<_>) = seeds.into_iter().partition(|s| reads(&text(s)));
    let mut out = good;
    out.extend(bad.into_iter().step_by(10));
    out
}

fn popeye_seeds(max: usize) -> Vec<Vec<u8>> {
    accepted(seed_files("inp", max), |t| {
        parse_popeye(t, Path::new("seed.inp")).is_ok()
    })
}

fn toml_seeds(max: usize) -> Vec<Vec<u8>> {
    accepted(seed_files("toml", max), |t| {
        parse_toml(t, Path::new("seed.toml")).is_ok()
    })
}

#[test]
fn fuzz_popeye_input() {
    let seeds = popeye_seeds(400);
    fuzz(
        "popeye",
        inputs(4000),
        PARSE_LIMIT,
        |rng| mutated_or(rng, &seeds, &gen_popeye),
        |input| {
            let Ok(problems) = parse_popeye(&text(input), Path::new("fuzz.inp")) else {
                return false;
            };
            for p in &problems {
                // The converter reads everything a reader accepts.
                if let Ok(t) = problem_to_toml(p, None) {
                    let _ = parse_toml(&t, Path::new("fuzz.toml"));
                }
            }
            true
        },
    );
}

#[test]
fn fuzz_toml_input() {
    let seeds = toml_seeds(300);
    fuzz(
        "toml",
        inputs(4000),
        PARSE_LIMIT,
        |rng| mutated_or(rng, &seeds, &gen_toml),
        |input| {
            let Ok(p) = parse_toml(&text(input), Path::new("fuzz.toml")) else {
                return false;
            };
            if let Ok(t) = problem_to_toml(&p, None) {
                let _ = parse_toml(&t, Path::new("fuzz.toml"));
            }
            true
        },
    );
}

#[test]
fn fuzz_fen() {
    let seeds: Vec<Vec<u8>> = seed_files("toml", 300)
        .iter()
        .filter_map(|t| {
            let t = String::from_utf8_lossy(t);
            let line = t.lines().find(|l| l.starts_with("fen"))?;
            Some(line.split('"').nth(1)?.as_bytes().to_vec())
        })
        .collect();
    fuzz(
        "fen",
        inputs(20000),
        PARSE_LIMIT,
        |rng| mutated_or(rng, &seeds, &gen_fen),
        |input| {
            let Ok(p) = parse_fen(&text(input)) else {
                return false;
            };
            // What is written reads back as itself.
            let written = to_fen(&p);
            let again = parse_fen(&written).expect("a written FEN reads back");
            assert_eq!(to_fen(&again), written, "FEN round trip");
            true
        },
    );
}

#[test]
fn fuzz_stipulation() {
    let seeds: Vec<Vec<u8>> = [
        "#2",
        "h#2.5",
        "ser-h#5",
        "s#3",
        "r#2",
        "hs#2.5",
        "ser-hs#4",
        "3->ser-h#4",
        "exact-h=3",
        "hze42",
        "h<>r2",
        "##2",
        "~1",
        "h#=2",
        "sstipulation white 3a[#]d",
        "ser-r#3",
        "h00 2",
        "hep1",
        "ser-=3",
        "s==2",
        "%1",
        "hct2",
        "x1",
        "+1",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    fuzz(
        "stipulation",
        inputs(20000),
        PARSE_LIMIT,
        |rng| mutated_or(rng, &seeds, &gen_stipulation),
        |input| Stipulation::parse(&text(input)).is_ok(),
    );
}

/// The words of a phrase, for the condition grammar.
struct Phrase(Vec<Word>, usize);

impl Words for Phrase {
    fn peek(&mut self) -> Option<Word> {
        self.0.get(self.1).cloned()
    }
    fn advance(&mut self) {
        self.1 += 1;
    }
}

#[test]
fn fuzz_condition_phrases() {
    let seeds: Vec<Vec<u8>> = [
        "circe",
        "anticirce cheylan",
        "circe rexinclusive",
        "circe mirror",
        "circe parrain",
        "marscirce",
        "madrasi",
        "circe couscous",
        "anticirce calvet",
        "circe antipodes",
        "circe pwc",
        "supercirce",
        "circe assassin",
        "circe chameleon",
        "alsatiancirce",
        "circe kamikaze",
        "circe equipollents",
        "circe diagramm",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    fuzz(
        "conditions",
        inputs(20000),
        PARSE_LIMIT,
        |rng| mutated_or(rng, &seeds, &gen_conditions),
        |input| {
            let words: Vec<Word> = text(input)
                .split_whitespace()
                .enumerate()
                .map(|(i, w)| Word {
                    text: w.to_string(),
                    line: 1 + i / 3,
                })
                .collect();
            let mut any = false;
            for lang in [Language::English, Language::German, Language::French] {
                for strictness in [Strictness::Popeye, Strictness::Strict] {
                    let mut phrase = Phrase(words.clone(), 0);
                    if let Ok(parsed) = parse_conditions(&mut phrase, lang, strictness, &|_| false)
                    {
                        // And the writer writes what was read.
                        let _ = condition_lines(lang, &parsed.rules);
                        any = true;
                    }
                }
            }
            any
        },
    );
}

// ---- the solver ----

/// How long the solver may search one fuzzed problem.
const SOLVE_LIMIT: Duration = Duration::from_millis(40);

/// Solves with the time limit, and renders in every format.
fn solve_briefly(problem: &Problem) {
    let cancel = Cancel::default();
    let stop = cancel.clone();
    let timer = std::thread::spawn(move || {
        let until = Instant::now() + SOLVE_LIMIT;
        while Instant::now() < until && !stop.is_cancelled() {
            std::thread::sleep(Duration::from_millis(2));
        }
        stop.cancel();
    });
    let twins = solve_problem_with(problem, &cancel);
    cancel.cancel();
    let _ = timer.join();
    for format in [Format::Text, Format::Popeye, Format::Json] {
        let opts = ReportOptions {
            format,
            alphabet: None,
        };
        let _ = render_problem(&opts, problem, &twins, 0.0);
    }
}

#[test]
fn fuzz_solver() {
    let mut seeds = popeye_seeds(300);
    let tomls = toml_seeds(100);
    let n_toml = tomls.len();
    seeds.extend(tomls);
    let first_toml = seeds.len() - n_toml;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    // The search is cancelled after SOLVE_LIMIT; a search that does not
    // stop within seconds after is a hang.
    fuzz(
        "solver",
        inputs(20000) / 100,
        Duration::from_secs(20),
        |rng| {
            // A generated problem now and then: options, twins and
            // conditions the seeds seldom combine.
            if rng.chance(3) {
                let mut input = gen_popeye(rng).into_bytes();
                input.insert(0, b'P');
                return input;
            }
            let i = rng.below(seeds.len());
            let mut input = if rng.chance(3) {
                seeds[i].clone()
            } else {
                mutate(rng, &seeds[i], &seeds)
            };
            // The format travels with the input: a leading marker.
            input.insert(0, if i >= first_toml { b'T' } else { b'P' });
            input
        },
        |input| {
            let (kind, body) = input.split_first().unwrap();
            let text = text(body);
            let problems = if *kind == b'T' {
                parse_toml(&text, Path::new("fuzz.toml")).map(|p| vec![p])
            } else {
                parse_popeye(&text, Path::new("fuzz.inp"))
            };
            let Ok(problems) = problems else {
                return false;
            };
            for p in problems.iter().take(3) {
                pool.install(|| solve_briefly(p));
            }
            true
        },
    );
}

// ---- generators: inputs from the grammars ----

fn gen_square(rng: &mut Rng) -> String {
    if rng.chance(20) {
        return rng.pick(&["i1", "a9", "a0", "z", "", "e"]).to_string();
    }
    format!(
        "{}{}",
        (b'a' + rng.below(8) as u8) as char,
        1 + rng.below(8)
    )
}

fn gen_stipulation(rng: &mut Rng) -> String {
    if rng.chance(10) {
        return format!(
            "sstipulation {} {}{}a[{}]d",
            rng.pick(&["white", "black", ""]),
            if rng.chance(3) {
                format!("{}:", rng.below(9))
            } else {
                String::new()
            },
            rng.pick(EDGE_NUMBERS),
            rng.pick(&["#", "=", "+", "", ">1a[#]d]d{!1a[#]d}"]),
        );
    }
    let mut s = String::new();
    if rng.chance(5) {
        s += &format!("{}->", rng.pick(EDGE_NUMBERS));
    }
    if rng.chance(5) {
        s += "exact-";
    }
    if rng.chance(3) {
        s += "ser-";
    }
    s += *rng.pick(&["", "h", "s", "r", "hs", "p", "pser-"]);
    s += *rng.pick(&[
        "#", "=", "==", "##", "#=", "+", "x", "%", "~", "00", "ep", "ct", "<>", "ctr", "<>r", "z",
        "!", "dia", "a=>b",
    ]);
    if s.ends_with('z') {
        s += &gen_square(rng);
    }
    s += if rng.chance(4) {
        *rng.pick(EDGE_NUMBERS)
    } else {
        *rng.pick(&["1", "2", "3", "4", "5"])
    };
    if rng.chance(4) {
        s += ".5";
    }
    s
}

fn gen_conditions(rng: &mut Rng) -> String {
    let mut words = Vec::new();
    for _ in 0..1 + rng.below(5) {
        let w = match rng.below(5) {
            0 | 1 => rng.pick(&CONDITION_NAMES).names[rng.below(3)].to_string(),
            2 => rng.pick(&CIRCE_OPTION_WORDS)[rng.below(3)].to_string(),
            3 => gen_square(rng),
            _ => rng.pick(DICTIONARY).to_string(),
        };
        // Popeye takes abbreviations: a prefix of a word.
        let w = if rng.chance(4) && w.len() > 2 {
            w.chars().take(1 + rng.below(w.chars().count())).collect()
        } else {
            w
        };
        words.push(w);
    }
    words.join(" ")
}

fn gen_fen(rng: &mut Rng) -> String {
    let mut ranks = Vec::new();
    for _ in 0..if rng.chance(10) { rng.below(10) } else { 8 } {
        let mut r = String::new();
        for _ in 0..rng.below(10) {
            r.push(*rng.pick(&[
                'K', 'Q', 'R', 'B', 'N', 'S', 'P', 'k', 'q', 'r', 'b', 'n', 's', 'p', '1', '2',
                '3', '4', '5', '6', '7', '8', '9', '0', 'x', '~',
            ]));
        }
        ranks.push(r);
    }
    let mut s = ranks.join("/");
    if rng.chance(2) {
        s += &format!(" {}", rng.pick(&["w", "b", "x", ""]));
        if rng.chance(2) {
            s += &format!(" {}", rng.pick(&["KQkq", "-", "K", "q", "KQkqKQ", "x"]));
            if rng.chance(2) {
                s += &format!(
                    " {}",
                    if rng.chance(2) {
                        "-".to_string()
                    } else {
                        gen_square(rng)
                    }
                );
                if rng.chance(2) {
                    s += &format!(" {} {}", rng.pick(EDGE_NUMBERS), rng.pick(EDGE_NUMBERS));
                }
            }
        }
    }
    s
}

fn gen_pieces(rng: &mut Rng) -> String {
    let mut s = String::new();
    for colour in ["white", "black", "neutral"] {
        if colour == "neutral" && !rng.chance(4) {
            continue;
        }
        s += colour;
        if rng.chance(6) {
            s += " kamikaze";
        }
        for _ in 0..1 + rng.below(5) {
            s += &format!(
                " {}{}",
                rng.pick(&["k", "q", "r", "b", "s", "n", "p", "g", "nr", "z", "d", "t", "l"]),
                gen_square(rng)
            );
        }
        s += " ";
    }
    s
}

fn gen_popeye(rng: &mut Rng) -> String {
    let mut lines = vec!["beginproblem".to_string()];
    let mut body = vec![
        format!("stipulation {}", gen_stipulation(rng)),
        format!("pieces {}", gen_pieces(rng)),
    ];
    if rng.chance(2) {
        body.push(format!("condition {}", gen_conditions(rng)));
    }
    if rng.chance(3) {
        body.push(format!(
            "option {}",
            rng.pick(&[
                "variation",
                "try",
                "defence 1",
                "threat 2",
                "setplay",
                "nothreat",
                "maxsolutions 3",
                "movenumbers",
                "start 2",
                "nowk",
                "nobk",
                "halfduplex",
                "duplex",
                "whitebegins",
                "postkeyplay",
                "quodlibet",
                "enpassant e2 e3 e4",
                "nocastling a1",
                "nontrivial 1 1",
                "maxflightsquares 2",
            ])
        ));
    }
    if rng.chance(3) {
        body.push(format!(
            "twin {}",
            rng.pick(&[
                "move a1 a2",
                "exchange e1 e8",
                "add white qd4",
                "remove a1",
                "rotate 90",
                "mirror a1<-->h1",
                "shift a1 b2",
                "polish",
                "substitute q r",
                "stipulation h#3",
                "condition anticirce",
            ])
        ));
    }
    while !body.is_empty() {
        let i = rng.below(body.len());
        lines.push(body.remove(i));
    }
    lines.push(rng.pick(&["endproblem", "nextproblem", ""]).to_string());
    lines.join("\n")
}

fn gen_toml(rng: &mut Rng) -> String {
    let mut s = format!(
        "fen = \"{}\"\nstipulation = \"{}\"\n",
        gen_fen(rng),
        gen_stipulation(rng)
    );
    if rng.chance(2) {
        s += &format!("condition = \"{}\"\n", gen_conditions(rng));
    }
    if rng.chance(4) {
        s += &format!("kamikaze = [\"{}\"]\n", gen_square(rng));
    }
    if rng.chance(4) {
        s += &format!("neutral = [\"{}\"]\n", gen_square(rng));
    }
    if rng.chance(3) {
        s += &format!(
            "options = [\"{}\"]\n",
            rng.pick(&[
                "setplay",
                "defence 2",
                "maxsolutions 0",
                "nowk",
                "start 99999999999"
            ])
        );
    }
    if rng.chance(3) {
        s += &format!(
            "\n[[twin]]\n{} = \"{}\"\n",
            rng.pick(&[
                "move",
                "exchange",
                "add",
                "remove",
                "rotate",
                "stipulation",
                "fen"
            ]),
            gen_square(rng)
        );
    }
    s
}

/// The harness itself: a panic is caught, reported and fails the run.
#[test]
#[should_panic(expected = "fuzz selftest:")]
fn the_harness_reports_a_panic() {
    fuzz(
        "selftest",
        50,
        PARSE_LIMIT,
        |rng| vec![rng.below(4) as u8],
        |input| {
            assert!(input[0] != 3, "three");
            true
        },
    );
}
