//! Writing a solution: Popeye's text, the Circe notation for people, JSON.

use crate::io::notation::{circe_move, disambiguation, popeye_move, Alphabet};
use crate::movegen::legal_moves;
use crate::solve::{Layout, Mark, Node, PlayedMove, Solution};
use std::fmt::Write;

/// Which notation a tree is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Popeye's long notation, `Sc6*e5[+bPe7]`.
    Popeye(Alphabet),
    /// Short algebraic with Circe rebirths, `Sxe5(+bPe7)`.
    Circe(Alphabet),
}

impl Notation {
    pub fn write_move(self, played: &PlayedMove, rules: &crate::rules::Rules) -> String {
        match self {
            Notation::Popeye(a) => popeye_move(&played.mv, a),
            Notation::Circe(a) => {
                let mut legal = Vec::new();
                legal_moves(&played.before, rules, &mut legal);
                circe_move(&played.mv, a, disambiguation(&played.mv, &legal))
            }
        }
    }
}

fn move_number(played: &PlayedMove) -> String {
    if played.ellipsis {
        format!("{}...", played.number)
    } else {
        format!("{}.", played.number)
    }
}

fn suffix(played: &PlayedMove) -> &'static str {
    played.suffix
}

fn mark(played: &PlayedMove) -> &'static str {
    match played.mark {
        Mark::None => "",
        Mark::Key => " !",
        Mark::Try => " ?",
    }
}

/// Writes the solution as Popeye lays it out: in play with defence a tree
/// (a key at indent 3, each followed by a blank line); in help and series
/// play one line per solution.
pub fn write_tree(
    out: &mut String,
    solution: &Solution,
    notation: Notation,
    rules: &crate::rules::Rules,
) {
    match solution.layout {
        Layout::Tree => {
            for node in &solution.roots {
                write_node(out, node, notation, rules, 3);
                out.push('\n');
            }
        }
        Layout::Lines => {
            let mut path = Vec::new();
            for node in &solution.roots {
                write_lines(out, node, notation, rules, &mut path);
            }
        }
    }
}

fn write_lines<'a>(
    out: &mut String,
    node: &'a Node,
    notation: Notation,
    rules: &crate::rules::Rules,
    path: &mut Vec<&'a PlayedMove>,
) {
    path.push(&node.played);
    if node.children.is_empty() {
        out.push_str("  ");
        for (i, p) in path.iter().enumerate() {
            if p.number > 0 {
                if i > 0 {
                    out.push_str("   ");
                }
                out.push_str(&move_number(p));
            } else {
                out.push(' ');
            }
            out.push_str(&notation.write_move(p, rules));
            out.push_str(suffix(p));
            out.push_str(mark(p));
        }
        out.push('\n');
    }
    for child in &node.children {
        write_lines(out, child, notation, rules, path);
    }
    path.pop();
}

fn write_node(
    out: &mut String,
    node: &Node,
    notation: Notation,
    rules: &crate::rules::Rules,
    indent: usize,
) {
    let p = &node.played;
    let _ = writeln!(
        out,
        "{:indent$}{}{}{}{}",
        "",
        move_number(p),
        notation.write_move(p, rules),
        suffix(p),
        mark(p),
    );
    for child in &node.children {
        write_node(out, child, notation, rules, indent + 4);
    }
}

/// The JSON form of a solution tree (see docs/json.md).
pub fn tree_json(
    solution: &Solution,
    rules: &crate::rules::Rules,
    alphabet: Alphabet,
) -> serde_json::Value {
    serde_json::Value::Array(
        solution
            .roots
            .iter()
            .map(|n| node_json(n, rules, alphabet))
            .collect(),
    )
}

fn node_json(node: &Node, rules: &crate::rules::Rules, a: Alphabet) -> serde_json::Value {
    use crate::moves::Fate;
    let p = &node.played;
    let mv = &p.mv;
    let mut rebirths = Vec::new();
    if let Fate::Reborn(sq) = mv.capturer_fate {
        let u = mv.arriving_piece();
        rebirths.push(serde_json::json!({
            "unit": format!("{}{}", a.color(u.color), a.piece(u.role)),
            "whose": "capturer", "from": mv.to.to_string(), "to": sq.to_string(),
        }));
    }
    if let (Some(v), Fate::Reborn(sq)) = (mv.captured, mv.captured_fate) {
        rebirths.push(serde_json::json!({
            "unit": format!("{}{}", a.color(v.color), a.piece(v.role)),
            "whose": "captured", "from": mv.capture_square.to_string(), "to": sq.to_string(),
        }));
    }
    serde_json::json!({
        "number": p.number,
        "side": if p.before.turn == crate::board::Color::White { "white" } else { "black" },
        "popeye": popeye_move(mv, a),
        "circe": Notation::Circe(a).write_move(p, rules),
        "from": mv.from.to_string(),
        "to": mv.to.to_string(),
        "capture": mv.captured.map(|v| serde_json::json!({
            "unit": format!("{}{}", a.color(v.color), a.piece(v.role)),
            "square": mv.capture_square.to_string(),
        })),
        "rebirths": rebirths,
        "promotion": mv.promotion.map(|r| a.piece(r).to_string()),
        "suffix": p.suffix.trim(),
        "mark": match p.mark { Mark::None => None, Mark::Key => Some("key"), Mark::Try => Some("try") },
        "children": node.children.iter().map(|c| node_json(c, rules, a)).collect::<Vec<_>>(),
    })
}
