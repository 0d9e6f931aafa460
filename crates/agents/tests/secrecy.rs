//! Agents are seat-facing channels too: what an agent suggests for a seat, and the
//! suggestion's text, must not depend on anything the seat may not know (issue 8).
//! The conformance suite's leak checks run with every agent as an extra channel.

use orrery_agents::conformance_channels;
use orrery_core::conformance::{run_with, Config};
use orrery_core::Game;

fn check<G: Game>(scenarios: &[&str], games: usize) {
    let all = G::scenarios();
    let chosen: Vec<G::Scenario> = scenarios
        .iter()
        .map(|n| {
            all.iter()
                .find(|s| s.name == *n)
                .unwrap_or_else(|| panic!("no scenario {n}"))
                .scenario
                .clone()
        })
        .collect();
    let cfg = Config {
        games,
        legal_samples: 1,
        illegal_samples: 1,
        deep_every: 4,
        corruptions: 0,
        ..Config::default()
    };
    let r = run_with::<G>(&chosen, &cfg, &conformance_channels::<G>());
    r.assert_clean();
    assert!(r.simultaneous_checks > 0 || G::ID == "launch-fighters");
}

#[test]
fn agents_keep_stratoyager_secrets() {
    check::<orrery_stratoyager::Stratoyager>(&["pilot-episode", "dogfight"], 6);
}

#[test]
fn agents_keep_launch_fighters_secrets() {
    check::<orrery_launch_fighters::LaunchFighters>(&["duel"], 3);
}

#[test]
fn agents_keep_the_toy_games_secrets() {
    check::<orrery_core::toy::SealedBids>(&["default"], 20);
}
