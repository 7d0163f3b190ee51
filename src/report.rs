//! Writing what was found for one problem in the format asked for:
//! Popeye's text, the Circe notation for people, or one JSON object.

use crate::io::notation::Alphabet;
use crate::io::popeye_output;
use crate::io::solution_output::{tree_json, write_tree, Notation};
use crate::problem::Problem;
use crate::solve::Solution;

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
    /// Piece letters for the text and JSON formats; the problem's language
    /// when not given. Popeye's format always follows the problem.
    pub alphabet: Option<Alphabet>,
}

/// Renders the solution of `problem`, found in `seconds`.
pub fn render(
    opts: &ReportOptions,
    problem: &Problem,
    solution: &Solution,
    seconds: f64,
) -> String {
    let mut out = String::new();
    let alphabet = opts
        .alphabet
        .unwrap_or_else(|| Alphabet::from(problem.language));
    match opts.format {
        Format::Popeye => {
            let a = Alphabet::from(problem.language);
            popeye_output::write_header(&mut out, problem);
            write_tree(
                &mut out,
                solution,
                Notation::Popeye(a),
                &problem.rules,
                problem.language,
            );
            popeye_output::write_footer(&mut out, problem.language, seconds);
        }
        Format::Text => {
            for line in problem.meta.author.iter().chain(&problem.meta.origin) {
                out.push_str(line);
                out.push('\n');
            }
            out.push_str(&format!(
                "{}  {}  ({})\n\n",
                problem.stipulation.value,
                if problem.condition_text.is_empty() {
                    "orthodox".to_string()
                } else {
                    problem.condition_text.join(" ")
                },
                problem.source
            ));
            write_tree(
                &mut out,
                solution,
                Notation::Circe(alphabet),
                &problem.rules,
                problem.language,
            );
        }
        Format::Json => {
            let v = serde_json::json!({
                "file": problem.source.file.display().to_string(),
                "line": problem.source.line,
                "stipulation": problem.stipulation.value,
                "condition": problem.condition_text.join(" "),
                "solution": tree_json(solution, &problem.rules, alphabet),
                "seconds": seconds,
            });
            out.push_str(&v.to_string());
            out.push('\n');
        }
    }
    out
}
