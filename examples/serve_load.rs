//! Load benchmark of `orrery serve` (issue 10 §6), on loopback only and bounded in
//! time and requests. Starts the release binary on a fresh SQLite directory, plays
//! 100 concurrent games of random agents through the HTTP API (each client reads its
//! seat's legal actions and posts a random one), and reports actions per second and
//! the latency of an action (p50, p99); then creates 10,000 games and reports the
//! server's memory with them all loaded and idle.
//!
//! ```sh
//! cargo build --release && cargo run --release --example serve_load [-- GAMES SECONDS IDLE]
//! ```

use serde_json::{json, Value};
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
    let max_actions = 200_000usize;

    let exe = std::env::current_exe().unwrap();
    let bin = exe.parent().unwrap().parent().unwrap().join("orrery");
    let data = std::env::temp_dir().join(format!("orrery-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut server = Command::new(&bin)
        .args(["serve", "--addr", "127.0.0.1:0", "--rate-limit", "0", "--data"])
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
        line.split("http://").nth(1).unwrap().split_whitespace().next().unwrap()
    );
    let pid = server.id();
    println!("server {base} (pid {pid}), SQLite in {}", data.display());

    let agent = ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(30))
        .max_idle_connections_per_host(games + 10)
        .build();
    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicUsize::new(0));
    let latencies = Arc::new(Mutex::new(Vec::<f64>::new()));
    let finished = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let threads: Vec<_> = (0..games)
        .map(|g| {
            let (agent, base) = (agent.clone(), base.clone());
            let (stop, done, latencies, finished) =
                (stop.clone(), done.clone(), latencies.clone(), finished.clone());
            std::thread::spawn(move || {
                let mut rng = 0x9E37_79B9_7F4A_7C15u64 ^ (g as u64 + 1);
                let mut next = move |n: usize| {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    (rng % n as u64) as usize
                };
                let mut mine = Vec::new();
                'games: while !stop.load(Ordering::Relaxed) {
                    let ruleset = if g % 2 == 0 { "launch-fighters" } else { "stratoyager" };
                    let created: Value = agent
                        .post(&format!("{base}/api/games"))
                        .send_json(json!({"ruleset": ruleset, "seed": g}))
                        .unwrap()
                        .into_json()
                        .unwrap();
                    let id = created["id"].as_str().unwrap().to_string();
                    let tokens: Vec<String> = created["seats"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|s| s["token"].as_str().unwrap().to_string())
                        .collect();
                    let mut seat = 0usize;
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            break 'games;
                        }
                        let me: Value = agent
                            .get(&format!("{base}/api/games/{id}?since=1000000000"))
                            .set("Authorization", &format!("Bearer {}", tokens[seat]))
                            .call()
                            .unwrap()
                            .into_json()
                            .unwrap();
                        if me["status"]["terminal"] == json!(true) {
                            finished.fetch_add(1, Ordering::Relaxed);
                            continue 'games;
                        }
                        let to_move = me["status"]["to_move"].as_array().unwrap();
                        if !to_move.contains(&json!(seat)) {
                            seat = to_move[0].as_u64().unwrap() as usize;
                            continue;
                        }
                        let legal = me["legal"].as_array().unwrap();
                        let action = &legal[next(legal.len())];
                        let t = Instant::now();
                        let r = agent
                            .post(&format!("{base}/api/games/{id}/actions"))
                            .set("Authorization", &format!("Bearer {}", tokens[seat]))
                            .send_json(json!({ "action": action }));
                        mine.push(t.elapsed().as_secs_f64() * 1000.0);
                        r.unwrap();
                        if done.fetch_add(1, Ordering::Relaxed) + 1 >= max_actions {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                }
                latencies.lock().unwrap().extend(mine);
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
    println!(
        "{games} concurrent games, {elapsed:.1} s: {n} actions ({:.0} actions/s), {} games finished",
        n as f64 / elapsed,
        finished.load(Ordering::Relaxed)
    );
    println!(
        "action latency: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&l, 0.5),
        percentile(&l, 0.99),
        percentile(&l, 1.0)
    );

    let before = rss_kib(pid);
    let t = Instant::now();
    for i in 0..idle {
        let ruleset = if i % 2 == 0 { "launch-fighters" } else { "stratoyager" };
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
