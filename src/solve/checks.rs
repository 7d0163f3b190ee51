//! Which moves could give check, decided before they are played.
//!
//! The last move of a h#, a ser-# or a #1 must give check, and most moves
//! give none; playing each to find out is the bulk of the work at the
//! leaves. Under the rules this solver knows, a king in check is a king
//! attacked (check may ask more: a capture for good), so a move that leaves
//! a king unattacked before it attacked after it either attacks from its
//! arrival square or opens a line through its departure square. Captures,
//! promotions, castling and en passant change more than that and are always
//! played out. (Popeye's orthodox mating-move generator rests on the same
//! geometry.)

use crate::board::{attacks, Attrs, Bitboard, Kind, Position};
use crate::moves::{Motion, Move};
use crate::rules::Rules;

/// The squares from which the side to move could check the other king.
pub(crate) struct CheckFilter {
    /// Where a rook (or the queen's rook lines), bishop, knight, king or
    /// pawn of the side to move attacks the king from, as the board stands.
    rook_lines: Bitboard,
    bishop_lines: Bitboard,
    knight: Bitboard,
    king: Bitboard,
    pawn: Bitboard,
    /// Units of the side to move that stand alone between the king and one
    /// of their own line pieces: moving them may uncover check.
    uncoverers: Bitboard,
}

impl CheckFilter {
    /// The filter for the side to move in `pos`, or None when geometry
    /// cannot decide (then every move must be played): rules beyond the
    /// Circe forms, units of the side to move with a fairy walk (a hopper
    /// may check over a unit that just arrived), units with attributes
    /// other than kamikaze (neutral units check both kings, paralysis comes
    /// and goes), not exactly one king to check, or a king already attacked
    /// (under Anticirce or Rex Inclusive an attack need not be check, and a
    /// quiet move elsewhere can make it one, by filling or emptying a
    /// rebirth square).
    pub(crate) fn new(pos: &Position, rules: &Rules) -> Option<CheckFilter> {
        let us = pos.turn;
        let them = us.opponent();
        if !rules.check_implies_orthodox_attack()
            || (pos.fairy() & pos.by_color(us)).nonempty()
            || (pos.attributed() & !pos.with_attrs(Attrs::KAMIKAZE)).nonempty()
        {
            return None;
        }
        let kings = pos.pieces(them, Kind::KING);
        let king = kings.first()?;
        if kings.count() != 1 {
            return None;
        }
        let occ = pos.occupied();
        if pos.attackers(king, us, occ).nonempty() {
            return None;
        }
        let ours = pos.by_color(us);
        let rook_lines = attacks::rook(king, occ);
        let bishop_lines = attacks::bishop(king, occ);
        let queens = pos.pieces(us, Kind::QUEEN);
        let rook_sliders =
            (pos.pieces(us, Kind::ROOK) | queens) & attacks::rook(king, Bitboard::EMPTY);
        let bishop_sliders =
            (pos.pieces(us, Kind::BISHOP) | queens) & attacks::bishop(king, Bitboard::EMPTY);
        let mut uncoverers = Bitboard::EMPTY;
        for slider in rook_sliders | bishop_sliders {
            let between = attacks::between(king, slider) & occ;
            if between.count() == 1 {
                uncoverers |= between & ours;
            }
        }
        Some(CheckFilter {
            rook_lines,
            bishop_lines,
            knight: attacks::knight(king),
            king: attacks::king(king),
            pawn: attacks::pawn(them, king),
            uncoverers,
        })
    }

    /// Whether `mv` (pseudo-legal, of the side to move) could give check;
    /// false only when it surely gives none.
    #[inline]
    pub(crate) fn may_check(&self, mv: &Move) -> bool {
        let plain = matches!(mv.motion, Motion::Normal | Motion::DoubleStep)
            && !mv.is_capture()
            && mv.promotion.is_none()
            && mv.effects.is_empty();
        !plain || self.uncoverers.contains(mv.from) || self.reach(mv.piece.kind).contains(mv.to)
    }

    /// The squares from which a unit of `kind` attacks the king (every
    /// square for a kind this geometry does not know).
    #[inline]
    fn reach(&self, kind: Kind) -> Bitboard {
        match kind {
            Kind::KING => self.king,
            Kind::QUEEN => self.rook_lines | self.bishop_lines,
            Kind::ROOK => self.rook_lines,
            Kind::BISHOP => self.bishop_lines,
            Kind::KNIGHT => self.knight,
            Kind::PAWN => self.pawn,
            _ => !Bitboard::EMPTY,
        }
    }
}

/// Keeps in `moves` those that could give check (all of them when the
/// filter cannot decide).
pub(crate) fn retain_checking_candidates(pos: &Position, rules: &Rules, moves: &mut Vec<Move>) {
    if let Some(filter) = CheckFilter::new(pos, rules) {
        moves.retain(|mv| filter.may_check(mv));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::pseudo_legal_moves;
    use crate::rules::CirceRules;

    /// Every pseudo-legal move that the filter drops must give no check
    /// once played, on positions with every kind of check: direct,
    /// uncovered, by promotion, castling, en passant and rebirth.
    fn filter_is_sound(list: &str, rules: &Rules) -> usize {
        let mut pos = Position::from_piece_list(list).unwrap();
        let mut dropped = 0;
        for turn in crate::board::Color::ALL {
            pos.turn = turn;
            let mut moves = Vec::new();
            pseudo_legal_moves(&pos, rules, &mut moves);
            let Some(filter) = CheckFilter::new(&pos, rules) else {
                continue;
            };
            for mv in moves {
                let after = pos.play(&mv);
                if !filter.may_check(&mv) {
                    dropped += 1;
                    assert!(
                        !rules.in_check(&after, after.turn),
                        "{list}: {mv:?} checks but was dropped"
                    );
                }
            }
        }
        dropped
    }

    #[test]
    fn drops_only_moves_that_give_no_check() {
        let positions = [
            "wKe1 wQd1 wRa1 wRh1 wBc1 wBf1 wSb1 wSg1 wPe2 wPd4 bKe8 bPf7 bSb8",
            "wKe1 wkRa7 wkBb4 wkPg7 bKf6 bkSg8 bkPe5",
            "wKa1 wRa8 wBb2 wSe5 wPg7 wPc6 bKe6 bBe4 bRc4",
            "wKh1 wQh4 wRe2 wBb3 wSf5 wPd5 bKe7 bPd7 bPf6",
            "wKc3 wRc8 wBa2 wSd4 bKf7 bPg5 bPe6",
            "wKe1 wRh1 wRa1 bKf8 bRa8 bRh8 bPg2",
            "wKb1 wPe5 bKd6 bPd5 bPf5",
        ];
        let rules = [
            Rules::orthodox(),
            Rules::with_circe(CirceRules::CIRCE),
            Rules::with_circe(CirceRules::ANTICIRCE_CALVET),
            Rules::with_circe(CirceRules::CIRCE_REX_INCLUSIVE),
            Rules::with_circe(CirceRules::ANTICIRCE_CHEYLAN),
        ];
        let mut dropped = 0;
        for list in positions {
            for r in &rules {
                dropped += filter_is_sound(list, r);
            }
        }
        // The filter must also be worth having.
        assert!(dropped > 100, "only {dropped} moves dropped");
    }

    #[test]
    fn gives_up_when_the_king_is_already_attacked() {
        // Anticirce: the rook attacks the king, but its rebirth square a1
        // is taken, so this is no check; moving the bishop off a1 makes it
        // one without any line through the bishop.
        let rules = Rules::with_circe(CirceRules::ANTICIRCE_CALVET);
        let mut pos = Position::from_piece_list("wKc3 wRh5 wBa1 bKa5").unwrap();
        pos.turn = crate::board::Color::White;
        assert!(!rules.in_check(&pos, crate::board::Color::Black));
        assert!(CheckFilter::new(&pos, &rules).is_none());
        let mut after = pos;
        after.remove(crate::board::Square::parse("a1").unwrap());
        assert!(rules.in_check(&after, crate::board::Color::Black));
    }

    /// The same on the random positions of the shared corpus (both sides
    /// to move) under each supported form; skipped when it is absent.
    #[test]
    fn drops_only_moves_that_give_no_check_on_the_corpus() {
        let root =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/random/moves");
        let forms = [
            "circe",
            "anticirce",
            "anticirce-cheylan",
            "circe-rexinclusive",
            "kamikaze-circe",
        ];
        let mut positions = 0;
        for form in forms {
            let Ok(dir) = std::fs::read_dir(root.join(form)) else {
                continue;
            };
            for entry in dir.flatten() {
                let path = entry.path();
                if path.extension().is_none_or(|e| e != "inp") {
                    continue;
                }
                let Ok(problems) = crate::io::load_problems(&path) else {
                    continue;
                };
                for p in problems {
                    let mut pos = p.position;
                    for turn in crate::board::Color::ALL {
                        pos.turn = turn;
                        if p.rules.in_check(&pos, turn.opponent()) {
                            continue;
                        }
                        positions += 1;
                        let mut moves = Vec::new();
                        pseudo_legal_moves(&pos, &p.rules, &mut moves);
                        let Some(filter) = CheckFilter::new(&pos, &p.rules) else {
                            continue;
                        };
                        for mv in moves.iter().filter(|m| !filter.may_check(m)) {
                            let after = pos.play(mv);
                            assert!(
                                !p.rules.in_check(&after, after.turn),
                                "{}: {mv:?} checks but was dropped",
                                path.display()
                            );
                        }
                    }
                }
            }
        }
        eprintln!("{positions} corpus positions");
    }
}
