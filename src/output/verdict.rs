//! A verdict ([`crate::audit`]) in a problemist's words, and as JSON:
//! `sound`, `cooked: 2 keys (1.Qd3!, 1.Rf2!)`, `dual after 1...Kd5:
//! 2.Qe4#, 2.Qc4#`, `b) incomplete: timed out after 20.0 s`.

use super::popeye::twin_label;
use super::solution::{child_half_moves, line_numbers, suffix, MoveNumber, Notation};
use crate::audit::{Finding, Length, PartVerdict, TwinVerdict, Unsearched, Verdict};
use crate::io::notation::Alphabet;
use crate::rules::Rules;
use crate::solve::{Notice, Played, Role};
use crate::stipulation::Goal;
use serde_json::{json, Value};

/// The duals of a twin said on the line; the others are counted (JSON
/// lists them all).
const DUALS_SAID: usize = 3;

/// How moves are written: the notation and what each twin needs.
struct Words<'a> {
    alphabet: Alphabet,
    rules: &'a Rules,
    goal: Goal,
    stipulation: &'a str,
    /// The play has one key: its defences are named without it.
    one_key: bool,
}

/// The verdict in words, on one line: `sound`, or its findings separated
/// by `; `, each twin's after its label.
pub fn verdict_words(v: &Verdict, alphabet: Alphabet) -> String {
    let mut said: Vec<String> = Vec::new();
    for twin in &v.twins {
        let mut duals = 0;
        for (part, finding) in twin_findings(twin) {
            if matches!(finding, Finding::Dual { .. }) {
                duals += 1;
                if duals > DUALS_SAID {
                    continue;
                }
            }
            said.push(prefixed(
                twin,
                part,
                &finding_words(twin, part, finding, alphabet),
            ));
        }
        if duals > DUALS_SAID {
            let more = format!("{} more duals", duals - DUALS_SAID);
            said.push(prefixed(twin, None, &more));
        }
    }
    for f in &v.findings {
        said.push(problem_finding_words(f));
    }
    if said.is_empty() {
        "sound".to_string()
    } else {
        said.join("; ")
    }
}

/// The verdict as JSON: its class, its words, and per twin its findings
/// (`kind`, `words`, and the counts).
pub fn verdict_json(v: &Verdict, alphabet: Alphabet) -> Value {
    let twins: Vec<Value> = v
        .twins
        .iter()
        .map(|twin| {
            let findings: Vec<Value> = twin_findings(twin)
                .map(|(part, f)| {
                    let mut o = json!({
                        "kind": finding_kind(f),
                        "words": finding_words(twin, part, f, alphabet),
                    });
                    if let Some(p) = part {
                        o["duplex"] = json!(p.duplex);
                    }
                    match f {
                        Finding::TooFew { found, intended }
                        | Finding::Cooked {
                            found, intended, ..
                        } => {
                            o["found"] = json!(found);
                            o["intended"] = json!(intended);
                        }
                        Finding::Short { count, .. } | Finding::Dual { count, .. } => {
                            o["count"] = json!(count)
                        }
                        _ => {}
                    }
                    o
                })
                .collect();
            json!({
                "label": twin_label(twin.index),
                "found": twin.parts.iter().map(|p| p.found).collect::<Vec<_>>(),
                "intended": twin.parts.iter().map(|p| p.intended).collect::<Vec<_>>(),
                "findings": findings,
            })
        })
        .collect();
    json!({
        "class": v.class().name(),
        "words": verdict_words(v, alphabet),
        "twins": twins,
        "findings": v.findings.iter().map(|f| json!({
            "kind": finding_kind(f),
            "words": problem_finding_words(f),
        })).collect::<Vec<_>>(),
    })
}

/// A twin's findings, each with its part (none for the twin's own).
fn twin_findings(twin: &TwinVerdict) -> impl Iterator<Item = (Option<&PartVerdict>, &Finding)> {
    twin.parts
        .iter()
        .flat_map(|p| p.findings.iter().map(move |f| (Some(p), f)))
        .chain(twin.findings.iter().map(|f| (None, f)))
}

fn prefixed(twin: &TwinVerdict, part: Option<&PartVerdict>, words: &str) -> String {
    let mut s = String::new();
    if twin.labelled {
        s.push_str(&format!("{}) ", twin_label(twin.index)));
    }
    if part.is_some_and(|p| p.duplex) {
        s.push_str("duplex: ");
    }
    s.push_str(words);
    s
}

fn finding_kind(f: &Finding) -> &'static str {
    match f {
        Finding::NoSolution => "no-solution",
        Finding::TooFew { .. } => "too-few",
        Finding::Cooked { .. } => "cooked",
        Finding::Short { .. } => "short-solution",
        Finding::Dual { .. } => "dual",
        Finding::Incomplete(_) => "incomplete",
        Finding::NotSolved(_) => "not-solved",
        Finding::Error(_) => "error",
        Finding::AuthorMoveFails(_) => "author-move-fails",
    }
}

fn problem_finding_words(f: &Finding) -> String {
    match f {
        Finding::AuthorMoveFails(m) => {
            format!("unsound: the author's 1.{} solves nothing", m.text)
        }
        _ => finding_kind(f).to_string(),
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn finding_words(
    twin: &TwinVerdict,
    part: Option<&PartVerdict>,
    f: &Finding,
    alphabet: Alphabet,
) -> String {
    let words = Words {
        alphabet,
        rules: &twin.rules,
        goal: part.map_or(Goal::Mate, |p| p.goal),
        stipulation: &twin.stipulation,
        one_key: part.is_some_and(|p| p.found == 1),
    };
    // An intention the problem does not state is the convention's.
    let intended_words = if part.is_some_and(|p| !p.stated) {
        "expected (none stated)"
    } else {
        "intended"
    };
    let more = |listed: usize, count: usize| {
        if count > listed {
            format!(", ... {} more", count - listed)
        } else {
            String::new()
        }
    };
    match f {
        Finding::NoSolution => "no solution".into(),
        Finding::TooFew { found, intended } => format!(
            "unsound: {} found, {intended} {intended_words}",
            plural(*found, "solution", "solutions")
        ),
        Finding::Cooked {
            found,
            intended,
            solutions,
        } => {
            let keys = solutions
                .iter()
                .all(|s| s.len() == 1 && s[0].role == Role::Key);
            let listed: Vec<String> = solutions.iter().map(|s| words.line(s)).collect();
            let what = if keys {
                plural(*found, "key", "keys")
            } else {
                plural(*found, "solution", "solutions")
            };
            format!(
                "cooked: {what}, {intended} {intended_words} ({}{})",
                listed.join(", "),
                more(solutions.len(), *found)
            )
        }
        Finding::Short {
            count,
            length,
            solutions,
        } => {
            let listed: Vec<String> = solutions.iter().map(|s| words.line(s)).collect();
            format!(
                "short solution: {} in {} ({}{})",
                words.stipulation,
                length_words(*length),
                listed.join(", "),
                more(solutions.len(), *count)
            )
        }
        Finding::Dual {
            after,
            moves,
            count,
            line,
        } => {
            let (after, alternatives) = words.branch(after, moves, line);
            format!(
                "dual after {after}: {}{}",
                alternatives.join(", "),
                more(moves.len(), *count)
            )
        }
        Finding::Incomplete(why) => format!("incomplete: {}", unsearched_words(*why)),
        Finding::NotSolved(notice) => format!("not solved: {}", notice_words(*notice)),
        Finding::Error(msg) => format!("error: {msg}"),
        Finding::AuthorMoveFails(_) => problem_finding_words(f),
    }
}

fn length_words(length: Length) -> String {
    match length {
        Length::Moves(n) => n.to_string(),
        Length::HalfMoves(h) if h % 2 == 1 => format!("{}.5", h / 2),
        Length::HalfMoves(h) => (h / 2).to_string(),
    }
}

fn unsearched_words(why: Unsearched) -> String {
    match why {
        // Where the search stood (`at`) is kept as data, not said: its
        // count of first moves done is the progress bar's, not a proof.
        Unsearched::TimedOut { seconds, .. } => format!("timed out after {seconds:.1} s"),
        Unsearched::Interrupted => "interrupted".into(),
        Unsearched::NotReached => "not searched (the time ran out before)".into(),
        Unsearched::MaxSolutions => "maxsolutions stopped the search".into(),
        Unsearched::MaxTime => "maxtime stopped the search".into(),
    }
}

fn notice_words(notice: Notice) -> &'static str {
    match notice {
        Notice::KingCapturable => "the side to play can capture the king",
        Notice::SetPlayOnly => "the side to play can capture the king: set play only",
        Notice::IntelligentRestricted { .. } => {
            "Popeye's intelligent mode does not take this problem"
        }
        Notice::StopOnShortSolutionsInDirectPlay => "stoponshortsolutions in direct play",
        Notice::SetPlayNotApplicable => "setplay does not apply to this play",
        Notice::MoveNumbersIncompatible => "a move path of start or upto in play with defence",
    }
}

impl Words<'_> {
    /// A move with its number (none: `MoveNumber` 0), its goal or check
    /// sign and the key's mark.
    fn mv(&self, number: MoveNumber, p: &Played) -> String {
        let mut s = match (number.number, number.ellipsis) {
            (0, _) => String::new(),
            (n, true) => format!("{n}..."),
            (n, false) => format!("{n}."),
        };
        s.push_str(&Notation::Circe(self.alphabet).write_move(p, self.rules));
        // ` + #` becomes `+#`: the signs close up to the move.
        s.push_str(&suffix(self.goal, p).replace(' ', ""));
        if p.role == Role::Key {
            s.push('!');
        }
        s
    }

    /// The numbers of the moves of `path` from a key or first move of play
    /// with defence: every move numbered.
    fn tree_numbers(path: &[Played]) -> Vec<MoveNumber> {
        let mut halves = 0;
        let mut out = Vec::new();
        for (i, p) in path.iter().enumerate() {
            if i > 0 {
                halves += child_half_moves(&path[i - 1], p);
            }
            out.push(MoveNumber::of_half_move(halves));
        }
        out
    }

    /// A line of help or series play, or a key (a line of one move).
    fn line(&self, line: &[Played]) -> String {
        let numbers = if line.first().is_some_and(|p| p.role == Role::Key) {
            Self::tree_numbers(line)
        } else {
            line_numbers(line)
        };
        self.joined(line, &numbers)
    }

    fn joined(&self, moves: &[Played], numbers: &[MoveNumber]) -> String {
        moves
            .iter()
            .zip(numbers)
            .map(|(p, &n)| self.mv(n, p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A dual: the moves before it and its alternatives, numbered as in
    /// `line` (help and series play) or from the key.
    fn branch(&self, after: &[Played], moves: &[Played], line: &[Played]) -> (String, Vec<String>) {
        let numbers = if line.is_empty() {
            let mut path = after.to_vec();
            path.extend(moves.first().cloned());
            Self::tree_numbers(&path)
        } else {
            line_numbers(line)
        };
        let depth = after.len();
        let alt = numbers.get(depth).copied().unwrap_or(MoveNumber {
            number: 0,
            ellipsis: false,
        });
        // With one key, the defence names the variation.
        let skip = usize::from(line.is_empty() && self.one_key && after.len() > 1);
        let before = self.joined(&after[skip..], &numbers[skip..depth]);
        let alternatives = moves.iter().map(|m| self.mv(alt, m)).collect();
        (before, alternatives)
    }
}
