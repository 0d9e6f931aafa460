//! How fast the engine plays (issue 26): random battles per decision, MCTS iterations
//! per second and a heuristic decision, each on a ruleset's scenario, plus a fixed
//! **reference workload** to divide them by, so a figure recorded on one machine can
//! be compared on another (the regression guard, `tests/speed_guard.rs`, compares
//! ratios measured in one run; `cargo run --release --example speed` prints them).
//!
//! The workloads are the same work `orrery sim` and the agents do: a random battle is
//! [`crate::play`] with the `random` agent (a fresh agent per decision, seeded as the
//! lab seeds it), and MCTS and the heuristic decide at positions reached by random
//! play ([`positions`]).

use crate::{play, LabError};
use orrery_agents::{Agent, Budget, HeuristicAgent, MctsAgent};
use orrery_core::{Game, Learning, SearchHints};
use orrery_core::{Rng, Seat};
use std::hint::black_box;
use std::time::Duration;

/// A clock of the CPU time this thread has used: on a loaded machine wall time counts
/// the time other processes held the core, CPU time does not.
#[derive(Clone, Copy, Debug)]
pub struct CpuClock(Duration);

impl CpuClock {
    pub fn now() -> Self {
        CpuClock(thread_cpu_time())
    }

    /// CPU time used by this thread since `self`.
    pub fn elapsed(&self) -> Duration {
        thread_cpu_time().saturating_sub(self.0)
    }
}

#[cfg(unix)]
fn thread_cpu_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec; the clock id is a constant.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    if ok {
        Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
    } else {
        wall_since_start()
    }
}

#[cfg(not(unix))]
fn thread_cpu_time() -> Duration {
    wall_since_start()
}

/// Where the thread's CPU clock cannot be read: wall time since the first call.
fn wall_since_start() -> Duration {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}

/// Random battles: decisions made and the time they took.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timed {
    pub count: u64,
    pub elapsed: Duration,
}

impl Timed {
    /// Microseconds per counted item.
    pub fn micros_each(&self) -> f64 {
        self.elapsed.as_secs_f64() * 1e6 / (self.count.max(1) as f64)
    }

    /// Items per second.
    pub fn per_second(&self) -> f64 {
        self.count as f64 / self.elapsed.as_secs_f64().max(f64::MIN_POSITIVE)
    }
}

/// Play `battles` random battles of `scenario` (seeds `seed`, `seed + 1`, …) exactly
/// as `orrery sim --agents random` does, and count their decisions.
pub fn random_battles<G: Game + SearchHints + Learning>(
    scenario: &G::Scenario,
    battles: u64,
    seed: u64,
) -> Result<Timed, LabError> {
    let agents = ["random".to_string()];
    let start = CpuClock::now();
    let mut count = 0;
    for i in 0..battles {
        count += play::<G>(scenario, seed + i, &agents, Budget::default())?.decisions;
    }
    Ok(Timed {
        count,
        elapsed: start.elapsed(),
    })
}

/// Up to `n` positions for a searching agent: along random games of `scenario`
/// (set-up seeds `seed`, `seed + 1`, …), after `skip` random actions, every
/// `every`-th decision point where the seat to decide has at least two search
/// actions. Each comes with the seat to decide (the last of those to move).
pub fn positions<G: Game + SearchHints + Learning>(
    scenario: &G::Scenario,
    seed: u64,
    skip: usize,
    every: usize,
    n: usize,
) -> Result<Vec<(G, Seat)>, LabError> {
    let mut out = Vec::new();
    let fail = |why: String| LabError::Battle { seed, why };
    for game_seed in seed..seed + 64 {
        let mut g = G::setup(scenario, game_seed).map_err(|e| fail(e.to_string()))?;
        let mut rng = Rng::seed_from(game_seed);
        let mut step = 0usize;
        while !g.is_terminal() && out.len() < n {
            let to_move = g.to_move();
            let Some(&seat) = to_move.last() else { break };
            if step >= skip
                && (step - skip).is_multiple_of(every.max(1))
                && g.search_actions(seat).len() >= 2
            {
                out.push((g.clone(), seat));
            }
            let first = to_move[0];
            let a = g
                .sample_action(first, &mut rng)
                .ok_or_else(|| fail(format!("seat {first} is to move but has no action")))?;
            g.apply(first, &a).map_err(|e| fail(e.to_string()))?;
            step += 1;
        }
        if out.len() >= n {
            break;
        }
    }
    Ok(out)
}

/// MCTS with a fixed budget of `iterations` per decision at each of `positions`:
/// iterations run and the time they took.
pub fn mcts<G: Game + SearchHints + Learning>(positions: &[(G, Seat)], iterations: u32) -> Timed {
    let start = CpuClock::now();
    let mut count = 0u64;
    for (i, (g, seat)) in positions.iter().enumerate() {
        let mut a = MctsAgent::new(i as u64).with_budget(Budget::iterations(iterations));
        black_box(Agent::<G>::choose(&mut a, g, *seat));
        count += a.last_stats().map_or(0, |s| u64::from(s.iterations));
    }
    Timed {
        count,
        elapsed: start.elapsed(),
    }
}

/// One heuristic decision at each of `positions`.
pub fn heuristic<G: Game + SearchHints + Learning>(positions: &[(G, Seat)]) -> Timed {
    let start = CpuClock::now();
    for (i, (g, seat)) in positions.iter().enumerate() {
        let mut a = HeuristicAgent::new(i as u64);
        black_box(Agent::<G>::choose(&mut a, g, *seat));
    }
    Timed {
        count: positions.len() as u64,
        elapsed: start.elapsed(),
    }
}

/// The reference workload: fixed work of the kind the rules do (small allocations,
/// clones, sorting, branching on data, hashing) written with the standard library
/// alone, so that no change to Orrery (its generator, its digest) touches it.
/// **Never change it**: the regression guard's recorded ratios are relative to it.
/// `rounds` scales it linearly; returns a value so the work is not optimised away.
pub fn reference_workload(rounds: u32) -> u64 {
    #[derive(Clone)]
    struct Unit {
        name: String,
        at: (i32, i32),
        hull: Vec<u8>,
    }
    // SplitMix64, private to the reference.
    let mut state = 0x5EEDu64;
    let mut next = move |n: u64| {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    };
    // FNV-1a over bytes, private to the reference.
    let fnv = |h: u64, bytes: &[u8]| {
        bytes.iter().fold(h, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
        })
    };
    let mut acc = 0u64;
    for _ in 0..rounds {
        let units: Vec<Unit> = (0..24)
            .map(|i| Unit {
                name: format!("unit {i}"),
                at: (next(30) as i32, next(30) as i32),
                hull: (0..6).map(|_| next(6) as u8).collect(),
            })
            .collect();
        for _ in 0..8 {
            let mut copy = units.clone();
            copy.sort_by_key(|u| (u.at.0 - 15).abs() + (u.at.1 - 15).abs());
            let mut h = 0xcbf2_9ce4_8422_2325u64;
            for u in &copy {
                h = fnv(h, u.name.as_bytes());
                h = fnv(h, &u.hull);
                if u.at.0 > u.at.1 {
                    h = fnv(h, &u.at.0.to_le_bytes());
                }
            }
            acc = acc.rotate_left(7) ^ h;
        }
    }
    black_box(acc)
}

/// Time `rounds` of [`reference_workload`].
pub fn reference(rounds: u32) -> Timed {
    let start = CpuClock::now();
    black_box(reference_workload(rounds));
    Timed {
        count: u64::from(rounds),
        elapsed: start.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_workload_is_fixed() {
        // Pinned: the guard's baseline is only meaningful while this work is the same.
        assert_eq!(reference_workload(3), reference_workload(3));
        assert_ne!(reference_workload(1), 0);
    }
}
