//! Special features, hindrances and damage (SY-17–SY-19).

use super::builder::*;
use crate::combat::*;
use crate::event::{Loss, Weapon};
use crate::state::{Lock, Log};
use crate::*;
use orrery_table::{Aspect, Point};

// ---------------------------------------------------------------- special features

/// Gunner: "Unit can simultaneously operate both missiles and main weapon in one
/// Combat Action." SY-18 "one CA may combine a Main Weapon Salvo with one missile action".
#[test]
fn sy18_gunner_salvo_and_missile_in_one_action() {
    let mut g = game();
    let v = add(&mut g, VULTURE, A, 12.0, 5.0, 0, 0);
    let t = add(&mut g, GUARDIAN, B, 12.0, 15.0, 6, 0);
    let back = add(&mut g, GUARDIAN, B, 12.0, 2.0, 0, 0);
    let lock = MissileOrder::Lock { target: t };
    let o = combat_orders(&g, v);
    let gl = |target| CombatOrder::Gunner {
        target,
        missile: lock.clone(),
    };
    assert!(
        o.contains(&gl(t)) && o.contains(&gl(back)),
        "turret salvo × lock"
    );
    assert!(check_combat(
        &g,
        t,
        &CombatOrder::Gunner {
            target: v,
            missile: lock
        }
    )
    .is_err());
    g.unit_mut(v).lock = Some(Lock {
        target: t,
        placed_turn: 0,
        locked: true,
    });
    let both = CombatOrder::Gunner {
        target: back,
        missile: MissileOrder::Launch {
            size: MissileKind::Heavy,
        },
    };
    assert!(combat_orders(&g, v).contains(&both));
    // Salvo at Close (2 dice), its damage (2D), then the missile at Medium (1 die).
    g.rng.force(&[6, 1, 1, 1, 6]);
    let mut log = Log::new();
    resolve_combat(&mut g, &[(v, both)], &mut log);
    let a = attacks(&log);
    assert_eq!(a.len(), 2);
    assert_eq!((a[0].weapon, a[0].target), (Weapon::Salvo, back));
    assert_eq!(
        (a[1].weapon, a[1].target),
        (Weapon::LockedMissile(MissileKind::Heavy), t)
    );
    assert_eq!(g.unit(v).missiles.heavy, 1);
}

/// Pulse: "Attacks within Point Blank and Close ranges add +1 to Targeting Computer
/// value."
#[test]
fn sy17_pulse_plus_one_tc_at_point_blank_and_close() {
    let mut g = game();
    let e = add(&mut g, EVO, A, 12.0, 5.0, 0, 3);
    let t = add(&mut g, GUARDIAN, B, 12.0, 8.0, 6, 3);
    let s = |b| tht(&g, e, t, Weapon::Salvo, b);
    assert_eq!(
        (s(Band::PointBlank), s(Band::Close), s(Band::Medium)),
        (3, 3, 4)
    );
    let dumbish = tht(&g, e, t, Weapon::Dumb(MissileKind::Medium), Band::Close);
    assert_eq!(dumbish, 4, "Pulse is a main weapon feature");
}

/// Turret 360: "Turret weapon attack gets -1D to Damage Dice (to minimum 1D)."
#[test]
fn sy19_turret_360_one_die_less_damage() {
    let mut g = game();
    let v = add(&mut g, VULTURE, A, 12.0, 5.0, 0, 0);
    let t = add(&mut g, GUARDIAN, B, 12.0, 2.0, 0, 0); // behind the Vulture
    g.rng.force(&[6, 6, 1, 1]);
    let mut log = Log::new();
    resolve_combat(&mut g, &[(v, salvo(t))], &mut log);
    assert_eq!(
        damages(&log)[0].dice,
        vec![1, 1],
        "3D main weapon fires as 2D"
    );
}

/// Linked: "allows for re-roll of 1D during THT roll" — SYO: automatically after a
/// miss, the picked die; not after a hit; not when no re-roll can save a LOWEST pool.
#[test]
fn sy17_linked_rerolls_picked_die_after_a_miss() {
    let mut g = game();
    let a = add(&mut g, GUARDIAN, A, 12.0, 5.0, 0, 4);
    let t = add(&mut g, BLACKBUCK, B, 12.0, 9.0, 6, 4); // Close, THT 5
    g.rng.force(&[2, 1, 6]);
    let r = roll_attack(&mut g, a, t, Weapon::Salvo);
    assert_eq!(
        (r.rerolled, r.dice, r.chosen, r.hit),
        (Some((0, 2)), vec![6, 1], 6, true)
    );
    g.rng.force(&[5, 1]);
    assert_eq!(
        roll_attack(&mut g, a, t, Weapon::Salvo).rerolled,
        None,
        "a hit"
    );
    g.unit_mut(t).pos = Point::new(12.0, 20.0); // Long, LOWEST of 2
    g.rng.force(&[2, 3]);
    let r = roll_attack(&mut g, a, t, Weapon::Salvo);
    assert_eq!(
        (r.rerolled, r.hit),
        (None, false),
        "the other die misses anyway"
    );
    let bb = add(&mut g, BLACKBUCK, A, 12.0, 5.5, 0, 0);
    g.rng.force(&[1, 4]);
    let d = roll_attack(&mut g, bb, t, Weapon::Dumb(MissileKind::Light));
    assert_eq!(d.rerolled, None, "Linked is for salvos");
}

/// Fragshell: "attacks ALL units, friend and foe alike in front firing arc. It gets +2
/// to Targeting Computer value on Point Blank and +1 at Close Range. … full damage at
/// Point Blank, and half of it (round up) on Close range".
#[test]
fn sy18_fragshell_hits_friend_and_foe_half_damage_at_close() {
    let mut g = game();
    let e = add(&mut g, EVO, A, 12.0, 5.0, 0, 2);
    let friend = add(&mut g, GUARDIAN, A, 12.0, 6.0, 0, 2); // PB
    let foe = add(&mut g, BLACKBUCK, B, 12.0, 10.0, 6, 2); // Close
    add(&mut g, BLACKBUCK, B, 12.0, 12.0, 6, 0); // Medium: out of reach
    let pod = MissileOrder::Fragshell {
        size: MissileKind::Medium,
    };
    let w = Weapon::Fragshell(MissileKind::Medium);
    assert_eq!(tht(&g, e, friend, w, Band::PointBlank), 0);
    assert_eq!(tht(&g, e, foe, w, Band::Close), 1);
    assert!(combat_orders(&g, e).contains(&missile(pod.clone())));
    g.rng.force(&[6, 6, 6, 1, 1, 1, 1, 6, 6, 1, 1]);
    let mut log = Log::new();
    resolve_combat(&mut g, &[(e, missile(pod))], &mut log);
    let t: Vec<UnitId> = attacks(&log).iter().map(|a| a.target).collect();
    assert_eq!(t, vec![friend, foe]);
    let d = damages(&log);
    assert_eq!(
        (d[0].dice.len(), d[1].dice.len()),
        (4, 2),
        "4D at PB, 2D at Close"
    );
    assert_eq!(g.unit(e).missiles.medium, 1);
}

/// Tracker: "Target is not lost if it clears from unit's front firing arc."
#[test]
fn sy16_sy18_tracker_keeps_lock_outside_arc() {
    let mut g = game();
    let v = add(&mut g, VULTURE, A, 12.0, 10.0, 0, 0);
    let gd = add(&mut g, GUARDIAN, A, 14.0, 10.0, 0, 0);
    let t = add(&mut g, BLACKBUCK, B, 12.0, 20.0, 6, 0);
    for u in [v, gd] {
        g.unit_mut(u).lock = Some(Lock {
            target: t,
            placed_turn: 1,
            locked: false,
        });
    }
    g.unit_mut(t).pos = Point::new(12.0, 2.0);
    let mut log = Log::new();
    check_locks(&mut g, &mut log);
    assert!(g.unit(v).lock.is_some());
    assert_eq!(g.unit(gd).lock, None);
    assert!(
        matches!(&events(&log)[..], [Event::LockBroken { unit, why, .. }] if *unit == gd && why.contains("arc"))
    );
    g.unit_mut(v).pos = Point::new(12.0, 33.0);
    check_locks(&mut g, &mut log);
    assert_eq!(g.unit(v).lock, None, "beyond 30 klicks");
}

/// Dumb: "treated as shot from 1 distance further (Close becomes Medium Medium becomes
/// Long etc)"; SY-18 "Extreme→Visual = no shot".
#[test]
fn sy18_dumb_missile_uses_next_band_out() {
    let mut g = game();
    let b = add(&mut g, BLACKBUCK, A, 12.0, 5.0, 0, 0);
    let t = add(&mut g, GUARDIAN, B, 12.0, 9.0, 6, 0);
    let far = add(&mut g, GUARDIAN, B, 12.0, 25.0, 6, 0);
    let dumb = |target| {
        missile(MissileOrder::Dumb {
            target,
            size: MissileKind::Light,
        })
    };
    let o = combat_orders(&g, b);
    assert!(o.contains(&dumb(t)) && !o.contains(&dumb(far)) && o.contains(&salvo(far)));
    g.rng.force(&[5, 1, 1, 1]);
    let mut log = Log::new();
    resolve_combat(&mut g, &[(b, dumb(t))], &mut log);
    let a = &attacks(&log)[0];
    assert_eq!(
        (a.band, a.dice.len()),
        (Band::Medium, 1),
        "Close becomes Medium"
    );
    assert_eq!(
        (damages(&log)[0].dice.len(), g.unit(b).missiles.light),
        (3, 3)
    );
}

// ---------------------------------------------------------------- SY-19 damage

/// Reactor Interference: "Attacks within aft angle treat Shields as having 1 level
/// less than actual. If actual drops down to 1, rear Shield is 0."
#[test]
fn sy19_reactor_interference_weakens_aft_shields() {
    let mut g = game();
    let v = add(&mut g, VULTURE, B, 12.0, 10.0, 0, 0);
    let mut log = Log::new();
    let hit = |aspect, points| PendingDamage {
        target: v,
        aspect,
        dice: vec![],
        armor: 5,
        points,
    };
    let d = apply_damage(&mut g, &hit(Aspect::Aft, 3), &mut log);
    assert_eq!((d.absorbed, d.shields_after, d.structure_after), (2, 1, 4));
    let d = apply_damage(&mut g, &hit(Aspect::Aft, 1), &mut log);
    assert_eq!(
        (d.absorbed, d.shields_after, d.structure_after),
        (0, 1, 3),
        "rear 0"
    );
    let d = apply_damage(&mut g, &hit(Aspect::Side, 1), &mut log);
    assert_eq!((d.absorbed, d.shields_after, d.structure_after), (1, 0, 3));
}

/// Unbalanced Armor: "+1 Armor on Fore, -1 Armor on Aft" (Blackbuck fore 5, aft 3).
#[test]
fn sy19_unbalanced_armor_fore_and_aft() {
    let mut g = game();
    let b = add(&mut g, BLACKBUCK, B, 12.0, 10.0, 0, 0);
    for (aspect, armor) in [(Aspect::Fore, 5), (Aspect::Side, 4), (Aspect::Aft, 3)] {
        g.rng.force(&[3, 4, 5, 6]);
        let p = roll_damage_dice(&mut g, b, aspect, 4);
        assert_eq!((p.armor, p.points), (armor, 7 - u32::from(armor)));
    }
    let front = add(&mut g, GUARDIAN, A, 12.0, 14.0, 6, 0);
    g.rng.force(&[4, 4]);
    assert_eq!(
        roll_damage(&mut g, front, b, Weapon::Salvo, Band::Close).points,
        0
    );
}

/// SY-19: "Shields absorb points one per active level, each absorption lowering shields
/// by 1 … Remaining points reduce Structure"; seed "hits not strong enough to penetrate
/// the armor are not strong enough to reduce shields".
#[test]
fn sy19_shields_absorb_then_discharge() {
    let mut g = game();
    let a = add(&mut g, GUARDIAN, A, 12.0, 5.0, 0, 0);
    let t = add(&mut g, GUARDIAN, B, 12.0, 8.0, 6, 0);
    g.rng.force(&[6, 6, 3, 5]);
    let mut log = Log::new();
    resolve_combat(&mut g, &[(a, salvo(t))], &mut log);
    let d = &damages(&log)[0];
    assert_eq!(
        (d.points, d.absorbed, d.shields_after, d.structure_after),
        (1, 1, 1, 3)
    );
    g.rng.force(&[6, 6, 5, 5]);
    resolve_combat(&mut g, &[(a, salvo(t))], &mut log);
    let d = &damages(&log)[1];
    assert_eq!(
        (d.points, d.absorbed, d.shields_after, d.structure_after),
        (2, 1, 0, 2)
    );
}

/// Seed: "If Structure is reduced to „0", unit is considered scuttled/wrecked … below
/// „0" … destroyed."
#[test]
fn sy19_wrecked_at_zero_destroyed_below() {
    for (structure, want) in [(1, Loss::Wrecked), (0, Loss::Destroyed)] {
        let mut g = game();
        let a = add(&mut g, GUARDIAN, A, 12.0, 5.0, 0, 0);
        let t = add(&mut g, EVO, B, 12.0, 8.0, 6, 0);
        g.unit_mut(t).shields = 0;
        g.unit_mut(t).structure = structure + 1;
        g.rng.force(&[6, 6, 6, 6]);
        let mut log = Log::new();
        resolve_combat(&mut g, &[(a, salvo(t))], &mut log);
        assert_eq!(lost(&g, t), Some(want));
    }
}
