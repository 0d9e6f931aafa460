//! Small value types of Launch Fighters!: stats, add-ons, ship designs, scenarios.

use orrery_hex::{Dir, Hex};
use serde::{Deserialize, Serialize};

/// Index of a unit (ship or squadron) in the game's unit table. Stable for the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UnitId(pub u16);

impl UnitId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The five ship stats, in record-sheet order.
///
/// > "The 5 ship stats are: Cannons, Launchers (for launching missiles), Bays (for
/// > launching fighters), Defense, Move"
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    Cannons,
    Launchers,
    Bays,
    Defense,
    Move,
    /// Cargo holds, reduced by hits only with the optional rule "Holds may be hit in
    /// combat and reduced like a stat" ([`Options::holds_can_be_hit`]).
    CargoHolds,
    /// Passenger holds, likewise.
    PassengerHolds,
}

impl Stat {
    /// The five stats in record-sheet order (LF-13's tie order).
    pub const ALL: [Stat; 5] = [
        Stat::Cannons,
        Stat::Launchers,
        Stat::Bays,
        Stat::Defense,
        Stat::Move,
    ];
    /// The five stats and the holds, in record-sheet order: what a hit may reduce when
    /// holds can be hit (LF-19).
    pub const WITH_HOLDS: [Stat; 7] = [
        Stat::Cannons,
        Stat::Launchers,
        Stat::Bays,
        Stat::Defense,
        Stat::Move,
        Stat::CargoHolds,
        Stat::PassengerHolds,
    ];

    /// Is this one of the holds rather than one of the five stats?
    pub fn is_hold(self) -> bool {
        matches!(self, Stat::CargoHolds | Stat::PassengerHolds)
    }
}

/// A ship's five stat levels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    pub cannons: u8,
    pub launchers: u8,
    pub bays: u8,
    pub defense: u8,
    #[serde(rename = "move")]
    pub mv: u8,
}

impl Stats {
    /// The level of one of the five stats; 0 for a hold, which `Stats` does not keep
    /// (a ship's holds are `Ship::holds`, read with `Ship::level`).
    pub fn get(&self, s: Stat) -> u8 {
        match s {
            Stat::Cannons => self.cannons,
            Stat::Launchers => self.launchers,
            Stat::Bays => self.bays,
            Stat::Defense => self.defense,
            Stat::Move => self.mv,
            Stat::CargoHolds | Stat::PassengerHolds => 0,
        }
    }

    /// The level of one of the five stats to change; `None` for a hold.
    pub fn get_mut(&mut self, s: Stat) -> Option<&mut u8> {
        Some(match s {
            Stat::Cannons => &mut self.cannons,
            Stat::Launchers => &mut self.launchers,
            Stat::Bays => &mut self.bays,
            Stat::Defense => &mut self.defense,
            Stat::Move => &mut self.mv,
            Stat::CargoHolds | Stat::PassengerHolds => return None,
        })
    }

    /// "If all of its stats reach zero, a ship is destroyed".
    pub fn all_zero(&self) -> bool {
        Stat::ALL.iter().all(|&s| self.get(s) == 0)
    }
}

/// Optional add-ons bought with points (seed "Add-ons"; LF-19).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AddOns {
    pub sensors: u8,
    pub warp: u8,
    pub repair: u8,
    pub boosters: u8,
    pub cargo_holds: u8,
    pub passenger_holds: u8,
    /// How many of the ship's squadrons have warp drive, 1 point each (seed optional
    /// rule "Fighters can have warp drive for 1 extra point per squadron"; only with
    /// [`Options::fighter_warp`]).
    #[serde(skip_serializing_if = "is_zero")]
    pub fighter_warp: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A ship as designed: a Blue Book entry or a custom design (seed "Ship Construction").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShipDesign {
    pub name: String,
    /// Type for flavour ("Light cruiser").
    #[serde(default, rename = "type")]
    pub kind: String,
    #[serde(flatten)]
    pub stats: Stats,
    #[serde(default)]
    pub missiles: u8,
    /// Fighter squadrons carried at the start.
    #[serde(default)]
    pub squadrons: u8,
    #[serde(default)]
    pub addons: AddOns,
}

/// One player's fleet in a scenario, resolved to designs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fleet {
    pub name: String,
    /// The ships; squadrons are carried aboard per design.
    pub ships: Vec<ShipDesign>,
}

/// Terrain counters (seed "Terrain"; LF-21: one hex each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TerrainKind {
    Moon,
    Planetoid,
    Asteroid,
    Nebula,
}

impl TerrainKind {
    /// "units may not enter a moon or planetoid space".
    pub fn blocks(self) -> bool {
        matches!(self, TerrainKind::Moon | TerrainKind::Planetoid)
    }
}

/// A terrain counter at a map position (column, row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    pub kind: TerrainKind,
    pub col: i32,
    pub row: i32,
}

impl Terrain {
    pub fn hex(&self) -> Hex {
        Hex::from_offset(self.col, self.row)
    }
}

/// A map position (column, row) named by a scenario: a hex of its exit area (LF-16
/// (3), seed "adjacent to the edge of the board and/or designated area must
/// 'retreat'": a unit that can move and stands there in the recovery phase retreats,
/// as from an edge hex) or of an objective's area (LF-17 (c)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapHex {
    pub col: i32,
    pub row: i32,
}

impl MapHex {
    pub fn hex(&self) -> Hex {
        Hex::from_offset(self.col, self.row)
    }
}

/// What a scenario objective asks (LF-17 (c); seed "Special conditions for the
/// scenario are met" and "Each player scores points for any special scenario
/// conditions"; the kinds follow the seed's ideas).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectiveKind {
    /// "A defensive force must protect a vulnerable ship from attackers": `points` if
    /// the `ship` of `fleet` is not destroyed.
    Protect,
    /// "destroy as many … as possible": `points` for the `ship` of `target` destroyed,
    /// or, without `ship`, `points` for each ship of `target` (every other fleet if
    /// none is named) that `fleet` destroyed.
    Destroy,
    /// "A central area of the map must be controlled": `points` if `fleet` has a unit
    /// in `area` and no other fleet has, at the end — or, with `turns`, at the start of
    /// that many turns in a row.
    Hold,
    /// "escape by crossing the map and retreating from the other side": `points` for
    /// each ship of `fleet` that retreats from a hex of `area`.
    Escape,
}

/// A scenario objective (LF-17 (c)): who scores what for which condition, and whether
/// the battle ends once it is decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    pub kind: ObjectiveKind,
    /// The fleet that scores (its name in the scenario).
    pub fleet: String,
    /// Victory points for the condition (for each ship, for `destroy` without a ship
    /// and for `escape`).
    pub points: u32,
    /// `protect`: a ship of `fleet`; `destroy`: a ship of `target` (by its name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship: Option<String>,
    /// `destroy`: the fleet whose ships count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// `hold`, `escape`: the hexes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub area: Vec<MapHex>,
    /// `hold`: held at the start of this many turns in a row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<u32>,
    /// The battle ends at the start of a turn once this objective is decided (LF-17
    /// (c)): the ship is off the map (`protect`, `destroy` of a ship), every target
    /// ship is (`destroy`), the area is held (`hold`), or `fleet` has no ship left on
    /// the map (`escape`).
    #[serde(default)]
    pub ends_game: bool,
    /// What the players read; a text is made from the fields when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
}

/// Optional rules (seed "Optional Rule"s; all off by default, LF-19).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// "A ship may not move and/or fire in the turn it engages warp."
    pub warp_no_move_fire: bool,
    /// "Warp drive is a flat cost per ship, for example 5 points." When set, a ship
    /// with warp drive (any level) pays this many points for it instead of the
    /// progressive cost (LF-18).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flat_warp_cost: Option<u8>,
    /// "Fighters can have warp drive for 1 extra point per squadron." When set, a design
    /// may give `addons.fighter_warp` of its squadrons warp drive.
    pub fighter_warp: bool,
    /// "Holds may be hit in combat and reduced like a stat." When set, cargo and
    /// passenger holds join the five stats a hit may reduce (LF-13).
    pub holds_can_be_hit: bool,
}

/// A battle set-up: map, terrain, one fleet per player (2–6), limits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// Map columns (LF-01 default 27).
    #[serde(default = "default_cols")]
    pub cols: i32,
    /// Map rows (LF-01 default 24).
    #[serde(default = "default_rows")]
    pub rows: i32,
    /// Fleet point limit, if any; fleets over it are refused.
    #[serde(default)]
    pub points: Option<u32>,
    /// Turn limit (LF-17 (d), default 30).
    #[serde(default = "default_turn_limit")]
    pub turn_limit: u32,
    #[serde(default)]
    pub terrain: Vec<Terrain>,
    /// Hexes besides the edge from which units retreat (LF-16 (3)); none by default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exit_area: Vec<MapHex>,
    /// Special scenario conditions (LF-17 (c)); none by default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<Objective>,
    #[serde(default)]
    pub options: Options,
    pub fleets: Vec<Fleet>,
}

fn default_cols() -> i32 {
    27
}
fn default_rows() -> i32 {
    24
}
fn default_turn_limit() -> u32 {
    30
}

/// Where a hex lies relative to a facing; re-exported for rules code.
pub use orrery_hex::Arc;

/// A facing, re-exported.
pub type Facing = Dir;
