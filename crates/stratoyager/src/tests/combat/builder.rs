//! Test-only helpers over `crate::testkit` (the SY-02 roster, the empty
//! 24×36 table in segment 1's combat step, `add`, `events`): attack and damage rolls
//! out of a log, order shorthands, and how a unit was lost.

pub use crate::testkit::{add, events, game, A, B, BLACKBUCK, EVO, GUARDIAN, VULTURE};

use crate::event::{AttackRoll, DamageRoll, Loss};
use crate::state::{Log, Place};
use crate::*;

pub fn attacks(log: &Log) -> Vec<AttackRoll> {
    log.iter()
        .filter_map(|l| match &l.event {
            Event::Attack(a) => Some(a.clone()),
            _ => None,
        })
        .collect()
}

pub fn damages(log: &Log) -> Vec<DamageRoll> {
    log.iter()
        .filter_map(|l| match &l.event {
            Event::Damage(d) => Some(d.clone()),
            _ => None,
        })
        .collect()
}

pub fn salvo(target: UnitId) -> CombatOrder {
    CombatOrder::Salvo { target }
}

pub fn missile(m: MissileOrder) -> CombatOrder {
    CombatOrder::Missile { missile: m }
}

pub fn lost(g: &Stratoyager, id: UnitId) -> Option<Loss> {
    match g.unit(id).place {
        Place::Lost { loss } => Some(loss),
        _ => None,
    }
}
