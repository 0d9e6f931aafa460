//! Value types: parameter cards (SY-02), maneuvers (SY-07), range bands (SY-05),
//! missiles, scenarios.

use orrery_table::{Aspect, Hour, Rect, Shape};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A unit's number in the game (index into `crate::Stratoyager::units`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub u8);

impl UnitId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// The three Maneuver Drivers: "Acceleration/Deceleration", "Turn Left/Right",
/// "Slide Left/Right".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DriverGroup {
    A,
    B,
    C,
}

/// One of the six maneuvers: "each dial can be used in 2 opposing ways, so in fact
/// player chooses 2 out of 6 available Maneuvers".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Driver {
    Accelerate,
    Decelerate,
    TurnPort,
    TurnStarboard,
    SlidePort,
    SlideStarboard,
}

impl Driver {
    pub const ALL: [Driver; 6] = [
        Driver::Accelerate,
        Driver::Decelerate,
        Driver::TurnPort,
        Driver::TurnStarboard,
        Driver::SlidePort,
        Driver::SlideStarboard,
    ];

    pub fn group(self) -> DriverGroup {
        match self {
            Driver::Accelerate | Driver::Decelerate => DriverGroup::A,
            Driver::TurnPort | Driver::TurnStarboard => DriverGroup::B,
            Driver::SlidePort | Driver::SlideStarboard => DriverGroup::C,
        }
    }

    /// The one spelling of a thrust-0 maneuver on this driver's dial (SYO-02).
    pub fn zero_spelling(self) -> Driver {
        match self.group() {
            DriverGroup::A => Driver::Accelerate,
            DriverGroup::B => Driver::TurnPort,
            DriverGroup::C => Driver::SlidePort,
        }
    }

    /// Short name used in quick maneuver entry and logs (`acc`, `dec`, `turn port` …).
    pub fn short(self) -> &'static str {
        match self {
            Driver::Accelerate => "acc",
            Driver::Decelerate => "dec",
            Driver::TurnPort => "turn port",
            Driver::TurnStarboard => "turn stbd",
            Driver::SlidePort => "slide port",
            Driver::SlideStarboard => "slide stbd",
        }
    }
}

/// One maneuver: a driver and its Thrust, "rated from 0 to 9".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Maneuver {
    pub driver: Driver,
    pub thrust: u8,
}

impl Maneuver {
    pub fn new(driver: Driver, thrust: u8) -> Self {
        Maneuver { driver, thrust }
    }

    /// Thrust 0 on `group`'s dial, in its one spelling.
    pub fn zero(group: DriverGroup) -> Self {
        let driver = match group {
            DriverGroup::A => Driver::Accelerate,
            DriverGroup::B => Driver::TurnPort,
            DriverGroup::C => Driver::SlidePort,
        };
        Maneuver { driver, thrust: 0 }
    }
}

/// A Movement Action order, set behind the Maneuver Screen (SY-07, SY-10): two
/// maneuvers from two different drivers, left resolved first, and whether the pilot
/// flies evasive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Plan {
    pub first: Maneuver,
    pub second: Maneuver,
    pub evasive: bool,
}

impl Plan {
    /// Inertia flight (drift): "2 Maneuver Drivers on the table, set to 0".
    pub fn drift() -> Self {
        Plan {
            first: Maneuver::zero(DriverGroup::A),
            second: Maneuver::zero(DriverGroup::B),
            evasive: false,
        }
    }

    pub fn total_thrust(&self) -> u32 {
        u32::from(self.first.thrust) + u32::from(self.second.thrust)
    }
}

/// Safe thrust values, parameter card fields 1–4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Safe {
    pub accelerate: u8,
    pub decelerate: u8,
    pub turn: u8,
    pub slide: u8,
}

impl Safe {
    /// The safe value for a driver.
    pub fn of(&self, d: Driver) -> u8 {
        match d {
            Driver::Accelerate => self.accelerate,
            Driver::Decelerate => self.decelerate,
            Driver::TurnPort | Driver::TurnStarboard => self.turn,
            Driver::SlidePort | Driver::SlideStarboard => self.slide,
        }
    }
}

/// Missile sizes: "Light Missiles - 3D, Medium Missiles - 4D, Heavy Missiles - 6D".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissileKind {
    Light,
    Medium,
    Heavy,
}

impl MissileKind {
    pub const ALL: [MissileKind; 3] = [MissileKind::Light, MissileKind::Medium, MissileKind::Heavy];

    /// Damage dice.
    pub fn dice(self) -> u8 {
        match self {
            MissileKind::Light => 3,
            MissileKind::Medium => 4,
            MissileKind::Heavy => 6,
        }
    }
}

/// A missile loadout (parameter card field 11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Loadout {
    #[serde(default)]
    pub light: u8,
    #[serde(default)]
    pub medium: u8,
    #[serde(default)]
    pub heavy: u8,
}

impl Loadout {
    pub fn count(&self, k: MissileKind) -> u8 {
        match k {
            MissileKind::Light => self.light,
            MissileKind::Medium => self.medium,
            MissileKind::Heavy => self.heavy,
        }
    }

    pub fn total(&self) -> u32 {
        u32::from(self.light) + u32::from(self.medium) + u32::from(self.heavy)
    }

    /// The kinds with at least one missile left, smallest first.
    pub fn kinds(&self) -> impl Iterator<Item = MissileKind> + '_ {
        MissileKind::ALL.into_iter().filter(|&k| self.count(k) > 0)
    }

    /// Spend one missile of `k` (no-op if none left).
    pub fn spend(&mut self, k: MissileKind) {
        let c = match k {
            MissileKind::Light => &mut self.light,
            MissileKind::Medium => &mut self.medium,
            MissileKind::Heavy => &mut self.heavy,
        };
        *c = c.saturating_sub(1);
    }
}

/// Special features and hindrances (parameter card fields 12–15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Feature {
    /// General: "Unit can simultaneously operate both missiles and main weapon in one
    /// Combat Action."
    Gunner,
    /// Main weapon: "Attacks within Point Blank and Close ranges add +1 to Targeting
    /// Computer value."
    Pulse,
    /// Main weapon: "-1D to Damage Dice (to minimum 1D) … may engage targets all
    /// around it".
    Turret360,
    /// Main weapon: "allows for re-roll of 1D during THT roll".
    Linked,
    /// Missiles: "Fragshell shot attacks ALL units, friend and foe alike in front
    /// firing arc."
    Fragshell,
    /// Missiles: "Target is not lost if it clears from unit's front firing arc."
    Tracker,
    /// Missiles: "treated as shot from 1 distance further".
    Dumb,
    /// Hindrance: "If Stress Roll Required, roll +1D".
    WeakFrame,
    /// Hindrance: "Attacks within aft angle treat Shields as having 1 level less".
    ReactorInterference,
    /// Hindrance: "+1 Armor on Fore, -1 Armor on Aft".
    UnbalancedArmor,
    /// Hindrance: "add 1 to each D6 rolled for Hull Stress".
    RetrofittedCivilian,
}

/// A Stratoyager Parameter Card (SY-02).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitType {
    pub name: String,
    pub faction: String,
    pub safe: Safe,
    pub points: u32,
    /// Targeting Computer (field 8).
    pub targeting: i32,
    pub sensors: i32,
    /// Main weapon damage dice (field 10).
    pub main_weapon: u8,
    pub missiles: Loadout,
    #[serde(default)]
    pub features: Vec<Feature>,
    pub structure: u8,
    /// Maximum Shields (field 17).
    pub shields: u8,
    pub armor: u8,
}

impl UnitType {
    pub fn has(&self, f: Feature) -> bool {
        self.features.contains(&f)
    }

    /// Armor for the aspect hit (SY-19; Unbalanced Armor).
    pub fn armor_vs(&self, aspect: Aspect) -> u8 {
        if !self.has(Feature::UnbalancedArmor) {
            return self.armor;
        }
        match aspect {
            Aspect::Fore => self.armor + 1,
            Aspect::Side => self.armor,
            Aspect::Aft => self.armor.saturating_sub(1),
        }
    }

    /// Main Weapon Salvo damage dice: Turret 360 "-1D to Damage Dice (to minimum 1D)".
    pub fn salvo_dice(&self) -> u8 {
        if self.has(Feature::Turret360) {
            self.main_weapon.saturating_sub(1).max(1)
        } else {
            self.main_weapon
        }
    }
}

/// Range bands (SY-05), upper bound inclusive, in klicks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Band {
    PointBlank,
    Close,
    Medium,
    Long,
    Extreme,
    Visual,
}

/// How the chosen die is picked from a range band's pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pick {
    Highest,
    Lowest,
}

impl Band {
    pub const ALL: [Band; 6] = [
        Band::PointBlank,
        Band::Close,
        Band::Medium,
        Band::Long,
        Band::Extreme,
        Band::Visual,
    ];

    /// The band's upper bound in klicks (SY-05), for boards that draw the bands.
    pub fn upper(self) -> f64 {
        match self {
            Band::PointBlank => 1.0,
            Band::Close => 6.0,
            Band::Medium => 12.0,
            Band::Long => 18.0,
            Band::Extreme => 24.0,
            Band::Visual => 30.0,
        }
    }

    /// The band of a distance in klicks, `None` beyond Visual (30).
    pub fn of(d: f64) -> Option<Band> {
        Band::ALL
            .into_iter()
            .find(|b| d <= b.upper() + orrery_table::EPS)
    }

    /// The attack dice pool: "Point-Blank - Roll 3D6, pick HIGHEST … Extreme - Roll
    /// 3D6, pick LOWEST"; Visual: none ("missile tracking only").
    pub fn pool(self) -> Option<(u8, Pick)> {
        match self {
            Band::PointBlank => Some((3, Pick::Highest)),
            Band::Close => Some((2, Pick::Highest)),
            Band::Medium => Some((1, Pick::Highest)),
            Band::Long => Some((2, Pick::Lowest)),
            Band::Extreme => Some((3, Pick::Lowest)),
            Band::Visual => None,
        }
    }

    /// One band further out (Dumb missiles: "Close becomes Medium, Medium becomes
    /// Long etc").
    pub fn next_out(self) -> Band {
        match self {
            Band::PointBlank => Band::Close,
            Band::Close => Band::Medium,
            Band::Medium => Band::Long,
            Band::Long => Band::Extreme,
            Band::Extreme | Band::Visual => Band::Visual,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Band::PointBlank => "point-blank",
            Band::Close => "close",
            Band::Medium => "medium",
            Band::Long => "long",
            Band::Extreme => "extreme",
            Band::Visual => "visual",
        }
    }
}

/// A table edge, by the compass of the table frame (SY-04): side A deploys on
/// `South` (y = 0), side B on `North` (y = length).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Edge {
    South,
    North,
    West,
    East,
}

impl Edge {
    pub const ALL: [Edge; 4] = [Edge::South, Edge::North, Edge::West, Edge::East];

    /// The course pointing perpendicularly into the table from this edge.
    pub fn inward(self) -> Hour {
        match self {
            Edge::South => Hour(0),
            Edge::North => Hour(6),
            Edge::West => Hour(3),
            Edge::East => Hour(9),
        }
    }
}

/// What an obstacle is (SY-12; scenario data).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ObstacleKind {
    Asteroid,
    Wreckage,
    Station,
    Debris,
}

/// An obstacle: "Obstacles are marked by the outline or base they are placed on. They
/// block line of sight."
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Obstacle {
    pub name: String,
    pub kind: ObstacleKind,
    pub outline: Shape,
}

/// One side's force: unit type names from the roster, in deployment order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Force {
    pub name: String,
    pub units: Vec<String>,
}

/// Optional rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// Arcade mode (SY-26): the first side to submit its orders in a segment has
    /// priority and fires first. For games between humans on a server.
    pub arcade: bool,
    /// Abandoned 'yagers fly on until they leave the table (SY-25 `keep_hulks`).
    pub keep_hulks: bool,
    /// The dogfight initiative variant for one-on-one turns (SY-27).
    pub dogfight: bool,
    /// Turns before the roll for an extra turn ("6 full turns, with optional 7th
    /// turn occurring on roll 4 or more").
    pub turns: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            arcade: false,
            keep_hulks: false,
            dogfight: true,
            turns: 6,
        }
    }
}

/// A scenario: the table, the roster the forces are drawn from, both forces,
/// obstacles and options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// Table size in klicks (SY-04).
    pub table: Rect,
    /// Points limit per force, if the scenario sets one.
    #[serde(default)]
    pub points: Option<u32>,
    pub roster: Vec<UnitType>,
    /// Side A (seat 0, south edge) and side B (seat 1, north edge).
    pub forces: Vec<Force>,
    #[serde(default)]
    pub obstacles: Vec<Obstacle>,
    #[serde(default)]
    pub options: Options,
}

/// The table sizes SY-04 allows: 24×36 (default), 18×18, 24×24 klicks.
pub const TABLE_SIZES: [(f64, f64); 3] = [(24.0, 36.0), (18.0, 18.0), (24.0, 24.0)];

/// Speeds a unit may be given when placed or entering ("a D10 speed die reads 0–9").
pub const MAX_START_SPEED: u32 = 9;

/// Collision footprint diameter (SY-04, SY-11).
pub const FOOTPRINT: f64 = 0.5;

/// Target Lock holding range, Visual (SY-16).
pub const LOCK_RANGE: f64 = 30.0;
