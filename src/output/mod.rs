//! Every writer of results, one module a format: the Circe notation for
//! people and Popeye's text ([`problem_writer`], with [`solution`] and
//! [`popeye`]), JSON Lines ([`json`]), and problems written back as TOML
//! ([`toml_problem`]). [`ProblemOutput::new`] picks the writer for a
//! format; no writer imports this module's items back.

pub mod json;
pub mod options;
pub mod popeye;
pub mod problem_writer;
pub mod replace;
pub mod solution;
pub mod toml_problem;
pub mod verdict;
pub mod yacpdb;

pub use json::JsonWriter;
pub use options::{Format, ReportOptions};
pub use problem_writer::ProblemWriter;

use crate::problem::Problem;
use crate::solve::{Event, ProblemSink, Sink, SolveError, TwinSolution};
use crate::twin::TwinInstance;

/// The writer for a report's format, chosen once: text and Popeye stream
/// through [`ProblemWriter`], JSON through [`JsonWriter`].
pub enum ProblemOutput<W: FnMut(&str) + Send> {
    Stream(ProblemWriter<W>),
    Json(JsonWriter<W>),
}

impl<W: FnMut(&str) + Send> ProblemOutput<W> {
    /// The writer of `opts.format` for `problem`, writing to `write`.
    pub fn new(opts: &ReportOptions, problem: &Problem, write: W) -> ProblemOutput<W> {
        match opts.format {
            Format::Json => ProblemOutput::Json(JsonWriter::new(opts, problem, write)),
            Format::Text | Format::Popeye => {
                ProblemOutput::Stream(ProblemWriter::new(opts, problem, write))
            }
        }
    }

    /// Ends the problem: Popeye's footer, or the JSON object's last fields
    /// (`extra`: more fields, written as they are).
    pub fn finish(&mut self, seconds: f64, extra: &str) {
        match self {
            ProblemOutput::Stream(w) => w.finish(seconds),
            ProblemOutput::Json(w) => w.finish(seconds, extra),
        }
    }
}

impl<W: FnMut(&str) + Send> Sink for ProblemOutput<W> {
    fn event(&mut self, event: Event) {
        match self {
            ProblemOutput::Stream(w) => w.event(event),
            ProblemOutput::Json(w) => w.event(event),
        }
    }
}

impl<W: FnMut(&str) + Send> ProblemSink for ProblemOutput<W> {
    fn twin(&mut self, instance: &TwinInstance) {
        match self {
            ProblemOutput::Stream(w) => w.twin(instance),
            ProblemOutput::Json(w) => w.twin(instance),
        }
    }

    fn twin_failed(&mut self, error: &SolveError) {
        match self {
            ProblemOutput::Stream(w) => w.twin_failed(error),
            ProblemOutput::Json(w) => w.twin_failed(error),
        }
    }
}

/// Renders everything found for `problem`: its header, then per twin its
/// label line (when the problem has twins) and its solution (both halves
/// with `duplex`), then the footer. Twins that could not be solved show no
/// solution; the caller reports their errors. `seconds` is the total time.
pub fn render_problem(
    opts: &ReportOptions,
    problem: &Problem,
    twins: &[TwinSolution],
    seconds: f64,
) -> String {
    let mut out = String::new();
    let mut w = ProblemOutput::new(opts, problem, |text: &str| out.push_str(text));
    replay(&mut w, twins);
    w.finish(seconds, "");
    drop(w);
    if opts.format == Format::Json {
        out.push('\n');
    }
    out
}

/// Reports kept solutions to `sink` as their search did.
fn replay(sink: &mut dyn ProblemSink, twins: &[TwinSolution]) {
    for t in twins {
        sink.twin(&t.instance);
        match &t.result {
            Ok(phases) => {
                for phase in phases {
                    for e in phase.events() {
                        sink.event(e);
                    }
                }
            }
            Err(e) => sink.twin_failed(e),
        }
    }
}
