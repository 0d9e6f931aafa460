//! Fleet files (`orrery fleet check FILE --ruleset warfleets`): a list checked against the
//! catalogue, the agreed points and the force organisation limits (FB-03), costed
//! unit by unit; and fleets built from hull names for `orrery calibrate`.

use crate::catalogue::{Ability, Catalogue, Class, Special, System};
use crate::fleet::{fleet_from, report_problems, FleetSpec, ShipSpec, SquadronSpec};
use crate::scenario::Scenario;
use crate::Warfleets;
use orrery_core::Files;
use orrery_core::{FileError, FleetCheck, RosterEntry, SetupError};
use orrery_data::Reader;
use serde::Serialize;

#[derive(Serialize)]
struct Report {
    name: String,
    points: u32,
    total: u32,
    force_org: bool,
    /// The agreed points the list leaves unspent.
    under: u32,
    units: Vec<crate::fleet::Costed>,
}

/// Check a fleet file: `name`, `points` (300 or 450, or any agreed size),
/// optional `force_org` (default true), `[[ship]]` and `[[squadron]]`.
pub fn check(text: &str, file: &str) -> Result<FleetCheck, FileError> {
    // Every problem with its file, field and reason, written as the other rulesets'
    // fleet checks write theirs (the reader's own error as JSON).
    let fail = |e: orrery_data::DataError| FileError {
        problems: e.messages(),
        json: serde_json::to_string_pretty(&e).unwrap_or_default(),
    };
    let mut r = Reader::new(file);
    let root = r.parse(text).map_err(fail)?;
    let cat = Catalogue::shipped();
    let fleet = fleet_from(&mut r, &root, "", &["points", "force_org"]);
    let points = r.req_int(&root, "points", "", 50, 5000).unwrap_or(0) as u32;
    let force_org = r.opt_bool(&root, "force_org", "").unwrap_or(true);
    if points > 0 {
        report_problems(&mut r, &fleet, &cat, points, force_org, "");
    }
    let fleet = r.finish(fleet).map_err(fail)?;
    let total = fleet.points(&cat);
    let report = Report {
        name: fleet.name.clone(),
        points,
        total,
        force_org,
        under: points.saturating_sub(total),
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
    t += &under_line(report.under, points);
    Ok(FleetCheck {
        json: serde_json::to_string_pretty(&report).unwrap_or_default(),
        text: t,
    })
}

/// Seed "Floty", FB-21: fleets of equal points. A list under the agreed size faces
/// a full fleet only in an asymmetric scenario.
fn under_line(under: u32, points: u32) -> String {
    if under == 0 {
        return format!(
            "  the agreed {points} pts exactly (the seed: fleets of equal points, FB-21)\n"
        );
    }
    format!(
        "  {under} pts under the agreed {points}: against a full {points}-pt fleet the game is refused unless the scenario says `asymmetric = true` (FB-21: fleets of equal points; a 5-pt title closes a 5-pt gap)\n"
    )
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

/// The hull a variant is built on (`orrery calibrate`'s upgrade entries).
const VARIANT_HULL: &str = "Destroyer";

/// WFO-06: a ship fielded by name carries the standard outfit: the first weapon of the
/// catalogue without Broadside on its front, then Armored Plating, Shield Booster and
/// Pulse Engine until its slots are full.
fn standard(cat: &Catalogue, hull: &str) -> Result<ShipSpec, SetupError> {
    let h = cat
        .hull(hull)
        .ok_or_else(|| SetupError::one(format!("unknown hull `{hull}`")))?;
    let slots = usize::from(cat.hulls[h].class.slots());
    let front = cat
        .weapons
        .iter()
        .find(|w| !w.special.contains(&Special::Broadside))
        .map(|w| w.name.clone());
    let systems: Vec<String> = [
        System::ArmoredPlating,
        System::ShieldBooster,
        System::PulseEngine,
    ]
    .iter()
    .take(slots.saturating_sub(usize::from(front.is_some())))
    .map(|x| x.name().to_string())
    .collect();
    Ok(ShipSpec {
        hull: hull.to_string(),
        name: None,
        systems,
        front,
        side: None,
        rear: None,
        hero: None,
        title: None,
    })
}

/// WFO-06: `Destroyer + X` is the standard destroyer with X: a weapon replaces the
/// front one (a Broadside weapon goes on the side), a system replaces the last
/// standard system, a hero or title is added. `None` when X changes nothing.
fn variant(cat: &Catalogue, extra: &str) -> Result<Option<ShipSpec>, SetupError> {
    let mut s = standard(cat, VARIANT_HULL)?;
    if let Some(w) = cat.weapon(extra) {
        if cat.weapons[w].special.contains(&Special::Broadside) {
            s.side = Some(extra.to_string());
            s.systems.pop();
        } else if s.front.as_deref() == Some(extra) {
            return Ok(None);
        } else {
            s.front = Some(extra.to_string());
        }
    } else if System::from_name(extra).is_some() {
        if s.systems.iter().any(|x| x == extra) {
            return Ok(None);
        }
        s.systems.pop();
        s.systems.push(extra.to_string());
    } else if let Some(a) = crate::fleet::ability(extra) {
        if cat.cost_of(a).is_none() {
            return Err(SetupError::one(format!(
                "`{extra}` is not in the catalogue"
            )));
        }
        if Ability::HEROES.iter().any(|h| h.0 == a) {
            s.hero = Some(extra.to_string());
        } else {
            s.title = Some(extra.to_string());
        }
    } else {
        return Err(SetupError::one(format!(
            "unknown upgrade, hero or title `{extra}`"
        )));
    }
    Ok(Some(s))
}

/// `orrery calibrate`'s unit types (WFO-06): every hull with the standard outfit, and
/// `Destroyer + X` for every weapon, system, hero and title X that changes it, at the
/// destroyer's cost plus X's (systems and weapons are free).
pub fn roster(cat: &Catalogue) -> Vec<RosterEntry> {
    let mut out: Vec<RosterEntry> = cat
        .hulls
        .iter()
        .map(|h| RosterEntry {
            name: h.name.clone(),
            points: f64::from(h.cost),
        })
        .collect();
    let Some(base) = cat.hull(VARIANT_HULL).map(|h| cat.hulls[h].cost) else {
        return out;
    };
    let extras = cat
        .weapons
        .iter()
        .map(|w| (w.name.clone(), 0))
        .chain(System::ALL.iter().map(|s| (s.1.to_string(), 0)))
        .chain(
            cat.heroes
                .iter()
                .chain(cat.titles.iter())
                .map(|p| (p.ability.name().to_string(), p.cost)),
        );
    for (name, cost) in extras {
        if let Ok(Some(_)) = variant(cat, &name) {
            out.push(RosterEntry {
                name: format!("{VARIANT_HULL} + {name}"),
                points: f64::from(base + cost),
            });
        }
    }
    out
}

/// Forces by roster name ([`roster`]); squadrons one by one. The agreed points
/// become the larger fleet's cost and force organisation is off, so any mix the
/// calibration asks for is legal.
pub fn with_forces(base: &Scenario, forces: &[Vec<String>]) -> Result<Scenario, SetupError> {
    if forces.len() != 2 {
        return Err(SetupError::one("Warfleets has two sides"));
    }
    let cat = &base.catalogue;
    let mut s = base.clone();
    for (fleet, names) in s.fleets.iter_mut().zip(forces) {
        fleet.ships.clear();
        fleet.squadrons.clear();
        for name in names {
            if let Some((hull, extra)) = name.split_once(" + ") {
                if hull != VARIANT_HULL {
                    return Err(SetupError::one(format!("unknown unit `{name}`")));
                }
                let ship = variant(cat, extra)?
                    .ok_or_else(|| SetupError::one(format!("`{name}` is the standard {hull}")))?;
                fleet.ships.push(ship);
                continue;
            }
            let h = cat
                .hull(name)
                .ok_or_else(|| SetupError::one(format!("unknown hull `{name}`")))?;
            if cat.hulls[h].class == Class::Squadron {
                fleet.squadrons.push(SquadronSpec {
                    hull: name.clone(),
                    count: 1,
                });
            } else {
                fleet.ships.push(standard(cat, name)?);
            }
        }
    }
    // Calibration fights mixes of unit types as drawn; equal points are its aim,
    // not a condition (WFO-06).
    s.force_org = false;
    s.asymmetric = true;
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

/// WFO-13: a challenge's fleets, each built apart to the challenge's points from the
/// roster ([`roster`]). Unlike calibration's mixes ([`with_forces`]) every rule of
/// building a fleet holds: the challenge's points are the agreed points, FB-03's force
/// organisation as the scenario says, and unless the scenario is asymmetric each fleet
/// costs exactly the agreed points — the seed's "dwie floty o równym koszcie
/// punktowym" (FB-21) when neither player sees the other's list before the game.
pub fn muster(
    base: &Scenario,
    points: f64,
    forces: &[Vec<String>],
) -> Result<Scenario, SetupError> {
    if !(points.is_finite() && (50.0..=5000.0).contains(&points) && points.fract() == 0.0) {
        return Err(SetupError::one(format!(
            "points: {points} must be a whole number from 50 to 5000 (the agreed points)"
        )));
    }
    let mut s = with_forces(base, forces)?;
    s.points = points as u32;
    s.points_limit = None;
    s.force_org = base.force_org;
    s.asymmetric = base.asymmetric;
    let mut problems = Vec::new();
    if !s.asymmetric {
        for (i, f) in s.fleets.iter().enumerate() {
            let cost = f.points(&s.catalogue);
            if cost != s.points {
                problems.push(format!(
                    "fleet[{i}]: costs {cost} pts; each fleet of a challenge costs exactly the agreed {} pts (FB-21's equal points, built apart: WFO-13)",
                    s.points
                ));
            }
        }
    }
    problems.extend(crate::scenario::problems(&s));
    if !problems.is_empty() {
        return Err(SetupError::new(problems));
    }
    Ok(s)
}

impl Files for Warfleets {
    /// Scenario files in TOML (docs/warfleets.md).
    fn scenario_from_text(text: &str, file: &str) -> Option<Result<Scenario, SetupError>> {
        Some(crate::scenario::parse_scenario(text, file).map_err(|e| SetupError::new(e.messages())))
    }

    /// Every hull with the standard outfit, and `Destroyer + X` for every weapon,
    /// system, hero and title (WFO-06): `orrery calibrate` fits a value for each.
    fn roster(scenario: &Scenario) -> Vec<RosterEntry> {
        roster(&scenario.catalogue)
    }

    /// Forces by roster name (WFO-06).
    fn with_forces(base: &Scenario, forces: &[Vec<String>]) -> Result<Scenario, SetupError> {
        with_forces(base, forces)
    }

    /// WFO-13: every rule of building a fleet holds, each fleet at the agreed points.
    fn muster(
        base: &Scenario,
        points: f64,
        forces: &[Vec<String>],
    ) -> Result<Scenario, SetupError> {
        muster(base, points, forces)
    }

    fn take_points_limit(scenario: &mut Scenario) -> Option<f64> {
        scenario.points_limit.take().map(f64::from)
    }

    fn fleet_check(text: &str, file: &str) -> Option<Result<FleetCheck, FileError>> {
        Some(check(text, file))
    }

    /// A list's `[[ship]]` and `[[squadron]]` entries.
    fn fleet_file_keys() -> &'static [&'static str] {
        &["ship", "squadron"]
    }
}
