//! Data files: the Starship Blue Book (LF-20), construction costs (LF-18), scenarios,
//! fleet files and their error messages. Only `data` and `design` are called here.

use orrery_hex::{Dir, Hex};
use orrery_launch_fighters::data::{
    blue_book_design, builtin_scenarios, fleet_check, load_blue_book, parse_designs, parse_fleet,
    parse_scenario, scenario_problems, DataError, FileForm, BUILTIN_SCENARIOS,
};
use orrery_launch_fighters::design::validate;
use orrery_launch_fighters::{Scenario, ShipDesign, TerrainKind};

/// LF-20's table: name, type, C, L, B, D, M, missiles, squadrons,
/// add-ons (sensors, warp, repair, boosters, cargo holds, passenger holds), Base, P, m, Cost.
#[allow(clippy::type_complexity)]
const LF20: &[(&str, &str, [u8; 5], u8, u8, [u8; 6], u32, u32, u32, u32)] = &[
    (
        "Wasp",
        "Corvette",
        [2, 0, 0, 3, 4],
        0,
        0,
        [0; 6],
        9,
        10,
        1,
        19,
    ),
    (
        "Swift",
        "Courier",
        [1, 0, 0, 3, 4],
        0,
        0,
        [0, 1, 0, 0, 2, 1],
        12,
        10,
        2,
        32,
    ),
    (
        "Kestrel",
        "Escort carrier",
        [1, 0, 1, 4, 3],
        0,
        2,
        [0; 6],
        22,
        6,
        2,
        34,
    ),
    (
        "Lancer",
        "Frigate",
        [3, 2, 0, 4, 3],
        8,
        0,
        [0; 6],
        23,
        6,
        2,
        35,
    ),
    (
        "Otox Gol 79b",
        "Warbarge",
        [4, 1, 0, 6, 2],
        4,
        0,
        [0; 6],
        34,
        3,
        2,
        40,
    ),
    (
        "Harrier",
        "Destroyer",
        [4, 2, 0, 5, 3],
        6,
        0,
        [0; 6],
        31,
        6,
        3,
        49,
    ),
    (
        "Excelsior",
        "Light cruiser",
        [3, 5, 0, 6, 3],
        28,
        0,
        [0; 6],
        56,
        6,
        4,
        80,
    ),
    (
        "Vigilant",
        "Light carrier",
        [4, 1, 2, 6, 2],
        4,
        6,
        [2, 0, 0, 0, 0, 0],
        70,
        3,
        5,
        85,
    ),
    (
        "Resolute",
        "Cruiser",
        [5, 3, 1, 7, 2],
        12,
        2,
        [2, 0, 1, 0, 0, 0],
        70,
        3,
        5,
        85,
    ),
    (
        "Dominion",
        "Heavy cruiser",
        [7, 4, 0, 8, 2],
        16,
        0,
        [0, 0, 2, 1, 0, 0],
        86,
        3,
        6,
        104,
    ),
    (
        "Leviathan",
        "Carrier",
        [4, 0, 4, 7, 2],
        0,
        10,
        [2, 0, 2, 0, 0, 0],
        104,
        3,
        7,
        125,
    ),
    (
        "Sovereign",
        "Battleship",
        [10, 5, 1, 9, 1],
        20,
        2,
        [0, 0, 1, 0, 0, 0],
        137,
        1,
        8,
        145,
    ),
];

fn err(r: Result<impl std::fmt::Debug, DataError>) -> DataError {
    match r {
        Ok(v) => panic!("expected an error, got {v:?}"),
        Err(e) => e,
    }
}

/// Assert exactly one problem, at `field`, whose reason contains every needle.
fn only(e: &DataError, field: &str, needles: &[&str]) {
    assert_eq!(e.problems.len(), 1, "{e}");
    let p = &e.problems[0];
    assert_eq!(p.field, field, "{e}");
    for n in needles {
        assert!(p.why.contains(n), "{n:?} not in {e}");
    }
}

fn design(name: &str) -> ShipDesign {
    match blue_book_design(name) {
        Some(d) => d,
        None => panic!("{name} missing from the Blue Book"),
    }
}

// ---------------------------------------------------------------- Blue Book, costs

#[test]
fn lf20_blue_book_matches_the_ruling_table() {
    let book = load_blue_book().unwrap();
    assert_eq!(book.len(), LF20.len());
    for (d, row) in book.iter().zip(LF20) {
        let (name, kind, s, missiles, squadrons, a, base, p, m, cost) = *row;
        assert_eq!((d.name.as_str(), d.kind.as_str()), (name, kind));
        let st = &d.stats;
        assert_eq!(
            [st.cannons, st.launchers, st.bays, st.defense, st.mv],
            s,
            "{name}"
        );
        assert_eq!((d.missiles, d.squadrons), (missiles, squadrons), "{name}");
        let ad = &d.addons;
        let got = [
            ad.sensors,
            ad.warp,
            ad.repair,
            ad.boosters,
            ad.cargo_holds,
            ad.passenger_holds,
        ];
        assert_eq!(got, a, "{name} add-ons");
        let b = d.cost_breakdown();
        assert_eq!(
            (b.base, b.move_p, b.multiplier, b.total),
            (base, p, m, cost),
            "{name}: Base, P, m, Cost"
        );
        assert_eq!(b.move_cost, p * m, "{name}");
        assert_eq!(d.base_cost(), base);
        assert_eq!(d.move_multiplier(), m);
        assert_eq!(d.cost(), cost);
        assert!(validate(d).is_empty(), "{name}: {:?}", validate(d));
    }
}

#[test]
fn lf20_vigilant_worked_line() {
    // "C4 10 + L1 1 + B2 3 + D6 21 + 4 missiles 2 + 6 squadrons 30 + Sensors 2 3 = 70;
    // P(2) = 3; m = ⌈70/17⌉ = 5; 70 + 15 = 85."
    let b = design("Vigilant").cost_breakdown();
    assert_eq!(
        (
            b.cannons,
            b.launchers,
            b.bays,
            b.defense,
            b.missiles,
            b.squadrons,
            b.addons
        ),
        (10, 1, 3, 21, 2, 30, 3)
    );
    assert_eq!(
        (b.base, b.move_p, b.multiplier, b.move_cost, b.total),
        (70, 3, 5, 15, 85)
    );
}

#[test]
fn lf18_excelsior_worked_example() {
    // The seed's Excelsior costs 80: B 56, P 6, m 4 (LF-18).
    let e = design("Excelsior");
    let b = e.cost_breakdown();
    assert_eq!(
        (b.cannons, b.launchers, b.defense, b.missiles),
        (6, 15, 21, 14)
    );
    assert_eq!((b.bays, b.addons, b.squadrons, b.holds), (0, 0, 0, 0));
    assert_eq!(
        (b.base, b.move_p, b.multiplier, b.move_cost, b.total),
        (56, 6, 4, 24, 80)
    );
    assert_eq!(
        b.to_string(),
        "cannons 6 + launchers 15 + defense 21 + missiles 14 = base 56; \
         move P 6 × m 4 = 24; total 80"
    );
}

#[test]
fn seed_otox_gol_79b_worked_example() {
    // Seed "Ship Construction": "4 cannons [10 points], 1 launcher [1 point], 6 defense
    // [21 points] and 2 move [6 points – doubled in the 21-40 point ship cost range]
    // with 4 missiles [2 points]" — a 40-point warbarge.
    let o = design("Otox Gol 79b");
    let b = o.cost_breakdown();
    assert_eq!(
        (b.cannons, b.launchers, b.defense, b.missiles),
        (10, 1, 21, 2)
    );
    assert_eq!((b.move_p, b.multiplier, b.move_cost), (3, 2, 6));
    assert_eq!(b.total, 40);
}

#[test]
fn lf20_beginner_fleet_excelsior_and_wasp_is_99() {
    assert_eq!(design("Excelsior").cost() + design("Wasp").cost(), 99);
}

#[test]
fn lf18_validate_reports_every_problem_as_field_and_why() {
    let mut d = design("Wasp");
    d.name = String::new();
    d.stats.mv = 6;
    d.stats.launchers = 2;
    d.squadrons = 1;
    d.addons.repair = 11;
    assert_eq!(
        validate(&d),
        [
            "name: must not be empty",
            "move: 6 is above 5; the Step Chart has no step above 5 (LF-18)",
            "addons.repair: 11 is above 10; add-ons have levels 0 to 10 (LF-18)",
            "missiles: launchers 2 need at least 2 missiles (1 point), found 0 (LF-18: \"If a \
             ship buys launchers it must also buy at least 1 point of missiles\")",
            "squadrons: 1 squadrons but bays 0; squadrons need bays of at least 1 (LF-18)",
        ]
    );
}

// ---------------------------------------------------------------- built-in scenarios

#[test]
fn builtin_scenarios_load_default_first() {
    let all = BUILTIN_SCENARIOS.strict().unwrap_or_else(|e| panic!("{e}"));
    let ids: Vec<&str> = all.iter().map(|(id, _)| *id).collect();
    assert_eq!(
        ids,
        [
            "duel",
            "standard",
            "three-way",
            "melee-6",
            "asteroid-field",
            "convoy-run"
        ]
    );
    assert_eq!(BUILTIN_SCENARIOS.ids(), ids);
    let players: Vec<usize> = all.iter().map(|(_, s)| s.fleets.len()).collect();
    assert_eq!(players, [2, 2, 3, 6, 2, 2]);
    let named = builtin_scenarios();
    let names: Vec<&str> = named.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ids);
    for s in &named {
        assert!(!s.description.is_empty(), "{}", s.name);
        assert_eq!(s.description, s.scenario.description);
        // LF-17 (d) default; the convoy run is a 20-turn dash.
        let turns = if s.name == "convoy-run" { 20 } else { 30 };
        assert_eq!(s.scenario.turn_limit, turns, "{}", s.name);
        assert_eq!((s.scenario.cols, s.scenario.rows), (27, 24), "LF-01");
        assert!(scenario_problems(&s.scenario).is_empty(), "{}", s.name);
    }
}

#[test]
fn builtin_fleets_are_within_and_close_to_their_points() {
    // Seed "Building a Fleet": 100 points for beginners, 200 standard; "Choose or design
    // ships that total as close to the point limit as possible".
    for s in builtin_scenarios() {
        let limit = s
            .scenario
            .points
            .unwrap_or_else(|| panic!("{} has no points", s.name));
        let want = if s.name == "standard" { 200 } else { 100 };
        assert_eq!(limit, want, "{}", s.name);
        for f in &s.scenario.fleets {
            let o = &s.scenario.options;
            let total: u32 = f.ships.iter().map(|d| d.cost_under(o)).sum();
            assert!(total <= limit, "{} / {}: {total}", s.name, f.name);
            assert!(
                total + 12 >= limit,
                "{} / {}: {total} is far below",
                s.name,
                f.name
            );
            for d in &f.ships {
                assert!(validate(d).is_empty(), "{}: {:?}", d.name, validate(d));
            }
        }
    }
}

#[test]
fn duel_is_the_default_beginner_battle_with_fighters() {
    let duel = builtin_scenarios().remove(0).scenario;
    let names: Vec<Vec<&str>> = duel
        .fleets
        .iter()
        .map(|f| f.ships.iter().map(|d| d.name.as_str()).collect())
        .collect();
    assert_eq!(
        names,
        [
            vec!["Excelsior", "Wasp"],
            vec!["Kestrel", "Otox Gol 79b", "Wasp"]
        ]
    );
    assert!(
        duel.terrain.is_empty(),
        "LF-21: the default scenario has no terrain"
    );
    assert!(duel
        .fleets
        .iter()
        .any(|f| f.ships.iter().any(|d| d.squadrons > 0)));
}

#[test]
fn asteroid_field_terrain_avoids_placement_hexes() {
    let s = builtin_scenarios()
        .into_iter()
        .find(|s| s.name == "asteroid-field")
        .unwrap()
        .scenario;
    let kinds: Vec<TerrainKind> = s.terrain.iter().map(|t| t.kind).collect();
    for k in [
        TerrainKind::Asteroid,
        TerrainKind::Moon,
        TerrainKind::Planetoid,
        TerrainKind::Nebula,
    ] {
        assert!(kinds.contains(&k), "{k:?}");
    }
    assert!(
        kinds
            .iter()
            .filter(|k| **k == TerrainKind::Asteroid)
            .count()
            >= 3
    );
    // LF-07: the centre (13, 11) and the hexes 10 away from it in a straight line.
    let centre = Hex::from_offset(13, 11);
    let mut spots = vec![centre];
    spots.extend(Dir::ALL.iter().map(|d| centre.steps(*d, 10)));
    for t in &s.terrain {
        for h in &spots {
            assert!(t.hex().distance(*h) >= 2, "{t:?} is on or next to {h}");
        }
    }
}

#[test]
fn builtin_scenarios_round_trip_through_toml() {
    // The serde types and the data format agree: a resolved scenario written out by
    // serde (inline designs) reads back the same.
    for s in builtin_scenarios() {
        let text = toml::to_string(&s.scenario).unwrap();
        let back = parse_scenario(&text, "roundtrip.toml").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, s.scenario, "{}", s.name);
        let via_serde: Scenario = toml::from_str(&text).unwrap();
        assert_eq!(via_serde, s.scenario);
    }
}

#[test]
fn serde_types_also_deny_unknown_fields() {
    let text = "name = \"X\"\ncannons = 1\nlaunchers = 0\nbays = 0\ndefense = 1\nmove = 1\n";
    let d: ShipDesign = toml::from_str(text).unwrap();
    assert_eq!(parse_designs(text, "x.toml").unwrap(), [d]);
    let bad = format!("{text}cannon = 2\n");
    assert!(toml::from_str::<ShipDesign>(&bad).is_err());
    assert!(parse_designs(&bad, "x.toml").is_err());
}

// ---------------------------------------------------------------- fleet files

const EXAMPLE: &str = include_str!("../data/fleets/example-fleet.toml");

#[test]
fn example_fleet_file_checks() {
    let r = fleet_check(EXAMPLE, "example-fleet.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.form, FileForm::Fleet);
    assert_eq!(r.name, "Example Squadron");
    let units: Vec<(&str, Option<&str>, u32)> = r
        .units
        .iter()
        .map(|u| (u.name.as_str(), u.design_ref.as_deref(), u.cost))
        .collect();
    assert_eq!(
        units,
        [
            ("Lancer", Some("Lancer"), 35),
            ("Kestrel Alpha", Some("Kestrel"), 34),
            ("Picket One", None, 18),
        ]
    );
    assert_eq!((r.total, r.limit), (87, Some(100)));
    assert_eq!(r.units[2].breakdown.base, 12);
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["total"], 87);
    assert_eq!(json["units"][0]["breakdown"]["multiplier"], 2);
    assert!(r.to_string().ends_with("Total 87 of 100 points"));
    let fleet = parse_fleet(EXAMPLE, "example-fleet.toml").unwrap();
    assert_eq!(fleet.ships.len(), 3);
    assert_eq!(fleet.ships[1].stats, design("Kestrel").stats);
}

#[test]
fn fleet_check_reads_design_files() {
    let single = "name = \"Gnat\"\ncannons = 1\nlaunchers = 0\nbays = 0\ndefense = 2\nmove = 3\n";
    let r = fleet_check(single, "gnat.toml").unwrap();
    assert_eq!(
        (r.form, r.name.as_str(), r.total, r.limit),
        (FileForm::Design, "Gnat", 10, None)
    );
    let r = fleet_check(orrery_launch_fighters::data::blue_book_text(), "bb.toml").unwrap();
    assert_eq!(r.form, FileForm::Designs);
    assert_eq!(r.units.len(), 12);
    assert_eq!(r.units[6].cost, 80);
}

#[test]
fn fleet_file_may_define_its_own_designs() {
    let text = r#"
name = "Raiders"
points = 50
[[designs]]
name = "Gnat"
cannons = 1
launchers = 0
bays = 0
defense = 2
move = 3
[[ships]]
design = "Gnat"
[[ships]]
design = "Gnat"
name = "Gnat II"
[[ships]]
design = "Wasp"
"#;
    let r = fleet_check(text, "raiders.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.total, 10 + 10 + 19);
    assert_eq!(r.units[1].name, "Gnat II");
}

// ---------------------------------------------------------------- error messages

const WASP_FLEET: &str = "name = \"F\"\n[[ships]]\ndesign = \"Wasp\"\n";

fn inline_fleet(lines: &str) -> String {
    format!(
        "name = \"F\"\n[[ships]]\nname = \"Custom\"\ncannons = 1\nlaunchers = 0\nbays = 0\n\
         defense = 2\nmove = 2\n{lines}"
    )
}

#[test]
fn error_unknown_field_names_path_and_suggests() {
    let e = err(parse_fleet(&inline_fleet("cannon = 3\n"), "fleet.toml"));
    only(
        &e,
        "ships[0].cannon",
        &["unknown field", "did you mean `cannons`?"],
    );
    assert_eq!(e.problems[0].file, "fleet.toml");
    let e = err(parse_fleet(
        &format!("{WASP_FLEET}colour = \"red\"\n"),
        "fleet.toml",
    ));
    only(&e, "ships[0].colour", &["unknown field", "design, name"]);
    let e = err(parse_fleet(
        "name = \"F\"\nlimit = 100\n[[ships]]\ndesign = \"Wasp\"\n",
        "f",
    ));
    only(
        &e,
        "limit",
        &["unknown field", "name, points, designs, ships"],
    );
    let e = err(parse_fleet(&inline_fleet("addons = { sensor = 1 }\n"), "f"));
    only(&e, "ships[0].addons.sensor", &["did you mean `sensors`?"]);
    let s = "name = \"S\"\n[options]\nwarp = true\n";
    let e = err(parse_scenario(s, "s.toml"));
    assert!(e.has("options.warp", "unknown field"), "{e}");
}

#[test]
fn error_bad_values() {
    let e = err(parse_fleet(&inline_fleet("missiles = \"four\"\n"), "f"));
    only(
        &e,
        "ships[0].missiles",
        &["expected a whole number, found the string \"four\""],
    );
    let e = err(parse_fleet(&inline_fleet("squadrons = -1\n"), "f"));
    only(&e, "ships[0].squadrons", &["-1 is negative"]);
    let text = inline_fleet("").replace("defense = 2", "defense = 11");
    let e = err(parse_fleet(&text, "f"));
    only(&e, "ships[0].defense", &["11 is above 10", "LF-18"]);
    let e = err(parse_fleet(&inline_fleet("missiles = 3\n"), "f"));
    assert!(e.has("ships[0].missiles", "3 is odd"), "{e}");
    let e = err(parse_fleet(&format!("{WASP_FLEET}name = 5\n"), "f"));
    only(
        &e,
        "ships[0].name",
        &["expected a string, found the number 5"],
    );
}

#[test]
fn error_unknown_design_suggests_blue_book_names() {
    let e = err(parse_fleet(
        "name = \"F\"\n[[ships]]\ndesign = \"Exelsior\"\n",
        "f",
    ));
    only(
        &e,
        "ships[0].design",
        &[
            "unknown design \"Exelsior\"",
            "did you mean `Excelsior`?",
            "known designs: Wasp, Swift, Kestrel, Lancer, Otox Gol 79b, Harrier, Excelsior, \
             Vigilant, Resolute, Dominion, Leviathan, Sovereign",
        ],
    );
}

#[test]
fn error_lf18_launchers_need_missiles_and_missiles_need_launchers() {
    let text = inline_fleet("").replace("launchers = 0", "launchers = 2");
    let e = err(parse_fleet(&text, "f"));
    only(
        &e,
        "ships[0].missiles",
        &["launchers 2 need at least 2 missiles", "found 0", "LF-18"],
    );
    let e = err(parse_fleet(&inline_fleet("missiles = 4\n"), "f"));
    only(&e, "ships[0].missiles", &["4 missiles but launchers 0"]);
    let e = err(parse_fleet(&inline_fleet("squadrons = 2\n"), "f"));
    only(&e, "ships[0].squadrons", &["2 squadrons but bays 0"]);
}

#[test]
fn error_lf18_move_6() {
    let text = inline_fleet("").replace("move = 2", "move = 6");
    let e = err(parse_fleet(&text, "f"));
    only(
        &e,
        "ships[0].move",
        &["6 is above 5", "no step above 5", "LF-18"],
    );
    assert_eq!(
        e.to_string(),
        "f: ships[0].move: 6 is above 5; the Step Chart has no step above 5 (LF-18)"
    );
}

#[test]
fn error_fleet_over_points() {
    let text = "name = \"Heavy\"\npoints = 100\n[[ships]]\ndesign = \"Excelsior\"\n\
                [[ships]]\ndesign = \"Lancer\"\n";
    let e = err(fleet_check(text, "heavy.toml"));
    only(
        &e,
        "points",
        &["fleet \"Heavy\" costs 115 points, over its limit of 100 by 15 (Excelsior 80 + Lancer 35)"],
    );
    let s =
        "name = \"S\"\npoints = 100\n[[fleets]]\nname = \"A\"\nships = [{ design = \"Wasp\" }]\n\
             [[fleets]]\nname = \"B\"\nships = [{ design = \"Dominion\" }]\n";
    let e = err(parse_scenario(s, "s.toml"));
    only(
        &e,
        "fleets[1]",
        &["costs 104 points, over the scenario's limit of 100 by 4"],
    );
}

#[test]
fn error_toml_syntax_has_line_and_column() {
    let text = "name = \"F\"\n\n[[ships]\ndesign = \"Wasp\"\n";
    let e = err(fleet_check(text, "broken.toml"));
    assert_eq!(e.problems.len(), 1);
    let p = &e.problems[0];
    assert_eq!((p.line, p.column), (Some(3), Some(8)));
    assert!(
        p.why.starts_with("TOML syntax error: invalid table header"),
        "{e}"
    );
    assert!(
        e.to_string()
            .starts_with("broken.toml:3:8: TOML syntax error"),
        "{e}"
    );
    let e = err(parse_scenario("name = \"a\"\nname = \"b\"\n", "dup.toml"));
    assert_eq!(e.problems[0].line, Some(2));
}

#[test]
fn every_problem_is_reported_at_once() {
    let text = r#"
name = "Mess"
points = 10
[[ships]]
design = "Wsap"
[[ships]]
name = "A"
cannons = 11
launchers = "two"
bays = 0
defense = 3
move = 6
squadrons = 2
[[ships]]
design = "Wasp"
cannons = 3
"#;
    let e = err(fleet_check(text, "mess.toml"));
    let fields: Vec<&str> = e.problems.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(
        fields,
        [
            "ships[0].design",
            "ships[1].cannons",
            "ships[1].launchers",
            "ships[1].move",
            "ships[1].squadrons",
            "ships[2].cannons",
        ],
        "{e}"
    );
    // The points total is not judged while ships are unreadable.
    assert!(!e.has("points", ""));
    assert_eq!(e.to_string().lines().count(), 6);
}

#[test]
fn error_scenario_structure() {
    let s = r#"
name = "Bad"
cols = 12
rows = 20
[[terrain]]
kind = "planet"
col = 1
row = 1
[[terrain]]
kind = "moon"
col = 5
row = 5
[[terrain]]
kind = "nebula"
col = 5
row = 5
[[fleets]]
name = "Only"
ships = []
"#;
    let e = err(parse_scenario(s, "bad.toml"));
    assert!(
        e.has("cols, rows", "the map is 12×24") || e.has("cols, rows", "LF-01 needs at least 24"),
        "{e}"
    );
    assert!(e.has("terrain[0].kind", "did you mean `planetoid`?"), "{e}");
    assert!(
        e.has("fleets", "found 1 fleet; a battle has 2 to 6 players"),
        "{e}"
    );
    assert!(e.has("fleets[0].ships", "at least one ship"), "{e}");
    let s2 = s.replace("cols = 12\nrows = 20\n", "");
    let e = err(parse_scenario(&s2, "bad.toml"));
    assert!(
        e.has("terrain[2]", "(5, 5) already holds terrain[1]"),
        "{e}"
    );
    let s3 = s2
        .replace("col = 1\n", "col = 27\n")
        .replace("planet\"", "asteroid\"");
    let e = err(parse_scenario(&s3, "bad.toml"));
    assert!(e.has("terrain[0]", "(27, 1) is off the 27×24 map"), "{e}");
}

#[test]
fn error_local_design_may_not_shadow_the_blue_book() {
    let text = "name = \"F\"\n[[designs]]\nname = \"Wasp\"\ncannons = 9\nlaunchers = 0\n\
                bays = 0\ndefense = 9\nmove = 5\n[[ships]]\ndesign = \"Wasp\"\n";
    let e = err(parse_fleet(text, "f"));
    only(
        &e,
        "designs[0].name",
        &["already a Blue Book design (LF-20)"],
    );
}

#[test]
fn error_scenario_file_is_not_a_fleet() {
    let text = include_str!("../data/scenarios/duel.toml");
    let e = err(fleet_check(text, "duel.toml"));
    only(&e, "fleets", &["looks like a scenario file"]);
}

#[test]
fn error_file_with_no_ships() {
    let e = err(fleet_check("name = \"Empty\"\npoint = 100\n", "empty.toml"));
    assert!(
        e.has(
            "ships",
            "missing; a fleet file lists its ships under [[ships]]"
        ),
        "{e}"
    );
    assert!(e.has("point", "did you mean `points`?"), "{e}");
}

#[test]
fn broken_local_design_is_reported_once() {
    let text = "name = \"F\"\n[[designs]]\nname = \"Gnat\"\ncannons = \"x\"\nlaunchers = 0\n\
                bays = 0\ndefense = 2\nmove = 3\n[[ships]]\ndesign = \"Gnat\"\n";
    let e = err(parse_fleet(text, "f"));
    only(&e, "designs[0].cannons", &["expected a whole number"]);
}

#[test]
fn docs_examples_parse() {
    // Every complete TOML example in docs/launch-fighters-data.md loads as documented.
    let doc = include_str!("../../../docs/launch-fighters-data.md");
    let mut checked = 0;
    for block in doc.split("```toml\n").skip(1) {
        let text = block.split("```").next().unwrap_or("");
        let file = "docs/launch-fighters-data.md";
        if text.contains("[[fleets]]") {
            parse_scenario(text, file).unwrap_or_else(|e| panic!("{e}\n{text}"));
        } else if text.contains("[[ships]]") {
            fleet_check(text, file).unwrap_or_else(|e| panic!("{e}\n{text}"));
        } else if text.contains("cannons") {
            parse_designs(text, file).unwrap_or_else(|e| panic!("{e}\n{text}"));
        } else {
            continue; // a fragment (the [addons] sub-table)
        }
        checked += 1;
    }
    assert_eq!(checked, 4);
}

#[test]
fn error_duplicate_fleet_names() {
    let s = "name = \"S\"\n[[fleets]]\nname = \"A\"\nships = [{ design = \"Wasp\" }]\n\
             [[fleets]]\nname = \"A\"\nships = [{ design = \"Wasp\" }]\n";
    let e = err(parse_scenario(s, "s.toml"));
    only(
        &e,
        "fleets[1].name",
        &["\"A\" is already the name of fleets[0]"],
    );
}

/// LFO-17 Map size: the longer side must be at least 24, each side at most 100.
#[test]
fn lfo17_map_size_bounds() {
    let duel = include_str!("../data/scenarios/duel.toml");
    let with = |sides: &str| format!("{sides}{duel}");
    let s = parse_scenario(&with("cols = 100\nrows = 24\n"), "s.toml")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((s.cols, s.rows), (100, 24));
    let s =
        parse_scenario(&with("cols = 23\nrows = 24\n"), "s.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((s.cols, s.rows), (23, 24), "the longer side reaches 24");
    let e = err(parse_scenario(&with("cols = 23\nrows = 23\n"), "s.toml"));
    only(&e, "cols, rows", &["the map is 23×23", "at least 24"]);
    let e = err(parse_scenario(&with("cols = 101\n"), "s.toml"));
    only(&e, "cols", &["101 is out of range", "100"]);
    // Issue 8 §5: the error for 0 said "must be 1 to 100"; it states the whole rule.
    let e = err(parse_scenario(&with("cols = 0\n"), "s.toml"));
    only(
        &e,
        "cols",
        &[
            "0 is out of range",
            "1 to 100",
            "the longer side at least 24",
            "LFO-17",
        ],
    );
    // The same bounds for a scenario built in code.
    let mut s = parse_scenario(duel, "duel.toml").unwrap_or_else(|e| panic!("{e}"));
    s.rows = 101;
    let p = scenario_problems(&s);
    assert!(
        p.iter().any(|p| p.starts_with("rows: 101 is out of range")),
        "{p:?}"
    );
}

/// Issue 8 §5: 100,000 `[[terrain]]` counters took over a minute to check (each was
/// compared with every earlier one, and so was each problem). The check is linear now
/// and a report lists at most `MAX_PROBLEMS` problems, then how many more there were.
#[test]
fn lf21_a_huge_terrain_list_is_checked_in_linear_time_and_reported_briefly() {
    let duel = include_str!("../data/scenarios/duel.toml");
    let mut text = format!("cols = 100\nrows = 100\n{duel}\n");
    for i in 0..100_000 {
        text.push_str(&format!(
            "[[terrain]]\nkind = \"asteroid\"\ncol = {}\nrow = {}\n",
            i % 100,
            (i / 100) % 100
        ));
    }
    let e = err(parse_scenario(&text, "big.toml"));
    let max = orrery_data::MAX_PROBLEMS;
    assert_eq!(e.problems.len(), max + 1, "{}", e.problems[0].why);
    assert!(
        e.problems[0].why.contains("already holds terrain[0]"),
        "{}",
        e.problems[0].why
    );
    assert!(
        e.problems[max]
            .why
            .contains("89000 more problem(s) not listed"),
        "{}",
        e.problems[max].why
    );
}

/// LF-16 (3) "or a scenario exit area": `[[exit_area]]` hexes are read, and each one
/// off the map, listed twice or on a moon or planetoid is reported with its field.
#[test]
fn lf16_scenario_exit_area_is_read_and_checked() {
    let duel = include_str!("../data/scenarios/duel.toml");
    let text =
        format!("{duel}\n[[exit_area]]\ncol = 13\nrow = 0\n[[exit_area]]\ncol = 14\nrow = 0\n");
    let s = parse_scenario(&text, "s.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.exit_area.len(), 2);
    let text = format!(
        "{duel}\n[[terrain]]\nkind = \"moon\"\ncol = 5\nrow = 5\n\
         [[exit_area]]\ncol = 30\nrow = 0\n\
         [[exit_area]]\ncol = 5\nrow = 5\n\
         [[exit_area]]\ncol = 1\nrow = 1\n[[exit_area]]\ncol = 1\nrow = 1\n"
    );
    let e = err(parse_scenario(&text, "s.toml"));
    let fields: Vec<&str> = e.problems.iter().map(|p| p.field.as_str()).collect();
    assert_eq!(
        fields,
        ["exit_area[0]", "exit_area[1]", "exit_area[3]"],
        "{e}"
    );
    assert!(e.problems[0].why.contains("off the 27×24 map"), "{e}");
    assert!(e.problems[1].why.contains("moon or planetoid"), "{e}");
    assert!(e.problems[2].why.contains("already exit_area[2]"), "{e}");
}
