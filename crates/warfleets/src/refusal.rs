//! Why the rules refuse an answer, as a value: the rules find the reason, and the
//! words are made above them (`render::refusal`), so no rule formats text.

use crate::action::GunRef;
use crate::fleet::Mount;

/// Why an answer is refused.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Refusal {
    /// "that upgrade has no damage to repair"
    NothingToRepair,
    /// "pick the upgrade the repair takes damage off (repair_upgrade)"
    PickRepair,
    /// "that upgrade cannot take damage"
    CannotTakeDamage,
    /// "pick the upgrade that takes the damage (assign)"
    PickAssign,
    /// "place the squadron the ship ended on (move_aside)"
    PlaceAside,
    /// "that model is not yours to deploy now"
    NotYoursToDeploy,
    /// "a heading is 0–23 (15° steps)"
    Heading,
    /// "only a Tactical Master may be held back"
    OnlyTacticalMasterHeld,
    /// "that squadron is not yours to deploy now"
    SquadronNotYoursToDeploy,
    /// "that is not one of your Elite Carriers"
    NotYourEliteCarrier,
    /// "the carrier is full (as many squadrons as its upgrades)"
    CarrierFull,
    /// "in the last round the Tactical Master must deploy if it can"
    TacticalMasterMustDeploy,
    /// "that model cannot activate now"
    CannotActivate,
    /// "no such model"
    NoSuchModel,
    /// "only a Rogue squadron may be left for later"
    OnlyRogueLeft,
    /// "that squadron was not left for later"
    NotLeftForLater,
    /// "the mine goes within 4" of the ship"
    MineNearShip,
    /// "the mine goes on the table"
    MineOnTable,
    /// "place the squadron named in the question"
    PlaceNamedSquadron,
    /// "that squadron was not just launched"
    NotJustLaunched,
    /// "return a whole number of inches (−4 to 4) from the exit point, on a free spot"
    ReturnPoint,
    /// "positions are whole inches (WFO-01)"
    WholeInches,
    /// "markers go more than 9" from the table edges"
    MarkerEdges,
    /// "markers go more than 9" from the deployment zones"
    MarkerZones,
    /// "markers go more than 9" from each other"
    MarkerApart,
    /// "deploy with the whole base within 12" of your edge"
    DeployZone,
    /// "a free spot wholly on the table"
    FreeSpot,
    /// "more than 9" from every enemy model"
    AwayFromEnemies,
    /// "the move would leave the table"
    LeavesTable,
    /// "the move would end on a model"
    EndsOnModel,
    /// "the move runs into impassable terrain"
    IntoImpassable,
    /// "within 2" of the carrier"
    NearCarrier,
    /// "Hold turns up to 180° (12 steps)"
    HoldTurn,
    /// "squadrons have no facing: hold 0"
    SquadronHold,
    /// "ram an enemy ship on the table (squadrons cannot be rammed)"
    RamTarget,
    /// "Repair Bay: another friendly ship within 4" with damage"
    RepairBay,
    /// "Tractor Beam: an enemy ship within 8""
    TractorBeam,
    /// "no Avenger move now"
    NoAvengerMove,
    /// "after activating: repair, tractor, relocate or done"
    AfterActivating,
    /// "that spot overlaps a model or impassable terrain"
    SpotTaken,
    /// "not in impassable terrain"
    InImpassable,
    /// "no squadron to place"
    NoSquadronToPlace,
    /// "a free spot wholly on the table, overlapping no model"
    FreeSpotNoOverlap,
    /// "no such target"
    NoSuchTarget,
    /// "the ram cannot reach base contact with its target"
    RamContact,
    /// "a ship answers hold, move, cruise or ram"
    ShipOrder,
    /// "a squadron answers hold or fly"
    SquadronOrder,
    /// FB-04: an advance of 0 to the Move speed, in ½" steps.
    Advance { mv: f64 },
    /// Not an answer to the open question (its step's name).
    NotAnAnswer { step: &'static str },
    /// After activating: a relocation reaches so far.
    Reach { reach: f64 },
    /// FB-08: the squadron named first is placed first.
    PlaceFirst { squadron: u8 },
    /// FB-08: within 1" of the ship.
    NearShip { ship: u8 },
    /// FB-06: a turn of at most `limit` steps of 15°.
    TurnTooFar { turn: i8, limit: i8 },
    /// FB-06: the turn comes after half the move, in ½" steps.
    Pivot { speed: f64 },
    /// FB-05, FB-12, FB-13: a shot refused.
    Shot {
        shooter: u8,
        gun: GunRef,
        target: u8,
        why: NoShot,
    },
    /// FB-07: a squadron's flight refused.
    Flight { squadron: u8, why: NoFlight },
}

/// Why a shot is refused (FB-05, FB-07, FB-12, FB-13; `shots.rs` finds it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum NoShot {
    NoGun,
    NoModel,
    NotEnemy,
    Pod,
    Engaged,
    Arc(Mount),
    Range,
    Sight,
    Twin,
    Flank,
    Fired,
}

/// Why a squadron's flight is refused (FB-07; `room.rs` finds it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum NoFlight {
    Engaged,
    NotWhole,
    Cost(f64),
    OffTable,
    Impassable,
    Overlap,
    MustEngage(u8),
}
