//! Every decision a side can make. JSON shapes are documented in
//! `docs/stratoyager.md`.

use crate::types::{Edge, MissileKind, Plan, UnitId};
use serde::{Deserialize, Serialize};

/// A decision. Most are answers to a question about one unit (the next unanswered
/// one of the seat, see [`crate::state::Ask`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// FORCE SHOW (SY-22), secret: this unit's deployment card, or `null` = keep it
    /// in reserve.
    Deploy { card: Option<u8> },
    /// Place the unit on the table (SY-22): centre at (x, y) in whole klicks within 2
    /// klicks of the own short edge, course (= facing) in hours, speed 0–9.
    Place {
        x: i32,
        y: i32,
        course: u8,
        speed: u8,
    },
    /// A reserve arrives (SY-23): centre 0.5 klick inside `edge` at whole klick `at`
    /// along it, course and facing perpendicular into the table, speed 0–9.
    Enter { edge: Edge, at: i32, speed: u8 },
    /// Initiative Card for this unit (SY-13), secret until both sides have assigned.
    Card { card: u8 },
    /// Dogfight (SY-27), secret: which of the two drawn cards is the movement card
    /// (the other is the combat card).
    DogfightCard { movement: u8 },
    /// The Movement Action, secret until both active units have planned (SY-07,
    /// SY-10, SY-14).
    Maneuver(Plan),
    /// Yaw after the MA (SY-08): the new facing in hours, `null` = no yaw. Secret.
    Yaw { facing: Option<u8> },
    /// The unit's centre left the table (SY-24): withdraw, or come back later.
    Leave { withdraw: bool },
    /// Fire at Will window (SY-15), secret: fire the held salvo at a target now, or
    /// keep holding (`null`).
    FireAtWill { target: Option<UnitId> },
    /// The Combat Action (SY-21), secret until both active units have chosen.
    Combat(CombatOrder),
}

/// A Combat Action (SY-21; Gunner per SY-18).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "order", rename_all = "snake_case")]
pub enum CombatOrder {
    /// No Combat Action ("second one is not mandatory").
    Hold,
    /// Main Weapon Salvo at an enemy.
    Salvo {
        target: UnitId,
    },
    /// One missile action.
    Missile {
        missile: MissileOrder,
    },
    /// Gunner: a Main Weapon Salvo and a missile action in one Combat Action.
    Gunner {
        target: UnitId,
        missile: MissileOrder,
    },
    Countermeasures,
    RaiseShields,
    FireAtWill,
    /// The pilot bails out, landing 1 klick away along `hour` (SY-25).
    Eject {
        hour: u8,
    },
}

/// A missile action (SY-18).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MissileOrder {
    /// Target Lock on an enemy in the front arc within 30 klicks (SY-16).
    Lock { target: UnitId },
    /// Locked Missile Launch of one missile at the locked target.
    Launch { size: MissileKind },
    /// Dumb missile shot, fired like a salvo one band further out.
    Dumb { target: UnitId, size: MissileKind },
    /// Fragshell pod: hits every unit in the front arc within 6 klicks.
    Fragshell { size: MissileKind },
}

impl CombatOrder {
    /// The salvo target, if the order fires the main weapon.
    pub fn salvo_target(&self) -> Option<UnitId> {
        match self {
            CombatOrder::Salvo { target } | CombatOrder::Gunner { target, .. } => Some(*target),
            _ => None,
        }
    }

    /// The missile action, if any.
    pub fn missile(&self) -> Option<&MissileOrder> {
        match self {
            CombatOrder::Missile { missile } | CombatOrder::Gunner { missile, .. } => Some(missile),
            _ => None,
        }
    }
}
