//! Everything of Popeye's plain-text output except the moves: the header
//! (remarks, metadata, diagram, stipulation line, attribute and condition
//! lines), the twin headers and the footer.
//!
//! The layout rules come from Popeye's writers and were checked against the
//! recorded outputs in the corpus:
//! - lines are centred in the width of the diagram, 37 columns, with
//!   `(37 - len) / 2` leading blanks, and only when `len < 36`
//!   (Popeye measures the text with its line feed and pads only when that
//!   is shorter than the width);
//! - the piece counts end in column 35, after the stipulation line's own
//!   text, with no padding at all if the stipulation is too long.
//!
//! The output sequence for one problem is [`write_header`], then per twin
//! [`write_twin_header`] and its solution, then [`write_footer`].

use std::fmt::Write as _;

use crate::board::{Color, Piece, Position, Square};
use crate::io::language::{color_letter, neutral_letter, piece_letter, word, Word};
use crate::io::notation::Alphabet;
use crate::problem::{Language, MirrorAxis, Problem, ProblemOption, Twin, TwinCommand};
use crate::rules::conditions::grid::leaves_cell;
use crate::rules::{Condition, Rules};
use crate::solve::Incompleteness;
use crate::vocabulary::grid_words::grid_variant_word;
use crate::vocabulary::{column, condition_lines, CONDITION_NAMES};

/// Width of the diagram, `+---a---...---h---+`; lines are centred in it.
const BOARD_WIDTH: usize = 37;
/// The column where the piece counts of the stipulation line end.
const COUNTS_END: usize = 35;

/// Appends `text` and a line feed, centred as Popeye centres it.
pub(crate) fn centred_line(out: &mut String, text: &str) {
    let used = text.chars().count() + 1;
    if BOARD_WIDTH > used {
        let pad = (BOARD_WIDTH + 1 - used) / 2;
        out.extend(std::iter::repeat_n(' ', pad));
    }
    out.push_str(text);
    out.push('\n');
}

/// Writes everything Popeye prints before the solution of a problem,
/// ending with the blank line that precedes the solution (or the first
/// twin header).
pub fn write_header(out: &mut String, problem: &Problem) {
    let lang = problem.language;
    // What Popeye said while reading the pieces: units put under others.
    for (sq, _) in problem.position.waiting.buried() {
        out.push_str(&sq.to_string());
        out.push_str(match lang {
            Language::English => " already occupied - old piece goes to the underworld.\n",
            Language::German => " ist bereits besetzt - alter Stein geht in die Unterwelt.\n",
            Language::French => " deja occupee - piece ancienne va dans l'au-dela.\n",
        });
    }
    // Remarks come first and are not centred.
    for r in nonempty(&problem.meta.remark) {
        out.push_str(r);
        out.push('\n');
    }
    // Said when the option meets the stipulation, before the diagram.
    if white_begins_applies(problem) == Some(false) && !begins_an_a_to_b(problem) {
        out.push_str(match lang {
            Language::English => "WhiteToPlay not applicable - ignored\n",
            Language::German => "WeissBeginnt nicht anwendbar - ignoriert\n",
            Language::French => "ApparentSeul pas applicable - ignore\n",
        });
    }
    if goal_is_end_applies(problem) == Some(false) {
        out.push_str(match lang {
            Language::English => "GoalIsEnd not applicable - ignored\n",
            Language::German => "ZielIstEnde nicht anwendbar - ignoriert\n",
            Language::French => "ButEstFin pas applicable - ignore\n",
        });
    }
    if problem.has_option(|o| matches!(o, ProblemOption::NoBoard)) {
        out.push('\n');
        return;
    }
    out.push('\n');
    let meta = &problem.meta;
    for line in nonempty(&meta.author)
        .chain(nonempty(&meta.origin))
        .chain(nonempty(&meta.award))
        .chain(nonempty(&meta.title))
    {
        centred_line(out, line);
    }
    out.push('\n');
    if let Some(start) = &problem.start {
        write_start_position(out, problem, start, lang, Alphabet::from(lang));
    }
    write_diagram(out, problem, lang, Alphabet::from(lang));
    out.push('\n');
}

/// `a=>b`: the position the play starts from, with its counts and
/// attributes, and who moves first there (`=> (Black ->)`).
pub(crate) fn write_start_position(
    out: &mut String,
    problem: &Problem,
    start: &Position,
    lang: Language,
    alphabet: Alphabet,
) {
    let mut shown = *start;
    if !problem.rules.conditions.is_empty() {
        problem.rules.conditions.prepare(&problem.rules, &mut shown);
        // Its imitators are its own (the condition's are the target's).
        shown.imitators = start.imitators;
    }
    write_board_in(out, alphabet, &shown, None);
    write_counts_line(out, "", start, lang);
    write_attribute_lines_of(out, lang, start, &problem.rules, false);
    let first = crate::stipulation::Stipulation::parse(&problem.stipulation.value)
        .map_or(Color::White, |stip| {
            crate::solve::starting_side(problem, &stip)
        });
    let side = match (lang, first) {
        (Language::English, Color::White) => "White",
        (Language::English, Color::Black) => "Black",
        (Language::German, Color::White) => "Weiss",
        (Language::German, Color::Black) => "Schwarz",
        (Language::French, Color::White) => "Blanc",
        (Language::French, Color::Black) => "Noir",
    };
    out.push('\n');
    centred_line(out, &format!("=> ({side} ->)"));
    out.push_str("\n\n");
}

/// The diagram and what Popeye writes under it: the board, the
/// stipulation line with the piece counts, the attribute and condition
/// lines, the duplex and quodlibet lines; the piece letters of
/// `alphabet`, the words of `lang`. The text format shows it too.
pub fn write_diagram(out: &mut String, problem: &Problem, lang: Language, alphabet: Alphabet) {
    // The conditions' state in the diagram (Hole's holes, shown blank).
    let mut shown = problem.position;
    if !problem.rules.conditions.is_empty() {
        problem.rules.conditions.prepare(&problem.rules, &mut shown);
    }
    let mut rules = problem.rules;
    crate::rules::conditions::alice::put_in_force(&mut rules, &problem.position);
    // Popeye names the imitators of an a=>b's start under the target.
    if let Some(start) = problem.start.filter(|_| rules.has(Condition::Imitator)) {
        let param = rules.param(Condition::Imitator);
        rules = rules.with_param(
            Condition::Imitator,
            crate::rules::conditions::Param {
                squares: start.imitators,
                ..*param
            },
        );
    }
    let rules = &rules;
    let gridded = rules.has(Condition::GridChess) || rules.has(Condition::ContactGridChess);
    let suppressed =
        problem.has_option(|o| matches!(o, ProblemOption::Cosmetic(n) if n == "suppressgrid"));
    write_board_in(
        out,
        alphabet,
        &shown,
        (gridded && !suppressed).then_some(rules),
    );
    write_stipulation_line(out, problem);
    write_attribute_lines(out, lang, &problem.position, rules);
    // With SuppressGrid, Popeye names the grid variant (not its cells).
    let grid_name = CONDITION_NAMES
        .iter()
        .find(|c| c.id == Condition::GridChess.popeye_id())
        .map(|c| c.names[column(lang)]);
    for mut line in condition_lines(lang, rules) {
        if suppressed && Some(line.as_str()) == grid_name {
            if let Some(variant) = grid_variant_word(lang, rules) {
                line.push_str("  ");
                line.push_str(variant);
            }
        }
        centred_line(out, &line);
    }
    write_exclusive_castlings(out, lang, &problem.position);
    if problem.has_option(|o| matches!(o, ProblemOption::HalfDuplex)) {
        centred_line(out, word(lang, Word::HalfDuplex));
    } else if problem.has_option(|o| matches!(o, ProblemOption::Duplex)) {
        centred_line(out, word(lang, Word::Duplex));
    }
    if problem.has_option(|o| matches!(o, ProblemOption::Quodlibet)) {
        centred_line(out, word(lang, Word::Quodlibet));
    }
}

/// `castlingmutuallyexclusive`: Popeye's line naming every pair, not
/// centred.
fn write_exclusive_castlings(out: &mut String, lang: Language, pos: &Position) {
    if pos.castling_exclusive == 0 {
        return;
    }
    out.push_str(match lang {
        Language::English => "CastlingMutuallyExclusive",
        Language::German => "RochadenGegenseitigAusschliessend",
        Language::French => "RoquesMutuellementExclusifs",
    });
    for white in [Square::new(0, 0), Square::new(7, 0)] {
        for black in [Square::new(0, 7), Square::new(7, 7)] {
            let bit = Position::exclusive_castling_bit(white, black).unwrap_or(0);
            if pos.castling_exclusive & bit != 0 {
                out.push_str(&format!(" {white}{black}"));
            }
        }
    }
    out.push('\n');
}

/// Metadata lines, without the empty ones Popeye ignores.
pub(crate) fn nonempty(lines: &[String]) -> impl Iterator<Item = &str> {
    lines
        .iter()
        .map(|s| s.as_str())
        .filter(|s| !s.trim().is_empty())
}

/// The diagram: border, then per rank a line of units and a blank line.
/// With `grid` (GridChess's rules), the grid's lines as Popeye draws them:
/// `|` before a square a move from its left neighbour leaves the cell
/// for, `---` under one a move from the square below does.
pub fn write_board(out: &mut String, lang: Language, pos: &Position, grid: Option<&Rules>) {
    write_board_in(out, Alphabet::from(lang), pos, grid);
}

/// [`write_board`] with the letters of `alphabet` (Latvian's too).
pub fn write_board_in(out: &mut String, alphabet: Alphabet, pos: &Position, grid: Option<&Rules>) {
    const BORDER: &str = "+---a---b---c---d---e---f---g---h---+\n";
    const BLANK: &str = "|                                   |\n";
    let line = |a: Square, b: Square| grid.is_some_and(|r| leaves_cell(r, a, b));
    out.push_str(BORDER);
    out.push_str(BLANK);
    for rank in (0..8u8).rev() {
        let digit = (b'1' + rank) as char;
        out.push(digit);
        out.push(' ');
        for file in 0..8u8 {
            let sq = Square::new(file, rank);
            let mut cell = if pos.holes.contains(sq) {
                "    ".to_string()
            } else if pos.imitators.contains(sq) {
                // An imitator (Imitator) stands on no unit's square.
                "  I ".to_string()
            } else {
                board_cell(alphabet, pos.piece_at(sq))
            };
            if file > 0 && cell.starts_with(' ') && line(sq, Square::new(file - 1, rank)) {
                cell.replace_range(0..1, "|");
            }
            out.push_str(&cell);
        }
        out.push_str("  ");
        out.push(digit);
        out.push('\n');
        if grid.is_some() && rank > 0 {
            out.push_str("| ");
            for file in 0..8u8 {
                let under = line(Square::new(file, rank), Square::new(file, rank - 1));
                out.push_str(if under { " ---" } else { "    " });
            }
            out.push_str("  |\n");
        } else {
            out.push_str(BLANK);
        }
    }
    out.push_str(BORDER);
}

/// One 4-column cell: the letter in the third column, `-` before it for
/// Black, `=` for a neutral unit, `.` for an empty square.
fn board_cell(alphabet: Alphabet, piece: Option<Piece>) -> String {
    match piece {
        None => "  . ".to_string(),
        Some(p) => {
            let sign = match p.color {
                _ if p.is_neutral() => '=',
                Color::Black => '-',
                Color::White => ' ',
            };
            let text = format!("{sign}{}", alphabet.piece(p.kind));
            format!("{text:>3} ")
        }
    }
}

/// The stipulation as Popeye shows it under the diagram, with the option
/// suffixes it appends (`#5/1` for `threat 1`, `#7//1` for `maxflightsquares
/// 1`, `r#9;1,1` for `nontrivial`).
pub fn stipulation_text(problem: &Problem) -> String {
    let white_begins = white_begins_applies(problem) == Some(true);
    // `halfduplex` gives the structured stipulation's part to the other
    // side: Popeye names that side (`black 4hh[#]` is `White 4hh[#]`).
    let halfduplex = problem.has_option(|o| matches!(o, ProblemOption::HalfDuplex));
    let mut s =
        structured_stipulation_text(problem.language, &problem.stipulation.value, halfduplex)
            .unwrap_or_else(|| display_stipulation(&problem.stipulation.value, white_begins));
    // Popeye keeps one value per option, the last one given.
    let last = |f: fn(&ProblemOption) -> Option<(u32, u32)>| {
        problem.options.iter().rev().find_map(|o| f(&o.value))
    };
    let threat = last(|o| match o {
        ProblemOption::Threat(n) => Some((*n, 0)),
        _ => None,
    });
    let flights = last(|o| match o {
        ProblemOption::MaxFlights(n) => Some((*n, 0)),
        _ => None,
    });
    let nontrivial = last(|o| match o {
        ProblemOption::NonTrivial(m, n) => Some((*m, *n)),
        _ => None,
    });
    match (threat, flights) {
        (Some((t, _)), Some((f, _))) => {
            let _ = write!(s, "/{t}/{f}");
        }
        (Some((t, _)), None) => {
            let _ = write!(s, "/{t}");
        }
        (None, Some((f, _))) => {
            let _ = write!(s, "//{f}");
        }
        (None, None) => {}
    }
    if let Some((m, n)) = nontrivial {
        let _ = write!(s, ";{m},{n}");
    }
    s
}

/// Whether `whitebegins` says who begins an `a=>b` (not in series), which
/// it does without shortening it.
fn begins_an_a_to_b(problem: &Problem) -> bool {
    crate::stipulation::Stipulation::parse(&problem.stipulation.value)
        .is_ok_and(|stip| stip.goal == crate::stipulation::Goal::AToB && !stip.series)
}

/// With option `whitebegins`: whether it applies to the stipulation (None
/// without the option or when the stipulation cannot be read).
fn white_begins_applies(problem: &Problem) -> Option<bool> {
    if !problem.has_option(|o| matches!(o, ProblemOption::WhiteBegins)) {
        return None;
    }
    let stip = crate::stipulation::Stipulation::parse(&problem.stipulation.value).ok()?;
    Some(stip.white_begins_applies())
}

/// Whether `goalisend` applies to the problem's stipulation; None without
/// the option.
fn goal_is_end_applies(problem: &Problem) -> Option<bool> {
    if !problem.has_option(|o| matches!(o, ProblemOption::GoalIsEnd)) {
        return None;
    }
    let stip = crate::stipulation::Stipulation::parse(&problem.stipulation.value).ok()?;
    Some(stip.goal_is_end_applies())
}

/// A structured stipulation as Popeye shows it: the side in the problem's
/// language (the other side where `swapped`), then the expression as Popeye
/// echoes it (`Weiss 3:3a[#]d`). None for the others.
fn structured_stipulation_text(lang: Language, stip: &str, swapped: bool) -> Option<String> {
    let rest = stip.trim().strip_prefix("sstipulation ")?;
    let (side, expr) = rest.split_once(' ')?;
    let side = match (side, swapped) {
        ("white", false) | ("black", true) => word(lang, Word::White),
        ("black", false) | ("white", true) => word(lang, Word::Black),
        _ => return None,
    };
    let expr = crate::stipulation::structured::Structured::parse(rest)
        .map_or_else(|_| expr.trim().to_string(), |tree| tree.echo());
    Some(format!("{side} {expr}"))
}

/// Popeye's spelling of a stipulation: lower case, `exact-` kept, and a
/// help play that White begins is half a move shorter (`h#3` → `h#2.5`).
pub fn display_stipulation(stip: &str, white_begins: bool) -> String {
    // Popeye writes the count against the goal, as a whole number where
    // it is one (`dia 3.0` is `dia3`).
    let mut lower: String = stip.to_lowercase().split_whitespace().collect();
    if let Some(whole) = lower.strip_suffix(".0") {
        lower = whole.to_string();
    }
    let (exact, mut s) = match lower.strip_prefix("exact-") {
        Some(rest) => ("exact-", rest),
        None => ("", lower.as_str()),
    };
    // ser-reci-h#1 is reci-h#1 (`Stipulation::parse`).
    if crate::stipulation::Stipulation::parse(stip)
        .is_ok_and(|st| st.reciprocal.is_some() && !st.series)
    {
        s = s.strip_prefix("ser-").unwrap_or(s);
    }
    if white_begins && s.starts_with('h') {
        if let Some(shorter) = half_move_shorter(s) {
            return format!("{exact}{shorter}");
        }
    }
    format!("{exact}{s}")
}

/// `h#3` → `h#2.5`, `h#2.5` → `h#2`: the trailing move count minus a half.
fn half_move_shorter(s: &str) -> Option<String> {
    let num_start = s
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_ascii_digit() || *c == '.')
        .last()
        .map(|(i, _)| i)?;
    // The castling goal `00` is digits too: the count comes after it.
    let num_start = if s[num_start..].starts_with("00") && s.len() > num_start + 2 {
        num_start + 2
    } else {
        num_start
    };
    let (prefix, num) = s.split_at(num_start);
    let halves = match num.split_once('.') {
        None => num.parse::<u32>().ok()? * 2,
        Some((whole, "5")) => whole.parse::<u32>().ok()? * 2 + 1,
        Some(_) => return None,
    };
    let halves = halves.checked_sub(1)?;
    Some(if halves.is_multiple_of(2) {
        format!("{prefix}{}", halves / 2)
    } else {
        format!("{prefix}{}.5", halves / 2)
    })
}

/// `  h#2                        4 + 10`: the piece counts end in column 35;
/// neutral units add a third count, `1 + 1 + 4n`.
fn write_stipulation_line(out: &mut String, problem: &Problem) {
    let left = format!("  {}", stipulation_text(problem));
    write_counts_line(out, &left, &problem.position, problem.language);
}

/// `left`, then the units' counts of `pos` ending in Popeye's column.
fn write_counts_line(out: &mut String, left: &str, pos: &Position, lang: Language) {
    let mut counts = format!("{} + {}", pos.count(Color::White), pos.count(Color::Black));
    let neutral = pos.neutral().count();
    if neutral > 0 {
        let _ = write!(counts, " + {neutral}{}", neutral_letter(lang));
    }
    out.push_str(left);
    let width = COUNTS_END.saturating_sub(left.chars().count());
    if width > counts.len() {
        out.extend(std::iter::repeat_n(' ', width - counts.len()));
    }
    out.push_str(&counts);
    out.push('\n');
}

/// The squares of a set of units as Popeye lists them: rank 8 down to
/// rank 1, each rank from a to h, each square preceded by a blank.
fn squares_in_listing_order(squares: impl Fn(Square) -> bool) -> String {
    let mut s = String::new();
    for rank in (0..8u8).rev() {
        for file in 0..8u8 {
            let sq = Square::new(file, rank);
            if squares(sq) {
                let _ = write!(s, " {sq}");
            }
        }
    }
    s
}

/// One centred line per attribute some unit carries, in Popeye's order:
/// `Royal a7 g5` (the royal units not of a royal walk), `Kamikaze a8 c8`,
/// `Functionary a7` (German `Beamtet`), `Magic d4`, `Frischauf d5` ...
/// An attribute the rules give units to come is named too, with the
/// squares of the units that carry it now (GhostChess's and HauntedChess's
/// uncapturable ghosts: `Uncapturable`).
pub(crate) fn write_attribute_lines(
    out: &mut String,
    lang: Language,
    pos: &Position,
    rules: &Rules,
) {
    write_attribute_lines_of(out, lang, pos, rules, true);
}

/// [`write_attribute_lines`]; then, under AliceChess, the units of each
/// board (`AliceA`, `AliceB`, both written even when empty). The start
/// position of `a=>b` (`board_a` false) lists no unit on board A: Popeye
/// marks them only once it reads the diagram.
fn write_attribute_lines_of(
    out: &mut String,
    lang: Language,
    pos: &Position,
    rules: &Rules,
    board_a: bool,
) {
    write_unit_attribute_lines(out, lang, pos, rules);
    if rules.has(Condition::AliceChess) {
        let b = pos.on_board_b();
        let a = if board_a {
            pos.unit_squares() & !b
        } else {
            crate::board::Bitboard::EMPTY
        };
        for (name, set) in [("AliceA", a), ("AliceB", b)] {
            let line = format!("{name}{}", squares_in_listing_order(|sq| set.contains(sq)));
            centred_line(out, &line);
        }
    }
}

fn write_unit_attribute_lines(out: &mut String, lang: Language, pos: &Position, rules: &Rules) {
    let given = if crate::rules::conditions::ghosts_in_force(rules) {
        crate::board::Attrs::UNCAPTURABLE
    } else {
        crate::board::Attrs::NONE
    };
    if pos.attributed().is_empty() && given == crate::board::Attrs::NONE {
        return;
    }
    let unwritten = crate::rules::conditions::unwritten_attrs(rules);
    for (attr, _) in crate::io::language::ATTRIBUTE_NAMES {
        if unwritten.contains(attr) {
            continue;
        }
        let mut marked = pos.with_attrs(attr);
        if attr == crate::board::Attrs::ROYAL {
            for sq in marked {
                if pos.kind_at(sq).is_some_and(|k| k.is_royal()) {
                    marked.clear(sq);
                }
            }
        }
        if marked.is_empty() && !given.contains(attr) {
            continue;
        }
        let name = crate::io::language::attribute_name(lang, attr).expect("named");
        let line = format!(
            "{name}{}",
            squares_in_listing_order(|sq| marked.contains(sq))
        );
        centred_line(out, &line);
    }
}

/// Popeye's time: `0.026 s`, `1:02.345 m:s`, `1:02:03 h:m:s`, with the
/// milliseconds cut off, not rounded.
pub fn format_time(seconds: f64) -> String {
    let ms_total = (seconds.max(0.0) * 1000.0) as u64;
    let (secs, ms) = (ms_total / 1000, ms_total % 1000);
    let (h, m, s) = (secs / 3600, (secs % 3600) / 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02} h:m:s")
    } else if m > 0 {
        format!("{m}:{s:02}.{ms:03} m:s")
    } else {
        format!("{s}.{ms:03} s")
    }
}

/// The end of a problem's output: a blank line, `solution finished. Time =
/// ...`, and two more blank lines. The leading blank line is the one that
/// closes the last solution (the same one that precedes a twin header).
/// A play cut short says so instead, without the blank line (`Partial
/// solution`, `solving interrupted.`).
pub fn write_footer(
    out: &mut String,
    lang: Language,
    seconds: f64,
    incomplete: Option<Incompleteness>,
) {
    let (blank, w) = match incomplete {
        None => ("\n", Word::SolutionFinished),
        Some(Incompleteness::Partial) => ("", Word::PartialSolution),
        Some(Incompleteness::Interrupted) => ("", Word::SolvingInterrupted),
    };
    let _ = write!(
        out,
        "{blank}{} {}{}\n\n\n",
        word(lang, w),
        word(lang, Word::Time),
        format_time(seconds)
    );
}

/// The label of the twin with 0-based index `i`: `a`, `b`, ... .
pub fn twin_label(i: usize) -> String {
    // Popeye does not go beyond z in any corpus problem; past it, number on.
    if i < 26 {
        ((b'a' + i as u8) as char).to_string()
    } else {
        format!("z{}", i - 25)
    }
}

/// Writes a twin header. `index` 0 is the diagram itself, printed as `a) `
/// (pass `twin: None`). For later twins `before` is the position the twin's
/// commands are applied to (the diagram, or the previous twin's position
/// when the twin is continued: Popeye prints an `add` onto an occupied
/// square without its `+`). Every header after the first starts with the
/// blank line that closes the previous twin's solution; every header ends
/// with the blank line before the solution.
pub fn write_twin_header(
    out: &mut String,
    lang: Language,
    index: usize,
    twin: Option<&Twin>,
    before: &Position,
) {
    if index > 0 {
        out.push('\n');
    }
    if twin.is_some_and(|t| t.continued) {
        out.push('+');
    }
    let _ = write!(out, "{}) ", twin_label(index));
    if let Some(t) = twin {
        let mut pos = *before;
        let mut effects = Vec::new();
        for c in &t.commands {
            twin_effects(lang, c, &pos, &mut effects);
            apply_for_display(&mut pos, c);
        }
        write_twin_effects(out, &effects);
    }
    out.push_str("\n\n");
}

/// What a twin does to the units, in the order Popeye records it: a unit
/// taken off, one put on, or anything else as its text.
enum TwinEffect {
    Removal(Square, String),
    Creation(Square, String),
    Text(String),
}

/// The effects of `c` on `pos`: a unit moved or added onto an occupied
/// square first takes the unit there off.
fn twin_effects(lang: Language, c: &TwinCommand, pos: &Position, out: &mut Vec<TwinEffect>) {
    let taken_off = |sq: Square| {
        pos.piece_at(sq)
            .map(|p| TwinEffect::Removal(sq, unit_text(lang, p, sq)))
    };
    match c {
        TwinCommand::Move(_, to) => out.extend(taken_off(*to)),
        TwinCommand::Add(p, sq) => {
            out.extend(taken_off(*sq));
            out.push(TwinEffect::Creation(*sq, unit_text(lang, *p, *sq)));
            return;
        }
        TwinCommand::Remove(sq) => {
            if let Some(e) = taken_off(*sq) {
                out.push(e);
                return;
            }
        }
        _ => {}
    }
    out.push(TwinEffect::Text(twin_command_text(lang, c, pos)));
}

/// A twin's effects as Popeye writes them, each followed by two blanks: a
/// removal (`-wPb3`) only when no unit is put on its square later in the
/// twin, an addition with `+` only when no unit was taken off its square
/// before in the twin (`wSb3` replaces, `+wSb3` adds).
fn write_twin_effects(out: &mut String, effects: &[TwinEffect]) {
    for (i, e) in effects.iter().enumerate() {
        match e {
            TwinEffect::Removal(sq, text) => {
                let replaced = effects[i + 1..]
                    .iter()
                    .any(|l| matches!(l, TwinEffect::Creation(s, _) if s == sq));
                if replaced {
                    continue;
                }
                out.push('-');
                out.push_str(text);
            }
            TwinEffect::Creation(sq, text) => {
                let replaces = effects[..i]
                    .iter()
                    .any(|l| matches!(l, TwinEffect::Removal(s, _) if s == sq));
                if !replaces {
                    out.push('+');
                }
                out.push_str(text);
            }
            TwinEffect::Text(text) => out.push_str(text),
        }
        out.push_str("  ");
    }
}

/// The line Popeye writes before the twins of a problem with
/// `zeroposition`: the keyword, then two blank lines; the diagram is shown
/// but not solved (tier3/BEISPIEL_stip__013, BEISPIEL_transmut__003).
pub fn write_zero_position(out: &mut String, lang: Language) {
    let word = match lang {
        Language::German => "NullStellung",
        Language::English | Language::French => "ZeroPosition",
    };
    out.push_str(word);
    out.push_str("\n\n\n");
}

/// A unit as Popeye names it in twin headers: colour, attributes, letter
/// (pawns too), square: `wBh2`, `sKa8`.
fn unit_text(lang: Language, p: Piece, sq: Square) -> String {
    let mut s = String::new();
    s.push(if p.is_neutral() {
        neutral_letter(lang)
    } else {
        color_letter(lang, p.color)
    });
    crate::io::language::attribute_letters(lang, p.attrs, p.kind.is_royal(), &mut s);
    s.push_str(piece_letter(lang, p.kind));
    let _ = write!(s, "{sq}");
    s
}

/// One twinning command as Popeye prints it; `pos` is the position just
/// before the command.
pub fn twin_command_text(lang: Language, c: &TwinCommand, pos: &Position) -> String {
    let unit = |sq: Square| match pos.piece_at(sq) {
        Some(p) => unit_text(lang, p, sq),
        None => sq.to_string(),
    };
    match c {
        TwinCommand::Move(from, to) => format!("{}-->{to}", unit(*from)),
        TwinCommand::Exchange(a, b) => format!("{}<-->{}", unit(*a), unit(*b)),
        TwinCommand::Add(p, sq) => {
            let prefix = if pos.is_empty_square(*sq) { "+" } else { "" };
            format!("{prefix}{}", unit_text(lang, *p, *sq))
        }
        TwinCommand::Remove(sq) => format!("-{}", unit(*sq)),
        TwinCommand::Rotate(deg) => format!("{} {deg}", word(lang, Word::Rotate)),
        TwinCommand::Mirror(axis) => {
            let axis = match axis {
                MirrorAxis::Files => "a1<-->h1",
                MirrorAxis::Ranks => "a1<-->a8",
                MirrorAxis::Diagonal => "a1<-->h8",
                MirrorAxis::AntiDiagonal => "a8<-->h1",
            };
            format!("{} {axis}", word(lang, Word::Mirror))
        }
        TwinCommand::Shift(a, b) => format!("{} {a} ==> {b}", word(lang, Word::Shift)),
        TwinCommand::PolishType => word(lang, Word::PolishType).to_string(),
        TwinCommand::Substitute(a, b) => {
            format!("{} ==> {}", piece_letter(lang, *a), piece_letter(lang, *b))
        }
        // Popeye echoes a twin's stipulation as written (`exact-#2`), its
        // words run together (`dia 7.5` is written `dia7.5`).
        TwinCommand::Stipulation(s) => structured_stipulation_text(lang, s, false)
            .unwrap_or_else(|| s.split_whitespace().collect::<String>()),
        // Popeye writes each condition of a twin on a line of its own.
        TwinCommand::Condition(rules) => condition_lines(lang, rules).join("\n   "),
        // Popeye's own echo of a forsyth twin is not established.
        TwinCommand::Forsyth { text, .. } => format!("forsyth {text}"),
        TwinCommand::Other(s) => s.clone(),
    }
}

/// A twin command's effect on the units, to name the units of the
/// commands after it (`move a1 b1 move b1 c1`).
fn apply_for_display(pos: &mut Position, c: &TwinCommand) {
    // A command that cannot be applied leaves the position as it was;
    // the solver reports the error.
    let _ = crate::twin::apply_to_position(pos, c);
}

#[cfg(test)]
mod tests {
    //! Headers and footers compared verbatim with Popeye 4.104's recorded
    //! output (corpus file named above each expected text).

    use super::*;
    use crate::board::Attrs;
    use crate::board::Kind;
    use crate::io::language::kind_from_code;
    use crate::problem::{Metadata, SourceRef, Spanned};
    use crate::rules::{CirceRules, Rules};

    /// Places units written as in Popeye's `pieces` line: a piece letter
    /// followed by one or more squares, `kb1 lh3 ba7e7`.
    fn place(pos: &mut Position, lang: Language, color: Color, kamikaze: bool, spec: &str) {
        for group in spec.split_whitespace() {
            let kind = kind_from_code(lang, &group[..1]).unwrap();
            for i in (1..group.len()).step_by(2) {
                let sq = Square::parse(&group[i..i + 2]).unwrap();
                pos.put(
                    sq,
                    Piece::new(color, kind).with(Attrs::NONE.with_if(Attrs::KAMIKAZE, kamikaze)),
                );
            }
        }
    }

    fn problem(lang: Language, stip: &str, rules: Rules, options: Vec<ProblemOption>) -> Problem {
        Problem {
            meta: Metadata::default(),
            position: Position::empty(),
            start: None,
            stipulation: Spanned {
                value: stip.to_string(),
                line: 1,
            },
            rules,
            condition_text: Vec::new(),
            condition_line: 0,
            options: options
                .into_iter()
                .map(|value| Spanned { value, line: 1 })
                .collect(),
            zero_position: false,
            twins: Vec::new(),
            language: lang,
            source: SourceRef::default(),
            expected: None,
            warnings: Vec::new(),
        }
    }

    fn header(p: &Problem) -> String {
        let mut s = String::new();
        write_header(&mut s, p);
        s
    }

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn german_anticirce_with_two_origin_lines() {
        let lang = Language::German;
        let mut p = problem(
            lang,
            "#2",
            Rules::with_circe(CirceRules::ANTICIRCE_CALVET),
            vec![ProblemOption::SetPlay, ProblemOption::Variation],
        );
        p.meta.author = strings(&["Anatoli Wasilenko"]);
        p.meta.origin = strings(&[
            "1. Preis, 11. diagrammes-TT 1993, Abt. A",
            "diagrammes spezial #13, 7-9/1993",
        ]);
        place(
            &mut p.position,
            lang,
            Color::White,
            false,
            "kb1 lh3 sa8 ba7e7",
        );
        place(
            &mut p.position,
            lang,
            Color::Black,
            false,
            "kc8 td3h2 lh8 sd7e1 bb7c5c6c7",
        );
        let expected =
        // popeye/tier1/BEISPIEL_anticir__001.out
        r#"
          Anatoli Wasilenko
1. Preis, 11. diagrammes-TT 1993, Abt. A
  diagrammes spezial #13, 7-9/1993

+---a---b---c---d---e---f---g---h---+
|                                   |
8   S   .  -K   .   .   .   .  -L   8
|                                   |
7   B  -B  -B  -S   B   .   .   .   7
|                                   |
6   .   .  -B   .   .   .   .   .   6
|                                   |
5   .   .  -B   .   .   .   .   .   5
|                                   |
4   .   .   .   .   .   .   .   .   4
|                                   |
3   .   .   .  -T   .   .   .   L   3
|                                   |
2   .   .   .   .   .   .   .  -T   2
|                                   |
1   .   K   .   .  -S   .   .   .   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  #2                         5 + 10
              AntiCirce

"#
        ;
        assert_eq!(header(&p), expected);
    }

    #[test]
    fn gridchess_draws_its_grid_unless_suppressed() {
        let lang = Language::English;
        let rules = Rules::with_circe(CirceRules::CIRCE).with(Condition::GridChess);
        let mut p = problem(lang, "~1", rules, vec![]);
        place(
            &mut p.position,
            lang,
            Color::White,
            false,
            "bb2b6 kf7 rd8 sg1",
        );
        place(
            &mut p.position,
            lang,
            Color::Black,
            false,
            "bd2 kh2 qf2g6 ra8",
        );
        let expected =
        // random-conditions/moves/circe-grid/r3120_1_circegrid_0000.out
        r#"

+---a---b---c---d---e---f---g---h---+
|                                   |
8  -R   . | .   R | .   . | .   .   8
|                                   |
7   .   . | .   . | .   K | .   .   7
|  --- --- --- --- --- --- --- ---  |
6   .   B | .   . | .   . |-Q   .   6
|                                   |
5   .   . | .   . | .   . | .   .   5
|  --- --- --- --- --- --- --- ---  |
4   .   . | .   . | .   . | .   .   4
|                                   |
3   .   . | .   . | .   . | .   .   3
|  --- --- --- --- --- --- --- ---  |
2   .   B | .  -B | .  -Q | .  -K   2
|                                   |
1   .   . | .   . | .   . | S   .   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  ~1                          5 + 5
                Circe
              GridChess

"#;
        assert_eq!(header(&p), expected);
        // With SuppressGrid: no grid, and the variant named (Popeye 4.104).
        let mut grid = crate::rules::conditions::grid::GridBuilder::default();
        grid.irregular();
        p.rules = p.rules.with_param(
            Condition::GridChess,
            crate::rules::conditions::Param {
                grid: grid.finish(),
                ..Default::default()
            },
        );
        p.options = vec![Spanned {
            value: ProblemOption::Cosmetic("suppressgrid".into()),
            line: 1,
        }];
        let h = header(&p);
        assert!(
            h.contains("\n8  -R   .   .   R   .   .   .   .   8\n"),
            "{h}"
        );
        assert!(h.contains("\n        GridChess  Irregular\n"), "{h}");
    }

    #[test]
    fn german_rex_inclusive_with_kamikaze_units_and_footer() {
        let lang = Language::German;
        let mut p = problem(
            lang,
            "h#2",
            Rules::with_circe(CirceRules::CIRCE_REX_INCLUSIVE),
            vec![],
        );
        p.meta.author = strings(&["B. Stucker & T. Maeder"]);
        p.meta.origin = strings(&["6183, feenschach 100, 9-10/1991"]);
        place(&mut p.position, lang, Color::White, false, "ke8");
        place(&mut p.position, lang, Color::Black, false, "ka1");
        place(
            &mut p.position,
            lang,
            Color::White,
            true,
            "tc3 lh7h8 bb3c2c4e6",
        );
        place(
            &mut p.position,
            lang,
            Color::Black,
            true,
            "dh6 lh5 sg6 ba2a3c5e7f5g4g5h3",
        );
        let expected =
        // popeye/tier1/BEISPIEL_circe__003.out
        r#"
       B. Stucker & T. Maeder
   6183, feenschach 100, 9-10/1991

+---a---b---c---d---e---f---g---h---+
|                                   |
8   .   .   .   .   K   .   .   L   8
|                                   |
7   .   .   .   .  -B   .   .   L   7
|                                   |
6   .   .   .   .   B   .  -S  -D   6
|                                   |
5   .   .  -B   .   .  -B  -B  -L   5
|                                   |
4   .   .   B   .   .   .  -B   .   4
|                                   |
3  -B   B   T   .   .   .   .  -B   3
|                                   |
2  -B   .   B   .   .   .   .   .   2
|                                   |
1  -K   .   .   .   .   .   .   .   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  h#2                        8 + 12
Kamikaze h8 e7 h7 e6 g6 h6 c5 f5 g5 h5 c4 g4 a3 b3 c3 h3 a2 c2
         Circe RexInklusive

"#
        ;
        assert_eq!(header(&p), expected);
        let mut footer = String::new();
        write_footer(&mut footer, lang, 0.170, None);
        assert_eq!(footer, "\nLoesung beendet. Zeit = 0.170 s\n\n\n");
    }

    #[test]
    fn english_kamikaze_line_is_centred_when_short() {
        let lang = Language::English;
        let mut p = problem(
            lang,
            "<>3",
            Rules::with_circe(CirceRules::CIRCE),
            vec![
                ProblemOption::NoWhiteKing,
                ProblemOption::NoBlackKing,
                ProblemOption::Variation,
                ProblemOption::NoThreat,
            ],
        );
        place(&mut p.position, lang, Color::White, true, "rb1");
        place(&mut p.position, lang, Color::White, false, "rh1");
        place(&mut p.position, lang, Color::Black, false, "pb5");
        let expected =
        // popeye/tier1/TESTS_kamikaze__002.out
        r#"

+---a---b---c---d---e---f---g---h---+
|                                   |
8   .   .   .   .   .   .   .   .   8
|                                   |
7   .   .   .   .   .   .   .   .   7
|                                   |
6   .   .   .   .   .   .   .   .   6
|                                   |
5   .  -P   .   .   .   .   .   .   5
|                                   |
4   .   .   .   .   .   .   .   .   4
|                                   |
3   .   .   .   .   .   .   .   .   3
|                                   |
2   .   .   .   .   .   .   .   .   2
|                                   |
1   .   R   .   .   .   .   .   R   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  <>3                         2 + 1
             Kamikaze b1
                Circe

"#
        ;
        assert_eq!(header(&p), expected);
    }

    #[test]
    fn english_cheylan_halfduplex() {
        let lang = Language::English;
        let mut p = problem(
            lang,
            "~1",
            Rules::with_circe(CirceRules::ANTICIRCE_CHEYLAN),
            vec![ProblemOption::HalfDuplex],
        );
        place(
            &mut p.position,
            lang,
            Color::White,
            false,
            "bd4 bd6 ke1 pf3 sb8",
        );
        place(&mut p.position, lang, Color::Black, false, "ke8 pb7");
        let expected =
        // random/moves/anticirce-cheylan/r204_1_anticircecheylan_0000.out
        r#"

+---a---b---c---d---e---f---g---h---+
|                                   |
8   .   S   .   .  -K   .   .   .   8
|                                   |
7   .  -P   .   .   .   .   .   .   7
|                                   |
6   .   .   .   B   .   .   .   .   6
|                                   |
5   .   .   .   .   .   .   .   .   5
|                                   |
4   .   .   .   B   .   .   .   .   4
|                                   |
3   .   .   .   .   .   P   .   .   3
|                                   |
2   .   .   .   .   .   .   .   .   2
|                                   |
1   .   .   .   .   K   .   .   .   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  ~1                          5 + 2
          AntiCirce Cheylan
             HalfDuplex

"#
        ;
        assert_eq!(header(&p), expected);
    }

    #[test]
    fn german_threat_option_shows_in_stipulation() {
        let lang = Language::German;
        let mut p = problem(
            lang,
            "#8",
            Rules::with_circe(CirceRules::CIRCE),
            vec![ProblemOption::Variation, ProblemOption::Threat(1)],
        );
        p.meta.author = strings(&["Hans Peter Rehm & Klaus Wenda"]);
        p.meta.origin = strings(&["2. Preis, Vissermann-Memo 1978"]);
        place(
            &mut p.position,
            lang,
            Color::White,
            false,
            "sb1d3 ke1 be2b3g4 lg2",
        );
        place(
            &mut p.position,
            lang,
            Color::Black,
            false,
            "lc8f8 th6g6 bd5h5c3e3 kd4",
        );
        let expected =
        // popeye/tier1/BEISPIEL_threat__002.out
        r#"
    Hans Peter Rehm & Klaus Wenda
   2. Preis, Vissermann-Memo 1978

+---a---b---c---d---e---f---g---h---+
|                                   |
8   .   .  -L   .   .  -L   .   .   8
|                                   |
7   .   .   .   .   .   .   .   .   7
|                                   |
6   .   .   .   .   .   .  -T  -T   6
|                                   |
5   .   .   .  -B   .   .   .  -B   5
|                                   |
4   .   .   .  -K   .   .   B   .   4
|                                   |
3   .   B  -B   S  -B   .   .   .   3
|                                   |
2   .   .   .   .   B   .   L   .   2
|                                   |
1   .   S   .   .   K   .   .   .   1
|                                   |
+---a---b---c---d---e---f---g---h---+
  #8/1                        7 + 9
                Circe

"#
        ;
        assert_eq!(header(&p), expected);
    }

    #[test]
    fn german_twins_white_begins_and_mirror() {
        // tier1/BEISPIEL_anticir__039: h#3 with `weissbeginnt` shows as
        // h#2.5; the twin is `zwilling spiegelung a1<-->h1`.
        let lang = Language::German;
        let mut p = problem(
            lang,
            "h#3",
            Rules::with_circe(CirceRules::ANTICIRCE_CHEYLAN),
            vec![ProblemOption::WhiteBegins],
        );
        p.meta.author = strings(&["Gerard Smits"]);
        p.meta.origin = strings(&[
            "6. ehr. Erw., 11. diagrammes-TT 1993, Abt. C",
            "diagrammes spezial #13, 7-9/1993",
        ]);
        place(&mut p.position, lang, Color::White, false, "kh1 ld1g1");
        place(&mut p.position, lang, Color::Black, false, "kf1 da2 sf3");
        let twin = Twin {
            continued: false,
            commands: vec![TwinCommand::Mirror(MirrorAxis::Files)],
            line: 1,
        };
        let mut s = header(&p);
        write_twin_header(&mut s, lang, 0, None, &p.position);
        s.push_str("  1...Ld1-a4   2.Sf3-h2 La4-e8   3.Da2-g2 + Kh1*h2[wKh2->e1] #\n");
        write_twin_header(&mut s, lang, 1, Some(&twin), &p.position);
        s.push_str("  1...Lb1-g6   2.Dh2-c2 Lg6-e8   3.Kc1-b1 Le1*c3[wLc3->c1] #\n");
        write_footer(&mut s, lang, 1.943, None);
        let board = "\
+---a---b---c---d---e---f---g---h---+
|                                   |
8   .   .   .   .   .   .   .   .   8
|                                   |
7   .   .   .   .   .   .   .   .   7
|                                   |
6   .   .   .   .   .   .   .   .   6
|                                   |
5   .   .   .   .   .   .   .   .   5
|                                   |
4   .   .   .   .   .   .   .   .   4
|                                   |
3   .   .   .   .   .  -S   .   .   3
|                                   |
2  -D   .   .   .   .   .   .   .   2
|                                   |
1   .   .   .   L   .  -K   L   K   1
|                                   |
+---a---b---c---d---e---f---g---h---+
";
        let expected = format!(
            "
            Gerard Smits
6. ehr. Erw., 11. diagrammes-TT 1993, Abt. C
  diagrammes spezial #13, 7-9/1993

{board}  h#2.5                       3 + 3
          AntiCirce Cheylan

a) 

  1...Ld1-a4   2.Sf3-h2 La4-e8   3.Da2-g2 + Kh1*h2[wKh2->e1] #

b) Spiegelung a1<-->h1  

  1...Lb1-g6   2.Dh2-c2 Lg6-e8   3.Kc1-b1 Le1*c3[wLc3->c1] #

Loesung beendet. Zeit = 1.943 s


"
        );
        assert_eq!(s, expected);
    }

    fn twin(continued: bool, commands: Vec<TwinCommand>) -> Twin {
        Twin {
            continued,
            commands,
            line: 1,
        }
    }

    fn twin_line(lang: Language, i: usize, t: &Twin, before: &Position) -> String {
        let mut s = String::new();
        write_twin_header(&mut s, lang, i, Some(t), before);
        s
    }

    #[test]
    fn twin_commands_as_popeye_prints_them() {
        // tier1/BEISPIEL_twin__008: `zwilling drehung 90`.
        let de = Language::German;
        let mut pos = Position::empty();
        place(&mut pos, de, Color::White, false, "ke2 se5 bb2g7");
        let t = twin(false, vec![TwinCommand::Rotate(90)]);
        assert_eq!(twin_line(de, 1, &t, &pos), "\nb) Drehung 90  \n\n");

        // tier2/BEISPIEL_cirsquar__008: `hinzu weis lf5` onto the rook on
        // f5 prints without `+`; tier2/BEISPIEL_mars__024: `+c) +sBc7`.
        place(&mut pos, de, Color::White, false, "tf5");
        let lf5 = Piece::new(Color::White, Kind::BISHOP);
        let t = twin(
            false,
            vec![TwinCommand::Add(lf5, Square::parse("f5").unwrap())],
        );
        assert_eq!(twin_line(de, 1, &t, &pos), "\nb) wLf5  \n\n");
        let bc7 = Piece::new(Color::Black, Kind::PAWN);
        let t = twin(
            true,
            vec![TwinCommand::Add(bc7, Square::parse("c7").unwrap())],
        );
        assert_eq!(twin_line(de, 2, &t, &pos), "\n+c) +sBc7  \n\n");

        // tier1/BEISPIEL_anticir__052: `versetze h7 f1 forderung zf11`.
        let mut pos = Position::empty();
        place(&mut pos, de, Color::Black, false, "sh7");
        let sq = |s| Square::parse(s).unwrap();
        let t = twin(
            false,
            vec![
                TwinCommand::Move(sq("h7"), sq("f1")),
                TwinCommand::Stipulation("zf11".into()),
            ],
        );
        assert_eq!(twin_line(de, 1, &t, &pos), "\nb) sSh7-->f1  zf11  \n\n");

        // tier4/BEISPIEL_proof__005: `zwilling forderung dia 7.5`.
        let t = twin(false, vec![TwinCommand::Stipulation("dia 7.5".into())]);
        assert_eq!(twin_line(de, 1, &t, &pos), "\nb) dia7.5  \n\n");

        // tier2/EXAMPLES_danger_circe__001: `twin exchange a5 a6`.
        let en = Language::English;
        let mut pos = Position::empty();
        place(&mut pos, en, Color::Black, false, "ra5 pa6");
        let t = twin(false, vec![TwinCommand::Exchange(sq("a5"), sq("a6"))]);
        assert_eq!(twin_line(en, 1, &t, &pos), "\nb) bRa5<-->bPa6  \n\n");

        // tier2/REGRESSIONS_4_67_to_4_69__002: `twin condition circe`.
        let t = twin(
            false,
            vec![TwinCommand::Condition(Box::new(Rules::with_circe(
                CirceRules::CIRCE,
            )))],
        );
        assert_eq!(twin_line(en, 1, &t, &pos), "\nb) Circe  \n\n");

        // A later command names the units as the earlier ones left them.
        let t = twin(
            false,
            vec![
                TwinCommand::Move(sq("a5"), sq("b5")),
                TwinCommand::Move(sq("b5"), sq("c5")),
                TwinCommand::Remove(sq("a6")),
            ],
        );
        assert_eq!(
            twin_line(en, 1, &t, &pos),
            "\nb) bRa5-->b5  bRb5-->c5  -bPa6  \n\n"
        );
    }

    #[test]
    fn remarks_come_first_and_are_not_centred() {
        // tier3/TESTS_series_capture__008 (its SeriesCapture line left out:
        // the condition is not modelled yet).
        let lang = Language::English;
        let mut p = problem(lang, "ze81", Rules::with_circe(CirceRules::CIRCE), vec![]);
        p.meta.remark = strings(&["the combination with Circe brings surprises"]);
        place(&mut p.position, lang, Color::White, false, "bb1");
        place(&mut p.position, lang, Color::Black, false, "pf5d3");
        let h = header(&p);
        assert!(h.starts_with("the combination with Circe brings surprises\n\n\n+---a---b---c---"));
        assert!(h.ends_with("  ze81                        1 + 2\n                Circe\n\n"));
    }

    #[test]
    fn french_header_uses_french_letters() {
        // No French problem in the corpus: letters and words from Popeye's
        // French tables, layout as for the other languages.
        let lang = Language::French;
        let mut p = problem(lang, "h#2", Rules::with_circe(CirceRules::CIRCE), vec![]);
        p.meta.author = strings(&["Auteur"]);
        place(
            &mut p.position,
            lang,
            Color::White,
            false,
            "re1 dd1 ta1 fc1 cb1 pe2",
        );
        place(&mut p.position, lang, Color::Black, false, "re8");
        let h = header(&p);
        assert!(h.starts_with("\n               Auteur\n\n"));
        assert!(h.contains("\n8   .   .   .   .  -R   .   .   .   8\n"));
        assert!(h.contains("\n2   .   .   .   .   P   .   .   .   2\n"));
        assert!(h.contains("\n1   T   C   F   D   R   .   .   .   1\n"));
        let mut f = String::new();
        write_footer(&mut f, lang, 0.5, None);
        assert_eq!(f, "\nsolution terminee. Temps = 0.500 s\n\n\n");
    }

    #[test]
    fn long_lines_are_not_centred() {
        // 36 columns plus the line feed fill the width: no padding.
        let mut s = String::new();
        centred_line(&mut s, &"x".repeat(36));
        assert_eq!(s, format!("{}\n", "x".repeat(36)));
        s.clear();
        centred_line(&mut s, &"x".repeat(35));
        assert_eq!(s, format!(" {}\n", "x".repeat(35)));
    }

    #[test]
    fn stipulations_as_popeye_shows_them() {
        assert_eq!(display_stipulation("dia 3.0", false), "dia3");
        assert_eq!(display_stipulation("a=>b 4.5", false), "a=>b4.5");
        assert_eq!(display_stipulation("H#2", false), "h#2");
        assert_eq!(display_stipulation("Zb21", false), "zb21");
        // tier4/TESTS_battle_play__028, REGRESSIONS_4_63_to_4_65__001.
        assert_eq!(display_stipulation("exact-#1", false), "exact-#1");
        assert_eq!(display_stipulation("Exact-H#3", true), "exact-h#2.5");
        assert_eq!(display_stipulation("h#3", true), "h#2.5");
        assert_eq!(display_stipulation("h=2", true), "h=1.5");
        assert_eq!(display_stipulation("h002", true), "h001.5");
        assert_eq!(display_stipulation("#3", true), "#3");
        assert_eq!(display_stipulation("1->ser-#5", false), "1->ser-#5");
    }

    #[test]
    fn times_as_popeye_prints_them() {
        assert_eq!(format_time(0.0269), "0.026 s");
        assert_eq!(format_time(12.5), "12.500 s");
        assert_eq!(format_time(62.345), "1:02.345 m:s");
        assert_eq!(format_time(3723.9), "1:02:03 h:m:s");
    }
}
