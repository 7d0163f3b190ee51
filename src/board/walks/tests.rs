//! Each family's moves, captures and observations, computed by hand from
//! the rules of the walks (Popeye's manual) on small positions.

use crate::board::walks::fairy;
use crate::board::{Color, Piece, Position, Square};
use crate::io::language::kind_from_code;
use crate::problem::Language;

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// A position from units like `wGd4 bPd6` (Popeye's English codes).
fn board(units: &str) -> Position {
    let mut pos = Position::empty();
    for u in units.split_whitespace() {
        let color = if u.starts_with('w') {
            Color::White
        } else {
            Color::Black
        };
        let (code, square) = u[1..].split_at(u.len() - 3);
        let kind = kind_from_code(Language::English, code).expect(code);
        pos.put(sq(square), Piece::new(color, kind));
    }
    pos
}

/// The moves of the unit on `from`, in generation order: `d7` for a move,
/// `xg7` for a capture, `xc7-d8` for a capture elsewhere than the arrival.
fn moves(units: &str, from: &str) -> Vec<String> {
    let pos = board(units);
    let piece = pos.piece_at(sq(from)).unwrap();
    let enemies = pos.by_color(piece.color.opponent());
    let mut out = Vec::new();
    fairy::moves(&pos, piece, sq(from), enemies, |r| {
        out.push(match r.capture {
            None => r.to.to_string(),
            Some(c) if c == r.to => format!("x{c}"),
            Some(c) => format!("x{c}-{}", r.to),
        })
    });
    out
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Whether the unit on `from` observes `target`.
fn observes(units: &str, from: &str, target: &str) -> bool {
    let pos = board(units);
    let piece = pos.piece_at(sq(from)).unwrap();
    fairy::observes(&pos, piece, sq(from), sq(target), pos.occupied())
}

#[test]
fn leapers_jump_along_each_vector_in_order() {
    assert_eq!(
        moves("wZd4", "d4"),
        ["a6", "b7", "f7", "g6", "g2", "f1", "b1", "a2"]
    );
    // Camel: blocked by its own unit, capturing an enemy.
    assert_eq!(moves("wCAa1 wPb4 bRd2", "a1"), ["xd2"]);
    // Alfil and dabbaba: colour- and file-bound leaps of two.
    assert_eq!(moves("wALa1", "a1"), ["c3"]);
    assert_eq!(moves("wDAa1", "a1"), ["c1", "a3"]);
    // Root-50-leaper: (1,7) and (5,5).
    assert_eq!(moves("wRFa1", "a1"), ["b8", "h2", "f6"]);
}

#[test]
fn riders_stop_at_the_first_unit() {
    assert_eq!(moves("wNa1 bPc5", "a1"), ["b3", "xc5", "c2", "e3", "g4"]);
    // Zebrarider and compounds: the amazon rides as a queen, then leaps.
    assert_eq!(sorted(moves("wAMa1 wPa2 wPb2 wPb1", "a1")), ["b3", "c2"]);
}

#[test]
fn hoppers_land_behind_their_hurdle() {
    let units = "wGd4 wPd6 bRg4 bSb2 bBf6 bPg7";
    assert_eq!(moves(units, "d4"), ["h4", "d7", "xg7", "a1"]);
    // Grasshopper-2 needs the square after the hurdle empty too.
    assert_eq!(moves("wG2a1 wPa3 bPc1 bPd1", "a1"), ["a5"]);
    // Kangaroo: over two hurdles, right behind the second.
    assert_eq!(moves("wKAa1 wPa3 bPa6", "a1"), ["a7"]);
    // Rook- and bishop-hoppers keep to their lines.
    assert_eq!(moves("wRHa1 bPb2 bPa2", "a1"), ["a3"]);
    assert_eq!(moves("wBHa1 bPb1 bPc3", "a1"), ["d4"]);
    // Nightrider-hopper: over a unit on a knight line.
    assert_eq!(moves("wNHa1 bPc2", "a1"), ["e3"]);
}

#[test]
fn lions_go_any_distance_behind_their_hurdle() {
    assert_eq!(moves("wLIa1 wPa3 bPa6", "a1"), ["a4", "a5", "xa6"]);
    assert_eq!(moves("wRLa1 wPc1", "a1"), ["d1", "e1", "f1", "g1", "h1"]);
    // Rabbit and kangaroo lion: two hurdles first.
    assert_eq!(
        moves("wRTa1 wPa2 bPa3", "a1"),
        ["a4", "a5", "a6", "a7", "a8"]
    );
    assert_eq!(
        moves("wKLa1 wPa2 bPa3 bPa7", "a1"),
        ["a4", "a5", "a6", "xa7"]
    );
}

#[test]
fn chinese_pieces_move_as_riders_and_capture_by_hopping() {
    // Pao on a1: rides a2..a4, hops the pawn on a5 to capture on a8.
    assert_eq!(
        moves("wPAa1 bPa5 bRa8 wPb1", "a1"),
        ["a2", "a3", "a4", "xa8"]
    );
    // Vao: no capture of the first unit met.
    assert_eq!(moves("wVAa1 bPb2", "a1"), Vec::<String>::new());
    // Mao: the orthogonal step must be empty; moa: the diagonal one.
    assert_eq!(moves("wMAa1 wPa2", "a1"), ["c2"]);
    assert_eq!(moves("wMOa1 wPa2", "a1"), ["b3", "c2"]);
    assert_eq!(moves("wMOa1 wPb2", "a1"), Vec::<String>::new());
    // Senora (Argentinian queen): captures the first unit, moves past it.
    assert_eq!(
        moves("wSEa1 wPa2 bPb1", "a1"),
        ["xb1", "c1", "d1", "e1", "f1", "g1", "h1", "a3", "a4", "a5", "a6", "a7", "a8"]
    );
}

#[test]
fn locusts_capture_by_landing_behind_the_victim() {
    assert_eq!(moves("wLa1 bPa4", "a1"), ["xa4-a5"]);
    assert_eq!(moves("wLa1 bPa4 bPa5", "a1"), Vec::<String>::new());
    // Sirene: rides, then captures as a locust.
    assert_eq!(
        moves("wSIa1 bPa3 bPb1 bPc1", "a1"),
        ["a2", "xa3-a4", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]
    );
    // Marine knight: leaps, or captures over the knight square.
    assert_eq!(moves("wMSa1 bPb3 bPc2", "a1"), ["xb3-c5", "xc2-e3"]);
}

#[test]
fn the_rose_goes_round_its_circles_once_each() {
    // From a1 only the circles through b3 and c2 stay on the board.
    assert_eq!(
        moves("wROa1", "a1"),
        ["b3", "d4", "f3", "g1", "a5", "c2", "e1", "c6", "a7"]
    );
    assert_eq!(moves("wROa1 bPd4", "a1"), ["b3", "xd4", "a5", "c2", "e1"]);
}

#[test]
fn pawns_follow_their_colour() {
    // Berolina: captures straight ahead, steps diagonally (double step
    // from its second rank).
    assert_eq!(moves("wBPe2 bPe3", "e2"), ["xe3", "d3", "c4", "f3", "g4"]);
    assert_eq!(moves("bBPe7", "e7"), ["d6", "c5", "f6", "g5"]);
    // No move at all on its first rank.
    assert_eq!(moves("wBPe1", "e1"), Vec::<String>::new());
    // Superpawn: any distance forward, captures diagonally at any distance.
    assert_eq!(moves("wSPa6 bPc8", "a6"), ["a7", "a8", "xc8"]);
    assert_eq!(moves("wSPa5 bPc7", "a5"), ["a6", "a7", "a8", "xc7"]);
    // Chinese pawn: sideways too once past the river.
    assert_eq!(moves("wCPe4", "e4"), ["e5"]);
    assert_eq!(moves("wCPe5", "e5"), ["e6", "f5", "d5"]);
}

#[test]
fn curved_and_reflected_walks() {
    // Spiral springer from a1 (repeats dropped: the walk sorts).
    assert_eq!(
        moves("wSSa1", "a1"),
        [
            "b3", "c1", "d3", "e1", "f3", "g1", "h3", "a5", "b7", "c2", "g2", "a3", "c4", "c6",
            "a7", "c8"
        ]
    );
    // Bouncer: back off the edge or a unit as far as it went.
    assert_eq!(moves("wB1c1 wPc4", "c1"), ["d2", "b2", "c2", "f1"]);
    // Archbishop: one reflection off the edge.
    assert_eq!(
        moves("wARc1", "c1"),
        ["b2", "a3", "b4", "c5", "d6", "e7", "f8", "d2", "e3", "f4", "g5", "h6", "g7"]
    );
}

#[test]
fn hoppers_and_lions_check_over_their_hurdle() {
    assert!(observes("wGe1 bRe7 bKe8", "e1", "e8"));
    assert!(!observes("wGe1 bRe6 bKe8", "e1", "e8"));
    assert!(observes("wLIa1 wPa2 bKa8", "a1", "a8"));
    // Chinese pieces check only by hopping.
    assert!(!observes("wPAa1 bKa8", "a1", "a8"));
    assert!(observes("wPAa1 wPa4 bKa8", "a1", "a8"));
    // A locust checks only with the square behind the king empty.
    assert!(observes("wLe1 bKe5", "e1", "e5"));
    assert!(!observes("wLe1 bKe5 bPe6", "e1", "e5"));
    // The hamster never captures, so never checks.
    assert!(!observes("wHAe1 bKe5", "e1", "e5"));
}

/// The captures of a white `kind` on `from`, every other square that
/// `crowd` picks holding a black knight: `found` sees each one reported.
fn crowded_captures(
    kind: crate::board::Kind,
    from: Square,
    crowd: fn(usize) -> bool,
    found: impl FnMut(super::Reach),
) -> Position {
    use super::{generate, Board};
    let mut pos = Position::empty();
    for s in Square::all().filter(|s| *s != from && crowd(s.index())) {
        pos.put(s, Piece::new(Color::Black, crate::board::Kind::KNIGHT));
    }
    pos.put(from, Piece::new(Color::White, kind));
    let b = Board {
        pos: &pos,
        occupied: pos.occupied(),
        enemies: pos.by_color(Color::Black),
        side: Color::White,
        ep: None,
    };
    generate(kind.walk().steps, from, &b, true, found);
    pos
}

#[test]
fn the_geometric_test_never_drops_a_capture_the_walk_makes() {
    // Every walk, from every square, on two crowded boards of enemies:
    // each capture the walk reports lies where `may_capture_on` allows.
    use super::may_capture_on;
    use crate::board::Kind;
    let patterns: [fn(usize) -> bool; 2] = [|i| (i * 37 + 11) % 3 == 0, |i| (i * 13 + 5) % 2 == 0];
    for kind in Kind::all() {
        let steps = kind.walk().steps;
        for crowd in patterns {
            for from in Square::all() {
                crowded_captures(kind, from, crowd, |r| {
                    let victim = r.capture.expect("a capture");
                    assert!(
                        may_capture_on(steps, from, victim),
                        "{kind:?} on {from} captures on {victim}"
                    );
                });
            }
        }
    }
}

#[test]
fn the_rose_s_captures_through_its_circles_are_those_its_walk_makes() {
    // The rose's capture test follows only the circles through the target;
    // on crowded boards it must count exactly the captures of each target
    // that walking all sixteen circles reports.
    use super::rose_rider_captures;
    use crate::board::Kind;
    use crate::pieces::walk::{Rose, Step};
    let rose = Kind::ROSE;
    assert_eq!(rose.walk().steps, [Step::Rose(Rose::Rider)]);
    let patterns: [fn(usize) -> bool; 3] = [
        |i| (i * 37 + 11) % 3 == 0,
        |i| (i * 13 + 5) % 2 == 0,
        |i| (i * 7 + 3) % 5 == 0,
    ];
    for crowd in patterns {
        for from in Square::all() {
            let mut walked = [0usize; 64];
            let pos = crowded_captures(rose, from, crowd, |r| {
                walked[r.capture.expect("a capture").index()] += 1
            });
            for target in pos.by_color(Color::Black) {
                assert_eq!(
                    rose_rider_captures(from, target, pos.occupied()),
                    walked[target.index()],
                    "rose on {from}, target {target}"
                );
            }
        }
    }
}

#[test]
fn the_geometric_test_keeps_to_the_lines() {
    use super::may_capture_on;
    use crate::pieces::walk::{vectors, Step};
    let knight = [Step::Leap(&vectors::N)];
    assert!(may_capture_on(&knight, sq("d4"), sq("e6")));
    assert!(!may_capture_on(&knight, sq("d4"), sq("f8")));
    let nightrider = [Step::Ride(&vectors::N)];
    assert!(may_capture_on(&nightrider, sq("a1"), sq("e3")));
    assert!(!may_capture_on(&nightrider, sq("a1"), sq("e4")));
    let rook = [Step::Ride(&vectors::W)];
    assert!(may_capture_on(&rook, sq("a1"), sq("a8")));
    assert!(!may_capture_on(&rook, sq("a1"), sq("a1")));
    assert!(!may_capture_on(&rook, sq("a1"), sq("b2")));
}

#[test]
fn a_line_is_a_positive_whole_multiple_of_the_vector() {
    // Every difference of squares against every vector of up to four
    // squares each way, compared with the multiples themselves (the null
    // vector makes no line).
    for vx in -4i8..=4 {
        for vy in -4i8..=4 {
            for dx in -7i8..=7 {
                for dy in -7i8..=7 {
                    let multiple = (vx, vy) != (0, 0)
                        && (1..=7).any(|k| super::times((vx, vy), k) == (dx, dy));
                    assert_eq!(
                        super::on_ray((dx, dy), (vx, vy)),
                        multiple,
                        "d ({dx}, {dy}), v ({vx}, {vy})"
                    );
                }
            }
        }
    }
}

/// The squares of `moves`, sorted (Popeye sorts the moves of a diagram
/// with an orphan or a friend, so only the set is Popeye's).
fn move_set(units: &str, from: &str) -> Vec<String> {
    sorted(moves(units, from))
}

fn squares(list: &str) -> Vec<String> {
    sorted(list.split_whitespace().map(String::from).collect())
}

// The positions below were played by Popeye 4.104 (`~1`).

#[test]
fn an_orphan_moves_as_the_enemy_walks_that_observe_it() {
    // Observed by nothing: no move.
    assert!(moves("wKh1 wOd4 bKa8", "d4").is_empty());
    // A rook and a knight observe it: it moves and captures as both.
    assert_eq!(
        move_set("wKh1 wOd4 bKa8 bRd8 bSb5", "d4"),
        squares("xd8 d7 e6 d6 c6 f5 d5 xb5 h4 g4 f4 e4 c4 b4 a4 f3 d3 b3 e2 d2 c2 d1")
    );
    // Its own side's rook lends it nothing.
    assert!(moves("wKh1 wOd4 wRd8 bKa6", "d4").is_empty());
}

#[test]
fn an_orphan_is_linked_through_a_chain_of_orphans() {
    // The white rook observes the black orphan, which, moving as a rook,
    // observes the white orphan: the white orphan moves as a rook.
    assert_eq!(
        move_set("wKh1 wOd4 wRa7 bKh8 bOd7", "d4"),
        squares("xd7 d6 d5 h4 g4 f4 e4 c4 b4 a4 d3 d2 d1")
    );
}

#[test]
fn an_orphan_moves_as_a_pawn_from_its_first_rank() {
    assert_eq!(moves("wKh1 wOa1 bKh8 bPb2", "a1"), ["xb2", "a2"]);
}

#[test]
fn a_friend_moves_as_its_own_side_through_chains_of_friends() {
    assert_eq!(
        move_set("wKh1 wFd4 wRd8 bKa6", "d4"),
        squares("d7 d6 d5 h4 g4 f4 e4 c4 b4 a4 d3 d2 d1")
    );
    // The bishop observes the friend on f6, which as a bishop observes d4.
    assert_eq!(
        move_set("wKh1 wFd4 wFf6 wBh8 bKa8", "d4"),
        squares("a7 b6 e5 c5 e3 c3 f2 b2 g1 a1")
    );
    // An enemy rook lends a friend nothing.
    assert!(moves("wKh1 wFd4 bRd8 bKa6", "d4").is_empty());
}

#[test]
fn an_orphan_checks_with_the_walks_it_is_lent() {
    assert!(observes("wKh1 wOd4 bKd8 bRh4", "d4", "d8"));
    assert!(!observes("wKh1 wOd4 bKd8 bBh4", "d4", "d8"));
}

#[test]
fn leap_and_ride_captures_counted_without_the_generator_are_its_captures() {
    // Every kind whose walk is leaps and rides alone (nightriders, the
    // elephant, camel riders, ...): on random boards the captures of a
    // unit on a target that `line_captures` counts must be those the
    // generator reports, walking every line.
    use crate::pieces::walk::Step;
    let kinds: Vec<crate::board::Kind> = crate::board::Kind::all()
        .filter(|k| {
            k.walk()
                .steps
                .iter()
                .all(|s| matches!(s, Step::Leap(_) | Step::Ride(_)))
        })
        .filter(|k| k.walk().steps.iter().any(|s| matches!(s, Step::Ride(_))))
        .collect();
    assert!(kinds.len() >= 10, "{} kinds", kinds.len());
    let mut rng = crate::test_rng::XorShift::new(0x6a09_e667_f3bc_c908);
    let (mut reached, mut blocked) = (0, 0);
    for round in 0..20_000 {
        let kind = kinds[round % kinds.len()];
        let mut occupied = crate::board::Bitboard::EMPTY;
        for _ in 0..rng.below(20) {
            occupied.set(Square(rng.below(64) as u8));
        }
        let from = Square(rng.below(64) as u8);
        let target = Square(rng.below(64) as u8);
        if from == target {
            continue;
        }
        occupied.set(from);
        occupied.set(target);
        let pos = Position::empty();
        let board = super::Board {
            pos: &pos,
            occupied,
            enemies: crate::board::Bitboard::from_square(target),
            side: Color::White,
            ep: None,
        };
        let mut walked = 0;
        super::generate(kind.walk().steps, from, &board, true, |r| {
            walked += usize::from(r.capture == Some(target));
        });
        let counted = super::line_captures(kind.walk().steps, from, target, occupied);
        assert_eq!(counted, Some(walked), "{kind:?} {from:?} -> {target:?}");
        if walked > 0 {
            reached += 1;
        } else if super::may_capture_on(kind.walk().steps, from, target) {
            blocked += 1;
        }
    }
    assert!(reached > 1000 && blocked > 300, "{reached} {blocked}");
}
