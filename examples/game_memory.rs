//! Heap bytes one game holds in memory, per ruleset and scenario, as the server holds
//! it (a fresh game, its view and status written once, undo off), counted by a
//! counting allocator; and one played for up to 200 actions, as a server holds it
//! once it has gone quiet (one undo kept, [`DynGame::compact`](orrery_protocol::DynGame::compact)
//! done). `cargo run --release --example game_memory`.

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
    if std::env::args().nth(1).as_deref() == Some("--steps") {
        let mut g = registry
            .new_game("black-skies", ScenarioSpec::Named("duel".into()), 1)
            .unwrap();
        g.set_undo_depth(1);
        for _ in 0..8 {
            let Some(&seat) = g.to_move().first() else {
                break;
            };
            let m0 = LIVE.load(Ordering::Relaxed);
            let legal = g.legal(seat);
            let a = legal[0].clone();
            drop(legal);
            let m1 = LIVE.load(Ordering::Relaxed);
            g.apply(seat, &a).unwrap();
            let m2 = LIVE.load(Ordering::Relaxed);
            let _ = g.seat_status_and_view(Some(Seat(0)));
            let m3 = LIVE.load(Ordering::Relaxed);
            println!(
                "legal {} apply {} view {}  action {}",
                m1 - m0,
                m2 - m1,
                m3 - m2,
                a
            );
        }
        return;
    }
    let cases = [
        ("launch-fighters", "duel"),
        ("stratoyager", "pilot-episode"),
        ("black-skies", "duel"),
        ("warfleets", "skirmish"),
        ("stgv2", "outpost"),
        ("stgv2", "outpost-6"),
    ];
    for (ruleset, scenario) in cases {
        let n = 100;
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
        // As a server holds a game it has played: one undo kept, `PLAYED` actions
        // (or to its end) chosen by a fixed draw among the legal ones.
        let mut keep = Vec::new();
        let before = LIVE.load(Ordering::Relaxed);
        let mut actions = 0usize;
        for seed in 0..n {
            let mut g = registry
                .new_game(ruleset, ScenarioSpec::Named(scenario.into()), seed)
                .unwrap();
            g.set_undo_depth(1);
            let mut draw = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            for _ in 0..PLAYED {
                let Some(&seat) = g.to_move().first() else {
                    break;
                };
                let legal = g.legal(seat);
                if legal.is_empty() {
                    break;
                }
                draw = draw
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let a = legal[(draw >> 33) as usize % legal.len()].clone();
                drop(legal);
                g.apply(seat, &a).unwrap();
                actions += 1;
            }
            let _ = g.seat_status_and_view(Some(Seat(0)));
            // As the server holds a game gone quiet (5 s without a request).
            g.compact();
            keep.push(g);
        }
        let after = LIVE.load(Ordering::Relaxed);
        let g = &keep[0];
        let record_text = serde_json::to_string(&g.record().actions).unwrap().len();
        let (events, _) = g.events(None, 0);
        let events_text = serde_json::to_string(&events).unwrap().len();
        let state_text = g.state().to_string().len();
        println!(
            "    the first, as text: record's actions {record_text} bytes, {} events {events_text} bytes, state {state_text} bytes",
            events.len()
        );
        println!(
            "    played ({:.0} actions each, one undo kept, compacted): {:.1} KiB per game",
            actions as f64 / n as f64,
            (after - before) as f64 / n as f64 / 1024.0
        );
        drop(keep);
    }
}

/// Actions a "played" game has taken (fewer if it ends first).
const PLAYED: usize = 200;
