//! Scenario files: reading them for `battle`, `play` and `sim`, and `orrery scenario
//! check FILE`, which reads one, sets it up under its ruleset's rules and lists the
//! forces it fields. The ruleset reads its own format ([`orrery_core::Game::
//! scenario_from_text`]); nothing here names a ruleset.

use anyhow::{bail, Context, Result};
use orrery_core::SetupError;
use orrery_protocol::{Registry, Ruleset, ScenarioCheck};
use serde_json::Value;
use std::fmt::Write as _;
use std::path::Path;

#[derive(clap::Subcommand, Debug)]
pub enum ScenarioCommand {
    /// Check a scenario file (TOML in the ruleset's format, see docs/*-data.md, or
    /// JSON): read it, set it up under every rule of its ruleset, and list each seat's
    /// units and points; exits non-zero listing every problem with file, field and
    /// reason.
    #[command(after_help = "Examples:
  orrery scenario check my-battle.toml
  orrery scenario check my-battle.toml --ruleset stratoyager --json")]
    Check {
        /// The scenario file to check.
        file: std::path::PathBuf,
        /// The ruleset the file is for; default: the ruleset that sets it up (or,
        /// when none does, the one with the fewest problems).
        #[arg(long, short = 'r')]
        ruleset: Option<String>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Read scenario file `path` for `ruleset`: TOML (`.toml`) in the ruleset's own
/// format, anything else as JSON. Problems name the file, field and reason.
pub fn read(ruleset: &dyn Ruleset, id: &str, path: &Path) -> Result<Value> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read scenario file {}", path.display()))?;
    read_text(ruleset, &text, path)
        .map_err(|e| anyhow::anyhow!("{}", problems(&e)))
        .with_context(|| format!("{} is not a {id} scenario", path.display()))
}

fn read_text(ruleset: &dyn Ruleset, text: &str, path: &Path) -> Result<Value, SetupError> {
    let file = path.display().to_string();
    if path.extension().is_some_and(|e| e == "toml") {
        return ruleset.scenario_from_text(text, &file).unwrap_or_else(|| {
            Err(SetupError::one(format!(
                "{file}: this ruleset reads scenarios as JSON only"
            )))
        });
    }
    serde_json::from_str(text).map_err(|e| SetupError::one(format!("{file}: not JSON: {e}")))
}

fn problems(e: &SetupError) -> String {
    let n = e.problems.len();
    let mut out = format!("{n} problem{}:", if n == 1 { "" } else { "s" });
    for p in &e.problems {
        let _ = write!(out, "\n  {p}");
    }
    out
}

/// Read and set up `path` under `ruleset`: the scenario's name and its check.
fn check_one(
    ruleset: &dyn Ruleset,
    text: &str,
    path: &Path,
) -> Result<(String, ScenarioCheck), SetupError> {
    let v = read_text(ruleset, text, path)?;
    let name = v
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    Ok((name, ruleset.check_scenario(v)?))
}

/// `orrery scenario check FILE [--ruleset ID] [--json]`. Without `--ruleset` the
/// file is tried under every ruleset; the one that sets it up is reported, or, when
/// none does, the one with the fewest problems (the likeliest meant).
pub fn check(registry: &Registry, file: &Path, ruleset: Option<&str>, json: bool) -> Result<()> {
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("cannot read scenario file {}", file.display()))?;
    let ids = crate::rulesets::candidates(registry, ruleset)?;
    let mut tried: Vec<(String, SetupError)> = Vec::new();
    for id in &ids {
        let Some(r) = registry.get(id) else { continue };
        match check_one(r, &text, file) {
            Ok((name, c)) => {
                if json {
                    let v = serde_json::json!({ "file": file.display().to_string(),
                        "name": name, "ok": true, "check": c });
                    println!("{}", serde_json::to_string_pretty(&v)?);
                } else {
                    print!("{}", summary(file, &name, &c));
                }
                return Ok(());
            }
            Err(e) => tried.push((id.clone(), e)),
        }
    }
    let Some((id, e)) = tried.into_iter().min_by_key(|(_, e)| e.problems.len()) else {
        bail!("no ruleset is registered");
    };
    if json {
        let v = serde_json::json!({ "file": file.display().to_string(), "ok": false,
            "ruleset": id, "problems": e.problems });
        println!("{}", serde_json::to_string_pretty(&v)?);
    }
    let hint = if ruleset.is_none() && ids.len() > 1 {
        " (the closest of every ruleset; --ruleset ID checks it as another)"
    } else {
        ""
    };
    bail!(
        "{} is not a valid {id} scenario{hint}: {}",
        file.display(),
        problems(&e)
    )
}

/// "Scenario "X" (FILE): OK as a RULESET scenario", then each seat's units and points.
fn summary(file: &Path, name: &str, c: &ScenarioCheck) -> String {
    let mut out = format!(
        "Scenario \"{name}\" ({}): OK as a {} scenario, {} seats\n",
        file.display(),
        c.ruleset,
        c.seats
    );
    for seat in 0..c.seats {
        let units: Vec<_> = c.units.iter().filter(|u| u.seat.0 == seat).collect();
        let total: f64 = units.iter().map(|u| u.points).sum();
        // Alike units in a row are listed once with their count.
        let mut list: Vec<(String, f64, usize)> = Vec::new();
        for u in &units {
            match list.last_mut() {
                Some((k, p, n)) if *k == u.kind && *p == u.points => *n += 1,
                _ => list.push((u.kind.clone(), u.points, 1)),
            }
        }
        let list: Vec<String> = list
            .into_iter()
            .map(|(k, p, n)| match n {
                1 => format!("{k} {p}"),
                _ => format!("{n} × {k} {p}"),
            })
            .collect();
        let _ = writeln!(
            out,
            "  P{seat}  {} unit{}, {total} points: {}",
            units.len(),
            if units.len() == 1 { "" } else { "s" },
            list.join(", ")
        );
    }
    out
}
