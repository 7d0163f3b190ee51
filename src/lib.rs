//! `circe`: a fairy-chess problem solver for the Circe family of conditions.
//!
//! Everything the command-line tool does is available here: the board and
//! its move generator ([`board`], [`movegen`]), the Circe rules as data
//! ([`rules`]), the problem readers and writers ([`io`]) and the solver.

pub mod audit;
pub mod batch;
pub mod bench;
pub mod board;
pub mod check;
pub mod io;
pub mod legality;
pub mod make;
pub mod movegen;
pub mod moves;
pub mod output;
pub mod pieces;
pub mod problem;
pub mod rules;
pub mod solve;
pub mod stipulation;
#[cfg(test)]
mod test_rng;
pub mod twin;
pub mod vocabulary;
