//! ChameleonChess, the `chameleon` attribute, and LineChameleonChess: a
//! unit changes its walk with every move it plays.
//!
//! - A chameleon unit (under ChameleonChess every unit; otherwise the units
//!   with the `chameleon` attribute) becomes, once it has moved, the next
//!   walk of the sequence knight, bishop, rook, queen, knight (or of
//!   ChameleonSequence's); other walks (kings, pawns, fairy walks) stay. A pawn promotes as usual: the
//!   promoted unit changes on its next move. Castling is the king's move:
//!   the rook stays.
//! - With the attribute, a pawn that is no chameleon may promote into a
//!   chameleon too: each promotion into a walk of the sequence is there
//!   twice, the second written `=Q=c`; a chameleon pawn promotes into a
//!   chameleon (`=cQ`). So does a pawn reborn on its last rank where the
//!   Circe form promotes it (`[+bPf1=Q=c]`, `[wPd7->e8=Q=c]`), but not an
//!   Anticirce capturer that promotes and is reborn elsewhere (Popeye
//!   changes the unit on the square of the promotion). Popeye refuses
//!   ChameleonChess beside chameleon units.
//! - LineChameleonChess: a queen, rook, bishop or knight that moves takes
//!   the walk of the file it arrives on: the rook's on the a and h files,
//!   the knight's on b and g, the bishop's on c and f, the queen's on d;
//!   on the e file it keeps its walk. A pawn promoting takes it after its
//!   promotion (`e7*f8=Q=B`).
//!
//! The new walk is the walk the unit arrives with (an Anticirce capturer
//! is reborn as it); Popeye writes it as a promotion (`Sb1-d2=B`,
//! `cSd3-b2=cB`).

use super::volage::mover_change_index;
use super::{ConditionRule, Parameter, ProofTraffic};
use crate::board::{Attrs, Kind, Piece, Position};
use crate::moves::{Effect, Move, Shown};
use crate::rules::{Condition, Rules};

/// The parameter number under which only the units with the `chameleon`
/// attribute are chameleons.
pub(super) const ATTRIBUTE_ONLY: u8 = 1;

/// The walk after `kind` in the chameleon sequence: the one
/// ChameleonSequence gives, or knight, bishop, rook, queen, knight.
#[inline]
fn next(rules: &Rules, kind: Kind) -> Kind {
    if rules.has(Condition::ChameleonSequence) {
        return rules
            .param(Condition::ChameleonSequence)
            .next_in_sequence(kind);
    }
    match kind {
        Kind::KNIGHT => Kind::BISHOP,
        Kind::BISHOP => Kind::ROOK,
        Kind::ROOK => Kind::QUEEN,
        Kind::QUEEN => Kind::KNIGHT,
        other => other,
    }
}

/// ChameleonChess (and, carried by the attribute, the chameleon units).
pub struct ChameleonChess;

impl ChameleonChess {
    #[inline]
    fn attribute_only(rules: &Rules) -> bool {
        rules.param(Condition::ChameleonChess).number == ATTRIBUTE_ONLY
    }
}

impl ConditionRule for ChameleonChess {
    const ARRIVING: bool = true;
    const ID: &'static str = "chamchess";
    const CARRIED_BY: Option<(Attrs, u8)> = Some((Attrs::CHAMELEON, ATTRIBUTE_ONLY));
    /// The sequence's walks are the orthodox pieces' (ChameleonSequence,
    /// which may name others, declares nothing).
    const PROOF: ProofTraffic = ProofTraffic::ChangesWalks;

    #[inline]
    fn arriving(rules: &Rules, _pos: &Position, mv: &mut Move) {
        if mv.promotion.is_some() || mv.is_castling_or_exchange() {
            return;
        }
        if Self::attribute_only(rules) && !mv.piece.attrs.contains(Attrs::CHAMELEON) {
            return;
        }
        let walk = mv.piece.kind;
        let then = next(rules, walk);
        if then != walk {
            mv.promotion = Some(then);
        }
    }

    fn settle(rules: &Rules, _pos: &Position, moves: &mut Vec<Move>, start: usize) {
        if !Self::attribute_only(rules) {
            return;
        }
        // Each promotion into a walk of the sequence, of the mover or of a
        // pawn reborn on its last rank (`[+bPf1=Q]`), has a twin into a
        // chameleon right after it (`=Q=c`, `[+bPf1=Q=c]`).
        let mut i = start;
        while i < moves.len() {
            let mv = moves[i];
            let slots = chameleon_promotions(rules, &mv);
            if slots.is_empty() {
                i += 1;
                continue;
            }
            // Every choice of chameleon or not at each promotion, in
            // Popeye's order: the plain one first.
            let mut variants = vec![mv];
            for &(at, on, unit) in slots.iter().rev() {
                variants = variants
                    .into_iter()
                    .flat_map(|v| {
                        let mut into = v;
                        into.effects.insert(
                            at,
                            Effect::Changed {
                                on,
                                unit,
                                shown: Shown::Attrs,
                            },
                        );
                        // A later change of the same unit (an attribute it
                        // takes where it promotes) keeps it a chameleon:
                        // Popeye writes `=RH=c=chcc`.
                        for e in &mut into.effects.iter_mut_slice()[at + 1..] {
                            if let Effect::Changed { on: o, unit: u, .. } = e {
                                if *o == on {
                                    *u = u.with(Attrs::CHAMELEON);
                                }
                            }
                        }
                        [v, into]
                    })
                    .collect();
            }
            let n = variants.len();
            moves.splice(i..=i, variants);
            i += n;
        }
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        (!Self::attribute_only(rules) && pos.with_attrs(Attrs::CHAMELEON).nonempty())
            .then(|| "ChameleonChess and ChameleonPieces not allowed together".into())
    }
}

/// The walk a unit of `kind` takes on arriving on file `file` under
/// LineChameleonChess.
#[inline]
fn by_file(kind: Kind, file: u8) -> Kind {
    if !matches!(kind, Kind::QUEEN | Kind::ROOK | Kind::BISHOP | Kind::KNIGHT) {
        return kind;
    }
    match file {
        0 | 7 => Kind::ROOK,
        1 | 6 => Kind::KNIGHT,
        2 | 5 => Kind::BISHOP,
        3 => Kind::QUEEN,
        _ => kind,
    }
}

/// Where `mv` promotes a pawn that is no chameleon into a walk of the
/// sequence: the effect index a change into a chameleon goes at, the
/// square, and the chameleon unit it would be. The mover's promotion
/// first, then the rebirths', in the order of the effects.
fn chameleon_promotions(rules: &Rules, mv: &Move) -> Vec<(usize, crate::board::Square, Piece)> {
    use crate::moves::Rebirth;
    let becomes =
        |unit: Piece| !unit.attrs.contains(Attrs::CHAMELEON) && next(rules, unit.kind) != unit.kind;
    let mut slots = Vec::new();
    // Popeye changes the unit on the square of the promotion once the
    // move is played: none when an Anticirce capturer was reborn elsewhere,
    // nor when a wormhole took the promoted unit on.
    let stays = super::volage::mover_end(mv).is_some_and(|(on, _, _)| on == mv.to)
        && !mv
            .effects
            .iter()
            .any(|e| matches!(e, Effect::Transfer { .. }));
    if let Some(kind) = mv.promotion {
        if stays && mv.piece.kind.is_pawn() && becomes(Piece { kind, ..mv.piece }) {
            let unit: Piece = mv.arriving_piece().with(Attrs::CHAMELEON);
            slots.push((mover_change_index(mv), mv.to, unit));
        }
    }
    for (j, e) in mv.effects.iter().enumerate() {
        let (on, unit, promoted) = match *e {
            Effect::CapturedReborn { on, unit, how } => (on, unit, how.has(Rebirth::PROMOTED)),
            Effect::CapturerReborn { to, unit, how, .. } => (to, unit, how.has(Rebirth::PROMOTED)),
            // A pawn that comes out of a wormhole on its last rank
            // (`[wPb4->f8=Q=c]`).
            Effect::Transfer { to, unit, was, .. } => (to, unit, was.is_pawn() && unit.kind != was),
            _ => continue,
        };
        if promoted && becomes(unit) {
            slots.push((j + 1, on, unit.with(Attrs::CHAMELEON)));
        }
    }
    slots
}

/// ChameleonSequence: the sequence of walks the chameleon units (and every
/// unit under ChameleonChess) go through, given as a list of walks each
/// becoming the next (`ChameleonSequence Q R B S RH Q`; a list that does
/// not end where it began is closed). A promotion into a chameleon is one
/// into a walk of the sequence. Popeye writes it as its cycle,
/// `Q->R->B->S->RH->Q`.
pub struct ChameleonSequence;

impl ConditionRule for ChameleonSequence {
    const ID: &'static str = "chameleonsequence";
    const PARAMETER: Parameter = Parameter::WalkSequence;

    fn refusal(rules: &Rules) -> Option<String> {
        let param = rules.param(Condition::ChameleonSequence);
        if param.number == 1 {
            return Some("ChameleonSequence of more than 12 walks (not played)".into());
        }
        let seq = param.sequence();
        // One cycle through every walk listed: Popeye loops writing any
        // other, and reads no sequence from one walk.
        let first = seq.pairs().next().map(|(a, _)| a);
        let one_cycle = first.is_some_and(|start| {
            let mut k = start;
            let mut steps = 0;
            loop {
                k = seq.next(k);
                steps += 1;
                if k == start || steps > seq.pairs().count() {
                    break;
                }
            }
            k == start && steps == seq.pairs().count()
        });
        (!one_cycle).then(|| "ChameleonSequence takes one cycle of two walks or more".into())
    }

    fn refusal_in(rules: &Rules, pos: &Position) -> Option<String> {
        // Popeye looks for checks only by the walks that may exist (the
        // orthodox ones, those of the diagram, PromOnly's): a unit that
        // becomes another through the sequence gives no check as it.
        let present = |k: Kind| {
            k.is_orthodox()
                || (rules.has(Condition::PromOnly)
                    && rules.param(Condition::PromOnly).kinds.contains(k))
                || pos
                    .unit_squares()
                    .into_iter()
                    .any(|sq| pos.piece_at(sq).is_some_and(|p| p.kind == k))
        };
        let seq = rules.param(Condition::ChameleonSequence).sequence();
        let absent = seq.pairs().flat_map(|(a, b)| [a, b]).find(|&k| !present(k));
        absent.map(|k| {
            format!(
                "ChameleonSequence with {}, a walk not in the diagram (not played: Popeye \
                     looks for no check by it)",
                k.def().codes[0]
            )
        })
    }
}

/// LineChameleonChess.
pub struct LineChameleonChess;

impl ConditionRule for LineChameleonChess {
    const ARRIVING: bool = true;
    const ID: &'static str = "linechamchess";
    const PROOF: ProofTraffic = ProofTraffic::ChangesWalks;

    #[inline]
    fn arriving(_rules: &Rules, _pos: &Position, mv: &mut Move) {
        if mv.promotion.is_some() || mv.is_castling_or_exchange() {
            return;
        }
        let walk = mv.piece.kind;
        let then = by_file(walk, mv.to.file());
        if then != walk {
            mv.promotion = Some(then);
        }
    }

    fn settle(_rules: &Rules, _pos: &Position, moves: &mut Vec<Move>, start: usize) {
        for mv in &mut moves[start..] {
            let Some(kind) = mv.promotion else { continue };
            if !mv.piece.kind.is_pawn() {
                continue;
            }
            let then = by_file(kind, mv.to.file());
            if then != kind {
                let at = mover_change_index(mv);
                mv.effects.insert(
                    at,
                    Effect::Changed {
                        on: mv.to,
                        unit: Piece {
                            kind: then,
                            ..mv.arriving_piece()
                        },
                        shown: Shown::Walk,
                    },
                );
            }
        }
    }

    fn refusal_in(_rules: &Rules, pos: &Position) -> Option<String> {
        pos.with_attrs(Attrs::CHAMELEON)
            .nonempty()
            .then(|| "ChameleonChess and ChameleonPieces not allowed together".into())
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::moves;
    use crate::board::Color;
    use crate::rules::{Condition, Rules};

    const PIECES: &str = "wKe1 wRh1 wSb1 wPe7 wQd4 wBf4 bKe8 bPc5 bBh7 bRf8";

    #[test]
    fn chameleon_chess_the_mover_takes_the_next_walk() {
        let m = moves(
            &Rules::orthodox().with(Condition::ChameleonChess),
            PIECES,
            Color::White,
        );
        for want in [
            "Sb1-d2=B", "0-0", "Rh1*h7=Q", "Qd4*c5=S", "Bf4-c1=R", "e7*f8=Q", "e7*f8=B",
        ] {
            assert!(m.contains(&want.to_string()), "{want}: {m:?}");
        }
        assert_eq!(m.len(), 54);
    }

    /// `pieces` with chameleon units on `chameleons` (White's), the
    /// rules the attribute puts in force, and ChameleonSequence `codes`.
    fn with_sequence(codes: &[&str], pieces: &str, chameleons: &[&str]) -> Vec<String> {
        use crate::board::{Attrs, Kind, Position, Square};
        let mut pos = Position::from_piece_list(pieces).unwrap();
        // Marking a unit keeps its castling right.
        let unmoved = pos.unmoved;
        for on in chameleons {
            let sq = Square::parse(on).unwrap();
            let unit = pos.piece_at(sq).unwrap();
            pos.put(sq, unit.with(Attrs::CHAMELEON));
        }
        pos.unmoved = unmoved;
        pos.turn = Color::White;
        let mut param = crate::rules::Param::default();
        for (slot, code) in param.walk_list.iter_mut().zip(codes) {
            let kind = Kind::all().find(|k| k.def().codes[0] == *code).unwrap();
            *slot = kind.index() as u8 + 1;
        }
        let mut r = Rules::orthodox().with_param(Condition::ChameleonSequence, param);
        super::super::put_carried_in_force(&mut r, &pos);
        r.repertoire = crate::rules::Repertoire::for_rules(&pos, &r);
        super::super::testing::moves_of(&r, &pos)
    }

    #[test]
    fn chameleon_sequence_gives_the_chameleons_their_walks() {
        // R B R: the rook becomes a bishop, the knight stays; a pawn may
        // promote into a chameleon rook or bishop only.
        let got = with_sequence(&["R", "B", "R"], "wKe1 wPb7 wRh1 wSd3 bKa5", &["h1", "d3"]);
        let want = super::super::testing::sorted(
            "0-0 Ke1-f2 Ke1-d2 Ke1-d1 Ke1-e2 Ke1-f1 cRh1-f1=cB cRh1-g1=cB cRh1-h8=cB \
             cRh1-h7=cB cRh1-h6=cB cRh1-h5=cB cRh1-h4=cB cRh1-h3=cB cRh1-h2=cB cSd3-b2 \
             cSd3-c1 cSd3-f2 cSd3-f4 cSd3-e5 cSd3-c5 cSd3-b4 b7-b8=Q b7-b8=S b7-b8=R \
             b7-b8=R=c b7-b8=B b7-b8=B=c",
        );
        assert_eq!(got, want);
    }

    #[test]
    fn a_list_not_closed_is_closed_from_its_last_walk() {
        let mut param = crate::rules::Param::default();
        for (slot, kind) in param.walk_list.iter_mut().zip([
            crate::board::Kind::QUEEN,
            crate::board::Kind::ROOK,
            crate::board::Kind::BISHOP,
        ]) {
            *slot = kind.index() as u8 + 1;
        }
        let seq = param.sequence();
        use crate::board::Kind;
        for (from, to) in [
            (Kind::QUEEN, Kind::ROOK),
            (Kind::BISHOP, Kind::QUEEN),
            (Kind::KNIGHT, Kind::KNIGHT),
        ] {
            assert_eq!(seq.next(from), to);
            assert_eq!(param.next_in_sequence(from), to);
        }
    }

    #[test]
    fn line_chameleon_chess_the_file_decides() {
        let m = moves(
            &Rules::orthodox().with(Condition::LineChameleonChess),
            PIECES,
            Color::White,
        );
        for want in [
            "Sb1-d2=Q",
            "Sb1-c3=B",
            "Sb1-a3=R",
            "Rh1-g1=S",
            "Rh1*h7",
            "Qd4-e3",
            "e7*f8=Q=B",
            "e7*f8=B",
        ] {
            assert!(m.contains(&want.to_string()), "{want}: {m:?}");
        }
    }

    /// The rules `base` with rebirth square `square`, and the position
    /// of `pieces` with a chameleon unit `unit` on `on`, White to play.
    fn with_chameleon(
        base: crate::rules::Base,
        square: crate::rules::RebirthSquare,
        pieces: &str,
        on: &str,
        unit: crate::board::Piece,
    ) -> (Rules, crate::board::Position) {
        use crate::board::{Attrs, Position, Square};
        let mut pos = Position::from_piece_list(pieces).unwrap();
        pos.put(Square::parse(on).unwrap(), unit.with(Attrs::CHAMELEON));
        pos.turn = Color::White;
        let mut circe = crate::rules::CirceRules::of(base);
        circe.square = square;
        // A pawn reborn on its last rank promotes in these forms (the
        // readers set it with the form).
        circe.promotion = true;
        let mut r = Rules::with_circe(circe);
        super::super::put_carried_in_force(&mut r, &pos);
        r.repertoire = crate::rules::Repertoire::for_rules(&pos, &r);
        (r, pos)
    }

    #[test]
    fn a_pawn_reborn_on_its_last_rank_may_promote_into_a_chameleon() {
        // PWC: the pawn a6 taken by the bishop f1 is reborn on f1, Black's
        // last rank, and promotes; beside chameleon units each promotion
        // into a walk of the sequence is also one into a chameleon.
        use crate::board::{Kind, Piece};
        use crate::rules::{Base, RebirthSquare};
        let bishop = Piece::new(Color::White, Kind::BISHOP);
        let (r, pos) = with_chameleon(Base::Circe, RebirthSquare::Pwc, "bPa6", "f1", bishop);
        let got = super::super::testing::moves_of(&r, &pos);
        let captures: Vec<&String> = got.iter().filter(|m| m.contains('*')).collect();
        for kind in ["Q", "S", "R", "B"] {
            let plain = format!("cBf1*a6=cR[+bPf1={kind}]");
            let chameleon = format!("cBf1*a6=cR[+bPf1={kind}=c]");
            assert!(got.contains(&plain), "{plain}: {got:?}");
            assert!(got.contains(&chameleon), "{chameleon}: {got:?}");
        }
        assert_eq!(captures.len(), 8, "{captures:?}");
    }

    #[test]
    fn a_capturing_pawn_reborn_promoted_may_become_a_chameleon() {
        // AntiEquipollents: the pawn c6 takes the chameleon rook d7 and is
        // reborn a step further on, e8, promoting.
        use crate::board::{Kind, Piece};
        use crate::rules::{Base, RebirthSquare};
        let rook = Piece::new(Color::Black, Kind::ROOK);
        let (r, pos) = with_chameleon(
            Base::AntiCirce,
            RebirthSquare::Equipollents,
            "wPc6",
            "d7",
            rook,
        );
        let got = super::super::testing::moves_of(&r, &pos);
        for kind in ["Q", "S", "R", "B"] {
            let plain = format!("c6*d7[wPd7->e8={kind}]");
            let chameleon = format!("c6*d7[wPd7->e8={kind}=c]");
            assert!(got.contains(&plain), "{plain}: {got:?}");
            assert!(got.contains(&chameleon), "{chameleon}: {got:?}");
        }
    }

    #[test]
    fn an_anticirce_capturer_promoted_and_reborn_elsewhere_becomes_no_chameleon() {
        // The pawn g7 takes on f8 and promotes; reborn on its promoted
        // walk's square, it leaves f8, where Popeye would make the
        // chameleon: the promotions have no chameleon twin.
        use crate::board::{Attrs, Position, Square};
        use crate::rules::{Base, CirceRules};
        let mut pos = Position::from_piece_list(
            "wKd1 wPf5 wSe5 wPb4 wPg7 wSh5 bKg8 bBe8 bBf8 bBa5 bSb3 bRh6 wRa7",
        )
        .unwrap();
        let sq = Square::parse("a7").unwrap();
        let rook = pos.piece_at(sq).unwrap();
        pos.put(sq, rook.with(Attrs::CHAMELEON));
        pos.turn = Color::White;
        let mut r = Rules::with_circe(CirceRules::of(Base::AntiCirce));
        super::super::put_carried_in_force(&mut r, &pos);
        r.repertoire = crate::rules::Repertoire::for_rules(&pos, &r);
        let want = super::super::testing::sorted(
            "Kd1-e2 Kd1-c2 Kd1-e1 b4-b5 b4*a5[wPa5->a2] Se5-c4 Se5-d3 Se5-f3 Se5-g4 Se5-g6 \
             Se5-f7 Se5-d7 Se5-c6 f5-f6 Sh5-f4 Sh5-g3 Sh5-f6 cRa7-a6=cQ cRa7-a8=cQ cRa7-f7=cQ \
             cRa7-e7=cQ cRa7-d7=cQ cRa7-c7=cQ cRa7-b7=cQ g7*f8=S[wSf8->g1] g7*f8=R[wRf8->a1] \
             g7*f8=B[wBf8->c1]",
        );
        assert_eq!(super::super::testing::moves_of(&r, &pos), want);
    }
}
