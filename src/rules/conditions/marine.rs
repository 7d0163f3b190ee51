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
//!
//! UltramarineChess goes further: the poseidon is the standard king and
//! the marine pawn the standard pawn. The poseidon then castles and is
//! reborn (Rex Inclusive) on e1/e8, the orthodox king does neither (it is
//! reborn as a fairy piece is); pawns promote as under MarineChess.

use super::{ConditionRule, StandardWalks};
use crate::board::{Color, Kind, Position, Square};
use crate::rules::{Base, Condition, RebornWalk, Rules};

pub struct MarineChess;

/// The standard rook (`rook`: the triton, the faro) on its corner
/// castles, the orthodox rook does not; under UltramarineChess
/// (`poseidon`) the poseidon on e1/e8 likewise, the king not.
pub(super) fn castling_rights(pos: &mut Position, rook: Kind, poseidon: bool) {
    for color in [Color::White, Color::Black] {
        for file in [0, 7] {
            let corner = Square::new(file, color.back_rank());
            if pos.pieces(color, rook).contains(corner) {
                pos.unmoved.set(corner);
            } else {
                pos.unmoved.clear(corner);
            }
        }
        let e = Square::new(4, color.back_rank());
        if poseidon && pos.pieces(color, Kind::POSEIDON).contains(e) {
            pos.unmoved.set(e);
        } else if poseidon {
            pos.unmoved.clear(e);
        }
    }
}

impl ConditionRule for MarineChess {
    const ID: &'static str = "marine";
    /// A marine unit captures by landing beyond its victim: still one
    /// unit of the mover moved and one of the other side taken off.
    const PROOF: super::ProofTraffic = super::ProofTraffic::Moves(super::UnitTraffic::ONE_UNIT);

    fn prepare(_rules: &Rules, pos: &mut Position) {
        castling_rights(pos, Kind::TRITON, false);
    }

    fn refusal(rules: &Rules) -> Option<String> {
        refusal(rules, "marine")
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        refusal_in(rules, pos, Kind::KING, "marine")
    }
}

/// UltramarineChess: MarineChess with the poseidon and the marine pawn as
/// the standard king and pawn.
pub struct UltramarineChess;

impl ConditionRule for UltramarineChess {
    const ID: &'static str = "ultramarine";
    /// A marine unit captures by landing beyond its victim: still one
    /// unit of the mover moved and one of the other side taken off.
    const PROOF: super::ProofTraffic = super::ProofTraffic::Moves(super::UnitTraffic::ONE_UNIT);

    fn prepare(_rules: &Rules, pos: &mut Position) {
        castling_rights(pos, Kind::TRITON, true);
    }

    fn refusal(rules: &Rules) -> Option<String> {
        if rules.has(Condition::MarineChess) {
            return Some("ultramarine with marine is not played".into());
        }
        // Conditions that read the standard king or pawn (a promotion to
        // the king, Snek's walks): circe does not give them the poseidon.
        let standard = [
            Condition::RoyalDynasty,
            Condition::ExtinctionChess,
            Condition::LosingChess,
            Condition::SnekChess,
            Condition::SnekCircleChess,
        ];
        if let Some(c) = standard.into_iter().find(|&c| rules.has(c)) {
            return Some(format!("ultramarine with {} is not played", c.popeye_id()));
        }
        refusal(rules, "ultramarine")
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        refusal_in(rules, pos, Kind::POSEIDON, "ultramarine")
    }
}

/// Why MarineChess or UltramarineChess (`name`) cannot be played with
/// the rest of `rules`.
pub(super) fn refusal(rules: &Rules, name: &str) -> Option<String> {
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
        Condition::MarineChess,
        Condition::ArgentinianChess,
    ];
    let own = |c: Condition| c.popeye_id() == name;
    if let Some(c) = other.into_iter().find(|&c| rules.has(c) && !own(c)) {
        return Some(format!("{name} with {} is not played", c.popeye_id()));
    }
    let odd_circe = rules.families().any(|c| {
        !matches!(c.base, Base::Circe | Base::AntiCirce)
            || matches!(c.reborn_walk, RebornWalk::Chameleon)
    });
    odd_circe.then(|| format!("{name} with this circe form is not played"))
}

/// Under a Circe form a standard rook (triton, faro) reborn on its corner
/// may castle again (Popeye gives it the right back): not played where
/// `king` (the standard king) stands on its square.
pub(super) fn refusal_in(rules: &Rules, pos: &Position, king: Kind, name: &str) -> Option<String> {
    let castles = |c: Color| {
        let e = Square::new(4, c.back_rank());
        let rook = StandardWalks::of(rules).rook();
        pos.pieces(c, king).contains(e) && pos.pieces(c, rook).nonempty()
    };
    let reborn = rules.families().next().is_some();
    (reborn && (castles(Color::White) || castles(Color::Black)))
        .then(|| format!("{name} and circe with a standard rook that may castle is not played"))
}

/// Marks the Circe forms in force as played with the standard walks of
/// MarineChess, UltramarineChess or ArgentinianChess.
pub(super) fn settle(rules: &mut Rules) {
    let walks = StandardWalks::of(rules);
    if walks == StandardWalks::Orthodox {
        return;
    }
    let bases: Vec<Base> = rules.families().map(|c| c.base).collect();
    for base in bases {
        let mut c = *rules.family(base).expect("family");
        c.standard_walks = walks;
        rules.set_family(c);
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`, checks
    //! not marked).
    use super::super::testing::{moves_of, moves_under, sorted};
    use crate::board::{Color, Kind, Piece, Position, Square};
    use crate::rules::{Base, CirceRules, Condition, Repertoire, Rules};

    /// `rules` with MarineChess, settled for the diagram `orthodox` with the
    /// marine units `marine` (colour, kind, square).
    fn play(rules: Rules, orthodox: &str, marine: &[(Color, Kind, &str)]) -> Vec<String> {
        moves_under(rules, Condition::MarineChess, orthodox, marine)
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

    /// `rules` with `condition`, settled for the diagram `orthodox` (a
    /// piece list) with the units `fairy` (colour, kind, square).
    #[test]
    fn ultramarine_the_poseidon_castles_and_the_king_does_not() {
        // Popeye (EXAMPLES_marine__014 b): 1.0-0 with the poseidon; with
        // the king on e1, 21 moves and no castling.
        use Color::White as W;
        let u = Condition::UltramarineChess;
        let got = moves_under(
            Rules::orthodox(),
            u,
            "wRe4 wPd3 wPh2 bKf3",
            &[(W, Kind::POSEIDON, "e1"), (W, Kind::TRITON, "h1")],
        );
        assert!(got.contains(&"0-0".to_string()));
        assert_eq!(got.len(), 22);
        let got = moves_under(
            Rules::orthodox(),
            u,
            "wKe1 wRe4 wPd3 wPh2 bKf3",
            &[(W, Kind::TRITON, "h1")],
        );
        assert!(!got.contains(&"0-0".to_string()));
        assert_eq!(got.len(), 21);
    }

    #[test]
    fn ultramarine_the_poseidon_has_the_kings_square_and_the_king_a_fairy_pieces() {
        // Popeye (AntiCirce, ~1): the poseidon that captures is reborn on
        // e1, the king on its promotion square.
        use Color::White as W;
        let anti = || Rules::with_circe(CirceRules::of(Base::AntiCirce));
        let u = Condition::UltramarineChess;
        let got = moves_under(anti(), u, "bKh8 bRd4", &[(W, Kind::POSEIDON, "c3")]);
        assert!(got.contains(&"POc3*d4-e5[wPOe5->e1]".to_string()));
        let got = moves_under(anti(), u, "wKc3 bKh8 bRd4", &[]);
        assert!(got.contains(&"Kc3*d4[wKd4->d8]".to_string()));
    }

    /// Circe Rex Inclusive with `condition`, settled for `pos`.
    fn rex_inclusive(condition: Condition, pos: &mut Position) -> Rules {
        let mut c = CirceRules::of(Base::Circe);
        c.rex_inclusive = true;
        let mut r = Rules::with_circe(c).with(condition);
        r.resolve_sides(Color::Black);
        r.repertoire = Repertoire::for_rules(pos, &r);
        r.conditions.prepare(&r, pos);
        r
    }

    /// The diagram `orthodox` with the units `fairy`.
    fn diagram(orthodox: &str, fairy: &[(Color, Kind, &str)]) -> Position {
        let mut pos = Position::from_piece_list(orthodox).unwrap();
        for &(c, k, s) in fairy {
            pos.put(Square::parse(s).unwrap(), Piece::new(c, k));
        }
        pos
    }

    #[test]
    fn rex_inclusive_a_marine_unit_landing_on_the_kings_rebirth_square_checks() {
        // Popeye (wKa1 wSIh6 bKe7, ~1): 1.SIh6-e6 + and 1.SIh6-e3 +, the
        // sirene landing on e8; 1.SIh6-d6 would land on f8, the king
        // reborn on e8: no check.
        use Color::White as W;
        for (on, check) in [("e6", true), ("e3", true), ("d6", false)] {
            let mut pos = diagram("wKa1 bKe7", &[(W, Kind::SIRENE, on)]);
            let r = rex_inclusive(Condition::MarineChess, &mut pos);
            assert_eq!(r.in_check(&pos, Color::Black), check, "sirene on {on}");
        }
        // Popeye (wKd2 bSIe4 bKh8, ~1): Kd2-e2 is illegal, the sirene
        // landing on e1.
        let mut pos = diagram("wKd2 bKh8", &[(Color::Black, Kind::SIRENE, "e4")]);
        let r = rex_inclusive(Condition::MarineChess, &mut pos);
        let got = moves_of(&r, &pos);
        let want = sorted("Kd2-c1 Kd2-e1 Kd2-e3 Kd2-c3 Kd2-d1 Kd2-c2 Kd2-d3");
        assert_eq!(got, want);
    }

    #[test]
    fn ultramarine_rex_inclusive_the_poseidon_is_checked_by_a_landing_on_e8() {
        // Popeye (wKa1 wSIh6 bPOe7, ~1): 1.SIh6-e6 + and 1.SIh6-e3 +; with
        // the king on e7 (reborn as a fairy piece) neither checks.
        use Color::White as W;
        let mut pos = diagram(
            "wKa1",
            &[
                (W, Kind::SIRENE, "e6"),
                (Color::Black, Kind::POSEIDON, "e7"),
            ],
        );
        let r = rex_inclusive(Condition::UltramarineChess, &mut pos);
        assert!(r.conditions.refusal(&r).is_none());
        assert!(r.in_check(&pos, Color::Black));
        let mut pos = diagram("wKa1 bKe7", &[(W, Kind::SIRENE, "e6")]);
        let r = rex_inclusive(Condition::UltramarineChess, &mut pos);
        assert!(!r.in_check(&pos, Color::Black));
    }
}
