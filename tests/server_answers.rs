//! Small answers (issue 25 §6): a state without the legal list, the legal list in
//! pages or as products, and WebSocket pushes of what changed only.

mod server_support;

use serde_json::{json, Value};
use server_support::{code, temp_dir, Server};

fn sorted(v: &[Value]) -> Vec<String> {
    let mut s: Vec<String> = v.iter().map(Value::to_string).collect();
    s.sort();
    s
}

/// Play a Stratoyager game (last legal action) until a seat faces a placing
/// decision with many legal actions; that seat's token.
fn to_a_placing_decision(s: &Server, id: &str, tokens: &[Option<String>]) -> String {
    for _ in 0..200 {
        let (_, spect) = s.get(
            &format!("/api/games/{id}"),
            Some(tokens[0].as_deref().unwrap()),
        );
        assert_eq!(spect["status"]["terminal"], false);
        for seat in spect["status"]["to_move"].as_array().unwrap().clone() {
            let t = tokens[seat.as_u64().unwrap() as usize].clone().unwrap();
            let (_, me) = s.get(&format!("/api/games/{id}?legal=none"), Some(&t));
            let (_, page) = s.get(&format!("/api/games/{id}?legal=page&limit=1"), Some(&t));
            let n = page["legal_count"].as_u64().unwrap_or(0);
            if n > 5000 {
                assert!(me.get("legal").is_none());
                return t;
            }
            // The last action: deploy with cards, so the ships come to be placed.
            let (_, last) = s.get(
                &format!("/api/games/{id}?legal=page&limit=1&offset={}", n - 1),
                Some(&t),
            );
            s.act(id, &t, &last["legal"][0]);
        }
    }
    panic!("no placing decision");
}

/// Issue 25 §6: every GET of a Stratoyager placing decision was ~430 KB. Without the
/// legal list it is at most 20 KB; the compact list expands to exactly the legal
/// actions; pages are slices of the full list.
#[test]
fn a_placing_decision_is_small_without_its_legal_list_and_compact_with_it() {
    let s = Server::start(&temp_dir("answers"), None, &["--rate-limit", "0"]);
    let (id, tokens) = s.create(&json!({"ruleset": "stratoyager", "seed": 0}));
    let t = to_a_placing_decision(&s, &id, &tokens);
    let path = format!("/api/games/{id}");
    let full_text = s.get_text(&path, Some(&t));
    let full: Value = serde_json::from_str(&full_text).unwrap();
    let legal = full["legal"].as_array().unwrap().clone();
    let none_text = s.get_text(&format!("{path}?legal=none"), Some(&t));
    assert!(
        none_text.len() <= 20 * 1024,
        "{} bytes without the legal list",
        none_text.len()
    );
    let none: Value = serde_json::from_str(&none_text).unwrap();
    assert_eq!(none["view"], full["view"]);
    assert_eq!(none["status"], full["status"]);

    let compact_text = s.get_text(&format!("{path}?legal=compact"), Some(&t));
    let compact: Value = serde_json::from_str(&compact_text).unwrap();
    assert_eq!(compact["legal_count"], json!(legal.len()));
    let expanded = orrery_server::compact::expand(compact["legal_compact"].as_array().unwrap());
    assert_eq!(
        sorted(&expanded),
        sorted(&legal),
        "products give back the legal list"
    );
    assert!(
        compact_text.len() * 5 < full_text.len(),
        "compact {} vs full {} bytes",
        compact_text.len(),
        full_text.len()
    );

    eprintln!(
        "placing decision of {} actions: full {} B, none {} B, compact {} B",
        legal.len(),
        full_text.len(),
        none_text.len(),
        compact_text.len()
    );
    let (_, page) = s.get(&format!("{path}?legal=page&offset=100&limit=50"), Some(&t));
    assert_eq!(page["legal"].as_array().unwrap()[..], legal[100..150]);
    assert_eq!(page["legal_offset"], 100);
    let (c, v) = s.get(&format!("{path}?legal=page&limit=0"), Some(&t));
    assert_eq!((c, code(&v)), (400, "bad_request"));
    let (c, v) = s.get(&format!("{path}?legal=everything"), Some(&t));
    assert_eq!((c, code(&v)), (400, "bad_request"));

    // `auto` (the browser's): products past 2,500 actions.
    let (_, auto) = s.get(&format!("{path}?legal=auto&describe=1"), Some(&t));
    assert!(auto.get("legal").is_none() && auto["legal_compact"].is_array());
    // A small list stays whole, with its texts.
    let (id2, tokens2) = s.create(&json!({"ruleset": "stratoyager", "seed": 1}));
    let t0 = tokens2[0].as_deref().unwrap();
    let (_, small) = s.get(&format!("/api/games/{id2}?legal=auto&describe=1"), Some(t0));
    assert_eq!(
        small["legal"].as_array().unwrap().len(),
        small["legal_text"].as_array().unwrap().len()
    );
}

/// Issue 25 §6: a WebSocket push carried the whole state (view and legal list) on
/// every change. By default it carries the new events and status only; the first
/// message is the whole state, and `push=full` keeps whole states.
#[test]
fn websocket_pushes_carry_what_changed_unless_asked_for_the_whole_state() {
    let s = Server::start(&temp_dir("delta"), None, &[]);
    let (id, tokens) =
        s.create(&json!({"ruleset": "stratoyager", "scenario": "dogfight", "seed": 4}));
    let t0 = tokens[0].as_deref().unwrap();
    let t1 = tokens[1].as_deref().unwrap();
    let mut delta = s.ws_query(&id, Some(t1), "");
    let mut whole = s.ws_query(&id, Some(t1), "push=full&legal=compact");
    let first = delta.next();
    assert_eq!(first["type"], "state");
    assert!(first["view"].is_object() && first["legal"].is_array());
    let first_whole = whole.next();
    assert!(first_whole["legal_compact"].is_array());
    let (_, me) = s.get(&format!("/api/games/{id}"), Some(t0));
    s.act(&id, t0, &me["legal"][0]);
    let pushed = delta.next();
    assert_eq!(pushed["type"], "change", "{pushed}");
    assert!(
        pushed.get("view").is_none() && pushed.get("legal").is_none(),
        "{pushed}"
    );
    assert!(pushed["status"]["to_move"].is_array());
    assert!(pushed["events"].is_array() && pushed["next"].is_u64());
    let pushed_whole = whole.next();
    assert_eq!(pushed_whole["type"], "state");
    assert!(pushed_whole["view"].is_object());
}
