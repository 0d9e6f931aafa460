//! Combat (SY-15–SY-21): line of sight, To Hit Threshold, the legal Combat Actions,
//! attack and damage rolls, simultaneous resolution, Target Locks and the Locked
//! Missile Damage phase.
//!
//! Project rulings made here (see the module docs of each part):
//! - THT > 6 is "automatic failure" (seed), so such attacks are never offered.
//! - Dumb and Fragshell missiles are unguided ("without any sophisticated tracking
//!   systems"; fragshell "replaces standard missiles"): those units never Lock or
//!   Launch.
//! - A new Target Lock on a different enemy replaces the unit's lock (one lock per
//!   locker, SY-16); locking the current target again is not offered.

pub(crate) mod attack;
mod damage;
mod locks;
mod options;
mod resolve;

pub use attack::{attack_band, roll_attack};
pub use damage::{
    apply_damage, damage_dice, roll_damage, roll_damage_dice, settle_losses, PendingDamage,
};
pub use locks::{check_locks, lock_at_activation, missile_damage_phase};
pub use options::{check_combat, combat_orders, fire_at_will_targets};
pub use resolve::{resolve_combat, resolve_fire_at_will};

use crate::event::Weapon;
use crate::state::Stratoyager;
use crate::types::{Band, Feature, UnitId};
use orrery_table::Point;

/// Line of sight between two pegs.
///
/// SY-12: "LOS from A to B exists unless the segment between their centres touches or
/// crosses any obstacle (boundary included). Units never block LOS." Seed: "If LOS
/// intersects with stationary object … LOS is blocked. Units controlled by both
/// players ARE NOT BLOCKING LOS."
pub fn line_of_sight(g: &Stratoyager, a: Point, b: Point) -> bool {
    !g.obstacles.iter().any(|o| o.outline.touches_segment(a, b))
}

/// Distance between two units' pegs in klicks (SY-05).
pub fn distance(g: &Stratoyager, a: UnitId, b: UnitId) -> f64 {
    g.unit(a).pos.dist(g.unit(b).pos)
}

/// The To Hit Threshold of `attacker` against `target` with `weapon`, at range band
/// `band` (the band of the actual distance; it matters for Pulse and Fragshell).
///
/// Seed: "Defender Speed + Attacker Speed - Attacker Targeting Computer = THT"; for a
/// locked missile "… - Attacker Sensors". SY-17: "+2 per Greyout on the attacker, +2 if
/// the defender is Evasive". SY-10: Evasive gives the unit Greyout "(+2 to its own
/// THT, stacking with a stress Greyout to +4)". Pulse: "Attacks within Point Blank and
/// Close ranges add +1 to Targeting Computer value" (main weapon only). Fragshell: "+2
/// to Targeting Computer value on Point Blank and +1 at Close Range".
pub fn tht(g: &Stratoyager, attacker: UnitId, target: UnitId, weapon: Weapon, band: Band) -> i32 {
    let a = g.unit(attacker);
    let d = g.unit(target);
    let card = g.card_of(attacker);
    let mut tc = card.targeting;
    let close_in = matches!(band, Band::PointBlank | Band::Close);
    match weapon {
        Weapon::Salvo if close_in && card.has(Feature::Pulse) => tc += 1,
        Weapon::LockedMissile(_) => tc += card.sensors,
        Weapon::Fragshell(_) if band == Band::PointBlank => tc += 2,
        Weapon::Fragshell(_) if band == Band::Close => tc += 1,
        _ => {}
    }
    let mut t = d.speed as i32 + a.speed as i32 - tc;
    if a.greyout {
        t += 2;
    }
    if a.evasive {
        t += 2;
    }
    if d.evasive {
        t += 2;
    }
    t
}

/// THT at the actual distance between the two units (band of the distance; beyond
/// Visual counts as Visual).
pub(crate) fn tht_now(g: &Stratoyager, attacker: UnitId, target: UnitId, weapon: Weapon) -> i32 {
    let band = Band::of(distance(g, attacker, target)).unwrap_or(Band::Visual);
    tht(g, attacker, target, weapon, band)
}
