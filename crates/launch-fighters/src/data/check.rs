//! Checks of values already read (or received as JSON): map size, terrain, fleets and
//! their points (LF-01, LF-17, LF-18, LF-21), as (field, why) pairs.

use super::{FLEETS, MAX_MAP_SIDE, MIN_MAP_SIDE};
use crate::design;
use crate::types::{Fleet, MapHex, Objective, Options, Scenario, Terrain};
use orrery_data::join;
use orrery_hex::{Hex, HexMap};

/// Problems of an already-built scenario (e.g. one received as JSON) as "field: why":
/// fleets 2–6, each with a name, ships and valid designs (LF-18) within `points`; map
/// size; turn limit; terrain on the map, one counter per hex (LF-21).
pub fn scenario_problems(s: &Scenario) -> Vec<String> {
    scenario_problem_pairs(s)
        .into_iter()
        .map(|(f, why)| format!("{f}: {why}"))
        .collect()
}

fn scenario_problem_pairs(s: &Scenario) -> Vec<(String, String)> {
    let mut p = Vec::new();
    if s.name.trim().is_empty() {
        p.push(("name".into(), "must not be empty".into()));
    }
    let mut map_ok = true;
    for (field, v) in [("cols", s.cols), ("rows", s.rows)] {
        if !(1..=MAX_MAP_SIDE).contains(&v) {
            map_ok = false;
            p.push((field.into(), map_side_why(v)));
        }
    }
    if let Some(why) = map_size_why(s.cols, s.rows) {
        map_ok = false;
        p.push(("cols, rows".into(), why));
    }
    if s.turn_limit == 0 {
        p.push((
            "turn_limit".into(),
            "0 is out of range; must be at least 1 (LF-17)".into(),
        ));
    }
    if s.points == Some(0) {
        p.push((
            "points".into(),
            "0 is out of range; must be at least 1".into(),
        ));
    }
    if map_ok {
        let items: Vec<(String, Terrain)> = s
            .terrain
            .iter()
            .enumerate()
            .map(|(i, t)| (format!("terrain[{i}]"), *t))
            .collect();
        p.extend(terrain_problems(&items, s.cols, s.rows));
        let exits: Vec<(String, MapHex)> = s
            .exit_area
            .iter()
            .enumerate()
            .map(|(i, e)| (format!("exit_area[{i}]"), *e))
            .collect();
        p.extend(exit_problems(&exits, s.cols, s.rows, &items));
        let objectives: Vec<(String, &Objective)> = s
            .objectives
            .iter()
            .enumerate()
            .map(|(i, o)| (format!("objectives[{i}]"), o))
            .collect();
        p.extend(objectives_problems(
            &objectives,
            &s.fleets,
            s.cols,
            s.rows,
            &s.terrain,
            &s.exit_area,
        ));
    }
    if let Some(why) = fleet_count_why(s.fleets.len()) {
        p.push(("fleets".into(), why));
    }
    p.extend(duplicate_fleet_names(&s.fleets));
    for (i, f) in s.fleets.iter().enumerate() {
        let path = format!("fleets[{i}]");
        if let Some(why) = fleet_name_why(f) {
            p.push((format!("{path}.name"), why));
        }
        for (j, d) in f.ships.iter().enumerate() {
            for (field, why) in design::problems(d) {
                p.push((format!("{path}.ships[{j}].{field}"), why));
            }
        }
        p.extend(fleet_problems(
            &path,
            f,
            s.points,
            "the scenario's",
            &s.options,
        ));
    }
    p
}

/// Problems of a scenario's objectives (LF-17 (c)), given its fleets, map, terrain and
/// exit area.
pub(super) fn objectives_problems(
    objectives: &[(String, &Objective)],
    fleets: &[Fleet],
    cols: i32,
    rows: i32,
    terrain: &[Terrain],
    exit_area: &[MapHex],
) -> Vec<(String, String)> {
    let fleets: Vec<(String, Vec<String>)> = fleets
        .iter()
        .map(|f| {
            (
                f.name.clone(),
                f.ships.iter().map(|d| d.name.clone()).collect(),
            )
        })
        .collect();
    let blocked = |h: Hex| terrain.iter().any(|t| t.hex() == h && t.kind.blocks());
    crate::objectives::objective_problems(
        objectives,
        &fleets,
        HexMap { cols, rows },
        &blocked,
        exit_area,
    )
}

/// Terrain off the map or sharing a hex (LF-21), for counters with their paths.
pub(super) fn terrain_problems(
    items: &[(String, Terrain)],
    cols: i32,
    rows: i32,
) -> Vec<(String, String)> {
    let map = HexMap { cols, rows };
    let mut p = Vec::new();
    // Hexes already holding a counter: a map, so a long list is checked in linear
    // time (100,000 counters took over a minute as a list).
    let mut seen: std::collections::HashMap<Hex, &str> = std::collections::HashMap::new();
    for (path, t) in items {
        let h = t.hex();
        if !map.contains(h) {
            p.push((
                path.clone(),
                format!(
                    "({}, {}) is off the {cols}×{rows} map (columns 0–{}, rows 0–{})",
                    t.col,
                    t.row,
                    cols - 1,
                    rows - 1
                ),
            ));
        } else if let Some(other) = seen.get(&h) {
            p.push((
                path.clone(),
                format!(
                    "({}, {}) already holds {other}; each counter fills its own hex (LF-21)",
                    t.col, t.row
                ),
            ));
        } else {
            seen.insert(h, path);
        }
    }
    p
}

/// Exit-area hexes (LF-16 (3)) off the map, listed twice, or on a moon or planetoid
/// (no unit can stand there to retreat).
pub(super) fn exit_problems(
    items: &[(String, MapHex)],
    cols: i32,
    rows: i32,
    terrain: &[(String, Terrain)],
) -> Vec<(String, String)> {
    let map = HexMap { cols, rows };
    let blocked: std::collections::HashSet<Hex> = terrain
        .iter()
        .filter(|t| t.1.kind.blocks())
        .map(|t| t.1.hex())
        .collect();
    let mut seen: std::collections::HashMap<Hex, &str> = std::collections::HashMap::new();
    let mut p = Vec::new();
    for (path, e) in items {
        let h = e.hex();
        if !map.contains(h) {
            p.push((
                path.clone(),
                format!("({}, {}) is off the {cols}×{rows} map", e.col, e.row),
            ));
        } else if blocked.contains(&h) {
            p.push((
                path.clone(),
                format!(
                    "({}, {}) is a moon or planetoid; no unit can stand there to retreat",
                    e.col, e.row
                ),
            ));
        } else if let Some(other) = seen.insert(h, path) {
            p.push((
                path.clone(),
                format!("({}, {}) is already {other}", e.col, e.row),
            ));
        }
    }
    p
}

/// A fleet's own problems beyond its designs: no ships, over the points limit.
pub(super) fn fleet_problems(
    path: &str,
    f: &Fleet,
    limit: Option<u32>,
    whose: &str,
    options: &Options,
) -> Vec<(String, String)> {
    let mut p = Vec::new();
    if f.ships.is_empty() {
        p.push((
            join(path, "ships"),
            "a fleet needs at least one ship".into(),
        ));
    }
    if !options.fighter_warp {
        for (j, d) in f.ships.iter().enumerate() {
            if d.addons.fighter_warp > 0 {
                p.push((
                    join(path, &format!("ships[{j}].addons.fighter_warp")),
                    "fighters have warp drive only under the optional rule \
                     `fighter_warp = true` in the scenario's [options] (LF-19)"
                        .into(),
                ));
            }
        }
    }
    if let Some(limit) = limit {
        if let Some(why) = over_points_why(f, limit, whose, options) {
            let field = if path.is_empty() {
                "points".to_string()
            } else {
                path.to_string()
            };
            p.push((field, why));
        }
    }
    p
}

/// Fleets are told apart by name in reports and scores.
pub(super) fn duplicate_fleet_names(fleets: &[Fleet]) -> Vec<(String, String)> {
    let mut p = Vec::new();
    for (i, f) in fleets.iter().enumerate() {
        if f.name.trim().is_empty() {
            continue;
        }
        if let Some(j) = fleets[..i].iter().position(|g| g.name == f.name) {
            p.push((
                format!("fleets[{i}].name"),
                format!(
                    "\"{}\" is already the name of fleets[{j}]; each fleet needs its own",
                    f.name
                ),
            ));
        }
    }
    p
}

/// LF-01: "Scenarios may set other sizes (at least 24 columns or rows)" — the
/// longer side must reach 24 (LFO-17). LFO-17's other half, each side at most
/// [`MAX_MAP_SIDE`], is checked where each side is read (`cols`, `rows`).
/// Why `v` cannot be a side of the map: the whole rule, so a newcomer sees it at once.
pub(super) fn map_side_why(v: impl std::fmt::Display) -> String {
    format!(
        "{v} is out of range: each side of the map is 1 to {MAX_MAP_SIDE} hexes and the \
         longer side at least {MIN_MAP_SIDE} (LF-01, LFO-17)"
    )
}

pub(super) fn map_size_why(cols: i32, rows: i32) -> Option<String> {
    (cols.max(rows) < MIN_MAP_SIDE).then(|| {
        format!("the map is {cols}×{rows}; LF-01 needs at least {MIN_MAP_SIDE} columns or rows")
    })
}

pub(super) fn fleet_count_why(n: usize) -> Option<String> {
    if (FLEETS.0..=FLEETS.1).contains(&n) {
        None
    } else {
        let fleets = if n == 1 { "fleet" } else { "fleets" };
        Some(format!(
            "found {n} {fleets}; a battle has {} to {} players, one fleet each",
            FLEETS.0, FLEETS.1
        ))
    }
}

pub(super) fn fleet_name_why(f: &Fleet) -> Option<String> {
    f.name
        .trim()
        .is_empty()
        .then(|| "must not be empty".to_string())
}

fn over_points_why(f: &Fleet, limit: u32, whose: &str, options: &Options) -> Option<String> {
    let total = f
        .ships
        .iter()
        .fold(0u32, |a, d| a.saturating_add(d.cost_under(options)));
    (total > limit).then(|| {
        let items: Vec<String> = f
            .ships
            .iter()
            .map(|d| format!("{} {}", d.name, d.cost_under(options)))
            .collect();
        format!(
            "fleet \"{}\" costs {total} points, over {whose} limit of {limit} by {} ({})",
            f.name,
            total.saturating_sub(limit),
            items.join(" + ")
        )
    })
}
