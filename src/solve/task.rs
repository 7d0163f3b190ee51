//! A problem turned into a task, once for each twin and duplex half: the
//! stipulation read, the options made search settings, the rules with
//! every condition prepared, and every refusal decided here, with the line
//! it comes from. The search ([`super::solve_task_into`]) takes the task
//! and a sink and decides nothing more about the problem.

use super::direct::TreeOptions;
use super::intelligent::{self, IntelligentMode};
use super::play::Notice;
use super::search::{HelpEnd, MainPlay, SeriesEnd};
use super::{numbering, RootPart, SolveError};
use crate::board::{Color, Kind, Position};
use crate::moves::Move;
use crate::problem::{Problem, ProblemOption};
use crate::rules::Rules;
use crate::stipulation::{Goal, Play, ReflexBound, Stipulation};
use std::sync::Arc;

/// What the search needs of one problem (one twin, one duplex half).
#[derive(Clone, Debug)]
pub struct Task {
    pub(crate) stip: Stipulation,
    /// The diagram with the side to move that begins, identities tracked
    /// where the goal or the rules need them, the conditions prepared.
    pub(crate) pos: Position,
    /// The rules with the diagram's repertoire.
    pub(crate) rules: Rules,
    /// Help or series play (after the intro, if any); `None`: play with
    /// defence.
    pub(crate) main: Option<MainPlay>,
    pub(crate) tree: TreeOptions,
    /// The set play of help play, one half-move shorter.
    pub(crate) help_set: Option<MainPlay>,
    /// The set play of series play: its end alone (see
    /// [`Searcher::series_set_play`]).
    pub(crate) series_set: Option<SeriesEnd>,
    /// Notices for the reader before the play (Popeye's remarks that the
    /// problem is solved all the same).
    pub(crate) notices: Vec<Notice>,
    /// `keepmatingpiece`: the side that must keep a unit besides its king.
    pub(crate) keep_mating: Option<Color>,
    /// `goalisend`: the side whose moves end the play when they reach the
    /// goal (the side that does not make the goal move).
    pub(crate) goal_is_end: Option<Color>,
    pub(crate) max_solutions: Option<usize>,
    pub(crate) max_time: Option<u32>,
    pub(crate) stop_on_short: bool,
    /// `movenumbers` / `start n`: the number of the first move tried, and
    /// every first move in Popeye's order.
    pub(crate) numbered: Option<(u32, Vec<Move>)>,
    /// `start n` or `upto n` given (even 1): the shorter lines are not
    /// searched first.
    pub(crate) restart: bool,
    /// `start` or `upto` with a move path (`27:11`): the bounds of the
    /// moves after the first, numbered as they are tried.
    pub(crate) deep: Option<Arc<numbering::Bounds>>,
    /// The first moves never tried: those numbered before `start n`, and
    /// those of the other parts of `--first-moves`.
    pub(crate) root_skip: Arc<[Move]>,
    /// A proof game's target: the diagram (`pos` is then the game array).
    pub(crate) proof: Option<Arc<super::proof::ProofTarget>>,
}

/// What a problem becomes: a task to search, or a notice that is the whole
/// answer (Popeye solves nothing and says why).
#[derive(Debug)]
pub enum Prepared {
    Search(Box<Task>),
    Answer(Notice),
}

impl Task {
    /// The stipulation as read.
    pub fn stipulation(&self) -> &Stipulation {
        &self.stip
    }

    /// The position the play starts from.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The rules in force, conditions prepared.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Turns `problem` into a task (of the root moves of `part` only, when
    /// given), or the refusal with its reason and line.
    pub fn prepare(problem: &Problem, part: Option<RootPart>) -> Result<Prepared, SolveError> {
        if part.is_some() {
            refuse_global_options_with_parts(problem)?;
        }
        let stip = parse_stipulation(problem)?;
        let (tree, help_set_play) = play_options(problem, &stip)?;
        let intelligent = intelligent::mode(problem, &stip);
        let mut notices = Vec::new();
        match intelligent {
            IntelligentMode::Restricted => {
                return Ok(Prepared::Answer(Notice::IntelligentRestricted {
                    solved: false,
                }))
            }
            IntelligentMode::NotForStipulation => {
                notices.push(Notice::IntelligentRestricted { solved: true })
            }
            IntelligentMode::On => {
                // Popeye's intelligent search has no move numbers to start
                // from: what it then prints is not established.
                if let Some(o) = problem.options.iter().find(|o| {
                    matches!(&o.value, ProblemOption::Start(p) if p.0.len() > 1 || p.0.first().is_some_and(|&n| n > 1))
                        || matches!(o.value, ProblemOption::UpTo(_))
                }) {
                    return Err(SolveError::UnsupportedOption {
                        line: o.line,
                        name: "startmovenumber with intelligent".to_string(),
                    });
                }
            }
            IntelligentMode::Off => {}
        }
        let unsupported = || SolveError::UnsupportedStipulation {
            line: problem.stipulation.line,
            text: stip.text.clone(),
        };
        let white_begins = white_begins(problem, &stip);
        // `whitebegins` shortens plain help play by a half-move; what it
        // does to help-self play, series play (Popeye shortens `ser-#2` to
        // a `ser-#1` of its own) or an intro is not established.
        // A structured stipulation: Popeye turns the play around otherwise
        // (`black 6hh[#]` becomes Black's mate in five half-moves).
        let shifts_unknown_play = matches!(stip.play, Play::HelpSelf | Play::HelpReflex)
            || stip.series
            || stip.intro.is_some()
            || (stip.is_structured() && stip.white_begins_applies());
        if let Some(o) = problem
            .options
            .iter()
            .find(|o| shifts_unknown_play && o.value == ProblemOption::WhiteBegins)
        {
            return Err(SolveError::UnsupportedOption {
                line: o.line,
                name: "whitebegins".to_string(),
            });
        }
        if stip.intro.is_some() && help_set_play {
            return Err(unsupported());
        }
        if stip.goal.is_proof() {
            refuse_proof_options(problem, &stip)?;
        }
        if stip.reciprocal.is_some() {
            refuse_reciprocal_options(problem, &stip, intelligent)?;
        }
        // A goal on each side's moves: what set play, `whitebegins`,
        // `goalisend` and the intelligent mode make of it is not
        // established.
        let constrained = match (stip.other_goal, stip.goal_side_avoids) {
            (Some(_), _) => Some("a goal on each side's help moves"),
            (None, Some(_)) => Some("a constraint on the goal side's help moves"),
            (None, None) => None,
        };
        if let Some(what) = constrained {
            if let Some(o) = problem.options.iter().find(|o| {
                matches!(
                    o.value,
                    ProblemOption::SetPlay
                        | ProblemOption::WhiteBegins
                        | ProblemOption::GoalIsEnd
                        | ProblemOption::Intelligent
                )
            }) {
                return Err(SolveError::UnsupportedOption {
                    line: o.line,
                    name: format!("{} with {what}", option_word(&o.value)),
                });
            }
        }
        let mut pos = match stip.goal {
            // The game array of the standard walks (MarineChess's ...).
            Goal::ProofGame => {
                crate::rules::conditions::StandardWalks::proof_game_array(&problem.rules)
            }
            Goal::AToB => problem.start.ok_or_else(|| SolveError::Refused {
                line: problem.stipulation.line,
                why: "an a=>b needs the position it starts from".into(),
            })?,
            _ => problem.position,
        };
        pos.turn = starting_side(problem, &stip);
        if super::goal::Judge::needs_identities(stip.goal) || problem.rules.needs_identities() {
            pos.track_identities();
        }
        let mut rules = problem.rules;
        rules.resolve_sides(restricted_side(problem, &stip));
        crate::rules::conditions::put_carried_in_force(&mut rules, &problem.position);
        rules.repertoire = crate::rules::Repertoire::for_rules(&problem.position, &rules);
        if !rules.conditions.is_empty() {
            crate::rules::conditions::pepo::note_mating_generator(&mut rules, &problem.position);
            // The start of an a=>b keeps its own imitators.
            let start_imitators = pos.imitators;
            rules.conditions.prepare(&rules, &mut pos);
            if stip.goal == Goal::AToB && rules.has(crate::rules::Condition::Imitator) {
                pos.imitators = start_imitators;
            }
        }
        // The target is the diagram as the conditions prepare it (units
        // they mark, as HyperVolage's), compared with positions so marked.
        let proof = stip.goal.is_proof().then(|| {
            let mut target = problem.position;
            if !rules.conditions.is_empty() {
                rules.conditions.prepare(&rules, &mut target);
            }
            Arc::new(super::proof::ProofTarget::new(target, &rules))
        });
        let rules_line = match problem.condition_line {
            0 => problem.source.line,
            line => line,
        };
        refuse_combinations(&rules, &pos, stip.goal, rules_line)?;
        if rules.has(crate::rules::Condition::LosingChess) {
            if let Some(why) = crate::rules::conditions::losing::play_refusal(&stip) {
                return Err(SolveError::Refused {
                    line: rules_line,
                    why,
                });
            }
        }
        if rules.has(crate::rules::Condition::Immobilio) {
            use crate::rules::conditions::immobilio::play_refusal;
            if let Some(why) = play_refusal(&rules, &stip) {
                return Err(SolveError::Refused {
                    line: rules_line,
                    why,
                });
            }
        }
        if let Some(why) = crate::rules::conditions::revolving::goal_refusal(&rules, stip.goal) {
            return Err(SolveError::Refused {
                line: rules_line,
                why,
            });
        }
        if rules.has(crate::rules::Condition::PointReflection) {
            use crate::rules::conditions::point_reflection::play_refusal;
            if let Some(why) = play_refusal(stip.play, stip.moves) {
                return Err(SolveError::Refused {
                    line: rules_line,
                    why,
                });
            }
        }
        if rules.has(crate::rules::Condition::Pepo) {
            if let Some(why) = crate::rules::conditions::pepo::play_refusal(&stip) {
                return Err(SolveError::Refused {
                    line: rules_line,
                    why,
                });
            }
        }
        if rules.has(crate::rules::Condition::TraitorChess) {
            use crate::rules::conditions::traitor::play_refusal;
            if let Some(why) = play_refusal(&rules, &pos, &stip) {
                return Err(SolveError::Refused {
                    line: rules_line,
                    why,
                });
            }
        }
        // After the key (`postkeyplay`) the defender is to move: the king
        // that may not stand in check is the attacker's.
        let not_to_move = if tree.post_key {
            pos.turn
        } else {
            pos.turn.opponent()
        };
        let king_capturable = rules.conditions.all_keep(|c| c.diagram_check_illegal)
            && rules.in_check(&pos, not_to_move);
        // The king that can be taken is the whole answer, but for the set
        // play of play with defence, where the other side moves first.
        let battle =
            main_play(&stip, white_begins).is_none() && stip.intro.is_none() && !stip.series;
        if king_capturable && !(battle && tree.set_play) {
            return Ok(Prepared::Answer(Notice::KingCapturable));
        }
        if rules.alsatian() {
            if let Some(v) = crate::legality::orthodox_violation(&pos) {
                return Err(SolveError::IllegalDiagram(v));
            }
        }
        let main = main_play(&stip, white_begins);
        let battle = main.is_none() && stip.intro.is_none() && !stip.series;
        if main.is_none() && !battle {
            // An intro before play with defence: Popeye prints the whole
            // solution in the intro's line mode (the outermost output mode
            // wins), and what its line writer prints for the play with
            // defence (which defences, threats) is not established.
            return Err(unsupported());
        }
        // exact- in reflex play: the obligations hold before every move,
        // and a goal the defender must reach early refutes. How Popeye
        // prints tries and set play there is not established.
        if battle && stip.exact && matches!(stip.play, Play::Reflex | Play::SemiReflex) {
            if let Some(o) = problem.options.iter().find(|o| {
                matches!(
                    o.value,
                    ProblemOption::Try | ProblemOption::Defence(_) | ProblemOption::SetPlay
                )
            }) {
                return Err(SolveError::UnsupportedOption {
                    line: o.line,
                    name: format!("{:?}", o.value).to_lowercase(),
                });
            }
        }
        // `movenumbers` / `start n`: the first moves in Popeye's order
        // (none to number with postkeyplay); those numbered before n are
        // never tried. In intelligent mode Popeye prints progress lines of
        // its own instead.
        let numbered = numbering::start(problem)
            .filter(|_| !tree.post_key && intelligent != IntelligentMode::On)
            .map(|start| {
                let mut moves = numbering::first_moves_in_order(&pos, &rules);
                numbering::keep_target_reachers(&stip, &mut moves);
                (start, moves)
            });
        // `upto n`: those numbered after n neither.
        let bounds = numbering::Bounds::of(problem);
        let mut root_skip: Vec<Move> = numbered.as_ref().map_or(Vec::new(), |(_, moves)| {
            (1..)
                .zip(moves)
                .filter(|(n, _)| bounds.skips(&[*n]))
                .map(|(_, &mv)| mv)
                .collect()
        });
        // `start 27:11`: the moves after the first are numbered too, as far
        // as the paths reach.
        // Popeye numbers no later move in play with defence: it says so
        // and solves nothing.
        if main.is_none() && bounds.levels() > 1 {
            return Ok(Prepared::Answer(Notice::MoveNumbersIncompatible));
        }
        let deep = match numbered {
            Some(_) if bounds.levels() > 1 => {
                refuse_deep_path(problem, &stip, main, help_set_play)?;
                Some(Arc::new(bounds))
            }
            _ => None,
        };
        if let Some(part) = part {
            root_skip.extend(
                super::root_moves(&pos, &rules)
                    .into_iter()
                    .enumerate()
                    .filter(|(i, _)| !part.owns(*i))
                    .map(|(_, mv)| mv),
            );
        }
        let keep_mating = keep_mating_side(problem, main, &stip, pos.turn)?;
        let goal_is_end = goal_is_end_side(problem, main, &stip, pos.turn)?;
        let stop_on_short = problem.has_option(|o| *o == ProblemOption::StopOnShortSolutions);
        // Popeye stops short only in help and series play.
        if stop_on_short && main.is_none() {
            notices.push(Notice::StopOnShortSolutionsInDirectPlay);
        }
        // Set play of help play: the other side starts, one half-move
        // shorter; not when the side to move in the diagram is in check
        // (the set position would be illegal). A help play of one half-move
        // has none: Popeye says so and solves on.
        if let (Some(MainPlay::Help { plies: 1, .. }), None, true) =
            (main, stip.intro, help_set_play)
        {
            notices.push(Notice::SetPlayNotApplicable);
        }
        let help_set = match (main, stip.intro) {
            (
                Some(MainPlay::Help {
                    plies,
                    exact,
                    shortest,
                    end,
                }),
                None,
            ) if help_set_play && plies > 1 && !rules.in_check(&pos, pos.turn) => {
                Some(MainPlay::Help {
                    plies: plies - 1,
                    exact,
                    shortest: shortest.saturating_sub(1),
                    end,
                })
            }
            _ => None,
        };
        // Set play of series play: the end alone, the other side to move
        // (none where the series side is in check: the set position would
        // be illegal). Where the series side makes the last move itself
        // (ser-#) there is none, and Popeye says so and solves on.
        let series_set = match (main, stip.intro) {
            (Some(MainPlay::Series { end, .. }), None) if help_set_play => match end {
                SeriesEnd::Direct => {
                    notices.push(Notice::SetPlayNotApplicable);
                    None
                }
                SeriesEnd::Help | SeriesEnd::Reflex | SeriesEnd::SelfPlay => {
                    (!rules.in_check(&pos, pos.turn)).then_some(end)
                }
                // What Popeye makes of the set play of ser-hs,
                // ser-reci-h and the series `Ns[>1a[G]d]` is not
                // established.
                SeriesEnd::HelpSelf
                | SeriesEnd::Reciprocal
                | SeriesEnd::SemiReflex
                | SeriesEnd::TwoReplies => {
                    return Err(SolveError::UnsupportedOption {
                        line: option_line(problem, &ProblemOption::SetPlay),
                        name: format!("setplay with {}", stip.text),
                    })
                }
            },
            _ => None,
        };
        // The counter-mate (`##!`) that ends ser-s leaves the mover's own
        // king in check (`solve::forced_self_checks`). Not after an intro,
        // where that side is not settled, nor in pser-s, where Popeye cuts
        // the longer lines of a node with a shorter one (not established).
        if stip.series
            && stip.play == Play::SelfPlay
            && stip.goal == Goal::CounterMate
            && (stip.intro.is_some() || stip.parry.is_some())
        {
            return Err(SolveError::UnsupportedStipulation {
                line: problem.stipulation.line,
                text: stip.text.clone(),
            });
        }
        let mut tree = tree;
        tree.exact = stip.exact;
        tree.set_play_only = king_capturable;
        if king_capturable {
            notices.push(Notice::SetPlayOnly);
        }
        Ok(Prepared::Search(Box::new(Task {
            stip,
            pos,
            rules,
            main,
            tree,
            help_set,
            series_set,
            notices,
            keep_mating,
            goal_is_end,
            max_solutions: max_solutions(problem),
            max_time: problem.options.iter().find_map(|o| match o.value {
                ProblemOption::MaxTime(n) => Some(n),
                _ => None,
            }),
            stop_on_short,
            numbered,
            // Popeye searches no shorter lines first under `upto` either.
            restart: problem
                .has_option(|o| matches!(o, ProblemOption::Start(_) | ProblemOption::UpTo(_))),
            deep,
            root_skip: Arc::from(root_skip),
            proof,
        })))
    }
}

/// A move path (`start 27:11`) where circe numbers its levels as Popeye
/// does: in help and series play and proof games, over the help or series
/// moves of the line but its goal move (that too where Popeye numbers
/// every move there, a proof game's, or those reaching the square of
/// `z`), and over an intro's moves (play with defence has Popeye's notice
/// instead). What Popeye numbers at the other goal moves (its generators
/// of mating moves), after an intro, in set play and in the parries of
/// `pser-` is not established.
fn refuse_deep_path(
    problem: &Problem,
    stip: &Stipulation,
    main: Option<MainPlay>,
    set_play: bool,
) -> Result<(), SolveError> {
    let goal_move_numbered = stip.goal.is_proof() || matches!(stip.goal, Goal::Target(_));
    let (reach, beyond) = match (main, stip.intro) {
        (_, Some(moves)) => (moves, "beyond the intro"),
        (Some(MainPlay::Help { plies, end, .. }), None) => (
            plies - u32::from(end == HelpEnd::Goal && !goal_move_numbered),
            "into the goal move",
        ),
        (Some(MainPlay::Series { moves, end, .. }), None) if stip.parry.is_none() => (
            moves - u32::from(end == SeriesEnd::Direct && !goal_move_numbered),
            "into the goal move",
        ),
        (Some(_), None) => (1, "in a parry series"),
        // Popeye's notice (see `Task::prepare`).
        (None, _) => return Ok(()),
    };
    let deep = |o: &&crate::problem::Spanned<ProblemOption>| match &o.value {
        ProblemOption::Start(p) | ProblemOption::UpTo(p) => p.0.len() > 1,
        _ => false,
    };
    let Some(o) = problem.options.iter().find(deep) else {
        return Ok(());
    };
    let why = if set_play {
        "with set play"
    } else if numbering::Bounds::of(problem).levels() > reach as usize {
        beyond
    } else {
        return Ok(());
    };
    let path = match &o.value {
        ProblemOption::Start(p) | ProblemOption::UpTo(p) => p.to_string(),
        _ => String::new(),
    };
    Err(SolveError::UnsupportedOption {
        line: o.line,
        name: format!("{} {path} (a move path {why})", option_word(&o.value)),
    })
}

/// The options a proof game refuses: those that change who begins
/// (Popeye's proof game always starts with White from the game array; only
/// `a=>b` takes `whitebegins` and the duplexes), set play, and `intelligent`, whose
/// proof-game output is not established. An intro before one neither.
fn refuse_proof_options(problem: &Problem, stip: &Stipulation) -> Result<(), SolveError> {
    if stip.intro.is_some() {
        return Err(SolveError::UnsupportedStipulation {
            line: problem.stipulation.line,
            text: stip.text.clone(),
        });
    }
    let plain_a_to_b = stip.goal == Goal::AToB && !stip.series;
    let refused = problem.options.iter().find(|o| match o.value {
        ProblemOption::WhiteBegins | ProblemOption::HalfDuplex | ProblemOption::Duplex => {
            !plain_a_to_b
        }
        // ser-hdia and ser-ha=>b: the set play is the other side's one
        // move to the position, as in ser-h#.
        ProblemOption::SetPlay => !(stip.series && stip.play == Play::Help),
        ProblemOption::Intelligent => true,
        _ => false,
    });
    // Imitator: the start has the squares given before the stipulation,
    // the target those given after (the condition's). Popeye compares
    // them one by one in the order given, and those of the position
    // reached only: played where each position has one imitator.
    let imitator = crate::rules::Condition::Imitator;
    if stip.goal == Goal::AToB && problem.rules.has(imitator) {
        let start = problem.start.map_or(0, |p| p.imitators.count());
        if start != 1 || problem.rules.param(imitator).squares.count() != 1 {
            return Err(SolveError::Refused {
                line: problem.stipulation.line,
                why: "Imitator with a=>b is played with one imitator in each position".into(),
            });
        }
    }
    match refused {
        Some(o) => Err(SolveError::UnsupportedOption {
            line: o.line,
            name: format!(
                "{} with a proof game",
                format!("{:?}", o.value).to_lowercase()
            ),
        }),
        None => Ok(()),
    }
}

/// The options `reci-h` refuses: `whitebegins` (what Popeye makes of
/// it is not established), `maxsolutions` (Popeye counts its solutions otherwise
/// than by lines), and `movenumbers` where the reciprocal end is the
/// whole play (`reci-h#1`) and the intelligent mode does not replace it.
fn refuse_reciprocal_options(
    problem: &Problem,
    stip: &Stipulation,
    intelligent: IntelligentMode,
) -> Result<(), SolveError> {
    let whole = stip.moves == 1;
    let refused = problem.options.iter().find(|o| match o.value {
        ProblemOption::WhiteBegins | ProblemOption::MaxSolutions(_) => true,
        ProblemOption::MoveNumbers | ProblemOption::Start(_) | ProblemOption::UpTo(_) => {
            whole && intelligent != IntelligentMode::On
        }
        _ => false,
    });
    match refused {
        Some(o) => Err(SolveError::UnsupportedOption {
            line: o.line,
            name: format!("{} with a reciprocal help play", option_word(&o.value)),
        }),
        None => Ok(()),
    }
}

/// What the options that print hang on every first move before refuse
/// with `--first-moves`.
fn refuse_global_options_with_parts(problem: &Problem) -> Result<(), SolveError> {
    let global = problem.options.iter().find(|o| {
        matches!(
            o.value,
            ProblemOption::MoveNumbers
                | ProblemOption::Start(_)
                | ProblemOption::UpTo(_)
                | ProblemOption::MaxSolutions(_)
                | ProblemOption::StopOnShortSolutions
                | ProblemOption::MaxTime(_)
        )
    });
    match global {
        Some(o) => Err(SolveError::UnsupportedOption {
            line: o.line,
            name: format!("{} with --first-moves", option_word(&o.value)),
        }),
        None => Ok(()),
    }
}

/// The combinations of rules, units and goal that are refused: the
/// conditions' own refusals (Popeye's reasons, on the conditions' `line`)
/// and Popeye's others.
fn refuse_combinations(
    rules: &Rules,
    pos: &Position,
    goal: crate::stipulation::Goal,
    line: usize,
) -> Result<(), SolveError> {
    if let Some(why) = rules.refusal_for(pos, goal) {
        return Err(SolveError::Refused { line, why });
    }
    if rules.has(crate::rules::Condition::HaanerChess) && pos.kamikaze().nonempty() {
        return Err(SolveError::NotAllowed(
            "haaner chess not allowed with kamikaze-pieces",
        ));
    }
    if rules.family(crate::rules::Base::Circe).is_some() {
        // A kamikaze capturer and its victim could be reborn on one square.
        if pos.kamikaze().nonempty() && pos.fairy().nonempty() {
            return Err(SolveError::NotAllowed(
                "kamikaze units, Circe and fairy pieces",
            ));
        }
        if pos.by_kind(Kind::DUMMY).nonempty() {
            return Err(SolveError::NotAllowed("dummies and Circe"));
        }
    }
    refuse_with_orphans(rules, pos)?;
    if pos.neutral().nonempty() {
        if rules.alsatian() {
            return Err(SolveError::Unsupported(
                "Alsatian Circe with neutral units".into(),
            ));
        }
        // A neutral king (both sides' king) is played but where a captured
        // king comes back (Rex Inclusive): check then differs from Popeye's.
        if (pos.neutral() & pos.by_kind(Kind::KING)).nonempty()
            && rules
                .families()
                .any(|c| c.rex_inclusive && c.base != crate::rules::Base::AntiCirce)
        {
            return Err(SolveError::Unsupported(
                "a neutral king with Rex Inclusive".into(),
            ));
        }
    }
    Ok(())
}

/// Orphans and friends: Popeye refuses them beside neutral units; circe
/// plays them in orthodox chess and under the rules compared with Popeye
/// (docs/walks.md), and refuses the others.
fn refuse_with_orphans(rules: &Rules, pos: &Position) -> Result<(), SolveError> {
    use crate::rules::{Base, CirceRules, Condition};
    if (pos.by_kind(Kind::ORPHAN) | pos.by_kind(Kind::FRIEND)).is_empty() {
        return Ok(());
    }
    if pos.neutral().nonempty() {
        // Popeye: "too much fairy chess for neutral pieces".
        return Err(SolveError::NotAllowed(
            "neutral units and orphans or friends",
        ));
    }
    // Compared with Popeye on random problems (docs/walks.md).
    const COMPARED: [Condition; 4] = [
        Condition::AntiAndernachChess,
        Condition::WhiteMaximummer,
        Condition::BlackMaximummer,
        Condition::MakeTakeChess,
    ];
    let plain = |c: &CirceRules| {
        matches!(c.base, Base::Circe | Base::AntiCirce)
            && CirceRules {
                on_occupied_written: false,
                ..*c
            } == CirceRules::of(c.base)
    };
    if rules.families().any(|c| !plain(c)) {
        return Err(SolveError::Unsupported(
            "orphans and friends with a Circe form other than plain Circe and Anticirce".into(),
        ));
    }
    match rules.conditions.iter().find(|c| !COMPARED.contains(c)) {
        Some(c) => Err(SolveError::Unsupported(format!(
            "orphans and friends with {}",
            c.popeye_id()
        ))),
        None => Ok(()),
    }
}

/// Whether option `whitebegins` is given and applies to `stip` (Popeye
/// ignores it where it finds nothing to shorten: `h#2.5`, play with defence).
pub fn white_begins(problem: &Problem, stip: &Stipulation) -> bool {
    problem.has_option(|o| *o == ProblemOption::WhiteBegins) && stip.white_begins_applies()
}

/// The side that makes the first move.
pub fn starting_side(problem: &Problem, stip: &Stipulation) -> Color {
    // A proof game and a series towards a position begin with White
    // (`ser-ha=>b` with Black, the series side; `ser-hdia` with White's
    // series from the game array, Black's move ending it); `a=>b` with
    // Black unless `whitebegins`, which does not shorten it.
    // `halfduplex` lets the other side begin an `a=>b`.
    if stip.goal.is_proof() {
        let side = match (stip.series, stip.play, stip.goal) {
            (true, Play::Help, Goal::AToB) => Color::Black,
            (false, _, Goal::AToB) if !problem.has_option(|o| *o == ProblemOption::WhiteBegins) => {
                Color::Black
            }
            _ => Color::White,
        };
        let flipped = stip.goal == Goal::AToB
            && !stip.series
            && problem.has_option(|o| *o == ProblemOption::HalfDuplex);
        return if flipped { side.opponent() } else { side };
    }
    let white_begins = white_begins(problem, stip);
    let mut side = match (stip.play, stip.series) {
        (Play::Help, false) if !stip.half_move && !white_begins => Color::Black,
        (Play::HelpSelf | Play::HelpReflex, false) if stip.half_move => Color::Black,
        (Play::Help | Play::HelpSelf, true) => Color::Black,
        _ => Color::White,
    };
    // The intro is played by the side that does not begin the main play
    // (but where the other side passes after it).
    if stip.intro.is_some() && !stip.intro_then_pass {
        side = side.opponent();
    }
    if problem.has_option(|o| *o == ProblemOption::HalfDuplex) != stip.swapped {
        side = side.opponent();
    }
    side
}

/// The side Popeye's one-sided conditions written without a side bind
/// (UltraSchachZwang, Maximummer): the defender in direct, self and
/// reflex play, the side mated or stalemated in help play — Black, White
/// in the second half of a duplex; in series play and after an intro, the
/// side that does not play the series.
fn restricted_side(problem: &Problem, stip: &Stipulation) -> Color {
    if stip.series || stip.intro.is_some() && !stip.intro_then_pass {
        return starting_side(problem, stip).opponent();
    }
    if problem.has_option(|o| *o == ProblemOption::HalfDuplex) != stip.swapped {
        Color::White
    } else {
        Color::Black
    }
}

fn parse_stipulation(problem: &Problem) -> Result<Stipulation, SolveError> {
    Stipulation::parse(&problem.stipulation.value).map_err(|source| SolveError::Stipulation {
        line: problem.stipulation.line,
        source,
    })
}

/// The diagram as the solver starts from it: the side to move is the one
/// the stipulation (and `halfduplex`, `whitebegins`) makes begin.
pub fn starting_position(problem: &Problem) -> Result<Position, SolveError> {
    let stip = parse_stipulation(problem)?;
    let mut pos = problem.position;
    pos.turn = starting_side(problem, &stip);
    Ok(pos)
}

/// The options that shape the search and its printed tree: the tree
/// options of play with defence and whether help play shows set play.
/// An option this play type cannot honour is an error.
fn play_options(problem: &Problem, stip: &Stipulation) -> Result<(TreeOptions, bool), SolveError> {
    let battle = matches!(
        stip.play,
        Play::Direct | Play::SelfPlay | Play::Reflex | Play::SemiReflex
    ) && !stip.series;
    let mut tree = TreeOptions::default();
    if battle && stip.post_key {
        tree.post_key = true;
        tree.variations = true;
    }
    tree.quodlibet = battle && stip.quodlibet;
    tree.no_threat = battle && stip.no_threat;
    let mut help_set_play = false;
    for opt in &problem.options {
        match &opt.value {
            ProblemOption::HalfDuplex
            | ProblemOption::Duplex
            | ProblemOption::MaxSolutions(_)
            | ProblemOption::MaxTime(_)
            | ProblemOption::KeepMatingPiece
            | ProblemOption::GoalIsEnd
            | ProblemOption::StopOnShortSolutions
            | ProblemOption::WhiteBegins
            | ProblemOption::Cosmetic(_)
            | ProblemOption::NoBoard
            | ProblemOption::Intelligent
            | ProblemOption::MoveNumbers
            | ProblemOption::Start(_)
            | ProblemOption::UpTo(_)
            // Positions without a king need no special treatment: such a
            // side is never in check.
            | ProblemOption::NoWhiteKing
            | ProblemOption::NoBlackKing => {}
            ProblemOption::Variation if battle => tree.variations = true,
            ProblemOption::Try if battle => tree.tries = true,
            ProblemOption::Defence(n) if battle => {
                tree.tries = true;
                tree.max_refutations = *n;
            }
            ProblemOption::SetPlay if battle => tree.set_play = true,
            // Popeye's set play of a structured help play ending in the
            // other side's attack (without hr#'s bounds) is that side's
            // goal moves alone: not played. Nor is set play of a help
            // play numbered otherwise than by its length (`white 5h[#]h`,
            // `white -4hh[#]`): Popeye counts one inversion more there,
            // not written so yet.
            ProblemOption::SetPlay
                if matches!(stip.play, Play::Help | Play::HelpReflex)
                    && !stip.series
                    && stip.reflex_bound == ReflexBound::Both
                    && !stip.numbered_from_start
                    && !stip.numbered_as_answer =>
            {
                help_set_play = true
            }
            // Series play: the task decides by its end whether it applies.
            ProblemOption::SetPlay if stip.series => help_set_play = true,
            ProblemOption::NoThreat if battle => tree.no_threat = true,
            ProblemOption::NoShortVariations if battle => tree.no_short_variations = true,
            // Help and series play have no defences to leave out, and
            // Popeye's variations, tries and threats belong to its tree
            // output, which help and series play (line output) never use:
            // it ignores them there without a word.
            ProblemOption::NoShortVariations
            | ProblemOption::Variation
            | ProblemOption::Try
            | ProblemOption::Defence(_)
            | ProblemOption::NoThreat => {}
            ProblemOption::Threat(n) if battle => {
                tree.max_threat = Some(*n);
                tree.short_first = Some(*n);
            }
            ProblemOption::NonTrivial(m, n) if battle => {
                tree.nontrivial = Some((*m, *n));
                tree.short_first = Some(*n);
            }
            ProblemOption::MaxFlights(n) if battle => tree.max_flights = Some(*n),
            // After the key Popeye prints the threat and every variation.
            ProblemOption::PostKeyPlay if battle => {
                tree.post_key = true;
                tree.variations = true;
            }
            // Popeye ignores it in help and series play ("not applicable").
            ProblemOption::PostKeyPlay => {}
            // The last move was this double step: the reader has set the
            // en passant square.
            ProblemOption::EnPassant(squares) if squares.len() == 3 => {}
            // The reader (and each twin) has taken the castling rights.
            ProblemOption::NoCastling(_) | ProblemOption::CastlingMutuallyExclusive(..) => {}
            // Popeye guards only the defender's moves of play with defence
            // with these; help and series play have none to guard.
            ProblemOption::NonTrivial(..) | ProblemOption::MaxFlights(_) => {}
            ProblemOption::Quodlibet
                if battle && matches!(stip.play, Play::SelfPlay | Play::SemiReflex) =>
            {
                tree.quodlibet = true
            }
            other => {
                return Err(SolveError::UnsupportedOption {
                    line: opt.line,
                    name: format!("{other:?}").to_lowercase(),
                })
            }
        }
    }
    Ok((tree, help_set_play))
}

/// `keepmatingpiece`: the side that makes the last move of a help play,
/// which must keep a unit besides its king. Popeye's filter in the other
/// play types (battle, series, help-self play) is not played yet.
fn keep_mating_side(
    problem: &Problem,
    main: Option<MainPlay>,
    stip: &Stipulation,
    first: Color,
) -> Result<Option<Color>, SolveError> {
    let Some(line) = given_option_line(problem, &ProblemOption::KeepMatingPiece) else {
        return Ok(None);
    };
    match (main, stip.intro) {
        (
            Some(MainPlay::Help {
                plies,
                end: HelpEnd::Goal,
                ..
            }),
            None,
        ) => Ok(Some(if plies % 2 == 1 {
            first
        } else {
            first.opponent()
        })),
        _ => Err(SolveError::UnsupportedOption {
            line,
            name: "keepmatingpiece outside help play".to_string(),
        }),
    }
}

/// `goalisend`: the side that does not make the goal move, whose moves
/// end the play (the line fails) when they reach the goal; `first` moves
/// first in the play. None where the option does not apply (a reflex
/// play has a goal for each side: Popeye says so before the diagram, see
/// [`Stipulation::goal_is_end_applies`]).
fn goal_is_end_side(
    problem: &Problem,
    main: Option<MainPlay>,
    stip: &Stipulation,
    first: Color,
) -> Result<Option<Color>, SolveError> {
    // A structured stipulation's constraint says it as the option does.
    let line = match given_option_line(problem, &ProblemOption::GoalIsEnd) {
        Some(line) => line,
        None if stip.goal_is_end => problem.stipulation.line,
        None => return Ok(None),
    };
    if !stip.goal_is_end_applies() {
        return Ok(None);
    }
    let unsupported = |what: &str| SolveError::UnsupportedOption {
        line,
        name: format!("goalisend {what}"),
    };
    if problem.has_option(|o| *o == ProblemOption::Quodlibet) {
        return Err(unsupported("with quodlibet"));
    }
    // The side that makes the goal move; an intro is played by the side
    // that does not begin the play proper.
    let first = if stip.intro.is_some() && !stip.intro_then_pass {
        first.opponent()
    } else {
        first
    };
    let goal_side = match main {
        None => match stip.play {
            Play::Direct => first,
            _ => first.opponent(),
        },
        Some(MainPlay::Help { plies, end, .. }) => {
            let last = if plies % 2 == 1 {
                first
            } else {
                first.opponent()
            };
            match end {
                HelpEnd::Goal => last,
                _ => last.opponent(),
            }
        }
        // ser-hs: the series side is the one forced to the goal at the
        // end.
        Some(MainPlay::Series { end, .. }) => match end {
            SeriesEnd::Direct | SeriesEnd::HelpSelf => first,
            _ => first.opponent(),
        },
    };
    Ok(Some(goal_side.opponent()))
}

/// The help or series play `stip` asks for (after its intro, if any);
/// None for play with defence and what is not supported.
fn main_play(stip: &Stipulation, white_begins: bool) -> Option<MainPlay> {
    let half = u32::from(stip.half_move);
    let exact = stip.exact;
    let series = |end| {
        Some(MainPlay::Series {
            moves: stip.moves,
            exact,
            end,
        })
    };
    // reci-h#n: n-1 help moves (ser-reci-h#n: n-1 series moves) to the
    // reciprocal end, which is the whole play in reci-h#1 and ser-reci-h#1.
    if stip.reciprocal.is_some() {
        return Some(if stip.series && stip.moves > 1 {
            MainPlay::Series {
                moves: stip.moves - 1,
                exact,
                end: SeriesEnd::Reciprocal,
            }
        } else {
            MainPlay::Help {
                plies: 2 * (stip.moves - 1) + half,
                exact,
                shortest: 0,
                end: HelpEnd::Reciprocal,
            }
        });
    }
    match (stip.play, stip.series) {
        (Play::Help, false) => Some(MainPlay::Help {
            plies: 2 * stip.moves + half - u32::from(white_begins),
            exact,
            shortest: stip.shortest.unwrap_or(0),
            end: HelpEnd::Goal,
        }),
        // The last of the 2n half-moves is the forced one, so 2n-1 (or 2n
        // in hs#n.5) are help moves.
        (Play::HelpSelf, false) => Some(MainPlay::Help {
            plies: 2 * stip.moves + half - 1,
            exact,
            shortest: 0,
            end: HelpEnd::SelfPlay,
        }),
        (Play::Help, true) if stip.two_replies => series(SeriesEnd::TwoReplies),
        (Play::Help, true) => series(SeriesEnd::Help),
        (Play::Direct, true) => series(SeriesEnd::Direct),
        (Play::SelfPlay, true) => series(SeriesEnd::SelfPlay),
        (Play::HelpSelf, true) => series(SeriesEnd::HelpSelf),
        // As in hs#: the last of the 2n half-moves is the other side's goal
        // move.
        (Play::HelpReflex, false) => Some(MainPlay::Help {
            plies: 2 * stip.moves + half - 1,
            exact,
            shortest: 0,
            end: match stip.reflex_bound {
                ReflexBound::Both => HelpEnd::Reflex,
                ReflexBound::Other => HelpEnd::SemiReflex,
                ReflexBound::Neither => HelpEnd::Attack,
            },
        }),
        (Play::Reflex, true) => series(SeriesEnd::Reflex),
        (Play::SemiReflex, true) => series(SeriesEnd::SemiReflex),
        _ => None,
    }
}

/// The line of the first `option` as given (the problem's own line where
/// none).
fn option_line(problem: &Problem, option: &ProblemOption) -> usize {
    given_option_line(problem, option).unwrap_or(problem.stipulation.line)
}

/// The line of `option`, where the problem gives it.
fn given_option_line(problem: &Problem, option: &ProblemOption) -> Option<usize> {
    problem
        .options
        .iter()
        .find(|o| o.value == *option)
        .map(|o| o.line)
}

/// `option maxsolutions n`.
fn max_solutions(problem: &Problem) -> Option<usize> {
    problem.options.iter().find_map(|o| match o.value {
        ProblemOption::MaxSolutions(n) => Some(n as usize),
        _ => None,
    })
}

/// The word of an option that `--first-moves` refuses, as Popeye spells it.
fn option_word(option: &ProblemOption) -> &'static str {
    match option {
        ProblemOption::MoveNumbers => "movenumbers",
        ProblemOption::Start(_) => "startmovenumber",
        ProblemOption::UpTo(_) => "uptomovenumber",
        ProblemOption::MaxSolutions(_) => "maxsolutions",
        ProblemOption::StopOnShortSolutions => "stoponshortsolutions",
        ProblemOption::MaxTime(_) => "maxtime",
        ProblemOption::WhiteBegins => "whitebegins",
        ProblemOption::SetPlay => "setplay",
        ProblemOption::GoalIsEnd => "goalisend",
        ProblemOption::Intelligent => "intelligent",
        _ => "this option",
    }
}

/// What a complete line of help or series play holds: its help half-moves
/// (`Role::Help`) or series moves (`Role::Series`), as many as the
/// stipulation asks (`whitebegins` taken off); `None` for play with
/// defence. A line with fewer is a shorter solution.
pub fn full_line(problem: &Problem, stip: &Stipulation) -> Option<(crate::solve::Role, u32)> {
    match main_play(stip, white_begins(problem, stip))? {
        MainPlay::Help { plies, .. }
            if stip.goal.is_proof() || stip.numbered_from_start || stip.numbered_as_answer =>
        {
            Some((crate::solve::help_role(stip), plies))
        }
        // A reci-h help line ends with a help move and the goal move after
        // the reciprocal end; a ser-reci-h line with one more series move.
        MainPlay::Help {
            plies,
            end: HelpEnd::Reciprocal,
            ..
        } => Some((crate::solve::Role::Help, plies + 2)),
        MainPlay::Help { plies, .. } => Some((crate::solve::Role::Help, plies)),
        MainPlay::Series {
            moves,
            end: SeriesEnd::Reciprocal,
            ..
        } => Some((crate::solve::Role::Series, moves + 1)),
        MainPlay::Series { moves, .. } => Some((crate::solve::Role::Series, moves)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn problem(text: &str) -> Problem {
        let mut v = crate::io::popeye_input::parse_popeye(text, Path::new("t.inp")).unwrap();
        v.remove(0)
    }

    fn prepare(text: &str) -> Result<Prepared, SolveError> {
        Task::prepare(&problem(text), None)
    }

    #[test]
    fn a_refusal_of_the_rules_names_the_conditions_line() {
        let text = "beginproblem\npieces white ka1 rb1 black kh8\nstipulation ~1\n\ncondition anticirce contactgrid\nendproblem";
        match prepare(text) {
            Err(SolveError::Refused { line, why }) => {
                assert_eq!(line, 5);
                assert!(why.contains("anticirce"), "{why}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_king_that_can_be_taken_is_the_whole_answer() {
        // White's rook checks Black's king: with White to move (#1) the
        // king could be taken; in h#1 Black begins, in check, which is
        // fine.
        let direct = "beginproblem\npieces white ka1 rh1 black kh8\nstipulation #1\nendproblem";
        assert!(matches!(
            prepare(direct),
            Ok(Prepared::Answer(Notice::KingCapturable))
        ));
        let help = "beginproblem\npieces white ka1 rh1 black kh8\nstipulation h#1\nendproblem";
        match prepare(help) {
            Ok(Prepared::Search(task)) => {
                assert_eq!(task.position().turn, Color::Black);
                assert!(task.main.is_some());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn options_become_settings() {
        let text = "beginproblem\npieces white ka1 qc1 black kh8\nstipulation #2\noption try defence 2 maxsolutions 3\nendproblem";
        let Ok(Prepared::Search(task)) = prepare(text) else {
            panic!("not a task")
        };
        assert!(task.main.is_none(), "play with defence");
        assert!(task.tree.tries);
        assert_eq!(task.tree.max_refutations, 2);
        assert_eq!(task.max_solutions, Some(3));
    }

    fn task(text: &str) -> Box<Task> {
        match prepare(text) {
            Ok(Prepared::Search(task)) => task,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn line_play_ignores_the_options_of_the_tree() {
        let t = task("beginproblem\npieces white ka1 qc1 black kh8\nstipulation h#2\noption variation try defence 2 nothreat\nendproblem");
        assert!(!t.tree.variations && !t.tree.tries && !t.tree.no_threat);
    }

    #[test]
    fn series_set_play_is_the_end_alone_where_the_other_side_ends() {
        let with = |stip: &str| {
            task(&format!("beginproblem\npieces white ka1 qc1 black kh8\nstipulation {stip}\noption setplay\nendproblem"))
        };
        assert_eq!(with("ser-h#2").series_set, Some(SeriesEnd::Help));
        assert_eq!(with("ser-s#2").series_set, Some(SeriesEnd::SelfPlay));
        assert_eq!(with("ser-r#2").series_set, Some(SeriesEnd::Reflex));
        // ser-#: Popeye's "SetPlay not applicable - ignored", then the play.
        let direct = with("ser-#2");
        assert_eq!(direct.series_set, None);
        assert_eq!(direct.notices, [Notice::SetPlayNotApplicable]);
        assert!(matches!(
            prepare("beginproblem\npieces white ka1 qc1 black kh8\nstipulation ser-hs#2\noption setplay\nendproblem"),
            Err(SolveError::UnsupportedOption { line: 4, .. })
        ));
    }

    #[test]
    fn the_forced_counter_mate_of_parry_series_self_play_is_refused() {
        assert!(matches!(
            prepare("beginproblem\npieces white ka7 qa3 black kc8 rb8\nstipulation pser-s##!2\nendproblem"),
            Err(SolveError::UnsupportedStipulation { line: 3, .. })
        ));
        assert!(matches!(
            prepare("beginproblem\npieces white ka7 qa3 black kc8 rb8\nstipulation ser-s##!1\nendproblem"),
            Ok(Prepared::Search(_))
        ));
    }
}
