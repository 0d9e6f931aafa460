//! Target Locks (SY-16) and the Locked Missile Damage phase (SY-20).

use super::damage::{apply_damage, roll_damage_dice, settle_losses};
use crate::event::Event;
use crate::state::{say, Log, Stratoyager};
use crate::types::{Feature, UnitId, LOCK_RANGE};
use orrery_table::{in_front_arc, EPS};

/// Why `unit`'s lock would break now, if it would.
///
/// SY-16: "it breaks if the target is outside the locker's front arc (ignored by
/// Tracker, SY-18) or beyond 30 klicks, or either unit leaves play." Tracker: "Target
/// is not lost if it clears from unit's front firing arc."
fn lock_problem(g: &Stratoyager, unit: UnitId) -> Option<String> {
    let u = g.unit(unit);
    let lock = u.lock?;
    let t = g.unit(lock.target);
    if !u.on_table() {
        return Some("locker left play".into());
    }
    if !t.on_table() {
        return Some("target left play".into());
    }
    if u.pos.dist(t.pos) > LOCK_RANGE + EPS {
        return Some(format!("target beyond {LOCK_RANGE} klicks"));
    }
    if !g.card_of(unit).has(Feature::Tracker) && !in_front_arc(u.pos, u.facing, t.pos) {
        return Some("target left the front arc".into());
    }
    None
}

fn check_one(g: &mut Stratoyager, unit: UnitId, log: &mut Log) {
    let Some(lock) = g.unit(unit).lock else {
        return;
    };
    if let Some(why) = lock_problem(g, unit) {
        let target = lock.target;
        g.unit_mut(unit).lock = None;
        say(log, Event::LockBroken { unit, target, why });
    }
}

/// Check every Target Lock; run after every Movement Action of any unit.
///
/// SY-16: "The lock is checked after every later MA of any unit and at the start of
/// the locker's next activation … it breaks if the target is outside the locker's
/// front arc (ignored by Tracker, SY-18) or beyond 30 klicks, or either unit leaves
/// play." Seed: "Target Lock remains active as long as target is in front firing arc,
/// and within range, or until missile fire."
pub fn check_locks(g: &mut Stratoyager, log: &mut Log) {
    let lockers: Vec<UnitId> = g
        .units
        .iter()
        .filter(|u| u.lock.is_some())
        .map(|u| u.id)
        .collect();
    for unit in lockers {
        check_one(g, unit, log);
    }
}

/// At the start of `unit`'s activation: check its lock, and a lock placed in an
/// earlier turn that survives becomes Locked.
///
/// Seed: "If unit can hold Target in Front Firing Arc until next activation, target is
/// Locked and missile can be fired". SY-16: "A lock that survives to the locker's next
/// activation becomes Locked and stays Locked while the checks pass; Locked Missile
/// Launch is allowed from that activation on."
pub fn lock_at_activation(g: &mut Stratoyager, unit: UnitId, log: &mut Log) {
    check_one(g, unit, log);
    let turn = g.turn;
    let u = g.unit_mut(unit);
    if let Some(lock) = u.lock.as_mut() {
        if !lock.locked && turn > lock.placed_turn {
            lock.locked = true;
            let target = lock.target;
            say(log, Event::Locked { unit, target });
        }
    }
}

/// Break every lock on `target` (it left play without [`Stratoyager::lose`]).
pub(crate) fn break_locks_on(g: &mut Stratoyager, target: UnitId, why: &str, log: &mut Log) {
    for i in 0..g.units.len() {
        if g.units[i].lock.is_some_and(|l| l.target == target) {
            g.units[i].lock = None;
            let unit = g.units[i].id;
            let why = why.to_string();
            say(log, Event::LockBroken { unit, target, why });
        }
    }
}

/// The Locked Missile Damage phase, after the last segment.
///
/// SY-20: "resolve missile markers in launch order … if the target has left play,
/// discard it; if the target has Countermeasures, roll 1D6, 4+ neutralises; else roll
/// damage (SY-19) with the aspect recorded at launch. Parent unit destroyed: the
/// missile still hits. Countermeasures tokens are removed after this phase." Seed:
/// "rolled for each missile separately". A target taken out of play by one missile
/// loses the later ones (they find no target).
pub fn missile_damage_phase(g: &mut Stratoyager, log: &mut Log) {
    let markers = std::mem::take(&mut g.missiles);
    for m in markers {
        let t = g.unit(m.target);
        if !t.on_table() {
            let why = "target left play".to_string();
            say(
                log,
                Event::MissileLost {
                    target: m.target,
                    why,
                },
            );
            continue;
        }
        if t.countermeasures {
            let roll = g.rng.d6();
            let neutralised = roll >= 4;
            say(
                log,
                Event::Countermeasure {
                    target: m.target,
                    roll,
                    neutralised,
                },
            );
            if neutralised {
                continue;
            }
        }
        let p = roll_damage_dice(g, m.target, m.aspect, m.size.dice());
        apply_damage(g, &p, log);
        settle_losses(g, &[m.target], log);
    }
    for u in &mut g.units {
        u.countermeasures = false;
    }
}
