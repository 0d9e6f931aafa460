//! Small hand-made positions for tests and worked examples: the built-in roster (the
//! SY-02 cards), an empty table, units put exactly where a test wants them.

use crate::state::{Log, Phase, Place, Step, Stratoyager, Unit};
use crate::types::{Options, UnitId};
use crate::Event;
use orrery_core::{Rng, Seat};
use orrery_table::{Hour, Point, Rect};

/// Roster indices of the built-in cards.
pub const GUARDIAN: usize = 0;
pub const VULTURE: usize = 1;
pub const BLACKBUCK: usize = 2;
pub const EVO: usize = 3;
/// Side A (south edge) and side B (north edge).
pub const A: Seat = Seat(0);
pub const B: Seat = Seat(1);

/// An empty 24×36 table in turn 1, segment 1's combat step, with no question asked.
pub fn game() -> Stratoyager {
    Stratoyager {
        scenario: "test".into(),
        table: Rect::new(24.0, 36.0),
        roster: crate::data::default_roster(),
        obstacles: vec![],
        options: Options::default(),
        side_names: vec!["A".into(), "B".into()],
        units: vec![],
        pilots: vec![],
        missiles: vec![],
        turn: 1,
        last_turn: 6,
        extra_turn_rolled: false,
        phase: Phase::Segment {
            segment: 1,
            step: Step::Combat,
        },
        priority: A,
        cards: 1,
        batch: None,
        dogfight: None,
        current: vec![],
        flown: vec![],
        arrivals: vec![],
        arcade_first: None,
        absent_turns: vec![0, 0],
        outcome: None,
        rng: Rng::seed_from(1),
    }
}

/// Put a unit of roster `kind` on the table at (x, y), course and facing `h`.
pub fn add(
    g: &mut Stratoyager,
    kind: usize,
    side: Seat,
    x: f64,
    y: f64,
    h: u8,
    speed: u32,
) -> UnitId {
    let id = UnitId(g.units.len() as u8);
    let card = &g.roster[kind];
    let mut u = Unit::new(id, side, kind, format!("{} {}", card.name, id.0), card);
    u.place = Place::Table;
    u.pos = Point::new(x, y);
    u.course = Hour(h % 12);
    u.facing = Hour(h % 12);
    u.speed = speed;
    g.units.push(u);
    id
}

/// The events of a log, audiences dropped.
pub fn events(log: &Log) -> Vec<Event> {
    log.iter().map(|l| l.event.clone()).collect()
}
