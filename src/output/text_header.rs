//! The header of a problem in the text format, so that a reader can check
//! that the position was read right: the title, author and source (TeX's
//! accents as letters), the diagram as Popeye draws it (every unit, the
//! fairy walks' codes with their names under it, the attributes, the
//! conditions in full), and the file and line the problem comes from.

use super::options::fairy_kinds;
use super::popeye::{centred_line, nonempty, write_attribute_lines, write_diagram};
use super::tex;
use crate::io::notation::Alphabet;
use crate::problem::{Language, Problem, ProblemOption};
use crate::vocabulary::{column, condition_lines};

/// Writes the header, ending with the blank line before the solution.
/// Without `board` (`--no-board`, or the problem's `option noboard`) the
/// stipulation, conditions and attributes come on lines of their own.
pub fn write(out: &mut String, problem: &Problem, alphabet: Alphabet, lang: Language, board: bool) {
    let meta = &problem.meta;
    let lines: Vec<String> = nonempty(&meta.title)
        .chain(nonempty(&meta.author))
        .chain(nonempty(&meta.origin))
        .chain(nonempty(&meta.award))
        .map(tex::letters)
        .collect();
    let board = board && !problem.has_option(|o| matches!(o, ProblemOption::NoBoard));
    if board {
        for line in &lines {
            centred_line(out, line);
        }
        if !lines.is_empty() {
            out.push('\n');
        }
        if let Some(start) = &problem.start {
            super::popeye::write_start_position(out, problem, start, lang, alphabet);
        }
        write_diagram(out, problem, lang, alphabet);
        if let Some(legend) = legend(problem, alphabet, lang) {
            centred_line(out, &legend);
        }
    } else {
        for line in &lines {
            out.push_str(line);
            out.push('\n');
        }
        let conditions = condition_lines(lang, &problem.rules);
        out.push_str(&super::popeye::stipulation_text(problem));
        if let Some(start) = &problem.start {
            out.push_str(" from ");
            out.push_str(&crate::io::fen::to_fen(start));
        }
        if !conditions.is_empty() {
            out.push_str("  ");
            out.push_str(&conditions.join(", "));
        }
        out.push('\n');
        let mut attributes = String::new();
        write_attribute_lines(&mut attributes, lang, &problem.position, &problem.rules);
        for line in attributes.lines() {
            out.push_str(line.trim_start());
            out.push('\n');
        }
        if let Some(legend) = legend(problem, alphabet, lang) {
            out.push_str(&legend);
            out.push('\n');
        }
    }
    out.push_str(&format!("({})\n\n", problem.source));
}

/// `G grasshopper, N nightrider`: the codes of the fairy walks on the board
/// with their names, none when every unit is orthodox.
fn legend(problem: &Problem, alphabet: Alphabet, lang: Language) -> Option<String> {
    let kinds = fairy_kinds(&problem.position);
    if kinds.is_empty() {
        return None;
    }
    let names: Vec<String> = kinds
        .iter()
        .map(|k| format!("{} {}", alphabet.piece(*k), k.def().names[column(lang)]))
        .collect();
    Some(names.join(", "))
}
