//! Shooting: FB-05 (arcs), FB-12 (to hit, block, special rules), FB-13 (line of sight,
//! cover), FB-15 (damage order: Fragile, Shield Booster, Sniper), FB-16 (boarding),
//! systems that change a shot, and the exact odds against hand counts and the real
//! rules' dice.

use crate::catalogue::Special;
use crate::combat::{arc_of, attack_odds, Arc};
use crate::state::Step;
use crate::testkit::{
    act, custom, damage_of, fighter_against_bomber, fire_now, piece, place, settle, started,
    two_ships, CORVETTE,
};
use crate::{Action, GunRef, Warfleets};
use orrery_core::{Game, Odds, OddsArgs, OddsValue, Rng, Seat};
use orrery_table::{Heading, Point};

const PLAIN_CRUISER: &str = "hull = \"Cruiser\"\nsystems = [\"Armored Plating\", \"Pulse Engine\", \"Repair Bay\", \"Tractor Beam\"]";
const PLAIN_DESTROYER: &str =
    "hull = \"Destroyer\"\nsystems = [\"Pulse Engine\", \"Repair Bay\", \"Tractor Beam\"]";

fn ship(systems: &str, weapons: &str) -> String {
    format!("hull = \"Destroyer\"\nsystems = [{systems}]\n{weapons}")
}

/// Fire `gun` at `target` with the model firing now.
fn fire(g: &mut Warfleets, gun: GunRef, target: u8) {
    act(g, Action::Fire { gun, target });
}

/// Whether seat 0's model firing now is refused firing `gun` at `target`.
fn fire_refused(g: &mut Warfleets, gun: GunRef, target: u8) -> bool {
    g.apply(Seat(0), &Action::Fire { gun, target }).is_err()
}

fn numbers(g: &Warfleets, shooter: u8, gun: GunRef, target: u8) -> (u8, Option<u8>) {
    let (_, gun_def, _) = g.guns(shooter).into_iter().find(|x| x.0 == gun).unwrap();
    let n = g.numbers(shooter, &gun_def, gun == GunRef::Turret, target);
    (n.hit_on, n.block_on)
}

#[test]
fn fb05_front_rear_and_side_arcs() {
    let at = Point::new(0.0, 0.0);
    let north = Heading(0).vector();
    assert_eq!(
        arc_of(at, north, Point::new(1.0, 1.0)),
        Arc::Front,
        "45° is front"
    );
    assert_eq!(arc_of(at, north, Point::new(1.0, 0.9)), Arc::Starboard);
    assert_eq!(arc_of(at, north, Point::new(-1.0, 0.0)), Arc::Port);
    assert_eq!(
        arc_of(at, north, Point::new(-1.0, -1.0)),
        Arc::Rear,
        "135° is rear"
    );
}

#[test]
fn fb12_to_hit_needs_evasion_with_rear_and_sitting_duck() {
    let mut g = two_ships(PLAIN_CRUISER, PLAIN_DESTROYER);
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, 36.0, 20.0, 180);
    // Turret 2 attacks Strength 2 against Evasion 3+, Toughness 3+.
    assert_eq!(numbers(&g, 0, GunRef::Turret, 1), (3, Some(5)));
    // From the destroyer's rear (it faces away): +1 to hit, +1 to the block number.
    g.model_mut(1).heading = Heading(0);
    assert_eq!(numbers(&g, 0, GunRef::Turret, 1), (2, Some(6)));
    // Its flank: no bonus.
    g.model_mut(1).heading = Heading(6);
    assert_eq!(numbers(&g, 0, GunRef::Turret, 1), (3, Some(5)));
    // Sitting duck: 2+ whatever.
    g.model_mut(1).sitting_duck = true;
    assert_eq!(numbers(&g, 0, GunRef::Turret, 1).0, 2);
}

#[test]
fn fb12_six_always_hits_and_one_always_misses() {
    use crate::combat::{block_number, hit_number};
    assert_eq!(hit_number(2, 3, false, false), 2, "a 1 still misses");
    assert_eq!(hit_number(6, 0, false, false), 6);
    assert_eq!(block_number(5, 4, true, false), 6, "a 6 still blocks");
    assert_eq!(block_number(2, 0, false, true), 2, "a 1 still fails");
}

#[test]
fn fb12_anti_ship_anti_squadron_and_squadron_bonus() {
    let s = custom(
        1000,
        "[[fleet]]\nname = \"A\"\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\n[[fleet.squadron]]\nhull = \"Fighter Squadron\"\n[[fleet.squadron]]\nhull = \"Gunship Squadron\"\n[[fleet]]\nname = \"B\"\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\n[[fleet.squadron]]\nhull = \"Bomber Squadron\"\n",
    );
    let mut g = started(&s, 2);
    let (corvette_a, fighter, gunship, corvette_b, bomber) = (0, 1, 2, 3, 4);
    place(&mut g, corvette_a, 10.0, 10.0, 0);
    place(&mut g, fighter, 30.0, 10.0, 0);
    place(&mut g, gunship, 30.0, 14.0, 0);
    place(&mut g, bomber, 31.5, 12.0, 0);
    place(&mut g, corvette_b, 33.0, 10.0, 0);
    // Fighter (Anti-Squadron) vs bomber: Evasion 4, +1 squadron vs squadron, +1
    // Anti-Squadron → 2+; vs the corvette only on a 6.
    assert_eq!(numbers(&g, fighter, GunRef::Turret, bomber).0, 2);
    assert_eq!(numbers(&g, fighter, GunRef::Turret, corvette_b).0, 6);
    // Gunship vs bomber: 4 − 1 = 3+.
    assert_eq!(numbers(&g, gunship, GunRef::Turret, bomber).0, 3);
    // Bomber (Anti-Ship, Deadly) vs the corvette: 4 − 1 = 3+; vs a squadron only on 6.
    place(&mut g, corvette_a, 33.0, 13.5, 180);
    assert_eq!(numbers(&g, bomber, GunRef::Turret, corvette_a).0, 3);
    assert_eq!(numbers(&g, bomber, GunRef::Turret, fighter).0, 6);
}

#[test]
fn fb12_engaged_squadrons_only_fight_their_opponents() {
    let mut g = fighter_against_bomber(CORVETTE, 2);
    place(&mut g, 1, 30.0, 10.0, 0);
    place(&mut g, 3, 31.5, 10.0, 0);
    place(&mut g, 2, 30.0, 11.5, 0);
    fire_now(&mut g, 1);
    let shots = g.shots_now(1);
    assert_eq!(
        shots,
        vec![(GunRef::Turret, 3)],
        "the engaged bomber only, not the corvette"
    );
}

#[test]
fn fb12_no_shooting_after_cruise_or_ram() {
    let mut g = two_ships(PLAIN_CRUISER, PLAIN_DESTROYER);
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, 36.0, 24.0, 0);
    crate::testkit::order_now(&mut g, 0);
    act(
        &mut g,
        Action::Cruise {
            pivot: 9.0,
            turn: 0,
        },
    );
    assert!(!matches!(g.step, Step::Fire { .. }));
}

#[test]
fn fb13_planets_block_sight_and_partial_cover_counts() {
    let mut g = two_ships(PLAIN_CRUISER, PLAIN_DESTROYER);
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, 36.0, 20.0, 0);
    g.terrain = vec![piece("planet", 36.0, 15.0, 2.0)];
    fire_now(&mut g, 0);
    assert!(g
        .apply(
            Seat(0),
            &Action::Fire {
                gun: GunRef::Turret,
                target: 1
            }
        )
        .is_err());
    // Moved aside: the centre line is blocked, an edge line is clear → cover (−1).
    place(&mut g, 1, 37.0, 20.0, 180);
    let (_, block) = numbers(&g, 0, GunRef::Turret, 1);
    assert_eq!(block, Some(4));
}

#[test]
fn fb13_inside_a_nebula_is_cover_and_stealth_rig_beyond_12() {
    let mut g = two_ships(
        PLAIN_CRUISER,
        &ship("\"Stealth Rig\", \"Repair Bay\", \"Tractor Beam\"", ""),
    );
    place(&mut g, 0, 36.0, 4.0, 0);
    place(&mut g, 1, 36.0, 20.0, 180);
    assert_eq!(
        numbers(&g, 0, GunRef::Turret, 1).1,
        Some(4),
        "Stealth Rig at 14.25\""
    );
    place(&mut g, 1, 36.0, 14.0, 180);
    assert_eq!(
        numbers(&g, 0, GunRef::Turret, 1).1,
        Some(5),
        "within 12\": no cover"
    );
    g.terrain = vec![piece("nebula", 36.0, 14.0, 4.0)];
    assert_eq!(
        numbers(&g, 0, GunRef::Turret, 1).1,
        Some(4),
        "inside a nebula"
    );
}

#[test]
fn nuclear_ammo_and_precision_rig_improve_the_turret() {
    let mut g = two_ships(
        "hull = \"Cruiser\"\nsystems = [\"Nuclear Ammo\", \"Precision Rig\", \"Repair Bay\", \"Tractor Beam\"]",
        PLAIN_DESTROYER,
    );
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, 36.0, 20.0, 180);
    // Hit 3 − 1 = 2+; block 3 + (2 + 1) = 6+.
    assert_eq!(numbers(&g, 0, GunRef::Turret, 1), (2, Some(6)));
}

#[test]
fn fb12_deadly_blast_and_overheating() {
    let mut g = two_ships(
        "hull = \"Cruiser\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\nfront = \"Giga Cannon\"\nrear = \"Linked Railgun\"",
        PLAIN_DESTROYER,
    );
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, 36.0, 14.0, 180);
    fire_now(&mut g, 0);
    // Giga Cannon: 1 attack, Strength 4, Deadly: hit (6), block fails (1) → 2 damage.
    g.rng.force(&[6, 1]);
    fire(&mut g, GunRef::Weapon(2), 1);
    settle(&mut g);
    assert_eq!(damage_of(&g, 1), 2);
    // Linked Railgun (Overheating) from the rear arc: the firer takes 1 per 1 rolled.
    place(&mut g, 1, 36.0, 4.0, 180);
    fire_now(&mut g, 0);
    g.rng.force(&[1, 1, 2]);
    fire(&mut g, GunRef::Weapon(3), 1);
    settle(&mut g);
    assert_eq!(damage_of(&g, 0), 2);
}

#[test]
fn fb12_blast_hits_every_other_model_within_4() {
    let s = custom(
        1000,
        "[[fleet]]\nname = \"A\"\n[[fleet.ship]]\nhull = \"Destroyer\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\nfront = \"Missile Cluster\"\n[[fleet]]\nname = \"B\"\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\n[[fleet.squadron]]\nhull = \"Bomber Squadron\"\n[[fleet.squadron]]\nhull = \"Bomber Squadron\"\n",
    );
    let mut g = started(&s, 4);
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, 36.0, 20.0, 0);
    place(&mut g, 2, 39.0, 20.0, 0);
    place(&mut g, 3, 46.0, 20.0, 0);
    fire_now(&mut g, 0);
    // Hit (6), the corvette fails its block (1), the near bomber fails (1).
    g.rng.force(&[6, 1, 1]);
    fire(&mut g, GunRef::Weapon(2), 1);
    settle(&mut g);
    assert_eq!(damage_of(&g, 1), 1);
    assert_eq!(damage_of(&g, 2), 1, "within 4\" of the target");
    assert_eq!(damage_of(&g, 3), 0, "too far");
}

#[test]
fn fb12_twin_fire_takes_two_targets_and_broadside_both_flanks() {
    let s = custom(
        1000,
        "[[fleet]]\nname = \"A\"\n[[fleet.ship]]\nhull = \"Destroyer\"\nsystems = [\"Pulse Engine\"]\nfront = \"Rapid-fire Cannon\"\nside = \"Weapon Batteries\"\n[[fleet]]\nname = \"B\"\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\n",
    );
    let mut g = started(&s, 4);
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, 36.0, 15.0, 0);
    place(&mut g, 2, 38.0, 15.0, 0);
    place(&mut g, 3, 32.0, 10.0, 0);
    fire_now(&mut g, 0);
    let (twin, broadside) = (GunRef::Weapon(1), GunRef::Weapon(2));
    g.rng.force(&[2; 40]);
    fire(&mut g, twin, 1);
    assert!(fire_refused(&mut g, twin, 1), "two different targets");
    fire(&mut g, twin, 2);
    place(&mut g, 2, 40.0, 10.0, 0);
    assert!(fire_refused(&mut g, twin, 3), "only twice");
    assert!(fire_refused(&mut g, broadside, 1), "front is not a side");
    fire(&mut g, broadside, 2);
    fire(&mut g, broadside, 3);
    assert!(g.shots_now(0).iter().all(|s| s.0 == GunRef::Turret));
}

#[test]
fn fb16_boarding_pods_give_markers_rolled_at_activation() {
    let mut g = two_ships(
        &ship(
            "\"Pulse Engine\", \"Repair Bay\"",
            "rear = \"Pod Launcher\"",
        ),
        PLAIN_DESTROYER,
    );
    place(&mut g, 0, 36.0, 10.0, 180);
    place(&mut g, 1, 36.0, 14.0, 180);
    fire_now(&mut g, 0);
    g.rng.force(&[5, 6]);
    fire(&mut g, GunRef::Weapon(2), 1);
    assert_eq!(g.model(1).boarding, 2);
    assert_eq!(damage_of(&g, 1), 0, "no block, no damage");
    // At the destroyer's activation: 4+ removes a marker, else 1 damage and it stays.
    g.harms.clear();
    g.step = Step::Activate {
        class: crate::catalogue::Class::Medium,
        seat: Seat(1),
    };
    g.model_mut(1).activated = false;
    g.rng.force(&[4, 2]);
    act(&mut g, Action::Activate { model: 1 });
    settle(&mut g);
    assert_eq!(g.model(1).boarding, 1);
    assert_eq!(damage_of(&g, 1), 1);
}

#[test]
fn fb15_shield_booster_fragile_and_sniper() {
    let mut g = two_ships(
        &ship(
            "\"Pulse Engine\", \"Repair Bay\"",
            "front = \"Precision Cannon\"",
        ),
        &ship("\"Shield Booster\", \"Repair Bay\", \"Tractor Beam\"", ""),
    );
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, 36.0, 20.0, 180);
    let hull = g.model(1).hull;
    g.catalogue.hulls[hull].special.push(Special::Fragile);
    fire_now(&mut g, 0);
    // Precision Cannon: hit (6), block fails (1) → 1, Fragile +1 → 2; Shield Booster
    // rolls 5 (ignored) and 2.
    g.rng.force(&[6, 1, 5, 2]);
    fire(&mut g, GunRef::Weapon(2), 1);
    // Sniper: the shooter picks the upgrade.
    assert!(g.choosing);
    assert_eq!(g.to_move(), vec![Seat(0)]);
    act(&mut g, Action::Assign { upgrade: 2 });
    assert_eq!(g.model(1).upgrades[2].damage, 1);
    assert_eq!(damage_of(&g, 1), 1);
}

#[test]
fn fb15_damage_stays_on_an_upgrade_until_it_stops_and_armored_plating_takes_4() {
    let mut g = two_ships(
        PLAIN_CRUISER,
        &ship("\"Armored Plating\", \"Repair Bay\", \"Tractor Beam\"", ""),
    );
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, 36.0, 20.0, 180);
    fire_now(&mut g, 0);
    // Two hits (3+), both blocks fail (5+ needed).
    g.rng.force(&[6, 6, 1, 1]);
    fire(&mut g, GunRef::Turret, 1);
    // The owner picks Armored Plating; the second point goes there without asking.
    assert_eq!(g.to_move(), vec![Seat(1)]);
    act(&mut g, Action::Assign { upgrade: 0 });
    assert!(!g.choosing);
    let u = g.model(1).upgrades[0];
    assert_eq!(
        (u.damage, u.works()),
        (2, true),
        "Armored Plating works until 4"
    );
}

#[test]
fn fb15_a_ship_with_every_upgrade_stopped_is_destroyed() {
    let mut g = two_ships(PLAIN_CRUISER, PLAIN_DESTROYER);
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, 36.0, 20.0, 180);
    for u in &mut g.model_mut(1).upgrades {
        u.damage = 2;
    }
    g.model_mut(1).upgrades[0].damage = 1;
    g.model_mut(1).markers = 2;
    fire_now(&mut g, 0);
    g.rng.force(&[6, 1, 1]);
    fire(&mut g, GunRef::Turret, 1);
    settle(&mut g);
    assert_eq!(g.model(1).status, crate::state::Status::Destroyed);
    assert_eq!(
        g.markers.len(),
        2,
        "FB-17: its markers are dropped where it was"
    );
}

#[test]
fn odds_match_hand_counts() {
    let args = OddsArgs::new()
        .with("attacks", OddsValue::Integer(2))
        .with("evasion", OddsValue::Integer(3))
        .with("toughness", OddsValue::Integer(3))
        .with("strength", OddsValue::Integer(2));
    let r = Warfleets::odds_calculate("attack", &args).unwrap();
    let v: serde_json::Value = serde_json::from_str(&r.json).unwrap();
    // Hits: 1/9, 4/9, 4/9. Damage 0: 1/9 + 4/9·1/3 + 4/9·1/9 = 25/81.
    let p = |k: &str, n: &str| v[k][n].as_f64().unwrap();
    assert!((p("hits", "2") - 4.0 / 9.0).abs() < 1e-12);
    assert!((p("damage", "0") - 25.0 / 81.0).abs() < 1e-12);
    assert!((p("damage", "2") - 16.0 / 81.0).abs() < 1e-12);
    assert!(r.text.contains("25/81"), "{}", r.text);
    // Deadly doubles, sitting duck hits on 2+.
    let d = Warfleets::odds_calculate(
        "attack",
        &args
            .clone()
            .with("deadly", OddsValue::Flag(true))
            .with("sitting-duck", OddsValue::Flag(true)),
    )
    .unwrap();
    let v: serde_json::Value = serde_json::from_str(&d.json).unwrap();
    assert_eq!(v["hit_on"], 2);
    assert!(v["damage"].get("1").is_none() && v["damage"].get("4").is_some());
}

#[test]
fn odds_match_the_rules_dice_monte_carlo() {
    let mut g = two_ships(
        &ship(
            "\"Pulse Engine\", \"Repair Bay\"",
            "front = \"Energy Cannon\"",
        ),
        PLAIN_DESTROYER,
    );
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, 36.0, 18.0, 0);
    fire_now(&mut g, 0);
    let (_, gun, _) = g
        .guns(0)
        .into_iter()
        .find(|x| x.0 == GunRef::Weapon(2))
        .unwrap();
    let n = g.numbers(0, &gun, false, 1);
    let exact = attack_odds(&n);
    let trials = 40_000;
    let mut counts = std::collections::BTreeMap::<u32, u32>::new();
    let mut rng = Rng::seed_from(99);
    for _ in 0..trials {
        let mut c = g.clone();
        c.rng = Rng::seed_from(rng.next_u64());
        let events = c
            .apply(
                Seat(0),
                &Action::Fire {
                    gun: GunRef::Weapon(2),
                    target: 1,
                },
            )
            .unwrap();
        let dmg = events
            .iter()
            .find_map(|e| match &e.event {
                crate::Event::Attack(a) => Some(u32::from(a.damage)),
                _ => None,
            })
            .unwrap();
        *counts.entry(dmg).or_default() += 1;
    }
    for (k, p) in &exact.damage {
        let seen =
            f64::from(*counts.get(&k.parse::<u32>().unwrap()).unwrap_or(&0)) / f64::from(trials);
        assert!(
            (seen - p.p).abs() < 0.01,
            "damage {k}: exact {} seen {seen}",
            p.p
        );
    }
}

#[test]
fn fb15_sniper_picks_the_upgrade_even_past_a_damaged_one() {
    let mut g = two_ships(
        &ship(
            "\"Pulse Engine\", \"Repair Bay\"",
            "front = \"Precision Cannon\"",
        ),
        &ship("\"Armored Plating\", \"Repair Bay\", \"Tractor Beam\"", ""),
    );
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, 36.0, 20.0, 180);
    g.model_mut(1).upgrades[0].damage = 1;
    let hull = g.model(1).hull;
    g.catalogue.hulls[hull].special.push(Special::Fragile);
    fire_now(&mut g, 0);
    // Hit, block fails: 1 damage, Fragile +1 = 2, both on the sniper's pick.
    g.rng.force(&[6, 1]);
    fire(&mut g, GunRef::Weapon(2), 1);
    assert_eq!(g.to_move(), vec![Seat(0)], "the shooter picks");
    act(&mut g, Action::Assign { upgrade: 2 });
    let ups = &g.model(1).upgrades;
    assert_eq!((ups[0].damage, ups[2].damage), (1, 2));
    assert!(!ups[2].works());
}
