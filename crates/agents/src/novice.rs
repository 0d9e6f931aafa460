//! The novice: the heuristic's choice one time in ten, a plausible move it did not
//! think about otherwise. The `easy` level (issue 27: levels a clear margin apart).

use crate::{Agent, HeuristicAgent};
use orrery_core::{Game, Learning, SearchHints};
use orrery_core::{Rng, Seat};

/// Plays like [`HeuristicAgent`] on a decision with probability
/// [`NoviceAgent::THINKS_PERCENT`] %, and otherwise picks uniformly among the ruleset's
/// [`SearchHints::search_actions`] (sensible-looking moves, never the random agent's
/// flights off the table). Both draws come from the agent's own generator, seeded
/// per decision from what the seat knows, like every agent.
#[derive(Clone, Debug)]
pub struct NoviceAgent {
    seed: u64,
    rng: Rng,
}

impl NoviceAgent {
    /// Percentage of decisions the novice thinks through.
    pub const THINKS_PERCENT: usize = 10;

    pub fn new(seed: u64) -> Self {
        NoviceAgent {
            seed,
            rng: Rng::seed_from(seed),
        }
    }
}

impl<G: Game + SearchHints + Learning> Agent<G> for NoviceAgent {
    fn name(&self) -> &str {
        "novice"
    }

    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        if !game.to_move().contains(&seat) {
            return None;
        }
        self.rng = crate::decision_rng(self.seed, game, seat);
        if self.rng.index(100) < Self::THINKS_PERCENT {
            return HeuristicAgent::new(self.rng.next_u64()).choose(game, seat);
        }
        let mut actions = game.search_actions(seat);
        if actions.is_empty() {
            return game.sample_action(seat, &mut self.rng);
        }
        let i = self.rng.index(actions.len());
        Some(actions.swap_remove(i))
    }
}
