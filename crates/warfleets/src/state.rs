//! The referee state: models, markers, mines, terrain, the round, and the question
//! now open.

use crate::catalogue::{Ability, Catalogue, Class, Hull, System};
use crate::fleet::Mount;
use crate::terrain::Terrain;
use orrery_core::{Outcome, Rng, Seat};
use orrery_table::{Heading, Point};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Where a model is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "is")]
pub enum Status {
    /// Not deployed yet (FB-20).
    Waiting,
    /// Tactical Master: held back, deploys at the start of a later round (FB-19).
    Held,
    /// Elite Carrier: set aside aboard ship `carrier` (FB-19).
    Aboard {
        carrier: u8,
    },
    OnTable,
    /// Flew off the table; returns at the end of the round (FB-10).
    Away,
    Destroyed,
    /// Failed a morale test, or a squadron whose ships are all gone (FB-18).
    Surrendered,
}

/// What an upgrade is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum UpgradeKind {
    System {
        system: System,
    },
    /// Index into the catalogue's weapons, and its side.
    Weapon {
        weapon: usize,
        mount: Mount,
    },
}

/// An upgrade and the damage it carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Upgrade {
    pub kind: UpgradeKind,
    pub damage: u8,
}

impl Upgrade {
    /// FB-15: "an upgrade … disabled (2 damage; Armored Plating 4)".
    pub fn limit(&self) -> u8 {
        match self.kind {
            UpgradeKind::System { system } => system.limit(),
            UpgradeKind::Weapon { .. } => 2,
        }
    }
    pub fn works(&self) -> bool {
        self.damage < self.limit()
    }
}

/// The action a model took this round (seat "Czekanie / Ruch / Przelot / Taranowanie").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Took {
    Hold,
    Move,
    Cruise,
    Ram,
}

/// A ship or squadron on (or off) the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Model {
    pub id: u8,
    pub seat: Seat,
    /// Index into the catalogue's hulls.
    pub hull: usize,
    /// Shared between copies of the game (written as a string).
    pub name: Arc<str>,
    pub pos: Point,
    pub heading: Heading,
    pub status: Status,
    /// Ships: the upgrades; squadrons: none.
    pub upgrades: Vec<Upgrade>,
    pub hero: Option<Ability>,
    pub title: Option<Ability>,
    /// Squadrons: damage taken ("destroyed after taking 2 damage").
    pub damage: u8,
    /// FB-16 boarding markers.
    pub boarding: u8,
    /// FB-17 mission markers carried.
    pub markers: u8,
    pub activated: bool,
    /// This round's action.
    pub took: Option<Took>,
    /// "Sitting duck: … until that ship moves again."
    pub sitting_duck: bool,
    /// Fragile: took damage this round.
    pub hurt_this_round: bool,
    /// FB-10: where it left the table.
    pub exit: Option<Point>,
    /// Elite Carrier: its launch is spent.
    pub launched: bool,
    /// Rogue: skipped in the squadron phase, may activate later this round (FB-11).
    pub deferred: bool,
    /// Points paid (hull, hero, title).
    pub points: u32,
}

impl Model {
    pub fn on_table(&self) -> bool {
        self.status == Status::OnTable
    }
    /// In play: on the table, off it to return, or not deployed yet (FB-18's
    /// "remaining").
    pub fn remaining(&self) -> bool {
        matches!(
            self.status,
            Status::OnTable | Status::Away | Status::Waiting | Status::Held | Status::Aboard { .. }
        )
    }
    pub fn has_system(&self, s: System) -> bool {
        self.upgrades
            .iter()
            .any(|u| u.kind == UpgradeKind::System { system: s })
    }
    /// A working system of this kind.
    pub fn system_works(&self, s: System) -> bool {
        self.upgrades
            .iter()
            .any(|u| u.kind == UpgradeKind::System { system: s } && u.works())
    }
    pub fn working_upgrades(&self) -> u8 {
        self.upgrades.iter().filter(|u| u.works()).count() as u8
    }
    pub fn is(&self, a: Ability) -> bool {
        self.hero == Some(a) || self.title == Some(a)
    }
}

/// A mine of an Expert Sapper (FB-19).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mine {
    pub seat: Seat,
    pub pos: Point,
}

/// The question now open (besides an `Assign`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Step {
    /// FB-17: `seat` places a mission marker; `left` still to place.
    Marker {
        seat: Seat,
        left: u8,
    },
    /// FB-20: the roll-off winner picks a long edge.
    Edge {
        seat: Seat,
    },
    /// FB-20: `seat` deploys a ship (then, when ships are done, a squadron).
    Deploy {
        seat: Seat,
        squadrons: bool,
    },
    /// FB-20: the ship just placed picks its heading.
    Face {
        model: u8,
    },
    /// FB-19 Vanguard: the ship just deployed may move straight ahead.
    Vanguard {
        model: u8,
    },
    /// FB-19 Tactical Master: at the start of the round `seat` may deploy it.
    Reserve {
        model: u8,
    },
    /// FB-11: `seat` picks the next model to activate in the phase of `class`.
    Activate {
        class: Class,
        seat: Seat,
    },
    /// FB-19 Expert Sapper: may place a mine at the start of the activation.
    Mine {
        model: u8,
    },
    /// FB-19 Elite Carrier: may launch its squadrons at the start of the activation.
    Launch {
        model: u8,
    },
    /// Placing launched squadron `squadron` within 2" of the carrier.
    Place {
        model: u8,
        squadron: u8,
    },
    /// The activated model's action; `rogue`: a Rogue squadron out of its phase
    /// (FB-11: "Hold with shooting only, or Move/Cruise with no shooting").
    Order {
        model: u8,
        rogue: bool,
    },
    /// FB-12: the model fires its guns one at a time.
    Fire {
        model: u8,
        shots: Vec<Shot>,
    },
    /// After activating: Repair Bay, Tractor Beam, Avenger (FB-15, FB-19).
    /// `reach`: Avenger's rolled D3+1" (0 for others).
    After {
        model: u8,
        used: Vec<AfterUse>,
        reach: f64,
    },
    /// FB-19: the launched squadrons (`Warfleets::launching`) may activate at once.
    Launched,
    /// FB-10: `model`'s owner puts it back on the table edge.
    Return {
        model: u8,
    },
    Over,
}

impl Step {
    /// The phase's name as views and status lines write it.
    pub fn name(&self) -> &'static str {
        match self {
            Step::Marker { .. } => "markers",
            Step::Edge { .. } | Step::Deploy { .. } | Step::Vanguard { .. } => "deployment",
            Step::Face { .. } => "deployment",
            Step::Reserve { .. } => "round_start",
            Step::Activate { .. }
            | Step::Mine { .. }
            | Step::Launch { .. }
            | Step::Place { .. }
            | Step::Order { .. }
            | Step::Fire { .. }
            | Step::After { .. }
            | Step::Launched => "activation",
            Step::Return { .. } => "round_end",
            Step::Over => "over",
        }
    }
}

/// A shot already fired this activation: the gun and its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shot {
    pub gun: crate::catalogue::GunRef,
    pub target: u8,
    /// Broadside: the flank it fired into (`true` = port).
    pub port: Option<bool>,
}

/// After-activation abilities already used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AfterUse {
    Repair,
    Tractor,
    Avenger,
}

/// Damage waiting to be assigned (FB-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Harm {
    pub model: u8,
    pub points: u8,
    /// Sniper: the seat that picks the upgrade.
    pub chooser: Option<Seat>,
    /// Fragile and Shield Booster already applied.
    pub settled: bool,
    /// The upgrade chosen for this damage, which takes it until it stops working.
    #[serde(default)]
    pub on: Option<u8>,
}

/// FB-08: "Squadrons overlapped at the end of any ship move or push are placed by
/// their owners (the non-moving player first) anywhere within 1" of that ship
/// without overlap." One squadron still to place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Displaced {
    pub squadron: u8,
    /// The ship that ended on it.
    pub ship: u8,
    /// The player whose move or push it was (his squadrons are placed last).
    pub mover: Seat,
}

/// FB-15: "Repair Bay … and Defiant … remove damage from upgrades of the owner's
/// choice": `points` still to remove from `ship`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mend {
    pub ship: u8,
    pub points: u8,
}

/// The long table edge a player deploys from (FB-20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Edge {
    /// y = 0.
    South,
    /// y = table height.
    North,
}

/// Data that copies of a game share ([`Arc`]) until one of them changes it
/// ([`Arc::make_mut`]): written, read and compared as the value itself.
#[derive(Clone, Default)]
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Self {
        Shared(Arc::new(value))
    }
}

impl<T> std::ops::Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> std::ops::DerefMut for Shared<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<T: PartialEq> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(Shared::new)
    }
}

/// The whole game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Warfleets {
    pub(crate) scenario: String,
    pub(crate) width: f64,
    pub(crate) height: f64,
    /// "The game ends after 4 rounds."
    pub(crate) rounds: u8,
    /// Shared between copies (search agents copy the game thousands of times); a
    /// change to one copy's catalogue copies it first.
    pub(crate) catalogue: Shared<Catalogue>,
    pub(crate) terrain: Vec<Terrain>,
    pub(crate) sides: [String; 2],
    pub(crate) models: Vec<Model>,
    /// Mission markers lying on the table (FB-17).
    pub(crate) markers: Vec<Point>,
    pub(crate) mines: Vec<Mine>,
    /// 0 during set-up, then 1–4.
    pub(crate) round: u8,
    /// The deployment roll-off winner (FB-20), who starts round 1.
    pub(crate) roll_winner: Seat,
    /// This round's first player (FB-11).
    pub(crate) first: Seat,
    /// Each seat's deployment edge.
    pub(crate) edges: [Edge; 2],
    /// Ships each fleet started with (FB-18).
    pub(crate) started_ships: [u8; 2],
    pub(crate) step: Step,
    /// The phase now being played.
    pub(crate) phase: Class,
    /// The seat whose activation is under way (the other one goes next).
    pub(crate) turn_seat: Seat,
    /// Squadrons just launched by an Elite Carrier, still to activate (FB-19).
    pub(crate) launching: Vec<u8>,
    /// Damage waiting to be assigned, in order.
    pub(crate) harms: Vec<Harm>,
    /// The upgrade choice now open: the harm at the front needs the owner (or the
    /// sniper) to pick which upgrade takes the next damage.
    pub(crate) choosing: bool,
    /// Repairs whose upgrades the owner picks, in order; the first is asked before
    /// anything else ([`Warfleets::settle_mends`]).
    #[serde(default)]
    pub(crate) mends: Vec<Mend>,
    /// Squadrons a ship ended on, to be placed by their owners, in order (the
    /// non-moving player's first); asked after damage is assigned.
    #[serde(default)]
    pub(crate) displaced: Vec<Displaced>,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) rng: Rng,
}

impl Warfleets {
    pub fn model(&self, id: u8) -> &Model {
        &self.models[usize::from(id)]
    }
    pub fn model_mut(&mut self, id: u8) -> &mut Model {
        &mut self.models[usize::from(id)]
    }
    pub fn hull(&self, id: u8) -> &Hull {
        &self.catalogue.hulls[self.model(id).hull]
    }
    pub fn class(&self, id: u8) -> Class {
        self.hull(id).class
    }
    pub fn is_squadron(&self, id: u8) -> bool {
        self.class(id) == Class::Squadron
    }
    pub fn radius(&self, id: u8) -> f64 {
        self.class(id).radius()
    }
    /// FB-04: "centre distance − both radii (minimum 0)".
    pub fn gap(&self, a: u8, b: u8) -> f64 {
        (self.model(a).pos.dist(self.model(b).pos) - self.radius(a) - self.radius(b)).max(0.0)
    }
    /// Models on the table.
    pub fn on_table(&self) -> impl Iterator<Item = &Model> {
        self.models.iter().filter(|m| m.on_table())
    }
    /// The other seat.
    pub fn other(seat: Seat) -> Seat {
        Seat(1 - seat.0)
    }
    /// FB-07: a squadron within 2" of an enemy squadron is engaged with it.
    pub fn engaged_with(&self, id: u8) -> Vec<u8> {
        if !self.is_squadron(id) || !self.model(id).on_table() {
            return Vec::new();
        }
        let seat = self.model(id).seat;
        self.on_table()
            .filter(|o| {
                o.seat != seat && self.is_squadron(o.id) && self.gap(id, o.id) <= 2.0 + 1e-9
            })
            .map(|o| o.id)
            .collect()
    }
    /// Whether [`Self::engaged_with`] is not empty.
    pub fn is_engaged(&self, id: u8) -> bool {
        if !self.is_squadron(id) || !self.model(id).on_table() {
            return false;
        }
        let seat = self.model(id).seat;
        self.on_table()
            .any(|o| o.seat != seat && self.is_squadron(o.id) && self.gap(id, o.id) <= 2.0 + 1e-9)
    }
    /// Move and Cruise speeds, with Pulse Engine ("+2" Move and +3" Cruise/Ram").
    pub fn speeds(&self, id: u8) -> (f64, f64) {
        let h = self.hull(id);
        if self.model(id).system_works(System::PulseEngine) {
            (h.move_speed + 2.0, h.cruise + 3.0)
        } else {
            (h.move_speed, h.cruise)
        }
    }
}
