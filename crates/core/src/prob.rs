//! Exact probabilities for the rulesets' odds: dice outcomes are counted, in `u128`
//! while the counts fit (exact fractions), else in `f64` (an exact convolution up to
//! rounding). Nothing is sampled.

use serde::{Serialize, Serializer};
use std::ops::{Add, Mul, Sub};

mod tally;
pub use tally::{gcd128, gcd64, reduce64, Tally, U64_DICE};

/// Largest number of d6 whose 6^k outcomes are counted exactly in `u128`
/// (6^48 < 2^125).
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
    pub const ZERO: Prob = Prob {
        p: 0.0,
        exact: Some((0, 1)),
    };

    /// "p%" and, if exact, "num/den".
    pub fn describe(&self) -> String {
        match self.exact {
            Some((n, d)) => format!("{:>9.4}%  {n}/{d}", 100.0 * self.p),
            None => format!("{:>9.4}%", 100.0 * self.p),
        }
    }

    /// The sum of two probabilities of disjoint events (exact when both are and it
    /// fits).
    pub fn plus(self, b: Prob) -> Prob {
        let exact = match (self.exact, b.exact) {
            (Some((an, ad)), Some((bn, bd))) => an
                .checked_mul(bd)
                .zip(bn.checked_mul(ad))
                .and_then(|(x, y)| x.checked_add(y))
                .zip(ad.checked_mul(bd))
                .map(|(n, d)| {
                    let g = gcd(n, d).max(1);
                    (n / g, d / g)
                }),
            _ => None,
        };
        Prob {
            p: self.p + b.p,
            exact,
        }
    }
}

impl Serialize for Prob {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.p)
    }
}

/// An odds table as `orrery odds` prints it: `title`, then one row per result with
/// its label, percentage and exact fraction ([`Prob::describe`]).
pub fn odds_table(title: &str, rows: impl IntoIterator<Item = (String, Prob)>) -> String {
    let mut s = format!("{title}\n");
    for (label, p) in rows {
        s += &format!("  {label:<22}{}\n", p.describe());
    }
    s
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Outcome counts: `u128` (exact) or `f64`.
pub trait Count:
    Copy + Default + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + From<u8>
{
    /// `self / total` as a probability.
    fn prob(self, total: Self) -> Prob;
    /// A `u128` count in this type.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_reduce_and_add() {
        let a = 2u128.prob(6);
        assert_eq!(a.exact, Some((1, 3)));
        let b = 1u128.prob(6);
        assert_eq!(a.plus(b).exact, Some((1, 2)));
        assert_eq!(pow6::<u128>(3), 216);
        assert!(a.plus(2.0f64.prob(6.0)).exact.is_none());
    }
}
