//! SY-13 Initiative Cards and segments; SY-23 reserves.

use super::common::*;
use crate::action::Action;
use crate::event::Event;
use crate::state::{AskKind, Log, Phase, Place, Stratoyager};
use crate::types::{Edge, UnitId};
use orrery_core::Game;
use orrery_table::{Hour, Point};

/// From before the Initiative Phase (no arrivals): the Initiative question.
fn begin(g: &mut Stratoyager) -> Vec<Event> {
    g.phase = Phase::Arrivals;
    g.batch = None;
    let mut log = Log::new();
    g.advance(&mut log);
    events(&log)
}

fn segments(ev: &[Event]) -> Vec<(u8, Vec<UnitId>)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::SegmentStarted { segment, units } => Some((*segment, units.clone())),
            _ => None,
        })
        .collect()
}

/// SY-13: N = max(active units) cards for each side; the smaller side assigns any
/// subset and discards the rest unseen; cards are revealed together; segments run
/// in card order; a side skips segments it has no card for; the priority side (lower
/// total Sensors) is listed first.
#[test]
fn sy13_n_cards_smaller_side_discards_segments_in_card_order() {
    let mut g = game();
    let a1 = add(&mut g, GUARDIAN, A, 4.0, 5.0, 0, 0);
    let a2 = add(&mut g, GUARDIAN, A, 12.0, 5.0, 0, 0);
    let a3 = add(&mut g, GUARDIAN, A, 20.0, 5.0, 0, 0);
    let b = add(&mut g, EVO, B, 12.0, 30.0, 6, 0);
    let ev = begin(&mut g);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Priority { seat, why, .. }
        if *seat == B && why.contains("lower total Sensors (3 vs 0)"))));
    assert!(asking(&g, AskKind::Card) && g.batch.as_ref().unwrap().secret);
    assert_eq!((g.cards, g.to_move()), (3, vec![A, B]));
    assert_eq!(g.legal_actions(B), vec![card(1), card(2), card(3)]);
    ok(&mut g, B, card(2)); // 1 and 3 discarded unseen
    assert_eq!(g.to_move(), vec![A]);
    ok(&mut g, A, card(3));
    assert_eq!(
        g.legal_actions(A),
        vec![card(1), card(2)],
        "one card per unit"
    );
    assert!(err(&mut g, A, card(3)).contains("not a legal answer (an Initiative Card)"));
    ok(&mut g, A, card(1));
    let mut ev = ok(&mut g, A, card(2));
    assert!(ev.contains(&Event::CardsRevealed {
        cards: vec![(a1, 3), (a2, 1), (a3, 2), (b, 2)],
        count: 3
    }));
    ev.extend(defaults_until(&mut g, |g| g.turn == 2));
    assert_eq!(
        segments(&ev),
        vec![(1, vec![a2]), (2, vec![b, a3]), (3, vec![a1])],
        "B skips 1 and 3; in 2 the priority side comes first"
    );
}

/// SY-13: "No cap at 6."
#[test]
fn sy13_no_cap_at_six_cards() {
    let mut g = game();
    for i in 0..7 {
        add(&mut g, EVO, A, 2.0 + 3.0 * f64::from(i), 5.0, 0, 0);
    }
    add(&mut g, EVO, B, 12.0, 30.0, 6, 0);
    begin(&mut g);
    assert_eq!(g.cards, 7);
    assert_eq!(g.legal_actions(B).len(), 7);
}

fn with_reserve() -> (Stratoyager, UnitId) {
    let mut g = game();
    g.options.dogfight = false;
    add(&mut g, GUARDIAN, A, 12.0, 0.8, 0, 0);
    let r = add(&mut g, EVO, A, 0.0, 0.0, 0, 0);
    g.unit_mut(r).place = Place::Reserve;
    add(&mut g, VULTURE, B, 12.0, 30.0, 6, 0);
    (g, r)
}

fn roll_of(ev: &[Event], r: UnitId) -> (Option<u8>, u8, bool) {
    ev.iter()
        .find_map(|e| match e {
            Event::ReserveRoll {
                unit,
                roll,
                needed,
                arrives,
            } if *unit == r => Some((*roll, *needed, *arrives)),
            _ => None,
        })
        .expect("a reserve roll")
}

/// SY-23: "before each Initiative Phase from turn 2, roll 1D6 per reserve unit: it
/// arrives on ≤ turn + 2 (turn 4+: automatic)"; it enters 0.5 inside any edge but the
/// opponent's short edge, course = facing perpendicular inward, speed chosen; it is
/// active this turn (it gets an Initiative Card and raises N).
#[test]
fn sy23_reserves_roll_enter_and_take_a_card() {
    // Turn 2, a 5: stays.
    let (mut g, r) = with_reserve();
    g.rng.force(&[5]);
    let ev = events(&end_turn_now(&mut g));
    assert_eq!((g.turn, roll_of(&ev, r)), (2, (Some(5), 4, false)));
    assert!(asking(&g, AskKind::Card) && g.cards == 1);
    assert_eq!(g.unit(r).place, Place::Reserve);
    // Turn 3 needs 5: a 6 stays.
    g.rng.force(&[6]);
    let ev = events(&end_turn_now(&mut g));
    assert_eq!((g.turn, roll_of(&ev, r)), (3, (Some(6), 5, false)));
    // Turn 4: automatic, no die.
    let draws = g.rng.draws();
    let ev = events(&end_turn_now(&mut g));
    assert_eq!((g.turn, roll_of(&ev, r)), (4, (None, 6, true)));
    assert_eq!(g.rng.draws(), draws, "no die rolled");

    // Turn 2, a 4: arrives.
    let (mut g, r) = with_reserve();
    g.rng.force(&[4]);
    let ev = events(&end_turn_now(&mut g));
    assert_eq!(roll_of(&ev, r), (Some(4), 4, true));
    assert!(asking(&g, AskKind::Enter));
    assert_eq!((asked(&g), g.to_move()), (vec![r], vec![A]));
    let enter = |edge, at, speed| Action::Enter { edge, at, speed };
    let legal = g.legal_actions(A);
    assert!(!legal.iter().any(|a| matches!(
        a,
        Action::Enter {
            edge: Edge::North,
            ..
        }
    )));
    for e in [Edge::South, Edge::West, Edge::East] {
        assert!(legal.contains(&enter(e, 1, 9)));
    }
    assert_eq!(
        Stratoyager::entry_edges(B),
        [Edge::North, Edge::West, Edge::East]
    );
    let e = err(&mut g, A, enter(Edge::North, 12, 0));
    assert!(e.contains("opponent's short edge"), "{e}");
    let e = err(&mut g, A, enter(Edge::West, 36, 0));
    assert!(e.contains("at = 36"), "{e}");
    let e = err(&mut g, A, enter(Edge::South, 12, 0));
    assert!(e.contains("taken"), "{e}"); // (12, 0.5) is 0.3 from the Guardian
    let ev = ok(&mut g, A, enter(Edge::West, 10, 3));
    assert!(ev.contains(&Event::Entered {
        unit: r,
        at: Point::new(0.5, 10.0),
        course: Hour(3),
        speed: 3
    }));
    let u = g.unit(r);
    assert_eq!((u.place, u.facing, u.speed), (Place::Table, Hour(3), 3));
    assert!(asking(&g, AskKind::Card));
    assert_eq!(g.cards, 2, "the arrival counts for N");
    assert!(asked(&g).contains(&r), "the arrival gets a card");
}
