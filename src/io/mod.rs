//! Reading problems and writing solutions.

pub mod notation;
pub mod popeye_compare;
pub mod solution_output;
