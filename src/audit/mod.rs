//! Is the problem sound? A verdict on each problem from what the search
//! finds, in the terms a problemist judges by: sound, cooked, no solution,
//! short solution, duals, incomplete (docs/audit.md words them).
//!
//! [`Auditor`] listens to a search as a sink (alone, or beside a writer it
//! passes everything on to) and keeps only what a verdict needs: the
//! counts, and a few moves of each flaw to name them. A problem with a
//! million solutions takes no more memory than one with a single one.
//!
//! The conventions, per play (a twin, a duplex half):
//! - play with defence (`#n`, `=n`, `s#n`, `r#n`): the keys against the
//!   intended number (one unless stated); a key that reaches the goal in
//!   fewer moves is a short solution; after a defence, a second
//!   continuation of the attacker is a dual (tries and set play are not
//!   judged, nor a double threat);
//! - help and series play: the complete lines against the intended number
//!   ([`intention::Intention`], one per play unless stated); when there are
//!   more, a node with more alternatives than intended is a cook at the
//!   first move and a dual after it; a line shorter than the stipulation
//!   is a short solution;
//! - a play cut short (a time-out, Ctrl-C, `maxsolutions`, `maxtime`)
//!   proves no absence: it cannot be "no solution" or "too few", only
//!   incomplete, but the cooks, duals and short solutions it found stand.

pub mod intention;

use crate::board::Square;
use crate::io::notation::Alphabet;
use crate::problem::Problem;
use crate::rules::Rules;
use crate::solve::{
    full_line, Event, Incompleteness, Node, Notice, Played, ProblemSink, Role, Sink, SolveError,
    TwinSolution,
};
use crate::stipulation::{Goal, Play, Stipulation};
use crate::twin::TwinInstance;
use intention::{author_first_moves, AuthorMove, Intention};

/// The solutions or moves a finding lists at most (its count says how many
/// there are).
pub const LISTED: usize = 8;

/// What a problem is, as a tester's report counts it; the worse first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// No solution, fewer solutions than intended, or the author's solution
    /// fails.
    Unsound,
    Cooked,
    ShortSolution,
    Dual,
    /// The solver could not take the problem (bad input, a refusal).
    Error,
    /// Not fully searched: the absence of cooks is not proved.
    Incomplete,
    Sound,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::Unsound => "unsound",
            Class::Cooked => "cooked",
            Class::ShortSolution => "short-solution",
            Class::Dual => "dual",
            Class::Error => "error",
            Class::Incomplete => "incomplete",
            Class::Sound => "sound",
        }
    }
}

/// The length of a line: moves of play with defence and series play,
/// half-moves of help play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Length {
    Moves(u32),
    HalfMoves(u32),
}

/// Why a play was not searched to the end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Unsearched {
    /// The problem's time ran out here, after this many seconds; where
    /// the search stood when known ([`crate::batch::SearchProgress`]: the
    /// length searched, the first moves done of all).
    TimedOut {
        seconds: f64,
        at: Option<crate::batch::SearchProgress>,
    },
    /// Ctrl-C.
    Interrupted,
    /// A time-out or stop in an earlier twin: this one was never searched.
    NotReached,
    /// `maxsolutions` stopped the play.
    MaxSolutions,
    /// `maxtime` stopped the play.
    MaxTime,
}

/// One thing a verdict says.
#[derive(Clone, Debug, PartialEq)]
pub enum Finding {
    NoSolution,
    /// Fewer solutions (keys) than intended.
    TooFew {
        found: usize,
        intended: usize,
    },
    /// More solutions (keys) than intended: the solutions found (a key is
    /// a line of one move), at most [`LISTED`].
    Cooked {
        found: usize,
        intended: usize,
        solutions: Vec<Vec<Played>>,
    },
    /// Solutions shorter than the stipulation: how many, the shortest
    /// length, some of them.
    Short {
        count: usize,
        length: Length,
        solutions: Vec<Vec<Played>>,
    },
    /// After the moves of `after`, more continuations than intended: some
    /// of them and how many. `line`: in help and series play one complete
    /// line through them (for its move numbers); empty in play with
    /// defence, whose moves are numbered from the key.
    Dual {
        after: Vec<Played>,
        moves: Vec<Played>,
        count: usize,
        line: Vec<Played>,
    },
    Incomplete(Unsearched),
    /// Nothing was solved, for the reason Popeye gives.
    NotSolved(Notice),
    /// The twin could not be solved: `file:line: message`.
    Error(String),
    /// A first move of the author's solution that solves nothing.
    AuthorMoveFails(AuthorMove),
}

impl Finding {
    pub fn class(&self) -> Class {
        match self {
            Finding::NoSolution | Finding::TooFew { .. } | Finding::AuthorMoveFails(_) => {
                Class::Unsound
            }
            Finding::Cooked { .. } => Class::Cooked,
            Finding::Short { .. } => Class::ShortSolution,
            Finding::Dual { .. } => Class::Dual,
            Finding::Incomplete(_) => Class::Incomplete,
            // Popeye solves nothing (a king that can be taken): not tested.
            Finding::Error(_) | Finding::NotSolved(_) => Class::Error,
        }
    }
}

/// One play of a twin: the diagram's, or the second half of `duplex`.
#[derive(Clone, Debug, PartialEq)]
pub struct PartVerdict {
    /// The second half of `duplex`.
    pub duplex: bool,
    /// The goal of the play (for the signs of its moves).
    pub goal: Goal,
    /// Keys (play with defence) or complete lines found, and intended.
    pub found: usize,
    pub intended: usize,
    /// Whether the problem states its intention (else one is assumed).
    pub stated: bool,
    /// Searched to the end.
    pub complete: bool,
    pub findings: Vec<Finding>,
}

/// One twin (the diagram itself when there are none).
#[derive(Clone, Debug, PartialEq)]
pub struct TwinVerdict {
    /// 0 for `a)`.
    pub index: usize,
    /// Whether the problem has twins.
    pub labelled: bool,
    /// The twin's stipulation as written.
    pub stipulation: String,
    /// The twin's rules, to write its moves.
    pub rules: Rules,
    pub parts: Vec<PartVerdict>,
    /// What concerns the twin as a whole: an error, a time-out, a notice.
    pub findings: Vec<Finding>,
}

/// The verdict on a problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub twins: Vec<TwinVerdict>,
    /// What concerns the whole problem (the author's solution).
    pub findings: Vec<Finding>,
}

impl Verdict {
    /// Every finding, the twins' and their parts' first.
    pub fn all_findings(&self) -> impl Iterator<Item = &Finding> {
        self.twins
            .iter()
            .flat_map(|t| {
                t.parts
                    .iter()
                    .flat_map(|p| p.findings.iter())
                    .chain(t.findings.iter())
            })
            .chain(self.findings.iter())
    }

    /// The class a tester's report counts the problem in: its worst proved
    /// flaw; else an error or an incomplete search; else sound.
    pub fn class(&self) -> Class {
        self.all_findings()
            .map(Finding::class)
            .min()
            .unwrap_or(Class::Sound)
    }

    pub fn is_sound(&self) -> bool {
        self.class() == Class::Sound
    }
}

/// The state of the play being searched.
struct OpenPlay {
    part: PartVerdict,
    ended: bool,
    cut: Option<Incompleteness>,
    exact: bool,
    /// Play with defence: the moves of the stipulation.
    moves: u32,
    /// Help and series play: the role counted and how many a complete line
    /// holds.
    full: Option<(Role, u32)>,
    help_self: bool,
    /// Complete lines kept to list, the last one, and per depth of it the
    /// alternatives seen below the moves before.
    listed: Vec<Vec<Played>>,
    last: Vec<Played>,
    siblings: Vec<Siblings>,
    /// Nodes below the first move with more alternatives than intended,
    /// as [`Finding::Dual`]s.
    branches: Vec<Finding>,
    keys: Vec<Vec<Played>>,
    shorts: Vec<Vec<Played>>,
    short_count: usize,
    shortest: Option<Length>,
    duals: Vec<Finding>,
}

/// The alternatives at one depth below the same moves: how many, some of
/// them, and the first complete line through them.
struct Siblings {
    count: usize,
    some: Vec<Played>,
    line: Vec<Played>,
}

/// A sink that judges what a search reports, passing it on to `inner`.
pub struct Auditor<'a> {
    inner: Option<&'a mut dyn ProblemSink>,
    intention: Intention,
    stated: bool,
    twins: Vec<TwinVerdict>,
    open: Option<OpenPlay>,
    /// What the current twin's stipulation says: exact, moves, full line,
    /// help-self.
    stip: Option<Stipulation>,
    full: Option<(Role, u32)>,
    /// The first moves found: the keys, the lines' first moves (for the
    /// author's solution).
    first_moves: Vec<(String, Square)>,
}

impl<'a> Auditor<'a> {
    /// An auditor of `problem` that passes what it hears to `inner`. The
    /// intention is the problem's (`meta.intended`, one solution per play
    /// when none is stated; one that cannot be read counts as none, the
    /// readers refuse it first).
    pub fn new(problem: &Problem, inner: Option<&'a mut dyn ProblemSink>) -> Auditor<'a> {
        let stated = problem
            .meta
            .intended
            .as_deref()
            .and_then(|t| Intention::parse(t).ok());
        Auditor {
            inner,
            stated: stated.is_some(),
            intention: stated.unwrap_or_default(),
            twins: Vec::new(),
            open: None,
            stip: None,
            full: None,
            first_moves: Vec::new(),
        }
    }

    fn begin(&mut self, goal: Goal) {
        self.close();
        let Some(twin) = self.twins.last() else {
            return;
        };
        let stip = self.stip.clone();
        let (exact, moves, help_self) = stip.as_ref().map_or((false, 0, false), |s| {
            (
                s.exact,
                s.moves,
                matches!(s.play, Play::HelpSelf | Play::HelpReflex),
            )
        });
        self.open = Some(OpenPlay {
            part: PartVerdict {
                duplex: !twin.parts.is_empty(),
                goal,
                found: 0,
                intended: 0,
                stated: self.stated,
                complete: false,
                findings: Vec::new(),
            },
            ended: false,
            cut: None,
            exact,
            moves,
            full: self.full,
            help_self,
            listed: Vec::new(),
            last: Vec::new(),
            siblings: Vec::new(),
            branches: Vec::new(),
            keys: Vec::new(),
            shorts: Vec::new(),
            short_count: 0,
            shortest: None,
            duals: Vec::new(),
        });
    }

    fn note_first_move(&mut self, played: &Played) {
        let Some(first) = first_move_of(played) else {
            return;
        };
        if !self.first_moves.contains(&first) {
            self.first_moves.push(first);
        }
    }

    fn line(&mut self, moves: Vec<Played>) {
        if let Some(first) = moves.first() {
            self.note_first_move(first);
        }
        let intention = self.intention.clone();
        let Some(play) = &mut self.open else { return };
        let Some((role, full)) = play.full else {
            return;
        };
        let counted = moves.iter().filter(|p| p.role == role).count() as u32;
        if !play.exact && counted < full {
            let length = if role == Role::Series {
                Length::Moves(counted)
            } else {
                Length::HalfMoves(counted + u32::from(play.help_self))
            };
            play.short(moves, length);
            return;
        }
        play.part.found += 1;
        if play.listed.len() < LISTED {
            play.listed.push(moves.clone());
        }
        let opened = |line: &Vec<Played>, m: &Played| Siblings {
            count: 1,
            some: vec![m.clone()],
            line: line.clone(),
        };
        if play.last.is_empty() {
            play.siblings = moves.iter().map(|m| opened(&moves, m)).collect();
            play.last = moves;
            return;
        }
        let common = moves
            .iter()
            .zip(&play.last)
            .take_while(|(a, b)| a == b)
            .count()
            .min(moves.len().saturating_sub(1));
        for depth in (common + 1..play.siblings.len()).rev() {
            play.close_siblings(depth, &intention);
        }
        play.siblings.truncate(common + 1);
        if let Some(s) = play.siblings.get_mut(common) {
            s.count += 1;
            if s.some.len() < LISTED {
                s.some.push(moves[common].clone());
            }
        }
        play.siblings
            .extend(moves[common + 1..].iter().map(|m| opened(&moves, m)));
        play.last = moves;
    }

    fn tree(&mut self, node: Node) {
        if node.played.role != Role::Key {
            return;
        }
        self.note_first_move(&node.played);
        let Some(play) = &mut self.open else { return };
        play.part.found += 1;
        if play.keys.len() < LISTED {
            play.keys.push(vec![node.played.clone()]);
        }
        let depth = attacker_depth(&node);
        if !play.exact && depth < play.moves {
            play.short(vec![node.played.clone()], Length::Moves(depth));
        }
        let mut path = Vec::new();
        duals(&node, &mut path, &mut play.duals);
    }

    /// Ends the play being searched and judges it.
    fn close(&mut self) {
        let Some(play) = self.open.take() else {
            return;
        };
        let part = play.judge(&self.intention);
        if let Some(twin) = self.twins.last_mut() {
            twin.parts.push(part);
        }
    }

    /// The verdict, once the search is over: `twins` as the solver returned
    /// them (their errors and time-outs), `stopped` whether the batch was
    /// stopped (a cancelled search is then an interruption).
    pub fn finish(mut self, problem: &Problem, twins: &[TwinSolution], stopped: bool) -> Verdict {
        self.close();
        let mut elapsed = 0.0;
        let mut cut = false;
        for (verdict, twin) in self.twins.iter_mut().zip(twins) {
            elapsed += twin.seconds;
            match &twin.result {
                Ok(_) => {}
                Err(SolveError::Cancelled) => {
                    let why = if cut {
                        Unsearched::NotReached
                    } else if stopped {
                        Unsearched::Interrupted
                    } else {
                        Unsearched::TimedOut {
                            seconds: elapsed,
                            at: None,
                        }
                    };
                    cut = true;
                    verdict.findings.push(Finding::Incomplete(why));
                }
                Err(e) => verdict
                    .findings
                    .push(Finding::Error(crate::batch::solve_error_message(
                        problem, e,
                    ))),
            }
        }
        let mut findings = Vec::new();
        let searched = self.twins.iter().all(|t| {
            t.findings.is_empty() && !t.parts.is_empty() && t.parts.iter().all(|p| p.complete)
        });
        if let (Some(text), true) = (&problem.meta.solution_text, searched) {
            for m in author_first_moves(text) {
                if !self.first_moves.contains(&(m.code.clone(), m.to)) {
                    findings.push(Finding::AuthorMoveFails(m));
                }
            }
        }
        Verdict {
            twins: self.twins,
            findings,
        }
    }
}

/// The code in English (empty for a pawn) and the arrival of a first
/// move, to meet the author's; `None` for castling.
fn first_move_of(played: &Played) -> Option<(String, Square)> {
    if played.mv.is_castling() {
        return None;
    }
    let code = Alphabet::English.piece(played.mv.piece.kind);
    let code = if code == "P" { "" } else { code };
    Some((code.to_string(), played.mv.to))
}

impl OpenPlay {
    fn short(&mut self, moves: Vec<Played>, length: Length) {
        self.short_count += 1;
        if self.shorts.len() < LISTED {
            self.shorts.push(moves);
        }
        let shorter = |a: Length, b: Length| match (a, b) {
            (Length::Moves(a), Length::Moves(b)) | (Length::HalfMoves(a), Length::HalfMoves(b)) => {
                a < b
            }
            _ => false,
        };
        if self.shortest.is_none_or(|s| shorter(length, s)) {
            self.shortest = Some(length);
        }
    }

    /// The alternatives at `depth` of the last line are all seen: keeps
    /// them when there are more than intended.
    fn close_siblings(&mut self, depth: usize, intention: &Intention) {
        let Some(s) = self.siblings.get(depth) else {
            return;
        };
        // The first moves are judged once the play is over (a cook).
        if depth > 0 && s.count > intention.at(depth) as usize && self.branches.len() < LISTED {
            let dual = Finding::Dual {
                after: self.last[..depth].to_vec(),
                moves: s.some.clone(),
                count: s.count,
                line: s.line.clone(),
            };
            self.branches.push(dual);
        }
    }

    fn judge(mut self, intention: &Intention) -> PartVerdict {
        let complete = self.ended && self.cut.is_none();
        let mut part = std::mem::take(&mut self.part.findings);
        let lines = self.full.is_some();
        let intended = if lines {
            intention.solutions()
        } else {
            intention.first_moves()
        };
        let found = self.part.found;
        if lines {
            for depth in (0..self.siblings.len()).rev() {
                self.close_siblings(depth, intention);
            }
        }
        if found > intended {
            let cooked = |solutions| Finding::Cooked {
                found,
                intended,
                solutions,
            };
            if !lines {
                part.push(cooked(std::mem::take(&mut self.keys)));
            } else {
                let first = self
                    .siblings
                    .first()
                    .is_some_and(|s| s.count > intention.first_moves());
                if first || self.branches.is_empty() {
                    part.push(cooked(std::mem::take(&mut self.listed)));
                }
                part.append(&mut self.branches);
            }
        } else if complete && found == 0 && self.short_count == 0 {
            part.push(Finding::NoSolution);
        } else if complete && found < intended && found > 0 {
            part.push(Finding::TooFew { found, intended });
        }
        if let Some(length) = self.shortest {
            part.push(Finding::Short {
                count: self.short_count,
                length,
                solutions: self.shorts,
            });
        }
        part.extend(self.duals);
        match self.cut {
            Some(Incompleteness::Partial) => {
                part.push(Finding::Incomplete(Unsearched::MaxSolutions))
            }
            Some(Incompleteness::Interrupted) => {
                part.push(Finding::Incomplete(Unsearched::MaxTime))
            }
            None => {}
        }
        PartVerdict {
            intended,
            complete,
            findings: part,
            ..self.part
        }
    }
}

/// The attacker's moves on the longest line of a key's tree: the length
/// in which the key forces the goal (its threat and every defence shown).
fn attacker_depth(node: &Node) -> u32 {
    let own = u32::from(matches!(
        node.played.role,
        Role::Key | Role::Attack | Role::Threat | Role::Try
    ));
    own + node.children.iter().map(attacker_depth).max().unwrap_or(0)
}

/// The defences below `node` met by more than one continuation.
fn duals(node: &Node, path: &mut Vec<Played>, out: &mut Vec<Finding>) {
    path.push(node.played.clone());
    if node.played.role == Role::Defence {
        let answers: Vec<&Node> = node
            .children
            .iter()
            .filter(|c| c.played.role == Role::Attack)
            .collect();
        if answers.len() > 1 && out.len() < LISTED {
            out.push(Finding::Dual {
                after: path.clone(),
                moves: answers
                    .iter()
                    .take(LISTED)
                    .map(|c| c.played.clone())
                    .collect(),
                count: answers.len(),
                line: Vec::new(),
            });
        }
    }
    for child in &node.children {
        duals(child, path, out);
    }
    path.pop();
}

impl Sink for Auditor<'_> {
    fn event(&mut self, event: Event) {
        match &event {
            Event::Begin { goal, .. } => self.begin(*goal),
            // Black's own goal moves in reci-h complete the help lines
            // already counted.
            Event::Line {
                moves,
                set_play: false,
            } if event.solutions() == 1 => self.line(moves.clone()),
            Event::Tree {
                node,
                set_play: false,
            } => self.tree(node.clone()),
            Event::Incomplete(why) => {
                if let Some(play) = &mut self.open {
                    play.cut = Some(*why);
                }
            }
            Event::Notice(notice) if !notice.solved() => {
                if let Some(twin) = self.twins.last_mut() {
                    twin.findings.push(Finding::NotSolved(*notice));
                }
            }
            Event::End => {
                if let Some(play) = &mut self.open {
                    play.ended = true;
                }
                self.close();
            }
            _ => {}
        }
        if let Some(inner) = &mut self.inner {
            inner.event(event);
        }
    }
}

impl ProblemSink for Auditor<'_> {
    fn twin(&mut self, instance: &TwinInstance) {
        self.close();
        let p = &instance.problem;
        self.stip = Stipulation::parse(&p.stipulation.value).ok();
        self.full = self.stip.as_ref().and_then(|s| full_line(p, s));
        self.twins.push(TwinVerdict {
            index: instance.index,
            labelled: instance.labelled,
            stipulation: p.stipulation.value.clone(),
            rules: p.rules,
            parts: Vec::new(),
            findings: Vec::new(),
        });
        if let Some(inner) = &mut self.inner {
            inner.twin(instance);
        }
    }

    fn twin_failed(&mut self, error: &SolveError) {
        self.close();
        if let Some(inner) = &mut self.inner {
            inner.twin_failed(error);
        }
    }
}

/// The problem as the audit solves it: play with defence with
/// `variation`, so that every defence is shown and duals and short
/// solutions can be seen, and without `noshortvariations`, which hides
/// some. (Decided on the diagram's stipulation: a twin that turns it into
/// help play keeps the option, which the solver refuses there.)
pub fn audited(problem: &Problem) -> Problem {
    use crate::problem::{ProblemOption, Spanned};
    let battle = Stipulation::parse(&problem.stipulation.value).is_ok_and(|s| {
        !s.series
            && matches!(
                s.play,
                Play::Direct | Play::SelfPlay | Play::Reflex | Play::SemiReflex
            )
    });
    let mut p = problem.clone();
    if !battle {
        return p;
    }
    p.options
        .retain(|o| o.value != ProblemOption::NoShortVariations);
    if !p.has_option(|o| *o == ProblemOption::Variation) {
        p.options.push(Spanned {
            value: ProblemOption::Variation,
            line: problem.source.line,
        });
    }
    p
}

/// Solves `problem` ([`audited`]) and judges it; `cancel` stops it,
/// `stopped` tells an interruption from a time-out.
pub fn audit(
    problem: &Problem,
    cancel: &crate::solve::Cancel,
    stopped: &dyn Fn() -> bool,
) -> Verdict {
    let audited = audited(problem);
    let mut auditor = Auditor::new(&audited, None);
    let twins = crate::solve::solve_problem_into(&audited, cancel, &mut auditor);
    let mut verdict = auditor.finish(&audited, &twins, stopped());
    // Where the search stood when the time ran out.
    let p = cancel.progress();
    let load = |a: &std::sync::atomic::AtomicU32| a.load(std::sync::atomic::Ordering::Relaxed);
    let progress = crate::batch::SearchProgress {
        length: load(&p.length),
        done: load(&p.done),
        total: load(&p.total),
    };
    for twin in &mut verdict.twins {
        for f in &mut twin.findings {
            if let Finding::Incomplete(Unsearched::TimedOut { at, .. }) = f {
                *at = Some(progress).filter(|p| p.total > 0);
            }
        }
    }
    verdict
}

#[cfg(test)]
mod tests;
