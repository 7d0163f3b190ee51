//! The magic attribute tells one view from another by the line it runs
//! along, and Popeye tells the lines of curved, zigzag and turning walks
//! in ways of its own (`src/rules/conditions/magic.rs`): a unit newly
//! viewed along an odd number of lines changes sides. Each list is Popeye
//! 4.104's answer to the position (`~1`).

mod common;

/// The first moves of `pieces` (White to move), one per line, sorted.
fn first_moves(conditions: &str, pieces: &str) -> Vec<String> {
    let condition = if conditions.is_empty() {
        String::new()
    } else {
        format!("condition {conditions}\n")
    };
    let text = format!("beginproblem\nstipulation ~1\n{condition}pieces {pieces}\nendproblem\n");
    let mut moves: Vec<String> = common::solved_popeye(&text)
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("1."))
        .map(str::to_string)
        .collect();
    moves.sort();
    moves
}

fn sorted(list: &str) -> Vec<String> {
    let mut moves: Vec<String> = list.split("  ").map(|m| m.trim().to_string()).collect();
    moves.sort();
    moves
}

/// A rose's view is told by its circle (and the way round): the knight
/// h1-g3 stays on the circle b1-c3-e4-g3 the rose viewed it along; the
/// circle over a3 is a new view only when a3 is empty.
#[test]
fn a_rose_views_along_its_circles() {
    let blocked = first_moves("", "white ka8 sh1 black kh8 pb7 pa3 black magic rob1");
    assert!(blocked.contains(&"1.Sh1-g3 !".to_string()), "{blocked:?}");
    let open = first_moves("", "white ka8 sh1 black kh8 pb7 black magic rob1");
    assert!(open.contains(&"1.Sh1-g3[g3=b] !".to_string()), "{open:?}");
}

/// A boy scout's view is told by its zigzag: moving along the zigzag it
/// viewed g7 by makes no new view.
#[test]
fn a_boy_scout_views_along_its_zigzags() {
    assert_eq!(
        first_moves("", "white ka8 black kh3 pg7 white magic btd4g1"),
        sorted(
            "1.Ka8-a7 !  1.Ka8-b7 !  1.Ka8-b8 !  1.mBTd4-a3 !  1.mBTd4-a5 !  1.mBTd4-b4 !  \
             1.mBTd4-c1 !  1.mBTd4-c3 !  1.mBTd4-c5 !  1.mBTd4-c7 !  1.mBTd4-d2 !  \
             1.mBTd4-d6[g7=w] !  1.mBTd4-d8[g7=w] !  1.mBTd4-e1 !  1.mBTd4-e3 !  \
             1.mBTd4-e5 !  1.mBTd4-e7 !  1.mBTd4-f4[g7=w] !  1.mBTd4-g3 !  1.mBTd4-g5 !  \
             1.mBTd4-h4[g7=w] !  1.mBTg1*g7 !  1.mBTg1-a1 !  1.mBTg1-b2 !  1.mBTg1-c1 !  \
             1.mBTg1-d2 !  1.mBTg1-e1 !  1.mBTg1-f2 !  1.mBTg1-f4 !  1.mBTg1-f6[g7=w] !  \
             1.mBTg1-g3 !  1.mBTg1-g5 !  1.mBTg1-h2 !  1.mBTg1-h4 !  1.mBTg1-h6[g7=w] !"
        )
    );
}

/// An eagle's view is told by the line from its hurdle through it and the
/// parallel through the unit viewed, each to the edge: the eagle promoted
/// on d8 views g7 (over f6) along two such pairs, which cancel out; the
/// one promoted on c8 along one.
#[test]
fn an_eagle_views_along_the_line_to_its_hurdle() {
    assert_eq!(
        first_moves(
            "promonly ea",
            "white ka1 black kh1 sg8 pf6g7 white magic pc7d7"
        ),
        sorted("1.Ka1-a2 !  1.Ka1-b1 !  1.Ka1-b2 !  1.mPc7-c8=mEA[g7=w] !  1.mPd7-d8=mEA !")
    );
}

/// A double grasshopper's view is told by the square between its hops
/// and its first hop's line to the edge: moved from c1, the grasshopper
/// views f6 by pairs of hops it viewed it by, or by two new ones.
#[test]
fn a_double_grasshopper_views_by_the_square_between_its_hops() {
    assert_eq!(
        first_moves("", "white ka8 be3 pe4f5f6 black kh8 white magic dgc1a4"),
        sorted(
            "1.Be3-a7 !  1.Be3-b6 !  1.Be3-c5 !  1.Be3-d2 !  1.Be3-d4 !  1.Be3-f2 !  \
             1.Be3-f4 !  1.Be3-g1 !  1.Be3-g5 !  1.Be3-h6 !  1.Ka8-a7 !  1.Ka8-b7 !  \
             1.Ka8-b8 !  1.e4-e5 !  1.f6-f7 !  1.mDGa4-d2[f6=b] !  1.mDGa4-d4[f6=b] !  \
             1.mDGc1-d2 !  1.mDGc1-d4 !"
        )
    );
}

/// A rose hopper's view is told by the circle that starts with the leap
/// after its hurdle (Popeye's way): these moves make no view it tells as
/// new.
#[test]
fn a_rose_hopper_views_along_the_circle_after_its_hurdle() {
    let moves = first_moves(
        "",
        "white kg7 bg4 rf1 se2 rg2 ph3 black kd2 pf3 sa2 ra4 bf5 pg5 sf2 white magic rpd4",
    );
    for plain in ["1.Rf1-g1 !", "1.h3-h4 !", "1.mRPd4-g1 !"] {
        assert!(moves.contains(&plain.to_string()), "{plain}: {moves:?}");
    }
}

/// Popeye tells no line of a saltador's: a magic saltador views nothing.
#[test]
fn a_magic_saltador_views_nothing() {
    let moves = first_moves(
        "",
        "white kh5 qa8 rb4 black kg3 ba1 rg4 ph2 white magic sab3",
    );
    for plain in ["1.Qa8*a1 !", "1.Rb4-d4 !", "1.Qa8-a5 !"] {
        assert!(moves.contains(&plain.to_string()), "{plain}: {moves:?}");
    }
}
