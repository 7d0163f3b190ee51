//! Popeye's option `intelligent`: where its intelligent mode goes, and what
//! the option then changes in what Popeye prints. The mode only speeds up
//! the search; the solutions are those of the ordinary search. Circe's own
//! speed-up of orthodox help mates (`mate_bound.rs`) acts with or without
//! the option.

use crate::board::Kind;
use crate::problem::{Problem, ProblemOption};
use crate::stipulation::{Goal, Play, Stipulation};

/// What `option intelligent` does to a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntelligentMode {
    /// The option is not given.
    Off,
    /// The mode applies: Popeye prints its own progress lines in place of
    /// the move numbers of `movenumbers`.
    On,
    /// Popeye's mode does not take the stipulation (only help play and
    /// series play ending in mate or stalemate): it says so, then solves as
    /// without the option.
    NotForStipulation,
    /// A fairy condition, fairy piece or kamikaze unit: Popeye says the
    /// mode is restricted and solves nothing.
    Restricted,
}

/// How `option intelligent` takes `problem` with the stipulation `stip`.
pub fn mode(problem: &Problem, stip: &Stipulation) -> IntelligentMode {
    if !problem.has_option(|o| *o == ProblemOption::Intelligent) {
        return IntelligentMode::Off;
    }
    let pos = &problem.position;
    // Popeye's mode allows a few conditions (no Circe form among them);
    // fairy pieces (dummies aside) join the promotions.
    let fairy = pos.fairy() & !pos.by_kind(Kind::DUMMY);
    let conditions = problem.rules.has_families()
        || !problem
            .rules
            .conditions
            .iter()
            .all(|c| c.allows_intelligent());
    if conditions || fairy.nonempty() || pos.kamikaze().nonempty() {
        return IntelligentMode::Restricted;
    }
    let goal = matches!(stip.goal, Goal::Mate | Goal::Stalemate);
    let play = match stip.play {
        Play::Help => true,
        Play::Direct => stip.series,
        Play::SelfPlay | Play::Reflex | Play::SemiReflex | Play::HelpSelf | Play::HelpReflex => {
            false
        }
    };
    if goal && play {
        IntelligentMode::On
    } else {
        IntelligentMode::NotForStipulation
    }
}
