//! Writing what was found for one problem in the format asked for:
//! Popeye's text, the Circe notation for people, or one JSON object.

use crate::io::notation::Alphabet;
use crate::io::popeye_output;
use crate::io::solution_output::{tree_json, write_tree, Notation};
use crate::problem::Problem;
use crate::solve::TwinSolution;
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
    fn words(&self, problem: &Problem) -> crate::problem::Language {
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
fn twin_commands_text(lang: crate::problem::Language, instance: &TwinInstance) -> String {
    let mut s = String::new();
    popeye_output::write_twin_header(&mut s, lang, 0, instance.twin.as_ref(), &instance.before);
    // "a) ...\n\n" (with a leading '+' when continued): keep what follows
    // the label.
    let line = s.lines().next().unwrap_or("");
    line.split_once(") ")
        .map_or(String::new(), |(_, rest)| rest.to_string())
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
    let alphabet = opts
        .alphabet
        .unwrap_or_else(|| Alphabet::from(problem.language));
    let lang = opts.words(problem);
    match opts.format {
        Format::Popeye => {
            let notation = Notation::Popeye(Alphabet::from(lang));
            if lang == problem.language {
                popeye_output::write_header(&mut out, problem);
            } else {
                // Popeye answers in the language it is read in: as if the
                // problem had been written in the one asked for.
                let mut translated = problem.clone();
                translated.language = lang;
                popeye_output::write_header(&mut out, &translated);
            }
            if problem.zero_position {
                popeye_output::write_zero_position(&mut out, lang);
            }
            for t in twins {
                let inst = &t.instance;
                if inst.labelled {
                    popeye_output::write_twin_header(
                        &mut out,
                        lang,
                        inst.index,
                        inst.twin.as_ref(),
                        &inst.before,
                    );
                }
                if let Ok(phases) = &t.result {
                    for (i, phase) in phases.iter().enumerate() {
                        if i > 0 {
                            out.push('\n');
                        }
                        write_tree(&mut out, phase, notation, &inst.problem.rules, lang);
                    }
                }
            }
            popeye_output::write_footer(&mut out, lang, seconds);
        }
        Format::Text => {
            for line in problem.meta.author.iter().chain(&problem.meta.origin) {
                out.push_str(line);
                out.push('\n');
            }
            out.push_str(&format!(
                "{}  {}  ({})\n\n",
                problem.stipulation.value,
                condition_words(problem),
                problem.source
            ));
            let notation = Notation::Circe(alphabet);
            for (n, t) in twins.iter().enumerate() {
                let inst = &t.instance;
                if inst.labelled {
                    if n > 0 {
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
                match &t.result {
                    Ok(phases) => {
                        for (i, phase) in phases.iter().enumerate() {
                            if i > 0 {
                                out.push_str("\nduplex:\n");
                            }
                            write_tree(&mut out, phase, notation, &inst.problem.rules, lang);
                        }
                    }
                    Err(e) => out.push_str(&format!("error: {e}\n")),
                }
            }
        }
        Format::Json => {
            let list: Vec<serde_json::Value> = twins
                .iter()
                .map(|t| {
                    let inst = &t.instance;
                    let rules = &inst.problem.rules;
                    let (solution, duplex, error) = match &t.result {
                        Ok(phases) => (
                            phases.first().map(|s| tree_json(s, rules, alphabet)),
                            phases.get(1).map(|s| tree_json(s, rules, alphabet)),
                            None,
                        ),
                        Err(e) => (None, None, Some(e.to_string())),
                    };
                    serde_json::json!({
                        "label": popeye_output::twin_label(inst.index),
                        "continued": inst.twin.as_ref().is_some_and(|t| t.continued),
                        "twinning": twin_commands_text(lang, inst).trim_end(),
                        "stipulation": inst.problem.stipulation.value,
                        "condition": condition_words(&inst.problem),
                        "solution": solution,
                        "duplex": duplex,
                        "error": error,
                        "seconds": t.seconds,
                    })
                })
                .collect();
            let v = serde_json::json!({
                "file": problem.source.file.display().to_string(),
                "line": problem.source.line,
                "stipulation": problem.stipulation.value,
                "condition": problem.condition_text.join(" "),
                "twins": list,
                "seconds": seconds,
            });
            out.push_str(&v.to_string());
            out.push('\n');
        }
    }
    out
}

fn condition_words(problem: &Problem) -> String {
    if problem.condition_text.is_empty() {
        "orthodox".to_string()
    } else {
        problem.condition_text.join(" ")
    }
}
