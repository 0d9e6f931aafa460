//! Why the rules refuse an answer, as a value: the rules find the reason, and the
//! words are made above them (`render::refusal`), so no rule formats text. Each
//! variant names the rule it comes from.

use crate::action::Action;
use crate::state::AskKind;
use crate::types::{DriverGroup, Edge, Maneuver, MissileKind, UnitId};
use orrery_core::{ActionError, Seat};
use orrery_table::Point;

/// Which of a Movement Action's two maneuvers (SY-07).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    First,
    Second,
}

/// Why an answer is refused.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// Not this seat's turn, or the game is over (the protocol's shared errors).
    Turn(ActionError),
    /// No question is open.
    NothingAsked,
    /// The answer is of another kind than the question (`expected`, for `unit`).
    WrongKind { expected: AskKind, unit: UnitId },
    /// SY-22: a placement's x is not a whole klick at least 0.5 from the long edges.
    PlaceX { x: i32 },
    /// SY-22: a side deploys within 2 klicks of its own short edge.
    PlaceY { y: i32, seat: Seat },
    /// The spot is taken by another unit or inside an obstacle.
    PlaceTaken { x: i32, y: i32 },
    /// Hours run 0 to 11.
    Course { course: u8 },
    /// SY-22: a starting speed is a D10 roll, 0 to 9.
    StartSpeed { speed: u8 },
    /// SY-23: reserves never enter through the opponent's short edge.
    EnterEdge { edge: Edge },
    /// The entry point is off the edge's span.
    EnterAt { edge: Edge, at: i32 },
    /// The entry point is taken by another unit or an obstacle.
    EntryTaken,
    /// Not among the legal answers to the question.
    NotAnAnswer {
        expected: AskKind,
        unit: UnitId,
        action: Action,
    },
    /// SY-09: thrust is at most 2 × safe (dial 0–9).
    Thrust {
        which: Which,
        unit: UnitId,
        maneuver: Maneuver,
    },
    /// SYO-02: thrust 0 has one spelling per driver.
    ZeroSpelling { which: Which, maneuver: Maneuver },
    /// SY-07 step 1: no braking by more than the current speed.
    Brake {
        which: Which,
        thrust: u8,
        speed: u32,
    },
    /// SY-07: a Movement Action uses two different drivers.
    SameDriver { group: DriverGroup },
    /// SYO-20: evasive or yaw, not both.
    EvasiveAndYaw,
    /// No such unit.
    NoUnit(UnitId),
    /// The target is not an enemy.
    NotAnEnemy(UnitId),
    /// The target is not on the table.
    NotOnTable(UnitId),
    /// Attack condition 2: line of sight.
    NoLineOfSight(UnitId),
    /// Attack condition 3: the firing arc.
    NotInArc(UnitId),
    /// Attack condition 4: range.
    OutOfRange(UnitId),
    /// Attack condition 5: a To Hit Threshold over 6 fails automatically.
    ThtOver { tht: i32, target: UnitId },
    /// No missile of that size left.
    NoMissileOfSize(MissileKind),
    /// SY-21: unguided missiles cannot lock.
    UnguidedCannotLock,
    /// No missiles left.
    NoMissilesLeft,
    /// Already locking that target.
    AlreadyLocking(UnitId),
    /// SY-21: a lock reaches so far.
    BeyondLockRange(UnitId),
    /// SY-21: unguided missiles are not launched locked.
    UnguidedCannotLaunchLocked,
    /// SY-21: no Locked target to launch at.
    NoLockedTarget,
    /// The unit carries no dumb missiles.
    NoDumbMissiles,
    /// The unit carries no fragshell pods.
    NoFragshellPods,
    /// SY-18: a fragshell needs a unit in the front arc within 6 klicks.
    NoFragshellTarget,
    /// Attack condition 1: the unit cannot take a Combat Action.
    CannotAct(UnitId),
    /// SYO-19: no later window for Fire at Will in a dogfight turn.
    FireAtWillInDogfight,
    /// Only a Gunner combines salvo and missile.
    OnlyGunnerCombines,
    /// The shields are at maximum.
    ShieldsAtMaximum,
    /// Hours run 0 to 11.
    NoHour(u8),
    /// SY-25: the pilot would land off the table.
    EjectOffTable(Point),
}
