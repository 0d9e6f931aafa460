//! The first, plain counting of SY-17, SY-19 and SY-09 (every pool enumerated through
//! `pick_index`, a `Vec` convolution per die), kept to pin the fast one: every
//! probability, `f64` bits and exact fraction alike, must come out the same.

use super::prob::{Count, Prob, EXACT_DICE};
use super::{AttackOdds, Shot, StressOdds, Target};
use crate::combat::attack::pick_index;
use crate::types::{Band, Pick};
use orrery_core::prob::pow6;

/// Hitting outcomes of an attack roll out of 6^k, and k. Enumerates every pool (and,
/// with `linked`, every re-roll) exactly as `combat::roll_attack` plays it.
fn hit_counts(band: Option<Band>, tht: i32, linked: bool) -> (u128, u32) {
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
    let all = pow6::<T>(k);
    let hit = T::of_u128(hits);
    let miss = all - hit;
    let dmg = damage_counts::<T>(s.damage_dice, armor);
    let n6 = pow6::<T>(u32::from(s.damage_dice));
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
fn attack(shots: &[Shot], target: &Target) -> AttackOdds {
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
    let all = pow6::<T>(dice);
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
fn hull_stress(dice: u32, fail_on: u8) -> StressOdds {
    if dice <= EXACT_DICE {
        stress_in::<u128>(dice, fail_on)
    } else {
        stress_in::<f64>(dice, fail_on)
    }
}

/// The same number: equal `f64` bits and equal fractions.
fn same(a: Prob, b: Prob) -> bool {
    a.p.to_bits() == b.p.to_bits() && a.exact == b.exact
}

fn same_attack(a: &AttackOdds, b: &AttackOdds) -> bool {
    same(a.p_hit, b.p_hit)
        && same(a.p_wrecked, b.p_wrecked)
        && same(a.p_destroyed, b.p_destroyed)
        && a.structure_lost.len() == b.structure_lost.len()
        && a.structure_lost
            .iter()
            .zip(&b.structure_lost)
            .all(|(x, y)| x.0 == y.0 && same(*x.1, *y.1))
}

const BANDS: [Option<Band>; 7] = [
    None,
    Some(Band::PointBlank),
    Some(Band::Close),
    Some(Band::Medium),
    Some(Band::Long),
    Some(Band::Extreme),
    Some(Band::Visual),
];

#[test]
fn hit_counts_enumerate_as_before() {
    for band in BANDS {
        for tht in -3..=9 {
            for linked in [false, true] {
                assert_eq!(
                    super::hit_counts(band, tht, linked),
                    hit_counts(band, tht, linked),
                    "{band:?} {tht} {linked}"
                );
            }
        }
    }
}

#[test]
fn attacks_count_as_before_to_the_last_bit() {
    let dice = [
        0u8, 1, 2, 3, 5, 6, 10, 19, 20, 21, 22, 23, 24, 40, 44, 45, 46, 47, 48, 49, 60, 128, 200,
        255,
    ];
    let mut n = 0;
    for band in [
        None,
        Some(Band::PointBlank),
        Some(Band::Medium),
        Some(Band::Extreme),
    ] {
        for tht in [1, 3, 6, 7] {
            for linked in [false, true] {
                for damage_dice in dice {
                    for countermeasures in [false, true] {
                        for armor in [0, 1, 4, 6, 7] {
                            for shields in [0, 1, 3] {
                                for structure in [1, 3, 5] {
                                    let s = Shot {
                                        band,
                                        tht,
                                        linked,
                                        damage_dice,
                                        countermeasures,
                                    };
                                    let t = Target {
                                        armor,
                                        shields,
                                        structure,
                                        reactor_aft: shields == 1,
                                    };
                                    let (a, b) = (super::attack(&[s], &t), attack(&[s], &t));
                                    assert!(same_attack(&a, &b), "{s:?} {t:?}: {a:?} != {b:?}");
                                    n += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(n > 10_000);
}

#[test]
fn combined_attacks_count_as_before_to_the_last_bit() {
    let shot = |band, tht, linked, damage_dice, countermeasures| Shot {
        band: Some(band),
        tht,
        linked,
        damage_dice,
        countermeasures,
    };
    let groups: Vec<Vec<Shot>> = vec![
        vec![],
        vec![
            shot(Band::Close, 4, false, 2, false),
            shot(Band::Long, 3, true, 3, false),
        ],
        vec![shot(Band::PointBlank, 5, true, 6, false); 3],
        vec![shot(Band::Medium, 2, false, 1, true); 5],
        vec![
            shot(Band::Extreme, 4, true, 20, false),
            shot(Band::Close, 6, false, 30, true),
        ],
        vec![
            shot(Band::Close, 3, false, 100, false),
            shot(Band::Medium, 4, true, 120, false),
        ],
    ];
    for shots in &groups {
        for armor in [1, 4, 6] {
            for shields in [0, 2, 5] {
                for structure in [1, 4, 12] {
                    let t = Target {
                        armor,
                        shields,
                        structure,
                        reactor_aft: armor == 4,
                    };
                    let (a, b) = (super::attack(shots, &t), attack(shots, &t));
                    assert!(same_attack(&a, &b), "{shots:?} {t:?}: {a:?} != {b:?}");
                }
            }
        }
    }
}

#[test]
fn hull_stress_counts_as_before_to_the_last_bit() {
    for dice in (0..=300).chain([1000]) {
        for fail_on in 0..=8 {
            let (a, b) = (
                super::hull_stress(dice, fail_on),
                hull_stress(dice, fail_on),
            );
            let all = |o: StressOdds| [o.none, o.greyout, o.blackout, o.structural, o.destroyed];
            assert!(
                all(a).iter().zip(all(b)).all(|(x, y)| same(*x, y)),
                "{dice} {fail_on}: {a:?} != {b:?}"
            );
        }
    }
}
