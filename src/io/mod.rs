//! Reading problems and writing solutions.

pub mod fen;
pub mod notation;
pub mod popeye_compare;
pub mod solution_output;
pub mod toml_input;
