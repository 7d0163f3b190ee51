//! Writing moves: Popeye's notation (`Sc6*e5[+bPe7]`) and the Circe
//! notation for people (`Qxd3(+bSg8)`, Latvian `Dxd3(+mZg8)`, Anticirce
//! `Qxd3 (Qd3>d1)`), rules.md section 7.

use crate::board::{Color, Kind, Piece};
use crate::io::language;
use crate::moves::{Effect, Motion, Move};
use crate::problem::Language;
use std::fmt::Write;

/// The alphabets used to write pieces and colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Alphabet {
    English,
    German,
    French,
    Latvian,
}

impl Alphabet {
    /// The code of a piece (K Q R B S P in English, G for a grasshopper).
    pub fn piece(self, kind: Kind) -> &'static str {
        match self.language() {
            Some(lang) => language::piece_letter(lang, kind),
            // karalis, dama, tornis, laidnis, zirdzins, bandinieks; fairy
            // pieces keep their English codes.
            None if kind.is_orthodox() => ["K", "D", "T", "L", "Z", "B"][kind.index()],
            None => language::piece_letter(Language::English, kind),
        }
    }

    /// The letter of a colour (w/b in English).
    pub fn color(self, color: Color) -> char {
        match self.language() {
            Some(lang) => language::color_letter(lang, color),
            // balts, melns
            None => ['b', 'm'][color.index()],
        }
    }

    /// The letter of a neutral unit, written where a colour letter would be
    /// (`n` in every alphabet: neutral, neutre, neitrāls).
    pub fn neutral(self) -> char {
        match self.language() {
            Some(lang) => language::neutral_letter(lang),
            None => 'n',
        }
    }

    /// The colour letter of a unit, or the neutral letter.
    pub fn unit_color(self, piece: Piece) -> char {
        if piece.is_neutral() {
            self.neutral()
        } else {
            self.color(piece.color)
        }
    }

    /// The Popeye input language with these letters, if any (Latvian is
    /// not one).
    fn language(self) -> Option<Language> {
        match self {
            Alphabet::English => Some(Language::English),
            Alphabet::German => Some(Language::German),
            Alphabet::French => Some(Language::French),
            Alphabet::Latvian => None,
        }
    }
}

impl From<Language> for Alphabet {
    fn from(l: Language) -> Alphabet {
        match l {
            Language::English => Alphabet::English,
            Language::German => Alphabet::German,
            Language::French => Alphabet::French,
        }
    }
}

/// Popeye writes Popeye's attribute prefixes before a piece letter, and
/// then the letter even of a pawn (`nkPc2-c1`).
fn popeye_unit(out: &mut String, a: Alphabet, piece: Piece, pawn_letter: bool) {
    if piece.is_neutral() {
        out.push(a.neutral());
    }
    if piece.is_kamikaze() {
        out.push('k');
    }
    if piece.kind != Kind::PAWN || pawn_letter || piece.is_kamikaze() || piece.is_neutral() {
        out.push_str(a.piece(piece.kind));
    }
}

/// A unit in a rebirth: its colour letter (none for a neutral unit, whose
/// `n` comes with the attributes), attributes and letter: `bP`, `nkL`.
fn popeye_reborn_unit(out: &mut String, a: Alphabet, piece: Piece) {
    if !piece.is_neutral() {
        out.push(a.color(piece.color));
    }
    popeye_unit(out, a, piece, true);
}

/// A move in Popeye's notation, without the move number and without the
/// check mark: `Sc6*e5[+bPe7]`, `Ra4*a1[wRa1->a1]`, `e7*f8=Q`, `0-0`.
pub fn popeye_move(mv: &Move, a: Alphabet) -> String {
    let mut s = String::with_capacity(24);
    for e in &mv.effects {
        if let Effect::Premove { from, to, unit } = *e {
            s.push('[');
            popeye_reborn_unit(&mut s, a, unit);
            let _ = write!(s, "{from}->{to}]");
        }
    }
    match mv.motion {
        Motion::CastleShort => {
            s.push_str("0-0");
            return s;
        }
        Motion::CastleLong => {
            s.push_str("0-0-0");
            return s;
        }
        _ => {}
    }
    popeye_unit(&mut s, a, mv.piece, false);
    if mv.is_locust_capture() {
        let _ = write!(s, "{}*{}-{}", mv.from, mv.capture_square, mv.to);
    } else {
        let sep = if mv.is_capture() { '*' } else { '-' };
        let _ = write!(s, "{}{}{}", mv.from, sep, mv.to);
    }
    if mv.motion == Motion::EnPassant {
        s.push_str(" ep.");
    }
    if let Some(kind) = mv.promotion {
        s.push('=');
        popeye_unit(&mut s, a, Piece { kind, ..mv.piece }, true);
    }
    for e in &mv.effects {
        popeye_effect(&mut s, a, mv, e);
    }
    s
}

/// One effect of a move in Popeye's notation, in brackets after the move.
fn popeye_effect(s: &mut String, a: Alphabet, mv: &Move, e: &Effect) {
    match *e {
        Effect::CapturerReborn { to, unit } => {
            s.push('[');
            popeye_reborn_unit(s, a, unit);
            let _ = write!(s, "{}->{to}]", mv.to);
        }
        Effect::CapturedReborn { on, unit }
        | Effect::Added { on, unit }
        | Effect::Emerges { on, unit } => {
            s.push_str("[+");
            popeye_reborn_unit(s, a, unit);
            let _ = write!(s, "{on}]");
        }
        Effect::Removed { on, unit } => {
            s.push_str("[-");
            popeye_reborn_unit(s, a, unit);
            let _ = write!(s, "{on}]");
        }
        Effect::Buried { on, unit } => {
            s.push_str("[+");
            popeye_reborn_unit(s, a, unit);
            let _ = write!(s, "{on}->v]");
        }
        Effect::CapturerVanishes | Effect::Pending { .. } | Effect::Premove { .. } => {}
    }
}

/// How to tell a move apart from others of the same piece type to the same
/// square, for short algebraic notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Disambiguation {
    None,
    File,
    Rank,
    Square,
}

/// Which disambiguation short algebraic needs for `mv` among `legal`.
pub fn disambiguation(mv: &Move, legal: &[Move]) -> Disambiguation {
    if mv.piece.kind == Kind::PAWN || mv.is_castling() {
        return Disambiguation::None;
    }
    let rivals: Vec<&Move> = legal
        .iter()
        .filter(|o| {
            o.to == mv.to && o.from != mv.from && o.piece.kind == mv.piece.kind && !o.is_castling()
        })
        .collect();
    if rivals.is_empty() {
        Disambiguation::None
    } else if rivals.iter().all(|o| o.from.file() != mv.from.file()) {
        Disambiguation::File
    } else if rivals.iter().all(|o| o.from.rank() != mv.from.rank()) {
        Disambiguation::Rank
    } else {
        Disambiguation::Square
    }
}

/// The piece letter of a unit in the Circe notation, after `n` for a
/// neutral unit; a neutral pawn is written too (`nP`), so that the `n`
/// never stands alone.
fn circe_unit(out: &mut String, a: Alphabet, piece: Piece) {
    if piece.is_neutral() {
        out.push(a.neutral());
        out.push_str(a.piece(piece.kind));
    } else if piece.kind != Kind::PAWN {
        out.push_str(a.piece(piece.kind));
    }
}

/// A move in the Circe notation for people: short algebraic, `x` for a
/// capture, the captured unit's rebirth in parentheses (`Qxd3(+bSg8)`), the
/// capturer's rebirth as `(Qd3>d1)` after a space (Anticirce, Kamikaze).
/// Neutral units carry `n`: `nPbxa8=nS(+nBf8)`.
pub fn circe_move(mv: &Move, a: Alphabet, disambiguation: Disambiguation) -> String {
    let mut s = String::with_capacity(24);
    match mv.motion {
        Motion::CastleShort => return "0-0".into(),
        Motion::CastleLong => return "0-0-0".into(),
        _ => {}
    }
    let from = mv.from.to_string();
    circe_unit(&mut s, a, mv.piece);
    if mv.piece.kind == Kind::PAWN {
        if mv.is_capture() {
            s.push_str(&from[..1]);
        }
    } else {
        match disambiguation {
            Disambiguation::None => {}
            Disambiguation::File => s.push_str(&from[..1]),
            Disambiguation::Rank => s.push_str(&from[1..]),
            Disambiguation::Square => s.push_str(&from),
        }
    }
    if mv.is_locust_capture() {
        // Over the victim to the square behind: `Lxc7-d8`.
        let _ = write!(s, "x{}-", mv.capture_square);
    } else if mv.is_capture() {
        s.push('x');
    }
    let _ = write!(s, "{}", mv.to);
    if mv.motion == Motion::EnPassant {
        s.push_str(" e.p.");
    }
    if mv.promotion.is_some() {
        s.push('=');
        circe_unit(&mut s, a, mv.arriving_piece());
    }
    for e in &mv.effects {
        circe_effect(&mut s, a, mv, e);
    }
    s
}

/// One effect of a move in the Circe notation, in parentheses.
fn circe_effect(s: &mut String, a: Alphabet, mv: &Move, e: &Effect) {
    match *e {
        Effect::CapturerReborn { to, unit } => {
            s.push_str(" (");
            if unit.is_neutral() {
                s.push(a.neutral());
            }
            let _ = write!(s, "{}{}>{to})", a.piece(unit.kind), mv.to);
        }
        Effect::CapturedReborn { on, unit }
        | Effect::Added { on, unit }
        | Effect::Emerges { on, unit } => {
            let _ = write!(s, "(+{}{}{on})", a.unit_color(unit), a.piece(unit.kind));
        }
        Effect::Removed { on, unit } => {
            let _ = write!(s, "(-{}{}{on})", a.unit_color(unit), a.piece(unit.kind));
        }
        Effect::Buried { on, unit } => {
            let _ = write!(s, "(+{}{}{on}>v)", a.unit_color(unit), a.piece(unit.kind));
        }
        Effect::Premove { from, to, unit } => {
            let _ = write!(s, " ({}{from}>{to})", a.piece(unit.kind));
        }
        Effect::CapturerVanishes | Effect::Pending { .. } => {}
    }
}
