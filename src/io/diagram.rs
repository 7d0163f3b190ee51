//! The checks both readers make of a diagram, after Popeye's: what it
//! refuses (a side with two kings) and what it notes and solves on (a side
//! without a king, unless `nowk` / `nobk` says that is meant, or a royal
//! square stands for it).

use crate::board::{Color, Kind, Piece, Position};
use crate::problem::{ProblemOption, Spanned};

/// Drops the attributes a condition in force gives every unit: Popeye
/// neither lists nor writes them then (the patrol attribute under
/// Patrouille), and the condition plays their rule for all units.
pub fn drop_implied_attributes(position: &mut Position, rules: &crate::rules::Rules) {
    if !rules.has(crate::rules::Condition::Patrol) {
        return;
    }
    for sq in position.with_attrs(crate::board::Attrs::PATROL) {
        let Some(p) = position.piece_at(sq) else {
            continue;
        };
        // `put` clears the square's castling right: keep it.
        let unmoved = position.unmoved.contains(sq);
        position.put(
            sq,
            Piece {
                attrs: p.attrs.without(crate::board::Attrs::PATROL),
                ..p
            },
        );
        if unmoved {
            position.unmoved.set(sq);
        }
    }
}

/// Checks `position` (read at `line`) under `options`: the warnings, or
/// what makes it unsolvable.
pub fn check(
    position: &Position,
    options: &[Spanned<ProblemOption>],
    line: usize,
    rules: &crate::rules::Rules,
) -> Result<Vec<Spanned<String>>, String> {
    // RoyalDynasty and ExtinctionChess take several kings a side, or none.
    if !rules.kings_royal() {
        return Ok(Vec::new());
    }
    let mut warnings = Vec::new();
    for color in [Color::White, Color::Black] {
        // A unit with the royal attribute is its side's king (Popeye:
        // "only one king allowed").
        let kings: Vec<String> = (position.pieces(color, Kind::KING) | position.royal_units(color))
            .into_iter()
            .map(|sq| sq.to_string())
            .collect();
        let name = match color {
            Color::White => "White",
            Color::Black => "Black",
        };
        if kings.len() > 1 {
            return Err(format!(
                "{name} has {} kings ({}): a side has one king at most",
                kings.len(),
                kings.join(", ")
            ));
        }
        let (said, option) = match color {
            Color::White => (ProblemOption::NoWhiteKing, "nowk"),
            Color::Black => (ProblemOption::NoBlackKing, "nobk"),
        };
        // A royal square stands for the king.
        let royal_square = crate::rules::conditions::royal_square::of(rules, color).is_some();
        // RepublicanChess puts missing kings on the board (Popeye then
        // takes the options as given).
        let republican = rules.has(crate::rules::Condition::Republican);
        if kings.is_empty()
            && !royal_square
            && !republican
            && !options.iter().any(|o| o.value == said)
        {
            warnings.push(Spanned {
                value: format!(
                    "{name} has no king; solving on without it (option `{option}` says that is meant)"
                ),
                line,
            });
        }
    }
    Ok(warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(list: &str) -> Position {
        Position::from_piece_list(list).unwrap()
    }

    #[test]
    fn two_kings_of_a_side_are_refused() {
        let e = check(
            &pos("wKe1 wKd1 bKe8"),
            &[],
            3,
            &crate::rules::Rules::default(),
        )
        .unwrap_err();
        assert_eq!(e, "White has 2 kings (d1, e1): a side has one king at most");
    }

    #[test]
    fn no_missing_king_is_noted_under_republican_chess() {
        let rules = crate::rules::Rules::default().with(crate::rules::Condition::Republican);
        assert!(check(&pos("wRa1"), &[], 2, &rules).unwrap().is_empty());
    }

    #[test]
    fn a_missing_king_is_noted_unless_the_options_say_so() {
        let w = check(&pos("wRa1 bKe8"), &[], 2, &crate::rules::Rules::default()).unwrap();
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].line, 2);
        assert!(
            w[0].value.starts_with("White has no king"),
            "{}",
            w[0].value
        );
        let nowk = [Spanned {
            value: ProblemOption::NoWhiteKing,
            line: 4,
        }];
        assert!(
            check(&pos("wRa1 bKe8"), &nowk, 2, &crate::rules::Rules::default())
                .unwrap()
                .is_empty()
        );
        assert!(
            check(&pos("wKe1 bKe8"), &[], 2, &crate::rules::Rules::default())
                .unwrap()
                .is_empty()
        );
    }
}
