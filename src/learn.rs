//! `orrery learn RULESET`: the ruleset's guided first battle at the terminal (issue
//! 41). A small battle against the `easy` AI whose lessons each teach one idea when
//! its question first comes: what to do (the choices it asks for, by number), what
//! just happened, and the rule it comes from; `undo` tries a choice again. After the
//! last lesson the battle goes on as a real game.

use crate::play::{run_with, PlayArgs};
use crate::rulesets::registry;
use anyhow::{anyhow, Result};
use orrery_protocol::tutorial::Lessons;

#[derive(clap::Args, Debug)]
pub struct LearnArgs {
    /// Ruleset id (see `orrery rulesets`).
    pub ruleset: String,
    /// Save the battle to FILE after every action (go on with `orrery play --resume`).
    #[arg(long, value_name = "FILE")]
    pub save: Option<std::path::PathBuf>,
}

pub fn run(a: &LearnArgs) -> Result<()> {
    let reg = registry();
    let ruleset = crate::rulesets::get(&reg, &a.ruleset)?;
    let lessons = Lessons::of(ruleset)
        .ok_or_else(|| anyhow!("`{}` has no guided first battle yet", a.ruleset))?
        .map_err(|e| anyhow!("the guided battle cannot be read:\n{e}"))?;
    let args = PlayArgs::for_lessons(&lessons, a.save.clone());
    run_with(&args, Some(lessons))
}
