//! Reading problems and writing solutions.

pub mod fen;
pub mod language;
pub mod notation;
pub mod popeye_compare;
pub mod popeye_output;
pub mod solution_output;
pub mod toml_input;
