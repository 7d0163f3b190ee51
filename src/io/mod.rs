//! Reading problems and writing solutions.

pub mod notation;
