//! The learning encoding (src/learn.rs, docs/learning/stratoyager.md): documented ids
//! for known answers, ids distinct and stable over random games, observations of a
//! fixed, documented length with a name for every number, and secret orders that do
//! not reach the other side's observation.

use crate::action::{Action, CombatOrder, MissileOrder};
use crate::state::Phase;
use crate::testkit::{dogfight_at_first_maneuver, scenario};
use crate::types::{Driver, Maneuver, MissileKind, Plan, UnitId};
use crate::Stratoyager;
use orrery_core::learn::{observation, observation_named};
use orrery_core::{Game, Learning, Seat};

const A: Seat = Seat(0);
const B: Seat = Seat(1);

fn setup(name: &str, seed: u64) -> Stratoyager {
    Stratoyager::setup(&scenario(name), seed).unwrap()
}

/// Side B's ids start here in the pilot episode (9 units, forces of 4 and 5, 24×36).
const PILOT_PER_SEAT: usize = 17_366;

#[test]
fn the_pilot_episode_space_is_two_sides_of_documented_blocks() {
    let g = setup("pilot-episode", 1);
    // deploy 6, place 8280, enter 1400, card 5, dogfight 5, maneuver 7200, yaw 13,
    // leave 2, fire at will 10, combat 445.
    assert_eq!(g.action_space(), 2 * PILOT_PER_SEAT);
    assert_eq!(setup("dogfight", 1).action_space(), 2 * 16_486);
    assert_eq!(setup("asteroid-ambush", 1).action_space(), 2 * 16_666);
}

#[test]
fn known_answers_map_to_their_documented_ids() {
    let g = setup("pilot-episode", 1);
    let id = |seat, a: Action| g.action_id(seat, &a).unwrap();
    assert_eq!(id(A, Action::Deploy { card: None }), 0);
    assert_eq!(id(B, Action::Deploy { card: Some(2) }), PILOT_PER_SEAT + 2);
    // place block at 6: x 3 → 2, row 35 − 34 = 1: ((2·3 + 1)·12 + 6)·10 + 4 = 904.
    let place = Action::Place {
        x: 3,
        y: 35,
        course: 6,
        speed: 4,
    };
    assert_eq!(id(B, place), PILOT_PER_SEAT + 6 + 904);
    // maneuver block at 9696: (33·60 + 2)·2 + 1 = 3965.
    let plan = Plan {
        first: Maneuver::new(Driver::TurnStarboard, 3),
        second: Maneuver::new(Driver::Accelerate, 2),
        evasive: true,
    };
    assert_eq!(id(A, Action::Maneuver(plan)), 9696 + 3965);
    // combat block at 16921, k = 42: 16 + 9 + 42 + 5·42 + (9 + 3 + 6·3 + 2) = 309.
    let gunner = CombatOrder::Gunner {
        target: UnitId(5),
        missile: MissileOrder::Dumb {
            target: UnitId(6),
            size: MissileKind::Heavy,
        },
    };
    assert_eq!(id(A, Action::Combat(gunner)), 16_921 + 309);
    assert_eq!(id(A, Action::Combat(CombatOrder::Hold)), 16_921);
    assert_eq!(
        id(B, Action::Combat(CombatOrder::Eject { hour: 11 })),
        PILOT_PER_SEAT + 16_921 + 15
    );
    assert_eq!(
        g.action_id(A, &Action::Combat(CombatOrder::Eject { hour: 12 })),
        None
    );
    assert_eq!(g.action_id(A, &Action::Yaw { facing: Some(12) }), None);
    assert_eq!(
        g.action_id(Seat(2), &Action::Leave { withdraw: true }),
        None
    );
}

/// Every built-in scenario and its observation length (the table in the doc).
const LENGTHS: [(&str, usize); 3] = [
    ("pilot-episode", 42 + 9 * (64 + 4 + 9)),
    ("dogfight", 42 + 2 * (64 + 4 + 2)),
    ("asteroid-ambush", 42 + 6 * (64 + 4 + 6) + 3 * 8),
];

#[test]
fn the_observation_has_its_documented_length_and_names() {
    for (name, length) in LENGTHS {
        let g = setup(name, 3);
        for s in [A, B] {
            assert_eq!(observation(&g, s).len(), length, "{name} seat {s}");
        }
    }
    let f = observation_named(&setup("pilot-episode", 3), A);
    let names = f.names().unwrap();
    assert_eq!(names[0], "viewer=0");
    assert!(names.contains(&"unit8.lock.target=8".to_string()));
    assert!(names.contains(&"unit0.asked_now".to_string()));
}

/// FORCE SHOW (SY-22): side A's secret deployment card changes its own observation
/// but nothing in side B's.
#[test]
fn a_secret_deployment_card_reaches_only_its_own_side() {
    let g = setup("pilot-episode", 7);
    assert_eq!(g.phase, Phase::DeployCards);
    assert!(g.to_move().contains(&A) && g.to_move().contains(&B));
    let theirs = observation_named(&g, B);
    let names = theirs.names().unwrap();
    let mut after_first: Option<Vec<f32>> = None;
    let mut mine = Vec::new();
    for a in g.legal_actions(A) {
        let mut h = g.clone();
        h.apply(A, &a).unwrap();
        mine.push(observation(&h, A));
        let after = observation(&h, B);
        // B sees only that A's first unit has answered.
        let changed: Vec<&str> = (0..after.len())
            .filter(|&i| after[i] != theirs.values()[i])
            .map(|i| names[i].as_str())
            .collect();
        assert_eq!(changed, ["unit0.answered"]);
        let first = after_first.get_or_insert_with(|| after.clone());
        assert_eq!(*first, after, "B's observation depends on A's card");
    }
    mine.dedup();
    assert!(mine.len() > 1, "A sees its own card");
}

/// SY-27: the dogfight cards a side drew are in its observation, not the other's.
#[test]
fn dogfight_cards_drawn_reach_only_their_side() {
    let g = dogfight_at_first_maneuver();
    assert!(g.dogfight.is_some());
    let mut h = g.clone();
    let deal = h.dogfight.as_mut().unwrap();
    deal.drawn[0] = if deal.drawn[0] == [1, 2] {
        [4, 5]
    } else {
        [1, 2]
    };
    assert_eq!(observation(&g, B), observation(&h, B));
    assert_ne!(observation(&g, A), observation(&h, A));
}
