//! Arguments several commands share: which game to set up, and how long searching
//! agents think.

use crate::rulesets::{self, registry};
use anyhow::{bail, Result};
use clap::Args;
use orrery_protocol::{Registry, ScenarioSpec};
use std::path::Path;

/// The ruleset used when none is named: the first of the list.
pub const DEFAULT_RULESET: &str = orrery_rulesets::DEFAULT_ID;

/// Which game to set up; shared by `battle` and `play`.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Ruleset id (see `orrery rulesets`).
    #[arg(default_value = DEFAULT_RULESET)]
    pub ruleset: String,
    /// Built-in scenario name, or a path to a scenario file (TOML as in
    /// docs/launch-fighters-data.md, or JSON); default: the ruleset's first scenario.
    #[arg(long, short = 's')]
    pub scenario: Option<String>,
    /// Seed for all dice; the same seed and agents replay the same battle. Default: a
    /// random seed, printed so the battle can be replayed.
    #[arg(long)]
    pub seed: Option<u64>,
}

impl GameArgs {
    /// The seed (a random one is drawn in `run` when none was given).
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or_default()
    }

    /// Draw a random seed if none was given.
    pub fn pick_seed(&mut self) {
        self.seed.get_or_insert_with(orrery_protocol::random_seed);
    }
    /// The scenario to set up: a TOML or JSON file if the argument names one, else a
    /// built-in scenario name.
    pub fn scenario_spec(&self) -> Result<ScenarioSpec> {
        let Some(s) = &self.scenario else {
            return Ok(ScenarioSpec::Default);
        };
        let path = Path::new(s);
        // A name that reads as a path (an extension or a folder) is a file the user
        // meant: say it is missing rather than "no scenario `x.toml`".
        let looks_like_file = path.extension().is_some() || s.contains(['/', '\\']);
        if looks_like_file && !path.exists() {
            bail!(
                "scenario file `{s}` not found (a built-in scenario is named without an \
                 extension: `orrery rulesets` lists them)"
            );
        }
        if path.is_file() {
            let reg = registry();
            let ruleset = rulesets::get(&reg, &self.ruleset)?;
            return Ok(ScenarioSpec::Inline(crate::scenario::read(
                ruleset,
                &self.ruleset,
                path,
            )?));
        }
        Ok(ScenarioSpec::Named(s.clone()))
    }

    /// Check the ruleset id against the registry with a helpful message.
    pub fn check_ruleset(&self, registry: &Registry) -> Result<()> {
        rulesets::get(registry, &self.ruleset).map(|_| ())
    }
}

/// How long searching agents (mcts) think per decision.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct BudgetArgs {
    /// Milliseconds per decision for searching agents (default 100). Results then
    /// depend on the machine's speed and load; prefer --iterations for reproducible
    /// runs.
    #[arg(long, value_name = "MS")]
    pub budget_ms: Option<u64>,
    /// Search iterations per decision instead of a time limit: the same seed then
    /// gives the same result on any machine.
    #[arg(long, value_name = "N")]
    pub iterations: Option<u32>,
    /// Search trees grown at once on this many threads, each with the whole budget,
    /// merged at the root (root parallelism): stronger in the same wall time on a
    /// machine with that many cores. Default 1.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=64))]
    pub threads: Option<u16>,
}

impl BudgetArgs {
    pub fn budget(&self) -> orrery_agents::Budget {
        orrery_agents::Budget {
            millis: self.budget_ms,
            iterations: self.iterations,
            threads: self.threads.map(usize::from),
            ..orrery_agents::Budget::default()
        }
    }
}
