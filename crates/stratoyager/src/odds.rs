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
//! `odds/game.rs` applies these to the real state (`Game::action_odds`); `odds/calc.rs`
//! offers them as stand-alone calculators.

pub mod calc;
mod game;
mod prob;
mod text;

pub use prob::{Count, Prob, EXACT_DICE};

use crate::combat::attack::pick_index;
use crate::types::{Band, Pick};
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

/// Hitting outcomes of an attack roll out of 6^k, and k. Enumerates every pool (and,
/// with `linked`, every re-roll) exactly as `combat::roll_attack` plays it.
pub fn hit_counts(band: Option<Band>, tht: i32, linked: bool) -> (u128, u32) {
    let Some((n, pick)) = band.and_then(Band::pool) else {
        return (0, 0);
    };
    if tht > 6 {
        return (0, 0);
    }
    let n = usize::from(n);
    let k = n as u32 + u32::from(linked);
    let mut hits = 0u128;
    let mut dice = vec![1u8; n];
    let mut again = vec![1u8; n];
    for code in 0..6usize.pow(n as u32) {
        let mut c = code;
        for d in dice.iter_mut() {
            *d = (c % 6) as u8 + 1;
            c /= 6;
        }
        let i = pick_index(&dice, pick);
        let hit = |v: u8| i32::from(v) >= tht;
        if hit(dice[i]) {
            hits += if linked { 6 } else { 1 };
            continue;
        }
        if !linked {
            continue;
        }
        let others_ok = dice
            .iter()
            .enumerate()
            .all(|(j, &d)| j == i || pick == Pick::Highest || hit(d));
        if !others_ok {
            continue;
        }
        for r in 1..=6u8 {
            again.copy_from_slice(&dice);
            again[i] = r;
            if hit(again[pick_index(&again, pick)]) {
                hits += 1;
            }
        }
    }
    (hits, k)
}

/// Damage points of `n` dice against `armor`: counts out of 6^n by points.
fn damage_counts<T: Count>(n: u8, armor: u8) -> Vec<T> {
    let scoring = 7u8.saturating_sub(armor.max(1)).min(6);
    let mut ways = vec![T::from(1)];
    for _ in 0..n {
        let mut next = vec![T::default(); ways.len() + 1];
        for (p, &w) in ways.iter().enumerate() {
            next[p] = next[p] + w * T::from(6 - scoring);
            next[p + 1] = next[p + 1] + w * T::from(scoring);
        }
        ways = next;
    }
    ways
}

/// Points of one shot: counts by points, the total, and the miss count.
fn shot_points<T: Count>(s: &Shot, (hits, k): (u128, u32), armor: u8) -> (Vec<T>, T, T) {
    let all = prob::pow6::<T>(k);
    let hit = prob::from_u128::<T>(hits);
    let miss = all - hit;
    let dmg = damage_counts::<T>(s.damage_dice, armor);
    let n6 = prob::pow6::<T>(u32::from(s.damage_dice));
    let (keep, cm6) = if s.countermeasures {
        (T::from(3), T::from(6))
    } else {
        (T::from(1), T::from(1))
    };
    let mut pts: Vec<T> = dmg.iter().map(|&w| hit * w * keep).collect();
    // Misses and neutralised markers do nothing.
    pts[0] = pts[0] + miss * n6 * cm6 + hit * n6 * (cm6 - keep);
    (pts, all * n6 * cm6, miss * n6 * cm6)
}

fn attack_in<T: Count>(shots: &[Shot], hc: &[(u128, u32)], t: &Target) -> AttackOdds {
    let mut pts = vec![T::from(1)];
    let mut total = T::from(1);
    let mut miss_all = T::from(1);
    for (s, &h) in shots.iter().zip(hc) {
        let (p, all, miss) = shot_points::<T>(s, h, t.armor);
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
    let usable = if t.reactor_aft {
        t.shields.saturating_sub(1)
    } else {
        t.shields
    } as usize;
    let mut lost: Vec<T> = vec![T::default(); pts.len().saturating_sub(usable).max(1)];
    for (p, &w) in pts.iter().enumerate() {
        let l = p.saturating_sub(usable);
        lost[l] = lost[l] + w;
    }
    let (mut wrecked, mut destroyed) = (T::default(), T::default());
    for (l, &w) in lost.iter().enumerate() {
        let after = i64::from(t.structure) - l as i64;
        if after == 0 {
            wrecked = wrecked + w;
        } else if after < 0 {
            destroyed = destroyed + w;
        }
    }
    let p_hit = (total - miss_all).prob(total);
    AttackOdds {
        p_hit,
        structure_lost: lost
            .iter()
            .enumerate()
            .map(|(l, &w)| (l as u32, w.prob(total)))
            .collect(),
        p_wrecked: wrecked.prob(total),
        p_destroyed: destroyed.prob(total),
    }
}

/// The odds of `shots` (all from one attacker, one aspect) against `target`, damage
/// applied together. One shot: the CLI's `attack`.
pub fn attack(shots: &[Shot], target: &Target) -> AttackOdds {
    let hc: Vec<(u128, u32)> = shots
        .iter()
        .map(|s| hit_counts(s.band, s.tht, s.linked))
        .collect();
    // Total 6-exponent: exact counts while 6^k fits in u128.
    let k: u32 = shots
        .iter()
        .zip(&hc)
        .map(|(s, h)| h.1 + u32::from(s.damage_dice) + u32::from(s.countermeasures))
        .sum();
    if k <= EXACT_DICE {
        attack_in::<u128>(shots, &hc, target)
    } else {
        attack_in::<f64>(shots, &hc, target)
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

fn stress_in<T: Count>(dice: u32, fail_on: u8) -> StressOdds {
    let failing = 7u8.saturating_sub(fail_on.clamp(1, 7));
    let mut ways = vec![T::from(1)];
    for _ in 0..dice {
        let mut next = vec![T::default(); ways.len() + 1];
        for (f, &w) in ways.iter().enumerate() {
            next[f] = next[f] + w * T::from(6 - failing);
            next[f + 1] = next[f + 1] + w * T::from(failing);
        }
        ways = next;
    }
    let all = prob::pow6::<T>(dice);
    let at = |i: usize| ways.get(i).copied().unwrap_or_default();
    let four_up = ways.iter().skip(4).fold(T::default(), |a, &w| a + w);
    StressOdds {
        none: at(0).prob(all),
        greyout: at(1).prob(all),
        blackout: at(2).prob(all),
        structural: at(3).prob(all),
        destroyed: four_up.prob(all),
    }
}

/// A Hull Stress roll of `dice` dice, each failing on a natural `fail_on` or more (4;
/// Retrofitted Civilian 3).
pub fn hull_stress(dice: u32, fail_on: u8) -> StressOdds {
    if dice <= EXACT_DICE {
        stress_in::<u128>(dice, fail_on)
    } else {
        stress_in::<f64>(dice, fail_on)
    }
}
