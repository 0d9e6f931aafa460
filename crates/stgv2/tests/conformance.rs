//! The core's conformance suite over STGv2: ≥ 2,000 random games per test run on 2-,
//! 4- and 6-player tables, hidden deck order included in the leak check.

use orrery_core::conformance::Config;
use orrery_stgv2::testkit::scenario;
use orrery_stgv2::{Scenario, Stgv2};

/// The standard run, comparing worlds on every 16th step (STGv2's views are large).
fn config(games: usize, first_seed: u64) -> Config {
    Config {
        deep_every: 16,
        ..Config::random_games(games, first_seed)
    }
}

/// `name` cut to `rounds` rounds and a lower target, so random games end in time
/// (the rules are the same; the full 40 rounds are played below too).
fn short(name: &str, rounds: u32) -> Scenario {
    let mut s = scenario(name);
    s.rules.rounds = rounds;
    s.rules.target = 12_000;
    s
}

orrery_core::conformance_tests! {
    Stgv2;
    two_player_random_games_keep_the_contract:
        run([short("outpost", 10)], config(1000, 1)) == 1000;
    four_player_random_games_keep_the_contract:
        run([short("outpost-4", 6)], config(600, 20_000)) == 600;
    six_and_three_player_random_games_keep_the_contract:
        run(
            [short("outpost-6", 5), short("outpost-3", 6), short("outpost-5", 5)],
            config(120, 40_000),
        ) == 360;
    /// The shipped scenarios as they are: 40 rounds, 25,000 Spendys.
    full_length_games_keep_the_contract:
        run(
            [scenario("outpost"), scenario("outpost-4")],
            Config { check_every: 4, ..config(20, 60_000) },
        ) == 40;
    /// Saved states corrupted one JSON node at a time: refused or playable.
    corrupted_saved_states_are_refused_or_stay_playable:
        run([short("outpost", 10), short("outpost-6", 5)], Config::corrupted_states(40, 80_000)) == 80;
    /// Issue 24: games played to the end with the dice forced to their extremes (every
    /// die its highest face, every die its lowest, then the two in turn), where every
    /// seat can fall at once: no hang, no broken invariant, every seat's question
    /// answered.
    forced_dice_games_end_and_keep_the_contract:
        forced_dice([short("outpost", 6), short("outpost-3", 6)], config(30, 90_000));
}
