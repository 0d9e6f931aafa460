//! Helpers for tests and benches: shipped scenarios by name, games played through
//! set-up, models put where a test needs them.

use crate::state::{Status, Step, Warfleets};
use crate::terrain::Terrain;
use crate::{Action, Scenario};
use orrery_core::{Game, Seat};
use orrery_table::{Heading, Point, Shape};

/// A shipped scenario by name.
pub fn scenario(name: &str) -> Scenario {
    orrery_core::conformance::scenario::<Warfleets>(name)
}

/// `scenario` without random terrain.
pub fn open_table(name: &str) -> Scenario {
    let mut s = scenario(name);
    s.random_terrain = false;
    s.terrain.clear();
    s
}

/// Set up with `seed` and played through markers and deployment with every seat's
/// first listed answer: round 1, first activation question.
pub fn started(scenario: &Scenario, seed: u64) -> Warfleets {
    let mut g = Warfleets::setup(scenario, seed).expect("scenario sets up");
    while g.round == 0 && g.outcome.is_none() {
        let seat = g.to_move()[0];
        let a = g.legal_actions(seat).into_iter().next().expect("an answer");
        g.apply(seat, &a).expect("listed answers are legal");
    }
    g
}

/// Put model `id` at (`x`, `y`) facing `degrees` (a multiple of 15), on the table.
pub fn place(g: &mut Warfleets, id: u8, x: f64, y: f64, degrees: i32) {
    let m = g.model_mut(id);
    m.pos = Point::new(x, y);
    m.heading = Heading::from_degrees(degrees).expect("a multiple of 15°");
    m.status = Status::OnTable;
}

/// A round piece of terrain of the kind `name` (planet, nebula, asteroid field,
/// radiation cloud), centred at (`x`, `y`) with radius `r`, with what that kind does.
pub fn piece(name: &str, x: f64, y: f64, r: f64) -> Terrain {
    Terrain {
        name: name.into(),
        shape: Shape::Circle {
            center: Point::new(x, y),
            radius: r,
        },
        blocks_los: name == "planet",
        cover: name == "nebula" || name == "asteroid field",
        difficult: name == "asteroid field",
        impassable: name == "planet",
        dangerous: name == "radiation cloud",
    }
}

/// Take every model off the table except `keep`.
pub fn only(g: &mut Warfleets, keep: &[u8]) {
    for m in &mut g.models {
        if !keep.contains(&m.id) {
            m.status = Status::Destroyed;
        }
    }
}

/// The first model of `seat` whose hull is `hull`.
pub fn find(g: &Warfleets, seat: Seat, hull: &str) -> u8 {
    g.models
        .iter()
        .find(|m| m.seat == seat && g.catalogue.hulls[m.hull].name == hull)
        .map(|m| m.id)
        .unwrap_or_else(|| panic!("no {hull} for {seat}"))
}

/// Make `model`'s activation the open question (its owner to order it).
pub fn order_now(g: &mut Warfleets, model: u8) {
    g.harms.clear();
    g.choosing = false;
    g.turn_seat = g.model(model).seat;
    g.model_mut(model).activated = true;
    g.step = Step::Order {
        model,
        rogue: false,
    };
}

/// Make `model` the one firing now (after a Move).
pub fn fire_now(g: &mut Warfleets, model: u8) {
    g.harms.clear();
    g.choosing = false;
    g.turn_seat = g.model(model).seat;
    g.model_mut(model).activated = true;
    g.step = Step::Fire {
        model,
        shots: Vec::new(),
    };
}

/// Apply for the seat to move; panics with the reason if refused.
pub fn act(g: &mut Warfleets, a: Action) -> Vec<crate::Event> {
    let seat = g.to_move()[0];
    g.apply(seat, &a)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e}"))
        .into_iter()
        .map(|l| l.event)
        .collect()
}

/// A scenario with these fleets (TOML `[[fleet]]` tables) on an open table; the
/// fleets may cost what a test needs (`asymmetric`).
pub fn custom(points: u32, fleets: &str) -> Scenario {
    let text = format!(
        "name = \"test\"\npoints = {points}\nrandom_terrain = false\nforce_org = false\nasymmetric = true\n{fleets}"
    );
    crate::scenario::parse_scenario(&text, "test.toml").unwrap_or_else(|e| panic!("{e}"))
}

/// A corvette's TOML ship lines: its hull and two systems (Pulse Engine, Repair Bay).
pub const CORVETTE: &str = "hull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]";

/// Two fleets on an open table (`custom` at 1000 points): `a` for seat 0 and `b` for
/// seat 1, each its `[[fleet.ship]]` and `[[fleet.squadron]]` tables.
pub fn fleets(a: &str, b: &str) -> Scenario {
    custom(
        1000,
        &format!("[[fleet]]\nname = \"A\"\n{a}[[fleet]]\nname = \"B\"\n{b}"),
    )
}

/// Two fleets of one ship each (any hull and upgrades), started, everything else
/// cleared: `a` is model 0 (seat 0), `b` model 1 (seat 1).
pub fn two_ships(a: &str, b: &str) -> Warfleets {
    let s = fleets(
        &format!("[[fleet.ship]]\n{a}\n"),
        &format!("[[fleet.ship]]\n{b}\n"),
    );
    let mut g = started(&s, 7);
    g.markers.clear();
    g
}

/// A corvette (`corvette`: its hull and systems lines) with a fighter squadron for
/// seat 0 (models 0 and 1) against a like corvette with a bomber squadron for seat 1
/// (models 2 and 3), started with `seed`.
pub fn fighter_against_bomber(corvette: &str, seed: u64) -> Warfleets {
    let s = fleets(
        &format!("[[fleet.ship]]\n{corvette}\n[[fleet.squadron]]\nhull = \"Fighter Squadron\"\n"),
        &format!("[[fleet.ship]]\n{corvette}\n[[fleet.squadron]]\nhull = \"Bomber Squadron\"\n"),
    );
    started(&s, seed)
}

/// Answer every upgrade choice with the first upgrade that may take damage.
pub fn settle(g: &mut Warfleets) {
    while g.choosing {
        let a = Action::Assign {
            upgrade: g.assignable()[0],
        };
        act(g, a);
    }
}

/// Total damage on a model's upgrades (ships) or its damage (squadrons).
pub fn damage_of(g: &Warfleets, id: u8) -> u32 {
    let m = g.model(id);
    m.upgrades.iter().map(|u| u32::from(u.damage)).sum::<u32>() + u32::from(m.damage)
}
