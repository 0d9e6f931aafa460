//! Why the rules refuse an answer, as a value: the rules find the reason, and the
//! words are made above them (`render::refusal`), so no rule formats text.

use crate::action::Action;
use crate::types::{Stat, UnitId};
use orrery_core::{ActionError, Seat};
use orrery_hex::Hex;

/// Why a placement spot is refused (LF-07).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceWhy {
    /// Off the map.
    OffMap,
    /// LF-07 (a), LFO-05: not on an edge hex.
    Edge,
    /// Units may not enter a moon or planetoid.
    /// "…: units may not enter a moon or planetoid space"
    MoonOrPlanetoid,
    /// The hex is occupied.
    Occupied,
    /// LF-07 (b), (c): a further flagship goes 10 spaces in a line from a placed one.
    FlagshipDistance,
    /// LF-01, LF-07: the first flagship goes on the centre space.
    FirstFlagship,
    /// LF-07: the fleet's other ships go next to its flagship or its other ships.
    NearFleet,
}

/// Why an answer is refused.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// Not this seat's turn, or the game is over (the protocol's shared errors).
    Turn(ActionError),
    /// "not the attack phase"
    NotAttackPhase,
    /// "no unit is active in attack step …: Activate one of your units first"
    NoActiveUnit {
        step: u8,
    },
    /// "unit … does not exist"
    NoSuchUnit(UnitId),
    /// "unit … is not yours"
    NotYours(UnitId),
    /// "another player activates a unit of this step first (LF-08)"
    OtherActivatesFirst,
    /// "unit … is not on the map"
    UnitOffMap(UnitId),
    /// "unit … has already been active this turn ("each unit is active just once")"
    AlreadyActive(UnitId),
    /// "squadron … is inactive and does not activate (LF-08)"
    InactiveSquadron(UnitId),
    /// "unit … is in step …, not in attack step … (LF-08)"
    WrongStep {
        unit: UnitId,
        its: u8,
        step: u8,
    },
    /// "the active unit does not exist"
    ActiveUnitGone,
    /// "unit … of another player is active"
    OthersActive(UnitId),
    /// "… is a ship's action; a squadron attacks with its guns (Dogfight, Formation)"
    ShipsAction {
        what: &'static str,
    },
    /// "… is a squadron's action; ships fire cannons and launchers"
    SquadronsAction {
        what: &'static str,
    },
    /// "EndLaunch: no squadrons are being launched"
    NothingLaunching,
    /// "StopFiring: no pool of attack dice is open"
    NoPoolToStop,
    /// "a pool of attack dice is open: roll a Barrage or StopFiring first"
    PoolOpen,
    /// "squadrons are being launched: Launch more or EndLaunch first"
    Launching,
    /// "unit … is active: … is not one of its actions"
    NotItsAction {
        unit: UnitId,
        action: Action,
    },
    /// "the active ship is not on the map"
    ActiveShipOffMap,
    /// "the bays have already been used in this activation"
    BaysUsed,
    /// "this ship's bays are at 0"
    BaysAtZero,
    /// "… squadron(s) launched: as many as the ship's … bay(s)"
    AllBaysLaunched {
        launched: u8,
        bays: u8,
    },
    /// "squadron … does not exist"
    NoSuchSquadron(UnitId),
    /// "unit … is not a squadron"
    NotASquadron(UnitId),
    /// "squadron … is not aboard this ship"
    NotAboard(UnitId),
    /// "squadron … is inactive (upside down) and "cannot be launched""
    CannotLaunchInactive(UnitId),
    /// "… is not adjacent to the launching ship"
    LaunchNotAdjacent(Hex),
    /// "… is off the map or a moon/planetoid"
    LaunchOffMap(Hex),
    /// "… is not empty"
    LaunchNotEmpty(Hex),
    /// "another player owes a decision"
    OtherOwesDecision,
    /// "ship … takes a hit: answer with Reduce, … stat level(s)"
    AnswerReduce {
        ship: UnitId,
        levels: u8,
    },
    /// "at most 3 squadrons may intercept (LF-05)"
    TooManyInterceptors,
    /// "list the interceptors once each, in ascending id order (LFO-10)"
    InterceptorsOrder,
    /// "squadron … cannot intercept: interceptors are your active squadrons adjacent to the
    /// target, not in its arc opposite the incoming missiles (LF-05)"
    CannotIntercept(UnitId),
    /// "missiles are incoming at ship …: answer with Intercept (possibly empty)"
    AnswerIntercept {
        target: UnitId,
    },
    /// "squadron … was hit: answer with HitSquadron (flip or return to base)"
    AnswerHitSquadron {
        squadron: UnitId,
    },
    /// "ship … cannot take squadron …: a host is a friendly ship within 5 spaces with a bay
    /// free this turn and room aboard (LF-14)"
    NoHost {
        host: UnitId,
        squadron: UnitId,
    },
    /// "squadron … returns to base: answer with LandOn"
    AnswerLandOn {
        squadron: UnitId,
    },
    /// "squadron … is not aboard ship …"
    NotAboardShip {
        squadron: UnitId,
        ship: UnitId,
    },
    /// "a bay hit destroys a squadron aboard ship …: answer with LoseSquadron"
    AnswerLoseSquadron {
        ship: UnitId,
    },
    /// "squadron … cannot advance: the victor or an active friendly squadron adjacent to
    /// both it and the vacated space may (LF-14, LFO-13)"
    CannotAdvance(UnitId),
    /// "a dogfight was won: answer with Advance (or Advance with no squadron)"
    AnswerAdvance,
    /// "this decision is not part of the attack phase"
    NotAttackDecision,
    /// "ship … is no longer on the map"
    ShipGone(UnitId),
    /// "choose exactly … stat level(s) to reduce"
    ReduceExactly {
        n: usize,
    },
    /// "list the stats in record-sheet order (cannons, launchers, bays, defense, move, then
    /// cargo and passenger holds) (LFO-10)"
    StatsOrder,
    /// "… may be hit only under the optional rule "Holds may be hit in combat" (LF-19),
    /// which this scenario does not use"
    HoldsNotHit(Stat),
    /// "… is already 0 and cannot be reduced"
    StatAtZero(Stat),
    /// "… has only … level(s) left"
    StatLevelsLeft {
        stat: Stat,
        level: u8,
    },
    /// "this squadron has already attacked in this activation"
    SquadronAttacked,
    /// "this squadron engaged warp this turn and may not attack (optional rule, LF-19)"
    SquadronWarped,
    /// "the active squadron is not on the map"
    ActiveSquadronOffMap,
    /// "target … does not exist"
    NoSuchTarget(UnitId),
    /// "target … is not a squadron on the map (against a ship use Formation)"
    DogfightTarget(UnitId),
    /// "squadron … is your own"
    OwnSquadron(UnitId),
    /// "squadron … is not adjacent ("Fighter squadrons may attack any adjacent target with
    /// their guns")"
    SquadronNotAdjacent(UnitId),
    /// "target … is not a ship on the map ("Formations only work against ships"; against a
    /// squadron use Dogfight)"
    FormationTarget(UnitId),
    /// "ship … is your own"
    OwnShip(UnitId),
    /// "ship … is not adjacent"
    ShipNotAdjacent(UnitId),
    /// "list the wingmen once each, in ascending id order (LFO-10)"
    WingmenOrder,
    /// "squadron … cannot join: wingmen are your other active squadrons adjacent to the
    /// target that have not been active this turn (LFO-14)"
    CannotJoin(UnitId),
    /// "ship … cannot take this squadron: a host is a friendly ship within 5 spaces with a
    /// bay free this turn and room aboard (LF-14)"
    NoHostForThis(UnitId),
    /// "the firing ship is not on the map"
    FiringShipOffMap,
    /// "target … is not on the map"
    TargetOffMap(UnitId),
    /// "target … is one of your own units; targets are other players' units (LFO-12)"
    OwnTarget(UnitId),
    /// "squadron … is … spaces away: cannons and launchers fire only at an adjacent
    /// squadron (flak)"
    FlakNotAdjacent {
        target: UnitId,
        d: u32,
    },
    /// "ship … is … spaces away, beyond range …"
    BeyondRange {
        target: UnitId,
        d: u32,
    },
    /// "target … is not adjacent and one of the two is in a nebula (LF-10)"
    NebulaNotAdjacent(UnitId),
    /// "… have already been used in this activation (each weapons system once)"
    SystemUsed {
        name: &'static str,
    },
    /// "this ship engaged warp this turn and may not fire (optional rule, LF-19)"
    ShipWarped,
    /// "this ship's cannons are at 0"
    CannonsAtZero,
    /// "this ship's launchers are at 0"
    LaunchersAtZero,
    /// "fire at least 1 missile"
    NoMissilesFired,
    /// "… missiles exceed launchers … (one missile per launcher level)"
    MissilesOverLaunchers {
        n: u8,
        launchers: u8,
    },
    /// "… missiles but only … left"
    MissilesLeft {
        n: u8,
        left: u8,
    },
    /// "no pool of attack dice is open: fire a weapons system first"
    NoPool,
    /// "a barrage throws at least 1 die"
    NoDice,
    /// "only … dice are left in the pool"
    DiceLeft(u8),
    /// "the pool was fired at a ship: a barrage names no target (the whole pool goes at
    /// that ship)"
    BarrageNamesNoTarget,
    /// "flak: name the adjacent enemy squadron this barrage is rolled at (LFO-12)"
    FlakNameTarget,
    /// "flak: … is not a squadron on the map"
    FlakNotSquadron(UnitId),
    /// "flak: squadron … is your own; targets are other players' units (LFO-12)"
    FlakOwn(UnitId),
    /// "flak: squadron … is not adjacent"
    FlakSquadronNotAdjacent(UnitId),
    /// "a pushed squadron's owner must first say where it goes (Push)"
    SayWherePushed,
    /// "the pushed squadron is not on the map"
    PushedOffMap,
    /// "… is not an empty hex adjacent to the pushed squadron that units may enter (LF-09)"
    PushTo(Hex),
    /// "movement phase: only Move actions are possible now"
    OnlyMove,
    /// "no unit may move now"
    NoMoveNow,
    /// "no unit #…"
    NoUnitNumber(UnitId),
    /// "unit #… belongs to seat …"
    BelongsTo {
        unit: UnitId,
        owner: Seat,
    },
    /// "unit #… is not in movement step …, has moved, or is not an active unit on the map
    /// (LF-08)"
    NotMovingNow {
        unit: UnitId,
        step: u8,
    },
    /// "unit #… is not on the map"
    UnitNumberOffMap(UnitId),
    /// "a ship chooses a facing after moving (seed "How to Move")"
    ShipFacing,
    /// "ship #… has no warp drive (LF-19)"
    ShipNoWarp(UnitId),
    /// "squadrons have no facing (seed "How to Move")"
    SquadronFacing,
    /// "squadrons have no boosters"
    SquadronBoosters,
    /// "squadron #… has no warp drive (fighters have it only under the optional rule
    /// fighter_warp, LF-19)"
    SquadronNoWarp(UnitId),
    /// "… is off the map"
    MoveOffMap(Hex),
    MoonOrPlanetoid(Hex),
    /// "unit #… cannot use a booster now (none left, used this turn, or Move 0)"
    NoBooster(UnitId),
    /// "… is more than … spaces away along a path units may enter (LF-09)"
    TooFar {
        to: Hex,
        max: u8,
    },
    /// "a booster is spent only for a move needing exactly … spaces (LFO-02)"
    BoosterExactly(u8),
    /// A ship ends its move in a space without another ship (seed "How to Move").
    ShipStacked(Hex),
    /// A squadron ends its move alone in its space (seed "How to Move").
    SquadronStacked(Hex),
    /// "optional rule: a unit engaging warp may not move this turn (LFO-08)"
    WarpNoMove,
    /// "placement: only Place actions are possible now (LF-07)"
    OnlyPlace,
    /// "placement: it is not your turn to place"
    NotYourPlacement,
    /// "unit #… is a squadron; squadrons start aboard their host (seed)"
    PlaceSquadron(UnitId),
    /// "ship #… belongs to seat …"
    ShipBelongsTo {
        ship: UnitId,
        owner: Seat,
    },
    /// "ship #… is already placed"
    AlreadyPlaced(UnitId),
    /// "… is not a map hex"
    NotAMapHex(Hex),
    PlaceAt {
        at: Hex,
        why: PlaceWhy,
    },
    /// "a successful repair roll: choose the stat to raise (RepairStat)"
    ChooseRepairStat,
    /// "the repaired ship is gone"
    RepairedShipGone,
    /// "holds are repaired only where they can be hit (optional rule, LF-19)"
    HoldsRepair,
    /// "… is at its original level …; a repair may not raise a stat above it"
    AtOriginalLevel {
        stat: Stat,
        level: u8,
    },
    /// "it is not your turn to repair"
    NotYourRepair,
    /// "unit #… is a squadron"
    RepairSquadron(UnitId),
    /// "ship #… is not on the map"
    ShipNumberOffMap(UnitId),
    /// "ship #… has no Repair left"
    NoRepairLeft(UnitId),
    /// "ship #… already used a repair this turn ("Only one repair may be used per ship per
    /// turn")"
    RepairUsed(UnitId),
    /// "ship #… has no stat below its original level"
    NothingToRepair(UnitId),
    /// "recovery phase: only Repair or EndRepairs are possible now"
    OnlyRepair,
}
