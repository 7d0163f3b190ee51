//! A problem's diagram as inline SVG, drawn as problemists draw it: the
//! orthodox figures as chess glyphs, a few fairy walks as the usual turned
//! figures (a grasshopper is a queen upside down, a nightrider a knight
//! upside down), every other fairy walk a disc marked with its Popeye code;
//! a neutral unit half black, half white; attributes as small letters in
//! the square's corner. [`legend_figure`] draws a walk for the legend.

use crate::board::{Color, Kind, Piece, Position, Square};
use crate::io::language::attribute_letters;
use crate::io::notation::Alphabet;
use crate::problem::Language;
use std::fmt::Write as _;

/// The side of a square, in the SVG's units.
const SQ: u32 = 40;
/// The room for the file letters and rank digits around the board.
const EDGE: u32 = 16;

/// Fonts that hold the chess glyphs (DejaVu Sans is Debian's default).
const GLYPH_FONTS: &str = "'DejaVu Sans','Noto Sans Symbols2','Segoe UI Symbol',FreeSerif,serif";

/// How a walk is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Figure {
    /// An orthodox figure (index in K Q R B S P), turned by degrees.
    Glyph { figure: usize, turn: u32 },
    /// A disc with the walk's code.
    Marked(&'static str),
}

/// The figure of a walk.
pub fn figure(kind: Kind, alphabet: Alphabet) -> Figure {
    let turned = |figure: Kind, turn| Figure::Glyph {
        figure: figure.index(),
        turn,
    };
    match kind {
        k if k.is_orthodox() => turned(k, 0),
        Kind::GRASSHOPPER => turned(Kind::QUEEN, 180),
        Kind::NIGHTRIDER => turned(Kind::KNIGHT, 180),
        Kind::ROOK_HOPPER => turned(Kind::ROOK, 180),
        Kind::BISHOP_HOPPER => turned(Kind::BISHOP, 180),
        Kind::CAMEL => turned(Kind::KNIGHT, 90),
        Kind::ZEBRA => turned(Kind::KNIGHT, 270),
        k => Figure::Marked(alphabet.piece(k)),
    }
}

/// The SVG of the diagram of `position` (holes and imitators shown), with
/// one `<g class="piece ...">` per unit.
pub fn diagram(position: &Position, alphabet: Alphabet, lang: Language) -> String {
    let side = 8 * SQ + 2 * EDGE;
    let mut s = format!(
        "<svg class=\"diagram\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" \
         role=\"img\" aria-label=\"diagram\">\n"
    );
    let _ = writeln!(
        s,
        "<rect x=\"{EDGE}\" y=\"{EDGE}\" width=\"{}\" height=\"{}\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"2\"/>",
        8 * SQ,
        8 * SQ
    );
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let (x, y) = corner(Square::new(file, rank));
            if (file + rank) % 2 == 0 {
                let _ = writeln!(
                    s,
                    "<rect class=\"dark\" x=\"{x}\" y=\"{y}\" width=\"{SQ}\" height=\"{SQ}\" fill=\"#b9b9b9\"/>"
                );
            }
        }
    }
    // The files' letters under the board, the ranks' digits on its left.
    for i in 0..8u8 {
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" font-family=\"sans-serif\">{}</text>",
            EDGE + u32::from(i) * SQ + SQ / 2,
            side - 4,
            (b'a' + i) as char
        );
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" font-family=\"sans-serif\">{}</text>",
            EDGE / 2,
            EDGE + u32::from(7 - i) * SQ + SQ / 2 + 4,
            i + 1
        );
    }
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let sq = Square::new(file, rank);
            let (x, y) = corner(sq);
            if position.holes.contains(sq) {
                let _ = writeln!(
                    s,
                    "<g class=\"hole\"><rect x=\"{x}\" y=\"{y}\" width=\"{SQ}\" height=\"{SQ}\" fill=\"#444\"/></g>"
                );
            } else if position.imitators.contains(sq) {
                let _ = writeln!(
                    s,
                    "<text class=\"imitator\" x=\"{}\" y=\"{}\" font-size=\"22\" text-anchor=\"middle\" \
                     font-family=\"serif\" font-weight=\"bold\">I</text>",
                    x + SQ / 2,
                    y + SQ / 2 + 8
                );
            } else if let Some(piece) = position.piece_at(sq) {
                s.push_str(&unit(sq, piece, alphabet, lang));
            }
        }
    }
    s.push_str("</svg>\n");
    s
}

/// The top left corner of a square, White at the bottom.
fn corner(sq: Square) -> (u32, u32) {
    (
        EDGE + u32::from(sq.file()) * SQ,
        EDGE + u32::from(7 - sq.rank()) * SQ,
    )
}

/// One unit on its square: its figure, and its attributes' letters.
fn unit(sq: Square, piece: Piece, alphabet: Alphabet, lang: Language) -> String {
    let (x, y) = corner(sq);
    let fig = figure(piece.kind, alphabet);
    let (class, body) = if piece.is_neutral() {
        ("neutral", neutral(&fig, x, y))
    } else if piece.color == Color::White {
        ("white", draw(&fig, Color::White, x, y))
    } else {
        ("black", draw(&fig, Color::Black, x, y))
    };
    let mut marks = String::new();
    attribute_letters(lang, piece.attrs, piece.kind.is_royal(), &mut marks);
    let marks = if marks.is_empty() {
        String::new()
    } else {
        format!(
            "<text class=\"attributes\" x=\"{}\" y=\"{}\" font-size=\"10\" font-family=\"sans-serif\" \
             font-style=\"italic\" fill=\"#c00\">{marks}</text>",
            x + 2,
            y + 10
        )
    };
    format!(
        "<g class=\"piece {class}\" data-square=\"{sq}\" data-walk=\"{}\">{body}{marks}</g>\n",
        alphabet.piece(piece.kind)
    )
}

/// A neutral unit: the white figure, its left half covered by the black
/// one (a nested `<svg>` clips what passes its edge).
fn neutral(fig: &Figure, x: u32, y: u32) -> String {
    format!(
        "{}<svg x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"{SQ}\">{}</svg>",
        draw(fig, Color::White, x, y),
        SQ / 2,
        draw(fig, Color::Black, 0, 0)
    )
}

/// A figure in one colour on the square whose corner is `(x, y)`: a black
/// figure is the filled glyph, a white one the filled glyph in white under
/// the outline glyph.
fn draw(fig: &Figure, color: Color, x: u32, y: u32) -> String {
    let (cx, cy) = (x + SQ / 2, y + SQ / 2);
    match fig {
        Figure::Glyph { figure, turn } => {
            let filled = char::from_u32(0x265A + *figure as u32).unwrap_or('?');
            let outline = char::from_u32(0x2654 + *figure as u32).unwrap_or('?');
            let text = |c: char, fill: &str| {
                format!(
                    "<text x=\"{cx}\" y=\"{cy}\" dy=\"0.35em\" font-size=\"34\" text-anchor=\"middle\" \
                     font-family=\"{GLYPH_FONTS}\" fill=\"{fill}\">{c}</text>"
                )
            };
            let glyphs = match color {
                Color::White => format!("{}{}", text(filled, "#fff"), text(outline, "#000")),
                Color::Black => text(filled, "#000"),
            };
            if *turn == 0 {
                glyphs
            } else {
                format!("<g transform=\"rotate({turn} {cx} {cy})\">{glyphs}</g>")
            }
        }
        Figure::Marked(code) => {
            let (fill, ink) = match color {
                Color::White => ("#fff", "#000"),
                Color::Black => ("#000", "#fff"),
            };
            format!(
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"15\" fill=\"{fill}\" stroke=\"#000\" stroke-width=\"1.5\"/>\
                 <text x=\"{cx}\" y=\"{cy}\" dy=\"0.35em\" font-size=\"{}\" text-anchor=\"middle\" \
                 font-family=\"sans-serif\" font-weight=\"bold\" fill=\"{ink}\">{code}</text>",
                if code.len() > 1 { 12 } else { 16 }
            )
        }
    }
}

/// A small SVG of one figure, white (or neutral), for the legend.
pub fn legend_figure(fig: &Figure, neutral_unit: bool) -> String {
    let body = if neutral_unit {
        neutral(fig, 0, 0)
    } else {
        draw(fig, Color::White, 0, 0)
    };
    format!(
        "<svg class=\"figure\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {SQ} {SQ}\" \
         width=\"28\" height=\"28\">{body}</svg>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fairy_walks_are_turned_or_marked() {
        let a = Alphabet::English;
        assert_eq!(
            figure(Kind::GRASSHOPPER, a),
            Figure::Glyph {
                figure: Kind::QUEEN.index(),
                turn: 180
            }
        );
        assert_eq!(figure(Kind::LEO, a), Figure::Marked("LE"));
        assert_eq!(
            figure(Kind::KNIGHT, a),
            Figure::Glyph {
                figure: Kind::KNIGHT.index(),
                turn: 0
            }
        );
    }

    #[test]
    fn every_unit_is_drawn_on_its_square() {
        let mut p = Position::default();
        p.put(Square::new(4, 0), Piece::new(Color::White, Kind::KING));
        p.put(
            Square::new(4, 7),
            Piece::new(Color::Black, Kind::GRASSHOPPER),
        );
        let svg = diagram(&p, Alphabet::English, Language::English);
        assert_eq!(svg.matches("<g class=\"piece").count(), 2);
        assert!(svg.contains("data-square=\"e1\""), "{svg}");
        assert!(svg.contains("rotate(180"), "{svg}");
    }
}
