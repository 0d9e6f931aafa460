//! `orrery fleet check FILE [--ruleset ID] [--json]`: validate a fleet file and show
//! its costs. The ruleset reads its own format and writes the report
//! ([`orrery_core::Game::fleet_check`]); nothing here names a ruleset.

use anyhow::{bail, Context, Result};
use orrery_core::FileError;
use orrery_protocol::Registry;
use std::path::Path;

/// Check `file`. Without `ruleset` it is tried under every ruleset that has fleet
/// files; the one that accepts it reports, or, when none does, the one with the
/// fewest problems (the likeliest meant), as `orrery scenario check` does.
pub fn check(registry: &Registry, file: &Path, ruleset: Option<&str>, json: bool) -> Result<()> {
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("cannot read fleet file {}", file.display()))?;
    let name = file.display().to_string();
    let ids = crate::rulesets::candidates(registry, ruleset)?;
    let mut tried: Vec<(String, FileError)> = Vec::new();
    for id in &ids {
        let Some(r) = registry.get(id) else { continue };
        match r.fleet_check(&text, &name) {
            None => {}
            Some(Ok(report)) => {
                if json {
                    println!("{}", report.json);
                } else {
                    print!("{}", report.text);
                }
                return Ok(());
            }
            Some(Err(e)) => tried.push((id.clone(), e)),
        }
    }
    let several = tried.len() > 1;
    let Some((id, e)) = tried.into_iter().min_by_key(|(_, e)| e.problems.len()) else {
        bail!("{}", no_fleet_files(registry, ruleset));
    };
    if json {
        println!("{}", e.json);
    }
    let n = e.problems.len();
    let hint = if several {
        format!("\n(read as a {id} fleet file, the closest of every ruleset; --ruleset ID reads it as another)")
    } else {
        String::new()
    };
    bail!(
        "{name}: {n} problem{}:\n{e}{hint}",
        if n == 1 { "" } else { "s" }
    )
}

/// Why no ruleset could read a fleet file: the one asked for has no fleet files (or
/// none has). A ruleset has fleet files when its hook answers at all, even for an
/// empty file.
fn no_fleet_files(registry: &Registry, ruleset: Option<&str>) -> String {
    let with: Vec<String> = registry
        .rulesets()
        .into_iter()
        .map(|r| r.id)
        .filter(|id| {
            registry
                .get(id)
                .is_some_and(|r| r.fleet_check("", "").is_some())
        })
        .collect();
    let which = match ruleset {
        Some(id) => format!("{id} has no fleet files"),
        None => "no ruleset has fleet files".to_string(),
    };
    if with.is_empty() {
        which
    } else {
        format!("{which} (rulesets with fleet files: {})", with.join(", "))
    }
}
