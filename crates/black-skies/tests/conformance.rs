//! The core's conformance suite over Black Skies: ≥ 2,000 random games per test run,
//! with the leak check on every face-down card (set-up commitments and each card
//! committed after an activation).

use orrery_black_skies::testkit::scenario;
use orrery_black_skies::BlackSkies;
use orrery_core::conformance::{run, run_forced_dice, Config};

#[test]
fn duel_random_games_keep_the_contract() {
    let r = run::<BlackSkies>(&[scenario("duel")], &Config::random_games(1000, 1));
    r.assert_clean();
    assert_eq!(r.games, 1000);
    assert!(r.simultaneous_checks > 1000, "{r:?}");
}

#[test]
fn squadron_random_games_keep_the_contract() {
    let r = run::<BlackSkies>(&[scenario("squadron")], &Config::random_games(600, 10_000));
    r.assert_clean();
    assert_eq!(r.games, 600);
}

/// Asteroid fields (BS-13) and an uneven squadron (BS-03 groups; a lone fighter).
#[test]
fn asteroids_and_uneven_sides_keep_the_contract() {
    let mut s = scenario("squadron");
    s.asteroids = vec![
        orrery_black_skies::scenario::Asteroid {
            x: 24.0,
            y: 24.0,
            radius: 6.0,
        },
        orrery_black_skies::scenario::Asteroid {
            x: 10.0,
            y: 30.0,
            radius: 3.0,
        },
    ];
    s.sides[1].elements.truncate(2);
    s.sides[1].elements[1].pilots.truncate(1);
    let r = run::<BlackSkies>(&[s], &Config::random_games(400, 20_000));
    r.assert_clean();
    assert_eq!(r.games, 400);
}

/// Saved states corrupted one JSON node at a time: refused or playable.
#[test]
fn corrupted_saved_states_are_refused_or_stay_playable() {
    let cfg = Config::corrupted_states(60, 40_000);
    let r = run::<BlackSkies>(&[scenario("duel"), scenario("squadron")], &cfg);
    r.assert_clean();
    assert_eq!(r.games, 120);
}

/// Issue 24: games played to the end with the dice forced to their extremes (every
/// die its highest face, every die its lowest, then the two in turn), where every
/// seat can fall at once: no hang, no broken invariant, every seat's question answered.
#[test]
fn forced_dice_games_end_and_keep_the_contract() {
    let r = run_forced_dice::<BlackSkies>(
        &[scenario("duel"), scenario("squadron")],
        &Config::random_games(30, 90_000),
    );
    r.assert_clean();
    assert!(r.games > 0);
}
