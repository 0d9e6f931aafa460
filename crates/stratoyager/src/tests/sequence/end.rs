//! SY-28 game length and victory, SY-25 pilots, and the timeout defaults.

use super::common::*;
use crate::action::{Action, CombatOrder};
use crate::event::{Event, Loss};
use crate::state::{AskKind, Log, Phase, Pilot, Place, Stratoyager};
use crate::types::Plan;
use crate::victory::scores;
use orrery_core::Game;
use orrery_table::Point;

fn game_over(ev: &[Event]) -> Option<(Vec<orrery_core::Seat>, Vec<f64>, String)> {
    ev.iter().find_map(|e| match e {
        Event::GameOver {
            winners,
            scores,
            why,
        } => Some((winners.clone(), scores.clone(), why.clone())),
        _ => None,
    })
}

/// Turn `turn` of a Guardian against an Evo far apart, its one segment over.
fn quiet(turn: u32) -> Stratoyager {
    let mut g = game();
    g.options.dogfight = false;
    let a = add(&mut g, GUARDIAN, A, 6.0, 5.0, 0, 0);
    let b = add(&mut g, EVO, B, 18.0, 30.0, 6, 0);
    g.turn = turn;
    g.unit_mut(a).card = Some(1);
    g.unit_mut(b).card = Some(1);
    g.cards = 1;
    g
}

/// SY-28: "after turn 6 roll 1D6: 4+ plays turn 7" (and no roll after turn 5, no
/// second roll after turn 7); equal scores draw, the higher score wins.
#[test]
fn sy28_six_turns_then_a_seventh_on_4_plus() {
    let mut g = quiet(5);
    let draws = g.rng.draws();
    let ev = events(&end_turn_now(&mut g));
    assert_eq!((g.turn, g.rng.draws()), (6, draws));
    assert!(!ev.iter().any(|e| matches!(e, Event::ExtraTurnRoll { .. })));

    let mut g = quiet(6);
    g.rng.force(&[4]);
    let ev = events(&end_turn_now(&mut g));
    assert!(ev.contains(&Event::ExtraTurnRoll {
        roll: 4,
        extra: true
    }));
    assert_eq!((g.turn, g.last_turn, g.is_terminal()), (7, 7, false));
    let ev = defaults_until(&mut g, |_| false);
    assert!(!ev.iter().any(|e| matches!(e, Event::ExtraTurnRoll { .. })));
    let (winners, sc, why) = game_over(&ev).unwrap();
    assert_eq!((g.turn, winners, sc), (7, vec![A, B], vec![0.0, 0.0]));
    assert_eq!(why, "the last turn is over");

    for (lost_b, want) in [(false, vec![A, B]), (true, vec![A])] {
        let mut g = quiet(6);
        if lost_b {
            let x = add(&mut g, BLACKBUCK, B, 1.0, 1.0, 0, 0);
            g.unit_mut(x).place = Place::Lost {
                loss: Loss::Destroyed,
            };
        }
        g.rng.force(&[3]);
        let ev = events(&end_turn_now(&mut g));
        assert!(ev.contains(&Event::ExtraTurnRoll {
            roll: 3,
            extra: false
        }));
        assert_eq!((g.turn, g.is_terminal()), (6, true));
        assert_eq!(
            g.outcome.clone().unwrap().winners,
            want,
            "B lost a unit: {lost_b}"
        );
    }
}

/// SY-28: "Annihilation of the enemy wins regardless of score", at once.
#[test]
fn sy28_annihilation_ends_at_once_and_wins_regardless_of_score() {
    let mut g = game();
    let a = add(&mut g, GUARDIAN, A, 12.0, 10.0, 0, 0);
    let v = add(&mut g, VULTURE, A, 2.0, 2.0, 0, 0);
    g.unit_mut(v).place = Place::Lost {
        loss: Loss::Destroyed,
    };
    let b = add(&mut g, EVO, B, 12.0, 13.0, 6, 0);
    g.unit_mut(b).shields = 0;
    g.unit_mut(b).structure = 1;
    g.cards = 2; // a second segment that is never played
    start_segments(&mut g, &[(a, 1), (b, 1)]);
    g.cards = 2;
    ok(&mut g, A, drift());
    ok(&mut g, B, drift());
    ok(&mut g, A, no_yaw());
    ok(&mut g, B, no_yaw());
    g.rng.force(&[6; 4]);
    ok(&mut g, B, hold());
    let ev = ok(&mut g, A, salvo(b));
    let (winners, sc, why) = game_over(&ev).unwrap();
    assert_eq!(
        (winners, sc, why.as_str()),
        (vec![A], vec![84.0, 194.0], "annihilation")
    );
    assert!(g.is_terminal() && g.turn == 1);
}

/// SY-28: "a side that, because all its remaining units left the table (SY-24), had
/// no unit on it for a whole turn loses".
#[test]
fn sy28_side_absent_for_a_whole_turn_loses() {
    let mut g = game();
    g.options.dogfight = false;
    let a = add(&mut g, GUARDIAN, A, 12.0, 10.0, 0, 0);
    let b = add(&mut g, EVO, B, 12.0, 1.0, 6, 3);
    start_segments(&mut g, &[(a, 1), (b, 1)]);
    ok(&mut g, A, drift());
    ok(&mut g, B, drift());
    ok(&mut g, A, no_yaw());
    ok(&mut g, B, no_yaw());
    assert_eq!(asked(&g), vec![b]);
    ok(&mut g, B, Action::Leave { withdraw: false });
    let ev = defaults_until(&mut g, |g| g.turn == 2 && asking(g, AskKind::Card));
    assert!(game_over(&ev).is_none(), "absent only part of turn 1");
    let ev = defaults_until(&mut g, |_| false);
    let (winners, sc, why) = game_over(&ev).unwrap();
    assert_eq!((winners, sc, g.turn), (vec![A], vec![0.0, 0.0], 2));
    assert!(
        why.contains("no unit on the table for a whole turn"),
        "{why}"
    );
}

/// SY-25: a pilot scores half its unit's points to the side with the nearest unit
/// (friend or foe), nobody on equal distances, all to the survivor after
/// annihilation; the abandoned 'yager counts as destroyed for the enemy.
#[test]
fn sy25_pilot_points_nearest_side_tie_nobody_survivor_takes_all() {
    let mut g = game();
    add(&mut g, GUARDIAN, A, 10.0, 10.0, 0, 0);
    let v = add(&mut g, VULTURE, A, 2.0, 2.0, 0, 0);
    let b = add(&mut g, EVO, B, 14.0, 10.0, 6, 0);
    g.unit_mut(v).place = Place::Lost {
        loss: Loss::Abandoned,
    };
    let pilot = |x: f64| Pilot {
        unit: v,
        side: A,
        at: Point::new(x, 10.0),
        value: 97.0,
    };
    for (x, want) in [
        (13.0, [0.0, 291.0]),
        (12.0, [0.0, 194.0]),
        (11.0, [97.0, 194.0]),
    ] {
        g.pilots = vec![pilot(x)];
        assert_eq!(scores(&g), want.to_vec(), "pilot at x = {x}");
    }
    // Neither side on the table but both in play (reserve, away): equal (infinite)
    // distances, nobody scores the pilot. It once went to side B: inf − inf is NaN.
    g.pilots = vec![pilot(13.0)];
    let guardian = crate::types::UnitId(0);
    g.unit_mut(guardian).place = Place::Reserve;
    g.unit_mut(b).place = Place::Away { left_turn: 1 };
    assert_eq!(scores(&g), vec![0.0, 194.0], "nobody on the table");
    g.unit_mut(guardian).place = Place::Table;
    g.unit_mut(b).place = Place::Table;
    g.unit_mut(b).place = Place::Lost {
        loss: Loss::Destroyed,
    };
    assert_eq!(scores(&g), vec![84.0 + 97.0, 194.0], "B annihilated");
}

/// SY-25 through play: Eject puts the pilot 1 klick away; the abandoned Guardian
/// scores for B at once; A is annihilated, so B also takes the pilot.
#[test]
fn sy25_eject_scores_the_unit_and_its_pilot_for_the_enemy() {
    let mut g = game();
    let a = add(&mut g, GUARDIAN, A, 12.0, 10.0, 0, 0);
    let b = add(&mut g, EVO, B, 12.0, 20.0, 6, 0);
    start_segments(&mut g, &[(a, 1), (b, 1)]);
    defaults_until(&mut g, |g| asking(g, AskKind::Combat));
    ok(&mut g, B, hold());
    let ev = ok(&mut g, A, Action::Combat(CombatOrder::Eject { hour: 3 }));
    assert!(ev.contains(&Event::Ejected {
        unit: a,
        pilot: Point::new(13.0, 10.0)
    }));
    assert!(ev.contains(&Event::UnitLost {
        unit: a,
        loss: Loss::Abandoned
    }));
    let (winners, sc, _) = game_over(&ev).unwrap();
    assert_eq!((winners, sc), (vec![B], vec![0.0, 110.0 + 55.0]));
}

/// The timeout defaults: a card for every unit (lowest free), drift, no yaw, return,
/// no Fire at Will shot, hold.
#[test]
fn timeout_defaults_lowest_card_drift_no_yaw_return_hold() {
    let mut g = Stratoyager::setup(&scenario(&[G, G], &[E]), 1).unwrap();
    assert_eq!(g.default_action(A), Some(Action::Deploy { card: Some(1) }));
    ok(&mut g, A, Action::Deploy { card: Some(1) });
    assert_eq!(g.default_action(A), Some(Action::Deploy { card: Some(2) }));

    let mut g = game();
    g.options.dogfight = false;
    let a = add(&mut g, GUARDIAN, A, 12.0, 34.0, 0, 3);
    let h = add(&mut g, GUARDIAN, A, 12.0, 10.0, 0, 0);
    let b = add(&mut g, BLACKBUCK, B, 12.0, 16.0, 6, 0);
    g.unit_mut(h).fire_at_will = true;
    add(&mut g, EVO, A, 2.0, 2.0, 0, 0); // no card this turn; one more card next turn
    start_segments(&mut g, &[(a, 1), (b, 1)]);
    let want = [
        (AskKind::Maneuver, Action::Maneuver(Plan::drift())),
        (AskKind::Yaw, no_yaw()),
        (AskKind::Leave, Action::Leave { withdraw: false }),
        (AskKind::FireAtWill, Action::FireAtWill { target: None }),
        (AskKind::Combat, hold()),
    ];
    for (kind, action) in want {
        assert!(asking(&g, kind), "{kind:?} at {:?}", g.phase);
        while asking(&g, kind) {
            let seat = g.to_move()[0];
            assert_eq!(g.default_action(seat), Some(action.clone()), "{kind:?}");
            ok(&mut g, seat, action.clone());
        }
    }
    assert!(asking(&g, AskKind::Card));
    assert_eq!(g.default_action(A), Some(card(1)));
    ok(&mut g, A, card(1));
    assert_eq!(g.default_action(A), Some(card(2)));

    // Dogfight: the lower of the two cards drawn (A draws 5, then 1).
    let mut g = game();
    add(&mut g, GUARDIAN, A, 12.0, 10.0, 0, 0);
    add(&mut g, EVO, B, 12.0, 20.0, 6, 0);
    g.phase = Phase::Arrivals;
    g.rng.force(&[5, 1]);
    g.advance(&mut Log::new());
    assert_eq!(g.dogfight.as_ref().unwrap().drawn[0], [5, 1]);
    assert_eq!(
        g.default_action(A),
        Some(Action::DogfightCard { movement: 1 })
    );
}
