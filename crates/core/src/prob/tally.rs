//! Outcome counts for the exact-odds fast paths of every ruleset: `u64` while 6^k
//! fits (k ≤ 24), `u128` up to [`super::EXACT_DICE`], `f64` beyond. Each turns a count out of
//! a total into the very [`Prob`] that [`super::Count::prob`] gives (same `f64` bits, same
//! reduced fraction), only without `u128` divisions in the reduction (issue 26).

use super::Prob;
use std::ops::{Add, Mul, Sub};

/// Largest number of d6 whose 6^k outcomes fit in `u64` (6^24 < 2^63).
pub const U64_DICE: u32 = 24;

/// A count of outcomes.
pub trait Tally:
    Copy + Default + PartialEq + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + From<u8>
{
    /// `self / total` as a probability, exactly as [`super::Count::prob`].
    fn ratio(self, total: Self) -> Prob;
    /// Whether counts are exact integers (`u64`, `u128`), not rounded (`f64`).
    const EXACT: bool;
    /// 6^k.
    fn pow6(k: u32) -> Self;
    /// `base^e`.
    fn power(base: u8, e: u32) -> Self;
    /// A `u128` count that fits.
    fn of_u128(v: u128) -> Self;
}

/// Binary GCD (Stein): shifts and subtractions only.
macro_rules! stein {
    ($name:ident, $t:ty) => {
        pub fn $name(mut a: $t, mut b: $t) -> $t {
            if a == 0 {
                return b;
            }
            if b == 0 {
                return a;
            }
            let shift = (a | b).trailing_zeros();
            a >>= a.trailing_zeros();
            loop {
                b >>= b.trailing_zeros();
                if a > b {
                    std::mem::swap(&mut a, &mut b);
                }
                b -= a;
                if b == 0 {
                    return a << shift;
                }
            }
        }
    };
}
stein!(gcd64, u64);
stein!(gcd128, u128);

/// `n / d` in lowest terms, for `d` a power of 6 (every total here is 6^k): the
/// common factor is 2^a · 3^b, so a shift and a few divisions by the constant 3
/// (multiplications), no general division. The tests compare every fraction with
/// the core's GCD reduction.
pub fn reduce64(n: u64, d: u64) -> (u64, u64) {
    if n == 0 {
        return (0, 1);
    }
    let a = n.trailing_zeros().min(d.trailing_zeros());
    let (mut n, mut d) = (n >> a, d >> a);
    while n % 3 == 0 && d % 3 == 0 {
        n /= 3;
        d /= 3;
    }
    debug_assert_eq!(gcd64(n, d), 1, "{n}/{d}: the total is not a power of 6");
    (n, d)
}

impl Tally for u64 {
    fn ratio(self, total: u64) -> Prob {
        let (n, d) = reduce64(self, total);
        Prob {
            // An integer converts to the same nearest f64 from u64 as from u128.
            p: self as f64 / total as f64,
            exact: Some((u128::from(n), u128::from(d))),
        }
    }
    const EXACT: bool = true;
    fn pow6(k: u32) -> u64 {
        6u64.pow(k)
    }
    fn power(base: u8, e: u32) -> u64 {
        u64::from(base).pow(e)
    }
    fn of_u128(v: u128) -> u64 {
        v as u64
    }
}

impl Tally for u128 {
    fn ratio(self, total: u128) -> Prob {
        let g = gcd128(self, total).max(1);
        Prob {
            p: self as f64 / total as f64,
            exact: Some((self / g, total / g)),
        }
    }
    const EXACT: bool = true;
    fn pow6(k: u32) -> u128 {
        6u128.pow(k)
    }
    fn power(base: u8, e: u32) -> u128 {
        u128::from(base).pow(e)
    }
    fn of_u128(v: u128) -> u128 {
        v
    }
}

impl Tally for f64 {
    fn ratio(self, total: f64) -> Prob {
        Prob {
            p: self / total,
            exact: None,
        }
    }
    const EXACT: bool = false;
    /// The same product, in the same order, as [`super::pow6`].
    fn pow6(k: u32) -> f64 {
        (0..k).fold(1.0, |acc, _| acc * 6.0)
    }
    fn power(base: u8, e: u32) -> f64 {
        (0..e).fold(1.0, |acc, _| acc * f64::from(base))
    }
    fn of_u128(v: u128) -> f64 {
        v as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prob::{pow6, Count};

    #[test]
    fn ratios_are_the_cores() {
        for k in [0, 1, 2, 5, 24] {
            let all = 6u64.pow(k);
            for n in [
                0,
                1,
                2,
                3,
                5,
                6,
                7,
                12,
                35,
                36,
                all / 2,
                all / 3,
                all - 1,
                all,
            ] {
                let (a, b) = (n.ratio(all), u128::from(n).prob(u128::from(all)));
                assert_eq!(
                    (a.p.to_bits(), a.exact),
                    (b.p.to_bits(), b.exact),
                    "{n}/{all}"
                );
            }
        }
        for k in [25, 40, 48] {
            let all = 6u128.pow(k);
            for n in [0, 1, 6, 1 << 70, all / 3 + 5, all / 6, all - 1, all] {
                let (a, b) = (n.ratio(all), n.prob(all));
                assert_eq!(
                    (a.p.to_bits(), a.exact),
                    (b.p.to_bits(), b.exact),
                    "{n}/{all}"
                );
            }
        }
        for k in [0, 1, 48, 49, 255, 256] {
            assert_eq!(<f64 as Tally>::pow6(k).to_bits(), pow6::<f64>(k).to_bits());
        }
    }
}
