use orrery_core::toy::SealedBids;
use orrery_core::{
    ActionError, Game, Logged, NamedScenario, Outcome, Progress, Rng, Seat, SetupError,
};
use orrery_core::{Files, Learning, Odds, Presentation, SearchHints};
use orrery_protocol::{serve, Engine, ProtocolError, Registry, ScenarioSpec, COMMANDS};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

fn registry() -> Registry {
    let mut r = Registry::new();
    r.register::<SealedBids>();
    r.register::<Touchy>();
    r
}

/// Run `input` through `serve`; returns the response lines parsed.
fn serve_str(input: &[u8]) -> Vec<Value> {
    let reg = registry();
    let mut out = Vec::new();
    serve(&reg, input, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad line {l}: {e}")))
        .collect()
}

fn ok(v: &Value) -> &Value {
    assert_eq!(v["ok"], json!(true), "expected ok: {v}");
    v
}

fn err_code(v: &Value) -> &str {
    assert_eq!(v["ok"], json!(false), "expected an error: {v}");
    v["error"]["message"].as_str().expect("message");
    v["error"]["code"].as_str().expect("code")
}

struct T<'r> {
    e: Engine<'r>,
}

impl<'r> T<'r> {
    fn new(reg: &'r Registry) -> Self {
        T {
            e: Engine::new(reg),
        }
    }
    fn send(&mut self, req: Value) -> Value {
        self.e.handle(&req)
    }
    fn line(&mut self, line: &str) -> Option<Value> {
        self.e.handle_line(line)
    }
    fn ok(&mut self, req: Value) -> Value {
        let r = self.send(req.clone());
        assert_eq!(r["ok"], json!(true), "{req} -> {r}");
        r
    }
    fn err(&mut self, req: Value) -> String {
        let r = self.send(req.clone());
        assert_eq!(r["ok"], json!(false), "{req} -> {r}");
        r["error"]["code"].as_str().unwrap().to_string()
    }
    fn hash(&mut self) -> String {
        self.ok(json!({"cmd":"status"}))["status"]["hash"]
            .as_str()
            .unwrap()
            .to_string()
    }
    fn status(&mut self) -> Value {
        self.ok(json!({"cmd":"status"}))["status"].clone()
    }
    /// Play to the end with agent suggestions.
    fn play_out(&mut self, agent: &str) {
        for _ in 0..1000 {
            let st = self.status();
            if st["terminal"] == json!(true) {
                return;
            }
            for p in st["to_move"].as_array().unwrap().clone() {
                let a = self.ok(json!({"cmd":"agent","player":p,"name":agent}))["action"].clone();
                self.ok(json!({"cmd":"apply","player":p,"action":a}));
            }
        }
        panic!("game did not end");
    }
}

#[test]
fn help_lists_every_command_and_code() {
    let reg = registry();
    let mut t = T::new(&reg);
    let r = t.ok(json!({"cmd":"help"}));
    let cmds: Vec<&str> = r["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["cmd"].as_str().unwrap())
        .collect();
    for c in [
        "rulesets",
        "new",
        "status",
        "legal",
        "apply",
        "view",
        "state",
        "load_state",
        "outcome",
        "record",
        "load",
        "agent",
        "scenario",
        "describe",
        "help",
        "quit",
        "undo",
        "render",
        "events",
    ] {
        assert!(cmds.contains(&c), "help lacks {c}");
    }
    assert_eq!(cmds.len(), COMMANDS.len());
    assert_eq!(
        r["error_codes"].as_array().unwrap().len(),
        ProtocolError::CODES.len()
    );
    // Every listed command is known to the engine (none answers unknown_command).
    for c in cmds {
        if c == "quit" {
            continue;
        }
        let r = t.send(json!({ "cmd": c }));
        if r["ok"] == json!(false) {
            assert_ne!(err_code(&r), "unknown_command", "{c}");
        }
    }
}

#[test]
fn rulesets_and_scenarios() {
    let reg = registry();
    let mut t = T::new(&reg);
    let r = t.ok(json!({"cmd":"rulesets"}));
    let rs = r["rulesets"].as_array().unwrap();
    assert_eq!(rs.len(), 2);
    assert_eq!(rs[0]["id"], json!("sealed-bids"));
    assert_eq!(rs[0]["players"], json!([2, 4]));
    assert_eq!(rs[0]["scenarios"][0]["name"], json!("default"));
    assert!(rs[0]["scenarios"][0]["description"].is_string());

    let s = t.ok(json!({"cmd":"scenario","ruleset":"sealed-bids","name":"default"}));
    assert_eq!(s["scenario"], json!({"players":2,"rounds":3}));
    let s2 = t.ok(json!({"cmd":"scenario","ruleset":"sealed-bids"}));
    assert_eq!(s2["scenario"], s["scenario"]);
    assert_eq!(
        t.err(json!({"cmd":"scenario","ruleset":"sealed-bids","name":"nope"})),
        "unknown_scenario"
    );
    assert_eq!(
        t.err(json!({"cmd":"scenario","ruleset":"chess","name":"default"})),
        "unknown_ruleset"
    );
    assert_eq!(t.err(json!({"cmd":"scenario"})), "bad_request");
    assert_eq!(
        t.err(json!({"cmd":"scenario","ruleset":"sealed-bids","name":7})),
        "bad_request"
    );

    // Registry API directly.
    assert_eq!(
        reg.scenario_json("sealed-bids", "default").unwrap(),
        json!({"players":2,"rounds":3})
    );
    assert!(reg.get("sealed-bids").is_some());
    assert!(reg.get("x").is_none());
    let g = reg
        .new_game("sealed-bids", ScenarioSpec::Default, 3)
        .unwrap();
    assert_eq!(g.seats(), 2);
    assert_eq!(g.ruleset(), "sealed-bids");
}

#[test]
fn new_game_variants() {
    let reg = registry();
    let mut t = T::new(&reg);
    let r = t.ok(json!({"cmd":"new","ruleset":"sealed-bids"}));
    assert_eq!(r["seats"], json!(2));
    assert_eq!(r["ruleset"], json!("sealed-bids"));
    assert_eq!(r["status"]["to_move"], json!([0, 1]));
    assert_eq!(r["status"]["terminal"], json!(false));
    assert_eq!(r["status"]["turn"], json!(1));
    assert_eq!(r["status"]["phase"], json!("bidding"));
    assert_eq!(r["status"]["hash"].as_str().unwrap().len(), 16);
    // No seed: a random one, returned; the same seed gives the same game.
    let drawn = r["seed"].as_u64().expect("the drawn seed is returned");
    let h_drawn = r["status"]["hash"].clone();
    let r = t.ok(json!({"cmd":"new","ruleset":"sealed-bids","scenario":"default","seed":drawn}));
    assert_eq!(r["status"]["hash"], h_drawn);
    let r = t.ok(json!({"cmd":"new","ruleset":"sealed-bids","seed":0}));
    let h_seed0 = r["status"]["hash"].clone();
    let r = t.ok(json!({"cmd":"new","ruleset":"sealed-bids","seed":5}));
    assert_ne!(r["status"]["hash"], h_seed0);

    let r = t.ok(json!({"cmd":"new","ruleset":"sealed-bids",
        "scenario":{"players":4,"rounds":2},"seed":1}));
    assert_eq!(r["seats"], json!(4));
    assert_eq!(r["status"]["to_move"], json!([0, 1, 2, 3]));

    // Errors leave the current game alone.
    let h = t.hash();
    for (req, code) in [
        (
            json!({"cmd":"new","ruleset":"sealed-bids","scenario":{"players":9,"rounds":0}}),
            "invalid_setup",
        ),
        (
            json!({"cmd":"new","ruleset":"sealed-bids","scenario":{"players":"two"}}),
            "invalid_setup",
        ),
        (
            json!({"cmd":"new","ruleset":"sealed-bids","scenario":"huge"}),
            "unknown_scenario",
        ),
        (json!({"cmd":"new","ruleset":"go"}), "unknown_ruleset"),
        (json!({"cmd":"new"}), "bad_request"),
        (json!({"cmd":"new","ruleset":3}), "bad_request"),
        (
            json!({"cmd":"new","ruleset":"sealed-bids","seed":-1}),
            "bad_request",
        ),
        (
            json!({"cmd":"new","ruleset":"sealed-bids","seed":1.5}),
            "bad_request",
        ),
        (
            json!({"cmd":"new","ruleset":"sealed-bids","seed":"1"}),
            "bad_request",
        ),
        (
            json!({"cmd":"new","ruleset":"sealed-bids","scenario":[1]}),
            "bad_request",
        ),
    ] {
        assert_eq!(t.err(req.clone()), code, "{req}");
        assert_eq!(t.hash(), h);
    }
    let r =
        t.send(json!({"cmd":"new","ruleset":"sealed-bids","scenario":{"players":9,"rounds":0}}));
    let msg = r["error"]["message"].as_str().unwrap();
    assert!(msg.contains("players") && msg.contains("rounds"), "{msg}");
}

#[test]
fn game_commands_need_a_game() {
    let reg = registry();
    let mut t = T::new(&reg);
    for c in [
        json!({"cmd":"status"}),
        json!({"cmd":"legal","player":0}),
        json!({"cmd":"apply","player":0,"action":{"amount":1}}),
        json!({"cmd":"view"}),
        json!({"cmd":"render"}),
        json!({"cmd":"events"}),
        json!({"cmd":"state"}),
        json!({"cmd":"load_state","state":{}}),
        json!({"cmd":"outcome"}),
        json!({"cmd":"record"}),
        json!({"cmd":"agent","player":0,"name":"random"}),
        json!({"cmd":"describe","action":{"amount":1}}),
        json!({"cmd":"undo"}),
    ] {
        assert_eq!(t.err(c.clone()), "no_game", "{c}");
    }
    // Commands that need no game work.
    t.ok(json!({"cmd":"help"}));
    t.ok(json!({"cmd":"rulesets"}));
}

#[test]
fn legal_apply_view_and_secret_commitments() {
    let reg = registry();
    let mut t = T::new(&reg);
    t.ok(json!({"cmd":"new","ruleset":"sealed-bids","seed":7}));
    let legal = t.ok(json!({"cmd":"legal","player":0}))["actions"].clone();
    assert_eq!(
        legal,
        json!([{"amount":0},{"amount":1},{"amount":2},{"amount":3}])
    );
    // Every listed action is accepted verbatim (tried on fresh games).
    for a in legal.as_array().unwrap() {
        let mut u = T::new(&reg);
        u.ok(json!({"cmd":"new","ruleset":"sealed-bids","seed":7}));
        u.ok(json!({"cmd":"apply","player":0,"action":a}));
    }

    let spectator_before = t.ok(json!({"cmd":"view"}))["view"].clone();
    let seat1_before = t.ok(json!({"cmd":"view","player":1}))["view"].clone();
    let r = t.ok(json!({"cmd":"apply","player":0,"action":{"amount":3}}));
    // Seat 0 sees its own private event and the public one.
    let evs = r["events"].as_array().unwrap();
    assert_eq!(evs.len(), 2);
    assert_eq!(evs[0]["audience"], json!("all"));
    assert_eq!(evs[0]["event"], json!({"kind":"committed","seat":0}));
    assert!(evs[0]["text"].is_string());
    assert_eq!(evs[1]["audience"], json!({"seats":[0]}));
    assert_eq!(evs[1]["event"], json!({"kind":"you_bid","amount":3}));
    assert_eq!(r["status"]["to_move"], json!([1]));

    // Seat 0 sees its bid; seat 1 and the spectator do not.
    let v0 = t.ok(json!({"cmd":"view","player":0}))["view"].clone();
    assert_eq!(v0["my_bid"], json!(3));
    let v1 = t.ok(json!({"cmd":"view","player":1}))["view"].clone();
    assert_eq!(v1["my_bid"], json!(null));
    assert_eq!(v1["committed"], json!([true, false]));
    let vs = t.ok(json!({"cmd":"view"}))["view"].clone();
    assert_eq!(vs["my_bid"], json!(null));
    assert_eq!(vs["committed"], json!([true, false]));
    assert_ne!(vs, spectator_before);
    assert_ne!(v1, seat1_before);
    // Seat 1's and the spectator's event logs hide seat 0's private event.
    let e1 = t.ok(json!({"cmd":"events","player":1}));
    assert_eq!(e1["events"].as_array().unwrap().len(), 1);
    assert_eq!(e1["next"], json!(2));
    let es = t.ok(json!({"cmd":"events"}));
    assert_eq!(es["events"].as_array().unwrap().len(), 1);
    let e0 = t.ok(json!({"cmd":"events","player":0,"since":1}));
    assert_eq!(e0["events"][0]["event"]["kind"], json!("you_bid"));
    assert_eq!(e0["events"][0]["index"], json!(1));

    // Seat 0 may not commit twice; seat 1 commits and the bids are revealed.
    assert_eq!(
        t.err(json!({"cmd":"apply","player":0,"action":{"amount":1}})),
        "not_your_turn"
    );
    let r = t.ok(json!({"cmd":"apply","player":1,"action":{"amount":1}}));
    let kinds: Vec<&str> = r["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["committed", "you_bid", "revealed", "scored"]);
    assert_eq!(r["status"]["turn"], json!(2));
    assert_eq!(r["status"]["to_move"], json!([0, 1]));
    // Seat 0 learns the reveal through `events`.
    let e0 = t.ok(json!({"cmd":"events","player":0,"since":2}));
    let kinds: Vec<&str> = e0["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["committed", "revealed", "scored"]);

    let text = t.ok(json!({"cmd":"render","player":0}))["text"].clone();
    assert!(text.as_str().unwrap().contains("budgets"));
    let o = t.ok(json!({"cmd":"outcome"}));
    assert_eq!(o["terminal"], json!(false));
    assert_eq!(o["winners"], json!([]));
    assert_eq!(o["scores"].as_array().unwrap().len(), 2);
    assert!(o["scores"][0].as_f64().unwrap() > 0.0);
}

#[test]
fn every_error_code_and_state_is_unchanged() {
    let reg = registry();
    let mut t = T::new(&reg);
    t.ok(json!({"cmd":"new","ruleset":"sealed-bids","seed":3}));
    t.ok(json!({"cmd":"apply","player":0,"action":{"amount":2}}));
    let h = t.hash();
    let cases = [
        (json!({"cmd":"frobnicate"}), "unknown_command"),
        (json!({"cmd":"STATUS"}), "unknown_command"),
        (json!({"nocmd":1}), "bad_request"),
        (json!({"cmd":5}), "bad_request"),
        (json!({"cmd":null}), "bad_request"),
        (json!([1, 2]), "bad_request"),
        (json!("status"), "bad_request"),
        (json!(null), "bad_request"),
        (json!({"cmd":"legal"}), "bad_request"),
        (json!({"cmd":"legal","player":"0"}), "bad_request"),
        (json!({"cmd":"legal","player":-1}), "bad_request"),
        (json!({"cmd":"legal","player":256}), "bad_request"),
        (json!({"cmd":"legal","player":2}), "bad_request"),
        (json!({"cmd":"view","player":9}), "bad_request"),
        (json!({"cmd":"view","player":true}), "bad_request"),
        (json!({"cmd":"apply","player":1}), "bad_request"),
        (json!({"cmd":"apply","action":{"amount":1}}), "bad_request"),
        (
            json!({"cmd":"apply","player":7,"action":{"amount":1}}),
            "bad_request",
        ),
        (
            json!({"cmd":"apply","player":0,"action":{"amount":1}}),
            "not_your_turn",
        ),
        (
            json!({"cmd":"apply","player":1,"action":{"amount":4}}),
            "illegal_action",
        ),
        (
            json!({"cmd":"apply","player":1,"action":{"amount":-1}}),
            "illegal_action",
        ),
        (
            json!({"cmd":"apply","player":1,"action":{"amount":1,"x":2}}),
            "illegal_action",
        ),
        (
            json!({"cmd":"apply","player":1,"action":"bid"}),
            "illegal_action",
        ),
        (
            json!({"cmd":"apply","player":1,"action":[9]}),
            "illegal_action",
        ),
        (
            json!({"cmd":"apply","player":1,"action":{}}),
            "illegal_action",
        ),
        (
            json!({"cmd":"agent","player":1,"name":"oracle"}),
            "unknown_agent",
        ),
        (json!({"cmd":"agent","player":1}), "bad_request"),
        (
            json!({"cmd":"agent","player":1,"name":"random","seed":"x"}),
            "bad_request",
        ),
        (
            json!({"cmd":"agent","player":1,"name":"random","budget_ms":-5}),
            "bad_request",
        ),
        (
            json!({"cmd":"agent","player":0,"name":"random"}),
            "not_your_turn",
        ),
        (json!({"cmd":"describe"}), "bad_request"),
        (
            json!({"cmd":"describe","action":{"amount":"lots"}}),
            "illegal_action",
        ),
        (json!({"cmd":"load"}), "bad_request"),
        (
            json!({"cmd":"load","record":{"ruleset":"sealed-bids"}}),
            "bad_request",
        ),
        (
            json!({"cmd":"load","record":{"ruleset":"go","scenario":{},"seed":0,"actions":[]}}),
            "unknown_ruleset",
        ),
        (
            json!({"cmd":"load","record":{"ruleset":"sealed-bids","scenario":{"players":2,"rounds":3},"seed":0,
            "actions":[{"seat":0,"action":{"amount":9}}]}}),
            "replay_failed",
        ),
        (
            json!({"cmd":"load","record":{"ruleset":"sealed-bids","scenario":{"players":1,"rounds":3},"seed":0,
            "actions":[]}}),
            "replay_failed",
        ),
        (json!({"cmd":"load_state"}), "bad_request"),
        (json!({"cmd":"load_state","state":{"x":1}}), "invalid_state"),
        (json!({"cmd":"load_state","state":42}), "invalid_state"),
        (
            json!({"cmd":"load_state","ruleset":"touchy","state":{}}),
            "invalid_state",
        ),
        (
            json!({"cmd":"scenario","ruleset":"sealed-bids","name":"x"}),
            "unknown_scenario",
        ),
        (json!({"cmd":"events","since":-1}), "bad_request"),
    ];
    for (req, code) in cases {
        let r = t.send(req.clone());
        assert_eq!(err_code(&r), code, "{req} -> {r}");
        assert_eq!(t.hash(), h, "{req} changed the game");
    }
    // game_over
    t.ok(json!({"cmd":"apply","player":1,"action":{"amount":0}}));
    t.play_out("random");
    let h = t.hash();
    assert_eq!(
        t.err(json!({"cmd":"apply","player":0,"action":{"amount":0}})),
        "game_over"
    );
    assert_eq!(
        t.err(json!({"cmd":"agent","player":0,"name":"greedy"})),
        "game_over"
    );
    assert_eq!(t.hash(), h);
    assert_eq!(
        t.ok(json!({"cmd":"legal","player":0}))["actions"],
        json!([])
    );
    // The codes sent are exactly the documented ones.
    for code in ProtocolError::CODES {
        assert!(code.chars().all(|c| c.is_ascii_lowercase() || c == '_'));
    }
}

#[test]
fn a_ruleset_failure_is_reported_and_the_engine_goes_on() {
    let reg = registry();
    let mut t = T::new(&reg);
    t.ok(json!({"cmd":"new","ruleset":"touchy"}));
    let h = t.hash();
    // Touchy's `describe_action` fails on 13: internal_error, and the engine lives.
    assert_eq!(
        t.err(json!({"cmd":"describe","action":13})),
        "internal_error"
    );
    assert_eq!(t.hash(), h);
    t.ok(json!({"cmd":"apply","player":0,"action":1}));
    // A saved state that makes the ruleset fail when read is refused.
    let mut st = t.ok(json!({"cmd":"state"}))["state"].clone();
    st["bomb"] = json!(true);
    let h = t.hash();
    assert_eq!(
        t.err(json!({"cmd":"load_state","state":st})),
        "invalid_state"
    );
    assert_eq!(t.hash(), h);
    // no_action: an agent asked for a seat that is to move but has nothing legal.
    let mut st = t.ok(json!({"cmd":"state"}))["state"].clone();
    st["stuck"] = json!(true);
    t.ok(json!({"cmd":"load_state","state":st}));
    assert_eq!(
        t.err(json!({"cmd":"agent","player":1,"name":"random"})),
        "no_action"
    );
}

/// Issue 8 §2: "on any error nothing changes" holds even when the ruleset fails
/// half-way through an action: the action is applied to a copy.
#[test]
fn a_ruleset_failing_half_way_through_an_action_changes_nothing() {
    let reg = registry();
    let mut t = T::new(&reg);
    t.ok(json!({"cmd":"new","ruleset":"touchy","seed":5}));
    t.ok(json!({"cmd":"apply","player":0,"action":1}));
    let mut st = t.ok(json!({"cmd":"state"}))["state"].clone();
    st["explode"] = json!(true);
    t.ok(json!({"cmd":"load_state","state":st}));
    let h = t.hash();
    for _ in 0..3 {
        assert_eq!(
            t.err(json!({"cmd":"apply","player":1,"action":1})),
            "internal_error"
        );
        assert_eq!(t.hash(), h, "the failed action left no trace");
    }
    assert_eq!(t.ok(json!({"cmd":"events"}))["events"], json!([]));
}

#[test]
fn record_and_load_reproduce_the_hash() {
    let reg = registry();
    for seed in 0..5u64 {
        let mut t = T::new(&reg);
        t.ok(json!({"cmd":"new","ruleset":"sealed-bids","scenario":{"players":3,"rounds":4},"seed":seed}));
        // Part way, then all the way.
        for stop_early in [true, false] {
            if stop_early {
                let st = t.status();
                for p in st["to_move"].as_array().unwrap().clone() {
                    let a =
                        t.ok(json!({"cmd":"agent","player":p,"name":"greedy"}))["action"].clone();
                    t.ok(json!({"cmd":"apply","player":p,"action":a}));
                }
                let a = t.ok(json!({"cmd":"agent","player":0,"name":"random","seed":seed}))
                    ["action"]
                    .clone();
                t.ok(json!({"cmd":"apply","player":0,"action":a}));
            } else {
                t.play_out("random");
            }
            let h = t.hash();
            let rec = t.ok(json!({"cmd":"record"}));
            assert_eq!(rec["replayable"], json!(true));
            let record = rec["record"].clone();
            assert_eq!(record["ruleset"], json!("sealed-bids"));
            assert_eq!(record["seed"], json!(seed));
            assert!(record["actions"][0]["hash"].is_string());
            let mut u = T::new(&reg);
            let r = u.ok(json!({"cmd":"load","record":record.clone()}));
            assert_eq!(r["status"]["hash"].as_str().unwrap(), h);
            assert_eq!(u.ok(json!({"cmd":"record"}))["record"], record);
            // The loaded game carries on identically.
            assert_eq!(
                u.ok(json!({"cmd":"events","player":0}))["events"],
                t.ok(json!({"cmd":"events","player":0}))["events"]
            );
            // A tampered hash is caught.
            let mut bad = record.clone();
            bad["actions"][0]["hash"] = json!("0000000000000000");
            assert_eq!(u.err(json!({"cmd":"load","record":bad})), "replay_failed");
            assert_eq!(u.hash(), h);
        }
        let o = t.ok(json!({"cmd":"outcome"}));
        assert_eq!(o["terminal"], json!(true));
        assert!(!o["winners"].as_array().unwrap().is_empty());
        // Why it ended, as docs/protocol.md promises, the same as the game_over event's.
        let reason = o["reason"].as_str().unwrap_or_default();
        assert!(!reason.is_empty(), "{o}");
    }
}

#[test]
fn state_round_trips_through_load_state() {
    let reg = registry();
    let mut t = T::new(&reg);
    t.ok(json!({"cmd":"new","ruleset":"sealed-bids","seed":11}));
    t.ok(json!({"cmd":"apply","player":1,"action":{"amount":2}}));
    let h = t.hash();
    let s = t.ok(json!({"cmd":"state"}));
    assert_eq!(s["ruleset"], json!("sealed-bids"));
    let state = s["state"].clone();

    // Into a fresh game of the same ruleset: same hash, same future.
    let mut u = T::new(&reg);
    u.ok(json!({"cmd":"new","ruleset":"sealed-bids","seed":999}));
    let r = u.ok(json!({"cmd":"load_state","state":state.clone(),"ruleset":"sealed-bids"}));
    assert_eq!(r["status"]["hash"].as_str().unwrap(), h);
    assert_eq!(u.ok(json!({"cmd":"state"}))["state"], state);
    assert_eq!(u.ok(json!({"cmd":"record"}))["replayable"], json!(false));
    let a = json!({"cmd":"apply","player":0,"action":{"amount":3}});
    assert_eq!(t.ok(a.clone())["status"], u.ok(a)["status"]);

    // A state with inconsistent per-seat data is refused, and nothing changes.
    let h = u.hash();
    let mut broken = state.clone();
    broken["pending"] = json!([null]);
    broken["scores"] = json!([0]);
    assert_eq!(
        u.err(json!({"cmd":"load_state","state":broken})),
        "invalid_state"
    );
    assert_eq!(u.hash(), h);

    // A different ruleset's state is refused.
    let mut w = T::new(&reg);
    w.ok(json!({"cmd":"new","ruleset":"touchy"}));
    assert_eq!(
        w.err(json!({"cmd":"load_state","state":state})),
        "invalid_state"
    );
}

#[test]
fn agent_suggestions_are_legal_deterministic_and_not_applied() {
    let reg = registry();
    let mut t = T::new(&reg);
    t.ok(json!({"cmd":"new","ruleset":"sealed-bids","scenario":{"players":3,"rounds":3},"seed":2}));
    let h = t.hash();
    let legal = t.ok(json!({"cmd":"legal","player":2}))["actions"].clone();
    for name in ["random", "greedy"] {
        for seed in 0..10 {
            let req = json!({"cmd":"agent","player":2,"name":name,"seed":seed,"budget_ms":50});
            let a = t.ok(req.clone());
            assert!(legal.as_array().unwrap().contains(&a["action"]));
            assert!(a["text"].is_string());
            assert_eq!(t.ok(req)["action"], a["action"]);
            assert_eq!(t.hash(), h);
        }
        // Without a seed the suggestion is still legal and deterministic.
        let a = t.ok(json!({"cmd":"agent","player":2,"name":name}))["action"].clone();
        assert!(legal.as_array().unwrap().contains(&a));
        assert_eq!(
            t.ok(json!({"cmd":"agent","player":2,"name":name}))["action"],
            a
        );
    }
    // Random suggestions vary with the seed.
    let picks: std::collections::BTreeSet<String> = (0..30)
        .map(|s| {
            t.ok(json!({"cmd":"agent","player":0,"name":"random","seed":s}))["action"].to_string()
        })
        .collect();
    assert!(picks.len() > 1);
    t.play_out("greedy");
    assert_eq!(t.ok(json!({"cmd":"outcome"}))["terminal"], json!(true));
}

/// Issue 41: `analyse` reads a finished game only; its answer is the same for the
/// same depth and seed, and each decision's loss is what its chances say.
#[test]
fn analyse_reads_a_finished_game_only() {
    let reg = registry();
    let mut t = T::new(&reg);
    t.ok(json!({"cmd":"new","ruleset":"sealed-bids","scenario":{"players":2,"rounds":3},"seed":4}));
    assert_eq!(t.err(json!({"cmd":"analyse"})), "bad_request");
    t.play_out("random");
    let h = t.hash();
    let req = json!({"cmd":"analyse","iterations":50,"seed":3});
    let a = t.ok(req.clone())["analysis"].clone();
    assert_eq!(t.ok(req)["analysis"], a);
    assert_eq!(t.hash(), h, "nothing changed");
    let decisions = a["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty(), "{a}");
    for d in decisions {
        let (b, f) = (d["before"].as_f64().unwrap(), d["after"].as_f64().unwrap());
        assert!((d["loss"].as_f64().unwrap() - (b - f).max(0.0)).abs() < 1e-12);
        assert!(d["played_text"].is_string());
    }
    assert_eq!(a["seats"].as_array().unwrap().len(), 2);
    assert_eq!(
        t.err(json!({"cmd":"analyse","iterations":10_001})),
        "bad_request"
    );
}

/// Issue 41: a hint names at most three legal choices, the search's pick first,
/// each with its place in the legal list; only the seat to move gets one.
#[test]
fn a_hint_names_three_legal_choices_for_the_seat_to_move() {
    let reg = registry();
    let mut t = T::new(&reg);
    t.ok(json!({"cmd":"new","ruleset":"sealed-bids","scenario":{"players":2,"rounds":3},"seed":4}));
    let h = t.hash();
    let r = t.ok(json!({"cmd":"hint","player":0,"iterations":200}));
    assert_eq!(t.hash(), h, "nothing changed");
    let choices = r["choices"].as_array().unwrap();
    assert!((1..=3).contains(&choices.len()), "{r}");
    let legal = t.ok(json!({"cmd":"legal","player":0}))["actions"].clone();
    for c in choices {
        let i = c["index"].as_u64().unwrap() as usize;
        assert_eq!(legal[i], c["action"], "{r}");
        assert!(c["text"].is_string());
    }
    assert_eq!(r["chance"], choices[0]["chance"]);
    assert_eq!(r["iterations"], json!(200));
    // Sealed bids are simultaneous: seat 1 is to move too, and gets its own.
    t.ok(json!({"cmd":"apply","player":0,"action":{"amount":1}}));
    assert_eq!(t.err(json!({"cmd":"hint","player":0})), "not_your_turn");
    assert_eq!(
        t.err(json!({"cmd":"hint","player":1,"iterations":10_001})),
        "bad_request"
    );
}

#[test]
fn undo_never_reaches_past_a_roll() {
    let reg = registry();
    let mut t = T::new(&reg);
    t.ok(json!({"cmd":"new","ruleset":"sealed-bids","seed":4}));
    let h0 = t.hash();
    assert_eq!(t.ok(json!({"cmd":"undo"}))["undone"], json!(false));
    t.ok(json!({"cmd":"apply","player":0,"action":{"amount":1}}));
    let r = t.ok(json!({"cmd":"undo"}));
    assert_eq!(r["undone"], json!(true));
    assert_eq!(r["status"]["hash"].as_str().unwrap(), h0);
    assert_eq!(t.ok(json!({"cmd":"events"}))["next"], json!(0));
    assert_eq!(
        t.ok(json!({"cmd":"record"}))["record"]["actions"],
        json!([])
    );
    t.ok(json!({"cmd":"apply","player":0,"action":{"amount":1}}));
    t.ok(json!({"cmd":"apply","player":1,"action":{"amount":0}})); // seat 0 wins, rolls
    let h = t.hash();
    assert_eq!(t.ok(json!({"cmd":"undo"}))["undone"], json!(false));
    assert_eq!(t.hash(), h);
}

#[test]
fn describe_gives_text() {
    let reg = registry();
    let mut t = T::new(&reg);
    t.ok(json!({"cmd":"new","ruleset":"sealed-bids"}));
    let r = t.ok(json!({"cmd":"describe","action":{"amount":2}}));
    assert!(r["text"].as_str().unwrap().contains('2'));
}

#[test]
fn ids_are_echoed() {
    let reg = registry();
    let mut t = T::new(&reg);
    let r = t.send(json!({"cmd":"rulesets","id":17}));
    assert_eq!(r["id"], json!(17));
    let r = t.send(json!({"cmd":"status","id":"abc"}));
    assert_eq!(err_code(&r), "no_game");
    assert_eq!(r["id"], json!("abc"));
    let r = t.send(json!({"cmd":"nope","id":{"k":[1]}}));
    assert_eq!(r["id"], json!({"k":[1]}));
    let r = t.send(json!({"cmd":"help"}));
    assert!(r.get("id").is_none());
}

#[test]
fn serve_answers_one_line_per_request_and_skips_blank_lines() {
    let input = b"{\"cmd\":\"rulesets\",\"id\":1}\n\n   \n\r\n{\"cmd\":\"new\",\"ruleset\":\"sealed-bids\",\"id\":2}\r\n{\"cmd\":\"status\",\"id\":3}\nnot json\n{\"cmd\":\"legal\",\"player\":0,\"id\":4}";
    let out = serve_str(input);
    assert_eq!(out.len(), 5);
    assert_eq!(out[0]["id"], json!(1));
    assert_eq!(out[1]["id"], json!(2));
    assert_eq!(out[2]["id"], json!(3));
    assert_eq!(err_code(&out[3]), "bad_request");
    ok(&out[4]);
    assert_eq!(out[4]["id"], json!(4));
    // End of input with nothing at all.
    assert!(serve_str(b"").is_empty());
}

#[test]
fn quit_answers_then_stops() {
    let out = serve_str(b"{\"cmd\":\"quit\",\"id\":9}\n{\"cmd\":\"help\"}\n");
    assert_eq!(out.len(), 1);
    ok(&out[0]);
    assert_eq!(out[0]["id"], json!(9));
}

/// A tiny deterministic byte generator for garbage.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

#[test]
fn garbage_never_stops_the_engine_or_changes_the_game() {
    let reg = registry();
    let mut t = T::new(&reg);
    t.ok(json!({"cmd":"new","ruleset":"sealed-bids","seed":5}));
    t.ok(json!({"cmd":"apply","player":1,"action":{"amount":1}}));
    let h = t.hash();
    let valid = [
        r#"{"cmd":"apply","player":0,"action":{"amount":2}}"#,
        r#"{"cmd":"new","ruleset":"sealed-bids","scenario":{"players":3,"rounds":2},"seed":4}"#,
        r#"{"cmd":"load_state","state":{"rounds":3,"round":1}}"#,
        r#"{"cmd":"load","record":{"ruleset":"sealed-bids","scenario":{"players":2,"rounds":3},"seed":1,"actions":[]}}"#,
    ];
    // Truncations of valid mutating requests.
    for v in valid {
        for cut in 1..v.len() {
            let r = t.line(&v[..cut]).expect("a response");
            assert_eq!(r["ok"], json!(false), "{}", &v[..cut]);
            assert_eq!(t.hash(), h);
        }
    }
    // Wrong types in every field of a valid request.
    let wrongs = [
        json!(null),
        json!(1),
        json!(-3),
        json!(2.5),
        json!("x"),
        json!([]),
        json!({}),
        json!(true),
    ];
    for w in &wrongs {
        let base = [
            (
                json!({"cmd":"apply","player":0,"action":{"amount":2}}),
                vec!["cmd", "player", "action"],
            ),
            (
                json!({"cmd":"new","ruleset":"sealed-bids","seed":1}),
                vec!["cmd", "ruleset"],
            ),
            (
                json!({"cmd":"load","record":t.ok(json!({"cmd":"record"}))["record"].clone()}),
                vec!["record"],
            ),
            (
                json!({"cmd":"load_state","state":t.ok(json!({"cmd":"state"}))["state"].clone()}),
                vec!["state"],
            ),
            (
                json!({"cmd":"agent","player":0,"name":"random"}),
                vec!["cmd", "player", "name"],
            ),
            (json!({"cmd":"legal","player":0}), vec!["player"]),
        ];
        for (req, fields) in &base {
            for field in fields {
                let mut req = req.clone();
                req[field] = w.clone();
                let r = t.send(req.clone());
                if r["ok"] == json!(true) {
                    // Only non-mutating commands may still succeed (e.g. `cmd` replaced).
                    assert!(
                        matches!(req["cmd"].as_str(), Some("legal" | "agent")),
                        "{req} -> {r}"
                    );
                }
                assert_eq!(t.hash(), h, "{req}");
            }
        }
    }
    // Random bytes (including newlines, invalid UTF-8) through serve: one response per
    // non-blank line and the process goes on to answer a final status.
    let mut rng = Lcg(12345);
    for round in 0..50 {
        let mut input: Vec<u8> = Vec::new();
        input.extend_from_slice(b"{\"cmd\":\"new\",\"ruleset\":\"sealed-bids\",\"seed\":5}\n");
        let len = (rng.next() % 400) as usize;
        for _ in 0..len {
            let b = match rng.next() % 4 {
                0 => b"{}[]\":,0123 \n"[(rng.next() % 13) as usize],
                _ => (rng.next() % 256) as u8,
            };
            input.push(b);
        }
        input.extend_from_slice(b"\n{\"cmd\":\"status\",\"id\":\"last\"}\n");
        let expected = input
            .split(|&b| b == b'\n')
            .filter(|l| !l.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')))
            .count();
        let out = serve_str(&input);
        // A garbage line could be `{"cmd":"quit"}` only by a miracle.
        assert_eq!(out.len(), expected, "round {round}");
        let last = out.last().unwrap();
        assert_eq!(last["id"], json!("last"));
        ok(last);
    }
}

#[test]
fn many_players_full_games_via_serve() {
    let mut input = String::new();
    input.push_str(
        &json!({"cmd":"new","ruleset":"sealed-bids","scenario":{"players":4,"rounds":2},"seed":8})
            .to_string(),
    );
    input.push('\n');
    // 4 players x 2 rounds, each seat commits with a fixed bid of 0.
    for _ in 0..2 {
        for p in 0..4 {
            input.push_str(&json!({"cmd":"apply","player":p,"action":{"amount":0}}).to_string());
            input.push('\n');
        }
    }
    input.push_str("{\"cmd\":\"outcome\"}\n");
    let out = serve_str(input.as_bytes());
    assert_eq!(out.len(), 10);
    for r in &out {
        ok(r);
    }
    // All tied at zero: everyone wins.
    assert_eq!(out[9]["terminal"], json!(true));
    assert_eq!(out[9]["winners"], json!([0, 1, 2, 3]));
}

// ---------------------------------------------------------------------------------
// `touchy`: a test ruleset whose code fails on some inputs, to check that the engine
// reports ruleset failures as `internal_error` / `invalid_state` and carries on.

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Touchy {
    n: u32,
    turn: u8,
    #[serde(default)]
    bomb: bool,
    #[serde(default)]
    stuck: bool,
    /// `apply` changes the state, then fails half-way.
    #[serde(default)]
    explode: bool,
    rng: Rng,
}

impl Game for Touchy {
    type Scenario = ();
    type Action = u32;
    type Event = u32;
    type View = u32;
    const INFO: orrery_core::GameInfo =
        orrery_core::GameInfo::new("touchy", "Touchy (test)", (2, 2));
    fn scenarios() -> Vec<NamedScenario<()>> {
        vec![NamedScenario {
            name: "default".into(),
            description: "".into(),
            scenario: (),
        }]
    }
    fn setup(_: &(), seed: u64) -> Result<Self, SetupError> {
        Ok(Touchy {
            n: 0,
            turn: 0,
            bomb: false,
            stuck: false,
            explode: false,
            rng: Rng::seed_from(seed),
        })
    }
    fn seats(&self) -> u8 {
        2
    }
    fn to_move(&self) -> Vec<Seat> {
        if self.n >= 10 {
            vec![]
        } else {
            vec![Seat(self.turn)]
        }
    }
    fn legal_actions(&self, seat: Seat) -> Vec<u32> {
        if self.bomb {
            panic!("boom");
        }
        if self.stuck || self.to_move() != vec![seat] {
            return vec![];
        }
        vec![1, 2]
    }
    fn apply(&mut self, seat: Seat, a: &u32) -> Result<Vec<Logged<u32>>, ActionError> {
        if self.to_move() != vec![seat] {
            return Err(ActionError::NotYourTurn {
                seat,
                to_move: self.to_move(),
            });
        }
        if !(1..=2).contains(a) {
            return Err(ActionError::illegal("1 or 2"));
        }
        self.n += a;
        if self.explode {
            self.rng.d6();
            panic!("half-way through the action");
        }
        self.turn = 1 - self.turn;
        Ok(vec![Logged::public(*a)])
    }
    fn view(&self, _: Option<Seat>) -> u32 {
        self.n
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.n >= 10).then(|| Outcome {
            winners: vec![Seat(1 - self.turn)],
            scores: self.scores(),
            reason: String::new(),
        })
    }
    fn scores(&self) -> Vec<f64> {
        vec![0.0, 0.0]
    }
    fn progress(&self) -> Progress {
        Progress {
            turn: self.n,
            phase: "count".into(),
        }
    }
    fn rng(&self) -> &Rng {
        &self.rng
    }
    fn rng_mut(&mut self) -> &mut Rng {
        &mut self.rng
    }
}

impl Presentation for Touchy {
    fn describe_action(&self, _viewer: Option<Seat>, a: &u32) -> String {
        if *a == 13 {
            panic!("unlucky");
        }
        format!("add {a}")
    }
}

impl Odds for Touchy {}

impl Files for Touchy {}

impl SearchHints for Touchy {}

impl Learning for Touchy {}

#[test]
fn a_seats_record_keeps_other_seats_secrets_and_the_seed() {
    let reg = registry();
    let mut t = T::new(&reg);
    t.ok(json!({"cmd":"new","ruleset":"sealed-bids","seed":42}));
    t.ok(json!({"cmd":"apply","player":0,"action":{"amount":2}}));

    // Seat 1 does not see seat 0's pending bid, nor the hash after it, nor the seed.
    let r = t.ok(json!({"cmd":"record","player":1}));
    assert_eq!(r["replayable"], json!(false));
    let rec = &r["record"];
    assert_eq!(rec["ruleset"], json!("sealed-bids"));
    assert_eq!(rec["scenario"], json!({"players":2,"rounds":3}));
    assert_eq!(rec["seed"], json!(null));
    assert_eq!(rec["viewer"], json!(1));
    assert_eq!(rec["complete"], json!(false));
    assert_eq!(
        rec["actions"],
        json!([{"seat":0,"action":null,"hash":null}])
    );
    // Seat 0 sees its own bid, but no state hash while the game goes on (each covers
    // the dice generator and every hidden order: a seat could test guesses).
    let r0 = t.ok(json!({"cmd":"record","player":0}));
    assert_eq!(r0["record"]["actions"][0]["action"], json!({"amount":2}));
    assert_eq!(r0["record"]["actions"][0]["hash"], json!(null));
    assert_eq!(r0["record"]["seed"], json!(null));
    // The referee's full record (no player) has everything.
    let full = t.ok(json!({"cmd":"record"}));
    assert_eq!(full["record"]["seed"], json!(42));
    assert_eq!(full["record"]["actions"][0]["action"], json!({"amount":2}));
    assert_eq!(full["replayable"], json!(true));
    // A seat that does not exist is refused.
    assert_eq!(t.err(json!({"cmd":"record","player":2})), "bad_request");

    // Seat 1's bid reveals both: every action is visible, but not the seed nor any
    // hash.
    t.ok(json!({"cmd":"apply","player":1,"action":{"amount":1}}));
    for p in [0, 1] {
        let r = t.ok(json!({"cmd":"record","player":p}));
        let rec = &r["record"];
        assert_eq!(rec["seed"], json!(null));
        assert_eq!(rec["complete"], json!(false));
        assert_eq!(r["replayable"], json!(false));
        assert_eq!(rec["actions"][0]["action"], json!({"amount":2}));
        assert_eq!(rec["actions"][1]["action"], json!({"amount":1}));
        assert_eq!(rec["actions"][1]["hash"], json!(null), "seat {p}");
    }

    // Once the game is over the seed is shown and the seat's record replays.
    t.play_out("random");
    let end = t.hash();
    let r = t.ok(json!({"cmd":"record","player":1}));
    assert_eq!(r["record"]["seed"], json!(42));
    assert_eq!(r["record"]["complete"], json!(true));
    assert_eq!(r["replayable"], json!(true));
    assert_eq!(
        r["record"]["actions"],
        t.ok(json!({"cmd":"record"}))["record"]["actions"]
    );
    let mut u = T::new(&reg);
    let loaded = u.ok(json!({"cmd":"load","record":r["record"].clone()}));
    assert_eq!(loaded["status"]["hash"].as_str().unwrap(), end);
}

#[test]
fn a_seat_may_undo_only_its_own_action_and_never_a_reveal() {
    let reg = registry();
    let mut t = T::new(&reg);
    t.ok(json!({"cmd":"new","ruleset":"sealed-bids","seed":4}));
    assert_eq!(
        t.ok(json!({"cmd":"undo","player":0}))["undone"],
        json!(false)
    );
    // Round 1: a tie rolls no die, but seat 1's bid revealed seat 0's.
    t.ok(json!({"cmd":"apply","player":0,"action":{"amount":2}}));
    t.ok(json!({"cmd":"apply","player":1,"action":{"amount":2}}));
    let h = t.hash();
    assert_eq!(
        t.ok(json!({"cmd":"undo","player":1}))["undone"],
        json!(false)
    );
    assert_eq!(t.ok(json!({"cmd":"undo"}))["undone"], json!(false));
    assert_eq!(t.hash(), h);

    // Round 2: seat 0's bid is still hidden; only seat 0 may take it back.
    let next = t.ok(json!({"cmd":"events"}))["next"].clone();
    t.ok(json!({"cmd":"apply","player":0,"action":{"amount":1}}));
    assert_eq!(
        t.ok(json!({"cmd":"undo","player":1}))["undone"],
        json!(false)
    );
    assert_eq!(t.err(json!({"cmd":"undo","player":7})), "bad_request");
    let r = t.ok(json!({"cmd":"undo","player":0}));
    assert_eq!(r["undone"], json!(true));
    assert_eq!(r["status"]["hash"].as_str().unwrap(), h);
    assert_eq!(t.ok(json!({"cmd":"events"}))["next"], next);
    assert_eq!(
        t.ok(json!({"cmd":"record"}))["record"]["actions"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

#[test]
fn help_lists_the_optional_player_of_record_and_undo() {
    let reg = registry();
    let mut t = T::new(&reg);
    let r = t.ok(json!({"cmd":"help"}));
    for c in ["record", "undo"] {
        let info = r["commands"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["cmd"] == json!(c))
            .unwrap();
        assert!(
            info["fields"].as_str().unwrap().contains("player?"),
            "{info}"
        );
    }
}
