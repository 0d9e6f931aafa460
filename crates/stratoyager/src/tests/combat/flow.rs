//! Simultaneous resolution, locks, missiles, eject and the legal list (SY-14–SY-16,
//! SY-20, SY-21, SY-25).

use super::builder::*;
use crate::combat::*;
use crate::event::Loss;
use crate::state::{Lock, Log, Place};
use crate::*;
use orrery_table::{Aspect, Hour, Point, Shape};

// ---------------------------------------------------------------- SY-14 resolution

/// SY-14: "(c) apply all damage at once; (d) remove destroyed units. A unit killed in
/// (c) has still fired."
#[test]
fn sy14_simultaneous_fire_both_units_fire() {
    let mut g = game();
    let a = add(&mut g, EVO, A, 12.0, 5.0, 0, 0);
    let b = add(&mut g, EVO, B, 12.0, 8.0, 6, 0);
    for u in [a, b] {
        g.unit_mut(u).shields = 0;
        g.unit_mut(u).structure = 1;
    }
    g.rng.force(&[6, 6, 6, 6, 6, 6]);
    let mut log = Log::new();
    resolve_combat(&mut g, &[(a, salvo(b)), (b, salvo(a))], &mut log);
    assert_eq!(attacks(&log).len(), 2, "both fired");
    assert_eq!(
        (lost(&g, a), lost(&g, b)),
        (Some(Loss::Wrecked), Some(Loss::Wrecked))
    );
    let e = events(&log);
    let first_loss = e
        .iter()
        .position(|e| matches!(e, Event::UnitLost { .. }))
        .unwrap();
    let last_damage = e
        .iter()
        .rposition(|e| matches!(e, Event::Damage(_)))
        .unwrap();
    assert!(first_loss > last_damage, "losses after all damage");
}

/// SY-14 (a): Raise Shields "+1 up to maximum" (offered only below maximum); Fire at
/// Will token with its segment; SY-15 the held salvo: "front arc (no turret)", token
/// spent.
#[test]
fn sy14_sy15_raise_shields_and_fire_at_will() {
    let mut g = game();
    let v = add(&mut g, VULTURE, A, 12.0, 5.0, 0, 0);
    let ahead = add(&mut g, GUARDIAN, B, 12.0, 9.0, 6, 0);
    let behind = add(&mut g, GUARDIAN, B, 12.0, 2.0, 0, 0);
    assert!(!combat_orders(&g, v).contains(&CombatOrder::RaiseShields));
    g.unit_mut(v).shields = 1;
    let mut log = Log::new();
    resolve_combat(&mut g, &[(v, CombatOrder::RaiseShields)], &mut log);
    assert_eq!(g.unit(v).shields, 2);
    assert!(fire_at_will_targets(&g, v).is_empty(), "no token yet");
    resolve_combat(&mut g, &[(v, CombatOrder::FireAtWill)], &mut log);
    assert!(g.unit(v).fire_at_will && g.unit(v).fire_at_will_segment == 1);
    assert_eq!(
        fire_at_will_targets(&g, v),
        vec![ahead],
        "not {behind}: no turret"
    );
    g.rng.force(&[1, 1, 1, 1]);
    resolve_fire_at_will(&mut g, &[(v, behind), (v, ahead)], &mut log);
    assert_eq!(
        attacks(&log).iter().map(|a| a.target).collect::<Vec<_>>(),
        vec![ahead]
    );
    assert!(!g.unit(v).fire_at_will, "token spent");
}

// ---------------------------------------------------------------- SY-16, SY-20 missiles

/// SY-16: lock "needs the target in the front arc within 30 klicks (no LOS needed)"; it
/// "becomes Locked" at the locker's next activation; SY-20 LMD without countermeasures.
#[test]
fn sy16_sy20_lock_locked_launch_and_missile_damage() {
    let mut g = game();
    let gd = add(&mut g, GUARDIAN, A, 12.0, 2.0, 0, 0);
    let t = add(&mut g, BLACKBUCK, B, 12.0, 30.0, 0, 0); // 28 klicks: Visual
    g.obstacles.push(Obstacle {
        name: "station".into(),
        kind: ObstacleKind::Station,
        outline: Shape::Circle {
            center: Point::new(12.0, 16.0),
            radius: 1.0,
        },
    });
    let lock = missile(MissileOrder::Lock { target: t });
    assert!(combat_orders(&g, gd).contains(&lock), "no LOS needed");
    let mut log = Log::new();
    resolve_combat(&mut g, &[(gd, lock.clone())], &mut log);
    assert!(events(&log).contains(&Event::LockPlaced {
        unit: gd,
        target: t
    }));
    assert!(
        !combat_orders(&g, gd).contains(&lock),
        "one lock per locker"
    );
    lock_at_activation(&mut g, gd, &mut log);
    assert!(!g.unit(gd).lock.unwrap().locked, "same turn");
    g.turn = 2;
    g.obstacles.clear();
    g.unit_mut(t).pos = Point::new(12.0, 12.0); // came closer, aft towards the Guardian
    check_locks(&mut g, &mut log);
    lock_at_activation(&mut g, gd, &mut log);
    assert!(events(&log).contains(&Event::Locked {
        unit: gd,
        target: t
    }));
    let launch = missile(MissileOrder::Launch {
        size: MissileKind::Medium,
    });
    assert!(combat_orders(&g, gd).contains(&launch));
    g.rng.force(&[6]);
    resolve_combat(&mut g, &[(gd, launch)], &mut log);
    assert_eq!(g.missiles.len(), 1);
    assert_eq!(g.missiles[0].aspect, Aspect::Aft);
    g.unit_mut(t).facing = Hour(6); // turned round: the recorded aft aspect counts
    g.lose(gd, Loss::Destroyed, &mut log); // parent lost: the missile still hits
    g.rng.force(&[3, 3, 1, 1]);
    missile_damage_phase(&mut g, &mut log);
    let d = damages(&log).pop().unwrap();
    assert_eq!(
        (d.aspect, d.armor, d.points, d.absorbed),
        (Aspect::Aft, 3, 2, 1)
    );
    assert_eq!((g.unit(t).structure, g.missiles.len()), (2, 0));
}

/// SY-20: "if the target has Countermeasures, roll 1D6, 4+ neutralises"; "if the target
/// has left play, discard it"; tokens removed after the phase.
#[test]
fn sy20_countermeasures_and_lost_targets() {
    let mut g = game();
    let p = add(&mut g, VULTURE, A, 12.0, 5.0, 0, 0);
    let t = add(&mut g, GUARDIAN, B, 12.0, 15.0, 6, 0);
    let gone = add(&mut g, GUARDIAN, B, 14.0, 15.0, 6, 0);
    let mut log = Log::new();
    resolve_combat(&mut g, &[(t, CombatOrder::Countermeasures)], &mut log);
    assert!(g.unit(t).countermeasures);
    let mk = |target| state::MissileMarker {
        parent: p,
        target,
        size: MissileKind::Light,
        aspect: Aspect::Fore,
    };
    g.missiles = vec![mk(t), mk(t), mk(gone)];
    g.lose(gone, Loss::Destroyed, &mut log);
    g.rng.force(&[4, 3, 6, 6, 6]);
    missile_damage_phase(&mut g, &mut log);
    let e = events(&log);
    assert!(e.contains(&Event::Countermeasure {
        target: t,
        roll: 4,
        neutralised: true
    }));
    assert!(e.contains(&Event::Countermeasure {
        target: t,
        roll: 3,
        neutralised: false
    }));
    assert!(e
        .iter()
        .any(|e| matches!(e, Event::MissileLost { target, .. } if *target == gone)));
    assert_eq!(damages(&log).len(), 1);
    assert!(!g.unit(t).countermeasures && g.missiles.is_empty());
}

// ---------------------------------------------------------------- SY-25, SY-21

/// SY-25: "the pilot token is placed exactly 1 klick from the unit's centre along a
/// chosen hour, on the table"; "each pilot is worth ½ of its unit's points".
#[test]
fn sy25_eject_places_pilot_worth_half() {
    for keep_hulks in [false, true] {
        let mut g = game();
        g.options.keep_hulks = keep_hulks;
        let gd = add(&mut g, GUARDIAN, A, 0.3, 5.0, 0, 0);
        let t = add(&mut g, EVO, B, 0.3, 8.0, 6, 0);
        let hours: Vec<CombatOrder> = combat_orders(&g, gd)
            .into_iter()
            .filter(|o| matches!(o, CombatOrder::Eject { .. }))
            .collect();
        assert_eq!(
            hours,
            (0..=6)
                .map(|hour| CombatOrder::Eject { hour })
                .collect::<Vec<_>>()
        );
        assert!(check_combat(&g, gd, &CombatOrder::Eject { hour: 9 }).is_err());
        let mut log = Log::new();
        g.rng.force(&[6, 6, 6, 6]);
        resolve_combat(
            &mut g,
            &[(gd, CombatOrder::Eject { hour: 3 }), (t, salvo(gd))],
            &mut log,
        );
        let pilot = &g.pilots[0];
        assert!(pilot.at.dist(Point::new(1.3, 5.0)) < 1e-9);
        assert_eq!((pilot.value, pilot.side), (55.0, A));
        assert!(
            attacks(&log).is_empty(),
            "ejected in (a): the salvo finds nothing"
        );
        let want = if keep_hulks {
            Place::Hulk
        } else {
            Place::Lost {
                loss: Loss::Abandoned,
            }
        };
        assert_eq!(g.unit(gd).place, want);
    }
}

/// SY-21 and the legal list: `Hold` first; a blacked-out unit only holds; unguided
/// missiles never lock (project ruling); every listed order passes `check_combat`.
#[test]
fn sy21_legal_list_is_exact() {
    let mut g = game();
    let units = [
        add(&mut g, GUARDIAN, A, 10.0, 5.0, 0, 2),
        add(&mut g, VULTURE, A, 14.0, 5.0, 0, 1),
        add(&mut g, BLACKBUCK, B, 13.0, 12.0, 6, 3),
        add(&mut g, EVO, B, 13.0, 8.0, 7, 2),
    ];
    g.unit_mut(units[1]).lock = Some(Lock {
        target: units[2],
        placed_turn: 0,
        locked: true,
    });
    let ids: Vec<UnitId> = units.to_vec();
    for &u in &units {
        let list = combat_orders(&g, u);
        assert_eq!(list[0], CombatOrder::Hold);
        assert_eq!(list, combat_orders(&g, u), "deterministic");
        for o in &list {
            assert_eq!(check_combat(&g, u, o), Ok(()), "{u} {o:?}");
        }
        let mut unlisted = vec![CombatOrder::Eject { hour: 12 }];
        for &t in &ids {
            unlisted.push(salvo(t));
            unlisted.push(missile(MissileOrder::Lock { target: t }));
            for size in MissileKind::ALL {
                unlisted.push(missile(MissileOrder::Dumb { target: t, size }));
                unlisted.push(missile(MissileOrder::Launch { size }));
                unlisted.push(missile(MissileOrder::Fragshell { size }));
                unlisted.push(CombatOrder::Gunner {
                    target: t,
                    missile: MissileOrder::Launch { size },
                });
            }
        }
        for o in unlisted.iter().filter(|o| !list.contains(o)) {
            assert!(check_combat(&g, u, o).is_err(), "{u} {o:?}");
        }
    }
    let bb = combat_orders(&g, units[2]);
    assert!(!bb
        .iter()
        .any(|o| matches!(o.missile(), Some(MissileOrder::Lock { .. }))));
    assert!(combat_orders(&g, units[1]).contains(&CombatOrder::Gunner {
        target: units[2],
        missile: MissileOrder::Launch {
            size: MissileKind::Heavy
        }
    }));
    g.unit_mut(units[0]).blackout = true;
    assert_eq!(combat_orders(&g, units[0]), vec![CombatOrder::Hold]);
}

/// SY-16: placing "needs the target in the front arc within 30 klicks"; "One lock per
/// locker" — project ruling: a lock on another enemy replaces the old one; the lock
/// breaks if "either unit leaves play".
#[test]
fn sy16_lock_range_replacement_and_leaving_play() {
    let mut g = game();
    let gd = add(&mut g, GUARDIAN, A, 12.0, 2.0, 0, 0);
    let near = add(&mut g, EVO, B, 12.0, 20.0, 6, 0);
    let far = add(&mut g, EVO, B, 12.0, 32.01, 6, 0);
    let lock = |target| missile(MissileOrder::Lock { target });
    let o = combat_orders(&g, gd);
    assert!(
        o.contains(&lock(near)) && !o.contains(&lock(far)),
        "within 30 only"
    );
    g.unit_mut(far).pos = Point::new(12.0, 32.0);
    let mut log = Log::new();
    resolve_combat(&mut g, &[(gd, lock(near))], &mut log);
    assert!(combat_orders(&g, gd).contains(&lock(far)));
    resolve_combat(&mut g, &[(gd, lock(far))], &mut log);
    assert_eq!(g.unit(gd).lock.map(|l| l.target), Some(far));
    let broken = Event::LockBroken {
        unit: gd,
        target: near,
        why: "replaced by a new lock".into(),
    };
    assert!(events(&log).contains(&broken));
    g.unit_mut(gd).place = Place::Away { left_turn: 1 };
    check_locks(&mut g, &mut log);
    assert_eq!(g.unit(gd).lock, None, "the locker left play");
    assert!(
        matches!(events(&log).last(), Some(Event::LockBroken { why, .. }) if why.contains("locker"))
    );
}

/// SY-18: "Fragshell pod: no lock; one roll per unit … in the front arc within 6
/// klicks" — with nobody there it is not offered; pods never lock (project ruling).
#[test]
fn sy18_fragshell_needs_a_unit_within_6_and_never_locks() {
    let mut g = game();
    let e = add(&mut g, EVO, A, 12.0, 5.0, 0, 0);
    let t = add(&mut g, GUARDIAN, B, 12.0, 11.5, 6, 0);
    let o = combat_orders(&g, e);
    assert!(!o.iter().any(|o| o.missile().is_some()), "{o:?}");
    assert!(check_combat(&g, e, &missile(MissileOrder::Lock { target: t })).is_err());
    g.unit_mut(t).pos = Point::new(12.0, 11.0);
    let pod = missile(MissileOrder::Fragshell {
        size: MissileKind::Medium,
    });
    assert!(combat_orders(&g, e).contains(&pod));
}
