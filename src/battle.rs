//! `orrery battle`: agents against agents, narrated.

use crate::report::{print_event, score_rows, score_table};
use crate::{registry, BattleArgs};
use anyhow::{anyhow, bail, Context, Result};
use orrery_agents::Budget;
use orrery_core::Seat;
use orrery_protocol::DynGame;
use serde_json::json;

/// More decisions than any sane battle takes; a game still running then is a ruleset
/// bug, reported instead of looping forever.
const DECISION_LIMIT: u64 = 2_000_000;

pub use orrery_lab::{decision_seed, seat_seed};

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
        game.agent_action(seat, &name, s, self.budget)
            .with_context(|| format!("agent `{name}` for seat {seat}"))
    }
}

pub fn run(a: &BattleArgs) -> Result<()> {
    let reg = registry();
    a.game.check_ruleset(&reg)?;
    if a.agents.is_empty() || a.agents.iter().any(|s| s.trim().is_empty()) {
        bail!(
            "--agents needs at least one agent name (known: {})",
            orrery_agents::AGENT_NAMES.join(", ")
        );
    }
    let mut game = reg
        .new_game(&a.game.ruleset, a.game.scenario_spec()?, a.game.seed())
        .with_context(|| format!("cannot set up a `{}` game", a.game.ruleset))?;
    let seats = game.seats();
    let names: Vec<Option<String>> = (0..usize::from(seats))
        .map(|i| Some(a.agents[i % a.agents.len()].trim().to_string()))
        .collect();
    // Fail early on an unknown agent name, before any narration.
    for name in names.iter().flatten() {
        if !orrery_agents::is_known(name) {
            bail!(
                "unknown agent `{name}`{} (known agents: {}; levels: easy, normal, hard)",
                orrery_agents::agent_hint(name),
                orrery_agents::AGENT_NAMES.join(", ")
            );
        }
    }
    let narrate = !a.quiet && !a.json;
    if narrate {
        println!(
            "{} battle, seed {}: {}",
            game.ruleset(),
            a.game.seed(),
            names
                .iter()
                .enumerate()
                .map(|(i, n)| format!("P{i} {}", n.as_deref().unwrap_or("?")))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let mut agents = AgentTable::new(names.clone(), a.game.seed(), a.budget.budget());
    let mut since = 0usize;
    let mut decisions = 0u64;
    if narrate {
        // Events logged at set-up, if the ruleset logs any.
        let (events, next) = game.events(None, since);
        events.iter().for_each(print_event);
        since = next;
    }
    loop {
        let status = game.status();
        if status.terminal {
            break;
        }
        if status.to_move.is_empty() {
            bail!("the game is not over but nobody is to move (a ruleset bug)");
        }
        for seat in status.to_move {
            let action = agents.choose(game.as_ref(), seat)?;
            game.apply(seat, &action).map_err(|e| {
                anyhow!("agent for seat {seat} chose a refused action {action}: {e}")
            })?;
            decisions += 1;
        }
        if narrate {
            let (events, next) = game.events(None, since);
            events.iter().for_each(print_event);
            since = next;
        }
        if decisions > DECISION_LIMIT {
            bail!("the battle did not end after {DECISION_LIMIT} decisions");
        }
    }
    let status = game.status();
    if let Some(path) = &a.save {
        // The battle is over: nothing is secret any more, the whole record is saved.
        crate::play::save_record(game.as_ref(), path)?;
    }
    if a.json {
        let o = game.outcome();
        let out = json!({
            "ruleset": game.ruleset(),
            "seed": a.game.seed(),
            "agents": names,
            "turn": status.turn,
            "decisions": decisions,
            "scores": o.scores,
            "winners": o.winners,
            "reason": o.reason,
            "table": score_rows(game.as_ref()),
            "ending": game.ending(),
            "hash": status.hash,
        });
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    if narrate {
        println!();
    }
    print!("{}", score_table(game.as_ref()));
    println!(
        "Turns: {}   decisions: {}   final hash: {}   seed: {}",
        status.turn,
        decisions,
        status.hash,
        a.game.seed()
    );
    Ok(())
}
