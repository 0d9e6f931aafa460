//! Issue 9 §1: "After `undo`, the AI answers the same position differently, so a player
//! can re-roll the opponent. An agent's choice must depend only on the position, the
//! game's seed and its seat." One agent object asked about a position, then about
//! others, then about the first again (as after an undo) answers it the same way.

use orrery_agents::{by_name_with, Budget, AGENT_NAMES};
use orrery_core::FullGame;
use orrery_core::{Rng, Seat};
use orrery_launch_fighters::LaunchFighters;
use orrery_stratoyager::Stratoyager;

/// Positions along a random game: (game, seat to move).
fn positions<G: FullGame>(seed: u64, n: usize) -> Vec<(G, Seat)> {
    let scenario = G::scenarios()[0].scenario.clone();
    let mut g = G::setup(&scenario, seed).expect("set-up");
    let mut rng = Rng::seed_from(seed);
    let mut out = Vec::new();
    for _ in 0..n * 3 {
        let Some(&seat) = g.to_move().first() else {
            break;
        };
        if out.len() < n && g.legal_actions(seat).len() > 1 {
            out.push((g.clone(), seat));
        }
        let a = g.sample_action(seat, &mut rng).expect("a legal action");
        g.apply(seat, &a).expect("legal");
    }
    out
}

fn same_answer_after_other_positions<G: FullGame>() {
    let ps = positions::<G>(11, 6);
    assert!(ps.len() >= 3);
    for &name in AGENT_NAMES {
        let mut agent = by_name_with::<G>(name, 5, Budget::iterations(16)).unwrap();
        let first: Vec<_> = ps.iter().map(|(g, s)| agent.choose(g, *s)).collect();
        // Ask again in reverse order: the agent's generator has moved on meanwhile.
        let again: Vec<_> = ps.iter().rev().map(|(g, s)| agent.choose(g, *s)).collect();
        let again: Vec<_> = again.into_iter().rev().collect();
        assert_eq!(
            first, again,
            "{name} answered a position differently the second time"
        );
        // A fresh agent with the same seed answers alike.
        let mut fresh = by_name_with::<G>(name, 5, Budget::iterations(16)).unwrap();
        let (g, s) = &ps[ps.len() - 1];
        assert_eq!(fresh.choose(g, *s), first[ps.len() - 1], "{name}");
    }
}

#[test]
fn issue9_an_agent_answers_a_position_the_same_way_every_time_launch_fighters() {
    same_answer_after_other_positions::<LaunchFighters>();
}

#[test]
fn issue9_an_agent_answers_a_position_the_same_way_every_time_stratoyager() {
    same_answer_after_other_positions::<Stratoyager>();
}
