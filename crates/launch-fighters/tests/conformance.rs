//! The core's conformance suite over Launch Fighters!: ≥ 2,000 random games per test
//! run across 2-, 3- and 6-player scenarios (issue "Done when"). Each test function
//! runs in its own thread, so the three share the machine's cores.

use orrery_core::conformance::{run, run_forced_dice, Config};
use orrery_core::Game;
use orrery_launch_fighters::{LaunchFighters, Scenario};

fn scenario(name: &str) -> Scenario {
    LaunchFighters::scenarios()
        .into_iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("built-in scenario {name} missing"))
        .scenario
}

#[test]
fn two_player_random_games_keep_the_contract() {
    let scenarios = [
        scenario("duel"),
        scenario("asteroid-field"),
        scenario("standard"),
    ];
    let r = run::<LaunchFighters>(&scenarios, &Config::random_games(300, 1));
    r.assert_clean();
    assert_eq!(r.games, 900);
    assert!(r.illegal_rejected > 1000, "{r:?}");
}

#[test]
fn three_player_random_games_keep_the_contract() {
    let r = run::<LaunchFighters>(&[scenario("three-way")], &Config::random_games(600, 10_000));
    r.assert_clean();
    assert_eq!(r.games, 600);
}

#[test]
fn six_player_random_games_keep_the_contract() {
    let r = run::<LaunchFighters>(&[scenario("melee-6")], &Config::random_games(500, 20_000));
    r.assert_clean();
    assert_eq!(r.games, 500);
}

/// The scenario with objectives (LF-17 (c)), an exit area (LF-16 (3)) and every optional
/// rule of LF-19 on: hold points, escapes, fighter warp and holds that can be hit all
/// meet the contract and the state validation in random play.
#[test]
fn scenario_conditions_and_optional_rules_keep_the_contract() {
    let r = run::<LaunchFighters>(
        &[scenario("convoy-run")],
        &Config::random_games(300, 30_000),
    );
    r.assert_clean();
    assert_eq!(r.games, 300);
}

/// Issue 24: games played to the end with the dice forced to their extremes (every
/// die its highest face, every die its lowest, then the two in turn), where every
/// seat can fall at once: no hang, no broken invariant, every seat's question answered.
#[test]
fn forced_dice_games_end_and_keep_the_contract() {
    let r = run_forced_dice::<LaunchFighters>(
        &[scenario("duel"), scenario("three-way")],
        &Config::random_games(30, 90_000),
    );
    r.assert_clean();
    assert!(r.games > 0);
}
