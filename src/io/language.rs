//! The words and letters Popeye prints, per input language, and apart
//! ([`Phrase`]) the few phrases of circe's own formats for people.
//!
//! Popeye answers in the language of the input file. Everything here is
//! data taken from its output tables (and checked against the recorded
//! outputs in the corpus), so writers never spell a word themselves.

use crate::board::{Attrs, Color, Kind};
use crate::problem::Language;

/// Index of a language in the tables below.
fn idx(lang: Language) -> usize {
    match lang {
        Language::English => 0,
        Language::German => 1,
        Language::French => 2,
    }
}

/// The code of a piece kind (one or two upper-case letters), as on the
/// diagram and in moves: the language's column of the kinds table.
pub fn piece_letter(lang: Language, kind: Kind) -> &'static str {
    kind.def().codes[idx(lang)]
}

/// The kind a piece code stands for (either case), if any.
pub fn kind_from_code(lang: Language, code: &str) -> Option<Kind> {
    Kind::all().find(|&k| piece_letter(lang, k).eq_ignore_ascii_case(code))
}

/// Colour letters: the lower-cased initial of Popeye's colour names
/// (White/Black, Weiss/Schwarz, Blanc/Noir).
const COLOR_LETTERS: [[char; 2]; 3] = [['w', 'b'], ['w', 's'], ['b', 'n']];

/// The colour letter of the notation: `[wkTh3->h1]`, `+sKa8`.
pub fn color_letter(lang: Language, color: Color) -> char {
    COLOR_LETTERS[idx(lang)][color.index()]
}

/// The letter marking the kamikaze attribute in moves (`kSg6-f8`): the
/// lower-cased initial of "Kamikaze", the same in all three languages.
pub fn kamikaze_letter(_lang: Language) -> char {
    'k'
}

/// The letter Popeye writes for a neutral unit, in place of the colour
/// letter (`nBb7-b8=nL`, `[+nLf8]`): the initial of neutral/neutre, the
/// same in all three languages (in French it is also Black's letter).
pub fn neutral_letter(_lang: Language) -> char {
    'n'
}

/// The unit attributes the solver plays, in Popeye's order (its order of
/// piece flags), with Popeye's names in English, German and French. The
/// diagram's lines under the stipulation (`Royal a7 g5`, `Magic d4`) come
/// in this order, and so do the letters before a unit in a move: the
/// capitals of the name, lower-cased (`r`, `hn`, `u`; German `k`, `b`;
/// French `dn`, `i`). The royal attribute is neither listed nor written
/// for a unit of a royal walk (a king, a sting, a poseidon). Group P's
/// attributes (chameleon, volage, protean) take their places in Popeye's
/// order: after paralysing, after jigger, after hurdle-colour-changing.
pub const ATTRIBUTE_NAMES: [(Attrs, [&str; 3]); 18] = [
    (Attrs::ROYAL, ["Royal", "Koeniglich", "Royale"]),
    (Attrs::KAMIKAZE, ["Kamikaze", "Kamikaze", "Kamikaze"]),
    (
        Attrs::PARALYSING,
        ["Paralysing", "Paralysierend", "Paralysante"],
    ),
    (Attrs::CHAMELEON, ["Chameleon", "Chamaeleon", "Cameleon"]),
    (Attrs::JIGGER, ["Jigger", "Jigger", "Jigger"]),
    (Attrs::VOLAGE, ["Volage", "Volage", "Volage"]),
    (
        Attrs::FUNCTIONARY,
        ["Functionary", "Beamtet", "Fonctionnaire"],
    ),
    (
        Attrs::HALF_NEUTRAL,
        ["HalfNeutral", "HalbNeutral", "DemiNeutre"],
    ),
    (
        Attrs::HURDLE_COLOUR_CHANGING,
        [
            "HurdleColourChanging",
            "SprungbockFarbeWechselnd",
            "CouleurEchangeantSautoir",
        ],
    ),
    (Attrs::PROTEAN, ["Protean", "Proteisch", "Protee"]),
    (Attrs::MAGIC, ["Magic", "Magisch", "Magique"]),
    (
        Attrs::UNCAPTURABLE,
        ["Uncapturable", "Unschlagbar", "Imprenable"],
    ),
    (Attrs::PATROL, ["Patrol", "Patrouille", "Patrouille"]),
    (Attrs::PROMOTED, ["Frischauf", "Frischauf", "Frischauf"]),
    (Attrs::BUL, ["Bul", "Bul", "Bul"]),
    (Attrs::DOB, ["Dob", "Dob", "Dob"]),
    (Attrs::ANDA, ["Anda", "Anda", "Anda"]),
    (
        Attrs::ANDA_INVERSE,
        ["AndaInverse", "AndaInvers", "AndaInverse"],
    ),
];

/// Popeye's name of an attribute (from [`ATTRIBUTE_NAMES`]) in `lang`.
pub fn attribute_name(lang: Language, attr: Attrs) -> Option<&'static str> {
    ATTRIBUTE_NAMES
        .iter()
        .find(|(a, _)| *a == attr)
        .map(|(_, names)| names[idx(lang)])
}

/// The letters Popeye writes before a unit with the attributes of `attrs`
/// (neutral aside), in its order: `r`, `k`, `hn`, `m`, `u` ...; `royal_walk`:
/// the unit's walk is royal, so its royal attribute goes unwritten.
pub fn attribute_letters(lang: Language, attrs: Attrs, royal_walk: bool, out: &mut String) {
    for (attr, names) in ATTRIBUTE_NAMES {
        if !attrs.contains(attr) || (attr == Attrs::ROYAL && royal_walk) {
            continue;
        }
        out.extend(
            names[idx(lang)]
                .chars()
                .filter(|c| c.is_ascii_uppercase())
                .map(|c| c.to_ascii_lowercase()),
        );
    }
}

/// Fixed words of the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    /// After a key that threatens: `1.Sa8-b6 ! threat:`.
    Threat,
    /// Introduces the refutation of a try.
    But,
    /// After a key that threatens nothing.
    Zugzwang,
    /// Under a defence that refutes the position after the key
    /// (`postkeyplay`).
    Refutes,
    /// The footer, followed by " " and [`Word::Time`].
    SolutionFinished,
    /// The footer of a play cut short by `maxsolutions`, by `maxtime`.
    PartialSolution,
    SolvingInterrupted,
    /// `"Time = "`, with its trailing blank.
    Time,
    /// The attribute line listing kamikaze units.
    Kamikaze,
    /// Option lines printed under the conditions.
    HalfDuplex,
    Duplex,
    Quodlibet,
    /// Twinning commands, as printed in twin headers.
    Rotate,
    Mirror,
    Shift,
    PolishType,
    /// Colour names.
    White,
    Black,
    /// `option intelligent` where Popeye's intelligent mode does not go.
    IntelligentRestricted,
    /// `option stoponshortsolutions` in play with defence.
    NoStopOnShortSolutions,
    /// `option setplay` where the series side makes the last move.
    SetPlayNotApplicable,
    MoveNumbersIncompatible,
    /// The side not to move is in check.
    KingCapturable,
    /// The side not to move is in check: only the set play is solved.
    SetPlayOnly,
}

/// One row per word: English, German, French.
const WORDS: &[(Word, [&str; 3])] = &[
    (Word::Threat, ["threat:", "Drohung:", "menace:"]),
    (Word::But, ["but", "Aber", "mais"]),
    (Word::Zugzwang, ["zugzwang.", "Zugzwang.", "blocus."]),
    (Word::Refutes, ["refutes.", "Widerlegt.", "Refute."]),
    (
        Word::SolutionFinished,
        [
            "solution finished.",
            "Loesung beendet.",
            "solution terminee.",
        ],
    ),
    (Word::Time, ["Time = ", "Zeit = ", "Temps = "]),
    (
        Word::PartialSolution,
        ["Partial solution", "Partielle Loesung", "solution partielle"],
    ),
    (
        Word::SolvingInterrupted,
        [
            "solving interrupted.",
            "Bearbeitung abgebrochen.",
            "solution interrompue.",
        ],
    ),
    (Word::Kamikaze, ["Kamikaze", "Kamikaze", "Kamikaze"]),
    (Word::HalfDuplex, ["HalfDuplex", "HalbDuplex", "DemiDuplex"]),
    (Word::Duplex, ["Duplex", "Duplex", "Duplex"]),
    (Word::Quodlibet, ["Quodlibet", "Quodlibet", "Quodlibet"]),
    (Word::Rotate, ["rotate", "Drehung", "rotation"]),
    (Word::Mirror, ["mirror", "Spiegelung", "miroir"]),
    (Word::Shift, ["shift", "Verschiebung", "translation"]),
    (
        Word::PolishType,
        ["PolishType", "Farbwechsel", "CouleurEchange"],
    ),
    (Word::White, ["White", "Weiss", "Blanc"]),
    (Word::Black, ["Black", "Schwarz", "Noir"]),
    (
        Word::IntelligentRestricted,
        [
            "Intelligent Mode only with h#/=, ser-#/= and ser-h#/=, with a limited set of fairy conditions and without fairy pieces.",
            "Intelligent Modus nur im h#/=, ser-#/= und ser-h#/=, wenigen Maerchenbedingungen und keinen Maerchensteinen.",
            "mode intelligent seulement avec h#/=, ser-#/= et ser-h#/=, facultativement avec certaines conditions, et sans pieces feeriques.",
        ],
    ),
    (
        Word::KingCapturable,
        [
            "The side to play can capture the king: the diagram is illegal.",
            "Die am Zug befindliche Partei kann den Koenig schlagen: die Stellung ist illegal.",
            "Le camp au trait peut prendre le roi : la position est illegale.",
        ],
    ),
    (
        Word::SetPlayOnly,
        [
            "The side to play can capture the king: only the set play is solved.",
            "Die am Zug befindliche Partei kann den Koenig schlagen: nur das Satzspiel wird geloest.",
            "Le camp au trait peut prendre le roi : seul le jeu apparent est resolu.",
        ],
    ),
    (
        Word::MoveNumbersIncompatible,
        [
            "StartMoveNumber or UpToMoveNumber incompatible with the stipulation",
            "StartZugnummer oder BisZugnummer inkompatibel mit der Forderung",
            "Enroute ou JusquAuCoup incompatible avec l'enonce",
        ],
    ),
    (
        Word::SetPlayNotApplicable,
        [
            "SetPlay not applicable - ignored",
            "Satzspiel nicht anwendbar - ignoriert",
            "Apparent pas applicable - ignore",
        ],
    ),
    (
        Word::NoStopOnShortSolutions,
        [
            "Option  StopOnShortSolutions  not supported with direct play.",
            "Option  StopNachKurzloesungen  nicht unterstuetzt im direkten Spiel.",
            "L'option  FinApresSolutionsCourtes  n'est pas soutenu au jeu direct.",
        ],
    ),
];

/// The word `w` in `lang`.
pub fn word(lang: Language, w: Word) -> &'static str {
    WORDS
        .iter()
        .find(|(k, _)| *k == w)
        .map(|(_, t)| t[idx(lang)])
        .expect("every Word has a table row")
}

/// `; did you mean the grasshopper (G)?` when `word` (a piece word whose
/// trailing squares are left out) is near a walk's name in `lang`: the
/// name where a code belongs is the usual slip.
pub fn walk_hint(lang: Language, word: &str) -> String {
    let mut name = word;
    // Squares are ASCII: a word ending in anything else has none to drop.
    while name.len() > 2 && name.is_char_boundary(name.len() - 2) {
        let (head, tail) = name.split_at(name.len() - 2);
        if crate::board::Square::parse(tail).is_none() {
            break;
        }
        name = head;
    }
    // Short words are codes mistyped, near every other code by chance.
    if name.len() < 4 || !name.chars().all(|c| c.is_ascii_alphabetic()) {
        return String::new();
    }
    let names = Kind::all().map(|k| k.def().names[idx(lang)]);
    let Some(found) = crate::vocabulary::suggest::nearest(name, names) else {
        return String::new();
    };
    match Kind::all().find(|k| k.def().names[idx(lang)] == found) {
        Some(k) => format!("; did you mean the {found} ({})?", piece_letter(lang, k)),
        None => String::new(),
    }
}

/// circe's own words in the formats for people (text, HTML), not
/// Popeye's: what it says of a problem it could not finish or that has no
/// solution, and the headings of the HTML booklet. A `{}` stands for a
/// number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phrase {
    /// Under a problem or twin whose play found nothing.
    NoSolution,
    /// The search ran out of `--timeout` (or `maxtime`) seconds.
    TimeOut,
    /// The run was stopped (Ctrl-C).
    Interrupted,
    /// `maxsolutions` or `stoponshortsolutions` ended the play.
    PartialSolution,
    /// The HTML booklet: the number of solutions found.
    SolutionsFound,
    /// The HTML booklet: the heading of the legend (fairy walks, neutral
    /// units, attributes).
    Legend,
    /// The HTML booklet: the mark of a neutral unit in the legend.
    Neutral,
    /// The HTML booklet: the heading of a problem's solution.
    Solution,
}

/// One row per phrase: English, German, French.
const PHRASES: &[(Phrase, [&str; 3])] = &[
    (
        Phrase::NoSolution,
        ["no solution", "keine Lösung", "pas de solution"],
    ),
    (
        Phrase::TimeOut,
        [
            "time-out after {} s: incomplete",
            "Zeitüberschreitung nach {} s: unvollständig",
            "temps dépassé après {} s : incomplet",
        ],
    ),
    (
        Phrase::Interrupted,
        [
            "interrupted: incomplete",
            "abgebrochen: unvollständig",
            "interrompu : incomplet",
        ],
    ),
    (
        Phrase::PartialSolution,
        [
            "partial solution: incomplete",
            "Teillösung: unvollständig",
            "solution partielle : incomplet",
        ],
    ),
    (
        Phrase::SolutionsFound,
        [
            "solutions found: {}",
            "gefundene Lösungen: {}",
            "solutions trouvées : {}",
        ],
    ),
    (Phrase::Legend, ["Legend", "Legende", "Légende"]),
    (Phrase::Neutral, ["neutral", "neutral", "neutre"]),
    (Phrase::Solution, ["Solution", "Lösung", "Solution"]),
];

/// The phrase `p` in `lang`, with `number` in place of its `{}`.
pub fn phrase(lang: Language, p: Phrase, number: &str) -> String {
    PHRASES
        .iter()
        .find(|(k, _)| *k == p)
        .map(|(_, t)| t[idx(lang)].replace("{}", number))
        .expect("every Phrase has a table row")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_letters_per_language() {
        let s: String = Kind::ORTHODOX
            .iter()
            .map(|&r| piece_letter(Language::German, r))
            .collect();
        assert_eq!(s, "KDTLSB");
        let s: String = Kind::ORTHODOX
            .iter()
            .map(|&r| piece_letter(Language::French, r))
            .collect();
        assert_eq!(s, "RDTFCP");
        assert_eq!(kind_from_code(Language::English, "s"), Some(Kind::KNIGHT));
        assert_eq!(kind_from_code(Language::German, "x"), None);
    }

    #[test]
    fn colour_letters_per_language() {
        assert_eq!(color_letter(Language::English, Color::Black), 'b');
        assert_eq!(color_letter(Language::German, Color::Black), 's');
        assert_eq!(color_letter(Language::French, Color::White), 'b');
        assert_eq!(color_letter(Language::French, Color::Black), 'n');
    }

    #[test]
    fn every_word_has_a_row() {
        assert_eq!(word(Language::German, Word::Threat), "Drohung:");
        assert_eq!(word(Language::French, Word::But), "mais");
    }

    #[test]
    fn every_phrase_in_every_language() {
        assert_eq!(
            phrase(Language::German, Phrase::TimeOut, "20"),
            "Zeitüberschreitung nach 20 s: unvollständig"
        );
        assert_eq!(
            phrase(Language::French, Phrase::NoSolution, ""),
            "pas de solution"
        );
        for lang in [Language::English, Language::German, Language::French] {
            assert!(!phrase(lang, Phrase::Interrupted, "").is_empty());
        }
    }

    #[test]
    fn a_walk_hint_takes_any_letters_without_panicking() {
        // The fuzzer's words: a letter of two bytes where a square's would
        // be cut off.
        for word in ["whitüe", "functionaòy", "¿k", "endproble³m"] {
            assert_eq!(walk_hint(Language::English, word), "", "{word}");
        }
        assert!(walk_hint(Language::English, "grashoppera1").contains("(G)"));
    }
}
