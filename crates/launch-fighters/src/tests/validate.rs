//! Issue 8 §3: a saved Launch Fighters! state must pass every invariant of the rules
//! (`Game::validate`), every problem listed with its field, or be refused.

use crate::state::Location;
use crate::testkit::scenario;
use crate::LaunchFighters;
use orrery_core::{Game, Rng, SearchHints};
use serde_json::{json, Value};

/// A duel with every ship placed.
fn placed() -> LaunchFighters {
    let mut g = LaunchFighters::setup(&scenario("duel"), 5).expect("setup");
    let mut r = Rng::seed_from(5);
    while g.units.iter().any(|u| u.location == Location::Unplaced) {
        let s = g.to_move()[0];
        let a = g.sample_action(s, &mut r).expect("an action");
        g.apply(s, &a).expect("legal");
    }
    g
}

fn problems(g: &LaunchFighters, edit: impl FnOnce(&mut Value)) -> Vec<String> {
    orrery_core::conformance::problems_after(g, edit)
}

#[test]
fn lf13_stats_above_the_original_level_are_refused() {
    let p = problems(&placed(), |v| {
        v["units"][0]["kind"]["ship"]["stats"]["cannons"] = json!(99)
    });
    assert!(
        p.iter()
            .any(|m| m.starts_with("units[0].stats.cannons: above")),
        "{p:?}"
    );
}

#[test]
fn an_owner_that_does_not_exist_is_refused() {
    let p = problems(&placed(), |v| v["units"][0]["owner"] = json!(5));
    assert!(
        p.iter()
            .any(|m| m.starts_with("units[0].owner: seat 5 does not exist")),
        "{p:?}"
    );
}

#[test]
fn lf09_two_ships_on_one_hex_are_refused() {
    let g = placed();
    let ships: Vec<usize> = (0..g.units.len())
        .filter(|&i| g.units[i].is_ship())
        .collect();
    let (a, b) = (ships[0], ships[1]);
    let p = problems(&g, |v| {
        v["units"][b]["location"] = v["units"][a]["location"].clone()
    });
    assert!(
        p.iter()
            .any(|m| m.contains(&format!("units[{a}] is already there"))),
        "{p:?}"
    );
}

#[test]
fn every_problem_is_reported_at_once() {
    let p = problems(&placed(), |v| {
        v["units"][0]["kind"]["ship"]["stats"]["cannons"] = json!(99);
        v["units"][1]["owner"] = json!(5);
        v["turn_limit"] = json!(0);
    });
    assert!(p.len() >= 3, "{p:?}");
}

#[test]
fn lfo17_a_map_no_rule_allows_is_refused() {
    let p = problems(&placed(), |v| v["map"]["cols"] = json!(100_000));
    assert!(p.iter().any(|m| m.starts_with("map: ")), "{p:?}");
}
