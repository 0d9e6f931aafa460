//! What happened, for logs, replays and the browser.

use crate::catalogue::Class;
use crate::state::{Edge, Took};
use orrery_core::Seat;
use orrery_table::{Heading, Point};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    RollOff {
        purpose: String,
        rolls: [u8; 2],
        winner: Seat,
    },
    Markers {
        count: u8,
    },
    MarkerPlaced {
        seat: Seat,
        at: Point,
    },
    EdgeChosen {
        seat: Seat,
        edge: Edge,
    },
    Deployed {
        model: u8,
        at: Point,
        heading: Heading,
    },
    HeldBack {
        model: u8,
    },
    Embarked {
        model: u8,
        carrier: u8,
    },
    RoundStarted {
        round: u8,
        first: Seat,
    },
    PhaseStarted {
        class: Class,
    },
    Activated {
        model: u8,
    },
    Deferred {
        model: u8,
    },
    Moved {
        model: u8,
        took: Took,
        from: Point,
        to: Point,
        heading: Heading,
    },
    Engaged {
        model: u8,
        with: u8,
    },
    LeftTable {
        model: u8,
        at: Point,
    },
    Returned {
        model: u8,
        at: Point,
    },
    Overlapped {
        model: u8,
        passed: Vec<u8>,
    },
    Rammed {
        model: u8,
        target: u8,
    },
    Pushed {
        model: u8,
        to: Point,
        inches: u8,
    },
    PushStopped {
        model: u8,
        by: String,
    },
    Attack(Box<Attack>),
    BoardingRoll {
        model: u8,
        rolls: Vec<u8>,
        damage: u8,
    },
    Shielded {
        model: u8,
        rolls: Vec<u8>,
        ignored: u8,
    },
    Damage {
        model: u8,
        upgrade: Option<u8>,
        disabled: bool,
    },
    Destroyed {
        model: u8,
    },
    Lost {
        model: u8,
    },
    /// One point of damage off `upgrade` (FB-15); `restored`: it works again.
    Repaired {
        model: u8,
        upgrade: u8,
        restored: bool,
    },
    /// FB-08: squadron `model`, overlapped by `ship`, placed at `to`.
    PlacedAside {
        model: u8,
        ship: u8,
        to: Point,
    },
    MinePlaced {
        seat: Seat,
        at: Point,
    },
    MineExploded {
        model: u8,
        at: Point,
    },
    Dangerous {
        model: u8,
        roll: u8,
    },
    MarkerTaken {
        model: u8,
        at: Point,
    },
    MarkersDropped {
        model: u8,
        at: Point,
        count: u8,
    },
    Relocated {
        model: u8,
        to: Point,
    },
    Morale {
        model: u8,
        roll: u8,
        upgrades: u8,
        passed: bool,
    },
    Surrendered {
        model: u8,
    },
    Ended {
        winners: Vec<Seat>,
        markers: [u8; 2],
    },
}

/// One gun's attack (FB-12).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attack {
    pub shooter: u8,
    pub gun: String,
    pub target: u8,
    /// The to-hit target number (2–6).
    pub hit_on: u8,
    pub hit_rolls: Vec<u8>,
    pub hits: u8,
    /// The block target number, when blocks were rolled.
    pub block_on: Option<u8>,
    pub block_rolls: Vec<u8>,
    pub damage: u8,
    pub rear: bool,
    pub cover: bool,
    pub sitting_duck: bool,
    /// Blast: the other models hit.
    pub blast: Vec<u8>,
}
