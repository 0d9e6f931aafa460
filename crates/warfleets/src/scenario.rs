//! Scenarios (seed "Misja", "Rozstawienie"; FB-14, FB-17, FB-20): the agreed points,
//! the table and its terrain, two fleets, read from TOML with every problem's file,
//! field and reason; and setting a game up from one.

use crate::catalogue::{catalogue_from, Catalogue};
use crate::fleet::{ability, fleet_from, report_problems, FleetSpec};
use crate::rules::Log;
use crate::state::{Edge, Model, Status, Step, Upgrade, UpgradeKind, Warfleets};
use crate::terrain::{random_table, Terrain};
use orrery_core::{NamedScenario, Rng, Seat, SetupError};
use orrery_data::{DataError, Reader};
use orrery_table::{Heading, Point};
use serde::{Deserialize, Serialize};
use toml::Value;

/// A scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub name: String,
    #[serde(default)]
    pub about: String,
    /// The agreed fleet size ("300 pts to start, 450 pts for full games").
    pub points: u32,
    /// `orrery calibrate`'s limit, taken once ([`orrery_core::Files::take_points_limit`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points_limit: Option<u32>,
    /// "The game ends after 4 rounds."
    #[serde(default = "four")]
    pub rounds: u8,
    /// FB-14: "default table 72"×48"".
    #[serde(default = "width")]
    pub width: f64,
    #[serde(default = "height")]
    pub height: f64,
    /// FB-03: "Force org is on by default."
    #[serde(default = "yes")]
    pub force_org: bool,
    /// Terrain pieces; with `random_terrain` the game's RNG places FB-14's twelve.
    #[serde(default)]
    pub terrain: Vec<Terrain>,
    #[serde(default = "yes")]
    pub random_terrain: bool,
    pub catalogue: Catalogue,
    pub fleets: Vec<FleetSpec>,
    /// Seed "Floty": "both players build fleets of equal points". A scenario whose
    /// fleets differ by more than the cheapest unit is refused unless it says
    /// `asymmetric = true` (a handicap or a story played on purpose).
    #[serde(default)]
    pub asymmetric: bool,
}

fn four() -> u8 {
    4
}
fn width() -> f64 {
    72.0
}
fn height() -> f64 {
    48.0
}
fn yes() -> bool {
    true
}

/// The shipped scenarios.
pub const SCENARIOS: [(&str, &str); 3] = [
    (
        "skirmish.toml",
        include_str!("../data/scenarios/skirmish.toml"),
    ),
    ("patrol.toml", include_str!("../data/scenarios/patrol.toml")),
    ("battle.toml", include_str!("../data/scenarios/battle.toml")),
];

/// The shipped scenarios, read.
pub fn builtin() -> Vec<NamedScenario<Scenario>> {
    SCENARIOS
        .iter()
        .filter_map(|(file, text)| parse_scenario(text, file).ok())
        .map(|s| NamedScenario {
            name: s.name.clone(),
            description: s.about.clone(),
            scenario: s,
        })
        .collect()
}

/// Read a scenario file: `name`, `about`, `points`, `rounds`, `width`, `height`,
/// `force_org`, `random_terrain`, `asymmetric`, `[[terrain]]`, an optional
/// `[catalogue]` (default: the shipped one) and two `[[fleet]]`s.
pub fn parse_scenario(text: &str, file: &str) -> Result<Scenario, DataError> {
    let mut r = Reader::new(file);
    let root = r.parse(text)?;
    r.keys(
        &root,
        "",
        &[
            "name",
            "about",
            "points",
            "rounds",
            "width",
            "height",
            "force_org",
            "random_terrain",
            "terrain",
            "catalogue",
            "fleet",
            "asymmetric",
        ],
    );
    let catalogue = match root.get("catalogue") {
        Some(Value::Table(t)) => catalogue_from(&mut r, t, "catalogue"),
        Some(_) => {
            r.problem("catalogue".into(), "expected a table".into());
            Catalogue::shipped()
        }
        None => Catalogue::shipped(),
    };
    let name = r.req_str(&root, "name", "").unwrap_or_default();
    let about = match root.get("about") {
        Some(Value::String(s)) => s.clone(),
        _ => String::new(),
    };
    let points = r.req_int(&root, "points", "", 50, 5000).unwrap_or(300) as u32;
    let rounds = r.opt_int(&root, "rounds", "", 1, 12).unwrap_or(4) as u8;
    let width = r.opt_float(&root, "width", "", 24.0, 240.0).unwrap_or(72.0);
    let height = r
        .opt_float(&root, "height", "", 48.0, 240.0)
        .unwrap_or(48.0);
    let force_org = r.opt_bool(&root, "force_org", "").unwrap_or(true);
    let mut terrain = Vec::new();
    for (p, t) in r.tables(&root, "terrain", "", false) {
        if let Some(x) = r.serde_value::<Terrain>(&Value::Table(t.clone()), &p) {
            if let Err(e) = x.shape.validate() {
                r.problem(p.clone(), e);
            }
            terrain.push(x);
        }
    }
    let random_terrain = r
        .opt_bool(&root, "random_terrain", "")
        .unwrap_or(terrain.is_empty());
    let mut fleets = Vec::new();
    let tables = r.tables(&root, "fleet", "", true);
    if tables.len() != 2 && !tables.is_empty() {
        r.problem(
            "fleet".into(),
            format!("two fleets, found {}", tables.len()),
        );
    }
    let mut read_whole = true;
    for (p, t) in tables {
        let f = fleet_from(&mut r, t, &p, &[]);
        read_whole &= !r.has_problem_under(&p);
        report_problems(&mut r, &f, &catalogue, points, force_org, &p);
        fleets.push(f);
    }
    let asymmetric = r.opt_bool(&root, "asymmetric", "").unwrap_or(false);
    // Only fleets read whole are compared (a unit left out would make a difference
    // that is not there).
    if !asymmetric && fleets.len() == 2 && read_whole {
        if let Some(why) = unequal(&catalogue, &fleets) {
            r.problem("fleet".into(), why);
        }
    }
    r.finish(Scenario {
        name,
        about,
        points,
        points_limit: None,
        rounds,
        width,
        height,
        force_org,
        terrain,
        random_terrain,
        catalogue,
        fleets,
        asymmetric,
    })
}

/// Seed "Floty": "przygotować dwie floty o równym koszcie punktowym" (two fleets of
/// equal point cost). FB-21: the two totals are equal (a scenario that says
/// `asymmetric = true` may field them unequal on purpose); otherwise the reason, with
/// both totals and the difference. (FB-21 replaces the project's WFO-11, which let
/// them differ by the cheapest unit: 5-pt titles close any 5-pt gap.)
pub fn unequal(cat: &Catalogue, fleets: &[FleetSpec]) -> Option<String> {
    let [a, b] = fleets else {
        return None;
    };
    let known = |f: &FleetSpec| {
        f.ships
            .iter()
            .map(|s| &s.hull)
            .chain(f.squadrons.iter().map(|q| &q.hull))
            .all(|h| cat.hull(h).is_some())
    };
    if !known(a) || !known(b) {
        return None;
    }
    let (pa, pb) = (a.points(cat), b.points(cat));
    let diff = pa.abs_diff(pb);
    (diff > 0).then(|| {
        format!(
            "the fleets cost {pa} pts ({}) and {pb} pts ({}), {diff} pts apart; the seed wants fleets of equal points (\"dwie floty o równym koszcie punktowym\", FB-21): even them out (a 5-pt title closes a 5-pt gap), or set `asymmetric = true` to play them unequal on purpose",
            a.name, b.name
        )
    })
}

/// Every problem of a scenario from JSON (or changed in code).
pub fn problems(s: &Scenario) -> Vec<String> {
    let mut out: Vec<String> = s.catalogue.check();
    if s.fleets.len() != 2 {
        out.push(format!("fleets: two fleets, found {}", s.fleets.len()));
    }
    for (i, f) in s.fleets.iter().enumerate() {
        for (field, why) in f.problems(&s.catalogue, s.points, s.force_org, "") {
            out.push(format!("fleet[{i}].{field}: {why}"));
        }
        let models = f.ships.len()
            + f.squadrons
                .iter()
                .map(|q| usize::from(q.count))
                .sum::<usize>();
        if models > 100 {
            out.push(format!("fleet[{i}]: {models} models; at most 100"));
        }
    }
    if !(s.width.is_finite() && (24.0..=240.0).contains(&s.width)) {
        out.push(format!("width: {} must be 24 to 240", s.width));
    }
    if !(s.height.is_finite() && (48.0..=240.0).contains(&s.height)) {
        out.push(format!(
            "height: {} must be 48 to 240 (zones 24\" apart)",
            s.height
        ));
    }
    if !(1..=12).contains(&s.rounds) {
        out.push(format!("rounds: {} must be 1 to 12", s.rounds));
    }
    for (i, t) in s.terrain.iter().enumerate() {
        if let Err(e) = t.shape.validate() {
            out.push(format!("terrain[{i}]: {e}"));
        }
    }
    if s.terrain.len() > 60 {
        out.push("terrain: at most 60 pieces".into());
    }
    if !s.asymmetric {
        out.extend(unequal(&s.catalogue, &s.fleets).map(|why| format!("fleets: {why}")));
    }
    out
}

/// Set a game up: terrain (FB-14), the marker roll-off and count (FB-17).
pub fn setup(s: &Scenario, seed: u64) -> Result<(Warfleets, Log), SetupError> {
    let p = problems(s);
    if !p.is_empty() {
        return Err(SetupError::new(p));
    }
    let mut rng = Rng::seed_from(seed);
    let mut terrain = s.terrain.clone();
    if s.random_terrain {
        terrain.extend(random_table(&mut rng, s.width, s.height));
    }
    let mut models = Vec::new();
    let mut started = [0u8; 2];
    for (i, f) in s.fleets.iter().enumerate() {
        let seat = Seat(i as u8);
        let mut count = std::collections::BTreeMap::<String, u32>::new();
        let mut name_of = |hull: &str| {
            let n = count.entry(hull.to_string()).or_default();
            *n += 1;
            format!("{hull} {}{}", *n, if i == 0 { "A" } else { "B" })
        };
        for ship in &f.ships {
            let hull = s.catalogue.hull(&ship.hull).unwrap_or(0);
            let mut upgrades: Vec<Upgrade> = ship
                .systems
                .iter()
                .filter_map(|n| crate::catalogue::System::from_name(n))
                .map(|system| Upgrade {
                    kind: UpgradeKind::System { system },
                    damage: 0,
                })
                .collect();
            for (mount, w) in ship.mounts() {
                if let Some(weapon) = s.catalogue.weapon(w) {
                    upgrades.push(Upgrade {
                        kind: UpgradeKind::Weapon { weapon, mount },
                        damage: 0,
                    });
                }
            }
            let hero = ship.hero.as_deref().and_then(ability);
            let title = ship.title.as_deref().and_then(ability);
            let points = s.catalogue.hulls[hull].cost
                + [hero, title]
                    .into_iter()
                    .flatten()
                    .filter_map(|a| s.catalogue.cost_of(a))
                    .sum::<u32>();
            let name = ship.name.clone().unwrap_or_else(|| name_of(&ship.hull));
            models.push(new_model(
                models.len(),
                seat,
                hull,
                name,
                upgrades,
                hero,
                title,
                points,
            ));
            started[i] += 1;
        }
        for q in &f.squadrons {
            let hull = s.catalogue.hull(&q.hull).unwrap_or(0);
            for _ in 0..q.count {
                let name = name_of(&q.hull);
                let cost = s.catalogue.hulls[hull].cost;
                models.push(new_model(
                    models.len(),
                    seat,
                    hull,
                    name,
                    Vec::new(),
                    None,
                    None,
                    cost,
                ));
            }
        }
    }
    let mut g = Warfleets {
        scenario: s.name.clone(),
        width: s.width,
        height: s.height,
        rounds: s.rounds,
        catalogue: crate::state::Shared::new(s.catalogue.clone()),
        terrain,
        sides: [s.fleets[0].name.clone(), s.fleets[1].name.clone()],
        models,
        markers: Vec::new(),
        mines: Vec::new(),
        round: 0,
        roll_winner: Seat(0),
        first: Seat(0),
        edges: [Edge::South, Edge::North],
        started_ships: started,
        step: Step::Over,
        phase: crate::catalogue::Class::Squadron,
        turn_seat: Seat(0),
        launching: Vec::new(),
        harms: Vec::new(),
        choosing: false,
        mends: Vec::new(),
        displaced: Vec::new(),
        outcome: None,
        rng,
    };
    // Seed "Misja": "Place D3+2 markers. Players roll off to see who places first."
    // Both rolls are the set-up's events (`Game::setup_logged`).
    let mut log = Vec::new();
    let count = g.rng.die(3) as u8 + 2;
    crate::rules::emit(&mut log, crate::event::Event::Markers { count });
    let first = g.roll_off("markers", &mut log);
    g.step = Step::Marker {
        seat: first,
        left: count,
    };
    Ok((g, log))
}

#[allow(clippy::too_many_arguments)]
fn new_model(
    id: usize,
    seat: Seat,
    hull: usize,
    name: String,
    upgrades: Vec<Upgrade>,
    hero: Option<crate::catalogue::Ability>,
    title: Option<crate::catalogue::Ability>,
    points: u32,
) -> Model {
    Model {
        id: id as u8,
        seat,
        hull,
        name: name.into(),
        pos: Point::new(0.0, 0.0),
        heading: Heading(0),
        status: Status::Waiting,
        upgrades,
        hero,
        title,
        damage: 0,
        boarding: 0,
        markers: 0,
        activated: false,
        took: None,
        sitting_duck: false,
        hurt_this_round: false,
        exit: None,
        launched: false,
        deferred: false,
        points,
    }
}

/// Check every shipped file (tests).
pub fn check_shipped() -> Result<(), DataError> {
    crate::catalogue::read_catalogue(crate::catalogue::CATALOGUE_TOML, "catalogue.toml")?;
    for (file, text) in SCENARIOS {
        parse_scenario(text, file)?;
    }
    Ok(())
}
