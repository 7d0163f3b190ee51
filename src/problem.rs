//! A problem as the readers produce it: diagram, stipulation, conditions,
//! options, twins and metadata, independent of the input format.

use crate::board::{Position, Square};
use crate::rules::Rules;
use std::path::PathBuf;

/// The language a problem was written in; Popeye answers in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Language {
    #[default]
    English,
    German,
    French,
}

/// Where something came from, for error messages and reports.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceRef {
    pub file: PathBuf,
    /// 1-based line number.
    pub line: usize,
}

impl std::fmt::Display for SourceRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file.display(), self.line)
    }
}

/// A value with the line it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub line: usize,
}

/// Author, source and the like. Repeated Popeye fields (two `origin` lines)
/// are kept in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Metadata {
    pub title: Vec<String>,
    pub author: Vec<String>,
    pub origin: Vec<String>,
    pub award: Vec<String>,
    pub remark: Vec<String>,
    /// What the problem states it intends, for `circe audit`: YACPDB's
    /// `intended-solutions` (`2.1.1...`), TOML's `intended`.
    pub intended: Option<String>,
    /// The author's solution as the source gives it (YACPDB's `solution`),
    /// kept as text.
    pub solution_text: Option<String>,
}

/// The options a problem may set (Popeye's `option`), as data.
/// The numbers of option `start` or `upto`: a first move's number, then
/// the number of a move at each later level (`27:11`), as Popeye numbers
/// the moves it tries (docs/rules.md).
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct MovePath(pub Vec<u32>);

impl MovePath {
    /// A path of one level: a first move's number.
    pub fn first(n: u32) -> MovePath {
        MovePath(vec![n])
    }

    /// Reads `27:11`: numbers parted by colons, none left out.
    pub fn parse(text: &str) -> Option<MovePath> {
        text.split(':')
            .map(|n| {
                if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) {
                    n.parse().ok()
                } else {
                    None
                }
            })
            .collect::<Option<Vec<u32>>>()
            .map(MovePath)
    }
}

impl std::fmt::Display for MovePath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, n) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            write!(f, "{n}")?;
        }
        Ok(())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum ProblemOption {
    /// `halfduplex`: the other side starts.
    HalfDuplex,
    /// `duplex`: solve for both sides.
    Duplex,
    /// `whitebegins` / `weissbeginnt`: White moves first in help/series play.
    WhiteBegins,
    Variation,
    Try,
    /// `defence n` (`defense n`).
    Defence(u32),
    /// `threat n`.
    Threat(u32),
    SetPlay,
    NoThreat,
    /// `nontrivial m n`: at most m extra non-trivial defences (not met
    /// within n moves) along a line.
    NonTrivial(u32, u32),
    /// `maxflightsquares n`: the defender has defended when its king has
    /// more than n flights.
    MaxFlights(u32),
    MaxSolutions(u32),
    /// `maxtime n`: solving stops after n seconds (Popeye's "solving
    /// interrupted.").
    MaxTime(u32),
    NoWhiteKing,
    NoBlackKing,
    /// `enpassant sq...`: the last move was a double step passing these squares.
    EnPassant(Vec<Square>),
    NoCastling(Vec<Square>),
    /// `castlingmutuallyexclusive a1h8`: the castling with the white rook
    /// of the first square and the black one of the second exclude each
    /// other: the first played takes the other's right.
    CastlingMutuallyExclusive(Square, Square),
    /// `start n` (`start 27:11`): start at move number n, or at the move
    /// path given (docs/rules.md).
    Start(MovePath),
    /// `upto n` (`upto 2:40`): stop after move number n, or after the move
    /// path given (Popeye's UpToMoveNumber).
    UpTo(MovePath),
    PostKeyPlay,
    Quodlibet,
    /// `keepmatingpiece`: a line fails once the side that makes the last
    /// move has no unit but its king.
    KeepMatingPiece,
    /// `goalisend`: a move of the side that does not make the goal move
    /// ends the play when it reaches the goal (the line fails there).
    GoalIsEnd,
    /// `stoponshortsolutions`: help and series play stop after the first
    /// shorter length that has solutions.
    StopOnShortSolutions,
    /// `noshortvariations`: a defence after which the attacker wins in
    /// fewer moves than remain is not printed (battle play).
    NoShortVariations,
    /// `movenumbers`: print move numbers with times.
    MoveNumbers,
    NoBoard,
    /// `intelligent`: Popeye's search mode; does not change the solution.
    Intelligent,
    /// `notrivialmoves`? no: any option name kept verbatim that changes only
    /// the speed or the display, never the solution.
    Cosmetic(String),
}

/// One twinning instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TwinCommand {
    Move(Square, Square),
    Exchange(Square, Square),
    Add(crate::board::Piece, Square),
    Remove(Square),
    /// Rotate by 90, 180 or 270 degrees.
    Rotate(u32),
    /// Mirror: a1<-->h1 (files), a1<-->a8 (ranks), a1<-->h8, h1<-->a8.
    Mirror(MirrorAxis),
    Shift(Square, Square),
    /// Swap the colours of all units.
    PolishType,
    Substitute(crate::board::Kind, crate::board::Kind),
    Stipulation(String),
    Condition(Box<Rules>),
    /// `forsyth`: a new placement of all the units, as written.
    Forsyth {
        units: Vec<(crate::board::Piece, Square)>,
        text: String,
    },
    /// Any other instruction, kept as Popeye wrote it.
    Other(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MirrorAxis {
    /// a1<-->h1
    Files,
    /// a1<-->a8
    Ranks,
    /// a1<-->h8
    Diagonal,
    /// h1<-->a8
    AntiDiagonal,
}

/// A twin: `b) rotate 90`, or `+c) ...` (continued from the previous twin).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Twin {
    pub continued: bool,
    pub commands: Vec<TwinCommand>,
    pub line: usize,
}

/// A problem, ready to solve.
#[derive(Clone, Debug)]
pub struct Problem {
    pub meta: Metadata,
    /// The diagram. Castling rights: `unmoved` as the input says (Popeye:
    /// every king and rook on its game-array square). `turn` is White
    /// unless the input says otherwise; the stipulation and options decide
    /// who actually starts.
    pub position: Position,
    /// `a=>b`: the position the play starts from (A), given before the
    /// stipulation; the diagram is the one it must reach (B). Castling
    /// rights as the diagram's.
    pub start: Option<Position>,
    pub stipulation: Spanned<String>,
    pub rules: Rules,
    /// The condition as written, for display (`"anticirce cheylan"`).
    pub condition_text: Vec<String>,
    /// The line where the conditions are given (0: none given); a
    /// refusal of the rules names it.
    pub condition_line: usize,
    pub options: Vec<Spanned<ProblemOption>>,
    /// `zeroposition`: the diagram itself is not solved, only the twins.
    pub zero_position: bool,
    pub twins: Vec<Twin>,
    pub language: Language,
    /// The file and line where the problem starts.
    pub source: SourceRef,
    /// Expected solutions recorded with the problem (TOML `[expected]`), as text.
    pub expected: Option<String>,
    /// What the reader warned about and went on (as Popeye does), with the
    /// line of each.
    pub warnings: Vec<Spanned<String>>,
}

impl Problem {
    pub fn has_option(&self, f: impl Fn(&ProblemOption) -> bool) -> bool {
        self.options.iter().any(|o| f(&o.value))
    }
}

/// A reader's complaint: the file, the line and what was wrong. Line 0
/// stands for the file as a whole (it cannot be read, it holds nothing).
#[derive(Debug, PartialEq, Eq)]
pub struct InputError {
    pub file: PathBuf,
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file.display(), self.message)
        } else {
            write!(f, "{}:{}: {}", self.file.display(), self.line, self.message)
        }
    }
}

impl std::error::Error for InputError {}
