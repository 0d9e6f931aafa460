// BS-06 prints its end offsets to four places (0.7071 for √2/2): they are kept as printed.
#![allow(clippy::approx_constant)]

//! The maneuver cards (seed "Maneuvers", BS-06), piloting checks (BS-07), failure
//! (BS-08), the speed limit and thrusters, each acting in a game.

use crate::event::Event;
use crate::maneuver::{fly, maneuver, speeds, Check, MANEUVERS};
use crate::testkit::{fly_card, place, scenario, started};
use crate::BlackSkies;
use orrery_table::{Heading, Point};

const EPS: f64 = 1e-9;

fn close(a: Point, b: Point) -> bool {
    (a.x - b.x).abs() < EPS && (a.y - b.y).abs() < EPS
}

/// A duel at turn 1 with Tigers (fighters 0, 1) heading up (+y) from y = 10 and the
/// Falcons (2, 3) far away on either side at y = 30, heading down.
fn duel() -> BlackSkies {
    let mut g = started(&scenario("duel"), 7);
    place(&mut g, 0, 18.0, 10.0, 0);
    place(&mut g, 1, 14.0, 10.0, 0);
    place(&mut g, 2, 4.0, 30.0, 180);
    place(&mut g, 3, 32.0, 30.0, 180);
    g
}

/// BS-06: every row of the table ends where the table says, from (0, 0) heading +y
/// (forward = +y, left = −x), at S = 8.
#[test]
fn bs06_every_maneuver_ends_where_the_table_says() {
    let s = 8.0;
    // (card, option, forward, left, heading change + = left in degrees)
    let rows: [(u8, u8, f64, f64, i32); 19] = [
        (1, 0, 1.0, 0.0, 0),
        (1, 1, 1.0, 0.0, 0),
        (1, 2, 1.0, 0.0, 0),
        (2, 0, 0.9330, 0.25, 30),
        (2, 1, 0.8536, 0.3536, 45),
        (2, 2, 0.75, 0.4330, 60),
        (3, 0, 0.9330, -0.25, -30),
        (3, 1, 0.8536, -0.3536, -45),
        (3, 2, 0.75, -0.4330, -60),
        (4, 0, 1.0, 0.0, 0),
        (5, 0, 0.5, 0.5, 90),
        (6, 0, 0.5, -0.5, -90),
        (7, 0, 0.7071, 0.0, 0),
        (7, 1, 0.7071, 0.0, 0),
        (8, 0, 0.7071, 0.7071, 0),
        (9, 0, 0.7071, -0.7071, 0),
        (10, 0, 1.0, 0.0, 0),
        (11, 0, 0.25, 0.25, 180),
        (12, 0, 0.25, -0.25, 180),
    ];
    assert_eq!(MANEUVERS.len(), rows.len());
    for (card, option, fwd, left, turn) in rows {
        let m = maneuver(card, option).unwrap();
        let f = fly(m, Point::ORIGIN, Heading(0), s);
        let end = f.end();
        assert!(
            (end.y - fwd * s).abs() < 1e-3,
            "{}: forward {}",
            m.name,
            end.y
        );
        assert!(
            (-end.x - left * s).abs() < 1e-3,
            "{}: left {}",
            m.name,
            -end.x
        );
        assert_eq!(
            f.end_heading,
            Heading::from_degrees(-turn).unwrap(),
            "{}",
            m.name
        );
    }
}

/// Seed: "a fighter moving 8 inches per turn attempts a Hard Left. Its current speed
/// for this turn becomes 6"; BS-06: "F3 L90 F3, end (3, 3) heading +90".
#[test]
fn bs06_worked_hard_left_speed_8_becomes_6() {
    let m = maneuver(5, 0).unwrap();
    assert_eq!(speeds(8, m), (6, 6));
    let mut g = duel();
    g.elements[0].speed = 8;
    let events = fly_card(&mut g, 0, 5, 0);
    assert_eq!(g.elements[0].speed, 6);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Maneuver {
            speeds: (8, 6, 6),
            ..
        }
    )));
    // Lead from (18, 10) heading +y: 3 forward, 3 left = (15, 13), heading 270°.
    assert!(
        close(g.fighters[0].pos, Point::new(15.0, 13.0)),
        "{}",
        g.fighters[0].pos
    );
    assert_eq!(g.fighters[0].heading.degrees(), 270);
    // BS-05: the wingman flew the same maneuver from its own place; offset kept.
    assert!(close(g.fighters[1].pos, Point::new(11.0, 13.0)));
}

/// BS-06: speed changes clamp at 0 and at the speed limit of 12 (seed: "maximum
/// speed limit of 12").
#[test]
fn bs06_speed_limit_12_and_0() {
    let accelerate = maneuver(1, 1).unwrap();
    let afterburner = maneuver(4, 0).unwrap();
    let retros = maneuver(10, 0).unwrap();
    let sharp = maneuver(2, 2).unwrap();
    assert_eq!(speeds(11, accelerate), (11, 12));
    assert_eq!(speeds(10, afterburner), (10, 12));
    assert_eq!(speeds(3, retros), (3, 0));
    assert_eq!(speeds(0, sharp), (0, 0));
    let mut g = duel();
    g.elements[0].speed = 10;
    fly_card(&mut g, 0, 4, 0);
    assert_eq!(g.elements[0].speed, 12);
}

/// Seed "Maneuver Cards": the basic 1–3 for all; Rear thrusters 4–6, Side 7–9,
/// Forward 10–12 (BS-06). The Black Tiger has Rear thrusters.
#[test]
fn bs06_thrusters_unlock_their_cards() {
    let g = duel();
    assert_eq!(g.cards_of(0), vec![1, 2, 3, 4, 5, 6]);
    // The Falcon has all three sets.
    assert_eq!(g.cards_of(1), (1..=12).collect::<Vec<u8>>());
}

/// BS-06: Zigzag makes the fighter jinking until its next activation: −1 to hit it.
#[test]
fn bs06_zigzag_jinks_until_the_next_activation() {
    let mut g = duel();
    g.fighters[2].skill = 4;
    g.fighters[3].skill = 4;
    g.elements[1].speed = 6;
    // Falcons: skill 4 + light 1 = 5 ≥ 1 + … no roll needed for difficulty 3.
    fly_card(&mut g, 1, 7, 0);
    assert!(g.fighters[2].jinking && g.fighters[3].jinking);
    fly_card(&mut g, 1, 1, 0);
    assert!(
        !g.fighters[2].jinking,
        "it ends at the start of its next activation"
    );
}

/// BS-07: "If 1 + modifier ≥ effective difficulty the check passes without a roll and
/// draws nothing from the RNG"; otherwise d10 + modifier ≥ difficulty.
#[test]
fn bs07_piloting_checks_roll_only_when_they_can_fail() {
    assert!(Check::new(2, 1, false, false).automatic());
    assert!(!Check::new(3, 1, false, false).automatic());
    assert_eq!(Check::new(3, 1, false, false).passing_faces(), 9);
    // Doubled when crippled, and again after a failure this turn: × 4.
    assert_eq!(Check::new(3, 2, true, false).difficulty, 6);
    assert_eq!(Check::new(3, 2, true, true).difficulty, 12);
    assert_eq!(Check::new(3, 2, true, true).passing_faces(), 1);
    let mut g = duel();
    g.elements[0].speed = 8;
    g.fighters[0].skill = 1;
    g.fighters[1].skill = 1;
    // Green (1) pilots in medium (0) Black Tigers: Bank Left (difficulty 1) passes
    // without a roll, Hard Left (3) needs one per pilot.
    let before = g.rng.draws();
    fly_card(&mut g, 0, 2, 1);
    assert_eq!(g.rng.draws(), before, "no roll for an automatic pass");
    g.rng.force(&[5, 5]);
    let events = fly_card(&mut g, 0, 5, 0);
    let rolls: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Check(c) => Some((c.fighter, c.roll, c.passed)),
            _ => None,
        })
        .collect();
    assert_eq!(
        rolls,
        vec![(0, Some(5), true), (1, Some(5), true)],
        "lead first"
    );
}

/// BS-07: light fighters +1, heavy −1 (seed "Piloting Check").
#[test]
fn bs07_weight_modifies_the_check() {
    let g = duel();
    let falcon = crate::render::pilot_check(&g, &g.fighters[2], 3);
    assert_eq!(falcon.modifier, 4 + 1);
    let mut heavy = g.clone();
    let bulwark = heavy.designs.len();
    let catalogue = crate::scenario::catalogue();
    heavy
        .designs
        .push(catalogue.into_iter().find(|d| d.name == "Bulwark").unwrap());
    heavy.fighters[0].design = bulwark;
    heavy.fighters[0].skill = 3;
    let c = crate::render::pilot_check(&heavy, &heavy.fighters[0], 3);
    assert_eq!(c.modifier, 3 - 1);
    let tiger = crate::render::pilot_check(&g, &g.fighters[0], 3);
    assert_eq!(tiger.modifier, 2);
}

/// BS-08: a failed check substitutes the easiest basic maneuver the same way at the
/// already-reduced speed; the wingman stays with the lead; only the pilot who failed
/// may not fire. Seed: "failing an Sideslip Left performs a basic Smooth Left".
#[test]
fn bs08_failure_flies_the_substitute_and_grounds_the_guns() {
    let mut g = duel();
    g.elements[0].speed = 8;
    g.fighters[0].skill = 1;
    g.fighters[1].skill = 1;
    // The lead fails (d10 1: 1 + 1 < 3), the wingman passes (d10 9).
    g.rng.force(&[1, 9]);
    let events = fly_card(&mut g, 0, 5, 0);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::LostControl {
            flown: "Smooth Left",
            ..
        }
    )));
    // Penalty kept (8 → 6), no Hard Left: Smooth Left at 6 from (18, 10).
    assert_eq!(g.elements[0].speed, 6);
    let smooth = maneuver(2, 0).unwrap();
    let want = fly(smooth, Point::new(18.0, 10.0), Heading(0), 6.0);
    assert!(close(g.fighters[0].pos, want.end()));
    let wing = fly(smooth, Point::new(14.0, 10.0), Heading(0), 6.0);
    assert!(
        close(g.fighters[1].pos, wing.end()),
        "the wingman remains with him"
    );
    assert!(g.fighters[0].failed && !g.fighters[1].failed);
    // Put a Falcon dead ahead of both: only the wingman is asked to fire.
    let (lx, ly) = (g.fighters[1].pos.x, g.fighters[1].pos.y);
    let h = g.fighters[1].heading.vector();
    place(&mut g, 2, lx + h.x * 5.0, ly + h.y * 5.0, 0);
    g.order = vec![];
    let mut log = Vec::new();
    g.next_shot(0, 0, 0, 0, &mut log);
    match g.phase {
        crate::state::Phase::Fire { fighter, .. } => assert_eq!(fighter, 1),
        ref p => panic!("expected the wingman's guns, got {p:?}"),
    }
}

/// BS-08's substitutes: left → Smooth Left, right → Smooth Right, the rest →
/// Straight.
#[test]
fn bs08_substitutes_by_direction() {
    use crate::maneuver::substitute;
    for (card, option, sub) in [
        (2, 2, "Smooth Left"),
        (5, 0, "Smooth Left"),
        (8, 0, "Smooth Left"),
        (11, 0, "Smooth Left"),
        (3, 1, "Smooth Right"),
        (6, 0, "Smooth Right"),
        (9, 0, "Smooth Right"),
        (12, 0, "Smooth Right"),
        (4, 0, "Straight"),
        (7, 1, "Straight"),
        (10, 0, "Straight"),
    ] {
        assert_eq!(substitute(maneuver(card, option).unwrap()).name, sub);
    }
}
