//! The agents play STGv2 through the ruleset's hooks only: the heuristic (one ply over
//! `search_actions`, judged by `evaluate`) beats the random agent, and the search menu
//! offers only legal answers.

use orrery_agents::by_name;
use orrery_core::{Game, Seat};
use orrery_stgv2::state::Step;
use orrery_stgv2::testkit::{scenario, started};
use orrery_stgv2::{Action, Stgv2};

/// One `quick` game of `names[0]` (seat 0) against `names[1]`; the winners.
fn battle(names: [&str; 2], seed: u64) -> Vec<Seat> {
    let mut g = Stgv2::setup(&scenario("quick"), seed).unwrap();
    let mut agents: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, n)| by_name::<Stgv2>(n, seed * 10 + i as u64).unwrap())
        .collect();
    while g.outcome().is_none() {
        let seat = g.to_move()[0];
        let a = agents[seat.index()].choose(&g, seat).unwrap();
        g.apply(seat, &a).unwrap();
    }
    g.outcome().unwrap().winners
}

#[test]
fn heuristic_beats_random() {
    let mut wins = 0;
    for seed in 0..20u64 {
        let (names, me) = if seed % 2 == 0 {
            (["heuristic", "random"], Seat(0))
        } else {
            (["random", "heuristic"], Seat(1))
        };
        if battle(names, seed) == vec![me] {
            wins += 1;
        }
    }
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
