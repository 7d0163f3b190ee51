//! ArgentinianChess: the Argentinian pieces stand in the orthodox pieces'
//! places (senora for the queen, faro for the rook, loco for the bishop,
//! saltador for the knight), as MarineChess's marine pieces do
//! (`standard_walks.rs`): the diagram's units keep their walks; pawns
//! promote to the Argentinian pieces (to an orthodox one only when it
//! stands in the diagram), Circe's squares are theirs, the faro castles
//! and the rook does not.

use super::{marine, ConditionRule};
use crate::board::{Kind, Position};
use crate::rules::Rules;

pub struct ArgentinianChess;

impl ConditionRule for ArgentinianChess {
    const ID: &'static str = "argentinian";

    fn prepare(_rules: &Rules, pos: &mut Position) {
        marine::castling_rights(pos, Kind::FARO, false);
    }

    fn refusal(rules: &Rules) -> Option<String> {
        marine::refusal(rules, "argentinian")
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        marine::refusal_in(rules, pos, Kind::KING, "argentinian")
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`, checks
    //! not marked).
    use super::super::testing::{moves_under, sorted};
    use crate::board::{Color, Kind, Piece, Position, Square};
    use crate::rules::{Base, CirceRules, Condition, Rules};

    /// The moves of the diagram `orthodox` with the units `fairy` under
    /// `rules` and ArgentinianChess.
    fn play(rules: Rules, orthodox: &str, fairy: &[(Color, Kind, &str)]) -> Vec<String> {
        moves_under(rules, Condition::ArgentinianChess, orthodox, fairy)
    }

    #[test]
    fn the_faro_castles_and_the_rook_does_not() {
        let got = play(
            Rules::orthodox(),
            "wKe1 wRa1 bKe8",
            &[
                (Color::White, Kind::FARO, "h1"),
                (Color::Black, Kind::SENORA, "d8"),
            ],
        );
        let want = sorted(
            "FAh1-d1 FAh1-c1 FAh1-b1 Ke1-f2 Ke1-e2 0-0 Ke1-f1 Ra1-a8 Ra1-a7 Ra1-a6 \
             Ra1-a5 Ra1-a4 Ra1-a3 Ra1-a2 Ra1-d1 Ra1-c1 Ra1-b1",
        );
        assert_eq!(got, want);
    }

    #[test]
    fn pawns_promote_to_them_and_circe_gives_them_the_orthodox_squares() {
        use Color::Black as B;
        let circe = Rules::with_circe(CirceRules::of(Base::Circe));
        let got = play(
            circe,
            "wKe1 wQh4 wPb7 bKa5 bQc6",
            &[(B, Kind::SENORA, "d4"), (B, Kind::SALTADOR, "h6")],
        );
        // The queen of the diagram is a choice, the knight, rook and
        // bishop are not; the senora is reborn on d8, the saltador on b8.
        let want = sorted(
            "b7-b8=Q b7-b8=SE b7-b8=FA b7-b8=LO b7-b8=SA Qh4-d8 Qh4-e7 \
             Qh4*h6[+bSAb8] Qh4-f6 Qh4-h5 Qh4-g5 Qh4-g4 Qh4-f4 Qh4-e4 \
             Qh4*d4[+bSEd8] Qh4-h3 Qh4-g3 Qh4-h2 Qh4-f2 Qh4-h1 Ke1-e2 Ke1-f1",
        );
        assert_eq!(got, want);
    }

    #[test]
    fn refused_with_marine_and_where_a_faro_reborn_could_castle_again() {
        let r = Rules::orthodox()
            .with(Condition::ArgentinianChess)
            .with(Condition::MarineChess);
        assert!(r.conditions.refusal(&r).is_some());
        let r = Rules::with_circe(CirceRules::of(Base::Circe)).with(Condition::ArgentinianChess);
        let mut pos = Position::from_piece_list("wKe1 bKe8").unwrap();
        assert!(r.conditions.refusal_in(&r, &pos).is_none());
        pos.put(
            Square::parse("c3").unwrap(),
            Piece::new(Color::White, Kind::FARO),
        );
        assert!(r.conditions.refusal_in(&r, &pos).is_some());
    }
}
