//! Duplicate matches.
