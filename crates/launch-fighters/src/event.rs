//! What happens in a Launch Fighters! battle, for narrated logs and clients.

use crate::types::{Stat, UnitId};
use orrery_core::Seat;
use orrery_hex::{Dir, Hex};
use serde::{Deserialize, Serialize};

/// The result of one barrage (seed "7) Damage and Hits").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BarrageResult {
    AutoMiss,
    Miss,
    Hit,
    DirectHit,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    TurnStarted {
        turn: u32,
    },
    /// Initiative rolls: (seat, 2D6 total incl. sensors, roll-off dice) and the
    /// resulting order, lowest first.
    Initiative {
        rolls: Vec<(Seat, u8)>,
        rolloffs: Vec<(Seat, u8)>,
        order: Vec<Seat>,
    },
    Placed {
        unit: UnitId,
        at: Hex,
        facing: Dir,
    },
    PhaseStarted {
        phase: String,
    },
    StepStarted {
        step: u8,
    },
    Moved {
        unit: UnitId,
        path: Vec<Hex>,
        facing: Option<Dir>,
    },
    BoosterUsed {
        unit: UnitId,
    },
    WarpDeclared {
        unit: UnitId,
    },
    Pushed {
        squadron: UnitId,
        to: Hex,
    },
    AsteroidRoll {
        unit: UnitId,
        roll: u8,
        hit: bool,
    },
    Activated {
        unit: UnitId,
    },
    PoolGathered {
        unit: UnitId,
        system: String,
        target: UnitId,
        dice: u8,
        note: String,
    },
    InterceptRoll {
        squadron: UnitId,
        roll: u8,
        success: bool,
    },
    Barrage {
        attacker: UnitId,
        target: UnitId,
        dice: Vec<u8>,
        modifier: i8,
        total: u8,
        defense: u8,
        /// The squadron's rolled defence die, if the target is a squadron.
        defense_roll: Option<u8>,
        result: BarrageResult,
    },
    Dogfight {
        attacker: UnitId,
        defender: UnitId,
        attacker_roll: u8,
        defender_roll: u8,
        winner: Option<UnitId>,
        result: Option<BarrageResult>,
    },
    StatReduced {
        ship: UnitId,
        stat: Stat,
        to: u8,
    },
    StatRaised {
        ship: UnitId,
        stat: Stat,
        to: u8,
    },
    ShipDestroyed {
        ship: UnitId,
        by: Option<Seat>,
    },
    SquadronFlipped {
        squadron: UnitId,
    },
    SquadronEliminated {
        squadron: UnitId,
        by: Option<Seat>,
    },
    ReturnedToBase {
        squadron: UnitId,
        host: UnitId,
    },
    Launched {
        squadron: UnitId,
        from: UnitId,
        to: Hex,
    },
    Advanced {
        squadron: UnitId,
        to: Hex,
    },
    BayHitRoll {
        ship: UnitId,
        roll: u8,
        destroys: bool,
    },
    RepairRoll {
        ship: UnitId,
        roll: u8,
        success: bool,
    },
    SquadronsRecovered {
        count: u32,
    },
    Retreated {
        unit: UnitId,
    },
    WarpedOut {
        ship: UnitId,
    },
    /// A squadron with warp drive (optional rule, LF-19) engaged it and left the map.
    SquadronWarpedOut {
        squadron: UnitId,
    },
    GameOver {
        reason: String,
        scores: Vec<f64>,
        winners: Vec<Seat>,
    },
}
