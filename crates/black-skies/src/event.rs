//! What happened, for logs and replays.

use crate::action::Wing;
use orrery_core::{Outcome, Seat};
use orrery_table::{Heading, Point};
use serde::Serialize;

/// One die rolled for a check.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CheckRoll {
    pub fighter: u8,
    /// `piloting` (BS-07) or `dodge` (BS-13).
    pub what: &'static str,
    pub difficulty: i32,
    pub modifier: i32,
    /// The d10, or none when the check passed without a roll.
    pub roll: Option<u32>,
    pub passed: bool,
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Deployed {
        element: u8,
        seat: Seat,
        at: Point,
        heading: Heading,
        wing: Option<Wing>,
    },
    /// A seat readied one more element: its starting speed and first card are down
    /// (which element, at what speed and with which card stays secret, BS-02).
    Readied {
        seat: Seat,
        count: usize,
    },
    /// Seen by the owner only: the starting speed it set (BS-02); the element is next
    /// in its movement deck.
    SpeedSet {
        element: u8,
        speed: u8,
    },
    /// Seen by the owner only: the card it put face down.
    Committed {
        element: u8,
        card: u8,
    },
    /// Both seats have committed their set-up step (BS-02 version 2): the speeds are
    /// on the Tactical Displays; the first cards stay face down and the deck order
    /// shows as they flip.
    SetUp {
        speeds: Vec<(u8, u8)>,
    },
    /// Seed PLAY: "Randomly determine who moves first" — drawn after set-up; `roll`
    /// is the d2 (1: side A, 2: side B). That player starts every turn (BS-03).
    First {
        seat: Seat,
        roll: u32,
    },
    /// BS-02: "random first placer" — drawn at set-up; `roll` is the d2 (1: side A,
    /// 2: side B). Sides then alternate placing whole elements.
    Placer {
        seat: Seat,
        roll: u32,
    },
    TurnBegins {
        turn: u32,
        groups: [Vec<u8>; 2],
    },
    Grouped {
        seat: Seat,
        sizes: Vec<u8>,
    },
    /// The element's card turned face up.
    Revealed {
        element: u8,
        card: u8,
    },
    Maneuver {
        element: u8,
        name: &'static str,
        /// Speed before, after the penalty, and flown.
        speeds: (u8, u8, u8),
    },
    Check(CheckRoll),
    /// BS-08: a pilot failed; the element flies `flown` instead.
    LostControl {
        element: u8,
        flown: &'static str,
    },
    Flew {
        fighter: u8,
        path: Vec<Point>,
        heading: Heading,
    },
    /// BS-05: backed out of another fighter's base.
    Backed {
        fighter: u8,
        to: Point,
    },
    /// BS-05: the wingman closed up to 6".
    Closed {
        fighter: u8,
        to: Point,
    },
    /// BS-13: failed to dodge an asteroid field.
    AsteroidHit {
        fighter: u8,
        roll: u32,
        damage: u8,
        hull: u8,
    },
    /// BS-09: one weapon's shot.
    Shot {
        fighter: u8,
        weapon: String,
        target: u8,
        accuracy: i32,
        rolls: Vec<u32>,
        /// (die sides, roll, damage after armour) per hit.
        damage: Vec<(u8, u32, u8)>,
        hull: u8,
    },
    Crippled {
        fighter: u8,
    },
    Destroyed {
        fighter: u8,
    },
    Disengaged {
        fighter: u8,
    },
    /// The card a destroyed element had face down, turned over as it leaves.
    Discarded {
        element: u8,
        card: u8,
    },
    /// A card committed face down for the element's next activation.
    CardDown {
        element: u8,
    },
    GameOver {
        outcome: Outcome,
    },
}
