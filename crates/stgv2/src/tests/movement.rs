//! The turn's steps, Energy Cells and Move Cards (seed "The Player's Turn",
//! "The Move Cards"; ST-06…ST-09).

use crate::action::Action;
use crate::state::{Column, MoveCard, MoveSet, Phase, Step};
use crate::testkit::*;
use crate::Stgv2;
use orrery_core::{Game, Rng};
use orrery_nodes::Dir;

#[test]
fn seed_turn_steps_one_to_three_draw_sets_around_the_cells() {
    let mut g = started(&scenario("outpost"), 5);
    // 1) the first set is drawn at once: E = 3 engines → 3 cards.
    assert_eq!(g.step, Step::Cells);
    assert_eq!(g.sets.len(), 1);
    assert_eq!(g.sets[0].cards.len(), 3);
    // 2) cells; 3) one more set per placed MOVE cell.
    play(&mut g, cells(2, 1, 0, 0));
    assert_eq!(g.sets.len(), 3);
    assert!(g.sets.iter().all(|s| s.cards.len() == 3 && !s.used));
    // 4) combat: nobody may be attacked yet (ST-10), but sets may be played, so
    // the step waits.
    assert_eq!(
        g.step,
        Step::Main {
            phase: Phase::Combat
        }
    );
    assert!(legal(&g).contains(&Action::Next));
    assert!(legal(&g).iter().any(|a| matches!(a, Action::Follow { .. })));
    assert!(!legal(&g).iter().any(|a| matches!(a, Action::Attack { .. })));
}

#[test]
fn st06_cells_columns_room_and_what_stays_after_the_turn() {
    let mut g = started(&scenario("outpost"), 5);
    let me = g.current;
    // Room: 2 in MOVE/ATTACK/DEFEND, 3 in ACTION; never more than owned.
    let why = refused(&mut g, cells(3, 0, 0, 0));
    assert!(why.contains("room for 2"), "{why}");
    let why = refused(&mut g, cells(1, 1, 1, 1));
    assert!(why.contains("you own 3"), "{why}");
    play(&mut g, cells(1, 1, 1, 0));
    assert_eq!(g.column(me, Column::Move), 2, "the free cell plus one");
    assert_eq!(g.column(me, Column::Attack), 2);
    assert_eq!(g.column(me, Column::Action), 0, "ACTION has no free cell");
    for s in g.sets.iter_mut() {
        s.used = true;
    }
    while g.current == me {
        play(&mut g, Action::Next);
    }
    // 7) MOVE and ACTION cells back to the pool; ATTACK and DEFEND stay and count
    // during the other player's turn.
    let p = g.player(me);
    assert_eq!(
        (
            p.placed.moves,
            p.placed.attack,
            p.placed.defend,
            p.placed.action
        ),
        (0, 1, 1, 0)
    );
    assert_eq!(g.column(me, Column::Defend), 2);
    // At his next step 2 he picks them all up and places anew.
    let other = g.current;
    play(&mut g, cells(0, 0, 0, 0));
    for s in g.sets.iter_mut() {
        s.used = true;
    }
    while g.current == other {
        play(&mut g, Action::Next);
    }
    play(&mut g, cells(0, 0, 0, 3));
    assert_eq!(g.player(me).placed.defend, 0);
    assert_eq!(g.column(me, Column::Action), 3);
}

#[test]
fn st07_the_move_deck_is_forty_cards_reshuffled_from_its_discards_and_hidden() {
    let g = Stgv2::setup(&scenario("outpost"), 9).unwrap();
    let mut all: Vec<MoveCard> = g.move_deck.draw.clone();
    assert_eq!(all.len(), 40);
    let count = |c: MoveCard| all.iter().filter(|&&x| x == c).count();
    assert_eq!(
        [
            MoveCard::OneAny,
            MoveCard::TwoStraight,
            MoveCard::Vertical,
            MoveCard::Horizontal,
            MoveCard::ZigZag
        ]
        .map(count),
        [10, 8, 6, 10, 6]
    );
    // An empty draw pile takes the discards, shuffled.
    let mut g = started(&scenario("outpost"), 9);
    let me = g.current;
    let drawn: Vec<MoveCard> = std::mem::take(&mut g.move_deck.draw);
    g.move_deck.discard(drawn);
    play(&mut g, cells(1, 0, 0, 0));
    assert_eq!(g.sets.len(), 2);
    assert_eq!(g.move_deck.len(), 40 - 6);
    // The draw pile's order is in no view; a look-ahead copy reshuffles it.
    let v = serde_json::to_value(g.view(Some(me))).unwrap();
    assert_eq!(v["decks"]["move_draw"], 34);
    assert!(v["decks"].get("draw").is_none());
    let mut d = g.clone();
    d.determinize(me, &mut Rng::seed_from(4));
    all = d.move_deck.draw.clone();
    assert_ne!(all, g.move_deck.draw);
    all.sort_by_key(|c| *c as u8);
    let mut orig = g.move_deck.draw.clone();
    orig.sort_by_key(|c| *c as u8);
    assert_eq!(all, orig, "the same cards, another order");
}

/// Sets of these cards for the player to move, in step 4.
fn with_sets(g: &mut Stgv2, sets: Vec<Vec<MoveCard>>) {
    let seat = g.current;
    at_phase(g, seat, Phase::Combat);
    g.sets = sets
        .into_iter()
        .map(|cards| MoveSet { cards, used: false })
        .collect();
}

/// A set of `cards` for the player to move, in step 4.
fn with_set(g: &mut Stgv2, cards: Vec<MoveCard>) {
    with_sets(g, vec![cards]);
}

/// The ship following the set takes its next card one step `dir`.
fn follow_card(g: &mut Stgv2, dir: Dir) {
    play(g, Action::Card { dirs: vec![dir] });
}

#[test]
fn st08_every_ship_follows_the_same_cards_up_to_its_engines() {
    let mut g = started(&scenario("outpost"), 11);
    let me = g.current;
    let a = me.0 as u16;
    // A second ship with one engine.
    let b = add_ship(&mut g, me, pos(0, 1, 2), assets(0, 0, 1));
    place(&mut g, a, pos(1, 0, 2));
    with_set(
        &mut g,
        vec![MoveCard::Vertical, MoveCard::Vertical, MoveCard::Vertical],
    );
    play(&mut g, Action::Follow { set: 0, ship: a });
    // All or nothing: while following, the only answers are its cards.
    assert!(legal(&g).iter().all(|x| matches!(x, Action::Card { .. })));
    follow_card(&mut g, Dir::Up);
    follow_card(&mut g, Dir::Up);
    // At the top of the rod Up does not exist: an open step must be taken (STO-02).
    let why = refused(
        &mut g,
        Action::Card {
            dirs: vec![Dir::Up],
        },
    );
    assert!(why.contains("[down]"), "{why}");
    follow_card(&mut g, Dir::Down);
    assert_eq!(g.ship(a).pos, pos(1, 0, 3));
    // The one-engine ship stops at card 1.
    play(&mut g, Action::Follow { set: 0, ship: b });
    follow_card(&mut g, Dir::Down);
    assert_eq!(g.ship(b).pos, pos(0, 1, 1));
    // Every ship has moved: the set is done, used once.
    assert!(matches!(g.step, Step::Main { .. }));
    assert!(g.sets[0].used);
    assert!(!legal(&g).iter().any(|x| matches!(x, Action::Follow { .. })));
}

#[test]
fn st08_a_blocked_path_stops_the_ship_for_that_set_only() {
    let mut g = started(&scenario("outpost"), 11);
    let me = g.current;
    let a = me.0 as u16;
    place(&mut g, a, pos(1, 0, 3));
    let three_verticals = vec![MoveCard::Vertical, MoveCard::Vertical, MoveCard::Vertical];
    with_sets(&mut g, vec![three_verticals.clone(), three_verticals]);
    play(&mut g, Action::Follow { set: 0, ship: a });
    follow_card(&mut g, Dir::Up);
    // At level 4 nothing is open for a vertical card but Down: take it.
    follow_card(&mut g, Dir::Down);
    follow_card(&mut g, Dir::Up);
    assert_eq!(g.ship(a).pos, pos(1, 0, 4));
    // Boxed in: a ship above and below on the rod blocks every vertical step.
    let foe = 1 - me.0 as u16;
    place(&mut g, foe, pos(1, 0, 3));
    play(&mut g, Action::Follow { set: 1, ship: a });
    // Blocked at its first card: it stops for this set; the set ends (and with
    // nothing left to do in steps 4 and 5 the turn moves on to purchases).
    assert_eq!(g.ship(a).pos, pos(1, 0, 4));
    assert!(g.sets[1].used);
    assert!(matches!(g.step, Step::Main { .. }));
}

#[test]
fn st08_ships_choose_their_order_and_may_stay_out_of_a_set() {
    let mut g = started(&scenario("outpost"), 11);
    let me = g.current;
    let a = me.0 as u16;
    let b = add_ship(&mut g, me, pos(0, 1, 2), assets(0, 0, 2));
    place(&mut g, a, pos(1, 0, 2));
    with_set(&mut g, vec![MoveCard::OneAny, MoveCard::OneAny]);
    play(&mut g, Action::Follow { set: 0, ship: b });
    follow_card(&mut g, Dir::Up);
    follow_card(&mut g, Dir::Up);
    // Ship a does not move with this set.
    assert!(legal(&g).contains(&Action::EndSet));
    play(&mut g, Action::EndSet);
    assert_eq!(g.ship(a).pos, pos(1, 0, 2));
    assert!(g.sets[0].used);
}

#[test]
fn st08_the_set_size_is_the_most_engines_on_one_ship() {
    let mut g = started(&scenario("outpost"), 13);
    let me = g.current;
    add_ship(&mut g, me, pos(0, 1, 2), assets(0, 0, 5));
    play(&mut g, cells(1, 0, 0, 0));
    assert_eq!(g.sets[1].cards.len(), 5);
}

#[test]
fn st09_each_card_type_offers_its_directions() {
    let mut g = started(&scenario("outpost"), 11);
    place(&mut g, 0, pos(1, 0, 2)); // a corner beside cluster (0,0)
    place(&mut g, 1, pos(-1, -2, 0));
    let at = g.ship(0).pos;
    let dirs = |g: &Stgv2, c: MoveCard| -> Vec<Vec<Dir>> {
        g.card_plays_from(0, at, c)
            .into_iter()
            .map(|p| p.dirs)
            .collect()
    };
    // (1,0) has five horizontal edges open (the sixth leads into the cluster's rod).
    assert_eq!(dirs(&g, MoveCard::Horizontal).len(), 5);
    assert_eq!(dirs(&g, MoveCard::Vertical).len(), 2);
    assert_eq!(dirs(&g, MoveCard::OneAny).len(), 7);
    // "2 spaces straight": the same direction twice.
    for p in g.card_plays_from(0, at, MoveCard::TwoStraight) {
        if !p.blocked {
            assert_eq!(p.path.len(), 2);
            assert_eq!(g.field.step(p.path[0], p.dirs[0]), Some(p.path[1]));
        }
    }
    // Zig-Zag: d1, d2 ≠ d1, then d1 again where its edge exists.
    let zz = g.card_plays_from(0, at, MoveCard::ZigZag);
    assert!(!zz.is_empty());
    for p in &zz {
        assert_ne!(p.dirs[0], p.dirs[1]);
        if p.path.len() == 3 && g.field.step(p.path[1], p.dirs[0]).is_some() {
            assert_eq!(p.dirs[2], p.dirs[0]);
        }
    }
    let up_up = zz
        .iter()
        .find(|p| p.dirs[0] == Dir::Up && p.dirs[1] == Dir::D0)
        .unwrap();
    assert_eq!(up_up.path, vec![pos(1, 0, 3), pos(2, 0, 3), pos(2, 0, 4)]);
}

#[test]
fn st09_zig_zag_takes_the_nearest_existing_direction_where_its_edge_is_missing() {
    let mut g = started(&scenario("outpost"), 11);
    place(&mut g, 1, pos(-1, -2, 0));
    // From corner (3,-1) of tile (2,-1)... find a play whose third step had to be
    // substituted: d1's edge missing after d2.
    let mut substituted = 0;
    for n in g.field.nodes() {
        if g.occupied(pos(n.a, n.b, 1)) {
            continue;
        }
        place(&mut g, 0, pos(n.a, n.b, 1));
        for p in g.card_plays_from(0, pos(n.a, n.b, 1), MoveCard::ZigZag) {
            if p.dirs.len() == 3 && p.dirs[2] != p.dirs[0] {
                substituted += 1;
                assert!(
                    g.field.step(p.path[1], p.dirs[0]).is_none(),
                    "only where d1's edge is missing"
                );
                let best = Dir::HORIZONTAL
                    .iter()
                    .filter(|d| g.field.step(p.path[1], **d).is_some())
                    .filter_map(|d| d.turn_between(p.dirs[0]))
                    .min();
                if !p.dirs[0].is_vertical() {
                    assert_eq!(
                        p.dirs[2].turn_between(p.dirs[0]),
                        best,
                        "the nearest by angle"
                    );
                }
            }
        }
    }
    assert!(substituted > 0);
}

#[test]
fn st09_occupancy_blocks_the_zig_zag_instead_of_being_substituted() {
    let mut g = started(&scenario("outpost"), 11);
    place(&mut g, 0, pos(1, 0, 2));
    // Block d1 = up after d2 = 0°: ship 1 at (2,0) L4.
    place(&mut g, 1, pos(2, 0, 4));
    let p = g
        .card_plays_from(0, pos(1, 0, 2), MoveCard::ZigZag)
        .into_iter()
        .find(|p| p.dirs[0] == Dir::Up && p.dirs[1] == Dir::D0)
        .unwrap();
    assert!(p.blocked);
    assert_eq!(p.dirs, vec![Dir::Up, Dir::D0, Dir::Up]);
    assert_eq!(p.path, vec![pos(1, 0, 3), pos(2, 0, 3)]);
}
