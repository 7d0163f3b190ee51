//! Reading problems (the writers are in `output/`).

pub mod diagram;
pub mod fen;
pub mod language;
pub mod notation;
pub mod popeye_compare;
pub mod popeye_input;
pub mod toml_input;

use crate::problem::{InputError, Problem};
use std::path::Path;

/// The text of a file's bytes: UTF-8 when they are (without the byte-order
/// mark Windows editors put first), else Latin-1 (what Popeye's files often
/// are; every byte is a Latin-1 character, so this never fails).
pub fn decode_text(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) => match s.strip_prefix('\u{feff}') {
            Some(rest) => rest.to_string(),
            None => s,
        },
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    }
}

/// Why bytes are not a text file a problem could be in, if they are not:
/// NUL bytes never occur in text (UTF-16, which holds them, is named).
pub fn not_text(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]) {
        Some("the file is UTF-16 text: save it as UTF-8 (or Latin-1)")
    } else if bytes.contains(&0) {
        Some("not a text file (it holds NUL bytes)")
    } else {
        None
    }
}

/// Reads a text file, UTF-8 or Latin-1 ([`decode_text`]).
pub fn read_text(path: &Path) -> std::io::Result<String> {
    std::fs::read(path).map(decode_text)
}

/// Reads the problems of one file: TOML when its name ends in `.toml`,
/// Popeye's input language otherwise, UTF-8 or Latin-1.
pub fn load_problems(path: &Path) -> Result<Vec<Problem>, InputError> {
    let error = |message: String| InputError {
        file: path.to_path_buf(),
        line: 0,
        message,
    };
    if path.is_dir() {
        // A directory reaches here when it could not be walked.
        let why = std::fs::read_dir(path)
            .err()
            .map_or_else(|| "it is a directory".to_string(), |e| e.to_string());
        return Err(error(format!("cannot read the directory: {why}")));
    }
    let bytes = std::fs::read(path).map_err(|e| error(format!("cannot read the file: {e}")))?;
    if let Some(why) = not_text(&bytes) {
        return Err(error(why.to_string()));
    }
    let text = decode_text(bytes);
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
    {
        toml_input::parse_toml(&text, path).map(|p| vec![p])
    } else {
        popeye_input::parse_popeye(&text, path)
    }
}
