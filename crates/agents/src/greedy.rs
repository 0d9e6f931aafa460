//! The greedy agent: one ply of look-ahead over the ruleset's search abstraction.

use crate::heuristic::{best_index, sampled_value};
use crate::Agent;
use orrery_core::{Game, Learning, SearchHints};
use orrery_core::{Rng, Seat};

/// One-ply greedy look-ahead.
///
/// For each candidate action the agent takes up to [`GreedyAgent::SAMPLES`] copies of
/// the game **determinized** for its seat ([`Game::determinize`]: other seats' secrets
/// resampled, the generator reseeded from the agent's own, so it never sees the real
/// dice to come), applies the action, lets the step it belongs to resolve (the other
/// seats answer with [`SearchHints::sample_action`], its own further answers of a secret step
/// with [`Game::default_action`] — the same completion as [`crate::HeuristicAgent`]'s,
/// with no further horizon) and scores the result with the ruleset's
/// [`SearchHints::evaluate`] plus [`GreedyAgent::WIN_BONUS`] if the copy is over and this
/// seat is among the winners. The mean over the samples is the candidate's value (one
/// sample when nothing random happened); the best wins, ties broken uniformly by the
/// agent's generator.
///
/// **Candidates:** [`SearchHints::search_actions`], the ruleset's representative subset
/// (every one legal; it leaves out plays that only waste, such as dice gathered and
/// not rolled); when there are more than [`GreedyAgent::sample_cap`] (default
/// [`GreedyAgent::DEFAULT_SAMPLE_CAP`]), a uniform random sample of that many.
/// Issue 9 §1: judged on the legal list one sample at a time, the agent declared
/// attacks it then did not roll (a barrage whose hit waits on the defender's choice
/// tied with stopping) and flew Stratoyager ships off the table (an order means
/// nothing until both sides' orders resolve).
#[derive(Clone, Debug)]
pub struct GreedyAgent {
    seed: u64,
    rng: Rng,
    sample_cap: usize,
}

impl GreedyAgent {
    /// Actions evaluated at most per decision, by default.
    pub const DEFAULT_SAMPLE_CAP: usize = 200;
    /// Added to the evaluation of a position where the game is over and this seat
    /// is among the winners.
    pub const WIN_BONUS: f64 = 0.5;
    /// Determinized samples per candidate at most.
    pub const SAMPLES: usize = 4;

    pub fn new(seed: u64) -> Self {
        GreedyAgent {
            seed,
            rng: Rng::seed_from(seed),
            sample_cap: Self::DEFAULT_SAMPLE_CAP,
        }
    }

    /// Evaluate at most `cap` actions per decision (at least 1).
    pub fn with_sample_cap(mut self, cap: usize) -> Self {
        self.sample_cap = cap.max(1);
        self
    }

    /// The most actions evaluated per decision.
    pub fn sample_cap(&self) -> usize {
        self.sample_cap
    }
}

impl<G: Game + SearchHints + Learning> Agent<G> for GreedyAgent {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        if !game.to_move().contains(&seat) {
            return None;
        }
        self.rng = crate::decision_rng(self.seed, game, seat);
        let mut legal = game.search_actions(seat);
        if legal.is_empty() {
            return None;
        }
        if legal.len() > self.sample_cap {
            // Partial Fisher–Yates: the first `sample_cap` entries become a uniform
            // sample without replacement.
            for i in 0..self.sample_cap {
                let j = i + self.rng.index(legal.len() - i);
                legal.swap(i, j);
            }
            legal.truncate(self.sample_cap);
        }
        // The position right after the action (horizon 0), plus a bonus for a win.
        let judge = |copy: &G| {
            let won = copy.outcome().is_some_and(|o| o.winners.contains(&seat));
            copy.evaluate(seat) + if won { Self::WIN_BONUS } else { 0.0 }
        };
        let values: Vec<Option<f64>> = legal
            .iter()
            .map(|a| sampled_value(game, seat, a, (Self::SAMPLES, 0), &mut self.rng, judge))
            .collect();
        // Nothing evaluated (every listed action was refused on the copy, which a
        // conforming ruleset never does): a uniform legal choice.
        let pick = best_index(&values, &mut self.rng);
        Some(legal.swap_remove(pick))
    }
}
