//! Exact odds (`odds.rs`) against hand-computed cases (SY-09, SY-17, SY-19) and
//! against Monte Carlo runs of the real combat code: `combat::resolve_combat` (attack
//! rolls, damage rolls, shields, structure) and `combat::missile_damage_phase` on
//! reseeded clones of one position; every frequency within 4 standard errors.

use crate::combat::{missile_damage_phase, resolve_combat};
use crate::event::Weapon;
use crate::odds::{attack, hit_counts, hull_stress, Prob, Shot, Target};
use crate::state::{Ask, AskKind, Batch, Lock, Log, Stratoyager};
use crate::testkit::*;
use crate::*;
use orrery_core::{Game, Odds, Seat};
use serde_json::Value;

const RUNS: u32 = 20_000;

fn exact(p: Prob) -> (u128, u128) {
    p.exact.expect("exact")
}

fn shot(band: Band, tht: i32, linked: bool, dice: u8) -> Shot {
    Shot {
        band: Some(band),
        tht,
        linked,
        damage_dice: dice,
        countermeasures: false,
    }
}

fn target(armor: u8, shields: u8, structure: i32) -> Target {
    Target {
        armor,
        shields,
        structure,
        reactor_aft: false,
    }
}

/// SY-17 by hand: Medium 1D6 at THT 4 hits 1/2; Close 2D6 highest at THT 5 hits
/// 1 − (4/6)² = 5/9; THT ≤ 1 always hits; THT > 6 never.
#[test]
fn to_hit_by_hand() {
    let t = target(4, 0, 3);
    assert_eq!(
        exact(attack(&[shot(Band::Medium, 4, false, 1)], &t).p_hit),
        (1, 2)
    );
    assert_eq!(
        exact(attack(&[shot(Band::Close, 5, false, 1)], &t).p_hit),
        (5, 9)
    );
    assert_eq!(
        exact(attack(&[shot(Band::Extreme, -3, false, 1)], &t).p_hit),
        (1, 1)
    );
    assert_eq!(
        exact(attack(&[shot(Band::PointBlank, 7, true, 1)], &t).p_hit),
        (0, 1)
    );
    // Long 2D6 lowest at THT 5: both ≥ 5 = 4/36.
    assert_eq!(hit_counts(Some(Band::Long), 5, false), (4, 2));
}

/// Linked as the engine plays it: Medium THT 4 misses 1/2, the re-roll saves half of
/// those: 3/4. Long THT 5: 4/36 outright, plus a picked low die whose partner is ≥ 5
/// (16/36) re-rolled to ≥ 5 (1/3): 28/108 = 7/27.
#[test]
fn linked_by_hand() {
    let t = target(4, 0, 3);
    assert_eq!(
        exact(attack(&[shot(Band::Medium, 4, true, 1)], &t).p_hit),
        (3, 4)
    );
    assert_eq!(
        exact(attack(&[shot(Band::Long, 5, true, 1)], &t).p_hit),
        (7, 27)
    );
}

/// SY-19 by hand: 2 dice vs armour 4 score 0/1/2 points with 1/4, 1/2, 1/4; one
/// shield absorbs one; Structure 1 is wrecked by exactly 1 lost. Medium THT 4 (1/2).
/// Reactor Interference from aft: shields 1 count as 0.
#[test]
fn damage_and_shields_by_hand() {
    let o = attack(&[shot(Band::Medium, 4, false, 2)], &target(4, 1, 1));
    assert_eq!(exact(o.structure_lost[&0]), (7, 8));
    assert_eq!(exact(o.structure_lost[&1]), (1, 8));
    assert_eq!(exact(o.p_wrecked), (1, 8));
    assert_eq!(exact(o.p_destroyed), (0, 1));
    let mut rt = target(4, 1, 1);
    rt.reactor_aft = true;
    let o = attack(&[shot(Band::Medium, 4, false, 2)], &rt);
    assert_eq!(exact(o.p_wrecked), (1, 4));
    assert_eq!(exact(o.p_destroyed), (1, 8));
    // Two shots at one target: p_hit is "at least one", damage convolved.
    let two = attack(
        &[
            shot(Band::Medium, 4, false, 2),
            shot(Band::Medium, 4, false, 2),
        ],
        &target(4, 0, 9),
    );
    assert_eq!(exact(two.p_hit), (3, 4));
    let sum: f64 = two.structure_lost.values().map(|p| p.p).sum();
    assert!((sum - 1.0).abs() < 1e-12);
}

/// SY-09 by hand: one die failing on 4+ is a Greyout half the time; Retrofitted
/// Civilian (3+) two-thirds.
#[test]
fn hull_stress_by_hand() {
    let o = hull_stress(1, 4);
    assert_eq!(exact(o.none), (1, 2));
    assert_eq!(exact(o.greyout), (1, 2));
    assert_eq!(exact(hull_stress(1, 3).greyout), (2, 3));
    let five = hull_stress(5, 4);
    // 4+ fails of 5: (5 + 1)/32.
    assert_eq!(exact(five.destroyed), (3, 16));
    assert!(hull_stress(200, 4).destroyed.exact.is_none());
}

/// `n` dice rolled by the real Hull Stress code: the tiers match.
#[test]
fn hull_stress_matches_the_engine() {
    let roster = crate::data::default_roster();
    for (card, fail_on) in [(&roster[GUARDIAN], 4), (&roster[EVO], 3)] {
        let o = hull_stress(3, fail_on);
        let mut rng = orrery_core::Rng::seed_from(7);
        let mut c = [0u32; 5];
        for _ in 0..RUNS {
            let dice: Vec<u8> = (0..3).map(|_| rng.d6()).collect();
            let f = crate::stress::failures(card, &dice) as usize;
            c[f.min(4)] += 1;
        }
        let ps = [o.none, o.greyout, o.blackout, o.structural, o.destroyed];
        for (i, p) in ps.iter().enumerate() {
            within(&format!("stress {i}"), p.p, c[i], RUNS);
        }
    }
}

fn within(label: &str, p: f64, count: u32, runs: u32) {
    let f = f64::from(count) / f64::from(runs);
    let se = (p * (1.0 - p) / f64::from(runs)).sqrt();
    assert!(
        (f - p).abs() <= 4.0 * se + 1e-12,
        "{label}: exact {p}, sampled {f} ({count}/{runs})"
    );
}

/// Ask `unit` (side A) for its Combat Action.
fn ask_combat(g: &mut Stratoyager, unit: UnitId) {
    ask(g, unit, AskKind::Combat);
}

/// Ask `unit` (side A) the question `kind`, alone.
fn ask(g: &mut Stratoyager, unit: UnitId, kind: AskKind) {
    g.batch = Some(Batch {
        kind,
        secret: true,
        asks: vec![Ask {
            seat: A,
            unit,
            answer: None,
        }],
        first: None,
    });
}

/// Resolve `order` on reseeded clones (then the LMD phase) and compare every attack
/// entry of `action_odds` with the sampled hit rate, Structure lost, wrecked and
/// destroyed.
fn check_against_engine(g: &Stratoyager, unit: UnitId, order: CombatOrder) {
    let action = Action::Combat(order.clone());
    let odds = g.action_odds(A, &action).expect("odds of a legal attack");
    let attacks = odds["attacks"].as_array().expect("attacks").clone();
    assert!(!attacks.is_empty());
    for a in &attacks {
        let t = UnitId(a["target"].as_u64().expect("target") as u8);
        let before = g.unit(t).structure;
        let (mut hits, mut wrecked, mut destroyed) = (0u32, 0u32, 0u32);
        let mut lost = [0u32; 16];
        for seed in 0..u64::from(RUNS) {
            let mut h = g.clone();
            h.rng_mut().reseed(seed);
            let mut log: Log = Vec::new();
            resolve_combat(&mut h, &[(unit, order.clone())], &mut log);
            missile_damage_phase(&mut h, &mut log);
            let hit = log
                .iter()
                .any(|l| matches!(&l.event, Event::Attack(r) if r.target == t && r.hit));
            hits += u32::from(hit);
            let after = h.unit(t).structure;
            lost[(before - after) as usize] += 1;
            wrecked += u32::from(after == 0);
            destroyed += u32::from(after < 0);
        }
        let label = a.to_string();
        within(&label, a["p_hit"].as_f64().expect("p_hit"), hits, RUNS);
        within(&label, a["p_wrecked"].as_f64().expect("w"), wrecked, RUNS);
        within(
            &label,
            a["p_destroyed"].as_f64().expect("d"),
            destroyed,
            RUNS,
        );
        let dist = a["structure_lost"].as_object().expect("lost");
        for (k, c) in lost.iter().enumerate() {
            let p = dist
                .get(&k.to_string())
                .and_then(Value::as_f64)
                .unwrap_or(0.0);
            within(&format!("{label} lost {k}"), p, *c, RUNS);
        }
    }
}

/// Guardian (Linked) fires its salvo into a Vulture's aft (Reactor Interference), and
/// into a Blackbuck's fore (Unbalanced Armor 5).
#[test]
fn salvo_matches_the_engine() {
    let mut g = game();
    let guardian = add(&mut g, GUARDIAN, A, 12.0, 5.0, 0, 5);
    let vulture = add(&mut g, VULTURE, B, 12.0, 9.0, 0, 3);
    g.unit_mut(vulture).shields = 2;
    g.unit_mut(vulture).structure = 1;
    ask_combat(&mut g, guardian);
    let o = g
        .action_odds(A, &Action::Combat(CombatOrder::Salvo { target: vulture }))
        .expect("odds");
    let a = &o["attacks"][0];
    assert_eq!(
        (a["tht"].as_i64(), a["linked"].as_bool()),
        (Some(5), Some(true))
    );
    assert_eq!(a["reactor_interference"], true);
    check_against_engine(&g, guardian, CombatOrder::Salvo { target: vulture });

    let mut g = game();
    let guardian = add(&mut g, GUARDIAN, A, 12.0, 5.0, 0, 2);
    let bb = add(&mut g, BLACKBUCK, B, 12.0, 8.0, 6, 2);
    g.unit_mut(bb).shields = 0;
    ask_combat(&mut g, guardian);
    check_against_engine(&g, guardian, CombatOrder::Salvo { target: bb });
}

/// Blackbuck's dumb missile (next band out, damage now) and an Evo's fragshell pod
/// (every unit in the front arc within 6 klicks, friend or foe).
#[test]
fn dumb_and_fragshell_match_the_engine() {
    let mut g = game();
    let bb = add(&mut g, BLACKBUCK, A, 12.0, 5.0, 0, 2);
    let evo = add(&mut g, EVO, B, 12.0, 9.0, 6, 1);
    ask_combat(&mut g, bb);
    let dumb = CombatOrder::Missile {
        missile: MissileOrder::Dumb {
            target: evo,
            size: MissileKind::Light,
        },
    };
    let o = g
        .action_odds(A, &Action::Combat(dumb.clone()))
        .expect("odds");
    assert_eq!(o["attacks"][0]["band"], "medium", "Close becomes Medium");
    check_against_engine(&g, bb, dumb);

    let mut g = game();
    let evo = add(&mut g, EVO, A, 12.0, 5.0, 0, 5);
    let guardian = add(&mut g, GUARDIAN, B, 12.0, 8.0, 6, 3);
    g.unit_mut(guardian).shields = 0;
    add(&mut g, EVO, A, 12.5, 6.0, 0, 0);
    add(&mut g, BLACKBUCK, B, 11.5, 10.0, 6, 4);
    ask_combat(&mut g, evo);
    let frag = CombatOrder::Missile {
        missile: MissileOrder::Fragshell {
            size: MissileKind::Medium,
        },
    };
    let o = g
        .action_odds(A, &Action::Combat(frag.clone()))
        .expect("odds");
    assert_eq!(o["attacks"].as_array().map(Vec::len), Some(3), "{o}");
    check_against_engine(&g, evo, frag);
}

/// Vulture (Gunner) launches a heavy missile at its locked target, which has
/// Countermeasures out: the launch roll, then the marker's damage in the LMD phase.
#[test]
fn launch_and_marker_match_the_engine() {
    let mut g = game();
    let vulture = add(&mut g, VULTURE, A, 12.0, 5.0, 0, 2);
    let guardian = add(&mut g, GUARDIAN, B, 12.0, 14.0, 0, 2);
    g.unit_mut(vulture).lock = Some(Lock {
        target: guardian,
        placed_turn: 0,
        locked: true,
    });
    g.unit_mut(guardian).countermeasures = true;
    g.unit_mut(guardian).shields = 1;
    ask_combat(&mut g, vulture);
    let launch = CombatOrder::Missile {
        missile: MissileOrder::Launch {
            size: MissileKind::Heavy,
        },
    };
    let o = g
        .action_odds(A, &Action::Combat(launch.clone()))
        .expect("odds");
    assert_eq!(o["attacks"][0]["marker"], true);
    assert_eq!(o["attacks"][0]["countermeasures"], true);
    check_against_engine(&g, vulture, launch);
    // Gunner: salvo and launch in one order, one entry each.
    let both = CombatOrder::Gunner {
        target: guardian,
        missile: MissileOrder::Launch {
            size: MissileKind::Heavy,
        },
    };
    let o = g.action_odds(A, &Action::Combat(both)).expect("odds");
    assert_eq!(o["attacks"].as_array().map(Vec::len), Some(2));
    // No odds for orders that roll nothing, or for the other side.
    assert!(g
        .action_odds(A, &Action::Combat(CombatOrder::Hold))
        .is_none());
    assert!(g
        .action_odds(
            Seat(1),
            &Action::Combat(CombatOrder::Salvo { target: vulture })
        )
        .is_none());
    let _ = Weapon::Salvo;
}

/// `hit_counts` against the real `combat::roll_attack` on every forced sequence of
/// dice (the pool and the Linked re-roll), for every band and THT 2..=7.
#[test]
fn hit_counts_match_roll_attack_on_every_roll() {
    use crate::combat::{attack_band, roll_attack, tht};
    for (dist, band) in [
        (0.9, Band::PointBlank),
        (4.0, Band::Close),
        (9.0, Band::Medium),
        (15.0, Band::Long),
        (21.0, Band::Extreme),
    ] {
        for want in 1..=7i32 {
            let mut g = game();
            let guardian = add(&mut g, GUARDIAN, A, 12.0, 5.0, 0, 5);
            let t = add(
                &mut g,
                VULTURE,
                B,
                12.0,
                5.0 + dist,
                0,
                (want - 2).max(0) as u32,
            );
            let v = tht(&g, guardian, t, Weapon::Salvo, band);
            assert_eq!(attack_band(&g, guardian, t, Weapon::Salvo), Some(band));
            let (hits, k) = hit_counts(Some(band), v, true);
            let mut count = 0u128;
            let k = k.max(1);
            for code in 0..6u32.pow(k) {
                let faces: Vec<u32> = (0..k).map(|i| code / 6u32.pow(i) % 6 + 1).collect();
                let mut h = g.clone();
                h.rng.force(&faces);
                count += u128::from(roll_attack(&mut h, guardian, t, Weapon::Salvo).hit);
            }
            let scale = if v > 6 { 6 } else { 1 };
            assert_eq!(hits * scale, count, "{band:?} THT {v}");
        }
    }
}

/// A Fire at Will shot has the odds of the same salvo; holding has none.
#[test]
fn fire_at_will_shot_is_a_salvo() {
    let mut g = game();
    let guardian = add(&mut g, GUARDIAN, A, 12.0, 5.0, 0, 5);
    let bb = add(&mut g, BLACKBUCK, B, 12.0, 9.0, 6, 3);
    ask_combat(&mut g, guardian);
    let salvo = g
        .action_odds(A, &Action::Combat(CombatOrder::Salvo { target: bb }))
        .expect("salvo odds");
    g.unit_mut(guardian).fire_at_will = true;
    if let Some(b) = g.batch.as_mut() {
        b.kind = AskKind::FireAtWill;
    }
    let shot = g
        .action_odds(A, &Action::FireAtWill { target: Some(bb) })
        .expect("fire at will odds");
    assert_eq!(shot["kind"], "fire_at_will");
    assert_eq!(shot["attacks"], salvo["attacks"]);
    assert!(g
        .action_odds(A, &Action::FireAtWill { target: None })
        .is_none());
}

/// Issue 9 §3 "show exact odds (attack choices, stress dice)": every Movement Action
/// offered is answered with the Hull Stress roll it makes (SY-09): the pool the
/// engine counts for it, and the exact distribution of that pool.
#[test]
fn maneuvers_answer_their_hull_stress_odds() {
    let mut g = game();
    let guardian = add(&mut g, GUARDIAN, A, 12.0, 12.0, 0, 3);
    ask(&mut g, guardian, AskKind::Maneuver);
    let legal = g.legal_actions(A);
    let mut stressed = 0;
    for a in &legal {
        let Action::Maneuver(plan) = a else { continue };
        let o = g
            .action_odds(A, a)
            .expect("a Movement Action has Hull Stress odds");
        assert_eq!(o["kind"], "hull_stress");
        let u = g.unit(guardian);
        let flight = crate::movement::fly(u, plan);
        let dice =
            crate::stress::stress_dice(g.card_of(guardian), plan, flight.realigned || u.yawed);
        assert_eq!(o["dice"].as_u64(), Some(u64::from(dice)), "{plan:?}");
        let want = hull_stress(dice, 4);
        assert_eq!(o["greyout"].as_f64(), Some(want.greyout.p), "{plan:?}");
        assert_eq!(o["destroyed"].as_f64(), Some(want.destroyed.p), "{plan:?}");
        // The one-line form says how many dice, or nothing within the safe limits.
        let line = g.action_odds_text(A, a);
        assert_eq!(line.is_some(), dice > 0, "{plan:?}: {line:?}");
        if dice > 0 {
            stressed += 1;
            assert!(line.unwrap().starts_with(&format!("{dice} Stress Di")));
        }
    }
    assert!(stressed > 0, "some offered plan exceeds the safe limits");
}

/// `orrery odds stratoyager hull-stress …` as the calculator hook
/// (`Odds::odds_calculate`) writes it: the table, the one-line JSON, the default
/// `--fail-on 4` and its range.
#[test]
fn the_hull_stress_calculator_writes_the_table_and_the_json() {
    use orrery_core::{OddsArgs, OddsValue::Integer};
    let one = OddsArgs::new().with("dice", Integer(1));
    let r = Stratoyager::odds_calculate("hull-stress", &one.clone().with("fail-on", Integer(3)))
        .expect("computed");
    assert_eq!(
        r.text,
        "Hull Stress (SY-09)\n  none                    33.3333%  1/3\n  \
         greyout (1 fail)        66.6667%  2/3\n  blackout (2)             0.0000%  0/1\n  \
         structural (3)           0.0000%  0/1\n  destroyed (4+)           0.0000%  0/1\n"
    );
    let five = OddsArgs::new().with("dice", Integer(5));
    let r = Stratoyager::odds_calculate("hull-stress", &five).expect("computed");
    assert_eq!(
        r.json,
        r#"{"none":0.03125,"greyout":0.15625,"blackout":0.3125,"structural":0.3125,"destroyed":0.1875}"#
    );
    assert!(Stratoyager::odds_calculate("hull-stress", &one.with("fail-on", Integer(5))).is_err());
}
