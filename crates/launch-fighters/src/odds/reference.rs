//! The first, plain counting of LF-11 and LF-12 (a `Vec` convolution per call, as
//! it stood before the fast path), kept to pin the fast one: every probability, `f64`
//! bits and exact fraction alike, must come out the same.

use super::{barrage, dogfight, BarrageOdds, Count, Defense, Prob, EXACT_DICE};
use orrery_core::prob::pow6;

fn sum_counts<T: Count>(n: u32, cap: usize) -> (Vec<T>, T) {
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
    let max_def = defenses.iter().copied().max().unwrap_or(0);
    let cap = 2 * usize::from(max_def) + usize::from(modifier.unsigned_abs());
    let (ways, above) = sum_counts::<T>(n, cap);
    let mut auto = T::default();
    let mut graded = [T::default(); 3];
    for &d in &defenses {
        graded[2] = graded[2] + above;
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

fn reference(dice: u8, modifier: i8, defense: Defense) -> BarrageOdds {
    if dice == 0 {
        return barrage(0, modifier, defense);
    }
    if u32::from(dice) < EXACT_DICE {
        barrage_in::<u128>(dice, modifier, defense)
    } else {
        barrage_in::<f64>(dice, modifier, defense)
    }
}

/// The same number: equal `f64` bits and equal fractions.
fn same(a: Prob, b: Prob) -> bool {
    a.p.to_bits() == b.p.to_bits() && a.exact == b.exact
}

fn same_barrage(a: &BarrageOdds, b: &BarrageOdds) -> bool {
    same(a.auto_miss, b.auto_miss)
        && same(a.miss, b.miss)
        && same(a.hit, b.hit)
        && same(a.direct_hit, b.direct_hit)
}

#[test]
fn barrages_count_as_before_to_the_last_bit() {
    let mut defenses: Vec<Defense> = (0..=14).map(Defense::Ship).collect();
    defenses.extend([40, 100, 254, 255].map(Defense::Ship));
    defenses.push(Defense::Squadron);
    for dice in 0..=255u8 {
        for modifier in [0, -1, -2] {
            for &d in &defenses {
                // The widest convolutions cost a while: every fifth pool size there.
                if matches!(d, Defense::Ship(x) if x > 14) && dice > 60 && dice % 5 != 0 {
                    continue;
                }
                let (a, b) = (barrage(dice, modifier, d), reference(dice, modifier, d));
                assert!(
                    same_barrage(&a, &b),
                    "{dice} {modifier} {d:?}: {a:?} != {b:?}"
                );
            }
        }
    }
}

#[test]
fn dogfights_count_as_before() {
    let by_hand = |ap: bool, dp: bool| {
        let mut c = [0u128; 5];
        for a in 1..=6u8 {
            for d in 1..=6u8 {
                let a = a.saturating_sub(u8::from(ap)).max(1);
                let d = d.saturating_sub(u8::from(dp)).max(1);
                let (w, l, base) = match a.cmp(&d) {
                    std::cmp::Ordering::Equal => {
                        c[0] += 1;
                        continue;
                    }
                    std::cmp::Ordering::Greater => (a, d, 1),
                    std::cmp::Ordering::Less => (d, a, 3),
                };
                c[base + usize::from(u32::from(w) > 2 * u32::from(l))] += 1;
            }
        }
        c.map(|x| x.prob(36))
    };
    for ap in [false, true] {
        for dp in [false, true] {
            let o = dogfight(ap, dp);
            let got = [
                o.no_result,
                o.attacker_hit,
                o.attacker_direct_hit,
                o.defender_hit,
                o.defender_direct_hit,
            ];
            for (g, w) in got.iter().zip(by_hand(ap, dp)) {
                assert!(same(*g, w), "{ap} {dp}: {got:?}");
            }
        }
    }
}
