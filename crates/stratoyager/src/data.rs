//! Data files: the roster of parameter cards (SY-01, SY-02) and the scenarios, in
//! TOML. Formats: `docs/stratoyager-data.md`.
//!
//! Files are read into a TOML tree and walked by hand (with [`orrery_data::Reader`])
//! rather than handed to serde, so that *every* problem of a file is reported at once,
//! each with its file, its field path (`forces[1].units[2]`, `unit[3].safe.turn`,
//! `obstacles[0].outline.radius`) and why, with a suggestion for a misspelt name or
//! field. TOML syntax errors carry line and column. Unknown fields are errors
//! everywhere.

mod read;

use crate::setup::scenario_problems;
use crate::types::{Force, Scenario, UnitType};
use orrery_core::NamedScenario;
use orrery_data::{did_you_mean, join, Reader};
use orrery_table::Rect;
use read::ReadSy;
use std::sync::OnceLock;
use toml::{Table, Value};

pub use orrery_data::{DataError, Problem};
pub use read::{CARD_KEYS, FEATURES};

/// Where the embedded roster says it comes from in error messages.
pub const ROSTER_FILE: &str = "data/roster.toml";
const ROSTER: &str = include_str!("../data/roster.toml");

/// The top-level fields of a scenario file.
pub const SCENARIO_KEYS: &[&str] = &[
    "name",
    "description",
    "table",
    "points",
    "roster",
    "forces",
    "obstacles",
    "options",
];
const FORCE_KEYS: &[&str] = &["name", "units"];

/// The built-in scenarios: (id, file, text). The first is the default.
const SCENARIOS: &[orrery_data::Embedded] = &[
    (
        "pilot-episode",
        "data/scenarios/pilot-episode.toml",
        include_str!("../data/scenarios/pilot-episode.toml"),
    ),
    (
        "dogfight",
        "data/scenarios/dogfight.toml",
        include_str!("../data/scenarios/dogfight.toml"),
    ),
    (
        "asteroid-ambush",
        "data/scenarios/asteroid-ambush.toml",
        include_str!("../data/scenarios/asteroid-ambush.toml"),
    ),
];

/// The embedded roster (SY-02), or every problem found in it (read once).
pub fn try_default_roster() -> Result<Vec<UnitType>, DataError> {
    static ROSTER_CARDS: OnceLock<Result<Vec<UnitType>, DataError>> = OnceLock::new();
    ROSTER_CARDS
        .get_or_init(|| parse_roster(ROSTER, ROSTER_FILE))
        .clone()
}

/// The four parameter cards of SY-02 from the embedded `data/roster.toml` (read once;
/// the crate's tests guarantee it loads).
pub fn default_roster() -> Vec<UnitType> {
    try_default_roster().unwrap_or_default()
}

/// The TOML text of the embedded roster (for tools to print or export).
pub fn roster_text() -> &'static str {
    ROSTER
}

/// A roster file: a `[[unit]]` list of parameter cards. Every card is checked.
pub fn parse_roster(text: &str, file: &str) -> Result<Vec<UnitType>, DataError> {
    let mut r = Reader::new(file);
    let root = r.parse(text)?;
    r.keys(&root, "", &["unit"]);
    let cards = r.cards(&root, "unit");
    if cards.is_empty() && !r.has_problem_under("unit") {
        r.problem("unit".into(), "the list is empty".into());
    }
    r.finish(cards)
}

/// A scenario file (see the docs for the format). Forces name unit types from the
/// file's own `[[roster]]` if it has one, else from the built-in roster.
pub fn parse_scenario(text: &str, file: &str) -> Result<Scenario, DataError> {
    let mut r = Reader::new(file);
    let root = r.parse(text)?;
    r.keys(&root, "", SCENARIO_KEYS);
    let name = r.req_str(&root, "name", "");
    if name.as_deref().is_some_and(|n| n.trim().is_empty()) {
        r.problem("name".into(), "must not be empty".into());
    }
    let description = r.opt_str(&root, "description", "").unwrap_or_default();
    let table = r.table(&root);
    let points = r
        .opt_int(&root, "points", "", 1, i64::from(u32::MAX))
        .map(|v| v as u32);
    // Unit names are checked against the roster only if it could be listed at all.
    let (roster, names_checkable) = match root.get("roster") {
        None => (default_roster(), true),
        Some(v) => {
            let cards = r.cards(&root, "roster");
            if cards.is_empty() && !r.has_problem_under("roster") {
                let why = "the list is empty; leave `roster` out to use the built-in roster";
                r.problem("roster".into(), why.into());
            }
            (cards, v.is_array())
        }
    };
    let forces = forces(&mut r, &root, &roster, points, names_checkable);
    let obstacles = r.obstacles(&root, table);
    let options = r.options(&root);
    let scenario = Scenario {
        name: name.unwrap_or_default(),
        description,
        table: table.unwrap_or(Rect::new(24.0, 36.0)),
        points,
        roster,
        forces,
        obstacles,
        options,
    };
    // The set-up checks catch what reading does not (e.g. more than 200 units).
    if !r.has_problem_under("") {
        for why in scenario_problems(&scenario) {
            r.problem(String::new(), why);
        }
    }
    r.finish(scenario)
}

/// The `[[forces]]`: exactly two, each with a name and unit type names from `roster`;
/// each force's total within the `points` limit.
fn forces(
    r: &mut Reader,
    root: &Table,
    roster: &[UnitType],
    points: Option<u32>,
    names_checkable: bool,
) -> Vec<Force> {
    let known: Vec<&str> = roster.iter().map(|t| t.name.as_str()).collect();
    let tables = r.tables(root, "forces", "", true);
    let mut out: Vec<Force> = Vec::new();
    for (path, t) in &tables {
        r.keys(t, path, FORCE_KEYS);
        let name = r.req_str(t, "name", path);
        match &name {
            Some(n) if n.trim().is_empty() => {
                r.problem(join(path, "name"), "must not be empty".into());
            }
            Some(n) if out.iter().any(|f| &f.name == n) => {
                let why = format!("\"{n}\" names both sides; give each side its own name");
                r.problem(join(path, "name"), why);
            }
            _ => {}
        }
        let units = r.str_list(t, "units", path, true).unwrap_or_default();
        let field = join(path, "units");
        if units.is_empty() && !r.has_problem_under(&field) {
            let why = format!(
                "has no units; list unit type names, e.g. [\"{}\"]",
                known.join("\", \"")
            );
            r.problem(field.clone(), why);
        }
        let mut total: u32 = 0;
        let mut all_known = names_checkable && !r.has_problem_under(&field);
        // Indices of the strings in the TOML array (non-strings were reported).
        let items: Vec<usize> = match t.get("units") {
            Some(Value::Array(a)) => (0..a.len()).filter(|&i| a[i].is_str()).collect(),
            _ => Vec::new(),
        };
        for (unit, i) in units.iter().zip(items) {
            if let Some(card) = roster.iter().find(|c| &c.name == unit) {
                total = total.saturating_add(card.points);
                continue;
            }
            all_known = false;
            if !names_checkable || r.is_broken(unit) {
                continue;
            }
            let why = format!(
                "unknown unit \"{unit}\"{}; the roster has: {}",
                did_you_mean(unit, &known),
                known.join(", ")
            );
            r.problem(format!("{field}[{i}]"), why);
        }
        if let (Some(limit), true) = (points, all_known) {
            if total > limit {
                let why = format!(
                    "{} totals {total} points, over the scenario's limit of {limit} (by {})",
                    name.as_deref().unwrap_or("this force"),
                    total - limit
                );
                r.problem(path.clone(), why);
            }
        }
        out.push(Force {
            name: name.unwrap_or_default(),
            units,
        });
    }
    if tables.len() != 2 && !(tables.is_empty() && r.has_problem_under("forces")) {
        let why = format!(
            "Basic Stratoyager is fought by exactly 2 sides; found {} (side A deploys on \
             the south edge, side B on the north edge)",
            tables.len()
        );
        r.problem("forces".into(), why);
    }
    out
}

/// The scenario files shipped with the engine, read once: `strict()` gives every
/// problem found in them, `ids()` their ids, the default (`pilot-episode`) first.
pub static BUILTIN_SCENARIOS: orrery_data::Builtin<Scenario> =
    orrery_data::Builtin::new(SCENARIOS, parse_scenario);

/// The scenarios shipped with the engine, the default first; a file that fails to
/// load is left out (the crate's tests guarantee none does).
pub fn builtin_scenarios() -> Vec<NamedScenario<Scenario>> {
    NamedScenario::all_by_id(BUILTIN_SCENARIOS.lenient(), |s| &s.description)
}

/// The TOML text of a built-in scenario by id.
pub fn builtin_scenario_text(id: &str) -> Option<&'static str> {
    SCENARIOS.iter().find(|s| s.0 == id).map(|s| s.2)
}
