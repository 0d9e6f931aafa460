//! Agents are seat-facing channels too: what an agent suggests for a seat, and the
//! suggestion's text, must not depend on anything the seat may not know (issue 8).
//! The conformance suite's leak checks run with every agent as an extra channel, in
//! every ruleset (issue 27; here, in the lab crate, because it reaches all five).

use orrery_agents::{conformance_channels, estimate_channels};
use orrery_core::conformance::{run_with, Config};
use orrery_core::{FullGame, Game};

use orrery_core::conformance::scenario as named;

fn check<G: FullGame>(scenarios: &[&str], games: usize) {
    let chosen: Vec<G::Scenario> = scenarios.iter().map(|n| named::<G>(n)).collect();
    check_scenarios::<G>(&chosen, games);
}

fn check_scenarios<G: FullGame>(chosen: &[G::Scenario], games: usize) {
    let cfg = Config {
        games,
        legal_samples: 1,
        illegal_samples: 1,
        deep_every: 4,
        corruptions: 0,
        ..Config::default()
    };
    let mut channels = conformance_channels::<G>();
    channels.extend(estimate_channels::<G>());
    let r = run_with::<G>(chosen, &cfg, &channels);
    r.assert_clean();
    assert!(r.games > 0 && r.actions > 0);
    // Rulesets with secret commitments had them checked (Launch Fighters!, Warfleets
    // and STGv2 have none: their hidden parts are dice and decks, compared across
    // worlds at every step).
    let secret_orders = !matches!(G::INFO.id, "launch-fighters" | "warfleets" | "stgv2");
    assert!(
        r.simultaneous_checks > 0 || !secret_orders,
        "no secret order checked"
    );
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

#[test]
fn agents_keep_black_skies_secrets() {
    check::<orrery_black_skies::BlackSkies>(&["duel"], 4);
}

#[test]
fn agents_keep_warfleets_secrets() {
    check::<orrery_warfleets::Warfleets>(&["patrol"], 2);
}

#[test]
fn agents_keep_stgv2_secrets() {
    // Cut short so that a game ends within the test's time (the rules are the same).
    let mut two = named::<orrery_stgv2::Stgv2>("outpost");
    two.rules.rounds = 4;
    let mut four = named::<orrery_stgv2::Stgv2>("outpost-4");
    four.rules.rounds = 2;
    check_scenarios::<orrery_stgv2::Stgv2>(&[two, four], 2);
}

/// Issue 37 §3: in the Stratoyager dogfight, two games that differ only in seat 1's
/// secret choice (its dogfight card, a Movement Action order), played on with the
/// same actions while seat 0's view stays the same, must get the same pick from
/// seat 0's agents. Before the view kept the movement cards turned up (and the orders
/// flown), the heuristic's pick differed in 10 of 600 such calls: its determinized
/// copy kept the card the view had forgotten, and its random stream went another way.
#[test]
fn an_agents_pick_does_not_depend_on_the_other_sides_secret_cards_later_on() {
    use orrery_agents::by_name;
    use orrery_core::{Rng, Seat};
    use orrery_stratoyager::Stratoyager;
    let sc = named::<Stratoyager>("dogfight");
    for agent in ["heuristic", "mcts@100"] {
        let mut calls = 0;
        for seed in 0.. {
            if calls >= 600 {
                break;
            }
            let mut g = Stratoyager::setup(&sc, seed).unwrap();
            let mut rng = Rng::seed_from(seed + 1000);
            while !g.is_terminal() && calls < 600 {
                let movers = g.to_move();
                let s = movers[rng.index(movers.len())];
                let acts = g.legal_actions(s);
                let k = rng.index(acts.len());
                let before = g.clone();
                g.apply(s, &acts[k]).unwrap();
                if s != Seat(1) || acts.len() < 2 || g.unrevealed(s) == 0 {
                    continue;
                }
                let mut twin = before;
                let other = (k + 1 + rng.index(acts.len() - 1)) % acts.len();
                twin.apply(s, &acts[other]).unwrap();
                let (mut x, mut y) = (g.clone(), twin);
                for _ in 0..20 {
                    let me = Seat(0);
                    if x.view(Some(me)) != y.view(Some(me)) || !x.to_move().contains(&me) {
                        break;
                    }
                    calls += 1;
                    let a = by_name::<Stratoyager>(agent, seed).unwrap().choose(&x, me);
                    let b = by_name::<Stratoyager>(agent, seed).unwrap().choose(&y, me);
                    assert_eq!(a, b, "{agent}, game {seed}: seat 0 cannot tell these apart");
                    let l = x.legal_actions(me);
                    let a = l[rng.index(l.len())].clone();
                    if x.apply(me, &a).is_err() || y.apply(me, &a).is_err() {
                        break;
                    }
                }
            }
        }
    }
}
