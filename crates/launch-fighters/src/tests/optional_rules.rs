//! LF-19's optional rules (seed "Add-ons": "Optional Rule: Warp drive is a flat cost per
//! ship, for example 5 points." — "Optional Rule: Fighters can have warp drive for 1
//! extra point per squadron." — "Optional Rule: Holds may be hit in combat and reduced
//! like a stat."), each off by default and switched on in a scenario's `[options]`.

use super::attack_support;

use crate::data::{parse_scenario, scenario_problems};
use crate::state::{Decision, Location, Phase};
use crate::testkit::{design, Sandbox};
use crate::{Action, Event, LaunchFighters, Options, Stat, UnitId};
use attack_support::*;
use orrery_core::{Game, Presentation, Seat};
use orrery_hex::Dir;

const DUEL: &str = include_str!("../../data/scenarios/duel.toml");

/// A scenario of one Swift-like warp ship (Warp 3) against a Wasp, with `options`.
fn warp_scenario(options: &str) -> String {
    format!(
        "name = \"Warp\"\n{options}\n\
         [[fleets]]\nname = \"Runner\"\n\
         [[fleets.ships]]\nname = \"Dart\"\ncannons = 1\nlaunchers = 0\nbays = 1\n\
         defense = 3\nmove = 4\nsquadrons = 2\naddons = {{ warp = 3, fighter_warp = 2 }}\n\
         [[fleets]]\nname = \"Chaser\"\n[[fleets.ships]]\ndesign = \"Wasp\"\n"
    )
}

/// "Warp drive is a flat cost per ship, for example 5 points": with `flat_warp_cost`,
/// warp of any level costs the flat amount instead of 1 + 2 + … + level, in the
/// fleet's points, the ships' costs and the point limit.
#[test]
fn lf19_flat_warp_cost_replaces_the_progressive_cost() {
    let mut d = design("Dart", 1, 0, 0, 3, 4);
    d.addons.warp = 3;
    let progressive = d.cost();
    let flat = Options {
        flat_warp_cost: Some(5),
        ..Options::default()
    };
    // Warp 3 costs 6 progressively and 5 flat; Move's multiplier may follow B.
    assert_eq!(
        d.cost_breakdown_under(&flat).addons + 1,
        d.cost_breakdown().addons
    );
    assert!(d.cost_under(&flat) < progressive, "{flat:?}");
    // No warp, no flat cost.
    let plain = design("Plain", 1, 0, 0, 3, 4);
    assert_eq!(plain.cost_under(&flat), plain.cost());

    let text = format!("{DUEL}\n[options]\nflat_warp_cost = 5\n");
    let s = parse_scenario(&text, "flat.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.options.flat_warp_cost, Some(5));
    // The Swift (Warp 1, progressive 1) pays 5 for it in a battle under the rule.
    let swift = crate::data::load_blue_book()
        .unwrap()
        .into_iter()
        .find(|d| d.name == "Swift")
        .unwrap();
    let mut sb = Sandbox::new(2);
    sb.state().options = flat;
    let id = sb.ship(0, swift.clone(), 5, 5, Dir::N);
    sb.state().phase = Phase::Movement {
        step: swift.stats.mv,
    };
    let g = sb.build();
    assert_eq!(g.unit(id).ship().unwrap().cost, swift.cost_under(&flat));
    assert_eq!(
        swift.cost_breakdown_under(&flat).addons,
        swift.cost_breakdown().addons + 4
    );
    assert!(g.validate().is_ok(), "{:?}", g.validate());

    // The point limit is measured with the scenario's rule.
    let mut s = parse_scenario(&warp_scenario("[options]\nfighter_warp = true"), "w.toml")
        .unwrap_or_else(|e| panic!("{e}"));
    let dart = s.fleets[0].ships[0].clone();
    s.points = Some(dart.cost_under(&flat));
    assert!(
        scenario_problems(&s)
            .iter()
            .any(|p| p.starts_with("fleets[0]") && p.contains("over the scenario's limit")),
        "progressive warp is over the limit: {:?}",
        scenario_problems(&s)
    );
    s.options.flat_warp_cost = Some(5);
    assert!(
        scenario_problems(&s).is_empty(),
        "{:?}",
        scenario_problems(&s)
    );
}

/// "Fighters can have warp drive for 1 extra point per squadron": `addons.fighter_warp`
/// squadrons of a design have it, 1 point each, and only where the scenario's options
/// say so; at most every squadron the ship carries.
#[test]
fn lf19_fighter_warp_costs_a_point_per_squadron_and_needs_the_rule() {
    let mut d = design("Carrier", 1, 0, 2, 3, 2);
    d.squadrons = 3;
    let without = d.cost_breakdown().addons;
    d.addons.fighter_warp = 2;
    assert_eq!(d.cost_breakdown().addons, without + 2);

    let e = parse_scenario(&warp_scenario(""), "w.toml").expect_err("no option");
    let text = e.to_string();
    assert!(
        text.contains("fleets[0].ships[0].addons.fighter_warp")
            && text.contains("fighter_warp = true"),
        "{text}"
    );
    let s = parse_scenario(&warp_scenario("[options]\nfighter_warp = true"), "w.toml")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.fleets[0].ships[0].addons.fighter_warp, 2);
    let g = LaunchFighters::setup(&s, 3).unwrap_or_else(|e| panic!("{e}"));
    let warp: Vec<bool> = g
        .units
        .iter()
        .filter_map(|u| u.squadron())
        .map(|q| q.warp)
        .collect();
    assert_eq!(warp, vec![true, true]);

    let mut too_many = s.clone();
    too_many.fleets[0].ships[0].addons.fighter_warp = 3;
    let p = scenario_problems(&too_many);
    assert!(
        p.iter()
            .any(|p| p.starts_with("fleets[0].ships[0].addons.fighter_warp: 3 squadrons")),
        "{p:?}"
    );
}

/// A sandbox in movement step 3 with seat 0's carrier (fighter warp 1, two squadrons:
/// the first has warp drive) and its squadrons on the map, seat 1 far away.
fn fighter_warp_sandbox(options: Options) -> (LaunchFighters, UnitId, UnitId) {
    let mut sb = Sandbox::new(2);
    sb.state().options = options;
    let mut d = design("Carrier", 1, 0, 2, 3, 2);
    d.squadrons = 2;
    d.addons.fighter_warp = 1;
    let host = sb.ship(0, d, 8, 8, Dir::N);
    let warper = sb.squadron(0, host, 10, 10);
    let plain = sb.squadron(0, host, 12, 10);
    // Seat 1's ship can repair (so the recovery phase waits for it).
    let mut far = design("Far", 2, 0, 0, 3, 2);
    far.addons.repair = 1;
    let far = sb.ship(1, far, 20, 20, Dir::N);
    sb.state().units[far.index()]
        .ship_mut()
        .unwrap()
        .stats
        .cannons = 1;
    sb.state().units[host.index()].moved = true;
    // Squadrons move in the Step Chart's step for Move 5.
    sb.state().phase = Phase::Movement { step: 5 };
    sb.state().order = vec![Seat(0), Seat(1)];
    (sb.build(), warper, plain)
}

/// A squadron with warp drive declares it on its move ("declare on a ship's move phase
/// that in addition to moving it is activating warp drive") and leaves the map at the
/// end of the turn; a squadron without it may not declare it.
#[test]
fn lf19_a_squadron_with_warp_drive_warps_out_at_the_end_of_the_turn() {
    let (mut g, warper, plain) = fighter_warp_sandbox(Options {
        fighter_warp: true,
        ..Options::default()
    });
    assert!(g.validate().is_ok(), "{:?}", g.validate());
    let legal = g.legal_actions(Seat(0));
    assert!(legal
        .iter()
        .any(|a| matches!(a, Action::Move { unit, warp: true, .. } if *unit == warper)));
    assert!(!legal
        .iter()
        .any(|a| matches!(a, Action::Move { unit, warp: true, .. } if *unit == plain)));
    let no_drive = reject(
        &mut g,
        0,
        Action::Move {
            unit: plain,
            to: orrery_hex::Hex::from_offset(12, 11),
            facing: None,
            boost: false,
            warp: true,
        },
    );
    assert!(no_drive.contains("no warp drive"), "{no_drive}");
    let to = orrery_hex::Hex::from_offset(10, 12);
    let ev = play(
        &mut g,
        0,
        Action::Move {
            unit: warper,
            to,
            facing: None,
            boost: false,
            warp: true,
        },
    );
    assert!(ev.contains(&Event::WarpDeclared { unit: warper }));
    assert!(g.unit(warper).warp_declared());
    // Skip to the recovery phase's end (the attack phase is another module's).
    g.phase = Phase::Recovery;
    g.cursor = 0;
    g.activation = None;
    let mut ev = Vec::new();
    while g.unit(warper).hex().is_some() {
        let seat = g.to_move()[0];
        let a = g.legal_actions(seat).last().cloned().unwrap();
        ev.extend(g.apply(seat, &a).unwrap().into_iter().map(|l| l.event));
    }
    assert!(ev.contains(&Event::SquadronWarpedOut { squadron: warper }));
    assert_eq!(g.unit(warper).location, Location::Retreated);
    assert!(g.unit(plain).hex().is_some(), "the other squadron stays");
    assert!(!g.unit(plain).warp_declared());
}

/// "A ship may not move and/or fire in the turn it engages warp", applied alike to a
/// squadron with warp drive: it warps only where it stands, and then neither attacks
/// nor joins a formation.
#[test]
fn lf19_warp_no_move_fire_holds_a_warping_squadron_too() {
    let (mut g, warper, _) = fighter_warp_sandbox(Options {
        fighter_warp: true,
        warp_no_move_fire: true,
        ..Options::default()
    });
    let start = g.unit(warper).hex().unwrap();
    let warps: Vec<Action> = g
        .legal_actions(Seat(0))
        .into_iter()
        .filter(|a| matches!(a, Action::Move { unit, warp: true, .. } if *unit == warper))
        .collect();
    assert_eq!(
        warps,
        vec![Action::Move {
            unit: warper,
            to: start,
            facing: None,
            boost: false,
            warp: true,
        }]
    );
    play(&mut g, 0, warps[0].clone());
    // In the attack phase, next to an enemy ship: a squadron that engaged warp has no
    // attack to make, so its activation ends at once; one that did not may attack.
    for warping in [false, true] {
        let mut sb = Sandbox::new(2);
        sb.state().options = g.options;
        let mut d = design("Carrier", 1, 0, 2, 3, 2);
        d.squadrons = 1;
        d.addons.fighter_warp = 1;
        let o = origin();
        let host = ship(&mut sb, 0, d, o.steps(Dir::S, 4), Dir::N);
        let sq = squadron(&mut sb, 0, host, o);
        ship(
            &mut sb,
            1,
            design("Prey", 1, 0, 0, 3, 2),
            o.steps(Dir::N, 1),
            Dir::N,
        );
        sb.state().units[sq.index()]
            .squadron_mut()
            .unwrap()
            .warp_declared = warping;
        seat_0_first(&mut sb);
        let g = activated(sb, 5, sq);
        let may_attack = g.activation.is_some()
            && g.legal_actions(Seat(0))
                .iter()
                .any(|a| matches!(a, Action::Formation { .. }));
        assert_eq!(may_attack, !warping, "warping {warping}");
    }
}

/// A ship with `cargo` cargo holds facing a one-level reduction, under `options`.
fn hold_ship(options: Options, cargo: u8) -> (LaunchFighters, UnitId) {
    let mut sb = Sandbox::new(2);
    sb.state().options = options;
    let mut d = design("Freighter", 1, 0, 0, 2, 2);
    d.addons.cargo_holds = cargo;
    let s = hit_by_asteroids(&mut sb, d, 2);
    (sb.build(), s)
}

/// "Holds may be hit in combat and reduced like a stat": where the rule is on, a hit
/// may take hold levels (listed after the five stats, LFO-10), a ship's holds count
/// as levels it has left, and a repair may raise them. Without it, holds are refused.
/// Holds left do not keep a ship in play: "If all of its stats reach zero, a ship is
/// destroyed".
#[test]
fn lf19_holds_can_be_hit_like_a_stat() {
    let holds = Options {
        holds_can_be_hit: true,
        ..Options::default()
    };
    let (mut g, s) = hold_ship(holds, 2);
    audit(&g);
    let legal = g.legal_actions(Seat(1));
    assert!(legal.contains(&Action::Reduce {
        stats: vec![Stat::Defense, Stat::CargoHolds]
    }));
    assert!(legal.contains(&Action::Reduce {
        stats: vec![Stat::CargoHolds, Stat::CargoHolds]
    }));
    let ev = reduce(&mut g, 1, vec![Stat::CargoHolds, Stat::CargoHolds]);
    assert!(ev.contains(&Event::StatReduced {
        ship: s,
        stat: Stat::CargoHolds,
        to: 0
    }));
    let ship_now = g.unit(s).ship().unwrap();
    assert_eq!((ship_now.holds.cargo, ship_now.stats), (0, stats(&g, s)));
    assert_eq!(stats(&g, s).defense, 2, "the stats are untouched");
    assert!(g.validate().is_ok(), "{:?}", g.validate());
    assert!(g.describe_event(&ev[0]).contains("cargo holds"));

    // Without the rule the same choice is refused and not listed.
    let (mut g, _) = hold_ship(Options::default(), 2);
    audit(&g);
    let why = reject(
        &mut g,
        1,
        Action::Reduce {
            stats: vec![Stat::CargoHolds, Stat::CargoHolds],
        },
    );
    assert!(why.contains("optional rule"), "{why}");

    // Five stats at 0 with holds left: destroyed all the same.
    let (mut g, s) = hold_ship(holds, 3);
    {
        let sh = g.units[s.index()].ship_mut().unwrap();
        sh.stats.cannons = 0;
        sh.stats.defense = 0;
        sh.stats.mv = 1;
    }
    if let Some(p) = g.pending.last_mut() {
        p.decision = Decision::ReduceStats {
            ship: s,
            levels: 1,
            credited: None,
        };
    }
    let ev = reduce(&mut g, 1, vec![Stat::Move]);
    assert!(ev.iter().any(|e| matches!(e, Event::ShipDestroyed { .. })));
}

/// A repair may raise a hold that was hit (LF-16 (2) "raise one stat one level, but
/// not above its original level"), where holds can be hit.
#[test]
fn lf19_a_repair_may_raise_a_hold_that_was_hit() {
    let mut sb = Sandbox::new(2);
    sb.state().options.holds_can_be_hit = true;
    let mut d = design("Fixer", 3, 0, 0, 4, 2);
    d.addons.repair = 1;
    d.addons.passenger_holds = 2;
    let id = sb.ship(1, d, 13, 11, Dir::N);
    sb.ship(0, design("Other", 1, 0, 0, 3, 2), 5, 5, Dir::N);
    sb.state().units[id.index()]
        .ship_mut()
        .unwrap()
        .holds
        .passengers = 1;
    sb.state().phase = Phase::Recovery;
    sb.state().order = vec![Seat(1), Seat(0)];
    let mut g = sb.build();
    assert!(g.validate().is_ok(), "{:?}", g.validate());
    // Roll until the repair succeeds (4–6), on copies so the rng differs per seed.
    let mut raised = false;
    for seed in 0..20u64 {
        let mut c = g.clone();
        c.rng = orrery_core::Rng::seed_from(seed);
        c.apply(Seat(1), &Action::Repair { ship: id }).unwrap();
        if c.legal_actions(Seat(1)).contains(&Action::RepairStat {
            stat: Stat::PassengerHolds,
        }) {
            assert!(!c.legal_actions(Seat(1)).contains(&Action::RepairStat {
                stat: Stat::CargoHolds
            }));
            c.apply(
                Seat(1),
                &Action::RepairStat {
                    stat: Stat::PassengerHolds,
                },
            )
            .unwrap();
            assert_eq!(c.unit(id).ship().unwrap().holds.passengers, 2);
            raised = true;
            break;
        }
    }
    assert!(raised, "no seed of 20 rolled 4–6");
    g.options.holds_can_be_hit = false;
    assert!(
        g.validate().is_err(),
        "a lost hold without the rule is an impossible state"
    );
}

/// The options are read from a scenario's `[options]`, each off by default; an
/// unknown option is still refused, naming the ones there are.
#[test]
fn lf19_options_are_read_from_the_scenario() {
    let text = format!(
        "{DUEL}\n[options]\nwarp_no_move_fire = true\nflat_warp_cost = 5\nfighter_warp = true\n\
         holds_can_be_hit = true\n"
    );
    let s = parse_scenario(&text, "s.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        s.options,
        Options {
            warp_no_move_fire: true,
            flat_warp_cost: Some(5),
            fighter_warp: true,
            holds_can_be_hit: true,
        }
    );
    let plain = parse_scenario(DUEL, "d.toml").unwrap();
    assert_eq!(plain.options, Options::default());
    let e = parse_scenario(&format!("{DUEL}\n[options]\nholds_hit = true\n"), "s.toml")
        .expect_err("unknown option");
    let text = e.to_string();
    assert!(
        text.contains("options.holds_hit") && text.contains("holds_can_be_hit"),
        "{text}"
    );
}
