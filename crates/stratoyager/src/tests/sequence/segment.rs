//! SY-14 segment procedure with SY-08/09 (yaw, hull stress), SY-11 displacement,
//! SY-12 obstacles, SY-15 Fire at Will, SY-24 leaving the table, SY-26 arcade mode.

use super::common::*;
use crate::action::Action;
use crate::event::{Event, Loss, StressTier};
use crate::state::{AskKind, Place, Stratoyager};
use crate::types::{Driver, DriverGroup, Obstacle, ObstacleKind, UnitId};
use orrery_core::Game;
use orrery_table::{Hour, Point, Shape};

/// SY-14 steps 1–2: both MA orders are hidden until both are in; then the priority
/// unit flies first; SY-11: the later one ending within 0.5 is displaced.
#[test]
fn sy14_orders_revealed_together_priority_flies_first_sy11_displaced() {
    let mut g = game();
    g.priority = B;
    let a = add(&mut g, GUARDIAN, A, 12.0, 10.0, 0, 2);
    let b = add(&mut g, GUARDIAN, B, 12.0, 14.0, 6, 2);
    start_segments(&mut g, &[(a, 1), (b, 1)]);
    assert!(asking(&g, AskKind::Maneuver) && g.batch.as_ref().unwrap().secret);
    assert_eq!(g.to_move(), vec![A, B]);
    let log = ok_logged(&mut g, A, drift());
    assert_eq!(
        seen_by(&log, Some(B)),
        vec![Event::Committed {
            seat: A,
            unit: Some(a)
        }]
    );
    assert_eq!(g.view(Some(B)).batch.unwrap().asks[0].answer, None);
    assert_eq!(g.unit(a).pos, Point::new(12.0, 10.0), "nothing flies yet");
    let ev = ok(&mut g, B, drift());
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::PlanRevealed { .. }))
            .count(),
        2
    );
    assert_eq!(moved(&ev), vec![b, a], "B has priority");
    assert_eq!(g.unit(b).pos, Point::new(12.0, 12.0));
    let to = ev
        .iter()
        .find_map(|e| match e {
            Event::Displaced { unit, from, to } if *unit == a => Some((*from, *to)),
            _ => None,
        })
        .expect("A, finishing later, is displaced");
    assert_eq!(to.0, Point::new(12.0, 12.0));
    assert!(to.1.dist(g.unit(b).pos) >= 0.5 - 1e-9);
    assert!(to.1.dist(to.0) <= 0.5 + 1e-9, "as close as possible");
    assert_eq!(g.unit(a).pos, to.1);
    assert!(asking(&g, AskKind::Yaw));
}

/// SY-12: "A unit whose centre is inside or on an obstacle outline at the end of its
/// MA … is destroyed."
#[test]
fn sy12_ending_inside_an_obstacle_destroys() {
    let mut g = game();
    g.obstacles.push(Obstacle {
        name: "rock".into(),
        kind: ObstacleKind::Asteroid,
        outline: Shape::Circle {
            center: Point::new(12.0, 15.0),
            radius: 1.0,
        },
    });
    let a = add(&mut g, GUARDIAN, A, 12.0, 10.0, 0, 5);
    add(&mut g, GUARDIAN, A, 4.0, 5.0, 0, 0);
    let b = add(&mut g, VULTURE, B, 20.0, 30.0, 6, 0);
    start_segments(&mut g, &[(a, 1), (b, 1)]);
    ok(&mut g, A, drift());
    let ev = ok(&mut g, B, drift());
    assert!(ev.contains(&Event::Crashed {
        unit: a,
        obstacle: "rock".into()
    }));
    assert!(ev.contains(&Event::UnitLost {
        unit: a,
        loss: Loss::Destroyed
    }));
    assert_eq!(asked(&g), vec![b], "only the survivor yaws");
}

fn stress_of(ev: &[Event], u: UnitId) -> Option<(Vec<u8>, StressTier)> {
    ev.iter().find_map(|e| match e {
        Event::HullStress {
            unit, dice, tier, ..
        } if *unit == u => Some((dice.clone(), *tier)),
        _ => None,
    })
}

/// SY-14 step 3 with SY-08/SY-09: the after-MA yaw is secret; hull stress is rolled
/// after it with the yaw counted (Guardian accelerating 4 + yaw = thrust 5: 1 die +
/// Weak Frame); Guardian braking 5 = 2 dice + Weak Frame = 3; 2 fails = Blackout, and
/// a blacked-out unit is not asked for a Combat Action.
#[test]
fn sy14_sy09_yaw_then_stress_with_yaw_counted_blackout_skips_combat() {
    let mut g = game();
    let a = add(&mut g, GUARDIAN, A, 6.0, 5.0, 0, 0);
    let b = add(&mut g, GUARDIAN, B, 18.0, 30.0, 6, 8);
    start_segments(&mut g, &[(a, 1), (b, 1)]);
    ok(
        &mut g,
        A,
        plan(m(Driver::Accelerate, 4), zero(DriverGroup::B)),
    );
    let ev = ok(
        &mut g,
        B,
        plan(m(Driver::Decelerate, 5), zero(DriverGroup::B)),
    );
    assert!(stress_of(&ev, a).is_none() && stress_of(&ev, b).is_none());
    assert!(asking(&g, AskKind::Yaw) && g.batch.as_ref().unwrap().secret);
    assert_eq!(asked(&g), vec![a, b]);
    g.rng.force(&[1, 1, 4, 5, 1]);
    let log = ok_logged(&mut g, A, Action::Yaw { facing: Some(1) });
    assert_eq!(g.unit(a).facing, Hour(0), "the yaw waits for the reveal");
    assert_eq!(seen_by(&log, Some(B)).len(), 1);
    let ev = ok(&mut g, B, no_yaw());
    let yawed = position(
        &ev,
        |e| matches!(e, Event::Yawed { unit, facing } if *unit == a && *facing == Hour(1)),
    );
    let first_stress = position(&ev, |e| matches!(e, Event::HullStress { .. }));
    assert!(
        yawed.unwrap() < first_stress.unwrap(),
        "stress after the yaw"
    );
    assert_eq!(stress_of(&ev, a), Some((vec![1, 1], StressTier::None)));
    assert_eq!(
        stress_of(&ev, b),
        Some((vec![4, 5, 1], StressTier::Blackout))
    );
    assert!(g.unit(b).blackout);
    assert!(asking(&g, AskKind::Combat));
    assert_eq!(asked(&g), vec![a], "B blacked out: no Combat Action");
}

/// SY-08: a misaligned unit committing thrust realigns first; that is its yaw, so it
/// is not asked for an after-MA yaw.
#[test]
fn sy08_realigned_unit_is_not_asked_to_yaw() {
    let mut g = game();
    let a = add(&mut g, GUARDIAN, A, 6.0, 5.0, 0, 0);
    g.unit_mut(a).facing = Hour(2);
    let b = add(&mut g, GUARDIAN, B, 18.0, 30.0, 6, 0);
    g.unit_mut(b).facing = Hour(4);
    start_segments(&mut g, &[(a, 1), (b, 1)]);
    ok(
        &mut g,
        A,
        plan(m(Driver::Accelerate, 1), zero(DriverGroup::B)),
    );
    let ev = ok(&mut g, B, drift());
    assert!(ev.contains(&Event::Realigned {
        unit: a,
        facing: Hour(0)
    }));
    assert_eq!(asked(&g), vec![b], "B drifted misaligned and may still yaw");
}

/// SY-15: Fire at Will taken in segment 1 fires in the window of a later segment only;
/// the token is spent when used and gone at the end of the turn.
#[test]
fn sy15_fire_at_will_later_window_spent_and_gone_at_turn_end() {
    let mut g = game();
    let a = add(&mut g, GUARDIAN, A, 12.0, 10.0, 0, 0);
    let b = add(&mut g, BLACKBUCK, B, 12.0, 16.0, 6, 0);
    start_segments(&mut g, &[(a, 1), (b, 2)]);
    ok(&mut g, A, drift());
    ok(&mut g, A, no_yaw());
    assert!(
        asking(&g, AskKind::Combat),
        "no window for the token's own segment"
    );
    let ev = ok(&mut g, A, Action::Combat(crate::CombatOrder::FireAtWill));
    assert!(ev.contains(&Event::FireAtWillReady { unit: a }));
    assert!(g.unit(a).fire_at_will && g.unit(a).fire_at_will_segment == 1);
    assert_eq!(asked(&g), vec![b], "segment 2");
    ok(&mut g, B, drift());
    ok(&mut g, B, no_yaw());
    assert!(asking(&g, AskKind::FireAtWill));
    assert_eq!(asked(&g), vec![a]);
    let fire = |t| Action::FireAtWill { target: t };
    assert_eq!(g.legal_actions(A), vec![fire(None), fire(Some(b))]);

    let mut used = g.clone();
    used.rng.force(&[6, 6, 1, 1]);
    let ev = ok(&mut used, A, fire(Some(b)));
    assert_eq!(attackers(&ev), vec![a]);
    assert!(!used.unit(a).fire_at_will, "spent");
    assert_eq!(asked(&used), vec![b], "then segment 2's Combat Actions");

    ok(&mut g, A, fire(None));
    assert!(g.unit(a).fire_at_will, "kept while unused");
    ok(&mut g, B, hold());
    assert_eq!(g.turn, 2);
    assert!(!g.unit(a).fire_at_will, "removed at end of turn");
}

/// SY-24: a unit whose centre ends off the table is asked withdraw or return;
/// withdraw scores as destroyed for the enemy; return comes back before the
/// Initiative Phase of turn t + 2 at the nearest boundary point 0.5 inside, course
/// perpendicular inward, same speed.
#[test]
fn sy24_leaving_withdraw_scores_return_two_turns_later() {
    let mut g = game();
    g.options.dogfight = false;
    let a = add(&mut g, GUARDIAN, A, 12.0, 34.0, 0, 3);
    let a2 = add(&mut g, GUARDIAN, A, 4.0, 5.0, 0, 0);
    let b = add(&mut g, VULTURE, B, 20.0, 30.0, 6, 0);
    start_segments(&mut g, &[(a, 1), (a2, 2), (b, 2)]);
    ok(&mut g, A, drift());
    ok(&mut g, A, no_yaw());
    assert!(asking(&g, AskKind::Leave) && !g.batch.as_ref().unwrap().secret);
    let leave = |withdraw| Action::Leave { withdraw };
    assert_eq!(g.legal_actions(A), vec![leave(false), leave(true)]);

    let mut w = g.clone();
    let ev = ok(&mut w, A, leave(true));
    assert!(ev.contains(&Event::UnitLost {
        unit: a,
        loss: Loss::Withdrawn
    }));
    assert_eq!(w.scores(), vec![0.0, 110.0]);

    let ev = ok(&mut g, A, leave(false));
    assert!(ev.contains(&Event::WillReturn { unit: a, turn: 3 }));
    assert_eq!(g.unit(a).place, Place::Away { left_turn: 1 });
    assert_eq!(g.scores(), vec![0.0, 0.0]);
    defaults_until(&mut g, |g| g.turn == 2 && asking(g, AskKind::Card));
    assert_eq!(g.unit(a).place, Place::Away { left_turn: 1 });
    assert!(
        !asked(&g).contains(&a) && g.cards == 1,
        "no actions off the table"
    );
    let ev = defaults_until(&mut g, |g| g.turn == 3 && asking(g, AskKind::Card));
    assert!(ev.contains(&Event::Returned {
        unit: a,
        at: Point::new(12.0, 35.5),
        course: Hour(6)
    }));
    let u = g.unit(a);
    assert_eq!((u.place, u.facing, u.speed), (Place::Table, Hour(6), 3));
    assert!(
        asked(&g).contains(&a) && g.cards == 2,
        "back for the Initiative Phase"
    );
}

/// A Guardian 3 klicks from an Evo with no shields and 1 Structure, both in card 1.
fn duel(arcade: bool) -> (Stratoyager, UnitId, UnitId) {
    let mut g = game();
    g.options.arcade = arcade;
    let a = add(&mut g, GUARDIAN, A, 12.0, 10.0, 0, 0);
    let b = add(&mut g, EVO, B, 12.0, 13.0, 6, 0);
    let u = g.unit_mut(b);
    u.shields = 0;
    u.structure = 1;
    start_segments(&mut g, &[(a, 1), (b, 1)]);
    (g, a, b)
}

/// SY-26 arcade: the first side to submit its MA has priority for the segment and its
/// CA resolves completely first — a unit it destroys does not fire back. Without
/// arcade both fire (SY-14 simultaneous).
#[test]
fn sy26_arcade_first_submitter_moves_and_fires_first() {
    let (mut g, a, b) = duel(true);
    assert_eq!(g.priority, A);
    ok(&mut g, B, drift());
    let ev = ok(&mut g, A, drift());
    assert_eq!(moved(&ev), vec![b, a], "B submitted first");

    for (arcade, shooters) in [(true, vec![a]), (false, vec![a, b])] {
        let (mut g, a, b) = duel(arcade);
        ok(&mut g, A, drift());
        ok(&mut g, B, drift());
        ok(&mut g, A, no_yaw());
        ok(&mut g, B, no_yaw());
        g.rng.force(&[6; 10]);
        ok(&mut g, B, salvo(a));
        let ev = ok(&mut g, A, salvo(b));
        let mut got = attackers(&ev);
        got.sort();
        assert_eq!(got, shooters, "arcade {arcade}");
        assert!(g.unit(b).is_lost());
    }
}

/// SY-26 arcade: "submitted orders cannot be edited". Taking back a submitted Movement
/// Action order used to work (and cleared the first-submitter mark); now it is final.
/// Without arcade mode an unrevealed order may still be taken back.
#[test]
fn sy26_a_submitted_arcade_order_cannot_be_taken_back() {
    for (arcade, undoable) in [(true, false), (false, true)] {
        let (g, _, _) = duel(arcade);
        let base = crate::testkit::scenario("dogfight");
        let mut s = orrery_core::Session::<Stratoyager>::new(&base, 1).expect("setup");
        s.replace_state(g);
        s.apply(B, &drift()).expect("B's order");
        assert_eq!(s.can_undo(), undoable, "arcade {arcade}");
        assert_eq!(s.undo_by(B), undoable, "arcade {arcade}");
        if arcade {
            assert_eq!(s.game().batch.as_ref().and_then(|b| b.first), Some(B));
        }
    }
}

/// SYO-20 (seed: "players may choose one additional maneuver"): Evasive Maneuver or
/// Yaw, not both. A misaligned unit whose order realigns it (its yaw) may not add
/// evasive; an evasive unit is not asked for a yaw after its MA.
#[test]
fn syo20_evasive_or_yaw_not_both() {
    let (mut g, a, b) = duel(false);
    g.unit_mut(a).facing = Hour(10); // misaligned: course 12, facing 10
    let evasive = |first, second| {
        Action::Maneuver(crate::types::Plan {
            first,
            second,
            evasive: true,
        })
    };
    let thrust = evasive(m(Driver::Accelerate, 2), zero(DriverGroup::B));
    let e = err(&mut g, A, thrust.clone());
    assert!(e.contains("evasive or yaw, not both"), "{e}");
    assert!(!g.legal_actions(A).contains(&thrust));
    // Without thrust it does not realign, so it may fly evasively.
    ok(
        &mut g,
        A,
        evasive(zero(DriverGroup::A), zero(DriverGroup::B)),
    );
    // B flies evasively too: after the MAs nobody is asked for a yaw but A, which
    // flew evasive as well, so the yaw step is skipped for both.
    ok(
        &mut g,
        B,
        evasive(m(Driver::Accelerate, 1), zero(DriverGroup::B)),
    );
    assert!(g.unit(a).evasive && g.unit(b).evasive);
    assert!(!asking(&g, AskKind::Yaw), "{:?}", g.batch);
}

/// SY-08: the `realigned` event names the facing the unit realigned to (its course
/// when the MA began), not its course after the maneuvers.
#[test]
fn sy08_realigned_event_names_the_facing_realigned_to() {
    let (mut g, a, _) = duel(false);
    let u = g.unit_mut(a);
    u.course = Hour(1);
    u.facing = Hour(10);
    ok(
        &mut g,
        A,
        plan(m(Driver::SlidePort, 2), m(Driver::TurnPort, 3)),
    );
    let ev = ok(&mut g, B, drift());
    let realigned: Vec<Hour> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Realigned { unit, facing } if *unit == a => Some(*facing),
            _ => None,
        })
        .collect();
    assert_eq!(realigned, vec![Hour(1)]);
    assert_ne!(g.unit(a).course, Hour(1), "the maneuver turned the course");
}
