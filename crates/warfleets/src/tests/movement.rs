//! Movement: FB-06 (ships), FB-07 (squadrons, engagement), FB-08 (overlap), FB-09
//! (ramming, pushes), FB-10 (leaving and returning), FB-14 (terrain), FB-17 (markers
//! picked up), FB-19 (mines, Vanguard).

use crate::state::{Status, Step};
use crate::testkit::{
    act, custom, damage_of, fighter_against_bomber, order_now, piece, place, settle, started,
    two_ships, CORVETTE,
};
use crate::{Action, Warfleets};
use orrery_core::{Game, Presentation, SearchHints, Seat};
use orrery_table::Point;

const CRUISER: &str = "hull = \"Cruiser\"\nsystems = [\"Armored Plating\", \"Shield Booster\", \"Nuclear Ammo\", \"Precision Rig\"]";
const DESTROYER: &str =
    "hull = \"Destroyer\"\nsystems = [\"Tractor Beam\", \"Repair Bay\", \"Stealth Rig\"]";

fn close(p: Point, x: f64, y: f64) -> bool {
    (p.x - x).abs() < 1e-6 && (p.y - y).abs() < 1e-6
}

/// Where the destroyer stands when it is only to be out of the cruiser's way.
const OUT_OF_THE_WAY: (f64, f64, i32) = (10.0, 40.0, 180);

/// The cruiser (model 0) at (36", 10") facing 0°, its order the open question,
/// against the destroyer (model 1) at `destroyer` (x, y, facing).
fn cruiser_to_order(destroyer: (f64, f64, i32)) -> Warfleets {
    let mut g = two_ships(CRUISER, DESTROYER);
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, destroyer.0, destroyer.1, destroyer.2);
    order_now(&mut g, 0);
    g
}

/// Order a Move of `inches` straight ahead (no turn).
fn move_straight(g: &mut Warfleets, inches: f64) {
    act(
        g,
        Action::Move {
            pivot: inches,
            turn: 0,
        },
    );
}

/// Order a Cruise of `inches` straight ahead (no turn).
fn cruise_straight(g: &mut Warfleets, inches: f64) {
    act(
        g,
        Action::Cruise {
            pivot: inches,
            turn: 0,
        },
    );
}

#[test]
fn fb06_move_goes_full_speed_and_turns_once_after_half() {
    let mut g = cruiser_to_order(OUT_OF_THE_WAY);
    // Less than half of the 4" before the turn, a turn over 90°, off the ½" grid.
    for bad in [
        Action::Move {
            pivot: 1.5,
            turn: 6,
        },
        Action::Move {
            pivot: 2.0,
            turn: 7,
        },
        Action::Move {
            pivot: 2.25,
            turn: 6,
        },
        Action::Cruise {
            pivot: 3.0,
            turn: 4,
        },
    ] {
        assert!(g.apply(Seat(0), &bad).is_err(), "{bad:?}");
    }
    act(
        &mut g,
        Action::Move {
            pivot: 2.0,
            turn: 6,
        },
    );
    let m = g.model(0);
    assert!(close(m.pos, 38.0, 12.0), "{:?}", m.pos);
    assert_eq!(m.heading.degrees(), 90);
}

#[test]
fn fb06_cruise_turns_at_most_45_and_forbids_shooting() {
    let mut g = cruiser_to_order((36.0, 26.0, 180));
    act(
        &mut g,
        Action::Cruise {
            pivot: 6.0,
            turn: -3,
        },
    );
    assert!(close(g.model(0).pos, 36.0, 16.0));
    assert_eq!(g.model(0).heading.degrees(), 315);
    // The destroyer is 8.25" away, in arc and range of the turret: no Fire step.
    assert!(!matches!(g.step, Step::Fire { .. }), "{:?}", g.step);
}

#[test]
fn fb14_difficult_terrain_costs_double() {
    let mut g = cruiser_to_order(OUT_OF_THE_WAY);
    g.terrain = vec![piece("asteroid field", 36.0, 16.0, 3.0)];
    // 3" to the field's edge, then the remaining 3" buy 1.5".
    cruise_straight(&mut g, 6.0);
    assert!(close(g.model(0).pos, 36.0, 14.5), "{:?}", g.model(0).pos);
}

#[test]
fn fb06_impassable_terrain_stops_the_move_at_contact() {
    let mut g = cruiser_to_order(OUT_OF_THE_WAY);
    g.terrain = vec![piece("planet", 36.0, 18.0, 3.0)];
    cruise_straight(&mut g, 6.0);
    assert!(
        (g.model(0).pos.y - 14.0).abs() < 1e-6,
        "{:?}",
        g.model(0).pos
    );
    assert_eq!(damage_of(&g, 0), 0, "no damage from stopping");
}

#[test]
fn fb14_dangerous_terrain_deals_d3_once() {
    let mut g = cruiser_to_order(OUT_OF_THE_WAY);
    g.terrain = vec![piece("radiation cloud", 36.0, 13.0, 2.5)];
    // D3 = 2; the Shield Booster then rolls 1 and 2 (nothing ignored).
    g.rng.force(&[2, 1, 2]);
    cruise_straight(&mut g, 6.0);
    settle(&mut g);
    assert_eq!(damage_of(&g, 0), 2);
}

#[test]
fn fb10_a_ship_leaving_the_table_returns_at_the_end_of_the_round() {
    let mut g = two_ships(CRUISER, DESTROYER);
    place(&mut g, 0, 36.0, 45.0, 0);
    place(&mut g, 1, 10.0, 10.0, 0);
    g.model_mut(0).markers = 1;
    order_now(&mut g, 0);
    move_straight(&mut g, 4.0);
    let m = g.model(0);
    assert_eq!(m.status, Status::Away);
    assert!(close(m.exit.unwrap(), 36.0, 48.0));
    // FB-17: it dropped its marker at the exit point.
    assert_eq!(g.model(0).markers, 0);
    assert!(g.markers.iter().any(|p| close(*p, 36.0, 48.0)));
    // Play on to the end of the round: the owner puts it back within 4".
    while !matches!(g.step, Step::Return { .. }) {
        let seat = g.to_move()[0];
        let a = g.default_action(seat).unwrap();
        g.apply(seat, &a).unwrap();
    }
    let legal = g.legal_actions(Seat(0));
    assert_eq!(legal.len(), 9, "{legal:?}");
    assert!(g.apply(Seat(0), &Action::Return { along: 5.0 }).is_err());
    act(&mut g, Action::Return { along: -3.0 });
    let m = g.model(0);
    assert_eq!(m.status, Status::OnTable);
    assert!(close(m.pos, 33.0, 47.0), "{:?}", m.pos);
    assert_eq!(m.heading.degrees(), 180);
}

#[test]
fn fb08_overlapping_ships_move_on_and_both_take_damage() {
    let mut g = cruiser_to_order((36.0, 14.0, 0));
    g.rng.force(&[1, 1]);
    move_straight(&mut g, 4.0);
    // On until 1" clear of the destroyer: centres 1 + 0.75 + 1 apart.
    assert!(
        (g.model(0).pos.y - 16.75).abs() < 1e-5,
        "{:?}",
        g.model(0).pos
    );
    settle(&mut g);
    assert_eq!(damage_of(&g, 0), 1);
    assert_eq!(damage_of(&g, 1), 1);
}

#[test]
fn fb08_ablative_armor_ignores_overlap_damage_from_enemies() {
    let mut g = two_ships(
        CRUISER,
        "hull = \"Destroyer\"\nsystems = [\"Ablative Armor\", \"Repair Bay\", \"Stealth Rig\"]",
    );
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, 36.0, 14.0, 0);
    order_now(&mut g, 0);
    g.rng.force(&[1]);
    move_straight(&mut g, 4.0);
    settle(&mut g);
    assert_eq!(damage_of(&g, 0), 1);
    assert_eq!(damage_of(&g, 1), 0);
}

#[test]
fn fb09_ram_compares_slots_and_pushes_the_smaller_ship() {
    let mut g = two_ships(
        "hull = \"Cruiser\"\nsystems = [\"Armored Plating\", \"Reinforced Ram\", \"Nuclear Ammo\", \"Precision Rig\"]",
        DESTROYER,
    );
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, 36.0, 22.0, 90);
    order_now(&mut g, 0);
    let ram = Action::Ram {
        target: 1,
        pivot: 6.0,
        turn: 0,
    };
    // A ram that cannot reach contact is refused.
    assert!(g.apply(Seat(0), &ram).is_err());
    place(&mut g, 1, 36.0, 15.0, 90);
    g.rng.force(&[3]);
    act(&mut g, ram);
    assert!(
        (g.model(0).pos.y - 13.25).abs() < 1e-6,
        "stops at contact: {:?}",
        g.model(0).pos
    );
    // Pushed 3" straight away, heading unchanged.
    assert!(close(g.model(1).pos, 36.0, 18.0), "{:?}", g.model(1).pos);
    assert_eq!(g.model(1).heading.degrees(), 90);
    settle(&mut g);
    // Heavy (4) against medium (3): the destroyer 2 (+1 Reinforced Ram), the cruiser 1.
    assert_eq!(damage_of(&g, 1), 3);
    assert_eq!(damage_of(&g, 0), 1);
}

#[test]
fn fb09_a_push_into_another_ship_stops_with_one_damage() {
    let s = custom(
        1000,
        &format!("[[fleet]]\nname = \"A\"\n[[fleet.ship]]\n{CRUISER}\n[[fleet]]\nname = \"B\"\n[[fleet.ship]]\n{DESTROYER}\n[[fleet.ship]]\n{DESTROYER}\n"),
    );
    let mut g = started(&s, 3);
    place(&mut g, 0, 36.0, 10.0, 0);
    place(&mut g, 1, 36.0, 15.0, 90);
    place(&mut g, 2, 36.0, 19.0, 90);
    order_now(&mut g, 0);
    g.rng.force(&[6]);
    act(
        &mut g,
        Action::Ram {
            target: 1,
            pivot: 6.0,
            turn: 0,
        },
    );
    // Stopped at base contact with the other destroyer (1.5" between centres).
    assert!(close(g.model(1).pos, 36.0, 17.5), "{:?}", g.model(1).pos);
    settle(&mut g);
    assert_eq!(damage_of(&g, 1), 3, "2 from the ram, 1 from the stop");
}

#[test]
fn fb07_squadrons_fly_up_to_cruise_and_engage_within_2() {
    let mut g = fighter_against_bomber(CORVETTE, 5);
    let (fighter, bomber) = (1, 3);
    place(&mut g, 0, 60.0, 5.0, 0);
    place(&mut g, 2, 60.0, 40.0, 180);
    place(&mut g, fighter, 10.0, 10.0, 0);
    place(&mut g, bomber, 20.0, 10.0, 0);
    order_now(&mut g, fighter);
    // Past the bomber: it came within 2" and must end within 2" of it.
    assert!(g.apply(Seat(0), &Action::Fly { x: 25.0, y: 10.0 }).is_err());
    // More than the 15" Cruise; not whole inches.
    assert!(g.apply(Seat(0), &Action::Fly { x: 10.0, y: 26.0 }).is_err());
    assert!(g.apply(Seat(0), &Action::Fly { x: 10.5, y: 12.0 }).is_err());
    act(&mut g, Action::Fly { x: 18.0, y: 10.0 });
    assert_eq!(g.engaged_with(fighter), vec![bomber]);
    // Engaged squadrons cannot move.
    order_now(&mut g, bomber);
    assert!(g.apply(Seat(1), &Action::Fly { x: 20.0, y: 14.0 }).is_err());
    assert!(g.apply(Seat(1), &Action::Hold { turn: 0 }).is_ok());
}

#[test]
fn wfo02_a_squadron_flight_beyond_move_is_a_cruise_without_shooting() {
    let mut g = fighter_against_bomber(CORVETTE, 5);
    place(&mut g, 0, 60.0, 5.0, 0);
    place(&mut g, 2, 30.0, 25.0, 180);
    place(&mut g, 1, 10.0, 10.0, 0);
    place(&mut g, 3, 50.0, 40.0, 0);
    order_now(&mut g, 1);
    act(&mut g, Action::Fly { x: 22.0, y: 19.0 });
    assert_eq!(g.model(1).took, Some(crate::state::Took::Cruise));
    assert!(!matches!(g.step, Step::Fire { .. }));
}

#[test]
fn fb17_ships_pick_up_markers_they_touch_and_drop_them_when_destroyed() {
    let mut g = cruiser_to_order(OUT_OF_THE_WAY);
    g.markers = vec![Point::new(36.8, 12.0), Point::new(38.5, 12.0)];
    move_straight(&mut g, 4.0);
    // The base (radius 1) touched the first marker, not the second.
    assert_eq!(g.model(0).markers, 1);
    assert_eq!(g.markers, vec![Point::new(38.5, 12.0)]);
    assert_eq!(g.carried(), [1, 0]);
}

#[test]
fn fb19_a_mine_hits_the_first_enemy_within_3() {
    let mut g = cruiser_to_order(OUT_OF_THE_WAY);
    g.mines.push(crate::state::Mine {
        seat: Seat(1),
        pos: Point::new(40.0, 14.0),
    });
    g.rng.force(&[1, 1]);
    move_straight(&mut g, 4.0);
    assert!(g.mines.is_empty());
    settle(&mut g);
    assert_eq!(damage_of(&g, 0), 2);
}

#[test]
fn fb19_vanguard_moves_straight_ahead_after_deploying() {
    let s = custom(
        1000,
        "[[fleet]]\nname = \"A\"\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\ntitle = \"Vanguard\"\n[[fleet]]\nname = \"B\"\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\n",
    );
    let mut g = crate::Warfleets::setup(&s, 11).unwrap();
    let mut seen = false;
    while g.round == 0 {
        let seat = g.to_move()[0];
        if let Step::Vanguard { model } = g.step {
            assert_eq!(model, 0);
            let y = g.model(0).pos.y;
            // Pulse Engine: Move 10"; half-inch steps.
            assert!(g.apply(seat, &Action::Advance { inches: 10.5 }).is_err());
            act(&mut g, Action::Advance { inches: 6.5 });
            assert!((g.model(0).pos.y - y).abs() == 6.5);
            seen = true;
            continue;
        }
        let a = g.legal_actions(seat).into_iter().next().unwrap();
        g.apply(seat, &a).unwrap();
    }
    assert!(seen);
}

#[test]
fn fb08_a_ship_pushed_off_the_table_by_its_overlap_still_takes_the_damage() {
    let mut g = two_ships(CRUISER, DESTROYER);
    place(&mut g, 0, 36.0, 40.0, 0);
    place(&mut g, 1, 36.0, 45.5, 0);
    order_now(&mut g, 0);
    g.rng.force(&[1, 1]);
    move_straight(&mut g, 4.0);
    assert_eq!(g.model(0).status, Status::Away);
    settle(&mut g);
    assert_eq!(damage_of(&g, 0), 1);
    assert_eq!(damage_of(&g, 1), 1);
}

/// A corvette (0) with a fighter (1) against a corvette (2) with a bomber (3), the
/// first corvette ordered to Move 8" straight onto both squadrons.
fn onto_two_squadrons() -> crate::Warfleets {
    let mut g = fighter_against_bomber(
        "hull = \"Corvette\"\nsystems = [\"Repair Bay\", \"Stealth Rig\"]",
        5,
    );
    place(&mut g, 0, 30.0, 10.0, 0);
    place(&mut g, 2, 60.0, 40.0, 180);
    place(&mut g, 1, 29.5, 18.0, 0);
    place(&mut g, 3, 30.5, 18.25, 0);
    order_now(&mut g, 0);
    move_straight(&mut g, 8.0);
    g
}

/// Seed "Zachodzenie": "If a ship ends its move overlapping squadrons, the squadrons'
/// players may place those squadrons anywhere within 1" of the ship"; FB-08: "placed
/// by their owners (the non-moving player first) … without overlap".
#[test]
fn fb08_owner_places_squadrons_under_a_moving_ship() {
    let mut g = onto_two_squadrons();
    let ship = g.model(0).pos;
    assert!(close(ship, 30.0, 18.0), "{ship:?}");
    // The non-moving player places his bomber first, before the mover shoots.
    assert_eq!(g.to_move(), vec![Seat(1)]);
    let legal = g.legal_actions(Seat(1));
    assert!(legal.len() >= 4, "{legal:?}");
    for a in &legal {
        let Action::MoveAside { model, x, y } = *a else {
            panic!("only placements: {a:?}")
        };
        assert_eq!(model, 3);
        let p = Point::new(x, y);
        assert!(x.fract() == 0.0 && y.fract() == 0.0, "whole inches");
        let gap = p.dist(ship) - 0.625 - 0.5;
        assert!(gap <= 1.0 + 1e-9, "within 1\" of the ship: {p:?}");
        assert!(!g.overlaps_model(p, 0.5, &[1, 3]), "no overlap: {p:?}");
        assert!(g.wholly_on_table(p, 0.5));
    }
    assert!(g.legal_actions(Seat(0)).is_empty(), "not the mover's turn");
    // Refused: beyond 1", or on the ship; the state stays as it was.
    let before = g.state_hash();
    for bad in [(30.0, 21.0), (30.0, 18.0), (31.0, 19.5)] {
        let a = Action::MoveAside {
            model: 3,
            x: bad.0,
            y: bad.1,
        };
        assert!(g.apply(Seat(1), &a).is_err(), "{a:?}");
    }
    assert!(g
        .apply(
            Seat(0),
            &Action::MoveAside {
                model: 1,
                x: 28.0,
                y: 18.0
            }
        )
        .is_err());
    assert_eq!(g.state_hash(), before);
    // The owner's choice, not the nearest spot: the one farthest from the bomber.
    let far = legal
        .iter()
        .max_by(|a, b| {
            spot(a)
                .dist(g.model(3).pos)
                .total_cmp(&spot(b).dist(g.model(3).pos))
        })
        .cloned()
        .unwrap();
    assert_ne!(Some(far.clone()), g.default_action(Seat(1)));
    assert!(g.describe_action(Some(Seat(1)), &far).contains("clear of"));
    act(&mut g, far.clone());
    assert_eq!(g.model(3).pos, spot(&far));
    // Then the mover's own fighter, clear of the bomber where it now is.
    assert_eq!(g.to_move(), vec![Seat(0)]);
    for a in g.legal_actions(Seat(0)) {
        assert!(matches!(a, Action::MoveAside { model: 1, .. }), "{a:?}");
        assert!(spot(&a).dist(g.model(3).pos) >= 1.0 - 1e-9);
    }
    let pick = g.default_action(Seat(0)).unwrap();
    act(&mut g, pick);
    // Then the activation goes on: the corvette fires.
    assert!(
        matches!(g.step, Step::Fire { model: 0, .. }),
        "{:?}",
        g.step
    );
}

fn spot(a: &Action) -> Point {
    match *a {
        Action::MoveAside { x, y, .. } => Point::new(x, y),
        _ => panic!("{a:?}"),
    }
}

/// WFO-03 (as rewritten): the default placement, for the AI and a time-out, is the
/// listed spot nearest to where the squadron was; a search agent considers it too.
#[test]
fn wfo03_the_default_placement_is_the_free_spot_nearest_where_it_was() {
    let g = onto_two_squadrons();
    let was = g.model(3).pos;
    let legal = g.legal_actions(Seat(1));
    let nearest = legal
        .iter()
        .map(spot)
        .fold(f64::INFINITY, |d, p| d.min(p.dist(was)));
    let default = g.default_action(Seat(1)).unwrap();
    assert!((spot(&default).dist(was) - nearest).abs() < 1e-12);
    let search = g.search_actions(Seat(1));
    assert!(search.contains(&default) && search.iter().all(|a| legal.contains(a)));
    let mut rng = orrery_core::Rng::seed_from(3);
    let sampled = g.sample_action(Seat(1), &mut rng).unwrap();
    assert!(legal.contains(&sampled));
    // Typed at the terminal.
    let (x, y) = (spot(&default).x, spot(&default).y);
    assert_eq!(
        g.parse_action(Seat(1), &format!("aside {x} {y}")),
        Some(Ok(vec![default]))
    );
}

/// WFO-10: FB-08's continuation blocked by impassable terrain and no point of the
/// path ≥ 1" from every other ship: back to where the move started, never left
/// overlapping a ship.
#[test]
fn wfo10_a_ship_with_nowhere_to_back_off_returns_to_its_start() {
    let c = "[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Repair Bay\", \"Stealth Rig\"]\n";
    let mut s = custom(
        1000,
        &format!("[[fleet]]\nname = \"A\"\n{c}[[fleet]]\nname = \"B\"\n{c}{c}{c}{c}"),
    );
    s.terrain.push(piece("planet", 30.0, 22.0, 2.0));
    let mut g = started(&s, 5);
    g.markers.clear();
    place(&mut g, 0, 30.0, 10.0, 0);
    place(&mut g, 1, 30.0, 18.5, 0); // where the move ends
    place(&mut g, 2, 31.5, 11.0, 0); // and every point of the path is within 1"
    place(&mut g, 3, 31.5, 14.0, 0); // of one of these
    place(&mut g, 4, 31.5, 16.5, 0);
    order_now(&mut g, 0);
    g.rng.force(&[1, 1, 1, 1]);
    move_straight(&mut g, 8.0);
    assert!(close(g.model(0).pos, 30.0, 10.0), "{:?}", g.model(0).pos);
    assert!(g.validate().is_ok(), "{:?}", g.validate());
}
