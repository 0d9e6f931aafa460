//! What happened, for logs, replays and front ends. Events about a secret order are
//! sent only to its owner until the rules reveal it.

use crate::action::{Action, CombatOrder};
use crate::types::{Band, MissileKind, Pick, Plan, UnitId};
use orrery_core::Seat;
use orrery_table::{Aspect, Hour, Point};
use serde::{Deserialize, Serialize};

/// How a unit left play for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Loss {
    /// Structure below 0, four or more stress failures, or an obstacle.
    Destroyed,
    /// Structure exactly 0: "scuttled/wrecked and out of game".
    Wrecked,
    /// Left the table and withdrew (SY-24).
    Withdrawn,
    /// The pilot ejected (SY-25).
    Abandoned,
}

/// Hull stress tiers (SY-09).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StressTier {
    None,
    Greyout,
    Blackout,
    Structural,
    Destroyed,
}

impl StressTier {
    /// "1 fail - Greyout … 2 fails - Blackout … 3 fails - Structural damage … 4 and
    /// more fails - Unit is considered destroyed."
    pub fn of(fails: u32) -> StressTier {
        match fails {
            0 => StressTier::None,
            1 => StressTier::Greyout,
            2 => StressTier::Blackout,
            3 => StressTier::Structural,
            _ => StressTier::Destroyed,
        }
    }
}

/// The weapon behind an attack roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    Salvo,
    LockedMissile(MissileKind),
    Dumb(MissileKind),
    Fragshell(MissileKind),
}

/// One attack roll (SY-17).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AttackRoll {
    pub attacker: UnitId,
    pub target: UnitId,
    pub weapon: Weapon,
    pub distance: f64,
    /// The band whose pool was rolled (Dumb: one further out).
    pub band: Band,
    pub tht: i32,
    pub dice: Vec<u8>,
    pub pick: Pick,
    /// Linked: the die re-rolled (index into `dice`, value before) if any.
    pub rerolled: Option<(usize, u8)>,
    pub chosen: u8,
    pub hit: bool,
}

/// Damage against armour and shields (SY-19).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DamageRoll {
    pub target: UnitId,
    pub aspect: Aspect,
    pub dice: Vec<u8>,
    pub armor: u8,
    /// Dice at or above armour.
    pub points: u32,
    pub absorbed: u32,
    pub structure_lost: u32,
    pub shields_after: u8,
    pub structure_after: i32,
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// Public: a side committed a secret order (not what).
    Committed {
        seat: Seat,
        unit: Option<UnitId>,
    },
    /// Private to the owner: the order it committed.
    YourOrder {
        unit: Option<UnitId>,
        action: Action,
    },
    /// Deployment cards revealed (SY-22); `None` = reserve.
    DeploymentRevealed {
        cards: Vec<(UnitId, Option<u8>)>,
    },
    /// Which side has priority and why (SY-13).
    Priority {
        seat: Seat,
        why: String,
        rolls: Vec<u8>,
    },
    Placed {
        unit: UnitId,
        at: Point,
        course: Hour,
        speed: u32,
    },
    TurnStarted {
        turn: u32,
    },
    /// A reserve's entry roll (SY-23).
    ReserveRoll {
        unit: UnitId,
        roll: Option<u8>,
        needed: u8,
        arrives: bool,
    },
    Entered {
        unit: UnitId,
        at: Point,
        course: Hour,
        speed: u32,
    },
    /// A returning unit comes back (SY-24).
    Returned {
        unit: UnitId,
        at: Point,
        course: Hour,
    },
    /// Initiative cards revealed (SY-13).
    CardsRevealed {
        cards: Vec<(UnitId, u8)>,
        count: u8,
    },
    /// Private: the two dogfight cards drawn (SY-27).
    DogfightDrawn {
        seat: Seat,
        cards: [u8; 2],
    },
    /// Dogfight movement and combat cards revealed.
    DogfightRevealed {
        movement: Vec<(UnitId, u8)>,
        combat: Vec<(UnitId, u8)>,
    },
    SegmentStarted {
        segment: u8,
        units: Vec<UnitId>,
    },
    /// A revealed Movement Action order.
    PlanRevealed {
        unit: UnitId,
        plan: Plan,
    },
    /// The engine's realigning yaw before the MA (SY-08).
    Realigned {
        unit: UnitId,
        facing: Hour,
    },
    Moved {
        unit: UnitId,
        path: Vec<Point>,
        course: Hour,
        facing: Hour,
        speed: u32,
    },
    /// SY-11: moved off another unit.
    Displaced {
        unit: UnitId,
        from: Point,
        to: Point,
    },
    /// SY-12: ended its move inside an obstacle.
    Crashed {
        unit: UnitId,
        obstacle: String,
    },
    Yawed {
        unit: UnitId,
        facing: Hour,
    },
    HullStress {
        unit: UnitId,
        dice: Vec<u8>,
        fails: u32,
        tier: StressTier,
    },
    /// SY-24.
    LeftTable {
        unit: UnitId,
    },
    WillReturn {
        unit: UnitId,
        turn: u32,
    },
    /// A revealed Combat Action or Fire at Will decision.
    CombatRevealed {
        unit: UnitId,
        order: CombatOrder,
    },
    FireAtWillRevealed {
        unit: UnitId,
        target: Option<UnitId>,
    },
    ShieldsRaised {
        unit: UnitId,
        shields: u8,
    },
    CountermeasuresOut {
        unit: UnitId,
    },
    FireAtWillReady {
        unit: UnitId,
    },
    LockPlaced {
        unit: UnitId,
        target: UnitId,
    },
    Locked {
        unit: UnitId,
        target: UnitId,
    },
    LockBroken {
        unit: UnitId,
        target: UnitId,
        why: String,
    },
    Attack(AttackRoll),
    /// A locked missile follows its target to the LMD phase (SY-20).
    MissileTailing {
        parent: UnitId,
        target: UnitId,
        size: MissileKind,
    },
    /// Countermeasures roll against one tailing missile.
    Countermeasure {
        target: UnitId,
        roll: u8,
        neutralised: bool,
    },
    MissileLost {
        target: UnitId,
        why: String,
    },
    Damage(DamageRoll),
    Ejected {
        unit: UnitId,
        pilot: Point,
    },
    UnitLost {
        unit: UnitId,
        loss: Loss,
    },
    /// A hulk drifts (SY-25 keep_hulks).
    Drifted {
        unit: UnitId,
        to: Point,
    },
    /// After turn 6: "optional 7th turn occurring on roll 4 or more".
    ExtraTurnRoll {
        roll: u8,
        extra: bool,
    },
    GameOver {
        winners: Vec<Seat>,
        scores: Vec<f64>,
        why: String,
    },
}
