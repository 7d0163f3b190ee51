//! Reader for YACPDB entries and Olive collections: YAML documents, one
//! problem each (docs/yacpdb.md of olive-gui: `algebraic`, `stipulation`,
//! `options`, `twins`, `authors`, `source`, `award`, `keywords`,
//! `comments`, `intended-solutions`, `solution`).
//!
//! Pieces, options, conditions and twins are in Popeye's syntax, and Olive
//! solves an entry by writing it as Popeye input. So does this reader: each
//! field becomes a line of English Popeye input (`pieces white Kamikaze
//! Sa1`, `option SetPlay`, `condition Madrasi`, `twin Move b4 f3`), read by
//! the Popeye reader, whose lines are then mapped back to the YAML file's.
//! As in Olive, an option whose first word is a Popeye option is an
//! option, any other a condition; twin `a` is the zero position.
//!
//! A document that cannot be read is an error of its own: the others of
//! the collection are read.

use crate::io::popeye_input::{is_english_option, is_english_problem_boundary, parse_popeye};
use crate::problem::{InputError, Metadata, Problem, SourceRef};
use std::path::Path;

pub(crate) mod metadata;
pub(crate) mod yaml;

use metadata::{Award, Date, Source, FOREIGN_ID, KEYWORDS, REPRINT, SOURCE_LABELS};
use yaml::{Document, Node, Value};

/// Every entry of a YACPDB file or Olive collection, each read or refused
/// on its own. A YAML syntax error ends the reading there, as one more
/// error after the entries before it.
pub fn parse_yacpdb(text: &str, file: &Path) -> Vec<Result<Problem, InputError>> {
    let (docs, syntax) = yaml::documents(text);
    let mut out: Vec<_> = docs.iter().map(|d| read_entry(d, file)).collect();
    if let Some(e) = syntax {
        out.push(Err(InputError {
            file: file.to_path_buf(),
            line: e.line,
            message: format!("YAML syntax error: {}", e.message),
        }));
    } else if out.is_empty() {
        out.push(Err(InputError {
            file: file.to_path_buf(),
            line: 0,
            message: "no problem: the file holds no YAML document".into(),
        }));
    }
    out
}

type Res<T> = Result<T, (usize, String)>;

fn text(node: &Node, field: &str) -> Res<String> {
    match &node.value {
        Value::Scalar(s) => Ok(s.clone()),
        _ => Err((
            node.line,
            format!("`{field}` must be text, found {}", node.kind()),
        )),
    }
}

/// A list of texts; a lone text is a list of one, nothing an empty list.
fn texts(node: &Node, field: &str) -> Res<Vec<(String, usize)>> {
    match &node.value {
        Value::Null => Ok(Vec::new()),
        Value::Scalar(s) => Ok(vec![(s.clone(), node.line)]),
        Value::Seq(items) => items
            .iter()
            .filter(|n| n.value != Value::Null)
            .map(|n| text(n, field).map(|t| (t, n.line)))
            .collect(),
        Value::Map(_) => Err((
            node.line,
            format!("`{field}` must be a list, found a mapping"),
        )),
    }
}

/// The fields of a mapping, by key, each once.
fn fields<'a>(node: &'a Node, field: &str) -> Res<Vec<(String, &'a Node)>> {
    let Value::Map(items) = &node.value else {
        return Err((
            node.line,
            format!("`{field}` must be a mapping, found {}", node.kind()),
        ));
    };
    let mut out: Vec<(String, &Node)> = Vec::new();
    for (k, v) in items {
        let key = text(k, "a key")?;
        if out.iter().any(|(seen, _)| *seen == key) {
            return Err((k.line, format!("`{key}` is given twice")));
        }
        out.push((key, v));
    }
    Ok(out)
}

fn date(node: &Node) -> Res<Date> {
    let bad = |n: &Node| {
        Err((
            n.line,
            "a date is a year (1994, \"1965-1967\"), \"YYYY-MM[-DD]\" or {year, month, day}"
                .to_string(),
        ))
    };
    match &node.value {
        Value::Scalar(s) => Date::parse(s.trim()).map_or_else(|| bad(node), Ok),
        Value::Map(_) => {
            let mut d = Date {
                year: String::new(),
                month: None,
                day: None,
            };
            for (key, v) in fields(node, "date")? {
                let t = text(v, &key)?;
                match key.as_str() {
                    "year" => match Date::parse(t.trim()) {
                        Some(y) if y.month.is_none() => d.year = y.year,
                        _ => return bad(v),
                    },
                    "month" | "day" => {
                        let max = if key == "month" { 12 } else { 31 };
                        match t.trim().parse::<u32>() {
                            Ok(n) if (1..=max).contains(&n) => {
                                if key == "month" {
                                    d.month = Some(n)
                                } else {
                                    d.day = Some(n)
                                }
                            }
                            _ => return Err((v.line, format!("`{key}` must be 1 to {max}"))),
                        }
                    }
                    _ => return Err((v.line, format!("unknown field `{key}` in a date"))),
                }
            }
            if d.year.is_empty() || (d.day.is_some() && d.month.is_none()) {
                return bad(node);
            }
            Ok(d)
        }
        _ => bad(node),
    }
}

/// A `source` (or reprint, or tourney) mapping; `extra` collects the
/// texts of the fields an origin line has no place for (a reprint's
/// `variant` and `comments`).
fn source(node: &Node, field: &str, extra: &mut Vec<String>) -> Res<Source> {
    let mut s = Source::default();
    for (key, v) in fields(node, field)? {
        match key.as_str() {
            "name" => s.name = text(v, "name")?.trim().to_string(),
            "date" => s.date = Some(date(v)?),
            "variant" => extra.push(format!("variant: {}", text(v, &key)?)),
            "comments" => extra.extend(texts(v, &key)?.into_iter().map(|(t, _)| t)),
            _ => match SOURCE_LABELS.iter().find(|(k, _)| *k == key) {
                Some((k, _)) => s.fields.push((k, text(v, &key)?.trim().to_string())),
                None => return Err((v.line, format!("unknown field `{key}` in `{field}`"))),
            },
        }
    }
    Ok(s)
}

fn award(node: &Node) -> Res<String> {
    let mut a = Award::default();
    for (key, v) in fields(node, "award")? {
        match key.as_str() {
            "distinction" => a.distinction = text(v, &key)?.trim().to_string(),
            "tourney" => match &v.value {
                Value::Scalar(s) if s == "ditto" => {}
                _ => a.tourney = Some(source(v, "tourney", &mut Vec::new())?),
            },
            "judges" => a.judges = texts(v, &key)?.into_iter().map(|(t, _)| t).collect(),
            _ => return Err((v.line, format!("unknown field `{key}` in `award`"))),
        }
    }
    Ok(a.to_line())
}

/// A piece as YACPDB writes it: attribute words, then a code of one or
/// two characters and a square (`Kamikaze Sa1`, `PAg7`).
fn piece_decl(decl: &str) -> bool {
    let words: Vec<&str> = decl.split_whitespace().collect();
    let Some((last, attrs)) = words.split_last() else {
        return false;
    };
    let b = last.as_bytes();
    (3..=4).contains(&b.len())
        && b.iter().all(u8::is_ascii_alphanumeric)
        && (b'a'..=b'h').contains(&b[b.len() - 2].to_ascii_lowercase())
        && (b'1'..=b'8').contains(&b[b.len() - 1])
        && attrs
            .iter()
            .all(|a| a.bytes().all(|c| c.is_ascii_alphabetic()))
}

/// The Popeye input an entry stands for, line by line, each line with the
/// YAML line it comes from.
#[derive(Default)]
struct Input {
    text: String,
    /// `origin[i]`: the YAML line of the input's line i + 1.
    origin: Vec<usize>,
}

impl Input {
    /// One line of Popeye input from a field's text (its line breaks are
    /// spaces to Popeye). A word that would end the problem is refused.
    fn push(&mut self, keyword: &str, value: &str, line: usize, field: &str) -> Res<()> {
        let value = value.split_whitespace().collect::<Vec<_>>().join(" ");
        if let Some(w) = value.split(' ').find(|w| is_english_problem_boundary(w)) {
            return Err((
                line,
                format!("`{w}` in `{field}`: Popeye would read it as the end of the problem"),
            ));
        }
        self.text.push_str(keyword);
        if !value.is_empty() {
            self.text.push(' ');
            self.text.push_str(&value);
        }
        self.text.push('\n');
        self.origin.push(line);
        Ok(())
    }

    fn map(&self, line: usize, default: usize) -> usize {
        line.checked_sub(1)
            .and_then(|i| self.origin.get(i))
            .copied()
            .unwrap_or(default)
    }
}

/// Olive's order of twin keys: `a` ... `z`, then `z1`, `z2` ...
fn twin_rank(key: &str) -> Option<usize> {
    let b = key.as_bytes();
    match b {
        [c] if c.is_ascii_lowercase() => Some((c - b'a') as usize),
        [b'z', rest @ ..] if !rest.is_empty() && rest.iter().all(u8::is_ascii_digit) => {
            key[1..].parse::<usize>().ok().map(|n| 25 + n)
        }
        _ => None,
    }
}

fn read_entry(doc: &Document, file: &Path) -> Result<Problem, InputError> {
    let error = |(line, message): (usize, String)| InputError {
        file: file.to_path_buf(),
        line,
        message,
    };
    let mut input = Input::default();
    let mut meta = Metadata::default();
    let mut warnings = Vec::new();
    let problem = read_fields(doc, &mut input, &mut meta, &mut warnings).map_err(error)?;
    let (stipulation, stip_line) = problem;
    let mut problems = parse_popeye(&input.text, file).map_err(|e| InputError {
        line: input.map(e.line, doc.line),
        ..e
    })?;
    if problems.len() != 1 {
        return Err(error((doc.line, "an entry holds one problem".into())));
    }
    let mut p = problems.remove(0);
    let written = stipulation.split_whitespace().collect::<Vec<_>>().join(" ");
    if p.stipulation.value != written {
        return Err(error((
            stip_line,
            format!("stipulation `{stipulation}` is not one of Popeye's (#2, h#3, ser-s#8, ...)"),
        )));
    }
    let at = |l: usize| input.map(l, doc.line);
    p.stipulation.line = at(p.stipulation.line);
    if p.condition_line != 0 {
        p.condition_line = at(p.condition_line);
    }
    for o in &mut p.options {
        o.line = at(o.line);
    }
    for t in &mut p.twins {
        t.line = at(t.line);
    }
    for w in &mut p.warnings {
        w.line = at(w.line);
    }
    p.warnings.extend(warnings);
    p.meta = meta;
    p.source = SourceRef {
        file: file.to_path_buf(),
        line: doc.line,
    };
    Ok(p)
}

/// Reads the fields of an entry into Popeye input and metadata; returns
/// the stipulation as written and its line.
fn read_fields(
    doc: &Document,
    input: &mut Input,
    meta: &mut Metadata,
    warnings: &mut Vec<crate::problem::Spanned<String>>,
) -> Res<(String, usize)> {
    let entry = fields(&doc.root, "an entry").map_err(|(line, _)| {
        (
            line,
            format!(
                "a YACPDB entry is a mapping of fields (stipulation: ..., algebraic: ...), found {}",
                doc.root.kind()
            ),
        )
    })?;
    let get = |key: &str| entry.iter().find(|(k, _)| k == key).map(|(_, v)| *v);
    input.push("beginproblem", "", doc.line, "")?;
    let Some(stip) = get("stipulation") else {
        return Err((doc.line, "the entry has no `stipulation`".into()));
    };
    let stipulation = text(stip, "stipulation")?;
    input.push("stipulation", &stipulation, stip.line, "stipulation")?;
    if let Some(options) = get("options") {
        for (o, line) in texts(options, "options")? {
            let first = o.split_whitespace().next().unwrap_or_default();
            if first.is_empty() {
                continue;
            }
            let keyword = if is_english_option(first) {
                "option"
            } else {
                "condition"
            };
            input.push(keyword, &o, line, "options")?;
        }
    }
    // Not YACPDB's: conditions apart from the options, as some files have.
    if let Some(conditions) = get("conditions") {
        for (c, line) in texts(conditions, "conditions")? {
            input.push("condition", &c, line, "conditions")?;
        }
    }
    let Some(algebraic) = get("algebraic") else {
        return Err((doc.line, "the entry has no `algebraic` (its pieces)".into()));
    };
    for (colour, list) in fields(algebraic, "algebraic")? {
        if !matches!(colour.as_str(), "white" | "black" | "neutral") {
            return Err((
                list.line,
                format!("`algebraic` has `{colour}`: the colours are white, black and neutral"),
            ));
        }
        for (decl, line) in texts(list, &colour)? {
            if !piece_decl(&decl) {
                return Err((
                    line,
                    format!(
                        "piece `{decl}`: YACPDB writes attributes, then a piece code and a square (`Kamikaze Sa1`, `PAg7`)"
                    ),
                ));
            }
            input.push("pieces", &format!("{colour} {decl}"), line, "algebraic")?;
        }
    }
    if let Some(twins) = get("twins") {
        let mut list = Vec::new();
        for (key, v) in fields(twins, "twins")? {
            let Some(rank) = twin_rank(&key) else {
                return Err((
                    v.line,
                    format!("twin `{key}`: twins are named a (the zero position), b, c ..."),
                ));
            };
            list.push((rank, key, text(v, "a twin")?, v.line));
        }
        list.sort();
        for (_, key, t, line) in list {
            let keyword = if key == "a" { "zeroposition" } else { "twin" };
            input.push(keyword, &t, line, "twins")?;
        }
    }
    let end = input.origin.last().copied().unwrap_or(doc.line);
    input.push("endproblem", "", end, "")?;
    read_metadata(&entry, meta, warnings)?;
    Ok((stipulation, stip.line))
}

fn read_metadata(
    entry: &[(String, &Node)],
    meta: &mut Metadata,
    warnings: &mut Vec<crate::problem::Spanned<String>>,
) -> Res<()> {
    let get = |key: &str| entry.iter().find(|(k, _)| k == key).map(|(_, v)| *v);
    if let Some(a) = get("authors") {
        meta.author = texts(a, "authors")?.into_iter().map(|(t, _)| t).collect();
    }
    let mut extra = Vec::new();
    match get("source") {
        Some(
            n @ Node {
                value: Value::Map(_),
                ..
            },
        ) => meta.origin.push(source(n, "source", &mut extra)?.to_line()),
        Some(
            n @ Node {
                value: Value::Scalar(_),
                ..
            },
        ) => {
            // Olive's older files: the source's name alone, with
            // `source-id` and `date` beside it.
            let mut s = Source {
                name: text(n, "source")?,
                ..Source::default()
            };
            if let Some(id) = get("source-id") {
                s.fields.push(("problemid", text(id, "source-id")?));
            }
            if let Some(d) = get("date") {
                s.date = Some(date(d)?);
            }
            meta.origin.push(s.to_line());
        }
        Some(n) if n.value != Value::Null => {
            return Err((
                n.line,
                format!("`source` must be a mapping, found {}", n.kind()),
            ))
        }
        _ => {}
    }
    meta.remark.extend(extra);
    if let Some(a) = get("award") {
        meta.award.push(award(a)?);
    } else if let Some(d) = get("distinction") {
        meta.award.push(text(d, "distinction")?);
    }
    if let Some(k) = get("keywords") {
        let k: Vec<String> = texts(k, "keywords")?.into_iter().map(|(t, _)| t).collect();
        if !k.is_empty() {
            meta.remark.push(format!("{KEYWORDS}{}", k.join(", ")));
        }
    }
    if let Some(c) = get("comments") {
        meta.remark
            .extend(texts(c, "comments")?.into_iter().map(|(t, _)| t));
    }
    if let Some(ids) = get("foreignids") {
        let Value::Seq(items) = &ids.value else {
            return Err((ids.line, "`foreignids` must be a list".into()));
        };
        for item in items {
            let f = fields(item, "a foreign id")?;
            let get = |key: &str| f.iter().find(|(k, _)| k == key).map(|(_, v)| *v);
            match (get("domain"), get("problemid")) {
                (Some(d), Some(p)) => meta.remark.push(format!(
                    "{FOREIGN_ID}{}: {}",
                    text(d, "domain")?,
                    text(p, "problemid")?
                )),
                _ => {
                    return Err((
                        item.line,
                        "a foreign id has a `domain` and a `problemid`".into(),
                    ))
                }
            }
        }
    }
    if let Some(r) = get("reprints") {
        let Value::Seq(items) = &r.value else {
            return Err((r.line, "`reprints` must be a list".into()));
        };
        for item in items {
            let mut extra = Vec::new();
            let s = source(item, "a reprint", &mut extra)?;
            let mut line = format!("{REPRINT}{}", s.to_line());
            for e in extra {
                line.push_str("; ");
                line.push_str(&e);
            }
            meta.remark.push(line);
        }
    }
    if let Some(i) = get("intended-solutions") {
        meta.intended = Some(text(i, "intended-solutions")?.trim().to_string());
    }
    if let Some(s) = get("solution") {
        if s.value != Value::Null {
            meta.solution_text = Some(text(s, "solution")?);
        }
    }
    const KNOWN: [&str; 18] = [
        "stipulation",
        "algebraic",
        "options",
        "conditions",
        "twins",
        "authors",
        "source",
        "source-id",
        "date",
        "award",
        "distinction",
        "keywords",
        "comments",
        "foreignids",
        "reprints",
        "intended-solutions",
        "solution",
        // How Olive draws the pieces: nothing a solver reads.
        "glyphs",
    ];
    for (key, v) in entry {
        if !KNOWN.contains(&key.as_str()) {
            warnings.push(crate::problem::Spanned {
                value: format!("unknown field `{key}` ignored"),
                line: v.line,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
