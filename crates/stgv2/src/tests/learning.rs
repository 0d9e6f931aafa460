//! The learning encoding of STGv2 (`src/learn.rs`, docs/learning/stgv2.md):
//! documented ids, ship fields bounded by the cap of ship slots, ids that keep their
//! meaning over whole random games, and observations of one length with a name for
//! every number that the hidden pile order does not change.

use crate::learn::MAX_SHIPS;
use crate::testkit::{add_ship, assets, pos, scenario, started};
use crate::{Action, Stgv2};
use orrery_core::learn::{observation, observation_named};
use orrery_core::{Game, Learning, Rng, Seat};
use orrery_nodes::Dir;

fn outpost() -> Stgv2 {
    started(&scenario("outpost"), 1)
}

/// Seat `seat`'s first ship.
fn first_ship(g: &Stgv2, seat: Seat) -> u16 {
    g.fleet(seat).next().expect("a ship").id
}

#[test]
fn the_space_is_the_sum_of_the_documented_blocks() {
    // P 2, K 240, X 7, Z 5, T 3, W 3·3·3·4: start 12, cells 216, follow 720,
    // card 1168, end_set 2, attack 57,600, lose 8, act 1680, buy cell 2, buy 720,
    // buy_ship 60, next 2.
    assert_eq!(outpost().action_space(), 62_190);
}

#[test]
fn an_attack_has_its_documented_id() {
    let g = outpost();
    let (a, b) = (first_ship(&g, Seat(0)), first_ship(&g, Seat(1)));
    let attack = Action::Attack { ship: a, target: b };
    // After start, cells, follow, card, end_set: 12 + 216 + 720 + 1168 + 2.
    assert_eq!(
        g.action_id(Seat(0), &attack),
        Some(2118 + usize::from(a) * 240 + usize::from(b))
    );
    // Not seat 1's ship to attack with: no id.
    assert_eq!(g.action_id(Seat(1), &attack), None);
}

#[test]
fn a_card_play_and_next_carry_the_seat() {
    let g = outpost();
    let card = Action::Card {
        dirs: vec![Dir::D0, Dir::Up],
    };
    // Card block at 948; seat 1's row of 584; two directions: 8 + 0 + 6 × 8.
    assert_eq!(g.action_id(Seat(1), &card), Some(948 + 584 + 8 + 48));
    assert_eq!(g.action_id(Seat(0), &card), Some(948 + 8 + 48));
    assert_eq!(g.action_id(Seat(1), &Action::Next), Some(62_189));
}

#[test]
fn a_starting_corner_is_its_direction_from_the_station() {
    let g = Stgv2::setup(&scenario("outpost"), 3).expect("sets up");
    let Some(&seat) = g.to_move().first() else {
        return; // every corner was forced
    };
    for a in g.legal_actions(seat) {
        let Action::Start { node } = a else {
            panic!("{a:?}")
        };
        let station = g.stations[seat.index()];
        let corner = (0..6)
            .find(|&i| station.offset(i) == node)
            .expect("next to it");
        assert_eq!(g.action_id(seat, &a), Some(seat.index() * 6 + corner));
    }
}

/// Bought ships take the next ids up to the cap: the last slot's actions are still
/// inside the space, and a ship beyond the cap cannot exist (the purchase is refused).
#[test]
fn the_last_ship_slot_stays_inside_the_space() {
    let mut g = outpost();
    let space = g.action_space();
    while g.ships.len() < MAX_SHIPS {
        add_ship(&mut g, Seat(0), pos(0, 0, 0), assets(1, 1, 1));
    }
    let last = (MAX_SHIPS - 1) as u16;
    let target = first_ship(&g, Seat(1));
    for a in [
        Action::Attack { ship: last, target },
        Action::Follow { set: 2, ship: last },
        Action::Act {
            ship: last,
            cluster: 6,
        },
        Action::Buy {
            item: crate::Item::Shield,
            ship: Some(last),
        },
    ] {
        let id = g.action_id(Seat(0), &a).expect("an id");
        assert!(id < space, "{a:?}: {id} ≥ {space}");
    }
    let station = g.stations[0];
    let at = orrery_nodes::Pos {
        node: station.offset(0),
        z: 0,
    };
    assert!(g.buy_ship_problem(Seat(0), at).is_some());
}

#[test]
fn the_seat_to_move_sees_itself_as_seat_plus_0() {
    let g = outpost();
    let mover = g.to_move()[0];
    let other = Seat(1 - mover.0);
    let at = |seat: Seat, name: &str| observation_named(&g, seat).value(name).unwrap();
    assert_eq!(at(mover, "seat+0.to_move"), 1.0);
    assert_eq!(at(other, "seat+0.to_move"), 0.0);
    assert_eq!(at(other, "seat+1.to_move"), 1.0);
}

/// The face-down piles' order is hidden from everyone: redealing them (and the dice
/// generator) for any seat changes no seat's observation.
#[test]
fn the_hidden_pile_order_changes_no_observation() {
    for named in Stgv2::scenarios() {
        let mut g = started(&named.scenario, 4);
        let mut rng = Rng::seed_from(5);
        for _ in 0..60 {
            for s in 0..g.seats() {
                let mut other = g.clone();
                other.determinize(Seat(s), &mut Rng::seed_from(99 + u64::from(s)));
                for k in 0..g.seats() {
                    assert_eq!(observation(&g, Seat(k)), observation(&other, Seat(k)));
                }
            }
            let Some(&seat) = g.to_move().first() else {
                break;
            };
            let legal = g.legal_actions(seat);
            let a = legal[rng.index(legal.len())].clone();
            g.apply(seat, &a).expect("legal");
        }
    }
}
