//! The speed regression guard (issue 26): "a random decision once cost 1–2 µs and grew
//! to 10–90 µs unnoticed". For every ruleset's default scenario it measures a random
//! battle's CPU time per decision and an MCTS iteration's, each as a ratio to the
//! fixed reference workload of `orrery_lab::speed` measured in the same run (so a
//! slow or busy machine does not fail it: both sides slow down alike), and fails
//! when a ratio is more than [`TOLERANCE`] times the one recorded in
//! `benches/speed-baseline.json`.
//!
//! Refresh the baseline (after a deliberate change of speed, on an idle machine):
//!
//! ```text
//! ORRERY_SPEED_BASELINE=write cargo test --release --test speed_guard -- --nocapture
//! ```
//!
//! It only runs in optimised builds (`cargo test --release`, as `.ci/run` does); a
//! debug build's ratios mean nothing.

use orrery_core::FullGame;
use orrery_lab::speed;
use serde_json::{json, Map, Value};
use std::path::PathBuf;

/// How far behind the baseline a ratio may fall before the guard fails.
const TOLERANCE: f64 = 2.0;
/// Decisions of random battles per measurement (whole battles, fixed seeds).
const DECISIONS: u64 = 10_000;
/// MCTS positions and iterations per decision.
const POSITIONS: usize = 6;
const ITERATIONS: u32 = 300;
/// Measurements of each ratio; the smallest counts (noise only ever slows).
const REPEATS: usize = 5;
/// Reference rounds per measurement of the reference.
const REFERENCE_ROUNDS: u32 = 300;

fn baseline_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("benches/speed-baseline.json")
}

/// Seconds per reference round now (the smaller of two measurements).
fn reference_round() -> f64 {
    (0..2)
        .map(|_| speed::reference(REFERENCE_ROUNDS).elapsed.as_secs_f64())
        .fold(f64::INFINITY, f64::min)
        / f64::from(REFERENCE_ROUNDS)
}

/// The smallest of [`REPEATS`] ratios of `work` (seconds per item) to the reference.
fn ratio(mut work: impl FnMut() -> f64) -> f64 {
    (0..REPEATS)
        .map(|_| {
            let before = reference_round();
            let w = work();
            let after = reference_round();
            w / before.min(after)
        })
        .fold(f64::INFINITY, f64::min)
}

struct Measure(Map<String, Value>);

impl orrery_rulesets::Visit for Measure {
    fn visit<G: FullGame>(&mut self) {
        let sc = &G::scenarios()[0];
        let random = ratio(|| {
            let (mut decisions, mut cpu, mut seed) = (0u64, 0.0, 1u64);
            while decisions < DECISIONS {
                let t = speed::random_battles::<G>(&sc.scenario, 1, seed).expect("a battle");
                decisions += t.count;
                cpu += t.elapsed.as_secs_f64();
                seed += 1;
            }
            cpu / decisions as f64
        });
        let at = speed::positions::<G>(&sc.scenario, 1, 10, 7, POSITIONS).expect("positions");
        assert!(!at.is_empty(), "{}: no position to search", G::INFO.id);
        let mcts = ratio(|| {
            let t = speed::mcts::<G>(&at, ITERATIONS);
            t.elapsed.as_secs_f64() / t.count.max(1) as f64
        });
        eprintln!(
            "{:16} {:14} random decision {random:8.4}  mcts iteration {mcts:8.4}  (× the reference round)",
            G::INFO.id,
            sc.name
        );
        self.0.insert(
            G::INFO.id.to_string(),
            json!({ "scenario": sc.name, "random_decision": random, "mcts_iteration": mcts }),
        );
    }
}

#[test]
fn issue26_no_ruleset_falls_twice_behind_its_recorded_speed() {
    if cfg!(debug_assertions) {
        eprintln!("speed guard: skipped in a debug build (run `cargo test --release`)");
        return;
    }
    let mut m = Measure(Map::new());
    orrery_rulesets::each(&mut m);
    let now = Value::Object(m.0);
    let path = baseline_path();
    if std::env::var("ORRERY_SPEED_BASELINE").as_deref() == Ok("write") {
        let file = json!({
            "about": "Ratios of CPU time to the reference workload of orrery_lab::speed, per ruleset's default scenario: a random battle's time per decision and an MCTS iteration's. Written by `ORRERY_SPEED_BASELINE=write cargo test --release --test speed_guard -- --nocapture`; the guard fails when a ratio exceeds twice the one here.",
            "rulesets": now,
        });
        let text = serde_json::to_string_pretty(&file).expect("json") + "\n";
        std::fs::write(&path, text).expect("write the baseline");
        eprintln!("speed guard: baseline written to {}", path.display());
        return;
    }
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (write it: see this file's doc)", path.display()));
    let base: Value = serde_json::from_str(&text).expect("the baseline is JSON");
    let mut behind = Vec::new();
    for (id, figures) in now.as_object().expect("an object") {
        for key in ["random_decision", "mcts_iteration"] {
            let measured = figures[key].as_f64().expect("a number");
            let Some(recorded) = base["rulesets"][id][key].as_f64() else {
                behind.push(format!("{id} {key}: no recorded figure in the baseline"));
                continue;
            };
            eprintln!(
                "{id:16} {key:16} {:.2}× the recorded ratio",
                measured / recorded
            );
            if measured > TOLERANCE * recorded {
                behind.push(format!(
                    "{id} {key}: {measured:.4} × the reference, {:.1}× the recorded {recorded:.4}",
                    measured / recorded
                ));
            }
        }
    }
    assert!(
        behind.is_empty(),
        "slower than {TOLERANCE}× the recorded speed (benches/speed-baseline.json):\n  {}\nIf the loss is deliberate, refresh the baseline as this test's doc says.",
        behind.join("\n  ")
    );
}
