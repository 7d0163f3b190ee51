//! Writing a problem in the TOML problem format (docs/problem-format.md):
//! `circe convert`, which migrates Popeye input files.
//!
//! [`problem_to_toml`] is the inverse of [`crate::io::toml_input::parse_toml`]:
//! reading its text back gives the same problem (diagram, stipulation,
//! conditions, options, twins, metadata, language). What the TOML format
//! cannot say is refused with a [`ConvertError`] rather than dropped,
//! except Popeye options that change only the display or the speed, which
//! are dropped with a comment.

use crate::board::{Color, Kind, Piece, Position, Square};
use crate::io::fen::to_fen;
use crate::io::language::piece_letter;
use crate::problem::{Language, MirrorAxis, Problem, ProblemOption, TwinCommand};
use crate::rules::{CirceRules, Rules};
use std::path::{Path, PathBuf};

/// Why a problem cannot be written as TOML.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ConvertError(pub String);

/// A TOML basic string: quoted and escaped.
fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn string_or_list(values: &[String]) -> String {
    match values {
        [one] => quote(one),
        many => format!(
            "[{}]",
            many.iter().map(|v| quote(v)).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// A multi-line TOML string holding `text` exactly: a literal string
/// (`'''`) unless the text holds `'''`, then a basic one with escapes.
/// The newline right after the opening quotes is not part of the value.
pub fn multiline(text: &str) -> String {
    if !text.contains("'''") && !text.chars().any(|c| c.is_control() && c != '\n') {
        format!("'''\n{text}'''")
    } else {
        let mut out = String::from("\"\"\"\n");
        for c in text.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '"' => out.push_str("\\\""),
                '\n' => out.push('\n'),
                c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
                c => out.push(c),
            }
        }
        out.push_str("\"\"\"");
        out
    }
}

/// The `condition` value for a set of rules, if the format has one: the
/// words of Popeye's English condition line (the grammar the TOML format
/// reads), short names for the tier-1 forms, `alsatian` in front for
/// Alsatian Circe.
pub fn condition_name(rules: &Rules) -> Result<Option<String>, ConvertError> {
    let mut others = rules.conditions;
    others.remove(crate::rules::Condition::Alsatian);
    let others = !others.is_empty();
    if rules.families().next().is_none() {
        if rules.alsatian() {
            return Err(ConvertError("alsatian without a Circe form".into()));
        }
        if !others {
            return Ok(None);
        }
    }
    let short = rules.single_family().and_then(|&c| match c {
        c if c == CirceRules::CIRCE => Some("circe"),
        c if c == CirceRules::CIRCE_REX_INCLUSIVE => Some("circe rex-inclusive"),
        c if c == CirceRules::ANTICIRCE_CALVET => Some("anticirce"),
        c if c == CirceRules::ANTICIRCE_CHEYLAN => Some("anticirce cheylan"),
        _ => None,
    });
    let words = match short {
        Some(name) if !others => name.to_string(),
        _ => crate::vocabulary::condition_input_lines(rules)
            .join(" ")
            .to_lowercase(),
    };
    Ok(Some(if rules.alsatian() {
        format!("alsatian {words}")
    } else {
        words
    }))
}

/// A kind's code in the TOML format: Popeye's English code.
fn letter(kind: Kind) -> &'static str {
    piece_letter(Language::English, kind)
}

/// The diagram as `pieces`, each side's units as Popeye lists them (for a
/// diagram with fairy units, which a FEN cannot hold). Neutral units are
/// listed as White, as in the FEN.
fn pieces_table(pos: &Position) -> String {
    let side = |color: Color| {
        pos.units()
            .filter(|(p, _)| p.color == color)
            .map(|(p, sq)| format!("{}{sq}", letter(p.kind)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "pieces = {{ white = {}, black = {} }}\n",
        quote(&side(Color::White)),
        quote(&side(Color::Black))
    )
}

fn unit(p: Piece, sq: Square) -> String {
    let c = match p.color {
        _ if p.is_neutral() => 'n',
        Color::White => 'w',
        Color::Black => 'b',
    };
    let k = if p.is_kamikaze() { "k" } else { "" };
    format!("{c}{k}{}{sq}", letter(p.kind))
}

/// The option as the TOML format writes it; `None` for options that only
/// change Popeye's display or speed (dropped).
fn option_text(o: &ProblemOption) -> Result<Option<String>, ConvertError> {
    let squares = |s: &[Square]| {
        s.iter()
            .map(|q| q.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    Ok(Some(match o {
        ProblemOption::HalfDuplex => "halfduplex".into(),
        ProblemOption::Duplex => "duplex".into(),
        ProblemOption::WhiteBegins => "whitebegins".into(),
        ProblemOption::Variation => "variation".into(),
        ProblemOption::Try => "try".into(),
        ProblemOption::Defence(n) => format!("defence {n}"),
        ProblemOption::Threat(n) => format!("threat {n}"),
        ProblemOption::SetPlay => "setplay".into(),
        ProblemOption::NoThreat => "nothreat".into(),
        ProblemOption::NonTrivial(m, n) => format!("nontrivial {m} {n}"),
        ProblemOption::MaxFlights(n) => format!("maxflightsquares {n}"),
        ProblemOption::MaxSolutions(n) => format!("maxsolutions {n}"),
        ProblemOption::MaxTime(n) => format!("maxtime {n}"),
        ProblemOption::NoWhiteKing => "nowk".into(),
        ProblemOption::NoBlackKing => "nobk".into(),
        ProblemOption::NoCastling(s) => format!("nocastling {}", squares(s)),
        ProblemOption::CastlingMutuallyExclusive(w, b) => {
            format!("castlingmutuallyexclusive {w}{b}")
        }
        ProblemOption::Start(n) => format!("start {n}"),
        ProblemOption::UpTo(n) => format!("upto {n}"),
        ProblemOption::PostKeyPlay => "postkeyplay".into(),
        ProblemOption::Quodlibet => "quodlibet".into(),
        ProblemOption::MoveNumbers => "movenumbers".into(),
        ProblemOption::NoBoard => "noboard".into(),
        ProblemOption::Intelligent => "intelligent".into(),
        ProblemOption::NoShortVariations => "noshortvariations".into(),
        ProblemOption::KeepMatingPiece => "keepmatingpiece".into(),
        ProblemOption::GoalIsEnd => "goalisend".into(),
        ProblemOption::StopOnShortSolutions => "stoponshortsolutions".into(),
        ProblemOption::EnPassant(_) => {
            return Err(ConvertError(
                "option enpassant: give the square in the FEN instead (not converted)".into(),
            ))
        }
        ProblemOption::Cosmetic(_) => return Ok(None),
    }))
}

/// The key and value of one twin command.
fn twin_entry(c: &TwinCommand) -> Result<(&'static str, String), ConvertError> {
    Ok(match c {
        TwinCommand::Move(a, b) => ("move", format!("{a} {b}")),
        TwinCommand::Exchange(a, b) => ("exchange", format!("{a} {b}")),
        TwinCommand::Shift(a, b) => ("shift", format!("{a} {b}")),
        TwinCommand::Add(p, sq) => ("add", unit(*p, *sq)),
        TwinCommand::Remove(sq) => ("remove", sq.to_string()),
        TwinCommand::Substitute(a, b) => ("substitute", format!("{} {}", letter(*a), letter(*b))),
        TwinCommand::Rotate(d) => ("rotate", d.to_string()),
        TwinCommand::Mirror(axis) => (
            "mirror",
            match axis {
                MirrorAxis::Files => "a1<-->h1",
                MirrorAxis::Ranks => "a1<-->a8",
                MirrorAxis::Diagonal => "a1<-->h8",
                MirrorAxis::AntiDiagonal => "h1<-->a8",
            }
            .to_string(),
        ),
        TwinCommand::PolishType => ("polish", "true".into()),
        TwinCommand::Stipulation(s) => ("stipulation", s.clone()),
        TwinCommand::Condition(rules) => (
            "condition",
            condition_name(rules)?
                .ok_or_else(|| ConvertError("a twin that removes the condition".into()))?
                .to_string(),
        ),
        TwinCommand::Forsyth { units, .. } if units.iter().any(|(p, _)| !p.kind.is_orthodox()) => {
            return Err(ConvertError(
                "a forsyth twin with fairy units has no TOML form".into(),
            ))
        }
        TwinCommand::Forsyth { units, .. } => {
            let mut pos = crate::board::Position::empty();
            for &(p, sq) in units {
                pos.put(sq, p);
            }
            let fen = crate::io::fen::to_fen(&pos);
            ("fen", fen.split(' ').next().unwrap_or_default().to_string())
        }
        TwinCommand::Other(s) => {
            return Err(ConvertError(format!("twin command `{s}` has no TOML form")))
        }
    })
}

/// Keys whose value is a string or a list of strings (several commands).
const LIST_KEYS: &[&str] = &["move", "exchange", "shift", "add", "remove", "substitute"];
/// Keys whose value is written bare (not quoted).
const BARE_KEYS: &[&str] = &["rotate", "polish"];

/// The `[[twin]]` tables. Commands keep their order; consecutive commands
/// of one kind share a key as a list. A kind that comes back after another
/// cannot be written (a table has each key once).
fn write_twins(out: &mut String, problem: &Problem) -> Result<(), ConvertError> {
    for twin in &problem.twins {
        let mut entries: Vec<(&'static str, Vec<String>)> = Vec::new();
        for c in &twin.commands {
            let (key, value) = twin_entry(c)?;
            match entries.last_mut() {
                Some((k, values)) if *k == key && LIST_KEYS.contains(&key) => values.push(value),
                _ => {
                    if entries.iter().any(|(k, _)| *k == key) {
                        return Err(ConvertError(format!(
                            "twin at line {}: `{key}` comes twice, apart; a TOML table has each key once",
                            twin.line
                        )));
                    }
                    entries.push((key, vec![value]));
                }
            }
        }
        out.push_str("\n[[twin]]\n");
        if twin.continued {
            out.push_str("continued = true\n");
        }
        for (key, values) in entries {
            let value = if BARE_KEYS.contains(&key) {
                values.join(" ")
            } else {
                string_or_list(&values)
            };
            out.push_str(&format!("{key} = {value}\n"));
        }
    }
    Ok(())
}

/// The problem as a TOML file's text. `expected` is the solution part of
/// Popeye's output (see [`solution_part`]), written as `[expected]`.
pub fn problem_to_toml(problem: &Problem, expected: Option<&str>) -> Result<String, ConvertError> {
    // The format writes kamikaze and neutral units; any other attribute
    // is refused rather than lost.
    let written = crate::board::Attrs::KAMIKAZE.with(crate::board::Attrs::NEUTRAL);
    for sq in problem.position.attributed() {
        let unit = problem.position.piece_at(sq).expect("attributed unit");
        if !unit.attrs.without(written).is_empty() {
            return Err(ConvertError(format!(
                "the unit on {sq} has an attribute the TOML format has no notation for"
            )));
        }
    }
    let mut out = String::new();
    let meta = &problem.meta;
    for (key, values) in [
        ("title", &meta.title),
        ("author", &meta.author),
        ("source", &meta.origin),
        ("award", &meta.award),
        ("remark", &meta.remark),
    ] {
        if !values.is_empty() {
            out.push_str(&format!("{key} = {}\n", string_or_list(values)));
        }
    }
    if let Some(intended) = &meta.intended {
        out.push_str(&format!("intended = {}\n", quote(intended)));
    }
    match problem.language {
        Language::English => {}
        Language::German => out.push_str("language = \"german\"\n"),
        Language::French => out.push_str("language = \"french\"\n"),
    }
    // The turn is decided by the stipulation and options: keep the FEN's
    // side to move as the diagram has it.
    if problem.position.fairy().nonempty() {
        out.push_str(&pieces_table(&problem.position));
    } else {
        out.push_str(&format!("fen = {}\n", quote(&to_fen(&problem.position))));
    }
    if let Some(start) = &problem.start {
        if start.fairy().nonempty() || start.attributed().nonempty() {
            return Err(ConvertError(
                "an a=>b start position with fairy or attributed units has no TOML form".into(),
            ));
        }
        out.push_str(&format!("start = {}\n", quote(&to_fen(start))));
    }
    out.push_str(&format!(
        "stipulation = {}\n",
        quote(&problem.stipulation.value)
    ));
    if let Some(name) = condition_name(&problem.rules)? {
        out.push_str(&format!("condition = {}\n", quote(&name)));
    }
    // The FEN gives neutral units as White; the list makes them neutral.
    let pos = &problem.position;
    let mut lists = vec![("kamikaze", pos.kamikaze()), ("neutral", pos.neutral())];
    for (key, attr) in crate::io::toml_input::ATTRIBUTE_KEYS {
        let mut squares = pos.with_attrs(attr);
        if attr == crate::board::Attrs::ROYAL {
            // A royal walk (sting, poseidon) is royal without the list.
            for sq in squares {
                if pos.kind_at(sq).is_some_and(|k| k.is_royal()) {
                    squares.clear(sq);
                }
            }
        }
        lists.push((key, squares));
    }
    for (key, squares) in lists {
        if squares.nonempty() {
            let list: Vec<String> = squares
                .into_iter()
                .map(|sq| quote(&sq.to_string()))
                .collect();
            out.push_str(&format!("{key} = [{}]\n", list.join(", ")));
        }
    }
    let mut options = Vec::new();
    let mut dropped = Vec::new();
    for o in &problem.options {
        match option_text(&o.value)? {
            Some(t) => options.push(t),
            None => {
                if let ProblemOption::Cosmetic(name) = &o.value {
                    dropped.push(name.clone());
                }
            }
        }
    }
    if !options.is_empty() {
        out.push_str(&format!(
            "options = [{}]\n",
            options
                .iter()
                .map(|s| quote(s))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if !dropped.is_empty() {
        out.push_str(&format!(
            "# Popeye options dropped (they change only the display or the speed): {}\n",
            dropped.join(", ")
        ));
    }
    if problem.zero_position {
        out.push_str("zeroposition = true\n");
    }
    write_twins(&mut out, problem)?;
    if let Some(text) = expected {
        out.push_str(&format!("\n[expected]\nsolution = {}\n", multiline(text)));
    }
    Ok(out)
}

fn is_finished(line: &str) -> bool {
    let l = line.trim_start().to_ascii_lowercase();
    l.starts_with("solution finished")
        || l.starts_with("loesung beendet")
        || l.starts_with("solution termin")
}

fn is_twin_label(line: &str) -> bool {
    let b = line.as_bytes();
    b.len() >= 2 && b[0].is_ascii_lowercase() && b[1] == b')'
}

fn is_solution_line(line: &str) -> bool {
    let t = line.trim_start();
    let indented = t.len() < line.len();
    let digits = t.bytes().take_while(|b| b.is_ascii_digit()).count();
    is_twin_label(line)
        || (indented && digits > 0 && t[digits..].starts_with('.'))
        || (indented && {
            // The word after the key with `postkeyplay` opens the solution.
            let l = t.to_ascii_lowercase();
            ["zugzwang", "blocus", "threat:", "drohung:", "menace:"]
                .iter()
                .any(|w| l.starts_with(w))
        })
}

/// Splits a Popeye output holding several problems into one text per
/// problem, each ending with its "solution finished" line.
pub fn split_outputs(text: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut cur = String::new();
    for line in text.lines() {
        cur.push_str(line);
        cur.push('\n');
        if is_finished(line) {
            parts.push(std::mem::take(&mut cur));
        }
    }
    if !cur.trim().is_empty() {
        parts.push(cur);
    }
    parts
}

/// The solution part of one problem's Popeye output: from the first
/// solution line (a move or a twin label) after the diagram to the line
/// before "solution finished", trailing blank lines dropped.
pub fn solution_part(output: &str) -> String {
    let lines: Vec<&str> = output.lines().collect();
    let after_board = lines
        .iter()
        .rposition(|l| l.starts_with("+---a---b---"))
        .map_or(0, |i| i + 1);
    let start = lines[after_board..]
        .iter()
        .position(|l| is_solution_line(l))
        .map_or(lines.len(), |i| after_board + i);
    let end = lines[start..]
        .iter()
        .position(|l| is_finished(l))
        .map_or(lines.len(), |i| start + i);
    let mut part: Vec<&str> = lines[start..end].to_vec();
    while part.last().is_some_and(|l| l.trim().is_empty()) {
        part.pop();
    }
    let mut text = part.join("\n");
    if !text.is_empty() {
        text.push('\n');
    }
    text
}

/// The recorded Popeye output beside a Popeye input file: `NAME.out`.
pub fn recorded_output_path(input: &Path) -> PathBuf {
    input.with_extension("out")
}

/// One problem of a Popeye file, converted.
#[derive(Debug)]
pub struct Converted {
    /// Where the problem starts.
    pub source: crate::problem::SourceRef,
    /// 1-based number of the problem in its file, and how many it holds.
    pub number: usize,
    pub of: usize,
    /// The TOML text, with a comment naming where it came from; or why the
    /// problem cannot be written as TOML.
    pub text: Result<String, ConvertError>,
}

impl Converted {
    /// The file name `circe convert -o DIR` gives it: `NAME.toml` for the
    /// first problem of `NAME.inp`, `NAME-2.toml` ... for the later ones.
    pub fn file_name(&self) -> String {
        self.file_name_with("toml")
    }

    /// [`Converted::file_name`] with another extension (`yaml`).
    pub fn file_name_with(&self, ext: &str) -> String {
        let stem = self.source.file.file_stem().unwrap_or_default();
        let stem = stem.to_string_lossy();
        if self.number == 1 {
            format!("{stem}.{ext}")
        } else {
            format!("{stem}-{}.{ext}", self.number)
        }
    }
}

/// `circe convert` for one file: every problem as TOML, with the solution
/// recorded in the `.out` file beside it as `[expected]`. A problem the TOML
/// reader would refuse is not converted.
pub fn convert_file(file: &Path) -> Result<Vec<Converted>, crate::problem::InputError> {
    let problems = crate::io::load_problems(file)?;
    let out_path = recorded_output_path(file);
    let outputs = crate::io::read_text(&out_path)
        .ok()
        .map(|t| split_outputs(&t))
        .filter(|o| o.len() == problems.len());
    let of = problems.len();
    let converted = problems
        .iter()
        .enumerate()
        .map(|(i, problem)| {
            let expected = outputs.as_ref().map(|o| solution_part(&o[i]));
            let text = problem_to_toml(problem, expected.as_deref()).and_then(|t| {
                crate::io::toml_input::parse_toml(&t, Path::new("converted.toml"))
                    .map(|_| t)
                    .map_err(|e| ConvertError(format!("the TOML reader refuses it: {}", e.message)))
            });
            let text = text.map(|t| {
                let mut header = format!(
                    "{}{} by `circe convert`",
                    super::replace::CONVERTED_MARK,
                    file.file_name().unwrap_or_default().to_string_lossy()
                );
                if expected.is_some() {
                    header.push_str(&format!(
                        "; [expected] is Popeye's output ({})",
                        out_path.file_name().unwrap_or_default().to_string_lossy()
                    ));
                }
                format!("{header}.\n\n{t}")
            });
            Converted {
                source: problem.source.clone(),
                number: i + 1,
                of,
                text,
            }
        })
        .collect();
    Ok(converted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::toml_input::parse_toml;

    fn roundtrip(p: &Problem) {
        let text = problem_to_toml(p, Some("   1.Ka1-b1 !\n")).unwrap();
        let q = parse_toml(&text, Path::new("x.toml"))
            .unwrap_or_else(|e| panic!("{}: {e}\n{text}", p.source));
        assert_eq!(p.position.occupied(), q.position.occupied(), "{text}");
        for sq in p.position.occupied() {
            assert_eq!(p.position.piece_at(sq), q.position.piece_at(sq), "{text}");
        }
        assert_eq!(p.stipulation.value, q.stipulation.value);
        assert_eq!(p.rules, q.rules, "{text}");
        assert_eq!(p.meta, q.meta);
        assert_eq!(p.language, q.language);
        assert_eq!(p.zero_position, q.zero_position);
        let opts = |p: &Problem| -> Vec<ProblemOption> {
            p.options
                .iter()
                .map(|o| o.value.clone())
                .filter(|o| !matches!(o, ProblemOption::Cosmetic(_)))
                .collect()
        };
        assert_eq!(opts(p), opts(&q), "{text}");
        let twins = |p: &Problem| -> Vec<(bool, Vec<TwinCommand>)> {
            p.twins
                .iter()
                .map(|t| (t.continued, t.commands.clone()))
                .collect()
        };
        assert_eq!(twins(p), twins(&q), "{text}");
        assert_eq!(q.expected.as_deref(), Some("   1.Ka1-b1 !\n"));
    }

    /// Round-trips every problem of the `.inp` files in `dir` that converts;
    /// returns how many did.
    fn round_trip_folder(dir: &Path) -> usize {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return 0;
        };
        let mut converted = 0;
        for e in entries.flatten() {
            let path = e.path();
            if path.extension().is_none_or(|x| x != "inp") {
                continue;
            }
            let Ok(problems) = crate::io::load_problems(&path) else {
                continue;
            };
            for p in &problems {
                // What convert refuses (the TOML reader would) is skipped.
                let readable = problem_to_toml(p, None)
                    .is_ok_and(|t| parse_toml(&t, Path::new("x.toml")).is_ok());
                if readable {
                    roundtrip(p);
                    converted += 1;
                }
            }
        }
        converted
    }

    /// Every tier-1 corpus problem that converts reads back the same.
    #[test]
    fn corpus_round_trip() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/popeye/tier1");
        if dir.exists() {
            assert!(round_trip_folder(&dir) > 0);
        }
    }

    /// Every condition's example reads back with its condition, those
    /// without a Circe form included (they were once dropped).
    #[test]
    fn conditions_library_round_trip() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/conditions");
        assert!(round_trip_folder(&dir) > 50);
    }

    #[test]
    fn intended_round_trips() {
        let text = "fen = \"4k3/8/8/8/8/8/8/R3K3 b - - 0 1\"\nstipulation = \"h#2\"\nintended = \"2.1.1...\"\n";
        let p = parse_toml(text, Path::new("i.toml")).unwrap();
        assert_eq!(p.meta.intended.as_deref(), Some("2.1.1..."));
        roundtrip(&p);
    }

    #[test]
    fn multiline_keeps_text() {
        for text in ["a) \n\n  1.x\n", "it's '''odd''' \\ \"q\"\n"] {
            let toml_text = format!("v = {}\n", multiline(text));
            let v: toml::Value = toml::from_str(&toml_text).unwrap();
            assert_eq!(v["v"].as_str(), Some(text), "{toml_text}");
        }
    }

    #[test]
    fn solution_part_after_the_key_begins_with_its_word() {
        for word in ["threat:", "Drohung:", "menace:", "zugzwang.", "blocus."] {
            let out = format!("+---a---b---c---d---e---f---g---h---+\n  #2      5 + 10\n\n {word}\n          2.Kb1-c1 #\n\n\nsolution finished. Time = 0.026 s\n");
            assert_eq!(
                solution_part(&out),
                format!(" {word}\n          2.Kb1-c1 #\n")
            );
        }
    }

    #[test]
    fn solution_part_of_popeye_output() {
        let out = "  Author\n\n+---a---b---c---d---e---f---g---h---+\n|   |\n+---a---b---c---d---e---f---g---h---+\n  #2      5 + 10\n   AntiCirce\n\n   1.Sa8-b6 ! Drohung:\n          2.Kb1-c1 #\n\n\nLoesung beendet. Zeit = 0.026 s\n\n\n";
        assert_eq!(
            solution_part(out),
            "   1.Sa8-b6 ! Drohung:\n          2.Kb1-c1 #\n"
        );
    }
}
