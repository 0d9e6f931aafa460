//! Exact odds of barrages (LF-11) and dogfights (LF-12): every die outcome is counted,
//! nothing is sampled. Counts are kept in `u128` (exact fractions) while 6^k fits,
//! else in `f64` (an exact convolution up to rounding).
//!
//! LF-11: "All dice showing 1 = automatic miss. Otherwise sum − modifiers (−1 if the
//! target is not adjacent to the attacker and is adjacent to a moon/planetoid; −1 if
//! the target is in an asteroid hex; the total may not drop below 1) is compared with
//! defence: ≤ defence miss, > defence hit, > 2 × defence direct hit. Ship defence =
//! current Defense stat. Squadron defence = 1D6 rolled by the defender for each
//! barrage (and each dogfight)."
//!
//! LF-12: "both roll 1D6 (each −1, minimum 1, if its opponent is in an asteroid hex).
//! Equal: no result. Otherwise the higher roller is the winner and the lower roll is
//! the loser's defence: winner's roll > 2 × loser's roll is a direct hit, else a hit —
//! even when the defender wins."
//!
//! [`crate::LaunchFighters`]'s `Odds::action_odds` (in `odds/game.rs`) applies these to
//! the real state; `odds/calc.rs` offers them as stand-alone calculators.

pub mod calc;
mod game;

#[cfg(test)]
mod reference;
mod text;

pub use orrery_core::prob::{pow6, Count, Prob, EXACT_DICE};
use orrery_core::prob::{Tally, U64_DICE};
use serde::Serialize;
use std::ops::{Add, Mul};

/// Ways for `n` d6 to sum to each total up to `cap` (indexed by the sum), and the
/// ways to sum above `cap`. Only sums near the defence matter, so the convolution is
/// cut there: everything above is a direct hit.
pub fn sum_counts<T: Count>(n: u32, cap: usize) -> (Vec<T>, T) {
    let mut ways = vec![T::default(); sums_len(n, cap)];
    let (len, above) = sum_counts_in(n, cap, &mut ways);
    ways.truncate(len);
    (ways, above)
}

/// The length [`sum_counts_in`] needs: sums 0 ..= min(6n, cap).
fn sums_len(n: u32, cap: usize) -> usize {
    (6 * n as usize).min(cap) + 1
}

/// [`sum_counts`] in place: `ways` (zeros, at least [`sums_len`] long) gets the
/// counts, the result is their length and the count above `cap`. Every `f64` sum
/// is added in the order of the first, plain convolution (for each total, dice sums
/// in ascending order, starting from 0; the spill in ascending sum then face), so
/// large pools round exactly as before; exact zeros (sums below the number of
/// dice rolled) are skipped, which changes nothing.
fn sum_counts_in<T>(n: u32, cap: usize, ways: &mut [T]) -> (usize, T)
where
    T: Copy + Default + Add<Output = T> + Mul<Output = T> + From<u8>,
{
    ways[0] = T::from(1);
    let (mut lo, mut len) = (0usize, 1usize);
    let mut above = T::default();
    for _ in 0..n {
        let next = (len + 6).min(cap + 1);
        let mut spill = above * T::from(6);
        if lo < len {
            // Sums that spill over `cap`: s + f ≥ next, in ascending s, then f.
            let first = next.saturating_sub(6).max(lo);
            for (s, &w) in ways[..len].iter().enumerate().skip(first) {
                for _ in next - s..=6 {
                    spill = spill + w;
                }
            }
            // New counts, highest total first so each reads the old, lower ones.
            for t in (lo + 1..next).rev() {
                let mut x = T::default();
                for &w in &ways[t.saturating_sub(6).max(lo)..t.min(len)] {
                    x = x + w;
                }
                ways[t] = x;
            }
            ways[lo] = T::default();
            lo += 1;
        }
        len = next;
        above = spill;
    }
    (len, above)
}

/// The defence a barrage is rolled against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defense {
    /// A ship's current Defense stat.
    Ship(u8),
    /// A squadron: the defender rolls 1D6.
    Squadron,
}

/// The four results of a barrage (seed "7) Damage and Hits").
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BarrageOdds {
    pub auto_miss: Prob,
    pub miss: Prob,
    pub hit: Prob,
    pub direct_hit: Prob,
}

/// Grade a non-automatic-miss total (as `attack/fire.rs` does): `2` direct, `1` hit,
/// `0` miss.
fn grade(total: u32, defense: u32) -> usize {
    if total > 2 * defense {
        2
    } else if total > defense {
        1
    } else {
        0
    }
}

fn barrage_in<T: Tally>(dice: u8, modifier: i8, defense: Defense, ways: &mut [T]) -> BarrageOdds {
    let n = u32::from(dice);
    let defenses: &[u8] = match defense {
        Defense::Ship(ref d) => std::slice::from_ref(d),
        Defense::Squadron => &[1, 2, 3, 4, 5, 6],
    };
    // Sums above 2 × defence − modifier are direct hits whatever the defence.
    let max_def = defenses.iter().copied().max().unwrap_or(0);
    let cap = 2 * usize::from(max_def) + usize::from(modifier.unsigned_abs());
    let ways = &mut ways[..sums_len(n, cap)];
    let (len, above) = sum_counts_in::<T>(n, cap, ways);
    let mut auto = T::default();
    let mut graded = [T::default(); 3];
    for &d in defenses {
        graded[2] = graded[2] + above;
        // The only way to roll a sum of n with n dice is all 1s.
        if n as usize > cap {
            auto = auto + T::from(1);
            graded[2] = graded[2] - T::from(1);
        }
        for (sum, &w) in ways[..len].iter().enumerate().skip(n as usize) {
            if sum == n as usize {
                auto = auto + w;
                continue;
            }
            let total = (sum as i64 + i64::from(modifier)).max(1) as u32;
            let g = grade(total, u32::from(d));
            graded[g] = graded[g] + w;
        }
    }
    let k = n + u32::from(defense == Defense::Squadron);
    let all = T::pow6(k);
    BarrageOdds {
        auto_miss: auto.ratio(all),
        miss: graded[0].ratio(all),
        hit: graded[1].ratio(all),
        direct_hit: graded[2].ratio(all),
    }
}

/// Counts on the stack up to this many sums (a ship of Defense ≤ 31, any squadron),
/// else in one `Vec`.
const STACK_SUMS: usize = 64;

fn barrage_with<T: Tally>(dice: u8, modifier: i8, defense: Defense) -> BarrageOdds {
    let max_def = match defense {
        Defense::Ship(d) => d,
        Defense::Squadron => 6,
    };
    let cap = 2 * usize::from(max_def) + usize::from(modifier.unsigned_abs());
    let need = sums_len(u32::from(dice), cap);
    if need <= STACK_SUMS {
        barrage_in::<T>(dice, modifier, defense, &mut [T::default(); STACK_SUMS])
    } else {
        barrage_in::<T>(dice, modifier, defense, &mut vec![T::default(); need])
    }
}

/// A barrage of `dice` d6 with terrain `modifier` (0, −1 or −2) against `defense`.
/// With no dice everything is a miss (nothing is rolled).
pub fn barrage(dice: u8, modifier: i8, defense: Defense) -> BarrageOdds {
    if dice == 0 {
        let one = Prob {
            p: 1.0,
            exact: Some((1, 1)),
        };
        return BarrageOdds {
            auto_miss: Prob::ZERO,
            miss: one,
            hit: Prob::ZERO,
            direct_hit: Prob::ZERO,
        };
    }
    // The counts' largest total is 6^(dice + 1) (a squadron's die).
    let k = u32::from(dice) + 1;
    if k <= U64_DICE {
        barrage_with::<u64>(dice, modifier, defense)
    } else if u32::from(dice) < EXACT_DICE {
        barrage_with::<u128>(dice, modifier, defense)
    } else {
        barrage_with::<f64>(dice, modifier, defense)
    }
}

/// The terrain modifier of LF-11 from two facts about the target.
pub fn terrain_modifier(moon_shadow: bool, asteroid: bool) -> i8 {
    -i8::from(moon_shadow) - i8::from(asteroid)
}

/// The five results of a dogfight (LF-12), from the attacker's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DogfightOdds {
    pub no_result: Prob,
    pub attacker_hit: Prob,
    pub attacker_direct_hit: Prob,
    pub defender_hit: Prob,
    pub defender_direct_hit: Prob,
}

/// Counts out of 36 of the five results, for each penalty (a table built when
/// compiling: four cases, 36 rolls each).
const DOGFIGHT_COUNTS: [[u8; 5]; 4] = {
    let mut t = [[0u8; 5]; 4];
    let mut case = 0;
    while case < 4 {
        let (ap, dp) = ((case & 1) as u8, (case >> 1) as u8);
        let mut a0 = 1u8;
        while a0 <= 6 {
            let mut d0 = 1u8;
            while d0 <= 6 {
                let a = if a0 - ap < 1 { 1 } else { a0 - ap };
                let d = if d0 - dp < 1 { 1 } else { d0 - dp };
                let slot = if a == d {
                    0
                } else {
                    let (w, l, base) = if a > d { (a, d, 1) } else { (d, a, 3) };
                    base + (w > 2 * l) as usize
                };
                t[case][slot] += 1;
                d0 += 1;
            }
            a0 += 1;
        }
        case += 1;
    }
    t
};

/// `c / 36` as a probability, worked out when compiling (as `Count::prob` would).
const fn of_36(c: u8) -> Prob {
    let (mut n, mut d) = (c as u128, 36u128);
    if n == 0 {
        d = 1;
    }
    let mut f = 2;
    while f <= 3 {
        while n != 0 && n % f == 0 && d % f == 0 {
            n /= f;
            d /= f;
        }
        f += 1;
    }
    Prob {
        p: c as f64 / 36.0,
        exact: Some((n, d)),
    }
}

/// The dogfight odds for each penalty, worked out when compiling.
const DOGFIGHTS: [DogfightOdds; 4] = {
    let mut t = [DogfightOdds {
        no_result: Prob::ZERO,
        attacker_hit: Prob::ZERO,
        attacker_direct_hit: Prob::ZERO,
        defender_hit: Prob::ZERO,
        defender_direct_hit: Prob::ZERO,
    }; 4];
    let mut case = 0;
    while case < 4 {
        let c = DOGFIGHT_COUNTS[case];
        t[case] = DogfightOdds {
            no_result: of_36(c[0]),
            attacker_hit: of_36(c[1]),
            attacker_direct_hit: of_36(c[2]),
            defender_hit: of_36(c[3]),
            defender_direct_hit: of_36(c[4]),
        };
        case += 1;
    }
    t
};

/// A dogfight. `attacker_penalty`: the defender is in an asteroid hex (the attacker's
/// roll −1, minimum 1); `defender_penalty`: the attacker is in one.
pub fn dogfight(attacker_penalty: bool, defender_penalty: bool) -> DogfightOdds {
    DOGFIGHTS[usize::from(attacker_penalty) | usize::from(defender_penalty) << 1]
}

/// Sum of probabilities (exact when both are).
pub fn add(a: Prob, b: Prob) -> Prob {
    a.plus(b)
}
