//! The hooks for search agents and the lab: the sampler and the search abstraction
//! only offer legal actions, unit fates, the roster and forces built from it.

use crate::search::SQUADRON_KIND;
use crate::state::Location;
use crate::testkit::scenario;
use crate::{Action, LaunchFighters};
use orrery_core::{Files, Game, Rng, SearchHints, Seat};

/// Play random games of every built-in scenario, calling `f` at every decision.
fn walk(seeds: u64, f: impl FnMut(&LaunchFighters, Seat, &[Action], &mut Rng)) {
    orrery_core::conformance::walk(seeds, 77, f);
}

#[test]
fn sample_action_always_gives_a_listed_action() {
    let mut kinds = [0usize; 2];
    walk(12, |g, seat, legal, rng| {
        for _ in 0..4 {
            let a = g.sample_action(seat, rng).expect("sample");
            assert!(legal.contains(&a), "unlisted sample {a:?}");
            match a {
                Action::Place { .. } => kinds[0] += 1,
                Action::Move { .. } => kinds[1] += 1,
                _ => {}
            }
        }
        assert_eq!(g.sample_action(Seat(9), rng), None);
    });
    assert!(kinds[0] > 0 && kinds[1] > 0, "{kinds:?}");
}

#[test]
fn search_actions_are_legal_nonempty_and_small() {
    let mut thinned = 0;
    walk(8, |g, seat, legal, _| {
        let s = g.search_actions(seat);
        assert!(!s.is_empty(), "empty search list");
        for a in &s {
            assert!(legal.contains(a), "unlisted search action {a:?}");
        }
        for (i, a) in s.iter().enumerate() {
            assert!(!s[..i].contains(a), "duplicate {a:?}");
        }
        if legal.len() > 40 {
            thinned += 1;
            let movers = g
                .units
                .iter()
                .filter(|u| {
                    legal
                        .iter()
                        .any(|a| matches!(a, Action::Move { unit, .. } if *unit == u.id))
                })
                .count()
                .max(1);
            assert!(s.len() <= 24 * movers, "{} of {}", s.len(), legal.len());
            assert!(s.len() < legal.len());
        }
    });
    assert!(thinned > 0);
}

#[test]
fn search_movement_closes_on_the_enemy() {
    // From the duel's start, some offered move of the flagship ends nearer the enemy
    // than any spread sample would guarantee: the nearest reachable hex.
    let mut g = LaunchFighters::setup(&scenario("duel"), 3).expect("setup");
    let mut rng = Rng::seed_from(1);
    while !g.to_move().first().is_some_and(|&s| {
        g.legal_actions(s)
            .iter()
            .any(|a| matches!(a, Action::Move { .. }))
    }) {
        let seat = g.to_move()[0];
        let a = g.sample_action(seat, &mut rng).expect("sample");
        g.apply(seat, &a).expect("legal");
    }
    let seat = g.to_move()[0];
    let legal = g.legal_actions(seat);
    let enemy: Vec<_> = g
        .units
        .iter()
        .filter(|u| u.owner != seat)
        .filter_map(|u| u.hex())
        .collect();
    let dist = |a: &Action| match a {
        Action::Move { to, .. } => enemy.iter().map(|e| e.distance(*to)).min().unwrap_or(0),
        _ => u32::MAX,
    };
    let best = legal.iter().map(dist).min().expect("moves");
    let offered = g
        .search_actions(seat)
        .iter()
        .map(dist)
        .min()
        .expect("search");
    assert_eq!(best, offered);
}

#[test]
fn with_forces_round_trips_and_rejects_unknown_names() {
    let base = scenario("duel");
    let forces: Vec<Vec<String>> = base
        .fleets
        .iter()
        .map(|f| f.ships.iter().map(|d| d.name.clone()).collect())
        .collect();
    let again = LaunchFighters::with_forces(&base, &forces).expect("round trip");
    assert_eq!(again, base);
    LaunchFighters::setup(&again, 1).expect("sets up");

    let other = vec![
        vec!["Wasp".to_string()],
        vec!["Lancer".to_string(), "Wasp".to_string()],
    ];
    let s = LaunchFighters::with_forces(&base, &other).expect("blue book names");
    assert_eq!(s.fleets[1].ships.len(), 2);
    assert_eq!(s.fleets[1].ships[0].name, "Lancer");
    assert_eq!(s.cols, base.cols);
    LaunchFighters::setup(&s, 2).expect("sets up");

    let bad = vec![vec!["Wasp".to_string()], vec!["Death Star".to_string()]];
    let e = LaunchFighters::with_forces(&base, &bad).expect_err("unknown design");
    assert!(e.to_string().contains("Death Star"), "{e}");
    assert!(LaunchFighters::with_forces(&base, &[vec!["Wasp".to_string()]]).is_err());
}

#[test]
fn roster_points_are_the_lf18_costs() {
    let roster = LaunchFighters::roster(&scenario("duel"));
    let points = |n: &str| {
        roster
            .iter()
            .find(|r| r.name == n)
            .unwrap_or_else(|| panic!("{n} missing"))
            .points
    };
    assert_eq!(points("Excelsior"), 80.0);
    assert_eq!(points("Wasp"), 19.0);
    assert_eq!(points("Swift"), 32.0);
    assert_eq!(points("Kestrel"), 34.0);
    assert_eq!(points("Lancer"), 35.0);
    let book = crate::data::load_blue_book().expect("blue book");
    assert!(roster.len() >= book.len());
}

#[test]
fn unit_fates_cover_every_unit() {
    for named in LaunchFighters::scenarios() {
        let mut g = LaunchFighters::setup(&named.scenario, 5).expect("setup");
        let ships: usize = named.scenario.fleets.iter().map(|f| f.ships.len()).sum();
        let squadrons: usize = named
            .scenario
            .fleets
            .iter()
            .flat_map(|f| &f.ships)
            .map(|d| usize::from(d.squadrons))
            .sum();
        let fates = g.unit_fates();
        assert_eq!(fates.len(), ships + squadrons, "{}", named.name);
        assert_eq!(
            fates.iter().filter(|f| f.kind == SQUADRON_KIND).count(),
            squadrons
        );
        assert!(fates.iter().all(|f| f.survived));
        let mut rng = Rng::seed_from(5);
        while let Some(&seat) = g.to_move().first() {
            let a = g.sample_action(seat, &mut rng).expect("sample");
            g.apply(seat, &a).expect("legal");
        }
        let fates = g.unit_fates();
        assert_eq!(fates.len(), g.units.len());
        for (u, f) in g.units.iter().zip(&fates) {
            assert_eq!(u.owner, f.seat);
            if let Some(s) = u.ship() {
                assert_eq!(f.kind, s.design.name);
                assert_eq!(f.points, f64::from(s.design.cost_under(&g.options)));
                let gone = matches!(u.location, Location::Eliminated | Location::Retreated);
                assert_eq!(f.survived, !gone);
            } else {
                assert_eq!(f.points, 5.0);
            }
        }
    }
}
