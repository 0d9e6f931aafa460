//! The attack phase: the seed's worked examples as written ("So Many Targets, So
//! Little Time", "Beta Squadron", flanking examples A/B/C) and the Step Chart in the
//! attack steps (LF-08). More rules in `attack_fire.rs`, `attack_hits.rs`,
//! `attack_fighters.rs`; a local conformance walk in `attack_walk.rs`.

use super::attack_support;

use crate::state::{Decision, Location, Phase};
use crate::testkit::{design, Sandbox};
use crate::{Action, BarrageResult, Event, SquadronFate, Stat, UnitId};
use attack_support::*;
use orrery_core::Game;
use orrery_hex::Dir;

/// Seed, Attack Examples, "So Many Targets, So Little Time" (LF-10, LF-11, LF-14,
/// LF-05, LF-13), as written:
/// - ship #1 (cannons 2, launchers 4, 7 missiles) fires flak at the adjacent enemy
///   squadron in its rear arc: "the 2 cannons is less than the fighter's move (5) so
///   reduce the pool in half from 2 dice to 1";
/// - "gets a 4. The fighter … rolls … a 2 … the barrage scored a hit but not a direct
///   hit, which would have required a 5"; "The attacker chooses return to base" — the
///   fighter goes "upside down on the record sheet of ship #3";
/// - then "fires 4 missiles at into the front arc of the enemy ship … crosses 4
///   missiles off"; one adjacent fighter in its front arc intercepts with a 5: pool 3;
/// - "roll 2 dice from his pool of 3 … The 2 dice roll a 10 … not quite" a direct hit
///   against defense 5; missiles: the attacker chooses, defense 5 → 4;
/// - "A roll of 4 fails to beat the defense of 4 – it is a miss."
#[test]
fn so_many_targets_so_little_time() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let mut d1 = design("Ship 1", 2, 4, 0, 5, 3);
    d1.missiles = 7;
    let ship1 = ship(&mut sb, 0, d1, o, Dir::N);
    // Ship #3 ahead, facing ship #1: the missiles go into its front arc.
    let t = o.steps(Dir::N, 3);
    let ship3 = ship(&mut sb, 1, design("Ship 3", 0, 0, 1, 5, 2), t, Dir::S);
    let rear_fighter = squadron(&mut sb, 1, ship3, o.step(Dir::S));
    let front_fighter = squadron(&mut sb, 1, ship3, t.step(Dir::Se));
    attack_step(&mut sb, 3);
    let mut g = sb.build();

    assert_eq!(to_move(&g), vec![0]);
    play(&mut g, 0, Action::Activate { unit: ship1 });

    // Cannons first: flak at the squadron in the rear arc.
    assert_eq!(
        o.arc(Dir::N, o.step(Dir::S)),
        orrery_hex::Arc::Rear,
        "the fighter is in ship #1's rear arc"
    );
    let ev = play(
        &mut g,
        0,
        Action::FireCannons {
            target: rear_fighter,
        },
    );
    assert_eq!(
        pool_dice(&ev),
        Some(1),
        "2 cannons < fighter move 5: 2 dice → 1"
    );
    // Flak barrages name the squadron.
    reject(
        &mut g,
        0,
        Action::Barrage {
            dice: 1,
            target: None,
        },
    );
    reject(
        &mut g,
        0,
        Action::Barrage {
            dice: 2,
            target: Some(rear_fighter),
        },
    );
    // A direct hit "would have required a 5" (more than double the defence 2): it
    // eliminates the squadron (checked on a copy).
    let mut direct = g.clone();
    direct.rng.force(&[5, 2]);
    let ev = play(
        &mut direct,
        0,
        Action::Barrage {
            dice: 1,
            target: Some(rear_fighter),
        },
    );
    assert_eq!(barrages(&ev)[0].4, BarrageResult::DirectHit);
    assert_eq!(direct.unit(rear_fighter).location, Location::Eliminated);
    g.rng.force(&[4, 2]);
    let ev = barrage(&mut g, 1, Some(rear_fighter));
    let b = barrages(&ev);
    assert_eq!(b.len(), 1);
    assert_eq!(
        (b[0].0.clone(), b[0].3, b[0].4),
        (vec![4], 2, BarrageResult::Hit)
    );
    assert_eq!(
        top(&g),
        Some((
            0,
            Decision::SquadronHit {
                squadron: rear_fighter
            }
        )),
        "the attacker chooses flip or return to base"
    );
    play(
        &mut g,
        0,
        Action::HitSquadron {
            fate: SquadronFate::ReturnToBase,
        },
    );
    assert_eq!(g.unit(rear_fighter).location, Location::Aboard(ship3));
    assert!(
        !is_active(&g, rear_fighter),
        "upside down on ship #3's record sheet"
    );
    assert!(g.activation.as_ref().is_some_and(|a| a.pool.is_none()));

    // Launchers: 4 missiles into the front arc of ship #3.
    assert_eq!(t.arc(Dir::S, o), orrery_hex::Arc::Front);
    fire_launchers(&mut g, ship3, 4);
    assert_eq!(
        g.unit(ship1).ship().unwrap().missiles,
        3,
        "4 of 7 crossed off"
    );
    assert_eq!(top(&g), Some((1, Decision::Intercept { target: ship3 })));
    assert_eq!(
        g.legal_actions(orrery_core::Seat(1)),
        vec![
            Action::Intercept { squadrons: vec![] },
            Action::Intercept {
                squadrons: vec![front_fighter]
            },
        ]
    );
    g.rng.force(&[5]);
    let ev = play(
        &mut g,
        1,
        Action::Intercept {
            squadrons: vec![front_fighter],
        },
    );
    assert!(ev.contains(&Event::InterceptRoll {
        squadron: front_fighter,
        roll: 5,
        success: true
    }));
    assert_eq!(
        pool_dice(&ev),
        Some(3),
        "4 dice, 1 intercepted, no flanking"
    );

    // 2 of the 3 dice: 10 against defense 5 — a hit, a direct hit needs 11 (on a
    // copy: 11 is a direct missile hit, the attacker reduces 2 levels).
    let mut direct = g.clone();
    direct.rng.force(&[5, 6]);
    let ev = play(
        &mut direct,
        0,
        Action::Barrage {
            dice: 2,
            target: None,
        },
    );
    assert_eq!(barrages(&ev)[0].4, BarrageResult::DirectHit);
    assert!(matches!(
        top(&direct),
        Some((0, Decision::ReduceStats { levels: 2, .. }))
    ));
    g.rng.force(&[5, 5]);
    let ev = barrage(&mut g, 2, None);
    let b = barrages(&ev);
    assert_eq!((b[0].2, b[0].3, b[0].4), (10, 5, BarrageResult::Hit));
    assert_eq!(
        top(&g),
        reduction_owed(0, ship3, 1),
        "missile hit: the attacker chooses one stat"
    );
    reduce(&mut g, 0, vec![Stat::Defense]);
    assert_eq!(stats(&g, ship3).defense, 4);

    // The last die: 4 against the new defense 4 is a miss.
    g.rng.force(&[4]);
    let ev = barrage(&mut g, 1, None);
    let b = barrages(&ev);
    assert_eq!((b[0].2, b[0].3, b[0].4), (4, 4, BarrageResult::Miss));

    // Both weapons systems used, no bays: ship #1's activation is over and the token
    // moves down to step 2, where ship #3 (Move 2) attacks.
    assert!(g.activation.is_none());
    assert_eq!(g.phase, Phase::Attack { step: 2 });
    assert_eq!(to_move(&g), vec![1]);
    assert!(g.fired_this_turn);
}

/// Beta: seat 0's squadron at the origin, its carrier ("Far carrier") eight hexes
/// south-west, too far to land on; seat 1's "Enemy host" (Move 2) four hexes north,
/// facing south. Returns (enemy host, Beta).
fn beta_and_the_enemy_host(sb: &mut Sandbox) -> (UnitId, UnitId) {
    let o = origin();
    let far = ship(
        sb,
        0,
        design("Far carrier", 0, 0, 2, 5, 0),
        o.steps(Dir::Sw, 8),
        Dir::N,
    );
    let host = ship(
        sb,
        1,
        design("Enemy host", 1, 0, 2, 5, 2),
        o.steps(Dir::N, 4),
        Dir::S,
    );
    (host, squadron(sb, 0, far, o))
}

/// Seed, Attack Examples, "Beta Squadron" (LF-12, LF-14), as written: Beta "rolls a
/// 5 and the defender rolls a 2 … a direct hit! The enemy squadron is eliminated. Beta
/// chooses to advance into the newly vacated space." Then "the other enemy squadron …
/// rolls a 4 and Beta squadron defends with a 6 – a hit (greater but not more than
/// double) and victory again for Beta squadron! Beta forces the enemy squadron to
/// return to base and chooses to advance into the vacated space."
/// LFO-11: in a dogfight the attacker rolls first, then the defender. LFO-16: the
/// squadron forced home with a single host lands there without a question.
#[test]
fn beta_squadron() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    // Beta's own carrier is far away: "With no host ship nearby".
    let (host, beta) = beta_and_the_enemy_host(&mut sb);
    let first = squadron(&mut sb, 1, host, o.step(Dir::N));
    let second = squadron(&mut sb, 1, host, o.steps(Dir::N, 2));
    attack_step(&mut sb, 5);
    // Beta's player has the higher initiative: he activates first in the attack.
    sb.state().order = vec![orrery_core::Seat(1), orrery_core::Seat(0)];
    let mut g = sb.build();
    assert!(g.return_hosts(beta).is_empty(), "no host within 5 spaces");

    assert_eq!(to_move(&g), vec![0]);
    play(&mut g, 0, Action::Activate { unit: beta });
    // The second enemy squadron is not adjacent yet.
    reject(&mut g, 0, Action::Dogfight { target: second });
    g.rng.force(&[5, 2]);
    let ev = play(&mut g, 0, Action::Dogfight { target: first });
    assert!(ev.contains(&Event::Dogfight {
        attacker: beta,
        defender: first,
        attacker_roll: 5,
        defender_roll: 2,
        winner: Some(beta),
        result: Some(BarrageResult::DirectHit),
    }));
    assert_eq!(g.unit(first).location, Location::Eliminated);
    assert_eq!(g.unit(first).eliminated_by, Some(orrery_core::Seat(0)));
    assert_eq!(
        top(&g),
        Some((
            0,
            Decision::Advance {
                winner: beta,
                vacated: o.step(Dir::N)
            }
        ))
    );
    play(
        &mut g,
        0,
        Action::Advance {
            squadron: Some(beta),
        },
    );
    assert_eq!(hex_of(&g, beta), Some(o.step(Dir::N)));
    assert!(g.activation.is_none(), "Beta has attacked");

    // "On its subsequent activation the other enemy squadron decides to exact revenge
    // on Beta since the two are now adjacent."
    assert_eq!(to_move(&g), vec![1]);
    play(&mut g, 1, Action::Activate { unit: second });
    g.rng.force(&[4, 6]);
    let ev = play(&mut g, 1, Action::Dogfight { target: beta });
    assert!(ev.contains(&Event::Dogfight {
        attacker: second,
        defender: beta,
        attacker_roll: 4,
        defender_roll: 6,
        winner: Some(beta),
        result: Some(BarrageResult::Hit),
    }));
    // Beta's player chooses the fate of the loser.
    assert_eq!(
        top(&g),
        Some((0, Decision::SquadronHit { squadron: second }))
    );
    play(
        &mut g,
        0,
        Action::HitSquadron {
            fate: SquadronFate::ReturnToBase,
        },
    );
    assert_eq!(g.unit(second).location, Location::Aboard(host));
    assert!(!is_active(&g, second));
    assert_eq!(g.unit(host).ship().unwrap().recovered_this_turn, 1);
    assert_eq!(
        top(&g),
        Some((
            0,
            Decision::Advance {
                winner: beta,
                vacated: o.steps(Dir::N, 2)
            }
        ))
    );
    play(
        &mut g,
        0,
        Action::Advance {
            squadron: Some(beta),
        },
    );
    assert_eq!(hex_of(&g, beta), Some(o.steps(Dir::N, 2)));
    assert!(is_active(&g, beta));

    // Step 5 is over; the enemy host (Move 2) attacks in step 2.
    assert!(g.activation.is_none());
    assert_eq!(g.phase, Phase::Attack { step: 2 });
    assert_eq!(to_move(&g), vec![1]);
}

/// Seed "Beta Squadron": "With no host ship nearby, if Beta is hit and forced to
/// 'return to base' it will be eliminated because return to base requires an
/// available landing bay within 5 spaces" (LF-14: credited to the player who forced
/// it). The winner's side then advances — here a friend adjacent to both the victor
/// and the vacated space. LFO-15: the defender won, so the elimination is credited to
/// the defender's owner. LFO-16: with no host, nobody is asked where to land.
#[test]
fn beta_forced_home_without_a_host_is_eliminated() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let (host, beta) = beta_and_the_enemy_host(&mut sb);
    let enemy = squadron(&mut sb, 1, host, o.step(Dir::N));
    // A friend of the enemy adjacent to both the enemy and Beta's hex.
    let friend = squadron(&mut sb, 1, host, o.step(Dir::Ne));
    seat_0_first(&mut sb);
    let mut g = activated(sb, 5, beta);
    g.rng.force(&[3, 5]);
    play(&mut g, 0, Action::Dogfight { target: enemy });
    // The defender won (5 > 3, not > 6): the hit is on the attacker, chosen by seat 1.
    assert_eq!(top(&g), Some((1, Decision::SquadronHit { squadron: beta })));
    play(
        &mut g,
        1,
        Action::HitSquadron {
            fate: SquadronFate::ReturnToBase,
        },
    );
    assert_eq!(g.unit(beta).location, Location::Eliminated);
    assert_eq!(g.unit(beta).eliminated_by, Some(orrery_core::Seat(1)));
    assert_eq!(
        top(&g),
        Some((
            1,
            Decision::Advance {
                winner: enemy,
                vacated: o
            }
        ))
    );
    let mut legal = g.legal_actions(orrery_core::Seat(1));
    legal.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        legal,
        vec![
            Action::Advance { squadron: None },
            Action::Advance {
                squadron: Some(enemy)
            },
            Action::Advance {
                squadron: Some(friend)
            },
        ]
    );
    play(
        &mut g,
        1,
        Action::Advance {
            squadron: Some(friend),
        },
    );
    assert_eq!(hex_of(&g, friend), Some(o));
    assert_eq!(hex_of(&g, enemy), Some(o.step(Dir::N)));
    // Beta is gone, its activation ended; seat 1's squadrons take their turns.
    assert!(g.activation.is_none());
    assert_eq!(to_move(&g), vec![1]);
}

/// A cannons pool of `cannons` fired by `shooter` (seat 0) at `target` (seat 1).
fn cannon_pool(
    shooter_at: orrery_hex::Hex,
    shooter_facing: Dir,
    target_at: orrery_hex::Hex,
    target_facing: Dir,
) -> u8 {
    let mut sb = Sandbox::new(2);
    let a = ship(
        &mut sb,
        0,
        design("Shooter", 2, 0, 0, 5, 3),
        shooter_at,
        shooter_facing,
    );
    let t = ship(
        &mut sb,
        1,
        design("Target", 1, 0, 0, 5, 2),
        target_at,
        target_facing,
    );
    let mut g = activated(sb, 3, a);
    let ev = play(&mut g, 0, Action::FireCannons { target: t });
    pool_dice(&ev).expect("a pool")
}

/// Seed "Flanking" Example A (LF-03, LF-04): "Ship #1 is firing out of its front arc
/// into the rear arc of Ship 3. Ship 1 will receive a flanking bonus" — the pool
/// doubles.
#[test]
fn flanking_example_a_front_into_rear_doubles() {
    let o = origin();
    // Ship 3 ahead of ship 1, both facing north: ship 1 sits in ship 3's rear arc.
    assert_eq!(cannon_pool(o, Dir::N, o.steps(Dir::N, 3), Dir::N), 4);
    // Also off the straight line, still front arc into rear arc.
    let t = o.steps(Dir::N, 2).step(Dir::Ne);
    assert_eq!(o.arc(Dir::N, t), orrery_hex::Arc::Front);
    assert_eq!(t.arc(Dir::N, o), orrery_hex::Arc::Rear);
    assert_eq!(cannon_pool(o, Dir::N, t, Dir::N), 4);
}

/// Seed "Flanking" Example B (LF-03): "ships #1 and #2 are 'on the side line'.
/// Attacks between these ships would be in neither the front nor rear arc. There is
/// no bonus."
#[test]
fn flanking_example_b_side_line_no_bonus() {
    let o = origin();
    // Two hexes along the side line of a north-facing ship: (q + 2, r − 1).
    let side = orrery_hex::Hex::new(o.q + 2, o.r - 1);
    assert_eq!(o.arc(Dir::N, side), orrery_hex::Arc::SideLine);
    assert_eq!(side.arc(Dir::N, o), orrery_hex::Arc::SideLine);
    assert_eq!(cannon_pool(o, Dir::N, side, Dir::N), 2);
    assert_eq!(cannon_pool(side, Dir::N, o, Dir::N), 2);
}

/// Seed "Flanking" Example C (LF-03): "Ship #2 and #3 receive no bonus on each other
/// because neither ship has the other in its front arc" — back to back.
#[test]
fn flanking_example_c_neither_in_front_no_bonus() {
    let o = origin();
    let behind = o.steps(Dir::S, 2);
    assert_eq!(cannon_pool(o, Dir::N, behind, Dir::S), 2);
    assert_eq!(cannon_pool(behind, Dir::S, o, Dir::N), 2);
    // Face to face: each has the other in its front arc but not in a rear arc.
    assert_eq!(cannon_pool(o, Dir::N, o.steps(Dir::N, 2), Dir::S), 2);
}

/// LF-08: "It's worth noting that since all fighters move 5, all fighters will attack
/// in the same step" and "this attack initiative is from highest to lowest": players
/// alternate one unit at a time, highest initiative first, steps from 5 down.
#[test]
fn attack_steps_go_down_and_alternate_by_descending_initiative() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    // Far apart: nobody can attack anybody, every activation ends at once.
    let a0 = ship(
        &mut sb,
        0,
        design("A0", 1, 0, 0, 3, 3),
        o.steps(Dir::Sw, 8),
        Dir::N,
    );
    let b0 = ship(
        &mut sb,
        0,
        design("B0", 1, 0, 0, 3, 3),
        o.steps(Dir::Sw, 7),
        Dir::N,
    );
    let a1 = ship(
        &mut sb,
        1,
        design("A1", 1, 0, 0, 3, 3),
        o.steps(Dir::Ne, 8),
        Dir::N,
    );
    let s0 = squadron(&mut sb, 0, a0, o);
    let s1 = squadron(&mut sb, 1, a1, o.steps(Dir::N, 4));
    let inactive = squadron(&mut sb, 1, a1, o.steps(Dir::N, 6));
    sb.state().units[inactive.index()]
        .squadron_mut()
        .expect("a squadron")
        .active = false;
    attack_step(&mut sb, 5);
    let mut g = sb.build();
    // Order [0, 1] lowest first: seat 1 attacks first.
    assert_eq!(to_move(&g), vec![1]);
    assert_eq!(
        g.legal_actions(orrery_core::Seat(1)),
        vec![Action::Activate { unit: s1 }],
        "inactive squadrons do not activate"
    );
    reject(&mut g, 1, Action::Activate { unit: inactive });
    reject(&mut g, 1, Action::Activate { unit: a1 });
    reject(
        &mut g,
        1,
        Action::Activate {
            unit: crate::UnitId(999),
        },
    );
    play(&mut g, 1, Action::Activate { unit: s1 });
    // Nothing in reach: the activation ends by itself.
    assert!(g.activation.is_none());
    assert_eq!(to_move(&g), vec![0]);
    play(&mut g, 0, Action::Activate { unit: s0 });
    assert_eq!(g.phase, Phase::Attack { step: 3 });
    assert_eq!(to_move(&g), vec![1]);
    play(&mut g, 1, Action::Activate { unit: a1 });
    assert_eq!(to_move(&g), vec![0]);
    play(&mut g, 0, Action::Activate { unit: b0 });
    assert_eq!(to_move(&g), vec![0]);
    reject(&mut g, 0, Action::Activate { unit: b0 });
    assert!(g.unit(b0).activated);
    let _ = a0;
}

/// LF-08: "Step membership is re-read each time a player is to choose: a ship whose
/// Move drops joins its new step" — seed: "if your attack reduces a target's move,
/// that ship may now attack in a lower step later in the turn."
#[test]
fn a_ship_slowed_by_a_hit_attacks_in_its_new_step() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let a = ship(&mut sb, 0, design("A", 3, 0, 0, 5, 3), o, Dir::N);
    let b = ship(
        &mut sb,
        1,
        design("B", 1, 0, 0, 3, 3),
        o.steps(Dir::S, 2),
        Dir::N,
    );
    seat_0_first(&mut sb);
    let mut g = activated(sb, 3, a);
    play(&mut g, 0, Action::FireCannons { target: b });
    g.rng.force(&[2, 2]);
    barrage(&mut g, 2, None);
    // A cannon hit: the defender chooses, and slows his own ship.
    reduce(&mut g, 1, vec![Stat::Move]);
    play(&mut g, 0, Action::StopFiring);
    assert!(g.activation.is_none());
    // B is no longer in step 3 but attacks in step 2.
    assert_eq!(g.phase, Phase::Attack { step: 2 });
    assert_eq!(
        g.legal_actions(orrery_core::Seat(1)),
        vec![Action::Activate { unit: b }]
    );
}
