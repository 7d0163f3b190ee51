//! What a capture does under the rules in force.
