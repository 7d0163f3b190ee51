//! Squares, bitboards, attack tables and the position.

pub mod allowance;
pub mod attacks;
pub mod bitboard;
pub mod history;
pub mod position;
pub mod types;
pub mod waiting;
pub mod walks;
pub mod zobrist;

pub use allowance::Allowance;
pub use bitboard::Bitboard;
pub use history::{History, LastMove};
pub use position::Position;
pub use types::{Attrs, Color, Kind, Piece, Square};
pub use waiting::{Pending, Waiting, MAX_BURIED};
