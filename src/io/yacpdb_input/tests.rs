use super::*;
use crate::board::{Attrs, Color, Kind, Square};
use crate::problem::{ProblemOption, TwinCommand};

fn read(text: &str) -> Vec<Result<Problem, InputError>> {
    parse_yacpdb(text, Path::new("c.olv"))
}

fn one(text: &str) -> Problem {
    let mut all = read(text);
    assert_eq!(all.len(), 1);
    all.remove(0).unwrap_or_else(|e| panic!("{e}"))
}

fn error(text: &str) -> InputError {
    let all = read(text);
    all.into_iter().find_map(Result::err).expect("an error")
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

const BROODINGS_3: &str = "---
algebraic:
  black: [Kc3, Pf4, Rb4]
  white: [Ka6, Bc5, Sd4]
authors:
- Müller, Dieter
- Wiehagen, Rolf
source:
  date:
    month: 2
    year: 2009
  issue: '50'
  name: Broodings
  problemid: '3'
stipulation: h#2
intended-solutions: 4
solution: \"a) \\n  1.Rb4-c4\\n\"
twins:
  c: Continued Exchange c3 f4
  b: Move b4 f3
";

#[test]
fn an_entry_with_twins_and_metadata() {
    let p = one(BROODINGS_3);
    assert_eq!(p.stipulation.value, "h#2");
    assert_eq!(p.stipulation.line, 15);
    let unit = p.position.piece_at(sq("b4")).unwrap();
    assert_eq!((unit.color, unit.kind), (Color::Black, Kind::ROOK));
    assert_eq!(p.position.piece_at(sq("d4")).unwrap().kind, Kind::KNIGHT);
    // Twins in the order of their names, not of the file.
    assert_eq!(p.twins.len(), 2);
    assert_eq!(
        p.twins[0].commands,
        vec![TwinCommand::Move(sq("b4"), sq("f3"))]
    );
    assert_eq!(p.twins[0].line, 20);
    assert!(p.twins[1].continued);
    assert_eq!(p.twins[1].line, 19);
    assert_eq!(p.meta.author, vec!["Müller, Dieter", "Wiehagen, Rolf"]);
    assert_eq!(p.meta.origin, vec!["Broodings, issue 50, No. 3, 2009-02"]);
    assert_eq!(p.meta.intended.as_deref(), Some("4"));
    assert_eq!(p.meta.solution_text.as_deref(), Some("a) \n  1.Rb4-c4\n"));
    assert_eq!(p.source.line, 2);
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
}

#[test]
fn fairy_pieces_attributes_neutrals_options_and_conditions() {
    let p = one("algebraic:
  white: [Ka1, Kamikaze Sb1, Gc1]
  black: [Royal Zf3, Ph7]
  neutral: [Pa2]
stipulation: h#2
options: [SetPlay, Madrasi RexInclusiv, Circe]
");
    let at = |s| p.position.piece_at(sq(s)).unwrap();
    assert!(at("b1").attrs.contains(Attrs::KAMIKAZE));
    assert_eq!(at("c1").kind.def().codes[0], "G");
    assert!(at("f3").attrs.contains(Attrs::ROYAL));
    assert_eq!(at("f3").color, Color::Black);
    assert!(at("a2").is_neutral());
    assert!(p.has_option(|o| *o == ProblemOption::SetPlay));
    assert_eq!(p.options[0].line, 6);
    assert_eq!(p.condition_line, 6);
    assert_eq!(
        p.condition_text.join(" ").to_lowercase(),
        "madrasi rexinclusiv circe"
    );
}

#[test]
fn the_zero_position_is_twin_a() {
    let p = one("algebraic: {white: [Ka1, Qb2], black: [Kh8]}
stipulation: '#2'
twins: {b: Remove b2, a: Move b2 c3}
");
    assert!(p.zero_position);
    assert_eq!(
        p.twins[0].commands,
        vec![TwinCommand::Move(sq("b2"), sq("c3"))]
    );
    assert_eq!(p.twins[1].commands, vec![TwinCommand::Remove(sq("b2"))]);
}

#[test]
fn olive_s_older_files_with_tags_and_flat_sources() {
    let p = one("---
algebraic:
  black: [Ka6, Ra4, Pc4]
  white: [Ke5, Re4]
authors: ['Štúň, Jaroslav']
date: '2007-05-05'
distinction: !!python/unicode 'Commendation'
source: !!python/unicode '21st TT Chess Composition Microweb'
source-id: !!python/unicode 'No. 25'
options: []
stipulation: ser-s#8
");
    assert_eq!(
        p.meta.origin,
        vec!["21st TT Chess Composition Microweb, No. No. 25, 2007-05-05"]
    );
    assert_eq!(p.meta.award, vec!["Commendation"]);
}

#[test]
fn a_collection_s_bad_entry_leaves_the_others() {
    let all = read(
        "---
algebraic: {white: [Ka1], black: [Kh8]}
stipulation: '#2'
---
algebraic: {white: [Ka1, Xq9], black: [Kh8]}
stipulation: '#2'
---
algebraic: {white: [Ka1], black: [Kh8]}
stipulation: h#2
",
    );
    assert_eq!(all.len(), 3);
    assert!(all[0].is_ok() && all[2].is_ok());
    let e = all[1].as_ref().unwrap_err();
    assert_eq!((e.file.as_path(), e.line), (Path::new("c.olv"), 5));
    assert!(e.message.contains("Xq9"), "{e}");
    assert_eq!(all[2].as_ref().unwrap().source.line, 8);
}

#[test]
fn errors_name_the_line() {
    // An unknown piece code: the Popeye reader's message, at the YAML line.
    let e = error("algebraic:\n  white:\n  - Ka1\n  - XYc3\n  black: [Kh8]\nstipulation: '#2'\n");
    assert_eq!(e.line, 4, "{e}");
    assert!(e.message.contains("XY"), "{e}");
    assert_eq!(e.file, Path::new("c.olv"));
    // No stipulation: the entry's first line.
    let e = error("\n\nalgebraic: {white: [Ka1], black: [Kh8]}\n");
    assert_eq!(e.line, 3);
    assert!(e.message.contains("stipulation"), "{e}");
    // Not YAML.
    let e = error("algebraic: {white: [Ka1]\nstipulation: '#2'\n");
    assert!(e.message.starts_with("YAML syntax error"), "{e}");
    assert!(e.line >= 1, "{e}");
    // A stipulation Popeye does not read.
    let e = error("algebraic: {white: [Ka1], black: [Kh8]}\n\nstipulation: see text\n");
    assert_eq!(e.line, 3, "{e}");
    // An unknown condition, on its line of the list.
    let e = error("algebraic: {white: [Ka1], black: [Kh8]}\nstipulation: h#2\noptions:\n- SetPlay\n- Nonsensecirce\n");
    assert_eq!(e.line, 5, "{e}");
    // A word that would end the problem early.
    let e = error("algebraic: {white: [Ka1], black: [Kh8]}\nstipulation: h#2\ntwins:\n  b: Move a1 a2 EndProblem\n");
    assert_eq!(e.line, 4, "{e}");
    // Malformed pieces and twins.
    let e = error("algebraic: {white: [Ka1 Kb1], black: [Kh8]}\nstipulation: h#2\n");
    assert!(e.message.contains("piece"), "{e}");
    let e = error(
        "algebraic: {white: [Ka1], black: [Kh8]}\nstipulation: h#2\ntwins:\n  B: Move a1 a2\n",
    );
    assert_eq!(e.line, 4, "{e}");
    // An entry that is no mapping, and a file with nothing.
    assert!(error("- a\n- b\n").message.contains("mapping"));
    assert_eq!(error("# nothing\n").line, 0);
}

#[test]
fn unknown_fields_are_warned_about() {
    let p = one("algebraic: {white: [Ka1], black: [Kh8]}\nstipulation: h#2\nmood: good\n");
    assert_eq!(p.warnings.len(), 1);
    assert_eq!(p.warnings[0].line, 3);
}
