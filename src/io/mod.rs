//! Reading problems and writing solutions.
pub mod popeye_input;
