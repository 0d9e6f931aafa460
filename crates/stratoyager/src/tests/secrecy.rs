//! Secret simultaneous commitments (SY-13 Initiative Cards, SY-14 Movement Actions,
//! after-MA yaws and Combat Actions, SY-22 FORCE SHOW, SY-27 dogfight cards): what the
//! other side can observe does not depend on the order given, the record hides it,
//! undo cannot reach past a reveal, and determinization forgets it.

use crate::action::Action;
use crate::event::Event;
use crate::state::{AskKind, Log, Phase, Stratoyager};
use crate::testkit::{add, game, A, B, EVO, GUARDIAN};
use orrery_core::{seat_record, Game, Logged, Presentation, Rng, Seat, Session};

fn seen(log: &[Logged<Event>], viewer: Option<Seat>) -> Vec<Event> {
    log.iter()
        .filter(|l| l.visible_to(viewer))
        .map(|l| l.event.clone())
        .collect()
}

fn kind(g: &Stratoyager) -> Option<AskKind> {
    g.batch.as_ref().map(|b| b.kind)
}

/// Give the timeout default for whoever owes an answer until `stop`.
fn defaults_until(g: &mut Stratoyager, stop: impl Fn(&Stratoyager) -> bool) {
    for _ in 0..10_000 {
        if g.is_terminal() || stop(g) {
            return;
        }
        let seat = g.to_move()[0];
        let a = g.default_action(seat).unwrap();
        g.apply(seat, &a).unwrap();
    }
    panic!("did not settle");
}

/// Two Guardians (A) and two Evos (B), before the Initiative Phase of turn 1.
fn two_each() -> Stratoyager {
    let mut g = game();
    add(&mut g, GUARDIAN, A, 8.0, 10.0, 0, 0);
    add(&mut g, GUARDIAN, A, 16.0, 10.0, 0, 0);
    add(&mut g, EVO, B, 8.0, 14.0, 6, 0);
    add(&mut g, EVO, B, 16.0, 14.0, 6, 0);
    g.phase = Phase::Arrivals;
    let mut log = Log::new();
    g.advance(&mut log);
    g
}

/// Everything B or a spectator can observe after A commits is the same whichever legal
/// order A gave; A's count of unrevealed answers goes up by one and drops to 0 when
/// B's answers complete the batch.
fn check_branches(g: &Stratoyager, what: &str) {
    assert_eq!(g.to_move(), vec![A, B], "{what}: both owe an answer");
    let legal = g.legal_actions(A);
    let (x, y) = (&legal[0], &legal[legal.len() - 1]);
    assert_ne!(x, y, "{what}");
    let (mut g1, mut g2) = (g.clone(), g.clone());
    let l1 = g1.apply(A, x).unwrap();
    let l2 = g2.apply(A, y).unwrap();
    assert_eq!(seen(&l1, Some(B)), seen(&l2, Some(B)), "{what}: events");
    assert_eq!(seen(&l1, None), seen(&l2, None), "{what}: spectator events");
    assert_ne!(
        seen(&l1, Some(A)),
        seen(&l2, Some(A)),
        "{what}: A hears its own"
    );
    assert_eq!(g1.view(Some(B)), g2.view(Some(B)), "{what}: B's view");
    assert_eq!(g1.view(None), g2.view(None), "{what}: spectator's view");
    assert_ne!(g1.view(Some(A)), g2.view(Some(A)), "{what}: A's view");
    assert_eq!(
        g1.legal_actions(B),
        g2.legal_actions(B),
        "{what}: B's actions"
    );
    assert_eq!(g1.to_move(), g2.to_move(), "{what}");
    assert_eq!(g1.unrevealed(A), g.unrevealed(A) + 1, "{what}");
    assert_eq!(g1.unrevealed(B), 0);
    let before = kind(&g1);
    defaults_until(&mut g1, |h| kind(h) != before || h.unrevealed(A) == 0);
    assert_eq!(g1.unrevealed(A), 0, "{what}: revealed with the last answer");
}

/// SY-13 and SY-14: Initiative Cards, Movement Actions, after-MA yaws and Combat
/// Actions stay hidden from the other side until all are in.
#[test]
fn sy13_sy14_orders_are_invisible_to_the_other_side_until_revealed() {
    let mut g = two_each();
    assert_eq!(kind(&g), Some(AskKind::Card));
    check_branches(&g, "Initiative Card");
    for (seat, c) in [(A, 1), (A, 2), (B, 1), (B, 2)] {
        g.apply(seat, &Action::Card { card: c }).unwrap();
    }
    assert_eq!(kind(&g), Some(AskKind::Maneuver));
    check_branches(&g, "Movement Action");
    defaults_until(&mut g, |h| kind(h) == Some(AskKind::Yaw));
    check_branches(&g, "yaw");
    defaults_until(&mut g, |h| kind(h) == Some(AskKind::Combat));
    check_branches(&g, "Combat Action");
}

/// SY-22 FORCE SHOW and SY-27 dogfight cards too.
#[test]
fn sy22_sy27_deployment_and_dogfight_cards_are_invisible_until_revealed() {
    let sc = Stratoyager::scenarios()
        .into_iter()
        .find(|s| s.name == "dogfight")
        .unwrap()
        .scenario;
    let mut g = Stratoyager::setup(&sc, 3).unwrap();
    check_branches(&g, "deployment card");
    defaults_until(&mut g, |h| kind(h) == Some(AskKind::DogfightCard));
    check_branches(&g, "dogfight card");
}

/// The record as B sees it hides A's unrevealed orders, every state hash (each covers
/// the dice generator and the hidden orders) and the seed; once revealed, every order
/// shows, but no hash nor the seed until the game is over.
#[test]
fn sy22_seat_record_hides_the_order_later_hashes_and_seed() {
    let sc = Stratoyager::scenarios()[0].scenario.clone();
    let mut s = Session::<Stratoyager>::new(&sc, 5).unwrap();
    let d = |s: &Session<Stratoyager>, seat| s.game().default_action(seat).unwrap();
    let a = d(&s, A);
    s.apply(A, &a).unwrap();
    let b = d(&s, B);
    s.apply(B, &b).unwrap();
    let r = seat_record(&s.record(), s.game(), Some(B));
    assert_eq!(r.seed, None);
    assert!(!r.complete);
    assert_eq!(
        (r.actions[0].action.clone(), r.actions[0].hash),
        (None, None)
    );
    assert!(r.actions[1].action.is_some(), "B's own order");
    assert_eq!(r.actions[1].hash, None, "the hash after covers A's order");
    let ra = seat_record(&s.record(), s.game(), Some(A));
    assert!(ra.actions[0].action.is_some() && ra.actions[0].hash.is_none());
    assert_eq!(ra.actions[1].action, None);
    let spectator = seat_record(&s.record(), s.game(), None);
    assert!(spectator.actions.iter().all(|x| x.action.is_none()));

    while s.game().phase == Phase::DeployCards {
        let seat = s.game().to_move()[0];
        let x = d(&s, seat);
        s.apply(seat, &x).unwrap();
    }
    assert_eq!(s.game().unrevealed(A), 0);
    let r = seat_record(&s.record(), s.game(), Some(B));
    assert!(r
        .actions
        .iter()
        .all(|x| x.action.is_some() && x.hash.is_none()));
    assert_eq!(r.seed, None, "the seed shows only when the game is over");
}

/// A Session lets a side take back an unrevealed order but never the action that
/// revealed the other side's.
#[test]
fn sy14_session_refuses_to_undo_a_reveal() {
    let sc = Stratoyager::scenarios()[0].scenario.clone();
    let mut s = Session::<Stratoyager>::new(&sc, 5).unwrap();
    let a = s.game().default_action(A).unwrap();
    s.apply(A, &a).unwrap();
    assert!(s.undo_by(A), "nothing revealed yet");
    loop {
        let seat = s.game().to_move()[0];
        let last = s
            .game()
            .batch
            .as_ref()
            .unwrap()
            .asks
            .iter()
            .filter(|x| x.answer.is_none())
            .count()
            == 1;
        let x = s.game().default_action(seat).unwrap();
        let draws = s.game().rng.draws();
        s.apply(seat, &x).unwrap();
        if last {
            assert_eq!(
                s.game().rng.draws(),
                draws,
                "no die: only the reveal blocks undo"
            );
            assert_eq!(seat, B);
            assert!(!s.can_undo() && !s.undo_by(B));
            break;
        }
        assert!(s.can_undo());
    }
}

/// Determinization from B's point of view erases A's pending orders (keeps B's) and
/// redraws A's dogfight cards from the cards B has not seen.
#[test]
fn sy27_determinize_erases_pending_orders_and_redraws_unseen_dogfight_cards() {
    let mut g = two_each();
    g.apply(B, &Action::Card { card: 2 }).unwrap();
    g.apply(A, &Action::Card { card: 1 }).unwrap();
    let mut d = g.clone();
    d.determinize(B, &mut Rng::seed_from(1));
    let answers: Vec<(Seat, bool)> = d
        .batch
        .as_ref()
        .unwrap()
        .asks
        .iter()
        .map(|a| (a.seat, a.answer.is_some()))
        .collect();
    assert_eq!(answers, vec![(A, false), (A, false), (B, true), (B, false)]);
    assert_eq!(d.unrevealed(A), 0);

    // Dogfight: A draws 1 and 5, B draws 2 and 4.
    let mut g = game();
    add(&mut g, GUARDIAN, A, 12.0, 10.0, 0, 0);
    add(&mut g, EVO, B, 12.0, 20.0, 6, 0);
    g.phase = Phase::Arrivals;
    g.rng.force(&[1, 4, 1, 2]);
    g.advance(&mut Log::new());
    let hand = |g: &Stratoyager, s: Seat| g.dogfight.as_ref().unwrap().drawn[s.index()];
    assert_eq!((hand(&g, A), hand(&g, B)), ([1, 5], [2, 4]));
    let mut hands = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut d = g.clone();
        d.determinize(B, &mut Rng::seed_from(seed));
        let [x, y] = hand(&d, A);
        assert!(
            x != y && [1, 3, 5].contains(&x) && [1, 3, 5].contains(&y),
            "{x} {y}"
        );
        assert_eq!(hand(&d, B), [2, 4]);
        hands.insert((x.min(y), x.max(y)));
    }
    assert_eq!(hands.len(), 3, "every unseen pair occurs");

    // After the movement cards are shown (A moves on 5, B on 4), only A's combat card is
    // unknown to B: 1 (A fires first) or 3 (B fires first, its combat card being 2).
    g.apply(A, &Action::DogfightCard { movement: 5 }).unwrap();
    g.apply(B, &Action::DogfightCard { movement: 4 }).unwrap();
    let mut first = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut d = g.clone();
        d.determinize(B, &mut Rng::seed_from(seed));
        assert_eq!(hand(&d, A)[0], 5, "the shown movement card stays");
        defaults_until(&mut d, |h| kind(h) == Some(AskKind::Combat));
        first.insert(d.batch.as_ref().unwrap().asks[0].unit);
    }
    assert_eq!(
        first.len(),
        2,
        "the combat order follows the redrawn card: {first:?}"
    );
}

/// Issue 8 §1, SY-27: describing a `dogfight_card` named the other side's whole hand
/// (the description took the unit of the lowest seat whose question accepted it).
/// Now a seat's description speaks of its own unit and hand only, and a spectator's
/// of no unit's hand.
#[test]
fn sy27_describing_dogfight_cards_never_shows_the_other_hand() {
    let mut g = Stratoyager::setup(&crate::testkit::scenario("dogfight"), 4).expect("setup");
    defaults_until(&mut g, |g| kind(g) == Some(AskKind::DogfightCard));
    let deal = g.dogfight.clone().expect("cards dealt");
    let (hand_a, hand_b) = (deal.drawn[0], deal.drawn[1]);
    for a in g.legal_actions(A) {
        let t = g.describe_action(Some(B), &a);
        for c in hand_a {
            assert!(
                !t.contains(&format!("combat card {c}")),
                "B reads A's hand: {t}"
            );
        }
        let t = g.describe_action(None, &a);
        assert!(!t.contains("combat card"), "a spectator reads a hand: {t}");
    }
    // B's own answers name B's own combat card.
    for a in g.legal_actions(B) {
        let t = g.describe_action(Some(B), &a);
        assert!(
            hand_b
                .iter()
                .any(|c| t.contains(&format!("combat card {c}"))),
            "{t}"
        );
    }
}

/// Issue 8 §1, SY-27: `render::describe_order` names the unit itself, so it takes the
/// reader too: a dogfight order of A's unit read by B or a spectator names no card of
/// A's hand but the one in the order; A reads its combat card.
#[test]
fn sy27_describe_order_tells_a_hand_to_its_own_side_only() {
    use crate::render::describe_order;
    let mut g = Stratoyager::setup(&crate::testkit::scenario("dogfight"), 4).expect("setup");
    defaults_until(&mut g, |g| kind(g) == Some(AskKind::DogfightCard));
    let hand = g.dogfight.as_ref().expect("cards dealt").drawn[0];
    let unit = g
        .batch
        .as_ref()
        .and_then(|b| b.asks.iter().find(|x| x.seat == A))
        .map(|x| x.unit)
        .expect("A's question");
    for (movement, other) in [(hand[0], hand[1]), (hand[1], hand[0])] {
        let a = Action::DogfightCard { movement };
        for reader in [Some(B), None] {
            let t = describe_order(&g, reader, Some(unit), &a);
            assert!(
                !t.contains(&format!("card {other}")),
                "{reader:?} reads {t}"
            );
        }
        let t = describe_order(&g, Some(A), Some(unit), &a);
        assert!(t.contains(&format!("combat card {other}")), "{t}");
    }
}

/// SY-27: the dogfight's combat cards lie face down until both units have moved; the
/// step that turns them up rolls no die and reveals no secret order, yet undoing it
/// would let the last mover move again knowing the other side's card: it is final
/// (`Game::revealed_since`, found by the conformance suite's undo check).
#[test]
fn sy27_undo_never_takes_back_the_step_that_turns_the_combat_cards() {
    let sc = Stratoyager::scenarios()
        .into_iter()
        .find(|s| s.name == "dogfight")
        .unwrap()
        .scenario;
    let mut checked = 0;
    for seed in 1..=20 {
        let mut s = Session::<Stratoyager>::new(&sc, seed).unwrap();
        for _ in 0..2_000 {
            if s.game().is_terminal() {
                break;
            }
            let face_down = |g: &Stratoyager| {
                g.dogfight
                    .as_ref()
                    .is_some_and(|d| !d.move_order.is_empty() && d.combat_order.is_empty())
            };
            let was = face_down(s.game());
            let seat = s.game().to_move()[0];
            let x = s.game().default_action(seat).unwrap();
            let draws = s.game().rng.draws();
            s.apply(seat, &x).unwrap();
            let turned = s
                .game()
                .dogfight
                .as_ref()
                .is_some_and(|d| !d.combat_order.is_empty());
            if was && turned && s.game().rng.draws() == draws {
                assert!(
                    !s.can_undo(),
                    "seed {seed}: the combat cards were turned up"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "no combat cards were turned without a die");
}

/// docs/protocol.md, "Undo never reveals": an undo is refused once a secret order is
/// revealed, the actor's own included (issue 37 §4). A secret question's last answer
/// turns every answer up, and when only one side owed answers (the other side has
/// nothing to order, or answered first) it is the actor's own orders that both sides
/// now see ("Evo 6.2 1 orders: no acc, turn port 3"): the actor may not take them
/// back and order again. 20 random games of each scenario; before this, 68 such
/// undos were accepted in 20 games.
#[test]
fn an_undo_is_refused_once_the_actors_own_secret_order_is_revealed() {
    let mut revealed = 0;
    let mut open = 0;
    for name in ["pilot-episode", "dogfight"] {
        let sc = crate::testkit::scenario(name);
        for seed in 1..=20 {
            let mut s = Session::<Stratoyager>::new(&sc, seed).unwrap();
            let mut rng = Rng::seed_from(seed);
            for _ in 0..3_000 {
                if s.game().is_terminal() {
                    break;
                }
                let to_move = s.game().to_move();
                let seat = to_move[rng.index(to_move.len())];
                let secret = s.game().batch.as_ref().is_some_and(|b| b.secret);
                let legal = s.game().legal_actions(seat);
                let x = legal[rng.index(legal.len())].clone();
                s.apply(seat, &x).unwrap();
                if !secret {
                    continue;
                }
                if s.game().is_secret(seat, 0) {
                    // Still face down: the actor may change its mind (SY-26 arcade
                    // mode aside, not played here).
                    assert!(s.can_undo(), "{name} seed {seed}: an order still secret");
                    open += 1;
                } else {
                    assert!(
                        !s.can_undo(),
                        "{name} seed {seed}: seat {seat}'s secret order {x:?} is revealed, yet may be taken back"
                    );
                    revealed += 1;
                }
            }
        }
    }
    assert!(
        revealed > 100 && open > 100,
        "{revealed} revealed, {open} open"
    );
}
