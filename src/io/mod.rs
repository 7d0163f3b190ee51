//! Reading problems and writing solutions.
