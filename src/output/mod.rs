//! Every writer of results, one module a format: the Circe notation for
//! people and Popeye's text ([`problem_writer`], with [`solution`],
//! [`text_header`] and [`popeye`]), JSON Lines ([`json`]), the HTML
//! booklet ([`html`], with [`svg_diagram`]), and problems written back as
//! TOML ([`toml_problem`]). [`ProblemOutput::new`] picks the writer for a
//! format; no writer imports this module's items back.

pub mod html;
pub mod json;
pub mod options;
pub mod popeye;
pub mod problem_writer;
pub mod replace;
pub mod solution;
pub mod svg_diagram;
pub mod tex;
pub mod text_header;
pub mod toml_problem;
pub mod verdict;
pub mod yacpdb;

pub use html::HtmlWriter;
pub use json::JsonWriter;
pub use options::{Format, ReportOptions, Stop};
pub use problem_writer::ProblemWriter;

use crate::problem::Problem;
use crate::solve::{Event, ProblemSink, Sink, SolveError, TwinSolution};
use crate::twin::TwinInstance;

/// The writer for a report's format, chosen once: text and Popeye stream
/// through [`ProblemWriter`], JSON through [`JsonWriter`], HTML through
/// [`HtmlWriter`].
pub enum ProblemOutput<W: FnMut(&str) + Send> {
    Stream(ProblemWriter<W>),
    Json(JsonWriter<W>),
    Html(HtmlWriter<W>),
}

impl<W: FnMut(&str) + Send> ProblemOutput<W> {
    /// The writer of `opts.format` for `problem`, writing to `write`.
    pub fn new(opts: &ReportOptions, problem: &Problem, write: W) -> ProblemOutput<W> {
        ProblemOutput::with_board(opts, problem, write, true)
    }

    /// The same; without `board` (`--no-board`) the text and HTML formats
    /// show no diagram.
    pub fn with_board(
        opts: &ReportOptions,
        problem: &Problem,
        write: W,
        board: bool,
    ) -> ProblemOutput<W> {
        match opts.format {
            Format::Json => ProblemOutput::Json(JsonWriter::new(opts, problem, write)),
            Format::Text | Format::Popeye => {
                ProblemOutput::Stream(ProblemWriter::with_board(opts, problem, write, board))
            }
            Format::Html => ProblemOutput::Html(HtmlWriter::new(opts, problem, write, board)),
        }
    }

    /// Why the batch stopped the search, for the formats that say it in
    /// words (text, HTML).
    pub fn stopped(&mut self, stop: Stop) {
        match self {
            ProblemOutput::Stream(w) => w.stopped(stop),
            ProblemOutput::Json(_) => {}
            ProblemOutput::Html(w) => w.stopped(stop),
        }
    }

    /// A verdict on the problem (the audit's, when the batch has one),
    /// which the HTML booklet shows under the solution; the other formats
    /// have no place for it.
    pub fn set_verdict(&mut self, verdict: Option<String>) {
        if let ProblemOutput::Html(w) = self {
            w.set_verdict(verdict);
        }
    }

    /// Ends the problem: Popeye's footer, or the JSON object's last fields
    /// (`extra`: more fields, written as they are), or the HTML section's
    /// end.
    pub fn finish(&mut self, seconds: f64, extra: &str) {
        match self {
            ProblemOutput::Stream(w) => w.finish(seconds),
            ProblemOutput::Json(w) => w.finish(seconds, extra),
            ProblemOutput::Html(w) => w.finish(seconds),
        }
    }
}

impl<W: FnMut(&str) + Send> Sink for ProblemOutput<W> {
    fn event(&mut self, event: Event) {
        match self {
            ProblemOutput::Stream(w) => w.event(event),
            ProblemOutput::Json(w) => w.event(event),
            ProblemOutput::Html(w) => w.event(event),
        }
    }
}

impl<W: FnMut(&str) + Send> ProblemSink for ProblemOutput<W> {
    fn twin(&mut self, instance: &TwinInstance) {
        match self {
            ProblemOutput::Stream(w) => w.twin(instance),
            ProblemOutput::Json(w) => w.twin(instance),
            ProblemOutput::Html(w) => w.twin(instance),
        }
    }

    fn twin_failed(&mut self, error: &SolveError) {
        match self {
            ProblemOutput::Stream(w) => w.twin_failed(error),
            ProblemOutput::Json(w) => w.twin_failed(error),
            ProblemOutput::Html(w) => w.twin_failed(error),
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
