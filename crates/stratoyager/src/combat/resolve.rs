//! Simultaneous resolution of revealed Combat Actions (SY-14 step 6) and of a Fire at
//! Will window (SY-15).

use super::damage::{apply_damage, roll_damage, settle_losses, PendingDamage};
use super::locks::break_locks_on;
use super::options::fragshell_targets;
use super::roll_attack;
use crate::action::{CombatOrder, MissileOrder};
use crate::event::{Event, Loss, Weapon};
use crate::state::{say, Lock, Log, MissileMarker, Phase, Pilot, Place, Stratoyager};
use crate::types::{Band, MissileKind, UnitId};
use orrery_table::{aspect, Hour};

/// Resolve the revealed Combat Actions `orders` (in priority order), SY-14 step 6:
/// "(a) Eject, Raise Shields, Countermeasures, Fire at Will and Target Lock placement;
/// (b) every attack roll and damage roll against the state after (a); (c) apply all
/// damage at once; (d) remove destroyed units. A unit killed in (c) has still fired."
///
/// Orders are not re-validated (check them with [`super::check_combat`] when
/// committed); an attack whose target left play in (a) is void. Arcade and dogfight
/// orders (SY-26, SY-27) are resolved by calling this once per unit.
///
/// Missiles: SY-18 "each missile action fires one missile … and spends it". A Locked
/// Missile Launch ends the lock ("or until missile fire"); on a hit "player puts chosen
/// missile marker next to the target" with the aspect at launch (SY-18).
pub fn resolve_combat(g: &mut Stratoyager, orders: &[(UnitId, CombatOrder)], log: &mut Log) {
    for (unit, order) in orders {
        say(
            log,
            Event::CombatRevealed {
                unit: *unit,
                order: order.clone(),
            },
        );
    }
    for (unit, order) in orders {
        prolonged(g, *unit, order, log);
    }
    let mut pending = Vec::new();
    for (unit, order) in orders {
        if !g.unit(*unit).on_table() {
            continue;
        }
        if let Some(t) = order.salvo_target() {
            attack(g, *unit, t, Weapon::Salvo, &mut pending, log);
        }
        match order.missile() {
            Some(MissileOrder::Launch { size }) => launch(g, *unit, *size, log),
            Some(MissileOrder::Dumb { target, size }) => {
                g.unit_mut(*unit).missiles.spend(*size);
                attack(g, *unit, *target, Weapon::Dumb(*size), &mut pending, log);
            }
            Some(MissileOrder::Fragshell { size }) => {
                let targets = fragshell_targets(g, *unit);
                g.unit_mut(*unit).missiles.spend(*size);
                for t in targets {
                    attack(g, *unit, t, Weapon::Fragshell(*size), &mut pending, log);
                }
            }
            Some(MissileOrder::Lock { .. }) | None => {}
        }
    }
    finish(g, &pending, log);
}

/// Resolve one Fire at Will window: each `(shooter, target)` salvo "resolve\[s\] like
/// SY-14 step 6(b–d)"; "The token is spent when used". Shots that are not legal now
/// (see [`super::fire_at_will_targets`]) are ignored and keep their token. The caller
/// logs `FireAtWillRevealed`.
pub fn resolve_fire_at_will(g: &mut Stratoyager, shots: &[(UnitId, UnitId)], log: &mut Log) {
    let legal: Vec<(UnitId, UnitId)> = shots
        .iter()
        .copied()
        .filter(|&(s, t)| super::fire_at_will_targets(g, s).contains(&t))
        .collect();
    let mut pending = Vec::new();
    for (s, t) in legal {
        if !g.unit(s).fire_at_will {
            continue; // one salvo per token
        }
        g.unit_mut(s).fire_at_will = false;
        attack(g, s, t, Weapon::Salvo, &mut pending, log);
    }
    finish(g, &pending, log);
}

/// Steps (c) and (d).
fn finish(g: &mut Stratoyager, pending: &[PendingDamage], log: &mut Log) {
    for p in pending {
        apply_damage(g, p, log);
    }
    let hit: Vec<UnitId> = pending.iter().map(|p| p.target).collect();
    settle_losses(g, &hit, log);
}

/// One attack roll and, on a hit, its damage roll (step (b)).
fn attack(
    g: &mut Stratoyager,
    a: UnitId,
    t: UnitId,
    weapon: Weapon,
    pending: &mut Vec<PendingDamage>,
    log: &mut Log,
) {
    if !g.unit(t).on_table() {
        return;
    }
    let roll = roll_attack(g, a, t, weapon);
    say(log, Event::Attack(roll.clone()));
    if roll.hit {
        let band = Band::of(roll.distance).unwrap_or(Band::Visual);
        pending.push(roll_damage(g, a, t, weapon, band));
    }
}

/// Locked Missile Launch: SY-18 "needs Locked (SY-16), LOS and range ≤ 24; on a hit a
/// missile marker (recording the aspect from SY-06 at launch) waits for the LMD phase".
fn launch(g: &mut Stratoyager, unit: UnitId, size: MissileKind, log: &mut Log) {
    let Some(lock) = g.unit(unit).lock.filter(|l| l.locked) else {
        return;
    };
    let target = lock.target;
    if !g.unit(target).on_table() {
        return;
    }
    let u = g.unit_mut(unit);
    u.missiles.spend(size);
    u.lock = None;
    let roll = roll_attack(g, unit, target, Weapon::LockedMissile(size));
    say(log, Event::Attack(roll.clone()));
    if roll.hit {
        let t = g.unit(target);
        let asp = aspect(t.pos, t.facing, g.unit(unit).pos);
        g.missiles.push(MissileMarker {
            parent: unit,
            target,
            size,
            aspect: asp,
        });
        say(
            log,
            Event::MissileTailing {
                parent: unit,
                target,
                size,
            },
        );
    }
}

/// Step (a): the orders that act before any attack.
fn prolonged(g: &mut Stratoyager, unit: UnitId, order: &CombatOrder, log: &mut Log) {
    if !g.unit(unit).on_table() {
        return;
    }
    match order {
        CombatOrder::Eject { hour } => eject(g, unit, Hour(*hour), log),
        CombatOrder::RaiseShields => {
            let max = g.card_of(unit).shields;
            let u = g.unit_mut(unit);
            u.shields = (u.shields + 1).min(max);
            let shields = u.shields;
            say(log, Event::ShieldsRaised { unit, shields });
        }
        CombatOrder::Countermeasures => {
            g.unit_mut(unit).countermeasures = true;
            say(log, Event::CountermeasuresOut { unit });
        }
        CombatOrder::FireAtWill => {
            let segment = match g.phase {
                Phase::Segment { segment, .. } => segment,
                Phase::Dogfight { index, .. } => index + 1,
                _ => 0,
            };
            let u = g.unit_mut(unit);
            u.fire_at_will = true;
            u.fire_at_will_segment = segment;
            say(log, Event::FireAtWillReady { unit });
        }
        _ => {
            if let Some(MissileOrder::Lock { target }) = order.missile() {
                place_lock(g, unit, *target, log);
            }
        }
    }
}

/// SY-16: "placing a lock needs the target in the front arc within 30 klicks"; "One
/// lock per locker": a new lock replaces the old one (project ruling).
fn place_lock(g: &mut Stratoyager, unit: UnitId, target: UnitId, log: &mut Log) {
    if let Some(old) = g.unit(unit).lock {
        if old.target != target {
            say(
                log,
                Event::LockBroken {
                    unit,
                    target: old.target,
                    why: "replaced by a new lock".into(),
                },
            );
        }
    }
    let turn = g.turn;
    g.unit_mut(unit).lock = Some(Lock {
        target,
        placed_turn: turn,
        locked: false,
    });
    say(log, Event::LockPlaced { unit, target });
}

/// SY-25: "the pilot token is placed exactly 1 klick from the unit's centre along a
/// chosen hour … The abandoned 'yager counts as destroyed for the opponent at once and
/// is removed (option `keep_hulks`: it flies on with no actions until it leaves the
/// table, then is removed)." Seed: "Ejected pilot is worth HALF of its unit's Point
/// Value".
fn eject(g: &mut Stratoyager, unit: UnitId, hour: Hour, log: &mut Log) {
    let u = g.unit(unit);
    let at = u.pos.along(hour, 1.0);
    let pilot = Pilot {
        unit,
        side: u.side,
        at,
        value: f64::from(g.card_of(unit).points) / 2.0,
    };
    g.pilots.push(pilot);
    say(log, Event::Ejected { unit, pilot: at });
    if g.options.keep_hulks {
        let u = g.unit_mut(unit);
        u.place = Place::Hulk;
        u.lock = None;
        u.fire_at_will = false;
        break_locks_on(g, unit, "target abandoned", log);
    } else {
        g.lose(unit, Loss::Abandoned, log);
    }
}
