//! Comparing solutions in Popeye's layout while ignoring the order of
//! sibling moves: the comparison `circe check` and the corpus tests use.
//!
//! The solution part (after the last diagram border) is read as a tree by
//! indentation; siblings are sorted; twins keep their order.

fn is_twin_label(line: &str) -> bool {
    let b = line.as_bytes();
    b.len() >= 3 && b[0].is_ascii_lowercase() && b[1] == b')' && b[2] == b' '
}

fn is_finished_line(line: &str) -> bool {
    let l = line.trim_start().to_ascii_lowercase();
    l.starts_with("solution finished")
        || l.starts_with("loesung beendet")
        || l.starts_with("solution termin")
}

fn is_move_line(line: &str) -> bool {
    let t = line.trim_start();
    if t.len() == line.len() {
        return false;
    }
    let digits = t.bytes().take_while(|b| b.is_ascii_digit()).count();
    digits > 0 && t[digits..].starts_with('.')
}

fn is_word_line(line: &str) -> bool {
    let t = line.trim_start();
    if t.len() == line.len() {
        return false;
    }
    let l = t.to_ascii_lowercase();
    [
        "threat:", "drohung:", "menace:", "but", "aber", "mais", "zugzwang",
    ]
    .iter()
    .any(|w| l.starts_with(w))
}

/// `line` with the time of a `movenumbers` line (`Time = 0.029 s`, also
/// `Zeit =`, `Temps =`) left out: no two runs take the same time.
fn without_time(line: &str) -> String {
    for word in ["Time = ", "Zeit = ", "Temps = "] {
        if let Some(at) = line.find(word) {
            let rest = &line[at + word.len()..];
            let end = rest.find(' ').unwrap_or(rest.len());
            return format!("{}{word}_{}", &line[..at], &rest[end..]);
        }
    }
    line.to_string()
}

/// The lines of the solution part that matter for the comparison.
pub fn solution_lines(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .rposition(|l| l.starts_with("+---a---b---"))
        .map_or(0, |i| i + 1);
    let mut out: Vec<String> = Vec::new();
    for line in &lines[start..] {
        if line.trim().is_empty() || is_finished_line(line) {
            continue;
        }
        let continuation =
            !out.is_empty() && line.starts_with("  ") && !line.starts_with(&" ".repeat(16));
        if is_twin_label(line) || is_move_line(line) || is_word_line(line) || continuation {
            out.push(without_time(line.trim_end()));
        }
    }
    out
}

struct Tree {
    text: String,
    kids: Vec<Tree>,
}

fn canon(node: &Tree, depth: usize, out: &mut Vec<String>) {
    let mut kids: Vec<String> = node
        .kids
        .iter()
        .map(|k| {
            let mut v = Vec::new();
            canon(k, depth + 1, &mut v);
            v.join("\n")
        })
        .collect();
    kids.sort();
    if !node.text.is_empty() {
        out.push(format!("{}{}", "  ".repeat(depth), node.text));
    }
    out.extend(kids);
}

/// The canonical text of the solution part of a Popeye-style output.
pub fn canonical(text: &str) -> String {
    let mut root = Tree {
        text: String::new(),
        kids: Vec::new(),
    };
    // Path of (indent, index chain) from the root to the last node.
    let mut stack: Vec<(i64, Vec<usize>)> = vec![(-2, Vec::new())];
    for line in solution_lines(text) {
        let mut indent = (line.len() - line.trim_start().len()) as i64 * 2;
        if is_twin_label(&line) {
            indent = -1;
        }
        let node = Tree {
            text: line.split_whitespace().collect::<Vec<_>>().join(" "),
            kids: Vec::new(),
        };
        while stack.last().is_some_and(|(i, _)| *i >= indent) {
            stack.pop();
        }
        let path = stack.last().map(|(_, p)| p.clone()).unwrap_or_default();
        let mut parent = &mut root;
        for &i in &path {
            parent = &mut parent.kids[i];
        }
        parent.kids.push(node);
        let mut child_path = path;
        child_path.push(parent.kids.len() - 1);
        stack.push((indent, child_path));
    }
    let mut out = Vec::new();
    for kid in &root.kids {
        let mut v = Vec::new();
        canon(kid, 0, &mut v);
        out.push(v.join("\n"));
    }
    // Twin labels (`a)`, `b)`) sort in their own order.
    out.sort();
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_times_of_movenumbers_lines_do_not_count() {
        let board = "+---a---b---c---d---e---f---g---h---+\n";
        let a = format!("{board}\n  1.Rd1-a1 Ka2-a3 #\n  1  (Rd1-a1 +    Time = 0.029 s)\n  2  (Rd1-b1    Zeit = 0.030 s)\n");
        let b = format!("{board}\n  1.Rd1-a1 Ka2-a3 #\n  1  (Rd1-a1 +    Time = 1.500 s)\n  2  (Rd1-b1    Zeit = 0.001 s)\n");
        let c = format!("{board}\n  1.Rd1-a1 Ka2-a3 #\n  1  (Rd1-a2 +    Time = 0.029 s)\n  2  (Rd1-b1    Zeit = 0.030 s)\n");
        assert_eq!(canonical(&a), canonical(&b));
        assert_ne!(canonical(&a), canonical(&c));
    }

    #[test]
    fn sibling_order_does_not_matter() {
        let a = "+---a---b---\n   1.Ka1-b1 !\n\n   1.Ka1-a2 !\n";
        let b = "+---a---b---\n   1.Ka1-a2 !\n\n   1.Ka1-b1 !\n";
        assert_eq!(canonical(a), canonical(b));
        let c = "+---a---b---\n   1.Ka1-a2 !\n";
        assert_ne!(canonical(a), canonical(c));
    }

    #[test]
    fn children_stay_under_their_parent() {
        let a = "+---a---b---\n   1.A ! Drohung:\n          2.B #\n      1...C\n          2.D #\n";
        let b = "+---a---b---\n   1.A ! Drohung:\n          2.D #\n      1...C\n          2.B #\n";
        assert_ne!(canonical(a), canonical(b));
    }
}
