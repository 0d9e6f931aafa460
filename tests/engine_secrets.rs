//! Issue 8 §1, over the engine protocol as a bot author meets it: nothing a seat is
//! told (descriptions, agent suggestions and their text, odds answers, refusals)
//! depends on the other seat's hidden order.

mod common;

use common::{legal, ok, random_step, registry, status};
use orrery_protocol::Engine;
use serde_json::{json, Value};

/// Every answer seat 1 gets to the questions a bot would ask, in order.
fn what_seat_1_is_told(e: &mut Engine, probes: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for a in probes {
        out.push(e.handle(&json!({"cmd": "describe", "player": 1, "action": a})));
        out.push(e.handle(&json!({"cmd": "describe", "action": a})));
        out.push(e.handle(&json!({"cmd": "odds", "player": 1, "action": a})));
    }
    for name in ["random", "greedy", "heuristic", "default"] {
        out.push(e.handle(&json!({"cmd": "agent", "player": 1, "name": name})));
    }
    out.push(e.handle(&json!({"cmd": "agent", "player": 1, "name": "mcts", "iterations": 30})));
    out.push(e.handle(&json!({"cmd": "view", "player": 1})));
    out.push(e.handle(&json!({"cmd": "render", "player": 1})));
    // Refusals last: an accepted probe would move the game on.
    for a in probes {
        let r = e.handle(&json!({"cmd": "apply", "player": 1, "action": a}));
        if r["ok"] == true {
            break;
        }
        out.push(r);
    }
    out
}

/// Play `scenario` from `seed` with a random agent; at the first `points` steps where
/// both seats owe a secret answer, let seat 0 answer in two different ways and check
/// that seat 1 is told the same in both worlds.
fn check_two_worlds(scenario: &str, seed: u64, points: usize) {
    let reg = registry();
    let new = json!({"cmd": "new", "ruleset": "stratoyager", "scenario": scenario, "seed": seed});
    let mut e = Engine::new(&reg);
    ok(&mut e, new.clone());
    let mut played: Vec<(Value, Value)> = Vec::new();
    let mut checked = 0;
    for step in 0..400u64 {
        let st = status(&mut e);
        if st["terminal"] == true || checked >= points {
            break;
        }
        let to_move = st["to_move"].as_array().cloned().unwrap_or_default();
        let mine = legal(&mut e, 0);
        if to_move == vec![json!(0), json!(1)] && mine.len() >= 2 {
            let mut probes = mine.clone();
            probes.extend(legal(&mut e, 1));
            probes.truncate(60);
            let mut told = Vec::new();
            for answer in [&mine[0], &mine[mine.len() - 1]] {
                let mut w = Engine::new(&reg);
                ok(&mut w, new.clone());
                for (p, a) in &played {
                    ok(&mut w, json!({"cmd": "apply", "player": p, "action": a}));
                }
                ok(
                    &mut w,
                    json!({"cmd": "apply", "player": 0, "action": answer}),
                );
                told.push(what_seat_1_is_told(&mut w, &probes));
            }
            for (a, b) in told[0].iter().zip(&told[1]) {
                assert_eq!(
                    a, b,
                    "{scenario} seed {seed} step {step}: seat 1 can tell seat 0's order apart"
                );
            }
            checked += 1;
        }
        played.push(random_step(&mut e, step));
    }
    assert!(checked > 0, "{scenario}: no secret step reached");
}

#[test]
fn pilot_episode_orders_stay_secret_on_every_channel() {
    check_two_worlds("pilot-episode", 100, 4);
}

#[test]
fn dogfight_cards_stay_secret_on_every_channel() {
    check_two_worlds("dogfight", 3, 6);
}

/// The case of the report: after seat 0's secret Initiative Card, describing each
/// card as seat 1 named seat 0's unit for exactly the card seat 0 had used.
#[test]
fn describing_initiative_cards_does_not_single_out_the_one_used() {
    let reg = registry();
    let mut e = Engine::new(&reg);
    ok(
        &mut e,
        json!({"cmd": "new", "ruleset": "stratoyager", "scenario": "pilot-episode", "seed": 100}),
    );
    // Play to the first Initiative Card question.
    for step in 0..200u64 {
        let l = legal(&mut e, 0);
        if l.first().is_some_and(|a| a["kind"] == "card") {
            break;
        }
        random_step(&mut e, step);
    }
    let cards = legal(&mut e, 0);
    assert!(cards.len() >= 2, "{cards:?}");
    ok(
        &mut e,
        json!({"cmd": "apply", "player": 0, "action": cards[0]}),
    );
    let texts: Vec<String> = cards
        .iter()
        .map(|c| {
            let t =
                ok(&mut e, json!({"cmd": "describe", "player": 1, "action": c}))["text"].clone();
            let t = t.as_str().unwrap_or_default().to_string();
            t.split(':').next().unwrap_or_default().to_string()
        })
        .collect();
    assert!(texts.iter().all(|t| t == &texts[0]), "{texts:?}");
}

/// Issue 8 §1: the agent's default seed came from the full state hash, so its
/// suggestion for seat 1 changed with seat 0's hidden order; now it comes from what
/// seat 1 sees, so the same position gets the same suggestion.
#[test]
fn an_unseeded_agent_answers_a_position_alike() {
    let reg = registry();
    let mut e = Engine::new(&reg);
    ok(
        &mut e,
        json!({"cmd": "new", "ruleset": "launch-fighters", "seed": 4}),
    );
    let a = ok(
        &mut e,
        json!({"cmd": "agent", "player": 0, "name": "random"}),
    );
    let b = ok(
        &mut e,
        json!({"cmd": "agent", "player": 0, "name": "random"}),
    );
    assert_eq!(a, b);
}
