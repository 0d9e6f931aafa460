//! Helpers: hand-built scenarios and positions, applying answers, reading events.

#![allow(dead_code)]

use crate::action::{Action, CombatOrder};
use crate::data::default_roster;
use crate::event::Event;
use crate::state::{AskKind, Log, Phase, Step, Stratoyager};
use crate::types::{Driver, DriverGroup, Force, Maneuver, Options, Plan, Scenario, UnitId};
use orrery_core::{Game, Logged, Seat};
use orrery_table::Rect;

pub use crate::testkit::{add, events, game, A, B, BLACKBUCK, EVO, GUARDIAN, VULTURE};

/// A 24×36 scenario with these forces (roster names).
pub fn scenario(a: &[&str], b: &[&str]) -> Scenario {
    let force = |name: &str, units: &[&str]| Force {
        name: name.into(),
        units: units.iter().map(|s| s.to_string()).collect(),
    };
    Scenario {
        name: "test".into(),
        description: String::new(),
        table: Rect::new(24.0, 36.0),
        points: None,
        roster: default_roster(),
        forces: vec![force("A", a), force("B", b)],
        obstacles: vec![],
        options: Options::default(),
    }
}

pub const G: &str = "Guardian 151a";
pub const V: &str = "Vulture Mk IV";
pub const BB: &str = "Blackbuck Mk II";
pub const E: &str = "Evo 6.2";

/// Apply a legal answer; its events.
pub fn ok(g: &mut Stratoyager, seat: Seat, a: Action) -> Vec<Event> {
    let log = g
        .apply(seat, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {seat:?} at {:?}: {e}", g.progress()));
    log.into_iter().map(|l| l.event).collect()
}

/// Apply and keep the audiences.
pub fn ok_logged(g: &mut Stratoyager, seat: Seat, a: Action) -> Vec<Logged<Event>> {
    g.apply(seat, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {seat:?}: {e}"))
}

/// The error message of an illegal answer.
pub fn err(g: &mut Stratoyager, seat: Seat, a: Action) -> String {
    let before = serde_json::to_string(&*g).unwrap();
    let e = g.apply(seat, &a).expect_err("must be refused").to_string();
    assert_eq!(
        before,
        serde_json::to_string(&*g).unwrap(),
        "refusal changed the state"
    );
    e
}

/// Give the timeout default for whoever owes an answer, until `stop` holds or the
/// game ends. All events.
pub fn defaults_until(g: &mut Stratoyager, stop: impl Fn(&Stratoyager) -> bool) -> Vec<Event> {
    let mut out = Vec::new();
    for _ in 0..10_000 {
        if g.is_terminal() || stop(g) {
            return out;
        }
        let seat = g.to_move()[0];
        let a = g.default_action(seat).expect("a default");
        out.extend(ok(g, seat, a));
    }
    panic!("did not settle");
}

/// Is the current question of this kind?
pub fn asking(g: &Stratoyager, kind: AskKind) -> bool {
    g.batch.as_ref().is_some_and(|b| b.kind == kind)
}

/// Units asked by the current question.
pub fn asked(g: &Stratoyager) -> Vec<UnitId> {
    g.batch
        .as_ref()
        .map(|b| b.asks.iter().map(|a| a.unit).collect())
        .unwrap_or_default()
}

/// Give the units these Initiative Cards and start segment 1 of a turn with `cards`
/// cards: the Movement Action question is asked.
pub fn start_segments(g: &mut Stratoyager, cards: &[(UnitId, u8)]) -> Log {
    for &(u, c) in cards {
        g.unit_mut(u).card = Some(c);
    }
    g.cards = cards.iter().map(|c| c.1).max().unwrap_or(0);
    g.phase = Phase::Segment {
        segment: 1,
        step: Step::Maneuver,
    };
    g.batch = None;
    let mut log = Log::new();
    g.advance(&mut log);
    log
}

/// Start the next turn from the end of this one (the turn's last segment is over).
pub fn end_turn_now(g: &mut Stratoyager) -> Log {
    g.phase = Phase::Segment {
        segment: g.cards + 1,
        step: Step::Maneuver,
    };
    g.batch = None;
    let mut log = Log::new();
    g.advance(&mut log);
    log
}

pub fn plan(first: Maneuver, second: Maneuver) -> Action {
    Action::Maneuver(Plan {
        first,
        second,
        evasive: false,
    })
}

pub fn m(driver: Driver, thrust: u8) -> Maneuver {
    Maneuver::new(driver, thrust)
}

pub fn drift() -> Action {
    Action::Maneuver(Plan::drift())
}

pub fn zero(group: DriverGroup) -> Maneuver {
    Maneuver::zero(group)
}

pub fn no_yaw() -> Action {
    Action::Yaw { facing: None }
}

pub fn hold() -> Action {
    Action::Combat(CombatOrder::Hold)
}

pub fn salvo(target: UnitId) -> Action {
    Action::Combat(CombatOrder::Salvo { target })
}

pub fn card(card: u8) -> Action {
    Action::Card { card }
}

/// Positions of events of one shape in a list.
pub fn position(ev: &[Event], f: impl Fn(&Event) -> bool) -> Option<usize> {
    ev.iter().position(f)
}

pub fn moved(ev: &[Event]) -> Vec<UnitId> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Moved { unit, .. } => Some(*unit),
            _ => None,
        })
        .collect()
}

pub fn attackers(ev: &[Event]) -> Vec<UnitId> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Attack(a) => Some(a.attacker),
            _ => None,
        })
        .collect()
}

/// The events of a log that `viewer` may see.
pub fn seen_by(log: &[Logged<Event>], viewer: Option<Seat>) -> Vec<Event> {
    log.iter()
        .filter(|l| l.visible_to(viewer))
        .map(|l| l.event.clone())
        .collect()
}
