//! Shooting (seed "Strzelanie"; FB-05, FB-12, FB-13): guns, arcs, who may be shot,
//! the to-hit and block numbers, an attack's dice, and its exact odds.

use crate::action::GunRef;
use crate::catalogue::{Gun, Special, System};
use crate::event::{Attack, Event};
use crate::fleet::Mount;
use crate::refusal::Refusal;
use crate::rules::{emit, Log};
use crate::state::{Shot, Step, UpgradeKind, Warfleets};
use crate::terrain::sight;
use orrery_core::prob::{Count, Prob};
use orrery_table::Point;
use std::collections::BTreeMap;

/// Where a point lies around a ship (FB-05): "front |b| ≤ 45°, rear |b| ≥ 135°, left
/// side 45° < b < 135°, right side −135° < b < −45°".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arc {
    Front,
    Rear,
    Port,
    Starboard,
}

/// The arc of `other` seen from a ship at `at` heading `v` (a unit vector).
pub fn arc_of(at: Point, v: Point, other: Point) -> Arc {
    let d = other - at;
    let along = d.dot(v);
    // Positive = to port (counter-clockwise of the heading).
    let across = v.cross(d);
    if along >= across.abs() {
        Arc::Front
    } else if -along >= across.abs() {
        Arc::Rear
    } else if across > 0.0 {
        Arc::Port
    } else {
        Arc::Starboard
    }
}

/// The numbers of one attack: "To hit: roll Attacks dice; target number = Evasion −
/// bonuses … a natural 6 always hits, a 1 always misses. Anti-Ship vs squadrons and
/// Anti-Squadron vs ships hit only on a 6. Sitting duck: hits on 2+ whatever the
/// bonuses, but "only on a 6" still applies. Block: … needing ≥ Toughness + Strength
/// (+1 if shot from the rear, −1 in cover); natural 6 blocks, 1 fails." (FB-12)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbers {
    pub attacks: u8,
    pub hit_on: u8,
    /// `None`: no block roll (Boarding Pod).
    pub block_on: Option<u8>,
    /// Damage per failed block (Deadly: 2).
    pub per_fail: u8,
    pub rear: bool,
    pub cover: bool,
    pub sitting_duck: bool,
}

/// The to-hit number from the pieces (FB-12).
pub fn hit_number(evasion: u8, bonus: u8, only_six: bool, sitting_duck: bool) -> u8 {
    if only_six {
        6
    } else if sitting_duck {
        2
    } else {
        evasion.saturating_sub(bonus).clamp(2, 6)
    }
}

/// The block number from the pieces (FB-12).
pub fn block_number(toughness: u8, strength: u8, rear: bool, cover: bool) -> u8 {
    (i32::from(toughness) + i32::from(strength) + i32::from(rear) - i32::from(cover)).clamp(2, 6)
        as u8
}

impl Warfleets {
    /// A model's guns that work: its turret (Nuclear Ammo: +1 Strength) and its
    /// working weapons, with their mounts.
    pub fn guns(&self, id: u8) -> Vec<(GunRef, Gun, Option<Mount>)> {
        let m = self.model(id);
        let mut out = vec![(GunRef::Turret, self.turret(id), None)];
        for (i, u) in m.upgrades.iter().enumerate() {
            if let UpgradeKind::Weapon { weapon, mount } = u.kind {
                if u.works() {
                    let w = &self.catalogue.weapons[weapon];
                    out.push((GunRef::Weapon(i as u8), w.gun(), Some(mount)));
                }
            }
        }
        out
    }

    /// A model's turret: "every model has a turret that may fire in all
    /// directions" (Nuclear Ammo: +1 Strength).
    pub fn turret(&self, id: u8) -> Gun {
        let mut turret = self.hull(id).turret.clone();
        if self.model(id).system_works(System::NuclearAmmo) {
            turret.strength += 1;
        }
        turret
    }

    pub fn gun_name(&self, id: u8, gun: GunRef) -> String {
        match gun {
            GunRef::Turret => "turret".into(),
            GunRef::Weapon(i) => {
                match self.model(id).upgrades.get(usize::from(i)).map(|u| u.kind) {
                    Some(UpgradeKind::Weapon { weapon, .. }) => {
                        self.catalogue.weapons[weapon].name.clone()
                    }
                    _ => "?".into(),
                }
            }
        }
    }

    /// Whether `shooter` may fire `gun` at `target` now, given `shots` already fired
    /// this activation; the flank (for Broadside) on success. The rules are in
    /// `shots.rs` ([`Warfleets::shot_refusal`]); a refusal is a value, worded above
    /// the rules.
    pub(crate) fn check_shot(
        &self,
        shooter: u8,
        gun: GunRef,
        target: u8,
        shots: &[Shot],
    ) -> Result<Option<bool>, Refusal> {
        let guns = self.guns(shooter);
        let engaged = self.engaged_with(shooter);
        self.shot_refusal(shooter, &guns, &engaged, gun, target, shots)
            .map_err(|why| Refusal::Shot {
                shooter,
                gun,
                target,
                why,
            })
    }

    /// Every shot `model` may take now.
    pub fn shots_now(&self, model: u8) -> Vec<(GunRef, u8)> {
        let Step::Fire { shots, .. } = &self.step else {
            return Vec::new();
        };
        let guns = self.guns(model);
        let engaged = self.engaged_with(model);
        let mut out = Vec::new();
        for (gun, _, _) in &guns {
            for t in self.on_table() {
                if self
                    .shot_refusal(model, &guns, &engaged, *gun, t.id, shots)
                    .is_ok()
                {
                    out.push((*gun, t.id));
                }
            }
        }
        out
    }

    /// The numbers of `gun` of `shooter` against `target` (a legal shot).
    pub fn numbers(&self, shooter: u8, gun: &Gun, turret: bool, target: u8) -> Numbers {
        let s = self.model(shooter);
        let t = self.model(target);
        let target_ship = !self.is_squadron(target);
        let shooter_squadron = self.is_squadron(shooter);
        let rear = target_ship && arc_of(t.pos, t.heading.vector(), s.pos) == Arc::Rear;
        let mut bonus = u8::from(rear);
        if shooter_squadron && !target_ship {
            bonus += 1;
        }
        if gun.has(Special::AntiShip) && target_ship {
            bonus += 1;
        }
        if gun.has(Special::AntiSquadron) && !target_ship {
            bonus += 1;
        }
        if turret && s.system_works(System::PrecisionRig) {
            bonus += 1;
        }
        let only_six = (gun.has(Special::AntiShip) && !target_ship)
            || (gun.has(Special::AntiSquadron) && target_ship);
        let sitting_duck = target_ship && t.sitting_duck;
        let hit_on = hit_number(self.hull(target).evasion, bonus, only_six, sitting_duck);
        let view = sight(&self.terrain, s.pos, t.pos, self.radius(target));
        let stealth = t.system_works(System::StealthRig) && self.gap(shooter, target) > 12.0;
        let cover = view.cover || stealth || !view.clear;
        let block_on = (!gun.has(Special::BoardingPod))
            .then(|| block_number(self.hull(target).toughness, gun.strength, rear, cover));
        Numbers {
            attacks: gun.attacks,
            hit_on,
            block_on,
            per_fail: if gun.has(Special::Deadly) { 2 } else { 1 },
            rear,
            cover,
            sitting_duck,
        }
    }

    /// FB-12: fire `gun` at `target` (checked), rolling the dice.
    pub(crate) fn fire(&mut self, shooter: u8, gun: GunRef, target: u8, log: &mut Log) {
        let Some((_, g, _)) = self.guns(shooter).into_iter().find(|x| x.0 == gun) else {
            return;
        };
        let turret = gun == GunRef::Turret;
        let n = self.numbers(shooter, &g, turret, target);
        let hit_rolls: Vec<u8> = (0..n.attacks).map(|_| self.rng.d6()).collect();
        let hits = hit_rolls
            .iter()
            .filter(|&&r| r == 6 || (r != 1 && r >= n.hit_on))
            .count() as u8;
        let ones = hit_rolls.iter().filter(|&&r| r == 1).count() as u8;
        let sniper = g.has(Special::Sniper).then_some(self.model(shooter).seat);
        let mut attack = Attack {
            shooter,
            gun: self.gun_name(shooter, gun),
            target,
            hit_on: n.hit_on,
            hit_rolls,
            hits,
            block_on: n.block_on,
            block_rolls: Vec::new(),
            damage: 0,
            rear: n.rear,
            cover: n.cover,
            sitting_duck: n.sitting_duck,
            blast: Vec::new(),
        };
        if g.has(Special::BoardingPod) {
            // "each hit gives the target 1 boarding marker instead of damage".
            let m = self.model_mut(target);
            m.boarding = m.boarding.saturating_add(hits);
        } else {
            let (rolls, damage) = self.blocks(hits, &n);
            attack.block_rolls = rolls;
            attack.damage = damage;
            self.hurt(target, damage, sniper);
        }
        if g.has(Special::Blast) && hits > 0 {
            // FB-12: "every other model within 4" of it (friends too, never the
            // shooter) takes 1 hit from this weapon."
            let near: Vec<u8> = self
                .on_table()
                .filter(|m| {
                    m.id != target && m.id != shooter && self.gap(m.id, target) <= 4.0 + 1e-9
                })
                .map(|m| m.id)
                .collect();
            for other in near {
                let n2 = self.numbers(shooter, &g, turret, other);
                let (_, damage) = self.blocks(1, &n2);
                self.hurt(other, damage, sniper);
                attack.blast.push(other);
            }
        }
        emit(log, Event::Attack(Box::new(attack)));
        if g.has(Special::Overheating) && ones > 0 {
            // "if a 1 is rolled to hit, the firing model takes 1 damage" (per die, FB-12).
            self.hurt(shooter, ones, None);
        }
    }

    /// Block rolls for `hits`: the rolls and the damage.
    fn blocks(&mut self, hits: u8, n: &Numbers) -> (Vec<u8>, u8) {
        let Some(block_on) = n.block_on else {
            return (Vec::new(), 0);
        };
        let rolls: Vec<u8> = (0..hits).map(|_| self.rng.d6()).collect();
        let fails = rolls
            .iter()
            .filter(|&&r| !(r == 6 || (r != 1 && r >= block_on)))
            .count() as u8;
        (rolls, fails * n.per_fail)
    }
}

/// The exact distributions of one attack (FB-12): hits, and damage dealt.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct AttackOdds {
    pub hit_on: u8,
    pub block_on: Option<u8>,
    pub hits: BTreeMap<String, Prob>,
    pub damage: BTreeMap<String, Prob>,
}

fn choose(n: u32, k: u32) -> u128 {
    (0..k).fold(1u128, |acc, i| acc * u128::from(n - i) / u128::from(i + 1))
}

/// The exact odds of `n` (counted over 6^(2·attacks) outcomes, in `u128`).
pub fn attack_odds(n: &Numbers) -> AttackOdds {
    let a = u32::from(n.attacks);
    let hit_faces = u128::from(7 - n.hit_on);
    let total: u128 = orrery_core::prob::pow6::<u128>(2 * a);
    let mut hits = BTreeMap::new();
    let mut damage: BTreeMap<u32, u128> = BTreeMap::new();
    for k in 0..=a {
        // Ways to get k hits, scaled to the common total 6^(2a).
        let ways = choose(a, k) * hit_faces.pow(k) * (6 - hit_faces).pow(a - k);
        hits.insert(
            k.to_string(),
            (ways * orrery_core::prob::pow6::<u128>(a)).prob(total),
        );
        match n.block_on {
            None => *damage.entry(0).or_default() += ways * orrery_core::prob::pow6::<u128>(a),
            Some(b) => {
                let fail_faces = u128::from(b - 1);
                for j in 0..=k {
                    let w = ways
                        * choose(k, j)
                        * fail_faces.pow(j)
                        * (6 - fail_faces).pow(k - j)
                        * orrery_core::prob::pow6::<u128>(a - k);
                    *damage.entry(j * u32::from(n.per_fail)).or_default() += w;
                }
            }
        }
    }
    AttackOdds {
        hit_on: n.hit_on,
        block_on: n.block_on,
        hits,
        damage: damage
            .into_iter()
            .map(|(d, w)| (d.to_string(), w.prob(total)))
            .collect(),
    }
}
