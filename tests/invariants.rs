//! Invariants on random positions, under each rule set in [`FORMS`]:
//!
//! 1. every legal move leaves the mover's king safe under the rules in
//!    force, and the legal moves are exactly the pseudo-legal moves that
//!    pass the full legality test (the generator's shortcuts change
//!    nothing);
//! 2. the position a move reaches is the same, hash included, as that
//!    position built from scratch from its units; positions reached by
//!    different move orders have the same hash exactly when they are equal;
//! 3. a position and its colour-mirrored image (ranks flipped, colours
//!    swapped) have mirrored moves: the positions their moves reach are
//!    mirror images of each other;
//! 4. a position reached by play reads back from its FEN;
//! 5. the solutions do not depend on the number of search threads.
//!
//! `cargo test` tries a few thousand positions; the long run:
//!
//! ```sh
//! CIRCE_INVARIANT_POSITIONS=1000000 cargo test --test invariants -- --nocapture
//! ```
//!
//! A new Circe form or walk joins by a row in [`FORMS`] (its rules, its
//! unit attributes, the kinds it places).

mod common;

use circe::board::{Attrs, Bitboard, Color, Kind, Piece, Position, Square};
use circe::io::fen::{parse_fen, to_fen};
use circe::io::toml_input::parse_toml;
use circe::movegen::{is_legal_after, legal_moves, pseudo_legal_moves};
use circe::output::{render_problem, Format, ReportOptions};
use circe::rules::{CirceRules, Rules};
use circe::solve::solve_problem;
use common::{count_from_env, Rng};
use std::collections::HashMap;
use std::path::Path;

/// A rule set to test under.
struct Form {
    name: &'static str,
    rules: fn() -> Rules,
    /// The TOML `condition` that gives these rules (for the solver).
    condition: &'static str,
    /// Attributes every unit but the kings carries (kamikaze).
    attrs: Attrs,
    /// Whether neutral units may be placed.
    neutral: bool,
    /// The kinds placed besides kings: the orthodox ones, and the fairy
    /// ones this form is tested with.
    kinds: &'static [Kind],
}

const ORTHODOX: &[Kind] = &[
    Kind::QUEEN,
    Kind::ROOK,
    Kind::BISHOP,
    Kind::KNIGHT,
    Kind::PAWN,
];

/// Orthodox kinds and every fairy kind of the table.
fn with_fairy() -> &'static [Kind] {
    static KINDS: std::sync::OnceLock<Vec<Kind>> = std::sync::OnceLock::new();
    KINDS.get_or_init(|| Kind::all().filter(|&k| k != Kind::KING).collect::<Vec<_>>())
}

const FORMS: &[Form] = &[
    Form {
        name: "orthodox",
        rules: Rules::orthodox,
        condition: "",
        attrs: Attrs::NONE,
        neutral: true,
        kinds: ORTHODOX,
    },
    Form {
        name: "circe",
        rules: || Rules::with_circe(CirceRules::CIRCE),
        condition: "circe",
        attrs: Attrs::NONE,
        neutral: true,
        kinds: ORTHODOX,
    },
    Form {
        name: "circe rex-inclusive",
        rules: || Rules::with_circe(CirceRules::CIRCE_REX_INCLUSIVE),
        condition: "circe rex-inclusive",
        attrs: Attrs::NONE,
        neutral: true,
        kinds: ORTHODOX,
    },
    Form {
        name: "anticirce",
        rules: || Rules::with_circe(CirceRules::ANTICIRCE_CALVET),
        condition: "anticirce",
        attrs: Attrs::NONE,
        neutral: true,
        kinds: ORTHODOX,
    },
    Form {
        name: "anticirce cheylan",
        rules: || Rules::with_circe(CirceRules::ANTICIRCE_CHEYLAN),
        condition: "anticirce cheylan",
        attrs: Attrs::NONE,
        neutral: true,
        kinds: ORTHODOX,
    },
    Form {
        name: "kamikaze circe",
        rules: || Rules::with_circe(CirceRules::CIRCE),
        condition: "kamikaze circe",
        attrs: Attrs::KAMIKAZE,
        neutral: false,
        kinds: ORTHODOX,
    },
    // Fairy walks under plain Circe; the kinds are taken at run time.
    Form {
        name: "circe with fairy pieces",
        rules: || Rules::with_circe(CirceRules::CIRCE),
        condition: "circe",
        attrs: Attrs::NONE,
        neutral: false,
        kinds: &[],
    },
];

fn kinds_of(form: &Form) -> &'static [Kind] {
    if form.kinds.is_empty() {
        with_fairy()
    } else {
        form.kinds
    }
}

fn positions_to_try(short: usize) -> usize {
    count_from_env("CIRCE_INVARIANT_POSITIONS", short)
}

/// A random position that could be reached in play: the side not to move
/// is not in check.
fn random_position(rng: &mut Rng, form: &Form, rules: &Rules) -> Position {
    loop {
        let mut p = Position::empty();
        for color in Color::ALL {
            // Now and then a side without its king.
            if !rng.chance(40) {
                let sq = rng.square();
                if p.piece_at(sq).is_none() {
                    p.put(sq, Piece::new(color, Kind::KING));
                }
            }
        }
        let kinds = kinds_of(form);
        for _ in 0..rng.below(14) {
            let sq = rng.square();
            if p.piece_at(sq).is_some() {
                continue;
            }
            let kind = kinds[rng.below(kinds.len())];
            // Pawns stand on their first or last rank only now and then.
            if kind == Kind::PAWN && (sq.rank() == 0 || sq.rank() == 7) && !rng.chance(10) {
                continue;
            }
            let color = if rng.chance(2) {
                Color::White
            } else {
                Color::Black
            };
            let piece = if form.neutral && rng.chance(25) {
                Piece::neutral(kind)
            } else {
                Piece::new(color, kind)
            };
            p.put(sq, piece.with(form.attrs));
        }
        p.set_unmoved_from_placement();
        if rng.chance(3) {
            // Some castling rights taken away.
            p.unmoved &= Bitboard(rng.next());
        }
        p.turn = if rng.chance(2) {
            Color::White
        } else {
            Color::Black
        };
        // An en passant square where a double step could just have been made.
        if rng.chance(3) {
            let them = p.turn.opponent();
            let (rank, passed, from) = match them {
                Color::White => (3, 2, 1),
                Color::Black => (4, 5, 6),
            };
            let file = rng.below(8) as u8;
            let pawn = p.piece_at(Square::new(file, rank));
            if pawn.is_some_and(|u| u.kind == Kind::PAWN && u.color == them && !u.is_neutral())
                && p.piece_at(Square::new(file, passed)).is_none()
                && p.piece_at(Square::new(file, from)).is_none()
            {
                p.ep_square = Some(Square::new(file, passed));
                p.ep_victim = Square::new(file, rank);
            }
        }
        if !rules.in_check(&p, p.turn.opponent()) {
            return p;
        }
    }
}

// ---- the invariants ----

/// The position built anew from what `p` holds: its units, rights, side to
/// move, en passant square and waiting units.
fn rebuilt(p: &Position) -> Position {
    let mut q = Position::empty();
    for (piece, sq) in p.units() {
        q.put(sq, piece);
    }
    q.unmoved = p.unmoved;
    q.ep_square = p.ep_square;
    q.ep_victim = p.ep_victim;
    q.turn = p.turn;
    q.waiting = p.waiting;
    q
}

fn flip(sq: Square) -> Square {
    Square::new(sq.file(), 7 - sq.rank())
}

/// Popeye's rook and bishop hunters move up the board as one walk and down
/// as the other whatever their colour, so a colour mirror changes them.
fn goes_by_the_board(kind: Kind) -> bool {
    kind.def().names[0].ends_with(" hunter")
}

/// The colour-mirrored image: ranks flipped, colours swapped.
fn mirror(p: &Position) -> Position {
    let mut q = Position::empty();
    for (piece, sq) in p.units() {
        let piece = if piece.is_neutral() {
            piece
        } else {
            Piece {
                color: piece.color.opponent(),
                ..piece
            }
        };
        q.put(flip(sq), piece);
    }
    q.unmoved = Bitboard::EMPTY;
    for sq in p.unmoved {
        q.unmoved.set(flip(sq));
    }
    q.ep_square = p.ep_square.map(flip);
    if p.ep_square.is_some() {
        q.ep_victim = flip(p.ep_victim);
    }
    q.turn = p.turn.opponent();
    q
}

/// What FEN holds of a position: the units without attributes, the side
/// to move, the en passant square.
fn fen_view(p: &Position) -> (Vec<(Color, Kind, Square)>, Color, Option<Square>) {
    (
        p.units().map(|(u, sq)| (u.color, u.kind, sq)).collect(),
        p.turn,
        p.ep_square,
    )
}

struct Tally {
    positions: usize,
    moves: usize,
    failures: Vec<String>,
}

impl Tally {
    fn fail(&mut self, form: &Form, p: &Position, what: String) {
        if self.failures.len() < 20 {
            self.failures
                .push(format!("{}: {} ({what})", form.name, to_fen(p)));
        }
    }
}

fn check_position(form: &Form, rules: &Rules, p: &Position, t: &mut Tally) {
    t.positions += 1;
    let mut legal = Vec::new();
    legal_moves(p, rules, &mut legal);
    let mut pseudo = Vec::new();
    pseudo_legal_moves(p, rules, &mut pseudo);
    let full: Vec<_> = pseudo
        .iter()
        .copied()
        .filter(|m| is_legal_after(p, rules, m, &p.play(m)))
        .collect();
    if legal != full {
        t.fail(
            form,
            p,
            format!(
                "{} legal moves, {} pass the full test",
                legal.len(),
                full.len()
            ),
        );
    }
    let mut reached: HashMap<Position, usize> = HashMap::new();
    for m in &legal {
        t.moves += 1;
        let after = p.play(m);
        // 1. The mover's king is safe.
        if rules.in_check(&after, p.turn) {
            t.fail(form, p, format!("{m:?} leaves the king in check"));
        }
        // 2. Built from scratch, the same position and hash.
        let fresh = rebuilt(&after);
        if fresh != after || fresh.zobrist() != after.zobrist() {
            t.fail(
                form,
                p,
                format!("{m:?}: the position played differs from it rebuilt"),
            );
        }
        // 4. Back from FEN (which writes the orthodox kinds only).
        if after.fairy().is_empty() {
            let fen = to_fen(&after);
            match parse_fen(&fen) {
                Ok(read) if fen_view(&read) == fen_view(&after) => {}
                Ok(_) => t.fail(
                    form,
                    p,
                    format!("{m:?}: {fen} reads back as another position"),
                ),
                Err(e) => t.fail(form, p, format!("{m:?}: {fen} does not read back: {e}")),
            }
        }
        *reached.entry(mirror(&after)).or_default() += 1;
    }
    // 3. The mirror image's moves reach the mirrored positions (unless a
    // walk goes by the board's up and down rather than its side's).
    if p.units().any(|(u, _)| goes_by_the_board(u.kind)) {
        return;
    }
    let q = mirror(p);
    let mut mirrored = Vec::new();
    legal_moves(&q, rules, &mut mirrored);
    let mut theirs: HashMap<Position, usize> = HashMap::new();
    for m in &mirrored {
        *theirs.entry(q.play(m)).or_default() += 1;
    }
    if theirs != reached {
        t.fail(
            form,
            p,
            format!(
                "{} moves, {} in the mirror image, or they reach other positions",
                legal.len(),
                mirrored.len()
            ),
        );
    }
}

/// Invariant 2 again: positions reached in three half-moves by every move
/// order have equal hashes exactly when they are equal.
fn check_transpositions(form: &Form, rules: &Rules, p: &Position, t: &mut Tally) {
    let mut by_hash: HashMap<u64, Position> = HashMap::new();
    let mut frontier = vec![*p];
    let mut moves = Vec::new();
    for _ in 0..3 {
        let mut next = Vec::new();
        for q in &frontier {
            moves.clear();
            legal_moves(q, rules, &mut moves);
            for m in moves.iter().take(12) {
                let r = q.play(m);
                match by_hash.get(&r.zobrist()) {
                    Some(seen) if *seen != r => t.fail(
                        form,
                        p,
                        format!("two positions share the hash {:x}", r.zobrist()),
                    ),
                    Some(_) => {}
                    None => {
                        by_hash.insert(r.zobrist(), r);
                        next.push(r);
                    }
                }
            }
        }
        frontier = next;
    }
    // Different positions, different hashes: equal positions are one entry.
    let distinct: std::collections::HashSet<&Position> = by_hash.values().collect();
    if distinct.len() != by_hash.len() {
        t.fail(form, p, "equal positions with different hashes".into());
    }
}

/// Invariant 5: `~1` and `h#1` solved on one thread and on three give one answer.
fn check_threads(
    form: &Form,
    p: &Position,
    one: &rayon::ThreadPool,
    three: &rayon::ThreadPool,
    t: &mut Tally,
) {
    let squares = |attr: Attrs| -> Vec<String> {
        p.units()
            .filter(|(u, _)| u.attrs.contains(attr))
            .map(|(_, sq)| format!("\"{sq}\""))
            .collect()
    };
    // Kamikaze Circe marks every unit; neutral units are listed.
    let neutral = squares(Attrs::NEUTRAL);
    for stipulation in ["~1", "h#1"] {
        let mut text = format!("fen = \"{}\"\nstipulation = \"{stipulation}\"\n", to_fen(p));
        if !form.condition.is_empty() {
            text += &format!("condition = \"{}\"\n", form.condition);
        }
        if !neutral.is_empty() {
            text += &format!("neutral = [{}]\n", neutral.join(", "));
        }
        let problem = match parse_toml(&text, Path::new("invariant.toml")) {
            Ok(problem) => problem,
            Err(e) => {
                t.fail(form, p, format!("the TOML of the position is refused: {e}"));
                return;
            }
        };
        let opts = ReportOptions {
            format: Format::Popeye,
            alphabet: None,
        };
        let solve = |pool: &rayon::ThreadPool| {
            let twins = pool.install(|| solve_problem(&problem));
            // The time in the footer is the only thing allowed to differ.
            render_problem(&opts, &problem, &twins, 0.0)
        };
        if solve(one) != solve(three) {
            t.fail(
                form,
                p,
                format!("{stipulation}: one thread and three disagree"),
            );
        }
    }
}

fn run_form(form: &Form, n: usize) -> Tally {
    let rules = (form.rules)();
    let mut rng = Rng(0x1a2b_3c4d ^ (form.name.len() as u64 * 0x1000_0001));
    for b in form.name.bytes() {
        rng.0 = rng.0.rotate_left(7) ^ u64::from(b);
    }
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let three = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .unwrap();
    let mut t = Tally {
        positions: 0,
        moves: 0,
        failures: Vec::new(),
    };
    for i in 0..n {
        let p = random_position(&mut rng, form, &rules);
        check_position(form, &rules, &p, &mut t);
        if i % 16 == 0 {
            check_transpositions(form, &rules, &p, &mut t);
        }
        // The solver reads the position through FEN: orthodox kinds only.
        if i % 64 == 0 && p.fairy().is_empty() {
            check_threads(form, &p, &one, &three, &mut t);
        }
    }
    eprintln!(
        "invariants {}: {} positions, {} moves, {} failures",
        form.name,
        t.positions,
        t.moves,
        t.failures.len()
    );
    t
}

fn check_form(name: &str) {
    let form = FORMS.iter().find(|f| f.name == name).expect("a form");
    let t = run_form(form, positions_to_try(1500));
    assert!(t.failures.is_empty(), "{}", t.failures.join("\n"));
}

#[test]
fn orthodox() {
    check_form("orthodox");
}

#[test]
fn circe() {
    check_form("circe");
}

#[test]
fn circe_rex_inclusive() {
    check_form("circe rex-inclusive");
}

#[test]
fn anticirce_calvet() {
    check_form("anticirce");
}

#[test]
fn anticirce_cheylan() {
    check_form("anticirce cheylan");
}

#[test]
fn kamikaze_circe() {
    check_form("kamikaze circe");
}

#[test]
fn circe_with_fairy_pieces() {
    check_form("circe with fairy pieces");
}

#[test]
fn every_form_has_its_test() {
    let tested = [
        "orthodox",
        "circe",
        "circe rex-inclusive",
        "anticirce",
        "anticirce cheylan",
        "kamikaze circe",
        "circe with fairy pieces",
    ];
    for form in FORMS {
        assert!(tested.contains(&form.name), "{} has no #[test]", form.name);
    }
}

/// The invariants can fail: a position whose mirror is taken wrongly
/// (colours kept) is caught.
#[test]
fn a_broken_mirror_is_caught() {
    let rules = Rules::with_circe(CirceRules::CIRCE);
    let p = Position::from_piece_list("wKe1 wRa1 bKe8 bPb7").unwrap();
    let mut moves = Vec::new();
    legal_moves(&p, &rules, &mut moves);
    let mut q = mirror(&p);
    q.turn = p.turn; // the mistake
    let mut theirs = Vec::new();
    legal_moves(&q, &rules, &mut theirs);
    assert_ne!(moves.len(), theirs.len());
}
