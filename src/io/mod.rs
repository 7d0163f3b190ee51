//! Reading problems (the writers are in `output/`).

pub mod diagram;
pub mod fen;
pub mod language;
pub mod notation;
pub mod popeye_compare;
pub mod popeye_input;
pub mod toml_input;
pub mod yacpdb_input;

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

/// The languages a problem may be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceFormat {
    /// circe's own TOML.
    Toml,
    /// Popeye's input language (English, German, French).
    Popeye,
    /// YACPDB entries and Olive collections: YAML documents.
    Yacpdb,
}

impl SourceFormat {
    /// The format a file's name says: `.toml`, `.yaml`/`.yml`/`.olv`, and
    /// Popeye's input for any other name.
    pub fn of_path(path: &Path) -> SourceFormat {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("toml") => SourceFormat::Toml,
            Some("yaml" | "yml" | "olv") => SourceFormat::Yacpdb,
            _ => SourceFormat::Popeye,
        }
    }
}

impl SourceFormat {
    /// The format a text is written in, told by its first line that is
    /// neither blank nor a comment: TOML has `key = value` and `[table]`
    /// lines, YACPDB's YAML `key:` lines (or a `---` document start), and
    /// anything else is taken for Popeye's input (whose reader names what
    /// it does not understand).
    pub fn of_text(text: &str) -> SourceFormat {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let Some(line) = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
        else {
            return SourceFormat::Popeye;
        };
        let key_len = line
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(line.len());
        let after_key = line[key_len..].trim_start();
        if line.starts_with('[') || (key_len > 0 && after_key.starts_with('=')) {
            SourceFormat::Toml
        } else if line.starts_with("---") || (key_len > 0 && after_key.starts_with(':')) {
            SourceFormat::Yacpdb
        } else {
            SourceFormat::Popeye
        }
    }
}

/// Reads the problems of one file, in the format its name says
/// ([`SourceFormat::of_path`]), UTF-8 or Latin-1.
pub fn load_problems(path: &Path) -> Result<Vec<Problem>, InputError> {
    let error = |message: String| InputError {
        file: path.to_path_buf(),
        line: 0,
        message,
    };
    if path.is_dir() {
        // A directory reaches here when it could not be walked, or when it
        // holds no problem file.
        return Err(error(match std::fs::read_dir(path) {
            Err(e) => format!("cannot read the directory: {e}"),
            Ok(_) => format!(
                "the folder holds no problem files (.{})",
                crate::batch::PROBLEM_EXTENSIONS.join(", .")
            ),
        }));
    }
    let bytes = std::fs::read(path).map_err(|e| error(format!("cannot read the file: {e}")))?;
    if let Some(why) = not_text(&bytes) {
        return Err(error(why.to_string()));
    }
    parse_problems(&decode_text(bytes), path, SourceFormat::of_path(path))
}

/// Reads the problems of `text`, written in `format`; `path` names it in
/// errors and in each problem's source.
pub fn parse_problems(
    text: &str,
    path: &Path,
    format: SourceFormat,
) -> Result<Vec<Problem>, InputError> {
    match format {
        SourceFormat::Toml => toml_input::parse_toml(text, path).map(|p| vec![p]),
        SourceFormat::Popeye => popeye_input::parse_popeye(text, path),
        SourceFormat::Yacpdb => yacpdb_input::parse_yacpdb(text, path).into_iter().collect(),
    }
}

/// Reads the problems of one file like [`load_problems`], each on its own:
/// an entry of an Olive collection that cannot be read is one error, and
/// the collection's other problems are read. The other formats give
/// their problems, or the one error that stopped the reading.
pub fn load_each(path: &Path) -> Vec<Result<Problem, InputError>> {
    if SourceFormat::of_path(path) != SourceFormat::Yacpdb || path.is_dir() {
        return match load_problems(path) {
            Ok(problems) => problems.into_iter().map(Ok).collect(),
            Err(e) => vec![Err(e)],
        };
    }
    let error = |message: String| {
        vec![Err(InputError {
            file: path.to_path_buf(),
            line: 0,
            message,
        })]
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return error(format!("cannot read the file: {e}")),
    };
    if let Some(why) = not_text(&bytes) {
        return error(why.to_string());
    }
    yacpdb_input::parse_yacpdb(&decode_text(bytes), path)
}

#[cfg(test)]
mod tests {
    use super::SourceFormat;

    #[test]
    fn a_text_tells_its_format() {
        let cases = [
            ("fen = \"8/8/8/8/8/8/8/8\"\n", SourceFormat::Toml),
            ("# a comment\n\nstipulation = \"#2\"\n", SourceFormat::Toml),
            ("[[twin]]\n", SourceFormat::Toml),
            ("beginproblem\nstipulation #2\n", SourceFormat::Popeye),
            ("BeginProblem\npieces white ke1\n", SourceFormat::Popeye),
            ("---\nalgebraic:\n", SourceFormat::Yacpdb),
            ("stipulation: \"#2\"\nalgebraic:\n", SourceFormat::Yacpdb),
            ("", SourceFormat::Popeye),
        ];
        for (text, format) in cases {
            assert_eq!(SourceFormat::of_text(text), format, "{text:?}");
        }
    }
}
