//! # orrery-agents
//!
//! Agents that play any Orrery ruleset through the core [`Game`] trait. An agent
//! owns its own random generator (seeded at construction) and never draws from the
//! game's: the same seed and the same game position always give the same choice.
//!
//! - [`RandomAgent`] (`random`): uniform over the legal actions.
//! - [`GreedyAgent`] (`greedy`): one-ply look-ahead on copies of the state whose dice
//!   have been reseeded from the agent's own generator, maximising
//!   *my score − best opponent score* (plus a small bonus for a finished game it wins).
//!
//! Use [`by_name`] to build an agent from one of [`AGENT_NAMES`].

use orrery_core::{Game, Rng, Seat};
use thiserror::Error;

/// Something that picks actions for a seat.
pub trait Agent<G: Game>: Send {
    /// The agent's name, as accepted by [`by_name`].
    fn name(&self) -> &str;

    /// Choose an action for `seat` in `game`, or `None` when the seat has no legal
    /// action (it is not to move, or the game is over).
    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action>;
}

/// Every name [`by_name`] accepts.
pub const AGENT_NAMES: &[&str] = &["random", "greedy", "default"];

/// [`by_name`] was given a name that is not in [`AGENT_NAMES`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown agent `{name}` (known agents: {})", AGENT_NAMES.join(", "))]
pub struct UnknownAgent {
    pub name: String,
}

/// How long a searching agent may think per decision. `None` everywhere = the
/// agent's own default. With only `iterations` set, a searching agent is
/// deterministic for a given seed; a time budget depends on the machine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock milliseconds per decision.
    pub millis: Option<u64>,
    /// Search iterations per decision.
    pub iterations: Option<u32>,
}

/// Build the agent called `name`, seeded with `seed`, with the agent's default budget.
pub fn by_name<G: Game>(name: &str, seed: u64) -> Result<Box<dyn Agent<G>>, UnknownAgent> {
    by_name_with(name, seed, Budget::default())
}

/// Build the agent called `name`, seeded with `seed`, thinking within `budget` (only
/// searching agents use it).
pub fn by_name_with<G: Game>(
    name: &str,
    seed: u64,
    budget: Budget,
) -> Result<Box<dyn Agent<G>>, UnknownAgent> {
    let _ = budget;
    match name {
        "random" => Ok(Box::new(RandomAgent::new(seed))),
        "greedy" => Ok(Box::new(GreedyAgent::new(seed))),
        "default" => Ok(Box::new(DefaultAgent)),
        _ => Err(UnknownAgent {
            name: name.to_string(),
        }),
    }
}

/// Plays the ruleset's timeout default ([`Game::default_action`]): what a server
/// plays for a seat whose clock ran out.
#[derive(Clone, Copy, Debug, Default)]
pub struct DefaultAgent;

impl<G: Game> Agent<G> for DefaultAgent {
    fn name(&self) -> &str {
        "default"
    }

    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        game.default_action(seat)
    }
}

/// Picks uniformly among the legal actions, with its own generator.
#[derive(Clone, Debug)]
pub struct RandomAgent {
    rng: Rng,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: Rng::seed_from(seed),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &G, seat: Seat) -> Option<G::Action> {
        let mut legal = game.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let i = self.rng.index(legal.len());
        Some(legal.swap_remove(i))
    }
}

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
/// still legal.
///
#[derive(Clone, Debug)]
pub struct GreedyAgent {
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

#[cfg(test)]
mod tests {
    use super::*;
    use orrery_core::toy::SealedBids;

    #[test]
    fn names_resolve() {
        for &n in AGENT_NAMES {
            let a = by_name::<SealedBids>(n, 1).unwrap();
            assert_eq!(a.name(), n);
        }
        let err = by_name::<SealedBids>("oracle", 1).err().unwrap();
        assert_eq!(err.name, "oracle");
        assert!(err.to_string().contains("random"));
    }
}
