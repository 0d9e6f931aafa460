//! Firing (BS-09, BS-10, BS-11): arcs, range bands, accuracy, damage, and its exact
//! odds.

use crate::catalogue::{step_down, Weapon};
use crate::state::{BlackSkies, Fighter};
use orrery_core::prob::{Count, Prob};
use orrery_core::Seat;
use orrery_table::{Heading, Point, Sector};
use serde::Serialize;
use std::collections::BTreeMap;

/// A range band (BS-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Band {
    Close,
    Medium,
    Long,
}

impl Band {
    pub const NAMES: [(&'static str, Band); 3] = [
        ("close", Band::Close),
        ("medium", Band::Medium),
        ("long", Band::Long),
    ];

    /// BS-10: "close d ≤ M/3, medium d ≤ 2M/3, long d ≤ M, out of range beyond M"
    /// (compared as 3d ≤ M etc., with the same tolerance as the table's).
    pub fn of(d: f64, max: u32) -> Option<Band> {
        let m = f64::from(max);
        let eps = orrery_table::EPS;
        if 3.0 * d <= m + eps {
            Some(Band::Close)
        } else if 3.0 * d <= 2.0 * m + eps {
            Some(Band::Medium)
        } else if d <= m + eps {
            Some(Band::Long)
        } else {
            None
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Band::Close => "close",
            Band::Medium => "medium",
            Band::Long => "long",
        }
    }

    /// Seed: "Accuracy is modified by a +1 at close range, and a -1 at long range."
    pub fn modifier(self) -> i32 {
        match self {
            Band::Close => 1,
            Band::Medium => 0,
            Band::Long => -1,
        }
    }
}

/// BS-09: "Final accuracy = weapon accuracy +1 close / −1 long, +1 if the target's
/// speed < 4, −1 if > 8, −1 if the target is jinking."
pub fn final_accuracy(accuracy: i32, band: Band, target_speed: u8, jinking: bool) -> i32 {
    let speed = match target_speed {
        0..=3 => 1,
        4..=8 => 0,
        _ => -1,
    };
    accuracy + band.modifier() + speed - i32::from(jinking)
}

/// The numbers of one weapon's shot at one target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    pub rof: u8,
    pub accuracy: i32,
    /// The die actually rolled (after shields).
    pub die: u8,
    pub armour: u8,
    pub hull: u8,
    pub max_hull: u8,
}

impl Shot {
    /// Faces of a d10 that hit: "each die ≤ final accuracy hits (accuracy ≤ 0: no hit
    /// possible)".
    pub fn hit_faces(&self) -> u32 {
        self.accuracy.clamp(0, 10) as u32
    }

    /// The mean damage of one hit: the die less armour, at least 0.
    pub fn mean_hit_damage(&self) -> f64 {
        // The faces above the armour deal 1, 2, …, die − armour.
        let above = u32::from(self.die).saturating_sub(u32::from(self.armour));
        let total = above * (above + 1) / 2;
        f64::from(total) / f64::from(self.die.max(1))
    }
}

/// The exact odds of one shot (the shape `orrery odds black-skies attack` prints).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AttackOdds {
    /// One die hits.
    pub p_hit: Prob,
    /// Number of hits.
    pub hits: BTreeMap<u32, Prob>,
    /// Damage after armour, capped at the target's Hull.
    pub damage: BTreeMap<u32, Prob>,
    /// Left crippled and flying (0 < Hull ≤ half of maximum, BS-11).
    pub p_crippled: Prob,
    /// Hull 0.
    pub p_destroyed: Prob,
}

fn binomial(n: u32, k: u32) -> u128 {
    (0..k).fold(1u128, |acc, i| acc * u128::from(n - i) / u128::from(i + 1))
}

fn pow(b: u128, e: u32) -> u128 {
    (0..e).fold(1, |acc, _| acc * b)
}

/// Exact odds of `shot`, counted over every d10 and damage die (`u128` counts; the
/// rate of fire is at most 12, so 10¹²·12¹² fits).
pub fn attack(shot: &Shot) -> AttackOdds {
    let n = u32::from(shot.rof);
    let a = u128::from(shot.hit_faces());
    let die = u32::from(shot.die);
    // Damage of one hit: faces 1..=die minus armour, at least 0.
    let one: Vec<u128> = {
        let mut v = vec![0u128; die as usize + 1];
        for face in 1..=die {
            v[face.saturating_sub(u32::from(shot.armour)) as usize] += 1;
        }
        v
    };
    let total = pow(10, n) * pow(u128::from(die), n);
    let mut hits = BTreeMap::new();
    let mut damage: BTreeMap<u32, u128> = BTreeMap::new();
    // conv = the damage distribution of k hits (counts out of die^k).
    let mut conv = vec![1u128];
    for k in 0..=n {
        let ways = binomial(n, k) * pow(a, k) * pow(10 - a, n - k) * pow(u128::from(die), n - k);
        hits.insert(k, (ways * pow(u128::from(die), k)).prob(total));
        for (d, &c) in conv.iter().enumerate() {
            if c > 0 && ways > 0 {
                let capped = (d as u32).min(u32::from(shot.hull));
                *damage.entry(capped).or_default() += ways * c;
            }
        }
        let mut next = vec![0u128; conv.len() + one.len() - 1];
        for (i, &x) in conv.iter().enumerate() {
            for (j, &y) in one.iter().enumerate() {
                next[i + j] += x * y;
            }
        }
        conv = next;
    }
    let half = u32::from(shot.max_hull) / 2;
    let mut crippled = 0u128;
    let mut destroyed = 0u128;
    for (&d, &c) in &damage {
        let left = u32::from(shot.hull) - d;
        if left == 0 {
            destroyed += c;
        } else if left <= half {
            crippled += c;
        }
    }
    AttackOdds {
        p_hit: a.prob(10),
        hits,
        damage: damage
            .into_iter()
            .map(|(d, c)| (d, c.prob(total)))
            .collect(),
        p_crippled: crippled.prob(total),
        p_destroyed: destroyed.prob(total),
    }
}

/// The band `to` is at for weapon `w` of `from`: `None` when it is not an enemy on
/// the table, outside the weapon's arcs or out of range (BS-10).
pub fn reach(from: &Fighter, w: &Weapon, to: &Fighter) -> Option<Band> {
    reach_from(from.seat, from.pos, from.heading, w, to)
}

/// [`reach`] for a fighter of `seat` standing at `at` heading `heading` (where a
/// maneuver would put it).
pub fn reach_from(
    seat: Seat,
    at: Point,
    heading: Heading,
    w: &Weapon,
    to: &Fighter,
) -> Option<Band> {
    if !to.flying() || to.seat == seat {
        return None;
    }
    let (sector, d) = bearing(at, heading, to.pos);
    if !w.arcs.contains(&sector) {
        return None;
    }
    Band::of(d, w.range)
}

/// The sector `to` is in seen from `at` heading `heading` (BS-10's boundaries:
/// exactly [`Sector::of`]'s arithmetic) and its distance (exactly `at.dist(to)`: the
/// same squares), from one difference vector and one square root.
pub fn bearing(at: Point, heading: Heading, to: Point) -> (Sector, f64) {
    Sector::with_distance(at, heading, to)
}

/// The shot `from` would make with `w` at `to` now, if in arc and range.
pub fn shot_at(g: &BlackSkies, from: &Fighter, w: &Weapon, to: &Fighter) -> Option<(Band, Shot)> {
    shot_from(g, from.seat, from.pos, from.heading, w, to)
}

/// [`shot_at`] for a fighter of `seat` standing at `at` heading `heading`.
pub fn shot_from(
    g: &BlackSkies,
    seat: Seat,
    at: Point,
    heading: Heading,
    w: &Weapon,
    to: &Fighter,
) -> Option<(Band, Shot)> {
    let band = reach_from(seat, at, heading, w, to)?;
    Some((band, shot_in(g, w, to, band)))
}

/// The numbers of a shot with `w` at `to` in range band `band` (BS-09).
pub fn shot_in(g: &BlackSkies, w: &Weapon, to: &Fighter, band: Band) -> Shot {
    let target = g.design_of(to);
    let speed = g.element(to.element).speed;
    Shot {
        rof: w.rof,
        accuracy: final_accuracy(w.accuracy, band, speed, to.jinking),
        die: if target.shields {
            step_down(w.damage)
        } else {
            w.damage
        },
        armour: target.armour.value(),
        hull: to.hull,
        max_hull: g.max_hull(to),
    }
}

/// BS-09: "crippled: only ⌊weapons/2⌋ of them".
pub fn weapons_allowed(g: &BlackSkies, f: &Fighter) -> u8 {
    let n = g.design_of(f).weapons.len() as u8;
    if g.crippled(f) {
        n / 2
    } else {
        n
    }
}

/// Whether weapon `weapon` of `f` has a target now ([`targets`] is not empty).
pub fn has_target(g: &BlackSkies, f: &Fighter, weapon: u8) -> bool {
    g.design_of(f)
        .weapons
        .get(usize::from(weapon))
        .is_some_and(|w| g.fighters.iter().any(|t| reach(f, w, t).is_some()))
}

/// The targets weapon `weapon` of `f` may fire at now, by fighter id.
pub fn targets(g: &BlackSkies, f: &Fighter, weapon: u8) -> Vec<u8> {
    let Some(w) = g.design_of(f).weapons.get(usize::from(weapon)) else {
        return Vec::new();
    };
    g.fighters
        .iter()
        .filter(|t| reach(f, w, t).is_some())
        .map(|t| t.id)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_hit_damage_sums_the_faces() {
        for die in 0..=12u8 {
            for armour in 0..=14u8 {
                let shot = Shot {
                    rof: 1,
                    accuracy: 5,
                    die,
                    armour,
                    hull: 4,
                    max_hull: 4,
                };
                let total: u32 = (1..=u32::from(die))
                    .map(|x| x.saturating_sub(u32::from(armour)))
                    .sum();
                let mean = f64::from(total) / f64::from(die.max(1));
                assert_eq!(shot.mean_hit_damage(), mean);
            }
        }
    }

    #[test]
    fn bearing_is_sector_of_and_dist() {
        let at = Point::new(10.5, 7.25);
        for h in Heading::all() {
            for i in -40..=40 {
                for j in -40..=40 {
                    let to = Point::new(10.5 + f64::from(i) * 0.375, 7.25 + f64::from(j) * 0.5);
                    assert_eq!(bearing(at, h, to), (Sector::of(at, h, to), at.dist(to)));
                }
            }
            // On BS-10's boundaries.
            for k in 0..24 {
                let to = at + Heading(k).vector() * 6.0;
                assert_eq!(bearing(at, h, to), (Sector::of(at, h, to), at.dist(to)));
            }
        }
    }
}
