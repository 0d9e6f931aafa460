//! The referee state of a Launch Fighters! battle.

use crate::types::*;
use orrery_core::{Outcome, Rng, Seat};
use orrery_hex::{Dir, Hex, HexMap};
use serde::{Deserialize, Serialize};

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    /// Not yet placed (placement phase).
    Unplaced,
    OnMap(Hex),
    /// A squadron on its host's record sheet.
    Aboard(UnitId),
    /// Destroyed / eliminated.
    Eliminated,
    /// Left the map by retreat or warp; never returns.
    Retreated,
}

/// Per-turn flags of a ship.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ship {
    /// The design as built (original stats, cost basis).
    pub design: ShipDesign,
    /// Build cost by LF-18.
    pub cost: u32,
    /// Current stats.
    pub stats: Stats,
    /// Current holds: reduced by hits only when holds can be hit (LF-19).
    #[serde(default)]
    pub holds: Holds,
    pub missiles: u8,
    pub repair_left: u8,
    pub boosters_left: u8,
    pub facing: Dir,
    /// Counter letter (A, B, …) within its fleet.
    pub letter: char,
    /// Squadrons recovered (returned to base) this turn — limited by Bays.
    pub recovered_this_turn: u8,
    /// Warp declared this turn (LF-19).
    pub warp_declared: bool,
    pub used_booster_this_turn: bool,
    pub repaired_this_turn: bool,
    /// The fleet's flagship (placed first).
    pub flagship: bool,
}

/// A ship's cargo and passenger holds (seed "Cargo Holds").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holds {
    pub cargo: u8,
    pub passengers: u8,
}

impl Ship {
    /// The current level of a stat or a hold.
    pub fn level(&self, s: Stat) -> u8 {
        match s {
            Stat::CargoHolds => self.holds.cargo,
            Stat::PassengerHolds => self.holds.passengers,
            _ => self.stats.get(s),
        }
    }

    /// The current level of a stat or a hold, to change.
    pub fn level_mut(&mut self, s: Stat) -> &mut u8 {
        match s {
            Stat::Cannons => &mut self.stats.cannons,
            Stat::Launchers => &mut self.stats.launchers,
            Stat::Bays => &mut self.stats.bays,
            Stat::Defense => &mut self.stats.defense,
            Stat::Move => &mut self.stats.mv,
            Stat::CargoHolds => &mut self.holds.cargo,
            Stat::PassengerHolds => &mut self.holds.passengers,
        }
    }

    /// The level a stat or hold had as built.
    pub fn original_level(&self, s: Stat) -> u8 {
        match s {
            Stat::CargoHolds => self.design.addons.cargo_holds,
            Stat::PassengerHolds => self.design.addons.passenger_holds,
            _ => self.design.stats.get(s),
        }
    }
}

/// A fighter squadron: Guns 1, Move 5, defence rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Squadron {
    /// Right side up = active; upside down = inactive.
    pub active: bool,
    /// The ship it started aboard (for victory points, LF-17).
    pub original_host: UnitId,
    /// Set when it was destroyed aboard a ship that was destroyed (LF-15, LF-17).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lost_with_host: Option<UnitId>,
    /// Has warp drive (optional rule "Fighters can have warp drive", LF-19).
    #[serde(default, skip_serializing_if = "is_false")]
    pub warp: bool,
    /// Warp declared this turn (LF-19).
    #[serde(default, skip_serializing_if = "is_false")]
    pub warp_declared: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitKind {
    Ship(Ship),
    Squadron(Squadron),
}

/// A ship or a squadron.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    pub owner: Seat,
    pub location: Location,
    pub kind: UnitKind,
    /// Moved this turn (movement phase).
    pub moved: bool,
    /// Activated this turn (attack phase).
    pub activated: bool,
    /// Who gets the victory points if it was eliminated (LF-17).
    pub eliminated_by: Option<Seat>,
    /// Where it retreated from the map (not by warp), for `escape` objectives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreated_at: Option<Hex>,
}

impl Unit {
    /// A ship as built from its design: full stats, add-ons unused, facing north,
    /// not yet placed anywhere (`location` says where).
    /// `options` decide its cost (a flat warp cost, LF-19).
    pub fn new_ship(
        id: UnitId,
        owner: Seat,
        design: &ShipDesign,
        letter: char,
        location: Location,
        options: &Options,
    ) -> Unit {
        Unit {
            id,
            owner,
            location,
            kind: UnitKind::Ship(Ship {
                cost: design.cost_under(options),
                stats: design.stats,
                holds: Holds {
                    cargo: design.addons.cargo_holds,
                    passengers: design.addons.passenger_holds,
                },
                missiles: design.missiles,
                repair_left: design.addons.repair,
                boosters_left: design.addons.boosters,
                facing: Dir::N,
                letter,
                recovered_this_turn: 0,
                warp_declared: false,
                used_booster_this_turn: false,
                repaired_this_turn: false,
                flagship: false,
                design: design.clone(),
            }),
            moved: false,
            activated: false,
            eliminated_by: None,
            retreated_at: None,
        }
    }

    /// An active squadron that started aboard `host`; `warp` if it has warp drive
    /// (LF-19 optional rule).
    pub fn new_squadron(
        id: UnitId,
        owner: Seat,
        host: UnitId,
        location: Location,
        warp: bool,
    ) -> Unit {
        Unit {
            id,
            owner,
            location,
            kind: UnitKind::Squadron(Squadron {
                active: true,
                original_host: host,
                lost_with_host: None,
                warp,
                warp_declared: false,
            }),
            moved: false,
            activated: false,
            eliminated_by: None,
            retreated_at: None,
        }
    }

    /// Has this ship or squadron declared warp this turn (LF-19)?
    pub fn warp_declared(&self) -> bool {
        match &self.kind {
            UnitKind::Ship(s) => s.warp_declared,
            UnitKind::Squadron(q) => q.warp_declared,
        }
    }

    /// Does this ship or squadron have warp drive (LF-19; squadrons only under the
    /// optional rule)?
    pub fn has_warp(&self) -> bool {
        match &self.kind {
            UnitKind::Ship(s) => s.design.addons.warp >= 1,
            UnitKind::Squadron(q) => q.warp,
        }
    }

    pub fn ship(&self) -> Option<&Ship> {
        match &self.kind {
            UnitKind::Ship(s) => Some(s),
            UnitKind::Squadron(_) => None,
        }
    }
    pub fn ship_mut(&mut self) -> Option<&mut Ship> {
        match &mut self.kind {
            UnitKind::Ship(s) => Some(s),
            UnitKind::Squadron(_) => None,
        }
    }
    pub fn squadron(&self) -> Option<&Squadron> {
        match &self.kind {
            UnitKind::Squadron(s) => Some(s),
            UnitKind::Ship(_) => None,
        }
    }
    pub fn squadron_mut(&mut self) -> Option<&mut Squadron> {
        match &mut self.kind {
            UnitKind::Squadron(s) => Some(s),
            UnitKind::Ship(_) => None,
        }
    }
    pub fn is_ship(&self) -> bool {
        matches!(self.kind, UnitKind::Ship(_))
    }
    pub fn hex(&self) -> Option<Hex> {
        match self.location {
            Location::OnMap(h) => Some(h),
            _ => None,
        }
    }
    /// The Step Chart step this unit is in (LF-08): ships by current Move, squadrons 5.
    pub fn step(&self) -> u8 {
        match &self.kind {
            UnitKind::Ship(s) => s.stats.mv,
            UnitKind::Squadron(_) => 5,
        }
    }
}

/// The phase of the turn (seed "Each turn has four phases").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Flagships, then the rest of each fleet (LF-07).
    Placement,
    /// Movement by Step Chart step, 0 up to 5.
    Movement { step: u8 },
    /// Attack by step, 5 down to 0.
    Attack { step: u8 },
    /// Repairs (the only choices in recovery).
    Recovery,
    /// The battle is over.
    Over,
}

impl Phase {
    /// The phase's name as views write it (their `phase` field) and the status shows it.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Placement => "placement",
            Phase::Movement { .. } => "movement",
            Phase::Attack { .. } => "attack",
            Phase::Recovery => "recovery",
            Phase::Over => "over",
        }
    }
}

/// A decision owed by one seat before play goes on (pushes, stat choices, intercepts…).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Decision {
    /// The squadron's owner picks where a pushed squadron goes (LF-09).
    Push { squadron: UnitId, pusher: Seat },
    /// Reduce `levels` stat levels of `ship` (LF-13; asteroids: 1 by the owner).
    ReduceStats {
        ship: UnitId,
        levels: u8,
        /// Who gets credit if the ship is destroyed.
        credited: Option<Seat>,
    },
    /// The target's owner may intercept incoming missiles (LF-05).
    Intercept { target: UnitId },
    /// The attacker chooses flip or return to base for a hit squadron (LF-14).
    SquadronHit { squadron: UnitId },
    /// The squadron's owner picks the ship it returns to (LF-14).
    ReturnToBase {
        squadron: UnitId,
        credited: Option<Seat>,
    },
    /// The host's owner picks which squadron aboard a bay hit destroyed (LF-15).
    BayLoss {
        ship: UnitId,
        credited: Option<Seat>,
    },
    /// The dogfight winner may advance into the vacated hex (LF-14).
    Advance { winner: UnitId, vacated: Hex },
    /// A successful repair roll: the owner picks the stat to raise (LF-16).
    RepairStat { ship: UnitId },
}

/// A decision and the seat that owes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub seat: Seat,
    pub decision: Decision,
}

/// A weapon system (seed "1) Choose a Weapons System").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum System {
    Cannons,
    Launchers,
    Bays,
    Guns,
}

impl System {
    /// The system's name in the rulebook's words.
    pub fn name(self) -> &'static str {
        match self {
            System::Cannons => "cannons",
            System::Launchers => "launchers",
            System::Bays => "bays",
            System::Guns => "guns",
        }
    }
}

/// A pool of attack dice being rolled in barrages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    pub system: System,
    /// The ship target, or for flak the first squadron targeted.
    pub target: UnitId,
    /// Dice left to roll.
    pub dice: u8,
    /// Flak: barrages may go at any adjacent enemy squadron.
    pub flak: bool,
    /// LF-04: the flanking bonus applies; the pool is doubled once intercepts are
    /// rolled (set when the pool is gathered, applied when it is finalized).
    #[serde(default)]
    pub flank: bool,
    /// How the pool was built (halved, intercepted, doubled), for the PoolGathered event.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

/// The unit whose turn it is in the attack phase and what it has done.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Activation {
    pub unit: UnitId,
    pub used: Vec<System>,
    /// Dice in hand for the system being fired.
    pub pool: Option<Pool>,
    /// Squadrons launched by the bays system so far.
    pub launched: u8,
    /// Bays system in use (launch more or finish).
    pub launching: bool,
    /// A dogfight whose hit on the loser is still being chosen: (winner, loser). Once
    /// the loser is returned to base the winner's owner may advance (LF-14).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dogfight: Option<(UnitId, UnitId)>,
}

/// Per-player state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub fleet: String,
    /// This turn's initiative total (2D6 + sensors), for display.
    pub initiative: u8,
}

/// The whole referee state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LaunchFighters {
    pub(crate) scenario_name: String,
    pub(crate) map: HexMap,
    pub(crate) terrain: Vec<Terrain>,
    /// The scenario's exit area (LF-16 (3)).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) exit_area: Vec<MapHex>,
    /// The scenario's objectives (LF-17 (c)).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) objectives: Vec<Objective>,
    /// For each objective, the turns in a row it has been held at the start of a
    /// turn (`hold`; 0 for the others).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) held_turns: Vec<u32>,
    pub(crate) options: Options,
    pub(crate) turn_limit: u32,
    pub(crate) players: Vec<Player>,
    pub(crate) units: Vec<Unit>,
    pub(crate) turn: u32,
    pub(crate) phase: Phase,
    /// Initiative sequence, lowest first (LF-06). Also the placement ranking.
    pub(crate) order: Vec<Seat>,
    /// Round-robin cursor into `order` for the Step Chart loop (LF-08).
    pub(crate) cursor: usize,
    /// Decisions owed, last = first to answer.
    pub(crate) pending: Vec<Pending>,
    pub(crate) activation: Option<Activation>,
    /// Turns in a row with no barrage or dogfight rolled (LF-17 (b)).
    pub(crate) quiet_turns: u32,
    /// A barrage or dogfight was rolled this turn.
    pub(crate) fired_this_turn: bool,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) rng: Rng,
}

impl LaunchFighters {
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id.index()]
    }
    pub fn unit_mut(&mut self, id: UnitId) -> &mut Unit {
        &mut self.units[id.index()]
    }
    /// Terrain at a hex, if any.
    pub fn terrain_at(&self, h: Hex) -> Option<TerrainKind> {
        self.terrain.iter().find(|t| t.hex() == h).map(|t| t.kind)
    }
    /// Units on the map at a hex.
    pub fn units_at(&self, h: Hex) -> impl Iterator<Item = &Unit> {
        self.units
            .iter()
            .filter(move |u| u.location == Location::OnMap(h))
    }
    pub fn ship_at(&self, h: Hex) -> Option<&Unit> {
        self.units_at(h).find(|u| u.is_ship())
    }
    pub fn squadron_at(&self, h: Hex) -> Option<&Unit> {
        self.units_at(h).find(|u| !u.is_ship())
    }
    /// No unit at all in the hex.
    pub fn is_empty_hex(&self, h: Hex) -> bool {
        self.units_at(h).next().is_none()
    }
    /// On the map and not a moon/planetoid.
    pub fn enterable(&self, h: Hex) -> bool {
        self.map.contains(h) && !self.terrain_at(h).is_some_and(|t| t.blocks())
    }
    /// Squadrons aboard a ship.
    pub fn aboard(&self, ship: UnitId) -> impl Iterator<Item = &Unit> {
        self.units
            .iter()
            .filter(move |u| u.location == Location::Aboard(ship))
    }
    /// The units of a seat that are on the map.
    pub fn on_map_of(&self, seat: Seat) -> impl Iterator<Item = &Unit> {
        self.units
            .iter()
            .filter(move |u| u.owner == seat && matches!(u.location, Location::OnMap(_)))
    }
}
