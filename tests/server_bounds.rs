//! `orrery serve` bounded by every client (issue 25): sockets, joins, quotas, the
//! creator token and oversized bodies, each tried as an outside client would.

mod server_support;

use serde_json::{json, Value};
use server_support::{call, code, temp_dir, two_wasps, Server};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// A WebSocket handshake: `Ok` with the socket, or the HTTP status it was refused with.
fn try_ws(s: &Server, id: &str) -> Result<tungstenite::WebSocket<TcpStream>, u16> {
    let addr = s.base.trim_start_matches("http://").to_string();
    let Ok(stream) = TcpStream::connect(&addr) else {
        return Err(0);
    };
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let url = format!("ws://{addr}/api/games/{id}/ws");
    match tungstenite::client(url.as_str(), stream) {
        Ok((socket, _)) => Ok(socket),
        Err(tungstenite::HandshakeError::Failure(tungstenite::Error::Http(r))) => {
            Err(r.status().as_u16())
        }
        Err(_) => Err(0),
    }
}

fn wasps(s: &Server) -> (String, Vec<Option<String>>) {
    s.create(&json!({"ruleset": "launch-fighters", "scenario": two_wasps(), "seed": 7}))
}

/// Issue 25 §1: about 1,000 spectator sockets used to exhaust `ulimit -n 1024` and
/// `accept` failed for everyone. Under a limit of 256 descriptors the server caps
/// its sockets below it, refuses the rest with `503 busy`, and a fresh client is
/// still answered.
#[test]
fn a_socket_flood_under_a_low_descriptor_limit_leaves_the_server_answering() {
    // Many addresses are simulated by lifting the per-address caps.
    let s = Server::start_with_nofile(
        &temp_dir("flood-fd"),
        &[
            "--sockets-per-address",
            "100000",
            "--connections-per-address",
            "100000",
            "--rate-limit",
            "0",
        ],
        256,
    );
    let (id, _) = wasps(&s);
    let mut open = Vec::new();
    let mut refused = Vec::new();
    for _ in 0..300 {
        match try_ws(&s, &id) {
            Ok(w) => open.push(w),
            Err(code) => refused.push(code),
        }
    }
    assert!(!refused.is_empty(), "300 sockets under 256 descriptors");
    assert!(
        refused.iter().all(|c| *c == 503),
        "refused with 503, not dropped: {refused:?}"
    );
    assert!(open.len() < 256, "{} sockets open", open.len());
    // A fresh client is answered, while the flood is still open.
    let (c, v) = s.get(&format!("/api/games/{id}"), None);
    assert_eq!(c, 200, "{v}");
    let (c, _) = s.get("/api/rulesets", None);
    assert_eq!(c, 200);
    // Sockets given back are counted back.
    open.truncate(0);
    std::thread::sleep(Duration::from_millis(500));
    assert!(try_ws(&s, &id).is_ok());
}

/// Issue 25 §1: one address holds at most `--sockets-per-address` (16) WebSockets;
/// the next is `429 too_many_sockets`.
#[test]
fn one_address_holds_at_most_its_sockets() {
    let s = Server::start(&temp_dir("per-addr"), None, &[]);
    let (id, _) = wasps(&s);
    let held: Vec<_> = (0..16).map(|_| try_ws(&s, &id).expect("socket")).collect();
    let addr = s.base.clone();
    let (c, v) = call(
        "GET",
        &format!("{addr}/api/games/{id}/ws"),
        None,
        None::<String>,
    );
    // Not a WebSocket request, but the count is checked first.
    assert_eq!((c, code(&v)), (429, "too_many_sockets"), "{v}");
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .contains("sockets_per_address"));
    assert_eq!(try_ws(&s, &id).err(), Some(429));
    drop(held);
}

/// Issue 25 §1: a socket that answers every ping but hears nothing and says nothing
/// closes after `--ws-quiet` (it no longer pins its game in memory).
#[test]
fn a_quiet_socket_expires_though_it_answers_pings() {
    let s = Server::start(&temp_dir("quiet"), None, &["--ws-quiet", "2"]);
    let (id, _) = wasps(&s);
    let mut w = try_ws(&s, &id).expect("socket");
    let started = Instant::now();
    let closed = loop {
        match w.read() {
            Ok(tungstenite::Message::Close(c)) => break c,
            Ok(_) => continue,
            Err(e) => panic!("expected a close frame, got {e}"),
        }
    };
    assert_eq!(closed.map(|c| u16::from(c.code)), Some(1001));
    assert!(started.elapsed() < Duration::from_secs(8));
}

/// Issue 25 §2: a join with a token that already holds a seat of the game used to
/// answer 201 and orphan the seat; it is `409 token_in_use`, and the seat is still
/// open for someone else.
#[test]
fn a_join_with_a_token_that_holds_a_seat_is_refused() {
    let s = Server::start(&temp_dir("hijack"), None, &[]);
    let (c, v) = s.post(
        "/api/games",
        None,
        &json!({"ruleset": "launch-fighters", "scenario": two_wasps(),
                "seats": [{"type": "human"}, {"type": "open"}]}),
    );
    assert_eq!(c, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let t0 = v["seats"][0]["token"].as_str().unwrap().to_string();
    let join = format!("/api/games/{id}/join");
    let (c, v) = s.post(&join, None, &json!({"seat": 1, "token": t0}));
    assert_eq!((c, code(&v)), (409, "token_in_use"), "{v}");
    // Seat 0's token still reads as seat 0.
    let (c, v) = s.get(&format!("/api/games/{id}"), Some(&t0));
    assert_eq!((c, v["seat"].clone()), (200, json!(0)));

    // One token joining two open seats.
    let (c, v) = s.post(
        "/api/games",
        None,
        &json!({"ruleset": "launch-fighters", "scenario": two_wasps(),
                "seats": [{"type": "open"}, {"type": "open"}]}),
    );
    assert_eq!(c, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let join = format!("/api/games/{id}/join");
    let mine = "0123456789abcdef0123456789abcdef";
    let (c, v) = s.post(&join, None, &json!({"seat": 0, "token": mine}));
    assert_eq!(c, 201, "{v}");
    let (c, v) = s.post(&join, None, &json!({"seat": 1, "token": mine}));
    assert_eq!((c, code(&v)), (409, "token_in_use"), "{v}");
    // The same join again is still the retry of a lost answer.
    let (c, _) = s.post(&join, None, &json!({"seat": 0, "token": mine}));
    assert_eq!(c, 201);
    let (c, v) = s.post(&join, None, &json!({"seat": 1}));
    assert_eq!(c, 201, "seat 1 is still open: {v}");
}

/// Issue 25 §3: one address may create `--games-per-hour` (60) games; the 61st is
/// `429 quota` and names the limit. A game of people costs no memory until asked for.
#[test]
fn the_first_game_past_the_quota_is_refused() {
    let s = Server::start(&temp_dir("quota"), None, &[]);
    for i in 0..60 {
        let (c, v) = s.post("/api/games", None, &json!({"ruleset": "stratoyager"}));
        assert_eq!(c, 201, "game {i}: {v}");
    }
    let (c, v) = s.post("/api/games", None, &json!({"ruleset": "stratoyager"}));
    assert_eq!((c, code(&v)), (429, "quota"), "{v}");
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .contains("games_per_hour"));
}

/// `POST /api/games` as a proxy would send it, naming its client in `header`.
fn create_as(s: &Server, header: &str, client: &str) -> u16 {
    let res = ureq::post(&format!("{}/api/games", s.base))
        .set("Content-Type", "application/json")
        .set(header, client)
        .send_string(r#"{"ruleset": "stratoyager"}"#);
    match res {
        Ok(r) => r.status(),
        Err(ureq::Error::Status(code, _)) => code,
        Err(e) => panic!("{e}"),
    }
}

/// Issue 40: behind `--trusted-proxy`, the client is the address its headers name
/// (`X-Forwarded-For`, `Forwarded`): each client has its own quota, an IPv6 client by
/// its /64 (a rotation within it is refused, the next /64 served). Without the option
/// the same headers are ignored: every request counts as the connection's address.
#[test]
fn a_trusted_proxy_names_the_client_and_an_untrusted_header_is_ignored() {
    let s = Server::start(
        &temp_dir("proxy"),
        None,
        &["--trusted-proxy", "127.0.0.1", "--games-per-hour", "1"],
    );
    assert_eq!(create_as(&s, "X-Forwarded-For", "198.51.100.1"), 201);
    assert_eq!(create_as(&s, "X-Forwarded-For", "198.51.100.1"), 429);
    assert_eq!(
        create_as(&s, "X-Forwarded-For", "203.0.113.1, 198.51.100.2"),
        201,
        "the right-most hop"
    );
    assert_eq!(create_as(&s, "Forwarded", "for=\"[2001:db8::1]:443\""), 201);
    assert_eq!(
        create_as(&s, "Forwarded", "for=\"[2001:db8::ff]\""),
        429,
        "the same /64"
    );
    assert_eq!(
        create_as(&s, "Forwarded", "for=\"[2001:db8:0:1::1]\""),
        201,
        "the next /64"
    );
    drop(s);
    let s = Server::start(&temp_dir("no-proxy"), None, &["--games-per-hour", "1"]);
    assert_eq!(create_as(&s, "X-Forwarded-For", "198.51.100.1"), 201);
    assert_eq!(
        create_as(&s, "X-Forwarded-For", "198.51.100.2"),
        429,
        "a client cannot name itself"
    );
}

fn agents_game(s: &Server) -> (u16, Value) {
    s.post(
        "/api/games",
        None,
        &json!({"ruleset": "launch-fighters", "scenario": "duel",
                "seats": [{"type": "agent", "agent": "mcts", "budget_ms": 2000},
                          {"type": "agent", "agent": "mcts", "budget_ms": 2000}]}),
    )
}

/// Issue 25 §3: games of agents used to run to their end with no way to stop them
/// and no cap per address. An address may run two games of agents alone; the creator
/// token resigns any seat, which stops the game (and gives the quota back).
#[test]
fn a_creator_token_stops_a_game_of_agents_and_agent_games_are_capped() {
    let s = Server::start(&temp_dir("creator"), None, &[]);
    let (c, a) = agents_game(&s);
    assert_eq!(c, 201, "{a}");
    let (c, b) = agents_game(&s);
    assert_eq!(c, 201, "{b}");
    let (c, v) = agents_game(&s);
    assert_eq!((c, code(&v)), (429, "quota"), "{v}");
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .contains("agent_games"));

    let id = a["id"].as_str().unwrap();
    let creator = a["creator"].as_str().unwrap();
    assert_eq!(creator.len(), 32);
    let resign = format!("/api/games/{id}/resign");
    // The creator token is no seat, and names the seat it resigns.
    let (c, v) = s.post(&resign, Some(creator), &json!({}));
    assert_eq!((c, code(&v)), (400, "bad_request"), "{v}");
    let (c, v) = s.post(&resign, Some(creator), &json!({"seat": 1}));
    assert_eq!(c, 200, "{v}");
    assert_eq!(v["status"]["terminal"], true);
    let (_, g) = s.get(&format!("/api/games/{id}"), None);
    assert_eq!(g["outcome"]["winners"], json!([0]));
    assert_eq!(g["outcome"]["reason"], "seat 1 resigned");
    // Another game's creator token stops nothing here.
    let other = b["creator"].as_str().unwrap();
    let bid = b["id"].as_str().unwrap();
    let (c, _) = s.post(
        &format!("/api/games/{bid}/resign"),
        Some(creator),
        &json!({"seat": 0}),
    );
    assert_eq!(c, 401);
    let (c, _) = s.post(
        &format!("/api/games/{bid}/resign"),
        Some(other),
        &json!({"seat": 0}),
    );
    assert_eq!(c, 200);
    // Both stopped: the address may start games of agents again.
    let (c, v) = agents_game(&s);
    assert_eq!(c, 201, "{v}");
    let (c, v) = agents_game(&s);
    assert_eq!(c, 201, "{v}");
    let (c, v) = agents_game(&s);
    assert_eq!((c, code(&v)), (429, "quota"), "{v}");
    // Issue 37 §2: a person playing the AI in three tabs, with a clock (which may
    // play for them) or without, is never refused for the agents: what they cost is
    // bounded by the address's thinking budget instead (the next test).
    for clock in [json!(60000), Value::Null] {
        for tab in 0..3 {
            let (c, v) = s.post(
                "/api/games",
                None,
                &json!({"ruleset": "launch-fighters", "scenario": "duel", "clock_ms": clock,
                        "seats": [{"type": "human"}, {"type": "agent", "agent": "mcts", "budget_ms": 50}]}),
            );
            assert_eq!(c, 201, "tab {tab}, clock {clock}: {v}");
        }
    }
}

/// Issue 40: a creator's resign did not stop a decision already thinking (2.9 s of
/// CPU after it). Two agents with 10 s budgets: a second into a decision the creator
/// resigns a seat, and the decision in progress ends at once (its thinking is
/// charged within a moment, far short of its budget).
#[test]
fn a_resignation_stops_the_decision_in_progress() {
    let s = Server::start(&temp_dir("stop-thinking"), None, &[]);
    let (c, g) = s.post(
        "/api/games",
        None,
        &json!({"ruleset": "launch-fighters", "scenario": "duel",
                "seats": [{"type": "agent", "agent": "mcts", "budget_ms": 10000},
                          {"type": "agent", "agent": "mcts", "budget_ms": 10000}]}),
    );
    assert_eq!(c, 201, "{g}");
    let (id, creator) = (g["id"].as_str().unwrap(), g["creator"].as_str().unwrap());
    let thought = || s.get("/api/stats", None).1["agent_ms"].as_u64().unwrap();
    std::thread::sleep(Duration::from_millis(1000));
    let before = thought();
    let resigned = Instant::now();
    let (c, v) = s.post(
        &format!("/api/games/{id}/resign"),
        Some(creator),
        &json!({"seat": 1}),
    );
    assert_eq!(c, 200, "{v}");
    while thought() == before {
        assert!(
            resigned.elapsed() < Duration::from_secs(4),
            "the decision in progress thinks on after the resignation"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let spent = thought() - before;
    assert!(spent < 4000, "{spent} ms thought");
}

/// Issue 37 §2: the agents of the games one address set up share a thinking budget
/// (`--agent-seconds-per-address` within any `--agent-window`); past it their next
/// decisions wait, so the address's games go on, slowed, and no game is refused.
#[test]
fn agents_past_their_address_thinking_budget_wait_and_their_games_go_on() {
    let s = Server::start(
        &temp_dir("thinking"),
        None,
        &["--agent-seconds-per-address", "1", "--agent-window", "3"],
    );
    let stats = || {
        let (c, v) = s.get("/api/stats", None);
        assert_eq!(c, 200, "{v}");
        (
            v["agent_ms"].as_u64().unwrap(),
            v["agent_waits"].as_u64().unwrap(),
        )
    };
    assert_eq!(stats(), (0, 0));
    // A game of agents alone, each decision 300 ms of thinking: unbounded, about as
    // much thinking as time passes.
    let (c, a) = s.post(
        "/api/games",
        None,
        &json!({"ruleset": "launch-fighters", "scenario": "duel",
                "seats": [{"type": "agent", "agent": "mcts", "budget_ms": 300},
                          {"type": "agent", "agent": "mcts", "budget_ms": 300}]}),
    );
    assert_eq!(c, 201, "{a}");
    let id = a["id"].as_str().unwrap();
    let started = Instant::now();
    let window = Duration::from_secs(9);
    let mut seen_moves = Vec::new();
    while started.elapsed() < window {
        std::thread::sleep(Duration::from_millis(1500));
        let (_, g) = s.get(&format!("/api/games/{id}/record"), None);
        seen_moves.push(g["record"]["actions"].as_array().map_or(0, Vec::len));
        // A person may still set up games against the AI meanwhile.
        let (c, v) = s.post(
            "/api/games",
            None,
            &json!({"ruleset": "launch-fighters", "scenario": "duel",
                    "seats": [{"type": "human"}, {"type": "agent", "agent": "easy"}]}),
        );
        assert_eq!(c, 201, "{v}");
    }
    let elapsed = started.elapsed();
    let (thought, waits) = stats();
    // 1 s per 3 s window: at most the windows begun, plus the decisions under way
    // (one per agent of the game, 300 ms each, with some slack for a loaded machine).
    let windows = elapsed.as_secs_f64() / 3.0 + 1.0;
    let bound = (1000.0 * windows) as u64 + 2 * 450;
    assert!(
        thought <= bound,
        "{thought} ms of thinking in {elapsed:?} (bound {bound} ms)"
    );
    assert!(waits >= 1, "no decision waited ({thought} ms thought)");
    // Slowed, not stopped: the game went on.
    assert!(
        seen_moves.last() > seen_moves.first() && seen_moves.last() > Some(&2),
        "moves recorded over time: {seen_moves:?}"
    );
    let creator = a["creator"].as_str().unwrap();
    let (c, v) = s.post(
        &format!("/api/games/{id}/resign"),
        Some(creator),
        &json!({"seat": 0}),
    );
    assert_eq!(c, 200, "{v}");
}

/// Issue 25 §7: an oversized `Content-Length` used to hold the connection for 30 s;
/// it is answered `413` at once, before any of the body is sent.
#[test]
fn an_oversized_content_length_is_refused_at_once() {
    let s = Server::start(&temp_dir("length"), None, &[]);
    let addr = s.base.trim_start_matches("http://").to_string();
    let mut c = TcpStream::connect(&addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let started = Instant::now();
    c.write_all(
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 1000000000\r\n\r\n{",
    )
    .unwrap();
    let mut buf = vec![0u8; 4096];
    let n = c.read(&mut buf).unwrap();
    let text = String::from_utf8_lossy(&buf[..n]);
    assert!(text.starts_with("HTTP/1.1 413"), "{text}");
    assert!(text.contains("too_large"), "{text}");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
}

/// A client connection to `s` from the loopback address `from`.
#[cfg(unix)]
fn connect_from(s: &Server, from: std::net::Ipv4Addr, recv_buffer: usize) -> TcpStream {
    server_support::connect_from(s.addr(), from, recv_buffer)
}

/// The open WebSockets the server counts (`/api/stats`).
fn open_sockets(s: &Server) -> u64 {
    let (c, v) = s.get("/api/stats", None);
    assert_eq!(c, 200, "{v}");
    v["websockets"].as_u64().unwrap()
}

/// Issue 40: a WebSocket client that stops reading used to escape every time-out
/// (`--ws-quiet`, the idle limit) and hold its game and megabytes of kernel memory.
/// Here a seat's client floods requests and reads none of the answers: once the
/// server has written nothing for `--write-stall` (1 s) the socket is reset and no
/// longer counted, though the client still has not read a byte.
#[cfg(unix)]
#[test]
fn a_websocket_whose_client_stops_reading_is_closed() {
    let s = Server::start(
        &temp_dir("no-reader"),
        None,
        &["--write-stall", "1", "--rate-limit", "0"],
    );
    let (id, tokens) = wasps(&s);
    let token = tokens[0].clone().unwrap();
    let stream = connect_from(&s, std::net::Ipv4Addr::LOCALHOST, 4096);
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    // A blocked write gives up: the server stops reading while it cannot write.
    stream
        .set_write_timeout(Some(Duration::from_secs(3)))
        .unwrap();
    let addr = s.base.trim_start_matches("http://");
    let url = format!("ws://{addr}/api/games/{id}/ws?token={token}");
    let (mut w, _) = tungstenite::client(url.as_str(), stream).expect("handshake");
    assert_eq!(open_sockets(&s), 1);
    // Each request has an answer of ~100 bytes; 40,000 of them pass what the two
    // kernels' buffers hold (4 KiB here, 256 KiB on the server's side).
    let ask = tungstenite::Message::Text(r#"{"action":0}"#.into());
    let mut sent = 0;
    while sent < 40_000 && w.send(ask.clone()).is_ok() {
        sent += 1;
    }
    let stopped = Instant::now();
    while open_sockets(&s) > 0 {
        assert!(
            stopped.elapsed() < Duration::from_secs(10),
            "the non-reading socket is still open {:?} after {sent} requests",
            stopped.elapsed()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    // The connection was reset: what is left to read ends in an error, not a wait.
    let mut ended = false;
    for _ in 0..100_000 {
        match w.read() {
            Ok(_) => continue,
            Err(tungstenite::Error::Io(e)) => {
                assert!(
                    !matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ),
                    "the socket was left open: {e}"
                );
                ended = true;
                break;
            }
            Err(_) => {
                ended = true;
                break;
            }
        }
    }
    assert!(ended);
    // The server answers on, and the seat's next socket is served.
    let mut again = s.ws(&id, Some(&token));
    assert_eq!(again.next()["type"], "state");
}

/// The test process's own descriptor limit, raised to its hard limit (the crowd
/// tests hold a couple of thousand sockets).
#[cfg(unix)]
fn raise_own_nofile() {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit/setrlimit only read and write the struct passed.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 {
            lim.rlim_cur = lim.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
        }
    }
}

/// A spectator's WebSocket from `from`: `Ok`, or the status it was refused with.
#[cfg(unix)]
fn watch_from(
    s: &Server,
    id: &str,
    from: std::net::Ipv4Addr,
) -> Result<tungstenite::WebSocket<TcpStream>, u16> {
    let stream = connect_from(s, from, 0);
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let addr = s.base.trim_start_matches("http://");
    let url = format!("ws://{addr}/api/games/{id}/ws");
    match tungstenite::client(url.as_str(), stream) {
        Ok((socket, _)) => Ok(socket),
        Err(tungstenite::HandshakeError::Failure(tungstenite::Error::Http(r))) => {
            Err(r.status().as_u16())
        }
        Err(e) => panic!("spectator from {from}: {e}"),
    }
}

/// Issue 40: under a descriptor limit of 1,024 (960 connections, 720 WebSockets),
/// 720 spectators' sockets from 45 addresses and 1,200 slow-header connections from
/// 20 used to lock everyone out: seat holders could not open their own WebSocket,
/// and every new client got 503 until the 10 s header time-out. Now spectators get
/// three quarters of the WebSockets (the rest are refused `503 spectator_sockets`),
/// newcomers take the places of connections still waiting for a request head (the
/// largest address group's first), and a seat holder is answered and gets its
/// socket while the whole crowd still holds on.
#[cfg(unix)]
#[test]
fn seat_holders_are_served_while_720_spectators_and_1200_slow_clients_knock() {
    use std::net::Ipv4Addr;
    raise_own_nofile();
    let s = Server::start_with_nofile(&temp_dir("crowd"), &[], 1024);
    let (id, tokens) = wasps(&s);
    let token = tokens[0].clone().unwrap();
    // 720 spectators, 16 from each of 45 addresses.
    let mut watching = Vec::new();
    let mut refused = Vec::new();
    for a in 1..=45u8 {
        for _ in 0..16 {
            match watch_from(&s, &id, Ipv4Addr::new(127, 0, 1, a)) {
                Ok(w) => watching.push(w),
                Err(code) => refused.push(code),
            }
        }
    }
    assert_eq!(watching.len(), 540, "three quarters of 720 WebSockets");
    assert!(refused.iter().all(|c| *c == 503), "{refused:?}");
    // 1,200 slow clients, 60 from each of 20 addresses: each sends half a head.
    let mut slow = Vec::new();
    for a in 1..=20u8 {
        for _ in 0..60 {
            let mut c = connect_from(&s, Ipv4Addr::new(127, 0, 2, a), 0);
            let _ = c.write_all(b"GET /api/rulesets HTTP/1.1\r\nHost: x\r\n");
            slow.push(c);
        }
    }
    // The crowd has the places: the server cut slow clients to seat slow clients.
    let (c, stats) = s.get("/api/stats", None);
    assert_eq!(c, 200, "{stats}");
    assert!(stats["connections_cut"].as_u64().unwrap() > 0, "{stats}");
    assert_eq!(stats["spectator_websockets"], 540, "{stats}");
    // The seat holder is answered, and its own WebSocket opens.
    let started = Instant::now();
    let (c, v) = s.get(&format!("/api/games/{id}"), Some(&token));
    assert_eq!(c, 200, "{v}");
    let mut seat = s.ws(&id, Some(&token));
    assert_eq!(seat.next()["type"], "state");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    // One more spectator is not: the last places are the seats'.
    assert_eq!(
        watch_from(&s, &id, Ipv4Addr::new(127, 0, 3, 1)).err(),
        Some(503)
    );
    drop((slow, watching));
}

/// Issue 40 "Memory": past `--memory-budget` games leave memory before
/// `--idle-unload` (here a budget of 1 MiB, always passed): every game nobody
/// watches leaves within a few seconds, a watched one stays, and a game that left
/// is reloaded from the database, where it stood, when asked for.
#[test]
fn past_the_memory_budget_unwatched_games_leave_memory_and_come_back() {
    let s = Server::start(&temp_dir("budget"), None, &["--memory-budget", "1"]);
    let games: Vec<_> = (0..5).map(|_| wasps(&s)).collect();
    let mut hashes = Vec::new();
    for (id, tokens) in &games {
        let (c, v) = s.get(&format!("/api/games/{id}"), tokens[0].as_deref());
        assert_eq!(c, 200, "{v}");
        hashes.push(v["status"]["hash"].clone());
    }
    let mut watcher = s.ws(&games[0].0, games[0].1[0].as_deref());
    assert_eq!(watcher.next()["type"], "state");
    let in_memory = || {
        s.get("/api/stats", None).1["games_in_memory"]
            .as_u64()
            .unwrap()
    };
    let started = Instant::now();
    while in_memory() > 1 {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{} games still in memory",
            in_memory()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    // The watched game stayed; the others come back as they were.
    for ((id, tokens), hash) in games.iter().zip(&hashes) {
        let (c, v) = s.get(&format!("/api/games/{id}"), tokens[0].as_deref());
        assert_eq!(c, 200, "{v}");
        assert_eq!(&v["status"]["hash"], hash);
    }
    drop(watcher);
}
