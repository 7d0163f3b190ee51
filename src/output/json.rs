//! The JSON object of a problem (docs/json.md), written as the search
//! reports: the problem's keys at once, then each twin and each move as it
//! comes. Nothing of the solution is kept but the line being written (help
//! and series play merge lines where they start alike), so a problem with a
//! million solutions takes no more memory than one with a single one.

use super::options::{condition_words, twin_commands_text, ReportOptions};
use super::popeye;
use super::solution::{
    child_half_moves, play_line_numbers, root_half_moves, suffix, MoveNumber, Notation,
};
use crate::board::{Color, Piece};
use crate::io::notation::Alphabet;
use crate::moves::{Effect, PendingKind, Rebirth};
use crate::problem::{Language, Problem};
use crate::rules::Rules;
use crate::solve::play::{Event, Node, Notice, Played, Remark, Role};
use crate::solve::{ProblemSink, Sink, SolveError};
use crate::stipulation::Goal;
use crate::twin::TwinInstance;
use serde_json::{json, Value};
use std::time::Instant;

/// Writes a problem's JSON object to `write`, piece by piece.
pub struct JsonWriter<W: FnMut(&str) + Send> {
    write: W,
    lang: Language,
    alphabet: Alphabet,
    /// The twin being written: its rules, when it began, how many plays it
    /// began (two with `duplex`), its error.
    twin: Option<OpenTwin>,
    twins: usize,
    /// The goal of the play being written (for the moves' signs).
    goal: Goal,
    /// Moves written in the play's list so far (for the commas).
    roots: usize,
    /// Help and series play: the line whose nodes are still open, and
    /// whether it is set play.
    open_line: Vec<Played>,
    open_set_play: bool,
}

struct OpenTwin {
    rules: Rules,
    started: Instant,
    plays: usize,
    /// The stipulation joins expressions at its root: each operand's
    /// play goes on in `solution` (they are no duplex halves).
    joined: bool,
    error: Option<String>,
    /// Whether the play was cut short (`maxsolutions`, `maxtime`).
    incomplete: Option<crate::solve::Incompleteness>,
    /// What Popeye says before solving: written with the twin's closing
    /// keys, since it may come inside the play's open list.
    notice: Option<&'static str>,
}

impl<W: FnMut(&str) + Send> JsonWriter<W> {
    /// Writes the problem's own keys and opens its list of twins.
    pub fn new(opts: &ReportOptions, problem: &Problem, mut write: W) -> JsonWriter<W> {
        let head = json!({
            "file": problem.source.file.display().to_string(),
            "line": problem.source.line,
            "stipulation": problem.stipulation.value,
            "condition": problem.condition_text.join(" "),
        });
        let mut head = head;
        if let Some(start) = &problem.start {
            head["start"] = json!(crate::io::fen::to_fen(start));
        }
        write(&format!("{},\"twins\":[", open_object(&head)));
        JsonWriter {
            write,
            lang: opts.words(problem),
            alphabet: opts
                .alphabet
                .unwrap_or_else(|| Alphabet::from(problem.language)),
            twin: None,
            twins: 0,
            goal: Goal::Mate,
            roots: 0,
            open_line: Vec::new(),
            open_set_play: false,
        }
    }

    /// Closes the list of twins and the object, with the total time and
    /// `extra` (more `"key":value` pairs, or nothing) as its last keys.
    pub fn finish(&mut self, seconds: f64, extra: &str) {
        self.end_twin();
        let mut text = format!("],\"seconds\":{}", json!(seconds));
        if !extra.is_empty() {
            text.push(',');
            text.push_str(extra);
        }
        text.push('}');
        (self.write)(&text);
    }

    /// Ends the play being written: its open line, its list.
    fn end_play(&mut self) {
        self.close_line_to(0);
        (self.write)("]");
    }

    /// Closes the open line's nodes below its first `depth`; how many.
    fn close_line_to(&mut self, depth: usize) -> usize {
        let closed = self.open_line.len() - depth;
        self.open_line.truncate(depth);
        (self.write)(&"]}".repeat(closed));
        closed
    }

    fn end_twin(&mut self) {
        let Some(twin) = self.twin.take() else {
            return;
        };
        let mut text = String::new();
        match twin.plays {
            0 => text.push_str("\"solution\":null,\"duplex\":null"),
            _ if twin.joined => text.push_str(",\"duplex\":null"),
            1 => text.push_str(",\"duplex\":null"),
            _ => {}
        }
        let incomplete = twin.incomplete.map(|why| match why {
            crate::solve::Incompleteness::Partial => "partial",
            crate::solve::Incompleteness::Interrupted => "interrupted",
        });
        if let Some(notice) = twin.notice {
            text.push_str(&format!(",\"notice\":{}", json!(notice)));
        }
        text.push_str(&format!(
            ",\"incomplete\":{},\"error\":{},\"seconds\":{}}}",
            json!(incomplete),
            json!(twin.error),
            json!(twin.started.elapsed().as_secs_f64())
        ));
        if twin.plays > 0 {
            self.end_play();
        }
        (self.write)(&text);
    }

    /// A line of help or series play: the nodes it shares with the line
    /// before stay open, the others are closed and its own opened (the
    /// search reports lines depth first, so this rebuilds its tree).
    fn line(&mut self, moves: &[Played], set_play: bool) {
        let Some(twin) = &self.twin else { return };
        let rules = twin.rules;
        let shared = if set_play == self.open_set_play {
            // The last node of a line never grows children.
            let same = self
                .open_line
                .iter()
                .zip(moves)
                .take_while(|(a, b)| a == b)
                .count();
            same.min(self.open_line.len().saturating_sub(1))
        } else {
            0
        };
        let closed = self.close_line_to(shared);
        self.open_set_play = set_play;
        let mut text = String::new();
        let numbers = play_line_numbers(moves, set_play);
        for (depth, played) in moves.iter().enumerate().skip(shared) {
            // A sibling before it: a node was just closed at its depth, or
            // it is a first move after others.
            if depth == shared && (closed > 0 || (depth == 0 && self.roots > 0)) {
                text.push(',');
            }
            if depth == 0 {
                self.roots += 1;
            }
            text.push_str(&self.move_object(played, numbers[depth], &rules));
            text.push_str(",\"children\":[");
            self.open_line.push(played.clone());
        }
        (self.write)(&text);
    }

    /// The tree of a first move in play with defence, written whole.
    fn tree(&mut self, node: &Node) {
        let Some(twin) = &self.twin else { return };
        let rules = twin.rules;
        let mut text = String::new();
        if self.roots > 0 {
            text.push(',');
        }
        self.roots += 1;
        self.tree_node(&mut text, node, root_half_moves(node.played.role), &rules);
        (self.write)(&text);
    }

    fn tree_node(&self, text: &mut String, node: &Node, halves: u32, rules: &Rules) {
        text.push_str(&self.move_object(&node.played, MoveNumber::of_half_move(halves), rules));
        text.push_str(",\"children\":[");
        for (i, c) in node.children.iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            self.tree_node(
                text,
                c,
                halves + child_half_moves(&node.played, &c.played),
                rules,
            );
        }
        text.push_str("]}");
    }

    /// A move's object without its closing brace (its children follow).
    fn move_object(&self, p: &Played, number: MoveNumber, rules: &Rules) -> String {
        open_object(&move_value(p, number, rules, self.alphabet, self.goal))
    }
}

impl<W: FnMut(&str) + Send> Sink for JsonWriter<W> {
    fn event(&mut self, event: Event) {
        match event {
            Event::Begin { goal, .. } => {
                let Some(twin) = &mut self.twin else { return };
                twin.plays += 1;
                if twin.plays == 1 {
                    (self.write)("\"solution\":[");
                } else if twin.joined {
                    // The next operand's moves follow in the same list.
                    self.close_line_to(0);
                    self.goal = goal;
                    self.open_set_play = false;
                    return;
                } else {
                    self.end_play();
                    (self.write)(",\"duplex\":[");
                }
                self.goal = goal;
                self.roots = 0;
                self.open_set_play = false;
            }
            Event::Line { moves, set_play } => self.line(&moves, set_play),
            Event::Tree { node, .. } => self.tree(&node),
            // The remark after the key and the tries of `movenumbers` are
            // for people.
            Event::PostKey(_) | Event::Tried { .. } | Event::Gap | Event::End => {}
            Event::Incomplete(why) => {
                if let Some(twin) = &mut self.twin {
                    twin.incomplete = Some(why);
                }
            }
            Event::Notice(notice) => {
                let Some(twin) = &mut self.twin else { return };
                twin.notice = Some(match notice {
                    Notice::IntelligentRestricted { .. } => "intelligent-restricted",
                    Notice::StopOnShortSolutionsInDirectPlay => {
                        "stoponshortsolutions-not-in-direct-play"
                    }
                    Notice::KingCapturable => "king-capturable",
                    Notice::SetPlayOnly => "king-capturable-set-play-only",
                    Notice::SetPlayNotApplicable => "setplay-not-applicable",
                    Notice::MoveNumbersIncompatible => "movenumbers-incompatible",
                });
            }
        }
    }
}

impl<W: FnMut(&str) + Send> ProblemSink for JsonWriter<W> {
    fn twin(&mut self, instance: &TwinInstance) {
        self.end_twin();
        let head = json!({
            "label": popeye::twin_label(instance.index),
            "continued": instance.twin.as_ref().is_some_and(|t| t.continued),
            "twinning": twin_commands_text(self.lang, instance).trim_end(),
            "stipulation": instance.problem.stipulation.value,
            "condition": condition_words(&instance.problem),
        });
        let comma = if self.twins > 0 { "," } else { "" };
        (self.write)(&format!("{comma}{},", open_object(&head)));
        self.twins += 1;
        self.twin = Some(OpenTwin {
            rules: instance.problem.rules,
            started: Instant::now(),
            plays: 0,
            joined: crate::solve::join::is_joined(&instance.problem),
            error: None,
            incomplete: None,
            notice: None,
        });
    }

    fn twin_failed(&mut self, error: &SolveError) {
        if let Some(twin) = &mut self.twin {
            twin.error = Some(error.to_string());
        }
    }
}

/// An object's text without its closing brace, for more keys to follow.
fn open_object(value: &Value) -> String {
    let mut text = value.to_string();
    text.pop();
    text
}

/// A move's keys but its children (docs/json.md).
fn move_value(p: &Played, number: MoveNumber, rules: &Rules, a: Alphabet, goal: Goal) -> Value {
    let mv = &p.mv;
    let unit = |u: Piece| format!("{}{}", a.unit_color(u), a.piece(u.kind));
    let mut rebirths = Vec::new();
    let mut emergences = Vec::new();
    let mut removals = Vec::new();
    let mut pending = None;
    let mut transfer = None;
    let mut hurdle = None;
    let mut partner = None;
    let mut colour_changes = Vec::new();
    let mut changes = Vec::new();
    let mut side_change = None;
    let mut kings_swapped = None;
    for e in &mv.effects {
        let details = |how: Rebirth, u: Piece| {
            json!({
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
                let mut r = json!({
                    "unit": unit(u), "was": a.piece(was),
                    "whose": if how.has(Rebirth::DELAYED) { "earlier-capturer" } else { "capturer" },
                    "from": from.to_string(), "to": to.to_string(),
                });
                merge(&mut r, details(how, u));
                rebirths.push(r);
            }
            Effect::CapturedReborn { on, unit: u, how } => {
                let delayed = how.has(Rebirth::DELAYED);
                let mut r = json!({
                    "unit": unit(u),
                    "whose": if delayed { "earlier-captured" } else { "captured" },
                    "from": if delayed { None } else { Some(mv.capture_square.to_string()) },
                    "to": on.to_string(),
                });
                merge(&mut r, details(how, u));
                rebirths.push(r);
            }
            Effect::Emerges { on, unit: u } => {
                emergences.push(json!({"unit": unit(u), "square": on.to_string()}))
            }
            Effect::Removed { on, unit: u }
            | Effect::CapturerRemoved { on, unit: u }
            | Effect::TakenAlong { on, unit: u } => {
                removals.push(json!({"unit": unit(u), "square": on.to_string()}))
            }
            Effect::ColourChange { on, unit: u } | Effect::Recoloured { on, unit: u } => {
                colour_changes.push(json!({"unit": unit(u), "square": on.to_string()}))
            }
            Effect::Turned {
                band,
                squares,
                white,
            } => {
                // The units as the move leaves them.
                let after = p.before.play(mv);
                for (on, _) in crate::moves::turned_units(band, squares, white) {
                    if let Some(u) = after.piece_at(on) {
                        colour_changes.push(json!({"unit": unit(u), "square": on.to_string()}))
                    }
                }
            }
            Effect::KingsSwapped { white, black, .. } => {
                kings_swapped =
                    Some(json!({"white": white.to_string(), "black": black.to_string()}))
            }
            Effect::SideChange { on, to } => {
                side_change = Some(json!({
                    "square": on.to_string(),
                    "to": match to {
                        None => "neutral",
                        Some(Color::White) => "white",
                        Some(Color::Black) => "black",
                    },
                }))
            }
            Effect::Pending { on, unit: u, kind } => {
                pending = Some(json!({
                    "unit": unit(u), "square": on.to_string(),
                    "until": if kind == PendingKind::UntilCapture { "next-capture" } else { "next-move" },
                }))
            }
            Effect::Transfer {
                from,
                to,
                unit: u,
                was,
            } => {
                transfer = Some(json!({
                    "unit": unit(u), "was": a.piece(was),
                    "from": from.to_string(), "to": to.to_string(),
                }))
            }
            // The bul and dob attributes: the hurdle's move.
            Effect::HurdleMoved {
                from,
                to,
                unit: u,
                was,
            } => {
                hurdle = Some(json!({
                    "unit": unit(u), "was": a.piece(was),
                    "from": from.to_string(), "to": to.to_string(),
                }))
            }
            // Part 2, group M (second round): Make&Take's castling as a make.
            Effect::PartnerMove { from, to, unit: u } => {
                partner = Some(json!({
                    "unit": unit(u), "from": from.to_string(), "to": to.to_string(),
                }))
            }
            // A new walk: a king's (KobulKings), a unit's that took a captured walk (Snek).
            Effect::KingChange { on, unit: u, .. } | Effect::Rewalked { on, unit: u } => changes
                .push(json!({
                    "square": on.to_string(),
                    "unit": unit(u),
                    "change": "walk",
                })),
            // Part 2, group P: a unit's change of side, walk or attributes.
            Effect::Changed { on, unit: u, shown } => changes.push(json!({
                "square": on.to_string(),
                "unit": unit(u),
                "change": match shown {
                    crate::moves::Shown::Side
                    | crate::moves::Shown::SideApart
                    | crate::moves::Shown::Silent => "side",
                    crate::moves::Shown::Walk => "walk",
                    crate::moves::Shown::Attrs => "attributes",
                    crate::moves::Shown::Board => "board",
                },
            })),
            _ => {}
        }
    }
    let mut value = json!({
        "number": number.number,
        "side": if p.before.turn == Color::White { "white" } else { "black" },
        "popeye": crate::io::notation::popeye_move_with(
            &crate::output::solution::written(mv, rules),
            p.before.imitators,
            a,
        ),
        "circe": Notation::Circe(a).write_move(p, rules),
        "from": mv.from.to_string(),
        "to": mv.to.to_string(),
        "capture": mv.captured.map(|v| json!({
            "unit": unit(v),
            "square": mv.capture_square.to_string(),
        })),
        "rebirths": rebirths,
        "emergences": emergences,
        "removals": removals,
        "pending": pending,
        "promotion": mv.promotion.map(|k| a.piece(k).to_string()),
        "suffix": suffix(goal, p).trim(),
        "mark": match p.role {
            Role::Key => Some("key"),
            Role::Try => Some("try"),
            Role::Refutation | Role::Refutes => Some("refutation"),
            Role::Obliged => Some("obliged"),
            _ => None,
        },
        "remark": match p.remark {
            Remark::None => None,
            Remark::Threat(_) => Some("threat"),
            Remark::Zugzwang => Some("zugzwang"),
        },
    });
    // Only where the defender's pass of the threat removes units
    // (LostPieces), so that other moves keep their keys.
    if let Remark::Threat(pass) = p.remark {
        let removed: Vec<_> = pass
            .iter()
            .filter_map(|e| match *e {
                crate::moves::Effect::Removed { on, unit: u } => {
                    Some(json!({"unit": unit(u), "square": on.to_string()}))
                }
                _ => None,
            })
            .collect();
        if !removed.is_empty() {
            merge(&mut value, json!({ "threat_removals": removed }));
        }
    }
    // Only a move that has one (Wormholes) carries the key.
    if let Some(p) = partner {
        value["partner"] = p;
    }
    if let Some(t) = transfer {
        value["transfer"] = t;
    }
    if let Some(h) = hurdle {
        value["hurdle_move"] = h;
    }
    if let Some(k) = kings_swapped {
        merge(&mut value, json!({ "kings_swapped": k }));
    }
    if !colour_changes.is_empty() {
        merge(&mut value, json!({ "colour_changes": colour_changes }));
    }
    // Only where a unit changed (docs/json.md), so that other moves keep
    // their keys.
    if !changes.is_empty() {
        merge(&mut value, json!({ "changes": changes }));
    }
    // Only where a half-neutral unit changed side (the attribute).
    if let Some(change) = side_change {
        merge(&mut value, json!({ "side_change": change }));
    }
    value
}

/// Adds the keys of `extra` (an object) to `value` (an object).
fn merge(value: &mut Value, extra: Value) {
    if let (Some(v), Value::Object(e)) = (value.as_object_mut(), extra) {
        v.extend(e);
    }
}
