//! Hits and their decisions: who reduces which stats (LF-13), destruction at all-zero
//! stats, bay hits with fighters aboard (LF-15), forced return to base (LF-14), and
//! stat reductions pushed by other modules (asteroids, LF-09).

use super::attack_support;

use crate::state::{Decision, Location, Phase};
use crate::testkit::{design, Sandbox};
use crate::{Action, BarrageResult, Event, SquadronFate, Stat, UnitId};
use attack_support::*;
use orrery_core::{Game, Seat};
use orrery_hex::Dir;

/// Seed "Hit Results — Attacking a ship" (LF-13): cannons hit → defender chooses 1
/// stat; cannons direct → attacker 1; missiles hit → attacker 1; missiles direct →
/// attacker 2 ("2 different stats 1 level or the same stat 2 levels"). LFO-10: the
/// stats of a `Reduce` are listed once, in record-sheet order.
#[test]
fn lf13_who_chooses_for_each_weapon() {
    let target = design("Target", 1, 0, 0, 3, 1);
    let cases = [
        (false, [2u32, 2], 1u8, 1u8, BarrageResult::Hit),
        (false, [4, 3], 0, 1, BarrageResult::DirectHit),
        (true, [2, 2], 0, 1, BarrageResult::Hit),
        (true, [4, 3], 0, 2, BarrageResult::DirectHit),
    ];
    for (missiles, dice, chooser, levels, result) in cases {
        let (mut g, _, t) = duel(
            with_missiles(design("Shooter", 2, 2, 0, 5, 3), 4),
            target.clone(),
        );
        if missiles {
            fire_launchers(&mut g, t, 2);
        } else {
            play(&mut g, 0, Action::FireCannons { target: t });
        }
        g.rng.force(&dice);
        let ev = barrage(&mut g, 2, None);
        assert_eq!(barrages(&ev)[0].4, result);
        assert_eq!(
            top(&g),
            reduction_owed(chooser, t, levels),
            "missiles {missiles}, {result:?}"
        );
        if levels == 2 {
            // Target: cannons 1, defense 3, move 1.
            let mut legal = g.legal_actions(Seat(0));
            legal.sort_by_key(|a| format!("{a:?}"));
            let mut expected: Vec<Action> = [
                vec![Stat::Cannons, Stat::Defense],
                vec![Stat::Cannons, Stat::Move],
                vec![Stat::Defense, Stat::Defense],
                vec![Stat::Defense, Stat::Move],
            ]
            .into_iter()
            .map(|stats| Action::Reduce { stats })
            .collect();
            expected.sort_by_key(|a| format!("{a:?}"));
            assert_eq!(legal, expected);
            reject(
                &mut g,
                0,
                Action::Reduce {
                    stats: vec![Stat::Cannons, Stat::Cannons],
                },
            );
            assert!(reject(
                &mut g,
                0,
                Action::Reduce {
                    stats: vec![Stat::Move, Stat::Defense],
                },
            )
            .contains("(LFO-10)"));
            reject(
                &mut g,
                0,
                Action::Reduce {
                    stats: vec![Stat::Defense],
                },
            );
            reject(
                &mut g,
                0,
                Action::Reduce {
                    stats: vec![Stat::Launchers, Stat::Defense],
                },
            );
            audit(&g);
            reduce(&mut g, 0, vec![Stat::Defense, Stat::Defense]);
            assert_eq!(stats(&g, t).defense, 1);
        } else {
            reject(
                &mut g,
                chooser,
                Action::Reduce {
                    stats: vec![Stat::Bays],
                },
            );
            reduce(&mut g, chooser, vec![Stat::Move]);
            assert_eq!(stats(&g, t).mv, 0, "\"applied immediately\"");
        }
    }
}

/// LF-13: a ship with fewer levels left than the hit takes loses what it has. LFO-16:
/// a stat choice with one answer is still asked.
#[test]
fn direct_missile_hit_on_a_ship_with_one_level_left() {
    let (mut g, _, t) = duel(
        with_missiles(design("Shooter", 0, 2, 0, 5, 3), 4),
        design("Wreck", 0, 0, 0, 1, 0),
    );
    fire_launchers(&mut g, t, 2);
    g.rng.force(&[3]);
    barrage(&mut g, 1, None);
    assert_eq!(top(&g), reduction_owed(0, t, 2));
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![Action::Reduce {
            stats: vec![Stat::Defense]
        }]
    );
    let ev = reduce(&mut g, 0, vec![Stat::Defense]);
    assert!(ev.contains(&Event::ShipDestroyed {
        ship: t,
        by: Some(Seat(0))
    }));
}

/// Seed: "If all of its stats reach zero, a ship is destroyed and removed from the
/// board immediately" (LF-13), credited to the attacker ("The player who rolled the
/// final barrage gets credit"); squadrons aboard are lost with it (LF-15); the rest
/// of the pool has no target and ends.
#[test]
fn ship_destroyed_at_all_zero_stats() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let a = ship(&mut sb, 0, design("Shooter", 3, 0, 0, 5, 3), o, Dir::N);
    let t = ship(
        &mut sb,
        1,
        design("Hulk", 0, 0, 0, 1, 0),
        o.steps(Dir::N, 2),
        Dir::N,
    );
    let aboard = sb.aboard(1, t);
    // Keeps the turn in the attack phase after the shooter (step 2).
    let _other = ship(
        &mut sb,
        1,
        design("Other", 1, 0, 0, 3, 2),
        o.steps(Dir::Se, 9),
        Dir::N,
    );
    let mut g = activated(sb, 3, a);
    let ev = play(&mut g, 0, Action::FireCannons { target: t });
    assert_eq!(
        pool_dice(&ev),
        Some(6),
        "3 cannons, flanking: hulk faces away"
    );
    g.rng.force(&[3]);
    barrage(&mut g, 1, None);
    // 3 > 2 × 1: a direct hit, the attacker chooses.
    assert_eq!(top(&g).map(|t| t.0), Some(0));
    let ev = reduce(&mut g, 0, vec![Stat::Defense]);
    assert!(ev.contains(&Event::ShipDestroyed {
        ship: t,
        by: Some(Seat(0))
    }));
    assert!(ev.contains(&Event::SquadronEliminated {
        squadron: aboard,
        by: Some(Seat(0))
    }));
    assert_eq!(g.unit(t).location, Location::Eliminated);
    assert_eq!(g.unit(t).eliminated_by, Some(Seat(0)));
    assert_eq!(g.unit(aboard).squadron().unwrap().lost_with_host, Some(t));
    assert!(
        g.activation.is_none(),
        "5 dice left but no target: pool and activation over"
    );
    assert_eq!(g.phase, Phase::Attack { step: 2 });
}

/// Seed "Consequences of Hits": "If a ship's bays are reduced while any fighters are
/// hosted inside the ship, roll one die for each hit on a bay … On 4, 5 or 6 one
/// fighter inside is destroyed" (LF-15: the host's owner chooses which; credited to
/// the attacker). LFO-16: with a single squadron aboard nobody is asked.
#[test]
fn bay_hit_with_fighters_aboard() {
    for (aboard_count, bay_roll) in [(2usize, 4u32), (1, 6), (2, 3)] {
        let o = origin();
        let mut sb = Sandbox::new(2);
        let a = ship(&mut sb, 0, design("Shooter", 2, 0, 0, 5, 3), o, Dir::N);
        let t = ship(
            &mut sb,
            1,
            design("Carrier", 0, 0, 2, 3, 1),
            o.steps(Dir::S, 2),
            Dir::N,
        );
        let aboard: Vec<UnitId> = (0..aboard_count).map(|_| sb.aboard(1, t)).collect();
        let mut g = activated(sb, 3, a);
        play(&mut g, 0, Action::FireCannons { target: t });
        g.rng.force(&[3, 2]);
        barrage(&mut g, 2, None);
        // 5 > 3: a cannon hit, the defender chooses — he picks the bays.
        assert_eq!(top(&g).map(|t| t.0), Some(1));
        g.rng.force(&[bay_roll]);
        let ev = reduce(&mut g, 1, vec![Stat::Bays]);
        assert!(ev.contains(&Event::BayHitRoll {
            ship: t,
            roll: bay_roll as u8,
            destroys: bay_roll >= 4
        }));
        if bay_roll < 4 {
            assert!(aboard
                .iter()
                .all(|&s| g.unit(s).location == Location::Aboard(t)));
            continue;
        }
        let lost = if aboard_count > 1 {
            assert_eq!(
                top(&g),
                Some((
                    1,
                    Decision::BayLoss {
                        ship: t,
                        credited: Some(Seat(0))
                    }
                ))
            );
            assert_eq!(g.legal_actions(Seat(1)).len(), aboard_count);
            reject(&mut g, 1, Action::LoseSquadron { squadron: a });
            play(
                &mut g,
                1,
                Action::LoseSquadron {
                    squadron: aboard[1],
                },
            );
            aboard[1]
        } else {
            aboard[0]
        };
        assert_eq!(g.unit(lost).location, Location::Eliminated);
        assert_eq!(g.unit(lost).eliminated_by, Some(Seat(0)));
        assert_eq!(
            aboard
                .iter()
                .filter(|&&s| g.unit(s).location == Location::Aboard(t))
                .count(),
            aboard_count - 1
        );
    }
}

/// LF-14: a squadron forced to return with several hosts: its owner picks.
#[test]
fn forced_return_with_several_hosts_asks_the_owner() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let a = ship(&mut sb, 0, design("Flak", 5, 0, 0, 5, 3), o, Dir::N);
    let h1 = carrier(&mut sb, 1, "H1", 1, o.steps(Dir::N, 3));
    let h2 = carrier(&mut sb, 1, "H2", 1, o.steps(Dir::Ne, 3));
    let sq = squadron(&mut sb, 1, h1, o.step(Dir::N));
    let mut g = activated(sb, 3, a);
    play(&mut g, 0, Action::FireCannons { target: sq });
    g.rng.force(&[4, 3]);
    barrage(&mut g, 1, Some(sq));
    play(
        &mut g,
        0,
        Action::HitSquadron {
            fate: SquadronFate::ReturnToBase,
        },
    );
    assert_eq!(
        top(&g),
        Some((
            1,
            Decision::ReturnToBase {
                squadron: sq,
                credited: Some(Seat(0))
            }
        ))
    );
    assert_eq!(
        g.legal_actions(Seat(1)),
        vec![Action::LandOn { host: h1 }, Action::LandOn { host: h2 }]
    );
    audit(&g);
    play(&mut g, 1, Action::LandOn { host: h2 });
    assert_eq!(g.unit(sq).location, Location::Aboard(h2));
    // No enemy squadron adjacent any more: the flak pool ended; back to the attacker.
    assert!(g.activation.is_none());
}

/// LF-09 asteroid hits during movement push `ReduceStats` (credited to nobody) for the
/// ship's owner; this module answers it.
#[test]
fn asteroid_reduce_stats_from_movement_is_answered_here() {
    let mut sb = Sandbox::new(2);
    let s = hit_by_asteroids(&mut sb, design("Miner", 2, 0, 0, 3, 2), 1);
    let mut g = sb.build();
    assert_eq!(to_move(&g), vec![1]);
    assert_eq!(g.legal_actions(Seat(1)).len(), 3, "cannons, defense, move");
    audit(&g);
    reduce(&mut g, 1, vec![Stat::Cannons]);
    assert_eq!(stats(&g, s).cannons, 1);
    assert!(g.pending.is_empty());
}
