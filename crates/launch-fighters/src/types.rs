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
}

impl Stat {
    /// Record-sheet order (LF-13's tie order).
    pub const ALL: [Stat; 5] = [
        Stat::Cannons,
        Stat::Launchers,
        Stat::Bays,
        Stat::Defense,
        Stat::Move,
    ];
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
    pub fn get(&self, s: Stat) -> u8 {
        match s {
            Stat::Cannons => self.cannons,
            Stat::Launchers => self.launchers,
            Stat::Bays => self.bays,
            Stat::Defense => self.defense,
            Stat::Move => self.mv,
        }
    }

    pub fn get_mut(&mut self, s: Stat) -> &mut u8 {
        match s {
            Stat::Cannons => &mut self.cannons,
            Stat::Launchers => &mut self.launchers,
            Stat::Bays => &mut self.bays,
            Stat::Defense => &mut self.defense,
            Stat::Move => &mut self.mv,
        }
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

/// A hex of a scenario's exit area (LF-16 (3), seed "adjacent to the edge of the
/// board and/or designated area must 'retreat'"): a unit that can move and stands
/// here in the recovery phase retreats, as from an edge hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExitHex {
    pub col: i32,
    pub row: i32,
}

impl ExitHex {
    pub fn hex(&self) -> Hex {
        Hex::from_offset(self.col, self.row)
    }
}

/// Optional rules (seed "Optional Rule"s; all off by default, LF-19).
///
/// LFO-18: only the warp "no move/fire" rule is offered. The flat warp cost, fighter
/// warp and "holds may be hit" are not options yet: warp costs progressively (LF-18)
/// and holds are cargo only. `deny_unknown_fields` makes a scenario naming any other
/// option an error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Options {
    /// "A ship may not move and/or fire in the turn it engages warp."
    pub warp_no_move_fire: bool,
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
    pub exit_area: Vec<ExitHex>,
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
