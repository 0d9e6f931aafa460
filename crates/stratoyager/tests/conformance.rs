//! The core's conformance suite over Basic Stratoyager: ≥ 2,000 random games per test
//! run, with the leak check on every secret commitment (deployment cards, Initiative
//! Cards, dogfight cards, Movement Actions, yaws, Fire at Will, Combat Actions).

use orrery_core::conformance::{Config, Report};
use orrery_stratoyager::testkit::scenario;
use orrery_stratoyager::types::Scenario;
use orrery_stratoyager::Stratoyager;

/// The pilot episode in arcade mode (SY-26), hulks kept on the table.
fn arcade() -> Scenario {
    let mut s = scenario("pilot-episode");
    s.options.arcade = true;
    s.options.keep_hulks = true;
    s
}

orrery_core::conformance_tests! {
    Stratoyager;
    pilot_episode_random_games_keep_the_contract:
        run([scenario("pilot-episode")], Config::random_games(900, 1)) == 900,
        then |r: &Report| assert!(r.simultaneous_checks > 10_000, "{r:?}");
    dogfight_random_games_keep_the_contract:
        run([scenario("dogfight")], Config::random_games(600, 10_000)) == 600,
        then |r: &Report| assert!(r.simultaneous_checks > 500, "{r:?}");
    custom_and_arcade_random_games_keep_the_contract:
        run([scenario("asteroid-ambush"), arcade()], Config::random_games(250, 20_000)) == 500;
    /// Issue 8: saved states corrupted one JSON node at a time, many per game, each
    /// refused by deserialization or `validate`, or playable for 30 random actions.
    /// The per-step checks run rarely here; the bulk runs above cover them.
    corrupted_saved_states_are_refused_or_stay_playable:
        run(
            [scenario("pilot-episode"), scenario("dogfight"), arcade()],
            Config::corrupted_states(70, 40_000),
        ) == 210;
    /// Issue 24: games played to the end with the dice forced to their extremes (every
    /// die its highest face, every die its lowest, then the two in turn), where every
    /// seat can fall at once: no hang, no broken invariant, every seat's question
    /// answered.
    forced_dice_games_end_and_keep_the_contract:
        forced_dice([scenario("dogfight"), scenario("pilot-episode")], Config::random_games(30, 90_000));
}
