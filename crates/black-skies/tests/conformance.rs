//! The core's conformance suite over Black Skies: ≥ 2,000 random games per test run,
//! with the leak check on every face-down card (set-up commitments and each card
//! committed after an activation).

use orrery_black_skies::scenario::{Asteroid, Scenario};
use orrery_black_skies::testkit::scenario;
use orrery_black_skies::BlackSkies;
use orrery_core::conformance::{Config, Report};

/// Asteroid fields (BS-13) and an uneven squadron (BS-03 groups; a lone fighter).
fn asteroids_and_uneven_sides() -> Scenario {
    let mut s = scenario("squadron");
    let rock = |x, y, radius| Asteroid { x, y, radius };
    s.asteroids = vec![rock(24.0, 24.0, 6.0), rock(10.0, 30.0, 3.0)];
    s.sides[1].elements.truncate(2);
    s.sides[1].elements[1].pilots.truncate(1);
    s
}

orrery_core::conformance_tests! {
    BlackSkies;
    duel_random_games_keep_the_contract:
        run([scenario("duel")], Config::random_games(1000, 1)) == 1000,
        then |r: &Report| assert!(r.simultaneous_checks > 1000, "{r:?}");
    squadron_random_games_keep_the_contract:
        run([scenario("squadron")], Config::random_games(600, 10_000)) == 600;
    asteroids_and_uneven_sides_keep_the_contract:
        run([asteroids_and_uneven_sides()], Config::random_games(400, 20_000)) == 400;
    /// Saved states corrupted one JSON node at a time: refused or playable.
    corrupted_saved_states_are_refused_or_stay_playable:
        run([scenario("duel"), scenario("squadron")], Config::corrupted_states(60, 40_000)) == 120;
    /// Issue 24: games played to the end with the dice forced to their extremes (every
    /// die its highest face, every die its lowest, then the two in turn), where every
    /// seat can fall at once: no hang, no broken invariant, every seat's question
    /// answered.
    forced_dice_games_end_and_keep_the_contract:
        forced_dice([scenario("duel"), scenario("squadron")], Config::random_games(30, 90_000));
}
