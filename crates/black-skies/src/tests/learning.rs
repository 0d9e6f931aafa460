//! The learning encoding (src/learn.rs, docs/learning/black-skies.md): documented ids
//! for known answers, ids distinct and stable over random games, observations of a
//! fixed, documented length with a name for every number, and face-down cards that
//! do not reach the other side's observation.

use crate::state::Phase;
use crate::testkit::scenario;
use crate::{Action, BlackSkies, Wing};
use orrery_core::learn::{observation, observation_named};
use orrery_core::{Game, Learning, Rng, Seat};

const A: Seat = Seat(0);
const B: Seat = Seat(1);

fn setup(name: &str, seed: u64) -> BlackSkies {
    BlackSkies::setup(&scenario(name), seed).unwrap()
}

/// Side B's ids start here in the squadron scenario: deploy 4140, speed 78, group 7,
/// maneuver 3, fire 12, hold 1, card 12.
const SQUADRON_PER_SEAT: usize = 4253;

#[test]
fn the_spaces_of_the_shipped_scenarios_are_two_sides_of_documented_blocks() {
    assert_eq!(setup("squadron", 1).action_space(), 2 * SQUADRON_PER_SEAT);
    // deploy 3060, speed 26, group 1, maneuver 3, fire 4, hold 1, card 12.
    assert_eq!(setup("duel", 1).action_space(), 2 * 3107);
}

#[test]
fn known_answers_map_to_their_documented_ids() {
    let g = setup("squadron", 1);
    let id = |seat, a: Action| g.action_id(seat, &a).unwrap();
    // B on the 48" table: y = 45 is 3" from its edge (row 1); x = 10 → column 4;
    // heading 90 → 3; abreast-left → 3: (4·3 + 1)·60 + 3·5 + 3 = 798.
    let deploy = Action::Deploy {
        x: 10,
        y: 45,
        heading: 90,
        wing: Some(Wing::AbreastLeft),
    };
    assert_eq!(id(B, deploy), SQUADRON_PER_SEAT + 798);
    let lead_at_edge = Action::Deploy {
        x: 2,
        y: 1,
        heading: 0,
        wing: None,
    };
    assert_eq!(id(A, lead_at_edge), 0);
    // speed block at 4140: element 4, speed 7 → 4·13 + 7.
    let speed = Action::Speed {
        element: 4,
        speed: 7,
    };
    assert_eq!(id(B, speed), SQUADRON_PER_SEAT + 4140 + 59);
    // group block at 4218: [1, 2] → n = 3, a cut after 1: 2^2 − 1 + 1 = 4.
    assert_eq!(id(A, Action::Group { sizes: vec![1, 2] }), 4218 + 4);
    assert_eq!(id(A, Action::Group { sizes: vec![3] }), 4218 + 3);
    assert_eq!(
        id(
            A,
            Action::Group {
                sizes: vec![1, 1, 1]
            }
        ),
        4218 + 6
    );
    assert_eq!(id(A, Action::Group { sizes: vec![1] }), 4218);
    assert_eq!(id(A, Action::Maneuver { option: 2 }), 4225 + 2);
    assert_eq!(id(A, Action::Fire { target: 11 }), 4228 + 11);
    assert_eq!(id(B, Action::Hold), SQUADRON_PER_SEAT + 4240);
    assert_eq!(id(A, Action::Card { card: 12 }), 4241 + 11);
    let off_grid = Action::Deploy {
        x: 3,
        y: 1,
        heading: 0,
        wing: None,
    };
    assert_eq!(g.action_id(A, &off_grid), None);
    assert_eq!(g.action_id(A, &Action::Group { sizes: vec![2, 2] }), None);
}

/// Every shipped scenario and its observation length (the table in the doc; both
/// carry a Black Tiger, w = 3):
/// `20 + w + 2·es + 46·e + f·(47 + e + 11·w) + 3·a`.
fn length(name: &str) -> usize {
    match name {
        "duel" => 20 + 3 + 2 + 46 * 2 + 4 * (47 + 2 + 11 * 3),
        "squadron" => 20 + 3 + 2 * 3 + 46 * 6 + 12 * (47 + 6 + 11 * 3),
        other => panic!("no length for {other}"),
    }
}

#[test]
fn the_observation_has_its_documented_length_and_names() {
    for name in ["duel", "squadron"] {
        let g = setup(name, 3);
        for s in [A, B] {
            assert_eq!(observation(&g, s).len(), length(name), "{name} seat {s}");
        }
    }
    let f = observation_named(&setup("squadron", 3), A);
    let names = f.names().unwrap();
    assert_eq!(names[0], "viewer=0");
    assert!(names.contains(&"element5.card=11".to_string()));
    assert!(names.contains(&"fighter11.weapon1.arc.fr".to_string()));
}

/// Play random answers until `stop`.
fn until(g: &mut BlackSkies, seed: u64, stop: impl Fn(&BlackSkies) -> bool) {
    let mut rng = Rng::seed_from(seed);
    while !stop(g) {
        assert!(!g.is_terminal(), "the game ended first");
        let seat = g.to_move()[0];
        let legal = g.legal_actions(seat);
        g.apply(seat, &legal[rng.index(legal.len())]).unwrap();
    }
}

/// What `seat`'s observation is after each answer `by` may give now, and `other`'s.
fn after_each(g: &BlackSkies, by: Seat, other: Seat) -> (Vec<Vec<f32>>, Vec<Vec<f32>>) {
    let (mut own, mut theirs) = (Vec::new(), Vec::new());
    for a in g.legal_actions(by) {
        let mut h = g.clone();
        h.apply(by, &a).unwrap();
        own.push(observation(&h, by));
        theirs.push(observation(&h, other));
    }
    (own, theirs)
}

/// BS-02 (version 2): a side's starting speeds, deck order and first cards are one
/// secret step; whatever side A answers, side B's observation is the same.
#[test]
fn set_up_commitments_do_not_reach_the_other_side() {
    let mut g = setup("squadron", 4);
    until(&mut g, 4, |g| g.phase == Phase::Ready);
    let (own, theirs) = after_each(&g, A, B);
    assert!(own.len() > 13);
    assert!(theirs.iter().all(|o| *o == theirs[0]));
    assert!(own.iter().any(|o| *o != own[0]), "A sees its own speed");
    // The first card, face down.
    g.apply(A, &g.legal_actions(A)[5].clone()).unwrap();
    let (own, theirs) = after_each(&g, A, B);
    assert!(theirs.iter().all(|o| *o == theirs[0]));
    assert!(own.iter().any(|o| *o != own[0]), "A sees its own card");
}

/// BS-04 (8): the card an element commits after its activation stays face down for
/// the other side.
#[test]
fn a_face_down_card_does_not_reach_the_other_side() {
    let mut g = setup("duel", 6);
    until(&mut g, 6, |g| matches!(g.phase, Phase::Card { .. }));
    let Phase::Card { element } = g.phase else {
        unreachable!()
    };
    let by = g.owner(element);
    let other = Seat(1 - by.0);
    let (own, theirs) = after_each(&g, by, other);
    assert!(own.len() > 1);
    assert!(theirs.iter().all(|o| *o == theirs[0]));
    assert!(own.iter().any(|o| *o != own[0]));
}
