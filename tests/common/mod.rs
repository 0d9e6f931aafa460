//! Helpers for the tests that drive the engine protocol in-process with the real
//! rulesets.
#![allow(dead_code)]

use orrery_protocol::{Engine, Registry};
use serde_json::{json, Value};

/// Every ruleset, as the binary registers them (the registrations compiled once, in
/// `orrery-rulesets`, not again in each test binary).
pub fn registry() -> Registry {
    orrery_rulesets::registry()
}

/// Send a request that must succeed; returns the response.
pub fn ok(e: &mut Engine, req: Value) -> Value {
    let r = e.handle(&req);
    assert_eq!(r["ok"], true, "{req} -> {r}");
    r
}

pub fn status(e: &mut Engine) -> Value {
    ok(e, json!({"cmd": "status"}))["status"].clone()
}

pub fn hash(e: &mut Engine) -> Value {
    status(e)["hash"].clone()
}

pub fn legal(e: &mut Engine, seat: u8) -> Vec<Value> {
    ok(e, json!({"cmd": "legal", "player": seat}))["actions"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// Let the first seat to move play the `random` agent's suggestion (seeded with
/// `seed`); returns the seat and the action applied.
pub fn random_step(e: &mut Engine, seed: u64) -> (Value, Value) {
    let seat = status(e)["to_move"][0].clone();
    let a = ok(
        e,
        json!({"cmd": "agent", "player": seat, "name": "random", "seed": seed}),
    )["action"]
        .clone();
    ok(e, json!({"cmd": "apply", "player": seat, "action": a}));
    (seat, a)
}
