//! What a command's paths name: files, folders, `-` (one problem read from
//! standard input, its format told by its text), and the problem given on
//! the command line with `--fen`.

use super::FenArgs;
use circe::batch::{collect_keyed_files, items_of, items_of_each, Item};
use circe::io::{decode_text, not_text, parse_problems, SourceFormat};
use circe::problem::{InputError, Problem};
use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

/// The name standard input goes by in messages and records.
pub const STDIN_NAME: &str = "<stdin>";

/// The name of a problem given with `--fen`.
pub const COMMAND_LINE_NAME: &str = "<command line>";

/// Every problem the paths name, in order; a file, a folder without
/// problems or standard input that cannot be read is an item with its
/// error (the batch reports it and goes on).
pub fn load(paths: &[PathBuf]) -> anyhow::Result<Vec<Item>> {
    if paths.iter().filter(|p| is_stdin(p)).count() > 1 {
        anyhow::bail!("`-` (standard input) is given more than once");
    }
    let sources = collect_keyed_files(paths)
        .into_iter()
        .map(|(file, key)| {
            if is_stdin(&file) {
                let name = PathBuf::from(STDIN_NAME);
                let each = match read_stdin(&name) {
                    Ok(problems) => problems.into_iter().map(Ok).collect(),
                    Err(e) => vec![Err(e)],
                };
                (name.clone(), STDIN_NAME.to_string(), each)
            } else {
                // An Olive collection's entries are read each on its own.
                let read = circe::io::load_each(&file);
                (file, key, read)
            }
        })
        .collect();
    Ok(items_of_each(sources))
}

fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The problems of standard input.
fn read_stdin(name: &Path) -> Result<Vec<Problem>, InputError> {
    let error = |message: String| InputError {
        file: name.to_path_buf(),
        line: 0,
        message,
    };
    let mut stdin = std::io::stdin();
    if stdin.is_terminal() {
        errln!("circe: reading a problem from standard input (end it with Ctrl-D)");
    }
    let mut bytes = Vec::new();
    stdin
        .read_to_end(&mut bytes)
        .map_err(|e| error(format!("cannot read: {e}")))?;
    if let Some(why) = not_text(&bytes) {
        return Err(error(why.to_string()));
    }
    let text = decode_text(bytes);
    if text.trim().is_empty() {
        return Err(error("standard input is empty: no problem to read".into()));
    }
    parse_problems(&text, name, SourceFormat::of_text(&text))
}

/// The problem of `--fen` and its companions, read by Popeye's reader from
/// the input they make (one keyword a line), so its errors are the
/// reader's; each error and warning names the option it comes from. The
/// warnings are printed here.
pub fn fen_items(args: &FenArgs) -> anyhow::Result<Vec<Item>> {
    let fen = args.fen.as_deref().unwrap_or_default();
    let stipulation = args.stipulation.as_deref().unwrap_or_default();
    let mut fields = fen.split_whitespace();
    let board = fields.next().unwrap_or_default();
    // An orthodox board is checked as a FEN, for the FEN's own messages
    // (Popeye's forsyth would fill the squares on regardless of ranks).
    if !board.contains(['.', '=']) {
        circe::io::fen::parse_fen(board).map_err(|e| anyhow::anyhow!("--fen '{fen}': {e}"))?;
    }
    // The stipulation is read when solving; read it now to name the flag.
    circe::stipulation::Stipulation::parse(stipulation)
        .map_err(|e| anyhow::anyhow!("--stipulation '{stipulation}': {e}"))?;
    if fields.next().is_some() {
        errln!("circe: warning: --fen: only the board is read; the stipulation says who moves");
    }
    // (line of the input, the option it comes from)
    let mut lines: Vec<(String, String)> = vec![
        ("beginproblem".into(), "--fen".into()),
        (
            format!("forsyth {}", popeye_board(board)),
            format!("--fen '{fen}'"),
        ),
        (
            format!("stipulation {stipulation}"),
            format!("--stipulation '{stipulation}'"),
        ),
    ];
    for (keyword, flag, values) in [
        ("condition", "--condition", &args.condition),
        ("option", "--option", &args.options),
        ("twin", "--twin", &args.twin),
    ] {
        for v in values {
            if v.contains('\n') {
                anyhow::bail!("{flag} '{v}': one line only");
            }
            lines.push((format!("{keyword} {v}"), format!("{flag} '{v}'")));
        }
    }
    lines.push(("endproblem".into(), "--fen".into()));
    let text: String = lines.iter().map(|(l, _)| format!("{l}\n")).collect();
    let whence = |line: usize| {
        line.checked_sub(1)
            .and_then(|i| lines.get(i))
            .map_or("--fen", |(_, flag)| flag.as_str())
            .to_string()
    };
    let name = PathBuf::from(COMMAND_LINE_NAME);
    let mut problems = parse_problems(&text, &name, SourceFormat::Popeye)
        .map_err(|e| anyhow::anyhow!("{}: {}", whence(e.line), e.message))?;
    for p in &mut problems {
        for w in std::mem::take(&mut p.warnings) {
            errln!("circe: warning: {}: {}", whence(w.line), w.value);
        }
    }
    Ok(items_of(vec![(
        name,
        COMMAND_LINE_NAME.to_string(),
        Ok(problems),
    )]))
}

/// A FEN's board in Popeye's forsyth: the knight is `S` there (`N` is the
/// nightrider); `.xy` codes are Popeye's own and kept.
fn popeye_board(board: &str) -> String {
    let mut out = String::with_capacity(board.len());
    let mut code_left = 0;
    for c in board.chars() {
        if code_left > 0 {
            code_left -= 1;
            out.push(c);
            continue;
        }
        match c {
            '.' => {
                code_left = 2;
                out.push(c);
            }
            'N' => out.push('S'),
            'n' => out.push('s'),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::popeye_board;

    #[test]
    fn knights_become_popeyes_letter() {
        assert_eq!(
            popeye_board("rnbqk2r/8/.nh6/8/8/8/8/4K1N1"),
            "rsbqk2r/8/.nh6/8/8/8/8/4K1S1"
        );
    }
}
