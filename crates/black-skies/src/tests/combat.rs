//! Firing (BS-09), arcs and bands (BS-10), hull and crippling (BS-11), the seed's
//! worked examples, and the exact odds against the real rules code.

use crate::catalogue::step_down;
use crate::combat::{attack, final_accuracy, shot_at, weapons_allowed, Band, Shot};
use crate::event::Event;
use crate::state::Phase;
use crate::testkit::{place, scenario, started};
use crate::{Action, BlackSkies};
use orrery_core::{Game, Odds, OddsArgs, OddsValue, Rng, Seat};
use orrery_table::{Heading, Point, Sector};

/// A duel at turn 1: Tiger lead (0) at (18, 10) heading +y, its wingman (1) out of the
/// way; Falcon lead (2) at (18, 10 + d) heading down; Falcon wingman (3) far off.
fn facing(d: f64) -> BlackSkies {
    let mut g = started(&scenario("duel"), 3);
    place(&mut g, 0, 18.0, 10.0, 0);
    place(&mut g, 1, 2.0, 2.0, 0);
    place(&mut g, 2, 18.0, 10.0 + d, 180);
    place(&mut g, 3, 34.0, 34.0, 180);
    g
}

/// Fire weapon `weapon` of fighter `from` at `to` with the dice `faces`; the Shot
/// event.
fn shoot(g: &mut BlackSkies, from: u8, weapon: u8, to: u8, faces: &[u32]) -> Event {
    g.phase = Phase::Fire {
        element: g.fighters[usize::from(from)].element,
        fighter: from,
        weapon,
        fired: 0,
    };
    g.rng.force(faces);
    let seat = g.fighters[usize::from(from)].seat;
    let events = g
        .apply(seat, &Action::Fire { target: to })
        .expect("legal shot");
    events
        .into_iter()
        .map(|l| l.event)
        .find(|e| matches!(e, Event::Shot { .. }))
        .expect("a shot")
}

/// Seed "Armour": "if a fighter with light armour (-1) was hit twice and the damage
/// rolled was 2 and 3, then the actual damage applied would be (2-1) + (3-1) or 3."
/// A Pulse Laser (RoF 2, d4) at a Hornet-like light armoured target: two hits.
#[test]
fn bs09_worked_light_armour_2_and_3_make_3() {
    let mut g = facing(5.0);
    // Falcons have light armour and no shields; the Tiger's Laser Cannon is a d6.
    let Event::Shot { damage, hull, .. } = shoot(&mut g, 0, 0, 2, &[1, 2]) else {
        unreachable!()
    };
    assert_eq!(damage, vec![(6, 2, 1)]);
    assert_eq!(hull, 3);
    // Two hits of 2 and 3 against light armour: 1 + 2 = 3.
    let mut g = facing(5.0);
    g.designs[g.fighters[0].design].weapons[0].rof = 2;
    let Event::Shot { damage, hull, .. } = shoot(&mut g, 0, 0, 2, &[1, 1, 2, 3]) else {
        unreachable!()
    };
    let dealt: u8 = damage.iter().map(|d| d.2).sum();
    assert_eq!(dealt, 3);
    assert_eq!(hull, 4 - 3);
}

/// Seed "Shields": "if a fighter with shields was hit by a Laser Cannon (damage = d6)
/// the die your opponent actually rolled would be a d4 instead."
#[test]
fn bs09_worked_shields_turn_a_d6_into_a_d4() {
    assert_eq!(step_down(6), 4);
    assert_eq!(step_down(4), 3);
    assert_eq!(step_down(2), 2);
    let mut g = facing(5.0);
    // The Falcon fires its Laser Cannon at the shielded Black Tiger.
    let Event::Shot { damage, .. } = shoot(&mut g, 2, 0, 0, &[1, 4]) else {
        unreachable!()
    };
    assert_eq!(damage[0].0, 4, "a d4 is rolled");
    assert_eq!(damage[0].2, 3, "4 less light armour 1");
}

/// BS-09: hits on a d10 ≤ final accuracy; +1 close / −1 long, +1 slower than 4, −1
/// faster than 8, −1 jinking; accuracy ≤ 0 cannot hit.
#[test]
fn bs09_accuracy_modifiers() {
    assert_eq!(final_accuracy(2, Band::Close, 6, false), 3);
    assert_eq!(final_accuracy(2, Band::Medium, 6, false), 2);
    assert_eq!(final_accuracy(2, Band::Long, 6, false), 1);
    assert_eq!(final_accuracy(2, Band::Medium, 3, false), 3);
    assert_eq!(final_accuracy(2, Band::Medium, 4, false), 2);
    assert_eq!(final_accuracy(2, Band::Medium, 8, false), 2);
    assert_eq!(final_accuracy(2, Band::Medium, 9, false), 1);
    assert_eq!(final_accuracy(2, Band::Long, 12, true), -1);
    let never = Shot {
        rof: 3,
        accuracy: 0,
        die: 6,
        armour: 0,
        hull: 6,
        max_hull: 6,
    };
    assert_eq!(attack(&never).p_destroyed.p, 0.0);
    // In a game: a jinking Falcon at long range moving 10.
    let mut g = facing(15.0);
    g.elements[1].speed = 10;
    g.fighters[2].jinking = true;
    let w = g.designs[g.fighters[0].design].weapons[0].clone();
    let (band, shot) = shot_at(&g, &g.fighters[0], &w, &g.fighters[2]).unwrap();
    assert_eq!(band, Band::Long);
    assert_eq!(shot.accuracy, 2 - 1 - 1 - 1);
    let Event::Shot { rolls, damage, .. } = shoot(&mut g, 0, 0, 2, &[1]) else {
        unreachable!()
    };
    assert_eq!(rolls, vec![1]);
    assert!(damage.is_empty(), "a 1 does not hit accuracy −1");
}

/// BS-10: the Laser Cannon's bands 6/12/18; out of range beyond 18; six 60° arcs.
#[test]
fn bs10_bands_and_arcs() {
    assert_eq!(Band::of(6.0, 18), Some(Band::Close));
    assert_eq!(Band::of(6.01, 18), Some(Band::Medium));
    assert_eq!(Band::of(12.0, 18), Some(Band::Medium));
    assert_eq!(Band::of(18.0, 18), Some(Band::Long));
    assert_eq!(Band::of(18.01, 18), None);
    let at = Point::new(0.0, 0.0);
    let h = Heading(0);
    let bearing = |deg: i32| at + Heading::from_degrees(deg).unwrap().vector() * 5.0;
    assert_eq!(Sector::of(at, h, bearing(30)), Sector::Front);
    assert_eq!(Sector::of(at, h, bearing(-45)), Sector::FrontLeft);
    assert_eq!(Sector::of(at, h, bearing(135)), Sector::RearRight);
    assert_eq!(Sector::of(at, h, bearing(165)), Sector::Rear);
    // In a game: a Falcon 12" dead ahead is in the front arc at medium range; moved
    // beside the Tiger it is out of the Laser Cannon's (front) arc.
    let g = facing(12.0);
    let w = g.designs[g.fighters[0].design].weapons[0].clone();
    assert_eq!(
        shot_at(&g, &g.fighters[0], &w, &g.fighters[2]).unwrap().0,
        Band::Medium
    );
    let mut side = g.clone();
    place(&mut side, 2, 26.0, 10.0, 180);
    assert!(shot_at(&side, &side.fighters[0], &w, &side.fighters[2]).is_none());
    // BS-14's Turret Laser fires into all six arcs.
    let turret = crate::scenario::catalogue()
        .into_iter()
        .find(|d| d.name == "Warhammer")
        .unwrap()
        .weapons[2]
        .clone();
    assert_eq!(turret.arcs.len(), 6);
    assert!(shot_at(&side, &side.fighters[0], &turret, &side.fighters[2]).is_some());
}

/// BS-11: crippled at half Hull or less: half its weapons (round down), harder to
/// fly; destroyed at 0 and removed.
#[test]
fn bs11_crippled_and_destroyed() {
    let mut g = facing(5.0);
    assert_eq!(weapons_allowed(&g, &g.fighters[0]), 3);
    g.fighters[0].hull = 3;
    assert!(g.crippled(&g.fighters[0]));
    assert_eq!(
        weapons_allowed(&g, &g.fighters[0]),
        1,
        "3 Laser Cannons → 1"
    );
    g.fighters[0].hull = 4;
    assert!(!g.crippled(&g.fighters[0]));
    // A crippled Tiger fires one cannon, then its firing is over.
    g.fighters[0].hull = 3;
    shoot(&mut g, 0, 0, 2, &[10]);
    assert!(
        !matches!(g.phase, Phase::Fire { fighter: 0, .. }),
        "{:?}",
        g.phase
    );
    // Destroyed at 0: the Falcon (hull 4, light armour) takes 6 − 1 = 5.
    let mut g = facing(5.0);
    let seat = Seat(0);
    shoot(&mut g, 0, 0, 2, &[1, 6]);
    assert_eq!(g.fighters[2].hull, 0);
    assert_eq!(g.fighters[2].status, crate::state::Status::Destroyed);
    assert_eq!(g.scores()[seat.index()], 29.0, "BS-12: its points score");
}

/// BS-04: the active element fires; damage is immediate (a later weapon sees it).
#[test]
fn bs04_damage_is_immediate_between_weapons() {
    let mut g = facing(5.0);
    // First cannon: 1 hit for 4 (d6 4 − armour 1 = 3): Falcon hull 1, crippled.
    shoot(&mut g, 0, 0, 2, &[1, 4]);
    assert_eq!(g.fighters[2].hull, 1);
    let odds = g.action_odds(Seat(0), &Action::Fire { target: 2 }).unwrap();
    assert!(odds["p_destroyed"].as_f64().unwrap() > 0.0);
    assert_eq!(odds["band"], "close");
}

/// Exact odds, by hand: one Laser Cannon die at close range (accuracy 3) against a
/// shielded, lightly armoured Black Tiger: hit 3/10; a d4 less 1: 0,1,2,3 each ¼.
#[test]
fn attack_odds_by_hand() {
    let o = attack(&Shot {
        rof: 1,
        accuracy: 3,
        die: 4,
        armour: 1,
        hull: 6,
        max_hull: 6,
    });
    assert_eq!(o.p_hit.exact, Some((3, 10)));
    assert_eq!(o.damage[&0].exact, Some((31, 40)));
    assert_eq!(o.damage[&3].exact, Some((3, 40)));
    assert_eq!(o.p_crippled.exact, Some((3, 40)));
    assert_eq!(o.p_destroyed.exact, Some((0, 1)));
    // Two dice at accuracy 5, d6, no armour, hull 4: destroyed when the damage sums
    // to 4 or more.
    let o = attack(&Shot {
        rof: 2,
        accuracy: 5,
        die: 6,
        armour: 0,
        hull: 4,
        max_hull: 4,
    });
    // One hit (½): 4,5,6 → ½. Two hits (¼): sums ≥ 4 of 2d6 = 33/36.
    let want = 0.5 * 0.5 + 0.25 * 33.0 / 36.0;
    assert!((o.p_destroyed.p - want).abs() < 1e-12);
    let total: f64 = o.damage.values().map(|p| p.p).sum();
    assert!((total - 1.0).abs() < 1e-12);
}

/// The calculators agree with a Monte Carlo run of the real rules code: shots fired
/// through `apply` in games.
#[test]
fn attack_odds_match_monte_carlo_of_the_rules() {
    let base = facing(10.0);
    let mut g = base.clone();
    let args = OddsArgs::default()
        .with("rof", OddsValue::Integer(1))
        .with("accuracy", OddsValue::Integer(2))
        .with("band", OddsValue::Choice("medium".into()))
        .with(
            "target-speed",
            OddsValue::Integer(i64::from(g.elements[1].speed)),
        )
        .with("damage", OddsValue::Choice("d6".into()))
        .with("armor", OddsValue::Integer(1))
        .with("hull", OddsValue::Integer(4));
    let report = BlackSkies::odds_calculate("attack", &args).unwrap();
    let odds: serde_json::Value = serde_json::from_str(&report.json).unwrap();
    let n = 20_000;
    let mut rng = Rng::seed_from(11);
    let mut lost = [0u32; 5];
    for _ in 0..n {
        g.clone_from(&base);
        g.rng.reseed(rng.next_u64());
        g.phase = Phase::Fire {
            element: 0,
            fighter: 0,
            weapon: 0,
            fired: 0,
        };
        g.apply(Seat(0), &Action::Fire { target: 2 }).unwrap();
        lost[usize::from(4 - g.fighters[2].hull)] += 1;
    }
    for (k, &count) in lost.iter().enumerate() {
        let p = odds["damage"]
            .get(k.to_string())
            .and_then(|v| v.as_f64())
            .unwrap_or(0.0);
        let seen = f64::from(count) / f64::from(n);
        // 4.5 standard errors.
        let tol = 4.5 * (p * (1.0 - p) / f64::from(n)).sqrt() + 1e-9;
        assert!((seen - p).abs() <= tol, "hull lost {k}: {seen} vs {p}");
    }
    let crippled = f64::from(lost[2] + lost[3]) / f64::from(n);
    assert!((crippled - odds["p_crippled"].as_f64().unwrap()).abs() < 0.02);
}

/// The piloting calculator against hand counts and a Monte Carlo of the rules'
/// own check.
#[test]
fn piloting_odds() {
    let run = |skill: i64, weight: &str, d: i64, crippled: bool| {
        let mut a = OddsArgs::default()
            .with("skill", OddsValue::Integer(skill))
            .with("weight", OddsValue::Choice(weight.into()))
            .with("difficulty", OddsValue::Integer(d));
        if crippled {
            a = a.with("crippled", OddsValue::Flag(true));
        }
        let r = BlackSkies::odds_calculate("piloting", &a).unwrap();
        let v: serde_json::Value = serde_json::from_str(&r.json).unwrap();
        v["p_pass"].as_f64().unwrap()
    };
    assert_eq!(run(2, "medium", 3, false), 1.0);
    assert_eq!(run(1, "medium", 3, false), 0.9);
    assert_eq!(run(1, "heavy", 3, true), 0.5);
    // 12 − (4 + 1) = 7: faces 7–10.
    assert_eq!(run(4, "light", 12, false), 0.4);
}

/// The protocol's `odds` for a listed attack: every fire action has odds; holding
/// has none.
#[test]
fn every_listed_attack_has_odds() {
    let mut g = facing(5.0);
    g.phase = Phase::Fire {
        element: 0,
        fighter: 0,
        weapon: 0,
        fired: 0,
    };
    let legal = g.legal_actions(Seat(0));
    assert!(legal.contains(&Action::Hold));
    for a in legal {
        assert_eq!(
            g.action_odds(Seat(0), &a).is_some(),
            matches!(a, Action::Fire { .. })
        );
    }
}
