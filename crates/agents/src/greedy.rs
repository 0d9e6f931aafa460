//! The greedy agent: one ply of look-ahead on the full legal set (sampled).

use crate::Agent;
use orrery_core::{Game, Rng, Seat};

/// One-ply greedy look-ahead.
///
/// For each candidate action the agent clones the game and **determinizes** the
/// clone for its seat ([`Game::determinize`]: other seats' secrets resampled, the
/// generator reseeded from the agent's own, so it never sees the real dice to come),
/// applies the action and scores the result with the ruleset's [`Game::evaluate`]
/// (by default `my score − best opponent score`),
/// plus [`GreedyAgent::WIN_BONUS`] if the copy is over and this seat is among the
/// winners. The best score wins; ties are broken uniformly by the agent's generator.
///
/// **Abstraction:** when there are more than [`GreedyAgent::sample_cap`] legal
/// actions (default [`GreedyAgent::DEFAULT_SAMPLE_CAP`]), only a uniform random
/// sample of that many (without replacement) is evaluated. The agent therefore
/// chooses among the sample, not the full legal set; every action it returns is
/// still legal. It deliberately keeps to the legal set rather than
/// [`Game::search_actions`], so its documented behaviour (the protocol's `greedy`)
/// does not change with a ruleset's search abstraction; [`crate::HeuristicAgent`]
/// is the agent that uses the abstraction.
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

    fn evaluate<G: Game>(&mut self, game: &G, seat: Seat, action: &G::Action) -> Option<f64> {
        let mut copy = game.clone();
        copy.determinize(seat, &mut self.rng);
        copy.apply(seat, action).ok()?;
        let mut value = copy.evaluate(seat);
        if let Some(outcome) = copy.outcome() {
            if outcome.winners.contains(&seat) {
                value += Self::WIN_BONUS;
            }
        }
        Some(value)
    }
}

impl<G: Game> Agent<G> for GreedyAgent {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        self.rng = crate::decision_rng(self.seed, game, seat);
        let mut legal = game.legal_actions(seat);
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
        let mut best: Vec<usize> = Vec::new();
        let mut best_value = f64::NEG_INFINITY;
        for (i, action) in legal.iter().enumerate() {
            let Some(value) = self.evaluate(game, seat, action) else {
                continue;
            };
            if value.is_nan() {
                continue;
            }
            if value > best_value {
                best_value = value;
                best.clear();
                best.push(i);
            } else if value == best_value {
                best.push(i);
            }
        }
        // Nothing evaluated (every listed action was refused on the copy, which a
        // conforming ruleset never does): fall back to a uniform legal choice.
        let pick = match best.len() {
            0 => self.rng.index(legal.len()),
            1 => best.first().copied().unwrap_or(0),
            n => best.get(self.rng.index(n)).copied().unwrap_or(0),
        };
        if pick < legal.len() {
            Some(legal.swap_remove(pick))
        } else {
            None
        }
    }
}
