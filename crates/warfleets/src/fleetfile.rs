//! Fleet files (`orrery fleet check FILE --ruleset warfleets`): a list checked against the
//! catalogue, the agreed points and the force organisation limits (FB-03), costed
//! unit by unit; and fleets built from hull names for `orrery calibrate`.

use crate::catalogue::{Catalogue, Class, Special, System};
use crate::fleet::{fleet_from, toml_field, FleetSpec, ShipSpec, SquadronSpec};
use crate::scenario::Scenario;
use orrery_core::{FileError, FleetCheck, SetupError};
use orrery_data::Reader;
use serde::Serialize;

#[derive(Serialize)]
struct Report {
    name: String,
    points: u32,
    total: u32,
    force_org: bool,
    units: Vec<crate::fleet::Costed>,
}

#[derive(Serialize)]
struct Problems<'a> {
    file: &'a str,
    problems: Vec<String>,
}

/// Check a fleet file: `name`, `points` (300 or 450, or any agreed size),
/// optional `force_org` (default true), `[[ship]]` and `[[squadron]]`.
pub fn check(text: &str, file: &str) -> Result<FleetCheck, FileError> {
    let fail = |problems: Vec<String>| FileError {
        json: serde_json::to_string_pretty(&Problems {
            file,
            problems: problems.clone(),
        })
        .unwrap_or_default(),
        problems,
    };
    let mut r = Reader::new(file);
    let root = r.parse(text).map_err(|e| fail(e.messages()))?;
    let cat = Catalogue::shipped();
    let fleet = fleet_from(&mut r, &root, "", &["points", "force_org"]);
    let points = r.req_int(&root, "points", "", 50, 5000).unwrap_or(0) as u32;
    let force_org = r.opt_bool(&root, "force_org", "").unwrap_or(true);
    if points > 0 {
        for (field, why) in fleet.problems(&cat, points, force_org, "") {
            r.problem(toml_field(&field), why);
        }
    }
    let fleet = r.finish(fleet).map_err(|e| fail(e.messages()))?;
    let report = Report {
        name: fleet.name.clone(),
        points,
        total: fleet.points(&cat),
        force_org,
        units: fleet.costs(&cat),
    };
    let mut t = format!(
        "{} — {} of {} pts{}\n",
        report.name,
        report.total,
        points,
        if force_org {
            ", force organisation on"
        } else {
            ""
        }
    );
    for (u, s) in report.units.iter().zip(unit_lines(&fleet)) {
        t += &format!("  {:>4} pts  {}{s}\n", u.points, u.unit);
    }
    t += &format!("  {:>4} pts  total\n", report.total);
    Ok(FleetCheck {
        json: serde_json::to_string_pretty(&report).unwrap_or_default(),
        text: t,
    })
}

fn unit_lines(f: &FleetSpec) -> Vec<String> {
    let mut v: Vec<String> = f
        .ships
        .iter()
        .map(|s| {
            let mut parts: Vec<String> = s.systems.clone();
            parts.extend(
                s.mounts()
                    .iter()
                    .map(|(m, w)| format!("{w} ({})", m.name())),
            );
            parts.extend(s.hero.iter().map(|h| format!("hero {h}")));
            parts.extend(s.title.iter().map(|h| format!("title {h}")));
            format!(": {}", parts.join(", "))
        })
        .collect();
    v.extend(f.squadrons.iter().map(|_| String::new()));
    v
}

/// WFO-06: a ship fielded by hull name carries the standard outfit: the first weapon
/// of the catalogue without Broadside on its front, then Armored Plating, Shield
/// Booster and Pulse Engine until its slots are full. Squadrons one by one. The
/// agreed points become the larger fleet's cost and force organisation is off, so
/// any mix the calibration asks for is legal.
pub fn with_forces(base: &Scenario, forces: &[Vec<String>]) -> Result<Scenario, SetupError> {
    if forces.len() != 2 {
        return Err(SetupError::one("Warfleets has two sides"));
    }
    let cat = &base.catalogue;
    let front = cat
        .weapons
        .iter()
        .find(|w| !w.special.contains(&Special::Broadside))
        .map(|w| w.name.clone());
    let mut s = base.clone();
    for (fleet, names) in s.fleets.iter_mut().zip(forces) {
        fleet.ships.clear();
        fleet.squadrons.clear();
        for name in names {
            let h = cat
                .hull(name)
                .ok_or_else(|| SetupError::one(format!("unknown hull `{name}`")))?;
            let class = cat.hulls[h].class;
            if class == Class::Squadron {
                fleet.squadrons.push(SquadronSpec {
                    hull: name.clone(),
                    count: 1,
                });
                continue;
            }
            let slots = usize::from(class.slots());
            let systems: Vec<String> = [
                System::ArmoredPlating,
                System::ShieldBooster,
                System::PulseEngine,
            ]
            .iter()
            .take(slots - usize::from(front.is_some()))
            .map(|x| x.name().to_string())
            .collect();
            fleet.ships.push(ShipSpec {
                hull: name.clone(),
                name: None,
                systems,
                front: front.clone(),
                side: None,
                rear: None,
                hero: None,
                title: None,
            });
        }
    }
    s.force_org = false;
    s.points = s
        .fleets
        .iter()
        .map(|f| f.points(cat))
        .max()
        .unwrap_or(s.points)
        .max(50);
    let problems = crate::scenario::problems(&s);
    if !problems.is_empty() {
        return Err(SetupError::new(problems));
    }
    Ok(s)
}
