//! Self-play games and the duels between generations.

use crate::{io, TrainConfig, TrainError};
use orrery_agents::model::ValueModel;
use orrery_agents::{Agent, Budget, MctsAgent};
use orrery_core::{digest, Rng, Seat};
use orrery_core::{Game, Learning, SearchHints};
use std::ops::Range;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Positions of self-play: each a seat's observation and that seat's final result
/// (1 a sole win, ½ a shared win or a draw, 0 a loss).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Positions {
    /// Observation length.
    pub width: usize,
    /// `len() × width` numbers, position by position.
    pub observations: Vec<f32>,
    pub results: Vec<f32>,
    /// For a residual run (`TrainConfig::residual`), each position's evaluation logit
    /// the network corrects ([`orrery_agents::model::residual_base`]); else empty.
    pub bases: Vec<f32>,
    /// Games these positions come from, and of them the decided ones.
    pub games: usize,
    pub decided: usize,
}

const MAGIC: &[u8; 8] = b"ORRPOS01";
/// A positions file with a base for each position after the results.
const MAGIC_BASES: &[u8; 8] = b"ORRPOS02";

impl Positions {
    pub fn len(&self) -> usize {
        self.results.len()
    }

    pub fn is_empty(&self) -> bool {
        self.results.is_empty()
    }

    /// Position `i`'s evaluation logit (0 without bases).
    pub fn base(&self, i: usize) -> f32 {
        self.bases.get(i).copied().unwrap_or(0.0)
    }

    /// Position `i`'s observation.
    pub fn observation(&self, i: usize) -> &[f32] {
        &self.observations[i * self.width..(i + 1) * self.width]
    }

    /// `other` after these (the same width, or either empty).
    /// Append `other`'s positions (a later range of games). Positions of another
    /// width (another scenario's observation) are refused.
    pub fn append(&mut self, other: Positions) -> Result<(), TrainError> {
        // Either every position has its base, or none has (empty parts join either).
        let partial = self.bases.len() != self.len() || other.bases.len() != other.len();
        if partial && !(self.bases.is_empty() && other.bases.is_empty()) {
            return Err(TrainError::Config(
                "positions with and without evaluation bases cannot join".into(),
            ));
        }
        if other.is_empty() && other.width == 0 {
            self.games += other.games;
            self.decided += other.decided;
            return Ok(());
        }
        if self.width == 0 && self.is_empty() {
            self.width = other.width;
        } else if other.width != self.width {
            return Err(TrainError::Config(format!(
                "positions of width {} cannot join positions of width {}",
                other.width, self.width
            )));
        }
        self.observations.extend(other.observations);
        self.results.extend(other.results);
        self.bases.extend(other.bases);
        self.games += other.games;
        self.decided += other.decided;
        Ok(())
    }

    /// The bytes of a positions file: `ORRPOS01`, then width, count, games, decided
    /// as little-endian `u64`, then the observations and the results as `f32`; with
    /// bases (a residual run), `ORRPOS02` and the bases after the results.
    pub fn to_bytes(&self) -> Vec<u8> {
        let with_bases = !self.is_empty() && self.bases.len() == self.len();
        let mut out = Vec::with_capacity(40 + 4 * (self.observations.len() + 2 * self.len()));
        out.extend_from_slice(if with_bases { MAGIC_BASES } else { MAGIC });
        for n in [self.width, self.len(), self.games, self.decided] {
            out.extend_from_slice(&(n as u64).to_le_bytes());
        }
        let bases: &[f32] = if with_bases { &self.bases } else { &[] };
        for v in self.observations.iter().chain(&self.results).chain(bases) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    pub fn from_bytes(bytes: &[u8], file: &str) -> Result<Self, TrainError> {
        let bad = |why: &str| TrainError::Io {
            path: file.to_string(),
            why: format!("not a positions file: {why}"),
        };
        if bytes.len() < 40 || (&bytes[..8] != MAGIC && &bytes[..8] != MAGIC_BASES) {
            return Err(bad("no ORRPOS01 or ORRPOS02 header"));
        }
        let with_bases = &bytes[..8] == MAGIC_BASES;
        let word = |k: usize| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&bytes[8 + 8 * k..16 + 8 * k]);
            u64::from_le_bytes(b) as usize
        };
        let (width, n, games, decided) = (word(0), word(1), word(2), word(3));
        let floats = width
            .checked_add(1 + usize::from(with_bases))
            .and_then(|w| w.checked_mul(n))
            .ok_or_else(|| bad("its counts overflow"))?;
        if floats.checked_mul(4).and_then(|b| b.checked_add(40)) != Some(bytes.len()) {
            return Err(bad("its length does not match its counts"));
        }
        if decided > games {
            return Err(bad("more games decided than played"));
        }
        let all: Vec<f32> = bytes[40..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let (obs, rest) = all.split_at(width * n);
        let (res, bases) = rest.split_at(n);
        Ok(Positions {
            width,
            observations: obs.to_vec(),
            results: res.to_vec(),
            bases: bases.to_vec(),
            games,
            decided,
        })
    }

    pub fn write(&self, path: &Path) -> Result<(), TrainError> {
        std::fs::write(path, self.to_bytes()).map_err(|e| io(path, e))
    }

    pub fn read(path: &Path) -> Result<Self, TrainError> {
        let bytes = std::fs::read(path).map_err(|e| io(path, e))?;
        Self::from_bytes(&bytes, &path.display().to_string())
    }
}

/// The seed of game `index` of `generation` (`what`: self-play or duel).
fn game_seed(seed: u64, what: &str, generation: usize, index: usize) -> u64 {
    digest(&(seed, what, generation as u64, index as u64))
}

/// Run `play(i)` for every `i` of `range` on `threads` workers; the results in index
/// order (so they never depend on the number of workers). `tick(done)` after each.
fn parallel<T: Send>(
    range: Range<usize>,
    threads: usize,
    play: &(dyn Fn(usize) -> T + Sync),
    tick: &(dyn Fn(usize) + Sync),
) -> Vec<T> {
    let n = range.len();
    let slots: Vec<Mutex<Option<T>>> = (0..n).map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, n.max(1)) {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= n {
                    break;
                }
                let out = play(range.start + k);
                *slots[k].lock().unwrap_or_else(|e| e.into_inner()) = Some(out);
                tick(done.fetch_add(1, Ordering::Relaxed) + 1);
            });
        }
    });
    slots
        .into_iter()
        .filter_map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect()
}

/// A search agent of the run's budget, judging with `model` (or, without one, with
/// the ruleset's evaluation: plain MCTS).
fn searcher(seed: u64, cfg: &TrainConfig, model: Option<&Arc<ValueModel>>) -> MctsAgent {
    let config = orrery_agents::MctsConfig {
        model_weight: cfg.value_weight,
        ..Default::default()
    };
    let a = MctsAgent::new(seed)
        .with_budget(Budget::iterations(cfg.iterations))
        .with_config(config);
    match model {
        Some(m) => a.with_model(m.clone()),
        None => a,
    }
}

/// What each seat learns from a finished game: its result, except that an undecided
/// game teaches each seat its standing by the evaluation when the run asks
/// ([`TrainConfig::draws_by_evaluation`]); and whether the game was decided.
fn targets<G: Game + SearchHints + Learning>(game: &G, cfg: &TrainConfig) -> (Vec<f32>, bool) {
    let (r, decided) = results(game);
    // Undecided: no outcome (cut), or every seat a winner or none (a draw). A shared
    // win of some seats over others keeps its results (the losers lost).
    let seats = usize::from(game.seats());
    let drawn = game
        .outcome()
        .is_none_or(|o| o.winners.is_empty() || o.winners.len() == seats);
    if decided || !drawn || !cfg.draws_by_evaluation {
        return (r, decided);
    }
    let judged = Seat::all(game.seats())
        .zip(&r)
        .map(|(s, &half)| orrery_agents::evaluation_reward(game, s).map_or(half, |v| v as f32))
        .collect();
    (judged, decided)
}

/// Each seat's result of a finished game (½ each for a game cut short).
fn results<G: Game + SearchHints + Learning>(game: &G) -> (Vec<f32>, bool) {
    let seats = usize::from(game.seats());
    match game.outcome() {
        Some(o) => {
            let w = o.winners.len();
            let r = (0..seats)
                .map(|s| {
                    if !o.winners.contains(&Seat(s as u8)) {
                        0.0
                    } else if w == 1 {
                        1.0
                    } else {
                        0.5
                    }
                })
                .collect();
            (r, w == 1)
        }
        None => (vec![0.5; seats], false),
    }
}

/// One self-play game: every seat's observation at every decision, with the seat's
/// final result.
fn one_game<G: Game + SearchHints + Learning>(
    scenario: &G::Scenario,
    cfg: &TrainConfig,
    model: Option<&Arc<ValueModel>>,
    seed: u64,
) -> Positions {
    let Ok(mut game) = G::setup(scenario, seed) else {
        return Positions::default();
    };
    let seats = game.seats();
    let mut agents: Vec<MctsAgent> = (0..seats)
        .map(|s| searcher(digest(&(seed, s)), cfg, model))
        .collect();
    let mut rng = Rng::seed_from(seed ^ 0x5e1f_91a7);
    // Each seat's observation at every decision, its evaluation logit in a residual
    // run, and for the seat that decided by searching, the search's estimate.
    let mut seen: Vec<Seen> = Vec::new();
    let mut width = 0;
    for _ in 0..cfg.max_actions {
        let to_move = game.to_move();
        let Some(&seat) = to_move.first() else { break };
        let first = seen.len();
        for s in Seat::all(seats) {
            let observation = orrery_core::learn::observation(&game, s);
            width = observation.len();
            seen.push(Seen {
                seat: s,
                observation,
                base: cfg
                    .residual
                    .then(|| orrery_agents::model::residual_base(&game, s)),
                estimate: None,
            });
        }
        let explore = rng.index(1_000_000) < (cfg.explore * 1_000_000.0) as usize;
        let action = if explore {
            let mut search = game.search_actions(seat);
            (!search.is_empty()).then(|| search.swap_remove(rng.index(search.len())))
        } else {
            let agent = &mut agents[seat.index()];
            let action = agent.choose(&game, seat);
            // Only a decision that searched has an estimate (one with a single
            // search action answers at once).
            if let Some(stats) = agent.last_stats() {
                if let Some(entry) = seen.get_mut(first + seat.index()) {
                    entry.estimate = Some(stats.value as f32);
                }
            }
            action
        };
        let Some(action) = action.or_else(|| game.default_action(seat)) else {
            break;
        };
        if game.apply(seat, &action).is_err() {
            break;
        }
    }
    let (result, decided) = targets(&game, cfg);
    let mut p = Positions {
        width,
        games: 1,
        decided: usize::from(decided),
        ..Positions::default()
    };
    let lambda = cfg.search_value as f32;
    for s in seen {
        p.observations.extend(s.observation);
        p.bases.extend(s.base);
        let r = result[s.seat.index()];
        p.results.push(match s.estimate {
            Some(v) if lambda > 0.0 => (1.0 - lambda) * r + lambda * v,
            _ => r,
        });
    }
    p
}

/// One seat's position at one decision of a self-play game.
struct Seen {
    seat: Seat,
    observation: Vec<f32>,
    /// Its evaluation logit (a residual run only).
    base: Option<f32>,
    /// The search's estimate of its chance, when this seat decided by searching.
    estimate: Option<f32>,
}

/// Self-play games `range` of `generation` with `model` judging the search (`None`:
/// the ruleset's evaluation), on `threads` workers; their positions in game order.
/// Game `i` depends only on the run's seed, the generation, `i` and the model, so
/// parts played anywhere and appended in order equal the whole.
pub fn self_play<G: Game + SearchHints + Learning>(
    scenario: &G::Scenario,
    cfg: &TrainConfig,
    model: Option<Arc<ValueModel>>,
    generation: usize,
    range: Range<usize>,
    threads: usize,
    tick: &(dyn Fn(usize) + Sync),
) -> Positions {
    let games = parallel(
        range,
        threads,
        &|i| {
            one_game::<G>(
                scenario,
                cfg,
                model.as_ref(),
                game_seed(cfg.seed, "self-play", generation, i),
            )
        },
        tick,
    );
    let mut all = Positions::default();
    for g in games {
        // One scenario's games all observe the same width (`Learning::observe` writes a
        // fixed length), so this never refuses; a game that did would be left out.
        let _ = all.append(g);
    }
    all
}

/// The score (0..1, a draw ½) of `new` against `old` (`None`: the ruleset's own
/// evaluation) over the run's duel games, seats swapped game by game: in game `i` the
/// new model holds seat `i mod seats`, the old one the others.
pub fn duel<G: Game + SearchHints + Learning>(
    scenario: &G::Scenario,
    cfg: &TrainConfig,
    new: Arc<ValueModel>,
    old: Option<Arc<ValueModel>>,
    generation: usize,
    threads: usize,
    tick: &(dyn Fn(usize) + Sync),
) -> f64 {
    let scores = parallel(
        0..cfg.duel_games,
        threads,
        &|i| {
            let seed = game_seed(cfg.seed, "duel", generation, i);
            let Ok(mut game) = G::setup(scenario, seed) else {
                return 0.5;
            };
            let seats = game.seats();
            let mine = Seat((i % usize::from(seats)) as u8);
            let mut agents: Vec<MctsAgent> = Seat::all(seats)
                .map(|s| {
                    let m = if s == mine { Some(&new) } else { old.as_ref() };
                    searcher(digest(&(seed, s.0)), cfg, m)
                })
                .collect();
            for _ in 0..cfg.max_actions {
                let Some(&seat) = game.to_move().first() else {
                    break;
                };
                let Some(a) = agents[seat.index()]
                    .choose(&game, seat)
                    .or_else(|| game.default_action(seat))
                else {
                    break;
                };
                if game.apply(seat, &a).is_err() {
                    break;
                }
            }
            f64::from(results(&game).0[mine.index()])
        },
        tick,
    );
    if scores.is_empty() {
        return 0.5;
    }
    scores.iter().sum::<f64>() / scores.len() as f64
}
