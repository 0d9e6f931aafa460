//! SY-27 dogfight turns.

use super::common::*;
use crate::action::Action;
use crate::event::Event;
use crate::state::{AskKind, Log, Phase, Stratoyager};
use crate::types::UnitId;
use orrery_core::{Game, Seat};

/// One Guardian (A) 3 klicks from one Evo (B), no reserves, before the Initiative
/// Phase; the deal is forced: A draws 1 and 5, B draws 2 and 4.
fn dogfight() -> (Stratoyager, UnitId, UnitId, Log) {
    let mut g = game();
    assert!(g.options.dogfight);
    let a = add(&mut g, GUARDIAN, A, 12.0, 10.0, 0, 0);
    let b = add(&mut g, EVO, B, 12.0, 13.0, 6, 0);
    g.phase = Phase::Arrivals;
    g.rng.force(&[1, 4, 1, 2]);
    let mut log = Log::new();
    g.advance(&mut log);
    (g, a, b, log)
}

fn dcard(movement: u8) -> Action {
    Action::DogfightCard { movement }
}

/// SY-27: five cards, two each, private to their holder; the movement card is chosen
/// secretly; the lower moves first and the higher's MA order is asked only after the
/// first unit flew; combat runs in combat-card order and the first CA resolves
/// completely, damage included, before the second is asked.
#[test]
fn sy27_dogfight_private_cards_lower_moves_first_combat_one_by_one() {
    let (mut g, a, b, log) = dogfight();
    assert!(asking(&g, AskKind::DogfightCard) && g.batch.as_ref().unwrap().secret);
    let drawn = |s: Seat, c: [u8; 2]| Event::DogfightDrawn { seat: s, cards: c };
    assert!(seen_by(&log, Some(A)).contains(&drawn(A, [1, 5])));
    assert!(!seen_by(&log, Some(A)).contains(&drawn(B, [2, 4])));
    assert!(seen_by(&log, Some(B)).contains(&drawn(B, [2, 4])));
    assert!(!seen_by(&log, Some(B)).contains(&drawn(A, [1, 5])));
    assert!(!seen_by(&log, None)
        .iter()
        .any(|e| matches!(e, Event::DogfightDrawn { .. })));
    assert_eq!(g.view(Some(A)).my_dogfight_cards, Some([1, 5]));
    assert_eq!(g.view(Some(B)).my_dogfight_cards, Some([2, 4]));
    assert_eq!(g.view(None).my_dogfight_cards, None);
    assert_eq!(g.legal_actions(A), vec![dcard(1), dcard(5)]);
    assert_eq!(g.legal_actions(B), vec![dcard(2), dcard(4)]);

    ok(&mut g, A, dcard(5)); // combat card 1
    let ev = ok(&mut g, B, dcard(2)); // combat card 4
    assert!(ev.contains(&Event::DogfightRevealed {
        movement: vec![(b, 2), (a, 5)],
        combat: vec![]
    }));
    assert!(asking(&g, AskKind::Maneuver));
    assert_eq!((asked(&g), g.to_move()), (vec![b], vec![B]));
    let ev = ok(&mut g, B, drift());
    assert_eq!(moved(&ev), vec![b]);
    assert_eq!(g.to_move(), vec![B], "B's yaw, still before A is asked");
    ok(&mut g, B, no_yaw());
    assert!(asking(&g, AskKind::Maneuver));
    assert_eq!(asked(&g), vec![a], "A orders after seeing B fly");
    ok(&mut g, A, drift());
    let ev = ok(&mut g, A, no_yaw());
    assert!(ev.contains(&Event::DogfightRevealed {
        movement: vec![],
        combat: vec![(a, 1), (b, 4)]
    }));
    assert!(asking(&g, AskKind::Combat));
    assert_eq!(asked(&g), vec![a]);
    g.rng.force(&[6, 6, 6, 6]);
    let ev = ok(&mut g, A, salvo(b));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Damage(d) if d.target == b)));
    assert_eq!(
        (g.unit(b).shields, g.unit(b).structure),
        (0, 1),
        "damage applied"
    );
    assert_eq!(asked(&g), vec![b], "then B's Combat Action");
}

/// SY-27: the first CA resolves completely, so a unit it destroys never acts.
#[test]
fn sy27_dogfight_unit_destroyed_by_first_combat_card_is_not_asked() {
    let (mut g, a, b, _) = dogfight();
    g.unit_mut(b).shields = 0;
    ok(&mut g, A, dcard(5));
    ok(&mut g, B, dcard(2));
    ok(&mut g, B, drift());
    ok(&mut g, B, no_yaw());
    ok(&mut g, A, drift());
    ok(&mut g, A, no_yaw());
    g.rng.force(&[6, 6, 6, 6]);
    let ev = ok(&mut g, A, salvo(b));
    assert!(g.unit(b).is_lost());
    assert_eq!(attackers(&ev), vec![a]);
    assert!(g.is_terminal() && g.outcome.clone().unwrap().winners == vec![A]);
}
