//! What every writer shares: the formats, the options of a report, and
//! the words of a problem's header line.

use super::popeye;
use crate::io::notation::Alphabet;
use crate::problem::Problem;
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
    popeye::write_twin_header(&mut s, lang, 0, instance.twin.as_ref(), &instance.before);
    // "a) ...\n\n" (with a leading '+' when continued): keep what follows
    // the label.
    let line = s.lines().next().unwrap_or("");
    line.split_once(") ")
        .map_or(String::new(), |(_, rest)| rest.to_string())
}

/// The conditions as written, or `orthodox`.
pub(crate) fn condition_words(problem: &Problem) -> String {
    if problem.condition_text.is_empty() {
        "orthodox".to_string()
    } else {
        problem.condition_text.join(" ")
    }
}
