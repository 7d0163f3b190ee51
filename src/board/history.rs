//! What the conditions that read the previous move keep of it
//! (DuellistChess, FollowMyLeader, the Synchron and AntiSynchron movers,
//! FuddledMen): kept in the position, and hashed, only when such a
//! condition is in force, so other problems pay one test of a flag per
//! move.

use super::{Bitboard, Square};

/// The previous half-move, as those conditions read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LastMove {
    /// The square the moving unit stood on before the move (before a Mars
    /// premove to its rebirth square too).
    pub departure: Square,
    /// The square its movement started from (after a Mars premove: the
    /// rebirth square; elsewhere the departure).
    pub moved_from: Square,
    /// The square its movement ended on (a rebirth after it aside).
    pub arrival: Square,
    /// The side that played it.
    pub side: super::Color,
    /// Whether it captured (AllInChess takes back only a non-capture).
    pub captured: bool,
    /// The walk the moving unit had as it moved (a pawn that promotes
    /// moved as a pawn): DisparateChess's.
    pub walk: crate::pieces::Kind,
}

/// The history a position carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct History {
    /// Whether it is kept up to date as moves are played.
    pub tracked: bool,
    /// The half-move that led here: none in the diagram and after a null
    /// move.
    pub last: Option<LastMove>,
    /// Each side's duellist: where the unit it moved last stands (followed
    /// through the rebirths of its move), by colour index.
    pub duellists: [Option<Square>; 2],
    /// FuddledMen: by colour index, where the units each side moved on its
    /// last move stand (the mover followed through its rebirth, a castling
    /// rook, an exchange's partner of the mover's side).
    pub moved: [Bitboard; 2],
    /// StrictSAT: whether the sides' kings are watched for attack
    /// (`watch_attacks`), and, by colour index, whether each side's king
    /// stood attacked (orthodox attack) in some position before this one
    /// in the play.
    pub watch_attacks: bool,
    pub attacked_before: [bool; 2],
    /// PADChess: whether it is in force (bit 0), Strict (bit 1) and
    /// RexInclusive (bit 2), and the squares of the units that have
    /// captured once (followed as they move and are reborn).
    pub pad: u8,
    pub captured_once: Bitboard,
    /// RoyalDynasty: whether a side whose kings are not exactly one loses
    /// its king's castling right for good, as moves are played.
    pub counts_kings: bool,
}

impl History {
    /// Nothing kept.
    pub const NONE: History = History {
        tracked: false,
        last: None,
        duellists: [None; 2],
        moved: [Bitboard::EMPTY; 2],
        watch_attacks: false,
        attacked_before: [false; 2],
        pad: 0,
        captured_once: Bitboard::EMPTY,
        counts_kings: false,
    };

    /// A key for the Zobrist hash (0 when nothing is tracked).
    pub fn key(&self) -> u64 {
        if !self.tracked {
            return 0;
        }
        let sq = |s: Option<Square>| s.map_or(0xff, |s| u64::from(s.0));
        let last = self.last.map_or(0xff_ffff, |l| {
            u64::from(l.departure.0) | u64::from(l.moved_from.0) << 8 | u64::from(l.arrival.0) << 16
        });
        // The side and walk of the last move, folded in apart.
        let walk = self.last.map_or(0, |l| {
            ((l.walk.index() as u64) << 2 | u64::from(l.captured) << 1 | l.side.index() as u64)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        });
        let attacked = u64::from(self.attacked_before[0]) | u64::from(self.attacked_before[1]) << 1;
        (0x415c << 48
            | attacked << 40
            | last << 16
            | sq(self.duellists[0]) << 8
            | sq(self.duellists[1]))
            ^ walk
            ^ self.captured_once.0.wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
            ^ self.moved[0]
                .0
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .rotate_left(17)
            ^ self.moved[1]
                .0
                .wrapping_mul(0xff51_afd7_ed55_8ccd)
                .rotate_left(41)
    }
}
