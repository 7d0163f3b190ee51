//! Popeye's order of trying moves, and what depends on it: the order of
//! the printed solutions, `movenumbers`, `start` and `maxsolutions`.
//!
//! The order (units a1 to h8; per unit castling, then the lines
//! south-west, south-east, north-east, north-west, south, west, north,
//! east, each from the farthest square; knight leaps from (-2,-1) round
//! to (-2,+1); pawn double step, step, captures towards h then a) is
//! checked against the whole `~1` corpus in `tests/corpus.rs`; here it is
//! spelled out on positions small enough to follow by hand.

use circe::io::popeye_input::parse_popeye;
use circe::output::{render_problem, Format, ReportOptions};
use circe::solve::solve_problem;
use std::path::Path;

/// Popeye's output for `body` (between beginproblem and endproblem), from
/// the line after the condition up to the footer, times blanked.
fn output(body: &str) -> String {
    output_of(body, "Circe\n")
}

/// [`output`], from the line after `marker`.
fn output_of(body: &str, marker: &str) -> String {
    let text = format!("beginproblem\n{body}\nendproblem\n");
    let problems = parse_popeye(&text, Path::new("test.inp")).expect("input parses");
    let twins = solve_problem(&problems[0]);
    let opts = ReportOptions {
        format: Format::Popeye,
        alphabet: None,
    };
    let out = render_problem(&opts, &problems[0], &twins, 0.0);
    let start = out.find(marker).expect("marker line") + marker.len();
    let end = ["solution finished", "Partial solution"]
        .iter()
        .find_map(|f| out.find(f))
        .expect("footer");
    out[start..end]
        .lines()
        .map(|l| match l.find("Time = ") {
            Some(i) => format!("{}Time = T)", &l[..i]),
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

const ROOK_AND_KING: &str = "stipulation #1\ncondition circe\npieces white kg6 rd1 black kh8";

#[test]
fn movenumbers_list_every_first_move_in_popeye_order() {
    // The rook on d1 comes before the king on g6. The rook: west from a1,
    // north from d8, east from h1; the king: f5 h5 h7 f7 g5 f6 g7 h6.
    // Kg6-h7 and Kg6-g7 are self-checks, numbered all the same, and
    // marked ` +` as they attack the black king. The key's tree follows
    // its number.
    let got = output(&format!("{ROOK_AND_KING}\noption movenumbers"));
    let want = "\
  1  (Rd1-a1    Time = T)
  2  (Rd1-b1    Time = T)
  3  (Rd1-c1    Time = T)
  4  (Rd1-d8 +    Time = T)
   1.Rd1-d8 # !

  5  (Rd1-d7    Time = T)
  6  (Rd1-d6    Time = T)
  7  (Rd1-d5    Time = T)
  8  (Rd1-d4    Time = T)
  9  (Rd1-d3    Time = T)
 10  (Rd1-d2    Time = T)
 11  (Rd1-h1 +    Time = T)
 12  (Rd1-g1    Time = T)
 13  (Rd1-f1    Time = T)
 14  (Rd1-e1    Time = T)
 15  (Kg6-f5    Time = T)
 16  (Kg6-h5    Time = T)
 17  (Kg6-h7 +    Time = T)
 18  (Kg6-f7    Time = T)
 19  (Kg6-g5    Time = T)
 20  (Kg6-f6    Time = T)
 21  (Kg6-g7 +    Time = T)
 22  (Kg6-h6    Time = T)";
    assert_eq!(got, want);
}

#[test]
fn start_skips_the_moves_numbered_before_it() {
    // From 5 on, the key (number 4) is never tried: no solution.
    let got = output(&format!("{ROOK_AND_KING}\noption start 20"));
    let want = "\
 20  (Kg6-f6    Time = T)
 21  (Kg6-g7 +    Time = T)
 22  (Kg6-h6    Time = T)";
    assert_eq!(got, want);
    assert!(!output(&format!("{ROOK_AND_KING}\noption start 5")).contains('!'));
}

#[test]
fn maxsolutions_keeps_the_first_key_found() {
    let body = "stipulation #1\ncondition circe\npieces white kg6 rd1 re2 black kh8";
    let all = output(body);
    assert!(
        all.contains("1.Rd1-d8 # !") && all.contains("1.Re2-e8 # !"),
        "{all}"
    );
    let one = output(&format!("{body}\noption maxsolutions 1"));
    assert_eq!(one.matches(" # !").count(), 1, "{one}");
}

/// Known difference, kept visible: in a #1 Popeye 4.104 lists the keys of
/// the later unit first (1.Re2-e8# before 1.Rd1-d8#, so `maxsolutions 1`
/// keeps Re2-e8), and in orthodox help play its last mating moves come in
/// an order of their own; circe keeps the order of every other move.
#[test]
#[ignore = "Popeye's order of the keys of a #1 is not circe's yet"]
fn the_keys_of_a_mate_in_one_come_in_popeye_order() {
    let body = "stipulation #1\ncondition circe\npieces white kg6 rd1 re2 black kh8";
    assert_eq!(output(body), "1.Re2-e8 # !\n\n   1.Rd1-d8 # !".to_string());
    assert_eq!(
        output(&format!("{body}\noption maxsolutions 1")),
        "1.Re2-e8 # !"
    );
}

#[test]
fn first_moves_come_in_popeye_order() {
    let body = "stipulation ~1\ncondition circe\npieces white ke1 ra1 rh1 black ke8";
    let got = output(body);
    let firsts: Vec<&str> = got
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    // The a1 rook (north from a8, then east from d1), castling from e1 (long,
    // then short), the king's steps, the h1 rook.
    assert_eq!(&firsts[..3], &["1.Ra1-a8 + !", "1.Ra1-a7 !", "1.Ra1-a6 !"]);
    let at = |m: &str| firsts.iter().position(|l| l.starts_with(m)).unwrap();
    let last_a1 = firsts.iter().rposition(|l| l.starts_with("1.Ra1")).unwrap();
    assert_eq!(firsts[last_a1], "1.Ra1-b1 !");
    assert!(last_a1 < at("1.0-0-0 "));
    assert!(at("1.0-0-0 ") < at("1.0-0 "));
    assert!(at("1.0-0 ") < at("1.Ke1"));
    assert!(at("1.Ke1") < at("1.Rh1"));
    // The king: south-west, south-east, north-east, north-west, south,
    // west, north, east, where the board allows.
    let king: Vec<&str> = firsts
        .iter()
        .copied()
        .filter(|l| l.starts_with("1.Ke1"))
        .collect();
    assert_eq!(
        king,
        [
            "1.Ke1-f2 !",
            "1.Ke1-d2 !",
            "1.Ke1-d1 !",
            "1.Ke1-e2 !",
            "1.Ke1-f1 !"
        ]
    );
}

const BISHOP_AND_ROOK: &str = "stipulation h#2\npieces white kc1 rh1 black ka1 pa2 bb1";

#[test]
fn a_move_path_numbers_the_moves_after_the_first() {
    // `start 2:5:4 upto 2:5:5`: of Black's first moves only the second
    // (Ka1-b2 is the first), of White's replies to it only the fifth
    // (Kc1-d2, -b2, -b1, -c2 come before Kc1-d1), of Black's second moves
    // the fourth and fifth (Ka1-b2, Ka1-b1, Bh7-b1 come before Bh7-c2).
    // Every level the paths reach is written with its numbers; the goal
    // move below them is not numbered.
    let got = output_of(
        &format!("{BISHOP_AND_ROOK}\noption start 2:5:4 upto 2:5:5"),
        "2 + 3\n",
    );
    let want = "\
  2  (Bb1-h7    Time = T)
  2:5  (Kc1-d1    Time = T)
  2:5:4  (Bh7-c2 +    Time = T)
  1.Bb1-h7 Kc1-d1   2.Bh7-c2 + Kd1*c2 #
  2:5:5  (Bh7-d3    Time = T)";
    assert_eq!(got, want);
}

#[test]
fn a_move_path_numbers_self_checks_and_plays_on_after_the_legal_moves() {
    // Black's first move Ka1-b2 steps next to the white king: numbered
    // and written (its ` +` the check it gives), nothing tried below it.
    // Under the second, White's first reply Kc1-d2 uncovers the rook's
    // check; of Black's answers the first two are written, and no line
    // follows them.
    let got = output_of(
        &format!("{BISHOP_AND_ROOK}\noption start 1:1:1 upto 2:1:2"),
        "2 + 3\n",
    );
    let want = "\
  1  (Ka1-b2 +    Time = T)
  2  (Bb1-h7    Time = T)
  2:1  (Kc1-d2 +    Time = T)
  2:1:1  (Ka1-b2    Time = T)
  2:1:2  (Ka1-b1    Time = T)";
    assert_eq!(got, want);
}

#[test]
fn a_move_path_in_series_play_numbers_the_series_moves() {
    // PADChess' "2 strikes and you are out": the series side's moves are
    // the levels; at the goal move of `z` only the moves reaching the
    // square are numbered.
    let got = output_of(
        "stipulation ser-zc42\ncondition pad\npieces white pa2 black pb3c4\n\
         option nowk nobk start 3:1 upto 3:40",
        "PADChess\n",
    );
    let want = "\
  3  (a2*b3    Time = T)
  3:1  (b3*c4[-wPc4]    Time = T)";
    assert_eq!(got, want);
}

#[test]
fn a_move_path_in_play_with_defence_solves_nothing() {
    // Popeye numbers no later move in play with defence: it says so.
    let got = output(&format!("{ROOK_AND_KING}\noption start 4:1"));
    assert_eq!(
        got,
        "StartMoveNumber or UpToMoveNumber incompatible with the stipulation"
    );
}
