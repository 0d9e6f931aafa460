//! LF-17 (c): special scenario conditions. Seed "Victory": "The game continues until one
//! of these conditions is met at the start of a turn: … • Special conditions for the
//! scenario are met." and "Each player scores points for any special scenario
//! conditions." — with the seed's ideas as objective kinds (protect, destroy, hold,
//! escape).

use crate::data::{parse_scenario, scenario_problems};
use crate::state::{LaunchFighters, Location, Phase};
use crate::testkit::{design, Sandbox};
use crate::{Action, Event, MapHex, Objective, ObjectiveKind, UnitId};
use orrery_core::{Game, Presentation, Seat};
use orrery_hex::{Dir, Hex};

const CONVOY: &str = include_str!("../../data/scenarios/convoy-run.toml");
const DUEL: &str = include_str!("../../data/scenarios/duel.toml");

fn objective(kind: ObjectiveKind, fleet: &str, points: u32) -> Objective {
    Objective {
        kind,
        fleet: fleet.into(),
        points,
        ship: None,
        target: None,
        area: Vec::new(),
        turns: None,
        ends_game: false,
        description: String::new(),
    }
}

fn at(col: i32, row: i32) -> MapHex {
    MapHex { col, row }
}

/// Two fleets ("Fleet 0", "Fleet 1") in the recovery phase of turn 1; seat 1 owns a
/// damaged repair ship, so its `EndRepairs` ends the turn and starts the next (where
/// the LF-17 end conditions are checked). Returns the game and the ids: seat 0's
/// "Hauler" and "Guard", seat 1's "Fixer" and "Raider".
fn end_of_turn(objectives: Vec<Objective>) -> (LaunchFighters, [UnitId; 4]) {
    let mut sb = Sandbox::new(2);
    let hauler = sb.ship(0, design("Hauler", 1, 0, 0, 3, 2), 10, 10, Dir::N);
    let guard = sb.ship(0, design("Guard", 2, 0, 0, 3, 2), 12, 10, Dir::N);
    let mut fixer = design("Fixer", 3, 0, 0, 4, 2);
    fixer.addons.repair = 2;
    let fixer = sb.ship(1, fixer, 13, 14, Dir::N);
    sb.state().units[fixer.index()]
        .ship_mut()
        .unwrap()
        .stats
        .cannons = 1;
    let raider = sb.ship(1, design("Raider", 2, 0, 0, 3, 2), 16, 14, Dir::N);
    sb.state().held_turns = vec![0; objectives.len()];
    sb.state().objectives = objectives;
    sb.state().phase = Phase::Recovery;
    sb.state().order = vec![Seat(1), Seat(0)];
    sb.state().turn = 1;
    sb.state().fired_this_turn = true;
    (sb.build(), [hauler, guard, fixer, raider])
}

/// Seat 1 ends its repairs: the turn ends and the next starts. Returns the events.
fn next_turn(g: &mut LaunchFighters) -> Vec<Event> {
    g.apply(Seat(1), &Action::EndRepairs)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|l| l.event)
        .collect()
}

fn game_over_reason(ev: &[Event]) -> Option<&str> {
    ev.iter().find_map(|e| match e {
        Event::GameOver { reason, .. } => Some(reason.as_str()),
        _ => None,
    })
}

/// The objectives of a scenario file are read, checked against its fleets, map and
/// exit area, and every problem is named by its field.
#[test]
fn lf17c_objectives_are_read_and_checked() {
    let s = parse_scenario(CONVOY, "convoy-run.toml").unwrap_or_else(|e| panic!("{e}"));
    let kinds: Vec<ObjectiveKind> = s.objectives.iter().map(|o| o.kind).collect();
    assert_eq!(
        kinds,
        [
            ObjectiveKind::Protect,
            ObjectiveKind::Escape,
            ObjectiveKind::Destroy,
            ObjectiveKind::Hold
        ]
    );
    assert!(s.objectives[2].ends_game);
    assert_eq!(s.objectives[3].turns, Some(2));

    let (a, b) = ("Pair", "Single");
    let fleets = format!(
        "name = \"Bad\"\n\
         [[fleets]]\nname = \"{a}\"\nships = [{{ design = \"Wasp\" }}, {{ design = \"Wasp\" }}]\n\
         [[fleets]]\nname = \"{b}\"\nships = [{{ design = \"Lancer\" }}]\n"
    );
    let bad = format!(
        "{fleets}\n\
         [[objectives]]\nkind = \"protect\"\nfleet = \"Nobody\"\npoints = 5\n\
         [[objectives]]\nkind = \"protect\"\nfleet = \"{a}\"\npoints = 5\n\
         [[objectives]]\nkind = \"destroy\"\nfleet = \"{b}\"\ntarget = \"{a}\"\nship = \"Wasp\"\npoints = 5\n\
         [[objectives]]\nkind = \"escape\"\nfleet = \"{a}\"\npoints = 5\narea = [{{ col = 5, row = 5 }}]\n\
         [[objectives]]\nkind = \"hold\"\nfleet = \"{a}\"\npoints = 5\nturns = 0\ntarget = \"{b}\"\n\
         area = [{{ col = 200, row = 5 }}, {{ col = 3, row = 3 }}, {{ col = 3, row = 3 }}]\n\
         [[objectives]]\nkind = \"capture\"\nfleet = \"{a}\"\npoints = 5\n"
    );
    let e = parse_scenario(&bad, "bad.toml").expect_err("bad objectives");
    let text = e.to_string();
    for needle in [
        "objectives[0].fleet: no fleet \"Nobody\"",
        "objectives[1].ship: a `protect` objective needs it",
        "objectives[2].ship: fleet \"Pair\" has 2 ships named \"Wasp\"",
        "objectives[3].area[0]: (5, 5) is neither an edge hex nor in the exit area",
        "objectives[4].target: a `hold` objective has no target",
        "objectives[4].turns: 0 is out of range",
        "objectives[4].area[0]: (200, 5) is off the 27×24 map",
        "objectives[4].area[2]: (3, 3) is listed twice",
        "objectives[5]",
        "unknown variant `capture`",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }

    // The same checks for a scenario built in code (e.g. sent as JSON).
    let mut s = parse_scenario(DUEL, "duel.toml").unwrap();
    let navy = s.fleets[0].name.clone();
    s.objectives
        .push(objective(ObjectiveKind::Escape, &navy, 5));
    let p = scenario_problems(&s);
    assert!(
        p.iter()
            .any(|p| p == "objectives[0].area: a `escape` objective needs it"),
        "{p:?}"
    );
}

/// "Each player scores points for any special scenario conditions": a protected ship
/// that survives, destroyed ships credited to the fleet, ships that escaped through the
/// area, an area held alone.
#[test]
fn lf17c_objective_points_count_in_the_tally() {
    let mut protect = objective(ObjectiveKind::Protect, "Fleet 0", 30);
    protect.ship = Some("Hauler".into());
    let mut kills = objective(ObjectiveKind::Destroy, "Fleet 1", 7);
    kills.target = Some("Fleet 0".into());
    let mut escape = objective(ObjectiveKind::Escape, "Fleet 0", 10);
    escape.area = vec![at(26, 10), at(26, 11)];
    let mut hold = objective(ObjectiveKind::Hold, "Fleet 1", 4);
    hold.area = vec![at(16, 14), at(17, 14)];
    let (g, [hauler, guard, _, raider]) = end_of_turn(vec![protect, kills, escape, hold]);
    let base = {
        let mut plain = g.clone();
        plain.objectives.clear();
        plain.held_turns.clear();
        plain.scores()
    };
    // Now: the hauler is alive (30 to seat 0), the raider alone holds its area (4).
    assert_eq!(g.scores(), vec![base[0] + 30.0, base[1] + 4.0]);
    assert_eq!(
        (0..4).map(|i| g.objective_count(i)).collect::<Vec<_>>(),
        vec![1, 0, 0, 1]
    );

    // The hauler destroyed by seat 1 and the guard escaped at (26, 10): no protect
    // points; one kill worth 7; one escape worth 10. A seat-0 unit in the area spoils
    // the hold.
    let mut g2 = g.clone();
    g2.units[hauler.index()].location = Location::Eliminated;
    g2.units[hauler.index()].eliminated_by = Some(Seat(1));
    g2.units[guard.index()].location = Location::Retreated;
    g2.units[guard.index()].retreated_at = Some(Hex::from_offset(26, 10));
    assert_eq!(
        (0..4).map(|i| g2.objective_count(i)).collect::<Vec<_>>(),
        vec![0, 1, 1, 1]
    );
    g2.units[raider.index()].location = Location::Retreated;
    assert_eq!(g2.objective_count(3), 0, "nobody holds the area");
    // A retreat from elsewhere is no escape.
    g2.units[guard.index()].retreated_at = Some(Hex::from_offset(0, 10));
    assert_eq!(g2.objective_count(2), 0);
    assert!(g2.validate().is_ok(), "{:?}", g2.validate());
}

/// A retreat through the recovery phase records where the unit left from, so an
/// `escape` objective counts it.
#[test]
fn lf17c_a_ship_retreating_from_the_escape_area_counts() {
    let mut escape = objective(ObjectiveKind::Escape, "Fleet 0", 10);
    escape.area = vec![at(26, 10)];
    let (mut g, [_, guard, _, _]) = end_of_turn(vec![escape]);
    g.units[guard.index()].location = Location::OnMap(Hex::from_offset(26, 10));
    let ev = next_turn(&mut g);
    assert!(ev.contains(&Event::Retreated { unit: guard }));
    assert_eq!(g.unit(guard).retreated_at, Some(Hex::from_offset(26, 10)));
    assert_eq!(g.objective_count(0), 1);
}

/// An objective with `ends_game` ends the battle at the start of the next turn once it
/// is decided, met or not; one without does not.
#[test]
fn lf17c_a_decided_objective_ends_the_battle() {
    let mut destroy = objective(ObjectiveKind::Destroy, "Fleet 1", 20);
    destroy.target = Some("Fleet 0".into());
    destroy.ship = Some("Hauler".into());
    // Not decided while the hauler is on the map.
    let (mut g, [hauler, ..]) = end_of_turn(vec![destroy.clone()]);
    next_turn(&mut g);
    assert_eq!(g.turn, 2);
    assert!(g.outcome.is_none());
    // Destroyed, but the objective does not end the battle: play goes on.
    let (mut g, _) = end_of_turn(vec![destroy.clone()]);
    g.units[hauler.index()].location = Location::Eliminated;
    g.units[hauler.index()].eliminated_by = Some(Seat(1));
    next_turn(&mut g);
    assert!(g.outcome.is_none());
    // With ends_game it does, and the 20 points are seat 1's.
    destroy.ends_game = true;
    let (mut g, _) = end_of_turn(vec![destroy.clone()]);
    g.units[hauler.index()].location = Location::Eliminated;
    g.units[hauler.index()].eliminated_by = Some(Seat(1));
    let ev = next_turn(&mut g);
    let reason = game_over_reason(&ev).expect("the battle ends");
    assert!(
        reason.contains("scenario condition decided") && reason.contains(" met (LF-17 (c))"),
        "{reason}"
    );
    assert_eq!(g.phase, Phase::Over);
    // Escaped instead: decided, not met.
    let (mut g, _) = end_of_turn(vec![destroy]);
    g.units[hauler.index()].location = Location::Retreated;
    let ev = next_turn(&mut g);
    let reason = game_over_reason(&ev).expect("the battle ends");
    assert!(reason.contains("can no longer be met"), "{reason}");
}

/// `hold` with `turns`: held alone at the start of that many turns in a row; an enemy
/// unit in the area resets the count.
#[test]
fn lf17c_holding_an_area_for_turns_in_a_row() {
    let mut hold = objective(ObjectiveKind::Hold, "Fleet 1", 15);
    hold.area = vec![at(16, 14)];
    hold.turns = Some(2);
    hold.ends_game = true;
    let (mut g, [hauler, ..]) = end_of_turn(vec![hold]);
    next_turn(&mut g);
    assert_eq!(g.held_turns, vec![1]);
    assert!(g.outcome.is_none());
    assert_eq!(g.objective_count(0), 0, "held 1 of 2 turns");
    // Play on to the next recovery phase by the default actions (nobody attacks far).
    let mut g2 = g.clone();
    g2.phase = Phase::Recovery;
    g2.cursor = 0;
    g2.fired_this_turn = true;
    // Another seat's unit in the area resets the count.
    g2.units[hauler.index()].location = Location::OnMap(Hex::from_offset(16, 14));
    g2.units[3].location = Location::OnMap(Hex::from_offset(17, 15));
    next_turn(&mut g2);
    assert_eq!(g2.held_turns, vec![0]);
    assert!(g2.outcome.is_none());
    // Held again: the second turn in a row ends the battle with 15 points to seat 1.
    g.phase = Phase::Recovery;
    g.cursor = 0;
    g.fired_this_turn = true;
    let before = g.clone();
    let ev = next_turn(&mut g);
    assert!(game_over_reason(&ev).is_some(), "{ev:?}");
    assert_eq!(g.held_turns, vec![2]);
    let mut plain = before;
    plain.objectives.clear();
    plain.held_turns.clear();
    assert_eq!(
        g.outcome.as_ref().unwrap().scores[1],
        plain.scores()[1] + 15.0
    );
}

/// A saved state whose objectives name no fleet or ship of the battle is refused.
#[test]
fn lf17c_saved_objectives_are_validated() {
    let mut o = objective(ObjectiveKind::Protect, "Fleet 0", 5);
    o.ship = Some("Nothing".into());
    let (g, _) = end_of_turn(vec![o]);
    let e = g.validate().expect_err("no such ship");
    assert!(
        e.problems
            .iter()
            .any(|p| p.starts_with("objectives[0].ship: fleet \"Fleet 0\" has no ship")),
        "{e:?}"
    );
}

/// LF-17: a ship that retreated scores half its points for its own fleet; it is not
/// lost, and the ending says "retreated", not "lost" (issue 37 §4: "1 ship lost
/// (Wasp)" for a ship that had retreated). A squadron aboard it went with it.
#[test]
fn lf17_the_ending_lists_a_retreated_ship_as_retreated_not_lost() {
    let mut sb = Sandbox::new(2);
    let wasp = sb.ship(0, design("Wasp", 1, 0, 1, 3, 2), 10, 10, Dir::N);
    let _stays = sb.ship(0, design("Guard", 2, 0, 0, 3, 2), 12, 10, Dir::N);
    let sunk = sb.ship(1, design("Raider", 2, 0, 0, 3, 2), 16, 14, Dir::N);
    let squadron = sb.aboard(0, wasp);
    sb.state().units[wasp.index()].location = Location::Retreated;
    sb.state().units[sunk.index()].location = Location::Eliminated;
    let g = sb.build();
    assert_eq!(g.units[squadron.index()].location, Location::Aboard(wasp));
    let outcome = orrery_core::Outcome {
        winners: vec![Seat(0)],
        scores: vec![3.0, 0.0],
        reason: String::new(),
    };
    let ending = g.ending_for(&outcome);
    let ours = &ending.sides[0].losses;
    assert_eq!(
        ours,
        &[
            "1 ship retreated (Wasp)".to_string(),
            "1 fighter squadron retreated".to_string()
        ],
        "{ending:?}"
    );
    assert_eq!(
        ending.sides[1].losses,
        ["1 ship lost (Raider)"],
        "{ending:?}"
    );
}
