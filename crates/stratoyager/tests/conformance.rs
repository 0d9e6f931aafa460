//! The core's conformance suite over Basic Stratoyager: ≥ 2,000 random games per test
//! run, with the leak check on every secret commitment (deployment cards, Initiative
//! Cards, dogfight cards, Movement Actions, yaws, Fire at Will, Combat Actions).

use orrery_core::conformance::{run, run_forced_dice, Config};
use orrery_stratoyager::testkit::scenario;
use orrery_stratoyager::Stratoyager;

#[test]
fn pilot_episode_random_games_keep_the_contract() {
    let r = run::<Stratoyager>(&[scenario("pilot-episode")], &Config::random_games(900, 1));
    r.assert_clean();
    assert_eq!(r.games, 900);
    assert!(r.simultaneous_checks > 10_000, "{r:?}");
}

#[test]
fn dogfight_random_games_keep_the_contract() {
    let r = run::<Stratoyager>(&[scenario("dogfight")], &Config::random_games(600, 10_000));
    r.assert_clean();
    assert_eq!(r.games, 600);
    assert!(r.simultaneous_checks > 500, "{r:?}");
}

#[test]
fn custom_and_arcade_random_games_keep_the_contract() {
    let mut arcade = scenario("pilot-episode");
    arcade.options.arcade = true;
    arcade.options.keep_hulks = true;
    let r = run::<Stratoyager>(
        &[scenario("asteroid-ambush"), arcade],
        &Config::random_games(250, 20_000),
    );
    r.assert_clean();
    assert_eq!(r.games, 500);
}

/// Issue 8: saved states corrupted one JSON node at a time, many per game, each
/// refused by deserialization or `validate`, or playable for 30 random actions. The
/// per-step checks run rarely here; the bulk runs above cover them.
#[test]
fn corrupted_saved_states_are_refused_or_stay_playable() {
    let cfg = Config::corrupted_states(70, 40_000);
    let mut arcade = scenario("pilot-episode");
    arcade.options.arcade = true;
    arcade.options.keep_hulks = true;
    let r = run::<Stratoyager>(
        &[scenario("pilot-episode"), scenario("dogfight"), arcade],
        &cfg,
    );
    r.assert_clean();
    assert_eq!(r.games, 210);
}

/// Issue 24: games played to the end with the dice forced to their extremes (every
/// die its highest face, every die its lowest, then the two in turn), where every
/// seat can fall at once: no hang, no broken invariant, every seat's question answered.
#[test]
fn forced_dice_games_end_and_keep_the_contract() {
    let r = run_forced_dice::<Stratoyager>(
        &[scenario("dogfight"), scenario("pilot-episode")],
        &Config::random_games(30, 90_000),
    );
    r.assert_clean();
    assert!(r.games > 0);
}
