//! The writer of the text and Popeye formats: what is found for one
//! problem, streamed as the search reports it.

use super::options::{condition_words, twin_commands_text, Format, ReportOptions};
use super::popeye;
use super::solution::{Notation, SolutionWriter};
use crate::io::notation::Alphabet;
use crate::problem::{Language, Problem};
use crate::solve::{Event, ProblemSink, Sink, SolveError};
use crate::twin::TwinInstance;

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
    /// [`JsonWriter`](super::json::JsonWriter)).
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
                    popeye::write_header(&mut pending, problem);
                } else {
                    // Popeye answers in the language it is read in: as if
                    // the problem had been written in the one asked for.
                    let mut translated = problem.clone();
                    translated.language = lang;
                    popeye::write_header(&mut pending, &translated);
                }
                if problem.zero_position {
                    popeye::write_zero_position(&mut pending, lang);
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
            popeye::write_footer(&mut out, self.lang, seconds, self.incomplete);
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
                Format::Popeye => popeye::write_twin_header(
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
                        popeye::twin_label(inst.index),
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
