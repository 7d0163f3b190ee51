//! What a problem says it intends: the number of solutions (YACPDB's
//! `intended-solutions`, TOML's `intended`), and the first moves of the
//! author's solution text.
//!
//! The count is written as YACPDB writes it: the number of alternatives at
//! each half-move, `2.1.1.1` (two solutions, each a single line), `1.2.1.1`
//! (one first move, two answers to it), `...` standing for ones to the end
//! (`2.1...`); a plain number `2` is two solutions, each a single line
//! from its first move (`2...`).

use crate::board::Square;

/// The intended shape of the solutions of one play (a twin, a duplex
/// half): alternatives per half-move, from the first; ones after those
/// written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Intention {
    counts: Vec<u32>,
}

impl Default for Intention {
    /// The convention when nothing is stated: one solution.
    fn default() -> Intention {
        Intention { counts: vec![1] }
    }
}

impl Intention {
    /// Reads `2`, `2.1.1.1`, `1.2.1...` (an ellipsis `…` too).
    pub fn parse(text: &str) -> Result<Intention, String> {
        let wrong = || {
            format!(
                "`{text}` is not a number of solutions: write `2`, or the alternatives at \
                 each half-move, `2.1.1.1` or `2.1...`"
            )
        };
        let t = text.trim();
        let t = t
            .strip_suffix("...")
            .or_else(|| t.strip_suffix('…'))
            .unwrap_or(t)
            .trim_end_matches('.');
        if t.is_empty() {
            return Err(wrong());
        }
        let counts = t
            .split('.')
            .map(|n| match n.trim().parse::<u32>() {
                Ok(k) if k > 0 => Ok(k),
                _ => Err(wrong()),
            })
            .collect::<Result<Vec<u32>, String>>()?;
        Ok(Intention { counts })
    }

    /// The alternatives intended at the half-move of `depth` (0: the first
    /// move) below each move before it.
    pub fn at(&self, depth: usize) -> u32 {
        self.counts.get(depth).copied().unwrap_or(1)
    }

    /// The number of solutions (complete lines) intended.
    pub fn solutions(&self) -> usize {
        self.counts
            .iter()
            .fold(1usize, |n, &k| n.saturating_mul(k as usize))
    }

    /// The number of first moves intended (the keys of play with defence).
    pub fn first_moves(&self) -> usize {
        self.at(0) as usize
    }
}

/// A first move of the author's solution text, as far as it can be read:
/// the unit's code in English (empty for a pawn) and the arrival square.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AuthorMove {
    /// The move as written (`Qd3`, `Sc6*e5`).
    pub text: String,
    pub code: String,
    pub to: Square,
}

/// The first moves of an author's solution text: every move written after
/// a `1.` that is not `1...` (set play, replies) nor marked `?` (a try).
/// Moves it cannot read (castling, a notation it does not know) are left
/// out. Best effort: the text is free.
pub fn author_first_moves(text: &str) -> Vec<AuthorMove> {
    let bytes = text.as_bytes();
    let mut out: Vec<AuthorMove> = Vec::new();
    let mut i = 0;
    while let Some(at) = text[i..].find("1.") {
        let start = i + at;
        i = start + 2;
        // `11.`, `21.`: another move number.
        if start > 0 && (bytes[start - 1].is_ascii_digit() || bytes[start - 1] == b'.') {
            continue;
        }
        let rest = text[i..].trim_start();
        if rest.starts_with('.') || rest.starts_with('…') {
            continue;
        }
        let token: &str = rest.split_whitespace().next().unwrap_or("");
        if token.contains('?') {
            continue;
        }
        if let Some(m) = read_move(token) {
            if !out.contains(&m) {
                out.push(m);
            }
        }
    }
    out
}

/// `Qd3!`, `Qxd3(+bSg8)`, `e8=Q`, `Sc6*e5[+bPe7]`, `NHd3`: the code of
/// the unit and its arrival square.
fn read_move(token: &str) -> Option<AuthorMove> {
    // What follows the motion: a rebirth, a promotion, the marks.
    let motion = token.split(['(', '[', '=', '!', '+', '#']).next()?;
    let motion = motion.trim_end_matches(['?', ',', ';']);
    let code: String = motion
        .chars()
        .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        .collect();
    let squares = &motion[code.len()..];
    let chars: Vec<char> = squares.chars().collect();
    let last = (0..chars.len().saturating_sub(1))
        .rev()
        .find(|&k| ('a'..='h').contains(&chars[k]) && ('1'..='8').contains(&chars[k + 1]))?;
    let to = Square::parse(&format!("{}{}", chars[last], chars[last + 1]))?;
    // Only squares, `x`, `-`, `*` may stand between the code and the end.
    if chars[last + 2..].iter().any(|c| !c.is_whitespace()) {
        return None;
    }
    let code = match code.as_str() {
        "P" => String::new(),
        "N" => "S".to_string(),
        _ => code,
    };
    Some(AuthorMove {
        text: motion.to_string(),
        code,
        to,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_half_move() {
        let i = Intention::parse("2.1.1.1").unwrap();
        assert_eq!(
            (i.solutions(), i.first_moves(), i.at(1), i.at(9)),
            (2, 2, 1, 1)
        );
        let i = Intention::parse("1.2.1.1").unwrap();
        assert_eq!((i.solutions(), i.first_moves(), i.at(1)), (2, 1, 2));
        let i = Intention::parse("2.2.1...").unwrap();
        assert_eq!(i.solutions(), 4);
        assert_eq!(Intention::parse("3").unwrap().solutions(), 3);
        assert_eq!(Intention::parse(" 2.1… ").unwrap().solutions(), 2);
        assert_eq!(Intention::default().solutions(), 1);
    }

    #[test]
    fn bad_counts_are_refused() {
        for bad in ["", "two", "2.0.1", "1..2", "-1", "..."] {
            assert!(Intention::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn author_first_moves_skip_set_play_tries_and_replies() {
        let text = "1...Kd5 2.Qe4#\n1.Qa1? Kd5!\n1.Qd3! threat: 2.Qe4#\n1...Kd5 2.Qc4#";
        let moves = author_first_moves(text);
        assert_eq!(moves.len(), 1);
        assert_eq!(
            (moves[0].code.as_str(), moves[0].to),
            ("Q", Square::parse("d3").unwrap())
        );
    }

    #[test]
    fn author_moves_in_several_notations() {
        let m = author_first_moves("a) 1.Sc6*e5[+bPe7] Kd4 2.e8=Q#  b) 1.Nxf3(+wPf2) Kd4 11.Ka1");
        let read: Vec<(&str, String)> = m
            .iter()
            .map(|m| (m.code.as_str(), m.to.to_string()))
            .collect();
        assert_eq!(read, [("S", "e5".to_string()), ("S", "f3".to_string())]);
        assert_eq!(author_first_moves("1.e8=Q!")[0].code, "");
        assert!(author_first_moves("1.0-0!").is_empty());
    }
}
