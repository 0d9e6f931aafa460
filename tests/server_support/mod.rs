//! Helpers for the tests of `orrery serve`: the real binary on a loopback port, a
//! real PostgreSQL (a private cluster started from the Debian packages), an HTTP and
//! a WebSocket client.
#![allow(dead_code)]

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("orrery-serve-{}-{name}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The `orrery` binary: Cargo's for tests, else the one beside this program's
/// directory (`target/release/examples/..` for the load bench).
pub fn orrery_exe() -> PathBuf {
    match option_env!("CARGO_BIN_EXE_orrery") {
        Some(p) => PathBuf::from(p),
        None => {
            let me = std::env::current_exe().expect("this program's path");
            me.parent()
                .and_then(Path::parent)
                .map(|d| d.join("orrery"))
                .expect("target/<profile>/orrery")
        }
    }
}

/// A running `orrery serve`.
pub struct Server {
    pub child: Child,
    /// `http://127.0.0.1:PORT`
    pub base: String,
    pub data: PathBuf,
    pub database_url: Option<String>,
    pub extra: Vec<String>,
}

impl Server {
    /// Start on a free loopback port with SQLite in `data` (or PostgreSQL at `url`).
    pub fn start(data: &Path, url: Option<&str>, extra: &[&str]) -> Server {
        Self::launch(data, url, extra, None)
    }

    /// [`Server::start`] under a descriptor limit (`ulimit -n`, soft and hard).
    pub fn start_with_nofile(data: &Path, extra: &[&str], nofile: u32) -> Server {
        Self::launch(data, None, extra, Some(nofile))
    }

    fn launch(data: &Path, url: Option<&str>, extra: &[&str], nofile: Option<u32>) -> Server {
        let exe = orrery_exe();
        let mut cmd = match nofile {
            None => Command::new(&exe),
            Some(n) => {
                let mut c = Command::new("sh");
                c.arg("-c")
                    .arg(format!("ulimit -n {n} && exec \"$0\" \"$@\""))
                    .arg(&exe);
                c
            }
        };
        cmd.args(["serve", "--addr", "127.0.0.1:0", "--data"])
            .arg(data)
            .args(extra)
            .env_remove("ORRERY_DATABASE_URL")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        if let Some(u) = url {
            cmd.args(["--database-url", u]);
        }
        let mut child = cmd.spawn().expect("orrery serve starts");
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        // Keep reading its output so it never blocks on a full pipe.
        std::thread::spawn(move || for _ in out.lines() {});
        Server {
            child,
            base: format!("http://{addr}"),
            data: data.to_path_buf(),
            database_url: url.map(String::from),
            extra: extra.iter().map(|s| s.to_string()).collect(),
        }
    }

    /// The loopback address it listens on.
    pub fn addr(&self) -> std::net::SocketAddr {
        self.base.trim_start_matches("http://").parse().unwrap()
    }

    /// `kill -9` the process (no shutdown of any kind).
    pub fn kill9(&mut self) {
        let pid = self.child.id().to_string();
        let status = Command::new("kill").args(["-9", &pid]).status().unwrap();
        assert!(status.success());
        let _ = self.child.wait();
    }

    /// Start again on the same data.
    pub fn restart(&self) -> Server {
        let extra: Vec<&str> = self.extra.iter().map(String::as_str).collect();
        Server::start(&self.data, self.database_url.as_deref(), &extra)
    }

    pub fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        call("GET", &format!("{}{path}", self.base), token, None)
    }

    pub fn post(&self, path: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
        call(
            "POST",
            &format!("{}{path}", self.base),
            token,
            Some(body.to_string()),
        )
    }

    /// The raw body of a GET (for byte comparisons).
    pub fn get_text(&self, path: &str, token: Option<&str>) -> String {
        raw("GET", &format!("{}{path}", self.base), token, None).1
    }

    /// Create a game; returns its id and the tokens by seat (`None` for agents).
    pub fn create(&self, body: &Value) -> (String, Vec<Option<String>>) {
        let (code, v) = self.post("/api/games", None, body);
        assert_eq!(code, 201, "{v}");
        let id = v["id"].as_str().unwrap().to_string();
        let n = body["seats"].as_array().map_or(2, Vec::len);
        let mut tokens = vec![None; n];
        for s in v["seats"].as_array().unwrap() {
            tokens[s["seat"].as_u64().unwrap() as usize] =
                Some(s["token"].as_str().unwrap().into());
        }
        (id, tokens)
    }

    /// Play `action` for the token's seat; panics unless accepted.
    pub fn act(&self, id: &str, token: &str, action: &Value) -> Value {
        let (code, v) = self.post(
            &format!("/api/games/{id}/actions"),
            Some(token),
            &json!({ "action": action }),
        );
        assert_eq!(code, 200, "{v}");
        v
    }

    /// Connect a WebSocket for the token's seat, pushed the whole state on every
    /// change (`push=full`).
    pub fn ws(&self, id: &str, token: Option<&str>) -> Ws {
        self.ws_query(id, token, "push=full")
    }

    /// Connect a WebSocket with the query `query` (`push=delta`, `legal=compact`, …).
    pub fn ws_query(&self, id: &str, token: Option<&str>, query: &str) -> Ws {
        let addr = self.base.trim_start_matches("http://").to_string();
        let url = match token {
            Some(t) => format!("ws://{addr}/api/games/{id}/ws?token={t}&{query}"),
            None => format!("ws://{addr}/api/games/{id}/ws?{query}"),
        };
        let stream = TcpStream::connect(&addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let (socket, _) = tungstenite::client(url.as_str(), stream).expect("WebSocket handshake");
        Ws { socket }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A WebSocket client.
pub struct Ws {
    pub socket: tungstenite::WebSocket<TcpStream>,
}

impl Ws {
    /// The next text message (pings are answered by the library).
    pub fn next_text(&mut self) -> String {
        loop {
            match self.socket.read().expect("a WebSocket message") {
                tungstenite::Message::Text(t) => return t.to_string(),
                tungstenite::Message::Close(c) => panic!("closed: {c:?}"),
                _ => continue,
            }
        }
    }

    pub fn next(&mut self) -> Value {
        serde_json::from_str(&self.next_text()).unwrap()
    }

    /// Read messages until one satisfies `f`.
    pub fn until(&mut self, f: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self.next();
            if f(&m) {
                return m;
            }
        }
    }

    pub fn send(&mut self, v: &Value) {
        self.socket
            .send(tungstenite::Message::Text(v.to_string().into()))
            .unwrap();
    }
}

fn agent() -> ureq::Agent {
    ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(60))
        .build()
}

/// One request; any status comes back (errors too), with the body as text.
pub fn raw(method: &str, url: &str, token: Option<&str>, body: Option<String>) -> (u16, String) {
    let mut req = agent().request(method, url);
    if let Some(t) = token {
        req = req.set("Authorization", &format!("Bearer {t}"));
    }
    let res = match body {
        Some(b) => req.set("Content-Type", "application/json").send_string(&b),
        None => req.call(),
    };
    match res {
        Ok(r) => (r.status(), r.into_string().unwrap_or_default()),
        Err(ureq::Error::Status(code, r)) => (code, r.into_string().unwrap_or_default()),
        Err(e) => panic!("{method} {url}: {e}"),
    }
}

/// [`raw`], the body read as JSON.
pub fn call(method: &str, url: &str, token: Option<&str>, body: Option<String>) -> (u16, Value) {
    let (code, text) = raw(method, url, token, body);
    let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{method} {url}: {e}: {text}"));
    (code, v)
}

/// The error code of an error body.
pub fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("")
}

/// The Two Wasps scenario of docs/protocol.md: two ships, a short game.
pub fn two_wasps() -> Value {
    let wasp = json!({"name":"Wasp","cannons":2,"launchers":0,"bays":0,"defense":3,"move":4});
    json!({"name":"Two Wasps","fleets":[{"name":"Red","ships":[wasp]},{"name":"Blue","ships":[wasp]}]})
}

/// Play the game to its end (or `max` actions) from `server`'s point of view, each
/// seat choosing its first legal action; returns the actions played.
pub fn play_first_legal(server: &Server, id: &str, tokens: &[Option<String>], max: usize) -> usize {
    let mut n = 0;
    while n < max {
        let (_, spect) = server.get(&format!("/api/games/{id}"), None);
        if spect["status"]["terminal"] == json!(true) {
            break;
        }
        let seat = spect["status"]["to_move"][0].as_u64().unwrap() as usize;
        let token = tokens[seat].as_deref().unwrap();
        let (_, me) = server.get(&format!("/api/games/{id}"), Some(token));
        let action = me["legal"][0].clone();
        server.act(id, token, &action);
        n += 1;
    }
    n
}

/// A PostgreSQL database for one test: `ORRERY_TEST_DATABASE_URL` when set, else a
/// private cluster started from the installed PostgreSQL (the Debian packages) in a
/// temporary directory, stopped when dropped. Without PostgreSQL the test fails,
/// unless `ORRERY_SKIP_POSTGRES=1` says to skip it (then this is `None`).
pub struct Postgres {
    pub url: String,
    child: Option<Child>,
    dir: Option<PathBuf>,
    /// The private cluster's programs' directory and port.
    bin: PathBuf,
    port: u16,
}

impl Postgres {
    pub fn start(name: &str) -> Option<Postgres> {
        if let Ok(url) = std::env::var("ORRERY_TEST_DATABASE_URL") {
            return Some(Postgres {
                url,
                child: None,
                dir: None,
                bin: PathBuf::new(),
                port: 0,
            });
        }
        let Some(bin) = pg_bin() else {
            if std::env::var("ORRERY_SKIP_POSTGRES").is_ok_and(|v| v == "1") {
                eprintln!("PostgreSQL not installed: skipped (ORRERY_SKIP_POSTGRES=1)");
                return None;
            }
            panic!(
                "these tests need PostgreSQL: install it (apt-get install postgresql; .ci/run \
                 does) or set ORRERY_TEST_DATABASE_URL, or ORRERY_SKIP_POSTGRES=1 to skip them"
            );
        };
        let dir = temp_dir(&format!("pg-{name}"));
        let data = dir.join("data");
        if unsafe_is_root() {
            // PostgreSQL refuses to run as root: the cluster belongs to `postgres`.
            Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&dir)
                .status()
                .unwrap();
        }
        let ok = as_owner(&bin.join("initdb"))
            .args(["-D"])
            .arg(&data)
            .args(["-U", "orrery", "--auth=trust", "-E", "UTF8", "--no-sync"])
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .status()
            .unwrap();
        assert!(ok.success(), "initdb failed");
        let port = free_port();
        let mut pg = Postgres {
            url: format!("postgres://orrery@127.0.0.1:{port}/postgres"),
            child: None,
            dir: Some(dir),
            bin,
            port,
        };
        pg.start_again();
        Some(pg)
    }

    /// Stop the private cluster as a crash would: SIGQUIT to the postmaster (an
    /// immediate shutdown: its connections are cut, no checkpoint). False with
    /// `ORRERY_TEST_DATABASE_URL`, which is not ours to stop.
    /// The postmaster's process id (a private cluster only).
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    pub fn crash(&mut self) -> bool {
        let Some(mut c) = self.child.take() else {
            return false;
        };
        let _ = Command::new("kill")
            .args(["-QUIT", &self.postmaster(c.id())])
            .status();
        let _ = c.wait();
        true
    }

    /// Start the private cluster (again, after [`Postgres::crash`]) on its data
    /// directory and port, and wait until it is ready.
    pub fn start_again(&mut self) {
        let Some(dir) = &self.dir else { return };
        let port = self.port;
        let child = as_owner(&self.bin.join("postgres"))
            .arg("-D")
            .arg(dir.join("data"))
            .args(["-p", &port.to_string(), "-k"])
            .arg(dir)
            .args([
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "max_connections=100",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(60);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "PostgreSQL did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        // Accepting connections is not the same as ready: wait for `pg_isready`.
        while !Command::new(self.bin.join("pg_isready"))
            .args(["-h", "127.0.0.1", "-p", &port.to_string()])
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
        {
            assert!(Instant::now() < deadline, "PostgreSQL is not ready");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The rows `sql` returns, one line each with `|` between columns (`psql -At`).
    pub fn query(&self, sql: &str) -> String {
        let psql = if self.bin.as_os_str().is_empty() {
            PathBuf::from("psql")
        } else {
            self.bin.join("psql")
        };
        let out = Command::new(psql)
            .args(["-At", "-v", "ON_ERROR_STOP=1", "-d", &self.url, "-c", sql])
            .stdin(Stdio::null())
            .output()
            .expect("psql runs");
        assert!(
            out.status.success(),
            "psql {sql}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The postmaster's process id (not `runuser`'s, which passes no signal on).
    fn postmaster(&self, child: u32) -> String {
        self.dir
            .as_ref()
            .and_then(|d| std::fs::read_to_string(d.join("data/postmaster.pid")).ok())
            .and_then(|p| p.lines().next().map(str::to_string))
            .unwrap_or_else(|| child.to_string())
    }
}

/// `prog` run as the owner of the clusters: `postgres` when the tests run as root
/// (PostgreSQL refuses to run as root), else this user.
fn as_owner(prog: &Path) -> Command {
    let mut c = if unsafe_is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(prog);
        c
    } else {
        Command::new(prog)
    };
    c.stdin(Stdio::null());
    c
}

impl Drop for Postgres {
    fn drop(&mut self) {
        if let Some(mut c) = self.child.take() {
            // SIGINT to the postmaster: PostgreSQL's fast shutdown.
            let postmaster = self.postmaster(c.id());
            let _ = Command::new("kill").args(["-INT", &postmaster]).status();
            let _ = c.wait();
        }
        if let Some(d) = &self.dir {
            let _ = std::fs::remove_dir_all(d);
        }
    }
}

fn unsafe_is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// The directory of PostgreSQL's server programs (`initdb`, `postgres`).
fn pg_bin() -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .flatten()
        .map(|e| e.path().join("bin"))
        .filter(|b| b.join("initdb").exists() && b.join("postgres").exists())
        .collect();
    found.sort();
    found.pop()
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A client connection to `to` from the loopback address `from` (127.0.0.0/8: each a
/// different client address to a server), with a receive buffer of `recv_buffer`
/// bytes (0: the kernel's own).
#[cfg(unix)]
pub fn connect_from(
    to: std::net::SocketAddr,
    from: std::net::Ipv4Addr,
    recv_buffer: usize,
) -> TcpStream {
    use socket2::{Domain, SockAddr, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    if recv_buffer > 0 {
        socket.set_recv_buffer_size(recv_buffer).unwrap();
    }
    socket
        .bind(&SockAddr::from(std::net::SocketAddr::new(from.into(), 0)))
        .unwrap();
    socket.connect(&SockAddr::from(to)).unwrap();
    socket.into()
}
