//! The HTML booklet (`--format html`): one self-contained, printable page
//! for a file or a folder (inline CSS and SVG, nothing fetched), per
//! problem a section with its title, author and source, its diagram
//! ([`super::svg_diagram`]) with a legend of the fairy walks and
//! attributes, its stipulation and conditions, its solution in Circe
//! notation (as the text format writes it, streamed), the number of
//! solutions found and a verdict line the batch may fill.

use super::options::{fairy_kinds, ReportOptions, Stop};
use super::popeye::stipulation_text;
use super::problem_writer::ProblemWriter;
use super::svg_diagram::{diagram, figure, legend_figure};
use super::tex;
use crate::io::language::{attribute_letters, attribute_name, phrase, Phrase, ATTRIBUTE_NAMES};
use crate::io::notation::Alphabet;
use crate::problem::{Language, Problem};
use crate::solve::{Event, ProblemSink, Sink, SolveError};
use crate::twin::TwinInstance;
use crate::vocabulary::{column, condition_lines};
use std::sync::{Arc, Mutex};

type Capture = Box<dyn FnMut(&str) + Send>;

/// The page's beginning: the document, its style (print: a problem a
/// page), its heading.
pub fn page_start(title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"generator\" content=\"circe\">\n<title>{}</title>\n<style>\n{STYLE}</style>\n\
         </head>\n<body>\n<h1>{}</h1>\n",
        escape(title),
        escape(title)
    )
}

/// The page's end.
pub fn page_end() -> String {
    "</body>\n</html>\n".to_string()
}

const STYLE: &str = "body { font-family: 'DejaVu Serif', Georgia, serif; color: #111; \
max-width: 62em; margin: 1em auto; padding: 0 1em; }
h1 { font-size: 1.3em; }
section.problem { border-top: 1px solid #888; padding: 0.8em 0 1.2em; }
section.problem h2 { font-size: 1.1em; margin: 0.2em 0; }
section.problem p { margin: 0.15em 0; }
.layout { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
svg.diagram { width: 19em; height: 19em; flex: none; }
.facts { min-width: 16em; }
.stipulation { font-weight: bold; font-size: 1.1em; }
.conditions, .legend { list-style: none; padding: 0; margin: 0.3em 0; }
.legend li { display: flex; align-items: center; gap: 0.4em; }
pre.solution { font-family: 'DejaVu Sans Mono', monospace; font-size: 0.9em; \
white-space: pre-wrap; margin: 0.5em 0; }
.count, .verdict, .file { font-size: 0.9em; color: #444; }
.verdict { font-weight: bold; color: #111; }
@media print {
  body { max-width: none; margin: 0; }
  section.problem { border: none; break-after: page; page-break-after: always; }
  section.problem:last-of-type { break-after: auto; page-break-after: auto; }
  .layout { break-inside: avoid; }
}
";

/// Text made safe for HTML.
pub fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&#39;"),
            c => s.push(c),
        }
    }
    s
}

/// Writes one problem's section as the search reports it: the head at
/// once, the solution as it comes, the count and the verdict at the end.
pub struct HtmlWriter<W: FnMut(&str) + Send> {
    solution: ProblemWriter<Capture>,
    captured: Arc<Mutex<String>>,
    write: W,
    lang: Language,
    solutions: usize,
    /// A line the batch may give (the audit's verdict); shown under the
    /// number of solutions.
    verdict: Option<String>,
    source: String,
}

impl<W: FnMut(&str) + Send> HtmlWriter<W> {
    /// `board`: whether the section shows the diagram (`--no-board`).
    pub fn new(opts: &ReportOptions, problem: &Problem, mut write: W, board: bool) -> Self {
        let lang = opts.words(problem);
        let alphabet = opts
            .alphabet
            .unwrap_or_else(|| Alphabet::from(problem.language));
        let captured = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&captured);
        let capture: Capture =
            Box::new(move |s: &str| sink.lock().unwrap_or_else(|e| e.into_inner()).push_str(s));
        write(&section_head(problem, alphabet, lang, board));
        HtmlWriter {
            solution: ProblemWriter::solution_only(opts, problem, capture),
            captured,
            write,
            lang,
            solutions: 0,
            verdict: None,
            source: problem.source.to_string(),
        }
    }

    /// The verdict line to show under the solution.
    pub fn set_verdict(&mut self, verdict: Option<String>) {
        self.verdict = verdict;
    }

    /// Why the batch stopped the search.
    pub fn stopped(&mut self, stop: Stop) {
        self.solution.stopped(stop);
    }

    /// What the solution's writer wrote, escaped, to the page.
    fn pass_on(&mut self) {
        let text = std::mem::take(&mut *self.captured.lock().unwrap_or_else(|e| e.into_inner()));
        if !text.is_empty() {
            (self.write)(&escape(&text));
        }
    }

    /// Ends the section: the solution's last words, the number of
    /// solutions, the verdict, the file.
    pub fn finish(&mut self, seconds: f64) {
        self.solution.finish(seconds);
        self.pass_on();
        let mut s = String::from("</pre>\n");
        s.push_str(&format!(
            "<p class=\"count\">{}</p>\n",
            escape(&phrase(
                self.lang,
                Phrase::SolutionsFound,
                &self.solutions.to_string()
            ))
        ));
        if let Some(v) = &self.verdict {
            s.push_str(&format!("<p class=\"verdict\">{}</p>\n", escape(v)));
        }
        s.push_str(&format!(
            "<p class=\"file\">{}</p>\n</section>\n",
            escape(&self.source)
        ));
        (self.write)(&s);
    }
}

impl<W: FnMut(&str) + Send> Sink for HtmlWriter<W> {
    fn event(&mut self, event: Event) {
        self.solutions += event.solutions();
        self.solution.event(event);
        self.pass_on();
    }
}

impl<W: FnMut(&str) + Send> ProblemSink for HtmlWriter<W> {
    fn twin(&mut self, instance: &TwinInstance) {
        self.solution.twin(instance);
        self.pass_on();
    }

    fn twin_failed(&mut self, error: &SolveError) {
        self.solution.twin_failed(error);
        self.pass_on();
    }
}

/// The section's opening: heading, diagram, facts, and the solution's
/// `<pre>` opened.
fn section_head(problem: &Problem, alphabet: Alphabet, lang: Language, board: bool) -> String {
    let meta = &problem.meta;
    let letters = |lines: &[String]| -> Vec<String> {
        lines
            .iter()
            .filter(|l| !l.trim().is_empty())
            .map(|l| escape(&tex::letters(l)))
            .collect()
    };
    let (title, author, origin, award) = (
        letters(&meta.title),
        letters(&meta.author),
        letters(&meta.origin),
        letters(&meta.award),
    );
    let pos = &problem.position;
    let units = (0..64u8)
        .filter(|&i| {
            pos.piece_at(crate::board::Square::new(i % 8, i / 8))
                .is_some()
        })
        .count();
    let mut s = format!("<section class=\"problem\" data-units=\"{units}\">\n");
    let heading = if !author.is_empty() {
        author.join(", ")
    } else if !title.is_empty() {
        title.join(", ")
    } else {
        escape(&problem.source.file.display().to_string())
    };
    s.push_str(&format!("<h2>{heading}</h2>\n"));
    if !author.is_empty() && !title.is_empty() {
        s.push_str(&format!("<p class=\"title\">{}</p>\n", title.join("<br>")));
    }
    for line in origin.iter().chain(&award) {
        s.push_str(&format!("<p class=\"source\">{line}</p>\n"));
    }
    s.push_str("<div class=\"layout\">\n");
    if board {
        // The conditions' state in the diagram (Hole's holes).
        let mut shown = *pos;
        if !problem.rules.conditions.is_empty() {
            problem.rules.conditions.prepare(&problem.rules, &mut shown);
        }
        s.push_str(&diagram(&shown, alphabet, lang));
    }
    s.push_str("<div class=\"facts\">\n");
    let counts = format!(
        "{} + {}{}",
        pos.count(crate::board::Color::White),
        pos.count(crate::board::Color::Black),
        match pos.neutral().count() {
            0 => String::new(),
            n => format!(" + {n}n"),
        }
    );
    s.push_str(&format!(
        "<p class=\"stipulation\">{} <span class=\"counts\">({counts})</span></p>\n",
        escape(&stipulation_text(problem))
    ));
    let conditions = condition_lines(lang, &problem.rules);
    if !conditions.is_empty() {
        s.push_str("<ul class=\"conditions\">\n");
        for c in conditions {
            s.push_str(&format!("<li>{}</li>\n", escape(&c)));
        }
        s.push_str("</ul>\n");
    }
    s.push_str(&legend(problem, alphabet, lang));
    s.push_str("</div>\n</div>\n");
    s.push_str(&format!(
        "<h3>{}</h3>\n<pre class=\"solution\">",
        escape(&phrase(lang, Phrase::Solution, ""))
    ));
    s
}

/// The legend: each fairy walk of the diagram as drawn, with its code and
/// Popeye's name; the neutral units' figure; each attribute with its
/// letter and squares.
fn legend(problem: &Problem, alphabet: Alphabet, lang: Language) -> String {
    let pos = &problem.position;
    let mut items = Vec::new();
    for kind in fairy_kinds(pos) {
        items.push(format!(
            "<li>{} {} {}</li>",
            legend_figure(&figure(kind, alphabet), false),
            escape(alphabet.piece(kind)),
            escape(kind.def().names[column(lang)])
        ));
    }
    if pos.neutral().count() > 0 {
        items.push(format!(
            "<li>{} {}</li>",
            legend_figure(&figure(crate::board::Kind::PAWN, alphabet), true),
            escape(&phrase(lang, Phrase::Neutral, ""))
        ));
    }
    for (attr, _) in ATTRIBUTE_NAMES {
        // Rank 8 down, each from a to h, as Popeye lists them.
        let squares: Vec<String> = (0..64u8)
            .map(|i| crate::board::Square::new(i % 8, 7 - i / 8))
            .filter(|&sq| {
                pos.piece_at(sq).is_some_and(|p| {
                    p.attrs.contains(attr)
                        && !(attr == crate::board::Attrs::ROYAL && p.kind.is_royal())
                })
            })
            .map(|sq| sq.to_string())
            .collect();
        if squares.is_empty() {
            continue;
        }
        let mut letter = String::new();
        attribute_letters(lang, attr, false, &mut letter);
        items.push(format!(
            "<li><i class=\"mark\">{}</i> {} {}</li>",
            escape(&letter),
            escape(attribute_name(lang, attr).unwrap_or("")),
            squares.join(" ")
        ));
    }
    if items.is_empty() {
        return String::new();
    }
    format!(
        "<p class=\"legend-title\">{}</p>\n<ul class=\"legend\">\n{}\n</ul>\n",
        escape(&phrase(lang, Phrase::Legend, "")),
        items.join("\n")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("1.Q<d3 & \"x\""), "1.Q&lt;d3 &amp; &quot;x&quot;");
    }

    #[test]
    fn the_page_is_a_document() {
        let page = format!("{}{}", page_start("a <b>"), page_end());
        assert!(page.starts_with("<!DOCTYPE html>"));
        assert!(page.contains("<title>a &lt;b&gt;</title>"));
        assert!(page.contains("@media print"));
        assert!(page.trim_end().ends_with("</html>"));
    }
}
