//! Writing a solution: Popeye's text, the Circe notation for people, JSON.

use crate::io::language::{word, Word};
use crate::io::notation::{circe_move, disambiguation, popeye_move, Alphabet};
use crate::movegen::legal_moves;
use crate::problem::Language;
use crate::solve::{Layout, Mark, Node, PlayedMove, Remark, Solution};
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
                circe_move(
                    &played.mv,
                    &played.before,
                    a,
                    disambiguation(&played.mv, &legal),
                )
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
        Mark::Key | Mark::Refutation => " !",
        Mark::Refutes => "",
        Mark::Try => " ?",
    }
}

/// Writes the solution as Popeye lays it out: in play with defence a tree
/// (set play first, then each key or try, each block followed by a blank
/// line); in help and series play one line per solution. `lang` gives the
/// words (`threat:`, `but`, `zugzwang.`).
pub fn write_tree(
    out: &mut String,
    solution: &Solution,
    notation: Notation,
    rules: &crate::rules::Rules,
    lang: Language,
) {
    if !solution.tried.is_empty() {
        write_numbered(out, solution, notation, rules, lang);
        return;
    }
    match solution.layout {
        Layout::Tree if solution.post_key.is_some() => {
            let remark = match solution.post_key {
                Some(Remark::Threat) => Some(Word::Threat),
                Some(Remark::Zugzwang) => Some(Word::Zugzwang),
                _ => None,
            };
            if let Some(w) = remark {
                let _ = writeln!(out, " {}", word(lang, w));
            }
            for node in &solution.roots {
                write_node(out, node, notation, rules, lang);
            }
        }
        Layout::Tree => {
            let (set, keys): (Vec<&Node>, Vec<&Node>) =
                solution.roots.iter().partition(|n| n.played.ellipsis);
            for node in &set {
                write_node(out, node, notation, rules, lang);
            }
            if !set.is_empty() {
                out.push('\n');
            }
            for node in keys {
                write_node(out, node, notation, rules, lang);
                out.push('\n');
            }
        }
        Layout::Lines => {
            let mut path = Vec::new();
            for (i, node) in solution.roots.iter().enumerate() {
                if i > 0 && i == solution.set_play_roots {
                    out.push('\n');
                }
                write_lines(out, node, notation, rules, &mut path);
            }
        }
    }
}

/// Option `movenumbers`: each first move tried, numbered, with the time so
/// far (`  7  (Th1-g1 +    Time = 0.023 s)`), then the solutions it begins.
fn write_numbered(
    out: &mut String,
    solution: &Solution,
    notation: Notation,
    rules: &crate::rules::Rules,
    lang: Language,
) {
    let set_play = &solution.roots[..solution.set_play_roots.min(solution.roots.len())];
    let play = &solution.roots[set_play.len()..];
    let mut path = Vec::new();
    for node in set_play {
        match solution.layout {
            Layout::Tree => write_node(out, node, notation, rules, lang),
            Layout::Lines => write_lines(out, node, notation, rules, &mut path),
        }
    }
    for tried in &solution.tried {
        let p = &tried.played;
        let _ = writeln!(
            out,
            "{:3}  ({}{}    {}{:.3} s)",
            p.number,
            notation.write_move(p, rules),
            p.suffix,
            word(lang, Word::Time),
            tried.seconds
        );
        for node in play.iter().filter(|n| n.played.mv == p.mv) {
            match solution.layout {
                Layout::Tree => {
                    write_node(out, node, notation, rules, lang);
                    out.push('\n');
                }
                Layout::Lines => write_lines(out, node, notation, rules, &mut path),
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
                    // Popeye right-aligns move numbers: `   9.`, `  10.`.
                    out.push_str(if p.number < 10 { "   " } else { "  " });
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

/// Popeye's indentation: a first move at 3; later attacker moves from 10,
/// defender moves from 6, eight more for each move number.
fn indent(p: &PlayedMove) -> usize {
    let n = p.number.max(1) as usize;
    match (p.ellipsis, n) {
        (true, _) => 6 + 8 * (n - 1),
        (false, 1) => 3,
        (false, _) => 10 + 8 * (n - 2),
    }
}

fn write_node(
    out: &mut String,
    node: &Node,
    notation: Notation,
    rules: &crate::rules::Rules,
    lang: Language,
) {
    let p = &node.played;
    let remark = match p.remark {
        Remark::None => String::new(),
        Remark::Threat => format!(" {}", word(lang, Word::Threat)),
        Remark::Zugzwang => format!(" {}", word(lang, Word::Zugzwang)),
    };
    let _ = writeln!(
        out,
        "{:indent$}{}{}{}{}{}",
        "",
        move_number(p),
        notation.write_move(p, rules),
        suffix(p),
        mark(p),
        remark,
        indent = indent(p),
    );
    if p.mark == Mark::Refutes {
        let _ = writeln!(
            out,
            "{:indent$}{}",
            "",
            word(lang, Word::Refutes),
            indent = indent(p) + 2
        );
    }
    // Threats (the same side moving again) come first, then the
    // variations, then the refutations after "but".
    let side = p.before.turn;
    let threats = node
        .children
        .iter()
        .filter(|c| c.played.before.turn == side);
    let others = node
        .children
        .iter()
        .filter(|c| c.played.before.turn != side);
    for child in threats {
        write_node(out, child, notation, rules, lang);
    }
    for child in others.clone().filter(|c| c.played.mark != Mark::Refutation) {
        write_node(out, child, notation, rules, lang);
    }
    let mut refutations = others
        .filter(|c| c.played.mark == Mark::Refutation)
        .peekable();
    if refutations.peek().is_some() {
        let _ = writeln!(out, "    {}", word(lang, Word::But));
        for child in refutations {
            write_node(out, child, notation, rules, lang);
        }
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

/// Adds the keys of `extra` (an object) to `value` (an object).
fn merge(value: &mut serde_json::Value, extra: serde_json::Value) {
    if let (Some(v), serde_json::Value::Object(e)) = (value.as_object_mut(), extra) {
        v.extend(e);
    }
}

fn node_json(node: &Node, rules: &crate::rules::Rules, a: Alphabet) -> serde_json::Value {
    let p = &node.played;
    let mv = &p.mv;
    let unit = |u: crate::board::Piece| format!("{}{}", a.unit_color(u), a.piece(u.kind));
    let mut rebirths = Vec::new();
    let mut emergences = Vec::new();
    let mut pending = None;
    for e in &mv.effects {
        use crate::moves::{Effect, PendingKind, Rebirth};
        let details = |how: Rebirth, u: crate::board::Piece| {
            serde_json::json!({
                "promotion": how.has(Rebirth::PROMOTED).then(|| a.piece(u.kind).to_string()),
                "turncoat": how.has(Rebirth::TURNCOAT),
                "occupied": if how.has(Rebirth::VOLCANO) { Some("volcano") }
                    else if how.has(Rebirth::PARACHUTE) { Some("parachute") }
                    else if how.has(Rebirth::ASSASSIN) { Some("assassin") } else { None },
            })
        };
        match *e {
            Effect::CapturerReborn {
                from,
                to,
                unit: u,
                was,
                how,
            } => {
                let mut r = serde_json::json!({
                    "unit": unit(u), "was": a.piece(was),
                    "whose": if how.has(Rebirth::DELAYED) { "earlier-capturer" } else { "capturer" },
                    "from": from.to_string(), "to": to.to_string(),
                });
                merge(&mut r, details(how, u));
                rebirths.push(r);
            }
            Effect::CapturedReborn { on, unit: u, how } => {
                let delayed = how.has(Rebirth::DELAYED);
                let mut r = serde_json::json!({
                    "unit": unit(u),
                    "whose": if delayed { "earlier-captured" } else { "captured" },
                    "from": if delayed { None } else { Some(mv.capture_square.to_string()) },
                    "to": on.to_string(),
                });
                merge(&mut r, details(how, u));
                rebirths.push(r);
            }
            Effect::Emerges { on, unit: u } => {
                emergences.push(serde_json::json!({"unit": unit(u), "square": on.to_string()}))
            }
            Effect::Pending { on, unit: u, kind } => {
                pending = Some(serde_json::json!({
                    "unit": unit(u), "square": on.to_string(),
                    "until": if kind == PendingKind::UntilCapture { "next-capture" } else { "next-move" },
                }))
            }
            _ => {}
        }
    }
    serde_json::json!({
        "number": p.number,
        "side": if p.before.turn == crate::board::Color::White { "white" } else { "black" },
        "popeye": popeye_move(mv, a),
        "circe": Notation::Circe(a).write_move(p, rules),
        "from": mv.from.to_string(),
        "to": mv.to.to_string(),
        "capture": mv.captured.map(|v| serde_json::json!({
            "unit": format!("{}{}", a.unit_color(v), a.piece(v.kind)),
            "square": mv.capture_square.to_string(),
        })),
        "rebirths": rebirths,
        "emergences": emergences,
        "pending": pending,
        "promotion": mv.promotion.map(|r| a.piece(r).to_string()),
        "suffix": p.suffix.trim(),
        "mark": match p.mark { Mark::None => None, Mark::Key => Some("key"), Mark::Try => Some("try"), Mark::Refutation | Mark::Refutes => Some("refutation") },
        "remark": match p.remark { Remark::None => None, Remark::Threat => Some("threat"), Remark::Zugzwang => Some("zugzwang") },
        "children": node.children.iter().map(|c| node_json(c, rules, a)).collect::<Vec<_>>(),
    })
}
