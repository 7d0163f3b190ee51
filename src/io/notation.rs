//! Writing moves: Popeye's notation (`Sc6*e5[+bPe7]`) and the Circe
//! notation for people (`Qxd3(+bSg8)`, Latvian `Dxd3(+mZg8)`, Anticirce
//! `Qxd3 (Qd3>d1)`), docs/rules.md section 16.

use crate::board::{Attrs, Color, Kind, Piece, Position, Square};
use crate::io::language;
use crate::moves::{Effect, Effects, Motion, Move, Rebirth};
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
    let attributes = popeye_attributes(out, a, piece);
    if piece.kind != Kind::PAWN || pawn_letter || attributes {
        out.push_str(a.piece(piece.kind));
    }
}

/// The attribute letters of a unit, in Popeye's order (neutral, then the
/// attributes of `language::ATTRIBUTE_NAMES`: royal for a unit that is not
/// of a royal walk, kamikaze, ..., Frischauf); whether there were any.
fn popeye_attributes(out: &mut String, a: Alphabet, piece: Piece) -> bool {
    let start = out.len();
    if piece.is_neutral() {
        out.push(a.neutral());
    }
    if !piece.attrs.without(Attrs::NEUTRAL).is_empty() {
        let lang = a.language().unwrap_or(Language::English);
        language::attribute_letters(lang, piece.attrs, piece.kind.is_royal(), out);
    }
    out.len() > start
}

/// A unit in a rebirth: its colour letter (none for a neutral unit, whose
/// `n` comes with the attributes), attributes and letter: `bP`, `nkL`.
fn popeye_reborn_unit(out: &mut String, a: Alphabet, piece: Piece) {
    if !piece.is_neutral() {
        out.push(a.color(piece.color));
    }
    popeye_unit(out, a, piece, true);
}

/// The units a pass removes (LostPieces), as Popeye writes them after
/// `threat:`: `[-wPd7]`; in the Circe notation `(-wPd7)`.
pub fn removed_units(effects: &Effects, a: Alphabet, popeye: bool) -> String {
    let mut s = String::new();
    for e in effects
        .iter()
        .filter(|e| matches!(e, Effect::Removed { .. }))
    {
        if popeye {
            popeye_effect(&mut s, a, e);
        } else {
            circe_effect(&mut s, a, e, None);
        }
    }
    s
}

/// A move in Popeye's notation, without the move number and without the
/// check mark: `Sc6*e5[+bPe7]`, `Ra4*a1[wRa1->a1]`, `e7*f8=Q`, `0-0`.
pub fn popeye_move(mv: &Move, a: Alphabet) -> String {
    popeye_move_with(mv, crate::board::Bitboard::EMPTY, a)
}

// Part 2, group M: the imitators' shift.
/// The imitators after `mv`'s shift, as Popeye writes them after the
/// motion: `[Id5]`, `[Ia2,c8]`; nothing when there are none.
fn imitators_text(s: &mut String, shifted: crate::board::Bitboard) {
    if shifted.is_empty() {
        return;
    }
    s.push_str("[I");
    for (i, sq) in shifted.into_iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(s, "{sq}");
    }
    s.push(']');
}

/// Whether the move's promotion is written among its effects
/// ([`Effect::LatePromotion`]) rather than after its motion.
fn promotes_late(mv: &Move) -> bool {
    mv.effects
        .iter()
        .any(|e| matches!(e, Effect::LatePromotion { .. }))
}

/// [`popeye_move`] in a position with the imitators `imitators` (Imitator):
/// their squares after the move are written after its motion, before a
/// promotion (`f7*g8[Ie7]=Q`).
pub fn popeye_move_with(mv: &Move, imitators: crate::board::Bitboard, a: Alphabet) -> String {
    let shifted = crate::rules::conditions::imitator::after_shift(imitators, mv);
    let mut s = String::with_capacity(24);
    // SingleBox type 3: the latent pawn promoted before the move.
    for e in &mv.effects {
        if let Effect::LatentFirst { on, unit } = *e {
            let _ = write!(s, "[{on}={}]", a.piece(unit.kind));
        }
    }
    match mv.motion {
        Motion::CastleShort | Motion::CastleLong => {
            // The units moved before castling (Mars family), in brackets.
            for e in &mv.effects {
                if let Effect::Premove { from, to, unit } = *e {
                    if from == to {
                        continue;
                    }
                    s.push('[');
                    popeye_reborn_unit(&mut s, a, unit);
                    let _ = write!(s, "{from}->{to}]");
                }
            }
            s.push_str(if mv.motion == Motion::CastleShort {
                "0-0"
            } else {
                "0-0-0"
            });
            imitators_text(&mut s, shifted);
        }
        // MessignyChess: both units by their letters, pawns too, and no
        // attributes: `Ta8<->Tg5`.
        // A null move: Popeye's ` ...` after the move number.
        // RoleExchange: the condition's name in the output's language.
        Motion::Null if role_exchange(mv) => {
            s.push(' ');
            s.push_str(crate::rules::conditions::role_exchange::name(
                a.language().unwrap_or(Language::English),
            ));
        }
        Motion::Null => s.push_str(" ..."),
        Motion::Exchange => match exchange_castled(mv) {
            // ExchangeCastling: the partner first, `Qa4<->Ke4`.
            Some(partner) => {
                let _ = write!(s, "{}{}<->", a.piece(partner), mv.to);
                let _ = write!(s, "{}{}", a.piece(mv.piece.kind), mv.from);
            }
            None => {
                let _ = write!(s, "{}{}<->", a.piece(mv.piece.kind), mv.from);
                let _ = write!(s, "{}{}", a.piece(mv.piece.kind), mv.to);
            }
        },
        // CastlingChess: the king by its walk alone, its partner after it
        // (`Ke4-g4/bSh4-f4`, written with the effects).
        _ if is_castling_chess(mv) => {
            let _ = write!(s, "{}{}-{}", a.piece(mv.piece.kind), mv.from, mv.to);
        }
        // Make&TakeChess: a take after a castling made as the make.
        _ if castling_made(mv).is_some() => {
            s.push_str(castling_made(mv).unwrap_or_default());
            let sep = if mv.is_capture() { '*' } else { '-' };
            let _ = write!(s, "{sep}{}", mv.to);
        }
        _ => {
            popeye_unit(&mut s, a, mv.piece, false);
            // A unit moved first to its rebirth square: `Rb3-h1*g1`.
            if let Some(from) = premove_from(mv) {
                let _ = write!(s, "{from}-");
            }
            if mv.is_locust_capture() {
                let _ = write!(s, "{}*{}-{}", mv.from, mv.capture_square, mv.to);
            } else {
                let sep = if mv.is_capture() { '*' } else { '-' };
                let _ = write!(s, "{}{}{}", mv.from, sep, mv.to);
            }
            if mv.motion == Motion::EnPassant {
                s.push_str(" ep.");
            }
            imitators_text(&mut s, shifted);
            if let Some(kind) = mv.promotion.filter(|_| !promotes_late(mv)) {
                s.push('=');
                popeye_unit(&mut s, a, Piece { kind, ..mv.piece }, true);
            }
        }
    }
    // The half-neutral mover's change of side, before the brackets.
    for e in &mv.effects {
        if let Effect::SideChange { to, .. } = *e {
            s.push('=');
            s.push(to.map_or(a.neutral(), |side| a.color(side)));
            s.push('h');
        }
    }
    let mut bracket = false;
    // The last bracket written is a hurdle's motion (Bul, Dob).
    let mut after_hurdle = false;
    for e in &mv.effects {
        if let Effect::ImitatorPromotion { .. } = *e {
            // Inside the brackets of a rebirth just written, in place of
            // its promotion: `[+bPf1=I]`.
            if bracket && s.ends_with(']') {
                s.pop();
                if let Some(at) = s.rfind('=') {
                    s.truncate(at);
                }
                s.push_str("=I]");
            } else {
                s.push_str("=I");
            }
            continue;
        }
        if let Effect::Changed { unit, shown, .. } = *e {
            if shown == crate::moves::Shown::Silent {
                continue;
            }
            if shown == crate::moves::Shown::Board {
                s.push(board_letter(unit));
                continue;
            }
            if shown == crate::moves::Shown::SideApart {
                // The side, then the unit's attributes: `[=na]`, `[=nc]`.
                s.push_str("[=");
                s.push(a.unit_color(unit));
                popeye_attributes(
                    &mut s,
                    a,
                    Piece {
                        attrs: unit.attrs.without(Attrs::NEUTRAL),
                        ..unit
                    },
                );
                s.push(']');
                bracket = true;
                continue;
            }
            // Inside the brackets of the effect before it (a rebirth), as
            // Popeye writes a change into the context open.
            let closing = (bracket && s.ends_with(']')).then(|| s.pop());
            changed_suffix(&mut s, a, unit, shown);
            if closing.is_some() {
                s.push(']');
            }
            continue;
        }
        if let Effect::HurdlePromoted { unit, .. } = *e {
            if after_hurdle {
                // In the hurdle's brackets: `[bPc3->a1=G=b]`.
                s.pop();
                s.push('=');
                let attr = hopper_attr(unit);
                let plain = Piece {
                    attrs: attr.map_or(unit.attrs, |h| unit.attrs.without(h)),
                    ..unit
                };
                popeye_unit(&mut s, a, plain, true);
                if let Some(attr) = attr {
                    s.push('=');
                    popeye_attributes(&mut s, a, gained(unit, attr));
                }
                s.push(']');
                continue;
            }
        }
        let before = s.len();
        popeye_effect(&mut s, a, e);
        if s.len() > before {
            bracket = s.ends_with(']');
            after_hurdle = matches!(e, Effect::HurdleMoved { .. });
        }
    }
    s
}

/// `unit` as its gain of the hopper attribute `attr` is written (`=b`,
/// `=nb`).
fn gained(unit: Piece, attr: Attrs) -> Piece {
    let attrs = if unit.is_neutral() {
        attr.with(Attrs::NEUTRAL)
    } else {
        attr
    };
    Piece { attrs, ..unit }
}

/// The hopper attribute a promoted hurdle took (`=G=b`), if any.
fn hopper_attr(unit: Piece) -> Option<Attrs> {
    [Attrs::HURDLE_COLOUR_CHANGING, Attrs::BUL, Attrs::DOB]
        .into_iter()
        .find(|&h| unit.attrs.contains(h))
}

// Part 2, group P: a unit's change written after the move or rebirth.
/// What a unit's change ([`Effect::Changed`]) writes: `=b`, `=B`, `=cB`, `=c`.
fn changed_suffix(s: &mut String, a: Alphabet, unit: Piece, shown: crate::moves::Shown) {
    s.push('=');
    match shown {
        crate::moves::Shown::Side | crate::moves::Shown::Silent => s.push(a.color(unit.color)),
        crate::moves::Shown::SideApart => s.push(a.unit_color(unit)),
        crate::moves::Shown::Walk => popeye_unit(s, a, unit, true),
        crate::moves::Shown::Attrs => {
            popeye_attributes(s, a, unit);
        }
        crate::moves::Shown::Board => {}
    }
}

/// The AliceChess board a unit stands on: `A` or `B`.
fn board_letter(unit: Piece) -> char {
    if unit.attrs.contains(crate::board::Attrs::ALICE_B) {
        'B'
    } else {
        'A'
    }
}

/// The walk of the unit an exchange castles with (ExchangeCastling).
/// Whether the null move is a role exchange (RoleExchange).
fn role_exchange(mv: &Move) -> bool {
    matches!(mv.effects.iter().next(), Some(Effect::RoleExchange { .. }))
}

fn exchange_castled(mv: &Move) -> Option<Kind> {
    mv.effects.iter().find_map(|e| match *e {
        Effect::ExchangeCastled { partner } => Some(partner),
        _ => None,
    })
}

/// Whether the move is a king's castling of CastlingChess.
fn is_castling_chess(mv: &Move) -> bool {
    mv.effects
        .iter()
        .next()
        .is_some_and(|e| matches!(e, Effect::CastlingPartner { .. }))
}

// Part 2, group M (second round).
/// The castling a move makes first, the other side's rook moving with it
/// ([`Effect::PartnerMove`], Make&TakeChess): `0-0` or `0-0-0`.
fn castling_made(mv: &Move) -> Option<&'static str> {
    mv.effects.iter().find_map(|e| match *e {
        Effect::PartnerMove { from, .. } => Some(if from.file() == 7 { "0-0" } else { "0-0-0" }),
        _ => None,
    })
}

/// What follows the square of a reborn unit inside its brackets: its
/// promotion (`=Q`), its change of side (`=w`), its going into the volcano
/// (`->v`).
fn popeye_rebirth_suffix(s: &mut String, a: Alphabet, unit: Piece, how: Rebirth) {
    if how.has(Rebirth::PROMOTED) {
        s.push('=');
        popeye_attributes(s, a, unit);
        s.push_str(a.piece(unit.kind));
    }
    if how.has(Rebirth::TURNCOAT) {
        s.push('=');
        s.push(a.color(unit.color));
    }
    if how.has(Rebirth::VOLCANO) {
        s.push_str("->v");
    }
}

/// The unit as it was placed, before a promotion, a change of side or
/// the loss of its volage attribute.
fn placed_unit(unit: Piece, how: Rebirth) -> Piece {
    Piece {
        kind: if how.has(Rebirth::PROMOTED) {
            Kind::PAWN
        } else {
            unit.kind
        },
        color: if how.has(Rebirth::TURNCOAT) {
            unit.color.opponent()
        } else {
            unit.color
        },
        attrs: unit
            .attrs
            .with_if(Attrs::VOLAGE, how.has(Rebirth::VOLAGE_SPENT)),
    }
}

/// The unit a capturer reborn as `unit` was before: its kind `was`, its
/// side before a change, not royal if it was a king.
fn transferred_unit(unit: Piece, was: Kind, how: Rebirth) -> Piece {
    let placed = placed_unit(unit, how);
    Piece {
        kind: was,
        attrs: if was == Kind::KING {
            placed.attrs.without(Attrs::ROYAL)
        } else {
            placed.attrs
        },
        ..placed
    }
}

/// The square the moving unit stood on before it was moved to the square
/// its move starts from (Mars family), if it was.
fn premove_from(mv: &Move) -> Option<Square> {
    mv.effects.iter().find_map(|e| match *e {
        Effect::Premove { from, to, .. } if to == mv.from && from != to => Some(from),
        _ => None,
    })
}

/// One effect of a move in Popeye's notation, in brackets after the move.
fn popeye_effect(s: &mut String, a: Alphabet, e: &Effect) {
    match *e {
        Effect::CapturerReborn {
            from,
            to,
            unit,
            was,
            how,
        } => {
            let placed = placed_unit(unit, how);
            let before = transferred_unit(unit, was, how);
            s.push('[');
            popeye_reborn_unit(s, a, before);
            let _ = write!(s, "{from}->");
            let became_royal = placed.attrs.contains(Attrs::ROYAL)
                && was == Kind::KING
                && placed.kind != Kind::KING;
            if placed.attrs != before.attrs || became_royal {
                popeye_unit(s, a, placed, true);
            } else if placed.kind != was {
                s.push_str(a.piece(placed.kind));
            }
            let _ = write!(s, "{to}");
            popeye_rebirth_suffix(s, a, unit, how);
            s.push(']');
        }
        Effect::CapturedReborn { on, unit, how } => {
            s.push_str("[+");
            popeye_reborn_unit(s, a, placed_unit(unit, how));
            let _ = write!(s, "{on}");
            popeye_rebirth_suffix(s, a, unit, how);
            s.push(']');
        }
        Effect::Added { on, unit } | Effect::Emerges { on, unit } => {
            s.push_str("[+");
            popeye_reborn_unit(s, a, unit);
            let _ = write!(s, "{on}]");
        }
        Effect::Removed { on, unit }
        | Effect::CapturerRemoved { on, unit }
        | Effect::TakenAlong { on, unit } => {
            s.push_str("[-");
            popeye_reborn_unit(s, a, unit);
            let _ = write!(s, "{on}]");
        }
        Effect::Buried { on, unit } => {
            s.push_str("[+");
            popeye_reborn_unit(s, a, unit);
            let _ = write!(s, "{on}->v]");
        }
        Effect::WalkChange { on, unit } | Effect::LatePromotion { on, unit } => {
            let _ = write!(s, "[{on}={}]", a.piece(unit.kind));
        }
        Effect::KingChange { on, unit, full } => {
            let _ = write!(s, "[{on}=");
            let shown = if full {
                unit
            } else {
                Piece {
                    attrs: Attrs::from_bits(unit.attrs.bits() & Attrs::ROYAL.bits()),
                    ..unit
                }
            };
            popeye_unit(s, a, shown, true);
            s.push(']');
        }
        Effect::Transfer {
            from,
            to,
            unit,
            was,
        }
        | Effect::HurdleMoved {
            from,
            to,
            unit,
            was,
        } => {
            s.push('[');
            popeye_reborn_unit(s, a, Piece { kind: was, ..unit });
            let _ = write!(s, "{from}->{to}");
            if unit.kind != was {
                let _ = write!(s, "={}", a.piece(unit.kind));
            }
            s.push(']');
        }
        Effect::HurdlePromoted { on, unit } => {
            // In brackets of its own; in the hurdle's when nothing came
            // between (see `popeye_text`).
            let _ = write!(s, "[{on}=");
            popeye_unit(s, a, unit, true);
            if let Some(attr) = hopper_attr(unit) {
                s.push('=');
                popeye_attributes(s, a, gained(unit, attr));
            }
            s.push(']');
        }
        Effect::SeriesTail { id } => {
            for e in crate::moves::series_tail(u32::from_le_bytes(id)).iter() {
                popeye_effect(s, a, e);
            }
        }
        // SeriesCapture's steps, after the step before: `*d3`, `-e8=Q`.
        Effect::SeriesMove { to, unit, was, .. } | Effect::SeriesCapture { to, unit, was, .. } => {
            let sep = if matches!(e, Effect::SeriesCapture { .. }) {
                '*'
            } else {
                '-'
            };
            let _ = write!(s, "{sep}{to}");
            if unit.kind != was {
                s.push('=');
                popeye_unit(s, a, unit, true);
            }
        }
        Effect::ColourChange { unit, .. } => side_change(s, a, unit, ']'),
        // Written by `popeye_move_with`.
        Effect::ImitatorPromotion { .. } => {}
        Effect::Recoloured { on, unit } => {
            let _ = write!(s, "[{on}={}]", a.color(unit.color));
        }
        Effect::Rewalked { on, unit } => {
            let _ = write!(s, "[{on}=");
            popeye_unit(s, a, unit, true);
            s.push(']');
        }
        Effect::Turned {
            band,
            squares,
            white,
        } => {
            for (on, side) in crate::moves::turned_units(band, squares, white) {
                let _ = write!(s, "[{on}={}]", a.color(side));
            }
        }
        Effect::CastlingPartner { from, to, unit } => {
            s.push('/');
            popeye_reborn_unit(s, a, unit);
            let _ = write!(s, "{from}-{to}");
        }
        Effect::KingsSwapped {
            white,
            black,
            white_kind,
            black_kind,
        } => {
            let _ = write!(
                s,
                "[{}{black}<->{}{white}]",
                a.piece(black_kind),
                a.piece(white_kind)
            );
        }
        // Written before the move, or where the brackets allow (`popeye_move`).
        Effect::LatentFirst { .. } | Effect::Changed { .. } => {}
        // Written after the move, before the brackets (`popeye_move`).
        Effect::SideChange { .. } => {}
        Effect::CapturerVanishes
        | Effect::ExchangeCastled { .. }
        | Effect::RoleExchange { .. }
        | Effect::BoardTurned
        | Effect::CentreTurned
        | Effect::PartnerMove { .. }
        | Effect::Pending { .. }
        | Effect::GhostRemembered { .. }
        | Effect::GhostForgotten { .. }
        | Effect::Premove { .. }
        | Effect::Mark { .. } => {}
    }
}

/// A unit's change of side (`=b`, `=w`) where the text stands: inside the
/// brackets (`close`) of the effect just written, if it ended with one, as
/// Popeye leaves a bracket open until the next effect needs its own.
fn side_change(s: &mut String, a: Alphabet, unit: Piece, close: char) {
    let closed = s.ends_with(close);
    if closed {
        s.pop();
    }
    s.push('=');
    s.push(a.color(unit.color));
    if closed {
        s.push(close);
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
/// Neutral units carry `n`: `nPbxa8=nS(+nBf8)`. The other effects
/// (docs/problem-format.md, "Circe notation"): a reborn pawn's promotion
/// `(+wPe8=Q)`, a change of side `(+bPc7=w)`, a unit going into the
/// volcano `(+bRh8>v)`, the unit a rebirth buries `(+bPd7, wSd7>v)` or
/// removes `(+bBf8, -wSf8)`, a unit coming out from under a square
/// `(+wBf1)`. `before` is the position the move is played in.
pub fn circe_move(
    mv: &Move,
    before: &Position,
    a: Alphabet,
    disambiguation: Disambiguation,
) -> String {
    let mut s = String::with_capacity(24);
    if mv.motion == Motion::Null && role_exchange(mv) {
        s.push_str(crate::rules::conditions::role_exchange::name(
            Language::English,
        ));
    } else if mv.motion == Motion::Null {
        s.push_str("...");
    } else if mv.is_castling() {
        // The units moved before castling (Mars family): `(Kf7>e1)0-0-0`.
        for e in &mv.effects {
            match *e {
                Effect::Premove { from, to, unit } if from != to => {
                    let _ = write!(s, "({}{from}>{to})", a.piece(unit.kind));
                }
                _ => {}
            }
        }
        s.push_str(if mv.motion == Motion::CastleShort {
            "0-0"
        } else {
            "0-0-0"
        });
        imitators_text(
            &mut s,
            crate::rules::conditions::imitator::after_shift(before.imitators, mv),
        );
    } else if let Some(castling) = castling_made(mv) {
        // Make&TakeChess: the take after a castling made as the make.
        s.push_str(castling);
        s.push(if mv.is_capture() { 'x' } else { '-' });
        let _ = write!(s, "{}", mv.to);
    } else {
        let from = mv.from.to_string();
        circe_unit(&mut s, a, mv.piece);
        if let Some(square) = premove_from(mv) {
            // A unit moved first to its rebirth square: `Rb3-h1xg1`.
            let _ = write!(s, "{square}-{from}");
            if !mv.is_capture() {
                s.push('-');
            }
        } else if mv.piece.kind == Kind::PAWN {
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
        imitators_text(
            &mut s,
            crate::rules::conditions::imitator::after_shift(before.imitators, mv),
        );
        if mv.promotion.is_some() && !promotes_late(mv) {
            s.push('=');
            circe_unit(&mut s, a, mv.arriving_piece());
        }
        // The half-neutral mover's change of side: `Sf6-d5=n`, `=w`.
        for e in &mv.effects {
            if let Effect::SideChange { to, .. } = *e {
                s.push('=');
                s.push(to.map_or(a.neutral(), |side| a.color(side)));
            }
        }
    }
    let occupants = occupants(before, mv);
    let mut paren = false;
    for (i, e) in mv.effects.iter().enumerate() {
        if let Effect::ImitatorPromotion { .. } = *e {
            // In place of a reborn pawn's promotion: `(+bPf1=I)`.
            if paren && s.ends_with(')') {
                s.pop();
                if let Some(at) = s.rfind('=') {
                    s.truncate(at);
                }
                s.push_str("=I)");
            } else {
                s.push_str("=I");
            }
            continue;
        }
        if let Effect::Changed { unit, shown, .. } = *e {
            if shown == crate::moves::Shown::Board {
                s.push(board_letter(unit));
                continue;
            }
            // Inside the parentheses of the rebirth before it: `(Rc5>a1=b)`.
            let closing = (paren && s.ends_with(')')).then(|| s.pop());
            s.push('=');
            match shown {
                crate::moves::Shown::Side | crate::moves::Shown::Silent => {
                    s.push(a.color(unit.color))
                }
                crate::moves::Shown::SideApart => s.push(a.unit_color(unit)),
                crate::moves::Shown::Walk => circe_unit(&mut s, a, unit),
                crate::moves::Shown::Attrs => s.push_str(&circe_attributes(unit)),
                crate::moves::Shown::Board => {}
            }
            if closing.is_some() {
                s.push(')');
            }
            continue;
        }
        let before = s.len();
        circe_effect(&mut s, a, e, occupants[i]);
        if s.len() > before {
            paren = s.ends_with(')');
        }
    }
    s
}

// Part 2, group P: the attributes a unit gains, in the Circe notation.
/// The attribute letters a change of attributes shows (`c`: chameleon).
fn circe_attributes(unit: Piece) -> String {
    let mut out = String::new();
    if unit.attrs.contains(Attrs::CHAMELEON) {
        out.push('c');
    }
    if unit.attrs.contains(Attrs::VOLAGE) {
        out.push('v');
    }
    out
}

/// For each effect of `mv` that puts a unit on an occupied square
/// (Assassin, Parachute): the unit standing there before it.
fn occupants(before: &Position, mv: &Move) -> [Option<Piece>; crate::moves::MAX_EFFECTS] {
    let mut found = [None; crate::moves::MAX_EFFECTS];
    let takes_square = |how: Rebirth| how.has(Rebirth::ASSASSIN) || how.has(Rebirth::PARACHUTE);
    let any = mv.effects.iter().any(|e| match *e {
        Effect::CapturedReborn { how, .. } | Effect::CapturerReborn { how, .. } => {
            takes_square(how)
        }
        _ => false,
    });
    if !any {
        return found;
    }
    let ids = before.identities_for(mv);
    let mut pos = before.play(&Move {
        effects: crate::moves::Effects::NONE,
        ..*mv
    });
    for (i, e) in mv.effects.iter().enumerate() {
        let square = match *e {
            Effect::CapturedReborn { on, how, .. } if takes_square(how) => Some(on),
            Effect::CapturerReborn { from, to, how, .. } if takes_square(how) => {
                let mut lifted = pos;
                lifted.remove(from);
                found[i] = lifted.piece_at(to);
                None
            }
            _ => None,
        };
        if let Some(sq) = square {
            found[i] = pos.piece_at(sq);
        }
        if !matches!(e, Effect::Premove { .. }) {
            pos.apply_effect(mv, e, ids);
        }
    }
    found
}

/// A unit with its colour letter (or `n`) and piece letter, pawns too.
fn circe_full_unit(s: &mut String, a: Alphabet, unit: Piece) {
    s.push(a.unit_color(unit));
    s.push_str(a.piece(unit.kind));
}

/// What follows a reborn unit's square in the Circe notation: promotion,
/// change of side, volcano, and the unit the rebirth buries or removes.
fn circe_rebirth_suffix(
    s: &mut String,
    a: Alphabet,
    unit: Piece,
    how: Rebirth,
    on: Square,
    occupant: Option<Piece>,
) {
    if how.has(Rebirth::PROMOTED) {
        s.push('=');
        if unit.is_neutral() {
            s.push(a.neutral());
        }
        s.push_str(a.piece(unit.kind));
    }
    if how.has(Rebirth::TURNCOAT) {
        s.push('=');
        s.push(a.color(unit.color));
    }
    if how.has(Rebirth::VOLCANO) {
        s.push_str(">v");
    }
    if let Some(o) = occupant {
        s.push_str(", ");
        if how.has(Rebirth::ASSASSIN) {
            s.push('-');
            circe_full_unit(s, a, o);
            let _ = write!(s, "{on}");
        } else {
            circe_full_unit(s, a, o);
            let _ = write!(s, "{on}>v");
        }
    }
}

/// One effect of a move in the Circe notation, in parentheses.
fn circe_effect(s: &mut String, a: Alphabet, e: &Effect, occupant: Option<Piece>) {
    match *e {
        Effect::CapturerReborn {
            from,
            to,
            unit,
            was,
            how,
        } => {
            let placed = placed_unit(unit, how);
            let before = transferred_unit(unit, was, how);
            s.push_str(" (");
            if before.is_neutral() {
                s.push(a.neutral());
            }
            let _ = write!(s, "{}{from}>", a.piece(before.kind));
            if placed.kind != before.kind {
                s.push_str(a.piece(placed.kind));
            }
            let _ = write!(s, "{to}");
            circe_rebirth_suffix(s, a, unit, how, to, occupant);
            s.push(')');
        }
        Effect::CapturedReborn { on, unit, how } => {
            s.push_str("(+");
            circe_full_unit(s, a, placed_unit(unit, how));
            let _ = write!(s, "{on}");
            circe_rebirth_suffix(s, a, unit, how, on, occupant);
            s.push(')');
        }
        Effect::Added { on, unit } | Effect::Emerges { on, unit } => {
            let _ = write!(s, "(+{}{}{on})", a.unit_color(unit), a.piece(unit.kind));
        }
        Effect::Removed { on, unit }
        | Effect::CapturerRemoved { on, unit }
        | Effect::TakenAlong { on, unit } => {
            let _ = write!(s, "(-{}{}{on})", a.unit_color(unit), a.piece(unit.kind));
        }
        Effect::Buried { on, unit } => {
            let _ = write!(s, "(+{}{}{on}>v)", a.unit_color(unit), a.piece(unit.kind));
        }
        Effect::WalkChange { on, unit }
        | Effect::LatePromotion { on, unit }
        | Effect::HurdlePromoted { on, unit }
        | Effect::LatentFirst { on, unit }
        | Effect::KingChange { on, unit, .. }
        | Effect::Rewalked { on, unit } => {
            let _ = write!(s, "({on}={})", a.piece(unit.kind));
        }
        Effect::Transfer {
            from,
            to,
            unit,
            was,
        }
        | Effect::HurdleMoved {
            from,
            to,
            unit,
            was,
        } => {
            let _ = write!(s, "({}{from}>{to}", a.piece(was));
            if unit.kind != was {
                let _ = write!(s, "={}", a.piece(unit.kind));
            }
            s.push(')');
        }
        Effect::SeriesTail { id } => {
            for e in crate::moves::series_tail(u32::from_le_bytes(id)).iter() {
                circe_effect(s, a, e, None);
            }
        }
        Effect::SeriesMove { to, unit, was, .. } | Effect::SeriesCapture { to, unit, was, .. } => {
            let sep = if matches!(e, Effect::SeriesCapture { .. }) {
                'x'
            } else {
                '-'
            };
            let _ = write!(s, "{sep}{to}");
            if unit.kind != was {
                let _ = write!(s, "={}", a.piece(unit.kind));
            }
        }
        Effect::ColourChange { unit, .. } => side_change(s, a, unit, ')'),
        // Written by `circe_move`.
        Effect::ImitatorPromotion { .. } => {}
        Effect::Recoloured { on, unit } => {
            let _ = write!(s, "({on}={})", a.color(unit.color));
        }
        Effect::Turned {
            band,
            squares,
            white,
        } => {
            for (on, side) in crate::moves::turned_units(band, squares, white) {
                let _ = write!(s, "({on}={})", a.color(side));
            }
        }
        Effect::CastlingPartner { from, to, unit } => {
            s.push('/');
            circe_full_unit(s, a, unit);
            let _ = write!(s, "{from}-{to}");
        }
        Effect::KingsSwapped {
            white,
            black,
            white_kind,
            black_kind,
        } => {
            let _ = write!(
                s,
                "({}{black}<->{}{white})",
                a.piece(black_kind),
                a.piece(white_kind)
            );
        }
        // Written after the move, before the parentheses (`circe_move`).
        Effect::SideChange { .. } => {}
        Effect::CapturerVanishes
        | Effect::ExchangeCastled { .. }
        | Effect::RoleExchange { .. }
        | Effect::BoardTurned
        | Effect::CentreTurned
        | Effect::PartnerMove { .. }
        | Effect::Pending { .. }
        | Effect::GhostRemembered { .. }
        | Effect::GhostForgotten { .. }
        | Effect::Premove { .. }
        | Effect::Changed { .. }
        | Effect::Mark { .. } => {}
    }
}
