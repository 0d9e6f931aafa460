//! Exact odds against Monte Carlo runs of the real rules code (ST-11, ST-13).

use crate::action::Action;
use crate::combat::{roll_pool, volley_hits};
use crate::event::Event;
use crate::odds::{cards_odds, volley_odds};
use crate::state::Phase;
use crate::testkit::*;
use crate::Stgv2;
use orrery_core::{Game, Odds, OddsArgs, OddsValue, Rng, Seat};

const N: usize = 200_000;

/// Within 5 standard errors of a sample of `N`.
fn close(p: f64, hits: usize, n: usize) -> bool {
    let q = hits as f64 / n as f64;
    (q - p).abs() <= 5.0 * (p * (1.0 - p) / n as f64).sqrt() + 1e-9
}

/// The odds of `a` attack dice rolled `r` times against `d` defence dice rolled `s`
/// times match `N` volleys of the rules' own dice: each number of hits (0 to 5) within
/// sampling error.
fn assert_odds_match_the_dice(rng: &mut Rng, a: u32, d: u32, r: u32, s: u32) {
    let odds = volley_odds(a, d, r, s);
    let mut counts = [0usize; 6];
    for _ in 0..N {
        let h = volley_hits(&roll_pool(rng, a, r), &roll_pool(rng, d, s));
        counts[h as usize] += 1;
    }
    for h in 0..6 {
        assert!(
            close(odds[h].p, counts[h], N),
            "{a}d×{r} vs {d}d×{s}: {h} hits computed {} sampled {}",
            odds[h].p,
            counts[h] as f64 / N as f64
        );
    }
}

#[test]
fn st11_volley_odds_match_the_rules_dice() {
    let mut rng = Rng::seed_from(7);
    for (a, d, r, s) in [
        (1, 1, 1, 1),
        (3, 2, 2, 1),
        (2, 4, 3, 2),
        (6, 2, 1, 3),
        (4, 0, 1, 1),
    ] {
        assert_odds_match_the_dice(&mut rng, a, d, r, s);
    }
}

#[test]
fn st11_the_calculator_and_the_protocol_answer_the_same() {
    let args = OddsArgs::new()
        .with("attack-dice", OddsValue::Integer(2))
        .with("defense-dice", OddsValue::Integer(1))
        .with("attack-rolls", OddsValue::Integer(2))
        .with("defense-rolls", OddsValue::Integer(1));
    let report = Stgv2::odds_calculate("combat", &args).unwrap();
    let odds: serde_json::Value = serde_json::from_str(&report.json).unwrap();
    let hits = &odds["hits"];
    let exact = volley_odds(2, 1, 2, 1);
    for h in 0..6 {
        assert!((hits[h.to_string()].as_f64().unwrap() - exact[h].p).abs() < 1e-12);
    }
    // A legal attack's odds: the same volley computed from the ships.
    let mut g = started(&scenario("outpost"), 3);
    g.players[1].bought_ship = true;
    g.players[0].placed.attack = 1;
    at_phase(&mut g, Seat(0), Phase::Combat);
    place(&mut g, 0, pos(1, 0, 1));
    place(&mut g, 1, pos(1, 0, 2));
    g.ship_mut(0).assets.weapon = 2;
    let o = g
        .action_odds(Seat(0), &Action::Attack { ship: 0, target: 1 })
        .unwrap();
    assert_eq!(o["attack"]["attack_rolls"], 2);
    assert!((o["attack"]["hits"]["1"].as_f64().unwrap() - exact[1].p).abs() < 1e-12);
    assert!(o["return_fire"]["hits"]["0"].as_f64().unwrap() > 0.0);
    assert!(g.action_odds(Seat(0), &Action::Next).is_none());
}

#[test]
fn st13_attempt_cards_match_the_rules_code() {
    // Play the real Action step many times and count the cards drawn.
    let (one, _) = cards_odds(1);
    let mut counts = [0usize; 4];
    let n = 40_000;
    let mut g = started(&scenario("outpost"), 3);
    at_phase(&mut g, Seat(0), Phase::Action);
    g.players[0].placed.action = 1;
    place(&mut g, 0, pos(1, 0, 0));
    g.clusters[0].outpost = Some(Seat(0));
    for i in 0..n {
        let mut c = g.clone();
        c.rng_mut().reseed(i as u64);
        let log = c
            .apply(
                Seat(0),
                &Action::Act {
                    ship: 0,
                    cluster: 0,
                },
            )
            .unwrap();
        let cards = log
            .iter()
            .find_map(|l| match &l.event {
                Event::ActionRolled { cards, .. } => Some(*cards),
                _ => None,
            })
            .unwrap();
        counts[cards as usize] += 1;
    }
    for k in 0..4 {
        assert!(
            close(one[k].p, counts[k], n),
            "{k} cards: exact {} sampled {}",
            one[k].p,
            counts[k] as f64 / n as f64
        );
    }
    // The calculator's two attempts add up.
    let args = OddsArgs::new().with("rolls", OddsValue::Integer(2));
    let r = Stgv2::odds_calculate("action", &args).unwrap();
    let odds: serde_json::Value = serde_json::from_str(&r.json).unwrap();
    let total: f64 = (0..=6)
        .map(|k| odds["cards"][k.to_string()].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
}

/// The six hit chances of an odds answer: numbers (never `null`), summing to 1.
fn hit_chances(hits: &serde_json::Value) -> [f64; 6] {
    let p: [f64; 6] = std::array::from_fn(|h| {
        hits[h.to_string()]
            .as_f64()
            .unwrap_or_else(|| panic!("{h} hits: {}", hits[h.to_string()]))
    });
    assert!(p.iter().all(|&x| (0.0..=1.0).contains(&x)), "{p:?}");
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{p:?}");
    p
}

#[test]
fn st11_odds_stay_numbers_for_every_pool_the_calculator_accepts() {
    // Past about 397 dice in all, 6^dice overflows even f64: 130 × 3 + 24 × 3 is
    // 462 dice. The calculator's bounds: 0–200 dice, 1–10 rolls a side.
    for (a, d, r, s) in [
        (130, 24, 3, 3),
        (200, 200, 10, 10),
        (200, 0, 10, 1),
        (0, 200, 1, 10),
        (1, 200, 1, 10),
        (200, 199, 10, 10),
    ] {
        let args = OddsArgs::new()
            .with("attack-dice", OddsValue::Integer(a))
            .with("defense-dice", OddsValue::Integer(d))
            .with("attack-rolls", OddsValue::Integer(r))
            .with("defense-rolls", OddsValue::Integer(s));
        let report = Stgv2::odds_calculate("combat", &args).unwrap();
        let odds: serde_json::Value = serde_json::from_str(&report.json).unwrap();
        let p = hit_chances(&odds["hits"]);
        assert!(!report.text.contains("NaN"), "{}", report.text);
        match (a, d) {
            (0, _) => assert_eq!(p[0], 1.0, "no dice, no hit"),
            (200, 0) => assert_eq!(p[5], 1.0, "at least 200 against 0"),
            (1, 200) => assert_eq!(p[0], 1.0, "at most 6 against at least 200"),
            _ => {}
        }
    }
    // 200 × 10 against 199 × 10: one die more, so more hits than none at all.
    let p = volley_odds(200, 199, 10, 10);
    assert!(p[0].p < 0.5 && p[0].p > 0.3, "{}", p[0].p);
}

#[test]
fn st11_odds_beyond_exact_counting_match_the_rules_dice() {
    // 12 × 3 + 9 × 2 = 54 dice: past the exact fractions, computed in f64.
    let (a, d, r, s) = (12, 9, 3, 2);
    assert!(volley_odds(a, d, r, s).iter().all(|p| p.exact.is_none()));
    assert_odds_match_the_dice(&mut Rng::seed_from(11), a, d, r, s);
}

#[test]
fn st11_the_odds_of_an_attack_by_a_full_station_group_are_numbers() {
    // Seat 0's ships fill every position beside its station (tile (2,0), centre
    // (2,2)), 12 Weapons and 12 Shields each, doubled there: 29 × 24 = 696 attack
    // dice rolled 3 times; the target beside the principal.
    let mut g = started(&scenario("outpost"), 3);
    g.players[1].bought_ship = true;
    g.players[0].placed.attack = 2;
    g.players[1].placed.defend = 2;
    at_phase(&mut g, Seat(0), Phase::Combat);
    let station = g.stations[0];
    let mut spots = Vec::new();
    for node in station.neighbours() {
        for z in 0..g.field.levels {
            let p = orrery_nodes::Pos { node, z };
            if g.field.has_pos(p) {
                spots.push(p);
            }
        }
    }
    let (first, rest) = spots.split_first().unwrap();
    place(&mut g, 0, *first);
    g.ship_mut(0).assets = assets(12, 12, 0);
    // The target takes the spot above the principal's.
    let target_at = rest
        .iter()
        .position(|p| g.field.adjacent(*first, *p))
        .unwrap();
    place(&mut g, 1, rest[target_at]);
    g.ship_mut(1).assets = assets(12, 12, 0);
    for (k, &p) in rest.iter().enumerate() {
        if k != target_at {
            add_ship(&mut g, Seat(0), p, assets(12, 12, 0));
        }
    }
    let attack = Action::Attack { ship: 0, target: 1 };
    let (pools, _) = g.battle_pools(0, 1);
    assert!(pools.attack_dice * pools.attack_rolls > 1_000, "{pools:?}");
    let o = g.action_odds(Seat(0), &attack).unwrap();
    let p = hit_chances(&o["attack"]["hits"]);
    assert!(p[5] > 0.999, "{p:?}");
    hit_chances(&o["return_fire"]["hits"]);
    assert!(o["target_destroyed"].as_f64().is_some());
    assert!(o["attacker_destroyed"].as_f64().is_some());
    assert!(g.action_odds_text(Seat(0), &attack).is_some());
}
