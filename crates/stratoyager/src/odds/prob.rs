//! Probabilities as outcome counts: `u128` (exact fractions) or `f64`.

use serde::{Serialize, Serializer};
use std::ops::{Add, Mul, Sub};

/// Largest 6-exponent counted exactly in `u128` (6^48 < 2^125).
pub const EXACT_DICE: u32 = 48;

/// A probability, with its exact fraction when the counts fitted in `u128`.
/// Serializes as the plain number.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prob {
    pub p: f64,
    /// (numerator, denominator), reduced.
    pub exact: Option<(u128, u128)>,
}

impl Prob {
    /// "p%" and, if exact, "num/den".
    pub fn describe(&self) -> String {
        match self.exact {
            Some((n, d)) => format!("{:>9.4}%  {n}/{d}", 100.0 * self.p),
            None => format!("{:>9.4}%", 100.0 * self.p),
        }
    }
}

impl Serialize for Prob {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.p)
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Outcome counts.
pub trait Count:
    Copy + Default + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + From<u8>
{
    /// `self / total` as a probability.
    fn prob(self, total: Self) -> Prob;
    fn of_u128(v: u128) -> Self;
}

impl Count for u128 {
    fn prob(self, total: u128) -> Prob {
        let g = gcd(self, total).max(1);
        Prob {
            p: self as f64 / total as f64,
            exact: Some((self / g, total / g)),
        }
    }
    fn of_u128(v: u128) -> Self {
        v
    }
}

impl Count for f64 {
    fn prob(self, total: f64) -> Prob {
        Prob {
            p: self / total,
            exact: None,
        }
    }
    fn of_u128(v: u128) -> Self {
        v as f64
    }
}

/// `6^k` in `T`.
pub fn pow6<T: Count>(k: u32) -> T {
    (0..k).fold(T::from(1), |acc, _| acc * T::from(6))
}

/// A `u128` count in `T`.
pub fn from_u128<T: Count>(v: u128) -> T {
    T::of_u128(v)
}
