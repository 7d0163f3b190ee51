//! Reader for Popeye's plaintext input language.
//!
//! The language is a stream of whitespace-separated words; keywords may be
//! abbreviated to any unambiguous prefix and are case-insensitive. The first
//! keyword (`beginproblem`, `anfangproblem`, `debutprobleme`) fixes the
//! language of the whole file: keywords, options, piece letters and twinning
//! commands are then looked up in that language's tables only.
//!
//! Only what the solver can handle is accepted: the orthodox pieces (with the
//! `kamikaze` attribute), Circe, Circe Rex Inclusive, Anticirce Calvet and
//! Cheylan (plus the home-made Alsatian Circe). Everything else Popeye knows
//! is recognised well enough to be refused with a clear "not supported".
//!
//! Stipulations are kept as written for the solver to parse. A structured
//! one (`sstipulation` / `sforderung` / `senonce`) is kept as
//! `"sstipulation white <expression>"` (side in English), which no
//! traditional stipulation can start with. A later
//! `condition` adds to the earlier ones (Popeye 4.104's reading; a twin's
//! `condition` replaces them); metadata lines accumulate.

use crate::board::{Attrs, Color, Kind, Piece, Position, Square};
use crate::problem::{
    InputError, Metadata, MirrorAxis, MovePath, Problem, ProblemOption, SourceRef, Spanned, Twin,
    TwinCommand,
};
use crate::rules::Rules;
use crate::vocabulary;
use crate::vocabulary::conditions::Word;
use std::path::{Path, PathBuf};

/// Reads every problem of a Popeye input file.
pub fn parse_popeye(text: &str, file: &Path) -> Result<Vec<Problem>, InputError> {
    Parser::new(text, file).parse_file()
}

mod keywords;
mod lexer;

use crate::vocabulary::suggest::did_you_mean;
use keywords::*;
use lexer::{Lexer, LexerWords, Token};

// ---------------------------------------------------------------------------

/// What may end a list of options, conditions or pieces: in a twin, the
/// twinning commands too.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Top,
    Twin,
}

struct Parser<'a> {
    lex: Lexer<'a>,
    file: PathBuf,
    lang: &'static Lang,
    /// Warnings of the problem being read (Popeye warns and goes on).
    warnings: Vec<Spanned<String>>,
    /// A unit of the problem being read was given a board of AliceChess,
    /// which puts the condition in force.
    alice_board: bool,
}

/// Work in progress for one problem.
struct Draft {
    meta: Metadata,
    position: Position,
    stipulation: Option<Spanned<String>>,
    rules: Rules,
    /// Every word of the `condition` lines so far.
    condition_words: Vec<Word>,
    options: Vec<Spanned<ProblemOption>>,
    zero_position: bool,
    twins: Vec<Twin>,
    line: usize,
    /// Where the diagram was given (`pieces`, `forsyth`), for its checks.
    diagram_line: Option<usize>,
    /// `a=>b`: the position given before the stipulation, where the play
    /// starts, with the line it was given on.
    start: Option<(Position, usize)>,
}

type Res<T> = Result<T, InputError>;

impl<'a> Parser<'a> {
    fn new(text: &'a str, file: &Path) -> Parser<'a> {
        Parser {
            lex: Lexer {
                text,
                pos: 0,
                line: 1,
            },
            file: file.to_path_buf(),
            lang: &ENGLISH,
            warnings: Vec::new(),
            alice_board: false,
        }
    }

    fn err<T>(&self, line: usize, message: impl Into<String>) -> Res<T> {
        Err(InputError {
            file: self.file.clone(),
            line,
            message: message.into(),
        })
    }

    fn next_word(&mut self, what: &str) -> Res<Token> {
        match self.lex.word() {
            Some(t) => Ok(t),
            None => self.err(
                self.lex.line,
                format!("file ends where {what} was expected"),
            ),
        }
    }

    /// `latexpieces`: the LaTeX names of walks, a line each (a piece code,
    /// its abbreviation, its full name to the end of the line), for the
    /// LaTeX file only; the list ends at the first word that is not a
    /// piece code, as Popeye reads it.
    fn skip_latex_pieces(&mut self) {
        while let Some(code) = self.lex.peek() {
            let short = code.text.chars().count() < 3;
            if !short
                || crate::io::language::kind_from_code(self.lang.language, &code.text).is_none()
            {
                break;
            }
            self.lex.word();
            if self.lex.peek().is_some_and(|t| t.line == code.line) {
                self.lex.word();
                self.lex.rest_of_line();
            }
        }
    }

    fn parse_file(&mut self) -> Res<Vec<Problem>> {
        let Some(first) = self.lex.word() else {
            return self.err(self.lex.line, "no problem: the file is empty");
        };
        let lang = LANGS.iter().find(|l| {
            matches!(
                lookup(l.keywords, &first.text),
                Found::One(Kw::BeginProblem)
            )
        });
        let Some(lang) = lang else {
            return self.err(
                first.line,
                format!(
                    "expected beginproblem (or anfangproblem, debutprobleme), found '{}'",
                    first.text
                ),
            );
        };
        self.lang = lang;
        let mut problems = Vec::new();
        let mut start = first.line;
        loop {
            let (problem, more) = self.parse_problem(start)?;
            problems.push(problem);
            if !more {
                return Ok(problems);
            }
            start = self.lex.peek().map_or(self.lex.line, |t| t.line);
        }
    }

    /// One problem, after its `beginproblem` (or the previous `nextproblem`).
    /// Returns whether another problem follows.
    fn parse_problem(&mut self, line: usize) -> Res<(Problem, bool)> {
        self.alice_board = false;
        let mut d = Draft {
            meta: Metadata::default(),
            position: Position::empty(),
            stipulation: None,
            rules: Rules::orthodox(),
            condition_words: Vec::new(),
            options: Vec::new(),
            zero_position: false,
            twins: Vec::new(),
            line,
            diagram_line: None,
            start: None,
        };
        loop {
            let Some(tok) = self.lex.word() else {
                let end = self.keyword_name(Kw::EndProblem);
                return self.err(self.lex.line, format!("file ends before {end}"));
            };
            // A word that is no keyword: Popeye names it an offending item
            // (an ambiguous one: not unique) and reads on.
            let kw = match lookup(self.lang.keywords, &tok.text) {
                Found::One(k) => k,
                Found::Ambiguous(names) => {
                    self.warnings.push(Spanned {
                        value: format!(
                            "keyword '{}' is not unique (could be {}) - ignored",
                            tok.text,
                            names.join(", ")
                        ),
                        line: tok.line,
                    });
                    continue;
                }
                Found::Nothing => {
                    let hint = did_you_mean(&tok.text, self.lang.keywords.iter().map(|k| k.0));
                    self.warnings.push(Spanned {
                        value: format!("offending item '{}' - ignored{hint}", tok.text),
                        line: tok.line,
                    });
                    continue;
                }
            };
            match kw {
                Kw::EndProblem => return Ok((self.finish(d)?, false)),
                Kw::NextProblem => return Ok((self.finish(d)?, true)),
                Kw::BeginProblem => {
                    return self.err(
                        tok.line,
                        format!(
                            "'{}' inside a problem: the previous one has no end",
                            tok.text
                        ),
                    )
                }
                Kw::Author | Kw::Origin | Kw::Title | Kw::Award | Kw::Remark => {
                    let (value, _) = self.lex.rest_of_line();
                    if !value.is_empty() {
                        let list = match kw {
                            Kw::Author => &mut d.meta.author,
                            Kw::Origin => &mut d.meta.origin,
                            Kw::Title => &mut d.meta.title,
                            Kw::Award => &mut d.meta.award,
                            _ => &mut d.meta.remark,
                        };
                        list.push(value);
                    }
                }
                Kw::Protocol | Kw::LaTeX => {
                    // Output files only: the file name is read and ignored.
                    self.next_word("a file name")?;
                }
                Kw::LaTeXPieces => self.skip_latex_pieces(),
                Kw::Input => return self.err(tok.line, format!("'{}' is not supported", tok.text)),
                Kw::Stipulation => {
                    let s = self.parse_stipulation()?;
                    // `a=>b`: what was given so far is the start (A); the
                    // units given after it make the position to reach (B).
                    let to_b = crate::stipulation::Stipulation::parse(&s.value)
                        .is_ok_and(|st| st.goal == crate::stipulation::Goal::AToB);
                    if to_b && d.start.is_none() {
                        let line = d.diagram_line.take().unwrap_or(d.line);
                        let mut start = std::mem::take(&mut d.position);
                        // Imitator's squares given so far are the start's
                        // (Popeye keeps them with the position).
                        let imitator = crate::rules::Condition::Imitator;
                        if d.rules.has(imitator) {
                            start.imitators = d.rules.param(imitator).squares;
                        }
                        d.start = Some((start, line));
                    }
                    d.stipulation = Some(s);
                }
                Kw::SStipulation => {
                    let s = self.parse_sstipulation(&tok)?;
                    d.stipulation = Some(Spanned {
                        value: s,
                        line: tok.line,
                    });
                }
                Kw::Condition => {
                    let earlier = std::mem::take(&mut d.condition_words);
                    let (rules, words) = self.parse_conditions(&tok, Ctx::Top, earlier)?;
                    d.rules = rules;
                    d.condition_words = words;
                }
                Kw::Option => self.parse_options(&mut d)?,
                Kw::Pieces => {
                    d.diagram_line = Some(tok.line);
                    for (piece, sq) in self.parse_pieces(Ctx::Top)? {
                        // A unit placed on an occupied square sends the one
                        // there to the underworld (Popeye's rule, with its
                        // warning), whence Volcanic and Parachute Circe
                        // bring it back.
                        if let Some(old) = d.position.remove(sq) {
                            self.warnings.push(Spanned {
                                value: format!(
                                    "{sq} is already occupied: the unit placed there before goes to the underworld"
                                ),
                                line: tok.line,
                            });
                            if !d.position.waiting.bury(sq, old) {
                                return self.err(tok.line, "too many units under the squares");
                            }
                        }
                        d.position.put(sq, piece);
                    }
                }
                Kw::Forsyth => {
                    let t = match self.lex.raw() {
                        Some(t) => t,
                        None => return self.err(tok.line, "forsyth without a position"),
                    };
                    d.position = self.parse_forsyth(&t)?;
                    d.diagram_line = Some(tok.line);
                }
                Kw::InitialGameArray => d.position = Position::game_array(),
                Kw::Twin => {
                    let twin = self.parse_twin(tok.line, true)?;
                    d.twins.push(twin);
                }
                Kw::ZeroPosition => {
                    if d.zero_position || !d.twins.is_empty() {
                        return self.err(
                            tok.line,
                            format!("'{}' must come before the twins", tok.text),
                        );
                    }
                    d.zero_position = true;
                    let twin = self.parse_twin(tok.line, false)?;
                    d.twins.push(twin);
                }
            }
        }
    }

    fn keyword_name(&self, kw: Kw) -> &'static str {
        self.lang
            .keywords
            .iter()
            .find(|(_, k)| *k == kw)
            .map_or("?", |(n, _)| *n)
    }

    /// Whether `tok` ends a list: a top-level keyword, or in a twin also a
    /// twinning command.
    fn ends_list(&self, tok: &Token, ctx: Ctx) -> bool {
        let is_kw = !matches!(lookup(self.lang.keywords, &tok.text), Found::Nothing);
        let is_twin =
            ctx == Ctx::Twin && !matches!(lookup(self.lang.twinning, &tok.text), Found::Nothing);
        is_kw || is_twin
    }

    /// The checks of a diagram given on `line`, then its castling rights
    /// and en passant square from the placement and the options.
    fn ready_diagram(&mut self, pos: &mut Position, line: usize, d: &Draft) -> Res<()> {
        crate::io::diagram::drop_implied_attributes(pos, &d.rules);
        let said = crate::io::diagram::check(pos, &d.options, line, &d.rules)
            .or_else(|e| self.err(line, e))?;
        self.warnings.extend(said);
        pos.set_unmoved_from_placement();
        for o in &d.options {
            match &o.value {
                ProblemOption::NoCastling(squares) => {
                    for sq in squares {
                        pos.unmoved.clear(*sq);
                    }
                }
                ProblemOption::CastlingMutuallyExclusive(white, black) => {
                    pos.castling_exclusive |=
                        Position::exclusive_castling_bit(*white, *black).unwrap_or(0);
                }
                // departure, passed square, arrival: the passed square is
                // where an en passant capture lands.
                ProblemOption::EnPassant(squares) if squares.len() == 3 => {
                    pos.ep_square = Some(squares[1]);
                    pos.ep_victim = squares[2];
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn finish(&mut self, mut d: Draft) -> Res<Problem> {
        let Some(stipulation) = d.stipulation.take() else {
            let kw = self.keyword_name(Kw::Stipulation);
            return self.err(d.line, format!("the problem has no {kw}"));
        };
        let diagram_line = d.diagram_line.unwrap_or(d.line);
        // Which of the two positions a twin changes is not read.
        if let (Some(_), Some(twin)) = (&d.start, d.twins.first()) {
            return self.err(twin.line, "twins of an a=>b are not supported yet");
        }
        let mut start = d.start.take();
        if let Some((pos, line)) = &mut start {
            self.ready_diagram(pos, *line, &d)?;
            // The words read are all the condition's: the squares given
            // again after the stipulation are the target's imitators.
            let imitator = crate::rules::Condition::Imitator;
            if pos.imitators.nonempty() {
                let mut param = *d.rules.param(imitator);
                param.squares &= !pos.imitators;
                d.rules = d.rules.with_param(imitator, param);
            }
        }
        let mut position = std::mem::take(&mut d.position);
        self.ready_diagram(&mut position, diagram_line, &d)?;
        // Popeye reads the boards of the diagram alone (in `a=>b`, the
        // position to reach).
        let alice = std::mem::take(&mut self.alice_board);
        if alice && (start.is_none() || position.on_board_b().nonempty()) {
            d.rules
                .conditions
                .insert(crate::rules::Condition::AliceChess);
        }
        Ok(Problem {
            meta: d.meta,
            position,
            start: start.map(|(pos, _)| pos),
            stipulation,
            rules: d.rules,
            condition_line: d.condition_words.first().map_or(0, |w| w.line),
            condition_text: d.condition_words.into_iter().map(|w| w.text).collect(),
            options: d.options,
            zero_position: d.zero_position,
            twins: d.twins,
            language: self.lang.language,
            source: SourceRef {
                file: self.file.clone(),
                line: d.line,
            },
            expected: None,
            warnings: std::mem::take(&mut self.warnings),
        })
    }

    /// A traditional stipulation, as written. Popeye lets the number of
    /// moves stand apart from the goal (`dia 3`, `a=>b 1.0`, `hze8 1.5`,
    /// whose goal ends in a digit): the next word is the count when the
    /// stipulation cannot be read without it.
    fn parse_stipulation(&mut self) -> Res<Spanned<String>> {
        let s = self.next_word("a stipulation")?;
        let mut value = s.text;
        if !value.ends_with(|c: char| c.is_ascii_digit())
            || crate::stipulation::Stipulation::parse(&value).is_err()
        {
            if let Some(n) = self.lex.peek() {
                if n.text.starts_with(|c: char| c.is_ascii_digit())
                    && n.text.bytes().all(|b| b.is_ascii_digit() || b == b'.')
                {
                    self.lex.word();
                    value = format!("{value} {}", n.text);
                }
            }
        }
        Ok(Spanned {
            value,
            line: s.line,
        })
    }

    /// `sstipulation white 3a[#]d`: kept as text, side in English, so the
    /// solver can tell it from a traditional stipulation by its first word.
    fn parse_sstipulation(&mut self, kw: &Token) -> Res<String> {
        let words = self.lex.words_on_line();
        let Some((side, expr)) = words.split_first() else {
            return self.err(kw.line, format!("'{}' without a stipulation", kw.text));
        };
        let side = match lookup(self.lang.colours, &side.text) {
            Found::One(Colour::White) => "white",
            Found::One(Colour::Black) => "black",
            _ => {
                return self.err(
                    side.line,
                    format!(
                        "'{}' must start with the side to move, found '{}'",
                        kw.text, side.text
                    ),
                )
            }
        };
        if expr.is_empty() {
            return self.err(kw.line, format!("'{}' without a stipulation", kw.text));
        }
        let expr: Vec<&str> = expr.iter().map(|t| t.text.as_str()).collect();
        Ok(format!("sstipulation {side} {}", expr.join(" ")))
    }

    fn parse_number(&mut self, opt: &Token) -> Res<u32> {
        match self.lex.peek() {
            Some(t) if t.text.bytes().all(|b| b.is_ascii_digit()) => {
                self.lex.word();
                match t.text.parse() {
                    Ok(n) => Ok(n),
                    Err(_) => self.err(t.line, format!("number '{}' is too large", t.text)),
                }
            }
            Some(t) => self.err(
                t.line,
                format!("option '{}' needs a number, found '{}'", opt.text, t.text),
            ),
            None => self.err(opt.line, format!("option '{}' needs a number", opt.text)),
        }
    }

    /// The move path after `start` or `upto`: a number, or numbers parted
    /// by colons (`27:11`).
    fn parse_move_path(&mut self, opt: &Token) -> Res<MovePath> {
        match self.lex.peek() {
            Some(t) => match MovePath::parse(&t.text) {
                Some(path) => {
                    self.lex.word();
                    Ok(path)
                }
                None => self.err(
                    t.line,
                    format!(
                        "option '{}' needs a number or a path of numbers (27:11), found '{}'",
                        opt.text, t.text
                    ),
                ),
            },
            None => self.err(
                opt.line,
                format!(
                    "option '{}' needs a number or a path of numbers (27:11)",
                    opt.text
                ),
            ),
        }
    }

    /// The number after `maxflightsquares`: Some when Popeye takes it (0 to
    /// 64, as C's strtoul reads it: "-0" is 0), None when it reads a
    /// number it then ignores (negative or too large).
    fn flight_number(&mut self, opt: &Token) -> Res<Option<u32>> {
        let Some(t) = self.lex.peek() else {
            return self.err(opt.line, format!("option '{}' needs a number", opt.text));
        };
        let (negative, digits) = match t.text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, t.text.strip_prefix('+').unwrap_or(&t.text)),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return self.err(
                t.line,
                format!("option '{}' needs a number, found '{}'", opt.text, t.text),
            );
        }
        self.lex.word();
        let value = digits.parse::<u64>().ok();
        Ok(match value {
            Some(0) => Some(0),
            Some(n) if !negative && n <= 64 => Some(n as u32),
            _ => None,
        })
    }

    fn optional_number(&mut self) -> Option<u32> {
        let t = self.lex.peek()?;
        let n = t.text.parse().ok()?;
        self.lex.word();
        Some(n)
    }

    /// Square lists following an option (`nocastling a1 h8`, `enpassant e2e3e4`).
    fn square_lists(&mut self) -> Vec<Square> {
        let mut out = Vec::new();
        while let Some(t) = self.lex.peek() {
            match parse_squares(&t.text) {
                Some(sqs) if !sqs.is_empty() => {
                    self.lex.word();
                    out.extend(sqs);
                }
                _ => break,
            }
        }
        out
    }

    /// The options after `option`. As Popeye does, a word that names no
    /// option (or several) ends the list with a warning; the problem's
    /// reader then skips it as an offending item.
    fn parse_options(&mut self, d: &mut Draft) -> Res<()> {
        let mut read = 0;
        while let Some(tok) = self.lex.peek() {
            let opt = match lookup(self.lang.options, &tok.text) {
                Found::One(o) => o,
                Found::Ambiguous(names) => {
                    self.warnings.push(Spanned {
                        value: format!(
                            "option '{}' is not unique (could be {})",
                            tok.text,
                            names.join(", ")
                        ),
                        line: tok.line,
                    });
                    return Ok(());
                }
                Found::Nothing if self.ends_list(&tok, Ctx::Top) => return Ok(()),
                Found::Nothing => {
                    if read == 0 {
                        let hint = did_you_mean(&tok.text, self.lang.options.iter().map(|o| o.0));
                        self.warnings.push(Spanned {
                            value: format!("option '{}' not recognized{hint}", tok.text),
                            line: tok.line,
                        });
                    }
                    return Ok(());
                }
            };
            read += 1;
            self.lex.word();
            let value = match opt {
                Opt::Defence => ProblemOption::Defence(self.parse_number(&tok)?),
                Opt::SetPlay => ProblemOption::SetPlay,
                Opt::WhiteToPlay => ProblemOption::WhiteBegins,
                Opt::Variations => ProblemOption::Variation,
                Opt::MoveNumbers => ProblemOption::MoveNumbers,
                Opt::StartMoveNumber => ProblemOption::Start(self.parse_move_path(&tok)?),
                Opt::UpToMoveNumber => ProblemOption::UpTo(self.parse_move_path(&tok)?),
                Opt::NoWk => ProblemOption::NoWhiteKing,
                Opt::Duplex => ProblemOption::Duplex,
                Opt::NoBk => ProblemOption::NoBlackKing,
                Opt::Threat => ProblemOption::Threat(self.parse_number(&tok)?),
                Opt::NoThreat => ProblemOption::NoThreat,
                Opt::Try => ProblemOption::Try,
                Opt::MaxSolutions => ProblemOption::MaxSolutions(self.parse_number(&tok)?),
                Opt::MaxTime => ProblemOption::MaxTime(self.parse_number(&tok)?),
                Opt::NonTrivial => {
                    let m = self.parse_number(&tok)?;
                    let n = self.parse_number(&tok)?;
                    ProblemOption::NonTrivial(m, n)
                }
                Opt::MaxFlights => match self.flight_number(&tok)? {
                    Some(n) => ProblemOption::MaxFlights(n),
                    // Popeye drops the option when the number is out of
                    // range (a negative one included) and solves on.
                    None => continue,
                },
                Opt::EnPassant | Opt::NoCastling => {
                    let squares = self.square_lists();
                    if squares.is_empty() {
                        return self.err(
                            tok.line,
                            format!("option '{}' needs a list of squares", tok.text),
                        );
                    }
                    if opt == Opt::EnPassant {
                        ProblemOption::EnPassant(squares)
                    } else {
                        ProblemOption::NoCastling(squares)
                    }
                }
                // One word of two squares: a white rook's corner, then a
                // black one's.
                Opt::CastlingMutuallyExclusive => {
                    let pair = self.lex.peek().and_then(|t| match parse_squares(&t.text) {
                        Some(sqs) if sqs.len() == 2 => {
                            Position::exclusive_castling_bit(sqs[0], sqs[1])
                                .map(|_| (sqs[0], sqs[1]))
                        }
                        _ => None,
                    });
                    let Some((white, black)) = pair else {
                        return self.err(
                            tok.line,
                            format!(
                                "option '{}' needs a white rook's corner and a black one's, as in a1h8",
                                tok.text
                            ),
                        );
                    };
                    self.lex.word();
                    ProblemOption::CastlingMutuallyExclusive(white, black)
                }
                Opt::NoBoard => ProblemOption::NoBoard,
                Opt::HalfDuplex => ProblemOption::HalfDuplex,
                Opt::PostKeyPlay => ProblemOption::PostKeyPlay,
                Opt::Intelligent => {
                    // The number limits the solutions printed per mate
                    // position, in the order of Popeye's intelligent search.
                    if self.optional_number().is_some() {
                        return self.err(
                            tok.line,
                            format!(
                                "option {} with a number of solutions per mate position is not supported",
                                tok.text
                            ),
                        );
                    }
                    ProblemOption::Intelligent
                }
                Opt::Quodlibet => ProblemOption::Quodlibet,
                Opt::NoShortVariations => ProblemOption::NoShortVariations,
                Opt::KeepMatingPiece => ProblemOption::KeepMatingPiece,
                Opt::GoalIsEnd => ProblemOption::GoalIsEnd,
                Opt::StopOnShortSolutions => ProblemOption::StopOnShortSolutions,
                Opt::Cosmetic(name, takes_number) => {
                    if takes_number {
                        self.optional_number();
                    }
                    ProblemOption::Cosmetic(name.to_string())
                }
                Opt::Unsupported => {
                    return self.err(tok.line, format!("option {} is not supported", tok.text))
                }
            };
            d.options.push(Spanned {
                value,
                line: tok.line,
            });
        }
        Ok(())
    }

    /// The words after `condition`, up to the next keyword: Popeye's
    /// grammar (base conditions, their option words, traditional names).
    /// The conditions of a `condition` line, read after the `earlier`
    /// words of the lines before it, and every word read.
    fn parse_conditions(
        &mut self,
        kw: &Token,
        ctx: Ctx,
        earlier: Vec<Word>,
    ) -> Res<(Rules, Vec<Word>)> {
        let before = earlier.len();
        let lang = self.lang.language;
        let parsed = {
            let this = &*self;
            let mut words = LexerWords {
                earlier: earlier.into(),
                lex: this.lex.clone(),
                read: Vec::new(),
            };
            let stop = |w: &str| {
                this.ends_list(
                    &Token {
                        text: w.to_string(),
                        line: 0,
                    },
                    ctx,
                )
            };
            let parsed = vocabulary::parse_conditions(
                &mut words,
                lang,
                vocabulary::Strictness::Popeye,
                &stop,
            );
            (parsed, words.lex, words.read)
        };
        let (parsed, lex, words) = parsed;
        let parsed = parsed.map_err(|(line, message)| InputError {
            file: self.file.clone(),
            line,
            message,
        })?;
        self.lex = lex;
        if words.len() == before {
            return self.err(kw.line, format!("'{}' without a condition", kw.text));
        }
        self.warnings.extend(
            parsed
                .warnings
                .into_iter()
                .map(|(line, value)| Spanned { value, line }),
        );
        Ok((parsed.rules, words))
    }

    /// Colours, attributes and pieces after `pieces` (or a twin's `add`).
    fn parse_pieces(&mut self, ctx: Ctx) -> Res<Vec<(Piece, Square)>> {
        // The colour, and whether the units are neutral.
        let mut colour: Option<(Color, bool)> = None;
        let mut attrs = Attrs::NONE;
        let mut out = Vec::new();
        while let Some(tok) = self.lex.peek() {
            let has_digit = tok.text.bytes().any(|b| b.is_ascii_digit());
            if !has_digit {
                if let Found::One(c) = lookup(self.lang.colours, &tok.text) {
                    self.lex.word();
                    colour = Some(match c {
                        Colour::White => (Color::White, false),
                        Colour::Black => (Color::Black, false),
                        Colour::Neutral => (Color::White, true),
                        Colour::Unsupported => {
                            return self
                                .err(tok.line, format!("{} units are not supported", tok.text))
                        }
                    });
                    attrs = Attrs::NONE;
                    continue;
                }
                if let Found::One(a) = lookup(self.lang.attributes, &tok.text) {
                    self.lex.word();
                    if colour.is_none() {
                        return self.err(
                            tok.line,
                            format!("piece attribute {} before a colour", tok.text),
                        );
                    }
                    match a {
                        Attr::Is(a) => {
                            if crate::io::toml_input::bul_and_dob(attrs, a) {
                                return self
                                    .err(tok.line, crate::io::toml_input::BUL_AND_DOB.to_string());
                            }
                            if attrs.conflicts_with(a) {
                                return self.err(
                                    tok.line,
                                    format!(
                                        "piece attribute {} beside another of jigger, protean, \
                                         patrol, hurdlecolourchanging, bul, dob, anda, \
                                         andainverse: circe gives a unit one of them at most",
                                        tok.text
                                    ),
                                );
                            }
                            self.alice_board |= a == Attrs::ALICE_B;
                            attrs = attrs.with(a)
                        }
                        Attr::AliceA => self.alice_board = true,
                    }
                    continue;
                }
                // A piece letter alone, its squares in the next word.
                let lone_piece = tok.text.len() <= 2 && self.piece_kind(&tok.text).is_some() && {
                    let mut l = self.lex.clone();
                    l.word();
                    l.word()
                        .is_some_and(|n| parse_squares(&n.text).is_some_and(|s| !s.is_empty()))
                };
                if !lone_piece {
                    if self.ends_list(&tok, ctx) {
                        break;
                    }
                    // A walk's name for its code, or a keyword mistyped
                    // after the list.
                    let mut hint = crate::io::language::walk_hint(self.lang.language, &tok.text);
                    if hint.is_empty() {
                        hint = did_you_mean(&tok.text, self.lang.keywords.iter().map(|k| k.0));
                    }
                    return self.err(
                        tok.line,
                        format!("unknown piece or word '{}'{hint}", tok.text),
                    );
                }
            }
            self.lex.word();
            let Some((color, neutral)) = colour else {
                return self.err(
                    tok.line,
                    format!("piece '{}' before a colour (white or black)", tok.text),
                );
            };
            let kind = self.piece_spec_role(&tok)?;
            let name_len = if !tok.text.len().is_multiple_of(2) {
                1
            } else {
                2
            };
            let mut squares_text = tok.text[name_len..].to_string();
            let mut squares_line = tok.line;
            if squares_text.is_empty() {
                let t = self.next_word("squares")?;
                squares_text = t.text;
                squares_line = t.line;
            }
            let Some(squares) = parse_squares(&squares_text) else {
                let hint = crate::io::language::walk_hint(self.lang.language, &tok.text);
                return self.err(
                    squares_line,
                    format!("bad square list '{squares_text}' in '{}'{hint}", tok.text),
                );
            };
            for sq in squares {
                out.push((
                    Piece {
                        color,
                        kind,
                        // A king is royal without the attribute.
                        attrs: if kind == Kind::KING {
                            attrs.without(Attrs::ROYAL)
                        } else {
                            attrs
                        }
                        .with_if(Attrs::NEUTRAL, neutral),
                    },
                    sq,
                ));
            }
            // Popeye: `royal` gives its attribute to the next piece word
            // alone (a side has one royal unit).
            attrs = attrs.without(Attrs::ROYAL);
        }
        Ok(out)
    }

    /// What a piece code of the file's language names: a kind the solver
    /// plays (Ok), or one of Popeye's walks it does not (Err).
    fn piece_kind(&self, code: &str) -> Option<Result<Kind, Kind>> {
        let kind = crate::io::language::kind_from_code(self.lang.language, code)?;
        Some(if kind.is_supported() {
            Ok(kind)
        } else {
            Err(kind)
        })
    }

    /// The kind named at the start of a piece word like `ba7e7`: an odd
    /// length means a one-letter name, as squares take two characters each.
    fn piece_spec_role(&self, tok: &Token) -> Res<Kind> {
        if !tok.text.is_ascii() {
            return self.err(tok.line, format!("unknown piece '{}'", tok.text));
        }
        let name_len = if !tok.text.len().is_multiple_of(2) {
            1
        } else {
            2
        };
        let name = &tok.text[..name_len];
        if tok.text.contains('/') {
            return self.err(
                tok.line,
                format!("hunter pieces like '{}' are not supported", tok.text),
            );
        }
        match self.piece_kind(name) {
            Some(Ok(kind)) => Ok(kind),
            Some(Err(kind)) => self.err(tok.line, unsupported_walk(name, kind)),
            None => self.err(
                tok.line,
                format!("unknown piece '{name}' in '{}'", tok.text),
            ),
        }
    }

    /// Popeye's forsyth: from a8 rightwards and down, upper case White,
    /// lower case Black, numbers (one or two digits) skip squares across rank
    /// ends; `/` is only for the reader; `.xy` a two-letter piece; `=` makes
    /// the next piece neutral.
    fn parse_forsyth(&mut self, tok: &Token) -> Res<Position> {
        let mut pos = Position::empty();
        // Popeye fills the board square by square and drops what comes
        // after h1 (with a warning here).
        let mut overflow = false;
        let chars: Vec<char> = tok.text.chars().collect();
        let mut i = 0;
        let mut index = 0usize; // 0 = a8, 63 = h1
        let bad = |msg: String| self.err::<Position>(tok.line, msg);
        while i < chars.len() {
            let c = chars[i];
            if c.is_ascii_digit() {
                let mut n = c as usize - '0' as usize;
                i += 1;
                if i < chars.len() && chars[i].is_ascii_digit() {
                    n = n * 10 + (chars[i] as usize - '0' as usize);
                    i += 1;
                }
                index += n;
                if index > 64 {
                    overflow = true;
                    break;
                }
                continue;
            }
            if c == '/' {
                i += 1;
                continue;
            }
            let neutral = c == '=';
            if neutral {
                i += 1;
            }
            let Some(&c) = chars.get(i) else {
                return bad(format!("forsyth '{}' ends with '='", tok.text));
            };
            let code: String = if c == '.' {
                let code: String = chars.iter().skip(i + 1).take(2).collect();
                i += 3;
                code
            } else if c.is_ascii_alphabetic() {
                i += 1;
                c.to_string()
            } else {
                return bad(format!("unexpected '{c}' in forsyth '{}'", tok.text));
            };
            let color = match code.chars().next() {
                Some(x) if x.is_ascii_lowercase() => Color::Black,
                _ => Color::White,
            };
            let kind = match self.piece_kind(&code) {
                Some(Ok(r)) => r,
                Some(Err(kind)) => return bad(unsupported_walk(&code, kind)),
                None => return bad(format!("unknown piece '{code}' in forsyth '{}'", tok.text)),
            };
            if index >= 64 {
                overflow = true;
                break;
            }
            let sq = Square::new((index % 8) as u8, 7 - (index / 8) as u8);
            pos.put(
                sq,
                Piece::new(color, kind).with(Attrs::NONE.with_if(Attrs::NEUTRAL, neutral)),
            );
            index += 1;
        }
        if overflow {
            self.warnings.push(Spanned {
                value: format!(
                    "forsyth '{}' has more than 64 squares: what comes after h1 is ignored",
                    tok.text
                ),
                line: tok.line,
            });
        }
        Ok(pos)
    }

    /// A twin (or the zero position's changes), after its keyword.
    fn parse_twin(&mut self, line: usize, may_continue: bool) -> Res<Twin> {
        let mut twin = Twin {
            continued: false,
            commands: Vec::new(),
            line,
        };
        let mut first = true;
        while let Some(tok) = self.lex.peek() {
            let cmd = match lookup(self.lang.twinning, &tok.text) {
                Found::One(c) => c,
                Found::Ambiguous(names) if !self.ends_list(&tok, Ctx::Top) => {
                    return self.err(
                        tok.line,
                        format!(
                            "ambiguous twinning command '{}' (could be {})",
                            tok.text,
                            names.join(", ")
                        ),
                    )
                }
                _ if self.ends_list(&tok, Ctx::Top) => break,
                _ => {
                    let hint = did_you_mean(&tok.text, self.lang.twinning.iter().map(|t| t.0));
                    return self.err(
                        tok.line,
                        format!("unknown twinning command '{}'{hint}", tok.text),
                    );
                }
            };
            self.lex.word();
            match cmd {
                TwinKw::Continued => {
                    if !first || !may_continue {
                        return self.err(
                            tok.line,
                            format!("'{}' must come right after the twin keyword", tok.text),
                        );
                    }
                    twin.continued = true;
                }
                TwinKw::Move | TwinKw::Exchange | TwinKw::Shift => {
                    let a = self.square(&tok)?;
                    let b = self.square(&tok)?;
                    twin.commands.push(match cmd {
                        TwinKw::Move => TwinCommand::Move(a, b),
                        TwinKw::Exchange => TwinCommand::Exchange(a, b),
                        _ => TwinCommand::Shift(a, b),
                    });
                }
                TwinKw::Remove => {
                    let t = self.next_word("a square")?;
                    match parse_squares(&t.text) {
                        Some(sqs) if !sqs.is_empty() => twin
                            .commands
                            .extend(sqs.into_iter().map(TwinCommand::Remove)),
                        _ => return self.err(t.line, format!("'{}' is not a square", t.text)),
                    }
                }
                TwinKw::Add => {
                    let pieces = self.parse_pieces(Ctx::Twin)?;
                    if pieces.is_empty() {
                        return self.err(tok.line, format!("'{}' without pieces", tok.text));
                    }
                    twin.commands
                        .extend(pieces.into_iter().map(|(p, s)| TwinCommand::Add(p, s)));
                }
                TwinKw::Rotate => {
                    let t = self.next_word("an angle")?;
                    match t.text.as_str() {
                        "90" | "180" | "270" => twin
                            .commands
                            .push(TwinCommand::Rotate(t.text.parse().unwrap_or(0))),
                        _ => {
                            return self.err(
                                t.line,
                                format!("rotation must be 90, 180 or 270, found '{}'", t.text),
                            )
                        }
                    }
                }
                TwinKw::Mirror => {
                    let t = self.next_word("a mirror axis")?;
                    let axis = match t.text.to_ascii_lowercase().as_str() {
                        "a1<-->h1" => MirrorAxis::Files,
                        "a1<-->a8" => MirrorAxis::Ranks,
                        "a1<-->h8" => MirrorAxis::Diagonal,
                        "a8<-->h1" => MirrorAxis::AntiDiagonal,
                        _ => {
                            return self.err(
                                t.line,
                                format!(
                                "mirror needs a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1, found '{}'",
                                t.text
                            ),
                            )
                        }
                    };
                    twin.commands.push(TwinCommand::Mirror(axis));
                }
                TwinKw::PolishType => twin.commands.push(TwinCommand::PolishType),
                TwinKw::Substitute => {
                    let a = self.next_word("a piece")?;
                    let b = self.next_word("a piece")?;
                    let ra = self.piece_name(&a)?;
                    let rb = self.piece_name(&b)?;
                    twin.commands.push(TwinCommand::Substitute(ra, rb));
                }
                TwinKw::Stipulation => {
                    let s = self.parse_stipulation()?;
                    twin.commands.push(TwinCommand::Stipulation(s.value));
                }
                TwinKw::SStipulation => {
                    let s = self.parse_sstipulation(&tok)?;
                    twin.commands.push(TwinCommand::Stipulation(s));
                }
                TwinKw::Condition => {
                    let (rules, _) = self.parse_conditions(&tok, Ctx::Twin, Vec::new())?;
                    twin.commands.push(TwinCommand::Condition(Box::new(rules)));
                }
                TwinKw::Forsyth => {
                    let Some(t) = self.lex.raw() else {
                        return self.err(tok.line, "forsyth without a position");
                    };
                    let pos = self.parse_forsyth(&t)?;
                    twin.commands.push(TwinCommand::Forsyth {
                        units: pos.units().collect(),
                        text: t.text.clone(),
                    });
                }
            }
            first = false;
        }
        if twin.commands.is_empty() {
            return self.err(line, "a twin without any change");
        }
        Ok(twin)
    }

    fn square(&mut self, cmd: &Token) -> Res<Square> {
        let t = self.next_word("a square")?;
        match Square::parse(&t.text) {
            Some(s) => Ok(s),
            None => self.err(
                t.line,
                format!("'{}' needs a square, found '{}'", cmd.text, t.text),
            ),
        }
    }

    /// A bare piece name (`substitute R B`).
    fn piece_name(&self, t: &Token) -> Res<Kind> {
        match self.piece_kind(&t.text) {
            Some(Ok(r)) => Ok(r),
            Some(Err(kind)) => self.err(t.line, unsupported_walk(&t.text, kind)),
            None => self.err(t.line, format!("unknown piece '{}'", t.text)),
        }
    }
}

/// The error for a walk Popeye knows and the solver does not play.
fn unsupported_walk(code: &str, kind: Kind) -> String {
    format!(
        "fairy piece {code} ({}) is not supported",
        kind.def().names[0]
    )
}

/// `a7e7` -> [a7, e7]; None if any part is not a square.
pub(crate) fn parse_squares(s: &str) -> Option<Vec<Square>> {
    if !s.is_ascii() || !s.len().is_multiple_of(2) {
        return None;
    }
    s.as_bytes()
        .chunks(2)
        .map(|c| std::str::from_utf8(c).ok().and_then(Square::parse))
        .collect()
}

/// Whether English Popeye input reads `word` as an option (the YACPDB
/// reader tells an entry's options from its conditions so, as Olive does).
pub(crate) fn is_english_option(word: &str) -> bool {
    matches!(lookup(ENGLISH.options, word), Found::One(_))
}

/// Whether English Popeye input reads `word` as a keyword that starts or
/// ends a problem: inside a YACPDB field it would cut the entry short.
pub(crate) fn is_english_problem_boundary(word: &str) -> bool {
    matches!(
        lookup(ENGLISH.keywords, word),
        Found::One(Kw::BeginProblem | Kw::EndProblem | Kw::NextProblem)
    )
}

#[cfg(test)]
#[path = "popeye_input_tests.rs"]
mod tests;
