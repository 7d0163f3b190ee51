//! Reading problems and writing solutions.

pub mod diagram;
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

/// The text of a file's bytes: UTF-8 when they are, else Latin-1 (what
/// Popeye's files often are; every byte is a Latin-1 character, so this
/// never fails).
pub fn decode_text(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    }
}

/// Reads a text file, UTF-8 or Latin-1 ([`decode_text`]).
pub fn read_text(path: &Path) -> std::io::Result<String> {
    std::fs::read(path).map(decode_text)
}

/// Reads the problems of one file: TOML when its name ends in `.toml`,
/// Popeye's input language otherwise, UTF-8 or Latin-1.
pub fn load_problems(path: &Path) -> Result<Vec<Problem>, InputError> {
    let text = read_text(path).map_err(|e| InputError {
        file: path.to_path_buf(),
        line: 0,
        message: format!("cannot read the file: {e}"),
    })?;
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
    {
        toml_input::parse_toml(&text, path).map(|p| vec![p])
    } else {
        popeye_input::parse_popeye(&text, path)
    }
}
