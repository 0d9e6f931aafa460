//! What serving an action costs above the rules' own work (issue 40: "server CPU per
//! action … reported as a multiple of the rules' own cost for the same actions").
//!
//! One criterion group per ruleset's default scenario, each replaying the same
//! actions (a game of up to [`ACTIONS`] actions drawn at random among the legal ones,
//! seed [`SEED`]) two ways:
//! - `rules`: the bare game: `apply`, the actor's `view`, `state_hash`, each action;
//! - `served`: what the server does in memory for a POSTed action, through the
//!   ruleset-blind [`DynGame`] (one undo kept): count the actor's events, `apply`
//!   the action as JSON, the actor's new events as text, its status and view as
//!   text. No HTTP and no database: those are `examples/serve_load`'s.
//!
//! At the end (only under `cargo bench`) it prints served / rules per ruleset from a
//! quick measurement of both in the same run, and the time of each step of `served`.
//!
//! Run: `cargo bench --bench served`.

use criterion::{black_box, Criterion};
use orrery_black_skies::BlackSkies;
use orrery_core::{FullGame, Rng, Seat, Session};
use orrery_launch_fighters::LaunchFighters;
use orrery_protocol::{DynGame, SessionGame};
use orrery_stgv2::Stgv2;
use orrery_stratoyager::Stratoyager;
use orrery_warfleets::Warfleets;
use serde_json::Value;
use std::time::{Duration, Instant};

/// The game's seed.
const SEED: u64 = 7;
/// Most actions replayed.
const ACTIONS: usize = 200;

/// The scenario every game of `G` starts from.
fn default_scenario<G: FullGame>() -> G::Scenario {
    G::scenarios()
        .into_iter()
        .next()
        .map(|s| s.scenario)
        .expect("a ruleset has a built-in scenario")
}

/// Up to [`ACTIONS`] actions of one game, each drawn at random among the legal ones.
fn actions<G: FullGame>(sc: &G::Scenario) -> Vec<(Seat, G::Action)> {
    let mut g = G::setup(sc, SEED).expect("the scenario sets up");
    let mut draw = Rng::seed_from(SEED);
    let mut out = Vec::new();
    while out.len() < ACTIONS {
        let Some(&seat) = g.to_move().first() else {
            break;
        };
        let legal = g.legal_actions(seat);
        if legal.is_empty() {
            break;
        }
        let a = legal[draw.index(legal.len())].clone();
        g.apply(seat, &a).expect("a legal action applies");
        out.push((seat, a));
    }
    out
}

/// The rules alone: apply, the actor's view, the hash.
fn rules<G: FullGame>(sc: &G::Scenario, actions: &[(Seat, G::Action)]) -> u64 {
    let mut g = G::setup(sc, SEED).expect("the scenario sets up");
    for (seat, a) in actions {
        g.apply(*seat, a).expect("a legal action applies");
        black_box(g.view(Some(*seat)));
        black_box(g.state_hash());
    }
    g.state_hash().0
}

/// As the server does it in memory, through the ruleset-blind game.
fn served<G: FullGame>(sc: &G::Scenario, actions: &[(Seat, Value)]) -> u64 {
    let mut g = SessionGame::new(Session::<G>::new(sc, SEED).expect("the scenario sets up"));
    g.set_undo_depth(1);
    for (seat, a) in actions {
        let before = g.events_seen(Some(*seat), usize::MAX).1;
        g.apply_only(*seat, a).expect("a legal action applies");
        black_box(g.events_seen(Some(*seat), before));
        black_box(g.seat_status_and_view(Some(*seat)));
    }
    g.status().hash.0
}

/// Microseconds per action of each step of [`served`], over 20 passes: counting the
/// actor's events, applying, the new events, the status and view.
fn phases<G: FullGame>(sc: &G::Scenario, actions: &[(Seat, Value)]) -> [f64; 4] {
    const PASSES: usize = 20;
    let mut t = [Duration::ZERO; 4];
    for _ in 0..PASSES {
        let mut g = SessionGame::new(Session::<G>::new(sc, SEED).expect("the scenario sets up"));
        g.set_undo_depth(1);
        for (seat, a) in actions {
            let i0 = Instant::now();
            let before = g.events_seen(Some(*seat), usize::MAX).1;
            let i1 = Instant::now();
            g.apply_only(*seat, a).expect("a legal action applies");
            let i2 = Instant::now();
            black_box(g.events_seen(Some(*seat), before));
            let i3 = Instant::now();
            black_box(g.seat_status_and_view(Some(*seat)));
            let i4 = Instant::now();
            for (k, d) in [i1 - i0, i2 - i1, i3 - i2, i4 - i3].into_iter().enumerate() {
                t[k] += d;
            }
        }
    }
    t.map(|d| d.as_secs_f64() * 1e6 / (PASSES * actions.len()) as f64)
}

fn bench<G: FullGame>(c: &mut Criterion) {
    let sc = default_scenario::<G>();
    let typed = actions::<G>(&sc);
    let json: Vec<(Seat, Value)> = typed
        .iter()
        .map(|(s, a)| (*s, serde_json::to_value(a).expect("an action writes")))
        .collect();
    let mut group = c.benchmark_group(G::INFO.id);
    group.bench_function("rules", |b| b.iter(|| rules::<G>(&sc, &typed)));
    group.bench_function("served", |b| b.iter(|| served::<G>(&sc, &json)));
    group.finish();
    if std::env::args().any(|a| a == "--bench") {
        let time = |f: &mut dyn FnMut()| {
            let start = Instant::now();
            let mut n = 0u32;
            while n < 3 || start.elapsed() < Duration::from_millis(700) {
                f();
                n += 1;
            }
            start.elapsed().as_secs_f64() / f64::from(n)
        };
        let r = time(&mut || {
            black_box(rules::<G>(&sc, &typed));
        });
        let s = time(&mut || {
            black_box(served::<G>(&sc, &json));
        });
        eprintln!(
            "{}: {} actions; rules {:.1} µs, served {:.1} µs per action: served / rules {:.2}×",
            G::INFO.id,
            typed.len(),
            r * 1e6 / typed.len() as f64,
            s * 1e6 / typed.len() as f64,
            s / r
        );
        let [count, apply, events, view] = phases::<G>(&sc, &json);
        eprintln!(
            "    served, step by step (µs): count {count:.1}, apply {apply:.1}, new events {events:.1}, status and view {view:.1}"
        );
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench::<LaunchFighters>(&mut c);
    bench::<Stratoyager>(&mut c);
    bench::<BlackSkies>(&mut c);
    bench::<Warfleets>(&mut c);
    bench::<Stgv2>(&mut c);
    c.final_summary();
}
