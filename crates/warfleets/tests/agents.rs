//! The agents play Warfleets through the ruleset's hooks only: the heuristic (one ply
//! over `search_actions`, judged by `evaluate`) beats the random agent, and the search
//! abstraction offers only legal answers, far fewer than the full lists.

use orrery_agents::by_name;
use orrery_core::{Game, Seat};
use orrery_warfleets::state::Step;
use orrery_warfleets::testkit::{scenario, started};
use orrery_warfleets::Warfleets;

/// One battle of `names[0]` (seat 0) against `names[1]`; the winners.
fn battle(names: [&str; 2], seed: u64) -> Vec<Seat> {
    let mut g = Warfleets::setup(&scenario("patrol"), seed).unwrap();
    let mut agents: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, n)| by_name::<Warfleets>(n, seed * 10 + i as u64).unwrap())
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
    assert!(wins >= 16, "heuristic won {wins} of 20");
}

#[test]
fn search_offers_a_legal_menu_much_smaller_than_the_full_list() {
    let mut g = started(&scenario("skirmish"), 2);
    while !matches!(g.step, Step::Order { .. }) {
        let seat = g.to_move()[0];
        let a = g.legal_actions(seat)[0].clone();
        g.apply(seat, &a).unwrap();
    }
    let seat = g.to_move()[0];
    let legal = g.legal_actions(seat);
    let search = g.search_actions(seat);
    assert!(
        !search.is_empty() && search.len() * 4 < legal.len(),
        "{} vs {}",
        search.len(),
        legal.len()
    );
    assert!(search.iter().all(|a| legal.contains(a)));
}
