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
use crate::moves::Move;
use crate::output::json::JsonWriter;
use crate::output::popeye::format_time;
use crate::output::{Format, ProblemWriter, ReportOptions};
use crate::solve::{root_moves, Event, Played, ProblemSink, RootPart, Sink, SolveError};
use crate::twin::TwinInstance;
use serde::{Deserialize, Serialize};
use serde_json::Value;
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

/// A piece of a part's output, in the three formats.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Segment {
    pub kind: Kind,
    pub text: String,
    pub popeye: String,
    /// Solutions it shows (lines, keys).
    pub solutions: usize,
    /// Its moves in JSON, when it has some: the objects of a `solution`
    /// list (docs/json.md), for a line or a tree alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub json: Option<Fragment>,
    /// Where a twin or a play begins (the JSON's `twins` and `solution` /
    /// `duplex` lists).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<At>,
}

/// A segment's moves in JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fragment {
    /// A line of help or series play (merged with the line before where
    /// they start alike), not a tree.
    pub line: bool,
    pub set_play: bool,
    pub moves: Vec<Value>,
}

/// The beginnings a segment marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum At {
    Twin,
    Play,
}

type Capture = Box<dyn FnMut(&str) + Send>;

/// Writes a part: the text and Popeye writers fed the same events, their
/// output cut in segments.
pub struct PartWriter {
    text: ProblemWriter<Capture>,
    popeye: ProblemWriter<Capture>,
    json: JsonWriter<Capture>,
    text_out: Arc<Mutex<String>>,
    popeye_out: Arc<Mutex<String>>,
    json_out: Arc<Mutex<String>>,
    segments: Vec<Segment>,
    rules: crate::rules::Rules,
    /// The root moves of the last root position seen.
    roots: Option<(Position, Vec<Move>)>,
    /// For the JSON of one segment: the options, the problem, its twin
    /// being solved and the beginning of its play.
    opts: ReportOptions,
    problem: crate::problem::Problem,
    instance: Option<TwinInstance>,
    begin: Option<Event>,
}

fn capture() -> (Arc<Mutex<String>>, Capture) {
    let out = Arc::new(Mutex::new(String::new()));
    let sink = Arc::clone(&out);
    let write: Capture =
        Box::new(move |s: &str| sink.lock().unwrap_or_else(|e| e.into_inner()).push_str(s));
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
        let (json_out, j) = capture();
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
        let json_opts = ReportOptions {
            format: Format::Json,
            ..*opts
        };
        PartWriter {
            text: ProblemWriter::new(&text_opts, problem, t),
            popeye: ProblemWriter::new(&popeye_opts, problem, p),
            json: JsonWriter::new(&json_opts, problem, j),
            text_out,
            popeye_out,
            json_out,
            segments: Vec::new(),
            rules: problem.rules,
            roots: None,
            opts: json_opts,
            problem: problem.clone(),
            instance: None,
            begin: None,
        }
    }

    fn push(&mut self, kind: Kind, text: String, popeye: String, solutions: usize) {
        self.segments.push(Segment {
            kind,
            text,
            popeye,
            solutions,
            json: None,
            at: None,
        });
    }

    /// The JSON of the moves of `event` alone, as a `solution` list holds
    /// them: written by a JSON writer of its own, given the twin and the
    /// play's beginning.
    fn fragment(&self, event: &Event) -> Option<Fragment> {
        let (line, set_play) = match event {
            Event::Line { set_play, .. } => (true, *set_play),
            Event::Tree { set_play, .. } => (false, *set_play),
            _ => return None,
        };
        let (instance, begin) = (self.instance.as_ref()?, self.begin.clone()?);
        let mut text = String::new();
        {
            let mut w = JsonWriter::new(&self.opts, &self.problem, |t: &str| text.push_str(t));
            w.twin(instance);
            w.event(begin);
            w.event(event.clone());
            w.finish(0.0, "");
        }
        let value = crate::batch::merge::parse_record(&text).ok()?;
        let moves = value["twins"][0]["solution"].as_array()?.clone();
        Some(Fragment {
            line,
            set_play,
            moves,
        })
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

    /// The part's JSON record: the object a whole run writes of what this
    /// part found (its `twins`), with the keys `fields` (`"key":value`
    /// pairs), Popeye's `footer` and the `segments`.
    pub fn finish(mut self, seconds: f64, fields: &str) -> String {
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
        let extra = format!(
            "{fields},\"footer\":{},\"segments\":{}",
            serde_json::json!(footer),
            serde_json::json!(self.segments)
        );
        self.json.finish(seconds, &extra);
        take(&self.json_out)
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
        let begin = matches!(event, Event::Begin { .. });
        if begin {
            self.begin = Some(event.clone());
        }
        let fragment = self.fragment(&event);
        self.text.event(event.clone());
        self.json.event(event.clone());
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
                self.segments.last_mut().expect("pushed").json = fragment;
            }
            // At the end: set play closing when no line came after it.
            None if end => {
                if !t.is_empty() || !p.is_empty() {
                    self.push(Kind::Close, t, p, 0);
                }
                self.push(Kind::Common, String::new(), String::new(), 0);
            }
            None => {
                self.push(Kind::Common, t, p, solutions);
                let last = self.segments.last_mut().expect("pushed");
                last.json = fragment;
                last.at = begin.then_some(At::Play);
            }
        }
    }
}

impl ProblemSink for PartWriter {
    fn twin(&mut self, instance: &TwinInstance) {
        self.take_common();
        // The same diagram under other rules has other moves.
        self.rules = instance.problem.rules;
        self.roots = None;
        self.instance = Some(instance.clone());
        self.begin = None;
        self.text.twin(instance);
        self.popeye.twin(instance);
        self.json.twin(instance);
        let (t, p) = (take(&self.text_out), take(&self.popeye_out));
        self.push(Kind::Common, t, p, 0);
        self.segments.last_mut().expect("pushed").at = Some(At::Twin);
    }

    fn twin_failed(&mut self, error: &SolveError) {
        self.take_common();
        self.text.twin_failed(error);
        self.popeye.twin_failed(error);
        self.json.twin_failed(error);
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
    /// The record read.
    pub record: Value,
}

/// The parts 1..N of one problem put back in Popeye's order: the text in
/// `format` (text or Popeye's) and the number of solutions.
pub fn combine(parts: &[Part], format: Format) -> Result<(String, usize), String> {
    let mut out = String::new();
    let mut solutions = 0;
    for s in ordered(parts, format)? {
        out.push_str(match format {
            Format::Popeye => &s.popeye,
            _ => &s.text,
        });
        solutions += s.solutions;
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

/// The parts' segments in the whole run's order; the common ones compared
/// in `format`.
fn ordered(parts: &[Part], format: Format) -> Result<Vec<&Segment>, String> {
    let pick = |s: &Segment| -> String {
        match format {
            Format::Popeye => s.popeye.clone(),
            Format::Text => s.text.clone(),
            Format::Json => serde_json::json!(s.json).to_string(),
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
    let mut out = Vec::new();
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
        out.extend(close);
        out.extend(owned.into_iter().map(|(_, _, s)| s));
        out.extend(commons.get(run_index).copied());
    }
    Ok(out)
}

/// The parts 1..N of one problem as the JSON record of a whole run: the
/// record of part 1 (`base`) with every twin's `solution` and `duplex`
/// lists made of all parts' moves, in Popeye's order, lines merged where
/// they start alike as a whole run merges them; `solutions`, `status`,
/// `seconds` and `nodes` of all parts.
pub fn combine_json(parts: &[Part], base: &Value) -> Result<Value, String> {
    let kept = ordered(parts, Format::Json)?;
    let mut v = base.clone();
    let obj = v.as_object_mut().ok_or("part 1's record is no object")?;
    for key in ["segments", "footer", "first_moves"] {
        obj.remove(key);
    }
    let ntwins = obj
        .get("twins")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    // Per twin, per play: its list of moves.
    let mut lists: Vec<Vec<Vec<Value>>> = vec![Vec::new(); ntwins];
    let mut twin: Option<usize> = None;
    let mut previous: Option<(bool, bool)> = None;
    let mut solutions = 0;
    for s in kept {
        solutions += s.solutions;
        match s.at {
            Some(At::Twin) => twin = Some(twin.map_or(0, |t| t + 1)),
            Some(At::Play) => {
                let t = twin.ok_or("a play before any twin")?;
                lists
                    .get_mut(t)
                    .ok_or("more twins in the segments than in the record")?
                    .push(Vec::new());
                previous = None;
            }
            None => {}
        }
        let Some(f) = &s.json else { continue };
        let list = twin
            .and_then(|t| lists.get_mut(t))
            .and_then(|plays| plays.last_mut())
            .ok_or("moves outside a play")?;
        if f.line && previous == Some((true, f.set_play)) {
            merge_line(list, f.moves.clone());
        } else {
            list.extend(f.moves.iter().cloned());
        }
        previous = Some((f.line, f.set_play));
    }
    if let Some(Value::Array(twins)) = obj.get_mut("twins") {
        for (t, plays) in twins.iter_mut().zip(lists) {
            for (key, list) in ["solution", "duplex"].into_iter().zip(plays) {
                if t.get(key).is_some_and(Value::is_array) {
                    t[key] = Value::Array(list);
                }
            }
        }
    }
    let sum = |key: &str| -> f64 {
        parts
            .iter()
            .map(|p| p.record.get(key).and_then(Value::as_f64).unwrap_or(0.0))
            .sum()
    };
    let (seconds, nodes) = (sum("seconds"), sum("nodes"));
    obj.insert("solutions".into(), solutions.into());
    let status = if solutions > 0 {
        "solved"
    } else {
        "no-solution"
    };
    obj.insert("status".into(), status.into());
    obj.insert("seconds".into(), seconds.into());
    obj.insert("nodes".into(), (nodes as u64).into());
    Ok(v)
}

/// Appends the line `new` (a first move, its one child, ...) to `list` as
/// a whole run's writer does: sharing the moves it begins with with the
/// last line, but for that line's last move.
fn merge_line(list: &mut Vec<Value>, new: Vec<Value>) {
    let mut new = new.into_iter();
    let Some(mut first) = new.next() else { return };
    let children = |v: &Value| {
        v.get("children")
            .and_then(Value::as_array)
            .map_or(0, Vec::len)
    };
    // The same move: every key but the children alike.
    let same = |a: &Value, b: &Value| match (a.as_object(), b.as_object()) {
        (Some(a), Some(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(k, v)| k == "children" || b.get(k).is_some_and(|w| w == v))
        }
        _ => false,
    };
    match list.last_mut() {
        Some(last) if same(last, &first) && children(last) > 0 && children(&first) > 0 => {
            let theirs = match first.get_mut("children") {
                Some(Value::Array(c)) => std::mem::take(c),
                _ => Vec::new(),
            };
            if let Some(Value::Array(mine)) = last.get_mut("children") {
                merge_line(mine, theirs);
            }
        }
        _ => list.push(first),
    }
    list.extend(new);
}
