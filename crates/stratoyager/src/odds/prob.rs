//! Probabilities as outcome counts: the core's exact toolkit.

pub use orrery_core::prob::{pow6, Count, Prob, EXACT_DICE};

/// A `u128` count in `T`.
pub fn from_u128<T: Count>(v: u128) -> T {
    T::of_u128(v)
}
