//! Ship weapons in the attack phase: targets and range, fast targets and flak
//! halving, intercept, flanking, flak barrages, nebulae, terrain modifiers, warp
//! (seed "How to Attack with a Weapons System"; LF-04, LF-05, LF-10, LF-11, LF-19,
//! LF-21). Each test names the clause it checks.

use super::attack_support;

use crate::state::{Decision, Location};
use crate::testkit::{design, Sandbox};
use crate::{Action, BarrageResult, Event, SquadronFate, TerrainKind, UnitId};
use attack_support::*;
use orrery_core::{Game, Seat};
use orrery_hex::{Dir, Hex};

/// Seed "Fast Targets and Cannons": "If your target has a higher move level than your
/// cannon level, halve the number of attack dice in the pool, rounding up." (LF-10)
#[test]
fn fast_targets_halve_cannons_rounding_up() {
    for (cannons, target_move, expected) in [(3, 4, 2), (3, 3, 3), (2, 5, 1), (5, 5, 5), (1, 2, 1)]
    {
        let (mut g, _, t) = duel(
            design("Shooter", cannons, 0, 0, 5, 3),
            design("Target", 1, 0, 0, 5, target_move),
        );
        let ev = play(&mut g, 0, Action::FireCannons { target: t });
        assert_eq!(
            pool_dice(&ev),
            Some(expected),
            "cannons {cannons} vs Move {target_move}"
        );
    }
    // "Launchers are never halved" (LF-10).
    let (mut g, _, t) = duel(
        with_missiles(design("Shooter", 0, 4, 0, 5, 3), 8),
        design("Target", 1, 0, 0, 5, 5),
    );
    let ev = fire_launchers(&mut g, t, 3);
    assert_eq!(pool_dice(&ev), Some(3));
}

/// Seed: "If cannons are firing flak at fighters and the ship has a cannons stat less
/// than 5 (because all fighters move 5), halve the number of dice in the pool,
/// rounding up." Launcher flak is not halved and cannot be intercepted (LF-05,
/// LFO-12).
#[test]
fn flak_halving_and_launcher_flak() {
    for (cannons, expected) in [(4, 2), (5, 5), (1, 1)] {
        let mut sb = Sandbox::new(2);
        let (a, sq) = shooter_and_a_squadron_alongside(
            &mut sb,
            with_missiles(design("S", cannons, 3, 0, 5, 3), 6),
        );
        let mut g = activated(sb, 3, a);
        let ev = play(&mut g, 0, Action::FireCannons { target: sq });
        assert_eq!(pool_dice(&ev), Some(expected));
        play(&mut g, 0, Action::StopFiring);
        let ev = fire_launchers(&mut g, sq, 3);
        assert_eq!(pool_dice(&ev), Some(3));
        assert!(g.pending.is_empty(), "no intercept against flak");
    }
}

/// LF-10 targets: "A ship up to 5 spaces away" or "An adjacent fighter squadron", an
/// opponent's; each system once; missiles 1..=min(launchers, missiles left).
#[test]
fn targets_range_and_system_limits() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let a = ship(
        &mut sb,
        0,
        with_missiles(design("S", 2, 3, 0, 5, 3), 2),
        o,
        Dir::N,
    );
    let own = ship(
        &mut sb,
        0,
        design("Own", 1, 0, 0, 5, 1),
        o.step(Dir::S),
        Dir::N,
    );
    let near = ship(
        &mut sb,
        1,
        design("Near", 1, 0, 1, 5, 1),
        o.steps(Dir::N, 5),
        Dir::S,
    );
    let far = ship(
        &mut sb,
        1,
        design("Far", 1, 0, 0, 5, 1),
        o.steps(Dir::Ne, 6),
        Dir::S,
    );
    let sq_far = squadron(&mut sb, 1, near, o.steps(Dir::Se, 2));
    let mut g = activated(sb, 3, a);
    assert!(reject(&mut g, 0, Action::FireCannons { target: far }).contains("beyond range 5"));
    assert!(reject(&mut g, 0, Action::FireCannons { target: own }).contains("your own"));
    assert!(reject(&mut g, 0, Action::FireCannons { target: sq_far }).contains("adjacent"));
    reject(
        &mut g,
        0,
        Action::FireLaunchers {
            target: near,
            missiles: 3,
        },
    );
    reject(
        &mut g,
        0,
        Action::FireLaunchers {
            target: near,
            missiles: 0,
        },
    );
    reject(&mut g, 0, Action::Dogfight { target: sq_far });
    play(&mut g, 0, Action::FireCannons { target: near });
    // While the pool is open nothing else may start.
    reject(
        &mut g,
        0,
        Action::FireLaunchers {
            target: near,
            missiles: 1,
        },
    );
    reject(&mut g, 0, Action::EndActivation);
    play(&mut g, 0, Action::StopFiring);
    reject(&mut g, 0, Action::FireCannons { target: near });
    fire_launchers(&mut g, near, 2);
    assert_eq!(g.unit(a).ship().unwrap().missiles, 0);
    play(&mut g, 0, Action::StopFiring);
    // Both systems used: the activation ended by itself.
    assert!(g.activation.is_none());
}

/// LF-05: interceptors are the target owner's active squadrons adjacent to it and not
/// in its arc opposite the incoming missiles; up to 3, each rolls 4+; LF-04: the
/// flanking bonus doubles the pool after the intercept. LFO-10: interceptors are listed
/// once each in ascending id order.
#[test]
fn intercept_from_the_rear_then_flanking_doubles() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let (t, a) = target_and_missile_ship(&mut sb, o.steps(Dir::S, 3));
    let front = squadron(&mut sb, 1, t, o.step(Dir::N));
    let rear_se = squadron(&mut sb, 1, t, o.step(Dir::Se));
    let rear_sw = squadron(&mut sb, 1, t, o.step(Dir::Sw));
    let rear_inactive = squadron(&mut sb, 1, t, o.step(Dir::S));
    flip(&mut sb, rear_inactive);
    let own = squadron(&mut sb, 0, a, o.step(Dir::Nw));
    let mut g = activated(sb, 3, a);
    fire_launchers(&mut g, t, 3);
    assert_eq!(top(&g), Some((1, Decision::Intercept { target: t })));
    // Rear missiles: squadrons in the front arc, inactive ones and the attacker's may
    // not intercept.
    assert_eq!(
        g.legal_actions(Seat(1)),
        vec![
            Action::Intercept { squadrons: vec![] },
            Action::Intercept {
                squadrons: vec![rear_se]
            },
            Action::Intercept {
                squadrons: vec![rear_sw]
            },
            Action::Intercept {
                squadrons: vec![rear_se, rear_sw]
            },
        ]
    );
    for bad in [front, rear_inactive, own] {
        reject(
            &mut g,
            1,
            Action::Intercept {
                squadrons: vec![bad],
            },
        );
    }
    assert!(reject(
        &mut g,
        1,
        Action::Intercept {
            squadrons: vec![rear_sw, rear_se],
        },
    )
    .contains("(LFO-10)"));
    reject(
        &mut g,
        1,
        Action::Intercept {
            squadrons: vec![rear_se, rear_se],
        },
    );
    audit(&g);
    g.rng.force(&[4, 3]);
    let ev = play(
        &mut g,
        1,
        Action::Intercept {
            squadrons: vec![rear_se, rear_sw],
        },
    );
    // 3 missiles − 1 intercepted = 2, doubled for flanking = 4.
    assert_eq!(pool_dice(&ev), Some(4));
    assert_eq!(g.unit(a).ship().unwrap().missiles, 3);
    assert_eq!(to_move(&g), vec![0]);
}

/// LF-05: "Incoming missiles fired at the side of a ship are in no particular arc …
/// and could be intercepted by any 3 fighters so long as those fighters were adjacent
/// to the defending ship."
#[test]
fn intercept_side_line_missiles_any_three_adjacent() {
    let o = origin();
    let side = Hex::new(o.q + 2, o.r - 1);
    assert_eq!(o.arc(Dir::N, side), orrery_hex::Arc::SideLine);
    let mut sb = Sandbox::new(2);
    let (t, a) = target_and_missile_ship(&mut sb, side);
    let sqs: Vec<UnitId> = [Dir::N, Dir::S, Dir::Sw, Dir::Nw]
        .into_iter()
        .map(|d| squadron(&mut sb, 1, t, o.step(d)))
        .collect();
    let mut g = activated(sb, 3, a);
    let ev = fire_launchers(&mut g, t, 3);
    assert_eq!(pool_dice(&ev), None, "the pool waits for the intercept");
    // 4 eligible: subsets of at most 3 = 1 + 4 + 6 + 4.
    assert_eq!(g.legal_actions(Seat(1)).len(), 15);
    assert!(reject(
        &mut g,
        1,
        Action::Intercept {
            squadrons: sqs.clone()
        }
    )
    .contains("at most 3"));
    g.rng.force(&[6, 6, 6]);
    let ev = play(
        &mut g,
        1,
        Action::Intercept {
            squadrons: sqs[..3].to_vec(),
        },
    );
    assert_eq!(pool_dice(&ev), Some(0));
    // All missiles stopped: the pool is over, nothing else to do.
    assert!(g.activation.is_none());
}

/// Seed "Flak": "barrages can be rolled against any adjacent enemy fighter squadron as
/// long as there are still dice left in the pool. The same squadron can be attacked
/// multiple times." A hit on an inactive squadron or a direct hit eliminates it.
/// LFO-12: every flak barrage names its squadron. LFO-11: the attacker's dice, then
/// the squadron's defence die.
#[test]
fn flak_at_several_squadrons() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let (a, h) = flak_ship_and_host(&mut sb);
    let x = squadron(&mut sb, 1, h, o.step(Dir::N));
    let y = squadron(&mut sb, 1, h, o.step(Dir::Sw));
    let mut g = activated(sb, 3, a);
    let ev = play(&mut g, 0, Action::FireCannons { target: x });
    assert_eq!(pool_dice(&ev), Some(5), "cannons 5: no flak halving");
    audit(&g);
    g.rng.force(&[2, 2, 3]);
    barrage(&mut g, 2, Some(x));
    play(
        &mut g,
        0,
        Action::HitSquadron {
            fate: SquadronFate::Flip,
        },
    );
    assert!(!is_active(&g, x));
    g.rng.force(&[5, 4]);
    let ev = barrage(&mut g, 1, Some(x));
    assert!(ev.contains(&Event::SquadronEliminated {
        squadron: x,
        by: Some(Seat(0))
    }));
    g.rng.force(&[6, 2]);
    let ev = barrage(&mut g, 1, Some(y));
    assert_eq!(barrages(&ev)[0].4, BarrageResult::DirectHit);
    assert_eq!(g.unit(y).location, Location::Eliminated);
    // One die left but no enemy squadron adjacent: the pool and activation are over.
    assert!(g.activation.is_none());
}

/// Seat 0's shooter ("S": cannons 2, launchers 2, 4 missiles) at the origin, and two
/// seat-1 ships, one adjacent to the north ("Near") and one two hexes south ("Two"),
/// all facing north. Returns (shooter, near, two).
fn shooter_with_targets_at_one_and_two(sb: &mut Sandbox) -> (UnitId, UnitId, UnitId) {
    let o = origin();
    let a = ship(
        sb,
        0,
        with_missiles(design("S", 2, 2, 0, 5, 3), 4),
        o,
        Dir::N,
    );
    let near = ship(sb, 1, design("Near", 1, 0, 0, 5, 1), o.step(Dir::N), Dir::N);
    let two = ship(
        sb,
        1,
        design("Two", 1, 0, 0, 5, 1),
        o.steps(Dir::S, 2),
        Dir::N,
    );
    (a, near, two)
}

/// Seed "Nebulae": "units in a nebula space may only attack or be attacked by
/// adjacent units" (LF-10).
#[test]
fn nebula_limits_attacks_to_adjacent_units() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let (a, near, two) = shooter_with_targets_at_one_and_two(&mut sb);
    let hidden = ship(
        &mut sb,
        1,
        design("Hidden", 1, 0, 0, 5, 1),
        o.steps(Dir::Se, 3),
        Dir::N,
    );
    terrain(&mut sb, TerrainKind::Nebula, o.steps(Dir::Se, 3));
    let mut g = activated(sb, 3, a);
    assert!(reject(&mut g, 0, Action::FireCannons { target: hidden }).contains("nebula"));
    play(&mut g, 0, Action::FireCannons { target: two });
    play(&mut g, 0, Action::StopFiring);
    let _ = near;

    // Now the attacker sits in the nebula.
    let mut sb = Sandbox::new(2);
    let (a, near, two) = shooter_with_targets_at_one_and_two(&mut sb);
    terrain(&mut sb, TerrainKind::Nebula, o);
    let mut g = activated(sb, 3, a);
    assert!(reject(
        &mut g,
        0,
        Action::FireLaunchers {
            target: two,
            missiles: 1
        }
    )
    .contains("nebula"));
    reject(&mut g, 0, Action::FireCannons { target: two });
    play(&mut g, 0, Action::FireCannons { target: near });
}

/// Seed "Moons and Planetoids" and "Asteroids" (LF-11, LF-21): −1 against a
/// non-adjacent target adjacent to a moon or planetoid, −1 against a target in an
/// asteroid hex, per barrage; the total may not drop below 1; all ones still miss.
#[test]
fn terrain_modifiers_on_barrages() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let a = ship(&mut sb, 0, design("S", 4, 0, 0, 5, 3), o, Dir::N);
    let tt = o.steps(Dir::N, 3);
    let t = ship(&mut sb, 1, design("Rock hider", 2, 0, 0, 2, 1), tt, Dir::S);
    terrain(&mut sb, TerrainKind::Asteroid, tt);
    terrain(&mut sb, TerrainKind::Planetoid, tt.step(Dir::N));
    let mut g = activated(sb, 3, a);
    let ev = play(&mut g, 0, Action::FireCannons { target: t });
    assert_eq!(pool_dice(&ev), Some(4));
    g.rng.force(&[4]);
    let b = barrages(&barrage(&mut g, 1, None));
    assert_eq!((b[0].1, b[0].2, b[0].4), (-2, 2, BarrageResult::Miss));
    g.rng.force(&[1]);
    let b = barrages(&barrage(&mut g, 1, None));
    assert_eq!((b[0].2, b[0].4), (1, BarrageResult::AutoMiss));
    g.rng.force(&[1, 2]);
    let b = barrages(&barrage(&mut g, 2, None));
    assert_eq!(
        (b[0].2, b[0].4),
        (1, BarrageResult::Miss),
        "3 − 2 = 1, never below 1"
    );

    // Adjacent attacker: the moon modifier does not apply, the asteroid one does.
    let mut sb = Sandbox::new(2);
    let a = ship(&mut sb, 0, design("S", 4, 0, 0, 5, 3), o, Dir::N);
    let t = ship(
        &mut sb,
        1,
        design("Close", 2, 0, 0, 2, 1),
        o.step(Dir::N),
        Dir::S,
    );
    terrain(&mut sb, TerrainKind::Moon, o.steps(Dir::N, 2));
    let mut g = activated(sb, 3, a);
    play(&mut g, 0, Action::FireCannons { target: t });
    g.rng.force(&[5]);
    let b = barrages(&barrage(&mut g, 1, None));
    assert_eq!((b[0].1, b[0].2, b[0].4), (0, 5, BarrageResult::DirectHit));
}

/// LF-19 optional rule: "A ship may not move and/or fire in the turn it engages warp."
#[test]
fn warp_option_forbids_firing() {
    let (mut g, a, t) = duel(design("S", 2, 0, 0, 5, 3), design("T", 1, 0, 0, 5, 1));
    g.options.warp_no_move_fire = true;
    g.unit_mut(a).ship_mut().unwrap().warp_declared = true;
    assert!(reject(&mut g, 0, Action::FireCannons { target: t }).contains("warp"));
    g.options.warp_no_move_fire = false;
    play(&mut g, 0, Action::FireCannons { target: t });
}
