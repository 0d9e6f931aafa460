//! Issue 10 §3–§4: every route and every error code of `orrery serve`, against the
//! real binary on a loopback port (SQLite). Errors change nothing.

mod server_support;

use serde_json::{json, Value};
use server_support::{call, code, play_first_legal, raw, temp_dir, two_wasps, Server};

fn wasps(server: &Server) -> (String, Vec<Option<String>>) {
    server.create(&json!({
        "ruleset": "launch-fighters",
        "scenario": two_wasps(),
        "seed": 3,
        "seats": [{"type": "human"}, {"type": "human"}],
    }))
}

#[test]
fn rulesets_lobby_and_openapi() {
    let s = Server::start(&temp_dir("routes"), None, &[]);
    let (c, v) = s.get("/api/rulesets", None);
    assert_eq!(c, 200);
    let ids: Vec<&str> = v["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, orrery_rulesets::ids());

    let (id, tokens) = wasps(&s);
    let (c, lobby) = s.get("/api/games", None);
    assert_eq!(c, 200);
    let text = lobby.to_string();
    let game = lobby["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == json!(id))
        .expect("the new game is in the lobby");
    assert_eq!(game["ruleset"], "launch-fighters");
    assert_eq!(game["status"], "playing");
    assert_eq!(
        game["seats"][0],
        json!({"seat": 0, "type": "human", "taken": false})
    );
    assert!(game["created"].as_str().unwrap().ends_with('Z'));
    for t in tokens.iter().flatten() {
        assert!(!text.contains(t.as_str()), "the lobby shows no token");
    }
    assert!(!text.contains("\"seed\""), "the lobby shows no seed");
    // A seat whose token was used is taken.
    s.get(&format!("/api/games/{id}"), tokens[0].as_deref());
    let (_, lobby) = s.get("/api/games?limit=5", None);
    let game = lobby["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == json!(id))
        .unwrap();
    assert_eq!(game["seats"][0]["taken"], true);
    assert_eq!(game["seats"][1]["taken"], false);
    let (c, v) = s.get("/api/games?limit=0", None);
    assert_eq!((c, code(&v)), (400, "bad_request"));

    // The OpenAPI description parses and names every route.
    let (c, api) = s.get("/api/openapi.json", None);
    assert_eq!(c, 200);
    for path in [
        "/api/rulesets",
        "/api/games",
        "/api/games/{id}",
        "/api/games/{id}/actions",
        "/api/games/{id}/record",
        "/api/games/{id}/resign",
        "/api/games/{id}/ws",
    ] {
        assert!(api["paths"].get(path).is_some(), "openapi lacks {path}");
    }
    // Every API route the server declares is documented, the new ones included.
    let routes = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/server/src/lib.rs"),
    )
    .unwrap();
    let declared: Vec<&str> = routes
        .split("\"/api/")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    assert!(declared.len() > 25, "{declared:?}");
    for path in declared {
        let path = format!("/api/{path}");
        assert!(api["paths"].get(&path).is_some(), "openapi lacks {path}");
    }
    let (c, v) = s.get("/api/nothing-here", None);
    assert_eq!((c, code(&v)), (404, "not_found"));
}

#[test]
fn new_game_checks_its_setup() {
    let s = Server::start(&temp_dir("setup"), None, &[]);
    let bad = |body: &str, want_status: u16, want_code: &str| {
        let (c, text) = raw(
            "POST",
            &format!("{}/api/games", s.base),
            None,
            Some(body.into()),
        );
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!((c, code(&v)), (want_status, want_code), "{body}: {text}");
        assert_eq!(v["ok"], false);
    };
    bad("{not json", 400, "bad_request");
    bad(
        r#"{"ruleset":"launch-fighters","colour":"red"}"#,
        400,
        "bad_request",
    );
    bad(r#"{"ruleset":"chess"}"#, 422, "unknown_ruleset");
    bad(
        r#"{"ruleset":"launch-fighters","scenario":"no-such"}"#,
        422,
        "unknown_scenario",
    );
    bad(
        r#"{"ruleset":"launch-fighters","seats":[{"type":"human"}]}"#,
        422,
        "invalid_setup",
    );
    bad(
        r#"{"ruleset":"launch-fighters","seats":[{"type":"human"},{"type":"agent","agent":"deep-blue"}]}"#,
        422,
        "invalid_setup",
    );
    bad(
        r#"{"ruleset":"launch-fighters","seats":[{"type":"human"},{"type":"agent","agent":"hard","budget_ms":0}]}"#,
        422,
        "invalid_setup",
    );
    // Issue 27: a budget suffix would bypass `budget_ms`'s bound.
    bad(
        r#"{"ruleset":"launch-fighters","seats":[{"type":"human"},{"type":"agent","agent":"mcts@4000000000"}]}"#,
        422,
        "invalid_setup",
    );
    bad(
        r#"{"ruleset":"launch-fighters","clock_ms":1}"#,
        422,
        "invalid_setup",
    );
    bad(
        r#"{"ruleset":"launch-fighters","scenario":{"name":"x","fleets":[]}}"#,
        422,
        "invalid_setup",
    );
    let huge = format!(
        r#"{{"ruleset":"launch-fighters","scenario":"{}"}}"#,
        "x".repeat(300 * 1024)
    );
    bad(&huge, 413, "too_large");
    let (_, lobby) = s.get("/api/games", None);
    assert_eq!(lobby["games"], json!([]), "no bad request made a game");

    // Seats default to humans; agent seats get no token.
    let (c, v) = s.post("/api/games", None, &json!({"ruleset": "stratoyager"}));
    assert_eq!(c, 201, "{v}");
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    let (c, v) = s.post(
        "/api/games",
        None,
        &json!({"ruleset": "launch-fighters", "seats": [{"type": "human"}, {"type": "agent", "agent": "easy"}]}),
    );
    assert_eq!(c, 201);
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 1);
    assert_eq!(seats[0]["seat"], 0);
    let token = seats[0]["token"].as_str().unwrap();
    assert_eq!(token.len(), 32, "128 bits as hex");
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
}

#[test]
fn seats_see_their_own_game_and_errors_change_nothing() {
    let s = Server::start(&temp_dir("play"), None, &[]);
    let (id, tokens) = wasps(&s);
    let (t0, t1) = (tokens[0].as_deref().unwrap(), tokens[1].as_deref().unwrap());
    let path = format!("/api/games/{id}");

    let (c, me) = s.get(&path, Some(t0));
    assert_eq!(c, 200);
    assert_eq!(me["seat"], 0);
    assert!(!me["legal"].as_array().unwrap().is_empty());
    assert_eq!(me["status"]["to_move"], json!([0]));
    let (c, spect) = s.get(&path, None);
    assert_eq!(c, 200);
    assert_eq!(spect["seat"], Value::Null);
    assert_eq!(spect["legal"], json!([]));
    // ?token= works as well as the header.
    let (c, v) = call("GET", &format!("{}{path}?token={t1}", s.base), None, None);
    assert_eq!((c, v["seat"].clone()), (200, json!(1)));

    let (c, v) = s.get(&path, Some("0123456789abcdef0123456789abcdef"));
    assert_eq!((c, code(&v)), (401, "bad_token"));
    let (c, v) = s.get("/api/games/0123456789abcdef", None);
    assert_eq!((c, code(&v)), (404, "no_game"));
    let (c, v) = s.get("/api/games/..%2F..%2Fetc", None);
    assert_eq!((c, code(&v)), (404, "no_game"));

    let before = s.get_text(&path, Some(t0));
    let act = format!("{path}/actions");
    let good = me["legal"][0].clone();
    let (c, v) = s.post(&act, None, &json!({"action": good}));
    assert_eq!((c, code(&v)), (401, "bad_token"), "no token");
    let (c, v) = s.post(&act, Some(t1), &json!({"action": good}));
    assert_eq!((c, code(&v)), (409, "not_your_turn"));
    let (c, v) = s.post(
        &act,
        Some(t0),
        &json!({"action": {"type": "warp", "to": "home"}}),
    );
    assert_eq!((c, code(&v)), (422, "illegal_action"));
    let (c, v) = s.post(&act, Some(t0), &json!({"move": good}));
    assert_eq!((c, code(&v)), (400, "bad_request"));
    let (c, _) = raw(
        "POST",
        &format!("{}{act}", s.base),
        Some(t0),
        Some("[[[".into()),
    );
    assert_eq!(c, 400);
    let huge = json!({"action": "x".repeat(300 * 1024)});
    let (c, v) = s.post(&act, Some(t0), &huge);
    assert_eq!((c, code(&v)), (413, "too_large"));
    assert_eq!(
        s.get_text(&path, Some(t0)),
        before,
        "errors changed nothing"
    );

    let v = s.act(&id, t0, &good);
    assert_eq!(v["ok"], true);
    assert!(!v["events"].as_array().unwrap().is_empty());
    assert_eq!(v["status"]["to_move"], json!([1]));
    assert_ne!(s.get_text(&path, Some(t0)), before);

    // The record: the seat's, the spectator's; the referee's (with the seed) only at
    // the end.
    let (c, r) = s.get(&format!("{path}/record"), Some(t1));
    assert_eq!(c, 200);
    assert_eq!(r["record"]["actions"].as_array().unwrap().len(), 1);
    assert_eq!(r["record"]["seed"], Value::Null, "no seed before the end");
    let (_, r) = s.get(&format!("{path}/record"), None);
    assert_eq!(r["record"]["seed"], Value::Null);

    // Resign: the other seat wins; nothing more can be played.
    let (c, v) = s.post(&format!("{path}/resign"), None, &json!({}));
    assert_eq!((c, code(&v)), (401, "bad_token"));
    let (c, v) = s.post(&format!("{path}/resign"), Some(t1), &json!({}));
    assert_eq!(c, 200, "{v}");
    assert_eq!(v["status"]["terminal"], true);
    let (_, spect) = s.get(&path, None);
    assert_eq!(spect["outcome"]["winners"], json!([0]));
    assert_eq!(spect["outcome"]["reason"], "seat 1 resigned");
    let (c, v) = s.post(&format!("{path}/resign"), Some(t0), &json!({}));
    assert_eq!((c, code(&v)), (409, "game_over"));
    let (_, me) = s.get(&path, Some(t1));
    assert_eq!(me["legal"], json!([]));
    let (c, v) = s.post(&act, Some(t1), &json!({"action": good}));
    assert_eq!((c, code(&v)), (409, "game_over"));
    let (_, r) = s.get(&format!("{path}/record"), None);
    assert_eq!(
        r["record"]["seed"], "3",
        "the full record once over, its seed as digits"
    );
    let (_, lobby) = s.get("/api/games", None);
    assert_eq!(lobby["games"][0]["status"], "over");
}

#[test]
/// Issue 28 §1: a seed past 2^53 goes in and comes out as digits (a JavaScript number
/// would round it), and the record replays in the engine and at `/api/replay`.
fn a_game_plays_to_its_end_over_http_and_its_record_replays() {
    let s = Server::start(&temp_dir("end"), None, &[]);
    let big = "18446744073709538712";
    let (id, tokens) = s.create(&json!({
        "ruleset": "launch-fighters",
        "scenario": two_wasps(),
        "seed": big,
        "seats": [{"type": "human"}, {"type": "human"}],
    }));
    let n = server_support::play_first_legal(&s, &id, &tokens, 2000);
    let (_, spect) = s.get(&format!("/api/games/{id}"), None);
    assert_eq!(spect["status"]["terminal"], true, "over after {n} actions");
    let (_, r) = s.get(&format!("/api/games/{id}/record"), None);
    assert_eq!(r["record"]["actions"].as_array().unwrap().len(), n);
    assert_eq!(r["record"]["seed"], big);
    let (c, v) = s.post(
        "/api/replay",
        None,
        &json!({"record": r["record"], "step": n}),
    );
    assert_eq!(c, 200, "{v}");
    // The last position says the ending in words, as the game's state does.
    assert_eq!(v["ending"], spect["ending"], "{v}");
    assert!(v["ending"]["headline"].is_string(), "{v}");
    let (_, first) = s.post(
        "/api/replay",
        None,
        &json!({"record": r["record"], "step": 1}),
    );
    assert_eq!(first["ending"], Value::Null);
    // The engine replays it, checking every hash.
    let load = json!({"cmd": "load", "record": r["record"]}).to_string();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_orrery"))
        .arg("engine")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin
                .take()
                .unwrap()
                .write_all(format!("{load}\n").as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    let reply: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(reply["ok"], true, "{reply}");
}

#[test]
fn websocket_sends_the_state_then_every_change() {
    let s = Server::start(&temp_dir("ws"), None, &[]);
    let (id, tokens) = wasps(&s);
    let (t0, t1) = (tokens[0].as_deref().unwrap(), tokens[1].as_deref().unwrap());
    let mut w1 = s.ws(&id, Some(t1));
    let first = w1.next();
    assert_eq!(first["type"], "state");
    assert_eq!(first["seat"], 1);
    assert_eq!(first["status"]["to_move"], json!([0]));
    let mut spectator = s.ws(&id, None);
    assert_eq!(spectator.next()["seat"], Value::Null);

    let (_, me) = s.get(&format!("/api/games/{id}"), Some(t0));
    s.act(&id, t0, &me["legal"][0]);
    let m = w1.next();
    assert_eq!(m["type"], "state");
    assert_eq!(m["status"]["to_move"], json!([1]));
    assert!(!m["legal"].as_array().unwrap().is_empty());
    assert!(
        !m["events"].as_array().unwrap().is_empty(),
        "the new events"
    );
    assert_eq!(spectator.next()["status"]["to_move"], json!([1]));

    // Actions over the socket.
    let legal = m["legal"][0].clone();
    w1.send(&json!({"action": {"type": "warp"}}));
    let e = w1.next();
    assert_eq!(
        (e["type"].as_str(), code(&e)),
        (Some("error"), "illegal_action")
    );
    w1.send(&json!({"action": legal}));
    let r = w1.until(|m| m["type"] == "result");
    assert_eq!(r["ok"], true);
    w1.send(&json!({"action": legal}));
    let e = w1.until(|m| m["type"] == "error");
    assert_eq!(code(&e), "not_your_turn");
    // A spectator cannot act.
    spectator.send(&json!({"action": legal}));
    let e = spectator.until(|m| m["type"] == "error");
    assert_eq!(code(&e), "bad_token");

    // An oversized message gets a typed error, closes the socket, changes nothing.
    let before = s.get_text(&format!("/api/games/{id}"), Some(t0));
    w1.send(&json!({"action": "x".repeat(100 * 1024)}));
    let e = w1.until(|m| m["type"] == "error");
    assert_eq!(code(&e), "too_large");
    let closed = loop {
        match w1.socket.read() {
            Ok(tungstenite::Message::Close(c)) => break c,
            Ok(_) => continue,
            Err(e) => panic!("expected a close frame, got {e}"),
        }
    };
    assert_eq!(closed.map(|c| u16::from(c.code)), Some(1009));
    assert_eq!(s.get_text(&format!("/api/games/{id}"), Some(t0)), before);

    // A bad token never upgrades.
    let (c, v) = s.get(&format!("/api/games/{id}/ws?token=nope"), None);
    assert_eq!((c, code(&v)), (401, "bad_token"));
    let (c, v) = s.get(&format!("/api/games/{id}/ws"), None);
    assert_eq!(
        (c, code(&v)),
        (400, "bad_request"),
        "not a WebSocket request"
    );
}

#[test]
fn a_flood_is_rate_limited() {
    let s = Server::start(&temp_dir("flood"), None, &["--rate-limit", "5"]);
    let codes: Vec<u16> = (0..40).map(|_| s.get("/api/rulesets", None).0).collect();
    assert_eq!(codes[0], 200);
    assert!(codes.contains(&429), "{codes:?}");
    let (c, v) = s.get("/api/rulesets", None);
    if c == 429 {
        assert_eq!(code(&v), "rate_limited");
    }
}

/// A client that never finishes its request head (or leaves its connection idle) is
/// disconnected after the header time limit (10 s), without holding up others.
#[test]
fn a_connection_that_sends_no_request_is_closed() {
    use std::io::{Read, Write};
    let s = Server::start(&temp_dir("slow"), None, &[]);
    let addr = s.base.trim_start_matches("http://").to_string();
    let mut slow = std::net::TcpStream::connect(&addr).unwrap();
    slow.set_read_timeout(Some(std::time::Duration::from_secs(60)))
        .unwrap();
    slow.write_all(b"GET /api/rulesets HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    let started = std::time::Instant::now();
    // Meanwhile others are served.
    assert_eq!(s.get("/api/rulesets", None).0, 200);
    let mut buf = [0u8; 1024];
    let n = slow.read(&mut buf).unwrap_or(0);
    let waited = started.elapsed();
    assert!(
        n == 0 || String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 408"),
        "closed (or told 408): {:?}",
        String::from_utf8_lossy(&buf[..n])
    );
    assert!(waited >= std::time::Duration::from_secs(8), "{waited:?}");
    assert!(waited < std::time::Duration::from_secs(40), "{waited:?}");
}

/// Issue 40: a game nobody asked for in 5 s is compacted by the server's sweep (its
/// record and undo marks deflated, the state before its last action let go); a seat
/// that comes back to it still reads its undo as before and takes back its last
/// decision (the state rebuilt from the record), in memory and in the database.
#[test]
fn a_seat_undoes_its_decision_after_the_game_went_quiet() {
    let s = Server::start(&temp_dir("undo-quiet"), None, &[]);
    let (id, tokens) = s.create(&json!({"ruleset": "stratoyager", "seed": "5"}));
    let t0 = tokens[0].clone().unwrap();
    let path = format!("/api/games/{id}");
    let (_, first) = s.get(&path, Some(&t0));
    s.act(&id, &t0, &first["legal"][0]);
    let (_, mid) = s.get(&path, Some(&t0));
    s.act(&id, &t0, &mid["legal"][0]);
    let (_, last) = s.get(&path, Some(&t0));
    assert_eq!(last["can_undo"], true);
    // Quiet for 5 s, then the sweep (every 10 s) compacts it.
    std::thread::sleep(std::time::Duration::from_secs(16));
    let (_, quiet) = s.get(&path, Some(&t0));
    assert_eq!(quiet["can_undo"], true, "{quiet}");
    assert_eq!(quiet["status"]["hash"], last["status"]["hash"]);
    let (c, v) = s.post(&format!("{path}/undo"), Some(&t0), &json!({}));
    assert_eq!(c, 200, "{v}");
    let (_, back) = s.get(&path, Some(&t0));
    assert_eq!(back["status"]["hash"], mid["status"]["hash"]);
    assert_eq!(back["legal"], mid["legal"]);
    let (_, r) = s.get(&format!("{path}/record"), Some(&t0));
    assert_eq!(r["record"]["actions"].as_array().unwrap().len(), 1, "{r}");
    assert_eq!(r["record"]["actions"][0]["action"], first["legal"][0]);
}

/// Issue 28 §3: a seat takes back its own decisions while nothing new became known
/// (Stratoyager's placements: no die, no reveal), then decides otherwise; never
/// another seat's action nor one that rolled dice; the undo is in the database (it
/// survives `kill -9`), and an action's preview says when it surely ends the game.
#[test]
fn a_seat_undoes_its_own_decisions_until_something_became_known() {
    let mut s = Server::start(&temp_dir("undo"), None, &[]);
    let (id, tokens) = s.create(&json!({"ruleset": "stratoyager", "seed": "5"}));
    let (t0, t1) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    let path = format!("/api/games/{id}");
    let (_, before) = s.get(&path, Some(&t0));
    assert_eq!(before["can_undo"], false, "nothing to take back yet");
    // Why, in words, beside the greyed-out control (issue 37 §2).
    assert_eq!(before["undo_refusal"], "nothing of yours to take back yet");
    let first = before["legal"][0].clone();
    s.act(&id, &t0, &first);
    let (_, after) = s.get(&path, Some(&t0));
    assert_eq!(after["can_undo"], true);
    assert!(after.get("undo_refusal").is_none(), "{after}");
    // Seat 1 may not take back seat 0's action.
    let (c, v) = s.post(&format!("{path}/undo"), Some(&t1), &json!({}));
    assert_eq!((c, code(&v)), (409, "cannot_undo"), "{v}");
    let (c, v) = s.post(&format!("{path}/undo"), Some(&t0), &json!({}));
    assert_eq!(c, 200, "{v}");
    let (_, back) = s.get(&path, Some(&t0));
    assert_eq!(back["status"]["hash"], before["status"]["hash"]);
    assert_eq!(back["legal"], before["legal"]);
    // Another decision instead; two in a row are taken back one by one.
    let other = before["legal"][1].clone();
    s.act(&id, &t0, &other);
    let (_, mid) = s.get(&path, Some(&t0));
    s.act(&id, &t0, &mid["legal"][0]);
    let (c, _) = s.post(&format!("{path}/undo"), Some(&t0), &json!({}));
    assert_eq!(c, 200);
    let (_, again) = s.get(&path, Some(&t0));
    assert_eq!(again["status"]["hash"], mid["status"]["hash"]);
    assert_eq!(
        again["can_undo"], true,
        "the decision before is still its own"
    );
    // The database has the undo: after kill -9 the game has one action.
    s.kill9();
    let s = s.restart();
    let (_, r) = s.get(&format!("{path}/record"), Some(&t0));
    assert_eq!(r["record"]["actions"].as_array().unwrap().len(), 1);
    assert_eq!(r["record"]["actions"][0]["action"], other);
    let (_, reloaded) = s.get(&path, Some(&t0));
    assert_eq!(reloaded["status"]["hash"], mid["status"]["hash"]);
    // Once the other seat acted, seat 0's action is final for seat 0.
    let (_, all) = s.get(&path, Some(&t0));
    while s.get(&path, Some(&t0)).1["status"]["to_move"] == json!([0]) {
        let (_, me) = s.get(&path, Some(&t0));
        s.act(&id, &t0, &me["legal"][0]);
    }
    let (_, one) = s.get(&path, Some(&t1));
    s.act(&id, &t1, &one["legal"][0]);
    let (c, v) = s.post(&format!("{path}/undo"), Some(&t0), &json!({}));
    assert_eq!((c, code(&v)), (409, "cannot_undo"), "{v} {all}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .ends_with("the other side has moved"),
        "{v}"
    );
    let (_, now) = s.get(&path, Some(&t0));
    assert_eq!(now["can_undo"], false);
    assert_eq!(now["undo_refusal"], "the other side has moved");
    // A preview says whether an action surely ends the game (none of these does).
    let (_, me) = s.get(&path, Some(&t1));
    let (c, v) = s.post(
        &format!("{path}/preview"),
        Some(&t1),
        &json!({"action": me["legal"][0]}),
    );
    assert_eq!(c, 200, "{v}");
    assert_eq!(v["ends_game"], false);
}

/// An agent's answer is played only in the position it was chosen for. While the
/// agent thinks, its opponent takes back the placement that handed it the turn and
/// places otherwise (Launch Fighters!: one side places at a time, no die rolled):
/// the same number of actions, another state. The agent's answer is not played
/// (`agent_stale` counts it), it thinks again, and plays for the new position.
/// Checking the count of actions alone, as agents once did, would have played it.
#[test]
fn an_agents_answer_to_a_position_taken_back_is_thought_again() {
    let s = Server::start(&temp_dir("stale-agent"), None, &[]);
    let (id, tokens) = s.create(&json!({
        "ruleset": "launch-fighters", "seed": "5",
        "seats": [{"type": "human"}, {"type": "agent", "agent": "mcts", "budget_ms": 1000}]}));
    let t0 = tokens[0].clone().unwrap();
    let path = format!("/api/games/{id}");
    let to_move = || s.get(&path, Some(&t0)).1["status"]["to_move"].clone();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let wait_for_seat_0 = || {
        while to_move() != json!([0]) {
            assert!(
                std::time::Instant::now() < deadline,
                "the agent never played"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    };
    // Seat 0 acts until an action of it hands the turn to the agent alone.
    let before = loop {
        wait_for_seat_0();
        let (_, me) = s.get(&path, Some(&t0));
        s.act(&id, &t0, &me["legal"][0]);
        if to_move() == json!([1]) {
            break me;
        }
    };
    let stale = || s.get("/api/stats", None).1["agent_stale"].clone();
    assert_eq!(stale(), 0, "one side moves at a time");
    // The agent now thinks for 1 s about that position; seat 0 takes it back and
    // plays otherwise.
    let (c, v) = s.post(&format!("{path}/undo"), Some(&t0), &json!({}));
    assert_eq!(c, 200, "{v}");
    let other = before["legal"][1].clone();
    s.act(&id, &t0, &other);
    let record = || s.get(&format!("{path}/record"), Some(&t0)).1["record"]["actions"].clone();
    let played = record().as_array().unwrap().len();
    wait_for_seat_0();
    let actions = record();
    assert_eq!(actions[played - 1]["action"], other, "{actions}");
    assert_eq!(actions[played]["seat"], 1, "{actions}");
    assert_eq!(stale(), 1);
}

/// Issue 40 "Names": a name is kept in Unicode NFC, and a name that could pass for
/// another (a right-to-left override, a bidi isolate, a zero-width character, a BOM, a
/// line separator, marks stacked on one letter) is refused with the reason, at set-up
/// and when an open seat is taken.
#[test]
fn hostile_names_are_refused_and_names_are_kept_in_nfc() {
    let s = Server::start(&temp_dir("hostile-names"), None, &[]);
    for hostile in [
        "Ann\u{202E}nnA",
        "\u{2066}Bo\u{2069}",
        "A\u{200B}nn",
        "\u{FEFF}Ann",
        "Ann\u{2028}Bo",
        "Ann\u{200F}",
        "A\u{0301}\u{0301}\u{0301}nn",
        "\u{3164}",
    ] {
        let (c, v) = s.post(
            "/api/games",
            None,
            &json!({"ruleset": "launch-fighters", "seats": [{"type": "human", "name": hostile}, {"type": "open"}]}),
        );
        assert_eq!((c, code(&v)), (400, "bad_request"), "{hostile:?}: {v}");
        assert!(
            v["error"]["message"]
                .as_str()
                .unwrap_or("")
                .contains("name"),
            "{v}"
        );
    }
    // Two marks on a letter are a name (Vietnamese writes them), and a decomposed
    // name is kept composed.
    let (id, _) = s.create(&json!({
        "ruleset": "launch-fighters",
        "seats": [{"type": "human", "name": "Re\u{0301}my"}, {"type": "open"}],
    }));
    let (c, v) = s.post(
        &format!("/api/games/{id}/join"),
        None,
        &json!({"seat": 1, "name": "Bo\u{202E}"}),
    );
    assert_eq!((c, code(&v)), (400, "bad_request"), "{v}");
    let (c, v) = s.post(
        &format!("/api/games/{id}/join"),
        None,
        &json!({"seat": 1, "name": "Nguye\u{0302}\u{0303}n"}),
    );
    assert_eq!(c, 201, "{v}");
    let (_, st) = s.get(&format!("/api/games/{id}"), None);
    assert_eq!(st["players"][0]["name"], "R\u{00E9}my");
    assert_eq!(st["players"][1]["name"], "Nguy\u{1EC5}n");
}

/// Issue 28 §9: players have names, given at set-up or when an open seat is taken,
/// shown in every state and in the lobby with the turn, whose move it is and when the
/// last action was made; a bad name is refused with the reason.
#[test]
fn players_have_names_in_the_game_and_the_lobby() {
    let s = Server::start(&temp_dir("names"), None, &[]);
    let (c, v) = s.post(
        "/api/games",
        None,
        &json!({"ruleset": "launch-fighters", "seats": [{"type": "human", "name": "\u{7}"}, {"type": "open"}]}),
    );
    assert_eq!((c, code(&v)), (400, "bad_request"), "{v}");
    let (id, tokens) = s.create(&json!({
        "ruleset": "launch-fighters",
        "seed": 4,
        "seats": [{"type": "human", "name": "  Ann  "}, {"type": "open"}],
    }));
    let (c, v) = s.post(
        &format!("/api/games/{id}/join"),
        None,
        &json!({"seat": 1, "name": "Bo"}),
    );
    assert_eq!(c, 201, "{v}");
    let (_, st) = s.get(&format!("/api/games/{id}"), None);
    assert_eq!(st["players"][0]["name"], "Ann");
    assert_eq!(st["players"][1]["name"], "Bo");
    assert_eq!(st["players"][1]["type"], "open");
    let t0 = tokens[0].clone().unwrap();
    let (_, me) = s.get(&format!("/api/games/{id}"), Some(&t0));
    s.act(&id, &t0, &me["legal"][0]);
    let (_, lobby) = s.get("/api/games", None);
    let g = &lobby["games"][0];
    assert_eq!(g["seats"][0]["name"], "Ann");
    assert_eq!(g["seats"][1]["name"], "Bo");
    assert!(g["last_action"].is_string(), "{g}");
    assert!(g["turn"].is_u64() && g["to_move"].is_array(), "{g}");
}

/// Issue 41: `GET /api/games/{id}/analysis` reads a finished game (a resignation
/// included) as `orrery analyse` does; before the end it is refused (it would show a
/// seat the others' secret orders); the second answer is the kept one.
/// Issue 41: a hint (and the win-chance bar it carries) is given to a seat to move in
/// a game against the AI, or between people who set `help` up; never in a game
/// between people set up without it, never in a rated one, never to a spectator.
#[test]
fn hints_are_given_against_the_ai_or_where_everyone_agreed() {
    let s = Server::start(&temp_dir("hint"), None, &[]);
    // Between people, without `help`: refused, and the page says so.
    let (id, tokens) = s.create(&json!({
        "ruleset": "stratoyager", "scenario": "dogfight", "seed": 3,
        "seats": [{"type": "human"}, {"type": "human"}],
    }));
    let path = format!("/api/games/{id}/hint");
    let (c, v) = s.get(&path, tokens[0].as_deref());
    assert_eq!((c, code(&v)), (403, "no_help"), "{v}");
    let (_, page) = s.get(&format!("/api/games/{id}"), tokens[0].as_deref());
    assert_eq!(page["help"], json!(false), "{page}");
    // With `help`: each seat to move gets its own; the lobby shows it before joining.
    let (id, tokens) = s.create(&json!({
        "ruleset": "stratoyager", "scenario": "dogfight", "seed": 3, "help": true,
        "seats": [{"type": "human"}, {"type": "open"}],
    }));
    let (_, lobby) = s.get("/api/games", None);
    let listed = lobby["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == json!(id))
        .unwrap();
    assert_eq!(listed["help"], json!(true));
    let path = format!("/api/games/{id}/hint");
    let (c, v) = s.get(&path, None);
    assert_eq!((c, code(&v)), (401, "bad_token"), "{v}");
    let (c, first) = s.get(&path, tokens[0].as_deref());
    assert_eq!(c, 200, "{first}");
    let h = &first["hint"];
    let choices = h["choices"].as_array().unwrap();
    assert!((1..=3).contains(&choices.len()), "{h}");
    let (_, me) = s.get(&format!("/api/games/{id}"), tokens[0].as_deref());
    assert_eq!(me["help"], json!(true));
    for c in choices {
        let i = c["index"].as_u64().unwrap() as usize;
        assert_eq!(me["legal"][i], c["action"], "{h}");
    }
    assert_eq!(h["chance"], choices[0]["chance"]);
    // Kept: the bar and the button of one position share one search.
    let (_, again) = s.get(&path, tokens[0].as_deref());
    assert_eq!(again, first);
    // Against the AI: always, and never to the seat not to move.
    let (id, tokens) = s.create(&json!({
        "ruleset": "launch-fighters", "scenario": "duel", "seed": 7,
        "seats": [{"type": "human"}, {"type": "agent", "agent": "easy"}],
    }));
    let (c, v) = s.get(&format!("/api/games/{id}/hint"), tokens[0].as_deref());
    assert_eq!(c, 200, "{v}");
    // A rated game has no hints.
    let (c, v) = s.post(
        "/api/games",
        None,
        &json!({"ruleset": "launch-fighters", "rated": true, "help": true}),
    );
    assert_eq!((c, code(&v)), (422, "invalid_setup"), "{v}");
}

/// Issue 41: `POST /api/learn/{ruleset}` sets a guided first battle up against the
/// easy AI; the learner's state carries the lessons (the one taught, the places of
/// the actions it asks for, what the last action did), a choice the lesson is not
/// about is refused with nothing applied, and after a restart the lessons stand
/// where the record left them. The lobby lists each ruleset's battle.
#[test]
fn a_guided_battle_teaches_its_lessons_and_refuses_the_others() {
    let data = temp_dir("learn");
    let mut s = Server::start(&data, None, &[]);
    let (_, rulesets) = s.get("/api/rulesets", None);
    for r in rulesets["rulesets"].as_array().unwrap() {
        assert!(r["lessons"].is_string(), "{r}");
    }
    let (c, v) = s.post("/api/learn/nothing", None, &json!({}));
    assert_eq!((c, code(&v)), (422, "unknown_ruleset"), "{v}");
    let (c, made) = s.post("/api/learn/stgv2", None, &json!({}));
    assert_eq!(c, 201, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let token = made["seats"][0]["token"].as_str().unwrap().to_string();
    assert_eq!(made["seats"][0]["seat"], json!(0));
    // Waits for the learner's turn (the easy AI plays the other seat).
    let mine = |s: &Server| {
        for _ in 0..200 {
            let (_, me) = s.get(&format!("/api/games/{id}"), Some(&token));
            if me["status"]["to_move"]
                .as_array()
                .unwrap()
                .contains(&json!(0))
            {
                return me;
            }
            std::thread::sleep(std::time::Duration::from_millis(25));
        }
        panic!("never the learner's turn");
    };
    let me = mine(&s);
    let l = &me["lessons"];
    assert_eq!(
        (l["kind"].as_str(), l["of"].as_u64()),
        (Some("lesson"), Some(5)),
        "{l}"
    );
    assert_eq!(l["lesson"]["number"], json!(1));
    assert_eq!(l["lesson"]["rule"], json!("ST-05"));
    assert_eq!(me["help"], json!(true));
    // A spectator sees no lessons.
    let (_, spect) = s.get(&format!("/api/games/{id}"), None);
    assert!(spect.get("lessons").is_none(), "{spect}");
    // The start, then the Energy Cells: each the first action its lesson asks for.
    for (number, rule) in [(1, "ST-05"), (2, "ST-06")] {
        let me = mine(&s);
        assert_eq!(me["lessons"]["lesson"]["number"], json!(number), "{me}");
        let first = me["lessons"]["lesson"]["actions"][0].as_u64().unwrap() as usize;
        s.act(&id, &token, &me["legal"][first]);
        // What it did, said until the learner's next action.
        let me = mine(&s);
        assert_eq!(me["lessons"]["then"]["rule"], json!(rule), "{me}");
        assert_eq!(me["lessons"]["done"], json!(number));
    }
    // The Move Cards lesson: "end step 4" is not its action.
    let me = mine(&s);
    let lesson = &me["lessons"]["lesson"];
    assert_eq!(lesson["idea"], json!("Move Cards"), "{me}");
    let asked: Vec<u64> = lesson["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_u64().unwrap())
        .collect();
    let other = (0..me["legal"].as_array().unwrap().len() as u64)
        .find(|i| !asked.contains(i))
        .unwrap();
    let hash = me["status"]["hash"].clone();
    let (c, v) = s.post(
        &format!("/api/games/{id}/actions"),
        Some(&token),
        &json!({"action": me["legal"][other as usize]}),
    );
    assert_eq!((c, code(&v)), (422, "not_this_lesson"), "{v}");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("Not yet"),
        "{v}"
    );
    let (_, again) = s.get(&format!("/api/games/{id}"), Some(&token));
    assert_eq!(again["status"]["hash"], hash, "nothing applied");
    // After a restart the lessons stand where the record left them.
    s.kill9();
    let s = s.restart();
    let (_, after) = s.get(&format!("/api/games/{id}"), Some(&token));
    assert_eq!(after["lessons"]["done"], json!(2), "{after}");
    assert_eq!(after["lessons"]["lesson"]["idea"], json!("Move Cards"));
}

/// Issue 41, "lets the player try again": in a guided battle the learner's undo takes
/// back its last decision and the AI's answers after it, to the very state it
/// decided in, and never past a die rolled or something hidden shown.
#[test]
fn try_again_in_a_guided_battle_takes_back_the_ais_answer_too() {
    let data = temp_dir("learn-again");
    let s = Server::start(&data, None, &[]);
    let (c, made) = s.post("/api/learn/launch-fighters", None, &json!({}));
    assert_eq!(c, 201, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let token = made["seats"][0]["token"].as_str().unwrap().to_string();
    let actions = |s: &Server| {
        let (_, r) = s.get(&format!("/api/games/{id}/record"), Some(&token));
        r["record"]["actions"].as_array().unwrap().len()
    };
    let mine = |s: &Server| {
        for _ in 0..400 {
            let (_, me) = s.get(&format!("/api/games/{id}"), Some(&token));
            let to_move = me["status"]["to_move"].as_array().unwrap();
            if to_move.contains(&json!(0)) || me["status"]["terminal"] == json!(true) {
                return me;
            }
            std::thread::sleep(std::time::Duration::from_millis(25));
        }
        panic!("never the learner's turn");
    };
    let (mut deep, mut refused) = (0, 0);
    for _ in 0..30 {
        let me = mine(&s);
        if me["status"]["terminal"] == json!(true) {
            break;
        }
        let legal = me["legal"].as_array().unwrap();
        let pick = me["lessons"]["lesson"]["actions"][0]
            .as_u64()
            .map_or(0, |i| i as usize);
        let (before, n) = (me["status"]["hash"].clone(), actions(&s));
        s.act(&id, &token, &legal[pick]);
        let after = mine(&s);
        let m = actions(&s);
        if after["status"]["terminal"] == json!(true) || legal.len() < 2 || m < n + 2 {
            continue;
        }
        // The AI answered: the undo goes back over its answer, or says why not.
        let (c, v) = s.post(&format!("/api/games/{id}/undo"), Some(&token), &json!({}));
        if after["can_undo"] == json!(true) {
            assert_eq!(c, 200, "{v}");
            let (_, back) = s.get(&format!("/api/games/{id}"), Some(&token));
            assert_eq!(back["status"]["hash"], before, "back where it decided");
            assert_eq!(back["legal"], me["legal"], "the same choices again");
            assert_eq!(actions(&s), n, "the database has them taken back");
            deep += 1;
            // Decided again, the same way: the game goes on.
            s.act(&id, &token, &legal[pick]);
        } else {
            assert_eq!((c, code(&v)), (409, "cannot_undo"), "{v}");
            assert_eq!(
                v["error"]["message"]
                    .as_str()
                    .map(|m| m.contains(after["undo_refusal"].as_str().unwrap())),
                Some(true),
                "{v} / {after}"
            );
            refused += 1;
        }
    }
    assert!(deep > 0, "no decision answered by the AI was taken back");
    assert!(refused > 0, "no answer with a die rolled was met");
}

#[test]
fn a_finished_game_is_analysed_once_and_a_game_going_on_is_not() {
    let s = Server::start(&temp_dir("analysis"), None, &[]);
    let (id, tokens) = s.create(&json!({
        "ruleset": "launch-fighters",
        "scenario": "duel",
        "seed": 7,
        "seats": [{"type": "human"}, {"type": "human"}],
    }));
    let played = play_first_legal(&s, &id, &tokens, 12);
    assert_eq!(played, 12);
    let path = format!("/api/games/{id}/analysis");
    let (c, v) = s.get(&path, None);
    assert_eq!((c, code(&v)), (409, "not_over"), "{v}");
    let (c, v) = s.post(
        &format!("/api/games/{id}/resign"),
        tokens[1].as_deref(),
        &json!({}),
    );
    assert_eq!(c, 200, "{v}");
    let (c, first) = s.get(&path, None);
    assert_eq!(c, 200, "{first}");
    let a = &first["analysis"];
    assert_eq!(a["ruleset"], "launch-fighters");
    let decisions = a["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty(), "{a}");
    assert!(decisions.iter().all(|d| d["index"].as_u64().unwrap() < 12));
    assert_eq!(a["seats"].as_array().unwrap().len(), 2);
    let (c, again) = s.get(&path, None);
    assert_eq!(c, 200);
    assert_eq!(again, first);
    let (c, v) = s.get("/api/games/0123456789abcdef/analysis", None);
    assert_eq!((c, code(&v)), (404, "no_game"), "{v}");
}
