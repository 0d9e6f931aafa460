//! The learning hooks (docs/learning/warfleets.md): answers numbered as documented,
//! the same id for the same answer all game long, and observations of one length
//! with a name for every number.

use crate::state::{Edge, Step};
use crate::testkit::scenario;
use crate::{Action, GunRef, Warfleets};
use orrery_core::learn::{action_ids, observation, observation_named};
use orrery_core::{Game, Learning, Rng, Seat};
use orrery_table::Heading;

/// Cells of the 72" × 48" table's whole-inch grid.
const NX: usize = 73;
const CELLS: usize = NX * 49;

/// Plays `seed`'s random game of `name` to its end, calling `each` before every
/// answer with the seat to answer and its legal answers.
fn play(name: &str, seed: u64, mut each: impl FnMut(&Warfleets, Seat, &[Action])) {
    let mut g = Warfleets::setup(&scenario(name), seed).unwrap();
    let mut rng = Rng::seed_from(seed ^ 0xfee1);
    while g.outcome().is_none() {
        let seat = g.to_move()[0];
        let legal = g.legal_actions(seat);
        each(&g, seat, &legal);
        let a = legal[rng.index(legal.len())].clone();
        g.apply(seat, &a).unwrap();
    }
    each(&g, Seat(0), &[]);
}

#[test]
fn the_built_in_scenarios_have_the_documented_space_sizes() {
    for (name, size) in [
        ("patrol", 42_630),
        ("skirmish", 66_570),
        ("battle", 120_217),
    ] {
        let g = Warfleets::setup(&scenario(name), 1).unwrap();
        assert_eq!(g.action_space(), size, "{name}");
    }
}

#[test]
fn the_built_in_scenarios_have_the_documented_observation_lengths() {
    for (name, len) in [("patrol", 2_118), ("skirmish", 3_654), ("battle", 5_014)] {
        let g = Warfleets::setup(&scenario(name), 1).unwrap();
        for seat in [Seat(0), Seat(1)] {
            assert_eq!(observation(&g, seat).len(), len, "{name}");
        }
    }
}

/// Patrol: 10 models with at most 4 upgrades, the fastest Cruise 15" (31 pivot slots)
/// and Move 10" (21 advance slots), 6 squadrons, no Tactical Master or Elite Carrier.
#[test]
fn patrol_answers_have_their_documented_ids() {
    let g = Warfleets::setup(&scenario("patrol"), 3).unwrap();
    let (n, u, p) = (10, 4, 31);
    let id = |seat: u8, a: Action| g.action_id(Seat(seat), &a).unwrap();
    assert_eq!(id(0, Action::Activate { model: 3 }), 3);
    assert_eq!(id(1, Action::Defer { model: 7 }), n + 7);
    let fire = 5 * n + n * n;
    assert_eq!(
        id(
            1,
            Action::Fire {
                gun: GunRef::Turret,
                target: 2
            }
        ),
        fire + 2 * (1 + u)
    );
    assert_eq!(
        id(
            0,
            Action::Fire {
                gun: GunRef::Weapon(1),
                target: 6
            }
        ),
        fire + 6 * (1 + u) + 2
    );
    let ram = fire + n * (1 + u);
    assert_eq!(
        id(
            0,
            Action::Ram {
                target: 5,
                pivot: 4.5,
                turn: -1
            }
        ),
        ram + (5 * p + 9) * 7 + 2
    );
    let zone = ram + n * p * 7;
    let aside = zone + n * 13 * NX;
    assert_eq!(
        id(
            1,
            Action::MoveAside {
                model: 9,
                x: 30.0,
                y: 20.0
            }
        ),
        aside + 5 * CELLS + 20 * NX + 30
    );
    let shared = aside + 6 * CELLS;
    let seat_block = 2 + 24 + 3 + 9 + 2 * u + 21 + 25 + p * 13 + p * 7 + 5 * NX + CELLS;
    assert_eq!(shared + 2 * seat_block, g.action_space());
    assert_eq!(id(0, Action::Edge { edge: Edge::North }), shared + 1);
    assert_eq!(
        id(1, Action::Edge { edge: Edge::North }),
        shared + seat_block + 1
    );
    assert_eq!(
        id(
            0,
            Action::Face {
                heading: Heading(5)
            }
        ),
        shared + 2 + 5
    );
    assert_eq!(id(1, Action::Done), shared + seat_block + 2 + 24 + 2);
    let hold = shared + 2 + 24 + 3 + 9 + 2 * u + 21;
    assert_eq!(id(0, Action::Hold { turn: -12 }), hold);
    assert_eq!(
        id(
            0,
            Action::Move {
                pivot: 5.0,
                turn: 6
            }
        ),
        hold + 25 + 10 * 13 + 12
    );
    let marker = hold + 25 + p * 20;
    assert_eq!(
        id(0, Action::Marker { x: 40.0, y: 24.0 }),
        marker + 2 * NX + 40
    );
    let fly = marker + 5 * NX;
    assert_eq!(
        id(1, Action::Fly { x: 3.0, y: 47.0 }),
        seat_block + fly + 47 * NX + 3
    );
    // Not on the whole-inch grid, or no such gun or upgrade: no id.
    assert_eq!(g.action_id(Seat(0), &Action::Fly { x: 3.5, y: 4.0 }), None);
    assert_eq!(g.action_id(Seat(0), &Action::Assign { upgrade: 4 }), None);
    assert_eq!(g.action_id(Seat(0), &Action::Mine { x: 3.0, y: 4.0 }), None);
}

/// Deployment ids count rows from the model's own edge: the spot 3" in from a
/// seat's edge has the same id whichever edge that is.
#[test]
fn deployment_ids_count_rows_from_the_own_edge() {
    for seed in 0..8 {
        let mut g = Warfleets::setup(&scenario("patrol"), seed).unwrap();
        while !matches!(g.step, Step::Deploy { .. }) {
            let seat = g.to_move()[0];
            let a = g.legal_actions(seat)[0].clone();
            g.apply(seat, &a).unwrap();
        }
        let depth3 = |m: u8| {
            let y = match g.edges[usize::from(g.model(m).seat.0)] {
                Edge::South => 3.0,
                Edge::North => 45.0,
            };
            Action::Deploy {
                model: m,
                x: 10.0,
                y,
            }
        };
        let zone = 5 * 10 + 100 + 10 * 5 + 10 * 31 * 7;
        for m in [0u8, 4] {
            let seat = g.model(m).seat;
            let want = zone + (usize::from(m) * 13 + 3) * NX + 10;
            assert_eq!(g.action_id(seat, &depth3(m)), Some(want));
        }
    }
}

/// Warfleets keeps no secret but the dice to come: rerolling them (a world no seat
/// can tell from the game) changes neither seat's observation nor any answer's id.
#[test]
fn the_dice_to_come_change_no_observation_or_id() {
    play("skirmish", 7, |g, seat, legal| {
        let mut other = g.clone();
        other.rng_mut().reseed(0xd1ce);
        for s in [Seat(0), Seat(1)] {
            assert_eq!(observation(g, s), observation(&other, s));
        }
        assert_eq!(action_ids(g, seat, legal), action_ids(&other, seat, legal));
    });
}

/// Each seat reads the table from its own side: the `viewer`, `mine` and
/// `to_move` fields differ between the seats' observations, the table does not.
#[test]
fn the_seats_observations_differ_only_in_whose_they_are() {
    let g = Warfleets::setup(&scenario("patrol"), 4).unwrap();
    let (a, b) = (
        observation_named(&g, Seat(0)),
        observation_named(&g, Seat(1)),
    );
    let names = a.names().unwrap();
    for (i, n) in names.iter().enumerate() {
        if a.values()[i] != b.values()[i] {
            let relative = [
                "viewer=",
                ".mine",
                "to_move.",
                "first_is_me",
                "edge.",
                "carried.",
                "outcome.",
                "by_me",
            ];
            assert!(
                relative.iter().any(|r| n.contains(r)),
                "{n} differs between the seats"
            );
        }
    }
}
