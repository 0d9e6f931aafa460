//! The agents play STGv2 through the ruleset's hooks only: the heuristic (one ply over
//! `search_actions`, judged by `evaluate`) beats the random agent, and the search menu
//! offers only legal answers.

use crate::state::Step;
use crate::testkit::{scenario, started};
use crate::{Action, Stgv2};
use orrery_core::{Game, SearchHints, Seat};

#[test]
fn heuristic_beats_random() {
    let wins = orrery_agents::duel_wins::<Stgv2>(&scenario("quick"), "heuristic", "random", 0..20)
        .unwrap();
    assert!(wins >= 17, "heuristic won {wins} of 20");
}

#[test]
fn search_places_every_cell_it_can_and_stays_legal() {
    let g = started(&scenario("outpost"), 2);
    assert_eq!(g.step, Step::Cells);
    let seat = g.to_move()[0];
    let legal = g.legal_actions(seat);
    let search = g.search_actions(seat);
    assert!(search.iter().all(|a| legal.contains(a)));
    assert!(search.len() < legal.len());
    assert!(search.iter().all(|a| matches!(
        a,
        Action::Cells { moves, attack, defend, action } if moves + attack + defend + action == 3
    )));
}

/// ST-18: "a player wins at the end of his own turn if he has ≥ 25,000 Spendys ON
/// station": the evaluation is the race to that target, so Spendys ON and a ship
/// collecting at an own outpost next to the station (ST-13, ST-14) both count.
#[test]
fn st18_evaluation_is_the_race_to_the_spendys_target() {
    let mut g = started(&scenario("outpost"), 2);
    let me = Seat(0);
    let even = g.evaluate(me);
    g.player_mut(me).on += 5_000;
    let richer = g.evaluate(me);
    assert!(richer > even, "{richer} > {even}");
    // The starting ship stands next to its station and a cluster: an outpost there
    // turns it into a collector.
    let ship = g.fleet(me).next().unwrap().id;
    let c = (0..g.clusters.len())
        .find(|&c| g.ship(ship).pos.node.is_neighbour(g.clusters[c].node))
        .unwrap();
    g.clusters[c].outpost = Some(me);
    let collecting = g.evaluate(me);
    assert!(collecting > richer, "{collecting} > {richer}");
    assert!(g.rounds_to_target(me) < g.rounds_to_target(Seat(1)));
}

/// ST-13: "each cell in ACTION allows one Action attempt": while one is open the
/// search considers only attempts, and the opponent model makes them.
#[test]
fn st13_search_and_playout_make_the_open_attempts() {
    use crate::state::Phase;
    use crate::testkit::at_phase;
    use orrery_core::Rng;
    let mut g = started(&scenario("outpost"), 2);
    let me = Seat(0);
    at_phase(&mut g, me, Phase::Action);
    g.player_mut(me).placed.action = 1;
    let search = g.search_actions(me);
    assert!(!search.is_empty());
    assert!(search.iter().all(|a| matches!(a, Action::Act { .. })));
    let mut rng = Rng::seed_from(1);
    let a = g.playout_action(me, &mut rng).unwrap();
    assert!(matches!(a, Action::Act { .. }));
    assert!(g.legal_actions(me).contains(&a));
}

/// ST-15: "Ship 4,000 (an empty hull placed at a free position adjacent to the
/// station)": the opponent model buys a collector while fewer ships than ACTION cells
/// can work, and fits a Weapon to the empty hull.
#[test]
fn st15_playout_buys_a_ship_and_fits_the_hull() {
    use crate::state::Phase;
    use crate::testkit::at_phase;
    use orrery_core::Rng;
    let mut g = started(&scenario("outpost"), 2);
    let me = Seat(0);
    at_phase(&mut g, me, Phase::Purchase);
    let mut rng = Rng::seed_from(1);
    let a = g.playout_action(me, &mut rng).unwrap();
    assert!(matches!(a, Action::BuyShip { .. }), "{a:?}");
    g.apply(me, &a).unwrap();
    let b = g.playout_action(me, &mut rng).unwrap();
    assert!(matches!(b, Action::Buy { ship: Some(_), .. }), "{b:?}");
    g.apply(me, &b).unwrap();
    // Nothing left to spend: the step ends (by itself when `next` is all it has).
    if g.to_move().contains(&me) {
        assert_eq!(g.playout_action(me, &mut rng), Some(Action::Next));
    }
}
