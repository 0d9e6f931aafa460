//! Project rulings of the attack phase (docs/launch-fighters.md, "Project rulings")
//! that no seed example shows: each test names the ruling (LFO-…) it shows acting.
//! LFO-10, LFO-15 and LFO-16 are also shown in `attack*.rs`; LFO-17 in `data.rs`;
//! LFO-18 in `optional_rules.rs`.

use super::attack_support;

use crate::state::{Decision, Location, Phase};
use crate::testkit::{design, Sandbox};
use crate::{Action, BarrageResult, Event, Stat, TerrainKind, UnitId};
use attack_support::*;
use orrery_core::{Game, Seat};
use orrery_hex::{Dir, Hex};

/// LFO-11 Dice order: the attacker's dice first, then the squadron's defence die —
/// rolled even on an all-1s automatic miss ("the defender rolls one die each time a
/// squadron is attacked"); intercept dice in unit id order.
#[test]
fn lfo11_dice_order() {
    // Flak: attacker's dice, then the defence die, also on an automatic miss.
    let o = origin();
    let mut sb = Sandbox::new(2);
    let (a, h) = flak_ship_and_host(&mut sb);
    let x = squadron(&mut sb, 1, h, o.step(Dir::N));
    let mut g = activated(sb, 3, a);
    play(&mut g, 0, Action::FireCannons { target: x });
    g.rng.force(&[1, 1, 4]);
    let ev = barrage(&mut g, 2, Some(x));
    assert!(ev.contains(&Event::Barrage {
        attacker: a,
        target: x,
        dice: vec![1, 1],
        modifier: 0,
        total: 2,
        defense: 4,
        defense_roll: Some(4),
        result: BarrageResult::AutoMiss,
    }));
    assert!(!g.rng.has_forced(), "the defence die was rolled");
    g.rng.force(&[3, 2, 6]);
    let ev = barrage(&mut g, 2, Some(x));
    assert_eq!(
        barrages(&ev),
        vec![(vec![3, 2], 0, 5, 6, BarrageResult::Miss)]
    );

    // Intercept dice in unit id order.
    let side = Hex::new(o.q + 2, o.r - 1);
    let mut sb = Sandbox::new(2);
    let (t, a) = target_and_missile_ship(&mut sb, side);
    let sqs: Vec<UnitId> = [Dir::N, Dir::S, Dir::Sw]
        .into_iter()
        .map(|d| squadron(&mut sb, 1, t, o.step(d)))
        .collect();
    let mut g = activated(sb, 3, a);
    fire_launchers(&mut g, t, 3);
    g.rng.force(&[4, 1, 6]);
    let ev = play(
        &mut g,
        1,
        Action::Intercept {
            squadrons: sqs.clone(),
        },
    );
    let rolls: Vec<(UnitId, u8)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::InterceptRoll { squadron, roll, .. } => Some((*squadron, *roll)),
            _ => None,
        })
        .collect();
    assert_eq!(rolls, vec![(sqs[0], 4), (sqs[1], 1), (sqs[2], 6)]);
    assert_eq!(pool_dice(&ev), Some(1), "3 missiles − 2 intercepted");
}

/// LFO-12 Flak targets: every flak barrage names its squadron, any adjacent enemy
/// squadron; launcher flak is never halved nor intercepted; targets are other
/// players' units, and "same team" (here: intercept) is the same player.
#[test]
fn lfo12_flak_targets_and_same_team() {
    let o = origin();
    let mut sb = Sandbox::new(3);
    let a = ship(
        &mut sb,
        0,
        with_missiles(design("S", 2, 2, 0, 5, 3), 4),
        o,
        Dir::N,
    );
    let h1 = ship(
        &mut sb,
        1,
        design("H1", 0, 0, 2, 5, 1),
        o.steps(Dir::N, 4),
        Dir::S,
    );
    let h2 = ship(
        &mut sb,
        2,
        design("H2", 0, 0, 2, 5, 1),
        o.steps(Dir::S, 4),
        Dir::N,
    );
    let sq1 = squadron(&mut sb, 1, h1, o.step(Dir::N));
    let sq2 = squadron(&mut sb, 2, h2, o.step(Dir::Se));
    let own = squadron(&mut sb, 0, a, o.step(Dir::Sw));
    let mut g = activated(sb, 3, a);
    assert!(reject(&mut g, 0, Action::FireCannons { target: own }).contains("(LFO-12)"));
    let ev = play(&mut g, 0, Action::FireCannons { target: sq1 });
    assert_eq!(pool_dice(&ev), Some(1), "cannons 2 < 5: flak halved");
    // Both other players' squadrons may be named, never none, never one's own.
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![
            Action::Barrage {
                dice: 1,
                target: Some(sq1)
            },
            Action::Barrage {
                dice: 1,
                target: Some(sq2)
            },
            Action::StopFiring,
        ]
    );
    assert!(reject(
        &mut g,
        0,
        Action::Barrage {
            dice: 1,
            target: None
        }
    )
    .contains("(LFO-12)"));
    assert!(reject(
        &mut g,
        0,
        Action::Barrage {
            dice: 1,
            target: Some(own)
        }
    )
    .contains("(LFO-12)"));
    play(&mut g, 0, Action::StopFiring);
    // Launcher flak: not halved, no intercept question.
    let ev = fire_launchers(&mut g, sq2, 2);
    assert_eq!(pool_dice(&ev), Some(2));
    assert!(g.pending.is_empty());

    // Intercept: only the target's owner's squadrons, not a third player's.
    let side = Hex::new(o.q + 2, o.r - 1);
    let mut sb = Sandbox::new(3);
    let (t, a) = target_and_missile_ship(&mut sb, side);
    let h2 = ship(
        &mut sb,
        2,
        design("H2", 0, 0, 2, 5, 1),
        o.steps(Dir::S, 4),
        Dir::N,
    );
    let mine = squadron(&mut sb, 1, t, o.step(Dir::N));
    let third = squadron(&mut sb, 2, h2, o.step(Dir::S));
    let mut g = activated(sb, 3, a);
    fire_launchers(&mut g, t, 3);
    assert_eq!(
        g.legal_actions(Seat(1)),
        vec![
            Action::Intercept { squadrons: vec![] },
            Action::Intercept {
                squadrons: vec![mine]
            },
        ]
    );
    reject(
        &mut g,
        1,
        Action::Intercept {
            squadrons: vec![third],
        },
    );
}

/// LFO-13 Advancing: only active squadrons advance, the winner included — an upside
/// down defender that wins a dogfight stays put; an active friend may still advance.
/// Also LFO-15 (the defender's owner gets the credit) and LFO-16 (an advance nobody
/// can take asks no question).
#[test]
fn lfo13_inactive_winner_does_not_advance() {
    for with_friend in [true, false] {
        let o = origin();
        let mut sb = Sandbox::new(2);
        let (ehome, me, foe) = squadrons_face_to_face(&mut sb);
        flip(&mut sb, foe);
        let friend = with_friend.then(|| squadron(&mut sb, 1, ehome, o.step(Dir::Ne)));
        seat_0_first(&mut sb);
        let mut g = activated(sb, 5, me);
        // The defender rolls 5 against 2: more than double, a direct hit.
        g.rng.force(&[2, 5]);
        play(&mut g, 0, Action::Dogfight { target: foe });
        assert_eq!(g.unit(me).location, Location::Eliminated);
        assert_eq!(g.unit(me).eliminated_by, Some(Seat(1)), "LFO-15");
        match friend {
            Some(friend) => {
                assert_eq!(
                    top(&g),
                    Some((
                        1,
                        Decision::Advance {
                            winner: foe,
                            vacated: o
                        }
                    ))
                );
                assert_eq!(
                    g.legal_actions(Seat(1)),
                    vec![
                        Action::Advance { squadron: None },
                        Action::Advance {
                            squadron: Some(friend)
                        },
                    ]
                );
                let why = reject(
                    &mut g,
                    1,
                    Action::Advance {
                        squadron: Some(foe),
                    },
                );
                assert!(why.contains("LFO-13"), "{why}");
            }
            None => {
                assert!(g.pending.is_empty(), "LFO-16: nobody can advance");
                assert_eq!(hex_of(&g, foe), Some(o.step(Dir::N)));
            }
        }
    }
}

/// LFO-14 Formations: wingmen must not have activated this turn; the formation rolls
/// at once (one barrage, no pool); terrain modifiers are measured from the leader's
/// hex — adjacent to the target, so a moon next to it does not count, an asteroid
/// under it does, once.
#[test]
fn lfo14_formation_wingmen_and_terrain() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let home = home_carrier(&mut sb);
    let t = ship(&mut sb, 1, design("Target", 1, 0, 0, 4, 1), o, Dir::N);
    terrain(&mut sb, TerrainKind::Asteroid, o);
    terrain(&mut sb, TerrainKind::Moon, o.step(Dir::Nw));
    let lead = squadron(&mut sb, 0, home, o.step(Dir::N));
    let done = squadron(&mut sb, 0, home, o.step(Dir::Se));
    let w = squadron(&mut sb, 0, home, o.step(Dir::Sw));
    seat_0_first(&mut sb);
    let mut g = activated(sb, 5, done);
    play(&mut g, 0, Action::EndActivation);
    play(&mut g, 0, Action::Activate { unit: lead });
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![
            Action::Formation {
                target: t,
                wingmen: vec![]
            },
            Action::Formation {
                target: t,
                wingmen: vec![w]
            },
            Action::EndActivation,
        ]
    );
    let why = reject(
        &mut g,
        0,
        Action::Formation {
            target: t,
            wingmen: vec![done],
        },
    );
    assert!(why.contains("(LFO-14)"), "{why}");
    g.rng.force(&[3, 3]);
    let ev = play(
        &mut g,
        0,
        Action::Formation {
            target: t,
            wingmen: vec![w],
        },
    );
    assert_eq!(pool_dice(&ev), None, "no pool");
    assert_eq!(
        barrages(&ev),
        vec![(vec![3, 3], -1, 5, 4, BarrageResult::Hit)]
    );
    assert_eq!(top(&g), reduction_owed(1, t, 1));
}

/// LFO-16: a reduction of a ship that is gone asks no question — it is dropped once
/// the decision above it is answered.
#[test]
fn lfo16_reduction_of_a_ship_that_is_gone_is_dropped() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let live = ship(&mut sb, 1, design("Live", 2, 0, 0, 3, 2), o, Dir::N);
    let gone = ship(
        &mut sb,
        1,
        design("Gone", 2, 0, 0, 3, 2),
        o.steps(Dir::N, 3),
        Dir::N,
    );
    let _other = ship(
        &mut sb,
        0,
        design("Other", 1, 0, 0, 3, 2),
        o.steps(Dir::S, 6),
        Dir::N,
    );
    sb.state().units[gone.index()].location = Location::Eliminated;
    sb.state().phase = Phase::Attack { step: 2 };
    for ship in [gone, live] {
        owes_reduction(&mut sb, ship, 1, Some(Seat(0)));
    }
    let mut g = sb.build();
    reduce(&mut g, 1, vec![Stat::Cannons]);
    assert_eq!(stats(&g, live).cannons, 1);
    assert!(
        g.pending.is_empty(),
        "the reduction of the gone ship is dropped"
    );
}
