//! `orrery fleet check FILE [--ruleset ID] [--json]`: validate a fleet file and show
//! its costs. The ruleset reads its own format and writes the report
//! ([`orrery_core::Files::fleet_check`]); nothing here names a ruleset.

use anyhow::{bail, Context, Result};
use orrery_core::FileError;
use orrery_protocol::Registry;
use std::path::Path;

#[derive(clap::Subcommand, Debug)]
pub enum FleetCommand {
    /// Check a fleet file (TOML in its ruleset's format, see docs/*-data.md): every
    /// ship's design and cost, and the fleet total; exits non-zero naming the file,
    /// field and reason on problems.
    Check {
        /// The fleet file to check.
        file: std::path::PathBuf,
        /// The ruleset the file is for; default: the ruleset that reads it (or, when
        /// none does, the one with the fewest problems).
        #[arg(long, short = 'r')]
        ruleset: Option<String>,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Check `file`. Without `ruleset`, the file's own top-level keys say whose it is
/// ([`orrery_core::Files::fleet_file_keys`]: `[[ships]]` or `[[ship]]`…), so a broken
/// file is reported in its own ruleset's terms. When the keys name no ruleset or
/// several, it is tried under every ruleset that has fleet files: the one that accepts
/// it reports, or, when none does, the problems under each one tried are listed.
pub fn check(registry: &Registry, file: &Path, ruleset: Option<&str>, json: bool) -> Result<()> {
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("cannot read fleet file {}", file.display()))?;
    let name = file.display().to_string();
    let mut ids = crate::rulesets::candidates(registry, ruleset)?;
    if ruleset.is_none() {
        let owners = owners_by_keys(registry, &ids, &text);
        if owners.len() == 1 {
            ids = owners;
        }
    }
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
    match tried.len() {
        0 => bail!("{}", no_fleet_files(registry, ruleset)),
        1 => {
            let (_, e) = tried.remove(0);
            if json {
                println!("{}", e.json);
            }
            bail!("{name}: {}:\n{e}", problems(e.problems.len()))
        }
        _ => {
            if json {
                let all: serde_json::Map<String, serde_json::Value> = tried
                    .iter()
                    .map(|(id, e)| {
                        let v = serde_json::from_str(&e.json)
                            .unwrap_or_else(|_| serde_json::Value::String(e.json.clone()));
                        (id.clone(), v)
                    })
                    .collect();
                println!("{}", serde_json::Value::Object(all));
            }
            let mut msg = format!(
                "{name}: not a fleet file of any ruleset, and its keys do not say whose it is \
                 (tried {}; --ruleset ID reads it as one of them)",
                tried
                    .iter()
                    .map(|(id, _)| id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
            for (id, e) in &tried {
                msg.push_str(&format!(
                    "\nread as a {id} fleet file, {}:\n{e}",
                    problems(e.problems.len())
                ));
            }
            bail!("{msg}")
        }
    }
}

fn problems(n: usize) -> String {
    format!("{n} problem{}", if n == 1 { "" } else { "s" })
}

/// The rulesets among `ids` whose fleet-file keys the file's top level uses (none
/// when the text is not TOML).
fn owners_by_keys(registry: &Registry, ids: &[String], text: &str) -> Vec<String> {
    let Ok(table) = text.parse::<toml::Table>() else {
        return Vec::new();
    };
    ids.iter()
        .filter(|id| {
            registry
                .get(id)
                .is_some_and(|r| r.fleet_file_keys().iter().any(|k| table.contains_key(*k)))
        })
        .cloned()
        .collect()
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
