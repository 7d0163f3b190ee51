//! `circe convert`: the TOML (or YACPDB YAML) of every problem on stdout,
//! or one file per problem in `--output-dir`; errors on stderr; exit 0, or
//! 2 when some problem could not be converted.

use super::{ConvertArgs, ConvertTo};
use circe::output::toml_problem::{convert_file, Converted};
use std::path::Path;
use std::process::ExitCode;

pub fn run(args: &ConvertArgs) -> ExitCode {
    let mut status = 0;
    let (ext, convert): (&str, fn(&Path) -> _) = match args.to {
        ConvertTo::Toml => ("toml", convert_file),
        ConvertTo::Yacpdb => ("yaml", circe::output::yacpdb::convert_file),
    };
    for file in &circe::batch::collect_files(&args.files) {
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
                    let kind = circe::output::replace::Written::Converted;
                    if let Err(why) = circe::output::replace::may_replace(&path, kind) {
                        errln!(
                            "circe: error: {}: {why}: not overwritten (remove it, or convert into another folder)",
                            path.display()
                        );
                        status = 2;
                        continue;
                    }
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
