//! The round and the mission: FB-11 (activation order, Rogue), FB-17 (markers,
//! winning), FB-18 (morale, surrender), FB-20 (deployment), FB-19 (heroes, titles and
//! after-activation systems), FB-15 (Repair Bay, Defiant).

use crate::catalogue::{Class, Special};
use crate::event::Event;
use crate::state::{Status, Step};
use crate::testkit::{act, custom, damage_of, order_now, place, scenario, started};
use crate::{Action, Warfleets};
use orrery_core::{Game, Presentation, Seat};

/// Play default answers until `stop` holds (or the game ends); the events seen.
fn drive(g: &mut Warfleets, stop: impl Fn(&Warfleets) -> bool) -> Vec<Event> {
    let mut seen = Vec::new();
    for _ in 0..5000 {
        if stop(g) || g.outcome.is_some() {
            break;
        }
        let seat = g.to_move()[0];
        let a = g.default_action(seat).unwrap();
        seen.extend(g.apply(seat, &a).unwrap().into_iter().map(|l| l.event));
    }
    seen
}

const CORVETTE: &str =
    "[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\n";

#[test]
fn fb11_phases_alternate_and_the_first_player_changes_each_round() {
    let mut g = started(&scenario("patrol"), 3);
    let first = g.first;
    let events = drive(&mut g, |g| g.round == 2);
    let mut order: Vec<(Class, Seat)> = Vec::new();
    for e in &events {
        if let Event::Activated { model } = e {
            order.push((g.class(*model), g.model(*model).seat));
        }
    }
    assert_eq!(
        g.first,
        Warfleets::other(first),
        "round 2 starts with the other player"
    );
    for class in Class::ALL {
        let seats: Vec<Seat> = order.iter().filter(|x| x.0 == class).map(|x| x.1).collect();
        if seats.is_empty() {
            continue;
        }
        let both = |s: Seat| seats.contains(&s);
        if both(first) {
            assert_eq!(
                seats[0], first,
                "{class:?}: the round's first player starts"
            );
        }
        // Alternate while both have models left.
        let n0 = seats.iter().filter(|&&s| s == Seat(0)).count();
        let n1 = seats.len() - n0;
        let alternating = 2 * n0.min(n1);
        for w in seats[..alternating].windows(2) {
            assert_ne!(w[0], w[1], "{class:?}: {seats:?}");
        }
    }
}

#[test]
fn fb20_ships_deploy_within_12_of_their_edge_then_squadrons() {
    let mut g = Warfleets::setup(&scenario("patrol"), 5).unwrap();
    drive(&mut g, |g| matches!(g.step, Step::Deploy { .. }));
    let seat = g.to_move()[0];
    let legal = g.legal_actions(seat);
    let ships: Vec<u8> = g.to_deploy(seat, false);
    assert!(!ships.is_empty());
    for a in &legal {
        if let Action::Deploy { model, y, .. } = a {
            assert!(ships.contains(model), "ships first");
            let r = g.radius(*model);
            let (lo, hi) = g.zone(seat, r);
            assert!(*y >= lo && *y <= hi);
        }
    }
    let (lo, hi) = g.zone(seat, g.radius(ships[0]));
    let outside = if lo < 12.0 { hi + 1.0 } else { lo - 1.0 };
    assert!(g
        .apply(
            seat,
            &Action::Deploy {
                model: ships[0],
                x: 30.0,
                y: outside.round()
            }
        )
        .is_err());
}

#[test]
fn fb17_markers_are_placed_apart_and_the_carrier_of_more_wins() {
    let mut g = Warfleets::setup(&scenario("patrol"), 8).unwrap();
    let Step::Marker { left, .. } = g.step else {
        panic!()
    };
    assert!((3..=5).contains(&left), "D3+2");
    let seat = g.to_move()[0];
    // Within 9" of an edge, of a deployment zone: refused.
    assert!(g.apply(seat, &Action::Marker { x: 5.0, y: 24.0 }).is_err());
    assert!(g.apply(seat, &Action::Marker { x: 30.0, y: 20.0 }).is_err());
    act(&mut g, Action::Marker { x: 30.0, y: 24.0 });
    let seat = g.to_move()[0];
    assert!(
        g.apply(seat, &Action::Marker { x: 38.0, y: 24.0 }).is_err(),
        "9\" from another"
    );
    // Skip to the end of round 4 with seat 1 carrying more.
    let mut g = started(&scenario("patrol"), 8);
    g.round = 4;
    g.model_mut(5).markers = 2;
    g.model_mut(0).markers = 1;
    drive(&mut g, |_| false);
    let o = g.outcome.clone().unwrap();
    assert_eq!(o.winners, vec![Seat(1)]);
    assert!(o.reason.contains("markers carried 1 vs 2"), "{}", o.reason);
}

/// `s` started, its model 0 destroyed and every model activated: the next step
/// ends the round (morale is checked there).
fn round_end_with_a_ship_lost(s: &crate::Scenario) -> Warfleets {
    let mut g = started(s, 2);
    g.model_mut(0).status = Status::Destroyed;
    for m in &mut g.models {
        m.activated = true;
    }
    g.step = Step::Activate {
        class: Class::Heavy,
        seat: Seat(0),
    };
    g
}

#[test]
fn fb18_half_the_ships_lost_forces_morale_and_squadrons_follow_their_ships() {
    let s = custom(
        1000,
        &format!("[[fleet]]\nname = \"A\"\n{CORVETTE}{CORVETTE}[[fleet.squadron]]\nhull = \"Fighter Squadron\"\n[[fleet]]\nname = \"B\"\n{CORVETTE}"),
    );
    let mut g = round_end_with_a_ship_lost(&s);
    // Round end: the corvette rolls 1 (natural 1 fails, whatever its upgrades).
    g.rng.force(&[1]);
    let mut log = Vec::new();
    g.advance(&mut log);
    assert_eq!(g.model(1).status, Status::Surrendered);
    assert_eq!(
        g.model(2).status,
        Status::Surrendered,
        "no ships left: the squadron surrenders"
    );
    assert!(log.iter().any(|l| matches!(
        l.event,
        Event::Morale {
            roll: 1,
            passed: false,
            ..
        }
    )));
}

#[test]
fn fb18_a_6_passes_with_upgrades_counted() {
    let s = custom(
        1000,
        &format!(
            "[[fleet]]\nname = \"A\"\n{CORVETTE}{CORVETTE}[[fleet]]\nname = \"B\"\n{CORVETTE}"
        ),
    );
    let mut g = round_end_with_a_ship_lost(&s);
    // 4 + 2 working upgrades = 6: passes.
    g.rng.force(&[4]);
    g.advance(&mut Vec::new());
    assert_eq!(g.model(1).status, Status::OnTable);
}

#[test]
fn fb11_rogue_squadrons_may_wait_for_a_later_phase_and_then_move_or_shoot() {
    let mut g = crate::testkit::fighter_against_bomber(crate::testkit::CORVETTE, 2);
    let fighter = 1;
    let hull = g.model(fighter).hull;
    g.catalogue.hulls[hull].special.push(Special::Rogue);
    place(&mut g, fighter, 10.0, 10.0, 0);
    place(&mut g, 3, 60.0, 40.0, 0);
    g.first = Seat(0);
    g.phase = Class::Squadron;
    g.step = Step::Activate {
        class: Class::Squadron,
        seat: Seat(0),
    };
    act(&mut g, Action::Defer { model: fighter });
    assert!(g.model(fighter).deferred && !g.model(fighter).activated);
    // Into the light phase: it may activate there instead of the corvette.
    drive(&mut g, |g| {
        matches!(
            g.step,
            Step::Activate {
                class: Class::Light,
                seat: Seat(0)
            }
        )
    });
    assert!(g
        .legal_actions(Seat(0))
        .contains(&Action::Activate { model: fighter }));
    act(&mut g, Action::Activate { model: fighter });
    act(&mut g, Action::Fly { x: 12.0, y: 14.0 });
    assert!(
        !matches!(g.step, Step::Fire { .. }),
        "moved out of its phase: no shooting"
    );
}

#[test]
fn fb19_tactical_master_waits_then_deploys_more_than_9_from_enemies() {
    let s = custom(
        1000,
        &format!("[[fleet]]\nname = \"A\"\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\nhero = \"Tactical Master\"\n{CORVETTE}[[fleet]]\nname = \"B\"\n{CORVETTE}"),
    );
    let mut g = Warfleets::setup(&s, 4).unwrap();
    drive(&mut g, |g| {
        matches!(
            g.step,
            Step::Deploy {
                seat: Seat(0),
                squadrons: false
            }
        ) && g.to_deploy(Seat(0), false).contains(&0)
    });
    act(&mut g, Action::HoldBack { model: 0 });
    assert_eq!(g.model(0).status, Status::Held);
    drive(&mut g, |g| matches!(g.step, Step::Reserve { .. }));
    assert_eq!(g.round, 2, "not before round 2");
    let enemy = g.model(2).pos;
    let legal = g.legal_actions(Seat(0));
    for a in &legal {
        if let Action::Deploy { x, y, .. } = a {
            assert!(orrery_table::Point::new(*x, *y).dist(enemy) - 0.625 - 0.625 > 9.0);
        }
    }
    // In round 4 it must deploy if it can.
    g.round = 4;
    assert!(g.apply(Seat(0), &Action::Skip).is_err());
}

/// Seat 0 is to deploy a squadron.
fn seat_0_deploys_squadrons(g: &Warfleets) -> bool {
    matches!(
        g.step,
        Step::Deploy {
            seat: Seat(0),
            squadrons: true
        }
    )
}

#[test]
fn fb19_elite_carrier_launches_its_squadrons_which_act_at_once() {
    let s = custom(
        1000,
        &format!("[[fleet]]\nname = \"A\"\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\nhero = \"Elite Carrier\"\n[[fleet.squadron]]\nhull = \"Fighter Squadron\"\ncount = 3\n[[fleet]]\nname = \"B\"\n{CORVETTE}"),
    );
    let mut g = Warfleets::setup(&s, 4).unwrap();
    // Squadron deployment: two go aboard (a light carrier holds 2), one deploys.
    drive(&mut g, seat_0_deploys_squadrons);
    act(
        &mut g,
        Action::Embark {
            model: 1,
            carrier: 0,
        },
    );
    drive(&mut g, seat_0_deploys_squadrons);
    act(
        &mut g,
        Action::Embark {
            model: 2,
            carrier: 0,
        },
    );
    drive(&mut g, seat_0_deploys_squadrons);
    assert!(
        g.apply(
            Seat(0),
            &Action::Embark {
                model: 3,
                carrier: 0
            }
        )
        .is_err(),
        "full"
    );
    drive(&mut g, |g| matches!(g.step, Step::Launch { .. }));
    act(&mut g, Action::Launch);
    let Step::Place { squadron, .. } = g.step else {
        panic!("{:?}", g.step)
    };
    let spot = g.legal_actions(Seat(0))[0].clone();
    if let Action::Deploy { x, y, .. } = spot {
        let c = g.model(0).pos;
        assert!(orrery_table::Point::new(x, y).dist(c) - 0.5 - 0.625 <= 2.0);
    }
    act(&mut g, spot);
    assert_eq!(g.model(squadron).status, Status::OnTable);
    let spot = g.legal_actions(Seat(0))[0].clone();
    act(&mut g, spot);
    // The carrier's own order, then the launched squadrons.
    drive(&mut g, |g| matches!(g.step, Step::Launched));
    assert_eq!(g.legal_actions(Seat(0)).len(), 3, "two squadrons or done");
}

#[test]
fn fb19_avenger_tractor_beam_and_repair_bay_after_activating() {
    let s = custom(
        1000,
        "[[fleet]]\nname = \"A\"\n[[fleet.ship]]\nhull = \"Destroyer\"\nsystems = [\"Tractor Beam\", \"Repair Bay\", \"Pulse Engine\"]\ntitle = \"Avenger\"\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Shield Booster\"]\n[[fleet]]\nname = \"B\"\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\n",
    );
    let mut g = started(&s, 4);
    place(&mut g, 0, 30.0, 10.0, 0);
    place(&mut g, 1, 33.0, 10.0, 0);
    place(&mut g, 2, 30.0, 17.0, 180);
    g.model_mut(1).upgrades[0].damage = 2;
    order_now(&mut g, 0);
    g.rng.force(&[2]); // Avenger's D3 (rolled when the after step opens): 3".
    act(&mut g, Action::Hold { turn: 0 });
    act(&mut g, Action::Done); // no shots
    let legal = g.legal_actions(Seat(0));
    assert!(legal.contains(&Action::Repair { ship: 1 }));
    assert!(legal.contains(&Action::Tractor { ship: 2 }));
    act(&mut g, Action::Repair { ship: 1 });
    assert_eq!(damage_of(&g, 1), 1);
    assert!(
        g.model(1).upgrades[0].works(),
        "back under its limit, it works again"
    );
    // Tractor Beam: D6 + 1 = 7" towards the destroyer, stopping at contact.
    g.rng.force(&[6]);
    act(&mut g, Action::Tractor { ship: 2 });
    assert!(
        (g.model(2).pos.y - 11.375).abs() < 1e-6,
        "{:?}",
        g.model(2).pos
    );
    assert_eq!(
        damage_of(&g, 2),
        0,
        "contact with the puller does no damage"
    );
    assert!(
        g.apply(Seat(0), &Action::Relocate { x: 30.0, y: 5.0 })
            .is_err(),
        "beyond 3\""
    );
    act(&mut g, Action::Relocate { x: 28.0, y: 8.0 });
    assert_eq!(g.model(0).pos, orrery_table::Point::new(28.0, 8.0));
}

/// The Defiant corvette (model 0) with another corvette 3" away (model 1, its
/// first upgrade 2 damaged), seat 0's; the enemy cruiser (model 2, Giga Cannon) firing
/// now, 4" from that corvette.
fn defiant_beside_a_corvette_under_fire() -> Warfleets {
    let s = custom(
        1000,
        &format!("[[fleet]]\nname = \"A\"\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\ntitle = \"Defiant\"\n{CORVETTE}[[fleet]]\nname = \"B\"\n[[fleet.ship]]\nhull = \"Cruiser\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\nfront = \"Giga Cannon\"\nside = \"Weapon Batteries\"\n"),
    );
    let mut g = started(&s, 4);
    place(&mut g, 0, 30.0, 10.0, 0);
    place(&mut g, 1, 33.0, 10.0, 0);
    place(&mut g, 2, 33.0, 14.0, 180);
    g.model_mut(1).upgrades[0].damage = 2;
    crate::testkit::fire_now(&mut g, 2);
    g
}

/// The cruiser's Giga Cannon at the corvette (model 1): a hit (6) its block fails (1),
/// 2 damage.
fn giga_cannon_hits_the_corvette(g: &mut Warfleets) {
    g.rng.force(&[6, 1]);
    act(
        g,
        Action::Fire {
            gun: crate::GunRef::Weapon(2),
            target: 1,
        },
    );
}

#[test]
fn fb15_defiant_repairs_when_a_friend_nearby_is_destroyed() {
    let mut g = defiant_beside_a_corvette_under_fire();
    g.model_mut(0).upgrades[0].damage = 2;
    // Giga Cannon: hit, block fails → 2 damage: the corvette is destroyed.
    giga_cannon_hits_the_corvette(&mut g);
    assert_eq!(g.model(1).status, Status::Destroyed);
    assert_eq!(damage_of(&g, 0), 0, "Defiant removed 2 damage");
}

#[test]
fn fb19_expert_sapper_lays_a_mine_within_4() {
    let s = custom(
        1000,
        &format!("[[fleet]]\nname = \"A\"\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\nhero = \"Expert Sapper\"\n[[fleet]]\nname = \"B\"\n{CORVETTE}"),
    );
    let mut g = started(&s, 4);
    drive(&mut g, |g| matches!(g.step, Step::Mine { .. }));
    let c = g.model(0).pos;
    let far = Action::Mine {
        x: (c.x + 6.0).round(),
        y: c.y.round(),
    };
    assert!(g.apply(Seat(0), &far).is_err());
    act(
        &mut g,
        Action::Mine {
            x: c.x.round() + 3.0,
            y: c.y.round(),
        },
    );
    assert_eq!(g.mines.len(), 1);
    assert!(matches!(g.step, Step::Order { .. }));
}

/// FB-15: "Repair Bay (after activating: 1 damage from another friendly ship within
/// 4") … remove damage from upgrades of the owner's choice; an upgrade back under
/// its limit works again."
#[test]
fn fb15_the_owner_picks_the_upgrade_a_repair_bay_mends() {
    let s = custom(
        1000,
        "[[fleet]]\nname = \"A\"\n[[fleet.ship]]\nhull = \"Destroyer\"\nsystems = [\"Tractor Beam\", \"Repair Bay\", \"Pulse Engine\"]\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Stealth Rig\"]\n[[fleet]]\nname = \"B\"\n[[fleet.ship]]\nhull = \"Corvette\"\nsystems = [\"Pulse Engine\", \"Repair Bay\"]\n",
    );
    let mut g = started(&s, 4);
    place(&mut g, 0, 30.0, 10.0, 0);
    place(&mut g, 1, 33.0, 10.0, 0);
    place(&mut g, 2, 30.0, 40.0, 180);
    g.model_mut(1).upgrades[0].damage = 2; // Pulse Engine stopped
    g.model_mut(1).upgrades[1].damage = 1; // Stealth Rig hurt
    order_now(&mut g, 0);
    act(&mut g, Action::Hold { turn: 0 });
    act(&mut g, Action::Repair { ship: 1 });
    // Two damaged upgrades: the owner is asked.
    assert_eq!(g.to_move(), vec![Seat(0)]);
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![
            Action::RepairUpgrade { upgrade: 0 },
            Action::RepairUpgrade { upgrade: 1 }
        ]
    );
    assert_eq!(g.view(None).repairing, Some((1, 1, Seat(0))));
    // WFO-04's default: the stopped upgrade (it works again).
    assert_eq!(
        g.default_action(Seat(0)),
        Some(Action::RepairUpgrade { upgrade: 0 })
    );
    let before = g.state_hash();
    assert!(g
        .apply(Seat(0), &Action::RepairUpgrade { upgrade: 5 })
        .is_err());
    assert_eq!(g.state_hash(), before);
    let a = Action::RepairUpgrade { upgrade: 1 };
    assert!(g.describe_action(Some(Seat(0)), &a).contains("Stealth Rig"));
    let events = act(&mut g, a);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Repaired {
            model: 1,
            upgrade: 1,
            restored: false
        }
    )));
    assert_eq!(g.model(1).upgrades[0].damage, 2, "the owner's pick stands");
    assert_eq!(g.model(1).upgrades[1].damage, 0);
    // Nothing else to do after activating: the other player's turn.
    assert!(
        matches!(g.step, Step::Activate { seat: Seat(1), .. }),
        "{:?}",
        g.step
    );
}

/// FB-15: Defiant's "2 damage when a friendly ship within 6" is destroyed" comes off
/// the upgrades its owner picks, one point at a time (no question when only one
/// upgrade is damaged).
#[test]
fn fb15_the_owner_picks_the_upgrades_defiant_mends() {
    let mut g = defiant_beside_a_corvette_under_fire();
    g.model_mut(0).upgrades[0].damage = 2;
    g.model_mut(0).upgrades[1].damage = 1;
    giga_cannon_hits_the_corvette(&mut g);
    assert_eq!(g.model(1).status, Status::Destroyed);
    // Seat 0 answers in seat 1's activation: the Defiant corvette is his.
    assert_eq!(g.to_move(), vec![Seat(0)]);
    act(&mut g, Action::RepairUpgrade { upgrade: 1 });
    // The second point: only the Pulse Engine is damaged now, no question.
    assert_eq!(g.model(0).upgrades[1].damage, 0);
    assert_eq!(g.model(0).upgrades[0].damage, 1);
    assert!(g.model(0).upgrades[0].works());
    assert_eq!(g.to_move(), vec![Seat(1)], "back to the firing cruiser");
}

/// Seed "Misja": "Place D3+2 markers. Players roll off to see who places first."
/// Both rolls are made at set-up and are its events (`Game::setup_logged`), told to
/// everyone before the first answer (the deployment roll-off is told when it is
/// made); the first answer tells them no more.
#[test]
fn misja_the_d3_marker_count_and_the_marker_roll_off_are_narrated() {
    let (mut g, opening) = Warfleets::setup_logged(&scenario("patrol"), 8).unwrap();
    let Step::Marker { seat, left } = g.step else {
        panic!("{:?}", g.step)
    };
    assert_eq!(opening.len(), 2, "{opening:?}");
    assert!(opening
        .iter()
        .all(|l| l.audience == orrery_core::Audience::All));
    assert_eq!(opening[0].event, Event::Markers { count: left });
    assert!(
        matches!(&opening[1].event, Event::RollOff { purpose, winner, .. } if purpose == "markers" && *winner == seat),
        "{:?}",
        opening[1]
    );
    assert!(g.describe_event(&opening[0].event).contains("(D3+2)"));
    assert!(g
        .describe_event(&opening[1].event)
        .contains("roll-off for markers"));
    // The same game as `setup`.
    let plain = Warfleets::setup(&scenario("patrol"), 8).unwrap();
    assert_eq!(plain.state_hash(), g.state_hash());
    let a = g.legal_actions(seat)[0].clone();
    let logged = g.apply(seat, &a).unwrap();
    assert!(!logged
        .iter()
        .any(|l| matches!(l.event, Event::Markers { .. } | Event::RollOff { .. })));
}

/// FB-17: "the player carrying more markers wins; … equal = draw." The victory
/// points also carry a tie-break fraction; the outcome, the end screen and the
/// glossary say what it counts.
#[test]
fn fb17_the_outcome_says_what_the_victory_points_count() {
    let mut g = started(&scenario("patrol"), 8);
    g.round = 4;
    g.model_mut(5).markers = 1;
    g.model_mut(7).status = Status::Destroyed; // 10 of P1's 140 pts
    drive(&mut g, |_| false);
    let o = g.outcome.clone().unwrap();
    let r = &o.reason;
    assert!(r.contains("markers carried 0 vs 1"), "{r}");
    assert!(
        r.contains("half the share of the enemy fleet's points destroyed"),
        "{r}"
    );
    assert!(r.contains("never decides the winner"), "{r}");
    assert!(r.contains("wins on markers"), "{r}");
    let pct = |s: Seat| (100.0 * g.destroyed_share(s)).round();
    assert!(
        r.contains(&format!("({}% vs {}%)", pct(Seat(1)), pct(Seat(0)))),
        "{r}"
    );
    assert!(g.render_text(None).contains("GAME OVER — "));
    assert!(Warfleets::glossary().contains("half the share of the enemy"));
}
