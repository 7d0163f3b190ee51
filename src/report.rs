//! Writing what was found for one problem in the format asked for:
//! Popeye's text, the Circe notation for people, or one JSON object.

use crate::io::json_output::JsonWriter;
use crate::io::notation::Alphabet;
use crate::io::popeye_output;
use crate::io::solution_output::{Notation, SolutionWriter};
use crate::problem::{Language, Problem};
use crate::solve::{Event, ProblemSink, Sink, SolveError, TwinSolution};
use crate::twin::TwinInstance;

/// The output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// For people: Circe notation (`Qxd3(+bSg8)`).
    Text,
    /// Popeye's output, character for character.
    Popeye,
    /// One JSON object per problem (JSON Lines).
    Json,
}

/// How to write a report.
#[derive(Clone, Copy, Debug)]
pub struct ReportOptions {
    pub format: Format,
    /// The language of the piece letters and the words (`threat:`, `but`,
    /// the twinning and Popeye's footer), in every format; the problem's
    /// language when not given. Latvian has letters of its own and English
    /// words; Popeye's format has no Latvian (see [`ReportOptions::check`]).
    pub alphabet: Option<Alphabet>,
}

impl ReportOptions {
    /// Whether the options can be honoured: Popeye speaks English, German
    /// and French only.
    pub fn check(&self) -> Result<(), String> {
        match (self.format, self.alphabet) {
            (Format::Popeye, Some(Alphabet::Latvian)) => Err(
                "Popeye's output has no Latvian: with --format popeye, --lang is en, de or fr"
                    .into(),
            ),
            _ => Ok(()),
        }
    }

    /// The language of the words for `problem`.
    pub(crate) fn words(&self, problem: &Problem) -> crate::problem::Language {
        use crate::problem::Language;
        match self.alphabet {
            None => problem.language,
            Some(Alphabet::English) | Some(Alphabet::Latvian) => Language::English,
            Some(Alphabet::German) => Language::German,
            Some(Alphabet::French) => Language::French,
        }
    }
}

/// The text of a twin's header line without its label: the commands as
/// Popeye prints them, each followed by two blanks (`Drehung 90  `).
pub(crate) fn twin_commands_text(
    lang: crate::problem::Language,
    instance: &TwinInstance,
) -> String {
    let mut s = String::new();
    popeye_output::write_twin_header(&mut s, lang, 0, instance.twin.as_ref(), &instance.before);
    // "a) ...\n\n" (with a leading '+' when continued): keep what follows
    // the label.
    let line = s.lines().next().unwrap_or("");
    line.split_once(") ")
        .map_or(String::new(), |(_, rest)| rest.to_string())
}

/// Writes what is found for one problem, in the text and Popeye formats,
/// as the search reports it: the header, then per twin its label line (when
/// the problem has twins) and its solution (both halves with `duplex`),
/// then the footer. Each piece of text goes to `write` as soon as it is
/// known; the header waits for the first twin that solves, so a problem
/// that cannot be solved prints nothing.
pub struct ProblemWriter<W: FnMut(&str) + Send> {
    format: Format,
    /// The language of the words.
    lang: Language,
    notation: Notation,
    write: W,
    /// Text not written yet: the header and the twin's label, until the
    /// twin's play begins.
    pending: String,
    header_written: bool,
    /// The blank line that opens a play, held back from the end of the
    /// header or twin label: Popeye writes a notice in its place, and drops
    /// it when nothing is solved after the notice.
    blank_due: bool,
    /// Whether a play was cut short (the footer says so).
    incomplete: Option<crate::solve::Incompleteness>,
    /// The current twin's writer, and how many plays it began (two with
    /// `duplex`).
    solution: Option<SolutionWriter>,
    plays: usize,
    twins: usize,
    failed: bool,
}

impl<W: FnMut(&str) + Send> ProblemWriter<W> {
    /// A writer for `problem` in the text or Popeye format (JSON:
    /// [`JsonWriter`]).
    pub fn new(opts: &ReportOptions, problem: &Problem, write: W) -> ProblemWriter<W> {
        let lang = opts.words(problem);
        let alphabet = opts
            .alphabet
            .unwrap_or_else(|| Alphabet::from(problem.language));
        let notation = match opts.format {
            Format::Popeye => Notation::Popeye(Alphabet::from(lang)),
            _ => Notation::Circe(alphabet),
        };
        let mut pending = String::new();
        match opts.format {
            Format::Popeye => {
                if lang == problem.language {
                    popeye_output::write_header(&mut pending, problem);
                } else {
                    // Popeye answers in the language it is read in: as if
                    // the problem had been written in the one asked for.
                    let mut translated = problem.clone();
                    translated.language = lang;
                    popeye_output::write_header(&mut pending, &translated);
                }
                if problem.zero_position {
                    popeye_output::write_zero_position(&mut pending, lang);
                }
            }
            _ => {
                for line in problem.meta.author.iter().chain(&problem.meta.origin) {
                    pending.push_str(line);
                    pending.push('\n');
                }
                pending.push_str(&format!(
                    "{}  {}  ({})\n\n",
                    problem.stipulation.value,
                    condition_words(problem),
                    problem.source
                ));
            }
        }
        let blank_due = pending.ends_with("\n\n");
        if blank_due {
            pending.pop();
        }
        ProblemWriter {
            format: opts.format,
            lang,
            notation,
            write,
            pending,
            header_written: false,
            blank_due,
            incomplete: None,
            solution: None,
            plays: 0,
            twins: 0,
            failed: false,
        }
    }

    fn flush(&mut self) {
        if !self.pending.is_empty() {
            (self.write)(&self.pending);
            self.pending.clear();
        }
        self.header_written = true;
    }

    /// Writes `text` now, or after the header when that still waits.
    fn emit(&mut self, text: &str) {
        if self.header_written {
            (self.write)(text);
        } else {
            self.pending.push_str(text);
        }
    }

    /// The footer, with the total time, once every twin is done; nothing
    /// when no twin solved or one failed.
    pub fn finish(&mut self, seconds: f64) {
        if self.format == Format::Popeye && self.header_written && !self.failed {
            let mut out = String::new();
            popeye_output::write_footer(&mut out, self.lang, seconds, self.incomplete);
            (self.write)(&out);
        }
    }
}

impl<W: FnMut(&str) + Send> Sink for ProblemWriter<W> {
    fn event(&mut self, event: Event) {
        let mut out = String::new();
        if matches!(event, Event::Begin { .. } | Event::Notice(_)) {
            if !self.header_written {
                self.flush();
            }
            let notice_solved = match event {
                Event::Notice(notice) => Some(notice.solved()),
                _ => None,
            };
            if self.blank_due && notice_solved.is_none() {
                out.push('\n');
            }
            // After a notice the blank line still opens the play, if any.
            self.blank_due &= notice_solved == Some(true);
        }
        if let Event::Incomplete(why) = event {
            self.incomplete = self.incomplete.or(Some(why));
        }
        if let Event::Begin { .. } = event {
            self.plays += 1;
            if self.plays > 1 {
                out.push_str(match self.format {
                    Format::Popeye => "\n",
                    _ => "\nduplex:\n",
                });
            }
        }
        if let Some(w) = &mut self.solution {
            w.event(&mut out, &event);
        }
        if !out.is_empty() {
            self.emit(&out);
        }
    }
}

impl<W: FnMut(&str) + Send> ProblemSink for ProblemWriter<W> {
    fn twin(&mut self, instance: &TwinInstance) {
        let lang = self.lang;
        let inst = instance;
        let mut out = String::new();
        if inst.labelled {
            match self.format {
                Format::Popeye => popeye_output::write_twin_header(
                    &mut out,
                    lang,
                    inst.index,
                    inst.twin.as_ref(),
                    &inst.before,
                ),
                _ => {
                    if self.twins > 0 {
                        out.push('\n');
                    }
                    let plus = if inst.twin.as_ref().is_some_and(|t| t.continued) {
                        "+"
                    } else {
                        ""
                    };
                    out.push_str(&format!(
                        "{plus}{}) {}\n\n",
                        popeye_output::twin_label(inst.index),
                        twin_commands_text(lang, inst).trim_end()
                    ));
                }
            }
        }
        // A twin's label comes after the blank held back, and holds back
        // its own.
        if !out.is_empty() {
            if self.blank_due {
                out.insert(0, '\n');
            }
            self.blank_due = out.ends_with("\n\n");
            if self.blank_due {
                out.pop();
            }
        }
        self.twins += 1;
        self.plays = 0;
        self.solution = Some(SolutionWriter::new(self.notation, inst.problem.rules, lang));
        self.emit(&out);
    }

    fn twin_failed(&mut self, error: &SolveError) {
        self.failed = true;
        if self.format == Format::Text {
            self.flush();
            self.emit(&format!("error: {error}\n"));
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
    let push = |text: &str| out.push_str(text);
    if opts.format == Format::Json {
        let mut w = JsonWriter::new(opts, problem, push);
        replay(&mut w, twins);
        w.finish(seconds, "");
        out.push('\n');
    } else {
        let mut w = ProblemWriter::new(opts, problem, push);
        replay(&mut w, twins);
        w.finish(seconds);
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

pub(crate) fn condition_words(problem: &Problem) -> String {
    if problem.condition_text.is_empty() {
        "orthodox".to_string()
    } else {
        problem.condition_text.join(" ")
    }
}
