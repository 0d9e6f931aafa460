//! Agents playing some seats of a game at the terminal (`battle`, `play`).

use anyhow::{anyhow, Context, Result};
use orrery_agents::Budget;
use orrery_core::Seat;
use orrery_lab::{decision_seed, seat_seed};
use orrery_protocol::DynGame;

/// Plays agents for some seats of a game, deterministically from a seed.
pub struct AgentTable {
    names: Vec<Option<String>>,
    seed: u64,
    budget: Budget,
    decisions: Vec<u64>,
}

impl AgentTable {
    /// `names[seat]` is the agent for that seat, or `None` for a seat played by
    /// someone else.
    pub fn new(names: Vec<Option<String>>, seed: u64, budget: Budget) -> Self {
        let n = names.len();
        AgentTable {
            names,
            seed,
            budget,
            decisions: vec![0; n],
        }
    }

    /// Go on from a game in which each seat has already made `made[seat]` decisions
    /// (a resumed record): the next decision of an agent seat is seeded as it would
    /// have been in the unbroken game.
    pub fn resume_after(&mut self, made: &[u64]) {
        for (n, &m) in self.decisions.iter_mut().zip(made) {
            *n = m;
        }
    }

    pub fn agent(&self, seat: Seat) -> Option<&str> {
        self.names.get(seat.index()).and_then(|n| n.as_deref())
    }

    /// The action the seat's agent picks now (not applied).
    pub fn choose(&mut self, game: &dyn DynGame, seat: Seat) -> Result<serde_json::Value> {
        let name = self
            .agent(seat)
            .ok_or_else(|| anyhow!("seat {seat} has no agent"))?
            .to_string();
        let n = self
            .decisions
            .get_mut(seat.index())
            .ok_or_else(|| anyhow!("seat {seat} does not exist"))?;
        let s = decision_seed(seat_seed(self.seed, seat), *n);
        *n += 1;
        game.agent_action(seat, &name, s, self.budget.clone())
            .with_context(|| format!("agent `{name}` for seat {seat}"))
    }
}
