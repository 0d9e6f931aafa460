//! Roster files for calibration ([`orrery_core::Files::read_roster`]): a design file
//! (a `[[designs]]` list like the Blue Book, or one design; docs/launch-fighters-data.md)
//! whose designs, costed by LF-18 under the scenario's optional rules (LF-19), are
//! the unit types fleets are drawn from.

use crate::data::parse_designs;
use crate::types::{Fleet, Scenario, ShipDesign};
use orrery_core::{RosterEntry, RosterFile, SetupError};

/// The file's designs as the roster, fielded as they are written: the file's design,
/// not the Blue Book's of the same name.
pub fn read_roster(
    base: &Scenario,
    text: &str,
    file: &str,
) -> Result<RosterFile<Scenario>, SetupError> {
    let designs = parse_designs(text, file).map_err(|e| SetupError::new(e.messages()))?;
    let roster = designs
        .iter()
        .map(|d| RosterEntry {
            name: d.name.clone(),
            points: f64::from(d.cost_under(&base.options)),
        })
        .collect();
    let build = move |base: &Scenario, forces: &[Vec<String>]| fleets_of(&designs, base, forces);
    Ok(RosterFile {
        base: base.clone(),
        roster,
        build: Box::new(build),
    })
}

/// `base` with fleet i made of the designs `forces[i]` names (fleet names kept, else
/// "Fleet i+1").
fn fleets_of(
    designs: &[ShipDesign],
    base: &Scenario,
    forces: &[Vec<String>],
) -> Result<Scenario, SetupError> {
    let mut out = base.clone();
    out.fleets = forces
        .iter()
        .enumerate()
        .map(|(i, names)| {
            let ships = names
                .iter()
                .map(|n| {
                    designs
                        .iter()
                        .find(|d| &d.name == n)
                        .cloned()
                        .ok_or_else(|| SetupError::one(format!("unknown design `{n}`")))
                })
                .collect::<Result<Vec<ShipDesign>, SetupError>>()?;
            let name = base
                .fleets
                .get(i)
                .map_or_else(|| format!("Fleet {}", i + 1), |f| f.name.clone());
            Ok(Fleet { name, ships })
        })
        .collect::<Result<Vec<Fleet>, SetupError>>()?;
    Ok(out)
}
