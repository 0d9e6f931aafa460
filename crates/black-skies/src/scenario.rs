//! Scenarios and the catalogue as TOML (docs/black-skies.md), and set-up.

use crate::catalogue::{pilot_points, Armour, Design, Thruster, Weapon, Weight, DIE_NAMES};
use crate::state::{BlackSkies, Element, Fighter, Phase, Status};
use orrery_core::{Files, RosterEntry};
use orrery_core::{NamedScenario, Rng, Seat, SetupError};
use orrery_data::{read_embedded_lenient, DataError, Embedded, Reader};
use orrery_table::{Heading, Point, Sector};
use serde::{Deserialize, Serialize};
use toml::Table;

pub use crate::state::Asteroid;

/// One element of a side's forces: a fighter type and its pilots' skills (lead
/// first; one pilot = a lone fighter).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ElementSpec {
    pub fighter: String,
    pub pilots: Vec<u8>,
}

/// One side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideSpec {
    pub name: String,
    pub elements: Vec<ElementSpec>,
}

/// What a game is set up from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// BS-01: "default table 48"×48" (36"×36" allowed for duels)".
    pub width: f64,
    pub length: f64,
    /// BS-12: "The game ends at the end of turn 12".
    pub turns: u32,
    /// BS-12: "Balanced games: equal points per side"; each side at most this.
    #[serde(default)]
    pub points: Option<u32>,
    #[serde(default)]
    pub asteroids: Vec<Asteroid>,
    pub sides: Vec<SideSpec>,
    /// The fighter types the sides may use (the shipped catalogue and the file's own).
    pub catalogue: Vec<Design>,
}

const CATALOGUE: &str = include_str!("../data/catalogue.toml");
const SCENARIOS: [Embedded; 2] = [
    (
        "duel",
        "duel.toml",
        include_str!("../data/scenarios/duel.toml"),
    ),
    (
        "squadron",
        "squadron.toml",
        include_str!("../data/scenarios/squadron.toml"),
    ),
];

/// The shipped catalogue (`data/catalogue.toml`, BS-14 and BS-15).
pub fn catalogue() -> Vec<Design> {
    read_catalogue_text(CATALOGUE, "catalogue.toml", &[]).unwrap_or_default()
}

/// Read a catalogue file: `[[weapon]]` and `[[fighter]]` tables. Fighters may use the
/// file's weapons and those of `base`.
pub fn read_catalogue_text(
    text: &str,
    file: &str,
    base: &[Design],
) -> Result<Vec<Design>, DataError> {
    let mut r = Reader::new(file);
    let root = r.parse(text)?;
    r.keys(&root, "", &["weapon", "fighter"]);
    let designs = read_designs(&mut r, &root, base);
    r.finish(designs)
}

fn read_designs(r: &mut Reader, root: &Table, base: &[Design]) -> Vec<Design> {
    let mut weapons: Vec<Weapon> = base
        .iter()
        .flat_map(|d| d.weapons.iter().cloned())
        .collect();
    for (path, t) in r.tables(root, "weapon", "", false) {
        r.keys(
            t,
            &path,
            &[
                "name", "arcs", "rof", "accuracy", "range", "damage", "points",
            ],
        );
        let name = r.req_str(t, "name", &path);
        let arcs = r.str_list(t, "arcs", &path, true).unwrap_or_default();
        let mut sectors = Vec::new();
        for (i, a) in arcs.iter().enumerate() {
            if a == "all" {
                sectors.extend(Sector::ALL);
            } else if let Some(s) = Sector::ALL.iter().find(|s| s.name() == a) {
                sectors.push(*s);
            } else {
                let names: Vec<&str> = Sector::ALL.iter().map(|s| s.name()).collect();
                r.problem(
                    format!("{path}.arcs[{i}]"),
                    format!(
                        "unknown arc `{a}`; expected all or one of: {}",
                        names.join(", ")
                    ),
                );
            }
        }
        sectors.sort();
        sectors.dedup();
        let rof = r.req_int(t, "rof", &path, 1, 12);
        let accuracy = r.req_int(t, "accuracy", &path, -10, 10);
        let range = r.req_int(t, "range", &path, 3, 60);
        if range.is_some_and(|v| v % 3 != 0) {
            r.problem(
                format!("{path}.range"),
                "must be a multiple of 3 (BS-10: close is a third, medium two thirds)".into(),
            );
        }
        let damage = r.choice(t, "damage", &path, &DIE_NAMES);
        let points = r.req_int(t, "points", &path, 0, 100);
        if let (Some(name), Some(rof), Some(accuracy), Some(range), Some(damage), Some(points)) =
            (name, rof, accuracy, range, damage, points)
        {
            if sectors.is_empty() {
                continue;
            }
            weapons.retain(|w| w.name != name);
            weapons.push(Weapon {
                name,
                arcs: sectors,
                rof: rof as u8,
                accuracy: accuracy as i32,
                range: range as u32,
                damage,
                points: points as u32,
            });
        }
    }
    let mut designs: Vec<Design> = base.to_vec();
    for (path, t) in r.tables(root, "fighter", "", false) {
        r.keys(
            t,
            &path,
            &[
                "name",
                "weight",
                "thrusters",
                "weapons",
                "armour",
                "shields",
                "points",
            ],
        );
        let name = r.req_str(t, "name", &path);
        let weight = r.choice(t, "weight", &path, &Weight::NAMES);
        let thrusters: Vec<Thruster> = r
            .str_list(t, "thrusters", &path, false)
            .unwrap_or_default()
            .iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let found = Thruster::NAMES.iter().find(|(n, _)| n == s).map(|x| x.1);
                if found.is_none() {
                    r.problem(
                        format!("{path}.thrusters[{i}]"),
                        format!("unknown thrusters `{s}`; expected rear, side or forward"),
                    );
                }
                found
            })
            .collect();
        let mut fitted = Vec::new();
        for (i, w) in r
            .str_list(t, "weapons", &path, true)
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            match weapons.iter().find(|x| &x.name == w) {
                Some(x) => fitted.push(x.clone()),
                None => {
                    let known: Vec<&str> = weapons.iter().map(|x| x.name.as_str()).collect();
                    r.problem(
                        format!("{path}.weapons[{i}]"),
                        format!(
                            "unknown weapon `{w}`{}",
                            orrery_data::did_you_mean(w, &known)
                        ),
                    );
                }
            }
        }
        let armour = r
            .opt_choice(t, "armour", &path, &Armour::NAMES)
            .unwrap_or(Armour::None);
        let shields = r.opt_bool(t, "shields", &path).unwrap_or(false);
        let points = r.opt_int(t, "points", &path, 0, 1000);
        let (Some(name), Some(weight)) = (name, weight) else {
            continue;
        };
        if weight == Weight::Light && armour == Armour::Heavy {
            r.problem(
                format!("{path}.armour"),
                "a light fighter may not have heavy armour (seed \"Armour\")".into(),
            );
        }
        let mut sorted = thrusters.clone();
        sorted.sort();
        sorted.dedup();
        if sorted.len() != thrusters.len() {
            r.problem(
                format!("{path}.thrusters"),
                "a thruster set is listed twice".into(),
            );
        }
        let d = Design {
            name,
            weight,
            thrusters: sorted,
            weapons: fitted,
            armour,
            shields,
        };
        if let Some(p) = points {
            if p as u32 != d.points() {
                r.problem(
                    format!("{path}.points"),
                    format!(
                        "{p} is not what BS-15 gives: {} (weight {} + thrusters {} + weapons {} + armour {} + shields {})",
                        d.points(),
                        d.weight.points(),
                        3 * d.thrusters.len(),
                        d.weapons.iter().map(|w| w.points).sum::<u32>(),
                        d.armour.points(),
                        if d.shields { 4 } else { 0 }
                    ),
                );
            }
        }
        designs.retain(|x| x.name != d.name);
        designs.push(d);
    }
    designs
}

/// Read a scenario file (docs/black-skies.md): its own `[[weapon]]` and `[[fighter]]`
/// tables are added to the shipped catalogue.
pub fn parse_scenario(text: &str, file: &str) -> Result<Scenario, DataError> {
    let mut r = Reader::new(file);
    let root = r.parse(text)?;
    r.keys(
        &root,
        "",
        &[
            "name",
            "description",
            "width",
            "length",
            "turns",
            "points",
            "asteroid",
            "side",
            "weapon",
            "fighter",
        ],
    );
    let catalogue = read_designs(&mut r, &root, &catalogue());
    let name = r.req_str(&root, "name", "").unwrap_or_default();
    let description = r.opt_str(&root, "description", "").unwrap_or_default();
    let width = r.opt_float(&root, "width", "", 12.0, 240.0).unwrap_or(48.0);
    let length = r
        .opt_float(&root, "length", "", 12.0, 240.0)
        .unwrap_or(48.0);
    let turns = r.opt_int(&root, "turns", "", 1, 100).unwrap_or(12) as u32;
    let points = r.opt_int(&root, "points", "", 1, 100_000).map(|p| p as u32);
    let mut asteroids = Vec::new();
    for (path, t) in r.tables(&root, "asteroid", "", false) {
        r.keys(t, &path, &["x", "y", "radius"]);
        let x = r.req_float(t, "x", &path, 0.0, width);
        let y = r.req_float(t, "y", &path, 0.0, length);
        let radius = r.req_float(t, "radius", &path, 0.5, 24.0);
        if let (Some(x), Some(y), Some(radius)) = (x, y, radius) {
            asteroids.push(Asteroid { x, y, radius });
        }
    }
    let mut sides = Vec::new();
    let side_tables = r.tables(&root, "side", "", true);
    if side_tables.len() != 2 && !side_tables.is_empty() {
        r.problem(
            "side".into(),
            format!("{} sides; Black Skies is played by 2", side_tables.len()),
        );
    }
    for (path, t) in side_tables {
        r.keys(t, &path, &["name", "element"]);
        let name = r.req_str(t, "name", &path).unwrap_or_default();
        let mut elements = Vec::new();
        for (epath, e) in r.tables(t, "element", &path, true) {
            r.keys(e, &epath, &["fighter", "pilots"]);
            let fighter = r.req_str(e, "fighter", &epath);
            if let Some(f) = &fighter {
                if !catalogue.iter().any(|d| &d.name == f) {
                    let known: Vec<&str> = catalogue.iter().map(|d| d.name.as_str()).collect();
                    r.problem(
                        format!("{epath}.fighter"),
                        format!(
                            "unknown fighter `{f}`{}",
                            orrery_data::did_you_mean(f, &known)
                        ),
                    );
                }
            }
            let pilots = pilot_list(&mut r, e, &epath);
            if let (Some(fighter), Some(pilots)) = (fighter, pilots) {
                elements.push(ElementSpec { fighter, pilots });
            }
        }
        sides.push(SideSpec { name, elements });
    }
    let s = Scenario {
        name,
        description,
        width,
        length,
        turns,
        points,
        asteroids,
        sides,
        catalogue,
    };
    if !r.has_problem_under("") {
        for (i, side) in s.sides.iter().enumerate() {
            if let (Some(limit), Some(cost)) = (s.points, side_points(&s, side)) {
                if cost > limit {
                    r.problem(
                        format!("side[{i}]"),
                        format!("{cost} points is over the scenario's {limit} (BS-12)"),
                    );
                }
            }
        }
    }
    r.finish(s)
}

fn pilot_list(r: &mut Reader, e: &Table, path: &str) -> Option<Vec<u8>> {
    let field = format!("{path}.pilots");
    let Some(v) = e.get("pilots") else {
        r.problem(field, "missing".into());
        return None;
    };
    let Some(items) = v.as_array() else {
        r.problem(field, "expected an array of skills 1–4, e.g. [2, 2]".into());
        return None;
    };
    if items.is_empty() || items.len() > 2 {
        r.problem(
            field,
            format!(
                "{} pilots; an element is a lead and a wingman (1 or 2)",
                items.len()
            ),
        );
        return None;
    }
    let mut out = Vec::new();
    for (i, v) in items.iter().enumerate() {
        match v.as_integer() {
            Some(s @ 1..=4) => out.push(s as u8),
            _ => r.problem(
                format!("{field}[{i}]"),
                format!("{v} is not a Piloting Skill; must be 1 (green) to 4 (hotshot)"),
            ),
        }
    }
    (out.len() == items.len()).then_some(out)
}

/// A side's points (BS-15), `None` if it names an unknown fighter.
pub fn side_points(s: &Scenario, side: &SideSpec) -> Option<u32> {
    side.elements.iter().try_fold(0, |acc, e| {
        let d = s.catalogue.iter().find(|d| d.name == e.fighter)?;
        Some(
            acc + e
                .pilots
                .iter()
                .map(|&p| d.points() + pilot_points(p))
                .sum::<u32>(),
        )
    })
}

/// The shipped scenarios: `duel` first.
pub fn builtin() -> Vec<NamedScenario<Scenario>> {
    NamedScenario::all_by_id(read_embedded_lenient(&SCENARIOS, parse_scenario), |s| {
        &s.description
    })
}

/// Every shipped data file read strictly (for tests): every problem at once.
pub fn check_shipped() -> Result<(), DataError> {
    read_catalogue_text(CATALOGUE, "catalogue.toml", &[])?;
    orrery_data::read_embedded(&SCENARIOS, parse_scenario).map(|_| ())
}

/// The suits of up to twelve elements per side (seed: "Each element of two fighters
/// uses its own suit").
const SUITS: [&str; 4] = ["spades", "hearts", "diamonds", "clubs"];

/// Set a game up (BS-01, BS-02): fighters waiting to deploy and the first placer
/// drawn from `seed` ("random first placer"); who moves first is drawn only after
/// set-up (seed PLAY).
pub fn setup(s: &Scenario, seed: u64) -> Result<BlackSkies, SetupError> {
    let mut problems = Vec::new();
    if s.sides.len() != 2 {
        problems.push(format!(
            "{} sides; Black Skies is played by 2",
            s.sides.len()
        ));
    }
    if !(12.0..=240.0).contains(&s.width) || !(12.0..=240.0).contains(&s.length) {
        problems.push(format!(
            "table {}×{}: each side must be 12 to 240 inches",
            s.width, s.length
        ));
    }
    if !(1..=100).contains(&s.turns) {
        problems.push(format!("turns {}: must be 1 to 100", s.turns));
    }
    for (i, a) in s.asteroids.iter().enumerate() {
        let ok = a.radius.is_finite()
            && a.radius > 0.0
            && (0.0..=s.width).contains(&a.x)
            && (0.0..=s.length).contains(&a.y);
        if !ok {
            problems.push(format!("asteroid {i}: centre on the table and radius > 0"));
        }
    }
    let mut elements = Vec::new();
    let mut fighters = Vec::new();
    let mut designs: Vec<Design> = Vec::new();
    for (si, side) in s.sides.iter().enumerate().take(2) {
        if side.elements.is_empty() {
            problems.push(format!("side {si} ({}) has no element", side.name));
        }
        if side.elements.len() > 12 {
            problems.push(format!(
                "side {si} has {} elements; at most 12",
                side.elements.len()
            ));
        }
        if let (Some(limit), Some(cost)) = (s.points, side_points(s, side)) {
            if cost > limit {
                problems.push(format!(
                    "side {si} costs {cost} points, over the scenario's {limit}"
                ));
            }
        }
        for (ei, spec) in side.elements.iter().enumerate() {
            let Some(d) = s.catalogue.iter().find(|d| d.name == spec.fighter) else {
                problems.push(format!(
                    "side {si} element {ei}: unknown fighter `{}`",
                    spec.fighter
                ));
                continue;
            };
            for problem in d.check() {
                if !problems.contains(&problem) {
                    problems.push(problem);
                }
            }
            if spec.pilots.is_empty()
                || spec.pilots.len() > 2
                || spec.pilots.iter().any(|p| !(1..=4).contains(p))
            {
                problems.push(format!(
                    "side {si} element {ei}: 1 or 2 pilots of skill 1–4"
                ));
                continue;
            }
            let di = match designs.iter().position(|x| x.name == d.name) {
                Some(i) => i,
                None => {
                    designs.push(d.clone());
                    designs.len() - 1
                }
            };
            let id = elements.len() as u8;
            let mut ids = Vec::new();
            for &skill in &spec.pilots {
                let fid = fighters.len() as u8;
                ids.push(fid);
                fighters.push(Fighter {
                    id: fid,
                    seat: Seat(si as u8),
                    element: id,
                    design: di,
                    skill,
                    pos: Point::ORIGIN,
                    heading: Heading(0),
                    hull: d.weight.hull(),
                    status: Status::Waiting,
                    jinking: false,
                    failed: false,
                    out_of_control: false,
                });
            }
            let n = elements
                .iter()
                .filter(|e: &&Element| e.seat.index() == si)
                .count();
            let suit = SUITS[n % 4];
            let name = if n < 4 {
                suit.to_string()
            } else {
                format!("{suit} {}", n / 4 + 1)
            };
            elements.push(Element {
                id,
                seat: Seat(si as u8),
                name,
                fighters: ids,
                speed: 0,
                card: None,
                shown: None,
                committed_at: None,
                readied_at: None,
            });
        }
    }
    if !problems.is_empty() {
        return Err(SetupError::new(problems));
    }
    let mut rng = Rng::seed_from(seed);
    // BS-02: "random first placer". Who moves first is drawn after set-up
    // (`BlackSkies::end_setup`).
    let placer = Seat(rng.die(2) as u8 - 1);
    Ok(BlackSkies {
        scenario: s.name.clone(),
        width: s.width,
        length: s.length,
        turns: s.turns,
        asteroids: s.asteroids.clone(),
        sides: [s.sides[0].name.clone(), s.sides[1].name.clone()],
        designs,
        fighters,
        elements,
        decks: [Vec::new(), Vec::new()],
        turn: 0,
        first: None,
        groups: [Vec::new(), Vec::new()],
        order: Vec::new(),
        cursor: 0,
        phase: Phase::Deploy { seat: placer },
        actions: [0, 0],
        outcome: None,
        rng,
    })
}

impl Files for BlackSkies {
    /// Scenario files in TOML (docs/black-skies.md).
    fn scenario_from_text(text: &str, file: &str) -> Option<Result<Scenario, SetupError>> {
        Some(parse_scenario(text, file).map_err(|e| SetupError::new(e.messages())))
    }

    /// Every fighter type of the catalogue, flown by trained pilots (skill 2).
    fn roster(scenario: &Scenario) -> Vec<RosterEntry> {
        scenario
            .catalogue
            .iter()
            .map(|d| RosterEntry {
                name: d.name.clone(),
                points: f64::from(d.points() + crate::catalogue::pilot_points(crate::ROSTER_SKILL)),
            })
            .collect()
    }

    /// Forces by fighter type: consecutive fighters of one type pair up into
    /// elements (an odd one flies alone, BS-05), all with trained pilots.
    fn with_forces(base: &Scenario, forces: &[Vec<String>]) -> Result<Scenario, SetupError> {
        if forces.len() != 2 {
            return Err(SetupError::one("Black Skies has two sides"));
        }
        let mut s = base.clone();
        for (side, names) in s.sides.iter_mut().zip(forces) {
            side.elements.clear();
            for name in names {
                if !base.catalogue.iter().any(|d| &d.name == name) {
                    return Err(SetupError::one(format!("unknown fighter `{name}`")));
                }
                match side.elements.last_mut() {
                    Some(e) if &e.fighter == name && e.pilots.len() == 1 => {
                        e.pilots.push(crate::ROSTER_SKILL)
                    }
                    _ => side.elements.push(ElementSpec {
                        fighter: name.clone(),
                        pilots: vec![crate::ROSTER_SKILL],
                    }),
                }
            }
        }
        Ok(s)
    }

    fn take_points_limit(scenario: &mut Scenario) -> Option<f64> {
        scenario.points.take().map(f64::from)
    }
}
