//! Load benchmark of `orrery serve` (issue 10 §6), on loopback only and bounded in
//! time and requests. Starts the release binary on a fresh SQLite directory, plays
//! 100 concurrent games of random agents through the HTTP API (each client reads its
//! seat's legal actions and posts a random one) twice — as fast as the server answers
//! (throughput), then paced at 1,000 actions/s in all (latency at that load) — and
//! reports actions per second and the latency of an action (p50, p99); then creates
//! 10,000 games and reports the server's memory with them all loaded and idle.
//!
//! ```sh
//! cargo build --release && cargo run --release --example serve_load [-- GAMES SECONDS IDLE RATE]
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
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
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
    let games: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let seconds: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let idle: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let rate: f64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1000.0);

    let exe = std::env::current_exe().unwrap();
    let bin = exe.parent().unwrap().parent().unwrap().join("orrery");
    let data = std::env::temp_dir().join(format!("orrery-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut server = Command::new(&bin)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--rate-limit",
            "0",
            "--data",
        ])
        .arg(&data)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e} (cargo build --release first)", bin.display()));
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let base = format!(
        "http://{}",
        line.split("http://")
            .nth(1)
            .unwrap()
            .split_whitespace()
            .next()
            .unwrap()
    );
    let pid = server.id();
    println!("server {base} (pid {pid}), SQLite in {}", data.display());

    let agent = ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(30))
        .max_idle_connections_per_host(games + 10)
        .build();
    // Closed loop: every client acts as soon as it has its answer (throughput).
    phase(&agent, &base, games, seconds, None);
    // Open loop: the same games paced to `rate` actions per second in all, each
    // action at its own time slot (players think between moves): the latency of an
    // action at that load, not queueing behind clients that never pause.
    phase(&agent, &base, games, seconds, Some(rate));

    let before = rss_kib(pid);
    let t = Instant::now();
    for i in 0..idle {
        let ruleset = ["launch-fighters", "stratoyager"][i % 2];
        agent
            .post(&format!("{base}/api/games"))
            .send_json(json!({"ruleset": ruleset}))
            .unwrap();
    }
    let after = rss_kib(pid);
    println!(
        "{idle} idle games created in {:.1} s: server memory {:.0} MiB -> {:.0} MiB ({:.1} KiB per game, all held in memory)",
        t.elapsed().as_secs_f64(),
        before as f64 / 1024.0,
        after as f64 / 1024.0,
        (after.saturating_sub(before)) as f64 / idle.max(1) as f64
    );
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&data);
}

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
fn phase(agent: &ureq::Agent, base: &str, games: usize, seconds: u64, rate: Option<f64>) {
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
                while !stop.load(Ordering::Relaxed) {
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
                        .get(&format!("{base}/api/games/{}?since=1000000000", t.id))
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
    let mut l = latencies.lock().unwrap().clone();
    l.sort_by(|a, b| a.total_cmp(b));
    let n = done.load(Ordering::Relaxed);
    let how = match rate {
        Some(r) => format!("paced at {r:.0} actions/s"),
        None => "as fast as answered".to_string(),
    };
    println!(
        "{games} concurrent games from {CLIENTS} client threads, {how}, {elapsed:.1} s: {n} actions ({:.0} actions/s), {} games finished; action latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        n as f64 / elapsed,
        finished.load(Ordering::Relaxed),
        percentile(&l, 0.5),
        percentile(&l, 0.99),
        percentile(&l, 1.0)
    );
}
