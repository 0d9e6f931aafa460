//! Saved states checked against their own rules (`Game::validate`, what the
//! protocol's `load_state` runs): the decks card by card (ST-07, ST-13), the round
//! (ST-18), the protection flag (ST-10), what a destroyed ship carries (ST-14) —
//! every problem at once, and never a panic.

use crate::state::{MoveCard, Step};
use crate::testkit::*;
use crate::Stgv2;
use orrery_core::{Game, Seat};

/// A state from play, in step 2 of round 1.
fn saved() -> Stgv2 {
    let g = started(&scenario("outpost"), 5);
    assert_eq!(g.step, Step::Cells);
    g.validate().expect("a state from play");
    g
}

/// The problems `validate` lists.
fn problems(g: &Stgv2) -> Vec<String> {
    g.validate().err().map(|e| e.problems).unwrap_or_default()
}

fn refused(g: &Stgv2, about: &str) {
    let p = problems(g);
    assert!(
        p.iter().any(|m| m.contains(about)),
        "expected a problem about `{about}`: {p:?}"
    );
}

/// Turn the first `n` cards `from` of the Move deck's draw pile into `to`.
fn swap_cards(g: &mut Stgv2, from: MoveCard, to: MoveCard, n: usize) {
    let mut left = n;
    for c in g.move_deck.draw.iter_mut().filter(|c| **c == from) {
        if left == 0 {
            break;
        }
        *c = to;
        left -= 1;
    }
    assert_eq!(left, 0, "not enough {from:?} face down");
}

#[test]
fn st07_a_move_deck_of_other_cards_is_refused() {
    // 11 "1 any" and 9 horizontal: still 40 cards.
    let mut g = saved();
    swap_cards(&mut g, MoveCard::Horizontal, MoveCard::OneAny, 1);
    refused(&g, "move deck");
    let p = problems(&g);
    assert!(p[0].contains("11 × 1 any (the deck has 10)"), "{p:?}");
    assert!(p[0].contains("9 × 1 horizontal (the deck has 10)"), "{p:?}");
    // 7 Zig-Zags.
    let mut g = saved();
    swap_cards(&mut g, MoveCard::Vertical, MoveCard::ZigZag, 1);
    refused(&g, "7 × zig-zag");
    // The cards out in this turn's sets count: one moved from a set to the pile
    // is one too many.
    let mut g = saved();
    let card = g.sets[0].cards.pop().expect("the first set");
    g.move_deck.draw.push(card);
    g.move_deck.draw.push(card);
    refused(&g, "move deck");
}

#[test]
fn st13_outpost_and_revenue_decks_hold_the_scenarios_cards() {
    let mut g = saved();
    g.revenue_deck.draw[0] = 7_000;
    refused(&g, "7000-Spendy");
    let mut g = saved();
    let claim = g
        .outpost_deck
        .draw
        .iter()
        .position(|c| *c == crate::state::OutpostCard::Dry)
        .unwrap();
    g.outpost_deck.draw[claim] = crate::state::OutpostCard::Claim;
    refused(&g, "11 × Claim");
}

#[test]
fn st18_a_round_past_the_limit_is_refused() {
    let mut g = saved();
    g.round = g.rules.rounds;
    assert!(g.validate().is_ok(), "the last round");
    g.round = g.rules.rounds + 1;
    refused(&g, "round: 41 of 40");
}

#[test]
fn st10_the_protection_flag_agrees_with_the_ships() {
    // Two ships, yet "never bought" one: he could never be attacked.
    let mut g = saved();
    add_ship(&mut g, Seat(1), pos(-3, -2, 0), assets(0, 0, 1));
    refused(&g, "players[1].bought_ship: false");
    g.players[1].bought_ship = true;
    assert!(g.validate().is_ok());
    // Open to attack without ever buying a ship.
    let mut g = saved();
    g.players[0].bought_ship = true;
    refused(&g, "players[0].bought_ship: true");
}

#[test]
fn st14_a_destroyed_ship_carries_nothing() {
    let mut g = saved();
    g.players[0].bought_ship = true;
    let id = add_ship(&mut g, Seat(0), pos(2, 1, 3), assets(1, 0, 0));
    assert!(g.validate().is_ok());
    g.ship_mut(id).alive = false;
    assert!(g.validate().is_ok(), "a destroyed ship");
    g.ship_mut(id).off = 9_000;
    refused(&g, "ships[2].off: 9000 Spendys on a ship not in play");
}

#[test]
fn st07_st10_st13_st14_st18_every_problem_at_once() {
    let mut g = saved();
    swap_cards(&mut g, MoveCard::Horizontal, MoveCard::OneAny, 1);
    g.revenue_deck.draw[0] = 7_000;
    g.round = 41;
    g.players[0].bought_ship = true;
    g.players[1].bought_ship = true;
    let id = add_ship(&mut g, Seat(0), pos(2, 1, 3), assets(1, 0, 0));
    g.ship_mut(id).alive = false;
    g.ship_mut(id).off = 9_000;
    let p = problems(&g);
    for about in [
        "move deck",
        "revenue deck",
        "round: 41",
        "players[1].bought_ship",
        "ships[2].off",
    ] {
        assert!(p.iter().any(|m| m.contains(about)), "{about}: {p:?}");
    }
    assert_eq!(p.len(), 5, "{p:?}");
}

#[test]
fn validate_never_panics_on_broken_shapes() {
    let base = saved();
    let mut broken: Vec<Stgv2> = Vec::new();
    // Every byte of room and cells (their sums once overflowed a byte).
    let mut g = base.clone();
    g.rules.room.moves = 255;
    g.rules.room.attack = 255;
    g.players[0].placed.moves = 255;
    g.players[0].placed.defend = 255;
    broken.push(g);
    // Stations missing, ships of no player, no ships at all.
    let mut g = base.clone();
    g.stations.pop();
    broken.push(g);
    let mut g = base.clone();
    g.ships[1].seat = Seat(9);
    g.ships[0].id = 77;
    broken.push(g);
    let mut g = base.clone();
    g.ships.clear();
    broken.push(g);
    // A battle of ships that do not exist, and damage for them.
    let mut g = base.clone();
    g.last_battle = Some(crate::state::Battle {
        attacker: 900,
        target: 901,
        volleys: Vec::new(),
    });
    g.step = Step::Damage {
        phase: crate::state::Phase::Combat,
        damage: vec![crate::state::Pending { ship: 900, hits: 2 }],
    };
    broken.push(g);
    // Nobody in play, the game going on.
    let mut g = base.clone();
    for p in &mut g.players {
        p.out = true;
    }
    broken.push(g);
    for (i, g) in broken.iter().enumerate() {
        assert!(g.validate().is_err(), "broken state {i} accepted");
    }
}
