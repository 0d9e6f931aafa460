//! The referee state: fighters, elements, movement decks, the turn's activation
//! order and the question now open.

use crate::catalogue::Design;
use orrery_core::{Outcome, Rng, Seat};
use orrery_table::{Heading, Point};
use serde::{Deserialize, Serialize};

/// A circular asteroid field (BS-13).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Asteroid {
    pub x: f64,
    pub y: f64,
    pub radius: f64,
}

impl Asteroid {
    pub fn center(&self) -> Point {
        Point::new(self.x, self.y)
    }
}

/// Whether a fighter is on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Not deployed yet (BS-02).
    Waiting,
    Flying,
    /// "When a fighter's Hull Integrity drops to 0, it is destroyed."
    Destroyed,
    /// BS-12: "a fighter whose centre is off the table after its move disengages:
    /// removed, scored as destroyed".
    Disengaged,
}

/// One fighter and its pilot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fighter {
    pub id: u8,
    pub seat: Seat,
    pub element: u8,
    /// Index into `BlackSkies::designs`.
    pub design: usize,
    /// Piloting Skill 1–4.
    pub skill: u8,
    pub pos: Point,
    pub heading: Heading,
    /// Hull Integrity left.
    pub hull: u8,
    pub status: Status,
    /// BS-06: jinking until the start of its next activation.
    pub jinking: bool,
    /// BS-07: the pilot failed a check this turn (later checks doubled).
    pub failed: bool,
    /// BS-08: lost control this activation and may not fire.
    pub out_of_control: bool,
}

impl Fighter {
    pub fn flying(&self) -> bool {
        self.status == Status::Flying
    }
}

/// An element: a lead and his wingman (or a lone survivor, BS-05), sharing speed and
/// card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Element {
    pub id: u8,
    pub seat: Seat,
    /// Its suit (seed: "Each element of two fighters uses its own suit").
    pub name: String,
    /// Lead first.
    pub fighters: Vec<u8>,
    /// The speed on its Tactical Display.
    pub speed: u8,
    /// The card committed face down for its next activation (secret, BS-04 (8)).
    pub card: Option<u8>,
    /// The card it revealed at its last activation.
    pub shown: Option<u8>,
    /// The index of the owner's action that committed the face-down card
    /// ([`orrery_core::Game::is_secret`]).
    pub committed_at: Option<u32>,
    /// The index of the owner's set-up action that gave it its starting speed and its
    /// place in the movement deck, while its first card is still face down: BS-02
    /// (version 2) "the order shows as they flip", so that action stays secret until
    /// the element's first card is turned over ([`orrery_core::Game::is_secret`]).
    pub readied_at: Option<u32>,
}

/// The question now open.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Phase {
    /// BS-02: `seat` places its next element.
    Deploy {
        seat: Seat,
    },
    /// BS-02 (version 2): "the starting speeds, first cards and deck order of both
    /// sides are one secret simultaneous step: nothing of one side's step is shown to
    /// the other until both have committed". Both seats at once: element by element,
    /// in the order that becomes its movement deck, a starting speed and then the
    /// first card face down.
    Ready,
    /// BS-03: `seat` arranges its elements into as many groups as the other side has
    /// elements.
    Group {
        seat: Seat,
    },
    /// BS-04 (1): the element's card is revealed; its owner picks the option.
    Maneuver {
        element: u8,
    },
    /// BS-09: `fighter` may fire weapon `weapon`; `fired` of its weapons have fired.
    Fire {
        element: u8,
        fighter: u8,
        weapon: u8,
        fired: u8,
    },
    /// BS-04 (8): the owner commits the element's next card face down.
    Card {
        element: u8,
    },
    Over,
}

impl Phase {
    /// The phase's name as views and status lines write it.
    pub fn name(&self) -> &'static str {
        match self {
            Phase::Deploy { .. } => "deploy",
            Phase::Ready => "ready",
            Phase::Group { .. } => "group",
            Phase::Maneuver { .. } => "maneuver",
            Phase::Fire { .. } => "fire",
            Phase::Card { .. } => "card",
            Phase::Over => "over",
        }
    }
}

/// The whole game. Its fields are the crate's own: nothing outside the ruleset changes a
/// game but [`orrery_core::Game::apply`] (and a look-ahead copy's `determinize`); front
/// ends read it through its views.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BlackSkies {
    pub(crate) scenario: String,
    pub(crate) width: f64,
    pub(crate) length: f64,
    /// BS-12: the game ends at the end of this turn.
    pub(crate) turns: u32,
    pub(crate) asteroids: Vec<Asteroid>,
    pub(crate) sides: [String; 2],
    pub(crate) designs: Vec<Design>,
    pub(crate) fighters: Vec<Fighter>,
    pub(crate) elements: Vec<Element>,
    /// Each seat's movement deck: its elements in activation order (BS-02). During
    /// set-up, the order the elements were readied in. Another seat learns it only as
    /// the cards flip (BS-02 version 2).
    pub(crate) decks: [Vec<u8>; 2],
    /// 0 during set-up, then 1, 2, …
    pub(crate) turn: u32,
    /// BS-03: the player who starts every turn. Seed PLAY: "Randomly determine who
    /// moves first", after set-up (BS-02 version 2: "Who moves first is drawn only
    /// after that step"): none until the last first card is down.
    pub(crate) first: Option<Seat>,
    /// This turn's groups, as sizes along each seat's deck (BS-03).
    pub(crate) groups: [Vec<u8>; 2],
    /// This turn's activation order (element ids, BS-03) and the next place in it.
    pub(crate) order: Vec<u8>,
    pub(crate) cursor: usize,
    pub(crate) phase: Phase,
    /// Actions made by each seat, for [`Element::committed_at`].
    pub(crate) actions: [u32; 2],
    pub(crate) outcome: Option<Outcome>,
    pub(crate) rng: Rng,
}

impl BlackSkies {
    pub fn fighter(&self, id: u8) -> &Fighter {
        &self.fighters[usize::from(id)]
    }

    pub fn element(&self, id: u8) -> &Element {
        &self.elements[usize::from(id)]
    }

    pub fn design_of(&self, f: &Fighter) -> &Design {
        &self.designs[f.design]
    }

    /// Hull at full strength (BS-11).
    pub fn max_hull(&self, f: &Fighter) -> u8 {
        self.design_of(f).weight.hull()
    }

    /// BS-11: "Crippled when Hull ≤ half of maximum".
    pub fn crippled(&self, f: &Fighter) -> bool {
        2 * f.hull <= self.max_hull(f)
    }

    /// The fighter's points with its pilot (BS-15).
    pub fn points(&self, f: &Fighter) -> u32 {
        self.design_of(f).points() + crate::catalogue::pilot_points(f.skill)
    }

    /// The element's fighters still flying, lead first.
    pub fn flying(&self, element: u8) -> impl Iterator<Item = &Fighter> {
        self.element(element)
            .fighters
            .iter()
            .map(|&i| self.fighter(i))
            .filter(|f| f.flying())
    }

    /// Elements of `seat` with a fighter flying, in deck order.
    pub fn live_deck(&self, seat: Seat) -> Vec<u8> {
        self.decks[seat.index()]
            .iter()
            .copied()
            .filter(|&e| self.flying(e).next().is_some())
            .collect()
    }

    /// How many elements [`BlackSkies::live_deck`] lists.
    pub fn live_count(&self, seat: Seat) -> usize {
        self.decks[seat.index()]
            .iter()
            .filter(|&&e| self.flying(e).next().is_some())
            .count()
    }

    /// Whether `seat` still has a fighter on the table (or waiting to deploy).
    pub fn has_fighters(&self, seat: Seat) -> bool {
        self.fighters
            .iter()
            .any(|f| f.seat == seat && matches!(f.status, Status::Flying | Status::Waiting))
    }

    /// The seat whose element `element` is.
    pub fn owner(&self, element: u8) -> Seat {
        self.element(element).seat
    }

    /// The seat that owes the open question.
    pub fn asked(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Deploy { seat } | Phase::Group { seat } => Some(*seat),
            Phase::Maneuver { element } | Phase::Card { element } | Phase::Fire { element, .. } => {
                Some(self.owner(*element))
            }
            Phase::Ready | Phase::Over => None,
        }
    }

    /// Elements of `seat` not yet given a starting speed and a deck place (set-up).
    pub fn unready(&self, seat: Seat) -> Vec<u8> {
        self.elements
            .iter()
            .filter(|e| e.seat == seat && !self.decks[seat.index()].contains(&e.id))
            .map(|e| e.id)
            .collect()
    }

    /// In set-up, the seat's element that has its starting speed but not yet its
    /// first card (the last one it put in its deck).
    pub fn uncarded(&self, seat: Seat) -> Option<u8> {
        if self.phase != Phase::Ready {
            return None;
        }
        self.decks[seat.index()]
            .last()
            .copied()
            .filter(|&e| self.element(e).card.is_none())
    }

    /// Whether `seat` has committed its whole set-up step: every element with a
    /// starting speed, a deck place and a first card (BS-02).
    pub fn readied(&self, seat: Seat) -> bool {
        self.unready(seat).is_empty() && self.uncarded(seat).is_none()
    }

    /// The seat's elements readied so far: starting speed and first card down.
    pub fn ready_count(&self, seat: Seat) -> usize {
        self.decks[seat.index()].len() - usize::from(self.uncarded(seat).is_some())
    }

    pub fn point(&self, p: Point) -> bool {
        p.x >= 0.0 && p.x <= self.width && p.y >= 0.0 && p.y <= self.length
    }
}
