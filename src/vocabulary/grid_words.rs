//! The words of GridChess's grids: the variants (shifted, orthogonal,
//! irregular cells, extra grid lines) read into a grid map, and the variant
//! name Popeye writes under the diagram with SuppressGrid.

use super::conditions::Words;
use super::Match;
use crate::problem::Language;
use crate::rules::conditions::grid::{GridBuilder, GridKind, GridMap};
use crate::rules::{Condition, Rules};

/// Popeye's grid variants, in each language's words (French, German,
/// English): the normal grid shifted by a rank, a file, both; lines after
/// the files and ranks given.
const GRID_VARIANTS: [[&str; 3]; 6] = [
    ["VerticalDecalage", "VertikalVerschieben", "VerticalShift"],
    [
        "HorizontalDecalage",
        "HorizontalVerschieben",
        "HorizontalShift",
    ],
    ["DiagonalDecalage", "DiagonalVerschieben", "DiagonalShift"],
    ["Orthogonale", "Orthogonal", "Orthogonal"],
    ["Irreguliere", "Unregelmaessig", "Irregular"],
    ["LigneGrille", "GitterLinie", "GridLine"],
];

/// The name of the grid variant Popeye writes after GridChess with the
/// option SuppressGrid (its last variant word, `Irregular` for `GridLine`),
/// in `lang`; none for the normal grid.
pub fn grid_variant_word(lang: Language, rules: &Rules) -> Option<&'static str> {
    let col = match lang {
        Language::French => 0,
        Language::German => 1,
        _ => 2,
    };
    let row = match rules.param(Condition::GridChess).grid?.kind {
        GridKind::Normal => return None,
        GridKind::VerticalShift => 0,
        GridKind::HorizontalShift => 1,
        GridKind::DiagonalShift => 2,
        GridKind::Orthogonal => 3,
        GridKind::Irregular => 4,
    };
    Some(GRID_VARIANTS[row][col])
}

/// The grid GridChess's words give: the normal grid (`None`) unless a
/// variant follows. Each variant word replaces the cells, as in Popeye;
/// `GridLine` keeps them and adds lines.
pub(super) fn read_grid(words: &mut dyn Words, lang: Language) -> Option<&'static GridMap> {
    let col = match lang {
        Language::French => 0,
        Language::German => 1,
        _ => 2,
    };
    let mut grid = GridBuilder::default();
    while let Some(next) = words.peek() {
        let entries = GRID_VARIANTS
            .iter()
            .enumerate()
            .map(move |(i, w)| (w[col], i));
        let Match::One(variant) = super::match_word(entries, &next.text) else {
            break;
        };
        words.advance();
        match variant {
            0 => grid.vertical_shift(),
            1 => grid.horizontal_shift(),
            2 => grid.diagonal_shift(),
            3 => {
                let Some(spec) = words.peek() else { break };
                let mut ortho = [0u8; 2];
                let mut good = true;
                for c in spec.text.to_ascii_lowercase().bytes() {
                    match c {
                        b'1'..=b'8' => ortho[1] |= 1 << (c - b'1'),
                        b'a'..=b'h' => ortho[0] |= 1 << (c - b'a'),
                        _ => good = false,
                    }
                }
                // A word that is no list of lines is left to what follows.
                if good {
                    words.advance();
                    grid.orthogonal(ortho[0], ortho[1]);
                }
            }
            4 => {
                // Each word of squares is a cell; a word that starts with
                // squares but goes on with something else gives its squares
                // to the cell and ends the list.
                grid.irregular();
                while let Some(next) = words.peek() {
                    let (squares, whole) = leading_squares(&next.text);
                    grid.cell(&squares);
                    if !whole || squares.is_empty() {
                        break;
                    }
                    words.advance();
                    grid.next_cell();
                }
            }
            _ => {
                grid.grid_lines();
                while let Some(next) = words.peek() {
                    match grid_line(&next.text) {
                        Some((from, length, horizontal)) if grid.line(from, length, horizontal) => {
                            words.advance();
                        }
                        _ => break,
                    }
                }
            }
        }
    }
    grid.finish()
}

/// The squares a word starts with (Popeye's square lists), and whether
/// they are the whole word.
fn leading_squares(word: &str) -> (Vec<crate::board::Square>, bool) {
    let b = word.as_bytes();
    let mut squares = Vec::new();
    let mut at = 0;
    while at < b.len() {
        let file = b[at].to_ascii_lowercase();
        match b.get(at + 1) {
            Some(&rank) if (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank) => {
                squares.push(crate::board::Square::new(file - b'a', rank - b'1'));
                at += 2;
            }
            _ => return (squares, false),
        }
    }
    (squares, true)
}

/// A grid line of four characters (`Ha24`: horizontal, from the
/// bottom-left corner of a2, four squares long), if the word is one.
fn grid_line(word: &str) -> Option<(crate::board::Square, u8, bool)> {
    let b = word.as_bytes();
    if b.len() != 4 {
        return None;
    }
    let horizontal = match b[0].to_ascii_lowercase() {
        b'h' => true,
        b'v' => false,
        _ => return None,
    };
    let file = b[1].to_ascii_lowercase();
    if !(b'a'..=b'h').contains(&file) || !(b'1'..=b'8').contains(&b[2]) {
        return None;
    }
    // Popeye reads one digit, 1 to 9, and takes no line longer than the
    // board.
    let length = b[3].checked_sub(b'0').filter(|l| (1..=8).contains(l))?;
    Some((
        crate::board::Square::new(file - b'a', b[2] - b'1'),
        length,
        horizontal,
    ))
}
