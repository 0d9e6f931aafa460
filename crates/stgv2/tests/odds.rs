//! Exact odds against Monte Carlo runs of the real rules code (ST-11, ST-13).

use orrery_core::{Game, OddsArgs, OddsValue, Rng, Seat};
use orrery_stgv2::action::Action;
use orrery_stgv2::combat::{roll_pool, volley_hits};
use orrery_stgv2::event::Event;
use orrery_stgv2::odds::{cards_odds, volley_odds};
use orrery_stgv2::state::Phase;
use orrery_stgv2::testkit::*;
use orrery_stgv2::Stgv2;

const N: usize = 200_000;

/// Within 5 standard errors of a sample of `N`.
fn close(p: f64, hits: usize, n: usize) -> bool {
    let q = hits as f64 / n as f64;
    (q - p).abs() <= 5.0 * (p * (1.0 - p) / n as f64).sqrt() + 1e-9
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
        let exact = volley_odds(a, d, r, s);
        let mut counts = [0usize; 6];
        for _ in 0..N {
            let h = volley_hits(&roll_pool(&mut rng, a, r), &roll_pool(&mut rng, d, s));
            counts[h as usize] += 1;
        }
        for h in 0..6 {
            assert!(
                close(exact[h].p, counts[h], N),
                "{a}d×{r} vs {d}d×{s}: {h} hits exact {} sampled {}",
                exact[h].p,
                counts[h] as f64 / N as f64
            );
        }
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
