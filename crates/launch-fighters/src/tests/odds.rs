//! Exact odds (`odds.rs`) against hand-computed cases from LF-11 / LF-12 and
//! against Monte Carlo runs of the real barrage and dogfight code (`Game::apply` on
//! clones of one position, reseeded): every frequency within 4 standard errors.

use super::attack_support;

use crate::odds::{add as lf_add, barrage, dogfight, Defense, Prob};
use crate::state::LaunchFighters;
use crate::testkit::{design, Sandbox};
use crate::{Action, BarrageResult, Event, TerrainKind};
use attack_support::*;
use orrery_core::{Game, Odds, Seat};
use orrery_hex::Dir;
use serde_json::Value;

const RUNS: u32 = 20_000;

fn exact(p: Prob) -> (u128, u128) {
    p.exact.expect("exact")
}

/// LF-11 by hand: one die against Defense 2 — 1 automatic miss, 2 miss, 3–4 hit, 5–6
/// direct ("beats twice (double) the defense").
#[test]
fn one_die_against_defense_two() {
    let o = barrage(1, 0, Defense::Ship(2));
    assert_eq!(exact(o.auto_miss), (1, 6));
    assert_eq!(exact(o.miss), (1, 6));
    assert_eq!(exact(o.hit), (1, 3));
    assert_eq!(exact(o.direct_hit), (1, 3));
}

/// Two dice against Defense 3: (1,1) automatic; sum 3 miss (2 ways); 4–6 hit (3+4+5
/// ways); 7+ direct (21 ways).
#[test]
fn two_dice_against_defense_three() {
    let o = barrage(2, 0, Defense::Ship(3));
    assert_eq!(exact(o.auto_miss), (1, 36));
    assert_eq!(exact(o.miss), (1, 18));
    assert_eq!(exact(o.hit), (1, 3));
    assert_eq!(exact(o.direct_hit), (7, 12));
    // A −2 terrain modifier: totals may not drop below 1; sum 2 is still all 1s.
    let m = barrage(2, -2, Defense::Ship(3));
    assert_eq!(exact(m.auto_miss), (1, 36));
    // Sums 3..=5 → totals 1..=3 miss: 2+3+4 = 9 ways.
    assert_eq!(exact(m.miss), (1, 4));
}

/// One die at a squadron whose defence is 1D6 (worked out over the 36 pairs: 6
/// automatic, 15 miss, 9 hit, 6 direct). The flak example: 4 vs a rolled 2 is a hit,
/// "direct needs 5".
#[test]
fn one_die_at_a_squadron() {
    let o = barrage(1, 0, Defense::Squadron);
    assert_eq!(exact(o.auto_miss), (1, 6));
    assert_eq!(exact(o.miss), (5, 12));
    assert_eq!(exact(o.hit), (1, 4));
    assert_eq!(exact(o.direct_hit), (1, 6));
}

/// LF-12 by hand: ties 6/36; the attacker wins 15/36, directly when its roll is more
/// than double (3–6 vs 1, 5–6 vs 2: 6 ways).
#[test]
fn dogfight_by_hand() {
    let o = dogfight(false, false);
    assert_eq!(exact(o.no_result), (1, 6));
    assert_eq!(exact(o.attacker_hit), (1, 4));
    assert_eq!(exact(o.attacker_direct_hit), (1, 6));
    assert_eq!(exact(o.defender_hit), (1, 4));
    assert_eq!(exact(o.defender_direct_hit), (1, 6));
    // The attacker's roll −1 (defender in an asteroid hex): attacker rolls 1,1,2,3,4,5.
    let a = dogfight(true, false);
    let sum: f64 = [
        a.no_result,
        a.attacker_hit,
        a.attacker_direct_hit,
        a.defender_hit,
        a.defender_direct_hit,
    ]
    .iter()
    .map(|p| p.p)
    .sum();
    assert!((sum - 1.0).abs() < 1e-12);
    // Ties: 1 twice, 2..=5 once each against one defender face each = 6/36.
    assert_eq!(exact(a.no_result), (1, 6));
    // The defender wins 1 vs 2..=6 (twice) = 10 plus 2 vs 3..6, 3 vs 4..6, 4 vs 5..6,
    // 5 vs 6 = 10: 20/36.
    assert_eq!(exact(lf_add(a.defender_hit, a.defender_direct_hit)), (5, 9));
}

/// Big pools fall back to floating counts and still sum to 1.
#[test]
fn big_pools_sum_to_one() {
    for n in [47u8, 48, 120, 255] {
        let o = barrage(n, -1, Defense::Squadron);
        let s = o.auto_miss.p + o.miss.p + o.hit.p + o.direct_hit.p;
        assert!((s - 1.0).abs() < 1e-9, "{n}: {s}");
    }
}

fn within(label: &str, p: f64, count: u32, runs: u32) {
    let f = f64::from(count) / f64::from(runs);
    let se = (p * (1.0 - p) / f64::from(runs)).sqrt().max(1e-9);
    assert!(
        (f - p).abs() <= 4.0 * se + 1e-12,
        "{label}: exact {p}, sampled {f} ({count}/{runs})"
    );
}

/// Apply `a` for seat 0 on `RUNS` reseeded clones; count the barrage results.
fn sample_barrages(g: &LaunchFighters, a: &Action) -> [u32; 4] {
    let mut c = [0u32; 4];
    for seed in 0..u64::from(RUNS) {
        let mut h = g.clone();
        h.rng_mut().reseed(seed);
        let ev = h.apply(Seat(0), a).expect("legal");
        for e in ev {
            if let Event::Barrage { result, .. } = e.event {
                c[match result {
                    BarrageResult::AutoMiss => 0,
                    BarrageResult::Miss => 1,
                    BarrageResult::Hit => 2,
                    BarrageResult::DirectHit => 3,
                }] += 1;
            }
        }
    }
    c
}

fn check_entry(entry: &Value, c: [u32; 4]) {
    for (i, k) in ["auto_miss", "miss", "hit", "direct_hit"]
        .iter()
        .enumerate()
    {
        within(k, entry[k].as_f64().expect("number"), c[i], RUNS);
    }
}

/// `action_odds` of a cannon barrage at a ship matches the real `roll_barrage`.
#[test]
fn ship_barrage_matches_the_engine() {
    let (mut g, _, t) = duel(design("S", 4, 0, 0, 5, 3), design("T", 1, 0, 0, 3, 2));
    play(&mut g, 0, Action::FireCannons { target: t });
    for dice in 1..=3 {
        let a = Action::Barrage { dice, target: None };
        let odds = g.action_odds(Seat(0), &a).expect("odds of a legal barrage");
        let entry = &odds["targets"][0];
        assert_eq!(entry["defense"], 3);
        check_entry(entry, sample_barrages(&g, &a));
        // Stats 1+3+2 = 6 levels: one hit never destroys.
        assert_eq!(entry["p_removed"].as_f64(), Some(0.0));
    }
    // Not an attack roll: no odds.
    assert!(g.action_odds(Seat(0), &Action::StopFiring).is_none());
    assert!(g
        .action_odds(
            Seat(1),
            &Action::Barrage {
                dice: 1,
                target: None
            }
        )
        .is_none());
}

/// Flak at a squadron in an asteroid field next to a moon (−2): the defender's 1D6 and
/// the modifiers, against the real code.
#[test]
fn flak_barrage_with_terrain_matches_the_engine() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let (a, sq) = shooter_and_a_squadron_alongside(&mut sb, design("S", 5, 0, 0, 5, 3));
    terrain(&mut sb, TerrainKind::Asteroid, o.step(Dir::Ne));
    let mut g = activated(sb, 3, a);
    play(&mut g, 0, Action::FireCannons { target: sq });
    let act = Action::Barrage {
        dice: 3,
        target: Some(sq),
    };
    let odds = g.action_odds(Seat(0), &act).expect("odds");
    let entry = &odds["targets"][0];
    assert_eq!(entry["modifier"], -1);
    assert!(entry["defense"].is_null());
    check_entry(entry, sample_barrages(&g, &act));
    // An active squadron is removed only by a direct hit.
    assert_eq!(entry["p_removed"], entry["direct_hit"]);
}

/// A dogfight's five results against the real `exec_dogfight`.
#[test]
fn dogfight_matches_the_engine() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let h0 = ship(&mut sb, 0, design("H0", 0, 0, 1, 5, 1), o, Dir::N);
    let h1 = ship(
        &mut sb,
        1,
        design("H1", 0, 0, 1, 5, 1),
        o.steps(Dir::N, 5),
        Dir::S,
    );
    let s0 = squadron(&mut sb, 0, h0, o.steps(Dir::N, 2));
    let s1 = squadron(&mut sb, 1, h1, o.steps(Dir::N, 3));
    terrain(&mut sb, TerrainKind::Asteroid, o.steps(Dir::N, 3));
    seat_0_first(&mut sb);
    let g = activated(sb, 5, s0);
    let act = Action::Dogfight { target: s1 };
    let odds = g.action_odds(Seat(0), &act).expect("odds");
    let mut c = [0u32; 5];
    for seed in 0..u64::from(RUNS) {
        let mut h = g.clone();
        h.rng_mut().reseed(seed);
        for e in h.apply(Seat(0), &act).expect("legal") {
            if let Event::Dogfight { winner, result, .. } = e.event {
                let direct = result == Some(BarrageResult::DirectHit);
                c[match winner {
                    None => 0,
                    Some(w) if w == s0 => 1 + usize::from(direct),
                    Some(_) => 3 + usize::from(direct),
                }] += 1;
            }
        }
    }
    let keys = [
        "no_result",
        "attacker_hit",
        "attacker_direct_hit",
        "defender_hit",
        "defender_direct_hit",
    ];
    for (i, k) in keys.iter().enumerate() {
        within(k, odds[k].as_f64().expect("number"), c[i], RUNS);
    }
    assert_eq!(odds["no_result"].as_f64(), Some(1.0 / 6.0));
}

/// Every (dice, modifier, defence) up to 4 dice against a brute-force enumeration of
/// the LF-11 grading, and a pool far above the defence (only all 1s misses).
#[test]
fn barrage_matches_brute_force() {
    for n in 1..=4u32 {
        for m in [0i8, -1, -2] {
            for def in [None, Some(0u8), Some(1), Some(3), Some(7)] {
                let defs: Vec<u32> = def.map_or((1..=6).collect(), |d| vec![u32::from(d)]);
                let mut c = [0u128; 4];
                for code in 0..6u32.pow(n) {
                    let dice: Vec<u32> = (0..n).map(|i| code / 6u32.pow(i) % 6 + 1).collect();
                    for &d in &defs {
                        let sum: i64 = dice.iter().map(|&x| i64::from(x)).sum();
                        let total = (sum + i64::from(m)).max(1) as u32;
                        c[if dice.iter().all(|&x| x == 1) {
                            0
                        } else if total > 2 * d {
                            3
                        } else if total > d {
                            2
                        } else {
                            1
                        }] += 1;
                    }
                }
                let all = u128::from(6u32.pow(n)) * defs.len() as u128;
                let d = def.map_or(Defense::Squadron, Defense::Ship);
                let o = barrage(n as u8, m, d);
                let got = [o.auto_miss, o.miss, o.hit, o.direct_hit];
                for i in 0..4 {
                    let (num, den) = exact(got[i]);
                    assert_eq!(num * all, c[i] * den, "n {n} m {m} def {def:?} result {i}");
                }
            }
        }
    }
    let o = barrage(10, 0, Defense::Ship(2));
    assert_eq!(exact(o.auto_miss), (1, 60_466_176));
    assert_eq!(exact(o.miss), (0, 1));
    assert_eq!(exact(o.direct_hit), (60_466_175, 60_466_176));
}

/// A formation of two squadrons rolls 2 dice at a ship against its Defense; a ship
/// with one stat level left is removed by any hit (LF-13).
#[test]
fn formation_matches_the_engine() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let h0 = ship(&mut sb, 0, design("H0", 0, 0, 2, 5, 1), o, Dir::N);
    let t = ship(
        &mut sb,
        1,
        design("T", 0, 0, 0, 1, 0),
        o.steps(Dir::N, 4),
        Dir::S,
    );
    let s0 = squadron(&mut sb, 0, h0, o.steps(Dir::N, 3));
    let s1 = squadron(&mut sb, 0, h0, o.steps(Dir::N, 4).step(Dir::Ne));
    seat_0_first(&mut sb);
    let g = activated(sb, 5, s0);
    let act = Action::Formation {
        target: t,
        wingmen: vec![s1],
    };
    let odds = g.action_odds(Seat(0), &act).expect("odds");
    assert_eq!(odds["kind"], "formation");
    let e = &odds["targets"][0];
    assert_eq!(
        (e["dice"].as_u64(), e["defense"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(e["p_removed"], e["p_hit"]);
    assert_eq!(e["levels_lost"]["1"], e["p_hit"]);
    check_entry(e, sample_barrages(&g, &act));
}

/// `orrery odds launch-fighters barrage --dice 3 --defense 4` as the calculator hook
/// (`Odds::odds_calculate`) writes it: the table and the one-line JSON.
#[test]
fn the_barrage_calculator_writes_the_table_and_the_json() {
    use orrery_core::{OddsArgs, OddsValue::Integer};
    let args = OddsArgs::new()
        .with("dice", Integer(3))
        .with("defense", Integer(4));
    let r = LaunchFighters::odds_calculate("barrage", &args).expect("computed");
    assert_eq!(
        r.text,
        "Barrage (LF-11)\n  automatic miss           0.4630%  1/216\n  \
         miss                     1.3889%  1/72\n  hit                     24.0741%  13/54\n  \
         direct hit              74.0741%  20/27\n"
    );
    assert_eq!(
        r.json,
        r#"{"auto_miss":0.004629629629629629,"miss":0.013888888888888888,"hit":0.24074074074074073,"direct_hit":0.7407407407407407}"#
    );
    let both = args.with("squadron", orrery_core::OddsValue::Flag(true));
    assert!(LaunchFighters::odds_calculate("barrage", &both).is_err());
}
