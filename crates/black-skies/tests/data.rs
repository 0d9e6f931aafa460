//! The catalogue (BS-14, BS-15) and scenario files: points, the seed's Black Tiger,
//! and every problem reported with file, field and reason.

use orrery_black_skies::catalogue::{pilot_points, Armour, Weight};
use orrery_black_skies::scenario::{catalogue, parse_scenario, side_points};
use orrery_black_skies::testkit::scenario;
use orrery_black_skies::BlackSkies;
use orrery_core::Files;
use orrery_core::Game;

/// BS-15's worked line: "Black Tiger 9 + 3 + 3×3 + 2 + 4 = 27; with two trained
/// pilots the element costs 2 × 29 = 58."
#[test]
fn bs15_black_tiger_is_27_points() {
    let c = catalogue();
    let tiger = c.iter().find(|d| d.name == "Black Tiger").unwrap();
    assert_eq!(tiger.weight, Weight::Medium);
    assert_eq!(tiger.weapons.len(), 3);
    assert!(tiger.weapons.iter().all(|w| w.name == "Laser Cannon"));
    assert_eq!(tiger.armour, Armour::Light);
    assert!(tiger.shields);
    assert_eq!(tiger.points(), 27);
    assert_eq!(2 * (tiger.points() + pilot_points(2)), 58);
}

/// BS-15's table, every fighter's points with a skill-1 pilot.
#[test]
fn bs15_catalogue_points() {
    let want = [
        ("Wasp", 13),
        ("Hornet", 17),
        ("Spectre", 18),
        ("Jackal", 22),
        ("Lancer", 23),
        ("Black Tiger", 27),
        ("Warhammer", 35),
        ("Bulwark", 36),
        ("Falcon", 23),
    ];
    let c = catalogue();
    for (name, points) in want {
        let d = c
            .iter()
            .find(|d| d.name == name)
            .unwrap_or_else(|| panic!("{name}"));
        assert_eq!(d.points(), points, "{name}");
    }
    assert_eq!(c.len(), want.len());
}

/// BS-14: the weapons' lines; the seed's Laser Cannon 1 - 2 - 6/12/18 - d6.
#[test]
fn bs14_weapons() {
    let c = catalogue();
    let w = |name: &str| {
        c.iter()
            .flat_map(|d| d.weapons.iter())
            .find(|w| w.name == name)
            .unwrap()
            .clone()
    };
    let lc = w("Laser Cannon");
    assert_eq!(
        (lc.rof, lc.accuracy, lc.range, lc.damage, lc.points),
        (1, 2, 18, 6, 3)
    );
    assert_eq!(lc.arcs, vec![orrery_table::Sector::Front]);
    let pl = w("Pulse Laser");
    assert_eq!((pl.rof, pl.range, pl.damage), (2, 9, 4));
    assert_eq!(w("Plasma Cannon").damage, 10);
    assert_eq!(w("Turret Laser").arcs.len(), 6);
}

/// The scenarios: the duel is equal points (58 each), the squadron three elements
/// of 120 a side.
#[test]
fn scenarios_are_balanced() {
    let d = scenario("duel");
    assert_eq!(side_points(&d, &d.sides[0]), Some(58));
    assert_eq!(side_points(&d, &d.sides[1]), Some(58));
    assert_eq!(d.sides[0].elements[0].fighter, "Black Tiger");
    let s = scenario("squadron");
    for side in &s.sides {
        assert_eq!(side.elements.len(), 3);
        assert_eq!(side_points(&s, side), Some(120));
    }
    assert_eq!(BlackSkies::scenarios().len(), 2);
}

/// Every problem with file, field and reason: unknown keys, a light fighter with
/// heavy armour (seed "Armour"), wrong points, unknown weapons and fighters, bad
/// skills, a side over the points.
#[test]
fn a_broken_file_reports_every_problem() {
    let text = r#"
name = "broken"
width = 40
lenght = 40
points = 50

[[weapon]]
name = "Spitter"
arcs = ["front", "sideways"]
rof = 2
accuracy = 2
range = 10
damage = "d5"
points = 2

[[fighter]]
name = "Gnat"
weight = "light"
thrusters = ["rear", "top"]
weapons = ["Laser Cannon", "Lazer Cannon"]
armour = "heavy"
points = 99

[[side]]
name = "A"
[[side.element]]
fighter = "Black Tigre"
pilots = [2, 5]

[[side]]
name = "B"
[[side.element]]
fighter = "Bulwark"
pilots = [1, 1, 1]
"#;
    let err = parse_scenario(text, "broken.toml").unwrap_err();
    let msg = err.to_string();
    for (field, why) in [
        ("lenght", "did you mean `length`?"),
        ("weapon[0].arcs[1]", "unknown arc `sideways`"),
        ("weapon[0].range", "multiple of 3"),
        ("weapon[0].damage", "d5"),
        ("fighter[0].thrusters[1]", "unknown thrusters `top`"),
        ("fighter[0].weapons[1]", "did you mean `Laser Cannon`?"),
        (
            "fighter[0].armour",
            "light fighter may not have heavy armour",
        ),
        ("fighter[0].points", "99 is not what BS-15 gives"),
        (
            "side[0].element[0].fighter",
            "unknown fighter `Black Tigre`",
        ),
        (
            "side[0].element[0].pilots[1]",
            "must be 1 (green) to 4 (hotshot)",
        ),
        ("side[1].element[0].pilots", "3 pilots"),
    ] {
        assert!(err.has(field, why), "{field}: {why}\n{msg}");
    }
    assert!(msg.starts_with("broken.toml"), "{msg}");
    // Over the points limit.
    let over = "name = \"over\"\npoints = 50\n[[side]]\nname = \"A\"\n[[side.element]]\nfighter = \"Black Tiger\"\npilots = [1, 1]\n[[side]]\nname = \"B\"\n[[side.element]]\nfighter = \"Wasp\"\npilots = [1]\n";
    let err = parse_scenario(over, "over.toml").unwrap_err();
    assert!(
        err.has("side[0]", "54 points is over the scenario's 50"),
        "{err}"
    );
}

/// A designer's own fighter in a scenario file, priced by BS-15, flies.
#[test]
fn custom_fighters_in_a_scenario_file() {
    let text = r#"
name = "custom"
width = 36
length = 36
[[fighter]]
name = "Viper"
weight = "light"
thrusters = ["side"]
weapons = ["Pulse Laser"]
[[side]]
name = "A"
[[side.element]]
fighter = "Viper"
pilots = [3, 3]
[[side]]
name = "B"
[[side.element]]
fighter = "Wasp"
pilots = [1, 1]
"#;
    let s = parse_scenario(text, "custom.toml").unwrap();
    let viper = s.catalogue.iter().find(|d| d.name == "Viper").unwrap();
    assert_eq!(viper.points(), 6 + 3 + 3);
    let g = BlackSkies::setup(&s, 1).unwrap();
    assert_eq!(g.cards_of(0), vec![1, 2, 3, 7, 8, 9]);
    assert!(BlackSkies::scenario_from_text(text, "custom.toml")
        .unwrap()
        .is_ok());
}

/// A scenario that skipped the TOML reader (JSON, a replayed record) is checked by
/// `setup` all the same: a d5, 99 dice or accuracy 1,000 never reach the table.
#[test]
fn a_json_scenario_with_an_impossible_weapon_is_refused() {
    for (field, value) in [
        ("damage", 5),
        ("rof", 99),
        ("accuracy", 1000),
        ("range", 10),
    ] {
        let mut s = scenario("duel");
        let d = s
            .catalogue
            .iter_mut()
            .find(|d| d.name == "Black Tiger")
            .unwrap();
        let mut w = serde_json::to_value(&d.weapons[0]).unwrap();
        w[field] = serde_json::json!(value);
        d.weapons[0] = serde_json::from_value(w).unwrap();
        let err = BlackSkies::setup(&s, 1).unwrap_err();
        assert!(
            err.to_string()
                .contains("Black Tiger: weapon Laser Cannon needs"),
            "{field}: {err}"
        );
    }
}
