//! Damage, armour and shields (SY-19).

use crate::event::{DamageRoll, Event, Loss, Weapon};
use crate::state::{say, Log, Stratoyager};
use crate::types::{Band, Feature, UnitId};
use orrery_table::{aspect, Aspect};

/// A damage roll made in step (b) of SY-14, applied in step (c).
#[derive(Clone, Debug, PartialEq)]
pub struct PendingDamage {
    pub target: UnitId,
    pub aspect: Aspect,
    pub dice: Vec<u8>,
    pub armor: u8,
    /// Dice at or above armour.
    pub points: u32,
}

/// Damage dice of a weapon.
///
/// SY-19: "damage dice = weapon D (Turret 360 always −1D, minimum 1D; missile
/// 3D/4D/6D)". Fragshell: "Weapon deals full damage at Point Blank, and half of it
/// (round up) on Close range".
pub fn damage_dice(g: &Stratoyager, attacker: UnitId, weapon: Weapon, band: Band) -> u8 {
    match weapon {
        Weapon::Salvo => g.card_of(attacker).salvo_dice(),
        Weapon::LockedMissile(k) | Weapon::Dumb(k) => k.dice(),
        Weapon::Fragshell(k) if band == Band::PointBlank => k.dice(),
        Weapon::Fragshell(k) => k.dice().div_ceil(2),
    }
}

/// Roll `n` damage dice against `target` seen from `aspect`.
///
/// Seed: "Results are compared to Defender's actual Armor Level. For each die roll
/// result EQUAL or HIGHER than Armor Level, target unit loses one point of Structure,
/// unless it is equipped with Shields." Armour by aspect: Unbalanced Armor "+1 Armor on
/// Fore, -1 Armor on Aft".
pub fn roll_damage_dice(
    g: &mut Stratoyager,
    target: UnitId,
    aspect: Aspect,
    n: u8,
) -> PendingDamage {
    let armor = g.card_of(target).armor_vs(aspect);
    let dice: Vec<u8> = (0..n).map(|_| g.rng.d6()).collect();
    let points = dice.iter().filter(|&&d| d >= armor).count() as u32;
    PendingDamage {
        target,
        aspect,
        dice,
        armor,
        points,
    }
}

/// Roll the damage of a hit by `attacker` with `weapon` (`band` = band of the actual
/// distance). The aspect is the bearing of the attacker's peg from the target's facing
/// (SY-06).
pub fn roll_damage(
    g: &mut Stratoyager,
    attacker: UnitId,
    target: UnitId,
    weapon: Weapon,
    band: Band,
) -> PendingDamage {
    let t = g.unit(target);
    let asp = aspect(t.pos, t.facing, g.unit(attacker).pos);
    let n = damage_dice(g, attacker, weapon, band);
    roll_damage_dice(g, target, asp, n)
}

/// Apply rolled damage: shields first, then Structure; logs `Event::Damage`. Does not
/// take the unit out of play (see [`settle_losses`]).
///
/// SY-19: "Shields absorb points one per active level, each absorption lowering shields
/// by 1 (Vulture from Aft: usable shields = max(0, shields − 1); each absorbed point
/// still lowers actual shields by 1). Remaining points reduce Structure". Reactor
/// Interference: "Attacks within aft angle treat Shields as having 1 level less than
/// actual. If actual drops down to 1, rear Shield is 0."
pub fn apply_damage(g: &mut Stratoyager, p: &PendingDamage, log: &mut Log) -> DamageRoll {
    let interference = g.card_of(p.target).has(Feature::ReactorInterference);
    let u = g.unit_mut(p.target);
    let usable = if interference && p.aspect == Aspect::Aft {
        u.shields.saturating_sub(1)
    } else {
        u.shields
    };
    let absorbed = p.points.min(u32::from(usable));
    u.shields -= absorbed as u8;
    let structure_lost = p.points - absorbed;
    u.structure -= structure_lost as i32;
    let roll = DamageRoll {
        target: p.target,
        aspect: p.aspect,
        dice: p.dice.clone(),
        armor: p.armor,
        points: p.points,
        absorbed,
        structure_lost,
        shields_after: u.shields,
        structure_after: u.structure,
    };
    say(log, Event::Damage(roll.clone()));
    roll
}

/// Take out of play every listed unit whose Structure is 0 or less (step (d) of SY-14).
///
/// Seed: "If Structure is reduced to „0", unit is considered scuttled/wrecked and out of
/// game. If Structure is reduced below „0" in single attack, unit is considered
/// destroyed." SY-19: "exactly 0 = wrecked, below 0 = destroyed".
pub fn settle_losses(g: &mut Stratoyager, ids: &[UnitId], log: &mut Log) {
    for &id in ids {
        let u = g.unit(id);
        if u.is_lost() || u.structure > 0 {
            continue;
        }
        let loss = if u.structure == 0 {
            Loss::Wrecked
        } else {
            Loss::Destroyed
        };
        g.lose(id, loss, log);
    }
}
