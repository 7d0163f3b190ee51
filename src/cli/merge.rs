//! `circe merge` and `circe report`: reading JSON Lines, writing the
//! merged records or the parts' text, printing the summary.

use super::{Format, MergeArgs, ReportArgs};
use circe::batch::merge::{merge as merge_records, Entry, Record};
use circe::batch::parts::{combine, combine_json, Footer, Part, Segment};
use circe::batch::summary::{summarise, table};
use circe::batch::{collect_keyed_files, load_keyed_items};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// The files, read whole.
fn read_all(files: &[PathBuf]) -> anyhow::Result<Vec<(PathBuf, String)>> {
    files
        .iter()
        .map(|f| {
            let bytes = std::fs::read(f)
                .map_err(|e| anyhow::anyhow!("{}: cannot read: {e}", f.display()))?;
            let text = String::from_utf8(bytes)
                .map_err(|_| anyhow::anyhow!("{}: not UTF-8 text", f.display()))?;
            Ok((f.clone(), text))
        })
        .collect()
}

pub fn merge(args: &MergeArgs) -> anyhow::Result<ExitCode> {
    let inputs = read_all(&args.files)?;
    let names: Option<Vec<String>> = (!args.problems.is_empty()).then(|| {
        load_keyed_items(&collect_keyed_files(&args.problems))
            .iter()
            .map(|i| {
                if i.of > 1 {
                    format!("{}#{}", i.file.display(), i.number)
                } else {
                    i.file.display().to_string()
                }
            })
            .collect()
    });
    let merged = merge_records(&inputs, names.as_deref())?;
    for s in &merged.skipped {
        errln!("circe: {s}: left out");
    }
    let mut out = String::new();
    let mut failed = 0;
    for entry in &merged.entries {
        // A problem that cannot be solved prints nothing, as in `solve`:
        // its error goes to stderr and the status is 2.
        if let (Entry::Parts(records), Format::Text | Format::Popeye) = (entry, args.format) {
            let errors: Vec<&str> = records
                .iter()
                .filter(|r| r.value.get("status").and_then(|s| s.as_str()) == Some("error"))
                .filter_map(|r| r.value.get("error").and_then(|e| e.as_str()))
                .collect();
            if errors.len() == records.len() {
                errln!("circe: error: {}", errors[0]);
                failed += 1;
                continue;
            }
        }
        match (entry, args.format) {
            (Entry::Whole(r), Format::Json) => out.push_str(&r.text),
            (Entry::Whole(r), _) => anyhow::bail!(
                "{}:{}: {} was solved whole and its record holds JSON only: \
                 text and Popeye's format come from --first-moves parts (or solve it again)",
                r.source.display(),
                r.line,
                r.problem()
            ),
            (Entry::Parts(records), format) => {
                out.push_str(&combine_parts(records.as_slice(), format)?)
            }
        }
    }
    match &args.output {
        None => {
            let mut o = std::io::stdout().lock();
            if let Err(e) = o.write_all(out.as_bytes()).and_then(|_| o.flush()) {
                if e.kind() != std::io::ErrorKind::BrokenPipe {
                    anyhow::bail!("writing the merged records: {e}");
                }
            }
        }
        Some(path) => {
            // Merging into one of its own inputs is fine: it is JSON Lines.
            let kind = circe::output::replace::Written::JsonLines;
            circe::output::replace::may_replace(path, kind).map_err(|why| {
                anyhow::anyhow!(
                    "{}: {why}: not overwritten (remove it, or name another file with -o)",
                    path.display()
                )
            })?;
            let mut tmp = path.as_os_str().to_owned();
            tmp.push(".merge-tmp");
            let tmp = PathBuf::from(tmp);
            std::fs::write(&tmp, out.as_bytes())
                .and_then(|_| std::fs::rename(&tmp, path))
                .map_err(|e| anyhow::anyhow!("{}: cannot write: {e}", path.display()))?;
        }
    }
    errln!(
        "circe: merged {} problem(s) from {} file(s){}",
        merged.entries.len(),
        args.files.len(),
        if merged.replaced > 0 {
            format!(", {} older record(s) replaced", merged.replaced)
        } else {
            String::new()
        }
    );
    Ok(ExitCode::from(if failed > 0 { 2 } else { 0 }))
}

/// The parts of one problem: each finished, then put together.
fn combine_parts(records: &[Record], format: Format) -> anyhow::Result<String> {
    let whence = |r: &Record| format!("{}:{}", r.source.display(), r.line);
    let mut parts = Vec::new();
    for r in records {
        let status = r.value.get("status").and_then(|s| s.as_str()).unwrap_or("");
        let (k, n) = r.part.unwrap_or((1, 1));
        if !matches!(status, "solved" | "no-solution") {
            let why = r
                .value
                .get("error")
                .and_then(|e| e.as_str())
                .map_or(String::new(), |e| format!(": {e}"));
            anyhow::bail!(
                "{}: part {k}/{n} of {} ended `{status}`{why}: solve that part again",
                whence(r),
                r.problem()
            );
        }
        let segments: Vec<Segment> =
            serde_json::from_value(r.value.get("segments").cloned().unwrap_or_default())
                .map_err(|e| anyhow::anyhow!("{}: `segments`: {e}", whence(r)))?;
        let footer: Option<Footer> =
            serde_json::from_value(r.value.get("footer").cloned().unwrap_or_default())
                .map_err(|e| anyhow::anyhow!("{}: `footer`: {e}", whence(r)))?;
        parts.push(Part {
            k,
            n,
            segments,
            footer,
            seconds: r
                .value
                .get("seconds")
                .and_then(|s| s.as_f64())
                .unwrap_or(0.0),
            record: r.value.clone(),
        });
    }
    let first = &records[0];
    let format = match format {
        Format::Text => circe::output::Format::Text,
        Format::Popeye => circe::output::Format::Popeye,
        Format::Json => {
            let v = combine_json(&parts, &first.value)
                .map_err(|e| anyhow::anyhow!("{}: {}: {e}", whence(first), first.problem()))?;
            return Ok(format!("{v}\n"));
        }
    };
    let (text, _solutions) = combine(&parts, format)
        .map_err(|e| anyhow::anyhow!("{}: {}: {e}", whence(first), first.problem()))?;
    Ok(text)
}

pub fn report(args: &ReportArgs) -> anyhow::Result<ExitCode> {
    let inputs = read_all(&args.files)?;
    let summary = summarise(&inputs, args.slowest)?;
    out!("{}", table(&summary));
    Ok(ExitCode::SUCCESS)
}
