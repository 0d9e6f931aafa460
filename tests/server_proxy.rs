//! Issue 40: `orrery serve` behind a real proxy. nginx (Debian's `nginx-light`), run
//! with the configuration docs/deploy/nginx.conf documents, in front of two instances
//! sharing one PostgreSQL database, each started with `--trusted-proxy 127.0.0.1`.
//! Clients reach nginx from loopback addresses of their own (127.0.0.2, 127.0.0.3):
//! the instances count each client as itself, a header a client writes is ignored,
//! and a seat's WebSocket through nginx hears an action played through nginx.

mod server_support;

use serde_json::{json, Value};
use server_support::{free_port, temp_dir, Postgres, Server};
use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// nginx running in the foreground on a configuration of its own.
struct Nginx {
    child: Child,
    port: u16,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn nginx_bin() -> PathBuf {
    ["/usr/sbin/nginx", "/usr/bin/nginx"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
        .unwrap_or_else(|| {
            panic!("this test needs nginx: install it (apt-get install nginx-light; .ci/run does)")
        })
}

/// Start nginx in `dir` with docs/deploy/nginx.conf, its two upstream addresses and
/// its `listen` port replaced by the test's.
fn start_nginx(dir: &Path, upstreams: [&str; 2]) -> Nginx {
    let documented = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/deploy/nginx.conf"),
    )
    .unwrap();
    let port = free_port();
    let site = documented
        .replace(
            "server 127.0.0.1:8081;",
            &format!("server {};", upstreams[0]),
        )
        .replace(
            "server 127.0.0.1:8082;",
            &format!("server {};", upstreams[1]),
        )
        .replace("listen 80;", &format!("listen 127.0.0.1:{port};"));
    assert_ne!(site, documented);
    std::fs::write(dir.join("orrery.conf"), site).unwrap();
    // What a system's nginx.conf gives: here everything in `dir`, in the foreground.
    let d = dir.display();
    let main = format!(
        "daemon off;\nmaster_process off;\npid {d}/nginx.pid;\nerror_log {d}/error.log warn;\n\
         events {{ worker_connections 512; }}\n\
         http {{\n  access_log off;\n  client_body_temp_path {d}/body;\n  proxy_temp_path {d}/proxy;\n  \
         fastcgi_temp_path {d}/fastcgi;\n  uwsgi_temp_path {d}/uwsgi;\n  scgi_temp_path {d}/scgi;\n  \
         include {d}/orrery.conf;\n}}\n"
    );
    std::fs::write(dir.join("nginx.conf"), main).unwrap();
    let child = Command::new(nginx_bin())
        .arg("-p")
        .arg(dir)
        .arg("-c")
        .arg(dir.join("nginx.conf"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("nginx starts");
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "nginx did not listen: {}",
            std::fs::read_to_string(dir.join("error.log")).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    Nginx { child, port }
}

/// A connection to nginx from the loopback address `from`.
fn connect_from(port: u16, from: Ipv4Addr) -> TcpStream {
    let stream = server_support::connect_from(SocketAddr::from(([127, 0, 0, 1], port)), from, 0);
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream
}

/// One request through nginx from `from` (with `extra` header lines): the status
/// and the JSON answer.
fn request(
    nginx: &Nginx,
    from: Ipv4Addr,
    method: &str,
    path: &str,
    extra: &str,
    body: &Value,
) -> (u16, Value) {
    let mut c = connect_from(nginx.port, from);
    let body = body.to_string();
    write!(
        c,
        "{method} {path} HTTP/1.1\r\nHost: orrery.test\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n{extra}\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    c.read_to_string(&mut answer).unwrap();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {answer:?}"));
    let text = answer.split("\r\n\r\n").nth(1).unwrap_or_default();
    (status, serde_json::from_str(text).unwrap_or(Value::Null))
}

fn create(nginx: &Nginx, from: Ipv4Addr, extra: &str) -> (u16, Value) {
    request(
        nginx,
        from,
        "POST",
        "/api/games",
        extra,
        &json!({"ruleset": "launch-fighters", "scenario": "duel"}),
    )
}

#[test]
fn behind_nginx_each_client_counts_as_itself_and_a_written_header_is_ignored() {
    let Some(pg) = Postgres::start("proxy") else {
        return;
    };
    // One game an hour per client, on each instance.
    let flags = [
        "--trusted-proxy",
        "127.0.0.1",
        "--games-per-hour",
        "1",
        "--rate-limit",
        "0",
    ];
    let a = Server::start(&temp_dir("proxy-a"), Some(&pg.url), &flags);
    let b = Server::start(&temp_dir("proxy-b"), Some(&pg.url), &flags);
    let upstreams = [&a, &b].map(|s| s.base.trim_start_matches("http://").to_string());
    let nginx = start_nginx(&temp_dir("nginx"), [&upstreams[0], &upstreams[1]]);
    let (first, second) = (Ipv4Addr::new(127, 0, 0, 2), Ipv4Addr::new(127, 0, 0, 3));

    // The first client uses its quota: one game on each instance at most.
    let made: Vec<u16> = (0..6).map(|_| create(&nginx, first, "").0).collect();
    let created = made.iter().filter(|c| **c == 201).count();
    assert!((1..=2).contains(&created), "{made:?}");
    assert!(made.iter().all(|c| *c == 201 || *c == 429), "{made:?}");
    // Naming another client in a header of its own changes nothing: nginx writes
    // the header, and the instances read it only from nginx.
    for spoof in [
        "X-Forwarded-For: 198.51.100.7\r\n",
        "Forwarded: for=198.51.100.8\r\n",
    ] {
        for _ in 0..2 {
            let (c, v) = create(&nginx, first, spoof);
            assert_eq!(c, 429, "{spoof}: {v}");
            assert_eq!(v["error"]["code"], "quota", "{v}");
        }
    }
    // Another client is another client (counted as nginx, it would be refused too).
    let (c, game) = create(&nginx, second, "");
    assert_eq!(c, 201, "{game}");

    // A seat's WebSocket through nginx hears an action played through nginx, on
    // whichever instance each landed.
    let id = game["id"].as_str().unwrap();
    let tokens: Vec<String> = game["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();
    let url = format!(
        "ws://127.0.0.1:{}/api/games/{id}/ws?token={}&push=full",
        nginx.port, tokens[0]
    );
    let (mut ws, _) =
        tungstenite::client(url.as_str(), connect_from(nginx.port, second)).expect("handshake");
    let state = |ws: &mut tungstenite::WebSocket<TcpStream>| -> Value {
        loop {
            if let tungstenite::Message::Text(t) = ws.read().expect("a message") {
                return serde_json::from_str(&t).unwrap();
            }
        }
    };
    let first_state = state(&mut ws);
    assert_eq!(first_state["type"], "state");
    let next = first_state["next"].as_u64().unwrap();
    let (mover, legal) = (0..2)
        .find_map(|seat| {
            let (c, v) = request(
                &nginx,
                second,
                "GET",
                &format!("/api/games/{id}?token={}", tokens[seat]),
                "",
                &Value::Null,
            );
            assert_eq!(c, 200, "{v}");
            let legal = v["legal"].as_array().cloned().unwrap_or_default();
            (!legal.is_empty()).then(|| (seat, legal[0].clone()))
        })
        .expect("a seat to move");
    let (c, v) = request(
        &nginx,
        second,
        "POST",
        &format!("/api/games/{id}/actions?token={}", tokens[mover]),
        "",
        &json!({"action": legal}),
    );
    assert_eq!(c, 200, "{v}");
    let pushed = state(&mut ws);
    assert!(
        pushed["next"].as_u64().unwrap() > next,
        "the push after the action: {pushed}"
    );
    // Issue 42 through the documented configuration: nginx passes the Host the
    // browser wrote, so a change from the site's own page passes the origin check
    // and one from another site's page is refused.
    let account = json!({"name": "Proxied", "password": "through nginx"});
    let (c, v) = request(
        &nginx,
        second,
        "POST",
        "/api/accounts",
        "Origin: http://evil.test\r\n",
        &account,
    );
    assert_eq!(
        (c, v["error"]["code"].as_str()),
        (403, Some("cross_origin")),
        "{v}"
    );
    let (c, v) = request(
        &nginx,
        second,
        "POST",
        "/api/accounts",
        "Origin: http://orrery.test\r\nX-Forwarded-Proto: https\r\n",
        &account,
    );
    assert_eq!(c, 201, "{v}");
    drop(ws);
    drop(nginx);
    drop((a, b, pg));
}
