//! The agents play Black Skies through the ruleset's hooks only: the heuristic (one
//! ply over `search_actions`, judged by `evaluate` after its face-down card is
//! flown) beats the random agent, and the search abstraction never offers a card
//! that flies off the table when another would not.

use crate::state::Phase;
use crate::testkit::{place, scenario, started};
use crate::{Action, BlackSkies};
use orrery_core::{Game, SearchHints, Seat};

#[test]
fn heuristic_beats_random() {
    let wins =
        orrery_agents::duel_wins::<BlackSkies>(&scenario("duel"), "heuristic", "random", 0..30)
            .unwrap();
    assert!(wins >= 25, "heuristic won {wins} of 30");
}

/// Near the edge at full speed only the cards that turn away are searched.
#[test]
fn search_leaves_out_cards_that_fly_off_the_table() {
    let mut g = started(&scenario("duel"), 1);
    place(&mut g, 0, 30.0, 18.0, 90);
    place(&mut g, 1, 30.0, 15.0, 90);
    // 6" from the east edge at speed 8: even a Decelerate (6) leaves it on the edge
    // with nowhere to go.
    g.elements[0].speed = 8;
    g.elements[0].card = None;
    g.elements[0].committed_at = None;
    g.phase = Phase::Card { element: 0 };
    let legal = g.legal_actions(Seat(0));
    let search = g.search_actions(Seat(0));
    assert!(search.len() < legal.len(), "{search:?}");
    assert!(
        !search.contains(&Action::Card { card: 1 }),
        "straight on flies off"
    );
    assert!(
        search.contains(&Action::Card { card: 5 }),
        "a Hard Left turns away"
    );
}

/// BS-09: "the controlling player may then choose to fire them" and the targets never
/// fire back (BS-04), so holding a weapon that has a target gains nothing: the search
/// abstraction leaves Hold out (an uncrippled fighter, all its weapons alike).
#[test]
fn bs09_search_leaves_out_hold_while_a_target_is_in_arc() {
    let mut g = started(&scenario("duel"), 1);
    // A1 at 6" behind B1, both heading north: B1 in A1's front arc, close range.
    place(&mut g, 0, 18.0, 12.0, 0);
    place(&mut g, 1, 21.0, 12.0, 0);
    place(&mut g, 2, 18.0, 18.0, 0);
    place(&mut g, 3, 21.0, 18.0, 0);
    g.phase = Phase::Fire {
        element: 0,
        fighter: 0,
        weapon: 0,
        fired: 0,
    };
    let legal = g.legal_actions(Seat(0));
    assert!(legal.contains(&Action::Hold));
    let search = g.search_actions(Seat(0));
    assert!(!search.is_empty());
    assert!(!search.contains(&Action::Hold), "{search:?}");
    assert!(search.iter().all(|a| legal.contains(a)));
}

/// The search's opponent model (`SearchHints::playout_action`, issue 27) answers only with
/// legal actions, through whole games from set-up to BS-12's end, and fires whenever
/// the weapon asked about has a target (BS-09: firing costs nothing).
#[test]
fn playout_model_answers_legally_and_fires_at_targets() {
    let mut fired = 0;
    for seed in 0..6u64 {
        let mut g = BlackSkies::setup(&scenario("duel"), seed).unwrap();
        let mut rng = orrery_core::Rng::seed_from(seed);
        while g.outcome().is_none() {
            let seat = g.to_move()[0];
            let a = g.playout_action(seat, &mut rng).expect("an answer");
            let legal = g.legal_actions(seat);
            assert!(legal.contains(&a), "{a:?} not in {legal:?}");
            if let Phase::Fire { .. } = g.phase {
                assert_ne!(a, Action::Hold, "a weapon asked about has a target");
                fired += 1;
            }
            g.apply(seat, &a).unwrap();
        }
    }
    assert!(fired > 0);
}
