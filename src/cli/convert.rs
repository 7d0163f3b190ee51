//! `circe convert`: the TOML (or YACPDB YAML) of every problem on stdout,
//! or one file per problem in `--output-dir`; errors on stderr; exit 0, or
//! 2 when some problem could not be converted.

use super::{ConvertArgs, ConvertTo};
use circe::output::toml_problem::{convert_file, Converted, CONVERTED_MARK};
use std::path::Path;
use std::process::ExitCode;

/// Whether the file at `path` may be written: it is not there, or
/// `circe convert` wrote it (its first line says so). A file of anyone
/// else is never overwritten.
fn may_write(path: &Path) -> Result<(), String> {
    match std::fs::read(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("cannot read it to see who wrote it: {e}")),
        Ok(bytes) => {
            let text = String::from_utf8_lossy(&bytes);
            let first = text.lines().next().unwrap_or_default();
            if first.starts_with(CONVERTED_MARK) {
                Ok(())
            } else {
                Err("it exists and `circe convert` did not write it: not overwritten".into())
            }
        }
    }
}

pub fn run(args: &ConvertArgs) -> ExitCode {
    let mut status = 0;
    let (ext, convert): (&str, fn(&Path) -> _) = match args.to {
        ConvertTo::Toml => ("toml", convert_file),
        ConvertTo::Yacpdb => ("yaml", circe::output::yacpdb::convert_file),
    };
    let files = circe::batch::collect_files(&args.files);
    for file in &files {
        let converted: Vec<Converted> = match convert(file) {
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
                None if args.to == ConvertTo::Yacpdb => {
                    // One YAML stream: an Olive collection.
                    outln!("---");
                    out!("{text}");
                }
                None => {
                    if c.of > 1 {
                        outln!("# ---- problem {} of {}", c.number, c.of);
                    }
                    out!("{text}");
                }
                Some(dir) => {
                    let path = dir.join(c.file_name_with(ext));
                    let wrote = may_write(&path).and_then(|_| {
                        std::fs::create_dir_all(dir)
                            .and_then(|_| std::fs::write(&path, text))
                            .map_err(|e| format!("cannot write: {e}"))
                    });
                    match wrote {
                        Ok(()) => {}
                        Err(e) => {
                            errln!("circe: error: {}: {e}", path.display());
                            status = 2;
                        }
                    }
                }
            }
        }
    }
    ExitCode::from(status)
}
