//! The fighter and weapon catalogue (BS-14, BS-15): weights, thrusters, weapons,
//! armour, shields and points.

use orrery_table::Sector;
use serde::{Deserialize, Serialize};

/// Light, medium or heavy.
///
/// Seed: "Light Fighters are easier to pilot and receive a +1 to their Piloting
/// Checks, while Heavy Fighters are harder to pilot, and receive a -1"; BS-11: "Hull =
/// 4 light, 6 medium, 8 heavy".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Weight {
    Light,
    Medium,
    Heavy,
}

impl Weight {
    pub const NAMES: [(&'static str, Weight); 3] = [
        ("light", Weight::Light),
        ("medium", Weight::Medium),
        ("heavy", Weight::Heavy),
    ];

    /// Piloting modifier (seed "Piloting Check").
    pub fn piloting(self) -> i32 {
        match self {
            Weight::Light => 1,
            Weight::Medium => 0,
            Weight::Heavy => -1,
        }
    }

    /// Full Hull Integrity (BS-11).
    pub fn hull(self) -> u8 {
        match self {
            Weight::Light => 4,
            Weight::Medium => 6,
            Weight::Heavy => 8,
        }
    }

    /// BS-15: "weight (light 6, medium 9, heavy 12)".
    pub fn points(self) -> u32 {
        match self {
            Weight::Light => 6,
            Weight::Medium => 9,
            Weight::Heavy => 12,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Weight::Light => "light",
            Weight::Medium => "medium",
            Weight::Heavy => "heavy",
        }
    }
}

/// A set of maneuvering thrusters (seed: "Maneuvering thrusters may be located in
/// three locations"; BS-06: "Rear gives cards 4–6, Side 7–9, Forward 10–12").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Thruster {
    Rear,
    Side,
    Forward,
}

impl Thruster {
    pub const NAMES: [(&'static str, Thruster); 3] = [
        ("rear", Thruster::Rear),
        ("side", Thruster::Side),
        ("forward", Thruster::Forward),
    ];

    /// The maneuver cards these thrusters unlock.
    pub fn cards(self) -> [u8; 3] {
        match self {
            Thruster::Rear => [4, 5, 6],
            Thruster::Side => [7, 8, 9],
            Thruster::Forward => [10, 11, 12],
        }
    }
}

/// A damage die, in the order shields step it down (BS-09: "d2, d3, d4, d6, d8, d10,
/// d12").
pub const DICE: [u8; 7] = [2, 3, 4, 6, 8, 10, 12];

/// The damage dice by name, as files and calculators write them.
pub const DIE_NAMES: [(&str, u8); 7] = [
    ("d2", 2),
    ("d3", 3),
    ("d4", 4),
    ("d6", 6),
    ("d8", 8),
    ("d10", 10),
    ("d12", 12),
];

/// The die one size smaller (seed "Shields": "a d6 … would be a d4 instead"); a d2
/// stays a d2.
pub fn step_down(die: u8) -> u8 {
    match DICE.iter().position(|&d| d == die) {
        Some(i) if i > 0 => DICE[i - 1],
        _ => die,
    }
}

/// Armour: "none (0), light (-1) and heavy (-2)".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Armour {
    None,
    Light,
    Heavy,
}

impl Armour {
    pub const NAMES: [(&'static str, Armour); 3] = [
        ("none", Armour::None),
        ("light", Armour::Light),
        ("heavy", Armour::Heavy),
    ];

    /// What it subtracts from each hit.
    pub fn value(self) -> u8 {
        match self {
            Armour::None => 0,
            Armour::Light => 1,
            Armour::Heavy => 2,
        }
    }

    /// BS-15: "armour (light 2, heavy 4)".
    pub fn points(self) -> u32 {
        2 * u32::from(self.value())
    }
}

/// A weapon's line on the Tactical Display (seed "Combat": Arc of Fire, Rate of Fire,
/// Accuracy, Range, Damage; BS-14 adds points).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weapon {
    pub name: String,
    pub arcs: Vec<Sector>,
    /// d10s rolled per shot.
    pub rof: u8,
    /// Hits on this or lower at medium range.
    pub accuracy: i32,
    /// Maximum range in inches; close is a third of it, medium two thirds (BS-10).
    pub range: u32,
    /// The damage die's sides.
    pub damage: u8,
    pub points: u32,
}

/// A fighter type (BS-15).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Design {
    pub name: String,
    pub weight: Weight,
    pub thrusters: Vec<Thruster>,
    pub weapons: Vec<Weapon>,
    pub armour: Armour,
    pub shields: bool,
}

impl Design {
    /// BS-15: "points per fighter = weight (light 6, medium 9, heavy 12) + 3 per
    /// thruster set + weapons (BS-14) + armour (light 2, heavy 4) + shields 4 + pilot
    /// (skill 1/2/3/4 = 0/2/4/6)". This is the fighter without its pilot.
    pub fn points(&self) -> u32 {
        self.weight.points()
            + 3 * self.thrusters.len() as u32
            + self.weapons.iter().map(|w| w.points).sum::<u32>()
            + self.armour.points()
            + if self.shields { 4 } else { 0 }
    }

    /// Problems that would make the design unplayable, whatever file or state it came
    /// from (the TOML reader reports the same with fields): at most 12 weapons, each
    /// with an arc, 1–12 dice, accuracy −10…10, a range of 3–60 in multiples of 3, a
    /// damage die d2…d12 and 0–100 points; no thruster set twice; no heavy armour on a
    /// light fighter.
    pub fn check(&self) -> Vec<String> {
        let mut p = Vec::new();
        if self.weapons.len() > 12 {
            p.push(format!(
                "{}: {} weapons; at most 12",
                self.name,
                self.weapons.len()
            ));
        }
        for w in &self.weapons {
            let ok = !w.arcs.is_empty()
                && (1..=12).contains(&w.rof)
                && (-10..=10).contains(&w.accuracy)
                && (3..=60).contains(&w.range)
                && w.range % 3 == 0
                && DICE.contains(&w.damage)
                && w.points <= 100;
            if !ok {
                p.push(format!(
                    "{}: weapon {} needs an arc, 1–12 dice, accuracy −10…10, range 3–60 in \
                     multiples of 3, a die d2…d12 and 0–100 points",
                    self.name, w.name
                ));
            }
        }
        let mut t = self.thrusters.clone();
        t.sort();
        t.dedup();
        if t.len() != self.thrusters.len() {
            p.push(format!("{}: a thruster set listed twice", self.name));
        }
        if self.weight == Weight::Light && self.armour == Armour::Heavy {
            p.push(format!(
                "{}: a light fighter may not have heavy armour",
                self.name
            ));
        }
        p
    }

    /// The maneuver cards these fighters may fly: the basic 1–3 and those their
    /// thrusters unlock, in order (seed "Maneuver Cards").
    pub fn cards(&self) -> Vec<u8> {
        self.card_list().to_vec()
    }

    /// [`Design::cards`] without allocating.
    pub fn card_list(&self) -> CardList {
        let mut bits: u16 = 0b1110;
        for t in &self.thrusters {
            for c in t.cards() {
                bits |= 1 << c;
            }
        }
        let mut list = CardList {
            cards: [0; 12],
            len: 0,
        };
        for c in 1..=12u8 {
            if bits >> c & 1 == 1 {
                list.cards[usize::from(list.len)] = c;
                list.len += 1;
            }
        }
        list
    }
}

/// Maneuver cards in order, at most the twelve (see [`Design::cards`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardList {
    cards: [u8; 12],
    len: u8,
}

impl std::ops::Deref for CardList {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.cards[..usize::from(self.len)]
    }
}

/// BS-15: "pilot (skill 1/2/3/4 = 0/2/4/6)".
pub fn pilot_points(skill: u8) -> u32 {
    2 * u32::from(skill.saturating_sub(1))
}

/// The skill levels (seed "Piloting Skill": green, trained, experienced, hotshot).
pub fn skill_name(skill: u8) -> &'static str {
    match skill {
        1 => "green",
        2 => "trained",
        3 => "experienced",
        _ => "hotshot",
    }
}
