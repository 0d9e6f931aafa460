//! Fleets and data files: seed "Budowa floty" (upgrade counts, one weapon per side,
//! each upgrade once, Broadside on the side), FB-02 (heroes and titles), FB-03 (force
//! organisation), points, and every problem reported with file, field and reason.

use crate::catalogue::{read_catalogue, Catalogue, CATALOGUE_TOML};
use crate::fleet::{FleetSpec, ShipSpec, SquadronSpec};
use crate::scenario::parse_scenario;
use crate::Warfleets;
use orrery_core::{Files, Game};

fn ship(hull: &str, systems: &[&str], front: Option<&str>, side: Option<&str>) -> ShipSpec {
    ShipSpec {
        hull: hull.into(),
        name: None,
        systems: systems.iter().map(|s| s.to_string()).collect(),
        front: front.map(Into::into),
        side: side.map(Into::into),
        rear: None,
        hero: None,
        title: None,
    }
}

fn fleet(ships: Vec<ShipSpec>, squadrons: Vec<SquadronSpec>) -> FleetSpec {
    FleetSpec {
        name: "F".into(),
        ships,
        squadrons,
    }
}

fn whys(f: &FleetSpec, points: u32, force_org: bool) -> Vec<String> {
    f.problems(&Catalogue::shipped(), points, force_org, "")
        .into_iter()
        .map(|(field, why)| format!("{field}: {why}"))
        .collect()
}

#[test]
fn fleet_building_counts_upgrades_and_mounts() {
    let ok = fleet(
        vec![ship(
            "Destroyer",
            &["Pulse Engine"],
            Some("Energy Cannon"),
            Some("Weapon Batteries"),
        )],
        vec![],
    );
    assert!(
        whys(&ok, 300, true).is_empty(),
        "{:?}",
        whys(&ok, 300, true)
    );
    // "Each ship must be given as many upgrades as the number in brackets."
    let short = fleet(
        vec![ship("Destroyer", &["Pulse Engine"], None, None)],
        vec![],
    );
    assert!(whys(&short, 300, true)
        .iter()
        .any(|w| w.contains("exactly 3 upgrades")));
    // "Each upgrade may be taken only once per ship."
    let twice = fleet(
        vec![ship(
            "Destroyer",
            &["Pulse Engine", "Pulse Engine"],
            Some("Energy Cannon"),
            None,
        )],
        vec![],
    );
    assert!(whys(&twice, 300, true)
        .iter()
        .any(|w| w.contains("taken twice")));
    // Broadside "may only be mounted on the sides".
    let front = fleet(
        vec![ship(
            "Corvette",
            &["Pulse Engine"],
            Some("Weapon Batteries"),
            None,
        )],
        vec![],
    );
    assert!(whys(&front, 300, true)
        .iter()
        .any(|w| w.starts_with("ships[0].front") && w.contains("Broadside")));
    // Costs: hull + hero + title; systems and weapons are free.
    let mut s = ship(
        "Cruiser",
        &["Pulse Engine", "Repair Bay"],
        Some("Plasma Cannon"),
        Some("Giga Cannon"),
    );
    s.hero = Some("Tactical Master".into());
    s.title = Some("Vanguard".into());
    assert_eq!(
        fleet(vec![s], vec![]).points(&Catalogue::shipped()),
        80 + 15 + 5
    );
}

#[test]
fn fb02_heroes_and_titles_are_told_apart() {
    let mut s = ship("Corvette", &["Pulse Engine", "Repair Bay"], None, None);
    s.hero = Some("Vanguard".into());
    s.title = Some("Expert Sapper".into());
    let w = whys(&fleet(vec![s], vec![]), 300, true);
    assert!(
        w.iter()
            .any(|x| x.starts_with("ships[0].hero") && x.contains("unknown hero `Vanguard`")),
        "{w:?}"
    );
    assert!(w.iter().any(|x| x.starts_with("ships[0].title")), "{w:?}");
}

#[test]
fn fb03_force_organisation_limits_at_300_and_450() {
    let corvette = || ship("Corvette", &["Pulse Engine", "Repair Bay"], None, None);
    // 300 pts: 1 hero, 2 copies, 6 ships, 8 squadrons.
    let three = fleet(vec![corvette(), corvette(), corvette()], vec![]);
    assert!(whys(&three, 300, true)
        .iter()
        .any(|w| w.contains("3 × Corvette")));
    assert!(whys(&three, 450, true).is_empty(), "3 copies at 450");
    assert!(
        whys(&three, 300, false).is_empty(),
        "force organisation is optional"
    );
    let mut heroes = vec![
        corvette(),
        ship(
            "Destroyer",
            &["Pulse Engine", "Repair Bay", "Tractor Beam"],
            None,
            None,
        ),
    ];
    heroes[0].hero = Some("Expert Sapper".into());
    heroes[1].hero = Some("Elite Carrier".into());
    assert!(whys(&fleet(heroes, vec![]), 300, true)
        .iter()
        .any(|w| w.contains("2 heroes")));
    let swarm = fleet(
        vec![corvette()],
        vec![SquadronSpec {
            hull: "Fighter Squadron".into(),
            count: 9,
        }],
    );
    assert!(whys(&swarm, 300, true)
        .iter()
        .any(|w| w.contains("9 squadrons")));
    // More points than agreed.
    let big = fleet(
        vec![ship(
            "Cruiser",
            &[
                "Pulse Engine",
                "Repair Bay",
                "Shield Booster",
                "Tractor Beam",
            ],
            None,
            None,
        )],
        vec![],
    );
    assert!(whys(&big, 50, false)
        .iter()
        .any(|w| w.contains("more than the agreed 50")));
}

#[test]
fn fleet_files_are_checked_with_file_field_and_reason() {
    let good = "name = \"Red\"\npoints = 300\n[[ship]]\nhull = \"Destroyer\"\nsystems = [\"Pulse Engine\"]\nfront = \"Energy Cannon\"\nside = \"Weapon Batteries\"\n[[squadron]]\nhull = \"Fighter Squadron\"\ncount = 2\n";
    let r = Warfleets::fleet_check(good, "red.toml").unwrap().unwrap();
    assert!(r.text.contains("80 of 300 pts"), "{}", r.text);
    let v: serde_json::Value = serde_json::from_str(&r.json).unwrap();
    assert_eq!(v["total"], 80);
    let bad = "name = \"Red\"\npoints = 300\n[[ship]]\nhull = \"Destroyr\"\n[[ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\"]\nfront = \"Laser\"\nhero = \"Vanguard\"\n";
    let e = Warfleets::fleet_check(bad, "red.toml")
        .unwrap()
        .unwrap_err();
    let all = e.problems.join("\n");
    assert!(
        all.contains("red.toml: ship[0].hull: unknown hull `Destroyr` (did you mean `Destroyer`?)"),
        "{all}"
    );
    assert!(
        all.contains("ship[1].front: unknown weapon `Laser`"),
        "{all}"
    );
    assert!(all.contains("ship[1].hero"), "{all}");
}

#[test]
fn scenario_and_catalogue_files_report_every_problem() {
    let text = "name = \"x\"\npoints = 300\nrounds = 40\n[[terrain]]\nname = \"rock\"\nshape = \"circle\"\ncenter = { x = 1.0, y = 1.0 }\nradius = -2.0\n[[fleet]]\nname = \"A\"\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\n";
    let e = parse_scenario(text, "x.toml").unwrap_err();
    let all = e.messages().join("\n");
    assert!(all.contains("x.toml: rounds"), "{all}");
    assert!(all.contains("x.toml: terrain[0]"), "{all}");
    assert!(all.contains("x.toml: fleet: two fleets, found 1"), "{all}");
    let cat = CATALOGUE_TOML
        .replace("evasion = 2", "evasion = 9")
        .replace("name = \"Vanguard\"", "name = \"Vangard\"");
    let e = read_catalogue(&cat, "cat.toml").unwrap_err();
    let all = e.messages().join("\n");
    assert!(
        all.contains("cat.toml: hull[0].evasion: 9 must be 2 to 6"),
        "{all}"
    );
    assert!(
        all.contains("cat.toml: title[1].name: unknown title `Vangard` (did you mean `Vanguard`?)"),
        "{all}"
    );
}

#[test]
fn shipped_scenarios_are_the_seeds_sizes_and_legal() {
    let names: Vec<(String, u32)> = Warfleets::scenarios()
        .into_iter()
        .map(|s| (s.name, s.scenario.points))
        .collect();
    assert!(names.contains(&("skirmish".into(), 300)));
    assert!(names.contains(&("battle".into(), 450)));
    for s in Warfleets::scenarios() {
        assert!(s.scenario.force_org && s.scenario.random_terrain);
        let g = Warfleets::setup(&s.scenario, 1).unwrap();
        // FB-14: 12 pieces at least 3" from the edges and 2" apart.
        assert_eq!(g.terrain.len(), 12, "{}", s.name);
    }
}

#[test]
fn the_example_fleet_file_is_legal() {
    let r = Warfleets::fleet_check(
        include_str!("../../data/fleets/example-fleet.toml"),
        "example-fleet.toml",
    )
    .unwrap()
    .unwrap();
    assert!(r.text.contains("250 of 300 pts"), "{}", r.text);
}

/// WFO-06: every calibration unit type fields a legal ship or squadron, and each
/// `Destroyer + X` variant differs from the standard destroyer by X.
#[test]
fn wfo06_every_roster_entry_fields_a_legal_unit() {
    let base = crate::testkit::scenario("skirmish");
    let roster = Warfleets::roster(&base);
    assert!(
        roster.len() > 20,
        "hulls and upgrade variants: {}",
        roster.len()
    );
    for e in &roster {
        let s = Warfleets::with_forces(&base, &[vec![e.name.clone()], vec!["Corvette".into()]])
            .unwrap_or_else(|err| panic!("{}: {err}", e.name));
        let f = &s.fleets[0];
        assert_eq!(f64::from(f.points(&s.catalogue)), e.points, "{}", e.name);
        if let Some((_, extra)) = e.name.split_once(" + ") {
            let ship = &f.ships[0];
            let has = ship.systems.iter().any(|x| x == extra)
                || ship.mounts().iter().any(|(_, w)| *w == extra)
                || ship.hero.as_deref() == Some(extra)
                || ship.title.as_deref() == Some(extra);
            assert!(has, "{}: {ship:?}", e.name);
        }
        Warfleets::setup(&s, 1).unwrap();
    }
    assert!(Warfleets::with_forces(&base, &[vec!["Destroyer + Laser".into()], vec![]]).is_err());
}

/// WFO-13: a challenge's fleets, built apart, keep every rule of fleet building
/// (FB-03's force organisation, which calibration's mixes drop) and each costs exactly
/// the agreed points (FB-21's equal points when neither list is seen).
#[test]
fn wfo13_a_challenges_fleets_keep_force_organisation_and_the_agreed_points() {
    let base = crate::testkit::scenario("skirmish");
    assert!(base.force_org && !base.asymmetric);
    let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let full = names(&["Cruiser", "Fighter Squadron", "Bomber Squadron"]);
    let s = Warfleets::muster(&base, 100.0, &[full.clone(), full.clone()]).unwrap();
    assert_eq!(s.points, 100);
    assert!(s.force_org && !s.asymmetric);
    Warfleets::setup(&s, 1).unwrap();

    let short = names(&["Cruiser", "Fighter Squadron"]);
    let e = Warfleets::muster(&base, 100.0, &[full.clone(), short]).unwrap_err();
    assert!(
        e.problems
            .iter()
            .any(|p| p.contains("fleet[1]: costs 90 pts") && p.contains("WFO-13")),
        "{e}"
    );

    let two = names(&["Cruiser", "Cruiser"]);
    let e = Warfleets::muster(&base, 160.0, &[two.clone(), two.clone()]).unwrap_err();
    assert!(
        e.problems.iter().any(|p| p.contains("force organisation")),
        "{e}"
    );
    // Calibration's mixes (WFO-06) may still field them.
    Warfleets::with_forces(&base, &[two.clone(), two]).unwrap();
    assert!(Warfleets::muster(&base, 10.0, &[full.clone(), full]).is_err());
}

const TWO_FLEETS: &str = "name = \"x\"\npoints = 300\n[[fleet]]\nname = \"A\"\n[[fleet.ship]]\nhull = \"Cruiser\"\nsystems = [\"Pulse Engine\", \"Repair Bay\", \"Shield Booster\", \"Tractor Beam\"]\n[[fleet.squadron]]\nhull = \"Fighter Squadron\"\ncount = COUNT\n[[fleet]]\nname = \"B\"\n[[fleet.ship]]\nhull = \"Cruiser\"\nsystems = [\"Pulse Engine\", \"Repair Bay\", \"Shield Booster\", \"Tractor Beam\"]\n[[fleet.squadron]]\nhull = \"Bomber Squadron\"\ncount = 2\n";

/// Seed "Floty": "przygotować dwie floty o równym koszcie punktowym" (fleets of equal
/// points), FB-21 (replacing WFO-11, which let them differ by the cheapest unit):
/// fleets whose totals differ at all are refused, at reading and at set-up, unless
/// `asymmetric = true`.
#[test]
fn fb21_fleets_of_unequal_points_are_refused_unless_asymmetric() {
    // 80 + 20 against 80 + 20: equal.
    let equal = TWO_FLEETS.replace("COUNT", "2");
    let s = parse_scenario(&equal, "x.toml").unwrap();
    assert!(!s.asymmetric);
    Warfleets::setup(&s, 1).unwrap();
    // 80 + 10 against 80 + 20: 10 pts apart, refused (WFO-11 let it pass).
    let near = TWO_FLEETS.replace("COUNT", "1");
    let e = parse_scenario(&near, "x.toml").unwrap_err();
    let all = e.messages().join("\n");
    assert!(
        all.contains("x.toml: fleet: the fleets cost 90 pts (A) and 100 pts (B), 10 pts apart"),
        "{all}"
    );
    assert!(all.contains("FB-21"), "{all}");
    assert!(all.contains("asymmetric = true"), "{all}");
    // 80 + 40 against 80 + 20: refused, with the difference and the way out.
    let far = TWO_FLEETS.replace("COUNT", "4");
    let e = parse_scenario(&far, "x.toml").unwrap_err();
    let all = e.messages().join("\n");
    assert!(
        all.contains("x.toml: fleet: the fleets cost 120 pts (A) and 100 pts (B), 20 pts apart"),
        "{all}"
    );
    let text = Warfleets::scenario_from_text(&far, "x.toml")
        .unwrap()
        .unwrap_err();
    assert!(text.problems.iter().any(|p| p.contains("20 pts apart")));
    // The same scenario built in code (or sent as JSON) is refused at set-up.
    let mut s = parse_scenario(&equal, "x.toml").unwrap();
    s.fleets[0].squadrons[0].count = 1;
    let e = Warfleets::setup(&s, 1).unwrap_err();
    assert!(
        e.problems
            .iter()
            .any(|p| p.starts_with("fleets: the fleets cost 90 pts")),
        "{:?}",
        e.problems
    );
    // Unequal on purpose.
    let asym = format!("asymmetric = true\n{far}");
    let s = parse_scenario(&asym, "x.toml").unwrap();
    assert!(s.asymmetric);
    Warfleets::setup(&s, 1).unwrap();
}

/// Seed "Floty" in `orrery fleet check`: the points a list leaves unspent, and what
/// that means against a full fleet.
#[test]
fn floty_fleet_check_reports_the_difference_to_the_agreed_points() {
    let list = "name = \"Red\"\npoints = 300\n[[ship]]\nhull = \"Destroyer\"\nsystems = [\"Pulse Engine\"]\nfront = \"Energy Cannon\"\nside = \"Weapon Batteries\"\n";
    let r = Warfleets::fleet_check(list, "red.toml").unwrap().unwrap();
    assert!(
        r.text.contains(
            "240 pts under the agreed 300: against a full 300-pt fleet the game is refused"
        ),
        "{}",
        r.text
    );
    assert!(r.text.contains("asymmetric = true"), "{}", r.text);
    let v: serde_json::Value = serde_json::from_str(&r.json).unwrap();
    assert_eq!(v["under"], 240);
    let full = list.replace("points = 300", "points = 60");
    let r = Warfleets::fleet_check(&full, "red.toml").unwrap().unwrap();
    assert!(r.text.contains("the agreed 60 pts exactly"), "{}", r.text);
}

/// Fleet files: a wrong value names its field and what it takes, never a Rust type,
/// and a wrong entry is not also reported as "the fleet is empty".
#[test]
fn budowa_floty_file_errors_name_the_field_and_range_never_a_rust_type() {
    let check = |text: &str| {
        Warfleets::fleet_check(text, "red.toml")
            .unwrap()
            .unwrap_err()
            .problems
            .join("\n")
    };
    let big = check(
        "name = \"Red\"\npoints = 300\n[[squadron]]\nhull = \"Fighter Squadron\"\ncount = 99999\n",
    );
    assert!(
        big.contains("red.toml: squadron[0].count: 99999 is out of range; must be 1 to 30"),
        "{big}"
    );
    let word = check("name = \"Red\"\npoints = 300\n[[squadron]]\nhull = \"Fighter Squadron\"\ncount = \"three\"\n");
    assert!(
        word.contains("squadron[0].count: expected a whole number, found"),
        "{word}"
    );
    let ship =
        check("name = \"Red\"\npoints = 300\n[[ship]]\nhull = 7\nsystems = \"Pulse Engine\"\n");
    assert!(ship.contains("ship[0].hull: expected a string"), "{ship}");
    assert!(
        ship.contains("ship[0].systems: expected an array of strings"),
        "{ship}"
    );
    for all in [&big, &word, &ship] {
        assert!(!all.contains("the fleet is empty"), "{all}");
        for rust in ["u8", "u32", "i64", "f64", "usize", "sequence", "struct"] {
            assert!(!all.contains(&format!("expected {rust}")), "{all}");
            assert!(!all.contains(&format!("expected a {rust}")), "{all}");
        }
    }
    // A fleet that is empty is still said to be.
    let empty = check("name = \"Red\"\npoints = 300\n");
    assert!(
        empty.contains("red.toml: ship: the fleet is empty"),
        "{empty}"
    );
    assert!(!empty.contains("missing"), "{empty}");
    // Squadrons only: a fleet.
    let r = Warfleets::fleet_check(
        "name = \"Red\"\npoints = 300\n[[squadron]]\nhull = \"Fighter Squadron\"\ncount = 2\n",
        "red.toml",
    )
    .unwrap();
    assert!(r.is_ok(), "{r:?}");
    // In a scenario file too.
    let scen = TWO_FLEETS.replace("COUNT", "300");
    let e = parse_scenario(&scen, "x.toml")
        .unwrap_err()
        .messages()
        .join("\n");
    assert!(
        e.contains("fleet[0].squadron[0].count: 300 is out of range; must be 1 to 30"),
        "{e}"
    );
    assert!(!e.contains("expected u8") && !e.contains("apart"), "{e}");
}
