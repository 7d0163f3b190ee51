//! The proof games' bound (`src/solve/proof.rs`) never cuts the game that
//! was played: under each rule set that has a bound, a position reached
//! by a few random legal moves from the game array is found again by
//! `dia` in as many moves. A bound that is wrong for some position and
//! number of moves left cuts, sooner or later, a game that reaches it.
//!
//! `cargo test` plays a few games under each rule set; the long run:
//!
//! ```sh
//! CIRCE_PROOF_GAMES=200 cargo test --release --test proof_bound
//! ```

mod common;

use circe::board::Position;
use circe::io::fen::to_fen;
use circe::io::toml_input::parse_toml;
use circe::movegen::legal_moves;
use circe::output::{render_problem, Format, ReportOptions};
use circe::solve::{solve_problem, Prepared, Task};
use common::{count_from_env, Rng};
use std::path::Path;

const GAME_ARRAY: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The most half-moves a game is played for (dia3).
const LONGEST: usize = 6;

/// A TOML problem: the diagram `fen`, `stipulation`, `condition`.
fn toml(fen: &str, stipulation: &str, condition: &str) -> String {
    let mut text = format!("fen = \"{fen}\"\nstipulation = \"{stipulation}\"\n");
    if !condition.is_empty() {
        text += &format!("condition = \"{condition}\"\n");
    }
    text
}

/// The stipulation of a game of `half_moves` from the game array.
fn dia(half_moves: usize) -> String {
    if half_moves.is_multiple_of(2) {
        format!("dia{}", half_moves / 2)
    } else {
        format!("dia{}.5", half_moves / 2)
    }
}

/// Plays `half_moves` random legal moves from the game array under
/// `condition`; the position reached, or None where a side had no move.
fn random_game(rng: &mut Rng, condition: &str, half_moves: usize) -> Option<Position> {
    let problem = parse_toml(
        &toml(GAME_ARRAY, "dia1", condition),
        Path::new("array.toml"),
    )
    .unwrap_or_else(|e| panic!("`{condition}` is refused: {e}"));
    // The game array and the rules as the solver prepares them (the
    // conditions' state: BackHome's homes).
    let Ok(Prepared::Search(task)) = Task::prepare(&problem, None) else {
        panic!("`{condition}`: dia is not searched");
    };
    let mut pos = *task.position();
    let mut moves = Vec::new();
    for _ in 0..half_moves {
        moves.clear();
        legal_moves(&pos, task.rules(), &mut moves);
        if moves.is_empty() {
            return None;
        }
        pos = pos.play(rng.pick(&moves));
    }
    Some(pos)
}

/// Whether `dia` finds a game to `target` in `half_moves` under
/// `condition`; the output, to show where it does not.
fn found(target: &Position, condition: &str, half_moves: usize) -> (bool, String) {
    let text = toml(&to_fen(target), &dia(half_moves), condition);
    let problem = parse_toml(&text, Path::new("target.toml")).expect("the target reads");
    let opts = ReportOptions {
        format: Format::Popeye,
        alphabet: None,
    };
    let out = render_problem(&opts, &problem, &solve_problem(&problem), 0.0);
    (out.lines().any(|l| l.ends_with(" dia")), out)
}

fn games_under(condition: &str, seed: u64) {
    let games = count_from_env("CIRCE_PROOF_GAMES", 4);
    let mut rng = Rng(seed);
    for game in 0..games {
        let half_moves = 1 + rng.below(LONGEST);
        let Some(target) = random_game(&mut rng, condition, half_moves) else {
            continue;
        };
        let (ok, out) = found(&target, condition, half_moves);
        assert!(
            ok,
            "game {game} under `{condition}`: {} reached in {half_moves} half-moves, \
             but dia finds no game:\n{out}",
            to_fen(&target)
        );
    }
}

macro_rules! bound_tests {
    ($($name:ident: $condition:expr, $seed:expr;)*) => {
        $(
            #[test]
            fn $name() {
                games_under($condition, $seed);
            }
        )*
    };
}

bound_tests! {
    orthodox: "", 1;
    circe: "circe", 2;
    circe_rex_inclusive: "circe rexinclusive", 3;
    circe_assassin: "circe assassin", 4;
    circe_mirror: "mirrorcirce", 5;
    circe_pwc: "pwc", 6;
    anticirce: "anticirce", 7;
    anticirce_cheylan: "anticirce cheylan", 8;
    madrasi: "madrasi", 9;
    backhome: "backhome", 10;
    norsk: "norsk", 11;
    norsk_circe: "circe norsk", 12;
    norsk_anticirce: "anticirce norsk", 13;
    chameleon_chess: "chameleonchess", 14;
    chameleon_chess_circe: "circe chameleonchess", 15;
    line_chameleon_chess: "linechameleonchess", 16;
    line_chameleon_chess_anticirce: "anticirce linechameleonchess", 17;
    make_take: "make&takechess", 18;
    lost_pieces: "lostpieces", 19;
    koeko: "koeko", 20;
    transmuted_kings: "transmutedkings", 21;
    mate_c: "#c", 22;
}
