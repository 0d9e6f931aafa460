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
//! [`crate::LaunchFighters`]'s `Game::action_odds` (in `odds/game.rs`) applies these to
//! the real state; `odds/calc.rs` offers them as stand-alone calculators.

pub mod calc;
mod game;
mod text;

pub use orrery_core::prob::{pow6, Count, Prob, EXACT_DICE};
use serde::Serialize;

/// Ways for `n` d6 to sum to each total up to `cap` (indexed by the sum), and the
/// ways to sum above `cap`. Only sums near the defence matter, so the convolution is
/// cut there: everything above is a direct hit.
pub fn sum_counts<T: Count>(n: u32, cap: usize) -> (Vec<T>, T) {
    let mut ways = vec![T::from(1)];
    let mut above = T::default();
    for _ in 0..n {
        let mut next = vec![T::default(); (ways.len() + 6).min(cap + 1)];
        let mut spill = above * T::from(6);
        for (s, &w) in ways.iter().enumerate() {
            for f in 1..=6 {
                match next.get_mut(s + f) {
                    Some(x) => *x = *x + w,
                    None => spill = spill + w,
                }
            }
        }
        ways = next;
        above = spill;
    }
    (ways, above)
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

fn barrage_in<T: Count>(dice: u8, modifier: i8, defense: Defense) -> BarrageOdds {
    let n = u32::from(dice);
    let defenses: Vec<u8> = match defense {
        Defense::Ship(d) => vec![d],
        Defense::Squadron => (1..=6).collect(),
    };
    // Sums above 2 × defence − modifier are direct hits whatever the defence.
    let max_def = defenses.iter().copied().max().unwrap_or(0);
    let cap = 2 * usize::from(max_def) + usize::from(modifier.unsigned_abs());
    let (ways, above) = sum_counts::<T>(n, cap);
    let mut auto = T::default();
    let mut graded = [T::default(); 3];
    for &d in &defenses {
        graded[2] = graded[2] + above;
        // The only way to roll a sum of n with n dice is all 1s.
        if n as usize > cap {
            auto = auto + T::from(1);
            graded[2] = graded[2] - T::from(1);
        }
        for (sum, &w) in ways.iter().enumerate().skip(n as usize) {
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
    let all = pow6::<T>(k);
    BarrageOdds {
        auto_miss: auto.prob(all),
        miss: graded[0].prob(all),
        hit: graded[1].prob(all),
        direct_hit: graded[2].prob(all),
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
    if u32::from(dice) < EXACT_DICE {
        barrage_in::<u128>(dice, modifier, defense)
    } else {
        barrage_in::<f64>(dice, modifier, defense)
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

/// A dogfight. `attacker_penalty`: the defender is in an asteroid hex (the attacker's
/// roll −1, minimum 1); `defender_penalty`: the attacker is in one.
pub fn dogfight(attacker_penalty: bool, defender_penalty: bool) -> DogfightOdds {
    let mut c = [0u128; 5];
    for a in 1..=6u8 {
        for d in 1..=6u8 {
            let a = a.saturating_sub(u8::from(attacker_penalty)).max(1);
            let d = d.saturating_sub(u8::from(defender_penalty)).max(1);
            let (w, l, base) = match a.cmp(&d) {
                std::cmp::Ordering::Equal => {
                    c[0] += 1;
                    continue;
                }
                std::cmp::Ordering::Greater => (a, d, 1),
                std::cmp::Ordering::Less => (d, a, 3),
            };
            let direct = usize::from(u32::from(w) > 2 * u32::from(l));
            c[base + direct] += 1;
        }
    }
    DogfightOdds {
        no_result: c[0].prob(36),
        attacker_hit: c[1].prob(36),
        attacker_direct_hit: c[2].prob(36),
        defender_hit: c[3].prob(36),
        defender_direct_hit: c[4].prob(36),
    }
}

/// Sum of probabilities (exact when both are).
pub fn add(a: Prob, b: Prob) -> Prob {
    a.plus(b)
}
