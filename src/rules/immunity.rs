//! ImmunChess and GenevaChess: captures forbidden because a rebirth square
//! is occupied. Nothing is reborn; the rebirth square only decides whether
//! the capture may be made (docs/rules.md, "ImmunChess", "GenevaChess").

use super::{Base, Capture, Rules};

impl Rules {
    /// Whether ImmunChess and GenevaChess allow the capture, judged on the
    /// board right after the capture (the capturer on its arrival square,
    /// before any promotion or rebirth).
    #[inline]
    pub(super) fn capture_allowed(&self, c: &Capture) -> bool {
        if !self.capture_judged() {
            return true;
        }
        self.capture_allowed_by_families(c)
    }

    /// [`Rules::capture_allowed`] under ImmunChess or GenevaChess.
    #[inline(never)]
    fn capture_allowed_by_families(&self, c: &Capture) -> bool {
        // ImmunChess: a unit whose own rebirth square is occupied cannot
        // be captured (a capture on that square occupies it).
        if let Some(immun) = self.family(Base::ImmunChess) {
            if immun.takes_part(c.victim)
                && c.occupied
                    .contains(immun.unit_rebirth_square(c.victim, c.capture_square))
            {
                return false;
            }
        }
        // GenevaChess: a unit captures only if its rebirth square, found
        // from the square it leaves and its kind before promotion, is
        // empty and is not that square.
        if let Some(geneva) = self.family(Base::GenevaChess) {
            if geneva.takes_part(c.mover) {
                let r = geneva.unit_rebirth_square(c.mover, c.from);
                if r == c.from || c.occupied.contains(r) {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Position, Square};
    use crate::movegen::legal_moves;
    use crate::rules::{Base, CirceRules, Rules};

    fn captures(rules: &Rules, list: &str, from: &str) -> Vec<String> {
        let pos = Position::from_piece_list(list).unwrap();
        let from = Square::parse(from).unwrap();
        let mut moves = Vec::new();
        legal_moves(&pos, rules, &mut moves);
        let mut found: Vec<String> = moves
            .iter()
            .filter(|m| m.from == from && m.is_capture())
            .map(|m| format!("{}{}", m.to, m.promotion.map_or("", |_| "=")))
            .collect();
        found.sort();
        found.dedup();
        found
    }

    #[test]
    fn immun_chess_forbids_capturing_a_unit_whose_rebirth_square_is_occupied() {
        let r = Rules::with_circe(CirceRules::of(Base::ImmunChess));
        // The black rook on d4 (dark) would go to h8: held by its king.
        assert!(captures(&r, "wKa1 wQd1 bKh8 bRd4", "d1").is_empty());
        assert_eq!(
            captures(&Rules::orthodox(), "wKa1 wQd1 bKh8 bRd4", "d1"),
            ["d4"]
        );
        // The black knight on d5 (light) would go to g8: free, or held.
        assert_eq!(captures(&r, "wKa1 wQb3 bKh8 bSd5", "b3"), ["d5"]);
        assert!(captures(&r, "wKa1 wQb3 bKh8 bSd5 bBg8", "b3").is_empty());
    }

    #[test]
    fn immun_chess_a_capture_on_the_rebirth_square_is_impossible() {
        let r = Rules::with_circe(CirceRules::of(Base::ImmunChess));
        // The black queen on d8 stands on her own rebirth square.
        assert!(captures(&r, "wKa1 wRd1 bKh8 bQd8", "d1").is_empty());
        assert_eq!(
            captures(&Rules::orthodox(), "wKa1 wRd1 bKh8 bQd8", "d1"),
            ["d8"]
        );
    }

    #[test]
    fn geneva_chess_the_capturer_needs_its_own_rebirth_square_free() {
        let r = Rules::with_circe(CirceRules::of(Base::GenevaChess));
        // The rook on d4 (dark) needs a1, held by the white king.
        assert!(captures(&r, "wKa1 wRd4 bKh8 bPd5", "d4").is_empty());
        assert_eq!(captures(&r, "wKh1 wRd4 bKh8 bPd5", "d4"), ["d5"]);
        // Not from its rebirth square itself: the rook on a1 never captures.
        assert!(captures(&r, "wKh2 wRa1 bKh8 bPa5", "a1").is_empty());
        // A capture onto the rebirth square fills it.
        assert!(captures(&r, "wKh2 wRa3 bKh8 bSa1", "a3").is_empty());
    }

    #[test]
    fn geneva_chess_a_promoting_pawn_counts_as_a_pawn() {
        let r = Rules::with_circe(CirceRules::of(Base::GenevaChess));
        // c7xb8: the pawn's square c2 must be free; the queen's d1 does not matter.
        assert_eq!(captures(&r, "wKh2 wPc7 wSd1 bKh8 bRb8", "c7"), ["b8="]);
        assert!(captures(&r, "wKh2 wPc7 wBc2 bKh8 bRb8", "c7").is_empty());
    }
}
