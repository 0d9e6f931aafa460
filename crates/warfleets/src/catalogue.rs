//! The catalogue (seed "Statki i eskadry", "Bohaterowie/Tytuły", "Systemy", "Broń"):
//! hulls, weapons, systems, heroes and titles, read from `data/catalogue.toml` with
//! the official English names (FB-01). Numbers are data; what each special rule,
//! system, hero and title *does* is code, keyed by its name here.

use orrery_data::Reader;
use serde::{Deserialize, Serialize};
use toml::Value;

/// A gun of a model: its turret ("every model has a turret that may fire in all
/// directions") or one of its weapon upgrades (by upgrade index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GunRef {
    Turret,
    Weapon(u8),
}

/// The shipped catalogue.
pub const CATALOGUE_TOML: &str = include_str!("../data/catalogue.toml");

/// A model's class: the phase it activates in (seed "Rundy i aktywacja": squadrons,
/// light, medium, heavy) and a ship's upgrade slots ("lekki (2)", "średni (3)",
/// "ciężki (4)").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Squadron,
    Light,
    Medium,
    Heavy,
}

impl Class {
    pub const ALL: [Class; 4] = [Class::Squadron, Class::Light, Class::Medium, Class::Heavy];

    /// Upgrade slots (the bracketed number); squadrons have none.
    pub fn slots(self) -> u8 {
        match self {
            Class::Squadron => 0,
            Class::Light => 2,
            Class::Medium => 3,
            Class::Heavy => 4,
        }
    }

    /// FB-04: "round bases, diameter: squadron 1", light ship 1.25", medium 1.5",
    /// heavy 2"" — the radius.
    pub fn radius(self) -> f64 {
        match self {
            Class::Squadron => 0.5,
            Class::Light => 0.625,
            Class::Medium => 0.75,
            Class::Heavy => 1.0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Class::Squadron => "squadron",
            Class::Light => "light",
            Class::Medium => "medium",
            Class::Heavy => "heavy",
        }
    }

    /// The phase's name.
    pub fn phase_name(self) -> &'static str {
        match self {
            Class::Squadron => "squadron phase",
            Class::Light => "light ship phase",
            Class::Medium => "medium ship phase",
            Class::Heavy => "heavy ship phase",
        }
    }
}

/// Special rules ("Zasady specjalne"), by their official names (FB-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Special {
    /// "+1 to hit against ships, but hits squadrons only on 6+."
    #[serde(rename = "Anti-Ship")]
    AntiShip,
    /// "+1 to hit against squadrons, but hits ships only on 6+."
    #[serde(rename = "Anti-Squadron")]
    AntiSquadron,
    /// "if the target is hit, all models within 4" of it are also hit by this weapon."
    Blast,
    /// "may only attack ships; each hit gives the target 1 boarding marker".
    #[serde(rename = "Boarding Pod")]
    BoardingPod,
    /// "may only be mounted on the sides, and fires from both sides at once."
    Broadside,
    /// "deals +1 damage for each unblocked hit."
    Deadly,
    /// "the first time this model takes damage in a round, it takes +1 damage."
    Fragile,
    /// "if a 1 is rolled to hit, the firing model takes 1 damage."
    Overheating,
    /// "may fire twice, at two different targets."
    #[serde(rename = "Twin Fire")]
    TwinFire,
    /// "may skip its activation in the squadron phase to activate in another phase".
    Rogue,
    /// "the attacker may assign the damage dealt by this weapon to one upgrade".
    Sniper,
}

impl Special {
    pub const NAMES: [&'static str; 11] = [
        "Anti-Ship",
        "Anti-Squadron",
        "Blast",
        "Boarding Pod",
        "Broadside",
        "Deadly",
        "Fragile",
        "Overheating",
        "Twin Fire",
        "Rogue",
        "Sniper",
    ];
}

/// A gun: a turret or a weapon.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gun {
    /// Range in inches (FB-04: measured base to base).
    pub range: f64,
    pub attacks: u8,
    pub strength: u8,
    #[serde(default)]
    pub special: Vec<Special>,
}

impl Gun {
    pub fn has(&self, s: Special) -> bool {
        self.special.contains(&s)
    }
}

/// A ship or squadron type ("Statki i eskadry").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hull {
    pub name: String,
    pub class: Class,
    pub cost: u32,
    /// Move and Cruise speeds in inches.
    #[serde(rename = "move")]
    pub move_speed: f64,
    pub cruise: f64,
    pub turret: Gun,
    /// Evasion and Toughness: the "X+" target numbers.
    pub evasion: u8,
    pub toughness: u8,
    /// Model special rules (Fragile, Rogue…).
    #[serde(default)]
    pub special: Vec<Special>,
}

impl Hull {
    pub fn is_squadron(&self) -> bool {
        self.class == Class::Squadron
    }
    pub fn has(&self, s: Special) -> bool {
        self.special.contains(&s)
    }
}

/// A weapon ("Broń"): a free upgrade mounted on one side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    pub range: f64,
    pub attacks: u8,
    pub strength: u8,
    #[serde(default)]
    pub special: Vec<Special>,
}

impl Weapon {
    pub fn gun(&self) -> Gun {
        Gun {
            range: self.range,
            attacks: self.attacks,
            strength: self.strength,
            special: self.special.clone(),
        }
    }
}

/// Systems ("Systemy"): free upgrades whose effects are code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum System {
    /// "enemy ships ramming this ship take +1 damage, and this ship never takes damage
    /// from overlapping enemy ships."
    #[serde(rename = "Ablative Armor")]
    AblativeArmor,
    /// "this upgrade stops working only after 4 damage."
    #[serde(rename = "Armored Plating")]
    ArmoredPlating,
    /// "enemy ships rammed by this ship are pushed +D6"."
    #[serde(rename = "Gravity Bumper")]
    GravityBumper,
    /// "the turret gets +1 Strength."
    #[serde(rename = "Nuclear Ammo")]
    NuclearAmmo,
    /// "+2" Move and +3" Cruise/Ram."
    #[serde(rename = "Pulse Engine")]
    PulseEngine,
    /// "deals +1 damage when ramming enemy ships."
    #[serde(rename = "Reinforced Ram")]
    ReinforcedRam,
    /// "after activating, may remove 1 damage from another ship within 4"."
    #[serde(rename = "Repair Bay")]
    RepairBay,
    /// "whenever the ship takes a point of damage, roll a die; on 5+ … ignored."
    #[serde(rename = "Shield Booster")]
    ShieldBooster,
    /// "always counts as in cover when targeted from more than 12"."
    #[serde(rename = "Stealth Rig")]
    StealthRig,
    /// "the turret gets +1 to hit."
    #[serde(rename = "Precision Rig")]
    PrecisionRig,
    /// "after activating, pick one enemy ship within 8" and move it D6+1" towards this
    /// ship."
    #[serde(rename = "Tractor Beam")]
    TractorBeam,
}

impl System {
    pub const ALL: [(System, &'static str); 11] = [
        (System::AblativeArmor, "Ablative Armor"),
        (System::ArmoredPlating, "Armored Plating"),
        (System::GravityBumper, "Gravity Bumper"),
        (System::NuclearAmmo, "Nuclear Ammo"),
        (System::PulseEngine, "Pulse Engine"),
        (System::ReinforcedRam, "Reinforced Ram"),
        (System::RepairBay, "Repair Bay"),
        (System::ShieldBooster, "Shield Booster"),
        (System::StealthRig, "Stealth Rig"),
        (System::PrecisionRig, "Precision Rig"),
        (System::TractorBeam, "Tractor Beam"),
    ];

    pub fn name(self) -> &'static str {
        System::ALL
            .iter()
            .find(|(s, _)| *s == self)
            .map_or("?", |x| x.1)
    }

    pub fn from_name(name: &str) -> Option<System> {
        System::ALL.iter().find(|(_, n)| *n == name).map(|x| x.0)
    }

    /// Damage the upgrade takes before it stops working (FB-15: "2 damage; Armored
    /// Plating 4").
    pub fn limit(self) -> u8 {
        if self == System::ArmoredPlating {
            4
        } else {
            2
        }
    }
}

/// Heroes and titles (FB-02): not upgrades; each ship at most one of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ability {
    #[serde(rename = "Tactical Master")]
    TacticalMaster,
    #[serde(rename = "Elite Carrier")]
    EliteCarrier,
    #[serde(rename = "Expert Sapper")]
    ExpertSapper,
    Avenger,
    Vanguard,
    Defiant,
}

impl Ability {
    pub const HEROES: [(Ability, &'static str); 3] = [
        (Ability::TacticalMaster, "Tactical Master"),
        (Ability::EliteCarrier, "Elite Carrier"),
        (Ability::ExpertSapper, "Expert Sapper"),
    ];
    pub const TITLES: [(Ability, &'static str); 3] = [
        (Ability::Avenger, "Avenger"),
        (Ability::Vanguard, "Vanguard"),
        (Ability::Defiant, "Defiant"),
    ];

    pub fn name(self) -> &'static str {
        Ability::HEROES
            .iter()
            .chain(Ability::TITLES.iter())
            .find(|(a, _)| *a == self)
            .map_or("?", |x| x.1)
    }
}

/// A hero or title with its cost.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Priced {
    pub ability: Ability,
    pub cost: u32,
}

/// Everything fleets are built from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Catalogue {
    pub hulls: Vec<Hull>,
    pub weapons: Vec<Weapon>,
    pub heroes: Vec<Priced>,
    pub titles: Vec<Priced>,
}

impl Catalogue {
    /// The shipped catalogue.
    pub fn shipped() -> Catalogue {
        read_catalogue(CATALOGUE_TOML, "catalogue.toml").expect("the shipped catalogue reads")
    }

    pub fn hull(&self, name: &str) -> Option<usize> {
        self.hulls.iter().position(|h| h.name == name)
    }

    pub fn weapon(&self, name: &str) -> Option<usize> {
        self.weapons.iter().position(|w| w.name == name)
    }

    /// The cost of a hero or title (0 if the catalogue leaves it out).
    pub fn cost_of(&self, a: Ability) -> Option<u32> {
        self.heroes
            .iter()
            .chain(self.titles.iter())
            .find(|p| p.ability == a)
            .map(|p| p.cost)
    }

    /// Every problem with the numbers (for a catalogue brought in by JSON).
    pub fn check(&self) -> Vec<String> {
        let mut out = Vec::new();
        let gun = |g: &Gun, at: &str, out: &mut Vec<String>| {
            if !(g.range.is_finite() && (0.0..=120.0).contains(&g.range)) {
                out.push(format!("{at}.range: {} must be 0 to 120", g.range));
            }
            if g.attacks > 20 {
                out.push(format!("{at}.attacks: {} must be 0 to 20", g.attacks));
            }
            if g.strength > 6 {
                out.push(format!("{at}.strength: {} must be 0 to 6", g.strength));
            }
        };
        for (i, h) in self.hulls.iter().enumerate() {
            let at = format!("hull[{i}]");
            for (v, f) in [(h.move_speed, "move"), (h.cruise, "cruise")] {
                if !(v.is_finite() && (0.0..=48.0).contains(&v)) {
                    out.push(format!("{at}.{f}: {v} must be 0 to 48"));
                }
            }
            for (v, f) in [(h.evasion, "evasion"), (h.toughness, "toughness")] {
                if !(2..=6).contains(&v) {
                    out.push(format!("{at}.{f}: {v} must be 2 to 6 (a \"{v}+\" roll)"));
                }
            }
            if h.cost > 1000 {
                out.push(format!("{at}.cost: {} must be at most 1000", h.cost));
            }
            gun(&h.turret, &format!("{at}.turret"), &mut out);
        }
        for (i, w) in self.weapons.iter().enumerate() {
            gun(&w.gun(), &format!("weapon[{i}]"), &mut out);
        }
        for (i, h) in self.hulls.iter().enumerate() {
            if self.hulls[..i].iter().any(|o| o.name == h.name) {
                out.push(format!("hull[{i}].name: `{}` appears twice", h.name));
            }
        }
        for (i, w) in self.weapons.iter().enumerate() {
            if self.weapons[..i].iter().any(|o| o.name == w.name) {
                out.push(format!("weapon[{i}].name: `{}` appears twice", w.name));
            }
        }
        out
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PricedEntry {
    name: String,
    cost: u32,
}

/// Read a catalogue, reporting every problem with file, field and reason.
pub fn read_catalogue(text: &str, file: &str) -> Result<Catalogue, orrery_data::DataError> {
    let mut r = Reader::new(file);
    let root = r.parse(text)?;
    let cat = catalogue_from(&mut r, &root, "");
    r.finish(cat)
}

/// The catalogue in table `root` at `path` (a catalogue file, or a scenario's
/// `[catalogue]`).
pub(crate) fn catalogue_from(r: &mut Reader, root: &toml::Table, path: &str) -> Catalogue {
    r.keys(root, path, &["hull", "weapon", "hero", "title"]);
    let mut cat = Catalogue {
        hulls: Vec::new(),
        weapons: Vec::new(),
        heroes: Vec::new(),
        titles: Vec::new(),
    };
    for (p, t) in r.tables(root, "hull", path, true) {
        if let Some(h) = r.serde_value::<Hull>(&Value::Table(t.clone()), &p) {
            cat.hulls.push(h);
        }
    }
    for (p, t) in r.tables(root, "weapon", path, true) {
        if let Some(w) = r.serde_value::<Weapon>(&Value::Table(t.clone()), &p) {
            if w.special.contains(&Special::Rogue) || w.special.contains(&Special::Fragile) {
                r.problem(
                    format!("{p}.special"),
                    "Rogue and Fragile are rules of models, not of weapons".into(),
                );
            }
            cat.weapons.push(w);
        }
    }
    for (key, list, known) in [
        ("hero", &mut cat.heroes, &Ability::HEROES),
        ("title", &mut cat.titles, &Ability::TITLES),
    ] {
        for (p, t) in r.tables(root, key, path, false) {
            if let Some(e) = r.serde_value::<PricedEntry>(&Value::Table(t.clone()), &p) {
                match known.iter().find(|(_, n)| *n == e.name) {
                    Some((a, _)) => list.push(Priced {
                        ability: *a,
                        cost: e.cost,
                    }),
                    None => {
                        let names: Vec<&str> = known.iter().map(|x| x.1).collect();
                        r.problem(
                            format!("{p}.name"),
                            format!(
                                "unknown {key} `{}`{}; known: {}",
                                e.name,
                                orrery_data::did_you_mean(&e.name, &names),
                                names.join(", ")
                            ),
                        );
                    }
                }
            }
        }
    }
    for problem in cat.check() {
        let (field, why) = problem.split_once(": ").unwrap_or(("", &problem));
        r.problem(orrery_data::join(path, field), why.to_string());
    }
    cat
}
