//! Combat (SY-12, SY-14–SY-21, SY-25): the seed's worked examples and every rule at
//! work, on small hand-built states.

#[path = "combat/builder.rs"]
mod builder;
#[path = "combat/features.rs"]
mod features;
#[path = "combat/flow.rs"]
mod flow;

use crate::combat::*;
use crate::event::Weapon;
use crate::refusal::Refusal;
use crate::state::{Lock, Log};
use crate::*;
use builder::*;
use orrery_table::{Hour, Point, Shape};

// ---------------------------------------------------------------- worked examples

/// Example 1: "Guardian equipped with class 4 Targeting Computer and cruising at speed
/// of 5 opens fire to Blackbuck at Close range, traveling with speed of 3. Attacker
/// calculates THT: 3 (Blackbuck speed) +5 (Guardian speed) -3 (Guardian's TC) = 5. THT
/// =5. Controlling player rolls 2D6 (Close range), scoring 3 & 5. Attacker picks 5
/// (higher score), and Guardian's attack is successful. If same attack would be
/// conducted at Long distance, player would have to pick lower score (3), missing the
/// shot."
#[test]
fn example_1_guardian_fires_at_blackbuck_close_then_long() {
    let mut g = game();
    let guardian = add(&mut g, GUARDIAN, A, 12.0, 5.0, 0, 5);
    let blackbuck = add(&mut g, BLACKBUCK, B, 12.0, 9.0, 6, 3);
    assert_eq!(
        tht(&g, guardian, blackbuck, Weapon::Salvo, Band::Close),
        5,
        "THT =5"
    );
    g.rng.force(&[3, 5]);
    let r = roll_attack(&mut g, guardian, blackbuck, Weapon::Salvo);
    assert_eq!(
        (r.band, r.tht, r.dice.clone(), r.chosen),
        (Band::Close, 5, vec![3, 5], 5)
    );
    assert!(r.hit, "Guardian's attack is successful");
    assert_eq!(r.rerolled, None);

    // "at Long distance … pick lower score (3), missing the shot." This Guardian has
    // Linked (SY-02), so the picked 3 is re-rolled once (SYO); a 4 still misses.
    g.unit_mut(blackbuck).pos = Point::new(12.0, 20.0);
    g.rng.force(&[3, 5, 4]);
    let r = roll_attack(&mut g, guardian, blackbuck, Weapon::Salvo);
    assert_eq!((r.band, r.pick, r.tht), (Band::Long, Pick::Lowest, 5));
    assert_eq!(r.rerolled, Some((0, 3)), "the lower score (3) was picked");
    assert_eq!((r.dice, r.chosen, r.hit), (vec![4, 5], 4, false));
}

/// Example 2: "Guardian's wingman currently has active missile locked on Blackbuck. He
/// fires. … they are at Medium range currently. Attacker is calculating THT:
/// 3(Blackbuck speed) +5(wingman speed) -3(wingman TC)-1 (Guardian sensor) = 4. THT =4.
/// Controlling player rolls 1D6 (Medium range) and keeps the score. He rolls 1 or 2,
/// hence missile misses. If he would roll 4 or more, missile would hit."
#[test]
fn example_2_wingman_locked_missile_at_medium() {
    for face in 1..=6u8 {
        let mut g = game();
        let wingman = add(&mut g, GUARDIAN, A, 12.0, 5.0, 0, 5);
        let blackbuck = add(&mut g, BLACKBUCK, B, 12.0, 15.0, 6, 3);
        g.unit_mut(wingman).lock = Some(Lock {
            target: blackbuck,
            placed_turn: 0,
            locked: true,
        });
        let w = Weapon::LockedMissile(MissileKind::Medium);
        assert_eq!(tht(&g, wingman, blackbuck, w, Band::Medium), 4, "THT =4");
        let launch = missile(MissileOrder::Launch {
            size: MissileKind::Medium,
        });
        assert!(combat_orders(&g, wingman).contains(&launch));
        g.rng.force(&[u32::from(face)]);
        let mut log = Log::new();
        resolve_combat(&mut g, &[(wingman, launch)], &mut log);
        let a = &attacks(&log)[0];
        assert_eq!((a.band, a.dice.clone()), (Band::Medium, vec![face]));
        assert_eq!(a.hit, face >= 4, "face {face}");
        assert_eq!(g.missiles.len(), usize::from(face >= 4));
        assert_eq!(g.unit(wingman).missiles.medium, 1, "spent either way");
        assert_eq!(g.unit(wingman).lock, None, "launching ends the lock");
    }
}

// ---------------------------------------------------------------- SY-05, SY-06, SY-12

/// SY-05: "Point-Blank d ≤ 1; Close 1 < d ≤ 6; Medium ≤ 12; Long ≤ 18; Extreme ≤ 24";
/// beyond 24 no attack.
#[test]
fn sy05_range_band_edges() {
    let cases = [
        (1.0, Some((Band::PointBlank, 3))),
        (1.01, Some((Band::Close, 2))),
        (6.0, Some((Band::Close, 2))),
        (6.01, Some((Band::Medium, 1))),
        (12.0, Some((Band::Medium, 1))),
        (18.0, Some((Band::Long, 2))),
        (24.0, Some((Band::Extreme, 3))),
        (24.01, None),
    ];
    for (d, want) in cases {
        let mut g = game();
        let a = add(&mut g, GUARDIAN, A, 12.0, 1.0, 0, 0);
        let t = add(&mut g, BLACKBUCK, B, 12.0, 1.0 + d, 6, 0);
        assert_eq!(
            combat_orders(&g, a).contains(&salvo(t)),
            want.is_some(),
            "d={d}"
        );
        let r = roll_attack(&mut g, a, t, Weapon::Salvo);
        match want {
            Some((band, n)) => assert_eq!((r.band, r.dice.len()), (band, n)),
            None => assert!(r.dice.is_empty() && !r.hit, "24.01: no attack"),
        }
    }
}

/// SY-06: "Front firing arc: |bearing| ≤ 30° (hours 11–1)", inclusive; Turret 360 "may
/// engage targets all around it".
#[test]
fn sy06_front_arc_and_turret_all_round() {
    let mut g = game();
    let a = add(&mut g, GUARDIAN, A, 12.0, 10.0, 0, 0);
    let edge = g.unit(a).pos.along(Hour(1), 5.0);
    let on = add(&mut g, BLACKBUCK, B, edge.x, edge.y, 6, 0);
    let off = add(&mut g, BLACKBUCK, B, edge.x + 0.01, edge.y, 6, 0);
    let behind = add(&mut g, BLACKBUCK, B, 12.0, 5.0, 0, 0);
    let o = combat_orders(&g, a);
    assert!(o.contains(&salvo(on)), "exactly 30° is in the arc");
    assert!(!o.contains(&salvo(off)) && !o.contains(&salvo(behind)));
    assert_eq!(
        check_combat(&g, a, &salvo(behind)),
        Err(Refusal::NotInArc(behind))
    );
    let v = add(&mut g, VULTURE, A, 12.0, 10.5, 0, 0);
    let o = combat_orders(&g, v);
    assert!(
        o.contains(&salvo(behind)) && o.contains(&salvo(off)),
        "Turret 360"
    );
}

/// SY-12: "LOS from A to B exists unless the segment between their centres touches or
/// crosses any obstacle (boundary included). Units never block LOS."
#[test]
fn sy12_los_blocked_by_obstacle_not_by_units() {
    let mut g = game();
    let a = add(&mut g, GUARDIAN, A, 12.0, 5.0, 0, 0);
    let t = add(&mut g, BLACKBUCK, B, 12.0, 15.0, 6, 0);
    add(&mut g, BLACKBUCK, B, 12.0, 10.0, 6, 0); // a unit in between
    assert!(line_of_sight(&g, g.unit(a).pos, g.unit(t).pos));
    assert!(combat_orders(&g, a).contains(&salvo(t)));
    let rock = |x: f64| Obstacle {
        name: "rock".into(),
        kind: ObstacleKind::Asteroid,
        outline: Shape::Circle {
            center: Point::new(x, 12.0),
            radius: 1.0,
        },
    };
    let blocked = |g: &Stratoyager| crate::view::SyView::new(g, None).blocked_sight;
    assert!(blocked(&g).is_empty());
    g.obstacles.push(rock(13.0)); // tangent to the line of fire: touches
    assert!(!line_of_sight(&g, g.unit(a).pos, g.unit(t).pos));
    // The view tells boards which sight lines are blocked (only between enemies).
    assert_eq!(blocked(&g), vec![[a.min(t), a.max(t)]]);
    assert_eq!(
        check_combat(&g, a, &salvo(t)),
        Err(Refusal::NoLineOfSight(t))
    );
    g.obstacles[0] = rock(13.01);
    assert!(line_of_sight(&g, g.unit(a).pos, g.unit(t).pos));
}

// ---------------------------------------------------------------- SY-17 THT

/// SY-17: "hit if the chosen die ≥ THT (THT ≤ 1 always hits)".
#[test]
fn sy17_tht_at_most_1_always_hits() {
    let mut g = game();
    let a = add(&mut g, GUARDIAN, A, 12.0, 5.0, 0, 1);
    let t = add(&mut g, BLACKBUCK, B, 12.0, 15.0, 6, 0);
    assert_eq!(tht(&g, a, t, Weapon::Salvo, Band::Medium), -2);
    g.rng.force(&[1]);
    let r = roll_attack(&mut g, a, t, Weapon::Salvo);
    assert!(r.hit && r.chosen == 1);
}

/// Seed: "If THT is larger than 6, shot is automatic failure" — project ruling: not
/// offered, and no die is rolled.
#[test]
fn sy17_tht_over_6_not_offered() {
    let mut g = game();
    let a = add(&mut g, GUARDIAN, A, 12.0, 5.0, 0, 5);
    let t = add(&mut g, BLACKBUCK, B, 12.0, 15.0, 6, 4);
    assert_eq!(tht(&g, a, t, Weapon::Salvo, Band::Medium), 6);
    assert!(combat_orders(&g, a).contains(&salvo(t)));
    g.unit_mut(t).speed = 5;
    assert!(!combat_orders(&g, a).contains(&salvo(t)));
    assert_eq!(
        check_combat(&g, a, &salvo(t)),
        Err(Refusal::ThtOver { tht: 7, target: t })
    );
    let draws = g.rng.draws();
    let r = roll_attack(&mut g, a, t, Weapon::Salvo);
    assert!(!r.hit && r.dice.is_empty() && g.rng.draws() == draws);
}

/// SY-17: "+2 per Greyout on the attacker, +2 if the defender is Evasive"; SY-10
/// Evasive is its own Greyout, "stacking with a stress Greyout to +4".
#[test]
fn sy17_sy10_greyout_and_evasive_modifiers() {
    let mut g = game();
    let a = add(&mut g, GUARDIAN, A, 12.0, 5.0, 0, 2);
    let t = add(&mut g, BLACKBUCK, B, 12.0, 15.0, 6, 2);
    let base = tht(&g, a, t, Weapon::Salvo, Band::Medium);
    assert_eq!(base, 1);
    g.unit_mut(a).greyout = true;
    assert_eq!(tht(&g, a, t, Weapon::Salvo, Band::Medium), base + 2);
    g.unit_mut(a).evasive = true;
    assert_eq!(tht(&g, a, t, Weapon::Salvo, Band::Medium), base + 4);
    g.unit_mut(t).evasive = true;
    assert_eq!(tht(&g, a, t, Weapon::Salvo, Band::Medium), base + 6);
}
