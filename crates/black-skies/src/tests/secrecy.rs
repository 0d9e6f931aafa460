//! The movement deck's secrets (BS-02, BS-04 (8)): a face-down card never shows in
//! another seat's view, text, events or record until its element activates, and a
//! look-ahead agent of the other seat does not start from it.

use crate::event::Event;
use crate::state::Phase;
use crate::testkit::scenario;
use crate::{Action, BlackSkies};
use orrery_core::{Game, Presentation, Rng, Seat, Session};

const A: Seat = Seat(0);
const B: Seat = Seat(1);

/// Play default answers in `s` until `stop`.
fn until(s: &mut Session<BlackSkies>, stop: impl Fn(&BlackSkies) -> bool) {
    for _ in 0..10_000 {
        if stop(s.game()) || s.game().outcome.is_some() {
            return;
        }
        let seat = s.game().to_move()[0];
        let a = s.game().default_action(seat).unwrap();
        s.apply(seat, &a).unwrap();
    }
}

#[test]
fn a_face_down_card_stays_secret_until_it_activates() {
    let mut s = Session::<BlackSkies>::new(&scenario("duel"), 21).unwrap();
    until(
        &mut s,
        |g| matches!(g.phase, Phase::Card { element } if g.owner(element) == A),
    );
    let Phase::Card { element } = s.game().phase else {
        panic!()
    };
    let events = s.apply(A, &Action::Card { card: 6 }).unwrap();
    // The owner's event says which; nobody else's does.
    for l in &events {
        if let Event::Committed { card, .. } = l.event {
            assert_eq!(card, 6);
            assert!(l.visible_to(Some(A)) && !l.visible_to(Some(B)) && !l.visible_to(None));
        }
    }
    let g = s.game().clone();
    assert!(g.is_secret(A, 0));
    assert_eq!(g.unrevealed(A), 1);
    // B's view, text and record.
    let v = serde_json::to_value(g.view(Some(B))).unwrap();
    assert!(v["elements"][usize::from(element)]["card"].is_null());
    assert_eq!(v["elements"][usize::from(element)]["card_down"], true);
    assert!(
        serde_json::to_value(g.view(Some(A))).unwrap()["elements"][usize::from(element)]["card"]
            == 6
    );
    assert!(!g.render_text(Some(B)).contains("Hard Right (yours"));
    let rec = s.seat_record(Some(B));
    assert!(
        rec.actions.last().unwrap().action.is_none(),
        "hidden in B's record"
    );
    let own = s.seat_record(Some(A));
    assert!(own.actions.last().unwrap().action.is_some());
    // Two worlds that differ only in A's card look the same to B's agent.
    let mut other = g.clone();
    other.elements[usize::from(element)].card = Some(1);
    let (mut d1, mut d2) = (g.clone(), other.clone());
    d1.determinize(B, &mut Rng::seed_from(5));
    d2.determinize(B, &mut Rng::seed_from(5));
    assert_eq!(d1.state_hash(), d2.state_hash());
    // Once the element activates, the card is face up and the record shows it.
    let mut revealed = false;
    for _ in 0..200 {
        let seat = s.game().to_move()[0];
        let a = s.game().default_action(seat).unwrap();
        let ev = s.apply(seat, &a).unwrap();
        if ev
            .iter()
            .any(|l| matches!(l.event, Event::Revealed { element: e, card: 6 } if e == element))
        {
            revealed = true;
            break;
        }
    }
    assert!(revealed);
    let rec = s.seat_record(Some(B));
    let shown = rec
        .actions
        .iter()
        .filter(|a| a.seat == A)
        .filter(|a| {
            a.action
                .as_ref()
                .is_some_and(|x| x["type"] == "card" && x["card"] == 6)
        })
        .count();
    assert!(shown >= 1, "the card is in B's record once revealed");
}

/// Play `seat`'s default answers until it has committed its set-up step.
fn ready(s: &mut Session<BlackSkies>, seat: Seat) {
    while s.game().to_move().contains(&seat) && s.game().phase == Phase::Ready {
        let a = s.game().default_action(seat).unwrap();
        s.apply(seat, &a).unwrap();
    }
}

/// Everything `viewer` is told by `g`: view, text, legal answers.
/// B's look-ahead copies of `g` and `h` (determinized with `seed`) are the same
/// state, look to B as `g` does, and are valid: nothing B cannot see was read.
fn assert_b_determinizes_alike(g: &BlackSkies, h: &BlackSkies, seed: u64) {
    let (mut d1, mut d2) = (g.clone(), h.clone());
    d1.determinize(B, &mut Rng::seed_from(seed));
    d2.determinize(B, &mut Rng::seed_from(seed));
    assert_eq!(
        serde_json::to_value(&d1).unwrap(),
        serde_json::to_value(&d2).unwrap()
    );
    assert_eq!(told(&d1, Some(B)), told(g, Some(B)));
    d1.validate().unwrap();
}

fn told(g: &BlackSkies, viewer: Option<Seat>) -> String {
    let legal = viewer.map(|s| g.legal_actions(s)).unwrap_or_default();
    format!(
        "{}\n{}\n{:?}",
        serde_json::to_value(g.view(viewer)).unwrap(),
        g.render_text(viewer),
        legal
    )
}

/// BS-02 (version 2): "the starting speeds, first cards and deck order of both sides
/// are one secret simultaneous step: nothing of one side's step is shown to the
/// other until both have committed (then the speeds are on the Tactical Displays,
/// the cards stay face down and the order shows as they flip)".
#[test]
fn bs02_v2_speeds_first_cards_and_deck_order_are_one_secret_step() {
    let mut s = Session::<BlackSkies>::new(&scenario("squadron"), 3).unwrap();
    until(&mut s, |g| g.phase == Phase::Ready);
    assert_eq!(s.game().to_move(), vec![A, B], "both seats at once");
    let before = s.game().clone();
    // A picks its third element first, at speed 11, then its first card: a Break Left.
    let third = before
        .elements
        .iter()
        .filter(|e| e.seat == A)
        .nth(2)
        .unwrap()
        .id;
    let events = s
        .apply(
            A,
            &Action::Speed {
                element: third,
                speed: 11,
            },
        )
        .unwrap();
    assert!(events
        .iter()
        .all(|l| !l.visible_to(Some(B)) && !l.visible_to(None)));
    assert!(
        s.game()
            .legal_actions(A)
            .iter()
            .all(|a| matches!(a, Action::Card { .. })),
        "its first card comes next"
    );
    let events = s.apply(A, &Action::Card { card: 2 }).unwrap();
    let public: Vec<&Event> = events
        .iter()
        .filter(|l| l.visible_to(Some(B)))
        .map(|l| &l.event)
        .collect();
    assert_eq!(public, vec![&Event::Readied { seat: A, count: 1 }]);
    // Both actions secret: hidden in B's and a spectator's record.
    assert!(s.game().is_secret(A, 0) && s.game().is_secret(A, 1));
    assert_eq!(s.game().unrevealed(A), 2);
    for v in [Some(B), None] {
        let rec = s.seat_record(v);
        assert!(rec.actions.iter().rev().take(2).all(|a| a.action.is_none()));
    }
    // Another world: A's first element picked, at speed 3, with a Straight. B and a
    // spectator are told exactly the same.
    let mut other = before.clone();
    let first = before.elements.iter().find(|e| e.seat == A).unwrap().id;
    other
        .apply(
            A,
            &Action::Speed {
                element: first,
                speed: 3,
            },
        )
        .unwrap();
    other.apply(A, &Action::Card { card: 1 }).unwrap();
    for v in [Some(B), None] {
        assert_eq!(told(s.game(), v), told(&other, v));
    }
    let seen = serde_json::to_value(s.game().view(Some(B))).unwrap();
    for e in seen["elements"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["seat"] == 0)
    {
        assert!(e["speed"].is_null() && e["card"].is_null() && e["card_down"] == false);
    }
    assert_eq!(seen["decks"][0], serde_json::json!([null]));
    assert_eq!(seen["ready"][0], 1);
    let own = serde_json::to_value(s.game().view(Some(A))).unwrap();
    assert_eq!(own["decks"][0], serde_json::json!([third]));
    assert_eq!(own["elements"][usize::from(third)]["speed"], 11);
    assert_eq!(own["elements"][usize::from(third)]["card"], 2);
    // A done first: only B is still to move; B's step stays secret from A.
    ready(&mut s, A);
    assert_eq!(s.game().to_move(), vec![B]);
    let b_first = s.game().legal_actions(B)[0].clone();
    s.apply(B, &b_first).unwrap();
    assert!(s.game().is_secret(B, 0));
    let seen = serde_json::to_value(s.game().view(Some(A))).unwrap();
    assert!(seen["elements"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["seat"] == 1)
        .all(|e| e["speed"].is_null()));
    ready(&mut s, B);
    // Both committed: the speeds are on the Tactical Displays, the cards face down,
    // the deck order still unknown, the set-up actions still out of the record.
    let g = s.game().clone();
    assert!(g.turn == 1 && g.first.is_some());
    let seen = serde_json::to_value(g.view(Some(B))).unwrap();
    assert_eq!(seen["elements"][usize::from(third)]["speed"], 11);
    for e in g
        .elements
        .iter()
        .filter(|e| e.seat == A && e.shown.is_none())
    {
        let v = &seen["elements"][usize::from(e.id)];
        assert!(v["card"].is_null() && v["card_down"] == true && v["speed"].is_u64());
    }
    let flipped = g
        .elements
        .iter()
        .filter(|e| e.seat == A && e.shown.is_some())
        .count();
    let shown = seen["decks"][0]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| !x.is_null())
        .count();
    assert_eq!(shown, flipped, "a place shows once its card has flipped");
    assert!(seen["order"]
        .as_array()
        .unwrap()
        .iter()
        .any(|x| x.is_null()));
    // The order shows as the cards flip: A's third element's set-up actions come out
    // when its card is turned over.
    until(&mut s, |g| g.elements[usize::from(third)].shown.is_some());
    let g = s.game();
    let place = g.decks[0].iter().position(|&e| e == third).unwrap();
    let seen = serde_json::to_value(g.view(Some(B))).unwrap();
    assert_eq!(seen["decks"][0][place], third);
    let rec = s.seat_record(Some(B));
    let deployed = g.elements.iter().filter(|e| e.seat == A).count();
    let a_actions: Vec<_> = rec.actions.iter().filter(|a| a.seat == A).collect();
    let speed = a_actions[deployed + 2 * place].action.as_ref().unwrap();
    assert_eq!(speed["element"], third);
    assert_eq!(speed["speed"], 11);
    assert_eq!(
        a_actions[deployed + 2 * place + 1].action.as_ref().unwrap()["card"],
        2
    );
}

/// A look-ahead agent's copy (`determinize`) reads nothing of what it replaces: two
/// worlds that differ only in what the viewer cannot see — the other side's speeds,
/// first cards and deck order during set-up, its unshown deck places and face-down
/// cards after — give the same copy from the same generator, and the copy tells the
/// viewer what the game tells it (BS-02 version 2).
#[test]
fn bs02_v2_determinize_reads_nothing_it_replaces() {
    let mut s = Session::<BlackSkies>::new(&scenario("squadron"), 8).unwrap();
    until(&mut s, |g| g.phase == Phase::Ready);
    let start = s.game().clone();
    let a_els: Vec<u8> = start
        .elements
        .iter()
        .filter(|e| e.seat == A)
        .map(|e| e.id)
        .collect();
    // Two set-ups of A's, three actions each: two elements in different orders,
    // speeds and cards, the second waiting for its card.
    let world = |order: [u8; 2], speeds: [u8; 2], card: u8| {
        let mut g = start.clone();
        g.apply(
            A,
            &Action::Speed {
                element: order[0],
                speed: speeds[0],
            },
        )
        .unwrap();
        g.apply(A, &Action::Card { card }).unwrap();
        g.apply(
            A,
            &Action::Speed {
                element: order[1],
                speed: speeds[1],
            },
        )
        .unwrap();
        g
    };
    let g1 = world([a_els[0], a_els[1]], [4, 12], 1);
    let g2 = world([a_els[2], a_els[0]], [0, 7], 3);
    assert_b_determinizes_alike(&g1, &g2, 77);
    // After set-up, in turn 1: A's unshown deck places and face-down cards.
    let mut g = g1.clone();
    while g.phase == Phase::Ready {
        let seat = g.to_move()[0];
        let a = g.default_action(seat).unwrap();
        g.apply(seat, &a).unwrap();
    }
    let hidden: Vec<usize> = (0..g.decks[0].len())
        .filter(|&i| g.element(g.decks[0][i]).readied_at.is_some())
        .collect();
    assert!(hidden.len() >= 2, "{hidden:?}");
    let mut h = g.clone();
    // Swap two unshown places of A's deck (with their set-up actions) and the cards.
    let (i, j) = (hidden[0], hidden[1]);
    let (x, y) = (g.decks[0][i], g.decks[0][j]);
    h.decks[0].swap(i, j);
    for slot in &mut h.order {
        *slot = if *slot == x {
            y
        } else if *slot == y {
            x
        } else {
            *slot
        };
    }
    let (ex, ey) = (g.element(x).clone(), g.element(y).clone());
    h.elements[usize::from(x)].readied_at = ey.readied_at;
    h.elements[usize::from(x)].committed_at = ey.committed_at;
    h.elements[usize::from(y)].readied_at = ex.readied_at;
    h.elements[usize::from(y)].committed_at = ex.committed_at;
    h.elements[usize::from(x)].card = Some(2);
    h.validate().unwrap();
    assert_eq!(
        told(&g, Some(B)),
        told(&h, Some(B)),
        "B cannot tell them apart"
    );
    assert_b_determinizes_alike(&g, &h, 5);
}

/// BS-04 (1): a face-down card turned over is final. An action that turns over the
/// actor's own next card (the next element of its group, BS-03) may not be taken
/// back: the other side has seen the card (and, in turn 1, its place in the deck).
#[test]
fn bs04_a_card_turned_over_cannot_be_taken_back() {
    let mut sc = scenario("squadron");
    sc.sides[1].elements.truncate(2);
    let mut own_reveals = 0;
    for seed in 0..6 {
        let mut s = Session::<BlackSkies>::new(&sc, seed).unwrap();
        while s.game().outcome.is_none() && own_reveals < 3 {
            let seat = s.game().to_move()[0];
            let a = s.game().default_action(seat).unwrap();
            let events = s.apply(seat, &a).unwrap();
            let own = events.iter().any(|l| {
                matches!(l.event, Event::Revealed { element, .. } if s.game().owner(element) == seat)
            });
            if own {
                own_reveals += 1;
                assert!(!s.can_undo(), "seed {seed}: {a:?} turned a card over");
            }
        }
    }
    assert!(own_reveals >= 3, "{own_reveals}");
}
