//! Whole games with random answers: the sequence settles and ends.

use crate::Stratoyager;
use orrery_core::{Game, Presentation, Rng, SearchHints};

#[test]
fn builtin_scenarios_load() {
    let s = Stratoyager::scenarios();
    assert_eq!(
        s.len(),
        3,
        "{:?}",
        s.iter().map(|s| &s.name).collect::<Vec<_>>()
    );
}

#[test]
fn random_games_finish() {
    for sc in Stratoyager::scenarios() {
        for seed in 0..20 {
            let mut g = Stratoyager::setup(&sc.scenario, seed).unwrap();
            let mut r = Rng::seed_from(seed);
            let mut steps = 0;
            while !g.is_terminal() {
                let tm = g.to_move();
                let seat = tm[r.index(tm.len())];
                let legal = g.legal_actions(seat);
                assert!(
                    !legal.is_empty(),
                    "{} seed {seed}: no actions at {:?}",
                    sc.name,
                    g.progress()
                );
                let a = legal[r.index(legal.len())].clone();
                g.apply(seat, &a).unwrap();
                steps += 1;
                assert!(
                    steps < g.action_bound(),
                    "{} seed {seed}: too long",
                    sc.name
                );
            }
        }
    }
}

#[test]
fn a_random_game_reaches_combat() {
    let sc = &Stratoyager::scenarios()[0].scenario;
    let mut g = Stratoyager::setup(sc, 7).unwrap();
    let mut r = Rng::seed_from(7);
    let mut events = Vec::new();
    while !g.is_terminal() {
        let tm = g.to_move();
        let seat = tm[r.index(tm.len())];
        let legal = g.legal_actions(seat);
        let a = legal[r.index(legal.len())].clone();
        events.extend(g.apply(seat, &a).unwrap());
    }
    let kinds: std::collections::BTreeMap<String, usize> =
        events.iter().fold(Default::default(), |mut m, e| {
            let v = serde_json::to_value(&e.event).unwrap();
            *m.entry(v["event"].as_str().unwrap().to_string())
                .or_default() += 1;
            m
        });
    eprintln!("{kinds:?} turn {} outcome {:?}", g.turn, g.outcome);
}

#[test]
fn save_load_round_trips() {
    let sc = &Stratoyager::scenarios()[0].scenario;
    for seed in 0..30 {
        let mut g = Stratoyager::setup(sc, seed).unwrap();
        let mut r = Rng::seed_from(seed);
        while !g.is_terminal() {
            let s = serde_json::to_string(&g).unwrap();
            let back: Stratoyager = serde_json::from_str(&s).unwrap();
            let s2 = serde_json::to_string(&back).unwrap();
            if s != s2 {
                let i = s.bytes().zip(s2.bytes()).position(|(a, b)| a != b).unwrap();
                panic!(
                    "differs at {}: {} ||| {}",
                    i,
                    &s[i.saturating_sub(200)..(i + 100).min(s.len())],
                    &s2[i.saturating_sub(200)..(i + 100).min(s2.len())]
                );
            }
            let tm = g.to_move();
            let seat = tm[r.index(tm.len())];
            let legal = g.legal_actions(seat);
            let a = legal[r.index(legal.len())].clone();
            g.apply(seat, &a).unwrap();
        }
    }
}

/// Issue 28 §3 (SY-25, SY-28): an Eject from a side's only 'yager is marked as ending
/// the game, so a front end asks before sending it; anything else marked in a random
/// dogfight does end it.
#[test]
fn sy25_eject_of_the_only_yager_is_marked_game_ending() {
    use crate::action::{Action, CombatOrder};
    let scenario = crate::Stratoyager::scenarios()
        .into_iter()
        .find(|s| s.name == "dogfight")
        .unwrap()
        .scenario;
    let mut ejects = 0;
    for seed in 1..40u64 {
        let mut g = crate::Stratoyager::setup(&scenario, seed).unwrap();
        let mut rng = orrery_core::Rng::seed_from(seed);
        for _ in 0..400 {
            let Some(&seat) = g.to_move().first() else {
                break;
            };
            for a in g.legal_actions(seat).iter().take(40) {
                let eject = matches!(a, Action::Combat(CombatOrder::Eject { .. }));
                let marked = g.ends_game(seat, a);
                if eject {
                    assert!(marked, "seed {seed}: {a:?} not marked");
                    ejects += 1;
                } else if marked {
                    // Anything else marked ends the game when applied.
                    let mut copy = g.clone();
                    copy.apply(seat, a).unwrap();
                    assert!(copy.is_terminal(), "seed {seed}: {a:?} marked, not ending");
                }
            }
            let a = g.sample_action(seat, &mut rng).unwrap();
            g.apply(seat, &a).unwrap();
        }
        if ejects > 0 {
            break;
        }
    }
    assert!(ejects > 0, "no Eject came up in the random dogfights");
}
