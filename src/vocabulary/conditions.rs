//! Condition phrases: Popeye's grammar, base condition plus option words
//! (`Circe Mirror Assassin`, `AntiCirce Cheylan`, `MirrorCirce`,
//! `MarsCirce RexExclusive`, `Madrasi RexInclusive`), read into one
//! [`Rules`] value, and the lines that name a [`Rules`] value again under
//! the diagram (in Popeye's order and wording).

use super::{
    column, match_word, Match, CIRCE_OPTION_WORDS, CONDITION_NAMES, EXTRA_CONDITION_NAMES,
};
use crate::board::Kind;
use crate::problem::Language;
use crate::rules::conditions::Parameter;
use crate::rules::{
    AntiCirceType, Base, ChameleonSequence, CirceRules, Condition, KindSet, OnOccupied, Param,
    RebirthSquare, RebornWalk, RelevantCapture, Rules, SideOverride, SquareAdapter,
};

/// The words that may follow a Circe-family base condition, in the order
/// of [`CIRCE_OPTION_WORDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CirceOption {
    RexInclusive,
    RexExclusive,
    Mirror,
    Assassin,
    Diametral,
    VerticalMirror,
    Clone,
    Chameleon,
    Turncoats,
    Couscous,
    LastMove,
    Equipollents,
    Parrain,
    ContraParrain,
    Cage,
    Rank,
    File,
    Symmetry,
    VerticalSymmetry,
    HorizontalSymmetry,
    Diagram,
    Pwc,
    Antipodes,
    TakeMake,
    Super,
    April,
    Frischauf,
    Calvet,
    Cheylan,
    Strict,
    Relaxed,
    Volcanic,
    Parachute,
    Einstein,
    ReversalEinstein,
    WaitCapture,
    CaptureSquare,
}

impl CirceOption {
    /// Every option, in the order of [`CIRCE_OPTION_WORDS`].
    pub const ALL: [CirceOption; 37] = [
        CirceOption::RexInclusive,
        CirceOption::RexExclusive,
        CirceOption::Mirror,
        CirceOption::Assassin,
        CirceOption::Diametral,
        CirceOption::VerticalMirror,
        CirceOption::Clone,
        CirceOption::Chameleon,
        CirceOption::Turncoats,
        CirceOption::Couscous,
        CirceOption::LastMove,
        CirceOption::Equipollents,
        CirceOption::Parrain,
        CirceOption::ContraParrain,
        CirceOption::Cage,
        CirceOption::Rank,
        CirceOption::File,
        CirceOption::Symmetry,
        CirceOption::VerticalSymmetry,
        CirceOption::HorizontalSymmetry,
        CirceOption::Diagram,
        CirceOption::Pwc,
        CirceOption::Antipodes,
        CirceOption::TakeMake,
        CirceOption::Super,
        CirceOption::April,
        CirceOption::Frischauf,
        CirceOption::Calvet,
        CirceOption::Cheylan,
        CirceOption::Strict,
        CirceOption::Relaxed,
        CirceOption::Volcanic,
        CirceOption::Parachute,
        CirceOption::Einstein,
        CirceOption::ReversalEinstein,
        CirceOption::WaitCapture,
        CirceOption::CaptureSquare,
    ];

    /// The option's word in `lang`.
    pub fn word(self, lang: Language) -> &'static str {
        let i = CirceOption::ALL
            .iter()
            .position(|&o| o == self)
            .expect("listed");
        CIRCE_OPTION_WORDS[i][column(lang)]
    }

    fn lookup(lang: Language, word: &str) -> Match<CirceOption> {
        let col = column(lang);
        match_word(
            CirceOption::ALL
                .iter()
                .zip(CIRCE_OPTION_WORDS.iter())
                .map(move |(&o, w)| (w[col], o)),
            word,
        )
    }
}

/// What a condition name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Meaning {
    /// A base condition; option words may follow.
    Base(Base),
    /// A traditional name: a base with options already set, and the only
    /// word that may follow it.
    Named(Base, &'static [CirceOption], Trailing),
    /// A further condition; its parameter follows.
    Further(Condition),
    /// Popeye knows it; the solver does not play it.
    Unsupported,
}

/// The one extra word a traditional name accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Trailing {
    None,
    RexInclusive,
    RexExclusive,
    AntiCirceType,
    /// A list of piece codes (a chameleon sequence, April's kinds).
    Kinds,
}

use CirceOption as O;

/// The meaning of a Popeye condition, by Popeye's identifier.
fn meaning(id: &str) -> Meaning {
    use Base::*;
    use Trailing as T;
    let named = |b, o, t| Meaning::Named(b, o, t);
    if let Some(c) = Condition::by_popeye_id(id) {
        return Meaning::Further(c);
    }
    match id {
        "circe" => Meaning::Base(Circe),
        "anticirce" => Meaning::Base(AntiCirce),
        "mars" => Meaning::Base(MarsCirce),
        "antimars" => Meaning::Base(AntiMarsCirce),
        "phantom" => Meaning::Base(PhantomChess),
        "immun" => Meaning::Base(ImmunChess),
        "geneva" => Meaning::Base(GenevaChess),
        "circemirror" => named(Circe, &[O::Mirror], T::RexInclusive),
        "pwc" => named(Circe, &[O::Pwc], T::None),
        "circechameleon" => named(Circe, &[O::Chameleon], T::Kinds),
        "circecouscous" => named(Circe, &[O::Couscous], T::None),
        "circeequipollents" => named(Circe, &[O::Equipollents], T::RexInclusive),
        "circefile" => named(Circe, &[O::File], T::RexInclusive),
        "circediagramm" => named(Circe, &[O::Diagram], T::RexInclusive),
        "circeparrain" => named(Circe, &[O::Parrain], T::None),
        "circecontraparrain" => named(Circe, &[O::ContraParrain], T::None),
        "circesymmetry" => named(Circe, &[O::Symmetry], T::RexInclusive),
        "circeverticalsymmetry" => named(Circe, &[O::VerticalSymmetry], T::RexInclusive),
        "circehorizontalsymmetry" => named(Circe, &[O::HorizontalSymmetry], T::RexInclusive),
        "circefilemirror" => named(Circe, &[O::File, O::Mirror], T::RexInclusive),
        "circeantipoden" => named(Circe, &[O::Antipodes], T::RexInclusive),
        "circeclonemirror" => named(Circe, &[O::Clone, O::Mirror], T::RexInclusive),
        "supercirce" => named(Circe, &[O::Super], T::None),
        "circeclone" => named(Circe, &[O::Clone], T::RexInclusive),
        "frischauf" => named(Circe, &[O::Frischauf], T::RexInclusive),
        "circemirrorvertical" => named(Circe, &[O::VerticalMirror], T::RexInclusive),
        "circediametral" => named(Circe, &[O::Diametral], T::RexInclusive),
        "circerank" => named(Circe, &[O::Rank], T::RexInclusive),
        "circecouscousmirror" => named(Circe, &[O::Couscous, O::Mirror], T::RexInclusive),
        "circeassassin" => named(Circe, &[O::Assassin], T::RexInclusive),
        // AprilChess: Super, and Strict by default (no "not reborn").
        "april" => named(Circe, &[O::Super, O::Strict, O::April], T::Kinds),
        "circeturncoats" => named(Circe, &[O::Turncoats], T::None),
        "circedoubleagents" => named(Circe, &[O::Turncoats, O::Mirror], T::RexInclusive),
        "circecage" => named(Circe, &[O::Cage], T::None),
        "circetakeandmake" => named(Circe, &[O::TakeMake], T::None),
        "antimirror" => named(AntiCirce, &[O::Mirror], T::AntiCirceType),
        "antidiagramm" => named(AntiCirce, &[O::Diagram], T::AntiCirceType),
        "antifile" => named(AntiCirce, &[O::File], T::AntiCirceType),
        "antisymmetrie" => named(AntiCirce, &[O::Symmetry], T::AntiCirceType),
        "antiverticalsymmetrie" => named(AntiCirce, &[O::VerticalSymmetry], T::AntiCirceType),
        "antihorizontalsymmetrie" => named(AntiCirce, &[O::HorizontalSymmetry], T::AntiCirceType),
        "antimirrorfile" => named(AntiCirce, &[O::File, O::Mirror], T::AntiCirceType),
        "antiantipoden" => named(AntiCirce, &[O::Antipodes], T::AntiCirceType),
        "antiequipollents" => named(AntiCirce, &[O::Equipollents], T::AntiCirceType),
        "anticlonecirce" => named(AntiCirce, &[O::Clone], T::None),
        "antisuper" => named(AntiCirce, &[O::Super], T::AntiCirceType),
        "marsmirror" => named(MarsCirce, &[O::Mirror], T::RexExclusive),
        "antimarsmirror" => named(AntiMarsCirce, &[O::Mirror], T::RexExclusive),
        "antimarsantipodean" => named(AntiMarsCirce, &[O::Antipodes], T::RexExclusive),
        "immunmirror" => named(ImmunChess, &[O::Mirror], T::RexInclusive),
        "immunfile" => named(ImmunChess, &[O::File], T::None),
        "immundiagramm" => named(ImmunChess, &[O::Diagram], T::RexInclusive),
        "immunmirrorfile" => named(ImmunChess, &[O::File, O::Mirror], T::None),
        "immunsymmetry" => named(ImmunChess, &[O::Symmetry], T::None),
        "immunverticalsymmetry" => named(ImmunChess, &[O::VerticalSymmetry], T::None),
        "immunhorizontalsymmetry" => named(ImmunChess, &[O::HorizontalSymmetry], T::None),
        "immunantipoden" => named(ImmunChess, &[O::Antipodes], T::None),
        "immunequipollents" => named(ImmunChess, &[O::Equipollents], T::None),
        _ => Meaning::Unsupported,
    }
}

/// Names of our own, not Popeye's: Alsatian Circe (Circe, and every
/// position orthodox-legal).
const OWN_NAMES: [&str; 2] = ["AlsatianCirce", "CirceAlsacien"];

/// A condition phrase read.
#[derive(Clone, Debug, Default)]
pub struct ParsedConditions {
    pub rules: Rules,
    /// Complaints Popeye makes and goes on after (the word is ignored),
    /// each with the line of the word.
    pub warnings: Vec<(usize, String)>,
    /// Where each condition was last set, for messages.
    lines: Lines,
}

#[derive(Clone, Debug, Default)]
struct Lines {
    families: Vec<(Base, usize)>,
    further: Vec<(Condition, usize)>,
}

impl Lines {
    fn family(&mut self, b: Base, line: usize) {
        self.families.retain(|(x, _)| *x != b);
        self.families.push((b, line));
    }
    fn further(&mut self, c: Condition, line: usize) {
        self.further.retain(|(x, _)| *x != c);
        self.further.push((c, line));
    }
}

/// A word of a condition phrase and its line.
#[derive(Clone, Debug)]
pub struct Word {
    pub text: String,
    pub line: usize,
}

/// The words of a phrase, read one at a time; the reader's lexer
/// implements it.
pub trait Words {
    fn peek(&mut self) -> Option<Word>;
    fn advance(&mut self);
}

/// Which exclusive slots of a Circe record an option word has filled:
/// a second word for a filled slot is Popeye's "nonsense combination".
#[derive(Default)]
struct Slots {
    side: bool,
    square: bool,
    adapter: bool,
    walk: bool,
}

/// How strictly a phrase is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strictness {
    /// As Popeye reads its input: what it warns about and ignores (an
    /// ambiguous abbreviation, a nonsense combination) is a warning.
    Popeye,
    /// Every such mistake is an error (the TOML format).
    Strict,
}

/// Reads a condition phrase in `lang` (the words after Popeye's
/// `condition` keyword, or a TOML `condition` string) until `stop` says a
/// word belongs to what follows, or the words run out.
///
/// An unknown condition, and one the solver does not play, is an error
/// naming its line.
pub fn parse_conditions(
    words: &mut dyn Words,
    lang: Language,
    strictness: Strictness,
    stop: &dyn Fn(&str) -> bool,
) -> Result<ParsedConditions, (usize, String)> {
    let out = read_phrase(words, lang, stop)?;
    if strictness == Strictness::Strict {
        if let Some((line, w)) = out.warnings.first() {
            return Err((*line, w.clone()));
        }
    }
    // The conditions the solver does not play, each named on its line.
    for (r, line) in out.lines.families.iter() {
        if let Some(c) = out.rules.family(*r) {
            if !c.is_supported() {
                let mut one = Rules::default();
                one.set_family(*c);
                let name = condition_lines(lang, &one).join(" ");
                let why = match c.refusal() {
                    Some(why) => format!("is not supported: {why}"),
                    None => "is not supported yet".into(),
                };
                return Err((*line, format!("condition {name} {why}")));
            }
        }
    }
    if let Some(what) = out.rules.unsupported() {
        let line = out.lines.families.last().map_or(0, |(_, l)| *l);
        return Err((line, format!("{what} is not supported")));
    }
    if let Some(why) = out.rules.popeye_refusal() {
        let line = out.lines.families.last().map_or(0, |(_, l)| *l);
        return Err((line, format!("Popeye refuses these conditions: {why}")));
    }
    Ok(out)
}

/// The phrase read, before any check of what the solver plays.
fn read_phrase(
    words: &mut dyn Words,
    lang: Language,
    stop: &dyn Fn(&str) -> bool,
) -> Result<ParsedConditions, (usize, String)> {
    let col = column(lang);
    let mut out = ParsedConditions::default();
    let mut records: Vec<(CirceRules, Slots)> = Vec::new();
    while let Some(w) = words.peek() {
        if stop(&w.text) {
            break;
        }
        words.advance();
        if OWN_NAMES.iter().any(|n| n.eq_ignore_ascii_case(&w.text)) {
            // Alsatian Circe: Circe, with option words as after `Circe`.
            let r = record(&mut records, Base::Circe);
            let last = read_options(words, lang, r, &mut out.warnings, stop);
            out.lines.family(Base::Circe, last.unwrap_or(w.line));
            out.rules.conditions.insert(Condition::Alsatian);
            out.lines.further(Condition::Alsatian, w.line);
            continue;
        }
        let mut found = match_word(
            CONDITION_NAMES.iter().map(|c| (c.names[col], c.id)),
            &w.text,
        );
        // Popeye tries its two one-sided conditions only after the others.
        if found == Match::Nothing {
            found = match_word(
                EXTRA_CONDITION_NAMES.iter().map(|c| (c.names[col], c.id)),
                &w.text,
            );
        }
        let id = match found {
            Match::One(id) => id,
            Match::Ambiguous(names) => {
                out.warnings.push((
                    w.line,
                    format!(
                        "condition {} is not unique ({}) - ignored",
                        w.text,
                        names.join(", ")
                    ),
                ));
                continue;
            }
            // An option word where a condition name is expected (after a
            // traditional name that does not take it): Popeye says
            // "offending item" and goes on without it.
            Match::Nothing if matches!(CirceOption::lookup(lang, &w.text), Match::One(_)) => {
                out.warnings
                    .push((w.line, format!("offending item: {} - ignored", w.text)));
                continue;
            }
            Match::Nothing => {
                let names = CONDITION_NAMES
                    .iter()
                    .chain(EXTRA_CONDITION_NAMES.iter())
                    .map(|c| c.names[col])
                    .chain(OWN_NAMES.iter().copied())
                    .chain(CIRCE_OPTION_WORDS.iter().map(|w| w[col]));
                let hint = super::suggest::did_you_mean(&w.text, names);
                return Err((w.line, format!("unknown condition '{}'{hint}", w.text)));
            }
        };
        match meaning(id) {
            Meaning::Base(base) => {
                let r = record(&mut records, base);
                let last = read_options(words, lang, r, &mut out.warnings, stop);
                out.lines.family(base, last.unwrap_or(w.line));
            }
            Meaning::Named(base, options, trailing) => {
                out.lines.family(base, w.line);
                let r = record(&mut records, base);
                for &o in options {
                    apply(r, o, lang, words, &mut out.warnings, w.line);
                }
                // What a traditional name implies is not "written" (AprilChess
                // is Strict, but Popeye names it without the word).
                r.0.on_occupied_written = false;
                if trailing == Trailing::Kinds {
                    let kinds = read_kinds(words, lang, stop);
                    set_kinds(r, options, &kinds, &mut out.warnings, w.line);
                } else if let Some(next) = words.peek() {
                    if let Match::One(o) = CirceOption::lookup(lang, &next.text) {
                        let accepted = match trailing {
                            Trailing::RexInclusive => o == O::RexInclusive,
                            Trailing::RexExclusive => o == O::RexExclusive,
                            Trailing::AntiCirceType => matches!(o, O::Calvet | O::Cheylan),
                            Trailing::None | Trailing::Kinds => false,
                        };
                        if accepted {
                            words.advance();
                            apply(r, o, lang, words, &mut out.warnings, next.line);
                        }
                    }
                }
            }
            Meaning::Further(c) => {
                out.rules.conditions.insert(c);
                out.lines.further(c, w.line);
                let mut param = read_param(words, lang, c.parameter(), stop);
                // Squares named again add to those named before (Popeye
                // marks each square).
                if matches!(c.parameter(), Parameter::Squares | Parameter::TypedSquares) {
                    param.squares |= out.rules.params.get(c).squares;
                }
                if param != Param::default() && !out.rules.params.set(c, param) {
                    return Err((w.line, "too many conditions with parameters".into()));
                }
            }
            Meaning::Unsupported => {
                let name = CONDITION_NAMES
                    .iter()
                    .chain(EXTRA_CONDITION_NAMES.iter())
                    .find(|c| c.id == id)
                    .map_or(w.text.as_str(), |c| c.names[col]);
                return Err((w.line, format!("condition {name} is not supported")));
            }
        }
    }
    for (r, _) in records {
        out.rules.set_family(r);
    }
    if crate::rules::conditions::oscillating_kings::settle_swapping(&mut out.rules) {
        let line = out.lines.further.last().map_or(0, |(_, l)| *l);
        out.lines.further(Condition::SwappingKings, line);
    }
    Ok(out)
}

/// The record of `base`, opened with its defaults if it is not yet.
fn record(records: &mut Vec<(CirceRules, Slots)>, base: Base) -> &mut (CirceRules, Slots) {
    let i = match records.iter().position(|(r, _)| r.base == base) {
        Some(i) => i,
        None => {
            records.push((CirceRules::of(base), Slots::default()));
            records.len() - 1
        }
    };
    &mut records[i]
}

/// Option words after a base condition, as long as there are some; the
/// line of the last one read.
fn read_options(
    words: &mut dyn Words,
    lang: Language,
    r: &mut (CirceRules, Slots),
    warnings: &mut Vec<(usize, String)>,
    stop: &dyn Fn(&str) -> bool,
) -> Option<usize> {
    let mut last = None;
    while let Some(w) = words.peek() {
        if stop(&w.text) {
            return last;
        }
        let Match::One(o) = CirceOption::lookup(lang, &w.text) else {
            return last;
        };
        words.advance();
        last = Some(w.line);
        apply(r, o, lang, words, warnings, w.line);
        if matches!(o, O::Chameleon | O::April) {
            let kinds = read_kinds(words, lang, stop);
            set_kinds(r, &[o], &kinds, warnings, w.line);
        }
    }
    last
}

/// Piece codes following April or Chameleon. A piece code wins over a
/// keyword it is also an abbreviation of (`s`, `b`), as in Popeye, which
/// reads piece names there first.
/// LastCapture's unit: a side (a prefix of White or Black in the language
/// of the input), then a walk's code and a square, in one word (`bg4`) or
/// two (`b g4`). What is missing stays unset (the condition refuses it).
fn read_captured_unit(
    words: &mut dyn Words,
    lang: Language,
    stop: &dyn Fn(&str) -> bool,
    param: &mut Param,
) {
    let Some(next) = words.peek() else { return };
    let t = next.text.to_ascii_lowercase();
    let (white, black) = match lang {
        Language::French => ("blanc", "noir"),
        Language::German => ("weiss", "schwarz"),
        _ => ("white", "black"),
    };
    param.number = match () {
        _ if t.is_empty() || stop(&next.text) => return,
        _ if white.starts_with(&t) => 1,
        _ if black.starts_with(&t) => 2,
        _ => return,
    };
    words.advance();
    let walk_of =
        |code: &str| Kind::all().find(|k| k.def().codes[column(lang)].eq_ignore_ascii_case(code));
    let Some(next) = words.peek() else { return };
    let text = next.text.clone();
    let (kind, square) = match text.len().checked_sub(2).map(|i| text.split_at(i)) {
        Some((code, sq)) if !code.is_empty() && square_list(sq).is_some() => {
            (walk_of(code), square_list(sq))
        }
        _ => {
            let kind = walk_of(&text);
            if kind.is_some() {
                words.advance();
            }
            let square = words.peek().and_then(|w| square_list(&w.text));
            (kind, square.filter(|s| s.count() == 1))
        }
    };
    let (Some(kind), Some(square)) = (kind, square) else {
        return;
    };
    words.advance();
    param.walk_list[0] = u8::try_from(kind.index() + 1).unwrap_or(0);
    param.squares = square;
}

fn read_kinds(words: &mut dyn Words, lang: Language, _stop: &dyn Fn(&str) -> bool) -> Vec<Kind> {
    let mut kinds = Vec::new();
    while let Some(w) = words.peek() {
        let Some(k) =
            Kind::all().find(|k| k.def().codes[column(lang)].eq_ignore_ascii_case(&w.text))
        else {
            break;
        };
        words.advance();
        kinds.push(k);
    }
    kinds
}

/// Gives April its kinds, or Chameleon its explicit sequence.
fn set_kinds(
    r: &mut (CirceRules, Slots),
    options: &[CirceOption],
    kinds: &[Kind],
    warnings: &mut Vec<(usize, String)>,
    line: usize,
) {
    let rules = &mut r.0;
    if options.contains(&O::April) {
        if kinds.is_empty() {
            warnings.push((line, "wrong or missing piece name - ignored".into()));
            rules.april = None;
        } else {
            let mut set = KindSet::default();
            for &k in kinds {
                set.insert(k);
            }
            rules.april = Some(set);
        }
    } else if options.contains(&O::Chameleon) && !kinds.is_empty() {
        let mut seq = ChameleonSequence::default();
        for pair in kinds.windows(2) {
            seq.set(pair[0], pair[1]);
        }
        // A list not closed is closed from its last kind to its first.
        let (first, last) = (kinds[0], kinds[kinds.len() - 1]);
        if seq.pairs().all(|(a, _)| a != last) {
            seq.set(last, first);
        }
        rules.chameleon = Some(seq);
    }
}

/// Applies one option word to a record.
fn apply(
    r: &mut (CirceRules, Slots),
    o: CirceOption,
    _lang: Language,
    _words: &mut dyn Words,
    warnings: &mut Vec<(usize, String)>,
    line: usize,
) {
    let (rules, slots) = (&mut r.0, &mut r.1);
    let mut exclusive = |slot: &mut bool| -> bool {
        if *slot {
            warnings.push((line, "nonsense combination".into()));
            false
        } else {
            *slot = true;
            true
        }
    };
    match o {
        O::RexInclusive => rules.rex_inclusive = true,
        O::RexExclusive => rules.rex_inclusive = false,
        O::Mirror => {
            if exclusive(&mut slots.side) {
                rules.side = SideOverride::Mirror;
            }
        }
        O::Rank => {
            if exclusive(&mut slots.square) && exclusive(&mut slots.adapter) {
                if exclusive(&mut slots.side) {
                    rules.side = SideOverride::Rank;
                }
                rules.square = RebirthSquare::Classic;
                rules.adapter = SquareAdapter::RankProjection;
            }
        }
        O::Diametral | O::VerticalMirror | O::Frischauf => {
            if exclusive(&mut slots.adapter) {
                rules.adapter = match o {
                    O::Diametral => SquareAdapter::Diametral,
                    O::VerticalMirror => SquareAdapter::VerticalMirror,
                    _ => SquareAdapter::Frischauf,
                };
            }
        }
        O::Clone | O::Chameleon | O::Einstein | O::ReversalEinstein => {
            if exclusive(&mut slots.walk) {
                rules.reborn_walk = match o {
                    O::Clone => RebornWalk::Clone,
                    O::Chameleon => RebornWalk::Chameleon,
                    O::Einstein => RebornWalk::Einstein,
                    _ => RebornWalk::ReversalEinstein,
                };
            }
        }
        O::Turncoats => rules.turncoats = true,
        O::Couscous => {
            rules.couscous = true;
            rules.promotion = true;
        }
        O::LastMove => rules.relevant_capture = RelevantCapture::LastMove,
        O::WaitCapture => rules.relevant_capture = RelevantCapture::WaitCapture,
        O::Parrain | O::ContraParrain | O::Equipollents => {
            if o == O::ContraParrain && slots.side {
                warnings.push((line, "nonsense combination".into()));
                return;
            }
            if exclusive(&mut slots.square) {
                rules.square = RebirthSquare::Equipollents;
                rules.promotion = true;
                if o != O::Equipollents {
                    rules.relevant_capture = RelevantCapture::LastMove;
                }
                if o == O::ContraParrain {
                    slots.side = true;
                    rules.side = SideOverride::Mirror;
                }
            }
        }
        O::Cage
        | O::File
        | O::Symmetry
        | O::VerticalSymmetry
        | O::HorizontalSymmetry
        | O::Diagram
        | O::Pwc
        | O::Antipodes
        | O::TakeMake
        | O::Super
        | O::CaptureSquare => {
            if exclusive(&mut slots.square) {
                rules.square = match o {
                    O::Cage => RebirthSquare::Cage,
                    O::File => RebirthSquare::File,
                    O::Symmetry => RebirthSquare::Symmetry,
                    O::VerticalSymmetry => RebirthSquare::VerticalSymmetry,
                    O::HorizontalSymmetry => RebirthSquare::HorizontalSymmetry,
                    O::Diagram => RebirthSquare::Diagram,
                    O::Pwc => RebirthSquare::Pwc,
                    O::Antipodes => RebirthSquare::Antipodes,
                    O::TakeMake => RebirthSquare::TakeMake,
                    O::Super => RebirthSquare::Super,
                    _ => RebirthSquare::CaptureSquare,
                };
                rules.promotion = match o {
                    O::HorizontalSymmetry => false,
                    O::File | O::Diagram | O::CaptureSquare => rules.promotion,
                    _ => true,
                };
            }
        }
        // The kinds that follow are read by the caller.
        O::April => rules.promotion = true,
        O::Calvet => rules.anticirce_type = AntiCirceType::Calvet,
        O::Cheylan => rules.anticirce_type = AntiCirceType::Cheylan,
        O::Strict | O::Relaxed | O::Assassin | O::Volcanic | O::Parachute => {
            rules.on_occupied = match o {
                O::Strict => OnOccupied::Strict,
                O::Relaxed => OnOccupied::Relaxed,
                O::Assassin => OnOccupied::Assassin,
                O::Volcanic => OnOccupied::Volcanic,
                _ => OnOccupied::Parachute,
            };
            rules.on_occupied_written = true;
        }
    }
}

/// The lines naming `rules` under the diagram, in Popeye's order of
/// conditions and of option words, in `lang`. Defaults are left out.
pub fn condition_lines(lang: Language, rules: &Rules) -> Vec<String> {
    lines_for(lang, rules, Purpose::Diagram)
}

/// The conditions of `rules` as an input file's words (English), one
/// line per condition: everything the readers need to give `rules` back,
/// what Popeye leaves off under its diagram included (holes, RexExclusive,
/// the grid's cells, a contact leaper). The TOML writer's `condition`.
pub fn condition_input_lines(rules: &Rules) -> Vec<String> {
    lines_for(Language::English, rules, Purpose::Input)
}

/// What condition lines are written for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Purpose {
    /// Under the diagram, as Popeye writes them.
    Diagram,
    /// In an input file, to be read back.
    Input,
}

fn lines_for(lang: Language, rules: &Rules, purpose: Purpose) -> Vec<String> {
    let col = column(lang);
    // Popeye writes its two one-sided conditions without a side before
    // the others.
    let name = |id: &str| {
        EXTRA_CONDITION_NAMES
            .iter()
            .chain(CONDITION_NAMES.iter())
            .enumerate()
            .find(|(_, c)| c.id == id)
            .map(|(i, c)| (i, c.names[col]))
            .expect("a Popeye condition")
    };
    let mut lines: Vec<(usize, String)> = Vec::new();
    for r in rules.families() {
        let (i, base) = name(match r.base {
            Base::Circe => "circe",
            Base::AntiCirce => "anticirce",
            Base::MarsCirce => "mars",
            Base::AntiMarsCirce => "antimars",
            Base::PhantomChess => "phantom",
            Base::ImmunChess => "immun",
            Base::GenevaChess => "geneva",
        });
        let mut line = base.to_string();
        for word in option_words(lang, r) {
            line.push(' ');
            line.push_str(&word);
        }
        lines.push((i, line));
    }
    for c in rules.conditions.iter() {
        let written = match purpose {
            Purpose::Diagram => c.written_under_diagram(),
            Purpose::Input => c != crate::rules::Condition::Alsatian,
        };
        if !written || c.named_by().is_some_and(|by| rules.has(by)) {
            continue;
        }
        // What a condition puts in force beside itself is not named (the
        // uncapturable ghosts of GhostChess).
        if purpose == Purpose::Input
            && c.carried_by().is_some()
            && rules.conditions.iter().any(|o| o.implies().contains(&c))
        {
            continue;
        }
        let (i, n) = name(c.popeye_id());
        let mut line = String::new();
        // Popeye writes a contact leaper before the name (`S-KoeKo`).
        let param = rules.param(c);
        if let Some(words) = (purpose == Purpose::Input)
            .then(|| input_param_words(c.parameter(), *param))
            .flatten()
        {
            line.push_str(n);
            for word in words {
                line.push(' ');
                line.push_str(&word);
            }
            lines.push((i, line));
            continue;
        }
        if c.parameter() == Parameter::Neighbour && param.number != 0 {
            if let Some(k) = Kind::from_index(usize::from(param.number) - 1) {
                line.push_str(k.def().codes[column(lang)]);
                line.push('-');
            }
        }
        line.push_str(n);
        // Popeye sets a numbered type four spaces off (`SingleBox    Type1`).
        let gap = match c.parameter() {
            Parameter::Type(..) => "    ",
            _ => " ",
        };
        for word in param_words(lang, c.parameter(), *rules.param(c)) {
            line.push_str(gap);
            line.push_str(&word);
        }
        lines.push((i, line));
    }
    lines.sort_by_key(|(i, _)| *i);
    lines.into_iter().map(|(_, l)| l).collect()
}

/// Reads the parameter of a condition that takes `parameter`: the words
/// that fit it, up to the first that does not.
fn read_param(
    words: &mut dyn Words,
    lang: Language,
    parameter: Parameter,
    stop: &dyn Fn(&str) -> bool,
) -> Param {
    let mut param = Param::default();
    match parameter {
        Parameter::None => {}
        Parameter::RexInclusive => {
            if let Some(next) = words.peek() {
                if CirceOption::lookup(lang, &next.text) == Match::One(O::RexInclusive) {
                    words.advance();
                    param.rex_inclusive = true;
                }
            }
        }
        Parameter::RexExclusive | Parameter::RexExclusiveWritten => {
            if let Some(next) = words.peek() {
                if CirceOption::lookup(lang, &next.text) == Match::One(O::RexExclusive) {
                    words.advance();
                    param.number = 1;
                }
            }
        }
        Parameter::Squares | Parameter::TypedSquares => {
            while let Some(next) = words.peek() {
                if stop(&next.text) {
                    break;
                }
                let Some(squares) = square_list(&next.text) else {
                    break;
                };
                words.advance();
                param.squares |= squares;
            }
            if parameter == Parameter::TypedSquares {
                param.number = read_param(words, lang, Parameter::Type(2, 1), stop).number;
            }
        }
        Parameter::SquarePair => {
            while let Some(next) = words.peek() {
                if stop(&next.text) {
                    break;
                }
                let Some(squares) = square_list(&next.text) else {
                    break;
                };
                if param.number == 0 {
                    param.number = square_list(&next.text[..2])
                        .and_then(|s| s.first())
                        .map_or(0, |s| s.index() as u8 + 1);
                }
                // The same square twice is two squares for Popeye.
                if squares.count() * 2 < next.text.len() as u32 {
                    param.rex_inclusive = true;
                }
                words.advance();
                param.squares |= squares;
            }
        }
        Parameter::Walks | Parameter::WalksUnwritten => loop {
            for k in read_kinds(words, lang, stop) {
                param.kinds.insert(k);
            }
            // A hunter (`rh/r`): read, and marked as number 1 (not played).
            match words.peek() {
                Some(next) if next.text.contains('/') && !stop(&next.text) => {
                    words.advance();
                    param.number = 1;
                }
                _ => break,
            }
        },
        Parameter::Grid => param.grid = super::grid_words::read_grid(words, lang),
        Parameter::Neighbour => {
            if let Some(next) = words.peek() {
                let words_of = [("Voisin", ()), ("Nachbar", ()), ("Neighbour", ())];
                let col = match lang {
                    Language::French => 0,
                    Language::German => 1,
                    _ => 2,
                };
                let entry = std::iter::once(words_of[col]);
                if super::match_word(entry, &next.text) == Match::One(()) {
                    words.advance();
                    // The leaper's code: kept as its index + 1 (0: the
                    // king, the default), 255 when it is no walk.
                    param.number = u8::MAX;
                    if let Some(w) = words.peek() {
                        let kind = Kind::all()
                            .find(|k| k.def().codes[column(lang)].eq_ignore_ascii_case(&w.text));
                        words.advance();
                        if let Some(k) = kind {
                            param.number = if k == Kind::KING {
                                0
                            } else {
                                u8::try_from(k.index() + 1).unwrap_or(u8::MAX)
                            };
                        }
                    }
                }
            }
        }
        Parameter::Lettered(max) => {
            param.number = 1;
            if let Some(next) = words.peek() {
                let t = next.text.to_ascii_lowercase();
                let letter = t.strip_prefix("type").or_else(|| t.strip_prefix("typ"));
                if let Some(&[c]) = letter.map(str::as_bytes) {
                    if (b'a'..b'a' + max).contains(&c) {
                        words.advance();
                        param.number = c - b'a' + 1;
                    }
                }
            }
            if let Some(next) = words.peek() {
                if CirceOption::lookup(lang, &next.text) == Match::One(O::RexInclusive) {
                    words.advance();
                    param.rex_inclusive = true;
                }
            }
        }
        Parameter::Limit => {
            if let Some(n) = words.peek().and_then(|w| w.text.parse::<u32>().ok()) {
                words.advance();
                param.limit = Some(n);
            }
        }
        Parameter::Flights => {
            let mut number = || {
                let n = words.peek().and_then(|w| w.text.parse::<u8>().ok())?;
                words.advance();
                Some(n.saturating_add(1))
            };
            if let Some(white) = number() {
                param.counts = [white, number().unwrap_or(white)];
            }
        }
        Parameter::Side => {
            if let Some(next) = words.peek() {
                let t = next.text.to_ascii_lowercase();
                let (white, black) = match lang {
                    Language::French => ("blancs", "noirs"),
                    Language::German => ("weiss", "schwarz"),
                    _ => ("white", "black"),
                };
                let n = match () {
                    _ if t.is_empty() => 0,
                    _ if white.starts_with(&t) => 1,
                    _ if black.starts_with(&t) => 2,
                    _ => 0,
                };
                if n != 0 {
                    words.advance();
                    param.number = n;
                }
            }
        }
        Parameter::Sentinelles => read_sentinelles(words, lang, &mut param),
        Parameter::CapturedUnit => read_captured_unit(words, lang, stop, &mut param),
        // Breton's forms, in any order, each word as Popeye reads it (a
        // prefix, in the language of the input).
        Parameter::BretonForms => {
            while let Some(next) = words.peek() {
                let t = next.text.to_ascii_lowercase();
                let bit = breton_words(lang)
                    .iter()
                    .position(|w| !t.is_empty() && w.to_ascii_lowercase().starts_with(&t));
                let Some(bit) = bit else { break };
                words.advance();
                param.number |= 1 << bit;
            }
        }
        // PAD's words Strict and RexInclusive, in any order.
        Parameter::PadForms => {
            while let Some(next) = words.peek() {
                let bit = match CirceOption::lookup(lang, &next.text) {
                    Match::One(O::Strict) => 1,
                    Match::One(O::RexInclusive) => 2,
                    _ => break,
                };
                words.advance();
                param.number |= bit;
            }
        }
        // The word Inverse, once or more (Popeye reads it in a loop).
        Parameter::Inverse => {
            while let Some(next) = words.peek() {
                let t = next.text.to_ascii_lowercase();
                if t.is_empty() || !inverse_word(lang).to_ascii_lowercase().starts_with(&t) {
                    break;
                }
                words.advance();
                param.number = 1;
            }
        }
        Parameter::Strictness => {
            if let Some(next) = words.peek() {
                let t = next.text.to_ascii_lowercase();
                let n = match () {
                    _ if t.is_empty() => 0,
                    _ if exact_word(lang).starts_with(&t) => 1,
                    _ if "ultra".starts_with(&t) => 2,
                    _ => 0,
                };
                if n != 0 {
                    words.advance();
                    param.number = n;
                }
            }
        }
        Parameter::WalkList => {
            let mut at = 0;
            loop {
                for kind in read_kinds(words, lang, stop) {
                    if let Some(slot) = param.walk_list.get_mut(at) {
                        *slot = kind.index() as u8 + 1;
                        at += 1;
                    }
                }
                // The word `Transmuting` (any prefix), among the walks.
                match words.peek() {
                    Some(next)
                        if !next.text.is_empty()
                            && "transmuting".starts_with(&next.text.to_ascii_lowercase()) =>
                    {
                        words.advance();
                        param.number = 1;
                    }
                    _ => break,
                }
            }
        }
        // The walks in order (`Param::sequence` makes the cycle of them).
        Parameter::WalkSequence => {
            let kinds = read_kinds(words, lang, stop);
            for (slot, kind) in param.walk_list.iter_mut().zip(&kinds) {
                *slot = kind.index() as u8 + 1;
            }
            if kinds.len() > param.walk_list.len() {
                param.number = 1;
            }
        }
        Parameter::Type(max, default) => {
            if let Some(next) = words.peek() {
                let t = next.text.to_ascii_lowercase();
                // `Type1` (English, French), `Typ1` (German).
                let number = t.strip_prefix("type").or_else(|| t.strip_prefix("typ"));
                if let Some(n) = number.and_then(|n| n.parse::<u8>().ok()) {
                    if (1..=max).contains(&n) {
                        words.advance();
                        // The default type named is the type left unnamed.
                        param.number = if n == default { 0 } else { n };
                    }
                }
            }
        }
        Parameter::Distances => {
            let mut distance = || {
                let word = words.peek()?;
                let text = &word.text;
                let numeric = |c: char| c.is_ascii_digit() || matches!(c, '.' | ',' | '-');
                if !text.starts_with(numeric) {
                    return None;
                }
                let prefix: String = text.chars().take_while(|&c| numeric(c)).collect();
                words.advance();
                Some(distance_in_hundredths(&prefix))
            };
            match distance() {
                None => {}
                Some(white) => match distance() {
                    Some(black) => param.distances = [white, black],
                    None => {
                        param.distances = [white, white];
                        param.number = 1;
                    }
                },
            }
        }
    }
    param
}

/// A BGL distance as Popeye writes it: `4`, `4.5`, `3.09`, `-` for none.
pub fn distance_text(distance: Option<i64>) -> String {
    // Below nothing, each part keeps its sign (`-4.-57`), as Popeye's
    // C division writes it.
    let part = |n: i64, width: usize| {
        if n < 0 {
            format!("-{:0width$}", -n)
        } else {
            format!("{n:0width$}")
        }
    };
    match distance {
        None => "-".into(),
        Some(d) if d % 100 == 0 => format!("{}", d / 100),
        Some(d) if d % 10 == 0 => format!("{}.{}", d / 100, d % 100 / 10),
        Some(d) => format!("{}.{}", d / 100, part(d % 100, 2)),
    }
}

/// A BGL distance as Popeye reads it, in hundredths of a square: digits
/// with at most two after a point or comma; `-`, or anything else, is no
/// limit.
fn distance_in_hundredths(text: &str) -> Option<u32> {
    if text.len() > 11 {
        return None;
    }
    let text = text.replace(',', ".");
    let (whole, decimals) = text.split_once('.').unwrap_or((&text, ""));
    let scale = match decimals.len() {
        0 => 100,
        1 => 10,
        2 => 1,
        _ => return None,
    };
    let digits = format!("{whole}{decimals}");
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<u32>().ok()?.checked_mul(scale)
}

/// The squares of a word such as `e4d5` (Popeye's square lists), if it is
/// one.
fn square_list(word: &str) -> Option<crate::board::Bitboard> {
    let b = word.as_bytes();
    if b.is_empty() || !b.len().is_multiple_of(2) {
        return None;
    }
    let mut squares = crate::board::Bitboard::EMPTY;
    for pair in b.chunks(2) {
        let file = pair[0].to_ascii_lowercase();
        if !(b'a'..=b'h').contains(&file) || !(b'1'..=b'8').contains(&pair[1]) {
            return None;
        }
        squares.set(crate::board::Square::new(file - b'a', pair[1] - b'1'));
    }
    Some(squares)
}

/// Sentinelles' words in each language (English, German, French: the
/// order of [`column`]), in Popeye's order: PionPropre (not read), the
/// sentinels' side, the maxima of Black, White and both, Para, Berolina.
const SENTINELLES_WORDS: [[&str; 8]; 3] = [
    [
        "PionPropre",
        "PionAdvers",
        "PionNeutre",
        "MaximumBlack",
        "MaximumWhite",
        "MaximumTotal",
        "ParaSentinelles",
        "Berolina",
    ],
    [
        "PionPropre",
        "PionAdvers",
        "PionNeutre",
        "MaximumSchwarz",
        "MaximumWeiss",
        "MaximumTotal",
        "ParaSentinelles",
        "Berolina",
    ],
    [
        "PionPropre",
        "PionAdvers",
        "PionNeutre",
        "MaximumNoir",
        "MaximumBlanc",
        "MaximumTotal",
        "ParaSentinelles",
        "Berolina",
    ],
];

/// Reads Sentinelles' words (see [`Parameter::Sentinelles`]) as Popeye
/// does: each the only word of the table it begins, a maximum followed by
/// its number (up to 64; without one, or beyond, the default).
fn read_sentinelles(words: &mut dyn Words, lang: Language, param: &mut Param) {
    use crate::rules::conditions::sentinelles::{ADVERSE, BEROLINA, NEUTRAL, PARA};
    let table = SENTINELLES_WORDS[column(lang)];
    while let Some(next) = words.peek() {
        let t = next.text.to_ascii_lowercase();
        let found: Vec<usize> = (0..table.len())
            .filter(|&i| !t.is_empty() && table[i].to_ascii_lowercase().starts_with(&t))
            .collect();
        let exact = (0..table.len()).find(|&i| table[i].eq_ignore_ascii_case(&t));
        let Some(i) = exact.or(if found.len() == 1 {
            Some(found[0])
        } else {
            None
        }) else {
            break;
        };
        if i == 0 {
            break;
        }
        words.advance();
        let mut number = |default: u8| -> u8 {
            match words.peek().and_then(|w| w.text.parse::<u8>().ok()) {
                Some(n) if n <= 64 => {
                    words.advance();
                    n + 1
                }
                _ => default + 1,
            }
        };
        match i {
            1 => param.number = (param.number & !3) | ADVERSE,
            2 => param.number = (param.number & !3) | NEUTRAL,
            3 => param.counts[1] = number(8),
            4 => param.counts[0] = number(8),
            5 => param.total = number(16),
            6 => param.number |= PARA,
            _ => param.number |= BEROLINA,
        }
    }
}

/// The words of a Sentinelles parameter, as an input file gives them.
fn sentinelles_input_words(param: Param) -> Vec<String> {
    use crate::rules::conditions::sentinelles::{ADVERSE, BEROLINA, NEUTRAL, PARA};
    let table = SENTINELLES_WORDS[0];
    let mut w: Vec<String> = Vec::new();
    match param.number & 3 {
        ADVERSE => w.push(table[1].into()),
        NEUTRAL => w.push(table[2].into()),
        _ => {}
    }
    if param.number & PARA != 0 {
        w.push(table[6].into());
    }
    if param.number & BEROLINA != 0 {
        w.push(table[7].into());
    }
    for (at, n) in [(4, param.counts[0]), (3, param.counts[1]), (5, param.total)] {
        if n != 0 {
            w.push(table[at].into());
            w.push((n - 1).to_string());
        }
    }
    w
}

/// What Popeye writes of a Sentinelles parameter under the diagram:
/// `Berolina`, the side's word, `W/B` where a side's maximum is not 8,
/// `//T` where the total is not 16. (Popeye writes ParaSentinelles as the
/// condition's name; here the word follows `Sentinelles`.)
fn sentinelles_diagram_words(param: Param) -> Vec<String> {
    use crate::rules::conditions::sentinelles::{ADVERSE, BEROLINA, NEUTRAL, PARA};
    let table = SENTINELLES_WORDS[0];
    let mut w: Vec<String> = Vec::new();
    if param.number & PARA != 0 {
        w.push(table[6].into());
    }
    if param.number & BEROLINA != 0 {
        w.push(table[7].into());
    }
    match param.number & 3 {
        ADVERSE => w.push(format!(" {}", table[1])),
        NEUTRAL => w.push(format!(" {}", table[2])),
        _ => {}
    }
    let most = |n: u8| if n == 0 { 8 } else { n - 1 };
    let [white, black] = param.counts.map(most);
    if white != 8 || black != 8 {
        w.push(format!("{white}/{black}"));
    }
    if param.total != 0 && param.total - 1 != 16 {
        w.push(format!("//{}", param.total - 1));
    }
    w
}

/// Popeye's word for the mummers' Exact form (Ultra is `ultra` in every
/// language).
/// Breton's forms, Adverse, Chromatic and PY, in Popeye's words (the bits
/// of `Param::number` in this order).
fn breton_words(lang: Language) -> [&'static str; 3] {
    match lang {
        Language::French => ["Adverse", "Chromatique", "PY"],
        Language::German => ["Advers", "Chromatisch", "PY"],
        _ => ["Adverse", "Chromatic", "PY"],
    }
}

fn exact_word(lang: Language) -> &'static str {
    match lang {
        Language::German => "exakt",
        _ => "exact",
    }
}

/// The words an input file gives after a condition's name for its
/// parameter, where they are not those Popeye writes under the diagram.
fn input_param_words(parameter: Parameter, param: Param) -> Option<Vec<String>> {
    Some(match parameter {
        Parameter::RexExclusive | Parameter::RexExclusiveWritten if param.number == 1 => {
            vec!["RexExclusive".into()]
        }
        Parameter::Grid => param
            .grid
            .map(|g| g.input_words().split(' ').map(String::from).collect())
            .unwrap_or_default(),
        Parameter::Neighbour => match param.number {
            0 => vec![],
            u8::MAX => vec!["Neighbour".into()],
            n => {
                let code = Kind::from_index(usize::from(n) - 1)
                    .map_or("", |k| k.def().codes[column(Language::English)]);
                vec!["Neighbour".into(), code.into()]
            }
        },
        Parameter::Flights => {
            let [w, b] = param.counts;
            match (w, b) {
                (0, _) => vec![],
                _ if w == b => vec![(w - 1).to_string()],
                _ => vec![(w - 1).to_string(), b.saturating_sub(1).to_string()],
            }
        }
        Parameter::Distances => {
            let [w, b] = param.distances.map(|d| distance_text(d.map(i64::from)));
            if param.number == 1 {
                vec![w]
            } else {
                vec![w, b]
            }
        }
        Parameter::WalkList => {
            let mut words: Vec<String> = param
                .walk_list()
                .map(|k| k.def().codes[column(Language::English)].to_string())
                .collect();
            if param.number == 1 {
                words.push("Transmuting".into());
            }
            words
        }
        Parameter::WalkSequence => chameleon_cycles(Language::English, &param.sequence())
            .split("->")
            .map(str::to_string)
            .collect(),
        Parameter::Sentinelles => sentinelles_input_words(param),
        Parameter::CapturedUnit => {
            let side = match param.number {
                1 => "White",
                2 => "Black",
                _ => return Some(vec![]),
            };
            let code = param
                .walk_list()
                .next()
                .map_or("", |k| k.def().codes[column(Language::English)]);
            let square = param
                .squares
                .first()
                .map(|s| s.to_string())
                .unwrap_or_default();
            vec![side.into(), format!("{code}{square}")]
        }
        Parameter::WalksUnwritten => Kind::popeye_order()
            .filter(|k| param.kinds.contains(*k))
            .map(|k| k.def().codes[column(Language::English)].to_string())
            .collect(),
        Parameter::Inverse if param.number == 1 => vec!["Inverse".into()],
        Parameter::Inverse => vec![],
        Parameter::Strictness => match param.number {
            1 => vec!["Exact".into()],
            2 => vec!["Ultra".into()],
            _ => vec![],
        },
        _ => return None,
    })
}

/// The words Popeye writes after a condition's name for its parameter.
fn param_words(lang: Language, parameter: Parameter, param: Param) -> Vec<String> {
    match parameter {
        Parameter::None => vec![],
        Parameter::RexInclusive if param.rex_inclusive => {
            vec![O::RexInclusive.word(lang).to_string()]
        }
        Parameter::RexInclusive => vec![],
        Parameter::RexExclusive => vec![],
        Parameter::RexExclusiveWritten if param.number == 1 => {
            vec![CirceOption::RexExclusive.word(lang).to_string()]
        }
        Parameter::RexExclusiveWritten => vec![],
        Parameter::Squares => param.squares.into_iter().map(|s| s.to_string()).collect(),
        Parameter::TypedSquares => (param.number == 2)
            .then(|| match lang {
                Language::German => "Typ2".to_string(),
                _ => "Type2".to_string(),
            })
            .into_iter()
            .chain(param.squares.into_iter().map(|s| s.to_string()))
            .collect(),
        Parameter::Type(_, default) => vec![format!(
            "{}{}",
            match lang {
                Language::German => "Typ",
                _ => "Type",
            },
            if param.number == 0 {
                default
            } else {
                param.number
            }
        )],
        // Popeye draws the grid on the board and names no variant.
        Parameter::Grid => vec![],
        Parameter::Neighbour => vec![],
        // Popeye names the type when it is not the first.
        Parameter::Lettered(_) => {
            let mut w = Vec::new();
            if param.number > 1 {
                let typ = match lang {
                    Language::German => "Typ",
                    _ => "Type",
                };
                w.push(format!("{typ}{}", (b'A' + param.number - 1) as char));
            }
            if param.rex_inclusive {
                w.push(O::RexInclusive.word(lang).to_string());
            }
            w
        }
        Parameter::SquarePair => {
            let first = param.number.checked_sub(1).map(crate::board::Square);
            first
                .into_iter()
                .chain(param.squares.into_iter().filter(|&s| Some(s) != first))
                .map(|s| s.to_string())
                .collect()
        }
        Parameter::Walks => Kind::popeye_order()
            .filter(|k| param.kinds.contains(*k))
            .map(|k| k.def().codes[column(lang)].to_string())
            .collect(),
        Parameter::WalksUnwritten => vec![],
        // Popeye names the walks unless they are the default equihopper.
        Parameter::WalkList => {
            let walks: Vec<Kind> = param.walk_list().collect();
            if walks.is_empty() || walks == [Kind::EQUIHOPPER] {
                vec![]
            } else {
                walks
                    .iter()
                    .map(|k| k.def().codes[column(lang)].to_string())
                    .collect()
            }
        }
        Parameter::WalkSequence => vec![chameleon_cycles(lang, &param.sequence())],
        Parameter::Limit => param.limit.iter().map(u32::to_string).collect(),
        // Popeye writes the flights in Roman numerals, Black's after a
        // slash when they differ.
        Parameter::Flights => {
            const ROMAN: [&str; 9] = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII"];
            let [w, b] = param.counts.map(|c| usize::from(c.max(1)) - 1);
            let roman = |n: usize| ROMAN.get(n).copied().unwrap_or("");
            match (w, b) {
                (0, 0) => vec![],
                _ if w == b => vec![roman(w).to_string()],
                _ => vec![format!("{}/{}", roman(w), roman(b))],
            }
        }
        // Popeye writes `BGL 5/4`, `BGL -/29`, one number for a shared one.
        Parameter::Distances => {
            let [w, b] = param.distances.map(|d| distance_text(d.map(i64::from)));
            if param.number == 1 {
                vec![w]
            } else {
                vec![format!("{w}/{b}")]
            }
        }
        Parameter::Side => match param.number {
            1 => vec!["White".into()],
            2 => vec!["Black".into()],
            _ => vec![],
        },
        Parameter::Sentinelles => sentinelles_diagram_words(param),
        Parameter::CapturedUnit => vec![],
        Parameter::BretonForms => breton_words(lang)
            .iter()
            .enumerate()
            .filter(|(bit, _)| param.number & 1 << bit != 0)
            .map(|(_, w)| w.to_string())
            .collect(),
        Parameter::PadForms => [(1, CirceOption::Strict), (2, CirceOption::RexInclusive)]
            .into_iter()
            .filter(|&(bit, _)| param.number & bit != 0)
            .map(|(_, o)| o.word(lang).to_string())
            .collect(),
        Parameter::Inverse if param.number == 1 => vec![inverse_word(lang).to_string()],
        Parameter::Inverse => vec![],
        Parameter::Strictness => match param.number {
            1 => vec![format!(" {}", exact_word(lang))],
            2 => vec![" ultra".to_string()],
            _ => vec![],
        },
    }
}

/// The option words of one record, in Popeye's order.
fn option_words(lang: Language, r: &CirceRules) -> Vec<String> {
    let mut w: Vec<String> = Vec::new();
    let mut push = |o: CirceOption| w.push(o.word(lang).to_string());
    use RebirthSquare as S;
    match r.square {
        S::Pwc => push(O::Pwc),
        S::Symmetry => push(O::Symmetry),
        S::VerticalSymmetry => push(O::VerticalSymmetry),
        S::HorizontalSymmetry => push(O::HorizontalSymmetry),
        S::Diagram => push(O::Diagram),
        S::Cage => push(O::Cage),
        S::Classic if r.side == SideOverride::Rank => push(O::Rank),
        S::File => push(O::File),
        _ => {}
    }
    if r.couscous {
        push(O::Couscous);
    }
    match r.square {
        S::Antipodes => push(O::Antipodes),
        S::TakeMake => push(O::TakeMake),
        S::Super => push(O::Super),
        S::CaptureSquare => push(O::CaptureSquare),
        _ => {}
    }
    let mut words = w;
    if let Some(set) = r.april {
        words.push(O::April.word(lang).to_string());
        for k in Kind::popeye_order().filter(|k| set.contains(*k)) {
            words.push(k.def().codes[column(lang)].to_string());
        }
    }
    let mut push = |o: CirceOption| words.push(o.word(lang).to_string());
    let mirror_said = r.square == S::Equipollents
        && r.relevant_capture == RelevantCapture::LastMove
        && r.side == SideOverride::Mirror;
    if r.square == S::Equipollents {
        match r.relevant_capture {
            RelevantCapture::LastMove if mirror_said => push(O::ContraParrain),
            RelevantCapture::LastMove => push(O::Parrain),
            _ => push(O::Equipollents),
        }
    }
    if r.relevant_capture == RelevantCapture::WaitCapture {
        push(O::WaitCapture);
    }
    if r.side == SideOverride::Mirror {
        push(O::Mirror);
    }
    if r.on_occupied_written {
        push(match r.on_occupied {
            OnOccupied::Assassin => O::Assassin,
            OnOccupied::Strict => O::Strict,
            OnOccupied::Relaxed => O::Relaxed,
            OnOccupied::Parachute => O::Parachute,
            OnOccupied::Volcanic => O::Volcanic,
        });
    } else if r.on_occupied == OnOccupied::Assassin {
        push(O::Assassin);
    }
    match r.adapter {
        SquareAdapter::Diametral => push(O::Diametral),
        SquareAdapter::VerticalMirror => push(O::VerticalMirror),
        _ => {}
    }
    match r.reborn_walk {
        RebornWalk::Clone => push(O::Clone),
        RebornWalk::Einstein => push(O::Einstein),
        RebornWalk::ReversalEinstein => push(O::ReversalEinstein),
        RebornWalk::Chameleon => push(O::Chameleon),
        RebornWalk::Same => {}
    }
    if let (RebornWalk::Chameleon, Some(seq)) = (r.reborn_walk, r.chameleon) {
        if let Some(last) = words.last_mut() {
            last.push(' ');
            last.push_str(&chameleon_cycles(lang, &seq));
        }
    }
    let mut push = |o: CirceOption| words.push(o.word(lang).to_string());
    if r.turncoats {
        push(O::Turncoats);
    }
    if r.adapter == SquareAdapter::Frischauf {
        push(O::Frischauf);
    }
    if r.anticirce_type == AntiCirceType::Cheylan {
        push(O::Cheylan);
    }
    if r.rex_inclusive != CirceRules::of(r.base).rex_inclusive {
        push(if r.rex_inclusive {
            O::RexInclusive
        } else {
            O::RexExclusive
        });
    }
    words
}

/// An explicit chameleon sequence as Popeye prints it: each cycle from its
/// first kind in Popeye's walk order, `Q->R->B->S->Q`, cycles joined.
fn chameleon_cycles(lang: Language, seq: &ChameleonSequence) -> String {
    let code = |k: Kind| k.def().codes[column(lang)];
    let mut done: Vec<Kind> = Vec::new();
    let mut out = String::new();
    for start in Kind::popeye_order() {
        if done.contains(&start) || seq.next(start) == start {
            continue;
        }
        out.push_str(code(start));
        let mut k = start;
        loop {
            done.push(k);
            k = seq.next(k);
            out.push_str("->");
            out.push_str(code(k));
            if k == start || done.contains(&k) {
                break;
            }
        }
    }
    out
}

/// Words read from a list, for the tests of the condition readers.
#[cfg(test)]
pub(crate) struct Phrase(pub Vec<Word>, pub usize);

#[cfg(test)]
impl Words for Phrase {
    fn peek(&mut self) -> Option<Word> {
        self.0.get(self.1).cloned()
    }
    fn advance(&mut self) {
        self.1 += 1;
    }
}

/// CASTChess's word for its inverse form, as Popeye spells it in each
/// language (the French one with its double v).
fn inverse_word(lang: Language) -> &'static str {
    match lang {
        Language::French => "Invverse",
        Language::German => "Invers",
        _ => "Inverse",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(lang: Language, text: &str) -> ParsedConditions {
        let words = text
            .split_whitespace()
            .map(|t| Word {
                text: t.to_string(),
                line: 1,
            })
            .collect();
        read_phrase(&mut Phrase(words, 0), lang, &|_| false).expect("parses")
    }

    fn line(lang: Language, text: &str) -> Vec<String> {
        condition_lines(lang, &parse(lang, text).rules)
    }

    #[test]
    fn a_numbered_type_is_set_four_spaces_off_in_the_language_of_the_input() {
        // Popeye 4.104 (sbtype1, republican examples).
        assert_eq!(
            line(Language::German, "NurPartiesatz Typ1"),
            ["NurPartiesatzSteine    Typ1"]
        );
        assert_eq!(
            line(Language::English, "SingleBox Type3"),
            ["SingleBox    Type3"]
        );
        assert_eq!(
            line(Language::English, "RepublicanChess Type1"),
            ["RepublicanChess    Type1"]
        );
    }

    #[test]
    fn both_oscillating_kings_of_type_c_are_swapping_kings() {
        assert_eq!(
            line(
                Language::English,
                "WhiteOscillatingKings TypeC BlackOscillatingKings TypeC"
            ),
            ["SwappingKings"]
        );
        assert_eq!(
            line(
                Language::German,
                "WeisseOszillierendeKoenige TypeB SchwarzeOszillierendeKoenige"
            ),
            [
                "WeisseOszillierendeKoenige TypB",
                "SchwarzeOszillierendeKoenige"
            ]
        );
    }

    #[test]
    fn base_conditions_and_their_defaults() {
        let r = parse(Language::English, "circe").rules;
        assert_eq!(r.single_family(), Some(&CirceRules::CIRCE));
        let r = parse(Language::English, "anticirce cheylan").rules;
        assert_eq!(r.single_family(), Some(&CirceRules::ANTICIRCE_CHEYLAN));
        let r = parse(Language::English, "Circe RexInclusive").rules;
        assert_eq!(r.single_family(), Some(&CirceRules::CIRCE_REX_INCLUSIVE));
        let r = parse(Language::German, "marscirce").rules;
        assert!(r.family(Base::MarsCirce).unwrap().rex_inclusive);
    }

    #[test]
    fn traditional_names_are_a_base_and_options() {
        let mirror = parse(Language::English, "MirrorCirce").rules;
        let explicit = parse(Language::English, "Circe Mirror").rules;
        assert_eq!(mirror, explicit);
        let r = *parse(Language::German, "CirceParrain")
            .rules
            .single_family()
            .unwrap();
        assert_eq!(r.square, RebirthSquare::Equipollents);
        assert_eq!(r.relevant_capture, RelevantCapture::LastMove);
        assert!(r.promotion);
        // Only the listed trailing word is taken after a traditional name.
        let r = *parse(Language::English, "MirrorCirce RexInclusive")
            .rules
            .single_family()
            .unwrap();
        assert!(r.rex_inclusive && r.side == SideOverride::Mirror);
    }

    #[test]
    fn a_second_word_for_one_slot_is_a_nonsense_combination() {
        let p = parse(Language::English, "Circe Equipollents PWC");
        assert_eq!(
            p.rules.single_family().unwrap().square,
            RebirthSquare::Equipollents
        );
        assert_eq!(p.warnings.len(), 1);
    }

    #[test]
    fn unknown_and_unsupported_conditions_are_errors() {
        let mut w = Phrase(
            vec![Word {
                text: "AntiMarsAntipodeanCirce".into(),
                line: 3,
            }],
            0,
        );
        let e = parse_conditions(&mut w, Language::English, Strictness::Popeye, &|_| false)
            .unwrap_err();
        assert_eq!(e.0, 3);
        assert!(e.1.contains("is not supported"), "{}", e.1);
        let mut w = Phrase(
            vec![Word {
                text: "NoSuchCondition".into(),
                line: 2,
            }],
            0,
        );
        let e = parse_conditions(&mut w, Language::English, Strictness::Popeye, &|_| false)
            .unwrap_err();
        assert_eq!(e.0, 2);
        assert!(e.1.contains("NoSuchCondition"), "{}", e.1);
    }

    #[test]
    fn antimars_antipodes_is_refused_because_popeye_crashes() {
        for phrase in [
            "AntiMarsAntipodeanCirce",
            "AntiMarsCirce Antipodes RexInclusive",
        ] {
            let mut w = Phrase(
                phrase
                    .split(' ')
                    .map(|t| Word {
                        text: t.into(),
                        line: 2,
                    })
                    .collect(),
                0,
            );
            let e = parse_conditions(&mut w, Language::English, Strictness::Popeye, &|_| false)
                .unwrap_err();
            assert!(
                e.1.ends_with("is not supported: Popeye crashes on it"),
                "{}",
                e.1
            );
        }
    }

    #[test]
    fn lines_name_the_rules_in_popeyes_order() {
        assert_eq!(line(Language::English, "circe"), ["Circe"]);
        assert_eq!(line(Language::English, "anticirce"), ["AntiCirce"]);
        assert_eq!(line(Language::English, "anticirce calvet"), ["AntiCirce"]);
        assert_eq!(
            line(Language::German, "circe rexinklusive"),
            ["Circe RexInklusive"]
        );
        assert_eq!(line(Language::English, "SuperCirce"), ["Circe Super"]);
        assert_eq!(
            line(Language::English, "ContraParrain"),
            ["Circe ContraParrain Mirror"]
        );
        assert_eq!(
            line(Language::English, "Circe Mirror Assassin"),
            ["Circe Mirror Assassin"]
        );
        assert_eq!(line(Language::English, "CirceAssassin"), ["Circe Assassin"]);
        assert_eq!(line(Language::German, "SpiegelCirce"), ["Circe Spiegel"]);
        assert_eq!(
            line(Language::English, "Circe Chameleon Q R B S Q"),
            ["Circe Chameleon Q->R->B->S->Q"]
        );
        assert_eq!(
            line(Language::English, "Circe Madrasi"),
            ["Circe", "Madrasi"]
        );
        assert_eq!(
            line(
                Language::English,
                "AntiCirce Mirror Relaxed Cheylan RexExclusive"
            ),
            ["AntiCirce Mirror Relaxed Cheylan RexExclusive"]
        );
        assert_eq!(
            line(Language::English, "AprilChess S"),
            ["Circe Super April S"]
        );
    }
}
