//! Shared helpers for the attack-phase tests (`tests/attack*.rs`).
#![allow(dead_code)]

use crate::state::{Decision, LaunchFighters, Location, Phase};
use crate::testkit::{design, Sandbox};
use crate::{Action, Event, ShipDesign, Stats, UnitId};
use orrery_core::{Game, Seat};
use orrery_hex::{Dir, Hex};

/// The hex every test builds around (column 10, row 10: well inside the map).
pub fn origin() -> Hex {
    Hex::from_offset(10, 10)
}

/// Add a ship at hex `at`.
pub fn ship(sb: &mut Sandbox, owner: u8, d: ShipDesign, at: Hex, facing: Dir) -> UnitId {
    let (c, r) = at.to_offset();
    sb.ship(owner, d, c, r, facing)
}

/// Add an active squadron at hex `at`.
pub fn squadron(sb: &mut Sandbox, owner: u8, host: UnitId, at: Hex) -> UnitId {
    let (c, r) = at.to_offset();
    sb.squadron(owner, host, c, r)
}

/// Put a terrain counter at hex `at`.
pub fn terrain(sb: &mut Sandbox, kind: crate::TerrainKind, at: Hex) {
    let (c, r) = at.to_offset();
    sb.terrain(kind, c, r);
}

/// Start the attack phase at `step`.
pub fn attack_step(sb: &mut Sandbox, step: u8) {
    sb.state().phase = Phase::Attack { step };
}

/// Apply an action that must be in the legal list; returns its events.
pub fn play(g: &mut LaunchFighters, seat: u8, a: Action) -> Vec<Event> {
    let legal = g.legal_actions(Seat(seat));
    assert!(
        legal.contains(&a),
        "{a:?} is not legal for seat {seat}; legal: {legal:?}; to move {:?}",
        g.to_move()
    );
    g.apply(Seat(seat), &a)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e}"))
        .into_iter()
        .map(|l| l.event)
        .collect()
}

/// An action that must be refused, unlisted and leave the state untouched; returns
/// the message.
pub fn reject(g: &mut LaunchFighters, seat: u8, a: Action) -> String {
    assert!(
        !g.legal_actions(Seat(seat)).contains(&a),
        "{a:?} should not be listed"
    );
    let before = g.state_hash();
    let err = g
        .apply(Seat(seat), &a)
        .expect_err(&format!("{a:?} should be refused"));
    assert_eq!(before, g.state_hash(), "a refused action changed the state");
    err.to_string()
}

/// The decision on top of the stack, with its seat.
pub fn top(g: &LaunchFighters) -> Option<(u8, Decision)> {
    g.pending.last().map(|p| (p.seat.0, p.decision.clone()))
}

/// What `top` shows when seat `seat` is to reduce `ship` by `levels` stat levels,
/// credited to seat 0 (LF-13).
pub fn reduction_owed(seat: u8, ship: UnitId, levels: u8) -> Option<(u8, Decision)> {
    Some((
        seat,
        Decision::ReduceStats {
            ship,
            levels,
            credited: Some(Seat(0)),
        },
    ))
}

pub fn stats(g: &LaunchFighters, id: UnitId) -> Stats {
    g.unit(id).ship().expect("a ship").stats
}

pub fn hex_of(g: &LaunchFighters, id: UnitId) -> Option<Hex> {
    match g.unit(id).location {
        Location::OnMap(h) => Some(h),
        _ => None,
    }
}

pub fn is_active(g: &LaunchFighters, sq: UnitId) -> bool {
    g.unit(sq).squadron().expect("a squadron").active
}

/// The dice of the pool announced in these events.
pub fn pool_dice(ev: &[Event]) -> Option<u8> {
    ev.iter().find_map(|e| match e {
        Event::PoolGathered { dice, .. } => Some(*dice),
        _ => None,
    })
}

/// The barrages in these events: (dice, modifier, total, defense, result).
pub fn barrages(ev: &[Event]) -> Vec<(Vec<u8>, i8, u8, u8, crate::BarrageResult)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Barrage {
                dice,
                modifier,
                total,
                defense,
                result,
                ..
            } => Some((dice.clone(), *modifier, *total, *defense, *result)),
            _ => None,
        })
        .collect()
}

pub fn to_move(g: &LaunchFighters) -> Vec<u8> {
    g.to_move().into_iter().map(|s| s.0).collect()
}

/// Every action in a broad universe (ids 0..=n and a bogus one, small numbers, hexes
/// around the units) is either listed as legal — and then applies on a copy — or is
/// refused with the state unchanged. Catches any gap between candidates and check.
pub fn audit(g: &LaunchFighters) {
    use crate::{SquadronFate, Stat};
    let n = g.units.len() as u16;
    let ids: Vec<UnitId> = (0..=n).chain([999]).map(UnitId).collect();
    let mut hexes: Vec<Hex> = Vec::new();
    for u in &g.units {
        if let Some(h) = hex_of(g, u.id) {
            hexes.extend(h.disc(1));
        }
    }
    hexes.push(Hex::new(-50, 3));
    hexes.sort();
    hexes.dedup();
    let mut universe = vec![
        Action::EndLaunch,
        Action::StopFiring,
        Action::EndActivation,
        Action::Advance { squadron: None },
        Action::HitSquadron {
            fate: SquadronFate::Flip,
        },
        Action::HitSquadron {
            fate: SquadronFate::ReturnToBase,
        },
        Action::Intercept { squadrons: vec![] },
        Action::EndRepairs,
    ];
    for &id in &ids {
        universe.push(Action::Activate { unit: id });
        universe.push(Action::FireCannons { target: id });
        for m in 0..=5 {
            universe.push(Action::FireLaunchers {
                target: id,
                missiles: m,
            });
        }
        universe.push(Action::Dogfight { target: id });
        universe.push(Action::ReturnToBase { host: id });
        universe.push(Action::LandOn { host: id });
        universe.push(Action::LoseSquadron { squadron: id });
        universe.push(Action::Advance { squadron: Some(id) });
        universe.push(Action::Intercept {
            squadrons: vec![id],
        });
        universe.push(Action::Intercept {
            squadrons: vec![id, id],
        });
        universe.push(Action::Formation {
            target: id,
            wingmen: vec![],
        });
        for &w in &ids {
            universe.push(Action::Formation {
                target: id,
                wingmen: vec![w],
            });
            universe.push(Action::Intercept {
                squadrons: vec![id, w],
            });
        }
        for &h in &hexes {
            universe.push(Action::Launch {
                squadron: id,
                to: h,
            });
        }
    }
    for d in 0..=7 {
        universe.push(Action::Barrage {
            dice: d,
            target: None,
        });
        for &id in &ids {
            universe.push(Action::Barrage {
                dice: d,
                target: Some(id),
            });
        }
    }
    let all = Stat::WITH_HOLDS;
    universe.push(Action::Reduce { stats: vec![] });
    for a in all {
        universe.push(Action::Reduce { stats: vec![a] });
        for b in all {
            universe.push(Action::Reduce { stats: vec![a, b] });
            universe.push(Action::Reduce {
                stats: vec![a, b, a],
            });
        }
    }
    let hash = g.state_hash();
    for seat in 0..g.players.len() as u8 {
        let legal = g.legal_actions(Seat(seat));
        for a in &universe {
            let mut c = g.clone();
            let r = c.apply(Seat(seat), a);
            if legal.contains(a) {
                assert!(r.is_ok(), "listed {a:?} refused: {r:?}");
                let tm = c.to_move();
                if c.outcome.is_none() {
                    assert!(!tm.is_empty(), "after {a:?} nobody is to move");
                    for s in tm {
                        assert!(
                            !c.legal_actions(s).is_empty(),
                            "after {a:?} seat {s} is to move with no legal action"
                        );
                    }
                }
            } else {
                assert!(r.is_err(), "unlisted {a:?} accepted for seat {seat}");
                assert_eq!(c.state_hash(), hash, "refused {a:?} changed the state");
            }
        }
        for a in &legal {
            let mut c = g.clone();
            assert!(c.apply(Seat(seat), a).is_ok(), "listed {a:?} refused");
        }
    }
}

/// A design with `m` missiles.
pub fn with_missiles(mut d: ShipDesign, m: u8) -> ShipDesign {
    d.missiles = m;
    d
}

/// Turn a squadron upside down (inactive).
pub fn flip(sb: &mut Sandbox, sq: UnitId) {
    sb.state().units[sq.index()]
        .squadron_mut()
        .expect("a squadron")
        .active = false;
}

/// A seat-0 shooter (Move 3, facing north at the origin) and a seat-1 target ship
/// two hexes behind it (target in the shooter's rear arc, shooter in the target's
/// front arc: no flanking), in attack step 3, the shooter activated.
pub fn duel(shooter: ShipDesign, target: ShipDesign) -> (LaunchFighters, UnitId, UnitId) {
    let o = origin();
    let mut sb = Sandbox::new(2);
    let a = ship(&mut sb, 0, shooter, o, Dir::N);
    let t = ship(&mut sb, 1, target, o.steps(Dir::S, 2), Dir::N);
    seat_0_first(&mut sb);
    (activated(sb, 3, a), a, t)
}

/// Seat 0 has the higher initiative (`order` lists the lowest first, LF-06), so it
/// activates first in the attack phase (LF-08: descending initiative).
pub fn seat_0_first(sb: &mut Sandbox) {
    sb.state().order = vec![Seat(1), Seat(0)];
}

/// The position built in attack step `step`, seat 0's `unit` activated.
pub fn activated(mut sb: Sandbox, step: u8, unit: UnitId) -> LaunchFighters {
    attack_step(&mut sb, step);
    let mut g = sb.build();
    play(&mut g, 0, Action::Activate { unit });
    g
}

/// A carrier of `owner`'s that does not move ("`name`": `bays` bays, Defense 4,
/// Move 0) at `at`, facing north.
pub fn carrier(sb: &mut Sandbox, owner: u8, name: &str, bays: u8, at: Hex) -> UnitId {
    ship(sb, owner, design(name, 0, 0, bays, 4, 0), at, Dir::N)
}

/// Seat 0's carrier ("Home": two bays, Defense 4, Move 0) eight hexes south-west of
/// the origin, facing north: a host too far off to matter to the fight.
pub fn home_carrier(sb: &mut Sandbox) -> UnitId {
    carrier(sb, 0, "Home", 2, origin().steps(Dir::Sw, 8))
}

/// Two squadrons face to face, each far from its carrier: seat 0's at the origin
/// (from `home_carrier`), seat 1's one hex north (its carrier "EHome" eight hexes
/// north-east). Returns (seat 1's carrier, seat 0's squadron, seat 1's squadron).
pub fn squadrons_face_to_face(sb: &mut Sandbox) -> (UnitId, UnitId, UnitId) {
    let o = origin();
    let home = home_carrier(sb);
    let ehome = carrier(sb, 1, "EHome", 2, o.steps(Dir::Ne, 8));
    let me = squadron(sb, 0, home, o);
    let foe = squadron(sb, 1, ehome, o.step(Dir::N));
    (ehome, me, foe)
}

/// Seat 1's carrier ("Target": one bay, Defense 5, Move 1) at the origin and seat 0's
/// missile ship ("S": 3 launchers, 6 missiles) at `from`, both facing north. Returns
/// (target, missile ship).
pub fn target_and_missile_ship(sb: &mut Sandbox, from: Hex) -> (UnitId, UnitId) {
    let t = ship(sb, 1, design("Target", 0, 0, 1, 5, 1), origin(), Dir::N);
    let a = ship(
        sb,
        0,
        with_missiles(design("S", 0, 3, 0, 5, 3), 6),
        from,
        Dir::N,
    );
    (t, a)
}

/// Seat 0's flak ship ("Flak ship": cannons 5, Move 3) at the origin facing north and
/// seat 1's host ("Host": two bays) four hexes north facing south. Returns (flak ship,
/// host).
pub fn flak_ship_and_host(sb: &mut Sandbox) -> (UnitId, UnitId) {
    let o = origin();
    let a = ship(sb, 0, design("Flak ship", 5, 0, 0, 5, 3), o, Dir::N);
    let h = ship(
        sb,
        1,
        design("Host", 0, 0, 2, 5, 1),
        o.steps(Dir::N, 4),
        Dir::S,
    );
    (a, h)
}

/// Seat 0 rolls `dice` of the open pool as one barrage (at `target`: flak names its
/// squadron); it must be listed. Returns the events.
pub fn barrage(g: &mut LaunchFighters, dice: u8, target: Option<UnitId>) -> Vec<Event> {
    play(g, 0, Action::Barrage { dice, target })
}

/// Seat 0's activated ship fires `missiles` from its launchers at `target`; it must be
/// listed. Returns the events.
pub fn fire_launchers(g: &mut LaunchFighters, target: UnitId, missiles: u8) -> Vec<Event> {
    play(g, 0, Action::FireLaunchers { target, missiles })
}

/// Seat `seat` reduces these stats of the ship the decision names; it must be listed.
/// Returns the events.
pub fn reduce(g: &mut LaunchFighters, seat: u8, stats: Vec<crate::Stat>) -> Vec<Event> {
    play(g, seat, Action::Reduce { stats })
}

/// Seat 0's `shooter` at the origin facing north; seat 1's host ("H": one bay) four
/// hexes north facing south, with an active squadron out one hex north-east of the
/// shooter. Returns (shooter, squadron).
pub fn shooter_and_a_squadron_alongside(sb: &mut Sandbox, shooter: ShipDesign) -> (UnitId, UnitId) {
    let o = origin();
    let a = ship(sb, 0, shooter, o, Dir::N);
    let h = ship(
        sb,
        1,
        design("H", 0, 0, 1, 5, 1),
        o.steps(Dir::N, 4),
        Dir::S,
    );
    (a, squadron(sb, 1, h, o.step(Dir::Ne)))
}

/// Seat 1 is to reduce `levels` stat levels of `ship`, the decision on top of the
/// stack, credited to `credited` (LF-13).
pub fn owes_reduction(sb: &mut Sandbox, ship: UnitId, levels: u8, credited: Option<Seat>) {
    sb.state().pending.push(crate::state::Pending {
        seat: Seat(1),
        decision: Decision::ReduceStats {
            ship,
            levels,
            credited,
        },
    });
}

/// Seat 1's ship `d` at the origin, moved in movement step 2 and hit in an asteroid
/// hex (LF-09): `levels` reductions owed, credited to nobody; seat 0's "Other" waits
/// six hexes south. Returns the ship.
pub fn hit_by_asteroids(sb: &mut Sandbox, d: ShipDesign, levels: u8) -> UnitId {
    let o = origin();
    let s = ship(sb, 1, d, o, Dir::N);
    ship(
        sb,
        0,
        design("Other", 1, 0, 0, 3, 2),
        o.steps(Dir::S, 6),
        Dir::N,
    );
    sb.state().phase = Phase::Movement { step: 2 };
    sb.state().units[s.index()].moved = true;
    owes_reduction(sb, s, levels, None);
    s
}
