//! What a ruleset reads from its own data files for a front end that does not know
//! the format: fleet files checked and costed ([`crate::Files::fleet_check`]) and
//! roster files for calibration ([`crate::Files::read_roster`]).

use crate::{RosterEntry, SetupError};
use thiserror::Error;

/// A fleet (or design) file checked: every unit's cost and the total, written both
/// ways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FleetCheck {
    /// The report as pretty-printed JSON, its fields in the ruleset's order.
    pub json: String,
    /// The report as a table for people; it ends with a newline.
    pub text: String,
}

/// Every problem found in a data file: each as one line (`file: field: why`, with
/// line and column when known) and all as the ruleset's pretty-printed JSON report.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", .problems.join("\n"))]
pub struct FileError {
    pub problems: Vec<String>,
    pub json: String,
}

/// Puts forces (unit type names, one list per seat) into a scenario.
pub type BuildForces<S> = Box<dyn Fn(&S, &[Vec<String>]) -> Result<S, SetupError> + Send + Sync>;

/// A roster file read for calibration: the unit types it lists, with the scenario
/// and the way to field them that the file implies.
pub struct RosterFile<S> {
    /// The scenario to fight on, changed as the file requires.
    pub base: S,
    /// The file's unit types with their published points.
    pub roster: Vec<RosterEntry>,
    /// Puts forces of those unit types (by their names in `roster`) into `base`.
    pub build: BuildForces<S>,
}
