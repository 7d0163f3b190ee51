//! Reading problems and writing solutions.

pub mod fen;
pub mod toml_input;
