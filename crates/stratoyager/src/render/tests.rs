use super::*;
use crate::action::Action;
use crate::quick::parse_order;
use orrery_core::{Game, Rng};

use crate::testkit::{dogfight_at_first_maneuver as at_maneuver, scenario};

#[test]
fn map_and_cards_show_units_ranges_and_limits() {
    let g = at_maneuver();
    let seat = Seat(0);
    let t = render_text(&g, Some(seat));
    println!("{t}");
    assert!(t.contains("1^"), "Guardian mark and facing:\n{t}");
    assert!(t.contains("av"), "Blackbuck mark and facing:\n{t}");
    assert!(t.contains("Scale: |"), "{t}");
    assert!(
        t.contains("shields 2/2  structure 3/3  missiles 2 medium"),
        "{t}"
    );
    assert!(t.contains("-> Blackbuck Mk II (a): "), "{t}");
    assert!(t.contains(" klicks ("), "{t}");
    assert!(t.contains("IN FRONT ARC"), "{t}");
    assert!(t.contains("acc <= 8 (safe 4)"), "{t}");
    assert!(t.contains("dec <= 5 (safe 3"), "{t}");
    assert!(t.contains("turn <= 6 (safe 3)"), "{t}");
    assert!(t.contains("Stress dice = thrust over safe"), "{t}");
    assert!(t.contains("Victory points"), "{t}");
}

#[test]
fn secret_orders_stay_secret() {
    let mut g = at_maneuver();
    let seat = Seat(0);
    let a = parse_order(&g, seat, "acc 3, turn port 2").unwrap();
    let text = describe_action(&g, Some(seat), &a[0]);
    assert!(text.contains("acc 3, turn port 2"), "{text}");
    assert!(text.contains("stress di"), "{text}");
    g.apply(seat, &a[0]).unwrap();
    let other = Seat(1 - seat.0);
    if g.to_move().contains(&other) {
        let theirs = render_text(&g, Some(other));
        assert!(!theirs.contains("turn port 2"), "{theirs}");
        let spectator = render_text(&g, None);
        assert!(!spectator.contains("turn port 2"), "{spectator}");
    }
    if g.batch.as_ref().is_some_and(|b| b.unrevealed(seat) > 0) {
        let mine = render_text(&g, Some(seat));
        assert!(mine.contains("Your order:"), "{mine}");
        assert!(mine.contains("turn port 2"), "{mine}");
    }
}

#[test]
fn describes_maneuvers_with_stress_and_placement() {
    let g = at_maneuver();
    let seat = Seat(0);
    let (_, unit, _) = asked_unit(&g, seat).unwrap();
    let name = g.unit(unit).label.clone();
    let a = parse_order(&g, seat, "turn port 5, ev").unwrap();
    let s = describe_action(&g, Some(seat), &a[0]);
    assert!(
        s.starts_with(&format!("{name}: turn port 5, no acc, evasive (")),
        "{s}"
    );
    let s = describe_order(
        &g,
        Some(seat),
        Some(UnitId(0)),
        &Action::Place {
            x: 12,
            y: 1,
            course: 0,
            speed: 5,
        },
    );
    assert_eq!(
        s,
        "place Guardian 151a at (12, 1) course 12 o'clock speed 5"
    );
    // No batch: no panic.
    let mut h = g.clone();
    h.batch = None;
    assert!(!describe_action(&h, Some(seat), &a[0]).is_empty());
    assert!(!describe_action(&h, None, &Action::Combat(crate::CombatOrder::Hold)).is_empty());
}

/// Every action and event of random games describes without panicking, and the
/// pictures render.
#[test]
fn renders_random_games() {
    for name in ["pilot-episode", "asteroid-ambush", "dogfight"] {
        let mut g = Stratoyager::setup(&scenario(name), 11).expect("setup");
        let mut r = Rng::seed_from(11);
        let mut steps = 0;
        let mut saw_attack = false;
        while !g.is_terminal() && steps < 3000 {
            let tm = g.to_move();
            let seat = tm[r.index(tm.len())];
            let legal = g.legal_actions(seat);
            if legal.len() < 400 {
                for a in &legal {
                    assert!(!describe_action(&g, Some(seat), a).is_empty());
                }
            }
            if steps % 25 == 0 {
                assert!(render_text(&g, Some(seat)).contains("Victory points"));
                assert!(render_text(&g, None).contains("Table"));
            }
            // Fight rather than bail out, so combat events are described too.
            let keen: Vec<&Action> = legal
                .iter()
                .filter(|a| {
                    !matches!(
                        a,
                        Action::Combat(crate::CombatOrder::Eject { .. })
                            | Action::Leave { withdraw: true }
                            | Action::Deploy { card: None }
                    )
                })
                .collect();
            let a = if keen.is_empty() {
                legal[r.index(legal.len())].clone()
            } else {
                keen[r.index(keen.len())].clone()
            };
            for e in g.apply(seat, &a).unwrap() {
                let s = describe_event(&g, &e.event);
                assert!(!s.is_empty() && !s.starts_with('{'), "{s}");
                if s.contains(" at ") && s.contains("THT") && s.contains("rolled") {
                    saw_attack = true;
                }
            }
            steps += 1;
        }
        println!("{name}: {steps} steps, attacks seen: {saw_attack}");
        println!("{}", render_text(&g, None));
    }
}

#[test]
fn describes_attacks_damage_and_stress() {
    use crate::event::{AttackRoll, DamageRoll, Event, StressTier, Weapon};
    use crate::types::Pick;
    let g = at_maneuver();
    let e = Event::Attack(AttackRoll {
        attacker: UnitId(0),
        target: UnitId(1),
        weapon: Weapon::Salvo,
        distance: 4.2,
        band: Band::Close,
        tht: 5,
        dice: vec![3, 5],
        pick: Pick::Highest,
        rerolled: None,
        chosen: 5,
        hit: true,
    });
    assert_eq!(
        describe_event(&g, &e),
        "Guardian 151a fires at Blackbuck Mk II at close (4.2 klicks): THT 5, rolled 3 5 → hit"
    );
    let e = Event::HullStress {
        unit: UnitId(0),
        dice: vec![4, 2],
        fails: 1,
        tier: StressTier::Greyout,
    };
    assert_eq!(
        describe_event(&g, &e),
        "Guardian 151a hull stress: 2 dice [4, 2], 1 fail → greyout"
    );
    let e = Event::Damage(DamageRoll {
        target: UnitId(1),
        aspect: orrery_table::Aspect::Fore,
        dice: vec![5, 2],
        armor: 5,
        points: 1,
        absorbed: 1,
        structure_lost: 0,
        shields_after: 0,
        structure_after: 3,
    });
    let s = describe_event(&g, &e);
    assert!(
        s.starts_with("Blackbuck Mk II hit on the fore: damage [5, 2] vs armour 5 → 1 point"),
        "{s}"
    );
    // Unknown units never panic.
    let s = describe_event(&g, &Event::LeftTable { unit: UnitId(77) });
    assert_eq!(s, "unit #77 leaves the table");
}

/// Issue 9 §3: "at Stratoyager placement, `(12, 2)` placed the ship at speed 0 (about
/// 120 actions matched; it took the first). A filter only filters." Bare coordinates
/// are no order (so `play` lists the matching placements); `place 12 2` is one.
#[test]
fn issue9_bare_coordinates_are_a_filter_not_a_placement() {
    let mut g = Stratoyager::setup(&scenario("dogfight"), 5).unwrap();
    for _ in 0..10 {
        let seat = g.to_move()[0];
        match asked_unit(&g, seat) {
            Some((crate::state::AskKind::Place, _, _)) => {
                for text in ["(12, 2)", "12 2", "12, 2 speed 5"] {
                    let e = parse_order(&g, seat, text).expect_err(text);
                    assert!(e.contains(crate::quick::NOTHING_MATCHED), "{text}: {e}");
                }
                let y = if seat.0 == 0 { 1 } else { 23 };
                let ok = parse_order(&g, seat, &format!("place 12 {y} speed 4")).unwrap();
                assert!(
                    matches!(
                        ok[0],
                        Action::Place {
                            x: 12,
                            speed: 4,
                            ..
                        }
                    ),
                    "{ok:?}"
                );
                return;
            }
            Some((crate::state::AskKind::Deploy, _, _)) => {
                let a = parse_order(&g, seat, "card 1").unwrap().remove(0);
                g.apply(seat, &a).unwrap();
            }
            _ => {
                let a = g.legal_actions(seat)[0].clone();
                g.apply(seat, &a).unwrap();
            }
        }
    }
    panic!("no placement question reached");
}
