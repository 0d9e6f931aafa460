//! Issue 10 §1: every front end reaches a ruleset's hooks by its id through the one
//! list, never by naming it. For every registered ruleset: its odds calculators are
//! listed and each computes from arguments built from its own description; its fleet
//! files and roster files are read through the registry and dispatch.

use orrery_core::FullGame;
use orrery_core::{OddsArgs, OddsCalculator, OddsValue, ParamKind};
use orrery_rulesets::{dispatch, each, ids, registry, Visit, WithGame};

/// Small arguments the description allows: every required parameter (even one
/// another could replace) at its minimum (at least 1) or first choice.
fn least_args(calc: &OddsCalculator) -> OddsArgs {
    calc.params
        .iter()
        .filter(|p| p.required)
        .fold(OddsArgs::new(), |a, p| {
            let v = match &p.kind {
                ParamKind::Flag => OddsValue::Flag(false),
                ParamKind::Integer { min, max, .. } => OddsValue::Integer((*min).max(1).min(*max)),
                ParamKind::Choice { choices, .. } => OddsValue::Choice(choices[0].clone()),
            };
            a.with(&p.name, v)
        })
}

#[test]
fn every_rulesets_odds_calculators_are_listed_and_compute_by_id() {
    let reg = registry();
    let mut computed = 0;
    for id in ids() {
        let r = reg.get(id).expect("every listed ruleset is registered");
        let Some(calcs) = r.odds_calculators() else {
            continue;
        };
        assert!(!calcs.about.is_empty() && !calcs.list.is_empty(), "{id}");
        for calc in &calcs.list {
            let report = r
                .odds_calculate(&calc.name, &least_args(calc))
                .unwrap_or_else(|e| panic!("{id} {}: {e}", calc.name));
            let v: serde_json::Value = serde_json::from_str(&report.json).expect("JSON");
            assert!(v.is_object(), "{id} {}: {v}", calc.name);
            assert!(!report.json.contains('\n'), "one line");
            assert!(report.text.ends_with('\n') && report.text.contains('%'));
            computed += 1;
        }
        let unknown = r.odds_calculate("no-such-calculator", &OddsArgs::new());
        assert!(unknown.is_err(), "{id}");
    }
    assert!(computed >= 4, "the shipped rulesets have calculators");
}

#[test]
fn odds_arguments_are_checked_against_the_description() {
    let reg = registry();
    for id in ids() {
        let r = reg.get(id).expect("registered");
        let Some(calcs) = r.odds_calculators() else {
            continue;
        };
        for calc in &calcs.list {
            let bad = least_args(calc).with("no-such-param", OddsValue::Flag(true));
            assert!(r.odds_calculate(&calc.name, &bad).is_err(), "{id}");
            for p in calc.params.iter().filter(|p| p.required) {
                let mut missing = least_args(calc);
                missing.0.remove(&p.name);
                assert!(
                    r.odds_calculate(&calc.name, &missing).is_err(),
                    "{id} {}",
                    p.name
                );
            }
        }
    }
}

#[test]
fn fleet_files_are_read_by_id_and_problems_name_the_file() {
    let reg = registry();
    let mut readers = 0;
    for id in ids() {
        let r = reg.get(id).expect("registered");
        let Some(check) = r.fleet_check("name = 3\n", "odd-fleet.toml") else {
            continue;
        };
        readers += 1;
        let e = check.expect_err("not a fleet");
        assert!(!e.problems.is_empty());
        assert!(
            e.problems.iter().all(|p| p.starts_with("odd-fleet.toml")),
            "{e}"
        );
        let v: serde_json::Value = serde_json::from_str(&e.json).expect("JSON problems");
        assert!(v.is_object(), "{v}");
    }
    assert!(readers >= 1, "a shipped ruleset has fleet files");
}

#[test]
fn roster_files_and_points_limits_are_reached_by_dispatch() {
    /// Whether the ruleset reads roster files, and that a broken one is refused
    /// naming the file.
    struct Roster;
    impl WithGame for Roster {
        type Out = bool;
        fn with<G: FullGame>(self) -> bool {
            let Some(s) = G::scenarios().into_iter().next() else {
                return false;
            };
            let mut base = s.scenario;
            G::take_points_limit(&mut base);
            assert!(G::take_points_limit(&mut base).is_none(), "taken once");
            match G::read_roster(&base, &s.name, "= broken", "odd-roster.toml") {
                None => false,
                Some(r) => {
                    let e = r.err().expect("a broken roster file is refused");
                    assert!(e.problems.iter().any(|p| p.contains("odd-roster.toml")));
                    true
                }
            }
        }
    }
    let readers = ids()
        .into_iter()
        .filter(|id| dispatch(id, Roster).expect("listed"))
        .count();
    assert!(readers >= 2, "the shipped rulesets read roster files");
}

// The list itself (these were unit tests of the crate; here, a test build links the
// crate as built instead of compiling all five rulesets' registrations again).

#[test]
fn the_list_and_the_registry_agree() {
    let listed: Vec<String> = registry().rulesets().into_iter().map(|r| r.id).collect();
    assert_eq!(listed, ids());
    assert!(ids().len() >= 2);
    struct Id;
    impl WithGame for Id {
        type Out = &'static str;
        fn with<G: FullGame>(self) -> &'static str {
            G::INFO.id
        }
    }
    for id in ids() {
        assert_eq!(dispatch(id, Id), Some(id));
    }
    assert_eq!(dispatch("no-such-ruleset", Id), None);
}

/// Issue 29: every ruleset gives the learning environments a fixed action space
/// and an observation for every built-in scenario (the conformance suite checks
/// that they hold all game long).
#[test]
fn every_ruleset_numbers_its_actions_and_observes_its_views() {
    struct Learning(Vec<String>);
    impl Visit for Learning {
        fn visit<G: FullGame>(&mut self) {
            for s in G::scenarios() {
                let g = G::setup(&s.scenario, 1).expect("a built-in scenario sets up");
                let obs = orrery_core::learn::observation_named(&g, orrery_core::Seat(0));
                if g.action_space() == 0 || obs.is_empty() {
                    self.0.push(format!("{} / {}", G::INFO.id, s.name));
                }
                assert_eq!(obs.names().map(<[String]>::len), Some(obs.len()));
            }
        }
    }
    let mut missing = Learning(Vec::new());
    each(&mut missing);
    assert!(
        missing.0.is_empty(),
        "no learning encoding: {:?}",
        missing.0
    );
}

/// Issue 42, a challenge with a points limit: every ruleset sets a game up from
/// forces each built apart from its roster (`Files::muster`, reached through the
/// registry as the server reaches it), and refuses a unit its roster does not have.
#[test]
fn every_ruleset_musters_forces_built_apart_from_its_roster() {
    let reg = registry();
    for id in ids() {
        let r = reg.get(id).expect("registered");
        let base = r.scenario_json(None).expect("a default scenario");
        let roster = r.roster_of(base.clone()).expect("its roster reads");
        assert!(!roster.is_empty(), "{id}: a roster to build from");
        let seats = usize::from(r.info().scenarios[0].seats);
        // One of each unit type in the roster's order until 100 points: the same
        // force for every seat (fleets of equal points, as Warfleets' challenges need).
        let (mut force, mut points) = (Vec::new(), 0.0);
        for unit in &roster {
            if points >= 100.0 {
                break;
            }
            force.push(unit.name.clone());
            points += unit.points;
        }
        let forces = vec![force; seats];
        let scenario = r
            .muster(base.clone(), points, &forces)
            .unwrap_or_else(|e| panic!("{id}: {:?}", e.problems));
        let check = r
            .check_scenario(scenario)
            .unwrap_or_else(|e| panic!("{id}: the mustered scenario sets up: {:?}", e.problems));
        assert_eq!(usize::from(check.seats), seats, "{id}");
        let mut odd = forces.clone();
        odd[seats - 1] = vec!["No Such Unit".into()];
        let e = r
            .muster(base, points, &odd)
            .expect_err("an unknown unit is refused");
        assert!(
            e.problems.iter().any(|p| p.contains("No Such Unit")),
            "{id}: {:?}",
            e.problems
        );
    }
}
