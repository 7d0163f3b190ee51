//! ImmunChess and GenevaChess: captures forbidden because a rebirth square
//! is occupied. Nothing is reborn; the rebirth square only decides whether
//! the capture may be made (docs/rules.md, "ImmunChess", "GenevaChess").

use super::rebirth::RebirthContext;
use super::{Base, Capture, CirceRules, RebirthSquare, Rules, SquareAdapter};
use crate::board::{Piece, Square};

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
                && match rebirth_square(immun, c, c.victim, c.capture_square, c.capture_square) {
                    Some(r) => c.occupied.contains(r),
                    // Off the board (Equipollents): Popeye's squares
                    // beyond the edge are never empty.
                    None => immun.square == RebirthSquare::Equipollents,
                }
            {
                return false;
            }
        }
        // GenevaChess: a unit captures only if its rebirth square, found
        // from the square it leaves and its kind before promotion, is
        // empty and is not that square.
        if let Some(geneva) = self.family(Base::GenevaChess) {
            if geneva.takes_part(c.mover) {
                // The square-colour forms read the square the capturer
                // leaves; the forms that read a square's place (File,
                // Symmetry, Antipodes) read the square of the capture, as
                // Popeye does.
                let on = if reads_the_place(geneva.square) {
                    c.capture_square
                } else {
                    c.from
                };
                match rebirth_square(geneva, c, c.mover, on, c.from) {
                    Some(r) if r != c.from && !c.occupied.contains(r) => {}
                    _ => return false,
                }
            }
        }
        true
    }
}

/// Whether the rebirth square of `square` is found from the place of a
/// square on the board rather than from its colour and the unit's walk.
fn reads_the_place(square: RebirthSquare) -> bool {
    matches!(
        square,
        RebirthSquare::File
            | RebirthSquare::Symmetry
            | RebirthSquare::VerticalSymmetry
            | RebirthSquare::HorizontalSymmetry
            | RebirthSquare::Antipodes
    )
}

/// The square `unit`, read on `on`, would be reborn on under `form` in
/// the capture `c` (the form's own square: File, Symmetry, Rank...), the
/// unit standing on `stands` in the diagram's reckoning (Diagram Circe);
/// None where the form gives none (Diagram Circe without the unit's
/// diagram square).
#[inline]
fn rebirth_square(
    form: &CirceRules,
    c: &Capture,
    unit: Piece,
    on: Square,
    stands: Square,
) -> Option<Square> {
    if form.square == RebirthSquare::Classic && form.adapter == SquareAdapter::None {
        return Some(form.unit_rebirth_square(unit, on));
    }
    let ctx = RebirthContext {
        unit,
        on,
        home: unit.color,
        departure: c.from,
        vector: (
            c.to.file() as i8 - c.from.file() as i8,
            c.to.rank() as i8 - c.from.rank() as i8,
        ),
        diagram: c.pos.diagram_square(stands),
    };
    form.rebirth_square(&ctx)
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

    fn form(base: Base, square: crate::rules::RebirthSquare) -> Rules {
        Rules::with_circe(CirceRules {
            square,
            ..CirceRules::of(base)
        })
    }

    #[test]
    fn immun_chess_reads_the_forms_own_rebirth_square() {
        // Rank: the knight d2 would go to b8, on the capture rank b2: free,
        // so it may be taken (b8 is held); the pawn b4 would go to b7, on
        // the capture rank b4 itself: taken there, it is immune.
        let rank = Rules::with_circe(CirceRules {
            adapter: crate::rules::SquareAdapter::RankProjection,
            side: crate::rules::SideOverride::Rank,
            ..CirceRules::of(Base::ImmunChess)
        });
        assert!(rank.family(Base::ImmunChess).unwrap().is_supported());
        let list = "wKh3 wRd4 bKh8 bSd2 bPb4 bSb8";
        assert_eq!(captures(&rank, list, "d4"), ["d2"]);
        // Classic: the other way round (b8 held, b7 free).
        let classic = Rules::with_circe(CirceRules::of(Base::ImmunChess));
        assert_eq!(captures(&classic, list, "d4"), ["b4"]);
    }

    #[test]
    fn immun_equipollents_reads_the_capture_vector() {
        use crate::rules::RebirthSquare;
        let r = form(Base::ImmunChess, RebirthSquare::Equipollents);
        assert!(r.family(Base::ImmunChess).unwrap().is_supported());
        // Rd1xd4 sends the knight three ranks on, to d7: free, or held.
        assert_eq!(captures(&r, "wKa1 wRd1 bKh8 bSd4", "d1"), ["d4"]);
        assert!(captures(&r, "wKa1 wRd1 bKh8 bSd4 bBd7", "d1").is_empty());
        // Rd4xd6 sends it to d8; Rd3xd6 off the board, where Popeye's
        // squares are never empty: immune.
        assert_eq!(captures(&r, "wKa1 wRd4 bKh8 bSd6", "d4"), ["d6"]);
        assert!(captures(&r, "wKa1 wRd3 bKh8 bSd6", "d3").is_empty());
    }

    #[test]
    fn geneva_chess_place_forms_read_the_capture_square() {
        // File: the knight f1 taking e3 needs e1 free, not its own f1.
        use crate::rules::RebirthSquare;
        let file = form(Base::GenevaChess, RebirthSquare::File);
        assert!(file.family(Base::GenevaChess).unwrap().is_supported());
        assert_eq!(captures(&file, "wKa4 wSf1 bKh8 bRe3", "f1"), ["e3"]);
        assert!(captures(&file, "wKa4 wSf1 wPe1 bKh8 bRe3", "f1").is_empty());
        // Super, Cage and Equipollents are not played.
        for square in [
            RebirthSquare::Super,
            RebirthSquare::Cage,
            RebirthSquare::Equipollents,
        ] {
            assert!(!form(Base::GenevaChess, square)
                .family(Base::GenevaChess)
                .unwrap()
                .is_supported());
        }
    }
}
