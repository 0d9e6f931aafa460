//! # orrery-lab
//!
//! The battle lab for game designers: pure computation, no terminal and no files.
//!
//! - [`play`]: one battle of agents, seeded exactly as `orrery battle` seeds it;
//! - [`run_batch`]: many battles on a thread pool of a chosen size, collected in
//!   battle order, so the results never depend on the number of threads;
//! - [`sim`]: win rates with Wilson intervals, scores, turns, unit survival and
//!   balance measures of a batch;
//! - [`calibrate`]: random mixed fleets at equal published points, and a logistic
//!   (Bradley–Terry) fit of the result against the difference in unit counts, turned
//!   into a fair value per unit type;
//! - [`fit`], [`stats`]: the logistic regression and the intervals underneath.
//!
//! Method and caveats: `docs/lab.md`.

pub mod calibrate;
pub mod elo;
pub mod fit;
pub mod ladder;
pub mod sim;
pub mod speed;
pub mod stats;

use orrery_agents::{by_name_with, Budget, AGENT_NAMES};
use orrery_core::{Game, Learning, SearchHints};
use orrery_core::{Seat, UnitFate};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::ops::Range;
use thiserror::Error;

/// More decisions than any sane battle takes; a battle still running then is
/// reported as an error (a ruleset or agent bug) instead of looping forever.
pub const DECISION_LIMIT: u64 = 2_000_000;

/// What can go wrong in the lab.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum LabError {
    #[error("unknown agent `{name}` (known agents: {})", AGENT_NAMES.join(", "))]
    UnknownAgent { name: String },
    #[error("{0}")]
    Input(String),
    #[error("battle with seed {seed}: {why}")]
    Battle { seed: u64, why: String },
    #[error("cannot start {jobs} worker threads: {why}")]
    Pool { jobs: usize, why: String },
    #[error("fit: {0}")]
    Fit(fit::FitError),
}

/// The base seed of a seat's agent: fixed by the battle seed and the seat (the same
/// convention as `orrery battle`).
pub fn seat_seed(seed: u64, seat: Seat) -> u64 {
    seed.wrapping_mul(1000).wrapping_add(u64::from(seat.0))
}

/// The seed of a seat's `n`th decision, mixed from the seat's base seed (SplitMix64),
/// as `orrery battle` and the engine protocol seed their agents.
pub fn decision_seed(base: u64, n: u64) -> u64 {
    let mut z = base ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Check that every name is an agent [`by_name_with`] builds.
pub fn check_agents<G: Game + SearchHints + Learning>(names: &[String]) -> Result<(), LabError> {
    if names.is_empty() {
        return Err(LabError::Input("at least one agent is needed".into()));
    }
    for name in names {
        if by_name_with::<G>(name, 0, Budget::default()).is_err() {
            return Err(LabError::UnknownAgent { name: name.clone() });
        }
    }
    Ok(())
}

/// One finished battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleRecord {
    /// Position in the batch (battle `i` has seed `base seed + i`).
    pub index: usize,
    pub seed: u64,
    /// The agent in each seat.
    pub agents: Vec<String>,
    /// The winning seats (all seats, or none, is a draw).
    pub winners: Vec<u8>,
    pub scores: Vec<f64>,
    /// The turn the game ended on ([`Game::progress`]).
    pub turns: u32,
    /// Why it ended, in the ruleset's words ([`orrery_core::Outcome::reason`]).
    pub reason: String,
    /// Decisions made by all seats.
    pub decisions: u64,
    /// What became of every unit ([`Game::unit_fates`]).
    pub fates: Vec<UnitFate>,
}

impl BattleRecord {
    /// No seat won, or every seat did.
    pub fn is_draw(&self) -> bool {
        self.winners.is_empty() || self.winners.len() == self.scores.len()
    }
}

/// Play one battle of `scenario` with set-up seed `seed`, `agents[s]` in seat `s`
/// (cycled if shorter). Seat `s`'s `n`th decision is made by a fresh agent seeded
/// with `decision_seed(seat_seed(seed, s), n)`, exactly as `orrery battle --seed
/// SEED` does, so any battle of a batch can be replayed and narrated there.
pub fn play<G: Game + SearchHints + Learning>(
    scenario: &G::Scenario,
    seed: u64,
    agents: &[String],
    budget: Budget,
) -> Result<BattleRecord, LabError> {
    play_indexed::<G>(scenario, 0, seed, agents, budget)
}

fn play_indexed<G: Game + SearchHints + Learning>(
    scenario: &G::Scenario,
    index: usize,
    seed: u64,
    agents: &[String],
    budget: Budget,
) -> Result<BattleRecord, LabError> {
    let fail = |why: String| LabError::Battle { seed, why };
    if agents.is_empty() {
        return Err(LabError::Input("at least one agent is needed".into()));
    }
    let mut game = G::setup(scenario, seed).map_err(|e| fail(format!("set-up: {e}")))?;
    let seats = usize::from(game.seats());
    let names: Vec<String> = (0..seats)
        .map(|s| agents[s % agents.len()].clone())
        .collect();
    let mut made = vec![0u64; seats];
    let mut decisions = 0u64;
    while !game.is_terminal() {
        let to_move = game.to_move();
        if to_move.is_empty() {
            return Err(fail("the game is not over but nobody is to move".into()));
        }
        for seat in to_move {
            let i = seat.index();
            let (Some(name), Some(n)) = (names.get(i), made.get_mut(i)) else {
                return Err(fail(format!("seat {seat} does not exist")));
            };
            let s = decision_seed(seat_seed(seed, seat), *n);
            *n += 1;
            let mut agent = by_name_with::<G>(name, s, budget.clone())
                .map_err(|_| LabError::UnknownAgent { name: name.clone() })?;
            let action = agent
                .choose(&game, seat)
                .ok_or_else(|| fail(format!("agent `{name}` found no action for seat {seat}")))?;
            game.apply(seat, &action)
                .map_err(|e| fail(format!("agent `{name}` for seat {seat}: refused: {e}")))?;
            decisions += 1;
        }
        if decisions > DECISION_LIMIT {
            return Err(fail(format!("not over after {DECISION_LIMIT} decisions")));
        }
    }
    let outcome = game
        .outcome()
        .ok_or_else(|| fail("over without an outcome".into()))?;
    Ok(BattleRecord {
        index,
        seed,
        agents: names,
        winners: outcome.winners.iter().map(|s| s.0).collect(),
        scores: outcome.scores,
        reason: outcome.reason,
        turns: game.progress().turn,
        decisions,
        fates: game.unit_fates(),
    })
}

/// Run `f(0), …, f(n − 1)` on a pool of `jobs` threads (0 = one per core) and return
/// the results in index order: what each call returns never depends on `jobs`.
/// `tick` is called once after each call finishes (for progress bars).
pub fn run_batch<T, F>(
    n: usize,
    jobs: usize,
    tick: &(dyn Fn() + Sync),
    f: F,
) -> Result<Vec<T>, LabError>
where
    T: Send,
    F: Fn(usize) -> Result<T, LabError> + Sync,
{
    run_range(0..n, jobs, tick, f)
}

/// [`run_batch`] over the indices `range` only: a part of a batch split over
/// machines (each part's results are exactly those of the whole batch's indices).
pub fn run_range<T, F>(
    range: Range<usize>,
    jobs: usize,
    tick: &(dyn Fn() + Sync),
    f: F,
) -> Result<Vec<T>, LabError>
where
    T: Send,
    F: Fn(usize) -> Result<T, LabError> + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| LabError::Pool {
            jobs,
            why: e.to_string(),
        })?;
    pool.install(|| {
        range
            .into_par_iter()
            .with_max_len(1)
            .map(|i| {
                let r = f(i);
                tick();
                r
            })
            .collect()
    })
}

/// The agent for each seat of battle `index`: `agents` cycled over the seats, and
/// with `rotate`, shifted by `index` so that each agent takes every seat equally
/// often (for two seats: every other battle swaps them).
pub fn seat_agents(agents: &[String], seats: usize, index: usize, rotate: bool) -> Vec<String> {
    if agents.is_empty() || seats == 0 {
        return Vec::new();
    }
    let shift = if rotate { index % seats } else { 0 };
    (0..seats)
        .map(|s| agents[(s + shift) % seats % agents.len()].clone())
        .collect()
}

/// Play battles `0..n` of `scenario`: battle `i` has seed `seed + i` and the agents
/// of [`seat_agents`]`(agents, seats, i, rotate)`.
#[allow(clippy::too_many_arguments)]
pub fn play_batch<G: Game + SearchHints + Learning>(
    scenario: &G::Scenario,
    seed: u64,
    n: usize,
    agents: &[String],
    rotate: bool,
    budget: Budget,
    jobs: usize,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<BattleRecord>, LabError> {
    play_range::<G>(scenario, seed, 0..n, agents, rotate, budget, jobs, tick)
}

/// Battles `range` of the batch [`play_batch`] plays (a part of it, for a cluster).
#[allow(clippy::too_many_arguments)]
pub fn play_range<G: Game + SearchHints + Learning>(
    scenario: &G::Scenario,
    seed: u64,
    range: Range<usize>,
    agents: &[String],
    rotate: bool,
    budget: Budget,
    jobs: usize,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<BattleRecord>, LabError> {
    check_agents::<G>(agents)?;
    let seats = seats_of::<G>(scenario, seed)?;
    run_range(range, jobs, tick, |i| {
        let s = seed.wrapping_add(i as u64);
        let names = seat_agents(agents, seats, i, rotate);
        play_indexed::<G>(scenario, i, s, &names, budget.clone())
    })
}

/// The number of seats of `scenario` (set up once with `seed` to find out).
pub fn seats_of<G: Game + SearchHints + Learning>(
    scenario: &G::Scenario,
    seed: u64,
) -> Result<usize, LabError> {
    let game = G::setup(scenario, seed).map_err(|e| LabError::Battle {
        seed,
        why: format!("set-up: {e}"),
    })?;
    Ok(usize::from(game.seats()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use orrery_core::toy::SealedBids;
    use orrery_core::Game;

    fn scenario() -> <SealedBids as Game>::Scenario {
        SealedBids::scenarios().remove(0).scenario
    }

    #[test]
    fn rotation_swaps_two_seats() {
        let a = vec!["random".to_string(), "greedy".to_string()];
        assert_eq!(seat_agents(&a, 2, 0, true), ["random", "greedy"]);
        assert_eq!(seat_agents(&a, 2, 1, true), ["greedy", "random"]);
        assert_eq!(seat_agents(&a, 2, 1, false), ["random", "greedy"]);
        let one = vec!["random".to_string()];
        assert_eq!(seat_agents(&one, 3, 2, true), ["random"; 3]);
    }

    #[test]
    fn batch_is_the_same_on_any_pool() {
        let agents = vec!["random".to_string(), "greedy".to_string()];
        let s = scenario();
        let play = |jobs| {
            play_batch::<SealedBids>(&s, 5, 40, &agents, true, Budget::default(), jobs, &|| {})
                .unwrap()
        };
        let one = play(1);
        assert_eq!(one.len(), 40);
        assert_eq!(one, play(2));
        assert_eq!(one, play(3));
        assert!(one.iter().enumerate().all(|(i, r)| r.index == i));
    }

    #[test]
    fn unknown_agent_is_an_error() {
        let err = play_batch::<SealedBids>(
            &scenario(),
            1,
            3,
            &["oracle".to_string()],
            true,
            Budget::default(),
            1,
            &|| {},
        )
        .unwrap_err();
        assert!(err.to_string().contains("unknown agent `oracle`"), "{err}");
    }
}
