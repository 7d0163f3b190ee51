//! AnnanChess and Nanna: a unit with a unit of its own side right behind
//! it (AnnanChess; right in front of it under Nanna) moves, captures and
//! observes with that unit's walk, and with that walk only; otherwise with
//! its own. Behind and in front are by the unit's side: for White the
//! square one rank lower is behind. The move stays the unit's own: a pawn
//! that moves with a rook's walk onto its last rank promotes, a rook that
//! moves with a pawn's walk does not (it may still make the double step
//! from its second rank). A king castles only when it moves with a king's
//! walk. Popeye's types B, C and D (which leave kings out) are not played.

use super::{Capabilities, ConditionRule, Walks};
use crate::board::{Color, Kind, Piece, Position, Square};
use crate::rules::Rules;

/// The capabilities of a condition that changes the walks.
pub(super) const WALKS: Capabilities = Capabilities {
    orthodox_movers: false,
    orthodox_observation: false,
    check_implies_attack: false,
    own_walks: false,
    ..Capabilities::ORTHODOX
};

pub struct Annan;
pub struct Nanna;

/// The walk the unit on `on` takes from the unit of its side `ahead`
/// ranks in front of it (for its side), if there is one.
#[inline]
fn lent_walk(pos: &Position, on: Square, unit: Piece, ahead: i8) -> Walks {
    let forward = if unit.color == Color::White {
        ahead
    } else {
        -ahead
    };
    let lender = on
        .offset(0, forward)
        .filter(|&s| pos.by_color(unit.color).contains(s));
    match lender.and_then(|s| pos.piece_as(s, unit.color)) {
        Some(lender) => Walks::one(lender.kind),
        None => Walks::one(unit.kind),
    }
}

impl ConditionRule for Annan {
    const ID: &'static str = "annan";
    const CAPABILITIES: Capabilities = WALKS;

    #[inline]
    fn walks(_rules: &Rules, pos: &Position, on: Square, unit: Piece, _observing: bool) -> Walks {
        lent_walk(pos, on, unit, -1)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        super::not_played_beside(rules, "AnnanChess", &[crate::rules::Base::PhantomChess])
    }
}

/// Under NannaChess Popeye tells observation by a queen's walk through
/// its rook's and bishop's lines, and checks the walk of the unit found
/// there against the one tried with the unit's own walk in view, not the
/// walk lent to it. So a unit that is not a queen, lent a queen's walk,
/// observes nothing while its side has a rook or a bishop on the board;
/// and a queen lent a rook's or a bishop's walk observes nothing. Popeye
/// leaves this out beside the conditions listed (AnnanChess is never
/// told so).
fn queen_lines_lost(rules: &Rules, pos: &Position, on: Square, unit: Piece, walks: &Walks) -> bool {
    let own = pos.piece_at(on).map_or(unit.kind, |p| p.kind);
    let lost = if walks.is_just(Kind::QUEEN) {
        own != Kind::QUEEN
            && (pos.pieces(unit.color, Kind::ROOK).nonempty()
                || pos.pieces(unit.color, Kind::BISHOP).nonempty())
    } else {
        own == Kind::QUEEN && (walks.is_just(Kind::ROOK) || walks.is_just(Kind::BISHOP))
    };
    lost && !queen_lines_kept(rules, pos, unit.color)
}

/// Under NannaChess, whether the unit on `on`, moving with `walks`,
/// observes nothing ([`queen_lines_lost`]): its moves may then take the
/// king, as Popeye's moves do (the move generator does not ask whether
/// the unit observes).
pub(crate) fn nanna_blind(
    rules: &Rules,
    pos: &Position,
    on: Square,
    unit: Piece,
    walks: &Walks,
) -> bool {
    rules.has(crate::rules::Condition::Nanna) && queen_lines_lost(rules, pos, on, unit, walks)
}

/// The conditions beside which Popeye tells a queen's observation as a
/// queen's (its queen optimisation is off).
fn queen_lines_kept(rules: &Rules, pos: &Position, side: Color) -> bool {
    use crate::rules::{Base, Condition as C};
    let other_transmuted = match side {
        Color::White => C::BlackTransmutedKing,
        Color::Black => C::WhiteTransmutedKing,
    };
    let single_box_3 = rules.has(C::SingleBox) && rules.param(C::SingleBox).number == 3;
    [
        C::Madrasi,
        C::Isardam,
        C::Leffie,
        C::PartialParalysis,
        C::TransmutedKings,
        other_transmuted,
        C::WhiteSuperTransmutingKing,
        C::BlackSuperTransmutingKing,
        C::ReflectiveKings,
        C::WhiteReflectiveKing,
        C::BlackReflectiveKing,
        C::Eiffel,
        C::AnnanChess,
        C::BoleroInverse,
        C::PointReflection,
        C::Amu,
        C::FaceToFace,
        C::BackToBack,
        C::CheekToCheek,
        C::Woozles,
        C::BiWoozles,
        C::Heffalumps,
        C::BiHeffalumps,
        C::PlusChess,
    ]
    .into_iter()
    .any(|c| rules.has(c))
        || single_box_3
        || rules.family(Base::MarsCirce).is_some()
        || rules.family(Base::PhantomChess).is_some()
        || pos.with_attrs(crate::board::Attrs::MAGIC).nonempty()
}

impl ConditionRule for Nanna {
    const ID: &'static str = "nanna";
    const CAPABILITIES: Capabilities = WALKS;

    #[inline]
    fn walks(rules: &Rules, pos: &Position, on: Square, unit: Piece, observing: bool) -> Walks {
        let walks = lent_walk(pos, on, unit, 1);
        if observing && queen_lines_lost(rules, pos, on, unit, &walks) {
            return Walks::NONE;
        }
        walks
    }

    fn refusal(rules: &Rules) -> Option<String> {
        use crate::rules::Base;
        super::not_played_beside(
            rules,
            "NannaChess",
            &[Base::AntiMarsCirce, Base::PhantomChess],
        )
    }
}

#[cfg(test)]
pub(super) mod tests {
    //! Each list is checked against Popeye 4.104's `~1`.
    use crate::board::{Color, Position};
    use crate::io::notation::{popeye_move, Alphabet};
    use crate::movegen::legal_moves;
    use crate::rules::{Condition, Rules};

    pub(crate) fn moves(rules: &Rules, list: &str) -> Vec<String> {
        let pos = Position::from_piece_list(list).unwrap();
        let mut out = Vec::new();
        legal_moves(&pos, rules, &mut out);
        let mut found: Vec<String> = out
            .iter()
            .map(|m| popeye_move(m, Alphabet::English))
            .collect();
        found.sort();
        found
    }

    #[test]
    fn a_unit_takes_the_walk_of_the_unit_behind_it() {
        let r = Rules::orthodox().with(Condition::AnnanChess);
        let got = moves(&r, "wKa1 wRd3 wPd2 wRe1 wPe2 bKh8 bPc4");
        // The rook d3 moves as the pawn d2: one step, one capture.
        let rook: Vec<&String> = got.iter().filter(|m| m.starts_with("Rd3")).collect();
        assert_eq!(rook, ["Rd3*c4", "Rd3-d4"]);
        // The pawn e2 moves as the rook e1 and promotes on e8.
        assert!(got.contains(&"e2-h2".to_string()));
        assert!(got.contains(&"e2-e8=S".to_string()));
        assert_eq!(got.len(), 23);
        // Orthodox: the rook d3 has its own walk.
        assert!(
            moves(&Rules::orthodox(), "wKa1 wRd3 wPd2 bKh8 bPc4").contains(&"Rd3-d8".to_string())
        );
    }

    #[test]
    fn an_annanised_unit_observes_with_its_borrowed_walk_only() {
        let r = Rules::orthodox().with(Condition::AnnanChess);
        // The rook c3, with the pawn c2 behind it, checks b4 as a pawn and
        // no longer the king on c8.
        let pos = Position::from_piece_list("wKa1 wRc3 wPc2 bKb4").unwrap();
        assert!(r.in_check(&pos, Color::Black));
        let pos = Position::from_piece_list("wKa1 wRc3 wPc2 bKc8").unwrap();
        assert!(!r.in_check(&pos, Color::Black));
        assert!(Rules::orthodox().in_check(&pos, Color::Black));
    }

    #[test]
    fn nanna_takes_the_walk_of_the_unit_in_front() {
        let r = Rules::orthodox().with(Condition::Nanna);
        let got = moves(&r, "wKa1 wRc2 wSc3 bKh8 bPe4");
        let rook: Vec<&String> = got.iter().filter(|m| m.starts_with("Rc2")).collect();
        assert_eq!(rook, ["Rc2-a3", "Rc2-b4", "Rc2-d4", "Rc2-e1", "Rc2-e3"]);
        assert_eq!(got.len(), 16);
    }

    /// Popeye 4.104, `~1`, White to play: the knight c2, lent the queen's
    /// walk by the queen c1 in front of it, checks along its lines only
    /// while Black has no rook or bishop; with a rook on h8 (which bears on
    /// none of the king's squares) it checks nothing.
    #[test]
    fn under_nanna_a_lent_queen_walk_observes_only_without_rooks_and_bishops() {
        let r = Rules::orthodox().with(Condition::Nanna);
        let kings = |got: Vec<String>| -> Vec<String> {
            got.into_iter().filter(|m| m.starts_with('K')).collect()
        };
        assert_eq!(kings(moves(&r, "wKd2 bKg6 bSc2 bQc1")), ["Kd2*c1"]);
        assert_eq!(
            kings(moves(&r, "wKd2 bKg6 bSc2 bQc1 bRh8")),
            ["Kd2*c1", "Kd2-c3", "Kd2-d3", "Kd2-e2"]
        );
        // A queen lent the rook's walk (the rook d2 in front of it) observes
        // nothing: the king may go to e3 beside it, not along the rook's rank.
        assert_eq!(
            kings(moves(&r, "wKf3 bKh8 bQd3 bRd2")),
            ["Kf3-e3", "Kf3-e4", "Kf3-f4", "Kf3-g3", "Kf3-g4"]
        );
        // So it may take a king it does not check, as Popeye's moves do
        // (White to play: Black's king f5 is not in check).
        let got = moves(&r, "wKh3 wQh4 wRd6 wBg1 bKf5 bSh2");
        assert!(got.contains(&"Kh3*f5".to_string()), "{got:?}");
        // AnnanChess keeps the queen's lines.
        let annan = Rules::orthodox().with(Condition::AnnanChess);
        assert_eq!(kings(moves(&annan, "wKd2 bKg6 bSc2 bQc3 bRh8")), ["Kd2*c3"]);
    }

    fn with_family(base: crate::rules::Base) -> Rules {
        use crate::rules::CirceRules;
        Rules::with_circe(CirceRules::of(base)).with(Condition::AnnanChess)
    }

    #[test]
    fn under_antimars_a_lent_walk_moves_from_its_own_rebirth_square() {
        // The bishop a7, with the queen a6 behind it, moves as a queen, so
        // from the queen's rebirth square d1 (as Popeye does).
        let got = moves(
            &with_family(crate::rules::Base::AntiMarsCirce),
            "wKh3 wBa7 wQa6 bKh8",
        );
        let bishop: Vec<&str> = got
            .iter()
            .filter(|m| m.starts_with("Ba7"))
            .map(|m| m.as_str())
            .collect();
        let queen: Vec<String> = got
            .iter()
            .filter(|m| m.starts_with("Qa6"))
            .map(|m| m.replace("Qa6", "Ba7"))
            .collect();
        assert_eq!(bishop.len(), 21);
        assert!(bishop.iter().all(|m| m.starts_with("Ba7-d1-")));
        assert_eq!(bishop, queen.iter().map(|m| m.as_str()).collect::<Vec<_>>());
    }

    #[test]
    fn under_mars_a_unit_with_a_lent_walk_does_not_observe() {
        // The pawn f7 moves as the rook f8 behind it; it does not check
        // the king a6 from a8, the rook's rebirth square (Popeye judges
        // the observation with the unit's own walk, then its lent one).
        let got = moves(
            &with_family(crate::rules::Base::MarsCirce),
            "wKa6 bKh6 bPf7 bRf8",
        );
        assert_eq!(got, ["Ka6-a5", "Ka6-a7", "Ka6-b5", "Ka6-b6", "Ka6-b7"]);
    }
}
