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

/// Corrupt the current state with `edit`, load it, and expect `invalid_state` naming
/// `needle`, with the game unchanged.
fn refused(e: &mut Engine, edit: impl Fn(&mut Value), needle: &str) {
    let h = hash(e);
    let mut st = ok(e, json!({"cmd": "state"}))["state"].clone();
    edit(&mut st);
    let r = e.handle(&json!({"cmd": "load_state", "state": st}));
    assert_eq!(r["error"]["code"], "invalid_state", "{r}");
    let m = r["error"]["message"].as_str().unwrap_or_default();
    assert!(m.contains(needle), "`{needle}` not in: {m}");
    assert_eq!(hash(e), h, "a refused load changes nothing");
}

/// Issue 8 §2/§3: `units[3].kind = 256` was accepted and a later apply failed half-way
/// and changed the hash; impossible Stratoyager states are now refused, every
/// problem listed.
#[test]
fn impossible_stratoyager_states_are_refused() {
    let reg = registry();
    let mut e = Engine::new(&reg);
    ok(
        &mut e,
        json!({"cmd": "new", "ruleset": "stratoyager", "seed": 5}),
    );
    refused(&mut e, |s| s["units"][3]["kind"] = json!(256), "units[3]");
    refused(
        &mut e,
        |s| s["units"][0]["structure"] = json!(99),
        "units[0]",
    );
    refused(&mut e, |s| s["units"][1]["side"] = json!(7), "units[1]");
    refused(&mut e, |s| s["table"]["width"] = json!(1e18), "table");
    // Two problems at once, both listed.
    let mut both = ok(&mut e, json!({"cmd": "state"}))["state"].clone();
    both["units"][0]["structure"] = json!(99);
    both["units"][1]["side"] = json!(7);
    let r = e.handle(&json!({"cmd": "load_state", "state": both}));
    let m = r["error"]["message"].as_str().unwrap_or_default();
    assert!(m.contains("units[0]") && m.contains("units[1]"), "{m}");
}

/// Issue 8 §3: Launch Fighters cannons 99, an owner seat 5 of 2 and two ships on one
/// hex were accepted.
#[test]
fn impossible_launch_fighters_states_are_refused() {
    let reg = registry();
    let mut e = Engine::new(&reg);
    ok(
        &mut e,
        json!({"cmd": "new", "ruleset": "launch-fighters", "seed": 5}),
    );
    // Play until every ship is on the map.
    let placed = |e: &mut Engine| {
        let st = ok(e, json!({"cmd": "state"}))["state"].clone();
        st["units"]
            .as_array()
            .is_some_and(|u| u.iter().all(|u| u["location"] != "unplaced"))
    };
    let mut step = 0;
    while !placed(&mut e) {
        common::random_step(&mut e, step);
        step += 1;
        assert!(step < 500, "placement did not end");
    }
    refused(
        &mut e,
        |s| s["units"][0]["kind"]["ship"]["stats"]["cannons"] = json!(99),
        "units[0]",
    );
    refused(&mut e, |s| s["units"][0]["owner"] = json!(5), "units[0]");
    refused(
        &mut e,
        |s| {
            let ships: Vec<usize> = s["units"]
                .as_array()
                .map(|u| {
                    (0..u.len())
                        .filter(|&i| u[i]["kind"].get("ship").is_some())
                        .collect()
                })
                .unwrap_or_default();
            s["units"][ships[1]]["location"] = s["units"][ships[0]]["location"].clone();
        },
        "units[",
    );
}

/// Issue 27: agent names take a budget (`mcts@5000`) on the command line, but the
/// protocol bounds budgets itself: a suffix there would bypass `iterations`' cap.
#[test]
fn an_agent_budget_suffix_is_refused_by_the_protocol() {
    let reg = registry();
    let mut e = Engine::new(&reg);
    ok(
        &mut e,
        json!({"cmd": "new", "ruleset": "stratoyager", "seed": 2}),
    );
    let r = e.handle(&json!({"cmd": "agent", "player": 0, "name": "mcts@4000000000"}));
    assert_eq!(r["error"]["code"], "unknown_agent", "{r}");
    let m = r["error"]["message"].as_str().unwrap_or_default();
    assert!(m.contains("budget suffix"), "{m}");
    let r = e.handle(&json!({"cmd": "agent", "player": 0, "name": "novice"}));
    assert!(r.get("error").is_none(), "{r}");
}
