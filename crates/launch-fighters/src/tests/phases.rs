//! Placement, initiative, movement, recovery and victory of Launch Fighters! v1.1,
//! each test named after the seed clause or ruling (LF-…, LFO-…) it shows acting.

use crate::state::{Decision, LaunchFighters, Location, Phase};
use crate::testkit::{design, Sandbox};
use crate::{
    Action, Event, Fleet, Options, Scenario, ShipDesign, Stat, Terrain, TerrainKind, UnitId,
};
use orrery_core::{Game, Logged, Seat};
use orrery_hex::{Dir, Hex};

// ---------------------------------------------------------------- helpers

fn scenario(fleets: Vec<Vec<ShipDesign>>) -> Scenario {
    Scenario {
        name: "test".into(),
        description: String::new(),
        cols: 27,
        rows: 24,
        points: None,
        turn_limit: 30,
        terrain: Vec::new(),
        exit_area: Vec::new(),
        objectives: Vec::new(),
        options: Options::default(),
        fleets: fleets
            .into_iter()
            .enumerate()
            .map(|(i, ships)| Fleet {
                name: format!("Fleet {i}"),
                ships,
            })
            .collect(),
    }
}

fn events(logged: Vec<Logged<Event>>) -> Vec<Event> {
    logged.into_iter().map(|l| l.event).collect()
}

fn off(col: i32, row: i32) -> Hex {
    Hex::from_offset(col, row)
}

fn hex_of(g: &LaunchFighters, id: UnitId) -> Hex {
    match g.units[id.index()].location {
        Location::OnMap(h) => h,
        other => panic!("unit {id:?} is not on the map: {other:?}"),
    }
}

fn mv(unit: UnitId, to: Hex, facing: Option<Dir>) -> Action {
    Action::Move {
        unit,
        to,
        facing,
        boost: false,
        warp: false,
    }
}

/// Apply, asserting the action was also listed as legal.
fn play(g: &mut LaunchFighters, seat: Seat, a: Action) -> Vec<Event> {
    let legal = g.legal_actions(seat);
    assert!(legal.contains(&a), "{a:?} not listed; legal: {legal:?}");
    events(g.apply(seat, &a).unwrap_or_else(|e| panic!("{a:?}: {e}")))
}

/// Apply the first legal placement action until placement is over, optionally
/// forcing dice before the very last one (which starts turn 1).
fn place_all(
    g: &mut LaunchFighters,
    last_dice: &[u32],
    pick: impl Fn(usize) -> usize,
) -> Vec<Event> {
    let mut n = 0;
    loop {
        assert_eq!(g.phase, Phase::Placement);
        let seat = g.to_move()[0];
        let legal = g.legal_actions(seat);
        assert!(!legal.is_empty());
        let a = legal[pick(n) % legal.len()].clone();
        let unplaced = g
            .units
            .iter()
            .filter(|u| u.location == Location::Unplaced)
            .count();
        if unplaced == 1 {
            g.rng.force(last_dice);
        }
        let ev = events(g.apply(seat, &a).expect("listed placement applies"));
        n += 1;
        if unplaced == 1 {
            return ev;
        }
    }
}

/// What a move may add: a booster's extra space (LF-09) or warp drive (LF-19).
#[derive(Clone, Copy)]
enum Extra {
    Booster,
    Warp,
}

/// Seat 0 may not move with `extra`: every action listed for it is a move without it,
/// and `unit`'s move to `to` facing north with it is refused.
fn no_move_with(g: &mut LaunchFighters, extra: Extra, unit: UnitId, to: Hex) {
    let (boost, warp) = match extra {
        Extra::Booster => (true, false),
        Extra::Warp => (false, true),
    };
    assert!(g.legal_actions(Seat(0)).iter().all(|x| match (extra, x) {
        (Extra::Booster, Action::Move { boost, .. }) => !boost,
        (Extra::Warp, Action::Move { warp, .. }) => !warp,
        _ => false,
    }));
    let bad = Action::Move {
        unit,
        to,
        facing: Some(Dir::N),
        boost,
        warp,
    };
    assert!(g.apply(Seat(0), &bad).is_err());
}

/// A damaged ship with a Repair level, to give a player something to do in recovery.
fn damaged_repairer(sb: &mut Sandbox, owner: u8, col: i32, row: i32) -> UnitId {
    let mut d = design("Fixer", 3, 0, 0, 4, 2);
    d.addons.repair = 2;
    let id = sb.ship(owner, d, col, row, Dir::N);
    sb.state().units[id.index()]
        .ship_mut()
        .unwrap()
        .stats
        .cannons = 1;
    id
}

// ---------------------------------------------------------------- set-up

/// Setup reports every problem of a scenario at once.
#[test]
fn setup_lists_every_problem_at_once() {
    let mut big = design("Big", 1, 0, 0, 2, 6); // Move 6: above the Step Chart
    big.squadrons = 11; // more than a record sheet holds
    let mut s = scenario(vec![vec![], vec![big]]);
    s.cols = 20;
    s.rows = 20;
    s.points = Some(10);
    s.terrain.push(Terrain {
        kind: TerrainKind::Asteroid,
        col: 30,
        row: 5,
    });
    let err = LaunchFighters::setup(&s, 1).expect_err("invalid scenario");
    let p = &err.problems;
    let has = |needle: &str| p.iter().any(|m| m.contains(needle));
    assert!(has("at least 24 columns or rows"), "{p:?}");
    assert!(has("fleets[0].ships"), "{p:?}");
    assert!(has("fleets[1].ships[0].move"), "{p:?}");
    assert!(has("fleets[1].ships[0].squadrons"), "{p:?}");
    assert!(has("fleets[1]: fleet \"Fleet 1\" costs"), "{p:?}");
    assert!(p.len() >= 6, "{p:?}");
    // Terrain is judged once the map itself is valid.
    s.cols = 27;
    s.rows = 24;
    let err = LaunchFighters::setup(&s, 1).expect_err("invalid scenario");
    assert!(
        err.problems.iter().any(|m| m.starts_with("terrain[0]")),
        "{err}"
    );

    let one = scenario(vec![vec![design("A", 1, 0, 0, 2, 2)]]);
    let err = LaunchFighters::setup(&one, 1).expect_err("one fleet");
    assert!(err
        .problems
        .iter()
        .any(|m| m.contains("a battle has 2 to 6 players")));
}

/// Setup creates each ship, then its squadrons aboard it (active, original host =
/// that ship), letters A, B, … per fleet, everything unplaced, phase Placement.
#[test]
fn setup_creates_units_and_ranks_players() {
    let mut carrier = design("Carrier", 1, 0, 2, 4, 2);
    carrier.squadrons = 2;
    let s = scenario(vec![
        vec![carrier.clone(), design("Escort", 2, 0, 0, 3, 3)],
        vec![design("Lone", 3, 0, 0, 3, 3)],
    ]);
    let g = LaunchFighters::setup(&s, 5).unwrap();
    assert_eq!(g.phase, Phase::Placement);
    assert_eq!(g.turn, 0);
    assert_eq!(g.units.len(), 5);
    let ship0 = g.units[0].ship().unwrap();
    assert_eq!((ship0.letter, ship0.cost), ('A', carrier.cost()));
    for k in [1, 2] {
        let q = g.units[k].squadron().unwrap();
        assert!(q.active);
        assert_eq!(q.original_host, UnitId(0));
        assert_eq!(g.units[k].location, Location::Aboard(UnitId(0)));
    }
    assert_eq!(g.units[3].ship().unwrap().letter, 'B');
    assert_eq!(g.units[4].ship().unwrap().letter, 'A');
    assert_eq!(g.units[4].owner, Seat(1));
    assert!(g
        .units
        .iter()
        .filter(|u| u.is_ship())
        .all(|u| u.location == Location::Unplaced));
    let mut order = g.order.clone();
    order.sort();
    assert_eq!(order, vec![Seat(0), Seat(1)]);
    // The lowest-ranked player places first.
    assert_eq!(g.to_move(), vec![g.order[0]]);
}

/// LFO-04: the placement roll adds the fleet's highest Sensors.
#[test]
fn lfo_p1_placement_roll_adds_fleet_sensors() {
    let mut eyes = design("Eyes", 1, 0, 0, 2, 2);
    eyes.addons.sensors = 10;
    let s = scenario(vec![vec![design("A", 1, 0, 0, 2, 2)], vec![eyes]]);
    for seed in 0..10 {
        let g = LaunchFighters::setup(&s, seed).unwrap();
        assert!(g.players[1].initiative >= 12, "2D6 + 10");
        assert!(g.players[0].initiative <= 12);
    }
}

/// LF-07 on the default 27×24 map: the first flagship on the centre (13, 11) (LF-01);
/// each next flagship exactly 10 in a straight line from a placed flagship and at
/// least 10 from all; the other ships adjacent to their flagship; then turn 1 starts.
fn check_placement(players: usize, pick: impl Fn(usize) -> usize) {
    let fleet = vec![
        design("A", 2, 0, 0, 3, 2),
        design("B", 2, 0, 0, 3, 2),
        design("C", 2, 0, 0, 3, 2),
    ];
    let s = scenario(vec![fleet; players]);
    let mut g = LaunchFighters::setup(&s, 42).unwrap();
    let order = g.order.clone();
    let mut flags: Vec<Hex> = Vec::new();
    // Watch the flagships go down one by one.
    while flags.len() < players {
        let seat = g.to_move()[0];
        assert_eq!(seat, order[flags.len()], "flagships in ranking order");
        let legal = g.legal_actions(seat);
        for a in &legal {
            let Action::Place { at, .. } = a else {
                panic!()
            };
            if flags.is_empty() {
                assert_eq!(*at, off(13, 11), "LF-01 centre");
            } else {
                assert!(flags.iter().all(|f| f.distance(*at) >= 10), "LF-07 (c)");
                assert!(
                    flags
                        .iter()
                        .any(|f| f.distance(*at) == 10 && f.straight_line_dir(*at).is_some()),
                    "LF-07 (b)"
                );
                assert!(!g.map.is_edge(*at), "LF-07 (a)");
            }
        }
        let a = legal[pick(flags.len()) % legal.len()].clone();
        let Action::Place { at, ship, .. } = a else {
            panic!()
        };
        g.apply(seat, &a).unwrap();
        assert!(g.units[ship.index()].ship().unwrap().flagship);
        flags.push(at);
    }
    // The rest of each fleet, in ranking order, adjacent to its flagship.
    let mut last_seat_index = 0;
    while g.phase == Phase::Placement {
        let seat = g.to_move()[0];
        let i = order.iter().position(|&s| s == seat).unwrap();
        assert!(i >= last_seat_index, "fleets in ranking order");
        last_seat_index = i;
        let legal = g.legal_actions(seat);
        let a = legal[pick(i) % legal.len()].clone();
        g.apply(seat, &a).unwrap();
    }
    for u in g.units.iter().filter(|u| u.is_ship()) {
        let s = u.ship().unwrap();
        if !s.flagship {
            let flag = g
                .units
                .iter()
                .find(|f| f.owner == u.owner && f.ship().is_some_and(|s| s.flagship))
                .unwrap();
            assert_eq!(hex_of(&g, u.id).distance(hex_of(&g, flag.id)), 1);
        }
    }
    assert_eq!(g.turn, 1, "turn 0 never ends the game; turn 1 starts");
    assert!(matches!(g.phase, Phase::Movement { step: 2 }));
}

#[test]
fn lf07_placement_two_players_default_map() {
    check_placement(2, |_| 0);
    check_placement(2, |k| 5 * k + 3);
}

#[test]
fn lf07_placement_six_players_default_map() {
    check_placement(6, |_| 0);
    check_placement(6, |k| 7 * k + 1);
    check_placement(6, |k| 11 * k + 100);
}

/// LF-07: placement actions are checked — wrong ship, wrong hex, squadrons.
#[test]
fn lf07_placement_rejects_illegal_places() {
    let mut carrier = design("Carrier", 1, 0, 1, 4, 2);
    carrier.squadrons = 1;
    let s = scenario(vec![vec![carrier], vec![design("B", 1, 0, 0, 2, 2)]]);
    let mut g = LaunchFighters::setup(&s, 3).unwrap();
    let seat = g.to_move()[0];
    let other = Seat(1 - seat.0);
    let mine = g
        .units
        .iter()
        .find(|u| u.owner == seat && u.is_ship())
        .unwrap()
        .id;
    let theirs = g
        .units
        .iter()
        .find(|u| u.owner == other && u.is_ship())
        .unwrap()
        .id;
    let bad = [
        Action::Place {
            ship: mine,
            at: off(3, 3),
            facing: Dir::N,
        },
        Action::Place {
            ship: theirs,
            at: off(13, 11),
            facing: Dir::N,
        },
        Action::Place {
            ship: UnitId(1),
            at: off(13, 11),
            facing: Dir::N,
        },
        Action::Place {
            ship: UnitId(999),
            at: off(13, 11),
            facing: Dir::N,
        },
        Action::Place {
            ship: mine,
            at: Hex::new(i32::MAX, i32::MIN),
            facing: Dir::N,
        },
        Action::EndRepairs,
    ];
    let before = g.state_hash();
    for a in bad {
        assert!(g.apply(seat, &a).is_err(), "{a:?}");
    }
    assert_eq!(g.state_hash(), before);
    play(
        &mut g,
        seat,
        Action::Place {
            ship: mine,
            at: off(13, 11),
            facing: Dir::Se,
        },
    );
}

// ---------------------------------------------------------------- initiative

/// Seed "A) Initiative": "Andy, Eli and Aaron roll 8, 3 and 3 respectively. Eli and
/// Aaron roll off and Eli wins. … The order this turn from lowest to highest is:
/// Aaron, Eli then Andy." (LF-06: ties roll 1D6, higher places above.)
#[test]
fn lf06_initiative_seed_example() {
    let one = || vec![design("S", 1, 0, 0, 2, 2)];
    let s = scenario(vec![one(), one(), one()]); // Andy 0, Eli 1, Aaron 2
    let mut g = LaunchFighters::setup(&s, 9).unwrap();
    // Andy 4+4, Eli 1+2, Aaron 2+1; roll-off Eli 5, Aaron 2.
    let ev = place_all(&mut g, &[4, 4, 1, 2, 2, 1, 5, 2], |_| 0);
    let (andy, eli, aaron) = (Seat(0), Seat(1), Seat(2));
    assert_eq!(g.order, vec![aaron, eli, andy]);
    assert_eq!(
        g.players.iter().map(|p| p.initiative).collect::<Vec<_>>(),
        vec![8, 3, 3]
    );
    assert!(ev.contains(&Event::Initiative {
        rolls: vec![(andy, 8), (eli, 3), (aaron, 3)],
        rolloffs: vec![(eli, 5), (aaron, 2)],
        order: vec![aaron, eli, andy],
    }));
}

/// LF-06: "repeat among those still tied".
#[test]
fn lf06_roll_offs_repeat_while_tied() {
    let one = || vec![design("S", 1, 0, 0, 2, 2)];
    let s = scenario(vec![one(), one()]);
    let mut g = LaunchFighters::setup(&s, 9).unwrap();
    place_all(&mut g, &[3, 3, 2, 4, 4, 4, 6, 1], |_| 0);
    assert_eq!(g.order, vec![Seat(1), Seat(0)]);
}

/// LF-19 Sensors: "initiative bonus = highest Sensors level among the player's ships
/// on the map" — a retreated ship's sensors no longer count.
#[test]
fn lf19_sensors_bonus_counts_ships_on_the_map_only() {
    let mut sb = Sandbox::new(2);
    damaged_repairer(&mut sb, 0, 5, 5);
    let mut big = design("Big eyes", 1, 0, 0, 2, 2);
    big.addons.sensors = 3;
    let gone = sb.ship(1, big, 10, 10, Dir::N);
    let mut small = design("Small eyes", 1, 0, 0, 2, 2);
    small.addons.sensors = 1;
    sb.ship(1, small, 12, 12, Dir::N);
    sb.state().units[gone.index()].location = Location::Retreated;
    sb.state().phase = Phase::Recovery;
    let mut g = sb.build();
    g.rng.force(&[1, 1, 1, 1]);
    let ev = play(&mut g, Seat(0), Action::EndRepairs);
    assert_eq!(g.players[0].initiative, 2);
    assert_eq!(
        g.players[1].initiative, 3,
        "2 + the sensors 1 still on the map"
    );
    assert_eq!(g.order, vec![Seat(0), Seat(1)]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::TurnStarted { turn: 2 })));
}

// ---------------------------------------------------------------- movement

/// Seed "B) Movement" example: Andy (three Move-2 ships, highest initiative), Eli (one
/// Move-3 ship, middle), Aaron (two Move-3 ships, lowest). "Andy moves all three of his
/// ships" in step 2; in step 3 "Aaron must move one ship first, then Eli moves his one
/// ship, and then the Aaron moves his other ship." (LF-08 round-robin.)
#[test]
fn lf08_three_player_movement_example() {
    let (andy, eli, aaron) = (0u8, 1u8, 2u8);
    let mut sb = Sandbox::new(3);
    for k in 0..3 {
        sb.ship(andy, design("Andy", 1, 0, 0, 3, 2), 4 + 2 * k, 4, Dir::S);
    }
    sb.ship(eli, design("Eli", 1, 0, 0, 3, 3), 13, 18, Dir::N);
    for k in 0..2 {
        sb.ship(
            aaron,
            design("Aaron", 1, 0, 0, 3, 3),
            20 + 2 * k,
            10,
            Dir::Nw,
        );
    }
    sb.state().order = vec![Seat(aaron), Seat(eli), Seat(andy)];
    sb.state().phase = Phase::Movement { step: 2 };
    let mut g = sb.build();
    let mut movers = Vec::new();
    let mut steps = Vec::new();
    while let Phase::Movement { step } = g.phase {
        let seat = g.to_move()[0];
        let unit = g
            .units
            .iter()
            .find(|u| u.owner == seat && !u.moved && u.step() == step)
            .unwrap()
            .id;
        movers.push(seat.0);
        steps.push(step);
        // Moving 0 spaces counts as the unit's move (LF-08).
        let at = hex_of(&g, unit);
        play(&mut g, seat, mv(unit, at, Some(Dir::N)));
    }
    assert_eq!(movers, vec![andy, andy, andy, aaron, eli, aaron]);
    assert_eq!(steps, vec![2, 2, 2, 3, 3, 3]);
    assert!(matches!(g.phase, Phase::Attack { .. }));
}

/// Seed "How to Move": "A ship with move stat at level zero may change facing but
/// cannot change spaces." Ships must name a facing; squadrons must not.
#[test]
fn lf09_move_zero_changes_facing_only() {
    let mut sb = Sandbox::new(2);
    let rock = sb.ship(0, design("Rock", 3, 0, 0, 5, 0), 10, 10, Dir::N);
    sb.ship(1, design("Other", 3, 0, 0, 5, 2), 20, 10, Dir::N);
    let mut g = sb.build();
    let legal = g.legal_actions(Seat(0));
    assert_eq!(legal.len(), 6);
    assert!(legal
        .iter()
        .all(|a| matches!(a, Action::Move { to, boost: false, .. } if *to == off(10, 10))));
    let before = g.state_hash();
    assert!(g
        .apply(Seat(0), &mv(rock, off(10, 9), Some(Dir::N)))
        .is_err());
    assert!(g.apply(Seat(0), &mv(rock, off(10, 10), None)).is_err());
    assert_eq!(g.state_hash(), before);
    play(&mut g, Seat(0), mv(rock, off(10, 10), Some(Dir::Sw)));
    assert_eq!(g.units[rock.index()].ship().unwrap().facing, Dir::Sw);
    assert!(g.units[rock.index()].moved);
}

/// LF-09: up to Move spaces along on-map paths, through units but not moons or
/// planetoids; a ship may not end on another ship; squadrons (Move 5, no facing) may
/// not end on any unit. Every listed move passes the check and every rejected one
/// leaves the state alone.
#[test]
fn lf09_move_limits() {
    let mut sb = Sandbox::new(2);
    let a = sb.ship(0, design("A", 2, 0, 0, 3, 2), 10, 10, Dir::N);
    let blocker = sb.ship(1, design("B", 2, 0, 0, 3, 4), 10, 8, Dir::S);
    let sq = sb.squadron(1, blocker, 5, 5);
    sb.terrain(TerrainKind::Moon, 11, 10); // south-east of A
    sb.state().phase = Phase::Movement { step: 2 };
    let mut g = sb.build();
    let legal = g.legal_actions(Seat(0));
    let dests: Vec<Hex> = legal
        .iter()
        .map(|x| match x {
            Action::Move { to, .. } => *to,
            _ => panic!(),
        })
        .collect();
    let start = off(10, 10);
    assert!(dests.iter().all(|h| h.distance(start) <= 2));
    assert!(!dests.contains(&off(10, 8)), "may not end on another ship");
    assert!(!dests.contains(&off(11, 10)), "may not enter a moon");
    assert!(
        !dests.contains(&start.steps(Dir::Se, 2)),
        "the only 2-space path there crosses the moon"
    );
    assert!(dests.contains(&off(10, 9)));
    assert!(dests.contains(&off(10, 10)), "stay");
    // 19 hexes within 2, minus the ship, the moon and the hex behind it; × 6 facings.
    assert_eq!(legal.len(), 16 * 6);
    let before = g.state_hash();
    for bad in [
        mv(a, off(10, 7), Some(Dir::N)),           // 3 away
        mv(a, off(10, 8), Some(Dir::N)),           // on a ship
        mv(a, off(11, 10), Some(Dir::N)),          // moon
        mv(UnitId(999), off(10, 9), Some(Dir::N)), // no such unit
        mv(blocker, off(10, 7), Some(Dir::N)),     // not seat 0's
        mv(sq, off(5, 6), None),                   // not seat 0's, not in step
        mv(a, Hex::new(i32::MAX, i32::MAX), Some(Dir::N)),
        Action::Push { to: off(10, 9) },
        Action::Repair { ship: a },
    ] {
        assert!(g.apply(Seat(0), &bad).is_err(), "{bad:?}");
    }
    assert_eq!(g.state_hash(), before);
    // Passing through a ship is fine: go 2 north via the blocker's own column.
    let mut sb = Sandbox::new(2);
    let a = sb.ship(0, design("A", 2, 0, 0, 3, 2), 10, 10, Dir::N);
    sb.ship(1, design("B", 2, 0, 0, 3, 4), 10, 9, Dir::S);
    sb.state().phase = Phase::Movement { step: 2 };
    let mut g = sb.build();
    let ev = play(&mut g, Seat(0), mv(a, off(10, 8), Some(Dir::N)));
    assert!(ev.contains(&Event::Moved {
        unit: a,
        path: vec![off(10, 10), off(10, 9), off(10, 8)],
        facing: Some(Dir::N),
    }));
}

/// LF-08/LF-09 squadrons: step 5, Move 5, no facing, may not end on any unit.
#[test]
fn lf09_squadrons_move_five_without_facing() {
    let mut sb = Sandbox::new(2);
    let host = sb.ship(0, design("Host", 1, 0, 1, 3, 3), 3, 3, Dir::N);
    let sq = sb.squadron(0, host, 10, 10);
    sb.squadron(1, host, 10, 8);
    sb.ship(1, design("E", 1, 0, 0, 3, 3), 20, 20, Dir::N);
    for u in sb.state().units.iter_mut() {
        if u.is_ship() {
            u.moved = true;
        }
    }
    sb.state().phase = Phase::Movement { step: 5 };
    let mut g = sb.build();
    assert_eq!(g.to_move(), vec![Seat(0)]);
    let legal = g.legal_actions(Seat(0));
    assert!(legal.iter().all(|a| matches!(
        a,
        Action::Move {
            facing: None,
            boost: false,
            warp: false,
            ..
        }
    )));
    assert!(legal.iter().all(|a| matches!(a, Action::Move { to, .. } if to.distance(off(10, 10)) <= 5 && *to != off(10, 8))));
    assert!(
        g.apply(Seat(0), &mv(sq, off(10, 8), None)).is_err(),
        "ends on a unit"
    );
    assert!(
        g.apply(Seat(0), &mv(sq, off(10, 9), Some(Dir::N))).is_err(),
        "no facing"
    );
    play(&mut g, Seat(0), mv(sq, off(10, 5), None));
    assert_eq!(hex_of(&g, sq), off(10, 5));
    assert_eq!(
        g.to_move(),
        vec![Seat(1)],
        "then the other player's squadron"
    );
}

/// Seed "Example: A Bold Move": "Ship #1 has a move stat of 2. It moves two spaces
/// directly ahead through the enemy ship's space and stops in a space with an enemy
/// fighter squadron. The fighter squadron is pushed away to any adjacent open space of
/// the fighter owner's choice." (LF-09)
#[test]
fn lf09_a_bold_move_pushes_the_squadron() {
    let start = off(10, 12);
    let enemy_at = start.step(Dir::N);
    let stop = enemy_at.step(Dir::N);
    let mut sb = Sandbox::new(2);
    let (c, r) = start.to_offset();
    let ship1 = sb.ship(0, design("Ship #1", 2, 0, 0, 3, 2), c, r, Dir::N);
    let (c, r) = enemy_at.to_offset();
    let enemy = sb.ship(1, design("Enemy", 2, 0, 1, 3, 3), c, r, Dir::S);
    let (c, r) = stop.to_offset();
    let fighter = sb.squadron(1, enemy, c, r);
    sb.state().phase = Phase::Movement { step: 2 };
    let mut g = sb.build();
    play(&mut g, Seat(0), mv(ship1, stop, Some(Dir::N)));
    assert_eq!(
        g.pending.last().map(|p| (&p.decision, p.seat)),
        Some((
            &Decision::Push {
                squadron: fighter,
                pusher: Seat(0)
            },
            Seat(1)
        ))
    );
    assert_eq!(g.to_move(), vec![Seat(1)], "the fighter's owner chooses");
    let legal = g.legal_actions(Seat(1));
    let expect: Vec<Action> = stop
        .neighbours()
        .into_iter()
        .filter(|&h| h != enemy_at)
        .map(|to| Action::Push { to })
        .collect();
    assert_eq!(legal, expect, "any adjacent open space");
    assert!(g.apply(Seat(1), &Action::Push { to: enemy_at }).is_err());
    let to = stop.step(Dir::Ne);
    let ev = play(&mut g, Seat(1), Action::Push { to });
    assert!(ev.contains(&Event::Pushed {
        squadron: fighter,
        to
    }));
    assert_eq!(hex_of(&g, fighter), to);
    assert_eq!(hex_of(&g, ship1), stop);
    assert!(g.pending.is_empty());
}

/// LF-09: "none → return to base (LF-14), elimination credited to the pushing ship's
/// owner".
#[test]
fn lf09_push_with_no_empty_space_returns_to_base_or_eliminates() {
    for with_host in [false, true] {
        let x = off(12, 12);
        let mut sb = Sandbox::new(2);
        // Surround x with ships; the pusher comes from beyond the northern one.
        let ring: Vec<Hex> = x.neighbours().to_vec();
        let mut ids = Vec::new();
        for (k, h) in ring.iter().enumerate() {
            let (c, r) = h.to_offset();
            let d = if with_host && k == 3 {
                design("Host", 1, 0, 1, 3, 3)
            } else {
                design("Wall", 1, 0, 0, 3, 3)
            };
            ids.push(sb.ship(1, d, c, r, Dir::N));
        }
        let from = ring[0].step(Dir::N);
        let (c, r) = from.to_offset();
        let pusher = sb.ship(0, design("Pusher", 1, 0, 0, 3, 2), c, r, Dir::S);
        let (c, r) = x.to_offset();
        let sq = sb.squadron(1, ids[0], c, r);
        sb.state().phase = Phase::Movement { step: 2 };
        let mut g = sb.build();
        let ev = play(&mut g, Seat(0), mv(pusher, x, Some(Dir::S)));
        if with_host {
            assert_eq!(g.units[sq.index()].location, Location::Aboard(ids[3]));
            assert!(!g.units[sq.index()].squadron().unwrap().active);
            assert!(ev.contains(&Event::ReturnedToBase {
                squadron: sq,
                host: ids[3]
            }));
        } else {
            assert_eq!(g.units[sq.index()].location, Location::Eliminated);
            assert_eq!(g.units[sq.index()].eliminated_by, Some(Seat(0)));
            assert!(ev.contains(&Event::SquadronEliminated {
                squadron: sq,
                by: Some(Seat(0))
            }));
        }
    }
}

/// Seat 0's ship "A" (Move 3) at `start` facing north with an asteroid hex just north
/// of it, seat 1's "B" far off, in movement step 3. Returns the game and A.
fn asteroid_ahead(start: Hex) -> (LaunchFighters, UnitId) {
    let mut sb = Sandbox::new(2);
    let (c, r) = start.to_offset();
    let a = sb.ship(0, design("A", 2, 0, 0, 3, 3), c, r, Dir::N);
    sb.ship(1, design("B", 2, 0, 0, 3, 4), 20, 20, Dir::N);
    let (c, r) = start.step(Dir::N).to_offset();
    sb.terrain(TerrainKind::Asteroid, c, r);
    sb.state().phase = Phase::Movement { step: 3 };
    (sb.build(), a)
}

/// Seed "Asteroids": "Upon entering each asteroid space one die must be rolled for the
/// unit entering. On a roll of 4, 5 or 6 that unit takes a hit and may not continue
/// movement this turn. The owner must choose one stat and reduce it by 1."
#[test]
fn lf09_asteroid_hit_ends_the_move() {
    let start = off(10, 12);
    let rock = start.step(Dir::N);
    let goal = start.steps(Dir::N, 3); // only the straight line fits in Move 3
                                       // Hit: the move ends in the asteroid hex; the owner owes a one-level reduction.
    let (mut g, a) = asteroid_ahead(start);
    g.rng.force(&[4]);
    let ev = play(&mut g, Seat(0), mv(a, goal, Some(Dir::N)));
    assert!(ev.contains(&Event::AsteroidRoll {
        unit: a,
        roll: 4,
        hit: true
    }));
    assert!(ev.contains(&Event::Moved {
        unit: a,
        path: vec![start, rock],
        facing: Some(Dir::N)
    }));
    assert_eq!(hex_of(&g, a), rock);
    assert_eq!(
        g.pending.last().map(|p| (&p.decision, p.seat)),
        Some((
            &Decision::ReduceStats {
                ship: a,
                levels: 1,
                credited: None
            },
            Seat(0)
        ))
    );
    assert_eq!(g.to_move(), vec![Seat(0)]);
    // Miss: on to the destination.
    let (mut g, a) = asteroid_ahead(start);
    g.rng.force(&[3]);
    let ev = play(&mut g, Seat(0), mv(a, goal, Some(Dir::N)));
    assert!(ev.contains(&Event::AsteroidRoll {
        unit: a,
        roll: 3,
        hit: false
    }));
    assert_eq!(hex_of(&g, a), goal);
    assert!(g.pending.is_empty());
}

/// LF-09: "Fighters hit by asteroids must be flipped"; the move ends there.
#[test]
fn lf09_asteroid_flips_a_squadron() {
    let start = off(10, 12);
    let rock = start.step(Dir::S);
    let goal = start.steps(Dir::S, 5);
    let mut sb = Sandbox::new(2);
    let host = sb.ship(0, design("Host", 1, 0, 1, 3, 3), 3, 3, Dir::N);
    let (c, r) = start.to_offset();
    let sq = sb.squadron(0, host, c, r);
    let e = sb.ship(1, design("E", 1, 0, 0, 3, 3), 20, 3, Dir::N);
    let (c, r) = rock.to_offset();
    sb.terrain(TerrainKind::Asteroid, c, r);
    for id in [host, e] {
        sb.state().units[id.index()].moved = true;
    }
    sb.state().phase = Phase::Movement { step: 5 };
    let mut g = sb.build();
    g.rng.force(&[6]);
    let ev = play(&mut g, Seat(0), mv(sq, goal, None));
    assert!(ev.contains(&Event::SquadronFlipped { squadron: sq }));
    assert_eq!(hex_of(&g, sq), rock);
    assert!(!g.units[sq.index()].squadron().unwrap().active);
}

/// LF-09: "if it ends in a hex where it may not end, it backs up along its path to the
/// last hex where it may."
#[test]
fn lf09_asteroid_hit_on_a_ship_backs_up() {
    let start = off(10, 12);
    let rock = start.step(Dir::N);
    let mut sb = Sandbox::new(2);
    let (c, r) = start.to_offset();
    let a = sb.ship(0, design("A", 2, 0, 0, 3, 3), c, r, Dir::N);
    let (c, r) = rock.to_offset();
    sb.ship(1, design("Parked", 2, 0, 0, 3, 4), c, r, Dir::N);
    sb.terrain(TerrainKind::Asteroid, c, r);
    sb.state().phase = Phase::Movement { step: 3 };
    let mut g = sb.build();
    g.rng.force(&[5]);
    let ev = play(&mut g, Seat(0), mv(a, start.steps(Dir::N, 3), Some(Dir::N)));
    assert!(ev.contains(&Event::Moved {
        unit: a,
        path: vec![start],
        facing: Some(Dir::N)
    }));
    assert_eq!(hex_of(&g, a), start);
    assert!(matches!(
        g.pending.last().map(|p| &p.decision),
        Some(Decision::ReduceStats { .. })
    ));
}

/// LFO-01: the engine takes the path entering the fewest asteroid hexes, then the
/// shortest, ties by direction order N, NE, SE, S, SW, NW.
#[test]
fn lfo01_path_avoids_asteroids_when_it_can() {
    let start = off(10, 12);
    let goal = start.steps(Dir::N, 2);
    let (mut g, a) = asteroid_ahead(start);
    let draws = g.rng.draws();
    let ev = play(&mut g, Seat(0), mv(a, goal, Some(Dir::N)));
    assert_eq!(g.rng.draws(), draws, "no asteroid entered, no die");
    let ne = start.step(Dir::Ne);
    assert!(ev.contains(&Event::Moved {
        unit: a,
        path: vec![start, ne, ne.step(Dir::N), goal],
        facing: Some(Dir::N),
    }));
}

/// Seed "Boosters" and LFO-02: one extra space, once per turn, crossed off; only when
/// the move needs exactly Move + 1 spaces; never with Move 0.
#[test]
fn lf09_booster_gives_one_extra_space() {
    let mut sb = Sandbox::new(2);
    let mut d = design("Booster", 2, 0, 0, 3, 2);
    d.addons.boosters = 2;
    let a = sb.ship(0, d, 10, 12, Dir::N);
    sb.ship(1, design("B", 2, 0, 0, 3, 4), 20, 20, Dir::N);
    sb.state().phase = Phase::Movement { step: 2 };
    let mut g = sb.build();
    let legal = g.legal_actions(Seat(0));
    let boosted = legal
        .iter()
        .filter(|x| matches!(x, Action::Move { boost: true, .. }))
        .count();
    assert_eq!(boosted, 18 * 6, "the ring at distance 3");
    let three = off(10, 9);
    let boost = |to: Hex, boost: bool| Action::Move {
        unit: a,
        to,
        facing: Some(Dir::N),
        boost,
        warp: false,
    };
    let before = g.state_hash();
    assert!(
        g.apply(Seat(0), &boost(three, false)).is_err(),
        "3 spaces need the booster"
    );
    assert!(
        g.apply(Seat(0), &boost(off(10, 10), true)).is_err(),
        "LFO-02: not needed"
    );
    assert!(
        g.apply(Seat(0), &boost(off(10, 8), true)).is_err(),
        "one booster, one space"
    );
    assert_eq!(g.state_hash(), before);
    let ev = play(&mut g, Seat(0), boost(three, true));
    assert!(ev.contains(&Event::BoosterUsed { unit: a }));
    let s = g.units[a.index()].ship().unwrap();
    assert_eq!((s.boosters_left, s.used_booster_this_turn), (1, true));
    assert_eq!(s.stats.mv, 2, "boosters do not change Move");
    assert_eq!(hex_of(&g, a), three);

    // "If your ship's move is zero you can't use a booster."
    let mut sb = Sandbox::new(2);
    let mut d = design("Stuck", 2, 0, 0, 3, 0);
    d.addons.boosters = 1;
    let z = sb.ship(0, d, 10, 12, Dir::N);
    sb.ship(1, design("B", 2, 0, 0, 3, 4), 20, 20, Dir::N);
    let mut g = sb.build();
    no_move_with(&mut g, Extra::Booster, z, off(10, 11));
}

// ---------------------------------------------------------------- recovery

/// Put a sandbox into the recovery phase with seat 1 owning a damaged repair ship,
/// so that an action (seat 1's EndRepairs) runs the end of the phase.
fn recovery_sandbox(sb: &mut Sandbox) -> UnitId {
    let fixer = damaged_repairer(sb, 1, 13, 11);
    sb.state().phase = Phase::Recovery;
    sb.state().order = vec![Seat(1), Seat(0)];
    fixer
}

/// Seed "Warp Drive": "declare on a ship's move phase that in addition to moving it is
/// activating warp drive. At the end of the entire turn, if that ship still has move
/// stat of 1 or more, warp drive is engaged and the ship retreats from the board."
/// Squadrons aboard leave with it.
#[test]
fn lf19_warp_declared_then_out_at_the_end_of_the_turn() {
    let mut sb = Sandbox::new(2);
    let mut d = design("Swift", 1, 0, 1, 3, 3);
    d.addons.warp = 1;
    d.squadrons = 1;
    let swift = sb.ship(0, d, 8, 8, Dir::N);
    let aboard = sb.aboard(0, swift);
    let stay = sb.ship(0, design("Stays", 2, 0, 0, 3, 2), 6, 8, Dir::N);
    let fixer = recovery_sandbox(&mut sb);
    for id in [stay, fixer] {
        sb.state().units[id.index()].moved = true;
    }
    sb.state().phase = Phase::Movement { step: 3 };
    sb.state().order = vec![Seat(0), Seat(1)];
    let mut g = sb.build();
    assert!(g
        .legal_actions(Seat(0))
        .iter()
        .any(|a| matches!(a, Action::Move { warp: true, .. })));
    let ev = play(
        &mut g,
        Seat(0),
        Action::Move {
            unit: swift,
            to: off(8, 7),
            facing: Some(Dir::N),
            boost: false,
            warp: true,
        },
    );
    assert!(ev.contains(&Event::WarpDeclared { unit: swift }));
    assert!(g.units[swift.index()].ship().unwrap().warp_declared);
    // The attack phase is another module's; jump to the recovery phase.
    g.phase = Phase::Recovery;
    g.cursor = 0;
    g.activation = None;
    let ev = play(&mut g, Seat(1), Action::EndRepairs);
    assert!(ev.contains(&Event::WarpedOut { ship: swift }));
    assert_eq!(g.units[swift.index()].location, Location::Retreated);
    assert_eq!(g.units[aboard.index()].location, Location::Aboard(swift));
    assert!(matches!(g.units[stay.index()].location, Location::OnMap(_)));
    assert_eq!(g.turn, 2);
}

/// LF-19: a ship without warp drive may not declare it; nor may a squadron.
#[test]
fn lf19_no_warp_without_the_add_on() {
    let mut sb = Sandbox::new(2);
    let a = sb.ship(0, design("A", 1, 0, 0, 3, 2), 8, 8, Dir::N);
    sb.ship(1, design("B", 1, 0, 0, 3, 3), 20, 8, Dir::N);
    sb.state().phase = Phase::Movement { step: 2 };
    let mut g = sb.build();
    no_move_with(&mut g, Extra::Warp, a, off(8, 8));
}

/// Seed "D) Recovery" 3): "Any unit capable of moving and adjacent to the edge of the
/// board … must "retreat". Remove that unit from the board; it may not return."
/// (LF-16: ship Move ≥ 1, any squadron.)
#[test]
fn lf16_units_on_the_edge_retreat() {
    let mut sb = Sandbox::new(2);
    let mut d = design("Edge", 1, 0, 1, 3, 2);
    d.squadrons = 1;
    let edge = sb.ship(0, d, 0, 5, Dir::N);
    let aboard = sb.aboard(0, edge);
    let stuck = sb.ship(0, design("Stuck", 1, 0, 0, 3, 0), 26, 5, Dir::N);
    let inside = sb.ship(0, design("Inside", 1, 0, 0, 3, 2), 1, 5, Dir::N);
    let sq = sb.squadron(1, edge, 13, 23);
    recovery_sandbox(&mut sb);
    let mut g = sb.build();
    let ev = play(&mut g, Seat(1), Action::EndRepairs);
    assert!(ev.contains(&Event::Retreated { unit: edge }));
    assert!(ev.contains(&Event::Retreated { unit: sq }));
    assert_eq!(g.units[edge.index()].location, Location::Retreated);
    assert_eq!(g.units[aboard.index()].location, Location::Aboard(edge));
    assert_eq!(g.units[sq.index()].location, Location::Retreated);
    assert!(
        matches!(g.units[stuck.index()].location, Location::OnMap(_)),
        "Move 0 cannot move"
    );
    assert!(matches!(
        g.units[inside.index()].location,
        Location::OnMap(_)
    ));
}

/// Seed "D) Recovery" 1): "Any fighters that are upside-down (incapacitated) recover
/// unharmed and return to capable status." Runs when the attack phase ends (here the
/// attack steps are empty because every unit already counts as activated).
#[test]
fn lf16_inactive_squadrons_recover() {
    let mut sb = Sandbox::new(2);
    let mover = sb.ship(0, design("Mover", 1, 0, 1, 3, 3), 10, 10, Dir::N);
    let on_map = sb.squadron(0, mover, 12, 12);
    let aboard = sb.aboard(0, mover);
    let fixer = damaged_repairer(&mut sb, 1, 15, 15);
    for u in sb.state().units.iter_mut() {
        u.activated = true;
        if let Some(s) = u.squadron_mut() {
            s.active = false;
        }
    }
    sb.state().units[fixer.index()].moved = true;
    sb.state().phase = Phase::Movement { step: 3 };
    let mut g = sb.build();
    let ev = play(&mut g, Seat(0), mv(mover, off(10, 10), Some(Dir::N)));
    assert!(ev.contains(&Event::SquadronsRecovered { count: 2 }));
    assert_eq!(g.phase, Phase::Recovery);
    for id in [on_map, aboard] {
        assert!(g.units[id.index()].squadron().unwrap().active);
    }
    assert_eq!(g.to_move(), vec![Seat(1)], "the repair-capable player");
}

/// Seed "Repair": "Roll one die per ship. If it turns up 4, 5 or 6 then raise one stat
/// one level, but not above its original level." One Repair level crossed off per
/// attempt; "Only one repair may be used per ship per turn."
#[test]
fn lf16_repair_success_and_failure() {
    // Success.
    let mut sb = Sandbox::new(2);
    sb.ship(0, design("Other", 1, 0, 0, 3, 2), 5, 5, Dir::N);
    let fixer = recovery_sandbox(&mut sb);
    let mut g = sb.build();
    let legal = g.legal_actions(Seat(1));
    assert_eq!(
        legal,
        vec![Action::Repair { ship: fixer }, Action::EndRepairs]
    );
    g.rng.force(&[4]);
    let ev = play(&mut g, Seat(1), Action::Repair { ship: fixer });
    assert!(ev.contains(&Event::RepairRoll {
        ship: fixer,
        roll: 4,
        success: true
    }));
    assert_eq!(
        g.legal_actions(Seat(1)),
        vec![Action::RepairStat {
            stat: Stat::Cannons
        }]
    );
    assert!(
        g.apply(
            Seat(1),
            &Action::RepairStat {
                stat: Stat::Defense
            }
        )
        .is_err(),
        "not above original"
    );
    let ev = play(
        &mut g,
        Seat(1),
        Action::RepairStat {
            stat: Stat::Cannons,
        },
    );
    assert!(ev.contains(&Event::StatRaised {
        ship: fixer,
        stat: Stat::Cannons,
        to: 2
    }));
    let s = g.units[fixer.index()].ship().unwrap();
    assert_eq!((s.stats.cannons, s.repair_left), (2, 1));
    assert_eq!(g.turn, 2, "one repair per ship per turn: recovery is over");

    // Failure.
    let mut sb = Sandbox::new(2);
    sb.ship(0, design("Other", 1, 0, 0, 3, 2), 5, 5, Dir::N);
    let fixer = recovery_sandbox(&mut sb);
    let mut g = sb.build();
    g.rng.force(&[3]);
    let ev = play(&mut g, Seat(1), Action::Repair { ship: fixer });
    assert!(ev.contains(&Event::RepairRoll {
        ship: fixer,
        roll: 3,
        success: false
    }));
    let s = g.units[fixer.index()].ship().unwrap();
    assert_eq!((s.stats.cannons, s.repair_left), (1, 1));
}

/// Seed "Repair": "Players use repair … in initiative sequence, lowest first. Each
/// player rolls for all their ships before going to the next player."
#[test]
fn lf16_repairs_in_ascending_initiative() {
    let mut sb = Sandbox::new(2);
    let a1 = damaged_repairer(&mut sb, 0, 5, 5);
    let a2 = damaged_repairer(&mut sb, 0, 7, 5);
    let b = damaged_repairer(&mut sb, 1, 15, 15);
    let healthy = {
        let mut d = design("Healthy", 1, 0, 0, 3, 2);
        d.addons.repair = 1;
        sb.ship(1, d, 17, 15, Dir::N)
    };
    sb.state().phase = Phase::Recovery;
    sb.state().order = vec![Seat(0), Seat(1)];
    let mut g = sb.build();
    assert_eq!(g.to_move(), vec![Seat(0)]);
    g.rng.force(&[1]);
    play(&mut g, Seat(0), Action::Repair { ship: a1 });
    assert_eq!(g.to_move(), vec![Seat(0)], "all his ships first");
    assert!(
        g.apply(Seat(0), &Action::Repair { ship: a1 }).is_err(),
        "once per turn"
    );
    play(&mut g, Seat(0), Action::EndRepairs);
    assert_eq!(g.to_move(), vec![Seat(1)]);
    assert!(!g.units[a2.index()].ship().unwrap().repaired_this_turn);
    assert!(
        g.apply(Seat(1), &Action::Repair { ship: healthy }).is_err(),
        "nothing to repair"
    );
    assert!(
        g.apply(Seat(1), &Action::Repair { ship: a2 }).is_err(),
        "not his ship"
    );
    assert_eq!(
        g.legal_actions(Seat(1)),
        vec![Action::Repair { ship: b }, Action::EndRepairs]
    );
}

// ---------------------------------------------------------------- victory

/// LF-17 (a): "There is only one fleet left on the map that contains a unit capable of
/// moving or rolling a barrage." Checked at the start of a turn.
#[test]
fn lf17_game_ends_when_one_fleet_can_act() {
    let mut sb = Sandbox::new(2);
    // Seat 0's only ship: Defense only — cannot move or roll a barrage.
    sb.ship(0, design("Hulk", 0, 0, 0, 3, 0), 5, 5, Dir::N);
    recovery_sandbox(&mut sb);
    let mut g = sb.build();
    let ev = play(&mut g, Seat(1), Action::EndRepairs);
    assert_eq!(g.phase, Phase::Over);
    let out = g.outcome().unwrap();
    assert_eq!(out.winners, vec![Seat(1)]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::GameOver { winners, .. } if winners == &vec![Seat(1)])));
    assert!(g.to_move().is_empty());
    assert!(g.legal_actions(Seat(1)).is_empty());
}

/// LF-17 (b): no barrage or dogfight in the last 3 turns ends the battle; (d) so does
/// the turn limit.
#[test]
fn lf17_stalemate_and_turn_limit() {
    for (quiet, turn, ends) in [(2, 5, true), (1, 5, false), (0, 30, true), (0, 29, false)] {
        let mut sb = Sandbox::new(2);
        sb.ship(0, design("A", 1, 0, 0, 3, 2), 5, 5, Dir::N);
        recovery_sandbox(&mut sb);
        sb.state().quiet_turns = quiet;
        sb.state().turn = turn;
        let mut g = sb.build();
        play(&mut g, Seat(1), Action::EndRepairs);
        assert_eq!(g.outcome().is_some(), ends, "quiet {quiet}, turn {turn}");
    }
}

/// LF-17 victory points on a small finished position (half points kept exactly).
#[test]
fn lf17_scores_small_position() {
    let mut sb = Sandbox::new(2);
    let mut carrier = design("Carrier", 2, 0, 1, 4, 2);
    carrier.squadrons = 2;
    let s0 = sb.ship(0, carrier, 5, 5, Dir::N); // capable: 60 − 2 × 5 = 50
    let q1 = sb.squadron(0, s0, 6, 6); // on the map: 5
    let q2 = sb.aboard(0, s0); // aboard a capable host: 5
    let s1 = sb.ship(0, design("Drifter", 2, 0, 0, 4, 0), 8, 8, Dir::N); // Move 0: ½ × 41
    let s2 = sb.ship(0, design("Gone", 2, 0, 0, 4, 2), 9, 9, Dir::N); // retreated: ½ × 30
    let s3 = sb.ship(0, design("Lost", 2, 0, 0, 4, 2), 10, 9, Dir::N); // killed by seat 1: 25
    let mut big = design("Big", 2, 0, 1, 4, 2);
    big.squadrons = 2;
    let t0 = sb.ship(1, big, 15, 15, Dir::N); // killed by seat 0: 80 − 5 (one not with it)
    let r1 = sb.aboard(1, t0); // lost with it: inside its value
    let r2 = sb.squadron(1, t0, 16, 16); // flak kill by seat 0: 5
    let t1 = sb.ship(1, design("Survivor", 2, 0, 0, 4, 2), 17, 17, Dir::N); // 35
    let r3 = sb.squadron(1, t1, 18, 18); // retreated squadron: 0
    let r4 = sb.squadron(1, t1, 19, 19); // pushed off by its own side: nobody
    let g = sb.state();
    let costs = [(s0, 60), (s1, 41), (s2, 30), (s3, 25), (t0, 80), (t1, 35)];
    for (id, c) in costs {
        g.units[id.index()].ship_mut().unwrap().cost = c;
    }
    let _ = (q1, q2);
    g.units[s2.index()].location = Location::Retreated;
    g.units[s3.index()].location = Location::Eliminated;
    g.units[s3.index()].eliminated_by = Some(Seat(1));
    g.units[r2.index()].location = Location::Eliminated;
    g.units[r2.index()].eliminated_by = Some(Seat(0));
    g.units[t0.index()].location = Location::Eliminated;
    g.units[t0.index()].eliminated_by = Some(Seat(0));
    g.units[r1.index()].location = Location::Eliminated;
    g.units[r1.index()].eliminated_by = Some(Seat(0));
    g.units[r1.index()].squadron_mut().unwrap().lost_with_host = Some(t0);
    g.units[r3.index()].location = Location::Retreated;
    g.units[r4.index()].location = Location::Eliminated;
    g.units[r4.index()].eliminated_by = Some(Seat(1));
    let g = sb.build();
    let expect0 = 50.0 + 5.0 + 5.0 + 20.5 + 15.0 + 75.0 + 5.0;
    let expect1 = 35.0 + 25.0;
    assert_eq!(g.scores(), vec![expect0, expect1]);
}

/// LF-17: squadrons aboard count with their host's status; an incapable ship (no
/// barrage, no bays) is worth half.
#[test]
fn lf17_squadrons_aboard_share_the_hosts_status() {
    let mut sb = Sandbox::new(2);
    let mut d = design("Empty carrier", 0, 0, 1, 4, 0); // Move 0: incapable
    d.squadrons = 1;
    let host = sb.ship(0, d, 5, 5, Dir::N);
    sb.aboard(0, host);
    sb.ship(1, design("Other", 1, 0, 0, 3, 2), 15, 15, Dir::N);
    let g = sb.state();
    g.units[host.index()].ship_mut().unwrap().cost = 31; // value 26
    g.units[2].ship_mut().unwrap().cost = 10;
    let g = sb.build();
    assert_eq!(g.scores(), vec![13.0 + 2.5, 10.0]);
}

// ---------------------------------------------------------------- contract

/// Random play through placement and movement: every listed action applies, every
/// mutated unlisted action is rejected with the state unchanged.
#[test]
fn placement_and_movement_keep_the_contract() {
    let mut carrier = design("Carrier", 1, 0, 2, 4, 3);
    carrier.squadrons = 2;
    let mut booster = design("Booster", 2, 0, 0, 3, 2);
    booster.addons.boosters = 1;
    booster.addons.warp = 1;
    for players in [2usize, 3, 6] {
        let mut s = scenario(vec![
            vec![
                carrier.clone(),
                booster.clone(),
                design("Still", 3, 0, 0, 3, 0)
            ];
            players
        ]);
        for (c, r) in [(13, 8), (12, 9), (14, 9), (13, 14), (10, 11)] {
            s.terrain.push(Terrain {
                kind: TerrainKind::Asteroid,
                col: c,
                row: r,
            });
        }
        s.terrain.push(Terrain {
            kind: TerrainKind::Moon,
            col: 16,
            row: 11,
        });
        for seed in 0..4u64 {
            let mut g = LaunchFighters::setup(&s, seed).unwrap();
            let mut pick = orrery_core::Rng::seed_from(seed + 100);
            let mut steps = 0;
            while matches!(g.phase, Phase::Placement | Phase::Movement { .. })
                && g.pending
                    .iter()
                    .all(|p| matches!(p.decision, Decision::Push { .. }))
            {
                let seat = g.to_move()[0];
                let legal = g.legal_actions(seat);
                assert!(
                    !legal.is_empty(),
                    "seat {seat} to move with no legal action"
                );
                for a in legal.iter().take(3) {
                    let mut c = g.clone();
                    c.apply(seat, a).unwrap();
                }
                for k in 0..6 {
                    let base = serde_json::to_value(&legal[(k * 7) % legal.len()]).unwrap();
                    let m = orrery_core::conformance::mutate(&base, &mut pick);
                    if let Ok(a) = serde_json::from_value::<Action>(m) {
                        if !legal.contains(&a) {
                            let h = g.state_hash();
                            assert!(g.apply(seat, &a).is_err(), "unlisted {a:?} accepted");
                            assert_eq!(g.state_hash(), h);
                        }
                    }
                }
                let a = legal[pick.index(legal.len())].clone();
                g.apply(seat, &a).unwrap();
                steps += 1;
                assert!(steps < 1000);
            }
        }
    }
}

/// LFO-06: a moon on the centre space sends the first flagship to the nearest free
/// hexes; LFO-05: no ship is ever placed on an edge hex.
#[test]
fn lfo_p3_blocked_centre_and_lfo_p2_no_edge_placement() {
    let mut s = scenario(vec![
        vec![design("A", 1, 0, 0, 2, 2)],
        vec![design("B", 1, 0, 0, 2, 2)],
    ]);
    s.terrain.push(Terrain {
        kind: TerrainKind::Moon,
        col: 13,
        row: 11,
    });
    let g = LaunchFighters::setup(&s, 1).unwrap();
    let seat = g.to_move()[0];
    let mut hexes: Vec<Hex> = g
        .legal_actions(seat)
        .iter()
        .map(|a| match a {
            Action::Place { at, .. } => *at,
            _ => panic!(),
        })
        .collect();
    hexes.dedup();
    let mut ring = off(13, 11).neighbours().to_vec();
    ring.sort();
    hexes.sort();
    assert_eq!(hexes, ring);
}

/// LF-07 fallbacks: on small maps where "exactly 10 in a straight line" cannot fit
/// everyone, placement still completes, never on an edge hex, never stacked.
#[test]
fn lf07_placement_fallbacks_on_small_maps() {
    for (cols, rows, players) in [(24, 6, 6), (24, 12, 4), (6, 24, 5)] {
        let fleet = vec![
            design("A", 1, 0, 0, 2, 2),
            design("B", 1, 0, 0, 2, 2),
            design("C", 1, 0, 0, 2, 2),
        ];
        let mut s = scenario(vec![fleet; players]);
        s.cols = cols;
        s.rows = rows;
        for seed in 0..3 {
            let mut g = LaunchFighters::setup(&s, seed).unwrap();
            place_all(&mut g, &[], |k| k * 13 + seed as usize);
            let hexes: Vec<Hex> = g.units.iter().filter_map(|u| u.hex()).collect();
            let mut uniq = hexes.clone();
            uniq.sort();
            uniq.dedup();
            assert_eq!(uniq.len(), hexes.len(), "no stacking");
            assert!(hexes.iter().all(|&h| !g.map.is_edge(h)), "LFO-05");
            assert_eq!(hexes.len(), 3 * players);
        }
    }
}

/// LFO-08: with the optional rule "A ship may not move and/or fire in the turn it
/// engages warp", a warp declaration is a move of 0 spaces.
#[test]
fn lfo_p5_warp_option_forbids_moving() {
    let mut sb = Sandbox::new(2);
    let mut d = design("Swift", 1, 0, 0, 3, 3);
    d.addons.warp = 1;
    let swift = sb.ship(0, d, 8, 8, Dir::N);
    sb.ship(1, design("B", 1, 0, 0, 3, 2), 20, 8, Dir::N);
    sb.state().options.warp_no_move_fire = true;
    sb.state().phase = Phase::Movement { step: 3 };
    let mut g = sb.build();
    let legal = g.legal_actions(Seat(0));
    assert!(legal
        .iter()
        .all(|a| !matches!(a, Action::Move { warp: true, to, .. } if *to != off(8, 8))));
    let go = Action::Move {
        unit: swift,
        to: off(8, 7),
        facing: Some(Dir::N),
        boost: false,
        warp: true,
    };
    assert!(g.apply(Seat(0), &go).is_err());
    play(
        &mut g,
        Seat(0),
        Action::Move {
            unit: swift,
            to: off(8, 8),
            facing: Some(Dir::S),
            boost: false,
            warp: true,
        },
    );
}

/// Whole battles with random legal play (uses the attack phase): every battle ends;
/// at the start of each turn every squadron is right side up (LF-16 (1)) and no unit
/// that can move stands on an edge hex (LF-16 (3)).
#[test]
fn whole_random_battles_end_and_keep_recovery_invariants() {
    let mut carrier = design("Carrier", 2, 0, 2, 4, 3);
    carrier.squadrons = 2;
    let mut fixer = design("Fixer", 3, 2, 0, 4, 2);
    fixer.missiles = 6;
    fixer.addons.repair = 2;
    fixer.addons.boosters = 1;
    fixer.addons.warp = 1;
    fixer.addons.sensors = 2;
    for players in [2usize, 3, 6] {
        let mut s = scenario(vec![vec![carrier.clone(), fixer.clone()]; players]);
        s.turn_limit = 12;
        for (c, r) in [(13, 8), (12, 9), (14, 9), (13, 14), (10, 11)] {
            s.terrain.push(Terrain {
                kind: TerrainKind::Asteroid,
                col: c,
                row: r,
            });
        }
        for seed in 0..4u64 {
            let mut g = LaunchFighters::setup(&s, seed).unwrap();
            let mut pick = orrery_core::Rng::seed_from(seed);
            let mut n = 0;
            while g.outcome().is_none() {
                let seat = g.to_move()[0];
                let legal = g.legal_actions(seat);
                assert!(!legal.is_empty());
                let a = legal[pick.index(legal.len())].clone();
                let ev = events(g.apply(seat, &a).unwrap());
                if ev.iter().any(|e| matches!(e, Event::TurnStarted { .. })) {
                    for u in &g.units {
                        if let Some(q) = u.squadron() {
                            assert!(
                                q.active
                                    || matches!(
                                        u.location,
                                        Location::Eliminated | Location::Retreated
                                    )
                            );
                        }
                        if let (Some(h), true) = (u.hex(), u.ship().is_none_or(|s| s.stats.mv >= 1))
                        {
                            assert!(!g.map.is_edge(h), "{u:?} left on the edge");
                        }
                    }
                }
                n += 1;
                assert!(n < g.action_bound());
            }
            assert_eq!(g.phase, Phase::Over);
            assert_eq!(g.outcome().unwrap().scores, g.scores());
        }
    }
}

/// LF-01/LF-09 geometry the movement check relies on: a rectangular odd-q map holds a
/// shortest path between any two of its hexes, so without moons or planetoids a move's
/// length is the hex distance (LF-02).
#[test]
fn lf01_odd_q_rectangles_hold_shortest_paths() {
    use orrery_hex::HexMap;
    use std::collections::{HashMap, VecDeque};
    for (cols, rows) in [
        (27, 24),
        (24, 5),
        (5, 24),
        (24, 24),
        (25, 25),
        (30, 1),
        (1, 30),
        (26, 23),
    ] {
        let m = HexMap { cols, rows };
        for a in m.hexes() {
            let mut dist = HashMap::from([(a, 0u32)]);
            let mut q = VecDeque::from([a]);
            while let Some(h) = q.pop_front() {
                let d = dist[&h];
                if d >= 6 {
                    continue;
                }
                for n in h.neighbours() {
                    if m.contains(n) && !dist.contains_key(&n) {
                        dist.insert(n, d + 1);
                        q.push_back(n);
                    }
                }
            }
            for b in a.disc(6).into_iter().filter(|&b| m.contains(b)) {
                assert_eq!(
                    dist.get(&b),
                    Some(&a.distance(b)),
                    "{cols}×{rows}: {a} → {b}"
                );
            }
        }
    }
}

/// Seed "D) Recovery" 3): units "adjacent to the edge of the board and/or designated
/// area must 'retreat'" (LF-16 (3): "or a scenario exit area"). A ship that can move
/// in an exit hex away from the edge retreats; one next to it stays.
#[test]
fn lf16_units_in_a_scenario_exit_area_retreat() {
    let mut sb = Sandbox::new(2);
    let out = sb.ship(0, design("Out", 1, 0, 0, 3, 2), 12, 10, Dir::N);
    let stays = sb.ship(0, design("Stays", 1, 0, 0, 3, 2), 14, 10, Dir::N);
    recovery_sandbox(&mut sb);
    let mut g = sb.build();
    g.exit_area = vec![crate::types::MapHex { col: 12, row: 10 }];
    assert_eq!(g.validate(), Ok(()));
    let ev = play(&mut g, Seat(1), Action::EndRepairs);
    assert!(ev.contains(&Event::Retreated { unit: out }), "{ev:?}");
    assert_eq!(g.units[out.index()].location, Location::Retreated);
    assert!(matches!(
        g.units[stays.index()].location,
        Location::OnMap(_)
    ));
}
