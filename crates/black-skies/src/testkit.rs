//! Helpers for tests and benches: shipped scenarios by name, games played through
//! set-up, and fighters put where a test needs them.

use crate::event::Event;
use crate::state::{BlackSkies, Phase, Status};
use crate::{Action, Scenario};
use orrery_core::{Game, Logged, Seat};
use orrery_table::{Heading, Point};

/// A shipped scenario by name.
pub fn scenario(name: &str) -> Scenario {
    orrery_core::conformance::scenario::<BlackSkies>(name)
}

/// `scenario` set up with `seed` and played through deployment and set-up with
/// every seat's default answers: turn 1, first question.
pub fn started(scenario: &Scenario, seed: u64) -> BlackSkies {
    let mut g = BlackSkies::setup(scenario, seed).expect("scenario sets up");
    while g.turn == 0 && g.outcome.is_none() {
        let seat = g.to_move()[0];
        let a = g.default_action(seat).expect("an answer");
        g.apply(seat, &a).expect("default answers are legal");
    }
    g
}

/// Put fighter `id` at (`x`, `y`) heading `degrees` (a multiple of 15), flying.
pub fn place(g: &mut BlackSkies, id: u8, x: f64, y: f64, degrees: i32) {
    let f = &mut g.fighters[usize::from(id)];
    f.pos = Point::new(x, y);
    f.heading = Heading::from_degrees(degrees).expect("a multiple of 15°");
    f.status = Status::Flying;
}

/// Activate `element` now with `card` face up (its option `option` if it has
/// several): everything up to its owner's first question after moving. Returns the
/// events.
pub fn fly_card(g: &mut BlackSkies, element: u8, card: u8, option: u8) -> Vec<Event> {
    let mut log: Vec<Logged<Event>> = Vec::new();
    let seat = g.owner(element);
    g.elements[usize::from(element)].card = Some(card);
    g.elements[usize::from(element)].committed_at = None;
    g.order = vec![element];
    g.cursor = 0;
    g.next_activation(&mut log);
    if let Phase::Maneuver { .. } = g.phase {
        let events = g
            .apply(seat, &Action::Maneuver { option })
            .expect("the option is legal");
        log.extend(events);
    }
    log.into_iter().map(|l| l.event).collect()
}

/// The seat that owns fighter `id`.
pub fn seat_of(g: &BlackSkies, id: u8) -> Seat {
    g.fighter(id).seat
}
