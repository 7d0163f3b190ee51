//! `circe solve --first-moves K/N`: one problem's first moves shared out
//! among machines, and `circe merge` putting the parts back together.
//!
//! A part solves the root moves of its share ([`RootPart`]: round-robin
//! over the first moves in Popeye's order) and records what it printed,
//! cut in segments, in the text and Popeye formats at once:
//!
//! - `common`: what does not hang on a first move (the header, a twin's
//!   label, a play's opening, set play, the end): every part prints it the
//!   same;
//! - `owned`: what one first move printed (a line of help or series play,
//!   the tree of a key or try), with its root move's index and the length
//!   of the line;
//! - `close`: the blank line that closes set play, which Popeye prints
//!   before the first line of the play proper, whoever's it is.
//!
//! The whole run prints, between two common segments, the owned segments
//! by length and then by first move (the search reports in the moves'
//! order, each length after the one before); merging sorts the parts'
//! owned segments so, keeping each root move's own order, and checks that
//! each part's are already so and that the parts agree on the common ones.
//! The footer's time is the parts' times added.

use crate::board::Position;
use crate::io::popeye_output::format_time;
use crate::moves::Move;
use crate::report::{Format, ProblemWriter, ReportOptions};
use crate::solve::{root_moves, Event, Played, ProblemSink, RootPart, Sink, SolveError};
use crate::twin::TwinInstance;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex};

/// What a segment holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Common,
    Close,
    Owned {
        /// Moves in the line (0 for a tree).
        len: usize,
        /// The first move's index in Popeye's order, from 0.
        root: usize,
    },
}

/// A piece of a part's output, in both formats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Segment {
    pub kind: Kind,
    pub text: String,
    pub popeye: String,
    /// Solutions it shows (lines, keys).
    pub solutions: usize,
}

type Capture = Box<dyn FnMut(&str) + Send>;

/// Writes a part: the text and Popeye writers fed the same events, their
/// output cut in segments.
pub struct PartWriter {
    text: ProblemWriter<Capture>,
    popeye: ProblemWriter<Capture>,
    text_out: Arc<Mutex<String>>,
    popeye_out: Arc<Mutex<String>>,
    segments: Vec<Segment>,
    rules: crate::rules::Rules,
    /// The root moves of the last root position seen.
    roots: Option<(Position, Vec<Move>)>,
}

fn capture() -> (Arc<Mutex<String>>, Capture) {
    let out = Arc::new(Mutex::new(String::new()));
    let sink = Arc::clone(&out);
    let write: Capture = Box::new(move |s: &str| {
        sink.lock().unwrap_or_else(|e| e.into_inner()).push_str(s)
    });
    (out, write)
}

fn take(out: &Arc<Mutex<String>>) -> String {
    std::mem::take(&mut *out.lock().unwrap_or_else(|e| e.into_inner()))
}

impl PartWriter {
    /// `opts.alphabet` chooses the letters of both formats (Popeye's has no
    /// Latvian: it keeps the problem's language then).
    pub fn new(opts: &ReportOptions, problem: &crate::problem::Problem) -> PartWriter {
        let (text_out, t) = capture();
        let (popeye_out, p) = capture();
        let text_opts = ReportOptions {
            format: Format::Text,
            ..*opts
        };
        let mut popeye_opts = ReportOptions {
            format: Format::Popeye,
            ..*opts
        };
        if popeye_opts.check().is_err() {
            popeye_opts.alphabet = None;
        }
        PartWriter {
            text: ProblemWriter::new(&text_opts, problem, t),
            popeye: ProblemWriter::new(&popeye_opts, problem, p),
            text_out,
            popeye_out,
            segments: Vec::new(),
            rules: problem.rules,
            roots: None,
        }
    }

    fn push(&mut self, kind: Kind, text: String, popeye: String, solutions: usize) {
        self.segments.push(Segment {
            kind,
            text,
            popeye,
            solutions,
        });
    }

    fn take_common(&mut self) {
        let (t, p) = (take(&self.text_out), take(&self.popeye_out));
        if !t.is_empty() || !p.is_empty() {
            self.push(Kind::Common, t, p, 0);
        }
    }

    /// The index of a root move among the first moves of its position.
    fn root_index(&mut self, played: &Played) -> Option<usize> {
        if self.roots.as_ref().map(|(p, _)| p) != Some(&played.before) {
            let moves = root_moves(&played.before, &self.rules);
            self.roots = Some((played.before, moves));
        }
        let (_, moves) = self.roots.as_ref()?;
        moves.iter().position(|m| *m == played.mv)
    }

    /// The footer, and the segments: what the part printed.
    pub fn finish(mut self, seconds: f64) -> (Vec<Segment>, Option<Footer>) {
        self.take_common();
        self.text.finish(seconds);
        self.popeye.finish(seconds);
        let _ = take(&self.text_out);
        let footer = take(&self.popeye_out);
        let time = format_time(seconds);
        let footer = footer.rfind(&time).map(|at| Footer {
            before: footer[..at].to_string(),
            after: footer[at + time.len()..].to_string(),
        });
        (self.segments, footer)
    }
}

/// Popeye's footer around its time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Footer {
    pub before: String,
    pub after: String,
}

impl Sink for PartWriter {
    fn event(&mut self, event: Event) {
        // What came before (a twin's label) is common.
        self.take_common();
        let owned = match &event {
            Event::Line {
                moves,
                set_play: false,
            } => moves
                .first()
                .and_then(|m| self.root_index(m))
                .map(|root| (moves.len(), root)),
            Event::Tree {
                node,
                set_play: false,
            } => self.root_index(&node.played).map(|root| (0, root)),
            _ => None,
        };
        let solutions = event.solutions();
        let end = matches!(event, Event::End);
        self.text.event(event.clone());
        self.popeye.event(event);
        let (mut t, mut p) = (take(&self.text_out), take(&self.popeye_out));
        match owned {
            Some((len, root)) => {
                // A move's text never starts with a blank line: that is set
                // play closing.
                let close = |s: &mut String| {
                    if s.starts_with('\n') {
                        s.remove(0);
                        "\n".to_string()
                    } else {
                        String::new()
                    }
                };
                let (ct, cp) = (close(&mut t), close(&mut p));
                if !ct.is_empty() || !cp.is_empty() {
                    self.push(Kind::Close, ct, cp, 0);
                }
                self.push(Kind::Owned { len, root }, t, p, solutions);
            }
            // At the end: set play closing when no line came after it.
            None if end => {
                if !t.is_empty() || !p.is_empty() {
                    self.push(Kind::Close, t, p, 0);
                }
                self.push(Kind::Common, String::new(), String::new(), 0);
            }
            None => self.push(Kind::Common, t, p, solutions),
        }
    }
}

impl ProblemSink for PartWriter {
    fn twin(&mut self, instance: &TwinInstance) {
        self.take_common();
        // The same diagram under other rules has other moves.
        self.rules = instance.problem.rules;
        self.roots = None;
        self.text.twin(instance);
        self.popeye.twin(instance);
        self.take_common();
    }

    fn twin_failed(&mut self, error: &SolveError) {
        self.take_common();
        self.text.twin_failed(error);
        self.popeye.twin_failed(error);
        self.take_common();
    }
}

/// One part as recorded, read back.
#[derive(Clone, Debug)]
pub struct Part {
    pub k: u32,
    pub n: u32,
    pub segments: Vec<Segment>,
    pub footer: Option<Footer>,
    pub seconds: f64,
}

/// The parts 1..N of one problem put back in Popeye's order: the text in
/// `format` (text or Popeye's) and the number of solutions.
pub fn combine(parts: &[Part], format: Format) -> Result<(String, usize), String> {
    let pick = |s: &Segment| -> String {
        match format {
            Format::Popeye => s.popeye.clone(),
            _ => s.text.clone(),
        }
    };
    // Each part cut at its common segments.
    struct Run<'a> {
        close: Option<&'a Segment>,
        owned: Vec<(usize, usize, &'a Segment)>,
    }
    let mut cut: Vec<(Vec<&Segment>, Vec<Run>)> = Vec::new();
    for part in parts {
        let mut commons = Vec::new();
        let mut runs = vec![Run {
            close: None,
            owned: Vec::new(),
        }];
        let root_part = RootPart {
            k: part.k,
            n: part.n,
        };
        for s in &part.segments {
            let run = runs.last_mut().expect("a run");
            match s.kind {
                Kind::Common => {
                    commons.push(s);
                    runs.push(Run {
                        close: None,
                        owned: Vec::new(),
                    });
                }
                Kind::Close => run.close = run.close.or(Some(s)),
                Kind::Owned { len, root } => {
                    if let Some(&(l, r, _)) = run.owned.last() {
                        if (len, root) < (l, r) {
                            return Err(format!(
                                "part {}/{}: first move {} of length {len} comes after first \
                                 move {r} of length {l}: this play does not merge",
                                part.k, part.n, root
                            ));
                        }
                    }
                    // A root move searched by every part (a reflex side's
                    // forced goal move) is kept from the part it falls in.
                    if root_part.owns(root) {
                        run.owned.push((len, root, s));
                    }
                }
            }
        }
        cut.push((commons, runs));
    }
    let (commons, _) = &cut[0];
    for (i, (other, _)) in cut.iter().enumerate().skip(1) {
        let same = other.len() == commons.len()
            && other.iter().zip(commons).all(|(a, b)| pick(a) == pick(b));
        if !same {
            return Err(format!(
                "parts 1/{n} and {}/{n} differ outside their first moves",
                i + 1,
                n = parts.len()
            ));
        }
    }
    let mut out = String::new();
    let mut solutions = 0;
    for run_index in 0..=commons.len() {
        let mut close = None;
        let mut owned = Vec::new();
        for (_, runs) in &cut {
            let run = &runs[run_index];
            close = close.or(run.close);
            owned.extend(run.owned.iter().copied());
        }
        // Stable: a root move's segments keep their order.
        owned.sort_by_key(|&(len, root, _)| (len, root));
        if let Some(c) = close {
            out.push_str(&pick(c));
        }
        for (_, _, s) in owned {
            out.push_str(&pick(s));
            solutions += s.solutions;
        }
        if let Some(c) = commons.get(run_index) {
            out.push_str(&pick(c));
            solutions += c.solutions;
        }
    }
    if format == Format::Popeye {
        if let Some(f) = &parts[0].footer {
            let seconds: f64 = parts.iter().map(|p| p.seconds).sum();
            out.push_str(&f.before);
            out.push_str(&format_time(seconds));
            out.push_str(&f.after);
        }
    }
    Ok((out, solutions))
}
