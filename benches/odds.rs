//! Latency of exact odds: each `orrery odds …` case (the computation only, not the
//! process start), plus the largest inputs the CLI accepts. Target: under 1 ms each.
//!
//! At the end (only under `cargo bench`) it prints a summary table measured in the
//! same run. Run: `cargo bench --bench odds`.

use criterion::{black_box, Criterion};
use orrery_launch_fighters::odds as lf;
use orrery_stratoyager::odds as sy;
use orrery_stratoyager::Band;
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

/// One case: its name and the computation.
type Case = (&'static str, Box<dyn Fn()>);

/// The cases.
fn cases() -> Vec<Case> {
    vec![
        (
            "lf barrage --dice 3 --defense 4",
            Box::new(|| {
                black_box(lf::barrage(black_box(3), 0, lf::Defense::Ship(4)));
            }),
        ),
        (
            "lf barrage --dice 6 --squadron --moon",
            Box::new(|| {
                black_box(lf::barrage(black_box(6), -1, lf::Defense::Squadron));
            }),
        ),
        (
            "lf barrage --dice 255 --squadron (max)",
            Box::new(|| {
                black_box(lf::barrage(black_box(255), 0, lf::Defense::Squadron));
            }),
        ),
        (
            "lf dogfight",
            Box::new(|| {
                black_box(lf::dogfight(black_box(false), false));
            }),
        ),
        (
            "sy attack close tht 5 dmg 2 (no re-roll)",
            Box::new(|| {
                let s = shot(Band::Close, black_box(5), false, 2);
                black_box(sy::attack(&[s], &target(4, 1, 3, false)));
            }),
        ),
        (
            "sy attack point-blank --linked dmg 6 RI aft",
            Box::new(|| {
                let s = shot(Band::PointBlank, black_box(6), true, 6);
                black_box(sy::attack(&[s], &target(5, 3, 5, true)));
            }),
        ),
        (
            "sy attack extreme --linked dmg 255 (max)",
            Box::new(|| {
                let s = shot(Band::Extreme, black_box(3), true, 255);
                black_box(sy::attack(&[s], &target(4, 3, 5, false)));
            }),
        ),
        (
            "sy hull-stress --dice 5",
            Box::new(|| {
                black_box(sy::hull_stress(black_box(5), 4));
            }),
        ),
        (
            "sy hull-stress --dice 255 --fail-on 3 (max)",
            Box::new(|| {
                black_box(sy::hull_stress(black_box(255), 3));
            }),
        ),
    ]
}

/// Mean time of `f` over at least `budget`.
fn average(budget: Duration, f: &dyn Fn()) -> Duration {
    let start = Instant::now();
    let mut n = 0u32;
    while start.elapsed() < budget || n < 10 {
        f();
        n += 1;
    }
    start.elapsed() / n
}

fn main() {
    let cases = cases();
    let mut c = Criterion::default().configure_from_args();
    {
        let mut g = c.benchmark_group("odds");
        for (name, f) in &cases {
            g.bench_function(*name, |b| b.iter(f));
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
    for (name, f) in &cases {
        let t = average(Duration::from_millis(300), f.as_ref());
        let ok = if t < Duration::from_millis(1) {
            "ok"
        } else {
            "SLOW"
        };
        eprintln!("  {name:<46} {:>12.2?}  {ok}", t);
    }
}
