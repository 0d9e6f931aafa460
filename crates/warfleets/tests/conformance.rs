//! The core's conformance suite over Warfleets: ≥ 2,000 random games per test run.

use orrery_core::conformance::Config;
use orrery_warfleets::testkit::scenario;
use orrery_warfleets::Warfleets;

orrery_core::conformance_tests! {
    Warfleets;
    patrol_random_games_keep_the_contract:
        run([scenario("patrol")], Config::random_games(1700, 1)) == 1700;
    /// The seed's 300- and 450-point games.
    skirmish_and_battle_random_games_keep_the_contract:
        run([scenario("skirmish"), scenario("battle")], Config::random_games(150, 10_000)) == 300;
    /// Saved states corrupted one JSON node at a time: refused or playable.
    corrupted_saved_states_are_refused_or_stay_playable:
        run([scenario("skirmish"), scenario("battle")], Config::corrupted_states(40, 40_000)) == 80;
    /// Issue 24: games played to the end with the dice forced to their extremes (every
    /// die its highest face, every die its lowest, then the two in turn), where every
    /// seat can fall at once: no hang, no broken invariant, every seat's question
    /// answered.
    forced_dice_games_end_and_keep_the_contract:
        forced_dice([scenario("patrol")], Config::random_games(40, 90_000));
}
