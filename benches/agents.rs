//! How fast the searching agents think.
//!
//! Positions: a Launch Fighters `duel`, a Stratoyager `pilot-episode`, a Black
//! Skies `duel`, a Warfleets `skirmish` and an STGv2 `outpost`, each
//! reached by [`WARMUP`] ([`BS_WARMUP`] for Black Skies) random actions from seed 1 (so units are in contact and, in
//! Stratoyager, a secret step is open when possible). One criterion group per
//! ruleset, with:
//! - `mcts_<N>_iterations`: one MCTS decision with a fixed iteration budget of
//!   [`ITERATIONS`] (deterministic work);
//! - `heuristic_decision`: one heuristic decision.
//!
//! At the end (only under `cargo bench`) it prints MCTS iterations per second, the
//! tree size and the heuristic's decision time from a quick in-process measurement.
//!
//! Run: `cargo bench --bench agents`.

use criterion::{black_box, Criterion};
use orrery_agents::{Agent, Budget, HeuristicAgent, MctsAgent};
use orrery_black_skies::BlackSkies;
use orrery_core::{FullGame, Rng, Seat};
use orrery_launch_fighters::LaunchFighters;
use orrery_stgv2::Stgv2;
use orrery_stratoyager::Stratoyager;
use orrery_warfleets::Warfleets;
use std::time::{Duration, Instant};

/// MCTS iterations per benchmarked decision.
const ITERATIONS: u32 = 500;
/// Random actions played from the set-up before the benchmarked position.
const WARMUP: usize = 30;
/// The same for the Black Skies duel, whose random games are short.
const BS_WARMUP: usize = 8;

/// The built-in scenario `name` of `G`, after `warmup` random actions (more until
/// the most seats are to move, within a few actions); returns it and the seat to
/// decide.
fn position<G: FullGame>(name: &str, warmup: usize) -> (G, Seat) {
    let Some(sc) = G::scenarios().into_iter().find(|s| s.name == name) else {
        panic!("{} has no built-in scenario {name}", G::INFO.id);
    };
    let mut g = match G::setup(&sc.scenario, 1) {
        Ok(g) => g,
        Err(e) => panic!("the scenario does not set up: {e}"),
    };
    let mut rng = Rng::seed_from(1);
    let step = |g: &mut G, rng: &mut Rng| {
        let seat = g.to_move()[0];
        let Some(a) = g.sample_action(seat, rng) else {
            panic!("seat {seat} is to move but has no action");
        };
        if let Err(e) = g.apply(seat, &a) {
            panic!("a sampled action was refused: {e}");
        }
    };
    for _ in 0..warmup {
        assert!(!g.is_terminal(), "the warm-up game ended");
        step(&mut g, &mut rng);
    }
    for _ in 0..20 {
        if g.to_move().len() >= 2 || g.search_actions(g.to_move()[0]).len() >= 4 {
            break;
        }
        step(&mut g, &mut rng);
    }
    let seat = *g.to_move().last().expect("the game goes on");
    (g, seat)
}

fn bench<G: FullGame>(c: &mut Criterion, name: &str, g: &G, seat: Seat) {
    let mut group = c.benchmark_group(format!("agents/{}/{name}", G::INFO.id));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let mut seed = 0u64;
    group.bench_function(format!("mcts_{ITERATIONS}_iterations"), |b| {
        b.iter(|| {
            seed += 1;
            let mut a = MctsAgent::new(seed).with_budget(Budget::iterations(ITERATIONS));
            black_box(Agent::<G>::choose(&mut a, black_box(g), seat))
        })
    });
    let mut seed = 0u64;
    group.bench_function("heuristic_decision", |b| {
        b.iter(|| {
            seed += 1;
            let mut a = HeuristicAgent::new(seed);
            black_box(Agent::<G>::choose(&mut a, black_box(g), seat))
        })
    });
    group.finish();
}

/// MCTS iterations per second and the heuristic's decision time, measured now.
fn summary<G: FullGame>(name: &str, g: &G, seat: Seat) {
    let mut iterations = 0u64;
    let mut nodes = 0usize;
    let mut scale = 0.0;
    let mut decisions = 0u32;
    let start = Instant::now();
    while decisions == 0 || start.elapsed() < Duration::from_secs(3) {
        let mut a =
            MctsAgent::new(u64::from(decisions)).with_budget(Budget::iterations(ITERATIONS));
        black_box(Agent::<G>::choose(&mut a, g, seat));
        if let Some(s) = a.last_stats() {
            iterations += u64::from(s.iterations);
            nodes += s.nodes;
            scale = s.scale;
        }
        decisions += 1;
    }
    let mcts_time = start.elapsed();
    let start = Instant::now();
    let mut heuristic_calls = 0u32;
    while heuristic_calls == 0 || start.elapsed() < Duration::from_secs(1) {
        let mut a = HeuristicAgent::new(u64::from(heuristic_calls));
        black_box(Agent::<G>::choose(&mut a, g, seat));
        heuristic_calls += 1;
    }
    let heuristic_time = start.elapsed() / heuristic_calls.max(1);
    let per_sec = iterations as f64 / mcts_time.as_secs_f64().max(f64::MIN_POSITIVE);
    eprintln!();
    eprintln!("{} {name}, seat {seat} to decide:", G::INFO.name);
    eprintln!("  search actions         {}", g.search_actions(seat).len());
    eprintln!("  mcts iterations/s      {per_sec:.0}");
    eprintln!(
        "  mcts tree size         {:.0} nodes per {ITERATIONS} iterations",
        nodes as f64 / f64::from(decisions.max(1))
    );
    eprintln!("  mcts reward scale      {scale:.2}");
    eprintln!("  mcts default 100 ms    ~{:.0} iterations", per_sec / 10.0);
    eprintln!("  heuristic decision     {heuristic_time:?}");
}

fn main() {
    let (lf, lf_seat) = position::<LaunchFighters>("duel", WARMUP);
    let (sy, sy_seat) = position::<Stratoyager>("pilot-episode", WARMUP);
    // A Black Skies duel is short: deployment, speeds and first cards, then turn 1.
    let (bs, bs_seat) = position::<BlackSkies>("duel", BS_WARMUP);
    // Warfleets: markers and deployment are behind it; the first activations.
    let (wf, wf_seat) = position::<Warfleets>("skirmish", 40);
    // STGv2: a few rounds in, ships on their way to the clusters.
    let (st, st_seat) = position::<Stgv2>("outpost", 60);
    let mut c = Criterion::default().configure_from_args();
    bench::<LaunchFighters>(&mut c, "duel", &lf, lf_seat);
    bench::<Stratoyager>(&mut c, "pilot-episode", &sy, sy_seat);
    bench::<BlackSkies>(&mut c, "duel", &bs, bs_seat);
    bench::<Warfleets>(&mut c, "skirmish", &wf, wf_seat);
    bench::<Stgv2>(&mut c, "outpost", &st, st_seat);
    c.final_summary();

    // `cargo bench` passes `--bench`; `cargo test --benches` does not, and then the
    // quick summary below is skipped.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    summary::<LaunchFighters>("duel", &lf, lf_seat);
    summary::<Stratoyager>("pilot-episode", &sy, sy_seat);
    summary::<BlackSkies>("duel", &bs, bs_seat);
    summary::<Warfleets>("skirmish", &wf, wf_seat);
    summary::<Stgv2>("outpost", &st, st_seat);
}
