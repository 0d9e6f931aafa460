//! Issue 10 §4–§6: secrets hold on every channel (the leak test), no acknowledged
//! action is lost to `kill -9` (SQLite and PostgreSQL), two processes serve one game
//! through one PostgreSQL database, clocks play the default action, agents move
//! server-side.

mod server_support;

use serde_json::{json, Value};
use server_support::{code, temp_dir, two_wasps, Postgres, Server};
use std::time::{Duration, Instant};

/// The leak test: in a Stratoyager game, seat 1's `GET`, record and WebSocket
/// messages are byte-identical whichever of two legal secret orders seat 0 gave.
#[test]
fn seat_1_sees_the_same_bytes_whichever_secret_order_seat_0_gave() {
    let s = Server::start(&temp_dir("leak"), None, &[]);
    let seen_by_seat_1 = |choice: usize| -> Vec<String> {
        let (id, tokens) = s.create(&json!({
            "ruleset": "stratoyager",
            "scenario": "dogfight",
            "seed": 11,
            "seats": [{"type": "human"}, {"type": "human"}],
        }));
        let (t0, t1) = (tokens[0].as_deref().unwrap(), tokens[1].as_deref().unwrap());
        let mut ws = s.ws(&id, Some(t1));
        let mut seen = vec![ws.next_text()];
        let (_, me) = s.get(&format!("/api/games/{id}"), Some(t0));
        assert_eq!(
            me["view"]["batch"]["secret"], true,
            "a secret order is asked: {me}"
        );
        let legal = me["legal"].as_array().unwrap();
        assert!(legal.len() > choice, "two legal secret orders: {legal:?}");
        s.act(&id, t0, &legal[choice]);
        seen.push(ws.next_text());
        seen.push(s.get_text(&format!("/api/games/{id}"), Some(t1)));
        seen.push(s.get_text(&format!("/api/games/{id}/record"), Some(t1)));
        seen.push(s.get_text(&format!("/api/games/{id}"), None));
        seen.push(s.get_text(&format!("/api/games/{id}/record"), None));
        // Seat 0 sees its own order: the two games differ for seat 0.
        seen.push(s.get_text(&format!("/api/games/{id}"), Some(t0)));
        seen
    };
    let a = seen_by_seat_1(0);
    // Seat 1's events are numbered among its own: no gap counts events it was not
    // shown (seat 0's secret order made one).
    let get: Value = serde_json::from_str(&a[2]).unwrap();
    let indexes: Vec<u64> = get["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["index"].as_u64().unwrap())
        .collect();
    assert_eq!(indexes, (0..indexes.len() as u64).collect::<Vec<_>>());
    assert_eq!(get["next"], indexes.len());
    let b = seen_by_seat_1(1);
    let names = [
        "first ws message",
        "ws message after the order",
        "GET",
        "record",
        "spectator GET",
        "spectator record",
    ];
    for (i, name) in names.iter().enumerate() {
        assert_eq!(
            a[i], b[i],
            "seat 1's {name} differs with seat 0's secret order"
        );
    }
    assert_ne!(a[6], b[6], "the test's two orders are different orders");
}

/// Play first-legal actions as fast as the server answers until the connection
/// breaks; returns the actions acknowledged, in order, with the acting seat's status
/// hash from each acknowledgement.
fn play_until_killed(base: String, id: String, tokens: Vec<String>) -> Vec<(Value, String)> {
    let agent = ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(10))
        .build();
    let get = |path: &str, token: &str| -> Option<Value> {
        agent
            .get(&format!("{base}{path}"))
            .set("Authorization", &format!("Bearer {token}"))
            .call()
            .ok()?
            .into_json()
            .ok()
    };
    let mut acked = Vec::new();
    loop {
        let Some(me0) = get(&format!("/api/games/{id}"), &tokens[0]) else {
            return acked;
        };
        if me0["status"]["terminal"] == json!(true) {
            return acked;
        }
        let seat = me0["status"]["to_move"][0].as_u64().unwrap_or(0) as usize;
        let Some(me) = get(&format!("/api/games/{id}"), &tokens[seat]) else {
            return acked;
        };
        let action = me["legal"][0].clone();
        let reply = agent
            .post(&format!("{base}/api/games/{id}/actions"))
            .set("Authorization", &format!("Bearer {}", tokens[seat]))
            .send_json(json!({ "action": action }));
        match reply {
            Ok(r) => {
                let v: Value = r.into_json().unwrap();
                acked.push((action, v["status"]["hash"].as_str().unwrap().to_string()));
            }
            Err(_) => return acked,
        }
    }
}

/// The restart test: play partway, `kill -9` the server mid-stream, restart it on
/// the same data; every acknowledged action is there with the same hashes, and the
/// game plays on to an end whose record replays.
fn restart_keeps_every_acknowledged_action(data: &std::path::Path, url: Option<&str>) {
    let mut s = Server::start(data, url, &["--rate-limit", "0"]);
    let (id, tokens) = s.create(&json!({
        "ruleset": "launch-fighters",
        "seed": 5,
        "seats": [{"type": "human"}, {"type": "human"}],
    }));
    let tokens: Vec<String> = tokens.into_iter().flatten().collect();
    let player = {
        let (base, id, tokens) = (s.base.clone(), id.clone(), tokens.clone());
        std::thread::spawn(move || play_until_killed(base, id, tokens))
    };
    std::thread::sleep(Duration::from_millis(1500));
    s.kill9();
    let acked = player.join().unwrap();
    assert!(
        acked.len() > 10,
        "the game was played partway: {}",
        acked.len()
    );

    let s = s.restart();
    let (c, r) = s.get(&format!("/api/games/{id}/record"), Some(&tokens[0]));
    assert_eq!(c, 200, "the game reloads (its hashes replay): {r}");
    let recorded = r["record"]["actions"].as_array().unwrap().clone();
    assert!(
        recorded.len() == acked.len() || recorded.len() == acked.len() + 1,
        "{} recorded, {} acknowledged (at most one committed but not answered)",
        recorded.len(),
        acked.len()
    );
    for (i, (action, _)) in acked.iter().enumerate() {
        assert_eq!(
            &recorded[i]["action"], action,
            "acknowledged action {i} is recorded"
        );
    }
    if recorded.len() == acked.len() {
        let last_seat = recorded.last().unwrap()["seat"].as_u64().unwrap() as usize;
        let (_, me) = s.get(&format!("/api/games/{id}"), Some(&tokens[last_seat]));
        assert_eq!(
            me["status"]["hash"].as_str().unwrap(),
            acked.last().unwrap().1,
            "same hash"
        );
    }
    // It plays on to the end; the referee's record replays with every hash.
    let tokens: Vec<Option<String>> = tokens.into_iter().map(Some).collect();
    server_support::play_first_legal(&s, &id, &tokens, 20_000);
    let (_, r) = s.get(&format!("/api/games/{id}/record"), None);
    // Once over the seed is shown, as digits (a JavaScript number would round it).
    assert!(
        r["record"]["seed"]
            .as_str()
            .is_some_and(|d| d.parse::<u64>().is_ok()),
        "the game ended: {r}"
    );
    assert_replays(&r["record"]);
}

/// `orrery engine` loads the record, checking every hash.
fn assert_replays(record: &Value) {
    use std::io::Write;
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_orrery"))
        .arg("engine")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let line = json!({"cmd": "load", "record": record}).to_string();
    c.stdin
        .take()
        .unwrap()
        .write_all(format!("{line}\n").as_bytes())
        .unwrap();
    let out = c.wait_with_output().unwrap();
    let reply: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(reply["ok"], true, "{reply}");
}

#[test]
fn kill_9_loses_no_acknowledged_action_with_sqlite() {
    restart_keeps_every_acknowledged_action(&temp_dir("restart-sqlite"), None);
}

#[test]
fn kill_9_loses_no_acknowledged_action_with_postgres() {
    let Some(pg) = Postgres::start("restart") else {
        return;
    };
    restart_keeps_every_acknowledged_action(&temp_dir("restart-pg"), Some(&pg.url));
}

/// Two processes on one PostgreSQL database: the two seats of one game connected to
/// different instances play to the end, each seeing the other's actions at once.
#[test]
fn two_instances_serve_one_game() {
    let Some(pg) = Postgres::start("instances") else {
        return;
    };
    let a = Server::start(&temp_dir("inst-a"), Some(&pg.url), &["--rate-limit", "0"]);
    let b = Server::start(&temp_dir("inst-b"), Some(&pg.url), &["--rate-limit", "0"]);
    let (id, tokens) = a.create(&json!({
        "ruleset": "launch-fighters",
        "scenario": two_wasps(),
        "seed": 9,
        "seats": [{"type": "human"}, {"type": "human"}],
    }));
    let (t0, t1) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    let servers = [&a, &b];
    let toks = [&t0, &t1];
    let mut sockets = [a.ws(&id, Some(&t0)), b.ws(&id, Some(&t1))];
    let mut last = [sockets[0].next(), sockets[1].next()];
    let mut actions = 0;
    while last[0]["status"]["terminal"] != json!(true) {
        let seat = last[0]["status"]["to_move"][0].as_u64().unwrap() as usize;
        let action = last[seat]["legal"][0].clone();
        assert!(
            !action.is_null(),
            "seat {seat} has a legal action on its instance"
        );
        servers[seat].act(&id, toks[seat], &action);
        actions += 1;
        // Both sockets, each on its own instance, see the action.
        for (i, w) in sockets.iter_mut().enumerate() {
            last[i] = w.until(|m| m["type"] == "state");
        }
        assert!(actions < 5000, "the game ends");
    }
    assert_eq!(last[1]["status"]["terminal"], true);
    let (_, ra) = a.get(&format!("/api/games/{id}/record"), None);
    let (_, rb) = b.get(&format!("/api/games/{id}/record"), None);
    assert_eq!(ra, rb);
    assert_eq!(ra["record"]["actions"].as_array().unwrap().len(), actions);
    assert_replays(&ra["record"]);

    // Races: both instances take an action for the same decision at once; exactly
    // one is recorded, and the other is told (409: `conflict` when the unique
    // `(game, seq)` key refused it, `not_your_turn` when its instance had already
    // caught up).
    let mut conflicts = 0;
    for _ in 0..5 {
        let (id, tokens) = a.create(&json!({
            "ruleset": "launch-fighters",
            "scenario": two_wasps(),
            "seed": 9,
            "seats": [{"type": "human"}, {"type": "human"}],
        }));
        let t0 = tokens[0].clone().unwrap();
        let (_, me) = a.get(&format!("/api/games/{id}"), Some(&t0));
        let body = json!({ "action": me["legal"][0] }).to_string();
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(2));
        let racers: Vec<_> = [a.base.clone(), b.base.clone()]
            .into_iter()
            .map(|base| {
                let (id, t0, body, barrier) =
                    (id.clone(), t0.clone(), body.clone(), barrier.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    server_support::raw(
                        "POST",
                        &format!("{base}/api/games/{id}/actions"),
                        Some(&t0),
                        Some(body),
                    )
                })
            })
            .collect();
        let mut answers: Vec<(u16, String)> =
            racers.into_iter().map(|r| r.join().unwrap()).collect();
        answers.sort();
        assert_eq!(answers[0].0, 200, "{answers:?}");
        assert_eq!(answers[1].0, 409, "{answers:?}");
        let loser: Value = serde_json::from_str(&answers[1].1).unwrap();
        assert!(
            matches!(code(&loser), "conflict" | "not_your_turn"),
            "{loser}"
        );
        conflicts += usize::from(code(&loser) == "conflict");
        let (_, r) = b.get(&format!("/api/games/{id}/record"), Some(&t0));
        assert_eq!(r["record"]["actions"].as_array().unwrap().len(), 1);
    }
    eprintln!("races decided by the unique key: {conflicts} of 5");
}

/// A seat that does not answer in time gets the ruleset's default action, and
/// everyone is told it timed out.
#[test]
fn a_clock_plays_the_default_action_for_a_silent_seat() {
    let mut s = Server::start(&temp_dir("clock"), None, &[]);
    let (id, tokens) = s.create(&json!({
        "ruleset": "launch-fighters",
        "scenario": two_wasps(),
        "seed": 3,
        "seats": [{"type": "human"}, {"type": "human"}],
        "clock_ms": 300,
    }));
    let t1 = tokens[1].as_deref().unwrap();
    let mut w1 = s.ws(&id, Some(t1));
    let first = w1.next();
    assert_eq!(first["clock"]["per_decision_ms"], 300);
    assert!(first["clock"]["remaining_ms"][0].as_u64().unwrap() <= 300);
    let started = Instant::now();
    let m = w1.until(|m| m.get("timed_out").is_some());
    assert_eq!(m["timed_out"], 0, "seat 0 timed out");
    assert!(started.elapsed() >= Duration::from_millis(200));
    let (_, spect) = s.get(&format!("/api/games/{id}"), None);
    assert_eq!(spect["timeouts"][0], json!({"seq": 1, "seat": 0}));
    let (_, r) = s.get(&format!("/api/games/{id}/record"), None);
    assert!(!r["record"]["actions"].as_array().unwrap().is_empty());
    // The clock survives `kill -9` and a restart: the silent seats go on timing out.
    s.kill9();
    let s = s.restart();
    let mut w1 = s.ws(&id, Some(t1));
    w1.until(|m| m.get("timed_out").is_some());
    let (_, spect) = s.get(&format!("/api/games/{id}"), None);
    assert!(spect["timeouts"].as_array().unwrap().len() >= 2, "{spect}");
}

/// Agent seats move server-side: a human against `easy` gets answers.
#[test]
fn agents_move_by_themselves() {
    let s = Server::start(&temp_dir("agents"), None, &[]);
    let (id, tokens) = s.create(&json!({
        "ruleset": "launch-fighters",
        "scenario": two_wasps(),
        "seats": [{"type": "human"}, {"type": "agent", "agent": "easy"}],
    }));
    let t0 = tokens[0].as_deref().unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (_, me) = s.get(&format!("/api/games/{id}"), Some(t0));
        if me["status"]["terminal"] == json!(true) {
            break;
        }
        assert!(Instant::now() < deadline, "the game ends");
        if me["status"]["to_move"]
            .as_array()
            .unwrap()
            .contains(&json!(0))
        {
            s.act(&id, t0, &me["legal"][0]);
        } else {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    let (_, r) = s.get(&format!("/api/games/{id}/record"), None);
    let by_agent = r["record"]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["seat"] == 1)
        .count();
    assert!(by_agent > 0, "the agent played");
}

/// A game of two agents plays itself to the end on the server.
#[test]
fn agents_play_each_other_to_the_end() {
    let s = Server::start(&temp_dir("agents-only"), None, &[]);
    let (id, tokens) = s.create(&json!({
        "ruleset": "stratoyager",
        "scenario": "dogfight",
        "seats": [{"type": "agent", "agent": "easy"}, {"type": "agent", "agent": "random"}],
    }));
    assert!(
        tokens.iter().all(Option::is_none),
        "agent seats get no token"
    );
    let deadline = Instant::now() + Duration::from_secs(180);
    loop {
        let (_, spect) = s.get(&format!("/api/games/{id}"), None);
        if spect["status"]["terminal"] == json!(true) {
            assert!(spect["outcome"]["reason"].is_string(), "{spect}");
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the agents finish their game: {spect}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Open seats across instances: a seat taken on one instance is taken on the other
/// (a second join there gets `seat_taken`), the token works on both, and a join
/// repeated with its own token on the other instance gets the seat again.
#[test]
fn an_open_seat_taken_on_one_instance_is_taken_on_every_instance() {
    let Some(pg) = Postgres::start("open-seats") else {
        return;
    };
    let a = Server::start(&temp_dir("open-a"), Some(&pg.url), &["--rate-limit", "0"]);
    let b = Server::start(&temp_dir("open-b"), Some(&pg.url), &["--rate-limit", "0"]);
    let (id, _) = a.create(&json!({
        "ruleset": "launch-fighters",
        "scenario": two_wasps(),
        "seed": 5,
        "seats": [{"type": "human"}, {"type": "open"}],
    }));
    // B loads the game while the seat is still open.
    let (st, _) = b.get(&format!("/api/games/{id}"), None);
    assert_eq!(st, 200);
    let mine = "00112233445566778899aabbccddeeff";
    let (st, v) = a.post(
        &format!("/api/games/{id}/join"),
        None,
        &json!({"seat": 1, "token": mine}),
    );
    assert_eq!(st, 201, "{v}");
    // B learns of the claim from the database when it meets the token.
    let (st, g) = b.get(&format!("/api/games/{id}"), Some(mine));
    assert_eq!((st, g["seat"].as_u64()), (200, Some(1)), "{g}");
    let (st, v) = b.post(&format!("/api/games/{id}/join"), None, &json!({"seat": 1}));
    assert_eq!((st, code(&v)), (409, "seat_taken"));
    let (st, v) = b.post(
        &format!("/api/games/{id}/join"),
        None,
        &json!({"seat": 1, "token": mine}),
    );
    assert_eq!(
        (st, v["token"].as_str()),
        (201, Some(mine)),
        "a repeated join"
    );
    let (_, lobby) = b.get("/api/games", None);
    assert_eq!(lobby["games"][0]["seats"][1]["taken"], true);
}
