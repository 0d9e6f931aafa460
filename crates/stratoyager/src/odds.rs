//! Exact odds of attacks (SY-17, SY-19) and Hull Stress rolls (SY-09): every die
//! outcome is counted, nothing is sampled. Counts are `u128` (exact fractions) while
//! the 6^k outcomes fit, else `f64` (an exact convolution up to rounding).
//!
//! SY-17: "Dice: PB 3D6 highest, Close 2D6 highest, Medium 1D6, Long 2D6 lowest,
//! Extreme 3D6 lowest; hit if the chosen die ≥ THT (THT ≤ 1 always hits)." Seed: "If THT
//! is larger than 6, shot is automatic failure." Linked, as the engine plays it
//! (`combat::roll_attack`, SYO): "the re-roll is taken automatically after a miss, on
//! the picked die, when it can still change the result".
//!
//! SY-19: "Each die ≥ the defender's armour for the aspect … makes 1 damage point.
//! Shields absorb points one per active level … (Vulture from Aft: usable shields =
//! max(0, shields − 1) …). Remaining points reduce Structure: exactly 0 = wrecked,
//! below 0 = destroyed".
//!
//! SY-09: "a die fails on ≥ 4 (Retrofitted Civilian: natural ≥ 3). Fails: 1 Greyout,
//! 2 Blackout, 3 Blackout + lose 1 Structure (shields do not absorb), 4+ destroyed."
//!
//! `odds/game.rs` applies these to the real state (`Odds::action_odds`); `odds/calc.rs`
//! offers them as stand-alone calculators.

pub mod calc;
mod game;
mod prob;

#[cfg(test)]
mod reference;
mod text;

pub use prob::{Count, Prob, EXACT_DICE};

use crate::types::{Band, Pick};
use prob::{Tally, U64_DICE};
use serde::Serialize;
use std::collections::BTreeMap;

/// One attack roll and the damage it does on a hit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shot {
    /// The band whose pool is rolled (`None`: no pool, the shot cannot hit).
    pub band: Option<Band>,
    pub tht: i32,
    /// Linked main weapon: the engine's automatic re-roll after a miss.
    pub linked: bool,
    pub damage_dice: u8,
    /// A locked missile marker against a target with Countermeasures: "roll 1D6, 4+
    /// neutralises" (SY-20) before damage.
    pub countermeasures: bool,
}

/// What the damage meets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// Armour for the aspect the attack comes from.
    pub armor: u8,
    pub shields: u8,
    pub structure: i32,
    /// Reactor Interference and the attack comes from the aft aspect.
    pub reactor_aft: bool,
}

/// The odds of one attack (or several at one target, applied together as SY-14 step
/// (c) does).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AttackOdds {
    /// The attack roll hits (several shots: at least one hits).
    pub p_hit: Prob,
    /// Structure points lost → probability, keys "0", "1", … (every value possible).
    pub structure_lost: BTreeMap<u32, Prob>,
    /// Structure ends at exactly 0.
    pub p_wrecked: Prob,
    /// Structure ends below 0.
    pub p_destroyed: Prob,
}

/// Hitting outcomes of an attack roll out of 6^k, and k, exactly as
/// `combat::roll_attack` plays the pool (and, with `linked`, the re-roll). Counted
/// in closed form: with `m` faces below THT and `h` at or above it, picking the
/// highest misses only when every die misses (m^n); picking the lowest hits only
/// when every die hits (h^n). The Linked re-roll (after a miss, the picked die,
/// when it can still change the result) rescues, picking the highest, every all-miss
/// roll whose re-roll hits (m^n · h); picking the lowest, only a roll with exactly
/// one miss (the others already hit: n · m · h^(n−1)) whose re-roll hits (· h). The
/// tests compare this with every pool enumerated through `pick_index`.
pub fn hit_counts(band: Option<Band>, tht: i32, linked: bool) -> (u128, u32) {
    let Some((n, pick)) = band.and_then(Band::pool) else {
        return (0, 0);
    };
    if tht > 6 {
        return (0, 0);
    }
    let n = u32::from(n);
    let t = tht.max(1) as u128;
    let (m, h) = (t - 1, 7 - t);
    let plain = match pick {
        Pick::Highest => 6u128.pow(n) - m.pow(n),
        Pick::Lowest => h.pow(n),
    };
    if !linked {
        return (plain, n);
    }
    let rescued = match pick {
        Pick::Highest => m.pow(n) * h,
        Pick::Lowest => u128::from(n) * m * h.pow(n - 1) * h,
    };
    (plain * 6 + rescued, n + 1)
}

/// Damage points of `n` dice against `armor` into `ways` (at least n + 1 long, only
/// `ways[0]` read): counts out of 6^n by points. Each die's step is the first
/// convolution's, `w[p − 1] · scoring + w[p] · (6 − scoring)`, so `f64` counts round
/// exactly as they did.
fn damage_counts<T: Tally>(n: u8, armor: u8, ways: &mut [T]) {
    let scoring = 7u8.saturating_sub(armor.max(1)).min(6);
    let (a, b) = (T::from(6 - scoring), T::from(scoring));
    ways[0] = T::from(1);
    for len in 1..=usize::from(n) {
        ways[len] = ways[len - 1] * b;
        for p in (1..len).rev() {
            ways[p] = ways[p - 1] * b + ways[p] * a;
        }
        ways[0] = ways[0] * a;
    }
}

/// Points of one shot into `pts` (n + 1 long): counts by points; returns the total
/// and the miss count.
fn shot_points<T: Tally>(s: &Shot, (hits, k): (u128, u32), armor: u8, pts: &mut [T]) -> (T, T) {
    let all = T::pow6(k);
    let hit = T::of_u128(hits);
    let miss = all - hit;
    damage_counts::<T>(s.damage_dice, armor, pts);
    let n6 = T::pow6(u32::from(s.damage_dice));
    let (keep, cm6) = if s.countermeasures {
        (T::from(3), T::from(6))
    } else {
        (T::from(1), T::from(1))
    };
    for w in pts.iter_mut() {
        *w = hit * *w * keep;
    }
    // Misses and neutralised markers do nothing.
    pts[0] = pts[0] + miss * n6 * cm6 + hit * n6 * (cm6 - keep);
    (all * n6 * cm6, miss * n6 * cm6)
}

/// Counts on the stack up to this many damage points: every exact count (k ≤ 48).
const STACK_POINTS: usize = EXACT_DICE as usize + 1;

fn attack_in<T: Tally>(shots: &[Shot], hc: &[(u128, u32)], t: &Target) -> AttackOdds {
    if let ([s], [h]) = (shots, hc) {
        // One shot (nearly every attack): its points are the distribution.
        let n = usize::from(s.damage_dice) + 1;
        if n <= STACK_POINTS {
            let pts = &mut [T::default(); STACK_POINTS][..n];
            let (all, miss) = shot_points::<T>(s, *h, t.armor, pts);
            return finish(pts, all, miss, t);
        }
        let pts = &mut vec![T::default(); n];
        let (all, miss) = shot_points::<T>(s, *h, t.armor, pts);
        return finish(pts, all, miss, t);
    }
    let mut pts = vec![T::from(1)];
    let mut total = T::from(1);
    let mut miss_all = T::from(1);
    for (s, &h) in shots.iter().zip(hc) {
        let mut p = vec![T::default(); usize::from(s.damage_dice) + 1];
        let (all, miss) = shot_points::<T>(s, h, t.armor, &mut p);
        let mut next = vec![T::default(); pts.len() + p.len() - 1];
        for (i, &a) in pts.iter().enumerate() {
            for (j, &b) in p.iter().enumerate() {
                next[i + j] = next[i + j] + a * b;
            }
        }
        pts = next;
        total = total * all;
        miss_all = miss_all * miss;
    }
    finish(&pts, total, miss_all, t)
}

/// The odds from the points' counts `pts` out of `total` (`miss_all` of them no
/// hit at all).
fn finish<T: Tally>(pts: &[T], total: T, miss_all: T, t: &Target) -> AttackOdds {
    let usable = if t.reactor_aft {
        t.shields.saturating_sub(1)
    } else {
        t.shields
    } as usize;
    // Structure lost l: points − usable shields; everything the shields absorb is 0,
    // summed in ascending points as before.
    let n_lost = pts.len().saturating_sub(usable).max(1);
    let lost = |l: usize| -> T {
        if l > 0 {
            return pts[l + usable];
        }
        let mut x = T::default();
        for &w in &pts[..=usable.min(pts.len() - 1)] {
            x = x + w;
        }
        x
    };
    let (mut wrecked, mut destroyed) = (T::default(), T::default());
    let mut structure_lost = BTreeMap::new();
    for l in 0..n_lost {
        let w = lost(l);
        let after = i64::from(t.structure) - l as i64;
        if after == 0 {
            wrecked = wrecked + w;
        } else if after < 0 {
            destroyed = destroyed + w;
        }
        structure_lost.insert(l as u32, w.ratio(total));
    }
    let p_hit = (total - miss_all).ratio(total);
    AttackOdds {
        p_hit,
        structure_lost,
        p_wrecked: wrecked.ratio(total),
        p_destroyed: destroyed.ratio(total),
    }
}

/// The odds of `shots` (all from one attacker, one aspect) against `target`, damage
/// applied together. One shot: the CLI's `attack`.
pub fn attack(shots: &[Shot], target: &Target) -> AttackOdds {
    let mut hc = [(0u128, 0u32); 4];
    let many: Vec<(u128, u32)>;
    let hc: &[(u128, u32)] = if shots.len() <= hc.len() {
        for (h, s) in hc.iter_mut().zip(shots) {
            *h = hit_counts(s.band, s.tht, s.linked);
        }
        &hc[..shots.len()]
    } else {
        many = shots
            .iter()
            .map(|s| hit_counts(s.band, s.tht, s.linked))
            .collect();
        &many
    };
    // Total 6-exponent: exact counts while 6^k fits (in u64, else u128).
    let k: u32 = shots
        .iter()
        .zip(hc)
        .map(|(s, h)| h.1 + u32::from(s.damage_dice) + u32::from(s.countermeasures))
        .sum();
    if k <= U64_DICE {
        attack_in::<u64>(shots, hc, target)
    } else if k <= EXACT_DICE {
        attack_in::<u128>(shots, hc, target)
    } else {
        attack_in::<f64>(shots, hc, target)
    }
}

/// The five Hull Stress results (SY-09).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct StressOdds {
    pub none: Prob,
    pub greyout: Prob,
    pub blackout: Prob,
    pub structural: Prob,
    pub destroyed: Prob,
}

fn stress_in<T: Tally>(dice: u32, fail_on: u8) -> StressOdds {
    let failing = 7u8.saturating_sub(fail_on.clamp(1, 7));
    let (a, b) = (T::from(6 - failing), T::from(failing));
    let all = T::pow6(dice);
    // Exact counts: f fails of n in closed form, C(n, f) · failing^f · rest^(n−f), and
    // four or more is everything else.
    let at = |f: u32| -> T {
        if f > dice {
            return T::default();
        }
        let n = u128::from(dice);
        let choose = [
            1,
            n,
            n * (n.max(1) - 1) / 2,
            n * (n.max(2) - 1) * (n.max(2) - 2) / 6,
        ];
        T::of_u128(choose[f as usize]) * T::power(failing, f) * T::power(6 - failing, dice - f)
    };
    let (none, greyout, blackout, structural, destroyed) = if T::EXACT {
        let c = [at(0), at(1), at(2), at(3)];
        let four_up = all - c[0] - c[1] - c[2] - c[3];
        (c[0], c[1], c[2], c[3], four_up)
    } else {
        // Rounded counts: the first convolution, step for step (two buffers).
        let n = dice as usize;
        let mut ways = vec![T::default(); n + 1];
        let mut next = vec![T::default(); n + 1];
        ways[0] = T::from(1);
        for len in 1..=n {
            next[0] = ways[0] * a;
            for f in 1..len {
                next[f] = ways[f - 1] * b + ways[f] * a;
            }
            next[len] = ways[len - 1] * b;
            std::mem::swap(&mut ways, &mut next);
        }
        let at = |i: usize| ways.get(i).copied().unwrap_or_default();
        let four_up = ways.iter().skip(4).fold(T::default(), |x, &w| x + w);
        (at(0), at(1), at(2), at(3), four_up)
    };
    StressOdds {
        none: none.ratio(all),
        greyout: greyout.ratio(all),
        blackout: blackout.ratio(all),
        structural: structural.ratio(all),
        destroyed: destroyed.ratio(all),
    }
}

/// A Hull Stress roll of `dice` dice, each failing on a natural `fail_on` or more (4;
/// Retrofitted Civilian 3).
pub fn hull_stress(dice: u32, fail_on: u8) -> StressOdds {
    if dice <= U64_DICE {
        stress_in::<u64>(dice, fail_on)
    } else if dice <= EXACT_DICE {
        stress_in::<u128>(dice, fail_on)
    } else {
        stress_in::<f64>(dice, fail_on)
    }
}
