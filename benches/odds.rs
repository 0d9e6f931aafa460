//! Latency of exact odds: each `orrery odds …` case (the computation only, not the
//! process start), plus the largest inputs the CLI accepts. Target: under 1 ms each.
//!
//! At the end (only under `cargo bench`) it prints a summary table measured in the
//! same run. Run: `cargo bench --bench odds`. With `ORRERY_ODDS_JSON=FILE` it also
//! writes each case's name, mean time and result to FILE, for
//! `benches/icepool/compare.py` (the same cases in Icepool).

use criterion::{black_box, Criterion};
use orrery_launch_fighters::odds as lf;
use orrery_stratoyager::odds as sy;
use orrery_stratoyager::Band;
use serde::Serialize;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn shot(band: Band, tht: i32, linked: bool, dice: u8) -> sy::Shot {
    sy::Shot {
        band: Some(band),
        tht,
        linked,
        damage_dice: dice,
        countermeasures: false,
    }
}

fn target(armor: u8, shields: u8, structure: i32, reactor_aft: bool) -> sy::Target {
    sy::Target {
        armor,
        shields,
        structure,
        reactor_aft,
    }
}

/// One case: its name, the computation (timed) and its result as JSON (not timed).
struct Case {
    name: &'static str,
    run: Box<dyn Fn()>,
    result: Box<dyn Fn() -> Value>,
}

fn case<R: Serialize>(name: &'static str, f: impl Fn() -> R + Clone + 'static) -> Case {
    let g = f.clone();
    Case {
        name,
        run: Box::new(move || {
            black_box(f());
        }),
        result: Box::new(move || serde_json::to_value(g()).expect("odds serialize")),
    }
}

/// The cases.
fn cases() -> Vec<Case> {
    vec![
        case("lf barrage --dice 3 --defense 4", || {
            lf::barrage(black_box(3), 0, lf::Defense::Ship(4))
        }),
        case("lf barrage --dice 6 --squadron --moon", || {
            lf::barrage(black_box(6), -1, lf::Defense::Squadron)
        }),
        case("lf barrage --dice 255 --squadron (max)", || {
            lf::barrage(black_box(255), 0, lf::Defense::Squadron)
        }),
        case("lf dogfight", || lf::dogfight(black_box(false), false)),
        case("sy attack close tht 5 dmg 2 (no re-roll)", || {
            let s = shot(Band::Close, black_box(5), false, 2);
            sy::attack(&[s], &target(4, 1, 3, false))
        }),
        case("sy attack point-blank --linked dmg 6 RI aft", || {
            let s = shot(Band::PointBlank, black_box(6), true, 6);
            sy::attack(&[s], &target(5, 3, 5, true))
        }),
        case("sy attack extreme --linked dmg 255 (max)", || {
            let s = shot(Band::Extreme, black_box(3), true, 255);
            sy::attack(&[s], &target(4, 3, 5, false))
        }),
        case("sy hull-stress --dice 5", || {
            sy::hull_stress(black_box(5), 4)
        }),
        case("sy hull-stress --dice 255 --fail-on 3 (max)", || {
            sy::hull_stress(black_box(255), 3)
        }),
    ]
}

/// Mean time of `f` over at least `budget`. The clock is read once per batch of
/// calls, batches growing until one takes a millisecond: read per call it would be
/// timed too (on this machine a read costs as much as a dogfight).
fn average(budget: Duration, f: &dyn Fn()) -> Duration {
    let start = Instant::now();
    let (mut n, mut batch) = (0u64, 1u64);
    loop {
        let t = Instant::now();
        for _ in 0..batch {
            f();
        }
        n += batch;
        let elapsed = start.elapsed();
        if elapsed >= budget && n >= 10 {
            return Duration::from_secs_f64(elapsed.as_secs_f64() / n as f64);
        }
        if t.elapsed() < Duration::from_millis(1) {
            batch *= 2;
        }
    }
}

fn main() {
    let cases = cases();
    let mut c = Criterion::default().configure_from_args();
    {
        let mut g = c.benchmark_group("odds");
        for c in &cases {
            g.bench_function(c.name, |b| b.iter(&c.run));
        }
        g.finish();
    }
    c.final_summary();
    // `cargo bench` passes `--bench`; `cargo test --benches` does not.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    eprintln!();
    eprintln!("Exact odds, mean latency per computation (target < 1 ms):");
    let mut dump = Vec::new();
    for c in &cases {
        let t = average(Duration::from_millis(300), c.run.as_ref());
        let ok = if t < Duration::from_millis(1) {
            "ok"
        } else {
            "SLOW"
        };
        eprintln!("  {:<46} {:>12.2?}  {ok}", c.name, t);
        dump.push(json!({
            "name": c.name,
            "mean_ns": t.as_secs_f64() * 1e9,
            "result": (c.result)(),
        }));
    }
    if let Some(path) = std::env::var_os("ORRERY_ODDS_JSON") {
        let text = serde_json::to_string_pretty(&json!({ "cases": dump })).expect("json");
        std::fs::write(&path, text).expect("write ORRERY_ODDS_JSON");
    }
}
