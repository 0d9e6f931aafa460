//! Data files: the Starship Blue Book, fleets, ship designs and scenarios in TOML.
//! Formats: `docs/launch-fighters-data.md`.
//!
//! Files are read into a TOML tree and walked by hand (with [`orrery_data::Reader`])
//! rather than handed to serde, so that *every* problem of a file is reported at once,
//! each with its file, its field path (`fleets[1].ships[2].defense`) and why. Syntax
//! errors carry line and column.
//! Unknown fields are errors everywhere, as the `deny_unknown_fields` types demand; the
//! `options` table is read by serde from [`Options`] itself so new options need no change
//! here.

mod check;
mod read;
mod report;

use crate::design::CostBreakdown;
use crate::types::{Fleet, MapHex, Objective, Options, Scenario, ShipDesign, Terrain};
use check::{
    duplicate_fleet_names, fleet_count_why, fleet_name_why, fleet_problems, map_size_why,
    terrain_problems,
};
use orrery_core::NamedScenario;
use orrery_data::{join, Reader};
use read::ReadLf;
use serde::Serialize;
use std::fmt;
use std::sync::OnceLock;

pub use check::scenario_problems;
pub use orrery_data::{DataError, Problem};
pub use report::{check_written, table as fleet_table};

/// Where the embedded Blue Book says it comes from in error messages.
pub const BLUE_BOOK_FILE: &str = "data/blue-book.toml";
const BLUE_BOOK: &str = include_str!("../data/blue-book.toml");

/// The built-in scenarios: (id, file, text). The first is the default.
const SCENARIOS: &[orrery_data::Embedded] = &[
    (
        "duel",
        "data/scenarios/duel.toml",
        include_str!("../data/scenarios/duel.toml"),
    ),
    (
        "standard",
        "data/scenarios/standard.toml",
        include_str!("../data/scenarios/standard.toml"),
    ),
    (
        "three-way",
        "data/scenarios/three-way.toml",
        include_str!("../data/scenarios/three-way.toml"),
    ),
    (
        "melee-6",
        "data/scenarios/melee-6.toml",
        include_str!("../data/scenarios/melee-6.toml"),
    ),
    (
        "asteroid-field",
        "data/scenarios/asteroid-field.toml",
        include_str!("../data/scenarios/asteroid-field.toml"),
    ),
    (
        "convoy-run",
        "data/scenarios/convoy-run.toml",
        include_str!("../data/scenarios/convoy-run.toml"),
    ),
];

/// The longer map side must be at least this (LF-01: "at least 24 columns or rows";
/// LFO-17).
pub const MIN_MAP_SIDE: i32 = 24;
/// Largest map side: hex labels print column and row with two digits each (LFO-17).
pub const MAX_MAP_SIDE: i32 = 100;
/// Fewest and most fleets (players) in a scenario.
pub const FLEETS: (usize, usize) = (2, 6);

/// What kind of file [`fleet_check`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FileForm {
    /// `name`, optional `points`, `[[ships]]` (and optional local `[[designs]]`).
    Fleet,
    /// A `[[designs]]` list, like the Blue Book.
    Designs,
    /// One inline design at the top level.
    Design,
}

/// One ship of a checked file with its cost (LF-18).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitReport {
    pub name: String,
    /// The design it references (Blue Book or the file's own `[[designs]]`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub design_ref: Option<String>,
    pub design: ShipDesign,
    pub cost: u32,
    pub breakdown: CostBreakdown,
}

/// The result of `orrery fleet check FILE`: every ship's cost and the total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FleetReport {
    pub file: String,
    pub form: FileForm,
    pub name: String,
    pub units: Vec<UnitReport>,
    /// Sum of the units' costs (for a design list, simply the sum of the list).
    pub total: u32,
    /// The fleet's `points` limit, if it sets one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
}

impl fmt::Display for FleetReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.form {
            FileForm::Fleet => "Fleet",
            FileForm::Designs => "Designs",
            FileForm::Design => "Design",
        };
        writeln!(f, "{what} \"{}\" ({})", self.name, self.file)?;
        let width = self
            .units
            .iter()
            .map(|u| u.name.chars().count())
            .max()
            .unwrap_or(0);
        for u in &self.units {
            let kind = if u.design.kind.is_empty() {
                String::new()
            } else {
                format!(" ({})", u.design.kind)
            };
            writeln!(
                f,
                "  {:<width$} {:>4}  {}{}",
                u.name, u.cost, u.breakdown, kind
            )?;
        }
        match self.limit {
            Some(l) => write!(f, "Total {} of {} points", self.total, l),
            None => write!(f, "Total {} points", self.total),
        }
    }
}

/// The Starship Blue Book of LF-20, from the embedded `data/blue-book.toml` (read once).
pub fn load_blue_book() -> Result<Vec<ShipDesign>, DataError> {
    static BOOK: OnceLock<Result<Vec<ShipDesign>, DataError>> = OnceLock::new();
    BOOK.get_or_init(|| parse_designs(BLUE_BOOK, BLUE_BOOK_FILE))
        .clone()
}

/// One Blue Book design by its exact name.
pub fn blue_book_design(name: &str) -> Option<ShipDesign> {
    load_blue_book().ok()?.into_iter().find(|d| d.name == name)
}

/// A design file: a `[[designs]]` list (optional top-level `name`, `description`) or a
/// single inline design at the top level. Every design is checked (LF-18).
pub fn parse_designs(text: &str, file: &str) -> Result<Vec<ShipDesign>, DataError> {
    let mut r = Reader::new(file);
    let root = r.parse(text)?;
    let designs = if root.contains_key("designs") {
        r.keys(&root, "", &["name", "description", "designs"]);
        r.opt_str(&root, "name", "");
        r.opt_str(&root, "description", "");
        let list: Vec<ShipDesign> = r.designs(&root, &[]).into_iter().map(|d| d.1).collect();
        if list.is_empty() && !r.has_problem_under("designs") {
            r.problem("designs".into(), "the list is empty".into());
        }
        list
    } else {
        r.inline_design(&root, "").into_iter().collect()
    };
    r.finish(designs)
}

/// A scenario file (see the docs for the format). Ships naming a design are resolved
/// against the file's own `[[designs]]` and the Blue Book.
pub fn parse_scenario(text: &str, file: &str) -> Result<Scenario, DataError> {
    let blue = blue_book_or_empty();
    let mut r = Reader::new(file);
    let root = r.parse(text)?;
    r.keys(
        &root,
        "",
        &[
            "name",
            "description",
            "cols",
            "rows",
            "points",
            "turn_limit",
            "options",
            "terrain",
            "exit_area",
            "objectives",
            "designs",
            "fleets",
        ],
    );
    let name = r.req_str(&root, "name", "");
    let description = r.opt_str(&root, "description", "").unwrap_or_default();
    let side = |r: &mut Reader, key: &str, default: i32| -> i32 {
        let Some(v) = r.opt_int(&root, key, "", i64::MIN, i64::MAX) else {
            return default;
        };
        match i32::try_from(v) {
            Ok(v) if (1..=MAX_MAP_SIDE).contains(&v) => v,
            _ => {
                r.problem(key.into(), check::map_side_why(v));
                default
            }
        }
    };
    let cols = side(&mut r, "cols", 27);
    let rows = side(&mut r, "rows", 24);
    let points = r
        .opt_int(&root, "points", "", 1, i64::from(u32::MAX))
        .map(|v| v as u32);
    let turn_limit = r
        .opt_int(&root, "turn_limit", "", 1, i64::from(u32::MAX))
        .map_or(30, |v| v as u32);
    let options: Options = r.serde_table(&root, "options", "").unwrap_or_default();
    let mut map_ok = !r.has_problem_under("cols") && !r.has_problem_under("rows");
    if map_ok {
        if let Some(why) = map_size_why(cols, rows) {
            r.problem("cols, rows".into(), why);
            map_ok = false;
        }
    }
    let terrain = r.terrain(&root);
    if map_ok {
        for (field, why) in terrain_problems(&terrain, cols, rows) {
            r.problem(field, why);
        }
    }
    let mut exit_area = Vec::new();
    for (path, t) in r.tables(&root, "exit_area", "", false) {
        r.keys(t, &path, &["col", "row"]);
        let col = r.req_int(t, "col", &path, 0, i64::from(MAX_MAP_SIDE) - 1);
        let row = r.req_int(t, "row", &path, 0, i64::from(MAX_MAP_SIDE) - 1);
        if let (Some(col), Some(row)) = (col, row) {
            exit_area.push((
                path,
                MapHex {
                    col: col as i32,
                    row: row as i32,
                },
            ));
        }
    }
    if map_ok {
        for (field, why) in check::exit_problems(&exit_area, cols, rows, &terrain) {
            r.problem(field, why);
        }
    }
    let mut objectives: Vec<(String, Objective)> = Vec::new();
    for (path, t) in r.tables(&root, "objectives", "", false) {
        if let Some(o) = r.serde_value::<Objective>(&toml::Value::Table(t.clone()), &path) {
            objectives.push((path, o));
        }
    }
    let mut catalog = r.designs(&root, &blue);
    catalog.extend(blue.iter().map(|d| (d.name.clone(), d.clone())));
    let mut fleets = Vec::new();
    let fleet_tables = r.tables(&root, "fleets", "", true);
    for (path, t) in &fleet_tables {
        r.keys(t, path, &["name", "ships"]);
        let fname = r.req_str(t, "name", path);
        let ships = r.ships(t, path, &catalog);
        let fleet = Fleet {
            name: fname.clone().unwrap_or_default(),
            ships: ships.into_iter().map(|s| s.1).collect(),
        };
        if fname.is_some() {
            if let Some(why) = fleet_name_why(&fleet) {
                r.problem(join(path, "name"), why);
            }
        }
        // A fleet with an unreadable ship has no reliable total.
        if !r.has_problem_under(path) {
            for (field, why) in fleet_problems(path, &fleet, points, "the scenario's", &options) {
                r.problem(field, why);
            }
        }
        fleets.push(fleet);
    }
    if let Some(why) = fleet_count_why(fleet_tables.len()) {
        r.problem("fleets".into(), why);
    }
    for (field, why) in duplicate_fleet_names(&fleets) {
        r.problem(field, why);
    }
    // Objectives name fleets and ships: checked once all of them could be read.
    if map_ok && !r.has_problem_under("fleets") {
        let exits: Vec<MapHex> = exit_area.iter().map(|e| e.1).collect();
        let terrain: Vec<Terrain> = terrain.iter().map(|t| t.1).collect();
        let read: Vec<(String, &Objective)> =
            objectives.iter().map(|(p, o)| (p.clone(), o)).collect();
        for (field, why) in check::objectives_problems(&read, &fleets, cols, rows, &terrain, &exits)
        {
            r.problem(field, why);
        }
    }
    if let Some(n) = &name {
        if n.trim().is_empty() {
            r.problem("name".into(), "must not be empty".into());
        }
    }
    let scenario = Scenario {
        name: name.unwrap_or_default(),
        description,
        cols,
        rows,
        points,
        turn_limit,
        terrain: terrain.into_iter().map(|t| t.1).collect(),
        exit_area: exit_area.into_iter().map(|e| e.1).collect(),
        objectives: objectives.into_iter().map(|o| o.1).collect(),
        options,
        fleets,
    };
    r.finish(scenario)
}

/// A fleet file: `name`, optional `points` limit, `[[ships]]` (design references or
/// inline designs) and optional local `[[designs]]`.
pub fn parse_fleet(text: &str, file: &str) -> Result<Fleet, DataError> {
    let (fleet, _, _) = read_fleet(text, file)?;
    Ok(fleet)
}

/// `orrery fleet check FILE`: read a fleet file, a `[[designs]]` list or a single inline
/// design, and report every ship's cost with its breakdown (LF-18) and the total.
/// Any problem (including a fleet over its `points` limit) is an error.
pub fn fleet_check(text: &str, file: &str) -> Result<FleetReport, DataError> {
    let mut r = Reader::new(file);
    let root = r.parse(text)?;
    if root.contains_key("fleets") {
        r.problem(
            "fleets".into(),
            "this looks like a scenario file; `fleet check` reads a fleet file or a design \
             file (scenarios are checked when loaded)"
                .into(),
        );
        return Err(r.into_error());
    }
    let report = |form, name: String, units: Vec<(Option<String>, ShipDesign)>, limit| {
        let units: Vec<UnitReport> = units
            .into_iter()
            .map(|(design_ref, d)| UnitReport {
                name: d.name.clone(),
                design_ref,
                cost: d.cost(),
                breakdown: d.cost_breakdown(),
                design: d,
            })
            .collect();
        FleetReport {
            file: file.to_string(),
            form,
            name,
            total: units.iter().fold(0u32, |a, u| a.saturating_add(u.cost)),
            units,
            limit,
        }
    };
    if root.contains_key("ships") {
        let (fleet, refs, limit) = read_fleet(text, file)?;
        let units = refs.into_iter().zip(fleet.ships).collect();
        return Ok(report(FileForm::Fleet, fleet.name, units, limit));
    }
    if !root.contains_key("designs") && !read::STAT_KEYS.iter().any(|k| root.contains_key(*k)) {
        r.problem(
            "ships".into(),
            "missing; a fleet file lists its ships under [[ships]] (a design file has \
             [[designs]] or one design's fields)"
                .into(),
        );
        r.keys(&root, "", &["name", "points", "designs", "ships"]);
        return Err(r.into_error());
    }
    let designs = parse_designs(text, file)?;
    if root.contains_key("designs") {
        let name = match root.get("name") {
            Some(toml::Value::String(s)) => s.clone(),
            _ => file.to_string(),
        };
        let units = designs.into_iter().map(|d| (None, d)).collect();
        Ok(report(FileForm::Designs, name, units, None))
    } else {
        let name = designs.first().map(|d| d.name.clone()).unwrap_or_default();
        let units = designs.into_iter().map(|d| (None, d)).collect();
        Ok(report(FileForm::Design, name, units, None))
    }
}

/// The fleet, each ship's design reference, and the points limit.
type FleetRead = (Fleet, Vec<Option<String>>, Option<u32>);

fn read_fleet(text: &str, file: &str) -> Result<FleetRead, DataError> {
    let blue = blue_book_or_empty();
    let mut r = Reader::new(file);
    let root = r.parse(text)?;
    r.keys(&root, "", &["name", "points", "designs", "ships"]);
    let name = r.req_str(&root, "name", "");
    let limit = r
        .opt_int(&root, "points", "", 1, i64::from(u32::MAX))
        .map(|v| v as u32);
    let mut catalog = r.designs(&root, &blue);
    catalog.extend(blue.iter().map(|d| (d.name.clone(), d.clone())));
    let entries = r.ships(&root, "", &catalog);
    let refs: Vec<Option<String>> = entries.iter().map(|e| e.0.clone()).collect();
    let fleet = Fleet {
        name: name.clone().unwrap_or_default(),
        ships: entries.into_iter().map(|e| e.1).collect(),
    };
    if name.is_some() {
        if let Some(why) = fleet_name_why(&fleet) {
            r.problem("name".into(), why);
        }
    }
    if !r.has_problem_under("ships") && !r.has_problem_under("designs") {
        for (field, why) in fleet_problems("", &fleet, limit, "its", &Options::default()) {
            r.problem(field, why);
        }
    }
    r.finish((fleet, refs, limit))
}

fn blue_book_or_empty() -> Vec<ShipDesign> {
    load_blue_book().unwrap_or_default()
}

/// The scenario files shipped with the engine, read once: `strict()` gives every
/// problem found in them, `ids()` their ids, the default (`duel`) first.
pub static BUILTIN_SCENARIOS: orrery_data::Builtin<Scenario> =
    orrery_data::Builtin::new(SCENARIOS, parse_scenario);

/// The scenarios shipped with the engine, the default first; a file that fails to
/// load is left out (the crate's tests guarantee none does).
pub fn builtin_scenarios() -> Vec<NamedScenario<Scenario>> {
    NamedScenario::all_by_id(BUILTIN_SCENARIOS.lenient(), |s| &s.description)
}

/// The TOML text of the embedded Blue Book (for `orrery` to print or export).
pub fn blue_book_text() -> &'static str {
    BLUE_BOOK
}

/// The TOML text of a built-in scenario by id.
pub fn builtin_scenario_text(id: &str) -> Option<&'static str> {
    SCENARIOS.iter().find(|s| s.0 == id).map(|s| s.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// LF-20: every Blue Book design costs Base + P×m = Cost as in the ruling's table.
    #[test]
    fn lf20_blue_book_costs() {
        let table: [(&str, u32, u32, u32, u32); 12] = [
            ("Wasp", 9, 10, 1, 19),
            ("Swift", 12, 10, 2, 32),
            ("Kestrel", 22, 6, 2, 34),
            ("Lancer", 23, 6, 2, 35),
            ("Otox Gol 79b", 34, 3, 2, 40),
            ("Harrier", 31, 6, 3, 49),
            ("Excelsior", 56, 6, 4, 80),
            ("Vigilant", 70, 3, 5, 85),
            ("Resolute", 70, 3, 5, 85),
            ("Dominion", 86, 3, 6, 104),
            ("Leviathan", 104, 3, 7, 125),
            ("Sovereign", 137, 1, 8, 145),
        ];
        let book = match load_blue_book() {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        };
        let got: Vec<(&str, u32, u32, u32, u32)> = book
            .iter()
            .map(|d| {
                let b = d.cost_breakdown();
                (d.name.as_str(), b.base, b.move_p, b.multiplier, b.total)
            })
            .collect();
        assert_eq!(got, table);
    }

    #[test]
    fn builtin_scenarios_all_load() {
        if let Err(e) = BUILTIN_SCENARIOS.strict() {
            panic!("{e}");
        }
        assert_eq!(builtin_scenarios().len(), SCENARIOS.len());
    }
}
