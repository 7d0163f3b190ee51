//! Popeye's structured stipulations (`sstipulation white 3a[#]d`): the
//! language read into a tree (`Structured`), written back as Popeye echoes
//! it in its header, and mapped onto the ordinary stipulation the solvers
//! play where the tree is one (`Structured::to_ordinary`). The trees that
//! are no ordinary stipulation are refused with the reason.
//!
//! The language (Popeye's manual, "sstipulation"): a side, then an
//! expression. An expression is a goal (`#`, `=`, `x`, `zh1` ...) or a
//! branch, negated with `!`, joined left to right with `&` and `|`,
//! grouped with `()`. A branch is `>`, `/`, `-` (each optional, in this
//! order), an optional minimum length `m:`, its length in half-moves and
//! its move letters (`ad`, `da`, `hh`, `s`), each letter followed by the
//! branches or goals it leads to in `[]` and the constraints in `{}`, and
//! a letter may be conditional, `?+?h` (the side to move is in check).

use super::{Goal, ReflexBound, Stipulation, GOALS};
use crate::board::{Color, Square};

/// A structured stipulation: who moves first and the play's tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Structured {
    pub side: Color,
    pub root: Node,
}

/// An expression of the language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// A leaf: the goal the last move must reach.
    Goal(Goal),
    Branch(Box<Branch>),
    /// `!`
    Not(Box<Node>),
    /// `&`
    And(Box<Node>, Box<Node>),
    /// `|`
    Or(Box<Node>, Box<Node>),
}

/// A branch: a run of moves of one kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// `>`: the containing branch's play ends where this one is solved.
    pub forced: bool,
    /// `/`: the moves of this branch are not written.
    pub hidden: bool,
    /// `-`: the other side moves first.
    pub inverted: bool,
    /// `m:`: the fewest half-moves.
    pub min: Option<u32>,
    /// The most half-moves.
    pub length: u32,
    pub steps: Vec<Step>,
}

impl Branch {
    /// A branch of one half-move with no mark: not forced, hidden or
    /// inverted, and no minimum.
    fn is_plain_move(&self) -> bool {
        !self.forced && !self.hidden && !self.inverted && self.min.is_none() && self.length == 1
    }
}

/// The kind of a half-move of a branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Letter {
    /// `a`: an attacking move (the side chooses it).
    Attack,
    /// `d`: a defending move (each one must be met).
    Defence,
    /// `h`: a help move.
    Help,
    /// `s`: a series move.
    Series,
}

/// A letter of a branch with what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub letter: Letter,
    /// `?+?`: the move is played only by a side in check.
    pub if_in_check: bool,
    /// `[...]`: the branches and goals the move leads to.
    pub ends: Vec<Node>,
    /// `{...}`: the constraints.
    pub constraints: Vec<Node>,
}

impl Structured {
    /// Reads `side expression`, the side in English (`white`, `black`), as
    /// the Popeye reader keeps it.
    pub fn parse(text: &str) -> Result<Structured, String> {
        let text = text.trim();
        let (side, expr) = text
            .split_once(char::is_whitespace)
            .ok_or("a structured stipulation needs a side and an expression")?;
        let side = match side.to_ascii_lowercase().as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            other => return Err(format!("unknown side '{other}'")),
        };
        let expr: String = expr
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        let mut reader = Reader {
            text: expr.as_bytes(),
            at: 0,
            depth: 0,
        };
        let root = reader.expression()?;
        if reader.at < reader.text.len() {
            return Err(format!("unexpected '{}'", &expr[reader.at..]));
        }
        Ok(Structured { side, root })
    }

    /// The expression as Popeye writes it in its header: without spaces,
    /// each letter's constraints before its branches, but an attack's
    /// after them.
    pub fn echo(&self) -> String {
        let mut out = String::new();
        write_node(&self.root, &mut out);
        out
    }

    /// The ordinary stipulation the tree is, or why it is none the solver
    /// plays. `text` is kept as the stipulation's text.
    pub fn to_ordinary(&self, text: &str) -> Result<Stipulation, String> {
        let Node::Branch(root) = &self.root else {
            return Err("the expression must be a single branch".into());
        };
        if root.forced || root.hidden {
            return Err("'>' and '/' belong to nested branches".into());
        }
        let starter = if root.inverted {
            self.side.opponent()
        } else {
            self.side
        };
        let letters: Vec<(Letter, bool)> = root
            .steps
            .iter()
            .map(|s| (s.letter, s.if_in_check))
            .collect();
        let constraints: Vec<&Node> = root.steps.iter().flat_map(|s| &s.constraints).collect();
        let ends: Vec<&Node> = root.steps.iter().flat_map(|s| &s.ends).collect();
        let n = root.length;
        let exact = root.min == Some(n);
        // A minimum below the length: help play only, its lines of m
        // half-moves and more.
        let shortest = root.min.filter(|&m| m < n);
        let plain = |play, series, goal, moves, half_move| {
            Stipulation::plain(
                play,
                series,
                goal,
                moves,
                half_move,
                exact,
                text.to_string(),
            )
        };
        use super::{Parry, Play};
        use Letter::*;
        let unsupported =
            || Err("this tree has no ordinary equivalent the solver plays yet".into());
        if n == 0 {
            return Err("a branch needs at least one half-move".into());
        }
        let stip = match (letters.as_slice(), starter) {
            // `Na[G]d`: direct play; `Na[>1a[G]d]d{!1a[G]d}`: reflex play.
            ([(Attack, false), (Defence, false)], Color::White) if n % 2 == 1 => {
                let moves = n.div_ceil(2);
                match (ends.as_slice(), constraints.as_slice()) {
                    // `Na[1a[G]d]d` (forced or not: a fork into the
                    // other side's attack is always forced there).
                    ([Node::Branch(fork)], [])
                        if !exact
                            && root.steps[0].ends.len() == 1
                            && semi_reflex_goal(fork).is_some() =>
                    {
                        let goal = semi_reflex_goal(fork).ok_or("unsupported semi-reflex play")?;
                        Ok(plain(Play::SemiReflex, false, goal, moves, false))
                    }
                    ([end], []) if root.steps[0].ends.len() == 1 => {
                        let goal = leaf_goal(end).ok_or("unsupported end of direct play")?;
                        if moves > 1 && matches!(goal, Goal::And(..)) {
                            return Err(AND_BELOW_THE_KEY.into());
                        }
                        Ok(plain(Play::Direct, false, goal, moves, false))
                    }
                    ([Node::Branch(fork)], [Node::Not(not)]) if !exact => {
                        let goal = reflex_goal(fork, not).ok_or("unsupported reflex play")?;
                        Ok(plain(Play::Reflex, false, goal, moves, false))
                    }
                    _ => unsupported(),
                }
            }
            // `white - Nd[G]a`, N odd: self play from the position after
            // the key (`postkeyplay`), Black's moves numbered `1...`;
            // `black Nd[G]a` numbers them from `1.`.
            ([(Defence, false), (Attack, false)], Color::Black)
                if n % 2 == 1
                    && constraints.is_empty()
                    && root.steps[1].ends.is_empty()
                    && !exact =>
            {
                let goal = match ends.as_slice() {
                    [Node::Goal(goal)] => *goal,
                    [Node::And(..)] => return Err(AND_BELOW_THE_KEY.into()),
                    [end @ Node::Not(_)] => {
                        goal_expression(end).ok_or("unsupported end of self play")?
                    }
                    _ => return unsupported(),
                };
                let mut stip = plain(Play::SelfPlay, false, goal, n.div_ceil(2), false);
                stip.post_key = true;
                stip.numbered_from_start = !root.inverted;
                Ok(stip)
            }
            // `white - Nda[G]`, N even: direct play in N/2 + 1 from the
            // position after the key (`postkeyplay`); `black Nda[G]`
            // numbers the moves from the defender's first.
            ([(Defence, false), (Attack, false)], Color::Black)
                if n % 2 == 0
                    && constraints.is_empty()
                    && root.steps[0].ends.is_empty()
                    && !exact =>
            {
                let goal = match ends.as_slice() {
                    [Node::Goal(goal)] if !matches!(goal, Goal::Zugzwang(_)) => *goal,
                    [Node::And(..)] => return Err(AND_BELOW_THE_KEY.into()),
                    [end @ Node::Not(_)] => {
                        goal_expression(end).ok_or("unsupported end of direct play")?
                    }
                    _ => return unsupported(),
                };
                let mut stip = plain(Play::Direct, false, goal, n / 2 + 1, false);
                stip.post_key = true;
                stip.numbered_from_start = !root.inverted;
                Ok(stip)
            }
            // `Na[G]d[G]`, N even: self play in which the attacker may
            // reach the goal too (`option quodlibet`).
            ([(Attack, false), (Defence, false)], Color::White)
                if n % 2 == 0
                    && constraints.is_empty()
                    && !exact
                    && !root.steps[0].ends.is_empty()
                    && root.steps[0].ends == root.steps[1].ends =>
            {
                let goal = match ends.as_slice() {
                    [Node::Goal(goal), _] if !matches!(goal, Goal::Zugzwang(_)) => *goal,
                    _ => return unsupported(),
                };
                let mut stip = plain(Play::SelfPlay, false, goal, n / 2, false);
                stip.quodlibet = true;
                Ok(stip)
            }
            // `Nad[G]`, N even: self play (the defence reaches the goal).
            ([(Attack, false), (Defence, false)], Color::White)
                if n % 2 == 0 && constraints.is_empty() && root.steps[0].ends.is_empty() =>
            {
                let goal = match ends.as_slice() {
                    [Node::Goal(goal)] => *goal,
                    [Node::And(..)] => return Err(AND_BELOW_THE_KEY.into()),
                    [end @ Node::Not(_)] => {
                        goal_expression(end).ok_or("unsupported end of self play")?
                    }
                    // `2ad[1a[G]d]`: after the key and each defence the
                    // attacker's move to G, tested there only: `exact-`
                    // direct play in 2, its threats neither looked for nor
                    // written; `{C}` on the nested defence: each defence
                    // must reach C, or it refutes.
                    [Node::Branch(b)] if n == 2 && !exact => {
                        let (goal, constraint) =
                            nested_attack_end(b).ok_or("unsupported end of play with defence")?;
                        let mut stip = plain(Play::Direct, false, goal, 2, false);
                        stip.exact = true;
                        stip.no_threat = true;
                        stip.defence_goal = constraint;
                        return Ok(stip);
                    }
                    _ => return unsupported(),
                };
                Ok(plain(Play::SelfPlay, false, goal, n / 2, false))
            }
            // `Nh[1a[G]d]h`, N odd: help play ending in the other side's
            // attack, as hr# ends (White first in whole moves); `>` binds
            // that side to reach G where it can, and the constraint
            // `{!1a[G]d}` the side that makes the help moves never to be
            // able to (hr# itself).
            ([(Help, false), (Help, false)], side)
                if n % 2 == 1
                    && matches!(root.steps[0].ends.as_slice(),
                        [Node::Branch(fork)] if semi_reflex_goal(fork).is_some())
                    && root.steps[1].ends.is_empty()
                    && root.steps[0].constraints.is_empty() =>
            {
                let [Node::Branch(fork)] = root.steps[0].ends.as_slice() else {
                    return unsupported();
                };
                let goal = semi_reflex_goal(fork).ok_or("unsupported end of help play")?;
                let bound = match (fork.forced, root.steps[1].constraints.as_slice()) {
                    (false, []) => ReflexBound::Neither,
                    (true, []) => ReflexBound::Other,
                    (true, [Node::Not(not)]) if reflex_goal(fork, not) == Some(goal) => {
                        ReflexBound::Both
                    }
                    _ => return unsupported(),
                };
                let mut stip = plain(Play::HelpReflex, false, goal, n.div_ceil(2), false);
                stip.reflex_bound = bound;
                stip.swapped = side == Color::Black;
                Ok(stip)
            }
            // `Nhh[G]`, `Nh[G]h`: help play, Black first in whole moves,
            // White first in a half-move more, the roles swapped where the
            // other side begins (as `halfduplex` swaps them); `{!G}` on the
            // other side's moves: that side may not reach G (as `option
            // goalisend`).
            // `1h[-Nhh[G]]h`: one help move, then help play begun by the
            // same side (the other side passes): an intro of one move
            // after which the other side passes too.
            ([(Help, false), (Help, false)], side)
                if n == 1
                    && !exact
                    && !root.inverted
                    && constraints.is_empty()
                    && root.steps[1].ends.is_empty()
                    && matches!(root.steps[0].ends.as_slice(),
                        [Node::Branch(b)] if b.inverted && !b.forced && !b.hidden) =>
            {
                let [Node::Branch(nested)] = root.steps[0].ends.as_slice() else {
                    return unsupported();
                };
                // After one move Popeye numbers an h#1 on from it (`1.Sd4-b3
                // 2.Sb3-d2 Ra1-h1 #`), longer play from 1 again: the former
                // is not established.
                if nested.length <= 2 {
                    return Err(
                        "a help move, a pass and a single help move more: not played yet".into(),
                    );
                }
                let nested = Structured {
                    side,
                    root: Node::Branch(Box::new(Branch {
                        inverted: false,
                        ..(**nested).clone()
                    })),
                };
                let mut stip = nested.to_ordinary(text)?;
                if stip.play != Play::Help || stip.series || stip.intro.is_some() {
                    return Err("after a help move and a pass only help play is played".into());
                }
                stip.intro = Some(1);
                stip.intro_then_pass = true;
                Ok(stip)
            }
            // `black Nhh[2hh[G]&1h[H]h]`, N even: help play to the
            // position where Black both helps White reach G in one move
            // and reaches H itself, `reci-h(H)G` in N/2 + 1; the ends
            // joined the other way round write Black's own lines first.
            ([(Help, false), (Help, false)], Color::Black)
                if n % 2 == 0
                    && !exact
                    && shortest.is_none()
                    && !root.inverted
                    && constraints.is_empty()
                    && root.steps[0].ends.is_empty()
                    && reciprocal_ends(&root.steps[1].ends).is_some() =>
            {
                let (goal, own, own_first) =
                    reciprocal_ends(&root.steps[1].ends).ok_or("unsupported reciprocal ends")?;
                let mut stip = plain(Play::Help, false, goal, n / 2 + 1, false);
                stip.reciprocal = Some(own);
                stip.reciprocal_own_first = own_first;
                Ok(stip)
            }
            ([(Help, false), (Help, false)], side) => {
                // The goal is the last move's: the second letter's in
                // whole moves, the first's in a half-move more.
                let (last, other) = if n % 2 == 0 {
                    (&root.steps[1], &root.steps[0])
                } else {
                    (&root.steps[0], &root.steps[1])
                };
                // Popeye tests a letter's goal after each of its moves: a
                // move reaching it ends the line, written where it is the
                // last or the last but one of the lengths tried
                // (`Stipulation::other_goal`).
                let (end, other_goal) = match (last.ends.as_slice(), other.ends.as_slice()) {
                    ([end], []) => (end, None),
                    ([end @ (Node::Goal(_) | Node::Not(_) | Node::And(..))], [theirs])
                        if constraints.is_empty() =>
                    {
                        // (`G&H` there: Popeye's lines not established.)
                        let goal = goal_expression(theirs)
                            .filter(|g| !matches!(g, Goal::And(..)))
                            .ok_or("unsupported goal of the other side's help moves")?;
                        (end, Some(goal))
                    }
                    // A goal on the other side's moves alone: the branch a
                    // half-move shorter, whose last moves they are.
                    ([], [Node::Goal(_) | Node::Not(_) | Node::And(..)])
                        if constraints.is_empty() && n > 1 =>
                    {
                        return self.shorter_by_a_half_move(root, text);
                    }
                    _ => return unsupported(),
                };
                // `{!G}` on the other side's letter: that side may not
                // reach G (`goalisend`); `{!C}` on the goal side's letter:
                // its moves that the other side answers may not reach C.
                let (goal_is_end, avoids) =
                    match (last.constraints.as_slice(), other.constraints.as_slice()) {
                        ([], []) => (false, None),
                        ([], [Node::Not(not)])
                            if matches!(end, Node::Goal(_))
                                && **not == *end
                                && last.ends.len() == 1 =>
                        {
                            (true, None)
                        }
                        ([Node::Not(not)], [])
                            if matches!(end, Node::Goal(_))
                                && other_goal.is_none()
                                && last.ends.len() == 1 =>
                        {
                            match plain_goal(not) {
                                Some(c) => (false, Some(c)),
                                None => return unsupported(),
                            }
                        }
                        _ => return unsupported(),
                    };
                // `Nhh[1s{P}[1s[G]]]`: after the help moves a move of
                // each side, the first reaching P, the second G: help
                // play a move longer whose last move but one reaches P.
                let (goal, penultimate) = match end {
                    Node::Branch(b)
                        if !goal_is_end
                            && shortest.is_none()
                            && last.ends.len() == 1
                            && other.ends.is_empty()
                            && goal_constrained_pair(b).is_some() =>
                    {
                        let (p, g) =
                            goal_constrained_pair(b).ok_or("unsupported end of help play")?;
                        (g, Some(p))
                    }
                    _ => (leaf_goal(end).ok_or("unsupported end of help play")?, None),
                };
                let n = n + if penultimate.is_some() { 2 } else { 0 };
                let mut stip = plain(Play::Help, false, goal, n / 2, n % 2 == 1);
                stip.penultimate = penultimate;
                stip.other_goal = other_goal;
                stip.goal_is_end = goal_is_end;
                stip.goal_side_avoids = avoids;
                stip.swapped = (side == Color::Black) != (n % 2 == 0);
                // Popeye numbers the stated side's moves: from the first
                // where it begins, as the answer to the first (`1...`)
                // where the root is inverted.
                stip.numbered_from_start = !root.inverted && n % 2 == 1;
                stip.numbered_as_answer = root.inverted && n % 2 == 0;
                stip.shortest = shortest;
                // The help moves before the last two are one at least, two
                // in whole moves (the shortest lines of the branch alone).
                // Where White begins whole moves Popeye's lines start with
                // the last two alone (`white 4hh[1s{+}[1s[x]]]`: `1.Ra7-h7 +
                // Kh8*h7 x`): not established, not played.
                if penultimate.is_some() {
                    if starter == Color::White && n % 2 == 0 {
                        return unsupported();
                    }
                    stip.shortest = Some(4 - n % 2);
                }
                Ok(stip)
            }
            // `Nh[G]?+?h`: the parry series whose side reaches the goal
            // itself (`phser-`); `Nh[1h[G]h]?+?h`, `Nh[1a[G]d]?+?h`: the
            // other side's help move reaches it (`pser-h`).
            ([(Help, false), (Help, true)], side)
                if n % 2 == 1 && constraints.is_empty() && !exact =>
            {
                let [end] = ends.as_slice() else {
                    return unsupported();
                };
                let moves = n.div_ceil(2);
                let mut stip = match (end, side) {
                    (Node::Goal(_) | Node::Not(_) | Node::And(..), Color::White) => {
                        let goal = leaf_goal(end).ok_or("unsupported end of the series")?;
                        plain(Play::Direct, true, goal, moves, false)
                    }
                    (Node::Branch(b), Color::Black) => {
                        let goal = one_move_to_goal(b).ok_or("unsupported end of the series")?;
                        plain(Play::Help, true, goal, moves, false)
                    }
                    _ => return unsupported(),
                };
                stip.parry = Some(Parry::Help);
                Ok(stip)
            }
            // `Ns[G]`: series play; `Ns[1d[G]a]`: series self play;
            // `Ns[1a[G]d]`, `Ns[1h[G]h]`: series help play;
            // `Ns[1a[G]d]{!1a[G]d}`: series reflex play. Each is White's
            // series but series help play, Black's; the other side's
            // series is the same play with the sides' roles swapped.
            ([(Series, false)], side) => {
                let [end] = ends.as_slice() else {
                    return unsupported();
                };
                let (mut stip, usual) = match (end, constraints.as_slice()) {
                    (Node::Goal(_) | Node::Not(_) | Node::And(..), []) => {
                        let goal = leaf_goal(end).ok_or("unsupported end of the series")?;
                        (plain(Play::Direct, true, goal, n, false), Color::White)
                    }
                    // `Ns[1s{P}[-1s[G]]]`: after the series the other side's
                    // two moves, the first reaching P where given.
                    (Node::Branch(b), []) if two_replies(b).is_some() => {
                        let (p, g) = two_replies(b).ok_or("unsupported end of the series")?;
                        let mut stip = plain(Play::Help, true, g, n, false);
                        stip.two_replies = true;
                        stip.penultimate = p;
                        (stip, Color::Black)
                    }
                    // A series of the other side: this one is its intro.
                    (Node::Branch(b), []) if is_series(b) => {
                        return self.with_intro(b, text);
                    }
                    (Node::Branch(b), []) if self_end(b).is_some() => {
                        let goal = self_end(b).ok_or("unsupported end of the series")?;
                        (plain(Play::SelfPlay, true, goal, n, false), Color::White)
                    }
                    // `>`: the other side must reach G as soon as it can.
                    (Node::Branch(fork), []) if fork.forced => {
                        let goal = semi_reflex_goal(fork).ok_or("unsupported end of the series")?;
                        (plain(Play::SemiReflex, true, goal, n, false), Color::White)
                    }
                    (Node::Branch(b), []) => {
                        let goal = one_move_to_goal(b).ok_or("unsupported end of the series")?;
                        (plain(Play::Help, true, goal, n, false), Color::Black)
                    }
                    (Node::Branch(fork), [Node::Not(not)]) => {
                        let goal =
                            reflex_goal(fork, not).ok_or("unsupported series reflex play")?;
                        (plain(Play::Reflex, true, goal, n, false), Color::White)
                    }
                    _ => return unsupported(),
                };
                stip.swapped = side != usual;
                Ok(stip)
            }
            _ => unsupported(),
        }?;
        if shortest.is_some() && stip.shortest.is_none() {
            return Err("a minimum length below the length is played in help play only".into());
        }
        // Popeye's lines then depend on how its help branch splits the
        // odd half-move: not established.
        if shortest.is_some_and(|m| m % 2 != n % 2) {
            return Err("a minimum length of the other parity than the length".into());
        }
        Ok(stip)
    }
}

/// How a root joins its two expressions (`A&B`, `A|B`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Join {
    /// `&`: Popeye plays `A` where `B` has a solution, then `B` where `A`
    /// had one.
    And,
    /// `|`: Popeye plays `B` where `A` had no solution.
    Or,
}

/// The join at the root of a stipulation's text (`sstipulation white
/// 3a[#]d|4hh[#]`): the join and the text of each operand.
pub fn root_join_of(text: &str) -> Option<(Join, String, String)> {
    let tree = Structured::parse(text.trim().strip_prefix("sstipulation ")?).ok()?;
    let (join, a, b) = tree.root_join()?;
    Some((join, a.text(), b.text()))
}

impl Structured {
    /// A root of two expressions joined by `&` or `|`: the join and each
    /// operand as a structured stipulation of the same side.
    pub fn root_join(&self) -> Option<(Join, Structured, Structured)> {
        let (join, a, b) = match &self.root {
            Node::And(a, b) => (Join::And, a, b),
            Node::Or(a, b) => (Join::Or, a, b),
            _ => return None,
        };
        let operand = |n: &Node| Structured {
            side: self.side,
            root: n.clone(),
        };
        Some((join, operand(a), operand(b)))
    }

    /// The stipulation's text as the Popeye reader keeps it
    /// (`sstipulation white 3a[#]d`).
    pub fn text(&self) -> String {
        let side = match self.side {
            Color::White => "white",
            Color::Black => "black",
        };
        format!("sstipulation {side} {}", self.echo())
    }
}

impl Structured {
    /// `Nh[G]h` with N even, `Nhh[G]` with N odd: the goal is on the moves
    /// of the side that does not make the branch's last move, so no line
    /// reaches that move; the branch is the one of N-1 half-moves whose
    /// last moves they are (and of a minimum a half-move lower), the same
    /// lines in the same order.
    fn shorter_by_a_half_move(&self, root: &Branch, text: &str) -> Result<Stipulation, String> {
        let mut shorter = root.clone();
        shorter.length -= 1;
        shorter.min = root.min.map(|m| m.saturating_sub(1));
        let tree = Structured {
            side: self.side,
            root: Node::Branch(Box::new(shorter)),
        };
        tree.to_ordinary(text)
    }

    /// `Ns[B]`, B a series of the other side: the play B is, after an
    /// intro of at most N moves (Popeye's `N->`).
    fn with_intro(&self, main: &Branch, text: &str) -> Result<Stipulation, String> {
        let Node::Branch(root) = &self.root else {
            return Err("the expression must be a single branch".into());
        };
        if root.min.is_some() || root.inverted {
            return Err("an intro series has no minimum length".into());
        }
        let inner = Structured {
            side: self.side.opponent(),
            root: Node::Branch(Box::new(main.clone())),
        };
        let mut stip = inner.to_ordinary(text)?;
        // Popeye's intro goes before series play only as far as compared.
        if !stip.series || stip.swapped || stip.intro.is_some() || stip.parry.is_some() {
            return Err("an intro before this play is not played yet".into());
        }
        stip.intro = Some(root.length);
        Ok(stip)
    }
}

/// `1s{P}[1s[G]]`: a move reaching the goal `P` (a goal constraint of a
/// series move: the move must reach it), then the other side's move
/// reaching `G`; the goals `(P, G)`.
fn goal_constrained_pair(b: &Branch) -> Option<(Goal, Goal)> {
    let single = |b: &Branch| {
        let plain = b.is_plain_move();
        match b.steps.as_slice() {
            [s] if plain && s.letter == Letter::Series && !s.if_in_check => Some(s.clone()),
            _ => None,
        }
    };
    let first = single(b)?;
    let (&[Node::Goal(p)], [Node::Branch(next)]) =
        (first.constraints.as_slice(), first.ends.as_slice())
    else {
        return None;
    };
    let second = single(next)?;
    let ([Node::Goal(g)], []) = (second.ends.as_slice(), second.constraints.as_slice()) else {
        return None;
    };
    let usable = |g: &Goal| !matches!(g, Goal::Zugzwang(_)) && !g.is_proof();
    (usable(&p) && usable(g)).then_some((p, *g))
}

/// `1s{P}[-1s[G]]` (`{P}` optional): a series move of one side, reaching
/// the goal P where given, then, the series side passing, another of the
/// same side reaching G; the goals `(P, G)`.
fn two_replies(b: &Branch) -> Option<(Option<Goal>, Goal)> {
    let single = |b: &Branch, inverted: bool| {
        let plain = !b.forced && !b.hidden && b.inverted == inverted && b.min.is_none();
        match b.steps.as_slice() {
            [s] if plain && b.length == 1 && s.letter == Letter::Series && !s.if_in_check => {
                Some(s.clone())
            }
            _ => None,
        }
    };
    let usable = |g: &Goal| !matches!(g, Goal::Zugzwang(_) | Goal::Allows(_)) && !g.is_proof();
    let first = single(b, false)?;
    let p = match first.constraints.as_slice() {
        [] => None,
        [Node::Goal(p)] if usable(p) => Some(*p),
        _ => return None,
    };
    let [Node::Branch(next)] = first.ends.as_slice() else {
        return None;
    };
    let second = single(next, true)?;
    let ([Node::Goal(g)], []) = (second.ends.as_slice(), second.constraints.as_slice()) else {
        return None;
    };
    usable(g).then_some((p, *g))
}

/// A series branch with nothing before it: what an intro leads to.
fn is_series(b: &Branch) -> bool {
    !b.forced
        && !b.hidden
        && !b.inverted
        && matches!(b.steps.as_slice(), [s] if s.letter == Letter::Series && !s.if_in_check)
}

/// The goal of an end the ordinary solvers test as a goal: a goal leaf,
/// or the zugzwang of `/1d[G]a{!+}` (Popeye's CapZug: the side to move,
/// not in check, must reach G with each of its moves, which are not
/// written).
fn leaf_goal(node: &Node) -> Option<Goal> {
    match node {
        Node::Goal(g) => Some(*g),
        Node::Not(_) | Node::And(..) => goal_expression(node),
        Node::Branch(b) => {
            let inner = zugzwang_fork(b)?;
            if let Goal::Allows(_) = inner {
                return Some(Goal::Zugzwang(inner.interned()));
            }
            GOALS
                .iter()
                .find(|(_, g)| *g == inner && !g.is_proof())
                .map(|(_, g)| Goal::Zugzwang(g))
        }
        _ => None,
    }
}

/// Popeye writes a goal move below the key that reaches `G&H` once per
/// operand, with marks the solver does not reproduce yet.
const AND_BELOW_THE_KEY: &str =
    "a conjunction of goals in play with defence is played only where the key reaches it";

/// A goal expression the solver tests on the move that ends a branch:
/// `!G` (the move does not reach G) and `G&H` (it reaches both), each
/// operand a goal or a negated goal. Left out: a conjunction of more than
/// two (Popeye writes its lines otherwise), and the goals that are no
/// test of the move alone (proof games, the goals whose move may leave
/// the mover in check, CapZug).
fn goal_expression(node: &Node) -> Option<Goal> {
    let plain = |node: &Node| match node {
        Node::Goal(g)
            if !g.is_proof() && !g.allows_self_check() && !matches!(g, Goal::Zugzwang(_)) =>
        {
            Some(*g)
        }
        _ => None,
    };
    let operand = |node: &Node| match node {
        Node::Not(inner) => plain(inner).map(|g| Goal::Not(g.interned())),
        _ => plain(node),
    };
    match node {
        Node::And(a, b) => Some(Goal::And(operand(a)?.interned(), operand(b)?.interned())),
        _ => operand(node),
    }
}

/// `/1d[G]a{!+}`: the goal G every move must reach; `/2da[G]{!+}`: every
/// move must let the other side reach G (`Goal::Allows(G)`).
fn zugzwang_fork(b: &Branch) -> Option<Goal> {
    let not_in_check = Node::Not(Box::new(Node::Goal(Goal::Check)));
    let plain = b.hidden && !b.forced && !b.inverted && b.min.is_none();
    let fit = |g: &Goal| !matches!(g, Goal::Zugzwang(_) | Goal::Allows(_));
    if plain && b.length == 2 {
        return match b.steps.as_slice() {
            [d, a]
                if d.letter == Letter::Defence
                    && a.letter == Letter::Attack
                    && !d.if_in_check
                    && !a.if_in_check
                    && d.ends.is_empty()
                    && d.constraints.is_empty()
                    && a.constraints == [not_in_check] =>
            {
                match a.ends.as_slice() {
                    [Node::Goal(g)] if fit(g) && !g.is_proof() && !g.allows_self_check() => {
                        Some(Goal::Allows(g.interned()))
                    }
                    _ => None,
                }
            }
            _ => None,
        };
    }
    match b.steps.as_slice() {
        [d, a]
            if plain
                && b.length == 1
                && d.letter == Letter::Defence
                && a.letter == Letter::Attack
                && !d.if_in_check
                && !a.if_in_check
                && d.constraints.is_empty()
                && a.ends.is_empty()
                && a.constraints == [not_in_check] =>
        {
            match d.ends.as_slice() {
                [Node::Goal(g)] if !matches!(g, Goal::Zugzwang(_)) => Some(*g),
                _ => None,
            }
        }
        _ => None,
    }
}

/// A plain branch of one move: `1a[G]d` or `1h[G]h`, nothing else in it.
fn one_move_to_goal(b: &Branch) -> Option<Goal> {
    let plain = b.is_plain_move();
    match b.steps.as_slice() {
        [first, second]
            if plain
                && matches!(
                    (first.letter, second.letter),
                    (Letter::Attack, Letter::Defence) | (Letter::Help, Letter::Help)
                )
                && !first.if_in_check
                && !second.if_in_check
                && first.constraints.is_empty()
                && second.constraints.is_empty()
                && second.ends.is_empty() =>
        {
            match first.ends.as_slice() {
                [end] => leaf_goal(end),
                _ => None,
            }
        }
        _ => None,
    }
}

/// A plain goal: neither a proof game, a zugzwang nor an expression (the
/// ends of `reci-h`, a help letter's negated constraint).
fn plain_goal(node: &Node) -> Option<Goal> {
    match node {
        Node::Goal(g) if !g.is_proof() && !matches!(g, Goal::Zugzwang(_)) => Some(*g),
        _ => None,
    }
}

/// `2hh[G]&1h[H]h` (or the other way round, `true`): the help goal `G`
/// and the own goal `H` of `reci-h`.
fn reciprocal_ends(ends: &[Node]) -> Option<(Goal, Goal, bool)> {
    let [Node::And(a, b)] = ends else { return None };
    match (help_mate_end(a), own_goal_end(b)) {
        (Some(goal), Some(own)) => Some((goal, own, false)),
        _ => Some((help_mate_end(b)?, own_goal_end(a)?, true)),
    }
}

/// `2hh[G]`: a help move, then the other side's move to the goal `G`.
fn help_mate_end(node: &Node) -> Option<Goal> {
    let Node::Branch(b) = node else { return None };
    match b.steps.as_slice() {
        [first, second]
            if !b.forced
                && !b.hidden
                && !b.inverted
                && b.min.is_none()
                && b.length == 2
                && first.letter == Letter::Help
                && second.letter == Letter::Help
                && !first.if_in_check
                && !second.if_in_check
                && first.ends.is_empty()
                && first.constraints.is_empty()
                && second.constraints.is_empty() =>
        {
            match second.ends.as_slice() {
                [end] => plain_goal(end),
                _ => None,
            }
        }
        _ => None,
    }
}

/// `1h[G]h`: a help move reaching the goal `G`.
fn own_goal_end(node: &Node) -> Option<Goal> {
    let Node::Branch(b) = node else { return None };
    // `one_move_to_goal` checks the shape (a plain move, one end).
    one_move_to_goal(b)?;
    match b.steps.as_slice() {
        [first, _] if first.letter == Letter::Help => plain_goal(&first.ends[0]),
        _ => None,
    }
}

/// `1a[G]d` or `1a[G]d{C}` after a defence: the attacker's goal `G` and
/// the goal `C` the defence must have reached (each a goal or a negated
/// goal).
fn nested_attack_end(b: &Branch) -> Option<(Goal, Option<Goal>)> {
    let plain = b.is_plain_move();
    let single = |node: &Node| goal_expression(node).filter(|g| !matches!(g, Goal::And(..)));
    match b.steps.as_slice() {
        [a, d]
            if plain
                && a.letter == Letter::Attack
                && d.letter == Letter::Defence
                && !a.if_in_check
                && !d.if_in_check
                && a.constraints.is_empty()
                && d.ends.is_empty() =>
        {
            let [end] = a.ends.as_slice() else {
                return None;
            };
            let constraint = match d.constraints.as_slice() {
                [] => None,
                [c] => Some(single(c)?),
                _ => return None,
            };
            Some((single(end)?, constraint))
        }
        _ => None,
    }
}

/// `1d[G]a`: every move of the other side reaches G (self play's end).
fn self_end(b: &Branch) -> Option<Goal> {
    let plain = b.is_plain_move();
    match b.steps.as_slice() {
        [d, a]
            if plain
                && d.letter == Letter::Defence
                && a.letter == Letter::Attack
                && !d.if_in_check
                && !a.if_in_check
                && d.constraints.is_empty()
                && a.constraints.is_empty()
                && a.ends.is_empty() =>
        {
            match d.ends.as_slice() {
                [end] => goal_expression(end),
                _ => None,
            }
        }
        _ => None,
    }
}

/// `1a[G]d` (`>` or not) after an attack: semi-reflex play's end, the
/// defender's move to G.
fn semi_reflex_goal(fork: &Branch) -> Option<Goal> {
    let mut unforced = fork.clone();
    unforced.forced = false;
    match one_move_to_goal(&unforced)? {
        Goal::Zugzwang(_) => None,
        g if unforced.steps[0].letter == Letter::Attack => Some(g),
        _ => None,
    }
}

/// `>1a[G]d` with the constraint `!1a[G]d`: reflex play's end.
fn reflex_goal(fork: &Branch, not: &Node) -> Option<Goal> {
    let Node::Branch(constraint) = not else {
        return None;
    };
    let mut unforced = fork.clone();
    unforced.forced = false;
    if unforced != **constraint {
        return None;
    }
    match one_move_to_goal(constraint)? {
        Goal::Zugzwang(_) => None,
        g if constraint.steps[0].letter == Letter::Attack => Some(g),
        _ => None,
    }
}

struct Reader<'a> {
    text: &'a [u8],
    at: usize,
    /// Operands open around the reader: a bound keeps the recursion off
    /// the stack's end.
    depth: u32,
}

/// The deepest nesting read (Popeye's stipulations nest a few levels).
const MAX_DEPTH: u32 = 64;

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        let hit = self.peek() == Some(b);
        self.at += usize::from(hit);
        hit
    }

    /// Where the reader stands, for an error: `at '...'` or `at the end`.
    fn place(&self) -> String {
        match &self.text[self.at..] {
            [] => "at the end".to_string(),
            rest => format!("at '{}'", String::from_utf8_lossy(rest)),
        }
    }

    /// Operands joined by `&` and `|`: as Popeye reads them, an operand
    /// and the expression after its operator (`A&B|C` is `A&(B|C)`).
    fn expression(&mut self) -> Result<Node, String> {
        let left = self.operand()?;
        let join = if self.eat(b'&') {
            Node::And
        } else if self.eat(b'|') {
            Node::Or
        } else {
            return Ok(left);
        };
        if self.depth >= MAX_DEPTH {
            return Err(format!("nested more than {MAX_DEPTH} deep"));
        }
        self.depth += 1;
        let right = self.expression();
        self.depth -= 1;
        Ok(join(Box::new(left), Box::new(right?)))
    }

    fn operand(&mut self) -> Result<Node, String> {
        if self.depth >= MAX_DEPTH {
            return Err(format!("nested more than {MAX_DEPTH} deep"));
        }
        self.depth += 1;
        let node = self.unnested_operand();
        self.depth -= 1;
        node
    }

    fn unnested_operand(&mut self) -> Result<Node, String> {
        if self.eat(b'!') {
            return Ok(Node::Not(Box::new(self.operand()?)));
        }
        if self.eat(b'(') {
            let inner = self.expression()?;
            if !self.eat(b')') {
                return Err(format!("')' expected {}", self.place()));
            }
            return Ok(inner);
        }
        match self.peek() {
            Some(b'>' | b'/' | b'-' | b'0'..=b'9') if !self.text[self.at..].starts_with(b"00") => {
                self.branch()
            }
            _ => self.goal(),
        }
    }

    fn goal(&mut self) -> Result<Node, String> {
        let rest = &self.text[self.at..];
        let square = |at: usize| {
            std::str::from_utf8(rest.get(at..at + 2)?)
                .ok()
                .and_then(Square::parse)
        };
        let (goal, len) = if rest.starts_with(b"z") {
            (Goal::Target(square(1).ok_or("'z' needs a square")?), 3)
        } else if let Some(sq) = rest.starts_with(b"k").then(|| square(1)).flatten() {
            (Goal::Kiss(sq), 3)
        } else {
            let (sym, goal) = GOALS
                .iter()
                .find(|(sym, _)| rest.starts_with(sym.as_bytes()))
                .filter(|(sym, _)| !sym.starts_with('!'))
                .ok_or_else(|| format!("a goal or a branch expected {}", self.place()))?;
            (*goal, sym.len())
        };
        self.at += len;
        Ok(Node::Goal(goal))
    }

    fn number(&mut self) -> Result<u32, String> {
        let start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
        std::str::from_utf8(&self.text[start..self.at])
            .ok()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("a length expected {}", self.place()))
    }

    fn branch(&mut self) -> Result<Node, String> {
        let forced = self.eat(b'>');
        let hidden = self.eat(b'/');
        let inverted = self.eat(b'-');
        let first = self.number()?;
        let (min, length) = if self.eat(b':') {
            (Some(first), self.number()?)
        } else {
            (None, first)
        };
        if min.is_some_and(|m| m > length) {
            return Err(format!("the minimum length {first} exceeds the length"));
        }
        let mut steps: Vec<Step> = Vec::new();
        loop {
            let if_in_check = self.text[self.at..].starts_with(b"?+?");
            if if_in_check {
                self.at += 3;
            }
            let letter = match self.peek() {
                Some(b'a') => Some(Letter::Attack),
                Some(b'd') => Some(Letter::Defence),
                Some(b'h') => Some(Letter::Help),
                Some(b's') => Some(Letter::Series),
                _ => None,
            };
            if let Some(letter) = letter {
                self.at += 1;
                steps.push(Step {
                    letter,
                    if_in_check,
                    ends: Vec::new(),
                    constraints: Vec::new(),
                });
                continue;
            }
            if if_in_check {
                return Err("'?+?' must stand before a move letter".into());
            }
            let close = match self.peek() {
                Some(b'[') => b']',
                Some(b'{') => b'}',
                _ => break,
            };
            self.at += 1;
            let node = self.expression()?;
            if !self.eat(close) {
                return Err(format!("'{}' expected {}", close as char, self.place()));
            }
            let step = steps
                .last_mut()
                .ok_or("a branch's moves come before what they lead to")?;
            if close == b']' {
                step.ends.push(node);
            } else {
                step.constraints.push(node);
            }
        }
        let letters: String = steps
            .iter()
            .map(|s| match s.letter {
                Letter::Attack => 'a',
                Letter::Defence => 'd',
                Letter::Help => 'h',
                Letter::Series => 's',
            })
            .collect();
        if !["ad", "da", "hh", "h", "s"].contains(&letters.as_str()) {
            return Err(format!(
                "a branch's moves are 'ad', 'da', 'hh' or 's', found '{letters}'"
            ));
        }
        Ok(Node::Branch(Box::new(Branch {
            forced,
            hidden,
            inverted,
            min,
            length,
            steps,
        })))
    }
}

fn write_node(node: &Node, out: &mut String) {
    match node {
        Node::Goal(g) => out.push_str(&goal_symbol(*g)),
        Node::Not(inner) => {
            out.push('!');
            write_node(inner, out);
        }
        Node::And(a, b) | Node::Or(a, b) => {
            write_node(a, out);
            out.push(if matches!(node, Node::And(..)) {
                '&'
            } else {
                '|'
            });
            write_node(b, out);
        }
        Node::Branch(b) => {
            for (on, sign) in [(b.forced, '>'), (b.hidden, '/'), (b.inverted, '-')] {
                if on {
                    out.push(sign);
                }
            }
            if let Some(m) = b.min {
                out.push_str(&format!("{m}:"));
            }
            out.push_str(&b.length.to_string());
            for step in &b.steps {
                if step.if_in_check {
                    out.push_str("?+?");
                }
                out.push(match step.letter {
                    Letter::Attack => 'a',
                    Letter::Defence => 'd',
                    Letter::Help => 'h',
                    Letter::Series => 's',
                });
                // An attack's constraints (tested before the defence
                // that follows) come after its ends (`/2da[#]{!+}`), as
                // a help move's do (`4hh[#]{!+}`), and so do a series
                // move's but a goal (`2s{x}[1a[x]d]`,
                // `2s[1a[x]d]{!1a[x]d}`).
                let after = |c: &Node| match step.letter {
                    Letter::Attack | Letter::Help => true,
                    Letter::Series => !matches!(c, Node::Goal(_)),
                    _ => false,
                };
                let ends = step.ends.iter().map(|n| (n, '[', ']'));
                let constraints = |late: bool| {
                    step.constraints
                        .iter()
                        .filter(move |c| after(c) == late)
                        .map(|n| (n, '{', '}'))
                };
                for (n, open, close) in constraints(false).chain(ends).chain(constraints(true)) {
                    out.push(open);
                    write_node(n, out);
                    out.push(close);
                }
            }
        }
    }
}

fn goal_symbol(goal: Goal) -> String {
    match goal {
        Goal::Target(sq) => format!("z{sq}"),
        Goal::Kiss(sq) => format!("k{sq}"),
        g => GOALS
            .iter()
            .find(|(_, x)| *x == g)
            .map_or_else(String::new, |(sym, _)| (*sym).to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stipulation::Play;

    fn read(text: &str) -> Structured {
        Structured::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn echoes_as_popeye_writes_them() {
        for (input, echo) in [
            ("black - 5h[/1d[x]a{!+}]h", "-5h[/1d[x]a{!+}]h"),
            ("white 3a[#]d | 4hh[#]", "3a[#]d|4hh[#]"),
            ("black 3s[1s[-1s[+]]{x}]", "3s[1s{x}[-1s[+]]]"),
            ("black 4hh[1s[1s[#]]{+}]", "4hh[1s{+}[1s[#]]]"),
            ("black 10:12hh[#]", "10:12hh[#]"),
            ("white 1a[!x&#]d", "1a[!x&#]d"),
            ("black 13h[1h[#]h]?+?h", "13h[1h[#]h]?+?h"),
            ("white 13h[00]?+?h", "13h[00]?+?h"),
            ("white 3a[>1a[#]d]d{!1a[#]d}", "3a[>1a[#]d]d{!1a[#]d}"),
            ("black 6hh[/2da[#]{!+}]", "6hh[/2da[#]{!+}]"),
            ("white 2s[1a[x]d]{!1a[x]d}", "2s[1a[x]d]{!1a[x]d}"),
            ("white 2s[#]{!x}", "2s[#]{!x}"),
            ("white 2s[1a[x]d]{x}", "2s{x}[1a[x]d]"),
            ("black 4hh{!+}[#]", "4hh[#]{!+}"),
            ("white 3h{!x}[x]h", "3h[x]{!x}h"),
        ] {
            assert_eq!(read(input).echo(), echo, "{input}");
        }
    }

    #[test]
    fn the_operators_and_their_order() {
        let s = read("white 4hh[#] & (4ad[#] | 4hh[=])");
        let Node::And(_, right) = s.root else {
            panic!("{:?}", s.root)
        };
        assert!(matches!(*right, Node::Or(..)));
        // Popeye reads an operand, then the expression after its operator.
        let s = read("white 3a[#]d & 4hh[#] | 4hh[=]");
        let (join, a, b) = s.root_join().unwrap();
        assert_eq!(join, Join::And);
        assert_eq!(a.text(), "sstipulation white 3a[#]d");
        assert_eq!(b.text(), "sstipulation white 4hh[#]|4hh[=]");
        assert_eq!(b.root_join().unwrap().0, Join::Or);
        assert!(read("white 3a[#]d").root_join().is_none());
        // `!#` is "not mate", never the auto-mate goal.
        let s = read("white 1a[!#]d");
        let Node::Branch(b) = s.root else { panic!() };
        assert_eq!(
            b.steps[0].ends,
            [Node::Not(Box::new(Node::Goal(Goal::Mate)))]
        );
    }

    #[test]
    fn refuses_what_is_not_the_language() {
        for bad in [
            "white",
            "green 3a[#]d",
            "white 3a[#d",
            "white 3q[#]",
            "white 3ah[#]",
            "white 5:3a[#]d",
            "white 3a[#]d)",
            "white [#]",
            format!("white {}#{}", "(".repeat(100_000), ")".repeat(100_000)).as_str(),
            format!("white 1a[{}#]d", "!".repeat(100_000)).as_str(),
            format!("white {}#", "#&".repeat(100_000)).as_str(),
        ] {
            assert!(Structured::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn maps_the_trees_that_are_ordinary_stipulations() {
        let ord = |t: &str| read(t).to_ordinary(t);
        let s = ord("black 4hh[#]").unwrap();
        assert_eq!((s.play, s.moves, s.half_move), (Play::Help, 2, false));
        let s = ord("white 5h[=]h").unwrap();
        assert_eq!((s.play, s.moves, s.half_move), (Play::Help, 2, true));
        let s = ord("black - 5h[/1d[x]a{!+}]h").unwrap();
        assert_eq!(
            (s.goal, s.half_move),
            (Goal::Zugzwang(&Goal::Capture), true)
        );
        let s = ord("white 4ad[x]").unwrap();
        assert_eq!(
            (s.play, s.goal, s.moves),
            (Play::SelfPlay, Goal::Capture, 2)
        );
        assert!(ord("white 3ad[x]").is_err());
        let s = ord("white 5s[#]").unwrap();
        assert_eq!((s.play, s.series, s.moves), (Play::Direct, true, 5));
        let s = ord("white 6s[1d[#]a]").unwrap();
        assert_eq!((s.play, s.series), (Play::SelfPlay, true));
        let s = ord("black 8s[1a[/1d[+]a{!+}]d]").unwrap();
        assert_eq!(
            (s.play, s.series, s.goal),
            (Play::Help, true, Goal::Zugzwang(&Goal::Check))
        );
        let s = ord("white 7h[#]?+?h").unwrap();
        assert_eq!((s.play, s.series, s.moves), (Play::Direct, true, 4));
        assert_eq!(s.parry, Some(crate::stipulation::Parry::Help));
        let s = ord("black 15h[1a[#]d]?+?h").unwrap();
        assert_eq!((s.play, s.moves), (Play::Help, 8));
        // A move of each side after the help moves, the first reaching a
        // goal of its own: help play a move longer.
        let s = ord("black 4hh[1s{+}[1s[#]]]").unwrap();
        assert_eq!(
            (s.moves, s.goal, s.penultimate),
            (3, Goal::Mate, Some(Goal::Check))
        );
        assert_eq!(s.shortest, Some(4));
        assert!(ord("white 4hh[1s{+}[1s[x]]]").is_err());
        // Either side's help play: the other side begins it with the
        // roles swapped, as `halfduplex` swaps them.
        let s = ord("white 4hh[#]").unwrap();
        assert_eq!(
            (s.play, s.moves, s.half_move, s.swapped),
            (Play::Help, 2, false, true)
        );
        let s = ord("black 5h[#]h").unwrap();
        assert_eq!((s.moves, s.half_move, s.swapped), (2, true, true));
        assert!(s.numbered_from_start && !s.numbered_as_answer);
        // Inverted at the root: the stated side's moves are numbered, the
        // first move written as the answer to one of them.
        let s = ord("white -4hh[#]").unwrap();
        assert_eq!((s.moves, s.swapped), (2, false));
        assert!(s.numbered_as_answer && !s.numbered_from_start);
        let s = ord("black -5h[#]h").unwrap();
        assert!(!s.swapped && !s.numbered_as_answer && !s.numbered_from_start);
        assert!(ord("black 3a[#]d").is_err());
        // Goal expressions: `!G`, `G&H` of goals and negated goals.
        let s = ord("white 1a[!x&#]d").unwrap();
        assert_eq!(s.goal, Goal::And(&Goal::Not(&Goal::Capture), &Goal::Mate));
        let s = ord("black 4hh[x&=]").unwrap();
        assert_eq!(s.goal, Goal::And(&Goal::Capture, &Goal::Stalemate));
        let s = ord("white 3a[!#]d").unwrap();
        assert_eq!((s.goal, s.moves), (Goal::Not(&Goal::Mate), 2));
        // Below the key, more than two goals, `!!`, a self-check goal.
        assert!(ord("white 3a[x&#]d").is_err());
        assert!(ord("white 4ad[x&+]").is_err());
        assert!(ord("black 4hh[x&=&+]").is_err());
        assert!(ord("black 4hh[!!x]").is_err());
        assert!(ord("black 4hh[##&x]").is_err());
        let s = ord("black 10:12hh[#]").unwrap();
        assert_eq!((s.moves, s.exact, s.shortest), (6, false, Some(10)));
        assert!(ord("white 3:5a[#]d").is_err());
        assert!(ord("white 3:5s[#]").is_err());
        assert!(ord("black 3:6hh[#]").is_err());
        let s = ord("white 3:5h[#]h").unwrap();
        assert_eq!((s.moves, s.half_move, s.shortest), (2, true, Some(3)));
        // A zugzwang fork without its constraint is no CapZug.
        assert!(ord("white 3a[/1d[x]a]d").is_err());
        // `/2da[G]{!+}`: each move lets the other side reach G.
        let s = ord("black 6hh[/2da[#]{!+}]").unwrap();
        assert_eq!((s.play, s.moves), (Play::Help, 3));
        assert_eq!(s.goal, Goal::Zugzwang(&Goal::Allows(&Goal::Mate)));
        assert!(ord("black 6hh[/2da[#]]").is_err());
        assert!(ord("black 6hh[2da[#]{!+}]").is_err());
        // One help move, a pass, then help play of the same side: the
        // intro `1->` followed by a pass.
        let s = ord("black 1h[- 14hh[#]]h").unwrap();
        assert_eq!((s.play, s.moves, s.half_move), (Play::Help, 7, false));
        assert_eq!((s.intro, s.intro_then_pass), (Some(1), true));
        assert!(ord("black 1h[- 2hh[#]]h").is_err());
        assert!(ord("black 3h[- 12hh[#]]h").is_err());
        assert!(ord("black 1h[- 14s[#]]h").is_err());
        // A `da` root: self play after the key, Black defending first.
        let s = ord("white - 5d[#]a").unwrap();
        assert_eq!((s.play, s.moves, s.post_key), (Play::SelfPlay, 3, true));
        assert!(!ord("white 4ad[#]").unwrap().post_key);
        assert!(ord("white - 4d[#]a").is_err());
        let s = ord("black 1d[#]a").unwrap();
        assert!(s.post_key && s.numbered_from_start);
        assert!(!ord("white - 1d[#]a").unwrap().numbered_from_start);
        assert!(ord("white 1d[#]a").is_err());
        // Two help ends joined: reciprocal help play, in either order.
        let s = ord("black 2hh[2hh[#]&1h[=]h]").unwrap();
        assert_eq!((s.play, s.moves, s.goal), (Play::Help, 2, Goal::Mate));
        assert_eq!(
            (s.reciprocal, s.reciprocal_own_first),
            (Some(Goal::Stalemate), false)
        );
        let s = ord("black 4hh[1h[#]h&2hh[#]]").unwrap();
        assert_eq!(
            (s.moves, s.reciprocal, s.reciprocal_own_first),
            (3, Some(Goal::Mate), true)
        );
        assert!(ord("black 2hh[2hh[#]&2hh[#]]").is_err());
        assert!(ord("black 2hh[2hh[#]&1h[dia]h]").is_err());
        assert!(ord("white 2hh[2hh[#]&1h[#]h]").is_err());
        // A negated constraint on the goal side's letter.
        let s = ord("black - 3h[#]{!x}h").unwrap();
        assert_eq!(
            (s.moves, s.half_move, s.goal_side_avoids),
            (1, true, Some(Goal::Capture))
        );
        assert!(!s.goal_is_end);
        assert_eq!(
            ord("black 4hh{!+}[#]").unwrap().goal_side_avoids,
            Some(Goal::Check)
        );
        assert!(ord("black - 3h[#]{x}h").is_err());
        assert!(ord("black - 3h[#]{!dia}h").is_err());
        // A `da` root ending in the attack: direct play after the key.
        let s = ord("white - 6da[#]").unwrap();
        assert_eq!((s.play, s.moves, s.post_key), (Play::Direct, 4, true));
        assert!(!s.numbered_from_start);
        assert!(ord("black 2da[=]").unwrap().numbered_from_start);
        assert!(ord("white - 5da[#]").is_err());
        assert!(ord("white - 4:4da[#]").is_err());
        // Semi-reflex play, the fork forced with `>` or not.
        for t in ["white 3a[>1a[#]d]d", "white 3a[1a[#]d]d"] {
            let s = ord(t).unwrap();
            assert_eq!((s.play, s.goal, s.moves), (Play::SemiReflex, Goal::Mate, 2));
        }
        // `Na[G]d[G]`: self play, quodlibet.
        let s = ord("white 4a[#=]d[#=]").unwrap();
        assert_eq!(
            (s.play, s.goal, s.moves, s.quodlibet),
            (Play::SelfPlay, Goal::MateOrStalemate, 2, true)
        );
        assert!(!ord("white 4ad[#]").unwrap().quodlibet);
        assert!(ord("white 4a[#]d[=]").is_err());
        // `n:n` series: exact.
        let s = ord("black 2:2s[1a[x]d]").unwrap();
        assert_eq!((s.play, s.series, s.exact), (Play::Help, true, true));
        assert!(ord("white 4:4s[#]").unwrap().exact);
    }

    #[test]
    fn maps_the_help_plays_ending_in_the_other_sides_attack() {
        let ord = |t: &str| read(t).to_ordinary(t);
        // The other side's attack ends the play as hr# ends it, White
        // first in whole moves; Black first, the roles swapped.
        for (t, bound, swapped) in [
            ("white 3h[1a[x]d]h", ReflexBound::Neither, false),
            ("white 3h[>1a[x]d]h", ReflexBound::Other, false),
            ("white 3h[>1a[x]d]h{!1a[x]d}", ReflexBound::Both, false),
            ("black 5h[>1a[#]d]h", ReflexBound::Other, true),
        ] {
            let s = ord(t).unwrap();
            assert_eq!(
                (s.play, s.reflex_bound, s.swapped),
                (Play::HelpReflex, bound, swapped),
                "{t}"
            );
        }
        assert_eq!(ord("white 5h[1a[x]d]h").unwrap().moves, 3);
        assert!(ord("white 3:3h[>1a[x]d]h").unwrap().exact);
        // The constraint without `>`, another fork, or on the wrong move.
        assert!(ord("white 3h[1a[x]d]h{!1a[x]d}").is_err());
        assert!(ord("white 3h[>1a[x]d]h{!1a[+]d}").is_err());
        assert!(ord("white 3h{!1a[x]d}[>1a[x]d]h").is_err());
        assert!(ord("white 3h[1d[x]a]h").is_err());
    }

    #[test]
    fn maps_a_help_constraint_against_the_goal_as_goal_is_end() {
        let ord = |t: &str| read(t).to_ordinary(t);
        let s = ord("black 4h{!x}h[x]").unwrap();
        assert_eq!((s.play, s.moves, s.goal_is_end), (Play::Help, 2, true));
        assert!(ord("white 3h[x]h{!x}").unwrap().goal_is_end);
        // Another goal; on the goal's own letter, the constraint of the
        // goal side's moves before the last.
        assert!(ord("black 4h{!+}h[x]").is_err());
        let s = ord("black 4hh{!x}[x]").unwrap();
        assert_eq!(
            (s.goal_is_end, s.goal_side_avoids),
            (false, Some(Goal::Capture))
        );
        assert!(!ord("black 4hh[x]").unwrap().goal_is_end);
    }

    #[test]
    fn maps_the_series_of_either_side_and_their_intros() {
        let ord = |t: &str| read(t).to_ordinary(t);
        let s = ord("white 2s[1a[x]d]{!1a[x]d}").unwrap();
        assert_eq!((s.play, s.series, s.swapped), (Play::Reflex, true, false));
        let s = ord("black 2s[>1a[x]d]{!1a[x]d}").unwrap();
        assert_eq!((s.play, s.swapped), (Play::Reflex, true));
        let s = ord("white 2s[1a[x]d]").unwrap();
        assert_eq!((s.play, s.series, s.swapped), (Play::Help, true, true));
        assert!(!ord("black 2s[1a[x]d]").unwrap().swapped);
        assert!(ord("black 3s[#]").unwrap().swapped);
        assert!(ord("black 3s[1d[#]a]").unwrap().swapped);
        // `>` without the constraint: series semi-reflex play.
        let s = ord("white 2s[>1a[x]d]").unwrap();
        assert_eq!(
            (s.play, s.series, s.swapped),
            (Play::SemiReflex, true, false)
        );
        // A series into the other side's series: its intro.
        let s = ord("white 2s[3s[1h[#]h]]").unwrap();
        assert_eq!(
            (s.play, s.series, s.moves, s.intro),
            (Play::Help, true, 3, Some(2))
        );
        let s = ord("black 1s[2s[#]]").unwrap();
        assert_eq!((s.play, s.moves, s.intro), (Play::Direct, 2, Some(1)));
        // Not where the other side's series swaps its roles.
        assert!(ord("white 1s[2s[#]]").is_err());
        assert!(ord("white 1:1s[2s[1h[#]h]]").is_err());
    }
}
