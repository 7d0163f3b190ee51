//! What a solution says, free of any output format: each move with the
//! part it plays (a help move, a key, a threat, a refutation...), whether
//! it reaches the goal and whether it checks. Numbers, suffixes, marks and
//! the layout of set play are the writers' business (`output/solution`).
//!
//! A search reports what it finds as [`Event`]s, in the order Popeye prints
//! them, to a [`Sink`]: a writer that prints each at once, or a
//! [`Collector`] that keeps the whole [`Solution`].

use crate::board::Position;
use crate::moves::Move;
use crate::stipulation::Goal;

/// The part a move plays in a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Role {
    /// Help play: a move of either side, towards the goal together.
    Help,
    /// A help move numbered from White's first move: a proof game or
    /// `a=>b` (help play from another position than the diagram), and a
    /// help play whose structured stipulation numbers it so
    /// (`Stipulation::numbered_from_start`).
    Proof,
    /// A help move of a line written as the answer to a move of the other
    /// side: the first move is `1...` whatever the line's length (a
    /// structured help play inverted at its root, `white -4hh[#]`:
    /// Popeye's one move inversion; `Stipulation::numbered_as_answer`).
    Answer,
    /// Series play: a move of the side playing the series.
    Series,
    /// The other side's move that ends a series (the goal move of ser-h#
    /// and ser-r#, the help move of ser-hs#).
    Reply,
    /// A move the side to move cannot avoid: every move of it reaches the
    /// goal (the end of hs#, ser-s#, ser-hs#).
    Forced,
    /// A move of an intro (`n->`), the other side passing.
    Intro,
    /// Play with defence: the key (` !`).
    Key,
    /// A first move that fails to a few defences only (` ?`).
    Try,
    /// An attacker's move: the continuation after a defence.
    Attack,
    /// A reflex side's move to the goal it cannot avoid where that ends
    /// the play in its failure: a first move, or what follows a
    /// refutation (` ?!?`, Popeye's constraint mark).
    Obliged,
    /// The attacker's threat: what it would play if the defender passed.
    Threat,
    /// A defence: a variation, or a move of set play.
    Defence,
    /// A defence that refutes a try (listed after "but").
    Refutation,
    /// With `postkeyplay`: a defence that refutes the position after the
    /// key, listed among the variations.
    Refutes,
}

/// What is said after an attacker's move in play with defence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Remark {
    None,
    /// The defender, passing, would lose: the threats follow. The units
    /// the pass removes (LostPieces), written after the word.
    Threat(#[serde(skip)] crate::moves::Effects),
    /// The defender is in zugzwang: no threat.
    Zugzwang,
}

/// One move of a solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub mv: Move,
    /// The position the move is played in (a notation may need its other
    /// moves, to tell units apart).
    pub before: Position,
    pub role: Role,
    /// The move reaches the stipulation's goal (a goal reached too early
    /// under `exact-` too: Popeye shows its sign).
    pub goal: bool,
    /// The goal the move reaches when it is not the stipulation's: Black's
    /// own goal in `reci-h` (with `goal` set too).
    pub own_goal: Option<crate::stipulation::Goal>,
    /// The line ending with this move is a solution of its own though it
    /// reaches `own_goal`: the goal of the other side's moves in a
    /// structured help play (`Stipulation::other_goal`), not the second
    /// part of a solution as in `reci-h`.
    pub own_goal_solves: bool,
    /// The move checks the other side's king.
    pub check: bool,
    /// Said after the move (attacker's moves in play with defence).
    pub remark: Remark,
}

/// A solution tree node: a move and what follows it.
#[derive(Clone, Debug)]
pub struct Node {
    pub played: Played,
    pub children: Vec<Node>,
}

/// How a solution is laid out: a tree per first move (play with defence)
/// or one line per solution (help and series play).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    #[default]
    Tree,
    Lines,
}

/// What a search reports, in the order Popeye prints it.
#[derive(Clone, Debug)]
pub enum Event {
    /// A play begins (once per solve, twice with `duplex`): the goal its
    /// last moves reach, its layout, and whether its first moves are
    /// numbered (`movenumbers`), and whether set play is searched (a
    /// blank line closes it then, even when it has no line).
    Begin {
        goal: Goal,
        layout: Layout,
        numbered: bool,
        set_play_searched: bool,
        /// With `postkeyplay`: the defender to move stands in check (the
        /// key's check, which Popeye writes on the key's empty line).
        post_key_check: bool,
        /// Play with defence numbered from the defender's first move (a
        /// structured stipulation's `black Nd[G]a`): each move a
        /// half-move earlier than after a key (`1.` for `1...`).
        defence_first: bool,
    },
    /// Help or series play: a complete line, first move first. Set play
    /// comes first.
    Line { moves: Vec<Played>, set_play: bool },
    /// Play with defence: the tree of a first move (a key, a try, a
    /// defence of set play, or with `postkeyplay` a threat or defence after
    /// the key).
    Tree { node: Node, set_play: bool },
    /// `postkeyplay`: what is said of the position after the key, before
    /// what follows it.
    PostKey(Remark),
    /// `movenumbers`: a first move is tried (its number in Popeye's order,
    /// the time since solving began); with a move path (`start 27:11`) a
    /// later move too, numbered after the moves before it (`deeper`: the
    /// numbers after the first move's, the move's own last).
    Tried {
        played: Played,
        number: u32,
        deeper: Vec<u32>,
        seconds: f64,
    },
    /// What Popeye says about the problem before it solves it (or instead
    /// of solving it).
    Notice(Notice),
    /// The play was cut short (before its `End`).
    Incomplete(Incompleteness),
    /// A blank line that Popeye writes in `reci-h#1`: before the play
    /// once Black's own goal move is found (the text format leaves that
    /// one out), and between the two parts of a solution that it writes as
    /// two solutions (the help, then the reciprocal goal moves).
    Gap,
    /// The play is over.
    End,
}

/// A remark of Popeye's about how it takes the problem, with the play it
/// then makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// `option intelligent` where Popeye's intelligent mode does not go:
    /// with a fairy condition, fairy piece or kamikaze unit Popeye solves
    /// nothing (`solved: false`); with a stipulation other than h#/=,
    /// ser-#/= and ser-h#/= it solves as without the option.
    IntelligentRestricted { solved: bool },
    /// `stoponshortsolutions` in play with defence: Popeye says it does
    /// not apply there and solves on.
    StopOnShortSolutionsInDirectPlay,
    /// `setplay` where the play has none: series play whose series side
    /// makes the last move itself (ser-#), help play of one half-move
    /// (h#0.5). Popeye says it does not apply and solves on.
    SetPlayNotApplicable,
    /// The side not to move is in check: the side to play could capture
    /// the king. Popeye says so on its error stream and solves nothing for
    /// the twin; the other twins are solved.
    KingCapturable,
    /// [`Notice::KingCapturable`] where play with defence asks for set
    /// play: Popeye solves the set play (the defender moves first) and
    /// nothing after it.
    SetPlayOnly,
    /// `start` or `upto` with a move path in play with defence: Popeye
    /// says the path does not go with the stipulation and solves nothing.
    MoveNumbersIncompatible,
}

/// Why a play was cut short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Incompleteness {
    /// `maxsolutions`: the n-th solution was found, whether or not more
    /// exist; or `stoponshortsolutions` stopped after a shorter length
    /// (Popeye's "Partial solution").
    Partial,
    /// `maxtime`: the time ran out (Popeye's "solving interrupted.").
    Interrupted,
}

impl Notice {
    /// Whether the play is solved after the notice.
    pub fn solved(self) -> bool {
        match self {
            Notice::IntelligentRestricted { solved } => solved,
            Notice::StopOnShortSolutionsInDirectPlay
            | Notice::SetPlayNotApplicable
            | Notice::SetPlayOnly => true,
            Notice::KingCapturable | Notice::MoveNumbersIncompatible => false,
        }
    }
}

impl Event {
    /// A first move tried under `movenumbers` or a `start` path: `mv` of
    /// `role` from `pos`, numbered `number` (and `deeper` below it),
    /// reported `seconds` after the start, with its check as `rules` see it.
    pub fn tried(
        pos: &Position,
        mv: Move,
        role: Role,
        rules: &crate::rules::Rules,
        (number, deeper): (u32, Vec<u32>),
        seconds: f64,
    ) -> Event {
        let after = pos.play(&mv);
        Event::Tried {
            played: Played {
                mv,
                before: *pos,
                role,
                goal: false,
                own_goal: None,
                own_goal_solves: false,
                check: rules.in_check(&after, pos.turn.opponent()),
                remark: Remark::None,
            },
            number,
            deeper,
            seconds,
        }
    }

    /// How many solutions the event adds: a line in help and series play
    /// (a help line in reci-h; not the marked goal moves that break hr#'s
    /// obligation), a key in play with defence.
    pub fn solutions(&self) -> usize {
        match self {
            // Black's own goal in reci-h is the second part of the
            // solutions its help lines give.
            Event::Line { moves, .. } => usize::from(moves.last().is_none_or(|p| {
                (p.own_goal.is_none() || p.own_goal_solves) && p.role != Role::Obliged
            })),
            Event::Tree { node, .. } => usize::from(node.played.role == Role::Key),
            _ => 0,
        }
    }

    /// About the memory the event takes, its own and what it points to:
    /// what a held output counts against its cap.
    pub(crate) fn held_bytes(&self) -> usize {
        std::mem::size_of::<Event>()
            + match self {
                Event::Line { moves, .. } => moves.capacity() * std::mem::size_of::<Played>(),
                Event::Tree { node, .. } => node.held_bytes(),
                _ => 0,
            }
    }
}

impl Node {
    /// The memory of the node's children and their trees.
    fn held_bytes(&self) -> usize {
        self.children.capacity() * std::mem::size_of::<Node>()
            + self.children.iter().map(Node::held_bytes).sum::<usize>()
    }
}

/// Where a search reports what it finds.
pub trait Sink: Send {
    fn event(&mut self, event: Event);
}

/// A first move tried (option `movenumbers`), as collected.
#[derive(Clone, Debug)]
pub struct TriedMove {
    pub played: Played,
    pub number: u32,
    /// A later move's numbers after the first move's (`start 27:11`).
    pub deeper: Vec<u32>,
    /// Seconds since solving began.
    pub seconds: f64,
    /// How many roots of the play proper came before it (the shorter
    /// lines of `movenumbers` come before the first numbered move).
    pub roots_before: usize,
}

/// Everything found in one play, kept.
#[derive(Clone, Debug, Default)]
pub struct Solution {
    /// Lines merged into a tree where they share their first moves, or the
    /// trees of the first moves; set play first.
    pub roots: Vec<Node>,
    pub layout: Layout,
    /// The goal the play aims at (for the writers' signs).
    pub goal: Option<Goal>,
    /// Positions whose moves were generated while solving (all threads).
    pub nodes: u64,
    /// Solutions: lines in help and series play, keys in play with
    /// defence.
    pub solutions: usize,
    /// How many of the first roots are set play.
    pub set_play_roots: usize,
    /// With `postkeyplay`: what is said of the position after the key.
    pub post_key: Option<Remark>,
    /// With `postkeyplay`: the defender stands in check after the key.
    pub post_key_check: bool,
    /// The defender's first move numbered `1.` (`Event::Begin`).
    pub defence_first: bool,
    /// With `movenumbers`: every first move tried, in Popeye's order.
    pub tried: Vec<TriedMove>,
    /// What Popeye says before solving.
    pub notices: Vec<Notice>,
    /// Set play was searched.
    pub set_play_searched: bool,
    /// Whether the play was cut short, and why.
    pub incomplete: Option<Incompleteness>,
    /// `reci-h#1`: how many roots of the play proper come before each
    /// blank line ([`Event::Gap`]).
    pub gaps: Vec<usize>,
}

impl Solution {
    /// Replays the solution as the events a search would have reported.
    pub fn events(&self) -> Vec<Event> {
        let mut out: Vec<Event> = self.notices.iter().map(|&n| Event::Notice(n)).collect();
        if self.notices.iter().any(|n| !n.solved()) {
            return out;
        }
        out.push(Event::Begin {
            goal: self.goal.unwrap_or(Goal::Mate),
            layout: self.layout,
            numbered: !self.tried.is_empty(),
            set_play_searched: self.set_play_searched,
            post_key_check: self.post_key_check,
            defence_first: self.defence_first,
        });
        if let Some(remark) = self.post_key {
            out.push(Event::PostKey(remark));
        }
        let set = self.set_play_roots.min(self.roots.len());
        let (set_play, play) = self.roots.split_at(set);
        let push_roots = |out: &mut Vec<Event>, roots: &[Node], set_play: bool| match self.layout {
            Layout::Tree => out.extend(roots.iter().map(|n| Event::Tree {
                node: n.clone(),
                set_play,
            })),
            Layout::Lines => {
                for n in roots {
                    let mut path = Vec::new();
                    lines_of(n, &mut path, &mut |moves| {
                        out.push(Event::Line { moves, set_play })
                    });
                }
            }
        };
        push_roots(&mut out, set_play, true);
        if !self.gaps.is_empty() && self.tried.is_empty() {
            let mut done = 0;
            for &at in &self.gaps {
                let at = at.clamp(done, play.len());
                push_roots(&mut out, &play[done..at], false);
                out.push(Event::Gap);
                done = at;
            }
            push_roots(&mut out, &play[done..], false);
        } else if self.tried.is_empty() {
            push_roots(&mut out, play, false);
        } else {
            let mut done = 0;
            for t in &self.tried {
                let before = t.roots_before.clamp(done, play.len());
                push_roots(&mut out, &play[done..before], false);
                done = before;
                out.push(Event::Tried {
                    played: t.played.clone(),
                    number: t.number,
                    deeper: t.deeper.clone(),
                    seconds: t.seconds,
                });
            }
            push_roots(&mut out, &play[done..], false);
        }
        out.extend(self.incomplete.map(Event::Incomplete));
        out.push(Event::End);
        out
    }
}

/// Calls `f` with every line (root to leaf) below `node`.
fn lines_of(node: &Node, path: &mut Vec<Played>, f: &mut dyn FnMut(Vec<Played>)) {
    path.push(node.played.clone());
    if node.children.is_empty() {
        f(path.clone());
    }
    for child in &node.children {
        lines_of(child, path, f);
    }
    path.pop();
}

/// A sink that keeps everything: the events become a [`Solution`].
#[derive(Default)]
pub struct Collector {
    solution: Solution,
    set_play: Vec<Node>,
    play: Vec<Node>,
}

impl Collector {
    pub fn into_solution(mut self) -> Solution {
        self.solution.set_play_roots = self.set_play.len();
        self.solution.roots = self.set_play;
        self.solution.roots.append(&mut self.play);
        self.solution
    }
}

/// Adds a line to `roots`, sharing the nodes of the last line where they
/// start alike (lines come depth first, so that rebuilds the tree the
/// search walked; a line never grows out of another's last move).
/// The first `fixed` roots are closed: a line never joins them (roots
/// reported before a numbered first move stay before it).
fn add_line(roots: &mut Vec<Node>, fixed: usize, moves: Vec<Played>) {
    let mut open = roots.len() > fixed;
    let mut nodes = roots;
    let mut moves = moves.into_iter().peekable();
    while let Some(played) = moves.next_if(|p| {
        std::mem::replace(&mut open, true)
            && nodes
                .last()
                .is_some_and(|n| n.played == *p && !n.children.is_empty())
    }) {
        let _ = played;
        nodes = &mut nodes.last_mut().expect("just matched").children;
    }
    let mut rest: Vec<Played> = moves.collect();
    let mut chain: Option<Node> = None;
    while let Some(played) = rest.pop() {
        chain = Some(Node {
            played,
            children: chain.into_iter().collect(),
        });
    }
    nodes.extend(chain);
}

impl Sink for Collector {
    fn event(&mut self, event: Event) {
        self.solution.solutions += event.solutions();
        match event {
            Event::Begin {
                goal,
                layout,
                set_play_searched,
                post_key_check,
                defence_first,
                ..
            } => {
                self.solution.set_play_searched = set_play_searched;
                self.solution.post_key_check = post_key_check;
                self.solution.defence_first = defence_first;
                self.solution.goal = Some(goal);
                self.solution.layout = layout;
            }
            Event::Line { moves, set_play } => {
                if set_play {
                    add_line(&mut self.set_play, 0, moves);
                } else {
                    let fixed = self.solution.tried.last().map_or(0, |t| t.roots_before);
                    add_line(&mut self.play, fixed, moves);
                }
            }
            Event::Tree { node, set_play } => {
                if set_play {
                    self.set_play.push(node);
                } else {
                    self.play.push(node);
                }
            }
            Event::PostKey(remark) => self.solution.post_key = Some(remark),
            Event::Tried {
                played,
                number,
                deeper,
                seconds,
            } => self.solution.tried.push(TriedMove {
                played,
                number,
                deeper,
                seconds,
                roots_before: self.play.len(),
            }),
            Event::Notice(notice) => self.solution.notices.push(notice),
            Event::Incomplete(why) => self.solution.incomplete = Some(why),
            Event::Gap => self.solution.gaps.push(self.play.len()),
            Event::End => {}
        }
    }
}
