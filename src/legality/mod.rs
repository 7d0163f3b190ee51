//! Orthodox legality: could this position arise in a game of orthodox chess?
//!
//! Deciding that exactly is retro-analysis; this module applies a fixed list
//! of *necessary* conditions ([`CONDITIONS`]). Each is sound: a position that
//! fails one certainly cannot arise, and none rejects a position that can.
//! When a rule cannot be sure (promotions, pawn captures changing files,
//! castling, en passant), it accepts. Alsatian Circe (docs/rules.md section 11)
//! forbids every capture whose resulting position fails one of them.
//!
//! The rules, each with an example it rejects (FEN, side to move included);
//! the tests hold a near-identical position each accepts:
//!
//! | id | rule | rejected example |
//! |---|---|---|
//! | `kings` | one king a side | `4k3/8/8/8/8/8/8/8 w` (no white king) |
//! | `pawn-on-back-rank` | no pawn on rank 1 or 8 | `4k3/8/8/8/8/8/8/P3K3 w` |
//! | `pawn-count` | at most 8 pawns a side | nine white pawns |
//! | `promoted-units` | units beyond the game array no more than missing pawns | `B3k3/1B6/8/8/8/8/PPPPPPPP/4K3 w` (two light bishops, 8 pawns) |
//! | `pawn-captures` | captures the pawns need no more than the opponent's missing units | doubled a-pawns against 16 black units |
//! | `caged-unit` | every unit reachable from where it could have started, not through squares held by unmoved pawns | `4k3/8/8/8/8/8/1P6/B3K3 w` (Zeller's bishop) |
//! | `opponent-in-check` | the side not to move is not in check | `4k3/4R3/8/8/8/8/8/4K3 w` |
//! | `impossible-check` | some single move of the side that moved last could have given every check on the side to move | `4k3/3p4/4K3/8/8/8/8/8 w` (check from a pawn on its initial rank) |

mod caged;
mod checks;
mod material;

use crate::board::Position;
use std::fmt;

/// One necessary condition of orthodox legality.
pub struct Condition {
    /// Short stable name, as printed by `circe legal`.
    pub id: &'static str,
    /// What the condition requires, in a sentence.
    pub summary: &'static str,
    /// A position (FEN with side to move) that fails it.
    pub example: &'static str,
    /// The test: `Some(explanation)` when the position fails.
    pub check: fn(&Position) -> Option<String>,
}

/// The conditions, cheapest first; [`orthodox_violation`] reports the first
/// one a position fails.
pub static CONDITIONS: &[Condition] = &[
    Condition {
        id: "kings",
        summary: "each side has exactly one king",
        example: "4k3/8/8/8/8/8/8/8 w",
        check: material::kings,
    },
    Condition {
        id: "pawn-on-back-rank",
        summary: "no pawn stands on rank 1 or rank 8",
        example: "4k3/8/8/8/8/8/8/P3K3 w",
        check: material::pawns_on_back_rank,
    },
    Condition {
        id: "pawn-count",
        summary: "each side has at most 8 pawns",
        example: "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w",
        check: material::pawn_count,
    },
    Condition {
        id: "promoted-units",
        summary: "units beyond the game array (1 Q, 2 R, 1 light B, 1 dark B, 2 N) \
                  are no more than the side's missing pawns",
        example: "B3k3/1B6/8/8/8/8/PPPPPPPP/4K3 w",
        check: material::promoted_units,
    },
    Condition {
        id: "pawn-captures",
        summary: "the captures the pawns need to reach their files are no more than \
                  the opponent's missing units",
        example: "rnbqkbnr/pppppppp/8/8/P7/P7/2PPPPPP/RNBQKBNR w",
        check: material::pawn_captures,
    },
    Condition {
        id: "caged-unit",
        summary: "every unit can have reached its square from a square it could have \
                  started on, without passing a square held by a pawn that never moved",
        example: "4k3/8/8/8/8/8/1P6/B3K3 w",
        check: caged::caged_units,
    },
    Condition {
        id: "opponent-in-check",
        summary: "the side not to move is not in check",
        example: "4k3/4R3/8/8/8/8/8/4K3 w",
        check: checks::opponent_in_check,
    },
    Condition {
        id: "impossible-check",
        summary: "every check on the side to move could have been given by one single \
                  move of the other side",
        example: "4k3/3p4/4K3/8/8/8/8/8 w",
        check: checks::impossible_check,
    },
];

/// A failed condition, with what exactly fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The condition's [`Condition::id`].
    pub condition: &'static str,
    /// E.g. "the white bishop on a1 could only have come through b2, held by
    /// a pawn that never moved".
    pub detail: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.condition, self.detail)
    }
}

/// The first orthodox-legality condition `pos` fails (side to move
/// included), or `None` when it passes them all.
pub fn orthodox_violation(pos: &Position) -> Option<Violation> {
    CONDITIONS.iter().find_map(|c| {
        (c.check)(pos).map(|detail| Violation {
            condition: c.id,
            detail,
        })
    })
}

#[cfg(test)]
mod tests;
