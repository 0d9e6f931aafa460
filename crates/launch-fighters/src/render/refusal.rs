//! The words of a refusal ([`Refusal`]): what a player reads when the rules refuse an
//! answer, made here, above the rules.

use crate::refusal::{PlaceWhy, Refusal};
use crate::state::LaunchFighters;
use crate::Action;
use orrery_core::{ActionError, Seat};

fn place_why(why: PlaceWhy) -> &'static str {
    match why {
        PlaceWhy::OffMap => "it is off the map",
        PlaceWhy::Edge => "it is an edge hex (LF-07 (a), LFO-05)",
        PlaceWhy::MoonOrPlanetoid => "units may not enter a moon or planetoid",
        PlaceWhy::Occupied => "it is occupied",
        PlaceWhy::FlagshipDistance => "a flagship goes exactly 10 spaces in a straight line from a placed flagship and at least 10 from every one (LF-07 (b), (c))",
        PlaceWhy::FirstFlagship => "the first flagship goes on the centre space (LF-01, LF-07)",
        PlaceWhy::NearFleet => "the fleet's other ships go adjacent to its flagship, else adjacent to another of its ships (LF-07)",
    }
}

/// `r` in words, for the player whose answer it refuses.
pub fn refusal(r: &Refusal) -> String {
    match r {
        Refusal::Turn(e) => e.to_string(),
        Refusal::NotAttackPhase => "not the attack phase".into(),
        Refusal::NoActiveUnit { step } => format!("no unit is active in attack step {step}: Activate one of your units first"),
        Refusal::NoSuchUnit(u) => format!("unit {} does not exist", u.0),
        Refusal::NotYours(u) => format!("unit {} is not yours", u.0),
        Refusal::OtherActivatesFirst => "another player activates a unit of this step first (LF-08)".into(),
        Refusal::UnitOffMap(u) => format!("unit {} is not on the map", u.0),
        Refusal::AlreadyActive(u) => format!("unit {} has already been active this turn (\"each unit is active just once\")", u.0),
        Refusal::InactiveSquadron(u) => format!("squadron {} is inactive and does not activate (LF-08)", u.0),
        Refusal::WrongStep { unit, its, step } => format!("unit {} is in step {its}, not in attack step {step} (LF-08)", unit.0),
        Refusal::ActiveUnitGone => "the active unit does not exist".into(),
        Refusal::OthersActive(u) => format!("unit {} of another player is active", u.0),
        Refusal::ShipsAction { what } => format!("{what} is a ship's action; a squadron attacks with its guns (Dogfight, Formation)"),
        Refusal::SquadronsAction { what } => format!("{what} is a squadron's action; ships fire cannons and launchers"),
        Refusal::NothingLaunching => "EndLaunch: no squadrons are being launched".into(),
        Refusal::NoPoolToStop => "StopFiring: no pool of attack dice is open".into(),
        Refusal::PoolOpen => "a pool of attack dice is open: roll a Barrage or StopFiring first".into(),
        Refusal::Launching => "squadrons are being launched: Launch more or EndLaunch first".into(),
        Refusal::NotItsAction { unit, action } => format!("unit {} is active: {action:?} is not one of its actions", unit.0),
        Refusal::ActiveShipOffMap => "the active ship is not on the map".into(),
        Refusal::BaysUsed => "the bays have already been used in this activation".into(),
        Refusal::BaysAtZero => "this ship's bays are at 0".into(),
        Refusal::AllBaysLaunched { launched, bays } => format!("{launched} squadron(s) launched: as many as the ship's {bays} bay(s)"),
        Refusal::NoSuchSquadron(u) => format!("squadron {} does not exist", u.0),
        Refusal::NotASquadron(u) => format!("unit {} is not a squadron", u.0),
        Refusal::NotAboard(u) => format!("squadron {} is not aboard this ship", u.0),
        Refusal::CannotLaunchInactive(u) => format!("squadron {} is inactive (upside down) and \"cannot be launched\"", u.0),
        Refusal::LaunchNotAdjacent(h) => format!("{h} is not adjacent to the launching ship"),
        Refusal::LaunchOffMap(h) => format!("{h} is off the map or a moon/planetoid"),
        Refusal::LaunchNotEmpty(h) => format!("{h} is not empty"),
        Refusal::OtherOwesDecision => "another player owes a decision".into(),
        Refusal::AnswerReduce { ship, levels } => format!("ship {} takes a hit: answer with Reduce, {levels} stat level(s)", ship.0),
        Refusal::TooManyInterceptors => "at most 3 squadrons may intercept (LF-05)".into(),
        Refusal::InterceptorsOrder => "list the interceptors once each, in ascending id order (LFO-10)".into(),
        Refusal::CannotIntercept(u) => format!("squadron {} cannot intercept: interceptors are your active squadrons adjacent to the target, not in its arc opposite the incoming missiles (LF-05)", u.0),
        Refusal::AnswerIntercept { target } => format!("missiles are incoming at ship {}: answer with Intercept (possibly empty)", target.0),
        Refusal::AnswerHitSquadron { squadron } => format!("squadron {} was hit: answer with HitSquadron (flip or return to base)", squadron.0),
        Refusal::NoHost { host, squadron } => format!("ship {} cannot take squadron {}: a host is a friendly ship within 5 spaces with a bay free this turn and room aboard (LF-14)", host.0, squadron.0),
        Refusal::AnswerLandOn { squadron } => format!("squadron {} returns to base: answer with LandOn", squadron.0),
        Refusal::NotAboardShip { squadron, ship } => format!("squadron {} is not aboard ship {}", squadron.0, ship.0),
        Refusal::AnswerLoseSquadron { ship } => format!("a bay hit destroys a squadron aboard ship {}: answer with LoseSquadron", ship.0),
        Refusal::CannotAdvance(u) => format!("squadron {} cannot advance: the victor or an active friendly squadron adjacent to both it and the vacated space may (LF-14, LFO-13)", u.0),
        Refusal::AnswerAdvance => "a dogfight was won: answer with Advance (or Advance with no squadron)".into(),
        Refusal::NotAttackDecision => "this decision is not part of the attack phase".into(),
        Refusal::ShipGone(u) => format!("ship {} is no longer on the map", u.0),
        Refusal::ReduceExactly { n } => format!("choose exactly {n} stat level(s) to reduce"),
        Refusal::StatsOrder => "list the stats in record-sheet order (cannons, launchers, bays, defense, move, then cargo and passenger holds) (LFO-10)".into(),
        Refusal::HoldsNotHit(s) => format!("{s:?} may be hit only under the optional rule \"Holds may be hit in combat\" (LF-19), which this scenario does not use"),
        Refusal::StatAtZero(s) => format!("{s:?} is already 0 and cannot be reduced"),
        Refusal::StatLevelsLeft { stat, level } => format!("{stat:?} has only {level} level(s) left"),
        Refusal::SquadronAttacked => "this squadron has already attacked in this activation".into(),
        Refusal::SquadronWarped => "this squadron engaged warp this turn and may not attack (optional rule, LF-19)".into(),
        Refusal::ActiveSquadronOffMap => "the active squadron is not on the map".into(),
        Refusal::NoSuchTarget(u) => format!("target {} does not exist", u.0),
        Refusal::DogfightTarget(u) => format!("target {} is not a squadron on the map (against a ship use Formation)", u.0),
        Refusal::OwnSquadron(u) => format!("squadron {} is your own", u.0),
        Refusal::SquadronNotAdjacent(u) => format!("squadron {} is not adjacent (\"Fighter squadrons may attack any adjacent target with their guns\")", u.0),
        Refusal::FormationTarget(u) => format!("target {} is not a ship on the map (\"Formations only work against ships\"; against a squadron use Dogfight)", u.0),
        Refusal::OwnShip(u) => format!("ship {} is your own", u.0),
        Refusal::ShipNotAdjacent(u) => format!("ship {} is not adjacent", u.0),
        Refusal::WingmenOrder => "list the wingmen once each, in ascending id order (LFO-10)".into(),
        Refusal::CannotJoin(u) => format!("squadron {} cannot join: wingmen are your other active squadrons adjacent to the target that have not been active this turn (LFO-14)", u.0),
        Refusal::NoHostForThis(u) => format!("ship {} cannot take this squadron: a host is a friendly ship within 5 spaces with a bay free this turn and room aboard (LF-14)", u.0),
        Refusal::FiringShipOffMap => "the firing ship is not on the map".into(),
        Refusal::TargetOffMap(u) => format!("target {} is not on the map", u.0),
        Refusal::OwnTarget(u) => format!("target {} is one of your own units; targets are other players' units (LFO-12)", u.0),
        Refusal::FlakNotAdjacent { target, d } => format!("squadron {} is {d} spaces away: cannons and launchers fire only at an adjacent squadron (flak)", target.0),
        Refusal::BeyondRange { target, d } => format!("ship {} is {d} spaces away, beyond range {}", target.0, crate::attack::RANGE),
        Refusal::NebulaNotAdjacent(u) => format!("target {} is not adjacent and one of the two is in a nebula (LF-10)", u.0),
        Refusal::SystemUsed { name } => format!("{name} have already been used in this activation (each weapons system once)"),
        Refusal::ShipWarped => "this ship engaged warp this turn and may not fire (optional rule, LF-19)".into(),
        Refusal::CannonsAtZero => "this ship's cannons are at 0".into(),
        Refusal::LaunchersAtZero => "this ship's launchers are at 0".into(),
        Refusal::NoMissilesFired => "fire at least 1 missile".into(),
        Refusal::MissilesOverLaunchers { n, launchers } => format!("{n} missiles exceed launchers {launchers} (one missile per launcher level)"),
        Refusal::MissilesLeft { n, left } => format!("{n} missiles but only {left} left"),
        Refusal::NoPool => "no pool of attack dice is open: fire a weapons system first".into(),
        Refusal::NoDice => "a barrage throws at least 1 die".into(),
        Refusal::DiceLeft(n) => format!("only {n} dice are left in the pool"),
        Refusal::BarrageNamesNoTarget => "the pool was fired at a ship: a barrage names no target (the whole pool goes at that ship)".into(),
        Refusal::FlakNameTarget => "flak: name the adjacent enemy squadron this barrage is rolled at (LFO-12)".into(),
        Refusal::FlakNotSquadron(u) => format!("flak: {} is not a squadron on the map", u.0),
        Refusal::FlakOwn(u) => format!("flak: squadron {} is your own; targets are other players' units (LFO-12)", u.0),
        Refusal::FlakSquadronNotAdjacent(u) => format!("flak: squadron {} is not adjacent", u.0),
        Refusal::SayWherePushed => "a pushed squadron's owner must first say where it goes (Push)".into(),
        Refusal::PushedOffMap => "the pushed squadron is not on the map".into(),
        Refusal::PushTo(h) => format!("{h} is not an empty hex adjacent to the pushed squadron that units may enter (LF-09)"),
        Refusal::OnlyMove => "movement phase: only Move actions are possible now".into(),
        Refusal::NoMoveNow => "no unit may move now".into(),
        Refusal::NoUnitNumber(u) => format!("no unit #{}", u.0),
        Refusal::BelongsTo { unit, owner } => format!("unit #{} belongs to seat {owner}", unit.0),
        Refusal::NotMovingNow { unit, step } => format!("unit #{} is not in movement step {step}, has moved, or is not an active unit on the map (LF-08)", unit.0),
        Refusal::UnitNumberOffMap(u) => format!("unit #{} is not on the map", u.0),
        Refusal::ShipFacing => "a ship chooses a facing after moving (seed \"How to Move\")".into(),
        Refusal::ShipNoWarp(u) => format!("ship #{} has no warp drive (LF-19)", u.0),
        Refusal::SquadronFacing => "squadrons have no facing (seed \"How to Move\")".into(),
        Refusal::SquadronBoosters => "squadrons have no boosters".into(),
        Refusal::SquadronNoWarp(u) => format!("squadron #{} has no warp drive (fighters have it only under the optional rule fighter_warp, LF-19)", u.0),
        Refusal::MoveOffMap(h) => format!("{h:?} is off the map"),
        Refusal::MoonOrPlanetoid(h) => format!("{h}: units may not enter a moon or planetoid space"),
        Refusal::NoBooster(u) => format!("unit #{} cannot use a booster now (none left, used this turn, or Move 0)", u.0),
        Refusal::TooFar { to, max } => format!("{to} is more than {max} spaces away along a path units may enter (LF-09)"),
        Refusal::BoosterExactly(n) => format!("a booster is spent only for a move needing exactly {n} spaces (LFO-02)"),
        Refusal::WarpNoMove => "optional rule: a unit engaging warp may not move this turn (LFO-08)".into(),
        Refusal::OnlyPlace => "placement: only Place actions are possible now (LF-07)".into(),
        Refusal::NotYourPlacement => "placement: it is not your turn to place".into(),
        Refusal::PlaceSquadron(u) => format!("unit #{} is a squadron; squadrons start aboard their host (seed)", u.0),
        Refusal::ShipBelongsTo { ship, owner } => format!("ship #{} belongs to seat {owner}", ship.0),
        Refusal::AlreadyPlaced(u) => format!("ship #{} is already placed", u.0),
        Refusal::NotAMapHex(h) => format!("{h:?} is not a map hex"),
        Refusal::ChooseRepairStat => "a successful repair roll: choose the stat to raise (RepairStat)".into(),
        Refusal::RepairedShipGone => "the repaired ship is gone".into(),
        Refusal::HoldsRepair => "holds are repaired only where they can be hit (optional rule, LF-19)".into(),
        Refusal::AtOriginalLevel { stat, level } => format!("{stat:?} is at its original level {level}; a repair may not raise a stat above it"),
        Refusal::NotYourRepair => "it is not your turn to repair".into(),
        Refusal::RepairSquadron(u) => format!("unit #{} is a squadron", u.0),
        Refusal::ShipNumberOffMap(u) => format!("ship #{} is not on the map", u.0),
        Refusal::NoRepairLeft(u) => format!("ship #{} has no Repair left", u.0),
        Refusal::RepairUsed(u) => format!("ship #{} already used a repair this turn (\"Only one repair may be used per ship per turn\")", u.0),
        Refusal::NothingToRepair(u) => format!("ship #{} has no stat below its original level", u.0),
        Refusal::OnlyRepair => "recovery phase: only Repair or EndRepairs are possible now".into(),
        Refusal::ShipStacked(h) => {
            format!("{h}: a ship may not end its move in a space with another ship")
        }
        Refusal::SquadronStacked(h) => {
            format!("{h}: a squadron may not end its move in a space with any unit")
        }
        Refusal::PlaceAt { at, why } => format!("cannot place at {at}: {}", place_why(*why)),
    }
}

impl LaunchFighters {
    /// Is `action` legal for `seat` now? Pure: never changes the state. A refusal in
    /// words (the rules give it as a [`Refusal`]).
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        self.refusal(seat, action).map_err(|r| match r {
            Refusal::Turn(e) => e,
            r => ActionError::illegal(refusal(&r)),
        })
    }
}
