//! The core's conformance suite over Warfleets: ≥ 2,000 random games per test run.

use orrery_core::conformance::{run, run_forced_dice, Config};
use orrery_warfleets::testkit::scenario;
use orrery_warfleets::Warfleets;

fn config(games: usize, first_seed: u64) -> Config {
    Config {
        games,
        first_seed,
        legal_samples: 1,
        illegal_samples: 2,
        check_every: 1,
        ..Config::default()
    }
}

#[test]
fn patrol_random_games_keep_the_contract() {
    let r = run::<Warfleets>(&[scenario("patrol")], &config(1700, 1));
    r.assert_clean();
    assert_eq!(r.games, 1700);
}

/// The seed's 300- and 450-point games.
#[test]
fn skirmish_and_battle_random_games_keep_the_contract() {
    let r = run::<Warfleets>(
        &[scenario("skirmish"), scenario("battle")],
        &config(150, 10_000),
    );
    r.assert_clean();
    assert_eq!(r.games, 300);
}

/// Saved states corrupted one JSON node at a time: refused or playable.
#[test]
fn corrupted_saved_states_are_refused_or_stay_playable() {
    let cfg = Config {
        games: 40,
        first_seed: 40_000,
        legal_samples: 0,
        illegal_samples: 0,
        check_every: 1_000,
        deep_every: 0,
        corruptions: 30,
        corrupt_steps: 30,
        ..Config::default()
    };
    let r = run::<Warfleets>(&[scenario("skirmish"), scenario("battle")], &cfg);
    r.assert_clean();
    assert_eq!(r.games, 80);
}

/// Issue 24: games played to the end with the dice forced to their extremes (every
/// die its highest face, every die its lowest, then the two in turn), where every
/// seat can fall at once: no hang, no broken invariant, every seat's question answered.
#[test]
fn forced_dice_games_end_and_keep_the_contract() {
    let r = run_forced_dice::<Warfleets>(&[scenario("patrol")], &config(40, 90_000));
    r.assert_clean();
    assert!(r.games > 0);
}
