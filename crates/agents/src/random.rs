//! The random agent.

use crate::Agent;
use orrery_core::{Game, Learning, SearchHints};
use orrery_core::{Rng, Seat};

/// Plays [`SearchHints::sample_action`] with its own generator: uniform over the legal
/// actions by default; rulesets with huge legal sets override `sample_action` (and
/// document the distribution) so the agent need not list them all.
#[derive(Clone, Debug)]
pub struct RandomAgent {
    seed: u64,
    rng: Rng,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            seed,
            rng: Rng::seed_from(seed),
        }
    }
}

impl<G: Game + SearchHints + Learning> Agent<G> for RandomAgent {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        if !game.to_move().contains(&seat) {
            return None;
        }
        self.rng = crate::decision_rng(self.seed, game, seat);
        game.sample_action(seat, &mut self.rng)
    }
}
