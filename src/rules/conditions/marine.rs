//! MarineChess: the marine pieces stand in the orthodox pieces' places
//! (sirene for the queen, triton for the rook, nereide for the bishop,
//! marine knight for the knight), as Popeye's standard walks. The units of
//! the diagram keep their own walks; what changes is what asks for "the
//! queen, rook, bishop, knight":
//! - a pawn promotes to the marine pieces, and to an orthodox piece only
//!   when one stands in the diagram (as to any fairy piece there);
//! - Circe's game-array squares are the marine pieces' (a sirene is
//!   reborn on d1/d8), an orthodox piece is reborn as a fairy piece is;
//! - the triton castles, the rook does not.

use super::ConditionRule;
use crate::board::{Color, Kind, Position, Square};
use crate::rules::{Base, Condition, RebornWalk, Rules};

pub struct MarineChess;

impl ConditionRule for MarineChess {
    const ID: &'static str = "marine";

    /// The triton on its corner castles, the rook does not: it is not
    /// the standard rook.
    fn prepare(_rules: &Rules, pos: &mut Position) {
        for color in [Color::White, Color::Black] {
            for file in [0, 7] {
                let corner = Square::new(file, color.back_rank());
                if pos.pieces(color, Kind::TRITON).contains(corner) {
                    pos.unmoved.set(corner);
                } else {
                    pos.unmoved.clear(corner);
                }
            }
        }
    }

    fn refusal(rules: &Rules) -> Option<String> {
        // The conditions that, in Popeye, change the standard walks again
        // or turn them into one another: not played with the marine ones.
        let other = [
            Condition::Leofamily,
            Condition::CavalierMajeur,
            Condition::NorskSjakk,
            Condition::RelegationChess,
            Condition::SingleBox,
            Condition::ChameleonChess,
            Condition::LineChameleonChess,
            Condition::DangerCirce,
        ];
        if let Some(c) = other.into_iter().find(|&c| rules.has(c)) {
            return Some(format!("marine with {} is not played", c.popeye_id()));
        }
        let odd_circe = rules.families().any(|c| {
            !matches!(c.base, Base::Circe | Base::AntiCirce)
                || matches!(c.reborn_walk, RebornWalk::Chameleon)
        });
        odd_circe.then(|| "marine with this circe form is not played".into())
    }

    /// Under a Circe form a triton reborn on its corner may castle again
    /// (Popeye gives it the right back): not played where its king stands
    /// on its square.
    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        let castles = |c: Color| {
            let e = Square::new(4, c.back_rank());
            pos.pieces(c, Kind::KING).contains(e) && pos.pieces(c, Kind::TRITON).nonempty()
        };
        let reborn = rules.families().next().is_some();
        (reborn && (castles(Color::White) || castles(Color::Black)))
            .then(|| "marine and circe with a triton that may castle is not played".into())
    }
}

/// The kind whose game-array squares `kind`'s unit is reborn on under
/// MarineChess: a marine piece's orthodox counterpart; None for an
/// orthodox officer, which is reborn as a fairy piece is.
pub(crate) fn standard_kind(kind: Kind) -> Option<Kind> {
    match kind {
        Kind::SIRENE => Some(Kind::QUEEN),
        Kind::TRITON => Some(Kind::ROOK),
        Kind::NEREIDE => Some(Kind::BISHOP),
        Kind::MARINE_KNIGHT => Some(Kind::KNIGHT),
        Kind::QUEEN | Kind::ROOK | Kind::BISHOP | Kind::KNIGHT => None,
        other => Some(other),
    }
}

/// Marks the Circe forms in force as played under MarineChess.
pub(super) fn settle(rules: &mut Rules) {
    if rules.conditions.is_empty() || !rules.has(Condition::MarineChess) {
        return;
    }
    let bases: Vec<Base> = rules.families().map(|c| c.base).collect();
    for base in bases {
        let mut c = *rules.family(base).expect("family");
        c.marine = true;
        rules.set_family(c);
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`, checks
    //! not marked).
    use super::super::testing::{moves_of, sorted};
    use crate::board::{Color, Kind, Piece, Position, Square};
    use crate::rules::{Base, CirceRules, Condition, Repertoire, Rules};

    /// `rules` with MarineChess, settled for the diagram `pos` (which gets
    /// the marine units `marine`: colour, kind, square).
    fn play(rules: Rules, orthodox: &str, marine: &[(Color, Kind, &str)]) -> Vec<String> {
        let mut pos = Position::from_piece_list(orthodox).unwrap();
        for &(c, k, s) in marine {
            pos.put(Square::parse(s).unwrap(), Piece::new(c, k));
        }
        let mut r = rules.with(Condition::MarineChess);
        r.resolve_sides(Color::Black);
        r.repertoire = Repertoire::for_rules(&pos, &r);
        r.conditions.prepare(&r, &mut pos);
        moves_of(&r, &pos)
    }

    #[test]
    fn marine_pieces_have_the_circe_squares_and_pawns_promote_to_them() {
        use Color::Black as B;
        let circe = Rules::with_circe(CirceRules::of(Base::Circe));
        let got = play(
            circe,
            "wKe1 wPb7 wQh4 wRb6 bKa5 bQc6",
            &[
                (B, Kind::TRITON, "g5"),
                (B, Kind::MARINE_KNIGHT, "d4"),
                (B, Kind::SIRENE, "h8"),
            ],
        );
        // The marine knight is reborn on b8, the sirene on d8; the queen
        // taken on c6 would be reborn on c1 (a fairy piece's square),
        // checking: Rb6*c6 is illegal. The pawn promotes to the queen and
        // rook of the diagram, not to the bishop and knight.
        let want = sorted(
            "Ke1-f2 Ke1-d2 Ke1-d1 Ke1-e2 Ke1-f1 Qh4-f2 Qh4-g3 Qh4*g5 Qh4-h1 Qh4-h2 \
             Qh4-h3 Qh4*d4[+bMSb8] Qh4-e4 Qh4-f4 Qh4-g4 Qh4*h8[+bSId8] Qh4-h7 Qh4-h6 \
             Qh4-h5 Rb6-b1 Rb6-b2 Rb6-b3 Rb6-b4 Rb6-b5 Rb6-a6 b7-b8=Q b7-b8=R \
             b7-b8=SI b7-b8=TR b7-b8=ND b7-b8=MS",
        );
        assert_eq!(got, want);
    }

    #[test]
    fn the_triton_castles_and_the_rook_does_not() {
        let got = play(
            Rules::orthodox(),
            "wKe1 wRa1 wPh2 bKe5",
            &[(Color::White, Kind::TRITON, "h1")],
        );
        assert!(got.contains(&"0-0".to_string()));
        assert!(!got.contains(&"0-0-0".to_string()));
    }

    #[test]
    fn refused_where_the_standard_walks_change_again_or_a_triton_may_come_back() {
        let r = Rules::orthodox()
            .with(Condition::MarineChess)
            .with(Condition::NorskSjakk);
        assert!(r.conditions.refusal(&r).is_some());
        let r = Rules::with_circe(CirceRules::of(Base::Circe)).with(Condition::MarineChess);
        let mut pos = Position::from_piece_list("wKe1 bKe8").unwrap();
        assert!(r.conditions.refusal_in(&r, &pos).is_none());
        pos.put(
            Square::parse("c3").unwrap(),
            Piece::new(Color::White, Kind::TRITON),
        );
        assert!(r.conditions.refusal_in(&r, &pos).is_some());
    }
}
