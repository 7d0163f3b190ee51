//! `circe legal FILE|DIR|-...`: does each diagram pass the orthodox
//! legality test (the one Alsatian Circe applies to every position)?

use circe::legality::orthodox_violation;
use circe::solve::starting_position;
use std::path::PathBuf;
use std::process::ExitCode;

/// Prints one line per problem; exit 0 when all pass, 1 when one fails, 2
/// on unreadable input (which wins over 1).
pub fn run(files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let mut status = 0u8;
    for item in super::inputs::load(files)? {
        let problem = match &item.problem {
            Ok(p) => p,
            Err(e) => {
                errln!("circe: error: {e}");
                status = 2;
                continue;
            }
        };
        super::print_warnings(problem);
        // The side to move matters (checks): take the one that begins.
        let pos = match starting_position(problem) {
            Ok(p) => p,
            Err(e) => {
                errln!("circe: error: {}: {e}", problem.source);
                status = 2;
                continue;
            }
        };
        match orthodox_violation(&pos) {
            None => outln!("{}: passes the orthodox legality test", problem.source),
            Some(v) => {
                outln!("{}: illegal: {v}", problem.source);
                status = status.max(1);
            }
        }
    }
    Ok(ExitCode::from(status))
}
