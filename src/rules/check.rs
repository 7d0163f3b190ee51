//! Check as the rules define it.
