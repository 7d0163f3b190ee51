//! Reading problems and writing solutions.

pub mod language;
pub mod popeye_output;
