//! TraitorChess: a black unit that ends its move on White's half of the
//! board (the first four ranks) goes over to White.
//!
//! Only Black's moves make traitors, and only of the moving unit, where
//! the rules leave it: the square of its move (a promoted pawn as what it
//! promoted to), or the square an Anticirce capturer is reborn on. A
//! neutral unit stays neutral. The change comes after the capturer's
//! rebirth, before the captured unit's (Circe). Popeye does not write it:
//! `d2-d1=Q` puts a white queen on d1.
//!
//! A black king turns too; Popeye then keeps Black's king square where
//! the king turned (Black is in check when that square is observed) and
//! White's where a white king last moved, which circe, whose king is a
//! unit, follows for the move itself only (`legal_after`): the task
//! refuses the play where the black king may come to the first four ranks
//! ([`play_refusal`]).

use super::volage::{mover_changes_sides, mover_end};
use super::{mars_family, Capabilities, ConditionRule};
use crate::board::{Attrs, Color, Kind, Piece, Position};
use crate::moves::{Effect, Move, Shown};
use crate::rules::{Base, Condition, Rules};
use crate::stipulation::Stipulation;

/// The conditions under which a king may go further than a king's step
/// a move, or change sides or walk, or be moved by the other side.
const KING_MOVERS: [Condition; 17] = [
    Condition::Messigny,
    Condition::CastlingChess,
    Condition::Rokagogo,
    Condition::ExchangeCastling,
    Condition::TakeMakeChess,
    Condition::MakeTakeChess,
    Condition::Wormholes,
    Condition::Imitator,
    Condition::KobulKings,
    Condition::WhiteSuperTransmutingKing,
    Condition::BlackSuperTransmutingKing,
    Condition::RoleExchange,
    Condition::SeriesCapture,
    Condition::SwappingKings,
    Condition::HalfInChess,
    Condition::AllInChess,
    Condition::MainlyInChess,
];

/// Why the play of `stip` from `pos` is not played under TraitorChess:
/// the black king may come to White's half (see the module), or go faster
/// than a king's step under the rules in force.
pub fn play_refusal(rules: &Rules, pos: &Position, stip: &Stipulation) -> Option<String> {
    if mars_family(rules) {
        return Some("TraitorChess with the Mars family (not played)".into());
    }
    if let Some(c) = KING_MOVERS.iter().find(|&&c| rules.has(c)) {
        return Some(format!(
            "TraitorChess with {} (not played: a black king may turn white)",
            c.popeye_id()
        ));
    }
    if !rules.conditions.own_walks() {
        return Some(
            "TraitorChess with a condition that changes walks (not played: a black king may \
             turn white)"
                .into(),
        );
    }
    let royal = pos.pieces(Color::Black, Kind::KING) | pos.royal_units(Color::Black);
    if royal.into_iter().any(|sq| {
        pos.piece_at(sq)
            .is_none_or(|p| p.kind != Kind::KING || p.is_neutral())
    }) {
        return Some("TraitorChess with a black royal unit that is no king (not played)".into());
    }
    // The black moves the play may hold: every other half-move, all of a
    // series (and its parries).
    let plies = stip.plies();
    let black_moves = if stip.series {
        2 * plies
    } else {
        plies.div_ceil(2)
    };
    // Where check is judged by playing the capture of the king (AntiCirce,
    // Rex Inclusive, ImmunChess, GenevaChess), Popeye's move list never
    // finds a turned king in check but its mate test does: the replies to
    // the last move are refused too.
    let played_out = !rules.attack_is_always_check()
        || rules.family(Base::ImmunChess).is_some()
        || rules.family(Base::GenevaChess).is_some();
    let reach = u64::from(LAST_WHITE_RANK) + black_moves + u64::from(played_out);
    if royal.into_iter().any(|sq| u64::from(sq.rank()) <= reach) {
        return Some(
            "TraitorChess where the black king may come to the first four ranks (not played: \
             Popeye then checks Black on the square its king turned white on)"
                .into(),
        );
    }
    None
}

pub struct TraitorChess;

/// The last rank (0-based) of White's half.
const LAST_WHITE_RANK: u8 = 3;

impl TraitorChess {
    fn settle_move(mv: &mut Move) {
        let Some((on, unit, _)) = mover_end(mv) else {
            return;
        };
        if on.rank() > LAST_WHITE_RANK || unit.is_neutral() {
            return;
        }
        mover_changes_sides(mv, on, unit, Shown::Silent);
    }
}

impl ConditionRule for TraitorChess {
    const ID: &'static str = "traitor";
    /// A move may turn the black king: it is played out, and judged by
    /// `legal_after`.
    const CAPABILITIES: Capabilities = Capabilities {
        orthodox_legality: false,
        ..Capabilities::ORTHODOX
    };

    /// A black king that turned stands where Popeye keeps Black's king
    /// square: the move is illegal when White observes that square.
    fn legal_after(rules: &Rules, _before: &Position, mv: &Move, after: &Position) -> bool {
        mv.effects.iter().all(|e| match *e {
            Effect::Changed {
                on,
                unit,
                shown: Shown::Silent,
            } if unit.color == Color::White
                && (unit.kind == Kind::KING || unit.attrs.contains(Attrs::ROYAL)) =>
            {
                // Judged as the check of a black king there.
                let mut black = *after;
                black.put(
                    on,
                    Piece {
                        color: Color::Black,
                        ..unit
                    },
                );
                !rules.in_check(&black, Color::Black)
            }
            _ => true,
        })
    }

    fn settle(_rules: &Rules, pos: &Position, moves: &mut Vec<Move>, start: usize) {
        if pos.turn != Color::Black {
            return;
        }
        for mv in &mut moves[start..] {
            Self::settle_move(mv);
        }
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{after_line, moves, sorted};
    use crate::board::{Color, Square};
    use crate::rules::{Base, CirceRules, Condition, Rules};

    fn traitor() -> Rules {
        Rules::orthodox().with(Condition::TraitorChess)
    }

    #[test]
    fn a_unit_turned_may_not_check_its_former_king() {
        // Rd5-d4 ... d1 would make a white rook checking the black king.
        assert_eq!(
            moves(&traitor(), "wKh1 bKd8 bRd5 bBf6", Color::Black),
            sorted(
                "Rd5-a5 Rd5-b5 Rd5-c5 Rd5-d7 Rd5-d6 Rd5-h5 Rd5-g5 Rd5-f5 Rd5-e5 Bf6-a1 \
                 Bf6-b2 Bf6-c3 Bf6-d4 Bf6-e5 Bf6-g5 Bf6-h8 Bf6-g7 Bf6-e7 Kd8-c7 Kd8-e7 \
                 Kd8-d7 Kd8-c8 Kd8-e8"
            )
        );
    }

    #[test]
    fn a_black_unit_on_the_first_four_ranks_is_white_and_moves_for_white() {
        let pos = after_line(
            &traitor(),
            "wKh1 bKa8 bSc6 bPd2",
            Color::Black,
            &["Sc6-d4", "Sd4-f3"],
        );
        assert_eq!(
            pos.piece_at(Square::new(5, 2)).map(|p| p.color),
            Some(Color::White)
        );
        // A pawn promoting on the first rank turns as what it became.
        let pos = after_line(&traitor(), "wKh8 bKa8 bPd2", Color::Black, &["d2-d1=Q"]);
        assert_eq!(
            pos.piece_at(Square::new(3, 0)).map(|p| p.color),
            Some(Color::White)
        );
    }

    #[test]
    fn white_units_and_the_fifth_rank_stay() {
        let pos = after_line(&traitor(), "wKh1 wSb1 bKa8 bSc6", Color::White, &["Sb1-c3"]);
        assert_eq!(
            pos.piece_at(Square::new(2, 2)).map(|p| p.color),
            Some(Color::White)
        );
        let pos = after_line(&traitor(), "wKh1 bKa8 bSc6", Color::Black, &["Sc6-e5"]);
        assert_eq!(
            pos.piece_at(Square::new(4, 4)).map(|p| p.color),
            Some(Color::Black)
        );
    }

    #[test]
    fn an_anticirce_capturer_turns_where_it_is_reborn() {
        let r = Rules::with_circe(CirceRules::of(Base::AntiCirce)).with(Condition::TraitorChess);
        // The rook takes on b2 and is reborn on h8: it stays black.
        let pos = after_line(
            &r,
            "wKe1 wPb2 bKe8 bRb7",
            Color::Black,
            &["Rb7*b2[bRb2->h8]"],
        );
        assert_eq!(
            pos.piece_at(Square::new(7, 7)).map(|p| p.color),
            Some(Color::Black)
        );
    }

    #[test]
    fn the_play_is_refused_where_the_black_king_may_turn() {
        use super::play_refusal;
        use crate::board::Position;
        use crate::stipulation::Stipulation;
        let r = traitor();
        let pos = |pieces: &str| Position::from_piece_list(pieces).unwrap();
        let h2 = Stipulation::parse("h#2").unwrap();
        // Two black moves: from the sixth rank the king reaches the fourth.
        assert!(play_refusal(&r, &pos("wKa1 bKe6"), &h2).is_some());
        assert!(play_refusal(&r, &pos("wKa1 bKe7"), &h2).is_none());
        let one = Stipulation::parse("~1").unwrap();
        assert!(play_refusal(&r, &pos("wKa1 bKe5"), &one).is_some());
        assert!(play_refusal(&r, &pos("wKa1 bKe6"), &one).is_none());
        let circe =
            Rules::with_circe(CirceRules::of(Base::MarsCirce)).with(Condition::TraitorChess);
        assert!(play_refusal(&circe, &pos("wKa1 bKe8"), &one).is_some());
    }
}
