//! Writing a problem as a YACPDB entry: the YAML document of olive-gui's
//! `yacpdb-entry.schema.json` (`circe convert --to yacpdb`).
//!
//! Pieces, options, conditions and twins are written in English Popeye
//! syntax, as YACPDB has them; the metadata lines the YACPDB reader made
//! ([`crate::io::yacpdb_input::metadata`]) are taken apart into YACPDB's
//! fields again, and lines of other shapes go where they fit (a source
//! needs a year; what has no field becomes a comment). What YACPDB cannot
//! say (a structured stipulation, Alsatian Circe, the Frischauf attribute,
//! units under squares) is refused with a [`ConvertError`], never dropped,
//! except Popeye options that change only the display or the speed, which
//! are dropped with a comment.

use crate::board::{Attrs, Color, Kind, Piece, Position, Square};
use crate::io::language::{piece_letter, ATTRIBUTE_NAMES};
use crate::io::yacpdb_input::metadata::{Award, Date, Source, FOREIGN_ID, KEYWORDS};
use crate::output::toml_problem::ConvertError;
use crate::problem::{Language, MirrorAxis, Problem, ProblemOption, TwinCommand};
use crate::rules::Rules;
use std::fmt::Write;

fn err<T>(message: impl Into<String>) -> Result<T, ConvertError> {
    Err(ConvertError(message.into()))
}

/// YACPDB's labels (stipulation, options, keywords) are at most 255
/// characters long.
const LABEL_MAX: usize = 255;

/// A YAML scalar: plain when it reads back as the same text in any
/// context (a block or a flow list), else double-quoted (a JSON string
/// is a YAML double-quoted scalar).
pub fn scalar(s: &str) -> String {
    let reserved = ["true", "false", "yes", "no", "on", "off", "null", "y", "n"];
    let plain = s.chars().next().is_some_and(char::is_alphabetic)
        && !s.ends_with(' ')
        && s.chars()
            .all(|c| c.is_alphanumeric() || " .-_/()'&+!?<>=*".contains(c))
        && !reserved.contains(&s.to_ascii_lowercase().as_str());
    if plain {
        s.to_string()
    } else {
        serde_json::Value::String(s.to_string()).to_string()
    }
}

/// A text of several lines as a literal block (`|`), which keeps every
/// character, written at `indent`; a double-quoted scalar when a literal
/// block cannot hold it (control characters, lines of blanks alone).
pub fn block(text: &str, indent: usize) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let literal = !text.trim().is_empty()
        && !text
            .chars()
            .any(|c| (c.is_control() && c != '\n' && c != '\t') || c == '\u{feff}')
        && lines.iter().all(|l| l.is_empty() || !l.trim().is_empty())
        && !text.starts_with('\n');
    if !literal {
        return scalar(text);
    }
    let trailing = text.len() - text.trim_end_matches('\n').len();
    let chomp = match trailing {
        0 => "-",
        1 => "",
        _ => "+",
    };
    let first = lines.iter().find(|l| !l.is_empty()).copied().unwrap_or("");
    let indicator = if first.starts_with([' ', '\t']) {
        indent.to_string()
    } else {
        String::new()
    };
    let pad = " ".repeat(indent);
    let mut out = format!("|{indicator}{chomp}\n");
    let body = &text[..text.len() - trailing];
    for l in body.split('\n') {
        if !l.is_empty() {
            out.push_str(&pad);
            out.push_str(l);
        }
        out.push('\n');
    }
    for _ in 1..trailing {
        out.push('\n');
    }
    out
}

fn code(kind: Kind) -> String {
    piece_letter(Language::English, kind).to_ascii_uppercase()
}

/// A unit as YACPDB writes it: attributes, code, square (`Kamikaze Sa1`);
/// the neutral attribute is the list it is in, the royal one of a royal
/// walk (king, sting, poseidon) goes without saying.
fn piece_decl(p: Piece, sq: Square) -> Result<String, ConvertError> {
    let mut out = String::new();
    let mut left = p.attrs.without(Attrs::NEUTRAL);
    for (attr, names) in ATTRIBUTE_NAMES {
        // Anda and AndaInverse: no YACPDB notation known (refused below).
        if !p.attrs.contains(attr) || attr == Attrs::ANDA || attr == Attrs::ANDA_INVERSE {
            continue;
        }
        left = left.without(attr);
        if attr == Attrs::ROYAL && (p.kind == Kind::KING || p.kind.is_royal()) {
            continue;
        }
        if attr == Attrs::PROMOTED {
            return err(format!(
                "the unit on {sq} has the Frischauf attribute, which YACPDB has no notation for"
            ));
        }
        out.push_str(names[0]);
        out.push(' ');
    }
    if !left.is_empty() {
        return err(format!(
            "the unit on {sq} has an attribute YACPDB has no notation for"
        ));
    }
    let _ = write!(out, "{}{sq}", code(p.kind));
    Ok(out)
}

fn colour_word(p: Piece) -> &'static str {
    match p.color {
        _ if p.is_neutral() => "neutral",
        Color::White => "white",
        Color::Black => "black",
    }
}

fn squares(s: &[Square]) -> String {
    s.iter()
        .map(|q| q.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// An option in Popeye's words, as YACPDB writes them (`SetPlay`,
/// `Defence 1`); `None` for one that changes only the display or speed.
fn option_words(o: &ProblemOption) -> Option<String> {
    Some(match o {
        ProblemOption::HalfDuplex => "HalfDuplex".into(),
        ProblemOption::Duplex => "Duplex".into(),
        ProblemOption::WhiteBegins => "WhiteToPlay".into(),
        ProblemOption::Variation => "Variation".into(),
        ProblemOption::Try => "Try".into(),
        ProblemOption::Defence(n) => format!("Defence {n}"),
        ProblemOption::Threat(n) => format!("Threat {n}"),
        ProblemOption::SetPlay => "SetPlay".into(),
        ProblemOption::NoThreat => "NoThreat".into(),
        ProblemOption::NonTrivial(m, n) => format!("NonTrivial {m} {n}"),
        ProblemOption::MaxFlights(n) => format!("MaxFlightsquares {n}"),
        ProblemOption::MaxSolutions(n) => format!("MaxSolutions {n}"),
        ProblemOption::MaxTime(n) => format!("MaxTime {n}"),
        ProblemOption::NoWhiteKing => "NoWk".into(),
        ProblemOption::NoBlackKing => "NoBk".into(),
        ProblemOption::EnPassant(s) => format!("EnPassant {}", squares(s)),
        ProblemOption::NoCastling(s) => format!("NoCastling {}", squares(s)),
        ProblemOption::CastlingMutuallyExclusive(w, b) => {
            format!("CastlingMutuallyExclusive {w}{b}")
        }
        ProblemOption::Start(n) => format!("StartMoveNumber {n}"),
        ProblemOption::UpTo(n) => format!("UpToMoveNumber {n}"),
        ProblemOption::PostKeyPlay => "PostKeyPlay".into(),
        ProblemOption::Quodlibet => "Quodlibet".into(),
        ProblemOption::KeepMatingPiece => "KeepMatingPiece".into(),
        ProblemOption::GoalIsEnd => "GoalIsEnd".into(),
        ProblemOption::StopOnShortSolutions => "StopOnShortSolutions".into(),
        ProblemOption::NoShortVariations => "NoShortVariations".into(),
        ProblemOption::MoveNumbers => "MoveNumbers".into(),
        ProblemOption::NoBoard => "NoBoard".into(),
        ProblemOption::Intelligent => "Intelligent".into(),
        ProblemOption::Cosmetic(_) => return None,
    })
}

/// The condition words of `rules`, one entry per condition (Popeye's
/// English input); Alsatian Circe, circe's own, has none.
fn condition_entries(rules: &Rules) -> Result<Vec<String>, ConvertError> {
    if rules.alsatian() {
        return err(
            "Alsatian Circe is circe's own condition: YACPDB (Popeye's words) has no name for it",
        );
    }
    Ok(crate::vocabulary::condition_input_lines(rules))
}

fn twin_command(c: &TwinCommand) -> Result<String, ConvertError> {
    Ok(match c {
        TwinCommand::Move(a, b) => format!("Move {a} {b}"),
        TwinCommand::Exchange(a, b) => format!("Exchange {a} {b}"),
        TwinCommand::Shift(a, b) => format!("Shift {a} {b}"),
        TwinCommand::Remove(sq) => format!("Remove {sq}"),
        TwinCommand::Add(p, sq) => format!("Add {} {}", colour_word(*p), piece_decl(*p, *sq)?),
        TwinCommand::Substitute(a, b) => format!("Substitute {} {}", code(*a), code(*b)),
        TwinCommand::Rotate(d) => format!("Rotate {d}"),
        TwinCommand::Mirror(axis) => format!(
            "Mirror {}",
            match axis {
                MirrorAxis::Files => "a1<-->h1",
                MirrorAxis::Ranks => "a1<-->a8",
                MirrorAxis::Diagonal => "a1<-->h8",
                MirrorAxis::AntiDiagonal => "a8<-->h1",
            }
        ),
        TwinCommand::PolishType => "PolishType".into(),
        TwinCommand::Stipulation(s) if s.starts_with("sstipulation") => {
            return err("a twin with a structured stipulation has no YACPDB form")
        }
        TwinCommand::Stipulation(s) => format!("Stipulation {s}"),
        TwinCommand::Condition(rules) => {
            let words = condition_entries(rules)?;
            if words.is_empty() {
                return err("a twin that takes the conditions away has no Popeye form");
            }
            format!("Condition {}", words.join(" "))
        }
        TwinCommand::Forsyth { text, .. } => format!("Forsyth {text}"),
        TwinCommand::Other(s) => return err(format!("twin command `{s}` has no YACPDB form")),
    })
}

/// Olive's name of the twin at `index` (0: the zero position `a`).
fn twin_key(index: usize) -> String {
    if index < 26 {
        char::from(b'a' + index as u8).to_string()
    } else {
        format!("z{}", index - 25)
    }
}

/// The castling rights and en passant square the diagram has beyond
/// Popeye's default (every king and rook on its square may castle, no en
/// passant), as options.
fn position_options(pos: &Position, options: &[ProblemOption]) -> Vec<String> {
    let mut out = Vec::new();
    let mut default = *pos;
    default.set_unmoved_from_placement();
    for o in options {
        if let ProblemOption::NoCastling(s) = o {
            for sq in s {
                default.unmoved.clear(*sq);
            }
        }
    }
    let lost: Vec<Square> = default
        .unmoved
        .into_iter()
        .filter(|sq| !pos.unmoved.contains(*sq))
        .collect();
    if !lost.is_empty() {
        out.push(format!("NoCastling {}", squares(&lost)));
    }
    let said = options
        .iter()
        .any(|o| matches!(o, ProblemOption::EnPassant(_)));
    if let (Some(ep), false) = (pos.ep_square, said) {
        let v = pos.ep_victim;
        let from = Square::new(v.file(), (2 * ep.rank() as i32 - v.rank() as i32) as u8);
        out.push(format!("EnPassant {}", squares(&[from, ep, v])));
    }
    out
}

fn push_list(out: &mut String, key: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let _ = writeln!(out, "{key}:");
    for i in items {
        // A literal block in a list, but not one that needs an
        // indentation indicator (its meaning there differs among readers).
        let indented = i
            .split('\n')
            .find(|l| !l.is_empty())
            .is_some_and(|l| l.starts_with([' ', '\t']));
        if i.contains('\n') && !indented {
            let _ = write!(out, "  - {}", block(i, 4));
            if !out.ends_with('\n') {
                out.push('\n');
            }
        } else {
            let _ = writeln!(out, "  - {}", scalar(i));
        }
    }
}

/// Each once, in order (YACPDB's lists have unique items).
fn unique(items: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for i in items {
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out
}

/// A number when the text is one, else the text, as a YAML scalar.
fn label(s: &str) -> String {
    if !s.is_empty() && s.len() < 10 && s.bytes().all(|b| b.is_ascii_digit()) && !s.starts_with('0')
    {
        s.to_string()
    } else {
        scalar(s)
    }
}

fn write_date(out: &mut String, d: &Date, indent: &str) {
    let _ = writeln!(out, "{indent}date:");
    if d.year.len() == 4 {
        let _ = writeln!(out, "{indent}  year: {}", d.year);
    } else {
        let _ = writeln!(out, "{indent}  year: {}", scalar(&d.year));
    }
    if let Some(m) = d.month {
        let _ = writeln!(out, "{indent}  month: {m}");
        if let Some(day) = d.day {
            let _ = writeln!(out, "{indent}  day: {day}");
        }
    }
}

fn write_source(out: &mut String, s: &Source, date: &Date, indent: &str) {
    let _ = writeln!(out, "{indent}name: {}", scalar(&s.name));
    for (key, value) in &s.fields {
        let v = if *key == "pagenumber" {
            value.clone()
        } else {
            label(value)
        };
        let _ = writeln!(out, "{indent}{key}: {v}");
    }
    write_date(out, date, indent);
}

/// Whether YACPDB takes `a` as a person: `Family, Given` or a name
/// without a comma, at most 255 characters.
fn is_person(a: &str) -> bool {
    a.split(", ").all(|p| !p.is_empty() && !p.contains(','))
        && a.matches(", ").count() <= 1
        && a.chars().count() <= LABEL_MAX
}

/// The authors as YACPDB wants them, one person each; several joined by
/// ` & ` are several authors.
fn authors(names: &[String]) -> Result<Vec<String>, ConvertError> {
    let mut out = Vec::new();
    for n in names {
        for a in n.split(" & ") {
            let a = a.trim();
            if !is_person(a) {
                return err(format!(
                    "author `{a}`: YACPDB writes one person as `Family, Given`"
                ));
            }
            out.push(a.to_string());
        }
    }
    Ok(unique(out))
}

/// The problem as a YACPDB entry. `solution`: the solution to record when
/// the problem has none of its own (`Metadata::solution_text`), e.g.
/// Popeye's output; YACPDB requires one.
pub fn problem_to_yacpdb(
    problem: &Problem,
    solution: Option<&str>,
) -> Result<String, ConvertError> {
    let meta = &problem.meta;
    let pos = &problem.position;
    let stipulation = problem.stipulation.value.trim();
    if stipulation.starts_with("sstipulation") {
        return err("a structured stipulation (sstipulation) has no YACPDB form");
    }
    if stipulation.is_empty() || stipulation.chars().count() > LABEL_MAX {
        return err("YACPDB's stipulation is 1 to 255 characters");
    }
    if !pos.waiting.is_empty() {
        return err("units under the squares (two units placed on one square) have no YACPDB form");
    }
    let Some(solution) = meta.solution_text.as_deref().or(solution) else {
        return err("no solution to record: YACPDB's `solution` is required (TOML `[expected]`, the `.out` beside a Popeye file)");
    };
    if solution.trim().is_empty() {
        return err("the solution is empty: YACPDB's `solution` is required");
    }
    let mut out = String::new();
    let mut comments: Vec<String> = Vec::new();
    for t in &meta.title {
        comments.push(format!("Title: {t}"));
    }
    push_list(&mut out, "authors", &authors(&meta.author)?);
    // The first origin is the source (when a year can be found in it),
    // the others are comments.
    let mut source_written = false;
    for (i, o) in meta.origin.iter().enumerate() {
        let s = Source::from_line(o);
        match (&s.date, i) {
            (Some(date), 0) if !s.name.is_empty() && s.name.chars().count() <= LABEL_MAX => {
                out.push_str("source:\n");
                write_source(&mut out, &s, date, "  ");
                source_written = true;
            }
            _ => comments.push(format!("Source: {o}")),
        }
    }
    for (i, a) in meta.award.iter().enumerate() {
        match Award::from_line(a) {
            Some(award)
                if i == 0
                    && source_written
                    && award.judges.iter().all(|j| is_person(j))
                    && award.tourney.as_ref().is_none_or(|t| {
                        !t.name.is_empty() && t.name.chars().count() <= LABEL_MAX
                    }) =>
            {
                out.push_str("award:\n");
                match &award.tourney {
                    None => out.push_str("  tourney: ditto\n"),
                    Some(t) => {
                        out.push_str("  tourney:\n");
                        let _ = writeln!(out, "    name: {}", scalar(&t.name));
                        if let Some(d) = &t.date {
                            write_date(&mut out, d, "    ");
                        }
                    }
                }
                let _ = writeln!(out, "  distinction: {}", scalar(&award.distinction));
                push_list(&mut out, "  judges", &award.judges);
            }
            _ => comments.push(format!("Award: {a}")),
        }
    }
    // The diagram, each side's units from a1 to h8.
    let mut lists: [(&str, Vec<String>); 3] = [
        ("white", Vec::new()),
        ("black", Vec::new()),
        ("neutral", Vec::new()),
    ];
    for (p, sq) in pos.units() {
        let i = match colour_word(p) {
            "white" => 0,
            "black" => 1,
            _ => 2,
        };
        lists[i].1.push(piece_decl(p, sq)?);
    }
    out.push_str("algebraic:\n");
    if lists.iter().all(|(_, l)| l.is_empty()) {
        out.truncate(out.len() - 1);
        out.push_str(" {}\n");
    }
    for (colour, list) in &lists {
        if !list.is_empty() {
            let items: Vec<String> = list.iter().map(|d| scalar(d)).collect();
            let _ = writeln!(out, "  {colour}: [{}]", items.join(", "));
        }
    }
    let _ = writeln!(out, "stipulation: {}", scalar(stipulation));
    let mut options = Vec::new();
    let mut dropped = Vec::new();
    let plain_options: Vec<ProblemOption> =
        problem.options.iter().map(|o| o.value.clone()).collect();
    for o in &plain_options {
        match option_words(o) {
            Some(w) => options.push(w),
            None => {
                if let ProblemOption::Cosmetic(name) = o {
                    dropped.push(name.clone());
                }
            }
        }
    }
    options.extend(position_options(pos, &plain_options));
    options.extend(condition_entries(&problem.rules)?);
    let options = unique(options);
    if let Some(o) = options.iter().find(|o| o.chars().count() > LABEL_MAX) {
        return err(format!(
            "option `{o}` is longer than YACPDB's 255 characters"
        ));
    }
    push_list(&mut out, "options", &options);
    if !dropped.is_empty() {
        let _ = writeln!(
            out,
            "# Popeye options dropped (they change only the display or the speed): {}",
            dropped.join(", ")
        );
    }
    if problem.zero_position && problem.twins.len() < 2 {
        // YACPDB's twins start at `b`; `a` alone is not enough.
        return err("a zero position with one twin has no YACPDB form (its twins need a `b`)");
    }
    if !problem.twins.is_empty() {
        out.push_str("twins:\n");
        let first = if problem.zero_position { 0 } else { 1 };
        for (i, twin) in problem.twins.iter().enumerate() {
            let mut words = Vec::new();
            if twin.continued {
                words.push("Continued".to_string());
            }
            for c in &twin.commands {
                words.push(twin_command(c)?);
            }
            let _ = writeln!(
                out,
                "  {}: {}",
                twin_key(first + i),
                scalar(&words.join(" "))
            );
        }
    }
    if let Some(i) = &meta.intended {
        let i = i.trim();
        let number =
            i.bytes().all(|b| b.is_ascii_digit()) && i.parse::<u32>().is_ok_and(|n| n >= 2);
        let shape = {
            let body = i.strip_suffix("...").unwrap_or(i);
            !body.is_empty()
                && body
                    .split('.')
                    .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        };
        if number {
            let _ = writeln!(out, "intended-solutions: {i}");
        } else if shape {
            let _ = writeln!(out, "intended-solutions: {}", scalar(i));
        } else {
            return err(format!(
                "intended solutions `{i}`: YACPDB writes a number (2 or more) or `2.1.1...`"
            ));
        }
    }
    let _ = write!(out, "solution: {}", block(solution, 2));
    if !out.ends_with('\n') {
        out.push('\n');
    }
    let mut keywords = Vec::new();
    let mut foreign = Vec::new();
    for r in &meta.remark {
        if let Some(k) = r.strip_prefix(KEYWORDS) {
            keywords.extend(k.split(", ").map(str::to_string));
        } else if let Some((d, p)) = r.strip_prefix(FOREIGN_ID).and_then(|f| f.split_once(": ")) {
            foreign.push((d.to_string(), p.to_string()));
        } else {
            // Reprints (`Reprint: ...`) too: YACPDB's need a date.
            comments.push(r.clone());
        }
    }
    let keywords = unique(keywords.into_iter().filter(|k| !k.is_empty()).collect());
    if let Some(k) = keywords.iter().find(|k| k.chars().count() > LABEL_MAX) {
        return err(format!(
            "keyword `{k}` is longer than YACPDB's 255 characters"
        ));
    }
    push_list(&mut out, "keywords", &keywords);
    push_list(&mut out, "comments", &unique(comments));
    if !foreign.is_empty() {
        out.push_str("foreignids:\n");
        for (d, p) in foreign {
            let _ = writeln!(
                out,
                "  - domain: {}\n    problemid: {}",
                scalar(&d),
                label(&p)
            );
        }
    }
    Ok(out)
}

/// What a reader must give back for the entry to be the problem: the
/// diagram (units, castling rights, en passant), the stipulation, the
/// rules, the options that change the play, the twins.
fn same_problem(a: &Problem, b: &Problem) -> Result<(), String> {
    let units = |p: &Problem| p.position.units().collect::<Vec<_>>();
    if units(a) != units(b) {
        return Err("the diagram".into());
    }
    if a.position.unmoved != b.position.unmoved || a.position.ep_square != b.position.ep_square {
        return Err("the castling rights or en passant".into());
    }
    if a.stipulation.value.trim() != b.stipulation.value {
        return Err("the stipulation".into());
    }
    if a.rules != b.rules {
        return Err("the conditions".into());
    }
    let options = |p: &Problem| -> Vec<ProblemOption> {
        p.options
            .iter()
            .map(|o| o.value.clone())
            .filter(|o| {
                !matches!(
                    o,
                    ProblemOption::Cosmetic(_)
                        | ProblemOption::NoCastling(_)
                        | ProblemOption::EnPassant(_)
                )
            })
            .collect()
    };
    if options(a) != options(b) {
        return Err("the options".into());
    }
    let twins = |p: &Problem| -> Vec<(bool, Vec<TwinCommand>)> {
        p.twins
            .iter()
            .map(|t| (t.continued, t.commands.clone()))
            .collect()
    };
    if twins(a) != twins(b) || a.zero_position != b.zero_position {
        return Err("the twins".into());
    }
    Ok(())
}

/// `circe convert --to yacpdb` for one file: every problem as a YACPDB
/// entry, with its recorded solution (its own, TOML `[expected]`, or the
/// `.out` beside a Popeye file). Each entry is read back and must give the
/// same problem, or it is refused.
pub fn convert_file(
    file: &std::path::Path,
) -> Result<Vec<crate::output::toml_problem::Converted>, crate::problem::InputError> {
    use crate::output::replace::CONVERTED_MARK;
    use crate::output::toml_problem::{
        recorded_output_path, solution_part, split_outputs, Converted,
    };
    let problems = crate::io::load_problems(file)?;
    let outputs = crate::io::read_text(&recorded_output_path(file))
        .ok()
        .map(|t| split_outputs(&t))
        .filter(|o| o.len() == problems.len());
    let of = problems.len();
    let name = file.file_name().unwrap_or_default().to_string_lossy();
    Ok(problems
        .iter()
        .enumerate()
        .map(|(i, problem)| {
            let recorded = outputs.as_ref().map(|o| solution_part(&o[i]));
            let solution = problem.expected.clone().or(recorded);
            let text = problem_to_yacpdb(problem, solution.as_deref()).and_then(|t| {
                let back = crate::io::yacpdb_input::parse_yacpdb(&t, file)
                    .into_iter()
                    .next();
                match back {
                    Some(Ok(q)) => same_problem(problem, &q)
                        .map(|_| t)
                        .map_err(|what| ConvertError(format!("the entry does not keep {what}"))),
                    Some(Err(e)) => Err(ConvertError(format!(
                        "the YACPDB reader refuses it: {}",
                        e.message
                    ))),
                    None => Err(ConvertError("the entry reads back as nothing".into())),
                }
            });
            Converted {
                source: problem.source.clone(),
                number: i + 1,
                of,
                text: text.map(|t| format!("{CONVERTED_MARK}{name} by `circe convert`.\n{t}")),
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalars_read_back_as_written() {
        for s in [
            "#2",
            "h#2",
            "Kamikaze Sa1",
            "yes",
            "1965",
            "Müller, Dieter",
            "a: b",
            " x",
            "it's",
            "[x]",
            "",
        ] {
            let text = format!("k: {}\nl: [{}]\n", scalar(s), scalar(s));
            let (docs, e) = crate::io::yacpdb_input::yaml::documents(&text);
            assert!(e.is_none(), "{text}");
            let crate::io::yacpdb_input::yaml::Value::Map(items) = &docs[0].root.value else {
                panic!("{text}")
            };
            let expected = if s.is_empty() {
                crate::io::yacpdb_input::yaml::Value::Scalar(String::new())
            } else {
                crate::io::yacpdb_input::yaml::Value::Scalar(s.into())
            };
            assert_eq!(items[0].1.value, expected, "{text}");
        }
    }

    fn popeye(text: &str) -> Problem {
        crate::io::popeye_input::parse_popeye(text, std::path::Path::new("t.inp"))
            .unwrap_or_else(|e| panic!("{e}"))
            .remove(0)
    }

    #[test]
    fn metadata_goes_into_its_fields_and_comes_back() {
        let mut p = popeye(
            "beginproblem stipulation h#2 pieces white ka1 kamikaze sb1 black kh8 neutral pa2 twin move a2 a3 endproblem",
        );
        p.meta.author = vec!["Tauber, Theodor & Avner, Uri".into()];
        p.meta.origin = vec!["Die Schwalbe, issue 125, No. 7100, 1990-10".into()];
        p.meta.award = vec!["1st Prize; judge: Rehm, Hans Peter".into()];
        p.meta.remark = vec![
            "Keywords: Zilahi, Model mates".into(),
            "two\nlines".into(),
            "  indented\nlines".into(),
            "foreignid PDB: P1234".into(),
        ];
        p.meta.intended = Some("2.1...".into());
        let yaml = problem_to_yacpdb(&p, Some("1.x\n")).unwrap();
        assert!(yaml.contains("  white: [Ka1, Kamikaze Sb1]\n"), "{yaml}");
        assert!(yaml.contains("  neutral: [Pa2]\n"), "{yaml}");
        assert!(yaml.contains("  problemid: 7100\n"), "{yaml}");
        assert!(yaml.contains("  b: Move a2 a3\n"), "{yaml}");
        let back = crate::io::yacpdb_input::parse_yacpdb(&yaml, std::path::Path::new("b.yaml"))
            .remove(0)
            .unwrap_or_else(|e| panic!("{e}\n{yaml}"));
        assert_eq!(back.meta.author, vec!["Tauber, Theodor", "Avner, Uri"]);
        assert_eq!(back.meta.origin, p.meta.origin);
        assert_eq!(back.meta.award, p.meta.award);
        assert_eq!(back.meta.remark, p.meta.remark, "{yaml}");
        assert_eq!(back.meta.intended, p.meta.intended);
        assert_eq!(back.meta.solution_text.as_deref(), Some("1.x\n"));
    }

    #[test]
    fn what_yacpdb_cannot_say_is_refused() {
        let p = popeye("beginproblem stipulation h#2 pieces white ka1 black kh8 endproblem");
        let no_solution = problem_to_yacpdb(&p, None).unwrap_err();
        assert!(no_solution.0.contains("solution"), "{no_solution}");
        let mut q = p.clone();
        q.stipulation.value = "sstipulation white 2a[#]d".into();
        assert!(problem_to_yacpdb(&q, Some("x"))
            .unwrap_err()
            .0
            .contains("structured"));
        let mut q = p.clone();
        q.meta.author = vec!["One, Two, Three".into()];
        assert!(problem_to_yacpdb(&q, Some("x"))
            .unwrap_err()
            .0
            .contains("author"));
        let mut q = p.clone();
        q.meta.intended = Some("two".into());
        assert!(problem_to_yacpdb(&q, Some("x")).is_err());
        let a = popeye("beginproblem stipulation h#2 condition alsatiancirce pieces white ka1 black kh8 endproblem");
        assert!(problem_to_yacpdb(&a, Some("x"))
            .unwrap_err()
            .0
            .contains("Alsatian"));
        // An origin with no year, an award with no source: comments.
        let mut q = p.clone();
        q.meta.origin = vec!["Problem 12".into()];
        q.meta.award = vec!["1st Prize".into()];
        let yaml = problem_to_yacpdb(&q, Some("x")).unwrap();
        assert!(
            !yaml.contains("source:") && !yaml.contains("award:"),
            "{yaml}"
        );
        assert!(yaml.contains("  - \"Source: Problem 12\"\n"), "{yaml}");
        assert!(yaml.contains("  - \"Award: 1st Prize\"\n"), "{yaml}");
    }

    #[test]
    fn blocks_keep_every_character() {
        for t in [
            "   1.Bb3 ! threat:\n          2.Rg4 #\n",
            "1.a4\n\n\n",
            "1.a4",
            "a) \n  1.x\n\nb) y\n",
            "tab\there\n",
            "   \n",
            "cr\r\n",
        ] {
            let mut b = block(t, 2);
            if !b.ends_with('\n') {
                b.push('\n');
            }
            let text = format!("solution: {b}k: 1\n");
            let (docs, e) = crate::io::yacpdb_input::yaml::documents(&text);
            assert!(e.is_none(), "{text}");
            let crate::io::yacpdb_input::yaml::Value::Map(items) = &docs[0].root.value else {
                panic!("{text}")
            };
            assert_eq!(
                items[0].1.value,
                crate::io::yacpdb_input::yaml::Value::Scalar(t.into()),
                "{text:?}"
            );
        }
    }
}
