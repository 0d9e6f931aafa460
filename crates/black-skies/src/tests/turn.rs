//! The table (BS-01), deployment and set-up (BS-02), the turn and its groups (BS-03),
//! an activation's order (BS-04), elements (BS-05), the end (BS-12) and asteroid
//! fields (BS-13).

use crate::event::Event;
use crate::rules::compositions;
use crate::scenario::Asteroid;
use crate::state::{Phase, Status};
use crate::testkit::{fly_card, place, scenario, started};
use crate::{Action, BlackSkies, Wing};
use orrery_core::{Game, Presentation, Seat};
use orrery_table::Point;

const A: Seat = Seat(0);
const B: Seat = Seat(1);

/// Play default answers until `stop` holds (or the game ends); the events.
fn until(g: &mut BlackSkies, stop: impl Fn(&BlackSkies) -> bool) -> Vec<Event> {
    let mut out = Vec::new();
    for _ in 0..10_000 {
        if stop(g) || g.outcome.is_some() {
            break;
        }
        let seat = g.to_move()[0];
        let a = g.default_action(seat).unwrap();
        out.extend(g.apply(seat, &a).unwrap().into_iter().map(|l| l.event));
    }
    out
}

/// BS-01: 48"×48" by default, 36"×36" for the duel; A's edge y = 0, B's y = 48.
#[test]
fn bs01_table_sizes() {
    let s = scenario("squadron");
    assert_eq!((s.width, s.length), (48.0, 48.0));
    let d = scenario("duel");
    assert_eq!((d.width, d.length), (36.0, 36.0));
    let g = started(&s, 1);
    for f in &g.fighters {
        let from_edge = if f.seat == A { f.pos.y } else { 48.0 - f.pos.y };
        assert!(from_edge <= 6.0, "BS-02: within 6\" of its own edge");
    }
}

/// BS-02: players alternate placing whole elements, a random first placer; both
/// fighters on one heading, 1"–6" apart, within 6" of their edge; nothing placed
/// on another's base.
#[test]
fn bs02_deployment_alternates_and_stays_near_the_edge() {
    let mut placers = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let g = BlackSkies::setup(&scenario("squadron"), seed).unwrap();
        let Phase::Deploy { seat } = g.phase else {
            panic!()
        };
        placers.insert(seat);
    }
    assert_eq!(placers.len(), 2, "the first placer is drawn");
    let mut g = BlackSkies::setup(&scenario("squadron"), 5).unwrap();
    let mut order = Vec::new();
    while let Phase::Deploy { seat } = g.phase {
        order.push(seat);
        let legal = g.legal_actions(seat);
        assert!(legal
            .iter()
            .all(|a| matches!(a, Action::Deploy { heading, .. } if heading % 30 == 0)));
        let a = legal[legal.len() / 2].clone();
        g.apply(seat, &a).unwrap();
    }
    assert!(
        order.windows(2).all(|w| w[0] != w[1]),
        "alternating: {order:?}"
    );
    for e in &g.elements {
        let [lead, wing] = e.fighters[..] else {
            continue;
        };
        let (a, b) = (g.fighter(lead), g.fighter(wing));
        assert_eq!(a.heading, b.heading);
        let d = a.pos.dist(b.pos);
        assert!((1.0..=6.0).contains(&d), "{d}");
    }
    // Off the grid, too deep or onto a base: refused.
    let mut g = BlackSkies::setup(&scenario("duel"), 5).unwrap();
    let Phase::Deploy { seat } = g.phase else {
        panic!()
    };
    let y = if seat == A { 9 } else { 27 };
    let deep = Action::Deploy {
        x: 18,
        y,
        heading: 0,
        wing: Some(Wing::AbreastLeft),
    };
    assert!(g.apply(seat, &deep).is_err());
    let ok = g.legal_actions(seat)[0].clone();
    g.apply(seat, &ok).unwrap();
}

/// Seed PLAY: "Randomly determine who moves first" — after set-up (speeds, first
/// cards and deck order), not when the game is created: nobody knows it while
/// deploying and readying. It is drawn from the game's generator when the last first
/// card is down, and the roll is an event both seats see.
#[test]
fn play_who_moves_first_is_drawn_when_the_last_first_card_is_down() {
    let mut firsts = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let mut g = BlackSkies::setup(&scenario("duel"), seed).unwrap();
        let mut last = Vec::new();
        while g.turn == 0 {
            assert_eq!(g.first, None);
            for v in [Some(A), Some(B), None] {
                let view = serde_json::to_value(g.view(v)).unwrap();
                assert!(view["first"].is_null(), "{}", view["first"]);
                assert!(!g.render_text(v).contains("moves first"));
            }
            let seat = g.to_move()[0];
            let a = g.default_action(seat).unwrap();
            let draws = g.rng.draws();
            last = g.apply(seat, &a).unwrap();
            if g.turn == 0 {
                assert_eq!(g.rng.draws(), draws, "no die during set-up");
            }
        }
        // The last first card: the set-up is shown, then the roll.
        let first = g.first.expect("drawn");
        firsts.insert(first);
        let roll = last
            .iter()
            .find_map(|l| match l.event {
                Event::First { seat, roll } => {
                    assert!(l.visible_to(Some(A)) && l.visible_to(Some(B)) && l.visible_to(None));
                    assert_eq!(seat, first);
                    assert!(g.describe_event(&l.event).contains("moves first"));
                    Some(roll)
                }
                _ => None,
            })
            .expect("the roll is logged");
        assert_eq!(first, Seat(roll as u8 - 1));
        let kinds: Vec<&Event> = last.iter().map(|l| &l.event).collect();
        let set_up = kinds
            .iter()
            .position(|e| matches!(e, Event::SetUp { .. }))
            .unwrap();
        let drawn = kinds
            .iter()
            .position(|e| matches!(e, Event::First { .. }))
            .unwrap();
        assert!(set_up < drawn);
        for v in [Some(A), Some(B), None] {
            assert_eq!(serde_json::to_value(g.view(v)).unwrap()["first"], first.0);
        }
    }
    assert_eq!(firsts.len(), 2, "either side may move first");
    // From the game's generator: a forced d2 decides it.
    let mut g = BlackSkies::setup(&scenario("duel"), 1).unwrap();
    until(&mut g, |g| {
        g.phase == Phase::Ready && g.to_move().len() == 1 && g.uncarded(g.to_move()[0]).is_some()
    });
    let seat = g.to_move()[0];
    for roll in [1, 2] {
        let mut h = g.clone();
        h.rng.force(&[roll]);
        h.apply(seat, &Action::Card { card: 1 }).unwrap();
        assert_eq!(h.first, Some(Seat(roll as u8 - 1)));
    }
}

/// BS-03: G = min(elements); the side with more cuts its deck into G runs (AI
/// default: merge from the bottom); groups alternate, the same player first every
/// turn.
#[test]
fn bs03_groups_for_uneven_sides() {
    assert_eq!(compositions(3, 2), vec![vec![1, 2], vec![2, 1]]);
    assert_eq!(compositions(4, 2).len(), 3);
    let mut s = scenario("squadron");
    s.sides[1].elements.truncate(2);
    let mut g = BlackSkies::setup(&s, 4).unwrap();
    until(&mut g, |g| g.turn == 1);
    assert_eq!(g.phase, Phase::Group { seat: A });
    assert_eq!(
        g.default_action(A),
        Some(Action::Group { sizes: vec![1, 2] })
    );
    g.apply(A, &Action::Group { sizes: vec![2, 1] }).unwrap();
    let deck_a = g.decks[0].clone();
    let deck_b = g.decks[1].clone();
    let want: Vec<u8> = if g.first == Some(A) {
        vec![deck_a[0], deck_a[1], deck_b[0], deck_a[2], deck_b[1]]
    } else {
        vec![deck_b[0], deck_a[0], deck_a[1], deck_b[1], deck_a[2]]
    };
    assert_eq!(g.order, want);
    // Every turn begins with the same player.
    let first = g.first.unwrap();
    let events = until(&mut g, |g| g.turn == 3);
    let mut starts = Vec::new();
    let mut expect_first = false;
    for e in events {
        match e {
            Event::TurnBegins { .. } => expect_first = true,
            Event::Revealed { element, .. } if expect_first => {
                starts.push(g.element(element).seat);
                expect_first = false;
            }
            _ => {}
        }
    }
    assert!(starts.iter().all(|&s| s == first), "{starts:?}");
}

/// BS-04: reveal, option, speed, checks, move, fire, then the next card face down.
#[test]
fn bs04_an_activation_in_order() {
    let mut g = started(&scenario("duel"), 2);
    place(&mut g, 0, 18.0, 10.0, 0);
    place(&mut g, 1, 14.0, 10.0, 0);
    place(&mut g, 2, 18.0, 24.0, 180);
    place(&mut g, 3, 14.0, 24.0, 180);
    g.elements[0].speed = 4;
    let events = fly_card(&mut g, 0, 1, 0);
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| match e {
            Event::Revealed { .. } => "revealed",
            Event::Maneuver { .. } => "maneuver",
            Event::Flew { .. } => "flew",
            _ => "other",
        })
        .filter(|k| *k != "other")
        .collect();
    assert_eq!(kinds, vec!["revealed", "maneuver", "flew", "flew"]);
    // In range after moving: the Tigers' guns are asked before anything else.
    assert!(
        matches!(g.phase, Phase::Fire { fighter: 0, .. }),
        "{:?}",
        g.phase
    );
    until(&mut g, |g| matches!(g.phase, Phase::Card { .. }));
    assert_eq!(g.phase, Phase::Card { element: 0 });
    let events: Vec<Event> = g
        .apply(A, &Action::Card { card: 5 })
        .unwrap()
        .into_iter()
        .map(|l| l.event)
        .collect();
    assert!(matches!(
        events[..2],
        [
            Event::Committed {
                element: 0,
                card: 5
            },
            Event::CardDown { element: 0 }
        ]
    ));
}

/// BS-05: "Fighters of the same element must at all times remain within six inches of
/// each other": a saved state with a wingman 20" from his lead is refused, like every
/// other state play cannot reach; 6" apart is fine.
#[test]
fn bs05_load_state_refuses_a_wingman_beyond_six_inches() {
    let mut g = started(&scenario("duel"), 2);
    place(&mut g, 0, 18.0, 10.0, 0);
    place(&mut g, 1, 12.0, 10.0, 0);
    assert!(g.validate().is_ok(), "{:?}", g.validate());
    place(&mut g, 1, 18.0, 30.0, 0);
    let e = g.validate().unwrap_err().to_string();
    assert!(e.contains("BS-05") && e.contains("20.0\""), "{e}");
    // The engine's `load_state` reads a saved state and validates it.
    let saved = serde_json::to_string(&g).unwrap();
    let loaded: BlackSkies = serde_json::from_str(&saved).unwrap();
    assert!(loaded.validate().is_err());
}

/// BS-05: a fighter ending on another's base backs along its path; the wingman
/// closes up to 6" if that spread the element.
#[test]
fn bs05_collisions_back_off_and_cohesion_holds() {
    let mut g = started(&scenario("duel"), 2);
    place(&mut g, 0, 18.0, 10.0, 0);
    place(&mut g, 1, 14.0, 10.0, 0);
    // A Falcon parked right where the lead would end (speed 8 straight: (18, 18)).
    place(&mut g, 2, 18.0, 18.3, 90);
    place(&mut g, 3, 30.0, 30.0, 90);
    g.elements[0].speed = 8;
    let events = fly_card(&mut g, 0, 1, 0);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Backed { fighter: 0, .. })));
    let lead = g.fighters[0].pos;
    assert!(
        (lead.dist(Point::new(18.0, 18.3)) - 1.0).abs() < 1e-9,
        "{lead}"
    );
    assert!(
        (lead.x - 18.0).abs() < 1e-12 && lead.y < 18.0,
        "backed along its path"
    );
    // Cohesion: a lead backed far leaves its wingman more than 6" off. Five Red
    // fighters in a file on the lead's path, bases touching.
    let mut g = started(&scenario("squadron"), 2);
    place(&mut g, 0, 18.0, 10.0, 0);
    place(&mut g, 1, 15.0, 10.0, 0);
    for (i, id) in (2..6).enumerate() {
        place(&mut g, id, 30.0 + 4.0 * i as f64, 2.0, 0);
    }
    for (i, id) in (6..11).enumerate() {
        place(&mut g, id, 18.0, 21.5 - i as f64, 90);
    }
    place(&mut g, 11, 40.0, 40.0, 90);
    g.elements[0].speed = 12;
    let events = fly_card(&mut g, 0, 1, 0);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Backed { fighter: 0, .. })));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Closed { fighter: 1, .. })));
    let d = g.fighters[0].pos.dist(g.fighters[1].pos);
    assert!((d - 6.0).abs() < 1e-9, "{d}");
}

/// BS-12: off the table after the move: disengaged, scored as destroyed; a side with
/// nobody left ends the game; higher score wins.
#[test]
fn bs12_edges_end_and_victory() {
    let mut g = started(&scenario("duel"), 2);
    place(&mut g, 0, 18.0, 10.0, 0);
    place(&mut g, 1, 14.0, 10.0, 0);
    place(&mut g, 2, 18.0, 33.0, 0);
    place(&mut g, 3, 14.0, 33.0, 0);
    g.elements[1].speed = 6;
    let events = fly_card(&mut g, 1, 1, 0);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Disengaged { fighter: 2 })));
    assert_eq!(g.fighters[3].status, Status::Disengaged);
    let o = g.outcome().expect("no Falcon left: over");
    assert_eq!(o.winners, vec![A]);
    assert_eq!(o.scores, vec![58.0, 0.0]);
    assert!(o.reason.contains("BS-12"));
}

/// BS-12: the game ends at the end of turn 12; no card is put down for a turn 13.
#[test]
fn bs12_twelve_turns() {
    let mut s = scenario("duel");
    s.turns = 2;
    let mut g = BlackSkies::setup(&s, 3).unwrap();
    let events = until(&mut g, |_| false);
    let o = g.outcome().unwrap();
    if o.reason.contains("end of turn") {
        assert_eq!(g.turn, 2);
        let downs_in_last = events
            .iter()
            .rev()
            .take_while(|e| !matches!(e, Event::TurnBegins { .. }))
            .filter(|e| matches!(e, Event::CardDown { .. }))
            .count();
        assert_eq!(downs_in_last, 0);
    }
    assert_eq!(BlackSkies::setup(&scenario("duel"), 1).unwrap().turns, 12);
}

/// BS-13: a path entering an asteroid field takes a Dodge check (difficulty 2,
/// doubled after a failure this turn); failing costs 1d6 less armour, shields do
/// not help.
#[test]
fn bs13_asteroid_dodge() {
    let mut g = started(&scenario("duel"), 2);
    g.asteroids = vec![Asteroid {
        x: 18.0,
        y: 14.0,
        radius: 1.0,
    }];
    place(&mut g, 0, 18.0, 10.0, 0);
    place(&mut g, 1, 30.0, 10.0, 0);
    place(&mut g, 2, 2.0, 30.0, 90);
    place(&mut g, 3, 4.0, 30.0, 90);
    g.elements[0].speed = 8;
    g.fighters[0].skill = 1;
    g.fighters[1].skill = 1;
    // Difficulty 2 against modifier 1 passes without a roll (1 + 1 ≥ 2); crippled,
    // it is doubled to 4. Straight (no check), then the lead's dodge: d10 1 fails;
    // d6 4 less light armour 1 = 3 (shields do not help).
    let mut easy = g.clone();
    assert!(!fly_card(&mut easy, 0, 1, 0)
        .iter()
        .any(|e| matches!(e, Event::AsteroidHit { .. })));
    g.fighters[0].hull = 3;
    g.rng.force(&[1, 4]);
    let events = fly_card(&mut g, 0, 1, 0);
    assert!(events.iter().any(
        |e| matches!(e, Event::Check(c) if c.what == "dodge" && !c.passed && c.difficulty == 4)
    ));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::AsteroidHit {
            fighter: 0,
            damage: 3,
            ..
        }
    )));
    assert_eq!(g.fighters[0].hull, 0);
    assert_eq!(g.fighters[0].status, Status::Destroyed);
    assert!(g.fighters[0].failed, "later checks this turn are doubled");
    // A pilot who already failed this turn: difficulty 2 × 2 = 4.
    let mut again = easy.clone();
    again.fighters[0].failed = true;
    place(&mut again, 0, 18.0, 10.0, 0);
    again.rng.force(&[2, 1]);
    let events = fly_card(&mut again, 0, 1, 0);
    assert!(events.iter().any(
        |e| matches!(e, Event::Check(c) if c.what == "dodge" && c.difficulty == 4 && !c.passed)
    ));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::Check(c) if c.fighter == 1)),
        "the wingman's path misses it"
    );
}
