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

/// Ask `batch` now (the open questions, for tests outside the crate that cannot reach
/// the state's fields).
pub fn ask(g: &mut Stratoyager, batch: crate::state::Batch) {
    g.batch = Some(batch);
}

/// The events of a log, audiences dropped.
pub fn events(log: &Log) -> Vec<Event> {
    log.iter().map(|l| l.event.clone()).collect()
}

/// The built-in scenario `name`.
pub fn scenario(name: &str) -> crate::types::Scenario {
    orrery_core::conformance::scenario::<Stratoyager>(name)
}

/// The dogfight scenario (seed 5) at the Guardian's first Movement Action question,
/// reached through quick orders: Guardian (A) placed at (12, 1) course 12 speed 5,
/// Blackbuck (B) at (12, 23) course 6 speed 4.
pub fn dogfight_at_first_maneuver() -> Stratoyager {
    use crate::quick::parse_order;
    use crate::render::asked_unit;
    use crate::state::AskKind;
    use orrery_core::Game;
    let mut g = match Stratoyager::setup(&scenario("dogfight"), 5) {
        Ok(g) => g,
        Err(e) => panic!("dogfight does not set up: {e}"),
    };
    for _ in 0..40 {
        let seat = g.to_move()[0];
        let Some((kind, unit, _)) = asked_unit(&g, seat) else {
            panic!("seat {seat} is to move but has no question");
        };
        let text = match (kind, seat.0) {
            (AskKind::Maneuver, _) if unit == UnitId(0) => return g,
            (AskKind::Maneuver, _) => "drift",
            (AskKind::Yaw, _) => "no yaw",
            (AskKind::Place, 0) => "place 12 1 course 0 speed 5",
            (AskKind::Place, _) => "place 12 23 course 6 speed 4",
            (AskKind::Deploy, _) => "card 1",
            _ => "",
        };
        let action = if text.is_empty() {
            g.legal_actions(seat)[0].clone()
        } else {
            match parse_order(&g, seat, text) {
                Ok(mut v) => v.remove(0),
                Err(e) => panic!("`{text}`: {e}"),
            }
        };
        if let Err(e) = g.apply(seat, &action) {
            panic!("{e}");
        }
    }
    panic!("no Movement Action question for the Guardian");
}
