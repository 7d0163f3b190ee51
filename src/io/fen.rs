//! Forsyth-Edwards Notation: the diagram of a TOML problem, and a compact
//! way to print a position.
//!
//! Only the board field is required. The side to move, castling rights and
//! en-passant square may follow; the two move counters are accepted and
//! ignored (a problem has no game history).

use crate::board::{Color, Kind, Piece, Position, Square};

/// What is wrong with a FEN string. The message names the field and, where
/// there is one, the offending character.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FenError(pub String);

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

/// The piece letters, White's upper case. `S` (German Springer, Popeye's
/// letter) is read as a knight too; `N` is written.
const ROLE_LETTERS: [(char, Kind); 7] = [
    ('K', Kind::KING),
    ('Q', Kind::QUEEN),
    ('R', Kind::ROOK),
    ('B', Kind::BISHOP),
    ('N', Kind::KNIGHT),
    ('S', Kind::KNIGHT),
    ('P', Kind::PAWN),
];

/// The kind for a piece letter of either case.
pub fn role_from_letter(c: char) -> Option<Kind> {
    let up = c.to_ascii_uppercase();
    ROLE_LETTERS.iter().find(|(l, _)| *l == up).map(|(_, r)| *r)
}

fn letter(p: Piece) -> char {
    let c = ROLE_LETTERS
        .iter()
        .find(|(_, r)| *r == p.kind)
        .map(|(l, _)| *l)
        .unwrap_or('?');
    match p.color {
        Color::White => c,
        Color::Black => c.to_ascii_lowercase(),
    }
}

/// Castling letters: the king and rook squares each one needs.
const CASTLING: [(char, Color, &str, &str); 4] = [
    ('K', Color::White, "e1", "h1"),
    ('Q', Color::White, "e1", "a1"),
    ('k', Color::Black, "e8", "h8"),
    ('q', Color::Black, "e8", "a8"),
];

fn sq(name: &str) -> Square {
    Square::parse(name).expect("castling table squares are valid")
}

/// Parses a FEN position. Without a castling field, every king and rook on
/// its game-array square counts as unmoved (Popeye's reading of a diagram);
/// with one, only the units it names do.
pub fn parse_fen(text: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return err("FEN is empty");
    }
    if fields.len() > 6 {
        return err(format!(
            "FEN has {} fields, at most 6 expected (board, side to move, castling, en passant, halfmove, fullmove)",
            fields.len()
        ));
    }
    let mut pos = parse_board(fields[0])?;

    if let Some(&turn) = fields.get(1) {
        pos.turn = match turn {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            _ => return err(format!("FEN side to move: `{turn}`, expected `w` or `b`")),
        };
    }

    match fields.get(2) {
        None => pos.set_unmoved_from_placement(),
        Some(&castling) => parse_castling(&mut pos, castling)?,
    }

    if let Some(&ep) = fields.get(3) {
        if ep != "-" {
            let Some(s) = Square::parse(ep) else {
                return err(format!("FEN en passant: `{ep}` is not a square"));
            };
            // The square a pawn has just passed over is on rank 3 or 6.
            if s.rank() != 2 && s.rank() != 5 {
                return err(format!(
                    "FEN en passant: {s} is not on rank 3 or 6, so no pawn can have passed over it"
                ));
            }
            pos.ep_square = Some(s);
            pos.ep_victim = Square::new(s.file(), if s.rank() == 2 { 3 } else { 4 });
        }
    }

    for (name, field) in ["halfmove clock", "fullmove number"]
        .iter()
        .zip(fields.iter().skip(4))
    {
        if field.parse::<u32>().is_err() {
            return err(format!("FEN {name}: `{field}` is not a number"));
        }
    }
    Ok(pos)
}

fn parse_board(board: &str) -> Result<Position, FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return err(format!(
            "FEN board: {} ranks, expected 8 separated by `/`",
            ranks.len()
        ));
    }
    let mut pos = Position::empty();
    // FEN lists rank 8 first.
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file: u32 = 0;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return err(format!(
                        "FEN board: rank {}: `{c}` is no empty-square count",
                        rank + 1
                    ));
                }
                file += d;
            } else if let Some(kind) = role_from_letter(c) {
                if file < 8 {
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    pos.put(Square::new(file as u8, rank), Piece::new(color, kind));
                }
                file += 1;
            } else {
                return err(format!(
                    "FEN board: rank {}: `{c}` is not a piece letter (KQRBNSP, black in lower case) or a digit",
                    rank + 1
                ));
            }
            if file > 8 {
                return err(format!(
                    "FEN board: rank {} (`{rank_text}`) has more than 8 squares",
                    rank + 1
                ));
            }
        }
        if file < 8 {
            return err(format!(
                "FEN board: rank {} (`{rank_text}`) has {file} squares, expected 8",
                rank + 1
            ));
        }
    }
    Ok(pos)
}

fn parse_castling(pos: &mut Position, castling: &str) -> Result<(), FenError> {
    pos.unmoved = crate::board::Bitboard::EMPTY;
    if castling == "-" {
        return Ok(());
    }
    for c in castling.chars() {
        let Some(&(_, color, king, rook)) = CASTLING.iter().find(|e| e.0 == c) else {
            return err(format!(
                "FEN castling: `{c}` is not one of K, Q, k, q (or `-` alone)"
            ));
        };
        let (king, rook) = (sq(king), sq(rook));
        let has = |s: Square, kind: Kind| {
            pos.piece_at(s)
                .is_some_and(|p| p.kind == kind && p.color == color)
        };
        if !has(king, Kind::KING) || !has(rook, Kind::ROOK) {
            let side = if color == Color::White {
                "white"
            } else {
                "black"
            };
            return err(format!(
                "FEN castling: `{c}` needs a {side} king on {king} and a {side} rook on {rook}"
            ));
        }
        pos.unmoved.set(king);
        pos.unmoved.set(rook);
    }
    Ok(())
}

/// The position as FEN, with `N` for the knight. Counters are written as
/// `0 1`; castling rights are those whose king and rook are both unmoved.
pub fn to_fen(pos: &Position) -> String {
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match pos.piece_at(Square::new(file, rank)) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(letter(p));
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(match pos.turn {
        Color::White => 'w',
        Color::Black => 'b',
    });
    out.push(' ');
    let mut any = false;
    for (c, color, king, rook) in CASTLING {
        let (king, rook) = (sq(king), sq(rook));
        let ok = |s: Square, kind: Kind| {
            pos.unmoved.contains(s)
                && pos
                    .piece_at(s)
                    .is_some_and(|p| p.kind == kind && p.color == color)
        };
        if ok(king, Kind::KING) && ok(rook, Kind::ROOK) {
            out.push(c);
            any = true;
        }
    }
    if !any {
        out.push('-');
    }
    out.push(' ');
    match pos.ep_square {
        Some(s) => out.push_str(&s.to_string()),
        None => out.push('-'),
    }
    out.push_str(" 0 1");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn s(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn start_position_round_trips() {
        let p = parse_fen(START).unwrap();
        assert_eq!(p.count(Color::White), 16);
        assert_eq!(p.count(Color::Black), 16);
        assert_eq!(
            p.piece_at(s("g1")),
            Some(Piece::new(Color::White, Kind::KNIGHT))
        );
        assert_eq!(
            p.piece_at(s("d8")),
            Some(Piece::new(Color::Black, Kind::QUEEN))
        );
        assert_eq!(p.unmoved.count(), 6);
        assert_eq!(to_fen(&p), START);
    }

    #[test]
    fn s_is_a_knight_too() {
        let p = parse_fen("8/8/8/8/8/8/8/1S4s1").unwrap();
        assert_eq!(
            p.piece_at(s("b1")),
            Some(Piece::new(Color::White, Kind::KNIGHT))
        );
        assert_eq!(
            p.piece_at(s("g1")),
            Some(Piece::new(Color::Black, Kind::KNIGHT))
        );
        assert!(to_fen(&p).starts_with("8/8/8/8/8/8/8/1N4n1 w - -"));
    }

    #[test]
    fn board_alone_takes_castling_from_placement() {
        let p = parse_fen("r3k3/8/8/8/8/8/8/R3K2R").unwrap();
        assert_eq!(p.turn, Color::White);
        for name in ["a1", "e1", "h1", "a8", "e8"] {
            assert!(p.unmoved.contains(s(name)), "{name}");
        }
        assert_eq!(to_fen(&p), "r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    }

    #[test]
    fn castling_field_names_the_unmoved_units() {
        let p = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R b Kq -").unwrap();
        assert_eq!(p.turn, Color::Black);
        let unmoved: Vec<Square> = p.unmoved.collect();
        assert_eq!(unmoved, vec![s("e1"), s("h1"), s("a8"), s("e8")]);
        let none = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w -").unwrap();
        assert!(none.unmoved.is_empty());
    }

    #[test]
    fn en_passant_square_is_kept() {
        let p = parse_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
        assert_eq!(p.ep_square, Some(s("d6")));
        assert_eq!(to_fen(&p), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    }

    #[test]
    fn errors_name_the_field_and_character() {
        let cases = [
            ("", "empty"),
            ("8/8/8/8/8/8/8", "7 ranks"),
            ("8/8/8/8/8/8/8/7x", "`x` is not a piece letter"),
            ("8/8/8/8/8/8/8/9", "rank 1: `9`"),
            ("8/8/8/8/8/8/8/0", "rank 1: `0`"),
            ("8/8/8/8/8/8/8/7", "has 7 squares"),
            ("8/8/8/8/8/8/8/KQRBNSPPP", "more than 8 squares"),
            ("8/8/8/8/8/8/8/8 x", "side to move: `x`"),
            ("8/8/8/8/8/8/8/8 w X", "castling: `X`"),
            (
                "8/8/8/8/8/8/8/8 w K",
                "needs a white king on e1 and a white rook on h1",
            ),
            ("8/8/8/8/8/8/8/8 w - e9", "en passant: `e9`"),
            ("8/8/8/8/8/8/8/8 w - e4", "not on rank 3 or 6"),
            ("8/8/8/8/8/8/8/8 w - - x 1", "halfmove clock: `x`"),
            ("8/8/8/8/8/8/8/8 w - - 0 1 7", "7 fields"),
        ];
        for (fen, want) in cases {
            let e = parse_fen(fen).expect_err(fen).to_string();
            assert!(e.contains(want), "{fen:?}: {e:?} lacks {want:?}");
        }
    }

    #[test]
    fn odd_input_never_panics() {
        for fen in [
            "é/ü/8/8/8/8/8/8",
            "////////",
            "8/8/8/8/8/8/8/8/",
            "k7/8/8/8/8/8/8/71",
        ] {
            let _ = parse_fen(fen);
        }
    }
}
