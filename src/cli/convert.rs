//! `circe convert`: the TOML of every problem on stdout, or one file per
//! problem in `--output-dir`; errors on stderr; exit 0, or 2 when some
//! problem could not be converted.

use super::ConvertArgs;
use circe::output::toml_problem::convert_file;
use std::process::ExitCode;

pub fn run(args: &ConvertArgs) -> ExitCode {
    let mut status = 0;
    for file in &args.files {
        let converted = match convert_file(file) {
            Ok(c) => c,
            Err(e) => {
                errln!("circe: error: {e}");
                status = 2;
                continue;
            }
        };
        for c in &converted {
            let text = match &c.text {
                Ok(t) => t,
                Err(e) => {
                    errln!("circe: error: {}: cannot convert: {e}", c.source);
                    status = 2;
                    continue;
                }
            };
            match &args.output_dir {
                None => {
                    if c.of > 1 {
                        outln!("# ---- problem {} of {}", c.number, c.of);
                    }
                    out!("{text}");
                }
                Some(dir) => {
                    let path = dir.join(c.file_name());
                    if let Err(e) =
                        std::fs::create_dir_all(dir).and_then(|_| std::fs::write(&path, text))
                    {
                        errln!("circe: error: {}: cannot write: {e}", path.display());
                        status = 2;
                    }
                }
            }
        }
    }
    ExitCode::from(status)
}
