//! Fleets (seed "Budowa floty", "Floty", "Organizacja sił"): ships with upgrades,
//! heroes and titles, squadrons, points, and the force organisation limits (FB-03).

use crate::catalogue::{Ability, Catalogue, Special, System};
use orrery_data::{did_you_mean, Reader};
use serde::{Deserialize, Serialize};
use toml::Value;

/// A ship's side: "Ships have 3 sides: front, side (covering both flanks) and rear.
/// Weapons must be mounted on a specific side (at most one weapon per side)."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mount {
    Front,
    Side,
    Rear,
}

impl Mount {
    pub const ALL: [Mount; 3] = [Mount::Front, Mount::Side, Mount::Rear];
    pub fn name(self) -> &'static str {
        match self {
            Mount::Front => "front",
            Mount::Side => "side",
            Mount::Rear => "rear",
        }
    }
}

/// One ship of a fleet list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShipSpec {
    pub hull: String,
    /// A name for the table (default: the hull and a number).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default)]
    pub systems: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub front: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rear: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hero: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

impl ShipSpec {
    /// The weapons by side.
    pub fn mounts(&self) -> Vec<(Mount, &str)> {
        [
            (Mount::Front, &self.front),
            (Mount::Side, &self.side),
            (Mount::Rear, &self.rear),
        ]
        .into_iter()
        .filter_map(|(m, w)| w.as_deref().map(|w| (m, w)))
        .collect()
    }
}

/// Squadrons of one type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquadronSpec {
    pub hull: String,
    #[serde(default = "one")]
    pub count: u8,
}

fn one() -> u8 {
    1
}

/// A fleet list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FleetSpec {
    pub name: String,
    #[serde(default)]
    pub ships: Vec<ShipSpec>,
    #[serde(default)]
    pub squadrons: Vec<SquadronSpec>,
}

/// One line of a fleet's costing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Costed {
    pub unit: String,
    pub points: u32,
}

impl FleetSpec {
    /// Each ship's and squadron group's cost (hull + hero + title; "systems and
    /// weapons … are free (unlike heroes and titles)").
    pub fn costs(&self, cat: &Catalogue) -> Vec<Costed> {
        let mut out = Vec::new();
        for s in &self.ships {
            let hull = cat.hull(&s.hull).map_or(0, |h| cat.hulls[h].cost);
            let extra: u32 = [&s.hero, &s.title]
                .into_iter()
                .flatten()
                .filter_map(|n| ability(n).and_then(|a| cat.cost_of(a)))
                .sum();
            out.push(Costed {
                unit: s.name.clone().unwrap_or_else(|| s.hull.clone()),
                points: hull + extra,
            });
        }
        for q in &self.squadrons {
            let each = cat.hull(&q.hull).map_or(0, |h| cat.hulls[h].cost);
            out.push(Costed {
                unit: format!("{} × {}", q.count, q.hull),
                points: each * u32::from(q.count),
            });
        }
        out
    }

    pub fn points(&self, cat: &Catalogue) -> u32 {
        self.costs(cat).iter().map(|c| c.points).sum()
    }

    /// Every problem with the list as `(field, why)`, fields under `path`.
    ///
    /// Seed "Budowa floty": each ship exactly its upgrade count; each upgrade once per
    /// ship; at most one weapon per side; Broadside only on the side; one hero and one
    /// title. `points`: the agreed size, which the list may not exceed; with
    /// `force_org`, FB-03's limits.
    pub fn problems(
        &self,
        cat: &Catalogue,
        points: u32,
        force_org: bool,
        path: &str,
    ) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let at = |i: usize, f: &str| join(path, &format!("ships[{i}].{f}"));
        let hull_names: Vec<&str> = cat.hulls.iter().map(|h| h.name.as_str()).collect();
        let weapon_names: Vec<&str> = cat.weapons.iter().map(|w| w.name.as_str()).collect();
        let system_names: Vec<&str> = System::ALL.iter().map(|x| x.1).collect();
        for (i, s) in self.ships.iter().enumerate() {
            let Some(h) = cat.hull(&s.hull) else {
                let why = format!(
                    "unknown hull `{}`{}",
                    s.hull,
                    did_you_mean(&s.hull, &hull_names)
                );
                out.push((at(i, "hull"), why));
                continue;
            };
            let hull = &cat.hulls[h];
            if hull.is_squadron() {
                out.push((
                    at(i, "hull"),
                    format!("`{}` is a squadron: list it under squadrons", s.hull),
                ));
                continue;
            }
            for (j, name) in s.systems.iter().enumerate() {
                if System::from_name(name).is_none() {
                    out.push((
                        at(i, &format!("systems[{j}]")),
                        format!(
                            "unknown system `{name}`{}",
                            did_you_mean(name, &system_names)
                        ),
                    ));
                } else if s.systems[..j].contains(name) {
                    out.push((
                        at(i, &format!("systems[{j}]")),
                        format!("`{name}` taken twice: each upgrade only once per ship"),
                    ));
                }
            }
            let mounts = s.mounts();
            for (k, (m, name)) in mounts.iter().enumerate() {
                match cat.weapon(name) {
                    None => out.push((
                        at(i, m.name()),
                        format!(
                            "unknown weapon `{name}`{}",
                            did_you_mean(name, &weapon_names)
                        ),
                    )),
                    Some(w) => {
                        if cat.weapons[w].special.contains(&Special::Broadside) && *m != Mount::Side
                        {
                            out.push((
                                at(i, m.name()),
                                format!(
                                    "`{name}` has Broadside: it may only be mounted on the side"
                                ),
                            ));
                        }
                        if mounts[..k].iter().any(|(_, n)| n == name) {
                            out.push((
                                at(i, m.name()),
                                format!("`{name}` taken twice: each upgrade only once per ship"),
                            ));
                        }
                    }
                }
            }
            let upgrades = s.systems.len() + mounts.len();
            let slots = usize::from(hull.class.slots());
            if upgrades != slots {
                out.push((
                    at(i, "systems"),
                    format!(
                        "a {} ship takes exactly {slots} upgrades (systems and weapons); this one has {upgrades}",
                        hull.class.name()
                    ),
                ));
            }
            for (field, name, known) in [
                ("hero", &s.hero, &Ability::HEROES),
                ("title", &s.title, &Ability::TITLES),
            ] {
                if let Some(n) = name {
                    let names: Vec<&str> = known.iter().map(|x| x.1).collect();
                    let ok = known
                        .iter()
                        .any(|(a, k)| *k == n && cat.cost_of(*a).is_some());
                    if !ok {
                        out.push((
                            at(i, field),
                            format!(
                                "unknown {field} `{n}`{}; known: {}",
                                did_you_mean(n, &names),
                                names.join(", ")
                            ),
                        ));
                    }
                }
            }
        }
        for (i, q) in self.squadrons.iter().enumerate() {
            let field = join(path, &format!("squadrons[{i}].hull"));
            match cat.hull(&q.hull) {
                None => out.push((
                    field,
                    format!(
                        "unknown squadron `{}`{}",
                        q.hull,
                        did_you_mean(&q.hull, &hull_names)
                    ),
                )),
                Some(h) if !cat.hulls[h].is_squadron() => out.push((
                    field,
                    format!("`{}` is a ship: list it under ships", q.hull),
                )),
                Some(_) => {}
            }
            if q.count == 0 || q.count > 30 {
                out.push((
                    join(path, &format!("squadrons[{i}].count")),
                    format!("{} is out of range; must be 1 to 30", q.count),
                ));
            }
        }
        if self.ships.is_empty() && self.squadrons.is_empty() {
            out.push((join(path, "ships"), EMPTY.into()));
        }
        let total = self.points(cat);
        if total > points {
            out.push((
                join(path, "points"),
                format!("the list costs {total} pts, more than the agreed {points}"),
            ));
        }
        if force_org {
            out.extend(self.force_org_problems(cat, points, path));
        }
        out
    }

    /// FB-03: with P the agreed size, heroes ≤ ⌊P/200⌋; copies of one ship ≤
    /// max(1, ⌊P/150⌋); ships ≤ ⌊P/50⌋; squadrons ≤ ⌊P/35⌋.
    pub fn force_org_problems(
        &self,
        cat: &Catalogue,
        points: u32,
        path: &str,
    ) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let heroes = self.ships.iter().filter(|s| s.hero.is_some()).count() as u32;
        if heroes > points / 200 {
            out.push((
                join(path, "ships"),
                format!("{heroes} heroes; force organisation allows {} at {points} pts (1 per full 200)", points / 200),
            ));
        }
        let copies = (points / 150).max(1);
        let mut seen: Vec<&str> = Vec::new();
        for s in &self.ships {
            if seen.contains(&s.hull.as_str()) {
                continue;
            }
            seen.push(&s.hull);
            let n = self.ships.iter().filter(|o| o.hull == s.hull).count() as u32;
            if n > copies {
                out.push((
                    join(path, "ships"),
                    format!("{n} × {}; force organisation allows {copies} copies of one ship at {points} pts (1 per 150)", s.hull),
                ));
            }
        }
        let ships = self.ships.len() as u32;
        if ships > points / 50 {
            out.push((
                join(path, "ships"),
                format!(
                    "{ships} ships; force organisation allows {} at {points} pts (1 per 50)",
                    points / 50
                ),
            ));
        }
        let squadrons: u32 = self.squadrons.iter().map(|q| u32::from(q.count)).sum();
        if squadrons > points / 35 {
            out.push((
                join(path, "squadrons"),
                format!("{squadrons} squadrons; force organisation allows {} at {points} pts (1 per 35)", points / 35),
            ));
        }
        let _ = cat;
        out
    }
}

/// Hero or title by name.
pub fn ability(name: &str) -> Option<Ability> {
    Ability::HEROES
        .iter()
        .chain(Ability::TITLES.iter())
        .find(|(_, n)| *n == name)
        .map(|x| x.0)
}

fn join(path: &str, key: &str) -> String {
    orrery_data::join(path, key)
}

/// A fleet in table `t` at `path`: `name`, `[[ship]]`, `[[squadron]]`.
pub(crate) fn fleet_from(r: &mut Reader, t: &toml::Table, path: &str, extra: &[&str]) -> FleetSpec {
    let mut allowed = vec!["name", "ship", "squadron"];
    allowed.extend_from_slice(extra);
    r.keys(t, path, &allowed);
    let name = match t.get("name") {
        Some(Value::String(s)) => s.clone(),
        Some(v) => {
            r.problem(
                join(path, "name"),
                format!("expected a string, found {}", orrery_data::found(v)),
            );
            String::new()
        }
        None => {
            r.problem(join(path, "name"), "missing".into());
            String::new()
        }
    };
    let mut fleet = FleetSpec {
        name,
        ships: Vec::new(),
        squadrons: Vec::new(),
    };
    // Ships are not required: a fleet of squadrons only is a fleet (the seed does not
    // forbid it); a fleet with neither is "empty" (`problems`).
    for (p, s) in r.tables(t, "ship", path, false) {
        if let Some(x) = ship_from(r, s, &p) {
            fleet.ships.push(x);
        }
    }
    for (p, s) in r.tables(t, "squadron", path, false) {
        if let Some(x) = squadron_from(r, s, &p) {
            fleet.squadrons.push(x);
        }
    }
    fleet
}

/// A `[[ship]]`: every field read by name, so a problem names the field and what it
/// takes ("expected a string, found an integer"), never a Rust type. `None` (its
/// problems reported) when a field is wrong.
fn ship_from(r: &mut Reader, t: &toml::Table, path: &str) -> Option<ShipSpec> {
    r.keys(
        t,
        path,
        &[
            "hull", "name", "systems", "front", "side", "rear", "hero", "title",
        ],
    );
    let hull = r.req_str(t, "hull", path);
    let name = r.opt_str(t, "name", path);
    let systems = r.str_list(t, "systems", path, false).unwrap_or_default();
    let mut text = |key: &str| r.opt_str(t, key, path);
    let (front, side, rear) = (text("front"), text("side"), text("rear"));
    let (hero, title) = (text("hero"), text("title"));
    if r.has_problem_under(path) {
        return None;
    }
    Some(ShipSpec {
        hull: hull?,
        name,
        systems,
        front,
        side,
        rear,
        hero,
        title,
    })
}

/// A `[[squadron]]`: `hull` and `count` (1–30, default 1), read by name.
fn squadron_from(r: &mut Reader, t: &toml::Table, path: &str) -> Option<SquadronSpec> {
    r.keys(t, path, &["hull", "count"]);
    let hull = r.req_str(t, "hull", path);
    let count = r.opt_int(t, "count", path, 1, 30);
    if r.has_problem_under(path) {
        return None;
    }
    Some(SquadronSpec {
        hull: hull?,
        count: count.map_or(1, |c| c as u8),
    })
}

/// Report `f`'s problems ([`FleetSpec::problems`]) at their TOML fields under `path`.
/// "The fleet is empty" is left out when a `[[ship]]` or `[[squadron]]` could not be
/// read: the fleet is not empty, one of its entries is wrong, and that is reported.
pub(crate) fn report_problems(
    r: &mut Reader,
    f: &FleetSpec,
    cat: &Catalogue,
    points: u32,
    force_org: bool,
    path: &str,
) {
    let unread =
        r.has_problem_under(&join(path, "ship")) || r.has_problem_under(&join(path, "squadron"));
    for (field, why) in f.problems(cat, points, force_org, "") {
        if unread && why == EMPTY {
            continue;
        }
        r.problem(join(path, &toml_field(&field)), why);
    }
}

/// The problem of a fleet with no ship and no squadron.
const EMPTY: &str = "the fleet is empty";

/// Field paths use the TOML keys (`ship`, `squadron`); [`FleetSpec::problems`] names
/// them by the struct's lists; this maps one to the other.
pub(crate) fn toml_field(field: &str) -> String {
    field
        .split('.')
        .map(|seg| {
            for (list, key) in [("ships", "ship"), ("squadrons", "squadron")] {
                if let Some(rest) = seg.strip_prefix(list) {
                    if rest.is_empty() || rest.starts_with('[') {
                        return format!("{key}{rest}");
                    }
                }
            }
            seg.to_string()
        })
        .collect::<Vec<_>>()
        .join(".")
}
