//! Writing a solution: Popeye's text, the Circe notation for people
//! (JSON: [`json`](super::json)).
//!
//! The search says what each move is (a help move, a key, a threat...);
//! this module decides how it looks: move numbers, the goal's sign or ` +`,
//! the marks (` !`, ` ?`), Popeye's indentation, the words (`threat:`,
//! `but`), the blank lines around set play. It writes each event of a
//! search as it comes ([`SolutionWriter`]), so a long solve shows its first
//! solutions at once.

use crate::io::language::{word, Word};
use crate::io::notation::{circe_move, disambiguation, popeye_move_with, Alphabet};
use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::problem::Language;
use crate::solve::play::{Event, Layout, Node, Notice, Played, Remark, Role, Solution};
use crate::stipulation::Goal;
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
    pub fn write_move(self, played: &Played, rules: &crate::rules::Rules) -> String {
        let mut text = self.write_motion(played, rules);
        if played.before.allowance.limited() {
            text.push_str(&allowance_left(played));
        }
        text
    }

    /// What follows `threat:`: the units the defender's pass removes.
    pub fn write_pass(self, effects: &crate::moves::Effects) -> String {
        match self {
            Notation::Popeye(a) => crate::io::notation::removed_units(effects, a, true),
            Notation::Circe(a) => crate::io::notation::removed_units(effects, a, false),
        }
    }

    fn write_motion(self, played: &Played, rules: &crate::rules::Rules) -> String {
        match self {
            Notation::Popeye(a) => {
                popeye_move_with(&written(&played.mv, rules), played.before.imitators, a)
            }
            Notation::Circe(a) => {
                // Only a second unit of the mover's kind can make the move
                // ambiguous: otherwise the legal moves need not be known.
                let mut legal = Vec::new();
                if played.before.by_kind(played.mv.piece.kind).count() > 1 {
                    legal_moves(&played.before, rules, &mut legal);
                }
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

/// `mv` as Popeye writes it: without the attributes a condition gives
/// every unit (Volage's).
pub fn written(mv: &Move, rules: &crate::rules::Rules) -> Move {
    let hidden = crate::rules::conditions::unwritten_attrs(rules);
    if hidden.is_empty() {
        *mv
    } else {
        mv.without_attrs(hidden)
    }
}

/// BGL: what is left to travel after the move, when the mover has a
/// limit: ` (2/4)` (White's, Black's), ` (2)` for an allowance both share.
fn allowance_left(played: &Played) -> String {
    use crate::vocabulary::conditions::distance_text;
    let mover = played.before.turn;
    if played.before.allowance.left(mover).is_none() {
        return String::new();
    }
    let after = played.before.play(&played.mv).allowance;
    let [w, b] = [crate::board::Color::White, crate::board::Color::Black]
        .map(|c| distance_text(after.left(c).map(i64::from)));
    if after.shared {
        format!(" ({w})")
    } else {
        format!(" ({w}/{b})")
    }
}

/// A move number as printed: `3.` or, for a move of the side that does not
/// begin, `3...`; 0 for none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNumber {
    pub number: u32,
    pub ellipsis: bool,
}

impl MoveNumber {
    const NONE: MoveNumber = MoveNumber {
        number: 0,
        ellipsis: false,
    };

    fn text(self) -> String {
        if self.ellipsis {
            format!("{}...", self.number)
        } else {
            format!("{}.", self.number)
        }
    }

    /// The number of the move `halves` half-moves after a first move of
    /// the side that begins.
    pub(crate) fn of_half_move(halves: u32) -> MoveNumber {
        MoveNumber {
            number: halves / 2 + 1,
            ellipsis: halves % 2 == 1,
        }
    }
}

/// Whether a line of set play in help play stands for the play with a
/// half-move left out before it that no `1...` covers (help play of n.5
/// moves: its set play is even): Popeye then keeps the play's numbers and
/// writes the missing move as `...` (`1...  ...  2.Ka8-b8 Rh2-h8 #`).
pub fn skips_a_move(line: &[Played], set_play: bool) -> bool {
    set_play
        && line.first().is_some_and(|p| p.role == Role::Help)
        && (line.len() + usize::from(ends_half_a_move_short(line))).is_multiple_of(2)
}

/// Whether the line ends on Black's own goal in `reci-h`: half a move
/// short of the pairs it is numbered by.
fn ends_half_a_move_short(line: &[Played]) -> bool {
    line.last().is_some_and(|p| p.own_goal.is_some())
}

/// [`line_numbers`] of a line of set play or play.
pub fn play_line_numbers(line: &[Played], set_play: bool) -> Vec<MoveNumber> {
    if !skips_a_move(line, set_play) {
        return line_numbers(line);
    }
    (0..line.len() as u32)
        .map(|i| {
            if i.is_multiple_of(2) {
                MoveNumber {
                    number: i / 2 + 2,
                    ellipsis: false,
                }
            } else {
                MoveNumber::NONE
            }
        })
        .collect()
}

/// The numbers Popeye prints in a line of help or series play.
/// - An intro's moves count 1, 2, ...; the play after it counts its own
///   side's moves from 1 again.
/// - Help play counts pairs so that the last pair ends the line: a line of
///   odd length starts `1...` (the forced move of hs#n.5 alone too), later
///   second moves of a pair have none.
/// - Series play counts the series side's moves; the other side's moves
///   share the last number (a forced move of the series side after them
///   takes the next).
pub fn line_numbers(line: &[Played]) -> Vec<MoveNumber> {
    let intro = line.iter().take_while(|p| p.role == Role::Intro).count();
    let mut numbers: Vec<MoveNumber> = (1..=intro as u32)
        .map(|number| MoveNumber {
            number,
            ellipsis: false,
        })
        .collect();
    let rest = &line[intro..];
    // A help-self line may be the forced move alone (hs#0.5).
    let help = intro == 0
        && rest.first().is_some_and(|p| {
            matches!(
                p.role,
                Role::Help | Role::Forced | Role::Proof | Role::Answer
            )
        });
    if help {
        // A proof game counts from White's first move, whatever its length.
        // A reci-h line that ends on Black's own goal is half a move short
        // of its pairs.
        let short = ends_half_a_move_short(rest);
        let offset = match rest[0].role {
            Role::Proof => 0,
            Role::Answer => 1,
            _ => (rest.len() + usize::from(short)) % 2,
        };
        numbers.extend(rest.iter().enumerate().map(|(i, _)| {
            let k = i + offset;
            if k.is_multiple_of(2) {
                MoveNumber {
                    number: k as u32 / 2 + 1,
                    ellipsis: false,
                }
            } else if i == 0 {
                MoveNumber {
                    number: 1,
                    ellipsis: true,
                }
            } else {
                MoveNumber::NONE
            }
        }));
    } else if let Some(first) = rest.first() {
        let side = first.before.turn;
        let mut next = 1;
        numbers.extend(rest.iter().map(|p| {
            if p.before.turn == side {
                next += 1;
                MoveNumber {
                    number: next - 1,
                    ellipsis: false,
                }
            } else {
                MoveNumber::NONE
            }
        }));
    }
    numbers
}

/// Where the first move of a tree stands, in half-moves after the key's
/// place: 0 for the attacker's first move, 1 for a defence (set play, or
/// after the key with `postkeyplay`), 2 for a threat after the key.
pub(crate) fn root_half_moves(role: Role) -> u32 {
    match role {
        Role::Defence | Role::Refutation | Role::Refutes => 1,
        Role::Threat => 2,
        _ => 0,
    }
}

/// The half-moves of a child after its parent's: one when the other side
/// answers, two when the same side moves again (a threat: the other side
/// passes).
pub(crate) fn child_half_moves(parent: &Played, child: &Played) -> u32 {
    if child.before.turn == parent.before.turn {
        2
    } else {
        1
    }
}

/// The suffix after a move: the goal's sign when it reaches the goal (a
/// check first where Popeye writes one, `+ x`), else ` +` for a check.
pub fn suffix(goal: Goal, played: &Played) -> std::borrow::Cow<'static, str> {
    let goal = played.own_goal.unwrap_or(goal);
    match goal {
        // `!G`: no sign of its own, a check's as after any move.
        Goal::Not(_) if played.goal => (if played.check { " +" } else { "" }).into(),
        // `G&H` in play with defence: each operand's sign in order, a
        // check written only as the goal `+` (Popeye gives the check to
        // the operands); a help line is written once per operand instead
        // (`SolutionWriter::write_line`).
        Goal::And(a, b) if played.goal => {
            let unchecked = Played {
                check: false,
                ..played.clone()
            };
            [*a, *b]
                .iter()
                .map(|g| match g {
                    Goal::Check => " +".into(),
                    g => suffix(*g, &unchecked),
                })
                .collect::<String>()
                .into()
        }
        _ => leaf_suffix(goal, played).into(),
    }
}

/// [`suffix`] of a goal that is no expression of goals.
fn leaf_suffix(goal: Goal, played: &Played) -> &'static str {
    if played.goal {
        let check = played.check;
        match goal {
            Goal::Mate => return " #",
            Goal::Stalemate => return " =",
            Goal::DoubleStalemate => return " ==",
            Goal::DoubleMate => return " ##",
            Goal::MateOrStalemate => return " #=",
            Goal::CounterMate => return " ##!",
            Goal::AutoStalemate => return " !=",
            Goal::AutoMate => return if check { " + !#" } else { " !#" },
            Goal::Chess81 => return if check { " + c81" } else { " c81" },
            Goal::ProofGame => return if check { " + dia" } else { " dia" },
            Goal::AToB => return if check { " + a=>b" } else { " a=>b" },
            Goal::Target(_) => return if check { " + z" } else { " z" },
            Goal::Capture => return if check { " + x" } else { " x" },
            Goal::WinPiece => return if check { " + %" } else { " %" },
            _ => {}
        }
    }
    if played.check {
        " +"
    } else {
        ""
    }
}

fn mark(played: &Played) -> &'static str {
    match played.role {
        Role::Key | Role::Refutation => " !",
        Role::Try => " ?",
        Role::Obliged => " ?!?",
        _ => "",
    }
}

/// Writes the events of one play as Popeye lays them out: in play with
/// defence a tree per first move (set play first, then each key or try,
/// each block followed by a blank line); in help and series play one line
/// per solution (set play first, a blank line before the rest).
pub struct SolutionWriter {
    notation: Notation,
    rules: crate::rules::Rules,
    lang: Language,
    goal: Goal,
    layout: Layout,
    numbered: bool,
    post_key: bool,
    /// `Event::Begin`'s `defence_first`.
    defence_first: bool,
    /// Set play was written and the blank line after it is still due.
    set_play_open: bool,
    /// Only the set play is solved (`Notice::SetPlayOnly`): no blank line
    /// after it, which Popeye writes before the play proper.
    set_play_only: bool,
    /// A line of the play proper was written.
    line_written: bool,
}

impl SolutionWriter {
    pub fn new(notation: Notation, rules: crate::rules::Rules, lang: Language) -> SolutionWriter {
        SolutionWriter {
            notation,
            rules,
            lang,
            goal: Goal::Mate,
            layout: Layout::Tree,
            numbered: false,
            post_key: false,
            defence_first: false,
            set_play_open: false,
            set_play_only: false,
            line_written: false,
        }
    }

    /// Appends what `event` shows to `out`.
    pub fn event(&mut self, out: &mut String, event: &Event) {
        match event {
            Event::Begin {
                goal,
                layout,
                numbered,
                set_play_searched,
                defence_first,
                ..
            } => {
                self.defence_first = *defence_first;
                self.goal = *goal;
                self.layout = *layout;
                self.numbered = *numbered;
                self.post_key = false;
                self.line_written = false;
                // Popeye closes help play's set play with a blank line even
                // when it has no line.
                self.set_play_open = *set_play_searched;
            }
            Event::Line { moves, set_play } => {
                if !set_play {
                    self.close_set_play(out, Layout::Lines);
                }
                self.set_play_open |= set_play;
                self.line_written |= !set_play;
                self.write_line(out, moves, *set_play);
            }
            Event::Tree { node, set_play } => {
                let root =
                    root_half_moves(node.played.role).saturating_sub(u32::from(self.defence_first));
                if *set_play {
                    self.set_play_open = true;
                    self.write_node(out, node, root);
                } else {
                    self.close_set_play(out, Layout::Tree);
                    self.write_node(out, node, root);
                    // A forced goal move is no key: no blank line closes it.
                    if !self.post_key && node.played.role != Role::Obliged {
                        out.push('\n');
                    }
                }
            }
            Event::PostKey(remark) => {
                self.post_key = true;
                let w = match remark {
                    Remark::Threat(pass) => Some((Word::Threat, self.notation.write_pass(pass))),
                    Remark::Zugzwang => Some((Word::Zugzwang, String::new())),
                    Remark::None => None,
                };
                if let Some((w, pass)) = w {
                    let _ = writeln!(out, " {}{pass}", word(self.lang, w));
                }
            }
            Event::Tried {
                played,
                number,
                deeper,
                seconds,
            } => {
                self.set_play_open = false;
                let path: String = deeper.iter().map(|n| format!(":{n}")).collect();
                let _ = writeln!(
                    out,
                    "{:3}{path}  ({}{}    {}{:.3} s)",
                    number,
                    self.notation.write_move(played, &self.rules),
                    if played.check { " +" } else { "" },
                    word(self.lang, Word::Time),
                    seconds
                );
            }
            Event::Notice(notice) => {
                let w = match notice {
                    Notice::IntelligentRestricted { .. } => Word::IntelligentRestricted,
                    Notice::StopOnShortSolutionsInDirectPlay => Word::NoStopOnShortSolutions,
                    Notice::SetPlayNotApplicable => Word::SetPlayNotApplicable,
                    Notice::MoveNumbersIncompatible => Word::MoveNumbersIncompatible,
                    // Popeye writes it on its error stream, not with the
                    // solution.
                    Notice::KingCapturable | Notice::SetPlayOnly
                        if matches!(self.notation, Notation::Popeye(_)) =>
                    {
                        self.set_play_only = *notice == Notice::SetPlayOnly;
                        return;
                    }
                    Notice::KingCapturable => Word::KingCapturable,
                    Notice::SetPlayOnly => {
                        self.set_play_only = true;
                        Word::SetPlayOnly
                    }
                };
                let _ = writeln!(out, "{}", word(self.lang, w));
            }
            // The footer says it (`ProblemWriter`).
            Event::Incomplete(_) => {}
            // Set play with no play proper after it is closed all the same.
            // The text format opens the play with the header's blank line,
            // not reci-h#1's own.
            Event::Gap if self.line_written || matches!(self.notation, Notation::Popeye(_)) => {
                out.push('\n')
            }
            Event::Gap => {}
            // Popeye writes no blank line after set play with nothing after
            // it.
            Event::End if self.set_play_only && matches!(self.notation, Notation::Popeye(_)) => {
                self.set_play_open = false
            }
            Event::End => self.close_set_play(out, self.layout),
        }
    }

    /// The blank line after set play: before the first line of the play
    /// proper, and after set play in a tree whatever follows; at the end
    /// when the play proper has no line (not when the first moves are
    /// numbered).
    fn close_set_play(&mut self, out: &mut String, applies_to: Layout) {
        if self.set_play_open && !self.numbered && self.layout == applies_to {
            out.push('\n');
        }
        self.set_play_open = false;
    }

    /// A help or series line; one that reaches a conjunction of goals
    /// `G&H` once per operand, each with its operand's sign, as Popeye
    /// solves the operands one after the other, each writing the line.
    fn write_line(&self, out: &mut String, line: &[Played], set_play: bool) {
        match self.goal {
            Goal::And(a, b) if line.last().is_some_and(|p| p.goal && p.own_goal.is_none()) => {
                self.write_line_for(out, line, set_play, *a);
                self.write_line_for(out, line, set_play, *b);
            }
            goal => self.write_line_for(out, line, set_play, goal),
        }
    }

    fn write_line_for(&self, out: &mut String, line: &[Played], set_play: bool, goal: Goal) {
        out.push_str("  ");
        if skips_a_move(line, set_play) {
            out.push_str("1...  ...  ");
        }
        for (i, (p, n)) in line
            .iter()
            .zip(play_line_numbers(line, set_play))
            .enumerate()
        {
            if n.number > 0 {
                if i > 0 {
                    // Popeye right-aligns move numbers in three places
                    // after a space: `   9.`, `  10.`, ` 100.`.
                    let digits = n.number.to_string().len();
                    out.push_str(&" ".repeat(1 + 3usize.saturating_sub(digits)));
                }
                out.push_str(&n.text());
            } else {
                out.push(' ');
            }
            out.push_str(&self.notation.write_move(p, &self.rules));
            out.push_str(&suffix(goal, p));
            out.push_str(mark(p));
        }
        out.push('\n');
    }

    /// A tree's node, `halves` half-moves after the key's place, then its
    /// threats, variations, and refutations after "but".
    fn write_node(&self, out: &mut String, node: &Node, halves: u32) {
        let p = &node.played;
        let n = MoveNumber::of_half_move(halves);
        let remark = match p.remark {
            Remark::None => String::new(),
            Remark::Threat(pass) => format!(
                " {}{}",
                word(self.lang, Word::Threat),
                self.notation.write_pass(&pass)
            ),
            Remark::Zugzwang => format!(" {}", word(self.lang, Word::Zugzwang)),
        };
        let indent = indent(n);
        let _ = writeln!(
            out,
            "{:indent$}{}{}{}{}{}",
            "",
            n.text(),
            self.notation.write_move(p, &self.rules),
            suffix(self.goal, p),
            mark(p),
            remark,
        );
        if p.role == Role::Refutes {
            // Numbered as a first move (`defence_first`), Popeye writes
            // it a column nearer.
            let shift = if halves.is_multiple_of(2) { 1 } else { 2 };
            let _ = writeln!(
                out,
                "{:indent$}{}",
                "",
                word(self.lang, Word::Refutes),
                indent = indent + shift
            );
        }
        let child = |c: &Node| halves + child_half_moves(p, &c.played);
        let children = &node.children;
        for c in children.iter().filter(|c| c.played.role == Role::Threat) {
            self.write_node(out, c, child(c));
        }
        for c in children
            .iter()
            .filter(|c| !matches!(c.played.role, Role::Threat | Role::Refutation))
        {
            self.write_node(out, c, child(c));
        }
        let mut refutations = children
            .iter()
            .filter(|c| c.played.role == Role::Refutation)
            .peekable();
        if refutations.peek().is_some() {
            let _ = writeln!(out, "    {}", word(self.lang, Word::But));
            for c in refutations {
                self.write_node(out, c, child(c));
            }
        }
    }
}

/// Popeye's indentation: a first move at 3; later attacker moves from 10,
/// defender moves from 6, eight more for each move number; a number of
/// two digits or more starts as many columns earlier as it has digits
/// beyond one, so that its dot keeps its column.
fn indent(n: MoveNumber) -> usize {
    let k = n.number.max(1) as usize;
    let wider = k.ilog10() as usize;
    match (n.ellipsis, k) {
        (true, _) => 6 + 8 * (k - 1) - wider,
        (false, 1) => 3,
        (false, _) => 10 + 8 * (k - 2) - wider,
    }
}

/// Writes a whole solution (see [`SolutionWriter`]).
pub fn write_tree(
    out: &mut String,
    solution: &Solution,
    notation: Notation,
    rules: &crate::rules::Rules,
    lang: Language,
) {
    let mut w = SolutionWriter::new(notation, *rules, lang);
    for e in solution.events() {
        w.event(out, &e);
    }
}
