//! The hidden information (ST-07: the Move deck's order "hidden"; ST-13: the Outpost
//! and Revenue decks): the order of the face-down draw piles tells no seat anything,
//! not through a look-ahead copy, an agent's suggestion or an undo.

use crate::action::Action;
use crate::state::Step;
use crate::testkit::{scenario, started};
use crate::Stgv2;
use orrery_agents::{by_name, by_name_with, Budget};
use orrery_core::{Game, Rng, Seat, Session};

/// Positions along random games: after every 7th action, for a few seeds.
fn positions() -> Vec<Stgv2> {
    let mut out = Vec::new();
    for seed in [3u64, 11, 29] {
        let mut g = started(&scenario("outpost"), seed);
        let mut rng = Rng::seed_from(seed);
        for k in 0..140 {
            if g.outcome().is_some() {
                break;
            }
            if k % 7 == 0 {
                out.push(g.clone());
            }
            let seat = g.to_move()[0];
            let legal = g.legal_actions(seat);
            g.apply(seat, &legal[rng.index(legal.len())]).unwrap();
        }
    }
    out
}

/// The same game with every face-down pile in another order (everything a seat
/// sees the same): its twin.
fn twin(g: &Stgv2) -> Stgv2 {
    let mut t = g.clone();
    t.move_deck.draw.reverse();
    t.outpost_deck.draw.reverse();
    t.revenue_deck.draw.reverse();
    let n = t.move_deck.draw.len();
    t.move_deck.draw.rotate_left(1.min(n));
    t
}

fn json(g: &Stgv2) -> String {
    serde_json::to_string(g).unwrap()
}

#[test]
fn st07_determinize_gives_the_same_copy_whatever_the_hidden_pile_order() {
    for g in positions() {
        let t = twin(&g);
        assert_ne!(json(&g), json(&t), "the twins differ in their piles");
        for seat in [Seat(0), Seat(1)] {
            assert_eq!(g.view(Some(seat)), t.view(Some(seat)), "same view");
            let (mut a, mut b) = (g.clone(), t.clone());
            a.determinize(seat, &mut Rng::seed_from(5));
            b.determinize(seat, &mut Rng::seed_from(5));
            assert_eq!(
                json(&a),
                json(&b),
                "seat {seat}'s copy reads the hidden order"
            );
            // The copy keeps what is known: the pile's cards, only reordered.
            let mut cards = g.move_deck.draw.clone();
            let mut dealt = a.move_deck.draw.clone();
            cards.sort();
            dealt.sort();
            assert_eq!(cards, dealt);
        }
    }
}

#[test]
fn st07_agents_suggest_the_same_whatever_the_hidden_pile_order() {
    let mut decisions = 0;
    for (i, g) in positions().into_iter().enumerate() {
        let t = twin(&g);
        let seat = g.to_move()[0];
        let budget = Budget::iterations(60);
        for name in ["greedy", "heuristic", "mcts"] {
            let seed = 40 + i as u64;
            let choose = |game: &Stgv2| {
                let mut agent = if name == "mcts" {
                    by_name_with::<Stgv2>(name, seed, budget.clone()).unwrap()
                } else {
                    by_name::<Stgv2>(name, seed).unwrap()
                };
                agent.choose(game, seat)
            };
            assert_eq!(
                choose(&g),
                choose(&t),
                "{name} at position {i} ({}) reads the hidden pile order",
                g.step.clone().phase().map_or("cells", |p| p.name())
            );
            decisions += 1;
        }
    }
    assert!(decisions >= 60, "{decisions} decisions compared");
}

/// ST-07 ("order hidden"): a step that draws Move Cards shows them; taking it back
/// would let the player choose again knowing them. Placing cells without a MOVE
/// cell draws nothing and may be taken back.
#[test]
fn st07_a_move_cell_that_draws_cards_cannot_be_undone() {
    let s = scenario("outpost");
    let mut session = Session::<Stgv2>::new(&s, 8).unwrap();
    while matches!(session.game().step, Step::Start { .. }) {
        let seat = session.game().to_move()[0];
        let a = session.game().legal_actions(seat)[0].clone();
        session.apply(seat, &a).unwrap();
    }
    assert_eq!(session.game().step, Step::Cells);
    let seat = session.game().to_move()[0];
    let cells = |moves| Action::Cells {
        moves,
        attack: 0,
        defend: 1,
        action: 0,
    };
    // No MOVE cell: nothing drawn, nothing shown.
    let before = session.game().clone();
    session.apply(seat, &cells(0)).unwrap();
    assert_eq!(session.game().move_deck.draw, before.move_deck.draw);
    assert!(
        session.can_undo(),
        "a step that draws nothing may be undone"
    );
    assert!(session.undo());
    assert_eq!(session.game(), &before);
    // MOVE +2: two more sets drawn face up (step 3).
    session.apply(seat, &cells(2)).unwrap();
    assert_eq!(session.game().sets.len(), 3);
    assert!(!session.can_undo(), "the cards drawn are final");
    assert!(!session.undo());
    assert_eq!(session.game().sets.len(), 3);
    assert!(!orrery_core::may_undo(&before, session.game(), seat));
}
