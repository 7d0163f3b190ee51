//! GlasgowChess: pawns promote on the rank before the last (White on the
//! seventh, Black on the second). The rank is the rules' own
//! (`Rules::promotion_rank`), which the generator, the check test and a
//! reborn pawn's promotion ask. A pawn that stands on the last rank in
//! the diagram, or comes there otherwise, does not promote there.
//!
//! Beside Circe: where a unit is reborn on the classic square of its walk
//! (any Circe form that uses it) and that square lies on the last rank of
//! the side whose game array it is (a fairy unit's square), it is reborn
//! on the rank before, that side's promotion rank: a white zebra taken on
//! g2 is reborn on g7. Officers and pawns keep their squares. With Mirror
//! Circe a pawn reborn on its own promotion rank (a black pawn on the
//! second) promotes.

use super::ConditionRule;
use crate::board::{Color, Square};
use crate::rules::{Base, Condition, RebirthSquare, Rules, SideOverride};

pub struct GlasgowChess;

impl ConditionRule for GlasgowChess {
    const ID: &'static str = "glasgow";
}

/// The rank `color`'s pawns promote on under GlasgowChess.
#[inline]
pub(crate) fn promotion_rank(color: Color) -> u8 {
    match color {
        Color::White => 6,
        Color::Black => 1,
    }
}

/// The rebirth square of a unit reborn on `home`'s side of the game array
/// whose classic square is `sq`: the rank before when `sq` is on `home`'s
/// last rank (a fairy unit's square), so on `home`'s promotion rank.
pub(crate) fn rebirth_square(sq: Square, home: Color) -> Square {
    let back: i8 = if home == Color::White { -1 } else { 1 };
    match sq.offset(0, back) {
        Some(before) if before.rank() == promotion_rank(home) => before,
        _ => sq,
    }
}

/// Marks the Circe forms in force as played under GlasgowChess (before
/// play).
pub(super) fn settle(rules: &mut Rules) {
    if rules.conditions.is_empty() || !rules.has(Condition::GlasgowChess) {
        return;
    }
    let bases: Vec<Base> = rules.families().map(|c| c.base).collect();
    for base in bases {
        let mut c = *rules.family(base).expect("family");
        if c.square == RebirthSquare::Classic {
            c.glasgow = true;
        }
        if base == Base::Circe && c.side == SideOverride::Mirror {
            c.promotion = true;
        }
        rules.set_family(c);
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use crate::board::{Color, Kind, Square};
    use crate::rules::rebirth::RebirthContext;
    use crate::rules::{Base, CirceRules, Condition, Rules, SideOverride};

    fn glasgow(mut r: Rules) -> Rules {
        r = r.with(Condition::GlasgowChess);
        r.resolve_sides(crate::board::Color::Black);
        r
    }

    #[test]
    fn a_pawn_promotes_on_the_seventh_rank_and_not_on_the_eighth() {
        let r = glasgow(Rules::orthodox());
        assert_eq!(
            moves(&r, "wKe1 wPg6 wPb7 bKa5 bPc2 bSh7", Color::White),
            sorted(
                "Ke1-f2 Ke1-d2 Ke1-e2 Ke1-f1 g6-g7=Q g6-g7=S g6-g7=R g6-g7=B g6*h7=Q \
                 g6*h7=S g6*h7=R g6*h7=B b7-b8"
            )
        );
        // Orthodox: b7 promotes, g6 does not.
        assert!(moves(
            &Rules::orthodox(),
            "wKe1 wPg6 wPb7 bKa5 bPc2 bSh7",
            Color::White
        )
        .contains(&"b7-b8=Q".to_string()));
    }

    #[test]
    fn a_reverse_pawn_promotes_on_the_other_sides_promotion_rank() {
        let r = glasgow(Rules::orthodox());
        let mut pos = crate::board::Position::from_piece_list("wKe1 bKe8").unwrap();
        let reverse = crate::board::Piece {
            color: Color::White,
            kind: Kind::REVERSE_PAWN,
            attrs: crate::board::Attrs::NONE,
        };
        pos.put(Square::parse("c3").unwrap(), reverse);
        pos.turn = Color::White;
        assert_eq!(
            super::super::testing::moves_of(&r, &pos),
            sorted("Ke1-f2 Ke1-d2 Ke1-d1 Ke1-e2 Ke1-f1 PPc3-c2=Q PPc3-c2=S PPc3-c2=R PPc3-c2=B")
        );
    }

    #[test]
    fn a_black_pawn_on_the_second_rank_checks_and_steps_without_promoting() {
        let r = glasgow(Rules::orthodox());
        assert_eq!(
            moves(&r, "wKe1 wPc7 bKa5 bPc2 bPd3 bSb8", Color::White),
            sorted("Ke1-f2 Ke1-d2 Ke1-f1 c7-c8 c7*b8")
        );
    }

    #[test]
    fn with_mirror_circe_a_black_pawn_reborn_on_the_second_rank_promotes() {
        let mirror = CirceRules {
            side: SideOverride::Mirror,
            ..CirceRules::of(Base::Circe)
        };
        let r = glasgow(Rules::with_circe(mirror));
        let got = moves(&r, "wKh1 wRe4 bKa8 bPe5", Color::White);
        for m in [
            "Re4*e5[+bPe2=Q]",
            "Re4*e5[+bPe2=S]",
            "Re4*e5[+bPe2=R]",
            "Re4*e5[+bPe2=B]",
        ] {
            assert!(got.contains(&m.to_string()), "{m} in {got:?}");
        }
        let r = glasgow(Rules::with_circe(CirceRules::of(Base::Circe)));
        let got = moves(&r, "wKh1 wRe4 bKa8 bPe5", Color::White);
        assert!(got.contains(&"Re4*e5[+bPe7]".to_string()), "{got:?}");
    }

    #[test]
    fn a_fairy_unit_is_reborn_on_its_sides_seventh_rank() {
        // Popeye: 1...CAd1*g2[+wZg7] (BEISPIEL glasgow, twin b).
        let zebra = Kind::all()
            .find(|k| k.def().codes[0] == "Z")
            .expect("zebra");
        let r = glasgow(Rules::with_circe(CirceRules::of(Base::Circe)));
        let circe = r.family(Base::Circe).expect("Circe");
        let g2 = Square::new(6, 1);
        let ctx = RebirthContext {
            unit: crate::board::Piece {
                color: Color::White,
                kind: zebra,
                attrs: Default::default(),
            },
            on: g2,
            home: Color::White,
            departure: Square::new(3, 0),
            vector: (3, 1),
            diagram: None,
        };
        assert_eq!(circe.rebirth_square(&ctx), Some(Square::new(6, 6)));
        let plain = CirceRules::of(Base::Circe);
        assert_eq!(plain.rebirth_square(&ctx), Some(Square::new(6, 7)));
    }
}
