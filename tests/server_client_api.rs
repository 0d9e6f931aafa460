//! Issue 11: the routes the browser client uses, called as any client would: the
//! page and its files, each ruleset's board module, `legal_text`, odds and previews
//! before committing, replays of a game and of an imported record, file checks and
//! rosters for the fleet builder. All answers come from the rulesets.

mod server_support;

use serde_json::{json, Value};
use server_support::{code, raw, temp_dir, Server};

/// Play seat 0's first legal action until `stop` says so (seat 1 is an AI).
fn play_until(s: &Server, id: &str, token: &str, stop: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..400 {
        let (_, g) = s.get(&format!("/api/games/{id}?describe=1"), Some(token));
        if stop(&g) {
            return g;
        }
        match g["legal"].as_array().and_then(|l| l.first()) {
            Some(a) => {
                s.act(id, token, a);
            }
            None => std::thread::sleep(std::time::Duration::from_millis(50)),
        }
    }
    panic!("the game never reached the state looked for");
}

#[test]
fn the_page_its_files_and_the_board_modules_are_served() {
    let s = Server::start(&temp_dir("client-files"), None, &[]);
    let (st, page) = raw("GET", &format!("{}/", s.base), None, None);
    assert_eq!(st, 200);
    assert!(page.contains("/web/app.js"));
    for f in [
        "app.js",
        "api.js",
        "lobby.js",
        "game.js",
        "replay.js",
        "builder.js",
        "ui.js",
        "style.css",
    ] {
        let (st, body) = raw("GET", &format!("{}/web/{f}", s.base), None, None);
        assert_eq!(st, 200, "{f}");
        assert!(!body.is_empty(), "{f}");
    }
    let (_, rs) = s.get("/api/rulesets", None);
    for r in rs["rulesets"].as_array().unwrap() {
        let id = r["id"].as_str().unwrap();
        let (st, js) = raw("GET", &format!("{}/board/{id}.js", s.base), None, None);
        assert_eq!(st, 200, "{id} has a board");
        assert!(js.contains("export default"), "{id}");
        // Every ruleset has a fleet builder (docs/web.md, "Fleet builder").
        let (st, js) = raw("GET", &format!("{}/builder/{id}.js", s.base), None, None);
        assert_eq!(st, 200, "{id} has a fleet builder");
        assert!(
            js.contains("export default") && js.contains("mount("),
            "{id}"
        );
        assert!(r["scenarios"][0]["seats"].as_u64().unwrap() >= 2, "{r}");
        let (_, roster) = s.get(&format!("/api/rulesets/{id}/roster"), None);
        assert!(!roster["roster"].as_array().unwrap().is_empty(), "{id}");
    }
    let (st, v) = s.get("/board/no-such-game.js", None);
    assert_eq!((st, code(&v)), (404, "not_found"));
    let (st, v) = s.get("/builder/no-such-game.js", None);
    assert_eq!((st, code(&v)), (404, "not_found"));
    let (st, v) = s.get("/web/secret.txt", None);
    assert_eq!((st, code(&v)), (404, "not_found"));
}

/// Issue 40 "Headers": every answer, page or API, success or error, carries a strict
/// Content-Security-Policy (scripts from this server only, never inline; never
/// framed), `nosniff`, `X-Frame-Options` and a `Referrer-Policy`; and the page has no
/// inline script for the policy to refuse.
#[test]
fn every_answer_carries_the_security_headers() {
    let s = Server::start(&temp_dir("client-headers"), None, &[]);
    for (method, path) in [
        ("GET", "/"),
        ("GET", "/web/app.js"),
        ("GET", "/board/launch-fighters.js"),
        ("GET", "/api/rulesets"),
        ("GET", "/api/games/no-such-game"),
        ("POST", "/api/games"),
    ] {
        let url = format!("{}{path}", s.base);
        let res = match ureq::request(method, &url).send_string("{") {
            Ok(r) => r,
            Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("{method} {path}: {e}"),
        };
        let csp = res.header("content-security-policy").unwrap_or_default();
        for part in [
            "default-src 'self'",
            "script-src 'self';",
            "frame-ancestors 'none'",
            "object-src 'none'",
        ] {
            assert!(
                csp.contains(part),
                "{method} {path}: CSP {csp:?} lacks {part}"
            );
        }
        assert!(!csp.contains("unsafe-eval"), "{csp}");
        assert!(!csp
            .split(';')
            .any(|d| d.trim().starts_with("script-src") && d.contains("unsafe-inline")));
        assert_eq!(
            res.header("x-content-type-options"),
            Some("nosniff"),
            "{method} {path}"
        );
        assert_eq!(
            res.header("x-frame-options"),
            Some("DENY"),
            "{method} {path}"
        );
        assert_eq!(
            res.header("referrer-policy"),
            Some("no-referrer"),
            "{method} {path}"
        );
    }
    let (_, page) = raw("GET", &format!("{}/", s.base), None, None);
    for tag in page.split("<script").skip(1) {
        let open = tag.split('>').next().unwrap_or_default();
        assert!(open.contains("src="), "an inline script: <script{open}>");
    }
}

#[test]
fn odds_and_previews_before_committing() {
    let s = Server::start(&temp_dir("client-odds"), None, &[]);
    // Stratoyager: a Movement Action's path, end and stress dice.
    let (id, tokens) = s.create(
        &json!({"ruleset": "stratoyager", "scenario": "dogfight", "seed": 5,
        "seats": [{"type": "human"}, {"type": "agent", "agent": "easy"}]}),
    );
    let t = tokens[0].clone().unwrap();
    let g = play_until(&s, &id, &t, |g| {
        g["legal"]
            .as_array()
            .is_some_and(|l| l.iter().any(|a| a["kind"] == "maneuver"))
    });
    let legal = g["legal"].as_array().unwrap();
    let text = g["legal_text"].as_array().unwrap();
    assert_eq!(legal.len(), text.len(), "one description per legal action");
    let m = legal
        .iter()
        .find(|a| a["first"]["driver"] == "accelerate" && a["first"]["thrust"] == 2)
        .unwrap();
    let (st, v) = s.post(
        &format!("/api/games/{id}/preview"),
        Some(&t),
        &json!({"action": m}),
    );
    assert_eq!(st, 200, "{v}");
    let p = &v["preview"];
    assert_eq!(p["kind"], "maneuver");
    assert!(p["path"].as_array().unwrap().len() >= 2, "{p}");
    assert!(
        p["speed"].as_u64().unwrap() >= 2,
        "acceleration adds speed: {p}"
    );
    assert_eq!(p["stress"]["kind"], "hull_stress");
    // Not legal: 422, nothing changes.
    let mut bad = m.clone();
    bad["first"]["thrust"] = json!(19);
    let (st, v) = s.post(
        &format!("/api/games/{id}/preview"),
        Some(&t),
        &json!({"action": bad}),
    );
    assert_eq!((st, code(&v)), (422, "illegal_action"));
    let (st, v) = s.post(
        &format!("/api/games/{id}/odds"),
        None,
        &json!({"action": m}),
    );
    assert_eq!((st, code(&v)), (401, "bad_token"));

    // Launch Fighters!: a legal non-attack has no odds (null); an attack has them.
    let (id, tokens) = s.create(
        &json!({"ruleset": "launch-fighters", "scenario": "duel", "seed": 2,
        "seats": [{"type": "human"}, {"type": "agent", "agent": "greedy"}]}),
    );
    let t = tokens[0].clone().unwrap();
    let (_, g) = s.get(&format!("/api/games/{id}"), Some(&t));
    assert!(g.get("legal_text").is_none(), "only with ?describe=1");
    let place = g["legal"][0].clone();
    let (st, v) = s.post(
        &format!("/api/games/{id}/odds"),
        Some(&t),
        &json!({"action": place}),
    );
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["odds"], Value::Null);
    let g = play_until(&s, &id, &t, |g| {
        g["legal"]
            .as_array()
            .is_some_and(|l| l.iter().any(|a| a["type"] == "barrage"))
    });
    let attack = g["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["type"] == "barrage")
        .unwrap()
        .clone();
    let (st, v) = s.post(
        &format!("/api/games/{id}/odds"),
        Some(&t),
        &json!({"action": attack}),
    );
    assert_eq!(st, 200, "{v}");
    assert!(v["odds"].is_object() && v["text"].is_string(), "{v}");
}

#[test]
fn replays_step_through_a_game_and_an_imported_record() {
    let s = Server::start(&temp_dir("client-replay"), None, &[]);
    let (id, tokens) = s.create(
        &json!({"ruleset": "launch-fighters", "scenario": "duel", "seed": 9,
        "seats": [{"type": "human"}, {"type": "agent", "agent": "easy"}]}),
    );
    let t = tokens[0].clone().unwrap();
    play_until(&s, &id, &t, |g| g["status"]["turn"].as_u64().unwrap() >= 2);
    let (st, r0) = s.get(&format!("/api/games/{id}/replay?step=0"), Some(&t));
    assert_eq!(st, 200, "{r0}");
    assert_eq!(r0["step"], 0);
    assert_eq!(r0["status"]["phase"], "placement");
    let steps = r0["steps"].as_u64().unwrap();
    assert!(steps > 4);
    assert_eq!(r0["turns"].as_array().unwrap().len() as u64, steps + 1);
    let (_, r3) = s.get(&format!("/api/games/{id}/replay?step=3"), Some(&t));
    assert_eq!(r3["step"], 3);
    assert_ne!(r3["status"]["hash"], r0["status"]["hash"]);
    assert_eq!(r3["seat"], 0);
    let (st, v) = s.get(&format!("/api/games/{id}/replay?step=x"), Some(&t));
    assert_eq!((st, code(&v)), (400, "bad_request"));
    // Finished: the full record, imported and stepped; a tampered one is refused.
    let any = s.get(&format!("/api/games/{id}"), Some(&t)).1["legal"][0].clone();
    let (st, _) = s.post(&format!("/api/games/{id}/resign"), Some(&t), &json!({}));
    assert_eq!(st, 200);
    for route in ["odds", "preview"] {
        let (st, v) = s.post(
            &format!("/api/games/{id}/{route}"),
            Some(&t),
            &json!({"action": any}),
        );
        assert_eq!(
            (st, code(&v)),
            (409, "game_over"),
            "{route} after a resignation"
        );
    }
    let (_, rec) = s.get(&format!("/api/games/{id}/record"), None);
    let record = rec["record"].clone();
    let seed: u64 = record["seed"]
        .as_str()
        .expect("the seed as digits")
        .parse()
        .unwrap();
    let (st, up) = s.post("/api/replay", None, &json!({"record": record, "step": 3}));
    assert_eq!(st, 200, "{up}");
    assert_eq!(
        up["status"]["hash"],
        s.get(&format!("/api/games/{id}/replay?step=3"), None).1["status"]["hash"]
    );
    let mut bad = record.clone();
    bad["seed"] = json!((seed + 1).to_string());
    let (st, v) = s.post("/api/replay", None, &json!({"record": bad, "step": 3}));
    assert_eq!((st, code(&v)), (422, "invalid_setup"), "{v}");
}

#[test]
fn fleet_and_scenario_files_are_checked_as_the_cli_checks_them() {
    let s = Server::start(&temp_dir("client-files-check"), None, &[]);
    let fleet = "name = \"F\"\npoints = 100\n[[ships]]\ndesign = \"Excelsior\"\n[[ships]]\ndesign = \"Wasp\"\n";
    let (st, v) = s.post(
        "/api/files/check",
        None,
        &json!({"ruleset": "launch-fighters", "kind": "fleet", "text": fleet}),
    );
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["valid"], true);
    assert!(v["text"].as_str().unwrap().contains("99"), "{v}");
    let over = fleet.replace("points = 100", "points = 50");
    let (_, v) = s.post(
        "/api/files/check",
        None,
        &json!({"ruleset": "launch-fighters", "kind": "fleet", "text": over, "file": "my.toml"}),
    );
    assert_eq!(v["valid"], false);
    assert!(
        v["problems"][0]
            .as_str()
            .unwrap()
            .starts_with("my.toml: points:"),
        "{v}"
    );
    let sc = "name = \"b\"\ntable = { width = 24, length = 24 }\n[[forces]]\nname = \"A\"\nunits = [\"Guardian 151a\"]\n[[forces]]\nname = \"B\"\nunits = [\"Evo 6.2\"]\n";
    let (_, v) = s.post(
        "/api/files/check",
        None,
        &json!({"ruleset": "stratoyager", "kind": "scenario", "text": sc}),
    );
    assert_eq!(v["valid"], true, "{v}");
    // The checked scenario sets a game up.
    let (id, _) = s.create(&json!({"ruleset": "stratoyager", "scenario": v["scenario"], "seats": [{"type": "human"}, {"type": "human"}]}));
    assert_eq!(id.len(), 16);
    let (st, v) = s.post(
        "/api/files/check",
        None,
        &json!({"ruleset": "stratoyager", "kind": "fleet", "text": sc}),
    );
    assert_eq!((st, code(&v)), (400, "bad_request"));
}

#[test]
fn an_open_seat_is_taken_from_the_lobby_once() {
    let s = Server::start(&temp_dir("client-join"), None, &[]);
    let (id, tokens) = s.create(&json!({"ruleset": "launch-fighters", "scenario": "duel",
        "seats": [{"type": "human"}, {"type": "open"}]}));
    assert!(
        tokens[1].is_none(),
        "no token is handed out for an open seat"
    );
    let (_, lobby) = s.get("/api/games", None);
    let seat = &lobby["games"][0]["seats"][1];
    assert_eq!(
        (seat["type"].as_str(), seat["taken"].as_bool()),
        (Some("open"), Some(false))
    );
    let (st, v) = s.post(&format!("/api/games/{id}/join"), None, &json!({"seat": 0}));
    assert_eq!(
        (st, code(&v)),
        (409, "seat_taken"),
        "a creator's seat is not open"
    );
    let (st, v) = s.post(&format!("/api/games/{id}/join"), None, &json!({"seat": 1}));
    assert_eq!(st, 201, "{v}");
    let token = v["token"].as_str().unwrap().to_string();
    let (st, g) = s.get(&format!("/api/games/{id}"), Some(&token));
    assert_eq!((st, g["seat"].as_u64()), (200, Some(1)));
    let (st, v) = s.post(&format!("/api/games/{id}/join"), None, &json!({"seat": 1}));
    assert_eq!((st, code(&v)), (409, "seat_taken"));
    let (_, lobby) = s.get("/api/games", None);
    assert_eq!(lobby["games"][0]["seats"][1]["taken"], true);
    let (st, v) = s.post(
        &format!("/api/games/{id}/join"),
        None,
        &json!({"seat": 1, "x": 2}),
    );
    assert_eq!((st, code(&v)), (400, "bad_request"));

    // A join with the client's own token may be repeated (its answer may be lost).
    let (id2, _) = s.create(&json!({"ruleset": "launch-fighters", "scenario": "duel",
        "seats": [{"type": "human"}, {"type": "open"}]}));
    let mine = "0123456789abcdef0123456789abcdef";
    let join = |t: &str| {
        s.post(
            &format!("/api/games/{id2}/join"),
            None,
            &json!({"seat": 1, "token": t}),
        )
    };
    let (st, v) = join("not hex");
    assert_eq!((st, code(&v)), (400, "bad_request"));
    let (st, v) = join(mine);
    assert_eq!((st, v["token"].as_str()), (201, Some(mine)));
    let (st, v) = join(mine);
    assert_eq!(
        (st, v["token"].as_str()),
        (201, Some(mine)),
        "the same token joins again"
    );
    let (st, v) = join("ffffffffffffffffffffffffffffffff");
    assert_eq!((st, code(&v)), (409, "seat_taken"));
    // The claim is in the database: a restarted server knows the token.
    let mut s = s;
    s.kill9();
    let s = s.restart();
    let (st, g) = s.get(&format!("/api/games/{id}"), Some(&token));
    assert_eq!((st, g["seat"].as_u64()), (200, Some(1)));
}
