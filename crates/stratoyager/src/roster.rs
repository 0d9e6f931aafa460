//! Roster files for calibration ([`orrery_core::Files::read_roster`]): a `[[unit]]`
//! list of parameter cards in the format of `data/roster.toml` (docs/stratoyager-data.md),
//! which replaces the scenario's roster.

use crate::data::parse_roster;
use crate::search;
use crate::types::Scenario;
use orrery_core::{RosterFile, SetupError};
use std::collections::BTreeSet;

/// `base` with the file's cards as its roster. The scenario's own forces are set up
/// too (calibration learns the seats from them), so every unit type they name must
/// be in the file.
pub fn read_roster(
    base: &Scenario,
    scenario: &str,
    text: &str,
    file: &str,
) -> Result<RosterFile<Scenario>, SetupError> {
    let mut base = base.clone();
    base.roster = parse_roster(text, file).map_err(|e| SetupError::new(e.messages()))?;
    let missing: BTreeSet<&str> = base
        .forces
        .iter()
        .flat_map(|f| f.units.iter())
        .filter(|u| !base.roster.iter().any(|r| r.name == **u))
        .map(String::as_str)
        .collect();
    if !missing.is_empty() {
        return Err(SetupError::one(format!(
            "roster file {file}: lacks the unit types of scenario `{scenario}`: {}",
            missing.into_iter().collect::<Vec<_>>().join(", ")
        )));
    }
    Ok(RosterFile {
        roster: search::roster(&base),
        base,
        build: Box::new(search::with_forces),
    })
}
