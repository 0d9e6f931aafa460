//! The agents play Warfleets through the ruleset's hooks only: the heuristic (one ply
//! over `search_actions`, judged by `evaluate`) beats the random agent, and the search
//! abstraction offers only legal answers, far fewer than the full lists.

use crate::state::Step;
use crate::testkit::{scenario, started};
use crate::Warfleets;
use orrery_core::{Game, SearchHints};

#[test]
fn heuristic_beats_random() {
    let wins =
        orrery_agents::duel_wins::<Warfleets>(&scenario("patrol"), "heuristic", "random", 0..20)
            .unwrap();
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
