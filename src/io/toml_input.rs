//! The native problem format: one problem per TOML file.
//!
//! The format is documented in `docs/problem-format.md`. Reading goes in two
//! steps: serde turns the text into raw tables (unknown keys and wrong types
//! are rejected there, with the span of the offending key or value), then the
//! values are interpreted here (FEN, squares, conditions, options), each
//! error carrying the line of the value it came from.

use crate::board::{Attrs, Color, Kind, Piece, Position, Square};
use crate::io::fen::parse_fen;
use crate::io::language::kind_from_code;
use crate::problem::{
    InputError, Language, Metadata, MirrorAxis, MovePath, Problem, ProblemOption, SourceRef,
    Spanned, Twin, TwinCommand,
};
use crate::rules::{Condition, Rules};
use crate::vocabulary::conditions::{Word, Words};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use std::ops::Range;
use std::path::Path;
use toml::Spanned as TSpanned;

/// The top-level table, as serde sees it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProblem {
    title: Option<TSpanned<toml::Value>>,
    author: Option<TSpanned<toml::Value>>,
    source: Option<TSpanned<toml::Value>>,
    award: Option<TSpanned<toml::Value>>,
    remark: Option<TSpanned<toml::Value>>,
    /// The intended number of solutions (`circe audit`): `2`, `"2.1.1..."`.
    intended: Option<TSpanned<toml::Value>>,
    language: Option<TSpanned<String>>,
    fen: Option<TSpanned<String>>,
    pieces: Option<TSpanned<RawPieces>>,
    /// `a=>b`: the position the play starts from, as a FEN; `fen` (or
    /// `pieces`) is then the position to reach.
    start: Option<TSpanned<String>>,
    stipulation: Option<TSpanned<String>>,
    condition: Option<TSpanned<String>>,
    kamikaze: Option<Vec<TSpanned<String>>>,
    neutral: Option<Vec<TSpanned<String>>>,
    // The other unit attributes, one list of squares each (the keys of
    // `ATTRIBUTE_KEYS`).
    royal: Option<Vec<TSpanned<String>>>,
    paralysing: Option<Vec<TSpanned<String>>>,
    functionary: Option<Vec<TSpanned<String>>>,
    halfneutral: Option<Vec<TSpanned<String>>>,
    uncapturable: Option<Vec<TSpanned<String>>>,
    frischauf: Option<Vec<TSpanned<String>>>,
    magic: Option<Vec<TSpanned<String>>>,
    aliceb: Option<Vec<TSpanned<String>>>,
    patrol: Option<Vec<TSpanned<String>>>,
    hurdlecolourchanging: Option<Vec<TSpanned<String>>>,
    volage: Option<Vec<TSpanned<String>>>,
    jigger: Option<Vec<TSpanned<String>>>,
    protean: Option<Vec<TSpanned<String>>>,
    anda: Option<Vec<TSpanned<String>>>,
    andainverse: Option<Vec<TSpanned<String>>>,
    bul: Option<Vec<TSpanned<String>>>,
    dob: Option<Vec<TSpanned<String>>>,
    options: Option<Vec<TSpanned<String>>>,
    zeroposition: Option<bool>,
    twin: Option<Vec<TSpanned<RawTwin>>>,
    expected: Option<RawExpected>,
}

/// `pieces = { white = "Ke1 Ga5", black = "Ke8 Pe7" }`: the diagram as
/// Popeye's piece list, for problems with fairy units.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPieces {
    white: Option<TSpanned<String>>,
    black: Option<TSpanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExpected {
    solution: Option<String>,
    status: Option<TSpanned<String>>,
    reason: Option<String>,
}

/// `[expected] status`: what `circe check` makes of a problem whose
/// solution it does not match yet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExpectedStatus {
    /// `status = "known-failure"`: a mismatch is counted, not failed; a
    /// match fails until the mark is removed.
    pub known_failure: bool,
    /// `reason = "..."`: why it fails.
    pub reason: Option<String>,
}

/// The values `status` may take.
pub const EXPECTED_STATUSES: &[&str] = &["known-failure"];

/// Reads the `[expected]` status of a TOML problem (the rest of the file is
/// read by [`parse_toml`]).
pub fn read_expected_status(text: &str, file: &Path) -> Result<ExpectedStatus, InputError> {
    let reader = Reader { text, file };
    let raw: RawProblem = toml::from_str(text).map_err(|e| {
        let line = e.span().map_or(1, |s| reader.line_of(s.start));
        reader.error_at(line, e.message().trim_end().to_string())
    })?;
    let Some(expected) = raw.expected else {
        return Ok(ExpectedStatus::default());
    };
    reader.expected_status(&expected)
}

/// The keys a `[[twin]]` table may have. Twin commands apply in the order
/// they are written, so the table is read key by key rather than derived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TwinKey {
    Continued,
    Move,
    Exchange,
    Add,
    Remove,
    Rotate,
    Mirror,
    Shift,
    Polish,
    Substitute,
    Stipulation,
    Condition,
    Fen,
}

const TWIN_KEYS: &[(&str, TwinKey)] = &[
    ("continued", TwinKey::Continued),
    ("move", TwinKey::Move),
    ("exchange", TwinKey::Exchange),
    ("add", TwinKey::Add),
    ("remove", TwinKey::Remove),
    ("rotate", TwinKey::Rotate),
    ("mirror", TwinKey::Mirror),
    ("shift", TwinKey::Shift),
    ("polish", TwinKey::Polish),
    ("substitute", TwinKey::Substitute),
    ("stipulation", TwinKey::Stipulation),
    ("condition", TwinKey::Condition),
    ("fen", TwinKey::Fen),
];

const TWIN_KEY_NAMES: &[&str] = &[
    "continued",
    "move",
    "exchange",
    "add",
    "remove",
    "rotate",
    "mirror",
    "shift",
    "polish",
    "substitute",
    "stipulation",
    "condition",
    "fen",
];

impl<'de> Deserialize<'de> for TwinKey {
    // Failing inside the key's own deserializer lets toml attach the key's
    // span, so "unknown field" points at the right line.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        TWIN_KEYS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, k)| *k)
            .ok_or_else(|| de::Error::unknown_field(&name, TWIN_KEY_NAMES))
    }
}

struct RawTwin {
    entries: Vec<(TwinKey, TSpanned<toml::Value>)>,
}

impl<'de> Deserialize<'de> for RawTwin {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawTwin;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a twin table")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawTwin, A::Error> {
                let mut entries = Vec::new();
                while let Some(key) = map.next_key::<TwinKey>()? {
                    entries.push((key, map.next_value()?));
                }
                Ok(RawTwin { entries })
            }
        }
        d.deserialize_map(V)
    }
}

/// Words of a TOML condition phrase, for the condition grammar.
struct WordList {
    words: Vec<Word>,
    next: usize,
}

impl Words for WordList {
    fn peek(&mut self) -> Option<Word> {
        self.words.get(self.next).cloned()
    }
    fn advance(&mut self) {
        self.next += 1;
    }
}

/// How an option's arguments are read.
enum OptionArgs {
    Flag(fn() -> ProblemOption),
    Number(fn(u32) -> ProblemOption),
    /// A number or a path of numbers parted by colons (`start 27:11`).
    Path(fn(MovePath) -> ProblemOption),
    Numbers2(fn(u32, u32) -> ProblemOption),
    Squares(fn(Vec<Square>) -> ProblemOption),
    /// One word of two squares, a white rook's corner and a black one's
    /// (`a1h8`).
    Corners(fn(Square, Square) -> ProblemOption),
}

const OPTIONS: &[(&str, OptionArgs)] = &[
    ("variation", OptionArgs::Flag(|| ProblemOption::Variation)),
    ("try", OptionArgs::Flag(|| ProblemOption::Try)),
    ("defence", OptionArgs::Number(ProblemOption::Defence)),
    ("defense", OptionArgs::Number(ProblemOption::Defence)),
    ("threat", OptionArgs::Number(ProblemOption::Threat)),
    ("setplay", OptionArgs::Flag(|| ProblemOption::SetPlay)),
    ("nothreat", OptionArgs::Flag(|| ProblemOption::NoThreat)),
    (
        "nontrivial",
        OptionArgs::Numbers2(ProblemOption::NonTrivial),
    ),
    (
        "maxflightsquares",
        OptionArgs::Number(ProblemOption::MaxFlights),
    ),
    ("halfduplex", OptionArgs::Flag(|| ProblemOption::HalfDuplex)),
    ("duplex", OptionArgs::Flag(|| ProblemOption::Duplex)),
    (
        "whitebegins",
        OptionArgs::Flag(|| ProblemOption::WhiteBegins),
    ),
    (
        "maxsolutions",
        OptionArgs::Number(ProblemOption::MaxSolutions),
    ),
    ("maxtime", OptionArgs::Number(ProblemOption::MaxTime)),
    ("nowk", OptionArgs::Flag(|| ProblemOption::NoWhiteKing)),
    ("nobk", OptionArgs::Flag(|| ProblemOption::NoBlackKing)),
    ("nocastling", OptionArgs::Squares(ProblemOption::NoCastling)),
    (
        "castlingmutuallyexclusive",
        OptionArgs::Corners(ProblemOption::CastlingMutuallyExclusive),
    ),
    ("start", OptionArgs::Path(ProblemOption::Start)),
    ("upto", OptionArgs::Path(ProblemOption::UpTo)),
    (
        "postkeyplay",
        OptionArgs::Flag(|| ProblemOption::PostKeyPlay),
    ),
    ("quodlibet", OptionArgs::Flag(|| ProblemOption::Quodlibet)),
    (
        "stoponshortsolutions",
        OptionArgs::Flag(|| ProblemOption::StopOnShortSolutions),
    ),
    (
        "keepmatingpiece",
        OptionArgs::Flag(|| ProblemOption::KeepMatingPiece),
    ),
    ("goalisend", OptionArgs::Flag(|| ProblemOption::GoalIsEnd)),
    (
        "noshortvariations",
        OptionArgs::Flag(|| ProblemOption::NoShortVariations),
    ),
    (
        "movenumbers",
        OptionArgs::Flag(|| ProblemOption::MoveNumbers),
    ),
    ("noboard", OptionArgs::Flag(|| ProblemOption::NoBoard)),
    (
        "intelligent",
        OptionArgs::Flag(|| ProblemOption::Intelligent),
    ),
];

const LANGUAGES: &[(&str, Language)] = &[
    ("english", Language::English),
    ("german", Language::German),
    ("french", Language::French),
];

// A missing key has no line of its own: the problem's first line stands in.
const MISSING_FEN: &str = "missing key `fen`: every problem needs its diagram, e.g. \
     `fen = \"4k3/8/8/8/8/8/8/4K3\"` (or `pieces` for fairy pieces)";
const MISSING_STIPULATION: &str =
    "missing key `stipulation`: every problem needs one, e.g. `stipulation = \"#2\"`";

/// Reads one problem from the text of a TOML file. `file` is only used in
/// error messages and `Problem::source`.
pub fn parse_toml(text: &str, file: &Path) -> Result<Problem, InputError> {
    Reader { text, file }.read()
}

struct Reader<'a> {
    text: &'a str,
    file: &'a Path,
}

impl Reader<'_> {
    /// 1-based line of a byte offset. Counting bytes (not chars) is safe
    /// for any offset, even one in the middle of a character.
    fn line_of(&self, offset: usize) -> usize {
        let end = offset.min(self.text.len());
        1 + self.text.as_bytes()[..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
    }

    fn error(&self, span: Range<usize>, message: impl Into<String>) -> InputError {
        self.error_at(self.line_of(span.start), message)
    }

    /// `intended = 2` or `intended = "2.1.1..."`: read as the audit reads
    /// it, so that a mistake is named here, with its line.
    fn intended(&self, v: &Option<TSpanned<toml::Value>>) -> Result<Option<String>, InputError> {
        let Some(v) = v else { return Ok(None) };
        let text = match v.get_ref() {
            toml::Value::String(s) => s.clone(),
            toml::Value::Integer(n) => n.to_string(),
            other => {
                return Err(self.error(
                    v.span(),
                    format!("intended: expected a number of solutions, found `{other}`"),
                ))
            }
        };
        crate::audit::intention::Intention::parse(&text)
            .map_err(|why| self.error(v.span(), format!("intended: {why}")))?;
        Ok(Some(text))
    }

    fn error_at(&self, line: usize, message: impl Into<String>) -> InputError {
        InputError {
            file: self.file.to_path_buf(),
            line,
            message: message.into(),
        }
    }

    fn expected_status(&self, e: &RawExpected) -> Result<ExpectedStatus, InputError> {
        let known_failure = match &e.status {
            None => false,
            Some(s) if EXPECTED_STATUSES.contains(&s.get_ref().as_str()) => true,
            Some(s) => {
                return Err(self.error(
                    s.span(),
                    format!(
                        "status `{}` is not known; use {}",
                        s.get_ref(),
                        EXPECTED_STATUSES.join(", ")
                    ),
                ))
            }
        };
        Ok(ExpectedStatus {
            known_failure,
            reason: e.reason.clone(),
        })
    }

    fn read(&self) -> Result<Problem, InputError> {
        let raw: RawProblem = toml::from_str(self.text).map_err(|e| {
            let line = e.span().map_or(1, |s| self.line_of(s.start));
            // One line, as every error message.
            self.error_at(line, e.message().trim_end().replace('\n', "; "))
        })?;
        if let Some(e) = &raw.expected {
            self.expected_status(e)?;
        }

        let language = match &raw.language {
            None => Language::English,
            Some(l) => lookup(LANGUAGES, &l.get_ref().to_lowercase()).ok_or_else(|| {
                self.error(
                    l.span(),
                    format!(
                        "language `{}` is not supported; use {}",
                        l.get_ref(),
                        names(LANGUAGES)
                    ),
                )
            })?,
        };

        let mut position = match (&raw.fen, &raw.pieces) {
            (Some(fen), None) => {
                parse_fen(fen.get_ref()).map_err(|e| self.error(fen.span(), format!("fen: {e}")))?
            }
            (None, Some(pieces)) => self.pieces(pieces)?,
            (Some(_), Some(pieces)) => {
                return Err(self.error(
                    pieces.span(),
                    "`fen` and `pieces` both give the diagram: keep one",
                ))
            }
            (None, None) => return Err(self.error_at(1, MISSING_FEN)),
        };

        let stip = raw
            .stipulation
            .as_ref()
            .ok_or_else(|| self.error_at(1, MISSING_STIPULATION))?;
        let stipulation = Spanned {
            value: self.stipulation(stip)?,
            line: self.line_of(stip.span().start),
        };

        let to_b = crate::stipulation::Stipulation::parse(&stipulation.value)
            .is_ok_and(|st| st.goal == crate::stipulation::Goal::AToB);
        let mut start = match (&raw.start, to_b) {
            (Some(fen), true) => Some(
                parse_fen(fen.get_ref())
                    .map_err(|e| self.error(fen.span(), format!("start: {e}")))?,
            ),
            (None, true) => {
                return Err(self.error(
                    stip.span(),
                    "an a=>b needs the position it starts from: `start = \"<FEN>\"` \
                     (`fen` is the position to reach)",
                ))
            }
            (Some(fen), false) => return Err(self.error(
                fen.span(),
                "`start` is the starting position of an a=>b stipulation; this problem has none",
            )),
            (None, false) => None,
        };

        let mut warnings = Vec::new();
        let (rules, kamikaze_all, condition_text) = match &raw.condition {
            None => (Rules::orthodox(), false, Vec::new()),
            Some(c) => {
                let (rules, kamikaze_all, said) = self.condition(c)?;
                let line = self.line_of(c.span().start);
                warnings.extend(said.into_iter().map(|value| Spanned { value, line }));
                let words = c.get_ref().split_whitespace().map(str::to_string);
                (rules, kamikaze_all, words.collect())
            }
        };

        for name in raw.kamikaze.iter().flatten() {
            let sq = self.square(name, "kamikaze")?;
            if !set_attribute(&mut position, sq, Attrs::KAMIKAZE) {
                return Err(self.error(
                    name.span(),
                    format!("kamikaze: {sq} is empty; the list names squares of units"),
                ));
            }
        }
        let lists = [
            &raw.royal,
            &raw.paralysing,
            &raw.functionary,
            &raw.halfneutral,
            &raw.uncapturable,
            &raw.frischauf,
            &raw.magic,
            &raw.aliceb,
            &raw.patrol,
            &raw.hurdlecolourchanging,
            &raw.volage,
            &raw.jigger,
            &raw.protean,
            &raw.anda,
            &raw.andainverse,
            &raw.bul,
            &raw.dob,
        ];
        for ((key, attr), list) in ATTRIBUTE_KEYS.iter().zip(lists) {
            for name in list.iter().flatten() {
                let sq = self.square(name, key)?;
                if position
                    .piece_at(sq)
                    .is_some_and(|p| bul_and_dob(p.attrs, *attr))
                {
                    return Err(self.error(name.span(), BUL_AND_DOB.to_string()));
                }
                if position
                    .piece_at(sq)
                    .is_some_and(|p| p.attrs.conflicts_with(*attr))
                {
                    return Err(self.error(
                        name.span(),
                        format!(
                            "{key}: the unit on {sq} has another of jigger, protean, patrol, \
                             hurdlecolourchanging, bul, dob, anda, andainverse: circe gives a \
                             unit one of them at most"
                        ),
                    ));
                }
                if !set_attribute(&mut position, sq, *attr) {
                    return Err(self.error(
                        name.span(),
                        format!("{key}: {sq} is empty; the list names squares of units"),
                    ));
                }
            }
        }
        if kamikaze_all {
            for sq in position.unit_squares() {
                if position.kind_at(sq) != Some(Kind::KING) {
                    set_attribute(&mut position, sq, Attrs::KAMIKAZE);
                }
            }
        }
        for name in raw.neutral.iter().flatten() {
            let sq = self.square(name, "neutral")?;
            match position.piece_at(sq) {
                None => {
                    return Err(self.error(
                        name.span(),
                        format!("neutral: {sq} is empty; the list names squares of units"),
                    ))
                }
                // `put` clears the square's castling right: neutral units never castle.
                Some(p) => position.put(sq, p.with(Attrs::NEUTRAL)),
            }
        }

        let options = raw
            .options
            .iter()
            .flatten()
            .map(|o| {
                Ok(Spanned {
                    value: self.option(o)?,
                    line: self.line_of(o.span().start),
                })
            })
            .collect::<Result<Vec<_>, InputError>>()?;
        for o in &options {
            match &o.value {
                ProblemOption::NoCastling(squares) => {
                    for sq in squares {
                        position.unmoved.clear(*sq);
                    }
                }
                ProblemOption::CastlingMutuallyExclusive(white, black) => {
                    position.castling_exclusive |=
                        Position::exclusive_castling_bit(*white, *black).unwrap_or(0);
                }
                _ => {}
            }
        }

        let twins = raw
            .twin
            .iter()
            .flatten()
            .map(|t| self.twin(t, kamikaze_all))
            .collect::<Result<Vec<_>, InputError>>()?;

        // Which of the two positions a twin changes is not read.
        if let (Some(_), Some(twin)) = (&start, raw.twin.iter().flatten().next()) {
            return Err(self.error(twin.span(), "twins of an a=>b are not supported yet"));
        }
        // The diagram's line: `fen`'s, or `pieces`' (one of them is there).
        let diagram_span = raw
            .fen
            .as_ref()
            .map(|f| f.span())
            .or_else(|| raw.pieces.as_ref().map(|p| p.span()))
            .unwrap_or(0..0);
        let fen_line = self.line_of(diagram_span.start);
        crate::io::diagram::drop_implied_attributes(&mut position, &rules);
        if let Some(pos) = &mut start {
            crate::io::diagram::drop_implied_attributes(pos, &rules);
        }
        warnings.extend(
            crate::io::diagram::check(&position, &options, fen_line, &rules)
                .map_err(|e| self.error_at(fen_line, e))?,
        );
        if let (Some(pos), Some(fen)) = (&mut start, &raw.start) {
            let line = self.line_of(fen.span().start);
            warnings.extend(
                crate::io::diagram::check(pos, &options, line, &rules)
                    .map_err(|e| self.error_at(line, e))?,
            );
        }

        let texts = |t: &Option<TSpanned<toml::Value>>, key: &str| match t {
            None => Ok(Vec::new()),
            Some(v) => strings(v, key)
                .map(|v| v.into_iter().map(str::to_string).collect())
                .map_err(|why| self.error(v.span(), why)),
        };
        let meta = Metadata {
            title: texts(&raw.title, "title")?,
            author: texts(&raw.author, "author")?,
            origin: texts(&raw.source, "source")?,
            award: texts(&raw.award, "award")?,
            remark: texts(&raw.remark, "remark")?,
            intended: self.intended(&raw.intended)?,
            ..Metadata::default()
        };
        Ok(Problem {
            meta,
            position,
            start,
            stipulation,
            rules,
            condition_text,
            condition_line: raw
                .condition
                .as_ref()
                .map_or(0, |c| self.line_of(c.span().start)),
            options,
            zero_position: raw.zeroposition.unwrap_or(false),
            twins,
            language,
            source: SourceRef {
                file: self.file.to_path_buf(),
                line: 1,
            },
            expected: raw.expected.and_then(|e| e.solution),
            warnings,
        })
    }

    /// A light check only: the solver's stipulation parser has the last
    /// word, but an empty value or one without a move count is surely wrong.
    fn stipulation(&self, s: &TSpanned<String>) -> Result<String, InputError> {
        let v = s.get_ref().trim();
        // Popeye's structured form, when it is a synonym the solver knows.
        if v.starts_with("sstipulation ") {
            return match crate::stipulation::Stipulation::parse(v) {
                Ok(_) => Ok(v.to_string()),
                Err(e) => Err(self.error(s.span(), e.to_string())),
            };
        }
        if v.is_empty()
            || v.contains(char::is_whitespace)
            || !v.ends_with(|c: char| c.is_ascii_digit())
        {
            return Err(self.error(
                s.span(),
                format!(
                    "stipulation `{}` is not one: expected e.g. \"#2\", \"h#3\", \"ser-h#5\", \"~1\"",
                    s.get_ref()
                ),
            ));
        }
        Ok(v.to_string())
    }

    /// The `condition` phrase: Popeye's English condition grammar
    /// (`circe mirror assassin`, `anticirce cheylan`, `mirrorcirce`),
    /// case-insensitive, with two words of our own: `kamikaze` (every unit
    /// but the kings is kamikaze) and `alsatian` (Alsatian Circe).
    /// `rex-inclusive` and `rex inclusive` are read as `rexinclusive`.
    fn condition(&self, c: &TSpanned<String>) -> Result<(Rules, bool, Vec<String>), InputError> {
        let text = c
            .get_ref()
            .to_lowercase()
            .replace("rex-", "rex")
            .replace("rex ", "rex");
        let mut kamikaze = false;
        let mut alsatian = false;
        let line = self.line_of(c.span().start);
        let words: Vec<Word> = text
            .split_whitespace()
            .filter(|w| match *w {
                "kamikaze" => {
                    kamikaze = true;
                    false
                }
                "alsatian" => {
                    alsatian = true;
                    false
                }
                _ => true,
            })
            .map(|w| Word {
                text: w.to_string(),
                line,
            })
            .collect();
        if words.is_empty() {
            return Err(self.error(
                c.span(),
                "the condition names no Circe form (e.g. \"circe\")",
            ));
        }
        let mut list = WordList { words, next: 0 };
        let parsed = crate::vocabulary::parse_conditions(
            &mut list,
            Language::English,
            crate::vocabulary::Strictness::Strict,
            &|_| false,
        )
        .map_err(|(_, message)| self.error(c.span(), message))?;
        let mut rules = parsed.rules;
        if alsatian {
            rules = rules.with(Condition::Alsatian);
        }
        let warnings = parsed.warnings.into_iter().map(|(_, w)| w).collect();
        Ok((rules, kamikaze, warnings))
    }

    /// The diagram from `pieces`: each side's units as Popeye writes them,
    /// a code and one or more squares (`Ke1 Ga5 Pb2c2`).
    fn pieces(&self, pieces: &TSpanned<RawPieces>) -> Result<Position, InputError> {
        let raw = pieces.get_ref();
        let mut pos = Position::empty();
        for (color, list) in [(Color::White, &raw.white), (Color::Black, &raw.black)] {
            let Some(list) = list else { continue };
            let units = units_of(list.get_ref()).map_err(|e| self.error(list.span(), e))?;
            for (kind, sq) in units {
                if pos.piece_at(sq).is_some() {
                    return Err(self.error(list.span(), format!("pieces: two units on {sq}")));
                }
                pos.put(sq, Piece::new(color, kind));
            }
        }
        pos.set_unmoved_from_placement();
        Ok(pos)
    }

    fn square(&self, s: &TSpanned<String>, what: &str) -> Result<Square, InputError> {
        Square::parse(s.get_ref().trim()).ok_or_else(|| {
            self.error(
                s.span(),
                format!("{what}: `{}` is not a square (a1..h8)", s.get_ref()),
            )
        })
    }

    fn option(&self, o: &TSpanned<String>) -> Result<ProblemOption, InputError> {
        let text = o.get_ref();
        let mut words = text.split_whitespace();
        let name = words.next().unwrap_or("").to_lowercase();
        let args: Vec<&str> = words.collect();
        let bad = |why: String| self.error(o.span(), format!("option `{text}`: {why}"));
        let Some(kind) = lookup_ref(OPTIONS, &name) else {
            let hint = crate::vocabulary::suggest::did_you_mean(&name, OPTIONS.iter().map(|o| o.0));
            if !hint.is_empty() {
                return Err(bad(format!("unknown option{hint}")));
            }
            return Err(bad(format!("unknown option; known: {}", names(OPTIONS))));
        };
        let numbers = |n: usize| -> Result<Vec<u32>, InputError> {
            if args.len() != n {
                return Err(bad(format!("takes {n} number(s), found {}", args.len())));
            }
            args.iter()
                .map(|a| {
                    a.parse::<u32>()
                        .map_err(|_| bad(format!("`{a}` is not a number")))
                })
                .collect()
        };
        Ok(match kind {
            OptionArgs::Flag(f) => {
                numbers(0)?;
                f()
            }
            OptionArgs::Number(f) => match f(numbers(1)?[0]) {
                // Popeye takes at most the number of squares.
                ProblemOption::MaxFlights(n) if n > 64 => {
                    return Err(bad(format!("{n} flights: at most 64")))
                }
                o => o,
            },
            OptionArgs::Path(f) => match args.as_slice() {
                [word] => f(MovePath::parse(word).ok_or_else(|| {
                    bad(format!(
                        "`{word}` is not a number or a path of numbers (27:11)"
                    ))
                })?),
                _ => {
                    return Err(bad(format!(
                        "takes a number or a path of numbers (27:11), found {} words",
                        args.len()
                    )))
                }
            },
            OptionArgs::Numbers2(f) => {
                let n = numbers(2)?;
                f(n[0], n[1])
            }
            OptionArgs::Squares(f) => {
                let sqs = args
                    .iter()
                    .map(|a| Square::parse(a).ok_or_else(|| bad(format!("`{a}` is not a square"))))
                    .collect::<Result<Vec<_>, _>>()?;
                if sqs.is_empty() {
                    return Err(bad("needs at least one square".into()));
                }
                f(sqs)
            }
            OptionArgs::Corners(f) => {
                let corners = match args.as_slice() {
                    [word] => crate::io::popeye_input::parse_squares(word),
                    _ => None,
                };
                match corners.as_deref() {
                    Some(&[white, black])
                        if Position::exclusive_castling_bit(white, black).is_some() =>
                    {
                        f(white, black)
                    }
                    _ => {
                        return Err(bad(
                            "needs a white rook's corner and a black one's, as in a1h8".into(),
                        ))
                    }
                }
            }
        })
    }

    fn twin(&self, t: &TSpanned<RawTwin>, kamikaze_all: bool) -> Result<Twin, InputError> {
        let mut twin = Twin {
            continued: false,
            commands: Vec::new(),
            line: self.line_of(t.span().start),
        };
        for (key, value) in &t.get_ref().entries {
            let line = self.line_of(value.span().start);
            let bad = |why: String| self.error_at(line, why);
            let name = TWIN_KEYS.iter().find(|(_, k)| k == key).map_or("", |e| e.0);
            match key {
                TwinKey::Continued => twin.continued = expect_bool(value, name).map_err(bad)?,
                TwinKey::Polish => {
                    if expect_bool(value, name).map_err(bad)? {
                        twin.commands.push(TwinCommand::PolishType);
                    }
                }
                TwinKey::Rotate => {
                    let deg = value.get_ref().as_integer();
                    match deg {
                        Some(d @ (90 | 180 | 270)) => {
                            twin.commands.push(TwinCommand::Rotate(d as u32))
                        }
                        _ => {
                            return Err(bad(format!(
                                "rotate: `{}` is not 90, 180 or 270",
                                value.get_ref()
                            )))
                        }
                    }
                }
                TwinKey::Stipulation => {
                    let s = expect_str(value, name).map_err(bad)?;
                    let spanned = TSpanned::new(value.span(), s.to_string());
                    twin.commands
                        .push(TwinCommand::Stipulation(self.stipulation(&spanned)?));
                }
                TwinKey::Condition => {
                    let s = expect_str(value, name).map_err(bad)?;
                    let (rules, kamikaze, _) =
                        self.condition(&TSpanned::new(value.span(), s.to_string()))?;
                    if kamikaze {
                        return Err(bad(format!(
                            "condition `{s}` changes the units, so a twin cannot set it; give it at the top level"
                        )));
                    }
                    twin.commands.push(TwinCommand::Condition(Box::new(rules)));
                }
                TwinKey::Fen => {
                    let s = expect_str(value, name).map_err(bad)?;
                    let pos = parse_fen(s).map_err(|e| bad(format!("fen: {e}")))?;
                    twin.commands.push(TwinCommand::Forsyth {
                        units: pos.units().collect(),
                        text: s.to_string(),
                    });
                }
                TwinKey::Mirror => {
                    let s = expect_str(value, name).map_err(bad)?;
                    let axis = lookup(MIRRORS, &s.to_lowercase()).ok_or_else(|| {
                        bad(format!("mirror: `{s}` is not one of {}", names(MIRRORS)))
                    })?;
                    twin.commands.push(TwinCommand::Mirror(axis));
                }
                TwinKey::Move
                | TwinKey::Exchange
                | TwinKey::Shift
                | TwinKey::Add
                | TwinKey::Remove
                | TwinKey::Substitute => {
                    for item in strings(value, name).map_err(bad)? {
                        let cmd = twin_command(*key, item, kamikaze_all)
                            .map_err(|why| bad(format!("{name}: `{item}` {why}")))?;
                        twin.commands.push(cmd);
                    }
                }
            }
        }
        Ok(twin)
    }
}

const MIRRORS: &[(&str, MirrorAxis)] = &[
    ("a1<-->h1", MirrorAxis::Files),
    ("a1<-->a8", MirrorAxis::Ranks),
    ("a1<-->h8", MirrorAxis::Diagonal),
    ("h1<-->a8", MirrorAxis::AntiDiagonal),
];

fn lookup<T: Copy>(table: &[(&str, T)], name: &str) -> Option<T> {
    lookup_ref(table, name).copied()
}

fn lookup_ref<'t, T>(table: &'t [(&str, T)], name: &str) -> Option<&'t T> {
    table.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
}

fn names<T>(table: &[(&str, T)]) -> String {
    let v: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
    v.join(", ")
}

/// The TOML keys of the unit attributes beside `kamikaze` and `neutral`,
/// each a list of the squares of the units that carry it (Popeye's English
/// attribute names, lower-cased), in the order `convert` writes them.
pub(crate) const ATTRIBUTE_KEYS: [(&str, Attrs); 17] = [
    ("royal", Attrs::ROYAL),
    ("paralysing", Attrs::PARALYSING),
    ("functionary", Attrs::FUNCTIONARY),
    ("halfneutral", Attrs::HALF_NEUTRAL),
    ("uncapturable", Attrs::UNCAPTURABLE),
    ("frischauf", Attrs::PROMOTED),
    ("magic", Attrs::MAGIC),
    ("aliceb", Attrs::ALICE_B),
    ("patrol", Attrs::PATROL),
    ("hurdlecolourchanging", Attrs::HURDLE_COLOUR_CHANGING),
    ("volage", Attrs::VOLAGE),
    ("jigger", Attrs::JIGGER),
    ("protean", Attrs::PROTEAN),
    ("anda", Attrs::ANDA),
    ("andainverse", Attrs::ANDA_INVERSE),
    ("bul", Attrs::BUL),
    ("dob", Attrs::DOB),
];

/// Popeye's refusal of a unit given both Bul and Dob.
pub(crate) const BUL_AND_DOB: &str = "A hopper can not be both Bul and Dob";

/// Whether adding `attr` to `attrs` makes a unit both Bul and Dob.
pub(crate) fn bul_and_dob(attrs: Attrs, attr: Attrs) -> bool {
    (attrs.contains(Attrs::BUL) && attr == Attrs::DOB)
        || (attrs.contains(Attrs::DOB) && attr == Attrs::BUL)
}

/// Gives the unit on `sq` the attribute `attr`; false if `sq` is empty.
fn set_attribute(pos: &mut Position, sq: Square, attr: Attrs) -> bool {
    let Some(mut p) = pos.piece_at(sq) else {
        return false;
    };
    // `put` clears the square first, castling right included: keep it.
    let unmoved = pos.unmoved.contains(sq);
    if attr == Attrs::ROYAL && p.kind == Kind::KING {
        // A king is royal without the attribute.
        return true;
    }
    p = p.with(attr);
    pos.put(sq, p);
    if unmoved {
        pos.unmoved.set(sq);
    }
    true
}

fn expect_bool(v: &TSpanned<toml::Value>, key: &str) -> Result<bool, String> {
    v.get_ref()
        .as_bool()
        .ok_or_else(|| format!("{key}: expected true or false, found `{}`", v.get_ref()))
}

fn expect_str<'v>(v: &'v TSpanned<toml::Value>, key: &str) -> Result<&'v str, String> {
    v.get_ref()
        .as_str()
        .ok_or_else(|| format!("{key}: expected a string, found `{}`", v.get_ref()))
}

/// A string, or a list of strings for several commands of one kind.
fn strings<'v>(v: &'v TSpanned<toml::Value>, key: &str) -> Result<Vec<&'v str>, String> {
    let wrong = || {
        format!(
            "{key}: expected a string or a list of strings, found `{}`",
            v.get_ref()
        )
    };
    match v.get_ref() {
        toml::Value::String(s) => Ok(vec![s.as_str()]),
        toml::Value::Array(a) => a.iter().map(|x| x.as_str().ok_or_else(wrong)).collect(),
        _ => Err(wrong()),
    }
}

/// Two squares, as "e4 e5" or "e4-e5".
fn two_squares(s: &str) -> Option<(Square, Square)> {
    let parts: Vec<&str> = s
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter(|p| !p.is_empty())
        .collect();
    match parts[..] {
        [a, b] => Some((Square::parse(a)?, Square::parse(b)?)),
        _ => None,
    }
}

/// The walk of a piece code: Popeye's English code, either case.
fn kind_of_code(code: &str) -> Result<Kind, String> {
    match kind_from_code(Language::English, code) {
        Some(kind) if kind.is_supported() => Ok(kind),
        Some(kind) => Err(format!(
            "the {} ({code}) is not supported",
            kind.def().names[0]
        )),
        None => Err(format!(
            "`{code}` is not a piece code (Popeye's English codes: K Q R B S P, G grasshopper, N nightrider, ...)"
        )),
    }
}

/// Units as Popeye lists them: each word a piece code (one letter when
/// the word's length is odd, two when even) and one or more squares:
/// `Ke1 Ga5 NHc4 Pb2c2`.
fn units_of(list: &str) -> Result<Vec<(Kind, Square)>, String> {
    let mut out = Vec::new();
    for word in list.split_whitespace() {
        let bad = || {
            let hint = crate::io::language::walk_hint(Language::English, word);
            format!("`{word}` is not a piece code followed by squares, e.g. `Ga5` or `Pb2c2`{hint}")
        };
        if !word.is_ascii() || word.len() < 3 {
            return Err(bad());
        }
        let code_len = if word.len() % 2 == 1 { 1 } else { 2 };
        let kind = kind_of_code(&word[..code_len])?;
        let squares = &word[code_len..];
        for i in (0..squares.len()).step_by(2) {
            out.push((kind, Square::parse(&squares[i..i + 2]).ok_or_else(bad)?));
        }
    }
    Ok(out)
}

/// A unit on a square, as "wQd1", "bSg8", "wkQd1" (k: kamikaze), "nPb7"
/// (neutral) or "wGa5" (a fairy piece): colour, attributes, Popeye's
/// English code, square.
fn piece_on_square(s: &str) -> Option<(Piece, Square)> {
    let s = s.trim();
    if !s.is_ascii() || s.len() < 4 {
        return None;
    }
    let (color, neutral) = match s.as_bytes()[0] {
        b'w' => (Color::White, false),
        b'b' => (Color::Black, false),
        b'n' => (Color::White, true),
        _ => return None,
    };
    let (square, rest) = (Square::parse(&s[s.len() - 2..])?, &s[1..s.len() - 2]);
    // A kamikaze `k` before a code (`wkRb1`, `bkGa5`); `k` alone is the
    // king, `ka` the kangaroo.
    let (kamikaze, code) = match rest.strip_prefix('k') {
        Some(code) if kind_of_code(code).is_ok() => (true, code),
        _ => (false, rest),
    };
    Some((
        Piece {
            color,
            kind: kind_of_code(code).ok()?,
            attrs: Attrs::NONE
                .with_if(Attrs::KAMIKAZE, kamikaze)
                .with_if(Attrs::NEUTRAL, neutral),
        },
        square,
    ))
}

fn twin_command(key: TwinKey, item: &str, kamikaze_all: bool) -> Result<TwinCommand, &'static str> {
    let two = || two_squares(item).ok_or("is not two squares, e.g. \"e4 e5\"");
    Ok(match key {
        TwinKey::Move => {
            let (a, b) = two()?;
            TwinCommand::Move(a, b)
        }
        TwinKey::Exchange => {
            let (a, b) = two()?;
            TwinCommand::Exchange(a, b)
        }
        TwinKey::Shift => {
            let (a, b) = two()?;
            TwinCommand::Shift(a, b)
        }
        TwinKey::Remove => {
            TwinCommand::Remove(Square::parse(item.trim()).ok_or("is not a square (a1..h8)")?)
        }
        TwinKey::Add => {
            let (mut piece, sq) = piece_on_square(item).ok_or(
                "is not a unit on a square, e.g. \"wQd1\", \"bSg8\", \"nPb7\" or \"wGa5\"",
            )?;
            // Under Kamikaze Circe every unit but the king is kamikaze.
            if kamikaze_all && piece.kind != Kind::KING {
                piece = piece.with(Attrs::KAMIKAZE);
            }
            TwinCommand::Add(piece, sq)
        }
        TwinKey::Substitute => {
            let kinds: Vec<Option<Kind>> = item
                .split(|c: char| c.is_whitespace() || c == '-' || c == '>')
                .filter(|p| !p.is_empty())
                .map(|p| kind_of_code(p).ok())
                .collect();
            match kinds[..] {
                [Some(a), Some(b)] => TwinCommand::Substitute(a, b),
                _ => return Err("is not two piece codes, e.g. \"Q R\""),
            }
        }
        _ => return Err("cannot be given as a string"),
    })
}

#[cfg(test)]
mod tests;
