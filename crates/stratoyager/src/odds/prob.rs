//! Probabilities as outcome counts: the core's exact toolkit and the counts of the
//! fast paths ([`orrery_core::prob::Tally`]), shared with every ruleset.

pub use orrery_core::prob::{Count, Prob, Tally, EXACT_DICE, U64_DICE};
