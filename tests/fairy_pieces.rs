//! Fairy pieces under the Circe rules: where they are reborn, what pawns
//! promote to, the order Popeye tries their moves in, how the readers
//! place them and how the notations write them. Expectations follow the
//! rules (walks.md of the specification, Popeye's manual); the longer move
//! lists are Popeye's own answers for the same positions.

mod common;

use circe::io::popeye_input::parse_popeye;
use circe::io::toml_input::parse_toml;
use circe::output::{render_problem, Format, ReportOptions};
use circe::solve::solve_problem;
use common::solved_popeye;
use std::path::Path;

/// The first-move lines of a `~1` in Popeye's format, in order, without
/// the move number and the ` !`.
fn first_moves(body: &str) -> Vec<String> {
    let out = solved_popeye(&format!(
        "beginproblem\nstipulation ~1\n{body}\nendproblem\n"
    ));
    out.lines()
        .filter_map(|l| l.trim().strip_prefix("1."))
        .map(|l| l.trim_end_matches(" !").to_string())
        .collect()
}

fn has(moves: &[String], m: &str) -> bool {
    moves.iter().any(|x| x == m)
}

#[test]
fn captured_fairy_pieces_are_reborn_on_their_promotion_square() {
    // Circe: a black grasshopper captured on f5 goes to f1, a white fers
    // captured on the light square e4 to e8 (no colour rule for fairy
    // pieces), a berolina pawn to its second rank like a pawn.
    let m = first_moves("condition circe\npieces white kh1 rf2 fee4 black ka8 gf5 qd4 bpb4");
    assert!(has(&m, "Rf2*f5[+bGf1]"), "{m:?}");
    let m = first_moves("condition circe\npieces white kh1 fee4 black ka8 qd4\noption halfduplex");
    assert!(has(&m, "Qd4*e4[+wFEe8] +"), "{m:?}");
    let m = first_moves("condition circe\npieces white kh1 rb1 black ka8 bpb4");
    assert!(has(&m, "Rb1*b4[+bBPb7]"), "{m:?}");
}

#[test]
fn anticirce_reborn_capturer_uses_the_capture_file() {
    // The zebra returns to the promotion square of the capture file; the
    // locust to the file of its victim, not of its landing square.
    let m = first_moves("condition anticirce\npieces white kh1 zh2 black ka8 pf5");
    assert!(has(&m, "Zh2*f5[wZf5->f8]"), "{m:?}");
    let m = first_moves("condition anticirce\npieces white kh1 lb6 black ka1 pc7");
    assert!(has(&m, "Lb6*c7-d8[wLd8->c8]"), "{m:?}");
}

#[test]
fn a_king_captured_by_a_locust_may_be_reborn_behind_it() {
    // Rex Inclusive: the locust on a1 would capture the king on e1 and land
    // on f1, so the king, reborn on e1, is not in check.
    let m = first_moves(
        "condition circe rexinclusive\npieces white amd1 bb4 ke1 vah6 black feg4 ke8 la4 lih5",
    );
    assert!(has(&m, "AMd1*a4[+bLa1] +"), "{m:?}");
}

#[test]
fn pawns_promote_to_the_fairy_pieces_of_the_diagram() {
    // Q S R B, then the diagram's fairy pieces in Popeye's order of walks
    // (leo, grasshopper, zebra), not the berolina pawn (a pawn) nor the
    // dummy.
    let m = first_moves("pieces white kh1 pb7 gh3 bpa2 dua3 black ka6 zh8 lee6 bpd5");
    assert_eq!(
        m,
        [
            "Kh1-g2",
            "Kh1-g1",
            "Kh1-h2",
            "BPa2-c4",
            "BPa2-b3",
            "Gh3-d7",
            "b7-b8=Q",
            "b7-b8=S +",
            "b7-b8=R",
            "b7-b8=B",
            "b7-b8=LE",
            "b7-b8=G",
            "b7-b8=Z"
        ]
    );
}

#[test]
fn a_rose_makes_every_move_list_sorted_by_squares() {
    // Popeye's sorting mode: departure, then arrival, the highest first;
    // promotions keep their order; castling among the king's moves.
    let m = first_moves("pieces white ke1 ra1 rh1 pe2 pb7 roh3 black kd6 pd4");
    let want = "b7-b8=Q + ;b7-b8=S;b7-b8=R;b7-b8=B +;b7-b8=RO;ROh3-f8;ROh3-h7;ROh3-d7;\
        ROh3-e6;ROh3-g5;ROh3-c5;ROh3-f4;ROh3-d3;ROh3-b3;ROh3-f2;ROh3-g1;ROh3-c1;e2-e4;e2-e3;\
        Rh1-h2;Rh1-g1;Rh1-f1;Ke1-f2;Ke1-d2;0-0;Ke1-f1;Ke1-d1;0-0-0;Ra1-a8;Ra1-a7;Ra1-a6 +;\
        Ra1-a5;Ra1-a4;Ra1-a3;Ra1-a2;Ra1-d1;Ra1-c1;Ra1-b1";
    let want: Vec<String> = want.split(';').map(|s| s.trim().to_string()).collect();
    assert_eq!(m, want);
    // Without the rose, the usual order: units a1 to h8.
    let m = first_moves("pieces white ke1 ra1 rh1 pe2 pb7 black kd6 pd4");
    assert_eq!(m.first().map(String::as_str), Some("Ra1-a8"));
}

#[test]
fn fairy_moves_come_in_reverse_generation_order() {
    // The fers generates (-1,1) e2, (1,1) g2: tried g2 first. The king's
    // steps after it, from a1 to h8.
    let m = first_moves("condition circe\npieces white bhc4 fef1 ga5 kf4 black gb1 ke8 pe7");
    assert_eq!(
        m,
        [
            "FEf1-g2", "FEf1-e2", "Kf4-e3", "Kf4-g3", "Kf4-g5", "Kf4-e5", "Kf4-f3", "Kf4-e4",
            "Kf4-f5", "Kf4-g4"
        ]
    );
}

#[test]
fn a_grasshopper_pins_by_its_hurdle() {
    // The grasshopper on e1 checks e8 over a unit on e7: the black knight
    // may not go there; the black rook standing there may not leave.
    let m = first_moves("pieces white kh1 ge1 black ke8 sg6\noption halfduplex");
    assert!(!has(&m, "Sg6-e7"), "{m:?}");
    assert!(has(&m, "Sg6-e5"), "{m:?}");
    let m = first_moves("pieces white kh1 ge1 black ke8 re6\noption halfduplex");
    // Re6 is no hurdle for a check: the grasshopper lands on e7, empty.
    assert!(has(&m, "Re6-a6"), "{m:?}");
    let m = first_moves("pieces white kh1 ge1 black ke8 re7\noption halfduplex");
    // The king in check by hopping over the rook: any move of the hurdle
    // ends it, even along the line (the grasshopper then lands on e7).
    assert!(has(&m, "Re7-a7"), "{m:?}");
    assert!(has(&m, "Re7-e6"), "{m:?}");
    assert!(has(&m, "Ke8-d8"), "{m:?}");
}

#[test]
fn kamikaze_circe_with_fairy_pieces_and_dummies_with_circe_are_refused() {
    let text = "beginproblem\nstipulation ~1\ncondition circe\npieces white ke1 white kamikaze rh1 white ga5\n black ke8 pe7\nendproblem\n";
    let p = parse_popeye(text, Path::new("t.inp")).unwrap().remove(0);
    let twins = solve_problem(&p);
    let e = twins[0].result.as_ref().expect_err("refused");
    assert!(e.to_string().contains("not allowed"), "{e}");
    let text = "beginproblem\nstipulation ~1\ncondition circe\npieces white ke1 dua5 black ke8\nendproblem\n";
    let p = parse_popeye(text, Path::new("t.inp")).unwrap().remove(0);
    assert!(solve_problem(&p)[0].result.is_err());
}

#[test]
fn the_toml_format_places_fairy_units_as_a_piece_list() {
    let text = "pieces = { white = \"Kf4 FEf1 Ga5 BHc4\", black = \"Ke8 Gb1 Pe7\" }\n\
                stipulation = \"~1\"\ncondition = \"circe\"\n\
                [[twin]]\nadd = \"bNHd4\"\n";
    let p = parse_toml(text, Path::new("t.toml")).unwrap();
    assert_eq!(p.position.count(circe::board::Color::White), 4);
    let twins = solve_problem(&p);
    let opts = ReportOptions {
        format: Format::Popeye,
        alphabet: None,
    };
    let out = render_problem(&opts, &p, &twins, 0.0);
    assert!(out.contains("1.FEf1-g2 !"), "{out}");
    assert!(out.contains("+bNHd4"), "{out}");
    // One diagram only, and every code checked.
    let both = "fen = \"8/8/8/8/8/8/8/4K3\"\npieces = { white = \"Ke1\" }\nstipulation = \"~1\"\n";
    let e = parse_toml(both, Path::new("t.toml")).unwrap_err();
    assert!(e.message.contains("keep one"), "{}", e.message);
    let bad = "pieces = { white = \"Ke1 XYa5\" }\nstipulation = \"~1\"\n";
    let e = parse_toml(bad, Path::new("t.toml")).unwrap_err();
    assert!(e.message.contains("XY"), "{}", e.message);
}

#[test]
fn notations_write_popeyes_codes() {
    let text = "beginproblem\nstipulation ~1\ncondition circe\npieces white kh1 gd1 pd2 black ka8 gd3\nendproblem\n";
    let p = parse_popeye(text, Path::new("t.inp")).unwrap().remove(0);
    let twins = solve_problem(&p);
    let text_out = render_problem(
        &ReportOptions {
            format: Format::Text,
            alphabet: None,
        },
        &p,
        &twins,
        0.0,
    );
    assert!(text_out.contains("Gxd3(+bGd1)"), "{text_out}");
    // German codes and colour letters in Popeye's format.
    let out = solved_popeye(
        "anfangproblem\nforderung ~1\nbedingung circe\nsteine weiss kh1 hb6 schwarz ka1 bc7\nendeproblem\n",
    );
    assert!(out.contains("Hb6*c7-d8[+sBc7]"), "{out}");
}

#[test]
fn orphans_are_reborn_promoted_to_and_check_as_popeye_plays_them() {
    // Circe: the rook may not take the orphan on f5: reborn on f1 and
    // observed by the rook, it would check the king along the first rank.
    let m = first_moves("condition circe\npieces white kh1 rf2 black ka8 of5");
    assert!(
        has(&m, "Rf2-f4") && !m.iter().any(|x| x.starts_with("Rf2*f5")),
        "{m:?}"
    );
    // A pawn promotes to the diagram's orphan; the orphan moves as the
    // black rook that observes it.
    let m = first_moves("pieces white kh1 pb7 od4 black ka6 rd8");
    assert!(has(&m, "b7-b8=O") && has(&m, "Od4-d6 +"), "{m:?}");
    // Anticirce: the orphan checks from d1 though its rebirth square a8
    // is taken (Popeye does not validate an orphan's observation).
    let m = first_moves("condition anticirce\npieces white kh1 od4 black ka1 rd8 sa8");
    assert!(has(&m, "Od4-d1 +") && has(&m, "Od4*d8[wOd8->d8]"), "{m:?}");
}

#[test]
fn orphans_beside_neutral_units_or_other_conditions_are_refused() {
    let text = "beginproblem\nstipulation ~1\npieces white ke1 oa4 nc3 black ke8 neutral nd4\nendproblem\n";
    let p = parse_popeye(text, Path::new("t.inp")).unwrap().remove(0);
    let e = solve_problem(&p)[0]
        .result
        .as_ref()
        .expect_err("refused")
        .to_string();
    assert!(e.contains("neutral units and orphans"), "{e}");
    // Beside a condition not compared with Popeye (Madrasi).
    let text = "beginproblem\nstipulation ~1\ncondition madrasi\npieces white ke1 oa4 black ke8 rh4\nendproblem\n";
    let p = parse_popeye(text, Path::new("t.inp")).unwrap().remove(0);
    let e = solve_problem(&p)[0]
        .result
        .as_ref()
        .expect_err("refused")
        .to_string();
    assert!(e.contains("orphans and friends with"), "{e}");
}
