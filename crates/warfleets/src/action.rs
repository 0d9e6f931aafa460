//! Everything a seat can answer. Ships' turns are in 15° steps (positive =
//! clockwise, to starboard); distances in inches.

pub use crate::catalogue::GunRef;
use crate::state::Edge;
use orrery_table::Heading;
use serde::{Deserialize, Serialize};

/// An answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// FB-17: place a mission marker.
    Marker { x: f64, y: f64 },
    /// FB-20: the roll-off winner's long edge.
    Edge { edge: Edge },
    /// FB-20 (and FB-19 Tactical Master, Elite Carrier launches): put `model` on the
    /// table.
    /// Positions are whole inches (WFO-01); a ship then picks its facing.
    Deploy { model: u8, x: f64, y: f64 },
    /// FB-20 "any heading": the ship just placed faces `heading` (15° steps).
    Face { heading: Heading },
    /// FB-19 Tactical Master: do not deploy now.
    HoldBack { model: u8 },
    /// FB-19 Elite Carrier: set the squadron aside aboard `carrier`.
    Embark { model: u8, carrier: u8 },
    /// FB-19 Vanguard: move straight ahead this far (0 to its Move speed, in ½"
    /// steps, WFO-01).
    Advance { inches: f64 },
    /// FB-11: activate `model`.
    Activate { model: u8 },
    /// FB-11 Rogue: in the squadron phase, leave Rogue squadron `model` for later;
    /// in a later phase, give up the deferred Rogue activations of this round.
    Defer { model: u8 },
    /// Decline an optional ability (mine, launch, Tactical Master deployment).
    Skip,
    /// FB-19 Expert Sapper: a mine within 4".
    Mine { x: f64, y: f64 },
    /// FB-19 Elite Carrier: launch the squadrons aboard.
    Launch,
    /// Hold: no travel, a pivot of up to 180° (12 steps).
    Hold { turn: i8 },
    /// FB-06 Move: the full Move speed straight ahead; the turn (up to 90°, 6 steps)
    /// comes after `pivot` inches of it (from half to all of the speed).
    Move { pivot: f64, turn: i8 },
    /// FB-06 Cruise: the Cruise speed; a turn up to 45° (3 steps).
    Cruise { pivot: f64, turn: i8 },
    /// FB-06 Ram: as Cruise, stopping at base contact with enemy ship `target`.
    Ram { target: u8, pivot: f64, turn: i8 },
    /// FB-07: a squadron flies straight to (x, y) (whole inches): a Move if it costs
    /// no more than its Move speed, else a Cruise (WFO-02).
    Fly { x: f64, y: f64 },
    /// FB-12: fire `gun` at `target`.
    Fire { gun: GunRef, target: u8 },
    /// End firing, after-activation abilities or launched activations.
    Done,
    /// Repair Bay: remove 1 damage from friendly ship `ship` within 4".
    Repair { ship: u8 },
    /// Tractor Beam: pull enemy ship `ship` within 8".
    Tractor { ship: u8 },
    /// Avenger: place the ship within the rolled distance.
    Relocate { x: f64, y: f64 },
    /// FB-15: the upgrade (index) that takes the next damage.
    Assign { upgrade: u8 },
    /// FB-15: the upgrade (index) a repair takes one damage off (Repair Bay, Defiant:
    /// "remove damage from upgrades of the owner's choice").
    RepairUpgrade { upgrade: u8 },
    /// FB-08: the owner places squadron `model`, which a ship ended on, at (x, y):
    /// "anywhere within 1" of that ship without overlap" (whole inches, WFO-01).
    MoveAside { model: u8, x: f64, y: f64 },
    /// FB-10: return along the exit edge, `along` inches (−4 to 4) from the exit
    /// point.
    Return { along: f64 },
}
