//! Issue 8 §2, §3 and §5 over the engine protocol with the real rulesets: errors
//! change nothing, impossible saved states are refused with every problem listed,
//! and actions are read strictly.

mod common;

use common::{hash, ok, registry, status};
use orrery_protocol::Engine;
use serde_json::{json, Value};

/// `"order":0` was read as `hold`, and unknown fields were ignored.
#[test]
fn a_numbered_variant_or_an_unknown_field_is_not_an_order() {
    let reg = registry();
    let mut e = Engine::new(&reg);
    ok(
        &mut e,
        json!({"cmd": "new", "ruleset": "stratoyager", "scenario": "dogfight", "seed": 2}),
    );
    let h = hash(&mut e);
    for (action, needle) in [
        (
            json!({"kind": "combat", "order": 0}),
            "must be written by name",
        ),
        (
            json!({"kind": 5, "card": 1}),
            "not an action of this ruleset",
        ),
        (
            json!({"kind": "card", "card": 1, "unit": 3}),
            "unknown field `unit`",
        ),
    ] {
        let r = e.handle(&json!({"cmd": "apply", "player": 0, "action": action}));
        assert_eq!(r["error"]["code"], "illegal_action", "{action} -> {r}");
        let m = r["error"]["message"].as_str().unwrap_or_default();
        assert!(m.contains(needle), "{action}: {m}");
        assert_eq!(hash(&mut e), h);
    }
    // What `legal` lists is accepted as written.
    let legal = ok(&mut e, json!({"cmd": "legal", "player": 0}))["actions"][0].clone();
    ok(
        &mut e,
        json!({"cmd": "apply", "player": 0, "action": legal}),
    );
}

/// Launch Fighters actions are read strictly too.
#[test]
fn launch_fighters_actions_are_read_strictly() {
    let reg = registry();
    let mut e = Engine::new(&reg);
    ok(
        &mut e,
        json!({"cmd": "new", "ruleset": "launch-fighters", "seed": 2}),
    );
    let st = status(&mut e);
    let seat = st["to_move"][0].clone();
    let mut a = ok(&mut e, json!({"cmd": "legal", "player": seat}))["actions"][0].clone();
    if let Value::Object(m) = &mut a {
        m.insert("bogus".into(), json!(1));
    }
    let r = e.handle(&json!({"cmd": "apply", "player": seat, "action": a}));
    assert_eq!(r["error"]["code"], "illegal_action", "{r}");
}
