use super::*;
use crate::board::Bitboard;
use crate::rules::CirceRules;

fn parse(text: &str) -> Result<Problem, InputError> {
    parse_toml(text, Path::new("t.toml"))
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// The error for `text`, checked to be on `line` and to mention `words`.
#[track_caller]
fn assert_error(text: &str, line: usize, words: &str) {
    let e = parse(text).expect_err("should be rejected");
    assert_eq!(e.file, Path::new("t.toml"));
    assert!(e.message.contains(words), "{e} lacks {words:?}");
    assert_eq!(e.line, line, "{e}");
}

const FULL: &str = r##"title = "A test"
author = ["A. Author", "B. Author"]
source = "corpus, somewhere"
award = "1st Prize"
remark = "made up"
fen = "4k3/8/8/8/4P3/8/8/R3K2R b"
stipulation = "h#2"
condition = "Anticirce Cheylan"
kamikaze = ["e4"]
options = ["variation", "defence 2", "threat 1", "nontrivial 2 1", "nocastling a1 h1"]

[[twin]]
move = "e4 e5"
add = ["bQd8", "wkSg1"]

[[twin]]
continued = true
rotate = 90
mirror = "a1<-->h1"
remove = "a1"
exchange = "e1-e8"
stipulation = "h#3"
condition = "circe"

[expected]
solution = """
   1.Ke8-d7 !
"""
"##;

#[test]
fn a_full_problem_reads() {
    let p = parse(FULL).unwrap();
    assert_eq!(p.meta.title, ["A test"]);
    assert_eq!(p.meta.author, ["A. Author", "B. Author"]);
    assert_eq!(p.meta.origin, ["corpus, somewhere"]);
    assert_eq!(p.meta.award, ["1st Prize"]);
    assert_eq!(p.meta.remark, ["made up"]);
    assert_eq!(p.position.turn, Color::Black);
    // The castling field is absent: rooks and kings at home are unmoved,
    // but for the rooks `nocastling a1 h1` names.
    assert_eq!(p.position.unmoved.count(), 2);
    assert_eq!(p.position.kamikaze(), Bitboard::from_square(sq("e4")));
    assert_eq!(p.stipulation.value, "h#2");
    assert_eq!(p.stipulation.line, 7);
    assert_eq!(p.rules, Rules::with_circe(CirceRules::ANTICIRCE_CHEYLAN));
    assert_eq!(p.condition_text, ["Anticirce", "Cheylan"]);
    let opts: Vec<_> = p
        .options
        .iter()
        .map(|o| (o.value.clone(), o.line))
        .collect();
    assert_eq!(
        opts,
        [
            (ProblemOption::Variation, 10),
            (ProblemOption::Defence(2), 10),
            (ProblemOption::Threat(1), 10),
            (ProblemOption::NonTrivial(2, 1), 10),
            (ProblemOption::NoCastling(vec![sq("a1"), sq("h1")]), 10),
        ]
    );
    assert_eq!(p.twins.len(), 2);
    let kq = Piece::new(Color::Black, Kind::QUEEN);
    let ks = Piece::new(Color::White, Kind::KNIGHT).with(Attrs::KAMIKAZE);
    assert_eq!(
        p.twins[0],
        Twin {
            continued: false,
            commands: vec![
                TwinCommand::Move(sq("e4"), sq("e5")),
                TwinCommand::Add(kq, sq("d8")),
                TwinCommand::Add(ks, sq("g1")),
            ],
            line: 12,
        }
    );
    // Commands keep the order they were written in.
    assert_eq!(
        p.twins[1],
        Twin {
            continued: true,
            commands: vec![
                TwinCommand::Rotate(90),
                TwinCommand::Mirror(MirrorAxis::Files),
                TwinCommand::Remove(sq("a1")),
                TwinCommand::Exchange(sq("e1"), sq("e8")),
                TwinCommand::Stipulation("h#3".into()),
                TwinCommand::Condition(Box::new(Rules::with_circe(CirceRules::CIRCE))),
            ],
            line: 16,
        }
    );
    assert_eq!(p.expected.as_deref(), Some("   1.Ke8-d7 !\n"));
    assert_eq!(p.language, Language::English);
    assert_eq!(p.source.to_string(), "t.toml:1");
    assert!(!p.zero_position);
}

#[test]
fn twin_key_tables_agree() {
    let names: Vec<&str> = TWIN_KEYS.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, TWIN_KEY_NAMES);
}

#[test]
fn a_minimal_problem_reads() {
    let p = parse("fen = \"4k3/8/8/8/8/8/8/4K3\"\nstipulation = \"~1\"\n").unwrap();
    assert_eq!(p.rules, Rules::orthodox());
    assert!(p.condition_text.is_empty());
    assert!(p.options.is_empty() && p.twins.is_empty() && p.expected.is_none());
    assert_eq!(p.meta, Metadata::default());
}

fn with_condition(c: &str) -> Problem {
    parse(&format!(
        "fen = \"r3k3/8/8/8/8/8/1p6/4K2R\"\nstipulation = \"~1\"\ncondition = \"{c}\"\n"
    ))
    .unwrap()
}

#[test]
fn conditions_map_onto_rules() {
    let cases = [
        ("circe", CirceRules::CIRCE),
        ("Circe", CirceRules::CIRCE),
        ("circe rex-inclusive", CirceRules::CIRCE_REX_INCLUSIVE),
        ("circe  rexinclusive", CirceRules::CIRCE_REX_INCLUSIVE),
        ("anticirce", CirceRules::ANTICIRCE_CALVET),
        ("anticirce calvet", CirceRules::ANTICIRCE_CALVET),
        ("anticirce cheylan", CirceRules::ANTICIRCE_CHEYLAN),
    ];
    for (c, want) in cases {
        let p = with_condition(c);
        assert_eq!(p.rules, Rules::with_circe(want), "{c}");
        assert!(p.position.kamikaze().is_empty(), "{c}");
    }
}

#[test]
fn kamikaze_circe_makes_every_unit_but_the_kings_kamikaze() {
    let p = with_condition("kamikaze circe");
    assert_eq!(p.rules, Rules::with_circe(CirceRules::CIRCE));
    assert_eq!(p.condition_text, ["kamikaze", "circe"]);
    let k: Vec<Square> = p.position.kamikaze().collect();
    assert_eq!(k, [sq("h1"), sq("b2"), sq("a8")]);
    // The attribute does not cost the rooks their castling rights.
    assert!(p.position.unmoved.contains(sq("h1")));
    assert!(p.position.unmoved.contains(sq("a8")));
}

#[test]
fn alsatian_circe_sets_the_flag() {
    for c in ["alsatian circe", "circe alsatian"] {
        let p = with_condition(c);
        assert_eq!(p.rules.single_family().copied(), Some(CirceRules::CIRCE));
        assert!(p.rules.alsatian(), "{c}");
    }
}

#[test]
fn language_and_zeroposition() {
    let p = parse(
        "language = \"German\"\nzeroposition = true\nfen = \"8/8/8/8/8/8/8/8\"\nstipulation = \"#2\"\n",
    )
    .unwrap();
    assert_eq!(p.language, Language::German);
    assert!(p.zero_position);
}

const HEAD: &str = "fen = \"4k3/8/8/8/8/8/8/4K3\"\nstipulation = \"#2\"\n";

#[test]
fn unknown_keys_are_named_with_their_line() {
    assert_error(
        &format!("{HEAD}\ncolour = \"red\"\n"),
        4,
        "unknown field `colour`",
    );
    assert_error(
        &format!("{HEAD}\n[[twin]]\nrotate = 90\nturn = 1\n"),
        6,
        "unknown field `turn`",
    );
    assert_error(
        &format!("{HEAD}\n[expected]\nsolutions = \"\"\n"),
        5,
        "unknown field `solutions`",
    );
    assert_error(&format!("{HEAD}[extra]\n"), 3, "unknown field `extra`");
}

#[test]
fn bad_fen_is_reported_on_its_line() {
    assert_error(
        "stipulation = \"#2\"\nfen = \"4k3/8/8/8/8/8/8/4X3\"\n",
        2,
        "fen: FEN board: rank 1: `X`",
    );
    assert_error("stipulation = \"#2\"\n\nfen = \"4k3/8/8\"\n", 3, "3 ranks");
    assert_error(
        "stipulation = \"#2\"\nfen = \"4k3/8/8/8/8/8/8/4K3 w Q\"\n",
        2,
        "castling: `Q` needs a white king on e1 and a white rook on a1",
    );
}

#[test]
fn bad_squares_are_reported_on_their_line() {
    assert_error(
        &format!("{HEAD}kamikaze = [\"e1\",\n  \"e9\"]\n"),
        4,
        "`e9` is not a square",
    );
    assert_error(&format!("{HEAD}kamikaze = [\"e4\"]\n"), 3, "e4 is empty");
    assert_error(
        &format!("{HEAD}[[twin]]\nremove = \"z1\"\n"),
        4,
        "remove: `z1` is not a square",
    );
    assert_error(
        &format!("{HEAD}[[twin]]\nmove = \"e1\"\n"),
        4,
        "move: `e1` is not two squares",
    );
    assert_error(
        &format!("{HEAD}[[twin]]\nadd = \"xQd1\"\n"),
        4,
        "add: `xQd1`",
    );
    assert_error(&format!("{HEAD}[[twin]]\nrotate = 45\n"), 4, "rotate: `45`");
    assert_error(
        &format!("{HEAD}[[twin]]\nmirror = \"up\"\n"),
        4,
        "mirror: `up`",
    );
}

#[test]
fn unsupported_conditions_are_rejected() {
    // A word that names several conditions is an error in TOML (Popeye
    // warns and ignores it).
    assert_error(
        &format!("{HEAD}condition = \"mirror circe\"\n"),
        3,
        "condition mirror is not unique (MirrorCirce",
    );
    assert_error(
        &format!("{HEAD}[[twin]]\ncondition = \"antimarsantipodeancirce\"\n"),
        4,
        "condition AntiMarsCirce Antipodes is not supported",
    );
    assert_error(
        &format!("{HEAD}[[twin]]\ncondition = \"kamikaze circe\"\n"),
        4,
        "a twin cannot set it",
    );
}

#[test]
fn missing_or_bad_stipulation() {
    assert_error(
        "fen = \"4k3/8/8/8/8/8/8/4K3\"\n",
        1,
        "missing key `stipulation`",
    );
    assert_error("stipulation = \"#2\"\n", 1, "missing key `fen`");
    assert_error(
        "fen = \"8/8/8/8/8/8/8/8\"\n\nstipulation = \"\"\n",
        3,
        "stipulation ``",
    );
    assert_error(
        "fen = \"8/8/8/8/8/8/8/8\"\nstipulation = \"#\"\n",
        2,
        "stipulation `#`",
    );
    assert_error(
        &format!("{HEAD}[[twin]]\nstipulation = \"h# 2\"\n"),
        4,
        "stipulation `h# 2`",
    );
}

#[test]
fn bad_options_and_types() {
    assert_error(
        &format!("{HEAD}options = [\"variation\", \"colours\"]\n"),
        3,
        "option `colours`: unknown option",
    );
    assert_error(
        &format!("{HEAD}options = [\"defence\"]\n"),
        3,
        "takes 1 number(s), found 0",
    );
    assert_error(
        &format!("{HEAD}options = [\"threat x\"]\n"),
        3,
        "`x` is not a number",
    );
    assert_error(
        &format!("{HEAD}options = [\"try 2\"]\n"),
        3,
        "takes 0 number(s)",
    );
    assert_error(
        &format!("{HEAD}options = \"try\"\n"),
        3,
        "expected a sequence",
    );
    assert_error(
        &format!("{HEAD}title = 3\n"),
        3,
        "title: expected a string or a list of strings",
    );
    assert_error(
        &format!("{HEAD}language = \"latin\"\n"),
        3,
        "language `latin`",
    );
    assert_error(
        &format!("{HEAD}[[twin]]\ncontinued = \"yes\"\n"),
        4,
        "continued: expected true or false",
    );
    assert_error(
        &format!("{HEAD}[expected]\nsolution = 1\n"),
        4,
        "invalid type: integer `1`",
    );
}

#[test]
fn toml_syntax_errors_carry_their_line() {
    assert_error(&format!("{HEAD}\ntitle = \"unterminated\n"), 4, "");
    assert_error(&format!("{HEAD}fen = \"again\"\n"), 3, "duplicate key");
}

#[test]
fn odd_input_never_panics() {
    let samples = [
        "",
        "=",
        "\u{0}",
        "fen = \"é\"\nstipulation = \"#é\"",
        "[[twin]]\n[[twin]]",
        "fen = \"8/8/8/8/8/8/8/8\"\nstipulation = \"#2\"\n[[twin]]\nadd = \"wké1\"\nsubstitute = \"Qé\"",
        "fen = \"8/8/8/8/8/8/8/8\"\nstipulation = \"#2\"\n[[twin]]\nmove = [1, 2]\nadd = [\"wQ\"]",
        "fen = \"8/8/8/8/8/8/8/8\"\nstipulation = \"#2\"\noptions = [\"\", \" \", \"nocastling\"]",
    ];
    for s in samples {
        let _ = parse(s);
    }
    // Single-byte mutations of a full file, from a fixed pseudo-random walk.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let alphabet = b"\"'[]=#,.- \n0123456789abcdefghkqrnbpKQRBNSPwx\\{}";
    for _ in 0..3000 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut bytes = FULL.as_bytes().to_vec();
        let at = (seed >> 33) as usize % bytes.len();
        bytes[at] = alphabet[(seed >> 13) as usize % alphabet.len()];
        if let Ok(s) = String::from_utf8(bytes) {
            let _ = parse(&s);
        }
    }
    // Every prefix of a full file, cut anywhere (even inside a character).
    for end in 0..FULL.len() {
        if let Ok(s) = std::str::from_utf8(&FULL.as_bytes()[..end]) {
            let _ = parse(s);
        }
    }
}

/// Every `.toml` under `problems/`, recursively.
fn problem_files() -> Vec<std::path::PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "toml") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("problems"),
        &mut out,
    );
    out.sort();
    out
}

#[test]
fn every_problem_file_parses() {
    let files = problem_files();
    assert!(files.len() >= 5, "{files:?}");
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        if let Err(e) = parse_toml(&text, &f) {
            panic!("{e}");
        }
    }
}

#[test]
fn the_examples_cover_each_condition() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/examples");
    let mut seen = Vec::new();
    for f in problem_files().iter().filter(|f| f.starts_with(&dir)) {
        let p = parse_toml(&std::fs::read_to_string(f).unwrap(), f).unwrap();
        assert!(p.expected.is_some(), "{}: no [expected]", f.display());
        assert!(!p.meta.origin.is_empty(), "{}: no source", f.display());
        seen.push(p.condition_text.join(" ").to_lowercase());
    }
    for c in [
        "circe",
        "circe rex-inclusive",
        "anticirce",
        "anticirce cheylan",
        "kamikaze circe",
    ] {
        assert!(seen.iter().any(|s| s == c), "no example for {c}");
    }
}

#[test]
fn kamikaze_circe_example_matches_popeyes_diagram() {
    let f = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("problems/examples/kamikaze-circe-list-ott.toml");
    let p = parse_toml(&std::fs::read_to_string(&f).unwrap(), &f).unwrap();
    // Popeye's diagram line: "Kamikaze a8 c8 a7 c6 e6 e5 b4 g4 a3 b3 d3 d2 e2 h1".
    let mut k: Vec<String> = p.position.kamikaze().map(|s| s.to_string()).collect();
    k.sort();
    let mut want = "a8 c8 a7 c6 e6 e5 b4 g4 a3 b3 d3 d2 e2 h1"
        .split(' ')
        .collect::<Vec<_>>();
    want.sort();
    assert_eq!(k, want);
    assert_eq!(
        (
            p.position.count(Color::White),
            p.position.count(Color::Black)
        ),
        (7, 9)
    );
    assert_eq!(p.language, Language::German);
}

#[test]
fn the_documented_examples_parse() {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/problem-format.md");
    let text = std::fs::read_to_string(&doc).unwrap();
    let blocks: Vec<&str> = text
        .split("```toml\n")
        .skip(1)
        .filter_map(|b| b.split("```").next())
        // Fragments (the FEN forms, a twin table) are not whole problems.
        .filter(|b| b.contains("stipulation = "))
        .collect();
    assert!(blocks.len() >= 7, "{}", blocks.len());
    for b in blocks {
        if let Err(e) = parse_toml(b, &doc) {
            panic!("{e}\n{b}");
        }
    }
}

#[test]
fn structured_stipulations_that_are_synonyms_read() {
    let p = parse("fen = \"4k3/8/8/8/8/8/8/4K3\"\nstipulation = \"sstipulation white 3:3a[#]d\"\n")
        .unwrap();
    assert_eq!(p.stipulation.value, "sstipulation white 3:3a[#]d");
    let e =
        parse("fen = \"4k3/8/8/8/8/8/8/4K3\"\nstipulation = \"sstipulation black 4hh[1a[x]d]\"\n")
            .unwrap_err();
    assert_eq!(e.line, 2);
    assert!(
        e.message.contains("cannot read stipulation"),
        "{}",
        e.message
    );
}

#[test]
fn attribute_lists_give_units_their_attributes() {
    let p = parse(
        "fen = \"8/8/8/3q4/2n5/K7/1R6/8 w\"\nstipulation = \"~1\"\n\
         royal = [\"d5\"]\nparalysing = [\"c4\"]\nuncapturable = [\"b2\"]\n\
         halfneutral = [\"b2\"]\n",
    )
    .unwrap();
    let at = |s: &str| p.position.piece_at(sq(s)).unwrap();
    assert!(at("d5").attrs.contains(Attrs::ROYAL));
    assert!(at("c4").attrs.contains(Attrs::PARALYSING));
    assert!(at("b2")
        .attrs
        .contains(Attrs::UNCAPTURABLE.with(Attrs::HALF_NEUTRAL)));
    assert!(at("a3").attrs.is_empty());
    assert_error(
        "fen = \"7k/8/8/8/8/K7/8/8 w\"\nstipulation = \"~1\"\nroyal = [\"d5\"]\n",
        3,
        "royal: d5 is empty",
    );
}

#[test]
fn intended_reads_as_a_count_or_the_alternatives_per_half_move() {
    let base = "fen = \"4k3/8/8/8/8/8/8/R3K3 b - - 0 1\"\nstipulation = \"h#2\"\n";
    let p = parse(&format!("{base}intended = \"2.1.1...\"\n")).unwrap();
    assert_eq!(p.meta.intended.as_deref(), Some("2.1.1..."));
    let p = parse(&format!("{base}intended = 3\n")).unwrap();
    assert_eq!(p.meta.intended.as_deref(), Some("3"));
    assert_eq!(parse(base).unwrap().meta.intended, None);
    assert_error(&format!("{base}intended = \"two\"\n"), 3, "intended: `two`");
    assert_error(&format!("{base}intended = 0\n"), 3, "intended:");
    assert_error(&format!("{base}intended = [1]\n"), 3, "intended: expected");
}

#[test]
fn an_a_to_b_takes_its_start_position_and_nothing_else_does() {
    let p = parse(
        "fen = \"4k3/8/8/8/8/8/8/5RK1\"\nstart = \"4k3/8/8/8/8/8/8/4K2R\"\nstipulation = \"a=>b1\"\n",
    )
    .unwrap();
    let start = p.start.expect("the start position");
    assert_eq!(start.kind_at(sq("e1")), Some(Kind::KING));
    assert_eq!(p.position.kind_at(sq("g1")), Some(Kind::KING));
    assert_error(
        "fen = \"4k3/8/8/8/8/8/8/5RK1\"\nstipulation = \"a=>b1\"\n",
        2,
        "needs the position it starts from",
    );
    assert_error(
        "fen = \"4k3/8/8/8/8/8/8/5RK1\"\nstart = \"4k3/8/8/8/8/8/8/4K2R\"\nstipulation = \"h#1\"\n",
        2,
        "has none",
    );
    assert_error(
        "fen = \"4k3/8/8/8/8/8/8/5RK1\"\nstart = \"4k3/8/8/8\"\nstipulation = \"a=>b1\"\n",
        2,
        "start:",
    );
}

#[test]
fn start_and_upto_take_a_number_or_a_move_path() {
    let p = parse(&format!("{HEAD}options = [\"start 27:11\", \"upto 30\"]\n")).unwrap();
    assert_eq!(
        p.options
            .iter()
            .map(|o| o.value.clone())
            .collect::<Vec<_>>(),
        [
            ProblemOption::Start(MovePath(vec![27, 11])),
            ProblemOption::UpTo(MovePath::first(30))
        ]
    );
    for bad in ["start 27:", "start :11", "upto 2:x", "start 1::2"] {
        assert_error(
            &format!("{HEAD}options = [\"{bad}\"]\n"),
            3,
            "is not a number or a path of numbers (27:11)",
        );
    }
    assert_error(
        &format!("{HEAD}options = [\"start\"]\n"),
        3,
        "takes a number or a path of numbers (27:11), found 0 words",
    );
}
