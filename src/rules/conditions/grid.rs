//! GridChess: lines cut the board into cells (normally the 16 blocks of
//! 2×2 squares); a move, and an observation, must cross at least one line:
//! it may not end in the cell it started from.
//!
//! The variants, as Popeye builds them (each word replaces the cells the
//! words before it made; the cells are what Popeye computes, quirks
//! included):
//! - `VerticalShift`: the files paired as normally, every rank apart
//!   (Popeye numbers the cells file/2 + 2·(rank + 1): two squares four
//!   files and one rank apart share a number, e1 and a2 say).
//! - `HorizontalShift`: the files paired a, bc, de, fg, h; the ranks as
//!   normally.
//! - `DiagonalShift`: the files paired a, bc, de, fg, h, every rank apart,
//!   with the shared numbers of Popeye's formula (f1 and a2, d2 and a3...).
//! - `Orthogonal bdf246`: lines after the files and ranks given.
//! - `Irregular a1a2 b1b2 ...`: each word is one cell, the squares left
//!   over one more (none given: one cell, no move at all).
//! - `GridLine Ha24 Vc61 ...`: partial lines on top of the cells, each
//!   from the bottom-left corner of a square, horizontal or vertical, for
//!   1 to 8 squares. A move also leaves its cell when the segment from the
//!   centre of its square to the centre of its arrival meets such a line,
//!   an end of the line included.
//!
//! Castling is the king's move (e1-g1 and e1-c1 both leave the king's cell
//! in the normal grid).

use super::{Capabilities, ConditionRule, Parameter};
use crate::board::{Bitboard, Position, Square};
use crate::moves::Move;
use crate::rules::{Condition, Observer, Rules};
use std::sync::Mutex;

pub struct Grid;

/// How the grid was given: Popeye names it under the diagram with the
/// option SuppressGrid (`GridChess  Irregular`), the cells unnamed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub enum GridKind {
    #[default]
    Normal,
    VerticalShift,
    HorizontalShift,
    DiagonalShift,
    Orthogonal,
    /// Cells given square by square, or extra lines.
    Irregular,
}

/// Popeye's most extra lines.
const MAX_LINES: usize = 100;

/// A grid other than the normal one: the cell of each square, the extra
/// lines, and from them, for each square, the squares a move from it may
/// reach.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct GridMap {
    pub kind: GridKind,
    /// Each square's cell number (index by `Square::index`).
    cells: Vec<u16>,
    /// Extra lines, in half-squares from a1's bottom-left corner:
    /// `[x1, y1, x2, y2]`; in force only in an irregular grid.
    lines: Vec<[i32; 4]>,
    /// For each square, the squares in another cell or beyond a line.
    #[serde(skip)]
    leaves: Vec<Bitboard>,
}

/// The cell number of (file, rank) in the normal grid.
fn normal_cell(file: u8, rank: u8) -> u16 {
    u16::from(file / 2 + 4 * (rank / 2))
}

/// Whether the normal grid puts `a` and `b` in different cells.
#[inline]
fn normal_leaves(a: Square, b: Square) -> bool {
    (a.file() ^ b.file()) & !1 != 0 || (a.rank() ^ b.rank()) & !1 != 0
}

impl GridMap {
    /// Whether a move from `from` to `to` leaves its cell.
    #[inline]
    pub fn leaves(&self, from: Square, to: Square) -> bool {
        self.leaves[from.index()].contains(to)
    }

    /// Whether the segment between the centres of `a` and `b` meets an
    /// extra line (its ends included).
    fn crosses_a_line(&self, a: Square, b: Square) -> bool {
        let centre = |s: Square| (2 * i32::from(s.file()) + 1, 2 * i32::from(s.rank()) + 1);
        let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
        let (dx, dy) = (x2 - x1, y2 - y1);
        self.lines.iter().any(|&[lx1, ly1, lx2, ly2]| {
            let (ldx, ldy) = (lx2 - lx1, ly2 - ly1);
            let v = dy * ldx - dx * ldy;
            if v == 0 {
                return false;
            }
            let (ox, oy) = (lx1 - x1, ly1 - y1);
            let within = |u: i32| {
                if v < 0 {
                    (v..=0).contains(&u)
                } else {
                    (0..=v).contains(&u)
                }
            };
            within(dx * oy - dy * ox) && within(ldx * oy - ldy * ox)
        })
    }
}

impl GridMap {
    /// GridChess's words for this grid in Popeye's input (English): the
    /// variant's own word (an orthogonal grid with its files and ranks),
    /// or the cells as an irregular grid, the largest left to be the rest;
    /// then the lines. Read back, they give this grid again, its kind too.
    pub fn input_words(&self) -> String {
        let mut words = match self.kind {
            GridKind::Normal => Vec::new(),
            GridKind::VerticalShift => vec!["verticalshift".to_string()],
            GridKind::HorizontalShift => vec!["horizontalshift".to_string()],
            GridKind::DiagonalShift => vec!["diagonalshift".to_string()],
            GridKind::Orthogonal => vec!["orthogonal".to_string(), self.orthogonal_lines()],
            GridKind::Irregular => self.irregular_words(),
        };
        if !self.lines.is_empty() {
            words.push("gridline".into());
            for &[x1, y1, x2, y2] in &self.lines {
                let from = Square::new((x1 / 2) as u8, (y1 / 2) as u8);
                let (dir, length) = if y1 == y2 {
                    ('h', x2 - x1)
                } else {
                    ('v', y2 - y1)
                };
                words.push(format!("{dir}{from}{}", length / 2));
            }
        }
        words.join(" ")
    }

    /// An orthogonal grid's files and ranks after which a line runs
    /// (`ad36`: after the files a and d, the ranks 3 and 6).
    fn orthogonal_lines(&self) -> String {
        let cell = |f: u8, r: u8| self.cells[Square::new(f, r).index()];
        let files = (0..7u8)
            .filter(|&f| cell(f, 0) != cell(f + 1, 0))
            .map(|f| char::from(b'a' + f));
        let ranks = (0..7u8)
            .filter(|&r| cell(0, r) != cell(0, r + 1))
            .map(|r| char::from(b'1' + r));
        files.chain(ranks).collect()
    }

    /// The cells as an irregular grid's words: `irregular` and each cell's
    /// squares but the largest cell's, which is the rest.
    fn irregular_words(&self) -> Vec<String> {
        let mut groups: Vec<(u16, Vec<Square>)> = Vec::new();
        for i in 0..64u8 {
            let s = Square(i);
            let cell = self.cells[s.index()];
            match groups.iter_mut().find(|(c, _)| *c == cell) {
                Some((_, g)) => g.push(s),
                None => groups.push((cell, vec![s])),
            }
        }
        let largest = groups
            .iter()
            .enumerate()
            .max_by_key(|(i, (_, g))| (g.len(), std::cmp::Reverse(*i)))
            .map_or(0, |(i, _)| i);
        let mut words = vec!["irregular".to_string()];
        for (i, (_, g)) in groups.iter().enumerate() {
            if i != largest {
                words.push(g.iter().map(|s| s.to_string()).collect());
            }
        }
        words
    }
}

/// Builds a grid word by word, as Popeye reads GridChess's variants.
pub struct GridBuilder {
    kind: GridKind,
    cells: [u16; 64],
    lines: Vec<[i32; 4]>,
    /// The next cell number of an irregular grid.
    next_cell: u16,
}

impl Default for GridBuilder {
    fn default() -> Self {
        let mut cells = [0; 64];
        for (i, c) in cells.iter_mut().enumerate() {
            let s = Square(i as u8);
            *c = normal_cell(s.file(), s.rank());
        }
        GridBuilder {
            kind: GridKind::Normal,
            cells,
            lines: Vec::new(),
            next_cell: 1,
        }
    }
}

impl GridBuilder {
    fn renumber(&mut self, kind: GridKind, cell: impl Fn(u16, u16) -> u16) {
        self.kind = kind;
        for (i, c) in self.cells.iter_mut().enumerate() {
            let s = Square(i as u8);
            *c = cell(u16::from(s.file()), u16::from(s.rank()));
        }
    }

    /// `VerticalShift` (Popeye's numbers, see the module doc).
    pub fn vertical_shift(&mut self) {
        self.renumber(GridKind::VerticalShift, |f, r| f / 2 + 4 * (r + 1) / 2);
    }

    /// `HorizontalShift`.
    pub fn horizontal_shift(&mut self) {
        self.renumber(GridKind::HorizontalShift, |f, r| {
            f.div_ceil(2) + 5 * (r / 2)
        });
    }

    /// `DiagonalShift` (Popeye's numbers, see the module doc).
    pub fn diagonal_shift(&mut self) {
        self.renumber(GridKind::DiagonalShift, |f, r| {
            f.div_ceil(2) + 5 * (r + 1) / 2
        });
    }

    /// `Orthogonal`: lines after the files of `files` (bit 0: after a)
    /// and the ranks of `ranks`.
    pub fn orthogonal(&mut self, files: u8, ranks: u8) {
        let before = |mask: u8, x: u16| (mask & ((1u16 << x) - 1) as u8).count_ones() as u16;
        self.renumber(GridKind::Orthogonal, |f, r| {
            before(files, f) + 9 * before(ranks, r)
        });
    }

    /// `Irregular`: every square in one cell, until [`Self::cell`] gives
    /// others.
    pub fn irregular(&mut self) {
        self.kind = GridKind::Irregular;
        self.cells = [0; 64];
        self.next_cell = 1;
    }

    /// One cell of an irregular grid: `squares` (a square given before
    /// leaves its cell for this one).
    pub fn cell(&mut self, squares: &[Square]) {
        for s in squares {
            self.cells[s.index()] = self.next_cell;
        }
    }

    /// The squares of a word that did not end a cell (Popeye takes them
    /// into the cell being read and reads no more cells).
    pub fn next_cell(&mut self) {
        self.next_cell = self.next_cell.saturating_add(1);
    }

    /// `GridLine`: the extra lines start again (and are in force).
    pub fn grid_lines(&mut self) {
        self.kind = GridKind::Irregular;
        self.lines.clear();
    }

    /// An extra line from the bottom-left corner of `from`, `length`
    /// squares long, horizontal or vertical; false when there is no room
    /// for it (Popeye takes 100).
    pub fn line(&mut self, from: Square, length: u8, horizontal: bool) -> bool {
        if self.lines.len() >= MAX_LINES {
            return false;
        }
        let (x, y) = (2 * i32::from(from.file()), 2 * i32::from(from.rank()));
        let l = 2 * i32::from(length);
        self.lines.push(if horizontal {
            [x, y, x + l, y]
        } else {
            [x, y, x, y + l]
        });
        true
    }

    /// The grid: `None` for the normal one.
    pub fn finish(self) -> Option<&'static GridMap> {
        if self.kind == GridKind::Normal {
            return None;
        }
        let lines = if self.kind == GridKind::Irregular {
            self.lines
        } else {
            Vec::new()
        };
        let mut map = GridMap {
            kind: self.kind,
            cells: self.cells.to_vec(),
            lines,
            leaves: Vec::new(),
        };
        map.leaves = (0..64u8)
            .map(|a| {
                let mut to = Bitboard::EMPTY;
                for b in 0..64u8 {
                    let (sa, sb) = (Square(a), Square(b));
                    if map.cells[sa.index()] != map.cells[sb.index()]
                        || (a != b && map.crosses_a_line(sa, sb))
                    {
                        to.set(sb);
                    }
                }
                to
            })
            .collect();
        Some(intern(map))
    }
}

/// The one stored copy of `map`: grids live as long as the program, one
/// copy of each (the rules that carry them stay small and `Copy`).
fn intern(map: GridMap) -> &'static GridMap {
    static GRIDS: Mutex<Vec<&'static GridMap>> = Mutex::new(Vec::new());
    let mut grids = GRIDS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&m) = grids.iter().find(|m| ***m == map) {
        return m;
    }
    let m: &'static GridMap = Box::leak(Box::new(map));
    grids.push(m);
    m
}

/// Whether a move from `from` to `to` leaves its cell.
#[inline]
pub fn leaves_cell(rules: &Rules, from: Square, to: Square) -> bool {
    match rules.param(Condition::GridChess).grid {
        None => normal_leaves(from, to),
        Some(map) => map.leaves(from, to),
    }
}

impl ConditionRule for Grid {
    const ID: &'static str = "gridchess";
    /// Popeye's intelligent mode takes the condition.
    const INTELLIGENT: bool = true;
    const OBSERVATION_GEOMETRY: bool = true;
    const PARAMETER: Parameter = Parameter::Grid;
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_movers: false,
        orthodox_observation: false,
        ..Capabilities::ORTHODOX
    };

    #[inline]
    fn allows(rules: &Rules, _pos: &Position, mv: &Move) -> bool {
        leaves_cell(rules, mv.from, mv.to)
    }

    #[inline]
    fn observes(rules: &Rules, _pos: &Position, observer: &Observer, target: Square) -> bool {
        leaves_cell(rules, observer.from, target)
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::Color;
    use crate::problem::Language;
    use crate::rules::{Condition, Rules};
    use crate::vocabulary::conditions::{Phrase, Word};

    /// The rules of a condition phrase, as the readers read it.
    fn rules(text: &str) -> Rules {
        let words = text
            .split_whitespace()
            .map(|t| Word {
                text: t.to_string(),
                line: 1,
            })
            .collect();
        let strict = crate::vocabulary::Strictness::Strict;
        crate::vocabulary::parse_conditions(
            &mut Phrase(words, 0),
            Language::English,
            strict,
            &|_| false,
        )
        .expect("parses")
        .rules
    }

    #[test]
    fn moves_must_leave_their_cell() {
        let r = Rules::orthodox().with(Condition::GridChess);
        assert_eq!(
            moves(&r, "wKe1 wRd4 wSb1 bKh8", Color::White),
            sorted(
                "Sb1-d2 Sb1-c3 Sb1-a3 Ke1-d2 Ke1-d1 Rd4-d1 Rd4-d2 Rd4-a4 Rd4-b4 Rd4-d8 \
                 Rd4-d7 Rd4-d6 Rd4-d5 Rd4-h4 Rd4-g4 Rd4-f4 Rd4-e4"
            )
        );
    }

    #[test]
    fn check_must_cross_a_line() {
        // The rook e1 and the king e2 share a cell; the king h1 is beyond one.
        let pos = crate::board::Position::from_piece_list("wRe1 bKe2 wKh8").unwrap();
        let r = Rules::orthodox().with(Condition::GridChess);
        assert!(!r.in_check(&pos, Color::Black));
        let pos = crate::board::Position::from_piece_list("wRe1 bKe3 wKh8").unwrap();
        assert!(r.in_check(&pos, Color::Black));
    }

    #[test]
    fn the_vertical_shift_keeps_every_rank_apart() {
        // Popeye's numbers put a line between every two ranks: Ra2-a3 and
        // Ra2-a1 cross one, Ra2-b2 and Kh1-g1 none.
        let r = rules("GridChess VerticalShift");
        assert_eq!(
            moves(&r, "wKh1 wRa2 bKc8", Color::White),
            sorted(
                "Kh1-g2 Kh1-h2 Ra2-a1 Ra2-a8 Ra2-a7 Ra2-a6 Ra2-a5 Ra2-a4 Ra2-a3 Ra2-h2 \
                 Ra2-g2 Ra2-f2 Ra2-e2 Ra2-d2 Ra2-c2"
            )
        );
    }

    #[test]
    fn the_diagonal_shift_pairs_the_files_from_b() {
        let r = rules("GridChess DiagonalShift");
        assert_eq!(
            moves(&r, "wKh1 wRd2 wSa3 bKc8", Color::White),
            sorted(
                "Kh1-g2 Kh1-g1 Kh1-h2 Rd2-d1 Rd2-a2 Rd2-b2 Rd2-c2 Rd2-d8 Rd2-d7 Rd2-d6 \
                 Rd2-d5 Rd2-d4 Rd2-d3 Rd2-h2 Rd2-g2 Rd2-f2 Sa3-b1 Sa3-c2 Sa3-c4 Sa3-b5"
            )
        );
    }

    #[test]
    fn irregular_cells_are_the_words_and_the_rest() {
        // a1a2b1b2 and c1c2 are cells, every other square one more: the king
        // e1 cannot move, the rook leaves a1's cell but for a2 and b1.
        let r = rules("GridChess Irregular a1a2b1b2 c1c2");
        assert_eq!(
            moves(&r, "wKe1 wRa1 bKh8", Color::White),
            sorted("Ra1-a8 Ra1-a7 Ra1-a6 Ra1-a5 Ra1-a4 Ra1-a3 Ra1-d1 Ra1-c1 0-0-0")
        );
        // No cell given: one cell, no move.
        let none = rules("GridChess Irregular");
        assert!(moves(&none, "wKe1 wRa1 bKh8", Color::White).is_empty());
    }

    #[test]
    fn a_grid_line_is_crossed_from_centre_to_centre() {
        // On a blank board, lines along e1's left side and under c2 and d2:
        // Kd1-e2 only touches the end of the first, and counts.
        let r = rules("GridChess Irregular GridLine Ve11 Hc22");
        assert_eq!(
            moves(&r, "wKd1 bKh8", Color::White),
            sorted("Kd1-e2 Kd1-c2 Kd1-d2 Kd1-e1")
        );
        // The rook c3 crosses the line under b5 to h5 going up only.
        let r = rules("GridChess Irregular GridLine Hb53");
        assert_eq!(
            moves(&r, "wKh1 wRc3 bKh8", Color::White),
            sorted("Rc3-c8 Rc3-c7 Rc3-c6 Rc3-c5")
        );
    }

    #[test]
    fn grid_lines_add_to_the_normal_cells() {
        // The line under b2 lets the rook b2 step down within its cell.
        let r = rules("GridChess GridLine Hb21");
        assert_eq!(
            moves(&r, "wKh1 wRb2 bKc8", Color::White),
            sorted(GRID_LINE_B2)
        );
    }

    const GRID_LINE_B2: &str = "Rb2-b1 Rb2-b8 Rb2-b7 Rb2-b6 Rb2-b5 Rb2-b4 Rb2-b3 Rb2-h2 Rb2-g2 \
         Rb2-f2 Rb2-e2 Rb2-d2 Rb2-c2";

    #[test]
    fn the_input_words_give_the_same_grid_back() {
        for text in [
            "GridChess VerticalShift GridLine Hb42 Vf23",
            "GridChess DiagonalShift",
            "GridChess Irregular a1a2 c3 GridLine Ha24",
        ] {
            let map = rules(text).param(Condition::GridChess).grid.unwrap();
            let again = rules(&format!("GridChess {}", map.input_words()));
            let back = again.param(Condition::GridChess).grid.unwrap();
            assert_eq!(map.leaves, back.leaves, "{text}: {}", map.input_words());
        }
    }
}
