//! Issue 8 §5: limits on input, so no client can make the engine hold a huge line,
//! echo a huge name, think for ever, or read a typo as another order.

use orrery_core::toy::SealedBids;
use orrery_protocol::{serve, Engine, Registry, MAX_BUDGET_MS, MAX_ITERATIONS, MAX_LINE_BYTES};
use serde_json::{json, Value};

fn registry() -> Registry {
    Registry::new().with::<SealedBids>()
}

fn serve_bytes(input: &[u8]) -> Vec<Value> {
    let reg = registry();
    let mut out = Vec::new();
    serve(&reg, input, &mut out).expect("serve");
    String::from_utf8(out)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect()
}

#[test]
fn a_line_over_the_cap_is_refused_and_the_engine_goes_on() {
    let mut input = Vec::new();
    input.extend_from_slice(br#"{"cmd":"new","ruleset":"sealed-bids","seed":1}"#);
    input.push(b'\n');
    input.extend_from_slice(br#"{"cmd":"describe","action":""#);
    input.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 10));
    input.extend_from_slice(b"\"}\n");
    input.extend_from_slice(br#"{"cmd":"status"}"#);
    input.push(b'\n');
    let r = serve_bytes(&input);
    assert_eq!(r.len(), 3, "{r:?}");
    assert_eq!(r[1]["error"]["code"], "bad_request");
    let m = r[1]["error"]["message"].as_str().expect("message");
    assert!(
        m.contains(&format!("at most {MAX_LINE_BYTES} bytes")),
        "{m}"
    );
    assert_eq!(r[2]["ok"], true);
    // A line just under the cap is read.
    let mut input = br#"{"cmd":"help","pad":""#.to_vec();
    input.extend(std::iter::repeat_n(b' ', 1000));
    input.extend_from_slice(b"\"}\n");
    assert_eq!(serve_bytes(&input)[0]["ok"], true);
}

#[test]
fn unknown_names_are_not_echoed_whole() {
    let reg = registry();
    let mut e = Engine::new(&reg);
    let long = "z".repeat(100_000);
    for req in [
        json!({"cmd": long}),
        json!({"cmd": "new", "ruleset": long}),
        json!({"cmd": "new", "ruleset": "sealed-bids", "scenario": long}),
    ] {
        let r = e.handle(&req);
        assert_eq!(r["ok"], false);
        let m = r["error"]["message"].as_str().expect("message");
        assert!(m.len() < 400, "{} chars: {}", m.len(), &m[..200]);
    }
    e.handle(&json!({"cmd": "new", "ruleset": "sealed-bids", "seed": 1}));
    let r = e.handle(&json!({"cmd": "agent", "player": 0, "name": long}));
    assert_eq!(r["error"]["code"], "unknown_agent");
    assert!(r["error"]["message"].as_str().expect("m").len() < 400);
}

#[test]
fn agent_budgets_are_capped() {
    let reg = registry();
    let mut e = Engine::new(&reg);
    e.handle(&json!({"cmd": "new", "ruleset": "sealed-bids", "seed": 1}));
    let r = e.handle(
        &json!({"cmd": "agent", "player": 0, "name": "mcts", "budget_ms": MAX_BUDGET_MS + 1}),
    );
    assert_eq!(r["error"]["code"], "bad_request", "{r}");
    assert!(r["error"]["message"]
        .as_str()
        .expect("m")
        .contains("at most 10000"));
    let r = e.handle(&json!({"cmd": "agent", "player": 0, "name": "mcts", "iterations": u64::from(MAX_ITERATIONS) + 1}));
    assert_eq!(r["error"]["code"], "bad_request", "{r}");
    let r = e.handle(&json!({"cmd": "agent", "player": 0, "name": "mcts", "iterations": 50}));
    assert_eq!(r["ok"], true, "{r}");
}

#[test]
fn actions_with_unknown_fields_are_refused() {
    let reg = registry();
    let mut e = Engine::new(&reg);
    e.handle(&json!({"cmd": "new", "ruleset": "sealed-bids", "seed": 1}));
    let h = e.handle(&json!({"cmd": "status"}))["status"]["hash"].clone();
    let r = e.handle(&json!({"cmd": "apply", "player": 0, "action": {"amount": 1, "ammount": 2}}));
    assert_eq!(r["error"]["code"], "illegal_action", "{r}");
    assert_eq!(e.handle(&json!({"cmd": "status"}))["status"]["hash"], h);
}

#[test]
fn new_without_a_seed_draws_a_random_one_and_says_which() {
    let reg = registry();
    let mut e = Engine::new(&reg);
    let a = e.handle(&json!({"cmd": "new", "ruleset": "sealed-bids"}));
    let b = e.handle(&json!({"cmd": "new", "ruleset": "sealed-bids"}));
    let (sa, sb) = (
        a["seed"].as_u64().expect("seed"),
        b["seed"].as_u64().expect("seed"),
    );
    assert_ne!(sa, sb, "two games without a seed get different seeds");
    let c = e.handle(&json!({"cmd": "new", "ruleset": "sealed-bids", "seed": 7}));
    assert_eq!(c["seed"], 7);
}
