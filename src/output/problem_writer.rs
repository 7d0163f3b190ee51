//! The writer of the text and Popeye formats: what is found for one
//! problem, streamed as the search reports it.

use super::options::{twin_commands_text, Format, ReportOptions, Stop};
use super::popeye;
use super::solution::{Notation, SolutionWriter};
use super::text_header;
use crate::io::language::{phrase, Phrase};
use crate::io::notation::Alphabet;
use crate::problem::{Language, Problem, ProblemOption};
use crate::solve::{Event, ProblemSink, Sink, SolveError};
use crate::twin::TwinInstance;

/// Writes what is found for one problem, in the text and Popeye formats,
/// as the search reports it: the header, then per twin its label line (when
/// the problem has twins) and its solution (both halves with `duplex`),
/// then the footer. Each piece of text goes to `write` as soon as it is
/// known; the header waits for the first twin that solves, so a problem
/// that cannot be solved prints nothing.
///
/// The text format says in words what Popeye's leaves to its footer: a
/// twin whose play found nothing (`no solution`), a play cut short, a
/// search stopped by the batch (`time-out after 20 s: incomplete`); and
/// each problem ends with a blank line.
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
    /// Popeye format, `reci-h#1`: the play's opening blank line is the
    /// search's (`Event::Gap`, written where Black's own goal move exists),
    /// not the header's.
    reci_whole: bool,
    /// Whether a play was cut short (the footer says so).
    incomplete: Option<crate::solve::Incompleteness>,
    /// The current twin's writer, and how many plays it began (two with
    /// `duplex`).
    solution: Option<SolutionWriter>,
    plays: usize,
    /// The twin's stipulation joins expressions at its root: its plays
    /// are the operands played, not duplex halves.
    joined: bool,
    twins: usize,
    failed: bool,
    /// Text format: whether the writer says that a twin found nothing or
    /// was cut short (a part of `--first-moves` leaves it to the merge).
    verdicts: bool,
    /// The current twin: whether its play began, what it found, whether
    /// it failed, how it was cut short.
    twin_played: bool,
    twin_solutions: usize,
    twin_failed: bool,
    twin_incomplete: Option<crate::solve::Incompleteness>,
    /// A twin was stopped by the batch (`SolveError::Cancelled`), and why.
    cancelled: bool,
    stop: Option<Stop>,
    /// `maxtime n`: the seconds its time-out names.
    max_time: Option<u32>,
    /// The last two characters written: the problem ends with a blank line.
    tail: String,
}

impl<W: FnMut(&str) + Send> ProblemWriter<W> {
    /// A writer for `problem` in the text or Popeye format (JSON:
    /// [`JsonWriter`](super::json::JsonWriter)).
    pub fn new(opts: &ReportOptions, problem: &Problem, write: W) -> ProblemWriter<W> {
        ProblemWriter::with_board(opts, problem, write, true)
    }

    /// A writer whose text header shows the board or not (`--no-board`).
    pub fn with_board(
        opts: &ReportOptions,
        problem: &Problem,
        write: W,
        board: bool,
    ) -> ProblemWriter<W> {
        ProblemWriter::build(opts, problem, write, Some(board))
    }

    /// A writer of the solution alone, in the text format: the twins'
    /// labels and plays and what the text says of them, no header (the
    /// HTML page shows its own).
    pub(crate) fn solution_only(
        opts: &ReportOptions,
        problem: &Problem,
        write: W,
    ) -> ProblemWriter<W> {
        let opts = ReportOptions {
            format: Format::Text,
            ..*opts
        };
        ProblemWriter::build(&opts, problem, write, None)
    }

    /// `header`: the text header with or without the board, or none.
    fn build(
        opts: &ReportOptions,
        problem: &Problem,
        write: W,
        header: Option<bool>,
    ) -> ProblemWriter<W> {
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
                if let Some(board) = header {
                    text_header::write(&mut pending, problem, alphabet, lang, board);
                }
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
            reci_whole: false,
            incomplete: None,
            solution: None,
            plays: 0,
            joined: false,
            twins: 0,
            failed: false,
            verdicts: true,
            twin_played: false,
            twin_solutions: 0,
            twin_failed: false,
            twin_incomplete: None,
            cancelled: false,
            stop: None,
            max_time: problem.options.iter().rev().find_map(|o| match o.value {
                ProblemOption::MaxTime(n) => Some(n),
                _ => None,
            }),
            tail: String::new(),
        }
    }

    /// Leaves the text format's words on twins that found nothing to the
    /// caller (a part of `--first-moves`: the merge knows the total).
    pub(crate) fn without_verdicts(mut self) -> Self {
        self.verdicts = false;
        self
    }

    /// Why the batch stopped the search, for the text to say.
    pub fn stopped(&mut self, stop: Stop) {
        self.stop = Some(stop);
    }

    /// The line the text format writes under a twin whose play found
    /// nothing.
    pub(crate) fn no_solution_line(&self) -> String {
        format!("{}\n\n", phrase(self.lang, Phrase::NoSolution, ""))
    }

    /// Writes `text` and remembers how it ended.
    fn put(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        (self.write)(text);
        let mut tail: Vec<char> = self.tail.chars().chain(text.chars()).collect();
        let keep = tail.len().saturating_sub(2);
        tail.drain(..keep);
        self.tail = tail.into_iter().collect();
    }

    /// Text format: what is said under the twin just ended, when its play
    /// found nothing or was cut short.
    fn close_twin(&mut self) {
        if self.format != Format::Text || !self.verdicts || !self.twin_played || self.twin_failed {
            return;
        }
        let line = match self.twin_incomplete {
            Some(crate::solve::Incompleteness::Partial) => {
                phrase(self.lang, Phrase::PartialSolution, "")
            }
            Some(crate::solve::Incompleteness::Interrupted) => phrase(
                self.lang,
                Phrase::TimeOut,
                &self.max_time.map_or("?".into(), |n| n.to_string()),
            ),
            None if self.twin_solutions == 0 => phrase(self.lang, Phrase::NoSolution, ""),
            None => return,
        };
        self.emit(&format!("{line}\n\n"));
    }

    fn flush(&mut self) {
        if !self.pending.is_empty() {
            let pending = std::mem::take(&mut self.pending);
            self.put(&pending);
        }
        self.header_written = true;
    }

    /// Writes `text` now, or after the header when that still waits.
    fn emit(&mut self, text: &str) {
        if self.header_written {
            self.put(text);
        } else {
            self.pending.push_str(text);
        }
    }

    /// The footer, with the total time, once every twin is done; nothing
    /// when no twin solved or one failed. The text format says that the
    /// last twin found nothing, or why the search stopped, and ends the
    /// problem with a blank line.
    pub fn finish(&mut self, seconds: f64) {
        // Twins that played nothing and failed in nothing (a structured
        // stipulation's join that plays none of its operands): the header
        // still stands above the footer, as Popeye writes it.
        if !self.header_written && !self.failed && self.twins > 0 {
            self.flush();
        }
        if self.format == Format::Popeye && self.header_written && !self.failed {
            let mut out = String::new();
            popeye::write_footer(&mut out, self.lang, seconds, self.incomplete);
            self.put(&out);
        }
        if self.format != Format::Text || !self.header_written {
            return;
        }
        self.close_twin();
        if self.cancelled && self.verdicts {
            let line = match self.stop {
                Some(Stop::TimeOut(limit)) => {
                    phrase(self.lang, Phrase::TimeOut, &limit.to_string())
                }
                Some(Stop::Interrupted) | None => phrase(self.lang, Phrase::Interrupted, ""),
            };
            let blank = if self.tail.ends_with('\n') { "" } else { "\n" };
            self.put(&format!("{blank}{line}\n"));
        }
        if self.verdicts {
            end_with_blank_line(&self.tail.clone(), &mut |t| self.put(t));
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
            if self.blank_due && notice_solved.is_none() && !self.reci_whole {
                // With `postkeyplay` the line is the key's, empty but for
                // its check.
                let check = matches!(
                    event,
                    Event::Begin {
                        post_key_check: true,
                        ..
                    }
                );
                out.push_str(if check { " +\n" } else { "\n" });
            }
            // After a notice the blank line still opens the play, if any.
            self.blank_due &= notice_solved == Some(true);
        }
        if let Event::Incomplete(why) = event {
            self.incomplete = self.incomplete.or(Some(why));
            self.twin_incomplete = self.twin_incomplete.or(Some(why));
        }
        self.twin_solutions += event.solutions();
        if let Event::Begin { .. } = event {
            self.twin_played = true;
            self.plays += 1;
            if self.plays > 1 {
                out.push_str(match self.format {
                    Format::Popeye => "\n",
                    _ if self.joined => "\n",
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
        if self.twins > 0 {
            self.close_twin();
        }
        self.twin_played = false;
        self.twin_solutions = 0;
        self.twin_failed = false;
        self.twin_incomplete = None;
        self.reci_whole = self.format == Format::Popeye && is_whole_reciprocal(&instance.problem);
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
        self.joined = crate::solve::join::is_joined(&inst.problem);
        self.solution = Some(SolutionWriter::new(self.notation, inst.problem.rules, lang));
        self.emit(&out);
    }

    fn twin_failed(&mut self, error: &SolveError) {
        self.failed = true;
        self.twin_failed = true;
        if self.format == Format::Text {
            self.flush();
            // A stopped search is said in words at the end (`finish`).
            if matches!(error, SolveError::Cancelled) {
                self.cancelled = true;
            } else {
                self.emit(&format!("error: {error}\n"));
            }
        }
    }
}

/// Writes through `put` what `written` (the text so far, or its end) lacks
/// to end with a blank line.
/// `reci-h#1` (and `ser-reci-h#1`): the reciprocal end is the whole play.
fn is_whole_reciprocal(problem: &Problem) -> bool {
    crate::stipulation::Stipulation::parse(&problem.stipulation.value).is_ok_and(|st| {
        st.reciprocal.is_some() && st.moves == 1 && !st.half_move && st.intro.is_none()
    })
}

pub(crate) fn end_with_blank_line(written: &str, put: &mut dyn FnMut(&str)) {
    if written.ends_with("\n\n") || written.is_empty() {
        return;
    }
    put(if written.ends_with('\n') {
        "\n"
    } else {
        "\n\n"
    });
}
