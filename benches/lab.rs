//! The lab's parallel speed-up: the same batch of battles on a pool of 1 thread and
//! of 2 threads.
//!
//! One criterion group per batch (`lab/launch-fighters-duel-200`,
//! `lab/stratoyager-pilot-episode-200`: 200 battles, random agents in every seat), each
//! with `jobs_1` and `jobs_2`. At the end (only under `cargo bench`) it measures both
//! again in the same run and prints the speed-up `time(1 job) / time(2 jobs)`
//! (target ≥ 1.8× on a machine with two free cores), after checking that both give
//! the same results.
//!
//! Run: `cargo bench --bench lab`.

use criterion::{black_box, Criterion};
use orrery_agents::Budget;
use orrery_core::FullGame;
use orrery_lab::{play_batch, BattleRecord};
use orrery_launch_fighters::LaunchFighters;
use orrery_stratoyager::Stratoyager;
use std::time::{Duration, Instant};

/// Battles per batch.
const BATTLES: usize = 200;

/// The built-in scenario `name` of `G`.
fn scenario<G: FullGame>(name: &str) -> G::Scenario {
    match G::scenarios().into_iter().find(|s| s.name == name) {
        Some(s) => s.scenario,
        None => panic!("{} has no built-in scenario {name}", G::INFO.id),
    }
}

/// The batch: `BATTLES` battles from seed 1, random agents, on `jobs` threads.
fn batch<G: FullGame>(sc: &G::Scenario, jobs: usize) -> Vec<BattleRecord> {
    let agents = ["random".to_string()];
    match play_batch::<G>(
        sc,
        1,
        BATTLES,
        &agents,
        true,
        Budget::default(),
        jobs,
        &|| {},
    ) {
        Ok(r) => r,
        Err(e) => panic!("the batch failed: {e}"),
    }
}

fn bench<G: FullGame>(c: &mut Criterion, name: &str, sc: &G::Scenario) {
    let mut group = c.benchmark_group(format!("lab/{}-{name}-{BATTLES}", G::INFO.id));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for jobs in [1, 2] {
        group.bench_function(format!("jobs_{jobs}"), |b| {
            b.iter(|| black_box(batch::<G>(sc, black_box(jobs)).len()))
        });
    }
    group.finish();
}

/// The fastest of `runs` timings of the batch on `jobs` threads.
fn best<G: FullGame>(sc: &G::Scenario, jobs: usize, runs: usize) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(batch::<G>(sc, jobs));
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Speed-up from 1 to 2 jobs, measured now, interleaved so both see the same machine.
fn summary<G: FullGame>(name: &str, sc: &G::Scenario) {
    assert_eq!(
        batch::<G>(sc, 1),
        batch::<G>(sc, 2),
        "1 and 2 jobs must give the same battles"
    );
    let mut one = Duration::MAX;
    let mut two = Duration::MAX;
    for _ in 0..5 {
        one = one.min(best::<G>(sc, 1, 2));
        two = two.min(best::<G>(sc, 2, 2));
    }
    let speedup = one.as_secs_f64() / two.as_secs_f64().max(f64::MIN_POSITIVE);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    eprintln!();
    eprintln!(
        "{} {name}, {BATTLES} battles, random agents ({cores} cores available):",
        G::INFO.name
    );
    eprintln!("  1 job                  {one:?}");
    eprintln!("  2 jobs                 {two:?}");
    eprintln!("  speed-up 1 -> 2 jobs   {speedup:.2}x (target >= 1.8x)");
}

fn main() {
    let lf = scenario::<LaunchFighters>("duel");
    let sy = scenario::<Stratoyager>("pilot-episode");
    let mut c = Criterion::default().configure_from_args();
    bench::<LaunchFighters>(&mut c, "duel", &lf);
    bench::<Stratoyager>(&mut c, "pilot-episode", &sy);
    c.final_summary();

    // `cargo bench` passes `--bench`; `cargo test --benches` does not, and then the
    // measurement below is skipped.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    summary::<LaunchFighters>("duel", &lf);
    summary::<Stratoyager>("pilot-episode", &sy);
}
