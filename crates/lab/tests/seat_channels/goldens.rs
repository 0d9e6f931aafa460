//! Golden fingerprints of every shipped scenario (issue 39): what the rules, the
//! texts, the learning hooks and the agents tell every seat over random games, pinned
//! before the house is restructured, so that a redesign provably changes nothing a
//! user sees. A change meant to be seen refreshes them on purpose:
//!
//! ```sh
//! ORRERY_BLESS=1 cargo test --release -p orrery-lab --test seat_channels goldens
//! ```
//!
//! and the diff of `tests/goldens.txt` names each scenario whose behaviour moved.

use orrery_agents::conformance_channels;
use orrery_core::conformance::{fingerprint, Golden};
use orrery_core::{FullGame, Game};
use std::collections::BTreeMap;

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/goldens.txt");
const SEEDS: u64 = 2;

/// `ruleset scenario seed` → fingerprint, for every scenario of `G`.
fn prints<G: FullGame>(out: &mut BTreeMap<String, String>) {
    let channels = conformance_channels::<G>();
    let golden = Golden::default();
    for s in G::scenarios() {
        for seed in 0..SEEDS {
            let h = fingerprint::<G>(&s.scenario, seed, &golden, &channels);
            out.insert(
                format!("{} {} {seed}", G::INFO.id, s.name),
                format!("{h:016x}"),
            );
        }
    }
}

fn read() -> BTreeMap<String, String> {
    std::fs::read_to_string(FILE)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.rsplit_once(' '))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Compare `now` (every scenario of ruleset `id`) with the pinned lines of `id`; with
/// `ORRERY_BLESS` set, replace that ruleset's lines instead (a scenario removed or
/// renamed leaves no stale line behind).
fn compare(id: &str, now: BTreeMap<String, String>) {
    let mine = |k: &String| k.split(' ').next() == Some(id);
    if std::env::var("ORRERY_BLESS").is_ok_and(|v| !v.is_empty() && v != "0") {
        // The tests run in parallel: one writer at a time.
        static WRITING: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let _one = WRITING.lock().unwrap_or_else(|e| e.into_inner());
        let mut all = read();
        all.retain(|k, _| !mine(k));
        all.extend(now);
        let mut text = String::from(
            "# Golden fingerprints: ruleset scenario seed fingerprint (crates/lab/tests/seat_channels/goldens.rs).\n\
             # Refresh only for a change meant to be seen: ORRERY_BLESS=1 cargo test --release -p orrery-lab --test seat_channels goldens\n",
        );
        for (k, v) in &all {
            text.push_str(&format!("{k} {v}\n"));
        }
        std::fs::write(FILE, text).expect("write the goldens");
        return;
    }
    let pinned = read();
    let mut moved = Vec::new();
    for (k, v) in &now {
        match pinned.get(k) {
            Some(p) if p == v => {}
            Some(p) => moved.push(format!("{k}: pinned {p}, now {v}")),
            None => moved.push(format!("{k}: not pinned (now {v}); bless it on purpose")),
        }
    }
    for k in pinned.keys().filter(|k| mine(k) && !now.contains_key(*k)) {
        moved.push(format!("{k}: pinned, but no such scenario is played now"));
    }
    assert!(
        moved.is_empty(),
        "what a user sees changed (or a scenario is new):\n  {}\nIf the change is meant, refresh with ORRERY_BLESS=1 (see the file's head).",
        moved.join("\n  ")
    );
}

fn check<G: FullGame>() {
    let mut now = BTreeMap::new();
    prints::<G>(&mut now);
    assert!(!now.is_empty());
    compare(G::INFO.id, now);
}

#[test]
fn launch_fighters_is_as_pinned() {
    check::<orrery_launch_fighters::LaunchFighters>();
}

#[test]
fn stratoyager_is_as_pinned() {
    check::<orrery_stratoyager::Stratoyager>();
}

#[test]
fn black_skies_is_as_pinned() {
    check::<orrery_black_skies::BlackSkies>();
}

#[test]
fn warfleets_is_as_pinned() {
    check::<orrery_warfleets::Warfleets>();
}

#[test]
fn stgv2_is_as_pinned() {
    check::<orrery_stgv2::Stgv2>();
}

#[test]
fn the_toy_games_are_as_pinned() {
    check::<orrery_core::toy::SealedBids>();
    check::<orrery_core::toy::TakeAway>();
}

/// The fingerprint is not blind: a different game (another seed) prints differently,
/// and the same game prints the same twice.
#[test]
fn a_fingerprint_tells_games_apart_and_repeats_itself() {
    type G = orrery_launch_fighters::LaunchFighters;
    let s = &G::scenarios()[0].scenario;
    let golden = Golden {
        max_steps: 40,
        deep_every: 5,
    };
    let a = fingerprint::<G>(s, 1, &golden, &[]);
    assert_eq!(a, fingerprint::<G>(s, 1, &golden, &[]));
    assert_ne!(a, fingerprint::<G>(s, 2, &golden, &[]));
    let shorter = Golden {
        max_steps: 39,
        ..golden
    };
    assert_ne!(a, fingerprint::<G>(s, 1, &shorter, &[]));
}
