//! Stipulations: play type, goal and length, parsed from Popeye's syntax
//! (`#2`, `h#2.5`, `s#3`, `ser-h#5`, `exact-h=3`, `3->#2`, `~1`).

use crate::board::Square;
use std::fmt;

pub mod structured;

/// What the final move must achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Goal {
    /// `#`
    Mate,
    /// `=`
    Stalemate,
    /// `==`
    DoubleStalemate,
    /// `+`
    Check,
    /// `x`
    Capture,
    /// `~`: any move.
    Any,
    /// `##`
    DoubleMate,
    /// `#=`: mate or stalemate... Popeye's "mate or stalemate".
    MateOrStalemate,
    /// `z<square>`: a unit arrives on the square.
    Target(Square),
    /// `00`
    Castling,
    /// `ep`
    EnPassant,
    /// `%`: win a piece (Popeye's "Steingewinn"): a capture whose victim is
    /// not reborn.
    WinPiece,
    /// `ct`
    Circuit,
    /// `<>`
    Exchange,
    /// `ctr`
    CircuitByRebirth,
    /// `<>r`
    ExchangeByRebirth,
    /// `##!`: counter-mate. The side to move is mated and makes a move
    /// (which may leave its own king in check) after which both sides are
    /// mated, as in `##`.
    CounterMate,
    /// `!#`: auto-mate. The move leaves its own side mated (in check,
    /// without a move); it may leave its own king in check.
    AutoMate,
    /// `!=`: auto-stalemate. After the move the side to move is not in
    /// check and the side that moved has no move. A self-check counts only
    /// where the rules force the stalemate (suffocation by paralysis).
    AutoStalemate,
    /// `k<square>`: kiss. The unit that moves ends beside the unit that
    /// stood on the square in the diagram, and no other unit stands beside
    /// that one.
    Kiss(Square),
    /// `c81`: the unit that moves ends on the far rank (the eighth for
    /// White, the first for Black).
    Chess81,
    /// `dia`: a proof game. The play starts from the game array, White
    /// first, and ends on the diagram (`solve::proof`).
    ProofGame,
    /// `a=>b`: the play starts from a position given before the diagram
    /// (A), Black first unless `whitebegins`, and ends on the diagram (B).
    AToB,
    /// A zugzwang that forces the goal it holds: after the move the side
    /// to move is not in check, has a move, and each of its moves reaches
    /// that goal (Popeye's CapZug, the structured stipulation's
    /// `/1d[x]a{!+}`). Those moves are not written.
    Zugzwang(&'static Goal),
    /// After the move the side to move has a move that reaches the goal
    /// it holds (inside a zugzwang, `/2da[G]{!+}`: each move of the side
    /// in zugzwang lets the other side reach G). That move is not written.
    Allows(&'static Goal),
    /// `!G` of a structured stipulation: the move does not reach G.
    Not(&'static Goal),
    /// `G&H` of a structured stipulation: the move reaches both.
    And(&'static Goal, &'static Goal),
}

/// The goals `Goal::Not` and `Goal::And` point to, each kept once for the
/// run: a goal is `Copy`, so its operands live here (a handful of goals
/// however many problems are read).
static INTERNED: std::sync::Mutex<Vec<&'static Goal>> = std::sync::Mutex::new(Vec::new());

impl Goal {
    /// The goal as a `'static` reference, for an operand of `Goal::Not` or
    /// `Goal::And`.
    pub fn interned(self) -> &'static Goal {
        let mut all = INTERNED.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(g) = all.iter().find(|g| ***g == self) {
            return g;
        }
        let g: &'static Goal = Box::leak(Box::new(self));
        all.push(g);
        g
    }

    /// The goals a goal expression is made of, leaves only.
    pub fn leaves(self) -> Vec<Goal> {
        match self {
            Goal::Not(g) => g.leaves(),
            Goal::And(a, b) => [a.leaves(), b.leaves()].concat(),
            g => vec![g],
        }
    }

    /// Whether reaching the goal leaves a side without a move (mate,
    /// stalemate and their double and either-or forms): Popeye's series
    /// goes on through such a position before its last move.
    pub fn implies_immobility(self) -> bool {
        if let Goal::And(a, b) = self {
            return a.implies_immobility() || b.implies_immobility();
        }
        matches!(
            self,
            Goal::Mate
                | Goal::Stalemate
                | Goal::DoubleStalemate
                | Goal::DoubleMate
                | Goal::MateOrStalemate
                | Goal::CounterMate
        )
    }

    /// Whether the goal is a position to reach: a proof game (`dia`) or
    /// `a=>b`, played from another position than the diagram's, its moves
    /// numbered from the first.
    pub fn is_proof(self) -> bool {
        matches!(self, Goal::ProofGame | Goal::AToB)
    }

    /// Whether the move reaching the goal may leave the mover's own king
    /// in check (Popeye tests no self-check after the goals whose test
    /// looks at the side that moved: `##`, `##!`, `!#`, `!=`).
    pub fn allows_self_check(self) -> bool {
        matches!(
            self,
            Goal::DoubleMate | Goal::CounterMate | Goal::AutoMate | Goal::AutoStalemate
        )
    }
}

/// Who plays which moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Play {
    /// White forces the goal against any defence.
    Direct,
    /// Both sides cooperate; Black starts.
    Help,
    /// White forces Black to reach the goal.
    SelfPlay,
    /// Self play where either side must reach the goal when it can.
    Reflex,
    /// `semi-r#n`: self play where the defender must reach the goal when
    /// it can (the attacker is under no obligation).
    SemiReflex,
    /// Help play whose end is self play: after the last help move the
    /// other side must reach the goal with every move (`hs#2`: White
    /// starts, Black's second move is forced to mate).
    HelpSelf,
    /// Help play whose end is reflex play (`hr#2`): after the last help
    /// move the other side can reach the goal, and does; the side that
    /// makes the last help move may never be able to reach the goal
    /// itself, and the other side never before the end. A structured
    /// stipulation binds the sides less (`Stipulation::reflex_bound`).
    HelpReflex,
}

/// Whom help play ending in the other side's goal move
/// (`Play::HelpReflex`) binds before that move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum ReflexBound {
    /// `hr#`, `Nh[>1a[G]d]h{!1a[G]d}`: the other side must reach the
    /// goal where it can (the line ends there), the side that makes the
    /// help moves may never be able to.
    Both,
    /// `Nh[>1a[G]d]h`: the other side only.
    Other,
    /// `Nh[1a[G]d]h`: neither; a line goes on past a goal reached
    /// before its end.
    Neither,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Stipulation {
    pub play: Play,
    /// Series play: one side makes all the moves but the last.
    pub series: bool,
    pub goal: Goal,
    /// Length in moves; help play may end on a half move (`h#2.5`).
    pub moves: u32,
    pub half_move: bool,
    /// `exact-`: no shorter solution counts.
    pub exact: bool,
    /// `n->`: an introductory series of at most n moves by the side that
    /// does not begin the main play; it may not give check.
    pub intro: Option<u32>,
    /// The other side passes after the intro too, so that the intro's
    /// side begins the main play: a structured stipulation's
    /// `1h[-Nhh[G]]h` (one help move, then help play begun by the same
    /// side).
    pub intro_then_pass: bool,
    /// `reci-h`: the reciprocal goal. The help play ends where Black can
    /// both help White reach `goal` in one move and reach this goal
    /// itself at once (`reci-h(=)#3`: stalemate White; without the
    /// parentheses the same goal as `goal`).
    pub reciprocal: Option<Goal>,
    /// `reci-h` written with Black's own goal moves before the help
    /// lines: a structured stipulation joining the two ends the other way
    /// round (`black 2hh[1h[#]h&2hh[#]]`).
    pub reciprocal_own_first: bool,
    /// Help play whose goal side's moves before the last may not reach
    /// this goal: a structured stipulation's negated constraint on the
    /// letter that reaches the goal (`black - 3h[#]{!x}h`: White's moves
    /// capture only where they mate).
    pub goal_side_avoids: Option<Goal>,
    /// Parry series (`pser-`, `phser-`): a series move may check, and
    /// the other side then parries it before the series goes on.
    pub parry: Option<Parry>,
    /// Help play numbered from its first move, which White makes: a
    /// structured stipulation whose stated side begins a help play of odd
    /// length (`white 5h[#]h`) numbers that side's moves, where `h#2.5`
    /// numbers Black's (`1...`); play with defence from the position
    /// after the key (`post_key`) likewise numbers the defender's first
    /// move `1.` (`black 1d[#]a`).
    pub numbered_from_start: bool,
    /// Help play written as the answer to a move of the other side, its
    /// first move `1...` whatever its length: a structured stipulation
    /// inverted at its root (`white -4hh[#]`, Black first, White's moves
    /// numbered).
    pub numbered_as_answer: bool,
    /// Help play whose last move but one must reach this goal: a
    /// structured help play ending in a move of each side, the first with
    /// a goal constraint (`black 4hh[1s{+}[1s[#]]]`: h#3 whose third
    /// black move checks).
    pub penultimate: Option<Goal>,
    /// Help play in which the moves of the side that does not make the
    /// last move have a goal of their own: a structured help play with a
    /// goal on each letter (`black 4h[=]h[#]`). Such a move reaching it
    /// ends the line, a solution where it is the last move but one.
    pub other_goal: Option<Goal>,
    /// Play with defence whose threats Popeye neither looks for nor
    /// writes, as under `option nothreat`: a structured stipulation whose
    /// goal is a nested branch's after the defence (`white 2ad[1a[+]d]`).
    pub no_threat: bool,
    /// Play with defence whose defences before the attacker's last move
    /// must reach this goal, or they refute: a structured stipulation's
    /// constraint on the defence of the nested branch (`white
    /// 2ad[1a[+]d{+}]`, a cross-check).
    pub defence_goal: Option<Goal>,
    /// Series help play whose other side makes two moves after the
    /// series, the series side passing between them, the first reaching
    /// `penultimate` where that is given, the second the goal: a
    /// structured stipulation's nested series of one move into the same
    /// side's (`black 3s[1s{x}[-1s[+]]]`).
    pub two_replies: bool,
    /// Help play of a structured stipulation `m:n` (m below n): the fewest
    /// half-moves of a solution.
    pub shortest: Option<u32>,
    /// Play with defence from the position after the key, the defender
    /// to move: a structured stipulation's `da` root (`white - 5d[#]a`),
    /// as `option postkeyplay`.
    pub post_key: bool,
    /// Self play where the attacker may reach the goal too: a structured
    /// stipulation's `Na[G]d[G]`, as `option quodlibet`.
    pub quodlibet: bool,
    /// Whom `Play::HelpReflex` binds before its end (`Both` elsewhere).
    pub reflex_bound: ReflexBound,
    /// The other side plays each role, as under `option halfduplex`: a
    /// structured stipulation whose stated side begins a play the
    /// ordinary one makes the other side begin (`black 3h[1a[x]d]h`).
    pub swapped: bool,
    /// The side that does not reach the goal may not reach it either,
    /// as under `option goalisend`: a structured help play's constraint
    /// `{!G}` on that side's moves (`black 4h{!x}h[x]`).
    pub goal_is_end: bool,
    /// The text as written.
    pub text: String,
}

/// How the other side parries a check in a parry series.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Parry {
    /// Every parry must be met (`pser-#`, `pser-s#`, `pser-r#`).
    Defence,
    /// The parry is a help move (`pser-h#`, and every `phser-`).
    Help,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("cannot read stipulation '{text}': {reason}")]
pub struct StipulationError {
    pub text: String,
    pub reason: String,
}

/// Goal symbols, longest first so that `##` wins over `#`.
const GOALS: &[(&str, Goal)] = &[
    ("a=>b", Goal::AToB),
    ("dia", Goal::ProofGame),
    ("##!", Goal::CounterMate),
    ("c81", Goal::Chess81),
    ("<>r", Goal::ExchangeByRebirth),
    ("ctr", Goal::CircuitByRebirth),
    ("##", Goal::DoubleMate),
    ("#=", Goal::MateOrStalemate),
    ("!#", Goal::AutoMate),
    ("!=", Goal::AutoStalemate),
    ("==", Goal::DoubleStalemate),
    ("00", Goal::Castling),
    ("ep", Goal::EnPassant),
    ("ct", Goal::Circuit),
    ("<>", Goal::Exchange),
    ("#", Goal::Mate),
    ("=", Goal::Stalemate),
    ("+", Goal::Check),
    ("x", Goal::Capture),
    ("~", Goal::Any),
    ("%", Goal::WinPiece),
];

/// The longest play the solver takes, in half-moves; Popeye refuses the
/// stipulations longer than this as having too many moves.
pub const MAX_PLIES: u64 = 998;

/// The half-moves a stipulation may take at most, counted as Popeye counts
/// them: the other side's turns between series moves are not counted.
fn plies(play: Play, series: bool, moves: u32, half_move: bool, intro: Option<u32>) -> u64 {
    let moves = u64::from(moves);
    let main = if series {
        moves + 1
    } else {
        match play {
            Play::Direct => (2 * moves).saturating_sub(1),
            _ => 2 * moves + u64::from(half_move),
        }
    };
    main + u64::from(intro.unwrap_or(0))
}

impl Stipulation {
    /// Whether option `goalisend` applies: not where each side has a goal
    /// of its own (reflex play, `hr`, reciprocal help play), where Popeye
    /// ignores it ("GoalIsEnd not applicable").
    pub fn goal_is_end_applies(&self) -> bool {
        self.reciprocal.is_none() && !matches!(self.play, Play::Reflex | Play::HelpReflex)
    }

    /// Whether the stipulation was given in Popeye's structured form
    /// (`sstipulation`).
    pub fn is_structured(&self) -> bool {
        self.text.starts_with("sstipulation ")
    }

    /// Whether option `whitebegins` (Popeye's WhiteToPlay) applies: it
    /// shortens a help play of whole moves by its first half-move (`h#3`
    /// becomes `h#2.5`). Popeye finds nothing to shorten where the play
    /// begins with the half-move already (`h#2.5`) or is play with defence,
    /// and ignores the option there ("WhiteToPlay not applicable").
    pub fn white_begins_applies(&self) -> bool {
        if self.goal.is_proof() {
            return false;
        }
        match (self.play, self.series) {
            (Play::Help, false) => !self.half_move,
            (Play::Direct | Play::SelfPlay | Play::Reflex | Play::SemiReflex, false) => false,
            // Help-self and series play: Popeye shortens them too (the
            // solver refuses what that makes of them).
            _ => true,
        }
    }

    pub fn parse(text: &str) -> Result<Stipulation, StipulationError> {
        let err = |reason: &str| StipulationError {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        if let Some(rest) = text.trim().strip_prefix("sstipulation ") {
            return structured::Structured::parse(rest)
                .and_then(|tree| tree.to_ordinary(text.trim()))
                .map_err(|reason| err(&reason))
                .and_then(Stipulation::within_limit);
        }
        let mut s = text.trim().to_ascii_lowercase();
        // Popeye reads `exact-` before or after the intro; either way it
        // belongs to the main play (the intro may always be shorter).
        let mut exact = false;
        if let Some(rest) = s.strip_prefix("exact-") {
            exact = true;
            s = rest.to_string();
        }
        let mut intro = None;
        if let Some(pos) = s.find("->") {
            let n: u32 = s[..pos]
                .parse()
                .map_err(|_| err("expected a number before '->'"))?;
            if n == 0 {
                return Err(err("the intro needs at least one move"));
            }
            intro = Some(n);
            s = s[pos + 2..].to_string();
        }
        if let Some(rest) = s.strip_prefix("exact-") {
            exact = true;
            s = rest.to_string();
        }
        let mut series = false;
        let mut parry = None;
        if let Some(rest) = s.strip_prefix("ser-") {
            series = true;
            s = rest.to_string();
        } else if let Some(rest) = s.strip_prefix("pser-") {
            series = true;
            parry = Some(if rest.starts_with('h') {
                Parry::Help
            } else {
                Parry::Defence
            });
            s = rest.to_string();
        } else if let Some(rest) = s.strip_prefix("phser-") {
            series = true;
            parry = Some(Parry::Help);
            s = rest.to_string();
        }
        // `reci-h(g1)g2n`: the goal in parentheses is Black's own.
        let mut reciprocal: Option<Option<Goal>> = None;
        if let Some(rest) = s.strip_prefix("reci-h") {
            reciprocal = Some(None);
            let rest = match rest.strip_prefix('(') {
                Some(inner) => {
                    let (g, after) = inner
                        .split_once(')')
                        .ok_or_else(|| err("'(' without ')' in the reciprocal goal"))?;
                    let (goal, tail) =
                        Stipulation::goal_prefix(g).ok_or_else(|| err("unknown goal"))?;
                    if !tail.is_empty() || goal.is_proof() {
                        return Err(err("unknown reciprocal goal"));
                    }
                    reciprocal = Some(Some(goal));
                    after
                }
                None => rest,
            };
            s = format!("h{rest}");
        }
        // A proof game (`dia`, `a=>b`) is help play; in series, a series
        // reaching the position (`ser-dia`), or a series of the other
        // side after which the position is reached in one move
        // (`ser-hdia`, `ser-ha=>b`).
        let is_proof = |t: &str| ["dia", "a=>b"].iter().any(|g| t.starts_with(g));
        let series_help_proof = series && s.strip_prefix('h').is_some_and(is_proof);
        let proof = is_proof(&s) || series_help_proof;
        let (play, rest) = if series_help_proof {
            (Play::Help, &s[1..])
        } else if proof {
            (if series { Play::Direct } else { Play::Help }, s.as_str())
        } else if let Some(r) = s.strip_prefix("hs") {
            (Play::HelpSelf, r)
        } else if let Some(r) = s.strip_prefix("hr") {
            (Play::HelpReflex, r)
        } else if let Some(r) = s.strip_prefix('h') {
            (Play::Help, r)
        } else if let Some(r) = s.strip_prefix("semi-r") {
            (Play::SemiReflex, r)
        } else if let Some(r) = s.strip_prefix('s') {
            (Play::SelfPlay, r)
        } else if let Some(r) = s.strip_prefix('r') {
            (Play::Reflex, r)
        } else {
            (Play::Direct, s.as_str())
        };
        let (goal, rest) = if let Some(r) = rest.strip_prefix('z') {
            let sq = r.get(..2).and_then(Square::parse).ok_or_else(|| {
                err("goal 'z' needs a target square, as in 'hz e4 2'... write 'hze42'")
            })?;
            (Goal::Target(sq), &r[2..])
        } else if let Some(sq) = rest
            .strip_prefix('k')
            .and_then(|r| r.get(..2))
            .and_then(Square::parse)
        {
            (Goal::Kiss(sq), &rest[3..])
        } else {
            Stipulation::goal_prefix(rest).ok_or_else(|| err("unknown goal"))?
        };
        if goal.is_proof() && !proof {
            return Err(err(
                "a proof game ('dia', 'a=>b') takes no play type before it",
            ));
        }
        // Popeye lets the count stand apart from the goal (`hze8 1.5`).
        let rest = rest.trim_start();
        // Popeye reads the count as a decimal: `dia3.0` is `dia3`.
        let (num, half_move) = match rest.strip_suffix(".5") {
            Some(n) => (n, true),
            None => (rest.strip_suffix(".0").unwrap_or(rest), false),
        };
        let moves: u32 = num
            .parse()
            .map_err(|_| err("expected the number of moves after the goal"))?;
        if moves == 0 && !half_move {
            return Err(err("the number of moves must be at least 1"));
        }
        if half_move && (!matches!(play, Play::Help | Play::HelpSelf | Play::HelpReflex) || series)
        {
            return Err(err(
                "half moves ('.5') are only for help and help-self play",
            ));
        }
        if half_move && moves == 0 && play == Play::HelpSelf {
            return Err(err("help-self play needs at least one help move"));
        }
        if play == Play::SemiReflex && series {
            return Err(err("semi-reflex play is not played in series"));
        }
        if play == Play::HelpReflex && (series || half_move && moves == 0) {
            return Err(err(
                "help-reflex play is played with at least one help move, not in series",
            ));
        }
        // What Popeye makes of an intro before a reciprocal help play is
        // not established.
        if reciprocal.is_some() && intro.is_some() {
            return Err(err("a reciprocal help play takes no intro"));
        }
        // Popeye answers no exact-ser-reci-h at all, solutions or not: what
        // it should be is not established.
        if reciprocal.is_some() && series && exact {
            return Err(err(
                "exact- with a series reciprocal help play is not played",
            ));
        }
        if parry.is_some() && (reciprocal.is_some() || exact) {
            return Err(err("a parry series takes neither reci- nor exact-"));
        }
        let reciprocal = reciprocal.map(|g| g.unwrap_or(goal));
        // ser-reci-h#1 is a series of no move before reci-h#1: Popeye plays
        // and writes it as reci-h#1.
        let mut text = text.trim().to_string();
        if series && reciprocal.is_some() && moves == 1 && !half_move {
            series = false;
            text = text[text.to_ascii_lowercase().find("reci").unwrap_or(0)..].to_string();
        }
        Stipulation {
            intro,
            reciprocal,
            reciprocal_own_first: false,
            goal_side_avoids: None,
            parry,
            ..Stipulation::plain(play, series, goal, moves, half_move, exact, text)
        }
        .within_limit()
    }

    /// The play of `moves` moves (and a half), written `text`, with none
    /// of the extras: no intro, second goal, parry or numbering of its own.
    pub fn plain(
        play: Play,
        series: bool,
        goal: Goal,
        moves: u32,
        half_move: bool,
        exact: bool,
        text: String,
    ) -> Stipulation {
        Stipulation {
            play,
            series,
            goal,
            moves,
            half_move,
            exact,
            intro: None,
            intro_then_pass: false,
            reciprocal: None,
            reciprocal_own_first: false,
            goal_side_avoids: None,
            parry: None,
            numbered_from_start: false,
            numbered_as_answer: false,
            penultimate: None,
            other_goal: None,
            no_threat: false,
            defence_goal: None,
            two_replies: false,
            shortest: None,
            post_key: false,
            quodlibet: false,
            reflex_bound: ReflexBound::Both,
            swapped: false,
            goal_is_end: false,
            text,
        }
    }

    /// The half-moves the play may take at most (the other side's turns
    /// between series moves not counted).
    pub fn plies(&self) -> u64 {
        plies(
            self.play,
            self.series,
            self.moves,
            self.half_move,
            self.intro,
        )
    }

    /// The stipulation, unless it is longer than the solver plays.
    fn within_limit(self) -> Result<Stipulation, StipulationError> {
        let plies = self.plies();
        if plies > MAX_PLIES {
            return Err(StipulationError {
                reason: format!(
                    "too many moves: {plies} half-moves, the solver plays at most {MAX_PLIES}"
                ),
                text: self.text,
            });
        }
        Ok(self)
    }
}

impl Stipulation {
    /// The goal `text` begins with (symbols only, not `z` or `k`), and
    /// what follows it.
    fn goal_prefix(text: &str) -> Option<(Goal, &str)> {
        GOALS
            .iter()
            .find(|(sym, _)| text.starts_with(sym))
            .map(|(sym, goal)| (*goal, &text[sym.len()..]))
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stipulations_longer_than_popeye_plays_are_refused() {
        for ok in ["h#499", "#499", "ser-#990", "ser-h#997", "3->ser-h#490"] {
            assert!(Stipulation::parse(ok).is_ok(), "{ok}");
        }
        for long in [
            "h#499.5",
            "#500",
            "ser-h#998",
            "ser-#1000",
            "h#1000000000",
            "#4294967295",
            "4294967295->ser-h#2",
            "sstipulation white 4294967295a[#]d",
        ] {
            let e = Stipulation::parse(long).unwrap_err();
            assert!(e.reason.starts_with("too many moves"), "{long}: {e:?}");
        }
    }

    #[test]
    fn parses_the_common_forms() {
        let s = Stipulation::parse("#2").unwrap();
        assert_eq!(
            (s.play, s.goal, s.moves, s.series),
            (Play::Direct, Goal::Mate, 2, false)
        );
        let s = Stipulation::parse("h#2.5").unwrap();
        assert_eq!((s.play, s.moves, s.half_move), (Play::Help, 2, true));
        let s = Stipulation::parse("ser-h#5").unwrap();
        assert_eq!((s.play, s.series, s.moves), (Play::Help, true, 5));
        let s = Stipulation::parse("s#3").unwrap();
        assert_eq!(s.play, Play::SelfPlay);
        let s = Stipulation::parse("hs==2").unwrap();
        assert_eq!((s.play, s.goal), (Play::HelpSelf, Goal::DoubleStalemate));
        let s = Stipulation::parse("~1").unwrap();
        assert_eq!((s.play, s.goal, s.moves), (Play::Direct, Goal::Any, 1));
        let s = Stipulation::parse("3->#2").unwrap();
        assert_eq!((s.intro, s.moves), (Some(3), 2));
        let s = Stipulation::parse("exact-h=3").unwrap();
        assert!(s.exact);
        assert_eq!(s.goal, Goal::Stalemate);
        let s = Stipulation::parse("hze42").unwrap();
        assert_eq!(s.goal, Goal::Target(Square::parse("e4").unwrap()));
        assert_eq!(
            Stipulation::parse("h<>r2").unwrap().goal,
            Goal::ExchangeByRebirth
        );
        assert_eq!(Stipulation::parse("##2").unwrap().goal, Goal::DoubleMate);
    }

    #[test]
    fn help_self_and_intros() {
        let s = Stipulation::parse("hs#2.5").unwrap();
        assert_eq!((s.play, s.moves, s.half_move), (Play::HelpSelf, 2, true));
        let s = Stipulation::parse("ser-hs#5").unwrap();
        assert_eq!((s.play, s.series), (Play::HelpSelf, true));
        // `exact-` may come before or after the intro.
        for text in ["exact-3->ser-#2", "3->exact-ser-#2"] {
            let s = Stipulation::parse(text).unwrap();
            assert_eq!((s.intro, s.exact, s.moves), (Some(3), true, 2));
        }
        assert!(Stipulation::parse("hs#0.5").is_err());
        assert!(Stipulation::parse("ser-hs#2.5").is_err());
        assert!(Stipulation::parse("0->ser-#2").is_err());
    }

    #[test]
    fn structured_synonyms() {
        let s = Stipulation::parse("sstipulation white 3a[#]d").unwrap();
        assert_eq!(
            (s.play, s.goal, s.moves, s.exact),
            (Play::Direct, Goal::Mate, 2, false)
        );
        let s = Stipulation::parse("sstipulation white 5:5a[#]d").unwrap();
        assert_eq!((s.moves, s.exact), (3, true));
        let s = Stipulation::parse("sstipulation white 3a[>1a[#]d]d{!1a[#]d}").unwrap();
        assert_eq!((s.play, s.moves), (Play::Reflex, 2));
        // Popeye's semi-r#2, the fork into Black's attack forced.
        let s = Stipulation::parse("sstipulation white 3a[1a[#]d]d").unwrap();
        assert_eq!((s.play, s.moves), (Play::SemiReflex, 2));
        assert!(Stipulation::parse("sstipulation black 3a[#]d").is_err());
        assert!(Stipulation::parse("sstipulation black 4hh[1a[x]d]").is_err());
        // A goal on each letter: h#2 whose Black moves may stalemate.
        let s = Stipulation::parse("sstipulation black 4h[=]h[#]").unwrap();
        assert_eq!(
            (s.play, s.goal, s.moves, s.other_goal),
            (Play::Help, Goal::Mate, 2, Some(Goal::Stalemate))
        );
        // An attack nested after the defence: exact direct play without
        // threats; its defence's constraint, the goal each defence must
        // reach.
        let s = Stipulation::parse("sstipulation white 2ad[1a[+]d{+}]").unwrap();
        assert_eq!(
            (
                s.play,
                s.goal,
                s.moves,
                s.exact,
                s.no_threat,
                s.defence_goal
            ),
            (Play::Direct, Goal::Check, 2, true, true, Some(Goal::Check))
        );
        assert!(Stipulation::parse("sstipulation white 4ad[1a[+]d]").is_err());
        // A series into two moves of the other side, the first reaching
        // the constraint's goal.
        let s = Stipulation::parse("sstipulation black 3s[1s[-1s[+]]{x}]").unwrap();
        assert_eq!(
            (
                s.play,
                s.series,
                s.goal,
                s.moves,
                s.two_replies,
                s.penultimate
            ),
            (Play::Help, true, Goal::Check, 3, true, Some(Goal::Capture))
        );
        // A goal on the other side's letter alone: the branch a half-move
        // shorter (`black 3h[=]h`, Black's moves stalemate).
        let s = Stipulation::parse("sstipulation black 4h[=]h").unwrap();
        assert_eq!(
            (s.goal, s.moves, s.half_move, s.other_goal),
            (Goal::Stalemate, 1, true, None)
        );
        // `!#` there is "not mate", no auto-mate.
        let s = Stipulation::parse("sstipulation white 1a[!#]d").unwrap();
        assert_eq!(s.goal, Goal::Not(&Goal::Mate));
    }

    #[test]
    fn the_goals_of_the_mover_kiss_and_far_rank() {
        let goal = |t: &str| Stipulation::parse(t).unwrap().goal;
        assert_eq!(goal("##!2"), Goal::CounterMate);
        assert_eq!(goal("h##!0.5"), Goal::CounterMate);
        assert_eq!(goal("##2"), Goal::DoubleMate);
        assert_eq!(goal("!#1"), Goal::AutoMate);
        assert_eq!(goal("ser-!=16"), Goal::AutoStalemate);
        assert_eq!(goal("c817"), Goal::Chess81);
        let s = Stipulation::parse("hc812").unwrap();
        assert_eq!((s.play, s.goal, s.moves), (Play::Help, Goal::Chess81, 2));
        let s = Stipulation::parse("hkh31").unwrap();
        assert_eq!(
            (s.play, s.goal, s.moves),
            (Play::Help, Goal::Kiss(Square::parse("h3").unwrap()), 1)
        );
        assert_eq!(goal("kc52"), Goal::Kiss(Square::parse("c5").unwrap()));
        assert!(Goal::AutoMate.allows_self_check());
        assert!(!Goal::Mate.allows_self_check());
    }

    #[test]
    fn the_count_may_stand_apart_from_the_goal() {
        let s = Stipulation::parse("hze8 1.5").unwrap();
        assert_eq!(
            (s.goal, s.moves, s.half_move),
            (Goal::Target(Square::parse("e8").unwrap()), 1, true)
        );
        let s = Stipulation::parse("ser-s00 9").unwrap();
        assert_eq!((s.goal, s.moves, s.series), (Goal::Castling, 9, true));
        assert!(Stipulation::parse("h00 ").is_err());
    }

    #[test]
    fn proof_games_are_help_play_and_their_series_white_alone() {
        let s = Stipulation::parse("dia 3").unwrap();
        assert_eq!(
            (s.play, s.goal, s.moves, s.half_move, s.series),
            (Play::Help, Goal::ProofGame, 3, false, false)
        );
        let s = Stipulation::parse("dia2.5").unwrap();
        assert_eq!((s.moves, s.half_move), (2, true));
        // Popeye reads the count as a decimal.
        let s = Stipulation::parse("a=>b 1.0").unwrap();
        assert_eq!((s.goal, s.moves, s.half_move), (Goal::AToB, 1, false));
        let s = Stipulation::parse("ser-dia9").unwrap();
        assert_eq!(
            (s.play, s.series, s.goal),
            (Play::Direct, true, Goal::ProofGame)
        );
        assert!(Stipulation::parse("exact-dia4").unwrap().exact);
        assert!(!Stipulation::parse("dia4").unwrap().white_begins_applies());
        assert!(Stipulation::parse("dia0").is_err());
        assert!(Stipulation::parse("hdia2").is_err());
        let s = Stipulation::parse("ser-ha=>b2").unwrap();
        assert_eq!((s.play, s.series, s.goal), (Play::Help, true, Goal::AToB));
        assert!(Stipulation::parse("ser-sa=>b2").is_err());
        assert!(Stipulation::parse("sa=>b2").is_err());
    }

    #[test]
    fn a_parry_series_is_a_series_whose_checks_the_other_side_parries() {
        let s = Stipulation::parse("pser-#3").unwrap();
        assert_eq!(
            (s.play, s.series, s.parry),
            (Play::Direct, true, Some(Parry::Defence))
        );
        let s = Stipulation::parse("pser-h#2").unwrap();
        assert_eq!((s.play, s.parry), (Play::Help, Some(Parry::Help)));
        let s = Stipulation::parse("phser-s#2").unwrap();
        assert_eq!((s.play, s.parry), (Play::SelfPlay, Some(Parry::Help)));
        let s = Stipulation::parse("2->pser-h#3").unwrap();
        assert_eq!((s.intro, s.parry), (Some(2), Some(Parry::Help)));
        assert!(Stipulation::parse("pser-dia1").is_ok());
        assert_eq!(Stipulation::parse("ser-#2").unwrap().parry, None);
    }

    #[test]
    fn rejects_nonsense() {
        assert!(Stipulation::parse("#").is_err());
        assert!(Stipulation::parse("q#2").is_err());
        assert!(Stipulation::parse("#2.5").is_err());
        assert!(Stipulation::parse("#0").is_err());
    }

    #[test]
    fn a_series_reciprocal_help_play_of_one_move_is_reciprocal_help_play() {
        let s = Stipulation::parse("Ser-Reci-h#1").unwrap();
        assert_eq!(
            (s.series, s.moves, s.reciprocal),
            (false, 1, Some(Goal::Mate))
        );
        assert_eq!(s.text, "Reci-h#1");
        assert!(Stipulation::parse("ser-reci-h#2").unwrap().series);
    }

    #[test]
    fn reciprocal_help_reads_blacks_own_goal_in_parentheses() {
        let s = Stipulation::parse("reci-h(=)#3").unwrap();
        assert_eq!(
            (s.play, s.series, s.goal, s.reciprocal, s.moves),
            (Play::Help, false, Goal::Mate, Some(Goal::Stalemate), 3)
        );
        // Without parentheses Black's goal is the stipulation's.
        let s = Stipulation::parse("reci-h#2").unwrap();
        assert_eq!((s.goal, s.reciprocal), (Goal::Mate, Some(Goal::Mate)));
        let s = Stipulation::parse("ser-reci-h(#)=7").unwrap();
        assert_eq!(
            (s.series, s.goal, s.reciprocal, s.moves),
            (true, Goal::Stalemate, Some(Goal::Mate), 7)
        );
        let s = Stipulation::parse("reci-h#2.5").unwrap();
        assert!(s.half_move);
        // An ordinary help play has none.
        assert_eq!(Stipulation::parse("h#2").unwrap().reciprocal, None);
        for bad in [
            "reci-h(#=2",
            "reci-h(q)#2",
            "reci-h(dia)#2",
            "2->reci-h#2",
            "exact-ser-reci-h#3",
        ] {
            assert!(Stipulation::parse(bad).is_err(), "{bad}");
        }
    }
}
