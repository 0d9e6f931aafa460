//! The roster and scenario files: built-ins load and set up, the roster is SY-02's,
//! and a broken file reports every problem at once with its field path.

use orrery_core::Game;
use orrery_stratoyager::data::{self, DataError};
use orrery_stratoyager::{Feature, ObstacleKind, Scenario, Stratoyager, UnitType};
use orrery_table::Shape;

#[path = "data/problems.rs"]
mod problems;

fn load(text: &str) -> Scenario {
    match data::parse_scenario(text, "test.toml") {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    }
}

fn errors(text: &str) -> DataError {
    match data::parse_scenario(text, "test.toml") {
        Ok(s) => panic!("expected problems, loaded {}", s.name),
        Err(e) => e,
    }
}

fn points(s: &Scenario) -> Vec<u32> {
    s.forces
        .iter()
        .map(|f| {
            f.units
                .iter()
                .map(|u| {
                    s.roster
                        .iter()
                        .find(|t| &t.name == u)
                        .map_or(0, |t| t.points)
                })
                .sum()
        })
        .collect()
}

fn builtin(id: &str) -> Scenario {
    let text = data::builtin_scenario_text(id).unwrap_or_else(|| panic!("no scenario {id}"));
    load(text)
}

#[test]
fn every_builtin_scenario_loads_and_sets_up() {
    if let Err(e) = data::BUILTIN_SCENARIOS.strict() {
        panic!("{e}");
    }
    let all = data::builtin_scenarios();
    let ids = data::BUILTIN_SCENARIOS.ids();
    assert_eq!(ids, ["pilot-episode", "dogfight", "asteroid-ambush"]);
    assert_eq!(all.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ids);
    assert_eq!(Stratoyager::scenarios()[0].name, "pilot-episode");
    for s in &all {
        assert!(!s.description.is_empty(), "{} has no description", s.name);
        assert_eq!(s.scenario, builtin(&s.name));
        if let Err(e) = Stratoyager::setup(&s.scenario, 7) {
            panic!("{}: {e:?}", s.name);
        }
    }
    assert!(data::builtin_scenario_text("nope").is_none());
}

#[test]
fn pilot_episode_is_the_seeds_battle() {
    let s = builtin("pilot-episode");
    assert_eq!((s.table.width, s.table.length), (24.0, 36.0));
    assert_eq!(s.forces.len(), 2);
    assert_eq!(s.forces[0].name, "Federated Systems Fleet");
    assert_eq!(
        s.forces[0].units,
        [
            "Guardian 151a",
            "Guardian 151a",
            "Guardian 151a",
            "Vulture Mk IV"
        ]
    );
    assert_eq!(s.forces[1].name, "Khione Pirates");
    assert_eq!(
        s.forces[1].units,
        [
            "Evo 6.2",
            "Evo 6.2",
            "Blackbuck Mk II",
            "Blackbuck Mk II",
            "Blackbuck Mk II"
        ]
    );
    assert_eq!(points(&s), [524, 495]);
    assert_eq!(s.roster, data::default_roster());
    assert!(s.obstacles.is_empty());
    assert_eq!(s.points, None);
}

#[test]
fn dogfight_is_one_on_one() {
    let s = builtin("dogfight");
    assert_eq!(s.forces[0].units, ["Guardian 151a"]);
    assert_eq!(s.forces[1].units, ["Blackbuck Mk II"]);
    assert!(s.options.dogfight);
}

#[test]
fn asteroid_ambush_is_by_points_with_obstacles() {
    let s = builtin("asteroid-ambush");
    assert_eq!((s.table.width, s.table.length), (24.0, 24.0));
    assert_eq!(s.points, Some(330));
    assert!(points(&s).iter().all(|&p| p <= 330));
    assert_eq!(s.obstacles.len(), 3);
    assert_eq!(s.obstacles[2].kind, ObstacleKind::Wreckage);
}

/// SY-02: every number of all four cards, as the ruling's table gives them.
#[test]
fn sy02_roster_is_the_rulings_table() {
    use Feature::*;
    // name, faction, safe (acc, dec, turn, slide), points, TC, sensors, main weapon,
    // missiles (L, M, H), features, structure, shields, armor.
    type Row<'a> = (&'a str, &'a str, [u8; 4], u32, i32, i32, u8);
    type Rest = ([u8; 3], Vec<Feature>, u8, u8, u8);
    let fed = "Federated Systems Fleet";
    let kp = "Khione Pirates";
    let table: [(Row<'static>, Rest); 4] = [
        (
            ("Guardian 151a", fed, [4, 3, 3, 2], 110, 3, 1, 2),
            ([0, 2, 0], vec![Linked, WeakFrame], 3, 2, 4),
        ),
        (
            ("Vulture Mk IV", fed, [2, 2, 2, 1], 194, 3, 2, 3),
            (
                [4, 0, 2],
                vec![Gunner, Turret360, Tracker, ReactorInterference],
                5,
                3,
                5,
            ),
        ),
        (
            ("Blackbuck Mk II", kp, [6, 2, 2, 2], 109, 2, 1, 2),
            ([4, 0, 0], vec![Dumb, UnbalancedArmor], 3, 1, 4),
        ),
        (
            ("Evo 6.2", kp, [3, 3, 3, 3], 84, 2, 0, 1),
            (
                [0, 2, 0],
                vec![Pulse, Fragshell, RetrofittedCivilian],
                2,
                1,
                3,
            ),
        ),
    ];
    let roster = match data::try_default_roster() {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    let got: Vec<(Row<'_>, Rest)> = roster
        .iter()
        .map(|t: &UnitType| {
            let s = t.safe;
            let m = t.missiles;
            (
                (
                    t.name.as_str(),
                    t.faction.as_str(),
                    [s.accelerate, s.decelerate, s.turn, s.slide],
                    t.points,
                    t.targeting,
                    t.sensors,
                    t.main_weapon,
                ),
                (
                    [m.light, m.medium, m.heavy],
                    t.features.clone(),
                    t.structure,
                    t.shields,
                    t.armor,
                ),
            )
        })
        .collect();
    assert_eq!(got, table);
    // The card fields the engine derives: Vulture fires 2D (SY-19), Blackbuck armour
    // fore 5 / aft 3.
    assert_eq!(roster[1].salvo_dice(), 2);
    let bb = &roster[2];
    assert_eq!(bb.armor_vs(orrery_table::Aspect::Fore), 5);
    assert_eq!(bb.armor_vs(orrery_table::Aspect::Aft), 3);
    assert_eq!(data::default_roster(), roster);
    assert_eq!(
        data::parse_roster(data::roster_text(), data::ROSTER_FILE),
        Ok(roster)
    );
}

const CUSTOM: &str = r#"
name = "belt-skirmish"
description = "400 points a side in an asteroid belt"
table = { width = 24, length = 36 }
points = 400

[[forces]]
name = "Federated Systems Fleet"
units = ["Vulture Mk IV", "Guardian 151a"]

[[forces]]
name = "Khione Pirates"
units = ["Blackbuck Mk II", "Blackbuck Mk II", "Evo 6.2", "Evo 6.2"]

[[obstacles]]
name = "Ceres Minor"
kind = "asteroid"
outline = { shape = "circle", center = { x = 12, y = 18 }, radius = 2.5 }

[[obstacles]]
name = "Dock 7"
kind = "station"
outline = { shape = "polygon", points = [{ x = 4, y = 10 }, { x = 7, y = 10 }, { x = 7, y = 12 }, { x = 4, y = 12 }] }

[options]
keep_hulks = true
turns = 8
"#;

#[test]
fn a_custom_battle_by_points_with_obstacles_loads() {
    let s = load(CUSTOM);
    assert_eq!(s.points, Some(400));
    assert_eq!(points(&s), [304, 386]);
    assert_eq!(s.obstacles.len(), 2);
    assert_eq!(
        s.obstacles[0].outline,
        Shape::Circle {
            center: orrery_table::Point::new(12.0, 18.0),
            radius: 2.5
        }
    );
    assert!(s.options.keep_hulks && s.options.dogfight && !s.options.arcade);
    assert_eq!(s.options.turns, 8);
    if let Err(e) = Stratoyager::setup(&s, 1) {
        panic!("{e:?}");
    }
}

/// Every complete scenario in the format's documentation loads.
#[test]
fn the_documented_examples_load() {
    let doc = include_str!("../../../docs/stratoyager-data.md");
    let mut found = 0;
    for block in doc.split("```toml").skip(1) {
        let Some((toml, _)) = block.split_once("```") else {
            continue;
        };
        if toml.contains("[[forces]]") && !toml.contains("# (a broken example)") {
            let s = load(toml);
            if let Err(e) = Stratoyager::setup(&s, 3) {
                panic!("{e:?}");
            }
            found += 1;
        }
    }
    assert!(found >= 2, "only {found} documented scenarios");
    // The documented problem report is the one the broken example gives.
    let (_, after) = doc
        .split_once("# (a broken example)")
        .expect("broken example");
    let (broken, after) = after.split_once("```").expect("end of example");
    let (_, report) = after.split_once("```text\n").expect("report");
    let (report, _) = report.split_once("```").expect("end of report");
    match data::parse_scenario(broken, "broken.toml") {
        Ok(_) => panic!("the broken example loads"),
        Err(e) => assert_eq!(format!("{e}\n"), report),
    }
}

/// The hand-written reader reads the built-ins exactly as the types' serde forms do.
#[test]
fn the_reader_agrees_with_serde_on_the_builtins() {
    #[derive(serde::Deserialize)]
    struct RosterFile {
        unit: Vec<UnitType>,
    }
    let by_serde: RosterFile = toml::from_str(data::roster_text()).expect("serde roster");
    assert_eq!(data::default_roster(), by_serde.unit);
    for id in data::BUILTIN_SCENARIOS.ids() {
        let text = data::builtin_scenario_text(id).unwrap_or_default();
        let mut t: toml::Table = text.parse().expect("toml");
        let roster = toml::Value::try_from(data::default_roster()).expect("roster");
        t.insert("roster".into(), roster);
        let by_serde: Scenario = toml::Value::Table(t).try_into().expect("serde");
        assert_eq!(builtin(id), by_serde, "{id}");
    }
}
