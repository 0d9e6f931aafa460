//! How fast a whole battle is, against the raw cost of its dice, per ruleset.
//!
//! One criterion group per ruleset and scenario (`launch-fighters/duel`,
//! `stratoyager/pilot-episode`, `black-skies/duel`, `warfleets/skirmish`, `stgv2/outpost`), each with:
//! - `full_battle_random_agents`: one battle, the random agent in every seat, the
//!   seed cycling over [`SEEDS`];
//! - `raw_dice_same_count`: as many `Rng::d6` rolls as the battle with the same seed
//!   drew (`game.rng().draws()`), on a bare generator.
//!
//! At the end (only under `cargo bench`) it prints battles per second and the ratio
//! battle time / raw dice time from a quick in-process measurement of both, measured
//! in the same run.
//!
//! Run: `cargo bench --bench battle`.

use criterion::{black_box, Criterion};
use orrery_agents::{Agent, RandomAgent};
use orrery_black_skies::BlackSkies;
use orrery_core::{FullGame, Rng};
use orrery_launch_fighters::LaunchFighters;
use orrery_stgv2::Stgv2;
use orrery_stratoyager::Stratoyager;
use orrery_warfleets::Warfleets;
use std::time::{Duration, Instant};

/// The battle seeds, cycled.
const SEEDS: [u64; 8] = [1, 2, 3, 4, 5, 6, 7, 8];

/// The built-in scenario `name` of `G`.
fn scenario<G: FullGame>(name: &str) -> G::Scenario {
    match G::scenarios().into_iter().find(|s| s.name == name) {
        Some(s) => s.scenario,
        None => panic!("{} has no built-in scenario {name}", G::INFO.id),
    }
}

/// Play one battle with random agents; returns the finished game.
fn battle<G: FullGame>(scenario: &G::Scenario, seed: u64) -> G {
    let mut game = match G::setup(scenario, seed) {
        Ok(g) => g,
        Err(e) => panic!("the scenario does not set up: {e}"),
    };
    let mut agents: Vec<RandomAgent> = (0..game.seats())
        .map(|s| RandomAgent::new(seed.wrapping_mul(1000).wrapping_add(u64::from(s))))
        .collect();
    let bound = game.action_bound();
    let mut steps = 0usize;
    while !game.is_terminal() {
        for seat in game.to_move() {
            let agent = &mut agents[seat.index()];
            let Some(action) = Agent::<G>::choose(agent, &game, seat) else {
                panic!("seat {seat} is to move but has no legal action");
            };
            if let Err(e) = game.apply(seat, &action) {
                panic!("a legal action was refused: {e}");
            }
            steps += 1;
        }
        assert!(steps <= bound, "the battle ran past its action bound");
    }
    game
}

/// Roll `n` d6 on a bare generator seeded like the battle.
fn raw_dice(seed: u64, n: u64) -> u64 {
    let mut rng = Rng::seed_from(seed);
    let mut sum = 0u64;
    for _ in 0..n {
        sum += u64::from(rng.d6());
    }
    sum
}

/// Dice drawn by the battle of each seed in [`SEEDS`].
fn draws_per_seed<G: FullGame>(sc: &G::Scenario) -> Vec<u64> {
    SEEDS
        .iter()
        .map(|&s| battle::<G>(sc, s).rng().draws())
        .collect()
}

fn bench<G: FullGame>(c: &mut Criterion, name: &str, sc: &G::Scenario, draws: &[u64]) {
    let mut group = c.benchmark_group(format!("{}/{name}", G::INFO.id));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    let mut i = 0usize;
    group.bench_function("full_battle_random_agents", |b| {
        b.iter(|| {
            let seed = SEEDS[i % SEEDS.len()];
            i += 1;
            black_box(battle::<G>(sc, black_box(seed)).state_hash())
        })
    });
    let mut j = 0usize;
    group.bench_function("raw_dice_same_count", |b| {
        b.iter(|| {
            let k = j % SEEDS.len();
            j += 1;
            black_box(raw_dice(black_box(SEEDS[k]), draws[k]))
        })
    });
    group.finish();
}

/// Average wall time of one call of `f(k)` over whole passes of the seed cycle, for at
/// least `min` time.
fn average(min: Duration, mut f: impl FnMut(usize)) -> Duration {
    let start = Instant::now();
    let mut calls = 0u32;
    while calls == 0 || start.elapsed() < min {
        for k in 0..SEEDS.len() {
            f(k);
            calls += 1;
        }
    }
    start.elapsed() / calls.max(1)
}

/// Battles per second and the battle / raw dice ratio, measured now.
fn summary<G: FullGame>(name: &str, sc: &G::Scenario, draws: &[u64]) {
    let battle_avg = average(Duration::from_secs(3), |k| {
        black_box(battle::<G>(sc, SEEDS[k]).state_hash());
    });
    let dice_avg = average(Duration::from_millis(500), |k| {
        black_box(raw_dice(SEEDS[k], draws[k]));
    });
    let mean_draws = draws.iter().sum::<u64>() as f64 / draws.len().max(1) as f64;
    let battles_per_sec = 1.0 / battle_avg.as_secs_f64().max(f64::MIN_POSITIVE);
    let ratio = battle_avg.as_secs_f64() / dice_avg.as_secs_f64().max(f64::MIN_POSITIVE);
    eprintln!();
    eprintln!("{} {name}, random agents, seeds {SEEDS:?}:", G::INFO.name);
    eprintln!("  mean dice per battle   {mean_draws:.0}");
    eprintln!("  one battle             {battle_avg:?}");
    eprintln!("  its dice, raw d6()     {dice_avg:?}");
    eprintln!("  battles per second     {battles_per_sec:.1}");
    eprintln!("  battle / raw dice      {ratio:.0}x");
}

fn main() {
    let lf = scenario::<LaunchFighters>("duel");
    let sy = scenario::<Stratoyager>("pilot-episode");
    let lf_draws = draws_per_seed::<LaunchFighters>(&lf);
    let sy_draws = draws_per_seed::<Stratoyager>(&sy);
    let bs = scenario::<BlackSkies>("duel");
    let bs_draws = draws_per_seed::<BlackSkies>(&bs);
    let wf = scenario::<Warfleets>("skirmish");
    let wf_draws = draws_per_seed::<Warfleets>(&wf);
    let st = scenario::<Stgv2>("outpost");
    let st_draws = draws_per_seed::<Stgv2>(&st);
    let mut c = Criterion::default().configure_from_args();
    bench::<LaunchFighters>(&mut c, "duel", &lf, &lf_draws);
    bench::<Stratoyager>(&mut c, "pilot-episode", &sy, &sy_draws);
    bench::<BlackSkies>(&mut c, "duel", &bs, &bs_draws);
    bench::<Warfleets>(&mut c, "skirmish", &wf, &wf_draws);
    bench::<Stgv2>(&mut c, "outpost", &st, &st_draws);
    c.final_summary();

    // `cargo bench` passes `--bench`; `cargo test --benches` does not, and then the
    // quick summary below is skipped.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    summary::<LaunchFighters>("duel", &lf, &lf_draws);
    summary::<Stratoyager>("pilot-episode", &sy, &sy_draws);
    summary::<BlackSkies>("duel", &bs, &bs_draws);
    summary::<Warfleets>("skirmish", &wf, &wf_draws);
    summary::<Stgv2>("outpost", &st, &st_draws);
}
