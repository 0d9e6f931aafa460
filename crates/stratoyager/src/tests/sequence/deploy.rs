//! SY-22 deployment: FORCE SHOW cards, reserves, placing order and zone.

use super::common::*;
use crate::action::Action;
use crate::event::Event;
use crate::state::{AskKind, Place, Stratoyager};
use crate::types::UnitId;
use orrery_core::Game;

fn deploy(card: Option<u8>) -> Action {
    Action::Deploy { card }
}

fn place(x: i32, y: i32, course: u8, speed: u8) -> Action {
    Action::Place {
        x,
        y,
        course,
        speed,
    }
}

fn priority(ev: &[Event]) -> Option<(orrery_core::Seat, String, Vec<u8>)> {
    ev.iter().find_map(|e| match e {
        Event::Priority { seat, why, rolls } => Some((*seat, why.clone(), rolls.clone())),
        _ => None,
    })
}

/// SY-22: FORCE SHOW cards are committed face down and revealed together; a unit may
/// go to reserve instead; "Side with LOWER total Sensors starts setting up as first in
/// corresponding Initiative segments"; a side skips segments it has no card for.
#[test]
fn sy22_force_show_secret_then_revealed_reserve_and_lower_sensors_place_first() {
    // A: Guardian + Vulture (Sensors 1 + 2); B: two Evos (Sensors 0).
    let mut g = Stratoyager::setup(&scenario(&[G, V], &[E, E]), 1).unwrap();
    assert!(asking(&g, AskKind::Deploy) && g.batch.as_ref().unwrap().secret);
    assert_eq!((g.cards, g.to_move()), (2, vec![A, B]));
    assert_eq!(
        g.legal_actions(A),
        vec![deploy(None), deploy(Some(1)), deploy(Some(2))]
    );
    let log = ok_logged(&mut g, A, deploy(Some(1)));
    let seen: Vec<Event> = log
        .iter()
        .filter(|l| l.visible_to(Some(B)))
        .map(|l| l.event.clone())
        .collect();
    assert_eq!(
        seen,
        vec![Event::Committed {
            seat: A,
            unit: Some(UnitId(0))
        }]
    );
    let vb = g.view(Some(B)).batch.unwrap();
    assert!(vb.asks[0].answered && vb.asks[0].answer.is_none());
    assert_eq!(g.unit(UnitId(0)).card, None, "not revealed yet");
    assert_eq!(g.legal_actions(A), vec![deploy(None), deploy(Some(2))]);
    ok(&mut g, A, deploy(Some(2)));
    let ev = ok(&mut g, B, deploy(Some(2)));
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::DeploymentRevealed { .. })));
    let ev = ok(&mut g, B, deploy(None));
    assert!(ev.contains(&Event::DeploymentRevealed {
        cards: vec![
            (UnitId(0), Some(1)),
            (UnitId(1), Some(2)),
            (UnitId(2), Some(2)),
            (UnitId(3), None)
        ]
    }));
    assert_eq!(g.unit(UnitId(3)).place, Place::Reserve);
    // Priority counts the units entering now: 3 against 0 (the reserve Evo is out).
    let (seat, why, rolls) = priority(&ev).unwrap();
    assert_eq!((seat, rolls), (B, vec![]));
    assert!(why.contains("lower total Sensors (3 vs 0)"), "{why}");
    // Card 1: only A's Guardian (B holds no 1).
    assert!(asking(&g, AskKind::Place));
    assert_eq!((asked(&g), g.to_move()), (vec![UnitId(0)], vec![A]));
    let ev = ok(&mut g, A, place(1, 0, 0, 0));
    assert!(matches!(
        ev[0],
        Event::Placed {
            unit: UnitId(0),
            ..
        }
    ));
    // Card 2: B (lower Sensors) first, then A.
    assert_eq!(
        (asked(&g), g.to_move()),
        (vec![UnitId(2), UnitId(1)], vec![B])
    );
    assert!(g.apply(A, &place(5, 1, 0, 0)).is_err(), "A waits for B");
    ok(&mut g, B, place(5, 35, 6, 4));
    let ev = ok(&mut g, A, place(23, 2, 0, 9));
    assert!(ev.contains(&Event::TurnStarted { turn: 1 }));
    let u = g.unit(UnitId(2));
    assert_eq!(
        (u.pos.x, u.pos.y, u.course.0, u.facing.0, u.speed),
        (5.0, 35.0, 6, 6, 4)
    );
    assert!(
        asking(&g, AskKind::Card),
        "turn 1 has its own Initiative Phase"
    );
}

/// SY-22/SY-13 priority ties: equal Sensors → the larger force places first; equal
/// forces too → each rolls 1D6, the lower starts, ties re-rolled.
#[test]
fn sy22_priority_ties_larger_force_then_lower_die() {
    // Sensors 1 + 1 against 2: A has more units.
    let mut g = Stratoyager::setup(&scenario(&[G, BB], &[V]), 1).unwrap();
    ok(&mut g, A, deploy(Some(1)));
    ok(&mut g, A, deploy(Some(2)));
    let ev = ok(&mut g, B, deploy(Some(1)));
    let (seat, why, _) = priority(&ev).unwrap();
    assert_eq!(seat, A);
    assert!(why.contains("more units (2 vs 1)"), "{why}");
    assert_eq!(
        asked(&g),
        vec![UnitId(0), UnitId(2)],
        "A places first in card 1"
    );

    for (faces, want) in [([5, 5, 4, 2], B), ([3, 3, 1, 6], A)] {
        let mut g = Stratoyager::setup(&scenario(&[G], &[BB]), 1).unwrap();
        g.rng.force(&faces);
        ok(&mut g, A, deploy(Some(1)));
        let ev = ok(&mut g, B, deploy(Some(1)));
        let (seat, why, rolls) = priority(&ev).unwrap();
        assert_eq!(
            (seat, rolls),
            (want, faces.iter().map(|&f| f as u8).collect::<Vec<u8>>()),
            "{why}"
        );
        assert_eq!(g.to_move(), vec![want]);
    }
}

/// SY-22: "centre within 2 klicks of its own short edge and ≥ 0.5 from the long
/// edges, any course, starting speed 0–9"; never on another unit (SY-11).
#[test]
fn sy22_placement_zone_limits_and_no_stacking() {
    let mut g = Stratoyager::setup(&scenario(&[G, G], &[E]), 1).unwrap();
    ok(&mut g, A, deploy(Some(1)));
    ok(&mut g, A, deploy(Some(2)));
    ok(&mut g, B, deploy(Some(1)));
    let e = err(&mut g, B, place(12, 33, 6, 0));
    assert!(e.contains("y = 33") && e.contains("y 34 to 36"), "{e}");
    ok(&mut g, B, place(12, 34, 6, 0));
    for (a, want) in [
        (place(0, 0, 0, 0), "x = 0"),
        (place(24, 0, 0, 0), "x = 24"),
        (place(12, 3, 0, 0), "y = 3"),
        (place(12, -1, 0, 0), "y = -1"),
        (place(12, 0, 12, 0), "course = 12"),
        (place(12, 0, 0, 10), "speed = 10"),
    ] {
        let e = err(&mut g, A, a.clone());
        assert!(e.contains(want), "{a:?}: {e}");
    }
    let legal = g.legal_actions(A);
    assert_eq!(legal.len(), 23 * 3 * 12 * 10);
    assert!(legal
        .iter()
        .all(|a| matches!(a, &Action::Place { x, y, course, speed }
        if (1..=23).contains(&x) && (0..=2).contains(&y) && course < 12 && speed <= 9)));
    ok(&mut g, A, place(12, 0, 0, 0));
    let e = err(&mut g, A, place(12, 0, 3, 0));
    assert!(e.contains("taken by another unit"), "{e}");
    assert!(!g.legal_actions(A).contains(&place(12, 0, 3, 0)));
    ok(&mut g, A, place(12, 1, 3, 0));
}
