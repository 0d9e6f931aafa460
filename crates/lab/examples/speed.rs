//! How fast the engine plays (issue 26), per ruleset on its default scenario: a
//! random battle's time per decision (as `orrery sim --agents random`), MCTS
//! iterations per second and a heuristic decision, each also as a ratio to the fixed
//! reference workload measured in the same run (`orrery_lab::speed`).
//!
//! `cargo run --release -p orrery-lab --example speed [-- RULESET…] [--battles N] [--only random|mcts|heuristic]`

use orrery_core::FullGame;
use orrery_lab::speed;

struct Figures {
    battles: u64,
    /// `random`, `mcts` or `heuristic`: measure only that (for profiling).
    only: Option<String>,
}

impl Figures {
    fn with<G: FullGame>(&self) {
        let sc = &G::scenarios()[0];
        let reference = speed::reference(200);
        let run = |what: &str| self.only.as_deref().is_none_or(|o| o == what);
        let none = speed::Timed {
            count: 0,
            elapsed: std::time::Duration::ZERO,
        };
        let random = if run("random") {
            speed::random_battles::<G>(&sc.scenario, self.battles, 1).expect("battles")
        } else {
            none
        };
        let at = speed::positions::<G>(&sc.scenario, 1, 10, 7, 8).expect("positions");
        let mcts = if run("mcts") {
            speed::mcts::<G>(&at, 500)
        } else {
            none
        };
        let heuristic = if run("heuristic") {
            speed::heuristic::<G>(&at)
        } else {
            none
        };
        let reference2 = speed::reference(200);
        let r = (reference.elapsed + reference2.elapsed).as_secs_f64() / 2.0 / 200.0;
        println!(
            "{:16} {:14} random {:7.2} µs/decision ({:5.1} dec/battle, ratio {:.4})  mcts {:7.0} it/s (ratio {:.4})  heuristic {:8.3} ms (ratio {:.3})",
            G::INFO.id,
            sc.name,
            random.micros_each(),
            random.count as f64 / self.battles as f64,
            random.micros_each() / 1e6 / r,
            mcts.per_second(),
            1.0 / mcts.per_second() / r,
            heuristic.micros_each() / 1e3,
            heuristic.micros_each() / 1e6 / r,
        );
    }
}

fn main() {
    let mut battles = 500;
    let mut only = None;
    let mut ids = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--battles" => {
                battles = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--battles N")
            }
            "--only" => only = args.next(),
            "--bench" => {}
            _ => ids.push(a),
        }
    }
    if ids.is_empty() {
        ids = [
            "launch-fighters",
            "stratoyager",
            "black-skies",
            "warfleets",
            "stgv2",
        ]
        .map(String::from)
        .to_vec();
    }
    let f = Figures { battles, only };
    for id in ids {
        // The lab's own example names the rulesets (it cannot depend on the
        // registry, which sits above it); front ends use orrery_rulesets::dispatch.
        match id.as_str() {
            "launch-fighters" => f.with::<orrery_launch_fighters::LaunchFighters>(),
            "stratoyager" => f.with::<orrery_stratoyager::Stratoyager>(),
            "black-skies" => f.with::<orrery_black_skies::BlackSkies>(),
            "warfleets" => f.with::<orrery_warfleets::Warfleets>(),
            "stgv2" => f.with::<orrery_stgv2::Stgv2>(),
            _ => eprintln!("unknown ruleset {id}"),
        }
    }
}
