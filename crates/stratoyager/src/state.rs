//! The referee state.

use crate::action::Action;
use crate::event::{Event, Loss};
use crate::types::{Loadout, MissileKind, Obstacle, Options, Plan, UnitId, UnitType};
use orrery_core::{Logged, Outcome, Rng, Seat};
use orrery_table::{Aspect, Hour, Point, Rect};
use serde::{Deserialize, Serialize};

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "at", rename_all = "snake_case")]
pub enum Place {
    /// Not yet placed (deployment).
    Undeployed,
    Reserve,
    Table,
    /// Off the table after leaving in `left_turn`, coming back (SY-24).
    Away {
        left_turn: u32,
    },
    /// An abandoned 'yager flying on with no actions (SY-25 keep_hulks).
    Hulk,
    Lost {
        loss: Loss,
    },
}

/// A Target Lock (SY-16).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lock {
    pub target: UnitId,
    /// Turn the lock was placed; it becomes Locked at the locker's next activation.
    pub placed_turn: u32,
    pub locked: bool,
}

/// One 'yager in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    pub side: Seat,
    /// Index into `Stratoyager::roster`.
    pub kind: usize,
    /// "Guardian 151a 2".
    pub label: String,
    pub place: Place,
    pub pos: Point,
    pub course: Hour,
    pub facing: Hour,
    pub speed: u32,
    pub structure: i32,
    pub shields: u8,
    pub missiles: Loadout,
    /// This turn's Initiative Card, once revealed (and the deployment card during
    /// deployment).
    pub card: Option<u8>,
    /// Stress Greyout this turn (+2 THT on its own actions).
    pub greyout: bool,
    /// Blackout this turn: no Combat Action, no Fire at Will.
    pub blackout: bool,
    /// Evasive Maneuvers this turn (SY-10).
    pub evasive: bool,
    /// Yawed this turn (SY-08).
    pub yawed: bool,
    /// Holding a Fire at Will salvo (SY-15).
    pub fire_at_will: bool,
    /// Segment in which Fire at Will was taken (it fires only in later segments).
    pub fire_at_will_segment: u8,
    pub countermeasures: bool,
    pub lock: Option<Lock>,
}

impl Unit {
    /// A unit as it comes out of the hangar: full structure, shields at maximum and
    /// a full missile loadout ("per fully loaded", SY-02), not yet deployed.
    pub fn new(id: UnitId, side: Seat, kind: usize, label: String, card: &UnitType) -> Self {
        Unit {
            id,
            side,
            kind,
            label,
            place: Place::Undeployed,
            pos: Point::new(0.0, 0.0),
            course: Hour(0),
            facing: Hour(0),
            speed: 0,
            structure: i32::from(card.structure),
            shields: card.shields,
            missiles: card.missiles,
            card: None,
            greyout: false,
            blackout: false,
            evasive: false,
            yawed: false,
            fire_at_will: false,
            fire_at_will_segment: 0,
            countermeasures: false,
            lock: None,
        }
    }

    pub fn on_table(&self) -> bool {
        self.place == Place::Table
    }

    pub fn is_lost(&self) -> bool {
        matches!(self.place, Place::Lost { .. })
    }

    /// Misaligned: facing differs from course (SY-08).
    pub fn misaligned(&self) -> bool {
        self.facing != self.course
    }
}

/// An ejected pilot's token (SY-25).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pilot {
    pub unit: UnitId,
    pub side: Seat,
    pub at: Point,
    /// Half its unit's points.
    pub value: f64,
}

/// A locked missile following its target to the LMD phase (SY-20).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MissileMarker {
    pub parent: UnitId,
    pub target: UnitId,
    pub size: MissileKind,
    /// The target's aspect at launch.
    pub aspect: Aspect,
}

/// What a question is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AskKind {
    Deploy,
    Place,
    Enter,
    Card,
    DogfightCard,
    Maneuver,
    Yaw,
    Leave,
    FireAtWill,
    Combat,
}

/// One question to one seat about one unit, and its answer once given.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ask {
    pub seat: Seat,
    pub unit: UnitId,
    pub answer: Option<Action>,
}

/// The questions of one step. `secret`: answers stay hidden from the other side until
/// all are in (simultaneous secret commitments). Otherwise answers are public and
/// taken in list order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Batch {
    pub kind: AskKind,
    pub secret: bool,
    pub asks: Vec<Ask>,
    /// Arcade mode (SY-26): the seat that answered first.
    pub first: Option<Seat>,
}

impl Batch {
    pub fn complete(&self) -> bool {
        self.asks.iter().all(|a| a.answer.is_some())
    }

    /// The next unanswered question of `seat`, if it is that seat's turn to answer.
    pub fn next_for(&self, seat: Seat) -> Option<usize> {
        if self.secret {
            self.asks
                .iter()
                .position(|a| a.seat == seat && a.answer.is_none())
        } else {
            let i = self.asks.iter().position(|a| a.answer.is_none())?;
            (self.asks[i].seat == seat).then_some(i)
        }
    }

    /// Seats that owe an answer now.
    pub fn to_move(&self) -> Vec<Seat> {
        let mut out: Vec<Seat> = Vec::new();
        if self.secret {
            for a in &self.asks {
                if a.answer.is_none() && !out.contains(&a.seat) {
                    out.push(a.seat);
                }
            }
            out.sort();
        } else if let Some(a) = self.asks.iter().find(|a| a.answer.is_none()) {
            out.push(a.seat);
        }
        out
    }

    /// Answers of `seat` given but not yet revealed.
    pub fn unrevealed(&self, seat: Seat) -> usize {
        if !self.secret {
            return 0;
        }
        self.asks
            .iter()
            .filter(|a| a.seat == seat && a.answer.is_some())
            .count()
    }
}

/// Where the game is in its sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// FORCE SHOW: secret deployment cards (SY-22).
    DeployCards,
    /// Placing the units with deployment card `segment`.
    Placing {
        segment: u8,
    },
    /// Reserve entries before the Initiative Phase (SY-23).
    Arrivals,
    /// Secret Initiative Cards (SY-13).
    Initiative,
    /// Dogfight cards (SY-27).
    DogfightCards,
    /// Segment `segment` at `step` (SY-14).
    Segment {
        segment: u8,
        step: Step,
    },
    /// Dogfight turn: activation `index` (0 = lower card) at `step` (SY-27).
    Dogfight {
        index: u8,
        step: Step,
    },
    Over,
}

impl Phase {
    /// The phase's name as views write it (their `phase` field) and the status shows it.
    pub fn name(self) -> &'static str {
        match self {
            Phase::DeployCards => "deploy_cards",
            Phase::Placing { .. } => "placing",
            Phase::Arrivals => "arrivals",
            Phase::Initiative => "initiative",
            Phase::DogfightCards => "dogfight_cards",
            Phase::Segment { .. } => "segment",
            Phase::Dogfight { .. } => "dogfight",
            Phase::Over => "over",
        }
    }
}

/// The steps of a segment (SY-14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Maneuver,
    Yaw,
    Leave,
    FireAtWill,
    Combat,
}

/// Dogfight cards of the turn (SY-27): per seat the two drawn, and the movement card
/// chosen (revealed with the combat card).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DogfightDeal {
    pub drawn: Vec<[u8; 2]>,
    pub movement: Vec<Option<u8>>,
    /// Units in movement order once revealed (lower card first).
    pub move_order: Vec<UnitId>,
    /// Units in combat order once revealed.
    pub combat_order: Vec<UnitId>,
}

impl DogfightDeal {
    /// The card `side` keeps for combat: the one of its two it did not play for
    /// movement (SY-27); `None` before it has played one.
    pub fn combat_card(&self, side: usize) -> Option<u8> {
        let [c1, c2] = *self.drawn.get(side)?;
        let m = (*self.movement.get(side)?)?;
        Some(if c1 == m { c2 } else { c1 })
    }
}

/// The whole game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Stratoyager {
    pub(crate) scenario: String,
    pub(crate) table: Rect,
    pub(crate) roster: Vec<UnitType>,
    pub(crate) obstacles: Vec<Obstacle>,
    pub(crate) options: Options,
    pub(crate) side_names: Vec<String>,
    pub(crate) units: Vec<Unit>,
    pub(crate) pilots: Vec<Pilot>,
    pub(crate) missiles: Vec<MissileMarker>,
    pub(crate) turn: u32,
    /// The last turn: `options.turns`, or one more after a 4+ (SY-28).
    pub(crate) last_turn: u32,
    pub(crate) extra_turn_rolled: bool,
    pub(crate) phase: Phase,
    /// Side with priority this turn (SY-13).
    pub(crate) priority: Seat,
    /// Number of Initiative Cards this turn.
    pub(crate) cards: u8,
    pub(crate) batch: Option<Batch>,
    pub(crate) dogfight: Option<DogfightDeal>,
    /// Units acting in the current segment or dogfight activation, priority first.
    pub(crate) current: Vec<UnitId>,
    /// Movement Action orders flown in the current activation (for hull stress after
    /// the yaw step).
    pub(crate) flown: Vec<(UnitId, Plan)>,
    /// Reserves that rolled their arrival this turn and still have to enter.
    pub(crate) arrivals: Vec<UnitId>,
    /// Arcade mode (SY-26): the side that submitted its Movement orders first in this
    /// segment; it has priority and fires first.
    pub(crate) arcade_first: Option<Seat>,
    /// Per side: whole turns in a row with no unit of its on the table (SY-28).
    pub(crate) absent_turns: Vec<u32>,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) rng: Rng,
}

impl Stratoyager {
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id.index()]
    }

    pub fn unit_mut(&mut self, id: UnitId) -> &mut Unit {
        &mut self.units[id.index()]
    }

    /// The parameter card of a unit.
    pub fn card_of(&self, id: UnitId) -> &UnitType {
        &self.roster[self.units[id.index()].kind]
    }

    /// Units on the table of `side`.
    pub fn active(&self, side: Seat) -> impl Iterator<Item = &Unit> {
        self.units
            .iter()
            .filter(move |u| u.side == side && u.on_table())
    }

    /// The other side.
    pub fn enemy(side: Seat) -> Seat {
        Seat(1 - side.0.min(1))
    }
}

/// The events of one action, each with its audience.
pub type Log = Vec<Logged<Event>>;

/// Log a public event.
pub fn say(log: &mut Log, e: Event) {
    log.push(Logged::public(e));
}

impl Stratoyager {
    /// Put a unit on the table at `at`, course and facing `course` ("facing =
    /// course" when placed, entering or returning: SY-22, SY-23, SY-24).
    pub fn put_on_table(&mut self, id: UnitId, at: Point, course: Hour, speed: u32) {
        let u = &mut self.units[id.index()];
        u.place = Place::Table;
        u.pos = at;
        u.course = course;
        u.facing = course;
        u.speed = speed;
    }

    /// Take a unit out of play for good: it stops acting, locks on it and by it end.
    /// Pilots already ejected stay (SY-25).
    pub fn lose(&mut self, id: UnitId, loss: Loss, log: &mut Log) {
        if self.units[id.index()].is_lost() {
            return;
        }
        let u = &mut self.units[id.index()];
        u.place = Place::Lost { loss };
        u.lock = None;
        u.fire_at_will = false;
        for other in &mut self.units {
            if other.lock.is_some_and(|l| l.target == id) {
                other.lock = None;
            }
        }
        say(log, Event::UnitLost { unit: id, loss });
    }

    /// Lose `n` Structure that shields do not absorb (hull stress, SY-09): exactly 0
    /// = wrecked, below 0 = destroyed (SY-19).
    pub fn structure_hit(&mut self, id: UnitId, n: i32, log: &mut Log) {
        let u = &mut self.units[id.index()];
        u.structure -= n;
        let s = u.structure;
        if s == 0 {
            self.lose(id, Loss::Wrecked, log);
        } else if s < 0 {
            self.lose(id, Loss::Destroyed, log);
        }
    }
}
