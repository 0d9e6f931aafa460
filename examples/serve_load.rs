//! Load benchmark of `orrery serve` (issues 10 §6 and 25), on loopback only and
//! bounded in time and requests. Starts the release binary, plays concurrent games of
//! random agents through the HTTP API (each client reads a page of its seat's legal
//! actions and posts one of them at random) twice — 100 games as fast as the server answers (throughput),
//! then 200 games paced at 1,000 actions/s in all (latency at that load) — and
//! reports actions per second and the latency of an action (p50, p99); then creates
//! 10,000 games of every ruleset, reads each once, and reports the server's memory
//! with them all loaded and idle.
//!
//! Each phase runs on SQLite and on PostgreSQL (a private cluster started from the
//! installed Debian packages, as the tests do), and reports the server's CPU time per
//! acknowledged action (process CPU from `/proc`, the client's GETs included).
//!
//! ```sh
//! cargo build --release && cargo run --release --example serve_load [-- GAMES SECONDS IDLE RATE PACED_GAMES IDLE_UNLOAD]
//! ```

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};

/// What the client reads of a seat's snapshot (a bot parses only what it uses).
#[derive(Deserialize)]
struct Seen {
    status: SeenStatus,
    legal: Vec<Box<RawValue>>,
}

#[derive(Deserialize)]
struct SeenStatus {
    to_move: Vec<usize>,
    terminal: bool,
}
#[path = "../tests/server_support/mod.rs"]
mod server_support;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("memory") {
        let arg = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
        return memory_run(arg(1, 60), arg(2, 0));
    }
    let arg = |i: usize, d: f64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let games = arg(0, 100.0) as usize;
    let seconds = arg(1, 15.0) as u64;
    let idle = arg(2, 10_000.0) as usize;
    let rate = arg(3, 1000.0);
    let paced_games = arg(4, 200.0) as usize;
    let idle_unload = arg(5, 300.0) as u64;

    let postgres = server_support::Postgres::start("load");
    let mut stores = vec![("SQLite", None)];
    if let Some(pg) = &postgres {
        stores.push(("PostgreSQL", Some(pg.url.clone())));
    }
    for (name, url) in &stores {
        let data = server_support::temp_dir("load");
        let server = start(&data, url.as_deref());
        let pid = server.child.id();
        println!("{name}: server {} (pid {pid})", server.base);
        let agent = ureq::AgentBuilder::new()
            .timeout(Duration::from_secs(30))
            .max_idle_connections_per_host(paced_games + 10)
            .build();
        // Closed loop: every client acts as soon as it has its answer (throughput,
        // and the server's CPU per action).
        let db = postgres
            .as_ref()
            .and_then(|p| p.pid())
            .filter(|_| url.is_some());
        let rate_closed = phase(&agent, &server.base, pid, db, name, games, seconds, None);
        // What HTTP itself costs the server here: the same clients, each request a
        // `404` through the same stack (no game, no database), as many requests a
        // second as the closed loop's two per action.
        floor(&agent, &server.base, pid, name, seconds, 2.0 * rate_closed);
        // Open loop: the games paced to `rate` actions per second in all, each action
        // at its own time slot (players think between moves): the latency of an
        // action at that load, not queueing behind clients that never pause.
        phase(
            &agent,
            &server.base,
            pid,
            db,
            name,
            paced_games,
            seconds,
            Some(rate),
        );
        drop(server);
        let _ = std::fs::remove_dir_all(&data);
    }
    idle_memory(idle, idle_unload);
}

/// A server for the bench: no per-address quotas (every client is on loopback).
fn start(data: &std::path::Path, url: Option<&str>) -> server_support::Server {
    start_with(data, url, &[])
}

fn start_with(data: &std::path::Path, url: Option<&str>, extra: &[&str]) -> server_support::Server {
    let mut flags = vec![
        "--rate-limit",
        "0",
        "--games-per-hour",
        "0",
        "--connections-per-address",
        "100000",
    ];
    flags.extend_from_slice(extra);
    server_support::Server::start(data, url, &flags)
}

/// `serve_load memory SECONDS BUDGET_MIB`: the closed loop of 100 games (each
/// replaced by a new one when it ends) for SECONDS against SQLite, with
/// `--memory-budget BUDGET_MIB` (0: none), the server's resident memory read every
/// 250 ms: its peak, and the games it holds at the end.
fn memory_run(seconds: u64, budget_mib: u64) {
    let data = server_support::temp_dir("load-memory");
    let budget = budget_mib.to_string();
    let server = start_with(&data, None, &["--memory-budget", &budget]);
    let pid = server.child.id();
    let agent = ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(30))
        .max_idle_connections_per_host(110)
        .build();
    let stop = Arc::new(AtomicBool::new(false));
    let peak = Arc::new(AtomicUsize::new(0));
    let sampler = {
        let (stop, peak) = (stop.clone(), peak.clone());
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                peak.fetch_max(rss_kib(pid) as usize, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(250));
            }
        })
    };
    let start_kib = rss_kib(pid);
    phase(
        &agent,
        &server.base,
        pid,
        None,
        "SQLite",
        100,
        seconds,
        None,
    );
    stop.store(true, Ordering::Relaxed);
    sampler.join().unwrap();
    let stats: Value = agent
        .get(&format!("{}/api/stats", server.base))
        .call()
        .unwrap()
        .into_json()
        .unwrap();
    println!(
        "memory: --memory-budget {budget_mib} MiB, {seconds} s: resident {:.0} MiB at start, peak {:.0} MiB, {:.0} MiB at the end; {} games in memory at the end",
        start_kib as f64 / 1024.0,
        peak.load(Ordering::Relaxed) as f64 / 1024.0,
        rss_kib(pid) as f64 / 1024.0,
        stats["games_in_memory"]
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
}

/// The server's CPU time so far (user + system), in milliseconds.
/// The server's CPU per request for a `404` through its whole HTTP stack
/// (connection, parsing, middleware, routing, answer) from the same 16 keep-alive
/// clients, paced at `rate` requests a second in all (the wake-ups of a request are
/// shared by fewer requests at a lower rate): the floor under any action, which is
/// two requests (the `GET` of the seat's page and the `POST`).
fn floor(agent: &ureq::Agent, base: &str, pid: u32, store: &str, seconds: u64, rate: f64) {
    const CLIENTS: usize = 16;
    let cpu_before = cpu_ms(pid);
    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let threads: Vec<_> = (0..CLIENTS)
        .map(|_| {
            let (agent, url) = (agent.clone(), format!("{base}/api/none"));
            let (stop, done) = (stop.clone(), done.clone());
            let gap = Duration::from_secs_f64(CLIENTS as f64 / rate.max(1.0));
            std::thread::spawn(move || {
                let mut due = Instant::now();
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(due.saturating_duration_since(Instant::now()));
                    due += gap;
                    match agent.get(&url).call() {
                        Err(ureq::Error::Status(404, r)) => {
                            let _ = r.into_string();
                            done.fetch_add(1, Ordering::Relaxed);
                        }
                        other => panic!("expected a 404, got {:?}", other.map(|r| r.status())),
                    }
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_secs(seconds));
    stop.store(true, Ordering::Relaxed);
    for t in threads {
        let _ = t.join();
    }
    let secs = started.elapsed().as_secs_f64();
    let n = done.load(Ordering::Relaxed).max(1) as f64;
    let per = (cpu_ms(pid) - cpu_before) / n;
    println!(
        "{store}: HTTP floor, {CLIENTS} clients, a 404 paced at {rate:.0} requests/s, {secs:.1} s: {n} \
         requests ({:.0}/s); server CPU {per:.3} ms per request, {:.3} ms for the two requests of an action",
        n / secs,
        2.0 * per
    );
}

fn cpu_ms(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which may hold spaces) start at `state`.
    let rest = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<f64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0.0))
        .collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after `)`.
    let ticks = f.get(11).unwrap_or(&0.0) + f.get(12).unwrap_or(&0.0);
    ticks * 1000.0 / clock_ticks()
}

/// The CPU time of a PostgreSQL cluster: every process under `root` (the program
/// that started the postmaster, the postmaster, its backends and writers), in
/// milliseconds. Backends that ended meanwhile are not counted.
fn cluster_cpu_ms(root: u32) -> f64 {
    let mut parent_of = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        if let Some(ppid) = stat
            .rsplit(')')
            .next()
            .and_then(|r| r.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok())
        {
            parent_of.push((pid, ppid));
        }
    }
    let mut tree = vec![root];
    let mut i = 0;
    while i < tree.len() {
        let p = tree[i];
        tree.extend(parent_of.iter().filter(|(_, pp)| *pp == p).map(|(c, _)| *c));
        i += 1;
    }
    tree.into_iter().map(cpu_ms).sum()
}

fn clock_ticks() -> f64 {
    // SAFETY: sysconf only reads a constant of the system.
    let t = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if t > 0 {
        t as f64
    } else {
        100.0
    }
}

/// 10,000 games of every ruleset (STGv2's six-player board among them), each read
/// once so it is held in memory, then left idle: the server's memory per game.
fn idle_memory(idle: usize, idle_unload: u64) {
    if idle == 0 {
        return;
    }
    let data = server_support::temp_dir("idle");
    let unload = idle_unload.to_string();
    let server = start_with(&data, None, &["--idle-unload", &unload]);
    let pid = server.child.id();
    let agent = ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(30))
        .build();
    let kinds = [
        ("launch-fighters", "duel"),
        ("stratoyager", "pilot-episode"),
        ("black-skies", "duel"),
        ("warfleets", "skirmish"),
        ("stgv2", "outpost-6"),
    ];
    let before = rss_kib(pid);
    let t = Instant::now();
    for i in 0..idle {
        let (ruleset, scenario) = kinds[i % kinds.len()];
        let created: Value = agent
            .post(&format!("{}/api/games", server.base))
            .send_json(json!({"ruleset": ruleset, "scenario": scenario, "seed": i}))
            .unwrap()
            .into_json()
            .unwrap();
        let id = created["id"].as_str().unwrap();
        let token = created["seats"][0]["token"].as_str().unwrap();
        agent
            .get(&format!("{}/api/games/{id}?legal=none", server.base))
            .set("Authorization", &format!("Bearer {token}"))
            .call()
            .unwrap();
    }
    let loaded = t.elapsed().as_secs_f64();
    // Idle: the server's sweep (every 10 s) has run once.
    std::thread::sleep(Duration::from_secs(12));
    let after = rss_kib(pid);
    let (_, stats): (u16, Value) = server.get("/api/stats", None);
    // Per game held: a game unasked-for for `--idle-unload` (IDLE_UNLOAD, 300 s by
    // default) has left memory by now in a long run, so the created count would
    // understate it. A longer IDLE_UNLOAD holds every game created.
    let held = stats["games_in_memory"].as_u64().unwrap_or(0).max(1);
    println!(
        "{held} games in memory; {idle} idle games (LF, Stratoyager, Black Skies, Warfleets, STGv2 outpost-6 in turn), each read once, in {loaded:.1} s, then 12 s idle: server memory {:.0} MiB -> {:.0} MiB ({:.1} KiB per game in memory)",
        before as f64 / 1024.0,
        after as f64 / 1024.0,
        (after.saturating_sub(before)) as f64 / held as f64
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
}

/// The client reads the first this many legal actions and plays one of them at
/// random (`?legal=page`: a Stratoyager placing decision has 8,280 actions, 430 KB
/// written out whole; a bot reads what it needs, as docs/server.md advises).
const PAGE: usize = 32;

/// One game a client plays, both seats.
struct Table {
    id: String,
    tokens: Vec<String>,
    seat: usize,
    /// When its next action is due (paced runs).
    due: Instant,
}

fn new_table(agent: &ureq::Agent, base: &str, g: usize, due: Instant) -> Table {
    let ruleset = ["launch-fighters", "stratoyager"][g % 2];
    let created: Value = agent
        .post(&format!("{base}/api/games"))
        .send_json(json!({"ruleset": ruleset, "seed": g}))
        .unwrap()
        .into_json()
        .unwrap();
    Table {
        id: created["id"].as_str().unwrap().to_string(),
        tokens: created["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["token"].as_str().unwrap().to_string())
            .collect(),
        seat: 0,
        due,
    }
}

/// Play `games` concurrent games for `seconds` from `CLIENTS` client threads, each
/// driving its share of the games; `rate` = actions per second in all (each game at
/// its own time slots), or as fast as answered.
#[allow(clippy::too_many_arguments)]
fn phase(
    agent: &ureq::Agent,
    base: &str,
    pid: u32,
    db: Option<u32>,
    store: &str,
    games: usize,
    seconds: u64,
    rate: Option<f64>,
) -> f64 {
    let cpu_before = cpu_ms(pid);
    let db_before = db.map_or(0.0, cluster_cpu_ms);
    const CLIENTS: usize = 16;
    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicUsize::new(0));
    let latencies = Arc::new(Mutex::new(Vec::<f64>::new()));
    let finished = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    // Each game acts at most once per `gap`, its slots offset from the others'.
    let gap = rate.map(|r| Duration::from_secs_f64(games as f64 / r));
    let threads: Vec<_> = (0..CLIENTS)
        .map(|c| {
            let (agent, base) = (agent.clone(), base.to_string());
            let (stop, done, latencies, finished) = (
                stop.clone(),
                done.clone(),
                latencies.clone(),
                finished.clone(),
            );
            std::thread::spawn(move || {
                let mut rng = 0x9E37_79B9_7F4A_7C15u64 ^ (c as u64 + 1);
                let mut next = move |n: usize| {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    (rng % n as u64) as usize
                };
                let mine: Vec<usize> = (c..games).step_by(CLIENTS).collect();
                let mut tables: Vec<Table> = mine
                    .iter()
                    .map(|&g| {
                        let due =
                            started + gap.unwrap_or_default().mul_f64(g as f64 / games as f64);
                        new_table(&agent, &base, g, due)
                    })
                    .collect();
                let mut lat = Vec::new();
                // Fewer games than client threads: this one has none.
                while !tables.is_empty() && !stop.load(Ordering::Relaxed) {
                    // The table whose action is due first.
                    let i = (0..tables.len()).min_by_key(|&i| tables[i].due).unwrap();
                    if gap.is_some() {
                        let now = Instant::now();
                        if tables[i].due > now {
                            std::thread::sleep(tables[i].due - now);
                        }
                    }
                    let t = &mut tables[i];
                    let me: Seen = agent
                        .get(&format!(
                            "{base}/api/games/{}?since=1000000000&legal=page&limit={PAGE}",
                            t.id
                        ))
                        .set("Authorization", &format!("Bearer {}", t.tokens[t.seat]))
                        .call()
                        .unwrap()
                        .into_json()
                        .unwrap();
                    if me.status.terminal {
                        finished.fetch_add(1, Ordering::Relaxed);
                        let due = t.due;
                        *t = new_table(&agent, &base, mine[i], due);
                        continue;
                    }
                    if !me.status.to_move.contains(&t.seat) {
                        t.seat = me.status.to_move[0];
                        continue;
                    }
                    let action = &me.legal[next(me.legal.len())];
                    let start = Instant::now();
                    agent
                        .post(&format!("{base}/api/games/{}/actions", t.id))
                        .set("Authorization", &format!("Bearer {}", t.tokens[t.seat]))
                        .set("Content-Type", "application/json")
                        .send_string(&format!("{{\"action\":{}}}", action.get()))
                        .unwrap();
                    lat.push(start.elapsed().as_secs_f64() * 1000.0);
                    done.fetch_add(1, Ordering::Relaxed);
                    t.due = match gap {
                        Some(gap) => t.due + gap,
                        None => Instant::now(),
                    };
                }
                latencies.lock().unwrap().extend(lat);
            })
        })
        .collect();
    std::thread::sleep(Duration::from_secs(seconds));
    stop.store(true, Ordering::Relaxed);
    for t in threads {
        t.join().unwrap();
    }
    let elapsed = started.elapsed().as_secs_f64();
    let cpu = cpu_ms(pid) - cpu_before;
    let db_cpu = db.map_or(0.0, cluster_cpu_ms) - db_before;
    let mut l = latencies.lock().unwrap().clone();
    l.sort_by(|a, b| a.total_cmp(b));
    let n = done.load(Ordering::Relaxed);
    let how = match rate {
        Some(r) => format!("paced at {r:.0} actions/s"),
        None => "as fast as answered".to_string(),
    };
    println!(
        "{store}: {games} concurrent games from {CLIENTS} client threads, {how}, {elapsed:.1} s: {n} actions ({:.0} actions/s), {} games finished; action latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; server CPU {:.3} ms per action (its GETs included){}",
        n as f64 / elapsed,
        finished.load(Ordering::Relaxed),
        percentile(&l, 0.5),
        percentile(&l, 0.99),
        percentile(&l, 1.0),
        cpu / n.max(1) as f64,
        match db {
            Some(_) => format!(", PostgreSQL's processes {:.3} ms", db_cpu / n.max(1) as f64),
            None => String::new(),
        }
    );
    n as f64 / elapsed
}
