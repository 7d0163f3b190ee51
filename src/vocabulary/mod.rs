//! One vocabulary for every reader and writer: Popeye's condition names and
//! Circe option words in English, German and French, the grammar that turns
//! a condition phrase into [`crate::rules::Rules`], and the lines that name
//! the rules again. Piece names and codes live in the kinds table
//! ([`crate::pieces::KINDS`]).

pub mod conditions;
pub mod grid_words;
mod popeye_names;
pub mod suggest;

pub use conditions::{
    condition_input_lines, condition_lines, parse_conditions, ParsedConditions, Strictness,
};
pub use popeye_names::{ConditionName, CIRCE_OPTION_WORDS, CONDITION_NAMES, EXTRA_CONDITION_NAMES};

use crate::problem::Language;

/// The column of a language in the tables (English, German, French).
pub fn column(lang: Language) -> usize {
    match lang {
        Language::English => 0,
        Language::German => 1,
        Language::French => 2,
    }
}

/// The result of matching a word against a table as Popeye does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Match<T> {
    One(T),
    /// A prefix of several entries with different meanings.
    Ambiguous(Vec<&'static str>),
    Nothing,
}

/// Popeye's keyword matching: case-insensitive; a word equal to an entry
/// names it, else a word that is the prefix of entries that all mean the
/// same names that.
pub fn match_word<T: Copy + PartialEq>(
    entries: impl Iterator<Item = (&'static str, T)> + Clone,
    word: &str,
) -> Match<T> {
    if word.is_empty() {
        return Match::Nothing;
    }
    if let Some((_, v)) = entries.clone().find(|(n, _)| n.eq_ignore_ascii_case(word)) {
        return Match::One(v);
    }
    let w = word.as_bytes();
    let hits: Vec<(&'static str, T)> = entries
        .filter(|(n, _)| n.len() >= w.len() && n.as_bytes()[..w.len()].eq_ignore_ascii_case(w))
        .collect();
    match hits.first() {
        None => Match::Nothing,
        Some((_, v)) if hits.iter().all(|(_, x)| x == v) => Match::One(*v),
        Some(_) => Match::Ambiguous(hits.iter().map(|(n, _)| *n).collect()),
    }
}
