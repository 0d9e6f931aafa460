//! Roster files for calibration ([`orrery_core::Files::read_roster`]): a `[[unit]]`
//! list of parameter cards in the format of `data/roster.toml` (docs/stratoyager-data.md),
//! which replaces the scenario's roster.

use crate::data::parse_roster;
use crate::search;
use crate::types::Scenario;
use crate::Stratoyager;
use orrery_core::{Files, RosterEntry};
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

impl Files for Stratoyager {
    /// Scenario files in TOML (docs/stratoyager-data.md).
    fn scenario_from_text(text: &str, file: &str) -> Option<Result<Scenario, SetupError>> {
        Some(crate::data::parse_scenario(text, file).map_err(|e| SetupError::new(e.messages())))
    }

    fn roster(scenario: &Scenario) -> Vec<RosterEntry> {
        crate::search::roster(scenario)
    }

    fn with_forces(base: &Scenario, forces: &[Vec<String>]) -> Result<Scenario, SetupError> {
        crate::search::with_forces(base, forces)
    }

    fn take_points_limit(scenario: &mut Scenario) -> Option<f64> {
        scenario.points.take().map(f64::from)
    }

    /// `[[unit]]` card lists like `data/roster.toml` as rosters.
    fn read_roster(
        base: &Scenario,
        scenario: &str,
        text: &str,
        file: &str,
    ) -> Option<Result<RosterFile<Scenario>, SetupError>> {
        Some(read_roster(base, scenario, text, file))
    }
}
