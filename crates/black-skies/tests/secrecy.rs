//! The movement deck's secrets (BS-02, BS-04 (8)): a face-down card never shows in
//! another seat's view, text, events or record until its element activates, and a
//! look-ahead agent of the other seat does not start from it.

use orrery_black_skies::event::Event;
use orrery_black_skies::state::Phase;
use orrery_black_skies::testkit::scenario;
use orrery_black_skies::{Action, BlackSkies};
use orrery_core::{Game, Rng, Seat, Session};

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

/// BS-02: while set-up's speeds are open, the speeds and the deck order are secret;
/// undo may not take back what revealed the other's speeds.
#[test]
fn setup_speeds_are_secret_until_both_are_set() {
    let mut s = Session::<BlackSkies>::new(&scenario("squadron"), 3).unwrap();
    until(&mut s, |g| g.phase == Phase::Ready);
    let a = s
        .game()
        .legal_actions(A)
        .into_iter()
        .find(|a| matches!(a, Action::Speed { speed: 11, .. }))
        .unwrap();
    s.apply(A, &a).unwrap();
    assert!(s.game().is_secret(A, 0));
    let v = serde_json::to_value(s.game().view(Some(B))).unwrap();
    assert!(!v.to_string().contains("\"speed\":11"));
    assert!(s.seat_record(None).actions.last().unwrap().action.is_none());
    until(&mut s, |g| g.phase == Phase::Cards);
    assert!(!s.game().is_secret(A, 0) && !s.game().is_secret(B, 0));
    assert_eq!(s.game().unrevealed(A), 0);
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
