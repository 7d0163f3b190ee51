//! FootballChess: a unit that ends its move on the a or h file (the
//! touchlines) may be substituted: it goes on as it is or becomes one of
//! the walks of the bench, the list given with the condition. Each choice
//! is a move of its own, written as a promotion (`Rh1-h8=Q`); a pawn that
//! promotes there is substituted after its promotion (`b7*a8=Q=S`).
//!
//! - Royal units (the kings) are never substituted; nor is a castling.
//! - The choices come in Popeye's order of walks, the unit's own walk
//!   first when it is not on the bench (a pawn's `a2-a3` before
//!   `a2-a3=Q`).
//! - The substitution comes before the capturer's AntiCirce rebirth: the
//!   capturer is reborn as its new walk (`Bf6*a1=S[bSa1->b8]`).
//!
//! Popeye reads `Football` without a list and plays nothing of it (the
//! condition is not even written): refused here. Beside the conditions
//! that move a unit on after its move (Take&Make, Wormholes) it is refused
//! too, as is a hunter on the bench.

use super::{ConditionRule, Parameter, Walks};
use crate::board::{Attrs, Kind, Piece, Position};
use crate::moves::{Effect, Move, Shown};
use crate::rules::{Condition, Rules};

pub struct Football;

/// The substitutes of the bench, in Popeye's order of walks.
fn bench(rules: &Rules) -> impl Iterator<Item = Kind> + '_ {
    let listed = rules.param(Condition::Football).kinds;
    Kind::popeye_order().filter(move |k| listed.contains(*k))
}

impl ConditionRule for Football {
    const ARRIVING: bool = true;
    const ID: &'static str = "football";
    const PARAMETER: Parameter = Parameter::Walks;

    fn arrival_walks(rules: &Rules, _pos: &Position, mv: &Move) -> Option<Walks> {
        let file = mv.to.file();
        if (file != 0 && file != 7)
            || mv.is_castling_or_exchange()
            || mv.piece.kind == Kind::KING
            || mv.piece.attrs.contains(Attrs::ROYAL)
        {
            return None;
        }
        let mut walks = Walks::NONE;
        let own = mv.arriving_piece().kind;
        let listed = rules.param(Condition::Football).kinds;
        if !listed.contains(own) {
            walks.push(own);
        }
        for kind in bench(rules) {
            walks.push(kind);
        }
        Some(walks)
    }

    fn refusal(rules: &Rules) -> Option<String> {
        let param = rules.param(Condition::Football);
        if param.number == 1 {
            return Some("Football with a hunter on the bench is not supported".into());
        }
        if param.kinds.iter().next().is_none() {
            // Popeye reads no walk and plays nothing of the condition.
            return Some("Football without a list of walks is not played".into());
        }
        if param.kinds.iter().count() > 15 {
            return Some("Football with more than 15 walks on the bench is not supported".into());
        }
        if rules.conditions.second_motion() {
            return Some(
                "Football beside a condition that moves the unit on (Take&Make, Wormholes) \
                 is not supported"
                    .into(),
            );
        }
        None
    }
}

/// `mv` with its unit substituted by `kind` (see [`Football`]): as its
/// promotion, or, for a pawn promoting, a change written after the
/// promotion. `resolve` resolves the capture of the move given and adds
/// what it gives to `out`; the change is put in after, so that the capture
/// is resolved (an AntiCirce rebirth) with the walk the unit ends with.
pub(crate) fn substitute(
    mv: Move,
    kind: Kind,
    out: &mut Vec<Move>,
    resolve: impl FnOnce(&mut Vec<Move>, Move),
) {
    if mv.arriving_piece().kind == kind {
        return resolve(out, mv);
    }
    let promoted = match mv.promotion {
        Some(promoted) if mv.piece.kind.is_pawn() => promoted,
        _ => {
            return resolve(
                out,
                Move {
                    promotion: Some(kind),
                    ..mv
                },
            )
        }
    };
    let mark = out.len();
    resolve(
        out,
        Move {
            promotion: Some(kind),
            ..mv
        },
    );
    for m in &mut out[mark..] {
        m.promotion = Some(promoted);
        let at = m
            .effects
            .iter()
            .position(|e| {
                !matches!(
                    e,
                    Effect::Premove { .. } | Effect::Mark { .. } | Effect::LatentFirst { .. }
                )
            })
            .unwrap_or(m.effects.len());
        m.effects.insert(
            at,
            Effect::Changed {
                on: m.to,
                unit: Piece {
                    kind,
                    ..m.arriving_piece()
                },
                shown: Shown::Walk,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    //! Each list is Popeye 4.104's answer to the position (`~1`).
    use super::super::testing::{moves, sorted};
    use super::super::Param;
    use crate::board::{Color, Kind};
    use crate::rules::{Base, CirceRules, Condition, KindSet, Rules};

    fn bench(codes: &[&str]) -> Param {
        let mut kinds = KindSet::default();
        for code in codes {
            kinds.insert(Kind::all().find(|k| k.def().codes[0] == *code).unwrap());
        }
        Param {
            kinds,
            ..Default::default()
        }
    }

    fn football(codes: &[&str]) -> Rules {
        Rules::orthodox().with_param(Condition::Football, bench(codes))
    }

    fn football_with(base: Base, codes: &[&str]) -> Rules {
        Rules::with_circe(CirceRules::of(base)).with_param(Condition::Football, bench(codes))
    }

    #[test]
    fn a_unit_arriving_on_a_touchline_may_be_substituted() {
        let r = football(&["Q", "S", "R", "B", "N"]);
        let got = moves(&r, "wKe1 wRh1 wPa2 wSa4 bKe8", Color::White);
        for want in [
            "Rh1-h8=Q", "Rh1-h8=S", "Rh1-h8", "Rh1-h8=B", "Rh1-h8=N", "a2-a3", "a2-a3=Q",
            "a2-a3=N", "Sa4-b2", "0-0",
        ] {
            assert!(got.contains(&want.to_string()), "{want} missing: {got:?}");
        }
        // The king and the castling rook are never substituted; a unit
        // leaving the touchline is not.
        for not in ["Ke1-f1=Q", "0-0=Q", "Sa4-b2=Q", "Rh1-g1=Q"] {
            assert!(!got.contains(&not.to_string()), "{not} given");
        }
    }

    #[test]
    fn a_pawn_promoting_on_a_touchline_is_substituted_after_its_promotion() {
        let r = football(&["Q", "R"]);
        let got = moves(&r, "wKe1 wPb7 bKe8 bRa8", Color::White);
        for want in ["b7*a8=Q", "b7*a8=Q=R", "b7*a8=S=Q", "b7*a8=S", "b7*a8=S=R"] {
            assert!(got.contains(&want.to_string()), "{want} missing: {got:?}");
        }
    }

    #[test]
    fn circe_rebirths_follow_the_substitution() {
        let r = football_with(Base::Circe, &["Q", "R"]);
        let got = moves(&r, "wKe1 wRh1 wBc3 bKe8 bPh5 bSa5 bBf6", Color::White);
        for want in [
            "Rh1*h5=Q[+bPh7]",
            "Rh1*h5[+bPh7]",
            "Bc3*a5[+bSb8]",
            "Bc3*a5=Q[+bSb8]",
            "Bc3*a5=R[+bSb8]",
        ] {
            assert!(got.contains(&want.to_string()), "{want} missing: {got:?}");
        }
    }

    #[test]
    fn an_anticirce_capturer_is_reborn_as_its_substitute() {
        let r = football_with(Base::AntiCirce, &["Q", "R"]);
        let got = moves(&r, "wKe1 wRh1 wBc3 bKe8 bPh5 bSa5 bBf6", Color::White);
        assert_eq!(
            got.iter()
                .filter(|m| m.contains('*'))
                .cloned()
                .collect::<Vec<_>>(),
            sorted(
                "Rh1*h5=Q[wQh5->d1] Rh1*h5[wRh5->h1] Bc3*f6[wBf6->c1] Bc3*a5[wBa5->c1] \
                 Bc3*a5=Q[wQa5->d1] Bc3*a5=R[wRa5->a1]"
            )
        );
    }
}
