//! Heap bytes one game holds in memory, per ruleset and scenario, as the server holds
//! it (a fresh game, its view and status written once, undo off), counted by a
//! counting allocator. `cargo run --release --example game_memory`.

use orrery_core::Seat;
use orrery_protocol::ScenarioSpec;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

struct Counting;
static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size() as isize, Ordering::Relaxed);
        System.alloc(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size() as isize, Ordering::Relaxed);
        System.dealloc(p, l)
    }
}

#[global_allocator]
static A: Counting = Counting;

fn main() {
    let registry = orrery_rulesets::registry();
    let cases = [
        ("launch-fighters", "duel"),
        ("stratoyager", "pilot-episode"),
        ("black-skies", "duel"),
        ("warfleets", "skirmish"),
        ("stgv2", "outpost"),
        ("stgv2", "outpost-6"),
    ];
    for (ruleset, scenario) in cases {
        let n = 200;
        let mut keep = Vec::new();
        let before = LIVE.load(Ordering::Relaxed);
        for seed in 0..n {
            let mut g = registry
                .new_game(ruleset, ScenarioSpec::Named(scenario.into()), seed)
                .unwrap();
            g.set_undo_depth(0);
            let _ = g.seat_status_and_view(Some(Seat(0)));
            keep.push(g);
        }
        let after = LIVE.load(Ordering::Relaxed);
        println!(
            "{ruleset} {scenario}: {:.1} KiB per game",
            (after - before) as f64 / n as f64 / 1024.0
        );
        let before = LIVE.load(Ordering::Relaxed);
        let copy = keep[0].record().scenario.clone();
        let after = LIVE.load(Ordering::Relaxed);
        println!(
            "    its record's scenario, a JSON tree: {:.1} KiB ({} bytes as text)",
            (after - before) as f64 / 1024.0,
            copy.to_string().len()
        );
        drop(keep);
    }
}
