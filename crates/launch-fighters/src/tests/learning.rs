//! The learning encoding of Launch Fighters! (`src/learn.rs`,
//! docs/learning/launch-fighters.md): documented ids, ids that keep their meaning over
//! whole random games, and observations of one length with a name for every number.

use crate::learn::{subset_rank, subsets};
use crate::testkit::{design, Sandbox};
use crate::{Action, LaunchFighters, Stat, UnitId};
use orrery_core::learn::{observation, observation_named};
use orrery_core::{Game, Learning, Rng, Seat};
use orrery_hex::{Dir, Hex};

/// Seat 0: ship #0 at (5, 5) and squadron #1 at (7, 7); seat 1: ship #2 at (20, 5).
fn sandbox() -> LaunchFighters {
    let mut s = Sandbox::new(2);
    let a = s.ship(0, design("A", 2, 1, 1, 3, 3), 5, 5, Dir::N);
    s.squadron(0, a, 7, 7);
    s.ship(1, design("B", 2, 1, 0, 3, 3), 20, 5, Dir::S);
    s.build()
}

#[test]
fn the_space_is_the_sum_of_the_documented_blocks() {
    // P 2, C 648, I 550, N 3, S 2, Q 1, Qs 1, V 6 + 1 + 6, L 1, D 4:
    // Place 6600, Move 8424, Push 1296, Activate 6, FireCannons 6, FireLaunchers 6,
    // Launch 648, EndLaunch 2, Barrage 32, StopFiring 2, Dogfight 6, Formation 12,
    // ReturnToBase 6, EndActivation 2, Reduce 114, Intercept 4, HitSquadron 4,
    // LandOn 6, LoseSquadron 6, Advance 8, Repair 6, RepairStat 14, EndRepairs 2.
    assert_eq!(sandbox().action_space(), 17_212);
}

#[test]
fn a_ships_move_has_its_documented_id() {
    let g = sandbox();
    let to = Hex::from_offset(6, 5);
    let mv = Action::Move {
        unit: UnitId(0),
        to,
        facing: Some(Dir::S),
        boost: false,
        warp: false,
    };
    // After Place (6600): move slot 0 + facing S (3), × C + cell (6 × 24 + 5).
    assert_eq!(g.action_id(Seat(0), &mv), Some(6600 + 3 * 648 + 149));
    // Another seat's unit, or a booster the ship does not have: no id.
    assert_eq!(g.action_id(Seat(1), &mv), None);
    let boosted = Action::Move {
        unit: UnitId(0),
        to,
        facing: Some(Dir::S),
        boost: true,
        warp: false,
    };
    assert_eq!(g.action_id(Seat(0), &boosted), None);
}

#[test]
fn a_squadrons_move_follows_the_ships_six_variants() {
    let g = sandbox();
    let mv = Action::Move {
        unit: UnitId(1),
        to: Hex::from_offset(7, 7),
        facing: None,
        boost: false,
        warp: false,
    };
    assert_eq!(g.action_id(Seat(0), &mv), Some(6600 + 6 * 648 + 7 * 24 + 7));
}

#[test]
fn per_seat_actions_carry_the_seat() {
    let g = sandbox();
    // EndRepairs is the last block, one id per seat.
    assert_eq!(g.action_id(Seat(1), &Action::EndRepairs), Some(17_211));
    assert_eq!(g.action_id(Seat(0), &Action::EndRepairs), Some(17_210));
    // Reduce starts at 17048; seat 1's row of 57; [cannons, move] = 1 + 7 + 7·0 + 4.
    let reduce = Action::Reduce {
        stats: vec![Stat::Cannons, Stat::Move],
    };
    assert_eq!(g.action_id(Seat(1), &reduce), Some(17_048 + 57 + 12));
}

#[test]
fn the_first_flagship_placement_has_its_documented_id() {
    let duel = LaunchFighters::scenarios().remove(0).scenario;
    let g = LaunchFighters::setup(&duel, 1).expect("duel sets up");
    let seat = g.to_move()[0];
    let first = g.legal_actions(seat).remove(0);
    let Action::Place { ship, at, facing } = first.clone() else {
        panic!("placement first: {first:?}")
    };
    let rank = g.units[..ship.index()]
        .iter()
        .filter(|u| u.is_ship())
        .count();
    let (col, row) = at.to_offset();
    let inner = ((col - 1) * 22 + row - 1) as usize;
    assert_eq!(
        g.action_id(seat, &first),
        Some((rank * 550 + inner) * 6 + facing.index())
    );
}

#[test]
fn subsets_are_ranked_one_to_one() {
    for (k, m) in [(0, 3), (1, 5), (5, 3), (5, 5), (9, 3)] {
        let total = subsets(k, m);
        let mut seen = vec![false; total];
        for mask in 0u32..1 << k {
            let set: Vec<usize> = (0..k).filter(|i| mask & 1 << i != 0).collect();
            match subset_rank(&set, k, m) {
                Some(r) => {
                    assert!(set.len() <= m && !seen[r], "{k} {m} {set:?}");
                    seen[r] = true;
                }
                None => assert!(set.len() > m),
            }
        }
        assert!(seen.iter().all(|&s| s), "every rank below {total} is used");
    }
}

#[test]
fn the_seat_to_move_sees_itself_as_seat_plus_0() {
    let duel = LaunchFighters::scenarios().remove(0).scenario;
    let g = LaunchFighters::setup(&duel, 5).expect("duel sets up");
    let mover = g.to_move()[0];
    let other = Seat(1 - mover.0);
    let at = |seat: Seat, name: &str| observation_named(&g, seat).value(name).unwrap();
    assert_eq!(at(mover, "seat+0.to_move"), 1.0);
    assert_eq!(at(other, "seat+0.to_move"), 0.0);
    assert_eq!(at(other, "seat+1.to_move"), 1.0);
}

/// Launch Fighters! hides nothing but the dice generator ("The stats of all ships on
/// the map are public knowledge"): another generator changes no seat's observation.
#[test]
fn the_dice_generator_changes_no_observation() {
    for named in LaunchFighters::scenarios() {
        let g = LaunchFighters::setup(&named.scenario, 9).expect("sets up");
        let mut other = g.clone();
        *other.rng_mut() = Rng::seed_from(12_345);
        for s in 0..g.seats() {
            assert_eq!(observation(&g, Seat(s)), observation(&other, Seat(s)));
        }
    }
}
