//! `orrery battle`: agents against agents, narrated.

use crate::agents::AgentTable;
use crate::args::{BudgetArgs, GameArgs};
use crate::report::{print_event, score_rows, score_table};
use crate::rulesets::registry;
use anyhow::{anyhow, bail, Context, Result};
use serde_json::json;

/// More decisions than any sane battle takes; a game still running then is a ruleset
/// bug, reported instead of looping forever.
const DECISION_LIMIT: u64 = 2_000_000;

#[derive(clap::Args, Debug)]
pub struct BattleArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Agents by name, comma-separated, one per seat in seat order; the list is cycled
    /// over the seats (known: random, greedy, heuristic, mcts, novice, default, and the levels
    /// easy, normal, hard; see docs/agents.md).
    #[arg(long, short = 'a', value_delimiter = ',', default_value = "greedy")]
    agents: Vec<String>,
    #[command(flatten)]
    budget: BudgetArgs,
    /// Print only the result (victory point table and hash), not the narration.
    #[arg(long, short = 'q')]
    quiet: bool,
    /// Print the result as one JSON object instead of text (no narration).
    #[arg(long)]
    json: bool,
    /// Write the battle's record (ruleset, scenario, seed, every action) to FILE, for
    /// `orrery replay FILE` or the engine's `load`.
    #[arg(long, value_name = "FILE")]
    save: Option<std::path::PathBuf>,
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
            game.apply_only(seat, &action).map_err(|e| {
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
        crate::saved::save(game.as_ref(), path)?;
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
