//! Scenarios: the board (tiles, stations, asteroid clusters), the starting state and
//! the scenario's rules (decks, prices, turn limit, victory), read from TOML. The
//! shipped `outpost` scenarios are ST-04/ST-05's Scenario 1 for 2–6 players.

use crate::deck::Deck;
use crate::state::{Assets, Cluster, Columns, Player, Ship, Step, Stgv2};
use orrery_core::{Files, NamedScenario, Rng, RosterEntry, Seat, SetupError};
use orrery_data::{DataError, Reader};
use orrery_nodes::{Field, Node, Pos, Tile};
use serde::{Deserialize, Serialize};
use toml::{Table, Value};

pub use crate::state::{MoveDeck, Prices, Rules};

/// What a game is set up from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub players: u8,
    /// Levels on every rod (ST-01: five).
    pub levels: u8,
    pub tiles: Vec<Tile>,
    /// Seat i's station, on a tile centre (ST-04).
    pub stations: Vec<Tile>,
    /// Asteroid clusters, on tile centres (ST-04).
    pub clusters: Vec<Tile>,
    #[serde(default)]
    pub start: Start,
    /// Per-seat starting states replacing `start` (empty: every seat gets `start`);
    /// `calibrate` builds them from the roster (`with_forces`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forces: Vec<Start>,
    #[serde(default)]
    pub rules: Rules,
}

impl Scenario {
    /// Seat `i`'s starting state.
    pub fn start_of(&self, i: usize) -> &Start {
        self.forces.get(i).unwrap_or(&self.start)
    }
}

/// The roster `calibrate` draws forces from: what a seat may start with beyond the
/// seed's starting state, at Supply List prices (ST-15) — an asset on the starting
/// ship, an Energy Cell, or 1,000 Spendys ON station (the yardstick: worth exactly
/// its price).
pub fn roster(s: &Scenario) -> Vec<orrery_core::RosterEntry> {
    let p = &s.rules.prices;
    [
        ("weapon", p.weapon),
        ("shield", p.shield),
        ("engine", p.engine),
        ("energy cell", p.cell),
        ("1000 spendys", 1_000),
    ]
    .into_iter()
    .map(|(name, points)| orrery_core::RosterEntry {
        name: name.into(),
        points: f64::from(points),
    })
    .collect()
}

/// `base` with seat i starting with `start` plus the roster items `forces[i]` names.
pub fn with_forces(base: &Scenario, forces: &[Vec<String>]) -> Result<Scenario, SetupError> {
    if forces.len() != usize::from(base.players) {
        return Err(SetupError::one(format!(
            "{} forces for {} players",
            forces.len(),
            base.players
        )));
    }
    let mut s = base.clone();
    s.forces = forces
        .iter()
        .map(|names| {
            let mut st = base.start.clone();
            for n in names {
                add_extra(&mut st, n).map_err(SetupError::one)?;
            }
            Ok(st)
        })
        .collect::<Result<_, _>>()?;
    check(&s)?;
    Ok(s)
}

/// The roster's items, the Supply List's names for what a seat may start with beyond
/// ST-05's starting state (ST-15's prices).
pub const EXTRAS: [&str; 5] = ["weapon", "shield", "engine", "energy cell", "1000 spendys"];

/// `st` with one more of roster item `name` (ST-15: an asset on the starting ship, an
/// Energy Cell to the pool, 1,000 Spendys ON station).
fn add_extra(st: &mut Start, name: &str) -> Result<(), String> {
    match name {
        "weapon" => st.ship.weapon = st.ship.weapon.saturating_add(1),
        "shield" => st.ship.shield = st.ship.shield.saturating_add(1),
        "engine" => st.ship.engine = st.ship.engine.saturating_add(1),
        "energy cell" => st.cells = st.cells.saturating_add(1),
        "1000 spendys" => st.spendys = st.spendys.saturating_add(1_000),
        other => {
            return Err(format!(
                "unknown roster item `{other}`{}; one of: {}",
                orrery_data::did_you_mean(other, &EXTRAS),
                EXTRAS.join(", ")
            ))
        }
    }
    Ok(())
}

/// Each player's starting state (ST-05).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Start {
    pub cells: u8,
    pub spendys: u32,
    pub ship: Assets,
}

impl Default for Start {
    fn default() -> Self {
        Start {
            cells: 3,
            spendys: 5_000,
            ship: Assets {
                weapon: 1,
                shield: 1,
                engine: 3,
                shuttle: 0,
            },
        }
    }
}

const SHIPPED: &[orrery_data::Embedded] = &[
    (
        "outpost",
        "outpost.toml",
        include_str!("../data/scenarios/outpost.toml"),
    ),
    (
        "outpost-3",
        "outpost-3.toml",
        include_str!("../data/scenarios/outpost-3.toml"),
    ),
    (
        "outpost-4",
        "outpost-4.toml",
        include_str!("../data/scenarios/outpost-4.toml"),
    ),
    (
        "outpost-5",
        "outpost-5.toml",
        include_str!("../data/scenarios/outpost-5.toml"),
    ),
    (
        "outpost-6",
        "outpost-6.toml",
        include_str!("../data/scenarios/outpost-6.toml"),
    ),
    (
        "quick",
        "quick.toml",
        include_str!("../data/scenarios/quick.toml"),
    ),
];

/// The shipped scenarios, `outpost` (2 players) first.
pub fn builtin() -> Vec<NamedScenario<Scenario>> {
    NamedScenario::all_by_id(
        orrery_data::read_embedded_lenient(SHIPPED, parse_scenario),
        |s| &s.description,
    )
}

/// Every shipped file reads and sets up (for the crate's tests).
pub fn check_shipped() -> Result<(), String> {
    let all = orrery_data::read_embedded(SHIPPED, parse_scenario).map_err(|e| e.to_string())?;
    for (id, s) in all {
        check(&s).map_err(|e| format!("{id}: {e}"))?;
    }
    Ok(())
}

/// Read a scenario file (format in docs/stgv2.md).
pub fn parse_scenario(text: &str, file: &str) -> Result<Scenario, DataError> {
    let mut r = Reader::new(file);
    let mut root = r.parse(text)?;
    r.keys(
        &root,
        "",
        &[
            "name",
            "base",
            "description",
            "players",
            "levels",
            "radius",
            "tiles",
            "stations",
            "clusters",
            "start",
            "forces",
            "rules",
        ],
    );
    based_on(&mut r, &mut root);
    let name = r.req_str(&root, "name", "").unwrap_or_default();
    let description = r.opt_str(&root, "description", "").unwrap_or_default();
    let players = r.req_int(&root, "players", "", 2, 6).unwrap_or(2) as u8;
    let levels = r.opt_int(&root, "levels", "", 1, 9).unwrap_or(5) as u8;
    let mut tiles = Vec::new();
    if let Some(radius) = r.opt_int(&root, "radius", "", 0, 8) {
        tiles = Tile::disc(radius as u32);
    }
    if root.contains_key("tiles") {
        tiles.extend(tile_list(&mut r, &root, "tiles"));
    }
    if tiles.is_empty() && !r.has_problem_under("tiles") && !r.has_problem_under("radius") {
        r.problem(
            "tiles".into(),
            "no tiles: give `radius` or a `tiles` list".into(),
        );
    }
    let stations = tile_list(&mut r, &root, "stations");
    let clusters = tile_list(&mut r, &root, "clusters");
    let start: Start = r.serde_table(&root, "start", "").unwrap_or_default();
    let forces = r
        .tables(&root, "forces", "", false)
        .into_iter()
        .filter_map(|(path, t)| match t.get("extras") {
            Some(v) => {
                r.keys(t, &path, &["extras"]);
                extras(&mut r, v, &format!("{path}.extras"), start.clone())
            }
            None => r.serde_value(&Value::Table(t.clone()), &path),
        })
        .collect();
    let rules = match root.get("rules") {
        Some(Value::Table(t)) => rules_from(&mut r, t),
        Some(v) => {
            let why = format!("expected a table, found {}", orrery_data::found(v));
            r.problem("rules".into(), why);
            Rules::default()
        }
        None => Rules::default(),
    };
    let s = Scenario {
        name,
        description,
        players,
        levels,
        tiles,
        stations,
        clusters,
        start,
        forces,
        rules,
    };
    if r.has_problem_under("") {
        return r.finish(s);
    }
    for p in problems(&s) {
        let (field, why) = p.split_once(": ").unwrap_or(("", &p));
        r.problem(field.to_string(), why.to_string());
    }
    r.finish(s)
}

/// `base = "outpost-3"`: the file is that built-in scenario with every top-level field
/// the file gives in place of the base's (a fleet builder writes only the name and the
/// seats' forces).
fn based_on(r: &mut Reader, root: &mut Table) {
    let Some(v) = root.remove("base") else {
        return;
    };
    let names: Vec<&str> = SHIPPED.iter().map(|(id, _, _)| *id).collect();
    let Value::String(name) = v else {
        let why = format!("expected a scenario name, found {}", orrery_data::found(&v));
        return r.problem("base".into(), why);
    };
    let Some((_, _, text)) = SHIPPED.iter().find(|(id, _, _)| *id == name) else {
        let why = format!(
            "unknown scenario `{name}`{}; one of: {}",
            orrery_data::did_you_mean(&name, &names),
            names.join(", ")
        );
        return r.problem("base".into(), why);
    };
    let Ok(base) = text.parse::<Table>() else {
        return r.problem("base".into(), format!("scenario `{name}` does not read"));
    };
    for (k, v) in base {
        root.entry(k).or_insert(v);
    }
}

/// `[[forces]]` written as `extras = ["weapon", "energy cell", …]`: the seat starts with
/// `[start]` plus these roster items (ST-05's starting state and ST-15's Supply List).
fn extras(r: &mut Reader, v: &Value, field: &str, mut st: Start) -> Option<Start> {
    let Value::Array(items) = v else {
        let why = format!(
            "expected a list of roster items, found {}",
            orrery_data::found(v)
        );
        r.problem(field.into(), why);
        return None;
    };
    let mut ok = true;
    for (i, item) in items.iter().enumerate() {
        let why = match item {
            Value::String(name) => match add_extra(&mut st, name) {
                Ok(()) => continue,
                Err(why) => why,
            },
            v => format!(
                "expected a roster item's name, found {}",
                orrery_data::found(v)
            ),
        };
        r.problem(format!("{field}[{i}]"), why);
        ok = false;
    }
    ok.then_some(st)
}

/// `[rules]`: the revenue deck is a table of `"spendys" = copies`, the rest by serde.
fn rules_from(r: &mut Reader, t: &Table) -> Rules {
    let mut plain = t.clone();
    let revenue = plain.remove("revenue");
    let mut rules: Rules = r
        .serde_value(&Value::Table(plain), "rules")
        .unwrap_or_default();
    match revenue {
        None => {}
        Some(Value::Table(rt)) => {
            let mut deck = Vec::new();
            for (k, v) in &rt {
                let field = format!("rules.revenue.{k}");
                let Ok(value) = k.parse::<u32>() else {
                    r.problem(field, "expected a number of Spendys as the key".into());
                    continue;
                };
                match v {
                    Value::Integer(n) if (0..=60).contains(n) => deck.push((value, *n as u8)),
                    v => r.problem(
                        field,
                        format!("expected copies 0–60, found {}", orrery_data::found(v)),
                    ),
                }
            }
            deck.sort();
            rules.revenue = deck;
        }
        Some(v) => {
            let why = format!("expected a table, found {}", orrery_data::found(&v));
            r.problem("rules.revenue".into(), why);
        }
    }
    rules
}

/// A list of `[q, r]` tile pairs.
fn tile_list(r: &mut Reader, t: &Table, key: &str) -> Vec<Tile> {
    let Some(v) = t.get(key) else {
        r.problem(key.into(), "missing".into());
        return Vec::new();
    };
    let Value::Array(items) = v else {
        let why = format!(
            "expected an array of [q, r] pairs, found {}",
            orrery_data::found(v)
        );
        r.problem(key.into(), why);
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        match item {
            Value::Array(p) if p.len() == 2 => match (&p[0], &p[1]) {
                (Value::Integer(q), Value::Integer(s)) if q.abs() <= 50 && s.abs() <= 50 => {
                    out.push(Tile::new(*q as i32, *s as i32))
                }
                _ => r.problem(
                    format!("{key}[{i}]"),
                    "expected two whole numbers within ±50".into(),
                ),
            },
            v => r.problem(
                format!("{key}[{i}]"),
                format!("expected a [q, r] pair, found {}", orrery_data::found(v)),
            ),
        }
    }
    out
}

/// Every rule a scenario breaks, as `field: reason`.
pub fn problems(s: &Scenario) -> Vec<String> {
    let mut p = Vec::new();
    if !(2..=6).contains(&s.players) {
        p.push(format!("players: {} players; STGv2 is for 2–6", s.players));
    }
    if s.levels == 0 || s.levels > 9 {
        p.push(format!("levels: {} levels; must be 1–9", s.levels));
    }
    if s.tiles.is_empty() {
        p.push("tiles: no tiles".into());
    }
    if s.tiles.len() > 400 {
        p.push(format!("tiles: {} tiles; at most 400", s.tiles.len()));
    }
    let field = Field::new(s.tiles.clone(), s.levels.max(1));
    if s.stations.len() != usize::from(s.players) {
        p.push(format!(
            "stations: {} stations for {} players; one per player",
            s.stations.len(),
            s.players
        ));
    }
    let mut seen = Vec::new();
    for (what, list) in [("stations", &s.stations), ("clusters", &s.clusters)] {
        for (i, t) in list.iter().enumerate() {
            if !field.has_tile(*t) {
                p.push(format!(
                    "{what}[{i}]: tile {t} is not one of the scenario's tiles"
                ));
            }
            if seen.contains(t) {
                p.push(format!(
                    "{what}[{i}]: tile {t} already holds a station or cluster"
                ));
            }
            seen.push(*t);
        }
    }
    for (i, t) in s.stations.iter().enumerate() {
        if start_corners(&field, *t, &seen).is_empty() {
            p.push(format!(
                "stations[{i}]: no free corner of tile {t} to start on"
            ));
        }
    }
    let r = &s.rules;
    if !s.forces.is_empty() && s.forces.len() != usize::from(s.players) {
        p.push(format!(
            "forces: {} for {} players; one per player or none",
            s.forces.len(),
            s.players
        ));
    }
    let starts = std::iter::once(("start".to_string(), &s.start)).chain(
        s.forces
            .iter()
            .enumerate()
            .map(|(i, f)| (format!("forces[{i}]"), f)),
    );
    for (field, st) in starts {
        if st.cells > r.max_cells {
            p.push(format!(
                "{field}.cells: {} cells but a player may own at most {} (rules.max_cells)",
                st.cells, r.max_cells
            ));
        }
        if st.ship.count() > Assets::HOLES {
            p.push(format!("{field}.ship: more than 24 assets"));
        }
    }
    if r.move_deck.cards().is_empty() {
        p.push("rules.move_deck: no cards".into());
    }
    if r.move_deck.cards().len() > 400 || r.revenue_cards().len() > 400 {
        p.push("rules: a deck of more than 400 cards".into());
    }
    if r.claims == 0 {
        p.push("rules.claims: an outpost deck with no Claim can never build".into());
    }
    if r.revenue_cards().is_empty() {
        p.push("rules.revenue: no cards".into());
    }
    if r.rounds == 0 || r.rounds > 500 {
        p.push(format!("rules.rounds: {}; must be 1–500", r.rounds));
    }
    if r.max_cells > 20 || r.room.total() > 20 {
        p.push("rules: at most 20 cells and 20 places on the Play Board".into());
    }
    p
}

/// Check a scenario's rules (what [`parse_scenario`] also reports per field).
pub fn check(s: &Scenario) -> Result<(), SetupError> {
    let p = problems(s);
    if p.is_empty() {
        Ok(())
    } else {
        Err(SetupError::new(p))
    }
}

/// ST-05: the corners of station tile `t` nearest node (0,0), free of stations and
/// clusters (`taken` tiles' centres).
pub fn start_corners(field: &Field, t: Tile, taken: &[Tile]) -> Vec<Node> {
    let corners: Vec<Node> = t
        .corners()
        .into_iter()
        .filter(|&c| field.has_node(c) && !taken.iter().any(|x| x.centre() == c))
        .collect();
    let dist = |n: Node| {
        let (x, y) = n.xy();
        ((x * x + y * y) * 1e6).round() as i64
    };
    let best = corners.iter().map(|&c| dist(c)).min();
    corners
        .into_iter()
        .filter(|&c| Some(dist(c)) == best)
        .collect()
}

/// Set up a game (ST-05): decks shuffled, a random first player, every player's
/// ship waiting for its starting corner.
pub fn setup(s: &Scenario, seed: u64) -> Result<Stgv2, SetupError> {
    check(s)?;
    let mut rng = Rng::seed_from(seed);
    let field = Field::new(s.tiles.clone(), s.levels);
    let move_deck = Deck::shuffled(s.rules.move_deck.cards(), &mut rng);
    let outpost_deck = Deck::shuffled(s.rules.outpost_cards(), &mut rng);
    let revenue_deck = Deck::shuffled(s.rules.revenue_cards(), &mut rng);
    let first = Seat(rng.index(usize::from(s.players)) as u8);
    let players = (0..usize::from(s.players))
        .map(|i| Player {
            cells: s.start_of(i).cells,
            placed: Columns::default(),
            on: s.start_of(i).spendys,
            bought_ship: false,
            out: false,
            attempts: 0,
        })
        .collect();
    let ships = (0..s.players)
        .map(|i| Ship {
            id: u16::from(i),
            seat: Seat(i),
            // Off the field until its owner picks a corner (`Step::Start`).
            pos: Pos {
                node: s.stations[usize::from(i)].centre(),
                z: 0,
            },
            assets: s.start_of(usize::from(i)).ship,
            off: 0,
            alive: false,
            attacked: false,
            acted: false,
        })
        .collect();
    Ok(Stgv2 {
        scenario: s.name.clone(),
        rules: s.rules.clone(),
        field,
        stations: s.stations.iter().map(|t| t.centre()).collect(),
        clusters: s
            .clusters
            .iter()
            .map(|t| Cluster {
                node: t.centre(),
                outpost: None,
            })
            .collect(),
        players,
        ships,
        move_deck,
        outpost_deck,
        revenue_deck,
        sets: Vec::new(),
        current: first,
        first,
        round: 0,
        step: Step::Start { seat: Seat(0) },
        last_battle: None,
        outcome: None,
        rng,
        grid: Default::default(),
    })
}

impl Files for Stgv2 {
    /// Scenario files in TOML (docs/stgv2.md).
    fn scenario_from_text(text: &str, file: &str) -> Option<Result<Scenario, SetupError>> {
        Some(parse_scenario(text, file).map_err(|e| SetupError::new(e.messages())))
    }

    /// What a seat may start with beyond the seed's starting state, at Supply List
    /// prices (`scenario::roster`): `orrery calibrate` fits what each is worth.
    fn roster(scenario: &Scenario) -> Vec<RosterEntry> {
        roster(scenario)
    }

    fn with_forces(base: &Scenario, forces: &[Vec<String>]) -> Result<Scenario, SetupError> {
        with_forces(base, forces)
    }
}
