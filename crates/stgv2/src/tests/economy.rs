//! The economy and the end (ST-13…ST-15, ST-18).

use crate::action::{Action, Item};
use crate::refusal::Refusal;
use crate::state::{OutpostCard, Phase, Step};
use crate::testkit::*;
use crate::Stgv2;
use orrery_core::{Game, Seat};

/// Seat 0 in step 5 with `cells` ACTION cells; its ship 0 beside cluster 0 (0,0).
fn at_cluster(cells: u8) -> Stgv2 {
    let mut g = started(&scenario("outpost"), 31);
    at_phase(&mut g, Seat(0), Phase::Action);
    g.players[0].placed.action = cells;
    place(&mut g, 0, pos(1, 0, 0));
    g
}

#[test]
fn st13_construct_draws_die_chart_cards_from_the_outpost_deck() {
    let mut g = at_cluster(1);
    // The top of the draw pile is its end: Dry, Dry, then Claim.
    g.outpost_deck.draw = vec![OutpostCard::Claim, OutpostCard::Dry, OutpostCard::Dry];
    g.outpost_deck.discard = vec![OutpostCard::Claim; 9];
    g.outpost_deck.discard.extend(vec![OutpostCard::Dry; 8]);
    // 2D6 7 vs the bank's 2: difference 5 → 2 cards: Dry, Dry → no outpost.
    g.rng_mut().force(&[3, 4, 1, 1]);
    play(
        &mut g,
        Action::Act {
            ship: 0,
            cluster: 0,
        },
    );
    assert_eq!(g.clusters[0].outpost, None);
    assert_eq!(g.outpost_deck.discard.len(), 19);
    // Another try needs another ACTION cell and another ship.
    let mut g = at_cluster(2);
    g.outpost_deck.draw = vec![OutpostCard::Dry, OutpostCard::Claim];
    g.outpost_deck.discard = vec![OutpostCard::Claim; 9];
    g.outpost_deck.discard.extend(vec![OutpostCard::Dry; 9]);
    g.rng_mut().force(&[6, 6, 1, 1]); // 12 vs 2: difference 10 → 3 cards
    play(
        &mut g,
        Action::Act {
            ship: 0,
            cluster: 0,
        },
    );
    assert_eq!(g.clusters[0].outpost, Some(Seat(0)));
    assert_eq!(
        g.attempt(Seat(0), 0, 1).unwrap_err(),
        Refusal::AlreadyActed { ship: 0 }
    );
}

#[test]
fn st13_a_tie_or_a_lower_roll_draws_nothing_and_attempts_need_action_cells() {
    let mut g = at_cluster(1);
    g.rng_mut().force(&[2, 3, 4, 1]);
    let draw = g.outpost_deck.len();
    play(
        &mut g,
        Action::Act {
            ship: 0,
            cluster: 0,
        },
    );
    assert_eq!(g.outpost_deck.len(), draw);
    let g = at_cluster(0);
    assert_eq!(g.attempt(Seat(0), 0, 0).unwrap_err(), Refusal::NoActionCell);
    // Not adjacent: no attempt.
    let mut g = at_cluster(1);
    place(&mut g, 0, pos(2, 0, 0));
    assert_eq!(
        g.attempt(Seat(0), 0, 0).unwrap_err(),
        Refusal::NotAtCluster {
            ship: 0,
            cluster: 0
        }
    );
    // Another player's outpost cannot be worked.
    let mut g = at_cluster(1);
    g.clusters[0].outpost = Some(Seat(1));
    assert_eq!(
        g.attempt(Seat(0), 0, 0).unwrap_err(),
        Refusal::OutpostHeld {
            cluster: 0,
            owner: Seat(1)
        }
    );
}

#[test]
fn st13_st14_revenue_goes_off_station_on_the_ship_then_on_at_the_station() {
    let mut g = at_cluster(1);
    g.clusters[0].outpost = Some(Seat(0));
    let top = g.revenue_deck.draw.len() - 1;
    g.revenue_deck.draw[top] = 5_000;
    g.rng_mut().force(&[4, 4, 2, 2]); // 8 vs 4 → 1 card
    play(
        &mut g,
        Action::Act {
            ship: 0,
            cluster: 0,
        },
    );
    assert_eq!(g.ship(0).off, 5_000);
    assert_eq!(
        g.player(Seat(0)).on,
        5_000,
        "not ON until it reaches the station"
    );
    // Only ON Spendys are spent: 5,000 ON cannot buy a 6,000 cell.
    at_phase(&mut g, Seat(0), Phase::Purchase);
    assert!(
        g.buy_problem(Seat(0), Item::Cell, None)
            == Some(Refusal::TooDear {
                seat: Seat(0),
                item: Item::Cell
            })
    );
    // Beside its own station (corner (1,2) of tile (2,0)) they move ON.
    place(&mut g, 0, pos(1, 2, 3));
    play(
        &mut g,
        Action::Buy {
            item: Item::Weapon,
            ship: Some(0),
        },
    );
    assert_eq!(g.ship(0).off, 0);
    assert_eq!(g.player(Seat(0)).on, 5_000 + 5_000 - 1_000);
}

#[test]
fn st14_spendys_carried_are_lost_with_the_ship() {
    let mut g = started(&scenario("outpost"), 31);
    g.players[1].bought_ship = true;
    add_ship(&mut g, Seat(1), pos(-3, -2, 0), assets(0, 0, 1));
    at_phase(&mut g, Seat(0), Phase::Combat);
    place(&mut g, 0, pos(1, 0, 1));
    place(&mut g, 1, pos(1, 0, 2));
    g.ship_mut(1).assets = assets(1, 0, 0);
    g.ship_mut(1).off = 7_000;
    g.rng_mut().force(&[6, 1, 1]);
    play(&mut g, Action::Attack { ship: 0, target: 1 });
    assert!(!g.ship(1).alive);
    assert_eq!(g.player(Seat(1)).on, 5_000);
}

#[test]
fn st15_purchases_at_the_station() {
    let mut g = started(&scenario("outpost"), 31);
    at_phase(&mut g, Seat(0), Phase::Purchase);
    g.players[0].on = 20_000;
    // Assets are fitted only beside the station.
    place(&mut g, 0, pos(1, 0, 0));
    assert!(
        g.buy_problem(Seat(0), Item::Engine, Some(0)) == Some(Refusal::NotAtStation { ship: 0 })
    );
    place(&mut g, 0, pos(1, 2, 0));
    play(
        &mut g,
        Action::Buy {
            item: Item::Engine,
            ship: Some(0),
        },
    );
    assert_eq!(g.ship(0).assets.engine, 4);
    assert_eq!(g.player(Seat(0)).on, 19_000);
    // An Energy Cell: 6,000, to the pool.
    play(
        &mut g,
        Action::Buy {
            item: Item::Cell,
            ship: None,
        },
    );
    assert_eq!((g.player(Seat(0)).cells, g.player(Seat(0)).on), (4, 13_000));
    // A ship: 4,000, empty, on a free position beside the station.
    let why = refused(&mut g, Action::BuyShip { at: pos(1, 2, 0) });
    assert!(why.contains("occupied"), "{why}");
    play(&mut g, Action::BuyShip { at: pos(2, 1, 4) });
    let id = g.ships.len() as u16 - 1;
    assert_eq!(g.ship(id).assets.count(), 0);
    assert_eq!(g.player(Seat(0)).on, 9_000);
    assert!(g.player(Seat(0)).bought_ship);
    // 24 holes.
    g.ship_mut(0).assets = assets(8, 8, 8);
    assert!(g.buy_problem(Seat(0), Item::Weapon, Some(0)) == Some(Refusal::NoFreeHole { ship: 0 }));
    // At most 9 cells.
    g.players[0].cells = 9;
    g.players[0].on = 50_000;
    assert!(g.buy_problem(Seat(0), Item::Cell, None) == Some(Refusal::MaxCells));
}

#[test]
fn st18_the_target_wins_at_the_end_of_ones_own_turn() {
    let mut g = started(&scenario("outpost"), 31);
    let me = g.current;
    g.players[me.index()].on = 25_000;
    play(&mut g, cells(0, 0, 0, 0));
    g.sets.iter_mut().for_each(|s| s.used = true);
    assert!(g.outcome().is_none(), "not before the end of his turn");
    while g.outcome().is_none() {
        play(&mut g, Action::Next);
    }
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![me]);
    assert!(o.reason.contains("ST-18"));
}

#[test]
fn st18_after_the_last_round_the_most_spendys_then_the_most_outposts() {
    let mut s = scenario("outpost");
    s.rules.rounds = 1;
    let finish = |on: [u32; 2], outposts: [usize; 2]| {
        let mut g = started(&s, 31);
        for i in 0..2 {
            g.players[i].on = on[i];
            for c in 0..outposts[i] {
                g.clusters[c + 3 * i].outpost = Some(Seat(i as u8));
            }
        }
        while g.outcome().is_none() {
            let a = if matches!(g.step, Step::Cells) {
                cells(0, 0, 0, 0)
            } else if legal(&g).contains(&Action::EndSet) {
                Action::EndSet
            } else if legal(&g).contains(&Action::Next) {
                Action::Next
            } else {
                legal(&g)[0].clone()
            };
            play(&mut g, a);
        }
        g.outcome().unwrap().winners
    };
    assert_eq!(finish([6_000, 5_000], [0, 2]), vec![Seat(0)]);
    assert_eq!(finish([5_000, 5_000], [0, 2]), vec![Seat(1)]);
    assert_eq!(finish([5_000, 5_000], [1, 1]), vec![Seat(0), Seat(1)]);
}
