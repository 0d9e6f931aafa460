//! Squadrons in the attack phase: launching (bays), formations, dogfights, advance
//! and voluntary return to base (LF-08, LF-10, LF-12, LF-14).

use super::attack_support;

use crate::state::{Decision, Location, Phase};
use crate::testkit::{design, Sandbox};
use crate::{Action, Event, SquadronFate, Stat, TerrainKind, UnitId};
use attack_support::*;
use orrery_core::{Game, Seat};
use orrery_hex::Dir;

/// Seat 1's "Enemy" (cannons 1, Move 1) `hexes` north of the origin, facing south:
/// a ship for seat 0's squadrons to go after.
fn enemy_to_the_north(sb: &mut Sandbox, hexes: i32) -> UnitId {
    ship(
        sb,
        1,
        design("Enemy", 1, 0, 0, 4, 1),
        origin().steps(Dir::N, hexes),
        Dir::S,
    )
}

/// Seed "Launching Fighters! With Bays" and LF-08: "A squadron launched while step 5
/// is running joins it; squadrons launched in a lower step do not attack this turn."
/// Inactive squadrons "cannot be launched"; as many launches as bays.
#[test]
fn launched_squadrons_join_step_5() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let c = ship(&mut sb, 0, design("Fast carrier", 0, 0, 2, 4, 5), o, Dir::N);
    let s1 = sb.aboard(0, c);
    let s2 = sb.aboard(0, c);
    let tired = sb.aboard(0, c);
    flip(&mut sb, tired);
    let _enemy = enemy_to_the_north(&mut sb, 3);
    let mut g = activated(sb, 5, c);
    let legal = g.legal_actions(Seat(0));
    assert_eq!(
        legal.len(),
        2 * 6 + 1,
        "2 active squadrons × 6 hexes + EndActivation"
    );
    assert!(reject(
        &mut g,
        0,
        Action::Launch {
            squadron: tired,
            to: o.step(Dir::N)
        }
    )
    .contains("inactive"));
    play(
        &mut g,
        0,
        Action::Launch {
            squadron: s1,
            to: o.step(Dir::N),
        },
    );
    reject(
        &mut g,
        0,
        Action::Launch {
            squadron: s2,
            to: o.step(Dir::N),
        },
    );
    reject(&mut g, 0, Action::EndActivation);
    let ev = play(
        &mut g,
        0,
        Action::Launch {
            squadron: s2,
            to: o.step(Dir::Ne),
        },
    );
    assert!(ev.contains(&Event::Launched {
        squadron: s2,
        from: c,
        to: o.step(Dir::Ne)
    }));
    // Two bays, two launches: bays done; nothing else to do.
    assert!(g.activation.is_none());
    assert!(
        is_active(&g, s1),
        "\"Launched fighters are active immediately\""
    );
    let mut legal = g.legal_actions(Seat(0));
    legal.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        legal,
        vec![Action::Activate { unit: s1 }, Action::Activate { unit: s2 }]
    );
}

#[test]
fn squadrons_launched_in_a_lower_step_do_not_attack() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let c = ship(&mut sb, 0, design("Carrier", 0, 0, 1, 4, 3), o, Dir::N);
    let s1 = sb.aboard(0, c);
    let enemy = enemy_to_the_north(&mut sb, 3);
    let enemy_sq = squadron(&mut sb, 1, enemy, o.steps(Dir::N, 2).step(Dir::Ne));
    sb.state().units[enemy_sq.index()].activated = true;
    let mut g = activated(sb, 3, c);
    play(
        &mut g,
        0,
        Action::Launch {
            squadron: s1,
            to: o.step(Dir::N),
        },
    );
    assert!(g.activation.is_none());
    assert_eq!(hex_of(&g, s1), Some(o.step(Dir::N)));
    // Steps 2 and 1: only the enemy ship remains; the new squadron never activates.
    assert_eq!(g.phase, Phase::Attack { step: 1 });
    assert_eq!(to_move(&g), vec![1]);
    assert_eq!(
        g.legal_actions(Seat(1)),
        vec![Action::Activate { unit: enemy }]
    );
}

/// LF-09/LF-10: a squadron launched into an asteroid hex rolls; 4+ flips it.
#[test]
fn launch_into_asteroids_rolls() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let c = ship(&mut sb, 0, design("Carrier", 0, 0, 1, 4, 5), o, Dir::N);
    let s1 = sb.aboard(0, c);
    terrain(&mut sb, TerrainKind::Asteroid, o.step(Dir::S));
    terrain(&mut sb, TerrainKind::Moon, o.step(Dir::N));
    let _enemy = enemy_to_the_north(&mut sb, 4);
    let mut g = activated(sb, 5, c);
    assert!(reject(
        &mut g,
        0,
        Action::Launch {
            squadron: s1,
            to: o.step(Dir::N)
        }
    )
    .contains("moon"));
    g.rng.force(&[5]);
    let ev = play(
        &mut g,
        0,
        Action::Launch {
            squadron: s1,
            to: o.step(Dir::S),
        },
    );
    assert!(ev.contains(&Event::AsteroidRoll {
        unit: s1,
        roll: 5,
        hit: true
    }));
    assert!(!is_active(&g, s1));
    // An inactive squadron does not activate: steps 5 to 2 are over.
    assert_eq!(g.phase, Phase::Attack { step: 1 });
}

/// Seed "Fighter Formations" (LF-10): the formation rolls one die per squadron in one
/// barrage against the ship's Defense; all members have attacked. LF-13: guns hit →
/// the defender chooses, direct → the attacker. LFO-10: wingmen listed once each in
/// ascending id order; LFO-14: the formation rolls at once, one barrage.
#[test]
fn formation_against_a_ship() {
    for (dice, chooser) in [([3u32, 3, 2], 1u8), ([3, 3, 3], 0)] {
        let o = origin();
        let mut sb = Sandbox::new(2);
        let home = home_carrier(&mut sb);
        let t = ship(&mut sb, 1, design("Target", 1, 0, 0, 4, 2), o, Dir::N);
        let lead = squadron(&mut sb, 0, home, o.step(Dir::N));
        let w1 = squadron(&mut sb, 0, home, o.step(Dir::Se));
        let w2 = squadron(&mut sb, 0, home, o.step(Dir::Sw));
        let tired = squadron(&mut sb, 0, home, o.step(Dir::S));
        flip(&mut sb, tired);
        let distant = squadron(&mut sb, 0, home, o.steps(Dir::N, 3));
        seat_0_first(&mut sb);
        let mut g = activated(sb, 5, lead);
        // Wingmen subsets of {w1, w2}, plus EndActivation.
        assert_eq!(g.legal_actions(Seat(0)).len(), 5);
        assert!(reject(
            &mut g,
            0,
            Action::Formation {
                target: t,
                wingmen: vec![w2, w1],
            },
        )
        .contains("(LFO-10)"));
        reject(
            &mut g,
            0,
            Action::Formation {
                target: t,
                wingmen: vec![tired],
            },
        );
        reject(
            &mut g,
            0,
            Action::Formation {
                target: t,
                wingmen: vec![distant],
            },
        );
        reject(
            &mut g,
            0,
            Action::Formation {
                target: t,
                wingmen: vec![lead],
            },
        );
        reject(&mut g, 0, Action::Dogfight { target: t });
        audit(&g);
        g.rng.force(&dice);
        let ev = play(
            &mut g,
            0,
            Action::Formation {
                target: t,
                wingmen: vec![w1, w2],
            },
        );
        let b = barrages(&ev);
        assert_eq!(b.len(), 1, "one barrage");
        assert_eq!(b[0].0.len(), 3, "one die per squadron");
        assert_eq!(b[0].3, 4, "against the ship's Defense");
        assert!(g.unit(w1).activated && g.unit(w2).activated);
        assert_eq!(top(&g), reduction_owed(chooser, t, 1));
        reduce(&mut g, chooser, vec![Stat::Cannons]);
        assert!(g.activation.is_none());
        // Only the squadron left out may still activate in step 5.
        assert_eq!(
            g.legal_actions(Seat(0)),
            vec![Action::Activate { unit: distant }]
        );
    }
}

/// LF-12 with asteroids: "Subtract 1 from any barrage … or dogfight rolled against a
/// target in an asteroid space" — each roll −1 (minimum 1) if its opponent is in an
/// asteroid hex; equal rolls are a draw.
#[test]
fn dogfight_asteroid_modifier_and_draw() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let (_, me, foe) = squadrons_face_to_face(&mut sb);
    terrain(&mut sb, TerrainKind::Asteroid, o.step(Dir::N));
    seat_0_first(&mut sb);
    let mut g = activated(sb, 5, me);
    g.rng.force(&[4, 3]);
    let ev = play(&mut g, 0, Action::Dogfight { target: foe });
    assert!(ev.contains(&Event::Dogfight {
        attacker: me,
        defender: foe,
        attacker_roll: 3,
        defender_roll: 3,
        winner: None,
        result: None,
    }));
    assert!(g.pending.is_empty() && g.activation.is_none());
    assert!(g.fired_this_turn);
}

/// LF-12: the dogfight loser is hit with the lower roll as its defence; an inactive
/// loser is eliminated outright and the winner may advance; the hit squadron's owner
/// is not asked.
#[test]
fn dogfight_against_an_inactive_squadron_eliminates_it() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let (_, me, foe) = squadrons_face_to_face(&mut sb);
    flip(&mut sb, foe);
    terrain(&mut sb, TerrainKind::Asteroid, o.step(Dir::N));
    let mut g = activated(sb, 5, me);
    g.rng.force(&[4, 2]);
    play(&mut g, 0, Action::Dogfight { target: foe });
    assert_eq!(g.unit(foe).location, Location::Eliminated);
    assert_eq!(
        top(&g),
        Some((
            0,
            Decision::Advance {
                winner: me,
                vacated: o.step(Dir::N)
            }
        ))
    );
    // Advancing into the asteroid hex rolls (LF-14).
    g.rng.force(&[6]);
    let ev = play(&mut g, 0, Action::Advance { squadron: Some(me) });
    assert!(ev.contains(&Event::AsteroidRoll {
        unit: me,
        roll: 6,
        hit: true
    }));
    assert!(!is_active(&g, me));
}

/// Seed "Return to Base": "Any fighter can voluntarily return to base instead of
/// attacking on its attack phase activation"; hosts within 5 with a bay free (LF-14).
#[test]
fn voluntary_return_to_base() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let near = carrier(&mut sb, 0, "Near", 1, o.steps(Dir::S, 5));
    let full = carrier(&mut sb, 0, "Full", 1, o.steps(Dir::N, 2));
    let far = carrier(&mut sb, 0, "Far", 3, o.steps(Dir::N, 6));
    sb.state().units[full.index()]
        .ship_mut()
        .unwrap()
        .recovered_this_turn = 1;
    let sq = squadron(&mut sb, 0, near, o);
    let mut g = activated(sb, 5, sq);
    reject(&mut g, 0, Action::ReturnToBase { host: full });
    reject(&mut g, 0, Action::ReturnToBase { host: far });
    let ev = play(&mut g, 0, Action::ReturnToBase { host: near });
    assert!(ev.contains(&Event::ReturnedToBase {
        squadron: sq,
        host: near
    }));
    assert_eq!(g.unit(sq).location, Location::Aboard(near));
    assert!(!is_active(&g, sq));
    assert!(g.activation.is_none());
}

/// Seed "Advance": only when the dogfight winner "either eliminates the loser or
/// forces the loser to return to base" — a flipped loser stays, nobody advances.
#[test]
fn dogfight_won_and_flipped_no_advance() {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let (_, me, foe) = squadrons_face_to_face(&mut sb);
    seat_0_first(&mut sb);
    let mut g = activated(sb, 5, me);
    g.rng.force(&[5, 3]);
    play(&mut g, 0, Action::Dogfight { target: foe });
    assert_eq!(top(&g), Some((0, Decision::SquadronHit { squadron: foe })));
    play(
        &mut g,
        0,
        Action::HitSquadron {
            fate: SquadronFate::Flip,
        },
    );
    assert!(g.pending.is_empty());
    assert!(!is_active(&g, foe));
    assert_eq!(hex_of(&g, foe), Some(o.step(Dir::N)));
    assert_eq!(hex_of(&g, me), Some(o));
    assert!(g.activation.is_none());
}
