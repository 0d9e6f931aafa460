//! The core's conformance suite over Launch Fighters!: ≥ 2,000 random games per test
//! run across 2-, 3- and 6-player scenarios (issue "Done when"). Each test function
//! runs in its own thread, so the three share the machine's cores.

use orrery_core::conformance::{Config, Report};
use orrery_launch_fighters::testkit::scenario;
use orrery_launch_fighters::LaunchFighters;

orrery_core::conformance_tests! {
    LaunchFighters;
    two_player_random_games_keep_the_contract:
        run(
            [scenario("duel"), scenario("asteroid-field"), scenario("standard")],
            Config::random_games(300, 1),
        ) == 900,
        then |r: &Report| assert!(r.illegal_rejected > 1000, "{r:?}");
    three_player_random_games_keep_the_contract:
        run([scenario("three-way")], Config::random_games(600, 10_000)) == 600;
    six_player_random_games_keep_the_contract:
        run([scenario("melee-6")], Config::random_games(500, 20_000)) == 500;
    /// The scenario with objectives (LF-17 (c)), an exit area (LF-16 (3)) and every
    /// optional rule of LF-19 on: hold points, escapes, fighter warp and holds that can
    /// be hit all meet the contract and the state validation in random play.
    scenario_conditions_and_optional_rules_keep_the_contract:
        run([scenario("convoy-run")], Config::random_games(300, 30_000)) == 300;
    /// Issue 24: games played to the end with the dice forced to their extremes (every
    /// die its highest face, every die its lowest, then the two in turn), where every
    /// seat can fall at once: no hang, no broken invariant, every seat's question
    /// answered.
    forced_dice_games_end_and_keep_the_contract:
        forced_dice([scenario("duel"), scenario("three-way")], Config::random_games(30, 90_000));
}
