//! Reading problems and writing solutions.

pub mod condition_words;
pub mod fen;
pub mod language;
pub mod notation;
pub mod popeye_compare;
pub mod popeye_input;
pub mod popeye_output;
pub mod solution_output;
pub mod toml_input;
pub mod toml_output;

use crate::problem::{InputError, Problem};
use std::path::Path;

/// Reads the problems of one file: TOML when its name ends in `.toml`,
/// Popeye's input language otherwise. Popeye files are often Latin-1:
/// bytes that are not UTF-8 are read as Latin-1.
pub fn load_problems(path: &Path) -> Result<Vec<Problem>, InputError> {
    let bytes = std::fs::read(path).map_err(|e| InputError {
        file: path.to_path_buf(),
        line: 0,
        message: format!("cannot read the file: {e}"),
    })?;
    let text = match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
    };
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
    {
        toml_input::parse_toml(&text, path).map(|p| vec![p])
    } else {
        popeye_input::parse_popeye(&text, path)
    }
}
